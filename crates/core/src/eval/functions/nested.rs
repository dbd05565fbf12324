//! The functions of a composed layout of a composed layout, `Sw o OFF o (Sw' o OFF' o L)`:
//! CuTe's `ComposedLayout<Swizzle, Offset, ComposedLayout<…>>`, what the composition of two
//! composed layouts gives. layout_composed.hpp defines each function of a `ComposedLayout<A,O,B>`
//! through its `B`, so on this one through the inner composed layout:
//!
//! - the queries read B: `size(C) = size(C.layout_b())`, and so `cosize`, `rank`, `depth`,
//!   `shape` (with their mode indices), `complement(C, T) = complement(C.layout_b(), T)`;
//! - the structural functions rewrap: `f(C) = composition(C.layout_a(), C.offset(), f(C.layout_b()))`
//!   (`get`/`layout<I…>`, `take`, `flatten`, `append<N>`, `group`, `zip`, `coalesce`,
//!   `filter(C, profile)`, the divides and products, `tile_to_shape`);
//! - `upcast`/`downcast`/`recast_layout` cast each part: `composition(upcast<N>(A), upcast<N>(O), upcast<N>(B))`;
//! - the inverses reverse the parts (swizzle_layout.hpp, offset `_0`):
//!   `left_inverse(C) = composition(left_inverse(C.layout_b()), C.layout_a())`;
//! - `domain_offset(c, C) = (ComposedLayout{A, O + B(c), B}, _0)`;
//! - `max_alignment(C)` is `_1` and `nullspace(C)` is `_1:_0` ("Do not attempt for general
//!   ComposedLayouts").
//!
//! What CuTe does not compile is refused naming why: a slice (`slice_and_offset` of the inner
//! `ComposedLayout` asks its `tuple_size`, an incomplete type), `stride` (deleted), `filter`
//! without a profile (no overload).

use super::{EvalError, Function, Laws, Span, Value};
use crate::algebra::swizzle::NestedComposed;
use crate::algebra::{ComposedLayout, Offset};

/// How a function reaches a composed layout of a composed layout.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lift {
    /// Of the inner composed layout, as it is (`size`, `complement`, ...).
    Query,
    /// Of the inner composed layout, the outer swizzle and offset put back (`coalesce`, ...).
    Rewrap,
    /// Of each part (`upcast`, `downcast`, `recast_layout`).
    Cast,
    /// The parts reversed (`left_inverse`, `right_inverse`).
    Inverse,
    /// The offset moved into the outer stage (`domain_offset`).
    DomainOffset,
    /// A constant (`max_alignment`: `_1`, `nullspace`: `_1:_0`).
    Constant,
    /// Refused, with the reason: what CuTe does not compile.
    Refused(&'static str),
}

fn lift(name: &str) -> Option<Lift> {
    Some(match name {
        "size" | "cosize" | "rank" | "depth" | "shape" | "complement" => Lift::Query,
        "get" | "layout" | "take" | "flatten" | "append" | "group" | "zip" | "coalesce"
        | "filter" | "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide"
        | "tile_unzip" | "logical_product" | "zipped_product" | "tiled_product"
        | "flat_product" | "blocked_product" | "raked_product" | "tile_to_shape" => Lift::Rewrap,
        "upcast" | "downcast" | "recast_layout" => Lift::Cast,
        "left_inverse" | "right_inverse" => Lift::Inverse,
        "domain_offset" => Lift::DomainOffset,
        "max_alignment" | "nullspace" => Lift::Constant,
        "slice" | "slice_and_offset" | "dice" => Lift::Refused(
            "CuTe does not compile a slice of a composed layout of a composed layout (slice_and_offset of the inner ComposedLayout: error: incomplete type 'cute::tuple_size<cute::ComposedLayout<…>>'); slice its inner composed layout, C.layout_b()",
        ),
        "stride" => Lift::Refused(
            "CuTe deletes stride() of a ComposedLayout (error: use of deleted function 'cute::stride(const ComposedLayout<A, O, B>&)'): a composed layout has no strides",
        ),
        _ => return None,
    })
}

