//! The wgmma atoms: `SM90_64x{N}x16_F32{T}{T}_SS<MA,MB>` read ([`parse_atom`]) and written
//! ([`sm90_mma`]), and the atom's `<MA,MB>` checked against the operands' majorness.

use crate::config::Dtype;
use crate::flags::{Major, Majors, Operand};

use super::HopperConfigError;

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
pub(super) fn gmma_major(m: Major) -> &'static str {
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
