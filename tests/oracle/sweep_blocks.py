#!/usr/bin/env python3
"""The sweep of whole pasted blocks (issue 37): every C++ code block of CUTLASS's CuTe docs
(media/docs/cpp/cute/*.md) and every TEST body of test/unit/cute/core/*.cpp, pasted whole into
`cute eval --format cute`, then compared with what CuTe prints for the same block compiled as
one C++ program (tests/oracle/cute_sessions.py's `cpp_of`, through /work/shared/tools/cute-oracle).

Each block is one of:
  as-CuTe   cute answers it (exit 0) and prints byte for byte what CuTe prints;
  refused   cute gives an error for some statement of it (exit 1): the first error is listed;
  differs   cute answers it and CuTe prints something else, or does not compile it.

Only the blocks cute answers are compiled (in one program, bisected when a block fails to
compile). Usage:

    python3 tests/oracle/sweep_blocks.py [--bin target/debug/cute] [--mirror DIR] [-v] [--no-helpers]
                                         [--only docs|tests] [--sessions]

`--sessions` pastes each doc's blocks in order into ONE session, as a reader pasting them one
after another into `cute repl` (standard input of `cute eval`, which answers each statement and
carries on after an error, as the REPL; so do `cute run FILE` and an argument of several
statements), so that a block uses the names the blocks before it declared (`cta_tiler`, `bM`,
`gA`). CuTe's side is the doc's blocks as one program in the same order (each block opens a
scope that stays open to the doc's end: it sees the names before it and may declare one again;
the functions the blocks define at file scope), and each block is one of:
  as-CuTe      cute prints for it byte for byte what CuTe prints for it in that program;
  refused      CuTe compiles it given the blocks before it, and cute gives an error;
  differs      CuTe compiles it and prints something else than cute;
  pseudo-code  CuTe does not compile it given the blocks before it (those left out): the
               compiler's first error points into it, it is left out and the rest compiled again
               (cute may refuse it or answer it: it is no C++).

Last `--sessions` run (2026-11-29, branch s28-37e, debug build):

  | doc | blocks | as CuTe | refused | differs | pseudo-code |
  | --- | --- | --- | --- | --- | --- |
  | 00_quickstart.md | 1 | 0 | 0 | 0 | 1 |
  | 01_layout.md | 12 | 11 | 0 | 0 | 1 |
  | 02_layout_algebra.md | 13 | 7 | 0 | 0 | 6 |
  | 03_tensor.md | 14 | 2 | 0 | 0 | 12 |
  | 04_algorithms.md | 3 | 1 | 0 | 0 | 2 |
  | 0t_mma_atom.md | 25 | 19 | 0 | 0 | 6 |
  | 0x_gemm_tutorial.md | 34 | 7 | 0 | 0 | 27 |
  | 0y_predication.md | 10 | 0 | 0 | 0 | 10 |
  | 0z_tma_tensors.md | 4 | 0 | 1 | 0 | 3 |
  | all | 116 | 47 | 1 | 0 | 68 |

Pasted in order, the docs' fragments stay fragments: 0x_gemm_tutorial.md's and
0y_predication.md's blocks are a kernel's body whose names (`m`, `ldA`, `shape_MNK`, `A`, `mA`,
`mC`, `TA`, `ASmemLayout`, `mma`) are the kernel's parameters or template parameters, which no
block declares, so CuTe compiles none of those blocks either (32 of the 68 pseudo-code blocks
are cute's `undefined variable` / `unknown function`, each CuTe's "was not declared in this
scope" too). The one refusal is `counting_iterator<int>(42)` (0z_tma_tensors.md block 1, CuTe
prints `counting_iter(42) o (4,5):(_1,4)`), which cute does not model. Four pseudo-code blocks
cute answers: 02_layout_algebra.md blocks 3 and 7 call `layout<0>(a)` after block 1 declared a
variable `layout` (in one C++ scope the variable hides CuTe's `layout<I>`), 03_tensor.md blocks
8 and 9 use `tiled_a` of block 7, which CuTe does not compile (`ptr`) and cute's session defines
all the same (its `A` of an earlier block). Before the session's fixes: 39 as CuTe, 3 refused
(02_layout_algebra.md block 11: the doc's `logical_divide(Layout<…> const&, Layout<…> const&)`
of block 10 took the tile of block 11, which C++ leaves to CuTe's overload), 7 differs (the
marker after a block that leaves a statement open, now numbered).

Last run (2026-11-29, branch s28-37e, debug build):

  | source | tried | as CuTe | refused | differs |
  | --- | --- | --- | --- | --- |
  | media/docs/cpp/cute/*.md | 116 | 46 | 70 | 0 |
  | test/unit/cute/core TEST bodies | 46 | 25 | 21 | 0 |

The docs' refusals are fragments that name what they do not define (`undefined variable`,
`make_tensor: 'ptr' is neither a variable…`, `unknown function 'tAgA'`: about 45) and
pseudo-code, each refused by an error naming it: an elision `...` (7), a function's signature
without a body (7: `Layout coalesce(Layout const& layout)`), `Stride<_?, _?>` (2), a struct's
definition or a class template's specialization, a member `operator[]`, `composition(Tensor,
Tiler)`'s type names. The TEST bodies' need `integer_sequence`/`int_sequence` types,
`counting_iterator`, sub-byte arrays, bit fields, packed tuples.

A block written for a kernel reads CUDA's `threadIdx.x` (`blockIdx`, `blockDim`, `gridDim`),
which cute answers as thread 0 of block 0 of a launch of one thread; the program declares them
so, at file scope (run-time values). A TEST body's file's `#include <cute/…>` lines are
included too (`tensor_reduce.hpp`, which `cute/tensor.hpp` does not include).

A TEST body is pasted after the functions its file defines above it (`template <class L> void
test_coalesce(L const& l) { … }`), as a user pasting the file has them; `--no-helpers` pastes
the body alone.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import cute_sessions  # noqa: E402  (cpp_of: a block as C++ printing what cute prints)

MARK = "=====sweep-block====="


def git(mirror, *args):
    return subprocess.run(["git", "--git-dir", mirror, *args], capture_output=True, text=True,
                          check=True).stdout


def doc_blocks(mirror):
    """The C++ code blocks of the CuTe docs: (where, text)."""
    out = []
    for path in git(mirror, "ls-tree", "--name-only", "HEAD", "media/docs/cpp/cute/").split():
        if not path.endswith(".md"):
            continue
        text = git(mirror, "show", f"HEAD:{path}")
        for k, m in enumerate(re.finditer(r"```(?:c\+\+|cpp|cuda)\s*\n(.*?)```", text, re.S)):
            out.append((f"{path} block {k}", m.group(1), ""))
    return out


# a function's definition at file scope: `[template <…>] RET NAME(PARAMS) [const] {`
DEFINITION = re.compile(
    r"^\s*(template\s*<[^{;]*>\s*)?(?!namespace\b|struct\b|class\b|TEST\b)"
    r"[\w:<>,&*\s]*?\b(?!(?:if|while|switch|for|return|else|constexpr)\b)\w+\s*\([^;{]*\)\s*(const\s*)?"
    r"(->[^{;]*)?\{", re.S)


def is_definition(chunk):
    """Whether a file-scope chunk defines a function (its comments aside)."""
    return bool(DEFINITION.match(re.sub(r"//[^\n]*|/\*.*?\*/", " ", chunk, flags=re.S)))


def file_scope_chunks(text, upto):
    """The file-scope declarations of `text` before `upto`, each whole (to its `;` or its
    closing brace), comments and preprocessor lines left out: (start, chunk)."""
    out, i, start, depth = [], 0, None, 0
    while i < upto:
        c = text[i]
        if text.startswith("//", i) or (c == "#" and (i == 0 or text[i - 1] == "\n")):
            i = text.find("\n", i) % (len(text) + 1) if "\n" in text[i:] else len(text)
            continue
        if text.startswith("/*", i):
            i = text.find("*/", i) + 2 if "*/" in text[i:] else len(text)
            continue
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if start is None and not c.isspace():
            start = i
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and start is not None:
                # a definition ends at its brace (a `;` after it is its own nothing)
                out.append((start, text[start:i + 1]))
                start = None
        elif c == ";" and depth == 0 and start is not None:
            out.append((start, text[start:i + 1]))
            start = None
        i += 1
    return out


def helpers_before(text, upto):
    """The functions a TEST body may call: those defined at file scope above it (as a user
    pasting the file would have them), and `using namespace …;`."""
    return "\n".join(chunk for _, chunk in file_scope_chunks(text, upto)
                     if is_definition(chunk) or chunk.startswith("using namespace"))


def hoisted(block):
    """A block's function definitions (`template <class S, class D> void print2D(…) { … }`,
    as the docs write them) apart from its statements: (definitions, the rest). C++ defines a
    function at file scope only, so the program puts the definitions there, as the helpers."""
    defs, rest, at = [], [], 0
    for start, chunk in file_scope_chunks(block, len(block)):
        if is_definition(chunk):
            defs.append(chunk)
            rest.append(block[at:start])
            at = start + len(chunk)
    rest.append(block[at:])
    return "\n".join(defs), "".join(rest)


def test_bodies(mirror):
    """The TEST bodies of CuTe's core unit tests: (where, text, helpers), the helpers the
    functions defined above the TEST in its file."""
    out = []
    for path in git(mirror, "ls-tree", "--name-only", "HEAD", "test/unit/cute/core/").split():
        if not path.endswith(".cpp"):
            continue
        text = git(mirror, "show", f"HEAD:{path}")
        for m in re.finditer(r"^TEST\((\w+),\s*(\w+)\)\s*\{", text, re.M):
            depth, i = 1, m.end()
            while i < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            helpers = helpers_before(text, m.start()) if WITH_HELPERS else ""
            INCLUDES.update(re.findall(r"^#include\s*<cute/[^>]+>", text, re.M))
            out.append((f"{path} TEST({m.group(1)}, {m.group(2)})", text[m.end():i - 1],
                        helpers))
    return out


# whether a TEST body is pasted with the functions defined above it (--no-helpers: without)
WITH_HELPERS = True

# the headers of CuTe's that the TEST bodies' files include (`<cute/algorithm/tensor_reduce.hpp>`,
# which cute/tensor.hpp does not): the program includes them too, at file scope
INCLUDES = set()


def run_cute(binary, block):
    try:
        r = subprocess.run([binary, "eval", "--format", "cute"], input=block,
                           capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        # a loop of many checks (inverse_left.cpp's 2^18 coordinates) in a debug build
        return 1, "", f"error: cute took longer than {TIMEOUT} s (the sweep's limit)\n"
    return r.returncode, r.stdout, r.stderr


# how long one block may take in cute
TIMEOUT = 120


# the lines cute-oracle writes before the program's first line (its #includes and `main`)
ORACLE_HEADER = 25


def compile_many(blocks):
    """What CuTe prints for each block (None where it does not compile), in one program; a
    block the compiler's first error points into is left out and the rest compiled again.
    A block is (helpers, lines): its helpers (functions) are defined at file scope, in a
    namespace of the block's own that the block uses (main, the oracle's, calls a function
    the blocks are in, so that the helpers can stand between them)."""
    if not blocks:
        return []
    head = cute_sessions.PRELUDE
    lines, starts = head.split("\n")[:-1], []
    lines.append("int sweep_blocks(); return sweep_blocks(); }")
    lines += sorted(INCLUDES)
    # CUDA's built-in indices as cute answers them, at file scope too (the blocks are in a
    # function of their own)
    lines += cute_sessions.CUDA_INDICES.split("\n")[:-1]
    for k, (helpers, _) in enumerate(blocks):
        lines += [f"namespace sweep_{k} {{ using namespace cute;"] + helpers.split("\n") + ["}"]
    lines.append("int sweep_blocks() {")
    for k, (_, b) in enumerate(blocks):
        starts.append(len(lines) + 1)
        lines.append(f"{{ using namespace sweep_{k};")
        # a statement of several lines is one item: its lines counted one by one; a call of
        # a helper that returns nothing (`void test_coalesce(…)`) is a statement, not printed
        void = "|".join(re.findall(r"\bvoid\s+(\w+)\s*\(", blocks[k][0]))
        cpp = cute_sessions.cpp_of(b)
        if void:
            cpp = [re.sub(rf'^print\(((?:{void})\(.*\))\); printf\("\\n"\);$', r"\1;", s)
                   for s in cpp]
        lines += ["  " + x for s in cpp for x in s.split("\n")]
        lines.append("}")
        lines.append(f'printf("{MARK}\\n");')
    lines.append("return 0;")
    r = subprocess.run(["/work/shared/tools/cute-oracle", "\n".join(lines)], capture_output=True,
                       text=True, timeout=900)
    if r.returncode == 0:
        outs = r.stdout.split(MARK + "\n")
        if len(outs) == len(blocks) + 1:
            return outs[:-1]
    m = re.search(r"q\.cpp:(\d+):", r.stderr)
    if m:
        at = int(m.group(1)) - ORACLE_HEADER
        bad = max((i for i, s in enumerate(starts) if s <= at), default=None)
        if bad is not None:
            rest = compile_many(blocks[:bad] + blocks[bad + 1:])
            return rest[:bad] + [None] + rest[bad:]
    if len(blocks) == 1:
        return [None]
    half = len(blocks) // 2
    return compile_many(blocks[:half]) + compile_many(blocks[half:])


# the line cute's error names its place by: `  ┌─ <stdin>:LINE:COLUMN`
ERROR_PLACE = re.compile(r"<stdin>:(\d+):\d+")


def run_session(binary, blocks):
    """A doc's blocks pasted one after another into one `cute eval --format cute` (standard
    input: as the REPL, it answers each statement and carries on after an error), a marker
    printed between them: what cute prints for each block, and its first error (None: none)."""
    text, starts = "", []
    for k, block in enumerate(blocks):
        if k:
            text += f'printf("{MARK}{k}\\n");\n'
        starts.append(text.count("\n") + 1)
        text += block.rstrip("\n") + "\n"
    code, out, err = run_cute(binary, text)
    # the markers are numbered: a block that leaves a statement open (a signature without its
    # body) swallows the marker after it, and its printout (and the next's) is unknown
    pieces = re.split(rf"{MARK}(\d+)\n", out)
    outs = [None] * len(blocks)
    outs[0] = pieces[0]
    for k, piece in zip(pieces[1::2], pieces[2::2]):
        outs[int(k)] = piece
    for k in range(1, len(blocks)):
        if str(k) not in pieces[1::2]:
            outs[k - 1] = None  # its printout runs on into the next block's
    errors = [None] * len(blocks)
    message = None
    for line in err.split("\n"):
        if line.startswith("error"):
            message = line
        m = ERROR_PLACE.search(line)
        if m and message:
            at = int(m.group(1))
            k = max(i for i, s in enumerate(starts) if s <= at) if at >= starts[0] else 0
            if errors[k] is None:
                errors[k] = message
            message = None
    if message and all(e is None for e in errors):
        errors[-1] = message  # an error without a place (cute's limit): the last block's
    return outs, errors


def compile_sessions(docs):
    """What CuTe prints for each block of each doc when the doc's blocks are one program, in
    order, each block seeing the names those before it declared (each block opens a scope that
    closes at the doc's end, so that a block may declare a name again), the functions the
    blocks define at file scope: for each doc, a list with None for each block that CuTe does
    not compile given the blocks before it (pseudo-code), left out and the rest compiled again.
    A block is (definitions, lines)."""
    dropped = [set() for _ in docs]
    while True:
        lines, places = cute_sessions.PRELUDE.split("\n")[:-1], []
        lines.append("int sweep_sessions(); return sweep_sessions(); }")
        lines += sorted(INCLUDES)
        lines += cute_sessions.CUDA_INDICES.split("\n")[:-1]
        for d, blocks in enumerate(docs):
            lines.append(f"namespace session_{d} {{ using namespace cute;")
            for k, (defs, _) in enumerate(blocks):
                if k not in dropped[d] and defs:
                    places.append((len(lines) + 1, d, k))
                    lines += defs.split("\n")
            lines.append("}")
        lines.append("int sweep_sessions() {")
        for d, blocks in enumerate(docs):
            places.append((len(lines) + 1, d, None))
            lines.append(f"{{ using namespace session_{d};")
            kept = [k for k in range(len(blocks)) if k not in dropped[d]]
            for k in kept:
                places.append((len(lines) + 1, d, k))
                lines.append("{")
                lines += ["  " + x for s in cute_sessions.cpp_of(blocks[k][1]) for x in s.split("\n")]
                lines.append(f'printf("{MARK}\\n");')
            places.append((len(lines) + 1, d, None))
            lines.append("}" * (len(kept) + 1))
        lines.append("return 0;")
        r = subprocess.run(["/work/shared/tools/cute-oracle", "\n".join(lines)],
                           capture_output=True, text=True, timeout=900)
        if r.returncode == 0:
            outs = r.stdout.split(MARK + "\n")
            result, at = [], 0
            for d, blocks in enumerate(docs):
                doc = []
                for k in range(len(blocks)):
                    doc.append(None if k in dropped[d] else outs[at])
                    at += k not in dropped[d]
                result.append(doc)
            return result
        m = re.search(r"q\.cpp:(\d+):", r.stderr)
        at = int(m.group(1)) - ORACLE_HEADER if m else None
        place = max((p for p in places if p[0] <= at), default=None) if at else None
        if place is None or place[2] is None:
            sys.exit(f"the sessions' program does not compile outside a block:\n{r.stderr}")
        if VERBOSE:
            print(f"  pseudo-code: doc {place[1]} block {place[2]}: {r.stderr.split(chr(10))[0][:160]}",
                  file=sys.stderr)
        dropped[place[1]].add(place[2])


VERBOSE = False


def sessions(args):
    """`--sessions`: each doc's blocks pasted in order into one session (cute) and one program
    (CuTe), each block compared with CuTe's printout for the blocks up to it."""
    by_doc = collections.OrderedDict()
    for where, block, _ in doc_blocks(args.mirror):
        by_doc.setdefault(where.split(" block ")[0], []).append((where, block))
    docs = list(by_doc.values())
    cute_runs = [run_session(args.bin, [b for _, b in blocks]) for blocks in docs]
    want = compile_sessions([[(d, [l for l in b.split("\n") if l.strip()])
                              for d, b in (hoisted(b) for _, b in blocks)] for blocks in docs])
    print("| doc | blocks | as CuTe | refused | differs | pseudo-code |")
    print("| --- | --- | --- | --- | --- | --- |")
    total, details, reasons = collections.Counter(), [], collections.Counter()
    for blocks, (outs, errors), cute_outs in zip(docs, cute_runs, want):
        counts = collections.Counter()
        for (where, _), got, error, cute_out in zip(blocks, outs, errors, cute_outs):
            if cute_out is None:
                kind = "pseudo"
                why = f"cute: {error[:120]}" if error else "cute answers it"
            elif error:
                kind, why = "refused", error[:150]
                reasons[re.sub(r"'[^']*'", "'…'", error)[:110]] += 1
            elif got is not None and got.rstrip("\n") == cute_out.rstrip("\n"):
                kind, why = "as", ""
            else:
                kind, why = "differs", "the printout differs"
            counts[kind] += 1
            details.append(f"{kind:8} {where}" + (f": {why}" if why else ""))
        total.update(counts)
        total["blocks"] += len(blocks)
        name = blocks[0][0].split(" block ")[0].rsplit("/", 1)[-1]
        print(f"| {name} | {len(blocks)} | {counts['as']} | {counts['refused']} "
              f"| {counts['differs']} | {counts['pseudo']} |")
    print(f"| all | {total['blocks']} | {total['as']} | {total['refused']} | {total['differs']} "
          f"| {total['pseudo']} |")
    if args.v:
        print("\n".join(details))
        print("\nfirst errors of refused blocks:")
        for r, n in reasons.most_common():
            print(f"{n:4}  {r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "cute"))
    ap.add_argument("--mirror", default="/work/.mirror/NVIDIA+cutlass/repo")
    ap.add_argument("-v", action="store_true", help="list each block's result")
    ap.add_argument("--no-helpers", action="store_true",
                    help="paste each TEST body alone, without the functions defined above it")
    ap.add_argument("--only", choices=["docs", "tests"],
                    help="sweep the docs' blocks only, or the TEST bodies only")
    ap.add_argument("--sessions", action="store_true",
                    help="paste each doc's blocks in order into one session (names carry on)")
    args = ap.parse_args()
    global WITH_HELPERS, VERBOSE
    WITH_HELPERS = not args.no_helpers
    VERBOSE = args.v
    if args.sessions:
        return sessions(args)
    sources = [("media/docs/cpp/cute/*.md", doc_blocks) if args.only != "tests" else None,
               ("test/unit/cute/core TEST bodies", test_bodies) if args.only != "docs" else None]
    sources = [(name, blocks(args.mirror)) for name, blocks in filter(None, sources)]
    print("| source | tried | as CuTe | refused | differs |")
    print("| --- | --- | --- | --- | --- |")
    details, reasons = [], collections.Counter()
    for name, blocks in sources:
        answered, counts = [], collections.Counter()
        for where, block, helpers in blocks:
            code, out, err = run_cute(args.bin, helpers + "\n" + block if helpers else block)
            if code != 0:
                counts["refused"] += 1
                first = next((l for l in (out + err).split("\n") if l.startswith("error")), "error")
                reasons[re.sub(r"'[^']*'", "'…'", first)[:110]] += 1
                details.append(f"refused  {where}: {first[:150]}")
            else:
                answered.append((where, block, helpers, out))
        hoist = [hoisted(b) for _, b, _, _ in answered]
        want = compile_many([("\n".join(x for x in (h, d) if x),
                              [l for l in b.split("\n") if l.strip()])
                             for (_, _, h, _), (d, b) in zip(answered, hoist)])
        for (where, block, _, got), cute_out in zip(answered, want):
            if cute_out is not None and got.rstrip("\n") == cute_out.rstrip("\n"):
                counts["as"] += 1
                details.append(f"as-CuTe  {where}")
            else:
                counts["differs"] += 1
                why = "CuTe does not compile it" if cute_out is None else "the printout differs"
                details.append(f"differs  {where}: {why}")
        print(f"| {name} | {len(blocks)} | {counts['as']} | {counts['refused']} | {counts['differs']} |")
    if args.v:
        print("\n".join(details))
        print("\nfirst errors of refused blocks:")
        for r, n in reasons.most_common():
            print(f"{n:4}  {r}")


if __name__ == "__main__":
    main()
