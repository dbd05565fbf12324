//! Blackwell's UMMA (`tcgen05.mma`) atoms: CuTe's `MMA_Traits<SM100_MMA_*>` of
//! `atom/mma_traits_sm100.hpp`, templates over the value types, M, N and the majors.
//!
//! Their layouts are CuTe's formulas over the template arguments: with `K` the instruction's
//! 256 bits of A in elements (32 for `F8F6F4`, 64 for `MXF4`),
//! one SM: `ThrID = 1`, `ALayout = (1,(M,K)):(0,(1,M))`, `BLayout = (1,(N,K)):(0,(1,N))`,
//! `CLayout = (1,(M,N)):(0,(1,M))`;
//! two SMs (`_2x1SM_`): `ThrID = 2`, `ALayout = (2,(M/2,K)):(M/2,(1,M))`,
//! `BLayout = (2,(N/2,K)):(N/2,(1,N))`, `CLayout = (2,(M/2,N)):(M/2,(1,M))`.
//! The template arguments are checked as the headers' `static_assert`s check them.

use super::mma::MmaAtom;
use super::util::{lay, tuple};
use crate::algebra::Result;
use crate::algebra::error::condition;

/// How a family's N may range, given M and B's major.
#[derive(Clone, Copy)]
enum NRule {
    /// A multiple of `step` from `lo` to 256.
    Step(i64, i64),
    /// `Step(8, 8)` when M is 64, `Step(16, 16)` when M is 128 (the TS forms).
    ByM,
    /// 8, or a multiple of 16 from 16 to 256 (the integer forms).
    EightOr16,
    /// `Step(k.0, k.0)` when B is K-major, `Step(mn.0, mn.0)` when it is MN-major.
    ByBMajor(i64, i64),
}

/// A UMMA family: its name, whether it spans two SMs, its allowed M, the rule for N, how K
/// follows from A's bits, the bits A and B may have, whether A comes from tensor memory (TS,
/// hence K-major), and whether it takes a scale-factor type and a vector size.
struct Family {
    name: &'static str,
    two_sm: bool,
    ms: &'static [i64],
    n: NRule,
    /// `Some(k)`: K is k; `None`: K is 256 / bits(A).
    k: Option<i64>,
    bits: &'static [i64],
    ts: bool,
    sf: bool,
    vs: bool,
    /// A structured-sparse A (`_SPARSE`): K is twice the dense instruction's (512 bits of A),
    /// `ValTypeA = sparse_elem<2, a_type>` with its metadata E in tensor memory.
    sparse: bool,
    /// SM103's `MXF4_ULTRA` (`SM103::SM103_MXF4_ULTRA_*_VS`): K 96, K-major A and B only
    /// ("This MMA does not support transpose"), VS 16, or 32 for float_e2m1_t with float_ue8m0_t.
    ultra: bool,
    /// The interleaved-complex forms (`SM100_MMA_TF32[_2x1SM]_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN
    /// <M, N, a_major, b_major>`): no type arguments, A and B `complex<tfloat32_t>` (64 bits, so
    /// K 4), C `float`; A and B K-major ("B from SMEM requires non-transpose").
    interleaved: bool,
}

/// The value types of the interleaved-complex forms, which their names fix.
const INTERLEAVED_TYPES: [&str; 3] = ["complex<tfloat32_t>", "complex<tfloat32_t>", "float"];

const fn fam(name: &'static str, two_sm: bool, ms: &'static [i64], n: NRule) -> Family {
    Family {
        name,
        two_sm,
        ms,
        n,
        k: None,
        bits: &[16],
        ts: false,
        sf: false,
        vs: false,
        sparse: false,
        ultra: false,
        interleaved: false,
    }
}

