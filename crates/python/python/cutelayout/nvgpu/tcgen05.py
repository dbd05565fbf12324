"""``cute.nvgpu.tcgen05`` of the CuTe DSL: Blackwell's UMMA (``tcgen05.mma``); the engine's
operations (``cute::eval::nvgpu``), C++ ``SM100_MMA_*`` atoms of its catalog
(``SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>``; ``_TS``
for A in tensor memory, ``_2x1SM_`` for a CTA pair).

Here are the dense operations the engine models: ``MmaTF32Op``, ``MmaF16BF16Op``,
``MmaI8Op``, ``MmaFP8Op`` and ``MmaF8F6F4Op``, and the block-scaled ``MmaMXF8Op``,
``MmaMXF8F6F4Op``, ``MmaMXF4Op`` and ``MmaMXF4NVF4Op`` (C++ ``SM100_MMA_MXF8F6F4_SS``,
``SM100_MMA_MXF4_SS``; A from tensor memory has no C++ atom). The DSL's sparse operations
(``MmaF16BF16SparseOp``, ``MmaFP8SparseOp``) are the engine's too (DSL text), not yet classes
here.

CuTe C++ writes the stride of a mode of size 1 as 0 where the DSL prints another
(``tv_layout_A`` of ``MmaF16BF16Op(Float16, Float32, (128,256,16), ...)`` is
``(1,(128,16)):(0,(1,128))`` here, ``(1,(128,16)):(128,(1,128))`` in the DSL): the same layout
as a function.
"""

from __future__ import annotations

from ._ops import MmaOp, _NamedEnum, operation


class OperandSource(_NamedEnum):
    """Where operand A comes from: tensor memory (``TMEM``, a ``_TS`` atom) or shared memory
    (``SMEM``, ``_SS``)."""

    TMEM = "tmem"
    SMEM = "smem"


class CtaGroup(_NamedEnum):
    """The ``cta_group`` of the MMA: one CTA (``ONE``) or a CTA pair (``TWO``, a ``_2x1SM_``
    atom)."""

    ONE = 1
    TWO = 2


_UMMA = "(instruction_shape, cta_group, a_src, a_major_mode, b_major_mode)"
MmaTF32Op = operation(MmaOp, "tcgen05.MmaTF32Op", "MmaTF32Op%s: TF32 UMMA, C++ SM100_MMA_TF32_{SS,TS} (K = 8)." % _UMMA)
MmaF16BF16Op = operation(MmaOp, "tcgen05.MmaF16BF16Op", "MmaF16BF16Op(ab_dtype, acc_dtype, ...): F16/BF16 UMMA, C++ SM100_MMA_F16BF16_{SS,TS} (K = 16).")
MmaI8Op = operation(MmaOp, "tcgen05.MmaI8Op", "MmaI8Op(ab_dtype, ...): 8-bit integer UMMA, C++ SM100_MMA_S8_{SS,TS} (K = 32).")
MmaFP8Op = operation(MmaOp, "tcgen05.MmaFP8Op", "MmaFP8Op(ab_dtype, acc_dtype, ...): FP8 UMMA, C++ SM100_MMA_F8F6F4_{SS,TS} (K = 32).")
MmaF8F6F4Op = operation(MmaOp, "tcgen05.MmaF8F6F4Op", "MmaF8F6F4Op(a_dtype, b_dtype, acc_dtype, ...): FP8/FP6/FP4 UMMA, C++ SM100_MMA_F8F6F4_{SS,TS} (K = 32).")
MmaMXF8Op = operation(MmaOp, "tcgen05.MmaMXF8Op", "MmaMXF8Op(ab_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode): MXF8 block-scaled UMMA, C++ SM100_MMA_MXF8F6F4_SS (K = 32, scale factors Float8E8M0FNU per 32).")
MmaMXF8F6F4Op = operation(MmaOp, "tcgen05.MmaMXF8F6F4Op", "MmaMXF8F6F4Op(a_dtype, b_dtype, instruction_shape, ...): MXF8F6F4 block-scaled UMMA, C++ SM100_MMA_MXF8F6F4_SS (K = 32).")
MmaMXF4Op = operation(MmaOp, "tcgen05.MmaMXF4Op", "MmaMXF4Op(instruction_shape, cta_group, a_src): MXF4 block-scaled UMMA, C++ SM100_MMA_MXF4_SS (K = 64, VS 32).")
MmaMXF4NVF4Op = operation(MmaOp, "tcgen05.MmaMXF4NVF4Op", "MmaMXF4NVF4Op(sf_dtype, instruction_shape, cta_group, a_src): MXF4NVF4 block-scaled UMMA, C++ SM100_MMA_MXF4_SS (K = 64, VS 16).")

__all__ = [
    "OperandSource",
    "CtaGroup",
    "MmaTF32Op",
    "MmaF16BF16Op",
    "MmaI8Op",
    "MmaFP8Op",
    "MmaF8F6F4Op",
    "MmaMXF8Op",
    "MmaMXF8F6F4Op",
    "MmaMXF4Op",
    "MmaMXF4NVF4Op",
]
