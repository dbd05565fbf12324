//! `complement(L, cotarget)`, ported from CuTe: the layout of the codomain points L does not reach.

use std::fmt;

use super::arith;
use super::basis::Stride;
use super::composition::Rule;
use super::error::{Result, condition};
use super::flat::FlatModes;
use super::int_tuple::{IntTuple, Tup, View};
use super::integer::Int;
use super::layout::{Layout, LayoutRef, coalesce_flat_modes_traced};
use super::trace::{Check, NoTrace, Rel, Step, Trace};
use smallvec::SmallVec;

const OP: &str = "complement";

/// `complement(L)`: against `cosize(filter(L))`.
pub fn complement(l: &Layout) -> Result<Layout> {
    complement_under(l, None, Rule::Cpp)
}

/// `complement(L, cotarget)` where cotarget is an integer or a shape.
pub fn complement_to(l: &Layout, cotarget: &Tup) -> Result<Layout> {
    complement_under(l, Some(cotarget), Rule::Cpp)
}

/// [`complement`] (`cotarget` None) or [`complement_to`], its integers computed under `rule`:
/// C++'s (an `int` past its range is an error) or the CuTe DSL's (its `Int32`s wrap).
pub fn complement_under(l: &Layout, cotarget: Option<&Tup>, rule: Rule) -> Result<Layout> {
    let mut out = FlatModes::new();
    complement_flat_traced(
        l.as_view(),
        cotarget.map(Cotarget::Tup),
        rule,
        &mut out,
        &mut NoTrace,
    )?;
    Ok(out.to_layout())
}

/// [`complement`] (`cotarget` None) or [`complement_to`], reporting its derivation to `t`.
pub fn complement_traced<T: Trace>(
    l: &Layout,
    cotarget: Option<&IntTuple>,
    t: &mut T,
) -> Result<Layout> {
    let mut out = FlatModes::new();
    complement_flat_traced(
        l.as_view(),
        cotarget.map(|c| Cotarget::Tup(c)),
        Rule::Cpp,
        &mut out,
        t,
    )?;
    Ok(out.to_layout())
}

/// A complement's cotarget `M`: a shape, an integer, or the shape of a coalesced layout (one
/// extent an integer, more a flat tuple of them), as the divides and products hand it on.
#[derive(Clone, Copy)]
pub(crate) enum Cotarget<'a> {
    /// A shape (or an integer) as written.
    Tup(&'a Tup),
    /// An integer (with its kind).
    Int(Int),
    /// The extents of a flat layout and their kinds ([`FlatModes::shape_kinds`]: empty
    /// where all are static): one is that integer, more a flat tuple.
    Flat(&'a [i64], &'a [u32]),
}

/// Extent `i` (of value `v`) with its kind, as [`FlatModes::shape_kinds`] gives them (empty:
/// all static).
#[inline]
fn int_at(v: i64, k: &[u32], i: usize) -> Int {
    if k.is_empty() {
        return Int::st(v);
    }
    Int::of_kind(v, k[i])
}

