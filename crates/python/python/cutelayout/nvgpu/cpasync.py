"""``cute.nvgpu.cpasync`` of the CuTe DSL: the non-bulk ``cp.async`` (``CopyG2SOp``), as C++
``SM80_CP_ASYNC_CACHEALWAYS<T>`` / ``SM80_CP_ASYNC_CACHEGLOBAL<T>``, and the TMA's tiled bulk
copies (``CopyBulkTensorTileG2SOp``, ``CopyBulkTensorTileG2SMulticastOp``,
``CopyBulkTensorTileS2GOp``) as C++ ``SM90_TMA_LOAD``, ``SM90_TMA_LOAD_MULTICAST``,
``SM100_TMA_2SM_LOAD[_MULTICAST]`` and ``SM90_TMA_STORE``, whose atoms
``make_tiled_tma_atom`` makes (the engine's ``make_tma_atom``)."""

from __future__ import annotations

from ._ops import CopyOp, TmaCopyOp, _NamedEnum, operation
from .tcgen05 import CtaGroup


class LoadCacheMode(_NamedEnum):
    """The cache mode of a non-bulk ``cp.async``."""

    ALWAYS = "always"
    GLOBAL = "global"
    STREAMING = "streaming"
    LAST_USE = "last_use"
    NONE = "none"


CopyG2SOp = operation(CopyOp, "cpasync.CopyG2SOp", "CopyG2SOp(cache_mode=LoadCacheMode.ALWAYS): cp.async, C++ SM80_CP_ASYNC_CACHEALWAYS<uintN_t> (GLOBAL: SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>).")
CopyBulkTensorTileG2SOp = operation(TmaCopyOp, "cpasync.CopyBulkTensorTileG2SOp", "CopyBulkTensorTileG2SOp(cta_group=CtaGroup.ONE): the TMA's tiled load, C++ SM90_TMA_LOAD (TWO: SM100_TMA_2SM_LOAD).")
CopyBulkTensorTileG2SMulticastOp = operation(TmaCopyOp, "cpasync.CopyBulkTensorTileG2SMulticastOp", "CopyBulkTensorTileG2SMulticastOp(cta_group=CtaGroup.ONE): C++ SM90_TMA_LOAD_MULTICAST (TWO: SM100_TMA_2SM_LOAD_MULTICAST).")
CopyBulkTensorTileS2GOp = operation(TmaCopyOp, "cpasync.CopyBulkTensorTileS2GOp", "CopyBulkTensorTileS2GOp(): the TMA's tiled store, C++ SM90_TMA_STORE.")


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
    from .. import _native

    return _native.nvgpu_tma_atom((op, gmem_tensor, smem_layout, cta_tiler, num_multicast), kwargs)


__all__ = [
    "LoadCacheMode",
    "CopyG2SOp",
    "TmaCopyOp",
    "CopyBulkTensorTileG2SOp",
    "CopyBulkTensorTileG2SMulticastOp",
    "CopyBulkTensorTileS2GOp",
    "make_tiled_tma_atom",
]
