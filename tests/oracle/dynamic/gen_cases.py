#!/usr/bin/env python3
"""Differential cases for static and dynamic integers (issue 36) against CuTe C++ 4.7.

Random layouts whose leaves are each static (`Int<8>{}`) or dynamic (a plain C++ `8`),
spelled as C++ (`make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 4))`), put through
the algebra's operations; CuTe's answer is kept exactly as its print() prints it, so that
`cute --format cute` must agree byte for byte, the kind of every integer included.

  cases.tsv          STATEMENT<TAB>CuTe's print   (the statement ends in `;`: C++ text)
  cute_refuses.txt   statements CuTe does not compile (its static_asserts)

Usage: python3 gen_cases.py [--seed N] [--count N]
The oracle's answers are cached in oracle_cache.json beside this script (reruns are cheap).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import differential  # noqa: E402

LEAVES = [1, 2, 3, 4, 6, 8]
LEAF_W = [2, 4, 2, 4, 1, 3]


def leaf(g, v, p_dyn):
    """A C++ integer of value v: dynamic (plain) or static (`Int<v>{}`)."""
    return str(v) if g.random() < p_dyn else f"Int<{v}>{{}}"


def shape(g, depth=0):
    if depth < 1 and g.random() < 0.6:
        return tuple(shape(g, depth + 1) for _ in range(g.choice([1, 2, 2, 3])))
    return g.choices(LEAVES, LEAF_W)[0]


flat, unflat = differential.flat, differential.unflat


def spell(t, kinds, maker):
    """C++ for the IntTuple t, its leaves' kinds given in order (True: dynamic)."""
    it = iter(kinds)

    def go(s):
        if isinstance(s, int):
            return str(s) if next(it) else f"Int<{s}>{{}}"
        return f"{maker}({', '.join(go(m) for m in s)})"
    return go(t)


def strides(g, s, kind):
    """Strides for shape s (differential.strides): compact, permuted or random."""
    return differential.strides(g, s, kind, [0, 1, 2, 4, 8, 16])


def layout(g, p_dyn, kind=None):
    s = shape(g)
    kind = kind or g.choice(["compact", "perm", "perm", "random"])
    d = strides(g, s, kind)
    n = len(flat(s))
    sk = [g.random() < p_dyn for _ in range(n)]
    dk = [g.random() < p_dyn for _ in range(n)]
    return f"make_layout({spell(s, sk, 'make_shape')}, {spell(d, dk, 'make_stride')})"


def shape_only(g, p_dyn):
    s = shape(g)
    return f"make_layout({spell(s, [g.random() < p_dyn for _ in flat(s)], 'make_shape')})"


def small(g, p_dyn):
    """A small tiler layout: `n:d` of a few elements."""
    n = g.choice([1, 2, 2, 3, 4])
    d = g.choice([1, 1, 2])
    return f"make_layout({leaf(g, n, p_dyn)}, {leaf(g, d, p_dyn)})"


def static_layout(g):
    return layout(g, 0.0, g.choice(["compact", "perm"]))


def int_tuple(g, p_dyn, s=None):
    """An IntTuple spelled with make_shape, its leaves randomly static or dynamic."""
    s = shape(g) if s is None else s
    if isinstance(s, int):
        return leaf(g, s, p_dyn)
    return spell(s, [g.random() < p_dyn for _ in flat(s)], "make_shape")


def two_tuples(g, p_dyn, op):
    """op(a, b) of two IntTuples of the same profile."""
    a = shape(g)
    b = unflat(a, [g.choice(LEAVES) for _ in flat(a)])
    return f"{op}({int_tuple(g, p_dyn, a)}, {int_tuple(g, p_dyn, b)})"


def ordered(g, p_dyn):
    """make_ordered_layout(shape, order): an order of distinct or repeated values, some dynamic."""
    s = shape(g)
    n = len(flat(s))
    order = unflat(s, [g.choice(range(n + 1)) for _ in range(n)])
    return f"make_ordered_layout({int_tuple(g, p_dyn, s)}, {spell(order, [g.random() < p_dyn for _ in range(n)], 'make_step')})"


def swz(g):
    return g.choice(["Swizzle<3,4,3>{}", "Swizzle<2,3,3>{}", "Swizzle<1,2,3>{}", "Swizzle<2,4,3>{}"])


