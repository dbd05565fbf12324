#!/usr/bin/env python3
"""Oracle cases for the layouts group of CuTe's API (layout.hpp): random (seeded) statements in
cute's notation with the C++ expression CuTe computes, answered by CuTe 4.2 (../oracle.py).

Writes cases.tsv (STATEMENT<TAB>EXPECTED), cute_refuses.txt (statements CuTe does not compile)
and refuse_reasons.tsv. Usage: python3 tests/oracle/api_layouts/gen.py [--seed N]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402
from gen_cases import (Gen, L, cute_t, cpp_val, cpp_coord, flat, unflat, is_int,  # noqa: E402
                       size, expected_text)

oracle.CACHE_FILE = os.path.join(HERE, "oracle_cache.json")


def coord_with_under(g, s, p_under=0.4, top=True):
    """A coordinate for shape s: integers within range, `_` at some modes (cute, C++)."""
    r = g.r.random()
    if r < p_under:
        return "_", "_"
    if is_int(s):
        v = g.r.randrange(s)
        return str(v), f"Int<{v}>{{}}"
    if r < p_under + 0.15 and not top:
        v = g.r.randrange(size(s))
        return str(v), f"Int<{v}>{{}}"
    parts = [coord_with_under(g, m, p_under, False) for m in s]
    if len(parts) == 1 and parts[0][0] == "_":
        # cute reads `(_)` as `_` in parentheses: the coordinate `_` keeps the mode alike
        return "_", "_"
    return "(" + ",".join(p[0] for p in parts) + ")", "make_coord(" + ", ".join(p[1] for p in parts) + ")"


def full_coord(g, s, top=True):
    if is_int(s) or (not top and g.r.random() < 0.2):
        v = g.r.randrange(size(s))
        return str(v), f"Int<{v}>{{}}"
    parts = [full_coord(g, m, False) for m in s]
    return "(" + ",".join(p[0] for p in parts) + ")", "make_coord(" + ", ".join(p[1] for p in parts) + ")"


def coarsen(g, s, p=0.3):
    """A profile of s: some tuples replaced by a leaf."""
    if is_int(s) or g.r.random() < p:
        return 0
    return tuple(coarsen(g, m, p) for m in s)


def leafvals(g, t, vals):
    if is_int(t):
        return g.r.choice(vals)
    return tuple(leafvals(g, m, vals) for m in t)


def rand_layout(g, **kw):
    return g.layout(max_size=kw.pop("max_size", 512), **kw)


def one(name):
    def gen(g):
        a = rand_layout(g)
        return f"{name}({a.cute()})", f"{name}({a.cpp()})"
    return gen


def g_fragment_shape(g):
    s = g.shape(max_size=256)
    return f"make_fragment_like({cute_t(s)})", f"make_fragment_like({cpp_val(s, 'Shape')})"


def g_slice(name):
    def gen(g):
        a = rand_layout(g)
        c, cc = coord_with_under(g, a.shape)
        return f"{name}({c}, {a.cute()})", f"{name}({cc}, {a.cpp()})"
    return gen


def g_domain_offset(g):
    a = rand_layout(g)
    c, cc = full_coord(g, a.shape)
    return f"domain_offset({c}, {a.cute()})", f"domain_offset({cc}, {a.cpp()})"


def g_unflatten(g):
    for _ in range(100):
        prof = g.shape(max_size=10 ** 9)
        n = len(flat(prof))
        a = g.layout(max_size=512, max_depth=1, rank=n if n > 1 else None)
        fa = flat(a.shape)
        if len(fa) == n or g.r.random() < 0.05:
            break
    p = unflat(prof, [0] * len(flat(prof)))
    a = L(a.shape, a.stride)
    return (f"unflatten({a.cute()}, {cute_t(p)})",
            f"unflatten({a.cpp()}, {cpp_val(p, 'Shape')})")


def g_replace(g):
    a = rand_layout(g)
    x = g.layout(max_size=16, max_depth=2)
    n = g.r.randrange(a.rank() + (1 if g.r.random() < 0.1 else 0))
    return f"replace<{n}>({a.cute()}, {x.cute()})", f"replace<{n}>({a.cpp()}, {x.cpp()})"


def g_pend(name):
    def gen(g):
        a = rand_layout(g)
        n = a.rank() + g.r.choice([-1, 0, 1, 1, 2, 2, 3])
        if n < 1:
            n = 1
        if g.r.random() < 0.5:
            return f"{name}<{n}>({a.cute()})", f"{name}<{n}>({a.cpp()})"
        x = g.layout(max_size=16, max_depth=2)
        return f"{name}<{n}>({a.cute()}, {x.cute()})", f"{name}<{n}>({a.cpp()}, {x.cpp()})"
    return gen


def g_filter_zeros(g):
    a = rand_layout(g, kind=g.r.choice(["zero", "random", None]))
    if g.r.random() < 0.35:
        return f"filter_zeros({a.cute()})", f"filter_zeros({a.cpp()})"
    p = leafvals(g, coarsen(g, a.shape), [0, 0, 1, 2])
    return f"filter_zeros({a.cute()}, {cute_t(p)})", f"filter_zeros({a.cpp()}, {cpp_val(p, 'Shape')})"


def g_filter_profile(g):
    a = rand_layout(g, kind=g.r.choice(["zero", "random", None]))
    if is_int(a.shape):
        p = 0
    else:
        k = a.rank() if g.r.random() < 0.7 else g.r.randint(1, a.rank() + (1 if g.r.random() < 0.2 else 0))
        p = tuple(coarsen(g, a.shape[min(i, a.rank() - 1)], 0.5) for i in range(k))
    return f"filter({a.cute()}, {cute_t(p)})", f"filter({a.cpp()}, {cpp_val(p, 'Shape')})"


def g_nullspace(g):
    a = rand_layout(g, kind=g.r.choice(["zero", "zero", "random", None]))
    return f"nullspace({a.cute()})", f"nullspace({a.cpp()})"


def same_rank_modes(g):
    """A shape whose top modes all have the same rank (zip's precondition), sometimes not."""
    k = g.r.choice([1, 2, 2, 3])
    r = g.r.choice([1, 2, 2, 3])
    modes = []
    for _ in range(k):
        rr = r if g.r.random() < 0.9 else g.r.choice([1, 2, 3])
        modes.append(tuple(g.mode(1) for _ in range(rr)))
    return tuple(modes)


def g_zip(g):
    if g.r.random() < 0.2:
        a = rand_layout(g)
    else:
        s = same_rank_modes(g)
        a = L(s, g.strides(s))
    if g.r.random() < 0.3:
        b = rand_layout(g, max_size=64)
        if not is_int(a.shape) and g.r.random() < 0.7:
            s = tuple(g.mode(1) for _ in range(a.rank()))
            b = L(s, g.strides(s))
        return f"zip({a.cute()}, {b.cute()})", f"zip({a.cpp()}, {b.cpp()})"
    return f"zip({a.cute()})", f"zip({a.cpp()})"


def g_tile_unzip(g):
    tiler = g.shape(max_size=64, max_depth=2)
    tl = len(flat(tiler))

    def build(t):
        if is_int(t):
            return (g.mode(1), g.mode(1)) if g.r.random() < 0.93 else (g.mode(1),)
        return tuple(build(m) for m in t)
    s = build(tiler)
    if not is_int(s) and g.r.random() < 0.4 and isinstance(tiler, tuple):
        s = s + tuple(g.mode(1) for _ in range(g.r.choice([1, 2])))
    if size(s) > 4096 or tl > 4:
        s = ((2, 2),)
        tiler = (2,)
    a = L(s, g.strides(s))
    return (f"tile_unzip({a.cute()}, {cute_t(tiler)})",
            f"tile_unzip({a.cpp()}, {cpp_val(tiler, 'Shape')})")


def g_with_shape(g):
    a = rand_layout(g, max_size=256)
    n = a.size()
    t = g.small_layout_for(n, kind="left")
    s = t.shape
    return f"({a.cute()}).with_shape({cute_t(s)})", f"{a.cpp()}.with_shape({cpp_val(s, 'Shape')})"


def g_coord_method(name):
    def gen(g):
        a = rand_layout(g, max_size=256, kind=g.r.choice(["left", "perm", "perm", "gap", None]))
        i = g.r.randrange(max(a.cosize(), 1))
        return f"({a.cute()}).{name}({i})", f"{a.cpp()}.{name}(Int<{i}>{{}})"
    return gen


def g_member(name):
    """L.compose(B...) / L.tile(B...): the tiler's elements as the member's arguments."""
    def gen(g):
        a = rand_layout(g, max_size=256)
        ra = a.rank()
        k = ra if g.r.random() < 0.7 else g.r.randint(1, ra)
        els = [g.tile_elem(a.mode(min(i, ra - 1))) for i in range(k)]
        els = [e if e[0] != "_" else ("1", "Int<1>{}") for e in els]
        return (f"({a.cute()}).{name}(" + ", ".join(e[0] for e in els) + ")",
                f"{a.cpp()}.{name}(" + ", ".join(e[1] for e in els) + ")")
    return gen


def g_co_mode(name):
    """coshape<I...>(L) / coprofile<I...>(L): of a mode (or a mode of a mode)."""
    def gen(g):
        a = rand_layout(g)
        path = []
        s = a.shape
        while not is_int(s) and (not path or g.r.random() < 0.4):
            i = g.r.randrange(len(s))
            path.append(i)
            s = s[i]
        if not path:
            path = [0]
        t = ",".join(map(str, path))
        return f"{name}<{t}>({a.cute()})", f"{name}<{t}>({a.cpp()})"
    return gen


def g_domain_distribute(g):
    a = g.shape(max_size=4096)
    b = g.r.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 5, 7, 9])
    return (f"domain_distribute({cute_t(a)}, {b})",
            f"domain_distribute({cpp_val(a, 'Shape')}, Int<{b}>{{}})")


