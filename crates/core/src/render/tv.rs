//! Thread/value pictures of a tiled MMA or a tiled copy: which thread holds which element.
//!
//! A [`TvPicture`] holds the grids CuTe's `print_latex` / `print_svg` draw for a `TiledMMA`
//! (A: M×K, B: N×K, C: M×N) or a `TiledCopy` (S and D: M×N), each cell labelled with the thread
//! and value that hold it. The cells are assigned as CuTe's `print_latex_mma` / `print_latex_copy`
//! assign them: threads in order, then values, the first `(thread, value)` that maps to a cell
//! wins (threads that hold a broadcast copy of an A or B element do not overwrite it). The
//! terminal rendering is here; `svg.rs` and `latex.rs` draw the same picture into files.

use std::fmt::Write as _;

use super::fold::{Align, BoxGrid, Cell, push_line};
use super::paint::{Mark, Paint};

use super::{RenderError, RenderOptions, for_each_value};
use crate::algebra::Layout;
use crate::atoms::{Atom, Operand, TiledCopy, TiledMma};
use crate::eval::Value;
use crate::eval::partition_statement::{MarkedTile, PartitionStatement, Partitioner};

/// The most cells (all grids together) a picture has; past it, no picture (an error naming the
/// limit for `--svg`/`--latex`, a line saying so under `cute show`'s table).
pub const MAX_CELLS: i64 = crate::limits::MAX_TV_CELLS;

/// The most `(thread, value)` pairs of one TV layout evaluated to build a grid.
pub const MAX_PAIRS: i64 = crate::limits::MAX_TV_PAIRS;

/// The colour of a thread, as CuTe's `print_latex` / `print_svg` colour it.
pub fn thread_color(tid: i64) -> (u8, u8, u8) {
    super::TV_COLORS[tid.rem_euclid(8) as usize]
}

/// What a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TvKind {
    /// A tiled MMA: grids A, B, C.
    Mma,
    /// A tiled copy: grids S, D.
    Copy,
}

/// One grid: the cells of an operand's tile, each with the thread and value that hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TvGrid {
    /// `A`, `B`, `C`, `S` or `D`.
    pub name: &'static str,
    /// What the rows and the columns index: `("M","K")`, `("N","K")`, `("M","N")`.
    pub axes: (&'static str, &'static str),
    /// Rows of the grid.
    pub rows: i64,
    /// Columns of the grid.
    pub cols: i64,
    /// The TV layout: (thread, value) -> column-major offset in the `rows × cols` tile.
    pub layout_tv: Layout,
    /// `(thread, value)` of each cell, row-major; `None` where no thread holds the cell.
    pub cells: Vec<Option<(i64, i64)>>,
    /// The heading, where it is not `get_layoutX_TV` (the TMEM grid's).
    pub note: Option<String>,
}

impl TvGrid {
    /// `(thread, value)` of the cell at row `r`, column `c`.
    pub fn cell(&self, r: i64, c: i64) -> Option<(i64, i64)> {
        if !(0..self.rows).contains(&r) || !(0..self.cols).contains(&c) {
            return None;
        }
        self.cells[(r * self.cols + c) as usize]
    }

