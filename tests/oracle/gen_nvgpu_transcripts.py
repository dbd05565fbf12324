#!/usr/bin/env python3
"""Generate tests/cli/dsl_nvgpu_*.toml from the CuTe DSL 4.8.1's answers (dsl-oracle's venv):
each case's `print(EXPR)` in a @cute.jit function at trace time. A case the DSL refuses goes
to the errors transcript with cute's diagnostic, after checking that cute's message is the
DSL's. Run: python3 tests/oracle/gen_nvgpu_transcripts.py target/debug/cute"""
import os, subprocess, sys

PY = os.path.expanduser("~/.cache/cute-dsl-oracle/bin/python")
N = "cute.nvgpu"
K = f"{N}.OperandMajorMode.K"
MN = f"{N}.OperandMajorMode.MN"
WG = f"{N}.warpgroup"
TC = f"{N}.tcgen05"
F16 = "cutlass.Float16, cutlass.Float32"
OPS = [
    f"{N}.MmaUniversalOp(cutlass.Float32)",
    f"{N}.CopyUniversalOp()",
    f"{N}.warp.MmaF16BF16Op({F16}, (16, 8, 16))",
    f"{N}.warp.MmaF16BF16Op(cutlass.BFloat16, acc_dtype=cutlass.Float32, shape_mnk=(16, 8, 8))",
    f"{N}.warp.MmaTF32Op((16,8,8))",
    f"{N}.warp.MmaFP8Op(cutlass.Float8E4M3FN, cutlass.Float32, (16,8,32))",
    f"{N}.warp.LdMatrix8x8x16bOp(True, 2)",
    f"{N}.warp.LdMatrix8x8x16bOp()",
    f"{N}.warp.StMatrix8x8x16bOp(False, num_matrices=4)",
    f"{N}.warp.StMatrix16x8x8bOp(True, 2)",
    f"{N}.warp.LdMatrix16x16x8bOp(True, 2)",
    f"{N}.warp.LdMatrix16x8x8bOp(True, 4)",
    f"{N}.warp.LdMatrix8x16x8bOp()",
    f"{N}.warp.LdMatrix8x16x8bOp(False, 2, 4)",
    f"{N}.warp.LdMatrix16x16x8bOp(True, 2, 6)",
    f"{N}.cpasync.CopyG2SOp()",
    f"{N}.cpasync.CopyG2SOp({N}.cpasync.LoadCacheMode.GLOBAL)",
    f"{N}.cpasync.CopyBulkTensorTileG2SOp()",
    f"{N}.cpasync.CopyBulkTensorTileS2GOp()",
    K,
    f"{N}.cpasync.LoadCacheMode.GLOBAL",
    f"{TC}.CtaGroup.TWO",
    f"{TC}.OperandSource.TMEM",
    f"{WG}.OperandSource.RMEM",
    f"{TC}.MmaF16BF16Op({F16}, (128,256,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    f"{TC}.MmaTF32Op((128,128,8), {TC}.CtaGroup.TWO, {TC}.OperandSource.TMEM, {K}, {K})",
    f"{TC}.MmaI8Op(cutlass.Int8, (128,64,32), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    f"{TC}.MmaFP8Op(cutlass.Float8E4M3FN, cutlass.Float32, (128,128), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {MN})",
]
WG_OPS = [
    f"{WG}.MmaF16BF16Op({F16}, (64,128,16), {WG}.OperandSource.SMEM, {K}, {MN})",
    f"{WG}.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (64,64), {WG}.OperandSource.RMEM, {K}, {K})",
    f"{WG}.MmaF8Op(cutlass.Float8E4M3FN, cutlass.Float8E5M2, cutlass.Float32, (64,64,32), {WG}.OperandSource.RMEM, {K}, {K})",
    f"cute.make_mma_atom({WG}.MmaF16BF16Op({F16}, (64,32,16), {WG}.OperandSource.SMEM, {K}, {K}))",
    f"cute.make_tiled_mma({WG}.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (64,64,16), {WG}.OperandSource.SMEM, {K}, {K}), (2,1,1))",
    f"{WG}.MmaF16BF16Op({F16}, (64,128,32), {WG}.OperandSource.SMEM, {K}, {K})",
    f"{WG}.MmaF16BF16Op({F16}, (64,100,16), {WG}.OperandSource.SMEM, {K}, {K})",
]
W = f"{N}.warp.MmaF16BF16Op({F16}, (16, 8, 16))"
U = f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)"
ATOMS = [
    f"cute.make_mma_atom({W})",
    f"cute.make_mma_atom({N}.MmaUniversalOp(cutlass.Float32))",
    f"cute.make_mma_atom({N}.warp.MmaTF32Op((16,8,8)))",
    f"cute.make_mma_atom({N}.warp.MmaFP8Op(cutlass.Float8E4M3FN, cutlass.Float32, (16,8,32)))",
    f"cute.make_tiled_mma({W}, atom_layout_mnk=(2,2,1))",
    f"cute.make_tiled_mma(cute.make_mma_atom({W}), atom_layout_mnk=(2,2,1), permutation_mnk=(32,32,16))",
    f"cute.make_tiled_mma({W}, (2,2,1), (32,cute.make_layout((8,2),stride=(2,1)),16))",
    f"cute.make_tiled_mma({W}, atom_layout_mnk=(2,2,1)).get_slice(3)",
    f"cute.size(cute.make_tiled_mma({W}, atom_layout_mnk=(2,2,1)))",
    f"cute.make_tiled_mma({W}, (2,2,1)).partition_shape_C((64,64))",
    f"cute.make_tiled_mma({W}, (2,2,1)).get_slice(5).partition_C(cute.make_identity_tensor((32,32))).layout",
    U,
    f"cute.make_copy_atom({N}.warp.StMatrix8x8x16bOp(False, 4), cutlass.BFloat16)",
    f"cute.make_copy_atom({N}.warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float32)",
    f"cute.make_copy_atom({N}.warp.StMatrix16x8x8bOp(True, 2), cutlass.Uint8)",
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Int8, num_bits_per_copy=32)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float32, num_bits_per_copy=64)",
    f"cute.make_tiled_copy_tv(cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=128), cute.make_layout((16,8),stride=(8,1)), cute.make_layout((1,8)))",
    f"cute.make_tiled_copy_tv({U}, cute.make_layout((32,4),stride=(4,1)), cute.make_layout((1,8))).get_slice(3)",
    f"cute.make_tiled_copy_tv({U}, cute.make_layout((32,4),stride=(4,1)), cute.make_layout((1,8))).get_slice(3).partition_S(cute.make_identity_tensor((32,32))).layout",
]
TMA = "cute.nvgpu.cpasync.make_tiled_tma_atom(cute.nvgpu.cpasync.CopyBulkTensorTileG2SOp(), cute.make_tensor(cute.make_ptr(cutlass.Float16, 0, cute.AddressSpace.gmem), cute.make_layout((1024, 256), stride=(256, 1))), cute.make_layout((64, 32), stride=(32, 1)), (64, 32))"
ATOMS += [TMA + "[1]", TMA + "[0].layout_src_tv"]
# What the DSL builds where CuTe C++ has no atom or prints otherwise (CUTE_DSL_ARCH=sm_100a):
# CopyUniversalOp's auto width, cp.async of other widths than its C++ atoms', and the one-SM
# tcgen05 atoms' TV layouts (the thread mode's stride)
T1 = f"{TC}.MmaF16BF16Op({F16}, (128,64,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})"
DSL_ONLY = [
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float32)",
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=0)",
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=8)",
    f"cute.make_tiled_copy_tv(cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float32), cute.make_layout((4,8)), cute.make_layout((2,1)))",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=16)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Uint8, num_bits_per_copy=8)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=8)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp({N}.cpasync.LoadCacheMode.GLOBAL), cutlass.Float16, num_bits_per_copy=64)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp({N}.cpasync.LoadCacheMode.GLOBAL), cutlass.Float32, num_bits_per_copy=32)",
    f"cute.make_mma_atom({T1})",
    f"cute.make_mma_atom({T1}).tv_layout_A",
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float32).layout_src_tv",
    f"cute.make_tiled_mma({T1})",
    f"cute.make_mma_atom({TC}.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (64,32,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {MN}, {MN}))",
    f"cute.make_mma_atom({TC}.MmaI8Op(cutlass.Int8, (128,64,32), {TC}.CtaGroup.ONE, {TC}.OperandSource.TMEM, {K}, {K}))",
    f"cute.make_tiled_mma({TC}.MmaTF32Op((128,128,8), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K}), (1,2,1)).get_slice(1)",
    f"cute.make_mma_atom({TC}.MmaTF32Op((256,128,8), {TC}.CtaGroup.TWO, {TC}.OperandSource.SMEM, {K}, {K}))",
    f"cute.make_copy_atom({N}.warp.LdMatrix8x16x8bOp(False, 1), cutlass.Uint8)",
    f"cute.make_copy_atom({N}.warp.LdMatrix8x16x8bOp(False, 2, 4), cutlass.Uint8)",
    f"cute.make_copy_atom({N}.warp.LdMatrix8x16x8bOp(False, 4, 6), cutlass.Int8)",
    f"cute.make_copy_atom({N}.warp.LdMatrix8x16x8bOp(False, 4), cutlass.Float16)",
    f"{TC}.MmaF8F6F4Op(cutlass.Float8E4M3FN, cutlass.Float6E2M3FN, cutlass.Float32, (128, 128, 32), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    # 256 bits per copy: C++ UniversalCopy<uint256_t>'s layouts
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=256)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp({N}.cpasync.LoadCacheMode.GLOBAL), cutlass.Float32, num_bits_per_copy=256)",
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.BFloat16, num_bits_per_copy=256)",
    f"cute.make_tiled_copy_tv(cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=256), cute.make_layout((16,8),stride=(8,1)), cute.make_layout((1,16)))",
]
# The block-scaled tcgen05 MMAs (CUTE_DSL_ARCH=sm_100a: the DSL checks the arch first)
S, T = f"{TC}.OperandSource.SMEM", f"{TC}.OperandSource.TMEM"
ONE, TWO = f"{TC}.CtaGroup.ONE", f"{TC}.CtaGroup.TWO"
BLOCK_SCALED = [
    f"{TC}.MmaMXF8Op(cutlass.Float8E4M3FN, (128,128,32), {ONE}, {S}, {K}, {K})",
    f"{TC}.MmaMXF8F6F4Op(cutlass.Float8E4M3FN, cutlass.Float6E2M3FN, (128,128), {ONE}, {S}, {K}, {MN})",
    f"{TC}.MmaMXF4Op((128,128,64), {ONE}, {S})",
    f"{TC}.MmaMXF4NVF4Op(cutlass.Float8E4M3FN, (256,128,64), {TWO}, {S})",
    f"cute.make_mma_atom({TC}.MmaMXF8Op(cutlass.Float8E4M3FN, (128,128,32), {ONE}, {S}, {K}, {K}))",
    f"cute.make_mma_atom({TC}.MmaMXF8F6F4Op(cutlass.Float4E2M1FN, cutlass.Float8E5M2, (128,64,32), {ONE}, {S}, {K}, {MN}))",
    f"cute.make_mma_atom({TC}.MmaMXF8F6F4Op(cutlass.Float8E5M2, cutlass.Float8E5M2, (256,64,32), {TWO}, {S}, {K}, {K}))",
    f"cute.make_mma_atom({TC}.MmaMXF4Op((128,128,64), {ONE}, {S}))",
    f"cute.make_mma_atom({TC}.MmaMXF4Op((128,64,64), {TWO}, {S}))",
    f"cute.make_mma_atom({TC}.MmaMXF4NVF4Op(cutlass.Float8E8M0FNU, (256,128,64), {TWO}, {S}))",
    f"cute.make_tiled_mma({TC}.MmaMXF4Op((128,64,64), {ONE}, {S}))",
    f"cute.make_tiled_mma({TC}.MmaMXF4NVF4Op(cutlass.Float8E4M3FN, (128,256), {ONE}, {S}), (1,2,1))",
]
SP = f"{TC}.SparseMetadataFormat.TID"
BLOCK_SCALED += [
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float32, (128,128,32), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaFP8SparseOp(cutlass.Float8E5M2, cutlass.Float16, (64,8), {ONE}, {S}, {K}, {MN}, {SP})",
    f"{SP}",
    f"cute.make_mma_atom({TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float32, (128,128,32), {ONE}, {S}, {K}, {K}, {SP}))",
    f"cute.make_mma_atom({TC}.MmaF16BF16SparseOp(cutlass.BFloat16, cutlass.Float32, (64,64,32), {ONE}, {S}, {K}, {MN}, {SP}))",
    f"cute.make_mma_atom({TC}.MmaFP8SparseOp(cutlass.Float8E4M3FN, cutlass.Float32, (256,64), {TWO}, {S}, {K}, {K}, {SP}))",
    f"cute.make_tiled_mma({TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float16, (128,64,32), {ONE}, {S}, {K}, {K}, {SP}), (1,2,1))",
]
BLOCK_SCALED_ERRORS = [
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float32, (128,8,32), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float32, (256,48,32), {TWO}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float32, (256,64,32), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Float32, (64,64,32), {TWO}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float8E4M3FN, cutlass.Float32, (128,64,32), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaF16BF16SparseOp(cutlass.Float16, cutlass.Int32, (128,64,32), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaFP8SparseOp(cutlass.Float8E4M3FN, cutlass.Float32, (128,64,32), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaFP8SparseOp(cutlass.Float16, cutlass.Float32, (128,64,64), {ONE}, {S}, {K}, {K}, {SP})",
    f"{TC}.MmaFP8SparseOp(cutlass.Float8E4M3FN, cutlass.Float32, (128,64,64), {ONE}, {S}, {K}, {K}, 1)",

    f"{TC}.MmaMXF8Op(cutlass.Float16, (128,128,32), {ONE}, {S}, {K}, {K})",
    f"{TC}.MmaMXF8Op(cutlass.Float16, (64,128,32), {ONE}, {S}, {K}, {K})",
    f"{TC}.MmaMXF4Op((64,128,64), {ONE}, {S})",
    f"{TC}.MmaMXF4Op((64,128,64), {TWO}, {S})",
    f"{TC}.MmaMXF4Op((128,12,64), {ONE}, {S})",
    f"{TC}.MmaMXF4Op((128,24,64), {TWO}, {S})",
    f"{TC}.MmaMXF4Op((128,128,32), {ONE}, {S})",
    f"{TC}.MmaMXF8F6F4Op(cutlass.Float8E5M2, cutlass.Float8E5M2, (128,64,64), {ONE}, {S}, {K}, {K})",
    f"{TC}.MmaMXF4NVF4Op(cutlass.Float16, (128,128,64), {ONE}, {S})",
    f"{TC}.MmaMXF8F6F4Op(cutlass.Float16, cutlass.Float8E5M2, (128,64,32), {ONE}, {S}, {K}, {K})",
    f"{TC}.MmaMXF8F6F4Op(cutlass.Float8E5M2, cutlass.Int8, (128,64,32), {ONE}, {S}, {K}, {K})",
    f"{TC}.MmaMXF4Op((128,128,64), 1, {S})",
    f"{TC}.MmaMXF4Op((128,128,64), {ONE}, {K})",
    f"{TC}.MmaMXF8Op(cutlass.Float8E4M3FN, (128,128,32), {ONE}, {S}, 1, {K})",
    f"{TC}.MmaMXF8Op(cutlass.Float8E4M3FN, (128,128,32), {ONE}, {S}, {K}, 1)",
    f"{TC}.MmaMXF4Op(((128,2),128,64), {ONE}, {S})",
]
ERRORS = [
    f"{N}.warp.LdMatrix8x16x8bOp(True)",
    f"{N}.warp.LdMatrix8x16x8bOp(False, 3)",
    f"{N}.warp.LdMatrix8x16x8bOp(False, 1, 8)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp(), cutlass.Float16)",
    f"cute.make_copy_atom({N}.cpasync.CopyG2SOp({N}.cpasync.LoadCacheMode.GLOBAL), cutlass.Float32, num_bits_per_copy=0)",
    f"{N}.warp.MmaF16BF16Op()",
    f"{N}.warp.MmaF16BF16Op({F16}, (16, 8, 16), 4)",
    f"{N}.warp.MmaF16BF16Op({F16}, shape=(16, 8, 16))",
    f"{N}.warp.MmaF16BF16Op({F16}, ((16,2), 8, 16))",
    f"cute.make_copy_atom({N}.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=-8)",
    f"cute.make_mma_atom({TC}.MmaF16BF16Op({F16}, (128,64,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.TMEM, {MN}, {K}))",
    f"{N}.warp.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float16, (16, 8, 16))",
    f"{N}.warp.MmaF16BF16Op({F16}, (16, 8, 32))",
    f"{N}.warp.MmaF16BF16Op(cutlass.Float32, cutlass.Float32, (16, 8, 16))",
    f"{N}.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Int32, (16, 8, 16))",
    f"{N}.warp.MmaTF32Op((16,8,16))",
    f"{N}.warp.MmaFP8Op(cutlass.Float16, cutlass.Float32, (16,8,32))",
    f"{N}.warp.MmaFP8Op(cutlass.Float8E4M3FN, cutlass.Float32, (16,8,8))",
    f"{N}.warp.LdMatrix8x8x16bOp(False, 3)",
    f"{N}.warp.LdMatrix8x8x16bOp(1, 2)",
    f"{N}.warp.StMatrix16x8x8bOp(False, 2)",
    f"{N}.warp.LdMatrix8x8x16bOp(False, 4, 4)",
    f"{N}.MmaUniversalOp(cutlass.Int32)",
    f"{TC}.MmaF16BF16Op({F16}, (96,256,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    f"{TC}.MmaF16BF16Op({F16}, (128,12,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    f"{TC}.MmaF16BF16Op({F16}, (128,64,32), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    f"{TC}.MmaF16BF16Op(cutlass.Int8, cutlass.Float32, (128,64,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
    f"{TC}.MmaF16BF16Op({F16}, (128,64,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {TC}.CtaGroup.ONE)",
    f"{TC}.MmaF16BF16Op({F16}, ((64,2),64,16), {TC}.CtaGroup.ONE, {TC}.OperandSource.SMEM, {K}, {K})",
]


def dsl(exprs, arch=None):
    src = ["import sys, io, contextlib", "import cutlass, cutlass.cute as cute"]
    for i, e in enumerate(exprs):
        src.append("@cute.jit\ndef _f%d():\n    print(%s)\n" % (i, e))
    src.append("ES = %d" % len(exprs))
    src.append("""for i in range(ES):
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            globals()["_f%d" % i]()
        print(repr(("ok", buf.getvalue())))
    except Exception as ex:
        import re
        msg = [l for l in re.sub(r"\x1b\[[0-9;]*m", "", str(ex)).strip().splitlines() if l.strip()]
        msg = [m[len("error: "):] if m.startswith("error: ") else m for m in msg]
        print(repr(("error", " | ".join(m.strip() for m in msg))))""")
    path = "/tmp/nvgpu_gen_q.py"
    open(path, "w").write("\n".join(src))
    env = dict(os.environ)
    if arch:
        env["CUTE_DSL_ARCH"] = arch
    out = subprocess.run([PY, path], capture_output=True, text=True, env=env).stdout
    import ast, re
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)
    return [ast.literal_eval(l) for l in out.splitlines() if l.startswith("(")]


def cute(binary, exprs):
    stdin = "import cutlass.cute as cute\n" + "".join("print(%s)\n" % e for e in exprs)
    r = subprocess.run([binary, "eval"], input=stdin, capture_output=True, text=True)
    return stdin, r.stdout, r.stderr, r.returncode


def write(name, header, exprs, answers, binary, errors=False):
    stdin, out, err, rc = cute(binary, exprs)
    if not errors:
        want = "".join(a[1] for a in answers)
        if out != want:
            sys.exit("%s: cute differs from the DSL:\n--- cute\n%s\n--- dsl\n%s" % (name, out, want))
    else:
        for (kind, msg) in answers:
            assert kind == "error", msg
            # one line of the DSL's message is cute's
            if not any(("error: " + m) in err for m in msg.split(" | ")):
                sys.exit("%s: the DSL's message not in cute's: %s" % (name, msg))
    q = lambda s: '"""\n' + s.replace("\\", "\\\\") + '"""'
    text = "\n".join("# " + l for l in header.splitlines()) + "\n"
    text += 'bin.name = "cute"\nargs = ["eval"]\n'
    text += "stdin = " + q(stdin) + "\n"
    text += "status.code = %d\n" % rc
    text += "stdout = " + q(out) + "\n"
    text += "stderr = " + q(err) + "\n"
    open("tests/cli/%s.toml" % name, "w").write(text)
    print("wrote tests/cli/%s.toml (%d cases)" % (name, len(exprs)))


# A program as pasted (imports, then statements), and the DSL's answer: the statements run as
# the body of one @cute.jit function.
IMPORTS = """from cutlass.cute.nvgpu import warp, cpasync
import cutlass.cute as cute
"""
BODY = """op = warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
print(op)
print(cute.make_copy_atom(cpasync.CopyG2SOp(cache_mode=cute.nvgpu.LoadCacheMode.GLOBAL), cutlass.Float16, num_bits_per_copy=128))
tC = cute.make_layout((2,2,1))
print(cute.make_tiled_mma(op, tC, permutation_mnk=(32, 32, 16)))
"""


def program(binary):
    src = "import cutlass\n" + IMPORTS + "@cute.jit\ndef f():\n" + "".join("    " + l + "\n" for l in BODY.splitlines()) + "f()\n"
    open("/tmp/nvgpu_gen_p.py", "w").write(src)
    want = subprocess.run([PY, "/tmp/nvgpu_gen_p.py"], capture_output=True, text=True).stdout
    stdin = IMPORTS + BODY
    r = subprocess.run([binary, "eval"], input=stdin, capture_output=True, text=True)
    if r.stdout != want or r.returncode != 0:
        sys.exit("dsl_nvgpu_imports: cute differs from the DSL:\n%s\n---\n%s%s" % (r.stdout, want, r.stderr))
    q = lambda s: '"""\n' + s + '"""'
    text = "# Issue 37: the DSL's operations after `from cutlass.cute.nvgpu import warp, cpasync` (as the\n"
    text += "# Ampere tensorop GEMM example writes them), the DSL's answer (its statements in one @cute.jit).\n"
    text += "# Generated by tests/oracle/gen_nvgpu_transcripts.py\n"
    text += 'bin.name = "cute"\nargs = ["eval"]\nstdin = ' + q(stdin) + "\nstatus.code = 0\nstdout = " + q(r.stdout) + '\nstderr = ""\n'
    open("tests/cli/dsl_nvgpu_imports.toml", "w").write(text)
    print("wrote tests/cli/dsl_nvgpu_imports.toml")


def main():
    binary = sys.argv[1]
    gen = "Generated by tests/oracle/gen_nvgpu_transcripts.py from the CuTe DSL 4.8.1's answers"
    ok = dsl(OPS)
    bad = [e for e, a in zip(OPS, ok) if a[0] != "ok"]
    assert not bad, bad
    write("dsl_nvgpu_ops", "Issue 37: cute.nvgpu's operations and enumerations in DSL text, printed as the\nDSL prints them at trace time (warp, cpasync, tcgen05, universal).\n" + gen, OPS, ok, binary)
    wg = dsl(WG_OPS, "sm_90a")
    good = [(e, a) for e, a in zip(WG_OPS, wg) if a[0] == "ok"]
    write("dsl_nvgpu_warpgroup", "Issue 37: cute.nvgpu.warpgroup's GMMA operations and their atoms (CUTE_DSL_ARCH=sm_90a).\n" + gen, [e for e, _ in good], [a for _, a in good], binary)
    errs = [(e, a) for e, a in zip(WG_OPS, wg) if a[0] == "error"]
    at = dsl(ATOMS)
    write("dsl_nvgpu_atoms", "Issue 37: make_mma_atom, make_tiled_mma, make_copy_atom, make_tiled_copy_tv of\ncute.nvgpu's operations: print(atom), cute.size, partition shapes and layouts.\n" + gen, ATOMS, at, binary)
    do = dsl(DSL_ONLY, "sm_100a")
    write("dsl_nvgpu_dsl_only", "What the DSL builds and prints where CuTe C++ has no atom or prints otherwise:\nCopyUniversalOp's auto width, cp.async of other widths, one-SM tcgen05 atoms' TV layouts.\n" + gen, DSL_ONLY, do, binary)
    bs = dsl(BLOCK_SCALED, "sm_100a")
    write("dsl_nvgpu_block_scaled", "Issue 37: the block-scaled tcgen05 MMAs (MmaMXF8Op, MmaMXF8F6F4Op, MmaMXF4Op, MmaMXF4NVF4Op) and the\nsparse ones (MmaF16BF16SparseOp, MmaFP8SparseOp), their atoms and tiled MMAs (CUTE_DSL_ARCH=sm_100a).\n" + gen, BLOCK_SCALED, bs, binary)
    bse = dsl(BLOCK_SCALED_ERRORS, "sm_100a")
    write("dsl_nvgpu_block_scaled_errors", "Issue 37: the DSL's checks of the block-scaled and sparse tcgen05 MMAs' parameters, its messages\n(CUTE_DSL_ARCH=sm_100a).\n" + gen, BLOCK_SCALED_ERRORS, bse, binary, errors=True)
    er = dsl(ERRORS)
    allerr = [(e, a) for e, a in zip(ERRORS, er)] + errs
    program(binary)
    write("dsl_nvgpu_errors", "Issue 37: the DSL's checks of cute.nvgpu's operations' parameters, its messages.\n" + gen, [e for e, _ in allerr], [a for _, a in allerr], binary, errors=True)


main()
