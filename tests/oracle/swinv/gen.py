#!/usr/bin/env python3
"""Session 33 (issue 37): the inverses of a swizzled layout with a nonzero offset, which CuTe
4.7 builds as a layout after the swizzle (swizzle_layout.hpp: `right_inverse(Sw o OFF o L) =
composition(right_inverse(L), -OFF, Sw)`, printed `A o _-OFF o Sw`), and what a user then does
with one: evaluate it at an integer (static and run-time), its shape, rank and depth, its size
(which CuTe does not compile), the inverses again, a composition with a layout (`A o O o (Sw o
_0 o T)`) and with that its size, shape, evaluation at a coordinate, slices, a further
composition and a divide; a layout composed with it (CuTe's static_assert on the offset), and
`composition(A, O, B)` spelled directly (and a layout composed with it, and it composed with
a swizzle or a swizzled layout), and `==` of two; composition where either side is a composed
layout (`Sw o OFF o A o O o B`, CuTe's ComposedLayout<ComposedLayout<…>, O, B>, included). CuTe's answer is kept exactly as its print() prints
it, so that `cute --format cute` must agree byte for byte.

  cases.tsv          STATEMENT<TAB>CuTe's print   (the statement ends in `;`: C++ text)
  cute_refuses.txt   statements CuTe does not compile

Session 34 (issue 37) added composed layouts of any depth (CuTe's ComposedLayout<X, O, Y> of
composed X and Y: `deep_form`), a swizzle with each composed form, and what a wider sweep found.

Generated with: python3 tests/oracle/swinv/gen.py --seed 3333 --count 12
The oracle's answers are cached in oracle_cache.json beside this script (reruns are cheap).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import differential  # noqa: E402


def i(v):
    return f"Int<{v}>{{}}"


def swizzle(g):
    b = g.randint(1, 3)
    m = g.randint(0, 4)
    s = g.choice([x for x in range(-5, 6) if abs(x) >= b])
    return f"Swizzle<{b},{m},{s}>{{}}"


def layout(g):
    """A compact layout of two or three power-of-two modes (permuted), sometimes nested."""
    n = g.choice([2, 2, 3])
    shape = [g.choice([2, 4, 8, 16]) for _ in range(n)]
    order = list(range(n))
    g.shuffle(order)
    stride, acc = [0] * n, 1
    for k in order:
        stride[k], acc = acc, acc * shape[k]
    if n == 3 and g.random() < 0.5:
        return (f"make_layout(make_shape(make_shape({i(shape[0])}, {i(shape[1])}), {i(shape[2])}), "
                f"make_stride(make_stride({i(stride[0])}, {i(stride[1])}), {i(stride[2])}))"), acc
    return (f"make_layout(make_shape({', '.join(i(s) for s in shape)}), "
            f"make_stride({', '.join(i(d) for d in stride)}))"), acc


def inverse(g, dynamic_offset=False):
    """right_inverse or left_inverse of a swizzled layout with a nonzero offset, and its size."""
    lay, size = layout(g)
    off = g.choice([1, 2, 4, 8, 16, 32, -8])
    o = str(off) if dynamic_offset else i(off)
    op = g.choice(["right_inverse", "right_inverse", "left_inverse"])
    return f"{op}(composition({swizzle(g)}, {o}, {lay}))", size


def small_layout(g, size):
    """A layout of at most `size` elements to compose an inverse with."""
    a = g.choice([2, 4, 8])
    b = g.choice([1, 2, 4])
    while a * b > size:
        b = max(1, b // 2)
        a = max(1, a // 2)
    if g.random() < 0.5:
        return f"make_layout(make_shape({i(a)}, {i(b)}))"
    return f"Layout<{i(a * b)[:-2]}, {i(g.choice([1, 2]))[:-2]}>{{}}"


def g_inverse(g):
    return inverse(g)[0]


def g_at(g):
    r, size = inverse(g)
    k = g.randrange(size)
    return f"{r}({i(k) if g.random() < 0.5 else k})"


def g_query(g):
    return f"{g.choice(['shape', 'rank', 'depth', 'size', 'cosize'])}({inverse(g)[0]})"


def g_again(g):
    return f"{g.choice(['right_inverse', 'left_inverse'])}({inverse(g)[0]})"


def g_compose(g):
    r, size = inverse(g)
    return f"composition({r}, {small_layout(g, size)})"


def g_composed_use(g):
    r, size = inverse(g)
    c = f"composition({r}, make_layout(make_shape({i(4)}, {i(2)})))"
    k = g.randrange(8)
    return g.choice([
        f"size({c})", f"shape({c})", f"{c}({i(k)})", f"{c}({k % 4}, {k // 4})",
        f"{c}(_, {k // 4})", f"{c}({i(k % 4)}, _)",
        f"composition({c}, Layout<_2,_2>{{}})", f"logical_divide({c}, Layout<_2,_1>{{}})",
    ])


def g_layout_then(g):
    r, _ = inverse(g)
    return f"composition(Layout<_8,_2>{{}}, {r})"


def g_dynamic_offset(g):
    return inverse(g, dynamic_offset=True)[0]


def g_direct(g):
    lay, size = layout(g)
    off = g.choice([-16, -4, 4, 0])
    inner = g.choice([swizzle(g), f"Layout<{i(size)[:-2]}, _1>{{}}"])
    e = f"composition({lay}, {i(off)}, {inner})"
    return g.choice([e, f"{e}({i(g.randrange(8))})", f"composition(Layout<_8,_2>{{}}, {e})"])


def g_then_swizzle(g):
    """A layout composed with a layout, or an inverse, then composed with a swizzle or a
    swizzled layout: `A o O o composition(B, S)`."""
    sw = swizzle(g)
    if g.random() < 0.4:
        return f"composition({inverse(g)[0]}, {sw})"
    lay, size = layout(g)
    n = g.choice([16, 32, 64])
    c = f"composition({lay}, {i(g.choice([0, 4, -8]))}, Layout<{i(n)[:-2]}, _1>{{}})"
    s = sw if g.random() < 0.5 else f"composition({sw}, Layout<{i(n // 2)[:-2]}, _1>{{}})"
    return f"composition({c}, {s})"


def g_equal(g):
    """`==` of two of them (layout_composed.hpp: layout_a, layout_b and offset equal)."""
    r = inverse(g)[0]
    other = r if g.random() < 0.4 else inverse(g)[0]
    if g.random() < 0.3:
        t = "make_layout(make_shape(Int<4>{}, Int<2>{}))"
        return f"composition({r}, {t}) == composition({other}, {t})"
    return f"{r} == {other}"


def swizzled(g, zero=True):
    """A swizzled layout `Sw o OFF o L` (offset 0 where `zero`) and its size."""
    lay, size = layout(g)
    off = i(0) if zero else i(g.choice([0, 4, 8]))
    return f"composition({swizzle(g)}, {off}, {lay})", size


def after_swizzled(g):
    """`A o O o (Sw o _0 o T)` and its size."""
    lay, size = layout(g)
    sw, _ = swizzled(g)
    inner = f"composition({sw.split('composition(', 1)[1].split(', Int<0>')[0]}, Int<0>{{}}, Layout<{i(size)[:-2]}, _1>{{}})"
    return f"composition({lay}, {i(g.choice([0, 4, -4]))}, {inner})", size


def g_composed_composed(g):
    """composition where either side is a ComposedLayout (issue 37): `composition(X, O, B)` of a
    composed X (CuTe's ComposedLayout<ComposedLayout<…>, O, B>), `composition(X, Y)` of two
    composed layouts, and the inverses of `A o O o (Sw o _0 o T)` (`Sw o _0 o L' o O' o A'`)."""
    kind = g.choice(["inverse", "inverse", "nest", "nest", "two", "use"])
    if kind == "inverse":
        c, _ = after_swizzled(g)
        return f"{g.choice(['right_inverse', 'left_inverse'])}({c})"
    if kind == "nest":
        x, size = swizzled(g, zero=g.random() < 0.7)
        lay, _ = layout(g)
        return f"composition({x}, {i(g.choice([0, 4, -4]))}, {lay})"
    if kind == "two":
        x = g.choice([swizzled(g)[0], after_swizzled(g)[0], inverse(g)[0]])
        y = g.choice([swizzled(g)[0], after_swizzled(g)[0], inverse(g)[0]])
        return f"composition({x}, {y})"
    c, size = after_swizzled(g)
    r = f"right_inverse({c})"
    return g.choice([
        f"size({r})", f"shape({r})", f"{r}({i(g.randrange(size))})", f"{r}({g.randrange(size)})",
        f"cosize({r})", f"right_inverse({r})", f"left_inverse({r})",
        f"composition({r}, Layout<_4,_1>{{}})", f"{r} == {r}",
    ])


def g_composed_pairs(g):
    """composition(X, Y) of a layout, a swizzle, a swizzled layout and the composed forms
    `A o O o B`, `Sw o OFF o A o O o B` and `A o O o Sw` (offsets mostly a static 0, so that
    CuTe's `Require offset == 0` holds), each of 32 elements."""
    def lay():
        return g.choice(["Layout<Shape<_4,_8>,Stride<_8,_1>>{}", "Layout<_32,_1>{}",
                         "Layout<Shape<_8,_4>>{}", "Layout<Shape<_2,_16>,Stride<_16,_1>>{}"])

    def off():
        return g.choice(["Int<0>{}", "Int<0>{}", "Int<0>{}", "Int<4>{}"])

    def sw():
        return g.choice(["Swizzle<1,1,2>{}", "Swizzle<1,0,3>{}", "Swizzle<2,0,2>{}"])

    def form():
        return g.choice([
            lay(), lay(), sw(),
            f"composition({sw()}, {off()}, {lay()})",
            f"composition({lay()}, {off()}, {lay()})",
            f"composition(composition({sw()}, Int<0>{{}}, {lay()}), {off()}, {lay()})",
            f"composition({lay()}, {off()}, {sw()})",
        ])
    x, y = form(), form()
    c = f"composition({x}, {y})"
    return g.choice([c, c, f"{c}({i(g.randrange(32))})"])


def deep_form(g, depth):
    """A composed layout of 32 elements up to `depth` levels deep (session 34, issue 37): a
    layout, a swizzled layout, `A o O o B` of any two forms (CuTe's 3-argument composition
    builds ComposedLayout<X, O, Y> of whatever X and Y are), an inverse of one, or one composed
    with a layout. Offsets are mostly a static 0, so that compositions with them compile."""
    lays = ["Layout<Shape<_4,_8>,Stride<_8,_1>>{}", "Layout<_32,_1>{}", "Layout<Shape<_8,_4>>{}",
            "Layout<Shape<_2,_16>,Stride<_16,_1>>{}"]
    sws = ["Swizzle<1,1,2>{}", "Swizzle<1,0,3>{}", "Swizzle<2,0,2>{}"]
    off = g.choice(["Int<0>{}", "Int<0>{}", "Int<0>{}", "Int<4>{}", "Int<-4>{}"])
    if depth == 0:
        return g.choice(lays + lays + [f"composition({g.choice(sws)}, Int<0>{{}}, {g.choice(lays)})"])
    kind = g.choice(["nest", "nest", "nest", "inverse", "compose"])
    if kind == "nest":
        x = deep_form(g, depth - 1) if g.random() < 0.6 else g.choice(lays + sws)
        y = deep_form(g, depth - 1) if g.random() < 0.6 else g.choice(lays + sws)
        return f"composition({x}, {off}, {y})"
    if kind == "inverse":
        return f"{g.choice(['right_inverse', 'left_inverse'])}({deep_form(g, depth - 1)})"
    return f"composition({deep_form(g, depth - 1)}, {g.choice(lays)})"


def g_three_level(g):
    """Composed of composed of composed (issue 37): the form itself, its inverses, its
    evaluation at an integer, size, cosize, shape, rank, depth, and compositions with a layout,
    with a swizzle and with another composed form."""
    x = deep_form(g, g.choice([2, 3, 3]))
    k = g.randrange(32)
    return g.choice([
        x, x, f"right_inverse({x})", f"left_inverse({x})", f"{x}({i(k)})", f"{x}({k})",
        f"size({x})", f"cosize({x})", f"shape({x})", f"rank({x})", f"depth({x})",
        f"composition({x}, Layout<Shape<_4,_2>>{{}})",
        f"composition(Layout<Shape<_4,_8>,Stride<_8,_1>>{{}}, {x})",
        f"composition({x}, {deep_form(g, 1)})",
        f"composition({x}, Swizzle<1,0,3>{{}})",
        f"composition({x}, Layout<Shape<_4,_8>>{{}})(_, {k % 8})",
    ])


def g_three_level_uses(g):
    """What a user does with a composed layout three levels deep: slices (CuTe slices `B`),
    divides and products with a tiler (through `B`), `==`, and composition with a swizzled
    layout and with a composed layout of a composed layout."""
    x = deep_form(g, g.choice([2, 3]))
    k = g.randrange(4)
    return g.choice([
        f"{x}(_, {k})", f"{x}({i(k)}, _)", f"{x}(_, _)", f"logical_divide({x}, Layout<_4,_1>{{}})",
        f"zipped_divide({x}, make_shape(Int<2>{{}}, Int<2>{{}}))",
        f"logical_product({x}, Layout<_2,_1>{{}})", f"{x} == {x}",
        f"composition({x}, composition(Swizzle<1,0,3>{{}}, Int<0>{{}}, Layout<_32,_1>{{}}))",
        f"composition({x}, composition(Swizzle<1,1,2>{{}}, Int<0>{{}}, composition(Swizzle<1,0,3>{{}}, Int<0>{{}}, Layout<_32,_1>{{}})))",
        f"composition(composition(Swizzle<1,1,2>{{}}, Int<0>{{}}, composition(Swizzle<1,0,3>{{}}, Int<0>{{}}, Layout<_32,_1>{{}})), {x})",
        f"composition(composition(Swizzle<1,1,2>{{}}, Int<0>{{}}, Layout<_32,_1>{{}}), {x})",
    ])


FOUND = [
    # found by a wider sweep (session 34): a composed layout of a composed layout composed
    # with a composed layout and with a swizzle; the inverse of Sw o _0 o B (CuTe's
    # composition(inverse(B), Sw), two swizzles merged only of the same shift)
    "composition(composition(Swizzle<1,1,2>{}, Int<0>{}, composition(Swizzle<1,0,3>{}, Int<0>{}, Layout<_32,_1>{})), composition(composition(Layout<_32,_1>{}, Int<0>{}, Layout<Shape<_4,_8>,Stride<_8,_1>>{}), Int<0>{}, Swizzle<1,0,3>{}))",
    "composition(composition(Swizzle<1,1,2>{}, Int<0>{}, composition(Swizzle<1,0,3>{}, Int<0>{}, Layout<Shape<_4,_8>>{})), Swizzle<1,0,3>{})",
    "composition(composition(Swizzle<1,1,2>{}, Int<4>{}, composition(Swizzle<1,0,3>{}, Int<0>{}, Layout<Shape<_4,_8>>{})), Swizzle<1,1,2>{})",
    "left_inverse(composition(Swizzle<1,0,3>{}, Int<0>{}, Swizzle<2,0,2>{}))",
    "right_inverse(composition(Swizzle<1,0,3>{}, Int<0>{}, Swizzle<1,1,3>{}))",
    "right_inverse(composition(Swizzle<1,0,3>{}, Int<4>{}, Swizzle<2,0,2>{}))",
    "logical_divide(composition(left_inverse(composition(Swizzle<1,0,3>{}, Int<0>{}, Swizzle<2,0,2>{})), Layout<Shape<_2,_16>,Stride<_16,_1>>{}), Layout<_4,_1>{})",
    "right_inverse(composition(Swizzle<1,0,3>{}, Int<0>{}, composition(Layout<_32,_1>{}, Int<0>{}, composition(Swizzle<1,1,2>{}, Int<0>{}, Layout<Shape<_4,_8>>{}))))",
    "left_inverse(composition(Swizzle<2,0,2>{}, Int<0>{}, composition(Layout<Shape<_8,_4>>{}, Int<4>{}, Swizzle<1,0,2>{})))",
    "right_inverse(composition(Swizzle<2,0,3>{}, Int<4>{}, composition(Swizzle<1,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{}))))",
    "left_inverse(composition(Swizzle<2,0,3>{}, Int<-8>{}, composition(Swizzle<1,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{}))))",
    "composition(composition(Swizzle<1,0,3>{}, Int<0>{}, Layout<_32,_1>{}), composition(Swizzle<1,1,2>{}, Int<0>{}, composition(Swizzle<1,0,3>{}, Int<0>{}, Layout<_32,_1>{})))",
    # a slice of Sw o OFF o (Sw' o _0 o L): a reshape of only `_`, any other dices B
    "composition(Swizzle<1,0,3>{}, Int<-4>{}, composition(Swizzle<1,1,2>{}, Int<0>{}, Layout<Shape<_4,_8>>{}))(_, _)",
    "composition(composition(Swizzle<1,0,3>{}, Int<-4>{}, Swizzle<1,1,2>{}), Layout<Shape<_4,_8>>{})(_, 3)",
    "composition(composition(Swizzle<1,0,3>{}, Int<-4>{}, Swizzle<1,1,2>{}), Layout<Shape<_4,_8>>{})(_, _)",
    "slice(make_coord(_, _), composition(Swizzle<1,0,3>{}, Int<-4>{}, composition(Swizzle<1,1,2>{}, Int<0>{}, Layout<Shape<_4,_8>>{})))",
]


def g_found(g):
    return g.choice(FOUND)


def g_swizzle_composed(g):
    """A swizzle composed with each composed form and each composed form with a swizzle
    (issue 37): CuTe's composition(Swizzle, Layout) only, and composition(X, Swizzle) through
    X's inner function."""
    x = deep_form(g, g.choice([0, 1, 1, 2]))
    sw = g.choice(["Swizzle<1,1,2>{}", "Swizzle<1,0,3>{}", "Swizzle<2,0,2>{}", "Swizzle<0,1,2>{}"])
    return g.choice([f"composition({sw}, {x})", f"composition({x}, {sw})",
                     f"composition({sw}, Int<0>{{}}, {x})", f"composition({sw}, Int<4>{{}}, {x})"])


OPS = [
    ("inverse", g_inverse),
    ("at", g_at),
    ("query", g_query),
    ("again", g_again),
    ("compose", g_compose),
    ("composed_use", g_composed_use),
    ("layout_then", g_layout_then),
    ("dynamic_offset", g_dynamic_offset),
    ("direct", g_direct),
    ("then_swizzle", g_then_swizzle),
    ("equal", g_equal),
    ("composed_composed", g_composed_composed),
    ("composed_pairs", g_composed_pairs),
    ("composed_pairs_more", g_composed_pairs),
    ("three_level", g_three_level),
    ("three_level_more", g_three_level),
    ("three_level_again", g_three_level),
    ("three_level_uses", g_three_level_uses),
    ("three_level_uses_more", g_three_level_uses),
    ("swizzle_composed", g_swizzle_composed),
    ("swizzle_composed_more", g_swizzle_composed),
    ("three_level_4", g_three_level),
    ("three_level_5", g_three_level),
    ("three_level_uses_3", g_three_level_uses),
    ("composed_pairs_3", g_composed_pairs),
    ("composed_composed_more", g_composed_composed),
    ("swizzle_composed_3", g_swizzle_composed),
    ("found", g_found),
    ("found_2", g_found),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3333)
    ap.add_argument("--count", type=int, default=12, help="cases per operation")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="print the cases, ask nothing")
    a = ap.parse_args()
    cases = differential.draw(OPS, a.seed, a.count, lambda gen, g: gen(g))
    if a.list:
        print("\n".join(cases))
        return
    differential.write_cpp_set(HERE, cases, batch=120, jobs=a.jobs)


if __name__ == "__main__":
    main()
