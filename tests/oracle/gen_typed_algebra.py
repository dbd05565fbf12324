#!/usr/bin/env python3
"""Expectations for the C++ integer types of the integers the algebra returns (issue 37, session
32; docs/typed_integers.md): each expression below, printed by CuTe 4.7's `print()` through
/work/shared/tools/cute-oracle, into tests/golden/typed_algebra.tsv (expression, TAB, what CuTe
prints). The integration test tests/integration/typed_algebra.rs checks `cute eval --format
cute` of each (read as C++: a `;` appended) against it; the rows whose value is undefined
behaviour in C++ (a signed `int` past its range: g++ -O0 shows it wrapped) are listed there
and are errors in cute.

    python3 tests/oracle/gen_typed_algebra.py
"""
import pathlib
import subprocess

ORACLE = "/work/shared/tools/cute-oracle"
OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "typed_algebra.tsv"
SESSIONS_OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "typed_sessions.tsv"

# docs/typed_integers.md's table, row by row
TABLE = [
    "size(make_layout(make_shape(65536, 65536)))",
    "size(make_layout(make_shape(65536, 65536))) * 1",
    "size(make_layout(make_shape(int64_t(65536), 65536)))",
    "size(make_shape(65536, 65536, int64_t(1)))",
    "size(make_shape(int64_t(1), 65536, 65536))",
    "size(make_shape(65536u, 65536u))",
    "size(make_shape(_65536{}, 65536))",
    "_65536{} * _65536{}",
    "Int<2147483647>{} + Int<1>{}",
    "get<0>(make_shape(2147483647, 2)) + 1",
    "cosize(make_layout(make_shape(4, 8), make_stride(1, 4))) * 2147483647",
    "make_layout(make_shape(65536, 65536))(65535, 65535)",
    "make_layout(make_shape(65536, 65536), make_stride(int64_t(1), int64_t(65536)))(65535, 65535)",
    "size(make_layout(make_shape(3, 4))) - 13u",
    "size(make_shape(int64_t(3), 4)) - 13u",
    "rank(make_shape(2, 3)) - 3",
]

# unsigned and int64_t leaves mixed, in the style of CuTe's unit tests
MIXES = [
    "size(make_shape(3u, 4)) - 13",
    "size(make_shape(3u, 4)) * -1",
    "size(make_shape(3u, int64_t(4))) - 13",
    "size(make_shape(int64_t(3), 4u)) - 13",
    "size(make_shape(65536u, 65536u, int64_t(2)))",
    "size(make_shape(int64_t(2), 65536u, 65536u))",
    "size(make_shape(4294967295u, 2))",
    "size(make_shape(make_shape(int64_t(3), 2), 4)) - 25u",
    "size(make_shape(make_shape(3u, 2), make_shape(4, 5))) - 121",
    "size<0>(make_shape(int64_t(3), 4)) - 4u",
    "size<1>(make_shape(3, 4u)) - 5",
    "get<0>(make_shape(int64_t(3), 4)) - 4u",
    "get<1>(make_shape(3, 4u)) - 5",
    "product(make_shape(int64_t(3), 4)) - 13u",
    "cosize(make_layout(make_shape(4, 8), make_stride(int64_t(1), 4))) - 40u",
    "cosize(make_layout(make_shape(4u, 8u), make_stride(1u, 4u))) - 33",
    "size(make_layout(make_shape(int64_t(3), 4), make_stride(1, 3))) - 13u",
    "size(make_shape(uint64_t(3), 4)) - 2",
    "size(make_shape(int64_t(3), 4)) / -5",
    "size(make_shape(3u, 4)) / -5",
    "size(make_shape(int64_t(3), 4)) % 5u",
    "size(make_shape(int64_t(1), 2147483647, 2))",
    "size(make_shape(int64_t(3037000499), 3037000499))",
    "sizeof(size(make_shape(3, 4)))",
    "sizeof(size(make_shape(int64_t(3), 4)))",
    "sizeof(size(make_shape(3u, 4)))",
    "sizeof(size(make_shape(3u, int64_t(4))))",
    "sizeof(size(make_shape(uint64_t(3), 4)))",
    "sizeof(get<0>(make_shape(int64_t(3), 4)))",
    "sizeof(cosize(make_layout(make_shape(4, 8), make_stride(int64_t(1), 4))))",
    "sizeof(size(make_shape(_3{}, int64_t(4))))",
    "is_same_v<decltype(size(make_shape(3, 4))), int>",
    "is_same_v<decltype(size(make_shape(int64_t(3), 4))), int64_t>",
    "is_same_v<decltype(size(make_shape(int64_t(3), 4))), int>",
    "is_same_v<decltype(size(make_shape(3u, 4))), uint32_t>",
    "is_same_v<decltype(size(make_shape(3u, int64_t(4)))), int64_t>",
    "is_same_v<decltype(size(make_shape(uint64_t(3), int64_t(4)))), uint64_t>",
    "is_same_v<decltype(size(make_shape(int64_t(3), 4)) - 13u), int64_t>",
    "is_same_v<decltype(size(make_shape(3, 4)) - 13u), uint32_t>",
]

