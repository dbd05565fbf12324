"""The DSL's operations (cute.nvgpu) and element types (cutelayout.cutlass): each names a CuTe
C++ atom of the engine's catalog; the atoms' DSL members. (Their layouts against the DSL's
answers: data/dsl_cases.txt.)"""

import pytest

import cutelayout as cute
from cutelayout import cutlass

warp, wg, cpasync = cute.nvgpu.warp, cute.nvgpu.warpgroup, cute.nvgpu.cpasync


def test_element_types():
    assert cute.Float16 is cutlass.Float16
    assert repr(cutlass.BFloat16) == "BFloat16" and cutlass.BFloat16.width == 16
    assert cutlass.Float8E4M3FN._cute_value_ == "float_e4m3_t"
    assert issubclass(cutlass.Float32, cutlass.Numeric)
    with pytest.raises(TypeError):
        cutlass.Float16(1.0)


@pytest.mark.parametrize(
    "op,name",
    [
        (warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), "SM80_16x8x16_F32F16F16F32_TN"),
        (warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float16, [16, 8, 8]), "SM80_16x8x8_F16F16F16F16_TN"),
        (warp.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (16, 8, 8)), "SM80_16x8x8_F32BF16BF16F32_TN"),
        (warp.MmaTF32Op((16, 8, 4)), "SM80_16x8x4_F32TF32TF32F32_TN"),
        (warp.MmaFP8Op(cutlass.Float8E5M2, cutlass.Float32, (16, 8, 32)), "SM89_16x8x32_F32E5M2E5M2F32_TN"),
        (cute.nvgpu.MmaUniversalOp(cutlass.Float64), "UniversalFMA<double,double,double,double>"),
        (
            wg.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (64, 96), wg.OperandSource.RMEM, "K", "MN"),
            "SM90_64x96x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>",
        ),
        (
            wg.MmaF8Op(
                cutlass.Float8E4M3FN,
                cutlass.Float8E5M2,
                cutlass.Float16,
                (64, 64, 32),
                wg.OperandSource.SMEM,
                cute.nvgpu.OperandMajorMode.K,
                cute.nvgpu.OperandMajorMode.K,
            ),
            "SM90_64x64x32_F16E4M3E5M2_SS_TN",
        ),
    ],
)
def test_an_mma_operation_is_an_atom_of_the_catalog(op, name):
    assert op.atom_name() == name
    atom = cute.make_mma_atom(op)
    assert isinstance(atom, cute.MmaAtom)
    assert atom == cute.mma_atom(name)
    # the operation goes wherever the atom's name does
    assert cute.tiled_mma(op, (1, 1, 1)) == cute.make_tiled_mma(op)


