//! SVG pictures of a tiled MMA or a tiled copy (`--svg FILE`).
//!
//! A tiled MMA is drawn as CuTe's `print_svg` draws it (`cute/util/print_svg.hpp`,
//! `print_svg_mma`): 20-pixel cells, A left of C, B (transposed: K down, N across) above C, each
//! cell filled with its thread's colour and labelled `T<thread>` over `V<value>`: CuTe's elements
//! in CuTe's order, byte for byte, apart from the leading comments (CuTe prints the TV layouts as
//! `ArithTuple` tensors, we print them as layouts) and three additions: a white background, a
//! 2-unit margin (CuTe's page ends on the last cells' strokes, cutting them in half) and the grids'
//! names in bold in their empty corners. CuTe has no `print_svg` for a `TiledCopy`; its
//! SVG here is `print_latex_copy`'s picture in `print_svg`'s style: S on the left, D on the right.

use std::fmt::Write as _;

use super::RenderError;
use super::tv::{TvGrid, TvKind, TvPicture, thread_color};
use crate::eval::Value;

/// Pixels per cell, as in CuTe.
const CELL: i64 = 20;

/// The SVG of a value with a TV picture (see [`super::tv::picture`]), with a final newline.
pub fn render(v: &Value) -> Result<String, RenderError> {
    match super::tv::picture(v) {
        Some(p) => Ok(picture_svg(&p?)),
        None => Err(RenderError::new(format!(
            "--svg draws a tiled MMA, an MMA atom or a tiled copy, not {}",
            v.kind()
        ))),
    }
}

/// The SVG of a picture, with a final newline.
pub fn picture_svg(p: &TvPicture) -> String {
    match p.kind {
        TvKind::Mma => mma_svg(p),
        TvKind::Copy => copy_svg(p),
    }
}

fn rgb(tid: i64) -> String {
    let (r, g, b) = thread_color(tid);
    format!("{r},{g},{b}")
}

/// Units of white margin around CuTe's page, so that the strokes on its right and bottom edges
/// are not cut in half.
const MARGIN: i64 = 2;

/// The `<svg>` element of a `width × height` page (CuTe's), with a white background (CuTe's is
/// transparent, which turns black labels invisible on a dark page).
fn header(out: &mut String, width: i64, height: i64) {
    let (x, w, h) = (-MARGIN, width + 2 * MARGIN, height + 2 * MARGIN);
    let _ = writeln!(
        out,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"{x} {x} {w} {h}\" \
         preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">"
    );
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"{x}\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>"
    );
}

/// The name of a grid (`A`, `B`, `C`, `S`, `D`), bold, in the empty corner cell at `(x, y)`
/// next to the grid's labels (CuTe draws no names).
fn caption(out: &mut String, x: i64, y: i64, name: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" \
         font-size=\"12\" font-weight=\"bold\" fill=\"rgb(96,96,96)\">{name}</text>",
        x + CELL / 2,
        y + CELL / 2
    );
}

/// One cell: the rectangle and its two labels. `close` is CuTe's `"/>"` or `" />"` (it writes
/// both).
fn cell(out: &mut String, x: i64, y: i64, tid: i64, vid: i64, close: &str) {
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({})\" \
         stroke=\"black\"{close}",
        rgb(tid)
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" \
         font-size=\"8\">T{tid}</text>",
        x + CELL / 2,
        y + CELL / 4
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" \
         font-size=\"8\">V{vid}</text>",
        x + CELL / 2,
        y + 3 * CELL / 4
    );
}

/// An axis label centred in the cell whose top-left corner is `(x, y)`.
fn label(out: &mut String, x: i64, y: i64, text: i64) {
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" \
         font-size=\"12\">{text}</text>",
        x + CELL / 2,
        y + CELL / 2
    );
}

fn grid<'a>(p: &'a TvPicture, name: &str) -> &'a TvGrid {
    p.grid(name).expect("the picture has the grid")
}

