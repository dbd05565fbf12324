//! `cute gemm --tune` (issue 20): the Hopper configurations worth trying for one shape — each
//! tile candidate of [`choose`], each with the K splits that keep its work within one wave of
//! the SMs, and the other grouped raster for the heuristic's own choice — measured one after the
//! other on the same buffers like a sweep, with the best reported beside the heuristic's choice.
//! Bounded: at most [`MAX_CANDIDATES`] configurations, and an estimate of the time is printed
//! before anything runs.

use super::flags::GemmFlags;
use super::hopper::choose::{
    self, DEFAULT_RASTER, Given, LARGE_OUTPUT_RASTER, MIN_KTILES_PER_SPLIT, output_tiles,
};
use super::hopper::config::{MAX_SPLIT_K, sm90_mma};
use super::run::{Measurement, Timing};
use super::variant::Variant;

/// The most configurations one `--tune` tries.
pub const MAX_CANDIDATES: usize = 16;

/// The splits tried: powers of two up to [`MAX_SPLIT_K`].
const SPLITS: [usize; 5] = [1, 2, 4, 8, 16];

/// The rounds a candidate is timed in (fewer than a single measurement's default: the tune is
/// a ranking, and its best can be measured again on its own).
pub const TUNE_ROUNDS: usize = 3;

/// What a tuned configuration is: its flags and the words for its row.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The flags it is built from.
    pub flags: GemmFlags,
    /// Why it is tried, e.g. `64x128, split-K 4`.
    pub label: String,
}

/// The knobs that tell two candidates apart.
type Key = (
    Option<usize>,
    Option<String>,
    Option<usize>,
    bool,
    String,
    Option<usize>,
);

fn key(f: &GemmFlags) -> Key {
    (
        f.consumers,
        f.mma.clone(),
        f.split_k,
        f.tma_store,
        f.raster.clone(),
        f.stages,
    )
}

/// A candidate's tile and split, e.g. `64x128, split-K 4`.
fn label(f: &GemmFlags) -> String {
    let bm = 64
        * f.consumers
            .unwrap_or(super::hopper::config::DEFAULT_CONSUMERS);
    let bn = f
        .mma
        .as_deref()
        .and_then(|m| super::hopper::config::parse_atom(m).ok())
        .map_or(0, |a| a.n);
    match f.split_k {
        Some(s) if s > 1 => format!("{bm}x{bn}, split-K {s}"),
        _ => format!("{bm}x{bn}"),
    }
}

