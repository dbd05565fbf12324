"""Write python/cutelayout/__init__.pyi, the type stubs, from the function table.

    python crates/python/gen_stubs.py          # after `pip install ./crates/python`

tests/test_stubs.py checks that the committed stubs are what this writes.
"""

import keyword
import pathlib
import sys

HEADER = '''"""Type stubs of cutelayout (written by gen_stubs.py from cute's function table)."""

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
'''


def parameter_list(params, arity):
    # (a signature's bare `*`: the parameters past `positional` are keyword-only)
    lo, hi, positional = arity
    names = []
    for i, p in enumerate(params):
        p = p if p.isidentifier() and not keyword.iskeyword(p) else f"arg{i}"
        while p in names:
            p += "_"
        names.append(p)
    want = hi if hi is not None else max(lo, len(names))
    while len(names) < want:
        names.append(f"arg{len(names)}")
    names = names[:want]
    parts = []
    for i, n in enumerate(names):
        if i == positional:
            parts.append("*")
        parts.append(f"{n}: Arg" if i < lo else f"{n}: Arg = ...")
    if hi is None:
        parts.append("*more: Arg")
    parts.append("**kwargs: Arg")
    return ", ".join(parts)


def stubs():
    import cutelayout as cute

    out = [HEADER]
    seen = set()
    for name, sig, summary, example, explained, params, arity in cute._native.functions():
        if not name.isidentifier() or name in seen:
            continue
        seen.add(name)
        doc = getattr(cute, name).__doc__.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
        out.append(f"def {name}({parameter_list(params, arity)}) -> Any:\n    \"\"\"{doc}\"\"\"\n")
    return "\n".join(out)


def main():
    path = pathlib.Path(__file__).resolve().parent / "python" / "cutelayout" / "__init__.pyi"
    text = stubs()
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if path.read_text() == text else 1)
    path.write_text(text)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
