//! What one block can hold: consumer warpgroups and the registers each gets, the widest wgmma N
//! whose accumulators fit them, the cluster's size, and the deepest pipeline whose stages fit
//! in shared memory beside C's staging.

use crate::config::MAX_SMEM_BYTES;

use super::HopperConfigError;

/// Consumer warpgroups by default (each computes 64 rows of the tile).
pub const DEFAULT_CONSUMERS: usize = 2;

/// The most consumer warpgroups: with the producer, 4 warpgroups of 128 threads, the most
/// a block can hold at one block per SM with a useful register share each.
pub const MAX_CONSUMERS: usize = 3;

/// The largest thread-block cluster (CUDA's portable limit).
pub const MAX_CLUSTER: usize = 8;

/// Registers per thread of the producer and of each consumer warpgroup after `setmaxnreg`: the
/// 64K-register file shared by 128-thread warpgroups (512 registers a lane across them),
/// in multiples of 8, at most 232 for a consumer (CUTLASS's choice for 2 consumers).
pub fn register_split(consumers: usize) -> (usize, usize) {
    // three consumers: 32 + 3 × 160 = 512, the whole file (24 left the block-scaled
    // producer, whose scale warp copies the scales, 4 bytes short)
    let producer = if consumers >= 3 { 32 } else { 40 };
    let consumer = ((512 - producer) / consumers.max(1)) / 8 * 8;
    (producer, consumer.min(232))
}

/// Registers a consumer thread needs besides its accumulators (addresses, descriptors,
/// loop state, the epilogue), as measured with ptxas: a 64xN accumulator takes N/2.
pub const CONSUMER_OVERHEAD_REGS: usize = 32;

/// The registers a thread may use as ptxas compiles the kernel: the `__launch_bounds__(T, 1)`
/// cap, 65536 / T in multiples of 8, at most 255. ptxas reports this count, but allocates the
/// code after a `setmaxnreg.inc` within that instruction's count (the consumers'
/// [`register_split`]): a consumer with three 64×128 sets (192 registers) compiles with no
/// spills under the 168 of two consumers, and spills 788 bytes without the `setmaxnreg`
/// (NVRTC 13.0, session 23).
pub fn compile_register_cap(consumers: usize) -> usize {
    (65536 / (128 * (1 + consumers)) / 8 * 8).min(255)
}

/// The widest wgmma N whose accumulators fit a consumer thread with `consumers` warpgroups.
pub fn widest_n(consumers: usize) -> usize {
    widest_n_with(consumers, 1)
}

/// The sets of 64xN fp32 accumulators a consumer holds: 1, or 2 where fp8 sums are promoted
/// (each k-tile's sums in the second, then added to the first).
pub fn accumulator_sets(promote: bool) -> usize {
    if promote { 2 } else { 1 }
}

/// fp8 promotion overlapped with the next k-tile's wgmmas: each k-tile's sums go to one of two
/// sets in turn, the next k-tile's wgmmas are issued before the previous set is waited for
/// (`wgmma.wait_group 1`) and added to the fp32 sums: three 64×N sets, which must fit the
/// consumer's registers after `setmaxnreg` beside [`CONSUMER_OVERHEAD_REGS`].
/// With two consumers the producer gives up all but 24 registers so that each consumer gets
/// 240 ([`register_split_with`]): the block-scaled kernel's three sets and its scales spill 28
/// bytes under 232 and none under 240.
pub fn overlaps_promotion(promote: bool, n: usize, consumers: usize) -> bool {
    promote && 3 * (n / 2) + CONSUMER_OVERHEAD_REGS <= register_split_with(consumers, true).1
}

/// Whether a kernel overlaps its promotion: [`overlaps_promotion`], except block-scaled
/// kernels in a cluster, which keep the loop that waits for each k-tile (the stage's release to
/// every CTA of the cluster takes the registers: 4 bytes spilled under 240).
pub fn promotion_overlapped(
    promote: bool,
    n: usize,
    consumers: usize,
    (block_scaled, cluster_ctas): (bool, usize),
) -> bool {
    overlaps_promotion(promote, n, consumers) && !(block_scaled && cluster_ctas > 1)
}