/// The UMMA families CuTe 4.7 gives traits (the `_SCALED` ones are [`SCALED_FAMILIES`]).
static FAMILIES: &[Family] = &[
    Family {
        bits: &[32],
        ..fam("SM100_MMA_TF32_SS", false, &[64, 128], NRule::Step(8, 8))
    },
    fam("SM100_MMA_F16BF16_SS", false, &[64, 128], NRule::Step(8, 8)),
    Family {
        bits: &[32],
        ts: true,
        ..fam("SM100_MMA_TF32_TS", false, &[64, 128], NRule::ByM)
    },
    Family {
        ts: true,
        ..fam("SM100_MMA_F16BF16_TS", false, &[64, 128], NRule::ByM)
    },
    Family {
        bits: &[8],
        ..fam("SM100_MMA_S8_SS", false, &[64, 128], NRule::EightOr16)
    },
    Family {
        bits: &[8],
        ts: true,
        ..fam("SM100_MMA_S8_TS", false, &[64, 128], NRule::EightOr16)
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(32),
        ..fam(
            "SM100_MMA_F8F6F4_SS",
            false,
            &[64, 128],
            NRule::ByBMajor(8, 16),
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(32),
        ts: true,
        ..fam("SM100_MMA_F8F6F4_TS", false, &[64, 128], NRule::ByM)
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(32),
        sf: true,
        ..fam("SM100_MMA_MXF8F6F4_SS", false, &[128], NRule::Step(8, 8))
    },
    Family {
        bits: &[4],
        k: Some(64),
        sf: true,
        vs: true,
        ..fam("SM100_MMA_MXF4_SS", false, &[128], NRule::Step(8, 8))
    },
    Family {
        bits: &[32],
        ..fam(
            "SM100_MMA_TF32_2x1SM_SS",
            true,
            &[128, 256],
            NRule::Step(16, 16),
        )
    },
    fam(
        "SM100_MMA_F16BF16_2x1SM_SS",
        true,
        &[128, 256],
        NRule::Step(16, 16),
    ),
    Family {
        bits: &[32],
        ts: true,
        ..fam(
            "SM100_MMA_TF32_2x1SM_TS",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        ts: true,
        ..fam(
            "SM100_MMA_F16BF16_2x1SM_TS",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        bits: &[8],
        ..fam(
            "SM100_MMA_S8_2x1SM_SS",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        bits: &[8],
        ts: true,
        ..fam(
            "SM100_MMA_S8_2x1SM_TS",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(32),
        ..fam(
            "SM100_MMA_F8F6F4_2x1SM_SS",
            true,
            &[128, 256],
            NRule::ByBMajor(16, 32),
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(32),
        ts: true,
        ..fam(
            "SM100_MMA_F8F6F4_2x1SM_TS",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(32),
        sf: true,
        ..fam(
            "SM100_MMA_MXF8F6F4_2x1SM_SS",
            true,
            &[256],
            NRule::Step(16, 16),
        )
    },
    Family {
        bits: &[4],
        k: Some(64),
        sf: true,
        vs: true,
        ..fam(
            "SM100_MMA_MXF4_2x1SM_SS",
            true,
            &[128, 256],
            NRule::Step(16, 16),
        )
    },
    // the interleaved-complex forms: one of the real or imaginary GEMMs of a complex TF32 GEMM
    Family {
        bits: &[64],
        ts: true,
        interleaved: true,
        ..fam(
            "SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN",
            false,
            &[64, 128],
            NRule::ByM,
        )
    },
    Family {
        bits: &[64],
        ts: true,
        interleaved: true,
        ..fam(
            "SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    // the structured-sparse forms (mma_traits_sm100.hpp's `_SPARSE` traits, arch/mma_sm100_umma.hpp's
    // static_asserts): K = 512 bits of A (64 for F8F6F4 and MXF8F6F4, 128 for MXF4NVF4)
    Family {
        bits: &[32],
        sparse: true,
        ..fam(
            "SM100_MMA_TF32_SS_SPARSE",
            false,
            &[64, 128],
            NRule::Step(8, 8),
        )
    },
    Family {
        sparse: true,
        ..fam(
            "SM100_MMA_F16BF16_SS_SPARSE",
            false,
            &[64, 128],
            NRule::Step(8, 8),
        )
    },
    Family {
        bits: &[8],
        sparse: true,
        ..fam(
            "SM100_MMA_S8_SS_SPARSE",
            false,
            &[64, 128],
            NRule::EightOr16,
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(64),
        sparse: true,
        ..fam("SM100_MMA_F8F6F4_SS_SPARSE", false, &[64, 128], NRule::ByM)
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(64),
        sf: true,
        sparse: true,
        ..fam(
            "SM100_MMA_MXF8F6F4_SS_SPARSE",
            false,
            &[128],
            NRule::Step(8, 8),
        )
    },
    Family {
        bits: &[4],
        k: Some(128),
        sf: true,
        vs: true,
        sparse: true,
        ..fam(
            "SM100_MMA_MXF4NVF4_SS_SPARSE",
            false,
            &[128],
            NRule::Step(8, 8),
        )
    },
    Family {
        bits: &[32],
        sparse: true,
        ..fam(
            "SM100_MMA_TF32_2x1SM_SS_SPARSE",
            true,
            &[128, 256],
            NRule::Step(16, 16),
        )
    },
    Family {
        sparse: true,
        ..fam(
            "SM100_MMA_F16BF16_2x1SM_SS_SPARSE",
            true,
            &[128, 256],
            NRule::Step(16, 16),
        )
    },
    Family {
        bits: &[8],
        sparse: true,
        ..fam(
            "SM100_MMA_S8_2x1SM_SS_SPARSE",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(64),
        sparse: true,
        ..fam(
            "SM100_MMA_F8F6F4_2x1SM_SS_SPARSE",
            true,
            &[128, 256],
            NRule::Step(32, 32),
        )
    },
    Family {
        bits: &[4, 6, 8],
        k: Some(64),
        sf: true,
        sparse: true,
        ..fam(
            "SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE",
            true,
            &[256],
            NRule::Step(16, 16),
        )
    },
    // CuTe 4.7 asserts no M for this one; cute takes the 2-SM M's, 128 and 256
    Family {
        bits: &[4],
        k: Some(128),
        sf: true,
        vs: true,
        sparse: true,
        ..fam(
            "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE",
            true,
            &[128, 256],
            NRule::Step(16, 16),
        )
    },
    // SM103 (mma_traits_sm100.hpp's `SM103::SM103_MXF4_ULTRA_*_VS`, arch/mma_sm100_umma.hpp)
    Family {
        bits: &[4],
        k: Some(96),
        sf: true,
        vs: true,
        ultra: true,
        ..fam("SM103_MXF4_ULTRA_SS_VS", false, &[128], NRule::Step(16, 16))
    },
    Family {
        bits: &[4],
        k: Some(96),
        sf: true,
        vs: true,
        ultra: true,
        ..fam(
            "SM103_MXF4_ULTRA_2x1SM_SS_VS",
            true,
            &[128, 256],
            NRule::Step(16, 16),
        )
    },
];

/// The architecture of a UMMA family: `sm_103` for SM103's, `sm_100` for the rest.
pub fn arch(name: &str) -> &'static str {
    if name.starts_with("SM103_") {
        "sm_103"
    } else {
        "sm_100"
    }
}

/// The template parameters of a family (`<a_type, b_type, c_type, M, N, a_major, b_major>`).
fn signature(f: &Family) -> String {
    if f.interleaved {
        return "<M, N, a_major, b_major>".to_string();
    }
    let sf = if f.sf { ", sf_type" } else { "" };
    let vs = if f.vs { ", VS" } else { "" };
    format!("<a_type, b_type, c_type{sf}, M, N{vs}, a_major, b_major>")
}

/// Every UMMA family cute answers, each with its template parameters, for the catalog and
/// completion: the families of [`FAMILIES`], then the `_SCALED` ones (their base family's
/// parameters and `ScaleC`).
pub fn families() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = FAMILIES
        .iter()
        .map(|f| (f.name.to_string(), signature(f)))
        .collect();
    for name in SCALED_FAMILIES {
        if let Some(f) = FAMILIES
            .iter()
            .find(|f| f.name == name.trim_end_matches("_SCALED"))
        {
            let sig = signature(f).replace("b_major>", "b_major, ScaleC>");
            out.push((name.to_string(), sig));
        }
    }
    out
}

/// A family's shapes and types in words, for the catalog: `M 64|128, N 8..256 step 8,
/// K 256 bits of A; A, B of 16 bits; 1 SM, A from shared memory`.
pub fn describe(name: &str) -> Option<String> {
    if is_scaled_family(name) {
        let base = describe(name.trim_end_matches("_SCALED"))?;
        return Some(format!(
            "{base}; D = A*B + 2^-ScaleC * D (tcgen05.mma's scale-input-d)"
        ));
    }
    let f = FAMILIES.iter().find(|f| f.name == name)?;
    let ms: Vec<String> = f.ms.iter().map(i64::to_string).collect();
    let n = match f.n {
        NRule::Step(step, lo) => format!("{lo}..256 step {step}"),
        NRule::ByM => "8..256 step 8 (M 64), 16..256 step 16 (M 128)".to_string(),
        NRule::EightOr16 => "8, or 16..256 step 16".to_string(),
        NRule::ByBMajor(k, mn) => {
            format!("{k}..256 step {k} (B K-major), {mn}..256 step {mn} (B MN-major)")
        }
    };
    let k = match (f.k, f.sparse) {
        (Some(k), _) => k.to_string(),
        (None, false) => "256 bits of A".to_string(),
        (None, true) => "512 bits of A".to_string(),
    };
    let bits: Vec<String> = f.bits.iter().map(i64::to_string).collect();
    let operands = if f.interleaved {
        "A, B complex<tfloat32_t>, C float (interleaved complex)".to_string()
    } else {
        format!("A, B of {} bits", bits.join("|"))
    };
    Some(format!(
        "M {}, N {n}, K {k}; {operands}; {}, A from {}{}",
        ms.join("|"),
        if f.two_sm { "2 SMs" } else { "1 SM" },
        if f.ts {
            "tensor memory"
        } else {
            "shared memory"
        },
        match (f.vs, f.sf, f.sparse) {
            _ if f.ultra => "; block-scaled (VS 16|32), A and B K-major",
            (true, _, true) => "; block-scaled (VS 32|64); sparse A",
            (true, _, false) => "; block-scaled (VS 16|32)",
            (false, true, true) => "; block-scaled; sparse A",
            (false, true, false) => "; block-scaled",
            (false, false, true) => "; sparse A (metadata E in tensor memory)",
            (false, false, false) => "",
        }
    ))
}

/// An instantiation of a family that CuTe accepts, for messages and the catalog's test:
/// `SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,K,K>`.
pub fn example(name: &str) -> Option<String> {
    let scaled = is_scaled_family(name);
    let f = FAMILIES
        .iter()
        .find(|f| f.name == name.trim_end_matches("_SCALED"))?;
    let types = if f.vs {
        "float_e2m1_t,float_e2m1_t,float,float_ue8m0_t"
    } else if f.sf {
        "float_e4m3_t,float_e4m3_t,float,float_ue8m0_t"
    } else {
        match f.bits {
            [32] => "tfloat32_t,tfloat32_t,float",
            [16] => "half_t,half_t,float",
            [8] => "int8_t,int8_t,int32_t",
            _ => "float_e4m3_t,float_e4m3_t,float",
        }
    };
    let m = f.ms.last().copied().unwrap_or(128);
    if f.interleaved {
        return Some(format!("{name}<{m},128,K,K>"));
    }
    let vs = if f.vs { ",32" } else { "" };
    let scale_c = if scaled { ",0" } else { "" };
    Some(format!("{name}<{types},{m},128{vs},K,K{scale_c}>"))
}

/// The UMMA families' names (without their template arguments).
pub fn family_names() -> impl Iterator<Item = &'static str> {
    FAMILIES.iter().map(|f| f.name)
}

/// Whether `name` names a UMMA family (without its template arguments).
pub fn is_family(name: &str) -> bool {
    FAMILIES.iter().any(|f| f.name == name)
}

/// The `_SCALED` UMMA families CuTe 4.7 gives traits: their base family's layouts, with a
/// `uint32_t ScaleC` template argument after the majors (`tcgen05.mma`'s scale-input-d).
pub const SCALED_FAMILIES: &[&str] = &[
    "SM100_MMA_F16BF16_SS_SCALED",
    "SM100_MMA_TF32_TS_SCALED",
    "SM100_MMA_F16BF16_TS_SCALED",
    "SM100_MMA_F16BF16_2x1SM_SS_SCALED",
    "SM100_MMA_TF32_2x1SM_TS_SCALED",
    "SM100_MMA_F16BF16_2x1SM_TS_SCALED",
];

/// The `_SCALED` UMMA operations CuTe 4.7 declares without traits.
pub const SCALED_WITHOUT_TRAITS: &[&str] =
    &["SM100_MMA_TF32_SS_SCALED", "SM100_MMA_TF32_2x1SM_SS_SCALED"];

/// Whether `name` names a `_SCALED` UMMA family with traits.
pub fn is_scaled_family(name: &str) -> bool {
    SCALED_FAMILIES.contains(&name)
}

/// The value types `<a_type, b_type, c_type>` a UMMA family's name fixes (the
/// interleaved-complex forms'), which its template arguments then leave out.
pub fn fixed_types(name: &str) -> Option<[&'static str; 3]> {
    FAMILIES
        .iter()
        .any(|f| f.name == name && f.interleaved)
        .then_some(INTERLEAVED_TYPES)
}

/// `ValTypeD`, `ValTypeA`, `ValTypeB`, `ValTypeC` of a UMMA atom's traits (mma_traits_sm100.hpp:
/// `ValTypeD = c_type`, `ValTypeA = a_type`, `ValTypeB = b_type`, `ValTypeC = c_type`), read
/// from its template arguments `SM100_MMA_*<a_type, b_type, c_type, …>` (the interleaved
/// forms' fixed by their names). `None` for a name no UMMA family reads, a block-scaled family
/// (its scale factors' types apart) and a structured-sparse one (`sparse_elem<2, a_type>`).
pub fn value_types(name: &str) -> Option<[&str; 4]> {
    let (base, targs) = match name.split_once('<') {
        Some((b, t)) => (b, t.strip_suffix('>')?),
        None => (name, ""),
    };
    let family = base.trim_end_matches("_SCALED");
    let f = FAMILIES.iter().find(|f| f.name == family)?;
    if f.sf || f.sparse {
        return None;
    }
    if f.interleaved {
        let [a, b, c] = INTERLEAVED_TYPES;
        return Some([c, a, b, c]);
    }
    let mut args = targs.split(',').map(str::trim);
    let (a, b, c) = (args.next()?, args.next()?, args.next()?);
    Some([c, a, b, c])
}

/// How many type and integer template arguments come before a family's majors
/// (`a_type, b_type, c_type[, sf_type]`, `M, N[, VS]`; the interleaved forms' types counted).
fn arg_counts(f: &Family) -> (usize, usize) {
    (if f.sf { 4 } else { 3 }, if f.vs { 3 } else { 2 })
}

/// A UMMA atom's `a_major` and `b_major` template arguments (`UMMA::Major::K`: `K`), read from
/// its name `SM100_MMA_*<…, a_major, b_major, …>`; `None` for a name no UMMA family reads.
pub fn operand_majors(name: &str) -> Option<[&str; 2]> {
    let (base, targs) = name.split_once('<')?;
    let f = FAMILIES
        .iter()
        .find(|f| f.name == base.trim_end_matches("_SCALED"))?;
    let (n_types, n_ints) = arg_counts(f);
    let skip = n_types + n_ints - if f.interleaved { n_types } else { 0 };
    let mut args = targs
        .strip_suffix('>')?
        .split(',')
        .map(|a| a.trim().rsplit("::").next().unwrap_or(a))
        .skip(skip);
    Some([args.next()?, args.next()?])
}

/// The bits of an element type UMMA takes (`sizeof_bits`), spelt as CuTe spells it.
pub fn element_bits(ty: &str) -> Option<i64> {
    crate::algebra::element::Element::of_umma(ty).map(|e| e.bits)
}

fn bad(name: &str, why: impl Into<String>) -> crate::algebra::AlgebraError {
    condition("mma_atom", format!("'{name}': {}", why.into()))
}

/// `MMA_Atom<SM100_MMA_*<a_type, b_type, c_type[, sf_type], M, N[, VS], a_major, b_major, ...>>`.
pub fn umma_atom(base: &str, targs: Option<&str>) -> Result<MmaAtom> {
    let scaled = is_scaled_family(base);
    let family = if scaled {
        base.trim_end_matches("_SCALED")
    } else {
        base
    };
    let Some(f) = FAMILIES.iter().find(|f| f.name == family) else {
        return Err(bad(base, "not a UMMA family that cute models"));
    };
    let full = match targs {
        Some(t) => format!("{base}<{t}>"),
        None => base.to_string(),
    };
    let sig = families()
        .into_iter()
        .find(|(n, _)| n == base)
        .map(|(_, s)| s)
        .unwrap_or_default();
    let Some(targs) = targs else {
        return Err(bad(
            &full,
            format!(
                "a UMMA atom is a template: write {base}{sig}, e.g. {}",
                example(base).unwrap_or_default()
            ),
        ));
    };
    let mut args: Vec<&str> = targs.split(',').map(str::trim).collect();
    if f.interleaved {
        args.splice(0..0, INTERLEAVED_TYPES);
    }
    let (n_types, n_ints) = arg_counts(f);
    let want = n_types + n_ints + 2 + usize::from(scaled);
    if args.len() < want || args.len() > want + 3 {
        let fixed = if f.interleaved { n_types } else { 0 };
        return Err(bad(
            &full,
            format!(
                "expected the template arguments {sig} (and optionally a_neg, b_neg), got {} arguments",
                args.len() - fixed
            ),
        ));
    }
    let types = &args[..n_types];
    let mut bits = Vec::new();
    for t in types {
        bits.push(
            element_bits(t).ok_or_else(|| bad(&full, format!("unknown element type '{t}'")))?,
        );
    }
    let int = |s: &str, what: &str| {
        s.trim_start_matches('_')
            .parse::<i64>()
            .map_err(|_| bad(&full, format!("expected the integer {what}, got '{s}'")))
    };
    let m = int(args[n_types], "M")?;
    let n = int(args[n_types + 1], "N")?;
    let vs = if f.vs {
        Some(int(args[n_types + 2], "VS")?)
    } else {
        None
    };
    let major = |s: &str| match s.trim_start_matches("UMMA::").trim_start_matches("Major::") {
        "K" => Ok("K"),
        "MN" => Ok("MN"),
        other => Err(bad(
            &full,
            format!("expected a major (K or MN), got '{other}'"),
        )),
    };
    let ma = major(args[n_types + n_ints])?;
    let mb = major(args[n_types + n_ints + 1])?;
    // uint32_t ScaleC
    let scale_c = if scaled {
        let v = int(args[n_types + n_ints + 2], "ScaleC")?;
        if !(0..=i64::from(u32::MAX)).contains(&v) {
            return Err(bad(&full, format!("ScaleC is a uint32_t, got {v}")));
        }
        Some(v)
    } else {
        None
    };
    // the headers' static_asserts
    let (ba, bb) = (bits[0], bits[1]);
    if !f.bits.contains(&ba) || !f.bits.contains(&bb) {
        return Err(bad(
            &full,
            format!(
                "{base} supports A and B of {} bits, not {ba} and {bb}",
                f.bits
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        ));
    }
    if base.contains("_S8_") && types[2] != "int32_t" {
        return Err(bad(
            &full,
            format!("{base} result type can only be int32_t"),
        ));
    }
    if !f.ms.contains(&m) {
        let ms: Vec<String> = f.ms.iter().map(i64::to_string).collect();
        return Err(bad(
            &full,
            format!("{base} M-mode size should be {}", ms.join(" or ")),
        ));
    }
    let (ok, rule) = match f.n {
        NRule::Step(step, lo) => (
            n % step == 0 && (lo..=256).contains(&n),
            format!("a multiple of {step} between {lo} and 256"),
        ),
        NRule::ByM => {
            let (step, text) = if m == 64 {
                (8, "a multiple of 8 between 8 and 256 when M is 64")
            } else {
                (16, "a multiple of 16 between 16 and 256 when M is 128")
            };
            (n % step == 0 && (step..=256).contains(&n), text.to_string())
        }
        NRule::EightOr16 => (
            n == 8 || (n % 16 == 0 && (16..=256).contains(&n)),
            "8 or a multiple of 16 between 16 and 256".to_string(),
        ),
        NRule::ByBMajor(k, mn) => {
            let step = if mb == "K" { k } else { mn };
            (
                n % step == 0 && (step..=256).contains(&n),
                format!("a multiple of {step} between {step} and 256 when B is {mb}-major"),
            )
        }
    };
    if !ok {
        return Err(bad(&full, format!("{base} N-mode size should be {rule}")));
    }
    if f.ultra {
        if ma != "K" || mb != "K" {
            return Err(bad(
                &full,
                "This MMA does not support transpose (A and B K-major only)",
            ));
        }
        if let Some(vs) = vs {
            let two_x = vs == 32 && types[0] == "float_e2m1_t" && types[3] == "float_ue8m0_t";
            if !(two_x || vs == 16) {
                return Err(bad(
                    &full,
                    "Vector size can only be 4x mode (VS=16) or 2x mode (VS=32) for MMA. 2x mode only supports float_e2m1_t for a/b types and ue8m0_t for sf type",
                ));
            }
        }
    } else if let Some(vs) = vs {
        let sizes: [i64; 2] = if f.sparse { [32, 64] } else { [16, 32] };
        if !sizes.contains(&vs) {
            return Err(bad(
                &full,
                format!(
                    "{base} Vector size can only be {} or {}",
                    sizes[0], sizes[1]
                ),
            ));
        }
        let fp4 = |t: &str| matches!(t, "float_e2m1_t" | "type_erased_dynamic_float4_t");
        if f.sparse && vs == 64 && !(fp4(types[0]) && fp4(types[1]) && types[3] == "float_ue8m0_t")
        {
            return Err(bad(
                &full,
                "2x mode (VectorSize=64) only supports a_type and b_type=float_e2m1_t or cutlass::type_erased_dynamic_float4_t and sf_type=ue8m0_t",
            ));
        }
    }
    if f.ts && ma != "K" {
        return Err(bad(
            &full,
            format!("{base} A from TMEM can't be transposed"),
        ));
    }
    if f.interleaved && mb != "K" {
        return Err(bad(
            &full,
            format!("{base} B from SMEM requires non-transpose"),
        ));
    }
    let k = f.k.unwrap_or(if f.sparse { 512 } else { 256 } / ba);
    let (thr, a, b, c) = if f.two_sm {
        let (hm, hn) = (m / 2, n / 2);
        (
            "2:1".to_string(),
            format!("(2,({hm},{k})):({hm},(1,{m}))"),
            format!("(2,({hn},{k})):({hn},(1,{n}))"),
            format!("(2,({hm},{n})):({hm},(1,{m}))"),
        )
    } else {
        (
            "1:0".to_string(),
            format!("(1,({m},{k})):(0,(1,{m}))"),
            format!("(1,({n},{k})):(0,(1,{n}))"),
            format!("(1,({m},{n})):(0,(1,{m}))"),
        )
    };
    let mut canonical: Vec<String> = if f.interleaved {
        Vec::new()
    } else {
        types.iter().map(|t| t.to_string()).collect()
    };
    canonical.push(m.to_string());
    canonical.push(n.to_string());
    if let Some(vs) = vs {
        canonical.push(vs.to_string());
    }
    canonical.push(ma.to_string());
    canonical.push(mb.to_string());
    if let Some(sc) = scale_c {
        canonical.push(sc.to_string());
    }
    Ok(MmaAtom {
        name: format!("{base}<{}>", canonical.join(",")),
        thr_id: lay(&thr),
        shape_mnk: tuple(&format!("({m},{n},{k})")),
        a: lay(&a),
        b: lay(&b),
        c: lay(&c),
        e: None,
    })
}
