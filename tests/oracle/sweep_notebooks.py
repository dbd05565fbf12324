#!/usr/bin/env python3
"""The sweep of CUTLASS's CuTe DSL notebooks (issue 37): each notebook of
examples/python/CuTeDSL/cute/notebooks/ pasted into `cute eval --format cute` as a user pastes
it, and compared with what the CuTe DSL 4.8.1 prints for the same cells.

What is pasted: a notebook's code cells in order, each `@cute.jit` function (and each plain
Python function) replaced, where a cell calls it, by its body: its parameters bound first to
the call's arguments (`a = cutlass.Int32(8)`), then the body's statements, dedented. A cell
that calls nothing (definitions, imports) is pasted only where its definitions are used; the
imports stay. One paste unit is one cell that calls something; it is pasted alone, after the
notebook's imports (so that one refused cell does not refuse every cell after it).

The DSL's answer: the notebook's cells run in order in the DSL's Python (the venv that
/work/shared/tools/dsl-oracle installs), traced and run on the host, no GPU
(tests/oracle/dsl_notebook_run.py): Python's `print` at trace time and `cute.printf` at run
time, as the notebook shows them. A cell the DSL cannot run here (a GPU, torch) is answered by
the notebook's stored output, marked `(stored)`.

Each unit is one of:
  as-DSL    cute answers it (exit 0) and prints byte for byte what the DSL prints (a printed
            pointer's address, `raw_ptr(0x7ffe…: f32, …)`, compared as any: it is where the
            DSL's process put the memory, and cute prints `stack` or `host`);
  refused   cute gives an error for some statement of it (exit 1): the first error is listed;
  order     cute answers it and prints the DSL's lines, in another order: pasted, each
            statement prints as it runs, where the DSL prints a jit function's Python `print`s
            as it traces the function and its `cute.printf`s after, as it runs it;
  differs   cute answers it and the DSL prints something else;
  no answer the DSL cannot run it here (torch, a GPU) and the notebook stores no output:
            nothing to compare (cute's first error, if any, is listed).

`--as-written` pastes each calling cell as written, after the cells before it (of an earlier
cell that calls something too, its definitions and imports: `def`s with their decorators), and
the DSL answers that same paste in a namespace of its own (so a jit function is traced anew,
not found compiled by an earlier cell's call, as a notebook run in order would).

Usage:

    python3 tests/oracle/sweep_notebooks.py [--bin target/debug/cute] [--mirror DIR] [-v] [--as-written] [--docs] [NOTEBOOK…|PAGE.rst…]
    python3 tests/oracle/sweep_notebooks.py --docstrings [-v] [--show] [--transcript TOML] [FILE.py…]
    python3 tests/oracle/sweep_notebooks.py --examples [-v] [--show] [--transcript TOML] [FILE.py…]

`--examples` (session 34): the host-side layout code of the DSL's examples
(examples/python/CuTeDSL/**/*.py, `example_blocks`): in each function, its top-level
assignments of constants and of the DSL's layout and atom builders whose every name is the file's
imports' or an earlier one's (`thr_layout = cute.make_ordered_layout((4, 32), order=(1, 0))`, then
`tiler_mn, tv_layout = cute.make_layout_tv(thr_layout, val_layout)`), one block a function, each
value printed, after the file's imports of cutlass, as `--docstrings` runs its blocks (the DSL: in
a jit function). Run 2026-11-30 (s34-sweep, debug build): 42 blocks, 28 as DSL, 4 refused, 0
differ, 10 the DSL refuses (torch, not installed here); at its start 18, 10, 4. `--transcript
tests/cli/paste_dsl_examples.toml` writes the ones answered as the DSL does.

Before this sweep's fixes (branch s28-37c at its start, debug build): 52 units, 0 as DSL,
50 refused, 2 differ (Python's print in cute's notation; f-strings, `assert`, `def` refused).
Session 28's end (s28-37c): bodies pasted 13 as DSL, 3 in another order, 35 refused, 1
differs; as written 16 as DSL, 35 refused, 1 differs.

Last run (2026-11-29, branch s29-nb, debug build; the DSL's Python with NumPy 2.4, no torch),
the cells as written (`--as-written`):

  | notebook | units | as DSL | in another order | refused | differs | no answer | DSL answered by stored output |
  | --- | --- | --- | --- | --- | --- | --- | --- |
  | cute_layout_algebra | 14 | 13 | 0 | 0 | 1 | 0 | 0 |
  | composed_layout | 2 | 0 | 0 | 1 | 0 | 1 | 1 |
  | print | 7 | 6 | 0 | 1 | 0 | 0 | 1 |
  | tensor | 5 | 0 | 0 | 0 | 0 | 5 | 5 |
  | data_types | 3 | 3 | 0 | 0 | 0 | 0 | 0 |
  | tensorssa | 10 | 10 | 0 | 0 | 0 | 0 | 0 |
  | hello_world | 1 | 0 | 0 | 1 | 0 | 0 | 1 |
  | elementwise_add | 10 | 0 | 0 | 0 | 0 | 10 | 10 |
  | all | 52 | 32 | 0 | 3 | 1 | 16 | 18 |

and the bodies pasted (the default): 52 units, 22 as DSL, 4 in another order, 7 refused, 4
differ, 15 no answer; after s29-nb's second part (a top-level `a > b` and `a // b` of a session
of DSL text read as Python's, a parameter bound as `x = cutlass.Int32(…)` where its annotation
says so, one named as its argument's variable renamed): 27 as DSL, 4 in another order, 5
refused, 1 differs, 15 no answer.

What is left, as written: cute_layout_algebra's one that differed printed a run-time stride's
divisibility (`?{div=3}`): cute prints it as the DSL does since branch s29-div;
composed_layout's refused cell is a Python function as a composed layout's transform
(`make_composed_layout(inner, …)`, a nested `def`), which the DSL prints as the function object (`<function … at 0x…>`); print's and hello_world's
need a GPU (`torch.randn(…, device="cuda")`, `cutlass.cuda.initialize_cuda_context()`), named
in cute's error. The tensor and elementwise_add notebooks need torch (not in the DSL's Python
here; `pip` reaches PyPI only) and store no output: no answer to compare; most of their cells
print random values (`torch.randn`), which no run repeats, or need a GPU. Random values are not
held by cute (`np.random.randn`'s elements are unset: written before they are read, as
tensorssa's cells do, they answer; printed, an error). Pasted as bodies, the refusals left are
a compiled function's body pasted without its `cute.compile` and composed_layout's nested
`def`, besides the GPU's. A parameter named as a variable its argument reads (`res =
from_dlpack(res)`) is bound as `res_` and renamed in the body: bound as written it would hide
the caller's variable, which the statements after the call read. `--transcript tests/cli/paste_notebooks.toml` (and
`--as-written --transcript tests/cli/paste_notebooks_as_written.toml`) write the units
answered as the DSL does, the DSL's output their expectation (an address `[..]`).

`--docs`: the DSL's own documentation (media/docs/pythonDSL/, DOCS) in place of the notebooks,
each page's `.. code-block:: python` blocks its cells (after DOCS_PREAMBLE: the pages write
`cute.` without importing it), the literal block (`::`) after a block its stored output (what
the page shows it prints), compared without leading blanks. As written, a page's blocks are
pasted in order (a block that defines a jit function, then one that calls it), each calling
block's answer what the paste prints past what the blocks before it print. Before this
source's fixes (main at b9c22fb, debug build), as written: 41 units, 0 as DSL, 12 refused
(`cute.printf("… %f\n", x)`: C's conversions, 4; torch's and NumPy's `uint16`; a tensor as a
jit argument), 1 differs, 28 no answer; bodies pasted: 1 as DSL, 12 refused. Last run
(2026-11-29, branch s29-nb), as written:

  | page | units | as DSL | in another order | refused | differs | no answer | DSL answered by stored output |
  | --- | --- | --- | --- | --- | --- | --- | --- |
  | cute_dsl_general/dsl_code_generation.rst | 3 | 2 | 0 | 0 | 1 | 0 | 0 |
  | cute_dsl_general/dsl_control_flow.rst | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
  | cute_dsl_general/dsl_dynamic_layout.rst | 6 | 1 | 0 | 0 | 2 | 3 | 6 |
  | cute_dsl_general/dsl_jit_arg_generation.rst | 2 | 1 | 0 | 1 | 0 | 0 | 1 |
  | cute_dsl_general/dsl_jit_caching.rst | 2 | 0 | 0 | 1 | 1 | 0 | 0 |
  | cute_dsl_general/dsl_jit_compilation_options.rst | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
  | cute_dsl_general/dsl_struct_types.rst | 1 | 0 | 0 | 1 | 0 | 0 | 0 |
  | guides/ahead_of_time_compilation.rst | 3 | 0 | 0 | 0 | 0 | 3 | 3 |
  | guides/autotuning_gemm.rst | 1 | 0 | 0 | 0 | 0 | 1 | 1 |
  | guides/framework_integration.rst | 6 | 0 | 0 | 0 | 0 | 6 | 6 |
  | guides/iket_profiling.rst | 3 | 0 | 0 | 0 | 0 | 3 | 3 |
  | guides/mma/tcgen05_programming.rst | 1 | 0 | 0 | 0 | 0 | 1 | 1 |
  | guides/mma/wgmma_programming.rst | 3 | 0 | 0 | 0 | 0 | 3 | 3 |
  | guides/mma/wmma_programming.rst | 3 | 0 | 0 | 0 | 0 | 3 | 3 |
  | guides/tvm_ffi_compilation.rst | 4 | 0 | 0 | 0 | 0 | 4 | 4 |
  | limitations.rst | 3 | 0 | 0 | 2 | 0 | 1 | 1 |
  | quick_start.rst | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
  | all | 41 | 4 | 0 | 5 | 4 | 28 | 32 |

and the bodies pasted: 41 units, 3 as DSL, 9 refused (`cute.compile` of a function whose body is
pasted in its place), 1 differs, 28 no answer.

Session 30 (branch s30-dsl, debug build), as written: docs 41 units, 9 as DSL, 3 refused, 1
differs, 28 no answer (dsl_code_generation 3 of 3: Python's floats, `a = 2.0` printed `7.0`;
dsl_dynamic_layout 3 of 6: a compiled function runs over its compiled static layout, and the
page's misprint `raw_ptr(…::` is read as the DSL's `raw_ptr(…:`; dsl_jit_caching cell 1: a
statement calling a Python function prints what it prints, not its value; limitations cell 2:
a function returning nothing returns None); notebooks 52 units, 33 as DSL, 3 refused, 16 no
answer (unchanged). Bodies pasted: docs 4 as DSL, 8 refused, 1 differs, 28 no answer; notebooks
27 as DSL, 5 in another order, 5 refused, 15 no answer. Left: limitations cell 3's
`max(int(1), float(2.0))` statements, which a script does not print and cute's paste echoes (a
value's statement); dsl_jit_caching cell 2 (Python's dict); dsl_struct_types (a NamedTuple
class); composed_layout cell 0 (a nested `def` as a composed layout's transform); an array of
rank 2 or more passed to a jit function as it is, and `mark_layout_dynamic` of one (64-bit
run-time strides `?{i64}`: not modelled, an error naming them).

Session 31 (s31-dslint, debug build), as written: docs and notebooks unchanged in number (docs
41 units, 11 as DSL, 1 refused, 1 differs, 28 no answer; notebooks 52, 34 as DSL, 2 refused, 16
no answer): the cells cute now answers, dsl_dynamic_layout cell 5 (a rank-2 array passed as it
is: `(?,?):(?{i64},1)`), the DSL here cannot run (torch); framework_integration cell 1 is
refused later (`type(src)`). limitations cell 3 differs still: its last lines are bare
expressions, which a Python script does not print and cute's eval echoes.

Session 31 (s31-dslint's second part, debug build), as written: unchanged in number (docs 41
units, 11 as DSL, 1 refused, 1 differs, 28 no answer; notebooks 52, 34 as DSL, 2 refused, 16 no
answer). limitations cell 3 differs still, now only because a script prints no bare expression:
cute's echo of its last lines is Python's repr (`2.0`, where it was `2.000000`), and `3` for
`max(int(3), float(2.0))` is echoed `_3` (a static integer under --format cute).

Session 30's second part (s30-dsl, debug build), as written: docs 41 units, 11 as DSL, 1
refused (dsl_jit_arg_generation cell 3, pseudo-code `...`, stored), 1 differs (limitations cell
3's echoed `max(…)` statements), 28 no answer; notebooks 52 units, 34 as DSL, 2 refused (a GPU),
16 no answer. What made the difference: dsl_jit_caching cell 2 (Python's dict holding compiled
functions), dsl_struct_types cell 1 (a NamedTuple class, `cute.compile(f, v)(v)`),
composed_layout cell 0 (a nested `def` as a composed layout's transform; the DSL's `<function …
at 0x…>` compared without its address).

Session 31 (s31-dslapi, debug build), as written: docs 41 units, 11 as DSL, 1 refused, 1
differs, 28 no answer; notebooks 52 units, 34 as DSL, 2 refused, 16 no answer (the counts
unchanged: the cells fixed have no stored output, or the DSL 4.8.1 refuses them too). What
changed is why: dsl_jit_arg_generation cell 3's `...` is Python's Ellipsis, and its refusal is
now the DSL 4.8.1's own (ARG_ANNOTATION_MISMATCH: a NumPy array passed as it is to a
`cute.Tensor` parameter, its first call included, where the page shows only the second
failing); ahead_of_time cell 1 is the DSL's CALL_MISSING_ARG (`cute.compile(print_tensor)`);
framework_integration cell 5 answers (`memspace`), cell 7 reads (`not in`; its names are the
page's fragment's); tcgen05_programming cell 15 reads (`mma_tiler_mnk[:2]`); tvm_ffi cell 9's
class reads (`__new_from_mlir_values__` skipped). Left: `cute.sym_int()` and
`cute.runtime.make_fake_compact_tensor` (tvm_ffi cells 7, 8, 9, 18: the DSL prints a SymInt
`?{div=1}`, a FakeTensor `FakeTensor<Float32, (?{div=1},), (1,)>`, traced `tensor<ptr<f32,
gmem> o (?):(1)>`); tensor.ipynb cell 2 (`cute.runtime.make_ptr(dtype, a.data_ptr())`: a
pointer to a host array by its address, whose `fill(1)` then print_tensor the DSL prints as
1.0s); hello_world cell 3 (`cutlass.cuda.initialize_cuda_context`, refused by name).

Session 32 (s32-dsl, debug build), as written: counts unchanged (notebooks 52 units, 34 as DSL,
2 refused, 16 no answer; docs 41 units, 11 as DSL, 1 refused, 1 differs, 28 no answer): the
cells it reaches need torch, a GPU or random values. What changed is how far cute goes:
`cute.sym_int()` and fake tensors (`make_fake_compact_tensor`, `make_fake_tensor`,
`make_fake_stream`) are modelled, so tvm_ffi_compilation cells 7, 8, 9 compile (a kernel's launch
traced over fake tensors) and stop at `torch.…(device="cuda")`; framework_integration cell 1
answers (`type(src)` is `<class 'cutlass.cute.tensor._Tensor'>`), cells 9 and 12 read
`t.permute(…)` and stop later (a slice's step, `stride_order=`); tensor cell 6 answers (torch's
print format); composed_layout cell 1 reads `torch.randint` and stops at the read of a random
value. limitations cell 3 differs still: a script echoes no bare expression (cute echoes `2.0`,
`3`, as Python's REPL does).

What was left before session 30: most pages need torch or a GPU (no
answer here; their stored outputs are few); dsl_code_generation's `a = 2.0` in a jit function
is a Python float (`print` writes `7.0`; cute holds it as a Float64, printed `?`);
dsl_dynamic_layout's compiled function called with a tensor of another shape prints, in the
DSL, the compiled layout (`(3):(1)`, the doc's "unexpected result"), and its `(?,?):(?{i64},1)`
of a rank-2 torch tensor passed as it is (64-bit run-time strides: an error in cute); the
page's third literal block misprints the DSL's `raw_ptr(…: i16` as `raw_ptr(…:: i16`;
dsl_jit_caching's `jit_executor(1, 2)` returns 3, which cute's paste echoes (`_3`) and a script
does not; Python dicts (`{}`), classes (dsl_struct_types), `...` (pseudo-code) and
limitations.rst's examples of what the DSL refuses.

`--docstrings` (session 33): the DSL's own docstrings, python/CuTeDSL/cutlass/cute/**/*.py,
each `.. code-block:: python` one unit (a doctest's `>>>` lines its statements), as a reader of
the API reference pastes it after `import cutlass`, `import cutlass.cute as cute`, `from cutlass
import *`, `from cutlass.cute import *` (the docstrings write the module's names bare): each
bare expression printed and each assignment's names printed after it (`echoed`), the same text
run by the DSL in a `@cute.jit` function on the host (`in_jit`; the DSL's side binds the
module's and cute's public names one by one: 4.8.1's `from cutlass.cute import *` fails, its
`__all__` names `IntValue`). Most blocks are fragments (`mma_atom`, `tma_atom`, `barrier_ptr`
never defined) or need a GPU: "the DSL refuses" (Python's NameError and the like), not
compared. `--transcript tests/cli/paste_dsl_docstrings.toml` writes the blocks answered as the
DSL does. Run 2026-11-29 (s33-sweep, debug build), at its start and after its fixes:

  | file | blocks | as DSL | refused | differs | no Python | the DSL refuses |
  | --- | --- | --- | --- | --- | --- | --- |
  | start: all | 139 | 25 | 19 | 2 | 5 | 88 |
  | core.py | 46 | 30 | 1 | 0 | 2 | 13 |
  | runtime.py | 6 | 3 | 0 | 0 | 1 | 2 |
  | tensor.py | 17 | 5 | 1 | 0 | 1 | 10 |
  | testing.py | 2 | 1 | 0 | 0 | 0 | 1 |
  | tuple.py | 6 | 4 | 1 | 0 | 0 | 1 |
  | typing.py | 9 | 1 | 2 | 0 | 1 | 5 |
  | (13 files of atoms, arch, nvgpu) | 54 | 0 | 0 | 0 | 0 | 54 |
  | all | 139 | 44 | 5 | 0 | 5 | 85 |

(the start's 88 "the DSL refuses" counted 3 blocks the DSL answers once the module's names are
bound). The 2 that differed were wrong answers: `dice((1,None,1), layout)` and
`repeat_like(0, (1, 2, 3))` written bare after `from cutlass.cute import *` answered as C++'s
(the DSL's dice(src, dicer) of a tuple by a layout is the tuple; its repeat_like(x, target)
takes them the other way round): `from cutlass.cute import …` now makes every statement after it
the DSL's. Fixed refusals: `E(mode)`, `ScaledBasis(v, mode)` (printed `1@0`, `?@1`),
`basis_value`, `basis_get`, `repeat`, `repeat_as_tuple`, `flatten_to_tuple`,
`increment_coord` (static coordinates), `full`, `full_like`, `recast_tensor`, Python lambdas
(`transform_leaf(lambda x: …)`: C++ lambdas' one call path, the body `return EXPR` read as a
Python function's), the DSL's
`tuple_cat(1, (2, 3))`, `cute.shape((l0, l1))` of a tuple of layouts, `cute.printf(a, b)` of
values only (`"{}, {}"`). Refused still: `Ratio(1, 2)` scales,
a Python lambda's `*args` (`transform_apply`'s `g=lambda *args: …`),
`TypedTensor`, and a TensorSSA's element never written printed (the DSL prints `?` at trace
time; cute holds no unknown value). `cute.printf` of a TensorSSA is refused now, as the DSL
refuses it (its IR verification: `cute.print` takes CuTe's types, not a vector); cute printed it.

Run 2026-11-30 (s34-dsl, debug build): 139 blocks, 49 as DSL, 0 refused, 0 differ, 5 no Python,
85 the DSL refuses (core.py 46: 31, 0, 0, 2, 13; tensor.py 17: 6, 0, 0, 1, 10; tuple.py 6: 5,
0, 0, 0, 1; typing.py 9: 3, 0, 0, 1, 5; runtime.py, testing.py and the 13 files of atoms, arch
and nvgpu unchanged). Fixed since session 33: `ScaledBasis(Ratio(1, 2), 1)` (printed `1/2@1`,
its basis_value the Ratio; a layout of it or its scaling not modelled), `transform_apply`'s
`g=lambda *args: …`, `TypedTensor` (×2), a TensorSSA's element never written (`frg[0]`: `?`,
`Float32(?)` in a tuple; its arithmetic and cute.printf an error naming it).

The DSL's Python (`DSL_ENV`, default ~/.cache/cute-dsl-oracle) needs NumPy (`pip install
numpy` in it) for the NumPy cells; without it they are answered by their stored output.
"""
import argparse
import ast
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DSL_PYTHON = os.path.join(os.environ.get("DSL_ENV", os.path.expanduser("~/.cache/cute-dsl-oracle")),
                          "bin", "python")
