#!/usr/bin/env python3
"""Differential cases for the tuple functions on tuples mixing static and run-time integers,
against CuTe C++ 4.7 (the companion of ../dynamic/gen_cases.py, which does layouts).

Random IntTuples whose leaves are each static (`Int<8>{}`) or run-time (a plain C++ `8`),
spelled as C++ (`make_tuple(4, make_tuple(Int<2>{}, 3))`), put through every tuple function of
cute's function table (crates/core/src/eval/functions/tuples.rs, modes.rs, the tuple algorithms
of tuple_algorithms.hpp with lambdas and CuTe's functors); CuTe's answer is kept exactly as its
print() prints it, so that `cute --format cute` must agree byte for byte, the kind of every
integer included (`(1,_2)` is not `(_1,_2)`).

  cases.tsv          STATEMENT<TAB>CuTe's print   (the statement ends in `;`: C++ text)
  cute_refuses.txt   statements CuTe does not compile

Usage: python3 gen_cases.py [--seed N] [--count N] [--jobs N]
The oracle's answers are cached in oracle_cache.json beside this script (reruns are cheap).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import differential  # noqa: E402

LEAVES = [0, 1, 2, 3, 4, 6, 8]
LEAF_W = [1, 2, 4, 2, 4, 1, 3]


def tree(g, depth=0, rank=None):
    """A random IntTuple profile with values: nested tuples of leaves (depth at most 2)."""
    if rank is not None or (depth < 2 and g.random() < (0.85 if depth == 0 else 0.35)):
        n = rank if rank is not None else g.choice([1, 2, 2, 3, 3, 4])
        return tuple(tree(g, depth + 1) for _ in range(n))
    return g.choices(LEAVES, LEAF_W)[0]


def positive(t):
    """t with each 0 made 1 (a shape: extents at least 1)."""
    if isinstance(t, int):
        return t or 1
    return tuple(positive(m) for m in t)


flat, unflat = differential.flat, differential.unflat


def leaf(g, v, p_dyn):
    """A C++ integer of value v: run-time (plain) or static (`Int<v>{}`)."""
    return str(v) if g.random() < p_dyn else f"Int<{v}>{{}}"


def cpp(g, t, p_dyn):
    """C++ for the IntTuple t, each leaf static or run-time at random."""
    if isinstance(t, int):
        return leaf(g, t, p_dyn)
    return "make_tuple(" + ", ".join(cpp(g, m, p_dyn) for m in t) + ")"


def like(g, t, vals=LEAVES):
    """t's profile with other values."""
    return unflat(t, [g.choice(vals) for _ in flat(t)])


def tup(g, p, rank=None):
    return cpp(g, tree(g, rank=rank), p)


def shp(g, p, rank=None):
    return cpp(g, positive(tree(g, rank=rank)), p)


def two(g, p, op, shapes=False):
    """op(a, b) of two IntTuples of one profile."""
    a = tree(g)
    b = like(g, a)
    if shapes:
        a, b = positive(a), positive(b)
    return f"{op}({cpp(g, a, p)}, {cpp(g, b, p)})"


def compare(g, p, op):
    """op(a, b) of tuples of one profile, or of ranks that differ (a prefix of the other)."""
    a = tree(g, rank=g.choice([1, 2, 3]))
    b = like(g, a, [0, 1, 2, 3])
    if g.random() < 0.3:
        b = b + (g.choice([0, 1, 2]),) if g.random() < 0.5 else b[:-1] or b
    if g.random() < 0.3:
        b = a  # equal values: the answer hinges on the kinds of ==
    return f"{op}({cpp(g, a, p)}, {cpp(g, b, p)})"


def crd(g, shape, p):
    """A coordinate within shape (congruent)."""
    return cpp(g, unflat(shape, [g.randrange(s) for s in flat(shape)]), p)


def crd2crd(g, p):
    src = positive(tree(g, rank=g.choice([2, 3])))
    n = 1
    for x in flat(src):
        n *= x
    if g.random() < 0.5:
        dst = n
    else:
        dst = tuple(positive(tree(g, 1)) if isinstance(m, tuple) else m for m in src)
        dst = src if g.random() < 0.5 else dst
    return f"crd2crd({crd(g, src, p)}, {cpp(g, src, p)}, {cpp(g, dst, p)})"


