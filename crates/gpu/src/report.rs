//! What `cute gemm` prints: a table (default), or one record per configuration as JSON lines
//! or CSV (`--format json|csv`), so that scripts and plots read a sweep.

use serde_json::{Map, Value, json};

use super::device::Gpu;
use super::flags::Operand;
use super::nvrtc::Compiled;
use super::run::{Measurement, Timing};
use super::variant::Variant;

fn opt(v: Option<u32>) -> String {
    v.map_or("?".into(), |x| x.to_string())
}

fn config_cell(c: &Variant) -> String {
    format!("{c}")
}

fn conflicts(c: &Variant) -> String {
    c.predicted_conflicts()
}

/// `M, K (NN)`: A's and B's majorness in global memory and BLAS's name of the pair.
fn majors_cell(c: &Variant) -> String {
    let m = c.majors();
    format!(
        "{}, {} ({})",
        m.a.letter(Operand::A),
        m.b.letter(Operand::B),
        m.blas()
    )
}

/// The problem's types in words: `bf16`, or for fp8 `e4m3 x e5m2 -> bf16, scaled per tensor`.
pub fn types_words(c: &Variant) -> String {
    match c.scaling() {
        Some(s) => format!(
            "{} -> {}, scaled {}{}",
            c.types(),
            c.dtype().output().name(),
            s.describe(),
            scale_layouts(c).map_or(String::new(), |(a, b)| format!(": SFA {a}, SFB {b}"))
        ),
        None => c.types(),
    }
}

/// `--scale block`: the CuTe layouts of the block scales SFA and SFB
/// ([`crate::config::BlockScales`]); `None` for other scalings.
pub fn scale_layouts(c: &Variant) -> Option<(String, String)> {
    (c.scaling() == Some(crate::config::Scaling::Block)).then(|| {
        let (m, n, k) = c.mnk();
        let at = crate::config::BlockScales::of(m, n, k);
        (at.sfa_layout(), at.sfb_layout())
    })
}

/// How `cute gemm` prints its report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReportFormat {
    /// A table for people (the default).
    #[default]
    Table,
    /// One JSON object per configuration, a line each (`docs/json.md`: `gemm_record`).
    Json,
    /// A header line, then one CSV row per configuration (the JSON record's fields).
    Csv,
}

/// One configuration's record: what it is, what the compiler reported and, when it ran, the
/// measurement and its verification (`null` when it was only compiled). The same fields, in
/// the same order, in JSON and CSV.
fn record(
    c: &Variant,
    arch: &str,
    device: Option<&str>,
    compiled: &Compiled,
    run: Option<&Measurement>,
) -> Map<String, Value> {
    let (m, n, k) = c.mnk();
    let measured = |f: &dyn Fn(&Measurement) -> Value| run.map_or(Value::Null, f);
    let fields = json!({
        "kind": "gemm",
        "configuration": c.to_string(),
        "path": c.path(),
        "m": m,
        "n": n,
        "k": k,
        "dtype": c.dtype().name(),
        "b_dtype": c.b_dtype().name(),
        "c_dtype": c.dtype().output().name(),
        "scale": c.scaling().map(|s| s.name()),
        "fast_accum": c.fast_accum(),
        "baseline": c.baseline(),
        "no_baseline": run.and_then(|r| r.no_baseline.clone()),
        "a_major": c.majors().a.letter(Operand::A),
        "b_major": c.majors().b.letter(Operand::B),
        "blas": c.majors().blas(),
        "arch": arch,
        "device": device,
        "threads": c.threads(),
        "registers": compiled.registers,
        "spill_bytes": compiled.spill_bytes,
        "static_smem_bytes": compiled.static_smem,
        "dynamic_smem_bytes": c.smem_bytes(),
        "predicted_ldmatrix_conflicts": conflicts(c),
        "measured_ldmatrix_slowdown": run.and_then(|r| r.measured_bank),
        "tflops": measured(&|r| json!(r.tflops())),
        "cublas_tflops": measured(&|r| json!(r.cublas_tflops())),
        "ratio": measured(&|r| json!(r.ratio())),
        "ms": measured(&|r| json!(r.ms)),
        "cublas_ms": measured(&|r| json!(r.cublas_ms)),
        "rel_error": measured(&|r| json!(r.rel_err)),
        "tolerance": c.dtype().tolerance(),
        "host_points": measured(&|r| json!(r.host.points)),
        "host_failures": measured(&|r| json!(r.host.failures)),
        "host_worst": measured(&|r| json!(finite(r.host.worst))),
        "host_rel_error": measured(&|r| json!(finite(r.host.rel_err))),
        "rounds": measured(&|r| {
            json!(r.rounds.iter().map(|(ms, cublas_ms)| json!({
                "ms": ms,
                "cublas_ms": cublas_ms,
                "ratio": cublas_ms / ms,
            })).collect::<Vec<_>>())
        }),
        "verified": measured(&|r| json!(r.verified())),
        "split_k": c.split_k(),
        "repeatable": measured(&|r| json!(r.repeatable)),
    });
    let mut map = match fields {
        Value::Object(map) => map,
        _ => unreachable!("json! of an object literal is an object"),
    };
    // `--scale block`: the scales' CuTe layouts (null otherwise)
    let layouts = scale_layouts(c);
    map.insert(
        "sfa_layout".into(),
        json!(layouts.as_ref().map(|l| l.0.clone())),
    );
    map.insert("sfb_layout".into(), json!(layouts.map(|l| l.1)));
    map
}

