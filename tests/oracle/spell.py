#!/usr/bin/env python3
"""Re-spell oracle cases as a CuTe user would paste them: C++ type literals, C++ builders, and
CuTe DSL (Python) calls (SPEC §1b). Writes tests/golden/spellings.tsv (STATEMENT<TAB>EXPECTED),
run by tests/integration/spellings.rs.

Every C++ spelling is compiled against CuTe itself (through tests/oracle/oracle.py's batch
runner, the headers of /work/shared/tools/cute-oracle) and kept only when CuTe prints the
expected answer; a DSL spelling keeps the answer of the C++ case it re-spells, unless the CuTe
DSL (dsl-oracle, the truth for DSL text) answers it otherwise: then the DSL's answer (its
spellings are static, so its print is cute's plain one; session 32: `cute.composition(L, (1,
2))` is `(1,2):(0,18)` in the DSL, whose integer tile 1 is `make_layout(1)`, `1:0`). Cases cute refuses (the law, SPEC §3) keep their `error` and are spelled too.

Usage: python3 tests/oracle/spell.py [--n 1500] [--seed 7]
"""
import argparse
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)


# ---------------------------------------------------------------- reading the notation
class P:
    """A small reader of the notation the case files use."""

    def __init__(self, s):
        self.s, self.i = s, 0

    def peek(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, c):
        assert self.peek() == c, (self.s, self.i, c)
        self.i += 1

    def expr(self):
        e = self.postfix()
        while True:
            c = self.peek()
            if c == "o" and self.s[self.i:self.i + 2] in ("o ", "o("):
                self.i += 1
                e = ("call", "composition", [e, self.postfix()])
            elif c == "/":
                self.i += 1
                e = ("call", "logical_divide", [e, self.postfix()])
            elif c == "*":
                self.i += 1
                e = ("call", "logical_product", [e, self.postfix()])
            else:
                return e

    def postfix(self):
        e = self.primary()
        while self.peek() == "(":
            e = ("eval", e, self.args("(", ")"))
        return e

    def args(self, o, c):
        self.eat(o)
        out = []
        if self.peek() == c:
            self.i += 1
            return out
        while True:
            out.append(self.expr())
            if self.peek() == ",":
                self.i += 1
                continue
            self.eat(c)
            return out

    def primary(self):
        c = self.peek()
        if c == "(":
            items = self.args("(", ")")
            e = ("tuple", items)
        elif c == "<":
            e = ("tiler", self.args("<", ">"))
        elif c == "_" and not self.s[self.i + 1:self.i + 2].isdigit() and self.s[self.i + 1:self.i + 2] != "-":
            self.i += 1
            e = ("under",)
        elif c.isdigit() or c in "-_":
            m = re.match(r"_?-?\d+", self.s[self.i:])
            self.i += m.end()
            e = ("int", int(m.group(0).lstrip("_")))
        else:
            m = re.match(r"[A-Za-z_][A-Za-z_0-9]*", self.s[self.i:])
            assert m, self.s[self.i:]
            self.i += m.end()
            name = m.group(0)
            assert self.peek() == "(", name
            return ("call", name, self.args("(", ")"))
        if self.peek() == ":" and is_inttuple(e):
            self.i += 1
            d = self.primary()
            return ("layout", e, d)
        return e


def is_inttuple(e):
    return e[0] == "int" or (e[0] == "tuple" and all(is_inttuple(x) for x in e[1]))


def parse(s):
    p = P(s)
    e = p.expr()
    assert p.peek() == "", s
    return e


def tup(e):
    """An IntTuple expression as Python ints/tuples."""
    if e[0] == "int":
        return e[1]
    return tuple(tup(x) for x in e[1])


# ---------------------------------------------------------------- spellings
ALIASES = set(range(0, 11)) | {12, 16, 24, 32} | {v for v in range(40, 257, 8)} | {384, 768} | \
    {1 << k for k in range(9, 20)} | {-v for v in list(range(1, 11)) + [12, 16, 24, 32]}


