"""The exceptions of cutelayout: every error of cute's engine is a CuteError.

Each carries the engine's ``message``, its ``kind`` ("value", "overflow", "condition", "law",
"limit", "syntax"), the ``statement`` the call stands for in cute's notation (its arguments
written out), the ``span`` (start, end) in that statement the message points at, the
``argument`` it is about (a position, a keyword's name or "self") when it is one, and
``caret``: the statement with a caret under the span, as the ``cute`` command line shows it.
"""

from __future__ import annotations


class CuteError(Exception):
    """An error of cute's engine (the base of all of cutelayout's exceptions)."""

    kind = "value"

    def __init__(self, message, *, kind=None, statement=None, span=None, argument=None, caret=None):
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind
        self.statement = statement
        self.span = span
        self.argument = argument
        self.caret = caret

    def __str__(self):
        return self.message


class CuteSyntaxError(CuteError, ValueError):
    """Text that does not parse (``read``)."""

    kind = "syntax"


class CuteTypeError(CuteError, TypeError):
    """A wrong type or number of arguments, or an unknown keyword argument."""


class CuteValueError(CuteError, ValueError):
    """An argument the operation does not take."""


class CuteOverflowError(CuteError, OverflowError):
    """A 64-bit overflow, an integer beyond 64 bits, or a division by zero."""

    kind = "overflow"


class ConditionError(CuteValueError):
    """A precondition of the operation (CuTe's static_assert) does not hold."""

    kind = "condition"


class LawError(CuteValueError):
    """CuTe's result would break the operation's defining law: refused."""

    kind = "law"


class LimitError(CuteError):
    """A limit on sizes, nesting or time was reached."""

    kind = "limit"


__all__ = [
    "CuteError",
    "CuteSyntaxError",
    "CuteTypeError",
    "CuteValueError",
    "CuteOverflowError",
    "ConditionError",
    "LawError",
    "LimitError",
]


class LawWarning(UserWarning):
    """CuTe's answer breaks the law of the function called (SPEC §3): the value returned is
    CuTe's all the same, as the ``cute`` command line prints it with a warning. Turn it into
    an error with ``warnings.simplefilter("error", cutelayout.LawWarning)`` (the CLI's
    ``--strict``)."""
