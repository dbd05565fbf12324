//! The function table's group: see [`super::GROUPS`]. The queries of a layout, tensor or tuple:
//! `size`, `cosize`, `rank`, `depth`, `shape`, `stride`, `get`, and whether two shapes are
//! `compatible` or `congruent` (CuTe's `layout.hpp`, `int_tuple.hpp`).

use super::args::{check_extents, on_layout, shape_of};
use super::{ANY, EvalError, Function, OnTensor, TemplateArgs, Value};
use crate::algebra::{self, IntTuple, Tup};

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "size",
        "size(L)",
        "number of elements of the domain",
        "size((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::IntTuple(t) => {
                    check_extents(t, a.spans[0])?;
                    size_in(t, a.rule)
                        .map(|k| Value::IntTuple(IntTuple::of_int(k)))
                        .map_err(a.alg())
                }
                Value::Composed(c) | Value::SwizzledTensor(_, c) => {
                    c.layout.size().map(Value::int).map_err(a.alg())
                }
                Value::OffsetLayout(_, l) => l
                    .shape()
                    .product_kind()
                    .map(|k| Value::IntTuple(IntTuple::of_int(k)))
                    .map_err(a.alg()),
                // `size(tiled_mma)`, `size(tiled_copy)`: the number of threads
                Value::Atom(x) => match x.as_ref() {
                    crate::atoms::Atom::TiledMma(t) | crate::atoms::Atom::ThrMma(t, _) => {
                        t.num_threads().map(Value::int).map_err(a.alg())
                    }
                    crate::atoms::Atom::TiledCopy(t) | crate::atoms::Atom::ThrCopy(t, _) => {
                        t.num_threads().map(Value::int).map_err(a.alg())
                    }
                    other => Err(EvalError::new(
                        format!(
                            "size of {}: only tiled MMAs and tiled copies have one",
                            other.kind()
                        ),
                        a.spans[0],
                    )),
                },
                // `size(make_tuple(7, 1.5))`: CuTe's product folds the elements with its own
                // multiply, which takes integers only (a compile error in CuTe 4.7)
                v if holds_floating(v) => Err(EvalError::new(
                    "size of a floating value, or of a tuple holding one: CuTe's size is the product of integers, and does not compile for a floating element",
                    a.spans[0],
                )),
                _ => size_in(a.layout_ref(0)?.shape(), a.rule)
                    .map(|k| Value::IntTuple(IntTuple::of_int(k)))
                    .map_err(a.alg()),
            }
        },
        coordinates: true
    ),
    f!(
        "cosize",
        "cosize(L)",
        "size of the codomain, L(size-1)+1 over |strides|",
        "cosize((4,8):(2,16))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Composed(c) => c.layout.cosize().map(Value::int).map_err(a.alg()),
                _ => {
                    let l = a.layout_ref(0)?;
                    if l.stride().has_basis() {
                        // CuTe: size(coshape(L)), the coordinates' extents multiplied
                        return algebra::basis::coshape(&l)
                            .and_then(|c| c.product())
                            .map(Value::int)
                            .map_err(a.alg());
                    }
                    l.cosize_kind_under(a.rule)
                        .map(|k| Value::IntTuple(IntTuple::of_int(k)))
                    .map_err(a.alg())
                }
            }
        },
        coordinates: true
    ),
    f!(
        "size_in_bytes",
        "size_in_bytes(dtype, L)",
        "the bytes of cosize(L) elements of dtype, rounded up (the CuTe DSL's; a swizzled layout's its layout's)",
        "size_in_bytes(Float16, (4,2):(2,16))",
        2,
        2,
        |a| {
            // the DSL's `cute.size_in_bytes(dtype, layout)` (cute/core.py): `cosize` of the
            // layout (of a composed layout's outer one), times the type's width, in bytes
            // rounded up; 0 of `None`
            let bits = match &a.vals[0] {
                Value::Name(n) => algebra::recast::element_bits(n),
                _ => None,
            };
            let Some(bits) = bits else {
                return Err(EvalError::new(
                    format!(
                        "TypeError: dtype must be a Numeric (cutlass.Float16, cutlass.Int32, …), got {}",
                        a.vals[0].kind()
                    ),
                    a.spans[0],
                ));
            };
            let (cosize, is_static) = match &a.vals[1] {
                Value::Name(n) if n == "None" => (0, true),
                Value::Under => (0, true),
                Value::Composed(c) => (c.layout.cosize().map_err(a.alg())?, c.layout.is_static()),
                _ => {
                    let l = a.layout_ref(1)?;
                    (l.cosize().map_err(a.alg())?, l.is_static())
                }
            };
            let bytes = cosize
                .checked_mul(bits)
                .and_then(|b| b.checked_add(7))
                .map(|b| b / 8)
                .ok_or_else(|| EvalError::new("size_in_bytes: the size overflows", a.span))?;
            Ok(Value::IntTuple(IntTuple::int_of(bytes, !is_static)))
        }
    ),
    f!(
        "pretty_str",
        "pretty_str(x)",
        "the text print shows for x (the CuTe DSL's cute.pretty_str); here x itself, which print shows as that text",
        "pretty_str((4,2):(2,16))",
        1,
        1,
        // the DSL's `cute.pretty_str(x)` (cute/core.py) is `str` of a layout, shape or value
        // at trace time, `?` for a run-time integer: what `print(x)` prints
        |a| Ok(a.vals[0].clone())
    ),
    f!(
        "rank",
        "rank(L)",
        "number of top-level modes",
        "rank((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| {
            if let Some(r) = unshaped_rank(&a.vals[0]) {
                return Ok(Value::int(r as i64));
            }
            Ok(Value::int(shape_of(a, 0)?.rank() as i64))
        },
        coordinates: true
    ),
    f!(
        "depth",
        "depth(L)",
        "nesting depth of the shape",
        "depth((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| {
            if let Some(d) = unshaped_depth(a, &a.vals[0])? {
                return Ok(Value::int(d as i64));
            }
            Ok(Value::int(shape_of(a, 0)?.depth() as i64))
        },
        coordinates: true
    ),
    f!(
        "shape",
        "shape(L)",
        "the shape",
        "shape((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| match &a.vals[0] {
            // a tuple of layouts (`cute.shape((l0, l1))`): the tuple of their shapes, as
            // CuTe's shape of a tuple (`transform(s, [](auto const& a) { return shape(a); })`)
            Value::Tuple(items) => {
                let shape = super::lookup("shape").expect("in the function table");
                let shapes = items
                    .iter()
                    .map(|item| super::call(shape, std::slice::from_ref(item), a.spans, a.span))
                    .collect::<Result<Vec<_>, _>>()?;
                super::args::tuple_of(a, shapes)
            }
            _ => Ok(Value::IntTuple(shape_of(a, 0)?)),
        },
        coordinates: true
    ),
    f!(
        "stride",
        "stride(L)",
        "the stride",
        "stride((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| { Ok(Value::IntTuple(a.layout(0)?.stride().to_owned())) },
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "get",
        "get(L, i, j, ...)",
        "the sub-layout (or sub-tuple) of mode i, then j, ...",
        "get((4,(2,3)):(1,(4,8)), 1, 0)",
        2,
        ANY,
        |a| {
            // a tuple of values (a tile from make_tile, a tuple of layouts, a coordinate with
            // `_`): its element, then the rest of the indices on that, as CuTe's `get<I…>`
            let items = match &a.vals[0] {
                Value::Tuple(items) => Some(items),
                Value::Array(arr) => Some(&arr.items),
                _ => None,
            };
            // otherwise typed constants and arrays are the algebra's values here
            let typed = crate::eval::constant::is_typed;
            if (items.is_none() && typed(&a.vals[0])) || a.vals[1..].iter().any(typed) {
                let spans = a.spans.iter().chain(std::iter::repeat(&a.span));
                let lowered = a
                    .vals
                    .iter()
                    .zip(spans)
                    .map(|(v, s)| crate::eval::constant::lowered(v, *s))
                    .collect::<Result<Vec<_>, _>>()?;
                let get = super::lookup("get").expect("in the function table");
                return super::call(get, &lowered, a.spans, a.span);
            }
            if let Some(items) = items {
                let idx = a.index(1)?;
                let item = items.get(idx).ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "get: mode index {idx} out of range for rank {}",
                            items.len()
                        ),
                        a.spans[1],
                    )
                })?;
                if a.len() == 2 {
                    return Ok(item.clone());
                }
                let mut vals = Vec::with_capacity(a.len() - 1);
                vals.push(item.clone());
                vals.extend_from_slice(&a.vals[2..]);
                let mut spans = vec![a.spans[0]];
                spans.extend_from_slice(&a.spans[2..]);
                let get = super::lookup("get").expect("in the function table");
                return super::call(get, &vals, &spans, a.span);
            }
            // the DSL's `T[crd]` of a tensor (Tensor.__getitem__): the tensor at the
            // coordinate, or its slice where the coordinate has `None` (`_`), as `T(crd)`
            if a.len() == 2 && matches!(a.vals[0], Value::OffsetLayout(..) | Value::SwizzledTensor(..))
            {
                return crate::eval::apply(&a.vals[0], &a.vals[1], a.spans[0], a.spans[1], a.span);
            }
            match &a.vals[0] {
                // C++'s `p[i]` (read as `get(p, i)`) of a pointer or an array's name: the
                // element `*(p + i)`, as its address (as a tensor's `T(i)` gives it, so that
                // `&A[i]` is `A + i`)
                Value::Pointer(p) if a.len() == 2 => {
                    let i = a.vals[1].as_int().ok_or_else(|| {
                        EvalError::new(
                            format!("p[i] takes an integer index, found {}", a.vals[1].kind()),
                            a.spans[1],
                        )
                    })?;
                    p.advance(i)
                        .map(Value::Pointer)
                        .map_err(|e| EvalError::algebra(e, a.span))
                }
                Value::IntTuple(t) => {
                    let mut cur = t.clone();
                    for i in 1..a.len() {
                        let idx = a.index(i)?;
                        cur = cur.mode(idx).map(Tup::to_owned).ok_or_else(|| {
                            EvalError::new(
                                format!(
                                    "get: mode index {idx} out of range for rank {}",
                                    cur.rank()
                                ),
                                a.spans[i],
                            )
                        })?;
                    }
                    Ok(Value::IntTuple(cur))
                }
                _ => on_layout(a, 0, |l| {
                    let mut cur = l.clone();
                    for i in 1..a.len() {
                        let idx = a.index(i)?;
                        cur = cur
                            .mode(idx)
                            .map_err(|e| EvalError::algebra(e, a.spans[i]))?;
                    }
                    Ok(cur)
                }),
            }
        },
        coordinates: true,
        typed: true
    ),
    f!(
        "compatible",
        "compatible(A, B)",
        "whether A's shape is compatible with B's",
        "compatible((4,8), ((2,2),8))",
        2,
        2,
        |a| {
            shape_of(a, 0)?
                .compatible(&shape_of(a, 1)?)
                .map(|t| t.value())
                .map_err(a.alg())
        },
        // shapes only: a layout with basis strides (`make_layout(s, Stride<E<1>,E<0>>{})`) too
        coordinates: true
    ),
    f!(
        "congruent",
        "congruent(A, B)",
        "whether A and B have the same profile",
        "congruent((4,8), (1,4))",
        2,
        2,
        |a| { Ok(Value::Bool(shape_of(a, 0)?.congruent(&shape_of(a, 1)?))) }
    ),
    f!(
        "bool",
        "bool(x)",
        "an integer (or truth value) as a truth value: whether it is not 0 (C++'s bool(x), a run-time bool printed 1 or 0, as CuTe prints bool(_3{}); the DSL's Python bool, True or False)",
        "bool(size(4:1) == 4)",
        1,
        1,
        |a| Ok(Value::IntTuple(IntTuple::int_of(i64::from(truth_of(a)?), true))),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                let truth = truth_of(a)?;
                // a run-time value's truth stays run-time (1 or 0), a static one's static
                let run_time = match &a.vals[0] {
                    Value::Scalar(_) => true,
                    Value::IntTuple(t) => t.is_dynamic(),
                    _ => false,
                };
                Ok(if run_time {
                    Value::IntTuple(IntTuple::int_of(i64::from(truth), true))
                } else {
                    Value::Bool(truth)
                })
            }
        })
    ),
    // debug.hpp's thread predicates: cute answers for thread 0 of block 0 (README, Limits)
    f!(
        "thread0",
        "thread0()",
        "whether this is thread 0 of block 0 (a run-time bool; cute answers for that thread: true)",
        "thread0()",
        0,
        0,
        |_| Ok(Value::IntTuple(IntTuple::int_of(1, true)))
    ),
    f!(
        "block0",
        "block0()",
        "whether this is block 0 (a run-time bool; cute answers for thread 0 of block 0: true)",
        "block0()",
        0,
        0,
        |_| Ok(Value::IntTuple(IntTuple::int_of(1, true)))
    ),
    // cluster_sm90.hpp's election and cutlass's warp index, for thread 0 of block 0
    f!(
        "elect_one_sync",
        "elect_one_sync()",
        "whether this thread is the one elect.sync elects of its warp (the lowest active lane; a run-time uint32_t; cute answers for thread 0: 1, as CuTe off the GPU)",
        "elect_one_sync()",
        0,
        0,
        |_| Ok(Value::IntTuple(IntTuple::int_of(1, true)))
    ),
    f!(
        "canonical_warp_idx_sync",
        "canonical_warp_idx_sync()",
        "cutlass's warp index of this thread, threadIdx.x / 32 shared by the warp (a run-time int; cute answers for thread 0: 0)",
        "canonical_warp_idx_sync()",
        0,
        0,
        |_| Ok(Value::IntTuple(IntTuple::int_of(0, true)))
    ),
    // a kernel's barriers and cp.async fences: cute runs one thread, whose copies are done
    // when written, so each is a no-op (README, Limits)
    f!(
        "__syncthreads",
        "__syncthreads()",
        "CUDA's barrier of the block's threads (a no-op: cute answers for thread 0 alone; prints nothing)",
        "__syncthreads()",
        0,
        0,
        |_| Ok(Value::Tuple(Vec::new())),
        void: true
    ),
    f!(
        "__syncwarp",
        "__syncwarp([mask])",
        "CUDA's barrier of the warp's threads (a no-op: cute answers for thread 0 alone; prints nothing)",
        "__syncwarp()",
        0,
        1,
        |_| Ok(Value::Tuple(Vec::new())),
        void: true
    ),
    f!(
        "cp_async_fence",
        "cp_async_fence()",
        "commits the cp.async copies issued so far to a group (a no-op: cute's copies are done when written; prints nothing)",
        "cp_async_fence()",
        0,
        0,
        |_| Ok(Value::Tuple(Vec::new())),
        void: true
    ),
    f!(
        "cp_async_wait",
        "cp_async_wait(N)",
        "waits until at most N groups of cp.async copies are pending (C++: cp_async_wait<N>(); a no-op: cute's copies are done when written; prints nothing)",
        "cp_async_wait(0)",
        0,
        1,
        |_| Ok(Value::Tuple(Vec::new())),
        template: TemplateArgs::After,
        void: true
    ),
    // SM90's warpgroup fences (mma_sm90_gmma.hpp): the wgmma's issue and completion, which
    // cute's one thread has done when its gemm is written
    f!(
        "warpgroup_fence_operand",
        "warpgroup_fence_operand(T)",
        "keeps the compiler from moving a wgmma's register operand T across it (a no-op in cute, which runs no compiler; prints nothing)",
        "warpgroup_fence_operand(make_tensor<float>(Layout<_4>{}))",
        1,
        1,
        |_| Ok(Value::Tuple(Vec::new())),
        void: true
    ),
    f!(
        "warpgroup_arrive",
        "warpgroup_arrive()",
        "wgmma.fence: orders the warpgroup's register and shared-memory writes before its next wgmma (a no-op: cute's one thread has written them; prints nothing)",
        "warpgroup_arrive()",
        0,
        0,
        |_| Ok(Value::Tuple(Vec::new())),
        void: true
    ),
    f!(
        "warpgroup_commit_batch",
        "warpgroup_commit_batch()",
        "wgmma.commit_group: commits the wgmmas issued so far to a group (a no-op: cute's gemm is done when written; prints nothing)",
        "warpgroup_commit_batch()",
        0,
        0,
        |_| Ok(Value::Tuple(Vec::new())),
        void: true
    ),
    f!(
        "warpgroup_wait",
        "warpgroup_wait(N)",
        "wgmma.wait_group: waits until at most N groups of wgmmas are pending (C++: warpgroup_wait<N>(); a no-op: cute's gemm is done when written; prints nothing)",
        "warpgroup_wait(0)",
        0,
        1,
        |_| Ok(Value::Tuple(Vec::new())),
        template: TemplateArgs::After,
        void: true
    ),
];

