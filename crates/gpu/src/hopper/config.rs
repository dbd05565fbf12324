//! The Hopper path's configuration: the wgmma atom, the shared-memory layouts that wgmma and
//! TMA can both use, and the wgmma shared-memory descriptors derived from those layouts.

use std::fmt;

use crate::config::{
    ConfigError, Dtype, MAX_SMEM_BYTES, TileOrder, atom_extents, raster_layout, tile_stage,
    tile_stage_in_order,
};
use crate::flags::{
    FlagError, FlagValue, GemmFlags, Major, Majors, Operand, ReadFlag, check_problem, int_list,
    read_value,
};
use cute::algebra::{AlgebraError, ComposedLayout, IntTuple, Layout, Offset, Swizzle};
use cute::analysis::bank::SmemLayout;

/// Why the flags make no configuration of the Hopper path (wgmma + TMA): the atom, the tile,
/// the stage layouts that wgmma's descriptors and TMA's boxes must both describe, the knobs.
/// Each message names the flag.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HopperConfigError {
    /// What both paths check (the flags' values, the stage layouts, the raster, the dtype).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// `--mma` is not an SM90 atom's name this path reads.
    #[error(
        "--mma: expected SM90_64x{{N}}x16_F32BF16BF16_SS<MA,MB> or SM90_64x{{N}}x16_F32F16F16_SS<MA,MB> (N a multiple of 8 up to 256; MA, MB each K or MN, or <MA,MB> left out), got {0}"
    )]
    BadAtomName(String),
    /// The atom's `<MA,MB>` is not two majornesses.
    #[error(
        "--mma: the atom's <MA,MB> must name each operand's majorness in shared memory, K or MN (as <K,K>, <MN,K>, <K,MN>, <MN,MN>), got <{0}>"
    )]
    BadAtomMajors(String),
    /// An `_RS` atom (A from registers).
    #[error(
        "--mma: {0} takes A from registers; this path implements the _SS atoms (A and B from shared memory)"
    )]
    RegisterAtom(String),
    /// The atom's `<MA,MB>` disagrees with `--a-major`/`--b-major`.
    #[error(
        "--mma: {mma} reads {} {}-major, but {} is {}: TMA copies tiles without transposing them, so the atom's majorness must be the operand's in global memory (give {} {}, or leave <…> out of the atom's name: its majors then follow the flags)",
        .operand.describe(),
        gmma_major(*.named),
        .operand.major_flag(),
        .given.letter(*.operand),
        .operand.major_flag(),
        .named.letter(*.operand)
    )]
    AtomMajors {
        /// The atom.
        mma: String,
        /// The operand.
        operand: Operand,
        /// Its majorness as the atom names it.
        named: Major,
        /// Its majorness as the flags give it.
        given: Major,
    },
    /// A stage's swizzle is none of wgmma's layout types.
    #[error(
        "{flag}: the swizzle Sw<{bits},{base},{shift}> (in bytes) is none of wgmma's layout types (Sw<3,4,3> SW128, Sw<2,4,3> SW64, Sw<1,4,3> SW32, or none: INTER)"
    )]
    NotAGmmaSwizzle {
        /// The flag.
        flag: &'static str,
        /// The swizzle's bits.
        bits: i64,
        /// Its base, in bytes.
        base: i64,
        /// Its shift.
        shift: i64,
    },
    /// A descriptor's LBO or SBO is not encodable.
    #[error(
        "{flag}: the layout's {name} = {bytes} bytes does not fit wgmma's descriptor (a positive multiple of 16 below 256 KiB): {} {}-major reads need it",
        .swizzle.name(),
        gmma_major(*.major)
    )]
    DescriptorOffset {
        /// The flag.
        flag: &'static str,
        /// `LBO` or `SBO`.
        name: &'static str,
        /// Its value, in bytes.
        bytes: i64,
        /// The stage's layout type.
        swizzle: GmmaSwizzle,
        /// The operand's majorness.
        major: Major,
    },
    /// The stage is not whole wgmma operands.
    #[error("{flag}: the {rows}x{bk} stage is not whole wgmma operands of {mn}x16")]
    NotWholeOperands {
        /// The flag.
        flag: &'static str,
        /// The stage's rows.
        rows: usize,
        /// Its extent along K.
        bk: usize,
        /// One wgmma's rows.
        mn: usize,
    },
    /// A wgmma's k16 slice does not start where the descriptor's offsets put it.
    #[error(
        "{flag}: wgmma {wgmma}'s k16 slice {slice} starts at byte {start}, not at its rows' start plus its k's ({row_offset} + {k_offset}), 16-byte aligned"
    )]
    SliceStart {
        /// The flag.
        flag: &'static str,
        /// The wgmma (consumer).
        wgmma: usize,
        /// The k16 slice.
        slice: usize,
        /// Where the layout starts it.
        start: i64,
        /// The rows' start.
        row_offset: u64,
        /// The k's start.
        k_offset: u64,
    },
    /// The stage is not one of wgmma's canonical layouts.
    #[error(
        "{flag}: wgmma reads the {} {}-major stage (LBO {lbo}, SBO {sbo}) with element ({row},{k}) at byte {want}, but the layout puts it at {got}: not one of wgmma's canonical layouts (CuTe's Layout_{}_{}_Atom tiled {})",
        .swizzle.name(),
        gmma_major(*.major),
        gmma_major(*.major),
        .swizzle.name(),
        if *.major == Major::K { "down the rows first" } else { "along K first" }
    )]
    NotCanonical {
        /// The flag.
        flag: &'static str,
        /// The stage's layout type.
        swizzle: GmmaSwizzle,
        /// The operand's majorness.
        major: Major,
        /// LBO, bytes.
        lbo: i64,
        /// SBO, bytes.
        sbo: i64,
        /// The element's row.
        row: usize,
        /// Its k.
        k: usize,
        /// Where wgmma reads it.
        want: i64,
        /// Where the layout puts it.
        got: i64,
    },
    /// A CTA's slice of an MN-major stage is not whole swizzle rows.
    #[error(
        "{flag}: each CTA loads {slice_rows} rows of this MN-major stage, not a whole number of {} swizzle rows ({elements} elements): use a wider cluster slice or a narrower swizzle",
        .swizzle.name()
    )]
    SliceNotWholeSwizzleRows {
        /// The flag.
        flag: &'static str,
        /// Rows of one CTA's slice.
        slice_rows: usize,
        /// The stage's layout type.
        swizzle: GmmaSwizzle,
        /// Elements of one swizzle row.
        elements: usize,
    },
    /// TMA would need too many or too large boxes.
    #[error(
        "{flag}: TMA would need {boxes} boxes of {inner}x{outer} per stage (at most {max} boxes of at most 256 a side): use a wider swizzle",
        max = MAX_BOXES
    )]
    TooManyBoxes {
        /// The flag.
        flag: &'static str,
        /// Boxes per stage.
        boxes: usize,
        /// A box's inner extent.
        inner: usize,
        /// Its outer extent.
        outer: usize,
    },
    /// A TMA box lands off its swizzle's period.
    #[error(
        "{flag}: the TMA box at ({row},{k}) lands at byte {base}, not {align}-byte aligned (the {} swizzle's period)",
        .swizzle.name()
    )]
    BoxMisaligned {
        /// The flag.
        flag: &'static str,
        /// The box's first row.
        row: usize,
        /// Its first k.
        k: usize,
        /// Where it lands.
        base: i64,
        /// The alignment it needs.
        align: i64,
        /// The stage's layout type.
        swizzle: GmmaSwizzle,
    },
    /// TMA's boxes cannot fill the stage layout.
    #[error(
        "{flag}: TMA's {} box writes element ({row},{k}) at byte {want}, the layout puts it at {got}: TMA cannot fill this layout",
        .swizzle.name()
    )]
    TmaCannotFill {
        /// The flag.
        flag: &'static str,
        /// The stage's layout type.
        swizzle: GmmaSwizzle,
        /// The element's row.
        row: usize,
        /// Its k.
        k: usize,
        /// Where TMA writes it.
        want: i64,
        /// Where the layout puts it.
        got: i64,
    },
    /// A byte swizzle that moves parts of an element.
    #[error("{flag}: the swizzle {swizzle} moves parts of an element")]
    SwizzleSplitsElements {
        /// The flag.
        flag: &'static str,
        /// The swizzle.
        swizzle: Swizzle,
    },
    /// A GMMA atom for elements of another width.
    #[error(
        "{flag}: the atom is for {bits}-bit elements, but this path's are {}-bit",
        8 * ELEM_BYTES
    )]
    AtomElementBits {
        /// The flag.
        flag: &'static str,
        /// The atom's element bits.
        bits: i64,
    },
    /// A swizzled atom's offset is neither 0 nor a shared-memory pointer.
    #[error("{flag}: a swizzled layout's offset must be 0 or smem_ptr, got {text}")]
    AtomOffset {
        /// The flag.
        flag: &'static str,
        /// Its text.
        text: String,
    },
    /// The atom is not a layout.
    #[error("{flag}: expected a layout or a GMMA atom, got {kind}")]
    NotAGmmaAtom {
        /// The flag.
        flag: &'static str,
        /// The kind of value it is.
        kind: &'static str,
    },
    /// The atom's contiguous mode is not the operand's in global memory.
    #[error(
        "{flag}: the atom {atom} is {}, but {} is {}-major in global memory ({} {}): TMA copies without transposing, so the atom must be {}-major too ({})",
        match .contiguous {
            Some(Major::K) => "K-major (K contiguous)",
            Some(Major::MN) => "MN-major (rows contiguous)",
            None => "neither K- nor MN-major",
        },
        .operand.describe(),
        .major.letter(*.operand),
        .operand.major_flag(),
        .major.letter(*.operand),
        gmma_major(*.major),
        match .major {
            Major::K => "Layout_K_*_Atom",
            Major::MN => "Layout_MN_*_Atom",
        }
    )]
    AtomMajorness {
        /// The flag.
        flag: &'static str,
        /// The atom, in elements.
        atom: Box<Layout>,
        /// Its contiguous mode, if any.
        contiguous: Option<Major>,
        /// The operand.
        operand: Operand,
        /// Its majorness in global memory.
        major: Major,
    },
    /// The C staging is not what TMA's store boxes read.
    #[error("--tma-store: the C staging puts ({row},{col}) at {got}, TMA's box reads it at {want}")]
    CStaging {
        /// The element's row.
        row: usize,
        /// Its column.
        col: usize,
        /// Where the staging puts it.
        got: i64,
        /// Where TMA reads it.
        want: i64,
    },
    /// `--consumers` out of range.
    #[error(
        "--consumers: 1 to {max} consumer warpgroups (with the producer at most 4 warpgroups of 128 threads share the SM's registers), got {0}",
        max = MAX_CONSUMERS
    )]
    Consumers(usize),
    /// `--cluster 0`.
    #[error("--cluster: the cluster size must be positive")]
    ZeroCluster,
    /// `--cluster` is not CM or (CM,CN).
    #[error("--cluster: expected CM or (CM,CN), positive integers, got {0}")]
    ClusterShape(String),
    /// The accumulator does not fit a consumer's registers.
    #[error(
        "--consumers: with {consumers} consumer warpgroups ({} threads) ptxas has {} registers a thread (65536 / threads), too few for a 64x{n} fp32 accumulator ({} registers) and about {overhead} more: use fewer consumers or an atom with N <= {}",
        128 * (1 + .consumers),
        compile_register_cap(*.consumers),
        .n / 2,
        widest_n(*.consumers),
        overhead = CONSUMER_OVERHEAD_REGS
    )]
    TooFewRegisters {
        /// Consumer warpgroups.
        consumers: usize,
        /// The wgmma's N.
        n: usize,
    },
    /// BM is not 64 rows per consumer.
    #[error(
        "--tile: BM = {bm} must be 64 rows x {consumers} consumer warpgroups = {} (--consumers)",
        64 * .consumers
    )]
    BmPerConsumers {
        /// BM.
        bm: usize,
        /// Consumer warpgroups.
        consumers: usize,
    },
    /// BN is not the wgmma's N.
    #[error("--tile: BN = {bn} must be the wgmma's N ({n}) of {mma}")]
    BnPerAtom {
        /// BN.
        bn: usize,
        /// The wgmma's N.
        n: usize,
        /// The atom.
        mma: String,
    },
    /// BK is not one SW128 atom.
    #[error(
        "--tile: BK = {0} must be 64: one SW128 K-major atom along K (TMA's 128B swizzle takes boxes 128 bytes wide)"
    )]
    BkNot64(usize),
    /// `--tma-store` with BN not whole 64-column boxes.
    #[error(
        "--tma-store: BN = {0} must be a multiple of 64 (C leaves through 64x64 boxes, 128-byte swizzled)"
    )]
    TmaStoreBn(usize),
    /// The stages (and C's staging) need more shared memory than a block has.
    #[error(
        "--stages/--tile: {stages} stages of {bm}x{bk} + {bn}x{bk} elements{} need {bytes} bytes of shared memory (with barriers and alignment), more than {max}",
        match .c_staging {
            Some(c) => format!(" + {c} bytes of C staging (--tma-store)"),
            None => String::new(),
        },
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
        /// Bytes of C's staging, with `--tma-store`.
        c_staging: Option<usize>,
        /// Bytes they need.
        bytes: usize,
    },
    /// `--split-k` out of range.
    #[error("--split-k: {0} splits: expected 1 to {max}", max = MAX_SPLIT_K)]
    SplitK(usize),
    /// More splits than k-tiles.
    #[error(
        "--split-k: {splits} splits of K = {k} in k-tiles of {bk}: there are only {ktiles} k-tiles, and every split needs at least one (at most --split-k {ktiles})"
    )]
    SplitsOverKTiles {
        /// Splits.
        splits: usize,
        /// K.
        k: usize,
        /// BK.
        bk: usize,
        /// The k-tiles.
        ktiles: usize,
    },
    /// Split-K with the TMA store.
    #[error(
        "--split-k {0} with --tma-store: split-K writes fp32 partial tiles for a second kernel to sum, not C itself; leave out one of them"
    )]
    SplitKWithTmaStore(usize),
    /// `--tma-store` with N not a multiple of 8.
    #[error(
        "--tma-store: N = {0} must be a multiple of 8 (TMA stores C rows whose pitch must be a multiple of 16 bytes)"
    )]
    TmaStoreN(usize),
    /// The cluster is larger than a portable one.
    #[error(
        "--cluster: ({cm},{cn}) is {} CTAs, more than the {max} of a portable cluster",
        .cm * .cn,
        max = MAX_CLUSTER
    )]
    ClusterTooLarge {
        /// CTAs along M.
        cm: usize,
        /// CTAs along N.
        cn: usize,
    },
    /// The cluster's CTAs along M do not divide the tiles along M.
    #[error(
        "--cluster: {cm} CTAs along M must divide the {tm} tiles along M (M = {m} in tiles of {bm} rows)"
    )]
    ClusterAlongM {
        /// CTAs along M.
        cm: usize,
        /// Tiles along M.
        tm: usize,
        /// M.
        m: usize,
        /// BM.
        bm: usize,
    },
    /// The cluster's CTAs along N do not divide the tiles along N.
    #[error(
        "--cluster: {cn} CTAs along N must divide the {tn} tiles along N (N = {n} in tiles of {bn} columns)"
    )]
    ClusterAlongN {
        /// CTAs along N.
        cn: usize,
        /// Tiles along N.
        tn: usize,
        /// N.
        n: usize,
        /// BN.
        bn: usize,
    },
    /// A CTA's slice of the shared B tile is not whole swizzle atoms.
    #[error(
        "--cluster: each of the {cm} CTAs along M loads BN/{cm} rows of the shared B tile, which must be a multiple of 8 (one swizzle atom); BN = {bn}"
    )]
    ClusterSliceB {
        /// CTAs along M.
        cm: usize,
        /// BN.
        bn: usize,
    },
    /// A CTA's slice of the shared A tile is not whole swizzle atoms.
    #[error(
        "--cluster: each of the {cn} CTAs along N loads BM/{cn} rows of the shared A tile, which must be a multiple of 8 (one swizzle atom); BM = {bm}"
    )]
    ClusterSliceA {
        /// CTAs along N.
        cn: usize,
        /// BM.
        bm: usize,
    },
}

