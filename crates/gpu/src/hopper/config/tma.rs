//! TMA's boxes: how boxes of the stage's swizzle fill an operand's stage, sliced over a
//! cluster's CTAs ([`TmaPlan::derive`], every element checked against the layout), and the
//! 128B-swizzled 64x64 boxes C's staging must match for the TMA store.

use crate::flags::Major;
use cute::analysis::bank::SmemLayout;

use super::HopperConfigError;
use super::desc::GmmaSwizzle;
use super::stage::stage_byte_offset;

/// One TMA box of an operand's stage: where it lands in the stage and which of the stage's
/// (row, k) it starts at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaBox {
    /// Byte offset in the CTA's slice of the stage (`2 L(row, k)`).
    pub smem_bytes: usize,
    /// First row (of the slice).
    pub row: usize,
    /// First k.
    pub k: usize,
}

/// How TMA fills one operand's stage: boxes of `box_dims` (along the global tensor's contiguous
/// dimension, then the other) with the stage's swizzle; each CTA of a cluster loads one slice of
/// `slice_rows` rows, `slice_bytes` apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaPlan {
    /// The swizzle TMA applies (the stage's).
    pub swizzle: GmmaSwizzle,
    /// How the operand lies in global memory (K-major: dims (K, rows); MN-major: (rows, K)).
    pub major: Major,
    /// Box extent (inner: the contiguous dimension, outer).
    pub box_dims: (usize, usize),
    /// The boxes of one slice.
    pub boxes: Vec<TmaBox>,
    /// Rows of one CTA's slice.
    pub slice_rows: usize,
    /// Bytes between slices.
    pub slice_bytes: usize,
}

/// The most TMA boxes one CTA issues per stage of an operand.
pub(super) const MAX_BOXES: usize = 64;

impl TmaPlan {
    /// The boxes that fill a (rows, bk) stage split in `parts` slices of rows: K-major, boxes of
    /// (E k, rows / parts) side by side along K; MN-major, boxes of (E rows, bk k) one after
    /// another down the rows (E = the swizzle row's elements). Every element of every box is
    /// checked against the layout: TMA writes box row i at `i W` bytes from the box's start, its
    /// element j at `b j` (W the swizzle row's bytes, b the element's), before the swizzle.
    pub fn derive(
        flag: &'static str,
        s: &SmemLayout,
        major: Major,
        (rows, bk): (usize, usize),
        parts: usize,
        elem: i64,
    ) -> Result<TmaPlan, HopperConfigError> {
        let swizzle = GmmaSwizzle::of(flag, s.swizzle(), elem)?;
        let w = swizzle.row_bytes();
        let e = w / elem as usize;
        let l = s.layout();
        let at = |r: usize, k: usize| stage_byte_offset(l, r, k, elem);
        let parts = parts.max(1);
        let slice_rows = rows / parts;
        // the box is CuTe's (make_tma_copy's derivation, in core); the slices are ours
        let cute_box = cute_box(flag, s, major, (rows, bk), swizzle, e)?;
        let (box_dims, starts): ((usize, usize), Vec<(usize, usize)>) = match major {
            Major::K => (
                (cute_box.0, cute_box.1 / parts),
                (0..bk.div_ceil(e)).map(|q| (0, q * e)).collect(),
            ),
            Major::MN => {
                if !slice_rows.is_multiple_of(e) {
                    return Err(HopperConfigError::SliceNotWholeSwizzleRows {
                        flag,
                        slice_rows,
                        swizzle,
                        elements: e,
                    });
                }
                (cute_box, (0..slice_rows / e).map(|q| (q * e, 0)).collect())
            }
        };
        if box_dims.0 > 256 || box_dims.1 > 256 || starts.len() > MAX_BOXES {
            return Err(HopperConfigError::TooManyBoxes {
                flag,
                boxes: starts.len(),
                inner: box_dims.0,
                outer: box_dims.1,
            });
        }
        let slice_bytes = if parts > 1 { at(slice_rows, 0) } else { 0 };
        let align = (8 * w).max(128) as i64;
        let mut boxes = Vec::new();
        for (row, k) in starts {
            let dst = at(row, k);
            for sl in 0..parts {
                let base = dst + sl as i64 * slice_bytes;
                if base % align != 0 {
                    return Err(HopperConfigError::BoxMisaligned {
                        flag,
                        row: sl * slice_rows + row,
                        k,
                        base,
                        align,
                        swizzle,
                    });
                }
                let (outer, inner) = match major {
                    Major::K => (slice_rows, e.min(bk)),
                    Major::MN => (bk, e),
                };
                for i in 0..outer {
                    for j in 0..inner {
                        let (r, kk) = match major {
                            Major::K => (sl * slice_rows + row + i, k + j),
                            Major::MN => (sl * slice_rows + row + j, k + i),
                        };
                        let want = base + (i * w) as i64 + elem * j as i64;
                        let got = at(r, kk);
                        if got != want {
                            return Err(HopperConfigError::TmaCannotFill {
                                flag,
                                swizzle,
                                row: r,
                                k: kk,
                                want,
                                got,
                            });
                        }
                    }
                }
            }
            boxes.push(TmaBox {
                smem_bytes: dst as usize,
                row,
                k,
            });
        }
        Ok(TmaPlan {
            swizzle,
            major,
            box_dims,
            boxes,
            slice_rows,
            slice_bytes: slice_bytes.max(0) as usize,
        })
    }
}