def negate_some(g, a):
    """The layout with some strides negated."""
    st = [d if g.r.random() < 0.6 else -d for d in flat(a.stride)]
    return L(a.shape, unflat(a.shape, st))


def one_neg(name):
    def gen(g):
        a = negate_some(g, rand_layout(g))
        return f"{name}({a.cute()})", f"{name}({a.cpp()})"
    return gen


def g_tuple_slice(name):
    def gen(g):
        s = g.shape(max_size=512)
        c, cc = coord_with_under(g, s)
        return f"{name}({c}, {cute_t(s)})", f"{name}({cc}, {cpp_val(s, 'Shape')})"
    return gen


def g_tuple_misc(g):
    k = g.r.choice(["zip", "filter_zeros", "filter_zeros2", "unflatten", "replace"])
    if k == "zip":
        s = same_rank_modes(g)
        return f"zip({cute_t(s)})", f"zip({cpp_val(s, 'Shape')})"
    if k == "filter_zeros":
        s = leafvals(g, g.shape(max_size=512), [0, 0, 1, 2, 3])
        return f"filter_zeros({cute_t(s)})", f"filter_zeros({cpp_val(s, 'Shape')})"
    if k == "filter_zeros2":
        s = g.shape(max_size=512)
        p = leafvals(g, coarsen(g, s), [0, 0, 1, 2])
        return f"filter_zeros({cute_t(p)}, {cute_t(s)})", f"filter_zeros({cpp_val(p, 'Shape')}, {cpp_val(s, 'Shape')})"
    if k == "unflatten":
        prof = g.shape(max_size=10 ** 9)
        n = len(flat(prof))
        s = tuple(g.leaf() for _ in range(n)) if n > 1 or g.r.random() < 0.5 else g.leaf()
        p = unflat(prof, [0] * n)
        return f"unflatten({cute_t(s)}, {cute_t(p)})", f"unflatten({cpp_val(s, 'Shape')}, {cpp_val(p, 'Shape')})"
    s = g.shape(max_size=512)
    x = g.shape(max_size=16, max_depth=1)
    r = 1 if is_int(s) else len(s)
    n = g.r.randrange(r + 1)
    return f"replace<{n}>({cute_t(s)}, {cute_t(x)})", f"replace<{n}>({cpp_val(s, 'Shape')}, {cpp_val(x, 'Shape')})"


