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
    python3 bench/per_path.py /work/c5-cute target/release/cute --wall 15 [--lines 600]

--wall ROUNDS times the same files in wall-clock instead (the verdict "beyond noise" is a user's
time): whole processes `BIN eval < FILE > /dev/null` (stderr to /dev/null too) on processor 0
alone (this process pinned with `sched_setaffinity`, as `taskset -c 0`: its children inherit
it), each group's file, the empty input and the whole mix (bench/mix_statements.txt, 20,000
lines), and the one-liner start-up `BIN eval 'coalesce(4:1)'` (--oneliner-runs runs a binary,
one at a time). The candidates alternate: in each round every file is run once by each binary,
the binaries' order turning round by round; the one-liners alternate the same way. Each
binary is run from a copy in one temporary folder, and a second copy of the first binary joins
as one more candidate (its name ends in `(copy)`): its ratio to the first
is the noise floor, the spread of a binary against itself. Per file it prints each candidate's
median in milliseconds with the interquartile range and the min-max, and each candidate's
ratio of medians against the first binary: of the wall-clock time, then of the CPU time
(user + system, each child's own `wait4` rusage: less moved by other processes waiting
for the same processor, though not by what they leave in its caches).

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
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

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


def wall_seconds(binary, path=None, argument=None):
    """Wall-clock and CPU seconds (user + system, the child's own rusage) of one whole
    `BINARY eval < PATH` (or `BINARY eval ARGUMENT`) process."""
    command = [binary, "eval"] + ([argument] if argument is not None else [])
    stdin = open(path) if path is not None else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = 0  # reaped here: Popen must not wait for it again
        return wall, usage.ru_utime + usage.ru_stime
    finally:
        if path is not None:
            stdin.close()


def spread(samples):
    """Median, interquartile range and min-max of `samples` (seconds), in milliseconds."""
    q1, median, q3 = statistics.quantiles(samples, n=4, method="inclusive")
    ms = 1000
    return (f"{median * ms:.3f} (IQR {q1 * ms:.3f}-{q3 * ms:.3f}; "
            f"{min(samples) * ms:.3f}-{max(samples) * ms:.3f})")


def wall_clock(binaries, files, rounds, oneliner_runs):
    """The --wall tables (wall-clock, then CPU time): per file, each candidate's median
    (spread) and ratio of medians to the first binary's."""
    os.sched_setaffinity(0, {0})
    with tempfile.TemporaryDirectory() as copies:
        # every binary run from one folder (where a file lies moves a process's start: a copy
        # in /tmp started faster than the same file elsewhere), and the noise floor: the
        # first binary against a second copy of itself
        candidates = []
        for i, binary in enumerate(list(binaries) + [binaries[0]]):
            candidates.append(os.path.join(copies, f"{i}-{os.path.basename(binary)}"))
            shutil.copy2(binary, candidates[-1])
        names = list(binaries) + [binaries[0] + " (copy)"]
        files = files + [("whole mix (bench/mix_statements.txt)", MIX, 20000)]
        labels = [f"{name} ({lines} lines)" for name, _, lines in files]
        labels.append(f"one-liner `eval 'coalesce(4:1)'` ({oneliner_runs} runs)")
        # times[c][label] = [(wall, cpu), ...]
        times = {c: {label: [] for label in labels} for c in candidates}
        for r in range(rounds):
            order = candidates[r % len(candidates):] + candidates[:r % len(candidates)]
            for label, (_, path, _) in zip(labels, files):
                for c in order:
                    times[c][label].append(wall_seconds(c, path))
        for r in range(oneliner_runs):
            order = candidates[r % len(candidates):] + candidates[:r % len(candidates)]
            for c in order:
                times[c][labels[-1]].append(wall_seconds(c, argument="coalesce(4:1)"))
    print(f"{rounds} rounds (the one-liner: {oneliner_runs} runs), `taskset -c 0` (this "
          "process's affinity, which its children inherit), milliseconds a process: median "
          "(IQR q1-q3; min-max); ratio = median / the first binary's median")
    for which, title in ((0, "wall-clock"), (1, "CPU time (user + system)")):
        print()
        print(f"{title}:")
        print()
        print("| file | " + " | ".join(f"{n}: median (IQR; min-max) | ratio" for n in names)
              + " |")
        print("| --- |" + " ---: | ---: |" * len(names))
        for label in labels:
            samples = {c: [t[which] for t in times[c][label]] for c in candidates}
            first = statistics.median(samples[candidates[0]])
            cells = [f"{spread(samples[c])} | {statistics.median(samples[c]) / first:.3f}"
                     for c in candidates]
            print(f"| {label} | " + " | ".join(cells) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+", help="cute binaries; the first is the reference")
    parser.add_argument("--lines", type=int, default=400, help="statements per group")
    parser.add_argument("--groups", help="comma-separated group names to run (the empty input always)")
    parser.add_argument("--wall", type=int, metavar="ROUNDS",
                        help="wall-clock rounds (at least 15) instead of callgrind")
    parser.add_argument("--oneliner-runs", type=int, default=200,
                        help="with --wall: one-liner runs a binary")
    args = parser.parse_args()
    if args.wall is not None and args.wall < 15:
        sys.exit("--wall: at least 15 rounds")
    with tempfile.TemporaryDirectory() as directory:
        files = group_files(args.lines, directory)
        if args.groups:
            files = selected(files, args.groups)
        if args.wall is not None:
            return wall_clock(args.binaries, files, args.wall, args.oneliner_runs)
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
