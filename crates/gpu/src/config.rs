//! A GEMM configuration chosen with layouts, and its validation before anything is launched.

use std::fmt;

use super::flags::{
    FlagError, FlagValue, GemmFlags, Major, Majors, Operand, ReadFlag, check_problem, int_list,
    read_value,
};
use cute::algebra::divide::blocked_product;
use cute::algebra::{AlgebraError, IntTuple, Layout};
use cute::analysis::bank::{BankError, SmemLayout};

/// Why the flags make no configuration of the mma.sync path, or no shared-memory stage or
/// raster (which the Hopper path reads the same way). Each message names the flag.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A flag's value is refused where both paths read it (or the problem's sizes).
    #[error(transparent)]
    Flag(#[from] FlagError),
    /// A layout operation fails on values the configuration computed itself.
    #[error(transparent)]
    Algebra(#[from] AlgebraError),
    /// A layout operation fails on a flag's value.
    #[error("{flag}: {source}")]
    FlagAlgebra {
        /// The flag.
        flag: &'static str,
        /// The failure.
        source: AlgebraError,
    },
    /// `--dtype` names no element type.
    #[error("--dtype: unknown element type '{0}' (bf16, f16, e4m3 or e5m2)")]
    UnknownDtype(String),
    /// `--b-dtype` names no element type.
    #[error("--b-dtype: unknown element type '{0}' (e4m3 or e5m2, beside an fp8 --dtype)")]
    UnknownBDtype(String),
    /// `--b-dtype` other than `--dtype` where the types are not both fp8.
    #[error(
        "--b-dtype: B may differ from A only in fp8 (e4m3 x e5m2, e5m2 x e4m3), got --dtype {a} --b-dtype {b}"
    )]
    MixedNotFp8 {
        /// A's type.
        a: Dtype,
        /// B's type.
        b: Dtype,
    },
    /// `--scale` names no scaling.
    #[error("--scale: expected tensor or block, got '{0}'")]
    UnknownScale(String),
    /// `--scale` with 16-bit inputs.
    #[error("--scale: scales apply to fp8 inputs (--dtype e4m3 or e5m2); {0} has none")]
    ScaleNot8Bit(Dtype),
    /// `--fast-accum` with 16-bit inputs.
    #[error("--fast-accum: fast accumulation is fp8's (--dtype e4m3 or e5m2); {0} sums in fp32")]
    FastAccumNot8Bit(Dtype),
    /// `--scale block` with a K that is not whole 128-deep blocks.
    #[error(
        "--scale block: K = {0} must be a multiple of 128 (one scale per 1x128 of A and per 128x128 of B along K, as cuBLASLt's VEC128_32F and BLK128x128_32F)"
    )]
    BlockScaleK(usize),
    /// `--scale block` with `--fast-accum`.
    #[error(
        "--scale block: the block scales are applied to each 128-deep partial sum as it is promoted to fp32, which --fast-accum leaves out (cuBLASLt has no fast accumulation with block scales either)"
    )]
    BlockScaleFastAccum,
    /// fp8 on the mma.sync path.
    #[error(
        "--mma: {mma} is an mma.sync atom, but --dtype {dtype} is fp8, which this program runs only on the Hopper path (wgmma: SM90_64xNx32_F32E4M3E4M3_SS_TN and the e5m2 forms): leave --mma out or name an SM90 fp8 atom"
    )]
    Fp8OnSm80 {
        /// The atom.
        mma: String,
        /// The type.
        dtype: Dtype,
    },
    /// A swizzled shared-memory atom has an offset other than 0.
    #[error("{flag}: a swizzled layout's offset must be 0, got {text}")]
    SwizzleOffsetNotZero {
        /// The flag.
        flag: &'static str,
        /// Its text.
        text: String,
    },
    /// A GMMA atom (a swizzle over a shared-memory pointer) given to the mma.sync path, which
    /// takes only a swizzle of offset 0: the atom is the Hopper path's.
    #[error(
        "{flag}: {text} is a GMMA atom (its offset is a shared-memory pointer), which only the Hopper path (wgmma+TMA) takes: give an SM90 --mma (SM90_64x256x16_F32BF16BF16_SS) or a Hopper option (--consumers, --cluster, --persistent, --tma-store); the mma.sync path takes a layout or a swizzled layout of offset 0"
    )]
    GmmaAtomOnSm80 {
        /// The flag.
        flag: &'static str,
        /// Its text.
        text: String,
    },
    /// A shared-memory atom is not a layout.
    #[error("{flag}: expected a layout or a swizzled layout, got {kind}")]
    NotAnAtom {
        /// The flag.
        flag: &'static str,
        /// The kind of value it is.
        kind: &'static str,
    },
    /// A shared-memory atom is not of rank 2 (rows, K).
    #[error("{flag}: the atom must have rank 2 (rows, K), got {atom}")]
    AtomNotRank2 {
        /// The flag.
        flag: &'static str,
        /// The atom.
        atom: Box<Layout>,
    },
    /// The atom's extents do not divide the stage's.
    #[error("{flag}: the atom {atom} ({a0}x{a1}) does not divide the tile ({rows}x{bk})")]
    AtomDoesNotDivide {
        /// The flag.
        flag: &'static str,
        /// The atom.
        atom: Box<Layout>,
        /// Its rows.
        a0: usize,
        /// Its extent along K.
        a1: usize,
        /// The stage's rows.
        rows: usize,
        /// The stage's extent along K.
        bk: usize,
    },
    /// A 16-byte vector of the stage lands outside it or unaligned.
    #[error(
        "{flag}: element ({r},{k}) lands at {base}: offsets must stay in [0,{total}) and 16-byte vectors aligned"
    )]
    VectorOutOfPlace {
        /// The flag.
        flag: &'static str,
        /// The vector's first row.
        r: usize,
        /// Its first k.
        k: usize,
        /// Where the layout puts it.
        base: i64,
        /// The stage's elements.
        total: usize,
    },
    /// 8 consecutive elements along the operand's contiguous mode are not contiguous.
    #[error(
        "{flag}: 8 consecutive {} must stay contiguous (the operand is {}-major: cp.async and ldmatrix move 16 bytes along it): ({row},{k}) lands at {got}, not {want}",
        if *.major == Major::K { "k" } else { "rows" },
        if *.major == Major::K { "K" } else { "MN" }
    )]
    VectorNotContiguous {
        /// The flag.
        flag: &'static str,
        /// The operand's majorness.
        major: Major,
        /// The element's row.
        row: usize,
        /// Its k.
        k: usize,
        /// Where the layout puts it.
        got: i64,
        /// Where it must be.
        want: i64,
    },
    /// Two elements of the stage share an offset.
    #[error("{flag}: two elements share offset {offset}: the layout is not injective")]
    NotInjective {
        /// The flag.
        flag: &'static str,
        /// The offset.
        offset: i64,
    },
    /// `--raster grouped:G` with G not a number.
    #[error("--raster: bad group size in '{0}'")]
    BadGroupSize(String),
    /// `--raster grouped:0`.
    #[error("--raster: the group size must be positive")]
    ZeroGroupSize,
    /// `--raster` is not a layout.
    #[error("--raster: expected a layout, got {0}")]
    RasterNotALayout(&'static str),
    /// The raster's size is not the number of tiles.
    #[error("--raster: {layout} must have size {total} (the {tm}x{tn} tiles)")]
    RasterSize {
        /// The raster.
        layout: Box<Layout>,
        /// The tiles.
        total: usize,
        /// Tiles along M.
        tm: usize,
        /// Tiles along N.
        tn: usize,
    },
    /// The raster does not visit every tile once.
    #[error(
        "--raster: {layout} is not a bijection onto the {total} tiles (block {block} -> {tile})"
    )]
    RasterNotBijective {
        /// The raster.
        layout: Box<Layout>,
        /// The tiles.
        total: usize,
        /// The first block that breaks it.
        block: usize,
        /// The tile it goes to.
        tile: i64,
    },
    /// `--mma` names no atom of the mma.sync path.
    #[error(
        "--mma: this path generates code for {names} (got {0})",
        names = MMA_ATOMS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
    )]
    UnknownMma(String),
    /// The atom's input type is not `--dtype`.
    #[error("--mma: {mma} takes {} inputs, but --dtype is {}", .atom.name(), .dtype.name())]
    MmaDtype {
        /// The atom.
        mma: String,
        /// Its input type.
        atom: Dtype,
        /// `--dtype`.
        dtype: Dtype,
    },
    /// A knob of the Hopper path with an mma.sync atom.
    #[error(
        "{knob}: a knob of the Hopper path (wgmma + TMA), but {mma} is an mma.sync atom: name an SM90 atom in --mma, or leave --mma out"
    )]
    HopperKnob {
        /// The knob's flag.
        knob: &'static str,
        /// The atom.
        mma: String,
    },
    /// The warp arrangement's K extent is not 1.
    #[error("--atom-layout: the K extent of the warp arrangement must be 1")]
    WarpsAlongK,
    /// More warps than a block holds.
    #[error("--atom-layout: {0} warps is more than a block can hold (32)")]
    TooManyWarps(usize),
    /// BM is not a multiple of the warps' rows.
    #[error("--tile: BM = {bm} must be a multiple of 16 x {warps} warps along M")]
    BmPerWarps {
        /// BM.
        bm: usize,
        /// Warps along M.
        warps: usize,
    },
    /// BN is not a multiple of the warps' columns.
    #[error("--tile: BN = {bn} must be a multiple of 16 x {warps} warps along N")]
    BnPerWarps {
        /// BN.
        bn: usize,
        /// Warps along N.
        warps: usize,
    },
    /// BK is not a multiple of the MMA's K.
    #[error("--tile: BK = {0} must be a multiple of 16 (the MMA's K)")]
    BkPerMma(usize),
    /// The block's threads cannot copy an operand's tile in whole passes.
    #[error(
        "--tile: the {rows}x{bk} tile of {} ({}-major) is {vectors} 16-byte vectors in lines of {line}, which {threads} threads cannot copy evenly",
        .operand.describe(),
        .major.letter(*.operand)
    )]
    UnevenCopy {
        /// The operand.
        operand: Operand,
        /// Its majorness.
        major: Major,
        /// The tile's rows.
        rows: usize,
        /// Its extent along K.
        bk: usize,
        /// Its 16-byte vectors.
        vectors: usize,
        /// Vectors along the contiguous mode.
        line: usize,
        /// The block's threads.
        threads: usize,
    },
    /// Fewer than 2 stages.
    #[error("--stages: the pipeline needs at least 2 stages")]
    TooFewStages,
    /// The stages need more shared memory than a block has.
    #[error(
        "--stages/--tile: {stages} stages of {bm}x{bk} + {bn}x{bk} elements need {bytes} bytes of shared memory, more than {max}",
        max = MAX_SMEM_BYTES
    )]
    SmemTooLarge {
        /// Stages.
        stages: usize,
        /// BM.
        bm: usize,
        /// BN.
        bn: usize,
        /// BK.
        bk: usize,
        /// Bytes they need.
        bytes: usize,
    },
}