NOTEBOOKS = ["cute_layout_algebra", "composed_layout", "print", "tensor", "data_types",
             "tensorssa", "hello_world", "elementwise_add"]
FOLDER = "examples/python/CuTeDSL/cute/notebooks/"
# The DSL's own documentation (`--docs`): its pages with Python code blocks about CuTe (the
# ts_* pages are another library's; basic_data_types.rst's text is docstrings, autoclass)
DOCS_FOLDER = "media/docs/pythonDSL/"
DOCS = ["cute_dsl_general/dsl_code_generation.rst", "cute_dsl_general/dsl_control_flow.rst",
        "cute_dsl_general/dsl_dynamic_layout.rst", "cute_dsl_general/dsl_jit_arg_generation.rst",
        "cute_dsl_general/dsl_jit_caching.rst", "cute_dsl_general/dsl_jit_compilation_options.rst",
        "cute_dsl_general/dsl_struct_types.rst", "guides/ahead_of_time_compilation.rst",
        "guides/autotuning_gemm.rst", "guides/framework_integration.rst",
        "guides/iket_profiling.rst", "guides/mma/tcgen05_programming.rst",
        "guides/mma/wgmma_programming.rst", "guides/mma/wmma_programming.rst",
        "guides/tvm_ffi_compilation.rst", "limitations.rst", "quick_start.rst"]
