//! wgmma's shared-memory descriptors: the layout types ([`GmmaSwizzle`]), where wgmma reads an
//! operand's element ([`gmma_read_offset`]), the descriptor derived from a stage layout and
//! checked element by element ([`GmmaDesc::derive`]), and the predicted bank conflicts of
//! wgmma's reads.

use crate::flags::Major;
use cute::algebra::{IntTuple, Layout, Swizzle};
use cute::analysis::bank::SmemLayout;

use super::HopperConfigError;
use super::stage::stage_byte_offset;

/// wgmma's shared-memory layout types: the swizzle of the operand's stage, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GmmaSwizzle {
    /// No swizzle (`Sw<0,4,3>`): 16-byte rows of core matrices ("interleave").
    Inter,
    /// `Sw<1,4,3>`: 32-byte rows.
    B32,
    /// `Sw<2,4,3>`: 64-byte rows.
    B64,
    /// `Sw<3,4,3>`: 128-byte rows.
    B128,
}

impl GmmaSwizzle {
    /// The bytes of one row of the swizzle atom (along the contiguous mode).
    pub fn row_bytes(self) -> usize {
        match self {
            GmmaSwizzle::Inter => 16,
            GmmaSwizzle::B32 => 32,
            GmmaSwizzle::B64 => 64,
            GmmaSwizzle::B128 => 128,
        }
    }

    /// The descriptor's layout-type field (bits 62–63).
    pub fn mode_field(self) -> u64 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::B32 => 3,
            GmmaSwizzle::B64 => 2,
            GmmaSwizzle::B128 => 1,
        }
    }

    /// CuTe's name (`Layout_*_{INTER,SW32,SW64,SW128}_Atom`).
    pub fn name(self) -> &'static str {
        match self {
            GmmaSwizzle::Inter => "INTER",
            GmmaSwizzle::B32 => "SW32",
            GmmaSwizzle::B64 => "SW64",
            GmmaSwizzle::B128 => "SW128",
        }
    }

    /// The type of a stage's swizzle (in element units, of `elem`-byte elements), or why wgmma
    /// has none.
    pub(super) fn of(
        flag: &'static str,
        sw: Option<Swizzle>,
        elem: i64,
    ) -> Result<GmmaSwizzle, HopperConfigError> {
        let Some(sw) = sw.filter(|s| s.bits > 0) else {
            return Ok(GmmaSwizzle::Inter);
        };
        let log2e = elem.trailing_zeros() as i64;
        match (sw.bits, sw.base + log2e, sw.shift) {
            (1, 4, 3) => Ok(GmmaSwizzle::B32),
            (2, 4, 3) => Ok(GmmaSwizzle::B64),
            (3, 4, 3) => Ok(GmmaSwizzle::B128),
            (bits, base, shift) => Err(HopperConfigError::NotAGmmaSwizzle {
                flag,
                bits,
                base,
                shift,
            }),
        }
    }
}

/// The wgmma shared-memory descriptor of one operand's stage, derived from its layout.
///
/// The 64-bit descriptor (PTX ISA, "Matrix Descriptor Format"): bits 0–13 start address >> 4,
/// 16–29 leading-dimension byte offset (LBO) >> 4, 32–45 stride-dimension byte offset (SBO) >> 4,
/// 49–51 base offset, 62–63 layout type (1 = 128B swizzle, 2 = 64B, 3 = 32B, 0 = interleave).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmmaDesc {
    /// Layout type field (1: 128-byte swizzle).
    pub mode: u64,
    /// The layout type.
    pub swizzle: GmmaSwizzle,
    /// How the operand lies in shared memory (the instruction's transpose immediate: 1 for MN).
    pub major: Major,
    /// Leading-dimension byte offset.
    pub lbo: u64,
    /// Stride-dimension byte offset.
    pub sbo: u64,
    /// Byte offset of the start of each K slice of one wgmma (32 bytes of K: 16 16-bit
    /// elements or 32 fp8 ones) of the stage (`b L(0, K j)`, b bytes an element).
    pub k_offsets: Vec<u64>,
    /// Byte offset of row `64 c`, for each consumer warpgroup `c` (`b L(64 c, 0)`).
    pub row_offsets: Vec<u64>,
}

