//! [`HopperConfigError`]: why the flags make no configuration of the Hopper path, each message
//! naming the flag (the atom, the tile, the stage layouts, the descriptors, the TMA boxes, the
//! consumers, cluster, split-K and shared-memory limits).

use crate::config::{ConfigError, MAX_SMEM_BYTES};
use crate::flags::{FlagError, Major, Operand};
use cute::algebra::{AlgebraError, Layout, Swizzle};

use super::MAX_SPLIT_K;
use super::atom::gmma_major;
use super::budget::{
    CONSUMER_OVERHEAD_REGS, MAX_CLUSTER, MAX_CONSUMERS, compile_register_cap, register_split,
    widest_n_allocatable,
};
use super::desc::GmmaSwizzle;
use super::tma::MAX_BOXES;
use crate::config::Dtype;

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
        "--mma: expected SM90_64x{{N}}x16_F32BF16BF16_SS<MA,MB> or SM90_64x{{N}}x16_F32F16F16_SS<MA,MB> (N a multiple of 8 up to 256; MA, MB each K or MN, or <MA,MB> left out), or for fp8 SM90_64x{{N}}x32_F32{{A}}{{B}}_SS_TN with A, B each E4M3 or E5M2 (K-major: no <MA,MB>), got {0}"
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
        "{flag}: the {} {}-major stage's {mn}x{k} wgmma operand is not one of wgmma's canonical layouts, which CuTe's make_gmma_desc requires (its static_assert: {why}); use CuTe's Layout_{}_{}_Atom tiled {}",
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
        /// One wgmma's rows (or columns) of the operand.
        mn: usize,
        /// Its elements along K.
        k: usize,
        /// The violated condition, as CuTe's static_assert names it.
        why: String,
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
    /// CuTe's `make_tma_copy` derives another box for the stage than its swizzle's rows.
    #[error(
        "{flag}: CuTe's make_tma_copy derives the TMA box {got} for this stage, not the {} swizzle's rows {want}: TMA cannot fill this layout with whole swizzle rows",
        .swizzle.name()
    )]
    TmaBoxNotSwizzleRows {
        /// The flag.
        flag: &'static str,
        /// The stage's layout type.
        swizzle: GmmaSwizzle,
        /// The box the swizzle's rows need (inner, outer).
        want: String,
        /// The box CuTe derives (or why it derives none).
        got: String,
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
    #[error("{flag}: the atom is for {bits}-bit elements, but the operand's are {want}-bit")]
    AtomElementBits {
        /// The flag.
        flag: &'static str,
        /// The atom's element bits.
        bits: i64,
        /// The operand's element bits.
        want: i64,
    },
    /// An fp8 operand that is not K-major.
    #[error(
        "{}: {} is {} ({}-major), but wgmma reads 8-bit operands K-major only (CuTe's SM90 fp8 GMMA atoms are _TN: a static_assert refuses MN-major ones), and this program has no transpose pass: give {} K",
        .operand.major_flag(),
        .operand.describe(),
        .dtype,
        Major::MN.letter(*.operand),
        .operand.major_flag()
    )]
    Fp8NotKMajor {
        /// The operand.
        operand: Operand,
        /// Its type.
        dtype: Dtype,
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
    #[error("{}", too_few_registers(*.consumers, *.n, *.sets))]
    TooFewRegisters {
        /// Consumer warpgroups.
        consumers: usize,
        /// The wgmma's N.
        n: usize,
        /// Accumulator sets (2 for fp8's promotion).
        sets: usize,
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
    /// `--scale block` with a tile whose N neither divides 128 nor is 192 (two of B's 128-row
    /// scale blocks, split at 128 or 64 columns) with one set of k-tile sums.
    #[error(
        "--scale block: the tile's BN = {0} must divide 128, so that each tile lies in one 128x128 scale block of B (one scale of B a k-tile), or be 192 (two scale blocks, split at column 128 or 64) where the promotion is not overlapped"
    )]
    BlockScaleBn(usize),
    /// BK is not one SW128 atom.
    #[error(
        "--tile: BK = {bk} must be {want}: one SW128 K-major atom along K, 128 bytes of {dtype} (TMA's 128B swizzle takes boxes 128 bytes wide)"
    )]
    BkNotOneAtom {
        /// BK.
        bk: usize,
        /// One atom's K.
        want: usize,
        /// The element type.
        dtype: Dtype,
    },
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

/// [`HopperConfigError::TooFewRegisters`]'s message: one set of accumulators is held to
/// ptxas's launch-bounds cap, the two sets of promoted fp8 to the consumer's share after
/// `setmaxnreg` ([`widest_n_allocatable`]).
fn too_few_registers(consumers: usize, n: usize, sets: usize) -> String {
    let threads = 128 * (1 + consumers);
    let has = if sets > 1 {
        let (producer, consumer) = register_split(consumers);
        format!(
            "a consumer thread has {consumer} registers (setmaxnreg: 512 a lane across the warpgroups, the producer keeping {producer})"
        )
    } else {
        format!(
            "ptxas has {} registers a thread (65536 / threads)",
            compile_register_cap(consumers)
        )
    };
    let (plural, promoted) = if sets > 1 {
        ("s", "; fp8 sums each k-tile apart and adds it to fp32 sums")
    } else {
        ("", "")
    };
    format!(
        "--consumers: with {consumers} consumer warpgroups ({threads} threads) {has}, too few for {sets} 64x{n} fp32 accumulator{plural} ({} registers{promoted}) and about {CONSUMER_OVERHEAD_REGS} more: use fewer consumers or an atom with N <= {}",
        sets * n / 2,
        widest_n_allocatable(consumers, sets)
    )
}
