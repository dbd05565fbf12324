#!/usr/bin/env python3
"""The CuTe DSL's `size` and `cosize` of layouts whose `cutlass.Int32` arithmetic is past
32 bits (session 33): the DSL traces it (no error; it wraps at run time) and prints its
divisibility, where C++'s `int` past its range is undefined behaviour (cute's error).

    python3 tests/oracle/gen_dsl_int32_algebra.py
writes tests/golden/dsl_int32_algebra.tsv: each expression and what `print(EXPR)` prints in a
@cute.jit function of the DSL 4.8.1 (/work/shared/tools/dsl-oracle). The integration test
`typed_algebra_dsl_int32_size_traced` runs `print(EXPR)` through `cute eval`.
"""
import pathlib
import subprocess

ORACLE = "/work/shared/tools/dsl-oracle"
OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "dsl_int32_algebra.tsv"

EXPRESSIONS = [
    "cute.size(cute.make_layout((cutlass.Int32(65536), 65536)))",
    "cute.size((cutlass.Int32(65536), 65536))",
    "cute.size((cutlass.Int32(65536), 65536)) * 2",
    "cute.size((cutlass.Int32(65536), 65536, 2))",
    "cute.size((cutlass.Int32(4), 65536))",
    "cute.size((cutlass.Int32(65536), cutlass.Int32(65536)))",
    "cute.size(cute.make_layout((65536, cutlass.Int32(65536)), stride=(1, 65536)))",
    "cute.cosize(cute.make_layout((cutlass.Int32(4), 65536)))",
    "cute.cosize(cute.make_layout((cutlass.Int32(65536), 65536)))",
    "cute.cosize(cute.make_layout((65536, cutlass.Int32(65536)), stride=(1, 65536)))",
    "cute.cosize(cute.make_layout((cutlass.Int32(65536), 65536), stride=(65536, 1)))",
    "cute.crd2idx((cutlass.Int32(65535), 65535), cute.make_layout((65536, 65536)))",
    # the layout functions past 32 bits (session 33, part 3)
    "cute.make_layout((cutlass.Int32(65536), 65536, 2))",
    "cute.make_layout((2, cutlass.Int32(65536), 65536))",
    "cute.coalesce(cute.make_layout((cutlass.Int32(65536), 65536, 2)))",
    "cute.composition(cute.make_layout((cutlass.Int32(65536), 65536)), cute.make_layout(4, stride=65536))",
    "cute.composition(cute.make_layout((cutlass.Int32(65536), 65536), stride=(65536, 1)), cute.make_layout((4, 4), stride=(65536, 1)))",
    "cute.composition(cute.make_layout(65536, stride=cutlass.Int32(65536)), cute.make_layout(65536, stride=2))",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(65536), 65536)), (4,))",
    "cute.zipped_divide(cute.make_layout((cutlass.Int32(65536), 65536)), (4, 4))",
    "cute.tiled_divide(cute.make_layout((cutlass.Int32(65536), 65536)), (4, 4))",
    "cute.make_layout_like(cute.make_layout((cutlass.Int32(65536), 65536, 2), stride=(65536, 1, 1)))",
    "cute.make_layout_like(cute.make_layout((2, cutlass.Int32(65536), 65536), stride=(1, 2, 131072)))",
    "cute.complement(cute.make_layout((cutlass.Int32(65536), 4), stride=(1, 65536)), 65536 * 65536 * 4)",
    "cute.complement(cute.make_layout(cutlass.Int32(65536), stride=65536), 65536 * 65536 * 4)",
    "cute.complement(cute.make_layout(4, stride=cutlass.Int32(65536)), 65536 * 65536 * 4)",
    "cute.complement(cute.make_layout(cutlass.Int32(65537), stride=65536), cutlass.Int32(4))",
    "cute.complement(cute.make_layout(cutlass.Int32(65537), stride=65536), 4)",
    "cute.complement(cute.make_layout(cutlass.Int32(65537), stride=65536), 65536 * 65536 * 4)",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(65536), 65536)), cute.make_layout(4, stride=65536))",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(65537), 65536)), cute.make_layout(4, stride=65536))",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(65537), 65536)), (4,))",
    "cute.zipped_divide(cute.make_layout((cutlass.Int32(65537), 65536)), cute.make_layout(4, stride=65536))",
    "cute.logical_divide(cute.make_layout(cutlass.Int32(65537), stride=65536), cute.make_layout(4, stride=2))",
    "cute.make_ordered_layout((cutlass.Int32(65536), 65536, 2), order=(0, 1, 2))",
    "cute.make_ordered_layout((cutlass.Int32(65536), 65536, 2), order=(2, 1, 0))",
    "cute.make_ordered_layout((2, cutlass.Int32(65536), 65536), order=(0, 2, 1))",
    "cute.make_ordered_layout((cutlass.Int32(65537), 65536, (2, 3)), order=(0, 1, (2, 3)))",
    "cute.flat_divide(cute.make_layout((cutlass.Int32(65537), 65536)), cute.make_layout(4, stride=65536))",
    "cute.coalesce(cute.make_layout((cutlass.Int32(65536), 65536, 2)), target_profile=(1, 1))",
    "cute.cosize(cute.logical_divide(cute.make_layout((cutlass.Int32(65537), 65536)), (4,)))",
]


def main():
    r = subprocess.run([ORACLE, *EXPRESSIONS], capture_output=True, text=True, check=True)
    lines = r.stdout.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(EXPRESSIONS), (r.stdout, r.stderr)
    OUT.write_text("".join(f"{e}\t{o}\n" for e, o in zip(EXPRESSIONS, lines)))
    print(f"{len(EXPRESSIONS)} cases -> {OUT}")


if __name__ == "__main__":
    main()
