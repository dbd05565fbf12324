//! Grids of a layout's values: CuTe's `print_layout`, byte for byte (`--style cute`), and the
//! default terminal grid (Unicode box lines, optional colour, truncated past a size limit).

use std::fmt::Write as _;

use super::fold::{Align, BoxGrid, Cell};
use super::paint::{Mark, Paint};

use super::{LayoutFn, RenderError, RenderOptions, position_independent};
use crate::algebra::{ComposedLayout, Layout};
use crate::eval::Value;

/// The most cells `print_layout` (`--style cute`) prints; past it, an error (CuTe would print
/// them all, but that is not something to do to a terminal).
pub const PRINT_LAYOUT_MAX_CELLS: i64 = crate::limits::MAX_CELLS_DRAWN;

/// What colours the cells of the terminal grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorBy {
    /// By index modulo 8, the 8-colour cycle of CuTe's `print_latex`.
    #[default]
    Index,
    /// By shared-memory bank: `(index * elem_bits / 32) % 32`.
    Bank {
        /// Width of one element in bits.
        elem_bits: u32,
    },
}

/// Options of the terminal grid.
#[derive(Clone, Copy, Debug)]
pub struct GridOptions {
    /// Colour the cells (the front end's painter), or not.
    pub paint: Paint,
    /// What the colours mean.
    pub color_by: ColorBy,
    /// Rows shown before truncating.
    pub max_rows: usize,
    /// Columns shown before truncating.
    pub max_cols: usize,
    /// The terminal's width in columns: a wider grid is folded into bands of columns that fit
    /// it; `None` (a pipe): drawn whole.
    pub width: Option<u16>,
}

impl Default for GridOptions {
    fn default() -> Self {
        GridOptions {
            paint: Paint::NONE,
            color_by: ColorBy::Index,
            max_rows: crate::limits::MAX_GRID_ROWS,
            max_cols: crate::limits::MAX_GRID_COLS,
            width: None,
        }
    }
}

impl GridOptions {
    /// The grid options that [`RenderOptions`] select.
    pub fn from_render(opts: &RenderOptions) -> GridOptions {
        GridOptions {
            paint: opts.paint,
            color_by: match opts.color_by_bank {
                Some(elem_bits) => ColorBy::Bank { elem_bits },
                None => ColorBy::Index,
            },
            width: opts.width,
            ..GridOptions::default()
        }
    }
}

/// The grid of a value (`--format grid`): `print_layout` with `opts.style_cute` (exact bytes,
/// final newline included), else the terminal grid.
pub fn render(v: &Value, opts: &RenderOptions) -> Result<String, RenderError> {
    if opts.style_cute {
        return match v {
            Value::Layout(l) => print_layout(l),
            Value::Composed(c) => print_layout_composed(c),
            Value::LayoutComposed(t) => print_layout_after(&t.layout, &after_title(&t.layout)),
            Value::NestedComposed(n) => print_layout_of(&n.to_string(), LayoutFn::Nested(n)),
            Value::OffsetLayout(..) => Err(RenderError::new(format!(
                "print_layout takes a layout, and {} is a tensor over a layout (an offset layout); \
                 drop --style cute for its grid",
                super::plain::render(v)
            ))),
            _ => Err(RenderError::new(format!(
                "print_layout takes a layout, not {}",
                v.kind()
            ))),
        };
    }
    if v.has_basis() {
        return Err(RenderError::new(format!(
            "{} maps to coordinates, not integers: it has no grid (the table lists each coordinate)",
            v.kind()
        )));
    }
    match LayoutFn::of(v) {
        Some(f) => terminal_grid(f, &super::plain::render(v), &GridOptions::from_render(opts)),
        None => Err(RenderError::new(format!(
            "{} has no grid: only layouts, composed layouts and offset layouts do",
            v.kind()
        ))),
    }
}

// ---------------------------------------------------------------------------------------------
// CuTe's print_layout
// ---------------------------------------------------------------------------------------------

/// CuTe's `num_digits`.
fn num_digits(x: i64) -> usize {
    let mut d = 1;
    let mut p = 10i64;
    while d < 10 && x >= p {
        d += 1;
        p = p.saturating_mul(10);
    }
    d
}

/// CuTe's `print_layout(layout)`, byte for byte (static `_` removed from the first line), with the
/// final newline. Rank 2 only, as in CuTe.
pub fn print_layout(l: &Layout) -> Result<String, RenderError> {
    print_layout_titled(&l.to_string(), l)
}

/// [`print_layout`] under a title of the caller's notation (CuTe's `print` in `--format cute`).
pub fn print_layout_titled(title: &str, l: &Layout) -> Result<String, RenderError> {
    cute_grid(title, l, &|x| Ok(x))
}

