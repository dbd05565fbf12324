#!/usr/bin/env python3
"""Byte-identical outputs of two cute binaries: the checks of a speed step (BENCHMARKS.md,
"Session 31, second part").

    python3 bench/same_outputs.py BASE NEW [--cache DIR]

Runs both binaries on: the mix and the corpus (20,000 lines each, the notation, and the mix
with `--format cute`), the mix's layouts alone (both), each line alone of
tests/oracle/dynamic/cases.tsv, dsl_cases.tsv and tests/oracle/divisibility/cases.tsv
(`--format cute`; the divisibility cases also in the notation), the golden lines of
/work/shared/golden/*.tsv (both notations, and the count of algebra/docs lines whose first
output line is the expected one), examples/tiles.cute through `run`, hostile or edge lines
(alone each, as one session in `eval`, `eval --strict`, `run`), and `explain` of 300 of the
mix's inverses and the hostile ones (plain, and json with --verify), and compares stdout, stderr and
the exit status of each. BASE's outputs are kept in --cache (reused when the binary is the
same). Prints one line per check and exits 1 on any difference.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GOLDEN = "/work/shared/golden"

HOSTILE = [
    "(" * 300 + "4" + ")" * 300 + ":1",
    "(" * 100000 + "4" + ")" * 100000 + ":1",
    "(" + ",".join(["2"] * 5000) + "):1",
    "(" * 200 + "4 5" + ")" * 200 + ":1",
    "(" + ",".join(["2"] * 3000) + "):(" + ",".join(["1"] * 3000) + ")",
    "(" * 31 + "4" + ")" * 31 + ":" + "(" * 31 + "1" + ")" * 31,
    "(" * 33 + "4" + ")" * 33 + ":" + "(" * 33 + "1" + ")" * 33,
    "4:010",
    "4:08",
    "07:1",
    "99999999999999999999:1",
    "(4,2):1",
    "4:1 ",
    "(4, 2):(1,4)",
    "4:1:2",
    "(cute::_4,2):(1,2)",
    "right_inverse((4,(2,3)):(6,(1,2)))",
    "left_inverse((4,(2,3)):(6,(1,2)))",
    "right_inverse((4,?2):(?1,4))",
    "left_inverse((4,8):(?1,4))",
    "left_inverse(4:-1)",
    "right_inverse(4:-1)",
    "right_inverse((2,4):(0,1))",
    "left_inverse((2,4):(0,1))",
    "right_inverse((4611686018427387904,4):(1,4611686018427387904))",
    "left_inverse((4611686018427387904,4):(1,4611686018427387904))",
    "right_inverse(make_layout(make_shape(4, Int<8>{})))",
    "left_inverse(make_layout(make_shape(4, Int<8>{})))",
    "right_inverse(make_layout(make_shape(Int<4>{}, 8), make_stride(8, Int<1>{})))",
    "right_inverse(1:0)",
    "left_inverse(1:0)",
    "right_inverse((2,2):(2,1))",
    "left_inverse((3,2):(2,1))",
    "((4,2):(1,4))(3)",
    "((4,2):(1,4))(9)",
    "((4,2):(1,4))(1,1)",
    "size((4,?2):(1,4))",
    "cosize((4,2):(1,-4))",
    "logical_divide((4,(2,3)):(6,(1,2)), 2:3)",
    "x = (4,2):(1,4)",
    "ans",
    "right_inverse(x)",
    "left_inverse(ans)",
    "import cutlass.cute as cute",
    "cute.right_inverse(cute.make_layout((4, 8), stride=(8, 1)))",
    "4:1",
]


def run(binary, args, stdin_text):
    p = subprocess.run([binary, *args], input=stdin_text.encode(), capture_output=True,
                       cwd=ROOT, timeout=300)
    return p.stdout, p.stderr, p.returncode


def digest(out):
    h = hashlib.sha256()
    h.update(out[0])
    h.update(b"\0stderr\0")
    h.update(out[1])
    h.update(f"\0rc={out[2]}".encode())
    return h.hexdigest()


def read_lines(path):
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def mix_layouts():
    evaluation = re.compile(r"^(.*:.*)\(([0-9, ]+)\)$")
    return [m.group(1) for m in map(evaluation.match, read_lines(os.path.join(HERE, "mix_statements.txt"))) if m]


def tsv_first(path):
    return [line.split("\t")[0] for line in read_lines(path)]


def checks():
    """(name, [(args, stdin)] runs) for each check."""
    mix = "\n".join(read_lines(os.path.join(HERE, "mix_statements.txt"))) + "\n"
    corpus = "\n".join(read_lines(os.path.join(HERE, "statements.txt"))) + "\n"
    layouts = "\n".join(mix_layouts()) + "\n"
    out = [
        ("mix", [(["eval"], mix)]),
        ("mix --format cute", [(["--format", "cute", "eval"], mix)]),
        ("corpus", [(["eval"], corpus)]),
        ("corpus --format cute", [(["--format", "cute", "eval"], corpus)]),
        ("mix layouts", [(["eval"], layouts)]),
        ("mix layouts --format cute", [(["--format", "cute", "eval"], layouts)]),
    ]
    for rel, formats in [("tests/oracle/dynamic/cases.tsv", [["--format", "cute"]]),
                         ("tests/oracle/dynamic/dsl_cases.tsv", [["--format", "cute"]]),
                         ("tests/oracle/divisibility/cases.tsv", [["--format", "cute"], []])]:
        lines = tsv_first(os.path.join(ROOT, rel))
        for fmt in formats:
            out.append((f"{rel} alone {' '.join(fmt) or 'notation'}",
                        [([*fmt, "eval"], line + "\n") for line in lines]))
    golden = []
    for name in sorted(os.listdir(GOLDEN)):
        if name.endswith(".tsv"):
            golden += tsv_first(os.path.join(GOLDEN, name))
    for fmt in [[], ["--format", "cute"]]:
        out.append((f"golden alone {' '.join(fmt) or 'notation'}",
                    [([*fmt, "eval"], line + "\n") for line in golden]))
    out.append(("examples/tiles.cute", [(["run", "examples/tiles.cute"], "")]))
    session = "\n".join(HOSTILE) + "\n"
    for fmt in [[], ["--format", "cute"]]:
        name = " ".join(fmt) or "notation"
        out.append((f"hostile alone {name}", [([*fmt, "eval"], line + "\n") for line in HOSTILE]))
        out.append((f"hostile session {name}", [([*fmt, "eval"], session)]))
        out.append((f"hostile session --strict {name}", [([*fmt, "--strict", "eval"], session)]))
    path = os.path.join(tempfile.gettempdir(), "same_outputs_hostile.cute")
    with open(path, "w") as f:
        f.write(session)
    out.append(("hostile run", [(["run", path], "")]))
    # the inverses' derivations (the steps a Recorder keeps), plain and json with --verify
    mix_lines = read_lines(os.path.join(HERE, "mix_statements.txt"))
    inverses = [m for m in mix_lines if m.startswith("right_inverse(")][:150]
    inverses += [m for m in mix_lines if m.startswith("left_inverse(")][:150]
    inverses += [h for h in HOSTILE if "inverse(" in h and len(h) < 200]
    out.append(("explain inverses", [(["explain", e], "") for e in inverses]))
    out.append(("explain inverses json --verify",
                [(["explain", "--format", "json", "--verify", e], "") for e in inverses]))
    return out


def golden_first_lines(binary):
    """The golden lines of algebra.tsv and docs.tsv whose first output line is the expected."""
    good = total = 0
    for name in ("algebra.tsv", "docs.tsv"):
        for line in read_lines(os.path.join(GOLDEN, name)):
            stmt, _, want = line.partition("\t")
            got = run(binary, ["eval"], stmt + "\n")[0].decode(errors="replace").split("\n")[0]
            total += 1
            good += got.strip() == want.strip()
    return f"{good}/{total}"


def outputs(binary, known=None):
    """Each check's digests (those in `known` taken from it)."""
    result = {}
    for name, runs in checks():
        if known and name in known:
            result[name] = known[name]
            continue
        result[name] = [digest(run(binary, args, stdin)) for args, stdin in runs]
    name = "golden first lines"
    result[name] = known[name] if known and name in known else [golden_first_lines(binary)]
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--cache", default="/tmp/same_outputs_cache")
    args = parser.parse_args()
    os.makedirs(args.cache, exist_ok=True)
    with open(args.base, "rb") as f:
        key = hashlib.sha256(f.read()).hexdigest()[:16]
    cached = os.path.join(args.cache, key + ".json")
    known = {}
    if os.path.exists(cached):
        with open(cached) as f:
            known = json.load(f)
    base = outputs(args.base, known)
    if base != known:
        with open(cached, "w") as f:
            json.dump(base, f)
    new = outputs(args.new)
    differ = 0
    for name in base:
        b, n = base[name], new.get(name, [])
        bad = [i for i, (x, y) in enumerate(zip(b, n)) if x != y] + list(range(min(len(b), len(n)), max(len(b), len(n))))
        status = "same" if not bad else f"DIFFER at runs {bad[:10]}"
        extra = f" {n[0]}" if name == "golden first lines" else ""
        print(f"{name}: {len(b)} runs {status}{extra}")
        differ += bool(bad)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
