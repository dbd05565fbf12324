//! The flags of `cute gemm` and the checks both paths share: flag text read into values, the
//! problem's sizes and buffers.

use cute::algebra::{ComposedLayout, IntTuple, Layout, View};

/// A flag's text read as a value (layouts, shapes and swizzled atoms in the notation, C++ or
/// DSL): the command line reads it ([`ReadFlag`]) and hands the value in, so the generator
/// receives algebra types and never runs the evaluator itself.
#[derive(Clone, Debug)]
pub enum FlagValue {
    /// An integer or an IntTuple.
    IntTuple(IntTuple),
    /// A layout.
    Layout(Layout),
    /// A swizzled (composed) layout.
    Composed(ComposedLayout),
    /// Any other value, by its kind (`a swizzle`, `an MMA atom`, ...), for the message.
    Other(&'static str),
}

impl FlagValue {
    /// A word for the kind of value, for messages (as the evaluator names it).
    pub fn kind(&self) -> &'static str {
        match self {
            FlagValue::IntTuple(t) if t.is_int() => "an integer",
            FlagValue::IntTuple(_) => "an IntTuple",
            FlagValue::Layout(_) => "a layout",
            FlagValue::Composed(_) => "a composed layout",
            FlagValue::Other(kind) => kind,
        }
    }
}

/// Why a flag's text is not a value, as the reader handed in ([`ReadFlag`]) says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The text is a statement (an assignment, a picture), not an expression.
    NotAValue,
    /// The text fails to read or evaluate, with the evaluator's message.
    Invalid(String),
}

/// Why a flag of `cute gemm` is refused where both paths read it: its text is not a value of
/// the kind the flag takes, or the problem's sizes cannot be run. Each message names the flag.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FlagError {
    /// `--a-major`/`--b-major` names no majorness of its operand.
    #[error(
        "{}: expected K or {} (how {} lies in global memory), got '{text}'",
        .operand.major_flag(),
        Major::MN.letter(*.operand),
        .operand.describe()
    )]
    UnknownMajor {
        /// The operand whose flag it is.
        operand: Operand,
        /// The flag's text.
        text: String,
    },
    /// The flag's text is a statement (an assignment, a picture), not a value.
    #[error("{flag}: expected a value, got a statement: {text}")]
    NotAValue {
        /// The flag.
        flag: &'static str,
        /// Its text.
        text: String,
    },
    /// The flag's text fails to read or evaluate.
    #[error("{flag}: {message} (in '{text}')")]
    Invalid {
        /// The flag.
        flag: &'static str,
        /// The evaluator's message.
        message: String,
        /// The flag's text.
        text: String,
    },
    /// A tuple flag's value is not a tuple.
    #[error("{flag}: expected a tuple of {n} integers like (128,128,32), got {text}")]
    NotATuple {
        /// The flag.
        flag: &'static str,
        /// The entries it takes.
        n: usize,
        /// Its text.
        text: String,
    },
    /// An entry of a tuple flag is larger than any tile or arrangement needs.
    #[error("{flag}: entries must be at most {max}, got {text}", max = MAX_LIST_ENTRY)]
    EntryTooLarge {
        /// The flag.
        flag: &'static str,
        /// Its text.
        text: String,
    },
    /// A tuple flag does not have `n` positive integer entries.
    #[error("{flag}: expected {n} positive integers, got {text}")]
    NotPositiveIntegers {
        /// The flag.
        flag: &'static str,
        /// The entries it takes.
        n: usize,
        /// Its text.
        text: String,
    },
    /// M, N or K is 0.
    #[error("--m/--n/--k: the problem must not be empty")]
    EmptyProblem,
    /// A size (rows padded to 16 bytes) does not fit the kernels' 32-bit integer arguments.
    #[error("--m/--n/--k: sizes must fit in 31 bits")]
    SizeOver31Bits,
    /// The problem's buffers need more memory than any GPU has ([`MAX_GPU_BYTES`]).
    #[error(
        "--m/--n/--k: a {m}x{n}x{k} problem needs {bytes} bytes of GPU memory (A, B and C twice), more than any GPU has ({max})",
        max = MAX_GPU_BYTES
    )]
    ProblemTooLarge {
        /// M.
        m: usize,
        /// N.
        n: usize,
        /// K.
        k: usize,
        /// Bytes of the device buffers.
        bytes: u128,
    },
}

