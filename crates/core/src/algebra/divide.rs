//! The four divides and six products, as CuTe defines them from composition and complement.

use super::complement::{Cotarget, complement_flat_traced};
use super::composition::{Left, Right, Rule, compose_into, compose_tiler};
use super::error::{Result, condition};
use super::flat::{FlatModes, LayoutBuilder};
use super::int_tuple::{
    IntTuple, Tup,
    View::{Int, Tuple},
    at_same_place,
};
use super::layout::{Layout, LayoutRef};
use super::tiler::Tiler;
use super::trace::{Check, NoTrace, Step, Trace};

/// `logical_divide(A, tiler)`.
pub fn logical_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    logical_divide_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`logical_divide`], reporting its derivation to `tr`.
pub fn logical_divide_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    let mut out = LayoutBuilder::new();
    logical_divide_into(a.as_view(), t, rule, &mut out, tr)?;
    Ok(out.finish())
}

/// `logical_divide(A, tiler)` written into `out` as one mode.
///
/// CuTe's `logical_divide(layout, tiler)` (layout.hpp): for a layout tiler B,
/// `A / B = composition(A, make_layout(B, complement(B, shape(coalesce(A)))))`: mode 0 is the
/// tile (B), mode 1 the tiles' arrangement (B*), `@post size(result) == size(A)` where B* is
/// exact. An integer `n` means `n:1`, `_` keeps the mode, and a tuple tiler divides mode `i`
/// of A by element `i` (modes of A past it are kept).
fn logical_divide_into<T: Trace>(
    a: LayoutRef,
    t: &Tiler,
    rule: Rule,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    const OP: &str = "logical_divide";
    match t {
        Tiler::Layout(b) => {
            tr.step(|| {
                Step::new(
                    OP,
                    "definition",
                    format!("A / B = A o (B, B*) with A = {a}, B = {b}, B* = complement(B, shape(coalesce(A))) (CuTe 4.2)"),
                )
                .val("A", a.to_layout())
                .val("B", &**b)
            });
            tr.section(|| Step::new(OP, "cotarget", format!("coalesce(A) = coalesce({a})")));
            let mut ca = FlatModes::new();
            let r = a.coalesce_flat_traced(&mut ca, tr);
            tr.end();
            r?;
            let target = Cotarget::Flat(ca.shape(), ca.shape_kinds());
            tr.section(|| {
                Step::new(OP, "complement", format!("B* = complement({b}, {target})"))
                    .val("cotarget", &ca.shape_tuple())
            });
            let mut c = FlatModes::new();
            let r = complement_flat_traced(b.as_view(), Some(target), rule, &mut c, tr);
            tr.end();
            r?;
            let bb = Right::Pair(b, &c);
            tr.step(|| {
                let (c, bb) = (c.to_layout(), bb.to_layout());
                Step::new(OP, "tiler", format!("(B, B*) = ({b}, {c}) = {bb}"))
                    .val("B*", &c)
                    .val("(B, B*)", &bb)
            });
            tr.section(|| Step::new(OP, "compose", format!("A o (B, B*) = {a} o {bb}")));
            let m = out.mark();
            // coalesce_x(A) is coalesce(A) unless A's last extent is 1
            let pre = (a.shape.last_leaf() != Some(1)).then_some(&ca);
            let r = compose_into(Left::Layout(a), bb, pre, rule, out, tr).map_err(|e| e.within(OP));
            tr.end();
            r?;
            tr.step(|| {
                let r = out.layout_at(m);
                Step::new(
                    OP,
                    "result",
                    format!("{a} / {b} = {r}: mode 0 is the tile (B), mode 1 the rest (B*)"),
                )
                .val("result", &r)
                .check(Check::Composition {
                    a: a.to_layout(),
                    b: bb.to_layout(),
                    r: r.clone(),
                })
            });
            Ok(())
        }
        Tiler::Under => simple_tiler(OP, a, None, rule, out, tr, logical_divide_into),
        Tiler::Int(n) => simple_tiler(OP, a, Some(*n), rule, out, tr, logical_divide_into),
        Tiler::Tuple(v) => by_mode(a, v, OP, logical_divide_into, rule, out, tr),
    }
}

