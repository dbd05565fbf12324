//! Tables of a value's properties (comfy-table): what `cute show` and `:show` print first.

use std::fmt;

use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};

use super::{LayoutFn, RenderError, for_each_value, plain};
use crate::algebra::coord::idx2crd;
use crate::algebra::{IntTuple, Layout, Offset, Swizzle};
use crate::eval::Value;

/// Up to this size, injectivity and surjectivity are decided by evaluating every index.
pub const ENUMERATE_LIMIT: i64 = crate::limits::MAX_ENUMERATED;

/// Below this size, the table lists every index `i -> L(i)`.
pub const LISTING_LIMIT: i64 = crate::limits::MAX_LISTED_VALUES;

/// A property that is decided, or could not be within the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided {
    /// It holds.
    Yes,
    /// It does not hold.
    No,
    /// Not decided, and why.
    Unknown(String),
}

impl Decided {
    fn from_bool(b: bool) -> Decided {
        if b { Decided::Yes } else { Decided::No }
    }

    fn and(&self, other: &Decided) -> Decided {
        match (self, other) {
            (Decided::No, _) | (_, Decided::No) => Decided::No,
            (Decided::Yes, Decided::Yes) => Decided::Yes,
            (Decided::Unknown(w), _) | (_, Decided::Unknown(w)) => Decided::Unknown(w.clone()),
        }
    }

    /// Whether it is known to hold.
    pub fn is_yes(&self) -> bool {
        *self == Decided::Yes
    }
}

impl fmt::Display for Decided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decided::Yes => f.write_str("yes"),
            Decided::No => f.write_str("no"),
            Decided::Unknown(why) => write!(f, "unknown ({why})"),
        }
    }
}

/// The properties of a layout's function (or of a composed / offset layout's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Properties {
    /// `size(L)`.
    pub size: i64,
    /// `cosize(L)` (of the inner layout, as CuTe's `cosize` of a composed layout).
    pub cosize: i64,
    /// Distinct indices give distinct values.
    pub injective: Decided,
    /// Every value of `[lo, lo + cosize)` is taken (and none outside it), `lo` being 0, or the
    /// offset of an offset layout.
    pub surjective: Decided,
    /// Both.
    pub bijective: Decided,
    /// The same function as `make_layout(shape)` (compact column-major); of the inner layout.
    pub column_major: bool,
    /// The same function as `make_layout(shape, LayoutRight{})`; of the inner layout.
    pub row_major: bool,
}

const TOO_LARGE: &str = "too large";

/// The properties of a function of a layout. Enumerates only up to [`ENUMERATE_LIMIT`] values;
/// past it decides what it can from the strides.
pub(crate) fn properties(f: LayoutFn<'_>) -> Result<Properties, RenderError> {
    let l = f.layout();
    let size = l.size()?;
    let cosize = l.cosize()?;
    let (column_major, row_major) = compact_majors(l)?;

    let (injective, surjective) = match f {
        // `OFF o L` is L shifted: the same answers, onto [OFF, OFF + cosize).
        LayoutFn::Plain(l) | LayoutFn::Offset(_, l) => {
            if size <= ENUMERATE_LIMIT {
                let mut vals = Vec::with_capacity(size as usize);
                for_each_value(l, |v| vals.push(v))?;
                decide_by_values(vals, cosize)
            } else {
                decide_by_strides(l, size, cosize)
            }
        }
        LayoutFn::Composed(_) | LayoutFn::After(..) | LayoutFn::Nested(_) => {
            if size <= ENUMERATE_LIMIT {
                let mut vals = Vec::with_capacity(size as usize);
                let mut err = None;
                for_each_value(l, |v| match f.outer(v) {
                    Ok(x) => vals.push(x),
                    Err(e) => err = Some(e),
                })?;
                if let Some(e) = err {
                    return Err(e);
                }
                decide_by_values(vals, cosize)
            } else if let LayoutFn::Composed(c) = f {
                large_composed(c, l, size, cosize)?
            } else {
                (
                    Decided::Unknown(TOO_LARGE.into()),
                    Decided::Unknown(TOO_LARGE.into()),
                )
            }
        }
    };
    let bijective = injective.and(&surjective);
    Ok(Properties {
        size,
        cosize,
        injective,
        surjective,
        bijective,
        column_major,
        row_major,
    })
}

