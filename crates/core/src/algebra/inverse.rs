//! Right and left inverses, ported from CuTe, with their laws checked.

use smallvec::SmallVec;

use super::arith;
use super::basis::Stride;
use super::error::{Result, condition};
use super::flat::{FlatModes, Strides};
use super::int_tuple::Ints;
use super::integer::Int;
use super::laws;
use super::layout::{Layout, coalesce_flat_modes_traced};
use super::trace::{Check, NoTrace, Rel, Step, Trace};

/// CuTe's exchange sort of the indices `0..n` by `key(index)` (not stable; as CuTe's
/// `SortByKey`, which swaps key-index pairs: the indices alone, compared by their keys, are
/// swapped the same).
fn sort_by_key(n: usize, key: impl Fn(usize) -> i64) -> SmallVec<[usize; 8]> {
    let mut a: SmallVec<[usize; 8]> = SmallVec::with_capacity(n);
    for i in 0..n {
        a.push(i);
    }
    for i in 0..n {
        for j in i + 1..n {
            if key(a[j]) < key(a[i]) {
                a.swap(i, j);
            }
        }
    }
    a
}

/// [`sort_by_key`] of the modes' indices by their strides' values, `None` where the strides
/// are already in order (the exchange sort then swaps nothing: the order is `0, 1, ...`), as
/// they mostly come. The test inline in each inverse, the sort out of line.
#[inline(always)]
fn order_by_stride(d: &[Stride]) -> Option<SmallVec<[usize; 8]>> {
    if d.windows(2).all(|w| w[0].value <= w[1].value) {
        None
    } else {
        Some(sort_by_stride(d))
    }
}

/// [`sort_by_key`] of the modes' indices by their strides' values (where they are not in order).
#[inline(never)]
fn sort_by_stride(d: &[Stride]) -> SmallVec<[usize; 8]> {
    sort_by_key(d.len(), |i| d[i].value)
}

/// The prefix products `1, s_0, s_0 s_1, ...` of `shape` into `out` (empty; written in place,
/// not returned: no move of the list).
fn prefix_products(shape: &[i64], op: &'static str, out: &mut Ints) -> Result<()> {
    if shape.len() + 1 > out.inline_size() {
        out.reserve_exact(shape.len() + 1);
    }
    let mut last = 1i64;
    out.push(last);
    for s in shape {
        last = arith::mul(last, *s, op)?;
        out.push(last);
    }
    Ok(())
}

/// The prefix products of `c`'s extents with their kinds, as CuTe's
/// `fold(lshape, tuple<_1>{}, [](auto c, auto vi) { return append(c, vi*back(c)); })`: static
/// while every extent before is. Inline in each inverse.
#[inline(always)]
fn prefix_product_kinds(
    c: &FlatModes,
    op: &'static str,
    out: &mut SmallVec<[Int; 8]>,
) -> Result<()> {
    if c.len() + 1 > out.inline_size() {
        out.reserve_exact(c.len() + 1);
    }
    let mut last = Int::st(1);
    out.push(last);
    if c.shape_is_static() {
        // every extent static (decided once): the products are static, `Int::mul`'s values
        for &s in c.shape() {
            last = Int::st(arith::mul(s, last.value, op)?);
            out.push(last);
        }
        return Ok(());
    }
    for i in 0..c.len() {
        last = c.extent(i).mul(last, op)?;
        out.push(last);
    }
    Ok(())
}

/// The strides of a flat layout as integers (a basis element by its value).
fn stride_ints(c: &FlatModes) -> Ints {
    c.stride().iter().map(|d| d.value).collect()
}

/// `right_inverse(L)`: `L(R(i)) == i` for `i < size(R)`.
///
/// CuTe's construction proves the law, so it is not checked point by point (the property tests
/// check it): the chosen modes of `coalesce(L)` have strides `1, s_a, s_a·s_b, …` (each the
/// product of the shapes and strides before it), `R` maps `i`'s digits in that chain's mixed
/// radix to the index with those coordinates in those modes (`R`'s strides are L's prefix
/// products) and 0 elsewhere, and L sends that index back to `Σ c_k·stride_k = i`.
pub fn right_inverse(l: &Layout) -> Result<Layout> {
    right_inverse_unchecked(l)
}

/// CuTe's right_inverse without the law check.
pub fn right_inverse_unchecked(l: &Layout) -> Result<Layout> {
    let mut out = FlatModes::new();
    right_inverse_unchecked_traced(l, &mut out, &mut NoTrace)?;
    Ok(out.to_layout())
}

