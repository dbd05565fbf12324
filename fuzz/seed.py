#!/usr/bin/env python3
"""Build the seed corpora of the fuzz targets from the golden statements (first column of
tests/golden/*.tsv and tests/oracle/api_*/cases.tsv, the refusals, the CLI transcripts' statements),
plus a few multi-line sessions.

Run from the repository root: python3 fuzz/seed.py  (writes fuzz/corpus/{parse,eval,render,explain,ahead,repl,run}/)."""
import glob, hashlib, os

stmts = []
for path in (sorted(glob.glob("tests/golden/*.tsv")) + ["tests/oracle/cases.tsv"]
             + sorted(glob.glob("tests/oracle/api_*/cases.tsv"))):
    for line in open(path, encoding="utf-8"):
        s = line.rstrip("\n").split("\t")[0]
        if s and not s.startswith("#"):
            stmts.append(s)
for path in ["tests/golden/refusals.txt"] + sorted(glob.glob("tests/oracle/api_*/cute_refuses.txt")):
    for line in open(path, encoding="utf-8"):
        s = line.strip()
        if s and not s.startswith("#"):
            stmts.append(s)

sessions = [
    "A = (4,8):(8,1)\nB = (2,4)\nA o B\nA / B\nA * B\nzipped_divide(A, B)\n",
    "L = Sw<3,4,3> o (8,64):(64,1)\nL(3)\nL\nsize(L)\n",
    "t = tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))\nt.get_layoutC_TV\nt.thread(3).partition_C((32,32))\n",
    "a = gmma_atom(Layout_K_SW128_Atom, bf16)\ntile_to_shape(a, (128,64))\n",
    ":format grid\n(4,8):(1,4)\n:format json\n(4,8)\n:show (2,3):(3,1)\n:vars\n",
    "c = make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bf16), (32,4):(4,1), (1,8))\nc\n",
    "logical_divide((4,(3,\n6)):(1,(4,12)), <2, _>)\nans\n",
]
# pasted C++ and CuTe DSL (SPEC 1b): the stdin of the paste transcripts, line by line and whole
import re
for path in sorted(glob.glob("tests/cli/paste_*.toml")):
    m = re.search(r'stdin = """\n(.*?)"""', open(path, encoding="utf-8").read(), re.S)
    if m:
        sessions.append(m.group(1))
        stmts.extend(l for l in m.group(1).splitlines() if l.strip())
# Hardening, round 3 (issue 41): the hostile forms of its items, short enough to mutate
round3 = [
    "1" + "+1" * 2000,
    "4:1" + "(0)" * 500,
    "A = 4:1\nA" + "[0]" * 500 + "\n",
    "A = 1:0\nA" + "*A" * 300 + "\n",
    "Int<010>{}", "make_shape(0777, 2)", "make_shape(0777, 2);", "cute.make_layout((08, 2))",
    "cute.get(cute.make_layout((4,8)), mode=[1], mode=[0])",
    "cute.Int8(300)", "cute.Uint32(-1)", "cutlass.Int16(70000)", "cute.Int64(-9223372036854775808)",
    "zipped_divide((4,8),\n# a comment\n(2,2))", "# c\n4:1", "/* a\nb */ 4:1", "4:1 /* x */ + 0",
    "cute::_4{}", "cute::_m4{}", "Layout<cute::Shape<cute::_4,cute::_8>>{}",
    "\ufeff(4,8):(1,4)", "0x_ff", "cute.make_layout(0x_ff)", "(4,\f8):(1,\f4)",
    "std::vector<int> v = 4;", "template <class T> auto f = 4:1;", "Step<_1,Foo,_1>{}",
    "smem_ptr[0b](0) o 4:1", "smem_ptr[-16b](0) o 4:1", "smem_ptr[12b](0) o 4:1",
    "zipped_divide((4,8), (2,2)\nsize((4,8))\ncosize((4,8):(1,4))\nrank((4,8))\n\ndepth((4,8))\n",
    ":format \x1b[31m\n:help \x07\n:nope\x00\n",
    "".join(f"x{i:07d}={i}\n" for i in range(200)),
]
sessions += round3
seeds = sorted(set(stmts)) + sessions
for target in ("parse", "eval", "render", "explain", "ahead", "repl", "run"):
    d = f"fuzz/corpus/{target}"
    os.makedirs(d, exist_ok=True)
    for s in seeds:
        b = s.encode()
        with open(os.path.join(d, hashlib.sha1(b).hexdigest()), "wb") as f:
            f.write(b)
print(f"{len(seeds)} seeds in each of fuzz/corpus/{{parse,eval,render,explain,ahead,repl,run}}")
