#!/usr/bin/env python3
"""Generate the benchmark corpus for `cute eval` vs pycute.

Writes, deterministically (fixed seed), 20,000 DISTINCT statements:

  bench/statements.txt   one statement per line in cute notation (SPEC.md section 1)
  bench/statements.json  the same statements, in order, as {"op", "args"} records that
                         bench/run_bench.py turns into pycute calls

Operations: coalesce, composition, complement(L, N) with an integer cotarget,
logical_divide, logical_product, right_inverse, size, cosize and evaluation L(i) /
L(m, n).  Random layouts have rank 1-3, depth up to 2, leaf shapes from
{1,2,3,4,6,8,16}, and compact-ish strides (column-major, permuted compact, compact
times a factor, compact with gaps, or one broadcast mode) so that most operations are
valid in CuTe.  Second operands of composition / divide are built from a divisor of
size(A) with column-major (or row-major) strides times a stride multiple.

JSON argument encoding:
  {"L": [shape, stride]}   a layout (tuples as JSON lists; rank-1 tuple (8) is [8])
  {"T": [elem, ...]}       a by-mode tiler; elem is {"L": ...}, {"I": n} (n:1) or {"U": 0} (_)
  {"I": n}                 an integer (complement's cotarget, an index)
  {"C": [c0, c1, ...]}     a multi-argument coordinate, L(c0, c1, ...)

Usage: python3 bench/gen_statements.py [--n 20000] [--seed 20240611]
"""

import argparse
import json
import os
import random

SHAPES = [1, 2, 3, 4, 6, 8, 16]
HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- IntTuple helpers
def leaves(t):
    if isinstance(t, int):
        return [t]
    out = []
    for e in t:
        out.extend(leaves(e))
    return out


def product(t):
    p = 1
    for x in leaves(t):
        p *= x
    return p


def map_leaves(t, it):
    """Rebuild `t` with leaves taken in order from iterator `it`."""
    if isinstance(t, int):
        return next(it)
    return tuple(map_leaves(e, it) for e in t)


def fmt(t):
    if isinstance(t, int):
        return str(t)
    return "(" + ",".join(fmt(e) for e in t) + ")"


def to_json(t):
    if isinstance(t, int):
        return t
    return [to_json(e) for e in t]


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


# ---------------------------------------------------------------- layouts
class L:
    __slots__ = ("shape", "stride")

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride

    def __str__(self):
        return f"{fmt(self.shape)}:{fmt(self.stride)}"

    def js(self):
        return {"L": [to_json(self.shape), to_json(self.stride)]}

    def size(self):
        return product(self.shape)

    def cosize(self):
        return sum((s - 1) * d for s, d in zip(leaves(self.shape), leaves(self.stride))) + 1

    def rank(self):
        return 1 if isinstance(self.shape, int) else len(self.shape)

    def modes(self):
        if isinstance(self.shape, int):
            return [self]
        return [L(s, d) for s, d in zip(self.shape, self.stride)]


def rand_shape(rng, max_size):
    while True:
        rank = rng.randint(1, 3)
        modes = []
        for _ in range(rank):
            if rng.random() < 0.3:  # a nested mode: depth 2
                modes.append(tuple(rng.choice(SHAPES) for _ in range(rng.randint(1, 3))))
            else:
                modes.append(rng.choice(SHAPES))
        if rank == 1 and not isinstance(modes[0], tuple) and rng.random() < 0.8:
            shape = modes[0]  # plain `8` more often than the rank-1 tuple `(8)`
        else:
            shape = tuple(modes)
        if product(shape) <= max_size:
            return shape


def rand_strides(rng, shape, kind=None):
    ls = leaves(shape)
    n = len(ls)
    if kind is None:
        kind = rng.choices(
            ["col", "perm", "mult", "gaps", "bcast"], weights=[35, 30, 10, 15, 10]
        )[0]
    order = list(range(n))
    if kind in ("perm", "gaps"):
        rng.shuffle(order)
    mult = rng.choice([2, 3, 4]) if kind == "mult" else 1
    strides = [0] * n
    cur = mult
    for i in order:
        strides[i] = cur
        cur *= ls[i]
        if kind == "gaps" and rng.random() < 0.4:
            cur *= 2
    if kind == "bcast":
        strides[rng.randrange(n)] = 0
    return map_leaves(shape, iter(strides))


def rand_layout(rng, max_size=1024, kind=None):
    shape = rand_shape(rng, max_size)
    return L(shape, rand_strides(rng, shape, kind))


