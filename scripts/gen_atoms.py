#!/usr/bin/env python3
"""Generate cute's atom catalog from CuTe 4.7's headers and its oracle.

    scripts/gen_atoms.py [--include DIR] [--oracle PATH] [--extra]

Reads the `MMA_Traits<...>` and `Copy_Traits<...>` specialisations of CuTe's
`atom/mma_traits_sm*.hpp` and `atom/copy_traits*.hpp` (and the explicit specialisations of
`arch/mma_sm120.hpp`) for the names, the template parameters and the value types of every atom,
and asks `cute-oracle` (CuTe itself) for each atom's layouts. Writes

  crates/core/src/atoms/catalog/mma.tsv   name arch params ThrID Shape_MNK ALayout BLayout CLayout types
  crates/core/src/atoms/catalog/copy.tsv  name arch ThrID SrcLayout DstLayout RefLayout [ValID]
                                          (ValID, in bits, only where the traits define one: the
                                          TMEM loads/stores and UTCCP, whose values are addresses)
  tests/golden/atoms_catalog_oracle.tsv   C++ expression <TAB> CuTe's answer (the differential test)
  tests/golden/tma_tensor_oracle.tsv      (--tma-tensor) get_tma_tensor(shape) of TMA copies
  tests/golden/atoms_declared.tsv         (--declared) every operation CuTe gives traits, for
                                          the test that `cute atoms` lists every one cute answers
  tests/golden/atoms_catalog_extra.tsv    (--extra) UMMA instantiations and tiled MMAs over them,
                                          Copy_Atom value layouts, templated copies, other spellings

The layouts are CuTe's data as its oracle prints them with the `_` of static integers dropped
(`(_4,_8):(_1,_4)` becomes `(4,8):(1,4)`); the algebra over them is cute's own.

`params` says what template arguments a name takes beyond its own text:
  ""        none: the name is the whole type
  majors    GMMA's `<tnspA, tnspB[, scaleA, scaleB]>` (written `<K,K>`, `<MN,K>`, ...)
  scale     GMMA's `<scaleA = One, scaleB = One>`: the name alone, or with `<>`
  fma       UniversalFMA's `<D, A, B, C>` value types (its layouts do not depend on them)
  vs        SM120's block-scaled `<A, B, C, SF>` written with the vector size VS last

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
    "mma_traits_sm90_gmma_sparse.hpp",
    "mma_traits_sm90_gmma_sparse_ext.hpp",
    # its UMMA templates are cute's own (atoms/umma.rs); the two vectorised FMAs are data
    "mma_traits_sm100.hpp",
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
    for v in "DABCE":
        m = re.search(r"using\s+ValType%s\s*=\s*([^;]+);" % v, body)
        base = re.search(r"MMA_Traits\s*<\s*(\w+)\s*>", body[body.rindex("}"):])
        if not m and base and base.group(1) in bases and len(types) < len(bases[base.group(1)]):
            types.append(bases[base.group(1)][len(types)])
            continue
        types.append(re.sub(r"\s+", "", m.group(1)).replace("cutlass::", "") if m else "?")
    return types if types[4] != "?" else types[:4]


def arch_of(name):
    m = re.match(r"SM(\d+)", name)
    return "sm_%s" % m.group(1) if m else "any"


ORACLE_ENV = None


def extended_shapes_env(include):
    """The oracle's environment with CuTe's extended SM90 shapes on: the sparse GMMA's N not a
    multiple of 16 (atom/mma_traits_sm90_gmma_sparse_ext.hpp) are declared only under
    CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED, which the oracle (it includes the dense _ext headers
    by name) does not define. The headers are read through a tree of links to them whose
    cute/config.hpp defines it, and the oracle's cache through a directory of this run's own
    (linked to the CUDA headers the oracle downloaded), so the shared cache is left as it is."""
    import atexit, shutil, tempfile
    work = tempfile.mkdtemp(prefix="gen_atoms.")
    atexit.register(shutil.rmtree, work, True)
    inc = os.path.join(work, "include")
    subprocess.run(["cp", "-rs", include, inc], check=True)
    config = os.path.join(inc, "cute", "config.hpp")
    text = open(os.path.realpath(config)).read()
    os.remove(config)
    with open(config, "w") as out:
        out.write("#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED 1\n" + text)
    env = dict(os.environ, CUTE_INCLUDE=inc)
    shared = os.environ.get("CUTE_ORACLE_CACHE", os.path.expanduser("~/.cache/cute-oracle"))
    if os.path.exists(os.path.join(shared, "ready")):
        cache = os.path.join(work, "cache")
        os.makedirs(cache)
        os.symlink(os.path.join(shared, "cuda"), os.path.join(cache, "cuda"))
        open(os.path.join(cache, "ready"), "w").close()
        env["CUTE_ORACLE_CACHE"] = cache
    return env


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
            [oracle], input="\n".join(marked) + "\n", capture_output=True, text=True,
            env=ORACLE_ENV,
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
    sparse_count = [0]
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
            # SM90's sparse GMMA (SM90::GMMA::SPARSE::GMMA_...): the dense forms' arguments and
            # the metadata selector spsel last; its instantiations vary the majors, scales and
            # selector (none of which the layouts read) to check that cute ignores them
            elif args.replace(" ", "") == "tnspA,tnspB,scaleA,scaleB,spsel":
                majors = ["K,K", "MN,K", "K,MN", "MN,MN"] if name.endswith("_SS") else ["K,K", "K,MN"]
                ma, mb = majors[(sparse_count[0] // 2) % len(majors)].split(",")
                tail = ",GMMA::ScaleIn::Neg,GMMA::ScaleIn::One,GMMA::SparseSel::One" if sparse_count[0] % 3 == 1 else ""
                sparse_count[0] += 1
                inst = "%s<GMMA::Major::%s,GMMA::Major::%s%s>" % (name, ma, mb, tail)
                entries.append((name, arch_of(name), "sp_majors", inst, types))
            elif args.replace(" ", "") == "scaleA,scaleB,spsel":
                tail = "GMMA::ScaleIn::One,GMMA::ScaleIn::Neg,GMMA::SparseSel::One" if sparse_count[0] % 3 == 1 else ""
                sparse_count[0] += 1
                entries.append((name, arch_of(name), "sp_scale", "%s<%s>" % (name, tail), types))
            elif args.replace(" ", "") == "spsel":
                tail = "GMMA::SparseSel::One" if sparse_count[0] % 3 == 1 else ""
                sparse_count[0] += 1
                entries.append((name, arch_of(name), "sp_sel", "%s<%s>" % (name, tail), types))
            else:
                print("skipped MMA_Traits<%s<%s>>" % (name, args), file=sys.stderr)
    # SM120's mma.sync: explicit specialisations of SM120_16x8x32_TN<A, B, C>
    arch = strip_comments(open(os.path.join(include, "cute/arch/mma_sm120.hpp")).read())
    for m in re.finditer(r"template\s*<>\s*struct\s+(SM120_16x8x32_TN)\s*<([^>]*)>", arch):
        args = [a.strip() for a in m.group(2).split(",")]
        name = "%s<%s>" % (m.group(1), ",".join(args))
        entries.append((name, "sm_120", "", name, [args[2], args[0], args[1], args[2]]))
    # SM120's block-scaled mma.sync: SM120::BLOCKSCALED::SM120_16x8x{32,64}_TN_VS<A, B, C, SF, VS>,
    # its layouts independent of the vector size VS (asked at VS = 32); the catalog's name leaves
    # VS out: `SM120_16x8x32_TN_VS<A,B,C,SF>` takes it as a template argument
    for m in re.finditer(r"struct\s+(SM120_16x8x(?:32|64)_TN_VS)\s*<([^>]*),\s*VS\s*>", arch):
        args = [a.strip() for a in m.group(2).split(",")]
        name = "%s<%s>" % (m.group(1), ",".join(args))
        inst = "SM120::BLOCKSCALED::%s<%s,32>" % (m.group(1), ",".join(args))
        types = [args[2], args[0], args[1], args[2]]
        if "x64" in m.group(1):
            types = [args[2], "uint4_t", "uint4_t", args[2]]
        entries.append((name, "sm_120", "vs", inst, types))
    # SM120's sparse mma.sync (arch/mma_sm120_sparse.hpp, atom/mma_traits_sm120_sparse.hpp):
    # explicit specialisations of SM120::SPARSE::SM120_SPARSE_16x8x64_TN<A, B, C> and the
    # block-scaled SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x{64,128}_TN_VS<A, B, C, SF, VS>
    # (asked at VS = 64, which both accept); the value types as the traits write them
    sparse = strip_comments(open(os.path.join(include, "cute/arch/mma_sm120_sparse.hpp")).read())
    for m in re.finditer(r"template\s*<>\s*struct\s+(SM120_SPARSE_16x8x64_TN)\s*<([^>]*)>", sparse):
        args = [a.strip() for a in m.group(2).split(",")]
        name = "%s<%s>" % (m.group(1), ",".join(args))
        types = [args[2], "sparse_elem<2,%s>" % args[0], "uint8_t", args[2], "sparse_elem<8,uint8_t>"]
        entries.append((name, "sm_120", "", "SM120::SPARSE::" + name, types))
    for m in re.finditer(r"struct\s+(SM120_SPARSE_16x8x(?:64|128)_TN_VS)\s*<([^>]*),\s*VS\s*>", sparse):
        args = [a.strip() for a in m.group(2).split(",")]
        name = "%s<%s>" % (m.group(1), ",".join(args))
        inst = "SM120::BLOCKSCALED::SPARSE::%s<%s,64>" % (m.group(1), ",".join(args))
        if "x128" in m.group(1):
            types = [args[2], "sparse_elem<4,uint8_t>", "uint4_t", args[2], "sparse_elem<16,uint8_t>"]
        else:
            types = [args[2], "sparse_elem<2,%s>" % args[0], "uint8_t", args[2], "sparse_elem<8,uint8_t>"]
        entries.append((name, "sm_120", "vs", inst, types))
    return entries


def copy_entries(include):
    entries = []  # (name, arch, has ValID)
    for f in COPY_TRAITS:
        text = strip_comments(open(os.path.join(include, "cute/atom", f)).read())
        for name, args, body in specialisations(text, "Copy_Traits"):
            if args is not None:
                print("skipped Copy_Traits<%s<%s>>" % (name, args), file=sys.stderr)
                continue
            if "SrcLayout" not in body and "RefLayout" not in body:
                print("skipped Copy_Traits<%s>: no layouts" % name, file=sys.stderr)
                continue
            entries.append((name, arch_of(name), "ValID" in body))
    return entries


def field(lines, key):
    for l in lines:
        l = l.strip()
        if l.startswith(key + ":"):
            return plain(l[len(key) + 1 :])
    raise KeyError(key)


def mode_sizes(layout):
    """The sizes of the top modes of a layout written `shape:stride` (cute's notation)."""
    shape = layout.split(":")[0]
    def parse(t, i):
        if t[i] == "(":
            items, i = [], i + 1
            while t[i] != ")":
                v, i = parse(t, i)
                items.append(v)
                if t[i] == ",":
                    i += 1
            return items, i + 1
        j = i
        while j < len(t) and t[j].isdigit():
            j += 1
        return int(t[i:j]), j
    def size(v):
        if isinstance(v, int):
            return v
        p = 1
        for x in v:
            p *= size(x)
        return p
    v, _ = parse(shape, 0)
    return [size(x) for x in v] if isinstance(v, list) else [v]


# UMMA instantiations checked against the oracle: (family, types, Ms, Ns, majors)
UMMA_CASES = [
    ("SM100_MMA_TF32_SS", "tfloat32_t,tfloat32_t,float", [64, 128], [8, 256], ["K,K", "MN,MN"]),
    ("SM100_MMA_F16BF16_SS", "half_t,half_t,float", [64, 128], [8, 136, 256], ["K,K", "MN,K"]),
    ("SM100_MMA_F16BF16_SS", "bfloat16_t,bfloat16_t,float", [128], [64], ["K,MN"]),
    ("SM100_MMA_TF32_TS", "tfloat32_t,tfloat32_t,float", [64, 128], [16, 256], ["K,K"]),
    ("SM100_MMA_F16BF16_TS", "half_t,half_t,half_t", [64, 128], [32, 256], ["K,MN"]),
    ("SM100_MMA_S8_SS", "int8_t,int8_t,int32_t", [64, 128], [8, 256], ["K,K"]),
    ("SM100_MMA_S8_TS", "uint8_t,int8_t,int32_t", [128], [16], ["K,K"]),
    ("SM100_MMA_F8F6F4_SS", "float_e4m3_t,float_e4m3_t,float", [64, 128], [8, 256], ["K,K"]),
    ("SM100_MMA_F8F6F4_SS", "float_e2m1_t,float_e3m2_t,float", [128], [32], ["K,MN"]),
    ("SM100_MMA_F8F6F4_TS", "float_e5m2_t,float_e4m3_t,half_t", [64], [24], ["K,K"]),
    ("SM100_MMA_MXF8F6F4_SS", "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t", [128], [8, 256], ["K,K"]),
    ("SM100_MMA_MXF4_SS", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", [128], [64, 256], ["32,K,K"]),
    ("SM100_MMA_TF32_2x1SM_SS", "tfloat32_t,tfloat32_t,float", [128, 256], [16, 256], ["K,K"]),
    ("SM100_MMA_F16BF16_2x1SM_SS", "half_t,half_t,float", [128, 256], [16, 256], ["K,MN"]),
    ("SM100_MMA_TF32_2x1SM_TS", "tfloat32_t,tfloat32_t,float", [256], [32], ["K,K"]),
    ("SM100_MMA_F16BF16_2x1SM_TS", "bfloat16_t,bfloat16_t,float", [128, 256], [64, 256], ["K,K"]),
    ("SM100_MMA_S8_2x1SM_SS", "int8_t,uint8_t,int32_t", [256], [32], ["K,K"]),
    ("SM100_MMA_S8_2x1SM_TS", "int8_t,int8_t,int32_t", [128], [256], ["K,K"]),
    ("SM100_MMA_F8F6F4_2x1SM_SS", "float_e4m3_t,float_e5m2_t,float", [256], [16, 256], ["K,K"]),
    ("SM100_MMA_F8F6F4_2x1SM_TS", "float_e4m3_t,float_e4m3_t,float", [128], [64], ["K,K"]),
    ("SM100_MMA_MXF8F6F4_2x1SM_SS", "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t", [256], [256], ["K,K"]),
    ("SM100_MMA_MXF4_2x1SM_SS", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", [256], [128], ["16,K,K"]),
    # SM103's MXF4 ULTRA (K 96)
    ("SM103::SM103_MXF4_ULTRA_SS_VS", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", [128], [16, 256], ["32,K,K"]),
    ("SM103::SM103_MXF4_ULTRA_2x1SM_SS_VS", "float_e2m1_t,float_e2m1_t,float,float_ue4m3_t", [128, 256], [64], ["16,K,K"]),
    # the structured-sparse forms
    ("SM100_MMA_TF32_SS_SPARSE", "tfloat32_t,tfloat32_t,float", [64, 128], [8, 256], ["K,K"]),
    ("SM100_MMA_F16BF16_SS_SPARSE", "half_t,half_t,float", [64, 128], [16, 256], ["K,MN"]),
    ("SM100_MMA_S8_SS_SPARSE", "int8_t,int8_t,int32_t", [128], [8, 64], ["K,K"]),
    ("SM100_MMA_F8F6F4_SS_SPARSE", "float_e4m3_t,float_e4m3_t,float", [64, 128], [16, 256], ["K,K"]),
    ("SM100_MMA_MXF8F6F4_SS_SPARSE", "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t", [128], [8, 256], ["K,K"]),
    ("SM100_MMA_MXF4NVF4_SS_SPARSE", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", [128], [64], ["64,K,K"]),
    ("SM100_MMA_TF32_2x1SM_SS_SPARSE", "tfloat32_t,tfloat32_t,float", [128, 256], [16], ["K,K"]),
    ("SM100_MMA_F16BF16_2x1SM_SS_SPARSE", "bfloat16_t,bfloat16_t,float", [256], [256], ["K,MN"]),
    ("SM100_MMA_S8_2x1SM_SS_SPARSE", "uint8_t,int8_t,int32_t", [128], [32], ["K,K"]),
    ("SM100_MMA_F8F6F4_2x1SM_SS_SPARSE", "float_e5m2_t,float_e4m3_t,float", [256], [64], ["K,K"]),
    ("SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE", "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t", [256], [16], ["K,K"]),
    ("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t", [256], [128], ["32,K,K"]),
    # the interleaved-complex forms: no type arguments (complex<tfloat32_t> A and B, float C)
    ("SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN", "", [64, 128], [16, 256], ["K,K"]),
    ("SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN", "", [128, 256], [32, 256], ["K,K"]),
]


def extra_cases(copy_rows):
    """C++ spellings beyond the catalog's rows: UMMA instantiations and tiled MMAs over them,
    Copy_Atom's value layouts for a value type of each copy, the templated one-thread copies,
    UniversalFMA over other types, and GMMA's `SM90::GMMA::MMA_...` spelling."""
    exprs = []
    for fam, types, ms, ns, majors in UMMA_CASES:
        for m in ms:
            for n in ns:
                for mj in majors:
                    parts = mj.split(",")
                    targs = "%s,%d,%d,%s" % (
                        types, m, n,
                        ",".join(p if p.isdigit() else "UMMA::Major::" + p for p in parts),
                    )
                    targs = targs.lstrip(",")
                    x = "%s<%s>" % (fam, targs)
                    for f in ["ThrID", "Shape_MNK", "ALayout", "BLayout", "CLayout"]:
                        exprs.append("typename MMA_Traits<%s>::%s{}" % (x, f))
                    exprs.append("make_tiled_mma(%s{}, Layout<Shape<_2,_1,_1>>{}).get_layoutC_TV()" % x)
                    exprs.append("make_tiled_mma(%s{}, Layout<Shape<_1,_2,_1>>{}).get_layoutB_TV()" % x)
    for name, _, src, dst, ref in copy_rows:
        per = [mode_sizes(l)[1] if len(mode_sizes(l)) > 1 else 1 for l in (src, dst, ref)]
        for t, bits in [("uint32_t", 32), ("uint16_t", 16), ("uint8_t", 8)]:
            if all(v % bits == 0 for v in per):
                # asked of the oracle as Copy_Atom computes it (recast_layout of the traits'
                # bit layouts), so that a type Copy_Atom's static_asserts reject does not stop
                # the batch; the expectation is then a refusal (see extras())
                for f, b in [("ValLayoutSrc", "SrcLayout"), ("ValLayoutDst", "DstLayout"),
                             ("ValLayoutRef", "RefLayout")]:
                    exprs.append((
                        "typename Copy_Atom<%s, %s>::%s{}" % (name, t, f),
                        "recast_layout<uint1_t, %s>(typename Copy_Traits<%s>::%s{})" % (t, name, b),
                    ))
                break
    for op in ["UniversalCopy<uint8_t>", "UniversalCopy<uint32_t>", "UniversalCopy<uint128_t>",
               "SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
               "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>",
               "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>"]:
        for f in ["ThrID", "SrcLayout", "DstLayout", "RefLayout"]:
            exprs.append("typename Copy_Traits<%s>::%s{}" % (op, f))
        exprs.append("typename Copy_Atom<%s, half_t>::ValLayoutSrc{}" % op if "uint8_t" not in op else
                     "typename Copy_Atom<%s, int8_t>::ValLayoutDst{}" % op)
    # the CuTe tutorial's sgemm: UniversalFMA tiled 16x16
    for f in ["get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV"]:
        exprs.append("make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_16,_16,_1>>{}).%s()" % f)
    # warp MMAs of every generation, tiled
    for x in ["SM70_8x8x4_F32F16F16F32_NT", "SM80_16x8x16_F32BF16BF16F32_TN", "SM89_16x8x32_F32E4M3E4M3F32_TN",
              "SM90_16x8x16_F64F64F64F64_TN", "SM120_16x8x32_TN<float_e2m1_t,float_e2m1_t,float>",
              "SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>"]:
        for f in ["get_layoutA_TV", "get_layoutC_TV"]:
            exprs.append("make_tiled_mma(%s{}, Layout<Shape<_2,_2,_1>>{}).%s()" % (x, f))
    # TMA and bulk copies: Copy_Traits<OP, Int<N>[, AuxParams]> (the oracle is given an
    # AuxParams, which the layouts do not read; cute's spelling leaves it out)
    for op, n, aux in [("SM90_TMA_LOAD", 1024, True), ("SM90_TMA_LOAD_MULTICAST", 4096, True),
                       ("SM90_TMA_STORE", 8192, True), ("SM90_TMA_REDUCE_ADD", 512, True),
                       ("SM90_BULK_COPY_G2S", 2048, False), ("SM90_BULK_COPY_S2G", 128, False),
                       ("SM100_TMA_2SM_LOAD", 1024, True), ("SM100_TMA_2SM_LOAD_MULTICAST", 16384, True),
                       ("SM100_TMA_LOAD_2D_GATHER4", 2048, True), ("SM100_TMA_STORE_2D_SCATTER4", 256, True)]:
        for f in ["ThrID", "SrcLayout", "DstLayout", "RefLayout"]:
            exprs.append((
                "typename Copy_Traits<%s, Int<%d>>::%s{}" % (op, n, f),
                "typename Copy_Traits<%s, Int<%d>%s>::%s{}" % (op, n, ", int" if aux else "", f),
            ))
    for f in ["ThrID", "SrcLayout"]:
        exprs.append("typename Copy_Traits<SM90_BULK_COPY_AUTO>::%s{}" % f)
    for t in ["half_t", "double", "int32_t"]:
        for f in ["ThrID", "Shape_MNK", "ALayout", "BLayout", "CLayout"]:
            exprs.append("typename MMA_Traits<UniversalFMA<%s,%s,%s,%s>>::%s{}" % (t, t, t, t, f))
    for n in [8, 24, 128, 256]:
        for f in ["ALayout", "BLayout", "CLayout"]:
            exprs.append(
                "typename MMA_Traits<SM90::GMMA::MMA_64x%dx16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>>::%s{}" % (n, f))
            exprs.append("MMA_Atom<SM90::GMMA::MMA_64x%dx32_F32E4M3E5M2_SS_TN<>>::Layout%s_TV{}" % (n, f[0]))
    return exprs


def extras(oracle):
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(ROOT, "crates/core/src/atoms/catalog/copy.tsv"))
            if not l.startswith("#")]
    threads = {r[0]: mode_sizes(r[2])[0] for r in rows}
    cases = [c if isinstance(c, tuple) else (c, c) for c in
             extra_cases([(r[0], r[1], r[3], r[4], r[5]) for r in rows])]
    answers = oracle_batches(oracle, [c[1] for c in cases])
    # Copy_Atom<Y, T>'s static_asserts: every value layout keeps ThrID's threads
    by_atom = {}
    for (e, _), a in zip(cases, answers):
        if e.startswith("typename Copy_Atom<") and not any(
                x in e for x in ["UniversalCopy", "CP_ASYNC"]):
            atom = e[: e.index(">::")]
            name = atom[len("typename Copy_Atom<") : atom.index(",")]
            ok = mode_sizes(plain(" ".join(a)))[0] == threads[name]
            by_atom[atom] = by_atom.get(atom, True) and ok
    with open(os.path.join(ROOT, "tests/golden/atoms_catalog_extra.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --extra: C++ expression, CuTe 4.7's answer "
                  "(static integers' _ dropped; REFUSED: CuTe's static_assert rejects it)\n")
        for (e, _), a in zip(cases, answers):
            atom = e[: e.index(">::")] if ">::" in e else None
            if by_atom.get(atom, True) is False:
                out.write("%s\tREFUSED\n" % e)
            else:
                out.write("%s\t%s\n" % (e, plain(" ".join(a))))


def declared(include):
    """Every operation CuTe 4.7 gives `MMA_Traits` or `Copy_Traits` (any `atom/*.hpp`), by name
    without template arguments: the list the catalog test holds `cute atoms` to (every one cute
    answers must be listed)."""
    names = {}
    atom = os.path.join(include, "cute/atom")
    for f in sorted(os.listdir(atom)):
        text = strip_comments(open(os.path.join(atom, f)).read())
        for m in re.finditer(r"struct\s+(MMA|Copy)_Traits\s*<\s*([A-Za-z_][A-Za-z0-9_:]*)", text):
            kind = "mma" if m.group(1) == "MMA" else "copy"
            name = m.group(2)
            while name.startswith("cute::"):
                name = name[len("cute::"):]
            names.setdefault((kind, name), f)
    with open(os.path.join(ROOT, "tests/golden/atoms_declared.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --declared: every operation CuTe 4.7 gives "
                  "MMA_Traits or Copy_Traits (kind, name, header)\n")
        for (kind, name), f in sorted(names.items()):
            out.write("%s\t%s\t%s\n" % (kind, name, f))


# `get_tma_tensor(shape)` of TMA copies: the coordinate tensor CuTe returns
# (`ArithTuple(_0,_0) o SHAPE:(_1@1,_1@0)`, its strides the TMA coordinate basis E<j>)
TMA_TENSOR_CASES = [
    "make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256, Int<1>{})), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).get_tma_tensor(make_shape(1024,256))",
    "make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{}))).get_tma_tensor(make_shape(1024,256))",
    "make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(128,64,8), make_stride(64, Int<1>{}, 8192)), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).get_tma_tensor(make_shape(128,64,8))",
    "make_tma_copy(SM90_TMA_STORE{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(512,512), make_stride(Int<1>{}, 512)), Layout<Shape<_64,_64>,Stride<_1,_64>>{}).get_tma_tensor(make_shape(512,512))",
    "make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256, Int<1>{})), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).get_tma_tensor(make_shape(2048,512))",
    "make_tma_atom(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{})).get_tma_tensor(make_shape(1024,256))",
    "make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(256,1024,4), make_stride(1024, Int<1>{}, 262144)), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{},_64{}))).get_tma_tensor(make_shape(256,1024,4))",
    "make_tma_copy(SM100_TMA_LOAD_2D_GATHER4{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256, Int<1>{})), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).get_tma_tensor(make_shape(1024,256))",
    "make_tma_copy(SM100_TMA_LOAD_MULTICAST_2D_GATHER4{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256, Int<1>{})), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{}), Int<2>{}).get_tma_tensor(make_shape(1024,256))",
]


def tma_tensor(oracle):
    """tests/golden/tma_tensor_oracle.tsv: C++ expression <TAB> CuTe's print (its own notation)."""
    answers = oracle_batches(oracle, TMA_TENSOR_CASES)
    with open(os.path.join(ROOT, "tests/golden/tma_tensor_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --tma-tensor: C++ expression, CuTe 4.7's print "
                  "(cute --format cute)\n")
        for e, a in zip(TMA_TENSOR_CASES, answers):
            out.write("%s\t%s\n" % (e, " ".join(a).strip()))


# im2col TMA (copy_traits_sm90_im2col.hpp, copy_traits_sm100_im2col.hpp): cute-oracle's include
# list lacks these two headers, so the oracle runs from a copy that adds them (nothing else
# differs). The traits take a TMATensor argument, which the layouts do not read (cute's spelling
# leaves it out); make_im2col_tma_copy's atom, tiler and TV layout, and its TMA tensor (which cute
# refuses with its parts computed: the refusal's text is checked against this print).
IM2COL_G = ("make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), "
            "make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{})))")
IM2COL_G2 = ("make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(make_shape(_16{},_16{},_4{}),_32{}), "
             "make_stride(make_stride(_32{},_512{},_8192{}),_1{})))")
IM2COL_COPIES = [
    "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, %s, Layout<Shape<_64,_32>,Stride<_32,_1>>{})" % IM2COL_G,
    "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, %s, tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, make_shape(_128{},_32{})))" % IM2COL_G,
    "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL_MULTICAST{}, %s, Layout<Shape<_64,_32>,Stride<_32,_1>>{}, make_shape(_64{},_32{}), Int<2>{})" % IM2COL_G,
    "make_im2col_tma_copy(SM90_TMA_STORE_IM2COL{}, %s, Layout<Shape<_128,_32>,Stride<_32,_1>>{})" % IM2COL_G2,
    "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, %s, Layout<Shape<_64,_32>,Stride<_32,_1>>{}, make_shape(_64{},_32{}), "
    "make_coord(Int<-1>{},Int<-1>{},Int<-1>{}), make_coord(Int<-1>{},Int<-1>{},Int<-1>{}), make_coord(Int<-1>{},Int<-1>{},Int<-1>{}), make_coord(Int<1>{},Int<1>{},Int<1>{}), make_coord(Int<1>{},Int<1>{},Int<1>{}), make_coord(Int<0>{},Int<0>{},Int<0>{}), make_coord(Int<1>{},Int<1>{},Int<1>{}))" % IM2COL_G,
    "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, %s, Layout<Shape<_128,_32>,Stride<_32,_1>>{}, make_shape(_128{},_32{}), "
    "make_coord(Int<0>{},Int<0>{}), make_coord(Int<-2>{},Int<-2>{}), make_coord(Int<-1>{},Int<-1>{}), make_coord(Int<1>{},Int<1>{}), make_coord(Int<2>{},Int<2>{}), make_coord(Int<0>{},Int<0>{}), make_coord(Int<2>{},Int<2>{}))" % IM2COL_G2,
]
# SM100's im2col TMA atoms (make_im2col_tma_atom_A_sm100/_B_sm100): over a UMMA tiled MMA, its
# MMA tiler and cluster shape, with the convolution's parameters (all 13 arguments).
IM2COL_SM100_SMEM = ("UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, "
                     "make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{}))")
IM2COL_SM100_PARAMS = ", ".join(["make_coord(Int<0>{},Int<0>{},Int<0>{})"] * 4 + ["make_coord(Int<1>{},Int<1>{},Int<1>{})",
                                 "make_coord(Int<0>{},Int<0>{},Int<0>{})", "make_coord(Int<1>{},Int<1>{},Int<1>{})"])
IM2COL_SM100_MMA = "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{})"
IM2COL_SM100_MMA_2SM = "make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::K>{})"
IM2COL_SM100_ATOMS = [
    "make_im2col_tma_atom_A_sm100(SM90_TMA_LOAD_IM2COL{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, "
    "make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}), %s)" % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA, IM2COL_SM100_PARAMS),
    "make_im2col_tma_atom_A_sm100(SM90_TMA_LOAD_IM2COL_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, "
    "make_shape(Int<1>{},Int<2>{},Int<2>{},Int<1>{}), %s)" % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA, IM2COL_SM100_PARAMS),
    "make_im2col_tma_atom_B_sm100(SM90_TMA_LOAD_IM2COL_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, "
    "make_shape(Int<1>{},Int<4>{},Int<1>{},Int<1>{}), %s)" % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA, IM2COL_SM100_PARAMS),
    "make_im2col_tma_atom_A_sm100(SM100_TMA_2SM_LOAD_IM2COL{}, %s, %s, make_shape(Int<256>{},Int<128>{},Int<64>{}), %s, "
    "make_shape(Int<2>{},Int<1>{},Int<1>{},Int<1>{}), %s)" % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA_2SM, IM2COL_SM100_PARAMS),
]
# ... and the tiled copies over them (make_im2col_tma_copy_A_sm100/_B_sm100: no cluster shape,
# the multicast the N (A) or M (B) CTAs of the tiled MMA's VMNK thread layout).
IM2COL_SM100_MMA_N = IM2COL_SM100_MMA[:-1] + ", Layout<Shape<_1,_2,_1>>{})"
IM2COL_SM100_MMA_M = IM2COL_SM100_MMA[:-1] + ", Layout<Shape<_2,_1,_1>>{})"
IM2COL_SM100_COPIES = [
    "make_im2col_tma_copy_A_sm100(SM90_TMA_LOAD_IM2COL{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, %s)"
    % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA, IM2COL_SM100_PARAMS),
    "make_im2col_tma_copy_A_sm100(SM90_TMA_LOAD_IM2COL_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<256>{},Int<64>{}), %s, %s)"
    % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA_N, IM2COL_SM100_PARAMS),
    "make_im2col_tma_copy_B_sm100(SM90_TMA_LOAD_IM2COL_MULTICAST{}, %s, %s, make_shape(Int<256>{},Int<128>{},Int<64>{}), %s, %s)"
    % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA_M, IM2COL_SM100_PARAMS),
    "make_im2col_tma_copy_A_sm100(SM100_TMA_2SM_LOAD_IM2COL{}, %s, %s, make_shape(Int<256>{},Int<128>{},Int<64>{}), %s, %s)"
    % (IM2COL_G, IM2COL_SM100_SMEM, IM2COL_SM100_MMA_2SM, IM2COL_SM100_PARAMS),
]
IM2COL_TRAITS = [("SM90_TMA_LOAD_IM2COL", 4096), ("SM90_TMA_LOAD_IM2COL_MULTICAST", 2048),
                 ("SM90_TMA_STORE_IM2COL", 8192), ("SM100_TMA_2SM_LOAD_IM2COL", 1024),
                 ("SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", 16384)]