def sw_layout(g, p_dyn):
    """A compact 2-D layout of powers of two (rows, cols), leaves randomly static or dynamic."""
    s = (g.choice([8, 16]), g.choice([8, 16, 64]))
    d = (1, s[0]) if g.random() < 0.5 else (s[1], 1)
    return (f"make_layout({spell(s, [g.random() < p_dyn for _ in s], 'make_shape')}, "
            f"{spell(d, [g.random() < p_dyn for _ in d], 'make_stride')})")


def coord(g, p_dyn, rank, hi=8):
    """A coordinate of `rank` integers below `hi`, each static or dynamic."""
    return "make_coord(" + ", ".join(leaf(g, g.randrange(hi), p_dyn) for _ in range(rank)) + ")"


def slice_coord(g, p_dyn):
    """A rank-2 coordinate with one `_`."""
    c = [leaf(g, g.randrange(8), p_dyn), "_"]
    if g.random() < 0.5:
        c.reverse()
    return "make_coord(" + ", ".join(c) + ")"


def mixed_layout(g):
    """A static 3-mode layout whose middle mode lies in a swizzle's Y and Z bits, its first and
    last modes together reaching both: a slice at the middle mode stays swizzled, its offset
    CuTe's MixedBits where the coordinate is a run-time one."""
    m = g.choice([2, 4])
    return (f"make_layout(make_shape(Int<16>{{}}, Int<{m}>{{}}, Int<64>{{}}), "
            f"make_stride(Int<1>{{}}, Int<16>{{}}, Int<{16 * m}>{{}}))"), m


def mixed_slice(g, p_dyn, op):
    lay, m = mixed_layout(g)
    x = leaf(g, g.randrange(m), p_dyn)
    c = f"make_coord(_, {x}, _)"
    comp = f"composition({swz(g)}, {leaf(g, g.choice([0, 4, 8]), p_dyn)}, {lay})"
    if op == "slice_and_offset":
        return f"slice_and_offset({c}, {comp})"
    return f"make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 3]), p_dyn)}), {comp})(_, {x}, _)"


def mixed_recast(g, p_dyn, op):
    """upcast<N>, downcast<N> or max_alignment of a swizzled slice whose offset is CuTe's
    MixedBits (swizzle.hpp's overloads: each part divided or multiplied, the alignment of the
    lowest bit of S | F)."""
    lay, m = mixed_layout(g)
    x = leaf(g, g.randrange(m), p_dyn)
    comp = f"composition({swz(g)}, {leaf(g, g.choice([0, 4, 8]), p_dyn)}, {lay})"
    sliced = f"slice(make_coord(_, {x}, _), {comp})"
    if op == "max_alignment":
        return f"max_alignment({sliced})"
    return f"{op}<{g.choice([2, 4, 8, 16])}>({sliced})"


def recast_plain(g, p_dyn, op):
    """upcast<N>, downcast<N> or recast_layout<Old,New> of a plain layout whose strides are
    randomly static or dynamic (layout.hpp: a static stride is ceil_div'ed, a dynamic one
    safe_div'ed or multiplied, each leaf keeping its kind)."""
    lay = layout(g, p_dyn, g.choice(["compact", "perm", "random"]))
    if op == "recast_layout":
        old, new = g.sample(["uint8_t", "uint16_t", "uint32_t", "uint64_t"], 2)
        return f"recast_layout<{old}, {new}>({lay})"
    return f"{op}<{g.choice([2, 4, 8])}>({lay})"


def equal_pair(g, p_dyn):
    """Two layouts of one shape profile compared with `==`."""
    s = (g.choice([2, 4]), g.choice([4, 8]))
    t = s if g.random() < 0.6 else (s[0], g.choice([4, 8]))
    a = f"make_layout({spell(s, [g.random() < p_dyn for _ in s], 'make_shape')})"
    b = f"make_layout({spell(t, [g.random() < p_dyn for _ in t], 'make_shape')})"
    return f"{a} == {b}"


