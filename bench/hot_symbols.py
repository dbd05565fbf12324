#!/usr/bin/env python3
"""The functions a run of the mix enters, hottest first: the order in which the linker lays out
the `cute` executable's code (build.rs passes bench/hot_symbols.txt to LLD as its
`--symbol-ordering-file`), so that the code the common paths run sits together instead of
spread over the binary's 10 MB (BENCHMARKS.md, session 34).

    python3 bench/hot_symbols.py target/release/cute > bench/hot_symbols.txt

Runs `BIN eval` on bench/mix_statements.txt, on bench/statements.txt and on a one-liner under
`valgrind --tool=callgrind --demangle=no` and prints the mangled name of every function of BIN
they execute, by the instructions executed in it (its own, the three runs summed), most first.
A name that a later build no longer has (a function renamed, removed, or now inlined) is
skipped by the linker: the file is regenerated when the hot paths change, not on every build.
"""

import collections
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def self_costs(binary, stdin_path=None, argument=None):
    """Instructions executed in each function of BINARY's own object (its own, not callees')."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                   "--compress-pos=no", f"--callgrind-out-file={out}", binary, "eval"]
        if argument is not None:
            command.append(argument)
        stdin = open(stdin_path) if stdin_path else subprocess.DEVNULL
        try:
            subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
        finally:
            if stdin_path:
                stdin.close()
        costs = collections.Counter()
        obj, function, after_call = None, None, False
        with open(out) as f:
            for line in f:
                line = line.rstrip("\n")
                if line.startswith("ob="):
                    obj = line[3:]
                elif line.startswith("fn="):
                    function = line[3:]
                elif line.startswith("calls="):
                    after_call = True  # the next cost line is the call's (inclusive)
                elif line and (line[0].isdigit() or line[0] in "+-*"):
                    if after_call:
                        after_call = False
                    elif function and obj == binary:
                        costs[symbol_of(function)] += int(line.split()[-1])
        return costs


def symbol_of(function):
    """The linker's name of a callgrind function: a recursion level's mark (`'2`) dropped; a
    bare address (a function without a symbol) kept as it is, and left out by main."""
    name, mark, level = function.rpartition("'")
    return name if mark and level.isdigit() else function


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    binary = os.path.realpath(sys.argv[1])
    costs = collections.Counter()
    costs.update(self_costs(binary, os.path.join(HERE, "mix_statements.txt")))
    costs.update(self_costs(binary, os.path.join(HERE, "statements.txt")))
    costs.update(self_costs(binary, argument="coalesce((2,(1,6)):(1,(6,2)))"))
    for name, _ in costs.most_common():
        if not name.startswith("0x"):
            print(name)


if __name__ == "__main__":
    main()
