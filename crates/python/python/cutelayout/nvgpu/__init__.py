"""``cute.nvgpu`` of the CuTe DSL: its operations, as names of the engine's MMA and copy atoms.

    >>> import cutelayout as cute
    >>> from cutelayout import cutlass
    >>> op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    >>> cute.make_mma_atom(op)
    mma_atom(SM80_16x8x16_F32F16F16F32_TN)

Submodules ``warp`` (``mma.sync``, ``ldmatrix``/``stmatrix``), ``cpasync`` (``cp.async`` and
the TMA), ``warpgroup`` (Hopper's GMMA) and ``tcgen05`` (Blackwell's UMMA); here the universal operations ``CopyUniversalOp`` and
``MmaUniversalOp`` and the enumeration ``OperandMajorMode``.
"""

from __future__ import annotations

from ._ops import CopyOp, MmaOp, Op, TmaCopyOp, _NamedEnum, operation


class OperandMajorMode(_NamedEnum):
    """The major mode of an MMA's input operand: ``K`` (K-major) or ``MN``."""

    MN = "mn"
    K = "k"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return {"MN": cls.MN, "K": cls.K}.get(value.upper())
        return None


MmaUniversalOp = operation(MmaOp, "MmaUniversalOp", "MmaUniversalOp(abacc_dtype): the universal MMA (one thread's FMA), C++ UniversalFMA<T,T,T,T>.")
CopyUniversalOp = operation(CopyOp, "CopyUniversalOp", "CopyUniversalOp(): the universal copy, C++ UniversalCopy<uintN_t> of num_bits_per_copy bits (by default the element type's).")


from . import cpasync, tcgen05, warp, warpgroup  # noqa: E402  (they import the classes above)

__all__ = [
    "Op",
    "MmaOp",
    "CopyOp",
    "OperandMajorMode",
    "MmaUniversalOp",
    "CopyUniversalOp",
    "warp",
    "cpasync",
    "warpgroup",
    "tcgen05",
]