def idx2crd(g, p):
    s = positive(tree(g))
    n = 1
    for x in flat(s):
        n *= x
    return f"idx2crd({leaf(g, g.randrange(n + 2), p)}, {cpp(g, s, p)})"


def order(g, p):
    s = positive(tree(g))
    n = len(flat(s))
    o = unflat(s, [g.randrange(n + 1) for _ in range(n)])
    return f"compact_order({cpp(g, s, p)}, {cpp(g, o, p)})"


def ranked(g, p, lo=1):
    """A tuple of rank at least lo, and its rank."""
    r = g.choice([lo, lo + 1, lo + 2, 3])
    return tup(g, p, rank=max(r, lo)), max(r, lo)


def by_index(g, p, op, extra=""):
    t, r = ranked(g, p, 2)
    i = g.randrange(r)
    return f"{op}<{i}>({t}{extra})"


def group(g, p, op):
    t, r = ranked(g, p, 2)
    b = g.randrange(r)
    e = g.randrange(b, r + 1)
    return f"{op}<{b},{e}>({t})"


def select(g, p):
    t, r = ranked(g, p, 2)
    idx = [str(g.randrange(r)) for _ in range(g.choice([1, 2, 3]))]
    return f"select<{','.join(idx)}>({t})"


def pend(g, p, op):
    """append/prepend of a tuple (or an integer) and an integer or a tuple, to rank N or by one."""
    t = tree(g)
    x = cpp(g, tree(g, rank=1), p) if g.random() < 0.3 else leaf(g, g.choice(LEAVES), p)
    if g.random() < 0.5:
        return f"{op}({cpp(g, t, p)}, {x})"
    rank = 1 if isinstance(t, int) else len(t)
    return f"{op}<{g.choice([rank, rank + 1, rank + 2, 4])}>({cpp(g, t, p)}, {x})"


def zip_(g, p):
    """zip of a tuple of tuples of one rank, or of two tuples of one rank."""
    r = g.choice([1, 2, 3])
    if g.random() < 0.5:
        m = g.choice([1, 2, 3])
        rows = [tuple(g.choice(LEAVES) for _ in range(r)) for _ in range(m)]
        return f"zip({cpp(g, tuple(rows), p)})"
    a = tuple(g.choice(LEAVES) for _ in range(r))
    b = tuple(g.choice(LEAVES) for _ in range(r))
    return f"zip({cpp(g, a, p)}, {cpp(g, b, p)})"


def reduce(g, p, op):
    args = [tup(g, p) if g.random() < 0.5 else leaf(g, g.choice(LEAVES[1:]), p)
            for _ in range(g.choice([1, 2, 3]))]
    if len(args) == 1 and not args[0].startswith("make_tuple"):
        args.append(leaf(g, g.choice(LEAVES[1:]), p))
    return f"{op}({', '.join(args)})"


UNARY = [
    "[](auto x) { return x * Int<2>{}; }",
    "[](auto x) { return x + 1; }",
    "[](auto x) { return x + Int<1>{}; }",
    "[](auto x) { return x * Int<0>{}; }",
    "[](auto x) { return Int<0>{} * x; }",
    "[](auto x) { return x % Int<1>{}; }",
    "[](auto x) { return x / Int<1>{}; }",
    "[](auto x) { return -x; }",
    "[](auto x) { return make_tuple(x, Int<1>{}); }",
    "[](auto x) { return x == Int<2>{}; }",
    "[](auto x) { return x != 2; }",
    "[](auto x) { return ceil_div(x, Int<2>{}); }",
    "[](auto x) { return max(x, Int<3>{}); }",
]
BINARY = [
    "[](auto a, auto b) { return a * b; }",
    "[](auto a, auto b) { return a + b; }",
    "[](auto a, auto b) { return make_tuple(b, a); }",
    "[](auto a, auto b) { return a == b; }",
    "plus{}",
    "multiplies{}",
    "max_fn{}",
]
TESTS = [
    "[](auto x) { return x == Int<2>{}; }",
    "[](auto x) { return x != Int<0>{}; }",
    "[](auto x) { return x == 2; }",
]
VARIADIC = [
    "[](auto... xs) { return (xs + ...); }",
    "[](auto... xs) { return (Int<1>{} * ... * xs); }",
    "[](auto... xs) { return make_tuple(xs...); }",
]


