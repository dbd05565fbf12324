"""Type stubs of cutelayout (written by gen_stubs.py from cute's function table)."""

from typing import Any, Sequence, Tuple, Union

from . import cutlass as cutlass
from . import nvgpu as nvgpu
from . import runtime as runtime
from .cutlass import (
    BFloat16 as BFloat16,
    Float4E2M1FN as Float4E2M1FN,
    Float6E2M3FN as Float6E2M3FN,
    Float6E3M2FN as Float6E3M2FN,
    Float8E4M3FN as Float8E4M3FN,
    Float8E5M2 as Float8E5M2,
    Float8E8M0FNU as Float8E8M0FNU,
    Float16 as Float16,
    Float32 as Float32,
    Float64 as Float64,
    Int8 as Int8,
    Int16 as Int16,
    Int32 as Int32,
    Int64 as Int64,
    Numeric as Numeric,
    TFloat32 as TFloat32,
    Uint8 as Uint8,
    Uint16 as Uint16,
    Uint32 as Uint32,
    Uint64 as Uint64,
)

IntTuple = Union[int, Tuple["IntTuple", ...]]
Arg = Union[int, bool, None, str, "Value", "nvgpu.Op", "type[Numeric]", Sequence[Any]]

class CuteError(Exception):
    message: str
    kind: str
    statement: str | None
    span: Tuple[int, int] | None
    argument: int | str | None
    caret: str | None

class CuteSyntaxError(CuteError, ValueError): ...
class CuteTypeError(CuteError, TypeError): ...
class CuteValueError(CuteError, ValueError): ...
class CuteOverflowError(CuteError, OverflowError): ...
class ConditionError(CuteValueError): ...
class LawError(CuteValueError): ...
class LawWarning(UserWarning): ...
class LimitError(CuteError): ...

class Value:
    """A value of cute's engine; prints in CuTe's notation."""

    @property
    def kind(self) -> str: ...
    def __call__(self, *coord: Arg) -> Any: ...
    def __getitem__(self, key: Any) -> Any: ...
    def __getattr__(self, name: str) -> Any: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def format(self, format: str = "plain") -> str: ...
    def print_layout(self) -> str: ...
    def values(self) -> list[Any]: ...
    def to_numpy(self) -> Any: ...
    def _repr_svg_(self) -> str | None: ...
    def _repr_html_(self) -> str | None: ...

class Layout(Value):
    """A layout shape:stride."""

    @property
    def shape(self) -> IntTuple: ...
    @property
    def stride(self) -> IntTuple: ...

class ComposedLayout(Value):
    """A composed layout Sw o OFF o L."""

    @property
    def shape(self) -> IntTuple: ...
    @property
    def stride(self) -> IntTuple: ...

class Swizzle(Value):
    """A swizzle Sw<B,M,S>."""

class Tensor(Value):
    """A tensor over its own indices (an offset layout, an identity tensor, a swizzled one)."""

    @property
    def layout(self) -> Layout | ComposedLayout: ...
    @property
    def shape(self) -> IntTuple: ...
    @property
    def stride(self) -> IntTuple: ...

class MmaAtom(Value):
    """An MMA atom (the DSL's fields; CuTe C++'s ThrID, Shape_MNK, ALayout ... too)."""

    @property
    def thr_id(self) -> Layout: ...
    @property
    def shape_mnk(self) -> IntTuple: ...
    @property
    def tv_layout_A(self) -> Layout: ...
    @property
    def tv_layout_B(self) -> Layout: ...
    @property
    def tv_layout_C(self) -> Layout: ...

class TiledMma(MmaAtom):
    """A tiled MMA (the DSL's fields; CuTe C++'s get_layoutA_TV ... too)."""

    @property
    def tv_layout_A_tiled(self) -> Layout: ...
    @property
    def tv_layout_B_tiled(self) -> Layout: ...
    @property
    def tv_layout_C_tiled(self) -> Layout: ...
    @property
    def thr_layout_vmnk(self) -> Layout: ...
    @property
    def permutation_mnk(self) -> Tuple[Any, ...]: ...
    @property
    def size(self) -> int: ...
    def get_tile_size(self, mode_idx: int) -> int: ...
    def partition_shape_A(self, shape: IntTuple) -> IntTuple: ...
    def partition_shape_B(self, shape: IntTuple) -> IntTuple: ...
    def partition_shape_C(self, shape: IntTuple) -> IntTuple: ...
    def get_slice(self, thr_idx: int) -> ThrMma: ...
    def thread(self, thr_idx: int) -> ThrMma: ...

class ThrMma(TiledMma):
    def partition_A(self, tensor: Arg) -> Tensor: ...
    def partition_B(self, tensor: Arg) -> Tensor: ...
    def partition_C(self, tensor: Arg) -> Tensor: ...
    def partition_fragment_A(self, tensor: Arg) -> Layout: ...
    def partition_fragment_B(self, tensor: Arg) -> Layout: ...
    def partition_fragment_C(self, tensor: Arg) -> Layout: ...

class CopyAtom(Value):
    """A copy atom (the DSL's fields; CuTe C++'s ThrID, ValLayoutSrc ... too)."""

    @property
    def thr_id(self) -> Layout: ...
    @property
    def layout_src_tv(self) -> Layout: ...
    @property
    def layout_dst_tv(self) -> Layout: ...

class TiledCopy(CopyAtom):
    """A tiled copy (the DSL's fields; CuTe C++'s TiledLayout_TV, Tiler_MN ... too)."""

    @property
    def layout_tv_tiled(self) -> Layout: ...
    @property
    def tiler_mn(self) -> Tuple[Layout, ...]: ...
    @property
    def layout_src_tv_tiled(self) -> Layout: ...
    @property
    def layout_dst_tv_tiled(self) -> Layout: ...
    @property
    def size(self) -> int: ...
    def get_slice(self, thr_idx: int) -> ThrCopy: ...
    def thread(self, thr_idx: int) -> ThrCopy: ...

class ThrCopy(TiledCopy):
    def partition_S(self, tensor: Arg) -> Tensor: ...
    def partition_D(self, tensor: Arg) -> Tensor: ...
    def retile_S(self, tensor: Arg) -> Any: ...
    def retile_D(self, tensor: Arg) -> Any: ...

class Function:
    """A function of cute's function table."""

    __name__: str
    def __call__(self, *args: Arg, **kwargs: Arg) -> Any: ...

def read(text: str) -> Any:
    """Evaluate a statement in cute's notation, CuTe C++ or the DSL."""

def explain(function: Function | str, /, *args: Arg, **kwargs: Arg) -> str:
    """The derivation of a call, step by step, as `cute explain` writes it."""

def describe(name: Function | str) -> str:
    """The help of a function or topic, as `cute help NAME` prints it."""

def make_tiled_mma(
    op_or_atom: nvgpu.MmaOp | MmaAtom | str,
    atom_layout_mnk: Arg = (1, 1, 1),
    permutation_mnk: Arg = None,
    **kwargs: Any,
) -> TiledMma:
    """A tiled MMA of an operation or MMA atom."""

class AddressSpace:
    """The CuTe DSL's address spaces, for make_ptr(dtype, address, space)."""

    name: str
    value: int
    generic: AddressSpace
    gmem: AddressSpace
    smem: AddressSpace
    rmem: AddressSpace

def __getattr__(name: str) -> Function: ...

def size(l: Arg, **kwargs: Arg) -> Any:
    """size(L)

Number of elements of the domain.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('size')`` shows its result)::

    size((4,(2,3)):(1,(4,8)))"""

def cosize(l: Arg, **kwargs: Arg) -> Any:
    """cosize(L)

Size of the codomain, L(size-1)+1 over |strides|.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('cosize')`` shows its result)::

    cosize((4,8):(2,16))"""

def size_in_bytes(dtype: Arg, l: Arg, **kwargs: Arg) -> Any:
    """size_in_bytes(dtype, L)

The bytes of cosize(L) elements of dtype, rounded up (the CuTe DSL's; a swizzled layout's its layout's).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('size_in_bytes')`` shows its result)::

    size_in_bytes(Float16, (4,2):(2,16))"""

def pretty_str(x: Arg, **kwargs: Arg) -> Any:
    """pretty_str(x)

The text print shows for x (the CuTe DSL's cute.pretty_str); here x itself, which print shows as that text.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('pretty_str')`` shows its result)::

    pretty_str((4,2):(2,16))"""

def rank(l: Arg, **kwargs: Arg) -> Any:
    """rank(L)

Number of top-level modes.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('rank')`` shows its result)::

    rank((4,(2,3)):(1,(4,8)))"""

def depth(l: Arg, **kwargs: Arg) -> Any:
    """depth(L)

Nesting depth of the shape.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('depth')`` shows its result)::

    depth((4,(2,3)):(1,(4,8)))"""

def shape(l: Arg, **kwargs: Arg) -> Any:
    """shape(L)

The shape.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('shape')`` shows its result)::

    shape((4,(2,3)):(1,(4,8)))"""

def stride(l: Arg, **kwargs: Arg) -> Any:
    """stride(L)

The stride.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('stride')`` shows its result)::

    stride((4,(2,3)):(1,(4,8)))"""

def get(l: Arg, i: Arg, j: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """get(L, i, j, ...)

The sub-layout (or sub-tuple) of mode i, then j, ...

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('get')`` shows its result)::

    get((4,(2,3)):(1,(4,8)), 1, 0)"""

def compatible(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """compatible(A, B)

Whether A's shape is compatible with B's.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('compatible')`` shows its result)::

    compatible((4,8), ((2,2),8))"""

def congruent(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """congruent(A, B)

Whether A and B have the same profile.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('congruent')`` shows its result)::

    congruent((4,8), (1,4))"""

def bool(x: Arg, **kwargs: Arg) -> Any:
    """bool(x)

An integer (or truth value) as a truth value: whether it is not 0 (C++'s bool(x), a run-time bool printed 1 or 0, as CuTe prints bool(_3{}); the DSL's Python bool, True or False).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('bool')`` shows its result)::

    bool(size(4:1) == 4)"""

def thread0(**kwargs: Arg) -> Any:
    """thread0()

Whether this is thread 0 of block 0 (a run-time bool; cute answers for that thread: true).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('thread0')`` shows its result)::

    thread0()"""

def block0(**kwargs: Arg) -> Any:
    """block0()

Whether this is block 0 (a run-time bool; cute answers for thread 0 of block 0: true).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('block0')`` shows its result)::

    block0()"""

def elect_one_sync(**kwargs: Arg) -> Any:
    """elect_one_sync()

Whether this thread is the one elect.sync elects of its warp (the lowest active lane; a run-time uint32_t; cute answers for thread 0: 1, as CuTe off the GPU).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('elect_one_sync')`` shows its result)::

    elect_one_sync()"""

def canonical_warp_idx_sync(**kwargs: Arg) -> Any:
    """canonical_warp_idx_sync()

Cutlass's warp index of this thread, threadIdx.x / 32 shared by the warp (a run-time int; cute answers for thread 0: 0).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('canonical_warp_idx_sync')`` shows its result)::

    canonical_warp_idx_sync()"""

def __syncthreads(**kwargs: Arg) -> Any:
    """__syncthreads()

CUDA's barrier of the block's threads (a no-op: cute answers for thread 0 alone; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('__syncthreads')`` shows its result)::

    __syncthreads()"""

def __syncwarp(mask: Arg = ..., **kwargs: Arg) -> Any:
    """__syncwarp([mask])

CUDA's barrier of the warp's threads (a no-op: cute answers for thread 0 alone; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('__syncwarp')`` shows its result)::

    __syncwarp()"""

def cp_async_fence(**kwargs: Arg) -> Any:
    """cp_async_fence()

Commits the cp.async copies issued so far to a group (a no-op: cute's copies are done when written; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('cp_async_fence')`` shows its result)::

    cp_async_fence()"""

def cp_async_wait(n: Arg = ..., **kwargs: Arg) -> Any:
    """cp_async_wait(N)

Waits until at most N groups of cp.async copies are pending (C++: cp_async_wait<N>(); a no-op: cute's copies are done when written; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('cp_async_wait')`` shows its result)::

    cp_async_wait(0)"""

def warpgroup_fence_operand(t: Arg, **kwargs: Arg) -> Any:
    """warpgroup_fence_operand(T)

Keeps the compiler from moving a wgmma's register operand T across it (a no-op in cute, which runs no compiler; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('warpgroup_fence_operand')`` shows its result)::

    warpgroup_fence_operand(make_tensor<float>(Layout<_4>{}))"""

def warpgroup_arrive(**kwargs: Arg) -> Any:
    """warpgroup_arrive()

Wgmma.fence: orders the warpgroup's register and shared-memory writes before its next wgmma (a no-op: cute's one thread has written them; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('warpgroup_arrive')`` shows its result)::

    warpgroup_arrive()"""

def warpgroup_commit_batch(**kwargs: Arg) -> Any:
    """warpgroup_commit_batch()

Wgmma.commit_group: commits the wgmmas issued so far to a group (a no-op: cute's gemm is done when written; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('warpgroup_commit_batch')`` shows its result)::

    warpgroup_commit_batch()"""

def warpgroup_wait(n: Arg = ..., **kwargs: Arg) -> Any:
    """warpgroup_wait(N)

Wgmma.wait_group: waits until at most N groups of wgmmas are pending (C++: warpgroup_wait<N>(); a no-op: cute's gemm is done when written; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('warpgroup_wait')`` shows its result)::

    warpgroup_wait(0)"""

def make_layout(shape: Arg, stride: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_layout(SHAPE[, STRIDE | LayoutLeft | LayoutRight]) | make_layout(L0, L1, ...)

A layout from a shape (column-major) and stride, or the concatenation of layouts.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_layout')`` shows its result)::

    make_layout((4,8), LayoutRight)"""

def make_shape(s0: Arg = ..., s1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_shape(s0, s1, ...)

The shape (s0, s1, ...), as C++'s make_shape.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_shape')`` shows its result)::

    make_shape(4, (2,3))"""

def make_stride(d0: Arg = ..., d1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_stride(d0, d1, ...)

The stride (d0, d1, ...), as C++'s make_stride.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_stride')`` shows its result)::

    make_stride(1, (4,8))"""

def make_coord(c0: Arg, c1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_coord(c0, c1, ...)

The coordinate (c0, c1, ...), `_` slicing, as C++'s make_coord.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_coord')`` shows its result)::

    make_coord(1, _)"""

def make_tile(t0: Arg, t1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_tile(t0, t1, ...)

The by-mode tiler <t0, t1, ...> (layouts, integers, shapes, `_`), as C++'s make_tile.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tile')`` shows its result)::

    make_tile(3:4, 8:2)"""

def make_layout_right(shape: Arg, **kwargs: Arg) -> Any:
    """make_layout_right(SHAPE)

The row-major (LayoutRight) layout of a shape.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_layout_right')`` shows its result)::

    make_layout_right((4,8))"""

def make_ordered_layout(shape: Arg, order: Arg, **kwargs: Arg) -> Any:
    """make_ordered_layout(SHAPE, ORDER)

Compact layout whose modes are ordered by ORDER.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_ordered_layout')`` shows its result)::

    make_ordered_layout((4,8,2), (1,0,2))"""

def flatten(l: Arg, **kwargs: Arg) -> Any:
    """flatten(L)

The layout with all nesting removed.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('flatten')`` shows its result)::

    flatten((4,(2,3)):(1,(4,8)))"""

def group(l: Arg, b: Arg, e: Arg, **kwargs: Arg) -> Any:
    """group(L, b, e)

Modes [b, e) gathered into one mode.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('group')`` shows its result)::

    group((2,3,4):(1,2,6), 0, 2)"""

def select(l: Arg, i: Arg, *more: Arg, **kwargs: Arg) -> Any:
    """select(L, i, ...)