# `C<t> op C<u>` of int constants (session 33): static where `t op u` is a constant
# expression (C++17: a left shift into the sign bit is), else C++'s run-time `int` operation
STATIC = [
    "Int<46340>{} * Int<46340>{}",
    "Int<-2147483647>{} - _1{}",
    "Int<-2147483647>{} - _2{}",
    "_1{} << Int<31>{}",
    "_3{} << Int<30>{}",
    "Int<-1>{} << _1{}",
    "_65536{} << _16{}",
    "_1{} << _32{}",
    "_8{} >> _1{}",
    "Int<-8>{} >> _1{}",
    "C<4294967295u>{} + C<1u>{}",
    "C<2147483648>{} + _1{}",
    "C<2L>{} * C<2147483647L>{}",
    "_65536{} * 65536u",
    "Int<4294967296>{}",
]

# the tuple functions in the leaves' type (session 33): `max`, `min`, `gcd` step by step in
# their operands' common type (numeric/math.hpp), `sum`, `inner_product`, `front`, `back`
TUPLES = [
    "max(size(make_shape(int64_t(3), 4)), 2) - 13u",
    "max(make_shape(int64_t(3), 4)) - 13u",
    "min(make_shape(int64_t(3), 4)) - 13u",
    "gcd(make_shape(int64_t(3), 6)) - 13u",
    "max(make_shape(3u, 4)) - 13",
    "max(make_shape(3, int64_t(4))) - 13u",
    "min(int64_t(3), 4) - 13u",
    "gcd(int64_t(6), 4) - 13u",
    "max(-1, 2u)",
    "min(-1, 2u)",
    "max(make_tuple(-1, 2u), int64_t(3))",
    "sizeof(max(make_shape(int64_t(3), 4)))",
    "sizeof(max(make_shape(3, 4)))",
    "sum(make_shape(int64_t(3), 4)) - 13u",
    "sum(make_shape(3u, 4)) - 13",
    "sum(make_shape(3, make_shape(int64_t(4), 2))) - 13u",
    "sizeof(sum(make_shape(int64_t(3), 4)))",
    "inner_product(make_shape(int64_t(3), 4), make_shape(2, 2)) - 20u",
    "inner_product(make_shape(3u, 4), make_shape(2, 2)) - 20",
    "front(make_shape(int64_t(3), 4)) - 13u",
    "back(make_shape(3, 4u)) - 5",
    "abs(int64_t(-3)) - 13u",
    "ceil_div(int64_t(7), 2) - 13u",
    "elem_less(make_shape(int64_t(3), 4), make_shape(5, 5))",
    "round_up(int64_t(5), 4) - 13u",
    "elem_scale(int64_t(3), make_shape(2, 2)) - 13u",
]

