//! wgmma's shared-memory descriptors: the layout types ([`GmmaSwizzle`]), the descriptor derived
//! from a stage layout and checked as CuTe's make_gmma_desc checks it ([`GmmaDesc::derive`]), and
//! the predicted bank conflicts of wgmma's reads.

use crate::flags::Major;
use cute::algebra::smem_atoms::Major as GmmaMajor;
use cute::algebra::tiler::{Tiler, TilerModes};
use cute::algebra::{IntTuple, Layout, Swizzle};
use cute::analysis::bank::SmemLayout;
use cute::atoms::gmma_desc::{gmma_layout_type, make_gmma_desc};

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

    /// B of its `Swizzle<B,4,3>` in bytes (0 for INTER).
    pub fn bits(self) -> i64 {
        match self {
            GmmaSwizzle::Inter => 0,
            GmmaSwizzle::B32 => 1,
            GmmaSwizzle::B64 => 2,
            GmmaSwizzle::B128 => 3,
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
        let bytes = sw.filter(|s| s.bits > 0).map(|s| Swizzle {
            base: s.base + elem.trailing_zeros() as i64,
            ..s
        });
        match gmma_layout_type(bytes) {
            Ok(0) => Ok(GmmaSwizzle::Inter),
            Ok(1) => Ok(GmmaSwizzle::B32),
            Ok(2) => Ok(GmmaSwizzle::B64),
            Ok(_) => Ok(GmmaSwizzle::B128),
            Err(_) => {
                let s = bytes.unwrap_or(Swizzle {
                    bits: 0,
                    base: 4,
                    shift: 3,
                });
                Err(HopperConfigError::NotAGmmaSwizzle {
                    flag,
                    bits: s.bits,
                    base: s.base,
                    shift: s.shift,
                })
            }
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
    /// K each (16 16-bit elements, 32 fp8 ones):
    ///
    /// - the layout type is `Sw` in bytes (`Sw<3,4,3>` SW128, `Sw<2,4,3>` SW64, `Sw<1,4,3>` SW32,
    ///   none INTER);
    /// - each wgmma's operand tile (`L` divided by (mn, 32 bytes of K)) must be what CuTe's
    ///   `make_gmma_desc` accepts, and LBO and SBO are what it reads off the tile
    ///   (cute's `atoms::gmma_desc`, the one port of it); a stride the instruction never uses (its
    ///   mode has one element) is encoded as 16 bytes;
    /// - every wgmma's slice must start at its rows' offset plus its k's (`b L(64 c, 0)` +
    ///   `b L(0, K j)`), 16-byte aligned: the stage base is 1024-byte aligned (base-offset field
    ///   0) and the hardware applies the swizzle to the address it computes, as the layout applies
    ///   `Sw` after `L`.
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
        // one instruction's K (32 bytes), in elements
        let ik = 32 / b as usize;
        if !rows.is_multiple_of(mn) || !bk.is_multiple_of(ik) {
            return Err(HopperConfigError::NotWholeOperands { flag, rows, bk, mn });
        }
        let not_canonical = |why: String| HopperConfigError::NotCanonical {
            flag,
            swizzle,
            major,
            mn,
            k: ik,
            why,
        };
        let tile = operand_tile(l, mn, ik).map_err(not_canonical)?;
        let gmma_major = match major {
            Major::K => GmmaMajor::K,
            Major::MN => GmmaMajor::MN,
        };
        let sw_bytes = (swizzle != GmmaSwizzle::Inter).then(|| Swizzle {
            bits: swizzle.bits(),
            base: 4,
            shift: 3,
        });
        let canonical =
            make_gmma_desc(gmma_major, sw_bytes, &tile, 8 * b).map_err(not_canonical)?;
        let bytes = |units: Option<i64>| units.map_or(16, |u| 16 * u);
        let (lbo, sbo) = (bytes(canonical.lbo), bytes(canonical.sbo));
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

/// One wgmma's operand tile of a stage layout: `logical_divide(L, (mn, k))`'s first
/// element of each mode, `(L0 / mn)<0>, (L1 / k)<0>` (what CuTe's `partition_A/B` gives each
/// instruction: `tensor<0>` of the partition).
fn operand_tile(l: &Layout, mn: usize, k: usize) -> Result<Layout, String> {
    let tiler = Tiler::Tuple(TilerModes::Owned(vec![
        Tiler::Int(mn as i64),
        Tiler::Int(k as i64),
    ]));
    let divided = cute::algebra::divide::logical_divide(l, &tiler).map_err(|e| e.to_string())?;
    let first = |i: usize| {
        divided
            .mode(i)
            .and_then(|m| m.mode(0))
            .map_err(|e| e.to_string())
    };
    Ok(cute::algebra::layout::make_layout_from_modes(vec![
        first(0)?,
        first(1)?,
    ]))
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
