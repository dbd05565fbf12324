#!/usr/bin/env python3
"""Generate tests/golden/tmem_oracle.tsv: Blackwell tensor memory as CuTe 4.7 computes it.

    scripts/gen_tmem_oracle.py [--oracle PATH]

Asks `cute-oracle` (CuTe itself) for TMEM pointers (`make_tmem_ptr<T>(addr) + n`), the UMMA
accumulators in TMEM (`partition_fragment_C` of tiled UMMAs: `UMMA::tmem_frg::make`) and
`make_tmem_copy` over them (Tiler_MN, TiledLayout_TV, the S and D TV layouts, a thread's
partition_S of the TMEM tensor and partition_D of an identity tensor). Each line is
`C++ expression <TAB> CuTe's answer` with static integers' `_` dropped (cute's notation), the
form `tests/integration/tmem.rs` checks.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_atoms import ROOT, oracle_batches, plain  # noqa: E402


def umma(family, types, m, n, majors="UMMA::Major::K,UMMA::Major::K"):
    return "%s<%s,%d,%d,%s>" % (family, types, m, n, majors)


def frg(atom, m, n):
    return "partition_fragment_C(make_tiled_mma(%s{}), make_shape(Int<%d>{},Int<%d>{}))" % (atom, m, n)


def cases():
    out = []
    # pointers: the address word and its rotation by log_2(32/bits)
    for t, addr, n in [("uint32_t", "0", None), ("float", "0x10020", None), ("half_t", "0", "1"),
                       ("half_t", "0", "3"), ("uint8_t", "0", "5"), ("double", "0", "3"),
                       ("half_t", "0x10000", "-2"), ("float", "0", "65536*3+7")]:
        e = "make_tmem_ptr<%s>(%s)" % (t, addr)
        out.append(e if n is None else "%s + %s" % (e, n))
    # the accumulators
    f16 = "half_t,half_t,float"
    accs = [
        (umma("SM100_MMA_F16BF16_SS", f16, 128, 256), 128, 256),
        (umma("SM100_MMA_F16BF16_SS", f16, 64, 128), 128, 256),
        (umma("SM100_MMA_F16BF16_SS", "half_t,half_t,half_t", 128, 64), 128, 128),
        (umma("SM100_MMA_TF32_SS", "tfloat32_t,tfloat32_t,float", 64, 64), 64, 128),
        (umma("SM100_MMA_F16BF16_TS", f16, 64, 64), 128, 64),
        (umma("SM100_MMA_F16BF16_TS", "half_t,half_t,half_t", 128, 32), 128, 64),
        (umma("SM100_MMA_S8_SS", "int8_t,int8_t,int32_t", 128, 64), 256, 64),
        (umma("SM100_MMA_F16BF16_2x1SM_SS", f16, 256, 128), 256, 256),
        (umma("SM100_MMA_F16BF16_2x1SM_SS", f16, 128, 64), 128, 128),
        (umma("SM100_MMA_TF32_2x1SM_TS", "tfloat32_t,tfloat32_t,float", 256, 32), 256, 64),
        (umma("SM100_MMA_F8F6F4_SS", "float_e4m3_t,float_e4m3_t,float", 128, 128), 128, 128),
    ]
    for atom, m, n in accs:
        out.append(frg(atom, m, n))
    # a TS form's A in TMEM (FrgTypeA: tmem_frg NonInterleaved, 2-SM Duplicated)
    for atom, m, k, t in [
        (umma("SM100_MMA_F16BF16_TS", f16, 128, 64), 128, 64, "half_t"),
        (umma("SM100_MMA_F16BF16_TS", f16, 64, 64), 128, 64, "half_t"),
        (umma("SM100_MMA_F16BF16_2x1SM_TS", f16, 256, 64), 256, 64, "half_t"),
        (umma("SM100_MMA_F8F6F4_TS", "float_e4m3_t,float_e4m3_t,float", 128, 64), 128, 64, "float_e4m3_t"),
    ]:
        out.append("make_tiled_mma(%s{}).get_slice(0).partition_fragment_A(make_tensor(make_smem_ptr<%s>(nullptr), "
                   "make_layout(make_shape(Int<%d>{},Int<%d>{}))))" % (atom, t, m, k))
    # TMEM's addressing constants
    for c in ["TMEM::DP<float>{}", "TMEM::DP<half_t>{}", "TMEM::DP<uint8_t>{}", "TMEM::DP_b{}"]:
        out.append(c)
    # a 64-lane tensor under a 4-warp copy: lanes past 64 reach make_cotiled_copy's appended 1:0
    t64 = "make_tensor(make_tmem_ptr<float>(0), Layout<Shape<_64,_32>,Stride<Int<65536>,_1>>{})"
    out.append("make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x{}, %s).get_layoutS_TV()" % t64)
    out.append("make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x{}, %s).get_slice(Int<100>{}).partition_S(%s)" % (t64, t64))
    # make_tmem_copy over a 128xN fp32 accumulator (one MMA tile), a 64xN one and a half_t one
    c128 = frg(umma("SM100_MMA_F16BF16_SS", f16, 128, 256), 128, 256) + "(make_coord(_,_),0,0)"
    c64 = frg(umma("SM100_MMA_F16BF16_SS", f16, 64, 128), 64, 128) + "(make_coord(_,_),0,0)"
    h128 = frg(umma("SM100_MMA_F16BF16_SS", "half_t,half_t,half_t", 128, 64), 128, 64) + "(make_coord(_,_),0,0)"
    copies = [
        ("SM100_TMEM_LOAD_32dp32b8x", c128, 128, 256),
        ("SM100_TMEM_LOAD_32dp32b1x", c128, 128, 256),
        ("SM100_TMEM_LOAD_32dp32b32x", c128, 128, 256),
        ("SM100_TMEM_STORE_32dp32b4x", c128, 128, 256),
        ("SM100_TMEM_LOAD_16dp256b1x", c128, 128, 256),
        ("SM100_TMEM_LOAD_16dp128b2x", c128, 128, 256),
        ("SM100_TMEM_LOAD_16dp64b4x", c128, 128, 256),
        ("SM100_TMEM_LOAD_16dp32b8x", c128, 128, 256),
        ("SM100_TMEM_LOAD_16dp256b1x", c64, 64, 128),
        ("SM100_TMEM_LOAD_16dp32b2x", c64, 64, 128),
        ("SM100_TMEM_LOAD_32dp32b8x_16b", h128, 128, 64),
        ("SM100_TMEM_LOAD_16dp256b1x_16b", h128, 128, 64),
        ("SM100_TMEM_STORE_16dp128b1x", c128, 128, 256),
    ]
    for op, t, m, n in copies:
        tc = "make_tmem_copy(%s{}, %s)" % (op, t)
        out.append(tc + ".get_layoutS_TV()")
        out.append(tc + ".get_layoutD_TV()")
        for thr in [0, 37, 127]:
            out.append("%s.get_slice(Int<%d>{}).partition_S(%s)" % (tc, thr, t))
            out.append("%s.get_slice(Int<%d>{}).partition_D(make_identity_tensor(make_shape(Int<%d>{},Int<%d>{})))"
                       % (tc, thr, m, n))
    # the same with a Copy_Atom and the TiledCopy's own layouts (printed as fields)
    for op, t in [("SM100_TMEM_LOAD_32dp32b8x", c128), ("SM100_TMEM_LOAD_16dp256b1x", c64)]:
        out.append(("make_tmem_copy(Copy_Atom<%s, float>{}, %s).Tiler_MN" % (op, t),
                    "typename decltype(make_tmem_copy(Copy_Atom<%s, float>{}, %s))::Tiler_MN{}" % (op, t)))
        out.append(("make_tmem_copy(Copy_Atom<%s, float>{}, %s).TiledLayout_TV" % (op, t),
                    "typename decltype(make_tmem_copy(Copy_Atom<%s, float>{}, %s))::TiledLayout_TV{}" % (op, t)))
    return [c if isinstance(c, tuple) else (c, c) for c in out]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracle", default=os.path.join(ROOT, "..", "shared", "tools", "cute-oracle"))
    args = ap.parse_args()
    oracle = args.oracle if os.path.exists(args.oracle) else "/work/shared/tools/cute-oracle"
    cs = cases()
    answers = oracle_batches(oracle, [c[1] for c in cs])
    with open(os.path.join(ROOT, "tests/golden/tmem_oracle.tsv"), "w") as out:
        for (e, _), a in zip(cs, answers):
            out.write("%s\t%s\n" % (e, plain(" ".join(a))))


if __name__ == "__main__":
    main()
