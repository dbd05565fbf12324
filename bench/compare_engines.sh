#!/usr/bin/env bash
# Compare two builds of cute byte for byte: the binary of BASE_COMMIT against the working tree's.
#
#   bench/compare_engines.sh [BASE_COMMIT]
#
# BASE_COMMIT (default 69b4260782caeef23913bc3dde9cbbd1b0e83e9e, the HEAD this script was
# written against) is checked out in a git worktree under $CMP_DIR (default /tmp/cute_compare)
# and built there with its own CARGO_TARGET_DIR; the working tree is built with
# `cargo build --release` (target/release/cute, or $CARGO_TARGET_DIR/release/cute).
# Then, for each corpus,
#   bench/statements.txt, bench/mix_statements.txt, 300,000 random statements
#   (bench/gen_random_statements.py $RANDOM_N $RANDOM_SEED), $MALFORMED_N (50,000) lines
#   of random bytes of the notation (seed $MALFORMED_SEED), the example scripts, the golden
#   statements of ../shared/golden (first column of the .tsv files, refusals.txt) and of tests/golden +
#   tests/oracle (the same, plus the statement lines of spellings_sessions.txt),
# it runs both binaries and compares stdout, stderr and the exit code byte for byte:
#   stdin      `cute eval < CORPUS` (the whole file, one session)
#   stdin json `cute --format json eval < CORPUS`
#   merged     `cute eval < CORPUS 2>&1` and `cute run --format grid FILE 2>&1`: stdout and
#              stderr on one pipe, so that their order is compared too
#   per line   the same session with a marker statement after every line, so that each
#              line's output can be told apart: counts identical / differing statements
#   one-liner  `cute eval "$line"` for a sample of $ONELINER_N lines (default 2000)
#   explain    `cute explain "$line"`, `cute explain --format json "$line"` and
#              `cute --format json eval "$line"` for a sample of $EXPLAIN_N lines (500)
# and prints per corpus: lines, identical, differing, and the first 20 differing lines with
# both outputs.  Exit status: 0 when everything is identical, 1 on any difference, 2 when a
# build or a corpus fails.
#
# Environment: BASE_BIN / NEW_BIN (use these binaries, skip the builds), CMP_DIR,
# SHARED_DIR (default ../shared of the main checkout), RANDOM_N (300000), RANDOM_SEED
# (20240611), ONELINER_N, EXPLAIN_N, SAMPLE_SEED (1), TIMEOUT_S (per run, 120).
# `cute eval` answers stdin on several threads; its output order is deterministic (checked:
# the same bytes on 1 and 2 processors), so a whole-file comparison is meaningful.
# The base worktree stays for the next run (remove it with `git worktree remove $CMP_DIR/base`).
set -euo pipefail

DEFAULT_BASE=69b4260782caeef23913bc3dde9cbbd1b0e83e9e
BASE=${1:-$DEFAULT_BASE}
ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
CMP_DIR=${CMP_DIR:-/tmp/cute_compare}
mkdir -p "$CMP_DIR"
T0=$(date +%s)

BASE_SHA=$(git -C "$ROOT" rev-parse --verify "$BASE^{commit}") || { echo "unknown commit $BASE" >&2; exit 2; }

# ---------------------------------------------------------------- the base binary
if [[ -z "${BASE_BIN:-}" ]]; then
  WT=$CMP_DIR/base
  if [[ -e "$WT/.git" ]]; then
    git -C "$WT" checkout --quiet --detach "$BASE_SHA"
  else
    git -C "$ROOT" worktree prune
    git -C "$ROOT" worktree add --quiet --detach "$WT" "$BASE_SHA"
  fi
  echo "building base $BASE_SHA in $WT (CARGO_TARGET_DIR=$CMP_DIR/target-base) ..." >&2
  (cd "$WT" && CARGO_TARGET_DIR=$CMP_DIR/target-base cargo build --release --quiet) || {
    echo "base build failed" >&2; exit 2; }
  BASE_BIN=$CMP_DIR/target-base/release/cute
fi