    /// The filled cells `(row, column, thread, value)` in the order CuTe draws them: by thread,
    /// then value.
    pub fn filled_in_order(&self) -> Vec<(i64, i64, i64, i64)> {
        let mut out: Vec<(i64, i64, i64, i64)> = self
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let i = i as i64;
                c.map(|(t, v)| (i / self.cols, i % self.cols, t, v))
            })
            .collect();
        out.sort_by_key(|&(_, _, t, v)| (t, v));
        out
    }

    /// Build a grid: for every thread, then every value, the first pair that reaches a cell
    /// labels it (CuTe's `filled` tensor).
    pub fn build(
        name: &'static str,
        axes: (&'static str, &'static str),
        rows: i64,
        cols: i64,
        layout_tv: Layout,
    ) -> Result<TvGrid, RenderError> {
        if layout_tv.rank() != 2 {
            return Err(RenderError::new(format!(
                "the TV layout {layout_tv} of {name} is not of rank 2 (thread, value)"
            )));
        }
        let pairs = layout_tv.size()?;
        if pairs > MAX_PAIRS {
            return Err(RenderError::new(format!(
                "the TV layout of {name} has {pairs} (thread, value) pairs, more than the \
                 limit of {MAX_PAIRS}"
            )));
        }
        let cells_n = rows
            .checked_mul(cols)
            .filter(|n| *n <= MAX_CELLS)
            .ok_or_else(|| {
                RenderError::new(format!(
                    "{name} has {rows}×{cols} cells, more than the limit of {MAX_CELLS}"
                ))
            })?;
        let mut thr_off = Vec::new();
        for_each_value(&layout_tv.mode(0)?, |x| thr_off.push(x))?;
        let mut val_off = Vec::new();
        for_each_value(&layout_tv.mode(1)?, |x| val_off.push(x))?;
        let mut cells = vec![None; cells_n as usize];
        for (tid, t) in thr_off.iter().enumerate() {
            for (vid, v) in val_off.iter().enumerate() {
                let idx = t.wrapping_add(*v);
                if !(0..cells_n).contains(&idx) {
                    return Err(RenderError::new(format!(
                        "the TV layout {layout_tv} of {name} maps (T{tid}, V{vid}) to {idx}, \
                         outside the {rows}×{cols} tile"
                    )));
                }
                // column-major offset -> (row, column)
                let (r, c) = (idx % rows, idx / rows);
                let cell = &mut cells[(r * cols + c) as usize];
                if cell.is_none() {
                    *cell = Some((tid as i64, vid as i64));
                }
            }
        }
        Ok(TvGrid {
            name,
            axes,
            rows,
            cols,
            layout_tv,
            cells,
            note: None,
        })
    }

    /// The TMEM grid of a `make_tmem_copy`: lanes down, columns (in the tensor's elements)
    /// across, each cell the first `(thread, value)` of the register side that reads (a load)
    /// or writes (a store) it; `None` for another tiled copy.
    pub fn of_tmem_copy(t: &TiledCopy) -> Result<Option<TvGrid>, RenderError> {
        let Some(pairs) = crate::atoms::tmem::copy_cells(t)? else {
            return Ok(None);
        };
        let rows = pairs.iter().map(|p| p.2).max().unwrap_or(0) + 1;
        let cols = pairs.iter().map(|p| p.3).max().unwrap_or(0) + 1;
        check_cells(&[(rows, cols)])?;
        let mut cells = vec![None; (rows * cols) as usize];
        for &(tid, vid, lane, col) in &pairs {
            if lane < 0 || col < 0 {
                return Err(RenderError::new(format!(
                    "T{tid}V{vid} reaches lane {lane}, column {col}: before the tensor's start"
                )));
            }
            let cell = &mut cells[(lane * cols + col) as usize];
            if cell.is_none() {
                *cell = Some((tid, vid));
            }
        }
        let load = crate::atoms::tmem::is_load(&t.atom.op);
        let layout_tv = t.layout_tv_of(!load)?;
        let note = format!(
            "TMEM (lanes×columns = {rows}×{cols}, a column {}): which thread {} each lane and column; warp w reaches lanes 32(w%4)..32(w%4)+31 only (get_layout{}_TV = {layout_tv})",
            match t.atom.val_bits {
                b if b < 32 => format!("{} elements of a 32-bit column", 32 / b),
                32 => "32 bits".to_string(),
                b => format!("{b} bits, {} 32-bit columns", b / 32),
            },
            if load { "loads from" } else { "stores to" },
            if load { "D" } else { "S" },
        );
        Ok(Some(TvGrid {
            name: "TMEM",
            axes: ("lane", "column"),
            rows,
            cols,
            layout_tv,
            cells,
            note: Some(note),
        }))
    }

    /// The heading: `A (M×K = 16×8): get_layoutA_TV = ...`.
    pub fn heading(&self) -> String {
        if let Some(n) = &self.note {
            return n.clone();
        }
        format!(
            "{} ({}×{} = {}×{}): get_layout{}_TV = {}",
            self.name, self.axes.0, self.axes.1, self.rows, self.cols, self.name, self.layout_tv
        )
    }
}

