#!/usr/bin/env python3
"""Session 32's differential campaign in the CuTe DSL's spelling, against the CuTe DSL 4.8.1
(dsl-oracle): the operations of gen_cases.py (its C++ companion) spelled as the DSL spells them
(their random structure is structure.py's, drawn once for both spellings),
Python literals static and `cutlass.Int32(…)` run-time at random, over layouts of depth up to 3
and swizzled (composed) layouts. The DSL's answers are the truth for DSL text; the test
(tests/integration/wide.rs) prints cute's value in the DSL's print form (a run-time integer
`?`, `{div=N}` notes dropped), so the kind of every integer is checked.

  dsl_cases.tsv      STATEMENT<TAB>the DSL's print
  dsl_refuses.txt    statements the DSL raises on, with its error (kept for reference)

Generated with: python3 tests/oracle/wide/gen_dsl_cases.py --seed 3232 --count 20 --second-seed 3233 --second-count 12
(plus COMPOSITION_RULE_CASES, fixed)
The oracle's answers are cached in dsl_oracle_cache.json beside this script.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
import differential  # noqa: E402
from structure import Dsl, Structure, flat, shape, unflat  # noqa: E402

# the random structure of gen_cases.py (structure.py), spelled in the DSL
_dsl = Structure(Dsl)
leaf, spell, layout_of, layout = _dsl.leaf, _dsl.spell, _dsl.layout_of, _dsl.layout
small, tiler, crd_of, profile = _dsl.small, _dsl.tiler, _dsl.crd_of, _dsl.profile
slice_case, idx2crd_case, group_case = _dsl.slice_case, _dsl.idx2crd_case, _dsl.group_case


def tiled_case(g, p_dyn, op):
    s = shape(g, max_depth=2, rank=g.choice([1, 2, 2, 3]))
    a = layout_of(g, s, p_dyn, g.choice(["compact", "compact", "perm", "gapped"]))
    b = small(g, p_dyn * 0.3) if g.random() < 0.4 else tiler(g, p_dyn, g.choice([1, len(s)]))
    return f"cute.{op}({a}, {b})"


def product_case(g, p_dyn, op):
    a = layout(g, p_dyn * 0.5, g.choice(["compact", "perm"]), max_depth=2, rank=g.choice([1, 2, 2, 3]))
    if op in ("blocked_product", "raked_product"):
        b = f"cute.make_layout({spell(g, shape(g, max_depth=1, rank=g.choice([1, 2, 2, 3])), p_dyn)})"
    else:
        b = layout(g, p_dyn, g.choice(["compact", "perm"]), max_depth=1, rank=g.choice([None, 1, 2]))
    return f"cute.{op}({a}, {b})"


def complement_case(g, p_dyn):
    s = shape(g, max_depth=2)
    kind = g.choice(["compact", "perm", "gapped", "gapped"])
    lay = layout_of(g, s, p_dyn if isinstance(s, int) or len(flat(s)) == 1 else 0.0, kind)
    if g.random() < 0.7:
        return f"cute.complement({lay}, {leaf(g, g.choice([16, 32, 64, 96, 128, 256, 1024]), p_dyn)})"
    return f"cute.complement({lay}, {spell(g, (g.choice([8, 16, 32]), g.choice([2, 4, 8])), p_dyn)})"


def composition_case(g, p_dyn):
    a = layout(g, p_dyn, g.choice(["compact", "perm", "gapped", "random"]))
    r = g.random()
    if r < 0.5:
        b = small(g, p_dyn)
    elif r < 0.75:
        b = layout(g, p_dyn, g.choice(["compact", "perm"]), max_depth=1, rank=g.choice([1, 2]))
    else:
        b = tiler(g, p_dyn, g.choice([1, 2]))
    return f"cute.composition({a}, {b})"


def coalesce_case(g, p_dyn):
    s = shape(g, rank=g.choice([2, 3]))
    lay = layout_of(g, s, p_dyn, g.choice(["compact", "perm", "random"]))
    if g.random() < 0.4:
        return f"cute.coalesce({lay})"
    return f"cute.coalesce({lay}, target_profile={profile(g, s)})"


def crd2idx_case(g, p_dyn):
    s = shape(g, max_depth=3, rank=g.choice([1, 2, 3]))
    lay = layout_of(g, s, p_dyn, g.choice(["compact", "perm", "random"]))
    return f"cute.crd2idx({crd_of(g, s, p_dyn)}, {lay})"





def tile_to_shape_case(g, p_dyn):
    a = (g.choice([1, 2, 4]), g.choice([1, 2, 4, 8]))
    t = (a[0] * g.choice([1, 2, 4]), a[1] * g.choice([1, 2, 3]))
    lay = layout_of(g, a, p_dyn * 0.5, g.choice(["compact", "perm"]))
    return f"cute.tile_to_shape({lay}, {spell(g, t, p_dyn)}, {g.choice(['(0, 1)', '(1, 0)'])})"


def ordered(g, p_dyn):
    s = shape(g, max_depth=2, rank=g.choice([1, 2, 3]))
    n = len(flat(s))
    order = unflat(s, g.sample(range(n), n))
    return f"cute.make_ordered_layout({spell(g, s, p_dyn)}, {spell(g, order, 0.0)})"


def recast_case(g, p_dyn):
    lay = layout(g, p_dyn, g.choice(["compact", "perm", "random"]), max_depth=2)
    new, old = g.sample([8, 16, 32, 64], 2)
    return f"cute.recast_layout({new}, {old}, {lay})"


def swz(g):
    return g.choice(["cute.make_swizzle(3, 4, 3)", "cute.make_swizzle(2, 3, 3)", "cute.make_swizzle(1, 2, 3)",
                     "cute.make_swizzle(3, 3, 3)", "cute.make_swizzle(2, 4, 3)"])


def composed(g, p_dyn):
    s = (g.choice([8, 16, 32]), g.choice([8, 16, 64]))
    d = (1, s[0]) if g.random() < 0.5 else (s[1], 1)
    off = leaf(g, g.choice([0, 0, 4, 8]), p_dyn)
    return f"cute.make_composed_layout({swz(g)}, {off}, cute.make_layout({spell(g, s, 0.0)}, stride={spell(g, d, 0.0)}))"


def composed_op(g, p_dyn, op):
    c = composed(g, p_dyn)
    if op == "composition":
        return f"cute.composition({c}, {g.choice([small(g, 0.0), tiler(g, 0.0, 2)])})"
    if op == "at":
        return f"{c}(({leaf(g, g.randrange(8), p_dyn)}, {leaf(g, g.randrange(8), p_dyn)}))"
    return f"cute.{op}({c}, {tiler(g, 0.0, 2)})"


def coalescing_composition_case(g, p_dyn):
    """A flat A of small static extents, its last one run-time half the time, and a leaf of B
    stepping by r over it: A's strides `d_{i+1} = ceil(s_i/r)*r*d_i`, so that a leaf of B takes
    several modes of A whose image coalesces (as the DSL does; C++ keeps the modes)."""
    rank = g.choice([2, 3])
    r = g.choice([1, 2, 2, 3])
    s = [g.choice([2, 3, 4, 5]) for _ in range(rank - 1)] + [g.choice([4, 8, 16])]
    d, acc = [], 1
    for e in s:
        d.append(acc)
        acc *= -(-e // r) * r
    dyn_last = g.random() < 0.5
    shape_s = ", ".join(leaf(g, e, 1.0 if (i == rank - 1 and dyn_last) else 0.0) for i, e in enumerate(s))
    stride_s = ", ".join(str(x) for x in d)
    a = f"cute.make_layout(({shape_s}), stride=({stride_s}))"
    if g.random() < 0.6:
        b = f"cute.make_layout({g.choice([2, 4, 6, 8, 12])}, stride={r})"
    else:
        b = f"cute.make_layout(({g.choice([2, 4])}, {g.choice([2, 3])}), stride=({r}, {g.choice([2, 4, 8])}))"
    return f"cute.composition({a}, {b})"


def thr_val_layouts(g):
    """A thread layout (column- or row-major) and a value layout of a tiled copy or TV pair."""
    tm, tn = g.choice([(8, 4), (4, 8), (16, 2), (32, 1), (2, 16), (4, 4)])
    thr = f"cute.make_layout(({tm}, {tn}))" if g.random() < 0.5 else f"cute.make_layout(({tm}, {tn}), stride=({tn}, 1))"
    vm, vn = g.choice([(1, 1), (1, 2), (2, 1), (1, 4), (4, 1), (2, 2)])
    val = f"cute.make_layout(({vm}, {vn}))" if g.random() < 0.7 else f"cute.make_layout(({vm}, {vn}), stride=({vn}, 1))"
    return thr, val, (tm * vm, tn * vn), tm * tn, vm * vn


def mma_partition_case(g, p_dyn):
    """A universal tiled MMA's thread slice partitioning an identity tensor."""
    m, n = g.choice([(4, 8), (8, 4), (16, 2), (2, 16), (8, 8)])
    op = g.choice(["partition_A", "partition_B", "partition_C"])
    k = g.choice([1, 4, 8])
    rows, cols = {"partition_A": (m, k), "partition_B": (n, k), "partition_C": (m, n)}[op]
    rows, cols = rows * g.choice([1, 2]), cols * g.choice([1, 2])
    return (f"cute.make_tiled_mma(cute.make_mma_atom(cute.nvgpu.MmaUniversalOp(cutlass.Float32)), "
            f"cute.make_layout(({m}, {n}, 1))).get_slice({leaf(g, g.randrange(m * n), p_dyn)})"
            f".{op}(cute.make_identity_tensor(({rows}, {cols})))")