# ---------------------------------------------------------------- the working tree's binary
if [[ -z "${NEW_BIN:-}" ]]; then
  echo "building the working tree $ROOT (cargo build --release) ..." >&2
  (cd "$ROOT" && cargo build --release --quiet) || { echo "working-tree build failed" >&2; exit 2; }
  NEW_BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/cute
  [[ "$NEW_BIN" = /* ]] || NEW_BIN=$ROOT/$NEW_BIN
fi
# both run under the same file name, since clap's usage messages print it
mkdir -p "$CMP_DIR/bin-base" "$CMP_DIR/bin-new"
cp "$BASE_BIN" "$CMP_DIR/bin-base/cute" && BASE_BIN=$CMP_DIR/bin-base/cute
cp "$NEW_BIN" "$CMP_DIR/bin-new/cute" && NEW_BIN=$CMP_DIR/bin-new/cute
T1=$(date +%s)

# ---------------------------------------------------------------- the corpora
if [[ -z "${SHARED_DIR:-}" ]]; then
  MAIN=$(cd "$(git -C "$ROOT" rev-parse --git-common-dir)/.." && pwd)
  SHARED_DIR=$MAIN/../shared
  [[ -d "$SHARED_DIR" ]] || SHARED_DIR=$ROOT/../shared
fi
RANDOM_N=${RANDOM_N:-300000}
RANDOM_SEED=${RANDOM_SEED:-20240611}
RAND=$CMP_DIR/random_${RANDOM_N}_${RANDOM_SEED}.txt
if [[ ! -s "$RAND" ]]; then
  python3 "$ROOT/bench/gen_random_statements.py" "$RANDOM_N" "$RANDOM_SEED" > "$RAND.tmp"
  mv "$RAND.tmp" "$RAND"
fi

export BASE_BIN NEW_BIN ROOT SHARED_DIR RAND CMP_DIR BASE_SHA
export ONELINER_N=${ONELINER_N:-2000} EXPLAIN_N=${EXPLAIN_N:-500} SAMPLE_SEED=${SAMPLE_SEED:-1}
export TIMEOUT_S=${TIMEOUT_S:-120} BUILD_S=$((T1 - T0))

python3 - <<'PY'
import concurrent.futures as cf
import glob
import os
import random
import subprocess
import tempfile
import sys
import time

BASE, NEW = os.environ["BASE_BIN"], os.environ["NEW_BIN"]
ROOT, SHARED, CMP = os.environ["ROOT"], os.environ["SHARED_DIR"], os.environ["CMP_DIR"]
ONE_N, EXP_N = int(os.environ["ONELINER_N"]), int(os.environ["EXPLAIN_N"])
SEED, TMO = int(os.environ["SAMPLE_SEED"]), float(os.environ["TIMEOUT_S"])
MARK = "(987659,1):(1)"  # an error (leaves `ans` alone), cheap, and no other statement prints it
ENV = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")
ENV.pop("CLICOLOR_FORCE", None)
JOBS = max(1, min(8, os.cpu_count() or 1))
t_start = time.time()


def run(binary, args, stdin=b""):
    try:
        p = subprocess.run([binary] + args, input=stdin, capture_output=True, env=ENV,
                           timeout=TMO)
        return (p.returncode, p.stdout, p.stderr)
    except subprocess.TimeoutExpired:
        return ("timeout", b"", b"")


def run_merged(binary, args, stdin=b""):
    """stdout and stderr on one pipe, as a terminal or `2>&1` sees them: their order."""
    try:
        p = subprocess.run([binary] + args, input=stdin, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, env=ENV, timeout=TMO)
        return (p.returncode, p.stdout, b"")
    except subprocess.TimeoutExpired:
        return ("timeout", b"", b"")


# ---------------------------------------------------------------- corpora
def tsv_statements(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.strip() and not line.startswith("#"):
            out.append(line.split("\t")[0])
    return out


def plain_statements(path):
    return [l.rstrip("\n") for l in open(path, encoding="utf-8") if l.strip()]


def session_statements(path):
    """statement lines of spellings_sessions.txt: each block's lines up to its `---` (the
    lines after it, up to the blank line, are the expected output)"""
    out, in_expect = [], False
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line == "---":
            in_expect = True
        elif not line.strip():
            in_expect = False
        elif not in_expect and not line.startswith("#"):
            out.append(line)
    return out


corpora = []
for name, path in (("statements", f"{ROOT}/bench/statements.txt"),
                   ("mix", f"{ROOT}/bench/mix_statements.txt"),
                   ("random", os.environ["RAND"])):
    if os.path.exists(path):
        lines = open(path, encoding="utf-8").read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        corpora.append((name, lines))
    else:
        print(f"note: {path} is missing; corpus {name} skipped")
# malformed text: random bytes of the notation, alone and as arguments (the literal readers'
# errors, at the same byte, and no panic)
rng = random.Random(int(os.environ.get("MALFORMED_SEED", "7")))
alpha = "()0123456789-,:@ <>_\t"
names = ["size", "coalesce", "logical_divide", "composition", "idx2crd", "complement",
         "crd2idx", "zipped_product"]
bad = []
for _ in range(int(os.environ.get("MALFORMED_N", "50000"))):
    body = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 30)))
    r = rng.random()
    if r < 0.4:
        bad.append(f"{rng.choice(names)}({body})")
    elif r < 0.7:
        a = "".join(rng.choice("(),0123456789") for _ in range(rng.randint(1, 14)))
        b = "".join(rng.choice("(),0123456789@") for _ in range(rng.randint(1, 14)))
        bad.append(f"{rng.choice(names)}({a}:{b}, {body})")
    else:
        bad.append(body)
    # brackets left open close at the end of the line, so that each line is one statement
    bad[-1] += ")" * max(0, bad[-1].count("(") - bad[-1].count(")"))
corpora.append(("malformed", bad))

# the example scripts: pictures, tensors and diagnostics among them
ex = []
for p in sorted(glob.glob(f"{ROOT}/examples/*.cute")):
    ex += open(p, encoding="utf-8").read().rstrip("\n").split("\n")
if ex:
    corpora.append(("examples", ex))
for name, d in (("golden-shared", f"{SHARED}/golden"),
                ("golden-tests", f"{ROOT}/tests/golden"),
                ("oracle-tests", f"{ROOT}/tests/oracle")):
    if not os.path.isdir(d):
        print(f"note: {d} is missing; corpus {name} skipped")
        continue
    lines = []
    for p in sorted(glob.glob(f"{d}/*.tsv")):
        if os.path.basename(p) == "refuse_reasons.tsv":
            continue
        lines += tsv_statements(p)
    for p in sorted(glob.glob(f"{d}/*.txt")):
        if os.path.basename(p) == "spellings_sessions.txt":
            lines += session_statements(p)
        else:
            lines += plain_statements(p)
    corpora.append((name, lines))


# ---------------------------------------------------------------- comparisons
def show(res):
    rc, out, err = res
    o = out.decode("utf-8", "replace")
    e = err.decode("utf-8", "replace")
    s = "        (its output in the stdin session)\n" if rc == "(session)" else f"exit {rc}\n"
    s += "".join(f"        | {l}\n" for l in o.split("\n")[:12] if l or o)
    if e:
        s += "        stderr:\n" + "".join(f"        ! {l}\n" for l in e.rstrip("\n").split("\n")[:8])
    return s


def group_statements(lines):
    """lines joined into statements as `cute eval` reads them: a line that leaves a ( < [
    open goes on into the next one"""
    out, cur, depth = [], [], 0
    for l in lines:
        cur.append(l)
        depth += sum(l.count(c) for c in "(<[") - sum(l.count(c) for c in ")>]")
        if depth <= 0:
            out.append("\n".join(cur))
            cur, depth = [], 0
    if cur:
        out.append("\n".join(cur))
    return out


def split_marked(out, marker_line):
    parts, cur = [], []
    for l in out.split(b"\n"):
        if l == marker_line:
            parts.append(b"\n".join(cur))
            cur = []
        else:
            cur.append(l)
    return parts


def first_diff_line(a, b):
    al, bl = a.split(b"\n"), b.split(b"\n")
    for i, (x, y) in enumerate(zip(al, bl)):
        if x != y:
            return i, x, y
    return min(len(al), len(bl)), b"<end>" if len(al) < len(bl) else b"...", \
        b"<end>" if len(bl) < len(al) else b"..."


marker_out = {b: run(b, ["eval", MARK])[1].rstrip(b"\n") for b in (BASE, NEW)}
total_diff = 0
summary = []
for name, lines in corpora:
    t0 = time.time()
    n = len(lines)
    data = ("\n".join(lines) + "\n").encode()
    diffs = []  # (mode, statement, base result, new result)
    notes = []

    # 1. the whole file on stdin, plain and json
    for mode, args in (("stdin", ["eval"]), ("stdin json", ["--format", "json", "eval"])):
        rb, rn = run(BASE, args, data), run(NEW, args, data)
        what = [k for k, i in (("exit", 0), ("stdout", 1), ("stderr", 2)) if rb[i] != rn[i]]
        if what:
            total_diff += 1
            msg = f"{mode}: {', '.join(what)} differ (exit {rb[0]} vs {rn[0]}, stdout " \
                  f"{len(rb[1])} vs {len(rn[1])} bytes, stderr {len(rb[2])} vs {len(rn[2])})"
            for k, i in (("stdout", 1), ("stderr", 2)):
                if rb[i] != rn[i]:
                    ln, x, y = first_diff_line(rb[i], rn[i])
                    msg += f"\n      first {k} difference at output line {ln + 1}:\n" \
                           f"        base: {x.decode('utf-8', 'replace')[:300]}\n" \
                           f"        new:  {y.decode('utf-8', 'replace')[:300]}"
            notes.append(msg)
        else:
            notes.append(f"{mode}: identical (exit {rb[0]}, stdout {len(rb[1])} bytes, "
                         f"stderr {len(rb[2])} bytes)")

    # 1b. the order of stdout and stderr on one pipe: `cute eval < CORPUS 2>&1` and
    #     `cute run --format grid FILE 2>&1` (pictures and diagnostics interleaved)
    with tempfile.NamedTemporaryFile("wb", suffix=".cute", delete=False) as tf:
        tf.write(data)
    for mode, args, stdin in (("stdin merged", ["eval"], data),
                              ("run grid merged", ["run", "--format", "grid", tf.name], b"")):
        rb, rn = run_merged(BASE, args, stdin), run_merged(NEW, args, stdin)
        if rb != rn:
            total_diff += 1
            ln, x, y = first_diff_line(rb[1], rn[1])
            notes.append(f"{mode}: differ (exit {rb[0]} vs {rn[0]}); first difference at "
                         f"output line {ln + 1}:\n        base: "
                         f"{x.decode('utf-8', 'replace')[:300]}\n        new:  "
                         f"{y.decode('utf-8', 'replace')[:300]}")
        else:
            notes.append(f"{mode}: identical (exit {rb[0]}, {len(rb[1])} bytes)")
    os.unlink(tf.name)

    # 2. per statement: a marker statement after every statement tells their outputs
    #    apart (a line with an open bracket goes on into the next: those lines are one)
    stmts = group_statements(lines)
    mdata = "".join(f"{l}\n{MARK}\n" for l in stmts).encode()
    pb = split_marked(run(BASE, ["eval"], mdata)[1], marker_out[BASE])
    pn = split_marked(run(NEW, ["eval"], mdata)[1], marker_out[NEW])
    per_diff = 0
    ns = max(len(pb), len(pn))
    if len(pb) != len(stmts) or len(pn) != len(stmts):
        notes.append(f"per statement: {len(pb)} / {len(pn)} marked outputs for {len(stmts)} "
                     "statements (one swallowed the next: the pairing is approximate)")
    for i in range(ns):
        a = pb[i] if i < len(pb) else b"<missing>"
        b = pn[i] if i < len(pn) else b"<missing>"
        if a != b:
            per_diff += 1
            if len(diffs) < 20:
                diffs.append(("per statement, stdin session", stmts[i] if i < len(stmts) else "?",
                              ("(session)", a, b""), ("(session)", b, b"")))
    ident = ns - per_diff

    # 3. one-liners and explain on samples
    rng = random.Random(SEED)
    one_idx = sorted(rng.sample(range(n), min(ONE_N, n)))
    exp_idx = sorted(rng.sample(range(n), min(EXP_N, n)))
    jobs = [("one-liner", ["eval", lines[i]], i) for i in one_idx]
    jobs += [(m, a + [lines[i]], i) for i in exp_idx for m, a in (
        ("explain", ["explain"]), ("explain json", ["explain", "--format", "json"]),
        ("eval json", ["--format", "json", "eval"]))]

    def both(job):
        mode, args, i = job
        return mode, i, run(BASE, args), run(NEW, args)

    counts = {}
    with cf.ThreadPoolExecutor(JOBS) as ex:
        for mode, i, rb, rn in ex.map(both, jobs):
            c = counts.setdefault(mode, [0, 0])
            if rb == rn:
                c[0] += 1
            else:
                c[1] += 1
                if len(diffs) < 20:
                    diffs.append((mode, lines[i], rb, rn))
    sample_diff = sum(c[1] for c in counts.values())
    total_diff += per_diff + sample_diff

    print(f"\n=== corpus {name}: {n} lines  ({time.time() - t0:.1f} s)")
    for m in notes:
        print(f"  {m}")
    print(f"  per statement (stdin session): {n} lines = {len(stmts)} statements, "
          f"{ident} identical, {per_diff} differing")
    for mode, (ok, bad) in counts.items():
        print(f"  {mode:<10} (sample): {ok + bad} lines, {ok} identical, {bad} differing")
    if diffs:
        print(f"  first {len(diffs)} differing lines:")
        for mode, stmt, rb, rn in diffs:
            print(f"    [{mode}] {stmt[:400]}")
            print(f"      base:\n{show(rb)}      new:\n{show(rn)}", end="")
    summary.append((name, n, len(stmts), ident, per_diff, sample_diff))

print("\n=== summary (base " + os.environ["BASE_SHA"][:12] + f" = {BASE}, new = {NEW})")
print(f"  {'corpus':<14} {'lines':>8} {'statements':>10} {'identical':>10} {'differing':>10} "
      f"{'sample diffs':>13}")
for name, n, ns, ident, d, sd in summary:
    print(f"  {name:<14} {n:>8} {ns:>10} {ident:>10} {d:>10} {sd:>13}")
print(f"  builds {float(os.environ['BUILD_S']):.0f} s, comparisons {time.time() - t_start:.0f} s; "
      f"{'NO DIFFERENCES' if total_diff == 0 else f'{total_diff} DIFFERENCES'}")
sys.exit(1 if total_diff else 0)
PY
