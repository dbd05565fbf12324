//! A Hopper configuration chosen per problem shape (issue 20): for a bare
//! `cute gemm --m … --n … --k …` on the Hopper path, the wgmma N (the tile's BN), the consumer
//! warpgroups (BM = 64 × consumers), the raster, the persistent grid and the TMA store, from the
//! shape and the GPU's SM count. Explicit flags always win: the heuristic fills only what the
//! command line left open.
//!
//! The rules, each from a measurement in BENCHMARKS.md (Hopper path) or issue 20's table:
//!
//! 1. **Tile.** The candidates, largest first, are 128×256 (2 consumers, the measured best at
//!    8192³), 64×256, 64×128 and 64×64 (1 consumer). The first whose output tiles fill at least
//!    7/8 of the SMs is taken: a tile per SM matters more than a tile's own efficiency once the
//!    grid is short of one wave (128×8192×8192: 64×128 tiles, 346 TFLOP/s against 206 with the
//!    default's 32 tiles; 512×4096×14336: 64×256 tiles, 666 against 430). Then the last wave:
//!    a shorter candidate (the same N) of at least one full wave replaces it where whole waves × tile area
//!    / the CTA's rate ([`wave_cost`]) is at least 4% less (512×28672×4096: 128×256 tiles are
//!    448 = 3.4 waves, 64×256 are 896 = 6.8; 714.6 against 680.9 TFLOP/s on an H100).
//!    For promoted fp8 (per tensor or block-scaled), [`WIDE_FP8_TILE`] (128×192) replaces 128×128 where its
//!    waves cost at most [`WIDE_FP8_ALLOWANCE`] more (8192³: 21 waves of 2752 tiles against 32
//!    of 4096; 101.9% of cuBLASLt against 96.8–97.7%).
//! 2. **Split-K.** When no tile fills 7/8 of the SMs (1×4096×4096 has 64 tiles of 64×64 at
//!    most), or M or N is 64 or less (one row or column of tiles: every byte of the operands is
//!    read once whatever the tile, and the shape is bound by memory), each candidate's K loop is split over S CTAs, S the most that
//!    keeps the work units (tiles × S) within one wave of the SMs and gives every split at least
//!    [`MIN_KTILES_PER_SPLIT`] k-tiles (the pipeline fills); the candidate with the most work
//!    units is taken; among equals, the one with the most rows of A and B inside the matrices
//!    in flight (stages × (min(BM, M) + min(BN, N))): such shapes are bound by memory
//!    (1×4096×4096 on an H100: 64×256 split 8, 128.5% of cuBLAS; 128×256 split 8, 112.7%;
//!    64×128 split 4, 104.1%; 64×64 split 2, 92.4%), then the smaller tile. The tallest tile,
//!    192×64 ([`TALL_TILE`]), is a candidate here: it is to one column what 64×256 is to one row.
//! 3. **Pipeline depth.** The deepest up to [`DEEP_STAGES`] that fits in shared memory (the
//!    flag's default stops at 4): the small tiles of skinny shapes fit 8, and more loads in
//!    flight is what those shapes need (H100, 64×64 tiles, 4 → 8 stages: 128×4096×14336 217.6 →
//!    286.6 TFLOP/s, 16×8192×8192 32.0 → 36.6, 1×4096×4096 split 2 1.25 → 1.58); a
//!    block-scaled tile of two or more consumers takes 4 ([`BLOCK_SCALED_STAGES`], measured).
//! 4. **Persistent grid and TMA store.** Both on, as the measured best default at 8192³ (and on
//!    the 128-row shape); the TMA store only where N is a multiple of 8 (TMA's 16-byte row
//!    pitch) and not with split-K (its partials are fp32). A `--cluster`, `--persistent` or `--tma-store` on the command line leaves these
//!    three as given.
//! 5. **Raster.** `grouped:8` (the flag's default), but `grouped:4` once M × N reaches 16384²
//!    (16384³: 806 against 719 TFLOP/s).
//! 6. **Cluster.** None: the 2-CTA cluster's measured gain at 8192³ is within a percent, and
//!    the default there stays what it was measured as.

