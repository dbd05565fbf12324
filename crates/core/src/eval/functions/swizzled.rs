//! The function table's group: see [`super::GROUPS`]. Swizzles, composed layouts and the
//! recast family (`upcast`, `downcast`, `recast_layout`, `max_alignment`).

use super::{Args, EvalError, Function, TemplateArgs, Value};
use crate::algebra::recast::{self, Recast};
use crate::algebra::swizzle::SwizzledOrPlain;
use crate::algebra::{ComposedLayout, Swizzle};

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "upcast",
        "upcast(L, N) | upcast<N>(L)",
        "L over elements N times wider: strides divided by N, stride-1 extents by N (layouts, swizzles, composed layouts)",
        "upcast<2>(composition(Sw<3,3,3>, (8,64):(64,1)))",
        2,
        2,
        |a| {
            let n = factor(a, 1)?;
            match &a.vals[0] {
                Value::Swizzle(s) => recast::upcast_swizzle(s, n).map(Value::Swizzle),
                Value::Composed(c) => recast::upcast_composed(c, n).map(Value::composed),
                _ => recast::upcast_layout(&a.layout(0)?, n).map(Value::Layout),
            }
            .map_err(a.alg())
        },
        traced: Some(|a, t| {
            if !matches!(a.vals[0], Value::Layout(_) | Value::IntTuple(_)) {
                return Ok(None);
            }
            let (l, n) = (a.layout(0)?, factor(a, 1)?);
            Ok(Some(recast::upcast_layout_traced(&l, n, t).map(Value::Layout).map_err(a.alg())))
        }),
        template: TemplateArgs::After
    ),
    f!(
        "downcast",
        "downcast(L, N) | downcast<N>(L)",
        "L over elements N times narrower: stride-1 extents multiplied by N, other strides by N",
        "downcast<2>((8,64):(64,1))",
        2,
        2,
        |a| {
            let n = factor(a, 1)?;
            match &a.vals[0] {
                Value::Swizzle(s) => recast::downcast_swizzle(s, n).map(Value::Swizzle),
                Value::Composed(c) => recast::downcast_composed(c, n).map(Value::composed),
                _ => recast::downcast_layout(&a.layout(0)?, n).map(Value::Layout),
            }
            .map_err(a.alg())
        },
        traced: Some(|a, t| {
            if !matches!(a.vals[0], Value::Layout(_) | Value::IntTuple(_)) {
                return Ok(None);
            }
            let (l, n) = (a.layout(0)?, factor(a, 1)?);
            Ok(Some(recast::downcast_layout_traced(&l, n, t).map(Value::Layout).map_err(a.alg())))
        }),
        template: TemplateArgs::After
    ),
    f!(
        "recast_layout",
        "recast_layout(new_type_bits, old_type_bits, src_layout) | recast_layout<OldType, NewType>(L)",
        "L over elements of OldType seen as elements of NewType (upcast/downcast by the ratio of their bit widths)",
        "recast_layout<uint8_t, half_t>((8,64):(64,1))",
        3,
        3,
        |a| {
            let r = recast_of(a)?;
            match &a.vals[2] {
                Value::Swizzle(s) => r.swizzle(s).map(Value::Swizzle),
                Value::Composed(c) => r.composed(c).map(Value::composed),
                _ => r.layout(&a.layout(2)?).map(Value::Layout),
            }
            .map_err(a.alg())
        },
        // dsl-oracle: `cute.recast_layout(16, 32, cute.make_layout((4, 4), stride=(4, 32)))`
        // is `(4,4):(8,64)`: the DSL's downcast asks for no stride `1`
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                let r = recast_of(a)?;
                match &a.vals[2] {
                    Value::Swizzle(s) => r.swizzle(s).map(Value::Swizzle),
                    Value::Composed(c) => r.composed(c).map(Value::composed),
                    _ => r.layout_dsl(&a.layout(2)?).map(Value::Layout),
                }
                .map_err(a.alg())
            }
        }),
        template: TemplateArgs::Before
    ),
    f!(
        "max_alignment",
        "max_alignment(L)",
        "the largest N for which upcast<N>(L) is defined (for a swizzled layout, also bounded by the swizzle's base)",
        "max_alignment((8,64):(64,1))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Swizzle(s) => Ok(recast::max_alignment_swizzle(s)),
                Value::Composed(c) => recast::max_alignment_composed(c),
                _ => recast::max_alignment_layout(&a.layout(0)?),
            }
            .map(Value::int)
            .map_err(a.alg())
        }
    ),
    f!(
        "get_swizzle_portion",
        "get_swizzle_portion(L)",
        "the swizzle of a swizzled layout (Sw<0,4,3>, the identity, for a plain layout)",
        "get_swizzle_portion(gmma_atom(Layout_K_SW128_Atom, bf16))",
        1,
        1,
        |a| match &a.vals[0] {
            Value::Composed(c) => Ok(Value::Swizzle(c.swizzle)),
            _ => {
                a.layout(0)?;
                Ok(Value::Swizzle(Swizzle {
                    bits: 0,
                    base: 4,
                    shift: 3,
                }))
            }
        }
    ),
    f!(
        "get_nonswizzle_portion",
        "get_nonswizzle_portion(L)",
        "the layout of a swizzled layout without its swizzle and offset (a plain layout itself)",
        "get_nonswizzle_portion(gmma_atom(Layout_K_SW128_Atom, bf16))",
        1,
        1,
        |a| match &a.vals[0] {
            Value::Composed(c) => Ok(Value::Layout(c.layout.clone())),
            _ => Ok(Value::Layout(a.layout(0)?)),
        }
    ),
    f!(
        "as_position_independent_swizzle_layout",
        "as_position_independent_swizzle_layout(ATOM)",
        "a GMMA atom Sw o smem_ptr[Nb] o L with its swizzle moved from bytes to elements: Sw' o 0 o L",
        "as_position_independent_swizzle_layout(gmma_atom(Layout_K_SW128_Atom, bf16))",
        1,
        1,
        |a| match &a.vals[0] {
            Value::Composed(c) => swizzled_value(recast::position_independent(c).map_err(a.alg())?),
            other => Err(EvalError::new(
                format!(
                    "as_position_independent_swizzle_layout takes a GMMA atom (Sw o smem_ptr[Nb] o L), got {}",
                    other.kind()
                ),
                a.spans[0],
            )),
        }
    ),
    f!(
        "as_position_independent_swizzle_tensor",
        "as_position_independent_swizzle_tensor(T)",
        "a shared-memory tensor over a swizzle_ptr (Sw<3,4,3>_smem_ptr[16b](A) o L) as the tensor over the plain smem_ptr with the swizzle moved from byte addresses to elements (smem_ptr[16b](A) o Sw<3,3,3> o _0 o L); a smem tensor without a swizzle is itself",
        "as_position_independent_swizzle_tensor(make_tensor(make_smem_ptr<half_t>(nullptr), GMMA::Layout_K_SW128_Atom<half_t>{}))",
        1,
        1,
        position_independent_tensor
    ),
];

