#!/usr/bin/env python3
"""The import map of the workspace by rooms (ARCHITECTURE.md): which top-level module of each
crate names which other, from `crate::ROOM` / `super::` paths and the other crates' names.
Prints the edges and any circle; exit 1 when there is one.

    python3 bench/rooms.py            # the whole workspace
"""
import os, re, sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRATES = {"core": "crates/core/src", "gpu": "crates/gpu/src", "cli": "src", "python": "crates/python/src"}
NAMES = {"cute": "core", "cute_gpu": "gpu", "cute_cli": "cli"}

def rooms_of(src):
    out = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), src)
            parts = rel.split(os.sep)
            room = parts[0][:-3] if len(parts) == 1 else parts[0]
            if room in ("lib", "main"):
                room = "(root)"
            out[os.path.join(dirpath, f)] = room
    return out

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(l.split("//")[0] for l in text.splitlines())

def code_before_tests(text):
    # a module's unit tests may reach anywhere; the map is of the code
    i = text.find("#[cfg(test)]")
    return text if i < 0 else text[:i]

def brace_names(text, i):
    """The first name of each path of the `{…}` group opening at text[i] (nested groups and
    `self` skipped): `{a, b::{C, d}, e as f}` gives a, b, e."""
    depth, names, start = 0, [], i + 1
    for j in range(i, len(text)):
        c = text[j]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if (c == "," and depth == 1) or depth == 0:
            m = re.match(r"\s*([a-z_][a-z0-9_]*)\b", text[start:j])
            if m and m.group(1) != "self":
                names.append(m.group(1))
            start = j + 1
            if depth == 0:
                break
    return names

def brace_groups(text, prefix):
    """The names of each `PREFIX{…}` group in the text."""
    return [brace_names(text, m.end() - 1) for m in re.finditer(prefix + r"\{", text)]

edges = defaultdict(set)
for crate, src in CRATES.items():
    for path, room in rooms_of(os.path.join(ROOT, src)).items():
        text = strip_comments(code_before_tests(open(path).read()))
        me = f"{crate}::{room}"
        for m in re.finditer(r"\bcrate::([a-z_]+)", text):
            other = f"{crate}::{m.group(1)}"
            if other != me:
                edges[me].add(other)
        for group in brace_groups(text, r"\bcrate::"):
            for name in group:
                other = f"{crate}::{name}"
                if other != me:
                    edges[me].add(other)
        # super::…: resolve against the file's module path
        rel = os.path.relpath(path, os.path.join(ROOT, src)).split(os.sep)
        modpath = [x[:-3] if x.endswith(".rs") else x for x in rel]
        if modpath[-1] in ("mod", "lib", "main"):
            modpath = modpath[:-1]

        def resolve(ups, name):
            base = modpath[: max(len(modpath) - ups, 0)]
            return f"{crate}::{(base + [name])[0]}"

        for m in re.finditer(r"\b((?:super::)+)([a-z_]+)", text):
            other = resolve(m.group(1).count("super::"), m.group(2))
            if other != me:
                edges[me].add(other)
        # use super::{a, b::C}: each first name, against the module the supers reach
        for m in re.finditer(r"\b((?:super::)+)\{", text):
            ups = m.group(1).count("super::")
            for name in brace_names(text, m.end() - 1):
                other = resolve(ups, name)
                if other != me:
                    edges[me].add(other)
        for name, c in NAMES.items():
            for m in re.finditer(rf"\b{name}::([a-z_]+)", text):
                if c != crate:
                    edges[me].add(f"{c}::{m.group(1)}")
# keep only edges to rooms that exist
known = {f"{c}::{r}" for c, s in CRATES.items() for r in rooms_of(os.path.join(ROOT, s)).values()}
for k in list(edges):
    edges[k] = {e for e in edges[k] if e in known}

for k in sorted(edges):
    print(f"{k:28} -> {', '.join(sorted(edges[k]))}")

# circles: strongly connected components of more than one room
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in sorted(known):
    if v not in index: visit(v)
if sccs:
    for c in sccs: print("circle:", " <-> ".join(c))
    sys.exit(1)
print("no circles")