The chosen modes, in order.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('select')`` shows its result)::

    select((2,3,4):(1,2,6), 2, 0)"""

def take(l: Arg, b: Arg, e: Arg, **kwargs: Arg) -> Any:
    """take(L, b, e)

Modes [b, e).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('take')`` shows its result)::

    take((2,3,4):(1,2,6), 1, 3)"""

def append(l: Arg, elem: Arg = ..., up_to_rank: Arg = ..., **kwargs: Arg) -> Any:
    """append(L[, ELEM][, UP_TO_RANK])

L with the mode ELEM (default 1:0) added at the end; with UP_TO_RANK (C++: append<N>(L, X)), padded with ELEM to that rank.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('append')`` shows its result)::

    append((4,8):(1,4), 2:32)"""

def prepend(l: Arg, elem: Arg = ..., up_to_rank: Arg = ..., **kwargs: Arg) -> Any:
    """prepend(L[, ELEM][, UP_TO_RANK])

L with the mode ELEM (default 1:0) added at the front; with UP_TO_RANK (C++: prepend<N>(L, X)), padded with ELEM to that rank.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('prepend')`` shows its result)::

    prepend((4,8):(1,4), 2:32)"""

def slice_and_offset(crd: Arg, l: Arg, **kwargs: Arg) -> Any:
    """slice_and_offset(CRD, L)

The slice of L at CRD and the offset of CRD.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('slice_and_offset')`` shows its result)::

    slice_and_offset((1,_), (4,8):(1,4))"""

def coalesce(l: Arg, profile: Arg = ..., **kwargs: Arg) -> Any:
    """coalesce(L[, PROFILE])

The simplest layout with the same function (by mode of PROFILE).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('coalesce')`` shows its result)::

    coalesce((2,(1,6)):(1,(6,2)))

``cutelayout.explain(coalesce, ...)`` derives a call step by step."""

def filter(l: Arg, profile: Arg = ..., **kwargs: Arg) -> Any:
    """filter(L[, PROFILE])

Coalesce after removing stride-0 and size-1 modes (at the leaves of PROFILE, by mode).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('filter')`` shows its result)::

    filter((4,2,3):(1,0,4))

``cutelayout.explain(filter, ...)`` derives a call step by step."""

def composition(a: Arg, b: Arg, arg2: Arg = ..., **kwargs: Arg) -> Any:
    """composition(A, B)

A o B: B's coordinates through A.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('composition')`` shows its result)::

    composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)

``cutelayout.explain(composition, ...)`` derives a call step by step."""

def complement(l: Arg, m: Arg = ..., **kwargs: Arg) -> Any:
    """complement(L[, M])

The layout of what L does not reach, up to cotarget M (default cosize).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('complement')`` shows its result)::

    complement(4:2, 24)

``cutelayout.explain(complement, ...)`` derives a call step by step."""

def right_inverse(l: Arg, **kwargs: Arg) -> Any:
    """right_inverse(L)

R with L(R(i)) == i.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('right_inverse')`` shows its result)::

    right_inverse((4,8):(8,1))

``cutelayout.explain(right_inverse, ...)`` derives a call step by step."""

def left_inverse(l: Arg, **kwargs: Arg) -> Any:
    """left_inverse(L)

R with R(L(i)) == i.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('left_inverse')`` shows its result)::

    left_inverse((4,2):(2,1))

``cutelayout.explain(left_inverse, ...)`` derives a call step by step."""

def logical_divide(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """logical_divide(A, T)

A o (T, complement(T)): ((tile), (rest)) per mode.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('logical_divide')`` shows its result)::

    logical_divide((4,2,3):(2,1,8), 4:2)

``cutelayout.explain(logical_divide, ...)`` derives a call step by step."""

def zipped_divide(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """zipped_divide(A, T)

((tile modes), (rest modes)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('zipped_divide')`` shows its result)::

    zipped_divide((8,24):(1,8), (4,8))

``cutelayout.explain(zipped_divide, ...)`` derives a call step by step."""

def tiled_divide(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """tiled_divide(A, T)

((tile modes), rest0, rest1, ...).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tiled_divide')`` shows its result)::

    tiled_divide((8,24):(1,8), (4,8))

``cutelayout.explain(tiled_divide, ...)`` derives a call step by step."""

def flat_divide(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """flat_divide(A, T)

(tile0, tile1, ..., rest0, rest1, ...).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('flat_divide')`` shows its result)::

    flat_divide((8,24):(1,8), (4,8))

``cutelayout.explain(flat_divide, ...)`` derives a call step by step."""

def logical_product(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """logical_product(A, T)

(A, complement(A) o T).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('logical_product')`` shows its result)::

    logical_product((2,2):(4,1), 6:1)

``cutelayout.explain(logical_product, ...)`` derives a call step by step."""

def zipped_product(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """zipped_product(A, T)

((block modes), (product modes)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('zipped_product')`` shows its result)::

    zipped_product((2,2):(1,2), (3,4))

``cutelayout.explain(zipped_product, ...)`` derives a call step by step."""

def tiled_product(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """tiled_product(A, T)

((block modes), product0, product1, ...).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tiled_product')`` shows its result)::

    tiled_product((2,2):(1,2), (3,4))

``cutelayout.explain(tiled_product, ...)`` derives a call step by step."""

def flat_product(a: Arg, t: Arg, **kwargs: Arg) -> Any:
    """flat_product(A, T)

(block0, ..., product0, ...).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('flat_product')`` shows its result)::

    flat_product((2,2):(1,2), (3,4))

``cutelayout.explain(flat_product, ...)`` derives a call step by step."""

def blocked_product(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """blocked_product(A, B)

A repeated as blocks over B, mode by mode.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('blocked_product')`` shows its result)::

    blocked_product((2,5):(5,1), (3,4):(1,3))

``cutelayout.explain(blocked_product, ...)`` derives a call step by step."""

def raked_product(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """raked_product(A, B)

A interleaved over B, mode by mode (the CuTe DSL's cute.raked_product coalesces each top-level mode of the result).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('raked_product')`` shows its result)::

    raked_product((2,5):(5,1), (3,4):(1,3))

``cutelayout.explain(raked_product, ...)`` derives a call step by step."""

def max_common_layout(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """max_common_layout(A, B)

The largest contiguous layout on which A and B agree.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('max_common_layout')`` shows its result)::

    max_common_layout((4,8):(1,4), (4,8):(1,16))"""

def max_common_vector(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """max_common_vector(A, B)

How many contiguous elements A and B agree on.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('max_common_vector')`` shows its result)::

    max_common_vector((4,8):(1,4), (4,8):(1,16))"""

def crd2idx(crd: Arg, shape: Arg, stride: Arg = ..., **kwargs: Arg) -> Any:
    """crd2idx(CRD, SHAPE, STRIDE) | crd2idx(CRD, L)

The index of a coordinate.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('crd2idx')`` shows its result)::

    crd2idx((1,2), (4,8), (1,4))

``cutelayout.explain(crd2idx, ...)`` derives a call step by step."""

def idx2crd(idx: Arg, shape: Arg, stride: Arg = ..., **kwargs: Arg) -> Any:
    """idx2crd(IDX, SHAPE[, STRIDE])

The coordinate of an index (the last mode is not wrapped).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('idx2crd')`` shows its result)::

    idx2crd(9, (4,8))

``cutelayout.explain(idx2crd, ...)`` derives a call step by step."""

def mma_atom(name: Arg, **kwargs: Arg) -> Any:
    """mma_atom(NAME)

CuTe's MMA atom NAME: fields ThrID, Shape_MNK, ALayout, BLayout, CLayout.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('mma_atom')`` shows its result)::

    mma_atom(SM80_16x8x16_F32BF16BF16F32_TN).CLayout"""

def tiled_mma(name: Arg, atom_layout_mnk: Arg = ..., tile_m: Arg = ..., **kwargs: Arg) -> Any:
    """tiled_mma(NAME[, ATOM_LAYOUT_MNK[, <TILE_M,TILE_N,TILE_K>]])

A TiledMMA (ATOM_LAYOUT_MNK defaults to (1,1,1), as CuTe's): fields get_layoutA_TV/B/C, tile_shape; .thread(t).partition_C(shape).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tiled_mma')`` shows its result)::

    tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).get_layoutC_TV"""

def copy_atom(op: Arg, type: Arg, **kwargs: Arg) -> Any:
    """copy_atom(OP, TYPE)

CuTe's Copy_Atom<OP, TYPE>: fields ThrID, ValLayoutSrc, ValLayoutDst, ValLayoutRef.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('copy_atom')`` shows its result)::

    copy_atom(SM75_U32x4_LDSM_N, half_t).ValLayoutSrc"""

def make_mma_atom(op: Arg, **kwargs: Arg) -> Any:
    """make_mma_atom(OP)

The CuTe DSL's MMA atom of an operation of cute.nvgpu (warp.MmaF16BF16Op(…): the C++ atom SM80_16x8x16_F32F16F16F32_TN), or of a C++ atom's name: mma_atom(NAME).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_mma_atom')`` shows its result)::

    cute.make_mma_atom(cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))).tv_layout_C"""

def make_copy_atom(op: Arg, copy_internal_type: Arg, num_bits_per_copy: Arg = ..., **kwargs: Arg) -> Any:
    """make_copy_atom(OP, COPY_INTERNAL_TYPE[, NUM_BITS_PER_COPY])