/// A composed layout too large to enumerate. A swizzle is a bijection of the integers that maps
/// every aligned block of `2^(B+M+|S|)` onto itself: `Sw o 0 o L` is injective exactly when `L`
/// is, and surjective onto `[0, cosize)` exactly when `L` is, if the cosize is such a multiple.
fn large_composed(
    c: &crate::algebra::ComposedLayout,
    l: &Layout,
    size: i64,
    cosize: i64,
) -> Result<(Decided, Decided), RenderError> {
    let (inj_l, sur_l) = decide_by_strides(l, size, cosize);
    let unknown = || Decided::Unknown(TOO_LARGE.into());
    let injective = match c.offset {
        Offset::Int(_) | Offset::Mixed { .. } => inj_l,
        Offset::SmemPtr(bits) if bits >= 8 => inj_l,
        Offset::SmemPtr(_) => unknown(),
    };
    let pi = super::position_independent(c)?;
    let block = 1i64 << (pi.swizzle.bits + pi.swizzle.base + pi.swizzle.shift.abs());
    let surjective = if size < cosize {
        Decided::No
    } else if pi.offset.as_int().is_some_and(|o| o.value == 0) && cosize % block == 0 {
        sur_l
    } else {
        unknown()
    };
    Ok((injective, surjective))
}

/// Whether the layout has the function of the compact column-major / row-major layout of its
/// shape. Coalescing is canonical for a layout's function, so this is exact and costs nothing.
fn compact_majors(l: &Layout) -> Result<(bool, bool), RenderError> {
    let c = l.coalesce()?;
    let col = Layout::column_major(l.shape().to_owned())?.coalesce()?;
    let row = Layout::row_major(l.shape().to_owned())?.coalesce()?;
    Ok((c == col, c == row))
}

fn decide_by_values(mut vals: Vec<i64>, cosize: i64) -> (Decided, Decided) {
    let size = vals.len() as i64;
    vals.sort_unstable();
    let injective = vals.windows(2).all(|w| w[0] != w[1]);
    let in_range = vals.first().is_none_or(|v| *v >= 0) && vals.last().is_none_or(|v| *v < cosize);
    let distinct = if injective {
        size
    } else {
        let mut d = vals.clone();
        d.dedup();
        d.len() as i64
    };
    let surjective = in_range && distinct == cosize;
    (
        Decided::from_bool(injective),
        Decided::from_bool(surjective),
    )
}

/// Decide from the strides alone (for layouts too large to enumerate).
fn decide_by_strides(l: &Layout, size: i64, cosize: i64) -> (Decided, Decided) {
    let modes: Vec<(i64, i64)> = l
        .shape()
        .leaves()
        .into_iter()
        .zip(l.stride().leaves())
        .filter(|(s, _)| *s > 1)
        .collect();
    let injective = if modes.iter().any(|(_, d)| *d == 0) {
        Decided::No
    } else {
        // Sorted by |stride|, each stride at least the span of the ones before: mixed-radix
        // digits, so distinct coordinates give distinct values.
        let mut sorted: Vec<(i64, u64)> =
            modes.iter().map(|(s, d)| (*s, d.unsigned_abs())).collect();
        sorted.sort_by_key(|(_, d)| *d);
        let radix = sorted
            .windows(2)
            .all(|w| (w[0].1 as u128) * (w[0].0 as u128) <= w[1].1 as u128);
        if radix {
            Decided::Yes
        } else {
            Decided::Unknown(TOO_LARGE.into())
        }
    };
    let surjective = if size < cosize || modes.iter().any(|(_, d)| *d < 0) {
        // Fewer values than targets, or a negative value (L(0) = 0, so the range is shifted).
        Decided::No
    } else if injective.is_yes() && size == cosize {
        Decided::Yes
    } else {
        Decided::Unknown(TOO_LARGE.into())
    };
    (injective, surjective)
}