/// The (inner, outer) box CuTe's `make_tma_copy` derives for the stage (`cute::atoms::tma::tma_box`,
/// the global tensor (rows, K) K-major or MN-major with a run-time leading stride): inner the
/// swizzle row's `e` elements (at most bk along K), outer the stage's rows (K-major) or bk
/// (MN-major), else TMA cannot fill the stage with the swizzle's boxes.
fn cute_box(
    flag: &'static str,
    s: &SmemLayout,
    major: Major,
    (rows, bk): (usize, usize),
    swizzle: GmmaSwizzle,
    e: usize,
) -> Result<(usize, usize), HopperConfigError> {
    use cute::algebra::{IntTuple, Layout};
    let (r, k) = (rows as i64, bk as i64);
    let stride = match major {
        Major::K => [IntTuple::int_of(k, true), IntTuple::int(1)],
        Major::MN => [IntTuple::int(1), IntTuple::int_of(r, true)],
    };
    let (inner_want, outer_want) = match major {
        Major::K => (e.min(bk), rows),
        Major::MN => (e, bk),
    };
    let mismatch = |got: String| HopperConfigError::TmaBoxNotSwizzleRows {
        flag,
        swizzle,
        want: format!("({inner_want},{outer_want})"),
        got,
    };
    let g = Layout::new(IntTuple::of_ints(&[r, k]), IntTuple::tuple(stride))
        .map_err(|e| mismatch(e.to_string()))?;
    let b = cute::atoms::tma::tma_box(&g, s.layout()).map_err(|e| mismatch(e.to_string()))?;
    match b.as_slice() {
        [inner, outer, rest @ ..]
            if *inner as usize == inner_want
                && *outer as usize == outer_want
                && rest.iter().all(|&x| x == 1) =>
        {
            Ok((inner_want, outer_want))
        }
        _ => Err(mismatch(format!("{b:?}"))),
    }
}

/// Where TMA's `SWIZZLE_128B` box of (rows, 64) 16-bit elements puts element (r, k), in elements:
/// rows 128 bytes apart, the 16-byte chunk index XORed with the row modulo 8.
pub fn tma_sw128_offset(r: usize, k: usize) -> i64 {
    (r * 64 + (((k / 8) ^ (r % 8)) * 8) + k % 8) as i64
}

/// The C staging must be what TMA's 128B-swizzled 64x64 boxes read: box b (columns 64 b..)
/// at element 4096 b, each box as [`tma_sw128_offset`].
pub(super) fn check_c_boxes(c: &SmemLayout, bn: usize) -> Result<(), HopperConfigError> {
    for r in 0..64 {
        for col in 0..bn {
            let want = 4096 * (col / 64) as i64 + tma_sw128_offset(r, col % 64);
            let got = c.at(r as i64, col as i64);
            if got != want {
                return Err(HopperConfigError::CStaging {
                    row: r,
                    col,
                    got,
                    want,
                });
            }
        }
    }
    Ok(())
}