/// Reads a flag's text into a value: handed in by the command line (`cute::app::read_gemm_flag`).
pub type ReadFlag = fn(&str) -> Result<FlagValue, ReadError>;

/// How an operand lies in global memory: along which of its two modes its elements are
/// contiguous. A is M×K and B is N×K; `K` is K-major (a row of A, of B, is contiguous: the
/// default), `MN` is M-major for A and N-major for B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Major {
    /// K contiguous: element (row, k) at `row * K + k`.
    #[default]
    K,
    /// M (for A) or N (for B) contiguous: element (row, k) at `k * rows + row`.
    MN,
}

impl Major {
    /// The letter of an operand's majorness on the command line: `K`, or `M` for A and `N`
    /// for B (`MN` names either).
    pub fn letter(self, operand: Operand) -> &'static str {
        match (self, operand) {
            (Major::K, _) => "K",
            (Major::MN, Operand::A) => "M",
            (Major::MN, Operand::B) => "N",
        }
    }

    /// Read `--a-major`/`--b-major`: `K`, or `M` (A) / `N` (B), or `MN` for either.
    pub fn parse(operand: Operand, text: &str) -> Result<Major, FlagError> {
        match (text.trim().to_ascii_uppercase().as_str(), operand) {
            ("K", _) => Ok(Major::K),
            ("MN", _) | ("M", Operand::A) | ("N", Operand::B) => Ok(Major::MN),
            _ => Err(FlagError::UnknownMajor {
                operand,
                text: text.to_string(),
            }),
        }
    }
}

/// One of the two operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A, M×K.
    A,
    /// B, N×K.
    B,
}

impl Operand {
    /// The flag that sets its majorness.
    pub fn major_flag(self) -> &'static str {
        match self {
            Operand::A => "--a-major",
            Operand::B => "--b-major",
        }
    }

    /// `A (M×K)` or `B (N×K)`.
    pub fn describe(self) -> &'static str {
        match self {
            Operand::A => "A (M×K)",
            Operand::B => "B (N×K)",
        }
    }
}

/// The majorness of A and B in global memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Majors {
    /// A's (M×K).
    pub a: Major,
    /// B's (N×K).
    pub b: Major,
}

impl Majors {
    /// Every combination, the default (TN) first.
    pub const ALL: [Majors; 4] = [
        Majors {
            a: Major::K,
            b: Major::K,
        },
        Majors {
            a: Major::MN,
            b: Major::K,
        },
        Majors {
            a: Major::MN,
            b: Major::MN,
        },
        Majors {
            a: Major::K,
            b: Major::MN,
        },
    ];

    /// BLAS's name of the combination (CUTLASS's convention, column-major BLAS seen from
    /// C = A·Bᵀ): A's letter is T when A is K-major, N when M-major; B's is N when B is
    /// K-major, T when N-major. TN is both K-major; a row-major PyTorch `A @ W` (W K×N row-major)
    /// is TT here.
    pub fn blas(self) -> &'static str {
        match (self.a, self.b) {
            (Major::K, Major::K) => "TN",
            (Major::MN, Major::K) => "NN",
            (Major::MN, Major::MN) => "NT",
            (Major::K, Major::MN) => "TT",
        }
    }

    /// `A K-major, B N-major (TT)`.
    pub fn describe(self) -> String {
        format!(
            "A {}-major, B {}-major ({})",
            self.a.letter(Operand::A),
            self.b.letter(Operand::B),
            self.blas()
        )
    }

    /// The operand's majorness.
    pub fn of(self, operand: Operand) -> Major {
        match operand {
            Operand::A => self.a,
            Operand::B => self.b,
        }
    }
}