fn new_table(width: Option<u16>) -> Table {
    let mut t = super::fitted_table(width);
    t.load_style(UTF8_FULL_CONDENSED.with_rounded_corners());
    t
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The table of a value's properties. Layouts of fewer than [`LISTING_LIMIT`] elements get a
/// second table listing every index.
/// Its tables wrap to `width` columns (the terminal's; `None`: no wrapping).
pub fn render(v: &Value, width: Option<u16>) -> Result<String, RenderError> {
    match v {
        Value::Layout(l) if l.stride().has_basis() => {
            return coordinate_tables(width, None, l, &plain::render(v));
        }
        Value::OffsetLayout(o, l) if v.has_basis() => {
            return coordinate_tables(width, Some(o), l, &plain::render(v));
        }
        _ => {}
    }
    if let Some(f) = LayoutFn::of(v) {
        return layout_tables(width, f, &plain::render(v));
    }
    let mut t = new_table(width);
    t.set_header(vec!["property", "value"]);
    t.add_row(vec!["kind".to_string(), kind_name(v).to_string()]);
    t.add_row(vec!["value".to_string(), plain::render(v)]);
    match v {
        Value::IntTuple(it) if !it.is_int() => {
            t.add_row(vec!["rank".to_string(), it.rank().to_string()]);
            t.add_row(vec!["depth".to_string(), it.depth().to_string()]);
            t.add_row(vec![
                "size (product)".to_string(),
                it.product()
                    .map(|p| p.to_string())
                    .unwrap_or_else(|e| e.to_string()),
            ]);
        }
        Value::Swizzle(s) => swizzle_rows(&mut t, s, ""),
        Value::Tuple(items) => {
            t.add_row(vec!["rank".to_string(), items.len().to_string()]);
            for (i, e) in items.iter().enumerate() {
                t.add_row(vec![
                    format!("mode {i}"),
                    format!("{}: {}", kind_name(e), plain::render(e)),
                ]);
            }
        }
        _ => {}
    }
    Ok(t.to_string())
}

fn swizzle_rows(t: &mut Table, s: &Swizzle, prefix: &str) {
    t.add_row(vec![
        format!("{prefix}BBits (mask bits)"),
        s.bits.to_string(),
    ]);
    t.add_row(vec![
        format!("{prefix}MBase (constant low bits)"),
        s.base.to_string(),
    ]);
    t.add_row(vec![format!("{prefix}SShift (shift)"), s.shift.to_string()]);
    t.add_row(vec![
        format!("{prefix}YYY mask (read)"),
        format!("{:#b}", s.yyy_msk()),
    ]);
    t.add_row(vec![
        format!("{prefix}ZZZ mask (flipped)"),
        format!("{:#b}", s.zzz_msk()),
    ]);
}

/// A short name of the kind of a value.
fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::IntTuple(t) if t.is_int() => "integer",
        Value::IntTuple(_) => "IntTuple",
        Value::Bool(_) => "boolean",
        Value::Layout(_) => "layout",
        Value::Under => "underscore",
        Value::Tuple(items)
            if items
                .iter()
                .all(|e| matches!(e, Value::Layout(_) | Value::Under)) =>
        {
            "tiler"
        }
        Value::Tuple(_) => "tuple",
        Value::Swizzle(_) => "swizzle",
        Value::Composed(_) => "composed layout",
        Value::Offset(_) => "pointer",
        Value::SwizzleOffset(..) => "swizzle with offset",
        Value::OffsetLayout(crate::algebra::tensor::Origin::Ptr(_), _) => "tensor over memory",
        Value::OffsetLayout(..) => "offset layout",
        Value::SwizzledTensor(..) => "tensor over a swizzled layout",
        Value::Pointer(_) => "pointer",
        Value::Name(_) => "name",
        #[allow(unreachable_patterns)]
        _ => v.kind(),
    }
}