/// `logical_product(A, tiler)`.
pub fn logical_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    logical_product_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`logical_product`], reporting its derivation to `tr`.
pub fn logical_product_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    let mut out = LayoutBuilder::new();
    logical_product_into(a.as_view(), t, rule, &mut out, tr)?;
    Ok(out.finish())
}

/// `logical_product(A, tiler)` written into `out` as one mode.
///
/// CuTe's `logical_product(block, tiler)` (layout.hpp): for a layout tiler B,
/// `A * B = make_layout(A, composition(complement(A, size(A) * cosize(B)), B))`: mode 0 is the
/// block (A), mode 1 its repetitions (A* o B), `@post rank(result) == 2`,
/// `@post size(result) == size(A) * size(B)`. An integer `n` means `n:1`, `_` keeps the mode,
/// and a tuple tiler multiplies mode `i` of A by element `i` (modes of A past it are kept).
fn logical_product_into<T: Trace>(
    a: LayoutRef,
    t: &Tiler,
    rule: Rule,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    const OP: &str = "logical_product";
    match t {
        Tiler::Layout(b) => {
            tr.step(|| {
                Step::new(
                    OP,
                    "definition",
                    format!("A * B = (A, A* o B) with A = {a}, B = {b}, A* = complement(A, size(A) * cosize(B))"),
                )
                .val("A", a.to_layout())
                .val("B", &**b)
            });
            let target = a.shape.product_kind_under(rule)?.mul_under(
                b.cosize_kind_under(rule)?,
                OP,
                rule,
            )?;
            tr.section(|| {
                Step::new(
                    OP,
                    "complement",
                    format!(
                        "A* = complement({a}, size(A) * cosize(B) = {})",
                        target.value
                    ),
                )
                .val("cotarget", target.value)
            });
            let mut c = FlatModes::new();
            let r = complement_flat_traced(a, Some(Cotarget::Int(target)), rule, &mut c, tr);
            tr.end();
            r?;
            tr.section(|| {
                let c = c.to_layout();
                Step::new(OP, "compose", format!("A* o B = {c} o {b}")).val("A*", &c)
            });
            // (A, A* o B), written in place
            let m = out.open();
            out.push_tups(a.shape, a.stride);
            // A* is coalesced: coalesce_x(A*) is A* unless its last extent is 1
            let pre = (c.last().0 != 1).then_some(&c);
            let cb = compose_into(Left::Flat(&c), Right::Layout(b), pre, rule, out, tr)
                .map_err(|e| e.within(OP));
            tr.end();
            cb?;
            out.close(m);
            tr.step(|| {
                let r = out.layout_at(m);
                let cb = r.mode(1).expect("(A, A* o B) has two modes");
                Step::new(
                    OP,
                    "result",
                    format!("(A, A* o B) = ({a}, {cb}) = {r}: mode 0 is the block (A), mode 1 its repetitions (A* o B)"),
                )
                .val("result", &r)
            });
            Ok(())
        }
        Tiler::Under => simple_tiler(OP, a, None, rule, out, tr, logical_product_into),
        Tiler::Int(n) => simple_tiler(OP, a, Some(*n), rule, out, tr, logical_product_into),
        Tiler::Tuple(v) => by_mode(a, v, OP, logical_product_into, rule, out, tr),
    }
}

/// The divides' and products' operation on one mode, written into the result.
type Into<T> = fn(LayoutRef, &Tiler, Rule, &mut LayoutBuilder, &mut T) -> Result<()>;

/// The tilers without modes of their own: `_` (`None`) keeps A; an integer `n` means `n:1`.
fn simple_tiler<T: Trace>(
    op: &'static str,
    a: LayoutRef,
    n: Option<i64>,
    rule: Rule,
    out: &mut LayoutBuilder,
    tr: &mut T,
    f: Into<T>,
) -> Result<()> {
    match n {
        Some(n) => {
            tr.step(|| Step::new(op, "integer tiler", format!("the integer {n} means {n}:1")));
            f(
                a,
                &Tiler::layout(Layout::column_major(IntTuple::int(n))?),
                rule,
                out,
                tr,
            )
        }
        None => {
            tr.step(|| Step::new(op, "keep", format!("_ keeps the mode: {a}")));
            out.push_tups(a.shape, a.stride);
            Ok(())
        }
    }
}