/// CuTe's `as_position_independent_swizzle_tensor(tensor)` (pointer_flagged.hpp): after
/// `static_assert(is_smem<Tensor>)`, the tensor itself where its iterator has no swizzle
/// (`get_swizzle_t` is `Swizzle<0,…>`); else, with the address aligned to the swizzle
/// (CuTe's `assert((address & mask) == 0)`, mask `2^M - 1 | swizzle_code`),
/// `make_tensor(make_smem_ptr<T>(raw address), composition(recast_layout<uint8_t,T>(Sw), _0,
/// layout))`.
fn position_independent_tensor(a: &Args) -> Result<Value, EvalError> {
    use crate::algebra::error::condition;
    use crate::algebra::pointer::MemSpace;
    use crate::algebra::tensor::Origin;
    const OP: &str = "as_position_independent_swizzle_tensor";
    let not_smem = |what: String| {
        EvalError::new(
            format!(
                "{OP} takes a shared-memory tensor (CuTe's static_assert \"Expected smem tensor.\"), got {what}"
            ),
            a.spans[0],
        )
    };
    let (p, layout) = match &a.vals[0] {
        Value::OffsetLayout(Origin::Ptr(p), l) => (p, l),
        Value::SwizzledTensor(Origin::Ptr(p), _)
            if p.space == MemSpace::Smem && p.swizzle.is_none() =>
        {
            return Ok(a.vals[0].clone());
        }
        Value::SwizzledTensor(Origin::Ptr(p), c) if p.space == MemSpace::Smem => {
            return Err(EvalError::new(
                format!(
                    "{OP} of a tensor over both a swizzle_ptr ({p}) and a swizzled layout ({c}) is not modelled"
                ),
                a.spans[0],
            ));
        }
        Value::OffsetLayout(o, _) | Value::SwizzledTensor(o, _) => {
            return Err(not_smem(format!("a tensor at {o}")));
        }
        other => return Err(not_smem(other.kind().to_string())),
    };
    if p.space != MemSpace::Smem {
        return Err(not_smem(format!("a tensor at {p}")));
    }
    let Some(sw) = p.swizzle.map(|s| s.get()) else {
        return Ok(a.vals[0].clone());
    };
    let alg = a.alg();
    if let Some(addr) = p.address() {
        let mask = ((1i64 << sw.base) - 1) | sw.yyy_msk() | sw.zzz_msk();
        if addr & mask != 0 {
            return Err(alg(condition(
                OP,
                format!(
                    "{p}'s address {addr:#x} is not aligned to {sw}'s base and swizzle bits (CuTe's assert((address & {mask:#x}) == 0))"
                ),
            )));
        }
    }
    let bits = p.width.bits(OP).map_err(&alg)?;
    let swizzle = Recast::new(bits, 8)
        .and_then(|r| r.swizzle(&sw))
        .map_err(|e| alg(e.within(OP)))?;
    let ptr = Origin::Ptr(p.unswizzled());
    Ok(if swizzle.bits == 0 {
        // composition(Swizzle<0,M,S>, Int<0>, L) is L
        Value::offset_layout(ptr, (**layout).clone())
    } else {
        Value::swizzled_tensor(
            ptr,
            ComposedLayout {
                swizzle,
                offset: crate::algebra::Offset::ZERO,
                layout: (**layout).clone(),
            },
        )
    })
}

