#!/usr/bin/env python3
"""Session 32's differential campaign against CuTe C++ 4.7: wider generators than
../dynamic/gen_cases.py (its companion), with a new seed.

Random layouts of depth up to 3 whose leaves are each static (`Int<8>{}`) or run-time (a plain
C++ `8`), compact, permuted or with random strides (zero and non-unit ones among them), put
through every operation of the layout algebra (coalesce with a profile, composition by a layout
and by a tiler of layouts or of extents, complement with a cotarget, the divides and the
products, the inverses, the common layouts, recasts, make_layout_like, filter_zeros, zip,
flatten, group, tile_to_shape, make_ordered_layout, the tuple divisions, crd2idx/idx2crd,
slice/dice with `_`), over swizzled (composed) layouts, and over tensors whose iterators are
null-based pointers (`make_tensor(make_gmem_ptr<half_t>(nullptr), …)`: local_tile,
local_partition, the divides of a tensor, slices and an element's address). CuTe's answer is
kept exactly as its print() prints it, so that `cute --format cute` must agree byte for byte,
the kind of every integer included.

  cases.tsv          STATEMENT<TAB>CuTe's print   (the statement ends in `;`: C++ text)
  cute_refuses.txt   statements CuTe does not compile (its static_asserts)

Generated with: python3 tests/oracle/wide/gen_cases.py --seed 3232 --count 20 --second-seed 3233 --second-count 8
The oracle's answers are cached in oracle_cache.json beside this script (reruns are cheap).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
import differential  # noqa: E402
from structure import Cpp, Structure, flat, shape, strides, unflat  # noqa: E402

# the random structure (structure.py), spelled in C++
_cpp = Structure(Cpp)
leaf, spell, layout_of, layout = _cpp.leaf, _cpp.spell, _cpp.layout_of, _cpp.layout
small, tiler, crd_of, profile = _cpp.small, _cpp.tiler, _cpp.crd_of, _cpp.profile
slice_case, idx2crd_case, group_case = _cpp.slice_case, _cpp.idx2crd_case, _cpp.group_case


def shape_only(g, p_dyn, rank=None, max_depth=2):
    s = shape(g, max_depth=max_depth, rank=rank)
    return f"make_layout({spell(g, s, p_dyn, 'make_shape')})"


def tiled_case(g, p_dyn, op, by):
    """op(A, B): A a layout of rank 1..3, B a layout, a tiler of A's rank or a shape."""
    s = shape(g, max_depth=2, rank=g.choice([1, 2, 2, 3]))
    a = layout_of(g, s, p_dyn, g.choice(["compact", "compact", "perm", "gapped"]))
    if by == "layout":
        return f"{op}({a}, {small(g, p_dyn * 0.3)})"
    if by == "tile":
        return f"{op}({a}, {tiler(g, p_dyn, g.choice([1, len(s)]))})"
    ext = ", ".join(leaf(g, g.choice([1, 2, 4]), p_dyn * 0.5) for _ in range(g.choice([1, len(s)])))
    return f"{op}({a}, make_shape({ext}))"


def product_case(g, p_dyn, op):
    a = layout(g, 0.0 if op in ("logical_product", "flat_product") and g.random() < 0.5 else p_dyn * 0.5,
               g.choice(["compact", "perm"]), max_depth=2, rank=g.choice([1, 2, 2, 3]))
    if op in ("blocked_product", "raked_product"):
        b = shape_only(g, p_dyn, rank=g.choice([1, 2, 2, 3]), max_depth=1)
    else:
        b = layout(g, p_dyn, g.choice(["compact", "perm"]), max_depth=1, rank=g.choice([None, 1, 2]))
    return f"{op}({a}, {b})"


def coalesce_profile(g, p_dyn):
    s = shape(g, rank=g.choice([2, 3]))
    kind = g.choice(["compact", "perm", "random"])
    return f"coalesce({layout_of(g, s, p_dyn, kind)}, {profile(g, s)})"


def complement_case(g, p_dyn):
    s = shape(g, max_depth=2)
    kind = g.choice(["compact", "perm", "gapped", "gapped"])
    # CuTe's complement takes run-time strides only for rank-1 layouts
    lay = layout_of(g, s, p_dyn if isinstance(s, int) or len(flat(s)) == 1 else 0.0, kind)
    r = g.random()
    if r < 0.3:
        return f"complement({lay})"
    if r < 0.8:
        return f"complement({lay}, {leaf(g, g.choice([16, 32, 64, 96, 128, 256, 1024]), p_dyn)})"
    cot = spell(g, (g.choice([8, 16, 32]), g.choice([2, 4, 8])), p_dyn, "make_shape")
    return f"complement({lay}, {cot})"


