"""Differential: the golden corpus (tests/golden/*.tsv, checked against CuTe C++ and `cute eval`)
through Python: each statement read by ``cutelayout.read`` (the CLI's path), and each call of a
table function made again from Python with its arguments as Python objects (the DSL's API: where
the DSL answers otherwise, as the statement spelled as DSL text answers)."""

import pytest

import cutelayout as cute

FILES = ["docs.tsv", "algebra.tsv", "swizzle.tsv"]


def cases(repo):
    out = []
    for name in FILES:
        path = repo / "tests" / "golden" / name
        for line in path.read_text().splitlines():
            if line.strip():
                stmt, want = line.split("\t", 1)
                out.append((name, stmt, want))
    return out


def split_call(stmt):
    """`name(a, b, c)` as (name, [a, b, c]) at the top level of brackets, or None."""
    i = stmt.find("(")
    if i <= 0 or not stmt.endswith(")") or not stmt[:i].isidentifier():
        return None
    args, depth, start = [], 0, i + 1
    for j in range(i + 1, len(stmt) - 1):
        c = stmt[j]
        if c in "([<":
            depth += 1
        elif c in ")]>":
            depth -= 1
            if depth < 0:
                return None
        elif c == "," and depth == 0:
            args.append(stmt[start:j].strip())
            start = j + 1
    if depth != 0:
        return None
    last = stmt[start:-1].strip()
    if last:
        args.append(last)
    return stmt[:i], args


def shown(v):
    """A Python result as cute prints it: tuples without spaces."""
    return str(v).replace(" ", "").replace(",)", ")") if isinstance(v, tuple) else str(v)


def test_golden_corpus_through_python(repo):
    failures = []
    n_calls = 0
    for name, stmt, want in cases(repo):
        try:
            got = shown(cute.read(stmt))
        except cute.CuteError as e:
            got = "error: " + e.message
        if got != want and not (want.startswith("error") and got.startswith("error")):
            failures.append(f"{name}: read({stmt}) = {got}, want {want}")
            continue
        call = split_call(stmt)
        if call is None or cute._native.lookup(call[0]) is None:
            continue
        fname, args = call
        try:
            values = [cute.read(a) for a in args]
        except cute.CuteError:
            continue
        n_calls += 1
        try:
            got2 = shown(getattr(cute, fname)(*values))
        except cute.CuteError as e:
            got2 = "error: " + e.message
        if got2 != got and not (got.startswith("error") and got2.startswith("error")):
            # the package is the DSL's API: where the DSL answers otherwise (raked_product),
            # its answer is the statement's spelled as DSL text (SPEC §1)
            try:
                dsl = shown(cute.read("cute." + stmt))
            except cute.CuteError as e:
                dsl = "error: " + e.message
            if got2 == dsl:
                continue
            failures.append(f"{name}: cute.{fname}(*{values!r}) = {got2}, want {got} (DSL: {dsl})")
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} failures)"
    assert n_calls > 500