class Cpp:
    """C++: `types` spells layouts as type literals, else with make_* builders."""

    def __init__(self, rng, types, static_only=False):
        self.rng, self.types, self.static_only = rng, types, static_only

    def int_type(self, v):
        if v in ALIASES and self.rng.random() < 0.7:
            return f"_m{-v}" if v < 0 else f"_{v}"
        return f"Int<{v}>"

    def int_value(self, v):
        r = self.rng.random()
        if self.types or r < 0.5:
            t = self.int_type(v)
            return t + "{}" if (r < 0.9 or t.startswith("_")) else t
        # a dynamic integer: CuTe computes it as the static one (the oracle is asked that)
        if self.static_only:
            return f"Int<{v}>{{}}"
        return str(v) if v >= 0 else f"Int<{v}>{{}}"

    def tuple_type(self, t, name):
        if isinstance(t, int):
            return self.int_type(t)
        return f"{name}<{','.join(self.tuple_type(x, name) for x in t)}>"

    def tuple_value(self, t, maker):
        if isinstance(t, int):
            return self.int_value(t)
        sep = self.rng.choice([", ", ",", " , "])
        return f"{maker}({sep.join(self.tuple_value(x, maker) for x in t)})"

    def layout(self, s, d):
        if self.types:
            if column_major(s, d) and self.rng.random() < 0.5:
                return f"Layout<{self.tuple_type(s, 'Shape')}>{{}}"
            return f"Layout<{self.tuple_type(s, 'Shape')}, {self.tuple_type(d, 'Stride')}>{{}}"
        shape = self.tuple_value(s, "make_shape")
        if isinstance(s, tuple) and column_major(s, d) and self.rng.random() < 0.4:
            return f"make_layout({shape})"
        if isinstance(s, tuple) and row_major(s, d) and self.rng.random() < 0.6:
            return f"make_layout({shape}, {self.rng.choice(['LayoutRight{}', 'GenRowMajor{}'])})"
        return f"make_layout({shape}, {self.tuple_value(d, 'make_stride')})"

    def expr(self, e, as_shape=False):
        k = e[0]
        if k == "int":
            return self.int_value(e[1])
        if k == "under":
            return "_"
        if k == "layout":
            return self.layout(tup(e[1]), tup(e[2]))
        if k == "tuple":
            if is_inttuple(e):
                t = tup(e)
                if self.types:
                    return self.tuple_type(t, "Shape") + "{}"
                return self.tuple_value(t, "make_shape")
            return f"make_tile({', '.join(self.expr(x) for x in e[1])})"
        if k == "tiler":
            return f"make_tile({', '.join(self.expr(x) for x in e[1])})"
        if k == "eval":
            return None  # L(i) has no C++ spelling worth testing here
        name, args = e[1], e[2]
        idx = [a[1] for a in args[1:]] if all(a[0] == "int" for a in args[1:]) else None
        if name in ("get", "select", "take", "group") and idx is not None:
            cpp = {"get": "layout"}.get(name, name)
            return f"{cpp}<{','.join(map(str, idx))}>({self.expr(args[0])})"
        if name in ("crd2idx", "idx2crd") or name == "make_ordered_layout":
            parts = []
            for i, a in enumerate(args):
                if a[0] == "tuple" and is_inttuple(a):
                    maker = "make_coord" if (name == "crd2idx" and i == 0) else \
                        ("make_step" if name == "make_ordered_layout" and i == 1 else "make_shape")
                    if name in ("crd2idx", "idx2crd") and i == 2:
                        maker = "make_stride"
                    parts.append(self.tuple_value(tup(a), maker))
                else:
                    parts.append(self.expr(a))
            return f"{name}({', '.join(parts)})"
        sub = [self.expr(a) for a in args]
        if any(x is None for x in sub):
            return None
        prefix = "cute::" if self.rng.random() < 0.2 else ""
        return f"{prefix}{name}({', '.join(sub)})"


def column_major(s, d):
    """Whether d is CuTe's compact column-major stride of s (LayoutLeft: a size-1 mode has
    stride 0)."""
    acc = 1
    for x, y in zip(flatten(s), flatten(d)):
        if y != (0 if x == 1 else acc):
            return False
        acc *= x
    return True


def row_major(s, d):
    """Whether d is CuTe's compact row-major stride of the flat shape s (LayoutRight)."""
    if not isinstance(s, tuple) or any(isinstance(x, tuple) for x in s):
        return False
    acc = 1
    for x, y in reversed(list(zip(s, d))):
        if y != (0 if x == 1 else acc):
            return False
        acc *= x
    return True


def flatten(t):
    if isinstance(t, int):
        return [t]
    return [y for x in t for y in flatten(x)]


