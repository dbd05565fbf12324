#!/usr/bin/env python3
"""Oracle cases for the `swizzled` group (issue 15): the recast family (upcast, downcast,
recast_layout, max_alignment), make_swizzle<Y,Z>, composition of a layout with a swizzle or a
swizzled layout, the swizzle/non-swizzle portions, inverses of swizzles and swizzled layouts,
flatten/take/group of composed layouts, max_common_vector/layout with swizzled layouts, and
as_position_independent_swizzle_layout of the GMMA atoms.

Writes cases.tsv (STATEMENT<TAB>EXPECTED), cute_refuses.txt and refuse_reasons.tsv here, with
CuTe's answers cached in oracle_cache.json here. Usage: python3 gen.py [--seed N]
"""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402
import gen_cases as gc  # noqa: E402

oracle.CACHE_FILE = os.path.join(HERE, "oracle_cache.json")
if "#include <cute/atom/mma_traits_sm90_gmma.hpp>" not in oracle.HEADER:
    oracle.HEADER.insert(2, "#include <cute/atom/mma_traits_sm90_gmma.hpp>")
    oracle.FIRST_LINE = len(oracle.HEADER) + 1

TYPES = [("uint1b_t", 1), ("uint4b_t", 4), ("int4b_t", 4), ("uint8_t", 8), ("int8_t", 8),
         ("float_e4m3_t", 8), ("float_e5m2_t", 8), ("uint16_t", 16), ("half_t", 16),
         ("bfloat16_t", 16), ("int16_t", 16), ("uint32_t", 32), ("float", 32), ("tfloat32_t", 32),
         ("int32_t", 32), ("uint64_t", 64), ("double", 64), ("int64_t", 64), ("uint128_t", 128),
         ("uint6b_t", 6)]
BITS_TYPE = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t", 128: "uint128_t",
             4: "uint4b_t", 1: "uint1b_t"}
ATOM_TYPES = [("f16", "half_t"), ("bf16", "bfloat16_t"), ("tf32", "tfloat32_t")]
WIDTHS = ["INTER", "SW32", "SW64", "SW128"]


class G(gc.Gen):
    def swizzle(self):
        b = self.r.randint(0, 3)
        m = self.r.randint(0, 4)
        s = self.r.choice([x for x in range(-5, 6) if abs(x) >= b and (x != 0 or b == 0)])
        return (f"Sw<{b},{m},{s}>", f"Swizzle<{b},{m},{s}>{{}}", (b, m, s))

    def pow2_layout(self, rank=None):
        """A layout of power-of-two extents, strides compact (permuted), sometimes scaled."""
        r = rank or self.r.choice([1, 2, 2, 3])
        shape = tuple(self.r.choice([2, 4, 8, 8, 16]) for _ in range(r))
        while gc.size(shape) > 2048:
            shape = shape[:-1] if len(shape) > 1 else (8,)
        o = list(range(len(shape)))
        self.r.shuffle(o)
        st = self.compact(list(shape), o)
        if self.r.random() < 0.2:
            c = self.r.choice([2, 4])
            st = [c * x for x in st]
        if len(shape) == 1 and self.r.random() < 0.5:
            return gc.L(shape[0], st[0])
        return gc.L(shape, tuple(st))

    def composed(self, offset=True):
        sw = self.swizzle()
        while sw[2][0] == 0:
            sw = self.swizzle()
        a = self.pow2_layout() if self.r.random() < 0.7 else self.layout(max_size=512, int_ok=False)
        if offset and self.r.random() < 0.3:
            off = self.r.choice([1, 2, 4, 8, 16, 32, 64, -8])
            return (f"{sw[0]} o {off} o {a.cute()}",
                    f"composition({sw[1]}, Int<{off}>{{}}, {a.cpp()})", a)
        if self.r.random() < 0.5:
            return f"{sw[0]} o {a.cute()}", f"composition({sw[1]}, {a.cpp()})", a
        return (f"{sw[0]} o 0 o {a.cute()}", f"composition({sw[1]}, Int<0>{{}}, {a.cpp()})", a)

    def atom(self):
        major = self.r.choice(["K", "MN"])
        w = self.r.choice(WIDTHS)
        t, ct = self.r.choice(ATOM_TYPES)
        return (f"gmma_atom(Layout_{major}_{w}_Atom, {t})",
                f"GMMA::Layout_{major}_{w}_Atom<{ct}>{{}}")

    def any_arg(self, kinds=("layout", "swizzle", "composed", "atom"), w=(5, 1.5, 3, 1)):
        k = self.r.choices(kinds, w)[0]
        if k == "layout":
            a = self.pow2_layout() if self.r.random() < 0.5 else self.layout(max_size=1024)
            return a.cute(), a.cpp()
        if k == "swizzle":
            sw = self.swizzle()
            return sw[0], sw[1]
        if k == "composed":
            s, c, _ = self.composed()
            return s, c
        return self.atom()