def composition_case(g, p_dyn):
    s = shape(g, max_depth=3)
    a = layout_of(g, s, p_dyn, g.choice(["compact", "perm", "gapped", "random"]))
    r = g.random()
    if r < 0.45:
        b = small(g, p_dyn)
    elif r < 0.7:
        b = layout(g, p_dyn, g.choice(["compact", "perm"]), max_depth=1, rank=g.choice([1, 2]))
    elif r < 0.85:
        b = tiler(g, p_dyn, g.choice([1, 2]))
    else:
        b = f"make_shape({leaf(g, g.choice([2, 4]), p_dyn)}, {leaf(g, g.choice([1, 2]), p_dyn)})"
    return f"composition({a}, {b})"


def inverse_case(g, p_dyn, op):
    return f"{op}({layout(g, p_dyn, g.choice(['compact', 'perm', 'perm', 'gapped', 'random']))})"


def common_case(g, p_dyn, op):
    s = shape(g, max_depth=2)
    a = layout_of(g, s, p_dyn, g.choice(["compact", "perm", "random"]))
    t = s if g.random() < 0.7 else shape(g, max_depth=2)
    b = layout_of(g, t, p_dyn, g.choice(["compact", "perm", "random"]))
    return f"{op}({a}, {b})"


def ordered(g, p_dyn):
    s = shape(g, max_depth=2, rank=g.choice([1, 2, 3]))
    n = len(flat(s))
    order = unflat(s, [g.choice(range(n + 1)) for _ in range(n)])
    return f"make_ordered_layout({spell(g, s, p_dyn, 'make_shape')}, {spell(g, order, p_dyn, 'make_step')})"


def tile_to_shape_case(g, p_dyn):
    a = (g.choice([1, 2, 4]), g.choice([1, 2, 4, 8]))
    t = (a[0] * g.choice([1, 2, 4]), a[1] * g.choice([1, 2, 3]))
    kind = g.choice(["compact", "perm"])
    lay = layout_of(g, a, 0.0 if g.random() < 0.5 else p_dyn, kind)
    order = ""
    if g.random() < 0.3:
        order = ", " + g.choice(["Step<_1,_0>{}", "Step<_0,_1>{}", "GenRowMajor{}", "GenColMajor{}"])
    return f"tile_to_shape({lay}, {spell(g, t, p_dyn, 'make_shape')}{order})"


def crd2idx_case(g, p_dyn):
    s = shape(g, max_depth=3, rank=g.choice([1, 2, 3]))
    d = strides(g, s, g.choice(["compact", "perm", "random"]))
    n = 1
    for x in flat(s):
        n *= x
    c = crd_of(g, s, p_dyn) if g.random() < 0.7 else leaf(g, g.randrange(n), p_dyn)
    return f"crd2idx({c}, {spell(g, s, p_dyn, 'make_shape')}, {spell(g, d, p_dyn, 'make_stride')})"





def call_case(g, p_dyn):
    """A layout called at a coordinate with `_`: its slice."""
    s = shape(g, max_depth=2, rank=g.choice([2, 3]))
    lay = layout_of(g, s, p_dyn, g.choice(["compact", "perm", "random"]))
    c = crd_of(g, s, p_dyn, under=0.5)
    if "_" not in c:
        c = "make_coord(_, " + c[len("make_coord("):]
    return f"{lay}({c[len('make_coord('):-1]})"


def recast_case(g, p_dyn, op):
    lay = layout(g, p_dyn, g.choice(["compact", "perm", "random"]), max_depth=2)
    if op == "recast_layout":
        old, new = g.sample(["uint8_t", "half_t", "float", "double", "uint16_t", "uint32_t"], 2)
        return f"recast_layout<{old}, {new}>({lay})"
    return f"{op}<{g.choice([2, 4, 8])}>({lay})"


def tuple_div(g, p_dyn, op):
    a = shape(g, max_depth=2, rank=g.choice([1, 2, 3]))
    if g.random() < 0.5:
        b = unflat(a, [g.choice([1, 2, 3, 4, 8]) for _ in flat(a)])
        return f"{op}({spell(g, a, p_dyn, 'make_shape')}, {spell(g, b, p_dyn, 'make_shape')})"
    return f"{op}({spell(g, a, p_dyn, 'make_shape')}, {leaf(g, g.choice([2, 3, 4, 8, 16]), p_dyn)})"


