#!/usr/bin/env python3
"""Differential check of `cute eval` against pycute (PyPI `nvidia-cutlass`) on random layouts.

Compared, where pycute is known to agree with CuTe C++ (SPEC: port from CuTe's headers, not from
pycute):

* coalesce(L)
* composition(A, B)   (positive strides: pycute's floor division differs on negative ones)
* complement(L, M)    with an explicit integer cotarget M

For each random case both are run; the outcome is one of

* agree            same printed layout (pycute's tuples normalised to CuTe's notation)
* both refuse      pycute asserts (or divides by zero) and cute prints an error
* cute refuses     cute prints an error, pycute returns a layout: by design when CuTe C++ has no
                   answer (its static_assert on the stride or shape divisibility condition,
                   which pycute checks differently or not at all) or when CuTe's answer breaks
                   the operation's law (SPEC §3: stricter than CuTe, never looser). In the second
                   case pycute's answer must break the law too, else it is a MISMATCH.
* pycute refuses   pycute asserts `curr_shape % rest_stride == 0 or rest_stride % curr_shape == 0`,
                   CuTe 4.2 only `rest_stride % curr_shape == 0 or rest_stride < curr_shape` (and
                   then the shape divisibility): counted when cute's answer obeys the law
                   R(i) == A(B(i)), checked here independently.
* by design        composition only, cute's answer obeying the law: CuTe 4.2 composes through
                   coalesce_x(A), which keeps A's last stride after a trailing size-1 mode where
                   pycute's coalesce gives stride 0. So past A's domain A extends differently
                   (the generator keeps B inside A's domain, except where size(A) is too small),
                   and the strides of the result's size-1 modes (never used) can differ.
* MISMATCH         anything else: both give a layout and they differ, or pycute refuses where
                   cute's answer breaks the law, or cute refuses where pycute's answer obeys it.

Operations that differ by design and are NOT compared (pycute deviates from CuTe C++ 4.2):

* left_inverse:   pycute computes right_inverse(make_layout(L, complement(L))); CuTe has its own
                  algorithm (it walks the sorted strides), and the two differ in structure and
                  past the image of L.
* idx2crd:        pycute wraps every mode, the last one included ((idx // stride) % shape); CuTe's
                  idx2crd does not wrap the last mode (an index past the size lands in it).
* complement(L) without a cotarget: pycute's default max_idx is 1, CuTe's default cotarget is
                  cosize(L), so the last mode differs.
* logical_divide: pycute takes the complement against size(A); CuTe 4.2 against
                  shape(coalesce(A)) (a shape, not an integer), which changes the rest mode
                  whenever A is not compact.
* (and so zipped/tiled divide, which are built on logical_divide; products are built on the same
  complement and are left out too.)

Usage: python3 bench/pycute_diff.py [--cute target/release/cute] [--cases 2000] [--seed 7]
Exit status 1 when there is a mismatch.
"""

import argparse
import random
import subprocess
import sys

try:
    import pycute
    from pycute import Layout
except ImportError:  # pragma: no cover
    sys.exit("pycute is missing: pip install nvidia-cutlass")


# ------------------------------------------------------------------------------------------------
# notation
# ------------------------------------------------------------------------------------------------

def fmt(t):
    """An IntTuple in CuTe's notation: (8,) -> (8), no spaces."""
    if isinstance(t, tuple):
        return "(" + ",".join(fmt(x) for x in t) + ")"
    return str(t)


def fmt_layout(layout):
    return f"{fmt(layout.shape)}:{fmt(layout.stride)}"


def flat(t):
    return [y for x in t for y in flat(x)] if isinstance(t, tuple) else [t]


# ------------------------------------------------------------------------------------------------
# random layouts
# ------------------------------------------------------------------------------------------------

def rand_mode(rng, depth, max_stride):
    if depth > 0 and rng.random() < 0.25:
        n = rng.randint(1, 3)
        parts = [rand_mode(rng, depth - 1, max_stride) for _ in range(n)]
        return tuple(p[0] for p in parts), tuple(p[1] for p in parts)
    shape = rng.choice([1, 2, 2, 3, 4, 4, 6, 8])
    stride = rng.choice([0, 1, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32]) if max_stride else 1
    return shape, min(stride, max_stride) if max_stride else stride


def rand_layout(rng, max_rank=3, depth=1, max_stride=64):
    rank = rng.randint(1, max_rank)
    modes = [rand_mode(rng, depth, max_stride) for _ in range(rank)]
    if rank == 1 and rng.random() < 0.5:
        return Layout(modes[0][0], modes[0][1])
    return Layout(tuple(m[0] for m in modes), tuple(m[1] for m in modes))


