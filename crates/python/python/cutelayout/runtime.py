"""The CuTe DSL's ``cute.runtime`` placeholders for ``cute.compile`` without data, eagerly:
``make_fake_compact_tensor``, ``make_fake_tensor`` and ``make_fake_stream`` are the functions of
the same names in ``cutelayout`` (the engine's function table), their values printed as the DSL
prints them (``FakeTensor<Float32, (?{div=1},), (1,)>``, ``FakeStream``). A symbolic extent is
``cutelayout.sym_int()`` (``?{div=1}``)."""

from __future__ import annotations

from . import _FUNCTIONS

make_fake_compact_tensor = _FUNCTIONS["make_fake_compact_tensor"]
make_fake_tensor = _FUNCTIONS["make_fake_tensor"]
make_fake_stream = _FUNCTIONS["make_fake_stream"]

__all__ = ["make_fake_compact_tensor", "make_fake_tensor", "make_fake_stream"]
