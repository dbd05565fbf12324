//! CuTe API, part 1: the layouts group (issue 15).
//! The function table's group: see [`super::GROUPS`].

use super::{ANY, Args, EvalError, Function, OnTensor, TemplateArgs, Value};
use crate::algebra::layout_ops as ops;
use crate::algebra::{IntTuple, Layout};
use crate::eval::convert::to_coord;

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "layout",
        "layout(X)",
        "the layout of a tensor (of a layout or composed layout: itself); layout<I...>(L) is get",
        "layout(local_tile(make_layout((64,64)), (16,16), (1,2)))",
        1,
        1,
        |a| match &a.vals[0] {
            Value::OffsetLayout(_, l) => Ok(Value::Layout((**l).clone())),
            Value::SwizzledTensor(_, c) => Ok(Value::Composed(c.clone())),
            Value::Composed(c) => Ok(Value::Composed(c.clone())),
            _ => lay(a, Ok(a.layout(0)?)),
        },
        coordinates: true
    ),
    f!(
        "make_identity_layout",
        "make_identity_layout(SHAPE)",
        "the layout that maps each coordinate of SHAPE to itself: strides are CuTe's basis elements (1@0, 1@1, 1@1@0 ...)",
        "make_identity_layout((4,(2,3)))",
        1,
        1,
        |a| lay(a, Layout::identity(&a.shape(0)?)),
        coordinates: true
    ),
    f!(
        "make_basis_like",
        "make_basis_like(SHAPE)",
        "the basis element of each mode of SHAPE (E<i,j,...> for the leaf at (i,j,...)): the strides of make_identity_layout",
        "make_basis_like((4,(2,3)))",
        1,
        1,
        |a| tup(a, crate::algebra::basis::make_basis_like(&a.shape(0)?)),
        coordinates: true
    ),
    f!(
        "make_layout_like",
        "make_layout_like(L)",
        "a compact layout of L's shape, its strides in the order of L's (stride-0 modes kept)",
        "make_layout_like((2,(2,6),1):(36,(3,6),36))",
        1,
        1,
        |a| lay(a, ops::make_layout_like(&*a.layout_ref(0)?))
    ),
    f!(
        "make_fragment_like",
        "make_fragment_like(L) | make_fragment_like<T>(L)",
        "like make_layout_like, but mode 0 column-major and first (a shape: its column-major layout); of a tensor over memory, an owning (register) tensor of its element type, ptr[16b](stack) o L; with an element type, an owning tensor of that type; the CuTe DSL's cute.make_fragment_like of a rank-2 layout does not wrap mode 1 ((4,8):(8,1) gives (4,8):(1,4), C++ (4,(8)):(1,(4)))",
        "make_fragment_like((4,(2,3)):(6,(1,2)))",
        1,
        2,
        |a| {
            if a.len() == 2 {
                return super::pointers::owning_like(a, "make_fragment_like");
            }
            if let Value::IntTuple(t) = &a.vals[0] {
                super::args::check_extents(t, a.spans[0])?;
                return lay(a, Layout::column_major(t.clone()));
            }
            lay(a, ops::make_fragment_like(&*a.layout_ref(0)?))
        },
        template: super::TemplateArgs::Before,
        tensor: super::OnTensor::New,
        composed: super::OnComposed::Inner(0),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                if a.len() == 1 && !matches!(a.vals[0], Value::IntTuple(_)) {
                    return lay(a, ops::make_fragment_like_dsl(&*a.layout_ref(0)?));
                }
                let f = super::lookup("make_fragment_like").expect("in the function table");
                (f.handler)(a)
            }
        })
    ),
    f!(
        "coshape",
        "coshape(L[, I...])",
        "the codomain's shape: sum((s-1)*|d|) + 1 (cosize, for integer strides); of mode I... (C++: coshape<I...>(L))",
        "coshape((4,8):(2,16))",
        1,
        ANY,
        |a| tup(a, ops::coshape(&sub_layout(a)?)),
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "coprofile",
        "coprofile(L[, I...])",
        "the codomain's profile as zeros (0 for integer strides); of mode I... (C++: coprofile<I...>(L))",
        "coprofile((4,8):(2,16))",
        1,
        ANY,
        |a| tup(a, ops::coprofile(&sub_layout(a)?)),
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "slice",
        "slice(CRD, L)",
        "the modes of L (or of an IntTuple) under the `_` of CRD (CuTe's slice, coordinate first)",
        "slice((1,(_,2)), (4,(2,3)):(1,(4,8)))",
        2,
        2,
        |a| {
            let c = to_coord(&a.vals[0], a.spans[0])?;
            match &a.vals[1] {
                Value::IntTuple(t) => return tup(a, crate::algebra::layout::slice_tuple(&c, t)),
                // layout_composed.hpp / swizzle_layout.hpp: get<0>(slice_and_offset(c, S))
                Value::Composed(comp) => {
                    let (r, _) = crate::algebra::swizzle::slice_kind(&c, comp)
                        .map_err(|e| EvalError::algebra(e, a.spans[1]))?;
                    return super::swizzled::swizzled_value(r);
                }
                _ => {}
            }
            lay(a, a.layout_ref(1)?.slice(&c))
        },
        coordinates: true
    ),
    f!(
        "dice",
        "dice(CRD, L)",
        "the modes of L at the integers of CRD, the `_` modes dropped (slice's complement; the DSL's dice(L, CRD) too)",
        "dice((1,(_,2)), (4,(2,3)):(1,(4,8)))",
        2,
        2,
        |a| {
            // the CuTe DSL's dice(src, dicer) takes the layout first
            let (ci, li) = match (&a.vals[0], &a.vals[1]) {
                (Value::Layout(_), v) if !matches!(v, Value::Layout(_)) => (1, 0),
                _ => (0, 1),
            };
            let c = to_coord(&a.vals[ci], a.spans[ci])?;
            if let Value::IntTuple(t) = &a.vals[li] {
                return tup(a, ops::dice_tuple(&c, t));
            }
            if let Value::Composed(_) = &a.vals[li] {
                // CuTe 4.7 has no dice of a ComposedLayout: dice takes the layout as a tuple
                return Err(EvalError::new(
                    "dice: CuTe has no dice of a composed layout (C++: error: incomplete type 'cute::tuple_size<cute::ComposedLayout<…>>' used in nested name specifier); dice its inner layout",
                    a.spans[li],
                ));
            }
            lay(a, ops::dice(&c, &*a.layout_ref(li)?))
        },
        dsl: Some(super::Dsl {
            // (the DSL's keywords: `cute.dice(src=L, dicer=(1,None))`)
            signature: Some("dice(SRC, DICER)"),
            handler: |a| {
                // dsl-oracle: `cute.dice(L, (None, cutlass.Int32(2)))` raises "expects dicer
                // to be static" (the DSL's dice takes the layout first)
                super::args::dsl_static(a, "dice", 1, super::args::DslStatic::Coord)?;
                // core.py's dice(src, dicer) of a tuple or integer `src` whose dicer is no
                // tuple (a layout): `src` itself (dsl-oracle: `cute.dice((1,None,1),
                // cute.make_layout((32,16,8)))` is `(1, None, 1)`)
                let layout = |v: &Value| matches!(v, Value::Layout(_) | Value::Composed(_));
                if layout(&a.vals[1]) && !layout(&a.vals[0]) {
                    return Ok(a.vals[0].clone());
                }
                let f = super::lookup("dice").expect("in the function table");
                (f.handler)(a)
            }
        }),
        coordinates: true
    ),
    f!(
        "domain_offset",
        "domain_offset(CRD, L)",
        "the layout and the offset L(CRD), as CuTe's (layout, offset) tuple; of a tensor, the tensor moved by it",
        "domain_offset((1,2), (4,8):(1,4))",
        2,
        2,
        |a| {
            let c = to_coord(&a.vals[0], a.spans[0])?;
            if c.has_underscore() {
                return Err(EvalError::new(
                    "domain_offset takes a coordinate without `_`",
                    a.spans[0],
                ));
            }
            // the coordinate with its integers' kinds (a run-time one moves the offset by a
            // run-time integer)
            let ct = c.to_int_tuple().expect("a coordinate without `_`");
            // tensor_impl.hpp: a tensor's iterator moves by the offset, `make_tensor(data +
            // off, layout)` (an identity tensor's ArithTuple origin and a counting tensor's
            // integer, each leaf of its kind); over a composed layout the offset moves into the
            // layout's and the iterator by CuTe's `Int<0>{}`
            match &a.vals[1] {
                Value::SwizzledTensor(o, comp) => {
                    let (r, _) =
                        crate::algebra::swizzle::domain_offset(&ct, comp).map_err(a.alg())?;
                    return Ok(Value::swizzled_tensor(o.clone(), r));
                }
                Value::OffsetLayout(o, l) => {
                    let off = l
                        .eval_index(&ct)
                        .map_err(|e| EvalError::algebra(e, a.spans[0]))?;
                    let moved = o.shift(&off).map_err(a.alg())?;
                    return Ok(Value::offset_layout(moved, (**l).clone()));
                }
                _ => {}
            }
            // layout_composed.hpp: the offset moves into the composed layout's
            if let Value::Composed(comp) = &a.vals[1] {
                let (r, off) =
                    crate::algebra::swizzle::domain_offset(&ct, comp).map_err(a.alg())?;
                return Ok(Value::Tuple(vec![Value::composed(r), Value::int(off)]));
            }
            let l = a.layout(1)?;
            let off = l
                .eval_index(&ct)
                .map_err(|e| EvalError::algebra(e, a.spans[0]))?;
            Ok(Value::Tuple(vec![Value::Layout(l), Value::IntTuple(off)]))
        },
        coordinates: true
    ),
    f!(
        "unflatten",
        "unflatten(L, PROFILE)",
        "the modes of the flat layout L grouped as the target profile",
        "unflatten((4,2,3):(1,4,8), (0,(0,0)))",
        2,
        2,
        |a| {
            let profile = a.int_tuple(1)?;
            if let Value::IntTuple(t) = &a.vals[0] {
                return tup(a, ops::unflatten_tuple(t, &profile, "unflatten"));
            }
            lay(a, ops::unflatten(&*a.layout_ref(0)?, &profile))
        },
        coordinates: true
    ),
    f!(
        "replace",
        "replace(L, X, N)",
        "mode N of L replaced by the layout X (C++: replace<N>(L, X))",
        "replace<1>((4,8,2):(1,4,32), 3:100)",
        3,
        3,
        |a| {
            if let (Value::IntTuple(t), Value::IntTuple(x)) = (&a.vals[0], &a.vals[1]) {
                return tup(a, ops::replace_tuple(t, x, a.index(2)?));
            }
            let x = a.layout(1)?;
            lay(a, ops::replace(&*a.layout_ref(0)?, &x, a.index(2)?))
        },
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "filter_zeros",
        "filter_zeros(L[, PROFILE])",
        "L with extent 1 at its stride-0 modes (or under the 0 leaves of PROFILE)",
        "filter_zeros((4,2,3):(1,0,4))",
        1,
        2,
        |a| {
            if let Value::IntTuple(t) = &a.vals[0] {
                // on IntTuples: filter_zeros(A[, B]) is B (default A) with 1s under A's zeros
                let b = if a.len() == 2 {
                    a.int_tuple(1)?
                } else {
                    t.clone()
                };
                return tup(a, ops::filter_zeros_tuple(t, &b, "filter_zeros"));
            }
            let l = a.layout(0)?;
            if a.len() == 2 {
                return lay(a, ops::filter_zeros_profile(&l, &a.int_tuple(1)?));
            }
            Ok(Value::Layout(l.filter_zeros()))
        },
        // tensor_impl.hpp: make_tensor(tensor.data(), filter_zeros(tensor.layout()[, profile]))
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "nullspace",
        "nullspace(L)",
        "the layout of L's kernel: its stride-0 leaves with their strides in L's domain",
        "nullspace((4,2,3):(1,0,0))",
        1,
        1,
        |a| {
            // layout_composed.hpp: "Do not attempt for general ComposedLayouts": Layout<_1,_0>
            if matches!(a.vals[0], Value::Composed(_)) {
                return lay(a, Layout::new(IntTuple::int(1), IntTuple::int(0)));
            }
            lay(a, ops::nullspace(&*a.layout_ref(0)?))
        },
        traced: Some(traced_nullspace)
    ),
    f!(
        "zip",
        "zip(L[, L2])",
        "the modes of L (all of one rank) transposed: ((a,b),(c,d)) -> ((a,c),(b,d)); zip(A, B) of the pair",
        "zip(((4,2),(8,3)):((1,4),(8,64)))",
        1,
        2,
        |a| {
            if let Value::IntTuple(t) = &a.vals[0] {
                if a.len() == 2 {
                    let pair = IntTuple::tuple([t.clone(), a.int_tuple(1)?]);
                    return tup(a, ops::zip_tuple(&pair));
                }
                return tup(a, ops::zip_tuple(t));
            }
            let l = a.layout(0)?;
            if a.len() == 2 {
                return lay(a, ops::zip2(&l, &a.layout(1)?));
            }
            lay(a, ops::zip(&l))
        },
        composed: super::OnComposed::Rewrap(0)
    ),
    f!(
        "tile_unzip",
        "tile_unzip(L, TILER)",
        "the rank-2 modes of L at the tiler's leaves gathered into ((tile modes), (rest modes))",
        "tile_unzip(((2,2),(4,2)):((1,8),(2,16)), (2,4))",
        2,
        2,
        |a| {
            let profile = tiler_profile(a, 1)?;
            lay(a, ops::tile_unzip(&*a.layout_ref(0)?, &profile))
        }
    ),
    f!(
        "domain_distribute",
        "domain_distribute(SHAPE_A, B)",
        "a layout of up to B elements over SHAPE_A's domain, gcd by gcd, coalesced",
        "domain_distribute((15,14), 6)",
        2,
        2,
        |a| {
            let sa = match &a.vals[0] {
                Value::Layout(l) => l.shape().to_owned(),
                _ => a.shape(0)?,
            };
            if !sa.is_static() {
                return Err(EvalError::new(
                    format!(
                        "domain_distribute needs a static shape A, and {sa} has a dynamic integer (CuTe: static_assert(is_static<decltype(flatten(shape(a)))>))"
                    ),
                    a.spans[0],
                ));
            }
            let b = match &a.vals[1] {
                Value::IntTuple(t) if t.is_int() && t.is_dynamic() => {
                    return Err(EvalError::new(
                        format!(
                            "domain_distribute needs a static B, and {t} is dynamic (CuTe: static_assert(is_static<ShapeB>))"
                        ),
                        a.spans[1],
                    ));
                }
                Value::IntTuple(t) if t.is_int() => t.as_int().expect("int"),
                other => {
                    return Err(EvalError::new(
                        format!(
                            "domain_distribute takes an integer B, not {} (CuTe: static_assert(is_integral<ShapeB>))",
                            other.kind()
                        ),
                        a.spans[1],
                    ));
                }
            };
            lay(a, ops::domain_distribute(&sa, b))
        }
    ),
];