/// The tables of a layout into coordinates (basis strides, `1@0`) or an identity tensor: its
/// shape, strides and codomain (coshape), and, when small, each index with the coordinate it
/// maps to (CuTe's arithmetic tuple).
fn coordinate_tables(
    width: Option<u16>,
    origin: Option<&crate::algebra::tensor::Origin>,
    l: &Layout,
    text: &str,
) -> Result<String, RenderError> {
    let err = |e: crate::algebra::AlgebraError| RenderError::new(e.to_string());
    let mut t = new_table(width);
    t.set_header(vec!["property", "value"]);
    let kind = match origin {
        None => "layout into coordinates (basis strides)",
        Some(_) => "identity tensor (coordinates)",
    };
    t.add_row(vec!["kind", kind]);
    t.add_row(vec!["value", text]);
    if let Some(o) = origin {
        t.add_row(vec!["start".to_string(), o.to_string()]);
    }
    t.add_row(vec!["shape".to_string(), l.shape().to_string()]);
    t.add_row(vec!["stride".to_string(), l.stride().to_string()]);
    let size = l.size().map_err(err)?;
    t.add_row(vec!["size".to_string(), size.to_string()]);
    let coshape = crate::algebra::layout_ops::coshape(l).map_err(err)?;
    t.add_row(vec!["coshape".to_string(), coshape.to_string()]);
    t.add_row(vec!["rank".to_string(), l.rank().to_string()]);
    t.add_row(vec!["depth".to_string(), l.depth().to_string()]);
    let mut out = t.to_string();
    if size < LISTING_LIMIT {
        let mut list = new_table(width);
        list.set_header(vec!["i", "coordinate", "value"]);
        for i in 0..size {
            let crd = idx2crd(&IntTuple::int(i), l.shape())?;
            let at = l.eval_index(&IntTuple::int(i)).map_err(err)?;
            let value = match origin {
                Some(o) => o.element(&at).map_err(err)?,
                None => at,
            };
            list.add_row(vec![i.to_string(), crd.to_string(), value.to_string()]);
        }
        out.push('\n');
        out.push_str(&list.to_string());
    }
    Ok(out)
}

