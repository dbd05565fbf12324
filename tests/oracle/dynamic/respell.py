#!/usr/bin/env python3
"""Issue 36: the expectations of tests/golden/spellings.tsv for statements whose C++ text has
dynamic integers (plain literals: SPEC §1), from CuTe itself.

spell.py asked CuTe for each C++ spelling's all-static twin; a plain C++ literal is dynamic,
so such a statement's answer is CuTe's for the statement as written, which keeps CuTe's
size-1 modes and dynamic integers. This asks cute-oracle for those statements (answers cached
in spellings_cache.json beside this script) and rewrites their expectation as the notation
prints CuTe's answer: `_4` is `4`, a dynamic `4` is `4?`. Law refusals and non-C++ lines
keep their expectation; the statements CuTe refuses once their literals are dynamic (its
static_asserts on what must be static) move to spellings_refused.txt beside this script.

Usage: python3 tests/oracle/dynamic/respell.py
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402

oracle.CACHE_FILE = os.path.join(HERE, "spellings_cache.json")
FILE = os.path.join(ROOT, "tests/golden/spellings.tsv")




def to_notation(printed):
    """CuTe's print in the notation: `_4` -> `4`, a dynamic `4` -> `4?` (basis modes after `@`,
    swizzle parameters and pointer widths are no integers of the value)."""
    out, i, n = [], 0, len(printed)
    while i < n:
        c = printed[i]
        if printed.startswith("Sw<", i) or printed.startswith("smem_ptr[", i):
            j = printed.index(">" if c == "S" else "]", i) + 1
            out.append(printed[i:j])
            i = j
            continue
        if c == "_" and i + 1 < n and (printed[i + 1].isdigit() or printed[i + 1] == "-"):
            m = re.match(r"-?\d+", printed[i + 1:])
            out.append(m.group(0))
            i += 1 + len(m.group(0))
            continue
        if c == "@":
            m = re.match(r"\d+", printed[i + 1:])
            out.append("@" + m.group(0))
            i += 1 + len(m.group(0))
            continue
        if c.isdigit() or (c == "-" and i + 1 < n and printed[i + 1].isdigit()):
            prev = printed[i - 1] if i else ""
            m = re.match(r"-?\d+", printed[i:])
            if prev.isalnum():
                out.append(m.group(0))
            else:
                out.append(m.group(0) + "?")
            i += len(m.group(0))
            continue
        out.append(c)
        i += 1
    return "".join(out)


def oracle_expr(s):
    """The statement as one C++ expression: comments, `cute::` and a trailing `;` dropped."""
    s = re.sub(r"/\*.*?\*/", " ", s)
    s = re.sub(r"//.*$", "", s)
    s = s.strip()
    while s.endswith(";"):
        s = s[:-1].strip()
    return s


def main():
    lines = open(FILE, encoding="utf-8").read().splitlines()
    cases = [tuple(l.split("\t")) for l in lines if l.strip()]
    # which statements cute reads with a dynamic integer: `--format cute` has an integer not
    # after `_` where the plain form has a `?`
    stmts = [s for s, _ in cases]
    p = subprocess.run([os.path.join(ROOT, "target/debug/cute"), "eval"],
                       input="\n".join(stmts) + "\n", capture_output=True, text=True)
    plain = p.stdout.splitlines()
    assert len(plain) == len(cases), (len(plain), len(cases))
    todo = {}
    for (s, want), got in zip(cases, plain):
        if "?" in got and not want.startswith("error") and not s.startswith("cute."):
            todo[s] = oracle_expr(s)
    cache = oracle.load_cache()
    oracle.evaluate(list(todo.values()), cache, batch=150, jobs=1)
    out, changed, refused = [], 0, []
    for s, want in cases:
        if s in todo:
            st, val = cache[todo[s]]
            if st != "ok":
                refused.append(f"{s}\t{val}")
                continue
            new = to_notation(val)
            changed += new != want
            want = new
        out.append(f"{s}\t{want}")
    with open(FILE, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(HERE, "spellings_refused.txt"), "a", encoding="utf-8") as f:
        for r in refused:
            f.write(r + "\n")
    refused = len(refused)
    print(f"{len(todo)} dynamic statements asked, {changed} expectations changed, "
          f"{refused} refused", file=sys.stderr)


if __name__ == "__main__":
    main()
