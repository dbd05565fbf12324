"""``cute.nvgpu.warp`` of the CuTe DSL: warp-level MMA (``mma.sync``) and ``ldmatrix`` /
``stmatrix``; the engine's operations (``cute::eval::nvgpu``): SM80/SM89 MMAs, SM75/SM90/SM100
LDSM/STSM."""

from __future__ import annotations

from ._ops import CopyOp, MmaOp, operation

MmaF16BF16Op = operation(MmaOp, "warp.MmaF16BF16Op", "MmaF16BF16Op(ab_dtype, acc_dtype, shape_mnk): F16/BF16 mma.sync, C++ SM80_16x8x{8,16}_...")
MmaTF32Op = operation(MmaOp, "warp.MmaTF32Op", "MmaTF32Op(shape_mnk): TF32 mma.sync, C++ SM80_16x8x{4,8}_F32TF32TF32F32_TN.")
MmaFP8Op = operation(MmaOp, "warp.MmaFP8Op", "MmaFP8Op(ab_dtype, acc_dtype, shape_mnk): FP8 mma.sync (sm_89), C++ SM89_16x8x32_...")
LdMatrix8x8x16bOp = operation(CopyOp, "warp.LdMatrix8x8x16bOp", "LdMatrix8x8x16bOp(transpose=False, num_matrices=1, unpack_bits=None): C++ SM75_U32xN_LDSM_N, transposed SM75_U16x2N_LDSM_T.")
LdMatrix8x16x8bOp = operation(CopyOp, "warp.LdMatrix8x16x8bOp", "LdMatrix8x16x8bOp(transpose=False, num_matrices=1, unpack_bits=None): C++ SM100_SU4_DU8x16_xN_LDSM_N (unpack_bits=6: SU6).")
LdMatrix16x8x8bOp = operation(CopyOp, "warp.LdMatrix16x8x8bOp", "LdMatrix16x8x8bOp(transpose=True, num_matrices, unpack_bits=None): no CuTe C++ atom (the DSL's own permutation of ldmatrix.m16n16).")
LdMatrix16x16x8bOp = operation(CopyOp, "warp.LdMatrix16x16x8bOp", "LdMatrix16x16x8bOp(transpose=True, num_matrices, unpack_bits=None): no CuTe C++ atom with the DSL's layouts.")
StMatrix8x8x16bOp = operation(CopyOp, "warp.StMatrix8x8x16bOp", "StMatrix8x8x16bOp(transpose=False, num_matrices=1): C++ SM90_U32xN_STSM_N, transposed SM90_U16x2N_STSM_T.")
StMatrix16x8x8bOp = operation(CopyOp, "warp.StMatrix16x8x8bOp", "StMatrix16x8x8bOp(transpose=True, num_matrices): C++ SM100_U8x4N_STSM_T.")

__all__ = [
    "MmaF16BF16Op",
    "MmaTF32Op",
    "MmaFP8Op",
    "LdMatrix8x8x16bOp",
    "LdMatrix8x16x8bOp",
    "LdMatrix16x8x8bOp",
    "LdMatrix16x16x8bOp",
    "StMatrix8x8x16bOp",
    "StMatrix16x8x8bOp",
]