/// The picture of a tiled MMA or tiled copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TvPicture {
    /// The value, as it prints.
    pub title: String,
    /// MMA or copy.
    pub kind: TvKind,
    /// The tile: `(M,N,K)` of an MMA, `(M,N)` of a copy.
    pub tile: Vec<i64>,
    /// Threads of the tiled MMA or copy.
    pub threads: i64,
    /// A, B, C of an MMA; S, D of a copy.
    pub grids: Vec<TvGrid>,
}

impl TvPicture {
    /// The grid named `name`.
    pub fn grid(&self, name: &str) -> Option<&TvGrid> {
        self.grids.iter().find(|g| g.name == name)
    }

    /// The tile as CuTe prints it: `(16,8,8)`.
    pub fn tile_text(&self) -> String {
        let parts: Vec<String> = self.tile.iter().map(i64::to_string).collect();
        format!("({})", parts.join(","))
    }

    /// The picture of a tiled MMA (an MMA atom is drawn as `make_tiled_mma(atom)`, as CuTe does).
    pub fn of_mma(t: &TiledMma) -> Result<TvPicture, RenderError> {
        let tile: Vec<i64> = (0..3)
            .map(|i| t.tile_size_mnk(i))
            .collect::<Result<_, _>>()?;
        let (m, n, k) = (tile[0], tile[1], tile[2]);
        check_cells(&[(m, k), (n, k), (m, n)])?;
        let grids = vec![
            TvGrid::build("A", ("M", "K"), m, k, t.layout_tv(Operand::A)?)?,
            TvGrid::build("B", ("N", "K"), n, k, t.layout_tv(Operand::B)?)?,
            TvGrid::build("C", ("M", "N"), m, n, t.layout_tv(Operand::C)?)?,
        ];
        Ok(TvPicture {
            title: t.to_string(),
            kind: TvKind::Mma,
            tile,
            threads: t.num_threads()?,
            grids,
        })
    }

    /// The picture of a tiled copy.
    pub fn of_copy(t: &TiledCopy) -> Result<TvPicture, RenderError> {
        // CuTe: product_each(shape(logical_divide(make_layout(Shape<_1,_1>{}), tiler_mn)))
        let tiler = t.tiler_shape()?;
        let modes: Vec<i64> = match tiler.view() {
            crate::algebra::View::Int(v) => vec![v],
            crate::algebra::View::Tuple(items) => items
                .iter()
                .map(|x| x.product())
                .collect::<Result<_, _>>()?,
        };
        let m = modes.first().copied().unwrap_or(1);
        let n = modes
            .iter()
            .skip(1)
            .try_fold(1i64, |acc, x| acc.checked_mul(*x))
            .ok_or_else(|| RenderError::new("integer overflow in the copy's tile"))?;
        check_cells(&[(m, n), (m, n)])?;
        let mut grids = vec![
            TvGrid::build("S", ("M", "N"), m, n, t.layout_tv_of(true)?)?,
            TvGrid::build("D", ("M", "N"), m, n, t.layout_tv_of(false)?)?,
        ];
        grids.extend(TvGrid::of_tmem_copy(t)?);
        Ok(TvPicture {
            title: t.to_string(),
            kind: TvKind::Copy,
            tile: vec![m, n],
            threads: t.num_threads()?,
            grids,
        })
    }
}