/// CuTe's `print_layout` of a function of a layout under a title of the caller's notation.
pub(crate) fn print_layout_of(title: &str, f: LayoutFn<'_>) -> Result<String, RenderError> {
    cute_grid(title, f.layout(), &|x| f.outer(x))
}

/// CuTe's `print_layout` of a composed layout. A GMMA atom (`Sw o smem_ptr[Nb](unset) o L`) is
/// first made position-independent, as CuTe does: `Sw' o 0 o L` with the swizzle on elements.
pub fn print_layout_composed(c: &ComposedLayout) -> Result<String, RenderError> {
    let pi = position_independent(c)?;
    cute_grid(&pi.to_string(), &pi.layout, &|x| Ok(pi.apply_outer(x)?))
}

/// The title of [`print_layout_after`] in the plain notation: CuTe's print, its static `_`
/// removed (`128:1 o -4 o Sw<2,2,2> o 0 o (8,4):(1,8)`).
pub fn after_title(c: &crate::algebra::layout_composed::LayoutComposed) -> String {
    c.flat_text()
}

/// CuTe's `print_layout` of `A o O o B` (a layout after a swizzled layout, as CuTe's inverse of
/// a swizzled layout composed with a layout gives): B's layout's grid of the whole function's
/// values, its cells as wide as `cosize(C) = cosize(B)` needs.
pub fn print_layout_after(
    c: &crate::algebra::layout_composed::LayoutComposed,
    title: &str,
) -> Result<String, RenderError> {
    if c.maps_to_coordinates() {
        return Err(RenderError::new(
            "print_layout takes a layout into integers, and this composed layout maps to coordinates",
        ));
    }
    let l = c
        .inner_layout_for("print_layout")
        .map_err(|e| RenderError::new(e.to_string()))?;
    cute_grid(title, l, &|x| Ok(c.outer_at(x)?))
}