def im2col(oracle):
    """tests/golden/im2col_oracle.tsv: cute expression <TAB> CuTe's print, plain (or, for
    `get_tma_tensor`, CuTe's own print, which cute's refusal spells out)."""
    import tempfile
    text = open(oracle).read()
    extended = text.replace("copy_traits_sm90_tma copy_traits_sm100;",
                            "copy_traits_sm90_tma copy_traits_sm100 copy_traits_sm90_im2col copy_traits_sm100_im2col;")
    if extended == text:
        sys.exit("cute-oracle's include list changed: cannot add the im2col headers")
    with tempfile.NamedTemporaryFile("w", suffix="-cute-oracle", delete=False) as f:
        f.write(extended)
    os.chmod(f.name, 0o755)
    env_inc = os.path.join(os.path.dirname(os.path.abspath(oracle)), "..", "cutlass-4.7", "include")
    os.environ.setdefault("CUTE_INCLUDE", os.path.abspath(env_inc))
    cases = []
    for op, n in IM2COL_TRAITS:
        for fld in ["ThrID", "SrcLayout", "DstLayout", "RefLayout"]:
            cases.append(("typename Copy_Traits<%s, Int<%d>, int>::%s{}" % (op, n, fld),
                          "typename Copy_Traits<%s, Int<%d>>::%s{}" % (op, n, fld), True))
    for c in IM2COL_COPIES:
        for fld in ["Tiler_MN", "TiledLayout_TV", "ValLayoutSrc", "ThrID"]:
            cases.append(("typename decltype(%s)::%s{}" % (c, fld), "%s.%s" % (c, fld), True))
        t = "%s.get_tma_tensor(make_shape(1,2))" % c
        cases.append((t, t, False))
    # the TMA tensor, a tensor over a layout composed with a layout: what users do with it
    for c in IM2COL_SM100_ATOMS:
        for fld in ["ThrID", "ValLayoutSrc", "ValLayoutDst", "ValLayoutRef"]:
            cases.append(("typename decltype(%s)::%s{}" % (c, fld), "%s.%s" % (c, fld), True))
        t = "%s.get_tma_tensor(make_shape(1,2))" % c
        cases.append((t, t, False))
    # (the copy, a coordinate of its K mode (c,s,r,t), static and run-time)
    for c, kd, ks in ((IM2COL_COPIES[0], "make_coord(3,0,0,0)", "make_coord(Int<3>{},Int<0>{},Int<0>{},Int<0>{})"),
                      (IM2COL_COPIES[3], "make_coord(3,0,0)", "make_coord(Int<3>{},Int<0>{},Int<0>{})"),
                      (IM2COL_COPIES[5], "make_coord(3,1,0)", "make_coord(Int<3>{},Int<1>{},Int<1>{})")):
        t = "%s.get_tma_tensor(make_shape(1,2))" % c
        for form in ["size(%s)", "shape(%s)", "rank(%s)", "%%s(5, %s)" % kd, "%%s(Int<5>{}, %s)" % ks,
                     "%s(77)", "%s(_, 3)", "%s(Int<17>{}, _)", "%s(_, Int<3>{})(Int<2>{})",
                     "%s.layout()", "size(%s.layout())"]:
            cpp, mine = form, form
            cases.append((cpp % t, mine % t, False))
    # (tiled and partitioned as a kernel does: local_tile, local_partition, the divides and
    # products, through the inner layout of the ComposedLayout; a run-time coordinate or thread
    # index keeps its offsets run-time)
    for c, tiler, tiler3 in ((IM2COL_COPIES[0], "make_shape(Int<64>{},Int<32>{})", "make_shape(Int<64>{},Int<32>{},Int<16>{})"),
                             (IM2COL_COPIES[3], "make_shape(Int<128>{},Int<32>{})", "make_shape(Int<128>{},Int<32>{},Int<16>{})")):
        t = "%s.get_tma_tensor(make_shape(1,2))" % c
        for form in ["local_tile(%%s, %s, make_coord(1,0))" % tiler,
                     "local_tile(%%s, %s, make_coord(Int<3>{},Int<1>{}))" % tiler,
                     "local_tile(%%s, %s, make_coord(_,_))" % tiler,
                     "local_tile(%%s, %s, make_coord(1,_,0), Step<_1,X,_1>{})" % tiler3,
                     "local_partition(%s, Layout<Shape<_4,_2>>{}, 5)",
                     "local_partition(%s, Layout<Shape<_4,_2>>{}, Int<5>{})",
                     "local_partition(%s, Layout<Shape<_4,_2,_3>>{}, 13, Step<_1,_1,X>{})",
                     "zipped_divide(%%s, %s)" % tiler,
                     "logical_divide(%%s, %s)" % tiler,
                     "tiled_divide(%%s, %s)" % tiler,
                     "flat_divide(%%s, %s)" % tiler,
                     "zipped_divide(%%s, %s)(make_coord(_,_),make_coord(2,1))" % tiler,
                     "flat_divide(%%s, %s)(_,_,3,1)" % tiler,
                     "size(local_tile(%%s, %s, make_coord(1,0)))" % tiler,
                     "local_tile(%%s, %s, make_coord(1,0))(Int<5>{},Int<7>{})" % tiler]:
            cases.append((form % t, form % t, False))
    # (a thread's part of the tile, the copy's partition_S/partition_D: tidfrg through the
    # inner layout, the slice's offset in the layout; C++ as a lambda, cute as statements)
    for c, tile, thr in ((IM2COL_COPIES[0], "make_coord(1,0)", "0"), (IM2COL_COPIES[2], "make_coord(3,0)", "1"),
                         (IM2COL_COPIES[2], "make_coord(Int<3>{},Int<0>{})", "Int<1>{}"),
                         (IM2COL_COPIES[3], "make_coord(2,1)", "0")):
        tiler = "make_shape(Int<128>{},Int<32>{})" if c == IM2COL_COPIES[3] else "make_shape(Int<64>{},Int<32>{})"
        for part in ["partition_S", "partition_D"]:
            body = ("auto tma = %s; auto mA = tma.get_tma_tensor(make_shape(1,2)); "
                    "auto gA = local_tile(mA, %s, %s); " % (c, tiler, tile))
            last = "tma.get_slice(%s).%s(gA)" % (thr, part)
            cases.append(("[]{ %sreturn %s; }()" % (body, last), body + last, False))
    for c in IM2COL_SM100_COPIES:
        for fld in ["Tiler_MN", "TiledLayout_TV", "ValLayoutSrc", "ThrID"]:
            cases.append(("typename decltype(%s)::%s{}" % (c, fld), "%s.%s" % (c, fld), True))
        t = "%s.get_tma_tensor(make_shape(1,2))" % c
        cases.append((t, t, False))
    try:
        answers = oracle_batches(f.name, [c[0] for c in cases])
    finally:
        os.unlink(f.name)
    with open(os.path.join(ROOT, "tests/golden/im2col_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --im2col: cute expression, CuTe 4.7's print "
                  "(plain; get_tma_tensor as CuTe prints it)\n")
        for (_, mine, is_plain), a in zip(cases, answers):
            a = " ".join(a).strip()
            out.write("%s\t%s\n" % (mine, plain(a) if is_plain else a))


# The metadata E of structured-sparse MMAs, as CUTLASS's sparse collectives partition it:
# (cute's spelling, the atom in C++, the AtomLayoutMNK, the (M,K) tensor's shape)
SPARSE_E_CASES = [
    ("SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS<K,K>",
     "SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", (2, 1, 1), (128, 64)),
    ("SM90::GMMA::SPARSE::GMMA_64x64x64_F32E4M3E4M3_SS_TN",
     "SM90::GMMA::SPARSE::GMMA_64x64x64_F32E4M3E4M3_SS_TN<>", (1, 2, 1), (64, 128)),
    ("SM90::GMMA::SPARSE::GMMA_64x8x64_S32S8S8_RS_TN",
     "SM90::GMMA::SPARSE::GMMA_64x8x64_S32S8S8_RS_TN<>", (2, 1, 1), (256, 64)),
    ("SM90::GMMA::SPARSE::GMMA_64x24x16_F32TF32TF32_SS_TN",
     "SM90::GMMA::SPARSE::GMMA_64x24x16_F32TF32TF32_SS_TN<>", (1, 1, 1), (64, 32)),
    ("SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e4m3_t,float>",
     "SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e4m3_t,float>", (2, 2, 1), (64, 128)),
    ("SM120_SPARSE_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,64>",
     "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,64>", (1, 2, 1), (32, 64)),
    ("SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>",
     "SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>", (4, 1, 1), (64, 256)),
]


def sparse_e(oracle):
    """tests/golden/sparse_e_oracle.tsv: `thrfrg_E` and `get_layoutE_TV` of tiled sparse MMAs,
    asked of CuTe through the collectives' own code (thrfrg_A's steps over the atom's ELayout),
    written as an immediately invoked lambda."""
    cases = []
    for name, cpp, (tm, tn, tk), (m, k) in SPARSE_E_CASES:
        mma = "auto mma = make_tiled_mma(%s{}, Layout<Shape<Int<%d>,Int<%d>,Int<%d>>>{});" % (cpp, tm, tn, tk)
        thrfrg = (
            "auto thrfrg_E = [&](auto etensor) { "
            "auto t_tensor = logical_divide(etensor, make_tile(mma.template permutation_mnk<0>(), mma.template permutation_mnk<2>())); "
            "using S = typename decltype(mma)::AtomShape_MNK; "
            "auto e_tensor = zipped_divide(t_tensor, make_tile(make_layout(size<0>(S{})), make_layout(size<2>(S{})))); "
            "auto tv_tensor = e_tensor.compose(typename MMA_Traits<%s>::ELayout{}, _); "
            "auto v = mma.get_thr_layout_vmnk(); "
            "return zipped_divide(tv_tensor, make_tile(_, make_tile(make_layout(size<1>(v)), make_layout(size<3>(v))))); };" % cpp
        )
        tiled = "make_tiled_mma(%s{}, Layout<Shape<Int<%d>,Int<%d>,Int<%d>>>{})" % (cpp, tm, tn, tk)
        cases.append((
            "%s.thrfrg_E(make_layout(make_shape(Int<%d>{},Int<%d>{})))" % (tiled, m, k),
            "[]{ %s %s return thrfrg_E(make_layout(make_shape(Int<%d>{},Int<%d>{}))); }()" % (mma, thrfrg, m, k),
        ))
        cases.append((
            "%s.get_layoutE_TV" % tiled,
            "[]{ %s %s auto v = mma.get_thr_layout_vmnk(); "
            "auto ref_E = make_layout(make_shape(tile_size<0>(mma), tile_size<2>(mma))); "
            "auto etile = make_tile(_, make_tile(make_layout(make_shape(size<1>(v), size<2>(v)), make_stride(Int<1>{}, Int<0>{})), _)); "
            "return thrfrg_E(ref_E).compose(etile, _).compose(right_inverse(v), _); }()" % (mma, thrfrg),
        ))
    answers = oracle_batches(oracle, [c[1] for c in cases])
    with open(os.path.join(ROOT, "tests/golden/sparse_e_oracle.tsv"), "w") as out:
        # (no header: the file is STATEMENT<TAB>EXPECTED lines, read by the tests' check_cases)
        for (e, _), a in zip(cases, answers):
            out.write("%s\t%s\n" % (e, plain(" ".join(a))))


# Structured-sparse pointers (pointer_sparse.hpp): CuTe's sparse_ptr made directly and as the
# register fragment of a sparse MMA's A (partition_fragment_A: make_fragment_like<FrgTypeA>).
# (C++ expression, cute's spelling); an owning array's stack address prints as cute's `stack`.
SPARSE_PTR_SMEM = "make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<64>{},Int<32>{})))"
SPARSE_PTR_CASES = [
    ("make_tiled_mma(SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>{}).get_slice(0).partition_fragment_A(%s)" % SPARSE_PTR_SMEM,) * 2,
    ("make_tiled_mma(SM90::GMMA::SPARSE::GMMA_64x32x64_F32E4M3E4M3_RS_TN<>{}).get_slice(3).partition_fragment_A("
     "make_tensor(make_gmem_ptr(static_cast<float_e4m3_t*>(nullptr)), make_layout(make_shape(Int<64>{},Int<128>{}))))",) * 2,
    ("make_tiled_mma(SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e2m1_t,float_e2m1_t,float>{}).get_slice(5).partition_fragment_A("
     "make_tensor(make_gmem_ptr(static_cast<float_e2m1_t*>(nullptr)), make_layout(make_shape(Int<16>{},Int<64>{}))))",) * 2,
    ("make_tiled_mma(SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e4m3_t,float>{}).get_slice(3).partition_fragment_A("
     "make_tensor(make_gmem_ptr(static_cast<float_e4m3_t*>(nullptr)), make_layout(make_shape(Int<16>{},Int<64>{}))))",) * 2,
    ("make_tiled_mma(SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e4m3_t,float>{}).get_slice(3).partition_fragment_B("
     "make_tensor(make_gmem_ptr(static_cast<float_e4m3_t*>(nullptr)), make_layout(make_shape(Int<8>{},Int<64>{}))))",) * 2,
    ("make_tensor<sparse_elem<2,half_t>>(make_layout(make_shape(Int<4>{},Int<8>{}))).data()",) * 2,
    ("make_tensor<sparse_elem<4,uint8_t>>(make_layout(make_shape(Int<4>{},Int<8>{})))",) * 2,
    ("make_tensor(make_smem_ptr(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr))), make_layout(make_shape(Int<4>{},Int<8>{})))",) * 2,
    ("make_tensor(make_smem_ptr(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr))), make_layout(make_shape(Int<4>{},Int<8>{})))(_,1)",) * 2,
    ("make_tensor(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)), make_layout(make_shape(Int<4>{},Int<8>{})))(_,3)",) * 2,
    ("make_smem_ptr<sparse_elem<2,half_t>>(static_cast<void*>(nullptr))", "make_smem_ptr<sparse_elem<2,half_t>>(nullptr)"),
    ("make_gmem_ptr<sparse_elem<2,float_e4m3_t>>(static_cast<void*>(nullptr)) + 8", "make_gmem_ptr<sparse_elem<2,float_e4m3_t>>(nullptr) + 8"),
    ("make_gmem_ptr(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)))",) * 2,
    ("make_sparse_ptr<4>(static_cast<sparse_elem<4,uint8_t>*>(nullptr))",) * 2,
    ("make_sparse_ptr<8>(static_cast<sparse_elem<8,uint8_t>*>(nullptr)) + 16",) * 2,
    ("make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)) + 6",) * 2,
    ("make_smem_ptr(static_cast<sparse_elem<2,half_t>*>(nullptr)) + 3",) * 2,
    ("static_cast<sparse_elem<2,half_t>*>(nullptr)",) * 2,
    ("make_sparse_ptr<1>(static_cast<half_t*>(nullptr))",) * 2,
    # recast_ptr<T> of a sparse pointer: of its physical pointer (pointer_sparse.hpp), the
    # address kept; to a sparse_elem, a sparse_ptr
    ("recast_ptr<half_t>(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)) + 6)",) * 2,
    ("recast_ptr<uint8_t>(make_smem_ptr(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr))) + 4)",) * 2,
    ("recast_ptr<float>(make_gmem_ptr(make_sparse_ptr<4>(static_cast<sparse_elem<4,uint8_t>*>(nullptr))) + 16)",) * 2,
    ("recast_ptr<float_e2m1_t>(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)) + 2)",) * 2,
    ("recast_ptr<half_t>(static_cast<sparse_elem<2,half_t>*>(nullptr) + 3)",) * 2,
    ("recast_ptr<uint32_t>(make_smem_ptr<sparse_elem<2,half_t>>(nullptr) + 8)",) * 2,
    ("recast_ptr<int8_t>(make_sparse_ptr<8>(static_cast<sparse_elem<8,uint8_t>*>(nullptr)) + 16)",) * 2,
    ("recast_ptr<sparse_elem<2,half_t>>(static_cast<half_t*>(nullptr) + 3)",) * 2,
]


def sparse_ptr(oracle):
    """tests/golden/sparse_ptr_oracle.tsv: cute's spelling <TAB> CuTe's print (--format cute),
    an owning array's stack address written as cute's `stack`."""
    answers = oracle_batches(oracle, [c[0] for c in SPARSE_PTR_CASES])
    with open(os.path.join(ROOT, "tests/golden/sparse_ptr_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --sparse-ptr: cute expression, CuTe 4.7's print "
                  "(cute --format cute; a stack address is cute's `stack`)\n")
        for (_, mine), a in zip(SPARSE_PTR_CASES, answers):
            a = re.sub(r"\(0x7ff[0-9a-f]+\)", "(stack)", " ".join(a).strip())
            out.write("%s\t%s\n" % (mine, a))


# SM100's TMA atoms over a UMMA tiled MMA (copy_traits_sm100_tma.hpp: make_tma_atom_A_sm100,
# make_tma_atom_B_sm100): the atom's layouts and its coordinate tensor, as CuTe prints them.
TMA_SM100_ATOMS = [
    "make_tma_atom_A_sm100(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}), make_stride(Int<256>{},Int<1>{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}))",
    "make_tma_atom_A_sm100(SM90_TMA_LOAD_MULTICAST{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}), make_stride(Int<256>{},Int<1>{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<2>{},Int<2>{},Int<1>{}))",
    "make_tma_atom_B_sm100(SM90_TMA_LOAD_MULTICAST{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<512>{},Int<256>{}), make_stride(Int<256>{},Int<1>{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<4>{},Int<1>{},Int<1>{}))",
    "make_tma_atom_A_sm100(SM100_TMA_2SM_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}), make_stride(Int<256>{},Int<1>{}))), UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{})), make_shape(Int<256>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<2>{},Int<1>{},Int<1>{},Int<1>{}))",
    "make_tma_atom_B_sm100(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(Int<512>{},Int<128>{}), make_stride(Int<1>{},Int<512>{}))), UMMA::tile_to_mma_shape(UMMA::Layout_MN_SW128_32B_Atom<tfloat32_t>{}, make_shape(make_shape(Int<64>{},Int<8>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<64>{},Int<32>{}), make_tiled_mma(SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::MN,UMMA::Major::MN>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}))",
]

# ... the tiled copies over them (make_tma_copy_A_sm100/_B_sm100: the atom with CuTe's
# TiledCopy, its multicast the N (A) or M (B) CTAs of the tiled MMA's VMNK thread layout), and
# the template form's TmaInternalType (of the element's width).
TMA_SM100_G_A = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}), make_stride(Int<256>{},Int<1>{})))"
TMA_SM100_G_B = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<512>{},Int<256>{}), make_stride(Int<256>{},Int<1>{})))"
TMA_SM100_S = "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{}))"
# C's (M,N) tensors: M-major and N-major
TMA_SM100_G_C_MN = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<512>{},Int<256>{}), make_stride(Int<1>{},Int<512>{})))"
TMA_SM100_G_C_N = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<512>{},Int<256>{}), make_stride(Int<256>{},Int<1>{})))"
TMA_SM100_MMA = "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}%s)"
TMA_SM100_COPIES = [
    "make_tma_copy_A_sm100(SM90_TMA_LOAD{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s)"
    % (TMA_SM100_G_A, TMA_SM100_S, TMA_SM100_MMA % ""),
    "make_tma_copy_A_sm100(SM90_TMA_LOAD_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<256>{},Int<64>{}), %s)"
    % (TMA_SM100_G_A, TMA_SM100_S, TMA_SM100_MMA % ", Layout<Shape<_1,_2,_1>>{}"),
    "make_tma_copy_B_sm100(SM90_TMA_LOAD_MULTICAST{}, %s, %s, make_shape(Int<256>{},Int<128>{},Int<64>{}), %s)"
    % (TMA_SM100_G_B, TMA_SM100_S, TMA_SM100_MMA % ", Layout<Shape<_2,_1,_1>>{}"),
    "make_tma_copy_B_sm100(SM90_TMA_LOAD_MULTICAST{}, %s, %s, make_shape(Int<512>{},Int<128>{},Int<64>{}), %s)"
    % (TMA_SM100_G_B, TMA_SM100_S, TMA_SM100_MMA % ", Layout<Shape<_4,_1,_1>>{}"),
    "make_tma_copy_A_sm100(SM100_TMA_2SM_LOAD{}, %s, %s, make_shape(Int<256>{},Int<128>{},Int<64>{}), "
    "make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::K>{}))"
    % (TMA_SM100_G_A, TMA_SM100_S),
    "make_tma_copy_B_sm100(SM90_TMA_STORE{}, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(Int<512>{},Int<128>{}), make_stride(Int<1>{},Int<512>{}))), "
    "UMMA::tile_to_mma_shape(UMMA::Layout_MN_SW128_32B_Atom<tfloat32_t>{}, make_shape(make_shape(Int<64>{},Int<8>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<64>{},Int<32>{}), "
    "make_tiled_mma(SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::MN,UMMA::Major::MN>{}))",
    "make_tma_copy_A_sm100<uint16_t>(SM90_TMA_LOAD{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s)"
    % (TMA_SM100_G_A, TMA_SM100_S, TMA_SM100_MMA % ""),
    # make_tma_copy_C_sm100: thrfrg_C over (TILE_M, TILE_N), one CTA (a non-multicast operation)
    "make_tma_copy_C_sm100(SM90_TMA_STORE{}, %s, make_layout(make_shape(make_shape(Int<128>{},Int<128>{}),Int<1>{},Int<1>{})), "
    "make_shape(Int<128>{},Int<128>{},Int<64>{}), %s)" % (TMA_SM100_G_C_MN, TMA_SM100_MMA % ""),
    "make_tma_copy_C_sm100(SM90_TMA_LOAD{}, %s, UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, "
    "make_shape(make_shape(Int<128>{},Int<64>{}),Int<1>{},Int<2>{})), make_shape(Int<128>{},Int<128>{},Int<64>{}), %s)"
    % (TMA_SM100_G_C_N, TMA_SM100_MMA % ""),
    "make_tma_copy_C_sm100(SM90_TMA_STORE{}, %s, UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, "
    "make_shape(make_shape(Int<128>{},Int<64>{}),Int<1>{},Int<2>{})), make_shape(Int<256>{},Int<128>{},Int<64>{}), %s)"
    % (TMA_SM100_G_C_N, TMA_SM100_MMA % ", Layout<Shape<_2,_1,_1>>{}"),
    # (SM100_TMA_2SM_LOAD: its 2 threads over C's one CTA are CuTe's static_assert "TiledCopy
    # uses too few thrs for selected CopyAtom", tests/integration/atoms.rs)
    "make_tma_copy_C_sm100<uint16_t>(SM90_TMA_STORE{}, %s, make_layout(make_shape(make_shape(Int<128>{},Int<128>{}),Int<1>{},Int<1>{})), "
    "make_shape(Int<128>{},Int<128>{},Int<64>{}), %s)" % (TMA_SM100_G_C_MN, TMA_SM100_MMA % ""),
]
TMA_SM100_TEMPLATE_ATOMS = [
    "make_tma_atom_A_sm100<uint16_t>(SM90_TMA_LOAD_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, make_shape(Int<1>{},Int<2>{},Int<2>{},Int<1>{}))"
    % (TMA_SM100_G_A, TMA_SM100_S, TMA_SM100_MMA % ""),
    "make_tma_atom_B_sm100<tfloat32_t>(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(Int<512>{},Int<128>{}), make_stride(Int<1>{},Int<512>{}))), "
    "UMMA::tile_to_mma_shape(UMMA::Layout_MN_SW128_32B_Atom<tfloat32_t>{}, make_shape(make_shape(Int<64>{},Int<8>{}),Int<1>{},Int<4>{})), make_shape(Int<128>{},Int<64>{},Int<32>{}), "
    "make_tiled_mma(SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,UMMA::Major::MN,UMMA::Major::MN>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}))",
]

