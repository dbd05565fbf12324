//! The stage layouts: an operand's shared-memory atom (CuTe's GMMA atoms by default) read in
//! element units and tiled to the (rows, BK) stage as CUTLASS's Hopper builder tiles it, its
//! majorness checked against the operand's; and the byte offset of a stage's element, which the
//! descriptors and the TMA boxes are derived from.

use crate::config::{ConfigError, Dtype, TileOrder, atom_extents, tile_stage_in_order};
use crate::flags::{FlagValue, Major, Operand, ReadFlag, read_value};
use cute::algebra::{ComposedLayout, IntTuple, Layout, Offset, Swizzle};
use cute::analysis::bank::SmemLayout;

use super::HopperConfigError;

/// The default shared-memory atom of an operand on this path: CuTe's
/// `GMMA::Layout_K_SW128_Atom`, or `Layout_MN_SW128_Atom` for an MN-major operand.
pub fn default_atom(dtype: Dtype, major: Major) -> String {
    let m = match major {
        Major::K => "K",
        Major::MN => "MN",
    };
    format!("gmma_atom(Layout_{m}_SW128_Atom, {})", dtype.name())
}

/// The atom as a layout in elements (of `elem` bytes) with its swizzle in element units. A GMMA
/// atom (`Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1)`) swizzles byte addresses: its base drops by
/// log2(bytes per element) (by nothing for 8-bit elements: `smem_ptr[8b] o (8,128):(128,1)`).
fn atom_in_elements(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
    elem: i64,
) -> Result<(Option<Swizzle>, Layout), HopperConfigError> {
    match read_value(read, flag, text)? {
        FlagValue::Layout(l) => Ok((None, l)),
        FlagValue::Composed(ComposedLayout {
            swizzle,
            offset,
            layout,
        }) => match offset {
            Offset::Int(o) if o.value == 0 => Ok((Some(swizzle), layout)),
            Offset::SmemPtr(bits) if bits == 8 * elem => {
                let log2e = elem.trailing_zeros() as i64;
                if swizzle.bits > 0 && swizzle.base < log2e {
                    return Err(HopperConfigError::SwizzleSplitsElements { flag, swizzle });
                }
                let base = if swizzle.bits > 0 {
                    swizzle.base - log2e
                } else {
                    swizzle.base
                };
                let s = Swizzle::new(swizzle.bits, base, swizzle.shift)
                    .map_err(|source| ConfigError::FlagAlgebra { flag, source })?;
                Ok((Some(s), layout))
            }
            Offset::SmemPtr(bits) => Err(HopperConfigError::AtomElementBits {
                flag,
                bits,
                want: 8 * elem,
            }),
            _ => Err(HopperConfigError::AtomOffset {
                flag,
                text: text.to_string(),
            }),
        },
        other => Err(HopperConfigError::NotAGmmaAtom {
            flag,
            kind: other.kind(),
        }),
    }
}

/// Tile the atom to (rows, bk) as CUTLASS's Hopper builder does: a K-major atom down the rows
/// first, an MN-major one along K first (so that one TMA box of a swizzle row's worth of rows
/// and all of BK lands contiguously). The atom's contiguous mode must be the operand's: TMA
/// copies without transposing.
pub(super) fn stage_layout(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
    operand: Operand,
    major: Major,
    (rows, bk): (usize, usize),
    elem: i64,
) -> Result<SmemLayout, HopperConfigError> {
    let (sw, atom) = atom_in_elements(read, flag, text, elem)?;
    let at = |r: i64, k: i64| {
        atom.eval(&IntTuple::tuple([IntTuple::int(r), IntTuple::int(k)]))
            .unwrap_or(-1)
    };
    let (a0, a1) = atom_extents(flag, &atom)?;
    let contiguous = if a1 > 1 && at(0, 1) - at(0, 0) == 1 {
        Some(Major::K)
    } else if a0 > 1 && at(1, 0) - at(0, 0) == 1 {
        Some(Major::MN)
    } else {
        None
    };
    if contiguous != Some(major) {
        return Err(HopperConfigError::AtomMajorness {
            flag,
            atom: Box::new(atom),
            contiguous,
            operand,
            major,
        });
    }
    let order = match major {
        Major::K => TileOrder::RowsFirst,
        Major::MN => TileOrder::KFirst,
    };
    Ok(tile_stage_in_order(flag, sw, &atom, (rows, bk), order)?)
}

/// The byte offset of element (row `r`, `k`) of a stage layout of `elem`-byte elements before
/// its swizzle, `elem L(r, k)`; -1 outside the layout (which no instruction reads, so every
/// check against it fails).
pub(super) fn stage_byte_offset(l: &Layout, r: usize, k: usize, elem: i64) -> i64 {
    l.eval(&IntTuple::tuple([
        IntTuple::int(r as i64),
        IntTuple::int(k as i64),
    ]))
    .map(|o| o * elem)
    .unwrap_or(-1)
}