def compact_layout(rng, max_rank=3):
    """A random compact layout (a permutation of a column-major one): admissible for complement
    and composition far more often than a random one."""
    rank = rng.randint(1, max_rank)
    shape = [rng.choice([2, 2, 3, 4, 4, 8]) for _ in range(rank)]
    order = list(range(rank))
    rng.shuffle(order)
    stride = [0] * rank
    acc = rng.choice([1, 1, 2, 4])
    for i in order:
        stride[i] = acc
        acc *= shape[i]
    if rank == 1:
        return Layout(shape[0], stride[0])
    return Layout(tuple(shape), tuple(stride))


def gen_cases(rng, n):
    cases = []
    for _ in range(n):
        kind = rng.choice(["coalesce", "composition", "composition", "complement", "complement"])
        if kind == "coalesce":
            a = rand_layout(rng, max_rank=4, depth=2)
            cases.append((kind, (a,), f"coalesce({fmt_layout(a)})"))
        elif kind == "composition":
            a = rand_layout(rng) if rng.random() < 0.4 else compact_layout(rng)
            # B inside A's domain: past it CuTe 4.2 extends A by coalesce_x (its last stride),
            # pycute by coalesce (stride 0 after a trailing size-1 mode): a difference by design
            for _ in range(50):
                b = rand_layout(rng, max_rank=2, max_stride=8) if rng.random() < 0.5 else compact_layout(rng, 2)
                if pycute.cosize(b) <= pycute.size(a):
                    break
            cases.append((kind, (a, b), f"composition({fmt_layout(a)}, {fmt_layout(b)})"))
        else:
            a = rand_layout(rng) if rng.random() < 0.3 else compact_layout(rng)
            cos = max(1, pycute.cosize(a))
            m = rng.choice([cos, 2 * cos, 4 * cos, rng.randint(1, 4 * cos)])
            cases.append((kind, (a, m), f"complement({fmt_layout(a)}, {m})"))
    return cases


# ------------------------------------------------------------------------------------------------
# pycute side
# ------------------------------------------------------------------------------------------------

def run_pycute(kind, args):
    try:
        if kind == "coalesce":
            r = pycute.coalesce(args[0])
        elif kind == "composition":
            r = pycute.composition(args[0], args[1])
        else:
            r = pycute.complement(args[0], args[1])
    except (AssertionError, ZeroDivisionError) as e:
        return None, f"{type(e).__name__}"
    if any(s <= 0 for s in flat(r.shape)):
        return None, f"non-positive extent in {fmt_layout(r)}"
    return r, None


def parse_cute(text):
    """`(4,(2,3)):(1,(4,8))` -> pycute Layout (a rank-1 `(8)` stays a 1-tuple)."""
    pos = 0

    def tup():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items = [tup()]
            while text[pos] == ",":
                pos += 1
                items.append(tup())
            assert text[pos] == ")"
            pos += 1
            return tuple(items)
        start = pos
        while pos < len(text) and (text[pos].isdigit() or text[pos] == "-"):
            pos += 1
        return int(text[start:pos])

    shape = tup()
    assert text[pos] == ":"
    pos += 1
    return Layout(shape, tup())


def cute_at(layout, i):
    """L(i) as CuTe evaluates it: colexicographic, the last leaf not wrapped (past the size, the
    last mode extends), C++ truncating division."""
    shape, stride = flat(layout.shape), flat(layout.stride)
    acc = 0
    for k, (s, d) in enumerate(zip(shape, stride)):
        if k == len(shape) - 1:
            c = i
        else:
            c = abs(i) % s * (1 if i >= 0 else -1)
            i = int(i / s)
        acc += c * d
    return acc


def composition_law(a, b, r):
    """R(i) == A(B(i)) for every i in B's domain, A extended as CuTe extends it."""
    return pycute.size(r) == pycute.size(b) and all(
        cute_at(r, i) == cute_at(a, cute_at(b, i)) for i in range(pycute.size(b)))


def by_design(a, b, py, cu):
    """Why a composition's two answers may differ by design, or None. CuTe 4.2 composes through
    coalesce_x(A), which keeps A's last stride after a trailing size-1 mode, where pycute's
    coalesce gives stride 0; so (1) past A's domain A extends differently, and (2) the strides of
    size-1 modes of the result (never used: their coordinate is always 0) differ. cute's answer
    must still obey the law."""
    if not composition_law(a, b, cu):
        return None
    if pycute.cosize(b) > pycute.size(a):
        return "B leaves A's domain: A extended by coalesce_x"
    same_shape = fmt(py.shape) == fmt(cu.shape)
    if same_shape and all(
        s == 1 or dp == dc
        for s, dp, dc in zip(flat(py.shape), flat(py.stride), flat(cu.stride))
    ):
        return "strides of size-1 modes only"
    return None


