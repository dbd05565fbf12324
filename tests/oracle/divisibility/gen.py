#!/usr/bin/env python3
"""Differential cases of the CuTe DSL's divisibility of run-time integers (issue 37) against the
CuTe DSL 4.8.1.

The DSL prints a run-time integer with what it knows of its divisibility: `?{div=4}` (Python's
`print` at trace time), plain `?` where nothing is known. A `cutlass.Int32(v)` knows nothing;
`cute.assume(x, divby=N)` knows N; the int-tuple operations carry it (a product of the
divisibilities, the gcd of a sum's or of a remainder by a static integer, …). Each case is a
value printed by Python's `print` inside a `@cute.jit` function, asked of `dsl-oracle`; the
test (tests/integration/divisibility.rs) runs `print(STATEMENT)` in cute and compares the line
byte for byte.

  cases.tsv     STATEMENT<TAB>the DSL's print
  refuses.txt   statements the DSL raises on, with its error (kept for reference)

Usage: python3 gen.py [--seed N] [--count N]
The oracle's answers are cached in oracle_cache.json beside this script.
"""
import argparse
import json
import os
import random
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, "oracle_cache.json")
ORACLE = os.environ.get("DSL_ORACLE", "/work/shared/tools/dsl-oracle")


def dyn(g, v=None):
    """A run-time integer: `cutlass.Int32(v)`, or one assumed a multiple of a divisor of v."""
    v = v if v is not None else g.choice([6, 8, 12, 16, 24, 36, 48, 64])
    if v < 2 or g.random() < 0.3:
        return f"cutlass.Int32({v})"
    divs = [d for d in range(2, v + 1) if v % d == 0]
    return f"cute.assume(cutlass.Int32({v}), divby={g.choice(divs)})"


def leaf(g, v, p_dyn=0.5):
    return dyn(g, v) if g.random() < p_dyn else str(v)


def tup(g, vals, p_dyn=0.5):
    return "(" + ", ".join(leaf(g, v, p_dyn) for v in vals) + ")"


def shape(g, n=None):
    return tuple(g.choice([2, 4, 6, 8]) for _ in range(n or g.choice([2, 3])))


def layout(g):
    s = shape(g)
    if g.random() < 0.6:
        return f"cute.make_layout({tup(g, s)})"
    d = [1]
    for e in s[:-1]:
        d.append(d[-1] * e)
    g.shuffle(d)
    return f"cute.make_layout({tup(g, s)}, stride={tup(g, d)})"


def scalar(g):
    op = g.choice(["+", "-", "*", "%"])
    b = dyn(g) if g.random() < 0.4 else str(g.choice([2, 3, 4, 8]))
    return f"{dyn(g)} {op} {b}"


OPS = [
    ("assume", lambda g: dyn(g)),
    ("scalar", scalar),
    ("make_layout", layout),
    ("size", lambda g: f"cute.size({layout(g)})"),
    ("composition", lambda g: f"cute.composition({layout(g)}, cute.make_layout({g.choice([2, 4])}, stride={g.choice([1, 2, 3])}))"),
    ("logical_divide", lambda g: f"cute.logical_divide(cute.make_layout({tup(g, (8, 8))}), ({g.choice([2, 4])}, {g.choice([2, 4])}))"),
    ("identity_tensor", lambda g: f"cute.make_identity_tensor({tup(g, shape(g, 2))})"),
    ("coalesce", lambda g: f"cute.coalesce({layout(g)})"),
    ("complement", lambda g: f"cute.complement({layout(g)}, {g.choice([256, 1024, 4096])})"),
    ("logical_product", lambda g: f"cute.logical_product({layout(g)}, cute.make_layout({tup(g, (2, 2), 0.0)}))"),
    ("zipped_divide", lambda g: f"cute.zipped_divide({layout(g)}, ({g.choice([2, 4])}, {g.choice([1, 2])}))"),
    ("cosize", lambda g: f"cute.cosize({layout(g)})"),
    ("composed_offset", lambda g: f"cute.make_composed_layout(cute.make_swizzle(3, 4, 3), {dyn(g)}, cute.make_layout((4, 8)))"),
    ("layout_of_scalar", lambda g: f"cute.make_layout(4, stride={dyn(g)} * {g.choice([1, 2, 3, 8])})"),
    ("get_divisibility", lambda g: f"cute.get_divisibility({g.choice([scalar(g), dyn(g), 'cute.size(' + layout(g) + ')'])})"),
    ("get_stride", lambda g: f"cute.get({layout(g)}.stride, mode=[{g.choice([0, 1])}])"),
]


def ask(exprs):
    out = subprocess.run([ORACLE], input="\n".join(exprs) + "\n", capture_output=True, text=True,
                         check=True).stdout
    lines = out.splitlines()
    assert len(lines) == len(exprs), (len(lines), len(exprs))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--count", type=int, default=15, help="cases per operation")
    a = ap.parse_args()
    cases, seen = [], set()
    for name, gen in OPS:
        g = random.Random(f"{a.seed}/div/{name}")
        k = 0
        for _ in range(a.count * 20):
            if k == a.count:
                break
            c = gen(g)
            if c in seen:
                continue
            seen.add(c)
            cases.append(c)
            k += 1
    cache = json.load(open(CACHE)) if os.path.exists(CACHE) else {}
    todo = [c for c in cases if c not in cache]
    for i in range(0, len(todo), 100):
        batch = todo[i:i + 100]
        for c, r in zip(batch, ask(batch)):
            cache[c] = r
    with open(CACHE, "w") as f:
        json.dump(cache, f, indent=0, sort_keys=True)
    ok = [(c, cache[c]) for c in cases if not cache[c].startswith("error:")]
    refused = [(c, cache[c]) for c in cases if cache[c].startswith("error:")]
    with open(os.path.join(HERE, "cases.tsv"), "w") as f:
        for c, r in ok:
            f.write(f"{c}\t{r}\n")
    with open(os.path.join(HERE, "refuses.txt"), "w") as f:
        for c, r in refused:
            f.write(f"{c}\t{r}\n")
    print(f"{len(ok)} cases, {len(refused)} the DSL raises on")


if __name__ == "__main__":
    main()