The CuTe DSL's copy atom of an operation of cute.nvgpu over elements of COPY_INTERNAL_TYPE, NUM_BITS_PER_COPY bits a copy (default: one element): CopyUniversalOp() with Float16 and 128 bits is copy_atom(UniversalCopy<uint128_t>, half_t).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_copy_atom')`` shows its result)::

    cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128).layout_src_tv"""

def copy_traits(op: Arg, num_bits_per_tma: Arg = ..., aux_params: Arg = ..., **kwargs: Arg) -> Any:
    """copy_traits(OP[, NUM_BITS_PER_TMA[, AUX_PARAMS]])

CuTe's Copy_Traits<OP[, Int<N>[, AuxParams]]>: fields ThrID, SrcLayout, DstLayout, RefLayout (in bits); a TMA's traits take its AuxParams type third (Copy_Traits<SM90_TMA_LOAD, Int<4096>, AuxTmaParams<…>>), which the layouts do not read.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('copy_traits')`` shows its result)::

    copy_traits(SM90_U32x4_STSM_N).SrcLayout"""

def make_tiled_copy(atom: Arg, layout_tv: Arg, tiler_mn: Arg = ..., **kwargs: Arg) -> Any:
    """make_tiled_copy(ATOM, LAYOUT_TV, TILER_MN)

A TiledCopy: fields Tiler_MN, TiledLayout_TV, get_layoutS_TV, get_layoutD_TV (the CuTe DSL's cute.make_tiled_copy(atom, layout_tv, tiler_mn) is C++'s make_tiled_copy_impl; its make_tiled_copy_tv is this).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy')`` shows its result)::

    make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).TiledLayout_TV"""

def make_tiled_copy_tv(copy_atom: Arg, thr_layout: Arg, val_layout: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_tv(COPY_ATOM, THR_LAYOUT, VAL_LAYOUT)

The CuTe DSL's name of C++'s make_tiled_copy(atom, thr_layout, val_layout): a TiledCopy of THR_LAYOUT's threads, each copying VAL_LAYOUT's values.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_tv')`` shows its result)::

    make_tiled_copy_tv(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2)).TiledLayout_TV"""

def make_tiled_copy_impl(copy_atom: Arg, layout_tv: Arg, tiler_mn: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_impl(COPY_ATOM, LAYOUT_TV, TILER_MN)

The TiledCopy of a (thread, value) -> tile layout LAYOUT_TV over the tile TILER_MN (a shape or a tuple of layouts); the CuTe DSL's make_tiled_copy(atom, layout_tv, tiler_mn).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_impl')`` shows its result)::

    make_tiled_copy_impl(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8)).Tiler_MN"""

def make_tiled_copy_A(copy_atom: Arg, tiled_mma: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_A(COPY_ATOM, TILED_MMA)

The TiledCopy matching a TiledMMA's A operand.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_A')`` shows its result)::

    make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN"""

def make_tiled_copy_B(copy_atom: Arg, tiled_mma: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_B(COPY_ATOM, TILED_MMA)

The TiledCopy matching a TiledMMA's B operand.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_B')`` shows its result)::

    make_tiled_copy_B(copy_atom(SM75_U32x2_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN"""

def make_tiled_copy_C(copy_atom: Arg, tiled_mma: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_C(COPY_ATOM, TILED_MMA)

The TiledCopy matching a TiledMMA's C operand.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_C')`` shows its result)::

    make_tiled_copy_C(copy_atom(UniversalCopy<uint32_t>, float), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN"""

def make_tma_copy(op: Arg, gtensor: Arg, slayout: Arg, cta_tiler: Arg = ..., cluster_size: Arg = ..., arg5: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_copy[<TmaInternalType>](OP, GTENSOR, SLAYOUT[, CTA_TILER][, CLUSTER_SIZE])

CuTe's TMA TiledCopy: the box TMA moves between the gmem tensor and the smem layout (fields tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride), its Tiler_MN and TiledLayout_TV; four arguments give the multicast cluster size; a TmaInternalType (with all five arguments) moves recast<TmaInternalType>(GTENSOR).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_copy')`` shows its result)::

    make_tma_copy(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).tma_box"""

def make_im2col_tma_copy(op: Arg, gtensor: Arg, slayout: Arg, cta_tiler: Arg = ..., multicast: Arg = ..., lower_corner_whd: Arg = ..., upper_corner_whd: Arg = ..., lower_padding_whd: Arg = ..., upper_padding_whd: Arg = ..., stride_whd: Arg = ..., lower_srt: Arg = ..., stride_srt: Arg = ..., **kwargs: Arg) -> Any:
    """make_im2col_tma_copy(OP, GTENSOR, SLAYOUT[, CTA_TILER[, MULTICAST]][, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT])

CuTe's im2col TMA TiledCopy over a convolution's activation ((w,h,d,n), c): the box (channels per pixel, pixels per column; field tma_box), the (c,w,h,d,n) descriptor's tma_gmem_shape and tma_gmem_stride, tma_layout_vt, tma_traversal_strides, its Tiler_MN and TiledLayout_TV.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_im2col_tma_copy')`` shows its result)::

    make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).tma_box"""

def make_im2col_tma_atom_A_sm100(op: Arg, gtensor: Arg, slayout: Arg, mma_tiler: Arg, tiled_mma: Arg, cluster_shape_vmnk: Arg, lower_corner_whd: Arg, upper_corner_whd: Arg, lower_padding_whd: Arg, upper_padding_whd: Arg, stride_whd: Arg, lower_srt: Arg, stride_srt: Arg, **kwargs: Arg) -> Any:
    """make_im2col_tma_atom_A_sm100(OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)

CuTe's SM100 im2col TMA Copy_Atom for a UMMA's A (copy_traits_sm100_im2col.hpp): the CTA's values from TILED_MMA.thrfrg_A over the (TILE_M, TILE_K) tile, multicast over the cluster's N CTAs for a multicast operation; fields tma_box, tma_gmem_shape, tma_gmem_stride, tma_layout_vt, tma_traversal_strides, get_tma_tensor and the atom's layouts.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_im2col_tma_atom_A_sm100')`` shows its result)::

    make_im2col_tma_atom_A_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1)).tma_box"""

def make_im2col_tma_atom_B_sm100(op: Arg, gtensor: Arg, slayout: Arg, mma_tiler: Arg, tiled_mma: Arg, cluster_shape_vmnk: Arg, lower_corner_whd: Arg, upper_corner_whd: Arg, lower_padding_whd: Arg, upper_padding_whd: Arg, stride_whd: Arg, lower_srt: Arg, stride_srt: Arg, **kwargs: Arg) -> Any:
    """make_im2col_tma_atom_B_sm100(OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)

CuTe's SM100 im2col TMA Copy_Atom for a UMMA's B: TILED_MMA.thrfrg_B over the (TILE_N, TILE_K) tile, multicast over the cluster's M CTAs for a multicast operation.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_im2col_tma_atom_B_sm100')`` shows its result)::

    make_im2col_tma_atom_B_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1)).tma_box"""

def make_im2col_tma_copy_A_sm100(op: Arg, gtensor: Arg, slayout: Arg, cluster_tile: Arg, tiled_mma: Arg, lower_corner_whd: Arg, upper_corner_whd: Arg, lower_padding_whd: Arg, upper_padding_whd: Arg, stride_whd: Arg, lower_srt: Arg, stride_srt: Arg, **kwargs: Arg) -> Any:
    """make_im2col_tma_copy_A_sm100(OP, GTENSOR, SLAYOUT, CLUSTER_TILE, TILED_MMA, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)

CuTe's SM100 im2col TMA TiledCopy for a UMMA's A (copy_traits_sm100_im2col.hpp): make_im2col_tma_atom_A_sm100's atom, its multicast the N CTAs of TILED_MMA's VMNK thread layout, tiled as detail::make_tma_copy_im2col tiles it.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_im2col_tma_copy_A_sm100')`` shows its result)::

    make_im2col_tma_copy_A_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1))"""

def make_im2col_tma_copy_B_sm100(op: Arg, gtensor: Arg, slayout: Arg, cluster_tile: Arg, tiled_mma: Arg, lower_corner_whd: Arg, upper_corner_whd: Arg, lower_padding_whd: Arg, upper_padding_whd: Arg, stride_whd: Arg, lower_srt: Arg, stride_srt: Arg, **kwargs: Arg) -> Any:
    """make_im2col_tma_copy_B_sm100(OP, GTENSOR, SLAYOUT, CLUSTER_TILE, TILED_MMA, LOWER_CORNER_WHD, UPPER_CORNER_WHD, LOWER_PADDING_WHD, UPPER_PADDING_WHD, STRIDE_WHD, LOWER_SRT, STRIDE_SRT)

CuTe's SM100 im2col TMA TiledCopy for a UMMA's B: make_im2col_tma_atom_B_sm100's atom, its multicast the M CTAs of TILED_MMA's VMNK thread layout.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_im2col_tma_copy_B_sm100')`` shows its result)::

    make_im2col_tma_copy_B_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1))"""

def make_tma_atom_A_sm100(op: Arg, gtensor: Arg, slayout: Arg, mma_tiler: Arg, tiled_mma: Arg, cluster_shape_vmnk: Arg, arg6: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_atom_A_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK)

CuTe's SM100 TMA Copy_Atom for a UMMA's A (copy_traits_sm100_tma.hpp): the CTA's values from TILED_MMA.thrfrg_A over the gmem tensor tiled by (TILE_M, TILE_K), multicast over the cluster's N CTAs for a multicast operation; fields tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride, get_tma_tensor and the atom's layouts.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_atom_A_sm100')`` shows its result)::

    make_tma_atom_A_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{})).tma_box"""

def make_tma_atom_B_sm100(op: Arg, gtensor: Arg, slayout: Arg, mma_tiler: Arg, tiled_mma: Arg, cluster_shape_vmnk: Arg, arg6: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_atom_B_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK)

CuTe's SM100 TMA Copy_Atom for a UMMA's B: TILED_MMA.thrfrg_B over the gmem tensor tiled by (TILE_N, TILE_K), multicast over the cluster's M CTAs for a multicast operation.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_atom_B_sm100')`` shows its result)::

    make_tma_atom_B_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{})).tma_box"""

def make_tma_copy_A_sm100(op: Arg, gtensor: Arg, slayout: Arg, cluster_tiler: Arg, tiled_mma: Arg, arg5: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_copy_A_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)

CuTe's SM100 TMA TiledCopy for a UMMA's A (copy_traits_sm100_tma.hpp): make_tma_atom_A_sm100's atom, its multicast the N CTAs of TILED_MMA's VMNK thread layout, tiled by detail::make_tma_copy_tiled; fields get_layoutS_TV, Tiler_MN, the atom's tma_box and get_tma_tensor.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_copy_A_sm100')`` shows its result)::

    make_tma_copy_A_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}))"""

def make_tma_copy_B_sm100(op: Arg, gtensor: Arg, slayout: Arg, cluster_tiler: Arg, tiled_mma: Arg, arg5: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_copy_B_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)

CuTe's SM100 TMA TiledCopy for a UMMA's B: make_tma_atom_B_sm100's atom, its multicast the M CTAs of TILED_MMA's VMNK thread layout, tiled by detail::make_tma_copy_tiled.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_copy_B_sm100')`` shows its result)::

    make_tma_copy_B_sm100(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{})), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}))"""

def make_tma_copy_C_sm100(op: Arg, gtensor: Arg, slayout: Arg, cluster_tiler: Arg, tiled_mma: Arg, arg5: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_copy_C_sm100[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)

CuTe's SM100 TMA TiledCopy for a UMMA's C or D (copy_traits_sm100_tma.hpp): TILED_MMA.thrfrg_C over the gmem tensor tiled by (TILE_M, TILE_N), one CTA (a non-multicast OP: SM90_TMA_LOAD, SM90_TMA_STORE, SM100_TMA_2SM_LOAD), tiled by detail::make_tma_copy_tiled.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_copy_C_sm100')`` shows its result)::

    make_tma_copy_C_sm100(SM90_TMA_STORE, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(512,256), make_stride(_1{},512)), make_layout(make_shape(make_shape(Int<128>{},Int<128>{}),Int<1>{},Int<1>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}))"""

