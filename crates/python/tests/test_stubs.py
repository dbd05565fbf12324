"""The committed type stubs are what gen_stubs.py writes from the function table."""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def test_stubs_are_current():
    script = HERE.parent / "gen_stubs.py"
    r = subprocess.run([sys.executable, str(script), "--check"])
    assert r.returncode == 0, "python/cutelayout/__init__.pyi is stale: run python crates/python/gen_stubs.py"


def test_stubs_are_installed():
    import cutelayout

    pkg = pathlib.Path(cutelayout.__file__).parent
    assert (pkg / "__init__.pyi").exists() and (pkg / "py.typed").exists()
