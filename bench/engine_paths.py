#!/usr/bin/env python3
"""Time the paths issue 13 says must not get slower, for two binaries in alternating rounds.

Usage: python3 bench/engine_paths.py BASE_BIN NEW_BIN [--rounds 7]

Paths: a one-liner, `cute explain --verify` of a divide, `cute show` of a 64x64 layout (its
values), a 150,000-mode coalesce (read from stdin), and the REPL's latency per line (200
statements piped into `cute repl`, the time divided by 200). Prints the median and the spread of
each, and the ratio new/base per path (below 1: the new binary is faster).
"""
import argparse
import statistics
import subprocess
import time

p = argparse.ArgumentParser()
p.add_argument("base")
p.add_argument("new")
p.add_argument("--rounds", type=int, default=7)
a = p.parse_args()

big = "coalesce((" + ",".join(["2"] * 150000) + "):(" + ",".join(str(1 << (i % 40)) for i in range(150000)) + "))\n"
repl_lines = "".join(f"logical_divide(({i % 7 + 1},4):(1,{i % 7 + 1}), 2:1)\n" for i in range(200))
PATHS = [
    ("one-liner eval", ["eval", "coalesce((2,(1,6)):(1,(6,2)))"], None, 1),
    ("explain --verify", ["explain", "--verify", "logical_divide((4,(6,2)):(1,(4,24)), (2,3):(1,4))"], None, 1),
    ("show 64x64 --values", ["show", "--values", "(64,64):(64,1)"], None, 1),
    ("coalesce 150,000 modes", ["eval"], big, 1),
    ("repl per line (200 piped)", ["repl"], repl_lines, 200),
]


def once(binary, args, stdin):
    t = time.perf_counter()
    subprocess.run([binary] + args, input=stdin.encode() if stdin else None,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


print(f"| path | base median | new median | new/base | base spread | new spread |")
print(f"| --- | ---: | ---: | ---: | ---: | ---: |")
for name, args, stdin, per in PATHS:
    tb, tn = [], []
    for _ in range(a.rounds):
        tb.append(once(a.base, args, stdin) / per)
        tn.append(once(a.new, args, stdin) / per)
    mb, mn = statistics.median(tb), statistics.median(tn)
    unit = 1e3
    print(f"| {name} | {mb*unit:.3f} ms | {mn*unit:.3f} ms | {mn/mb:.2f} | "
          f"{min(tb)*unit:.3f}–{max(tb)*unit:.3f} | {min(tn)*unit:.3f}–{max(tn)*unit:.3f} |")
