#!/usr/bin/env python3
"""Differential cases in the CuTe DSL's spelling (issue 36) against the CuTe DSL 4.8.1.

The operations of the C++ set (gen_cases.py) the last sessions added — `==`/`!=`,
`domain_offset` of tensors, composed layouts with an offset, counting tensors, identity tensors
sliced and tiled at coordinates — spelled as the DSL spells them, with Python literals (static)
and `cutlass.Int32(…)` (dynamic) at random, asked of `dsl-oracle`. The DSL prints a run-time
integer as `?` (`?{div=8}` with what it knows of its divisibility), a static one as its value,
a tensor `tensor<ORIGIN o LAYOUT>`, a swizzle `S<3,4,3>` and a truth `True`/`False`/`?`: the
test (tests/integration/dynamic_dsl.rs) prints cute's value in that form, so the kind of every
integer is checked.

  dsl_cases.tsv      STATEMENT<TAB>the DSL's print   (`{div=N}` kept as the DSL prints it)
  dsl_refuses.txt    statements the DSL raises on, with its error (kept for reference)

Usage: python3 gen_dsl_cases.py [--seed N] [--count N]
The oracle's answers are cached in dsl_oracle_cache.json beside this script.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import differential  # noqa: E402


def leaf(g, v, p_dyn):
    """A DSL integer of value v: dynamic (`cutlass.Int32(v)`) or static (a Python literal)."""
    return f"cutlass.Int32({v})" if g.random() < p_dyn else str(v)


def tup(g, vals, p_dyn):
    return "(" + ", ".join(leaf(g, v, p_dyn) for v in vals) + ")"


def shape2(g):
    return (g.choice([8, 16]), g.choice([8, 16]))


def layout(g, p_dyn, s=None):
    s = s or shape2(g)
    if g.random() < 0.5:
        return f"cute.make_layout({tup(g, s, p_dyn)})"
    d = (s[1], 1)
    return f"cute.make_layout({tup(g, s, p_dyn)}, stride={tup(g, d, p_dyn)})"


def crd(g, p_dyn, hi=8):
    return tup(g, (g.randrange(hi), g.randrange(hi)), p_dyn)


def swz(g):
    return g.choice(["cute.make_swizzle(3, 4, 3)", "cute.make_swizzle(2, 3, 3)", "cute.make_swizzle(1, 2, 3)"])


def composed(g, p_dyn):
    return f"cute.make_composed_layout({swz(g)}, {leaf(g, g.choice([0, 4, 8]), p_dyn)}, {layout(g, 0.0)})"


def counting(g, p_dyn):
    return f"cute.make_tensor({leaf(g, g.choice([0, 3, 5]), p_dyn)}, {layout(g, p_dyn)})"


def identity(g, p_dyn, s=None):
    return f"cute.make_identity_tensor({tup(g, s or shape2(g), p_dyn)})"


def equal_layouts(g, p_dyn):
    s = (g.choice([2, 4]), g.choice([4, 8]))
    t = s if g.random() < 0.6 else (s[0], g.choice([4, 8]))
    op = g.choice(["==", "!="])
    return f"cute.make_layout({tup(g, s, p_dyn)}) {op} cute.make_layout({tup(g, t, p_dyn)})"


OPS = [
    ("equal_layouts", equal_layouts),
    ("composed_offset", composed),
    ("counting", counting),
    ("counting_slice", lambda g, p: f"{counting(g, p)}[(None, {leaf(g, g.randrange(8), p)})]"),
    ("counting_at", lambda g, p: f"{counting(g, p)}[{crd(g, p)}]"),
    ("counting_swizzled", lambda g, p: f"cute.make_tensor({leaf(g, g.choice([0, 5]), p)}, {composed(g, p)})"),
    ("identity_slice", lambda g, p: f"{identity(g, p)}[(None, {leaf(g, g.randrange(8), p)})]"),
    ("identity_domain_offset", lambda g, p: f"cute.domain_offset({crd(g, p)}, {identity(g, p)})"),
    ("counting_domain_offset", lambda g, p: f"cute.domain_offset({crd(g, p)}, {counting(g, p)})"),
    ("identity_local_tile", lambda g, p: f"cute.local_tile({identity(g, p, (16, 32))}, (4, 8), {crd(g, p, 3)})"),
    ("counting_local_tile", lambda g, p: f"cute.local_tile(cute.make_tensor({leaf(g, g.choice([0, 7]), p)}, cute.make_layout({tup(g, (16, 32), p)})), (4, 8), {crd(g, p, 3)})"),
    ("identity_local_partition", lambda g, p: f"cute.local_partition({identity(g, p, (16, 32))}, cute.make_layout((4, 8)), cutlass.Int32({g.choice([0, 3, 5])}))"),
]



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--count", type=int, default=12, help="cases per operation")
    a = ap.parse_args()
    cases = differential.draw(OPS, f"{a.seed}/dsl", a.count, lambda gen, g: gen(g, g.choice([0.3, 0.5, 0.8])))
    differential.write_dsl_set(os.path.join(HERE, "dsl_oracle_cache.json"), cases,
                               os.path.join(HERE, "dsl_cases.tsv"), os.path.join(HERE, "dsl_refuses.txt"))

if __name__ == "__main__":
    main()
