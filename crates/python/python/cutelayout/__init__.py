"""cutelayout: CuTe's layout algebra, eagerly.

The functions of this module have the CuTe DSL's names, arguments and keywords, and answer as
the DSL does, outside ``@cute.jit``::

    >>> import cutelayout as cute
    >>> a = cute.make_layout((12, (4, 8)), stride=(59, (13, 1)))
    >>> print(cute.composition(a, (cute.make_layout(3, stride=4), cute.make_layout(8, stride=2))))
    (3,(2,4)):(236,(26,1))

Every function of ``cute``'s function table is here (C++-only names under their C++ names):
each call runs through the engine of the ``cute`` calculator (its Rust core), the same
algebra, checks and messages as ``cute eval``. Integers and tuples go in, and come out as
Python ints and tuples; layouts, swizzles, tensors and atoms are objects (``Layout``,
``ComposedLayout``, ``Swizzle``, ``Tensor``, ``MmaAtom``, ``TiledMma``, ``CopyAtom``,
``TiledCopy`` ...) that print in CuTe's notation. Errors are ``CuteError``s.
"""

from __future__ import annotations

from . import _native
from ._errors import (
    ConditionError,
    CuteError,
    CuteOverflowError,
    CuteSyntaxError,
    CuteTypeError,
    CuteValueError,
    LawError,
    LawWarning,
    LimitError,
)
from ._native import (
    ComposedLayout,
    Function,
    CopyAtom,
    Layout,
    MmaAtom,
    Swizzle,
    Tensor,
    ThrCopy,
    ThrMma,
    TiledCopy,
    TiledMma,
    Value,
)

__version__ = "0.1.0"

_call = _native.call

# Names of the table that are also Python builtins: module attributes (``cute.max``), but
# left out of ``from cutelayout import *``.
_BUILTIN_NAMES = frozenset(
    ["abs", "filter", "max", "min", "slice", "sum", "zip", "reversed", "round"]
)


def _doc(name, signature, summary, example, explained):
    lines = [signature, "", summary[:1].upper() + summary[1:] + ("" if summary.endswith(".") else ".")]
    if example:
        lines += [
            "",
            "Example, in cute's notation (``cutelayout.read`` evaluates it; "
            "``cutelayout.describe(%r)`` shows its result)::" % name,
            "",
            "    " + example,
        ]
    if explained:
        lines += ["", "``cutelayout.explain(%s, ...)`` derives a call step by step." % name]
    return "\n".join(lines)


def _function(name, doc=None):
    # a native callable (no Python frame between the call and the engine)
    f = _native.Function(name)
    f.__doc__ = doc
    return f


_FUNCTIONS = {}
for _name, _sig, _summary, _example, _explained, _params, _arity in _native.functions():
    if _name not in _FUNCTIONS and _name.isidentifier():
        _FUNCTIONS[_name] = _function(_name, _doc(_name, _sig, _summary, _example, _explained))
globals().update(_FUNCTIONS)


def __getattr__(name):
    """Another name the table answers to (an alias: ``group_modes``, ``make_tiled_mma``, ...),
    or the submodules ``nvgpu`` and ``runtime`` (imported on first use)."""
    if name in ("nvgpu", "runtime"):
        import importlib

        return importlib.import_module("." + name, __name__)
    target = _native.lookup(name) if name.isidentifier() and not name.startswith("__") else None
    if target is None:
        raise AttributeError("module 'cutelayout' has no attribute %r" % name)
    f = _function(name, _FUNCTIONS[target].__doc__ if target in _FUNCTIONS else None)
    globals()[name] = f
    return f


# The DSL's atoms from its operations (``cute.nvgpu``): an operation names a CuTe C++ atom of
# the engine's catalog, and these make the engine's atom of it.
# (``cutelayout.nvgpu`` is imported on first use: ``__getattr__``, to keep the import quick)
from . import cutlass  # noqa: E402
from .cutlass import (  # noqa: E402
    BFloat16,
    Float4E2M1FN,
    Float6E2M3FN,
    Float6E3M2FN,
    Float8E4M3FN,
    Float8E5M2,
    Float8E8M0FNU,
    Float16,
    Float32,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    Numeric,
    TFloat32,
    Uint8,
    Uint16,
    Uint32,
    Uint64,
)

class AddressSpace:
    """The CuTe DSL's address spaces (``cute.AddressSpace.gmem``, ``.smem``, ``.rmem``,
    ``.generic``), for ``make_ptr(dtype, address, space)``: the engine reads the name."""

    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name = name
        self.value = value

    @property
    def _cute_value_(self):
        return "AddressSpace." + self.name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return "<AddressSpace.%s: %d>" % (self.name, self.value)


for _name, _value in (("generic", 0), ("gmem", 1), ("smem", 3), ("rmem", 5)):
    setattr(AddressSpace, _name, AddressSpace(_name, _value))


_make_copy_atom = _FUNCTIONS["make_copy_atom"]


def make_copy_atom(op, copy_internal_type, *args, **kwargs):
    # the table's make_copy_atom (`cute::eval::nvgpu`), the element type given by its DSL name
    # (a cutlass class stands for its C++ name elsewhere: `_cute_value_`)
    from .nvgpu._ops import engine_arg

    return _make_copy_atom(op, engine_arg(copy_internal_type), *args, **kwargs)


make_copy_atom.__doc__ = _make_copy_atom.__doc__

#: The functions written here over the table's (the DSL's atoms from its operations:
#: make_mma_atom and make_tiled_mma are the table's, make_copy_atom reads it; the operations
#: are the engine's, `cute::eval::nvgpu`).
_DSL_FUNCTIONS = ("make_copy_atom",)


def read(text):
    """Evaluate a statement in ``cute``'s notation, CuTe C++ or the DSL: ``read("(4,8):(8,1)")``."""
    return _native.read(text)


def _from_notation(text):
    # pickling: a value is stored as its notation, which reads back exactly
    return _native.read(text)


def explain(function, *args, **kwargs):
    """The derivation of a call, step by step, as ``cute explain`` writes it.

    ``explain(cute.logical_divide, layout, tiler)`` (or the function's name as a string).
    """
    name = function if isinstance(function, str) else getattr(function, "__name__", None)
    if not isinstance(name, str):
        raise CuteTypeError("explain takes a function of cutelayout or its name, got %r" % (function,))
    return _native.explain(name, *args, **kwargs)


def describe(name):
    """The help of a function (or a topic) as ``cute help NAME`` prints it, its example computed."""
    if not isinstance(name, str):
        name = getattr(name, "__name__", str(name))
    text = _native.help_text(name)
    if text is None:
        raise CuteValueError("no function or help topic named %r" % name)
    return text


__all__ = sorted(
    [n for n in _FUNCTIONS if n not in _BUILTIN_NAMES]
    + [
        "read",
        "explain",
        "cutlass",
        "nvgpu",
        "runtime",
        "Numeric",
        "AddressSpace",
        *_DSL_FUNCTIONS,
        *(t.__name__ for t in cutlass.NUMERIC_TYPES),
        "describe",
        "Value",
        "Function",
        "Layout",
        "ComposedLayout",
        "Swizzle",
        "Tensor",
        "MmaAtom",
        "TiledMma",
        "ThrMma",
        "CopyAtom",
        "TiledCopy",
        "ThrCopy",
        "CuteError",
        "CuteSyntaxError",
        "CuteTypeError",
        "CuteValueError",
        "CuteOverflowError",
        "ConditionError",
        "LawError",
        "LawWarning",
        "LimitError",
    ]
)