impl From<FlagError> for HopperConfigError {
    fn from(e: FlagError) -> Self {
        HopperConfigError::Config(ConfigError::Flag(e))
    }
}

impl From<AlgebraError> for HopperConfigError {
    fn from(e: AlgebraError) -> Self {
        HopperConfigError::Config(ConfigError::Algebra(e))
    }
}

/// The default shared-memory atom of an operand on this path: CuTe's
/// `GMMA::Layout_K_SW128_Atom`, or `Layout_MN_SW128_Atom` for an MN-major operand.
pub fn default_atom(dtype: Dtype, major: Major) -> String {
    let m = match major {
        Major::K => "K",
        Major::MN => "MN",
    };
    format!("gmma_atom(Layout_{m}_SW128_Atom, {})", dtype.name())
}

/// Consumer warpgroups by default (each computes 64 rows of the tile).
pub const DEFAULT_CONSUMERS: usize = 2;

/// The most consumer warpgroups: with the producer, 4 warpgroups of 128 threads, the most
/// a block can hold at one block per SM with a useful register share each.
pub const MAX_CONSUMERS: usize = 3;

/// The largest thread-block cluster (CUDA's portable limit).
pub const MAX_CLUSTER: usize = 8;

/// Registers per thread of the producer and of each consumer warpgroup after `setmaxnreg`: the
/// 64K-register file shared by 128-thread warpgroups (512 registers a lane across them),
/// in multiples of 8, at most 232 for a consumer (CUTLASS's choice for 2 consumers).
pub fn register_split(consumers: usize) -> (usize, usize) {
    let producer = if consumers >= 3 { 24 } else { 40 };
    let consumer = ((512 - producer) / consumers.max(1)) / 8 * 8;
    (producer, consumer.min(232))
}

