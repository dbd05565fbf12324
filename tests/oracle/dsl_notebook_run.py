"""Runs a CuTe DSL notebook's code cells in order, in one namespace, as Jupyter does, and
writes what each cell prints (stdout at the descriptor: Python's print at trace time and
cute.printf's at run time, in the order they happen) as JSON: [{"out": str, "error": str|None}].

Run with the DSL's Python (the venv /work/shared/tools/dsl-oracle installs):
    ~/.cache/cute-dsl-oracle/bin/python tests/oracle/dsl_notebook_run.py CELLS.json > OUT.json
CELLS.json is a list of the cells' source texts. A cell that raises (no GPU, no torch) records
its exception's first line; later cells go on. A list of such lists is several sessions, each
run in a namespace of its own (as several notebooks): the answer a list of their answers."""
import contextlib
import ctypes
import json
import os
import sys
import tempfile
import traceback

LIBC = ctypes.CDLL(None)


def run_cell(source, scope, real_stdout, path):
    """What the cell prints at the descriptor, and its error's first line (or None). The cell
    is a file of its own (`path`): the DSL reads a jit function's source to compile it."""
    with open(path, "w") as f:
        f.write(source)
    with tempfile.TemporaryFile(mode="w+b") as sink:
        sys.stdout.flush()
        LIBC.fflush(None)
        saved = os.dup(1)
        os.dup2(sink.fileno(), 1)
        error = None
        try:
            with contextlib.redirect_stderr(open(os.devnull, "w")):
                exec(compile(source, path, "exec"), scope)
        except BaseException as ex:  # noqa: BLE001  (a cell's failure is its answer)
            lines = [l for l in str(ex).strip().splitlines() if l.strip()]
            error = f"{type(ex).__name__}: {lines[0] if lines else ''}"
            if os.environ.get("DSL_TRACE"):
                traceback.print_exc(file=real_stdout)
        finally:
            sys.stdout.flush()
            LIBC.fflush(None)
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        out = sink.read().decode("utf-8", "replace")
    return {"out": out, "error": error}


def main():
    cells = json.load(open(sys.argv[1]))
    real = os.fdopen(os.dup(1), "w")
    sessions = cells if cells and isinstance(cells[0], list) else [cells]
    answers = []
    with tempfile.TemporaryDirectory() as folder:
        for n, session in enumerate(sessions):
            scope = {"__name__": "__main__"}
            answers.append([run_cell(c, scope, sys.stderr,
                                     os.path.join(folder, f"session_{n}_cell_{k}.py"))
                            for k, c in enumerate(session)])
    results = answers if sessions is cells else answers[0]
    real.write(json.dumps(results))
    real.flush()


if __name__ == "__main__":
    main()