fn layout_tables(width: Option<u16>, f: LayoutFn<'_>, text: &str) -> Result<String, RenderError> {
    let l = f.layout();
    let mut t = new_table(width);
    t.set_header(vec!["property", "value"]);
    let kind = match f {
        LayoutFn::Plain(_) => "layout",
        LayoutFn::Composed(_) | LayoutFn::Nested(_) => "composed layout",
        LayoutFn::Offset(..) => "offset layout",
        LayoutFn::After(..) => "layout composed with a layout",
    };
    t.add_row(vec!["kind", kind]);
    t.add_row(vec!["value", text]);
    let inner = match f {
        LayoutFn::Plain(_) => "",
        LayoutFn::Composed(c) => {
            t.add_row(vec!["swizzle".to_string(), c.swizzle.to_string()]);
            t.add_row(vec!["offset".to_string(), c.offset.to_string()]);
            t.add_row(vec!["layout".to_string(), c.layout.to_string()]);
            "layout "
        }
        LayoutFn::Offset(o, l) => {
            t.add_row(vec!["offset".to_string(), o.to_string()]);
            t.add_row(vec!["layout".to_string(), l.to_string()]);
            "layout "
        }
        // A o O o B: its functions as CuTe prints them, and B's right-most layout, whose
        // shape the whole has
        LayoutFn::After(c, _) => {
            let stage = |s: &crate::algebra::layout_composed::Stage| match s {
                crate::algebra::layout_composed::Stage::Composed(c) => c.flat_text(),
                s => s.to_string(),
            };
            t.add_row(vec!["outer (A)".to_string(), stage(&c.outer)]);
            t.add_row(vec!["offset (O)".to_string(), c.offset.to_string()]);
            t.add_row(vec!["inner (B)".to_string(), stage(&c.inner)]);
            t.add_row(vec!["layout".to_string(), l.to_string()]);
            "layout "
        }
        LayoutFn::Nested(n) => {
            t.add_row(vec!["swizzle".to_string(), n.swizzle.to_string()]);
            t.add_row(vec!["offset".to_string(), n.offset.to_string()]);
            t.add_row(vec!["inner".to_string(), n.inner.to_string()]);
            t.add_row(vec!["layout".to_string(), l.to_string()]);
            "layout "
        }
    };
    t.add_row(vec![format!("{inner}shape"), l.shape().to_string()]);
    t.add_row(vec![format!("{inner}stride"), l.stride().to_string()]);
    let props = properties(f);
    let (size, cosize) = match &props {
        Ok(p) => (p.size.to_string(), p.cosize.to_string()),
        Err(_) => (
            l.size()
                .map(|s| s.to_string())
                .unwrap_or_else(|e| e.to_string()),
            l.cosize()
                .map(|s| s.to_string())
                .unwrap_or_else(|e| e.to_string()),
        ),
    };
    t.add_row(vec!["size".to_string(), size]);
    t.add_row(vec!["cosize".to_string(), cosize]);
    t.add_row(vec!["rank".to_string(), l.rank().to_string()]);
    t.add_row(vec!["depth".to_string(), l.depth().to_string()]);
    match &props {
        Ok(p) => {
            let lo = match f {
                LayoutFn::Offset(o, _) => o,
                _ => 0,
            };
            let range = format!("[{lo},{})", lo.saturating_add(p.cosize));
            t.add_row(vec!["injective".to_string(), p.injective.to_string()]);
            t.add_row(vec![
                format!("surjective onto {range}"),
                p.surjective.to_string(),
            ]);
            t.add_row(vec![
                format!("bijective onto {range}"),
                p.bijective.to_string(),
            ]);
            t.add_row(vec![
                format!("{inner}compact column-major"),
                yes_no(p.column_major).to_string(),
            ]);
            t.add_row(vec![
                format!("{inner}compact row-major"),
                yes_no(p.row_major).to_string(),
            ]);
        }
        Err(e) => {
            t.add_row(vec!["properties".to_string(), format!("error: {e}")]);
        }
    }
    let mut out = t.to_string();

    if let Ok(size) = l.size()
        && size < LISTING_LIMIT
    {
        let mut list = new_table(width);
        let mut header = vec!["i", "coordinate"];
        if !matches!(f, LayoutFn::Plain(_)) {
            header.push("L(i)");
        }
        header.push("value");
        list.set_header(header);
        for i in 0..size {
            let crd = idx2crd(&IntTuple::int(i), l.shape())?;
            let inner_v = l.at(i)?;
            let mut row = vec![i.to_string(), crd.to_string()];
            if !matches!(f, LayoutFn::Plain(_)) {
                row.push(inner_v.to_string());
            }
            row.push(f.outer(inner_v)?.to_string());
            list.add_row(row);
        }
        out.push('\n');
        out.push_str(&list.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the strides decide never contradicts the enumeration.
    #[test]
    fn strides_agree_with_enumeration() {
        let shapes = [1i64, 2, 3, 4];
        let strides = [-3i64, -1, 0, 1, 2, 3, 4, 6, 8, 12];
        let mut decided = 0;
        for &s0 in &shapes {
            for &s1 in &shapes {
                for &s2 in &shapes {
                    for &d0 in &strides {
                        for &d1 in &strides {
                            for &d2 in &[0i64, 1, 4, 12, 16] {
                                let l = Layout::new(
                                    IntTuple::tuple([
                                        IntTuple::int(s0),
                                        IntTuple::tuple([IntTuple::int(s1), IntTuple::int(s2)]),
                                    ]),
                                    IntTuple::tuple([
                                        IntTuple::int(d0),
                                        IntTuple::tuple([IntTuple::int(d1), IntTuple::int(d2)]),
                                    ]),
                                )
                                .unwrap();
                                let (size, cosize) = (l.size().unwrap(), l.cosize().unwrap());
                                let mut vals = Vec::new();
                                for_each_value(&l, |v| vals.push(v)).unwrap();
                                let direct: Vec<i64> =
                                    (0..size).map(|i| l.at(i).unwrap()).collect();
                                assert_eq!(vals, direct, "{l}");
                                let truth = decide_by_values(vals, cosize);
                                let est = decide_by_strides(&l, size, cosize);
                                for (t, e) in [(&truth.0, &est.0), (&truth.1, &est.1)] {
                                    if !matches!(e, Decided::Unknown(_)) {
                                        assert_eq!(t, e, "{l}");
                                        decided += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(decided > 1000);
    }
}
