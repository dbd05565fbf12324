//! The wgmma atoms: `SM90_64x{N}x16_F32{T}{T}_SS<MA,MB>` (16-bit) and
//! `SM90_64x{N}x32_F32{TA}{TB}_SS_TN` (fp8: e4m3/e5m2, both operands K-major) read
//! ([`parse_atom`]) and written ([`sm90_mma`]), and the atom's `<MA,MB>` checked against the
//! operands' majorness.

use crate::config::Dtype;
use crate::flags::{Major, Majors, Operand};

use super::HopperConfigError;

/// A parsed `SM90_64x{N}x16_F32{T}{T}_SS<MA,MB>` or `SM90_64x{N}x32_F32{TA}{TB}_SS_TN` atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sm90Atom {
    /// The wgmma's N.
    pub n: usize,
    /// The wgmma's K: 16 (16-bit inputs) or 32 (fp8): 32 bytes of K either way.
    pub k: usize,
    /// A's input type.
    pub dtype: Dtype,
    /// B's input type (A's, but in the mixed fp8 forms).
    pub b_dtype: Dtype,
    /// The majorness of A and B in shared memory that `<MA,MB>` names, when given.
    pub majors: Option<Majors>,
}

/// The default Hopper atom for an element type (B's when it differs) and majorness: N = 256,
/// or 128 for fp8 whose sums are promoted (two sets of accumulators fit 2 consumers' registers
/// up to N = 128; `promote`: not `--fast-accum`).
pub fn default_sm90_mma(
    dtype: &str,
    b_dtype: Option<&str>,
    majors: Majors,
    promote: bool,
) -> String {
    let fp8 = Dtype::parse(dtype).is_ok_and(Dtype::is_fp8);
    sm90_mma(
        dtype,
        b_dtype,
        if fp8 && promote { 128 } else { 256 },
        majors,
    )
}

/// CuTe's letters of an input type in an atom's name: `BF16`, `F16`, `E4M3`, `E5M2`.
fn atom_letters(d: Dtype) -> &'static str {
    match d {
        Dtype::Bf16 => "BF16",
        Dtype::F16 => "F16",
        Dtype::E4m3 => "E4M3",
        Dtype::E5m2 => "E5M2",
    }
}

/// The GMMA name of a majorness: `K` or `MN`.
pub(super) fn gmma_major(m: Major) -> &'static str {
    match m {
        Major::K => "K",
        Major::MN => "MN",
    }
}

/// The Hopper atom of N columns for an element type (B's when it differs) and majorness
/// (`<K,K>`, `<MN,K>`, ...; the fp8 atoms are `_TN`, both operands K-major, whatever the
/// flags say: the configuration refuses an MN-major fp8 operand with the reason).
pub fn sm90_mma(dtype: &str, b_dtype: Option<&str>, n: usize, majors: Majors) -> String {
    let a_type = Dtype::parse(dtype).unwrap_or(Dtype::Bf16);
    let b_type = b_dtype.and_then(|b| Dtype::parse(b).ok()).unwrap_or(a_type);
    if a_type.is_fp8() {
        return format!(
            "SM90_64x{n}x32_F32{}{}_SS_TN",
            atom_letters(a_type),
            atom_letters(b_type)
        );
    }
    let (a, b) = (gmma_major(majors.a), gmma_major(majors.b));
    format!("SM90_64x{n}x16_F32{0}{0}_SS<{a},{b}>", atom_letters(a_type))
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
    let (n, rest) = rest.split_once('x').ok_or_else(bad)?;
    let (k, rest) = rest.split_once('_').ok_or_else(bad)?;
    let n: usize = n.parse().map_err(|_| bad())?;
    if n == 0 || n > 256 || !n.is_multiple_of(8) {
        return Err(bad());
    }
    if rest.ends_with("_RS") || rest.ends_with("_RS_TN") {
        return Err(HopperConfigError::RegisterAtom(name.to_string()));
    }
    let fp8 = |t: &str| match t {
        "E4M3" => Some(Dtype::E4m3),
        "E5M2" => Some(Dtype::E5m2),
        _ => None,
    };
    let (k, dtype, b_dtype, majors) = match (k, rest) {
        ("16", "F32BF16BF16_SS") => (16, Dtype::Bf16, Dtype::Bf16, majors),
        ("16", "F32F16F16_SS") => (16, Dtype::F16, Dtype::F16, majors),
        // fp8: K-major only (`_TN`), no <MA,MB>
        ("32", r) if majors.is_none() => {
            let types = r
                .strip_prefix("F32")
                .and_then(|t| t.strip_suffix("_SS_TN"))
                .filter(|t| t.len() == 8)
                .ok_or_else(bad)?;
            let (ta, tb) = types.split_at(4);
            let (Some(a), Some(b)) = (fp8(ta), fp8(tb)) else {
                return Err(bad());
            };
            (32, a, b, Some(Majors::default()))
        }
        _ => return Err(bad()),
    };
    Ok(Sm90Atom {
        n,
        k,
        dtype,
        b_dtype,
        majors,
    })
}

/// The atom's `<MA,MB>` must agree with `--a-major`/`--b-major` (TMA copies without
/// transposing, so an operand's majorness in shared memory is the one in global memory).
pub(super) fn check_atom_majors(
    mma: &str,
    atom: &Sm90Atom,
    majors: Majors,
) -> Result<(), HopperConfigError> {
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
