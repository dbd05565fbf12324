//! The flags of `cute gemm` and the checks both paths share: flag text read into values, the
//! problem's sizes and buffers.

use crate::algebra::{ComposedLayout, IntTuple, Layout, View};

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

/// Why a flag's text is not a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlagError {
    /// The text is a statement (an assignment, a picture), not an expression.
    NotAValue,
    /// The text fails to read or evaluate, with the evaluator's message.
    Invalid(String),
}

/// Reads a flag's text into a value: handed in by the command line (`cute::app::read_gemm_flag`).
pub type ReadFlag = fn(&str) -> Result<FlagValue, FlagError>;

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
    /// Element type.
    pub dtype: String,
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
            read,
        }
    }
}

/// A flag's text read as a value by the reader handed in, its failure told as the flag's.
pub(crate) fn read_value(read: ReadFlag, flag: &str, text: &str) -> Result<FlagValue, String> {
    read(text).map_err(|e| match e {
        FlagError::NotAValue => format!("{flag}: expected a value, got a statement: {text}"),
        FlagError::Invalid(message) => format!("{flag}: {message} (in '{text}')"),
    })
}

/// The largest entry of a tuple flag (`--tile`, `--atom-layout`, `--cluster`): every product of
/// them stays far inside 64 bits.
const MAX_LIST_ENTRY: usize = 65536;

/// The most bytes a problem's buffers may take on the GPU (A, B, and C twice, for the kernel and
/// cuBLAS): more than any GPU has. A GPU present is asked for its free memory before allocating.
pub const MAX_GPU_BYTES: u128 = 256 << 30;

/// Bytes of the device buffers of an M×N×K problem of 2-byte elements: A, B, C and cuBLAS's C.
pub fn device_bytes(m: usize, n: usize, k: usize) -> u128 {
    let (m, n, k) = (m as u128, n as u128, k as u128);
    (m * k + n * k + 2 * m * n) * 2
}

/// Bytes of the host buffers: A and B as 2-byte elements and in fp32 for the reference, and C
/// read back (twice) and poisoned.
pub fn host_bytes(m: usize, n: usize, k: usize) -> u128 {
    let (m, n, k) = (m as u128, n as u128, k as u128);
    (m * k + n * k) * 6 + m * n * 8
}

pub(crate) fn int_list(
    read: ReadFlag,
    flag: &str,
    text: &str,
    n: usize,
) -> Result<Vec<usize>, String> {
    let v = read_value(read, flag, text)?;
    let FlagValue::IntTuple(t) = &v else {
        return Err(format!(
            "{flag}: expected a tuple of {n} integers like (128,128,32), got {text}"
        ));
    };
    let View::Tuple(items) = t.view() else {
        return Err(format!(
            "{flag}: expected a tuple of {n} integers like (128,128,32), got {text}"
        ));
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
        Some(v) if v.len() == n && v.iter().any(|x| *x > MAX_LIST_ENTRY) => Err(format!(
            "{flag}: entries must be at most {MAX_LIST_ENTRY}, got {text}"
        )),
        Some(v) if v.len() == n => Ok(v),
        _ => Err(format!(
            "{flag}: expected {n} positive integers, got {text}"
        )),
    }
}

/// The problem sizes both paths need: not empty, K a multiple of 8 (`why` says what needs it),
/// and every size within the kernels' 32-bit integer arguments.
pub(crate) fn check_problem(f: &GemmFlags, why: &str) -> Result<(), String> {
    if f.m == 0 || f.n == 0 || f.k == 0 {
        return Err("--m/--n/--k: the problem must not be empty".into());
    }
    if !f.k.is_multiple_of(8) {
        return Err(format!("--k: K = {} must be a multiple of 8 ({why})", f.k));
    }
    if f.m >= 1 << 31 || f.n >= 1 << 31 || f.k >= 1 << 31 {
        return Err("--m/--n/--k: sizes must fit in 31 bits".into());
    }
    let bytes = device_bytes(f.m, f.n, f.k);
    if bytes > MAX_GPU_BYTES {
        return Err(format!(
            "--m/--n/--k: a {}x{}x{} problem needs {bytes} bytes of GPU memory (A, B and C twice), more than any GPU has ({MAX_GPU_BYTES})",
            f.m, f.n, f.k
        ));
    }
    Ok(())
}
