//! The CuTe DSL's operations (`cute.nvgpu.*`, 4.8.1): each class with its parameters, the
//! DSL's checks of them (with the DSL's wording), how the DSL prints it at trace time, and the
//! CuTe C++ atom of the engine's catalog it is (`warp.MmaF16BF16Op(Float16, Float32,
//! (16,8,16))` is `SM80_16x8x16_F32F16F16F32_TN`; a copy operation with the element type and
//! the bits per copy of `make_copy_atom` is one C++ copy operation, `LdMatrix8x8x16bOp(False,
//! 4)` `SM75_U32x4_LDSM_N`). The atoms and all their layouts are the catalog's.
//!
//! The DSL text `cute.nvgpu.warp.MmaF16BF16Op(…)` reaches [`construct`] with the class's path
//! (`nvgpu.warp.MmaF16BF16Op`); an enumeration's member (`cute.nvgpu.OperandMajorMode.K`) is
//! the name [`member`] gives (`OperandMajorMode.K`). The Python package's classes are this
//! module's (`cutelayout.nvgpu`).

use super::storage::ElemType;
use super::{EvalError, Value};
use crate::parser::Span;

/// An operation of the DSL: its class and what it builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// The class's path under `cute.nvgpu` (`warp.MmaF16BF16Op`, `CopyUniversalOp`).
    pub class: &'static str,
    /// What it is an operation of.
    pub kind: OpKind,
    /// As the DSL prints it (`print(op)` at trace time), over several lines.
    pub printed: String,
    /// What the DSL refuses when the atom is made (not when the operation is): its message.
    pub refused_as_atom: Option<&'static str>,
}

/// What an operation builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// An MMA: the CuTe C++ atom's name.
    Mma(String),
    /// A copy, whose C++ operation `make_copy_atom` names with its element type and bits.
    Copy(CopyKind),
    /// A TMA copy: the C++ operation `make_tiled_tma_atom` takes.
    Tma(&'static str),
}

/// The copy operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// `CopyUniversalOp`: C++ `UniversalCopy<uintN_t>`.
    Universal,
    /// `cpasync.CopyG2SOp`: `SM80_CP_ASYNC_CACHEALWAYS<uintN_t>` (`cache_global`:
    /// `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>`); another cache mode has no C++ atom.
    G2S { cache: &'static str },
    /// `warp.LdMatrix8x8x16bOp`: `SM75_U32xN_LDSM_N`, transposed `SM75_U16x2N_LDSM_T`.
    LdMatrix8x8 { transpose: bool, matrices: i64 },
    /// `warp.LdMatrix8x16x8bOp`: `SM100_SU4_DU8x16_xN_LDSM_N` (6-bit: `SU6`); not unpacking,
    /// `LdMatrix8x8x16bOp`'s `SM75_U32xN_LDSM_N` (of 8-bit elements the same layouts as `SU4`'s).
    LdMatrix8x16 { matrices: i64, unpack: Option<i64> },
    /// `warp.StMatrix8x8x16bOp`: `SM90_U32xN_STSM_N`, transposed `SM90_U16x2N_STSM_T`.
    StMatrix8x8 { transpose: bool, matrices: i64 },
    /// `warp.StMatrix16x8x8bOp`: `SM100_U8x4N_STSM_T`.
    StMatrix16x8 { matrices: i64 },
    /// An operation with no C++ atom of the DSL's layouts (`LdMatrix16x16x8bOp`,
    /// `LdMatrix16x8x8bOp`): the reason.
    NoAtom(&'static str),
}

/// The DSL element type a value names (`cutlass.Float16`: `Float16`, as DSL text and the
/// Python package give it; a C++ name such as `half_t` is not one).
fn dtype_of(v: &Value) -> Option<ElemType> {
    let Value::Name(n) = v else { return None };
    ElemType::of_dsl(n)
}

/// The DSL's name of an element type the DSL names (all that [`dtype_of`] gives).
fn dsl(t: ElemType) -> &'static str {
    t.dsl_type().unwrap_or(t.name())
}

/// An element type's letters in a C++ MMA atom's name (the operations' checks leave only
/// types that have them).
fn letters(t: ElemType) -> &'static str {
    t.mma_letters().unwrap_or(t.name())
}

/// The C++ name of the DSL element type a value names, if it is one (`Float16`: `half_t`).
pub fn cpp_type(v: &Value) -> Option<&'static str> {
    dtype_of(v).map(ElemType::sized_name)
}

/// The bits of the element type a value names (the DSL's `width`).
pub fn type_bits(v: &Value) -> Option<i64> {
    dtype_of(v).map(ElemType::bits)
}

/// The members of `LoadCacheMode`.
const LOAD_CACHE_MODES: &[&str] = &["ALWAYS", "GLOBAL", "STREAMING", "LAST_USE", "NONE"];

/// The enumerations of `cute.nvgpu`: their paths and members.
const ENUMS: &[(&str, &str, &[&str])] = &[
    ("OperandMajorMode", "OperandMajorMode", &["MN", "K"]),
    ("LoadCacheMode", "LoadCacheMode", LOAD_CACHE_MODES),
    (
        "warpgroup.OperandMajorMode",
        "OperandMajorMode",
        &["MN", "K"],
    ),
    ("tcgen05.OperandMajorMode", "OperandMajorMode", &["MN", "K"]),
    (
        "warpgroup.OperandSource",
        "OperandSource",
        &["RMEM", "SMEM"],
    ),
    ("tcgen05.OperandSource", "OperandSource", &["TMEM", "SMEM"]),
    ("tcgen05.CtaGroup", "CtaGroup", &["ONE", "TWO"]),
    (
        "tcgen05.SparseMetadataFormat",
        "SparseMetadataFormat",
        &["TID"],
    ),
    ("cpasync.CtaGroup", "CtaGroup", &["ONE", "TWO"]),
    (
        "tcgen05.Repetition",
        "Repetition",
        &["x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128"],
    ),
    ("cpasync.LoadCacheMode", "LoadCacheMode", LOAD_CACHE_MODES),
];

/// A class of `cute.nvgpu`: its path and its parameters, those with a default last.
struct Class {
    path: &'static str,
    params: &'static [&'static str],
    /// The defaults of the last parameters.
    defaults: &'static [Default],
    /// One construction, for `cute help`.
    example: Example,
}

impl Class {
    /// A class without defaults whose example's arguments are all it needs (no copy's type).
    const fn plain(
        path: &'static str,
        params: &'static [&'static str],
        args: &'static str,
    ) -> Class {
        Class {
            path,
            params,
            defaults: &[],
            example: Example {
                args,
                copy_type: "",
                copy_bits: "",
            },
        }
    }
}

/// A class's example: its arguments (DSL text) and, for a copy operation, the element type and
/// the bits per copy `make_copy_atom` gives it ("": the type's) to name its C++ operation.
struct Example {
    args: &'static str,
    copy_type: &'static str,
    copy_bits: &'static str,
}