fn check_cells(dims: &[(i64, i64)]) -> Result<(), RenderError> {
    let total = dims.iter().try_fold(0i64, |acc, (r, c)| {
        r.checked_mul(*c).and_then(|x| acc.checked_add(x))
    });
    match total {
        Some(n) if n <= MAX_CELLS => Ok(()),
        _ => {
            let sizes: Vec<String> = dims.iter().map(|(r, c)| format!("{r}×{c}")).collect();
            Err(RenderError::new(format!(
                "grids of {} cells are more than the limit of {MAX_CELLS} cells",
                sizes.join(" + ")
            )))
        }
    }
}

/// The picture of a value: `None` when the value has none (only tiled MMAs, MMA atoms, tiled
/// copies and their thread slices have one).
pub fn picture(v: &Value) -> Option<Result<TvPicture, RenderError>> {
    let Value::Atom(a) = v else {
        return None;
    };
    Some(match a.as_ref() {
        Atom::TiledMma(t) | Atom::ThrMma(t, _) => TvPicture::of_mma(t),
        Atom::Mma(m) => TiledMma::new(m.clone(), &Layout::trivial(), None)
            .map_err(RenderError::from)
            .and_then(|t| TvPicture::of_mma(&t)),
        Atom::TiledCopy(t) | Atom::ThrCopy(t, _) => TvPicture::of_copy(t),
        Atom::Copy(_) | Atom::TvTiler(_) | Atom::TvSlice(..) => return None,
    })
}

/// Whether a value has a TV picture.
pub fn has_picture(v: &Value) -> bool {
    matches!(
        v,
        Value::Atom(a) if !matches!(a.as_ref(), Atom::Copy(_) | Atom::TvTiler(_) | Atom::TvSlice(..))
    )
}

/// The grids in the terminal: each grid under its heading, Unicode box lines, cells `T<t>V<v>`
/// (coloured per thread with `opts.color`), truncated past [`crate::limits::MAX_GRID_ROWS`] ×
/// [`crate::limits::MAX_GRID_COLS`] with a line saying what was left out. No trailing newline.
pub fn render_terminal(p: &TvPicture, opts: &RenderOptions) -> String {
    let mut out = String::new();
    let what = match p.kind {
        TvKind::Mma => "(M,N,K)",
        TvKind::Copy => "(M,N)",
    };
    let intro = format!(
        "Thread/value grids of {}: {} threads, tile {what} = {}; cell T<thread>V<value>{}",
        p.title,
        p.threads,
        p.tile_text(),
        if opts.paint.is_on() {
            ", coloured by thread (CuTe's print_latex colours)"
        } else {
            ""
        }
    );
    push_line(&mut out, &intro, opts.width);
    for g in &p.grids {
        out.push('\n');
        out.push_str(&terminal_grid(
            g,
            opts.paint,
            // TMEM's 128 lanes are four warps' subpartitions: all of them
            if g.name == "TMEM" {
                TMEM_LANES
            } else {
                crate::limits::MAX_GRID_ROWS
            },
            crate::limits::MAX_GRID_COLS,
            opts.width,
        ));
    }
    while out.ends_with('\n') {
        out.pop();
    }
    out
}

/// TMEM's datapath lanes, the rows a TMEM grid shows in the terminal.
const TMEM_LANES: usize = 128;

