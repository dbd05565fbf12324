#!/usr/bin/env python3
"""Random `cute eval` statements for comparing two builds of cute byte for byte.

    python3 bench/gen_random_statements.py N SEED > statements.txt

writes N statements, one per line, to stdout, deterministically from SEED (Python's
random.Random; the same N and SEED give the same file on every machine).  The aim is
coverage of the engine, not validity: every pure algebra / query function of cute's function
table (`cute help functions`) in the notation, in C++ spellings (`Layout<Shape<_4,_8>>{}`,
`make_layout(make_shape(_4{}, Int<8>{}), LayoutRight{})`, `Int<4>{}`, `cute::`, `auto x =
...;`) and in CuTe DSL spellings (`cute.make_layout((4, 8), stride=(8, 1))`, keyword
arguments); layouts with nesting, negative and zero strides, shape-1 modes; by-mode tilers
`<...>`, swizzles `Sw<3,4,3>`, composed and offset layouts `Sw<3,4,3> o 0 o (8,64):(64,1)`,
`132 o L`, slicing `L(_, 2)`, evaluation `L(i)`, `L(m, n)`, the operators `o` `/` `*` and
integer arithmetic, template mode indices `size<1,0>(L)`, variables and `ans`, comments,
`print(x);` and small `print_layout(x);`, a small share of MMA / copy atom statements, and
about 10% deliberately invalid statements (syntax, unknown names, arity, congruence,
extents, overflow, out-of-range modes) on top of the operations CuTe itself refuses.

Every line is a whole statement, except about 1 in 2,000: a deliberate open bracket, which
makes `cute eval` read on into the next line, where the statement is closed (so the file has
a few more lines than N).  A bracket left open would swallow the rest of the input.
"""

import random
import sys

LEAVES = [1, 2, 2, 3, 4, 4, 4, 6, 8, 8, 8, 16, 16, 32, 5, 12]

MMA_NAMES = [
    "SM80_16x8x16_F32BF16BF16F32_TN", "SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM75_16x8x8_F32F16F16F32_TN", "SM80_16x8x32_S32S8S8S32_TN", "SM80_8x8x4_F64F64F64F64_TN",
]
MMA_FIELDS = ["ThrID", "Shape_MNK", "ALayout", "BLayout", "CLayout"]
TILED_FIELDS = ["get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV", "TiledNumThr",
                "ThrLayoutVMNK", "PermutationMNK", "tile_size", "AtomLayoutMNK"]