/// A parameter's default.
#[derive(Clone, Copy)]
enum Default {
    False,
    One,
    None,
    Member(&'static str),
}

const GMMA: &[&str] = &["instruction_shape", "a_src", "a_major_mode", "b_major_mode"];

const CLASSES: &[Class] = &[
    Class::plain("MmaUniversalOp", &["abacc_dtype"], "cutlass.Float32"),
    Class {
        path: "CopyUniversalOp",
        params: &[],
        defaults: &[],
        example: Example {
            args: "",
            copy_type: "cutlass.Float16",
            copy_bits: "128",
        },
    },
    Class::plain(
        "warp.MmaF16BF16Op",
        &["ab_dtype", "acc_dtype", "shape_mnk"],
        "cutlass.Float16, cutlass.Float32, (16, 8, 16)",
    ),
    Class::plain("warp.MmaTF32Op", &["shape_mnk"], "(16, 8, 8)"),
    Class::plain(
        "warp.MmaFP8Op",
        &["ab_dtype", "acc_dtype", "shape_mnk"],
        "cutlass.Float8E4M3FN, cutlass.Float32, (16, 8, 32)",
    ),
    Class {
        path: "warp.LdMatrix8x8x16bOp",
        params: &["transpose", "num_matrices", "unpack_bits"],
        defaults: &[Default::False, Default::One, Default::None],
        example: Example {
            args: "False, 4",
            copy_type: "cutlass.Float16",
            copy_bits: "",
        },
    },
    Class {
        path: "warp.LdMatrix8x16x8bOp",
        params: &["transpose", "num_matrices", "unpack_bits"],
        defaults: &[Default::False, Default::One, Default::None],
        example: Example {
            args: "False, 2, 4",
            copy_type: "cutlass.Uint8",
            copy_bits: "",
        },
    },
    Class {
        path: "warp.LdMatrix16x16x8bOp",
        params: &["transpose", "num_matrices", "unpack_bits"],
        defaults: &[Default::False, Default::One, Default::None],
        example: Example {
            args: "True, 2",
            copy_type: "cutlass.Uint8",
            copy_bits: "",
        },
    },
    Class {
        path: "warp.LdMatrix16x8x8bOp",
        params: &["transpose", "num_matrices", "unpack_bits"],
        defaults: &[Default::False, Default::One, Default::None],
        example: Example {
            args: "True, 4",
            copy_type: "cutlass.Uint8",
            copy_bits: "",
        },
    },
    Class {
        path: "warp.StMatrix8x8x16bOp",
        params: &["transpose", "num_matrices", "unpack_bits"],
        defaults: &[Default::False, Default::One, Default::None],
        example: Example {
            args: "True, 4",
            copy_type: "cutlass.Float16",
            copy_bits: "",
        },
    },
    Class {
        path: "warp.StMatrix16x8x8bOp",
        params: &["transpose", "num_matrices", "unpack_bits"],
        defaults: &[Default::False, Default::One, Default::None],
        example: Example {
            args: "True, 4",
            copy_type: "cutlass.Uint8",
            copy_bits: "",
        },
    },
    Class {
        path: "cpasync.CopyG2SOp",
        params: &["cache_mode"],
        defaults: &[Default::Member("LoadCacheMode.ALWAYS")],
        example: Example {
            args: "",
            copy_type: "cutlass.Float16",
            copy_bits: "128",
        },
    },
    Class {
        path: "cpasync.CopyBulkTensorTileG2SOp",
        params: &["cta_group"],
        defaults: &[Default::Member("CtaGroup.ONE")],
        example: Example {
            args: "",
            copy_type: "",
            copy_bits: "",
        },
    },
    Class {
        path: "cpasync.CopyBulkTensorTileG2SMulticastOp",
        params: &["cta_group"],
        defaults: &[Default::Member("CtaGroup.ONE")],
        example: Example {
            args: "",
            copy_type: "",
            copy_bits: "",
        },
    },
    Class::plain("cpasync.CopyBulkTensorTileS2GOp", &[], ""),
    Class {
        path: "warpgroup.MmaF16BF16Op",
        params: &["ab_dtype", "acc_dtype", GMMA[0], GMMA[1], GMMA[2], GMMA[3]],
        defaults: &[],
        example: Example {
            args: "cutlass.Float16, cutlass.Float32, (64, 128, 16), cute.nvgpu.warpgroup.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
            copy_type: "",
            copy_bits: "",
        },
    },
    Class {
        path: "warpgroup.MmaF8Op",
        params: &[
            "a_dtype",
            "b_dtype",
            "acc_dtype",
            GMMA[0],
            GMMA[1],
            GMMA[2],
            GMMA[3],
        ],
        defaults: &[],
        example: Example {
            args: "cutlass.Float8E4M3FN, cutlass.Float8E4M3FN, cutlass.Float32, (64, 128, 32), cute.nvgpu.warpgroup.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
            copy_type: "",
            copy_bits: "",
        },
    },
    Class::plain(
        "tcgen05.MmaTF32Op",
        &[
            "instruction_shape",
            "cta_group",
            "a_src",
            "a_major_mode",
            "b_major_mode",
        ],
        "(128, 128, 8), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaF16BF16Op",
        UMMA,
        "cutlass.Float16, cutlass.Float32, (128, 256, 16), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaI8Op",
        &[
            "ab_dtype",
            "instruction_shape",
            "cta_group",
            "a_src",
            "a_major_mode",
            "b_major_mode",
        ],
        "cutlass.Int8, (128, 128, 32), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaFP8Op",
        UMMA,
        "cutlass.Float8E4M3FN, cutlass.Float32, (128, 128, 32), cute.nvgpu.tcgen05.CtaGroup.TWO, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaF8F6F4Op",
        &[
            "a_dtype",
            "b_dtype",
            "acc_dtype",
            "instruction_shape",
            "cta_group",
            "a_src",
            "a_major_mode",
            "b_major_mode",
        ],
        "cutlass.Float8E4M3FN, cutlass.Float6E2M3FN, cutlass.Float32, (128, 128, 32), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaMXF8Op",
        &[
            "ab_dtype",
            "instruction_shape",
            "cta_group",
            "a_src",
            "a_major_mode",
            "b_major_mode",
        ],
        "cutlass.Float8E4M3FN, (128, 128, 32), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaMXF8F6F4Op",
        &[
            "a_dtype",
            "b_dtype",
            "instruction_shape",
            "cta_group",
            "a_src",
            "a_major_mode",
            "b_major_mode",
        ],
        "cutlass.Float8E4M3FN, cutlass.Float6E2M3FN, (128, 128, 32), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K",
    ),
    Class::plain(
        "tcgen05.MmaMXF4Op",
        &["instruction_shape", "cta_group", "a_src"],
        "(128, 128, 64), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM",
    ),
    Class::plain(
        "tcgen05.MmaMXF4NVF4Op",
        &["sf_dtype", "instruction_shape", "cta_group", "a_src"],
        "cutlass.Float8E4M3FN, (256, 128, 64), cute.nvgpu.tcgen05.CtaGroup.TWO, cute.nvgpu.tcgen05.OperandSource.SMEM",
    ),
    Class::plain(
        "tcgen05.MmaF16BF16SparseOp",
        SPARSE_UMMA,
        "cutlass.Float16, cutlass.Float32, (128, 128, 32), cute.nvgpu.tcgen05.CtaGroup.ONE, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.tcgen05.SparseMetadataFormat.TID",
    ),
    Class::plain(
        "tcgen05.MmaFP8SparseOp",
        SPARSE_UMMA,
        "cutlass.Float8E4M3FN, cutlass.Float32, (256, 64, 64), cute.nvgpu.tcgen05.CtaGroup.TWO, cute.nvgpu.tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.tcgen05.SparseMetadataFormat.TID",
    ),
];

/// The parameters of the tcgen05 MMAs of one A/B type and an accumulator's.
const UMMA: &[&str] = &[
    "ab_dtype",
    "acc_dtype",
    "instruction_shape",
    "cta_group",
    "a_src",
    "a_major_mode",
    "b_major_mode",
];

/// The parameters of the sparse tcgen05 MMAs.
const SPARSE_UMMA: &[&str] = &[
    "ab_dtype",
    "acc_dtype",
    "instruction_shape",
    "cta_group",
    "a_src",
    "a_major_mode",
    "b_major_mode",
    "sparse_metadata_format",
];

/// Every class's and enumeration's path under `cute.nvgpu` (for completion and help).
pub fn names() -> impl Iterator<Item = &'static str> {
    CLASSES
        .iter()
        .map(|c| c.path)
        .chain(ENUMS.iter().map(|e| e.0))
}

/// The words of `cute.nvgpu` worth completing (the REPL completes the word after the last
/// `.`): the modules, the classes' and the enumerations' names.
pub fn completion_words() -> impl Iterator<Item = &'static str> {
    ["nvgpu", "warp", "warpgroup", "cpasync", "tcgen05"]
        .into_iter()
        .chain(names().map(short))
}

/// The enumeration member a path under `cute.nvgpu` names (`tcgen05.CtaGroup.ONE`): its name
/// as the DSL prints it (`CtaGroup.ONE`), or `None`.
pub fn member(path: &str) -> Option<String> {
    let (en, m) = path.rsplit_once('.')?;
    let (_, short, members) = ENUMS.iter().find(|e| e.0 == en)?;
    members.contains(&m).then(|| format!("{short}.{m}"))
}

/// An enumeration a path under `cute.nvgpu` names (`tcgen05.CtaGroup`), as the DSL prints the
/// class itself (`<enum 'CtaGroup'>`), or `None`.
pub fn enumeration(path: &str) -> Option<String> {
    let (_, short, _) = ENUMS.iter().find(|e| e.0 == path)?;
    Some(format!("<enum '{short}'>"))
}

/// The path under `cute.nvgpu` a qualified name is (`nvgpu.warp.MmaF16BF16Op`, as the reader
/// keeps `cute.nvgpu.warp.MmaF16BF16Op`; `warp.MmaF16BF16Op` after `from cutlass.cute.nvgpu
/// import warp`), if it is one.
pub fn path_of(name: &str) -> Option<&str> {
    if let Some(path) = name.strip_prefix("nvgpu.") {
        return Some(path);
    }
    let (module, _) = name.split_once('.')?;
    matches!(module, "warp" | "warpgroup" | "cpasync" | "tcgen05").then_some(name)
}

/// The path under `cute.nvgpu` of a module or class a Python import names by its whole path
/// (`cutlass.cute.nvgpu.warp.MmaF16BF16Op`: `warp.MmaF16BF16Op`; `cutlass.cute.nvgpu`: ``),
/// if it is under it.
pub fn imported_path(module_path: &str) -> Option<&str> {
    let rest = module_path.strip_prefix("cutlass.cute.nvgpu")?;
    match rest.strip_prefix('.') {
        Some(path) => Some(path),
        None => rest.is_empty().then_some(""),
    }
}