/// A JSON number for a float (`null` for an infinite or NaN one, which JSON has not).
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// Records as JSON lines or CSV (a header, then a row each).
fn records(format: ReportFormat, rows: Vec<Map<String, Value>>) -> String {
    match format {
        ReportFormat::Json => rows
            .iter()
            .map(|r| Value::Object(r.clone()).to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => {
            let mut w = csv::Writer::from_writer(Vec::new());
            let cell = |v: &Value| match v {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            if let Some(first) = rows.first() {
                let _ = w.write_record(first.keys());
            }
            for r in &rows {
                let _ = w.write_record(r.values().map(cell));
            }
            let bytes = w.into_inner().unwrap_or_default();
            String::from_utf8_lossy(&bytes).trim_end().to_string()
        }
    }
}

/// The JSON or CSV records of measured configurations on `device` (compiled for `arch`).
pub fn measured_records(
    device: &str,
    arch: &str,
    rows: &[Measurement],
    format: ReportFormat,
) -> String {
    let recs = rows
        .iter()
        .map(|r| record(&r.config, arch, Some(device), &r.compiled, Some(r)))
        .collect();
    records(format, recs)
}

/// A measurement's three timing cells: its TFLOP/s, cuBLAS's and the ratio, each the median
/// round with the (slowest–fastest round) spread.
pub(crate) fn timing_cells(r: &Measurement) -> [String; 3] {
    let [ours, theirs, ratio] = r.spread();
    if r.no_baseline.is_some() {
        return [
            format!("{:.1} ({:.1}–{:.1})", r.tflops(), ours.0, ours.1),
            "— (no baseline)".into(),
            "—".into(),
        ];
    }
    [
        format!("{:.1} ({:.1}–{:.1})", r.tflops(), ours.0, ours.1),
        format!("{:.1} ({:.1}–{:.1})", r.cublas_tflops(), theirs.0, theirs.1),
        format!(
            "{:.1}% ({:.1}–{:.1}%)",
            100.0 * r.ratio(),
            100.0 * ratio.0,
            100.0 * ratio.1
        ),
    ]
}

/// How a report's table is laid out: at a terminal (its width known) it is fitted, each
/// configuration named by its number in the table and described in full below it; in a pipe
/// (no width), or with `--wide`, the table is whole, every field in its row, a row a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableFit {
    /// The terminal's width; `None` in a pipe or a file.
    pub width: Option<u16>,
    /// `--wide`: the whole table at a terminal too.
    pub wide: bool,
}

impl TableFit {
    /// The fit for standard output ([`crate::terminal_width`]) and `--wide`.
    pub fn stdout(wide: bool) -> TableFit {
        TableFit {
            width: crate::terminal_width(),
            wide,
        }
    }

    /// The width a compact table fits, `None` where the table is whole.
    pub(crate) fn compact(self) -> Option<usize> {
        self.width.filter(|_| !self.wide).map(usize::from)
    }
}

/// The report of measured configurations.
pub fn measurements(
    gpu: &Gpu,
    timing: Timing,
    rows: &[Measurement],
    format: ReportFormat,
    fit: TableFit,
) -> String {
    if format != ReportFormat::Table {
        return measured_records(&gpu.name, &gpu.arch, rows, format);
    }
    measured_table(&gpu.name, gpu.clocks_mhz, timing, rows, fit)
}

/// The report of measured configurations as a table (`device`: the GPU's name, `clocks`: its
/// rated SM and memory clocks in MHz): the problem and the timing method, then the table.
pub fn measured_table(
    device: &str,
    (sm, mem): (u32, u32),
    timing: Timing,
    rows: &[Measurement],
    fit: TableFit,
) -> String {
    let (m, n, k) = rows.first().map_or((0, 0, 0), |r| r.config.mnk());
    let dt = rows
        .first()
        .map_or(String::new(), |r| types_words(&r.config));
    let baseline = rows.first().map_or("cuBLAS", |r| r.config.baseline());
    let none = rows
        .iter()
        .find_map(|r| r.no_baseline.as_ref())
        .map_or(String::new(), |why| format!(" (no baseline here: {why})"));
    let method = format!(
        "{} rounds, each timing {baseline}{none} then the kernel on the same buffers (the median of {} runs \
         each{}): the median round, (slowest–fastest round)",
        timing.rounds,
        timing.reps,
        if timing.flush_l2 {
            ", L2 flushed before every run"
        } else {
            ""
        },
    );
    let title = format!(
        "{device} (rated clocks: SM {sm} MHz, memory {mem} MHz), M x N x K = {m} x {n} x {k}, {dt}"
    );
    match fit.compact() {
        None => format!("{title}\n{method}\n{}", wide_measured_table(rows)),
        Some(width) => format!(
            "{}\n{}\n{}\n{}",
            wrapped(&title, width, ""),
            wrapped(&method, width, ""),
            compact_measured_table(rows, width),
            legend(
                rows.iter().map(|r| (&r.config, Some(measured_facts(r)))),
                width
            )
        ),
    }
}

/// The measured table with every field in its row (pipes, `--wide`).
fn wide_measured_table(rows: &[Measurement]) -> comfy_table::Table {
    let mut t = cute::render::fitted_table(None);
    let baseline = rows.first().map_or("cuBLAS", |r| r.config.baseline());
    t.set_header([
        "configuration",
        "A, B major",
        "TFLOP/s (rounds)",
        &format!("{baseline} TFLOP/s (rounds)"),
        "ratio (rounds)",
        "rel. error (tol)",
        "fp64 sample",
        "regs",
        "spills",
        "smem",
        "ldmatrix conflicts (predicted; measured)",
    ]);
    for r in rows {
        let [tflops, cublas, ratio] = timing_cells(r);
        t.add_row([
            config_cell(&r.config),
            majors_cell(&r.config),
            tflops,
            cublas,
            ratio,
            rel_error_cell(r),
            host_cell(r),
            opt(r.compiled.registers),
            opt(r.compiled.spill_bytes),
            format!("{} B", r.config.smem_bytes()),
            measured_conflicts(r),
        ]);
    }
    t
}

/// The measured table fitted to a terminal `width` columns wide: the configuration's number,
/// the ratio and its spread first, then the medians and the checks; what else a row holds in the
/// whole table (the configuration, its majors, the spreads of the TFLOP/s, the tolerance, the
/// sample's detail, the conflicts) is in the [`legend`] below.
fn compact_measured_table(rows: &[Measurement], width: usize) -> comfy_table::Table {
    let mut t = cute::render::fitted_table(u16::try_from(width).ok());
    let baseline = rows.first().map_or("cuBLAS", |r| r.config.baseline());
    t.set_header([
        "#",
        "ratio (rounds)",
        "TFLOP/s",
        baseline,
        "rel. error",
        "fp64 sample",
        "regs",
        "spills",
        "smem",
    ]);
    for (i, r) in rows.iter().enumerate() {
        let [_, _, ratio] = timing_cells(r);
        t.add_row([
            (i + 1).to_string(),
            ratio,
            format!("{:.1}", r.tflops()),
            format!("{:.1}", r.cublas_tflops()),
            if r.no_baseline.is_some() {
                "—".into()
            } else {
                format!(
                    "{:.2e}{}",
                    r.rel_err,
                    if rel_error_within(r) { "" } else { " FAIL" }
                )
            },
            if r.host.passed() { "ok" } else { "FAIL" }.to_string(),
            opt(r.compiled.registers),
            opt(r.compiled.spill_bytes),
            format!("{} B", r.config.smem_bytes()),
        ]);
    }
    t
}

/// Below a compact table: each configuration by its number, in full, then what its row in the
/// whole table holds and the compact one does not ([`measured_facts`], [`compiled_facts`];
/// none for the suite's table); wrapped to `width`.
pub(crate) fn legend<'a>(
    rows: impl Iterator<Item = (&'a Variant, Option<String>)>,
    width: usize,
) -> String {
    let mut lines = vec!["configurations:".to_string()];
    for (i, (c, facts)) in rows.enumerate() {
        let number = format!("{:>3}  ", i + 1);
        let indent = " ".repeat(number.len());
        lines.push(wrapped(&format!("{number}{c}"), width, &indent));
        if let Some(facts) = facts {
            lines.push(wrapped(&format!("{indent}{facts}"), width, &indent));
        }
    }
    lines.join("\n")
}

/// What a measured configuration's row in the whole table holds and the compact one does not.
fn measured_facts(r: &Measurement) -> String {
    let [tflops, cublas, _] = timing_cells(r);
    format!(
        "A, B major {}; TFLOP/s {tflops}, {} {cublas}; rel. error {}; fp64 sample {}; ldmatrix conflicts (predicted; measured) {}",
        majors_cell(&r.config),
        r.config.baseline(),
        rel_error_cell(r),
        host_cell(r),
        measured_conflicts(r)
    )
}

/// What a compiled configuration's row in the whole table holds and the compact one does not.
fn compiled_facts(c: &Variant) -> String {
    format!(
        "A, B major {}; ldmatrix conflicts (predicted) {}",
        majors_cell(c),
        conflicts(c)
    )
}

/// `text` wrapped at spaces to lines of at most `width` characters (a longer word stands on its
/// own line); its leading spaces kept, each line after the first starting with `indent`.
pub(crate) fn wrapped(text: &str, width: usize, indent: &str) -> String {
    let body = text.trim_start_matches(' ');
    let mut out = text[..text.len() - body.len()].to_string();
    let mut line = out.len();
    for (i, word) in body.split(' ').enumerate() {
        let n = word.chars().count();
        if i > 0 && line + 1 + n > width {
            out.push('\n');
            out.push_str(indent);
            line = indent.len();
        } else if i > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += n;
    }
    out
}

/// Whether the relative error against cuBLAS is within the tolerance.
fn rel_error_within(r: &Measurement) -> bool {
    r.rel_err.is_finite() && r.rel_err <= r.config.dtype().tolerance()
}

/// The relative error against cuBLAS and the tolerance, `FAIL` past it.
fn rel_error_cell(r: &Measurement) -> String {
    if let Some(why) = &r.no_baseline {
        return format!("— (no baseline: {why})");
    }
    format!(
        "{:.2e} ({:.0e}){}",
        r.rel_err,
        r.config.dtype().tolerance(),
        if rel_error_within(r) { "" } else { " FAIL" }
    )
}

/// The fp64 sample: its points and the worst element's share of its bound, or the failure.
fn host_cell(r: &Measurement) -> String {
    if r.host.passed() {
        format!(
            "{} points ok (worst {:.2} of bound, norm {:.1e})",
            r.host.points, r.host.worst, r.host.rel_err
        )
    } else {
        host_failure(r)
    }
}

/// A failed fp64 sample: how many points failed, and the worst one.
fn host_failure(r: &Measurement) -> String {
    let (i, j, got, want) = r.host.worst_at;
    format!(
        "FAIL: {} of {} points; C[{i},{j}] = {got} vs {want:.4}; norm {:.1e} (tol {:.0e})",
        r.host.failures, r.host.points, r.host.rel_err, r.host.tolerance
    )
}

/// The predicted ldmatrix conflicts, and the measured slowdown where measured.
fn measured_conflicts(r: &Measurement) -> String {
    match r.measured_bank {
        Some(x) => format!("{}; {x:.2}x", conflicts(&r.config)),
        None => conflicts(&r.config),
    }
}

/// The report of compiled-only configurations.
pub fn compiled(
    arch: &str,
    rows: &[(Variant, Compiled)],
    format: ReportFormat,
    fit: TableFit,
) -> String {
    if format != ReportFormat::Table {
        let recs = rows
            .iter()
            .map(|(c, r)| record(c, arch, None, r, None))
            .collect();
        return records(format, recs);
    }
    let compact = fit.compact();
    let mut t = cute::render::fitted_table(compact.and(fit.width));
    if compact.is_some() {
        t.set_header([
            "#",
            "arch",
            "regs",
            "spill stores (B)",
            "static smem",
            "dynamic smem",
        ]);
    } else {
        t.set_header([
            "configuration",
            "A, B major",
            "arch",
            "regs",
            "spill stores (B)",
            "static smem",
            "dynamic smem",
            "ldmatrix conflicts (predicted)",
        ]);
    }
    for (i, (c, r)) in rows.iter().enumerate() {
        let cells = [
            arch.to_string(),
            opt(r.registers),
            opt(r.spill_bytes),
            opt(r.static_smem),
            format!("{} B", c.smem_bytes()),
        ];
        if compact.is_some() {
            t.add_row(std::iter::once((i + 1).to_string()).chain(cells));
        } else {
            t.add_row(
                [config_cell(c), majors_cell(c)]
                    .into_iter()
                    .chain(cells)
                    .chain([conflicts(c)]),
            );
        }
    }
    match compact {
        None => t.to_string(),
        Some(width) => format!(
            "{t}\n{}",
            legend(
                rows.iter().map(|(c, _)| (c, Some(compiled_facts(c)))),
                width
            )
        ),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::flags::GemmFlags;

    fn nvrtc_report() -> Compiled {
        Compiled {
            cubin: Vec::new(),
            log: String::new(),
            registers: Some(128),
            spill_bytes: None,
            static_smem: Some(0),
        }
    }

    #[test]
    fn csv_rows_carry_the_json_records_fields_in_order() {
        let flags = GemmFlags::new(crate::flags::read_flag);
        let v = Variant::from_flags(&flags).expect("the default configuration");
        let rows = vec![(v.clone(), nvrtc_report()), (v, nvrtc_report())];
        let json = compiled_report(&rows, ReportFormat::Json);
        let csv = compiled_report(&rows, ReportFormat::Csv);
        let records: Vec<serde_json::Value> = json
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let header: Vec<String> = reader
            .headers()
            .expect("a header")
            .iter()
            .map(str::to_string)
            .collect();
        let keys: Vec<String> = records[0].as_object().unwrap().keys().cloned().collect();
        assert_eq!(header, keys);
        let csv_rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
        assert_eq!(csv_rows.len(), records.len());
        for (row, rec) in csv_rows.iter().zip(&records) {
            for (cell, key) in row.iter().zip(&keys) {
                let want = match &rec[key] {
                    serde_json::Value::Null => String::new(),
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                assert_eq!(cell, want, "{key}");
            }
        }
        assert_eq!(records[0]["registers"], 128);
        assert_eq!(
            (&records[0]["a_major"], &records[0]["blas"]),
            (&serde_json::json!("K"), &serde_json::json!("TN"))
        );
        assert!(records[0]["spill_bytes"].is_null() && records[0]["tflops"].is_null());
    }

    fn compiled_report(rows: &[(Variant, Compiled)], f: ReportFormat) -> String {
        super::compiled("sm_90a", rows, f, TableFit::default())
    }

    /// Two measured configurations, made up (no GPU here): the mma.sync default, whose sample
    /// passed, and a Hopper one with a cluster whose sample failed.
    pub(crate) fn measured_rows() -> Vec<Measurement> {
        let flags = GemmFlags::new(crate::flags::read_flag);
        let sm80 = Variant::from_flags(&flags).expect("the default configuration");
        let mut hopper = flags.clone();
        hopper.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into());
        hopper.cluster = Some("(2,1)".into());
        hopper.persistent = true;
        let sm90 = Variant::from_flags(&hopper).expect("a Hopper configuration");
        let measured =
            |config: Variant, worst: f64, failures: usize, bank: Option<f64>| Measurement {
                config,
                ms: 1.5,
                cublas_ms: 1.4,
                rel_err: 0.0012,
                no_baseline: None,
                host: crate::verify::HostCheck {
                    points: 33_024,
                    failures,
                    worst,
                    worst_at: (8191, 0, f64::NAN, 1.0),
                    rel_err: if failures == 0 { 1.2e-3 } else { f64::INFINITY },
                    tolerance: 1e-2,
                },
                rounds: vec![(1.5, 1.4), (1.6, 1.4), (1.4, 1.5)],
                compiled: nvrtc_report(),
                measured_bank: bank,
                repeatable: true,
            };
        vec![
            measured(sm80, 0.25, 0, Some(1.0)),
            measured(sm90, f64::INFINITY, 8192, None),
        ]
    }

    fn table_at(width: Option<u16>, wide: bool) -> String {
        let timing = Timing {
            reps: 20,
            rounds: 5,
            flush_l2: false,
        };
        measured_table(
            "NVIDIA H100 80GB HBM3",
            (1980, 2619),
            timing,
            &measured_rows(),
            TableFit { width, wide },
        )
    }

    /// Issue 42: at a terminal the report fits its width: the configurations numbered in the
    /// table, the ratio and its spread first, each configuration in full below the table with
    /// what its row no longer holds.
    #[test]
    fn a_terminal_gets_the_table_fitted_and_the_configurations_below_it() {
        for width in [80, 100, 120] {
            let text = table_at(Some(width), false);
            for line in text.lines() {
                assert!(
                    line.chars().count() <= usize::from(width),
                    "{width}: {line:?}\n{text}"
                );
            }
            assert!(text.contains("configurations:"), "{text}");
            assert!(!text.contains("ldmatrix conflicts (predicted; measured) |"));
        }
        let text = table_at(Some(100), false);
        let header = text.lines().nth(5).expect("the table's header");
        assert!(
            header.starts_with("| # | ratio (rounds)      | TFLOP/s | cuBLAS |"),
            "{text}"
        );
        assert!(
            text.contains("| 1 | 93.3% (87.5–107.1%) | 733.0   | 785.4  |"),
            "{text}"
        );
        assert!(
            text.contains(
                "  1  mma.sync 128x128x64 warps (2,2) stages 3 smem swizzled raster grouped:8\n     A, B major K, K (TN); TFLOP/s 733.0 (687.2–785.4), cuBLAS 785.4 (733.0–785.4);"
            ),
            "{text}"
        );
        assert!(
            text.contains("  2  wgmma 64x256x16 128x256x64 TMA SW128, 2 consumers,"),
            "{text}"
        );
        assert!(text.contains("C[8191,0] = NaN vs 1.0000"), "{text}");
    }

    /// Pipes (no width) and `--wide` keep the whole table, every field in its row, a row a
    /// line: byte for byte what the report printed before the terminal got its fitted one.
    #[test]
    fn pipes_and_wide_keep_the_whole_table() {
        let piped = table_at(None, false);
        assert_eq!(table_at(Some(100), true), piped);
        assert_eq!(table_at(None, true), piped);
        insta::assert_snapshot!(piped);
        let rows = measured_rows();
        let compiled_rows: Vec<_> = rows
            .iter()
            .map(|r| (r.config.clone(), r.compiled.clone()))
            .collect();
        let whole = compiled(
            "sm_90a",
            &compiled_rows,
            ReportFormat::Table,
            TableFit::default(),
        );
        assert_eq!(
            compiled(
                "sm_90a",
                &compiled_rows,
                ReportFormat::Table,
                TableFit {
                    width: Some(90),
                    wide: true
                }
            ),
            whole
        );
        insta::assert_snapshot!("compiled_whole", whole);
        let fitted = compiled(
            "sm_90a",
            &compiled_rows,
            ReportFormat::Table,
            TableFit {
                width: Some(90),
                wide: false,
            },
        );
        assert!(fitted.lines().all(|l| l.chars().count() <= 90), "{fitted}");
        assert!(
            fitted.contains("  2  wgmma 64x256x16 128x256x64 TMA SW128, 2 consumers,"),
            "{fitted}"
        );
    }
}
