//! `cute gemm --suite` (issue 20): a fixed list of problem shapes, each run (or, with
//! `--compile-only`, compiled) through the same command path as a single `cute gemm` with the
//! configuration [`crate::hopper::choose`] picks for it, and a summary of the ratios to
//! cuBLAS (geometric mean and worst).

use std::io::Write;

use super::device::{Gpu, GpuError};
use super::flags::{GemmFlags, Majors};
use super::hopper::choose::{self, Given};
use super::report::ReportFormat;
use super::run::{Measurement, Timing};
use super::variant::{Variant, VariantError};

/// Why the suite has no configurations: its conditions do not hold (a usage error, exit
/// status 2, as one of [`crate::command::GemmError`]'s).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SuiteError {
    /// The suite with `--sweep`.
    #[error(
        "--suite: the suite chooses one configuration per shape; --sweep tries several for one shape: give one of them"
    )]
    WithSweep,
    /// The suite with flags it chooses itself.
    #[error(
        "--suite: the suite chooses the tile, atom and pipeline per shape: leave out --mma, --tile and --stages"
    )]
    Chooses,
    /// A suite shape's chosen configuration is refused.
    #[error("--suite: {m}x{n}x{k} {dtype}: {source}")]
    Shape {
        /// M.
        m: usize,
        /// N.
        n: usize,
        /// K.
        k: usize,
        /// The element type.
        dtype: &'static str,
        /// Why.
        source: Box<VariantError>,
    },
}

/// One shape of the suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuiteShape {
    /// Rows of A and C.
    pub m: usize,
    /// Columns of C (rows of B).
    pub n: usize,
    /// The reduction.
    pub k: usize,
    /// Element type, `bf16`, `f16`, or fp8 (`e4m3`, `e5m2`: scaled per tensor, C in bf16,
    /// against cuBLASLt).
    pub dtype: &'static str,
    /// B's type where it differs from A's (fp8's mixed forms).
    pub b_dtype: Option<&'static str>,
    /// Which group of the list it belongs to.
    pub group: &'static str,
    /// The operands' majorness in global memory (TN, both K-major, but in the majorness rows).
    pub majors: Majors,
    /// fp8's `--scale` where it is not per tensor: `block`.
    pub scale: Option<&'static str>,
}

const fn shape(
    m: usize,
    n: usize,
    k: usize,
    dtype: &'static str,
    group: &'static str,
) -> SuiteShape {
    SuiteShape {
        m,
        n,
        k,
        dtype,
        b_dtype: None,
        group,
        majors: Majors::ALL[0],
        scale: None,
    }
}

/// An fp8 shape: e4m3 A and B, per-tensor scales, C in bf16.
const fn fp8(m: usize, n: usize, k: usize, group: &'static str) -> SuiteShape {
    shape(m, n, k, "e4m3", group)
}

/// A block-scaled fp8 shape: e4m3, one scale per 1×128 of A and per 128×128 of B.
const fn fp8_block(m: usize, n: usize, k: usize, group: &'static str) -> SuiteShape {
    SuiteShape {
        scale: Some("block"),
        ..shape(m, n, k, "e4m3", group)
    }
}

/// A mixed fp8 shape: A of `a`, B of `b`.
const fn fp8_mixed(m: usize, n: usize, k: usize, a: &'static str, b: &'static str) -> SuiteShape {
    SuiteShape {
        b_dtype: Some(b),
        ..shape(m, n, k, a, "fp8 mixed")
    }
}

/// A shape of 8192³ bf16 with the operands' majorness `Majors::ALL[i]`.
const fn majorness(i: usize) -> SuiteShape {
    SuiteShape {
        majors: Majors::ALL[i],
        ..shape(8192, 8192, 8192, "bf16", "majorness")
    }
}