def make_tma_atom(op: Arg, gtensor: Arg, slayout: Arg, cta_tiler: Arg, cluster_size: Arg = ..., arg5: Arg = ..., **kwargs: Arg) -> Any:
    """make_tma_atom[<TmaInternalType>](OP, GTENSOR, SLAYOUT, CTA_TILER[, CLUSTER_SIZE])

CuTe's TMA Copy_Atom (Copy_Traits<OP, NumBitsPerTMA, AuxTmaParams>): fields tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride and the atom's layouts; a TmaInternalType moves recast<TmaInternalType>(GTENSOR).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tma_atom')`` shows its result)::

    make_tma_atom(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{})).tma_box"""

def make_layout_tv(thr_layout: Arg, val_layout: Arg, **kwargs: Arg) -> Any:
    """make_layout_tv(THR_LAYOUT, VAL_LAYOUT)

(tiler, TV layout) of raked threads and values, as CuTe's Python DSL.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_layout_tv')`` shows its result)::

    make_layout_tv((4,8):(8,1), (2,2):(2,1))"""

def gmma_atom(layout_: Arg, mn: Arg, **kwargs: Arg) -> Any:
    """gmma_atom(Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom, f16|bf16|tf32)

GMMA::Layout_*_Atom<T>: a GMMA shared-memory layout atom (swizzle o smem_ptr o layout).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('gmma_atom')`` shows its result)::

    gmma_atom(Layout_K_SW128_Atom, bf16)"""

def sf_atom(vs: Arg, mn: Arg = ..., **kwargs: Arg) -> Any:
    """sf_atom(VS[, MN])

Blackwell's block-scale-factor atom Sm1xxBlockScaledBasicChunk<VS>::SfAtom (K-major; MN-major with MN).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('sf_atom')`` shows its result)::

    sf_atom(32)"""

def tile_atom_to_shape_SFA(vs: Arg, m: Arg, **kwargs: Arg) -> Any:
    """tile_atom_to_shape_SFA(VS, (M,N,K[,L]))

Sm1xxBlkScaledConfig<VS>::tile_atom_to_shape_SFA: which scale factor covers each element of A (M,K[,L]).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_atom_to_shape_SFA')`` shows its result)::

    tile_atom_to_shape_SFA(32, (256,128,512))"""

def tile_atom_to_shape_SFB(vs: Arg, m: Arg, **kwargs: Arg) -> Any:
    """tile_atom_to_shape_SFB(VS, (M,N,K[,L]))

Sm1xxBlkScaledConfig<VS>::tile_atom_to_shape_SFB: which scale factor covers each element of B (N,K[,L]).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_atom_to_shape_SFB')`` shows its result)::

    tile_atom_to_shape_SFB(16, (256,128,512))"""

def tile_to_shape(atom: Arg, shape: Arg, order: Arg = ..., **kwargs: Arg) -> Any:
    """tile_to_shape(ATOM, SHAPE[, ORDER])

ATOM (a layout or composed layout) repeated to SHAPE, modes tiled in ORDER.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_to_shape')`` shows its result)::

    tile_to_shape(gmma_atom(Layout_K_SW128_Atom, bf16), (128,64))"""

def tile_to_mma_shape(atom: Arg, mma_m: Arg, mma_n: Arg = ..., **kwargs: Arg) -> Any:
    """tile_to_mma_shape(ATOM, ((MMA_M,MMA_N),M_MMAs,N_MMAs,...)[, ORDER])

UMMA::tile_to_mma_shape: a shared-memory layout atom tiled to an MMA tile shape, ((MMA_M,MMA_N),M_MMAs,N_MMAs,...).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_to_mma_shape')`` shows its result)::

    UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(_128{},_16{}),_1{},_4{}))"""

def local_tile(l: Arg, tiler: Arg, coord: Arg, proj: Arg = ..., **kwargs: Arg) -> Any:
    """local_tile(L, TILER, COORD[, PROJ])

The tile at COORD of the tensor over L (elements are their indices): OFFSET o LAYOUT; modes marked X in PROJ (Step<_1,X,_1>) are dropped from TILER and COORD.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('local_tile')`` shows its result)::

    local_tile((8,24):(1,8), (4,8), (1,2))

``cutelayout.explain(local_tile, ...)`` derives a call step by step."""

def local_partition(l: Arg, thr_layout: Arg, thr_idx: Arg, proj: Arg = ..., **kwargs: Arg) -> Any:
    """local_partition(L, THR_LAYOUT, THR_IDX[, PROJ])

The elements thread THR_IDX of THR_LAYOUT owns in the tensor over L: OFFSET o LAYOUT; modes marked X in PROJ are dropped from THR_LAYOUT.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('local_partition')`` shows its result)::

    local_partition((16,8):(1,16), (4,2):(2,1), 5)

``cutelayout.explain(local_partition, ...)`` derives a call step by step."""

def bank_conflicts(smem: Arg, tv: Arg, elem_bits: Arg, access_bits: Arg = ..., **kwargs: Arg) -> Any:
    """bank_conflicts(SMEM, TV, ELEM_BITS[, ACCESS_BITS])

The shared-memory bank conflict degree of TV's accesses to SMEM (1: conflict-free).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('bank_conflicts')`` shows its result)::

    bank_conflicts((8,64):(64,1), (8,8):(1,8), 16)"""

def dim3(x: Arg = ..., y: Arg = ..., z: Arg = ..., **kwargs: Arg) -> Any:
    """dim3(x[, y[, z]])

CUDA's launch extents: three run-time unsigned integers, 1 where not given, a tuple to CuTe (its tuple traits name dim3).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('dim3')`` shows its result)::

    dim3(256)"""

def make_tuple(x0: Arg = ..., x1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_tuple(x0, x1, ...)

The tuple (x0, x1, ...) of any values, as C++'s make_tuple.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tuple')`` shows its result)::

    make_tuple((8):(1), 16)"""

def make_step(s0: Arg, s1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """make_step(s0, s1, ...)

The step (s0, s1, ...), `X` or `_` marking a mode to project out, as C++'s make_step.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_step')`` shows its result)::

    make_step(1, X, 1)"""

def make_composed_layout(inner: Arg, offset: Arg, outer: Arg, **kwargs: Arg) -> Any:
    """make_composed_layout(INNER, OFFSET, OUTER)

The composed layout INNER o OFFSET o OUTER (a swizzle, an offset, a layout); of a layout INNER, CuTe's ComposedLayout<Layout, O, B>, c -> INNER(OFFSET + OUTER(c)), OUTER a layout (an im2col TMA's tensor is over one), a swizzle or a swizzled layout (an inverse of a swizzled layout with an offset is one); of a swizzled layout INNER, CuTe's ComposedLayout<ComposedLayout<Swizzle, OFF, A>, O, B>, printed Sw o OFF o A o O o B (an inverse of A o O o (Sw o _0 o T) is one); of composed layouts INNER or OUTER, CuTe's ComposedLayout of them, to any depth, printed flat.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_composed_layout')`` shows its result)::

    make_composed_layout(Sw<3,3,3>, 0, (8,64):(64,1))"""

def slice_(l: Arg, crd: Arg, **kwargs: Arg) -> Any:
    """slice_(L, CRD)

The CuTe DSL's slice: L(CRD), the modes marked `_` (or None) kept; of an IntTuple, its modes under the `_` of CRD (C++'s slice(CRD, T)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('slice_')`` shows its result)::

    slice_((4,8):(1,4), (_, 2))"""

def make_swizzle(b: Arg, m: Arg, s: Arg = ..., **kwargs: Arg) -> Any:
    """make_swizzle(B, M, S) | make_swizzle(Y, Z)

The swizzle Sw<B,M,S> (C++'s make_swizzle<B,M,S>(), the DSL's cute.make_swizzle(b, m, s)), or the one of the bit masks Y and Z (C++'s make_swizzle<Y,Z>()).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_swizzle')`` shows its result)::

    make_swizzle(3, 4, 3)"""

def make_mixed_bits(s: Arg, d: Arg, f: Arg, **kwargs: Arg) -> Any:
    """make_mixed_bits(S, d, F)

CuTe's MixedBits (swizzle.hpp): the offset S | (d & F) whose bits under the static mask F are run-time ones (d's) and the others the static S's, as a slice of a swizzled layout at a run-time coordinate has it (printed M_S|(d&F)=v; C++'s make_mixed_bits(Int<S>{}, d, Int<F>{})); a static d, or no run-time bit left, gives a static integer.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_mixed_bits')`` shows its result)::

    make_mixed_bits(Int<4>{}, 16, Int<48>{});"""

def make_inttuple_iter(offset: Arg, *more: Arg, **kwargs: Arg) -> Any:
    """make_inttuple_iter(OFFSET)

A counting iterator starting at OFFSET (for make_tensor).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_inttuple_iter')`` shows its result)::

    make_inttuple_iter(132)"""

def array(arg0: Arg, arg1: Arg, *more: Arg, **kwargs: Arg) -> Any:
    """array<T, N>{x0, ...}

CuTe's array of N elements of a number type T (container/array.hpp) as a value, those not given 0: printed as the tuple of them, a type of its own that reverse keeps.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('array')`` shows its result)::

    reverse(array<int, 3>{1, 2})"""

def counting_iterator(arg0: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """counting_iterator<int>{N}

CuTe's counting iterator (pointer_base.hpp): it holds the int N, so a tensor over it has the run-time integers N + L(i) as its elements (printed counting_iter(N)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('counting_iterator')`` shows its result)::

    make_tensor(counting_iterator<int>{0}, make_layout(make_shape(2,3)))"""

def make_tensor(iterator: Arg, l: Arg, arg2: Arg = ..., **kwargs: Arg) -> Any:
    """make_tensor(ITERATOR, L) | make_tensor(ITERATOR, SHAPE, STRIDE) | make_tensor<T>(L)

The tensor over L at the iterator: a counting one (its elements are their own indices plus its start, OFFSET o L), a pointer (gmem_ptr[16b](0x108) o L), or, with an element type T, an owning register tensor (ptr[32b](stack) o L).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tensor')`` shows its result)::

    make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(4,8))"""

def layout(x: Arg, **kwargs: Arg) -> Any:
    """layout(X)

The layout of a tensor (of a layout or composed layout: itself); layout<I...>(L) is get.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('layout')`` shows its result)::

    layout(local_tile(make_layout((64,64)), (16,16), (1,2)))"""

def make_identity_layout(shape: Arg, **kwargs: Arg) -> Any:
    """make_identity_layout(SHAPE)

The layout that maps each coordinate of SHAPE to itself: strides are CuTe's basis elements (1@0, 1@1, 1@1@0 ...).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_identity_layout')`` shows its result)::

    make_identity_layout((4,(2,3)))"""

def make_basis_like(shape: Arg, **kwargs: Arg) -> Any:
    """make_basis_like(SHAPE)

The basis element of each mode of SHAPE (E<i,j,...> for the leaf at (i,j,...)): the strides of make_identity_layout.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_basis_like')`` shows its result)::

    make_basis_like((4,(2,3)))"""

def make_layout_like(l: Arg, **kwargs: Arg) -> Any:
    """make_layout_like(L)

A compact layout of L's shape, its strides in the order of L's (stride-0 modes kept).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_layout_like')`` shows its result)::

    make_layout_like((2,(2,6),1):(36,(3,6),36))"""

def make_fragment_like(l: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_fragment_like(L) | make_fragment_like<T>(L)

Like make_layout_like, but mode 0 column-major and first (a shape: its column-major layout); of a tensor over memory, an owning (register) tensor of its element type, ptr[16b](stack) o L; with an element type, an owning tensor of that type; the CuTe DSL's cute.make_fragment_like of a rank-2 layout does not wrap mode 1 ((4,8):(8,1) gives (4,8):(1,4), C++ (4,(8)):(1,(4))).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_fragment_like')`` shows its result)::

    make_fragment_like((4,(2,3)):(6,(1,2)))"""

