#!/usr/bin/env python3
"""Differential cases for CuTe's basis strides (issues 15 and 16): make_identity_layout,
make_basis_like, make_identity_tensor, and what keeps basis strides: evaluation, slicing,
composition (the identity layout on the left), coalesce, the divides, local_tile/local_partition,
inner/outer_partition, and the tiled MMA's and tiled copy's thread partitions of an identity
tensor (the predicate tensors of a GEMM's edges). Each answered by CuTe C++ through
tests/oracle/oracle.py (its cache: oracle_cache.json here).

Usage: python3 gen.py [--seed N]   (writes cases.tsv, cute_refuses.txt here)
"""
import argparse
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402

oracle.CACHE_FILE = os.path.join(HERE, "oracle_cache.json")

_spec = importlib.util.spec_from_file_location(
    "partition_gen", os.path.join(os.path.dirname(HERE), "api_partition", "gen.py"))
pg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pg)
ct, cpp_t, lay, row_major, col_major = pg.ct, pg.cpp_t, pg.lay, pg.row_major, pg.col_major


def cpp_shape(t):
    return f"Int<{t}>{{}}" if isinstance(t, int) else "make_shape(" + ", ".join(cpp_shape(m) for m in t) + ")"


def cpp_coord(t):
    if t == "_":
        return "_"
    return f"Int<{t}>{{}}" if isinstance(t, int) else "make_coord(" + ", ".join(cpp_coord(m) for m in t) + ")"


def cute_coord(t):
    if t == "_":
        return "_"
    return str(t) if isinstance(t, int) else "(" + ",".join(cute_coord(m) for m in t) + ")"


class Gen(pg.Gen):
    def shape(self, depth=0, rank=None):
        r = rank or self.r.choice([1, 2, 2, 2, 3])
        out = []
        for _ in range(r):
            if depth < 2 and self.r.random() < 0.25:
                out.append(self.shape(depth + 1, self.r.choice([1, 2, 2])))
            else:
                out.append(self.r.choice([1, 2, 2, 3, 4, 4, 6, 8]))
        return tuple(out)

    def size(self, t):
        if isinstance(t, int):
            return t
        p = 1
        for m in t:
            p *= self.size(m)
        return p

    def coord_in(self, t, under=0.0):
        if self.r.random() < under:
            return "_"
        if isinstance(t, int):
            return self.r.randrange(t)
        return tuple(self.coord_in(m, under) for m in t)


def identity(g):
    s = g.shape()
    kind = g.r.choice(["layout", "tensor", "basis", "layout_int", "tensor_int"])
    if kind == "layout":
        return f"make_identity_layout({ct(s)})", f"make_identity_layout({cpp_shape(s)})"
    if kind == "tensor":
        return f"make_identity_tensor({ct(s)})", f"make_identity_tensor({cpp_shape(s)})"
    if kind == "basis":
        return f"make_basis_like({ct(s)})", f"make_basis_like({cpp_shape(s)})"
    n = g.r.choice([2, 4, 8])
    f = "make_identity_layout" if kind == "layout_int" else "make_identity_tensor"
    return f"{f}(make_shape({n}))", f"{f}(make_shape(Int<{n}>{{}}))"


def evaluate(g):
    s = g.shape()
    fn = g.r.choice(["make_identity_layout", "make_identity_tensor"])
    base, bcpp = f"{fn}({ct(s)})", f"{fn}({cpp_shape(s)})"
    kind = g.r.choice(["index", "coord", "slice"])
    if kind == "index":
        i = g.r.randrange(g.size(s))
        return f"{base}({i})", f"{bcpp}(Int<{i}>{{}})"
    c = g.coord_in(s, 0.3 if kind == "slice" else 0.0)
    if kind == "slice" and "_" not in str(c):
        c = ("_",) + tuple(c[1:]) if isinstance(c, tuple) and len(c) > 1 else "_"
    if isinstance(c, tuple) and len(c) > 1:
        return f"{base}{cute_coord(c)}", f"{bcpp}({', '.join(cpp_coord(m) for m in c)})"
    return f"{base}({cute_coord(c)})", f"{bcpp}({cpp_coord(c)})"


def compose(g):
    s = tuple(g.r.choice([2, 4, 8]) for _ in range(g.r.choice([1, 2, 2])))
    n = g.size(s)
    # B: a layout into [0, n)
    b_shape = tuple(g.r.choice([1, 2, 4]) for _ in range(g.r.choice([1, 2])))
    bn = g.size(b_shape)
    if n % bn:
        b_shape = (2,)
        bn = 2
    st = n // bn
    b_stride = tuple(sorted([1, st], reverse=g.r.random() < 0.5))[: len(b_shape)]
    if len(b_shape) == 1:
        b_stride = (g.r.choice([1, st]),)
    bl, bcpp = lay(b_shape, b_stride)
    kind = g.r.choice(["composition", "coalesce", "flatten"])
    if kind == "composition":
        return (f"composition(make_identity_layout({ct(s)}), {bl})",
                f"composition(make_identity_layout({cpp_shape(s)}), {bcpp})")
    if kind == "coalesce":
        return (f"coalesce(composition(make_identity_layout({ct(s)}), {bl}))",
                f"coalesce(composition(make_identity_layout({cpp_shape(s)}), {bcpp}))")
    return f"flatten(make_identity_layout({ct(s)}))", f"flatten(make_identity_layout({cpp_shape(s)}))"