fn cute_grid(
    title: &str,
    l: &Layout,
    outer: &dyn Fn(i64) -> Result<i64, RenderError>,
) -> Result<String, RenderError> {
    if l.rank() != 2 {
        return Err(RenderError::new(format!(
            "print_layout takes a rank-2 layout (CuTe: static_assert rank(layout) == 2), \
             and {l} has rank {}",
            l.rank()
        )));
    }
    let (rows, cols) = (l.mode(0)?, l.mode(1)?);
    let (m_size, n_size) = (rows.size()?, cols.size()?);
    if m_size.saturating_mul(n_size) > PRINT_LAYOUT_MAX_CELLS {
        return Err(RenderError::new(format!(
            "print_layout of {m_size}x{n_size} cells is larger than the limit of \
             {PRINT_LAYOUT_MAX_CELLS} cells; drop --style cute for a truncated grid"
        )));
    }
    let idx_width = num_digits(l.cosize()?) + 2;
    let w = idx_width - 2;
    let rule = {
        let mut s = String::from("    ");
        for _ in 0..n_size {
            s.push('+');
            s.push_str(&"-".repeat(idx_width));
        }
        s.push_str("+\n");
        s
    };
    let col_off: Vec<i64> = (0..n_size).map(|n| cols.at(n)).collect::<Result<_, _>>()?;

    let mut out = String::new();
    out.push_str(title);
    out.push('\n');
    out.push_str("    ");
    for n in 0..n_size {
        let _ = write!(out, "  {n:>w$} ");
    }
    out.push('\n');
    for m in 0..m_size {
        out.push_str(&rule);
        let _ = write!(out, "{m:>2}  ");
        let r = rows.at(m)?;
        for c in &col_off {
            let v = outer(checked_add(r, *c)?)?;
            let _ = write!(out, "| {v:>w$} ");
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    Ok(out)
}

fn checked_add(a: i64, b: i64) -> Result<i64, RenderError> {
    a.checked_add(b)
        .ok_or_else(|| RenderError::new("integer overflow evaluating the layout"))
}

// ---------------------------------------------------------------------------------------------
// The terminal grid
// ---------------------------------------------------------------------------------------------

/// The 8 colours of CuTe's `print_latex` palette (`TikzColor_TV`), cycled by index.
const PALETTE8: [(u8, u8, u8); 8] = super::TV_COLORS;

/// A light background for one of 32 banks: hues around the wheel, two lightnesses alternating.
fn bank_color(bank: i64) -> (u8, u8, u8) {
    let h = (bank as f64) * 360.0 / 32.0;
    let l = if bank % 2 == 0 { 0.82 } else { 0.70 };
    hsl(h, 0.65, l)
}

fn hsl(h: f64, s: f64, l: f64) -> (u8, u8, u8) {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as i64 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let to = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (to(r), to(g), to(b))
}

/// The shared-memory bank of an element index.
pub fn bank_of(index: i64, elem_bits: u32) -> i64 {
    let bytes_bits = i128::from(index) * i128::from(elem_bits);
    (bytes_bits.div_euclid(32).rem_euclid(32)) as i64
}

/// The rows and columns of the grid: mode 0 down, the rest across (rank >= 3 folded as
/// CuTe's `print_tensor` does, rank 1 as one row).
fn split_modes(l: &Layout) -> (Layout, Layout) {
    match l.rank() {
        0 | 1 => (Layout::trivial(), l.clone()),
        2 => (l.mode(0).expect("rank 2"), l.mode(1).expect("rank 2")),
        _ => {
            let modes = l.modes();
            (modes[0].clone(), Layout::concat(&modes[1..]))
        }
    }
}

/// Where a mode's first sub-mode ends (a line is drawn every that many rows or columns).
fn block(shape: &crate::algebra::Tup) -> Option<i64> {
    use crate::algebra::View::Tuple;
    match shape.view() {
        Tuple(v) if v.len() == 1 => block(&v[0]),
        Tuple(v) if v.len() >= 2 => {
            let first = v[0].product().ok()?;
            let total = shape.product().ok()?;
            (first > 1 && first < total).then_some(first)
        }
        _ => None,
    }
}

/// The terminal grid of a function of a layout: a title line, the column indices, the cells in
/// Unicode box lines, and (past `max_rows` x `max_cols`) a line saying what was left out. Only the
/// shown cells are evaluated. Lines are drawn between the blocks of a hierarchical mode. Wider
/// than `opts.width`, it is folded into bands of columns that fit (`fold.rs`).
pub(crate) fn terminal_grid(
    f: LayoutFn<'_>,
    title: &str,
    opts: &GridOptions,
) -> Result<String, RenderError> {
    let l = f.layout();
    let (rows, cols) = split_modes(l);
    let n_rows = rows.size()?;
    let n_cols = cols.size()?;
    let shown_rows = n_rows.min(opts.max_rows.max(1) as i64);
    let shown_cols = n_cols.min(opts.max_cols.max(1) as i64);

    let col_off: Vec<i64> = (0..shown_cols)
        .map(|n| cols.at(n))
        .collect::<Result<_, _>>()?;
    let mut values = Vec::with_capacity(shown_rows as usize);
    for m in 0..shown_rows {
        let r = rows.at(m)?;
        let row = col_off
            .iter()
            .map(|c| f.outer(checked_add(r, *c)?))
            .collect::<Result<Vec<i64>, _>>()?;
        values.push(row);
    }

    let bank_bits = match opts.color_by {
        ColorBy::Bank { elem_bits } => Some(elem_bits),
        ColorBy::Index => None,
    };
    let text_of = |v: i64| match bank_bits {
        Some(bits) if !opts.paint.is_on() => format!("{v}/{}", bank_of(v, bits)),
        _ => v.to_string(),
    };
    let style_of = |v: i64| {
        let (r, g, b) = match bank_bits {
            Some(bits) => bank_color(bank_of(v, bits)),
            None => PALETTE8[v.rem_euclid(8) as usize],
        };
        Mark::Cell(r, g, b)
    };

    let cells: Vec<Vec<Cell>> = values
        .iter()
        .map(|row| {
            row.iter()
                .map(|v| Cell {
                    text: text_of(*v),
                    mark: opts.paint.is_on().then(|| style_of(*v)),
                })
                .collect()
        })
        .collect();
    let grid = BoxGrid {
        cols: shown_cols as usize,
        cells,
        align: Align::Right,
        row_block: block(rows.shape()),
        col_block: block(cols.shape()),
    };

    let mut out = String::new();
    out.push_str(title);
    out.push('\n');
    if l.rank() >= 3 {
        let _ = writeln!(
            out,
            "rank {}, folded: rows = mode 0, columns = modes 1..{} (colexicographic)",
            l.rank(),
            l.rank() - 1
        );
    }
    grid.draw(&mut out, opts.paint, opts.width);

    super::truncation_notice(&mut out, (shown_rows, shown_cols), (n_rows, n_cols));
    if let Some(bits) = bank_bits {
        let what = if opts.paint.is_on() {
            "colour = shared-memory bank"
        } else {
            "cells: index/bank"
        };
        let _ = writeln!(out, "{what} ({bits}-bit elements, 32 banks of 4 bytes)");
    }
    Ok(out)
}