/// `f` of a call whose argument `i` is a composed layout of a composed layout, as CuTe computes
/// it (module doc); `None` where `f` is none of those functions (the handler then refuses it).
pub(super) fn call(
    f: &Function,
    vals: &[Value],
    i: usize,
    spans: &[Span],
    span: Span,
    laws: Option<&mut Laws>,
) -> Option<Result<Value, EvalError>> {
    let Value::NestedComposed(n) = &vals[i] else {
        return None;
    };
    // a slice of only `_` (swizzle_layout.hpp's `all_underscore` branch: a reshape, no dice)
    if f.name == "slice"
        && i == 1
        && vals.len() == 2
        && let Ok(c) = crate::eval::convert::to_coord(&vals[0], spans[0])
        && c.all_underscore()
    {
        return Some(slice_all_underscore(n, &c, span));
    }
    let how = lift(f.name)?;
    let with = |v: Value| {
        let mut inner = vals.to_vec();
        inner[i] = v;
        inner
    };
    let inner = || Value::composed(n.inner.clone());
    let arg_span = spans.get(i).copied().unwrap_or(span);
    Some(match how {
        Lift::Query => super::call_checking(f, &with(inner()), spans, span, laws),
        Lift::Rewrap => {
            if f.name == "filter" && vals.len() < 2 {
                return Some(Err(EvalError::new(
                    "CuTe has no filter of a composed layout without a profile (error: no matching function for call to 'filter(cute::ComposedLayout<…>)'): write filter(C, profile)",
                    arg_span,
                )));
            }
            super::call_checking(f, &with(inner()), spans, span, laws)
                .and_then(|r| rewrap(n, r, arg_span))
        }
        Lift::Cast => cast(f, n, &with, spans, span),
        Lift::Inverse => inverse(f, n, arg_span, span, laws),
        Lift::DomainOffset => domain_offset(f, n, &with, spans, span),
        Lift::Constant => Ok(if f.name == "max_alignment" {
            Value::int(1)
        } else {
            Value::Layout(
                crate::algebra::Layout::new(
                    crate::algebra::IntTuple::int(1),
                    crate::algebra::IntTuple::int(0),
                )
                .expect("1:0 is a layout"),
            )
        }),
        Lift::Refused(why) => Err(EvalError::new(why, arg_span)),
    })
}

/// `composition(Sw, OFF, r)` for `r` what a function gave for the inner composed layout.
fn rewrap(n: &NestedComposed, r: Value, span: Span) -> Result<Value, EvalError> {
    match r {
        Value::Composed(c) => Ok(Value::NestedComposed(Box::new(NestedComposed {
            swizzle: n.swizzle,
            offset: n.offset,
            inner: *c,
        }))),
        Value::Layout(l) => Ok(Value::composed(ComposedLayout {
            swizzle: n.swizzle,
            offset: n.offset,
            layout: l,
        })),
        other => Err(EvalError::new(
            format!(
                "a composed layout of a composed layout: expected a composed layout from its inner one, found {}",
                other.kind()
            ),
            span,
        )),
    }
}

/// `upcast`/`downcast`/`recast_layout`: each part cast, `composition(f(Sw), f(OFF), f(C'))`. The
/// outer stage is cast as a composed layout of the inner layout (a swizzle's and an offset's
/// casts do not depend on the layout after them).
fn cast(
    f: &Function,
    n: &NestedComposed,
    with: &dyn Fn(Value) -> Vec<Value>,
    spans: &[Span],
    span: Span,
) -> Result<Value, EvalError> {
    let outer = ComposedLayout {
        swizzle: n.swizzle,
        offset: n.offset,
        layout: n.inner.layout.clone(),
    };
    let outer = super::call(f, &with(Value::composed(outer)), spans, span)?;
    let inner = super::call(f, &with(Value::composed(n.inner.clone())), spans, span)?;
    let (Value::Composed(outer), Value::Composed(inner)) = (outer, inner) else {
        return Err(EvalError::new(
            format!("{}: expected composed layouts of each part", f.name),
            span,
        ));
    };
    Ok(Value::NestedComposed(Box::new(NestedComposed {
        swizzle: outer.swizzle,
        offset: outer.offset,
        inner: *inner,
    })))
}

/// `slice(c, Sw o OFF o (Sw' o OFF' o L))` of a coordinate of only `_`: swizzle_layout.hpp's
/// `all_underscore` branch, `composition(Sw, OFF, slice(c, B))`, twice (cute-oracle:
/// `C(_, _)` is `C` reshaped; any other coordinate dices `B`, which does not compile).
pub(crate) fn slice_all_underscore(
    n: &NestedComposed,
    c: &crate::algebra::Coord,
    span: Span,
) -> Result<Value, EvalError> {
    let layout = n
        .inner
        .layout
        .slice(c)
        .map_err(|e| EvalError::algebra(e, span))?;
    Ok(Value::NestedComposed(Box::new(NestedComposed {
        swizzle: n.swizzle,
        offset: n.offset,
        inner: crate::algebra::swizzle::ComposedLayout {
            layout,
            ..n.inner.clone()
        },
    })))
}