/// `--atom-layout`'s default, the warps `(2,2,1)`.
pub const DEFAULT_ATOM_LAYOUT: &str = "(2,2,1)";

/// The flags of `cute gemm`, as given.
#[derive(Clone, Debug)]
pub struct GemmFlags {
    /// M.
    pub m: usize,
    /// N.
    pub n: usize,
    /// K.
    pub k: usize,
    /// Element type (of A, and of B unless `b_dtype`).
    pub dtype: String,
    /// B's element type when it differs from A's (fp8 only: e5m2 x e4m3).
    pub b_dtype: Option<String>,
    /// fp8 scaling (`tensor`); `None`: per-tensor for fp8, none for 16-bit types.
    pub scale: Option<String>,
    /// fp8: the tensor cores' own accumulation (about 14 bits kept per wgmma) over the whole K
    /// loop, no promotion to fp32 every k-tile; cuBLASLt's `FAST_ACCUM` likewise.
    pub fast_accum: bool,
    /// MMA atom.
    pub mma: Option<String>,
    /// Warp arrangement `(WM,WN,1)`.
    pub atom_layout: String,
    /// `(BM,BN,BK)`; `None`: the path's default ([`SM80_TILE`], or the Hopper path's).
    pub tile: Option<String>,
    /// Shared-memory atom of A.
    pub smem_a: Option<String>,
    /// Shared-memory atom of B.
    pub smem_b: Option<String>,
    /// Pipeline depth; `None`: the path's default ([`SM80_STAGES`], or the Hopper path's).
    pub stages: Option<usize>,
    /// Block raster layout, `plain`, or `grouped:G`.
    pub raster: String,
    /// Hopper path: consumer warpgroups (default 2).
    pub consumers: Option<usize>,
    /// Hopper path: thread-block cluster shape `(CM,CN)` or `CM` (default 1, no cluster).
    pub cluster: Option<String>,
    /// Hopper path: a persistent grid (one block per SM looping over the tiles).
    pub persistent: bool,
    /// Hopper path: C stored through shared memory by TMA.
    pub tma_store: bool,
    /// How A and B lie in global memory (`--a-major`, `--b-major`).
    pub majors: Majors,
    /// Hopper path: split-K, the K loop of each output tile split over this many CTAs whose
    /// fp32 partial tiles a second kernel sums in a fixed order; `None`: 1, or chosen per shape.
    pub split_k: Option<usize>,
    /// How the flags' text is read into values.
    pub read: ReadFlag,
}

impl GemmFlags {
    /// The first Hopper-only knob that is set, by its flag's name.
    pub fn hopper_knob(&self) -> Option<&'static str> {
        if self.consumers.is_some() {
            Some("--consumers")
        } else if self.cluster.is_some() {
            Some("--cluster")
        } else if self.persistent {
            Some("--persistent")
        } else if self.tma_store {
            Some("--tma-store")
        } else if self.split_k.is_some() {
            Some("--split-k")
        } else {
            None
        }
    }
}

impl GemmFlags {
    /// The defaults (an 8192³ bf16 problem, every knob the path's choice), reading flag text
    /// with `read`.
    pub fn new(read: ReadFlag) -> Self {
        GemmFlags {
            m: 8192,
            n: 8192,
            k: 8192,
            dtype: "bf16".into(),
            b_dtype: None,
            scale: None,
            fast_accum: false,
            mma: None,
            atom_layout: DEFAULT_ATOM_LAYOUT.into(),
            tile: None,
            smem_a: None,
            smem_b: None,
            stages: None,
            raster: "grouped:8".into(),
            consumers: None,
            cluster: None,
            persistent: false,
            tma_store: false,
            majors: Majors::default(),
            split_k: None,
            read,
        }
    }
}