/// Where wgmma reads element (mn, k) of one instruction's operand (mn below its M or N, k below
/// its K: 32 bytes of elements of `b` bytes), in bytes from the descriptor's start address,
/// before the swizzle: CuTe's canonical GMMA layouts (`mma_sm90_desc.hpp`), with W the swizzle
/// row's bytes, E = W / b its elements and C = 16 / b the elements of a core matrix's row:
/// - K-major INTER: `((8,m),(C,2)) : ((16 B, SBO), (b, LBO))`
/// - K-major SWxx: `((8,m),K) : ((W, SBO), b)` (LBO unused: 32 bytes of K lie in one swizzle row)
/// - MN-major INTER: `((C,m),(8,2)) : ((b, SBO), (16 B, LBO))`
/// - MN-major SWxx: `((E,m),(8,2)) : ((b, LBO), (W, SBO))`
pub fn gmma_read_offset(
    major: Major,
    sw: GmmaSwizzle,
    (lbo, sbo): (i64, i64),
    (mn, k): (i64, i64),
    b: i64,
) -> i64 {
    let w = sw.row_bytes() as i64;
    let e = w / b;
    let c = 16 / b;
    match (major, sw) {
        (Major::K, GmmaSwizzle::Inter) => {
            (mn % 8) * 16 + (mn / 8) * sbo + (k % c) * b + (k / c) * lbo
        }
        (Major::K, _) => (mn % 8) * w + (mn / 8) * sbo + k * b,
        (Major::MN, GmmaSwizzle::Inter) => {
            (mn % c) * b + (mn / c) * sbo + (k % 8) * 16 + (k / 8) * lbo
        }
        (Major::MN, _) => (mn % e) * b + (mn / e) * lbo + (k % 8) * w + (k / 8) * sbo,
    }
}

impl GmmaDesc {
    /// The descriptor's constant part (everything but the start address).
    pub fn constant(&self) -> u64 {
        ((self.lbo >> 4) << 16) | ((self.sbo >> 4) << 32) | (self.mode << 62)
    }

    /// The instruction's transpose immediate (`imm-trans-a`/`-b`): 1 when MN-major.
    pub fn transpose(&self) -> u32 {
        u32::from(self.major == Major::MN)
    }