# A TmaInternalType of another width than the element (make_tma_copy<T> with all 5 arguments,
# make_tma_atom<T>, the SM100 forms): the TMA moves recast<T>(gtensor); the atom keeps the
# tensor's value type. (A get_tma_tensor whose first stride CuTe scales by a fraction, _1/_2@0,
# cute refuses: tests/integration/atoms.rs.)
TMA_INTERNAL_G = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}), make_stride(Int<256>{},Int<1>{})))"
TMA_INTERNAL_U8 = "make_tensor(make_gmem_ptr(static_cast<uint8_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}), make_stride(Int<256>{},Int<1>{})))"
TMA_INTERNAL_CASES = [
    "make_tma_atom<uint8_t>(SM90_TMA_LOAD{}, %s, Layout<Shape<_64,_64>,Stride<_64,_1>>{}, make_shape(_64{},_64{}))" % TMA_INTERNAL_G,
    "make_tma_atom<uint8_t>(SM90_TMA_LOAD{}, %s, Layout<Shape<_64,_64>,Stride<_64,_1>>{}, make_shape(_64{},_64{})).get_tma_tensor(make_shape(Int<1024>{},Int<256>{}))" % TMA_INTERNAL_G,
    "make_tma_copy<uint32_t>(SM90_TMA_LOAD{}, %s, Layout<Shape<_64,_64>,Stride<_64,_1>>{}, make_shape(_64{},_64{}), Int<1>{})" % TMA_INTERNAL_G,
    "make_tma_copy<uint8_t>(SM90_TMA_LOAD{}, %s, tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{}), Int<1>{})" % TMA_INTERNAL_G,
    "make_tma_copy<uint8_t>(SM90_TMA_LOAD{}, %s, tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{}), Int<1>{}).get_tma_tensor(make_shape(Int<1024>{},Int<256>{}))" % TMA_INTERNAL_G,
    "make_tma_atom<half_t>(SM90_TMA_LOAD{}, %s, Layout<Shape<_64,_64>,Stride<_64,_1>>{}, make_shape(_64{},_64{}))" % TMA_INTERNAL_U8,
    "make_tma_copy<uint8_t>(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}))), "
    "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{}), Int<1>{})",
    "make_tma_copy<uint8_t>(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<1024>{},Int<256>{}))), "
    "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{})), make_shape(_128{},_64{}), Int<1>{}).get_tma_tensor(make_shape(Int<1024>{},Int<256>{}))",
    "make_tma_copy_B_sm100<float>(SM90_TMA_LOAD{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s)" % (TMA_INTERNAL_G, TMA_SM100_S, TMA_SM100_MMA % ""),
    "make_tma_atom_A_sm100<uint8_t>(SM90_TMA_LOAD_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, make_shape(Int<1>{},Int<2>{},Int<2>{},Int<1>{}))"
    % (TMA_INTERNAL_G, TMA_SM100_S, TMA_SM100_MMA % ""),
    "make_tma_atom_A_sm100<uint8_t>(SM90_TMA_LOAD_MULTICAST{}, %s, %s, make_shape(Int<128>{},Int<128>{},Int<64>{}), %s, make_shape(Int<1>{},Int<2>{},Int<2>{},Int<1>{})).get_tma_tensor(make_shape(Int<1024>{},Int<256>{}))"
    % (TMA_INTERNAL_G, TMA_SM100_S, TMA_SM100_MMA % ""),
]