def flat_tup(g, p, rank=None):
    """A tuple of integers (no nesting): what the element-wise lambdas take."""
    r = rank or g.choice([1, 2, 3, 4])
    return cpp(g, tuple(g.choices(LEAVES, LEAF_W)[0] for _ in range(r)), p)


def transform2(g, p):
    r = g.choice([1, 2, 3])
    return f"transform({flat_tup(g, p, r)}, {flat_tup(g, p, r)}, {g.choice(BINARY[:4])})"


def transform_leaf2(g, p):
    a = tree(g)
    return (f"transform_leaf({cpp(g, a, p)}, {cpp(g, like(g, a), p)}, "
            f"{g.choice(BINARY[:2])})")


def fold(g, p, op):
    v = leaf(g, g.choice([0, 1, 2]), p)
    f = g.choice(BINARY[:2] + BINARY[4:])
    if op == "fold_first":
        return f"fold_first({flat_tup(g, p)}, {f})"
    return f"{op}({flat_tup(g, p)}, {v}, {f})"


def transform_apply(g, p):
    return (f"transform_apply({flat_tup(g, p)}, {g.choice(UNARY[:8])}, "
            f"{g.choice(VARIADIC)})")


def find(g, p):
    t = flat_tup(g, p)
    return f"find({t}, {leaf(g, g.choice([1, 2, 4]), 0.0)})"


