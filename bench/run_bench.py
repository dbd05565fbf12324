#!/usr/bin/env python3
"""Speed benchmark: `cute eval` vs pycute on bench/statements.txt (see bench/README.md).

In one run it measures, in --runs rounds (at least 5) that alternate the candidates
(cute, pycute, ..., cute, pycute, ...) so that they share the machine's load alike:
  (a) `target/bench-release/cute eval < bench/statements.txt > /dev/null` as a whole process
      (the `bench-release` profile: fat LTO, one codegen unit; --bin for another binary)
      (stderr, where the full diagnostics of failing statements go, also to /dev/null);
  (a') with --taskset0, the same under `taskset -c 0` (one processor), and pycute with this
      process pinned to processor 0 as well;
  (b) pycute doing the same operations in-process: the pycute argument objects are built
      before the clock starts, only the bare operation calls are timed, and an operation
      that raises counts as done;
  (c) the floor process `cat bench/statements.txt > /dev/null`;
  (d) the one-liner `cute eval 'coalesce((2,(1,6)):(1,(6,2)))'`, mean over --oneliner-runs;
and prints a table of the MEDIAN of the rounds (the minimum beside it), the ratio of the
medians and the median of the per-round ratios.  Afterwards (untimed) it runs cute once more
with stdout captured and cross-checks every line against pycute and against the operations'
laws, writing the details to bench/compare.txt.

--corpus mix takes bench/mix_statements.txt/.json instead (the 15-operation mix of
`gen_statements.py --mix`) and writes its cross-check to bench/compare_mix.txt.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

try:
    import pycute
    from pycute import Layout
except ImportError:
    sys.exit("pycute is missing: pip install nvidia-cutlass")


# ---------------------------------------------------------------- pycute side
def tup(x):
    return tuple(tup(e) for e in x) if isinstance(x, list) else x


def build_arg(a):
    if "S" in a:  # an IntTuple (idx2crd's shape / stride)
        return tup(a["S"])
    if "L" in a:
        return Layout(tup(a["L"][0]), tup(a["L"][1]))
    if "T" in a:
        return tuple(build_arg(e) if "L" in e else (Layout(e["I"], 1) if "I" in e else None)
                     for e in a["T"])
    if "I" in a:
        return a["I"]
    raise ValueError(a)


def build_calls(recs):
    """[(fn, args)] ready to call, one per statement."""
    ops = {
        "coalesce": pycute.coalesce,
        "filter": pycute.filter,
        "composition": pycute.composition,
        "complement": pycute.complement,  # complement(L) (one argument) too
        "logical_divide": pycute.logical_divide,
        "zipped_divide": pycute.zipped_divide,
        "tiled_divide": pycute.tiled_divide,
        "logical_product": pycute.logical_product,
        "zipped_product": pycute.zipped_product,
        "tiled_product": pycute.tiled_product,
        "right_inverse": pycute.right_inverse,
        "left_inverse": pycute.left_inverse,
        "idx2crd": pycute.int_tuple.idx2crd,
        "size": pycute.size,
        "cosize": pycute.cosize,
    }
    calls = []
    for r in recs:
        if r["op"] == "eval":
            lay = build_arg(r["args"][0])
            c = r["args"][1]
            calls.append((lay, tuple(c["C"]) if "C" in c else (c["I"],)))
        else:
            calls.append((ops[r["op"]], tuple(build_arg(a) for a in r["args"])))
    return calls


def run_pycute(calls):
    for fn, args in calls:
        try:
            fn(*args)
        except Exception:  # a rejected operation counts as done
            pass


def run_pycute_str(calls):
    for fn, args in calls:
        try:
            str(fn(*args))
        except Exception:
            pass


# ---------------------------------------------------------------- timing
def cpu_now():
    """CPU seconds (user+sys) of this process plus its waited-for children."""
    a = resource.getrusage(resource.RUSAGE_SELF)
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


def timed(f):
    """(wall seconds, cpu seconds) of one call of f."""
    c0, t0 = cpu_now(), time.perf_counter()
    f()
    t1, c1 = time.perf_counter(), cpu_now()
    return t1 - t0, c1 - c0


def interleaved(n, fs):
    """Run the candidates round-robin n times (cute, pycute, ..., cute, pycute, ...: they
    share the machine's load alike); every round's (wall, cpu) seconds of each."""
    rounds = {k: [] for k in fs}
    for _ in range(n):
        for k, f in fs.items():
            rounds[k].append(timed(f))
    return rounds


def med(rows, i=0):
    return statistics.median(r[i] for r in rows)


def pinned(f, cpus):
    """f run with this process (and so pycute) pinned to `cpus`."""
    def g():
        old = os.sched_getaffinity(0)
        os.sched_setaffinity(0, cpus)
        try:
            f()
        finally:
            os.sched_setaffinity(0, old)
    return g


def run_proc(argv, stdin_path=None):
    with open(stdin_path or os.devnull, "rb") as fin:
        return subprocess.run(argv, stdin=fin, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode


# ---------------------------------------------------------------- cross-check helpers
def parse_int_tuple(s, i):
    if s[i] == "(":
        i += 1
        out = []
        while True:
            v, i = parse_int_tuple(s, i)
            out.append(v)
            if s[i] == ",":
                i += 1
            elif s[i] == ")":
                return tuple(out), i + 1
            else:
                raise ValueError(s)
    j = i
    if s[j] == "-":
        j += 1
    while j < len(s) and s[j].isdigit():
        j += 1
    if j == i:
        raise ValueError(s)
    return int(s[i:j]), j


def parse_layout(s):
    shape, i = parse_int_tuple(s, 0)
    if s[i] != ":":
        raise ValueError(s)
    stride, i = parse_int_tuple(s, i + 1)
    if i != len(s):
        raise ValueError(s)
    return Layout(shape, stride)


def norm(x):
    """pycute's str() in cute's notation: no spaces, (8,) -> (8)."""
    return str(x).replace(" ", "").replace(",)", ")")


LIMIT = 1 << 16

# pycute's right_inverse stops at the first stride that is not the running product (and its
# left_inverse is right_inverse((L, complement(L)))), where CuTe's takes other modes: a text
# difference is expected by design, so these are checked by their law only (R(L(i)) == i /
# L(R(i)) == i), not against pycute's text.
BY_LAW_ONLY = ("right_inverse", "left_inverse")


def same_fn(a, b):
    n = pycute.size(a)
    if n != pycute.size(b):
        return False
    return all(a(i) == b(i) for i in range(min(n, LIMIT)))


def compose_law(r, a, b):
    """r(i) == a(b(i)) for i < size(b); a extends its last mode (pycute's crd2idx does)."""
    n = pycute.size(b)
    if pycute.size(r) != n:
        return False
    return all(r(i) == a(b(i)) for i in range(min(n, LIMIT)))


def modes(lay):
    return [lay[i] for i in range(len(lay))]


def as_layout(t):
    return t if not isinstance(t, int) else Layout(t, 1)


def tile_law(t, a, b):
    """The tile mode t of a divide of a by b (a layout, or a by-mode tuple) is A o B."""
    if isinstance(b, tuple):
        tm = modes(t)
        if len(tm) != len(b):
            return "tile mode's rank differs from the tiler's"
        for j, bj in enumerate(b):
            if bj is not None and not compose_law(tm[j], a[j], bj):
                return f"tile mode {j} != A_{j} o B_{j}"
        return None
    return None if compose_law(t, a, b) else "tile mode != A o B"


def product_law(first, rest, a, b):
    """The modes of a zipped/tiled product of a by b: first = A, rest = complement(A) o B
    (by mode for a by-mode tuple: first_j = A_j, rest_j = complement(A_j) o B_j)."""
    def c_of(aj, bj):
        return pycute.complement(aj, pycute.size(aj) * pycute.cosize(bj))
    if isinstance(b, tuple):
        fm = modes(first)
        rm = modes(rest)
        if len(fm) != len(b) or len(rm) < len(b):
            return "rank differs from the tiler's"
        for j, bj in enumerate(b):
            if not same_fn(fm[j], a[j]):
                return f"mode 0 {j} != A_{j}"
            if not compose_law(rm[j], c_of(a[j], bj), bj):
                return f"rest mode {j} != complement(A_{j}) o B_{j}"
        return None
    if not same_fn(first, a):
        return "mode 0 != A"
    return None if compose_law(rest, c_of(a, b), b) else "rest != complement(A) o B"


def check_law(op, args, r):
    """None if the law holds (or there is none to check), else a short reason."""
    if op in ("zipped_divide", "tiled_divide"):
        a, b = args
        return tile_law(r[0], a, b) if len(r) >= 2 else "rank < 2"
    if op == "zipped_product":
        a, b = args
        return product_law(r[0], r[1], a, b) if len(r) == 2 else "rank != 2"
    if op == "tiled_product":
        a, b = args
        if len(r) < 2:
            return "rank < 2"
        return product_law(r[0], pycute.make_layout([r[i] for i in range(1, len(r))]), a, b)
    if op == "left_inverse":
        (l,) = args
        n = pycute.size(l)
        return None if all(r(l(i)) == i for i in range(min(n, LIMIT))) else "R(L(i)) != i"
    if op == "composition":
        a, b = args
        if isinstance(b, tuple):
            # CuTe drops the modes of A that a by-mode tiler does not reach
            ra = modes(r)
            if len(ra) != len(b):
                return "rank differs from the tiler's"
            for j, bj in enumerate(b):
                if bj is None:
                    ok = same_fn(ra[j], a[j])
                else:
                    ok = compose_law(ra[j], a[j], bj)
                if not ok:
                    return f"mode {j}: R_j(i) != A_j(B_j(i))"
            return None
        return None if compose_law(r, a, b) else "R(i) != A(B(i))"
    if op == "logical_divide":
        a, b = args
        if isinstance(b, tuple):
            ra = modes(r)
            for j, bj in enumerate(b):
                if bj is None:
                    ok = same_fn(ra[j], a[j])
                else:
                    ok = len(ra[j]) == 2 and compose_law(ra[j][0], a[j], bj)
                if not ok:
                    return f"mode {j}: tile mode != A_j o B_j"
            return None
        return None if len(r) == 2 and compose_law(r[0], a, b) else "mode 0 != A o B"
    if op == "logical_product":
        # (A, C o B) with C = complement(A, size(A)*cosize(B)) (pycute's complement)
        def prod_law(rj, aj, bj):
            if len(rj) != 2 or not same_fn(rj[0], aj):
                return False
            c = pycute.complement(aj, pycute.size(aj) * pycute.cosize(bj))
            return compose_law(rj[1], c, bj)
        a, b = args
        if isinstance(b, tuple):
            ra = modes(r)
            for j, bj in enumerate(b):
                if not prod_law(ra[j], a[j], bj):
                    return f"mode {j}: != (A_j, complement(A_j) o B_j)"
            return None
        return None if prod_law(r, a, b) else "!= (A, complement(A) o B)"
    if op == "right_inverse":
        (l,) = args
        n = pycute.size(r)
        return None if all(l(r(i)) == i for i in range(min(n, LIMIT))) else "L(R(i)) != i"
    return None


def cross_check(lines, stmts, recs, calls, report_path, max_leads=20):
    cats = {}
    leads, lawfails, diffs = [], [], []

    def bump(op, k):
        cats.setdefault(op, {}).setdefault(k, 0)
        cats[op][k] += 1

    for stmt, rec, (fn, args), out in zip(stmts, recs, calls, lines):
        op = rec["op"]
        try:
            py = fn(*args)
            py_err = None
        except Exception as e:  # noqa
            py, py_err = None, f"{type(e).__name__}: {e}".strip()
        if py is not None and op == "composition" and isinstance(args[1], tuple):
            # compare on the modes CuTe keeps (it drops those the tiler does not reach)
            py = pycute.make_layout([py[i] for i in range(len(args[1]))])
        cute_err = out.startswith("error:")
        if cute_err and py_err is not None:
            bump(op, "both error")
            continue
        if cute_err:
            bump(op, "cute error / pycute ok")
            law = check_law(op, args, py) if not isinstance(py, int) else None
            leads.append((stmt, out, norm(py), "pycute result obeys the law" if law is None
                          else f"pycute result breaks the law ({law})"))
            continue
        if py_err is not None:
            bump(op, "cute ok / pycute error")
            continue
        if isinstance(py, tuple):  # idx2crd: a coordinate
            if out.strip() == norm(py):
                bump(op, "both ok, equal")
            else:
                bump(op, "both ok, VALUE DIFFERS")
                lawfails.append((stmt, out, norm(py), "value differs"))
            continue
        if isinstance(py, int):
            if out.strip() == str(py):
                bump(op, "both ok, equal")
            else:
                bump(op, "both ok, VALUE DIFFERS")
                lawfails.append((stmt, out, str(py), "value differs"))
            continue
        try:
            cl = parse_layout(out.strip())
        except Exception:
            bump(op, "cute output unparsable")
            lawfails.append((stmt, out, norm(py), "cute output does not parse as a layout"))
            continue
        law = check_law(op, args, cl)
        if law is not None:
            bump(op, "cute result BREAKS LAW")
            lawfails.append((stmt, out, norm(py), law))
        elif out.strip() == norm(py):
            bump(op, "both ok, equal")
        elif op in BY_LAW_ONLY:
            bump(op, "both ok, cute lawful, text differs (pycute differs by design)")
            diffs.append((stmt, out, norm(py), "pycute differs by design; cute's result "
                          "obeys the law"))
        elif same_fn(cl, py):
            bump(op, "both ok, same function, other structure")
            diffs.append((stmt, out, norm(py), "same function"))
        else:
            bump(op, "both ok, different function")
            diffs.append((stmt, out, norm(py), "different function"))

    with open(report_path, "w") as f:
        f.write("# cute eval vs pycute cross-check (generated by bench/run_bench.py)\n\n")
        for op in sorted(cats):
            f.write(f"{op}: " + ", ".join(f"{k}={v}" for k, v in sorted(cats[op].items())) + "\n")
        for title, rows in (("cute error, pycute gives a result", leads),
                            ("cute result breaks the law / differs in value", lawfails),
                            ("both ok, text differs", diffs)):
            f.write(f"\n## {title} ({len(rows)})\n")
            for stmt, c, p, note in rows:
                f.write(f"{stmt}\n    cute:   {c}\n    pycute: {p}\n    note:   {note}\n")
    return cats, leads, lawfails, diffs


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "bench-release", "cute"),
                    help="the binary (default: the bench-release profile's, "
                         "`cargo build --profile bench-release`)")
    ap.add_argument("--corpus", choices=["default", "mix"], default="default",
                    help="default: statements.txt/.json (9 operations); mix: "
                         "mix_statements.txt/.json (the 15 operations of pycute)")
    ap.add_argument("--stmts", help="statements file (overrides --corpus)")
    ap.add_argument("--json", help="pycute records (overrides --corpus)")
    ap.add_argument("--runs", type=int, default=5,
                    help="alternating rounds, at least 5; the table gives their median")
    ap.add_argument("--taskset0", action="store_true",
                    help="also time cute under `taskset -c 0` and pycute pinned to cpu 0")
    ap.add_argument("--oneliner-runs", type=int, default=50)
    ap.add_argument("--no-compare", action="store_true", help="skip the cross-check")
    ap.add_argument("--report", help="cross-check report (default bench/compare.txt, "
                                     "bench/compare_mix.txt for --corpus mix)")
    args = ap.parse_args()
    base = "mix_statements" if args.corpus == "mix" else "statements"
    args.stmts = args.stmts or os.path.join(HERE, base + ".txt")
    args.json = args.json or os.path.join(HERE, base + ".json")
    args.report = args.report or os.path.join(
        HERE, "compare_mix.txt" if args.corpus == "mix" else "compare.txt")
    if args.runs < 5:
        sys.exit("--runs: at least 5 rounds (the figure is their median)")

    with open(args.stmts) as f:
        stmts = [l for l in f.read().split("\n") if l]
    with open(args.json) as f:
        recs = json.load(f)
    assert len(stmts) == len(recs), "statements.txt and statements.json disagree"
    n = len(stmts)

    probe = subprocess.run([args.bin, "eval", "2:1"], capture_output=True, text=True)
    if probe.stdout.strip() != "2:1":
        sys.exit(f"{args.bin} eval '2:1' printed {probe.stdout!r} (rc {probe.returncode}); "
                 "build it with `cargo build --profile bench-release`")

    calls = build_calls(recs)

    # warm-up (page cache, binary) and the captured run for the cross-check
    cap = subprocess.run([args.bin, "eval"], stdin=open(args.stmts, "rb"),
                         capture_output=True, text=True)
    out_lines = cap.stdout.split("\n")
    if out_lines and out_lines[-1] == "":
        out_lines.pop()
    run_proc(["cat", args.stmts], args.stmts)

    cands = {
        "cute": lambda: run_proc([args.bin, "eval"], args.stmts),
        "py": lambda: run_pycute(calls),
    }
    if args.taskset0:
        cands["cute0"] = lambda: run_proc(["taskset", "-c", "0", args.bin, "eval"], args.stmts)
        cands["py0"] = pinned(lambda: run_pycute(calls), {0})
    cands["py_str"] = lambda: run_pycute_str(calls)
    cands["cat"] = lambda: run_proc(["cat", args.stmts])
    rounds = interleaved(args.runs, cands)
    t_cute, c_cute = med(rounds["cute"]), med(rounds["cute"], 1)
    t_py, c_py = med(rounds["py"]), med(rounds["py"], 1)
    t_py_str, c_py_str = med(rounds["py_str"]), med(rounds["py_str"], 1)
    t_cat, c_cat = med(rounds["cat"]), med(rounds["cat"], 1)
    per_round = [p[0] / c[0] for p, c in zip(rounds["py"], rounds["cute"])]
    one = [args.bin, "eval", "coalesce((2,(1,6)):(1,(6,2)))"]
    one_out = subprocess.run(one, capture_output=True, text=True).stdout.strip()
    ones = []
    for _ in range(args.oneliner_runs):
        t0 = time.perf_counter()
        run_proc(one)
        ones.append(time.perf_counter() - t0)
    t_one = statistics.mean(ones)

    ok = sum(1 for l in out_lines if not l.startswith("error:"))
    print(f"statements: {n} ({os.path.relpath(args.stmts)}); cute printed {len(out_lines)} "
          f"lines, {ok} ok, {len(out_lines) - ok} error:, exit {cap.returncode}")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine: nproc={os.cpu_count()}, load average {load}, "
          f"{time.strftime('%Y-%m-%d %H:%M')}, python {sys.version.split()[0]}, "
          f"pycute from nvidia-cutlass")
    print()
    fname = os.path.basename(args.stmts)
    names = {
        "cute": f"cute eval < {fname} (process)",
        "cute0": "  same, taskset -c 0",
        "py": "pycute, bare ops in-process",
        "py0": "  same, pinned to cpu 0",
        "py_str": "pycute, ops + str() of result",
        "cat": f"cat {fname} (floor process)",
    }
    print(f"median of {args.runs} rounds (min beside it); each round runs "
          f"{', '.join(cands)} in turn; cpu = user+sys seconds (median)")
    w = max(38, max(len(v) for v in names.values()))
    print(f"| {'what':<{w}} | {'median s':>9} | {'min s':>9} | {'cpu s':>7} | "
          f"{'statements/s':>13} |")
    print(f"|{'-' * (w + 2)}|{'-' * 11}|{'-' * 11}|{'-' * 9}|{'-' * 15}|")
    for k in cands:
        t, c = med(rounds[k]), med(rounds[k], 1)
        tmin = min(r[0] for r in rounds[k])
        print(f"| {names[k]:<{w}} | {t:9.4f} | {tmin:9.4f} | {c:7.3f} | {n / t:13,.0f} |")
    print(f"| {'cute eval one-liner (mean of %d)' % args.oneliner_runs:<{w}} | "
          f"{t_one:9.4f} | {min(ones):9.4f} | {'':>7} | {'-':>13} |")
    print()
    print(f"ratio cute vs pycute (pycute_time / cute_time):   {t_py / t_cute:8.2f}x"
          f"   (medians; cpu: {c_py / max(c_cute, 1e-9):.2f}x)")
    print(f"  median of the per-round ratios:                 "
          f"{statistics.median(per_round):8.2f}x   (rounds: "
          f"{', '.join(f'{x:.2f}' for x in per_round)})")
    if args.taskset0:
        t_c0, t_p0 = med(rounds["cute0"]), med(rounds["py0"])
        pr0 = [p[0] / c[0] for p, c in zip(rounds["py0"], rounds["cute0"])]
        print(f"  one processor (taskset -c 0 / pinned pycute):   {t_p0 / t_c0:8.2f}x"
              f"   (per-round median {statistics.median(pr0):.2f}x; "
              f"unpinned pycute / taskset cute: {t_py / t_c0:.2f}x)")
    print(f"  with str() of pycute results:                  {t_py_str / t_cute:8.2f}x")
    print(f"floor ratio (pycute_time / cat_time):             {t_py / t_cat:8.2f}x")
    print(f"one-liner: {t_one * 1000:.2f} ms mean, median {statistics.median(ones) * 1000:.2f} ms, "
          f"min {min(ones) * 1000:.2f} ms, "
          f"max {max(ones) * 1000:.2f} ms (target < 5 ms): "
          f"{'OK' if t_one < 0.005 else 'TOO SLOW'}; printed {one_out!r} (expected '12:1')")

    if args.no_compare:
        return
    print()
    if len(out_lines) != n:
        print(f"WARNING: cute printed {len(out_lines)} lines for {n} statements; "
              "the cross-check pairs them up in order and may be misaligned")
    cats, leads, lawfails, diffs = cross_check(out_lines, stmts, recs, calls, args.report)
    print(f"cross-check (details in {os.path.relpath(args.report)}):")
    print(f"  ({', '.join(BY_LAW_ONLY)}: by the law only, pycute's text differs by design; "
          f"complement(L): pycute's default cotarget is 1, CuTe's cosize(L), compared as is)")
    for op in sorted(cats):
        print(f"  {op:16} " + ", ".join(f"{k}={v}" for k, v in sorted(cats[op].items())))
    good = [l for l in leads if l[3] == "pycute result obeys the law"]
    print(f"\ncute error where pycute gives a result: {len(leads)} "
          f"({len(good)} of them with a lawful pycute result); first 20, lawful ones first:")
    for stmt, c, p, note in (good + [l for l in leads if l not in good])[:20]:
        print(f"  {stmt}\n      cute:   {c}\n      pycute: {p}\n      ({note})")
    if lawfails:
        print(f"\ncute result breaks the law or differs in value: {len(lawfails)}; first 20:")
        for stmt, c, p, note in lawfails[:20]:
            print(f"  {stmt}\n      cute:   {c}\n      pycute: {p}\n      ({note})")


if __name__ == "__main__":
    main()
