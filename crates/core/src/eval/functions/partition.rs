//! The function table's group for partitioning with MMA and copy atoms, as a GEMM mainloop
//! uses them (CuTe's `atom/mma_atom.hpp`, `atom/copy_atom.hpp`, `tensor_impl.hpp`).

use super::{ANY, Args, Function, TemplateArgs};
use crate::algebra::Layout;
use crate::algebra::tensor as ts;
use crate::atoms::{Atom, Operand, TiledMma};
use crate::eval::convert::{tensor_of, to_coord};
use crate::eval::{EvalError, Value};

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "make_identity_tensor",
        "make_identity_tensor(SHAPE)",
        "the tensor whose element at each coordinate of SHAPE is that coordinate: ArithTuple(0,...) o make_identity_layout(SHAPE)",
        "make_identity_tensor((4,8))",
        1,
        1,
        |a| {
            let t = ts::OffsetTensor::identity(&a.shape(0)?).map_err(a.alg())?;
            Ok(Value::tensor(t))
        },
        coordinates: true
    ),
    f!(
        "ArithTuple",
        "ArithTuple(C...)",
        "CuTe's arithmetic-tuple iterator at the coordinate (C...), as CuTe prints an identity tensor's start: ArithTuple(0,0) o L",
        "ArithTuple(0,0) o (4,8):(1@0,1@1)",
        1,
        ANY,
        |a| {
            let items = a
                .vals
                .iter()
                .zip(a.spans)
                .map(|(v, sp)| crate::eval::convert::to_int_tuple(v, *sp))
                .collect::<Result<Vec<_>, _>>()?;
            // `ArithTuple0` (CuTe's `ArithTuple_0`, an integer coordinate) reaches here as a call
            // whose one argument ends where the call ends (no closing parenthesis)
            let scalar = items.len() == 1 && a.span.end == a.spans[0].end;
            Ok(Value::ArithTuple(if scalar {
                items.into_iter().next().expect("one item")
            } else {
                items.into_iter().collect()
            }))
        },
        coordinates: true
    ),
    f!(
        "partition_shape_A",
        "partition_shape_A(TILED_MMA, SHAPE_MK)",
        "the shape of one thread's partition of an (M,K) tensor: (FrgV, RestM, RestK)",
        "partition_shape_A(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,64))",
        2,
        2,
        |a| partition_shape(a, Operand::A)
    ),
    f!(
        "partition_shape_B",
        "partition_shape_B(TILED_MMA, SHAPE_NK)",
        "the shape of one thread's partition of an (N,K) tensor: (FrgV, RestN, RestK)",
        "partition_shape_B(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,64))",
        2,
        2,
        |a| partition_shape(a, Operand::B)
    ),
    f!(
        "partition_shape_C",
        "partition_shape_C(TILED_MMA, SHAPE_MN)",
        "the shape of one thread's partition of an (M,N) tensor: (FrgV, RestM, RestN)",
        "partition_shape_C(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,128))",
        2,
        2,
        |a| partition_shape(a, Operand::C)
    ),
    f!(
        "partition_fragment_C",
        "partition_fragment_C(TILED_MMA, SHAPE_MN)",
        "the layout of a thread's accumulator fragment: compact column-major of partition_shape_C; of an UMMA (SM100) tiled MMA, its accumulator in tensor memory (tmem_[32b](0x0000.0000) o ((128,256),1,1):((65536,1),0,0), CuTe's UMMA::tmem_frg)",
        "partition_fragment_C(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,128))",
        2,
        2,
        |a| {
            let Value::IntTuple(shape) = partition_shape(a, Operand::C)? else {
                unreachable!("partition_shape gives a shape")
            };
            if let Some(v) =
                crate::eval::methods::tmem_fragment(tiled_mma(a, 0)?, shape.as_tup(), a.span)
            {
                return v;
            }
            Layout::column_major(shape)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
    f!(
        "tile_size",
        "tile_size<I...>(TILED_MMA | TILED_COPY)",
        "the extent of mode I of the tile a tiled MMA (M,N,K) or a tiled copy (its Tiler_MN) covers",
        "tile_size<0>(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)))",
        1,
        super::ANY,
        |a| {
            let modes = (1..a.len())
                .map(|i| a.index(i))
                .collect::<Result<Vec<_>, _>>()?;
            match atom(a, 0)? {
                Atom::TiledMma(t) | Atom::ThrMma(t, _) => match modes.as_slice() {
                    [] => t.tile_shape().map(|s| s.product()).and_then(|p| p),
                    [i] if *i < 3 => t.tile_size_mnk(*i),
                    _ => {
                        return Err(EvalError::new(
                            "tile_size of a tiled MMA takes one mode, 0 (M), 1 (N) or 2 (K)",
                            a.span,
                        ));
                    }
                }
                .map(Value::int)
                .map_err(a.alg()),
                Atom::TiledCopy(t) | Atom::ThrCopy(t, _) => {
                    t.tile_size(&modes).map(Value::int).map_err(a.alg())
                }
                other => Err(expected("a tiled MMA or a tiled copy", other.kind(), a, 0)),
            }
        },
        template: TemplateArgs::After
    ),
    f!(
        "tile_shape",
        "tile_shape(TILED_MMA)",
        "the (M,N,K) tile a tiled MMA covers",
        "tile_shape(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)))",
        1,
        1,
        |a| tiled_mma(a, 0)?
            .tile_shape()
            .map(Value::IntTuple)
            .map_err(a.alg())
    ),
    atom_f!(
        "make_tiled_copy_S",
        "make_tiled_copy_S(COPY_ATOM, TILED_COPY)",
        "the TiledCopy of COPY_ATOM over TILED_COPY's source TV layout and tiler",
        "make_tiled_copy_S(copy_atom(UniversalCopy<uint16_t>, half_t), make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2))).get_layoutS_TV",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy_D",
        "make_tiled_copy_D(COPY_ATOM, TILED_COPY)",
        "the TiledCopy of COPY_ATOM over TILED_COPY's destination TV layout and tiler",
        "make_tiled_copy_D(copy_atom(UniversalCopy<uint16_t>, half_t), make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2))).get_layoutD_TV",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy_C_atom",
        "make_tiled_copy_C_atom(COPY_ATOM, TILED_MMA)",
        "the smallest TiledCopy that retiles a TiledMMA's C layout (epilogue subtiles)",
        "make_tiled_copy_C_atom(copy_atom(UniversalCopy<uint32_t>, float), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_cotiled_copy",
        "make_cotiled_copy(COPY_ATOM, ATOM_TV_LAYOUT, DATA_LAYOUT)",
        "the TiledCopy whose (thread, value) -> address layout is ATOM_TV_LAYOUT into DATA_LAYOUT's codomain",
        "make_cotiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8):(8,1)).Tiler_MN",
        3,
        3
    ),
    atom_f!(
        "make_tmem_copy",
        "make_tmem_copy(COPY_ATOM | TMEM_OP, TMEM_TENSOR)",
        "the TiledCopy of a TMEM load or store (SM100_TMEM_LOAD_32dp32b8x, ...) over a tensor in tensor memory: four warps, each at the same place in its own 32-lane subpartition (CuTe's make_cotiled_copy of ((32,4):(0,32*DP<T>), coalesce(upcast<bits(T)>(ValID)))); an operation alone takes the tensor's element type",
        "make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x, make_tmem_ptr<float>(0) o (128,32):(65536,1)).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_tmem_warp_partitioner",
        "make_tmem_warp_partitioner(TMEM_TENSOR)",
        "CuTe's TV_Tiler of a TMEM tensor's four warps (each its 32-lane subpartition): fields Tiler_MN, TiledLayout_TV; .get_slice(w).partition(T) is warp w's part of T (the TMEM tensor, or a gmem tensor of its shape)",
        "make_tmem_warp_partitioner(make_tensor(make_tmem_ptr<float>(0), make_layout(make_shape(Int<128>{},Int<64>{}), make_stride(Int<65536>{},Int<1>{})))).TiledLayout_TV",
        1,
        1
    ),
    atom_f!(
        "make_tiler_impl",
        "make_tiler_impl(LAYOUT_TV, TILER_MN)",
        "CuTe's TV_Tiler<Layout_TV, Tiler_MN> (atom/partitioner.hpp): a (thread, value) layout over a tile, without an atom; .apply(T), .get_slice(i).partition(T)",
        "make_tiler_impl(4:1, (4:32,1:0)).get_slice(1).partition((128,64))",
        2,
        2
    ),
    f!(
        "make_tensor_like",
        "make_tensor_like(T) | make_tensor_like<T>(L)",
        "a new (register) tensor like T: make_layout_like of T's layout (of a tensor over memory, an owning tensor of its element type, ptr[16b](stack) o L; with an element type, an owning tensor of that type)",
        "make_tensor_like(5 o (4,8):(8,1))",
        1,
        2,
        |a| {
            if a.len() == 2 {
                return super::pointers::owning_like(a, "make_tensor_like");
            }
            crate::algebra::layout_ops::make_layout_like(&*a.layout_ref(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        template: super::TemplateArgs::Before,
        tensor: super::OnTensor::New,
        composed: super::OnComposed::Inner(0)
    ),
    f!(
        "inner_partition",
        "inner_partition(T, TILER, COORD)",
        "zipped_divide(T, TILER), the tile at COORD of the rest mode: OFFSET o LAYOUT",
        "inner_partition((8,24):(1,8), (4,8), (1,2))",
        3,
        3,
        |a| partition(a, ts::inner_partition, true),
        coordinates: true
    ),
    f!(
        "outer_partition",
        "outer_partition(T, TILER, COORD)",
        "zipped_divide(T, TILER), element COORD of every tile: OFFSET o LAYOUT",
        "outer_partition((8,24):(1,8), (4,8), (1,2))",
        3,
        3,
        |a| partition(a, ts::outer_partition, false),
        coordinates: true
    ),
    f!(
        "tensor",
        "tensor(T, i, j, ...) | tensor<I...>(T)",
        "the subtensor of mode i, then j, ...: T's iterator over get<I...>(T's layout); of no mode, T itself",
        "tensor<1>(make_tensor(make_smem_ptr<half_t>(nullptr) + 4, make_layout(make_shape(Int<3>{},make_shape(Int<2>{},Int<5>{})))))",
        1,
        ANY,
        subtensor,
        coordinates: true,
        template: TemplateArgs::After
    ),
    f!(
        "tma_partition",
        "tma_partition(TMA_ATOM, CTA_COORD, CTA_LAYOUT, STENSOR, GTENSOR...) | tma_partition(TMA_ATOM, STENSOR, GTENSOR)",
        "the TMA's partition of the smem tensor and of each gmem tensor (mode 0 the TMA tile): each tensor ((TMA,TMA_Iter), Rest...) over the smem tile's largest contiguous vector, offset for the CTA's multicast share; the tuple (GTENSOR..., STENSOR)",
        "tma_partition(make_tma_atom(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(256,64), make_stride(64, Int<1>{})), GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<8>{},Int<64>{})), make_tensor(make_smem_ptr<half_t>(nullptr), GMMA::Layout_K_SW128_Atom<half_t>{}), make_identity_tensor(make_shape(Int<8>{},Int<64>{})))",
        3,
        ANY,
        tma_partition,
        coordinates: true
    ),
];

/// CuTe's `tensor<Is...>(tensor)` (tensor_impl.hpp): the tensor itself for no `Is`, else
/// `make_tensor(tensor.data(), get<Is...>(tensor.layout()))`.
fn subtensor(a: &Args) -> Result<Value, EvalError> {
    let t = &a.vals[0];
    if a.len() == 1 {
        return Ok(t.clone());
    }
    let get = |l: Value| -> Result<Value, EvalError> {
        let f = super::lookup("get").expect("in the function table");
        let mut vals = vec![l];
        vals.extend(a.vals[1..].iter().cloned());
        let spans: Vec<_> = std::iter::once(a.spans[0])
            .chain(a.spans[1..].iter().copied())
            .collect();
        super::call(f, &vals, &spans, a.span)
    };
    match t {
        Value::OffsetLayout(o, l) => match get(Value::Layout((**l).clone()))? {
            Value::Layout(m) => Ok(Value::offset_layout(o.clone(), m)),
            other => Err(expected(
                "a mode of the tensor's layout",
                other.kind(),
                a,
                0,
            )),
        },
        Value::SwizzledTensor(o, c) => match get(Value::composed((**c).clone()))? {
            Value::Layout(m) => Ok(Value::offset_layout(o.clone(), m)),
            Value::Composed(m) => Ok(Value::SwizzledTensor(o.clone(), m)),
            other => Err(expected(
                "a mode of the tensor's layout",
                other.kind(),
                a,
                0,
            )),
        },
        other => Err(expected("a tensor", other.kind(), a, 0)),
    }
}

/// CuTe's `tma_partition(copy_atom, cta_coord, cta_layout, stensor, gtensors...)`
/// (copy_traits_sm90_tma.hpp), through the table's own functions:
/// - `layout_v = tile_to_shape(make_layout(right_inverse(get_nonswizzle_portion(layout<0>(stensor)))), size<0>(stensor))`;
/// - `layout_V = make_tile(logical_divide(layout_v, make_layout(NumValSrc)))`;
/// - `multicast_coord = ((cta_layout(cta_coord) * (NumValSrc / cosize(cta_layout)), _0))`;
/// - of each tensor of (gtensors..., stensor), rank R, `size<0>` that of stensor:
///   `domain_offset(append<R>(multicast_coord, _0), coalesce(tensor.compose(append<R>(layout_V, _)), ((_1,_1))))`.
///
/// The 3-argument form is `tma_partition(atom, _0, Layout<_1,_0>{}, stensor, gtensor)`.
fn tma_partition(a: &Args) -> Result<Value, EvalError> {
    use crate::algebra::{IntTuple, Layout};
    let atom = match atom(a, 0)? {
        Atom::Copy(c) => c,
        other => {
            return Err(expected(
                "a TMA copy atom (make_tma_atom)",
                other.kind(),
                a,
                0,
            ));
        }
    };
    let span = a.span;
    let call = |name: &str, vals: Vec<Value>| -> Result<Value, EvalError> {
        let f = super::lookup(name).expect("in the function table");
        let spans = vec![span; vals.len()];
        super::call(f, &vals, &spans, span)
    };
    let (cta_coord, cta_layout, first) = if a.len() == 3 {
        (
            Value::IntTuple(IntTuple::int(0)),
            Value::Layout(Layout::new(IntTuple::int(1), IntTuple::int(0)).map_err(a.alg())?),
            1,
        )
    } else {
        if a.len() < 5 {
            return Err(EvalError::new(
                "tma_partition takes (TMA_ATOM, STENSOR, GTENSOR) or (TMA_ATOM, CTA_COORD, CTA_LAYOUT, STENSOR, GTENSOR...)",
                span,
            ));
        }
        (a.vals[1].clone(), a.vals[2].clone(), 3)
    };
    let stensor = &a.vals[first];
    let num_val = atom.num_val(true).map_err(a.alg())?;
    // the largest contiguous vector of the smem tile, over all of its coordinates
    // layout<0> of a tensor's layout without its swizzle (get_nonswizzle_portion)
    let mode0 = |t: &Value, at: usize| -> Result<Layout, EvalError> {
        let l = match t {
            Value::SwizzledTensor(_, c) => &c.layout,
            other => other
                .plain_layout()
                .ok_or_else(|| expected("a tensor over a layout", other.kind(), a, at))?,
        };
        l.mode(0).map_err(a.alg())
    };
    let smode0 = mode0(stensor, first)?;
    let size0 = smode0.size().map_err(a.alg())?;
    let inv = call("right_inverse", vec![Value::Layout(smode0)])?;
    let layout_v = call(
        "tile_to_shape",
        vec![call("make_layout", vec![inv])?, Value::int(size0)],
    )?;
    let tma_layout_v =
        Value::Layout(Layout::new(IntTuple::int(num_val), IntTuple::int(1)).map_err(a.alg())?);
    let layout_tile = call("logical_divide", vec![layout_v, tma_layout_v])?;
    // the CTA's share of the TMA's values
    let cta_at = call("crd2idx", vec![cta_coord, cta_layout.clone()])?;
    let cosize = call("cosize", vec![cta_layout])?;
    let per_cta = call("shape_div", vec![Value::int(num_val), cosize])?;
    let int_of = |v: Value| match v {
        Value::IntTuple(t) if t.is_int() => Ok(t),
        other => Err(EvalError::new(
            format!(
                "tma_partition: the CTA's multicast offset is an integer, found {}",
                other.kind()
            ),
            span,
        )),
    };
    let pair = IntTuple::from_iter([int_of(cta_at)?, int_of(per_cta)?]);
    let offset = int_of(call("product", vec![Value::IntTuple(pair)])?)?;
    let multicast = IntTuple::from_iter([offset, IntTuple::int(0)]);
    let mut out = Vec::new();
    for (i, t) in a.vals[first + 1..].iter().chain([stensor]).enumerate() {
        let at = if i + first + 1 < a.len() {
            first + 1 + i
        } else {
            first
        };
        let rank = call("rank", vec![t.clone()])?.as_int().unwrap_or(0).max(1) as usize;
        if mode0(t, at)?.size().map_err(a.alg())? != size0 {
            return Err(EvalError::new(
                format!(
                    "tma_partition: size<0> of this tensor is not size<0> of the smem tensor, {size0} (CuTe's CUTE_STATIC_ASSERT_V(size<0>(stensor) == size<0>(tensor)))"
                ),
                a.spans[at],
            ));
        }
        let mut tiler = vec![layout_tile.clone()];
        tiler.resize(rank, Value::Under);
        let composed = call("composition", vec![t.clone(), Value::Tuple(tiler)])?;
        let profile = Value::IntTuple(
            [IntTuple::from_iter([IntTuple::int(1), IntTuple::int(1)])]
                .into_iter()
                .collect(),
        );
        let tensor_v = call("coalesce", vec![composed, profile])?;
        let mut coord = vec![multicast.clone()];
        coord.resize(rank, IntTuple::int(0));
        out.push(call(
            "domain_offset",
            vec![Value::IntTuple(IntTuple::from_iter(coord)), tensor_v],
        )?);
    }
    Ok(Value::Tuple(out))
}

fn expected(what: &str, found: &str, a: &Args, i: usize) -> EvalError {
    EvalError::new(format!("expected {what}, found {found}"), a.spans[i])
}

fn atom<'a>(a: &'a Args, i: usize) -> Result<&'a Atom, EvalError> {
    match &a.vals[i] {
        Value::Atom(x) => Ok(x),
        other => Err(expected("an atom", other.kind(), a, i)),
    }
}

fn tiled_mma<'a>(a: &'a Args, i: usize) -> Result<&'a TiledMma, EvalError> {
    match atom(a, i)? {
        Atom::TiledMma(t) | Atom::ThrMma(t, _) => Ok(t),
        other => Err(expected("a tiled MMA", other.kind(), a, i)),
    }
}