OPS = [
    # tuples.rs
    ("tuple_cat", lambda g, p: f"tuple_cat({', '.join(tup(g, p) for _ in range(g.choice([1, 2, 3])))})"),
    ("find", find),
    ("find_if", lambda g, p: f"find_if({flat_tup(g, p)}, {g.choice(TESTS)})"),
    ("apply", lambda g, p: f"apply({flat_tup(g, p)}, {g.choice(VARIADIC)})"),
    ("transform_apply", transform_apply),
    ("transform_leaf", lambda g, p: f"transform_leaf({tup(g, p)}, {g.choice(UNARY[:8])})"),
    ("transform_leaf2", transform_leaf2),
    ("any_of", lambda g, p: f"any_of({flat_tup(g, p)}, {g.choice(TESTS)})"),
    ("all_of", lambda g, p: f"all_of({flat_tup(g, p)}, {g.choice(TESTS)})"),
    ("none_of", lambda g, p: f"none_of({flat_tup(g, p)}, {g.choice(TESTS)})"),
    ("fold", lambda g, p: fold(g, p, "fold")),
    ("fold_first", lambda g, p: fold(g, p, "fold_first")),
    ("iscan", lambda g, p: fold(g, p, "iscan")),
    ("escan", lambda g, p: fold(g, p, "escan")),
    ("filter_tuple", lambda g, p: f"filter_tuple({flat_tup(g, p)}, [](auto x) {{ return make_tuple(x, x); }})"),
    ("product", lambda g, p: f"product({tup(g, p)})"),
    ("product_each", lambda g, p: f"product_each({tup(g, p)})"),
    ("product_like", lambda g, p: (lambda a: f"product_like({cpp(g, a, p)}, {cpp(g, tuple(1 for _ in a), p)})")(tree(g, rank=g.choice([1, 2, 3])))),
    ("sum", lambda g, p: f"sum({tup(g, p)})"),
    ("inner_product", lambda g, p: two(g, p, "inner_product")),
    ("ceil_div", lambda g, p: two(g, p, "ceil_div", True)),
    ("round_up", lambda g, p: two(g, p, "round_up", True)),
    ("shape_div", lambda g, p: two(g, p, "shape_div", True)),
    ("elem_scale", lambda g, p: two(g, p, "elem_scale")),
    ("weakly_congruent", lambda g, p: f"weakly_congruent({tup(g, p)}, {tup(g, p)})"),
    ("evenly_divides", lambda g, p: two(g, p, "evenly_divides", True)),
    ("elem_less", lambda g, p: compare(g, p, "elem_less")),
    ("lex_less", lambda g, p: compare(g, p, "lex_less")),
    ("colex_less", lambda g, p: compare(g, p, "colex_less")),
    ("max", lambda g, p: reduce(g, p, "max")),
    ("min", lambda g, p: reduce(g, p, "min")),
    ("gcd", lambda g, p: reduce(g, p, "gcd")),
    ("lcm", lambda g, p: f"lcm({leaf(g, g.choice(LEAVES[1:]), p)}, {leaf(g, g.choice(LEAVES[1:]), p)})"),
    ("abs", lambda g, p: f"abs({leaf(g, g.choice([-6, -1, 0, 3]), p)})"),
    ("reverse", lambda g, p: f"reverse({tup(g, p)})"),
    ("unwrap", lambda g, p: f"unwrap({cpp(g, g.choice([(tree(g),), ((g.choice(LEAVES),),), tree(g)]), p)})"),
    ("wrap", lambda g, p: f"wrap({tup(g, p) if g.random() < 0.5 else leaf(g, 3, p)})"),
    ("repeat_like", lambda g, p: f"repeat_like({tup(g, p)}, {leaf(g, g.choice(LEAVES), p)})"),
    ("front", lambda g, p: f"front({tup(g, p)})"),
    ("back", lambda g, p: f"back({tup(g, p)})"),
    ("insert", lambda g, p: by_index(g, p, "insert", f", {leaf(g, g.choice(LEAVES), p)}")),
    ("remove", lambda g, p: by_index(g, p, "remove")),
    ("compact_col_major", lambda g, p: f"compact_col_major({shp(g, p)}" + (f", {leaf(g, g.choice([1, 2, 3]), p)})" if g.random() < 0.4 else ")")),
    ("compact_row_major", lambda g, p: f"compact_row_major({shp(g, p)}" + (f", {leaf(g, g.choice([1, 2, 3]), p)})" if g.random() < 0.4 else ")")),
    ("compact_order", order),
    ("compact_order_tag", lambda g, p: f"compact_order({shp(g, p)}, {g.choice(['LayoutLeft{}', 'LayoutRight{}'])})"),
    ("crd2crd", crd2crd),
    ("idx2crd", idx2crd),
    # modes.rs and the queries
    ("flatten", lambda g, p: f"flatten({tup(g, p)})"),
    ("group", lambda g, p: group(g, p, "group")),
    ("take", lambda g, p: group(g, p, "take")),
    ("select", select),
    ("get", lambda g, p: by_index(g, p, "get")),
    ("append", lambda g, p: pend(g, p, "append")),
    ("prepend", lambda g, p: pend(g, p, "prepend")),
    ("rank", lambda g, p: f"rank({tup(g, p)})"),
    ("depth", lambda g, p: f"depth({tup(g, p)})"),
    # size of a shape (cute refuses a non-positive extent wherever a shape is read)
    ("size", lambda g, p: f"size({shp(g, p)})"),
    ("equal", lambda g, p: (lambda a: f"{cpp(g, a, p)} == {cpp(g, like(g, a, [0, 1, 2]) if g.random() < 0.5 else a, p)}")(tree(g))),
    # the tuple algorithms of lambdas
    ("zip", zip_),
    ("transform", lambda g, p: f"transform({flat_tup(g, p)}, {g.choice(UNARY)})"),
    ("transform2", transform2),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--count", type=int, default=20, help="cases per operation")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    cases = differential.draw(OPS, a.seed, a.count, lambda gen, g: gen(g, g.choice([0.3, 0.5, 0.8, 1.0])))
    differential.write_cpp_set(HERE, cases, batch=150, jobs=a.jobs)

if __name__ == "__main__":
    main()