/// Element type of A and B (and of C, but for fp8 inputs, whose C is bf16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtype {
    /// bfloat16.
    Bf16,
    /// IEEE half.
    F16,
    /// fp8 e4m3 (`float_e4m3_t`): the Hopper path only, C in bf16.
    E4m3,
    /// fp8 e5m2 (`float_e5m2_t`): the Hopper path only, C in bf16.
    E5m2,
}

impl Dtype {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Bf16 => "bf16",
            Dtype::F16 => "f16",
            Dtype::E4m3 => "e4m3",
            Dtype::E5m2 => "e5m2",
        }
    }

    /// The PTX type name.
    pub fn ptx(self) -> &'static str {
        match self {
            Dtype::Bf16 => "bf16",
            Dtype::F16 => "f16",
            Dtype::E4m3 => "e4m3",
            Dtype::E5m2 => "e5m2",
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> usize {
        match self {
            Dtype::Bf16 | Dtype::F16 => 2,
            Dtype::E4m3 | Dtype::E5m2 => 1,
        }
    }

    /// The fp8 format, for an 8-bit type.
    pub fn fp8(self) -> Option<crate::fp8::Fp8> {
        match self {
            Dtype::E4m3 => Some(crate::fp8::Fp8::E4m3),
            Dtype::E5m2 => Some(crate::fp8::Fp8::E5m2),
            Dtype::Bf16 | Dtype::F16 => None,
        }
    }

    /// Whether it is an 8-bit type.
    pub fn is_fp8(self) -> bool {
        self.fp8().is_some()
    }

    /// The type of C for inputs of this type: the same, but bf16 for fp8 inputs.
    pub fn output(self) -> Dtype {
        match self {
            Dtype::E4m3 | Dtype::E5m2 => Dtype::Bf16,
            d => d,
        }
    }

    /// Relative-error tolerance against the fp32-accumulated reference (both rounded to C's type).
    pub fn tolerance(self) -> f64 {
        match self.output() {
            Dtype::F16 => 2e-3,
            _ => 1e-2,
        }
    }

    /// Parse `bf16` / `f16` / `e4m3` / `e5m2`.
    pub fn parse(s: &str) -> Result<Dtype, ConfigError> {
        match s {
            "bf16" | "bfloat16" => Ok(Dtype::Bf16),
            "f16" | "fp16" | "half" => Ok(Dtype::F16),
            "e4m3" | "float_e4m3_t" | "fp8_e4m3" => Ok(Dtype::E4m3),
            "e5m2" | "float_e5m2_t" | "fp8_e5m2" => Ok(Dtype::E5m2),
            _ => Err(ConfigError::UnknownDtype(s.to_string())),
        }
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How an fp8 GEMM's inputs are scaled, the scales fp32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scaling {
    /// One fp32 scale for A and one for B, applied to the fp32 accumulators in the epilogue:
    /// C = s_A · s_B · (A · Bᵀ).
    Tensor,
    /// DeepSeek-V3's block scales: one per 1×128 of A (a row, 128 of K) and one per 128×128 of
    /// B, applied to each 128-deep partial sum as it is added to the fp32 sums (promotion):
    /// C[i,j] = Σ_kb SA[i,kb] · SB[j/128,kb] · Σ_{k in kb} A[i,k] B[j,k].
    Block,
}

/// The rows (or columns) of an operand that one block scale covers along M/N and K.
pub const SCALE_BLOCK: usize = 128;

impl Scaling {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Scaling::Tensor => "tensor",
            Scaling::Block => "block",
        }
    }

    /// The scaling in words, after "scaled": `per tensor`, `per block (1x128 of A, 128x128 of B)`.
    pub fn describe(self) -> &'static str {
        match self {
            Scaling::Tensor => "per tensor",
            Scaling::Block => "per block (1x128 of A, 128x128 of B)",
        }
    }
}