/// The inverses (swizzle_layout.hpp, `ComposedLayout<Swizzle, _0, B>`): `composition(inv(B), Sw)`;
/// with another static offset `composition(inv(B), -OFF, Sw)`, `inv(B) o -OFF o Sw`, a
/// composed layout after a swizzle. Its law is checked as the function the user called.
fn inverse(
    f: &Function,
    n: &NestedComposed,
    arg_span: Span,
    span: Span,
    laws: Option<&mut Laws>,
) -> Result<Value, EvalError> {
    let r = match n.offset.plain() {
        _ if n.offset.is_static_zero() => {
            let inv_inner = super::call(f, &[Value::composed(n.inner.clone())], &[arg_span], span)?;
            crate::eval::compose_values(
                &inv_inner,
                arg_span,
                &Value::Swizzle(n.swizzle),
                arg_span,
                span,
            )?
        }
        crate::algebra::swizzle::PlainOffset::Int(o) if o.dynamic() => {
            return Err(EvalError::new(
                format!(
                    "{op}: with the run-time outer offset {o}, CuTe's {op} takes {op} of an int, which does not compile (no {op}(int) is declared where swizzle_layout.hpp calls it); the offset must be a static integer",
                    op = f.name
                ),
                arg_span,
            ));
        }
        // composition(inverse(C'), -OFF, Sw): ComposedLayout<inverse(C'), int, Swizzle>
        crate::algebra::swizzle::PlainOffset::Int(o) => {
            let neg = o.value.checked_neg().ok_or_else(|| {
                EvalError::new(
                    format!("{}: the offset {o} has no negation in 64 bits", f.name),
                    arg_span,
                )
            })?;
            let inv_inner = super::call(f, &[Value::composed(n.inner.clone())], &[arg_span], span)?;
            let Some(c) = super::construction::composed_of(
                &inv_inner,
                crate::algebra::IntTuple::int(neg),
                &Value::Swizzle(n.swizzle),
                arg_span,
            )?
            else {
                return Err(EvalError::new(
                    format!(
                        "{}: CuTe's answer is {} o {neg} o {}, which cute does not model",
                        f.name,
                        crate::eval::plain::render(&inv_inner),
                        n.swizzle
                    ),
                    arg_span,
                ));
            };
            super::layout_composed::composed_value(c)
        }
        crate::algebra::swizzle::PlainOffset::SmemPtr(_) => {
            return Err(EvalError::new(
                format!("{}: CuTe has no inverse of a smem_ptr offset", f.name),
                arg_span,
            ));
        }
    };
    if let Some(laws) = laws {
        super::layout_composed::check_inverse_law(
            f.name,
            &Value::NestedComposed(Box::new(n.clone())),
            &r,
            laws,
        )
        .map_err(|e| EvalError::algebra(e, span))?;
    }
    Ok(r)
}

/// `domain_offset(c, C) = (ComposedLayout{A, O + B(c), B}, _0)`, B the inner composed layout
/// evaluated at the coordinate.
fn domain_offset(
    f: &Function,
    n: &NestedComposed,
    with: &dyn Fn(Value) -> Vec<Value>,
    spans: &[Span],
    span: Span,
) -> Result<Value, EvalError> {
    // the inner composed layout's own domain_offset: (Sw' o OFF' + L(c) o L, 0); B(c) is
    // Sw'(OFF' + L(c))
    let r = super::call(f, &with(Value::composed(n.inner.clone())), spans, span)?;
    let Value::Tuple(items) = &r else {
        return Err(EvalError::new("domain_offset: expected a pair", span));
    };
    let Some(Value::Composed(moved)) = items.first() else {
        return Err(EvalError::new(
            "domain_offset: expected a composed layout",
            span,
        ));
    };
    let b_at = n
        .inner
        .apply_outer(moved.offset_int() - n.inner.offset_int())
        .map_err(|e| EvalError::algebra(e, span))?;
    let Offset::Int(o) = n.offset else {
        return Err(EvalError::new(
            "domain_offset: CuTe adds B(c) to a smem_ptr offset, which cute does not model",
            span,
        ));
    };
    // B(c) is a run-time integer where the inner offset moved by a run-time one
    let moved_dynamic = moved.offset.as_int().is_some_and(|m| m.dynamic());
    let offset = o
        .add(
            crate::algebra::Int::of(b_at, moved_dynamic),
            "domain_offset",
        )
        .map_err(|e| EvalError::algebra(e, span))?;
    Ok(Value::Tuple(vec![
        Value::NestedComposed(Box::new(NestedComposed {
            swizzle: n.swizzle,
            offset: Offset::Int(offset),
            inner: n.inner.clone(),
        })),
        Value::int(0),
    ]))
}