# what the docs' blocks take as imported (they write `cute.` without importing it)
DOCS_PREAMBLE = "import cutlass\nimport cutlass.cute as cute\n"
sys.path.insert(0, HERE)
# one git reader, one runner of cute (its time limit) and one -v listing with the C++ sweep
from sweep_blocks import git, print_details, reason_key, run_cute  # noqa: E402


def code_cells(mirror, name):
    """A notebook's code cells: (source, stored output)."""
    nb = json.loads(git(mirror, "show", f"HEAD:{FOLDER}{name}.ipynb"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        stored = "".join("".join(o.get("text", [])) for o in cell.get("outputs", [])
                         if o.get("output_type") == "stream" and o.get("name") == "stdout")
        source = "".join(cell["source"])
        # IPython's magics and shell lines are no Python
        source = "\n".join(l for l in source.split("\n") if not l.lstrip().startswith(("%", "!")))
        out.append((source, stored))
    return out


def rst_blocks(mirror, name):
    """A documentation page's Python code blocks (`.. code-block:: python`, `.. code::
    python`), in order, each with the literal block (`::`) that follows it before the next
    code block as its stored output (the doc shows what the block prints there), after
    DOCS_PREAMBLE as a block of its own."""
    lines = git(mirror, "show", f"HEAD:{DOCS_FOLDER}{name}").split("\n")
    out, k = [(DOCS_PREAMBLE, "")], 0

    def content(k, indent):
        """The indented lines after a directive at `indent` (its options skipped), dedented
        by the first line's indent, and the line after them."""
        while k < len(lines) and lines[k].strip().startswith(":") and lines[k].strip():
            k += 1
        body = []
        while k < len(lines) and (not lines[k].strip()
                                  or len(lines[k]) - len(lines[k].lstrip()) > indent):
            body.append(lines[k])
            k += 1
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        cut = len(body[0]) - len(body[0].lstrip()) if body else 0
        body = [l[min(cut, len(l) - len(l.lstrip())):] for l in body]
        return "\n".join(body), k

    while k < len(lines):
        line = lines[k]
        indent = len(line) - len(line.lstrip())
        m = re.match(r"\s*\.\. code(?:-block)?::\s*(\w*)\s*$", line)
        if m:
            text, k = content(k + 1, indent)
            if m.group(1) in ("python", "py", "") and text:
                out.append((text, ""))
            continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            text, k = content(k + 1, indent)
            if len(out) > 1 and not out[-1][1] and text:
                out[-1] = (out[-1][0], text + "\n")
            continue
        k += 1
    return out


def cells_of(mirror, name):
    """A source's cells: a notebook's code cells, or a documentation page's code blocks."""
    return rst_blocks(mirror, name) if name.endswith(".rst") else code_cells(mirror, name)


def segment(source, node):
    return ast.get_source_segment(source, node, padded=False)


def body_text(source, fn):
    """A function's body as a user pastes it: its lines, dedented (the docstring kept)."""
    lines = source.split("\n")
    first = fn.body[0].lineno - 1
    if fn.body[0].col_offset == 0:
        return ""
    # comments above the first statement belong to the body too
    start = fn.lineno
    while start < first and not lines[start].strip().startswith("#"):
        start += 1
    return textwrap.dedent("\n".join(lines[start:fn.end_lineno]))


def bindings(source, fn, call):
    """`param = argument` for each argument of a call: what a user writes before the body."""
    params = [a.arg for a in fn.args.args]
    out = []
    for param, arg in zip(fn.args.args, call.args):
        value = segment(call._source, arg)
        # a jit function's `x: cutlass.Int32` takes a Python number as a run-time Int32
        kind = ast.unparse(param.annotation) if param.annotation is not None else ""
        if re.fullmatch(r"(cutlass\.)?(U?[Ii]nt(8|16|32|64)|B?Float(16|32|64)|Boolean)", kind or ""):
            value = f"{kind}({value})"
        out.append(f"{param.arg} = {value}")
    for kw in call.keywords:
        if kw.arg:
            out.append(f"{kw.arg} = {segment(call._source, kw.value)}")
    return out


class Paster:
    """Turns cells into what a user pastes: calls of known functions inlined."""

    def __init__(self):
        self.functions = {}  # name -> (source, FunctionDef)

    def called(self, node):
        """The function a statement calls, if it is `f(…)` of a function defined so far, or
        `kernel(…).launch(…)` of one (pasted as its body: cute answers it for thread 0)."""
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            return None
        call = node.value
        if isinstance(call.func, ast.Attribute) and call.func.attr == "launch" \
                and isinstance(call.func.value, ast.Call):
            call = call.func.value
        if isinstance(call.func, ast.Name) and call.func.id in self.functions:
            return call
        return None

    def inline(self, source, statements, depth=0):
        """The statements as pasted, and whether any called a known function."""
        out, calls = [], False
        for node in statements:
            if isinstance(node, ast.FunctionDef):
                self.functions[node.name] = (source, node)
                continue
            call = self.called(node)
            if call is not None and depth < 8:
                fsource, fn = self.functions[call.func.id]
                call._source = source
                bound = bindings(source, fn, call)
                inner, _ = self.inline(fsource, fn.body, depth + 1)
                # a parameter named as a variable its argument reads (`res =
                # from_dlpack(res)`) is renamed `res_` in the body: bound as written it would
                # hide the caller's variable, which the statements after the call read
                for k, line in enumerate(bound):
                    name, value = line.split(" = ", 1)
                    if re.search(rf"(?<![\w.]){name}(?!\w)", value):
                        bound[k] = f"{name}_ = {value}"
                        inner = re.sub(rf"(?<![\w.]){name}(?!\w)", f"{name}_", inner)
                out += bound
                out.append(inner)
                calls = True
                continue
            text = segment(source, node)
            if depth:
                # a statement of a body: as written (its own lines), dedented with the body
                lines = source.split("\n")[node.lineno - 1:node.end_lineno]
                text = textwrap.dedent("\n".join(lines))
            out.append(text)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                calls = True
        return "\n".join(out), calls


def parsed(source):
    """A cell's top-level statements (none where it is no Python)."""
    try:
        return ast.parse(source).body
    except SyntaxError:
        return []


def units_of(cells):
    """A notebook's paste units: (cell index, pasted text)."""
    paster, units = Paster(), []
    for k, (source, _) in enumerate(cells):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        text, calls = paster.inline(source, tree.body)
        if calls:
            units.append((k, text))
    return units


def definitions(source):
    """A cell's definitions and imports, as written (a function with its decorators): what
    an earlier cell that also calls something leaves defined for the cells after it."""
    lines = source.split("\n")
    out = []
    for node in parsed(source):
        if isinstance(node, (ast.FunctionDef, ast.Import, ast.ImportFrom)):
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            out.append("\n".join(lines[first - 1:node.end_lineno]))
    return "\n".join(out)


def dsl_answers(cells):
    """What the DSL prints for each cell: (output, error or None)."""
    return dsl_run([s for s, _ in cells])


def dsl_session_answers(sessions):
    """What the DSL prints for each session (a list of cells' texts run in order in a
    namespace of its own, as a user pastes them): (output, the first error or None)."""
    if not sessions:
        return []
    out = []
    for answers in dsl_run(sessions):
        errors = [e for _, e in answers if e is not None]
        out.append(("".join(o for o, _ in answers), errors[0] if errors else None))
    return out


def dsl_run(cells):
    """dsl_notebook_run.py's answer for `cells` (a list of texts, or of sessions)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(cells, f)
    try:
        r = subprocess.run([DSL_PYTHON, os.path.join(HERE, "dsl_notebook_run.py"), f.name],
                           capture_output=True, text=True, timeout=900)
    finally:
        os.unlink(f.name)
    results = json.loads(r.stdout)
    if cells and isinstance(cells[0], list):
        return [[(x["out"], x["error"]) for x in session] for session in results]
    return [(x["out"], x["error"]) for x in results]


def strip_ansi(s):
    return re.sub(r"\x1b\[[0-9;]*m", "", s)


def without_addresses(s):
    """The text with each printed pointer's address (`raw_ptr(0x00007ffe…: f32, …)`) written
    `ADDR`: an address is where the DSL's process put the memory, which no other run repeats.
    A Python function's print (`<function f.<locals>.inner at 0x7f51…>`) is written without
    its address, as cute prints it."""
    s = re.sub(r"(<function [\w.<>]+) at 0x[0-9a-fA-F]+>", r"\1>", s)
    s = re.sub(r"Tensor<(?:0x[0-9a-fA-F]+|host(?:\+\d+)?)@", "Tensor<ADDR@", s)
    return re.sub(r"raw_ptr\((?:0x[0-9a-fA-F]+|[A-Za-z_]\w*(?:\+\d+)?):", "raw_ptr(ADDR:", s)


def past_prefix(binary, before, code, got, err):
    """cute's answer for a paste less what it prints for the text pasted `before` it: its
    output past that text's, and refused only where the paste has errors the text's has not
    (the first of those its first error)."""
    _, got0, err0 = run_cute(binary, before + "\n")
    if got.startswith(got0):
        got = got[len(got0):]
    errors0 = collections.Counter(l for l in (got0 + err0).split("\n") if l.startswith("error"))
    new = []
    for l in (got + err).split("\n"):
        if l.startswith("error"):
            if errors0[l]:
                errors0[l] -= 1
            else:
                new.append(l)
    got = "\n".join(l for l in got.split("\n") if not l.startswith("error") or l in new)
    return (1 if new else 0), got, "\n".join(new) + ("\n" if new else "")


def same(got, want, doc_output):
    """Whether cute printed what the DSL prints, the addresses as any. A documentation page's
    literal block (`doc_output`) is compared without each line's leading blanks: its
    indentation is the page's (dsl_dynamic_layout.rst indents the DSL's `  ( 1, 2, 3 )` less
    than the block's first line, which reStructuredText takes as the block's)."""
    got, want = (without_addresses(t).rstrip("\n") for t in (got, want))
    if doc_output:
        got, want = ("\n".join(l.lstrip() for l in t.split("\n")) for t in (got, want))
        # the page's misprint of the DSL's `raw_ptr(0x…: i16` (dsl_dynamic_layout.rst's third
        # literal block writes `raw_ptr(0x…:: i16`, which no DSL prints)
        want = want.replace("raw_ptr(ADDR::", "raw_ptr(ADDR:")
    return got == want


NOTEBOOKS_ABOUT = ("# Issue 37: the CuTe DSL notebooks' cells that cute answers as the DSL does, each\n"
                   "# jit function's body pasted with its parameters bound; the expectation is what the\n"
                   "# CuTe DSL 4.8.1 prints for the notebook's cells (generated by\n"
                   "# `tests/oracle/sweep_notebooks.py --transcript`, the DSL run on the host).\n")
DOCSTRINGS_ABOUT = ("# Issue 37: the CuTe DSL's docstrings' code blocks (python/CuTeDSL/cutlass/cute/) that\n"
                    "# cute answers as the DSL does, each value printed; the expectation is what the CuTe\n"
                    "# DSL 4.8.1 prints for each block run in a jit function (generated by\n"
                    "# `tests/oracle/sweep_notebooks.py --docstrings --transcript`).\n")


EXAMPLES_ABOUT = ("# Issue 37: the host-side layout code of the CuTe DSL's examples\n"
                  "# (examples/python/CuTeDSL/**/*.py: each function's assignments of constants)\n"
                  "# that cute answers as the DSL does, each value printed; the expectation is what\n"
                  "# the CuTe DSL 4.8.1 prints for each block run in a jit function (generated by\n"
                  "# `tests/oracle/sweep_notebooks.py --examples --transcript`).\n")


def write_transcript(path, units, about=NOTEBOOKS_ABOUT):
    """The units as one `cute --format cute eval` transcript (trycmd), pasted one after
    another: what the DSL printed for each, in order."""
    stdin, stdout, imported = [], [], set()
    for where, imports, text, want in units:
        # (each unit's imports not pasted yet: the examples' files import modules of their own,
        # `from cutlass.cute.nvgpu import tcgen05`)
        new = [l for l in re.split(r"\n(?=(?:import|from)\s)", imports.strip("\n"))
               if l and l not in imported]
        if new:
            stdin.append("\n".join(new))
            imported.update(new)
        stdin.append(f"# {where}\n{text}")
        if not want.strip():
            # (a unit that prints nothing, as the DSL: no line)
            continue
        # a pointer's address is the DSL process's: any (trycmd's `[..]`)
        stdout.append(without_addresses(want).replace("raw_ptr(ADDR:", "raw_ptr([..]:").rstrip("\n"))
    esc = lambda t: t.replace("\\", "\\\\").replace('"""', '\\"""')
    with open(path, "w") as f:
        f.write(about)
        f.write('bin.name = "cute"\nargs = ["--format", "cute", "eval"]\n')
        f.write(f'stdin = """\n{esc(chr(10).join(stdin))}\n"""\n')
        f.write(f'status.code = 0\nstdout = """\n{esc(chr(10).join(stdout))}\n"""\n')
        f.write('stderr = """\n"""\n')


# `--docstrings`: the DSL's own docstrings (python/CuTeDSL/cutlass/cute/**/*.py): each
# `.. code-block:: python` of a function's, class's or module's docstring is one unit, as a user
# pastes it from the API reference
DOCSTRING_FOLDER = "python/CuTeDSL/cutlass/cute/"
# what a docstring's block takes as imported: the module's own names (`make_layout`,
# `ScaledBasis`, written bare in core.py's docstrings) and `cute.`/`cutlass.`
# (`Int32`, `Float32`: the modules import them from cutlass)
DOCSTRING_PREAMBLE = ("import cutlass\nimport cutlass.cute as cute\nfrom cutlass import *\n"
                      "from cutlass.cute import *\n")
# the DSL's side of it: 4.8.1's `from cutlass.cute import *` fails (its `__all__` names
# `IntValue`, which the module lacks), so its public names are bound one by one
DSL_DOCSTRING_PREAMBLE = DOCSTRING_PREAMBLE.replace(
    "from cutlass.cute import *\n",
    "globals().update((n, getattr(cute, n)) for n in dir(cute) if not n.startswith('_'))\n")


def module_names(where):
    """The DSL's side of a docstring's block: the public names of the module whose docstring
    it is (`cutlass.cute.runtime`'s for runtime.py's), bound one by one (Python's builtins
    kept: nvvm_wrappers.py's `exit` would end the run)."""
    module = "cutlass.cute." + where.split(" ")[0].removesuffix(".py").replace("/", ".")
    return ("import builtins, importlib\n"
            f"_module = importlib.import_module({module!r})\n"
            "globals().update((n, getattr(_module, n)) for n in dir(_module)\n"
            "                 if not n.startswith('_') and not hasattr(builtins, n))\n")


def docstring_blocks(mirror):
    """The Python code blocks of the DSL's docstrings: (where, text). A doctest block (`>>>
    f(x)` then its answer) is its statements, the answers left out."""
    out = []
    paths = git(mirror, "ls-tree", "-r", "--name-only", "HEAD", DOCSTRING_FOLDER).split()
    for path in sorted(p for p in paths if p.endswith(".py")):
        tree = ast.parse(git(mirror, "show", f"HEAD:{path}"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                     ast.AsyncFunctionDef)):
                continue
            doc = ast.get_docstring(node, clean=True)
            lines = (doc or "").split("\n")
            k = 0
            while k < len(lines):
                m = re.match(r"(\s*)\.\. code(?:-block)?::\s*python\s*$", lines[k])
                k += 1
                if not m:
                    continue
                indent, body = len(m.group(1)), []
                while k < len(lines) and (not lines[k].strip()
                                          or len(lines[k]) - len(lines[k].lstrip()) > indent):
                    body.append(lines[k])
                    k += 1
                text = textwrap.dedent("\n".join(body)).strip("\n")
                if ">>>" in text:
                    text = "\n".join(l.strip()[4:] for l in text.split("\n")
                                     if l.strip().startswith((">>>", "...")))
                name = getattr(node, "name", "module")
                out.append((f"{path.removeprefix(DOCSTRING_FOLDER)} {name} block "
                            f"{sum(w.startswith(path.removeprefix(DOCSTRING_FOLDER) + ' ' + name + ' ') for w, _ in out)}",
                            text))
    return out


# the CuTe DSL's examples (`--examples`): examples/python/CuTeDSL/**/*.py
EXAMPLES_FOLDER = "examples/python/CuTeDSL/"


def example_blocks(mirror):
    """The host-side layout code of the CuTe DSL's examples (`--examples`): in each function of
    examples/python/CuTeDSL/**/*.py (a `@cute.jit` host function, a kernel, a helper), its
    top-level assignments, in order, whose every name is the file's imports' or an earlier kept
    assignment's (`thr_layout = cute.make_ordered_layout((4, 32), order=(1, 0))`, then
    `tiler_mn, tv_layout = cute.make_layout_tv(thr_layout, val_layout)`: constants, no tensor
    argument nor `self`), as a reader pastes them; a function's kept assignments are one block
    where one of them calls `cute.`, pasted after the file's imports of cutlass (each text
    once): (where, text, imports)."""
    import builtins
    out, seen = [], set()
    paths = git(mirror, "ls-tree", "-r", "--name-only", "HEAD", EXAMPLES_FOLDER).split()
    for path in sorted(p for p in paths if p.endswith(".py")):
        source = git(mirror, "show", f"HEAD:{path}")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                   and any(a.name.split(".")[0] == "cutlass" for a in n.names)
                   | (isinstance(n, ast.ImportFrom) and (n.module or "").startswith("cutlass"))]
        imported = {(a.asname or a.name).split(".")[0] for n in imports for a in n.names}
        import_text = "".join(segment(source, n) + "\n" for n in imports)
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            known, kept = set(imported) | set(dir(builtins)), []
            for node in fn.body:
                if not isinstance(node, ast.Assign):
                    continue
                used = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
                if not used <= known or "self" in used:
                    continue
                # (host-side layout code: constants and the DSL's layout and atom builders, not
                # a kernel's thread index, an allocator, a pipeline or an f-string)
                calls = [ast.unparse(n.func) for n in ast.walk(node.value)
                         if isinstance(n, ast.Call)]
                if any(not c.startswith(("cute.", "cutlass.")) or c.startswith(
                        ("cute.arch.", "cutlass.utils.", "cutlass.pipeline.", "cute.runtime."))
                       for c in calls) or any(isinstance(n, ast.JoinedStr)
                                              for n in ast.walk(node.value)):
                    continue
                names = {n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
                if any(not isinstance(n, (ast.Name, ast.Tuple)) for t in node.targets
                       for n in [t]):
                    continue  # `x[i] = …`, `a.b = …`: no binding
                kept.append(node)
                known |= names
            if not any(re.search(r"cute\.(?!arch\.)\w+", segment(source, n)) for n in kept):
                continue
            text = "\n".join(textwrap.dedent(segment(source, n)) for n in kept)
            if text in seen:
                continue
            seen.add(text)
            out.append((f"{path.removeprefix(EXAMPLES_FOLDER)} {fn.name}", text, import_text))
    return out


def echoed(text):
    """A block with each value it computes printed, as a reader checking the docstring's
    comments (`# Returns (2,4,4)`) does: a bare expression `print(…)`ed, each assignment's
    names printed after it; None where the block is no Python (`make_tensor(...)` aside, an
    elision). A block that defines a function or class is left as written (its calls print
    what they print)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    if any(isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
           for n in tree.body):
        return text
    lines, out = text.split("\n"), []
    for node in tree.body:
        written = "\n".join(lines[node.lineno - 1:node.end_lineno])
        if isinstance(node, ast.Expr) and not (
                isinstance(node.value, ast.Call) and ast.unparse(node.value.func) in
                ("print", "cute.printf", "printf", "cute.print_tensor", "print_tensor")) \
                and not isinstance(node.value, ast.Constant):
            out.append(f"print({segment(text, node.value)})")
            continue
        out.append(written)
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    out.append(f"print({n.id})")
    return "\n".join(out)


def in_jit(text):
    """The block as the DSL runs it: its statements in a `@cute.jit` function called on the
    host (the DSL's layouts and atoms need a jit function's context), its definitions as
    written."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    if any(isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
           for n in tree.body):
        return text
    return "@cute.jit\ndef docstring_block():\n" + textwrap.indent(text, "    ") \
        + "\n    pass\n\ndocstring_block()\n"


def docstrings(args):
    """`--docstrings`: each docstring block, its values printed (`echoed`), pasted into cute
    after DOCSTRING_PREAMBLE and run by the DSL in a jit function (`in_jit`)."""
    # (`--examples`: the examples' blocks, each after its file's imports of cutlass, on both
    # sides; a docstring's block after DOCSTRING_PREAMBLE, the DSL's the module's names)
    imports = {}
    if args.examples:
        blocks = []
        for where, text, imported in example_blocks(args.mirror):
            blocks.append((where, text))
            imports[where] = "import cutlass\nimport cutlass.cute as cute\n" + imported
    else:
        blocks = docstring_blocks(args.mirror)
    if args.notebooks:
        blocks = [b for b in blocks if any(b[0].startswith(n) for n in args.notebooks)]
    pasted = [(where, echoed(text)) for where, text in blocks]
    # (a block calling `inline_ptx` ends the DSL's process on the host, exit status 1 and no
    # word: not run, answered as the DSL refusing it)
    runnable = [(w, t) for w, t in pasted if t is not None and "inline_ptx(" not in t]
    # (one cell: the DSL reads a jit function's names from the file that defines it)
    # (the module's own names first, the docstring's file's: runtime.py's blocks call
    # `make_fake_compact_tensor` bare; then cute's, which win)
    answers = dsl_run([[imports[w] + in_jit(t)] if w in imports
                       else [module_names(w) + DSL_DOCSTRING_PREAMBLE + in_jit(t)]
                       for w, t in runnable])
    dsl = {w: a[-1] for (w, _), a in zip(runnable, answers)}
    dsl.update((w, ("", "not run: inline_ptx ends the DSL's process on the host"))
               for w, t in pasted if t is not None and w not in dsl)
    print("| file | blocks | as DSL | refused | differs | no Python | the DSL refuses |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    details, reasons, rows = [], collections.Counter(), collections.OrderedDict()
    transcript = []  # (where, imports, paste, the DSL's output)
    for where, text in pasted:
        counts = rows.setdefault(where.split(" ")[0], collections.Counter())
        counts["blocks"] += 1
        if text is None:
            counts["pseudo"] += 1
            details.append(f"no-python {where}")
            continue
        out, error = dsl[where]
        code, got, err = run_cute(args.bin, imports.get(where, DOCSTRING_PREAMBLE) + text + "\n")
        first = next((l for l in (got + err).split("\n") if l.startswith("error")), "error")
        if error is not None:
            counts["dsl"] += 1
            details.append(f"dsl-refuses {where}: {error[:100]} / cute "
                           + (f"refuses: {first[:100]}" if code else "answers"))
        elif code != 0:
            counts["refused"] += 1
            reasons[reason_key(first)] += 1
            details.append(f"refused  {where}: {first[:150]}")
        elif same(got, out, False):
            counts["as"] += 1
            details.append(f"as-DSL   {where}")
            transcript.append((where, imports.get(where, DOCSTRING_PREAMBLE), text, out))
        else:
            counts["differs"] += 1
            details.append(f"differs  {where}")
        if args.show:
            print(f"----- {where}: paste\n{text}\n----- cute (rc {code})\n{got}{err}"
                  f"----- DSL{' error ' + error if error else ''}\n{out}")
    total = collections.Counter()
    for name, c in list(rows.items()) + [("all", None)]:
        c = c if c is not None else total
        print(f"| {name} | {c['blocks']} | {c['as']} | {c['refused']} | {c['differs']} "
              f"| {c['pseudo']} | {c['dsl']} |")
        if name != "all":
            total.update(c)
    if args.transcript:
        write_transcript(args.transcript, transcript,
                         EXAMPLES_ABOUT if args.examples else DOCSTRINGS_ABOUT)
    if args.v:
        print_details(details, reasons, "blocks")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "cute"))
    ap.add_argument("--mirror", default="/work/.mirror/NVIDIA+cutlass/repo")
    ap.add_argument("-v", action="store_true", help="list each unit's result")
    ap.add_argument("--show", action="store_true", help="print each unit's paste and answers")
    ap.add_argument("--transcript", metavar="TOML",
                    help="write the units cute answers as the DSL does (the DSL run here, not "
                         "stored) as one trycmd transcript, the DSL's output its expectation")
    ap.add_argument("--as-written", action="store_true",
                    help="paste each calling cell as written (its `@cute.jit def` and call), "
                         "after the cells before it that call nothing (definitions, imports)")
    ap.add_argument("--docs", action="store_true",
                    help="the DSL's documentation pages (media/docs/pythonDSL/, DOCS) in place "
                         "of the notebooks")
    ap.add_argument("--docstrings", action="store_true",
                    help="the DSL's docstrings' code blocks (python/CuTeDSL/cutlass/cute/), "
                         "each value printed, in place of the notebooks")
    ap.add_argument("--examples", action="store_true",
                    help="the DSL's examples' host-side layout code (examples/python/CuTeDSL/"
                         "**/*.py: each function's assignments of constants), each value "
                         "printed, as --docstrings")
    ap.add_argument("notebooks", nargs="*")
    args = ap.parse_args()
    if args.docstrings or args.examples:
        return docstrings(args)
    args.notebooks = args.notebooks or (DOCS if args.docs else NOTEBOOKS)
    print("| notebook | units | as DSL | in another order | refused | differs | no answer to compare | DSL answered by stored output |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    details, reasons, total = [], collections.Counter(), collections.Counter()
    transcript = []  # (where, imports, paste, the DSL's output)
    for name in args.notebooks:
        cells = cells_of(args.mirror, name)
        dsl = dsl_answers(cells) if not args.as_written else None
        counts = collections.Counter()
        imports = "".join(f"{segment(s, n)}\n" for s, _ in cells for n in parsed(s)
                          if isinstance(n, (ast.Import, ast.ImportFrom)))
        units = units_of(cells)
        prefix = {}  # unit -> the text pasted before it, whose output is not the unit's
        if args.as_written and name.endswith(".rst"):
            # a documentation page as a user pastes it: its blocks in order, each calling
            # block's answer what it prints after the blocks before it (the DSL: that cell's
            # output; cute: what the paste prints past what the blocks before print)
            pasted = [[src for src, _ in cells[:k + 1]] for k, _ in units]
            answers = dsl_run(pasted) if pasted else []
            dsl = {k: a[-1] for (k, _), a in zip(units, answers)}
            prefix = {k: "\n".join(p[:-1]) for (k, _), p in zip(units, pasted)}
            units = [(k, "\n".join(p)) for (k, _), p in zip(units, pasted)]
        elif args.as_written:
            calling = {u for u, _ in units}
            # (an earlier cell that calls something: its definitions and imports)
            pasted = [[src if j not in calling else definitions(src)
                       for j, (src, _) in enumerate(cells) if j < k]
                      + [cells[k][0]] for k, _ in units]
            # the DSL answers the same paste, in a namespace of its own (so a jit function is
            # traced anew, not found compiled by an earlier cell's call)
            dsl = dict(zip((k for k, _ in units), dsl_session_answers(pasted)))
            units = [(k, "\n".join(p)) for (k, _), p in zip(units, pasted)]
        for k, text in units:
            out, error = dsl[k]
            stored = error is not None
            want = strip_ansi(cells[k][1]) if stored else out
            code, got, err = run_cute(args.bin, (imports if not args.as_written else "")
                                      + text + "\n")
            if k in prefix:
                code, got, err = past_prefix(args.bin, prefix[k], code, got, err)
            where = f"{name} code cell {k}" + (" (stored)" if stored else "")
            counts["stored"] += stored
            if stored and not want.strip():
                # the DSL cannot run it here (torch, a GPU) and the notebook stores no output
                counts["unanswered"] += 1
                first = next((l for l in (got + err).split("\n") if l.startswith("error")), "")
                details.append(f"no-answer {where}: cute {'refuses: ' + first[:130] if code else 'answers'}")
            elif code != 0:
                counts["refused"] += 1
                first = next((l for l in (got + err).split("\n") if l.startswith("error")), "error")
                reasons[reason_key(first)] += 1
                details.append(f"refused  {where}: {first[:150]}")
            elif same(got, want, stored and name.endswith(".rst")):
                counts["as"] += 1
                details.append(f"as-DSL   {where}")
                if not stored:
                    transcript.append((where, imports, text, want))
            elif sorted(without_addresses(got).rstrip("\n").split("\n")) \
                    == sorted(without_addresses(want).rstrip("\n").split("\n")):
                counts["order"] += 1
                details.append(f"order    {where}")
            else:
                counts["differs"] += 1
                details.append(f"differs  {where}")
            if args.show:
                print(f"----- {where}: paste\n{text}\n----- cute (rc {code})\n{got}{err}"
                      f"----- DSL{' stored; error ' + error if stored else ''}\n{want}")
        units = (counts["as"] + counts["order"] + counts["refused"] + counts["differs"]
                 + counts["unanswered"])
        total.update(counts)
        total["units"] += units
        print(f"| {name} | {units} | {counts['as']} | {counts['order']} | {counts['refused']} | {counts['differs']}"
              f" | {counts['unanswered']} | {counts['stored']} |")
    print(f"| all | {total['units']} | {total['as']} | {total['order']} | {total['refused']} | {total['differs']}"
          f" | {total['unanswered']} | {total['stored']} |")
    if args.transcript:
        write_transcript(args.transcript, transcript)
    if args.v:
        print_details(details, reasons, "units")


if __name__ == "__main__":
    main()