/// Where the block scales of an M×N×K problem lie (`--scale block`), as cuBLASLt reads them
/// (and `torch._scaled_mm`'s blockwise checks spell them):
/// - A's, `SFA`: one per row and 128 of K, M-major: the CuTe layout `(M, K/128):(1, M)`
///   (cuBLASLt's `VEC128_32F`);
/// - B's, `SFB`: one per 128 rows of B and 128 of K, K-major with the rows of K-blocks padded
///   to 4: `(⌈N/128⌉, K/128):(P, 1)`, P = K/128 rounded up to a multiple of 4
///   (`BLK128x128_32F`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockScales {
    /// M.
    pub m: usize,
    /// ⌈N/128⌉.
    pub n_blocks: usize,
    /// K/128.
    pub k_blocks: usize,
    /// SFB's row pitch: `k_blocks` rounded up to 4.
    pub sfb_pitch: usize,
}

impl BlockScales {
    /// The block scales of an M×N×K problem (K a multiple of 128).
    pub fn of(m: usize, n: usize, k: usize) -> BlockScales {
        let k_blocks = k / SCALE_BLOCK;
        BlockScales {
            m,
            n_blocks: n.div_ceil(SCALE_BLOCK),
            k_blocks,
            sfb_pitch: k_blocks.div_ceil(4) * 4,
        }
    }