/// A flag's text read as a value by the reader handed in, its failure told as the flag's.
pub(crate) fn read_value(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
) -> Result<FlagValue, FlagError> {
    read(text).map_err(|e| match e {
        ReadError::NotAValue => FlagError::NotAValue {
            flag,
            text: text.to_string(),
        },
        ReadError::Invalid(message) => FlagError::Invalid {
            flag,
            message,
            text: text.to_string(),
        },
    })
}

/// The largest entry of a tuple flag (`--tile`, `--atom-layout`, `--cluster`): every product of
/// them stays far inside 64 bits.
const MAX_LIST_ENTRY: usize = 65536;

/// The most bytes a problem's buffers may take on the GPU (A, B, and C twice, for the kernel and
/// cuBLAS): more than any GPU has. A GPU present is asked for its free memory before allocating.
pub const MAX_GPU_BYTES: u128 = 256 << 30;

/// Elements of an operand's contiguous rows are padded to a multiple of this (16 bytes): TMA
/// needs row pitches that are multiples of 16 bytes, and the mma.sync path reads 16 bytes at a
/// time. The padding holds zeros, so the product is unchanged.
pub const PITCH_ELEMENTS: usize = 8;

/// The pitch (elements from one contiguous row to the next) of a buffer whose rows hold
/// `extent` elements: `extent` rounded up to [`PITCH_ELEMENTS`].
pub fn pitch(extent: usize) -> usize {
    extent
        .div_ceil(PITCH_ELEMENTS)
        .saturating_mul(PITCH_ELEMENTS)
}

/// The pitch of a buffer of `elem`-byte elements whose rows hold `extent` elements: `extent`
/// rounded up to 16 bytes (8 16-bit elements, 16 fp8 ones).
pub fn pitch_for(extent: usize, elem: usize) -> usize {
    let q = 16 / elem.clamp(1, 16);
    extent.div_ceil(q).saturating_mul(q)
}

/// How an operand of `rows` rows (M or N) and K columns lies in its buffer: its contiguous
/// extent (K when K-major, `rows` when MN-major), the number of such rows, and their pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandBuffer {
    /// Elements of one contiguous row that belong to the matrix.
    pub extent: usize,
    /// Contiguous rows.
    pub lines: usize,
    /// Elements from one contiguous row to the next (`extent` padded to 16 bytes).
    pub pitch: usize,
}

impl OperandBuffer {
    /// The buffer of an operand of `rows` rows and `k` columns of `elem`-byte elements in its
    /// majorness (rows padded to 16 bytes).
    pub fn of_type(major: Major, rows: usize, k: usize, elem: usize) -> OperandBuffer {
        let (extent, lines) = match major {
            Major::K => (k, rows),
            Major::MN => (rows, k),
        };
        OperandBuffer {
            extent,
            lines,
            pitch: pitch_for(extent, elem),
        }
    }

    /// The buffer of an operand of `rows` rows and `k` columns in its majorness.
    pub fn of(major: Major, rows: usize, k: usize) -> OperandBuffer {
        let (extent, lines) = match major {
            Major::K => (k, rows),
            Major::MN => (rows, k),
        };
        OperandBuffer {
            extent,
            lines,
            pitch: pitch(extent),
        }
    }

    /// Elements of the buffer, padding included.
    pub fn elements(self) -> u128 {
        self.lines as u128 * self.pitch as u128
    }
}

impl Majors {
    /// The buffers of A (M×K) and B (N×K) of `elem`-byte elements.
    pub fn buffers_of(
        self,
        m: usize,
        n: usize,
        k: usize,
        elem: usize,
    ) -> (OperandBuffer, OperandBuffer) {
        (
            OperandBuffer::of_type(self.a, m, k, elem),
            OperandBuffer::of_type(self.b, n, k, elem),
        )
    }

    /// The buffers of A (M×K) and B (N×K).
    pub fn buffers(self, m: usize, n: usize, k: usize) -> (OperandBuffer, OperandBuffer) {
        (
            OperandBuffer::of(self.a, m, k),
            OperandBuffer::of(self.b, n, k),
        )
    }
}

