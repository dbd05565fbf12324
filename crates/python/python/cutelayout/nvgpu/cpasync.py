"""``cute.nvgpu.cpasync`` of the CuTe DSL: the non-bulk ``cp.async`` (``CopyG2SOp``), as C++
``SM80_CP_ASYNC_CACHEALWAYS<T>`` / ``SM80_CP_ASYNC_CACHEGLOBAL<T>``, and the TMA's tiled bulk
copies (``CopyBulkTensorTileG2SOp``, ``CopyBulkTensorTileG2SMulticastOp``,
``CopyBulkTensorTileS2GOp``) as C++ ``SM90_TMA_LOAD``, ``SM90_TMA_LOAD_MULTICAST``,
``SM100_TMA_2SM_LOAD[_MULTICAST]`` and ``SM90_TMA_STORE``, whose atoms
``make_tiled_tma_atom`` makes (the engine's ``make_tma_atom``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._ops import CopyOp, Op, fail, uint_of_bits
from .tcgen05 import CtaGroup


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


class TmaCopyOp(Op):
    """A TMA copy operation: ``make_tiled_tma_atom(op, ...)`` is the engine's
    ``make_tma_atom(OP, ...)`` of the CuTe C++ operation it names."""

    __slots__ = ()

    def tma_op_name(self) -> str:
        """The CuTe C++ TMA operation (``SM90_TMA_LOAD``, ...)."""
        raise NotImplementedError

    @property
    def _cute_value_(self):
        return self.tma_op_name()


def _check_cta_group(cta_group):
    if not isinstance(cta_group, CtaGroup):
        fail("expects the 'cta_group' parameter to be a CtaGroup instance")


@dataclass(frozen=True)
class CopyBulkTensorTileG2SOp(TmaCopyOp):
    """The TMA's tiled load from global to shared memory: C++ ``SM90_TMA_LOAD``
    (``CtaGroup.TWO``: ``SM100_TMA_2SM_LOAD``)."""

    cta_group: CtaGroup = CtaGroup.ONE

    def __post_init__(self) -> None:
        _check_cta_group(self.cta_group)

    def tma_op_name(self) -> str:
        return "SM100_TMA_2SM_LOAD" if self.cta_group is CtaGroup.TWO else "SM90_TMA_LOAD"


@dataclass(frozen=True)
class CopyBulkTensorTileG2SMulticastOp(TmaCopyOp):
    """The TMA's tiled load multicast to the CTAs of a cluster: C++
    ``SM90_TMA_LOAD_MULTICAST`` (``CtaGroup.TWO``: ``SM100_TMA_2SM_LOAD_MULTICAST``)."""

    cta_group: CtaGroup = CtaGroup.ONE

    def __post_init__(self) -> None:
        _check_cta_group(self.cta_group)

    def tma_op_name(self) -> str:
        if self.cta_group is CtaGroup.TWO:
            return "SM100_TMA_2SM_LOAD_MULTICAST"
        return "SM90_TMA_LOAD_MULTICAST"


@dataclass(frozen=True)
class CopyBulkTensorTileS2GOp(TmaCopyOp):
    """The TMA's tiled store from shared to global memory: C++ ``SM90_TMA_STORE``."""

    def tma_op_name(self) -> str:
        return "SM90_TMA_STORE"


def make_tiled_tma_atom(op, gmem_tensor, smem_layout, cta_tiler, num_multicast=1, **kwargs):
    """make_tiled_tma_atom(op, gmem_tensor, smem_layout, cta_tiler, num_multicast=1): the TMA
    copy atom of a TMA operation that moves ``cta_tiler`` tiles of ``gmem_tensor`` to (from) a
    shared-memory buffer of ``smem_layout``: the engine's ``make_tma_atom(OP, GTENSOR, SLAYOUT,
    CTA_TILER, NUM_MULTICAST)``, CuTe C++'s ``make_tma_atom``.

    Like the DSL's, the answer is a pair ``(atom, tma_tensor)``: the TMA's coordinate tensor of
    ``gmem_tensor``'s shape (C++'s ``get_tma_tensor``, ``(0,0) o (1024,256):(1@1,1@0)`` below).

    Example::

        >>> ptr = cute.make_ptr(cute.Float16, 0, cute.AddressSpace.gmem)
        >>> g = cute.make_tensor(ptr, cute.make_layout((1024, 256), stride=(256, 1)))
        >>> atom, _ = cute.nvgpu.cpasync.make_tiled_tma_atom(
        ...     cute.nvgpu.cpasync.CopyBulkTensorTileG2SOp(), g, cute.make_layout((64, 32), stride=(32, 1)), (64, 32))
        >>> atom.layout_src_tv
        (1,2048):(0,1)
    """
    from .. import make_tma_atom

    if not isinstance(op, TmaCopyOp):
        fail("make_tiled_tma_atom expects a TMA operation of cute.nvgpu.cpasync, got %r" % (op,))
    if isinstance(op, CopyBulkTensorTileG2SOp) and num_multicast != 1:
        fail("CopyBulkTensorTileG2SOp does not multicast: use CopyBulkTensorTileG2SMulticastOp")
    atom = make_tma_atom(op.tma_op_name(), gmem_tensor, smem_layout, cta_tiler, num_multicast)
    return atom, atom.get_tma_tensor(gmem_tensor.shape)


__all__ = [
    "LoadCacheMode",
    "CopyG2SOp",
    "TmaCopyOp",
    "CopyBulkTensorTileG2SOp",
    "CopyBulkTensorTileG2SMulticastOp",
    "CopyBulkTensorTileS2GOp",
    "make_tiled_tma_atom",
]