OPS = [
    ("make_layout", lambda g, p: shape_only(g, p)),
    ("coalesce", lambda g, p: f"coalesce({layout(g, p)})"),
    ("filter", lambda g, p: f"filter({layout(g, p)})"),
    ("size", lambda g, p: f"size({layout(g, p)})"),
    ("cosize", lambda g, p: f"cosize({layout(g, p)})"),
    ("complement", lambda g, p: f"complement({layout(g, p, 'perm')})"),
    ("complement_to", lambda g, p: f"complement({layout(g, p, 'perm')}, {leaf(g, g.choice([64, 128, 256, 512]), p)})"),
    ("complement_rank1", lambda g, p: f"complement({small(g, p)})"),
    ("composition", lambda g, p: f"composition({layout(g, p, 'compact')}, {small(g, p)})"),
    ("composition_tuple", lambda g, p: f"composition({layout(g, p, 'compact')}, make_layout(make_shape({leaf(g, 2, p)}, {leaf(g, 2, p)}), make_stride({leaf(g, 1, p)}, {leaf(g, 2, p)})))"),
    ("logical_divide", lambda g, p: f"logical_divide({layout(g, p, 'compact')}, {small(g, 0.0)})"),
    ("zipped_divide", lambda g, p: f"zipped_divide({layout(g, p, 'compact')}, {small(g, 0.0)})"),
    ("tiled_divide", lambda g, p: f"tiled_divide({layout(g, p, 'compact')}, {small(g, 0.0)})"),
    ("logical_product", lambda g, p: f"logical_product({static_layout(g)}, {small(g, p)})"),
    ("blocked_product", lambda g, p: f"blocked_product({static_layout(g)}, {shape_only(g, p)})"),
    ("raked_product", lambda g, p: f"raked_product({static_layout(g)}, {shape_only(g, p)})"),
    # the inverses, the common layouts and the ordered constructions (CuTe's branches on kinds)
    ("right_inverse", lambda g, p: f"right_inverse({layout(g, p, g.choice(['compact', 'perm']))})"),
    ("left_inverse", lambda g, p: f"left_inverse({layout(g, p, g.choice(['compact', 'perm']))})"),
    ("max_common_layout", lambda g, p: f"max_common_layout({layout(g, p, 'perm')}, {layout(g, p, 'perm')})"),
    ("max_common_vector", lambda g, p: f"max_common_vector({layout(g, p, 'perm')}, {layout(g, p, 'perm')})"),
    ("make_ordered_layout", lambda g, p: ordered(g, p)),
    ("make_layout_like", lambda g, p: f"make_layout_like({layout(g, p)})"),
    ("make_fragment_like", lambda g, p: f"make_fragment_like({layout(g, p)})"),
    # the IntTuple functions
    ("product", lambda g, p: f"product({int_tuple(g, p)})"),
    ("product_each", lambda g, p: f"product_each({int_tuple(g, p)})"),
    ("inner_product", lambda g, p: two_tuples(g, p, "inner_product")),
    ("elem_scale", lambda g, p: two_tuples(g, p, "elem_scale")),
    ("shape_div", lambda g, p: two_tuples(g, p, "shape_div")),
    ("shape_div_int", lambda g, p: f"shape_div({int_tuple(g, p)}, {leaf(g, g.choice([2, 4, 8, 16]), p)})"),
    ("ceil_div", lambda g, p: two_tuples(g, p, "ceil_div")),
    ("ceil_div_int", lambda g, p: f"ceil_div({int_tuple(g, p)}, {leaf(g, g.choice([3, 4, 5, 16]), p)})"),
    ("round_up", lambda g, p: two_tuples(g, p, "round_up")),
    ("max", lambda g, p: f"max({int_tuple(g, p)})"),
    ("min", lambda g, p: f"min({int_tuple(g, p)}, {leaf(g, g.choice([2, 3, 8]), p)})"),
    # composed layouts' offsets, counting and identity tensors' origins, == (kinds of each)
    ("composed_offset", lambda g, p: f"composition({swz(g)}, {leaf(g, g.choice([0, 1, 4, 8, 16]), p)}, {sw_layout(g, p)})"),
    ("composed_coalesce", lambda g, p: f"coalesce(composition({swz(g)}, {leaf(g, g.choice([0, 4, 8]), p)}, {sw_layout(g, p)}))"),
    ("composed_domain_offset", lambda g, p: f"domain_offset({coord(g, p, 2)}, composition({swz(g)}, {leaf(g, g.choice([0, 4]), p)}, {sw_layout(g, p)}))"),
    ("composed_slice_and_offset", lambda g, p: f"slice_and_offset({slice_coord(g, p)}, composition({swz(g)}, {leaf(g, g.choice([0, 4]), p)}, {sw_layout(g, p)}))"),
    ("layout_slice_and_offset", lambda g, p: f"slice_and_offset({slice_coord(g, p)}, {sw_layout(g, p)})"),
    ("layout_domain_offset", lambda g, p: f"domain_offset({coord(g, p, 2)}, {sw_layout(g, p)})"),
    ("counting_slice", lambda g, p: f"make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 3, 5]), p)}), {sw_layout(g, p)})({slice_coord(g, p)})"),
    ("counting_at", lambda g, p: f"make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 3, 5]), p)}), {sw_layout(g, p)})({coord(g, p, 2)})"),
    ("counting_local_tile", lambda g, p: f"local_tile(make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 7]), p)}), {sw_layout(g, p)}), make_shape({leaf(g, 4, 0.0)}, {leaf(g, 8, 0.0)}), {coord(g, p, 2, 3)})"),
    ("counting_local_partition", lambda g, p: f"local_partition(make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 7]), p)}), {sw_layout(g, p)}), make_layout(make_shape(Int<4>{{}}, Int<2>{{}})), {leaf(g, g.choice([0, 3, 5]), p)})"),
    ("identity_slice", lambda g, p: f"make_identity_tensor({int_tuple(g, p, (g.choice([8, 16]), g.choice([8, 16])))})({slice_coord(g, p)})"),
    ("identity_at", lambda g, p: f"make_identity_tensor({int_tuple(g, p, (g.choice([8, 16]), g.choice([8, 16])))})({coord(g, p, 2)})"),
    ("identity_local_tile", lambda g, p: f"local_tile(make_identity_tensor({int_tuple(g, p, (16, 32))}), make_shape(Int<4>{{}}, Int<8>{{}}), {coord(g, p, 2, 3)})"),
    ("identity_local_partition", lambda g, p: f"local_partition(make_identity_tensor({int_tuple(g, p, (16, 32))}), make_layout(make_shape(Int<4>{{}}, Int<8>{{}})), {leaf(g, g.choice([0, 3, 5]), p)})"),
    # domain_offset of a tensor moves its iterator (tensor_impl.hpp), each leaf of its kind;
    # slices at a run-time coordinate keep CuTe's MixedBits offset (swizzle.hpp)
    ("identity_domain_offset", lambda g, p: f"domain_offset({coord(g, p, 2)}, make_identity_tensor({int_tuple(g, p, (g.choice([8, 16]), g.choice([8, 16])))}))"),
    ("counting_domain_offset", lambda g, p: f"domain_offset({coord(g, p, 2)}, make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 3, 5]), p)}), {sw_layout(g, p)}))"),
    ("counting_swizzled_domain_offset", lambda g, p: f"domain_offset({coord(g, p, 2)}, make_tensor(make_inttuple_iter({leaf(g, g.choice([0, 3, 5]), p)}), composition({swz(g)}, {leaf(g, g.choice([0, 4]), p)}, {sw_layout(g, 0.0)})))"),
    ("mixed_bits_slice_and_offset", lambda g, p: mixed_slice(g, p, "slice_and_offset")),
    ("mixed_bits_counting_slice", lambda g, p: mixed_slice(g, p, "counting")),
    ("mixed_bits_upcast", lambda g, p: mixed_recast(g, p, "upcast")),
    ("mixed_bits_downcast", lambda g, p: mixed_recast(g, p, "downcast")),
    ("mixed_bits_max_alignment", lambda g, p: mixed_recast(g, p, "max_alignment")),
    ("upcast", lambda g, p: recast_plain(g, p, "upcast")),
    ("downcast", lambda g, p: recast_plain(g, p, "downcast")),
    ("recast_layout", lambda g, p: recast_plain(g, p, "recast_layout")),
    ("max_alignment", lambda g, p: f"max_alignment({layout(g, p, g.choice(['compact', 'perm', 'random']))})"),
    ("equal_layouts", lambda g, p: equal_pair(g, p)),
    ("equal_tuples", lambda g, p: f"{int_tuple(g, p, (4, (2, 8)))} {g.choice(['==', '!='])} {int_tuple(g, p, (4, (g.choice([2, 4]), 8)))}"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--count", type=int, default=25, help="cases per operation")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    cases = differential.draw(OPS, a.seed, a.count, lambda gen, g: gen(g, g.choice([0.3, 0.5, 0.8, 1.0])))
    differential.write_cpp_set(HERE, cases, batch=200, jobs=a.jobs)

if __name__ == "__main__":
    main()