    /// Derive the descriptor of a (rows, bk) stage from its layout `Sw o L` (elements of `b`
    /// bytes), read by wgmmas of `mn` rows (64 for A, one per consumer; N for B) and 32 bytes of
    /// K each (16 16-bit elements, 32 fp8 ones). Below, for 16-bit elements (fp8: C = 16 k
    /// where 8 is written for a core matrix's row):
    ///
    /// - the layout type is `Sw` in bytes (`Sw<3,4,3>` SW128, `Sw<2,4,3>` SW64, `Sw<1,4,3>` SW32,
    ///   none INTER);
    /// - LBO and SBO are read off the layout where [`gmma_read_offset`] puts them: K-major, SBO
    ///   `= 2 L(8, 0)` (the next 8 rows) and, INTER, LBO `= 2 L(0, 8)` (the next 8 k); MN-major
    ///   swizzled, LBO `= 2 L(E, 0)` (the next swizzle row's worth of rows) and SBO `= 2 L(0, 8)`
    ///   (the next 8 k); MN-major INTER, SBO `= 2 L(8, 0)` and LBO `= 2 L(0, 8)`;
    /// - then every element each wgmma reads is checked: `2 L(r, k)` must be the slice's start
    ///   plus [`gmma_read_offset`], for every consumer's rows and every k16 slice;
    /// - start addresses: the stage base (1024-byte aligned, so the base-offset field is 0) plus
    ///   `2 L(64 c, 16 j)`: the hardware applies the swizzle to the address it computes, as the
    ///   layout applies `Sw` after `L`.
    pub fn derive(
        flag: &'static str,
        s: &SmemLayout,
        major: Major,
        (rows, bk): (usize, usize),
        mn: usize,
        b: i64,
    ) -> Result<GmmaDesc, HopperConfigError> {
        let swizzle = GmmaSwizzle::of(flag, s.swizzle(), b)?;
        let l = s.layout();
        let at = |r: usize, k: usize| stage_byte_offset(l, r, k, b);
        let e = swizzle.row_bytes() / b as usize;
        // a core matrix's row (16 bytes) and one instruction's K (32 bytes), in elements
        let (c, ik) = (16 / b as usize, 32 / b as usize);
        // a stride the instruction never uses (its extent is one atom) is encoded as 16 bytes
        let step = |r: usize, k: usize, used: bool| if used { at(r, k) - at(0, 0) } else { 16 };
        let (lbo, sbo) = match (major, swizzle) {
            (Major::K, GmmaSwizzle::Inter) => (step(0, c, true), step(8, 0, mn > 8)),
            (Major::K, _) => (16, step(8, 0, mn > 8)),
            (Major::MN, GmmaSwizzle::Inter) => (step(0, 8, true), step(c, 0, mn > c)),
            (Major::MN, _) => (step(e, 0, mn > e), step(0, 8, true)),
        };
        for (name, v) in [("LBO", lbo), ("SBO", sbo)] {
            if v <= 0 || v % 16 != 0 || v >> 4 >= 1 << 14 {
                return Err(HopperConfigError::DescriptorOffset {
                    flag,
                    name,
                    bytes: v,
                    swizzle,
                    major,
                });
            }
        }
        if !rows.is_multiple_of(mn) || !bk.is_multiple_of(ik) {
            return Err(HopperConfigError::NotWholeOperands { flag, rows, bk, mn });
        }
        let k_offsets: Vec<u64> = (0..bk / ik).map(|j| at(0, ik * j) as u64).collect();
        let row_offsets: Vec<u64> = (0..rows / mn).map(|c| at(mn * c, 0) as u64).collect();
        for (c, row_off) in row_offsets.iter().enumerate() {
            for (j, k_off) in k_offsets.iter().enumerate() {
                let start = at(mn * c, ik * j);
                if start != (row_off + k_off) as i64 || start % 16 != 0 {
                    return Err(HopperConfigError::SliceStart {
                        flag,
                        wgmma: c,
                        slice: j,
                        start,
                        row_offset: *row_off,
                        k_offset: *k_off,
                    });
                }
                for r in 0..mn {
                    for k in 0..ik {
                        let want = start
                            + gmma_read_offset(major, swizzle, (lbo, sbo), (r as i64, k as i64), b);
                        let got = at(mn * c + r, ik * j + k);
                        if got != want {
                            return Err(HopperConfigError::NotCanonical {
                                flag,
                                swizzle,
                                major,
                                lbo,
                                sbo,
                                row: mn * c + r,
                                k: ik * j + k,
                                want,
                                got,
                            });
                        }
                    }
                }
            }
        }
        Ok(GmmaDesc {
            mode: swizzle.mode_field(),
            swizzle,
            major,
            lbo: lbo as u64,
            sbo: sbo as u64,
            k_offsets,
            row_offsets,
        })
    }
}

/// The predicted bank conflicts of wgmma's reads of a stage of `b`-byte elements: one core
/// matrix (8 lines of 16 bytes: 8 rows at one k-chunk when K-major, 8 k at one chunk of rows
/// when MN-major) per phase, through the bank analysis of the stage layout. 1: conflict-free.
pub fn predicted_core_matrix_conflicts(
    s: &SmemLayout,
    major: Major,
    rows: usize,
    b: i64,
) -> Option<usize> {
    let rows = rows as i64;
    let (lane, value) = match major {
        Major::K => (1, rows),
        Major::MN => (rows, 1),
    };
    let tv = Layout::new(
        IntTuple::tuple([IntTuple::int(8), IntTuple::int(16 / b)]),
        IntTuple::tuple([IntTuple::int(lane), IntTuple::int(value)]),
    )
    .ok()?;
    cute::analysis::bank::analyze(s, &tv, 8 * b as u32, 128)
        .ok()
        .map(|r| r.degree)
}