/// A tensor in tensor memory as a grid of lanes × columns (columns in its elements), each cell
/// the index of the element there (colexicographic over the tensor's shape), coloured by the
/// 32-lane subpartition (the warp `w % 4` that may reach it); `None` for another value. Ends
/// without a newline.
pub fn tmem_tensor_picture(v: &Value, opts: &RenderOptions) -> Option<Result<String, RenderError>> {
    let Value::OffsetLayout(crate::algebra::tensor::Origin::Ptr(p), l) = v else {
        return None;
    };
    let cells = match crate::atoms::tmem::tensor_cells(p, l) {
        Ok(Some(c)) => c,
        Ok(None) => return None,
        Err(e) => return Some(Err(e.into())),
    };
    Some((|| {
        let rows = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        let cols = cells.iter().map(|c| c.2).max().unwrap_or(0) + 1;
        check_cells(&[(rows, cols)])?;
        let mut grid: Vec<Option<i64>> = vec![None; (rows * cols) as usize];
        for &(i, lane, col) in &cells {
            if lane < 0 || col < 0 {
                return Err(RenderError::new(format!(
                    "element {i} is at lane {lane}, column {col}: before the tensor's start"
                )));
            }
            let c = &mut grid[(lane * cols + col) as usize];
            if c.is_none() {
                *c = Some(i);
            }
        }
        let at = |r: i64, c: i64| grid[(r * cols + c) as usize];
        let heading = format!(
            "TMEM of {p} (lanes×columns = {rows}×{cols}, columns in {} elements): the index of the element at each lane and column{}",
            p.width,
            if opts.paint.is_on() {
                ", coloured by subpartition (warp w%4 reaches lanes 32(w%4)..)"
            } else {
                ""
            }
        );
        let label = |r: i64, c: i64| at(r, c).map(|i| i.to_string()).unwrap_or_default();
        let colour = |r: i64, c: i64| at(r, c).map(|_| thread_color(r / 32));
        let mut out = labelled_grid(
            &heading,
            (rows, cols),
            &label,
            &colour,
            opts.paint,
            (TMEM_LANES, crate::limits::MAX_GRID_COLS),
            opts.width,
        );
        while out.ends_with('\n') {
            out.pop();
        }
        Ok(out)
    })())
}

/// One grid in the terminal, ending with a newline.
/// Wider than `width` (the terminal's; `None`: a pipe), it is folded into bands of columns.
pub fn terminal_grid(
    g: &TvGrid,
    paint: Paint,
    max_rows: usize,
    max_cols: usize,
    width: Option<u16>,
) -> String {
    terminal_grid_marked(g, paint, max_rows, max_cols, width, &|_, _| None)
}

/// [`terminal_grid`] with a mark after each cell's `T<t>V<v>` (a shared-memory bank: `:b5`).
pub fn terminal_grid_marked(
    g: &TvGrid,
    paint: Paint,
    max_rows: usize,
    max_cols: usize,
    width: Option<u16>,
    mark: &dyn Fn(i64, i64) -> Option<String>,
) -> String {
    let label = |r: i64, c: i64| {
        let mut s = match g.cell(r, c) {
            Some((t, v)) => format!("T{t}V{v}"),
            None => String::new(),
        };
        if let Some(m) = mark(r, c) {
            s.push_str(&m);
        }
        s
    };
    let colour = |r: i64, c: i64| g.cell(r, c).map(|(t, _)| thread_color(t));
    let mut out = labelled_grid(
        &g.heading(),
        (g.rows, g.cols),
        &label,
        &colour,
        paint,
        (max_rows, max_cols),
        width,
    );
    let empty = g.cells.iter().filter(|c| c.is_none()).count();
    if empty > 0 {
        let _ = writeln!(
            out,
            "{empty} cell{} held by no thread (left blank)",
            super::plural(empty as i64)
        );
    }
    out
}

/// A cell's background colour: `(r, g, b)` at row, column; `None` for none.
pub type CellColour<'a> = dyn Fn(i64, i64) -> Option<(u8, u8, u8)> + 'a;

