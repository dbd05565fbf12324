//! LaTeX/TikZ pictures (`--latex FILE`), ported from CuTe's `cute/util/print_latex.hpp`.
//!
//! A tiled MMA (or an MMA atom) is drawn as `print_latex(TiledMMA)` draws it, a tiled copy as
//! `print_latex(TiledCopy)`, a layout (or a composed layout) as `print_latex(Layout)`: the same
//! nodes, colours, grids and labels, in the same order, byte for byte, with the leading `%`
//! comments CuTe's coordinate tensors (`ArithTuple(_0,_0) o …`).

use std::fmt::Write as _;

use super::tv::{TvGrid, TvKind, TvPicture, thread_color};
use super::{LayoutCells, RenderError};
use crate::eval::Value;

const HEADER: &str = "\\documentclass[convert]{standalone}\n\
\\usepackage{tikz}\n\n\
\\begin{document}\n\
\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";

const FOOTER: &str = "\\end{tikzpicture}\n\\end{document}\n";

/// CuTe's `TikzColor_BWx8`, the colours of `print_latex(Layout)` by index.
const BW8: [&str; 8] = [
    "black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70",
];

/// The LaTeX of a value, with a final newline: a tiled MMA, an MMA atom, a tiled copy, a layout
/// or a composed layout.
pub fn render(v: &Value) -> Result<String, RenderError> {
    if let Some(p) = super::tv::picture(v) {
        return Ok(picture_latex(&p?));
    }
    if let Some(p) = super::scale_factors::SfPicture::of(v) {
        return scale_factors_latex(&p?);
    }
    match super::layout_cells(v, "print_latex") {
        Some(g) => Ok(layout_latex(&g?)),
        None => Err(RenderError::new(format!(
            "--latex draws a tiled MMA, an MMA atom, a tiled copy, a layout or a composed \
             layout, not {}",
            v.kind()
        ))),
    }
}

/// A scale-factor layout's picture (`render/scale_factors.rs`) in `print_latex`'s style: the
/// atoms' grid, the inside of an atom to its right, each cell its offset, filled by atom and by
/// 32-bit word; the headings and the formula as comments.
fn scale_factors_latex(p: &super::scale_factors::SfPicture) -> Result<String, RenderError> {
    use super::scale_factors::SfPicture;
    let shown = (
        p.atom_offsets.len() as i64,
        p.atom_offsets.first().map_or(0, Vec::len) as i64,
    );
    if shown != p.atoms {
        return Err(RenderError::new(format!(
            "the LaTeX of a scale-factor layout draws at most {}×{} atoms, this one has {}×{}",
            crate::limits::MAX_GRID_ROWS,
            crate::limits::MAX_GRID_COLS,
            p.atoms.0,
            p.atoms.1
        )));
    }
    let mut out = String::new();
    for line in [p.title(), p.atoms_heading(), p.inside_heading(), p.legend()] {
        let _ = writeln!(out, "% {line}");
    }
    out.push_str(HEADER);
    let colour = |(r, g, b): (u8, u8, u8)| format!("{{rgb,255:red,{r};green,{g};blue,{b}}}");
    let grid = |out: &mut String, y0: i64, cells: &[Vec<i64>], fill: fn(i64) -> (u8, u8, u8)| {
        let cols = cells.first().map_or(0, Vec::len) as i64;
        for (i, row) in cells.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "\\node[fill={}] at ({i},{}) {{{v}}};",
                    colour(fill(v)),
                    y0 + j as i64
                );
            }
        }
        draw_grid(out, (0, y0), (cells.len() as i64, y0 + cols));
        for i in 0..cells.len() as i64 {
            label(out, i, y0 - 1, i);
        }
        for j in 0..cols {
            label(out, -1, y0 + j, j);
        }
    };
    grid(&mut out, 0, &p.atom_offsets, SfPicture::atom_colour);
    grid(&mut out, shown.1 + 2, &p.inside, SfPicture::inside_colour);
    out.push_str(FOOTER);
    Ok(out)
}

/// The LaTeX of a TV picture, with a final newline.
pub fn picture_latex(p: &TvPicture) -> String {
    match p.kind {
        TvKind::Mma => mma_latex(p),
        TvKind::Copy => copy_latex(p),
    }
}

/// TikZ's `{rgb,255:red,R;green,G;blue,B}` for a thread.
fn tikz_color(tid: i64) -> String {
    let (r, g, b) = thread_color(tid);
    format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
}

fn node(out: &mut String, x: i64, y: i64, tid: i64, vid: i64) {
    let _ = writeln!(
        out,
        "\\node[fill={}] at ({x},{y}) {{\\shortstack{{T{tid} \\\\ V{vid}}}}};",
        tikz_color(tid)
    );
}

fn label(out: &mut String, x: i64, y: i64, text: i64) {
    let _ = writeln!(
        out,
        "\\node at ({x},{y}) {{\\Large{{\\texttt{{{text}}}}}}};"
    );
}

fn draw_grid(out: &mut String, from: (i64, i64), to: (i64, i64)) {
    let _ = writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({},{}) grid ({},{});\n",
        from.0, from.1, to.0, to.1
    );
}

fn grid<'a>(p: &'a TvPicture, name: &str) -> &'a TvGrid {
    p.grid(name).expect("the picture has the grid")
}