/// What a path under `cute.nvgpu` that is not a value names, for the message of its use as
/// one (`warp`: a module; `warp.MmaF16BF16Op`: a class, called with its parameters;
/// `tcgen05.CtaGroup.THREE`: no member of the enumeration).
pub fn not_a_value(path: &str) -> String {
    if path.is_empty() || matches!(path, "warp" | "warpgroup" | "cpasync" | "tcgen05") {
        let module = if path.is_empty() {
            "nvgpu".to_string()
        } else {
            format!("nvgpu.{path}")
        };
        return format!(
            "cute.{module} is a module: its operations are called (cute.nvgpu.warp.MmaF16BF16Op(ab_dtype, acc_dtype, shape_mnk))"
        );
    }
    if let Some(class) = CLASSES.iter().find(|c| c.path == path) {
        return format!(
            "cute.nvgpu.{path} is a class: call it with its parameters, {}({})",
            short(path),
            class.params.join(", ")
        );
    }
    if let Some((en, m)) = path.rsplit_once('.')
        && let Some((_, _, members)) = ENUMS.iter().find(|e| e.0 == en)
    {
        return format!(
            "cute.nvgpu.{en} has no member '{m}' (its members: {})",
            members.join(", ")
        );
    }
    format!(
        "cute.nvgpu.{path} is not modelled (cute models {})",
        names().collect::<Vec<_>>().join(", ")
    )
}

/// Whether a path under `cute.nvgpu` names a class or an enumeration.
pub fn is_path(path: &str) -> bool {
    CLASSES.iter().any(|c| c.path == path) || ENUMS.iter().any(|e| e.0 == path)
}

/// A failure with the DSL's wording, at the call.
fn fail(message: impl Into<String>, span: Span) -> EvalError {
    EvalError::new(message, span)
}

/// The operation `cute.nvgpu.PATH(args)`: the arguments (positional, then keyword ones
/// `(name, value)`) bound to the class's parameters and checked as the DSL checks them.
pub fn construct(
    path: &str,
    args: &[Value],
    keywords: &[(&str, Value)],
    span: Span,
) -> Result<Value, EvalError> {
    let Some(class) = CLASSES.iter().find(|c| c.path == path) else {
        return Err(fail(
            format!(
                "cute.nvgpu.{path} is no operation cute models (it models {})",
                CLASSES
                    .iter()
                    .map(|c| c.path)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            span,
        ));
    };
    let n = class.params.len();
    if args.len() > n {
        return Err(fail(
            format!(
                "{}.__init__() takes {} positional argument{} but {} were given",
                short(path),
                n + 1,
                if n == 0 { "" } else { "s" },
                args.len() + 1
            ),
            span,
        ));
    }
    let mut slots: Vec<Option<Value>> = args.iter().cloned().map(Some).collect();
    slots.resize(n, None);
    for (name, v) in keywords {
        let Some(i) = class.params.iter().position(|p| p == name) else {
            return Err(fail(
                format!(
                    "{}.__init__() got an unexpected keyword argument '{name}'",
                    short(path)
                ),
                span,
            ));
        };
        if slots[i].is_some() {
            return Err(fail(
                format!(
                    "{}.__init__() got multiple values for argument '{name}'",
                    short(path)
                ),
                span,
            ));
        }
        slots[i] = Some(v.clone());
    }
    let first_default = n - class.defaults.len();
    // Python's message for the missing ones: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`
    let missing: Vec<String> = (0..first_default)
        .filter(|&i| slots[i].is_none())
        .map(|i| format!("'{}'", class.params[i]))
        .collect();
    if !missing.is_empty() {
        let k = missing.len();
        let names = match k {
            1 => missing[0].clone(),
            2 => format!("{} and {}", missing[0], missing[1]),
            _ => format!("{}, and {}", missing[..k - 1].join(", "), missing[k - 1]),
        };
        return Err(fail(
            format!(
                "{}.__init__() missing {k} required positional argument{}: {names}",
                short(path),
                if k == 1 { "" } else { "s" }
            ),
            span,
        ));
    }
    let mut vals = Vec::with_capacity(n);
    for (i, s) in slots.into_iter().enumerate() {
        vals.push(match s {
            Some(v) => v,
            None => match class.defaults[i - first_default] {
                Default::False => Value::Bool(false),
                Default::One => Value::int(1),
                Default::None => Value::Name("None".into()),
                Default::Member(m) => Value::Name(m.into()),
            },
        });
    }
    build(class.path, &vals, span).map(|op| Value::Op(Box::new(op)))
}

/// The class's name without its module.
fn short(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path)
}

/// A parameter that must be an element type.
fn dtype(v: &Value, param: &str, span: Span) -> Result<ElemType, EvalError> {
    dtype_of(v).ok_or_else(|| {
        fail(
            format!(
                "expects the '{param}' Op parameter to be an element type such as cutlass.Float16, got {}",
                v.kind()
            ),
            span,
        )
    })
}

/// A parameter that must be one of the element types `allowed` (their DSL names).
fn one_of(
    v: &Value,
    param: &str,
    allowed: &[&str],
    message: &str,
    span: Span,
) -> Result<ElemType, EvalError> {
    let d = dtype(v, param, span)?;
    if allowed.contains(&dsl(d)) {
        Ok(d)
    } else {
        Err(fail(message.to_string(), span))
    }
}

/// A shape parameter: a flat tuple of 2 or 3 integers (2: K is the instruction's).
fn shape(v: &Value, k: i64) -> Option<(i64, i64, i64)> {
    let modes = v.tuple_modes()?;
    let ints: Option<Vec<i64>> = modes.iter().map(|m| m.as_int()).collect();
    match ints?.as_slice() {
        [m, n] => Some((*m, *n, k)),
        [m, n, kk] => Some((*m, *n, *kk)),
        _ => None,
    }
}

/// An enumeration member's name (`OperandSource.SMEM`), `None` for another value.
fn member_of<'v>(v: &'v Value, enumeration: &str) -> Option<&'v str> {
    match v {
        Value::Name(n) => n
            .strip_prefix(enumeration)
            .and_then(|m| m.strip_prefix('.')),
        _ => None,
    }
}

/// `(16, 8, 16)` as Python prints the tuple.
fn py_shape((m, n, k): (i64, i64, i64)) -> String {
    format!("({m}, {n}, {k})")
}