/// The one terminal grid of the thread pictures: `heading`, the column indices, the
/// `rows × cols` cells in Unicode box lines, each `label(r, c)` (ASCII) on the background
/// `colour(r, c)` as `paint` paints it (black text; none or no paint: plain), and past `max` rows
/// × columns a line saying what was left out. Only the shown cells are labelled. Wider than
/// `width` (the terminal's; `None`: a pipe), it is folded into bands of columns that fit, as the
/// integer grid is (`fold.rs`), and its heading broken at spaces. Ends with a newline.
pub fn labelled_grid(
    heading: &str,
    (rows, cols): (i64, i64),
    label: &dyn Fn(i64, i64) -> String,
    colour: &CellColour<'_>,
    paint: Paint,
    (max_rows, max_cols): (usize, usize),
    width: Option<u16>,
) -> String {
    let shown_rows = rows.min(max_rows.max(1) as i64);
    let shown_cols = cols.min(max_cols.max(1) as i64);
    let cells: Vec<Vec<Cell>> = (0..shown_rows)
        .map(|r| {
            (0..shown_cols)
                .map(|c| Cell {
                    text: label(r, c),
                    mark: paint
                        .is_on()
                        .then(|| colour(r, c))
                        .flatten()
                        .map(|(red, green, blue)| Mark::Cell(red, green, blue)),
                })
                .collect()
        })
        .collect();
    let grid = BoxGrid {
        cols: shown_cols.max(0) as usize,
        cells,
        align: Align::Left,
        row_block: None,
        col_block: None,
    };
    let mut out = String::new();
    push_line(&mut out, heading, width);
    grid.draw(&mut out, paint, width);
    super::truncation_notice(&mut out, (shown_rows, shown_cols), (rows, cols));
    out
}

/// The axes a partition's tile is drawn on: `(M, K)` for operand A of a tiled MMA, `(N, K)`
/// for B, `(M, N)` for C and a copy, none for the other partitions.
fn partition_axes(by: Partitioner) -> Option<(&'static str, &'static str)> {
    match by {
        Partitioner::Mma(Operand::A) => Some(("M", "K")),
        Partitioner::Mma(Operand::B) => Some(("N", "K")),
        Partitioner::Mma(Operand::C) | Partitioner::Copy { .. } => Some(("M", "N")),
        Partitioner::Local | Partitioner::Tiler => None,
    }
}

/// `cute show` of a partition statement: the tile as `cute show` lays a layout out (mode 0
/// down, the other modes across), each cell of the partition labelled `V<value>` (its value
/// index in the partition) on the thread's colour, the others blank; then the partition as CuTe
/// prints it and what was not drawn. Ends with a newline.
/// The picture of a partition statement as text: its tile marked ([`crate::eval::partition_statement::mark`])
/// and drawn by [`partition_terminal`] (what `cute show` and the REPL's `:show` print).
pub fn partition_picture(
    st: &PartitionStatement,
    paint: Paint,
    width: Option<u16>,
) -> Result<String, crate::eval::EvalError> {
    let marked = crate::eval::partition_statement::mark(&st.tile, st.tile_span, &st.result)?;
    Ok(partition_terminal(st, &marked, paint, width))
}

