//! `make_gmma_desc<Major>(tensor)`'s (CuTe's `mma_traits_sm90_gmma.hpp`) and
//! `make_umma_desc<Major>(tensor)`'s (`arch/mma_sm100_desc.hpp`) layout checks and offsets: the
//! one place cute decides whether wgmma or tcgen05.mma can read an operand tile from shared
//! memory through a matrix descriptor. The evaluator's `make_fragment_A/B` of a GMMA or UMMA
//! atom and `cute gemm`'s Hopper path ask it.

use crate::algebra::Layout;
use crate::algebra::smem_atoms::Major;
use crate::algebra::swizzle::Swizzle;
use crate::algebra::tiler::{Tiler, TilerModes};

/// Which instruction's descriptor: SM90's wgmma (GMMA) or SM100's tcgen05.mma (UMMA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DescFamily {
    /// `make_gmma_desc`.
    Gmma,
    /// `make_umma_desc`.
    Umma,
}

/// What make_gmma_desc (make_umma_desc) reads off a canonical operand tile, in units of
/// uint128_t (16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GmmaCanonical {
    /// B of the pointer's `Swizzle<B,4,3>`: 0 INTERLEAVE, 1 B32, 2 B64, 3 B128 (UMMA's
    /// `Swizzle<2,5,2>`, SWIZZLE_128B_BASE32B: 2, with `base32b`).
    pub swizzle_bits: i64,
    /// UMMA's SWIZZLE_128B_BASE32B (`Swizzle<2,5,2>`).
    pub base32b: bool,
    /// The leading-dimension byte offset (`leading_byte_offset_`), `None` where the mode it is
    /// read from has one element (its stride is then never used).
    pub lbo: Option<i64>,
    /// The stride-dimension byte offset (`stride_byte_offset_`), likewise.
    pub sbo: Option<i64>,
}

/// The descriptor's layout type of a pointer's swizzle (in bytes): `Swizzle<B,4,3>`'s B, 0
/// without one; otherwise CuTe's static_assert "Unsupported layout swizzle".
pub fn gmma_layout_type(swizzle: Option<Swizzle>) -> Result<i64, String> {
    match swizzle {
        None => Ok(0),
        Some(s) if s.base == 4 && s.shift == 3 && (0..=3).contains(&s.bits) => Ok(s.bits),
        Some(s) => Err(format!("Unsupported layout swizzle, {s}")),
    }
}

/// UMMA::layout_type of a pointer's swizzle (in bytes), as (B, whether SWIZZLE_128B_BASE32B):
/// `Swizzle<B,4,3>` (B in 0..3) or `Swizzle<2,5,2>`; otherwise CuTe's static_assert.
pub fn umma_layout_type(swizzle: Option<Swizzle>) -> Result<(i64, bool), String> {
    let Some(s) = swizzle else {
        return Ok((0, false));
    };
    let why = match (s.bits, s.base, s.shift) {
        (b, 4, 3) if (0..=3).contains(&b) => return Ok((b, false)),
        (2, 5, 2) => return Ok((2, true)),
        (_, 4, 3) => "Expected B = 0,1,2, or 3 when M == 4. Unsupported layout swizzle.",
        (_, 4, _) => "Expected S = 3 when M == 4. Unsupported layout swizzle.",
        (2, 5, _) => "Expected S = 2 when M == 5. Unsupported layout swizzle.",
        (_, 5, _) => "Expected B = 2 when M == 5. Unsupported layout swizzle.",
        _ => "Only 16B and 32B Atoms are supported for UMMA. Unsupported layout swizzle.",
    };
    Err(format!("{why} ({s})"))
}

/// make_umma_desc<Major>(T)'s checks (arch/mma_sm100_desc.hpp), as make_gmma_desc's below but:
/// the layout type is UMMA's ([`umma_layout_type`]; W = 8 and a K atom of 4 for
/// SWIZZLE_128B_BASE32B, which a K-major operand may not have); no K-size check; an MN-major
/// tile is divided by (W, 8) (K atom 8, or 4), a K-major one by (8:1, 2:1).
pub fn make_umma_desc(
    major: Major,
    swizzle: Option<Swizzle>,
    tile: &Layout,
    bits: i64,
) -> Result<GmmaCanonical, String> {
    canonical_desc(DescFamily::Umma, major, swizzle, tile, bits)
}

/// make_gmma_desc<Major>(T)'s checks, T the operand tile (`tile`, elements of `bits` bits) over
/// a pointer swizzled by `swizzle` (in bytes). In units of uint128_t, with W = 2^B (B of
/// Swizzle<B,4,3>; W = 1 for INTERLEAVE), U = recast<uint128_t>(T):
/// - MN-major: K size 256/bits (dense; 128 or 512 for sparse), `logical_divide(U, (W:1, 8:1))`
///   of profile ((1,1),(1,1)) with stride<0,0> 1 (unless INTERLEAVE) and stride<1,0> W; SBO =
///   stride<0,1> and LBO = stride<1,1> for INTERLEAVE, the other way round otherwise;
/// - K-major: MN size a multiple of 8, K size 2 (or 4 sparse), `logical_divide(U, (8:1, 2:1))`
///   of profile ((1,1),(1,1)) with stride<0,0> W and stride<1,0> 1 (unless INTERLEAVE); SBO =
///   stride<0,1>, LBO = stride<1,0>.
///
/// The violated condition is named as CuTe's static_assert names it.
pub fn make_gmma_desc(
    major: Major,
    swizzle: Option<Swizzle>,
    tile: &Layout,
    bits: i64,
) -> Result<GmmaCanonical, String> {
    canonical_desc(DescFamily::Gmma, major, swizzle, tile, bits)
}