/// The suite: squares 512–16384; skinny (M = 16, 128, 512 against N and K of 4096–28672, the
/// shapes of LLM decoding and small-batch layers); large M×N with K of 8192–28672; ragged sizes
/// (not multiples of 8 nor of the tile, K included: the operands' rows are then padded to TMA's
/// 16-byte pitch), among them M or N of 1; and f16 beside bf16.
pub const SUITE: &[SuiteShape] = &[
    shape(512, 512, 512, "bf16", "square"),
    shape(1024, 1024, 1024, "bf16", "square"),
    shape(2048, 2048, 2048, "bf16", "square"),
    shape(4096, 4096, 4096, "bf16", "square"),
    shape(8192, 8192, 8192, "bf16", "square"),
    shape(16384, 16384, 16384, "bf16", "square"),
    shape(16, 8192, 8192, "bf16", "skinny"),
    shape(16, 28672, 4096, "bf16", "skinny"),
    shape(128, 8192, 8192, "bf16", "skinny"),
    shape(128, 4096, 14336, "bf16", "skinny"),
    shape(512, 4096, 14336, "bf16", "skinny"),
    shape(512, 28672, 4096, "bf16", "skinny"),
    shape(8192, 8192, 28672, "bf16", "large"),
    shape(16384, 8192, 8192, "bf16", "large"),
    shape(8192, 14336, 16384, "bf16", "large"),
    shape(8191, 8193, 8200, "bf16", "ragged"),
    shape(1000, 1000, 1000, "bf16", "ragged"),
    shape(4095, 4097, 4104, "bf16", "ragged"),
    shape(1, 4096, 4096, "bf16", "ragged"),
    shape(4096, 1, 4096, "bf16", "ragged"),
    shape(4096, 4096, 4099, "bf16", "ragged"),
    shape(16, 4096, 4100, "bf16", "ragged"),
    shape(8192, 8192, 8192, "f16", "f16"),
    shape(128, 8192, 8192, "f16", "f16"),
    shape(4095, 4097, 4104, "f16", "f16"),
    // the other three majornesses at 8192³ (TN, both K-major, is the square above)
    majorness(1),
    majorness(2),
    majorness(3),
    // fp8 (issue 40): e4m3 scaled per tensor, C in bf16, against cuBLASLt (both K-major: TN)
    fp8(512, 512, 512, "fp8 square"),
    fp8(1024, 1024, 1024, "fp8 square"),
    fp8(2048, 2048, 2048, "fp8 square"),
    fp8(4096, 4096, 4096, "fp8 square"),
    fp8(8192, 8192, 8192, "fp8 square"),
    fp8(16384, 16384, 16384, "fp8 square"),
    fp8(16, 8192, 8192, "fp8 skinny"),
    fp8(16, 28672, 4096, "fp8 skinny"),
    fp8(128, 8192, 8192, "fp8 skinny"),
    fp8(128, 4096, 14336, "fp8 skinny"),
    fp8(512, 4096, 14336, "fp8 skinny"),
    fp8(512, 28672, 4096, "fp8 skinny"),
    fp8(16384, 8192, 8192, "fp8 large"),
    fp8(4095, 4097, 4112, "fp8 ragged"),
    // gradients' mixed form; e5m2 x e5m2 has no cuBLASLt baseline (verified against fp64 alone)
    fp8_mixed(8192, 8192, 8192, "e5m2", "e4m3"),
    fp8_mixed(4096, 4096, 4096, "e5m2", "e5m2"),
    // DeepSeek-style block scales (1x128 of A, 128x128 of B), against cuBLASLt's VEC128_32F and
    // BLK128x128_32F: the large and the decode shapes, and a ragged M and N (K whole blocks)
    fp8_block(8192, 8192, 8192, "fp8 block large"),
    fp8_block(16384, 8192, 8192, "fp8 block large"),
    fp8_block(128, 8192, 8192, "fp8 block decode"),
    fp8_block(16, 8192, 8192, "fp8 block decode"),
    fp8_block(4095, 4097, 4096, "fp8 block ragged"),
];

/// The flags of a suite shape: `base` (the command line's other flags) with its sizes and type.
pub fn shape_flags(base: &GemmFlags, s: &SuiteShape) -> GemmFlags {
    let mut f = base.clone();
    f.m = s.m;
    f.n = s.n;
    f.k = s.k;
    f.dtype = s.dtype.into();
    f.b_dtype = s.b_dtype.map(str::to_string);
    f.majors = s.majors;
    if let Some(scale) = s.scale {
        f.scale = Some(scale.into());
    }
    f
}

/// The summary line of ratios (kernel / `baseline`): their geometric mean and the worst, with
/// the shape it belongs to; `None` without ratios, or with one that is not positive and finite.
pub fn summary(ratios: &[(String, f64)], baseline: &str) -> Option<String> {
    if ratios.is_empty() || ratios.iter().any(|(_, r)| !(r.is_finite() && *r > 0.0)) {
        return None;
    }
    let log_mean = ratios.iter().map(|(_, r)| r.ln()).sum::<f64>() / ratios.len() as f64;
    let (worst_name, worst) = ratios
        .iter()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(n, r)| (n.as_str(), *r))?;
    Some(format!(
        "suite of {} shapes: geometric mean {:.1}% of {baseline}, worst {:.1}% ({worst_name})",
        ratios.len(),
        100.0 * log_mean.exp(),
        100.0 * worst
    ))
}

