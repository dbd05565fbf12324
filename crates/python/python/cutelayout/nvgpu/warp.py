"""``cute.nvgpu.warp`` of the CuTe DSL: warp-level MMA (``mma.sync``) and ``ldmatrix`` /
``stmatrix``, as the engine's CuTe C++ atoms (SM80/SM89 MMAs, SM75/SM90/SM100 LDSM/STSM)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .. import cutlass as _t
from ._ops import CopyOp, MmaOp, check_dtype, fail, shape_tuple, token


@dataclass(frozen=True)
class MmaF16BF16Op(MmaOp):
    """F16/BF16 ``mma.sync`` (sm_80): C++ ``SM80_16x8x{8,16}_{C}{A}{B}{C}_TN``."""

    ab_dtype: type
    acc_dtype: type
    shape_mnk: tuple

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape_mnk", shape_tuple(self.shape_mnk))
        check_dtype(self.ab_dtype, "ab_dtype")
        check_dtype(self.acc_dtype, "acc_dtype")
        if self.ab_dtype not in (_t.Float16, _t.BFloat16):
            fail("expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16")
        if self.acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32")
        if self.ab_dtype is _t.BFloat16 and self.acc_dtype is not _t.Float32:
            fail("expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16")
        if self.shape_mnk not in ((16, 8, 8), (16, 8, 16)):
            fail("expects the 'shape_mnk' Op parameter to be one of (16,8,8) or (16,8,16)")

    def atom_name(self) -> str:
        m, n, k = self.shape_mnk
        ab, c = token(self.ab_dtype), token(self.acc_dtype)
        return "SM80_%dx%dx%d_%s%s%s%s_TN" % (m, n, k, c, ab, ab, c)


@dataclass(frozen=True)
class MmaTF32Op(MmaOp):
    """TF32 ``mma.sync`` (sm_80): C++ ``SM80_16x8x{4,8}_F32TF32TF32F32_TN``."""

    shape_mnk: tuple

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape_mnk", shape_tuple(self.shape_mnk))
        if self.shape_mnk not in ((16, 8, 4), (16, 8, 8)):
            fail("expects the 'shape_mnk' Op parameter to be one of (16,8,4) or (16,8,8)")

    def atom_name(self) -> str:
        m, n, k = self.shape_mnk
        return "SM80_%dx%dx%d_F32TF32TF32F32_TN" % (m, n, k)


@dataclass(frozen=True)
class MmaFP8Op(MmaOp):
    """FP8 ``mma.sync`` (sm_89): C++ ``SM89_16x8x32_{C}{A}{B}{C}_TN`` (CuTe C++ 4.7 has the
    K = 32 shape only)."""

    ab_dtype: type
    acc_dtype: type
    shape_mnk: tuple

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape_mnk", shape_tuple(self.shape_mnk))
        check_dtype(self.ab_dtype, "ab_dtype")
        check_dtype(self.acc_dtype, "acc_dtype")
        if self.ab_dtype not in (_t.Float8E4M3FN, _t.Float8E5M2):
            fail("expects the 'ab_dtype' Op parameter to be one of Float8E4M3FN or Float8E5M2")
        if self.acc_dtype not in (_t.Float16, _t.Float32):
            fail("expects the 'acc_dtype' Op parameter to be Float32 or Float16")
        if self.shape_mnk not in ((16, 8, 32), (16, 8, 16)):
            fail("expects the 'shape_mnk' Op parameter to be (16,8,32) or (16,8,16)")

    def atom_name(self) -> str:
        m, n, k = self.shape_mnk
        ab, c = token(self.ab_dtype), token(self.acc_dtype)
        return "SM89_%dx%dx%d_%s%s%s%s_TN" % (m, n, k, c, ab, ab, c)


@dataclass(frozen=True)
class _MatrixOp(CopyOp):
    transpose: bool = False
    num_matrices: int = 1
    unpack_bits: Optional[int] = None

    def __post_init__(self) -> None:
        if not isinstance(self.transpose, bool):
            fail("expects the 'transpose' Op parameter to be a bool instance")

    def _matrices(self, allowed):
        if self.num_matrices not in allowed:
            fail(
                "expects the 'num_matrices' Op parameter to be one of [%s]"
                % ",".join(str(a) for a in allowed)
            )

    def _no_unpack(self):
        if self.unpack_bits is not None:
            fail("Op doesn't support unpacking")

    def _transposed_only(self):
        if not self.transpose:
            fail("Op only supports transpose")


@dataclass(frozen=True)
class LdMatrix8x8x16bOp(_MatrixOp):
    """``ldmatrix.m8n8`` (sm_75): C++ ``SM75_U32x{1,2,4}_LDSM_N``, transposed
    ``SM75_U16x{2,4,8}_LDSM_T``."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._matrices((1, 2, 4))
        self._no_unpack()

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        n = self.num_matrices
        return "SM75_U16x%d_LDSM_T" % (2 * n) if self.transpose else "SM75_U32x%d_LDSM_N" % n