/// Registers a consumer thread needs besides its accumulators (addresses, descriptors,
/// loop state, the epilogue), as measured with ptxas: a 64xN accumulator takes N/2.
pub const CONSUMER_OVERHEAD_REGS: usize = 32;

/// The registers a thread may use as ptxas compiles the kernel: the `__launch_bounds__(T, 1)`
/// cap, 65536 / T in multiples of 8, at most 255. (ptxas allocates every branch within it;
/// `setmaxnreg` only moves registers between warpgroups at run time.)
pub fn compile_register_cap(consumers: usize) -> usize {
    (65536 / (128 * (1 + consumers)) / 8 * 8).min(255)
}

/// The widest wgmma N whose accumulators fit a consumer thread with `consumers` warpgroups.
pub fn widest_n(consumers: usize) -> usize {
    ((compile_register_cap(consumers) - CONSUMER_OVERHEAD_REGS) * 2 / 8 * 8).min(256)
}

/// Bytes per element (bf16 and f16).
const ELEM_BYTES: i64 = 2;

/// A parsed `SM90_64x{N}x16_F32{T}{T}_SS<MA,MB>` atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sm90Atom {
    /// The wgmma's N.
    pub n: usize,
    /// Its input type.
    pub dtype: Dtype,
    /// The majorness of A and B in shared memory that `<MA,MB>` names, when given.
    pub majors: Option<Majors>,
}

/// The default Hopper atom for an element type and majorness: N = 256.
pub fn default_sm90_mma(dtype: &str, majors: Majors) -> String {
    sm90_mma(dtype, 256, majors)
}

/// The GMMA name of a majorness: `K` or `MN`.
fn gmma_major(m: Major) -> &'static str {
    match m {
        Major::K => "K",
        Major::MN => "MN",
    }
}

/// The Hopper atom of N columns for an element type and majorness (`<K,K>`, `<MN,K>`, ...).
pub fn sm90_mma(dtype: &str, n: usize, majors: Majors) -> String {
    let (a, b) = (gmma_major(majors.a), gmma_major(majors.b));
    match dtype {
        "f16" | "fp16" | "half" => format!("SM90_64x{n}x16_F32F16F16_SS<{a},{b}>"),
        _ => format!("SM90_64x{n}x16_F32BF16BF16_SS<{a},{b}>"),
    }
}

/// Whether `--mma` names a Hopper (SM90) atom: such names take this path.
pub fn is_sm90(mma: Option<&str>) -> bool {
    mma.is_some_and(|m| m.starts_with("SM90_"))
}

/// Parse `SM90_64x256x16_F32BF16BF16_SS<K,K>`: the `<MA,MB>` (each `K` or `MN`, optionally
/// `GMMA::Major::K`) may be left out.
pub fn parse_atom(name: &str) -> Result<Sm90Atom, HopperConfigError> {
    let bad = || HopperConfigError::BadAtomName(name.to_string());
    let (base, majors) = match name.split_once('<') {
        Some((b, rest)) => (b, Some(rest.strip_suffix('>').ok_or_else(bad)?)),
        None => (name, None),
    };
    let majors = match majors {
        None => None,
        Some(m) => {
            let m: String = m.chars().filter(|c| !c.is_whitespace()).collect();
            let one = |x: &str| match x.strip_prefix("GMMA::Major::").unwrap_or(x) {
                "K" => Some(Major::K),
                "MN" => Some(Major::MN),
                _ => None,
            };
            match m.split_once(',').map(|(a, b)| (one(a), one(b))) {
                Some((Some(a), Some(b))) => Some(Majors { a, b }),
                _ => return Err(HopperConfigError::BadAtomMajors(m)),
            }
        }
    };
    let rest = base.strip_prefix("SM90_64x").ok_or_else(bad)?;
    let (n, rest) = rest.split_once("x16_").ok_or_else(bad)?;
    let n: usize = n.parse().map_err(|_| bad())?;
    if n == 0 || n > 256 || !n.is_multiple_of(8) {
        return Err(bad());
    }
    let dtype = match rest {
        "F32BF16BF16_SS" => Dtype::Bf16,
        "F32F16F16_SS" => Dtype::F16,
        r if r.ends_with("_RS") => {
            return Err(HopperConfigError::RegisterAtom(name.to_string()));
        }
        _ => return Err(bad()),
    };
    Ok(Sm90Atom { n, dtype, majors })
}

/// The atom's `<MA,MB>` must agree with `--a-major`/`--b-major` (TMA copies without
/// transposing, so an operand's majorness in shared memory is the one in global memory).
fn check_atom_majors(mma: &str, atom: &Sm90Atom, majors: Majors) -> Result<(), HopperConfigError> {
    let Some(named) = atom.majors else {
        return Ok(());
    };
    for operand in [Operand::A, Operand::B] {
        let (n, f) = (named.of(operand), majors.of(operand));
        if n != f {
            return Err(HopperConfigError::AtomMajors {
                mma: mma.to_string(),
                operand,
                named: n,
                given: f,
            });
        }
    }
    Ok(())
}

/// wgmma's shared-memory layout types: the swizzle of the operand's stage, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GmmaSwizzle {
    /// No swizzle (`Sw<0,4,3>`): 16-byte rows of core matrices ("interleave").
    Inter,
    /// `Sw<1,4,3>`: 32-byte rows.
    B32,
    /// `Sw<2,4,3>`: 64-byte rows.
    B64,
    /// `Sw<3,4,3>`: 128-byte rows.
    B128,
}

impl GmmaSwizzle {
    /// The bytes of one row of the swizzle atom (along the contiguous mode).
    pub fn row_bytes(self) -> usize {
        match self {
            GmmaSwizzle::Inter => 16,
            GmmaSwizzle::B32 => 32,
            GmmaSwizzle::B64 => 64,
            GmmaSwizzle::B128 => 128,
        }
    }

    /// The descriptor's layout-type field (bits 62–63).
    pub fn mode_field(self) -> u64 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::B32 => 3,
            GmmaSwizzle::B64 => 2,
            GmmaSwizzle::B128 => 1,
        }
    }

    /// CuTe's name (`Layout_*_{INTER,SW32,SW64,SW128}_Atom`).
    pub fn name(self) -> &'static str {
        match self {
            GmmaSwizzle::Inter => "INTER",
            GmmaSwizzle::B32 => "SW32",
            GmmaSwizzle::B64 => "SW64",
            GmmaSwizzle::B128 => "SW128",
        }
    }

    /// The type of a stage's swizzle (in element units, 16-bit elements), or why wgmma has none.
    fn of(flag: &'static str, sw: Option<Swizzle>) -> Result<GmmaSwizzle, HopperConfigError> {
        let Some(sw) = sw.filter(|s| s.bits > 0) else {
            return Ok(GmmaSwizzle::Inter);
        };
        let log2e = ELEM_BYTES.trailing_zeros() as i64;
        match (sw.bits, sw.base + log2e, sw.shift) {
            (1, 4, 3) => Ok(GmmaSwizzle::B32),
            (2, 4, 3) => Ok(GmmaSwizzle::B64),
            (3, 4, 3) => Ok(GmmaSwizzle::B128),
            (bits, base, shift) => Err(HopperConfigError::NotAGmmaSwizzle {
                flag,
                bits,
                base,
                shift,
            }),
        }
    }
}