fn by_mode<T: Trace>(
    a: LayoutRef,
    v: &[Tiler],
    op: &'static str,
    f: Into<T>,
    rule: Rule,
    out: &mut LayoutBuilder,
    tr: &mut T,
) -> Result<()> {
    if v.len() > a.rank() {
        return Err(condition(
            op,
            format!(
                "too many modes in tiler: {} modes for a layout of rank {}",
                v.len(),
                a.rank()
            ),
        ));
    }
    tr.step(|| {
        Step::new(
            op,
            "by mode",
            format!("the tiler has {} modes: mode i of A with mode i of the tiler; modes of A past it are kept", v.len()),
        )
    });
    // each mode's result written in place, one after the other
    let m = out.open();
    for (i, (s, d)) in a.shape.modes().zip(a.stride.modes()).enumerate() {
        match v.get(i) {
            Some(ti) => {
                let am = LayoutRef::new(s, d);
                tr.section(|| Step::new(op, "mode", format!("mode {i}: {op}({am}, {ti})")));
                let r = f(am, ti, rule, out, tr);
                tr.end();
                r?;
            }
            None => {
                tr.step(|| {
                    let am = LayoutRef::new(s, d);
                    Step::new(op, "mode", format!("mode {i}: {am} kept"))
                });
                out.push_tups(s, d);
            }
        }
    }
    out.close(m);
    tr.step(|| {
        let r = out.layout_at(m);
        Step::new(op, "concatenate", format!("the modes together: {r}")).val("result", &r)
    });
    Ok(())
}

fn not_rank2(t: &Tup, guide: &Tiler, op: &'static str) -> super::AlgebraError {
    condition(
        op,
        format!("mode {t} is not rank 2 where the tiler has {guide}"),
    )
}

/// The layout `s:d` (shape and stride congruent) a rearrangement reads its modes from: a mode
/// is found in the shape, and the stride's mode at the same place goes with it.
#[derive(Clone, Copy)]
struct Source<'a> {
    s: &'a Tup,
    d: &'a Tup,
}

impl Source<'_> {
    /// Append the mode of the layout whose shape is `m` (a mode of the shape) to `out`.
    #[inline]
    fn push(self, m: &Tup, out: &mut LayoutBuilder) {
        out.push_tups(m, at_same_place(self.s, m, self.d));
    }
}

/// Write one half of CuTe's `zip2_by` of the mode of `src` whose shape is `s` by `guide` into
/// `out`: its mode 0 (`second` false: the tile modes, each mode's mode 0 as far as the guide
/// reaches) or its mode 1 (the rest: each mode's mode 1, then the modes past the guide). With
/// `spread`, the half's own modes are written one by one where it has other than one (CuTe's
/// `slice` of it by a tuple of `_`), else the half as one mode. A guide without modes takes
/// the layout as it is (it must have two modes). The shape alone is walked: the stride is
/// congruent to it (the same structure, its modes at the same places), so a mismatch is the
/// shape's, the error `zip2_by` of the shape gives, and both halves check the same structure
/// in the same order.
fn zip2_half(
    src: Source,
    s: &Tup,
    guide: &Tiler,
    second: bool,
    spread: bool,
    out: &mut LayoutBuilder,
    op: &'static str,
) -> Result<()> {
    match guide {
        Tiler::Tuple(g) => {
            let sv = match s.view() {
                Tuple(sv) if sv.len() >= g.len() => sv,
                _ => return Err(condition(op, "mismatched ranks of layout and tiler")),
            };
            let rank = if second { sv.len() } else { g.len() };
            let open = (!spread || rank == 1).then(|| out.open());
            for (si, gi) in sv.zip(g) {
                zip2_half(src, si, gi, second, false, out, op)?;
            }
            if second {
                for rs in sv.skip(g.len()) {
                    src.push(rs, out);
                }
            }
            if let Some(at) = open {
                out.close(at);
            }
            Ok(())
        }
        _ => match s.view() {
            Tuple(mut sv) if sv.len() == 2 => {
                if second {
                    sv.next();
                }
                let hs = sv.next().expect("two modes");
                match hs.view() {
                    Tuple(ms) if spread && ms.len() != 1 => {
                        for m in ms {
                            src.push(m, out);
                        }
                    }
                    _ => src.push(hs, out),
                }
                Ok(())
            }
            _ => Err(not_rank2(s, guide, op)),
        },
    }
}