/// The tile of a partition statement with the partition's cells marked (see
/// [`partition_picture`]), folded into bands of columns when wider than `width`.
pub fn partition_terminal(
    st: &PartitionStatement,
    m: &MarkedTile,
    paint: Paint,
    width: Option<u16>,
) -> String {
    let values = m.values.len();
    let whose = match st.thread {
        Some(t) => format!("thread {t}'s {}", st.method),
        None => st.method.clone(),
    };
    let intro = format!(
        "{whose} of the tile: {values} value{}; cell V<value>{}",
        super::plural(values as i64),
        match (paint.is_on(), st.thread) {
            (false, _) => "",
            (true, Some(_)) => ", coloured by the thread's colour (CuTe's print_latex colours)",
            (true, None) => ", coloured",
        }
    );
    let mut out = String::new();
    push_line(&mut out, &intro, width);
    let tile = super::plain::render(&st.tile);
    let size = match partition_axes(st.by) {
        Some((r, c)) => format!("{r}×{c} = {}×{}", m.rows, m.cols),
        None => format!("{}×{}", m.rows, m.cols),
    };
    let heading = if st.tile_text.trim() == tile {
        format!("tile {tile}, {size}")
    } else {
        format!("tile {} = {tile}, {size}", st.tile_text.trim())
    };
    let cell = |r: i64, c: i64| m.cells[(r * m.cols + c) as usize];
    let label = |r: i64, c: i64| cell(r, c).map(|v| format!("V{v}")).unwrap_or_default();
    let thread_colour = thread_color(st.thread.unwrap_or(0));
    let colour = |r: i64, c: i64| cell(r, c).map(|_| thread_colour);
    let (max_rows, max_cols) = (crate::limits::MAX_GRID_ROWS, crate::limits::MAX_GRID_COLS);
    out.push_str(&labelled_grid(
        &heading,
        (m.rows, m.cols),
        &label,
        &colour,
        paint,
        (max_rows, max_cols),
        width,
    ));
    let hidden = m
        .values
        .iter()
        .filter(|(_, at)| {
            !at.iter()
                .any(|&(r, c)| r < max_rows as i64 && c < max_cols as i64)
        })
        .count();
    if hidden > 0 {
        let _ = writeln!(
            out,
            "{hidden} of the {values} values are in cells not shown"
        );
    }
    if m.repeated > 0 {
        let _ = writeln!(
            out,
            "{} value{} fall on a cell an earlier value holds (the cell shows the first)",
            m.repeated,
            super::plural(m.repeated as i64)
        );
    }
    if m.shared_cells > 0 {
        let _ = writeln!(
            out,
            "{} cells of the tile hold an element another cell holds too (the tile is not one-to-one): a value marks each of them",
            m.shared_cells
        );
    }
    let _ = writeln!(out, "{}: {}", st.method, super::plain::render(&st.result));
    out
}

/// `cute show --format json` of a partition statement: a `partition_picture` object (the tile
/// and the partition as values, each value's element and cells).
pub fn partition_json(st: &PartitionStatement, m: &MarkedTile) -> Result<String, RenderError> {
    let opts = RenderOptions::default();
    let values: Vec<serde_json::Value> = m
        .values
        .iter()
        .enumerate()
        .map(|(v, (element, at))| {
            serde_json::json!({
                "value": v,
                "element": element,
                "cells": at.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(serde_json::json!({
        "kind": "partition_picture",
        "method": st.method,
        "thread": st.thread,
        "operand": st.operand(),
        "tile": super::json::to_json(&st.tile, &opts)?,
        "partition": super::json::to_json(&st.result, &opts)?,
        "rows": m.rows,
        "columns": m.cols,
        "values": values,
        "repeated": m.repeated,
        "shared_cells": m.shared_cells,
    })
    .to_string())
}

/// `cute show SMEM --tv TV --format json`: an `access_picture` object, the shared-memory layout
/// as given and through the tile, the TV layout drawn, and each cell (row-major) with its thread,
/// value (`null` where no thread holds it) and bank (`null` where it has none).
pub fn access_json(
    given: &str,
    through: &str,
    g: &TvGrid,
    elem_bits: u32,
    bank: &dyn Fn(i64, i64) -> Option<i64>,
) -> String {
    let cells: Vec<Vec<serde_json::Value>> = (0..g.rows)
        .map(|r| {
            (0..g.cols)
                .map(|c| {
                    let (thread, value) = match g.cell(r, c) {
                        Some((t, v)) => (Some(t), Some(v)),
                        None => (None, None),
                    };
                    serde_json::json!({"thread": thread, "value": value, "bank": bank(r, c)})
                })
                .collect()
        })
        .collect();
    serde_json::json!({
        "kind": "access_picture",
        "smem": given,
        "through_tile": through,
        "side": g.name,
        "axes": [g.axes.0, g.axes.1],
        "tv": g.layout_tv.to_string(),
        "elem_bits": elem_bits,
        "rows": g.rows,
        "columns": g.cols,
        "cells": cells,
    })
    .to_string()
}