/// The architecture the suite's kernels need: the Hopper path's.
pub const SUITE_ARCH: &str = "sm_90a";

/// Every suite shape's configuration, chosen for `sms` SMs (the command line's other flags in
/// `base` kept, as for a single shape, and what it fixed in `given`), and the line saying why
/// for each; refused with `--sweep`.
pub fn chosen_variants(
    base: &GemmFlags,
    given: Given,
    sweep: bool,
    sms: usize,
) -> Result<(Vec<Variant>, Vec<String>), SuiteError> {
    if sweep {
        return Err(SuiteError::WithSweep);
    }
    if !choose::applies(base) {
        return Err(SuiteError::Chooses);
    }
    let mut cfgs = Vec::with_capacity(SUITE.len());
    let mut lines = Vec::with_capacity(SUITE.len());
    for s in SUITE {
        let c = choose::choose(&shape_flags(base, s), given, sms);
        let v = Variant::from_flags(&c.flags).map_err(|source| SuiteError::Shape {
            m: s.m,
            n: s.n,
            k: s.k,
            dtype: s.dtype,
            source: Box::new(source),
        })?;
        cfgs.push(v);
        lines.push(c.line);
    }
    Ok((cfgs, lines))
}

/// A single `cute gemm` on a Hopper GPU with no `--mma`, `--tile` or `--stages`: the
/// configuration chosen for its shape (what the command line fixed in `given`) and the line
/// saying why; `None` where the heuristic does not apply (`--sweep` included), or its choice
/// does not fit, when the path's default is taken as before.
pub fn chosen_single(
    flags: &GemmFlags,
    given: Given,
    sweep: bool,
    gpu: &Gpu,
) -> Option<(Variant, String)> {
    if sweep || gpu.arch != SUITE_ARCH || !choose::applies(flags) {
        return None;
    }
    let c = choose::choose(flags, given, gpu.sms);
    Variant::from_flags(&c.flags).ok().map(|v| (v, c.line))
}

/// The choice lines: on their own lines before a table, as `gemm_choice` records in JSON, on
/// standard error as notes beside CSV.
pub fn print_choices(
    out: &mut dyn Write,
    err: &mut dyn Write,
    lines: &[String],
    format: ReportFormat,
) {
    for l in lines {
        let _ = match format {
            ReportFormat::Table => writeln!(out, "{l}"),
            ReportFormat::Json => writeln!(
                out,
                "{}",
                serde_json::json!({"kind": "gemm_choice", "choice": l})
            ),
            ReportFormat::Csv => writeln!(err, "note: {l}"),
        };
    }
}

/// A measurement's shape, as the suite table and summary name it.
fn shape_name(r: &Measurement) -> String {
    let (m, n, k) = r.config.mnk();
    let majors = r.config.majors();
    let types = match r.config.scaling() {
        Some(crate::config::Scaling::Block) => format!("{} block-scaled", r.config.types()),
        _ => r.config.types(),
    };
    if majors == Majors::ALL[0] {
        format!("{m}x{n}x{k} {types}")
    } else {
        format!("{m}x{n}x{k} {types} {}", majors.blas())
    }
}

/// The baselines of the rows in words: `cuBLAS`, or `cuBLAS (cuBLASLt for fp8)` beside fp8 rows.
fn baselines(rows: &[Measurement]) -> String {
    let lt = rows.iter().any(|r| r.config.baseline() == "cuBLASLt");
    let blas = rows.iter().any(|r| r.config.baseline() == "cuBLAS");
    match (blas, lt) {
        (true, true) => "cuBLAS (cuBLASLt for fp8)".into(),
        (false, true) => "cuBLASLt".into(),
        _ => "cuBLAS".into(),
    }
}

