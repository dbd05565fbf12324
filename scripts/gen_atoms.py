#!/usr/bin/env python3
"""Generate cute's atom catalog from CuTe 4.7's headers and its oracle.

    scripts/gen_atoms.py [--include DIR] [--oracle PATH]

Reads the `MMA_Traits<...>` and `Copy_Traits<...>` specialisations of CuTe's
`atom/mma_traits_sm*.hpp` and `atom/copy_traits*.hpp` (and the explicit specialisations of
`arch/mma_sm120.hpp`) for the names, the template parameters and the value types of every atom,
and asks `cute-oracle` (CuTe itself) for each atom's layouts. Writes

  crates/core/src/atoms/catalog/mma.tsv   name arch params ThrID Shape_MNK ALayout BLayout CLayout types
  crates/core/src/atoms/catalog/copy.tsv  name arch ThrID SrcLayout DstLayout RefLayout
  tests/golden/atoms_catalog_oracle.tsv   C++ expression <TAB> CuTe's answer (the differential test)

The layouts are CuTe's data as its oracle prints them with the `_` of static integers dropped
(`(_4,_8):(_1,_4)` becomes `(4,8):(1,4)`); the algebra over them is cute's own.

`params` says what template arguments a name takes beyond its own text:
  ""        none: the name is the whole type
  majors    GMMA's `<tnspA, tnspB[, scaleA, scaleB]>` (written `<K,K>`, `<MN,K>`, ...)
  scale     GMMA's `<scaleA = One, scaleB = One>`: the name alone, or with `<>`
  fma       UniversalFMA's `<D, A, B, C>` value types (its layouts do not depend on them)

UMMA (SM100 tcgen05) atoms are templates over types, M, N and majors whose layouts CuTe computes
from M, N and the bits of A; cute computes them (atoms/umma.rs) and this script only adds oracle
expectations for a spread of their instantiations.
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MMA_TRAITS = [
    "mma_traits.hpp",
    "mma_traits_sm61.hpp",
    "mma_traits_sm70.hpp",
    "mma_traits_sm75.hpp",
    "mma_traits_sm80.hpp",
    "mma_traits_sm89.hpp",
    "mma_traits_sm90.hpp",
    "mma_traits_sm90_gmma.hpp",
    "mma_traits_sm90_gmma_ext.hpp",
]
COPY_TRAITS = [
    "copy_traits_sm50.hpp",
    "copy_traits_sm75.hpp",
    "copy_traits_sm90.hpp",
    "copy_traits_sm100.hpp",
]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def balanced(text, start, open_ch, close_ch):
    """The index one past the bracket closing the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_ch:
            depth += 1
        elif text[i] == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced")


def specialisations(text, template):
    """(name, template-argument text, body) of every `struct TEMPLATE<NAME<ARGS>>` or
    `struct TEMPLATE<NAME>`."""
    out = []
    for m in re.finditer(r"struct\s+%s\s*<" % template, text):
        close = balanced(text, m.end() - 1, "<", ">")
        inner = text[m.end() : close - 1].strip()
        brace = text.index("{", close)
        between = text[close:brace].strip()
        if between and not between.startswith(":"):
            continue  # not a definition
        body_end = balanced(text, brace, "{", "}")
        # a derived form, `struct MMA_Traits<X> : MMA_Traits<Y> { ... }`: Y's fields count too
        body = text[brace:body_end] + between
        if "<" in inner:
            name = inner[: inner.index("<")].strip()
            args = inner[inner.index("<") + 1 : inner.rindex(">")].strip()
        else:
            name, args = inner, None
        out.append((name, args, body))
    return out


def value_types(body, bases):
    types = []
    for v in "DABC":
        m = re.search(r"using\s+ValType%s\s*=\s*([^;]+);" % v, body)
        base = re.search(r"MMA_Traits\s*<\s*(\w+)\s*>", body[body.rindex("}"):])
        if not m and base and base.group(1) in bases:
            types.append(bases[base.group(1)][len(types)])
            continue
        types.append(re.sub(r"\s+", "", m.group(1)).replace("cutlass::", "") if m else "?")
    return types


def arch_of(name):
    m = re.match(r"SM(\d+)", name)
    return "sm_%s" % m.group(1) if m else "any"


def oracle_batches(oracle, exprs, size=400):
    """CuTe's answers to `exprs`, one list entry (a list of printed lines) per expression."""
    answers = []
    for i in range(0, len(exprs), size):
        chunk = exprs[i : i + size]
        marked = []
        for e in chunk:
            marked.append('printf("@@\\n")')
            marked.append(e)
        print("oracle: %d..%d of %d" % (i, i + len(chunk), len(exprs)), file=sys.stderr)
        out = subprocess.run(
            [oracle], input="\n".join(marked) + "\n", capture_output=True, text=True
        )
        if out.returncode != 0:
            sys.exit("oracle failed on a batch:\n" + out.stderr)
        parts = out.stdout.split("@@\n")[1:]
        if len(parts) != len(chunk):
            sys.exit("oracle answered %d of %d" % (len(parts), len(chunk)))
        answers.extend(p.rstrip("\n").split("\n") for p in parts)
    return answers


def plain(text):
    """The oracle's print with static integers' `_` dropped: cute's notation."""
    return re.sub(r"(?<![A-Za-z0-9])_(\d)", r"\1", text.strip())


