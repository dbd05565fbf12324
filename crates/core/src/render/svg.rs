//! SVG pictures of a tiled MMA, a tiled copy or a layout (`--svg FILE`).
//!
//! A tiled MMA is drawn as CuTe's `print_svg` draws it (`cute/util/print_svg.hpp`,
//! `print_svg_mma`): 20-pixel cells, A left of C, B (transposed: K down, N across) above C, each
//! cell filled with its thread's colour and labelled `T<thread>` over `V<value>`: CuTe's elements
//! in CuTe's order, byte for byte, apart from the leading comments (CuTe prints the TV layouts as
//! `ArithTuple` tensors, we print them as layouts) and three additions: a white background, a
//! 2-unit margin (CuTe's page ends on the last cells' strokes, cutting them in half) and the grids'
//! names in bold in their empty corners. CuTe has no `print_svg` for a `TiledCopy`; its
//! SVG here is `print_latex_copy`'s picture in `print_svg`'s style: S on the left, D on the right.
//! Nor has it a `print_svg` of a layout: a layout's (rank at most 2, or a composed layout) is
//! `print_latex(Layout)`'s picture in `print_svg`'s style.

use std::fmt::Write as _;

use super::RenderError;
use super::scale_factors::SfPicture;
use super::tv::{TvGrid, TvKind, TvPicture, thread_color};
use crate::eval::Value;

/// Pixels per cell, as in CuTe.
const CELL: i64 = 20;

/// The SVG of a value with a TV picture (see [`super::tv::picture`]), with a final newline.
pub fn render(v: &Value) -> Result<String, RenderError> {
    if let Some(p) = super::tv::picture(v) {
        return Ok(picture_svg(&p?));
    }
    if let Some(p) = SfPicture::of(v) {
        return scale_factors_svg(&p?);
    }
    match super::layout_cells(v, "the SVG of a layout") {
        Some(g) => Ok(layout_svg(&g?)),
        None => Err(RenderError::new(format!(
            "--svg draws a tiled MMA, an MMA atom, a tiled copy, a layout or a composed layout, \
             not {}",
            v.kind()
        ))),
    }
}

/// CuTe's `TikzColor_BWx8` (`black!00`, `black!40`, ...) as the grey levels of SVG.
const BW8: [u8; 8] = [255, 153, 204, 102, 230, 128, 179, 77];

/// A layout of rank at most 2 as `print_latex(Layout)` draws it (CuTe has no `print_svg` of a
/// layout), in `print_svg`'s style: `M` rows down, `N` columns across, each cell its index on
/// CuTe's 8 greys, row labels on the left, column labels above.
fn layout_svg(g: &super::LayoutCells) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "<!--  Layout: {}  -->", g.title);
    header(&mut out, (g.cols + 1) * CELL, (g.rows + 1) * CELL);
    for i in 0..g.rows {
        for j in 0..g.cols {
            let idx = g.cells[(i * g.cols + j) as usize];
            let grey = BW8[idx.rem_euclid(8) as usize];
            let (x, y) = ((j + 1) * CELL, (i + 1) * CELL);
            value_cell(&mut out, (x, y), CELL, (grey, grey, grey), idx);
        }
    }
    for i in 0..g.rows {
        label(&mut out, 0, (i + 1) * CELL, i);
    }
    for j in 0..g.cols {
        label(&mut out, (j + 1) * CELL, 0, j);
    }
    out.push_str("</svg>\n");
    out
}

/// A scale-factor layout's picture (`render/scale_factors.rs`) in `print_svg`'s style: the
/// atoms' grid on the left, the inside of an atom on its right, cells twice CuTe's width for
/// their offsets, filled by atom and by 32-bit word; the headings and the formula as comments.
fn scale_factors_svg(p: &SfPicture) -> Result<String, RenderError> {
    let shown = (
        p.atom_offsets.len() as i64,
        p.atom_offsets.first().map_or(0, Vec::len) as i64,
    );
    if shown != p.atoms {
        return Err(RenderError::new(format!(
            "the SVG of a scale-factor layout draws at most {}×{} atoms, this one has {}×{}",
            crate::limits::MAX_GRID_ROWS,
            crate::limits::MAX_GRID_COLS,
            p.atoms.0,
            p.atoms.1
        )));
    }
    let w = 2 * CELL;
    let inside_rows = p.inside.len() as i64;
    let inside_x = (shown.1 + 2) * w;
    let width = inside_x + 5 * w;
    let height = (shown.0.max(inside_rows) + 1) * CELL;
    let mut out = String::new();
    for line in [p.title(), p.atoms_heading(), p.inside_heading(), p.legend()] {
        let _ = writeln!(out, "<!--  {}  -->", line.replace("--", "- -"));
    }
    header(&mut out, width, height);
    let grid = |out: &mut String, x0: i64, cells: &[Vec<i64>], colour: fn(i64) -> (u8, u8, u8)| {
        for (i, row) in cells.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                let (x, y) = (x0 + (j as i64 + 1) * w, (i as i64 + 1) * CELL);
                value_cell(out, (x, y), w, colour(v), v);
            }
        }
        for i in 0..cells.len() as i64 {
            label(out, x0 + (w - CELL) / 2, (i + 1) * CELL, i);
        }
        for j in 0..cells.first().map_or(0, Vec::len) as i64 {
            label(out, x0 + (j + 1) * w + (w - CELL) / 2, 0, j);
        }
    };
    grid(&mut out, 0, &p.atom_offsets, SfPicture::atom_colour);
    grid(&mut out, inside_x, &p.inside, SfPicture::inside_colour);
    caption(&mut out, 0, 0, "SF");
    caption(&mut out, inside_x, 0, "atom");
    out.push_str("</svg>\n");
    Ok(out)
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