/// The suite's table: a row per shape, with its configuration, TFLOP/s, cuBLAS's, the ratio
/// and whether it verified; at a terminal ([`super::report::TableFit`]) the shape, the
/// configuration's number, the ratio and its spread first, the medians and the check, the
/// configurations listed below.
fn table(rows: &[Measurement], fit: super::report::TableFit) -> String {
    let compact = fit.compact();
    let mut t = cute::render::fitted_table(compact.and(fit.width));
    let baseline = baselines(rows);
    match compact {
        None => t.set_header([
            "shape",
            "configuration",
            "TFLOP/s (rounds)",
            &format!("{baseline} TFLOP/s (rounds)"),
            "ratio (rounds)",
            "verified",
        ]),
        Some(_) => t.set_header([
            "shape",
            "#",
            "ratio (rounds)",
            "TFLOP/s",
            &baseline,
            "verified",
        ]),
    };
    for (i, r) in rows.iter().enumerate() {
        let [tflops, cublas, ratio] = super::report::timing_cells(r);
        let verified = if r.verified() { "ok" } else { "FAIL" }.to_string();
        match compact {
            None => t.add_row([
                shape_name(r),
                r.config.to_string(),
                tflops,
                cublas,
                ratio,
                verified,
            ]),
            Some(_) => t.add_row([
                shape_name(r),
                (i + 1).to_string(),
                ratio,
                format!("{:.1}", r.tflops()),
                format!("{:.1}", r.cublas_tflops()),
                verified,
            ]),
        };
    }
    match compact {
        None => t.to_string(),
        Some(width) => format!(
            "{t}\n{}",
            super::report::legend(rows.iter().map(|r| (&r.config, None)), width)
        ),
    }
}

/// The suite's table (a row per shape: its configuration, TFLOP/s, cuBLAS's, the ratio, whether
/// it verified) and the summary line; as JSON, a `gemm_suite_summary` record after the
/// measurements' records.
pub fn print_summary(
    out: &mut dyn Write,
    err: &mut dyn Write,
    gpu: &Gpu,
    timing: Timing,
    rows: &[Measurement],
    format: ReportFormat,
    fit: super::report::TableFit,
) {
    // a summary per baseline (cuBLAS for the 16-bit shapes, cuBLASLt for fp8), of the shapes
    // that have one
    let mut groups: Vec<(&str, Vec<(String, f64)>)> = Vec::new();
    for r in rows.iter().filter(|r| r.no_baseline.is_none()) {
        let b = r.config.baseline();
        let entry = (shape_name(r), r.ratio());
        match groups.iter_mut().find(|g| g.0 == b) {
            Some(g) => g.1.push(entry),
            None => groups.push((b, vec![entry])),
        }
    }
    let lines: Vec<String> = groups
        .iter()
        .map(|(b, ratios)| {
            summary(ratios, b).unwrap_or_else(|| {
                format!("suite against {b}: no geometric mean (a ratio is missing or not positive)")
            })
        })
        .collect();
    let line = lines.join("\n");
    match format {
        ReportFormat::Table => {
            let t = table(rows, fit);
            let (sm, mem) = gpu.clocks_mhz;
            let _ = writeln!(
                out,
                "{} (rated clocks: SM {sm} MHz, memory {mem} MHz), {} SMs; {} rounds a shape, each timing {} then the kernel on the same buffers (the median of {} runs each{}): the median round, (slowest–fastest round)\n{t}\n{line}",
                gpu.name,
                gpu.sms,
                baselines(rows),
                timing.rounds,
                timing.reps,
                if timing.flush_l2 {
                    ", L2 flushed before every run"
                } else {
                    ""
                },
            );
        }
        ReportFormat::Json => {
            let finite = |x: f64| x.is_finite().then_some(x);
            for (baseline, ratios) in &groups {
                let log_mean =
                    ratios.iter().map(|(_, r)| r.ln()).sum::<f64>() / ratios.len().max(1) as f64;
                let worst = ratios.iter().min_by(|a, b| a.1.total_cmp(&b.1));
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::json!({
                        "kind": "gemm_suite_summary",
                        "baseline": baseline,
                        "shapes": ratios.len(),
                        "geomean_ratio": finite(log_mean.exp()),
                        "worst_ratio": worst.and_then(|w| finite(w.1)),
                        "worst_shape": worst.map(|w| w.0.clone()),
                    })
                );
            }
        }
        ReportFormat::Csv => {
            let _ = writeln!(err, "note: {line}");
        }
    }
}