# a layout's index of a coordinate (crd2idx, session 33) in the leaves' type: an `int64_t`
# stride or shape, an unsigned or `size_t` coordinate
INDICES = [
    "make_layout(make_shape(4, 8), make_stride(int64_t(1), 4))(3, 7) - 40u",
    "sizeof(make_layout(make_shape(4, 8), make_stride(int64_t(1), 4))(3, 7))",
    "make_layout(make_shape(4, 8), make_stride(1u, 4u))(3, 7) - 40",
    "make_layout(make_shape(4, 8))(3, 7) - 40u",
    "make_layout(make_shape(4, 8))(size_t(3), 7) - 40u",
    "sizeof(make_layout(make_shape(4, 8))(size_t(3), 7))",
    "make_layout(make_shape(4, 8))(int64_t(30)) - 40u",
    "sizeof(make_layout(make_shape(4, 8))(int64_t(30)))",
    "make_layout(make_shape(4, 8))(30u) - 40",
    "make_layout(make_shape(4, 8), make_stride(int64_t(1), 4))(30) - 40u",
    "make_layout(make_shape(int64_t(4), 8))(30) - 40u",
    "crd2idx(make_coord(3, 7), make_shape(4, 8), make_stride(int64_t(1), 4)) - 40u",
    "make_layout(make_shape(_4{}, _8{}), make_stride(int64_t(1), _4{}))(3, 7) - 40u",
    "make_layout(make_shape(_4{}, _8{}))(int64_t(3), 7) - 40u",
    "make_layout(make_shape(4, 8), make_stride(uint32_t(1), 4))(3, 7) - 40",
    "sizeof(make_layout(make_shape(_4{}, _8{}))(3u, 7))",
    "make_layout(make_shape(make_shape(2, 2), 8), make_stride(make_shape(int64_t(1), 2), 4))(3, 7) - 40u",
    "make_layout(make_shape(65536, 65536), make_stride(int64_t(1), 65536))(65535, 65535)",
    "make_layout(make_shape(65536, 65536))(int64_t(65535), 65535)",
    "crd2idx(make_coord(65535, 65535), make_shape(65536, 65536))",
    "crd2idx(make_coord(65535, 65535), make_shape(65536, 65536), make_stride(1, 65536))",
    "crd2idx(make_coord(65535, 65535), make_layout(make_shape(65536, 65536)))",
    "crd2idx(make_coord(65535, 65535), make_shape(65536, 65536), make_stride(int64_t(1), int64_t(65536)))",
]

# tuples holding integers of C++ types (session 33): each element keeps its type
HELD = [
    "get<1>(make_tuple(1, size_t(2))) - 3",
    "sizeof(get<1>(make_tuple(1, size_t(2))))",
    "get<1>(make_tuple(1u, int64_t(-2))) - 3u",
    "size(make_shape(size_t(4), 8)) - 33",
    "get<0>(tuple<int, size_t>{1, 2}) - 3u",
    "get<1>(tuple<int, size_t>{1, 2}) - 3",
    "sizeof(get<1>(tuple<int, size_t>{1, 2}))",
    "get<1>(tuple<int64_t, uint32_t>{1, 2}) - 3",
    "get<1>(tuple<int, size_t>(1, 2)) - 3",
]

# coalesce's `s0 * d0 == d1` is asked in a `decltype` (never computed): a run-time product past
# `int`'s range there is no undefined behaviour (session 33)
UNEVALUATED = [
    "coalesce(make_layout(make_shape(_2{}, _65536{}, _2{}), make_stride(_1{}, 65536, _7{})))",
    "coalesce(make_layout(make_shape(_65536{}, _2{}), make_stride(65536, _7{})))",
    "coalesce(make_layout(make_shape(_65536{}, _65536{}, _2{}), make_stride(_1{}, 65536, _7{})))",
    "composition(make_layout(make_shape(_65536{}, _2{}), make_stride(65536, _7{})), make_layout(_2{}, _1{}))",
]