def coshape(l: Arg, i: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """coshape(L[, I...])

The codomain's shape: sum((s-1)*|d|) + 1 (cosize, for integer strides); of mode I... (C++: coshape<I...>(L)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('coshape')`` shows its result)::

    coshape((4,8):(2,16))"""

def coprofile(l: Arg, i: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """coprofile(L[, I...])

The codomain's profile as zeros (0 for integer strides); of mode I... (C++: coprofile<I...>(L)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('coprofile')`` shows its result)::

    coprofile((4,8):(2,16))"""

def slice(crd: Arg, l: Arg, **kwargs: Arg) -> Any:
    """slice(CRD, L)

The modes of L (or of an IntTuple) under the `_` of CRD (CuTe's slice, coordinate first).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('slice')`` shows its result)::

    slice((1,(_,2)), (4,(2,3)):(1,(4,8)))"""

def dice(src: Arg, dicer: Arg, **kwargs: Arg) -> Any:
    """dice(SRC, DICER)

The modes of L at the integers of CRD, the `_` modes dropped (slice's complement; the DSL's dice(L, CRD) too).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('dice')`` shows its result)::

    dice((1,(_,2)), (4,(2,3)):(1,(4,8)))"""

def domain_offset(crd: Arg, l: Arg, **kwargs: Arg) -> Any:
    """domain_offset(CRD, L)

The layout and the offset L(CRD), as CuTe's (layout, offset) tuple; of a tensor, the tensor moved by it.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('domain_offset')`` shows its result)::

    domain_offset((1,2), (4,8):(1,4))"""

def unflatten(l: Arg, profile: Arg, **kwargs: Arg) -> Any:
    """unflatten(L, PROFILE)

The modes of the flat layout L grouped as the target profile.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('unflatten')`` shows its result)::

    unflatten((4,2,3):(1,4,8), (0,(0,0)))"""

def replace(l: Arg, x: Arg, n: Arg, **kwargs: Arg) -> Any:
    """replace(L, X, N)

Mode N of L replaced by the layout X (C++: replace<N>(L, X)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('replace')`` shows its result)::

    replace<1>((4,8,2):(1,4,32), 3:100)"""

def filter_zeros(l: Arg, profile: Arg = ..., **kwargs: Arg) -> Any:
    """filter_zeros(L[, PROFILE])

L with extent 1 at its stride-0 modes (or under the 0 leaves of PROFILE).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('filter_zeros')`` shows its result)::

    filter_zeros((4,2,3):(1,0,4))"""

def nullspace(l: Arg, **kwargs: Arg) -> Any:
    """nullspace(L)

The layout of L's kernel: its stride-0 leaves with their strides in L's domain.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('nullspace')`` shows its result)::

    nullspace((4,2,3):(1,0,0))

``cutelayout.explain(nullspace, ...)`` derives a call step by step."""

def zip(l: Arg, l2: Arg = ..., **kwargs: Arg) -> Any:
    """zip(L[, L2])

The modes of L (all of one rank) transposed: ((a,b),(c,d)) -> ((a,c),(b,d)); zip(A, B) of the pair.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('zip')`` shows its result)::

    zip(((4,2),(8,3)):((1,4),(8,64)))"""

def tile_unzip(l: Arg, tiler: Arg, **kwargs: Arg) -> Any:
    """tile_unzip(L, TILER)

The rank-2 modes of L at the tiler's leaves gathered into ((tile modes), (rest modes)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_unzip')`` shows its result)::

    tile_unzip(((2,2),(4,2)):((1,8),(2,16)), (2,4))"""

def domain_distribute(shape_a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """domain_distribute(SHAPE_A, B)

A layout of up to B elements over SHAPE_A's domain, gcd by gcd, coalesced.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('domain_distribute')`` shows its result)::

    domain_distribute((15,14), 6)"""

def tuple_cat(t: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """tuple_cat(T...)

The modes of each tuple, in order, in one tuple (tuple_cat(make_tuple(1,_2{}), make_tuple(3)) is (1,_2,3)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tuple_cat')`` shows its result)::

    tuple_cat(make_tuple(1, _2{}), make_tuple(3))"""

def flatten_to_tuple(t: Arg, **kwargs: Arg) -> Any:
    """flatten_to_tuple(T)

The integers of T in one flat tuple; a non-tuple wrapped, (x) (tuple_algorithms.hpp's; the DSL's cute.tuple.flatten_to_tuple too).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('flatten_to_tuple')`` shows its result)::

    flatten_to_tuple(make_tuple(1, make_tuple(2, 3)))"""

def find(t: Arg, x: Arg, **kwargs: Arg) -> Any:
    """find(T, X)

The static index C<i> of T's first mode equal to X (rank(T) where none is; the comparison must be static: tuple_algorithms.hpp's find); find<X>(T): of T's first element of type X (container/tuple.hpp's).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('find')`` shows its result)::

    find(make_tuple(_1{}, _2{}, _4{}), _2{})"""

def apply(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """apply(T, f)

F(t_0, t_1, …, t_n) of the modes of the tuple T (f: a lambda, variadic ones too: [](auto... xs){ … }, or a functor of CuTe's).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('apply')`` shows its result)::

    apply(make_tuple(1, _2{}, 3), [](auto... xs) { return (xs + ...); })"""

def transform_apply(t0: Arg, t1: Arg, t2: Arg, f: Arg = ..., g: Arg = ..., **kwargs: Arg) -> Any:
    """transform_apply(T0[, T1[, T2]], f, g)

G(f(t0_i[, t1_i[, t2_i]])...) over the modes of the tuples (g(f(t0…)) of non-tuples).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('transform_apply')`` shows its result)::

    transform_apply(make_tuple(1, 2), make_tuple(_3{}, 4), [](auto x, auto y) { return x + y; }, [](auto... r) { return make_tuple(r...); })"""

def transform_leaf(t0: Arg, t1: Arg, f: Arg = ..., **kwargs: Arg) -> Any:
    """transform_leaf(T0[, T1], f)

F at each leaf of the tuple T0 (with T1's leaf beside it), the nesting kept.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('transform_leaf')`` shows its result)::

    transform_leaf(make_tuple(1, make_tuple(_2{}, 3)), [](auto x) { return x * _2{}; })"""

def for_each_leaf(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """for_each_leaf(T, f)

Calls f(x) for each leaf x of the tuple T, in order (prints what f prints).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('for_each_leaf')`` shows its result)::

    for_each_leaf(make_tuple(1, make_tuple(_2{}, 3)), [](auto x) { return x * _2{}; })"""

def find_if(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """find_if(T, f)

The static index C<i> of T's first mode whose f(t_i) is a static true (rank(T) where none is; CuTe reads decltype(f(t_i))::value).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('find_if')`` shows its result)::

    find_if(make_tuple(_1{}, _2{}, _4{}), [](auto x) { return x == _2{}; })"""

def any_of(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """any_of(T, f)

(false_type{} || ... || f(t_i)): static where every test is.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('any_of')`` shows its result)::

    any_of(make_tuple(_1{}, 2), [](auto x) { return x == _1{}; })"""

def all_of(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """all_of(T, f)

(true_type{} && ... && f(t_i)): static where every test is.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('all_of')`` shows its result)::

    all_of(make_tuple(_1{}, _2{}), [](auto x) { return x != _4{}; })"""

def none_of(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """none_of(T, f)

Not any_of(T, f).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('none_of')`` shows its result)::

    none_of(make_tuple(_1{}, _2{}), [](auto x) { return x == _4{}; })"""

def fold(t: Arg, v: Arg, f: Arg, **kwargs: Arg) -> Any:
    """fold(T, V, f)

F(…f(f(V, t_0), t_1)…, t_n) over the modes of T (f(V, T) of a non-tuple).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('fold')`` shows its result)::

    fold(make_tuple(1, _2{}, 3), _0{}, [](auto acc, auto x) { return acc + x; })"""

def fold_first(t: Arg, f: Arg, **kwargs: Arg) -> Any:
    """fold_first(T, f)

Fold of t_1…t_n from t_0 (T itself where it is no tuple).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('fold_first')`` shows its result)::

    fold_first(make_tuple(_1{}, _2{}, _3{}), [](auto acc, auto x) { return acc * x; })"""

def iscan(t: Arg, v: Arg, f: Arg, **kwargs: Arg) -> Any:
    """iscan(T, V, f)

The inclusive scan (r_0,…,r_n), r_i = f(r_{i-1}, t_i) from r_{-1} = V.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('iscan')`` shows its result)::

    iscan(make_tuple(_1{}, 2, _3{}), _0{}, plus{})"""

def escan(t: Arg, v: Arg, f: Arg, **kwargs: Arg) -> Any:
    """escan(T, V, f)

The exclusive scan (v_0,…,v_n), v_0 = V, v_{i+1} = f(v_i, t_i).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('escan')`` shows its result)::

    escan(make_tuple(_1{}, 2, _3{}), _0{}, plus{})"""

def filter_tuple(t0: Arg, t1: Arg, t2: Arg = ..., f: Arg = ..., **kwargs: Arg) -> Any:
    """filter_tuple(T0[, T1[, T2]], f)

Tuple_cat(f(t0_i[, t1_i[, t2_i]])...): each f returns a tuple of what it keeps.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('filter_tuple')`` shows its result)::

    filter_tuple(make_tuple(_1{}, 2, _3{}), [](auto x) { return make_tuple(x, x); })"""

def make_int_sequence(arg0: Arg, **kwargs: Arg) -> Any:
    """make_int_sequence<N>{}

The integer sequence (_0,_1,…,_{N-1}) (make_seq<N>{} too), as for_each walks it.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_int_sequence')`` shows its result)::

    make_int_sequence<4>{}"""

def make_int_range(arg0: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """make_int_range<B, E>{}

The integer sequence (_B,_{B+1},…,_{E-1}) (() where E <= B), as for_each walks it.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_int_range')`` shows its result)::

    make_int_range<1, 5>{}"""

def integral_constant(arg0: Arg, arg1: Arg, arg2: Arg = ..., **kwargs: Arg) -> Any:
    """integral_constant<T, v>{}

The static integer v of the integer type T (numeric/integral_constant.hpp), printed _v: its value_type is T, and is_same tells it from Int<v> and C<v> (C<5u>, C<true>: C<v> of v's type).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('integral_constant')`` shows its result)::

    integral_constant<uint32_t, 5>{} * Int<2>{}"""

def integer_sequence(arg0: Arg, *more: Arg, **kwargs: Arg) -> Any:
    """integer_sequence<T, I...>{}

The sequence of integral_constant<T, I> (int_sequence<I...>{} and seq<I...>{}: T is int, index_sequence<I...>{}: size_t), as for_each walks it.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('integer_sequence')`` shows its result)::

    integer_sequence<uint32_t, 2, 0, 1>{}"""

def make_integer_sequence(arg0: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_integer_sequence<T, N>{}

The sequence of integral_constant<T, i> for i < N (make_index_sequence<N>{}: T is size_t), as for_each walks it.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_integer_sequence')`` shows its result)::

    make_integer_sequence<uint32_t, 4>{}"""

def product(t: Arg, **kwargs: Arg) -> Any:
    """product(T)

The product of all integers of an IntTuple (() is 1).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('product')`` shows its result)::

    product((2,(3,4)))"""

def product_each(t: Arg, **kwargs: Arg) -> Any:
    """product_each(T)

The product of each top-level mode, as a tuple (an integer n gives (n)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('product_each')`` shows its result)::

    product_each((2,(3,4)))"""

def product_like(t: Arg, guide: Arg, **kwargs: Arg) -> Any:
    """product_like(T, GUIDE)

The product of the part of T under each integer of GUIDE (same profile as GUIDE).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('product_like')`` shows its result)::

    product_like((2,(3,4),5), (1,1,1))"""

def sum(t: Arg, **kwargs: Arg) -> Any:
    """sum(T)

The sum of all integers of an IntTuple (() is 0).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('sum')`` shows its result)::

    sum((2,(3,4)))"""

def inner_product(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """inner_product(A, B)

The sum of the products of matching integers of congruent A and B.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('inner_product')`` shows its result)::

    inner_product((2,(3,4)), (5,(6,7)))"""

def ceil_div(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """ceil_div(A, B)

A divided by B rounded up: by mode (missing modes of B are 1), an integer B folded through A's modes; for a layout B, the shape of complement(B, shape(A)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('ceil_div')`` shows its result)::

    ceil_div((4,(5,7)), (3,2))"""

def assume(x: Arg, divby: Arg, **kwargs: Arg) -> Any:
    """assume(X, DIVBY)

The CuTe DSL's cute.assume: X known to be a multiple of DIVBY (a run-time X prints ?{div=DIVBY} in the DSL's print; a static X must be one).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('assume')`` shows its result)::

    assume(cutlass.Int32(24), divby=4)"""

def get_divisibility(x: Arg, **kwargs: Arg) -> Any:
    """get_divisibility(X)

The CuTe DSL's cute.get_divisibility: what X is known to be a multiple of (a static X itself, a run-time one its divisibility, 1 where nothing is known).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('get_divisibility')`` shows its result)::

    get_divisibility(assume(cutlass.Int32(24), divby=4) * 3)"""

def round_up(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """round_up(A, B)

A rounded up to a multiple of B, by mode (missing modes of B are 1).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('round_up')`` shows its result)::

    round_up((4,5), (3))"""

def shape_div(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """shape_div(A, B)

A divided by B as shapes (one of each pair of integers divides the other), B folded through A's modes.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('shape_div')`` shows its result)::

    shape_div((4,6), 8)"""

def elem_scale(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """elem_scale(A, B)

A with each integer multiplied by the product of the matching part of B.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('elem_scale')`` shows its result)::

    elem_scale((4,6), (2,(2,3)))"""

def weakly_congruent(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """weakly_congruent(A, B)

Whether A's profile coarsens B's (an integer of A matches anything of B); layouts by their shapes.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('weakly_congruent')`` shows its result)::

    weakly_congruent((4,8), (4,(2,4)))"""

def evenly_divides(shape: Arg, tiler: Arg, **kwargs: Arg) -> Any:
    """evenly_divides(SHAPE, TILER)

Whether TILER (an integer, a shape, a layout or a tuple of them) divides SHAPE without remainder.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('evenly_divides')`` shows its result)::

    evenly_divides((8,6), (4,3))"""

def elem_less(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """elem_less(A, B)

Whether every integer of A is less than the matching one of B.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('elem_less')`` shows its result)::

    elem_less((1,(2,3)), (2,(3,4)))"""

def lex_less(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """lex_less(A, B)

Whether A < B lexicographically (first mode most significant).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('lex_less')`` shows its result)::

    lex_less((1,2), (1,3))"""

def colex_less(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """colex_less(A, B)

