"""The CuTe DSL's operations (``cute.nvgpu.*Op``) as names of the engine's atoms.

An MMA operation of the DSL is one MMA atom of CuTe C++ (``MmaF16BF16Op(Float16, Float32,
(16,8,16))`` is ``SM80_16x8x16_F32F16F16F32_TN``); a copy operation with the element type and
the bits per copy that ``make_copy_atom`` adds is one copy operation of CuTe C++
(``LdMatrix8x8x16bOp(num_matrices=4)`` is ``SM75_U32x4_LDSM_N``). Here is only that naming and
the DSL's checks of the operation's parameters (with the DSL's wording); the atoms and all
their layouts are the engine's catalog's.
"""

from __future__ import annotations

from .._errors import CuteTypeError, CuteValueError
from ..cutlass import Numeric

# the element types' letters in CuTe C++'s atom names
_TOKEN = {
    "Float16": "F16",
    "BFloat16": "BF16",
    "Float32": "F32",
    "TFloat32": "TF32",
    "Float64": "F64",
    "Float8E4M3FN": "E4M3",
    "Float8E5M2": "E5M2",
    "Int8": "S8",
    "Uint8": "U8",
    "Int32": "S32",
}


def token(dtype):
    """The letters of an element type in CuTe C++'s MMA atom names (Float16: ``F16``)."""
    return _TOKEN[dtype.__name__]


def check_dtype(value, param):
    """An Op parameter that must be an element type."""
    if not (isinstance(value, type) and issubclass(value, Numeric)):
        raise CuteTypeError(
            "expects the '%s' Op parameter to be an element type such as cutlass.Float16, got %r"
            % (param, value)
        )


def fail(message):
    """An Op parameter the DSL refuses: its message."""
    raise CuteValueError(message)


def shape_tuple(shape):
    """A shape_mnk as a tuple of ints (a list reads as the tuple)."""
    if isinstance(shape, list):
        shape = tuple(shape)
    return shape


class Op:
    """An operation of the CuTe DSL."""

    __slots__ = ()


class MmaOp(Op):
    """An MMA operation: ``make_mma_atom(op)`` is the engine's ``mma_atom(NAME)``."""

    __slots__ = ()

    def atom_name(self) -> str:
        """The CuTe C++ MMA atom this operation is (a name of the engine's catalog)."""
        raise NotImplementedError

    @property
    def _cute_value_(self):
        # what the engine reads where the operation is an argument: the atom's name
        return self.atom_name()


class CopyOp(Op):
    """A copy operation: ``make_copy_atom(op, dtype, num_bits_per_copy=...)`` is the engine's
    ``copy_atom(OP, TYPE)``."""

    __slots__ = ()

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        """The CuTe C++ copy operation this is, for elements of ``dtype``."""
        raise NotImplementedError


def uint_of_bits(bits, what):
    """CuTe C++'s unsigned type of that many bits (the one-thread copies' template argument)."""
    if bits not in (8, 16, 32, 64, 128):
        fail("expects %s to be 8, 16, 32, 64 or 128 bits, got %r" % (what, bits))
    return "uint%d_t" % bits