    /// SFA as a CuTe layout: (M, K/128):(1, M).
    pub fn sfa_layout(&self) -> String {
        format!("({},{}):(1,{})", self.m, self.k_blocks, self.m)
    }

    /// SFB as a CuTe layout: (⌈N/128⌉, K/128):(P, 1).
    pub fn sfb_layout(&self) -> String {
        format!(
            "({},{}):({},1)",
            self.n_blocks, self.k_blocks, self.sfb_pitch
        )
    }

    /// Floats of SFA's buffer.
    pub fn sfa_len(&self) -> usize {
        self.m * self.k_blocks
    }

    /// Floats of SFB's buffer (padding included).
    pub fn sfb_len(&self) -> usize {
        self.n_blocks * self.sfb_pitch
    }

    /// The offset of A's scale of row `i`, k-block `kb`.
    pub fn sfa_at(&self, i: usize, kb: usize) -> usize {
        i + kb * self.m
    }

    /// The offset of B's scale of row `j` (of B: a column of C), k-block `kb`.
    pub fn sfb_at(&self, j: usize, kb: usize) -> usize {
        (j / SCALE_BLOCK) * self.sfb_pitch + kb
    }
}

/// The input types of A and B (`--dtype`, `--b-dtype`) and, for fp8, the scaling (`--scale`):
/// B may differ from A only when both are fp8; a scale only for fp8.
pub fn input_types(f: &GemmFlags) -> Result<(Dtype, Dtype, Option<Scaling>), ConfigError> {
    let a = Dtype::parse(&f.dtype)?;
    let b = match &f.b_dtype {
        None => a,
        Some(t) => Dtype::parse(t).map_err(|_| ConfigError::UnknownBDtype(t.clone()))?,
    };
    if a != b && !(a.is_fp8() && b.is_fp8()) {
        return Err(ConfigError::MixedNotFp8 { a, b });
    }
    let scaling = match f.scale.as_deref() {
        None => a.is_fp8().then_some(Scaling::Tensor),
        Some(s) if s != "tensor" && s != "block" => {
            return Err(ConfigError::UnknownScale(s.to_string()));
        }
        Some(_) if !a.is_fp8() => return Err(ConfigError::ScaleNot8Bit(a)),
        Some("block") if f.fast_accum => return Err(ConfigError::BlockScaleFastAccum),
        Some("block") if !f.k.is_multiple_of(SCALE_BLOCK) => {
            return Err(ConfigError::BlockScaleK(f.k));
        }
        Some("block") => Some(Scaling::Block),
        Some(_) => Some(Scaling::Tensor),
    };
    if f.fast_accum && !a.is_fp8() {
        return Err(ConfigError::FastAccumNot8Bit(a));
    }
    Ok((a, b, scaling))
}

