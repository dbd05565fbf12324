"""The CuTe DSL's operations (``cute.nvgpu.*Op``), as the engine makes them.

Each class here is a name only: the engine (``cute::eval::nvgpu``, through
``_native.nvgpu_op``) binds an operation's arguments to the DSL's parameters, checks them with
the DSL's messages, prints the operation as the DSL prints it, and names the CuTe C++ atom it is
(``MmaF16BF16Op(Float16, Float32, (16,8,16))`` is ``SM80_16x8x16_F32F16F16F32_TN``;
``LdMatrix8x8x16bOp(num_matrices=4)`` with ``make_copy_atom``'s element type is
``SM75_U32x4_LDSM_N``). The atoms and their layouts are the engine's catalog's.
"""

from __future__ import annotations

import enum

from .. import _native
from ..cutlass import Numeric


def engine_arg(value):
    """An argument as the engine reads it: an element type by its DSL name
    (``cutlass.Float16``), an enumeration's member by its name (``OperandMajorMode.K``)."""
    if isinstance(value, type) and issubclass(value, Numeric):
        return "cutlass." + value.__name__
    if isinstance(value, enum.Enum):
        return "%s.%s" % (type(value).__name__, value.name)
    return value


class Op:
    """An operation of the CuTe DSL: ``cute.nvgpu.PATH(*args, **kwargs)``, made and checked by
    the engine."""

    __slots__ = ("_args", "_kwargs", "_printed", "_given")
    #: the class's path under ``cute.nvgpu`` (``warp.MmaF16BF16Op``)
    _path = ""

    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "_given", (args, dict(kwargs)))
        args = tuple(engine_arg(a) for a in args)
        kwargs = {k: engine_arg(v) for k, v in kwargs.items()}
        printed = _native.nvgpu_op(self._path, args, kwargs)
        object.__setattr__(self, "_args", args)
        object.__setattr__(self, "_kwargs", kwargs)
        object.__setattr__(self, "_printed", printed)

    @property
    def _cute_op_(self):
        # what the engine reads where the operation is an argument: the engine's operation
        return (self._path, self._args, self._kwargs)

    def _ask(self, want, copy_type=None, num_bits=None):
        return _native.nvgpu_op(self._path, self._args, self._kwargs, want, copy_type, num_bits)

    def __setattr__(self, name, value):
        raise AttributeError("the operation is frozen")

    def __str__(self) -> str:
        return self._printed

    def __repr__(self) -> str:
        args, kwargs = self._given
        name = lambda v: v.__name__ if isinstance(v, type) else repr(v)  # noqa: E731
        items = [name(a) for a in args] + ["%s=%s" % (k, name(v)) for k, v in kwargs.items()]
        return "%s(%s)" % (type(self).__name__, ", ".join(items))

    def __eq__(self, other):
        return type(self) is type(other) and str(self) == str(other)

    def __hash__(self):
        return hash((type(self).__name__, str(self)))


class MmaOp(Op):
    """An MMA operation: ``make_mma_atom(op)`` is the engine's ``mma_atom(NAME)``."""

    __slots__ = ()

    def atom_name(self) -> str:
        """The CuTe C++ MMA atom this operation is (a name of the engine's catalog)."""
        return self._ask("mma")


class CopyOp(Op):
    """A copy operation: ``make_copy_atom(op, dtype, num_bits_per_copy=...)`` is the engine's
    ``copy_atom(OP, TYPE)``."""

    __slots__ = ()

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        """The CuTe C++ copy operation this is, for elements of ``dtype``."""
        return self._ask("copy", engine_arg(dtype), num_bits_per_copy)


class TmaCopyOp(Op):
    """A TMA copy operation: ``make_tiled_tma_atom(op, ...)`` is the engine's
    ``make_tma_atom(OP, ...)`` of the CuTe C++ operation it names."""

    __slots__ = ()

    def tma_op_name(self) -> str:
        """The CuTe C++ TMA operation (``SM90_TMA_LOAD``, ...)."""
        return self._ask("tma")


def operation(base, path, doc):
    """The DSL's class ``cute.nvgpu.PATH`` (the engine's operation of that path)."""
    name = path.rsplit(".", 1)[-1]
    module = __name__.rsplit(".", 1)[0] + ("." + path.rsplit(".", 1)[0] if "." in path else "")
    return type(name, (base,), {"__slots__": (), "_path": path, "__doc__": doc, "__module__": module})


class _NamedEnum(enum.Enum):
    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __repr__(self) -> str:
        return "<%s.%s>" % (type(self).__name__, self.name)