# ---------------------------------------------------------------- composed (swizzled) layouts

def swz(g):
    return g.choice(["Swizzle<3,4,3>{}", "Swizzle<2,3,3>{}", "Swizzle<1,2,3>{}", "Swizzle<2,4,3>{}",
                     "Swizzle<3,3,3>{}", "Swizzle<2,2,2>{}"])


def sw_layout(g, p_dyn):
    """A compact 2-D (or 2-D of two modes) layout of powers of two."""
    s = (g.choice([8, 16, 32]), g.choice([8, 16, 64]))
    if g.random() < 0.3:
        s = ((g.choice([2, 4]), g.choice([2, 4])), s[1])
        f = flat(s)
        d = unflat(s, [1, f[0], f[0] * f[1]]) if g.random() < 0.5 else unflat(s, [f[2], f[2] * f[0], 1])
    else:
        d = (1, s[0]) if g.random() < 0.5 else (s[1], 1)
    return layout_spelled(g, s, d, p_dyn)


def layout_spelled(g, s, d, p_dyn):
    return f"make_layout({spell(g, s, p_dyn, 'make_shape')}, {spell(g, d, p_dyn, 'make_stride')})"


def composed(g, p_dyn=0.0):
    off = "" if g.random() < 0.6 else f"{leaf(g, g.choice([0, 4, 8, 16]), p_dyn)}, "
    return f"composition({swz(g)}, {off}{sw_layout(g, 0.0)})"


def composed_op(g, p_dyn, op):
    c = composed(g, p_dyn)
    if op == "composition":
        return f"composition({c}, {g.choice([small(g, 0.0), tiler(g, 0.0, 2)])})"
    if op in ("logical_divide", "zipped_divide", "tiled_divide"):
        return f"{op}({c}, {tiler(g, 0.0, 2)})"
    if op in ("upcast", "downcast"):
        return f"{op}<{g.choice([2, 4, 8])}>({c})"
    if op == "coalesce":
        return f"coalesce({c})"
    if op == "right_inverse":
        return f"right_inverse({c})"
    if op == "at":
        return f"{c}({leaf(g, g.randrange(8), p_dyn)}, {leaf(g, g.randrange(8), p_dyn)})"
    if op == "logical_product":
        return f"logical_product({c}, {shape_only(g, 0.0, rank=g.choice([1, 2]), max_depth=1)})"
    if op == "tile_to_shape":
        return f"tile_to_shape({c}, make_shape(Int<64>{{}}, Int<128>{{}}))"
    raise ValueError(op)


# ---------------------------------------------------------------- tensors over null pointers

ELEMS = ["half_t", "float", "uint8_t", "double", "int32_t"]


def ptr(g):
    mk = g.choice(["make_gmem_ptr", "make_gmem_ptr", "make_smem_ptr"])
    return f"{mk}<{g.choice(ELEMS)}>(nullptr)"


def tensor2(g, p_dyn, swizzled=False):
    s = (g.choice([8, 16, 32]), g.choice([8, 16, 32, 64]))
    d = (1, s[0]) if g.random() < 0.5 else (s[1], 1)
    if g.random() < 0.2:
        d = (d[0], d[1] * 2) if d[0] == 1 else (d[0] * 2, d[1])
    lay = layout_spelled(g, s, d, p_dyn)
    if swizzled:
        lay = f"composition({swz(g)}, {layout_spelled(g, s, d, 0.0)})"
    return f"make_tensor({ptr(g)}, {lay})", s