/// [`right_inverse`], reporting its derivation to `t`.
pub fn right_inverse_traced<T: Trace>(l: &Layout, t: &mut T) -> Result<Layout> {
    let mut out = FlatModes::new();
    let proven = right_inverse_unchecked_traced(l, &mut out, t)?;
    let r = out.to_layout();
    // no law to check, or a proven one and no step to record: `law_step` would hand `r` back
    if !T::LAWS || (proven && !T::ON) {
        return Ok(r);
    }
    let law = if proven {
        Ok(())
    } else {
        laws::check_right_inverse(l, &r)
    };
    law_step(
        "right_inverse",
        law,
        r,
        |r| Check::RightInverse { l: l.clone(), r },
        t,
    )
}

/// The law step of an inverse: the law's verdict on `r`, with the check `--verify` runs. A
/// result that breaks the law stands (it is CuTe's answer); the sink is told
/// ([`Trace::law`]). Another failure of the check (an overflow) is the call's error.
fn law_step<T: Trace>(
    op: &'static str,
    law: Result<()>,
    r: Layout,
    check: impl FnOnce(Layout) -> Check,
    t: &mut T,
) -> Result<Layout> {
    let law = match law {
        Ok(()) => None,
        Err(e @ super::error::AlgebraError::LawViolated { .. }) => Some(e),
        Err(e) => return Err(e),
    };
    t.step(|| {
        let step = match &law {
            None => Step::new(op, "law", format!("{op} = {r}")).val("result", &r),
            Some(e) => Step::new(
                op,
                "law violated",
                format!("{}; CuTe's answer stands (a warning)", e.law_text()),
            )
            .val("result", &r),
        };
        step.check(check(r.clone()))
    });
    if let Some(e) = law {
        t.law(e);
    }
    Ok(r)
}

/// `coalesce(L)` into `c`: where both inverses start (inline in each).
#[inline(always)]
fn inverse_start<T: Trace>(
    op: &'static str,
    l: &Layout,
    c: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    t.section(|| Step::new(op, "coalesce", format!("coalesce {l} first")));
    let r = l.as_view().coalesce_flat_traced(c, t);
    t.end();
    r?;
    t.step(|| {
        let (s, d) = (c.shape(), stride_ints(c));
        let mut pre = Ints::new();
        if prefix_products(s, op, &mut pre).is_err() {
            pre.clear();
        }
        let order: Vec<String> = sort_by_key(d.len(), |i| d[i])
            .into_iter()
            .map(|i| format!("{}:{} (at coordinate stride {})", s[i], d[i], pre.get(i).copied().unwrap_or(0)))
            .collect();
        Step::new(
            op,
            "sort",
            format!("modes of {c} by increasing stride, each with the prefix product of the shapes before it (its stride in the inverse): {}", order.join(", ")),
        )
    });
    Ok(())
}