def law_holds(kind, args, r):
    """Whether pycute's answer obeys the operation's law (for 'cute refuses' cases)."""
    if kind == "composition":
        return composition_law(args[0], args[1], r)
    if kind == "complement":
        a, m = args
        # CuTe: complement(A, M) is disjoint from A, ordered, and size(A)*size(R) >= M... checked
        # through injectivity of (A, R) on its domain
        full = pycute.make_layout(a, r)
        image = [full(i) for i in range(pycute.size(full))]
        return len(set(image)) == len(image)
    return True


# ------------------------------------------------------------------------------------------------
# main
# ------------------------------------------------------------------------------------------------

COLUMNS = ["agree", "by design", "both refuse", "cute refuses", "pycute refuses", "MISMATCH"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cute", default="target/release/cute")
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", type=int, default=10, help="examples printed per outcome")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    cases = gen_cases(rng, args.cases)
    stdin = "\n".join(c[2] for c in cases) + "\n"
    proc = subprocess.run([args.cute, "eval"], input=stdin, capture_output=True, text=True)
    lines = proc.stdout.split("\n")[: len(cases)]
    if len(lines) != len(cases):
        sys.exit(f"cute printed {len(lines)} lines for {len(cases)} statements")

    outcomes = {}
    by_op = {}
    for (kind, cargs, stmt), got in zip(cases, lines):
        py, py_err = run_pycute(kind, cargs)
        cute_err = got.startswith("error:")
        if py is None and cute_err:
            o = "both refuse"
            detail = f"{stmt}\n      pycute: {py_err}\n      cute:   {got}"
        elif py is None:
            if kind == "composition" and composition_law(cargs[0], cargs[1], parse_cute(got)):
                o = "pycute refuses"
                detail = f"{stmt}\n      pycute: {py_err}\n      cute:   {got} (obeys the law)"
            else:
                o = "MISMATCH"
                detail = f"{stmt}\n      pycute: {py_err}\n      cute:   {got}"
        elif cute_err:
            if "divisibility condition" in got:
                # CuTe C++ 4.2 static_asserts this condition (all-static integers): it has no
                # answer, whether or not pycute's happens to obey the law
                o = "cute refuses"
                detail = f"{stmt}\n      pycute: {fmt_layout(py)}\n      cute:   {got} (CuTe: static_assert)"
            elif law_holds(kind, cargs, py):
                o = "MISMATCH"
                detail = f"{stmt}\n      pycute: {fmt_layout(py)} (obeys the law)\n      cute:   {got}"
            else:
                o = "cute refuses"
                detail = f"{stmt}\n      pycute: {fmt_layout(py)} (breaks the law)\n      cute:   {got}"
        elif fmt_layout(py) == got:
            o = "agree"
            detail = f"{stmt} = {got}"
        elif kind == "composition" and by_design(cargs[0], cargs[1], py, parse_cute(got)):
            o = "by design"
            detail = f"{stmt}\n      pycute: {fmt_layout(py)}\n      cute:   {got} ({by_design(cargs[0], cargs[1], py, parse_cute(got))})"
        else:
            o = "MISMATCH"
            detail = f"{stmt}\n      pycute: {fmt_layout(py)}\n      cute:   {got}"
        outcomes.setdefault(o, []).append(detail)
        by_op.setdefault(kind, {}).setdefault(o, 0)
        by_op[kind][o] += 1

    print(f"pycute_diff: {len(cases)} cases, seed {args.seed}, cute = {args.cute}")
    print(f"{'operation':<12} " + " ".join(f"{o:>14}" for o in COLUMNS))
    for kind in sorted(by_op):
        row = by_op[kind]
        print(f"{kind:<12} " + " ".join(f"{row.get(o, 0):>14}" for o in COLUMNS))
    for o in ["MISMATCH", "by design", "pycute refuses", "cute refuses", "both refuse"]:
        items = outcomes.get(o, [])
        if items:
            print(f"\n{o}: {len(items)} (first {min(len(items), args.show)})")
            for d in items[: args.show]:
                print("  " + d)
    return 1 if outcomes.get("MISMATCH") else 0


if __name__ == "__main__":
    sys.exit(main())
