//! Output formats, apart from computing: one module per format.
//!
//! [`render`] is the one entry point the CLI and the REPL call: it dispatches a value to the
//! module of the requested [`Format`]. Every renderer is a pure function returning a `String`
//! **without** a trailing newline (write it with `writeln!`); [`grid::print_layout`] on its own
//! returns CuTe's exact bytes, final newline included.

pub mod code;
pub mod cute;
pub mod explain;
mod fold;
pub mod grid;
pub mod json;
pub mod latex;
pub mod paint;
/// The plain notation: the evaluator's own ([`crate::eval::plain`]), which a program's `print`
/// writes too.
pub use crate::eval::plain;
pub mod scale_factors;
pub mod svg;
pub mod table;
pub mod tv;

use crate::algebra::tensor::Origin;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::algebra::{ComposedLayout, Layout, Offset, Swizzle};
use crate::eval::Value;

/// An output format (`--format`, `:format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// The one-line CuTe notation (SPEC §3).
    #[default]
    Plain,
    /// A table of properties (comfy-table).
    Table,
    /// A 2-D grid of the layout's values.
    Grid,
    /// A JSON object, for scripts.
    Json,
    /// CuTe C++ that constructs the value.
    Cpp,
    /// CuTe's Python DSL that constructs the value.
    Dsl,
    /// Exactly what CuTe C++'s `print()` prints (`_4` static, `4` dynamic): to diff against a
    /// program's output.
    Cute,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 7] = [
        Format::Plain,
        Format::Table,
        Format::Grid,
        Format::Json,
        Format::Cpp,
        Format::Dsl,
        Format::Cute,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Plain => "plain",
            Format::Table => "table",
            Format::Grid => "grid",
            Format::Json => "json",
            Format::Cpp => "cpp",
            Format::Dsl => "dsl",
            Format::Cute => "cute",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a name is no output format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The name is none of [`Format::ALL`]'s (nor `c++`).
    #[error(
        "unknown format '{0}' (expected one of {names})",
        names = Format::ALL.map(Format::name).join(", ")
    )]
    Unknown(String),
}

impl FromStr for Format {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Format, FormatError> {
        let t = s.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.name() == t || (t == "c++" && *f == Format::Cpp))
            .ok_or_else(|| FormatError::Unknown(s.to_string()))
    }
}

/// Options shared by the renderers. `Default` is: no colour, terminal grid, colour by index,
/// no value listing.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Colour, as the front end paints it ([`paint::Paint::NONE`]: plain text; the CLI decides
    /// by a terminal, `--color`, `NO_COLOR`).
    pub paint: paint::Paint,
    /// The width in columns that tables wrap to (the front end's terminal); `None`: no wrapping.
    pub width: Option<u16>,
    /// Grid: print exactly as CuTe's `print_layout` does (`--style cute`).
    pub style_cute: bool,
    /// Grid: colour cells by shared-memory bank for elements of this many bits
    /// (`--color-by bank --elem-bits N`) instead of by index modulo 8.
    pub color_by_bank: Option<u32>,
    /// JSON: include the values `L(i)` (capped, see [`json::MAX_VALUES`]).
    pub with_values: bool,
}