/// CuTe's `right_inverse(layout)` (layout.hpp): `@post compatible(shape(result), ...)`,
/// `@post for all i, 0 <= i < size(@a result), @a layout(@a result(i)) == i`. Of
/// `coalesce(L)`'s modes `s_k:d_k` by increasing stride, the chain `d = 1, s_a d_a, ...` of
/// modes each starting where the ones before end is taken: the result is
/// `coalesce((1, s_a, s_b, ...):(0, P_a, P_b, ...))`, `P_k` the product of the shapes before
/// mode k (its coordinate stride).
///
/// With it, whether the construction proves the law (else it is checked point by point): no
/// mode of `coalesce(L)` maps to coordinates and every extent is at least 1. Then the modes
/// taken form the chain `d_a = 1`, `d_b = s_a·d_a`, … (a mode is taken only where its stride
/// is the next index not yet reached), so `i < size(R)` has the digits `c_j < s_j` in the
/// taken extents, `R(i) = Σ c_j·P_j` is the point of `coalesce(L)`'s domain with the digits
/// `c_j` in the taken modes and 0 in the others (no carry: each digit is below its extent),
/// and `L(R(i)) = Σ c_j·d_j = i` (the digits of `i` in the chain's mixed radix). The products
/// fit: [`prefix_product_kinds`] checked them up to L's size.
fn right_inverse_unchecked_traced<T: Trace>(
    l: &Layout,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<bool> {
    const OP: &str = "right_inverse";
    let mut c = FlatModes::new();
    inverse_start(OP, l, &mut c, t)?;
    let (lshape, lstride) = (c.shape(), c.stride());
    let mut preprod_list = SmallVec::new();
    prefix_product_kinds(&c, OP, &mut preprod_list)?;
    // the lists read as slices (a SmallVec's index tests where it lives each time)
    let preprod: &[Int] = &preprod_list;
    // the modes' facts in one pass: a dynamic stride, a basis stride, an extent below 1
    let (mut dynamic_stride, mut basis, mut positive) = (false, false, true);
    for (&s, d) in lshape.iter().zip(lstride) {
        dynamic_stride |= d.dynamic();
        basis |= d.basis.is_some();
        positive &= s >= 1;
    }
    let proven = !basis && positive;
    // the result's modes `(1, s_a, s_b, ...):(0, P_a, P_b, ...)` in one list, each extent with
    // its kind (kept only from a dynamic one on: none where every extent of L is static)
    let mut modes = FlatModes::new();
    modes.push_static(1, Stride::int(0));
    // CuTe: "Filter out any dynamic strides" (only static strides are sorted and taken): the
    // modes of static stride, where one is dynamic (else every mode, as they are)
    let candidates: Option<SmallVec<[usize; 8]>> = dynamic_stride.then(|| {
        (0..lshape.len())
            .filter(|&i| !lstride[i].dynamic())
            .collect()
    });
    let order_list = match &candidates {
        Some(c) => order_by_stride(&c.iter().map(|&i| lstride[i]).collect::<Strides>()),
        None => order_by_stride(lstride),
    };
    let (order, candidates) = (order_list.as_deref(), candidates.as_deref());
    for i in (0..lshape.len()).filter(|&i| dynamic_stride && lstride[i].dynamic()) {
        t.step(|| {
            Step::new(
                OP,
                "skip",
                format!(
                    "mode {}:{}: a dynamic stride (CuTe filters out dynamic strides)",
                    lshape[i], lstride[i].value
                ),
            )
        });
    }
    let static_shape = c.shape_is_static();
    let mut curr = Int::st(1);
    for k in 0..candidates.map_or(lshape.len(), |c| c.len()) {
        let j = order.map_or(k, |o| o[k]);
        let i = candidates.map_or(j, |c| c[j]);
        let d = lstride[i].value;
        // CuTe: `is_constant<istride::value, decltype(curr_stride)>`: curr must be static
        if !curr.is_constant(d) {
            let curr = curr.value;
            t.step(|| {
                Step::new(
                    OP,
                    "skip",
                    format!(
                        "mode {}:{d}: stride != {curr} (or {curr} is dynamic): not contiguous with what is reached, skipped",
                        lshape[i]
                    ),
                )
                .check(Check::rel("stride vs next index", d, Rel::Ne, curr))
            });
            continue;
        }
        t.step(|| {
            let curr = curr.value;
            Step::new(
                OP,
                "take",
                format!(
                    "mode {}:{d}: stride == {curr}, the next index not yet reached: inverse mode {}:{}; next {} * {d} = {}",
                    lshape[i], lshape[i], preprod[i].value, lshape[i],
                    lshape[i].saturating_mul(d)
                ),
            )
            .check(Check::rel("stride vs next index", d, Rel::Eq, curr))
        });
        if static_shape {
            // every extent and prefix product static (decided once, above)
            modes.push_static(lshape[i], Stride::int(preprod[i].value));
            curr = Int::st(arith::mul(lshape[i], d, OP)?);
            continue;
        }
        let s = c.extent(i);
        // the extent's kind alone (CuTe's shape element), not the DSL's divisibility of it
        modes.push_kind(
            Int::of(s.value, s.dynamic()),
            Stride::int_of(preprod[i].value, preprod[i].dynamic()),
        );
        curr = s.mul(Int::st(d), OP)?;
    }
    finish(OP, &modes, out, t)?;
    Ok(proven)
}

/// The inverse's modes coalesced (CuTe's result) into `out`, the coalescing reported as a
/// section. Inline in each inverse.
#[inline(always)]
fn finish<T: Trace>(
    op: &'static str,
    modes: &FlatModes,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    // the modes as they are, a tuple of them (of one too), for the trace
    let raw = || {
        let mut d = super::int_tuple::TupleBuilder::new();
        for &x in modes.stride() {
            d.push_stride(x);
        }
        let mut sh = super::int_tuple::TupleBuilder::new();
        for (i, &x) in modes.shape().iter().enumerate() {
            sh.push_int_kind(x, modes.is_dynamic_extent(i));
        }
        Layout::raw(sh.finish(), d.finish())
    };
    t.section(|| {
        let raw = raw();
        Step::new(
            op,
            "coalesce",
            format!("the inverse modes {raw}, coalesced"),
        )
    });
    let r = coalesce_flat_modes_traced(modes, false, &raw, out, t);
    t.end();
    r
}

/// `left_inverse(L)`: `R(L(i)) == i` for `i < size(L)`.
/// Its law is not checked here (an intermediate step); [`left_inverse_traced`] with a
/// [`super::trace::Laws`] sink checks it.
pub fn left_inverse(l: &Layout) -> Result<Layout> {
    left_inverse_unchecked(l)
}

/// CuTe's left_inverse without the law check.
pub fn left_inverse_unchecked(l: &Layout) -> Result<Layout> {
    let mut out = FlatModes::new();
    left_inverse_unchecked_traced(l, &mut out, &mut NoTrace)?;
    Ok(out.to_layout())
}

/// [`left_inverse`], reporting its derivation to `t`.
pub fn left_inverse_traced<T: Trace>(l: &Layout, t: &mut T) -> Result<Layout> {
    let mut out = FlatModes::new();
    let proven = left_inverse_unchecked_traced(l, &mut out, t)?;
    let r = out.to_layout();
    // no law to check, or a proven one and no step to record: `law_step` would hand `r` back
    if !T::LAWS || (proven && !T::ON) {
        return Ok(r);
    }
    let law = if proven {
        Ok(())
    } else {
        laws::check_left_inverse(l, &r)
    };
    law_step(
        "left_inverse",
        law,
        r,
        |r| Check::LeftInverse { l: l.clone(), r },
        t,
    )
}

/// CuTe's `left_inverse(layout)` (layout.hpp): `@post compatible(shape(@a layout), ...)`,
/// `@post for all i, 0 <= i < size(@a layout), @a result(@a layout(i)) == i`. Of
/// `coalesce(L)`'s modes `s_k:d_k` by increasing stride (stride-0 modes skipped), each stride
/// must be a multiple of the one before: the result is
/// `coalesce((d_a, d_b/d_a, ..., s_last):(0, P_a, P_b, ...))`, `P_k` the product of the shapes
/// before mode k (its coordinate stride).
///
/// With it, whether the construction proves the law (else it is checked point by point): the
/// stride-0 modes have extent 1 and each mode of the chain ends where the next may start
/// (`s_k·d_k <= d_next`), the last one being the mode whose extent closes R. Then, by
/// induction, `L(i) = Σ c_k·d_k` has the digit `c_k < s_k <= d_next/d_k` in R's mode of radix
/// `d_next/d_k` (the strides below it divide it, so nothing carries), the digit below `d_a`
/// is 0, and `R(L(i)) = Σ c_k·P_k = i`.
fn left_inverse_unchecked_traced<T: Trace>(
    l: &Layout,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<bool> {
    const OP: &str = "left_inverse";
    let mut c = FlatModes::new();
    inverse_start(OP, l, &mut c, t)?;
    let (lshape, lstride) = (c.shape(), c.stride());
    if let Some(d) = lstride.iter().find(|d| d.dynamic()) {
        return Err(condition(
            OP,
            format!(
                "Left inverse requires static strides (CuTe's static_assert: is_static<stride>): {c}, the coalesced {l}, has the dynamic stride {}",
                d.value
            ),
        ));
    }
    let mut preprod_list = SmallVec::new();
    prefix_product_kinds(&c, OP, &mut preprod_list)?;
    // the lists read as slices (a SmallVec's index tests where it lives each time)
    let preprod: &[Int] = &preprod_list;
    let order_list = order_by_stride(lstride);
    let order = order_list.as_deref();
    let at = |k: usize| order.map_or(k, |o| o[k]);
    // the result's modes `(d_a, d_b/d_a, ..., s_last):(0, P_a, P_b, ...)` in one list: each
    // quotient is pushed with the stride before it (`prev`), the closing extent with the last
    let mut modes = FlatModes::new();
    let mut prev = Stride::int(0);
    let mut size = 1i64;
    // the proof: `reach` is s·d of the chain's last mode so far (`None` past an overflow);
    // no basis stride and no extent below 1, in one pass
    let mut proven = lshape
        .iter()
        .zip(lstride)
        .all(|(&s, d)| s >= 1 && d.basis.is_none());
    let mut reach = Some(0i64);
    let mut chain_last = None;
    for i in (0..lshape.len()).map(at) {
        let d = lstride[i].value;
        if d == 0 {
            proven &= lshape[i] == 1;
            t.step(|| {
                Step::new(
                    OP,
                    "skip",
                    format!("mode {}:0 has stride 0: skipped", lshape[i]),
                )
            });
            continue;
        }
        t.step(|| {
            let ok = d % size == 0;
            Step::new(
                OP,
                if ok { "gap" } else { "divisibility fails" },
                if ok {
                    format!(
                        "mode {}:{d}: {size} (the indices covered so far) divides {d}: inverse mode {}:{} (gap {d} / {size})",
                        lshape[i],
                        d / size,
                        preprod[i].value
                    )
                } else {
                    format!("mode {}:{d}: {size} does not divide {d}", lshape[i])
                },
            )
            .check(Check::rel("covered so far divides the stride", size, Rel::Divides, d))
        });
        if arith::rem(d, size, OP)? != 0 {
            return Err(condition(
                OP,
                format!("divisibility condition: stride {d} is not a multiple of {size}"),
            ));
        }
        let s = arith::div(d, size, OP)?;
        // the strides' quotients are static
        modes.push_static(s, prev);
        size = arith::mul(size, s, OP)?;
        prev = Stride::int_of(preprod[i].value, preprod[i].dynamic());
        proven &= d > 0 && reach.is_some_and(|r| r <= d);
        reach = lshape[i].checked_mul(d);
        chain_last = Some(i);
    }
    // rank >= 1: coalesce gives a mode
    let last = at(lshape.len() - 1);
    proven &= reach.is_some() && chain_last.is_none_or(|k| k == last);
    t.step(|| {
        Step::new(
            OP,
            "last",
            format!(
                "the largest-stride mode's shape {} closes the inverse's shape",
                lshape[last]
            ),
        )
    });
    // the closing extent has its own kind (its kind alone, not the DSL's divisibility)
    modes.push_kind(Int::of(lshape[last], c.extent(last).dynamic()), prev);
    // a negative stride gives a negative extent in CuTe's answer: an error (SPEC §3, extents
    // are at least 1), which names CuTe's shape
    if modes.shape().iter().any(|s| *s <= 0) {
        let shape: Vec<String> = modes
            .shape()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if modes.is_dynamic_extent(i) {
                    s.to_string()
                } else {
                    format!("_{s}")
                }
            })
            .collect();
        return Err(condition(
            OP,
            format!(
                "layout {l} has a negative stride; its left inverse has no valid shape (CuTe's result has the shape ({}), and extents are at least 1)",
                shape.join(",")
            ),
        ));
    }
    finish(OP, &modes, out, t)?;
    Ok(proven)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::int_tuple::IntTuple;

    /// Where the construction claims the proof, the law check agrees (every flat layout of up
    /// to three modes with small extents and strides).
    #[test]
    fn left_inverse_proof_implies_the_law() {
        let mut proven_count = 0;
        for rank in 1..=3u32 {
            let n = 4i64.pow(rank) * 10i64.pow(rank);
            for code in 0..n {
                let (mut c, mut s, mut d) = (code, vec![], vec![]);
                for _ in 0..rank {
                    s.push(c % 4 + 1);
                    c /= 4;
                    d.push(c % 10);
                    c /= 10;
                }
                let l = Layout::raw(IntTuple::of_ints(&s), IntTuple::of_ints(&d));
                let mut out = FlatModes::new();
                let Ok(proven) = left_inverse_unchecked_traced(&l, &mut out, &mut NoTrace) else {
                    continue;
                };
                let r = out.to_layout();
                if proven {
                    proven_count += 1;
                    assert!(laws::check_left_inverse(&l, &r).is_ok(), "{l} -> {r}");
                }
            }
        }
        assert!(proven_count > 1000);
    }

    /// Where the construction claims the right inverse's proof, the law check agrees (every
    /// flat layout of up to three modes with extents 0 to 3 and strides -2 to 6).
    #[test]
    fn right_inverse_proof_implies_the_law() {
        let mut proven_count = 0;
        for rank in 1..=3u32 {
            let n = 4i64.pow(rank) * 9i64.pow(rank);
            for code in 0..n {
                let (mut c, mut s, mut d) = (code, vec![], vec![]);
                for _ in 0..rank {
                    s.push(c % 4);
                    c /= 4;
                    d.push(c % 9 - 2);
                    c /= 9;
                }
                let l = Layout::raw(IntTuple::of_ints(&s), IntTuple::of_ints(&d));
                let mut out = FlatModes::new();
                let Ok(proven) = right_inverse_unchecked_traced(&l, &mut out, &mut NoTrace) else {
                    continue;
                };
                let r = out.to_layout();
                if proven {
                    proven_count += 1;
                    assert!(laws::check_right_inverse(&l, &r).is_ok(), "{l} -> {r}");
                }
            }
        }
        assert!(proven_count > 5000);
    }
}