Whether A < B colexicographically (last mode most significant).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('colex_less')`` shows its result)::

    colex_less((2,2), (1,3))"""

def max(t0: Arg, t1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """max(T0, T1, ...)

The largest integer of the arguments.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('max')`` shows its result)::

    max((2,(7,4)), 5)"""

def min(t0: Arg, t1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """min(T0, T1, ...)

The smallest integer of the arguments.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('min')`` shows its result)::

    min((2,(7,4)), 5)"""

def gcd(t0: Arg, t1: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """gcd(T0, T1, ...)

The greatest common divisor of the integers of the arguments (C++'s signs).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('gcd')`` shows its result)::

    gcd((6,(9,12)))"""

def lcm(a: Arg, b: Arg, **kwargs: Arg) -> Any:
    """lcm(A, B)

The least common multiple of two integers, (A / gcd(A, B)) * B (CuTe's math.hpp).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('lcm')`` shows its result)::

    lcm(4, 6)"""

def popcount(n: Arg, **kwargs: Arg) -> Any:
    """popcount(N)

The number of 1 bits of a run-time integer (CuTe's math.hpp; an int, as C++ returns it).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('popcount')`` shows its result)::

    popcount(int(29))"""

def abs(n: Arg, **kwargs: Arg) -> Any:
    """abs(N)

The absolute value of an integer (CuTe 4.2 has no abs of a tuple).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('abs')`` shows its result)::

    abs(-3)"""

def reverse(t: Arg, **kwargs: Arg) -> Any:
    """reverse(T)

The top-level modes in reverse order (a non-tuple is itself).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('reverse')`` shows its result)::

    reverse((4,(2,3),8))"""

def unwrap(t: Arg, **kwargs: Arg) -> Any:
    """unwrap(T)

Rank-1 tuples replaced by their element, until a non-tuple or another rank is left.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('unwrap')`` shows its result)::

    unwrap(((4,3)))"""

def wrap(t: Arg, **kwargs: Arg) -> Any:
    """wrap(T)

A non-tuple as a rank-1 tuple; a tuple as it is.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('wrap')`` shows its result)::

    wrap(4)"""

def repeat_like(x: Arg, target: Arg, **kwargs: Arg) -> Any:
    """repeat_like(X, TARGET)

X at every integer of T (same profile as T); the CuTe DSL's cute.repeat_like(x, target) takes them the other way round.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('repeat_like')`` shows its result)::

    repeat_like((4,(2,3)), 0)"""

def front(t: Arg, **kwargs: Arg) -> Any:
    """front(T)

The first integer of T (a non-tuple is itself).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('front')`` shows its result)::

    front(((4,2),8))"""

def back(t: Arg, **kwargs: Arg) -> Any:
    """back(T)

The last integer of T (a non-tuple is itself).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('back')`` shows its result)::

    back(((4,2),(8,3)))"""

def E(mode: Arg, **kwargs: Arg) -> Any:
    """E(MODE)

The basis element along MODE (an integer or a list of them: E([0, 1]) is C++'s E<0,1>); the CuTe DSL's cute.E.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('E')`` shows its result)::

    cute.E(1)"""

def Ratio(numerator: Arg, denominator: Arg, **kwargs: Arg) -> Any:
    """Ratio(NUMERATOR, DENOMINATOR)

The CuTe DSL's rational number (cute.Ratio) of two Python integers, not reduced: printed 2/4; .numerator, .denominator, .is_integral(), .reduced(), and * by an integer or a Ratio.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('Ratio')`` shows its result)::

    cute.Ratio(2, 4)"""

def ScaledBasis(value: Arg, mode: Arg, **kwargs: Arg) -> Any:
    """ScaledBasis(VALUE, MODE)

VALUE times the basis element along MODE (C++'s ScaledBasis<V, N…>); the CuTe DSL's cute.ScaledBasis.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('ScaledBasis')`` shows its result)::

    cute.ScaledBasis(2, 0)"""

def basis_value(e: Arg, **kwargs: Arg) -> Any:
    """basis_value(E)

The scale of a scaled basis element (an integer: itself).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('basis_value')`` shows its result)::

    basis_value(ScaledBasis<_5,0>{})"""

def basis_get(e: Arg, t: Arg, **kwargs: Arg) -> Any:
    """basis_get(E, T)

The element of T along the basis element E's modes (get<N…>(T)); T itself where E is an integer.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('basis_get')`` shows its result)::

    basis_get(E<1>{}, (10,20,30))"""

def increment_coord(crd: Arg, shape: Arg, **kwargs: Arg) -> Any:
    """increment_coord(CRD, SHAPE)

CRD one step on, colexicographically within SHAPE (a mode at its extent wraps to 0 and carries; the last one does not wrap); the CuTe DSL's cute.increment_coord.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('increment_coord')`` shows its result)::

    cute.increment_coord((2, 0, 0), (3, 3, 3))"""

def full(shape: Arg, fill: Arg, dtype: Arg, **kwargs: Arg) -> Any:
    """full(SHAPE, FILL, DTYPE)

The CuTe DSL's TensorSSA of SHAPE every value of which is FILL as DTYPE holds it (cute.full; full_like(a, FILL) of a TensorSSA's shape and type).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('full')`` shows its result)::

    cute.full((2, 3), 1.0, cutlass.Float32)"""

def full_like(a: Arg, fill: Arg, dtype: Arg = ..., **kwargs: Arg) -> Any:
    """full_like(A, FILL[, DTYPE])

The CuTe DSL's TensorSSA of A's shape (and type, or DTYPE) every value of which is FILL (cute.full_like).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('full_like')`` shows its result)::

    cute.full_like(cute.full((2, 3), 0.0, cutlass.Float32), 1.0)"""

def repeat(x: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """repeat<N>(X) | repeat(X, N)

N copies of X as a tuple; X itself where N is 1 (the DSL's cute.repeat(x, n) too).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('repeat')`` shows its result)::

    repeat<3>(4)"""

def repeat_as_tuple(x: Arg, n: Arg, **kwargs: Arg) -> Any:
    """repeat_as_tuple(X, N)

N copies of X as a tuple, (X,) where N is 1 (the CuTe DSL's; C++ has repeat<N>(X)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('repeat_as_tuple')`` shows its result)::

    cute.repeat_as_tuple(4, 1)"""

def insert(t: Arg, x: Arg, arg2: Arg, **kwargs: Arg) -> Any:
    """insert<N>(T, X) | insert(T, X, N)

The tuple T with X placed before mode N (N <= rank(T)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('insert')`` shows its result)::

    insert<1>((4,5), 7)"""

def remove(t: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """remove<N>(T) | remove(T, N)

The tuple T without mode N (N == rank(T) leaves T as it is).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('remove')`` shows its result)::

    remove<1>((4,5,6))"""

def compact_col_major(shape: Arg, current: Arg = ..., **kwargs: Arg) -> Any:
    """compact_col_major(SHAPE[, CURRENT])

Column-major (LayoutLeft) strides of SHAPE starting at CURRENT (default 1); size-1 modes get 0.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('compact_col_major')`` shows its result)::

    compact_col_major((4,(1,3),5))"""

def compact_row_major(shape: Arg, current: Arg = ..., **kwargs: Arg) -> Any:
    """compact_row_major(SHAPE[, CURRENT])

Row-major (LayoutRight) strides of SHAPE starting at CURRENT (default 1); size-1 modes get 0.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('compact_row_major')`` shows its result)::

    compact_row_major((4,(1,3),5))"""

def compact_order(shape: Arg, order: Arg, **kwargs: Arg) -> Any:
    """compact_order(SHAPE, ORDER | LayoutLeft | LayoutRight)

Compact strides of SHAPE visiting its modes by increasing ORDER.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('compact_order')`` shows its result)::

    compact_order((4,(3,2),5), (1,(0,3),2))"""

def crd2crd(crd: Arg, src_shape: Arg, dst_shape: Arg, **kwargs: Arg) -> Any:
    """crd2crd(CRD, SRC_SHAPE, DST_SHAPE)

The coordinate in DST_SHAPE of the same index as CRD in SRC_SHAPE (mode by mode where all are tuples).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('crd2crd')`` shows its result)::

    crd2crd((1,(1,2)), (4,(2,3)), (4,6))"""

def upcast(l: Arg, n: Arg, **kwargs: Arg) -> Any:
    """upcast(L, N) | upcast<N>(L)

L over elements N times wider: strides divided by N, stride-1 extents by N (layouts, swizzles, composed layouts).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('upcast')`` shows its result)::

    upcast<2>(composition(Sw<3,3,3>, (8,64):(64,1)))

``cutelayout.explain(upcast, ...)`` derives a call step by step."""

def downcast(l: Arg, n: Arg, **kwargs: Arg) -> Any:
    """downcast(L, N) | downcast<N>(L)

L over elements N times narrower: stride-1 extents multiplied by N, other strides by N.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('downcast')`` shows its result)::

    downcast<2>((8,64):(64,1))

``cutelayout.explain(downcast, ...)`` derives a call step by step."""

def recast_layout(new_type_bits: Arg, old_type_bits: Arg, src_layout: Arg, **kwargs: Arg) -> Any:
    """recast_layout(new_type_bits, old_type_bits, src_layout) | recast_layout<OldType, NewType>(L)

L over elements of OldType seen as elements of NewType (upcast/downcast by the ratio of their bit widths).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('recast_layout')`` shows its result)::

    recast_layout<uint8_t, half_t>((8,64):(64,1))"""

def max_alignment(l: Arg, **kwargs: Arg) -> Any:
    """max_alignment(L)

The largest N for which upcast<N>(L) is defined (for a swizzled layout, also bounded by the swizzle's base).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('max_alignment')`` shows its result)::

    max_alignment((8,64):(64,1))"""

def get_swizzle_portion(l: Arg, **kwargs: Arg) -> Any:
    """get_swizzle_portion(L)

The swizzle of a swizzled layout (Sw<0,4,3>, the identity, for a plain layout).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('get_swizzle_portion')`` shows its result)::

    get_swizzle_portion(gmma_atom(Layout_K_SW128_Atom, bf16))"""

def get_nonswizzle_portion(l: Arg, **kwargs: Arg) -> Any:
    """get_nonswizzle_portion(L)

The layout of a swizzled layout without its swizzle and offset (a plain layout itself).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('get_nonswizzle_portion')`` shows its result)::

    get_nonswizzle_portion(gmma_atom(Layout_K_SW128_Atom, bf16))"""

def as_position_independent_swizzle_layout(atom: Arg, **kwargs: Arg) -> Any:
    """as_position_independent_swizzle_layout(ATOM)

A GMMA atom Sw o smem_ptr[Nb] o L with its swizzle moved from bytes to elements: Sw' o 0 o L.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('as_position_independent_swizzle_layout')`` shows its result)::

    as_position_independent_swizzle_layout(gmma_atom(Layout_K_SW128_Atom, bf16))"""

def as_position_independent_swizzle_tensor(t: Arg, **kwargs: Arg) -> Any:
    """as_position_independent_swizzle_tensor(T)

