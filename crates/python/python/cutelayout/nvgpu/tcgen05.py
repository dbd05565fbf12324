"""``cute.nvgpu.tcgen05`` of the CuTe DSL: Blackwell's UMMA (``tcgen05.mma``), as C++
``SM100_MMA_*`` atoms of the engine's catalog (``SM100_MMA_F16BF16_SS<half_t,half_t,float,
128,256,UMMA::Major::K,UMMA::Major::K>``; ``_TS`` for A in tensor memory, ``_2x1SM_`` for a
CTA pair).

Here are the dense operations the engine models: ``MmaTF32Op``, ``MmaF16BF16Op``,
``MmaI8Op``, ``MmaFP8Op`` and ``MmaF8F6F4Op``. The block-scaled and sparse operations of the
DSL (``MmaMXF8Op``, ``MmaMXF4Op``, ``MmaF16BF16SparseOp``, ...) are not here.

CuTe C++ writes the stride of a mode of size 1 as 0 where the DSL prints another
(``tv_layout_A`` of ``MmaF16BF16Op(Float16, Float32, (128,256,16), ...)`` is
``(1,(128,16)):(0,(1,128))`` here, ``(1,(128,16)):(128,(1,128))`` in the DSL): the same layout
as a function.
"""

from __future__ import annotations

import enum

from .. import cutlass as _t
from . import OperandMajorMode
from ._ops import MmaOp, check_dtype, fail, shape_tuple


class OperandSource(enum.Enum):
    """Where operand A comes from: tensor memory (``TMEM``, a ``_TS`` atom) or shared memory
    (``SMEM``, ``_SS``)."""

    TMEM = "tmem"
    SMEM = "smem"

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __repr__(self) -> str:
        return "<%s.%s>" % (type(self).__name__, self.name)


class CtaGroup(enum.Enum):
    """The ``cta_group`` of the MMA: one CTA (``ONE``) or a CTA pair (``TWO``, a ``_2x1SM_``
    atom)."""

    ONE = 1
    TWO = 2

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __repr__(self) -> str:
        return "<%s.%s>" % (type(self).__name__, self.name)


_FIELDS = (
    "a_dtype",
    "b_dtype",
    "acc_dtype",
    "shape_mnk",
    "cta_group",
    "a_src",
    "a_major_mode",
    "b_major_mode",
)


class _UmmaOp(MmaOp):
    """A dense tcgen05 MMA: the DSL's checks of its parameters, and the C++ atom it is."""

    __slots__ = _FIELDS
    #: the C++ family, without the CTA-pair and operand-source parts
    _family = ""
    #: the instruction's K
    _instruction_k = 16

    def __init__(self, a_dtype, b_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode):
        shape = shape_tuple(instruction_shape)
        if isinstance(shape, tuple) and len(shape) == 2:
            shape = (*shape, self._instruction_k)
        if isinstance(a_major_mode, str):
            a_major_mode = OperandMajorMode(a_major_mode)
        if isinstance(b_major_mode, str):
            b_major_mode = OperandMajorMode(b_major_mode)
        for name, value in zip(
            _FIELDS, (a_dtype, b_dtype, acc_dtype, shape, cta_group, a_src, a_major_mode, b_major_mode)
        ):
            object.__setattr__(self, name, value)
        check_dtype(a_dtype, "a_dtype")
        check_dtype(b_dtype, "b_dtype")
        check_dtype(acc_dtype, "acc_dtype")
        if not isinstance(cta_group, CtaGroup):
            fail("expects the 'cta_group' Op parameter to be a tcgen05.CtaGroup instance")
        if not isinstance(a_src, OperandSource):
            fail("expects the 'a_src' Op parameter to be a tcgen05.OperandSource instance")
        for name, mode in (("a_major_mode", a_major_mode), ("b_major_mode", b_major_mode)):
            if not isinstance(mode, OperandMajorMode):
                fail("expects the '%s' Op parameter to be a cute.nvgpu.OperandMajorMode instance" % name)
        if not (
            isinstance(shape, tuple) and len(shape) == 3 and all(isinstance(x, int) for x in shape)
        ):
            fail(
                "expected a flat rank 2 or 3 tuple for the 'shape_mnk' Op parameter, but got %r"
                % (instruction_shape,)
            )
        m, n, k = shape
        eight_bit_mn = b_dtype.width == 8 and b_major_mode is OperandMajorMode.MN
        if cta_group is CtaGroup.ONE:
            if m not in (64, 128):
                fail("expects the M-mode to be 64 or 128, but got %d" % m)
            lo = 16 if eight_bit_mn else 8
        else:
            if m not in (128, 256):
                fail("expects the M-mode to be 128 or 256, but got %d" % m)
            lo = 32 if eight_bit_mn else 16
        if n < lo or n > 256 or n % lo != 0:
            fail("expects the N-mode to satisfy %d <= N <= 256 and N %% %d == 0, but got %d" % (lo, lo, n))
        if k != self._instruction_k:
            fail(
                "expects the instruction extent in the K-mode to be %d, but got %d"
                % (self._instruction_k, k)
            )
        if a_src is OperandSource.TMEM and a_major_mode is not OperandMajorMode.K:
            fail("expects A to be K-major when 'a_src' is OperandSource.TMEM")

    def __setattr__(self, name, value):
        raise AttributeError("the operation is frozen")

    def _fields(self):
        return tuple(getattr(self, f) for f in _FIELDS)

    def __eq__(self, other):
        return type(self) is type(other) and self._fields() == other._fields()

    def __hash__(self):
        return hash((type(self).__name__, self._fields()))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % (f, getattr(self, f)) for f in _FIELDS))

    def atom_name(self) -> str:
        m, n, _ = self.shape_mnk
        pair = "_2x1SM" if self.cta_group is CtaGroup.TWO else ""
        src = "TS" if self.a_src is OperandSource.TMEM else "SS"

        def major(mode):
            return "UMMA::Major::" + ("K" if mode is OperandMajorMode.K else "MN")

        return "SM100_MMA_%s%s_%s<%s,%s,%s,%d,%d,%s,%s>" % (
            self._family,
            pair,
            src,
            self.a_dtype._cute_value_,
            self.b_dtype._cute_value_,
            self.acc_dtype._cute_value_,
            m,
            n,
            major(self.a_major_mode),
            major(self.b_major_mode),
        )