def tensor_op(g, p_dyn, op):
    t, s = tensor2(g, p_dyn, swizzled=op.endswith("_sw"))
    op = op.removesuffix("_sw")
    tile = (g.choice([2, 4, 8]), g.choice([4, 8]))
    if op == "local_tile":
        crd = f"make_coord({leaf(g, g.randrange(max(1, s[0] // tile[0])), p_dyn)}, {leaf(g, g.randrange(max(1, s[1] // tile[1])), p_dyn)})"
        return f"local_tile({t}, {spell(g, tile, p_dyn * 0.3, 'make_shape')}, {crd})"
    if op == "local_tile_under":
        crd = f"make_coord({leaf(g, g.randrange(max(1, s[0] // tile[0])), p_dyn)}, _)"
        return f"local_tile({t}, {spell(g, tile, p_dyn * 0.3, 'make_shape')}, {crd})"
    if op == "local_partition":
        thr = (g.choice([2, 4, 8]), g.choice([2, 4]))
        tl = layout_spelled(g, thr, (1, thr[0]) if g.random() < 0.5 else (thr[1], 1), 0.0)
        return f"local_partition({t}, {tl}, {leaf(g, g.randrange(thr[0] * thr[1]), p_dyn)})"
    if op in ("logical_divide", "zipped_divide", "flat_divide"):
        return f"{op}({t}, {spell(g, tile, p_dyn * 0.3, 'make_tile')})"
    if op == "slice":
        c = [leaf(g, g.randrange(s[0]), p_dyn), "_"]
        if g.random() < 0.5:
            c = ["_", leaf(g, g.randrange(s[1]), p_dyn)]
        return f"{t}({', '.join(c)})"
    if op == "address":
        return f"&{t}({leaf(g, g.randrange(s[0]), p_dyn)}, {leaf(g, g.randrange(s[1]), p_dyn)})"
    if op == "recast":
        return f"recast<{g.choice(ELEMS)}>({t})"
    raise ValueError(op)


P = "p"
# MMA atoms (name, M, N, K, A/B element, C element) for the tiled MMAs' partitions
MMA_ATOMS = [
    ("SM80_16x8x16_F16F16F16F16_TN", 16, 8, 16, "half_t", "half_t"),
    ("SM80_16x8x8_F32TF32TF32F32_TN", 16, 8, 8, "tfloat32_t", "float"),
    ("SM80_8x8x4_F64F64F64F64_TN", 8, 8, 4, "double", "double"),
    ("SM75_16x8x8_F32F16F16F32_TN", 16, 8, 8, "half_t", "float"),
]


def operand_tensor(g, p_dyn, elem, rows, cols):
    """A tensor of `rows x cols` over a null-based gmem pointer, or an identity tensor."""
    s = (rows * g.choice([1, 2]), cols * g.choice([1, 2]))
    if g.random() < 0.25:
        return f"make_identity_tensor({spell(g, s, p_dyn, 'make_shape')})"
    d = (1, s[0]) if g.random() < 0.5 else (s[1], 1)
    return f"make_tensor(make_gmem_ptr<{elem}>(nullptr), {layout_spelled(g, s, d, p_dyn)})"


def mma_partition_case(g, p_dyn):
    """`make_tiled_mma(atom, thr).get_thread_slice(i).partition_X(T)`, T tiles the MMA's."""
    name, m, n, k, ab, c = g.choice(MMA_ATOMS)
    tm, tn = g.choice([1, 2, 4]), g.choice([1, 2])
    thr = f"make_layout(make_shape(Int<{tm}>{{}}, Int<{tn}>{{}}, Int<1>{{}}))"
    op = g.choice(["partition_A", "partition_B", "partition_C"])
    rows, cols, elem = {"partition_A": (m * tm, k, ab), "partition_B": (n * tn, k, ab),
                        "partition_C": (m * tm, n * tn, c)}[op]
    i = leaf(g, g.randrange(32 * tm * tn), 0.0 if g.random() < 0.5 else 1.0)
    return (f"make_tiled_mma({name}{{}}, {thr}).get_thread_slice({i}).{op}"
            f"({operand_tensor(g, p_dyn, elem, rows, cols)})")


def copy_partition_case(g, p_dyn):
    """`make_tiled_copy(Copy_Atom<UniversalCopy<U>, T>, thr, val).get_thread_slice(i).partition_S/D(X)`."""
    elem, bits = g.choice([("half_t", 16), ("float", 32), ("uint8_t", 8)])
    vec = g.choice([v for v in (1, 2, 4, 8) if bits * v in (16, 32, 64, 128)])
    u = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t", 128: "uint128_t"}[bits * vec]
    tm, tn = g.choice([(8, 4), (4, 8), (16, 2), (32, 1), (2, 16)])
    major = g.random() < 0.5
    thr = (f"make_layout(make_shape(Int<{tm}>{{}}, Int<{tn}>{{}}))" if major else
           f"make_layout(make_shape(Int<{tm}>{{}}, Int<{tn}>{{}}), make_stride(Int<{tn}>{{}}, Int<1>{{}}))")
    vm, vn = (vec, 1) if g.random() < 0.5 else (1, vec)
    val = f"make_layout(make_shape(Int<{vm}>{{}}, Int<{vn}>{{}}))"
    op = g.choice(["partition_S", "partition_D"])
    i = leaf(g, g.randrange(tm * tn), 0.0 if g.random() < 0.5 else 1.0)
    t = operand_tensor(g, p_dyn, elem, tm * vm, tn * vn)
    return f"make_tiled_copy(Copy_Atom<UniversalCopy<{u}>, {elem}>{{}}, {thr}, {val}).get_thread_slice({i}).{op}({t})"