def mma_entries(include):
    entries = []  # (name, arch, params, cpp instantiation, types)
    bases = {}
    for f in MMA_TRAITS:
        text = strip_comments(open(os.path.join(include, "cute/atom", f)).read())
        for name, args, body in specialisations(text, "MMA_Traits"):
            types = value_types(body, bases)
            bases[name] = types
            if args is None:
                entries.append((name, arch_of(name), "", name, types))
            elif name == "UniversalFMA":
                entries.append(
                    (name, "any", "fma", "UniversalFMA<float,float,float,float>", ["D", "A", "B", "C"])
                )
            elif args.replace(" ", "") == "tnspA,tnspB,scaleA,scaleB":
                inst = "%s<GMMA::Major::K,GMMA::Major::K>" % name
                entries.append((name, arch_of(name), "majors", inst, types))
            elif args.replace(" ", "") == "scaleA,scaleB":
                entries.append((name, arch_of(name), "scale", name + "<>", types))
            else:
                print("skipped MMA_Traits<%s<%s>>" % (name, args), file=sys.stderr)
    # SM120's mma.sync: explicit specialisations of SM120_16x8x32_TN<A, B, C>
    arch = strip_comments(open(os.path.join(include, "cute/arch/mma_sm120.hpp")).read())
    for m in re.finditer(r"template\s*<>\s*struct\s+(SM120_16x8x32_TN)\s*<([^>]*)>", arch):
        args = [a.strip() for a in m.group(2).split(",")]
        name = "%s<%s>" % (m.group(1), ",".join(args))
        entries.append((name, "sm_120", "", name, [args[2], args[0], args[1], args[2]]))
    return entries


def copy_entries(include):
    entries = []  # (name, arch)
    for f in COPY_TRAITS:
        text = strip_comments(open(os.path.join(include, "cute/atom", f)).read())
        for name, args, body in specialisations(text, "Copy_Traits"):
            if args is not None:
                print("skipped Copy_Traits<%s<%s>>" % (name, args), file=sys.stderr)
                continue
            if "SrcLayout" not in body and "RefLayout" not in body:
                print("skipped Copy_Traits<%s>: no layouts" % name, file=sys.stderr)
                continue
            entries.append((name, arch_of(name)))
    return entries


def field(lines, key):
    for l in lines:
        l = l.strip()
        if l.startswith(key + ":"):
            return plain(l[len(key) + 1 :])
    raise KeyError(key)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", default=os.path.join(ROOT, "..", "shared", "cutlass-4.7", "include"))
    ap.add_argument("--oracle", default=os.path.join(ROOT, "..", "shared", "tools", "cute-oracle"))
    args = ap.parse_args()
    include = os.path.abspath(args.include)
    if not os.path.isdir(include):
        include = "/work/shared/cutlass-4.7/include"
    oracle = args.oracle if os.path.exists(args.oracle) else "/work/shared/tools/cute-oracle"

    mmas = mma_entries(include)
    copies = copy_entries(include)
    print("%d MMA atoms, %d copy atoms" % (len(mmas), len(copies)), file=sys.stderr)

    exprs = ["MMA_Atom<%s>{}" % m[3] for m in mmas]
    for name, _ in copies:
        for f in ["ThrID", "SrcLayout", "DstLayout", "RefLayout"]:
            exprs.append("typename Copy_Traits<%s>::%s{}" % (name, f))
    answers = oracle_batches(oracle, exprs)

    catalog = os.path.join(ROOT, "crates/core/src/atoms/catalog")
    os.makedirs(catalog, exist_ok=True)
    expectations = []
    with open(os.path.join(catalog, "mma.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py from CuTe 4.7's headers and cute-oracle: do not edit\n")
        out.write("# name\tarch\tparams\tThrID\tShape_MNK\tALayout\tBLayout\tCLayout\tValTypeD,A,B,C\n")
        for (name, arch, params, inst, types), ans in zip(mmas, answers[: len(mmas)]):
            thr = field(ans, "ThrID")
            shape = field(ans, "Shape_MNK")
            a, b, c = (field(ans, "Layout%s_TV" % x) for x in "ABC")
            out.write("\t".join([name, arch, params, thr, shape, a, b, c, ",".join(types)]) + "\n")
            # the differential test: one C++ spelling per field, as users write them
            cpp = inst.replace("GMMA::Major::", "GMMA::Major::")
            expectations.append(("typename MMA_Traits<%s>::ThrID{}" % cpp, thr))
            expectations.append(("MMA_Traits<%s>::Shape_MNK{}" % cpp, shape))
            expectations.append(("typename MMA_Traits<%s>::ALayout{}" % cpp, a))
            expectations.append(("MMA_Atom<%s>::LayoutB_TV{}" % cpp, b))
            expectations.append(("typename MMA_Traits<%s>::CLayout{}" % cpp, c))
    with open(os.path.join(catalog, "copy.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py from CuTe 4.7's headers and cute-oracle: do not edit\n")
        out.write("# name\tarch\tThrID\tSrcLayout\tDstLayout\tRefLayout (bits)\n")
        rest = answers[len(mmas) :]
        for i, (name, arch) in enumerate(copies):
            thr, src, dst, ref = (plain(" ".join(x)) for x in rest[4 * i : 4 * i + 4])
            out.write("\t".join([name, arch, thr, src, dst, ref]) + "\n")
            for f, v in zip(["ThrID", "SrcLayout", "DstLayout", "RefLayout"], [thr, src, dst, ref]):
                expectations.append(("typename Copy_Traits<%s>::%s{}" % (name, f), v))
    with open(os.path.join(ROOT, "tests/golden/atoms_catalog_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py: C++ expression, CuTe 4.7's answer (static integers' _ dropped)\n")
        for e, v in expectations:
            out.write("%s\t%s\n" % (e, v))


if __name__ == "__main__":
    main()