/// [`register_split`], or where the promotion is overlapped ([`overlaps_promotion`]) with one
/// or two consumers: 24 registers for the producer (one thread issuing TMA loads, with block
/// scales a warp copying them) and 240 for each of two consumers (the 512 a lane across the
/// warpgroups, 24 + 2 × 240 = 504), 256 for one (setmaxnreg's most: its overlapped
/// block-scaled kernel with split-K spilled 4 bytes under 248 and uses 255; per tensor, 232
/// spilled 4 bytes once the next unit's first k-tile runs during the epilogue).
pub fn register_split_with(consumers: usize, overlap: bool) -> (usize, usize) {
    match (overlap, consumers) {
        (true, 1) => (24, 256),
        (true, 2) => (24, 240),
        _ => register_split(consumers),
    }
}

/// The widest wgmma N whose `sets` accumulators fit a consumer thread with `consumers`
/// warpgroups.
pub fn widest_n_with(consumers: usize, sets: usize) -> usize {
    ((compile_register_cap(consumers) - CONSUMER_OVERHEAD_REGS) * 2 / sets.max(1) / 8 * 8).min(256)
}

/// The widest wgmma N whose `sets` accumulators fit a consumer thread after `setmaxnreg`
/// ([`register_split`]: ptxas allocates the code after a `setmaxnreg.inc` within that count,
/// [`compile_register_cap`]), beside [`CONSUMER_OVERHEAD_REGS`]: what `--mma` may ask for.
/// Two consumers: 232 registers, N up to 200 with two sets; three: 160, N up to 128. One set
/// (16-bit, fast accumulation) keeps ptxas's launch-bounds cap ([`widest_n`]): its kernels
/// were measured under it.
pub fn widest_n_allocatable(consumers: usize, sets: usize) -> usize {
    if sets <= 1 {
        return widest_n(consumers);
    }
    let (_, consumer) = register_split(consumers);
    ((consumer - CONSUMER_OVERHEAD_REGS) * 2 / sets.max(1) / 8 * 8).min(256)
}

/// `--consumers`, 1 to [`MAX_CONSUMERS`] (default [`DEFAULT_CONSUMERS`]).
pub(super) fn check_consumers(c: Option<usize>) -> Result<usize, HopperConfigError> {
    let consumers = c.unwrap_or(DEFAULT_CONSUMERS);
    if consumers == 0 || consumers > MAX_CONSUMERS {
        return Err(HopperConfigError::Consumers(consumers));
    }
    Ok(consumers)
}

/// The deepest pipeline `--stages` takes by default.
pub const DEFAULT_STAGES: usize = 4;

/// The deepest pipeline, at most `cap` stages and at least 2, whose stages of a `(BM, BN, BK)`
/// tile fit in shared memory beside C's staging at its narrowest (64 columns, with the TMA
/// store), the barriers and the alignment.
pub fn deepest_stages(
    (bm, bn, bk): (usize, usize, usize),
    consumers: usize,
    (tma_store, block_scaled): (bool, bool),
    cap: usize,
) -> usize {
    let fixed = c_staging_bytes(tma_store, consumers, 64) + 1024;
    let per_stage = (bm + bn)
        .saturating_mul(bk)
        .saturating_mul(2)
        .saturating_add(16)
        .saturating_add(stage_scale_bytes(bm, block_scaled));
    let mut stages = cap.max(2);
    while stages > 2 && fixed.saturating_add(stages.saturating_mul(per_stage)) > MAX_SMEM_BYTES {
        stages -= 1;
    }
    stages
}

/// `--scale block`: the one tile width that is no divisor of 128 and still takes block scales,
/// 192. A tile at n0 = 192 t spans two of B's 128-row scale blocks, n0 / 128 and the next,
/// split at column 128 − n0 mod 128 (128 or 64): each k-tile's stage carries both SFB values
/// and the promotion scales the columns on either side of the split by their own (the kernel
/// with one set of k-tile sums only: three 64×192 sets do not fit).
pub const WIDE_BLOCK_SCALED_BN: usize = 192;

/// `--scale block`: the scales of a stage of a `BM`-row tile, beside its operands (after the
/// barriers): SFB(n0 / 128, kt) (and SFB(n0 / 128 + 1, kt) for [`WIDE_BLOCK_SCALED_BN`]),
/// padding to 16 bytes, then SFA(m0 + r, kt) for the BM rows,
/// fp32, written by the producer's scale warp, read by the consumers with the stage's operands.
pub fn stage_scale_bytes(bm: usize, block_scaled: bool) -> usize {
    if block_scaled { 16 + 4 * bm } else { 0 }
}

/// Shared memory for C's staging (TMA store): 64 rows × `cols` of each consumer, 16-bit elements.
pub(super) fn c_staging_bytes(tma_store: bool, consumers: usize, cols: usize) -> usize {
    if tma_store {
        consumers * 64 * cols * 2
    } else {
        0
    }
}
