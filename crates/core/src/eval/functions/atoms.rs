//! The function table's group: see [`super::GROUPS`]. MMA and copy atoms and their tiled forms
//! (`mma_atom`, `tiled_mma`, `copy_atom`, `make_tiled_copy*`, `make_layout_tv`: the atoms
//! module's, [`crate::atoms`]), and the GMMA shared-memory layout atoms (`gmma_atom`,
//! `tile_to_shape`).

use super::{EvalError, Function, Value};
use crate::algebra;

pub(super) static FUNCTIONS: &[Function] = &[
    atom_f!(
        "mma_atom",
        "mma_atom(NAME)",
        "CuTe's MMA atom NAME: fields ThrID, Shape_MNK, ALayout, BLayout, CLayout",
        "mma_atom(SM80_16x8x16_F32BF16BF16F32_TN).CLayout",
        1,
        1
    ),
    atom_f!(
        "tiled_mma",
        "tiled_mma(NAME[, ATOM_LAYOUT_MNK[, <TILE_M,TILE_N,TILE_K>]])",
        "a TiledMMA (ATOM_LAYOUT_MNK defaults to (1,1,1), as CuTe's): fields get_layoutA_TV/B/C, tile_shape; .thread(t).partition_C(shape)",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).get_layoutC_TV",
        1,
        3
    ),
    atom_f!(
        "copy_atom",
        "copy_atom(OP, TYPE)",
        "CuTe's Copy_Atom<OP, TYPE>: fields ThrID, ValLayoutSrc, ValLayoutDst, ValLayoutRef",
        "copy_atom(SM75_U32x4_LDSM_N, half_t).ValLayoutSrc",
        2,
        2
    ),
    f!(
        "make_mma_atom",
        "make_mma_atom(OP)",
        "the CuTe DSL's MMA atom of an operation of cute.nvgpu (warp.MmaF16BF16Op(…): the C++ atom SM80_16x8x16_F32F16F16F32_TN), or of a C++ atom's name: mma_atom(NAME)",
        "cute.make_mma_atom(cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))).tv_layout_C",
        1,
        1,
        |a| crate::eval::methods::atom_function("mma_atom", a.vals, a.spans, a.span)
    ),
    f!(
        "make_copy_atom",
        "make_copy_atom(OP, COPY_INTERNAL_TYPE[, NUM_BITS_PER_COPY])",
        "the CuTe DSL's copy atom of an operation of cute.nvgpu over elements of COPY_INTERNAL_TYPE, NUM_BITS_PER_COPY bits a copy (default: one element): CopyUniversalOp() with Float16 and 128 bits is copy_atom(UniversalCopy<uint128_t>, half_t)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128).layout_src_tv",
        2,
        3,
        |a| make_copy_atom(a.vals, a.spans, a.span)
    ),
    atom_f!(
        "copy_traits",
        "copy_traits(OP[, NUM_BITS_PER_TMA[, AUX_PARAMS]])",
        "CuTe's Copy_Traits<OP[, Int<N>[, AuxParams]]>: fields ThrID, SrcLayout, DstLayout, RefLayout (in bits); a TMA's traits take its AuxParams type third (Copy_Traits<SM90_TMA_LOAD, Int<4096>, AuxTmaParams<…>>), which the layouts do not read",
        "copy_traits(SM90_U32x4_STSM_N).SrcLayout",
        1,
        3
    ),
    f!(
        "make_tiled_copy",
        "make_tiled_copy(COPY_ATOM, THR_LAYOUT[, VAL_LAYOUT])",
        "a TiledCopy: fields Tiler_MN, TiledLayout_TV, get_layoutS_TV, get_layoutD_TV (the CuTe DSL's cute.make_tiled_copy(atom, layout_tv, tiler_mn) is C++'s make_tiled_copy_impl; its make_tiled_copy_tv is this)",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).TiledLayout_TV",
        2,
        3,
        |a| crate::eval::methods::atom_function("make_tiled_copy", a.vals, a.spans, a.span),
        // the DSL's `make_tiled_copy(atom, layout_tv, tiler_mn)`: C++'s make_tiled_copy_impl
        dsl: Some(super::Dsl {
            signature: Some("make_tiled_copy(ATOM, LAYOUT_TV, TILER_MN)"),
            handler: |a| {
                if a.len() != 3 {
                    return Err(crate::eval::EvalError::new(
                        format!(
                            "the CuTe DSL's make_tiled_copy takes 3 arguments (atom, layout_tv, tiler_mn), got {}: make_tiled_copy_tv(atom, thr_layout, val_layout) takes threads and values",
                            a.len()
                        ),
                        a.span,
                    ));
                }
                crate::eval::methods::atom_function(
                    "make_tiled_copy_impl",
                    a.vals,
                    a.spans,
                    a.span,
                )
            }
        })
    ),
    atom_f!(
        "make_tiled_copy_tv",
        "make_tiled_copy_tv(COPY_ATOM, THR_LAYOUT, VAL_LAYOUT)",
        "the CuTe DSL's name of C++'s make_tiled_copy(atom, thr_layout, val_layout): a TiledCopy of THR_LAYOUT's threads, each copying VAL_LAYOUT's values",
        "make_tiled_copy_tv(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2)).TiledLayout_TV",
        3,
        3
    ),
    atom_f!(
        "make_tiled_copy_impl",
        "make_tiled_copy_impl(COPY_ATOM, LAYOUT_TV, TILER_MN)",
        "the TiledCopy of a (thread, value) -> tile layout LAYOUT_TV over the tile TILER_MN (a shape or a tuple of layouts); the CuTe DSL's make_tiled_copy(atom, layout_tv, tiler_mn)",
        "make_tiled_copy_impl(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8)).Tiler_MN",
        3,
        3
    ),
    atom_f!(
        "make_tiled_copy_A",
        "make_tiled_copy_A(COPY_ATOM, TILED_MMA)",
        "the TiledCopy matching a TiledMMA's A operand",
        "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy_B",
        "make_tiled_copy_B(COPY_ATOM, TILED_MMA)",
        "the TiledCopy matching a TiledMMA's B operand",
        "make_tiled_copy_B(copy_atom(SM75_U32x2_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy_C",
        "make_tiled_copy_C(COPY_ATOM, TILED_MMA)",
        "the TiledCopy matching a TiledMMA's C operand",
        "make_tiled_copy_C(copy_atom(UniversalCopy<uint32_t>, float), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_tma_copy",
        "make_tma_copy[<TmaInternalType>](OP, GTENSOR, SLAYOUT[, CTA_TILER][, CLUSTER_SIZE])",
        "CuTe's TMA TiledCopy: the box TMA moves between the gmem tensor and the smem layout (fields tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride), its Tiler_MN and TiledLayout_TV; four arguments give the multicast cluster size; a TmaInternalType (with all five arguments) moves recast<TmaInternalType>(GTENSOR)",
        "make_tma_copy(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).tma_box",
        3,
        6,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_im2col_tma_copy",
        "make_im2col_tma_copy(OP, GTENSOR, SLAYOUT[, CTA_TILER[, MULTICAST]][, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT])",
        "CuTe's im2col TMA TiledCopy over a convolution's activation ((w,h,d,n), c): the box (channels per pixel, pixels per column; field tma_box), the (c,w,h,d,n) descriptor's tma_gmem_shape and tma_gmem_stride, tma_layout_vt, tma_traversal_strides, its Tiler_MN and TiledLayout_TV",
        "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).tma_box",
        3,
        12
    ),
    atom_f!(
        "make_im2col_tma_atom_A_sm100",
        "make_im2col_tma_atom_A_sm100(OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)",
        "CuTe's SM100 im2col TMA Copy_Atom for a UMMA's A (copy_traits_sm100_im2col.hpp): the CTA's values from TILED_MMA.thrfrg_A over the (TILE_M, TILE_K) tile, multicast over the cluster's N CTAs for a multicast operation; fields tma_box, tma_gmem_shape, tma_gmem_stride, tma_layout_vt, tma_traversal_strides, get_tma_tensor and the atom's layouts",
        "make_im2col_tma_atom_A_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1)).tma_box",
        13,
        13
    ),
    atom_f!(
        "make_im2col_tma_atom_B_sm100",
        "make_im2col_tma_atom_B_sm100(OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)",
        "CuTe's SM100 im2col TMA Copy_Atom for a UMMA's B: TILED_MMA.thrfrg_B over the (TILE_N, TILE_K) tile, multicast over the cluster's M CTAs for a multicast operation",
        "make_im2col_tma_atom_B_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1)).tma_box",
        13,
        13
    ),
    atom_f!(
        "make_im2col_tma_copy_A_sm100",
        "make_im2col_tma_copy_A_sm100(OP, GTENSOR, SLAYOUT, CLUSTER_TILE, TILED_MMA, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)",
        "CuTe's SM100 im2col TMA TiledCopy for a UMMA's A (copy_traits_sm100_im2col.hpp): make_im2col_tma_atom_A_sm100's atom, its multicast the N CTAs of TILED_MMA's VMNK thread layout, tiled as detail::make_tma_copy_im2col tiles it",
        "make_im2col_tma_copy_A_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1))",
        12,
        12
    ),
    atom_f!(
        "make_im2col_tma_copy_B_sm100",
        "make_im2col_tma_copy_B_sm100(OP, GTENSOR, SLAYOUT, CLUSTER_TILE, TILED_MMA, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)",
        "CuTe's SM100 im2col TMA TiledCopy for a UMMA's B: make_im2col_tma_atom_B_sm100's atom, its multicast the M CTAs of TILED_MMA's VMNK thread layout",
        "make_im2col_tma_copy_B_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1))",
        12,
        12
    ),
    atom_f!(
        "make_tma_atom_A_sm100",
        "make_tma_atom_A_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK)",
        "CuTe's SM100 TMA Copy_Atom for a UMMA's A (copy_traits_sm100_tma.hpp): the CTA's values from TILED_MMA.thrfrg_A over the gmem tensor tiled by (TILE_M, TILE_K), multicast over the cluster's N CTAs for a multicast operation; fields tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride, get_tma_tensor and the atom's layouts",
        "make_tma_atom_A_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{})).tma_box",
        6,
        7,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_tma_atom_B_sm100",
        "make_tma_atom_B_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK)",
        "CuTe's SM100 TMA Copy_Atom for a UMMA's B: TILED_MMA.thrfrg_B over the gmem tensor tiled by (TILE_N, TILE_K), multicast over the cluster's M CTAs for a multicast operation",
        "make_tma_atom_B_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{})).tma_box",
        6,
        7,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_tma_copy_A_sm100",
        "make_tma_copy_A_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)",
        "CuTe's SM100 TMA TiledCopy for a UMMA's A (copy_traits_sm100_tma.hpp): make_tma_atom_A_sm100's atom, its multicast the N CTAs of TILED_MMA's VMNK thread layout, tiled by detail::make_tma_copy_tiled; fields get_layoutS_TV, Tiler_MN, the atom's tma_box and get_tma_tensor",
        "make_tma_copy_A_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}))",
        5,
        6,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_tma_copy_B_sm100",
        "make_tma_copy_B_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)",
        "CuTe's SM100 TMA TiledCopy for a UMMA's B: make_tma_atom_B_sm100's atom, its multicast the M CTAs of TILED_MMA's VMNK thread layout, tiled by detail::make_tma_copy_tiled",
        "make_tma_copy_B_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}))",
        5,
        6,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_tma_copy_C_sm100",
        "make_tma_copy_C_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)",
        "CuTe's SM100 TMA TiledCopy for a UMMA's C or D (copy_traits_sm100_tma.hpp): TILED_MMA.thrfrg_C over the gmem tensor tiled by (TILE_M, TILE_N), one CTA (a non-multicast OP: SM90_TMA_LOAD, SM90_TMA_STORE, SM100_TMA_2SM_LOAD), tiled by detail::make_tma_copy_tiled",
        "make_tma_copy_C_sm100(SM90_TMA_STORE, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(512,256), make_stride(_1{},512)), make_layout(make_shape(make_shape(Int<128>{},Int<128>{}),Int<1>{},Int<1>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}))",
        5,
        6,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_tma_atom",
        "make_tma_atom[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CTA_TILER[, CLUSTER_SIZE])",
        "CuTe's TMA Copy_Atom (Copy_Traits<OP, NumBitsPerTMA, AuxTmaParams>): fields tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride and the atom's layouts; a TmaInternalType moves recast<TmaInternalType>(GTENSOR)",
        "make_tma_atom(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{})).tma_box",
        4,
        6,
        template: super::TemplateArgs::Before
    ),
    atom_f!(
        "make_layout_tv",
        "make_layout_tv(THR_LAYOUT, VAL_LAYOUT)",
        "(tiler, TV layout) of raked threads and values, as CuTe's Python DSL",
        "make_layout_tv((4,8):(8,1), (2,2):(2,1))",
        2,
        2
    ),
    f!(
        "gmma_atom",
        "gmma_atom(Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom, f16|bf16|tf32)",
        "GMMA::Layout_*_Atom<T>: a GMMA shared-memory layout atom (swizzle o smem_ptr o layout)",
        "gmma_atom(Layout_K_SW128_Atom, bf16)",
        2,
        2,
        |a| {
            use algebra::smem_atoms as sa;
            let name = |i: usize| match &a.vals[i] {
                Value::Name(n) => Ok(n.as_str()),
                v => Err(EvalError::new(
                    format!("expected a name, found {}", v.kind()),
                    a.spans[i],
                )),
            };
            let at = |i: usize| move |e| EvalError::algebra(e, a.spans[i]);
            let (m, w) = sa::parse_atom_name(name(0)?).map_err(at(0))?;
            let bits = sa::type_bits(name(1)?).map_err(at(1))?;
            sa::gmma_atom(m, w, bits)
                .map(Value::composed)
                .map_err(a.alg())
        }
    ),
    f!(
        "sf_atom",
        "sf_atom(VS[, MN])",
        "Blackwell's block-scale-factor atom Sm1xxBlockScaledBasicChunk<VS>::SfAtom (K-major; MN-major with MN)",
        "sf_atom(32)",
        1,
        2,
        |a| {
            let vs = a.int_tuple(0)?;
            let Some(vs) = vs.as_int() else {
                return Err(EvalError::new(
                    "expected the vector size VS, an integer",
                    a.spans[0],
                ));
            };
            let mn = match a.vals.get(1) {
                None => false,
                Some(Value::Name(n)) if n == "MN" => true,
                Some(Value::Name(n)) if n == "K" => false,
                Some(v) => {
                    return Err(EvalError::new(
                        format!("expected the major K or MN, found {}", v.kind()),
                        a.spans[1],
                    ));
                }
            };
            crate::atoms::blockscaled::sf_atom(vs, mn)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
    f!(
        "tile_atom_to_shape_SFA",
        "tile_atom_to_shape_SFA(VS, (M,N,K[,L]))",
        "Sm1xxBlkScaledConfig<VS>::tile_atom_to_shape_SFA: which scale factor covers each element of A (M,K[,L])",
        "tile_atom_to_shape_SFA(32, (256,128,512))",
        2,
        2,
        |a| blockscaled(a, false)
    ),
    f!(
        "tile_atom_to_shape_SFB",
        "tile_atom_to_shape_SFB(VS, (M,N,K[,L]))",
        "Sm1xxBlkScaledConfig<VS>::tile_atom_to_shape_SFB: which scale factor covers each element of B (N,K[,L])",
        "tile_atom_to_shape_SFB(16, (256,128,512))",
        2,
        2,
        |a| blockscaled(a, true)
    ),
    f!(
        "tile_to_shape",
        "tile_to_shape(ATOM, SHAPE[, ORDER])",
        "ATOM (a layout or composed layout) repeated to SHAPE, modes tiled in ORDER",
        "tile_to_shape(gmma_atom(Layout_K_SW128_Atom, bf16), (128,64))",
        2,
        3,
        |a| {
            let block = match &a.vals[0] {
                Value::Composed(c) => c.layout.clone(),
                _ => a.layout(0)?,
            };
            if let Value::IntTuple(trg) = &a.vals[1] {
                algebra::smem_atoms::tile_to_shape_compiles(&block, trg).map_err(a.alg())?;
            }
            tile_atom(a, algebra::smem_atoms::tile_to_shape, true)
        },
        // dsl-oracle: `cute.tile_to_shape(cute.make_layout((2, cutlass.Int32(2))), (2, 6),
        // (1, 0))` runs: the DSL asserts no static division
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| tile_atom(a, algebra::smem_atoms::tile_to_shape, true)
        })
    ),
    f!(
        "tile_to_mma_shape",
        "tile_to_mma_shape(ATOM, ((MMA_M,MMA_N),M_MMAs,N_MMAs,...)[, ORDER])",
        "UMMA::tile_to_mma_shape: a shared-memory layout atom tiled to an MMA tile shape, ((MMA_M,MMA_N),M_MMAs,N_MMAs,...)",
        "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(_128{},_16{}),_1{},_4{}))",
        2,
        3,
        |a| tile_atom(a, algebra::smem_atoms::tile_to_mma_shape, false)
    ),
];