/// Layout argument 0, or its mode at the path of the further (index) arguments.
fn sub_layout(a: &Args) -> Result<Layout, EvalError> {
    let mut l = a.layout(0)?;
    for i in 1..a.len() {
        l = l
            .mode(a.index(i)?)
            .map_err(|e| EvalError::algebra(e, a.spans[i]))?;
    }
    Ok(l)
}

fn lay(a: &Args, r: crate::algebra::Result<Layout>) -> Result<Value, EvalError> {
    r.map(Value::Layout).map_err(a.alg())
}

fn tup(a: &Args, r: crate::algebra::Result<IntTuple>) -> Result<Value, EvalError> {
    r.map(Value::IntTuple).map_err(a.alg())
}

/// The profile of a tiler argument: an IntTuple, a layout's shape, or a by-mode tiler.
fn tiler_profile(a: &Args, i: usize) -> Result<IntTuple, EvalError> {
    fn of(t: &crate::algebra::Tiler) -> IntTuple {
        use crate::algebra::Tiler;
        match t {
            Tiler::Tuple(v) => v.iter().map(of).collect(),
            _ => IntTuple::int(0),
        }
    }
    match &a.vals[i] {
        Value::IntTuple(t) => Ok(t.clone()),
        _ => Ok(of(&a.tiler(i, &mut crate::algebra::TilerBuf::new())?)),
    }
}

fn traced_nullspace(a: &Args, t: &mut crate::algebra::trace::Recorder) -> super::Traced {
    if !matches!(a.vals[0], Value::Layout(_) | Value::IntTuple(_)) {
        return Ok(None);
    }
    let l = a.layout(0)?;
    Ok(Some(
        ops::nullspace_traced(&l, t)
            .map(Value::Layout)
            .map_err(a.alg()),
    ))
}

/// `filter(L, PROFILE)` (CORE's `filter` with a profile).
pub(super) fn filter_profile(a: &Args, p: &IntTuple) -> Result<Value, EvalError> {
    lay(a, ops::filter_profile(&*a.layout_ref(0)?, p))
}

/// `append<N>(L, X)` / `prepend<N>(L, X)` (CORE's `append`/`prepend` with N).
pub(super) fn pad_to_rank(
    a: &Args,
    l: &Layout,
    x: &Layout,
    n: usize,
    front: bool,
) -> Result<Value, EvalError> {
    lay(a, ops::pad_to_rank(l, x, n, front))
}
