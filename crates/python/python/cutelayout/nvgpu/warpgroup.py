"""``cute.nvgpu.warpgroup`` of the CuTe DSL: Hopper's GMMA (``wgmma``); the engine's operations
(``cute::eval::nvgpu``), C++ ``SM90_64xNxK_..._{SS,RS}`` atoms of its catalog."""

from __future__ import annotations

from . import OperandMajorMode
from ._ops import MmaOp, _NamedEnum, operation


class OperandSource(_NamedEnum):
    """Where operand A comes from: registers (``RMEM``, an ``_RS`` atom) or shared memory
    (``SMEM``, ``_SS``)."""

    RMEM = "rmem"
    SMEM = "smem"


MmaF16BF16Op = operation(MmaOp, "warpgroup.MmaF16BF16Op", "MmaF16BF16Op(ab_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode): F16/BF16 GMMA, C++ SM90_64xNx16_..._{SS,RS}<GMMA::Major::..,..>.")
MmaF8Op = operation(MmaOp, "warpgroup.MmaF8Op", "MmaF8Op(a_dtype, b_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode): FP8 GMMA, C++ SM90_64xNx32_..._{SS,RS}_TN.")

__all__ = ["OperandMajorMode", "OperandSource", "MmaF16BF16Op", "MmaF8Op"]
