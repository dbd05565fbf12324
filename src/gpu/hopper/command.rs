//! `cute gemm --mma 'SM90_…'`: validate, generate, compile, run, report.

use std::io::Write;

use comfy_table::Table;

use super::codegen::kernel_source;
use super::config::{HopperConfig, resolve_defaults};
use super::run::{HopperMeasurement, run};
use crate::gpu::command::{EXIT_NO_GPU, GemmOptions};
use crate::gpu::nvrtc::{self, compile};
use crate::gpu::run::{Gpu, GpuError};

fn opt(v: Option<u32>) -> String {
    v.map_or("?".into(), |x| x.to_string())
}

/// The sweep on this path: 2, 3 and 4 pipeline stages, and the plain raster at 4 stages.
pub fn sweep_configs(opts: &GemmOptions) -> Result<Vec<HopperConfig>, String> {
    let base = resolve_defaults(&opts.flags)?;
    let mut out = Vec::new();
    for s in [2, 3, 4] {
        let mut f = base.clone();
        f.stages = s;
        out.push(HopperConfig::from_resolved(&f)?);
    }
    let mut f = base;
    f.stages = 4;
    f.raster = "plain".into();
    out.push(HopperConfig::from_resolved(&f)?);
    Ok(out)
}

fn table(device: &str, rows: &[HopperMeasurement]) -> String {
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
    ]);
    for r in rows {
        t.add_row([
            r.config.to_string(),
            format!("{:.1}", r.tflops()),
            format!("{:.1}", r.cublas_tflops()),
            format!("{:.1}%", 100.0 * r.tflops() / r.cublas_tflops()),
            format!(
                "{:.2e} ({:.0e}){}",
                r.rel_err,
                r.config.dtype.tolerance(),
                if r.verified() { "" } else { " FAIL" }
            ),
            opt(r.compiled.registers),
            opt(r.compiled.spill_bytes),
            format!("{} B", r.config.smem_bytes()),
        ]);
    }
    let (m, n, k) = rows
        .first()
        .map_or((0, 0, 0), |r| (r.config.m, r.config.n, r.config.k));
    let dt = rows.first().map_or("", |r| r.config.dtype.name());
    format!("{device}, M x N x K = {m} x {n} x {k}, {dt}, median of repeated runs\n{t}")
}

/// Run `cute gemm` with an SM90 atom; returns the exit status.
pub fn gemm(opts: &GemmOptions, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let cfgs = if opts.sweep {
        sweep_configs(opts)
    } else {
        HopperConfig::from_flags(&opts.flags).map(|c| vec![c])
    };
    let cfgs = match cfgs {
        Ok(c) => c,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return 1;
        }
    };
    if opts.emit {
        for c in &cfgs {
            let _ = writeln!(out, "{}", kernel_source(c));
        }
        if !opts.compile_only {
            return 0;
        }
    }
    if opts.compile_only {
        if !nvrtc::nvrtc_present() {
            let _ = writeln!(
                err,
                "error: NVRTC (libnvrtc.so) was not found: install the CUDA toolkit or `pip install nvidia-cuda-nvrtc` and put its lib folder on LD_LIBRARY_PATH"
            );
            return EXIT_NO_GPU;
        }
        let arch = opts.arch.clone().unwrap_or_else(|| "sm_90a".into());
        if arch != "sm_90a" {
            let _ = writeln!(
                err,
                "error: --arch: wgmma and setmaxnreg need sm_90a, got {arch}"
            );
            return 1;
        }
        let mut t = Table::new();
        t.set_header([
            "configuration",
            "arch",
            "regs",
            "spill stores (B)",
            "dynamic smem",
        ]);
        for c in cfgs {
            match compile(&kernel_source(&c), &arch) {
                Ok(r) => {
                    t.add_row([
                        c.to_string(),
                        arch.clone(),
                        opt(r.registers),
                        opt(r.spill_bytes),
                        format!("{} B", c.smem_bytes()),
                    ]);
                }
                Err(m) => {
                    let _ = writeln!(err, "error: {c}: {m}");
                    return 1;
                }
            }
        }
        let _ = writeln!(out, "{t}");
        return 0;
    }
    let gpu = match Gpu::open() {
        Ok(g) => g,
        Err(GpuError::Unavailable(m)) => {
            let _ = writeln!(err, "error: {m}");
            return EXIT_NO_GPU;
        }
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return 1;
        }
    };
    let result = run(&gpu, &cfgs, opts.reps.max(1), |m| {
        let _ = writeln!(
            err,
            "{}: {:.1} TFLOP/s (cuBLAS {:.1}), rel. error {:.2e}",
            m.config,
            m.tflops(),
            m.cublas_tflops(),
            m.rel_err
        );
    });
    match result {
        Ok(rows) => {
            let _ = writeln!(out, "{}", table(&gpu.name, &rows));
            if rows.iter().all(|r| r.verified()) {
                0
            } else {
                let _ = writeln!(
                    err,
                    "error: a kernel's result differs from cuBLAS's beyond the tolerance"
                );
                1
            }
        }
        Err(GpuError::Unavailable(m)) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_NO_GPU
        }
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            1
        }
    }
}