/// What CuTe's `print_latex` of a TiledMMA (or TiledCopy) prints in its comment for a grid:
/// `composition(make_identity_tensor(tile), layout_tv)` (a copy's `tidfrg_S(refS)(_,_,0)`), the (thread, value) -> coordinate tensor
/// over the static tile, as CuTe prints it (`ArithTuple(_0,_0) o …:(_1@0,…)`); where that cannot
/// be formed, the TV layout.
fn coordinate_tensor(g: &TvGrid) -> String {
    use crate::algebra::IntTuple;
    let tile: IntTuple = [IntTuple::int(g.rows), IntTuple::int(g.cols)]
        .into_iter()
        .collect::<IntTuple>()
        .with_kind(false);
    let span = crate::parser::Span::default();
    crate::algebra::tensor::OffsetTensor::identity(&tile)
        .ok()
        .and_then(|t| {
            crate::eval::compose_values(
                &Value::tensor(t),
                span,
                &Value::Layout(g.layout_tv.clone()),
                span,
                span,
            )
            .ok()
        })
        .map_or_else(|| g.layout_tv.to_string(), |v| super::cute::render(&v))
}

/// `print_latex_mma`: C at the origin, A to its left (columns `k-K-1`), B above it (rows
/// `k-K-1`); TikZ's x axis points down, its y axis right.
fn mma_latex(p: &TvPicture) -> String {
    let (m, n, k) = (p.tile[0], p.tile[1], p.tile[2]);
    let (a, b, c) = (grid(p, "A"), grid(p, "B"), grid(p, "C"));
    let mut out = String::new();
    let _ = writeln!(out, "% LayoutC: {}", coordinate_tensor(c));
    let _ = writeln!(out, "% LayoutA: {}", coordinate_tensor(a));
    let _ = writeln!(out, "% LayoutB: {}", coordinate_tensor(b));
    out.push_str(HEADER);

    for (row, col, t, v) in c.filled_in_order() {
        node(&mut out, row, col, t, v);
    }
    draw_grid(&mut out, (0, 0), (m, n));

    for (row, col, t, v) in a.filled_in_order() {
        node(&mut out, row, col - k - 1, t, v);
    }
    draw_grid(&mut out, (0, -k - 1), (m, -1));
    for i in 0..m {
        label(&mut out, i, -k - 2, i);
    }
    for j in 0..k {
        label(&mut out, -1, j - k - 1, j);
    }

    // B's grid is N×K; it is drawn K down, N across
    for (row, col, t, v) in b.filled_in_order() {
        node(&mut out, col - k - 1, row, t, v);
    }
    draw_grid(&mut out, (-k - 1, 0), (-1, n));
    for i in 0..n {
        label(&mut out, -k - 2, i, i);
    }
    for j in 0..k {
        label(&mut out, j - k - 1, -1, j);
    }
    out.push_str(FOOTER);
    out
}

/// `print_latex_copy`: S at the origin, D `N+3` columns to its right.
fn copy_latex(p: &TvPicture) -> String {
    let (m, n) = (p.tile[0], p.tile[1]);
    let (s, d) = (grid(p, "S"), grid(p, "D"));
    let mut out = String::new();
    let _ = writeln!(out, "% Layout S TV: {}", coordinate_tensor(s));
    let _ = writeln!(out, "% Layout D TV: {}", coordinate_tensor(d));
    out.push_str(HEADER);

    for (row, col, t, v) in s.filled_in_order() {
        node(&mut out, row, col, t, v);
    }
    draw_grid(&mut out, (0, 0), (m, n));
    for i in 0..m {
        label(&mut out, i, -1, i);
    }
    for j in 0..n {
        label(&mut out, -1, j, j);
    }

    for (row, col, t, v) in d.filled_in_order() {
        node(&mut out, row, col + n + 3, t, v);
    }
    draw_grid(&mut out, (0, n + 3), (m, 2 * n + 3));
    for i in 0..m {
        label(&mut out, i, 2 * n + 3, i);
    }
    for j in 0..n {
        label(&mut out, -1, j + n + 3, j);
    }
    out.push_str(FOOTER);
    out
}

/// `print_latex(Layout)`: a rank <= 2 layout (rank 0 and 1 padded with `1:0` modes; a composed
/// layout made position-independent first, as CuTe does), each cell its value on CuTe's 8 greys.
fn layout_latex(g: &LayoutCells) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "% Layout: {}", g.cute_title);
    out.push_str(HEADER);
    for i in 0..g.rows {
        for j in 0..g.cols {
            let idx = g.cells[(i * g.cols + j) as usize];
            let _ = writeln!(
                out,
                "\\node[fill={}] at ({i},{j}) {{{idx}}};",
                BW8[idx.rem_euclid(8) as usize]
            );
        }
    }
    draw_grid(&mut out, (0, 0), (g.rows, g.cols));
    for i in 0..g.rows {
        label(&mut out, i, -1, i);
    }
    for j in 0..g.cols {
        label(&mut out, -1, j, j);
    }
    out.push_str(FOOTER);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        match crate::eval::Env::new().run(text) {
            Ok(crate::eval::Outcome::Value(v)) => v,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_scale_factor_layout_is_drawn_as_its_atoms_and_the_inside_of_one() {
        let tex = render(&value("sf_atom(16)")).expect("a picture");
        assert!(tex.starts_with("% Scale factors of ((32,4),(16,4)):((16,4),(0,1))"));
        // 1 atom, 128×4 factors inside it, the second grid three columns to the right
        assert_eq!(tex.matches("\\node[fill=").count(), 1 + 512);
        assert!(tex.contains("at (127,6) {511};"), "{tex}");
        assert!(tex.ends_with(FOOTER));
    }
}
