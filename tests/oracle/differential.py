"""What the differential generators share (dynamic_tuples/gen_cases.py, dynamic/gen_cases.py,
dynamic/gen_dsl_cases.py, divisibility/gen.py): each operation's cases drawn at random from a
seed, the oracle asked with a cache (CuTe C++ through oracle.py, the CuTe DSL through
dsl-oracle), and the set written beside the generator.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

import oracle

HERE = os.path.dirname(os.path.abspath(__file__))
DSL_ORACLE = os.environ.get("DSL_ORACLE", os.path.join(HERE, "../../../shared/tools/dsl-oracle"))
if not os.path.exists(DSL_ORACLE):
    DSL_ORACLE = "/work/shared/tools/dsl-oracle"


def flat(t):
    """An IntTuple's leaves in order."""
    return [t] if isinstance(t, int) else [x for m in t for x in flat(m)]


def unflat(struct, vals):
    """The values `vals` in the structure of the IntTuple `struct` (the inverse of `flat`)."""
    it = iter(vals)

    def go(s):
        return next(it) if isinstance(s, int) else tuple(go(m) for m in s)
    return go(struct)


def strides(g, s, kind, random_strides):
    """Strides for shape s: compact (column-major), a permutation of compact, a permutation of
    compact with gaps (a layout with holes: complements fill them), or each drawn from
    `random_strides`."""
    f = flat(s)
    if kind == "compact":
        out, cur = [], 1
        for x in f:
            out.append(cur)
            cur *= x
        return unflat(s, out)
    if kind == "perm":
        order = list(range(len(f)))
        g.shuffle(order)
        out, cur = [0] * len(f), 1
        for i in order:
            out[i] = cur
            cur *= f[i]
        return unflat(s, out)
    if kind == "gapped":
        order = list(range(len(f)))
        g.shuffle(order)
        out, cur = [0] * len(f), g.choice([1, 2])
        for i in order:
            out[i] = cur
            cur *= f[i] * g.choice([1, 1, 2, 3])
        return unflat(s, out)
    return unflat(s, [g.choice(random_strides) for _ in f])


def draw(ops, seed, count, make):
    """`count` distinct cases of each operation (`ops`: (name, generator)), in order: each drawn
    by `make(generator, g)` with `g` a `random.Random` seeded `"{seed}/{name}"`, at most
    `count * 20` draws."""
    cases, seen = [], set()
    for name, gen in ops:
        g = random.Random(f"{seed}/{name}")
        k = 0
        for _ in range(count * 20):
            if k == count:
                break
            c = make(gen, g)
            if c in seen:
                continue
            seen.add(c)
            cases.append(c)
            k += 1
    return cases


def write_cpp_set(here, cases, batch, jobs):
    """Ask CuTe C++ (oracle.py, cached in `here`/oracle_cache.json) for each C++ expression of
    `cases`, and write `here`/cases.tsv (`STATEMENT;<TAB>CuTe's print`) and cute_refuses.txt
    (the statements CuTe does not compile)."""
    oracle.CACHE_FILE = os.path.join(here, "oracle_cache.json")
    cache = oracle.load_cache()
    oracle.evaluate(cases, cache, batch=batch, jobs=jobs)
    oracle.write_answers(here, [(c + ";", c) for c in cases], cache)


def ask_dsl(exprs):
    """The CuTe DSL's print of each expression (dsl-oracle), `error: …` where it raises."""
    out = subprocess.run([DSL_ORACLE], input="\n".join(exprs) + "\n", capture_output=True,
                         text=True, check=True).stdout
    lines = out.splitlines()
    assert len(lines) == len(exprs), (len(lines), len(exprs))
    return lines


def write_dsl_set(cache_file, cases, cases_file, refuses_file):
    """Ask the CuTe DSL (cached in `cache_file`) for each expression of `cases`, and write
    `cases_file` (`STATEMENT<TAB>the DSL's print`) and `refuses_file` (those it raises on, with
    its error)."""
    cache = json.load(open(cache_file)) if os.path.exists(cache_file) else {}
    todo = [c for c in cases if c not in cache]
    for i in range(0, len(todo), 100):
        batch = todo[i:i + 100]
        for c, r in zip(batch, ask_dsl(batch)):
            cache[c] = r
    with open(cache_file, "w") as f:
        json.dump(cache, f, indent=0, sort_keys=True)
    ok = [(c, cache[c]) for c in cases if not cache[c].startswith("error:")]
    refused = [(c, cache[c]) for c in cases if cache[c].startswith("error:")]
    with open(cases_file, "w") as f:
        for c, r in ok:
            f.write(f"{c}\t{r}\n")
    with open(refuses_file, "w") as f:
        for c, r in refused:
            f.write(f"{c}\t{r}\n")
    print(f"{len(ok)} cases, {len(refused)} the DSL raises on")


ANSI = re.compile(r"\x1b\[[0-9;]*m")
DSL_PYTHON = os.path.expanduser(os.environ.get("DSL_ENV", "~/.cache/cute-dsl-oracle")) + "/bin/python"


def ask_dsl_in_jit(exprs, params, args):
    """The CuTe DSL's print of each expression inside `@cute.jit def f(PARAMS)` called with
    `args` (`params`: "b: cutlass.Int32, c: cutlass.Int32", `args`: "24, 6"), one line each,
    `error: …` where it raises (as dsl-oracle asks, whose functions take no parameters)."""
    prog = ["import io, contextlib", "import cutlass, cutlass.cute as cute"]
    for i, e in enumerate(exprs):
        prog += ["@cute.jit", f"def _f{i}({params}):", f"    print({e})", ""]
    prog += [f"for i in range({len(exprs)}):",
             "    buf = io.StringIO()",
             "    try:",
             "        with contextlib.redirect_stdout(buf):",
             f"            globals()['_f%d' % i]({args})",
             "        print(buf.getvalue().strip().replace('\\n', ' | '))",
             "    except Exception as ex:",
             "        msg = [l for l in str(ex).strip().splitlines() if l.strip()]",
             "        print('error: %s: %s' % (type(ex).__name__, msg[0] if msg else ''))"]
    # (the DSL compiles a jit function from its source file)
    with tempfile.TemporaryDirectory() as wd:
        path = os.path.join(wd, "q.py")
        with open(path, "w") as f:
            f.write("\n".join(prog) + "\n")
        out = subprocess.run([DSL_PYTHON, path], capture_output=True, text=True, check=True).stdout
    lines = [ANSI.sub("", line) for line in out.splitlines()]
    assert len(lines) == len(exprs), (len(lines), len(exprs))
    return lines