fn build(path: &'static str, v: &[Value], span: Span) -> Result<Op, EvalError> {
    let op = |kind, printed: String| {
        Ok(Op {
            class: path,
            kind,
            printed,
            refused_as_atom: None,
        })
    };
    const F16_BF16: &[&str] = &["Float16", "BFloat16"];
    const F16_F32: &[&str] = &["Float16", "Float32"];
    const F8: &[&str] = &["Float8E4M3FN", "Float8E5M2"];
    match path {
        "MmaUniversalOp" => {
            let t = one_of(
                &v[0],
                "abacc_dtype",
                &["Float16", "Float32", "Float64"],
                "expects the 'abacc_dtype' Op parameter to be one of Float16, Float32, or Float64",
                span,
            )?;
            op(
                OpKind::Mma(format!("UniversalFMA<{0},{0},{0},{0}>", t.sized_name())),
                format!(
                    "universal MMA Operation using FMA\n  A/B/Accumulator data type = {}",
                    dsl(t)
                ),
            )
        }
        "CopyUniversalOp" => op(
            OpKind::Copy(CopyKind::Universal),
            "universal Copy Operation".into(),
        ),
        "warp.MmaF16BF16Op" | "warp.MmaFP8Op" | "warp.MmaTF32Op" => {
            let (ab, acc, s) = match path {
                "warp.MmaTF32Op" => (
                    dtype_of(&Value::Name("TFloat32".into())),
                    dtype_of(&Value::Name("Float32".into())),
                    &v[0],
                ),
                _ => (
                    Some(dtype(&v[0], "ab_dtype", span)?),
                    Some(dtype(&v[1], "acc_dtype", span)?),
                    &v[2],
                ),
            };
            let (Some(ab), Some(acc)) = (ab, acc) else {
                return Err(fail("no element type", span));
            };
            let (shapes, shapes_text, title, arch): (&[(i64, i64, i64)], &str, &str, &str) =
                match path {
                    "warp.MmaF16BF16Op" => {
                        one_of(
                            &v[0],
                            "ab_dtype",
                            F16_BF16,
                            "expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16",
                            span,
                        )?;
                        one_of(
                            &v[1],
                            "acc_dtype",
                            F16_F32,
                            "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
                            span,
                        )?;
                        if dsl(ab) == "BFloat16" && dsl(acc) != "Float32" {
                            return Err(fail(
                                "expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16",
                                span,
                            ));
                        }
                        (
                            &[(16, 8, 8), (16, 8, 16)],
                            "one of (16,8,8) or (16,8,16)",
                            "warp-level F16/BF16 MMA Operation",
                            "SM80",
                        )
                    }
                    "warp.MmaTF32Op" => (
                        &[(16, 8, 4), (16, 8, 8)],
                        "one of (16,8,4) or (16,8,8)",
                        "warp-level TF32 MMA Operation",
                        "SM80",
                    ),
                    _ => {
                        one_of(
                            &v[0],
                            "ab_dtype",
                            F8,
                            "expects the 'ab_dtype' Op parameter to be one of Float8E4M3FN or Float8E5M2",
                            span,
                        )?;
                        one_of(
                            &v[1],
                            "acc_dtype",
                            F16_F32,
                            "expects the 'acc_dtype' Op parameter to be Float32 or Float16",
                            span,
                        )?;
                        (
                            &[(16, 8, 32), (16, 8, 16)],
                            "(16,8,32) or (16,8,16)",
                            "warp-level FP8 MMA Operation (SM89)",
                            "SM89",
                        )
                    }
                };
            let mnk = shape(s, 0).filter(|x| shapes.contains(x)).ok_or_else(|| {
                fail(
                    format!("expects the 'shape_mnk' Op parameter to be {shapes_text}"),
                    span,
                )
            })?;
            let (m, n, k) = mnk;
            let (a, c) = (letters(ab), letters(acc));
            op(
                OpKind::Mma(format!("{arch}_{m}x{n}x{k}_{c}{a}{a}{c}_TN")),
                op_report(
                    title,
                    21,
                    &[
                        ("A/B data type", dsl(ab).to_string()),
                        ("Accumulator data type", dsl(acc).to_string()),
                        ("Instruction shape MNK", py_shape(mnk)),
                    ],
                ),
            )
        }
        "warp.LdMatrix8x8x16bOp"
        | "warp.LdMatrix8x16x8bOp"
        | "warp.LdMatrix16x16x8bOp"
        | "warp.LdMatrix16x8x8bOp"
        | "warp.StMatrix8x8x16bOp"
        | "warp.StMatrix16x8x8bOp" => {
            let Value::Bool(transpose) = v[0] else {
                return Err(fail(
                    "expects the 'transpose' Op parameter to be a bool instance",
                    span,
                ));
            };
            let matrices = v[1].as_int();
            let unpack = match &v[2] {
                Value::Name(n) if n == "None" => None,
                Value::Under => None,
                u => Some(u.as_int()),
            };
            let (allowed, allowed_text): (&[i64], &str) = match path {
                "warp.LdMatrix16x16x8bOp" => (&[1, 2], "[1,2]"),
                "warp.LdMatrix16x8x8bOp" => (&[2, 4], "[2,4]"),
                _ => (&[1, 2, 4], "[1,2,4]"),
            };
            let transposed_only = matches!(
                path,
                "warp.LdMatrix16x16x8bOp" | "warp.LdMatrix16x8x8bOp" | "warp.StMatrix16x8x8bOp"
            );
            if transposed_only && !transpose {
                return Err(fail("Op only supports transpose", span));
            }
            if path == "warp.LdMatrix8x16x8bOp" && transpose {
                return Err(fail("Op doesn't support transpose", span));
            }
            let matrices = matrices.filter(|n| allowed.contains(n)).ok_or_else(|| {
                fail(
                    format!("expects the 'num_matrices' Op parameter to be one of {allowed_text}"),
                    span,
                )
            })?;
            let unpacks = matches!(
                path,
                "warp.LdMatrix8x16x8bOp" | "warp.LdMatrix16x16x8bOp" | "warp.LdMatrix16x8x8bOp"
            );
            if unpacks && !matches!(unpack, None | Some(Some(4 | 6))) {
                return Err(fail("Op unpack bits must be 4 or 6 or None", span));
            }
            if !unpacks && unpack.is_some() {
                return Err(fail("Op doesn't support unpacking", span));
            }
            let kind = match path {
                "warp.LdMatrix8x8x16bOp" => CopyKind::LdMatrix8x8 {
                    transpose,
                    matrices,
                },
                "warp.StMatrix8x8x16bOp" => CopyKind::StMatrix8x8 {
                    transpose,
                    matrices,
                },
                "warp.StMatrix16x8x8bOp" => CopyKind::StMatrix16x8 { matrices },
                "warp.LdMatrix8x16x8bOp" => CopyKind::LdMatrix8x16 {
                    matrices,
                    unpack: unpack.flatten(),
                },
                "warp.LdMatrix16x16x8bOp" => CopyKind::NoAtom(
                    "LdMatrix16x16x8bOp has no CuTe C++ atom with the DSL's layouts (SM100_U8x8_LDSM_T and SM100_U8x16_LDSM_T arrange the values otherwise): use copy_atom with the C++ name",
                ),
                _ => CopyKind::NoAtom(
                    "LdMatrix16x8x8bOp has no CuTe C++ atom (the DSL's own permutation of ldmatrix.m16n16)",
                ),
            };
            let mut printed = format!(
                "{} Copy Operation\n  number of matrices = {matrices}",
                short(path).trim_end_matches("Op")
            );
            if transpose {
                printed.push_str("\n  transposed");
            }
            if let Some(Some(bits)) = unpack {
                printed.push_str(&format!("\n  unpack {bits}b to 8b"));
            }
            op(OpKind::Copy(kind), printed)
        }
        "cpasync.CopyG2SOp" => {
            let Some(mode) = member_of(&v[0], "LoadCacheMode") else {
                return Err(fail(
                    "expects the 'cache_mode' Op parameter to be a LoadCacheMode instance",
                    span,
                ));
            };
            let cache = LOAD_CACHE_MODES
                .iter()
                .find(|m| **m == mode)
                .copied()
                .unwrap_or("ALWAYS");
            let mut printed = "cp.async GMEM -> SMEM copy Operation".to_string();
            if cache != "ALWAYS" {
                printed.push_str(&format!("\n  with cache mode = LoadCacheMode.{cache}"));
            }
            op(OpKind::Copy(CopyKind::G2S { cache }), printed)
        }
        "cpasync.CopyBulkTensorTileG2SOp" | "cpasync.CopyBulkTensorTileG2SMulticastOp" => {
            let two = match member_of(&v[0], "CtaGroup") {
                Some("ONE") => false,
                Some("TWO") => true,
                _ => {
                    return Err(fail(
                        "expects the 'cta_group' parameter to be a CtaGroup instance",
                        span,
                    ));
                }
            };
            let multicast = path.ends_with("MulticastOp");
            let name = match (two, multicast) {
                (false, false) => "SM90_TMA_LOAD",
                (false, true) => "SM90_TMA_LOAD_MULTICAST",
                (true, false) => "SM100_TMA_2SM_LOAD",
                (true, true) => "SM100_TMA_2SM_LOAD_MULTICAST",
            };
            let printed = if multicast {
                "cp.async GMEM -> SMEM bulk tensor multicast copy Operation"
            } else {
                "cp.async GMEM -> SMEM bulk tensor copy Operation"
            };
            // (the DSL 4.8.1 prints a 2-CTA operation's group on a line of its own)
            let printed = if two {
                format!("{printed}\n  CTA group = 2")
            } else {
                printed.to_string()
            };
            op(OpKind::Tma(name), printed)
        }
        "cpasync.CopyBulkTensorTileS2GOp" => op(
            OpKind::Tma("SM90_TMA_STORE"),
            "cp.async SMEM -> GMEM bulk tensor copy Operation".into(),
        ),
        "warpgroup.MmaF16BF16Op" | "warpgroup.MmaF8Op" => {
            let (a, b, acc, rest) = if path == "warpgroup.MmaF8Op" {
                let a = dtype(&v[0], "a_dtype", span)?;
                let b = dtype(&v[1], "b_dtype", span)?;
                (a, b, dtype(&v[2], "acc_dtype", span)?, &v[3..])
            } else {
                let ab = dtype(&v[0], "ab_dtype", span)?;
                (ab, ab, dtype(&v[1], "acc_dtype", span)?, &v[2..])
            };
            let instruction_k = if path == "warpgroup.MmaF8Op" { 32 } else { 16 };
            let src =
                member_of(&rest[1], "OperandSource").filter(|m| matches!(*m, "RMEM" | "SMEM"));
            let Some(src) = src else {
                return Err(fail(
                    "expects the 'a_src' Op parameter to be a warpgroup.OperandSource instance",
                    span,
                ));
            };
            let (Some(a_major), Some(b_major)) = (major(&rest[2]), major(&rest[3])) else {
                return Err(fail(
                    "expects the 'a_major_mode' and 'b_major_mode' Op parameters to be cute.nvgpu.OperandMajorMode instances",
                    span,
                ));
            };
            let mnk = shape(&rest[0], instruction_k).ok_or_else(|| {
                fail(
                    "expects the 'instruction_shape' Op parameter to be (M,N) or (M,N,K)",
                    span,
                )
            })?;
            let (m, n, k) = mnk;
            if k != instruction_k {
                return Err(fail(
                    format!(
                        "expects the instruction extent in the K-mode to be {instruction_k}, but got {k}"
                    ),
                    span,
                ));
            }
            if m != 64 {
                return Err(fail(
                    format!("expects the M-mode to be 64, but got {m}"),
                    span,
                ));
            }
            if !(8..=256).contains(&n) || n % 8 != 0 {
                return Err(fail(
                    format!(
                        "expects the N-mode to satisfy 8 <= N <= 256 and N % 8 == 0. but got {n}"
                    ),
                    span,
                ));
            }
            let title = if path == "warpgroup.MmaF8Op" {
                for (name, t) in [("a_dtype", a), ("b_dtype", b)] {
                    if !F8.contains(&dsl(t)) {
                        return Err(fail(
                            format!(
                                "expects the '{name}' Op parameter to be one of Float8E4M3FN or Float8E5M2"
                            ),
                            span,
                        ));
                    }
                }
                if !F16_F32.contains(&dsl(acc)) {
                    return Err(fail(
                        "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
                        span,
                    ));
                }
                "warpgroup F8 MMA Operation"
            } else {
                if !F16_BF16.contains(&dsl(a)) {
                    return Err(fail(
                        "expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16",
                        span,
                    ));
                }
                if !F16_F32.contains(&dsl(acc)) {
                    return Err(fail(
                        "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
                        span,
                    ));
                }
                if dsl(a) == "BFloat16" && dsl(acc) != "Float32" {
                    return Err(fail(
                        "expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16",
                        span,
                    ));
                }
                "warpgroup F16/BF16 MMA Operation"
            };
            let ss = if src == "SMEM" { "SS" } else { "RS" };
            let name = if path == "warpgroup.MmaF8Op" {
                if a_major != "K" || b_major != "K" {
                    return Err(fail(
                        "expects the 'a_major_mode' and 'b_major_mode' Op parameters to be K for FP8 GMMA",
                        span,
                    ));
                }
                format!(
                    "SM90_{m}x{n}x{k}_{}{}{}_{ss}_TN",
                    letters(acc),
                    letters(a),
                    letters(b)
                )
            } else {
                format!(
                    "SM90_{m}x{n}x{k}_{}{}{}_{ss}<GMMA::Major::{a_major},GMMA::Major::{b_major}>",
                    letters(acc),
                    letters(a),
                    letters(b)
                )
            };
            op(
                OpKind::Mma(name),
                op_report(
                    title,
                    21,
                    &[
                        ("A data type", dsl(a).to_string()),
                        ("B data type", dsl(b).to_string()),
                        ("Accumulator data type", dsl(acc).to_string()),
                        ("A source location", format!("OperandSource.{src}")),
                        ("A major mode", format!("OperandMajorMode.{a_major}")),
                        ("B major mode", format!("OperandMajorMode.{b_major}")),
                        ("Instruction shape MNK", py_shape(mnk)),
                    ],
                ),
            )
        }
        _ => {
            let made = match path {
                "tcgen05.MmaMXF8Op"
                | "tcgen05.MmaMXF8F6F4Op"
                | "tcgen05.MmaMXF4Op"
                | "tcgen05.MmaMXF4NVF4Op" => block_scaled_umma(path, v, span),
                "tcgen05.MmaF16BF16SparseOp" | "tcgen05.MmaFP8SparseOp" => {
                    sparse_umma(path, v, span)
                }
                _ => umma(path, v, span),
            };
            made.map(|(kind, printed, refused_as_atom)| Op {
                class: path,
                kind,
                printed,
                refused_as_atom,
            })
        }
    }
}

