//! The MMA atom catalog: CuTe's `MMA_Traits` of the SM75, SM80 and SM90 (GMMA) operations,
//! written from CuTe's definitions (the GMMA layouts computed from N as CuTe's templates do).

use std::fmt;

use super::util::{lay, tuple};
use crate::algebra::error::condition;
use crate::algebra::{IntTuple, Layout, Result, Tup};

/// One MMA atom: `MMA_Atom<MMA_Traits<Op>>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// The operation's name as CuTe spells it (GMMA ones with their template arguments).
    pub name: String,
    /// `ThrID`: logical thread id -> thread index.
    pub thr_id: Layout,
    /// `Shape_MNK`.
    pub shape_mnk: IntTuple,
    /// `ALayout`: (thread, value) -> (M,K) column-major offset.
    pub a: Layout,
    /// `BLayout`: (thread, value) -> (N,K).
    pub b: Layout,
    /// `CLayout`: (thread, value) -> (M,N).
    pub c: Layout,
}

impl MmaAtom {
    /// The extent of mode i of `Shape_MNK`.
    pub fn extent(&self, i: usize) -> i64 {
        self.shape_mnk
            .mode(i)
            .and_then(Tup::as_int)
            .expect("Shape_MNK is a flat triple")
    }
}

impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mma_atom({})", self.name)
    }
}

// The SM80 warp-level layouts CuTe names (mma_traits_sm80.hpp).
const SM80_8X4: &str = "((4,8),1):((8,1),0)";
const SM80_8X8_ROW: &str = "((4,8),2):((16,1),8)";
const SM80_8X16_ROW: &str = "((4,8),4):((32,1),8)";
const SM80_16X8_ROW: &str = "((4,8),(2,2)):((32,1),(16,8))";

/// The known warp-level atoms: (name patterns, Shape_MNK, ALayout, BLayout, CLayout).
/// A pattern's `{I}` stands for the integer type pairs an instruction family accepts.
struct Warp {
    names: &'static [&'static str],
    shape: &'static str,
    a: &'static str,
    b: &'static str,
    c: &'static str,
}

const INT8: &[&str] = &["S8S8", "S8U8", "U8S8", "U8U8"];
const INT4: &[&str] = &["S4S4", "S4U4", "U4S4", "U4U4"];

static WARP: &[Warp] = &[
    Warp {
        names: &["SM75_16x8x8_F32F16F16F32_TN"],
        shape: "(16,8,8)",
        a: SM80_16X8_ROW,
        b: SM80_8X8_ROW,
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &["SM75_8x8x16_S32S8S8S32_TN"],
        shape: "(8,8,16)",
        a: "((4,8),4):((32,1),8)",
        b: "((4,8),4):((32,1),8)",
        c: "((4,8),2):((16,1),8)",
    },
    Warp {
        names: &[
            "SM80_16x8x8_F16F16F16F16_TN",
            "SM80_16x8x8_F32F16F16F32_TN",
            "SM80_16x8x8_F32BF16BF16F32_TN",
        ],
        shape: "(16,8,8)",
        a: SM80_16X8_ROW,
        b: SM80_8X8_ROW,
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &[
            "SM80_16x8x16_F16F16F16F16_TN",
            "SM80_16x8x16_F32F16F16F32_TN",
            "SM80_16x8x16_F32BF16BF16F32_TN",
        ],
        shape: "(16,8,16)",
        a: "((4,8),(2,2,2)):((32,1),(16,8,128))",
        b: "((4,8),(2,2)):((16,1),(8,64))",
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &["SM80_16x8x4_F32TF32TF32F32_TN"],
        shape: "(16,8,4)",
        a: "((4,8),2):((16,1),8)",
        b: SM80_8X4,
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &["SM80_16x8x8_F32TF32TF32F32_TN"],
        shape: "(16,8,8)",
        a: "((4,8),(2,2)):((16,1),(8,64))",
        b: "((4,8),2):((8,1),32)",
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &[
            "SM80_8x8x4_F64F64F64F64_TN",
            "SM80_8x8x4_C64C64C64C64_TN",
            "SM80_8x8x4_GC64C64C64GC64_TN",
        ],
        shape: "(8,8,4)",
        a: SM80_8X4,
        b: SM80_8X4,
        c: SM80_8X8_ROW,
    },
    Warp {
        names: &["SM80_8x8x16_S32{I}S32_TN"],
        shape: "(8,8,16)",
        a: SM80_8X16_ROW,
        b: SM80_8X16_ROW,
        c: SM80_8X8_ROW,
    },
    Warp {
        names: &["SM80_16x8x16_S32{I}S32_TN"],
        shape: "(16,8,16)",
        a: "((4,8),(4,2)):((64,1),(16,8))",
        b: SM80_8X16_ROW,
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &["SM80_16x8x32_S32{I}S32_TN"],
        shape: "(16,8,32)",
        a: "((4,8),(4,2,2)):((64,1),(16,8,256))",
        b: "((4,8),(4,2)):((32,1),(8,128))",
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &["SM80_8x8x32_S32{J}S32_TN"],
        shape: "(8,8,32)",
        a: "((4,8),(8)):((64,1),(8))",
        b: "((4,8),(8)):((64,1),(8))",
        c: SM80_8X8_ROW,
    },
    Warp {
        names: &["SM80_16x8x32_S32{J}S32_TN"],
        shape: "(16,8,32)",
        a: "((4,8),(8,2)):((128,1),(16,8))",
        b: "((4,8),(8)):((32,1),(8))",
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &["SM80_16x8x64_S32{J}S32_TN"],
        shape: "(16,8,64)",
        a: "((4,8),(8,2,2)):((128,1),(16,8,512))",
        b: "((4,8),(8,2)):((64,1),(8,256))",
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &[
            "SM80_16x8x256_S32U1U1S32_TN_XORPOPC",
            "SM80_16x8x256_S32U1U1S32_TN_ANDPOPC",
        ],
        shape: "(16,8,256)",
        a: "((4,8),(32,2,2)):((512,1),(16,8,2048))",
        b: "((4,8),(32,2)):((256,1),(8,1024))",
        c: SM80_16X8_ROW,
    },
    Warp {
        names: &[
            "SM80_8x8x128_S32U1U1S32_TN_XORPOPC",
            "SM80_8x8x128_S32U1U1S32_TN_ANDPOPC",
        ],
        shape: "(8,8,128)",
        a: "((4,8),32):((256,1),8)",
        b: "((4,8),32):((256,1),8)",
        c: SM80_8X8_ROW,
    },
];