/// The wgmma shared-memory descriptor of one operand's stage, derived from its layout.
///
/// The 64-bit descriptor (PTX ISA, "Matrix Descriptor Format"): bits 0–13 start address >> 4,
/// 16–29 leading-dimension byte offset (LBO) >> 4, 32–45 stride-dimension byte offset (SBO) >> 4,
/// 49–51 base offset, 62–63 layout type (1 = 128B swizzle, 2 = 64B, 3 = 32B, 0 = interleave).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmmaDesc {
    /// Layout type field (1: 128-byte swizzle).
    pub mode: u64,
    /// The layout type.
    pub swizzle: GmmaSwizzle,
    /// How the operand lies in shared memory (the instruction's transpose immediate: 1 for MN).
    pub major: Major,
    /// Leading-dimension byte offset.
    pub lbo: u64,
    /// Stride-dimension byte offset.
    pub sbo: u64,
    /// Byte offset of the start of each k16 slice of the stage (`2 * L(0, 16 j)`).
    pub k_offsets: Vec<u64>,
    /// Byte offset of row `64 c`, for each consumer warpgroup `c` (`2 * L(64 c, 0)`).
    pub row_offsets: Vec<u64>,
}

/// Where wgmma reads element (mn, k) of one instruction's operand (mn below its M or N, k below
/// 16), in bytes from the descriptor's start address, before the swizzle: CuTe's canonical GMMA
/// layouts (`mma_sm90_desc.hpp`), with W the swizzle row's bytes and E = W / 2 its elements:
/// - K-major INTER: `((8,m),(8,2)) : ((16 B, SBO), (2 B, LBO))`
/// - K-major SWxx: `((8,m),16) : ((W, SBO), 2 B)` (LBO unused: k16 lies in one swizzle row)
/// - MN-major INTER: `((8,m),(8,2)) : ((2 B, SBO), (16 B, LBO))`
/// - MN-major SWxx: `((E,m),(8,2)) : ((2 B, LBO), (W, SBO))`
pub fn gmma_read_offset(
    major: Major,
    sw: GmmaSwizzle,
    (lbo, sbo): (i64, i64),
    mn: i64,
    k: i64,
) -> i64 {
    let w = sw.row_bytes() as i64;
    let e = w / ELEM_BYTES;
    match (major, sw) {
        (Major::K, GmmaSwizzle::Inter) => {
            (mn % 8) * 16 + (mn / 8) * sbo + (k % 8) * 2 + (k / 8) * lbo
        }
        (Major::K, _) => (mn % 8) * w + (mn / 8) * sbo + k * ELEM_BYTES,
        (Major::MN, GmmaSwizzle::Inter) => {
            (mn % 8) * ELEM_BYTES + (mn / 8) * sbo + (k % 8) * 16 + (k / 8) * lbo
        }
        (Major::MN, _) => (mn % e) * ELEM_BYTES + (mn / e) * lbo + (k % 8) * w + (k / 8) * sbo,
    }
}

impl GmmaDesc {
    /// The descriptor's constant part (everything but the start address).
    pub fn constant(&self) -> u64 {
        ((self.lbo >> 4) << 16) | ((self.sbo >> 4) << 32) | (self.mode << 62)
    }

    /// The instruction's transpose immediate (`imm-trans-a`/`-b`): 1 when MN-major.
    pub fn transpose(&self) -> u32 {
        u32::from(self.major == Major::MN)
    }

    /// Derive the descriptor of a (rows, bk) stage from its layout `Sw o L` (elements), read
    /// by wgmmas of `mn` rows (64 for A, one per consumer; N for B) and 16 k each.
    ///
    /// - the layout type is `Sw` in bytes (`Sw<3,4,3>` SW128, `Sw<2,4,3>` SW64, `Sw<1,4,3>` SW32,
    ///   none INTER);
    /// - LBO and SBO are read off the layout where [`gmma_read_offset`] puts them: K-major, SBO
    ///   `= 2 L(8, 0)` (the next 8 rows) and, INTER, LBO `= 2 L(0, 8)` (the next 8 k); MN-major
    ///   swizzled, LBO `= 2 L(E, 0)` (the next swizzle row's worth of rows) and SBO `= 2 L(0, 8)`
    ///   (the next 8 k); MN-major INTER, SBO `= 2 L(8, 0)` and LBO `= 2 L(0, 8)`;
    /// - then every element each wgmma reads is checked: `2 L(r, k)` must be the slice's start
    ///   plus [`gmma_read_offset`], for every consumer's rows and every k16 slice;
    /// - start addresses: the stage base (1024-byte aligned, so the base-offset field is 0) plus
    ///   `2 L(64 c, 16 j)`: the hardware applies the swizzle to the address it computes, as the
    ///   layout applies `Sw` after `L`.
    pub fn derive(
        flag: &'static str,
        s: &SmemLayout,
        major: Major,
        (rows, bk): (usize, usize),
        mn: usize,
    ) -> Result<GmmaDesc, HopperConfigError> {
        let swizzle = GmmaSwizzle::of(flag, s.swizzle())?;
        let l = s.layout();
        let at = |r: usize, k: usize| stage_byte_offset(l, r, k);
        let e = swizzle.row_bytes() / ELEM_BYTES as usize;
        // a stride the instruction never uses (its extent is one atom) is encoded as 16 bytes
        let step = |r: usize, k: usize, used: bool| if used { at(r, k) - at(0, 0) } else { 16 };
        let (lbo, sbo) = match (major, swizzle) {
            (Major::K, GmmaSwizzle::Inter) => (step(0, 8, true), step(8, 0, mn > 8)),
            (Major::K, _) => (16, step(8, 0, mn > 8)),
            (Major::MN, GmmaSwizzle::Inter) => (step(0, 8, true), step(8, 0, mn > 8)),
            (Major::MN, _) => (step(e, 0, mn > e), step(0, 8, true)),
        };
        for (name, v) in [("LBO", lbo), ("SBO", sbo)] {
            if v <= 0 || v % 16 != 0 || v >> 4 >= 1 << 14 {
                return Err(HopperConfigError::DescriptorOffset {
                    flag,
                    name,
                    bytes: v,
                    swizzle,
                    major,
                });
            }
        }
        if !rows.is_multiple_of(mn) || !bk.is_multiple_of(16) {
            return Err(HopperConfigError::NotWholeOperands { flag, rows, bk, mn });
        }
        let k_offsets: Vec<u64> = (0..bk / 16).map(|j| at(0, 16 * j) as u64).collect();
        let row_offsets: Vec<u64> = (0..rows / mn).map(|c| at(mn * c, 0) as u64).collect();
        for (c, row_off) in row_offsets.iter().enumerate() {
            for (j, k_off) in k_offsets.iter().enumerate() {
                let start = at(mn * c, 16 * j);
                if start != (row_off + k_off) as i64 || start % 16 != 0 {
                    return Err(HopperConfigError::SliceStart {
                        flag,
                        wgmma: c,
                        slice: j,
                        start,
                        row_offset: *row_off,
                        k_offset: *k_off,
                    });
                }
                for r in 0..mn {
                    for k in 0..16 {
                        let want = start
                            + gmma_read_offset(major, swizzle, (lbo, sbo), r as i64, k as i64);
                        let got = at(mn * c + r, 16 * j + k);
                        if got != want {
                            return Err(HopperConfigError::NotCanonical {
                                flag,
                                swizzle,
                                major,
                                lbo,
                                sbo,
                                row: mn * c + r,
                                k: 16 * j + k,
                                want,
                                got,
                            });
                        }
                    }
                }
            }
        }
        Ok(GmmaDesc {
            mode: swizzle.mode_field(),
            swizzle,
            major,
            lbo: lbo as u64,
            sbo: sbo as u64,
            k_offsets,
            row_offsets,
        })
    }
}

/// One TMA box of an operand's stage: where it lands in the stage and which of the stage's
/// (row, k) it starts at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaBox {
    /// Byte offset in the CTA's slice of the stage (`2 L(row, k)`).
    pub smem_bytes: usize,
    /// First row (of the slice).
    pub row: usize,
    /// First k.
    pub k: usize,
}