/// The candidates for `f`'s shape on `sms` SMs: the heuristic's choice first, then the same with
/// the flag's default pipeline depth and with the other grouped raster (unless `--raster` was
/// given), then every tile candidate (those `--consumers` allows, the tall one of split-K
/// included) with each split that keeps `tiles × S` within one wave and gives every split
/// [`MIN_KTILES_PER_SPLIT`] k-tiles (a `--split-k` given fixes it); at most [`MAX_CANDIDATES`].
pub fn candidates(f: &GemmFlags, given: Given, sms: usize) -> Vec<Candidate> {
    let chosen = choose::choose(f, given, sms);
    let mut out = vec![Candidate {
        label: format!("chosen: {}", label(&chosen.flags)),
        flags: chosen.flags.clone(),
    }];
    // the chosen tile with the flag's default pipeline (at most 4 stages), against the
    // heuristic's deeper one (not for the wide fp8 tile: 4 stages stage C 128 columns at a
    // time, and its kernel spills 72 bytes)
    let wide_fp8 = choose::is_fp8(f)
        && chosen.flags.consumers == Some(choose::WIDE_FP8_TILE.0)
        && chosen
            .flags
            .mma
            .as_deref()
            .is_some_and(|m| m.contains("x192x"));
    if !wide_fp8 {
        let mut g = chosen.flags.clone();
        g.stages = None;
        out.push(Candidate {
            label: "chosen, the default pipeline depth".into(),
            flags: g,
        });
    }
    if !given.raster {
        let mut g = chosen.flags.clone();
        g.raster = if g.raster == LARGE_OUTPUT_RASTER {
            DEFAULT_RASTER.into()
        } else {
            LARGE_OUTPUT_RASTER.into()
        };
        out.push(Candidate {
            label: format!("chosen, raster {}", g.raster),
            flags: g,
        });
    }
    let ktiles = super::hopper::config::k_tiles(f.k, super::hopper::config::bk_of_flags(f));
    let knobs_free = f.cluster.is_none() && !f.persistent && !f.tma_store;
    let wide: &[(usize, usize)] = if choose::is_fp8(f) {
        &[choose::WIDE_FP8_TILE]
    } else {
        &[]
    };
    let tiles: Vec<(usize, usize)> = wide
        .iter()
        .chain(choose::tile_candidates(f))
        .chain([&choose::TALL_TILE])
        .copied()
        .filter(|(c, _)| f.consumers.is_none_or(|given| given == *c))
        .collect();
    for (consumers, n) in tiles {
        let t = output_tiles(f.m, f.n, 64 * consumers, n);
        for s in SPLITS {
            if f.split_k.is_some_and(|given| given != s) {
                continue;
            }
            let fits = s == 1
                || (s <= MAX_SPLIT_K
                    && s <= ktiles / MIN_KTILES_PER_SPLIT
                    && t * s as u128 <= sms as u128);
            if !fits {
                continue;
            }
            let mut g = chosen.flags.clone();
            g.consumers = Some(consumers);
            g.mma = Some(sm90_mma(&f.dtype, f.b_dtype.as_deref(), n, f.majors));
            g.split_k = (s > 1).then_some(s);
            if knobs_free {
                g.persistent = true;
                g.tma_store = s == 1 && f.n.is_multiple_of(8);
            }
            g.stages = Some(choose::candidate_stages(
                (consumers, n),
                g.tma_store,
                g.scale.as_deref() == Some("block"),
            ));
            out.push(Candidate {
                label: label(&g),
                flags: g,
            });
        }
    }
    let mut seen = Vec::new();
    out.retain(|c| {
        let k = key(&c.flags);
        let new = !seen.contains(&k);
        seen.push(k);
        new
    });
    out.truncate(MAX_CANDIDATES);
    out
}

/// The candidates as kernel configurations, with a note for each left out (a tile or split
/// this shape refuses, with the reason).
pub fn variants(cands: &[Candidate]) -> (Vec<Variant>, Vec<String>) {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    for c in cands {
        match Variant::from_flags(&c.flags) {
            Ok(v) => out.push(v),
            Err(e) => notes.push(format!("tune candidate {} left out: {e}", c.label)),
        }
    }
    (out, notes)
}

/// Seconds NVRTC takes for one Hopper kernel, about (measured: 26 kernels in ~8 s).
const COMPILE_S: f64 = 0.5;

/// A GEMM's time on the GPU, roughly, for the estimate: the larger of its tensor-core time at
/// 500 TFLOP/s and its memory time at 2.5 TB/s.
fn rough_ms(m: usize, n: usize, k: usize) -> f64 {
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    let bytes = 2.0 * (m as f64 * k as f64 + n as f64 * k as f64 + m as f64 * n as f64);
    (flops / 500e12).max(bytes / 2.5e12) * 1e3
}

/// The estimate printed before tuning: seconds for `count` candidates of an M×N×K problem
/// timed as `timing` says (every timed run of the kernel and of cuBLAS, three warm-up runs of
/// each per round, compiling, and the fp64 check of a sample of C: about 1,300 points of K
/// products).
pub fn estimate_s(count: usize, (m, n, k): (usize, usize, usize), timing: Timing) -> f64 {
    let runs = (timing.rounds * (timing.reps + 3) * 2 + 2) as f64;
    let check_s = 1300.0 * k as f64 * 2e-9;
    count as f64 * (COMPILE_S + runs * rough_ms(m, n, k) * 1e-3 + check_s)
}