COPY_OPS = ["SM75_U32x4_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U16x8_LDSM_T",
            "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "UniversalCopy<uint128_t>", "DefaultCopy"]
COPY_TYPES = ["half_t", "bf16", "float", "f16"]
GMMA_ATOMS = ["Layout_K_SW128_Atom", "Layout_K_SW64_Atom", "Layout_K_SW32_Atom",
              "Layout_K_INTER_Atom", "Layout_MN_SW128_Atom", "Layout_MN_SW64_Atom",
              "Layout_MN_INTER_Atom"]
GMMA_TYPES = ["f16", "bf16", "tf32"]

UNARY = ["size", "cosize", "rank", "depth", "shape", "stride", "coalesce", "filter",
         "right_inverse", "left_inverse", "flatten", "complement"]
BINARY_DIV = ["composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]
BINARY_PROD = ["logical_product", "zipped_product", "tiled_product", "flat_product",
               "blocked_product", "raked_product"]
BINARY_PRED = ["compatible", "congruent", "max_common_layout", "max_common_vector"]
TEMPLATED = ["size", "cosize", "rank", "depth", "shape", "stride", "layout", "get", "select",
             "group", "take"]
DSL_FUNS = ["size", "cosize", "rank", "depth", "coalesce", "filter", "right_inverse",
            "left_inverse", "flatten", "composition", "logical_divide", "zipped_divide",
            "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
            "blocked_product", "raked_product", "complement", "max_common_layout",
            "max_common_vector", "is_congruent", "group_modes", "slice_", "crd2idx", "get",
            "select", "make_ordered_layout", "tile_to_shape", "local_tile", "local_partition",
            "idx2crd", "append", "prepend", "shape", "make_swizzle", "make_composed_layout"]
MISSPELT = ["sizee", "coalese", "compostion", "logical_divid", "zipped_dvide", "rightinverse",
            "complemnt", "idx2cord", "make_layot", "Sw", "layout_right", "divide", "product",
            "foo", "cute.frobnicate", "dice", "filter_zeros", "upcast<2>", "ceil_div", "slice"]


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
    if isinstance(t, int):
        return next(it)
    return tuple(map_leaves(e, it) for e in t)


def fmt(t):
    if t is None:
        return "_"
    if isinstance(t, int):
        return str(t)
    return "(" + ",".join(fmt(e) for e in t) + ")"


def pyfmt(t, sp=True):
    """Python tuple text: (6,) for rank 1, None for _."""
    if t is None:
        return "None"
    if isinstance(t, int):
        return str(t)
    sep = ", " if sp else ","
    inner = sep.join(pyfmt(e, sp) for e in t)
    return "(" + inner + ("," if len(t) == 1 else "") + ")"


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0] if 0 < n <= 4096 else [1]


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.vars = []  # names assigned so far (used later in the stream)

    # ------------------------------------------------------------ numbers and tuples
    def leaf(self):
        r = self.r
        return r.choice(LEAVES)

    def shape(self, max_size=2048, max_depth=3, max_rank=4):
        r = self.r
        for _ in range(20):
            s = self._shape(max_depth, r.choice([1, 1, 2, 2, 2, 3, 3, max_rank]))
            if product(s) <= max_size:
                return s
        return r.choice([4, (4, 8), (2, (2, 3))])

    def _shape(self, depth, rank):
        r = self.r
        modes = []
        for _ in range(rank):
            if depth > 1 and r.random() < 0.3:
                modes.append(self._shape(depth - 1, r.randint(1, 3)))
            else:
                modes.append(self.leaf())
        if rank == 1 and isinstance(modes[0], int) and r.random() < 0.75:
            return modes[0]
        return tuple(modes)

    def strides(self, shape, kind=None):
        r = self.r
        ls = leaves(shape)
        n = len(ls)
        kind = kind or r.choices(
            ["col", "row", "perm", "gaps", "mult", "bcast", "neg", "rand", "zero"],
            weights=[25, 12, 15, 10, 8, 10, 6, 10, 4])[0]
        if kind == "rand":
            return map_leaves(shape, iter(r.choice([0, 1, 2, 3, 4, 6, 8, 16, 32, 64, -1, -4])
                                          for _ in range(n)))
        if kind == "zero":
            return map_leaves(shape, iter([0] * n))
        order = list(range(n))
        if kind == "row":
            order.reverse()
        if kind in ("perm", "gaps"):
            r.shuffle(order)
        mult = r.choice([2, 3, 4]) if kind == "mult" else 1
        st = [0] * n
        cur = mult
        for i in order:
            st[i] = cur
            cur *= ls[i]
            if kind == "gaps" and r.random() < 0.4:
                cur *= 2
        if kind == "bcast":
            st[r.randrange(n)] = 0
        if kind == "neg":
            for i in range(n):
                if r.random() < 0.5:
                    st[i] = -st[i]
        return map_leaves(shape, iter(st))

    def layout(self, max_size=2048, kind=None, max_depth=3):
        s = self.shape(max_size, max_depth)
        return (s, self.strides(s, kind))

    def divisor_layout(self, n):
        r = self.r
        d = r.choice(divisors(n))
        m = r.choice(divisors(n // d)) if r.random() < 0.5 else 1
        d1 = r.choice(divisors(d))
        d2 = d // d1
        if d1 == 1 or d2 == 1 or r.random() < 0.35:
            return (d, m)
        if r.random() < 0.7:
            return ((d1, d2), (m, m * d1))
        return ((d1, d2), (m * d2, m))

    # ------------------------------------------------------------ spellings
    def int_cpp(self, n):
        r = self.r
        if n < 0:
            return r.choice([f"Int<{n}>{{}}", f"_m{-n}{{}}", str(n), f"int{{{n}}}"])
        return r.choice([f"_{n}{{}}", f"Int<{n}>{{}}", str(n), f"C<{n}>{{}}", f"_{n}{{}}",
                         f"{n}u" if n else "0", hex(n), f"int{{{n}}}"])

    def int_type(self, n):
        """a leaf inside a C++ type: _4, Int<4>, C<4>"""
        r = self.r
        if n < 0:
            return f"Int<{n}>"
        return r.choice([f"_{n}", f"Int<{n}>", f"_{n}", f"C<{n}>"])

    def tup_type(self, t, outer):
        if isinstance(t, int):
            return self.int_type(t)
        return f"{outer}<" + ",".join(self.tup_type(e, outer) for e in t) + ">"

    def tup_make(self, t, maker):
        if isinstance(t, int):
            return self.int_cpp(t)
        sep = self.r.choice([",", ", ", " , "])
        return f"{maker}(" + sep.join(self.tup_make(e, maker) for e in t) + ")"

    def lay_text(self, lay, style=None):
        r = self.r
        s, d = lay
        style = style or r.choices(["note", "static", "cpp_type", "cpp_make", "dsl", "shape_only",
                                    "tag"], weights=[70, 4, 6, 7, 6, 4, 3])[0]
        if style == "note":
            return f"{fmt(s)}:{fmt(d)}"
        if style == "static":
            st = lambda t: ("_" + str(t) if t >= 0 else str(t)) if isinstance(t, int) else \
                "(" + ",".join(st(e) for e in t) + ")"
            return f"{st(s)}:{st(d)}"
        if style == "cpp_type":
            if isinstance(s, int):
                return f"Layout<{self.int_type(s)},{self.int_type(d)}>{{}}"
            return (f"Layout<{self.tup_type(s, 'Shape')}, {self.tup_type(d, 'Stride')}>{{}}")
        if style == "cpp_make":
            if isinstance(s, int):
                return f"make_layout({self.int_cpp(s)}, {self.int_cpp(d)})"
            return (f"make_layout({self.tup_make(s, 'make_shape')}, "
                    f"{self.tup_make(d, 'make_stride')})")
        if style == "dsl":
            return f"cute.make_layout({pyfmt(s)}, stride={pyfmt(d)})"
        if style == "shape_only":
            return fmt(s) if not isinstance(s, int) else f"({s})"
        tag = r.choice(["LayoutLeft", "LayoutRight", "LayoutLeft{}", "LayoutRight{}",
                        "GenColMajor{}", "GenRowMajor{}"])
        sh = fmt(s) if r.random() < 0.5 else self.tup_make(s, "make_shape") \
            if not isinstance(s, int) else str(s)
        return f"make_layout({sh}, {tag})"

    def lay(self, max_size=2048, kind=None):
        return self.lay_text(self.layout(max_size, kind))

    def swz(self):
        r = self.r
        b, m = r.randint(0, 3), r.randint(0, 4)
        s = r.randint(max(b, 1), 4) * r.choice([1, 1, 1, -1])
        if r.random() < 0.03:  # CuTe refuses |S| < B
            s = r.randint(0, max(b - 1, 0))
        return (b, m, s), r.choices([f"Sw<{b},{m},{s}>", f"Swizzle<{b},{m},{s}>{{}}",
                                     f"make_swizzle({b}, {m}, {s})", f"make_swizzle<{b},{m},{s}>()"],
                                    weights=[70, 15, 10, 5])[0]

    def composed(self):
        r = self.r
        _, sw = self.swz()
        if sw.startswith("make_swizzle("):
            sw = "Sw" + sw[len("make_swizzle"):].replace("(", "<").replace(")", ">").replace(" ", "")
        l = self.lay(4096, kind=r.choice(["col", "row", "perm"]))
        form = r.randrange(6)
        if form == 0:
            return f"{sw} o {l}"
        if form == 1:
            return f"{sw} o {r.choice([0, 0, 1, 8, 64])} o {l}"
        if form == 2:
            return f"{sw} o smem_ptr[{r.choice([8, 16, 32])}b](unset) o {l}"
        if form == 3:
            return f"composition({sw}, {l})"
        if form == 4:
            return f"make_composed_layout({sw}, {r.choice([0, 4, 32])}, {l})"
        return f"{r.choice([0, 4, 132, 7])} o {l}"

    def any_layout(self):
        r = self.r
        x = r.random()
        if x < 0.88:
            return self.lay()
        if x < 0.96:
            return self.composed()
        return r.choice(self.vars) if self.vars else self.lay()

    def tiler(self, lay):
        """a by-mode tiler for layout lay in one of its spellings"""
        r = self.r
        s = lay[0]
        ms = [s] if isinstance(s, int) else list(s)
        k = r.randint(1, len(ms))
        elems = []
        for m in ms[:k]:
            x = r.random()
            if x < 0.12:
                elems.append(None)
            elif x < 0.35:
                elems.append(r.choice(divisors(product(m))))
            elif x < 0.9:
                elems.append(self.divisor_layout(product(m)))
            else:
                elems.append(self.layout(64))
        style = r.choices(["angle", "paren", "make_tile", "shape", "dsl"],
                          weights=[55, 12, 12, 12, 9])[0]

        def el(e, dsl=False):
            if e is None:
                return "None" if dsl else "_"
            if isinstance(e, int):
                return str(e)
            if dsl:
                return f"cute.make_layout({pyfmt(e[0])}, stride={pyfmt(e[1])})"
            return self.lay_text(e, r.choice(["note", "note", "cpp_type", "cpp_make"])
                                 if style == "make_tile" else "note")
        if style == "shape" and all(isinstance(e, int) for e in elems):
            return fmt(tuple(elems))
        if style == "paren" and len(elems) > 1:
            return "(" + ",".join(el(e) for e in elems) + ")"
        if style == "make_tile":
            return "make_tile(" + ", ".join(el(e) for e in elems) + ")"
        if style == "dsl":
            return "(" + ", ".join(el(e, True) for e in elems) + ("," if len(elems) == 1 else "") + ")"
        return "<" + ", ".join(el(e) for e in elems) + ">"

    def coord(self, shape, allow_under=True):
        r = self.r
        if isinstance(shape, int):
            if allow_under and r.random() < 0.15:
                return None
            return r.randrange(shape) if r.random() < 0.95 else shape + r.randint(0, 3)
        if r.random() < 0.2:
            return r.randrange(max(product(shape), 1))
        return tuple(self.coord(m, allow_under) for m in shape)

    # ------------------------------------------------------------ statement families
    def f_unary(self):
        r = self.r
        op = r.choice(UNARY)
        if op == "complement":
            l = self.layout(1024, kind=r.choice(["col", "perm", "gaps", "mult", "bcast", "neg"]))
            x = r.random()
            if x < 0.35:
                return f"complement({self.lay_text(l)})"
            if x < 0.8:
                cos = sum((a - 1) * abs(b) for a, b in zip(leaves(l[0]), leaves(l[1]))) + 1
                return f"complement({self.lay_text(l)}, {cos * r.choice([1, 2, 3, 4]) + r.choice([0, 0, 1, -1])})"
            return f"complement({self.lay_text(l)}, {fmt(self.shape(4096, 2))})"
        if op in ("size", "rank", "depth", "shape", "flatten") and r.random() < 0.2:
            return f"{op}({fmt(self.shape())})"
        if op == "coalesce" and r.random() < 0.2:
            l = self.layout()
            prof = l[0] if r.random() < 0.5 else tuple(1 for _ in (l[0] if isinstance(l[0], tuple) else (1,)))
            return f"coalesce({self.lay_text(l)}, {fmt(prof)})"
        return f"{op}({self.any_layout()})"

    def f_binary(self):
        r = self.r
        op = r.choice(BINARY_DIV)
        a = self.layout(2048)
        x = r.random()
        if x < 0.45:
            b = self.lay_text(self.divisor_layout(product(a[0])))
        elif x < 0.85:
            b = self.tiler(a)
        else:
            b = self.lay(64)
        at = self.lay_text(a) if r.random() < 0.95 else self.composed()
        if op == "composition" and r.random() < 0.05:
            _, sw = self.swz()
            return f"composition({at}, {sw})"
        return f"{op}({at}, {b})"

    def f_product(self):
        r = self.r
        op = r.choice(BINARY_PROD)
        a = self.layout(256, kind=r.choice(["col", "col", "row", "perm", "gaps", "mult", "bcast"]))
        if r.random() < 0.75 or op in ("blocked_product", "raked_product"):
            b = self.lay(32, kind=r.choice(["col", "col", "row", "perm", "mult"]))
        else:
            b = self.tiler(a)
        return f"{op}({self.lay_text(a)}, {b})"

    def f_pred(self):
        r = self.r
        op = r.choice(BINARY_PRED)
        if op in ("compatible", "congruent"):
            xs = [fmt(self.shape()) for _ in range(2)]
            if r.random() < 0.4:
                xs[1] = xs[0]
            if r.random() < 0.3:
                xs = [self.lay(), self.lay()]
            return f"{op}({xs[0]}, {xs[1]})"
        a = self.layout(1024)
        b = (a[0], self.strides(a[0])) if r.random() < 0.7 else self.layout(1024)
        return f"{op}({self.lay_text(a)}, {self.lay_text(b)})"

    def f_operator(self):
        r = self.r
        a = self.layout(1024)
        at = self.lay_text(a, "note") if r.random() < 0.8 else self.lay_text(a)
        x = r.random()
        if x < 0.3:
            b = self.lay_text(self.divisor_layout(product(a[0])), "note") if r.random() < 0.6 \
                else self.tiler(a)
            e = f"{at} o {b}"
            if r.random() < 0.2:
                e += f" o {r.choice([1, 2, 4])}:{r.choice([1, 2])}"
            return e
        if x < 0.55:
            b = self.lay_text(self.divisor_layout(product(a[0])), "note") if r.random() < 0.6 \
                else self.tiler(a)
            return f"{at} / {b}"
        if x < 0.75:
            a = self.layout(128, kind="col")
            return f"{self.lay_text(a, 'note')} * {self.lay(16, kind='col')}"
        if x < 0.85:
            return f"({at} o {self.lay_text(self.divisor_layout(product(a[0])), 'note')})" \
                   f"({r.randrange(max(1, product(a[0])))})"
        # integer arithmetic
        ops = ["+", "-", "*", "/", "%"]
        terms = [str(r.choice([0, 1, 2, 3, 7, 8, 16, 100, -4])) if r.random() < 0.6 else
                 f"{r.choice(['size', 'cosize', 'rank', 'depth'])}({self.lay(256)})"
                 for _ in range(r.randint(2, 4))]
        e = terms[0]
        for t in terms[1:]:
            e += f" {r.choice(ops)} {t}"
        if r.random() < 0.2:
            e = f"({e}) {r.choice(ops)} {r.randint(1, 9)}"
        return e

    def f_eval(self):
        r = self.r
        a = self.layout(4096)
        s = a[0]
        at = self.lay_text(a, "note") if r.random() < 0.85 else self.lay_text(a)
        x = r.random()
        if x < 0.35:
            return f"{at}({r.randrange(product(s)) if r.random() < 0.95 else product(s) + r.randint(0, 9)})"
        if x < 0.6 and isinstance(s, tuple):
            return f"{at}({', '.join(fmt(self.coord(m, False)) for m in s)})"
        if x < 0.85 and isinstance(s, tuple):
            c = [self.coord(m) for m in s]
            if None not in c:
                c[r.randrange(len(c))] = None
            return f"{at}({', '.join(fmt(e) for e in c)})"
        if x < 0.93:
            c = self.coord(s)
            if isinstance(s, int) and r.random() < 0.9:
                return f"{at}({fmt(c)})"
            return f"{at}({fmt(c) if isinstance(c, tuple) else fmt((c,))})"
        (b, m, sh), sw = self.swz()
        if sw.startswith("make_swizzle<"):
            sw = f"Sw<{b},{m},{sh}>"
        if r.random() < 0.5:
            return f"{sw}({r.randrange(1 << 12)})"
        return f"({self.composed()})({r.randrange(512)})"

    def f_tuple_query(self):
        r = self.r
        a = self.layout(2048)
        s = a[0]
        rank = 1 if isinstance(s, int) else len(s)
        x = r.random()
        tgt = self.lay_text(a) if r.random() < 0.75 else fmt(s)
        if x < 0.2:
            idx = [r.randrange(rank + (1 if r.random() < 0.1 else 0))]
            m = s if isinstance(s, int) else s[min(idx[0], rank - 1)]
            if isinstance(m, tuple) and r.random() < 0.5:
                idx.append(r.randrange(len(m)))
            return f"get({tgt}, {', '.join(map(str, idx))})"
        if x < 0.35:
            k = r.randint(1, rank)
            idx = [r.randrange(rank) for _ in range(k)]
            return f"select({tgt}, {', '.join(map(str, idx))})"
        if x < 0.5:
            b = r.randrange(rank)
            e = r.randint(b + 1, rank)
            if r.random() < 0.05:
                b, e = e, b
            return f"{r.choice(['take', 'group'])}({tgt}, {b}, {e})"
        if x < 0.62:
            op = r.choice(["append", "prepend"])
            if r.random() < 0.3:
                return f"{op}({tgt})"
            return f"{op}({tgt}, {self.lay(16) if not tgt.startswith('(') or ':' in tgt else r.choice([1, 2, 4])})"
        if x < 0.85:
            # template mode indices: size<1,0>(L), layout<1>(L), select<1,0>(L), group<0,2>(L)
            op = r.choice(TEMPLATED)
            if op in ("group", "take"):
                b = r.randrange(rank)
                idx = [b, r.randint(b + 1, rank)]
            elif op == "select":
                idx = [r.randrange(rank) for _ in range(r.randint(1, rank))]
            else:
                idx = [r.randrange(rank + (1 if r.random() < 0.05 else 0))]
                m = s if isinstance(s, int) else s[min(idx[0], rank - 1)]
                if isinstance(m, tuple) and r.random() < 0.4:
                    idx.append(r.randrange(len(m)))
            pre = r.choice(["", "", "cute::"])
            return f"{pre}{op}<{','.join(map(str, idx))}>({self.lay_text(a)})"
        # IntTuple queries
        t = fmt(self.shape())
        op = r.choice(["size", "rank", "depth", "flatten", "get", "shape", "select", "take",
                       "group", "append", "prepend"])
        if op in ("get", "select"):
            return f"{op}({t}, 0)"
        if op in ("take", "group"):
            return f"{op}({t}, 0, 1)"
        if op in ("append", "prepend"):
            return f"{op}({t}, {r.choice([1, 4, '(2,3)'])})"
        return f"{op}({t})"

    def f_make(self):
        r = self.r
        s = self.shape(1024)
        x = r.random()
        if x < 0.25:
            return f"make_layout({self.tup_make(s, 'make_shape') if not isinstance(s, int) else self.int_cpp(s)}, " \
                   f"{r.choice(['LayoutRight{}', 'LayoutLeft{}', 'GenRowMajor{}', 'GenColMajor{}', 'LayoutRight', 'LayoutLeft'])})"
        if x < 0.45:
            d = self.strides(s)
            return f"make_layout({fmt(s)}, {fmt(d)})" if r.random() < 0.5 else \
                f"make_layout({self.tup_make(s, 'make_shape')}, {self.tup_make(d, 'make_stride')})"
        if x < 0.55:
            return f"make_layout({', '.join(self.lay(64) for _ in range(r.randint(1, 3)))})"
        if x < 0.65:
            return f"make_layout({fmt(s)})" if r.random() < 0.5 else f"make_layout_right({fmt(s)})"
        if x < 0.75:
            n = len(leaves(s)) if r.random() < 0.5 else (1 if isinstance(s, int) else len(s))
            order = list(range(n))
            r.shuffle(order)
            o = order[0] if n == 1 and isinstance(s, int) else tuple(order)
            if not isinstance(s, int) and n != len(s):
                o = map_leaves(s, iter(order))
            spell = fmt(o) if r.random() < 0.7 else (
                "make_step(" + ", ".join(map(str, order)) + ")")
            return f"make_ordered_layout({fmt(s)}, {spell})"
        if x < 0.9:
            op = r.choice(["make_shape", "make_stride", "make_coord", "make_tile", "make_tuple",
                           "make_step"])
            args = [fmt(self.shape(64, 2)) if r.random() < 0.7 else
                    (self.lay(16) if op in ("make_tile", "make_tuple") else "_") for _ in range(r.randint(1, 3))]
            return f"{op}({', '.join(args)})"
        # C++ type literals
        kind = r.choice(["Shape", "Stride", "Coord", "Tile", "Step"])
        if kind == "Step":
            return "Step<" + ",".join(r.choice(["_1", "X", "_0", "_2"]) for _ in range(r.randint(1, 3))) + ">{}"
        return self.tup_type(s if not isinstance(s, int) else (s,), kind) + "{}"

    def f_coord(self):
        r = self.r
        a = self.layout(2048)
        s = a[0]
        x = r.random()
        if x < 0.3:
            i = r.randrange(product(s)) if r.random() < 0.95 else product(s) + 3
            if r.random() < 0.4:
                return f"idx2crd({i}, {fmt(s)}, {fmt(self.strides(s, r.choice(['col', 'row', 'perm'])))})"
            return f"idx2crd({i}, {fmt(s)})"
        if x < 0.6:
            c = self.coord(s, False)
            if r.random() < 0.5:
                return f"crd2idx({fmt(c)}, {fmt(s)}, {fmt(a[1])})"
            if r.random() < 0.3:
                return f"crd2idx({fmt(c)}, {fmt(s)})"
            return f"crd2idx({fmt(c)}, {self.lay_text(a)})"
        c = self.coord(s)
        if not isinstance(c, tuple) and not isinstance(s, int):
            c = tuple(self.coord(m) for m in s)
        ct = fmt(c) if isinstance(c, tuple) else fmt(c)
        if x < 0.8:
            return f"slice_and_offset({ct}, {self.lay_text(a)})"
        return f"slice_({self.lay_text(a)}, {ct})"

    def f_tile(self):
        r = self.r
        x = r.random()
        if x < 0.3:
            sh = (r.choice([1, 2, 4, 8]), r.choice([1, 2, 4, 8])) if r.random() < 0.8 else \
                r.choice([2, 4, 8, (2, (2, 2))])
            atom = self.lay_text((sh, self.strides(sh, r.choice(["col", "row"]))))
            if r.random() < 0.2:
                atom = f"Sw<{r.randint(1, 3)},{r.randint(0, 3)},3> o {atom}"
            tgt = (r.choice([8, 16, 32, 64, 128]), r.choice([8, 16, 32, 64]))
            if r.random() < 0.05:
                tgt = (r.choice([7, 12, 24]), 16)
            if r.random() < 0.3:
                return f"tile_to_shape({atom}, {fmt(tgt)}, {r.choice(['(1,0)', '(0,1)', 'Step<_2,_1>{}'])})"
            return f"tile_to_shape({atom}, {fmt(tgt)})"
        a = self.layout(4096, kind=r.choice(["col", "row", "perm"]))
        s = a[0]
        ms = [s] if isinstance(s, int) else list(s)
        til = tuple(r.choice(divisors(product(m))) for m in ms)
        if x < 0.65:
            crd = tuple(r.randrange(max(1, product(m) // t)) if r.random() < 0.85 else None
                        for m, t in zip(ms, til))
            extra = ""
            if r.random() < 0.2:
                extra = ", " + r.choice(["Step<_1,X>{}", "(1,_)", "Step<X,_1>{}"])
            return f"local_tile({self.lay_text(a)}, {fmt(til)}, {fmt(crd)}{extra})"
        thr = self.divisor_layout(product(s))
        idx = r.randrange(product(thr[0])) if r.random() < 0.95 else product(thr[0])
        return f"local_partition({self.lay_text(a)}, {self.lay_text(thr, 'note')}, {idx})"

    def f_swizzle(self):
        r = self.r
        x = r.random()
        if x < 0.3:
            return self.composed()
        if x < 0.6:
            return f"{r.choice(['size', 'cosize', 'shape', 'stride', 'rank', 'coalesce', 'depth'])}({self.composed()})"
        if x < 0.75:
            (b, m, s), _ = self.swz()
            return r.choice([f"make_swizzle({b}, {m}, {s})", f"cute.make_swizzle({b}, {m}, {s})",
                             f"Swizzle<{b},{m},{s}>{{}}", f"Sw<{b},{m},{s}>"])
        if x < 0.88:
            l = self.lay(256)
            return f"make_tensor(make_inttuple_iter({r.choice([0, 3, 17])}), {l})" + (
                f"({r.randrange(8)})" if r.random() < 0.4 else "")
        return f"{r.choice(BINARY_DIV + ['local_tile'])}({self.composed()}, " \
               f"{r.choice(['(2,4)', '<2,4>', '8:1', '(4,8)'])}" + \
               (", (0,1))" if False else ")")

    def f_cpp(self):
        r = self.r
        x = r.random()
        inner = r.choice([self.f_unary, self.f_binary, self.f_product, self.f_make])()
        if x < 0.25:
            name = f"v{r.randrange(40)}"
            self.vars.append(name)
            if len(self.vars) > 60:
                self.vars.pop(0)
            return f"{r.choice(['auto', 'constexpr auto', 'auto const', 'Layout'])} {name} = {inner};"
        if x < 0.4:
            return f"cute::{inner}" if r.random() < 0.7 else f"{inner};  // pasted"
        if x < 0.5:
            return f"print({self.lay()});"
        if x < 0.55:
            return f"using T{r.randrange(5)} = decltype({self.lay_text(self.layout(256), 'cpp_make')});"
        if x < 0.6:
            return f"T{r.randrange(5)}{{}}"
        if x < 0.65:
            return r.choice(["using namespace cute;", "// a comment", "/* a block */ 2:1",
                             "# a comment", "", "  ", "import cutlass.cute as cute"])
        if x < 0.7:
            return f"/* {r.choice(['tile', 'x'])} */ {inner} // tail"
        if x < 0.75:
            return f"{inner};"
        return f"{inner}"

    def f_dsl(self):
        r = self.r
        op = r.choice(DSL_FUNS)
        a = self.layout(1024)
        at = f"cute.make_layout({pyfmt(a[0])}, stride={pyfmt(a[1])})" if r.random() < 0.7 \
            else self.lay_text(a)
        s = a[0]
        rank = 1 if isinstance(s, int) else len(s)
        if op in ("size", "cosize") and r.random() < 0.5:
            return f"cute.{op}({at}, mode=[{r.randrange(rank)}])"
        if op in ("size", "cosize", "rank", "depth", "coalesce", "filter", "right_inverse",
                  "left_inverse", "flatten", "shape"):
            if op == "coalesce" and r.random() < 0.3:
                return f"cute.coalesce({at}, target_profile={pyfmt(tuple(1 for _ in range(rank)))})"
            return f"cute.{op}({at})"
        if op in ("composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide"):
            t = "(" + ", ".join(r.choice([str(r.choice(divisors(product(m)))), "None"])
                                for m in ([s] if isinstance(s, int) else s)) + ("," if rank == 1 else "") + ")"
            if r.random() < 0.4:
                d = self.divisor_layout(product(s))
                t = f"cute.make_layout({pyfmt(d[0])}, stride={pyfmt(d[1])})"
            kw = "tiler=" if r.random() < 0.3 and op != "composition" else ""
            return f"cute.{op}({at}, {kw}{t})"
        if op.endswith("product"):
            b = self.layout(16, kind="col")
            return f"cute.{op}({at}, cute.make_layout({pyfmt(b[0])}, stride={pyfmt(b[1])}))"
        if op == "complement":
            return f"cute.complement({at}, {'cotarget=' if r.random() < 0.5 else ''}{r.choice([64, 128, 1024, 4096])})"
        if op in ("max_common_layout", "max_common_vector", "is_congruent"):
            return f"cute.{op}({at}, {at if r.random() < 0.5 else self.lay()})"
        if op == "group_modes":
            b = r.randrange(rank)
            return f"cute.group_modes({at}, {b}, {r.randint(b + 1, rank)})"
        if op == "slice_":
            c = tuple(r.choice([None, 0, 1]) for _ in range(rank))
            return f"cute.slice_({at}, {pyfmt(c)})"
        if op == "crd2idx":
            return f"cute.crd2idx({pyfmt(self.coord(s, False))}, {at})"
        if op in ("get", "select"):
            return f"cute.{op}({at}, mode=[{r.randrange(rank)}])"
        if op == "make_ordered_layout":
            o = list(range(rank))
            r.shuffle(o)
            return f"cute.make_ordered_layout({pyfmt(s)}, order={pyfmt(tuple(o))})"
        if op == "tile_to_shape":
            return f"cute.tile_to_shape({at}, (64, 64), (0, 1))"
        if op == "local_tile":
            return f"cute.local_tile({at}, tiler={pyfmt((2,) * rank)}, coord={pyfmt((0,) * rank)})"
        if op == "local_partition":
            return f"cute.local_partition({at}, cute.make_layout(2), 1)"
        if op == "idx2crd":
            return f"cute.idx2crd({r.randrange(product(s))}, {pyfmt(s)})"
        if op in ("append", "prepend"):
            return f"cute.{op}({at}, cute.make_layout(2, stride=0))"
        if op == "make_swizzle":
            return f"cute.make_swizzle({r.randint(0, 3)}, {r.randint(0, 4)}, {r.randint(1, 4)})"
        if op == "make_composed_layout":
            return f"cute.make_composed_layout(cute.make_swizzle(2, 3, 3), 0, {at})"
        return f"cute.{op}({at})"

    def f_var(self):
        r = self.r
        x = r.random()
        if x < 0.4 or not self.vars:
            name = r.choice(["A", "B", "L", "sA", "t", "x", "T", "tile"]) + \
                (str(r.randrange(10)) if r.random() < 0.5 else "")
            self.vars.append(name)
            if len(self.vars) > 60:
                self.vars.pop(0)
            return f"{name} = {r.choice([self.lay(), self.lay(), self.composed(), fmt(self.shape()), '<2,4>', str(r.randrange(100))])}"
        v = r.choice(self.vars)
        if x < 0.55:
            return v
        if x < 0.65:
            return r.choice(["ans", "ans(0)", "size(ans)", f"ans o {v}"])
        op = r.choice(["size", "coalesce", "cosize", "shape", "rank"])
        y = r.random()
        if y < 0.3:
            return f"{op}({v})"
        if y < 0.5:
            return f"{v}({r.randrange(8)})"
        if y < 0.7:
            return f"{v} o {self.lay(8)}"
        if y < 0.85:
            return f"logical_divide({v}, {r.choice(['2', '<2>', '<2,_>', '4:1', '(2,2)'])})"
        return f"{v}(_, {r.randrange(3)})"

    def f_atom(self):
        r = self.r
        mma = r.choice(MMA_NAMES)
        x = r.random()
        if x < 0.2:
            return f"mma_atom({mma}).{r.choice(MMA_FIELDS)}"
        if x < 0.5:
            t = f"tiled_mma({mma}, ({r.choice([1, 2])},{r.choice([1, 2])},1))"
            y = r.random()
            if y < 0.4:
                return f"{t}.{r.choice(TILED_FIELDS)}"
            if y < 0.8:
                return f"{t}.thread({r.randrange(64)}).partition_{r.choice('ABC')}(({r.choice([32, 64])},{r.choice([32, 64])}))"
            return t
        if x < 0.65:
            return f"gmma_atom({r.choice(GMMA_ATOMS)}, {r.choice(GMMA_TYPES)})"
        if x < 0.8:
            c = f"copy_atom({r.choice(COPY_OPS)}, {r.choice(COPY_TYPES)})"
            y = r.random()
            if y < 0.4:
                return c
            if y < 0.7:
                return f"make_tiled_copy({c}, (32,4):(4,1), (1,{r.choice([1, 2, 4, 8])}))"
            return f"make_tiled_copy_{r.choice('ABC')}({c}, tiled_mma({mma}, (2,2,1))).{r.choice(['TiledLayout_TV', 'Tiler_MN', 'TiledNumThr'])}"
        if x < 0.9:
            return f"make_layout_tv({r.choice(['(32,4):(4,1)', '(8,4):(1,8)', '4:1'])}, {r.choice(['(1,8)', '(4,1)', '2:1'])})"
        sw = r.choice(["Sw<3,4,3> o (8,64):(64,1)", "Sw<2,3,3> o (8,32):(32,1)", "(32,32):(32,1)",
                       "(32,32):(1,32)", "Sw<3,3,3> o (8,64):(64,1)"])
        return f"bank_conflicts({sw}, {r.choice(['(32,8):(8,1)', '(32,4):(1,32)', '(128,8):(8,1)'])}, {r.choice([8, 16, 32])})"

    def f_print(self):
        r = self.r
        l = self.lay(64, kind=r.choice(["col", "row", "perm", "bcast", "neg"]))
        return f"{r.choice(['print_layout', 'print_layout', 'print_latex', 'print'])}({l});"

    def f_invalid(self):
        r = self.r
        l = self.lay(256)
        x = r.randrange(24)
        if x == 0:
            return f"{r.choice(MISSPELT)}({l})"
        if x == 1:  # wrong arity
            return f"{r.choice(['size', 'coalesce', 'composition', 'complement', 'idx2crd', 'get'])}" \
                   f"({', '.join([l] * r.choice([0, 3, 4]))})"
        if x == 2:  # not congruent
            return f"({r.randint(1, 8)},{r.randint(1, 8)}):({r.randint(0, 8)})"
        if x == 3:  # zero / negative extents
            return f"{r.choice(['size', 'coalesce', 'right_inverse'])}(({r.choice([0, -2, -1])},{r.randint(1, 8)}):(1,4))"
        if x == 4:  # overflow
            big = r.choice(["9223372036854775807", "4611686018427387904", "4294967296",
                            "-9223372036854775808", "99999999999999999999"])
            return r.choice([f"{big} + 1", f"{big} * 2", f"size(({big},4))", f"{big}:1",
                             f"cosize((2,2):({big},1))", f"(4,8):(1,4)({big})", f"idx2crd({big}, (4,8))"])
        if x == 5:  # division by zero
            return r.choice(["8 / 0", "8 % 0", f"size({l}) / 0", "7 % (3 - 3)"])
        if x == 6:  # unbalanced: extra closers
            t = l + r.choice([")", "))", ">", ",", ":", ":(1)", " o", " /", "]"])
            if r.random() < 0.1:
                # an open bracket: `cute eval` reads on into the next line, so the statement
                # is closed there (two lines; a lone open bracket would swallow the rest)
                t = r.choice([f"coalesce({l},\n{l})", f"<{l}, 2\n>", f"size(\n{l})",
                              f"composition({l},\n  {l})", "L(\n)"])
            return t
        if x == 7:  # garbage tokens
            return r.choice(["@", "$x", "4::2", "(,)", "()", "(4,)", ":", "<>", "Sw<3,4>", "Sw<>",
                             "Sw<3,4,3,1>", "Sw<9,9,9>(1)", "_", "__", "(4,8):", ":(1,4)",
                             "4:2:1", "L(_))", "ans.", ".size", "cute.", "make_layout()",
                             "Layout<>{}", "Shape<_4,>{}", "Int<>{}", "_4{", "0x", "0b2",
                             "1'", "4__000", "'4'", '"4"', "λ", "é(4)", "4 o", "o 4", "/ 2"])
        if x == 8:  # out-of-range modes and indices
            return r.choice([f"get({l}, 9)", f"select({l}, 7)", f"take({l}, 2, 9)",
                             f"group({l}, 3, 1)", f"layout<9>({l})", f"size<5>({l})",
                             f"{l}(_, _, _, _, _)", f"{l}((1,2,3,4,5))", f"{l}(-1)"])
        if x == 9:  # refused algebra: non-injective inverses, divisibility
            return r.choice([f"left_inverse(({r.randint(2, 8)},{r.randint(2, 8)}):(0,1))",
                             f"composition((4,6,8):(2,3,5), 6:3)",
                             f"complement((4,4):(1,2), 16)",
                             f"logical_divide((6,4):(1,6), {r.choice([4, 5, 7])}:{r.choice([2, 3])})",
                             f"composition(({r.randint(2, 6)},{r.randint(2, 6)}):(1,{r.randint(1, 9)}), {r.randint(2, 9)}:{r.randint(2, 9)})",
                             f"complement({l}, -4)", f"complement(4:0)", f"right_inverse(4:-1)"])
        if x == 10:  # wrong types
            return r.choice([f"size(Sw<3,4,3>)", f"composition(4, {l})", f"coalesce(<2,4>)",
                             f"make_layout({l}, {l}, Foo)", f"make_layout((4,8), Foo)",
                             f"idx2crd({l}, 4)", f"crd2idx(1, 4:1, 2)", f"get(4, 0)",
                             f"make_shape(4:1)", f"(4,8)(1)(2)", f"Sw<3,4,3>(_)",
                             f"mma_atom(NOT_AN_ATOM)", f"copy_atom(SM75_U32x4_LDSM_N, int7)",
                             f"gmma_atom(Layout_K_SW1024_Atom, f16)", f"tiled_mma({l}, (2,2,1))",
                             f"{l}.shape", f"{l}.frob", f"cute.make_layout((4, 8), (8, 1))",
                             f"cute.size({l}, mode=[9])", f"cute.complement({l})",
                             f"cute.make_layout((4,8), strid=(8,1))"])
        if x == 11:  # deep nesting
            d = r.choice([40, 200, 300])
            return "(" * d + "4" + ")" * d + ":" + "(" * d + "1" + ")" * d
        if x == 12:  # very wide
            w = r.choice([300, 3000])
            return "size((" + ",".join(["2"] * w) + "))"
        if x == 13:
            return r.choice([":format json", ":help", ":vars", ":quit", "help", "quit", "exit",
                             "help(size)", "?"])
        if x == 14:  # statements with a trailing second expression
            return f"{l} {l}"
        if x == 15:
            return f"{r.choice(['', 'auto ', 'using '])}{r.choice(['1x', 'size', 'o', 'Sw'])} = {l}"
        if x == 16:  # C++ junk
            return r.choice(["Layout<Shape<_4,_8>, Stride<_1>>{}", "Layout<Shape<_4,_8>>",
                             "make_layout(make_shape(_4{}, Int<8>{}), LayoutRight{}, 1)",
                             "Int<-0>{}", "Int<4>{}{}", "static_cast<int>(4)", "auto = 4;",
                             "decltype(4)", "std::vector<int>{}", "cute::cute::size(4)",
                             "Tensor t = make_tensor(ptr, (4,8));", "template <int N>"])
        if x == 17:  # tilers with too many modes / bad elements
            return r.choice([f"logical_divide(4:1, <2,2,2>)", f"zipped_divide((4,8), <2, Sw<1,1,1>>)",
                             f"composition((4,8), <(2,2)>)", f"tiled_divide({l}, <_,_,_,_,_>)",
                             f"logical_product({l}, <0:1>)", f"{l} / <>"])
        if x == 18:  # swizzle errors
            return r.choice(["Sw<-1,2,3>(4)", "Sw<3,4,1>(100)", "Sw<4,4,-2>", "Sw<40,4,3>(1)",
                             "make_swizzle(3, 4)", "Sw<3,4,3> o", "Sw<3,4,3> o o (8,8)",
                             "Sw<3,4,3> o -4 o (8,8):(8,1)", "size(Sw<3,4,3> o 0)"])
        if x == 19:
            arg = r.choice(["1.5", "x", '"a"', "None", "_4{}", "(_,_)"])
            return f"{l}({arg})"
        if x == 20:
            return r.choice(["make_ordered_layout((4,8), (0,0))", "make_ordered_layout((4,8), (0,1,2))",
                             "tile_to_shape((2,2), (7,7))", "local_tile((8,8), (3,3), (0,0))",
                             "local_partition((8,8), (3,3), 0)", "idx2crd(5, (2,4), (1,2,3))",
                             "crd2idx((1,2,3), (4,8))", "slice_and_offset((1,2,3), (4,8))",
                             "blocked_product(4:1, <2,2>)", "raked_product((2,2), 0:1)"])
        if x == 21:
            return f"{l} {r.choice(['+', '-', '%'])} {self.lay(8)}"
        if x == 22:
            return "x" * r.choice([1, 40, 300]) + "(1)"
        return "\t" + r.choice(["(4,8):(1,4)", "size(4)"]) + "\t"

    def statement(self):
        r = self.r
        fam = r.choices(
            [self.f_unary, self.f_binary, self.f_product, self.f_pred, self.f_operator,
             self.f_eval, self.f_tuple_query, self.f_make, self.f_coord, self.f_tile,
             self.f_swizzle, self.f_cpp, self.f_dsl, self.f_var, self.f_atom, self.f_print,
             self.f_invalid],
            weights=[12, 13, 9, 3, 6, 8, 8, 6, 5, 3, 4, 5, 5, 3, 1.5, 0.5, 5.5])[0]
        s = fam()
        self.family = fam.__name__[2:]
        return s


def main():
    args = [a for a in sys.argv[1:] if a != "--families"]
    if len(args) != 2:
        sys.exit("usage: gen_random_statements.py N SEED [--families]  (statements to stdout;\n"
                 "  --families prefixes each line with its family and a tab, for analysis)")
    n, seed = int(args[0]), int(args[1])
    fams = "--families" in sys.argv
    g = Gen(random.Random(seed))
    out = sys.stdout
    buf = []
    for i in range(n):
        st = g.statement()
        buf.append(f"{g.family}\t{st}" if fams else st)
        if len(buf) >= 10000:
            out.write("\n".join(buf) + "\n")
            buf = []
    if buf:
        out.write("\n".join(buf) + "\n")


if __name__ == "__main__":
    main()
