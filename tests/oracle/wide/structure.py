"""The random structure of session 32's differential campaign (gen_cases.py for CuTe C++,
gen_dsl_cases.py for the CuTe DSL): shapes, strides, layouts, tilers, coordinates and profiles
drawn once, here, and spelled by a speller (`CPP`, `DSL`). The draws are the same whichever
spells them, but for what a spelling has of its own (the DSL's `cute.make_layout(shape)` with its
stride left out, drawn as `drops_compact_stride`; the extents of a small tiler), so that each
seed draws the cases committed in cases.tsv and dsl_cases.tsv.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import differential  # noqa: E402

flat, unflat = differential.flat, differential.unflat

LEAVES = [1, 2, 3, 4, 5, 6, 8, 12, 16]
LEAF_W = [2, 5, 2, 5, 1, 1, 4, 1, 2]


def shape(g, depth=0, max_depth=3, rank=None):
    """A random shape of depth at most `max_depth` (a leaf at the top only when not `rank`)."""
    if rank is not None or (depth < max_depth and g.random() < (0.75 if depth == 0 else 0.3)):
        n = rank if rank is not None else g.choice([1, 2, 2, 3, 3])
        return tuple(shape(g, depth + 1, max_depth) for _ in range(n))
    return g.choices(LEAVES, LEAF_W)[0]


def strides(g, s, kind):
    """Strides for shape s (differential.strides): compact, permuted, gapped or random."""
    return differential.strides(g, s, kind, [0, 1, 2, 3, 4, 8, 16, 32])


class Cpp:
    """CuTe C++: `Int<8>{}` static and `8` run-time, `make_shape(…)`, `_`."""

    under = "_"
    one = "_1{}"
    coord_open = "make_coord("
    small_extents = [1, 2, 2, 3, 4, 4, 8]
    drops_compact_stride = False

    @staticmethod
    def leaf(v, dynamic):
        return str(v) if dynamic else f"Int<{v}>{{}}"

    @staticmethod
    def tuple(items, maker):
        return f"{maker}({', '.join(items)})"

    @staticmethod
    def layout(shape_text, stride_text):
        return f"make_layout({shape_text}, {stride_text})"

    @staticmethod
    def call(name, *args):
        return f"{name}({', '.join(args)})"

    @staticmethod
    def slice(op, layout_text, crd):
        return f"{op}({crd}, {layout_text})"

    @staticmethod
    def group(layout_text, b, e):
        return f"group<{b},{e}>({layout_text})"


class Dsl:
    """The CuTe DSL: `8` static and `cutlass.Int32(8)` run-time, Python tuples, `None`."""

    under = "None"
    one = "1"
    coord_open = "("
    small_extents = [1, 2, 2, 3, 4, 8]
    drops_compact_stride = True

    @staticmethod
    def leaf(v, dynamic):
        return f"cutlass.Int32({v})" if dynamic else str(v)

    @staticmethod
    def tuple(items, maker):
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"

    @staticmethod
    def layout(shape_text, stride_text):
        if stride_text is None:
            return f"cute.make_layout({shape_text})"
        return f"cute.make_layout({shape_text}, stride={stride_text})"

    @staticmethod
    def call(name, *args):
        return f"cute.{name}({', '.join(args)})"

    @staticmethod
    def slice(op, layout_text, crd):
        return f"cute.{op}({layout_text}, {crd})"

    @staticmethod
    def group(layout_text, b, e):
        return f"cute.group_modes({layout_text}, {b}, {e})"


class Structure:
    """The generators, each spelling what it draws with `speller`."""

    def __init__(self, speller):
        self.sp = speller

    def leaf(self, g, v, p_dyn):
        """An integer of value v: run-time with probability p_dyn, else static."""
        return self.sp.leaf(v, g.random() < p_dyn)

    def spell(self, g, t, p_dyn, maker="make_shape"):
        """The IntTuple t, each leaf static or run-time at random (`maker`: C++'s
        make_shape, make_stride, …)."""
        if isinstance(t, int):
            return self.leaf(g, t, p_dyn)
        return self.sp.tuple([self.spell(g, m, p_dyn, maker) for m in t], maker)

    def layout_of(self, g, s, p_dyn, kind):
        d = strides(g, s, kind)
        if self.sp.drops_compact_stride and kind == "compact" and g.random() < 0.5:
            return self.sp.layout(self.spell(g, s, p_dyn), None)
        return self.sp.layout(self.spell(g, s, p_dyn, "make_shape"), self.spell(g, d, p_dyn, "make_stride"))

    def layout(self, g, p_dyn, kind=None, max_depth=3, rank=None):
        kind = kind or g.choice(["compact", "perm", "perm", "gapped", "random"])
        return self.layout_of(g, shape(g, max_depth=max_depth, rank=rank), p_dyn, kind)

    def small(self, g, p_dyn):
        """A small tiler layout: `n:d` or a 2-mode one."""
        if g.random() < 0.7:
            return self.sp.layout(self.leaf(g, g.choice(self.sp.small_extents), p_dyn),
                                  self.leaf(g, g.choice([1, 1, 2, 3]), p_dyn))
        a, b = g.choice([1, 2, 4]), g.choice([1, 2, 3])
        return self.sp.layout(
            self.sp.tuple([self.leaf(g, a, p_dyn), self.leaf(g, b, p_dyn)], "make_shape"),
            self.sp.tuple([self.leaf(g, g.choice([1, 2]), p_dyn), self.leaf(g, a * g.choice([1, 2]), p_dyn)],
                          "make_stride"))

    def tiler(self, g, p_dyn, rank):
        """A tiler of `rank` modes: each a small layout, an extent, or `_` (make_tile)."""
        parts = []
        for _ in range(rank):
            r = g.random()
            if r < 0.45:
                parts.append(self.small(g, 0.0 if g.random() < 0.6 else p_dyn))
            elif r < 0.85:
                parts.append(self.leaf(g, g.choice([1, 2, 3, 4, 8]), p_dyn * 0.5))
            else:
                parts.append(self.sp.under)
        return self.sp.tuple(parts, "make_tile")

    def crd_of(self, g, s, p_dyn, under=0.0, top=True):
        """A coordinate in shape s: natural, or a 1-D index into a mode, `_` at some modes."""
        if under and g.random() < under and not top:
            return self.sp.under
        if isinstance(s, int):
            return self.leaf(g, g.randrange(s), p_dyn)
        if not top and g.random() < 0.25:
            n = 1
            for x in flat(s):
                n *= x
            return self.leaf(g, g.randrange(n), p_dyn)
        return self.sp.tuple([self.crd_of(g, m, p_dyn, under, False) for m in s], "make_coord")

    def profile(self, g, s):
        """A profile for coalesce: s's structure cut at a random depth (as `_1`s)."""
        if isinstance(s, int) or g.random() < 0.3:
            return self.sp.one
        return self.sp.tuple([self.profile(g, m) for m in s], "make_tuple")

    def slice_case(self, g, p_dyn, op):
        """`op` (slice or dice) of a layout by a coordinate with `_` at one mode at least."""
        s = shape(g, max_depth=2, rank=g.choice([2, 3]))
        lay = self.layout_of(g, s, p_dyn, g.choice(["compact", "perm", "random"]))
        c = self.crd_of(g, s, p_dyn, under=0.5)
        if self.sp.under not in c:
            c = self.sp.coord_open + self.sp.under + ", " + c[len(self.sp.coord_open):]
        return self.sp.slice(op, lay, c)

    def idx2crd_case(self, g, p_dyn):
        s = shape(g, max_depth=3, rank=g.choice([1, 2, 3]))
        n = 1
        for x in flat(s):
            n *= x
        return self.sp.call("idx2crd", self.leaf(g, g.randrange(n), p_dyn), self.spell(g, s, p_dyn))

    def group_case(self, g, p_dyn):
        s = shape(g, max_depth=2, rank=g.choice([3, 4]))
        lay = self.layout_of(g, s, p_dyn, g.choice(["compact", "perm"]))
        b = g.randrange(0, len(s))
        e = g.randrange(b + 1, len(s) + 1)
        return self.sp.group(lay, b, e)
