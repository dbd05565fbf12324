//! The command line's grammar (clap): the commands, their options, and how the options read.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use cute::render::Format;

use crate::output::Latched;

/// A calculator for CuTe layout algebra: what CuTe C++ computes, at the command line.
#[derive(Parser)]
#[command(
    name = "cute",
    version = VERSION,
    about,
    long_about = None,
    after_help = EXAMPLES,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(flatten)]
    pub out: GlobalOpts,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The output options given before the command: they apply to whichever command follows
/// (each command's `--help` lists the formats it prints).
#[derive(clap::Args, Clone, Copy, Default)]
pub struct GlobalOpts {
    /// Output format of the command [default: plain; gemm: table] (`cute COMMAND --help` lists
    /// those it prints; csv is gemm's).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// List the values L(0), L(1), … (capped): after a layout in plain output (as a comment), under "values" in json.
    #[arg(long)]
    pub values: bool,
    /// When to colour output (NO_COLOR is honoured) [default: auto].
    #[arg(long, value_enum)]
    pub color: Option<ColorArg>,
    /// Where CuTe's answer breaks the law of the operation (SPEC §3), fail (exit 1) instead of
    /// printing it with a warning.
    #[arg(long)]
    pub strict: bool,
}

/// How values are printed: the options of the commands that print values (given before or
/// after the command).
#[derive(clap::Args, Clone, Copy, Default)]
pub struct ValueOpts {
    /// Output format of values [default: plain].
    #[arg(long, value_enum)]
    pub format: Option<ValueFormat>,
    /// List the values L(0), L(1), … (capped): after a layout in plain output (as a comment), under "values" in json.
    #[arg(long)]
    pub values: bool,
    /// When to colour output (NO_COLOR is honoured) [default: auto].
    #[arg(long, value_enum)]
    pub color: Option<ColorArg>,
    /// Where CuTe's answer breaks the law of the operation (SPEC §3), fail (exit 1) instead of
    /// printing it with a warning.
    #[arg(long)]
    pub strict: bool,
}

/// How a report is printed: the options of `explain` and `bank`.
#[derive(clap::Args, Clone, Copy, Default)]
pub struct ReportOpts {
    /// Output format: text (plain) or data (json) [default: plain].
    #[arg(long, value_enum)]
    pub format: Option<ReportFormat>,
    /// When to colour output (NO_COLOR is honoured) [default: auto].
    #[arg(long, value_enum)]
    pub color: Option<ColorArg>,
    /// Where CuTe's answer breaks the law of the operation (SPEC §3), fail (exit 1) instead of
    /// printing it with a warning.
    #[arg(long)]
    pub strict: bool,
}

impl From<ValueOpts> for GlobalOpts {
    fn from(v: ValueOpts) -> GlobalOpts {
        GlobalOpts {
            format: v.format.map(FormatArg::from),
            values: v.values,
            color: v.color,
            strict: v.strict,
        }
    }
}

impl From<ReportOpts> for GlobalOpts {
    fn from(r: ReportOpts) -> GlobalOpts {
        GlobalOpts {
            format: r.format.map(FormatArg::from),
            values: false,
            color: r.color,
            strict: r.strict,
        }
    }
}

/// The version, with the CuTe whose semantics `cute` follows.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (reference: CuTe C++ 4.7.0, include/cute of CUTLASS 4.7; static and dynamic integers)"
);

pub const EXAMPLES: &str = "Examples:
  cute eval 'composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)'
  cute compose '(6,2):(8,2)' '(4,3):(3,1)'
  cute show --style cute '(4,2):(1,4)'
  cute repl";

pub const EXPLAIN_HELP: &str = "Example:
  cute explain --verify 'composition((6,2):(8,2), (4,3):(3,1))'
  explain composition((6,2):(8,2), (4,3):(3,1))
    composition definition: R = A o B with A = (6,2):(8,2), B = (4,3):(3,1): R(i) = A(B(i))
    ...
      composition stride condition: A mode 0 = 6:8: rest_stride 3 % s_0 6 = 3, so s_0 does not divide rest_stride, but rest_stride 3 < s_0 6
        check: s_0 divides rest_stride: 6 divides 3 or rest_stride < s_0: 3 < 6 ✓
    ...
  = ((2,2),3):((24,2),8)
  verified: 9 checks hold