def divisor_layout(rng, n, exact=False):
    """A layout whose size d divides n (d == n if exact), column-/row-major strides
    times a multiple m chosen so that d*m divides n."""
    d = n if exact else rng.choice(divisors(n))
    m = rng.choice(divisors(n // d)) if rng.random() < 0.6 else 1
    d1 = rng.choice(divisors(d))
    d2 = d // d1
    if d1 == 1 or d2 == 1 or rng.random() < 0.35:
        return L(d, m)
    if rng.random() < 0.7:
        return L((d1, d2), (m, m * d1))  # column-major
    return L((d1, d2), (m * d2, m))  # row-major


def tiler_for(rng, a, allow_int=True):
    """A by-mode tiler <B0, B1, ...> for layout a, rank <= rank(a)."""
    modes = a.modes()
    r = rng.randint(1, len(modes))
    elems_txt, elems_js = [], []
    for m in modes[:r]:
        roll = rng.random()
        if roll < 0.12:
            elems_txt.append("_")
            elems_js.append({"U": 0})
        elif roll < 0.3 and allow_int:
            k = rng.choice(divisors(m.size()))
            elems_txt.append(str(k))
            elems_js.append({"I": k})
        else:
            b = divisor_layout(rng, m.size())
            elems_txt.append(str(b))
            elems_js.append(b.js())
    return "<" + ", ".join(elems_txt) + ">", {"T": elems_js}


# ---------------------------------------------------------------- statements
def gen_one(rng):
    op = rng.choices(
        ["coalesce", "composition", "complement", "logical_divide", "logical_product",
         "right_inverse", "size", "cosize", "eval"],
        weights=[12, 14, 10, 14, 12, 10, 8, 8, 12],
    )[0]

    if op in ("coalesce", "right_inverse", "size", "cosize"):
        a = rand_layout(rng)
        return f"{op}({a})", {"op": op, "args": [a.js()]}

    if op == "complement":
        a = rand_layout(rng, 512, kind=rng.choice(["col", "perm", "mult", "gaps"]))
        n = a.cosize() * rng.choice([1, 1, 2, 3, 4])
        return f"complement({a}, {n})", {"op": op, "args": [a.js(), {"I": n}]}

    if op == "eval":
        a = rand_layout(rng)
        if a.rank() >= 2 and rng.random() < 0.3:
            crd = [rng.randrange(m.size()) for m in a.modes()]
            return (f"{a}({', '.join(map(str, crd))})",
                    {"op": "eval", "args": [a.js(), {"C": crd}]})
        i = rng.randrange(a.size())
        return f"{a}({i})", {"op": "eval", "args": [a.js(), {"I": i}]}

    if op in ("composition", "logical_divide"):
        a = rand_layout(rng, 1024)
        roll = rng.random()
        if roll < 0.65:
            b = divisor_layout(rng, a.size())
            btxt, bjs = str(b), b.js()
        elif roll < 0.9:
            btxt, bjs = tiler_for(rng, a)
        else:  # an unconstrained second operand: exercises the error paths
            b = rand_layout(rng, 64)
            btxt, bjs = str(b), b.js()
        return f"{op}({a}, {btxt})", {"op": op, "args": [a.js(), bjs]}

    # logical_product
    a = rand_layout(rng, 256, kind=rng.choice(["col", "col", "perm", "mult", "gaps"]))
    if rng.random() < 0.75:
        b = rand_layout(rng, 16, kind=rng.choice(["col", "col", "perm", "mult"]))
        btxt, bjs = str(b), b.js()
    else:
        # by-mode: each element a small layout (pycute's product mishandles bare ints)
        elems_txt, elems_js = [], []
        for _ in range(rng.randint(1, a.rank())):
            b = rand_layout(rng, 8, kind=rng.choice(["col", "mult"]))
            if not isinstance(b.shape, int):
                b = L(b.size(), b.stride if isinstance(b.stride, int) else leaves(b.stride)[0])
            elems_txt.append(str(b))
            elems_js.append(b.js())
        btxt, bjs = "<" + ", ".join(elems_txt) + ">", {"T": elems_js}
    return f"logical_product({a}, {btxt})", {"op": op, "args": [a.js(), bjs]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--out", default=HERE)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    seen = set()
    stmts, recs = [], []
    while len(stmts) < args.n:
        txt, rec = gen_one(rng)
        if txt in seen:
            continue
        seen.add(txt)
        stmts.append(txt)
        recs.append(rec)

    with open(os.path.join(args.out, "statements.txt"), "w") as f:
        f.write("\n".join(stmts) + "\n")
    with open(os.path.join(args.out, "statements.json"), "w") as f:
        json.dump(recs, f, separators=(",", ":"))
    counts = {}
    for r in recs:
        counts[r["op"]] = counts.get(r["op"], 0) + 1
    print(f"wrote {len(stmts)} distinct statements to {args.out}/statements.txt (+ .json)")
    print("  " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