@pytest.mark.parametrize(
    "op,dtype,bits,name",
    [
        (cute.nvgpu.CopyUniversalOp(), cutlass.Float16, 128, "UniversalCopy<uint128_t>"),
        (cute.nvgpu.CopyUniversalOp(), cutlass.Float32, None, "UniversalCopy<uint32_t>"),
        (warp.LdMatrix8x8x16bOp(num_matrices=2), cutlass.Float16, None, "SM75_U32x2_LDSM_N"),
        (warp.LdMatrix8x8x16bOp(True, 4), cutlass.Float16, None, "SM75_U16x8_LDSM_T"),
        (warp.StMatrix8x8x16bOp(False, 1), cutlass.BFloat16, None, "SM90_U32x1_STSM_N"),
        (warp.StMatrix16x8x8bOp(True, 2), cutlass.Uint8, None, "SM100_U8x8_STSM_T"),
        (cpasync.CopyG2SOp(), cutlass.Float16, 64, "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>"),
        (cpasync.CopyG2SOp(cpasync.LoadCacheMode.GLOBAL), cutlass.Float16, 128, "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"),
    ],
)
def test_a_copy_operation_is_a_copy_of_the_catalog(op, dtype, bits, name):
    assert op.copy_op_name(dtype, bits) == name
    atom = cute.make_copy_atom(op, dtype, num_bits_per_copy=bits)
    assert isinstance(atom, cute.CopyAtom)
    assert atom == cute.copy_atom(name, dtype._cute_value_)


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: warp.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float16, (16, 8, 16)), "Float32 when 'ab_dtype' is BFloat16"),
        (lambda: warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 32)), "'shape_mnk'"),
        (lambda: warp.MmaF16BF16Op("half_t", cutlass.Float32, (16, 8, 16)), "element type"),
        (lambda: warp.LdMatrix8x8x16bOp(False, 3), "'num_matrices'"),
        (lambda: warp.LdMatrix8x8x16bOp(1, 2), "bool instance"),
        (lambda: warp.StMatrix16x8x8bOp(False, 2), "only supports transpose"),
        (lambda: wg.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (64, 128, 32), wg.OperandSource.SMEM, "K", "K"), "K-mode to be 16"),
        (lambda: wg.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (64, 100), wg.OperandSource.SMEM, "K", "K"), "N % 8 == 0"),
        (lambda: cute.make_copy_atom(warp.LdMatrix16x8x8bOp(True, 2), cutlass.Uint8), "no CuTe C++ atom"),
        (lambda: cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=96), "num_bits_per_copy"),
        (lambda: cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), "half_t"), "element type"),
        (lambda: cute.make_mma_atom(warp.MmaFP8Op(cutlass.Float8E4M3FN, cutlass.Float32, (16, 8, 16))), "SM89_16x8x16"),
    ],
)
def test_bad_operations_are_refused_with_the_reason(make, message):
    with pytest.raises(cute.CuteError) as e:
        make()
    assert message in str(e.value)


def test_the_dsl_members_of_the_atoms():
    op = warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    atom = cute.make_mma_atom(op)
    assert atom.shape_mnk == (16, 8, 16) and atom.thr_id == cute.make_layout(32)
    assert atom.tv_layout_C == atom.CLayout
    t = cute.make_tiled_mma(atom, atom_layout_mnk=(2, 2, 1))
    assert t.size == 128 and t.get_tile_size(1) == 16
    assert t.permutation_mnk == (None, None, None)
    assert t.tv_layout_A_tiled == t.get_layoutA_TV
    assert t.partition_shape_C((64, 64)) == ((2, 2), 2, 4)
    thr = t.get_slice(3)
    assert thr.thr_idx == 3
    assert str(thr.partition_A(cute.make_identity_tensor((64, 32)))) == "ArithTuple(0,6) o ((2,2,2),2,2):((1@1,8@0,8@1),32@0,16@1)"
    tc = cute.make_tiled_copy_tv(
        cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=32),
        cute.make_layout((4, 8), stride=(8, 1)),
        cute.make_layout((1, 2)),
    )
    assert isinstance(tc, cute.TiledCopy) and tc.size == 32
    assert tc.tiler_mn == (cute.make_layout(4), cute.make_layout(16))
    assert tc.Tiler_MN == (4, 16)


def test_the_dsl_keywords_of_the_atoms():
    op = warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    t = cute.make_tiled_mma(op_or_atom=op, atom_layout_mnk=(2, 2, 1), permutation_mnk=(32, 32, 16))
    assert t.tile_shape == (32, 32, 16)
    ldsm = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(num_matrices=4), cutlass.Float16)
    assert cute.make_tiled_copy_A(atom=ldsm, tiled_mma=t) == cute.make_tiled_copy_A(ldsm, t)


def test_the_dsl_keywords_and_mode_forms_of_the_table():
    x = cute.make_layout((4, (2, 3)), stride=(1, (8, 16)))
    assert cute.size(x, mode=[1]) == 6 and cute.size(x, mode=[1, 0]) == 2
    assert cute.size(x, [1]) == 6
    assert cute.cosize(x, mode=[1]) == 41
    assert cute.rank(x, mode=[1]) == 2
    assert cute.get(x, mode=[1, 1]) == cute.make_layout(3, stride=16)
    assert cute.group_modes(cute.make_layout((2, 3, 4)), begin=0, end=2) == cute.group_modes(cute.make_layout((2, 3, 4)), 0, 2)
    assert cute.product_each(a=(2, (3, 4))) == (2, 12)
    assert cute.wrap(x=3) == (3,)
    assert cute.size(obj=x) == 24