use crate::flags::GemmFlags;

use super::config::{
    BK, DEFAULT_CONSUMERS, MAX_CONSUMERS, MAX_SPLIT_K, bk_of_flags, deepest_stages, k_tiles,
    sm90_mma, widest_n_with,
};

/// The SM count assumed without a GPU (`--compile-only`): an H100 SXM or an H200 has 132.
pub const COMPILE_ONLY_SMS: usize = 132;

/// The raster a bare command line has (`--raster`'s default).
pub const DEFAULT_RASTER: &str = "grouped:8";

/// The raster chosen for the largest outputs.
pub const LARGE_OUTPUT_RASTER: &str = "grouped:4";

/// M × N from which [`LARGE_OUTPUT_RASTER`] is chosen: 16384².
pub const LARGE_OUTPUT_ELEMENTS: u128 = 16384 * 16384;

/// The tile candidates as (consumers, wgmma N), largest tile first.
pub const TILE_CANDIDATES: [(usize, usize); 4] = [(2, 256), (1, 256), (1, 128), (1, 64)];

/// The tile candidates for fp8 inputs, largest first: a consumer holds two sets of
/// accumulators (each k-tile's sums, then the fp32 sums they are added to), so 2 consumers take
/// N = 128 at most (64 + 64 registers of accumulators).
pub const TILE_CANDIDATES_FP8: [(usize, usize); 3] = [(2, 128), (1, 128), (1, 64)];

/// The wide fp8 tile, 128×192 (2 consumers, each with two 64×192 sets: the k-tile's sums and
/// the fp32 sums, 192 of the 232 registers `setmaxnreg` gives it; the promotion waits for each
/// k-tile, as three sets do not fit). Chosen, per tensor and block-scaled, over 128×128 (whose
/// promotion overlaps the next k-tile's wgmmas) where its waves cost at most
/// [`WIDE_FP8_ALLOWANCE`] more by [`wave_cost`] (the ragged 4095×4097×4096, where 128×192 was
/// slower block-scaled, 790.7 against 873.8 TFLOP/s, costs 12.5% more and keeps 128×128).
/// Block-scaled at 8192³ (H200, sessions 25 and 25b, alternating): 128×192 94.4–95.7% of
/// cuBLASLt's block-scaled against 128×128's 91.6–94.9%; 16384×8192×8192 94.2–94.5% against
/// 90.8–93.6%.
/// measured on the H200 (session 25, alternating with cuBLASLt, e4m3 per tensor): 8192³
/// 101.9% of cuBLASLt twice against 97.7% and 96.8% (21 waves of 2752 tiles against 32 of
/// 4096), 16384×8192×8192 99.2% against 95.9%, 16384³ 99.7% against 88.4%, e5m2 × e4m3
/// 8192³ 100.7% against 93.6%.
pub const WIDE_FP8_TILE: (usize, usize) = (2, 192);

/// How much more time by [`wave_cost`] [`WIDE_FP8_TILE`] may take than 128×128 and still be
/// chosen: its tile area runs faster (16384³: the same waves by the model, 15% more TFLOP/s
/// measured), but at 4096³ (6 waves of 704 tiles against 8 of 1024: 12.5% more by the model)
/// and 512×28672×4096 (7% more) 128×128 stays.
pub const WIDE_FP8_ALLOWANCE: f64 = 0.04;

/// Whether the flags' `--dtype` is fp8 with its sums promoted (not `--fast-accum`): two sets
/// of accumulators.
pub fn is_fp8(f: &GemmFlags) -> bool {
    crate::config::Dtype::parse(&f.dtype).is_ok_and(crate::config::Dtype::is_fp8) && !f.fast_accum
}