def g_cast(name, factors):
    def gen(g):
        n = g.r.choice(factors)
        s, c = g.any_arg()
        if g.r.random() < 0.5:
            return f"{name}<{n}>({s})", f"{name}<{n}>({c})"
        return f"{name}({s}, {n})", f"{name}<{n}>({c})"
    return gen


def g_recast(g):
    (t0, b0), (t1, b1) = g.r.choice(TYPES), g.r.choice(TYPES)
    s, c = g.any_arg()
    if g.r.random() < 0.7 or b0 not in BITS_TYPE or b1 not in BITS_TYPE:
        return f"recast_layout<{t0},{t1}>({s})", f"recast_layout<{t0},{t1}>({c})"
    # the DSL's argument order: (new_bits, old_bits, layout)
    return (f"recast_layout({b1}, {b0}, {s})",
            f"recast_layout<{BITS_TYPE[b0]},{BITS_TYPE[b1]}>({c})")


def g_max_alignment(g):
    s, c = g.any_arg(w=(6, 1, 3, 1))
    return f"max_alignment({s})", f"max_alignment({c})"


def g_make_swizzle(g):
    b, m, s = g.swizzle()[2]
    bit = (1 << b) - 1
    y = bit << (m + max(s, 0))
    z = bit << (m - min(s, 0))
    if g.r.random() < 0.2:
        y ^= 1 << g.r.randint(0, 12)
    return f"make_swizzle<{y},{z}>()", f"make_swizzle<{y}u,{z}u>()"


def g_comp_swizzle(g):
    a = g.pow2_layout() if g.r.random() < 0.8 else g.layout(max_size=512)
    sw = g.swizzle()
    return f"composition({a.cute()}, {sw[0]})", f"composition({a.cpp()}, {sw[1]})"


def g_comp_composed(g):
    a = g.pow2_layout()
    sw = g.swizzle()
    while sw[2][0] == 0:
        sw = g.swizzle()
    b = g.small_layout_for(a.size(), max_depth=1) if g.r.random() < 0.5 else g.pow2_layout()
    return (f"composition({a.cute()}, {sw[0]} o {b.cute()})",
            f"composition({a.cpp()}, composition({sw[1]}, {b.cpp()}))")


def g_portion(name):
    def gen(g):
        s, c = g.any_arg(kinds=("layout", "composed", "atom"), w=(1, 3, 1))
        return f"{name}({s})", f"{name}({c})"
    return gen


def g_inverse(name):
    def gen(g):
        if g.r.random() < 0.25:
            sw = g.swizzle()
            return f"{name}({sw[0]})", f"{name}({sw[1]})"
        s, c, _ = g.composed(offset=False)
        return f"{name}({s})", f"{name}({c})"
    return gen


def g_structural(name):
    def gen(g):
        s, c, a = g.composed()
        if name == "flatten":
            return f"flatten({s})", f"flatten({c})"
        r = a.rank()
        b = g.r.randint(0, r - 1) if name == "group" else g.r.randint(0, r)
        e = g.r.randint(b + 1, r) if name == "group" else g.r.randint(b, r)
        return f"{name}<{b},{e}>({s})", f"{name}<{b},{e}>({c})"
    return gen


def g_common(name):
    def gen(g):
        s, c, a = g.composed()
        if g.r.random() < 0.5:
            b = gc.L(a.shape, g.strides(a.shape, g.r.choice(["left", "perm"])))
        else:
            b = a
        x, y = (s, c), (b.cute(), b.cpp())
        if name == "max_common_vector" and g.r.random() < 0.3:
            s2, c2, _ = g.composed()
            y = (s2, c2)
        if g.r.random() < 0.5:
            x, y = y, x
        return f"{name}({x[0]}, {y[0]})", f"{name}({x[1]}, {y[1]})"
    return gen