/// Every warp-level atom name of the catalog (integer families expanded, without `_SATURATE`).
pub fn warp_names() -> Vec<String> {
    let mut out = Vec::new();
    for w in WARP {
        for p in w.names {
            if p.contains("{I}") {
                out.extend(INT8.iter().map(|t| p.replace("{I}", t)));
            } else if p.contains("{J}") {
                out.extend(INT4.iter().map(|t| p.replace("{J}", t)));
            } else {
                out.push((*p).to_string());
            }
        }
    }
    out
}

fn warp_matches(pattern: &str, name: &str) -> bool {
    let expand = |set: &[&str], key: &str| {
        set.iter().any(|t| {
            let full = pattern.replace(key, t);
            name == full || name.strip_suffix("_SATURATE") == Some(full.as_str())
        })
    };
    if pattern.contains("{I}") {
        expand(INT8, "{I}")
    } else if pattern.contains("{J}") {
        expand(INT4, "{J}")
    } else {
        name == pattern
    }
}

/// `MMA_Atom<NAME>`: the atom of that name, or an error naming what is wrong with the name.
pub fn mma_atom(name: &str) -> Result<MmaAtom> {
    if name.starts_with("SM90_") {
        return gmma_atom(name);
    }
    for w in WARP {
        if w.names.iter().any(|p| warp_matches(p, name)) {
            return Ok(MmaAtom {
                name: name.to_string(),
                thr_id: lay("32:1"),
                shape_mnk: tuple(w.shape),
                a: lay(w.a),
                b: lay(w.b),
                c: lay(w.c),
            });
        }
    }
    Err(condition(
        "mma_atom",
        format!(
            "unknown MMA atom '{name}' (known: SM75_16x8x8_F32F16F16F32_TN, SM80_16x8x{{8,16}}_F32{{F16F16,BF16BF16}}F32_TN, SM80_16x8x8_F32TF32TF32F32_TN, SM80_16x8x32_S32S8S8S32_TN, SM80_8x8x4_F64F64F64F64_TN, SM90_64xNx16_F32BF16BF16_SS<K,K>, ...)"
        ),
    ))
}

/// The element families of GMMA: (type letters, K of the instruction, bits of A, whether
/// majors are template arguments, the N values CuTe defines).
fn gmma_family(types: &str) -> Option<(i64, i64, bool)> {
    match types {
        "F16F16F16" | "F32F16F16" | "F32BF16BF16" => Some((16, 16, true)),
        "F32TF32TF32" => Some((8, 32, false)),
        "S32S8S8" | "S32S8U8" | "S32U8S8" | "S32U8U8" => Some((32, 8, false)),
        "F16E4M3E4M3" | "F16E4M3E5M2" | "F16E5M2E4M3" | "F16E5M2E5M2" | "F32E4M3E4M3"
        | "F32E4M3E5M2" | "F32E5M2E4M3" | "F32E5M2E5M2" => Some((32, 8, false)),
        _ => None,
    }
}

/// The N extents CuTe defines for a GMMA family.
fn gmma_n_valid(types: &str, n: i64) -> bool {
    if !(8..=256).contains(&n) || n % 8 != 0 {
        return false;
    }
    if types.starts_with("S32") {
        // the integer GMMAs skip the odd multiples of 8 past 32
        return n <= 32 || n % 16 == 0;
    }
    true
}

fn bad(name: &str, why: impl Into<String>) -> crate::algebra::AlgebraError {
    condition("mma_atom", format!("'{name}': {}", why.into()))
}

