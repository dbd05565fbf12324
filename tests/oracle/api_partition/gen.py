#!/usr/bin/env python3
"""Differential cases for partitioning with MMA and copy atoms (issue 16): tiled MMA queries
(size, tile_size, tile_shape, permutation_mnk, partition_shape_A/B/C, partition_fragment_C,
thrfrg_A/B/C), tiled copy queries (size, tile_size, tidfrg_S/D, make_tiled_copy_S/D,
make_tiled_copy_C_atom, make_cotiled_copy) and inner/outer_partition, each answered by CuTe C++
through tests/oracle/oracle.py (its cache: oracle_cache.json here).

Usage: python3 gen.py [--seed N] [--per-op N]   (writes cases.tsv, cute_refuses.txt here)
"""
import argparse
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402

oracle.CACHE_FILE = os.path.join(HERE, "oracle_cache.json")

MMA_ATOMS = [
    ("SM80_16x8x16_F32BF16BF16F32_TN", (16, 8, 16)),
    ("SM80_16x8x16_F16F16F16F16_TN", (16, 8, 16)),
    ("SM80_16x8x8_F32F16F16F32_TN", (16, 8, 8)),
    ("SM75_16x8x8_F32F16F16F32_TN", (16, 8, 8)),
    ("SM80_8x8x4_F64F64F64F64_TN", (8, 8, 4)),
    ("SM80_16x8x8_F32TF32TF32F32_TN", (16, 8, 8)),
]
# (cute op, C++ op, element type, element bits, source values per thread)
COPY_ATOMS = [
    ("UniversalCopy<uint32_t>", "half_t", 2),
    ("UniversalCopy<uint64_t>", "half_t", 4),
    ("UniversalCopy<uint128_t>", "half_t", 8),
    ("UniversalCopy<uint32_t>", "float", 1),
    ("UniversalCopy<uint64_t>", "float", 2),
    ("UniversalCopy<uint16_t>", "half_t", 1),
]


def ct(t):
    return str(t) if isinstance(t, int) else "(" + ",".join(ct(m) for m in t) + ")"


def cpp_t(t, kind):
    return f"Int<{t}>" if isinstance(t, int) else f"{kind}<" + ",".join(cpp_t(m, kind) for m in t) + ">"


def lay(shape, stride=None):
    if stride is None:
        return ct(shape), f"Layout<{cpp_t(shape, 'Shape')}>{{}}"
    return ct(shape) + ":" + ct(stride), f"Layout<{cpp_t(shape, 'Shape')},{cpp_t(stride, 'Stride')}>{{}}"


def row_major(shape):
    st, acc = [], 1
    for s in reversed(shape):
        st.append(acc)
        acc *= s
    return tuple(reversed(st))