More:
  cute explain 'coalesce((2,(1,6)):(1,(6,2)))'
  cute explain 'complement(4:2, 24)'
  cute explain '(4,2,3):(2,1,8) / 4:2'
  cute explain --index 5 'right_inverse((2,4,6):(4,1,8))'
  cute explain 'Sw<3,4,3>(200)'
  cute explain --format json 'logical_product(2:1, 3:1)'

Steps are printed by the algorithms themselves; --format json gives them as data.";

/// Every output format, as `--format` before the command takes it (the command decides which
/// it prints).
#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    Plain,
    Table,
    Grid,
    Json,
    Cpp,
    Dsl,
    Cute,
    Csv,
}

/// The formats of the commands that print values (`eval`, `run`, `repl`, `show`, the
/// one-liners). A hidden value is read only to be refused with the message that says which
/// formats the command prints.
#[derive(Clone, Copy, ValueEnum)]
pub enum ValueFormat {
    Plain,
    Table,
    Grid,
    Json,
    Cpp,
    Dsl,
    /// Exactly what CuTe C++'s print() prints (`_4` static, `4` dynamic).
    Cute,
    #[value(hide = true)]
    Csv,
}

/// The formats of the commands that print a report (`explain`, `bank`): text or data. The
/// hidden values are read only to be refused with the message that says so.
#[derive(Clone, Copy, ValueEnum)]
pub enum ReportFormat {
    Plain,
    Json,
    #[value(hide = true)]
    Table,
    #[value(hide = true)]
    Grid,
    #[value(hide = true)]
    Cpp,
    #[value(hide = true)]
    Dsl,
    #[value(hide = true)]
    Cute,
    #[value(hide = true)]
    Csv,
}

/// The formats of `gemm`'s report. `plain` is read as `table`; the other hidden values only to
/// be refused with the message that says which formats it prints.
#[derive(Clone, Copy, ValueEnum)]
pub enum GemmFormat {
    Table,
    Json,
    Csv,
    #[value(hide = true)]
    Plain,
    #[value(hide = true)]
    Grid,
    #[value(hide = true)]
    Cpp,
    #[value(hide = true)]
    Dsl,
    #[value(hide = true)]
    Cute,
}

impl From<ValueFormat> for FormatArg {
    fn from(f: ValueFormat) -> FormatArg {
        match f {
            ValueFormat::Plain => FormatArg::Plain,
            ValueFormat::Table => FormatArg::Table,
            ValueFormat::Grid => FormatArg::Grid,
            ValueFormat::Json => FormatArg::Json,
            ValueFormat::Cpp => FormatArg::Cpp,
            ValueFormat::Dsl => FormatArg::Dsl,
            ValueFormat::Cute => FormatArg::Cute,
            ValueFormat::Csv => FormatArg::Csv,
        }
    }
}

impl From<ReportFormat> for FormatArg {
    fn from(f: ReportFormat) -> FormatArg {
        match f {
            ReportFormat::Plain => FormatArg::Plain,
            ReportFormat::Json => FormatArg::Json,
            ReportFormat::Table => FormatArg::Table,
            ReportFormat::Grid => FormatArg::Grid,
            ReportFormat::Cpp => FormatArg::Cpp,
            ReportFormat::Dsl => FormatArg::Dsl,
            ReportFormat::Cute => FormatArg::Cute,
            ReportFormat::Csv => FormatArg::Csv,
        }
    }
}