/// How TMA fills one operand's stage: boxes of `box_dims` (along the global tensor's contiguous
/// dimension, then the other) with the stage's swizzle; each CTA of a cluster loads one slice of
/// `slice_rows` rows, `slice_bytes` apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaPlan {
    /// The swizzle TMA applies (the stage's).
    pub swizzle: GmmaSwizzle,
    /// How the operand lies in global memory (K-major: dims (K, rows); MN-major: (rows, K)).
    pub major: Major,
    /// Box extent (inner: the contiguous dimension, outer).
    pub box_dims: (usize, usize),
    /// The boxes of one slice.
    pub boxes: Vec<TmaBox>,
    /// Rows of one CTA's slice.
    pub slice_rows: usize,
    /// Bytes between slices.
    pub slice_bytes: usize,
}

/// The most TMA boxes one CTA issues per stage of an operand.
const MAX_BOXES: usize = 64;

/// The byte offset of element (row `r`, `k`) of a stage layout before its swizzle, `2 L(r, k)`;
/// -1 outside the layout (which no instruction reads, so every check against it fails).
fn stage_byte_offset(l: &Layout, r: usize, k: usize) -> i64 {
    l.eval(&IntTuple::tuple([
        IntTuple::int(r as i64),
        IntTuple::int(k as i64),
    ]))
    .map(|o| o * ELEM_BYTES)
    .unwrap_or(-1)
}

impl TmaPlan {
    /// The boxes that fill a (rows, bk) stage split in `parts` slices of rows: K-major, boxes of
    /// (E k, rows / parts) side by side along K; MN-major, boxes of (E rows, bk k) one after
    /// another down the rows (E = the swizzle row's elements). Every element of every box is
    /// checked against the layout: TMA writes box row i at `i W` bytes from the box's start, its
    /// element j at `2 j` (W the swizzle row's bytes), before the swizzle.
    pub fn derive(
        flag: &'static str,
        s: &SmemLayout,
        major: Major,
        (rows, bk): (usize, usize),
        parts: usize,
    ) -> Result<TmaPlan, HopperConfigError> {
        let swizzle = GmmaSwizzle::of(flag, s.swizzle())?;
        let w = swizzle.row_bytes();
        let e = w / ELEM_BYTES as usize;
        let l = s.layout();
        let at = |r: usize, k: usize| stage_byte_offset(l, r, k);
        let parts = parts.max(1);
        let slice_rows = rows / parts;
        let (box_dims, starts): ((usize, usize), Vec<(usize, usize)>) = match major {
            Major::K => (
                (e, slice_rows),
                (0..bk.div_ceil(e)).map(|q| (0, q * e)).collect(),
            ),
            Major::MN => {
                if !slice_rows.is_multiple_of(e) {
                    return Err(HopperConfigError::SliceNotWholeSwizzleRows {
                        flag,
                        slice_rows,
                        swizzle,
                        elements: e,
                    });
                }
                ((e, bk), (0..slice_rows / e).map(|q| (q * e, 0)).collect())
            }
        };
        if box_dims.0 > 256 || box_dims.1 > 256 || starts.len() > MAX_BOXES {
            return Err(HopperConfigError::TooManyBoxes {
                flag,
                boxes: starts.len(),
                inner: box_dims.0,
                outer: box_dims.1,
            });
        }
        let slice_bytes = if parts > 1 { at(slice_rows, 0) } else { 0 };
        let align = (8 * w).max(128) as i64;
        let mut boxes = Vec::new();
        for (row, k) in starts {
            let dst = at(row, k);
            for sl in 0..parts {
                let base = dst + sl as i64 * slice_bytes;
                if base % align != 0 {
                    return Err(HopperConfigError::BoxMisaligned {
                        flag,
                        row: sl * slice_rows + row,
                        k,
                        base,
                        align,
                        swizzle,
                    });
                }
                let (outer, inner) = match major {
                    Major::K => (slice_rows, e.min(bk)),
                    Major::MN => (bk, e),
                };
                for i in 0..outer {
                    for j in 0..inner {
                        let (r, kk) = match major {
                            Major::K => (sl * slice_rows + row + i, k + j),
                            Major::MN => (sl * slice_rows + row + j, k + i),
                        };
                        let want = base + (i * w + 2 * j) as i64;
                        let got = at(r, kk);
                        if got != want {
                            return Err(HopperConfigError::TmaCannotFill {
                                flag,
                                swizzle,
                                row: r,
                                k: kk,
                                want,
                                got,
                            });
                        }
                    }
                }
            }
            boxes.push(TmaBox {
                smem_bytes: dst as usize,
                row,
                k,
            });
        }
        Ok(TmaPlan {
            swizzle,
            major,
            box_dims,
            boxes,
            slice_rows,
            slice_bytes: slice_bytes.max(0) as usize,
        })
    }
}

/// A validated Hopper configuration.
#[derive(Clone, Debug)]
pub struct HopperConfig {
    /// Problem size.
    pub m: usize,
    /// Problem size.
    pub n: usize,
    /// Problem size (the reduction).
    pub k: usize,
    /// Element type.
    pub dtype: Dtype,
    /// The atom's name, as given.
    pub mma: String,
    /// The wgmma's N.
    pub atom_n: usize,
    /// Block tile (BM, BN, BK).
    pub tile: (usize, usize, usize),
    /// Pipeline depth.
    pub stages: usize,
    /// A's atom as written.
    pub smem_a_atom: String,
    /// B's atom as written.
    pub smem_b_atom: String,
    /// A's stage layout (elements), tiled to (BM, BK).
    pub smem_a: SmemLayout,
    /// B's stage layout (elements), tiled to (BN, BK).
    pub smem_b: SmemLayout,
    /// A's wgmma descriptor.
    pub desc_a: GmmaDesc,
    /// B's wgmma descriptor.
    pub desc_b: GmmaDesc,
    /// Block index → tile index (over clusters of tiles when `cluster` is not (1,1)).
    pub raster: Layout,
    /// The raster as written.
    pub raster_text: String,
    /// Consumer warpgroups (BM = 64 × consumers).
    pub consumers: usize,
    /// Registers per thread of the producer and of each consumer after `setmaxnreg`.
    pub regs: (usize, usize),
    /// Cluster shape (CTAs along M, CTAs along N): B is multicast to the CM CTAs of a cluster
    /// column, A to the CN CTAs of a cluster row.
    pub cluster: (usize, usize),
    /// A persistent grid: one block per SM (cluster-aligned) looping over the tiles.
    pub persistent: bool,
    /// C stored through shared memory by TMA (`cp.async.bulk.tensor`), else by the consumers'
    /// registers directly.
    pub tma_store: bool,
    /// Byte distance between the slices of A (BM/CN rows) that the CTAs of a cluster row load.
    pub a_slice_bytes: usize,
    /// Byte distance between the slices of B (BN/CM rows) that the CTAs of a cluster column load.
    pub b_slice_bytes: usize,
    /// How TMA fills A's stage (boxes, swizzle).
    pub tma_a: TmaPlan,
    /// How TMA fills B's stage.
    pub tma_b: TmaPlan,
    /// How A and B lie in global and shared memory.
    pub majors: Majors,
    /// With `tma_store`: one consumer's (64, BN) C staging layout, in elements: 64x64 boxes of
    /// `Sw<3,3,3> o (8,64):(64,1)` (what TMA's 128B-swizzled store reads).
    pub smem_c: Option<SmemLayout>,
    /// With `tma_store`: the columns of C staged at a time (a multiple of 64 dividing BN: the
    /// widest whose staging fits in shared memory beside the stages).
    pub c_chunk: usize,
    /// Split-K: the K loop of every output tile is split over this many CTAs (work units of
    /// `tile × split`), split `s` taking k-tiles `[s·KT/S, (s+1)·KT/S)` (KT k-tiles in all, each
    /// split at least one); each writes its fp32 partial tile to a workspace of S × M × N floats
    /// and a second kernel ([`super::codegen::REDUCE_KERNEL_NAME`]) sums the S partials of each
    /// element in the order s = 0, 1, …: the same result every run. 1: no split.
    pub split_k: usize,
}

/// The Hopper path's BK: one SW128 K-major atom along K (128 bytes of 16-bit elements).
pub const BK: usize = 64;