/// The summary after tuning: the fastest verified configuration, and where the heuristic's
/// choice (the first measurement) stands.
pub fn summary(rows: &[Measurement]) -> String {
    let best = rows
        .iter()
        .filter(|r| r.verified())
        .max_by(|a, b| a.tflops().total_cmp(&b.tflops()));
    let Some(best) = best else {
        return "tuned: no candidate verified".into();
    };
    let mut line = format!(
        "tuned: best {} at {:.1} TFLOP/s, {:.1}% of {}",
        best.config,
        best.tflops(),
        100.0 * best.ratio(),
        best.config.baseline()
    );
    if let Some(first) = rows.first() {
        if std::ptr::eq(first, best) {
            line.push_str("; it is the heuristic's choice");
        } else {
            line.push_str(&format!(
                "; the heuristic's choice ({}) {:.1} TFLOP/s, {:.1}% of {}",
                first.config,
                first.tflops(),
                100.0 * first.ratio(),
                first.config.baseline()
            ));
        }
    }
    line
}

/// The summary as the `gemm_tune_summary` JSON record (`docs/json.md`).
pub fn summary_record(rows: &[Measurement]) -> serde_json::Value {
    serde_json::json!({"kind": "gemm_tune_summary", "summary": summary(rows)})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hopper::choose::COMPILE_ONLY_SMS;

    fn shape(m: usize, n: usize, k: usize) -> GemmFlags {
        GemmFlags {
            m,
            n,
            k,
            ..GemmFlags::new(crate::flags::read_flag)
        }
    }

    #[test]
    fn a_decode_shape_tries_every_tile_with_its_splits_and_all_build() {
        let c = candidates(&shape(1, 4096, 4096), Given::default(), COMPILE_ONLY_SMS);
        assert!(c.len() <= MAX_CANDIDATES);
        let labels: Vec<&str> = c.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels[0], "chosen: 64x256, split-K 8", "{labels:?}");
        assert!(labels.contains(&"64x64, split-K 2"), "{labels:?}");
        assert!(labels.contains(&"64x128, split-K 4"), "{labels:?}");
        assert!(labels.contains(&"128x256, split-K 4"), "{labels:?}");
        let (v, notes) = variants(&c);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(v.len(), c.len());
        // no two alike
        for (i, a) in c.iter().enumerate() {
            for b in &c[i + 1..] {
                assert_ne!(key(&a.flags), key(&b.flags), "{} / {}", a.label, b.label);
            }
        }
    }

    #[test]
    fn a_large_square_splits_nothing_and_tries_the_other_raster() {
        let c = candidates(
            &shape(16384, 16384, 16384),
            Given::default(),
            COMPILE_ONLY_SMS,
        );
        assert!(c.iter().all(|c| c.flags.split_k.is_none()));
        assert!(c.iter().any(|c| c.flags.raster == DEFAULT_RASTER));
        assert!(c.iter().any(|c| c.flags.raster == LARGE_OUTPUT_RASTER));
    }

    #[test]
    fn given_flags_fix_the_candidates() {
        let mut f = shape(1, 4096, 4096);
        f.split_k = Some(2);
        f.consumers = Some(1);
        let c = candidates(&f, Given { raster: true }, COMPILE_ONLY_SMS);
        assert!(c.iter().all(|c| c.flags.split_k == Some(2)), "{c:?}");
        assert!(c.iter().all(|c| c.flags.consumers == Some(1)));
    }

    #[test]
    fn the_estimate_grows_with_the_work() {
        let t = Timing {
            reps: 20,
            rounds: TUNE_ROUNDS,
            flush_l2: false,
        };
        let small = estimate_s(4, (1, 4096, 4096), t);
        let large = estimate_s(4, (16384, 16384, 16384), t);
        assert!(small > 0.0 && small < 10.0, "{small}");
        assert!(large > small * 5.0, "{large}");
    }
}
