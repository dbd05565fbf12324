#!/usr/bin/env python3
"""Differential cases for CuTe's IntTuple functions (int_tuple.hpp, tuple_algorithms.hpp,
stride.hpp), answered by CuTe C++ 4.2 through the oracle (cached in oracle_cache.json here).

Writes cases.tsv (STATEMENT<TAB>EXPECTED, static `_` removed, CuTe's `_1`/`_0` of the predicates
as `true`/`false`) and cute_refuses.txt (statements CuTe does not compile), refuse_reasons.tsv.

Usage: python3 tests/oracle/api_tuples/gen.py [--seed N] [--per 24]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402
from gen_cases import Gen, cute_t, cpp_val, flat, unflat, size, is_int, expected_text, rand_coord  # noqa: E402

oracle.CACHE_FILE = os.path.join(HERE, "oracle_cache.json")

PREDICATES = {"weakly_congruent", "evenly_divides", "elem_less", "lex_less", "colex_less"}


def S(t):
    return cpp_val(t, "Shape")


def tup(g, leaves=None, max_depth=2, rank=None, int_ok=True, max_size=4096):
    """A random IntTuple; `leaves` a list of values to draw from (default shape extents)."""
    for _ in range(100):
        s = g.shape(max_size=max_size, max_depth=max_depth, int_ok=int_ok, rank=rank)
        if leaves is not None:
            s = unflat(s, [g.r.choice(leaves) for _ in flat(s)])
        if is_int(s) or size(s) <= max_size or leaves is not None:
            return s
    return s


def like(g, t, leaves):
    """Same profile as t, new leaves."""
    return unflat(t, [g.r.choice(leaves) for _ in flat(t)])


def coarsen(g, t, p=0.4):
    """A profile weakly congruent to t: some sub-tuples replaced by an integer."""
    if is_int(t) or g.r.random() < p:
        return 1
    return tuple(coarsen(g, m, p) for m in t)


def perturb(g, t):
    """Sometimes break the structure (for refusals and false answers)."""
    r = g.r.random()
    if r < 0.1 and not is_int(t):
        return t + (g.r.choice([1, 2, 3]),)
    if r < 0.17 and not is_int(t) and len(t) > 1:
        return t[:-1]
    if r < 0.22 and not is_int(t):
        i = g.r.randrange(len(t))
        m = t[i]
        return t[:i] + ((m, 2) if is_int(m) else size(m),) + t[i + 1:]
    return t


SMALL = [1, 2, 3, 4, 5, 6, 8]
SIGNED = [-7, -4, -3, -1, 0, 1, 2, 3, 4, 6, 8, 9, 12]


def un(name):
    def gen(g):
        t = tup(g)
        return f"{name}({cute_t(t)})", f"{name}({S(t)})"
    return gen


def g_product_like(g):
    t = tup(g, int_ok=g.r.random() < 0.2)
    gd = perturb(g, coarsen(g, t))
    return f"product_like({cute_t(t)}, {cute_t(gd)})", f"product_like({S(t)}, {S(gd)})"


def g_sum(g):
    t = tup(g, leaves=SIGNED if g.r.random() < 0.4 else None)
    return f"sum({cute_t(t)})", f"sum({S(t)})"


def g_inner(g):
    a = tup(g, leaves=SIGNED if g.r.random() < 0.3 else None)
    b = perturb(g, like(g, a, SMALL))
    return f"inner_product({cute_t(a)}, {cute_t(b)})", f"inner_product({S(a)}, {S(b)})"


def g_ceil_div(g):
    a = tup(g, int_ok=g.r.random() < 0.3)
    r = g.r.random()
    if r < 0.35:
        b = g.r.choice([1, 2, 3, 4, 5, 8, 12, 16, 32])
    elif r < 0.8 and not is_int(a):
        k = g.r.randint(1, len(a) + (1 if g.r.random() < 0.1 else 0))
        b = tuple(g.r.choice([1, 2, 3, 4]) if is_int(a[min(i, len(a) - 1)]) or g.r.random() < 0.5
                  else like(g, a[i], [1, 2, 3]) for i in range(k))
    else:
        b = tup(g, leaves=[1, 2, 3, 4])
    return f"ceil_div({cute_t(a)}, {cute_t(b)})", f"ceil_div({S(a)}, {S(b)})"


def g_round_up(g):
    r = g.r.random()
    if r < 0.3:
        a, b = g.r.choice(SIGNED[4:] + [7, 13, 17]), g.r.choice([1, 2, 3, 4, 8])
    else:
        a = tuple(g.r.choice([1, 3, 4, 5, 7, 9, 13]) for _ in range(g.r.randint(1, 4)))
        k = g.r.randint(1, len(a) + (1 if g.r.random() < 0.1 else 0))
        b = tuple(g.r.choice([1, 2, 3, 4, 8]) for _ in range(k))
        if g.r.random() < 0.1:
            b = g.r.choice([2, 4])
        if g.r.random() < 0.1:
            a = a + ((3, 5),)
    return f"round_up({cute_t(a)}, {cute_t(b)})", f"round_up({S(a)}, {S(b)})"


def g_shape_div(g):
    a = tup(g, int_ok=g.r.random() < 0.3)
    if g.r.random() < 0.5 or is_int(a):
        b = g.r.choice([1, 2, 3, 4, 6, 8, 16, 24])
    else:
        b = perturb(g, like(g, a, [1, 2, 3, 4]))
    return f"shape_div({cute_t(a)}, {cute_t(b)})", f"shape_div({S(a)}, {S(b)})"


def g_elem_scale(g):
    a = tup(g, int_ok=g.r.random() < 0.2)
    b = tup(g, leaves=[1, 2, 3]) if is_int(a) else perturb(g, unflat_refine(g, a))
    return f"elem_scale({cute_t(a)}, {cute_t(b)})", f"elem_scale({S(a)}, {S(b)})"


def unflat_refine(g, t):
    """A tuple t is weakly congruent to: some leaves split into a tuple."""
    if is_int(t):
        if g.r.random() < 0.3:
            return tuple(g.r.choice([1, 2, 3]) for _ in range(g.r.choice([1, 2, 2, 3])))
        return g.r.choice([1, 2, 3, 4])
    return tuple(unflat_refine(g, m) for m in t)


def g_weakly(g):
    r = g.r.random()
    a = tup(g, int_ok=g.r.random() < 0.2)
    if r < 0.4:
        b = unflat_refine(g, a)
    elif r < 0.7:
        b, a = a, unflat_refine(g, a)
    else:
        b = perturb(g, unflat_refine(g, a))
    if g.r.random() < 0.5:
        return f"weakly_congruent({cute_t(a)}, {cute_t(b)})", f"weakly_congruent({S(a)}, {S(b)})"
    return (f"is_weakly_congruent({cute_t(a)}, {cute_t(b)})",
            f"is_weakly_congruent<{cpp_val(a, 'Shape')[:-2]}, {cpp_val(b, 'Shape')[:-2]}>{{}}")


def divisor_like(g, t, exact=0.7):
    if is_int(t):
        if g.r.random() < exact:
            return g.divisor(t)
        return g.r.choice([2, 3, 4, 5, 8])
    if g.r.random() < 0.25:
        return divisor_like(g, size(t), exact)
    return tuple(divisor_like(g, m, exact) for m in t)


def g_evenly(g):
    a = tup(g, int_ok=g.r.random() < 0.2)
    b = divisor_like(g, a)
    if not is_int(b) and g.r.random() < 0.2:
        b = b[:max(1, len(b) - 1)]
    if g.r.random() < 0.1:
        b = perturb(g, b)
    return f"evenly_divides({cute_t(a)}, {cute_t(b)})", f"evenly_divides({S(a)}, {S(b)})"


def make_cmp(name):
    def gen(g):
        a = tup(g, leaves=[0, 1, 2, 3], int_ok=g.r.random() < 0.15)
        r = g.r.random()
        if r < 0.3:
            b = a
            fl = flat(a)
            i = g.r.randrange(len(fl))
            fl[i] += g.r.choice([-1, 1])
            b = unflat(a, fl)
        elif r < 0.85:
            b = like(g, a, [0, 1, 2, 3])
        else:
            b = perturb(g, like(g, a, [0, 1, 2, 3]))
            if g.r.random() < 0.5 and not is_int(a):
                b = tuple(a) + (1,)
        return f"{name}({cute_t(a)}, {cute_t(b)})", f"{name}({S(a)}, {S(b)})"
    return gen


def make_reduce(name):
    def gen(g):
        n = g.r.choice([1, 1, 2, 2, 3])
        args = [tup(g, leaves=SIGNED if name != "max" or g.r.random() < 0.5 else SMALL,
                    int_ok=True) for _ in range(n)]
        if g.r.random() < 0.05:
            args.append(())
        return (f"{name}(" + ", ".join(cute_t(x) for x in args) + ")",
                f"{name}(" + ", ".join(S(x) for x in args) + ")")
    return gen


def g_abs(g):
    if g.r.random() < 0.85:
        v = g.r.randint(-40, 40)
        return f"abs({v})", f"abs(Int<{v}>{{}})"
    t = tup(g, leaves=SIGNED, int_ok=False)
    return f"abs({cute_t(t)})", f"abs({S(t)})"


def g_unwrap(g):
    t = tup(g)
    for _ in range(g.r.choice([0, 1, 1, 2, 3])):
        t = (t,)
    return f"unwrap({cute_t(t)})", f"unwrap({S(t)})"


def g_wrap(g):
    t = tup(g)
    if g.r.random() < 0.2:
        t = (t,)
    return f"wrap({cute_t(t)})", f"wrap({S(t)})"


def g_repeat_like(g):
    t = tup(g)
    x = g.r.choice([0, 1, 2, 7]) if g.r.random() < 0.7 else tup(g, max_depth=1)
    return f"repeat_like({cute_t(t)}, {cute_t(x)})", f"repeat_like({S(t)}, {S(x)})"


def g_front_back(name):
    def gen(g):
        t = tup(g, leaves=list(range(1, 10)), max_depth=3)
        if g.r.random() < 0.05:
            t = ((),) + (t if not is_int(t) else (t,))
        return f"{name}({cute_t(t)})", f"{name}({S(t)})"
    return gen


def g_insert(g):
    t = tup(g, int_ok=g.r.random() < 0.05)
    r = 1 if is_int(t) else len(t)
    n = g.r.randint(0, r + (1 if g.r.random() < 0.1 else 0))
    x = g.r.choice([7, 9]) if g.r.random() < 0.7 else tup(g, max_depth=1)
    if g.r.random() < 0.3:
        return f"insert({cute_t(t)}, {cute_t(x)}, {n})", f"insert<{n}>({S(t)}, {S(x)})"
    return f"insert<{n}>({cute_t(t)}, {cute_t(x)})", f"insert<{n}>({S(t)}, {S(x)})"


def g_remove(g):
    t = tup(g, int_ok=g.r.random() < 0.05)
    r = 1 if is_int(t) else len(t)
    n = g.r.randint(0, r + (1 if g.r.random() < 0.15 else 0))
    if g.r.random() < 0.3:
        return f"remove({cute_t(t)}, {n})", f"remove<{n}>({S(t)})"
    return f"remove<{n}>({cute_t(t)})", f"remove<{n}>({S(t)})"


def make_compact(name):
    def gen(g):
        s = tup(g, max_depth=3)
        r = g.r.random()
        if r < 0.6:
            return f"{name}({cute_t(s)})", f"{name}({S(s)})"
        if r < 0.85 or is_int(s):
            c = g.r.choice([0, 2, 3, 4, -1])
        else:
            c = perturb(g, like(g, tuple(0 for _ in s), [1, 2, 5, 16]))
        return f"{name}({cute_t(s)}, {cute_t(c)})", f"{name}({S(s)}, {S(c)})"
    return gen


def g_compact_order(g):
    s = tup(g, max_depth=2, int_ok=g.r.random() < 0.1)
    r = g.r.random()
    if r < 0.1:
        tag = g.r.choice(["LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"])
        return f"compact_order({cute_t(s)}, {tag})", f"compact_order({S(s)}, {tag}{{}})"
    if is_int(s):
        o = g.r.choice([0, 1, 2])
    elif r < 0.5:
        o = list(range(len(s)))
        g.r.shuffle(o)
        o = tuple(o)
    else:
        fl = list(range(len(flat(s))))
        g.r.shuffle(fl)
        o = unflat(s, fl)
    if g.r.random() < 0.1 and not is_int(o):
        f = flat(o)
        f[g.r.randrange(len(f))] = f[g.r.randrange(len(f))]
        o = unflat(o, f)
    if g.r.random() < 0.08:
        o = perturb(g, o)
    return f"compact_order({cute_t(s)}, {cute_t(o)})", f"compact_order({S(s)}, {cpp_val(o, 'Step')})"


def refactor(g, n):
    """A shape of size n (n's factors, in 1-3 modes)."""
    fs = []
    while n > 1 and len(fs) < 2:
        d = g.divisor(n)
        fs.append(d)
        n //= d
    fs.append(n)
    return fs[0] if len(fs) == 1 else tuple(fs)


def g_crd2crd(g):
    s = tup(g, max_size=512, int_ok=g.r.random() < 0.15)
    r = g.r.random()
    if r < 0.5 and not is_int(s):
        d = tuple(refactor(g, size(m)) for m in s)
    elif r < 0.8:
        d = refactor(g, size(s))
    else:
        d = size(s)
    if g.r.random() < 0.08:
        d = perturb(g, d)
    c = rand_coord(g, s) if g.r.random() < 0.85 else g.r.randrange(size(s))
    return f"crd2crd({cute_t(c)}, {cute_t(s)}, {cute_t(d)})", f"crd2crd({S(c)}, {S(s)}, {S(d)})"


OPS = [
    ("product", un("product")),
    ("product_each", un("product_each")),
    ("product_like", g_product_like),
    ("sum", g_sum),
    ("inner_product", g_inner),
    ("ceil_div", g_ceil_div),
    ("round_up", g_round_up),
    ("shape_div", g_shape_div),
    ("elem_scale", g_elem_scale),
    ("weakly_congruent", g_weakly),
    ("evenly_divides", g_evenly),
    ("elem_less", make_cmp("elem_less")),
    ("lex_less", make_cmp("lex_less")),
    ("colex_less", make_cmp("colex_less")),
    ("max", make_reduce("max")),
    ("min", make_reduce("min")),
    ("gcd", make_reduce("gcd")),
    ("abs", g_abs),
    ("reverse", un("reverse")),
    ("unwrap", g_unwrap),
    ("wrap", g_wrap),
    ("repeat_like", g_repeat_like),
    ("front", g_front_back("front")),
    ("back", g_front_back("back")),
    ("insert", g_insert),
    ("remove", g_remove),
    ("compact_col_major", make_compact("compact_col_major")),
    ("compact_row_major", make_compact("compact_row_major")),
    ("compact_order", g_compact_order),
    ("crd2crd", g_crd2crd),
]

# edge cases, checked by hand against CuTe: (statement, C++)
EDGES = [
    ("product(())", "product(Shape<>{})"),
    ("product(5)", "product(Int<5>{})"),
    ("product_each(5)", "product_each(Int<5>{})"),
    ("product_each(())", "product_each(Shape<>{})"),
    ("product_like((2,(3,4),5), 1)", "product_like(Shape<_2,Shape<_3,_4>,_5>{}, Int<1>{})"),
    ("product_like(4, (1,1))", "product_like(Int<4>{}, Shape<_1,_1>{})"),
    ("sum(())", "sum(Shape<>{})"),
    ("inner_product((), ())", "inner_product(Shape<>{}, Shape<>{})"),
    ("inner_product(2, (5,6,7))", "inner_product(Int<2>{}, Shape<_5,_6,_7>{})"),
    ("ceil_div(7, (2,2))", "ceil_div(Int<7>{}, Shape<_2,_2>{})"),
    ("ceil_div(-7, 2)", "ceil_div(Int<-7>{}, Int<2>{})"),
    ("ceil_div((4,5), (3,2,1))", "ceil_div(Shape<_4,_5>{}, Shape<_3,_2,_1>{})"),
    ("ceil_div((8,6), 4:1)", "ceil_div(Shape<_8,_6>{}, Layout<_4,_1>{})"),
    ("ceil_div((8,6), (2,3):(1,16))", "ceil_div(Shape<_8,_6>{}, Layout<Shape<_2,_3>,Stride<_1,_16>>{})"),
    ("ceil_div((8,6):(1,8), 4:1)", "ceil_div(Layout<Shape<_8,_6>,Stride<_1,_8>>{}, Layout<_4,_1>{})"),
    ("ceil_div((8,6):(1,8), 4)", "ceil_div(Layout<Shape<_8,_6>,Stride<_1,_8>>{}, Int<4>{})"),
    ("weakly_congruent(4:1, (2))", "weakly_congruent(Layout<_4,_1>{}, Shape<_2>{})"),
    ("evenly_divides((8,6), (2,3):(1,16))", "evenly_divides(Shape<_8,_6>{}, Layout<Shape<_2,_3>,Stride<_1,_16>>{})"),
    ("evenly_divides((8,6), make_tile(4:2, 3))", "evenly_divides(Shape<_8,_6>{}, make_tile(Layout<_4,_2>{}, Int<3>{}))"),
    ("round_up(-7, 2)", "round_up(Int<-7>{}, Int<2>{})"),
    ("round_up((4,5), 3)", "round_up(Shape<_4,_5>{}, Int<3>{})"),
    ("round_up(7, (2,2))", "round_up(Int<7>{}, Shape<_2,_2>{})"),
    ("shape_div(6, 4)", "shape_div(Int<6>{}, Int<4>{})"),
    ("shape_div(6, (2,3))", "shape_div(Int<6>{}, Shape<_2,_3>{})"),
    ("elem_scale((4,6), 2)", "elem_scale(Shape<_4,_6>{}, Int<2>{})"),
    ("weakly_congruent((), ())", "weakly_congruent(Shape<>{}, Shape<>{})"),
    ("weakly_congruent((4,8), (4,8):(1,4))", "weakly_congruent(Shape<_4,_8>{}, Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("weakly_congruent(4:1, 2)", "weakly_congruent(Layout<_4,_1>{}, Int<2>{})"),
    ("evenly_divides((8,6), 4:1)", "evenly_divides(Shape<_8,_6>{}, Layout<_4,_1>{})"),
    ("evenly_divides((8,6), make_tile(4:1, 3:2))", "evenly_divides(Shape<_8,_6>{}, make_tile(Layout<_4,_1>{}, Layout<_3,_2>{}))"),
    ("evenly_divides((8,6), make_tile(4:1, 4:1))", "evenly_divides(Shape<_8,_6>{}, make_tile(Layout<_4,_1>{}, Layout<_4,_1>{}))"),
    ("evenly_divides(8, (4))", "evenly_divides(Int<8>{}, Shape<_4>{})"),
    ("lex_less((), ())", "lex_less(Shape<>{}, Shape<>{})"),
    ("lex_less((), (1))", "lex_less(Shape<>{}, Shape<_1>{})"),
    ("lex_less(1, (1,3))", "lex_less(Int<1>{}, Shape<_1,_3>{})"),
    ("lex_less((1,(2,3)), (1,2))", "lex_less(Shape<_1,Shape<_2,_3>>{}, Shape<_1,_2>{})"),
    ("lex_less((-1,2), (1,3))", "lex_less(Shape<Int<-1>,_2>{}, Shape<_1,_3>{})"),
    ("colex_less((1,2,3), (0,3))", "colex_less(Shape<_1,_2,_3>{}, Shape<_0,_3>{})"),
    ("elem_less((), (1))", "elem_less(Shape<>{}, Shape<_1>{})"),
    ("elem_less((1,(2,3)), (2,4))", "elem_less(Shape<_1,Shape<_2,_3>>{}, Shape<_2,_4>{})"),
    ("max(())", "max(Shape<>{})"),
    ("max(-5, -3)", "max(Int<-5>{}, Int<-3>{})"),
    ("gcd(0, 0)", "gcd(Int<0>{}, Int<0>{})"),
    ("gcd(-4, -6)", "gcd(Int<-4>{}, Int<-6>{})"),
    ("gcd(-4)", "gcd(Int<-4>{})"),
    ("max((4,8):(1,4))", "max(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("sum((4,8):(1,4))", "sum(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("abs(0)", "abs(Int<0>{})"),
    ("abs((2,-3))", "abs(Shape<_2,Int<-3>>{})"),
    ("front((4,8):(1,4))", "front(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("back((4,8):(1,4))", "back(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("reverse((4,8):(1,4))", "reverse(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("unwrap((4,8):(1,4))", "unwrap(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("front(make_tile(2:1, 3))", "front(make_tile(Layout<_2,_1>{}, Int<3>{}))"),
    ("back(make_tile(2:1, 3:2))", "back(make_tile(Layout<_2,_1>{}, Layout<_3,_2>{}))"),
    ("front(())", "front(Shape<>{})"),
    ("back(())", "back(Shape<>{})"),
    ("back((4,()))", "back(Shape<_4,Shape<>>{})"),
    ("reverse(())", "reverse(Shape<>{})"),
    ("reverse(4)", "reverse(Int<4>{})"),
    ("reverse(((1,2)))", "reverse(Shape<Shape<_1,_2>>{})"),
    ("unwrap(())", "unwrap(Shape<>{})"),
    ("unwrap((()))", "unwrap(Shape<Shape<>>{})"),
    ("wrap(())", "wrap(Shape<>{})"),
    ("repeat_like((), 7)", "repeat_like(Shape<>{}, Int<7>{})"),
    ("repeat_like((4,8):(1,4), 0)", "repeat_like(Layout<Shape<_4,_8>,Stride<_1,_4>>{}, Int<0>{})"),
    ("repeat_like((4,8), 2:1)", "repeat_like(Shape<_4,_8>{}, Layout<_2,_1>{})"),
    ("insert<0>((), 7)", "insert<0>(Shape<>{}, Int<7>{})"),
    ("insert<0>(4, 7)", "insert<0>(Int<4>{}, Int<7>{})"),
    ("insert<1>((4,8), 2:1)", "insert<1>(Shape<_4,_8>{}, Layout<_2,_1>{})"),
    ("insert<1>((4,8):(1,4), 7)", "insert<1>(Layout<Shape<_4,_8>,Stride<_1,_4>>{}, Int<7>{})"),
    ("remove<0>((4))", "remove<0>(Shape<_4>{})"),
    ("remove<0>(4)", "remove<0>(Int<4>{})"),
    ("remove<1>((4,8):(1,4))", "remove<1>(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("compact_col_major(())", "compact_col_major(Shape<>{})"),
    ("compact_col_major(1)", "compact_col_major(Int<1>{})"),
    ("compact_col_major(4, (2,5))", "compact_col_major(Int<4>{}, Shape<_2,_5>{})"),
    ("compact_col_major((4,8):(1,4))", "compact_col_major(Layout<Shape<_4,_8>,Stride<_1,_4>>{})"),
    ("compact_order((4,3,5), 0)", "compact_order(Shape<_4,_3,_5>{}, Int<0>{})"),
    ("compact_order(4, (1,0))", "compact_order(Int<4>{}, Step<_1,_0>{})"),
    ("compact_order((4,3,5), (-1,3,2))", "compact_order(Shape<_4,_3,_5>{}, Step<Int<-1>,_3,_2>{})"),
    ("compact_order((4,(3,2),5), (1,0,2))", "compact_order(Shape<_4,Shape<_3,_2>,_5>{}, Step<_1,_0,_2>{})"),
    ("crd2crd((1,2), 12, (2,6))", "crd2crd(Shape<_1,_2>{}, Int<12>{}, Shape<_2,_6>{})"),
    ("crd2crd(5, 12, 12)", "crd2crd(Int<5>{}, Int<12>{}, Int<12>{})"),
    ("crd2crd((1,2), (4,(3,1)), (2,6))", "crd2crd(Shape<_1,_2>{}, Shape<_4,Shape<_3,_1>>{}, Shape<_2,_6>{})"),
]


def expected(op, printed):
    e = expected_text(printed)
    if op in PREDICATES:
        return {"1": "true", "0": "false"}.get(e, e)
    return e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1515)
    ap.add_argument("--per", type=int, default=24, help="valid cases per function")
    ap.add_argument("--max-refusals", type=int, default=6, help="random refusals kept per function")
    args = ap.parse_args()

    cache = oracle.load_cache()
    cases = {}
    seen = set()
    for op, gen in OPS:
        g = Gen(f"{args.seed}/{op}")
        lst = cases.setdefault(op, [])
        tries = 0
        while len(lst) < args.per * 2 and tries < args.per * 20:
            tries += 1
            stmt, cpp = gen(g)
            if stmt in seen:
                continue
            seen.add(stmt)
            lst.append((stmt, cpp))
    exprs = [c for lst in cases.values() for _, c in lst] + [c for _, c in EDGES]
    oracle.evaluate(exprs, cache, batch=200, jobs=2)

    out, refusals = [], []
    for op, _ in OPS:
        nv = nr = 0
        for stmt, cpp in cases[op]:
            st, val = cache[cpp]
            if st == "ok" and nv < args.per:
                out.append((stmt, expected(op, val)))
                nv += 1
            elif st == "err" and nr < args.max_refusals:
                refusals.append((stmt, val))
                nr += 1
        print(f"{op:20s} valid {nv:3d} refused {nr:3d}", file=sys.stderr)
    for stmt, cpp in EDGES:
        st, val = cache[cpp]
        op = stmt.split("(")[0].split("<")[0]
        if st == "ok":
            out.append((stmt, expected(op, val)))
        elif st == "err":
            refusals.append((stmt, val))
        else:
            print(f"  runtime failure (dropped): {stmt}", file=sys.stderr)
    with open(os.path.join(HERE, "cases.tsv"), "w") as f:
        for s, e in out:
            f.write(f"{s}\t{e}\n")
    with open(os.path.join(HERE, "cute_refuses.txt"), "w") as f:
        for s, _ in refusals:
            f.write(s + "\n")
    with open(os.path.join(HERE, "refuse_reasons.tsv"), "w") as f:
        for s, why in refusals:
            f.write(f"{s}\t{why}\n")
    print(f"total: {len(out)} cases, {len(refusals)} refusals", file=sys.stderr)


if __name__ == "__main__":
    main()