def coalesce_basis(g):
    """A flat layout of basis strides, some of which merge."""
    n = g.r.choice([2, 3, 4])
    shape, stride, cstride = [], [], []
    for _ in range(n):
        sh = g.r.choice([1, 2, 4])
        mode = g.r.choice([0, 1])
        if stride and g.r.random() < 0.5 and stride[-1][1] == mode:
            v = stride[-1][0] * shape[-1]
        else:
            v = g.r.choice([1, 2, 3])
        shape.append(sh)
        stride.append((v, mode))
    cute = f"coalesce({ct(tuple(shape))}:(" + ",".join(f"{v}@{m}" for v, m in stride) + "))"
    cpp = (f"coalesce(make_layout({cpp_shape(tuple(shape))}, make_stride("
           + ", ".join(f"Int<{v}>{{}} * E<{m}>{{}}" for v, m in stride) + ")))")
    return cute, cpp


def divide(g):
    s = (g.r.choice([4, 8, 16]), g.r.choice([4, 8, 16]))
    t = (g.r.choice([2, 4]), g.r.choice([2, 4]))
    f = g.r.choice(["zipped_divide", "tiled_divide", "logical_divide", "flat_divide"])
    src = g.r.choice(["make_identity_layout", "make_identity_tensor"])
    return (f"{f}({src}({ct(s)}), {ct(t)})",
            f"{f}({src}({cpp_shape(s)}), {cpp_shape(t)})")