impl From<GemmFormat> for FormatArg {
    fn from(f: GemmFormat) -> FormatArg {
        match f {
            GemmFormat::Table => FormatArg::Table,
            GemmFormat::Json => FormatArg::Json,
            GemmFormat::Csv => FormatArg::Csv,
            GemmFormat::Plain => FormatArg::Plain,
            GemmFormat::Grid => FormatArg::Grid,
            GemmFormat::Cpp => FormatArg::Cpp,
            GemmFormat::Dsl => FormatArg::Dsl,
            GemmFormat::Cute => FormatArg::Cute,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DivideKind {
    Logical,
    Zipped,
    Tiled,
    Flat,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ProductKind {
    Logical,
    Zipped,
    Tiled,
    Flat,
    Blocked,
    Raked,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum GridStyle {
    /// Unicode box lines, coloured on a terminal.
    Box,
    /// Byte for byte what CuTe's print_layout prints.
    Cute,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ColorBy {
    /// Cells coloured by index modulo 8, as CuTe's print_latex shades them.
    Index,
    /// Cells coloured by shared-memory bank.
    Bank,
}

#[derive(clap::Args)]
pub struct GemmArgs {
    /// Rows of A and C.
    #[arg(long, default_value_t = 8192)]
    pub m: usize,
    /// Rows of B, columns of C.
    #[arg(long, default_value_t = 8192)]
    pub n: usize,
    /// The reduction.
    #[arg(long, default_value_t = 8192)]
    pub k: usize,
    /// Element type of A and B (bf16, f16, or fp8: e4m3, e5m2) and of C (bf16 for fp8 inputs);
    /// accumulation is fp32. fp8 runs on the Hopper path, both operands K-major, against
    /// cuBLASLt.
    #[arg(long, default_value = "bf16")]
    pub dtype: String,
    /// B's element type when it differs from A's: fp8 only (e5m2 x e4m3, e4m3 x e5m2).
    #[arg(long)]
    pub b_dtype: Option<String>,
    /// fp8 scaling: `tensor` (default for fp8: one fp32 scale for A and one for B, applied to
    /// the fp32 sums in the epilogue, as cuBLASLt's A/B_SCALE_POINTER) or `block` (DeepSeek-V3's:
    /// one fp32 scale per 1x128 of A, SFA (M,K/128):(1,M), and per 128x128 of B, SFB
    /// (N/128,K/128):(P,1), applied to each 128-deep partial sum as it is promoted; K a multiple
    /// of 128; against cuBLASLt's VEC128_32F and BLK128x128_32F).
    #[arg(long)]
    pub scale: Option<String>,
    /// fp8: leave the sums in the tensor cores' accumulation (about 14 bits kept a wgmma) over
    /// all of K instead of adding each k-tile of 128 to fp32 sums (one set of accumulators: N up
    /// to 256); cuBLASLt's FAST_ACCUM is set to match.
    #[arg(long)]
    pub fast_accum: bool,
    /// MMA atom (CuTe's name); default: the one for --dtype. An SM90 atom's `<MA,MB>` may be left
    /// out (its majors follow --a-major/--b-major) or must agree with them.
    #[arg(long)]
    pub mma: Option<String>,
    /// Warps along (M, N, K).
    #[arg(long, default_value = "(2,2,1)")]
    pub atom_layout: String,
    /// Block tile (BM, BN, BK); default (128,128,64) for mma.sync, (64 x consumers, N, 64) on
    /// the Hopper path.
    #[arg(long)]
    pub tile: Option<String>,
    /// Shared-memory atom of A (rows × K, elements), tiled to (BM, BK); default: swizzled, of
    /// A's majorness (K-major `Sw<3,3,3> o (8,64):(64,1)`, M-major `Sw<3,3,3> o (64,8):(1,64)`;
    /// on the Hopper path `gmma_atom(Layout_{K,MN}_{SW128,SW64,SW32,INTER}_Atom, bf16)`).
    #[arg(long)]
    pub smem_a: Option<String>,
    /// Shared-memory atom of B (rows × K, elements), tiled to (BN, BK); default: swizzled, of
    /// B's majorness.
    #[arg(long)]
    pub smem_b: Option<String>,
    /// Pipeline depth (1 to 64); default 3 for mma.sync, on the Hopper path the deepest up to 4
    /// that fits.
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    pub stages: Option<usize>,
    /// Block order over the tiles: plain, grouped:G, or a layout from block index to tile index
    /// (with --cluster: over the clusters of tiles).
    /// Default grouped:8; on the Hopper path chosen per shape (grouped:4 for the largest).
    #[arg(long)]
    pub raster: Option<String>,
    /// Hopper path: consumer warpgroups, 1 to 3 (BM = 64 x consumers); default 2.
    #[arg(long)]
    pub consumers: Option<usize>,
    /// Hopper path: thread-block cluster, CM or (CM,CN) CTAs along (M, N); the CTAs of a cluster
    /// column share B and of a cluster row share A, each loading a slice that TMA multicasts.
    #[arg(long)]
    pub cluster: Option<String>,
    /// Hopper path: a persistent grid, one block per SM looping over the tiles in raster order.
    #[arg(long)]
    pub persistent: bool,
    /// Hopper path: store C through shared memory with TMA (cp.async.bulk.tensor).
    #[arg(long)]
    pub tma_store: bool,
    /// Hopper path: split the K loop of every output tile over S CTAs (1 to 16); a second
    /// kernel sums their fp32 partial tiles in a fixed order (deterministic). For shapes with
    /// fewer output tiles than SMs; default: chosen per shape.
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=16))]
    pub split_k: Option<usize>,
    /// How A (M×K) lies in global memory: K (K-major, rows of A contiguous: the default) or M
    /// (M-major, columns contiguous). With --b-major: TN (K,K), NN (M,K), NT (M,N), TT (K,N).
    #[arg(long, default_value = "K")]
    pub a_major: String,
    /// How B (N×K) lies in global memory: K (K-major: the default) or N (N-major).
    #[arg(long, default_value = "K")]
    pub b_major: String,
    /// Print the generated CUDA C++.
    #[arg(long)]
    pub emit: bool,
    /// Compile to CUBIN and report registers, spills and shared memory; no GPU needed, but NVRTC
    /// (libnvrtc.so: the CUDA toolkit, or `pip install nvidia-cuda-nvrtc` with its lib folder on
    /// LD_LIBRARY_PATH).
    #[arg(long)]
    pub compile_only: bool,
    /// Several configurations side by side (it chooses the tiles, depths, shared-memory atoms
    /// and rasters itself).
    #[arg(long, conflicts_with_all = ["tile", "stages", "smem_a", "smem_b"])]
    pub sweep: bool,
    /// A fixed list of shapes (squares, skinny LLM shapes, large, ragged; bf16 and f16), each
    /// with the configuration chosen for it on the Hopper path, in one table with the
    /// geometric mean and worst ratio to cuBLAS (sizes, types and majorness are the suite's).
    #[arg(long, conflicts_with_all = ["sweep", "mma", "tile", "stages", "m", "n", "k", "dtype", "a_major", "b_major"])]
    pub suite: bool,
    /// Hopper path: try the configurations worth trying for this shape (each tile with the K
    /// splits that fit one wave of the SMs, the other grouped raster; at most 16, timed in 3
    /// rounds), print how long it will take, then each one's measurement and the best beside
    /// the configuration chosen without --tune.
    #[arg(long, conflicts_with_all = ["sweep", "suite", "mma", "tile", "stages"])]
    pub tune: bool,
    /// Architecture for --compile-only: sm_80, sm_86, sm_89, sm_90a, … (NVRTC's names).
    #[arg(long, requires = "compile_only")]
    pub arch: Option<String>,
    /// Timed runs per round, 1 to 10000 (a round's time is their median).
    #[arg(long, default_value_t = 20, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=10000))]
    pub reps: usize,
    /// Rounds, 1 to 100, each timing cuBLAS then the kernel on the same buffers; the report
    /// gives the median round and the spread.
    #[arg(long, default_value_t = 5, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100))]
    pub rounds: usize,
    /// Write a buffer twice the size of L2 before every timed run (not timed): no run finds
    /// its inputs in L2.
    #[arg(long)]
    pub flush_l2: bool,
    /// At a terminal, print the whole report table, each configuration described in its row
    /// (as pipes always get it); without it the table is fitted to the terminal, numbers the
    /// configurations and describes them below it.
    #[arg(long)]
    pub wide: bool,
    /// Report format [default: table] (json: one object per configuration a line; csv: one
    /// record a line).
    #[arg(long, value_enum)]
    pub format: Option<GemmFormat>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Evaluate statements (arguments, or standard input when none or `-`), one output line each.
    #[command(
        after_help = "Example:\n  cute eval 'A = (4,8):(1,4)' 'A o <2:1, 4:2>'\n  (2,4):(1,8)"
    )]
    Eval {
        #[command(flatten)]
        out: ValueOpts,
        /// Statements; with none, or `-`, standard input is read.
        statements: Vec<String>,
    },
    /// Run the statements of a file (also as a `#!/usr/bin/env -S cute run` script).
    #[command(
        after_help = "Example (the file ships in examples/):\n  cute run examples/tiles.cute"
    )]
    Run {
        #[command(flatten)]
        out: ValueOpts,
        /// The script.
        file: std::path::PathBuf,
    },
    /// The interactive session (also `cute` with no arguments on a terminal).
    Repl {
        #[command(flatten)]
        out: ValueOpts,
    },
    /// A table of a layout's properties and its grid; a thread's partition drawn on its tile.
    #[command(
        after_help = "Examples:\n  cute show '(4,8):(1,4)'\n  cute show --style cute '(4,2):(1,4)'\n  cute show 'local_partition((4,8), (2,4), 5)'\n  cute show 'make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(7).partition_S(Sw<3,3,3> o (32,64):(64,1))'\n  cute show 'Sw<3,3,3> o (8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 16"
    )]
    Show {
        #[command(flatten)]
        out: ValueOpts,
        /// The layout (any expression). A thread's partition, COPY.thread(t).partition_S/D(TILE),
        /// MMA.thread(t).partition_A/B/C(TILE), local_partition(TILE, THREADS, t), or
        /// outer_partition / inner_partition / local_tile(TILE, TILER, COORD), is drawn as TILE
        /// with the partition's cells marked V<value> (plain and json formats).
        expr: String,
        /// Grid style.
        #[arg(long, value_enum, default_value_t = GridStyle::Box)]
        style: GridStyle,
        /// What the cell colours show.
        #[arg(long, value_enum, default_value_t = ColorBy::Index)]
        color_by: ColorBy,
        /// Element width in bits, for --color-by bank (1 to 1024).
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1024))]
        elem_bits: u32,
        /// Also write the thread/value picture of a TiledMMA or TiledCopy as SVG (like CuTe's
        /// print_svg; a layout as its grid of indices).
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
        /// Also write it as TikZ/LaTeX (like CuTe's print_latex; layouts too).
        #[arg(long, value_name = "FILE")]
        latex: Option<std::path::PathBuf>,
        /// Draw EXPR, a shared-memory layout, under this access pattern: a TV layout, a tiled
        /// copy or a tiled MMA (with --operand), or a thread's partition of EXPR
        /// (COPY.thread(t).partition_S(EXPR)); each cell its thread, value and bank.
        #[arg(long)]
        tv: Option<String>,
        /// With --tv: A, B, C of a tiled MMA; S, D of a tiled copy.
        #[arg(long, value_parser = ["A", "B", "C", "S", "D"], requires = "tv")]
        operand: Option<String>,
    },
    /// composition(A, B): B's coordinates through A.
    #[command(
        after_help = "Example:\n  cute compose '(6,2):(8,2)' '(4,3):(3,1)'\n  ((2,2),3):((24,2),8)"
    )]
    Compose {
        #[command(flatten)]
        out: ValueOpts,
        /// The outer layout.
        a: String,
        /// The inner layout or tiler.
        b: String,
    },
    /// coalesce(L[, PROFILE]).
    #[command(after_help = "Example:\n  cute coalesce '(2,(1,6)):(1,(6,2))'\n  12:1")]
    Coalesce {
        #[command(flatten)]
        out: ValueOpts,
        /// The layout.
        layout: String,
        /// Coalesce by mode of this profile.
        profile: Option<String>,
    },
    /// complement(L[, M]).
    #[command(after_help = "Example:\n  cute complement 4:2 24\n  (2,3):(1,8)")]
    Complement {
        #[command(flatten)]
        out: ValueOpts,
        /// The layout.
        layout: String,
        /// The cotarget (default: cosize).
        cotarget: Option<String>,
    },
    /// The divides of A by a tiler B.
    #[command(
        after_help = "Example:\n  cute divide --kind zipped '(9,(4,8)):(59,(13,1))' '<3:3, (2,4):(1,8)>'\n  ((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"
    )]
    Divide {
        #[command(flatten)]
        out: ValueOpts,
        /// Which divide.
        #[arg(long, value_enum, default_value_t = DivideKind::Logical)]
        kind: DivideKind,
        /// The layout.
        a: String,
        /// The tiler.
        b: String,
    },
    /// The products of A by B.
    #[command(
        after_help = "Example:\n  cute product --kind blocked '(2,5):(5,1)' '(3,4):(1,3)'\n  ((2,3),(5,4)):((5,10),(1,30))"
    )]
    Product {
        #[command(flatten)]
        out: ValueOpts,
        /// Which product.
        #[arg(long, value_enum, default_value_t = ProductKind::Logical)]
        kind: ProductKind,
        /// The block.
        a: String,
        /// The tiler.
        b: String,
    },
    /// right_inverse(L), or left_inverse(L) with --left.
    #[command(after_help = "Example:\n  cute inverse '(2,4,6):(4,1,8)'\n  (4,2,6):(2,1,8)")]
    Inverse {
        #[command(flatten)]
        out: ValueOpts,
        /// The left inverse instead.
        #[arg(long)]
        left: bool,
        /// The layout.
        layout: String,
    },
    /// idx2crd(I, SHAPE[, STRIDE]).
    #[command(after_help = "Example:\n  cute idx2crd 16 '(3,(2,3))'\n  (1,(1,2))")]
    Idx2crd {
        #[command(flatten)]
        out: ValueOpts,
        /// The index.
        index: String,
        /// The shape.
        shape: String,
        /// The stride.
        stride: Option<String>,
    },
    /// crd2idx(CRD, L): the index of a coordinate.
    #[command(after_help = "Example:\n  cute crd2idx '(1,5)' '(3,(2,3)):(3,(12,1))'\n  17")]
    Crd2idx {
        #[command(flatten)]
        out: ValueOpts,
        /// The coordinate.
        coord: String,
        /// The layout.
        layout: String,
    },
    /// The result with its derivation, step by step, as CuTe's algorithms compute it.
    #[command(after_help = EXPLAIN_HELP)]
    Explain {
        #[command(flatten)]
        out: ReportOpts,
        /// The expression: composition, coalesce, filter, complement, a divide or product, an
        /// inverse, idx2crd/crd2idx, `L(i)`, `Sw<B,M,S>(i)` (or `o`, `/`, `*`).
        expr: String,
        /// Evaluate every step's equality or condition (on every index, up to 2^20) and mark it.
        #[arg(long)]
        verify: bool,
        /// Also show the arithmetic of the result at this index.
        #[arg(long, value_name = "I", allow_negative_numbers = true)]
        index: Option<i64>,
    },
    /// A tiled tensor-core GEMM generated from layouts, checked and timed against cuBLAS.
    #[command(
        after_help = "Examples:\n  cute gemm\n  cute gemm --m 8192 --n 8192 --k 8192 --dtype bf16 --mma SM80_16x8x16_F32BF16BF16F32_TN --atom-layout '(2,2,1)' --tile '(128,128,32)' --smem-a 'Sw<2,3,3> o (8,32):(32,1)' --stages 3\n  cute gemm --sweep\n  cute gemm --compile-only --sweep      # no GPU needed\n  cute gemm --suite                     # 28 shapes, each with the configuration chosen for it\n  cute gemm --m 1 --n 4096 --k 4096 --tune   # the candidates for one shape, timed, the best named\n  cute gemm --m 16 --n 8192 --k 8192 --split-k 4\n  cute gemm --mma 'SM90_64x256x16_F32BF16BF16_SS<K,K>' --cluster 2 --persistent --tma-store --stages 3\n  cute gemm --a-major M --b-major N   # NT: A M-major, B N-major in global memory\n  cute gemm --dtype e4m3              # fp8, scaled per tensor, C in bf16, against cuBLASLt\n  cute gemm --dtype e4m3 --scale block   # DeepSeek-style 1x128 / 128x128 block scales\n  cute gemm --mma 'SM90_64x256x16_F32BF16BF16_SS' --a-major M --smem-a 'gmma_atom(Layout_MN_SW64_Atom, bf16)'\n  cute gemm --emit --smem-a '(8,32):(32,1)'"
    )]
    Gemm(Box<GemmArgs>),
    /// Predicted shared-memory bank conflicts of a thread→value access pattern.
    #[command(
        after_help = "Examples (ldmatrix of a 128-byte-row bf16 tile: 8 threads, 16 bytes each):\n  cute bank '(8,64):(64,1)' --tv '(8,8):(1,8)'               # 8-way\n  cute bank 'Sw<3,3,3> o (8,64):(64,1)' --tv '(8,8):(1,8)'   # conflict-free\n  cute bank 'Sw<3,3,3> o (32,64):(64,1)' --tv 'make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))'\n  cute bank --tv 'make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(7).partition_S((32,64):(64,1))'   # 8-way"
    )]
    Bank {
        #[command(flatten)]
        out: ReportOpts,
        /// The shared-memory layout (elements), plain or swizzled; may be left out when --tv is
        /// a thread's partition of it, which names it.
        smem: Option<String>,
        /// Thread→value layout: (thread, value) → element index in the tile; or a tiled copy
        /// (its source or destination TV layout) or a tiled MMA (with --operand); or a thread's
        /// partition, COPY.thread(t).partition_S/D(SMEM) or MMA.thread(t).partition_A/B/C(SMEM):
        /// the whole copy or MMA operand over SMEM, then thread t's own values.
        #[arg(long)]
        tv: String,
        /// Which TV layout of a tiled MMA (A, B, C) or a tiled copy (S: source, D: destination;
        /// default: the side in shared memory, S for ldmatrix, D for cp.async and stmatrix).
        #[arg(long, value_parser = ["A", "B", "C", "S", "D"])]
        operand: Option<String>,
        /// Element width in bits (1 to 1024) [default: 16, or the copy atom's element type].
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
        elem_bits: Option<u32>,
        /// Width of one access in bits (128: 8 threads a phase, 64: 16, 32: 32) [default: 128,
        /// or the copy atom's bits per thread].
        #[arg(long, value_parser = access_bits())]
        access_bits: Option<u32>,
        /// Also run the access pattern on the GPU (one CTA, clock64 around the loads) and report
        /// the measured slowdown against a conflict-free pattern next to the predicted one
        /// (needs a GPU, its driver and NVRTC; exit 3 without).
        #[arg(long)]
        measure: bool,
    },
    /// The catalog of CuTe 4.7's MMA and copy atoms, by architecture and family, with the
    /// shape and types of each.
    #[command(
        after_help = "Examples:\n  cute atoms --arch sm_100 --kind mma\n  cute atoms F32BF16BF16          # every atom whose name has it, one by one\n  cute atoms --kind copy LDSM\n  cute eval 'mma_atom(SM80_16x8x16_F32BF16BF16F32_TN).CLayout'"
    )]
    Atoms {
        /// Only this architecture's atoms: sm_50, sm_61, sm_70, sm_75, sm_80, sm_89, sm_90,
        /// sm_100, sm_120, or any (the architecture-independent UniversalFMA and copies).
        #[arg(long, value_name = "ARCH")]
        arch: Option<String>,
        /// Only MMA atoms or only copy atoms.
        #[arg(long, value_parser = ["mma", "copy"])]
        kind: Option<String>,
        /// Only atoms whose name contains this (any case), listed one by one (GMMA's N too).
        filter: Option<String>,
    },
    /// Help on a topic (notation, input, limits, functions), a command or a function.
    Help {
        /// The topic, command or function; none lists the topics.
        topic: Option<String>,
    },
    /// The manual page (roff), generated from the command-line definition.
    #[command(after_help = "Example:\n  cute man > ~/.local/share/man/man1/cute.1")]
    Man,
    /// Shell completions.
    #[command(
        after_help = "Example:\n  cute completions bash > ~/.local/share/bash-completion/completions/cute"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

