#!/usr/bin/env python3
"""The mix per path: each operation's statements alone, in callgrind, for two (or more) binaries.

Issue 36 asks that no path get slower for all-static input. The whole-mix figure (BENCHMARKS.md,
sessions 24-30) adds the process's start to every operation's cost; this script splits
bench/mix_statements.txt into groups by the operation a statement calls, writes each group's
first --lines statements to a file, and runs `cute eval < FILE` of each group (and of an empty
input: the start alone) under `taskset -c 0 valgrind --tool=callgrind` for every binary given.
It prints a Markdown table: per group, each binary's whole-process total, its cost per
statement ((total - empty input's total) / lines), and the second binary's per-statement change
against the first's.

    python3 bench/per_path.py /work/c5-cute target/release/cute [--lines 400] [--groups right_inverse,size]

--groups names groups by any of their names: the group's name, its file's stem (`size_cosize`,
`evaluation_l_i`) or one of the functions it gathers (`size` or `cosize` picks "size, cosize";
`L(i)` or `evaluation` picks the evaluation group); an unknown name is refused, naming the choices.

Groups: coalesce, filter, composition, complement, the divides (logical/zipped/tiled), the
products (logical/zipped/tiled), left_inverse, right_inverse, idx2crd, size and cosize, the
evaluation `L(i)`, and `layout` (the layouts of the `L(i)` lines alone, each printed as given).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MIX = os.path.join(HERE, "mix_statements.txt")

GROUPS = [
    ("coalesce", ("coalesce",)),
    ("filter", ("filter",)),
    ("composition", ("composition",)),
    ("complement", ("complement",)),
    ("divides", ("logical_divide", "zipped_divide", "tiled_divide")),
    ("products", ("logical_product", "zipped_product", "tiled_product")),
    ("left_inverse", ("left_inverse",)),
    ("right_inverse", ("right_inverse",)),
    ("idx2crd", ("idx2crd",)),
    ("size, cosize", ("size", "cosize")),
]
CALL = re.compile(r"^([a-z_0-9]+)\(")
# `L(i)`: a layout literal followed by its argument list
EVALUATION = re.compile(r"^(.*:.*)\(([0-9, ]+)\)$")


def group_files(lines_per_group, directory):
    """Each group's first `lines_per_group` statements of the mix, in a file of its own."""
    members = {name: [] for name, _ in GROUPS}
    members["evaluation L(i)"] = []
    members["layout"] = []
    of_function = {f: name for name, fs in GROUPS for f in fs}
    with open(MIX) as mix:
        for line in mix:
            line = line.rstrip("\n")
            call = CALL.match(line)
            if call and call.group(1) in of_function:
                members[of_function[call.group(1)]].append(line)
            elif EVALUATION.match(line):
                members["evaluation L(i)"].append(line)
                members["layout"].append(EVALUATION.match(line).group(1))
    files = [("(empty input: the start)", os.path.join(directory, "empty.txt"), 0)]
    open(files[0][1], "w").close()
    for name, statements in members.items():
        if len(statements) < lines_per_group:
            sys.exit(f"group {name}: {len(statements)} statements, fewer than --lines")
        path = os.path.join(directory, stem(name) + ".txt")
        with open(path, "w") as f:
            f.write("\n".join(statements[:lines_per_group]) + "\n")
        files.append((name, path, lines_per_group))
    return files


def group_names(name):
    """Every name that picks the group `name` in --groups: the name, its file's stem, its functions."""
    names = {name, stem(name)}
    names.update(dict(GROUPS).get(name, ()))
    if name == "evaluation L(i)":
        names.update(("evaluation", "L(i)"))
    return names


def stem(name):
    """The group's file name without .txt: `size, cosize` is size_cosize."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def selected(files, groups):
    """The empty input and the groups `groups` (comma-separated) names; an unknown name exits."""
    wanted = {g.strip() for g in groups.split(",") if g.strip()}
    known = set().union(*(group_names(name) for name, _, _ in files[1:]))
    known = {n for n in known if "," not in n}
    unknown = sorted(wanted - known)
    if unknown:
        sys.exit(f"--groups: unknown {', '.join(unknown)}; choose among {', '.join(sorted(known))}")
    return [f for i, f in enumerate(files) if i == 0 or group_names(f[0]) & wanted]


def instructions(binary, path, directory):
    """Callgrind's total of the whole `BINARY eval < PATH` process."""
    out = os.path.join(directory, "callgrind.out")
    with open(path) as stdin:
        subprocess.run(
            ["taskset", "-c", "0", "valgrind", "--tool=callgrind",
             f"--callgrind-out-file={out}", binary, "eval"],
            stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    with open(out) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    sys.exit(f"no total in callgrind's output for {binary} < {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+", help="cute binaries; the first is the reference")
    parser.add_argument("--lines", type=int, default=400, help="statements per group")
    parser.add_argument("--groups", help="comma-separated group names to run (the empty input always)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        files = group_files(args.lines, directory)
        if args.groups:
            files = selected(files, args.groups)
        totals = {b: {} for b in args.binaries}
        for name, path, _ in files:
            for binary in args.binaries:
                totals[binary][name] = instructions(binary, path, directory)
    empty = files[0][0]
    head = "| group (lines) |"
    rule = "| --- |"
    for i, binary in enumerate(args.binaries):
        head += f" {binary}: total | per line |"
        rule += " ---: | ---: |"
        if i > 0:
            head += " per line vs first |"
            rule += " ---: |"
    print(head)
    print(rule)
    for name, _, lines in files:
        row = f"| {name} ({lines}) |"
        reference = None
        for i, binary in enumerate(args.binaries):
            total = totals[binary][name]
            if lines == 0:
                row += f" {total:,} | |" + (f" {total - totals[args.binaries[0]][name]:+,} |" if i else "")
                continue
            per_line = (total - totals[binary][empty]) / lines
            row += f" {total:,} | {per_line:,.0f} |"
            if i == 0:
                reference = per_line
            else:
                row += f" {per_line - reference:+,.0f} ({(per_line / reference - 1) * 100:+.1f}%) |"
        print(row)


if __name__ == "__main__":
    main()