/// `zip2_by(l, t)` rearranged, written straight from `l = s:d` into `out`: `((tile), (rest))`
/// (`unpack_first` None), `((tile), rest0, rest1, ...)` (Some(false)) or
/// `(tile0, tile1, ..., rest0, rest1, ...)` (Some(true)). CuTe's `zip2_by` of the shape and of
/// the stride, in one walk of the shape.
fn arranged(
    s: &Tup,
    d: &Tup,
    t: &Tiler,
    unpack_first: Option<bool>,
    out: &mut LayoutBuilder,
    op: &'static str,
) -> Result<()> {
    let src = Source { s, d };
    let at = out.open();
    zip2_half(src, s, t, false, unpack_first == Some(true), out, op)?;
    zip2_half(src, s, t, true, unpack_first.is_some(), out, op)?;
    out.close(at);
    Ok(())
}

/// Whether the guide has no modes and `s:d` has two (in shape and stride): then [`arranged`]
/// takes its two modes as the tile and the rest, and [`arranged_in_place`] gives its result.
fn two_modes_whole(s: &Tup, d: &Tup, t: &Tiler) -> bool {
    let pair = |x: &Tup| matches!(x.view(), Tuple(v) if v.len() == 2);
    !matches!(t, Tiler::Tuple(_)) && pair(s) && pair(d)
}

/// [`arranged`] where [`two_modes_whole`]: the zipped form is the layout `l` built, the tiled
/// and flat forms unpack its modes in place.
fn arranged_in_place(l: &mut LayoutBuilder, unpack_first: Option<bool>) -> Layout {
    if let Some(first) = unpack_first {
        for x in [&mut l.shape, &mut l.stride] {
            // the rest first: unpacking the tile moves it
            x.unpack_mode(1);
            if first {
                x.unpack_mode(0);
            }
        }
    }
    l.finish()
}

/// A zipped, tiled or flat form of a divide or a product: CuTe's name of it, the logical form
/// it arranges (`logical_product`'s, or `logical_divide`'s) and how ([`arranged`]'s
/// `unpack_first`).
struct Arrangement {
    op: &'static str,
    product: bool,
    unpack_first: Option<bool>,
}

impl Arrangement {
    const fn divide(op: &'static str, unpack_first: Option<bool>) -> Arrangement {
        Arrangement {
            op,
            product: false,
            unpack_first,
        }
    }

    const fn product(op: &'static str, unpack_first: Option<bool>) -> Arrangement {
        Arrangement {
            op,
            product: true,
            unpack_first,
        }
    }
}

const ZIPPED_DIVIDE: Arrangement = Arrangement::divide("zipped_divide", None);
const TILED_DIVIDE: Arrangement = Arrangement::divide("tiled_divide", Some(false));
const FLAT_DIVIDE: Arrangement = Arrangement::divide("flat_divide", Some(true));
const ZIPPED_PRODUCT: Arrangement = Arrangement::product("zipped_product", None);
const TILED_PRODUCT: Arrangement = Arrangement::product("tiled_product", Some(false));
const FLAT_PRODUCT: Arrangement = Arrangement::product("flat_product", Some(true));

/// `zipped_divide(A, tiler)`: `((tile), (rest))`.
pub fn zipped_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    zipped_divide_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`zipped_divide`], reporting its derivation to `tr`.
pub fn zipped_divide_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    arrange(a, t, rule, tr, &ZIPPED_DIVIDE)
}

/// `tiled_divide(A, tiler)`: `((tile), rest0, rest1, ...)`.
pub fn tiled_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    tiled_divide_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`tiled_divide`], reporting its derivation to `tr`.
pub fn tiled_divide_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    arrange(a, t, rule, tr, &TILED_DIVIDE)
}

/// `flat_divide(A, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
pub fn flat_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    flat_divide_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`flat_divide`], reporting its derivation to `tr`.
pub fn flat_divide_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    arrange(a, t, rule, tr, &FLAT_DIVIDE)
}

/// `zipped_product(A, tiler)`.
pub fn zipped_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    zipped_product_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`zipped_product`], reporting its derivation to `tr`.
pub fn zipped_product_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    arrange(a, t, rule, tr, &ZIPPED_PRODUCT)
}