/// `tile_to_shape` / `tile_to_mma_shape` of a layout atom, or of a composed atom's inner layout
/// (its swizzle and offset kept): `TILE(ATOM, SHAPE[, ORDER])`. Where `shape_of_layout`
/// (tile_to_shape), SHAPE may be a layout, whose shape it is: CuTe's tile_to_shape reads
/// `rank_v<TrgShape>` and `product_each(shape(trg_shape))` (layout.hpp), and `shape(L)` of a
/// layout is its shape (`tile_to_shape(atom, make_layout(shape, LayoutRight{}))`, ampere's
/// cooperative_gemm.cu).
fn tile_atom(
    a: &super::Args,
    tile: fn(
        &algebra::Layout,
        &algebra::Tup,
        Option<&algebra::IntTuple>,
    ) -> algebra::Result<algebra::Layout>,
    shape_of_layout: bool,
) -> Result<Value, EvalError> {
    let shape = match &a.vals[1] {
        Value::Layout(l) if shape_of_layout => l.shape().to_owned(),
        _ => a.int_tuple(1)?,
    };
    // layout.hpp: the order defaults to LayoutLeft (GenColMajor); a major tag orders the
    // modes of the flat product shape (rank(SHAPE) of them): LayoutRight last mode first
    let order = if a.len() == 3 {
        match a.major_tag("tile_to_shape", 2)? {
            Some(algebra::tuple_algorithms::Major::Left) => None,
            Some(algebra::tuple_algorithms::Major::Right) => {
                let r = shape.rank() as i64;
                Some(algebra::IntTuple::from_iter(
                    (0..r).rev().map(algebra::IntTuple::int),
                ))
            }
            None => Some(a.int_tuple(2)?),
        }
    } else {
        None
    };
    match &a.vals[0] {
        Value::Composed(c) => tile(&c.layout, &shape, order.as_ref()).map(|layout| {
            Value::composed(algebra::ComposedLayout {
                layout,
                ..(**c).clone()
            })
        }),
        _ => tile(&a.layout(0)?, &shape, order.as_ref()).map(Value::Layout),
    }
    .map_err(a.alg())
}

