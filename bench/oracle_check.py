#!/usr/bin/env python3
"""Ask CuTe C++ (via /work/shared/tools/cute-oracle) about statements of the corpus.

  python3 bench/oracle_check.py 'right_inverse((8,6):(1,0))' ...
  grep '^logical_divide' bench/compare.txt | python3 bench/oracle_check.py [--diff]

Each statement must appear in bench/statements.json (it is looked up by its text);
it is translated into a C++ expression with all-static integers, and the oracle's
answer is printed next to what `target/release/cute eval` prints. Expressions are sent
in batches; a batch that fails to compile (a static_assert: CuTe has no answer) is
split until the failing statement is alone, which is then reported as `(no answer)`.
`same` / `DIFF` compares the oracle's print (with `_` removed) to cute's line; a refusal
on both sides is `same`. With --diff only the DIFF lines are printed.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.environ.get("CUTE_ORACLE", "/work/shared/tools/cute-oracle")
CUTE = os.path.join(ROOT, "target", "release", "cute")
BATCH = int(os.environ.get("ORACLE_BATCH", "100"))
only_diff = False


def ty(t):
    if isinstance(t, int):
        return f"Int<{t}>"
    return "Shape<" + ",".join(ty(e) for e in t) + ">"


def lay(a):
    return f"Layout<{ty(a['L'][0])},{ty(a['L'][1])}>{{}}"


def arg(a):
    if "L" in a:
        return lay(a)
    if "T" in a:
        return "make_tile(" + ",".join(
            lay(e) if "L" in e else (f"Int<{e['I']}>{{}}" if "I" in e else "_") for e in a["T"]) + ")"
    if "I" in a:
        return f"Int<{a['I']}>{{}}"
    if "C" in a:
        return ",".join(f"Int<{c}>{{}}" for c in a["C"])
    raise ValueError(a)


def cpp(rec):
    op, args = rec["op"], rec["args"]
    if op == "eval":
        return f"{lay(args[0])}({arg(args[1])})"
    return f"{op}(" + ",".join(arg(a) for a in args) + ")"


def oracle(exprs):
    p = subprocess.run([ORACLE], input="\n".join(exprs) + "\n", capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr
    return p.stdout.strip("\n").split("\n"), ""


def solve(exprs):
    out, err = oracle(exprs)
    if out is not None and len(out) == len(exprs):
        return out
    if len(exprs) == 1:
        msg = err.strip().split("\n")[0][-160:] if err else "?"
        return [f"(no answer: {msg})"]
    h = len(exprs) // 2
    return solve(exprs[:h]) + solve(exprs[h:])


def main():
    global only_diff
    argv = sys.argv[1:]
    only_diff = "--diff" in argv
    argv = [a for a in argv if a != "--diff"]
    stmts = argv or [l.strip() for l in sys.stdin if l.strip()]
    with open(os.path.join(HERE, "statements.txt")) as f:
        texts = f.read().split("\n")
    with open(os.path.join(HERE, "statements.json")) as f:
        recs = json.load(f)
    by_text = dict(zip(texts, recs))
    stmts = [s for s in stmts if s in by_text]
    exprs = [cpp(by_text[s]) for s in stmts]
    answers = []
    for k in range(0, len(exprs), BATCH):
        answers += solve(exprs[k:k + BATCH])
    cute = subprocess.run([CUTE, "eval"], input="\n".join(stmts) + "\n", capture_output=True,
                          text=True).stdout.split("\n")
    for s, a, c in zip(stmts, answers, cute):
        a = a.replace("_", "") if not a.startswith("(no answer") else a
        if a.startswith("(no answer"):
            mark = "same" if c.startswith("error:") else "DIFF"
        else:
            mark = "same" if a == c else "DIFF"
        if mark == "DIFF" or not only_diff:
            print(f"{mark}  {s}\n      CuTe C++: {a}\n      cute:     {c}", flush=True)


if __name__ == "__main__":
    main()