class MmaTF32Op(_UmmaOp):
    """TF32 UMMA (``.kind::tf32``): C++ ``SM100_MMA_TF32_{SS,TS}`` (K = 8)."""

    __slots__ = ()
    _family = "TF32"
    _instruction_k = 8

    def __init__(self, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode):
        super().__init__(
            _t.TFloat32, _t.TFloat32, _t.Float32, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode
        )


class MmaF16BF16Op(_UmmaOp):
    """F16/BF16 UMMA (``.kind::f16``): C++ ``SM100_MMA_F16BF16_{SS,TS}`` (K = 16)."""

    __slots__ = ()
    _family = "F16BF16"

    def __init__(self, ab_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode):
        check_dtype(ab_dtype, "ab_dtype")
        check_dtype(acc_dtype, "acc_dtype")
        if ab_dtype not in (_t.Float16, _t.BFloat16):
            fail("expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16")
        if acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32")
        super().__init__(ab_dtype, ab_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode)


class MmaI8Op(_UmmaOp):
    """8-bit integer UMMA (``.kind::i8``): C++ ``SM100_MMA_S8_{SS,TS}`` with an ``int32_t``
    accumulator (K = 32)."""

    __slots__ = ()
    _family = "S8"
    _instruction_k = 32

    def __init__(self, ab_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode):
        check_dtype(ab_dtype, "ab_dtype")
        if ab_dtype not in (_t.Int8, _t.Uint8):
            fail("expects the 'ab_dtype' Op parameter to be one of Int8 or Uint8")
        super().__init__(ab_dtype, ab_dtype, _t.Int32, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode)


_F8 = (_t.Float8E4M3FN, _t.Float8E5M2)
_F8F6F4 = _F8 + (_t.Float6E2M3FN, _t.Float6E3M2FN, _t.Float4E2M1FN)


class MmaFP8Op(_UmmaOp):
    """FP8 UMMA (``.kind::f8f6f4`` on 8-bit types): C++ ``SM100_MMA_F8F6F4_{SS,TS}``
    (K = 32)."""

    __slots__ = ()
    _family = "F8F6F4"
    _instruction_k = 32

    def __init__(self, ab_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode):
        check_dtype(ab_dtype, "ab_dtype")
        check_dtype(acc_dtype, "acc_dtype")
        if ab_dtype not in _F8:
            fail("expects the 'ab_dtype' Op parameter to be one of Float8E4M3FN or Float8E5M2")
        if acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32")
        super().__init__(ab_dtype, ab_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode)


class MmaF8F6F4Op(_UmmaOp):
    """FP8/FP6/FP4 UMMA (``.kind::f8f6f4``, A and B of their own types): C++
    ``SM100_MMA_F8F6F4_{SS,TS}`` (K = 32)."""

    __slots__ = ()
    _family = "F8F6F4"
    _instruction_k = 32

    def __init__(self, a_dtype, b_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode):
        for name, t in (("a_dtype", a_dtype), ("b_dtype", b_dtype)):
            check_dtype(t, name)
            if t not in _F8F6F4:
                fail(
                    "expects the '%s' Op parameter to be one of Float8E4M3FN, Float8E5M2, "
                    "Float6E2M3FN, Float6E3M2FN or Float4E2M1FN" % name
                )
        check_dtype(acc_dtype, "acc_dtype")
        if acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32")
        super().__init__(a_dtype, b_dtype, acc_dtype, instruction_shape, cta_group, a_src, a_major_mode, b_major_mode)


__all__ = [
    "OperandSource",
    "CtaGroup",
    "MmaTF32Op",
    "MmaF16BF16Op",
    "MmaI8Op",
    "MmaFP8Op",
    "MmaF8F6F4Op",
]