def copy_partition_case(g, p_dyn):
    """A universal tiled copy's thread slice partitioning an identity tensor."""
    thr, val, (rows, cols), nthr, nval = thr_val_layouts(g)
    bits = 16 * nval
    rows, cols = rows * g.choice([1, 2]), cols * g.choice([1, 2])
    return (f"cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, "
            f"num_bits_per_copy={bits}), {thr}, {val}).get_slice({leaf(g, g.randrange(nthr), p_dyn)})"
            f".{g.choice(['partition_S', 'partition_D'])}(cute.make_identity_tensor(({rows}, {cols})))")


OPS = [
    ("coalesce", coalesce_case),
    ("filter", lambda g, p: f"cute.filter({layout(g, p)})"),
    ("filter_zeros", lambda g, p: f"cute.filter_zeros({layout(g, p, 'random')})"),
    ("size_cosize", lambda g, p: f"cute.{g.choice(['size', 'cosize'])}({layout(g, p)})"),
    ("complement", complement_case),
    ("composition", composition_case),
    ("logical_divide", lambda g, p: tiled_case(g, p, "logical_divide")),
    ("zipped_divide", lambda g, p: tiled_case(g, p, "zipped_divide")),
    ("tiled_divide", lambda g, p: tiled_case(g, p, "tiled_divide")),
    ("flat_divide", lambda g, p: tiled_case(g, p, "flat_divide")),
    ("logical_product", lambda g, p: product_case(g, p, "logical_product")),
    ("zipped_product", lambda g, p: product_case(g, p, "zipped_product")),
    ("blocked_product", lambda g, p: product_case(g, p, "blocked_product")),
    ("raked_product", lambda g, p: product_case(g, p, "raked_product")),
    ("right_inverse", lambda g, p: f"cute.right_inverse({layout(g, p, g.choice(['compact', 'perm', 'gapped', 'random']))})"),
    ("left_inverse", lambda g, p: f"cute.left_inverse({layout(g, p, g.choice(['compact', 'perm', 'gapped']))})"),
    ("max_common_layout", lambda g, p: f"cute.max_common_layout({layout(g, p, 'perm', 2)}, {layout(g, p, 'perm', 2)})"),
    ("max_common_vector", lambda g, p: f"cute.max_common_vector({layout(g, p, 'perm', 2)}, {layout(g, p, 'perm', 2)})"),
    ("recast_layout", recast_case),
    ("flatten", lambda g, p: f"cute.flatten({layout(g, p)})"),
    ("group_modes", group_case),
    ("tile_to_shape", tile_to_shape_case),
    ("make_ordered_layout", ordered),
    ("crd2idx", crd2idx_case),
    ("idx2crd", idx2crd_case),
    ("slice_", lambda g, p: slice_case(g, p, "slice_")),
    ("dice", lambda g, p: slice_case(g, p, "dice")),
    ("sw_composition", lambda g, p: composed_op(g, p, "composition")),
    ("sw_logical_divide", lambda g, p: composed_op(g, p, "logical_divide")),
    ("sw_zipped_divide", lambda g, p: composed_op(g, p, "zipped_divide")),
    ("sw_at", lambda g, p: composed_op(g, p, "at")),
    ("tiled_product", lambda g, p: product_case(g, p, "tiled_product")),
    ("flat_product", lambda g, p: product_case(g, p, "flat_product")),
    ("composition_ints", lambda g, p: f"cute.composition({layout(g, p, rank=2, max_depth=2)}, {g.choice(['1', '(1, None)', '(None, 1)', '(1, 2)', '(2, 1)', '(1,)', '(cutlass.Int32(1), 2)'])})"),
    ("layout_call", lambda g, p: (lambda s: f"{layout_of(g, s, p, g.choice(['compact', 'perm', 'random']))}({crd_of(g, s, p)})")(shape(g, max_depth=2, rank=g.choice([1, 2, 3])))),
    ("get", lambda g, p: f"cute.get({layout(g, p, rank=g.choice([2, 3]), max_depth=2)}, mode=[{g.choice([0, 1])}])"),
    ("size_mode", lambda g, p: f"cute.size({layout(g, p, rank=g.choice([2, 3]), max_depth=2)}, mode=[{g.choice([0, 1])}])"),
    ("coalesce_random", lambda g, p: f"cute.coalesce({layout(g, p, 'random')})"),
    ("composition_random", lambda g, p: f"cute.composition({layout(g, p, 'random')}, {layout(g, p, g.choice(['compact', 'perm', 'random']), max_depth=1)})"),
    # round 3 (the DSL's filter_zeros takes no Python tuple as its target_profile: "must be a
    # Value"; its slice_and_offset of a composed layout prints the Python object, whose layout
    # is not compared: neither is drawn)
    ("select", lambda g, p: f"cute.select({layout(g, p, rank=3, max_depth=2)}, mode=[{', '.join(str(g.randrange(3)) for _ in range(g.choice([1, 2, 3])))}])"),
    ("append", lambda g, p: f"cute.append({layout(g, p, rank=g.choice([1, 2]), max_depth=2)}, {small(g, p)})"),
    ("prepend", lambda g, p: f"cute.prepend({layout(g, p, rank=g.choice([1, 2]), max_depth=2)}, {small(g, p)})"),
    ("product_each", lambda g, p: f"cute.product_each({spell(g, shape(g, rank=g.choice([1, 2, 3])), p)})"),
    ("cosize_mode", lambda g, p: f"cute.cosize({layout(g, p, rank=g.choice([2, 3]), max_depth=2)}, mode=[{g.choice([0, 1])}])"),
    ("sw_tiled_divide", lambda g, p: composed_op(g, p, "tiled_divide")),
    ("ceil_div", lambda g, p: (lambda a: f"cute.ceil_div({spell(g, a, p)}, {spell(g, unflat(a, [g.choice([1, 2, 3, 4]) for _ in flat(a)]), p)})")(shape(g, max_depth=2, rank=g.choice([1, 2, 3])))),
    ("shape_div", lambda g, p: (lambda a: f"cute.shape_div({spell(g, a, p)}, {spell(g, unflat(a, [g.choice([1, 2, 4]) for _ in flat(a)]), p)})")(shape(g, max_depth=2, rank=g.choice([1, 2, 3])))),
    ("composition_coalescing", coalescing_composition_case),
    # round 4: TV layouts, tiled MMAs' and tiled copies' partitions
    ("make_layout_tv", lambda g, p: (lambda t: f"cute.make_layout_tv({t[0]}, {t[1]})")(thr_val_layouts(g))),
    ("t_mma_partition", mma_partition_case),
    ("t_copy_partition", copy_partition_case),
]


