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

With --mix it writes instead bench/mix_statements.txt / .json: 20,000 distinct statements
over the 15 algebra operations pycute has, in roughly equal shares -- coalesce, filter,
composition (by a layout, and by a by-mode tiler <...>), complement (with a cotarget N, and
without: complement(L)), right_inverse, left_inverse, logical_divide, zipped_divide,
tiled_divide, logical_product, zipped_product, tiled_product, idx2crd (idx2crd(i, SHAPE) and
idx2crd(i, SHAPE, STRIDE)), size, cosize -- plus a small share of evaluations L(i).  The
default output (statements.txt / .json) does not change: --mix draws from its own generator.
The mix leaves out statements where CuTe's answer would break the law of the composition
inside (cute refuses those by design, CuTe does not), so its refusals are CuTe's own
(divisibility); that check needs pycute and numpy (pip install nvidia-cutlass numpy).

JSON argument encoding (in addition, --mix only):
  {"S": tuple}             an IntTuple (idx2crd's shape and stride)
  records of the mix also carry "kind": the statement's family (e.g. "composition/tiler",
  "complement/1"), for counting

Usage: python3 bench/gen_statements.py [--n 20000] [--seed 20240611] [--mix]
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


# ---------------------------------------------------------------- the 15-operation mix (--mix)
MIX_KINDS = [
    # (kind, weight): 15 operations in about equal shares; composition and complement each
    # split in two halves (by a layout / by a tiler; with / without the cotarget)
    ("coalesce", 6), ("filter", 6),
    ("composition/layout", 3), ("composition/tiler", 3),
    ("complement/2", 3), ("complement/1", 3),
    ("right_inverse", 6), ("left_inverse", 6),
    ("logical_divide", 6), ("zipped_divide", 6), ("tiled_divide", 6),
    ("logical_product", 6), ("zipped_product", 6), ("tiled_product", 6),
    ("idx2crd", 6), ("size", 6), ("cosize", 6),
    ("eval", 3),
]


def mix_tiler(rng, a, allow_under=True, allow_int=True):
    """A by-mode tiler for divides/composition of layout a (like tiler_for, with switches:
    zipped/tiled_divide refuse `_` on a mode that does not split in two, as CuTe does)."""
    modes = a.modes()
    r = rng.randint(1, len(modes))
    elems_txt, elems_js = [], []
    for m in modes[:r]:
        roll = rng.random()
        if roll < 0.12 and allow_under:
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


def mix_product_operands(rng):
    a = rand_layout(rng, 256, kind=rng.choice(["col", "col", "perm", "mult", "gaps"]))
    if rng.random() < 0.7:
        b = rand_layout(rng, 16, kind=rng.choice(["col", "col", "perm", "mult"]))
        return a, str(b), b.js()
    # by-mode: each element a small rank-1 layout (pycute's product mishandles bare ints)
    elems_txt, elems_js = [], []
    for _ in range(rng.randint(1, a.rank())):
        b = rand_layout(rng, 8, kind=rng.choice(["col", "mult"]))
        if not isinstance(b.shape, int):
            b = L(b.size(), b.stride if isinstance(b.stride, int) else leaves(b.stride)[0])
        elems_txt.append(str(b))
        elems_js.append(b.js())
    return a, "<" + ", ".join(elems_txt) + ">", {"T": elems_js}


# The mix keeps out the statements where CuTe's answer would break the operation's law
# (R(i) == A(B(i)) for the composition inside composition / the divides / the products):
# cute refuses those by design (SPEC.md section 3) while CuTe C++ returns the unlawful layout,
# so they are not refusals the two share.  The check computes the composition with pycute
# (the same algorithm, without CuTe's divisibility checks) and evaluates it with numpy; a
# statement pycute itself rejects is kept (cute refuses it on divisibility, as CuTe does).
def _mix_arg(a, pycute):
    def tup(x):
        return tuple(tup(e) for e in x) if isinstance(x, list) else x
    if "L" in a:
        return pycute.Layout(tup(a["L"][0]), tup(a["L"][1]))
    if "T" in a:
        return tuple(_mix_arg(e, pycute) if "L" in e
                     else (pycute.Layout(e["I"], 1) if "I" in e else None) for e in a["T"])
    return a["I"]


def _np_eval(lay, idx, np, pycute):
    """lay(i) for every i in idx, the last mode extended past its size (as CuTe's)."""
    sh = pycute.flatten(lay.shape) if isinstance(lay.shape, tuple) else (lay.shape,)
    st = pycute.flatten(lay.stride) if isinstance(lay.stride, tuple) else (lay.stride,)
    out = np.zeros_like(idx)
    rest = idx.copy()
    for k, (s, d) in enumerate(zip(sh, st)):
        c = rest if k == len(sh) - 1 else rest % s
        out += c * d
        rest //= s
    return out