/// Argument `i` as an upcast/downcast factor.
fn factor(a: &Args, i: usize) -> Result<i64, EvalError> {
    a.vals[i].as_int().ok_or_else(|| {
        EvalError::new(
            format!("the factor N is an integer, got {}", a.vals[i].kind()),
            a.spans[i],
        )
    })
}

/// The recast of `recast_layout`'s first two arguments: C++'s element types
/// `<OldType, NewType>`, or the DSL's bit widths `(new_bits, old_bits)`.
fn recast_of(a: &Args) -> Result<Recast, EvalError> {
    let r = match (&a.vals[0], &a.vals[1]) {
        (Value::Name(old), Value::Name(new)) => {
            let bits = |n: &str, i: usize| {
                recast::element_bits(n).ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "'{n}' is not an element type CuTe names (uint8_t, half_t, float, uint4b_t, ...)"
                        ),
                        a.spans[i],
                    )
                })
            };
            Recast::new(bits(new, 1)?, bits(old, 0)?)
        }
        (x, y) => match (x.as_int(), y.as_int()) {
            (Some(new), Some(old)) => Recast::new(new, old),
            _ => {
                return Err(EvalError::new(
                    "recast_layout takes two element types (recast_layout<OldType, NewType>(L)) or two bit widths (recast_layout(new_bits, old_bits, L))",
                    a.span,
                ));
            }
        },
    };
    r.map_err(a.alg())
}

/// A composition's result as a value.
/// An inverse of a swizzled layout as a value: a layout, a swizzled layout, or a layout after a
/// swizzle (`A o -OFF o Sw`).
pub(crate) fn composed_inverse_value(
    r: crate::algebra::swizzle::ComposedInverse,
) -> Result<Value, EvalError> {
    match r {
        crate::algebra::swizzle::ComposedInverse::Swizzled(r) => swizzled_value(r),
        crate::algebra::swizzle::ComposedInverse::AfterSwizzle(l) => Ok(Value::LayoutComposed(
            Box::new(crate::algebra::layout_composed::ComposedTensor {
                origin: None,
                layout: *l,
            }),
        )),
    }
}

pub(crate) fn swizzled_value(r: SwizzledOrPlain) -> Result<Value, EvalError> {
    Ok(match r {
        SwizzledOrPlain::Plain(l) => Value::Layout(l),
        SwizzledOrPlain::Composed(c) => Value::composed(c),
    })
}