TMA_TRAITS = [("SM90_TMA_LOAD", 4096), ("SM90_TMA_LOAD_MULTICAST", 2048), ("SM90_TMA_STORE", 256),
              ("SM90_TMA_REDUCE_ADD", 1024), ("SM100_TMA_2SM_LOAD", 8192),
              ("SM100_TMA_2SM_LOAD_MULTICAST", 8192)]


def tma_sm100(oracle):
    """tests/golden/tma_sm100_oracle.tsv: cute's spelling <TAB> CuTe's print (--format cute;
    a print of several lines joined by spaces)."""
    cases = []
    for a in TMA_SM100_ATOMS + TMA_SM100_TEMPLATE_ATOMS:
        for fld in ["ThrID", "ValLayoutSrc", "ValLayoutRef"]:
            cases.append(("typename decltype(%s)::%s{}" % (a, fld), "%s.%s" % (a, fld)))
        t = "%s.get_tma_tensor(make_shape(Int<1024>{},Int<256>{}))" % a
        cases.append((t, t))
    for c in TMA_SM100_COPIES:
        cases.append((c, c))
        g = "make_shape(Int<512>{},Int<256>{})" if "_B_sm100(SM90_TMA_LOAD_MULTICAST" in c else "make_shape(Int<1024>{},Int<256>{})"
        if "SM90_TMA_STORE" in c:
            g = "make_shape(Int<512>{},Int<128>{})"
        if "_C_sm100" in c:
            g = "make_shape(Int<512>{},Int<256>{})"
        t = "%s.get_tma_tensor(%s)" % (c, g)
        cases.append((t, t))
    for c in TMA_INTERNAL_CASES:
        cases.append((c, c))
    # the traits as C++ names them, with the AuxParams type third (which the layouts do not read)
    for op, n in TMA_TRAITS:
        for fld in ["ThrID", "SrcLayout", "DstLayout", "RefLayout"]:
            c = "typename Copy_Traits<%s, Int<%d>, int>::%s{}" % (op, n, fld)
            cases.append((c, c))
    answers = oracle_batches(oracle, [c[0] for c in cases])
    with open(os.path.join(ROOT, "tests/golden/tma_sm100_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --tma-sm100: cute expression, CuTe 4.7's print (cute --format cute)\n")
        for (_, mine), a in zip(cases, answers):
            out.write("%s\t%s\n" % (mine, " ".join(a).strip()))


def extended_oracle(oracle, headers):
    """A copy of cute-oracle (a temporary file; the caller removes it) that also includes
    `headers` (paths under the include directory), which its own list leaves out."""
    import tempfile
    text = open(oracle).read()
    anchor = "  echo '#include <cute/util/print_latex.hpp>'"
    if anchor not in text:
        sys.exit("cute-oracle's include list changed: cannot add %s" % ", ".join(headers))
    extra = "".join("  echo '#include <%s>'\n" % h for h in headers)
    with tempfile.NamedTemporaryFile("w", suffix="-cute-oracle", delete=False) as f:
        f.write(text.replace(anchor, extra + anchor, 1))
    os.chmod(f.name, 0o755)
    return f.name


# Blackwell's block-scale config as C++ spells it (cutlass/detail/sm100_blockscaled_layout.hpp,
# which cute-oracle's list leaves out): (cute's statement, the C++ expression, how it is held):
# "cute" compares `cute eval --format cute` with CuTe's print; "refused" wants an error that
# spells CuTe's print (deduce_layoutSFA's LayoutSF{} has run-time extents of 0).
BS = "cutlass::detail::Sm1xxBlockScaledConfig"
BLOCKSCALED_CASES = [
    ("Sm1xxBlkScaledConfig<32>::tile_atom_to_shape_SFA(make_shape(256,128,512))",
     BS + "<32>::tile_atom_to_shape_SFA(make_shape(256,128,512))", "cute"),
    ("Sm1xxBlkScaledConfig<32>::tile_atom_to_shape_SFB(make_shape(256,128,512))",
     BS + "<32>::tile_atom_to_shape_SFB(make_shape(256,128,512))", "cute"),
    (BS + "<16>::tile_atom_to_shape_SFB(make_shape(Int<256>{},Int<128>{},Int<512>{},2))",
     BS + "<16>::tile_atom_to_shape_SFB(make_shape(Int<256>{},Int<128>{},Int<512>{},2))", "cute"),
    ("cutlass::detail::Sm1xxBlkScaledConfig<16>::tile_atom_to_shape_SFA(make_shape(Int<384>{},Int<256>{},Int<1024>{}))",
     BS + "<16>::tile_atom_to_shape_SFA(make_shape(Int<384>{},Int<256>{},Int<1024>{}))", "cute"),
    ("using Cfg = Sm1xxBlkScaledConfig<16>; Cfg::tile_atom_to_shape_SFA(make_shape(1024,Int<256>{},2048,3))",
     BS + "<16>::tile_atom_to_shape_SFA(make_shape(1024,Int<256>{},2048,3))", "cute"),
    ("using Cfg = cutlass::detail::Sm1xxBlockScaledConfig<32>; Cfg::tile_atom_to_shape_SFB(make_shape(100,200,4096))",
     BS + "<32>::tile_atom_to_shape_SFB(make_shape(100,200,4096))", "cute"),
    ("typename Sm1xxBlkScaledConfig<32>::SfAtom{}", "typename %s<32>::SfAtom{}" % BS, "cute"),
    ("using Cfg = Sm1xxBlkScaledConfig<16>; Cfg::SfAtom{}", "typename %s<16>::SfAtom{}" % BS, "cute"),
    ("Sm1xxBlkScaledConfig<32>::deduce_layoutSFA()", BS + "<32>::deduce_layoutSFA()", "refused"),
    ("cutlass::detail::Sm1xxBlockScaledConfig<16>::deduce_layoutSFB()", BS + "<16>::deduce_layoutSFB()", "refused"),
    ("using Cfg = Sm1xxBlkScaledConfig<32>; Cfg::deduce_layoutSFB()", BS + "<32>::deduce_layoutSFB()", "refused"),
    # SM120's block-scaled mma.sync: its scale factors' (thread, value) layouts, as its
    # MMA_Traits define them (the sparse ones' through the dense traits of their K)
    ('typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>>::SFALayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>>::SFALayout{}', "cute"),
    ('typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>>::SFBLayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>>::SFBLayout{}', "cute"),
    ('typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>>::SFALayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>>::SFALayout{}', "cute"),
    ('typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>>::SFBLayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>>::SFBLayout{}', "cute"),
    ('typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,64>>::SFALayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,64>>::SFALayout{}', "cute"),
    ('typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>>::SFBLayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>>::SFBLayout{}', "cute"),
    ('typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>>::SFALayout{}', 'typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>>::SFALayout{}', "cute"),
    ('MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>>::SFVecSize', 'MMA_Traits<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>>::SFVecSize', "cute"),
]


def blockscaled(oracle):
    """tests/golden/blockscaled_config_oracle.tsv: cute's statement <TAB> how <TAB> CuTe's print."""
    o = extended_oracle(oracle, ["cutlass/detail/sm100_blockscaled_layout.hpp"])
    try:
        answers = oracle_batches(o, [c[1] for c in BLOCKSCALED_CASES])
    finally:
        os.unlink(o)
    with open(os.path.join(ROOT, "tests/golden/blockscaled_config_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --blockscaled: cute statement, cute (compared in "
                  "--format cute) or refused (an error spelling the print), CuTe 4.7's print\n")
        for (mine, _, how), a in zip(BLOCKSCALED_CASES, answers):
            out.write("%s\t%s\t%s\n" % (mine, how, " ".join(a).strip()))


# make_tmem_warp_partitioner (copy_traits_sm100.hpp): the TV_Tiler of a TMEM tensor's warps,
# its fields and each warp's partition of the TMEM tensor and of a gmem tensor of its shape,
# compared in CuTe's print (cute --format cute); cute's statement is the same C++ but for the
# fields, which C++ reads as `typename decltype(P)::Tiler_MN{}`.
TMEM_WARP_TENSORS = [
    ("make_tensor(make_tmem_ptr<float>(0), make_layout(make_shape(Int<128>{},Int<64>{}), make_stride(Int<65536>{},Int<1>{})))",
     "make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(Int<128>{},Int<64>{}), make_stride(Int<64>{},Int<1>{})))"),
    ("make_tensor(make_tmem_ptr<half_t>(0x10), make_layout(make_shape(Int<128>{},Int<32>{}), make_stride(Int<131072>{},Int<1>{})))",
     "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<128>{},Int<32>{})))"),
    ("make_tensor(make_tmem_ptr<float>(0), make_layout(make_shape(make_shape(Int<32>{},Int<4>{}),Int<128>{}), make_stride(make_stride(Int<65536>{},Int<2097152>{}),Int<1>{})))",
     "make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(make_shape(Int<32>{},Int<4>{}),Int<128>{})))"),
    ("make_tensor(make_tmem_ptr<int32_t>(0), make_layout(make_shape(Int<128>{},Int<16>{},Int<2>{}), make_stride(Int<65536>{},Int<1>{},Int<16>{})))",
     "make_tensor(make_gmem_ptr(static_cast<int32_t*>(nullptr)), make_layout(make_shape(Int<128>{},Int<16>{},Int<2>{})))"),
]


def tmem_warp_cases():
    cases = []  # (cute statement, C++ expression)
    for t, g in TMEM_WARP_TENSORS:
        p = "make_tmem_warp_partitioner(%s)" % t
        for fld in ["Tiler_MN", "TiledLayout_TV"]:
            cases.append(("%s.%s" % (p, fld), "typename decltype(%s)::%s{}" % (p, fld)))
        for w in range(4):
            for x in [t, g]:
                e = "%s.get_slice(%d).partition(%s)" % (p, w, x)
                cases.append((e, e))
    return cases


def tmem_warp(oracle):
    """tests/golden/tmem_warp_oracle.tsv: cute statement <TAB> CuTe's print."""
    cases = tmem_warp_cases()
    answers = oracle_batches(oracle, [c[1] for c in cases])
    with open(os.path.join(ROOT, "tests/golden/tmem_warp_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py --tmem-warp: cute statement, CuTe 4.7's print "
                  "(cute --format cute)\n")
        for (mine, _), a in zip(cases, answers):
            out.write("%s\t%s\n" % (mine, " ".join(a).strip()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", default=os.path.join(ROOT, "..", "shared", "cutlass-4.7", "include"))
    ap.add_argument("--oracle", default=os.path.join(ROOT, "..", "shared", "tools", "cute-oracle"))
    ap.add_argument("--extra", action="store_true", help="only the extra expectations (UMMA, Copy_Atom, ...)")
    ap.add_argument("--tma-tensor", action="store_true",
                    help="only tests/golden/tma_tensor_oracle.tsv: get_tma_tensor of TMA copies")
    ap.add_argument("--im2col", action="store_true",
                    help="only tests/golden/im2col_oracle.tsv: im2col TMA traits and copies, SM100 atoms and copies")
    ap.add_argument("--sparse-e", action="store_true",
                    help="only tests/golden/sparse_e_oracle.tsv: thrfrg_E / get_layoutE_TV of sparse MMAs")
    ap.add_argument("--blockscaled", action="store_true",
                    help="only tests/golden/blockscaled_config_oracle.tsv: Sm1xxBlockScaledConfig's members")
    ap.add_argument("--sparse-ptr", action="store_true",
                    help="only tests/golden/sparse_ptr_oracle.tsv: sparse_ptr and sparse fragments")
    ap.add_argument("--tma-sm100", action="store_true",
                    help="only tests/golden/tma_sm100_oracle.tsv: make_tma_atom_A/B_sm100, make_tma_copy_A/B/C_sm100, TmaInternalType of another width, Copy_Traits<TMA, N, Aux>")
    ap.add_argument("--tmem-warp", action="store_true",
                    help="only tests/golden/tmem_warp_oracle.tsv: make_tmem_warp_partitioner")
    ap.add_argument("--declared", action="store_true",
                    help="only tests/golden/atoms_declared.tsv: every operation CuTe gives traits")
    args = ap.parse_args()
    include = os.path.abspath(args.include)
    if not os.path.isdir(include):
        include = "/work/shared/cutlass-4.7/include"
    oracle = args.oracle if os.path.exists(args.oracle) else "/work/shared/tools/cute-oracle"
    global ORACLE_ENV
    ORACLE_ENV = extended_shapes_env(include)
    if args.extra:
        return extras(oracle)
    if args.declared:
        return declared(include)
    if args.tma_tensor:
        return tma_tensor(oracle)
    if args.im2col:
        return im2col(oracle)
    if args.sparse_e:
        return sparse_e(oracle)
    if args.blockscaled:
        return blockscaled(oracle)
    if args.tmem_warp:
        return tmem_warp(oracle)
    if args.sparse_ptr:
        return sparse_ptr(oracle)
    if args.tma_sm100:
        return tma_sm100(oracle)

    mmas = mma_entries(include)
    copies = copy_entries(include)
    print("%d MMA atoms, %d copy atoms" % (len(mmas), len(copies)), file=sys.stderr)

    exprs = ["MMA_Atom<%s>{}" % m[3] for m in mmas]
    # the sparse MMAs' metadata layout, which MMA_Atom's print leaves out
    sparse = [m for m in mmas if len(m[4]) == 5]
    exprs += ["typename MMA_Traits<%s>::ELayout{}" % m[3] for m in sparse]
    # tiled MMAs over a spread of the sparse ones
    tiled = []
    for i, m in enumerate(sparse):
        if i % 16 == 3:
            tiled.append("make_tiled_mma(%s{}, Layout<Shape<_2,_1,_1>>{}).get_layoutA_TV()" % m[3])
            tiled.append("make_tiled_mma(%s{}, Layout<Shape<_1,_2,_1>>{}).get_layoutC_TV()" % m[3])
    exprs += tiled
    for name, _, has_val_id in copies:
        for f in ["ThrID", "SrcLayout", "DstLayout", "RefLayout"] + (["ValID"] if has_val_id else []):
            exprs.append("typename Copy_Traits<%s>::%s{}" % (name, f))
    answers = oracle_batches(oracle, exprs)

    catalog = os.path.join(ROOT, "crates/core/src/atoms/catalog")
    os.makedirs(catalog, exist_ok=True)
    expectations = []
    e_layouts = {m[3]: plain(" ".join(a)) for m, a in zip(sparse, answers[len(mmas) : len(mmas) + len(sparse)])}
    tiled_answers = answers[len(mmas) + len(sparse) : len(mmas) + len(sparse) + len(tiled)]
    answers = answers[: len(mmas)] + answers[len(mmas) + len(sparse) + len(tiled) :]
    with open(os.path.join(catalog, "mma.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py from CuTe 4.7's headers and cute-oracle: do not edit\n")
        out.write("# name\tarch\tparams\tThrID\tShape_MNK\tALayout\tBLayout\tCLayout\tValTypeD,A,B,C[,E]\t[ELayout, of a sparse MMA]\n")
        for (name, arch, params, inst, types), ans in zip(mmas, answers[: len(mmas)]):
            thr = field(ans, "ThrID")
            shape = field(ans, "Shape_MNK")
            a, b, c = (field(ans, "Layout%s_TV" % x) for x in "ABC")
            row = [name, arch, params, thr, shape, a, b, c, ",".join(types)]
            if inst in e_layouts:
                row.append(e_layouts[inst])
                expectations.append(("typename MMA_Traits<%s>::ELayout{}" % inst, e_layouts[inst]))
            out.write("\t".join(row) + "\n")
            # the differential test: one C++ spelling per field, as users write them
            cpp = inst.replace("GMMA::Major::", "GMMA::Major::")
            expectations.append(("typename MMA_Traits<%s>::ThrID{}" % cpp, thr))
            expectations.append(("MMA_Traits<%s>::Shape_MNK{}" % cpp, shape))
            expectations.append(("typename MMA_Traits<%s>::ALayout{}" % cpp, a))
            expectations.append(("MMA_Atom<%s>::LayoutB_TV{}" % cpp, b))
            expectations.append(("typename MMA_Traits<%s>::CLayout{}" % cpp, c))
    with open(os.path.join(catalog, "copy.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py from CuTe 4.7's headers and cute-oracle: do not edit\n")
        out.write("# name\tarch\tThrID\tSrcLayout\tDstLayout\tRefLayout (bits)\t[ValID (bits), where defined]\n")
        rest = answers[len(mmas) :]
        at = 0
        for name, arch, has_val_id in copies:
            n = 5 if has_val_id else 4
            fields = [plain(" ".join(x)) for x in rest[at : at + n]]
            at += n
            out.write("\t".join([name, arch] + fields) + "\n")
            names = ["ThrID", "SrcLayout", "DstLayout", "RefLayout", "ValID"]
            for f, v in zip(names, fields):
                expectations.append(("typename Copy_Traits<%s>::%s{}" % (name, f), v))
    expectations += [(e, plain(" ".join(a))) for e, a in zip(tiled, tiled_answers)]
    with open(os.path.join(ROOT, "tests/golden/atoms_catalog_oracle.tsv"), "w") as out:
        out.write("# generated by scripts/gen_atoms.py: C++ expression, CuTe 4.7's answer (static integers' _ dropped)\n")
        for e, v in expectations:
            out.write("%s\t%s\n" % (e, v))


if __name__ == "__main__":
    main()
