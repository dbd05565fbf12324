//! The function table's group: see [`super::GROUPS`]. The operations of the layout algebra:
//! `coalesce`, `filter`, `composition`, `complement`, the inverses, the divides and products,
//! `max_common_layout` and `max_common_vector` (CuTe's `layout.hpp`); most have a derivation
//! for `cute explain` ([`super::traced`]).

use super::args::{DslStatic, dsl_static, on_layout};
use super::{Args, EvalError, Function, OnComposed, OnTensor, Value};
use super::{composed_inverse_value, layouts, swizzled, traced};
use crate::algebra::composition::Rule;
use crate::algebra::trace::NoTrace;
use crate::algebra::{self, Layout, Tiler, TilerBuf, Tup};
use crate::algebra::{common, complement, divide, inverse};
use crate::eval::compose_values_in;

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "coalesce",
        "coalesce(L[, PROFILE])",
        "the simplest layout with the same function (by mode of PROFILE)",
        "coalesce((2,(1,6)):(1,(6,2)))",
        1,
        2,
        |a| {
            on_layout(a, 0, |l| {
                let r = if a.len() == 2 {
                    l.coalesce_profile(&a.int_tuple(1)?)
                } else {
                    l.coalesce()
                };
                r.map_err(a.alg())
            })
        },
        traced: Some(traced::coalesce),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "filter",
        "filter(L[, PROFILE])",
        "coalesce after removing stride-0 and size-1 modes (at the leaves of PROFILE, by mode)",
        "filter((4,2,3):(1,0,4))",
        1,
        2,
        |a| {
            if a.len() == 2 {
                let p = a.int_tuple(1)?;
                return layouts::filter_profile(a, &p);
            }
            a.layout_ref(0)?
                .filter()
                .map(Value::Layout)
                .map_err(a.alg())
        },
        traced: Some(traced::filter),
        tensor: OnTensor::Keep,
        composed: OnComposed::RewrapWith(0, 2),
        coordinates: true
    ),
    f!(
        "composition",
        "composition(A, B)",
        "A o B: B's coordinates through A",
        "composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)",
        2,
        3,
        |a| {
            if a.len() == 3 {
                // composition(A, O, B) of a layout A is ComposedLayout<A, O, B>
                if let Some(v) = super::construction::layout_composed_of(a)? {
                    return Ok(v);
                }
                let ab = compose_values_in(&a.vals[0], a.spans[0], &a.vals[1], a.spans[1], a.span, a.rule)?;
                let r = compose_values_in(
                    &ab,
                    a.spans[0].to(a.spans[1]),
                    &a.vals[2],
                    a.spans[2],
                    a.span, a.rule)?;
                // swizzle_layout.hpp: composition(Swizzle<0,M,S>, Int<0>, L) is L
                return Ok(match r {
                    Value::Composed(c)
                        if c.swizzle.bits == 0 && c.offset.is_static_zero() =>
                    {
                        Value::Layout(c.layout)
                    }
                    other => other,
                });
            }
            compose_values_in(&a.vals[0], a.spans[0], &a.vals[1], a.spans[1], a.span, a.rule)
        },
        traced: Some(|a, t| traced::composition(a, t, traced::Explained)),
        lawful: Some(|a, t, plain| traced::composition(a, t, traced::Lawful(plain))),
        // dsl-oracle: an integer of the DSL's tiler is `make_layout(n)`, whose stride of a
        // static 1 is 0: `cute.composition(L, (1, None))` of `(16,16):(16,1)` is
        // `(1,16):(0,1)`, where C++'s `make_tile(_1{}, _)` gives `(_1,_16):(_16,_1)`
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                if a.len() != 2 {
                    return Err(EvalError::new(
                        "cute.composition takes two arguments (lhs, rhs)",
                        a.span,
                    ));
                }
                let b = dsl_unit_tiles(&a.vals[1]);
                compose_values_in(&a.vals[0], a.spans[0], &b, a.spans[1], a.span, a.rule)
            }
        }),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "complement",
        "complement(L[, M])",
        "the layout of what L does not reach, up to cotarget M (default cosize)",
        "complement(4:2, 24)",
        1,
        2,
        |a| {
            if matches!(a.vals[0], Value::Under) {
                return Ok(Value::Under);
            }
            let l = match &a.vals[0] {
                Value::Composed(c) => std::borrow::Cow::Borrowed(&c.layout),
                _ => a.layout_ref(0)?,
            };
            let r = if a.len() == 2 {
                // the cotarget borrowed where it is a layout's shape or a tuple
                let owned;
                let target: &Tup = match &a.vals[1] {
                    Value::Layout(m) => m.shape(),
                    Value::IntTuple(t) => t,
                    _ => {
                        owned = a.int_tuple(1)?;
                        &owned
                    }
                };
                complement::complement_under(&l, Some(target), a.rule)
            } else {
                complement::complement_under(&l, None, a.rule)
            };
            r.map(Value::Layout).map_err(a.alg())
        },
        traced: Some(traced::complement)
    ),
    f!(
        "right_inverse",
        "right_inverse(L)",
        "R with L(R(i)) == i",
        "right_inverse((4,8):(8,1))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Under => return Ok(Value::Under),
                // swizzle_layout.hpp: a swizzle is its own inverse
                Value::Swizzle(s) => return Ok(Value::Swizzle(*s)),
                Value::Composed(c) => {
                    let r = algebra::swizzle::inverse_composed(c, "right_inverse", inverse::right_inverse);
                    return composed_inverse_value(r.map_err(a.alg())?);
                }
                _ => {}
            }
            inverse::right_inverse(&*a.layout_ref(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        traced: Some(|a, t| traced::inverse(a, t, "right_inverse", inverse::right_inverse_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::inverse(a, t, "right_inverse", inverse::right_inverse_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "right_inverse", 0, DslStatic::Shape)?;
                call_cpp("right_inverse", a)
            }
        })
    ),
    f!(
        "left_inverse",
        "left_inverse(L)",
        "R with R(L(i)) == i",
        "left_inverse((4,2):(2,1))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Under => return Ok(Value::Under),
                // swizzle_layout.hpp: a swizzle is its own inverse
                Value::Swizzle(s) => return Ok(Value::Swizzle(*s)),
                Value::Composed(c) => {
                    let r = algebra::swizzle::inverse_composed(c, "left_inverse", inverse::left_inverse);
                    return composed_inverse_value(r.map_err(a.alg())?);
                }
                _ => {}
            }
            inverse::left_inverse(&*a.layout_ref(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        traced: Some(|a, t| traced::inverse(a, t, "left_inverse", inverse::left_inverse_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::inverse(a, t, "left_inverse", inverse::left_inverse_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "left_inverse", 0, DslStatic::Layout)?;
                call_cpp("left_inverse", a)
            }
        })
    ),
    f!(
        "logical_divide",
        "logical_divide(A, T)",
        "A o (T, complement(T)): ((tile), (rest)) per mode",
        "logical_divide((4,2,3):(2,1,8), 4:2)",
        2,
        2,
        |a| tiler_op(a, divide::logical_divide_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::logical_divide_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::logical_divide_traced, traced::Lawful(plain))),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "zipped_divide",
        "zipped_divide(A, T)",
        "((tile modes), (rest modes))",
        "zipped_divide((8,24):(1,8), (4,8))",
        2,
        2,
        |a| tiler_op(a, divide::zipped_divide_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::zipped_divide_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::zipped_divide_traced, traced::Lawful(plain))),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "tiled_divide",
        "tiled_divide(A, T)",
        "((tile modes), rest0, rest1, ...)",
        "tiled_divide((8,24):(1,8), (4,8))",
        2,
        2,
        |a| tiler_op(a, divide::tiled_divide_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::tiled_divide_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::tiled_divide_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| tiler_op(a, |l, t, rule, tr| Ok(dsl_spliced(&divide::zipped_divide_traced(l, t, rule, tr)?, false)))
        }),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "flat_divide",
        "flat_divide(A, T)",
        "(tile0, tile1, ..., rest0, rest1, ...)",
        "flat_divide((8,24):(1,8), (4,8))",
        2,
        2,
        |a| tiler_op(a, divide::flat_divide_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::flat_divide_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::flat_divide_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| tiler_op(a, |l, t, rule, tr| Ok(dsl_spliced(&divide::zipped_divide_traced(l, t, rule, tr)?, true)))
        }),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "logical_product",
        "logical_product(A, T)",
        "(A, complement(A) o T)",
        "logical_product((2,2):(4,1), 6:1)",
        2,
        2,
        |a| tiler_op(a, divide::logical_product_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::logical_product_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::logical_product_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "logical_product", 0, DslStatic::Layout)?;
                tiler_op(a, divide::logical_product_traced)
            }
        }),
    ),
    f!(
        "zipped_product",
        "zipped_product(A, T)",
        "((block modes), (product modes))",
        "zipped_product((2,2):(1,2), (3,4))",
        2,
        2,
        |a| tiler_op(a, divide::zipped_product_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::zipped_product_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::zipped_product_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "zipped_product", 0, DslStatic::Layout)?;
                tiler_op(a, divide::zipped_product_traced)
            }
        }),
    ),
    f!(
        "tiled_product",
        "tiled_product(A, T)",
        "((block modes), product0, product1, ...)",
        "tiled_product((2,2):(1,2), (3,4))",
        2,
        2,
        |a| tiler_op(a, divide::tiled_product_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::tiled_product_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::tiled_product_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "tiled_product", 0, DslStatic::Layout)?;
                // the DSL's products take a layout tiler only (a tuple raises "must be a
                // Value"): cute keeps C++'s answer for the others
                if !matches!(a.vals[1], Value::Layout(_)) {
                    return tiler_op(a, divide::tiled_product_traced);
                }
                tiler_op(a, |l, t, rule, tr| Ok(dsl_spliced(&divide::zipped_product_traced(l, t, rule, tr)?, false)))
            }
        }),
    ),
    f!(
        "flat_product",
        "flat_product(A, T)",
        "(block0, ..., product0, ...)",
        "flat_product((2,2):(1,2), (3,4))",
        2,
        2,
        |a| tiler_op(a, divide::flat_product_traced),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::flat_product_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::tiler_op(a, t, divide::flat_product_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "flat_product", 0, DslStatic::Layout)?;
                // the DSL's products take a layout tiler only (a tuple raises "must be a
                // Value"): cute keeps C++'s answer for the others
                if !matches!(a.vals[1], Value::Layout(_)) {
                    return tiler_op(a, divide::flat_product_traced);
                }
                tiler_op(a, |l, t, rule, tr| Ok(dsl_spliced(&divide::zipped_product_traced(l, t, rule, tr)?, true)))
            }
        }),
    ),
    f!(
        "blocked_product",
        "blocked_product(A, B)",
        "A repeated as blocks over B, mode by mode",
        "blocked_product((2,5):(5,1), (3,4):(1,3))",
        2,
        2,
        |a| {
            on_layout(a, 0, |l| {
                divide::blocked_product_traced(l, &a.layout(1)?, a.rule, &mut NoTrace).map_err(a.alg())
            })
        },
        traced: Some(|a, t| traced::layout_op(a, t, divide::blocked_product_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::layout_op(a, t, divide::blocked_product_traced, traced::Lawful(plain))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "blocked_product", 0, DslStatic::Layout)?;
                call_cpp("blocked_product", a)
            }
        }),
    ),
    f!(
        "raked_product",
        "raked_product(A, B)",
        "A interleaved over B, mode by mode (the CuTe DSL's cute.raked_product coalesces each top-level mode of the result)",
        "raked_product((2,5):(5,1), (3,4):(1,3))",
        2,
        2,
        |a| {
            on_layout(a, 0, |l| {
                divide::raked_product_traced(l, &a.layout(1)?, a.rule, &mut NoTrace).map_err(a.alg())
            })
        },
        traced: Some(|a, t| traced::layout_op(a, t, divide::raked_product_traced, traced::Explained)),
        lawful: Some(|a, t, plain| traced::layout_op(a, t, divide::raked_product_traced, traced::Lawful(plain))),
        // dsl-oracle: `cute.raked_product(cute.make_layout((1,3), stride=(1,1)),
        // cute.make_layout((2,3), stride=(1,2)))` is `(2,(3,3)):(3,(6,1))`, C++'s
        // `((2,1),(3,3)):((3,1),(6,1))`
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                dsl_static(a, "raked_product", 0, DslStatic::Layout)?;
                on_layout(a, 0, |l| {
                    let r = divide::raked_product_traced(l, &a.layout(1)?, a.rule, &mut NoTrace).map_err(a.alg())?;
                    coalesce_each_mode(&r).map_err(a.alg())
                })
            }
        }),
    ),
    f!(
        "max_common_layout",
        "max_common_layout(A, B)",
        "the largest contiguous layout on which A and B agree",
        "max_common_layout((4,8):(1,4), (4,8):(1,16))",
        2,
        2,
        |a| {
            if let Some(r) = swizzled::max_common_composed(a, false) {
                return r;
            }
            common::max_common_layout(&a.layout(0)?, &a.layout(1)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
    ),
    f!(
        "max_common_vector",
        "max_common_vector(A, B)",
        "how many contiguous elements A and B agree on",
        "max_common_vector((4,8):(1,4), (4,8):(1,16))",
        2,
        2,
        |a| {
            if let Some(r) = swizzled::max_common_composed(a, true) {
                return r;
            }
            common::max_common_vector(&a.layout(0)?, &a.layout(1)?)
                .map(Value::int)
                .map_err(a.alg())
        },
    ),
];

/// A divide or product (`f`) of a layout, or of a composed layout's inner one, by the tiler of
/// argument 1.
fn tiler_op(
    a: &Args,
    f: fn(&Layout, &Tiler, Rule, &mut NoTrace) -> algebra::Result<Layout>,
) -> Result<Value, EvalError> {
    on_layout(a, 0, |l| {
        let mut buf = TilerBuf::new();
        f(l, &a.tiler(1, &mut buf)?, a.rule, &mut NoTrace).map_err(a.alg())
    })
}

/// The CuTe DSL's `raked_product(A, B)`: C++'s result `R` with each top-level mode coalesced,
/// `coalesce(R, product_each(shape(R)))` (the profile's leaves are R's top-level modes).
fn coalesce_each_mode(r: &Layout) -> Result<Layout, algebra::AlgebraError> {
    if r.shape().is_int() {
        return r.coalesce();
    }
    let profile: algebra::IntTuple = (0..r.rank()).map(|_| algebra::IntTuple::int(1)).collect();
    r.coalesce_profile(&profile)
}

/// A tiler of the CuTe DSL with each static `1` (the whole tiler or a top-level mode) as the
/// DSL's `make_layout(1)`, `1:0` (C++'s integer tile `_1` composes as `_1:_1`).
fn dsl_unit_tiles(v: &Value) -> Value {
    let unit = |t: &algebra::IntTuple| t.is_static() && t.as_int() == Some(1);
    match v {
        Value::IntTuple(t) if unit(t) => Value::Layout(Layout::trivial()),
        Value::IntTuple(t) if !t.is_int() && t.modes().any(|m| unit(&m.to_owned())) => {
            Value::Tuple(
                t.modes()
                    .map(|m| dsl_unit_tiles(&Value::IntTuple(m.to_owned())))
                    .collect(),
            )
        }
        Value::Tuple(items) => Value::Tuple(items.iter().map(dsl_unit_tiles).collect()),
        other => other.clone(),
    }
}

/// The CuTe DSL's `tiled_*`/`flat_*` of the zipped result `z = ((tile), (rest))`: its tile (or,
/// `flat`, the tile's modes) followed by the rest's modes, `make_layout(z[0], *z[1])` (a mode
/// that is an integer is its own one mode). C++'s `z(_, repeat<R1>(_))` keeps a rank-1 rest
/// wrapped (dsl-oracle: `cute.tiled_divide(cute.make_layout((8,)), (2,))` is `((2),4):((1),2)`,
/// C++'s `((_2),(_4)):((_1),(_2))`; `cute.flat_divide(cute.make_layout((8,16)), (2,))` is
/// `(2,4,16):(1,2,8)`, C++'s `((_2),_4,_16)`).
fn dsl_spliced(z: &Layout, flat: bool) -> Layout {
    let modes_of = |m: Layout| {
        if m.shape().is_int() {
            vec![m]
        } else {
            m.modes()
        }
    };
    let mut parts = Vec::new();
    for (i, m) in z.modes().into_iter().enumerate() {
        if i == 0 && !flat {
            parts.push(m);
        } else {
            parts.extend(modes_of(m));
        }
    }
    Layout::concat(&parts)
}

/// The C++ handler of the function `name` of the table (a DSL handler's answer where the DSL
/// computes what C++ does, once its own preconditions hold).
fn call_cpp(name: &str, a: &Args) -> Result<Value, EvalError> {
    let f = super::lookup(name).expect("in the function table");
    (f.handler)(a)
}