# the algebra's static arithmetic in `int` constants (session 34): `size`, `product`, `cosize`
# and `ceil_div` of static extents are `C<t> * C<u>` (and `+`, `-`) of `int` constants, past
# `int`'s range C++'s run-time `int` operation (undefined behaviour, g++ shows it wrapped)
STATIC_ALGEBRA = [
    "size(make_shape(Int<65536>{}, Int<65536>{}))",
    "size(make_shape(Int<65536>{}, Int<32768>{}))",
    "size(make_shape(Int<65536>{}, Int<32767>{}))",
    "size(make_shape(Int<65536>{}, Int<32768>{}, Int<2>{}))",
    "size(make_layout(make_shape(Int<65536>{}, Int<65536>{})))",
    "product(make_shape(Int<65536>{}, Int<65536>{}))",
    "product(make_shape(Int<46340>{}, Int<46340>{}))",
    "cosize(make_layout(make_shape(Int<65536>{}, Int<65536>{})))",
    "cosize(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<1073741824>{}, Int<1073741824>{})))",
    "cosize(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<1073741824>{}, Int<1073741823>{})))",
    "cosize(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<1073741823>{}, Int<1073741823>{})))",
    "ceil_div(Int<2147483647>{}, Int<2>{})",
    "ceil_div(Int<2147483646>{}, Int<1>{})",
    "ceil_div(make_shape(Int<2147483640>{}, Int<4>{}), Int<2>{})",
    "ceil_div(make_shape(Int<2147483647>{}, Int<4>{}), Int<2>{})",
    "shape_div(Int<65536>{}, Int<65536>{})",
    "size(make_shape(C<65536L>{}, C<65536L>{}))",
    # the compact strides: the running product of static extents, unused past the last
    "make_layout(make_shape(Int<65536>{}, Int<65536>{}))",
    "make_layout(make_shape(Int<65536>{}, Int<65536>{}, Int<2>{}))",
    "make_layout(make_shape(Int<65536>{}, Int<65536>{}), LayoutRight{})",
    "make_layout(make_shape(Int<2>{}, Int<65536>{}, Int<65536>{}), LayoutRight{})",
]


def cases():
    return TABLE + MIXES + STATIC + TUPLES + INDICES + HELD + UNEVALUATED + STATIC_ALGEBRA


# declarations, then an expression: (statements, expression); CuTe's answer is the oracle's
# `[]{ statements return expression; }()`, cute's the program `statements` then `expression;`
SESSIONS = [
    ("unsigned u = 13;", "size(make_shape(int64_t(3),4)) - u"),
    ("int64_t n = 3;", "size(make_shape(n, 4u)) - 13u"),
    ("auto s = size(make_shape(int64_t(3), 4));", "sizeof(s)"),
    ("auto n = size(make_shape(65536u, 65536u));", "n"),
    ("unsigned u = 3;", "size(make_shape(u, 4)) - 13"),
    ("auto l = make_layout(make_shape(int64_t(4), 8));", "size(l) - 33u"),
    # converting initializations
    ("int y = 2.5;", "y"),
    ("int y = 2.9f;", "y"),
    ("int y = -2.5;", "y"),
    ("int64_t w = 2.5;", "w"),
    ("unsigned z = -1;", "z"),
    ("int8_t c = 300;", "int(c)"),
    ("uint8_t q = -1;", "int(q)"),
    ("int y = true;", "y"),
    ("int y = 3; y = 4.5;", "y"),
    # a tuple of typed integers (session 33)
    ("auto t = tuple<int64_t, int>{65536, 65536};", "size(t)"),
    ("auto t = tuple<int, size_t>{3, 4};", "size(t) - 13"),
    ("auto t = tuple<int, size_t>{3, 4};", "sizeof(get<1>(t))"),
]


def main():
    exprs = cases()
    r = subprocess.run([ORACLE, *exprs], capture_output=True, text=True, check=True)
    lines = r.stdout.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(exprs), (len(lines), len(exprs), r.stdout, r.stderr)
    rows = [f"{e}\t{o}" for e, o in zip(exprs, lines)]
    OUT.write_text("\n".join(rows) + "\n")
    print(f"{len(rows)} cases -> {OUT}")
    programs = [f"[]{{ {st} return {ex}; }}()" for st, ex in SESSIONS]
    r = subprocess.run([ORACLE, *programs], capture_output=True, text=True, check=True)
    lines = r.stdout.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(programs), (r.stdout, r.stderr)
    rows = [f"{st}\t{ex}\t{o}" for (st, ex), o in zip(SESSIONS, lines)]
    SESSIONS_OUT.write_text("\n".join(rows) + "\n")
    print(f"{len(rows)} sessions -> {SESSIONS_OUT}")


if __name__ == "__main__":
    main()