@dataclass(frozen=True)
class LdMatrix16x16x8bOp(_MatrixOp):
    """``ldmatrix.m16n16.trans.b8`` (sm_100). CuTe C++'s ``SM100_U8x{8,16}_LDSM_T`` are this
    instruction, but the DSL's thread/value layouts of it are not theirs (the DSL's own
    arrangement of the 16x16 bytes), so it builds no atom here."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._transposed_only()
        self._matrices((1, 2))
        if self.unpack_bits not in (None, 4, 6):
            fail("Op unpack bits must be 4 or 6 or None")

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        fail(
            "LdMatrix16x16x8bOp has no CuTe C++ atom with the DSL's layouts (SM100_U8x8_LDSM_T "
            "and SM100_U8x16_LDSM_T arrange the values otherwise): use copy_atom with the C++ name"
        )


@dataclass(frozen=True)
class LdMatrix16x8x8bOp(_MatrixOp):
    """16x8 8-bit ``ldmatrix`` with transpose: the DSL lowers it to ``ldmatrix.m16n16`` with
    permutations of its own; CuTe C++ has no atom of it, so it builds no atom here."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._transposed_only()
        self._matrices((2, 4))
        if self.unpack_bits not in (None, 4, 6):
            fail("Op unpack bits must be 4 or 6 or None")

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        fail("LdMatrix16x8x8bOp has no CuTe C++ atom (the DSL's own permutation of ldmatrix.m16n16)")


@dataclass(frozen=True)
class StMatrix8x8x16bOp(_MatrixOp):
    """``stmatrix.m8n8`` (sm_90): C++ ``SM90_U32x{1,2,4}_STSM_N``, transposed
    ``SM90_U16x{2,4,8}_STSM_T``."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._matrices((1, 2, 4))
        self._no_unpack()

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        n = self.num_matrices
        return "SM90_U16x%d_STSM_T" % (2 * n) if self.transpose else "SM90_U32x%d_STSM_N" % n


@dataclass(frozen=True)
class StMatrix16x8x8bOp(_MatrixOp):
    """``stmatrix.m16n8.trans.b8`` (sm_100): C++ ``SM100_U8x{4,8,16}_STSM_T``."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._transposed_only()
        self._matrices((1, 2, 4))
        self._no_unpack()

    def copy_op_name(self, dtype, num_bits_per_copy=None) -> str:
        return "SM100_U8x%d_STSM_T" % (4 * self.num_matrices)


__all__ = [
    "MmaF16BF16Op",
    "MmaTF32Op",
    "MmaFP8Op",
    "LdMatrix8x8x16bOp",
    "LdMatrix16x8x8bOp",
    "LdMatrix16x16x8bOp",
    "StMatrix8x8x16bOp",
    "StMatrix16x8x8bOp",
]
