#!/usr/bin/env python3
"""Fill in tests/golden/cute_sessions.txt with what CuTe C++ prints (/work/shared/tools/cute-oracle).

The file holds blocks apart by a blank line: `# ` heading lines, C++ statements as a user pastes
them (several on a line, cut at `;`), `---`, then what CuTe prints for them, which
tests/integration/pasted_cute.rs compares byte for byte with `cute eval --format cute`.

This script rewrites the part after each `---` from CuTe itself: the blocks become one C++
program (each block in its own scope, a marker line between them), where a statement that is an
expression (cute prints its value) is printed as `print(EXPR); printf("\\n");`, a `print(x);`
stays as written (CuTe prints no newline after it, nor does `cute --format cute`), and declarations, `using`, `static_assert` and `print_layout(x);` stay as they
are. A block that CuTe does not compile stops the script with the compiler's first error.

Usage: python3 tests/oracle/cute_sessions.py [FILE]   (FILE: tests/golden/cute_sessions.txt or
another tests/golden/cute_sessions_*.txt of the same form, which pasted_cute.rs runs too)
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = (
    os.path.abspath(sys.argv[1])
    if len(sys.argv) > 1
    else os.path.join(ROOT, "tests", "golden", "cute_sessions.txt")
)
MARK = "=====cute-session====="

STATEMENT = re.compile(
    r"^(?:cute::)?(auto|using|static_assert|CUTE_STATIC_ASSERT_V|CUTE_STATIC_ASSERT|constexpr|for|if|else|\{|\}|print\w*|printf"
    r"|EXPECT_\w+|ASSERT_\w+|assert|CUTLASS_TRACE_HOST|copy|copy_if|fill|clear|axpby|gemm|print_tensor"
    r"|batch_reduce|logical_reduce|for_each|transform)\b"
)


# a pasted unit test's googletest checks print what failed (nothing when the test passes, as
# cute); CUTLASS's trace prints nothing without CUTLASS_DEBUG_TRACE_LEVEL
GTEST = "".join(
    f'\n#define {kind}_{check}(...) if (!({cond})) printf("{kind}_{check} failed\\n")'
    for kind in ("EXPECT", "ASSERT")
    for check, cond in [
        ("TRUE", "__VA_ARGS__"),
        ("FALSE", "!(__VA_ARGS__)"),
    ]
    + [
        # googletest compares its two arguments by const reference (EqHelper::Compare): no
        # copy (a copy of array_subbyte's subbyte_reference writes through it, CuTe 4.7)
        (check, f"[](auto const& lhs, auto const& rhs) {{ return lhs {op} rhs; }}(__VA_ARGS__)")
        for check, op in (("EQ", "=="), ("NE", "!="), ("LT", "<"), ("LE", "<="), ("GT", ">"),
                          ("GE", ">="))
    ]
)

# CUDA's built-in indices, as cute answers them: a kernel's thread 0 of block 0 of a launch of
# one thread in one block, run-time values (`tv(threadIdx.x, _)` compiles on the host)
CUDA_INDICES = ("struct cuda_dim3 { unsigned x, y, z; };\n"
                "cuda_dim3 threadIdx{0, 0, 0}, blockIdx{0, 0, 0}, blockDim{1, 1, 1}, gridDim{1, 1, 1};\n")

# what a program of pasted blocks starts with (its lines end with a newline)
PRELUDE = ('printf("");\n#undef CUTLASS_TRACE_HOST\n#define CUTLASS_TRACE_HOST(x)' + GTEST + "\n"
           + CUDA_INDICES)


def cut(line):
    """The statements of a line, cut at each top-level `;` (the `;` kept)."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(line):
        c = line[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == '"':
            i = line.index('"', i + 1)
        elif c == "/" and line[i:i + 2] == "//":
            # a comment to the end of its line (a statement of several lines goes on after it)
            end = line.find("\n", i)
            line = line[:i] + (line[end:] if end >= 0 else "")
            continue
        elif c == ";" and depth == 0:
            out.append(line[start:i + 1].strip())
            start = i + 1
        i += 1
    rest = line[start:].strip()
    if rest:
        out.append(rest)
    return out


# a C++ declaration whose line lacks its `;` (cute's statements.rs, `unterminated_declaration`)
# and a line that goes on with a binary operator (`continues_expression`)
UNTERMINATED = re.compile(r"^\s*[A-Za-z_][^=(\"'#\[]*?\s[A-Za-z_]\w*\s*=(?!=)")
CONTINUES = re.compile(r"^\s*(?!\+\+|--|->|::|//|/\*)(<<|>>|==|!=|&&|\|\||[-+*/%|&^?:])")


def joined_continuations(statements):
    """The lines with a line that starts with a binary operator joined to a declaration before
    it that its line left without `;` (`constexpr int bytes = sizeof(a)` then `+ sizeof(b);`),
    as C++ reads them and cute (reading a whole text) does."""
    out, start = [], None
    for line in statements:
        if out and start is not None and CONTINUES.match(line):
            decl = "\n".join(out[start:])
            last = decl.rsplit(";", 1)[-1].strip()
            if last and not last.endswith(("}", "{")) and UNTERMINATED.match(last) \
                    and ":" not in last.split("=", 1)[0].replace("::", ""):
                out[-1] += "\n" + line
                continue
        if start is None or out and out[-1].rstrip().endswith((";", "{", "}")):
            start = len(out)
        out.append(line)
    return out


def cpp_of(statements):
    """A block's statements as C++ that prints what cute prints."""
    out, pending = [], ""
    for line in joined_continuations(statements):
        if not pending and line.strip().startswith("#"):
            out.append("\n" + line.strip() + "\n")  # a preprocessor line (`#if 0`), on its own
            continue
        pending += ("\n" if pending else "") + line
        if pending.count("(") > pending.count(")"):
            continue  # a statement of several lines
        # a comparison `i < 4`, `m < size<0>(L)` is no bracket (`Shape < _4, _8>` is one)
        angles = re.sub(r"\s[<>]=?\s+(?![\s_A-Z])", " ", pending)
        if not pending.rstrip().endswith(";") and angles.count("<") > angles.count(">"):
            continue  # `auto a = Layout<Shape<…>,` with its template arguments on the next lines
        if pending.rstrip().endswith("=") and not pending.rstrip().endswith("=="):
            continue  # `auto tiled_mma =` with its value on the next lines (as cute reads it)
        if re.search(r"(\|\||&&|[|^%?/]|(?<!\+)\+|(?<!-)-)$",
                     re.sub(r"//[^\n]*$", "", pending).rstrip()):
            continue  # `mask<0,1>(…) |` then `mask<0,2>(…);`: an operator wants its operand
                      # (statements.rs's `needs_operand`)
        # a pasted block's braces (a comment after one, `{ // Reduce each column`, aside)
        if re.sub(r"\s*//[^\n]*$", "", pending.strip()) in ("{", "}", "};"):
            out.append(re.sub(r"\s*//[^\n]*$", "", pending.strip()))
            pending = ""
            continue
        for st in cut(pending):
            body = st.rstrip(";")
            if not body.strip():
                continue
            if st.startswith("print(") or st.startswith("cute::print("):
                # CuTe's print(x) as written: no newline after it (cute prints none either
                # under --format cute); an atom's print ends its own last line
                out.append(f"{body};")
            elif re.match(r"^(\}\s*)?(for|if|else|while)\b", st):
                out.append(st)  # a control statement, or its header (its body follows)
            elif (
                STATEMENT.match(st)
                # `decltype(auto) t0 = cute::get<0>(tup);`
                or re.match(r"^decltype\(auto\)\s+\w+\s*=(?!=)", st)
                # a declaration, after its attributes (`[[maybe_unused]] auto x = …`)
                # (a pointer's too: `float* p = …`)
                or re.match(r"^(\[\[[\w:, ]*\]\]\s*)*[\w:<>, *&]+\s[\w]+\s*=(?!=)", st)
                # a declaration without an initializer, `array<int, 4> vals;` (no call in it)
                or re.match(r"^(__shared__\s+)?[\w:]+\s*(<[^;()]*>)?\s+\w+;?$", st)
                # an array's declaration `T A[N] = {…}`, an element's write `T(i) = v`, `A[i] += v`
                or re.match(r"^(__shared__\s+)?[\w:<>, ]+\s\w+\s*\[[^\]]*\]\s*(=|\{|;|$)", st)
                # (`cute::get<0>(pt) = 43;`: a tuple's element written)
                or re.match(r"^[\w.:]+(<[^;=()]*>)?\s*[(\[][^=]*[)\]]\s*[-+*/]?=(?!=)", st)
                # a declaration of a class type, constructed: `T x;`, `T x(8, 4);`,
                # `tuple<int, int> t{1, 2};` (its type one word, its template arguments attached)
                # (after its attributes, `[[maybe_unused]] tuple_type t0;`; its specifiers,
                # `constexpr T x{};`, `tuple_type const pt{42};`)
                or re.match(r"^(\[\[[\w:, ]*\]\]\s*)*((constexpr|static|const)\s+)*[A-Za-z_][\w:]*(<[^;=]*>)?(\s+const)?\s+[A-Za-z_]\w*\s*(\(.*\)|\{.*\})?;?$", st, re.S)
                # an assignment to a variable, `t1 = t1a;` (a statement: cute prints nothing)
                or re.match(r"^[A-Za-z_]\w*\s*=(?!=)", st)
                # a pointer's declaration as a kernel's parameter is written: `TA const* A;`
                or re.match(r"^(const\s+)?[\w:]+(\s+const)?\s*\*\s*(const\s+|__restrict__\s+)?\w+;$", st)
                # a pointer's declaration `T const* p = nullptr;`
                or re.match(r"^[\w:<>, ]+?(\s+const)?\s*\*\s*\w+\s*(=|;|$)", st)
            ):
                out.append(st if st.endswith(";") or st.endswith("}") else st + ";")
            else:
                out.append(f'print({body}); printf("\\n");')
        pending = ""
    if pending.strip():
        # a statement the block leaves open (`Layout<Shape<_8,_8>, Stride<_?,_?>;`): as it is
        # written, for the compiler to refuse
        out.append(pending)
    return out


# what CuTe's device code prints where the program runs on the host: cast_smem_ptr_to_uint
# (arch/util.hpp), which make_gmma_desc / make_umma_desc and as_position_independent_swizzle_tensor's
# alignment check call, has no shared memory there, prints this line and gives 0. It is no
# value's print (a GPU prints nothing there), and cute, which answers as a thread of the GPU
# does, prints none: the line is left out of CuTe's printout.
HOST_ONLY = "ERROR: cast_smem_ptr_to_uint not supported but used.\n"


def without_host_lines(out):
    """`out` without the host-only lines (HOST_ONLY), each left out where it stands."""
    return out.replace(HOST_ONLY, "")


def main():
    text = open(GOLDEN).read()
    blocks = text.split("\n\n")
    heading, cases = [], []
    for b in blocks:
        b = b.strip("\n")  # a block whose printout is empty leaves blank lines: no block
        if not b:
            continue
        if "\n---" in b or b.startswith("---"):
            stmts, _, _ = b.partition("---")
            lines = [l for l in stmts.split("\n") if l and not l.startswith("# ")]
            cases.append((b, lines))
        else:
            heading.append(b)
    body = []
    for _, lines in cases:
        body.append("{")
        body += ["  " + s for s in cpp_of(lines)]
        body.append("}")
        body.append(f'printf("{MARK}\\n");')
    # a heading's `# include <cutlass/gemm/gemm.h>`: a header of CUTLASS's the sessions read
    # (`cutlass::gemm::detail::is_major`), included at file scope: the program's main (inside
    # cute-oracle's) calls a function of its own after it
    includes = [l[2:] for h in heading for l in h.split("\n") if l.startswith("# include <")]
    if includes:
        program = (PRELUDE.split("\n")[0] + "\nint sessions(); return sessions(); }\n#"
                   + "\n#".join(includes) + "\n" + PRELUDE.split("\n", 1)[1]
                   + "int sessions() {\n" + " ".join(body) + "\nreturn 0;")
    else:
        program = PRELUDE + " ".join(body)
    r = subprocess.run(["/work/shared/tools/cute-oracle", program], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"CuTe does not compile it:\n{r.stderr}")
    outs = without_host_lines(r.stdout).split(MARK + "\n")
    assert len(outs) == len(cases) + 1, (len(outs), len(cases))
    new = []
    for (block, _), printed in zip(cases, outs):
        stmts = block.partition("---")[0]
        new.append((stmts + "---\n" + printed.rstrip("\n")).rstrip("\n"))
    with open(GOLDEN, "w") as f:
        f.write("\n\n".join(heading + new) + "\n")
    print(f"{len(cases)} sessions written to {GOLDEN}")


if __name__ == "__main__":
    main()