/// `SM90_64x{N}x{K}_{TYPES}_{SS|RS}[_TN][_SATURATE][<majors>]`.
fn gmma_atom(full: &str) -> Result<MmaAtom> {
    let (base, targs) = match full.split_once('<') {
        Some((b, rest)) => {
            let inner = rest
                .strip_suffix('>')
                .ok_or_else(|| bad(full, "template arguments do not end in '>'"))?;
            (b, Some(inner))
        }
        None => (full, None),
    };
    let parts: Vec<&str> = base.split('_').collect();
    // SM90, 64xNxK, TYPES, SS|RS, [TN], [SATURATE]
    if parts.len() < 4 || parts[0] != "SM90" {
        return Err(bad(full, "not an SM90 GMMA name"));
    }
    let dims: Vec<&str> = parts[1].split('x').collect();
    let [m, n, k] = dims.as_slice() else {
        return Err(bad(full, "expected 64xNxK"));
    };
    let parse = |s: &str| s.parse::<i64>().map_err(|_| bad(full, "expected 64xNxK"));
    let (m, n, k) = (parse(m)?, parse(n)?, parse(k)?);
    let types = parts[2];
    let Some((want_k, a_bits, majors)) = gmma_family(types) else {
        return Err(bad(full, format!("unknown GMMA element types '{types}'")));
    };
    if m != 64 || k != want_k || !gmma_n_valid(types, n) {
        return Err(bad(
            full,
            format!(
                "CuTe has no {types} GMMA of shape {m}x{n}x{k} (M is 64, K is {want_k}, N a multiple of 8 up to 256)"
            ),
        ));
    }
    let src = parts[3];
    if src != "SS" && src != "RS" {
        return Err(bad(full, "the operand source must be SS or RS"));
    }
    let rest = &parts[4..];
    let rest_ok = if majors {
        rest.is_empty()
    } else if types.starts_with("S32") {
        rest == ["TN"] || rest == ["TN", "SATURATE"]
    } else {
        rest == ["TN"]
    };
    if !rest_ok {
        let want = if majors {
            "no suffix"
        } else {
            "the suffix _TN"
        };
        return Err(bad(full, format!("{types} GMMAs take {want}")));
    }
    let canonical = if majors {
        let (ma, mb) = parse_majors(full, targs)?;
        if src == "RS" && ma != "K" {
            return Err(bad(
                full,
                "an RS GMMA reads A from registers: A must be K-major",
            ));
        }
        format!("{base}<{ma},{mb}>")
    } else {
        if let Some(t) = targs
            && !t.is_empty()
        {
            return Err(bad(
                full,
                "this GMMA is K-major only and takes no major template arguments",
            ));
        }
        base.to_string()
    };
    let a = if src == "SS" {
        ab_layout(64, k)?
    } else {
        rs_a_layout(a_bits)
    };
    Ok(MmaAtom {
        name: canonical,
        thr_id: lay("128:1"),
        shape_mnk: IntTuple::tuple([IntTuple::int(64), IntTuple::int(n), IntTuple::int(k)]),
        a,
        b: ab_layout(n, k)?,
        c: c_layout_64xn(n)?,
    })
}

fn parse_majors<'a>(full: &str, targs: Option<&'a str>) -> Result<(&'a str, &'a str)> {
    let Some(t) = targs else {
        return Ok(("K", "K"));
    };
    let args: Vec<&str> = t
        .split(',')
        .map(|a| a.trim_start_matches("cute::"))
        .map(|a| a.trim_start_matches("SM90::"))
        .map(|a| a.trim_start_matches("GMMA::"))
        .map(|a| a.trim_start_matches("Major::"))
        .collect();
    match args.as_slice() {
        [a, b] if is_major(a) && is_major(b) => Ok((a, b)),
        _ => Err(bad(
            full,
            "expected the majors of A and B as template arguments, e.g. <K,K> or <MN,K>",
        )),
    }
}

fn is_major(s: &str) -> bool {
    s == "K" || s == "MN"
}

/// `GMMA::ABLayout<M,K>`: `(128,(M,K)):(0,(1,M))` — every thread sees the whole tile.
fn ab_layout(mn: i64, k: i64) -> Result<Layout> {
    Layout::new(
        IntTuple::tuple([
            IntTuple::int(128),
            IntTuple::tuple([IntTuple::int(mn), IntTuple::int(k)]),
        ]),
        IntTuple::tuple([
            IntTuple::int(0),
            IntTuple::tuple([IntTuple::int(1), IntTuple::int(mn)]),
        ]),
    )
}

/// `GMMA::CLayout_64xN`: `((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))`.
fn c_layout_64xn(n: i64) -> Result<Layout> {
    Layout::new(
        tuple(&format!("((4,8,4),(2,2,{}))", n / 8)),
        tuple("((128,1,16),(64,8,512))"),
    )
}

/// The register-sourced A layouts `GMMA::ALayout_64x{8,16,32}` by the bits of A.
fn rs_a_layout(a_bits: i64) -> Layout {
    match a_bits {
        32 => lay("((4,8,4),(2,2)):((64,1,16),(8,256))"),
        16 => lay("((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"),
        _ => lay("((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))"),
    }
}