def g_refusals(g):
    """Statements CuTe refuses (most of them): out-of-range N, mismatched profiles and ranks."""
    a = rand_layout(g, max_size=256)
    r = a.rank()
    k = g.r.choice(["replace", "unflatten", "filter", "filter_zeros", "slice", "dice",
                    "dd", "append", "prepend", "fragment"])
    if k == "replace":
        n = r + 1 + g.r.randrange(2)
        return f"replace<{n}>({a.cute()}, 2:1)", f"replace<{n}>({a.cpp()}, Layout<_2,_1>{{}})"
    if k == "unflatten":
        fa = L(tuple(flat(a.shape)), tuple(flat(a.stride)))
        p = tuple(0 for _ in range(len(flat(a.shape)) + g.r.choice([1, 2])))
        return f"unflatten({fa.cute()}, {cute_t(p)})", f"unflatten({fa.cpp()}, {cpp_val(p, 'Shape')})"
    if k == "filter":
        p = tuple(0 for _ in range(r + 1))
        return f"filter({a.cute()}, {cute_t(p)})", f"filter({a.cpp()}, {cpp_val(p, 'Shape')})"
    if k == "filter_zeros":
        p = tuple(0 for _ in range(r + 1))
        return f"filter_zeros({a.cute()}, {cute_t(p)})", f"filter_zeros({a.cpp()}, {cpp_val(p, 'Shape')})"
    if k in ("slice", "dice"):
        n = r + 1
        c = tuple(g.r.choice(["_", 0]) for _ in range(n))
        cc = "make_coord(" + ", ".join("_" if x == "_" else "Int<0>{}" for x in c) + ")"
        return f"{k}({cute_t_any(c)}, {a.cute()})", f"{k}({cc}, {a.cpp()})"
    if k == "dd":
        b = g.shape(max_size=16, max_depth=1, int_ok=False)
        return f"domain_distribute({cute_t(a.shape)}, {cute_t(b)})", f"domain_distribute({cpp_val(a.shape, 'Shape')}, {cpp_val(b, 'Shape')})"
    if k in ("append", "prepend"):
        n = max(r - 1, 0)
        return f"{k}<{n}>({a.cute()})", f"{k}<{n}>({a.cpp()})"
    return f"make_fragment_like({a.cute()}, 2)", f"make_fragment_like({a.cpp()}, Int<2>{{}})"


