//! The tables `cute gemm` prints.

use comfy_table::Table;

use super::nvrtc::Compiled;
use super::run::Measurement;
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

/// The table of measured configurations.
pub fn measurements(device: &str, rows: &[Measurement]) -> String {
    let mut t = Table::new();
    t.set_header([
        "configuration",
        "TFLOP/s",
        "cuBLAS TFLOP/s",
        "ratio",
        "rel. error (tol)",
        "regs",
        "spills",
        "smem",
        "ldmatrix conflicts (predicted)",
    ]);
    for r in rows {
        t.add_row([
            config_cell(&r.config),
            format!("{:.1}", r.tflops()),
            format!("{:.1}", r.cublas_tflops()),
            format!("{:.1}%", 100.0 * r.tflops() / r.cublas_tflops()),
            format!(
                "{:.2e} ({:.0e}){}",
                r.rel_err,
                r.config.dtype().tolerance(),
                if r.verified() { "" } else { " FAIL" }
            ),
            opt(r.compiled.registers),
            opt(r.compiled.spill_bytes),
            format!("{} B", r.config.smem_bytes()),
            conflicts(&r.config),
        ]);
    }
    let (m, n, k) = rows.first().map_or((0, 0, 0), |r| r.config.mnk());
    let dt = rows.first().map_or("", |r| r.config.dtype().name());
    format!("{device}, M x N x K = {m} x {n} x {k}, {dt}, median of repeated runs\n{t}")
}

/// The table of compiled-only configurations.
pub fn compiled(arch: &str, rows: &[(Variant, Compiled)]) -> String {
    let mut t = Table::new();
    t.set_header([
        "configuration",
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