impl Command {
    /// The output options given after the command, if it takes them.
    pub fn output(&self) -> GlobalOpts {
        match self {
            Command::Eval { out, .. }
            | Command::Run { out, .. }
            | Command::Repl { out }
            | Command::Show { out, .. }
            | Command::Compose { out, .. }
            | Command::Coalesce { out, .. }
            | Command::Complement { out, .. }
            | Command::Divide { out, .. }
            | Command::Product { out, .. }
            | Command::Inverse { out, .. }
            | Command::Idx2crd { out, .. }
            | Command::Crd2idx { out, .. } => (*out).into(),
            Command::Explain { out, .. } | Command::Bank { out, .. } => (*out).into(),
            Command::Gemm(_)
            | Command::Atoms { .. }
            | Command::Help { .. }
            | Command::Man
            | Command::Completions { .. } => GlobalOpts::default(),
        }
    }
}

impl DivideKind {
    /// The function of the function table that divides this way.
    pub fn function(self) -> &'static str {
        match self {
            DivideKind::Logical => "logical_divide",
            DivideKind::Zipped => "zipped_divide",
            DivideKind::Tiled => "tiled_divide",
            DivideKind::Flat => "flat_divide",
        }
    }
}

impl ProductKind {
    /// The function of the function table that multiplies this way.
    pub fn function(self) -> &'static str {
        match self {
            ProductKind::Logical => "logical_product",
            ProductKind::Zipped => "zipped_product",
            ProductKind::Tiled => "tiled_product",
            ProductKind::Flat => "flat_product",
            ProductKind::Blocked => "blocked_product",
            ProductKind::Raked => "raked_product",
        }
    }
}

