#!/usr/bin/env python3
"""Expectations for tensors over CuTe's swizzle_ptr (issue 37, session 29): a shared-memory
pointer whose dereference swizzles its byte address (pointer_swizzle.hpp), what
`make_tensor(smem_ptr, GMMA atom)` builds (pointer_flagged.hpp), and what slicing, tiling,
partitioning, `.data()`, `recast`, `tensor<I>` and `as_position_independent_swizzle_tensor` make
of it. Each
expression below, printed by CuTe 4.7's `print()` through /work/shared/tools/cute-oracle, goes
into tests/golden/swizzle_ptr_oracle.tsv (expression, TAB, what CuTe prints); the integration
test tests/integration/smem.rs checks `cute eval --format cute` against it.

On the host, `as_position_independent_swizzle_tensor`'s debug alignment check prints
`ERROR: cast_smem_ptr_to_uint not supported but used.` (no shared memory there): that line is
not the value's print and is left out.

    python3 tests/oracle/gen_swizzle_ptr.py
"""
import pathlib
import subprocess

ORACLE = "/work/shared/tools/cute-oracle"
OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "swizzle_ptr_oracle.tsv"
HOST_ONLY = "ERROR: cast_smem_ptr_to_uint not supported but used."

ATOMS = [
    ("half_t", "Layout_K_SW128_Atom"),
    ("half_t", "Layout_K_SW64_Atom"),
    ("half_t", "Layout_K_SW32_Atom"),
    ("half_t", "Layout_K_INTER_Atom"),
    ("half_t", "Layout_MN_SW128_Atom"),
    ("half_t", "Layout_MN_SW64_Atom"),
    ("float", "Layout_K_SW128_Atom"),
    ("uint8_t", "Layout_K_SW64_Atom"),
    ("tfloat32_t", "Layout_MN_SW32_Atom"),
]


def tensor(t, atom, shape=None, at=""):
    layout = f"GMMA::{atom}<{t}>{{}}"
    if shape:
        layout = f"tile_to_shape({layout}, {shape})"
    return f"make_tensor(make_smem_ptr<{t}>(nullptr){at}, {layout})"


def cases():
    out = []
    for t, atom in ATOMS:
        s = tensor(t, atom)
        out += [s, f"{s}.data()", f"{s}(_,1)", f"{s}(1,_)", f"as_position_independent_swizzle_tensor({s})"]
    shape = "make_shape(Int<128>{},Int<64>{},Int<3>{})"
    big = tensor("half_t", "Layout_K_SW128_Atom", shape)
    mn = tensor("half_t", "Layout_MN_SW128_Atom", shape)
    mma = "make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{})"
    copy = "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})"
    out += [
        big,
        mn,
        f"{big}(_,_,2)",
        f"{big}.data() + 3",
        f"{big}(_,_,1).data()",
        f"&{big}(1,8,0)",
        f"&{big}(9,17,2)",
        f"local_tile({big}, make_shape(Int<64>{{}},Int<16>{{}}), make_coord(1,2,_))",
        f"local_partition({big}, Layout<Shape<_2,_4>>{{}}, 3)",
        f"recast<float>({big})",
        f"recast<uint8_t>({big})",
        f"recast<uint128_t>({big})",
        f"as_position_independent_swizzle_tensor({big})",
        f"as_position_independent_swizzle_tensor({mn})",
        f"as_position_independent_swizzle_tensor({big}(_,_,1))",
        f"as_position_independent_swizzle_tensor(make_tensor(make_smem_ptr<half_t>(nullptr), Layout<Shape<_8,_64>,Stride<_64,_1>>{{}}))",
        f"as_position_independent_swizzle_tensor(make_tensor(make_smem_ptr<half_t>(nullptr), composition(Swizzle<3,4,3>{{}}, Layout<Shape<_8,_64>,Stride<_64,_1>>{{}})))",
        f"tensor<0>({big})",
        f"tensor<2>({big})",
        f"tensor<0,1>({big})",
        f"tensor<0>(as_position_independent_swizzle_tensor({big}))",
        "tensor<1,0>(make_tensor(make_smem_ptr<half_t>(nullptr) + 4, make_layout(make_shape(Int<3>{},make_shape(Int<2>{},Int<5>{})))))",
        f"{mma}.get_slice(0).partition_A({big})",
        f"{mma}.get_slice(77).partition_B({mn})",
        f"{copy}.get_slice(3).partition_D({big})",
        f"{copy}.get_slice(3).partition_D(as_position_independent_swizzle_tensor({big}))",
        tensor("half_t", "Layout_K_SW128_Atom", None, " + 512"),
        "make_smem_ptr(static_cast<half_t*>(nullptr), Swizzle<3,4,3>{})",
        "make_smem_ptr(static_cast<half_t*>(nullptr) + 64, Swizzle<3,4,3>{})",
        "make_smem_ptr(static_cast<float*>(nullptr), Swizzle<0,4,3>{})",
        "make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr), Swizzle<3,4,3>{}), Layout<Shape<_8,_64>,Stride<_64,_1>>{})",
        "make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr) + 64, Swizzle<2,4,3>{}), Layout<Shape<_8,_32>,Stride<_32,_1>>{})(_,3)",
        "recast_ptr<float>(make_smem_ptr(static_cast<half_t*>(nullptr) + 64, Swizzle<3,4,3>{}))",
    ]
    return out


def main():
    exprs = cases()
    got = subprocess.run([ORACLE, *exprs], capture_output=True, text=True, check=True).stdout
    lines = [l for l in got.splitlines() if l != HOST_ONLY]
    assert len(lines) == len(exprs), (len(lines), len(exprs))
    OUT.write_text("".join(f"{e}\t{l}\n" for e, l in zip(exprs, lines)))
    print(f"{len(exprs)} cases into {OUT}")


if __name__ == "__main__":
    main()
