#!/usr/bin/env python3
"""The CuTe DSL's `cutlass.Int32` arithmetic past 32 bits: it wraps modulo 2^32 (with a warning).

Run with the dsl-oracle's Python (nvidia-cutlass-dsl 4.8.1):
    ~/.cache/cute-dsl-oracle/bin/python -W ignore tests/oracle/gen_dsl_int32_wrap.py
writes tests/golden/dsl_int32_wrap.tsv: each expression and the run-time value the DSL computes
(`Int32.value`; at trace time it prints `?`, cute prints the value it knows: `0?`).
"""

import os
import warnings

import cutlass  # noqa: F401  (the expressions name it)

EXPRESSIONS = [
    "cutlass.Int32(65536) * 65536",
    "cutlass.Int32(65536) * cutlass.Int32(65536)",
    "cutlass.Int32(65536) * 65537",
    "cutlass.Int32(2147483647) + 1",
    "cutlass.Int32(-2147483648) - 1",
    "cutlass.Int32(3) * 5",
]

warnings.simplefilter("ignore")
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dsl_int32_wrap.tsv")
with open(out, "w") as f:
    for e in EXPRESSIONS:
        f.write(f"{e}\t{eval(e).value}\n")
