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
    """Another name the table answers to (an alias: ``group_modes``, ``make_tiled_mma``, ...)."""
    target = _native.lookup(name) if name.isidentifier() and not name.startswith("__") else None
    if target is None:
        raise AttributeError("module 'cutelayout' has no attribute %r" % name)
    f = _function(name, _FUNCTIONS[target].__doc__ if target in _FUNCTIONS else None)
    globals()[name] = f
    return f


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
        "LimitError",
    ]
)
