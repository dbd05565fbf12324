#!/usr/bin/env python3
"""Run `cute eval` over the oracle cases and list the differences.

  cases.tsv          cute must print EXPECTED exactly; an `error:` line is
                     accepted but reported separately as "cute refused"
                     (allowed only where CuTe's answer breaks the law).
  cute_refuses.txt   CuTe does not compile these: cute must print `error:`.

For every difference the report says, where it can, whether `got` is the same
function as `expected` (same size and same values: "structure differs") and,
for composition / inverses, whether CuTe's answer satisfies the operation's
law (so a refusal can be judged).

Usage: python3 compare.py [--bin PATH] [--max N] [--json FILE]
Exit status 0 when there are no mismatches (refusals by cute are not counted).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# ---------------------------------------------------------------- parsing


class P:
    def __init__(self, s):
        self.s, self.i = s, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def peek(self):
        self.ws()
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, c):
        if self.peek() != c:
            raise ValueError(f"expected {c!r} at {self.i} in {self.s!r}")
        self.i += 1

    def int(self):
        self.ws()
        m = re.compile(r"_?(-?\d+)").match(self.s, self.i)
        if not m:
            raise ValueError(f"int expected at {self.i} in {self.s!r}")
        self.i = m.end()
        return int(m.group(1))

    def tup(self):
        """IntTuple or tuple of layouts/underscores (tiler)."""
        if self.peek() == "(":
            self.eat("(")
            els = [self.elem()]
            while self.peek() == ",":
                self.eat(",")
                els.append(self.elem())
            self.eat(")")
            return tuple(els)
        if self.peek() == "_" and not re.match(r"_-?\d", self.s[self.i:self.i + 3]):
            self.i += 1
            return "_"
        return self.int()

    def elem(self):
        t = self.tup()
        if self.peek() == ":":
            self.eat(":")
            return Lay(t, self.tup())
        return t

    def value(self):
        v = self.elem()
        if self.peek() != "":
            raise ValueError(f"trailing text in {self.s!r}")
        return v


class Lay:
    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride

    def __repr__(self):
        return f"{self.shape}:{self.stride}"


def flat(t):
    return [t] if isinstance(t, int) else [x for m in t for x in flat(m)]


def size(t):
    n = 1
    for x in flat(t):
        n *= x
    return n


def lay_size(L):
    return size(L.shape)


def ev(L, i):
    """CuTe evaluation of a layout at index i; the last mode is not wrapped."""
    sh, st = flat(L.shape), flat(L.stride)
    r = 0
    for k, (s, d) in enumerate(zip(sh, st)):
        if k == len(sh) - 1:
            r += i * d
        else:
            r += (i % s) * d
            i //= s
    return r


def modes(L):
    if isinstance(L.shape, int):
        return [L]
    return [Lay(s, d) for s, d in zip(L.shape, L.stride)]


def as_layout(v):
    if isinstance(v, Lay):
        return v
    if isinstance(v, (int, tuple)) and all(isinstance(x, int) for x in flat(v)):
        # shape as a LayoutLeft layout
        fl = flat(v)
        st, acc = [], 1
        for x in fl:
            st.append(acc)
            acc *= x
        it = iter(st)

        def go(s):
            return next(it) if isinstance(s, int) else tuple(go(m) for m in s)
        return Lay(v, go(v))
    raise ValueError("not a layout")


LIMIT = 1 << 16


def same_function(a, b):
    """None if undecidable, else bool."""
    if isinstance(a, Lay) and isinstance(b, Lay):
        n = lay_size(a)
        if n != lay_size(b):
            return False
        if n > LIMIT:
            return None
        return all(ev(a, i) == ev(b, i) for i in range(n))
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return False
        rs = [same_function(x, y) for x, y in zip(a, b)]
        if any(r is False for r in rs):
            return False
        return None if any(r is None for r in rs) else True
    return a == b


def split_args(s):
    """'f(a, b, c)' -> ('f', ['a','b','c'])"""
    m = re.match(r"([a-z_][a-z_0-9]*)\((.*)\)$", s)
    if not m:
        return None, None
    body, args, depth, cur = m.group(2), [], 0, ""
    for c in body:
        if c in "(<":
            depth += 1
        elif c in ")>":
            depth -= 1
        if c == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += c
    args.append(cur.strip())
    return m.group(1), args


def parse_tiler(s):
    """returns Lay, or list of elements (Lay | '_' | shape tiler tuple)"""
    s = s.strip()
    if s.startswith("<"):
        els = []
        _, parts = split_args("t(" + s[1:-1] + ")")
        for p in parts:
            if p == "_":
                els.append("_")
            else:
                v = P(p).value()
                els.append(v if isinstance(v, Lay) else Lay(v, 1) if isinstance(v, int) else v)
        return els
    v = P(s).value()
    if isinstance(v, Lay):
        return v
    if isinstance(v, int):
        return Lay(v, 1)
    return list(v)  # shape tiler: by-mode


def comp_law(A, B, R):
    """Does R satisfy the composition law for A o B (B a layout or by-mode list)?"""
    if isinstance(B, Lay):
        if not isinstance(R, Lay) or lay_size(R) != lay_size(B):
            return False
        n = lay_size(B)
        if n > LIMIT:
            return None
        return all(ev(R, i) == ev(A, ev(B, i)) for i in range(n))
    am, rm = modes(A), modes(R)
    if len(B) > len(am) or len(rm) != max(len(am), len(B)):
        return False
    res = True
    for k in range(len(rm)):
        b = B[k] if k < len(B) else "_"
        if b == "_":
            r = same_function(rm[k], am[k])
        elif isinstance(b, Lay):
            r = comp_law(am[k], b, rm[k])
        elif isinstance(b, int):
            r = comp_law(am[k], Lay(b, 1), rm[k])
        else:
            r = comp_law(am[k], list(b), rm[k])
        if r is False:
            return False
        if r is None:
            res = None
    return res


def law_check(stmt, result_text):
    """'law ok' / 'LAW BROKEN' / None for CuTe's (or cute's) printed result."""
    try:
        R = P(result_text).value()
        name, args = split_args(stmt)
        if name is None:
            m = re.match(r"(.*) o (.*)$", stmt)
            if not m:
                return None
            name, args = "composition", [m.group(1), m.group(2)]
        if name == "composition":
            A = as_layout(P(args[0]).value())
            ok = comp_law(A, parse_tiler(args[1]), R)
        elif name in ("left_inverse", "right_inverse"):
            Lx = as_layout(P(args[0]).value())
            if not isinstance(R, Lay):
                return "LAW BROKEN"
            if name == "left_inverse":
                n = lay_size(Lx)
                ok = None if n > LIMIT else all(ev(R, ev(Lx, i)) == i for i in range(n))
            else:
                n = lay_size(R)
                ok = None if n > LIMIT else all(ev(Lx, ev(R, i)) == i for i in range(n))
        else:
            return None
    except Exception:
        return None
    return None if ok is None else ("law ok" if ok else "LAW BROKEN")


def relation(expected, got):
    try:
        e, g = P(expected).value(), P(got).value()
    except Exception:
        return "got does not parse" if not got.startswith("error") else ""
    r = same_function(e, g)
    if r is True:
        return "same function, structure differs"
    if r is False:
        return "different function"
    return ""


# ---------------------------------------------------------------- judging cute's refusals
# For a divide or product, CuTe's answer is built from an inner composition
# (divide: A_i o (B_i, complement(B_i, shape(coalesce(A_i)))); product:
# complement(A_i, size(A_i)*cosize(B_i)) o B_i, per mode for a tiler; blocked /
# raked products: on append<R>(A), append<R>(B)). We ask CuTe for both operands
# and for its composition, and evaluate the composition law.


def cpp_layout(v):
    import gen_cases as G
    if isinstance(v, Lay):
        return G.L(v.shape, v.stride).cpp()
    return f"make_layout({G.cpp_val(v, 'Shape')})"


def inner_pairs(stmt):
    """[(X_cpp, Y_cpp)] whose compositions CuTe's answer is made of; None if n/a."""
    name, args = split_args(stmt)
    if name is None:
        for op, nm in ((" / ", "logical_divide"), (" * ", "logical_product")):
            if op in stmt:
                name, args = nm, stmt.split(op, 1)
    if name is None or len(args) != 2:
        return None
    kind = name.split("_")[-1]
    if kind not in ("divide", "product"):
        return None
    # a composed layout Sw<..> o L: the divides and products act on L
    A = P(re.sub(r"^\s*Sw<[^>]*>\s+o\s+", "", args[0])).value()
    Ac = cpp_layout(A)
    if name in ("blocked_product", "raked_product"):
        B = P(args[1]).value()
        ra = 1 if isinstance(A.shape, int) else len(A.shape)
        Bl = B if isinstance(B, Lay) else as_layout(B)
        rb = 1 if isinstance(Bl.shape, int) else len(Bl.shape)
        R = max(ra, rb)
        a, b = f"append<{R}>({Ac})", f"append<{R}>({cpp_layout(B)})"
        return [(f"complement({a}, size({a})*cosize({b}))", b)]
    t = parse_tiler(args[1])
    if isinstance(t, Lay):
        elems = [(Ac, t)]
    else:
        elems = []
        for i, e in enumerate(t):
            if e == "_":
                continue
            if isinstance(e, tuple):
                return None  # nested shape tiler: not handled
            e = Lay(e, 1) if isinstance(e, int) else e
            elems.append((f"layout<{i}>({Ac})", e))
    out = []
    for a, b in elems:
        bc = cpp_layout(b)
        if kind == "divide":
            out.append((a, f"make_layout({bc}, complement({bc}, shape(coalesce({a}))))"))
        else:
            out.append((f"complement({a}, size({a})*cosize({bc}))", bc))
    return out