/// Measure configurations one problem (size and type) at a time, in order, through
/// [`Gpu::run`]: a single command or a sweep is one problem, the suite one per shape.
pub fn run_by_problem(
    gpu: &Gpu,
    cfgs: &[Variant],
    timing: Timing,
    mut report: impl FnMut(&Measurement),
) -> Result<Vec<Measurement>, GpuError> {
    let mut out = Vec::with_capacity(cfgs.len());
    let mut rest = cfgs;
    while let Some(first) = rest.first() {
        let key = (
            first.mnk(),
            first.dtype(),
            first.b_dtype(),
            first.fast_accum(),
            first.scaling(),
        );
        let len = rest
            .iter()
            .take_while(|c| (c.mnk(), c.dtype(), c.b_dtype(), c.fast_accum(), c.scaling()) == key)
            .count();
        let (group, tail) = rest.split_at(len);
        out.extend(gpu.run(group, timing, &mut report)?);
        rest = tail;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hopper::choose::{COMPILE_ONLY_SMS, Given, choose};
    use crate::hopper::config::HopperConfig;

    fn base() -> GemmFlags {
        GemmFlags::new(crate::flags::read_flag)
    }

    #[test]
    fn every_suite_shape_has_a_valid_chosen_configuration() {
        for s in SUITE {
            let c = choose(&shape_flags(&base(), s), Given::default(), COMPILE_ONLY_SMS);
            if let Err(e) = HopperConfig::from_flags(&c.flags) {
                panic!("{s:?}: {e} ({})", c.line);
            }
        }
    }

    #[test]
    fn the_choice_per_suite_shape() {
        let lines: Vec<String> = SUITE
            .iter()
            .map(|s| {
                let c = choose(&shape_flags(&base(), s), Given::default(), COMPILE_ONLY_SMS);
                let cfg = HopperConfig::from_flags(&c.flags)
                    .map(|h| h.to_string())
                    .unwrap_or_else(|e| format!("error: {e}"));
                format!("[{}] {}\n    {cfg}", s.group, c.line)
            })
            .collect();
        insta::assert_snapshot!("suite_choices", lines.join("\n"));
    }

    #[test]
    fn shapes_whose_buffers_cannot_exist_are_refused_with_the_condition() {
        let huge = |m: usize, n: usize, k: usize| {
            let f = shape_flags(&base(), &shape(m, n, k, "bf16", "too large"));
            let c = choose(&f, Given::default(), COMPILE_ONLY_SMS);
            HopperConfig::from_flags(&c.flags).unwrap_err().to_string()
        };
        assert!(huge(1 << 31, 8, 8).contains("31 bits"));
        assert!(huge(usize::MAX, usize::MAX, 8).contains("31 bits"));
        let e = huge(1 << 30, 1 << 30, 8);
        assert!(e.contains("bytes of GPU memory"), "{e}");
        // M, N and K of 1 are problems like any other (rows padded to 16 bytes)
        let f = shape_flags(&base(), &shape(1, 1, 1, "bf16", "unit"));
        let c = choose(&f, Given::default(), COMPILE_ONLY_SMS);
        assert!(HopperConfig::from_flags(&c.flags).is_ok(), "{}", c.line);
    }

    #[test]
    fn the_summary_is_the_geometric_mean_and_the_worst() {
        let s = summary(
            &[("a".into(), 2.0), ("b".into(), 0.5), ("c".into(), 1.0)],
            "cuBLAS",
        )
        .unwrap();
        assert_eq!(
            s,
            "suite of 3 shapes: geometric mean 100.0% of cuBLAS, worst 50.0% (b)"
        );
        assert!(summary(&[], "cuBLAS").is_none());
        assert!(summary(&[("a".into(), f64::NAN)], "cuBLAS").is_none());
        assert!(summary(&[("a".into(), 0.0)], "cuBLAS").is_none());
    }

    /// Issue 42: at a terminal the suite's table numbers the configurations (listed below it)
    /// and fits the width; piped or with `--wide`, a row a line with the configuration in it.
    #[test]
    fn the_suite_table_fits_a_terminal_and_pipes_keep_it_whole() {
        use crate::report::TableFit;
        let rows = crate::report::tests::measured_rows();
        let fitted = table(
            &rows,
            TableFit {
                width: Some(80),
                wide: false,
            },
        );
        assert!(fitted.lines().all(|l| l.chars().count() <= 80), "{fitted}");
        assert!(fitted.contains("| shape "), "{fitted}");
        assert!(
            fitted.contains("configurations:\n  1  mma.sync 128x128x64 warps (2,2)"),
            "{fitted}"
        );
        let whole = table(&rows, TableFit::default());
        assert_eq!(
            whole,
            table(
                &rows,
                TableFit {
                    width: Some(80),
                    wide: true
                }
            )
        );
        assert_eq!(whole.lines().count(), 7, "{whole}");
        assert!(whole.contains(&rows[1].config.to_string()), "{whole}");
    }
}