/// The MMA atoms this path generates code for.
pub const MMA_ATOMS: &[(&str, Dtype)] = &[
    ("SM80_16x8x16_F32BF16BF16F32_TN", Dtype::Bf16),
    ("SM80_16x8x16_F32F16F16F32_TN", Dtype::F16),
];

/// A validated configuration.
#[derive(Clone, Debug)]
pub struct GemmConfig {
    /// Problem size.
    pub m: usize,
    /// Problem size.
    pub n: usize,
    /// Problem size (the reduction).
    pub k: usize,
    /// Element type.
    pub dtype: Dtype,
    /// The MMA atom's name.
    pub mma: String,
    /// Warps along M and N.
    pub warps: (usize, usize),
    /// Block tile (BM, BN, BK).
    pub tile: (usize, usize, usize),
    /// The user's shared-memory atom for A (rows × K), as written.
    pub smem_a_atom: String,
    /// The user's shared-memory atom for B (rows × K), as written.
    pub smem_b_atom: String,
    /// A's shared-memory layout of one stage, tiled to (BM, BK).
    pub smem_a: SmemLayout,
    /// B's shared-memory layout of one stage, tiled to (BN, BK).
    pub smem_b: SmemLayout,
    /// Pipeline depth.
    pub stages: usize,
    /// Block index → tile index (column-major over the grid of tiles).
    pub raster: Layout,
    /// The raster as written (or `plain`).
    pub raster_text: String,
    /// How A and B lie in global memory (and so in shared memory: the same mode contiguous).
    pub majors: Majors,
}

/// The mma.sync path's block tile when `--tile` is not given.
pub const SM80_TILE: &str = "(128,128,64)";
/// The mma.sync path's pipeline depth when `--stages` is not given.
pub const SM80_STAGES: usize = 3;

/// The largest dynamic shared memory of one block on sm_80/sm_90 (227 KB).
pub const MAX_SMEM_BYTES: usize = 227 * 1024;

/// The default shared-memory atom of an operand: K-major, for a tile `bk` elements along K,
/// the widest XOR swizzle of 16-byte chunks that a row of `bk` 16-bit elements allows (8 rows);
/// MN-major, the same along the `rows` of the tile (8 k). The atom is (rows, K) either way.
pub fn default_smem_atom(major: Major, rows: usize, bk: usize) -> String {
    match (major, if major == Major::K { bk } else { rows }) {
        (Major::K, 64..) => "Sw<3,3,3> o (8,64):(64,1)".into(),
        (Major::K, 32..) => "Sw<2,3,3> o (8,32):(32,1)".into(),
        (Major::K, _) => "Sw<1,3,3> o (8,16):(16,1)".into(),
        (Major::MN, 64..) => "Sw<3,3,3> o (64,8):(1,64)".into(),
        (Major::MN, 32..) => "Sw<2,3,3> o (32,8):(1,32)".into(),
        (Major::MN, _) => "Sw<1,3,3> o (16,8):(1,16)".into(),
    }
}

/// The unswizzled atom of the same shape (for the sweep).
pub fn plain_smem_atom(major: Major, rows: usize, bk: usize) -> String {
    match major {
        Major::K => {
            let w = bk.min(64);
            format!("(8,{w}):({w},1)")
        }
        Major::MN => {
            let w = rows.min(64);
            format!("({w},8):(1,{w})")
        }
    }
}

/// Tile a shared-memory atom to (rows, bk), as CuTe's tile_to_shape does (column-major order).
fn tile_atom(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
    major: Major,
    (rows, bk): (usize, usize),
) -> Result<SmemLayout, ConfigError> {
    let v = read_value(read, flag, text)?;
    let (swizzle, atom) = match v {
        FlagValue::Layout(l) => (None, l),
        FlagValue::IntTuple(t) => (
            None,
            Layout::column_major(t).map_err(|source| ConfigError::FlagAlgebra { flag, source })?,
        ),
        FlagValue::Composed(c) => {
            let Some(s) = SmemLayout::from_composed(&c) else {
                let text = text.to_string();
                return Err(match c.offset {
                    cute::algebra::Offset::SmemPtr(_) => ConfigError::GmmaAtomOnSm80 { flag, text },
                    cute::algebra::Offset::Int(_) | cute::algebra::Offset::Mixed { .. } => {
                        ConfigError::SwizzleOffsetNotZero { flag, text }
                    }
                });
            };
            (s.swizzle(), s.layout().clone())
        }
        other => {
            return Err(ConfigError::NotAnAtom {
                flag,
                kind: other.kind(),
            });
        }
    };
    let smem = tile_stage(flag, swizzle, &atom, rows, bk)?;
    check_smem(flag, &smem, major, rows, bk)?;
    Ok(smem)
}