def verify_refusals(items):
    """items: [(stmt, expected)] -> {stmt: verdict}"""
    import oracle
    cache = oracle.load_cache()
    plan = {}
    exprs = []
    for s, e in items:
        pairs = inner_pairs(s)
        if not pairs:
            continue
        plan[s] = pairs
        for x, y in pairs:
            exprs += [x, y, f"composition({x}, {y})"]
    if exprs:
        oracle.evaluate(exprs, cache, log=lambda m: None)
    verdict = {}
    for s, pairs in plan.items():
        v = "law ok"
        for x, y in pairs:
            rs = [cache[q] for q in (x, y, f"composition({x}, {y})")]
            if any(r[0] != "ok" for r in rs):
                v = "inner step does not compile in CuTe"
                break
            X, Y, Z = (P(r[1]).value() for r in rs)
            ok = comp_law(X, Y, Z)
            if ok is False:
                v = (f"LAW BROKEN in its inner composition: {r_txt(rs[0][1])} o {r_txt(rs[1][1])}"
                     f" gives {r_txt(rs[2][1])}")
                break
            if ok is None:
                v = "law undecided (too large)"
        verdict[s] = v
    return verdict


def r_txt(t):
    return re.sub(r"_(?=[0-9-])", "", t)


# ---------------------------------------------------------------- running cute