I32 = "cutlass.Int32"
# The DSL's composition coalesces the image of a leaf of B where A's last mode takes the rest
# (C++ leaves it as composition_impl builds it): statements that tell the two apart.
COMPOSITION_RULE_CASES = [
    "cute.composition(cute.make_layout((3, 8), stride=(1, 4)), cute.make_layout(4, stride=2))",
    "cute.composition(cute.make_layout((5, 3, 8), stride=(1, 6, 24)), cute.make_layout(6, stride=2))",
    "cute.composition(cute.make_layout((3, 2, 8), stride=(1, 4, 9)), cute.make_layout(8, stride=2))",
    "cute.composition(cute.make_layout((5, 8), stride=(1, 6)), cute.make_layout(6, stride=2))",
    f"cute.composition(cute.make_layout((3, {I32}(8)), stride=(1, 4)), cute.make_layout(4, stride=2))",
    f"cute.composition(cute.make_layout((4, {I32}(16))), cute.make_layout(8, stride=1))",
    f"cute.composition(cute.make_layout((4, {I32}(16))), cute.make_layout(8, stride=2))",
    f"cute.composition(cute.make_layout((4, {I32}(16))), cute.make_layout((2, 4), stride=(1, 2)))",
    f"cute.composition(cute.make_layout((4, {I32}(16))), cute.make_layout({I32}(8), stride=1))",
    f"cute.composition(cute.make_layout((4, {I32}(16), 2), stride=(1, 4, {I32}(64))), cute.make_layout(8, stride=2))",
    f"cute.composition(cute.make_layout((2, 4, {I32}(16))), cute.make_layout(16, stride=1))",
    f"cute.composition(cute.make_layout((2, 2, {I32}(16)), stride=(1, 4, 8)), cute.make_layout(8, stride=1))",
    f"cute.composition(cute.make_layout((2, {I32}(16))), cute.make_layout((4, 2), stride=(1, 4)))",
    f"cute.composition(cute.make_layout((2, {I32}(16))), cute.make_layout(((2, 2), 2), stride=((1, 2), 4)))",
    f"cute.composition(cute.make_layout(((2, 2), {I32}(16)), stride=((1, 2), 4)), cute.make_layout((8, 2), stride=(1, 16)))",
    f"cute.composition(cute.make_layout((4, {I32}(16)), stride=(1, 8)), cute.make_layout(8, stride=2))",
    f"cute.flat_divide(cute.make_layout((4, {I32}(16))), cute.make_layout(8, stride=1))",
    f"cute.zipped_divide(cute.make_layout((2, {I32}(16))), cute.make_layout((4, 2), stride=(1, 8)))",
    f"cute.logical_divide(cute.make_layout((2, {I32}(16))), cute.make_layout(4, stride=1))",
    f"cute.tiled_divide(cute.make_layout((2, {I32}(16)), stride=(1, 2)), cute.make_layout(8, stride=1))",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3232)
    ap.add_argument("--count", type=int, default=20, help="cases per operation")
    ap.add_argument("--second-seed", type=int, default=3233, help="a second seed's cases after the first's")
    ap.add_argument("--second-count", type=int, default=12, help="cases per operation of the second seed")
    ap.add_argument("--list", action="store_true", help="print the cases, ask nothing")
    a = ap.parse_args()
    make = lambda gen, g: gen(g, g.choice([0.0, 0.3, 0.5, 0.8]))  # noqa: E731
    cases = differential.draw(OPS, f"{a.seed}/dsl", a.count, make)
    if a.second_seed is not None:
        seen = set(cases)
        cases += [c for c in differential.draw(OPS, f"{a.second_seed}/dsl", a.second_count, make) if c not in seen]
    seen = set(cases)
    cases += [c for c in COMPOSITION_RULE_CASES if c not in seen]
    if a.list:
        print("\n".join(cases))
        return
    differential.write_dsl_set(os.path.join(HERE, "dsl_oracle_cache.json"), cases,
                               os.path.join(HERE, "dsl_cases.tsv"), os.path.join(HERE, "dsl_refuses.txt"))


if __name__ == "__main__":
    main()