/// The tile candidates for the flags' type: [`TILE_CANDIDATES`], or [`TILE_CANDIDATES_FP8`]
/// where fp8 sums are promoted.
pub fn tile_candidates(f: &GemmFlags) -> &'static [(usize, usize)] {
    if is_fp8(f) {
        &TILE_CANDIDATES_FP8
    } else {
        &TILE_CANDIDATES
    }
}

/// The tallest tile, 192×64 (3 consumers), a candidate only for split-K: what the widest tile
/// (N = 256) is to a shape of one row, it is to a shape of one column (4096×1×4096: the rows of
/// A in flight are what count).
pub const TALL_TILE: (usize, usize) = (3, 64);

/// The deepest pipeline the heuristic takes (the flag's default is at most 4).
pub const DEEP_STAGES: usize = 8;

/// The pipeline of a block-scaled tile of two or more consumers: 4 stages. Measured on the
/// H200 (session 24, scales copied into the stages by the producer's scale warp), 8192³ e4m3
/// block-scaled, alternating in one call: 4 stages 92.9–94.1% of cuBLASLt in three rounds, 6
/// stages (the deepest that fits, C staged 64 columns at a time) 87.5–87.8%, 5 stages 90.7%,
/// 3 stages 70.6–73.0%; 16384×8192×8192 93.2% against 87.2%, 4096³ 102.6% against 93.7%. Per
/// tensor, 4 and 6 stages measured alike (94.1–94.5% and 95.1–95.4%): 6 kept there.
pub const BLOCK_SCALED_STAGES: usize = 4;

/// The stages of a tile candidate as the heuristic gives them: the deepest up to
/// [`DEEP_STAGES`] that fits in shared memory, at most [`BLOCK_SCALED_STAGES`] for a
/// block-scaled tile of two or more consumers.
pub fn candidate_stages(
    (consumers, n): (usize, usize),
    tma_store: bool,
    block_scaled: bool,
) -> usize {
    // the wide fp8 tile takes the deepest that fits (5, C staged 64 columns at a time): with
    // 4 stages and 128-column staging its block-scaled kernel spills 84 bytes
    let cap = if block_scaled && consumers >= 2 && (consumers, n) != WIDE_FP8_TILE {
        BLOCK_SCALED_STAGES
    } else {
        DEEP_STAGES
    };
    // a k-tile is 128 bytes of K whatever the type: BK 16-bit elements' worth
    deepest_stages(
        (64 * consumers, n, BK),
        consumers,
        (tma_store, block_scaled),
        cap,
    )
}

/// The rows of A and B inside the matrices that one pipeline holds, stages × (min(BM, M) +
/// min(BN, N)): where a shape is bound by memory, the loads in flight.
pub fn rows_in_flight(f: &GemmFlags, (consumers, n): (usize, usize)) -> usize {
    let useful = (64 * consumers).min(f.m) + n.min(f.n);
    useful * candidate_stages((consumers, n), false, false)
}

/// The fewest k-tiles (of 64) a split is given: its pipeline (up to 4 stages) fills twice over,
/// and its K loop outweighs writing and summing a partial tile (512³ is not split).
pub const MIN_KTILES_PER_SPLIT: usize = 8;

/// The splits of a tile count's K loop for `sms` SMs and `ktiles` k-tiles: the most that keeps
/// `tiles × S` within one wave and every split [`MIN_KTILES_PER_SPLIT`] k-tiles long, at least 1.
pub fn split_for(tiles: u128, ktiles: usize, sms: usize) -> usize {
    let by_sms = (sms as u128 / tiles.max(1)).min(MAX_SPLIT_K as u128) as usize;
    by_sms.min(ktiles / MIN_KTILES_PER_SPLIT).max(1)
}

/// What the command line fixed: the heuristic leaves these as given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// `--raster` was on the command line.
    pub raster: bool,
}