/// `bool(x)`'s truth: whether `x` (a truth value, an integer, an element's real value) is not 0.
fn truth_of(a: &super::Args) -> Result<bool, EvalError> {
    match a.vals[0] {
        Value::Bool(b) => Ok(b),
        Value::Scalar(ref s) if !s.ty.is_complex() => Ok(s.value.as_f64() != 0.0),
        ref v => v.as_int().map(|x| x != 0).ok_or_else(|| {
            EvalError::new(
                format!("bool takes an integer or a truth value, not {}", v.kind()),
                a.spans[0],
            )
        }),
    }
}

/// `size` of a shape in the dialect of `rule`: C++'s (an `int` product past its range an
/// error) or the DSL's (its `Int32`s' product wraps: [`Tup::product_kind_under`]).
///
/// [`Tup::product_kind_under`]: Tup::product_kind_under
///
/// Inline in the handler (the static product's loop where it is called, as before C++ text's
/// rule; that rule's product is out of line).
#[inline(always)]
fn size_in(
    shape: &Tup,
    rule: crate::algebra::composition::Rule,
) -> crate::algebra::Result<crate::algebra::integer::Int> {
    shape.product_kind_under(rule)
}

/// The rank of a value that holds no shape: a tuple of values (`make_tuple(7, 1.5)`, a tile of
/// layouts) or a floating value. CuTe (int_tuple.hpp): `rank(t)` of a tuple is its number of
/// elements, `_1` of anything else.
fn unshaped_rank(v: &Value) -> Option<usize> {
    match v {
        Value::Tuple(items) => Some(items.len()),
        Value::Scalar(_) => Some(1),
        _ => None,
    }
}