def run_one(binp, stmt):
    try:
        p = subprocess.run([binp, "eval", stmt], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return "<timeout>"
    lines = p.stdout.splitlines()
    if len(lines) != 1:
        return f"<{len(lines)} lines, rc {p.returncode}: {p.stderr.strip()[-200:]!r} {p.stdout[:200]!r}>"
    return lines[0]


def run_cute(binp, stmts, chunk=200):
    out = []
    for k in range(0, len(stmts), chunk):
        part = stmts[k:k + chunk]
        try:
            p = subprocess.run([binp, "eval"] + part, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=120)
            lines = p.stdout.splitlines()
            ok = len(lines) == len(part) and p.returncode in (0, 1)
        except subprocess.TimeoutExpired:
            ok = False
        if ok:
            out += lines
        else:
            out += [run_one(binp, s) for s in part]
    return out


def op_of(stmt):
    name, args = split_args(stmt)
    if name is None:
        if " o " in stmt:
            name, args = "composition", stmt.split(" o ", 1)
        elif " / " in stmt:
            name, args = "logical_divide", stmt.split(" / ", 1)
        elif " * " in stmt:
            name, args = "logical_product", stmt.split(" * ", 1)
        else:
            return "eval L(...)"
    if name in ("composition",) or name.endswith("_divide") or name.endswith("_product"):
        b = args[1] if len(args) > 1 else ""
        kind = "tiler" if b.startswith("<") else "layout" if ":" in b else "shape"
        return f"{name} [{kind}]"
    if name == "coalesce" and len(args) == 2:
        return "coalesce [profile]"
    if name == "complement" and len(args) == 2:
        return "complement [cotarget]"
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "cute"))
    ap.add_argument("--max", type=int, default=15, help="examples shown per operation")
    ap.add_argument("--json", help="write all findings as JSON here")
    ap.add_argument("--dir", default=HERE, help="where cases.tsv and cute_refuses.txt are")
    ap.add_argument("--no-verify", action="store_true",
                    help="do not ask the oracle whether cute's refusals of divides/products are justified")
    args = ap.parse_args()

    cases = []
    with open(os.path.join(args.dir, "cases.tsv")) as f:
        for line in f:
            if line.strip():
                s, e = line.rstrip("\n").split("\t")
                cases.append((s, e))
    with open(os.path.join(args.dir, "cute_refuses.txt")) as f:
        refuses = [l.rstrip("\n") for l in f if l.strip()]

    got = run_cute(args.bin, [s for s, _ in cases] + refuses)
    got_cases, got_ref = got[:len(cases)], got[len(cases):]

    mism = collections.defaultdict(list)      # op -> [(stmt, expected, got, note)]
    refused = collections.defaultdict(list)   # op -> [(stmt, expected, got, law)]
    accepted = collections.defaultdict(list)  # op -> [(stmt, got)]  (CuTe refuses)
    total = collections.Counter()
    passed = 0
    for (s, e), g in zip(cases, got_cases):
        op = op_of(s)
        total[op] += 1
        if g == e:
            passed += 1
        elif g.startswith("error:"):
            refused[op].append((s, e, g, law_check(s, e) or "law n/a"))
        else:
            note = relation(e, g)
            law = law_check(s, g) if not g.startswith("<") else None
            if law:
                note += ("; " if note else "") + "cute's answer: " + law
            mism[op].append((s, e, g, note))
    if not args.no_verify:
        todo = [(s, e) for v in refused.values() for s, e, g, law in v if law == "law n/a"]
        verdict = verify_refusals(todo)
        for op in refused:
            refused[op] = [(s, e, g, verdict.get(s, law) if law == "law n/a" else law)
                           for s, e, g, law in refused[op]]
    ref_ok = 0
    for s, g in zip(refuses, got_ref):
        if g.startswith("error:"):
            ref_ok += 1
        else:
            accepted[op_of(s)].append((s, g))

    nm = sum(len(v) for v in mism.values())
    nr = sum(len(v) for v in refused.values())
    na = sum(len(v) for v in accepted.values())
    print(f"cases.tsv: {len(cases)} cases: {passed} exact, {nm} MISMATCH, {nr} refused by cute")
    print(f"cute_refuses.txt: {len(refuses)} statements: {ref_ok} refused by cute, {na} ACCEPTED (must be error)")
    print()
    ops = sorted(set(mism) | set(accepted), key=lambda o: -(len(mism.get(o, [])) + len(accepted.get(o, []))))
    for op in ops:
        ms = mism.get(op, [])
        print(f"== {op}: {len(ms)} mismatches of {total[op]}" +
              (f", {len(accepted[op])} accepted though CuTe refuses" if accepted.get(op) else ""))
        for s, e, g, note in ms[:args.max]:
            print(f"  {s}\n    expected {e}\n    got      {g}" + (f"\n    ({note})" if note else ""))
        for s, g in accepted.get(op, [])[:args.max]:
            print(f"  {s}\n    expected error:\n    got      {g}")
    if refused:
        print()
        print(f"== refused by cute ({nr}); law = whether CuTe's answer satisfies the operation's law")
        for op in sorted(refused, key=lambda o: -len(refused[o])):
            print(f"  -- {op}: {len(refused[op])}")
            for s, e, g, law in refused[op][:args.max]:
                print(f"  {s}\n    CuTe     {e}   [{law}]\n    cute     {g}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"mismatch": mism, "refused": refused, "accepted": accepted}, f, indent=1)
    sys.exit(1 if nm or na else 0)


if __name__ == "__main__":
    main()