def cute_t_any(t):
    return str(t) if not isinstance(t, tuple) else "(" + ",".join(cute_t_any(m) for m in t) + ")"


OPS = [
    ("make_layout_like", one("make_layout_like"), 30),
    ("make_fragment_like", one("make_fragment_like"), 30),
    ("make_fragment_like_shape", g_fragment_shape, 20),
    ("coshape", one("coshape"), 25),
    ("coprofile", one("coprofile"), 20),
    ("slice", g_slice("slice"), 30),
    ("dice", g_slice("dice"), 30),
    ("domain_offset", g_domain_offset, 25),
    ("unflatten", g_unflatten, 25),
    ("replace", g_replace, 25),
    ("append", g_pend("append"), 30),
    ("prepend", g_pend("prepend"), 30),
    ("filter_zeros", g_filter_zeros, 30),
    ("filter_profile", g_filter_profile, 30),
    ("nullspace", g_nullspace, 30),
    ("zip", g_zip, 30),
    ("tile_unzip", g_tile_unzip, 25),
    ("with_shape", g_with_shape, 25),
    ("get_hier_coord", g_coord_method("get_hier_coord"), 25),
    ("get_flat_coord", g_coord_method("get_flat_coord"), 25),
    ("get_1d_coord", g_coord_method("get_1d_coord"), 25),
    ("domain_distribute", g_domain_distribute, 25),
    ("make_layout_like_neg", one_neg("make_layout_like"), 20),
    ("make_fragment_like_neg", one_neg("make_fragment_like"), 20),
    ("coshape_neg", one_neg("coshape"), 20),
    ("nullspace_neg", one_neg("nullspace"), 20),
    ("slice_tuple", g_tuple_slice("slice"), 20),
    ("dice_tuple", g_tuple_slice("dice"), 20),
    ("tuple_misc", g_tuple_misc, 40),
    ("compose_member", g_member("compose"), 20),
    ("tile_member", g_member("tile"), 20),
    ("coshape_mode", g_co_mode("coshape"), 20),
    ("coprofile_mode", g_co_mode("coprofile"), 20),
    ("refusals", g_refusals, 0),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1515)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-refusals", type=int, default=8)
    ap.add_argument("--refusals", type=int, default=40, help="cases of the refusal generator")
    args = ap.parse_args()
    cache = oracle.load_cache()
    cases = {}
    seen = set()
    todo = []
    for op, gen, target in OPS:
        g = Gen(f"{args.seed}/{op}")
        lst = cases.setdefault(op, [])
        want = int(target * 1.6) + 4 if target else args.refusals
        for _ in range(max(target, want) * 20):
            if len(lst) >= want:
                break
            stmt, cpp = gen(g)
            if stmt in seen:
                continue
            seen.add(stmt)
            lst.append((stmt, cpp))
            todo.append(cpp)
    oracle.evaluate(todo, cache, batch=400, jobs=args.jobs)
    out, refusals = [], []
    for op, _, target in OPS:
        nv = nr = 0
        for stmt, cpp in cases[op]:
            st, val = cache[cpp]
            if st == "ok" and nv < target:
                out.append((stmt, expected_text(val)))
                nv += 1
            elif st == "err" and (nr < args.max_refusals or not target):
                refusals.append((stmt, val))
                nr += 1
        print(f"{op:26s} valid {nv:4d}  refused {nr:4d}", file=sys.stderr)
    with open(os.path.join(HERE, "cases.tsv"), "w") as f:
        for s, e in out:
            f.write(f"{s}\t{e}\n")
    with open(os.path.join(HERE, "cute_refuses.txt"), "w") as f:
        for s, _ in refusals:
            f.write(s + "\n")
    with open(os.path.join(HERE, "refuse_reasons.tsv"), "w") as f:
        for s, why in refusals:
            f.write(f"{s}\t{why}\n")


if __name__ == "__main__":
    main()