fn blockscaled(a: &super::Args, b: bool) -> Result<Value, EvalError> {
    let vs = a.int_tuple(0)?;
    let Some(vs) = vs.as_int() else {
        return Err(EvalError::new(
            "expected the vector size VS, an integer",
            a.spans[0],
        ));
    };
    let problem = a.int_tuple(1)?;
    crate::atoms::blockscaled::tile_atom_to_shape(vs, &problem, b)
        .map(Value::Layout)
        .map_err(a.alg())
}

/// The DSL's `make_copy_atom(op, copy_internal_type, num_bits_per_copy=None)`: the C++ copy
/// operation the DSL's operation is for that type and those bits ([`nvgpu::Op::copy_op_name`]),
/// or a C++ operation's name as it is; the type a DSL element type or a C++ one.
///
/// [`nvgpu::Op::copy_op_name`]: crate::eval::nvgpu::Op::copy_op_name
fn make_copy_atom(
    vals: &[Value],
    spans: &[crate::parser::Span],
    span: crate::parser::Span,
) -> Result<Value, EvalError> {
    let bits = match vals.get(2) {
        None => None,
        Some(Value::Name(n)) if n == "None" => None,
        Some(Value::Under) => None,
        Some(v) => Some(v.as_int().ok_or_else(|| {
            EvalError::new(
                format!("num_bits_per_copy is a number of bits, found {}", v.kind()),
                spans[2],
            )
        })?),
    };
    // CopyUniversalOp's auto width (no bits, or 0): the DSL prints its layouts (1,1):(0,0)
    let auto_bits = matches!(&vals[0], Value::Op(op) if op.kind == crate::eval::nvgpu::OpKind::Copy(crate::eval::nvgpu::CopyKind::Universal))
        && matches!(bits, None | Some(0));
    let op = match &vals[0] {
        Value::Op(op) => Value::Name(op.copy_op_name(&vals[1], bits, spans[0])?),
        v if bits.is_some() => {
            return Err(EvalError::new(
                format!(
                    "num_bits_per_copy goes with a copy operation of cute.nvgpu, not {}",
                    v.kind()
                ),
                spans[2],
            ));
        }
        v => v.clone(),
    };
    let ty = match crate::eval::nvgpu::cpp_type(&vals[1]) {
        Some(cpp) => Value::Name(cpp.to_string()),
        None if matches!(vals[1], Value::Name(_)) => vals[1].clone(),
        None => {
            return Err(EvalError::new(
                format!(
                    "make_copy_atom expects an element type such as cutlass.Float16, got {}",
                    vals[1].kind()
                ),
                spans[1],
            ));
        }
    };
    let atom = crate::eval::methods::atom_function("copy_atom", &[op, ty], &spans[..2], span)?;
    Ok(match atom {
        Value::Atom(mut a) if auto_bits => {
            if let crate::atoms::Atom::Copy(c) = a.as_mut() {
                c.dsl_auto_bits = true;
            }
            Value::Atom(a)
        }
        atom => atom,
    })
}