A shared-memory tensor over a swizzle_ptr (Sw<3,4,3>_smem_ptr[16b](A) o L) as the tensor over the plain smem_ptr with the swizzle moved from byte addresses to elements (smem_ptr[16b](A) o Sw<3,3,3> o _0 o L); a smem tensor without a swizzle is itself.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('as_position_independent_swizzle_tensor')`` shows its result)::

    as_position_independent_swizzle_tensor(make_tensor(make_smem_ptr<half_t>(nullptr), GMMA::Layout_K_SW128_Atom<half_t>{}))"""

def make_identity_tensor(shape: Arg, **kwargs: Arg) -> Any:
    """make_identity_tensor(SHAPE)

The tensor whose element at each coordinate of SHAPE is that coordinate: ArithTuple(0,...) o make_identity_layout(SHAPE).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_identity_tensor')`` shows its result)::

    make_identity_tensor((4,8))"""

def ArithTuple(c: Arg, *more: Arg, **kwargs: Arg) -> Any:
    """ArithTuple(C...)

CuTe's arithmetic-tuple iterator at the coordinate (C...), as CuTe prints an identity tensor's start: ArithTuple(0,0) o L.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('ArithTuple')`` shows its result)::

    ArithTuple(0,0) o (4,8):(1@0,1@1)"""

def partition_shape_A(tiled_mma: Arg, shape_mk: Arg, **kwargs: Arg) -> Any:
    """partition_shape_A(TILED_MMA, SHAPE_MK)

The shape of one thread's partition of an (M,K) tensor: (FrgV, RestM, RestK).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('partition_shape_A')`` shows its result)::

    partition_shape_A(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,64))"""

def partition_shape_B(tiled_mma: Arg, shape_nk: Arg, **kwargs: Arg) -> Any:
    """partition_shape_B(TILED_MMA, SHAPE_NK)

The shape of one thread's partition of an (N,K) tensor: (FrgV, RestN, RestK).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('partition_shape_B')`` shows its result)::

    partition_shape_B(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,64))"""

def partition_shape_C(tiled_mma: Arg, shape_mn: Arg, **kwargs: Arg) -> Any:
    """partition_shape_C(TILED_MMA, SHAPE_MN)

The shape of one thread's partition of an (M,N) tensor: (FrgV, RestM, RestN).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('partition_shape_C')`` shows its result)::

    partition_shape_C(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,128))"""

def partition_fragment_C(tiled_mma: Arg, shape_mn: Arg, **kwargs: Arg) -> Any:
    """partition_fragment_C(TILED_MMA, SHAPE_MN)

The layout of a thread's accumulator fragment: compact column-major of partition_shape_C; of an UMMA (SM100) tiled MMA, its accumulator in tensor memory (tmem_[32b](0x0000.0000) o ((128,256),1,1):((65536,1),0,0), CuTe's UMMA::tmem_frg).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('partition_fragment_C')`` shows its result)::

    partition_fragment_C(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)), (128,128))"""

def tile_size(tiled_mma: Arg, *more: Arg, **kwargs: Arg) -> Any:
    """tile_size<I...>(TILED_MMA | TILED_COPY)

The extent of mode I of the tile a tiled MMA (M,N,K) or a tiled copy (its Tiler_MN) covers.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_size')`` shows its result)::

    tile_size<0>(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)))"""

def tile_shape(tiled_mma: Arg, **kwargs: Arg) -> Any:
    """tile_shape(TILED_MMA)

The (M,N,K) tile a tiled MMA covers.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tile_shape')`` shows its result)::

    tile_shape(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)))"""

def make_tiled_copy_S(copy_atom: Arg, tiled_copy: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_S(COPY_ATOM, TILED_COPY)

The TiledCopy of COPY_ATOM over TILED_COPY's source TV layout and tiler.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_S')`` shows its result)::

    make_tiled_copy_S(copy_atom(UniversalCopy<uint16_t>, half_t), make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2))).get_layoutS_TV"""

def make_tiled_copy_D(copy_atom: Arg, tiled_copy: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_D(COPY_ATOM, TILED_COPY)

The TiledCopy of COPY_ATOM over TILED_COPY's destination TV layout and tiler.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_D')`` shows its result)::

    make_tiled_copy_D(copy_atom(UniversalCopy<uint16_t>, half_t), make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2))).get_layoutD_TV"""

def make_tiled_copy_C_atom(copy_atom: Arg, tiled_mma: Arg, **kwargs: Arg) -> Any:
    """make_tiled_copy_C_atom(COPY_ATOM, TILED_MMA)

The smallest TiledCopy that retiles a TiledMMA's C layout (epilogue subtiles).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiled_copy_C_atom')`` shows its result)::

    make_tiled_copy_C_atom(copy_atom(UniversalCopy<uint32_t>, float), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN"""

def make_cotiled_copy(copy_atom: Arg, atom_tv_layout: Arg, data_layout: Arg, **kwargs: Arg) -> Any:
    """make_cotiled_copy(COPY_ATOM, ATOM_TV_LAYOUT, DATA_LAYOUT)

The TiledCopy whose (thread, value) -> address layout is ATOM_TV_LAYOUT into DATA_LAYOUT's codomain.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_cotiled_copy')`` shows its result)::

    make_cotiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8):(8,1)).Tiler_MN"""

def make_tmem_copy(copy_atom: Arg, tmem_tensor: Arg, **kwargs: Arg) -> Any:
    """make_tmem_copy(COPY_ATOM | TMEM_OP, TMEM_TENSOR)

The TiledCopy of a TMEM load or store (SM100_TMEM_LOAD_32dp32b8x, ...) over a tensor in tensor memory: four warps, each at the same place in its own 32-lane subpartition (CuTe's make_cotiled_copy of ((32,4):(0,32*DP<T>), coalesce(upcast<bits(T)>(ValID)))); an operation alone takes the tensor's element type.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tmem_copy')`` shows its result)::

    make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x, make_tmem_ptr<float>(0) o (128,32):(65536,1)).Tiler_MN"""

def make_tmem_warp_partitioner(tmem_tensor: Arg, **kwargs: Arg) -> Any:
    """make_tmem_warp_partitioner(TMEM_TENSOR)

CuTe's TV_Tiler of a TMEM tensor's four warps (each its 32-lane subpartition): fields Tiler_MN, TiledLayout_TV; .get_slice(w).partition(T) is warp w's part of T (the TMEM tensor, or a gmem tensor of its shape).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tmem_warp_partitioner')`` shows its result)::

    make_tmem_warp_partitioner(make_tensor(make_tmem_ptr<float>(0), make_layout(make_shape(Int<128>{},Int<64>{}), make_stride(Int<65536>{},Int<1>{})))).TiledLayout_TV"""

def make_tiler_impl(layout_tv: Arg, tiler_mn: Arg, **kwargs: Arg) -> Any:
    """make_tiler_impl(LAYOUT_TV, TILER_MN)

CuTe's TV_Tiler<Layout_TV, Tiler_MN> (atom/partitioner.hpp): a (thread, value) layout over a tile, without an atom; .apply(T), .get_slice(i).partition(T).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tiler_impl')`` shows its result)::

    make_tiler_impl(4:1, (4:32,1:0)).get_slice(1).partition((128,64))"""

def make_tensor_like(t: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_tensor_like(T) | make_tensor_like<T>(L)

A new (register) tensor like T: make_layout_like of T's layout (of a tensor over memory, an owning tensor of its element type, ptr[16b](stack) o L; with an element type, an owning tensor of that type).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tensor_like')`` shows its result)::

    make_tensor_like(5 o (4,8):(8,1))"""

def inner_partition(t: Arg, tiler: Arg, coord: Arg, **kwargs: Arg) -> Any:
    """inner_partition(T, TILER, COORD)

Zipped_divide(T, TILER), the tile at COORD of the rest mode: OFFSET o LAYOUT.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('inner_partition')`` shows its result)::

    inner_partition((8,24):(1,8), (4,8), (1,2))"""

def outer_partition(t: Arg, tiler: Arg, coord: Arg, **kwargs: Arg) -> Any:
    """outer_partition(T, TILER, COORD)

Zipped_divide(T, TILER), element COORD of every tile: OFFSET o LAYOUT.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('outer_partition')`` shows its result)::

    outer_partition((8,24):(1,8), (4,8), (1,2))"""

def tensor(t: Arg, i: Arg = ..., j: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """tensor(T, i, j, ...) | tensor<I...>(T)

The subtensor of mode i, then j, ...: T's iterator over get<I...>(T's layout); of no mode, T itself.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tensor')`` shows its result)::

    tensor<1>(make_tensor(make_smem_ptr<half_t>(nullptr) + 4, make_layout(make_shape(Int<3>{},make_shape(Int<2>{},Int<5>{})))))"""

def tma_partition(tma_atom: Arg, cta_coord: Arg, cta_layout: Arg, stensor: Arg = ..., gtensor: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """tma_partition(TMA_ATOM, CTA_COORD, CTA_LAYOUT, STENSOR, GTENSOR...) | tma_partition(TMA_ATOM, STENSOR, GTENSOR)

The TMA's partition of the smem tensor and of each gmem tensor (mode 0 the TMA tile): each tensor ((TMA,TMA_Iter), Rest...) over the smem tile's largest contiguous vector, offset for the CTA's multicast share; the tuple (GTENSOR..., STENSOR).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('tma_partition')`` shows its result)::

    tma_partition(make_tma_atom(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(256,64), make_stride(64, Int<1>{})), GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<8>{},Int<64>{})), make_tensor(make_smem_ptr<half_t>(nullptr), GMMA::Layout_K_SW128_Atom<half_t>{}), make_identity_tensor(make_shape(Int<8>{},Int<64>{})))"""

def make_gmem_ptr(ptr: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_gmem_ptr(PTR) | make_gmem_ptr<T>(nullptr)

PTR tagged as a pointer to global memory (CuTe prints gmem_ptr[16b](0x108)); a named pointer prints its name and element offset.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_gmem_ptr')`` shows its result)::

    make_gmem_ptr(static_cast<half_t*>(nullptr)) + 132"""

def make_smem_ptr(ptr: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_smem_ptr(PTR) | make_smem_ptr<T>(nullptr) | make_smem_ptr(PTR, Sw)

PTR tagged as a pointer to shared memory (CuTe prints smem_ptr[32b]((nil))); with a swizzle, CuTe's swizzle_ptr over it, whose dereference swizzles the byte address (Sw<3,4,3>_smem_ptr[16b]((nil))).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_smem_ptr')`` shows its result)::

    make_smem_ptr(static_cast<float*>(nullptr))"""

def make_rmem_ptr(ptr: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_rmem_ptr(PTR) | make_rmem_ptr<T>(nullptr)

PTR as a pointer to registers: a raw pointer stays raw (CuTe prints ptr[32b](0xc)).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_rmem_ptr')`` shows its result)::

    make_rmem_ptr(static_cast<float*>(nullptr)) + 3"""

def make_tmem_ptr(addr: Arg, arg1: Arg = ..., **kwargs: Arg) -> Any:
    """make_tmem_ptr<T>([ADDR])

A pointer to Blackwell's tensor memory at the 32-bit address ADDR (0 when left out): lane in the upper 16 bits, 32-bit column in the lower; CuTe prints tmem_[32b](0x0001.0020). It moves by addr + rotr(n, log_2(32/bits(T))): a sub-word element's index sits in the top bits.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_tmem_ptr')`` shows its result)::

    make_tmem_ptr<half_t>(0) + 3"""

def make_sparse_ptr(ptr: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """make_sparse_ptr<S>(PTR)

CuTe's sparse_ptr over PTR, a pointer to sparse_elem<S,T> (pointer_sparse.hpp): it moves by logical elements, S of them one physical T, its width sizeof_bits<sparse_elem<S,T>> = bits(T)/S; CuTe prints sparse<2>_ptr[_8b](0x4), smem_sparse<2>_ptr[_8b](…) in shared memory (PTR itself for S = 1).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_sparse_ptr')`` shows its result)::

    make_smem_ptr(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr))) + 4"""

def static_cast(nullptr: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """static_cast<T*>(nullptr)

The null pointer typed T* (its width is sizeof_bits<T>), or a pointer cast to its own type.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('static_cast')`` shows its result)::

    static_cast<half_t*>(nullptr) + 3"""

def reinterpret_cast(nullptr: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """reinterpret_cast<T*>(nullptr)