impl Cotarget<'_> {
    /// The first extent that is not positive.
    fn first_nonpositive(&self) -> Option<i64> {
        match *self {
            Cotarget::Tup(t) => t.first_leaf(|c| c <= 0),
            Cotarget::Int(n) => (n.value <= 0).then_some(n.value),
            Cotarget::Flat(v, _) => v.iter().copied().find(|&c| c <= 0),
        }
    }

    /// Whether any extent of M is dynamic.
    fn is_dynamic(&self) -> bool {
        match *self {
            Cotarget::Tup(t) => !t.is_static(),
            Cotarget::Int(n) => n.dynamic(),
            Cotarget::Flat(_, k) => k.iter().any(|&k| k != 0),
        }
    }

    /// `flatten(M)`'s extents with their kinds, into `out`.
    fn leaves(&self, out: &mut SmallVec<[Int; 8]>) {
        match *self {
            Cotarget::Tup(t) => out.extend(t.leaf_kind_iter().map(|(v, k)| Int::of(v, k))),
            Cotarget::Int(n) => out.push(n),
            Cotarget::Flat(v, k) => out.extend(v.iter().enumerate().map(|(i, &v)| int_at(v, k, i))),
        }
    }

    /// CuTe's `ceil_div(M, n)` with its kinds, flattened into `out`: a tuple's modes divided in
    /// turn by what is left of `n` (`ceil_div(m_i, rest)`, then `rest = ceil_div(rest,
    /// size(m_i))`).
    fn ceil_div_kinds(&self, n: Int, rule: Rule, out: &mut SmallVec<[Int; 8]>) -> Result<()> {
        match *self {
            Cotarget::Tup(t) => ceil_div_kind_leaves(t, n, rule, out),
            Cotarget::Int(m) => {
                out.push(m.ceil_div_under(n, CEIL_DIV, rule)?);
                Ok(())
            }
            Cotarget::Flat(v, k) => {
                if let [m] = v {
                    out.push(int_at(*m, k, 0).ceil_div_under(n, CEIL_DIV, rule)?);
                    return Ok(());
                }
                let mut rest = n;
                for (i, &m) in v.iter().enumerate() {
                    let m = int_at(m, k, i);
                    out.push(m.ceil_div_under(rest, CEIL_DIV, rule)?);
                    rest = rest.ceil_div_under(m, CEIL_DIV, rule)?;
                }
                Ok(())
            }
        }
    }

    /// `size(M)`.
    fn product(&self) -> Result<i64> {
        match *self {
            Cotarget::Tup(t) => t.product(),
            Cotarget::Int(n) => Ok(n.value),
            Cotarget::Flat(v, _) => v
                .iter()
                .try_fold(1i64, |acc, &x| arith::mul(acc, x, "size")),
        }
    }

    /// `size(ceil_div(M, n))`, with the errors `ceil_div` and then `size` give on the tuple:
    /// CuTe's tuple `ceil_div` divides the modes in turn by what is left of `n`
    /// (`ceil_div(m_i, rest)`, then `rest = ceil_div(rest, size(m_i))`).
    /// (Inlined into its one caller: no call, no `Result` returned through memory.)
    #[inline(always)]
    fn ceil_div_size(&self, n: i64) -> Result<i64> {
        // the product of the leaves, `None` once it overflowed (reported after the divisions,
        // as `size` of the finished tuple would)
        let mut p = Some(1i64);
        match *self {
            // an integer M divided at once (the recursion's leaf), a tuple mode by mode
            Cotarget::Tup(t) => match t.view() {
                View::Int(m) => p = Some(arith::ceil_div(m, n, CEIL_DIV)?),
                View::Tuple(_) => ceil_div_leaves(t, n, &mut p)?,
            },
            Cotarget::Int(m) => p = Some(arith::ceil_div(m.value, n, CEIL_DIV)?),
            Cotarget::Flat([m], _) => p = Some(arith::ceil_div(*m, n, CEIL_DIV)?),
            Cotarget::Flat(v, _) => {
                let mut rest = n;
                for &m in v {
                    let q = arith::ceil_div(m, rest, CEIL_DIV)?;
                    p = p.and_then(|p| p.checked_mul(q));
                    rest = arith::ceil_div(rest, m, CEIL_DIV)?;
                }
            }
        }
        p.ok_or(super::AlgebraError::Overflow("size"))
    }
}

const CEIL_DIV: &str = "ceil_div";

/// [`Cotarget::ceil_div_kinds`] of a tuple.
fn ceil_div_kind_leaves(t: &Tup, n: Int, rule: Rule, out: &mut SmallVec<[Int; 8]>) -> Result<()> {
    match t.view() {
        View::Int(m) => out.push(
            t.as_int_full()
                .unwrap_or(Int::st(m))
                .ceil_div_under(n, CEIL_DIV, rule)?,
        ),
        View::Tuple(modes) => {
            let mut rest = n;
            for m in modes {
                ceil_div_kind_leaves(m, rest, rule, out)?;
                rest = rest.ceil_div_under(m.product_kind_under(rule)?, CEIL_DIV, rule)?;
            }
        }
    }
    Ok(())
}

/// CuTe's `coalesce(shape)` of flat extents, in place: each run of extents of one kind
/// (static or dynamic) multiplied into one (`(2,3,_4,_2)` is `(6,_8)`).
fn coalesce_shape(v: &mut SmallVec<[Int; 8]>, rule: Rule) -> Result<()> {
    let mut w = 0;
    for i in 0..v.len() {
        if i > 0 && v[w - 1].dynamic() == v[i].dynamic() {
            v[w - 1] = v[w - 1].mul_under(v[i], "coalesce", rule)?;
        } else {
            v[w] = v[i];
            w += 1;
        }
    }
    v.truncate(w);
    Ok(())
}