/// The value format, `None` for CSV (only `gemm` prints it).
pub fn format_of(f: FormatArg) -> Option<Format> {
    Some(match f {
        FormatArg::Plain => Format::Plain,
        FormatArg::Table => Format::Table,
        FormatArg::Grid => Format::Grid,
        FormatArg::Json => Format::Json,
        FormatArg::Cpp => Format::Cpp,
        FormatArg::Dsl => Format::Dsl,
        FormatArg::Cute => Format::Cute,
        FormatArg::Csv => return None,
    })
}

pub fn use_color(c: ColorArg) -> bool {
    match c {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal()
        }
    }
}

/// The statements of `cute eval [STATEMENT...]` given without any option, the common case:
/// what clap would parse, read without building the whole command-line interface (which is
/// most of a one-liner's start-up). `None` for anything else, which clap then parses.
pub fn plain_eval_statements() -> Option<Vec<String>> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != "eval" {
        return None;
    }
    args.map(|a| a.into_string().ok().filter(|s| !s.starts_with('-')))
        .collect()
}

/// `--access-bits`: the widths a shared-memory access has, a usage error otherwise (exit 2, as
/// `--elem-bits 0`).
fn access_bits() -> impl clap::builder::TypedValueParser<Value = u32> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(["8", "16", "32", "64", "128"])
        .map(|s| s.parse::<u32>().unwrap_or(0))
}

