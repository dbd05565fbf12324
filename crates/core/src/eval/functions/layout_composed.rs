//! The functions of a layout composed with a layout, `A o O o B` (CuTe's
//! `ComposedLayout<Layout, O, Layout>`, algebra/layout_composed.rs), and of a tensor over one
//! (an im2col TMA's coordinate tensor). layout_composed.hpp answers through `B`: `size`,
//! `rank`, `depth`, `shape` read `B` (with their mode indices); `slice(c, C)` and
//! `domain_offset(c, C)` keep `A` and move the offset (`O + B's offset`, `O + B(c)`);
//! `composition(C, T)`, the divides and products with a tiler compose or divide `B`, and so
//! `local_tile` and `local_partition` (a divide, then a slice). The rest is refused naming the
//! value.

use super::{EvalError, Function, Laws, Span, Value};
use crate::algebra::layout_composed::{ComposedTensor, LayoutComposed, Stage};

/// `f` of a call whose argument `i` is a layout composed with a layout (or a tensor over one).
pub(super) fn call(
    f: &Function,
    vals: &[Value],
    i: usize,
    spans: &[Span],
    span: Span,
    laws: Option<&mut Laws>,
) -> Result<Value, EvalError> {
    let Value::LayoutComposed(t) = &vals[i] else {
        unreachable!("the caller found one at {i}")
    };
    let arg_span = spans.get(i).copied().unwrap_or(span);
    match f.name {
        // a swizzle B has no shape: CuTe's shape(C) is the swizzle itself (shape(B) of a
        // non-tuple), its rank 1 and its depth 0; its size does not compile
        "shape" | "rank" | "depth" if vals.len() == 1 && t.layout.inner_layout().is_none() => {
            Ok(match (f.name, t.layout.inner.leaf_swizzle()) {
                ("shape", Some(s)) => Value::Swizzle(*s),
                ("rank", _) => Value::IntTuple(crate::algebra::IntTuple::int(1)),
                _ => Value::IntTuple(crate::algebra::IntTuple::int(0)),
            })
        }
        "size" | "rank" | "depth" | "shape" | "cosize" => {
            // cosize(C) = cosize(B) (layout_composed.hpp), as size
            let b = t
                .layout
                .inner_layout_for(f.name)
                .map_err(|e| EvalError::algebra(e, arg_span))?;
            let mut inner = vals.to_vec();
            inner[i] = Value::Layout(b.clone());
            super::call_checking(f, &inner, spans, span, laws)
        }
        // composition(C, T) = A o O o composition(B, T)
        "composition" if i == 0 && vals.len() == 2 => {
            crate::eval::compose_values(&vals[0], spans[0], &vals[1], spans[1], span)
        }
        // composition(L, C) = composition(composition(L, C.A), C.B), for a static offset 0; of
        // a composed first argument, its own rule (composition(X.A, X.O, composition(X.B, C)))
        "composition" if i == 1 && vals.len() == 2 => {
            crate::eval::compose_values(&vals[0], spans[0], &vals[1], spans[1], span)
        }
        // composition(inverse(B), inverse(O), inverse(A)) (layout_composed.hpp)
        "right_inverse" | "left_inverse" if vals.len() == 1 && t.origin.is_none() => {
            inverse(f.name, &t.layout, arg_span, laws)
        }
        "slice" if i == 1 && vals.len() == 2 => {
            let c = crate::eval::convert::to_coord(&vals[0], spans[0])?;
            slice(t, &c, arg_span)
        }
        "domain_offset" if i == 1 && vals.len() == 2 => {
            let c = crate::eval::convert::to_coord(&vals[0], spans[0])?;
            let Some(ct) = c.to_int_tuple() else {
                return Err(EvalError::new(
                    "domain_offset takes a coordinate without '_'",
                    spans[0],
                ));
            };
            let at = t
                .layout
                .inner
                .eval_index(&ct)
                .and_then(|b| crate::algebra::basis::index_add(&t.layout.offset, &b))
                .map_err(|e| EvalError::algebra(e, span))?;
            let mut r = (**t).clone();
            r.layout.offset = at;
            // (ComposedLayout{A, O + B(c), B}, _0)
            Ok(Value::Tuple(vec![
                Value::LayoutComposed(Box::new(r)),
                Value::IntTuple(crate::algebra::IntTuple::int(0)),
            ]))
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product"
            if i == 0 && vals.len() == 2 =>
        {
            use crate::algebra::divide as d;
            let mut buf = crate::algebra::TilerBuf::new();
            let tiler = crate::eval::convert::to_tiler(&vals[1], spans[1], &mut buf)?;
            let op: fn(
                &crate::algebra::Layout,
                &crate::algebra::Tiler,
            ) -> crate::algebra::Result<_> = match f.name {
                "logical_divide" => d::logical_divide,
                "zipped_divide" => d::zipped_divide,
                "tiled_divide" => d::tiled_divide,
                "flat_divide" => d::flat_divide,
                "logical_product" => d::logical_product,
                "zipped_product" => d::zipped_product,
                "tiled_product" => d::tiled_product,
                _ => d::flat_product,
            };
            let layout = t
                .layout
                .map_inner(|b| op(b, &tiler))
                .map_err(|e| EvalError::algebra(e, span))?;
            Ok(with_layout(t, layout))
        }
        // local_tile(T, TILER, COORD[, PROJ]): inner_partition through the inner layout
        "local_tile" if i == 0 => {
            let (tiler, coord) = match vals.get(3) {
                Some(proj) => (
                    super::tiling::dice(proj, spans[3], &vals[1], spans[1])?,
                    super::tiling::dice(proj, spans[3], &vals[2], spans[2])?,
                ),
                None => (vals[1].clone(), vals[2].clone()),
            };
            let c = crate::eval::convert::to_coord(&coord, spans[2])?;
            let mut buf = crate::algebra::TilerBuf::new();
            let tl = crate::eval::convert::to_tiler(&tiler, spans[1], &mut buf)?;
            let layout =
                crate::algebra::tensor::partition_layout_composed(&t.layout, &tl, &c, true)
                    .map_err(|e| EvalError::algebra(e, span))?;
            Ok(with_layout(t, layout))
        }
        // local_partition(T, THR_LAYOUT, THR_IDX[, PROJ]): outer_partition at the thread's
        // coordinate (a run-time index, C++'s `int`, a run-time coordinate)
        "local_partition" if i == 0 => {
            let idx = crate::eval::convert::to_int(&vals[2], spans[2])?;
            let thr = match vals.get(3) {
                Some(proj) => crate::eval::convert::to_layout(
                    &super::tiling::dice(proj, spans[3], &vals[1], spans[1])?,
                    spans[1],
                )?,
                None => crate::eval::convert::to_layout(&vals[1], spans[1])?,
            };
            let dynamic = crate::eval::convert::has_dynamic_int(&vals[2]);
            let layout = crate::algebra::tensor::local_partition_layout_composed(
                &t.layout, &thr, idx, dynamic,
            )
            .map_err(|e| EvalError::algebra(e, span))?;
            Ok(with_layout(t, layout))
        }
        _ => Err(EvalError::new(
            format!(
                "{} of {} (CuTe's ComposedLayout<Layout, O, Layout>, printed A o O o B) is not modelled: cute answers its size, rank, depth, shape, evaluation, slices, domain_offset, composition with a tiler, the divides and products with a tiler, local_tile and local_partition",
                f.name,
                vals[i].kind()
            ),
            arg_span,
        )),
    }
}

/// A stage of `A o O o B` as a value: a layout, a swizzle, a swizzled layout, or a composed
/// layout (as [`composed_value`] holds it).
pub(crate) fn inner_value(b: &Stage) -> Value {
    match b {
        Stage::Layout(l) => Value::Layout(l.clone()),
        Stage::Swizzle(s) => Value::Swizzle(*s),
        Stage::Swizzled(c) => Value::composed(c.clone()),
        Stage::Composed(c) => composed_value((**c).clone()),
    }
}

/// A composed layout as cute holds it: `Sw o OFF o (Sw' o OFF' o L)` as the composed layout
/// of a composed layout it reads back as, `Sw o OFF o L` as a swizzled layout, the rest as
/// it is.
pub(crate) fn composed_value(c: LayoutComposed) -> Value {
    use crate::algebra::swizzle::{ComposedLayout, NestedComposed, Offset};
    let int_offset = match c.offset.as_int_full() {
        Some(o) if c.offset.basis().is_none() => {
            Some(Offset::Int(crate::algebra::Int::of(o.value, o.dynamic())))
        }
        _ => None,
    };
    match (&c.outer, int_offset, &c.inner) {
        (Stage::Swizzle(s), Some(offset), Stage::Swizzled(inner)) => {
            Value::NestedComposed(Box::new(NestedComposed {
                swizzle: *s,
                offset,
                inner: inner.clone(),
            }))
        }
        (Stage::Swizzle(s), Some(offset), Stage::Layout(l)) => Value::composed(ComposedLayout {
            swizzle: *s,
            offset,
            layout: l.clone(),
        }),
        _ => Value::LayoutComposed(Box::new(ComposedTensor {
            origin: None,
            layout: c,
        })),
    }
}

/// A value as a stage of `A o O o B`: a swizzle, a swizzled layout, a composed layout (of a
/// composed layout too), or a layout.
pub(crate) fn stage_of(v: &Value, span: Span) -> Result<Stage, EvalError> {
    Ok(match v {
        Value::Swizzle(s) => Stage::Swizzle(*s),
        Value::Composed(c) => Stage::Swizzled((**c).clone()),
        Value::LayoutComposed(t) if t.origin.is_none() => {
            Stage::Composed(Box::new(t.layout.clone()))
        }
        Value::NestedComposed(n) => Stage::Composed(Box::new(nested_as_composed(n, span)?)),
        v => Stage::Layout(crate::eval::convert::layout_of(v, span)?.into_owned()),
    })
}

/// `Sw o OFF o (Sw' o OFF' o L)` as the one composed layout, `ComposedLayout<Swizzle, OFF,
/// ComposedLayout<…>>`, of an integer offset.
fn nested_as_composed(
    n: &crate::algebra::swizzle::NestedComposed,
    span: Span,
) -> Result<LayoutComposed, EvalError> {
    use crate::algebra::swizzle::PlainOffset;
    match n.offset.plain() {
        PlainOffset::Int(o) => Ok(LayoutComposed {
            outer: Stage::Swizzle(n.swizzle),
            offset: crate::algebra::IntTuple::int_of(o.value, o.dynamic()),
            inner: Stage::Swizzled(n.inner.clone()),
        }),
        PlainOffset::SmemPtr(_) => Err(EvalError::new(
            "a composed layout over a smem_ptr offset as a stage of another is not modelled; use as_position_independent_swizzle_layout first",
            span,
        )),
    }
}

/// `composition(L, C) = composition(composition(L, C.A), C.B)` (layout_composed.hpp), for
/// `C`'s offset a static 0 (`C.A` a layout or a swizzled layout); CuTe has no composition of a
/// swizzle with `C`.
pub(crate) fn composed_after(
    l: &Value,
    lspan: Span,
    t: &ComposedTensor,
    tspan: Span,
    span: Span,
) -> Result<Value, EvalError> {
    if let Value::Swizzle(s) = l {
        return Err(swizzle_then_composed(s, lspan));
    }
    if t.origin.is_some()
        || !matches!(t.layout.offset.as_int_full(), Some(o) if o.value == 0 && !o.dynamic())
    {
        return Err(EvalError::new(
            format!(
                "composition: CuTe composes a layout with a composed layout whose offset is a static 0 only (CUTE_STATIC_ASSERT_V(b.offset() == Int<0>{{}}, \"Require offset == 0.\")), not {}",
                t.layout.offset
            ),
            tspan,
        ));
    }
    let la = crate::eval::compose_values(l, lspan, &outer_value(&t.layout), tspan, span)?;
    crate::eval::compose_values(
        &la,
        lspan.to(tspan),
        &inner_value(&t.layout.inner),
        tspan,
        span,
    )
}

/// `composition(Sw, C)` of a composed layout `C`: swizzle_layout.hpp composes a swizzle with a
/// layout (and swizzle.hpp with a swizzle of the same shift, merged), no other overload takes
/// a swizzle first (cute-oracle: "no matching function for call to 'composition(Swizzle<…>,
/// ComposedLayout<…>)'"); the three-argument `composition(Sw, O, C)` builds one.
pub(crate) fn swizzle_then_composed(s: &crate::algebra::Swizzle, span: Span) -> EvalError {
    EvalError::new(
        format!(
            "composition: CuTe composes the swizzle {s} with a layout (or a swizzle of the same shift) only: composition(Swizzle, ComposedLayout) does not compile (no matching function for call to 'composition(Swizzle<…>, ComposedLayout<…>)'); the three-argument composition(Sw, Int<0>{{}}, C) makes the composed layout {s} o _0 o C"
        ),
        span,
    )
}

/// `A` of `A o O o B` as a value.
pub(crate) fn outer_value(c: &LayoutComposed) -> Value {
    inner_value(&c.outer)
}

/// `right_inverse(C)` / `left_inverse(C)` of `C = A o O o B` (layout_composed.hpp):
/// `composition(inverse(B), inverse(O), inverse(A))` with `inverse(O) = -O` (swizzle_layout.hpp's
/// "Kludge", of a static integer only) and a swizzle its own inverse. Of `B` a swizzle, the
/// swizzled layout `Sw o -O o inverse(A)`; of `B` a layout, `inverse(B) o -O o inverse(A)`.
/// Its law, `C(R(i)) == i` over R's domain (right) or `R(C(i)) == i` over C's (left), is kept
/// in `laws` where it breaks (CuTe's answer stands).
pub(super) fn inverse(
    op: &'static str,
    c: &LayoutComposed,
    span: Span,
    laws: Option<&mut Laws>,
) -> Result<Value, EvalError> {
    use crate::algebra::IntTuple;
    use crate::algebra::swizzle::{ComposedLayout, Offset};
    let alg = |e| EvalError::algebra(e, span);
    let neg = match c.offset.as_int_full() {
        Some(o) if c.offset.basis().is_none() && !o.dynamic() => {
            o.value.checked_neg().ok_or_else(|| {
                EvalError::new(
                    format!("{op}: the offset {o} has no negation in 64 bits"),
                    span,
                )
            })?
        }
        _ => {
            return Err(EvalError::new(
                format!(
                    "{op}: CuTe's {op} of a composed layout takes {op} of its offset {}, which compiles for a static integer only (no matching function for call to '{op}(…)')",
                    c.offset
                ),
                span,
            ));
        }
    };
    let a_inv = stage_inverse(op, &outer_value(c), span)?;
    let b_inv = stage_inverse(op, &inner_value(&c.inner), span)?;
    let r = match (&b_inv, &a_inv) {
        // swizzle_layout.hpp's overload for ComposedLayout<Swizzle, _0, B> (B any type):
        // composition(inverse(B), Sw), two stages composed (two swizzles merged only of the
        // same shift: CuTe's static_assert)
        (_, Value::Swizzle(sw)) if neg == 0 && matches!(c.outer, Stage::Swizzle(_)) => {
            crate::eval::compose_values(&b_inv, span, &Value::Swizzle(*sw), span, span)?
        }
        // composition(Sw, -O, inverse(A)): a swizzled layout (the layout itself for a swizzle of
        // no bits at offset 0)
        (Value::Swizzle(s), Value::Layout(a_inv)) if s.bits == 0 && neg == 0 => {
            Value::Layout(a_inv.clone())
        }
        (Value::Swizzle(s), Value::Layout(a_inv)) => Value::composed(ComposedLayout {
            swizzle: *s,
            offset: Offset::Int(crate::algebra::Int::of(neg, false)),
            layout: a_inv.clone(),
        }),
        // composition(inverse(B), -O, inverse(A)): ComposedLayout<inverse(B), -O, inverse(A)>
        _ => match super::construction::composed_of(&b_inv, IntTuple::int(neg), &a_inv, span)? {
            Some(layout) => composed_value(layout),
            None => {
                return Err(EvalError::new(
                    format!(
                        "{op}: CuTe's answer is {} o {neg} o {}, which cute does not model",
                        crate::eval::plain::render(&b_inv),
                        crate::eval::plain::render(&a_inv),
                    ),
                    span,
                ));
            }
        },
    };
    if let Some(laws) = laws {
        let cv = Value::LayoutComposed(Box::new(ComposedTensor {
            origin: None,
            layout: c.clone(),
        }));
        check_inverse_law(op, &cv, &r, laws).map_err(alg)?;
    }
    Ok(r)
}

/// `inverse(X)` of a stage of a composed layout: a layout's, a swizzle itself, a swizzled
/// layout's (swizzle_layout.hpp: a swizzled layout, a layout, or a layout after a swizzle), a
/// composed layout's (layout_composed.hpp's, again).
fn stage_inverse(op: &'static str, v: &Value, span: Span) -> Result<Value, EvalError> {
    use crate::algebra::inverse as inv;
    use crate::algebra::swizzle::{ComposedInverse, SwizzledOrPlain, inverse_composed};
    let alg = |e| EvalError::algebra(e, span);
    let plain: fn(&crate::algebra::Layout) -> crate::algebra::Result<crate::algebra::Layout> =
        if op == "right_inverse" {
            inv::right_inverse
        } else {
            inv::left_inverse
        };
    Ok(match v {
        Value::Layout(l) => Value::Layout(plain(l).map_err(alg)?),
        Value::Composed(x) => match inverse_composed(x, op, plain).map_err(alg)? {
            ComposedInverse::Swizzled(SwizzledOrPlain::Plain(l)) => Value::Layout(l),
            ComposedInverse::Swizzled(SwizzledOrPlain::Composed(x)) => Value::composed(x),
            ComposedInverse::AfterSwizzle(x) => composed_value(*x),
        },
        Value::LayoutComposed(t) => inverse(op, &t.layout, span, None)?,
        Value::NestedComposed(n) => inverse(op, &nested_as_composed(n, span)?, span, None)?,
        other => other.clone(),
    })
}

/// A value's function at index `i`: a layout, a swizzled layout, a layout after a swizzle.
fn at(v: &Value, i: i64) -> crate::algebra::Result<Option<i64>> {
    Ok(match v {
        Value::Layout(l) => Some(l.at(i)?),
        Value::Composed(c) => Some(c.apply_outer(c.layout.at(i)?)?),
        Value::LayoutComposed(t) => t
            .layout
            .eval_index(&crate::algebra::IntTuple::int(i))?
            .as_int(),
        Value::NestedComposed(n) => Some(n.at(i)?),
        _ => None,
    })
}

/// The size of a value's domain where it has one (a layout after a swizzle: its outer
/// layout's, the swizzle's domain).
fn domain_size(v: &Value) -> crate::algebra::Result<Option<i64>> {
    Ok(match v {
        Value::Layout(l) => Some(l.size()?),
        Value::Composed(c) => Some(c.layout.size()?),
        Value::LayoutComposed(t) => match (t.layout.inner_layout(), &t.layout.outer) {
            (Some(b), _) => Some(b.size()?),
            (None, Stage::Layout(a)) => Some(a.size()?),
            (None, _) => None,
        },
        Value::NestedComposed(n) => Some(n.inner.layout.size()?),
        _ => None,
    })
}

/// `C(R(i)) == i` (right) or `R(C(i)) == i` (left) at the checked points, `C` a composed
/// layout (of any of cute's composed kinds) and `R` CuTe's inverse of it; a break is kept in
/// `laws` (CuTe's answer stands, SPEC §3).
pub(super) fn check_inverse_law(
    op: &'static str,
    cv: &Value,
    r: &Value,
    laws: &mut Laws,
) -> crate::algebra::Result<()> {
    use crate::algebra::trace::Trace;
    let right = op == "right_inverse";
    let Some(size) = domain_size(if right { r } else { cv })? else {
        return Ok(());
    };
    for i in crate::algebra::laws::check_points(size) {
        let (first, second) = if right { (r, cv) } else { (cv, r) };
        let Some(x) = at(first, i)? else {
            return Ok(());
        };
        let Some(got) = at(second, x)? else {
            return Ok(());
        };
        if got != i {
            let what = if right {
                format!("C(R({i})) = C({x})")
            } else {
                format!("R(C({i})) = R({x})")
            };
            laws.law(crate::algebra::AlgebraError::LawViolated {
                op,
                law: format!(
                    "CuTe's result {} is not {} of {}: {what} = {got}, not {i}",
                    crate::eval::plain::render(r),
                    if right {
                        "a right inverse"
                    } else {
                        "a left inverse"
                    },
                    crate::eval::plain::render(cv)
                ),
            });
            return Ok(());
        }
    }
    Ok(())
}

/// The tensor (or layout) `t` over another layout composed with a layout, its iterator kept.
fn with_layout(
    t: &ComposedTensor,
    layout: crate::algebra::layout_composed::LayoutComposed,
) -> Value {
    Value::LayoutComposed(Box::new(ComposedTensor {
        origin: t.origin.clone(),
        layout,
    }))
}

/// `slice(c, C)`, also `T(c)` with `_` in `c`: CuTe's `slice_and_offset`, the offset kept in
/// the layout (`A o (O + B's offset) o slice(c, B)`) and the iterator left where it is.
pub(crate) fn slice(
    t: &ComposedTensor,
    c: &crate::algebra::Coord,
    span: Span,
) -> Result<Value, EvalError> {
    let layout = t.layout.slice(c).map_err(|e| EvalError::algebra(e, span))?;
    Ok(Value::LayoutComposed(Box::new(ComposedTensor {
        origin: t.origin.clone(),
        layout,
    })))
}
