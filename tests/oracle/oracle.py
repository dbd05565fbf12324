"""Run C++ expressions through CuTe (CUTLASS 4.2) with an on-disk cache.

Uses the same headers and compiler flags as /work/shared/tools/cute-oracle
(whose cache in ~/.cache/cute-oracle must be ready: run the tool once), but
compiles without -fmax-errors so that every failing expression of a batch can
be identified from g++'s `q.cpp:LINE` locations in one pass; when that fails
to pin them down, the batch is bisected.

Cache: tests/oracle/oracle_cache.json, {cpp_expr: ["ok", printed] |
["err", first_error_line] | ["rt", why]}.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE_FILE = os.path.join(HERE, "oracle_cache.json")
ORACLE_CACHE = os.environ.get("CUTE_ORACLE_CACHE", os.path.expanduser("~/.cache/cute-oracle"))

HEADER = [
    "#include <cute/tensor.hpp>",
    "#include <cute/swizzle_layout.hpp>",
    "#include <cstdio>",
    "using namespace cute;",
    "int main() {",
]
FIRST_LINE = len(HEADER) + 1  # 1-based line number of the first expression


def _include_flags():
    C = ORACLE_CACHE
    if not os.path.exists(os.path.join(C, "ready")):
        # let the shared tool download what it needs
        subprocess.run(["/work/shared/tools/cute-oracle", "Int<1>{}"], check=True,
                       stdout=subprocess.DEVNULL)
    return ["-I", f"{C}/cuda/nvidia/cuda_nvcc/include", "-I", f"{C}/cuda/nvidia/cuda_runtime/include",
            "-I", f"{C}/cuda/nvidia/cuda_cccl/include", "-I", f"{C}/whl/cutlass_library/source/include"]


def load_cache():
    if os.path.exists(CACHE_FILE):
        with open(CACHE_FILE) as f:
            return json.load(f)
    return {}


def save_cache(cache):
    tmp = CACHE_FILE + ".tmp"
    with open(tmp, "w") as f:
        json.dump(cache, f, indent=0, sort_keys=True)
    os.replace(tmp, CACHE_FILE)


def _compile(exprs, wd):
    # flush after each line: a later expression that aborts must not take earlier output with it
    src = HEADER + [f'  print({e}); printf("\\n"); fflush(stdout);' for e in exprs] + ["}"]
    with open(os.path.join(wd, "q.cpp"), "w") as f:
        f.write("\n".join(src) + "\n")
    p = subprocess.run(["g++", "-std=c++17", "-O0", "-w"] + _include_flags() +
                       [os.path.join(wd, "q.cpp"), "-o", os.path.join(wd, "q")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr


def _attribute_errors(err, n):
    """Map expression index -> first error message, from g++ diagnostics."""
    bad = {}
    cur = None
    for line in err.splitlines():
        m = re.match(r".*q\.cpp:(\d+):\d+:", line)
        if m:
            ln = int(m.group(1))
            if FIRST_LINE <= ln < FIRST_LINE + n:
                cur = ln - FIRST_LINE
                bad.setdefault(cur, "")
                if "error" in line and not bad[cur]:
                    bad[cur] = line.split("error:", 1)[-1].strip()[:300]
                continue
        if cur is not None and "error:" in line and not bad.get(cur):
            bad[cur] = line.split("error:", 1)[1].strip()[:300]
    return bad


def _run_batch(exprs, log):
    """Returns {expr: result}. All expressions get a result."""
    res = {}
    pending = list(exprs)
    with tempfile.TemporaryDirectory() as wd:
        while pending:
            rc, err = _compile(pending, wd)
            if rc == 0:
                p = subprocess.run([os.path.join(wd, "q")], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, timeout=120)
                out = p.stdout.split("\n")
                if out and out[-1] == "":
                    out.pop()
                if p.returncode == 0 and len(out) == len(pending):
                    for e, o in zip(pending, out):
                        res[e] = ["ok", o]
                    return res
                # runtime trouble: the lines printed before it are good,
                # the next expression is the culprit
                k = len(out)
                if len(out) > len(pending):
                    raise RuntimeError("more output lines than expressions: multi-line print?")
                for e, o in zip(pending[:k], out[:k]):
                    res[e] = ["ok", o]
                res[pending[k]] = ["rt", f"exit {p.returncode}: {p.stderr.strip()[:200]}"]
                log(f"  runtime failure: {pending[k]}")
                pending = pending[k + 1:]
                continue
            bad = _attribute_errors(err, len(pending))
            if bad:
                for i, msg in bad.items():
                    res[pending[i]] = ["err", msg or "compile error"]
                log(f"  {len(bad)} refused in batch of {len(pending)}")
                pending = [e for i, e in enumerate(pending) if i not in bad]
                continue
            # could not pin it down: bisect
            if len(pending) == 1:
                msg = next((l for l in err.splitlines() if "error" in l), "compile error")
                res[pending[0]] = ["err", msg.split("error:", 1)[-1].strip()[:300]]
                return res
            h = len(pending) // 2
            log(f"  bisecting batch of {len(pending)}")
            res.update(_run_batch(pending[:h], log))
            res.update(_run_batch(pending[h:], log))
            return res
    return res


def evaluate(exprs, cache, batch=150, jobs=2, log=lambda s: print(s, file=sys.stderr)):
    """Fill `cache` for all exprs (deduplicated); saves the cache after each batch."""
    todo = []
    seen = set()
    for e in exprs:
        if e not in cache and e not in seen:
            seen.add(e)
            todo.append(e)
    if not todo:
        return cache
    batches = [todo[i:i + batch] for i in range(0, len(todo), batch)]
    log(f"oracle: {len(todo)} new expressions in {len(batches)} batches")
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        for r in ex.map(lambda b: _run_batch(b, log), batches):
            cache.update(r)
            save_cache(cache)
    return cache


if __name__ == "__main__":
    # ad-hoc use: expressions on stdin, prints result per line
    c = load_cache()
    ex = [l.rstrip("\n") for l in sys.stdin if l.strip()]
    evaluate(ex, c)
    for e in ex:
        print(e, "=>", c[e])


def write_set(here, ops, seed, expected, make_gen, batch=60, jobs=2):
    """Draw each operation's cases (`ops`: (name, generator of (cute, C++) pairs, count)), each
    generator given `make_gen("seed/name")`, ask CuTe for the new ones, and write the set in
    `here`: cases.tsv (`STATEMENT<TAB>EXPECTED`, `expected` turning CuTe's print into cute's) and
    cute_refuses.txt (the statements CuTe does not compile)."""
    cache = load_cache()
    cases, seen = [], set()
    for op, gen, n in ops:
        g = make_gen(f"{seed}/{op}")
        k = 0
        for _ in range(n * 20):
            if k == n:
                break
            s, c = gen(g)
            if s in seen:
                continue
            seen.add(s)
            cases.append((s, c))
            k += 1
    evaluate([c for _, c in cases], cache, batch=batch, jobs=jobs)
    write_answers(here, cases, cache, expected)


def write_answers(here, cases, cache, expected=lambda val: val):
    """Write in `here` CuTe's answers (`cache`, evaluated) to `cases` ((statement, C++) pairs):
    cases.tsv (`STATEMENT<TAB>EXPECTED`, `expected` turning CuTe's print into cute's) and
    cute_refuses.txt (the statements CuTe does not compile)."""
    ok, refused = [], []
    for s, c in cases:
        st, val = cache[c]
        if st == "ok":
            ok.append((s, expected(val)))
        elif st == "err":
            refused.append(s)
    with open(os.path.join(here, "cases.tsv"), "w") as f:
        for s, e in ok:
            f.write(f"{s}\t{e}\n")
    with open(os.path.join(here, "cute_refuses.txt"), "w") as f:
        for s in refused:
            f.write(s + "\n")
    print(f"{len(ok)} cases, {len(refused)} refused", file=sys.stderr)