/// The command line, or the process's exit: usage errors exit 2 (clap's message on stderr);
/// `--help` and `--version` print to stdout and exit 0, or 1 when that write fails. Help is
/// coloured only where the output would be ([`use_color`]: a terminal, `--color`, `NO_COLOR`).
pub fn parse_cli() -> Result<Cli, ExitCode> {
    use clap::{CommandFactory, FromArgMatches};
    let color = color_asked(std::env::args_os().skip(1));
    let mut command = Cli::command().color(match color {
        Some(ColorArg::Always) => clap::ColorChoice::Always,
        Some(ColorArg::Never) => clap::ColorChoice::Never,
        // clap's own choice: its usage errors on a terminal's stderr, NO_COLOR honoured
        _ => clap::ColorChoice::Auto,
    });
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m))
        .map_err(|e| e.format(&mut command));
    match parsed {
        Ok(cli) => Ok(cli),
        Err(e) if e.use_stderr() => {
            // clap echoes the value it refused, raw on a terminal: where an argument holds a
            // control character, the message is printed without clap's colours (which strips
            // escape sequences) and what is left escaped (cute::escape), never raw
            let hostile =
                std::env::args_os().any(|a| cute::escape::has_hidden(&a.to_string_lossy()));
            if hostile {
                let plain = e.render().to_string();
                let _ = write!(io::stderr(), "{}", cute::escape::escaped(&plain));
            } else {
                let _ = e.print();
            }
            Err(ExitCode::from(2))
        }
        Err(e) => {
            let mut out = Latched::new(io::stdout().lock());
            let help = e.render();
            let _ = if use_color(color.unwrap_or(ColorArg::Auto)) {
                write!(out, "{}", help.ansi())
            } else {
                // Display leaves the styles out
                write!(out, "{help}")
            };
            Err(finish(0, &mut out))
        }
    }
}