/// CuTe's `compact_major<LayoutLeft>(shape, current)` of flat extents: a static 1 gets `_0`,
/// the others the product so far.
fn compact_left_kinds(
    v: &[Int],
    current: Int,
    rule: Rule,
    out: &mut SmallVec<[Stride; 8]>,
) -> Result<()> {
    let mut cur = current;
    for &s in v {
        if s.is_constant(1) {
            out.push(Stride::int(0));
        } else {
            out.push(Stride::of_int(cur));
            cur = cur.mul_under(s, OP, rule)?;
        }
    }
    Ok(())
}

/// The leaves of `ceil_div(t, n)` multiplied into `p` (see [`Cotarget::ceil_div_size`]).
fn ceil_div_leaves(t: &Tup, n: i64, p: &mut Option<i64>) -> Result<()> {
    match t.view() {
        View::Int(m) => {
            let q = arith::ceil_div(m, n, CEIL_DIV)?;
            *p = p.and_then(|p| p.checked_mul(q));
        }
        View::Tuple(modes) => {
            let mut rest = n;
            for m in modes {
                ceil_div_leaves(m, rest, p)?;
                let size = match m.view() {
                    View::Int(x) => x,
                    View::Tuple(_) => m.product()?,
                };
                rest = arith::ceil_div(rest, size, CEIL_DIV)?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Cotarget<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Cotarget::Tup(t) => fmt::Display::fmt(t, f),
            Cotarget::Int(n) => write!(f, "{}", n.value),
            Cotarget::Flat([n], _) => write!(f, "{n}"),
            Cotarget::Flat(v, _) => super::int_tuple::write_tuple(f, v),
        }
    }
}

/// `complement(L, M)` (`cotarget` `None`: `M = cosize(filter(L))`), as its leaves, into `out`.
///
/// CuTe's `complement(layout, cotarget)` (layout.hpp): the layout of the codomain points of
/// `[0, M)` that L does not reach, so that `(L, L*)` reaches each index once:
/// `@post cosize(make_layout(@a layout, @a result)) >= size(@a cotarget)`,
/// `@post for all i, 1 <= i < size(@a result), @a result(i-1) < @a result(i)`,
/// `@post for all i, 1 <= i < size(@a result), for all j, 0 <= j < size(@a layout),
/// @a result(i) != @a layout(j)`.
/// With `filter(L)`'s modes `N_i:d_i` sorted by increasing stride, the result is
/// `coalesce((d_0, d_1/(N_0 d_0), ..., ceil_div(M, N_last d_last)) : (1, N_0 d_0, ...,
/// N_last d_last))` (the last mode's stride 0 where its extent is 1); a stride below the
/// extent reached so far (`d_i < N_(i-1) d_(i-1)`) means L is not injective: no complement.
pub(crate) fn complement_flat_traced<T: Trace>(
    l: LayoutRef,
    cotarget: Option<Cotarget>,
    rule: Rule,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    t.section(|| {
        Step::new(
            OP,
            "filter",
            format!("filter {l}: stride-0 modes become size 1, then coalesce"),
        )
    });
    let mut f = FlatModes::new();
    let r = l.filter_flat_traced(&mut f, t);
    t.end();
    r?;
    let cotarget = match cotarget {
        Some(c) => c,
        None => {
            let c = cosize(&f, rule)?;
            t.step(|| {
                Step::new(
                    OP,
                    "cotarget",
                    format!("no cotarget given: M = cosize({f}) = {c}"),
                )
            });
            Cotarget::Int(c)
        }
    };
    complement_filtered_traced(&f, cotarget, rule, out, t)?;
    t.step(|| {
            let (f, c) = (f.to_layout(), out.to_layout());
            let both = Layout::concat(&[&f, &c]);
            Step::new(
                OP,
                "result",
                format!("complement({l}, {cotarget}) = {c}; together ({f}, {c}) = {both} reaches each index once"),
            )
            .val("result", &c)
            .check(Check::Injective { l: both })
    });
    Ok(())
}

/// `cosize` of a flat layout: `Σ (s-1)·|d| + 1` over its leaves, static where CuTe's is (every
/// term static: `(s - _1) * _0` is `_0` whatever `s` is).
fn cosize(f: &FlatModes, rule: Rule) -> Result<Int> {
    const OP: &str = "cosize";
    let mut acc = Int::st(0);
    for (i, d) in f.stride().iter().enumerate() {
        let s = f.extent(i);
        let term = s
            .sub(Int::st(1), OP)?
            .mul_under(d.coefficient().abs(OP)?, OP, rule)?;
        acc = if i == 0 {
            term
        } else {
            acc.add_under(term, OP, rule)?
        };
    }
    acc.add_under(Int::st(1), OP, rule)
}

fn complement_filtered_traced<T: Trace>(
    f: &FlatModes,
    cotarget: Cotarget,
    rule: Rule,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    if let Some(bad) = cotarget.first_nonpositive() {
        return Err(condition(
            OP,
            format!("cotarget {cotarget} has a non-positive extent {bad}"),
        ));
    }
    if f.is_single() && f.stride()[0] == Stride::int(0) {
        return complement_of_zero(f, cotarget, rule, out, t);
    }
    complement_of_strides(f, cotarget, rule, out, t)
}

/// [`complement_filtered_traced`] of a layout that reaches only 0 (one mode of stride `_0`).
#[inline(always)]
fn complement_of_zero<T: Trace>(
    f: &FlatModes,
    cotarget: Cotarget,
    rule: Rule,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    if cotarget.is_dynamic() {
        // CuTe: `is_constant<0, Stride>`, `make_layout(coalesce(M))`: M's runs of one kind
        // multiplied, with compact strides
        let mut m = SmallVec::<[Int; 8]>::new();
        cotarget.leaves(&mut m);
        coalesce_shape(&mut m, rule)?;
        let mut d = SmallVec::<[Stride; 8]>::new();
        compact_left_kinds(&m, Int::st(1), rule, &mut d)?;
        t.step(|| {
            Step::new(
                OP,
                "stride 0",
                format!("{f} reaches only 0: the complement is make_layout(coalesce(M)) of M = {cotarget}"),
            )
        });
        out.clear();
        for (&s, &d) in m.iter().zip(&d) {
            out.push_kind(s, d);
        }
        return Ok(());
    }
    {
        // CuTe: `is_constant<0, Stride>`, `make_layout(coalesce(M))`
        let n = cotarget.product()?;
        let dynamic = false;
        t.step(|| {
            Step::new(
                OP,
                "stride 0",
                format!("{f} reaches only 0: the complement is all of size(M) = {n}, {n}:1"),
            )
        });
        // make_layout(n): `n:1`, `1:0` for n == 1 (n >= 1: the extents are positive)
        out.clear();
        out.push_kind(
            Int::of(n, dynamic),
            Stride::int(if n == 1 && !dynamic { 0 } else { 1 }),
        );
        Ok(())
    }
}

/// [`complement_filtered_traced`] of a layout that reaches more than 0: the gaps between its
/// modes by increasing stride, then the rest up to the cotarget.
#[inline(always)]
fn complement_of_strides<T: Trace>(
    f: &FlatModes,
    cotarget: Cotarget,
    rule: Rule,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    let (shape, stride) = (f.shape(), f.stride());
    // one pass: the first negative stride, and whether any is dynamic
    let mut dynamic_stride = false;
    for d in stride {
        if d.value < 0 {
            return Err(condition(
                OP,
                format!(
                    "negative stride {}: complement is defined for non-negative strides",
                    d.value
                ),
            ));
        }
        dynamic_stride |= d.dynamic();
    }
    let r = shape.len();
    if r > 1 && dynamic_stride {
        return Err(condition(
            OP,
            format!(
                "{f} has a dynamic stride: CuTe's complement takes dynamic strides only for rank-1 layouts (static_assert)"
            ),
        ));
    }
    // a few modes, on the stack (made in place: `with_capacity` would move them); mode `j`'s
    // stride is the `N d` reached before it (`last`), 1 for the first
    let mut result = FlatModes::new();
    result.reserve(r + 1);
    t.step(|| {
        Step::new(
            OP,
            "sort",
            format!("take the modes of {f} in order of increasing stride; each gap d_i / (N_(i-1) d_(i-1)) below the next stride becomes a mode of the complement (N_(-1) d_(-1) = 1)"),
        )
    });
    // the modes by increasing stride, of equal strides the first first: CuTe takes the first
    // of the least strides left each time, which is this stable sort's order
    // (strides already in order, as they mostly come, are taken as they are: the sort would
    // leave them so)
    let sorted = stride.windows(2).all(|w| w[0].value <= w[1].value);
    let order = if sorted {
        SmallVec::new()
    } else {
        by_stride(stride)
    };
    let at = |j: usize| if sorted { j } else { order[j] };
    // every extent and stride static (as they mostly are): the gaps' kind tests fold away
    let (new_stride, s, d) = if f.shape_is_static() && !dynamic_stride {
        gaps::<T, true>(f, at, rule, &mut result, t)?
    } else {
        gaps_dynamic(f, &at, rule, &mut result, t)?
    };
    if cotarget.is_dynamic() || new_stride.dynamic() {
        dynamic_rest(&cotarget, new_stride, (s, d), rule, &mut result, t)?;
    } else {
        let rest_dynamic = false;
        let new_stride = new_stride.value;
        let rest_shape = cotarget.ceil_div_size(new_stride)?;
        // `compact_major<LayoutLeft>(rest_shape, new_stride)`: `_0` for a static 1
        let (rest_stride, rest_stride_dynamic) = if rest_shape == 1 && !rest_dynamic {
            (0, false)
        } else {
            (new_stride, rest_dynamic)
        };
        t.step(|| {
            Step::new(
                OP,
                "last",
                format!(
                    "past the last mode (N d = {s} * {d} = {new_stride}) up to M = {cotarget}: ceil_div(M, {new_stride}) = {rest_shape} (CuTe rounds up), mode {rest_shape}:{rest_stride}"
                ),
            )
            .val("shape", rest_shape)
            .val("stride", rest_stride)
        });
        result.push_kind(
            Int::of(rest_shape, rest_dynamic),
            Stride::int_of(rest_stride, rest_stride_dynamic),
        );
    }
    // one call, inlined here (the static and the dynamic rest end the same way)
    coalesce_result(&result, out, t)
}

/// The rest past the last mode up to the cotarget where it or the `N d` reached is dynamic:
/// `rest_shape = coalesce(ceil_div(M, new_stride))` with its kinds (a run of each kind),
/// `rest_stride = compact_major<LayoutLeft>(rest_shape, new_stride)`, onto `result` (`(s, d)`:
/// the last mode's extent and stride, for the trace). Out of line, the static rest's code kept
/// together.
#[cold]
#[inline(never)]
fn dynamic_rest<T: Trace>(
    cotarget: &Cotarget,
    new_stride: Int,
    (s, d): (i64, i64),
    rule: Rule,
    result: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    let mut rest = SmallVec::<[Int; 8]>::new();
    cotarget.ceil_div_kinds(new_stride, rule, &mut rest)?;
    coalesce_shape(&mut rest, rule)?;
    let mut rest_strides = SmallVec::<[Stride; 8]>::new();
    compact_left_kinds(&rest, new_stride, rule, &mut rest_strides)?;
    t.step(|| {
        Step::new(
            OP,
            "last",
            format!(
                "past the last mode (N d = {s} * {d} = {}) up to M = {cotarget}: coalesce(ceil_div(M, {})) with compact strides",
                new_stride.value, new_stride.value
            ),
        )
    });
    for (&x, &y) in rest.iter().zip(&rest_strides) {
        result.push_kind(x, y);
    }
    Ok(())
}

/// The gap `new_shape` at stride `last` onto `result` (`STATIC`: both static, every mode
/// before it too: no kind is kept, none read).
#[inline(always)]
fn push_gap<const STATIC: bool>(result: &mut FlatModes, new_shape: Int, last: Int) {
    if STATIC {
        result.push_static(new_shape.value, Stride::int(last.value));
    } else {
        result.push_kind(new_shape, Stride::of_int(last));
    }
}

/// The gaps between the modes of `f` taken by increasing stride (`at(j)`: the `j`-th), each a
/// mode of the complement pushed onto `result`: `d_k / last` at stride `last`, where `last`
/// is the `N d` reached before (1 for the first); gives the `N d` past the last mode and that
/// mode's extent and stride (values). Kinds: `min_stride / last` and `min_stride * shape`, as
/// CuTe's integral_constant gives; `STATIC` (every extent and stride of `f` static) is the
/// instance in which they are constants.
#[inline(always)]
fn gaps<T: Trace, const STATIC: bool>(
    f: &FlatModes,
    at: impl Fn(usize) -> usize,
    rule: Rule,
    result: &mut FlatModes,
    t: &mut T,
) -> Result<(Int, i64, i64)> {
    let stride = f.stride();
    let r = stride.len();
    let mode = |k: usize| {
        if STATIC {
            (Int::st(f.shape()[k]), Int::st(stride[k].value))
        } else {
            (f.extent(k), stride[k].coefficient())
        }
    };
    let mut last = Int::st(1);
    for k in (0..r - 1).map(&at) {
        let (s, d) = mode(k);
        let new_shape = d.div(last, OP)?;
        t.step(|| gap(s.value, d.value, last.value, new_shape.value));
        if new_shape.value == 0 {
            return Err(non_injective(f));
        }
        push_gap::<STATIC>(result, new_shape, last);
        last = d.mul_under(s, OP, rule)?;
    }
    let (s, d) = mode(at(r - 1));
    let new_shape = d.div(last, OP)?;
    t.step(|| gap(s.value, d.value, last.value, new_shape.value));
    if new_shape.value == 0 {
        return Err(non_injective(f));
    }
    push_gap::<STATIC>(result, new_shape, last);
    Ok((d.mul_under(s, OP, rule)?, s.value, d.value))
}

/// [`gaps`] where an extent or a stride is dynamic: out of line, the static instance's code
/// kept together.
#[cold]
#[inline(never)]
fn gaps_dynamic<T: Trace>(
    f: &FlatModes,
    at: &dyn Fn(usize) -> usize,
    rule: Rule,
    result: &mut FlatModes,
    t: &mut T,
) -> Result<(Int, i64, i64)> {
    gaps::<T, false>(f, at, rule, result, t)
}

/// The complement's modes, coalesced into `out`.
#[inline]
fn coalesce_result<T: Trace>(result: &FlatModes, out: &mut FlatModes, t: &mut T) -> Result<()> {
    // the modes as a tuple (each a mode, even one alone), for the trace
    let raw = || {
        let mut d = super::int_tuple::TupleBuilder::new();
        let mut sh = super::int_tuple::TupleBuilder::new();
        for (i, &x) in result.stride().iter().enumerate() {
            d.push_stride(x);
            sh.push_int_full(result.extent(i));
        }
        Layout::raw(sh.finish(), d.finish())
    };
    t.section(|| {
        let raw = raw();
        Step::new(OP, "coalesce", format!("the modes {raw}, coalesced")).val("modes", &raw)
    });
    let r = coalesce_flat_modes_traced(result, false, &raw, out, t);
    t.end();
    r
}

/// The modes' indices by increasing stride, of equal strides the first first (a stable sort:
/// out of line, as strides mostly come in order).
#[cold]
#[inline(never)]
fn by_stride(stride: &[Stride]) -> SmallVec<[usize; 8]> {
    let mut order: SmallVec<[usize; 8]> = (0..stride.len()).collect();
    order.sort_by_key(|&k| stride[k].value);
    order
}

fn gap(s: i64, d: i64, last: i64, new_shape: i64) -> Step {
    let ok = new_shape != 0;
    Step::new(
        OP,
        if ok { "gap" } else { "overlap" },
        if ok {
            format!(
                "mode {s}:{d}: gap {d} / {last} = {new_shape}, complement mode {new_shape}:{last}; next N d = {s} * {d} = {}",
                s.saturating_mul(d)
            )
        } else {
            format!("mode {s}:{d}: stride {d} < {last} reached so far: the modes overlap (not injective)")
        },
    )
    .val("shape", new_shape)
    .val("stride", last)
    .check(Check::rel("stride vs N d so far", d, Rel::Ge, last))
}

#[cold]
fn non_injective(f: &FlatModes) -> crate::algebra::AlgebraError {
    condition(
        OP,
        format!("non-injective layout {f}: its strides overlap, so it has no complement"),
    )
}
