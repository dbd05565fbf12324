"""``cute.nvgpu.warpgroup`` of the CuTe DSL: Hopper's GMMA (``wgmma``), as C++
``SM90_64xNxK_..._{SS,RS}`` atoms of the engine's catalog."""

from __future__ import annotations

import enum

from .. import cutlass as _t
from . import OperandMajorMode
from ._ops import MmaOp, check_dtype, fail, shape_tuple, token


class OperandSource(enum.Enum):
    """Where operand A comes from: registers (``RMEM``, an ``_RS`` atom) or shared memory
    (``SMEM``, ``_SS``)."""

    RMEM = "rmem"
    SMEM = "smem"

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __repr__(self) -> str:
        return "<%s.%s>" % (type(self).__name__, self.name)


class _GmmaOp(MmaOp):
    __slots__ = (
        "a_dtype",
        "b_dtype",
        "acc_dtype",
        "shape_mnk",
        "a_src",
        "a_major_mode",
        "b_major_mode",
    )
    _instruction_k = 16

    def __init__(self, a_dtype, b_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode):
        shape = shape_tuple(instruction_shape)
        if isinstance(shape, tuple) and len(shape) == 2:
            shape = (*shape, self._instruction_k)
        for name, value in (
            ("a_dtype", a_dtype),
            ("b_dtype", b_dtype),
            ("acc_dtype", acc_dtype),
            ("shape_mnk", shape),
            ("a_src", a_src),
            ("a_major_mode", OperandMajorMode(a_major_mode)),
            ("b_major_mode", OperandMajorMode(b_major_mode)),
        ):
            object.__setattr__(self, name, value)
        check_dtype(a_dtype, "a_dtype")
        check_dtype(b_dtype, "b_dtype")
        check_dtype(acc_dtype, "acc_dtype")
        if not isinstance(a_src, OperandSource):
            fail("expects the 'a_src' Op parameter to be an OperandSource, got %r" % (a_src,))
        if not (isinstance(shape, tuple) and len(shape) == 3 and all(isinstance(x, int) for x in shape)):
            fail("expects the 'instruction_shape' Op parameter to be (M,N) or (M,N,K)")
        m, n, k = shape
        if k != self._instruction_k:
            fail(
                "expects the instruction extent in the K-mode to be %d, but got %d"
                % (self._instruction_k, k)
            )
        if m != 64 or not (8 <= n <= 256 and n % 8 == 0):
            fail("expects the instruction shape to be (64, N) with 8 <= N <= 256, N a multiple of 8")

    def __setattr__(self, name, value):
        raise AttributeError("the operation is frozen")

    def _fields(self):
        return tuple(getattr(self, f) for f in _GmmaOp.__slots__)

    def __eq__(self, other):
        return type(self) is type(other) and self._fields() == other._fields()

    def __hash__(self):
        return hash((type(self).__name__, self._fields()))

    def __repr__(self):
        return "%s(%s)" % (
            type(self).__name__,
            ", ".join("%s=%r" % (f, getattr(self, f)) for f in _GmmaOp.__slots__),
        )

    def _src(self):
        return "SS" if self.a_src is OperandSource.SMEM else "RS"


class MmaF16BF16Op(_GmmaOp):
    """F16/BF16 GMMA (sm_90a): C++ ``SM90_64xNx16_{C}{A}{B}_{SS,RS}<GMMA::Major::.., ..>``."""

    __slots__ = ()

    def __init__(self, ab_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode):
        super().__init__(ab_dtype, ab_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode)
        if self.a_dtype not in (_t.Float16, _t.BFloat16):
            fail("expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16")
        if self.acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32")
        if self.a_dtype is _t.BFloat16 and self.acc_dtype is not _t.Float32:
            fail("expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16")

    def atom_name(self) -> str:
        m, n, k = self.shape_mnk
        ab, c = token(self.a_dtype), token(self.acc_dtype)
        major = lambda mode: "GMMA::Major::" + ("K" if mode is OperandMajorMode.K else "MN")  # noqa: E731
        return "SM90_%dx%dx%d_%s%s%s_%s<%s,%s>" % (
            m, n, k, c, ab, ab, self._src(), major(self.a_major_mode), major(self.b_major_mode)
        )


class MmaF8Op(_GmmaOp):
    """FP8 GMMA (sm_90a): C++ ``SM90_64xNx32_{C}{A}{B}_{SS,RS}_TN`` (K-major operands only)."""

    __slots__ = ()
    _instruction_k = 32

    def __init__(self, a_dtype, b_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode):
        super().__init__(a_dtype, b_dtype, acc_dtype, instruction_shape, a_src, a_major_mode, b_major_mode)
        for name, t in (("a_dtype", self.a_dtype), ("b_dtype", self.b_dtype)):
            if t not in (_t.Float8E4M3FN, _t.Float8E5M2):
                fail("expects the '%s' Op parameter to be one of Float8E4M3FN or Float8E5M2" % name)
        if self.acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32")
        if self.a_major_mode is not OperandMajorMode.K or self.b_major_mode is not OperandMajorMode.K:
            fail("expects the 'a_major_mode' and 'b_major_mode' Op parameters to be K for FP8 GMMA")

    def atom_name(self) -> str:
        m, n, k = self.shape_mnk
        return "SM90_%dx%dx%d_%s%s%s_%s_TN" % (
            m, n, k, token(self.acc_dtype), token(self.a_dtype), token(self.b_dtype), self._src()
        )


__all__ = ["OperandMajorMode", "OperandSource", "MmaF16BF16Op", "MmaF8Op"]