/// The (rows, K) extents of a rank-2 shared-memory atom.
pub fn atom_extents(flag: &'static str, atom: &Layout) -> Result<(usize, usize), ConfigError> {
    if atom.rank() != 2 {
        return Err(ConfigError::AtomNotRank2 {
            flag,
            atom: Box::new(atom.clone()),
        });
    }
    let ext = |i: usize| -> Result<usize, ConfigError> {
        Ok(atom.mode(i).and_then(|m| m.size())? as usize)
    };
    Ok((ext(0)?, ext(1)?))
}

/// Tile an atom (with its swizzle, if any) to one (rows, bk) stage, as CuTe's tile_to_shape does:
/// copies of the atom in column-major order (`blocked_product`).
pub fn tile_stage(
    flag: &'static str,
    swizzle: Option<cute::algebra::Swizzle>,
    atom: &Layout,
    rows: usize,
    bk: usize,
) -> Result<SmemLayout, ConfigError> {
    tile_stage_in_order(flag, swizzle, atom, (rows, bk), TileOrder::RowsFirst)
}

/// The order in which copies of an atom fill a (rows, K) stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileOrder {
    /// Down the rows first, then along K (CuTe's `tile_to_shape`, `Step<_1,_2>`).
    RowsFirst,
    /// Along K first, then down the rows (`Step<_2,_1>`: CUTLASS's order for MN-major GMMA
    /// atoms, so that one TMA box of (atom rows, BK) lands contiguously).
    KFirst,
}

/// Tile an atom to one (rows, bk) stage with its copies in the given order.
pub fn tile_stage_in_order(
    flag: &'static str,
    swizzle: Option<cute::algebra::Swizzle>,
    atom: &Layout,
    (rows, bk): (usize, usize),
    order: TileOrder,
) -> Result<SmemLayout, ConfigError> {
    let (a0, a1) = atom_extents(flag, atom)?;
    if a0 == 0 || a1 == 0 || !rows.is_multiple_of(a0) || !bk.is_multiple_of(a1) {
        return Err(ConfigError::AtomDoesNotDivide {
            flag,
            atom: Box::new(atom.clone()),
            a0,
            a1,
            rows,
            bk,
        });
    }
    let (r, k) = ((rows / a0) as i64, (bk / a1) as i64);
    let reps = match order {
        TileOrder::RowsFirst => {
            Layout::column_major(IntTuple::tuple([IntTuple::int(r), IntTuple::int(k)]))
        }
        TileOrder::KFirst => Layout::new(
            IntTuple::tuple([IntTuple::int(r), IntTuple::int(k)]),
            IntTuple::tuple([IntTuple::int(k), IntTuple::int(1)]),
        ),
    }?;
    let tiled =
        blocked_product(atom, &reps).map_err(|source| ConfigError::FlagAlgebra { flag, source })?;
    Ok(match swizzle {
        Some(s) => SmemLayout::swizzled(s, tiled),
        None => SmemLayout::Plain(tiled),
    })
}

/// The stage layout must be a bijection onto [0, rows*bk) that keeps each 16-byte vector of
/// 8 consecutive elements along the operand's contiguous mode (K, or the rows when MN-major)
/// contiguous and aligned (cp.async and ldmatrix move 16 bytes).
fn check_smem(
    flag: &'static str,
    s: &SmemLayout,
    major: Major,
    rows: usize,
    bk: usize,
) -> Result<(), ConfigError> {
    let total = rows * bk;
    let mut seen = vec![false; total];
    let (step_r, step_k) = match major {
        Major::K => (1, 8),
        Major::MN => (8, 1),
    };
    for r in (0..rows).step_by(step_r) {
        for k in (0..bk).step_by(step_k) {
            let base = s.at(r as i64, k as i64);
            if base < 0 || base as usize >= total || base % 8 != 0 {
                return Err(ConfigError::VectorOutOfPlace {
                    flag,
                    r,
                    k,
                    base,
                    total,
                });
            }
            for j in 0..8 {
                let (rj, kj) = match major {
                    Major::K => (r, k + j),
                    Major::MN => (r + j, k),
                };
                let o = s.at(rj as i64, kj as i64);
                if o != base + j as i64 {
                    return Err(ConfigError::VectorNotContiguous {
                        flag,
                        major,
                        row: rj,
                        k: kj,
                        got: o,
                        want: base + j as i64,
                    });
                }
                if std::mem::replace(&mut seen[o as usize], true) {
                    return Err(ConfigError::NotInjective { flag, offset: o });
                }
            }
        }
    }
    Ok(())
}