/// The k-tiles of a K loop over `k` (of [`BK`] each, the last one ragged).
pub fn k_tiles(k: usize) -> usize {
    k.div_ceil(BK)
}

/// The most CTAs one output tile's K loop is split over.
pub const MAX_SPLIT_K: usize = 16;

fn int3(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
) -> Result<(usize, usize, usize), FlagError> {
    let v = int_list(read, flag, text, 3)?;
    Ok((v[0], v[1], v[2]))
}

/// The atom as a layout in elements with its swizzle in element units. A GMMA atom
/// (`Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1)`) swizzles byte addresses: its base drops by
/// log2(bytes per element).
fn atom_in_elements(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
) -> Result<(Option<Swizzle>, Layout), HopperConfigError> {
    match read_value(read, flag, text)? {
        FlagValue::Layout(l) => Ok((None, l)),
        FlagValue::Composed(ComposedLayout {
            swizzle,
            offset,
            layout,
        }) => match offset {
            Offset::Int(0) => Ok((Some(swizzle), layout)),
            Offset::SmemPtr(bits) if bits == 8 * ELEM_BYTES => {
                let log2e = ELEM_BYTES.trailing_zeros() as i64;
                if swizzle.bits > 0 && swizzle.base < log2e {
                    return Err(HopperConfigError::SwizzleSplitsElements { flag, swizzle });
                }
                let base = if swizzle.bits > 0 {
                    swizzle.base - log2e
                } else {
                    swizzle.base
                };
                let s = Swizzle::new(swizzle.bits, base, swizzle.shift)
                    .map_err(|source| ConfigError::FlagAlgebra { flag, source })?;
                Ok((Some(s), layout))
            }
            Offset::SmemPtr(bits) => Err(HopperConfigError::AtomElementBits { flag, bits }),
            _ => Err(HopperConfigError::AtomOffset {
                flag,
                text: text.to_string(),
            }),
        },
        other => Err(HopperConfigError::NotAGmmaAtom {
            flag,
            kind: other.kind(),
        }),
    }
}

/// Tile the atom to (rows, bk) as CUTLASS's Hopper builder does: a K-major atom down the rows
/// first, an MN-major one along K first (so that one TMA box of a swizzle row's worth of rows
/// and all of BK lands contiguously). The atom's contiguous mode must be the operand's: TMA
/// copies without transposing.
fn stage_layout(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
    operand: Operand,
    major: Major,
    (rows, bk): (usize, usize),
) -> Result<SmemLayout, HopperConfigError> {
    let (sw, atom) = atom_in_elements(read, flag, text)?;
    let at = |r: i64, k: i64| {
        atom.eval(&IntTuple::tuple([IntTuple::int(r), IntTuple::int(k)]))
            .unwrap_or(-1)
    };
    let (a0, a1) = atom_extents(flag, &atom)?;
    let contiguous = if a1 > 1 && at(0, 1) - at(0, 0) == 1 {
        Some(Major::K)
    } else if a0 > 1 && at(1, 0) - at(0, 0) == 1 {
        Some(Major::MN)
    } else {
        None
    };
    if contiguous != Some(major) {
        return Err(HopperConfigError::AtomMajorness {
            flag,
            atom: Box::new(atom),
            contiguous,
            operand,
            major,
        });
    }
    let order = match major {
        Major::K => TileOrder::RowsFirst,
        Major::MN => TileOrder::KFirst,
    };
    Ok(tile_stage_in_order(flag, sw, &atom, (rows, bk), order)?)
}

/// Where TMA's `SWIZZLE_128B` box of (rows, 64) 16-bit elements puts element (r, k), in elements:
/// rows 128 bytes apart, the 16-byte chunk index XORed with the row modulo 8.
pub fn tma_sw128_offset(r: usize, k: usize) -> i64 {
    (r * 64 + (((k / 8) ^ (r % 8)) * 8) + k % 8) as i64
}

/// The predicted bank conflicts of wgmma's reads of a stage: one core matrix (8 lines of 16
/// bytes: 8 rows at one k-chunk when K-major, 8 k at one 8-row chunk when MN-major) per phase,
/// through the bank analysis of the stage layout. 1: conflict-free.
pub fn predicted_core_matrix_conflicts(s: &SmemLayout, major: Major, rows: usize) -> Option<usize> {
    let rows = rows as i64;
    let (lane, value) = match major {
        Major::K => (1, rows),
        Major::MN => (rows, 1),
    };
    let tv = Layout::new(
        IntTuple::tuple([IntTuple::int(8), IntTuple::int(8)]),
        IntTuple::tuple([IntTuple::int(lane), IntTuple::int(value)]),
    )
    .ok()?;
    cute::analysis::bank::analyze(s, &tv, 16, 128)
        .ok()
        .map(|r| r.degree)
}

/// The C staging must be what TMA's 128B-swizzled 64x64 boxes read: box b (columns 64 b..)
/// at element 4096 b, each box as [`tma_sw128_offset`].
fn check_c_boxes(c: &SmemLayout, bn: usize) -> Result<(), HopperConfigError> {
    for r in 0..64 {
        for col in 0..bn {
            let want = 4096 * (col / 64) as i64 + tma_sw128_offset(r, col % 64);
            let got = c.at(r as i64, col as i64);
            if got != want {
                return Err(HopperConfigError::CStaging {
                    row: r,
                    col,
                    got,
                    want,
                });
            }
        }
    }
    Ok(())
}

/// `--tile` and `--stages` not given take this path's defaults: tile (64 × consumers, N, 64)
/// and the deepest pipeline up to 4 stages that fits in shared memory.
pub fn resolve_defaults(f: &GemmFlags) -> Result<GemmFlags, HopperConfigError> {
    let atom = parse_atom(f.mma.as_deref().unwrap_or_default())?;
    let mut r = f.clone();
    let consumers = check_consumers(f.consumers)?;
    let tile = f
        .tile
        .clone()
        .unwrap_or_else(|| format!("({},{},64)", 64 * consumers, atom.n));
    if f.stages.is_none() {
        let stages = match int_list(f.read, "--tile", &tile, 3) {
            Ok(v) => deepest_stages((v[0], v[1], v[2]), consumers, f.tma_store, DEFAULT_STAGES),
            Err(_) => DEFAULT_STAGES,
        };
        r.stages = Some(stages);
    }
    r.tile = Some(tile);
    Ok(r)
}

/// `--consumers`, 1 to [`MAX_CONSUMERS`] (default [`DEFAULT_CONSUMERS`]).
fn check_consumers(c: Option<usize>) -> Result<usize, HopperConfigError> {
    let consumers = c.unwrap_or(DEFAULT_CONSUMERS);
    if consumers == 0 || consumers > MAX_CONSUMERS {
        return Err(HopperConfigError::Consumers(consumers));
    }
    Ok(consumers)
}

/// Shared memory for C's staging (TMA store): 64 rows × `cols` of each consumer, 16-bit elements.
/// The deepest pipeline `--stages` takes by default.
pub const DEFAULT_STAGES: usize = 4;

/// The deepest pipeline, at most `cap` stages and at least 2, whose stages of a `(BM, BN, BK)`
/// tile fit in shared memory beside C's staging at its narrowest (64 columns, with the TMA
/// store), the barriers and the alignment.
pub fn deepest_stages(
    (bm, bn, bk): (usize, usize, usize),
    consumers: usize,
    tma_store: bool,
    cap: usize,
) -> usize {
    let fixed = c_staging_bytes(tma_store, consumers, 64) + 1024;
    let per_stage = (bm + bn)
        .saturating_mul(bk)
        .saturating_mul(2)
        .saturating_add(16);
    let mut stages = cap.max(2);
    while stages > 2 && fixed.saturating_add(stages.saturating_mul(per_stage)) > MAX_SMEM_BYTES {
        stages -= 1;
    }
    stages
}

fn c_staging_bytes(tma_store: bool, consumers: usize, cols: usize) -> usize {
    if tma_store {
        consumers * 64 * cols * 2
    } else {
        0
    }
}

/// `--cluster`: `CM`, `(CM)` or `(CM,CN)`.
pub fn parse_cluster(read: ReadFlag, text: &str) -> Result<(usize, usize), HopperConfigError> {
    let t = text.trim();
    if let Ok(cm) = t.parse::<usize>() {
        if cm == 0 {
            return Err(HopperConfigError::ZeroCluster);
        }
        return Ok((cm, 1));
    }
    let v = int_list(read, "--cluster", t, 2)
        .map_err(|_| HopperConfigError::ClusterShape(text.to_string()))?;
    Ok((v[0], v[1]))
}