class Dsl:
    """The CuTe DSL (Python): `cute.` calls, Python tuples, keyword arguments."""

    KW = {"logical_divide": "tiler", "zipped_divide": "tiler", "tiled_divide": "tiler",
          "flat_divide": "tiler", "logical_product": "tiler", "zipped_product": "tiler",
          "tiled_product": "tiler", "flat_product": "tiler", "complement": "cotarget",
          "make_ordered_layout": "order"}

    def __init__(self, rng):
        self.rng = rng

    def py(self, t):
        if isinstance(t, int):
            return f"{t:_}" if t >= 1000 and self.rng.random() < 0.5 else str(t)
        if len(t) == 1:
            return f"({self.py(t[0])},)"
        sep = self.rng.choice([", ", ","])
        trail = "," if self.rng.random() < 0.15 else ""
        return f"({sep.join(self.py(x) for x in t)}{trail})"

    def expr(self, e):
        k = e[0]
        if k == "int":
            return str(e[1])
        if k == "under":
            return "None"
        if k == "layout":
            s, d = tup(e[1]), tup(e[2])
            if column_major(s, d) and isinstance(s, tuple) and self.rng.random() < 0.3:
                return f"cute.make_layout({self.py(s)})"
            return f"cute.make_layout({self.py(s)}, stride={self.py(d)})"
        if k == "tuple":
            if is_inttuple(e):
                return self.py(tup(e))
            parts = [self.expr(x) for x in e[1]]
            return f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"
        if k == "tiler":
            parts = [self.expr(x) for x in e[1]]
            return f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"
        if k == "eval":
            return None
        name, args = e[1], e[2]
        if any(x is None for x in map(self.expr, args)):
            return None
        if name in ("take", "filter", "flatten", "max_common_layout", "max_common_vector"):
            if name in ("take",):
                return None
        if name in ("get", "select"):
            modes = ", ".join(self.expr(a) for a in args[1:])
            return f"cute.{name}({self.expr(args[0])}, mode=[{modes}])"
        if name == "group":
            return f"cute.group_modes({', '.join(self.expr(a) for a in args)})"
        if name == "crd2idx" and len(args) == 3:
            lay = f"cute.make_layout({self.expr(args[1])}, stride={self.expr(args[2])})"
            return f"cute.crd2idx({self.expr(args[0])}, {lay})"
        if name == "idx2crd" and len(args) == 3:
            return None
        sub = [self.expr(a) for a in args]
        if name in self.KW and len(sub) == 2 and self.rng.random() < 0.5:
            sub[1] = f"{self.KW[name]}={sub[1]}"
        if name == "coalesce" and len(sub) == 2:
            sub[1] = f"target_profile={sub[1]}"
        return f"cute.{name}({', '.join(sub)})"


def decorate(stmt, rng):
    """Blanks, comments, a trailing `;` as pasted C++ has them."""
    r = rng.random()
    if r < 0.15:
        stmt = stmt + ";"
    elif r < 0.25:
        stmt = stmt + ";  // pasted"
    elif r < 0.3:
        stmt = "/* c */ " + stmt
    if rng.random() < 0.2:
        stmt = stmt.replace("(", " (", 1)
    return stmt


def normalize(printed):
    return re.sub(r"_(?=[-\d])", "", printed)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    cases = []
    for path in ("cases.tsv", "seed4242/cases.tsv"):
        for line in open(os.path.join(HERE, path), encoding="utf-8"):
            stmt, want = line.rstrip("\n").split("\t")
            if "Sw<" in stmt or "smem_ptr" in stmt or "mma" in stmt or "copy" in stmt:
                continue
            cases.append((stmt, want))
    rng.shuffle(cases)
    cases = cases[: args.n]
    spelled = []  # (style, statement, expected, cpp_for_oracle or None)
    for i, (stmt, want) in enumerate(cases):
        try:
            e = parse(stmt)
        except AssertionError:
            continue
        style = ["types", "builders", "dsl"][i % 3]
        if style == "dsl":
            s = Dsl(rng).expr(e)
            if s is None:
                style = "types"
            else:
                spelled.append((style, s, want, None))
                continue
        state = rng.getstate()
        s = Cpp(rng, style == "types").expr(e)
        if s is None:
            continue
        # the same spelling with static integers only, for the oracle
        twin = random.Random()
        twin.setstate(state)
        static = Cpp(twin, style == "types", static_only=True).expr(e)
        spelled.append((style, decorate(s, rng), want, static))
    import oracle

    exprs = [c for (_, _, w, c) in spelled if c is not None and not w.startswith("error")]
    results = oracle._run_batch(exprs, lambda m: print(m, file=sys.stderr)) if exprs else {}
    kept, dropped = [], 0
    counts = {}
    for style, s, want, cpp in spelled:
        if cpp is not None and not want.startswith("error"):
            r = results.get(cpp)
            if not r or r[0] != "ok" or normalize(r[1]) != want:
                dropped += 1
                print(f"dropped: {cpp} -> {r} (want {want})", file=sys.stderr)
                continue
        kept.append(f"{s}\t{want}")
        counts[style] = counts.get(style, 0) + 1
    # the DSL's own answer to its spellings, where it gives one
    import differential
    dsl_stmts = [line.split("\t", 1)[0] for line in kept if line.startswith("cute.")]
    answers = dict(zip(dsl_stmts, differential.ask_dsl(dsl_stmts))) if dsl_stmts else {}
    for i, line in enumerate(kept):
        stmt, want = line.split("\t", 1)
        got = answers.get(stmt)
        if got and not got.startswith("error:") and "?" not in got and got != want:
            kept[i] = f"{stmt}\t{got}"
    with open(os.path.join(ROOT, "tests/golden/spellings.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(kept) + "\n")
    print(f"wrote {len(kept)} spellings ({counts}); {dropped} C++ spellings dropped "
          f"(CuTe printed something else)")


if __name__ == "__main__":
    main()