/// The last `--color WHEN` (or `--color=WHEN`) of the arguments, read before clap parses them
/// (it stops at `--help`); `None` when there is none or its value is not one of clap's.
pub fn color_asked(mut args: impl Iterator<Item = std::ffi::OsString>) -> Option<ColorArg> {
    let mut asked = None;
    while let Some(arg) = args.next() {
        let Some(arg) = arg.to_str() else { continue };
        if arg == "--" {
            break;
        }
        let value = match arg.strip_prefix("--color") {
            Some("") => args.next().and_then(|v| v.into_string().ok()),
            Some(rest) => match rest.strip_prefix('=') {
                Some(v) => Some(v.to_string()),
                None => continue,
            },
            None => continue,
        };
        if let Some(v) = value.and_then(|v| ColorArg::from_str(&v, false).ok()) {
            asked = Some(v);
        }
    }
    asked
}

/// Flush `out` and turn a command's status into the process's: a failed write of the output
/// is said once (`error: cannot write output: …`, exit 1); a closed pipe stays quiet.
pub fn finish<W: Write>(code: i32, out: &mut Latched<W>) -> ExitCode {
    let code = match out.finish() {
        Some((io::ErrorKind::BrokenPipe, _)) | None => code,
        Some((_, message)) => {
            let _ = writeln!(io::stderr(), "error: cannot write output: {message}");
            1
        }
    };
    ExitCode::from(code as u8)
}