/// `tiled_product(A, tiler)`.
pub fn tiled_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    tiled_product_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`tiled_product`], reporting its derivation to `tr`.
pub fn tiled_product_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    arrange(a, t, rule, tr, &TILED_PRODUCT)
}

/// `flat_product(A, tiler)`.
pub fn flat_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    flat_product_traced(a, t, Rule::Cpp, &mut NoTrace)
}

/// [`flat_product`], reporting its derivation to `tr`.
pub fn flat_product_traced<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    arrange(a, t, rule, tr, &FLAT_PRODUCT)
}

/// The zipped, tiled and flat forms: the logical one, its modes zipped into `((tile), (rest))`,
/// then (`unpack`: Some(first)) the rest modes (and with `first`, the tile modes) unpacked.
///
/// CuTe (layout.hpp): `zipped_divide(A, T) = tile_unzip(logical_divide(A, T), T)`,
/// `tiled_divide(A, T)` is it with the rest modes unpacked (`((tile), rest0, rest1, ...)`),
/// `flat_divide(A, T)` with both unpacked; the products alike from `logical_product`. The same
/// function as the logical form, its modes regrouped: `@post size(result) == size(logical)`.
fn arrange<T: Trace>(
    a: &Layout,
    t: &Tiler,
    rule: Rule,
    tr: &mut T,
    form: &Arrangement,
) -> Result<Layout> {
    let (op, unpack_first) = (form.op, form.unpack_first);
    let (base, logical): (_, Into<T>) = if form.product {
        ("logical_product", logical_product_into)
    } else {
        ("logical_divide", logical_divide_into)
    };
    tr.section(|| Step::new(op, "logical", format!("first {base}({a}, {t})")));
    let mut out = LayoutBuilder::new();
    let r = logical(a.as_view(), t, rule, &mut out, tr);
    tr.end();
    r?;
    if !T::ON && two_modes_whole(out.shape.sub(0), out.stride.sub(0), t) {
        return Ok(arranged_in_place(&mut out, unpack_first));
    }
    // the rearrangement written into a builder of its own, read from the logical form built
    let (s, d) = (out.shape.as_tup(), out.stride.as_tup());
    let logical_layout = || Layout::raw_tups(s, d);
    let mut re = LayoutBuilder::new();
    let Some(first) = unpack_first else {
        arranged(s, d, t, None, &mut re, op)?;
        let z = re.finish();
        tr.step(|| zip_step(op, &logical_layout(), &z));
        return Ok(z);
    };
    // the zipped form only for the trace (it fails where the unpacked one does)
    let z = if T::ON {
        let mut z = LayoutBuilder::new();
        arranged(s, d, t, None, &mut z, op)?;
        Some(z.finish())
    } else {
        None
    };
    arranged(s, d, t, Some(first), &mut re, op)?;
    let r = re.finish();
    let Some(z) = z else {
        return Ok(r);
    };
    tr.step(|| zip_step(op, &logical_layout(), &z));
    tr.step(|| {
        let how = if first {
            "flat: both the tile modes and the rest modes unpacked to the top level"
        } else {
            "tiled: the tile modes stay together in mode 0, the rest modes unpacked after it"
        };
        Step::new(op, "unpack", format!("{how}: {r}"))
            .val("result", &r)
            .check(Check::Rearranged {
                from: z.clone(),
                to: r.clone(),
            })
    });
    Ok(r)
}

fn zip_step(op: &'static str, l: &Layout, z: &Layout) -> Step {
    Step::new(
        op,
        "zip",
        format!("gather the tile modes of each mode (its mode 0) into mode 0 and the rest into mode 1: {l} becomes (({}), ({})) = {z}", "tiles", "rests"),
    )
    .val("zipped", z)
    .check(Check::Rearranged {
        from: l.clone(),
        to: z.clone(),
    })
}