/// The depth of a value that holds no shape (as [`unshaped_rank`]). CuTe (int_tuple.hpp):
/// `depth(t)` of a tuple is `1 + max(depth(t_i)...)`, of a non-tuple value `_0`; an element
/// that is a layout counts its shape's depth (layout.hpp's `depth(layout)`).
fn unshaped_depth(a: &super::Args, v: &Value) -> Result<Option<usize>, EvalError> {
    match v {
        Value::Scalar(_) => Ok(Some(0)),
        Value::Tuple(items) => {
            let depth = super::lookup("depth").expect("in the function table");
            let mut deepest = 0;
            for item in items {
                let d = match unshaped_depth(a, item)? {
                    Some(d) => d,
                    None => super::call(depth, std::slice::from_ref(item), a.spans, a.span)?
                        .as_int()
                        .unwrap_or(0)
                        .max(0) as usize,
                };
                deepest = deepest.max(d);
            }
            Ok(Some(1 + deepest))
        }
        _ => Ok(None),
    }
}

/// Whether `v` is, or is a tuple holding, a floating value (`make_tuple(7, 1.5)`).
fn holds_floating(v: &Value) -> bool {
    match v {
        Value::Scalar(s) => s.ty.is_float(),
        Value::Tuple(items) => items.iter().any(holds_floating),
        _ => false,
    }
}