fn mma_svg(p: &TvPicture) -> String {
    let (m, n, k) = (p.tile[0], p.tile[1], p.tile[2]);
    let (a, b, c) = (grid(p, "A"), grid(p, "B"), grid(p, "C"));
    let mut out = String::new();
    let _ = writeln!(out, "<!--  Tile: {}  -->", p.tile_text());
    let _ = writeln!(out, "<!--     A: {}  -->", a.layout_tv);
    let _ = writeln!(out, "<!--     B: {}  -->", b.layout_tv);
    let _ = writeln!(out, "<!--     C: {}  -->", c.layout_tv);
    header(&mut out, (k + n + 2) * CELL, (k + m + 2) * CELL);
    caption(&mut out, 0, (k + 1) * CELL, "A");
    caption(&mut out, (k + 1) * CELL, 0, "B");
    caption(&mut out, (k + 1) * CELL, (k + 1) * CELL, "C");

    // C, right of A and below B
    for (row, col, t, v) in c.filled_in_order() {
        cell(
            &mut out,
            (col + k + 2) * CELL,
            (row + k + 2) * CELL,
            t,
            v,
            "/>",
        );
    }
    // A: M down, K across
    for (row, col, t, v) in a.filled_in_order() {
        cell(
            &mut out,
            (col + 1) * CELL,
            (row + k + 2) * CELL,
            t,
            v,
            " />",
        );
    }
    for i in 0..m {
        label(&mut out, 0, (i + k + 2) * CELL, i);
    }
    for j in 0..k {
        label(&mut out, (j + 1) * CELL, (k + 1) * CELL, j);
    }
    // B: K down, N across (the grid is N×K)
    for (row, col, t, v) in b.filled_in_order() {
        cell(
            &mut out,
            (row + k + 2) * CELL,
            (col + 1) * CELL,
            t,
            v,
            " />",
        );
    }
    for i in 0..n {
        label(&mut out, (i + k + 2) * CELL, 0, i);
    }
    for j in 0..k {
        label(&mut out, (k + 1) * CELL, (j + 1) * CELL, j);
    }
    out.push_str("</svg>\n");
    out
}

fn copy_svg(p: &TvPicture) -> String {
    let (m, n) = (p.tile[0], p.tile[1]);
    let (s, d) = (grid(p, "S"), grid(p, "D"));
    let mut out = String::new();
    let _ = writeln!(out, "<!--  Tile: {}  -->", p.tile_text());
    let _ = writeln!(out, "<!--     S: {}  -->", s.layout_tv);
    let _ = writeln!(out, "<!--     D: {}  -->", d.layout_tv);
    // print_latex_copy's geometry: S at columns 0..N, D at columns N+3..2N+3, row labels left of
    // S and right of D, column labels above both
    header(&mut out, (2 * n + 5) * CELL, (m + 1) * CELL);
    let d_col0 = n + 4;
    caption(&mut out, 0, 0, "S");
    caption(&mut out, (d_col0 - 1) * CELL, 0, "D");
    for (row, col, t, v) in s.filled_in_order() {
        cell(&mut out, (col + 1) * CELL, (row + 1) * CELL, t, v, " />");
    }
    for i in 0..m {
        label(&mut out, 0, (i + 1) * CELL, i);
    }
    for j in 0..n {
        label(&mut out, (j + 1) * CELL, 0, j);
    }
    for (row, col, t, v) in d.filled_in_order() {
        cell(
            &mut out,
            (col + d_col0) * CELL,
            (row + 1) * CELL,
            t,
            v,
            " />",
        );
    }
    for i in 0..m {
        label(&mut out, (n + d_col0) * CELL, (i + 1) * CELL, i);
    }
    for j in 0..n {
        label(&mut out, (j + d_col0) * CELL, 0, j);
    }
    out.push_str("</svg>\n");
    out
}