def g_position_independent(g):
    s, c = g.atom()
    r = g.r.random()
    if r < 0.3:
        n = g.r.choice([2, 4])
        s, c = f"upcast<{n}>({s})", f"upcast<{n}>({c})"
    elif r < 0.5:
        shape = g.r.choice([(128, 64), (64, 128), (256, 32), (64, 64)])
        s = f"tile_to_shape({s}, {gc.cute_t(shape)})"
        c = f"tile_to_shape({c}, {gc.cpp_val(shape, 'Shape')})"
    return (f"as_position_independent_swizzle_layout({s})",
            f"as_position_independent_swizzle_layout({c})")


def slice_coord(g, s):
    """A coordinate with at least one `_`: (cute text, C++ text); nested modes sometimes
    given as one integer or sliced inside."""
    def go(m):
        r = g.r.random()
        if r < 0.4:
            return "_", "_"
        if gc.is_int(m) or r < 0.6:
            v = g.r.randrange(gc.size(m))
            return str(v), f"Int<{v}>{{}}"
        parts = [go(x) for x in m]
        return ("(" + ",".join(p[0] for p in parts) + ")",
                "make_coord(" + ", ".join(p[1] for p in parts) + ")")
    for _ in range(50):
        if gc.is_int(s):
            return "_", "_"
        parts = [go(x) for x in s]
        if any("_" in p[0] for p in parts):
            return parts
    return [("_", "_") for _ in s]


def g_slice(g):
    s, c, a = g.composed()
    if gc.is_int(a.shape):
        return f"({s})(_)", f"{c}(_)"
    parts = slice_coord(g, a.shape)
    return (f"({s})(" + ",".join(p[0] for p in parts) + ")",
            f"{c}(" + ", ".join(p[1] for p in parts) + ")")


def g_slice_and_offset(g):
    s, c, a = g.composed()
    if gc.is_int(a.shape):
        return f"slice_and_offset(_, {s})", f"slice_and_offset(_, {c})"
    parts = slice_coord(g, a.shape)
    cs = "(" + ",".join(p[0] for p in parts) + ")"
    if len(parts) == 1:
        cs = "make_coord(" + parts[0][0] + ")"
    return (f"slice_and_offset({cs}, {s})",
            f"slice_and_offset(make_coord(" + ", ".join(p[1] for p in parts) + f"), {c})")


def g_tuple_fallback(g):
    s, c, a = g.composed()
    r = g.r.random()
    if r < 0.35 or r < 0.7:
        name = "append" if r < 0.35 else "prepend"
        x = g.layout(max_size=16, max_depth=1)
        return f"{name}({s}, {x.cute()})", f"{name}({c}, {x.cpp()})"
    k = 1 if gc.is_int(a.shape) else len(a.shape)
    idx = [g.r.randrange(k) for _ in range(g.r.randint(1, 3))]
    return (f"select<{','.join(map(str, idx))}>({s})",
            f"select<{','.join(map(str, idx))}>({c})")


def g_merge(g):
    a = g.swizzle()
    b, m, s = g.swizzle()[2]
    if g.r.random() < 0.8:
        s = a[2][2]
        b = min(b, abs(s))
    return (f"composition({a[0]}, Sw<{b},{m},{s}>)",
            f"composition({a[1]}, Swizzle<{b},{m},{s}>{{}})")


