//! The defining laws of the operations, checked on the result CuTe's algorithm gives.
//!
//! A domain of up to [`EXHAUSTIVE_LIMIT`] points is checked at every point; a larger one at its
//! first and last points and at pseudo-random points in between, so a check never hangs.

use super::error::{AlgebraError, Result};
use super::layout::Layout;

/// Domains up to this many points are checked exhaustively.
pub const EXHAUSTIVE_LIMIT: i64 = crate::limits::MAX_ENUMERATED;
const EDGE: i64 = 1 << 12;
const RANDOM: usize = 1 << 13;

/// The indices at which a law over `[0, size)` is checked.
pub fn check_points(size: i64) -> Box<dyn Iterator<Item = i64>> {
    if size <= EXHAUSTIVE_LIMIT {
        return Box::new(0..size.max(0));
    }
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ size as u64;
    let random = (0..RANDOM).map(move |_| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 11) % size as u64) as i64
    });
    Box::new((0..EDGE).chain(size - EDGE..size).chain(random))
}

fn violated(op: &'static str, law: String) -> AlgebraError {
    AlgebraError::LawViolated { op, law }
}

/// `R(i) == A(B(i))` for every `i` in B's domain (A extends its last mode past its size).
pub fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Result<()> {
    let size = b.size()?;
    if r.size()? != size {
        return Err(violated(
            "composition",
            format!(
                "CuTe's result {r} has size {} but B = {b} has size {size}",
                r.size()?
            ),
        ));
    }
    for i in check_points(size) {
        let bi = b.at(i)?;
        let want = a.at(bi)?;
        let got = r.at(i)?;
        if got != want {
            return Err(violated(
                "composition",
                format!(
                    "CuTe's result {r} is not A o B: at i = {i}, R(i) = {got} but A(B(i)) = A({bi}) = {want}"
                ),
            ));
        }
    }
    Ok(())
}

/// `L(R(i)) == i` for every `i` in R's domain.
pub fn check_right_inverse(l: &Layout, r: &Layout) -> Result<()> {
    for i in check_points(r.size()?) {
        let ri = r.at(i)?;
        let back = l.at(ri)?;
        if back != i {
            return Err(violated(
                "right_inverse",
                format!(
                    "CuTe's result {r} is not a right inverse of {l}: L(R({i})) = L({ri}) = {back}, not {i}"
                ),
            ));
        }
    }
    Ok(())
}

/// `R(L(i)) == i` for every `i` in L's domain.
pub fn check_left_inverse(l: &Layout, r: &Layout) -> Result<()> {
    for i in check_points(l.size()?) {
        let li = l.at(i)?;
        let back = r.at(li)?;
        if back != i {
            return Err(violated(
                "left_inverse",
                format!(
                    "CuTe's result {r} is not a left inverse of {l}: R(L({i})) = R({li}) = {back}, not {i}"
                ),
            ));
        }
    }
    Ok(())
}