def col_major(shape):
    st, acc = [], 1
    for s in shape:
        st.append(acc)
        acc *= s
    return tuple(st)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def mma(self):
        name, mnk = self.r.choice(MMA_ATOMS)
        thr = tuple(self.r.choice([1, 1, 2, 2, 4]) for _ in range(3))
        if thr[0] * thr[1] * thr[2] > 8:
            thr = (thr[0], min(thr[1], 8 // thr[0]), 1)
        order = self.r.random()
        if order < 0.6:
            tl, tcpp = lay(thr)
        else:
            tl, tcpp = lay(thr, row_major(thr))
        cute = f"tiled_mma({name}, {tl})"
        cpp = f"make_tiled_mma({name}{{}}, {tcpp})"
        tile = tuple(mnk[i] * thr[i] for i in range(3))
        return cute, cpp, tile

    def copy(self):
        op, ty, vals = self.r.choice(COPY_ATOMS)
        thr = (self.r.choice([2, 4, 8, 16]), self.r.choice([1, 2, 4, 8]))
        thr_st = row_major(thr) if self.r.random() < 0.5 else col_major(thr)
        val = (self.r.choice([1, 2]), vals * self.r.choice([1, 2]))
        if self.r.random() < 0.3:
            val = (val[1], val[0])
        tl, tcpp = lay(thr, thr_st)
        vl, vcpp = lay(val)
        cute = f"make_tiled_copy(copy_atom({op}, {ty}), {tl}, {vl})"
        cpp = f"make_tiled_copy(Copy_Atom<{op}, {ty}>{{}}, {tcpp}, {vcpp})"
        tile = (thr[0] * val[0], thr[1] * val[1])
        return cute, cpp, tile

    def tensor(self, tile, rank=2):
        """A layout whose top modes are multiples of the tile's."""
        shape = tuple(tile[i] * self.r.choice([1, 1, 2, 3]) for i in range(rank))
        st = row_major(shape) if self.r.random() < 0.5 else col_major(shape)
        return lay(shape, st)


def mma_query(g):
    m, mc, tile = g.mma()
    kind = g.r.choice(["size", "size1", "tile_size", "tile_shape", "perm", "psa", "psb", "psc", "pfc"])
    if kind == "size":
        return f"size({m})", f"size({mc})"
    if kind == "size1":
        i = g.r.randrange(4)
        return f"size<{i}>({m})", f"size<{i}>({mc})"
    if kind == "tile_size":
        i = g.r.randrange(3)
        return f"tile_size<{i}>({m})", f"tile_size<{i}>({mc})"
    if kind == "tile_shape":
        return f"tile_shape({m})", f"tile_shape({mc})"
    if kind == "perm":
        i = g.r.randrange(3)
        return f"{m}.permutation_mnk<{i}>()", f"{mc}.permutation_mnk<{i}>()"
    if kind == "pfc":
        s = (tile[0] * g.r.choice([1, 2, 3]), tile[1] * g.r.choice([1, 2]))
        return (f"partition_fragment_C({m}, {ct(s)})",
                f"partition_fragment_C({mc}, make_shape({', '.join(f'Int<{x}>{{}}' for x in s)})).layout()")
    p, q = {"psa": (0, 2), "psb": (1, 2), "psc": (0, 1)}[kind]
    s = [tile[p] * g.r.choice([1, 2, 3]), tile[q] * g.r.choice([1, 2, 4])]
    if g.r.random() < 0.2:
        s.append(g.r.choice([2, 3]))
    s = tuple(s)
    fn = {"psa": "partition_shape_A", "psb": "partition_shape_B", "psc": "partition_shape_C"}[kind]
    return f"{fn}({m}, {ct(s)})", f"{fn}({mc}, make_shape({', '.join(f'Int<{x}>{{}}' for x in s)}))"


def thrfrg(g):
    m, mc, tile = g.mma()
    x = g.r.choice("ABC")
    p, q = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}[x]
    t, tc = g.tensor((tile[p], tile[q]))
    return f"{m}.thrfrg_{x}({t})", f"{mc}.thrfrg_{x}({tc})"


def copy_query(g):
    c, cc, tile = g.copy()
    kind = g.r.choice(["size", "tile_size", "tidfrg_S", "tidfrg_D", "S", "D"])
    if kind == "size":
        return f"size({c})", f"size({cc})"
    if kind == "tile_size":
        i = g.r.randrange(2)
        return f"tile_size<{i}>({c})", f"tile_size<{i}>({cc})"
    if kind.startswith("tidfrg"):
        t, tc = g.tensor(tile)
        return f"{c}.{kind}({t})", f"{cc}.{kind}({tc})"
    op, ty, _ = g.r.choice(COPY_ATOMS)
    field = g.r.choice(["get_layoutS_TV", "get_layoutD_TV", "TiledLayout_TV"])
    fc = field + "()" if field.startswith("get") else field
    if field == "TiledLayout_TV":
        return (f"make_tiled_copy_{kind}(copy_atom({op}, {ty}), {c}).{field}",
                f"typename decltype(make_tiled_copy_{kind}(Copy_Atom<{op}, {ty}>{{}}, {cc}))::TiledLayout_TV{{}}")
    return (f"make_tiled_copy_{kind}(copy_atom({op}, {ty}), {c}).{field}",
            f"make_tiled_copy_{kind}(Copy_Atom<{op}, {ty}>{{}}, {cc}).{fc}")


def c_atom(g):
    m, mc, _ = g.mma()
    op, ty = g.r.choice([("UniversalCopy<uint32_t>", "float"), ("UniversalCopy<uint64_t>", "float"),
                         ("UniversalCopy<uint32_t>", "half_t"), ("UniversalCopy<uint16_t>", "half_t"),
                         ("UniversalCopy<uint64_t>", "half_t")])
    field = g.r.choice(["Tiler_MN", "TiledLayout_TV"])
    return (f"make_tiled_copy_C_atom(copy_atom({op}, {ty}), {m}).{field}",
            f"typename decltype(make_tiled_copy_C_atom(Copy_Atom<{op}, {ty}>{{}}, {mc}))::{field}{{}}")


def cotiled(g):
    op, ty, vals = g.r.choice(COPY_ATOMS)
    data = (g.r.choice([4, 8, 16]), g.r.choice([4, 8, 16]))
    dst = row_major(data) if g.r.random() < 0.5 else col_major(data)
    n = data[0] * data[1]
    v = vals * g.r.choice([1, 1, 2])
    if n % v:
        v = vals
    t = n // v
    tv = (t, v) if g.r.random() < 0.7 else ((t // 2, 2), v) if t % 2 == 0 else (t, v)
    tvs = (v, 1) if isinstance(tv[0], int) else ((v, v * (t // 2)), 1)
    tl, tcpp = lay(tv, tvs)
    dl, dcpp = lay(data, dst)
    field = g.r.choice(["Tiler_MN", "TiledLayout_TV"])
    return (f"make_cotiled_copy(copy_atom({op}, {ty}), {tl}, {dl}).{field}",
            f"typename decltype(make_cotiled_copy(Copy_Atom<{op}, {ty}>{{}}, {tcpp}, {dcpp}))::{field}{{}}")


def partition(g):
    fn = g.r.choice(["inner_partition", "outer_partition"])
    tile = (g.r.choice([2, 4, 8]), g.r.choice([2, 4, 8]))
    t, tc = g.tensor(tile)
    shape = tuple(int(x) for x in re.findall(r"\d+", t.split(":")[0]))
    rest = (shape[0] // tile[0], shape[1] // tile[1])
    if fn == "inner_partition":
        c = (g.r.randrange(rest[0]), g.r.randrange(rest[1]))
    else:
        c = (g.r.randrange(tile[0]), g.r.randrange(tile[1]))
    return (f"{fn}({t}, {ct(tile)}, {ct(c)})",
            f"{fn}(make_tensor(counting_iterator<int>(0), {tc}), {cpp_t(tile, 'Shape')}{{}}, "
            f"make_coord(Int<{c[0]}>{{}}, Int<{c[1]}>{{}}))")


def retile(g):
    m, mc, tile = g.mma()
    x = g.r.choice("ABC")
    ops = {"A": [("SM75_U32x4_LDSM_N", "half_t"), ("SM75_U32x2_LDSM_N", "half_t"), ("UniversalCopy<uint32_t>", "half_t")],
           "B": [("SM75_U32x2_LDSM_N", "half_t"), ("SM75_U32x1_LDSM_N", "half_t"), ("UniversalCopy<uint32_t>", "half_t")],
           "C": [("UniversalCopy<uint32_t>", "float"), ("UniversalCopy<uint64_t>", "float"), ("UniversalCopy<uint32_t>", "half_t")]}[x]
    op, ty = g.r.choice(ops)
    p, q = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}[x]
    shape = (tile[p] * g.r.choice([1, 2, 4]), tile[q] * g.r.choice([1, 2]))
    thr = g.r.randrange(32)
    side = g.r.choice("SD")
    sc = ", ".join(f"Int<{v}>{{}}" for v in shape)
    return (f"make_tiled_copy_{x}(copy_atom({op}, {ty}), {m}).thread({thr}).retile_{side}(make_layout(partition_shape_{x}({m}, {ct(shape)})))",
            f"make_tiled_copy_{x}(Copy_Atom<{op}, {ty}>{{}}, {mc}).get_slice({thr}).retile_{side}("
            f"make_tensor<{ty}>(make_layout(partition_shape_{x}({mc}, make_shape({sc}))))).layout()")


def tensor_fn(g):
    """A layout function on a tensor (here a local_tile of a counting tensor): the tensor keeps its data."""
    tile = (g.r.choice([4, 8, 16]), g.r.choice([4, 8, 16]))
    t, tc = g.tensor(tile)
    shape = tuple(int(x) for x in re.findall(r"\d+", t.split(":")[0]))
    c = (g.r.randrange(shape[0] // tile[0]), g.r.randrange(shape[1] // tile[1]))
    base = f"local_tile({t}, {ct(tile)}, {ct(c)})"
    bc = (f"local_tile(make_tensor(counting_iterator<int>(0), {tc}), {cpp_t(tile, 'Shape')}{{}}, "
          f"make_coord(Int<{c[0]}>{{}}, Int<{c[1]}>{{}}))")
    sub = (g.r.choice([1, 2, 4]), g.r.choice([1, 2, 4]))
    fn = g.r.choice(["zipped_divide", "logical_divide", "tiled_divide", "flat_divide", "composition",
                     "flatten", "coalesce", "filter", "group_modes<0,2>", "take<1,2>"])
    if fn in ("flatten", "coalesce", "filter") or "<" in fn:
        cute_fn = fn.replace("group_modes", "group")
        return f"{cute_fn}({base})", f"{fn}({bc})"
    return f"{fn}({base}, {ct(sub)})", f"{fn}({bc}, {cpp_t(sub, 'Shape')}{{}})"


def swizzled_tensor(g):
    """local_tile / local_partition / inner and outer partition / slicing of a tensor over a
    swizzled shared-memory layout (static coordinates: cute computes as CuTe does with them)."""
    b, m = g.r.choice([(3, 3), (2, 3), (3, 4), (1, 3), (2, 4)])
    sw = (b, m, 3)
    rows, cols = g.r.choice([8, 16, 32, 64]), g.r.choice([32, 64])
    shape = (rows, cols)
    st = (cols, 1)
    sl, scpp = lay(shape, st)
    cute_t = f"Sw<{sw[0]},{sw[1]},{sw[2]}> o 0 o {sl}"
    cpp_t_ = (f"make_tensor(counting_iterator<int>(0), composition(Swizzle<{sw[0]},{sw[1]},{sw[2]}>{{}}, {scpp}))")
    kind = g.r.choice(["local_tile", "local_partition", "inner_partition", "outer_partition", "slice"])
    if kind == "slice":
        k = g.r.randrange(cols)
        return f"make_tensor(make_inttuple_iter(0), {cute_t})(_, {k})", f"{cpp_t_}(_, Int<{k}>{{}})"
    if kind == "local_partition":
        thr = g.r.choice([(8, 8), (4, 8), (16, 4), (8, 4)])
        thr_st = (thr[1], 1) if g.r.random() < 0.5 else (1, thr[0])
        tl, tcpp = lay(thr, thr_st)
        i = g.r.randrange(thr[0] * thr[1])
        return f"local_partition({cute_t}, {tl}, {i})", f"local_partition({cpp_t_}, {tcpp}, Int<{i}>{{}})"
    tile = (g.r.choice([r for r in [8, 16, 32] if rows % r == 0] or [rows]), g.r.choice([8, 16, 32, 64][: 2 + (cols == 64)]))
    if kind == "outer_partition":
        c = (g.r.randrange(tile[0]), g.r.randrange(tile[1]))
    else:
        c = (g.r.randrange(rows // tile[0]), g.r.randrange(cols // tile[1]))
    return (f"{kind}({cute_t}, {ct(tile)}, {ct(c)})",
            f"{kind}({cpp_t_}, {cpp_t(tile, 'Shape')}{{}}, make_coord(Int<{c[0]}>{{}}, Int<{c[1]}>{{}}))")


def fragment(g):
    m, mc, tile = g.mma()
    x = g.r.choice("AB")
    p, q = {"A": (0, 2), "B": (1, 2)}[x]
    t, tc = g.tensor((tile[p], tile[q]))
    thr = g.r.randrange(32)
    return (f"{m}.thread({thr}).partition_fragment_{x}({t})",
            f"{mc}.get_slice({thr}).partition_fragment_{x}(make_tensor(counting_iterator<int>(0), {tc})).layout()")


def like(g):
    tile = (g.r.choice([4, 8]), g.r.choice([4, 8]))
    t, tc = g.tensor(tile)
    fn = g.r.choice(["make_fragment_like", "make_tensor_like"])
    c = (g.r.randrange(2), g.r.randrange(2))
    sub = (tile[0] // 2, tile[1] // 2)
    base = f"local_tile({t}, {ct(sub)}, {ct(c)})"
    bc = (f"local_tile(make_tensor(counting_iterator<int>(0), {tc}), {cpp_t(sub, 'Shape')}{{}}, "
          f"make_coord(Int<{c[0]}>{{}}, Int<{c[1]}>{{}}))")
    return f"{fn}({base})", f"{fn}<int>({bc}).layout()"


def swizzled_partition(g):
    """A thread's partition of a swizzled shared-memory tile by a tiled MMA or tiled copy."""
    m, mc, tile = g.mma()
    b, w = g.r.choice([(3, 64), (2, 32), (3, 32), (1, 16), (2, 64)])
    x = g.r.choice("ABS")
    p, q = {"A": (0, 2), "B": (1, 2), "S": (0, 2)}[x]
    rows, cols = tile[p] * g.r.choice([1, 2]), max(w, tile[q])
    atom = f"Sw<{b},3,3> o 0 o (8,{w}):({w},1)"
    atom_c = f"composition(Swizzle<{b},3,3>{{}}, Layout<Shape<_8,Int<{w}>>,Stride<Int<{w}>,_1>>{{}})"
    if rows % 8 or cols % w:
        rows, cols = 8 * ((rows + 7) // 8), w * ((cols + w - 1) // w)
    sa = f"tile_to_shape({atom}, ({rows},{cols}))"
    sac = f"make_tensor(counting_iterator<int>(0), tile_to_shape({atom_c}, Shape<Int<{rows}>,Int<{cols}>>{{}}))"
    thr = g.r.randrange(32 * (len(tile) and 1))
    if x == "S":
        op = g.r.choice(["SM75_U32x4_LDSM_N", "SM75_U32x2_LDSM_N", "UniversalCopy<uint32_t>"])
        return (f"make_tiled_copy_A(copy_atom({op}, half_t), {m}).thread({thr}).partition_S({sa})",
                f"make_tiled_copy_A(Copy_Atom<{op}, half_t>{{}}, {mc}).get_slice(Int<{thr}>{{}}).partition_S({sac})")
    # a static thread index: cute computes as CuTe does with static integers (with a run-time
    # index CuTe may leave the swizzle's bit modes of the partition unmerged)
    return f"{m}.thread({thr}).partition_{x}({sa})", f"{mc}.get_slice(Int<{thr}>{{}}).partition_{x}({sac})"


def swizzled_fragment(g):
    """A thread's register fragment of a swizzled shared-memory tile (partition_fragment_A/B):
    make_fragment_like of the partition's layout (of a composed one, its inner layout)."""
    m, mc, tile = g.mma()
    b, w = g.r.choice([(3, 64), (2, 32), (3, 32), (1, 16), (2, 64)])
    x = g.r.choice("AB")
    p, q = {"A": (0, 2), "B": (1, 2)}[x]
    rows, cols = tile[p] * g.r.choice([1, 2]), max(w, tile[q])
    if rows % 8 or cols % w:
        rows, cols = 8 * ((rows + 7) // 8), w * ((cols + w - 1) // w)
    atom = f"Sw<{b},3,3> o 0 o (8,{w}):({w},1)"
    atom_c = f"composition(Swizzle<{b},3,3>{{}}, Layout<Shape<_8,Int<{w}>>,Stride<Int<{w}>,_1>>{{}})"
    sa = f"tile_to_shape({atom}, ({rows},{cols}))"
    sac = f"make_tensor(counting_iterator<int>(0), tile_to_shape({atom_c}, Shape<Int<{rows}>,Int<{cols}>>{{}}))"
    thr = g.r.randrange(32)
    return (f"{m}.thread({thr}).partition_fragment_{x}({sa})",
            f"{mc}.get_slice(Int<{thr}>{{}}).partition_fragment_{x}({sac}).layout()")


OPS = [("mma", mma_query, 80), ("thrfrg", thrfrg, 30), ("copy", copy_query, 60),
       ("c_atom", c_atom, 20), ("cotiled", cotiled, 20), ("partition", partition, 30),
       ("retile", retile, 30), ("tensor_fn", tensor_fn, 40),
       ("swizzled_tensor", swizzled_tensor, 40), ("fragment", fragment, 30), ("like", like, 20),
       ("swizzled_partition", swizzled_partition, 40), ("swizzled_fragment", swizzled_fragment, 30)]
STATIC = re.compile(r"_(?=[0-9-])")


def expected(printed):
    s = STATIC.sub("", printed)
    return re.sub(r"counting_iter\((-?\d+)\)", r"\1", s)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    oracle.write_set(HERE, OPS, args.seed, expected, Gen)


if __name__ == "__main__":
    main()
