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

  cases.tsv        STATEMENT<TAB>the DSL's print
  refuses.txt      statements the DSL raises on, with its error (kept for reference)
  param_cases.tsv  STATEMENT<TAB>the DSL's print of it in `@cute.jit def f(b: cutlass.Int32,
                   c: cutlass.Int32)` called with (24, 6): a parameter is a value the DSL does
                   not know, divisibility 1 beside a value with one (PARAM_OPS; asked of the
                   DSL's Python directly, cached in param_oracle_cache.json)

Usage: python3 gen.py [--seed N] [--count N]
The oracle's answers are cached in oracle_cache.json beside this script.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import differential  # noqa: E402


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


def wide_dyn(g):
    """A run-time integer assumed a multiple of a divisibility past 32 bits' signed range (the
    DSL prints it alone as its low 32 bits, signed: `divby=2**31` prints -2147483648; in a
    tuple whole). (An odd part past 1023 there cute does not keep: none is drawn.)"""
    d = g.choice([2**31, 3 * 2**30, 5 * 2**29, 2**32, 2**33 + 8 * 2**31, 2**30, 3 * 2**29])
    return f"cute.assume(cutlass.Int32({g.choice([1, 2, 3])}), divby={d})"


def wrapping_product(g):
    """A divisibility times powers of two past 32 bits (the DSL's product wraps)."""
    factors = " * ".join(f"cutlass.Int32({2 ** g.choice([1, 8, 20, 29, 30])})"
                         for _ in range(g.choice([1, 2])))
    return f"cute.assume(cutlass.Int32({g.choice([1, 3])}), divby={g.choice([2, 3, 4, 12])}) * {factors}"


def remainder(g):
    """A divisibility modulo a static integer (the DSL: a multiple of 0 where it divides it, of
    it where it divides the integer, else nothing known)."""
    return f"cute.assume(cutlass.Int32(48), divby={g.choice([2, 3, 4, 6, 8, 12, 16, 48])}) % {g.choice([2, 3, 4, 6, 8, 12, 32, 96])}"


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
    ("wide_assume", wide_dyn),
    ("wide_in_layout", lambda g: f"cute.make_layout(({g.choice([2, 4])}, {wide_dyn(g)}))"),
    ("wide_get_divisibility", lambda g: f"cute.get_divisibility({g.choice([wide_dyn(g), wrapping_product(g)])})"),
    ("wide_sum", lambda g: f"{wide_dyn(g)} {g.choice(['+', '*'])} {g.choice([2, 3, 6, 2**30])}"),
    ("wrapping_product", wrapping_product),
    ("wrapping_in_layout", lambda g: f"cute.make_layout(4, stride={wrapping_product(g)})"),
    ("remainder", remainder),
    ("past_int32", lambda g: f"cute.make_layout(4, stride={dyn(g)} {g.choice(['*', '+'])} {g.choice([2**31, 2**32, -2**31 - 2**20, 3 * 2**31])})"),
]



# A jit function's parameters (`b`, `c`: run-time values the DSL does not know as it traces),
# called with PARAM_ARGS: each case is printed inside `@cute.jit def f(PARAMS)`.
PARAMS = "b: cutlass.Int32, c: cutlass.Int32"
PARAM_ARGS = "24, 6"


def param(g):
    """A parameter, one assumed a multiple of a divisor of its value, a `cutlass.Int32` of one
    or of a constant, or a Python integer."""
    return g.choice([
        "b", "c", "b", "c",
        f"cute.assume(b, divby={g.choice([1, 2, 3, 4, 6, 8, 12, 24])})",
        f"cute.assume(c, divby={g.choice([2, 3, 6])})",
        f"cutlass.Int32({g.choice([2, 3, 4, 6, 8])})",
        f"cutlass.Int32({g.choice(['b', 'c'])})",
        str(g.choice([2, 3, 4, 8])),
    ])


def param_scalar(g):
    return f"{param(g)} {g.choice(['+', '-', '*', '%'])} {param(g)}"


def param_chain(g):
    return f"({param_scalar(g)}) {g.choice(['+', '*', '*'])} {param(g)}"


def param_tuple(g, n=2):
    return "(" + ", ".join(param(g) if g.random() < 0.7 else str(g.choice([2, 4])) for _ in range(n)) + ")"


PARAM_OPS = [
    ("param_scalar", param_scalar),
    ("param_chain", param_chain),
    ("param_layout", lambda g: f"cute.make_layout({param_tuple(g)})"),
    ("param_layout_stride", lambda g: f"cute.make_layout({param_tuple(g)}, stride={param_tuple(g)})"),
    ("param_size", lambda g: f"cute.size({param_tuple(g, g.choice([2, 3]))})"),
    ("param_size_times", lambda g: f"cute.size({param_tuple(g)}) {g.choice(['*', '+'])} {param(g)}"),
    ("param_cosize", lambda g: f"cute.cosize(cute.make_layout({param_tuple(g)}, stride={param_tuple(g)}))"),
    ("param_get_divisibility", lambda g: f"cute.get_divisibility({param_chain(g)})"),
]


def write_param_set(seed, count):
    """param_cases.tsv: the cases of PARAM_OPS the DSL prints (those it raises on left out)."""
    cases = differential.draw(PARAM_OPS, f"{seed}/div", count, lambda gen, g: gen(g))
    cache_file = os.path.join(HERE, "param_oracle_cache.json")
    cache = json.load(open(cache_file)) if os.path.exists(cache_file) else {}
    todo = [c for c in cases if c not in cache]
    for i in range(0, len(todo), 100):
        batch = todo[i:i + 100]
        for c, r in zip(batch, differential.ask_dsl_in_jit(batch, PARAMS, PARAM_ARGS)):
            cache[c] = r
    with open(cache_file, "w") as f:
        json.dump(cache, f, indent=0, sort_keys=True)
    ok = [(c, cache[c]) for c in cases if not cache[c].startswith("error:")]
    with open(os.path.join(HERE, "param_cases.tsv"), "w") as f:
        for c, r in ok:
            f.write(f"{c}\t{r}\n")
    print(f"{len(ok)} parameter cases, {len(cases) - len(ok)} the DSL raises on")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--count", type=int, default=15, help="cases per operation")
    a = ap.parse_args()
    cases = differential.draw(OPS, f"{a.seed}/div", a.count, lambda gen, g: gen(g))
    differential.write_dsl_set(os.path.join(HERE, "oracle_cache.json"), cases,
                               os.path.join(HERE, "cases.tsv"), os.path.join(HERE, "refuses.txt"))
    write_param_set(a.seed, a.count)

if __name__ == "__main__":
    main()