impl HopperConfig {
    /// Validate flags; `--tile` and `--stages` not given take this path's defaults
    /// ([`resolve_defaults`]: tile (64 × consumers, N, 64), up to 4 stages).
    pub fn from_flags(f: &GemmFlags) -> Result<HopperConfig, HopperConfigError> {
        let dtype = Dtype::parse(&f.dtype)?;
        let mma = f.mma.clone().unwrap_or_default();
        let atom = parse_atom(&mma)?;
        if atom.dtype != dtype {
            return Err(ConfigError::MmaDtype {
                mma,
                atom: atom.dtype,
                dtype,
            }
            .into());
        }
        let majors = f.majors;
        check_atom_majors(&mma, &atom, majors)?;
        let f = &resolve_defaults(f)?;
        let (bm, bn, bk) = int3(f.read, "--tile", f.tile.as_deref().unwrap_or_default())?;
        let stages = f.stages.unwrap_or_default();
        let consumers = check_consumers(f.consumers)?;
        let regs = register_split(consumers);
        if atom.n > widest_n(consumers) {
            return Err(HopperConfigError::TooFewRegisters {
                consumers,
                n: atom.n,
            });
        }
        if bm != 64 * consumers {
            return Err(HopperConfigError::BmPerConsumers { bm, consumers });
        }
        if bn != atom.n {
            return Err(HopperConfigError::BnPerAtom { bn, n: atom.n, mma });
        }
        if bk != BK {
            return Err(HopperConfigError::BkNot64(bk));
        }
        if stages < 2 {
            return Err(ConfigError::TooFewStages.into());
        }
        if f.tma_store && !bn.is_multiple_of(64) {
            return Err(HopperConfigError::TmaStoreBn(bn));
        }
        // C is staged in chunks of 64 rows x c_chunk columns per consumer: the widest chunk
        // (a multiple of 64 dividing BN) that fits beside the stages
        let smem_with = |cols: usize| {
            stages
                .checked_mul((bm + bn) * bk * 2 + 16)
                .and_then(|x| x.checked_add(c_staging_bytes(f.tma_store, consumers, cols) + 1024))
                .unwrap_or(usize::MAX)
        };
        let c_chunk = if f.tma_store {
            (1..=bn / 64)
                .rev()
                .map(|q| 64 * q)
                .find(|w| bn.is_multiple_of(*w) && smem_with(*w) <= MAX_SMEM_BYTES)
                .unwrap_or(64)
        } else {
            0
        };
        let c_bytes = c_staging_bytes(f.tma_store, consumers, c_chunk);
        let smem = smem_with(c_chunk);
        if smem > MAX_SMEM_BYTES {
            return Err(HopperConfigError::SmemTooLarge {
                stages,
                bm,
                bn,
                bk,
                c_staging: f.tma_store.then_some(c_bytes),
                bytes: smem,
            });
        }
        check_problem(f)?;
        let split_k = f.split_k.unwrap_or(1);
        let ktiles = k_tiles(f.k);
        if split_k == 0 || split_k > MAX_SPLIT_K {
            return Err(HopperConfigError::SplitK(split_k));
        }
        if split_k > ktiles {
            return Err(HopperConfigError::SplitsOverKTiles {
                splits: split_k,
                k: f.k,
                bk,
                ktiles,
            });
        }
        if split_k > 1 && f.tma_store {
            return Err(HopperConfigError::SplitKWithTmaStore(split_k));
        }
        if f.tma_store && !f.n.is_multiple_of(8) {
            return Err(HopperConfigError::TmaStoreN(f.n));
        }
        let smem_a_atom = f
            .smem_a
            .clone()
            .unwrap_or_else(|| default_atom(dtype, majors.a));
        let smem_b_atom = f
            .smem_b
            .clone()
            .unwrap_or_else(|| default_atom(dtype, majors.b));
        let smem_a = stage_layout(
            f.read,
            "--smem-a",
            &smem_a_atom,
            Operand::A,
            majors.a,
            (bm, bk),
        )?;
        let smem_b = stage_layout(
            f.read,
            "--smem-b",
            &smem_b_atom,
            Operand::B,
            majors.b,
            (bn, bk),
        )?;
        let desc_a = GmmaDesc::derive("--smem-a", &smem_a, majors.a, (bm, bk), 64)?;
        let desc_b = GmmaDesc::derive("--smem-b", &smem_b, majors.b, (bn, bk), bn)?;
        let (tm, tn) = (f.m.div_ceil(bm), f.n.div_ceil(bn));
        let cluster = match &f.cluster {
            Some(t) => parse_cluster(f.read, t)?,
            None => (1, 1),
        };
        let (cm, cn) = cluster;
        if cm * cn > MAX_CLUSTER {
            return Err(HopperConfigError::ClusterTooLarge { cm, cn });
        }
        if !tm.is_multiple_of(cm) {
            return Err(HopperConfigError::ClusterAlongM { cm, tm, m: f.m, bm });
        }
        if !tn.is_multiple_of(cn) {
            return Err(HopperConfigError::ClusterAlongN { cn, tn, n: f.n, bn });
        }
        if !bn.is_multiple_of(8 * cm) {
            return Err(HopperConfigError::ClusterSliceB { cm, bn });
        }
        if !bm.is_multiple_of(8 * cn) {
            return Err(HopperConfigError::ClusterSliceA { cn, bm });
        }
        let tma_a = TmaPlan::derive("--smem-a", &smem_a, majors.a, (bm, bk), cn)?;
        let tma_b = TmaPlan::derive("--smem-b", &smem_b, majors.b, (bn, bk), cm)?;
        let (a_slice_bytes, b_slice_bytes) = (tma_a.slice_bytes, tma_b.slice_bytes);
        let raster = raster_layout(f.read, &f.raster, tm / cm, tn / cn)?;
        let smem_c = if f.tma_store {
            let atom = Layout::new(
                IntTuple::tuple([IntTuple::int(8), IntTuple::int(64)]),
                IntTuple::tuple([IntTuple::int(64), IntTuple::int(1)]),
            )?;
            let sw = Swizzle::new(3, 3, 3)?;
            let c = tile_stage("--tma-store", Some(sw), &atom, 64, c_chunk)?;
            check_c_boxes(&c, c_chunk)?;
            Some(c)
        } else {
            None
        };
        Ok(HopperConfig {
            m: f.m,
            n: f.n,
            k: f.k,
            dtype,
            mma,
            atom_n: atom.n,
            tile: (bm, bn, bk),
            stages,
            smem_a_atom,
            smem_b_atom,
            smem_a,
            smem_b,
            desc_a,
            desc_b,
            raster,
            raster_text: f.raster.clone(),
            consumers,
            regs,
            cluster,
            persistent: f.persistent,
            tma_store: f.tma_store,
            a_slice_bytes,
            b_slice_bytes,
            tma_a,
            tma_b,
            majors,
            smem_c,
            c_chunk,
            split_k,
        })
    }

    /// Threads per block: one producer warpgroup and the consumers.
    pub fn threads(&self) -> usize {
        128 * (1 + self.consumers)
    }

    /// CTAs per cluster.
    pub fn cluster_size(&self) -> usize {
        self.cluster.0 * self.cluster.1
    }

    /// Clusters along M and N (the raster's grid).
    pub fn cluster_grid(&self) -> (usize, usize) {
        let (tm, tn) = self.tiles();
        (tm / self.cluster.0, tn / self.cluster.1)
    }

    /// Work units of clusters: each cluster of tiles once per split.
    pub fn cluster_units(&self) -> usize {
        let (gm, gn) = self.cluster_grid();
        gm * gn * self.split_k
    }

    /// Blocks to launch on a GPU with `sms` multiprocessors: one per tile and split, or with
    /// `persistent` one per SM (whole clusters, no more than there are work units).
    pub fn grid_blocks(&self, sms: usize) -> usize {
        let cs = self.cluster_size();
        if self.persistent {
            (sms / cs).clamp(1, self.cluster_units()) * cs
        } else {
            self.cluster_units() * cs
        }
    }

    /// Floats of the split-K workspace (S partial M × N tiles), 0 without split-K.
    pub fn workspace_floats(&self) -> usize {
        if self.split_k > 1 {
            self.split_k * self.m * self.n
        } else {
            0
        }
    }