/// A configuration chosen for a shape: the flags to build it from and the reasons.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The flags with the heuristic's choices filled in.
    pub flags: GemmFlags,
    /// One line: "chosen for M×N×K: … because …".
    pub line: String,
}

/// Whether the heuristic applies: no `--mma`, `--tile` or `--stages`, no sweep (those choose
/// the configuration themselves).
pub fn applies(f: &GemmFlags) -> bool {
    f.mma.is_none() && f.tile.is_none() && f.stages.is_none()
}

/// Output tiles of an M×N problem in tiles of `bm × bn`.
pub fn output_tiles(m: usize, n: usize, bm: usize, bn: usize) -> u128 {
    (m.div_ceil(bm.max(1)) as u128) * (n.div_ceil(bn.max(1)) as u128)
}

/// The candidates allowed by the flags given: `--consumers` fixes the consumers (with the widest
/// N that fits them when no candidate has that many).
fn candidates(f: &GemmFlags) -> Vec<(usize, usize)> {
    match f.consumers {
        None => tile_candidates(f).to_vec(),
        Some(c) => {
            let fixed: Vec<(usize, usize)> = tile_candidates(f)
                .iter()
                .copied()
                .filter(|(cc, _)| *cc == c)
                .collect();
            if fixed.is_empty() {
                let sets = if is_fp8(f) { 2 } else { 1 };
                vec![(c, widest_n_with(c.clamp(1, MAX_CONSUMERS), sets))]
            } else {
                fixed
            }
        }
    }
}

/// The candidates of the split-K rule: [`candidates`] and [`TALL_TILE`] (when `--consumers`
/// allows it).
pub fn split_candidates(f: &GemmFlags) -> Vec<(usize, usize)> {
    let mut c = candidates(f);
    if f.consumers.is_none_or(|given| given == TALL_TILE.0) && !c.contains(&TALL_TILE) {
        c.push(TALL_TILE);
    }
    c
}

/// A CTA of one consumer warpgroup computes a tile's area at this fraction of the rate of one
/// of two (H100, 512×28672×4096: 64×256 tiles in 7 waves at 714.6 TFLOP/s against 128×256 in 4
/// at 680.9: 0.92).
pub const ONE_CONSUMER_RATE: f64 = 0.92;

/// The least saving of time, by [`wave_cost`], for which a smaller tile replaces the largest
/// that fills the GPU.
pub const WAVE_SAVING: f64 = 0.04;

/// The time of `tiles` tiles of a candidate on `sms` SMs in the wave model: whole waves (a
/// partly filled last wave costs a whole one) × the tile's area / its CTA's rate.
pub fn wave_cost((consumers, n): (usize, usize), tiles: u128, sms: usize) -> f64 {
    let waves = tiles.div_ceil(sms.max(1) as u128) as f64;
    let rate = if consumers >= 2 {
        1.0
    } else {
        ONE_CONSUMER_RATE
    };
    waves * (64 * consumers * n) as f64 / rate
}

/// A shorter candidate than `picked` (fewer consumers, the same N: the rate measured), of at
/// least one full wave, whose [`wave_cost`] is at least [`WAVE_SAVING`] lower, when there is one.
fn fuller_last_wave(
    cands: &[(usize, usize)],
    picked: (usize, usize),
    tiles_of: &dyn Fn((usize, usize)) -> u128,
    sms: usize,
) -> Option<(usize, usize)> {
    let base = wave_cost(picked, tiles_of(picked), sms);
    cands
        .iter()
        .copied()
        .skip_while(|c| *c != picked)
        .skip(1)
        .filter(|c| c.1 == picked.1 && tiles_of(*c) >= sms as u128)
        .map(|c| (c, wave_cost(c, tiles_of(c), sms)))
        .filter(|(_, cost)| *cost <= base * (1.0 - WAVE_SAVING))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c)
}