/// The raster of `tm × tn` tiles: `plain` (column-major), `grouped:G` (G tile-rows at a time,
/// the groups walked in order; G is lowered to the largest divisor of `tm` not above it), or any
/// layout from block index to tile index.
pub fn raster_layout(
    read: ReadFlag,
    text: &str,
    tm: usize,
    tn: usize,
) -> Result<Layout, ConfigError> {
    let l = if text == "plain" {
        format!("({tm},{tn}):(1,{tm})")
    } else if let Some(g) = text.strip_prefix("grouped:") {
        let g: usize = g
            .parse()
            .map_err(|_| ConfigError::BadGroupSize(text.to_string()))?;
        if g == 0 {
            return Err(ConfigError::ZeroGroupSize);
        }
        // groups of up to G tile-rows: the largest divisor of the tile rows not above G
        let g = (1..=g.min(tm))
            .rev()
            .find(|d| tm.is_multiple_of(*d))
            .unwrap_or(1);
        format!("({g},{tn},{}):(1,{tm},{g})", tm / g)
    } else {
        text.to_string()
    };
    let layout = match read_value(read, "--raster", &l)? {
        FlagValue::Layout(l) => l,
        other => return Err(ConfigError::RasterNotALayout(other.kind())),
    };
    let total = tm * tn;
    if layout.size()? != total as i64 {
        return Err(ConfigError::RasterSize {
            layout: Box::new(layout),
            total,
            tm,
            tn,
        });
    }
    let mut seen = vec![false; total];
    for b in 0..total {
        let t = layout.at(b as i64)?;
        if t < 0 || t as usize >= total || std::mem::replace(&mut seen[t as usize], true) {
            return Err(ConfigError::RasterNotBijective {
                layout: Box::new(layout),
                total,
                block: b,
                tile: t,
            });
        }
    }
    Ok(layout)
}

impl GemmConfig {
    /// Validate flags into a configuration; every violation names its flag.
    pub fn from_flags(f: &GemmFlags) -> Result<GemmConfig, ConfigError> {
        let (dtype, _, _) = input_types(f)?;
        if dtype.is_fp8() {
            return Err(ConfigError::Fp8OnSm80 {
                mma: f.mma.clone().unwrap_or_else(|| MMA_ATOMS[0].0.to_string()),
                dtype,
            });
        }
        let mma = f.mma.clone().unwrap_or_else(|| {
            MMA_ATOMS
                .iter()
                .find(|(_, d)| *d == dtype)
                .map(|(n, _)| n.to_string())
                .expect("one per dtype")
        });
        let Some((_, atom_dtype)) = MMA_ATOMS.iter().find(|(n, _)| *n == mma) else {
            return Err(ConfigError::UnknownMma(mma));
        };
        if *atom_dtype != dtype {
            return Err(ConfigError::MmaDtype {
                mma,
                atom: *atom_dtype,
                dtype,
            });
        }
        if let Some(knob) = f.hopper_knob() {
            return Err(ConfigError::HopperKnob { knob, mma });
        }
        let w = int_list(f.read, "--atom-layout", &f.atom_layout, 3)?;
        if w[2] != 1 {
            return Err(ConfigError::WarpsAlongK);
        }
        let threads = 32 * w[0] * w[1];
        if threads > 1024 {
            return Err(ConfigError::TooManyWarps(w[0] * w[1]));
        }
        let t = int_list(f.read, "--tile", f.tile.as_deref().unwrap_or(SM80_TILE), 3)?;
        let stages = f.stages.unwrap_or(SM80_STAGES);
        let (bm, bn, bk) = (t[0], t[1], t[2]);
        if bm % (16 * w[0]) != 0 {
            return Err(ConfigError::BmPerWarps { bm, warps: w[0] });
        }
        if bn % (16 * w[1]) != 0 {
            return Err(ConfigError::BnPerWarps { bn, warps: w[1] });
        }
        if bk % 16 != 0 {
            return Err(ConfigError::BkPerMma(bk));
        }
        for (rows, operand) in [(bm, Operand::A), (bn, Operand::B)] {
            let vectors = rows * bk / 8;
            // a pass of the threads covers whole lines of the contiguous mode
            let line = match f.majors.of(operand) {
                Major::K => bk / 8,
                Major::MN => rows / 8,
            };
            if vectors % threads != 0 || threads % line != 0 {
                return Err(ConfigError::UnevenCopy {
                    operand,
                    major: f.majors.of(operand),
                    rows,
                    bk,
                    vectors,
                    line,
                    threads,
                });
            }
        }
        if stages < 2 {
            return Err(ConfigError::TooFewStages);
        }
        let smem_bytes = stages
            .checked_mul(bm + bn)
            .and_then(|x| x.checked_mul(bk * 2))
            .unwrap_or(usize::MAX);
        if smem_bytes > MAX_SMEM_BYTES {
            return Err(ConfigError::SmemTooLarge {
                stages,
                bm,
                bn,
                bk,
                bytes: smem_bytes,
            });
        }
        check_problem(f)?;
        let majors = f.majors;
        let smem_a_atom = f
            .smem_a
            .clone()
            .unwrap_or_else(|| default_smem_atom(majors.a, bm, bk));
        let smem_b_atom = f
            .smem_b
            .clone()
            .unwrap_or_else(|| default_smem_atom(majors.b, bn, bk));
        let smem_a = tile_atom(f.read, "--smem-a", &smem_a_atom, majors.a, (bm, bk))?;
        let smem_b = tile_atom(f.read, "--smem-b", &smem_b_atom, majors.b, (bn, bk))?;
        let (tm, tn) = (f.m.div_ceil(bm), f.n.div_ceil(bn));
        let raster = raster_layout(f.read, &f.raster, tm, tn)?;
        Ok(GemmConfig {
            m: f.m,
            n: f.n,
            k: f.k,
            dtype,
            mma,
            warps: (w[0], w[1]),
            tile: (bm, bn, bk),
            smem_a_atom,
            smem_b_atom,
            smem_a,
            smem_b,
            stages,
            raster,
            raster_text: f.raster.clone(),
            majors,
        })
    }

