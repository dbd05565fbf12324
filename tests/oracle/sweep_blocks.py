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

Last run (2026-11-29, branch s28-37b, debug build):

  | source | tried | as CuTe | refused | differs |
  | --- | --- | --- | --- | --- |
  | media/docs/cpp/cute/*.md | 116 | 44 | 71 | 1 |
  | test/unit/cute/core TEST bodies | 46 | 28 | 17 | 1 |

The docs' refusals are mostly fragments that name what they do not define (`undefined
variable`, 33) or write pseudo-code (`Stride<_?, _?>`, `using iterator = // …`); the TEST
bodies' need `integer_sequence`/`int_sequence` types, `counting_iterator`, `sizeof`/`is_empty` of
tuple types, bit fields (bitfield.cpp), packed tuples and `uint6b_t`. array_subbyte.cpp's
ArraySubbyte and Const_subbyte_iterator stop where CuTe's do: `int4_t(8)` fails CUTLASS's
integer_subbyte assert (cute-oracle aborts there). inverse_left.cpp, domain_distribute.cpp and
mixedbits.cpp loop over 2^18 points each: about 13 s of CPU each in a debug build (more on a
loaded machine).

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
            out.append((f"{path} TEST({m.group(1)}, {m.group(2)})", text[m.end():i - 1],
                        helpers))
    return out


# whether a TEST body is pasted with the functions defined above it (--no-helpers: without)
WITH_HELPERS = True


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "cute"))
    ap.add_argument("--mirror", default="/work/.mirror/NVIDIA+cutlass/repo")
    ap.add_argument("-v", action="store_true", help="list each block's result")
    ap.add_argument("--no-helpers", action="store_true",
                    help="paste each TEST body alone, without the functions defined above it")
    args = ap.parse_args()
    global WITH_HELPERS
    WITH_HELPERS = not args.no_helpers
    sources = [("media/docs/cpp/cute/*.md", doc_blocks(args.mirror)),
               ("test/unit/cute/core TEST bodies", test_bodies(args.mirror))]
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