/// [`WIDE_FP8_TILE`] in place of `picked` where `picked` is fp8's 128×128 (the consumers not
/// fixed otherwise), the wide tile fills `fill` SMs, and its [`wave_cost`] is at most
/// [`WIDE_FP8_ALLOWANCE`] more.
fn wider_fp8(
    f: &GemmFlags,
    picked: (usize, usize),
    tiles_of: &dyn Fn((usize, usize)) -> u128,
    (sms, fill): (usize, u128),
) -> Option<(usize, usize)> {
    let wide = WIDE_FP8_TILE;
    let allowed = is_fp8(f)
        && picked == TILE_CANDIDATES_FP8[0]
        && f.consumers.is_none_or(|c| c == wide.0)
        && tiles_of(wide) >= fill;
    (allowed
        && wave_cost(wide, tiles_of(wide), sms)
            <= wave_cost(picked, tiles_of(picked), sms) * (1.0 + WIDE_FP8_ALLOWANCE))
        .then_some(wide)
}

/// Choose a Hopper configuration for `f`'s shape on a GPU of `sms` SMs; `given` says which
/// defaulted flags were on the command line. Flags already set are kept.
pub fn choose(f: &GemmFlags, given: Given, sms: usize) -> Choice {
    let sms = sms.max(1);
    let mut g = f.clone();
    let mut why = Vec::new();
    // 1. the tile: the largest that fills 7/8 of the SMs
    let fill = (sms as u128 * 7).div_ceil(8);
    let cands = candidates(f);
    let tiles_of = |(c, n): (usize, usize)| output_tiles(f.m, f.n, 64 * c, n);
    // a single row or column of tiles (M or N of 64 or less): every operand byte is read once
    // whatever the tile, the shape is bound by memory, and rule 2 chooses by loads in flight
    let one_line = f.m <= 64 || f.n <= 64;
    let picked = cands
        .iter()
        .copied()
        .find(|cand| !one_line && tiles_of(*cand) >= fill);
    let ktiles = k_tiles(f.k, bk_of_flags(f));
    let mut split = 1;
    let (consumers, n) = match picked {
        Some(cand) => {
            let (c, n) = cand;
            let first = cand == cands[0];
            why.push(format!(
                "{}x{n} tiles give {} output tiles for {sms} SMs{}",
                64 * c,
                tiles_of(cand),
                if first {
                    String::new()
                } else {
                    format!(" (larger tiles fill fewer than 7/8 of them, {fill})")
                }
            ));
            // 1b. the last wave: a smaller tile whose waves end fuller, where that saves time
            match fuller_last_wave(&cands, cand, &tiles_of, sms) {
                Some(better) => {
                    why.push(format!(
                        "but {}x{} tiles end their last wave fuller ({} tiles in {} waves against {} in {}), {:.0}% less time by the wave model",
                        64 * better.0,
                        better.1,
                        tiles_of(better),
                        tiles_of(better).div_ceil(sms as u128),
                        tiles_of(cand),
                        tiles_of(cand).div_ceil(sms as u128),
                        100.0 * (1.0 - wave_cost(better, tiles_of(better), sms) / wave_cost(cand, tiles_of(cand), sms))
                    ));
                    better
                }
                None => wider_fp8(f, cand, &tiles_of, (sms, fill)).map_or(cand, |wide| {
                    why.push(format!(
                        "but {}x{} tiles ({} in {} waves against {} in {}) cost at most {:.0}% more by the wave model, and their area runs faster (fp8, measured)",
                        64 * wide.0,
                        wide.1,
                        tiles_of(wide),
                        tiles_of(wide).div_ceil(sms as u128),
                        tiles_of(cand),
                        tiles_of(cand).div_ceil(sms as u128),
                        100.0 * WIDE_FP8_ALLOWANCE
                    ));
                    wide
                }),
            }
        }
        None if f.split_k.is_none() => {
            // 2. split-K: the most work units, then the most rows in flight, then the smaller
            // tile (less of it past M or N)
            // work units beyond one wave count as one wave
            let units = |c: (usize, usize)| {
                let t = tiles_of(c);
                (
                    (t * split_for(t, ktiles, sms) as u128).min(sms as u128),
                    split_for(t, ktiles, sms),
                )
            };
            let cand = split_candidates(f)
                .into_iter()
                .max_by_key(|c| {
                    (
                        units(*c).0,
                        rows_in_flight(f, *c),
                        std::cmp::Reverse(c.0 * c.1),
                    )
                })
                .unwrap_or((DEFAULT_CONSUMERS, 256));
            let (u, s) = units(cand);
            split = s;
            let tiles = tiles_of(cand);
            let (bm, bn) = (64 * cand.0, cand.1);
            let rows = rows_in_flight(f, cand);
            let line = if one_line { "one line of" } else { "only" };
            why.push(if s > 1 {
                format!(
                    "{bm}x{bn} tiles give {line} {tiles} output tiles for {sms} SMs: split-K {s} (K = {} in {s} parts of {} k-tiles or more) makes {u} work units, the most rows of A and B in flight ({rows})",
                    f.k,
                    ktiles / s
                )
            } else if tiles >= fill {
                format!(
                    "{bm}x{bn} tiles give one line of {tiles} output tiles for {sms} SMs, the most rows of A and B in flight ({rows})"
                )
            } else {
                format!(
                    "even {bm}x{bn} tiles give only {tiles} output tiles for {sms} SMs (K = {} is too short to split: the rest stay idle)",
                    f.k
                )
            });
            cand
        }
        None => {
            let cand = cands
                .iter()
                .copied()
                .max_by_key(|c| tiles_of(*c))
                .unwrap_or((DEFAULT_CONSUMERS, 256));
            why.push(format!(
                "{}x{} tiles give {} output tiles for {sms} SMs (the most of any tile), with --split-k as given",
                64 * cand.0,
                cand.1,
                tiles_of(cand)
            ));
            cand
        }
    };
    if split > 1 {
        g.split_k = Some(split);
    }
    let split = g.split_k.unwrap_or(1);
    g.consumers = Some(consumers);
    g.mma = Some(sm90_mma(&f.dtype, f.b_dtype.as_deref(), n, f.majors));
    // 4. persistent grid and TMA store
    if f.cluster.is_none() && !f.persistent && !f.tma_store {
        g.persistent = true;
        if split > 1 {
            why.push("a persistent grid (no TMA store: split-K writes fp32 partials)".into());
        } else if f.n.is_multiple_of(8) {
            g.tma_store = true;
            why.push("a persistent grid with the TMA store (the measured best at 8192³)".into());
        } else {
            why.push(format!(
                "a persistent grid, no TMA store (N = {} is not a multiple of 8)",
                f.n
            ));
        }
    }
    // 3. the pipeline depth for the tile and its C staging (after 4: the TMA store's staging
    // takes shared memory)
    g.stages = Some(candidate_stages(
        (consumers, n),
        g.tma_store,
        g.scale.as_deref() == Some("block"),
    ));
    // 5. the raster
    if !given.raster {
        let elements = f.m as u128 * f.n as u128;
        if elements >= LARGE_OUTPUT_ELEMENTS {
            g.raster = LARGE_OUTPUT_RASTER.into();
            why.push(format!(
                "raster {LARGE_OUTPUT_RASTER} for an output of 16384² or more (measured at 16384³)"
            ));
        } else {
            g.raster = DEFAULT_RASTER.into();
        }
    }
    let mut chosen = vec![format!(
        "tile {}x{n}: --consumers {consumers} --mma {} --stages {}",
        64 * consumers,
        sm90_mma(&f.dtype, f.b_dtype.as_deref(), n, f.majors),
        g.stages.unwrap_or_default()
    )];
    if g.persistent {
        chosen.push("--persistent".into());
    }
    if g.tma_store {
        chosen.push("--tma-store".into());
    }
    if split > 1 {
        chosen.push(format!("--split-k {split}"));
    }
    chosen.push(format!("--raster {}", g.raster));
    let types = match &f.b_dtype {
        Some(b) if *b != f.dtype => format!("{} x {b}", f.dtype),
        _ => f.dtype.clone(),
    };
    let what = if f.majors == crate::flags::Majors::ALL[0] {
        types
    } else {
        format!("{types}, {}", f.majors.blas())
    };
    let line = format!(
        "chosen for {}×{}×{} ({what}): {} because {}",
        f.m,
        f.n,
        f.k,
        chosen.join(" "),
        why.join("; ")
    );
    Choice { flags: g, line }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(m: usize, n: usize, k: usize) -> GemmFlags {
        GemmFlags {
            m,
            n,
            k,
            ..GemmFlags::new(crate::flags::read_flag)
        }
    }

    fn pick(f: &GemmFlags) -> (Option<usize>, Option<String>, bool, bool, String) {
        let c = choose(f, Given::default(), COMPILE_ONLY_SMS);
        (
            c.flags.consumers,
            c.flags.mma,
            c.flags.persistent,
            c.flags.tma_store,
            c.flags.raster,
        )
    }

    #[test]
    fn the_default_at_8192_cubed_stays_the_measured_best() {
        let (c, mma, p, t, r) = pick(&shape(8192, 8192, 8192));
        assert_eq!(c, Some(2));
        assert_eq!(mma.as_deref(), Some("SM90_64x256x16_F32BF16BF16_SS<K,K>"));
        assert!(p && t);
        assert_eq!(r, DEFAULT_RASTER);
    }

    #[test]
    fn skinny_shapes_take_the_tiles_measured_best() {
        let (c, mma, p, t, _) = pick(&shape(128, 8192, 8192));
        assert_eq!(c, Some(1));
        assert_eq!(mma.as_deref(), Some("SM90_64x128x16_F32BF16BF16_SS<K,K>"));
        assert!(p && t);
        let (c, mma, ..) = pick(&shape(512, 4096, 14336));
        assert_eq!(c, Some(1));
        assert_eq!(mma.as_deref(), Some("SM90_64x256x16_F32BF16BF16_SS<K,K>"));
        // one row of tiles: split-K and the most rows in flight
        let c = choose(&shape(16, 8192, 8192), Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(c.flags.consumers, Some(1));
        assert_eq!(
            c.flags.mma.as_deref(),
            Some("SM90_64x256x16_F32BF16BF16_SS<K,K>")
        );
        assert_eq!(c.flags.split_k, Some(4));
    }

    #[test]
    fn fp8_takes_the_wide_tile_where_its_waves_cost_little_more() {
        let fp8 = |m, n, k| GemmFlags {
            dtype: "e4m3".into(),
            ..shape(m, n, k)
        };
        for (m, n, k) in [
            (8192, 8192, 8192),
            (16384, 8192, 8192),
            (16384, 16384, 16384),
        ] {
            let c = choose(&fp8(m, n, k), Given::default(), COMPILE_ONLY_SMS);
            assert_eq!(c.flags.consumers, Some(2), "{}", c.line);
            assert_eq!(
                c.flags.mma.as_deref(),
                Some("SM90_64x192x32_F32E4M3E4M3_SS_TN"),
                "{}",
                c.line
            );
            assert!(c.line.contains("128x192 tiles"), "{}", c.line);
        }
        // 8192³: 2752 tiles in 21 waves against 4096 in 32
        let c = choose(&fp8(8192, 8192, 8192), Given::default(), COMPILE_ONLY_SMS);
        assert!(
            c.line.contains("(2752 in 21 waves against 4096 in 32)"),
            "{}",
            c.line
        );
        assert_eq!(c.flags.stages, Some(5));
        // the waves of 4096³ and 512×28672×4096 cost more than the allowance: 128×128 stays
        for (m, n, k) in [(4096, 4096, 4096), (512, 28672, 4096), (2048, 2048, 2048)] {
            let c = choose(&fp8(m, n, k), Given::default(), COMPILE_ONLY_SMS);
            assert_ne!(
                c.flags.mma.as_deref(),
                Some("SM90_64x192x32_F32E4M3E4M3_SS_TN"),
                "{}",
                c.line
            );
        }
        // block scales too: 128×192 at 8192³ (5 stages), 128×128 on the ragged 4095×4097×4096
        let mut f = fp8(8192, 8192, 8192);
        f.scale = Some("block".into());
        let c = choose(&f, Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(
            c.flags.mma.as_deref(),
            Some("SM90_64x192x32_F32E4M3E4M3_SS_TN")
        );
        assert_eq!(c.flags.stages, Some(5));
        let mut f = fp8(4095, 4097, 4096);
        f.scale = Some("block".into());
        let c = choose(&f, Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(
            c.flags.mma.as_deref(),
            Some("SM90_64x128x32_F32E4M3E4M3_SS_TN")
        );
        assert_eq!(candidate_stages(WIDE_FP8_TILE, true, true), 5);
        // --fast-accum keeps one set of accumulators: its own candidates
        let mut f = fp8(8192, 8192, 8192);
        f.fast_accum = true;
        let c = choose(&f, Given::default(), COMPILE_ONLY_SMS);
        assert_ne!(
            c.flags.mma.as_deref(),
            Some("SM90_64x192x32_F32E4M3E4M3_SS_TN")
        );
    }

    #[test]
    fn the_largest_outputs_take_the_narrower_group() {
        assert_eq!(pick(&shape(16384, 16384, 16384)).4, LARGE_OUTPUT_RASTER);
    }

    #[test]
    fn explicit_flags_win() {
        let mut f = shape(128, 8192, 8192);
        f.consumers = Some(2);
        f.raster = "plain".into();
        let c = choose(&f, Given { raster: true }, COMPILE_ONLY_SMS);
        assert_eq!(c.flags.consumers, Some(2));
        assert_eq!(c.flags.raster, "plain");
        let mut f = shape(8192, 8192, 8192);
        f.cluster = Some("2".into());
        let c = choose(&f, Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(c.flags.cluster.as_deref(), Some("2"));
        assert!(!c.flags.persistent && !c.flags.tma_store);
    }

    #[test]
    fn ragged_n_has_no_tma_store_and_the_line_says_why() {
        let c = choose(&shape(8191, 8193, 8200), Given::default(), COMPILE_ONLY_SMS);
        assert!(c.flags.persistent && !c.flags.tma_store);
        assert!(c.line.starts_with("chosen for 8191×8193×8200 (bf16): "));
        assert!(c.line.contains("not a multiple of 8"), "{}", c.line);
    }

    #[test]
    fn a_short_last_wave_takes_the_shorter_tile() {
        let c = choose(&shape(512, 28672, 4096), Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(c.flags.consumers, Some(1));
        assert!(
            c.line.contains("896 tiles in 7 waves against 448 in 4"),
            "{}",
            c.line
        );
        // 4095x4097: 5 waves against 9, within the model's margin: the larger tile stays
        let c = choose(&shape(4095, 4097, 4104), Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(c.flags.consumers, Some(2));
    }

    #[test]
    fn one_sm_and_a_one_by_one_output_choose_something() {
        // one SM: one output tile whatever the tile, the smallest taken
        let c = choose(&shape(1, 1, 8), Given::default(), 1);
        assert_eq!(c.flags.consumers, Some(1));
        assert!(
            c.line
                .contains("64x64 tiles give one line of 1 output tiles"),
            "{}",
            c.line
        );
        let c = choose(&shape(1, 1, 8), Given::default(), COMPILE_ONLY_SMS);
        assert_eq!(c.flags.consumers, Some(1));
        assert!(c.line.contains("even 64x64 tiles"), "{}", c.line);
    }
}
