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
    match fields {
        Value::Object(map) => map,
        _ => unreachable!("json! of an object literal is an object"),
    }
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

/// The report of measured configurations.
pub fn measurements(
    gpu: &Gpu,
    timing: Timing,
    rows: &[Measurement],
    format: ReportFormat,
) -> String {
    if format != ReportFormat::Table {
        return measured_records(&gpu.name, &gpu.arch, rows, format);
    }
    let mut t = cute::render::fitted_table(crate::terminal_width());
    t.set_header([
        "configuration",
        "A, B major",
        "TFLOP/s (rounds)",
        "cuBLAS TFLOP/s (rounds)",
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
            format!(
                "{:.2e} ({:.0e}){}",
                r.rel_err,
                r.config.dtype().tolerance(),
                if r.rel_err.is_finite() && r.rel_err <= r.config.dtype().tolerance() {
                    ""
                } else {
                    " FAIL"
                }
            ),
            if r.host.passed() {
                format!(
                    "{} points ok (worst {:.2} of bound)",
                    r.host.points, r.host.worst
                )
            } else {
                let (i, j, got, want) = r.host.worst_at;
                format!(
                    "FAIL: {} of {} points; C[{i},{j}] = {got} vs {want:.4}",
                    r.host.failures, r.host.points
                )
            },
            opt(r.compiled.registers),
            opt(r.compiled.spill_bytes),
            format!("{} B", r.config.smem_bytes()),
            match r.measured_bank {
                Some(x) => format!("{}; {x:.2}x", conflicts(&r.config)),
                None => conflicts(&r.config),
            },
        ]);
    }
    let (m, n, k) = rows.first().map_or((0, 0, 0), |r| r.config.mnk());
    let dt = rows.first().map_or("", |r| r.config.dtype().name());
    let (sm, mem) = gpu.clocks_mhz;
    format!(
        "{} (rated clocks: SM {sm} MHz, memory {mem} MHz), M x N x K = {m} x {n} x {k}, {dt}\n\
         {} rounds, each timing cuBLAS then the kernel on the same buffers (the median of {} runs \
         each{}): the median round, (slowest–fastest round)\n{t}",
        gpu.name,
        timing.rounds,
        timing.reps,
        if timing.flush_l2 {
            ", L2 flushed before every run"
        } else {
            ""
        },
    )
}

/// The report of compiled-only configurations.
pub fn compiled(arch: &str, rows: &[(Variant, Compiled)], format: ReportFormat) -> String {
    if format != ReportFormat::Table {
        let recs = rows
            .iter()
            .map(|(c, r)| record(c, arch, None, r, None))
            .collect();
        return records(format, recs);
    }
    let mut t = cute::render::fitted_table(crate::terminal_width());
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
    for (c, r) in rows {
        t.add_row([
            config_cell(c),
            majors_cell(c),
            arch.to_string(),
            opt(r.registers),
            opt(r.spill_bytes),
            opt(r.static_smem),
            format!("{} B", c.smem_bytes()),
            conflicts(c),
        ]);
    }
    t.to_string()
}

#[cfg(test)]
mod tests {
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
        super::compiled("sm_90a", rows, f)
    }
}
