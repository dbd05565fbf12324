"""Differential: DSL code run eagerly gives the CuTe DSL's answers.

data/dsl_expected.tsv holds each case of data/dsl_cases.txt with what the CuTe DSL (4.8.1)
printed for it inside @cute.jit (data/gen_dsl_expected.sh asks ../shared/tools/dsl-oracle).
Each case is Python, evaluated here with ``cute`` bound to cutelayout and ``cutlass`` to
cutelayout.cutlass (the DSL's element types): the atoms are made from the DSL's operations
(``cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, ...)``).
"""

import pathlib
import re

import pytest

import cutelayout as cute

DATA = pathlib.Path(__file__).resolve().parent / "data"
CASES = [
    tuple(line.split("\t", 1))
    for line in (DATA / "dsl_expected.tsv").read_text().splitlines()
    if line.strip()
]

# Where the DSL refuses and cute answers (documented in the README): a default cotarget for
# complement, the C++ names is_compatible/upcast/downcast, tile_to_shape's default order, a
# thread index given as a plain int, and the DSL's MLIR failures on cases cute answers.
EXTENSIONS = {
    "cute.complement(cute.make_layout(4, stride=1))",
    "cute.complement(cute.make_layout((4,6), stride=(1,6)))",
    "cute.local_partition(cute.make_identity_tensor((16,32)), cute.make_layout((4,8)), 5)",
    "cute.is_compatible(32, (4,8))",
    "cute.tile_to_shape(cute.make_layout((2,4)), (8,16))",
    "cute.upcast(cute.make_layout((4,8), stride=(8,1)), 2)",
    "cute.downcast(cute.make_layout((4,8), stride=(8,1)), 2)",
    "cute.depth(cute.make_layout((4,(2,3))), mode=[1])",
}

# Where the DSL answers and cute refuses by design (README: "Where cute is stricter than CuTe"):
# the complement of a layout whose strides overlap.
REFUSED_BY_CUTE = {
    "cute.complement(cute.make_layout((2,2), stride=(2,2)), 8)",
    # the DSL's 16x16 8-bit ldmatrix has layouts of its own, no CuTe C++ atom's
    "cute.make_copy_atom(cute.nvgpu.warp.LdMatrix16x16x8bOp(transpose=True, num_matrices=2), "
    "cutlass.Uint8).layout_dst_tv",
    "cute.make_copy_atom(cute.nvgpu.warp.LdMatrix16x16x8bOp(transpose=True, num_matrices=1), "
    "cutlass.Uint8).layout_dst_tv",
}

# Where the engine answered as CuTe C++ 4.7 and the DSL otherwise: none now (CopyUniversalOp's
# auto width and the one-SM tcgen05 atoms' thread stride are the DSL's, crates/core).
AS_CPP = {}

# Where the engine (crates/core) answers otherwise than the DSL today: reported, not the
# Python layer's to change (it calls the engine as `cute eval` does). None now: slice_ of a
# tuple, make_fragment_like of rank 2, repeat_like(x, target), raked_product and the
# three-argument make_tiled_copy take the DSL's form of the engine's table (SPEC §1: the
# dialect of the statement decides; every call of the package is DSL).
CORE_DIFFERENCES = {}


def normalize(text):
    """The DSL's print and cute's notation, made comparable: no spaces, cute's `Sw<` for the
    DSL's `S<`, an iterator's tuple without `ArithTuple`, a tensor without `tensor<...>`."""
    s = text.replace(" ", "")
    m = re.fullmatch(r"tensor<(.*)>", s)
    if m:
        s = m.group(1)
    s = re.sub(r"\bS<", "Sw<", s)
    s = s.replace("ArithTuple(", "(")
    return s


@pytest.mark.parametrize("expr,expected", CASES, ids=[c[0][:60] for c in CASES])
def test_dsl_answer(expr, expected):
    env = {"cute": cute, "cutlass": cute.cutlass}
    if expr in CORE_DIFFERENCES:
        pytest.xfail(CORE_DIFFERENCES[expr])
    if expr in REFUSED_BY_CUTE:
        with pytest.raises(cute.CuteError):
            eval(expr, env)
        return
    if expected.startswith("error:"):
        if expr in EXTENSIONS:
            eval(expr, env)  # cute answers (and does not crash)
            return
        with pytest.raises(cute.CuteError):
            eval(expr, env)
        return
    got = eval(expr, env)
    if expr in AS_CPP:
        expected = AS_CPP[expr]
    assert normalize(str(got)) == normalize(expected), f"{expr}\n want {expected}\n got  {got}"


def test_done_when_statement():
    a = cute.make_layout((12, (4, 8)), stride=(59, (13, 1)))
    r = cute.composition(a, (cute.make_layout(3, stride=4), cute.make_layout(8, stride=2)))
    assert str(r) == "(3,(2,4)):(236,(26,1))"
    assert isinstance(r, cute.Layout)


def test_fake_tensors_and_symbolic_ints_eagerly():
    # the DSL's placeholders of cute.compile, outside @cute.jit: the table's functions
    # (functions/fake.rs), their values printed as the DSL prints them
    n = cute.sym_int()
    assert str(n) == "?{div=1}" and repr(n) == "?{div=1}"
    assert str(cute.sym_int32(symbol="M")) == "M ?{div=1}"
    b = cute.runtime.make_fake_compact_tensor(
        cute.Float16, (100, cute.sym_int32(divisibility=8)), stride_order=(1, 0)
    )
    assert str(b) == "FakeTensor<Float16, (100, ?{div=8}), (?{i64 div=8}, 1)>"
    assert b.shape[0] == 100 and str(b.shape[1]) == "?{div=8}"
    assert str(b.element_type) == "Float16" and str(b.memspace) == "gmem"
    s = cute.runtime.make_fake_compact_tensor(
        cute.Float32, (3, 4), memspace=cute.AddressSpace.smem
    )
    assert str(s.memspace) == "smem"
    assert cute.runtime.make_fake_stream() == "FakeStream"
    # keyword-only past the DSL's bare `*`: Python's TypeError, as the DSL words it
    with pytest.raises(cute.CuteError, match=r"sym_int\(\) takes from 0 to 1 positional"):
        cute.sym_int(64, 2)
    with pytest.raises(cute.CuteError, match="Unsupported width: 16"):
        cute.sym_int(16)