As static_cast: the null pointer typed T*.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('reinterpret_cast')`` shows its result)::

    reinterpret_cast<float*>(nullptr)"""

def recast_ptr(ptr: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """recast_ptr<T>(PTR)

PTR's address as a pointer to T (CuTe's recast_ptr): a subbyte_iterator for a type narrower than a byte (gmem_subptr[4b](0x3.0)), a sparse_ptr for a sparse_elem<S,T>; of a sparse_ptr, its physical pointer's address.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('recast_ptr')`` shows its result)::

    recast_ptr<half_t>(make_gmem_ptr(static_cast<float*>(nullptr)) + 3)"""

def recast(tensor: Arg, arg1: Arg, **kwargs: Arg) -> Any:
    """recast<T>(TENSOR)

A tensor over memory as a tensor of T (CuTe's recast, tensor_impl.hpp): its pointer recast_ptr<T>, its layout recast_layout<Old,T>.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('recast')`` shows its result)::

    recast<half_t>(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(4,8)))"""

def recast_tensor(tensor: Arg, dtype: Arg, **kwargs: Arg) -> Any:
    """recast_tensor(TENSOR, DTYPE)

The CuTe DSL's tensor of DTYPE over the same memory (cute.recast_tensor): C++'s recast<T>(TENSOR).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('recast_tensor')`` shows its result)::

    cute.recast_tensor(cute.make_rmem_tensor((4, 8), cutlass.Float32), cutlass.Int32)"""

def make_ptr(dtype: Arg, value: Arg, mem_space: Arg = ..., **kwargs: Arg) -> Any:
    """make_ptr(DTYPE, VALUE[, MEM_SPACE])

The CuTe DSL's pointer to DTYPE elements at byte address VALUE in MEM_SPACE (AddressSpace.gmem, .smem, .rmem, .generic): cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem) is gmem_ptr[16b](0x108).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_ptr')`` shows its result)::

    cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem)"""

def make_rmem_tensor(layout: Arg, dtype: Arg, **kwargs: Arg) -> Any:
    """make_rmem_tensor(LAYOUT|SHAPE, DTYPE)

The CuTe DSL's owning register tensor of DTYPE elements over LAYOUT (a shape: its column-major layout), holding values (t.fill(v), t[i] = v, cute.print_tensor(t)): C++'s make_tensor<T>(L).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_rmem_tensor')`` shows its result)::

    cute.make_rmem_tensor(cute.make_layout((2,3)), cutlass.Float32)"""

def sym_int(width: Arg = ..., *, divisibility: Arg = ..., symbol: Arg = ..., **kwargs: Arg) -> Any:
    """sym_int(width=32, *, divisibility=1, symbol=None)

The CuTe DSL's symbolic integer (SymInt) for cute.compile without data: a run-time integer of WIDTH bits (32 or 64) known to be a multiple of DIVISIBILITY, printed ?{div=1}, ?{i64 div=16}, M ?{div=8} with a SYMBOL; a fake tensor's extent or stride.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('sym_int')`` shows its result)::

    cute.sym_int(64, divisibility=16)"""

def sym_int32(divisibility: Arg = ..., symbol: Arg = ..., **kwargs: Arg) -> Any:
    """sym_int32(divisibility=1, symbol=None)

A 32-bit SymInt: cute.sym_int(32, divisibility=DIVISIBILITY, symbol=SYMBOL).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('sym_int32')`` shows its result)::

    cute.sym_int32(divisibility=8, symbol="M")"""

def sym_int64(divisibility: Arg = ..., symbol: Arg = ..., **kwargs: Arg) -> Any:
    """sym_int64(divisibility=1, symbol=None)

A 64-bit SymInt (the DSL's choice for a tensor's extents): cute.sym_int(64, divisibility=DIVISIBILITY, symbol=SYMBOL).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('sym_int64')`` shows its result)::

    cute.sym_int64(divisibility=16)"""

def make_fake_compact_tensor(dtype: Arg, shape: Arg, *, stride_order: Arg = ..., memspace: Arg = ..., assumed_align: Arg = ..., use_32bit_stride: Arg = ..., **kwargs: Arg) -> Any:
    """make_fake_compact_tensor(dtype, shape, *, stride_order=None, memspace=AddressSpace.gmem, assumed_align=None, use_32bit_stride=False)

The CuTe DSL's fake tensor (cute.runtime's _FakeTensor) for cute.compile without data: DTYPE elements over SHAPE (ints and SymInts) with compact strides in STRIDE_ORDER (0 the fastest; a SymInt's product a SymInt of 64 bits, of 32 with USE_32BIT_STRIDE), printed FakeTensor<Float32, (?{div=1},), (1,)>; a jit function compiled with it traces a tensor in MEMSPACE.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_fake_compact_tensor')`` shows its result)::

    cute.runtime.make_fake_compact_tensor(cutlass.Float16, (100, cute.sym_int32(divisibility=8)), stride_order=(1, 0))"""

def make_fake_tensor(dtype: Arg, shape: Arg, stride: Arg, *, memspace: Arg = ..., assumed_align: Arg = ..., **kwargs: Arg) -> Any:
    """make_fake_tensor(dtype, shape, stride, *, memspace=AddressSpace.gmem, assumed_align=None)

The CuTe DSL's fake tensor of DTYPE elements over SHAPE with the strides STRIDE (ints and SymInts), for cute.compile without data.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_fake_tensor')`` shows its result)::

    cute.runtime.make_fake_tensor(cutlass.Float16, (cute.sym_int64(symbol="M"), 128), (cute.sym_int64(divisibility=16), 1))"""

def TypedTensor(dtype: Arg, shape: Arg, stride: Arg, memspace: Arg = ..., assumed_align: Arg = ..., **kwargs: Arg) -> Any:
    """TypedTensor(dtype, shape, stride, memspace=AddressSpace.generic, assumed_align=None)

The CuTe DSL's tensor type (cute.typing.TypedTensor; cute.Tensor[DTYPE, SHAPE, STRIDE] makes it too): DTYPE elements over the static SHAPE and STRIDE in MEMSPACE, its pointer ASSUMED_ALIGN bytes aligned (the element's size by default), printed Tensor<Float32, (16,), (1,)>.

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('TypedTensor')`` shows its result)::

    cute.typing.TypedTensor(cutlass.Float32, (16,), (1,))"""

def make_fake_stream(*, use_tvm_ffi_env_stream: Arg = ..., **kwargs: Arg) -> Any:
    """make_fake_stream(*, use_tvm_ffi_env_stream=False)

The CuTe DSL's placeholder of a CUDA stream for cute.compile (FakeStream).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('make_fake_stream')`` shows its result)::

    cute.runtime.make_fake_stream()"""

def copy(atom: Arg, src: Arg, dst: Arg = ..., **kwargs: Arg) -> Any:
    """copy([atom,] src, dst)

Copies src's elements into dst (prints nothing; the values are written).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('copy')`` shows its result)::

    copy(make_tensor<float>(Shape<_4,_8>{}), make_tensor<float>(Shape<_4,_8>{}))"""

def copy_if(atom: Arg, pred: Arg, src: Arg, dst: Arg = ..., **kwargs: Arg) -> Any:
    """copy_if([atom,] pred, src, dst)

Copies src(i) into dst(i) where pred(i) (prints nothing; the values are written).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('copy_if')`` shows its result)::

    copy_if(make_tensor<bool>(Shape<_8>{}), make_tensor<float>(Shape<_8>{}), make_tensor<float>(Shape<_8>{}))"""

def fill(t: Arg, v: Arg, **kwargs: Arg) -> Any:
    """fill(T, v)

Sets every element of T to v (prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('fill')`` shows its result)::

    fill(make_tensor<float>(Shape<_4,_8>{}), 0)"""

def clear(t: Arg, **kwargs: Arg) -> Any:
    """clear(T)

Sets every element of T to zero (prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('clear')`` shows its result)::

    clear(make_tensor<float>(Shape<_4,_8>{}))"""

def axpby(alpha: Arg, x: Arg, beta: Arg, y: Arg, pred: Arg = ..., **kwargs: Arg) -> Any:
    """axpby(alpha, X, beta, Y[, pred])

Y(i) = alpha * X(i) + beta * Y(i) (prints nothing; the values are written).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('axpby')`` shows its result)::

    axpby(2, make_tensor<float>(Shape<_8>{}), 1, make_tensor<float>(Shape<_8>{}))"""

def gemm(mma: Arg, a: Arg, b: Arg, c: Arg = ..., *more: Arg, **kwargs: Arg) -> Any:
    """gemm([mma,] A, B, C)

C += A * B by gemm.hpp's dispatch on the ranks, the universal FMA on the values (prints nothing; its asserts checked as CuTe compiles them).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('gemm')`` shows its result)::

    gemm(make_tensor<float>(Shape<_4,_2>{}), make_tensor<float>(Shape<_8,_2>{}), make_tensor<float>(Shape<_4,_8>{}))"""

def for_each(t: Arg, f: Arg, arg2: Arg = ..., **kwargs: Arg) -> Any:
    """for_each(T, f) | for_each(T0, T1, f)

Calls f(T(i)) for each element of a tensor, f(get<i>(t)) for each mode of a tuple or integer sequence, f(get<i>(t0), get<i>(t1)) of two tuples (a functor of CuTe's or a lambda; prints what f prints).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('for_each')`` shows its result)::

    for_each(make_tensor(make_inttuple_iter(0), make_layout(Shape<_4>{})), negate{})"""

def transform(t: Arg, f: Arg, arg2: Arg = ..., arg3: Arg = ..., **kwargs: Arg) -> Any:
    """transform(T, f) | transform(A, B, f) | transform(A, B, C, f)

T(i) = f(T(i)); B(i) = f(A(i)); C(i) = f(A(i), B(i)), for i < size of the first (f: a functor of CuTe's, plus{}, negate{}, …, or a lambda; prints nothing).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('transform')`` shows its result)::

    transform(make_tensor<float>(Shape<_4>{}), negate{})"""

def reduce(t: Arg, init: Arg, f: Arg = ..., **kwargs: Arg) -> Any:
    """reduce(T, init[, f])

Init = f(init, T(i)) for each element, in init's type (f: plus{} by default, a functor of CuTe's or a lambda): the result (cute/algorithm/tensor_reduce.hpp).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('reduce')`` shows its result)::

    reduce(make_tensor(make_inttuple_iter(0), make_layout(Shape<_4>{})), 0)"""

def logical_reduce(s: Arg, d: Arg, profile: Arg, f: Arg = ..., **kwargs: Arg) -> Any:
    """logical_reduce(S, D, PROFILE[, f])

D(i) = reduce over the modes of S at the integers of PROFILE, batched over its '_' modes (f: plus{} by default; prints nothing; cute/algorithm/tensor_reduce.hpp): CuTe 4.7 first asserts compatible(PROFILE, shape(S)), which a profile with '_' never is: a warning (a build with NDEBUG, as CUTLASS's tests, leaves the assert out).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('logical_reduce')`` shows its result)::

    logical_reduce(make_tensor(make_inttuple_iter(0), make_layout(Shape<_4>{})), make_tensor<int>(Shape<_1>{}), 4)"""

def batch_reduce(s: Arg, d: Arg, f: Arg = ..., **kwargs: Arg) -> Any:
    """batch_reduce(S, D[, f])

D(i) = reduce(S(_,i), D(i), f) for i < size(D): S is (RedMode, BatchMode) (f: plus{} by default; prints nothing; cute/algorithm/tensor_reduce.hpp).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('batch_reduce')`` shows its result)::

    batch_reduce(make_tensor<float>(Shape<_4,_2>{}), make_tensor<float>(Shape<_2>{}))"""

def real(z: Arg, **kwargs: Arg) -> Any:
    """real(z)

The real part of a complex value (cutlass::real).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('real')`` shows its result)::

    real(complex<float>(1.5f, -2.f))"""

def imag(z: Arg, **kwargs: Arg) -> Any:
    """imag(z)

The imaginary part of a complex value (cutlass::imag; of a real value, 0).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('imag')`` shows its result)::

    imag(complex<float>(1.5f, -2.f))"""

def conj(z: Arg, **kwargs: Arg) -> Any:
    """conj(z)

The complex conjugate (cutlass::conj; of a real value, the value).

Example, in cute's notation (``cutelayout.read`` evaluates it; ``cutelayout.describe('conj')`` shows its result)::

    conj(complex<float>(1.5f, -2.f))"""