/// An operand major mode's member (`K`, `MN`), also as the strings the Python package takes.
fn major(v: &Value) -> Option<&'static str> {
    match v {
        Value::Name(n) => match n.strip_prefix("OperandMajorMode.").unwrap_or(n) {
            "K" | "k" => Some("K"),
            "MN" | "mn" => Some("MN"),
            _ => None,
        },
        _ => None,
    }
}

/// An operation's `print`, as the DSL's `__str__` writes it: its title, then a line a
/// parameter, `  LABEL = VALUE`, the labels padded to `width`.
fn op_report(title: &str, width: usize, rows: &[(&str, String)]) -> String {
    let mut s = title.to_string();
    for (label, value) in rows {
        s.push_str(&format!("\n  {label:<width$} = {value}"));
    }
    s
}

/// A tcgen05 MMA's parameters as its `print` lists them: the element types (A, B, the
/// accumulator's), the CTA group, A's source, the major modes, the instruction's shape.
fn umma_rows(
    (a, b, acc): (ElemType, ElemType, ElemType),
    two: bool,
    src: &str,
    (a_major, b_major): (&str, &str),
    mnk: (i64, i64, i64),
) -> Vec<(&'static str, String)> {
    vec![
        ("A data type", dsl(a).to_string()),
        ("B data type", dsl(b).to_string()),
        ("Accumulator data type", dsl(acc).to_string()),
        (
            "CTA group",
            format!("CtaGroup.{}", if two { "TWO" } else { "ONE" }),
        ),
        ("A source location", format!("OperandSource.{src}")),
        ("A major mode", format!("OperandMajorMode.{a_major}")),
        ("B major mode", format!("OperandMajorMode.{b_major}")),
        ("Instruction shape MNK", py_shape(mnk)),
    ]
}

/// A tcgen05 MMA's `cta_group`, `a_src` and major-mode parameters, checked in the order and
/// wording of the DSL 4.8.1's `__post_init__` (`MmaOp`, `BlockScaledMmaOp`, `SparseMmaOp`):
/// (two SMs, A's source, A's and B's major modes); no major modes (`MmaMXF4Op`): K-major.
fn umma_modes(
    cta_group: &Value,
    a_src: &Value,
    majors: Option<(&Value, &Value)>,
    span: Span,
) -> Result<(bool, &'static str, &'static str, &'static str), EvalError> {
    let two = match member_of(cta_group, "CtaGroup") {
        Some("ONE") => false,
        Some("TWO") => true,
        _ => {
            return Err(fail(
                "expects the 'cta_group' Op parameter to be a tcgen05.CtaGroup instance",
                span,
            ));
        }
    };
    let src = match member_of(a_src, "OperandSource") {
        Some("TMEM") => "TMEM",
        Some("SMEM") => "SMEM",
        _ => {
            return Err(fail(
                "expects the 'a_src' Op parameter to be a tcgen05.OperandSource instance",
                span,
            ));
        }
    };
    let Some((a, b)) = majors else {
        return Ok((two, src, "K", "K"));
    };
    let major_mode = |v: &Value, param: &str| {
        major(v).ok_or_else(|| {
            fail(
                format!(
                    "expects the '{param}' Op parameter to be a cute.nvgpu.OperandMajorMode or tcgen05.OperandMajorMode (deprecated) instance"
                ),
                span,
            )
        })
    };
    Ok((
        two,
        src,
        major_mode(a, "a_major_mode")?,
        major_mode(b, "b_major_mode")?,
    ))
}

/// A tcgen05 MMA's `shape_mnk`: a flat tuple of 2 or 3 integers (2: K is the instruction's `k`).
fn umma_shape(v: &Value, k: i64, span: Span) -> Result<(i64, i64, i64), EvalError> {
    shape(v, k).ok_or_else(|| {
        let mut got = String::new();
        if let Value::IntTuple(t) = v {
            got.push_str(", but got ");
            super::plain::write_python_tuple(&mut got, t);
        }
        fail(
            format!("expected a flat rank 2 or 3 tuple for the 'shape_mnk' Op parameter{got}"),
            span,
        )
    })
}

/// A tcgen05 MMA's N: `lo <= N <= 256` and a multiple of `lo`.
fn umma_n(n: i64, lo: i64, span: Span) -> Result<(), EvalError> {
    if n < lo || n > 256 || n % lo != 0 {
        return Err(fail(
            format!(
                "expects the N-mode to satisfy {lo} <= N <= 256 and N % {lo} == 0, but got {n}"
            ),
            span,
        ));
    }
    Ok(())
}

/// A tcgen05 MMA's K: the instruction's `k`.
fn umma_k(kk: i64, k: i64, span: Span) -> Result<(), EvalError> {
    if kk != k {
        return Err(fail(
            format!("expects the instruction extent in the K-mode to be {k}, but got {kk}"),
            span,
        ));
    }
    Ok(())
}