fn zip_layouts(x: &Layout, y: &Layout, op: &'static str) -> Result<Layout> {
    fn zip(a: &Tup, b: &Tup, op: &'static str) -> Result<IntTuple> {
        match (a.view(), b.view()) {
            (Tuple(av), Tuple(bv)) => {
                if av.len() != bv.len() {
                    return Err(condition(op, "mismatched ranks"));
                }
                Ok(av
                    .iter()
                    .zip(bv)
                    .map(|(p, q)| IntTuple::tuple([p, q]))
                    .collect())
            }
            // CuTe's zip of a tuple with an integer does not compile (Mismatched Ranks)
            (Tuple(_), Int(_)) => Err(condition(
                op,
                format!("mismatched ranks: cannot zip the tuple {a} with the integer {b}"),
            )),
            _ => Ok(IntTuple::tuple([IntTuple::tuple([a, b])])),
        }
    }
    Ok(Layout::raw(
        zip(x.shape(), y.shape(), op)?,
        zip(x.stride(), y.stride(), op)?,
    ))
}

fn rank_sensitive<T: Trace>(
    a: &Layout,
    b: &Layout,
    op: &'static str,
    raked: bool,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    let r = a.rank().max(b.rank());
    let (ar, br) = (a.append_to_rank(r), b.append_to_rank(r));
    tr.step(|| {
        Step::new(
            op,
            "rank",
            format!("both to rank {r} (size-1 modes appended): A = {ar}, B = {br}"),
        )
    });
    tr.section(|| Step::new(op, "logical", format!("logical_product({ar}, {br})")));
    let result = logical_product_traced(&ar, &Tiler::layout(br), rule, tr);
    tr.end();
    let result = result?;
    let (m0, m1) = (result.mode(0)?, result.mode(1)?);
    let out = if raked {
        zip_layouts(&m1, &m0, op)
    } else {
        zip_layouts(&m0, &m1, op)
    };
    if let Ok(z) = &out {
        tr.step(|| {
            let how = if raked {
                "raked: mode i is (B_i, A_i), the repetitions inside, A's elements outside"
            } else {
                "blocked: mode i is (A_i, B_i), A's block inside, the repetitions outside"
            };
            Step::new(op, "zip", format!("A = {m0}, A* o B = {m1}; {how}: {z}"))
                .val("result", z)
                .check(Check::Rearranged {
                    from: result.clone(),
                    to: z.clone(),
                })
        });
    }
    out
}

/// `blocked_product(A, B)`.
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    rank_sensitive(a, b, "blocked_product", false, Rule::Cpp, &mut NoTrace)
}

/// [`blocked_product`], reporting its derivation to `tr`.
pub fn blocked_product_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    rank_sensitive(a, b, "blocked_product", false, rule, tr)
}

/// `raked_product(A, B)`.
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    rank_sensitive(a, b, "raked_product", true, Rule::Cpp, &mut NoTrace)
}

/// [`raked_product`], reporting its derivation to `tr`.
pub fn raked_product_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    rule: Rule,
    tr: &mut T,
) -> Result<Layout> {
    rank_sensitive(a, b, "raked_product", true, rule, tr)
}

/// Composition with a tiler, re-exported for the divides' users.
pub fn composition(a: &Layout, t: &Tiler) -> Result<Layout> {
    compose_tiler(a, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unpacking in place gives what the general rearrangement builds.
    #[test]
    fn in_place_agrees_with_arranged() {
        let layouts = [
            "(4,8):(1,4)",
            "((2,2),8):((1,2),4)",
            "(4,(2,3)):(1,(4,8))",
            "((4),(2,3,5)):((1),(4,8,24))",
            "(((2,3)),(5)):(((1,2)),(6))",
            "((2,(3,4)),((5,6),7)):((1,(2,6)),((24,120),720))",
            "(2,(3,4)):(1@0,(1@1,3@1))",
        ];
        for text in layouts {
            let l: Layout = text.parse().expect("a layout");
            let t = Tiler::Int(2);
            assert!(two_modes_whole(l.shape(), l.stride(), &t), "{text}");
            for unpack in [None, Some(false), Some(true)] {
                let mut out = LayoutBuilder::new();
                arranged(l.shape(), l.stride(), &t, unpack, &mut out, "test").expect("two modes");
                let want = out.finish();
                let mut built = LayoutBuilder::new();
                built.push_tups(l.shape(), l.stride());
                let got = arranged_in_place(&mut built, unpack);
                assert_eq!(got, want, "{text} {unpack:?}");
                assert_eq!(got.to_string(), want.to_string());
            }
        }
    }
}