def tile(g):
    s = (g.r.choice([8, 16, 32, 64]), g.r.choice([8, 16, 32, 64]))
    t = (g.r.choice([2, 4, 8]), g.r.choice([2, 4, 8]))
    kind = g.r.choice(["local_tile", "local_partition", "inner", "outer"])
    if kind in ("local_tile", "inner", "outer"):
        c = (g.r.randrange(s[0] // t[0]), g.r.randrange(s[1] // t[1]))
        if kind == "outer":
            c = (g.r.randrange(t[0]), g.r.randrange(t[1]))
        f = {"local_tile": "local_tile", "inner": "inner_partition", "outer": "outer_partition"}[kind]
        return (f"{f}(make_identity_tensor({ct(s)}), {ct(t)}, {ct(c)})",
                f"{f}(make_identity_tensor({cpp_shape(s)}), {cpp_shape(t)}, {cpp_coord(c)})")
    tl, tcpp = lay(t)
    i = g.r.randrange(t[0] * t[1])
    return (f"local_partition(make_identity_tensor({ct(s)}), {tl}, {i})",
            f"local_partition(make_identity_tensor({cpp_shape(s)}), {tcpp}, Int<{i}>{{}})")


def thread_partition(g):
    if g.r.random() < 0.5:
        m, mc, tile = g.mma()
        op = g.r.choice(["A", "B", "C"])
        dims = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}[op]
        s = tuple(tile[d] * g.r.choice([1, 2]) for d in dims)
        nthr = None
        thr = g.r.randrange(4)
        return (f"{m}.thread({thr}).partition_{op}(make_identity_tensor({ct(s)}))",
                f"{mc}.get_thread_slice(Int<{thr}>{{}}).partition_{op}(make_identity_tensor({cpp_shape(s)}))")
    c, cc, tile = g.copy()
    s = tuple(tile[d] * g.r.choice([1, 2]) for d in range(2))
    side = g.r.choice(["S", "D"])
    thr = g.r.randrange(2)
    return (f"{c}.thread({thr}).partition_{side}(make_identity_tensor({ct(s)}))",
            f"{cc}.get_thread_slice(Int<{thr}>{{}}).partition_{side}(make_identity_tensor({cpp_shape(s)}))")


BAD = [
    # CuTe has no answer: complement and the products sort strides, inverses need integers
    ("complement(make_identity_layout((4,8)))",
     "complement(make_identity_layout(make_shape(Int<4>{}, Int<8>{})))"),
    ("logical_product(make_identity_layout((4,8)), 2:1)",
     "logical_product(make_identity_layout(make_shape(Int<4>{}, Int<8>{})), Layout<_2,_1>{})"),
    ("blocked_product(make_identity_layout((4,8)), (2,2))",
     "blocked_product(make_identity_layout(make_shape(Int<4>{}, Int<8>{})), Layout<Shape<_2,_2>>{})"),
    ("right_inverse(make_identity_layout((4,8)))",
     "right_inverse(make_identity_layout(make_shape(Int<4>{}, Int<8>{})))"),
    ("max_common_vector(make_identity_layout((4,8)), make_identity_layout((4,8)))",
     "max_common_vector(make_identity_layout(make_shape(Int<4>{}, Int<8>{})), "
     "make_identity_layout(make_shape(Int<4>{}, Int<8>{})))"),
    # an integer added to a basis element: CuTe's static_assert
    ("(4,8):(1@0,1)(5)",
     "make_layout(make_shape(Int<4>{},Int<8>{}), make_stride(E<0>{}, Int<1>{}))(Int<5>{})"),
    ("(4,8):(1@0,1)(2,3)",
     "make_layout(make_shape(Int<4>{},Int<8>{}), make_stride(E<0>{}, Int<1>{}))(Int<2>{}, Int<3>{})"),
    # the divisibility conditions of the composition in a divide
    ("logical_divide(make_identity_layout((4,8)), 2:3)",
     "logical_divide(make_identity_layout(make_shape(Int<4>{}, Int<8>{})), Layout<_2,_3>{})"),
    ("recast_layout<uint16_t,uint8_t>(make_identity_layout((4,8)))",
     "recast_layout<uint16_t,uint8_t>(make_identity_layout(make_shape(Int<4>{}, Int<8>{})))"),
]


def bad(g):
    return BAD[g.r.randrange(len(BAD))]


def layout_fn(g):
    """The layout functions CuTe answers on an identity layout (or a basis-strided one)."""
    s = g.shape(rank=g.r.choice([2, 2, 3]))
    il, ic = f"make_identity_layout({ct(s)})", f"make_identity_layout({cpp_shape(s)})"
    kind = g.r.choice(["cosize", "coshape", "coprofile", "filter", "filter_zeros", "crd2idx",
                       "slice_and_offset", "domain_offset", "dice", "get", "depth", "select",
                       "take", "group", "append", "inner_product", "with_shape", "scaled"])
    if kind in ("cosize", "coshape", "coprofile", "filter", "filter_zeros", "depth"):
        return f"{kind}({il})", f"{kind}({ic})"
    if kind == "scaled":
        # strides scaled by integers, some of them zero
        vals = [g.r.choice([0, 1, 2, 3]) for _ in range(len(s))]
        shape = tuple(x if isinstance(x, int) else g.size(x) for x in s)
        st = ",".join(f"{v}@{i}" for i, v in enumerate(vals))
        stc = ", ".join(f"Int<{v}>{{}} * E<{i}>{{}}" for i, v in enumerate(vals))
        f = g.r.choice(["cosize", "coshape", "filter", "filter_zeros", "coalesce"])
        return f"{f}({ct(shape)}:({st}))", f"{f}(make_layout({cpp_shape(shape)}, make_stride({stc})))"
    if kind == "crd2idx":
        c = g.coord_in(s)
        return f"crd2idx({cute_coord(c)}, {il})", f"{ic}({cpp_coord(c)})"
    if kind in ("slice_and_offset", "dice"):
        c = g.coord_in(s, 0.4)
        return f"{kind}({cute_coord(c)}, {il})", f"{kind}({cpp_coord(c)}, {ic})"
    if kind == "domain_offset":
        c = g.coord_in(s)
        return f"domain_offset({cute_coord(c)}, {il})", f"domain_offset({cpp_coord(c)}, {ic})"
    if kind == "get":
        i = g.r.randrange(len(s))
        return f"get<{i}>({il})", f"get<{i}>({ic})"
    if kind == "select":
        i = g.r.randrange(len(s))
        return f"select<{i}>({il})", f"select<{i}>({ic})"
    if kind in ("take", "group"):
        b = g.r.randrange(len(s))
        e = g.r.randrange(b + 1, len(s) + 1)
        return f"{kind}<{b},{e}>({il})", f"{kind}<{b},{e}>({ic})"
    if kind == "append":
        n = len(s) + g.r.choice([0, 1, 2])
        return f"append<{n}>({il})", f"append<{n}>({ic})"
    if kind == "inner_product":
        c = tuple(g.r.randrange(4) for _ in s)
        flat = tuple(1 for _ in s)
        return (f"inner_product({ct(c)}, ({','.join(f'1@{i}' for i in range(len(s)))}))",
                f"inner_product(make_coord({', '.join(f'Int<{x}>{{}}' for x in c)}), "
                f"make_stride({', '.join(f'E<{i}>{{}}' for i in range(len(flat)))}))")
    # with_shape: a shape of the same size
    n = g.size(s)
    a = g.r.choice([d for d in (1, 2, 4, 8) if n % d == 0])
    return f"{il}.with_shape(({a},{n // a}))", f"{ic}.with_shape(make_shape(Int<{a}>{{}}, Int<{n // a}>{{}}))"


OPS = [("bad", bad, len(BAD)), ("layout_fn", layout_fn, 80), ("identity", identity, 40), ("evaluate", evaluate, 60), ("compose", compose, 40),
       ("coalesce_basis", coalesce_basis, 30), ("divide", divide, 30), ("tile", tile, 50),
       ("thread_partition", thread_partition, 40)]
STATIC = re.compile(r"_(?=[0-9-])")


def expected(printed):
    return STATIC.sub("", printed)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1515)
    args = ap.parse_args()
    oracle.write_set(HERE, OPS, args.seed, expected, Gen)


if __name__ == "__main__":
    main()