/// The dense tcgen05 MMAs (`tcgen05.Mma*Op`): the DSL's checks (its `_verify` of the
/// instruction shape, M, N and K by the CTA group) and the C++ `SM100_MMA_*` atom.
type Umma = (OpKind, String, Option<&'static str>);

fn umma(path: &str, v: &[Value], span: Span) -> Result<Umma, EvalError> {
    const F16_F32: &[&str] = &["Float16", "Float32"];
    const F8: &[&str] = &["Float8E4M3FN", "Float8E5M2"];
    const F8F6F4: &[&str] = &[
        "Float8E4M3FN",
        "Float8E5M2",
        "Float6E2M3FN",
        "Float6E3M2FN",
        "Float4E2M1FN",
    ];
    let name =
        |n: &str| dtype_of(&Value::Name(n.into())).ok_or_else(|| fail("no element type", span));
    let (a, b, acc, rest, family, k, title) = match path {
        "tcgen05.MmaTF32Op" => (
            name("TFloat32")?,
            name("TFloat32")?,
            name("Float32")?,
            v,
            "TF32",
            8,
            "tcgen05 TF32 MMA Operation",
        ),
        "tcgen05.MmaF16BF16Op" => {
            let ab = one_of(
                &v[0],
                "ab_dtype",
                &["Float16", "BFloat16"],
                "expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16",
                span,
            )?;
            let acc = one_of(
                &v[1],
                "acc_dtype",
                F16_F32,
                "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
                span,
            )?;
            (
                ab,
                ab,
                acc,
                &v[2..],
                "F16BF16",
                16,
                "tcgen05 F16/BF16 MMA Operation",
            )
        }
        "tcgen05.MmaI8Op" => {
            let ab = one_of(
                &v[0],
                "ab_dtype",
                &["Int8", "Uint8"],
                "expects the 'ab_dtype' Op parameter to be one of Int8 or Uint8",
                span,
            )?;
            (
                ab,
                ab,
                name("Int32")?,
                &v[1..],
                "S8",
                32,
                "tcgen05 I8 MMA Operation",
            )
        }
        "tcgen05.MmaFP8Op" => {
            let ab = one_of(
                &v[0],
                "ab_dtype",
                F8,
                "expects the 'ab_dtype' Op parameter to be one of Float8E4M3FN or Float8E5M2",
                span,
            )?;
            let acc = one_of(
                &v[1],
                "acc_dtype",
                F16_F32,
                "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
                span,
            )?;
            (
                ab,
                ab,
                acc,
                &v[2..],
                "F8F6F4",
                32,
                "tcgen05 F8 MMA Operation",
            )
        }
        _ => {
            let msg = |p: &str| {
                format!(
                    "expects the '{p}' Op parameter to be one of Float8E4M3FN, Float8E5M2, Float6E2M3FN, Float6E3M2FN or Float4E2M1FN"
                )
            };
            let a = one_of(&v[0], "a_dtype", F8F6F4, &msg("a_dtype"), span)?;
            let b = one_of(&v[1], "b_dtype", F8F6F4, &msg("b_dtype"), span)?;
            let acc = one_of(
                &v[2],
                "acc_dtype",
                F16_F32,
                "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
                span,
            )?;
            (
                a,
                b,
                acc,
                &v[3..],
                "F8F6F4",
                32,
                "tcgen05 F8F6F4 MMA Operation",
            )
        }
    };
    let (two, src, a_major, b_major) =
        umma_modes(&rest[1], &rest[2], Some((&rest[3], &rest[4])), span)?;
    let (m, n, kk) = umma_shape(&rest[0], k, span)?;
    let eight_bit_mn = b.bits() == 8 && b_major == "MN";
    let lo = if two {
        if !matches!(m, 128 | 256) {
            return Err(fail(
                format!("expects the M-mode to be 128 or 256, but got {m}"),
                span,
            ));
        }
        if eight_bit_mn { 32 } else { 16 }
    } else {
        if !matches!(m, 64 | 128) {
            return Err(fail(
                format!("expects the M-mode to be 64 or 128, but got {m}"),
                span,
            ));
        }
        if eight_bit_mn { 16 } else { 8 }
    };
    umma_n(n, lo, span)?;
    umma_k(kk, k, span)?;
    let pair = if two { "_2x1SM" } else { "" };
    let ts = if src == "TMEM" { "TS" } else { "SS" };
    let atom = format!(
        "SM100_MMA_{family}{pair}_{ts}<{},{},{},{m},{n},UMMA::Major::{a_major},UMMA::Major::{b_major}>",
        a.sized_name(),
        b.sized_name(),
        acc.sized_name()
    );
    let printed = op_report(
        title,
        21,
        &umma_rows((a, b, acc), two, src, (a_major, b_major), (m, n, kk)),
    );
    // the DSL's check at the atom (`_make_trait`): A from tensor memory is K-major
    let refused = (src == "TMEM" && a_major != "K")
        .then_some("a operand must be of major-mode k when coming from tmem");
    Ok((OpKind::Mma(atom), printed, refused))
}

/// The block-scaled tcgen05 MMAs (`tcgen05.MmaMXF8Op`, `MmaMXF8F6F4Op`, `MmaMXF4Op`,
/// `MmaMXF4NVF4Op`, DSL 4.8.1's `BlockScaledMmaOp`): its `__post_init__`'s checks first (the
/// enumerations, the shape's rank, M and N by the CTA group: one SM M 128, N 8..256 step 8;
/// two M 128|256, N 16..256 step 16), then the class's `_verify` (its element types, K: 32 of
/// MXF8F6F4, 64 of MXF4), in the DSL's order and wording; the C++ atom is
/// `SM100_MMA_MXF8F6F4[_2x1SM]_SS<a, b, float, sf, M, N, a_major, b_major>` or
/// `SM100_MMA_MXF4[_2x1SM]_SS<…, M, N, VS, K, K>` (VS 32 of MXF4, 16 of MXF4NVF4).
fn block_scaled_umma(path: &str, v: &[Value], span: Span) -> Result<Umma, EvalError> {
    let name =
        |n: &str| dtype_of(&Value::Name(n.into())).ok_or_else(|| fail("no element type", span));
    // the class's parameters, the base's order: (its own dtypes, shape, cta_group, a_src,
    // a_major, b_major)
    let (dtypes, rest) = match path {
        "tcgen05.MmaMXF8Op" => v.split_at(1),
        "tcgen05.MmaMXF8F6F4Op" => v.split_at(2),
        "tcgen05.MmaMXF4Op" => v.split_at(0),
        _ => v.split_at(1),
    };
    let majors = (rest.len() > 3).then(|| (&rest[3], &rest[4]));
    let (two, src, a_major, b_major) = umma_modes(&rest[1], &rest[2], majors, span)?;
    let mxf4 = matches!(path, "tcgen05.MmaMXF4Op" | "tcgen05.MmaMXF4NVF4Op");
    let k = if mxf4 { 64 } else { 32 };
    let (m, n, kk) = umma_shape(&rest[0], k, span)?;
    if !two {
        if m != 128 {
            return Err(fail(
                format!("expects the M-mode to be 128, but got {m}"),
                span,
            ));
        }
    } else if !matches!(m, 128 | 256) {
        return Err(fail(
            format!("expects the M-mode to be 128 or 256, but got {m}"),
            span,
        ));
    }
    let lo = if two { 16 } else { 8 };
    umma_n(n, lo, span)?;
    const F8F6F4: &[&str] = &[
        "Float8E5M2",
        "Float8E4M3FN",
        "Float6E3M2FN",
        "Float6E2M3FN",
        "Float4E2M1FN",
    ];
    let f8f6f4 = |p: &str| {
        format!(
            "expects the '{p}' Op parameter to be one of Float8E5M2, Float8E4M3FN, Float6E3M2FN, Float6E2M3FN, or Float4E2M1FN"
        )
    };
    let e2m1 = name("Float4E2M1FN")?;
    // a scale factor's type (no type a session holds values of): the DSL's name, C++'s
    let ue8m0 = ("Float8E8M0FNU", "float_ue8m0_t");
    let (a, b, sf, vs, title) = match path {
        "tcgen05.MmaMXF8Op" => {
            let ab = one_of(
                &dtypes[0],
                "ab_dtype",
                &["Float8E5M2", "Float8E4M3FN"],
                "expects the 'ab_dtype' Op parameter to be one of Float8E5M2 or Float8E4M3FN",
                span,
            )?;
            (ab, ab, ue8m0, 32, "tcgen05 MXF8 BlockScaled MMA Operation")
        }
        "tcgen05.MmaMXF8F6F4Op" => {
            let a = one_of(&dtypes[0], "a_dtype", F8F6F4, &f8f6f4("a_dtype"), span)?;
            let b = one_of(&dtypes[1], "b_dtype", F8F6F4, &f8f6f4("b_dtype"), span)?;
            (
                a,
                b,
                ue8m0,
                32,
                "tcgen05 MXF8F6F4 BlockScaled MMA Operation",
            )
        }
        "tcgen05.MmaMXF4Op" => (
            e2m1,
            e2m1,
            ue8m0,
            32,
            "tcgen05 MXF4 BlockScaled MMA Operation",
        ),
        _ => {
            let sf = match &dtypes[0] {
                Value::Name(n) => match n.strip_prefix("cutlass.").unwrap_or(n) {
                    "Float8E8M0FNU" => ue8m0,
                    "Float8E4M3FN" => ("Float8E4M3FN", "float_ue4m3_t"),
                    _ => ("", ""),
                },
                _ => ("", ""),
            };
            if sf.0.is_empty() {
                return Err(fail(
                    "expects the 'sf_dtype' Op parameter to be one of Float8E8M0FNU",
                    span,
                ));
            }
            (
                e2m1,
                e2m1,
                sf,
                16,
                "tcgen05 MXF4NVF4 BlockScaled MMA Operation",
            )
        }
    };
    umma_k(kk, k, span)?;
    let acc = name("Float32")?;
    let pair = if two { "_2x1SM" } else { "" };
    let types = format!(
        "{},{},{},{}",
        a.sized_name(),
        b.sized_name(),
        acc.sized_name(),
        sf.1
    );
    let atom = if mxf4 {
        format!("SM100_MMA_MXF4{pair}_SS<{types},{m},{n},{vs},UMMA::Major::K,UMMA::Major::K>")
    } else {
        format!(
            "SM100_MMA_MXF8F6F4{pair}_SS<{types},{m},{n},UMMA::Major::{a_major},UMMA::Major::{b_major}>"
        )
    };
    let mut rows = umma_rows((a, b, acc), two, src, (a_major, b_major), (m, n, kk));
    rows.splice(
        3..3,
        [
            ("Scale factor data type", sf.0.to_string()),
            ("Scale factor vector size", vs.to_string()),
        ],
    );
    let printed = op_report(title, 25, &rows);
    // what the DSL builds and CuTe C++ 4.7 has no atom of (cute's atoms are C++'s)
    let refused = if src == "TMEM" {
        Some(
            "a block-scaled tcgen05 MMA reading A from tensor memory (OperandSource.TMEM) has no CuTe C++ atom in cute's catalog (C++ has only the _SS forms)",
        )
    } else if two && !mxf4 && m != 256 {
        Some(
            "a block-scaled MXF8F6F4 MMA of two SMs with M 128 has no CuTe C++ atom in cute's catalog (SM100_MMA_MXF8F6F4_2x1SM_SS takes M 256)",
        )
    } else {
        None
    };
    Ok((OpKind::Mma(atom), printed, refused))
}

/// The sparse tcgen05 MMAs (`tcgen05.MmaF16BF16SparseOp`, `MmaFP8SparseOp`, DSL 4.8.1's
/// `SparseMmaOp`): its `__post_init__`'s checks first (the enumerations, the metadata format,
/// the shape's rank, M and N by the CTA group: one SM M 64 (N 8..256 step 8) or 128 (N
/// 16..256 step 16); two M 128|256, N 32..256 step 32), then the class's `_verify` (A and
/// B's type, the accumulator's, K: 32 of F16/BF16, 64 of FP8), in the DSL's order and
/// wording; the C++ atom is `SM100_MMA_{F16BF16,F8F6F4}[_2x1SM]_SS_SPARSE<a, b, acc, M, N,
/// a_major, b_major>`.
fn sparse_umma(path: &str, v: &[Value], span: Span) -> Result<Umma, EvalError> {
    let (two, src, a_major, b_major) = umma_modes(&v[3], &v[4], Some((&v[5], &v[6])), span)?;
    if member_of(&v[7], "SparseMetadataFormat") != Some("TID") {
        return Err(fail(
            "expects the 'sparse_metadata_format' Op parameter to be a tcgen05.SparseMetadataFormat instance",
            span,
        ));
    }
    let fp8 = path == "tcgen05.MmaFP8SparseOp";
    let k = if fp8 { 64 } else { 32 };
    let (m, n, kk) = umma_shape(&v[2], k, span)?;
    let lo = if two {
        if !matches!(m, 128 | 256) {
            return Err(fail(
                format!("expects the M-mode to be 128 or 256, but got {m}"),
                span,
            ));
        }
        32
    } else {
        match m {
            64 => 8,
            128 => 16,
            _ => {
                return Err(fail(
                    format!("expects the M-mode to be 64 or 128, but got {m}"),
                    span,
                ));
            }
        }
    };
    umma_n(n, lo, span)?;
    let (ab, family, title) = if fp8 {
        let ab = one_of(
            &v[0],
            "ab_dtype",
            &["Float8E5M2", "Float8E4M3FN"],
            "expects the 'ab_dtype' Op parameter to be one of Float8E5M2 or Float8E4M3FN",
            span,
        )?;
        (ab, "F8F6F4", "tcgen05 FP8 Sparse MMA Operation")
    } else {
        let ab = one_of(
            &v[0],
            "ab_dtype",
            &["Float16", "BFloat16"],
            "expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16",
            span,
        )?;
        (ab, "F16BF16", "tcgen05 F16/BF16 Sparse MMA Operation")
    };
    let acc = one_of(
        &v[1],
        "acc_dtype",
        &["Float16", "Float32"],
        "expects the 'acc_dtype' Op parameter to be one of Float16 or Float32",
        span,
    )?;
    umma_k(kk, k, span)?;
    let pair = if two { "_2x1SM" } else { "" };
    let atom = format!(
        "SM100_MMA_{family}{pair}_SS_SPARSE<{},{},{},{m},{n},UMMA::Major::{a_major},UMMA::Major::{b_major}>",
        ab.sized_name(),
        ab.sized_name(),
        acc.sized_name()
    );
    let mut rows = umma_rows((ab, ab, acc), two, src, (a_major, b_major), (m, n, kk));
    rows.push((
        "Sparse metadata format",
        "SparseMetadataFormat.TID".to_string(),
    ));
    let printed = op_report(title, 25, &rows);
    let refused = (src == "TMEM").then_some(
        "a sparse tcgen05 MMA reading A from tensor memory (OperandSource.TMEM) has no CuTe C++ atom in cute's catalog (C++ has only the _SS_SPARSE forms)",
    );
    Ok((OpKind::Mma(atom), printed, refused))
}

impl Op {
    /// The CuTe C++ MMA atom an MMA operation is (`make_mma_atom(op)`).
    pub fn mma_atom_name(&self, span: Span) -> Result<&str, EvalError> {
        match &self.kind {
            OpKind::Mma(_) if let Some(why) = self.refused_as_atom => Err(fail(why, span)),
            OpKind::Mma(name) => Ok(name),
            _ => Err(fail(
                format!(
                    "make_mma_atom expects an MMA operation, got cute.nvgpu.{} (a copy operation: make_copy_atom takes it)",
                    self.class
                ),
                span,
            )),
        }
    }

    /// The CuTe C++ copy operation a copy operation is, for elements of `ty` (a DSL element
    /// type) moved `bits` at a time (`make_copy_atom`'s `num_bits_per_copy`; `None`: the
    /// element's).
    pub fn copy_op_name(
        &self,
        ty: &Value,
        bits: Option<i64>,
        span: Span,
    ) -> Result<String, EvalError> {
        let OpKind::Copy(kind) = &self.kind else {
            return Err(fail(
                format!(
                    "make_copy_atom expects a copy operation, got cute.nvgpu.{} (an MMA operation: make_mma_atom takes it)",
                    self.class
                ),
                span,
            ));
        };
        let t = dtype_of(ty).ok_or_else(|| {
            fail(
                format!(
                    "make_copy_atom expects an element type such as cutlass.Float16, got {}",
                    ty.kind()
                ),
                span,
            )
        })?;
        if bits.is_some_and(|b| b < 0) {
            return Err(fail(
                format!(
                    "'num_bits_per_copy' must be a non-negative int when creating a copy Atom for '{}'",
                    short(self.class)
                ),
                span,
            ));
        }
        // the DSL's universal and cp.async copies: `num_bits_per_copy` 0 is "auto" (one
        // element; cp.async refuses it), fewer bits than an element copy one element
        let one_element = matches!(kind, CopyKind::Universal | CopyKind::G2S { .. });
        if one_element && matches!(bits, None | Some(0)) && matches!(kind, CopyKind::G2S { .. }) {
            return Err(fail(
                format!(
                    "expects a 'num_bits_per_copy' kw argument of type int that is positive when creating a copy Atom for {}",
                    short(self.class)
                ),
                span,
            ));
        }
        let bits = match bits {
            None | Some(0) if one_element => t.bits(),
            Some(b) if one_element => b.max(t.bits()),
            b => b.unwrap_or(t.bits()),
        };
        let uint = || -> Result<String, EvalError> {
            if matches!(bits, 8 | 16 | 32 | 64 | 128 | 256) {
                Ok(format!("uint{bits}_t"))
            } else if bits > 256 && bits.count_ones() == 1 {
                // the DSL builds a one-thread copy of these bits; C++'s widest uint is 256 bits
                Err(fail(
                    format!(
                        "a copy of {bits} bits per copy has no CuTe C++ atom in cute's catalog (UniversalCopy's widest type is uint256_t)"
                    ),
                    span,
                ))
            } else {
                Err(fail(
                    format!(
                        "num_bits_per_copy: expected copy_bits to be 0 (auto) or a power of 2 (>= 8), but got {bits}"
                    ),
                    span,
                ))
            }
        };
        Ok(match *kind {
            CopyKind::Universal => format!("UniversalCopy<{}>", uint()?),
            // cp.async copies 4, 8 or 16 bytes (SM80_CP_ASYNC_CACHEALWAYS), cp.async.cg 16
            // (SM80_CP_ASYNC_CACHEGLOBAL); the DSL builds the atom of other widths too, whose
            // layouts are a one-thread copy of those bits, `(1,N):(0,1)` as every such
            // Copy_Traits has them: UniversalCopy's
            CopyKind::G2S { cache: "ALWAYS" } if matches!(bits, 32 | 64 | 128) => {
                format!("SM80_CP_ASYNC_CACHEALWAYS<{}>", uint()?)
            }
            CopyKind::G2S { cache: "GLOBAL" } if bits == 128 => {
                "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>".into()
            }
            CopyKind::G2S {
                cache: "ALWAYS" | "GLOBAL",
            } => format!("UniversalCopy<{}>", uint()?),
            CopyKind::G2S { cache } => {
                return Err(fail(
                    format!(
                        "CopyG2SOp with LoadCacheMode.{cache} has no CuTe C++ atom in cute's catalog"
                    ),
                    span,
                ));
            }
            CopyKind::LdMatrix8x8 {
                transpose: false,
                matrices,
            } => format!("SM75_U32x{matrices}_LDSM_N"),
            CopyKind::LdMatrix8x8 {
                transpose: true,
                matrices,
            } => format!("SM75_U16x{}_LDSM_T", 2 * matrices),
            CopyKind::StMatrix8x8 {
                transpose: false,
                matrices,
            } => format!("SM90_U32x{matrices}_STSM_N"),
            CopyKind::StMatrix8x8 {
                transpose: true,
                matrices,
            } => format!("SM90_U16x{}_STSM_T", 2 * matrices),
            CopyKind::LdMatrix8x16 {
                matrices,
                unpack: Some(bits),
            } => format!("SM100_SU{bits}_DU8x16_x{matrices}_LDSM_N"),
            CopyKind::LdMatrix8x16 { matrices, .. } if t.bits() == 8 => {
                format!("SM100_SU4_DU8x16_x{matrices}_LDSM_N")
            }
            CopyKind::LdMatrix8x16 { matrices, .. } => format!("SM75_U32x{matrices}_LDSM_N"),
            CopyKind::StMatrix16x8 { matrices } => format!("SM100_U8x{}_STSM_T", 4 * matrices),
            CopyKind::NoAtom(why) => return Err(fail(why, span)),
        })
    }
}

/// The DSL's `cpasync.make_tiled_tma_atom(op, gmem_tensor, smem_layout, cta_tiler,
/// num_multicast=1)`: the TMA copy atom of a TMA operation (the table's `make_tma_atom` of the
/// C++ operation it is) and the TMA's coordinate tensor of `gmem_tensor`'s shape (C++'s
/// `get_tma_tensor`), a pair, as the DSL returns them.
pub fn make_tiled_tma_atom(
    args: &[Value],
    keywords: &[(&str, Value)],
    span: Span,
) -> Result<Value, EvalError> {
    const PARAMS: [&str; 5] = [
        "op",
        "gmem_tensor",
        "smem_layout",
        "cta_tiler",
        "num_multicast",
    ];
    if args.len() > PARAMS.len() {
        return Err(fail(
            format!(
                "make_tiled_tma_atom() takes at most 5 positional arguments but {} were given",
                args.len()
            ),
            span,
        ));
    }
    let mut slots: Vec<Option<Value>> = args.iter().cloned().map(Some).collect();
    slots.resize(PARAMS.len(), None);
    for (name, v) in keywords {
        let Some(i) = PARAMS.iter().position(|p| p == name) else {
            return Err(fail(
                format!("make_tiled_tma_atom() got an unexpected keyword argument '{name}'"),
                span,
            ));
        };
        slots[i] = Some(v.clone());
    }
    let num_multicast = slots[4].take().unwrap_or(Value::int(1));
    let mut vals = Vec::with_capacity(5);
    for (i, s) in slots.into_iter().take(4).enumerate() {
        vals.push(s.ok_or_else(|| {
            fail(
                format!(
                    "make_tiled_tma_atom() missing required argument: '{}'",
                    PARAMS[i]
                ),
                span,
            )
        })?);
    }
    let op = match &vals[0] {
        Value::Op(op) if matches!(op.kind, OpKind::Tma(_)) => op,
        v => {
            return Err(fail(
                format!(
                    "make_tiled_tma_atom expects a TMA operation of cute.nvgpu.cpasync, got {}",
                    v.kind()
                ),
                span,
            ));
        }
    };
    if op.class == "cpasync.CopyBulkTensorTileG2SOp" && num_multicast.as_int() != Some(1) {
        return Err(fail(
            "CopyBulkTensorTileG2SOp does not multicast: use CopyBulkTensorTileG2SMulticastOp",
            span,
        ));
    }
    let gmem = vals[1].clone();
    vals.push(num_multicast);
    let spans = [span; 5];
    let Some(make) = super::functions::lookup("make_tma_atom") else {
        return Err(fail("make_tma_atom is not in the function table", span));
    };
    let atom = super::functions::call(make, &vals, &spans, span)?;
    let shape = super::methods::field(&gmem, "shape", span)?;
    let tensor = super::methods::method(&atom, "get_tma_tensor", &[shape], &spans[..1], span)
        .unwrap_or_else(|| Err(fail("the TMA atom has no get_tma_tensor", span)))?;
    Ok(Value::Tuple(vec![atom, tensor]))
}

/// `cute help nvgpu`, `cute help warp.MmaF16BF16Op` (also `cute.nvgpu.warp.MmaF16BF16Op`, or
/// `MmaF16BF16Op` where one class has the name): each class's parameters (defaults written
/// `name=value`), an example and the CuTe C++ atom or operation it is, computed now from this
/// table (so the help is the engine's). `None`: no class of the name.
pub fn help(topic: &str) -> Option<String> {
    let path = topic.strip_prefix("cute.").unwrap_or(topic);
    let path = path.strip_prefix("nvgpu.").unwrap_or(path);
    if matches!(path, "nvgpu" | "") {
        let mut out = String::from(
            "The CuTe DSL's operations (cute.nvgpu.*, CuTe DSL 4.8.1), each the CuTe C++ atom it names\n(cute.make_mma_atom, cute.make_copy_atom, cpasync.make_tiled_tma_atom take them):\n",
        );
        for class in CLASSES {
            out.push_str(&entry(class));
        }
        out.push_str("Enumerations:\n");
        for (path, _, members) in ENUMS {
            out.push_str(&format!("  cute.nvgpu.{path}: {}\n", members.join(" ")));
        }
        return Some(out);
    }
    let mut found = CLASSES
        .iter()
        .filter(|c| c.path == path || short(c.path) == path);
    match (found.next(), found.next()) {
        (Some(class), None) => Some(entry(class)),
        (Some(first), Some(second)) => Some(
            [first, second]
                .into_iter()
                .chain(found)
                .map(entry)
                .collect(),
        ),
        _ => None,
    }
}

/// One class's help entry: its signature, its example and the C++ atom the example is.
fn entry(class: &Class) -> String {
    let n = class.params.len();
    let defaulted = n - class.defaults.len();
    let params: Vec<String> = class
        .params
        .iter()
        .enumerate()
        .map(
            |(i, p)| match i.checked_sub(defaulted).map(|d| class.defaults[d]) {
                None => p.to_string(),
                Some(Default::False) => format!("{p}=False"),
                Some(Default::One) => format!("{p}=1"),
                Some(Default::None) => format!("{p}=None"),
                Some(Default::Member(m)) => format!("{p}={m}"),
            },
        )
        .collect();
    let ex = &class.example;
    let call = format!("cute.nvgpu.{}({})", class.path, ex.args);
    let atom = match super::Env::new().run(&call) {
        Ok(super::Outcome::Value(Value::Op(op))) => match &op.kind {
            OpKind::Mma(name) => format!("the C++ MMA atom {name} (cute.make_mma_atom)"),
            OpKind::Tma(name) => {
                format!("the C++ TMA copy {name} (cute.nvgpu.cpasync.make_tiled_tma_atom)")
            }
            OpKind::Copy(_) => {
                let bits = ex.copy_bits.parse().ok();
                let with = match bits {
                    Some(b) => format!("{}, num_bits_per_copy={b}", ex.copy_type),
                    None => ex.copy_type.to_string(),
                };
                match op.copy_op_name(&Value::Name(ex.copy_type.into()), bits, Span::default()) {
                    Ok(name) => format!("with {with}: the C++ copy {name} (cute.make_copy_atom)"),
                    Err(e) => format!("with {with}: {}", e.message),
                }
            }
        },
        Ok(_) => "not an operation".to_string(),
        Err(e) => format!("error: {}", e.message),
    };
    format!(
        "cute.nvgpu.{}({})\n  example: {call}\n           = {atom}\n",
        class.path,
        params.join(", ")
    )
}
