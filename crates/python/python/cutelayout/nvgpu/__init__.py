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

import enum
from dataclasses import dataclass

from .. import cutlass as _t
from ._ops import CopyOp, MmaOp, Op, check_dtype, fail, uint_of_bits


class OperandMajorMode(enum.Enum):
    """The major mode of an MMA's input operand: ``K`` (K-major) or ``MN``."""

    MN = "mn"
    K = "k"

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __repr__(self) -> str:
        return "<%s.%s>" % (type(self).__name__, self.name)

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return {"MN": cls.MN, "K": cls.K}.get(value.upper())
        return None


@dataclass(frozen=True)
class MmaUniversalOp(MmaOp):
    """The universal MMA (one thread's FMA): C++ ``UniversalFMA<T,T,T,T>``."""

    abacc_dtype: type

    def __post_init__(self) -> None:
        check_dtype(self.abacc_dtype, "abacc_dtype")
        if self.abacc_dtype not in (_t.Float16, _t.Float32, _t.Float64):
            fail(
                "expects the 'abacc_dtype' Op parameter to be one of Float16, Float32, or Float64"
            )

    def atom_name(self) -> str:
        t = self.abacc_dtype._cute_value_
        return "UniversalFMA<%s,%s,%s,%s>" % (t, t, t, t)


@dataclass(frozen=True)
class CopyUniversalOp(CopyOp):
    """The universal copy (``a = b``): C++ ``UniversalCopy<uintN_t>`` of ``num_bits_per_copy``
    bits (by default the element type's)."""

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        bits = dtype.width if num_bits_per_copy is None else num_bits_per_copy
        return "UniversalCopy<%s>" % uint_of_bits(bits, "num_bits_per_copy")


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
