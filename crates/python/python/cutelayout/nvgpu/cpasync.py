"""``cute.nvgpu.cpasync`` of the CuTe DSL: the non-bulk ``cp.async`` (``CopyG2SOp``), as C++
``SM80_CP_ASYNC_CACHEALWAYS<T>`` / ``SM80_CP_ASYNC_CACHEGLOBAL<T>`` (the TMA operations need
a tensor in global memory, which eager cutelayout has not: they are not here)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._ops import CopyOp, fail, uint_of_bits


class LoadCacheMode(enum.Enum):
    """The cache mode of a non-bulk ``cp.async``."""

    ALWAYS = "always"
    GLOBAL = "global"
    STREAMING = "streaming"
    LAST_USE = "last_use"
    NONE = "none"

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __repr__(self) -> str:
        return "<%s.%s>" % (type(self).__name__, self.name)


@dataclass(frozen=True)
class CopyG2SOp(CopyOp):
    """``cp.async`` from global to shared memory: C++ ``SM80_CP_ASYNC_CACHEALWAYS<uintN_t>``
    (``LoadCacheMode.GLOBAL``: ``SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>``)."""

    cache_mode: LoadCacheMode = LoadCacheMode.ALWAYS

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        bits = dtype.width if num_bits_per_copy is None else num_bits_per_copy
        if self.cache_mode is LoadCacheMode.ALWAYS:
            if bits not in (32, 64, 128):
                fail("cp.async copies 32, 64 or 128 bits, got num_bits_per_copy=%r" % bits)
            return "SM80_CP_ASYNC_CACHEALWAYS<%s>" % uint_of_bits(bits, "num_bits_per_copy")
        if self.cache_mode is LoadCacheMode.GLOBAL:
            if bits != 128:
                fail("cp.async.cg copies 128 bits, got num_bits_per_copy=%r" % bits)
            return "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"
        fail("CopyG2SOp with %s has no CuTe C++ atom in cute's catalog" % self.cache_mode)


__all__ = ["LoadCacheMode", "CopyG2SOp"]