/// CuTe's `TikzColor_TV` / `SVGColor_TV`: the colour of thread `tid` is entry `tid % 8`.
pub const TV_COLORS: [(u8, u8, u8); 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

/// The line saying how much of a grid was left out, if any.
pub(crate) fn truncation_notice(out: &mut String, shown: (i64, i64), total: (i64, i64)) {
    let (left_rows, left_cols) = (total.0 - shown.0, total.1 - shown.1);
    if left_rows <= 0 && left_cols <= 0 {
        return;
    }
    let mut parts = Vec::new();
    if left_rows > 0 {
        parts.push(format!("{left_rows} more row{}", plural(left_rows)));
    }
    if left_cols > 0 {
        parts.push(format!("{left_cols} more column{}", plural(left_cols)));
    }
    let _ = writeln!(
        out,
        "… showing the top-left {}×{} of {}×{} cells; {} not shown",
        shown.0,
        shown.1,
        total.0,
        total.1,
        parts.join(" and ")
    );
}

/// `s` unless `n` is 1.
pub(crate) fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A table that fits `width` columns (the front end's terminal): its columns wrap to it
/// (comfy-table's dynamic arrangement); with `None` (a pipe) it stays whole, one row a line.
/// A printing statement's line (`print(x)`, `cute.printf`) in `format`: its values as CuTe's
/// `print` writes them under `--format cute`, in the plain notation otherwise (a line of text
/// has no table, grid or JSON form: the JSON record carries this text).
pub fn text_line(parts: &[crate::eval::TextPart], format: Format) -> String {
    match format {
        Format::Cute => plain::text_line_with(parts, cute::write_value),
        _ => plain::text_line(parts),
    }
}

pub fn fitted_table(width: Option<u16>) -> comfy_table::Table {
    let mut t = comfy_table::Table::new();
    if let Some(width) = width {
        t.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
        t.set_width(width);
    }
    t
}

/// A renderer's failure: a message naming the condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderError(pub String);

impl RenderError {
    /// An error with a message.
    pub fn new(msg: impl Into<String>) -> RenderError {
        RenderError(msg.into())
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

impl From<crate::algebra::AlgebraError> for RenderError {
    fn from(e: crate::algebra::AlgebraError) -> Self {
        RenderError(e.to_string())
    }
}

impl From<RenderError> for String {
    fn from(e: RenderError) -> String {
        e.0
    }
}

/// Render a value in a format. The text has no trailing newline.
pub fn render(v: &Value, format: Format, opts: &RenderOptions) -> Result<String, RenderError> {
    let out = match format {
        Format::Plain => {
            let mut line = plain::render(v);
            push_values(v, opts, &mut line)?;
            Ok(line)
        }
        Format::Table => table::render(v, opts.width),
        Format::Grid => grid::render(v, opts),
        Format::Json => json::render(v, opts),
        Format::Cpp => code::cpp(v),
        Format::Dsl => code::dsl(v),
        Format::Cute => Ok(cute::render(v)),
    }?;
    Ok(strip_newline(out))
}

/// The values `L(0) L(1) …` of a value that is a function of an index (a layout, a composed
/// layout, a tensor over a layout), on one line as the `print1D(layout)` of CuTe's layout docs
/// lists them, blank-separated: at most [`json::MAX_VALUES`], then `…`. `None` for any other
/// value.
pub fn values_listing(v: &Value) -> Result<Option<String>, RenderError> {
    let Some(f) = LayoutFn::of(v) else {
        return Ok(None);
    };
    if v.has_basis() {
        return Ok(None);
    }
    let (vals, truncated) = json::values(f)?;
    let mut line = String::with_capacity(vals.len() * 4);
    for (i, x) in vals.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        line.push_str(&x.to_string());
    }
    if truncated {
        line.push_str(" …");
    }
    Ok(Some(line))
}

/// With `--values` (`opts.with_values`), the one-line notation of a value that has values is
/// followed by them as a comment, so that the line still reads back as the value:
/// `(4,2):(2,1)  # values: 0 2 4 6 1 3 5 7`.
fn push_values(v: &Value, opts: &RenderOptions, out: &mut String) -> Result<(), RenderError> {
    if !opts.with_values {
        return Ok(());
    }
    if let Some(list) = values_listing(v)? {
        out.push_str("  # values: ");
        out.push_str(&list);
    }
    Ok(())
}

/// [`render`] appended to `out` (the one-line notation without a copy).
pub fn render_into(
    v: &Value,
    format: Format,
    opts: &RenderOptions,
    out: &mut String,
) -> Result<(), RenderError> {
    match format {
        Format::Plain => {
            let start = out.len();
            plain::write_value(out, v);
            pop_final_newline(out, start);
            push_values(v, opts, out)?;
        }
        _ => out.push_str(&render(v, format, opts)?),
    }
    Ok(())
}

/// What `cute show` prints: the table of properties, then the grid (when the value has one).
/// With `style_cute`, only CuTe's `print_layout` grid (byte for byte, without its final newline).
pub fn show(v: &Value, opts: &RenderOptions) -> Result<String, RenderError> {
    if opts.style_cute {
        return grid::render(v, opts).map(strip_newline);
    }
    let mut out = table::render(v, opts.width)?;
    // a scale-factor layout: its blocks, not one cell per element
    if let Some(p) = scale_factors::picture(v, opts) {
        out.push_str("\n\n");
        match p {
            Ok(p) => out.push_str(&p),
            Err(e) => out.push_str(&format!("(no scale-factor picture: {e})")),
        }
    // a layout into coordinates (basis strides) has its listing, no grid of integers
    } else if LayoutFn::of(v).is_some() && !v.has_basis() {
        out.push_str("\n\n");
        out.push_str(&grid::render(v, opts)?);
    }
    if let Some(p) = tv::tmem_tensor_picture(v, opts) {
        out.push_str("\n\n");
        match p {
            Ok(p) => out.push_str(&p),
            Err(e) => out.push_str(&format!("(no TMEM grid: {e})")),
        }
    }
    if let Some(p) = tv::picture(v) {
        out.push_str("\n\n");
        match p {
            Ok(p) => out.push_str(&tv::render_terminal(&p, opts)),
            Err(e) => out.push_str(&format!("(no thread/value grids: {e})")),
        }
    }
    Ok(strip_newline(out))
}

/// What `cute show` prints in a format: the table and the picture (plain), the table alone
/// (table), the grid alone (grid), JSON (the properties, and with `--values` the values), or
/// the value's code (cpp, dsl).
pub fn show_as(v: &Value, format: Format, opts: &RenderOptions) -> Result<String, RenderError> {
    match format {
        Format::Plain => show(v, opts),
        Format::Grid if !opts.style_cute => grid::render(v, opts).map(strip_newline),
        Format::Json => {
            let mut j = json::to_json(v, opts)?;
            if let (Some(f), serde_json::Value::Object(m)) = (LayoutFn::of(v), &mut j) {
                let p = table::properties(f)?;
                let decided = |d: &table::Decided| match d {
                    table::Decided::Yes => serde_json::json!(true),
                    table::Decided::No => serde_json::json!(false),
                    table::Decided::Unknown(_) => serde_json::Value::Null,
                };
                m.insert(
                    "properties".into(),
                    serde_json::json!({
                        "injective": decided(&p.injective),
                        "surjective": decided(&p.surjective),
                        "bijective": decided(&p.bijective),
                        "column_major": p.column_major,
                        "row_major": p.row_major,
                    }),
                );
            }
            Ok(j.to_string())
        }
        Format::Table | Format::Cpp | Format::Dsl | Format::Grid | Format::Cute => {
            render(v, format, opts)
        }
    }
}

/// The picture a statement asks for: `print_layout(x)` is CuTe's grid, byte for byte;
/// `print_latex(x)` its LaTeX picture. The text has no trailing newline.
pub fn picture(kind: crate::parser::Picture, v: &Value) -> Result<String, RenderError> {
    picture_as(kind, v, Format::Plain)
}

/// [`picture`], in a session printing values as `format` does: under `--format cute`,
/// `print_layout`'s title line is CuTe's `print` of the layout (`(2,4):(_1,2)`), as CuTe
/// writes it.
pub fn picture_as(
    kind: crate::parser::Picture,
    v: &Value,
    format: Format,
) -> Result<String, RenderError> {
    if format == Format::Cute
        && kind == crate::parser::Picture::Layout
        && let Value::Layout(l) = v
    {
        let mut title = String::new();
        cute::write_value(&mut title, v);
        return grid::print_layout_titled(&title, l).map(strip_newline);
    }
    if format == Format::Cute
        && kind == crate::parser::Picture::Layout
        && let Value::LayoutComposed(t) = v
        && t.origin.is_none()
    {
        let mut title = String::new();
        cute::write_value(&mut title, v);
        return grid::print_layout_after(&t.layout, &title).map(strip_newline);
    }
    // a swizzled layout (made position-independent first, as CuTe's print_layout does) and a
    // composed layout of a composed layout, titled as CuTe prints them
    if format == Format::Cute && kind == crate::parser::Picture::Layout {
        let independent;
        let shown = match v {
            Value::Composed(c) => {
                independent = Value::composed(position_independent(c)?);
                &independent
            }
            v => v,
        };
        if let Value::Composed(_) | Value::NestedComposed(_) = shown
            && let Some(f) = LayoutFn::of(shown)
        {
            let mut title = String::new();
            cute::write_value(&mut title, shown);
            return grid::print_layout_of(&title, f).map(strip_newline);
        }
    }
    picture_inner(kind, v)
}

fn picture_inner(kind: crate::parser::Picture, v: &Value) -> Result<String, RenderError> {
    match kind {
        crate::parser::Picture::Layout => show(
            v,
            &RenderOptions {
                style_cute: true,
                ..RenderOptions::default()
            },
        ),
        crate::parser::Picture::Latex => latex::render(v).map(strip_newline),
    }
}

fn strip_newline(mut s: String) -> String {
    pop_final_newline(&mut s, 0);
    s
}

/// Remove the newline that ends `s`, if what was written from byte `from` on ends with one.
fn pop_final_newline(s: &mut String, from: usize) {
    if s.len() > from && s.ends_with('\n') {
        s.pop();
    }
}

/// A value that is a function of a 1-D index: a layout, a composed layout `Sw o OFF o L`, an
/// offset layout `OFF o L`, or a layout composed with a layout `A o O o B` (of any depth, its
/// domain `B`'s right-most layout's). Shared by the grid, the table and JSON.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LayoutFn<'a> {
    /// `L`.
    Plain(&'a Layout),
    /// `Sw o OFF o L`.
    Composed(&'a ComposedLayout),
    /// `OFF o L`.
    Offset(i64, &'a Layout),
    /// `A o O o B` into integers, and the layout `B` ends in (a swizzle has no domain).
    After(
        &'a crate::algebra::layout_composed::LayoutComposed,
        &'a Layout,
    ),
    /// `Sw o OFF o (Sw' o OFF' o L)`.
    Nested(&'a crate::algebra::swizzle::NestedComposed),
}

impl<'a> LayoutFn<'a> {
    /// The function view of a value, when it has one.
    pub(crate) fn of(v: &'a Value) -> Option<LayoutFn<'a>> {
        // a layout into coordinates (basis strides) is no function into integers
        if v.has_basis() {
            return None;
        }
        match v {
            Value::Layout(l) => Some(LayoutFn::Plain(l)),
            Value::Composed(c) => Some(LayoutFn::Composed(c)),
            Value::OffsetLayout(Origin::Count(o), l) => Some(LayoutFn::Offset(o.value, l)),
            Value::LayoutComposed(t)
                if t.origin.is_none()
                    && !t.layout.maps_to_coordinates()
                    && t.layout.offset.is_int()
                    && t.layout.offset.basis().is_none() =>
            {
                t.layout
                    .inner_layout()
                    .map(|l| LayoutFn::After(&t.layout, l))
            }
            Value::NestedComposed(n)
                if !matches!(n.offset, crate::algebra::swizzle::Offset::SmemPtr(_)) =>
            {
                Some(LayoutFn::Nested(n))
            }
            _ => None,
        }
    }

    /// The (inner) layout that gives the domain.
    pub(crate) fn layout(&self) -> &'a Layout {
        match self {
            LayoutFn::Plain(l) | LayoutFn::Offset(_, l) => l,
            LayoutFn::Composed(c) => &c.layout,
            LayoutFn::After(_, l) => l,
            LayoutFn::Nested(n) => &n.inner.layout,
        }
    }

    /// Map a value of the inner layout to the value of the whole function.
    pub(crate) fn outer(&self, inner: i64) -> Result<i64, RenderError> {
        match self {
            LayoutFn::Plain(_) => Ok(inner),
            LayoutFn::Offset(o, _) => o
                .checked_add(inner)
                .ok_or_else(|| RenderError::new("integer overflow adding the offset")),
            LayoutFn::Composed(c) => Ok(c.apply_outer(inner)?),
            LayoutFn::After(c, _) => Ok(c.outer_at(inner)?),
            LayoutFn::Nested(n) => Ok(n.outer_at(n.inner.apply_outer(inner)?)?),
        }
    }

    /// The function at a 1-D index.
    pub(crate) fn at(&self, i: i64) -> Result<i64, RenderError> {
        self.outer(self.layout().at(i)?)
    }
}

/// CuTe's `as_position_independent_swizzle_layout`: a GMMA atom `Sw o smem_ptr[Nb] o L` as the
/// element-level `Sw' o 0 o L` (the swizzle recast from bytes to N-bit elements). Other composed
/// layouts are returned as they are.
pub(crate) fn position_independent(c: &ComposedLayout) -> Result<ComposedLayout, RenderError> {
    let bits = match c.offset {
        Offset::Int(_) | Offset::Mixed { .. } => return Ok(c.clone()),
        Offset::SmemPtr(bits) => bits,
    };
    let sw = c.swizzle;
    let log2 = |n: i64| -> Option<i64> {
        (n > 0 && n & (n - 1) == 0).then(|| i64::from(n.trailing_zeros()))
    };
    let recast = if bits >= 8 && bits % 8 == 0 {
        // upcast<bits/8>: fewer, wider elements.
        let l = log2(bits / 8).ok_or_else(|| {
            RenderError::new(format!("element width {bits}b is not a power of two bytes"))
        })?;
        let new_m = sw.base - l;
        if new_m >= 0 {
            Swizzle { base: new_m, ..sw }
        } else {
            Swizzle {
                bits: (sw.bits + new_m).max(0),
                base: 0,
                shift: sw.shift,
            }
        }
    } else if bits > 0 && 8 % bits == 0 {
        // downcast<8/bits>: more, narrower elements.
        let l = log2(8 / bits).expect("8/bits is 1, 2, 4 or 8");
        Swizzle {
            base: sw.base + l,
            ..sw
        }
    } else {
        return Err(RenderError::new(format!(
            "unsupported element width {bits}b for a swizzled shared-memory layout"
        )));
    };
    Ok(ComposedLayout {
        swizzle: recast,
        offset: Offset::ZERO,
        layout: c.layout.clone(),
    })
}

/// The cells of CuTe's `print_latex(Layout)` (and of its SVG, [`svg`]): a layout of rank at
/// most 2 (rank 0 and 1 padded with `1:0` modes, as `append<2>(layout, Layout<_1,_0>{})`),
/// its value at each `(m, n)`.
pub(crate) struct LayoutCells {
    /// The layout drawn, in the notation (the SVG's comment).
    pub title: String,
    /// The layout drawn as CuTe prints it (`--format cute`'s text): `print_latex`'s comment.
    pub cute_title: String,
    /// `M`, the rows (mode 0's size).
    pub rows: i64,
    /// `N`, the columns (mode 1's size).
    pub cols: i64,
    /// The values, row by row: `cells[m * cols + n] = layout(m, n)`.
    pub cells: Vec<i64>,
}

/// The cells of a layout, or of a composed layout made position-independent first (as CuTe's
/// `print_latex` does); `None` for another value. `what` names the picture in messages.
pub(crate) fn layout_cells(v: &Value, what: &str) -> Option<Result<LayoutCells, RenderError>> {
    match v {
        Value::Layout(l) => Some(cells_of(
            &l.append_to_rank(2).to_string(),
            cute::render(&Value::Layout(l.append_to_rank(2))),
            l,
            &|x| Ok(x),
            what,
        )),
        Value::Composed(c) => Some(position_independent(c).and_then(|pi| {
            let f = LayoutFn::Composed(&pi);
            cells_of(
                &pi.to_string(),
                cute::render(&Value::composed(pi.clone())),
                &pi.layout,
                &|x| f.outer(x),
                what,
            )
        })),
        _ => None,
    }
}

fn cells_of(
    title: &str,
    cute_title: String,
    l: &Layout,
    outer: &dyn Fn(i64) -> Result<i64, RenderError>,
    what: &str,
) -> Result<LayoutCells, RenderError> {
    if l.rank() > 2 {
        return Err(RenderError::new(format!(
            "{what} takes a layout of rank at most 2 (CuTe: static_assert), and {l} has rank {}",
            l.rank()
        )));
    }
    let l2 = l.append_to_rank(2);
    let (rows, cols) = (l2.mode(0)?, l2.mode(1)?);
    let (m_size, n_size) = (rows.size()?, cols.size()?);
    if m_size.saturating_mul(n_size) > tv::MAX_CELLS {
        return Err(RenderError::new(format!(
            "{what} of {m_size}x{n_size} cells is larger than the limit of {} cells",
            tv::MAX_CELLS
        )));
    }
    let mut row_off = Vec::new();
    for_each_value(&rows, |x| row_off.push(x))?;
    let mut col_off = Vec::new();
    for_each_value(&cols, |x| col_off.push(x))?;
    let mut cells = Vec::with_capacity(row_off.len() * col_off.len());
    for r in &row_off {
        for c in &col_off {
            cells.push(outer(r.checked_add(*c).ok_or_else(|| {
                RenderError::new("integer overflow evaluating the layout")
            })?)?);
        }
    }
    Ok(LayoutCells {
        title: title.to_string(),
        cute_title,
        rows: m_size,
        cols: n_size,
        cells,
    })
}

/// Call `f` with `L(i)` for every `i` in `[0, size)`, in order, without allocating per value.
/// The caller makes sure the size is small enough; fails when the cosize overflows.
pub(crate) fn for_each_value(l: &Layout, mut f: impl FnMut(i64)) -> Result<(), RenderError> {
    l.cosize()?; // every value is bounded by the cosize
    let shape = l.shape().leaves();
    let stride = l.stride().leaves();
    let size = l.size()?;
    let mut crd = vec![0i64; shape.len()];
    let mut off = 0i64;
    for _ in 0..size {
        f(off);
        // advance the colexicographic odometer
        for k in 0..shape.len() {
            crd[k] += 1;
            off = off.wrapping_add(stride[k]);
            if crd[k] < shape[k] {
                break;
            }
            // wrapping: intermediate sums may leave the range, the values themselves do not
            off = off.wrapping_sub(stride[k].wrapping_mul(shape[k]));
            crd[k] = 0;
        }
    }
    Ok(())
}

/// Render a value every way the CLI can: each format, the grid as CuTe's `print_layout`, JSON
/// with its values, and `cute show` with bank colours (the fuzzers and the no-panic tests drive
/// this; errors are expected and ignored).
pub fn render_every_way(v: &Value) {
    for f in Format::ALL {
        let _ = render(v, f, &RenderOptions::default());
    }
    let cute_style = RenderOptions {
        style_cute: true,
        ..RenderOptions::default()
    };
    let _ = render(v, Format::Grid, &cute_style);
    let with_values = RenderOptions {
        with_values: true,
        ..RenderOptions::default()
    };
    let _ = render(v, Format::Json, &with_values);
    let banks = RenderOptions {
        paint: paint::Paint::with(paint::bracketed),
        color_by_bank: Some(16),
        // a narrow terminal: wide grids fold
        width: Some(60),
        ..RenderOptions::default()
    };
    let _ = show(v, &banks);
}
