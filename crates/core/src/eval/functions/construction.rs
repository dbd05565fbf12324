//! The function table's group: see [`super::GROUPS`]. The constructors, as C++'s `make_*`:
//! of layouts ([`LAYOUTS`]: `make_layout`, `make_shape`, `make_stride`, `make_coord`,
//! `make_tile`, `make_layout_right`, `make_ordered_layout`), and of the other values
//! ([`VALUES`]: tuples, steps, composed layouts, swizzles, counting iterators and tensors,
//! with the DSL's `slice_`).

use super::args::{check_extents, tuple_of};
use super::{ANY, Args, EvalError, Function, Value};
use crate::algebra::tensor::Origin;
use crate::algebra::{self, Layout};
use crate::eval::compose_values_in;

/// The constructors of layouts and of their tuples (shapes, strides, coordinates, tilers).
pub(super) static LAYOUTS: &[Function] = &[
    f!(
        "make_layout",
        "make_layout(SHAPE[, STRIDE | LayoutLeft | LayoutRight]) | make_layout(L0, L1, ...)",
        "a layout from a shape (column-major) and stride, or the concatenation of layouts",
        "make_layout((4,8), LayoutRight)",
        1,
        ANY,
        |a| {
            // C++'s stride tags (`LayoutLeft{}`: GenColMajor, `LayoutRight{}`: GenRowMajor)
            if let [Value::IntTuple(shape), Value::Name(tag)] = a.vals {
                let made = match tag.as_str() {
                    "LayoutLeft" | "GenColMajor" => Layout::column_major_under(shape.clone(), a.rule),
                    "LayoutRight" | "GenRowMajor" => Layout::row_major_under(shape.clone(), a.rule),
                    _ => {
                        return Err(EvalError::new(
                            format!(
                                "make_layout: '{tag}' is neither a variable nor a stride tag (LayoutLeft, LayoutRight)"
                            ),
                            a.spans[1],
                        ));
                    }
                };
                return made.map(Value::Layout).map_err(a.alg());
            }
            // the DSL's `make_layout([A, B])`, `make_layout((A, B))`: the layouts joined
            if let [Value::Tuple(items)] = a.vals
                && let Some(parts) = items
                    .iter()
                    .map(|v| match v {
                        Value::Layout(l) => Some(l.clone()),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>()
            {
                return Ok(Value::Layout(Layout::concat(&parts)));
            }
            let all_tuples = a.vals.iter().all(|v| matches!(v, Value::IntTuple(_)));
            if all_tuples && a.len() <= 2 {
                let shape = a.int_tuple(0)?;
                if a.len() == 1 {
                    return Layout::column_major_under(shape, a.rule)
                        .map(Value::Layout)
                        .map_err(a.alg());
                }
                return Layout::new(shape, a.int_tuple(1)?)
                    .map(Value::Layout)
                    .map_err(a.alg());
            }
            let parts = (0..a.len())
                .map(|i| match &a.vals[i] {
                    Value::Layout(l) => Ok(l.clone()),
                    other => Err(EvalError::new(
                        format!(
                            "make_layout of layouts: argument {} is {}",
                            i + 1,
                            other.kind()
                        ),
                        a.spans[i],
                    )),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Layout(Layout::concat(&parts)))
        },
        coordinates: true
    ),
    f!(
        "make_shape",
        "make_shape(s0, s1, ...)",
        "the shape (s0, s1, ...), as C++'s make_shape",
        "make_shape(4, (2,3))",
        0,
        ANY,
        |a| {
            let v = int_tuples(a)?;
            if let Value::IntTuple(t) = &v {
                check_extents(t, a.span)?;
            }
            Ok(v)
        }
    ),
    f!(
        "make_stride",
        "make_stride(d0, d1, ...)",
        "the stride (d0, d1, ...), as C++'s make_stride",
        "make_stride(1, (4,8))",
        0,
        ANY,
        |a| int_tuples(a),
        coordinates: true
    ),
    f!(
        "make_coord",
        "make_coord(c0, c1, ...)",
        "the coordinate (c0, c1, ...), `_` slicing, as C++'s make_coord",
        "make_coord(1, _)",
        1,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true,
        // (its elements keep their types: `tuple<int, std::integral_constant<int, 43>>`)
        typed: true
    ),
    f!(
        "make_tile",
        "make_tile(t0, t1, ...)",
        "the by-mode tiler <t0, t1, ...> (layouts, integers, shapes, `_`), as C++'s make_tile",
        "make_tile(3:4, 8:2)",
        1,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true,
        // (its elements keep their types: `tuple<int, std::integral_constant<int, 43>>`)
        typed: true
    ),
    f!(
        "make_layout_right",
        "make_layout_right(SHAPE)",
        "the row-major (LayoutRight) layout of a shape",
        "make_layout_right((4,8))",
        1,
        1,
        |a| {
            Layout::row_major(a.int_tuple(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
    f!(
        "make_ordered_layout",
        "make_ordered_layout(SHAPE, ORDER)",
        "compact layout whose modes are ordered by ORDER",
        "make_ordered_layout((4,8,2), (1,0,2))",
        2,
        2,
        |a| {
            // layout.hpp: make_layout(shape, compact_order(shape, order)), a major tag's
            // compact_major
            if let Some(major) = a.major_tag("make_ordered_layout", 1)? {
                let shape = a.int_tuple(0)?;
                let stride = algebra::tuple_algorithms::compact_major(
                    &shape,
                    &algebra::IntTuple::int(1),
                    major,
                )
                .map_err(a.alg())?;
                return Layout::new(shape, stride)
                    .map(Value::Layout)
                    .map_err(a.alg());
            }
            Layout::ordered_under(a.int_tuple(0)?, &a.int_tuple(1)?, a.rule)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
];

/// The constructors of the other values: tuples, steps, composed layouts, swizzles, tensors.
pub(super) static VALUES: &[Function] = &[
    f!(
        "dim3",
        "dim3(x[, y[, z]])",
        "CUDA's launch extents: three run-time unsigned integers, 1 where not given, a tuple to CuTe (its tuple traits name dim3)",
        "dim3(256)",
        0,
        3,
        dim3
    ),
    f!(
        "make_tuple",
        "make_tuple(x0, x1, ...)",
        "the tuple (x0, x1, ...) of any values, as C++'s make_tuple",
        "make_tuple((8):(1), 16)",
        0,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true,
        // (its elements keep their types: `tuple<int, std::integral_constant<int, 43>>`)
        typed: true
    ),
    f!(
        "make_step",
        "make_step(s0, s1, ...)",
        "the step (s0, s1, ...), `X` or `_` marking a mode to project out, as C++'s make_step",
        "make_step(1, X, 1)",
        1,
        ANY,
        |a| {
            // a name that is no value (`Step<_1,Foo,_1>`) is no step: it would print unreadably
            if let Some((Value::Name(n), span)) = a
                .vals
                .iter()
                .zip(a.spans)
                .find(|(v, _)| matches!(v, Value::Name(_)))
            {
                return Err(EvalError::new(
                    format!(
                        "make_step: '{n}' is not a step's mode (integers, and X or _ for a mode to project out)"
                    ),
                    *span,
                ));
            }
            tuple_of(a, a.vals.to_vec())
        },
        coordinates: true
    ),
    f!(
        "make_composed_layout",
        "make_composed_layout(INNER, OFFSET, OUTER)",
        "the composed layout INNER o OFFSET o OUTER (a swizzle, an offset, a layout); of a layout INNER, CuTe's ComposedLayout<Layout, O, B>, c -> INNER(OFFSET + OUTER(c)), OUTER a layout (an im2col TMA's tensor is over one), a swizzle or a swizzled layout (an inverse of a swizzled layout with an offset is one); of a swizzled layout INNER, CuTe's ComposedLayout<ComposedLayout<Swizzle, OFF, A>, O, B>, printed Sw o OFF o A o O o B (an inverse of A o O o (Sw o _0 o T) is one); of composed layouts INNER or OUTER, CuTe's ComposedLayout of them, to any depth, printed flat",
        "make_composed_layout(Sw<3,3,3>, 0, (8,64):(64,1))",
        3,
        3,
        |a| {
            if let Some(v) = layout_composed_of(a)? {
                return Ok(v);
            }
            let io = compose_values_in(&a.vals[0], a.spans[0], &a.vals[1], a.spans[1], a.span, a.rule)?;
            compose_values_in(
                &io,
                a.spans[0].to(a.spans[1]),
                &a.vals[2],
                a.spans[2],
                a.span, a.rule)
        },
        coordinates: true
    ),
    f!(
        "slice_",
        "slice_(L, CRD)",
        "the CuTe DSL's slice: L(CRD), the modes marked `_` (or None) kept; of an IntTuple, its modes under the `_` of CRD (C++'s slice(CRD, T))",
        "slice_((4,8):(1,4), (_, 2))",
        2,
        2,
        |a| match &a.vals[0] {
            // dsl-oracle: `cute.slice_((4,(2,8)), (1, None))` is `((2, 8),)`
            Value::IntTuple(t) => {
                let c = crate::eval::convert::to_coord(&a.vals[1], a.spans[1])?;
                crate::algebra::layout::slice_tuple(&c, t)
                    .map(Value::IntTuple)
                    .map_err(a.alg())
            }
            _ => crate::eval::apply(&a.vals[0], &a.vals[1], a.spans[0], a.spans[1], a.span),
        }
    ),
    f!(
        "make_swizzle",
        "make_swizzle(B, M, S) | make_swizzle(Y, Z)",
        "the swizzle Sw<B,M,S> (C++'s make_swizzle<B,M,S>(), the DSL's cute.make_swizzle(b, m, s)), or the one of the bit masks Y and Z (C++'s make_swizzle<Y,Z>())",
        "make_swizzle(3, 4, 3)",
        2,
        3,
        |a| {
            let part = |i: usize| {
                a.vals[i].as_int().ok_or_else(|| {
                    EvalError::new(
                        format!("make_swizzle takes integers, got {}", a.vals[i].kind()),
                        a.spans[i],
                    )
                })
            };
            if a.len() == 2 {
                return algebra::Swizzle::from_masks(part(0)?, part(1)?)
                    .map(Value::Swizzle)
                    .map_err(a.alg());
            }
            algebra::Swizzle::new(part(0)?, part(1)?, part(2)?)
                .map(Value::Swizzle)
                .map_err(a.alg())
        }
    ),
    f!(
        "make_mixed_bits",
        "make_mixed_bits(S, d, F)",
        "CuTe's MixedBits (swizzle.hpp): the offset S | (d & F) whose bits under the static mask F are run-time ones (d's) and the others the static S's, as a slice of a swizzled layout at a run-time coordinate has it (printed M_S|(d&F)=v; C++'s make_mixed_bits(Int<S>{}, d, Int<F>{})); a static d, or no run-time bit left, gives a static integer",
        "make_mixed_bits(Int<4>{}, 16, Int<48>{});",
        3,
        3,
        make_mixed_bits
    ),
    f!(
        "make_inttuple_iter",
        "make_inttuple_iter(OFFSET)",
        "a counting iterator starting at OFFSET (for make_tensor)",
        "make_inttuple_iter(132)",
        1,
        ANY,
        |a| match &a.vals[0] {
            // CuTe 4.7's `make_inttuple_iter(Ts...)` hands them all to `as_arithmetic_tuple`,
            // which takes one: several do not compile (the docs' 0z_tma_tensors.md writes them)
            _ if a.vals.len() > 1 => Err(EvalError::new(
                format!(
                    "make_inttuple_iter of {} values does not compile in CuTe 4.7 (as_arithmetic_tuple takes one): write make_inttuple_iter(make_tuple(…))",
                    a.vals.len()
                ),
                a.span,
            )),
            Value::IntTuple(t) if t.is_int() && t.basis().is_none() => {
                Ok(Value::Offset(algebra::Offset::Int(
                    t.as_int_full().expect("an integer"),
                )))
            }
            // a coordinate: CuTe's arithmetic-tuple iterator (an identity tensor's start)
            Value::IntTuple(t) => Ok(Value::ArithTuple(t.clone())),
            Value::ArithTuple(t) => Ok(Value::ArithTuple(t.clone())),
            other => Err(EvalError::new(
                format!(
                    "make_inttuple_iter takes an integer or a coordinate, got {}",
                    other.kind()
                ),
                a.spans[0],
            )),
        },
        coordinates: true
    ),
    f!(
        "array",
        "array<T, N>{x0, ...}",
        "CuTe's array of N elements of a number type T (container/array.hpp) as a value, those not given 0: printed as the tuple of them, a type of its own that reverse keeps",
        "reverse(array<int, 3>{1, 2})",
        2,
        ANY,
        |a| {
            let element = match &a.vals[0] {
                Value::Name(t) => t.clone(),
                v => v.kind().to_string(),
            };
            let Some(n) = a.vals[1].as_int() else {
                return Err(EvalError::new("array<T, N> takes an integer N", a.spans[1]));
            };
            crate::eval::array::Array::new(&element, n, &a.vals[2..], a.span)
                .map(|arr| Value::Array(Box::new(arr)))
        },
        template: super::TemplateArgs::Before,
        typed: true
    ),
    f!(
        "counting_iterator",
        "counting_iterator<int>{N}",
        "CuTe's counting iterator (pointer_base.hpp): it holds the int N, so a tensor over it has the run-time integers N + L(i) as its elements (printed counting_iter(N))",
        "make_tensor(counting_iterator<int>{0}, make_layout(make_shape(2,3)))",
        2,
        2,
        |a| {
            // `counting_iterator<T>`: of an integer type only (T is what it holds)
            match &a.vals[0] {
                Value::Name(t) if matches!(t.as_str(), "int" | "int32_t") => {}
                other => {
                    return Err(EvalError::new(
                        format!(
                            "counting_iterator<T>: cute models T = int (CuTe's counting_iterator of another type is not modelled), found {}",
                            match other {
                                Value::Name(n) => format!("'{n}'"),
                                v => v.kind().to_string(),
                            }
                        ),
                        a.spans[0],
                    ));
                }
            }
            let n = match a.int_tuple(1)? {
                t if t.is_int() && t.basis().is_none() => t.as_int().expect("an integer"),
                t => {
                    return Err(EvalError::new(
                        format!("counting_iterator<int>{{N}} takes an integer, got {t}"),
                        a.spans[1],
                    ));
                }
            };
            if i32::try_from(n).is_err() {
                return Err(EvalError::new(
                    format!("counting_iterator<int>{{{n}}}: {n} is not an int"),
                    a.spans[1],
                ));
            }
            Ok(Value::Iterator(Origin::Counting(n)))
        },
        template: super::TemplateArgs::Before
    ),
    f!(
        "make_tensor",
        "make_tensor(ITERATOR, L) | make_tensor(ITERATOR, SHAPE, STRIDE) | make_tensor<T>(L)",
        "the tensor over L at the iterator: a counting one (its elements are their own indices plus its start, OFFSET o L), a pointer (gmem_ptr[16b](0x108) o L), or, with an element type T, an owning register tensor (ptr[32b](stack) o L)",
        "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(4,8))",
        2,
        3,
        make_tensor,
        coordinates: true,
        template: super::TemplateArgs::Before
    ),
];

/// CuTe's `make_tensor`: over a counting iterator, an arithmetic-tuple iterator or a pointer,
/// or (an element type first, `make_tensor<T>(L)`) an owning tensor.
fn make_tensor(a: &Args) -> Result<Value, EvalError> {
    use crate::algebra::pointer::{MemSpace, Pointer, PtrBase};
    let layout = |a: &Args| -> Result<Value, EvalError> {
        if a.len() == 3 {
            // make_tensor(it, shape, stride | LayoutLeft{} | LayoutRight{}): the tensor over
            // make_layout(shape, stride | major), the one make_layout of the table
            let func = super::lookup("make_layout").expect("in the function table");
            return super::call(func, &a.vals[1..], &a.spans[1..], a.span);
        }
        Ok(a.vals[1].clone())
    };
    let origin = match &a.vals[0] {
        Value::ArithTuple(c) => Origin::Coord(c.clone()),
        Value::Offset(algebra::Offset::Int(o)) => Origin::Count(*o),
        Value::Iterator(o) => o.clone(),
        Value::IntTuple(t) if t.is_int() && t.basis().is_none() => {
            let (v, dynamic) = t.as_int_kind().expect("an integer");
            Origin::Count(algebra::Int::of(v, dynamic))
        }
        Value::Pointer(p) => Origin::Ptr(p.clone()),
        // make_tensor<T>(L): an owning (register) tensor of T
        Value::Name(n)
            if crate::algebra::recast::element_bits(n).is_some()
                || crate::algebra::pointer::sparse_elem(n).is_some() =>
        {
            // of sparse_elem<S,T>, the array's iterator is CuTe's sparse_ptr
            let p = Pointer::of_element(MemSpace::Raw, n, PtrBase::Stack, true)
                .map_err(|e| EvalError::algebra(e, a.spans[0]))?
                .with_type_name(n);
            Origin::Ptr(p)
        }
        Value::Name(n) if n == "nullptr" => {
            return Err(EvalError::new(
                "make_tensor of nullptr: the pointer needs its element type, make_gmem_ptr(static_cast<T*>(nullptr))",
                a.spans[0],
            ));
        }
        Value::Name(n) => {
            return Err(EvalError::new(
                format!(
                    "make_tensor: '{n}' is neither a variable nor an element type CuTe names (half_t, float, ...)"
                ),
                a.spans[0],
            ));
        }
        other => {
            return Err(EvalError::new(
                format!(
                    "make_tensor takes an iterator (a pointer, make_inttuple_iter(N), ArithTuple(...)) or an element type, got {}",
                    other.kind()
                ),
                a.spans[0],
            ));
        }
    };
    let l = layout(a)?;
    let lspan = a.spans[a.len() - 1];
    match (&origin, &l) {
        (Origin::Ptr(p), Value::Composed(c)) if matches!(c.offset, algebra::Offset::SmemPtr(_)) => {
            let t = swizzle_ptr_tensor(p, c).map_err(|e| EvalError::algebra(e, lspan))?;
            return Ok(Value::tensor(t));
        }
        (Origin::Count(_) | Origin::Counting(_) | Origin::Ptr(_), Value::Composed(c)) => {
            return Ok(Value::SwizzledTensor(origin.clone(), c.clone()));
        }
        (Origin::Coord(_), _) => {
            let l = crate::eval::convert::to_layout(&l, lspan)?;
            return Ok(Value::offset_layout(origin, l));
        }
        _ => {}
    }
    let l = crate::eval::convert::to_layout(&l, lspan)?;
    if matches!(&origin, Origin::Ptr(p) if p.base == algebra::pointer::PtrBase::Stack) {
        super::pointers::owning_static(&l, "make_tensor", lspan)?;
    }
    let t = algebra::tensor::OffsetTensor::checked(origin, l).map_err(a.alg())?;
    Ok(Value::tensor(t))
}

/// CuTe's `make_tensor(ptr, ComposedLayout<Sw, smem_ptr_flag_bits<B>, L>)` (pointer_flagged.hpp):
/// `make_tensor(make_smem_ptr(ptr.get(), Sw), L)`, the tensor over L at the `swizzle_ptr` (the
/// swizzle acts on the pointer's byte address), after CuTe's static_asserts "Expected smem."
/// and "Expected a B-bit pointer type." (`B == sizeof_bits<value_type>`).
fn swizzle_ptr_tensor(
    p: &crate::algebra::pointer::Pointer,
    c: &algebra::ComposedLayout,
) -> algebra::Result<algebra::tensor::OffsetTensor> {
    use crate::algebra::error::condition;
    const OP: &str = "make_tensor";
    let algebra::Offset::SmemPtr(bits) = c.offset else {
        unreachable!("called for a smem_ptr_flag offset")
    };
    if p.space != crate::algebra::pointer::MemSpace::Smem {
        return Err(condition(
            OP,
            format!(
                "{p} is not a shared-memory pointer: a layout {c} over smem_ptr[{bits}b](unset) takes one (CuTe's static_assert \"Expected smem.\"; make_smem_ptr)"
            ),
        ));
    }
    if p.width.bits(OP)? != bits {
        return Err(condition(
            OP,
            format!(
                "{p} points to {}-bit elements, the layout {c} to {bits}-bit ones (CuTe's static_assert \"Expected a B-bit pointer type.\")",
                p.width.bits(OP)?
            ),
        ));
    }
    let ptr = p.swizzled(c.swizzle)?;
    algebra::tensor::OffsetTensor::checked(algebra::tensor::Origin::Ptr(ptr), c.layout.clone())
}

/// The tuple of the arguments, each an IntTuple (`make_shape`, `make_stride`).
fn int_tuples(a: &Args) -> Result<Value, EvalError> {
    let items = (0..a.len())
        .map(|i| a.int_tuple(i).map(Value::IntTuple))
        .collect::<Result<Vec<_>, _>>()?;
    tuple_of(a, items)
}

/// `make_mixed_bits(C<s>, d, C<f>)` (swizzle.hpp): `s` and `f` static `uint32_t`s, `d` an
/// integer converted to `uint32_t`.
fn make_mixed_bits(a: &Args) -> Result<Value, EvalError> {
    use crate::algebra::mixed_bits::Bits;
    use crate::algebra::swizzle::Offset;
    let part = |i: usize, what: &str| -> Result<(u32, bool), EvalError> {
        let v = a.vals[i].as_int().ok_or_else(|| {
            EvalError::new(
                format!("make_mixed_bits takes integers, got {}", a.vals[i].kind()),
                a.spans[i],
            )
        })?;
        let v = u32::try_from(v).map_err(|_| {
            EvalError::new(
                format!("make_mixed_bits: {what} {v} is not a uint32_t"),
                a.spans[i],
            )
        })?;
        let dynamic = matches!(&a.vals[i], Value::IntTuple(t) if !t.is_static());
        Ok((v, dynamic))
    };
    let (s, f) = (part(0, "S")?, part(2, "F")?);
    for ((_, dynamic), i, what) in [(s, 0, "S"), (f, 2, "F")] {
        if dynamic {
            return Err(EvalError::new(
                format!(
                    "make_mixed_bits: {what} must be static (CuTe takes C<{what}>), got a run-time integer"
                ),
                a.spans[i],
            ));
        }
    }
    let (d, dynamic) = part(1, "d")?;
    let d = if dynamic {
        Bits::Dynamic(i64::from(d))
    } else {
        Bits::Static(i64::from(d))
    };
    Ok(match Bits::make(s.0, d, f.0) {
        Bits::Static(v) => Value::IntTuple(crate::algebra::IntTuple::int_of(v, false)),
        Bits::Dynamic(v) => Value::IntTuple(crate::algebra::IntTuple::int_of(v, true)),
        m => Value::Offset(Offset::of_bits(m)),
    })
}

/// CUDA's `dim3(x = 1, y = 1, z = 1)`: three `unsigned int`s, which CuTe reads as a tuple
/// (util/type_traits.hpp's tuple traits of dim3): each argument an integer, converted to
/// `unsigned int` as C++ converts it (modulo 2^32).
fn dim3(a: &Args) -> Result<Value, EvalError> {
    let mut extents = [1i64; 3];
    for (i, v) in a.vals.iter().enumerate() {
        let Some(n) = v.as_int() else {
            return Err(EvalError::new(
                format!(
                    "dim3: each extent is an integer (an unsigned int), found {}",
                    v.kind()
                ),
                a.spans[i],
            ));
        };
        extents[i] = n.rem_euclid(1 << 32);
    }
    let int = |v| Value::IntTuple(algebra::IntTuple::int_of(v, true));
    tuple_of(a, extents.map(int).to_vec())
}

/// `make_composed_layout(A, O, B)` (also C++'s `composition(A, O, B)`) of a layout `A`:
/// CuTe's `ComposedLayout<Layout, O, B>`, `c -> A(O + B(c))`, for `B` a layout, a swizzle or a
/// swizzled layout; of a swizzled layout `A = Sw o OFF o A'`, CuTe's
/// `ComposedLayout<ComposedLayout<Swizzle, OFF, A'>, O, B>`, `c -> Sw(OFF + A'(O + B(c)))`
/// (printed `Sw o OFF o A' o O o B`); `None` where `A` is neither.
pub(super) fn layout_composed_of(a: &Args) -> Result<Option<Value>, EvalError> {
    let offset = match &a.vals[1] {
        Value::IntTuple(t) => t.clone(),
        other
            if matches!(
                a.vals[0],
                Value::Layout(_) | Value::Composed(_) | Value::LayoutComposed(_)
            ) =>
        {
            return Err(EvalError::new(
                format!(
                    "the offset of a layout composed with a layout is a coordinate of the outer layout (an integer or a tuple), not {}",
                    other.kind()
                ),
                a.spans[1],
            ));
        }
        _ => return Ok(None),
    };
    let Some(layout) = composed_of(&a.vals[0], offset, &a.vals[2], a.spans[2])? else {
        return Ok(None);
    };
    Ok(Some(super::layout_composed::composed_value(layout)))
}

/// CuTe's `ComposedLayout<A, O, B>` of an outer `A` (a layout, a swizzled layout, a composed
/// layout, or a swizzle before something other than a layout or a swizzled layout, whose
/// compositions are swizzled layouts) and an inner `B` (any of them); `None` where `A` is none
/// of these.
pub(crate) fn composed_of(
    outer: &Value,
    offset: crate::algebra::IntTuple,
    inner: &Value,
    inner_span: crate::parser::Span,
) -> Result<Option<crate::algebra::layout_composed::LayoutComposed>, EvalError> {
    use crate::algebra::layout_composed::LayoutComposed;
    let composed_outer = match outer {
        Value::Layout(_) | Value::Composed(_) | Value::NestedComposed(_) => true,
        Value::LayoutComposed(t) => t.origin.is_none(),
        Value::Swizzle(_) => matches!(
            inner,
            Value::Swizzle(_) | Value::LayoutComposed(_) | Value::NestedComposed(_)
        ),
        _ => false,
    };
    if !composed_outer {
        return Ok(None);
    }
    Ok(Some(LayoutComposed {
        outer: super::layout_composed::stage_of(outer, inner_span)?,
        offset,
        inner: super::layout_composed::stage_of(inner, inner_span)?,
    }))
}