def _composes(r, a, b, np, pycute):
    n = pycute.size(b)
    if pycute.size(r) != n:
        return False
    idx = np.arange(min(n, 1 << 16), dtype=np.int64)
    return bool(np.array_equal(_np_eval(r, idx, np, pycute),
                               _np_eval(a, _np_eval(b, idx, np, pycute), np, pycute)))


def _cute_composition(a, b, pycute):
    """pycute's composition with CuTe's conditions instead of pycute's assert: a mode of A
    may be taken when rest_stride < its shape (ceil_div), which is where CuTe's answer can
    break the law; None where CuTe refuses on shape divisibility."""
    if isinstance(b.shape, tuple):
        parts = [_cute_composition(a, b[i], pycute) for i in range(len(b))]
        return None if any(x is None for x in parts) else pycute.make_layout(parts)
    if b.stride == 0:
        return pycute.Layout(b.shape, 0)
    fa = pycute.coalesce(a)
    sh = pycute.flatten(fa.shape) if isinstance(fa.shape, tuple) else (fa.shape,)
    st = pycute.flatten(fa.stride) if isinstance(fa.stride, tuple) else (fa.stride,)
    rs, rd = b.shape, b.stride
    out_s, out_d = [], []
    for s, d in zip(sh[:-1], st[:-1]):
        if s % rd != 0 and rd % s != 0 and rd >= s:
            return None
        ns = min(max(1, -(-s // rd)), rs)
        if rs % ns != 0:
            return None
        if ns != 1:
            out_s.append(ns)
            out_d.append(rd * d)
        rs //= ns
        rd = -(-rd // s)
    if rs != 1 or not out_s:
        out_s.append(rs)
        out_d.append(rd * st[-1])
    if len(out_s) == 1:
        return pycute.Layout(out_s[0], out_d[0])
    return pycute.Layout(tuple(out_s), tuple(out_d))


def _cute_divide_complement(b, a, pycute):
    """CuTe 4.2's B* = complement(B, shape(coalesce(A))) of a divide: the cotarget is a
    shape, and the last mode is ceil_div(shape, N d) (mode by mode), column-major."""
    fb = pycute.filter(b)
    sh = pycute.flatten(fb.shape) if isinstance(fb.shape, tuple) else (fb.shape,)
    st = pycute.flatten(fb.stride) if isinstance(fb.stride, tuple) else (fb.stride,)
    out_s, out_d, cur = [], [], 1
    for d, s in sorted(zip(st, sh)):
        if d == 0 or s == 1:
            continue
        out_s.append(d // cur)
        out_d.append(cur)
        cur = s * d
    m = pycute.coalesce(a).shape
    div = cur
    for x in (pycute.flatten(m) if isinstance(m, tuple) else (m,)):
        q = -(-x // div)
        div = -(-div // x)
        out_s.append(q)
        out_d.append(cur)
        cur *= q
    return pycute.coalesce(pycute.Layout(tuple(out_s), tuple(out_d)))


def mix_lawful(rec):
    import numpy as np
    import pycute
    op = rec["op"]
    if op not in ("composition", "logical_divide", "zipped_divide", "tiled_divide",
                  "logical_product", "zipped_product", "tiled_product"):
        return True
    a, b = (_mix_arg(x, pycute) for x in rec["args"])
    pairs = list(zip([a[j] for j in range(len(b))], b)) if isinstance(b, tuple) else [(a, b)]
    try:
        for aj, bj in pairs:
            if bj is None:
                continue
            if op.endswith("divide"):
                lhs = aj
                rhs = pycute.make_layout(bj, _cute_divide_complement(bj, aj, pycute))
            elif op.endswith("product"):
                lhs = pycute.complement(aj, pycute.size(aj) * pycute.cosize(bj))
                rhs = bj
            else:
                lhs, rhs = aj, bj
            try:
                r = pycute.composition(lhs, rhs)
            except Exception:  # pycute's stricter assert: try CuTe's condition
                r = _cute_composition(lhs, rhs, pycute)
                if r is None:
                    continue
            if not _composes(r, lhs, rhs, np, pycute):
                return False
    except Exception:  # pycute refuses: keep (a divisibility refusal)
        return True
    return True


def gen_mix_one(rng, counts=None, quota=None):
    kinds = [k for k, _ in MIX_KINDS]
    weights = [w for _, w in MIX_KINDS]
    if counts is not None:  # equal shares: a kind that has its quota is drawn no more
        weights = [0 if counts.get(k, 0) >= quota[k] else w for k, w in zip(kinds, weights)]
    kind = rng.choices(kinds, weights=weights)[0]
    op = kind.split("/")[0]

    def rec(args):
        return {"op": op, "kind": kind, "args": args}

    if op in ("coalesce", "filter", "right_inverse", "size", "cosize"):
        a = rand_layout(rng)
        return f"{op}({a})", rec([a.js()])

    if op == "left_inverse":
        # injective layouts (a broadcast mode has no left inverse; CuTe's answer is refused)
        a = rand_layout(rng, 1024, kind=rng.choice(["col", "perm", "mult", "gaps"]))
        return f"left_inverse({a})", rec([a.js()])

    if op == "complement":
        a = rand_layout(rng, 512, kind=rng.choice(["col", "perm", "mult", "gaps", "bcast"]))
        if kind == "complement/1":
            return f"complement({a})", rec([a.js()])
        n = a.cosize() * rng.choice([1, 1, 2, 3, 4])
        return f"complement({a}, {n})", rec([a.js(), {"I": n}])

    if op == "idx2crd":
        shape = rand_shape(rng, 1024)
        i = rng.randrange(product(shape))
        if rng.random() < 0.3:
            stride = rand_strides(rng, shape, kind=rng.choice(["col", "perm", "gaps"]))
            return (f"idx2crd({i}, {fmt(shape)}, {fmt(stride)})",
                    rec([{"I": i}, {"S": to_json(shape)}, {"S": to_json(stride)}]))
        return f"idx2crd({i}, {fmt(shape)})", rec([{"I": i}, {"S": to_json(shape)}])

    if op == "eval":
        a = rand_layout(rng)
        if a.rank() >= 2 and rng.random() < 0.3:
            crd = [rng.randrange(m.size()) for m in a.modes()]
            return f"{a}({', '.join(map(str, crd))})", rec([a.js(), {"C": crd}])
        i = rng.randrange(a.size())
        return f"{a}({i})", rec([a.js(), {"I": i}])

    if op == "composition":
        a = rand_layout(rng, 1024)
        if kind == "composition/tiler":
            btxt, bjs = mix_tiler(rng, a)
        elif rng.random() < 0.93:
            b = divisor_layout(rng, a.size())
            btxt, bjs = str(b), b.js()
        else:  # an unconstrained second operand: exercises the error paths
            b = rand_layout(rng, 64)
            btxt, bjs = str(b), b.js()
        return f"composition({a}, {btxt})", rec([a.js(), bjs])

    if op in ("logical_divide", "zipped_divide", "tiled_divide"):
        a = rand_layout(rng, 1024)
        roll = rng.random()
        if roll < 0.6:
            b = divisor_layout(rng, a.size())
            btxt, bjs = str(b), b.js()
        elif roll < 0.96:
            btxt, bjs = mix_tiler(rng, a, allow_under=(op == "logical_divide"))
        else:
            b = rand_layout(rng, 64)
            btxt, bjs = str(b), b.js()
        return f"{op}({a}, {btxt})", rec([a.js(), bjs])

    # logical_product, zipped_product, tiled_product
    a, btxt, bjs = mix_product_operands(rng)
    return f"{op}({a}, {btxt})", rec([a.js(), bjs])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--out", default=HERE)
    ap.add_argument("--mix", action="store_true",
                    help="write the 15-operation mix to mix_statements.txt/.json instead")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    base = "mix_statements" if args.mix else "statements"
    seen = set()
    stmts, recs = [], []
    counts, dropped = {}, 0
    if args.mix:
        total_w = sum(w for _, w in MIX_KINDS)
        quota = {k: -(-args.n * w // total_w) for k, w in MIX_KINDS}
    while len(stmts) < args.n:
        if args.mix:
            txt, rec = gen_mix_one(rng, counts, quota)
        else:
            txt, rec = gen_one(rng)
        if txt in seen:
            continue
        if args.mix:
            if not mix_lawful(rec):
                seen.add(txt)
                dropped += 1
                continue
            counts[rec["kind"]] = counts.get(rec["kind"], 0) + 1
        seen.add(txt)
        stmts.append(txt)
        recs.append(rec)

    with open(os.path.join(args.out, base + ".txt"), "w") as f:
        f.write("\n".join(stmts) + "\n")
    with open(os.path.join(args.out, base + ".json"), "w") as f:
        json.dump(recs, f, separators=(",", ":"))
    counts = {}
    for r in recs:
        k = r.get("kind", r["op"])
        counts[k] = counts.get(k, 0) + 1
    print(f"wrote {len(stmts)} distinct statements to {args.out}/{base}.txt (+ .json)")
    if args.mix:
        print(f"  ({dropped} drawn statements left out: CuTe's answer breaks the law)")
    print("  " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