fn partition_shape(a: &Args, op: Operand) -> Result<Value, EvalError> {
    let mma = tiled_mma(a, 0)?;
    let shape = a.shape(1)?;
    let min_rank = 2;
    if shape.rank() < min_rank {
        return Err(EvalError::new(
            format!("partitioning needs a shape of rank >= 2, got {shape}"),
            a.spans[1],
        ));
    }
    mma.partition_shape(op, &shape)
        .map(Value::IntTuple)
        .map_err(a.alg())
}

fn partition(
    a: &Args,
    f: fn(
        &ts::OffsetTensor,
        &crate::algebra::Tiler,
        &crate::algebra::coord::Coord,
    ) -> crate::algebra::Result<ts::OffsetTensor>,
    tile: bool,
) -> Result<Value, EvalError> {
    let c = to_coord(&a.vals[2], a.spans[2])?;
    let mut buf = crate::algebra::TilerBuf::new();
    if let Some(st) = crate::eval::convert::swizzled_tensor_of(&a.vals[0]) {
        let tl = a.tiler(1, &mut buf)?;
        // a run-time coordinate keeps the swizzle's decay (CuTe's slice_and_offset)
        let (off, r) = ts::partition_swizzled(&st, &tl, &c, tile).map_err(a.alg())?;
        return crate::eval::tensor_value(off, r);
    }
    let t = tensor_of(&a.vals[0], a.spans[0])?;
    let r = f(&t, &a.tiler(1, &mut buf)?, &c).map_err(a.alg())?;
    Ok(Value::tensor(r))
}