/// `max_common_vector(A, B)` (`vector`) or `max_common_layout(A, B)` when A or B is a swizzled
/// layout (swizzle_layout.hpp); `None` when neither is.
///
/// - `max_common_vector(Sw o OFF o L, M) = min(max_common_vector(L, M), 2^MBase)` (and with the
///   arguments swapped); of two swizzled layouts, `max_common_vector(L0, L1)`, bounded by both
///   `2^MBase` unless the swizzles are equal.
/// - `max_common_layout(Sw o OFF o L, M) = C`, truncated to its first `2^MBase` elements
///   (`composition(C, 2^MBase)`) when larger, for `C = max_common_layout(L, M)`; CuTe has none of
///   two swizzled layouts.
pub(super) fn max_common_composed(a: &Args, vector: bool) -> Option<Result<Value, EvalError>> {
    use crate::algebra::{Tiler, common, composition};
    let (x, y) = (&a.vals[0], &a.vals[1]);
    let base = |c: &ComposedLayout| 1i64 << c.swizzle.base;
    let r = match (x, y, vector) {
        (Value::Composed(c0), Value::Composed(c1), true) => {
            let vec = common::max_common_vector(&c0.layout, &c1.layout);
            vec.map(|v| {
                if c0.swizzle == c1.swizzle {
                    Value::int(v)
                } else {
                    Value::int(v.min(base(c0)).min(base(c1)))
                }
            })
            .map_err(a.alg())
        }
        (Value::Composed(_), Value::Composed(_), false) => Err(EvalError::new(
            "max_common_layout: CuTe has no max_common_layout of two swizzled layouts",
            a.span,
        )),
        (Value::Composed(c), _, _) | (_, Value::Composed(c), _) => {
            let other = if matches!(x, Value::Composed(_)) {
                1
            } else {
                0
            };
            let l = match a.layout(other) {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            if vector {
                common::max_common_vector(&c.layout, &l)
                    .map(|v| Value::int(v.min(base(c))))
                    .map_err(a.alg())
            } else {
                common::max_common_layout(&c.layout, &l)
                    .and_then(|m| {
                        if base(c) < m.size()? {
                            composition::compose_tiler(&m, &Tiler::Int(base(c)))
                        } else {
                            Ok(m)
                        }
                    })
                    .map(Value::Layout)
                    .map_err(a.alg())
            }
        }
        _ => return None,
    };
    Some(r)
}

/// `append(C, x)`, `prepend(C, x)` and `select<I...>(C)` of a composed layout `C`: CuTe defines
/// no such overloads for ComposedLayout, so its generic tuple functions apply: `(C, x)`,
/// `(x, C)` and the tuple of the modes `get<I>(C)` (each `Sw o OFF o mode`); `append<N>(C, x)`
/// has one (layout_composed.hpp): `Sw o OFF o append<N>(L, x)`. `None` when the
/// first argument is not a composed layout.
pub(super) fn composed_tuple(a: &Args, name: &str) -> Option<Result<Value, EvalError>> {
    let Value::Composed(c) = &a.vals[0] else {
        return None;
    };
    let r = match name {
        "append" | "prepend" if a.len() == 2 => {
            let (x, y) = (a.vals[0].clone(), a.vals[1].clone());
            Ok(Value::Tuple(if name == "append" {
                vec![x, y]
            } else {
                vec![y, x]
            }))
        }
        // layout_composed.hpp: append<N>(C, x) is composition(A, O, append<N>(B, x))
        "append" if a.len() == 3 => {
            let mut inner = a.vals.to_vec();
            inner[0] = Value::Layout(c.layout.clone());
            let args = Args {
                vals: &inner,
                spans: a.spans,
                span: a.span,
                rule: a.rule,
            };
            super::modes::pend(&args, false).map(|r| match r {
                Value::Layout(l) => Value::composed(ComposedLayout {
                    layout: l,
                    ..(**c).clone()
                }),
                other => other,
            })
        }
        "append" | "prepend" => Err(EvalError::new(
            format!(
                "{name} of a composed layout takes the mode to add (CuTe's {name}<N> has no ComposedLayout overload)"
            ),
            a.span,
        )),
        _ => (1..a.len())
            .map(|i| {
                let m = c
                    .layout
                    .mode(a.index(i)?)
                    .map_err(|e| EvalError::algebra(e, a.spans[i]))?;
                Ok(Value::composed(ComposedLayout {
                    layout: m,
                    ..(**c).clone()
                }))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Tuple),
    };
    Some(r)
}