    /// Threads per block.
    pub fn threads(&self) -> usize {
        32 * self.warps.0 * self.warps.1
    }

    /// Dynamic shared memory per block, in bytes.
    pub fn smem_bytes(&self) -> usize {
        self.stages * (self.tile.0 + self.tile.1) * self.tile.2 * 2
    }

    /// Tiles along M and N.
    pub fn tiles(&self) -> (usize, usize) {
        (self.m.div_ceil(self.tile.0), self.n.div_ceil(self.tile.1))
    }

    /// Whether the shared-memory layouts are swizzled.
    pub fn swizzled(&self) -> bool {
        self.smem_a.swizzle().is_some() || self.smem_b.swizzle().is_some()
    }
}

impl fmt::Display for GemmConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bm, bn, bk) = self.tile;
        write!(
            f,
            "{}x{}x{} warps ({},{}) stages {} smem {} raster {}",
            bm,
            bn,
            bk,
            self.warps.0,
            self.warps.1,
            self.stages,
            if self.swizzled() { "swizzled" } else { "plain" },
            self.raster_text
        )?;
        if self.majors != Majors::default() {
            write!(f, ", {}", self.majors.describe())?;
        }
        Ok(())
    }
}

impl GemmConfig {
    /// The ldmatrix read of warp 0's first 16×16 block of A as a TV layout: lane → the start of
    /// its 16-byte row, value → the 8 consecutive elements of that row (indices into the
    /// column-major (BM,BK) tile). K-major: lanes 0-15 rows m 0-15 at k 0, lanes 16-31 at k 8,
    /// each row 8 consecutive k. M-major (`ldmatrix.trans`): lane l reads k = l % 8 + 8 (l / 16)
    /// at m = 8 ((l / 8) % 2), each row 8 consecutive m.
    pub fn ldmatrix_tv_a(&self) -> Layout {
        let bm = self.tile.0 as i64;
        let ints =
            |v: &[i64]| IntTuple::tuple(v.iter().map(|&x| IntTuple::int(x)).collect::<Vec<_>>());
        let (lane_shape, lane_stride, value_stride) = match self.majors.a {
            Major::K => (ints(&[16, 2]), ints(&[1, 8 * bm]), bm),
            Major::MN => (ints(&[8, 2, 2]), ints(&[bm, 8, 8 * bm]), 1),
        };
        Layout::new(
            IntTuple::tuple([lane_shape, IntTuple::int(8)]),
            IntTuple::tuple([lane_stride, IntTuple::int(value_stride)]),
        )
        .expect("congruent")
    }

    /// Predicted shared-memory bank conflict degree of A's ldmatrix reads (1: conflict-free),
    /// from the bank analysis of the stage layout.
    pub fn predicted_ldmatrix_conflicts(&self) -> Option<usize> {
        self.ldmatrix_bank_report().ok().map(|r| r.degree)
    }

    /// The bank analysis of A's ldmatrix reads over its stage layout (16-bit elements,
    /// 128-bit accesses): what [`Self::predicted_ldmatrix_conflicts`] reads and the GPU probe runs.
    pub fn ldmatrix_bank_report(&self) -> Result<cute::analysis::bank::BankReport, BankError> {
        cute::analysis::bank::analyze(&self.smem_a, &self.ldmatrix_tv_a(), 16, 128)
    }
}