    /// Bytes of one consumer's C staging (0 without `tma_store`).
    pub fn c_consumer_bytes(&self) -> usize {
        if self.tma_store {
            64 * self.c_chunk * 2
        } else {
            0
        }
    }

    /// Bytes of one stage of A.
    pub fn a_stage_bytes(&self) -> usize {
        self.tile.0 * self.tile.2 * 2
    }

    /// Bytes of one stage of B.
    pub fn b_stage_bytes(&self) -> usize {
        self.tile.1 * self.tile.2 * 2
    }

    /// Dynamic shared memory: the stages, 1024 bytes to align them, and the barriers.
    pub fn smem_bytes(&self) -> usize {
        self.stages * (self.a_stage_bytes() + self.b_stage_bytes())
            + self.consumers * self.c_consumer_bytes()
            + 1024
            + 16 * self.stages
    }

    /// Tiles along M and N.
    pub fn tiles(&self) -> (usize, usize) {
        (self.m.div_ceil(self.tile.0), self.n.div_ceil(self.tile.1))
    }
}

impl fmt::Display for HopperConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bm, bn, bk) = self.tile;
        let (sa, sb) = (self.desc_a.swizzle, self.desc_b.swizzle);
        let smem = if sa == sb {
            sa.name().to_string()
        } else {
            format!("A {} B {}", sa.name(), sb.name())
        };
        write!(
            f,
            "wgmma 64x{}x16 {bm}x{bn}x{bk} TMA {smem}, {} consumer{}, stages {} raster {}",
            self.atom_n,
            self.consumers,
            if self.consumers == 1 { "" } else { "s" },
            self.stages,
            self.raster_text
        )?;
        let (cm, cn) = self.cluster;
        if cm * cn > 1 {
            let what: Vec<&str> = [(cm > 1, "B"), (cn > 1, "A")]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, w)| *w)
                .collect();
            write!(f, ", cluster ({cm},{cn}) multicast {}", what.join("+"))?;
        }
        if self.persistent {
            write!(f, ", persistent")?;
        }
        if self.tma_store {
            write!(f, ", TMA store")?;
            if self.c_chunk < self.tile.1 {
                write!(f, " ({} columns at a time)", self.c_chunk)?;
            }
        }
        if self.split_k > 1 {
            write!(f, ", split-K {}", self.split_k)?;
        }
        if self.majors != Majors::default() {
            write!(f, ", {}", self.majors.describe())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(f: impl FnOnce(&mut GemmFlags)) -> GemmFlags {
        let mut g = GemmFlags {
            mma: Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into()),
            ..GemmFlags::new(crate::flags::read_flag)
        };
        f(&mut g);
        g
    }

    #[test]
    fn descriptors_follow_from_the_sw128_atom() {
        let c = HopperConfig::from_flags(&flags(|_| {})).unwrap();
        assert_eq!(c.tile, (128, 256, 64));
        assert_eq!(c.stages, 4);
        for d in [&c.desc_a, &c.desc_b] {
            assert_eq!(d.mode, 1, "128B swizzle");
            // 8 rows of 128 bytes per group: SBO = 1024
            assert_eq!(d.sbo, 1024);
            assert_eq!(d.lbo, 16);
            // k16 slices 32 bytes apart inside the 128-byte swizzle row
            assert_eq!(d.k_offsets, vec![0, 32, 64, 96]);
            assert_eq!(d.constant(), (1u64 << 62) | (64u64 << 32) | (1u64 << 16));
        }
        // the second consumer's 64 rows start 64 * 128 bytes in
        assert_eq!(c.desc_a.row_offsets, vec![0, 8192]);
        // the plain element-unit swizzle is the same layout
        let e = HopperConfig::from_flags(&flags(|g| {
            g.smem_a = Some("Sw<3,3,3> o (8,64):(64,1)".into());
        }))
        .unwrap();
        assert_eq!(e.desc_a, c.desc_a);
    }

    #[test]
    fn layouts_wgmma_and_tma_cannot_use_are_refused() {
        let err =
            |f: fn(&mut GemmFlags)| HopperConfig::from_flags(&flags(f)).unwrap_err().to_string();
        let e = err(|g| g.smem_b = Some("Sw<3,3,3> o (8,32):(32,1)".into()));
        assert!(
            e.starts_with("--smem-b") && e.contains("not one of wgmma's canonical layouts"),
            "{e}"
        );
        let e = err(|g| g.smem_a = Some("(8,64):(64,1)".into()));
        assert!(
            e.contains("INTER K-major") && e.contains("canonical"),
            "{e}"
        );
        let e = err(|g| g.smem_b = Some("Sw<2,3,2> o (8,64):(64,1)".into()));
        assert!(e.contains("none of wgmma's layout types"), "{e}");
        // an MN-major atom for a K-major operand, and the other way round
        let e = err(|g| g.smem_b = Some("Sw<3,3,3> o (8,64):(1,8)".into()));
        assert!(
            e.contains("MN-major (rows contiguous)") && e.contains("without transposing"),
            "{e}"
        );
        let e = err(|g| {
            g.majors.a = Major::MN;
            g.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into());
            g.smem_a = Some("gmma_atom(Layout_K_SW128_Atom, bf16)".into());
        });
        assert!(e.contains("is K-major") && e.contains("--a-major M"), "{e}");
        // a cluster slice narrower than an MN-major swizzle row
        let e = err(|g| {
            g.majors.a = Major::MN;
            g.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into());
            g.cluster = Some("(1,4)".into());
        });
        assert!(e.contains("whole number of SW128 swizzle rows"), "{e}");
        assert!(err(|g| g.tile = Some("(128,256,32)".into())).starts_with("--tile: BK"));
        assert!(err(|g| g.tile = Some("(128,192,64)".into())).starts_with("--tile: BN"));
        assert!(err(|g| g.stages = Some(6)).starts_with("--stages/--tile"));
        // the atom's <MA,MB> must agree with the flags
        let e = err(|g| g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<MN,K>".into()));
        assert!(
            e.contains("--a-major is K") && e.contains("--a-major M"),
            "{e}"
        );
        let e = err(|g| g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<K,X>".into()));
        assert!(e.contains("K or MN"), "{e}");
        assert!(err(|g| g.dtype = "f16".into()).contains("--dtype"));
    }

    #[test]
    fn every_majorness_and_layout_type_derives_its_descriptors() {
        let atom = |m: &str, sw: &str| format!("gmma_atom(Layout_{m}_{sw}_Atom, bf16)");
        for majors in Majors::ALL {
            for sw in ["SW128", "SW64", "SW32", "INTER"] {
                let c = HopperConfig::from_flags(&flags(|g| {
                    g.majors = majors;
                    g.mma = Some(sm90_mma("bf16", 256, majors));
                    g.smem_a = Some(atom(gmma_major(majors.a), sw));
                    g.smem_b = Some(atom(gmma_major(majors.b), sw));
                }))
                .unwrap_or_else(|e| panic!("{} {sw}: {e}", majors.describe()));
                assert_eq!(c.desc_a.transpose(), u32::from(majors.a == Major::MN));
                assert_eq!(c.desc_b.transpose(), u32::from(majors.b == Major::MN));
                assert_eq!(c.desc_a.swizzle.name(), sw);
            }
        }
        // MN-major SW128 (CUTLASS's K-first tiling): 8 k of 128 bytes per atom, the next 8 k
        // 1024 bytes on (SBO), the next 64 rows after the 8 atoms along K (LBO = 8192, B only)
        let c = HopperConfig::from_flags(&flags(|g| {
            g.majors = Majors::ALL[2];
            g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<MN,MN>".into());
        }))
        .unwrap();
        assert_eq!((c.desc_a.mode, c.desc_a.sbo), (1, 1024));
        assert_eq!((c.desc_b.lbo, c.desc_b.sbo), (8192, 1024));
        assert_eq!(c.desc_a.k_offsets, vec![0, 2048, 4096, 6144]);
        assert_eq!(c.desc_a.row_offsets, vec![0, 8192]);
        // TMA: boxes of 64 rows x 64 k, two for A, four for B
        assert_eq!(c.tma_a.box_dims, (64, 64));
        assert_eq!((c.tma_a.boxes.len(), c.tma_b.boxes.len()), (2, 4));
        assert_eq!(c.tma_b.boxes[1].smem_bytes, 8192);
    }
}