OPS = [
    ("upcast", g_cast("upcast", [1, 2, 2, 4, 4, 8, 16, 3]), 60),
    ("downcast", g_cast("downcast", [1, 2, 2, 4, 8, 3]), 50),
    ("recast_layout", g_recast, 60),
    ("max_alignment", g_max_alignment, 50),
    ("make_swizzle", g_make_swizzle, 20),
    ("composition/swizzle", g_comp_swizzle, 40),
    ("composition/composed", g_comp_composed, 25),
    ("get_swizzle_portion", g_portion("get_swizzle_portion"), 20),
    ("get_nonswizzle_portion", g_portion("get_nonswizzle_portion"), 20),
    ("right_inverse", g_inverse("right_inverse"), 30),
    ("left_inverse", g_inverse("left_inverse"), 30),
    ("flatten", g_structural("flatten"), 20),
    ("take", g_structural("take"), 20),
    ("group", g_structural("group"), 20),
    ("max_common_vector", g_common("max_common_vector"), 25),
    ("max_common_layout", g_common("max_common_layout"), 25),
    ("as_position_independent", g_position_independent, 20),
    ("slice", g_slice, 40),
    ("slice_and_offset", g_slice_and_offset, 40),
    ("append/prepend/select", g_tuple_fallback, 30),
    ("composition/swizzles", g_merge, 20),
]


def g_fragment_like(g):
    s, c, _ = g.composed()
    return f"make_fragment_like({s})", f"make_fragment_like({c})"


def g_zip(g):
    s, c, _ = g.composed()
    return f"zip({s})", f"zip({c})"


def g_filter_profile(g):
    s, c, a = g.composed()
    prof = a.shape if g.r.random() < 0.5 else gc.unflat(a.shape, [1] * len(gc.flat(a.shape)))
    if not gc.is_int(prof) and g.r.random() < 0.4:
        prof = tuple(1 for _ in prof)
    return (f"filter({s}, {gc.cute_t(prof)})",
            f"filter({c}, {gc.cpp_val(prof, 'Shape')})")


def g_domain_offset(g):
    s, c, a = g.composed()
    crd = gc.rand_coord(g, a.shape, partial=False)
    return (f"domain_offset({gc.cute_t(crd)}, {s})",
            f"domain_offset({gc.cpp_coord(crd)}, {c})")


# functions of the `layouts` group on composed layouts (layout_composed.hpp): their table entries
# take `composed: OnComposed::Inner(0)` / `Rewrap(0)`, domain_offset dispatches to
# algebra::swizzle::domain_offset; their cases follow the others in cases.tsv
PENDING = [
    ("make_fragment_like", g_fragment_like, 20),
    ("zip", g_zip, 20),
    ("filter/profile", g_filter_profile, 20),
    ("domain_offset", g_domain_offset, 20),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1515)
    ap.add_argument("--max-refusals", type=int, default=12)
    args = ap.parse_args()
    g = G(args.seed)
    cases = {}
    for op, gen, target in OPS + PENDING:
        seen = set()
        lst = []
        for _ in range(target * 3):
            stmt, cpp = gen(g)
            if stmt not in seen:
                seen.add(stmt)
                lst.append((stmt, cpp))
        cases[op] = lst
    cache = oracle.load_cache()
    allc = sorted({c for lst in cases.values() for _, c in lst})
    oracle.evaluate(allc, cache)
    oracle.save_cache(cache)
    out, ref = [], []
    for op, _, target in OPS:
        nv = nr = 0
        for stmt, cpp in cases[op]:
            st, val = cache[cpp]
            if st == "ok" and nv < target:
                want = gc.expected_text(val)
                if stmt.startswith("select<") and "," not in stmt.split(">")[0]:
                    # a tuple of one composed layout: `<X>` (SPEC §3: `(X)` groups)
                    want = "<" + want[1:-1] + ">"
                out.append((stmt, want))
                nv += 1
            elif st == "err" and nr < args.max_refusals:
                ref.append((stmt, val))
                nr += 1
        print(f"{op:26s} valid {nv:4d} refused {nr:4d}", file=sys.stderr)
    for op, _, target in PENDING:
        good = [(st, gc.expected_text(cache[c][1])) for st, c in cases[op] if cache[c][0] == "ok"]
        out += good[:target]
        print(f"{op:26s} valid {len(good[:target]):4d}", file=sys.stderr)
    with open(os.path.join(HERE, "cases.tsv"), "w") as f:
        f.writelines(f"{s}\t{e}\n" for s, e in out)
    with open(os.path.join(HERE, "cute_refuses.txt"), "w") as f:
        f.writelines(f"{s}\n" for s, _ in ref)
    with open(os.path.join(HERE, "refuse_reasons.tsv"), "w") as f:
        f.writelines(f"{s}\t{w}\n" for s, w in ref)


if __name__ == "__main__":
    main()