/// The checks of make_gmma_desc and make_umma_desc (see each).
fn canonical_desc(
    family: DescFamily,
    major: Major,
    swizzle: Option<Swizzle>,
    tile: &Layout,
    bits: i64,
) -> Result<GmmaCanonical, String> {
    let umma = family == DescFamily::Umma;
    let (b, base32b) = if umma {
        umma_layout_type(swizzle)?
    } else {
        (gmma_layout_type(swizzle)?, false)
    };
    let interleave = b == 0 && !base32b;
    let w = if base32b { 8 } else { 1i64 << b };
    let family_name = if umma { "UMMA" } else { "GMMA" };
    if tile.rank() != 2 {
        return Err(format!(
            "{family_name} Descriptors can only be constructed on rank-2 tensors, found {tile}"
        ));
    }
    let u = crate::algebra::recast::Recast::new(128, bits)
        .and_then(|r| r.layout(tile))
        .map_err(|e| e.to_string())?;
    let size_of = |i: usize| u.mode(i).and_then(|m| m.size()).map_err(|e| e.to_string());
    let tiler =
        |x: i64, y: i64| Tiler::Tuple(TilerModes::Owned(vec![Tiler::Int(x), Tiler::Int(y)]));
    let mn = major == Major::MN;
    let canonical = if mn && umma {
        crate::algebra::divide::logical_divide(&u, &tiler(w, if base32b { 4 } else { 8 }))
    } else if umma {
        if base32b {
            return Err("SWIZZLE_128B_BASE32B is invalid for Major-K".to_string());
        }
        let m = size_of(0)?;
        if m % 8 != 0 {
            return Err(format!("Not a canonical UMMA_K Layout: Expected MN-size multiple of 8, found {m} in {u} (uint128_t units)"));
        }
        crate::algebra::divide::logical_divide(&u, &tiler(8, 2))
    } else if mn {
        let k = size_of(1)?;
        if ![256 / bits, 128 / bits, 512 / bits].contains(&k) {
            return Err(format!("Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse, found {k} in {u} (uint128_t units)"));
        }
        crate::algebra::divide::logical_divide(&u, &tiler(w, 8))
    } else {
        let (m, k) = (size_of(0)?, size_of(1)?);
        if m % 8 != 0 {
            return Err(format!("Not a canonical GMMA_K Layout: Expected MN-size multiple of 8, found {m} in {u} (uint128_t units)"));
        }
        if k != 2 && k != 4 {
            return Err(format!("Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t), found {k} in {u}"));
        }
        crate::algebra::divide::logical_divide(&u, &tiler(8, 2))
    }
    .map_err(|e| e.to_string())?;
    let what = format!("{family_name}_{}", if mn { "MN" } else { "K" });
    let profile_ok = canonical.rank() == 2
        && (0..2).all(|i| {
            canonical
                .mode(i)
                .is_ok_and(|m| m.rank() == 2 && m.depth() == 1)
        });
    if !profile_ok {
        return Err(format!(
            "Not a canonical {what} Layout: Expected profile failure, {canonical} (uint128_t units)"
        ));
    }
    let sub = |i: usize, j: usize| canonical.mode(i).and_then(|m| m.mode(j)).ok();
    let stride = |i: usize, j: usize| sub(i, j).and_then(|m| m.stride().as_int());
    let (want00, want10) = if mn {
        ((!interleave).then_some(1), Some(w))
    } else {
        (Some(w), (!interleave).then_some(1))
    };
    for ((i, j), want) in [((0, 0), want00), ((1, 0), want10)] {
        if let Some(want) = want
            && stride(i, j) != Some(want)
        {
            return Err(format!(
                "Not a canonical {what} Layout: Expected stride failure, stride<{i},{j}> of {canonical} is not {want} (uint128_t units)"
            ));
        }
    }
    // a mode of one element: its stride is read but never used
    let used = |i: usize, j: usize| {
        sub(i, j)
            .filter(|m| m.size().is_ok_and(|s| s > 1))
            .and_then(|m| m.stride().as_int())
    };
    let (sbo, lbo) = match (mn, interleave) {
        (true, true) => (used(0, 1), used(1, 1)),
        (true, false) => (used(1, 1), used(0, 1)),
        (false, _) => (used(0, 1), used(1, 0)),
    };
    Ok(GmmaCanonical {
        swizzle_bits: b,
        base32b,
        lbo,
        sbo,
    })
}