/// One filled cell `width` wide with its value centred in it (a layout's index, a scale
/// factor's offset).
fn value_cell(out: &mut String, (x, y): (i64, i64), width: i64, (r, g, b): (u8, u8, u8), v: i64) {
    let _ = writeln!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{CELL}\" \
         fill=\"rgb({r},{g},{b})\" stroke=\"black\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" \
         font-size=\"9\">{v}</text>",
        x + width / 2,
        y + CELL / 2
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
    // S and right of D, column labels above both; a make_tmem_copy's TMEM grid (lanes down,
    // columns across) to the right of D's labels, its lane labels on its left
    let tmem = p.grid("TMEM");
    let t_col0 = 2 * n + 8;
    let (width, height) = match tmem {
        Some(t) => (t_col0 + t.cols, m.max(t.rows) + 1),
        None => (2 * n + 5, m + 1),
    };
    if let Some(t) = tmem {
        let _ = writeln!(out, "<!--  TMEM: {}  -->", t.heading());
    }
    header(&mut out, width * CELL, height * CELL);
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
    if let Some(t) = tmem {
        caption(&mut out, (t_col0 - 1) * CELL, 0, "TMEM");
        for (row, col, tid, vid) in t.filled_in_order() {
            cell(
                &mut out,
                (col + t_col0) * CELL,
                (row + 1) * CELL,
                tid,
                vid,
                " />",
            );
        }
        for i in 0..t.rows {
            label(&mut out, (t_col0 - 1) * CELL, (i + 1) * CELL, i);
        }
        for j in 0..t.cols {
            label(&mut out, (j + t_col0) * CELL, 0, j);
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> Value {
        match crate::eval::Env::new().run(text) {
            Ok(crate::eval::Outcome::Value(v)) => v,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_layout_is_drawn_as_its_grid_of_indices() {
        let svg = render(&layout("(2,3):(3,1)")).expect("an SVG");
        assert!(svg.starts_with("<!--  Layout: (2,3):(3,1)  -->\n<svg "));
        // 6 cells (and the background)
        assert_eq!(svg.matches("<rect ").count(), 7);
        // row 1, column 2 holds 1*3 + 2*1 = 5, on grey 5 of CuTe's 8 (black!50)
        assert!(svg.contains(
            "<rect x=\"60\" y=\"40\" width=\"20\" height=\"20\" fill=\"rgb(128,128,128)\" stroke=\"black\"/>\n<text x=\"70\" y=\"50\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"9\">5</text>"
        ));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn a_layout_of_rank_three_is_refused_with_the_reason() {
        let e = render(&layout("(2,2,2):(1,2,4)")).expect_err("rank 3");
        assert!(e.0.contains("rank at most 2"), "{}", e.0);
        let e = render(&layout("(1024,512):(512,1)")).expect_err("too many cells");
        assert!(e.0.contains("limit"), "{}", e.0);
    }

    #[test]
    fn a_scale_factor_layout_is_drawn_as_its_atoms_and_the_inside_of_one() {
        let svg = render(&layout("tile_atom_to_shape_SFA(32, (256,128,512))")).expect("an SVG");
        assert!(svg.starts_with("<!--  Scale factors of (((32,4),2),((32,4),4))"));
        // the background, 2×4 atoms, 128×4 factors inside one
        assert_eq!(svg.matches("<rect ").count(), 1 + 8 + 512);
        assert!(svg.contains(">3584</text>"));
        let e = render(&layout("tile_atom_to_shape_SFA(16, (16384,128,16384))"))
            .expect_err("128×256 atoms");
        assert!(e.0.contains("at most 64×64 atoms"), "{}", e.0);
    }
}