OPS = [
    ("coalesce", lambda g, p: f"coalesce({layout(g, p)})"),
    ("coalesce_profile", coalesce_profile),
    ("filter", lambda g, p: f"filter({layout(g, p)})"),
    ("filter_zeros", lambda g, p: f"filter_zeros({layout(g, p, 'random')})"),
    ("size_cosize", lambda g, p: f"{g.choice(['size', 'cosize'])}({layout(g, p)})"),
    ("complement", complement_case),
    ("composition", composition_case),
    ("logical_divide", lambda g, p: tiled_case(g, p, "logical_divide", g.choice(["layout", "tile", "shape"]))),
    ("zipped_divide", lambda g, p: tiled_case(g, p, "zipped_divide", g.choice(["layout", "tile"]))),
    ("tiled_divide", lambda g, p: tiled_case(g, p, "tiled_divide", g.choice(["layout", "tile"]))),
    ("flat_divide", lambda g, p: tiled_case(g, p, "flat_divide", g.choice(["layout", "tile"]))),
    ("logical_product", lambda g, p: product_case(g, p, "logical_product")),
    ("zipped_product", lambda g, p: product_case(g, p, "zipped_product")),
    ("tiled_product", lambda g, p: product_case(g, p, "tiled_product")),
    ("flat_product", lambda g, p: product_case(g, p, "flat_product")),
    ("blocked_product", lambda g, p: product_case(g, p, "blocked_product")),
    ("raked_product", lambda g, p: product_case(g, p, "raked_product")),
    ("right_inverse", lambda g, p: inverse_case(g, p, "right_inverse")),
    ("left_inverse", lambda g, p: inverse_case(g, p, "left_inverse")),
    ("max_common_layout", lambda g, p: common_case(g, p, "max_common_layout")),
    ("max_common_vector", lambda g, p: common_case(g, p, "max_common_vector")),
    ("upcast", lambda g, p: recast_case(g, p, "upcast")),
    ("downcast", lambda g, p: recast_case(g, p, "downcast")),
    ("recast_layout", lambda g, p: recast_case(g, p, "recast_layout")),
    ("make_layout_like", lambda g, p: f"make_layout_like({layout(g, p)})"),
    ("make_fragment_like", lambda g, p: f"make_fragment_like({layout(g, p)})"),
    ("zip", lambda g, p: f"zip({layout(g, p, rank=g.choice([2, 3]), max_depth=2)})"),
    ("flatten", lambda g, p: f"flatten({layout(g, p)})"),
    ("group", group_case),
    ("tile_to_shape", tile_to_shape_case),
    ("make_ordered_layout", ordered),
    ("product_each", lambda g, p: f"product_each({spell(g, shape(g), p, 'make_shape')})"),
    ("shape_div", lambda g, p: tuple_div(g, p, "shape_div")),
    ("ceil_div", lambda g, p: tuple_div(g, p, "ceil_div")),
    ("crd2idx", crd2idx_case),
    ("idx2crd", idx2crd_case),
    ("slice", lambda g, p: slice_case(g, p, "slice")),
    ("dice", lambda g, p: slice_case(g, p, "dice")),
    ("layout_call", call_case),
    # composed (swizzled) layouts
    ("sw_composition", lambda g, p: composed_op(g, p, "composition")),
    ("sw_logical_divide", lambda g, p: composed_op(g, p, "logical_divide")),
    ("sw_zipped_divide", lambda g, p: composed_op(g, p, "zipped_divide")),
    ("sw_tiled_divide", lambda g, p: composed_op(g, p, "tiled_divide")),
    ("sw_upcast", lambda g, p: composed_op(g, p, "upcast")),
    ("sw_downcast", lambda g, p: composed_op(g, p, "downcast")),
    ("sw_coalesce", lambda g, p: composed_op(g, p, "coalesce")),
    ("sw_right_inverse", lambda g, p: composed_op(g, p, "right_inverse")),
    ("sw_at", lambda g, p: composed_op(g, p, "at")),
    ("sw_logical_product", lambda g, p: composed_op(g, p, "logical_product")),
    ("sw_tile_to_shape", lambda g, p: composed_op(g, p, "tile_to_shape")),
    ("sw_at_offset", lambda g, p: f"composition({swz(g)}, {leaf(g, g.choice([0, 4, 8, 16]), p)}, {sw_layout(g, 0.0)})({leaf(g, g.randrange(8), p)}, {leaf(g, g.randrange(8), p)})"),
    ("sw_slice_offset", lambda g, p: f"composition({swz(g)}, {leaf(g, g.choice([0, 4, 8]), p)}, {sw_layout(g, 0.0)})(_, {leaf(g, g.randrange(8), p)})"),
    ("ordered_tag", lambda g, p: f"make_ordered_layout({spell(g, shape(g, max_depth=2), p, 'make_shape')}, {g.choice(['LayoutLeft{}', 'LayoutRight{}', 'GenColMajor{}', 'GenRowMajor{}'])})"),
    ("make_layout_tag", lambda g, p: f"make_layout({spell(g, shape(g, max_depth=2), p, 'make_shape')}, {g.choice(['LayoutLeft{}', 'LayoutRight{}', 'GenColMajor{}', 'GenRowMajor{}'])})"),
    ("filter_zeros_profile", lambda g, p: (lambda s: f"filter_zeros({layout_of(g, s, p, 'random')}, {spell(g, strides(g, s, 'random'), 0.0, 'make_stride')})")(shape(g, max_depth=2))),
    ("divide_random", lambda g, p: f"{g.choice(['logical_divide', 'zipped_divide'])}({layout(g, p, 'random', max_depth=2)}, {small(g, 0.0)})"),
    ("composition_random", lambda g, p: f"composition({layout(g, p, 'random')}, {layout(g, p, g.choice(['compact', 'perm', 'random']), max_depth=1)})"),
    ("coalesce_random", lambda g, p: f"coalesce({layout(g, p, 'random')})"),
    ("t_coalesce", lambda g, p: f"coalesce({tensor2(g, p)[0]})"),
    ("t_domain_offset", lambda g, p: f"domain_offset(make_coord({leaf(g, g.randrange(4), p)}, {leaf(g, g.randrange(4), p)}), {tensor2(g, p)[0]})"),
    ("t_partition_dynamic", lambda g, p: tensor_op(g, 1.0, "local_partition")),
    ("t_local_tile_dynamic", lambda g, p: tensor_op(g, 1.0, "local_tile")),
    # round 3: projections, nested tilers and coordinates, tensors composed and recast
    ("t_local_tile_proj", lambda g, p: f"local_tile({tensor2(g, p)[0]}, make_shape({leaf(g, g.choice([2, 4]), 0.0)}, {leaf(g, g.choice([4, 8]), 0.0)}, {leaf(g, 2, 0.0)}), make_coord({leaf(g, g.randrange(2), p)}, _, {leaf(g, g.randrange(2), p)}), {g.choice(['Step<_1, X, _1>{}', 'Step<X, _1, _1>{}', 'Step<_1, _1, X>{}'])})"),
    ("t_local_partition_proj", lambda g, p: f"local_partition({tensor2(g, p)[0]}, make_layout(make_shape(Int<2>{{}}, Int<4>{{}}, Int<2>{{}})), {leaf(g, g.randrange(16), p)}, {g.choice(['Step<_1, X, _1>{}', 'Step<X, _1, _1>{}', 'Step<_1, _1, X>{}'])})"),
    ("t_composition", lambda g, p: f"composition({tensor2(g, p)[0]}, {tiler(g, 0.0, 2)})"),
    ("t_tiled_divide", lambda g, p: tensor_op(g, p, "logical_divide").replace("logical_divide", "tiled_divide", 1)),
    ("t_nested_slice", lambda g, p: f"make_tensor({ptr(g)}, {layout_of(g, (g.choice([2, 4]), (g.choice([2, 4]), g.choice([2, 8]))), p, g.choice(['compact', 'perm']))})({leaf(g, g.randrange(2), p)}, make_coord(_, {leaf(g, g.randrange(2), p)}))"),
    ("t_address_nested", lambda g, p: f"&make_tensor({ptr(g)}, {layout_of(g, (g.choice([2, 4]), (g.choice([2, 4]), g.choice([2, 8]))), p, g.choice(['compact', 'perm', 'random']))})({leaf(g, g.randrange(2), p)}, {leaf(g, g.randrange(4), p)})"),
    ("t_recast_sw", lambda g, p: f"recast<{g.choice(['uint32_t', 'uint8_t', 'uint64_t'])}>({tensor2(g, p, swizzled=True)[0].replace('make_gmem_ptr', 'make_smem_ptr')})"),
    ("nested_tiler_composition", lambda g, p: f"composition({layout(g, p, 'compact', rank=2, max_depth=2)}, make_tile({tiler(g, 0.0, 2)}, {small(g, 0.0)}))"),
    ("nested_tiler_divide", lambda g, p: f"logical_divide({layout(g, p, 'compact', rank=2, max_depth=2)}, make_tile({tiler(g, 0.0, 2)}, {leaf(g, g.choice([1, 2, 4]), 0.0)}))"),
    ("complement_shape", lambda g, p: f"complement({layout(g, 0.0, 'gapped', max_depth=2)}, {spell(g, (g.choice([4, 8, 16]), g.choice([4, 8, 16]), g.choice([1, 2])), p, 'make_shape')})"),
    ("crd2idx_layout_call", lambda g, p: (lambda s: f"{layout_of(g, s, p, g.choice(['compact', 'perm', 'random']))}({crd_of(g, s, p)})")(shape(g, max_depth=3, rank=g.choice([1, 2, 3])))),
    ("sw_slice_nested", lambda g, p: f"composition({swz(g)}, make_layout(make_shape(make_shape(Int<4>{{}}, Int<2>{{}}), Int<64>{{}}), make_stride(make_stride(Int<64>{{}}, Int<256>{{}}), Int<1>{{}})))(make_coord({leaf(g, g.randrange(4), p)}, _), _)"),
    # tensors over null-based pointers
    ("t_local_tile", lambda g, p: tensor_op(g, p, "local_tile")),
    ("t_local_tile_under", lambda g, p: tensor_op(g, p, "local_tile_under")),
    ("t_local_partition", lambda g, p: tensor_op(g, p, "local_partition")),
    ("t_logical_divide", lambda g, p: tensor_op(g, p, "logical_divide")),
    ("t_zipped_divide", lambda g, p: tensor_op(g, p, "zipped_divide")),
    ("t_flat_divide", lambda g, p: tensor_op(g, p, "flat_divide")),
    ("t_slice", lambda g, p: tensor_op(g, p, "slice")),
    ("t_address", lambda g, p: tensor_op(g, p, "address")),
    ("t_recast", lambda g, p: tensor_op(g, p, "recast")),
    ("t_local_tile_sw", lambda g, p: tensor_op(g, p, "local_tile_sw")),
    ("t_local_partition_sw", lambda g, p: tensor_op(g, p, "local_partition_sw")),
    ("t_slice_sw", lambda g, p: tensor_op(g, p, "slice_sw")),
    ("t_address_sw", lambda g, p: tensor_op(g, p, "address_sw")),
    # round 4: tiled MMAs' and tiled copies' partitions of tensors, products of tensors (CuTe
    # C++ declares none: refused)
    ("t_mma_partition", mma_partition_case),
    ("t_copy_partition", copy_partition_case),
    ("t_product", lambda g, p: f"{g.choice(['zipped_product', 'tiled_product', 'logical_product'])}({tensor2(g, p)[0]}, {small(g, 0.0)})"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3232)
    ap.add_argument("--count", type=int, default=20, help="cases per operation")
    ap.add_argument("--second-seed", type=int, default=3233, help="a second seed's cases after the first's")
    ap.add_argument("--second-count", type=int, default=8, help="cases per operation of the second seed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="print the cases, ask nothing")
    a = ap.parse_args()
    make = lambda gen, g: gen(g, g.choice([0.0, 0.3, 0.5, 0.8, 1.0]))  # noqa: E731
    cases = differential.draw(OPS, a.seed, a.count, make)
    if a.second_seed is not None:
        seen = set(cases)
        cases += [c for c in differential.draw(OPS, a.second_seed, a.second_count, make) if c not in seen]
    if a.list:
        print("\n".join(cases))
        return
    differential.write_cpp_set(HERE, cases, batch=120, jobs=a.jobs)


if __name__ == "__main__":
    main()