/// Bytes of the device buffers of an M×N×K problem of 2-byte elements: A and B (rows padded to
/// 16 bytes), C and cuBLAS's C, and with split-K the fp32 partial tiles (`splits` × M × N).
pub fn device_bytes(m: usize, n: usize, k: usize, majors: Majors, splits: usize) -> u128 {
    let (a, b) = majors.buffers(m, n, k);
    let (mn, s) = (m as u128 * n as u128, splits.max(1) as u128);
    (a.elements() + b.elements() + 2 * mn) * 2 + if s > 1 { s * mn * 4 } else { 0 }
}

/// Bytes of the host buffers: A and B as 2-byte elements and in fp32 for the reference (rows
/// padded), and C read back (twice) and poisoned.
pub fn host_bytes(m: usize, n: usize, k: usize, majors: Majors) -> u128 {
    let (a, b) = majors.buffers(m, n, k);
    (a.elements() + b.elements()) * 6 + m as u128 * n as u128 * 8
}

/// A tuple flag's `n` positive integers (`--tile`, `--atom-layout`, `--cluster`).
pub(crate) fn int_list(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
    n: usize,
) -> Result<Vec<usize>, FlagError> {
    let not_a_tuple = || FlagError::NotATuple {
        flag,
        n,
        text: text.to_string(),
    };
    let v = read_value(read, flag, text)?;
    let FlagValue::IntTuple(t) = &v else {
        return Err(not_a_tuple());
    };
    let View::Tuple(items) = t.view() else {
        return Err(not_a_tuple());
    };
    let ints: Option<Vec<usize>> = items
        .iter()
        .map(|i| {
            i.as_int()
                .and_then(|x| usize::try_from(x).ok())
                .filter(|x| *x > 0)
        })
        .collect();
    match ints {
        Some(v) if v.len() == n && v.iter().any(|x| *x > MAX_LIST_ENTRY) => {
            Err(FlagError::EntryTooLarge {
                flag,
                text: text.to_string(),
            })
        }
        Some(v) if v.len() == n => Ok(v),
        _ => Err(FlagError::NotPositiveIntegers {
            flag,
            n,
            text: text.to_string(),
        }),
    }
}

/// The problem sizes both paths need: not empty, and every size (with the operands' rows padded
/// to 16 bytes, [`pitch`]) within the kernels' 32-bit integer arguments. Sizes need not be
/// multiples of anything: an operand whose contiguous extent is not a multiple of 8 lies in a
/// buffer with padded rows of zeros.
pub(crate) fn check_problem(f: &GemmFlags) -> Result<(), FlagError> {
    if f.m == 0 || f.n == 0 || f.k == 0 {
        return Err(FlagError::EmptyProblem);
    }
    if pitch(f.m) >= 1 << 31 || pitch(f.n) >= 1 << 31 || pitch(f.k) >= 1 << 31 {
        return Err(FlagError::SizeOver31Bits);
    }
    let bytes = device_bytes(f.m, f.n, f.k, f.majors, f.split_k.unwrap_or(1));
    if bytes > MAX_GPU_BYTES {
        return Err(FlagError::ProblemTooLarge {
            m: f.m,
            n: f.n,
            k: f.k,
            bytes,
        });
    }
    Ok(())
}

/// `cute gemm`'s flags read as the evaluator reads a statement (the notation, C++ or DSL), in a
/// fresh session: the values the GEMM generator receives ([`ReadFlag`]).
pub fn read_flag(text: &str) -> Result<FlagValue, ReadError> {
    use cute::eval::{Env, Outcome, Value};
    match Env::new().run(text) {
        Ok(Outcome::Value(v)) => Ok(match v {
            Value::IntTuple(t) => FlagValue::IntTuple(t),
            Value::Layout(l) => FlagValue::Layout(l),
            Value::Composed(c) => FlagValue::Composed(*c),
            other => FlagValue::Other(other.kind()),
        }),
        Ok(_) => Err(ReadError::NotAValue),
        Err(e) => Err(ReadError::Invalid(e.message)),
    }
}
