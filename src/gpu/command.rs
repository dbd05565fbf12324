//! `cute gemm`: validate, generate, compile, run, report.

use std::io::Write;

use super::codegen::kernel_source;
use super::config::{GemmConfig, GemmFlags, plain_smem_atom};
use super::nvrtc::{self, compile};
use super::report;
use super::run::{Gpu, GpuError};

/// Exit status when there is no GPU, driver or library.
pub const EXIT_NO_GPU: i32 = 3;

/// What `cute gemm` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct GemmOptions {
    /// The configuration flags.
    pub flags: GemmFlags,
    /// Print the generated source.
    pub emit: bool,
    /// Compile to CUBIN and report resources, with no GPU.
    pub compile_only: bool,
    /// Several configurations side by side.
    pub sweep: bool,
    /// NVRTC architecture for --compile-only (default sm_90a).
    pub arch: Option<String>,
    /// Timed repetitions.
    pub reps: usize,
}

/// The sweep: two tile shapes × swizzled or plain shared memory × two pipeline depths, and the
/// plain raster against the grouped one for the first.
pub fn sweep_configs(base: &GemmFlags) -> Result<Vec<GemmConfig>, String> {
    let mut out = Vec::new();
    let shapes = [
        ("(128,128,64)", "(2,2,1)", 64),
        ("(128,256,32)", "(2,4,1)", 32),
    ];
    for (tile, warps, bk) in shapes {
        for swizzled in [true, false] {
            for stages in [3, 4] {
                let mut f = base.clone();
                f.tile = tile.into();
                f.atom_layout = warps.into();
                f.stages = stages;
                if swizzled {
                    f.smem_a = None;
                    f.smem_b = None;
                } else {
                    f.smem_a = Some(plain_smem_atom(bk));
                    f.smem_b = Some(plain_smem_atom(bk));
                }
                out.push(GemmConfig::from_flags(&f)?);
            }
        }
    }
    let mut f = base.clone();
    f.tile = shapes[0].0.into();
    f.atom_layout = shapes[0].1.into();
    f.stages = 3;
    f.smem_a = None;
    f.smem_b = None;
    f.raster = "plain".into();
    out.push(GemmConfig::from_flags(&f)?);
    Ok(out)
}

/// Run `cute gemm`; returns the exit status.
pub fn gemm(opts: &GemmOptions, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if super::hopper::config::is_sm90(opts.flags.mma.as_deref()) {
        return super::hopper::command::gemm(opts, out, err);
    }
    let cfgs = if opts.sweep {
        sweep_configs(&opts.flags)
    } else {
        GemmConfig::from_flags(&opts.flags).map(|c| vec![c])
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
        let mut rows = Vec::new();
        for c in cfgs {
            match compile(&kernel_source(&c), &arch) {
                Ok(r) => rows.push((c, r)),
                Err(m) => {
                    let _ = writeln!(err, "error: {c}: {m}");
                    return 1;
                }
            }
        }
        let _ = writeln!(out, "{}", report::compiled(&arch, &rows));
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
    let reps = opts.reps.max(1);
    let result = gpu.run(&cfgs, reps, |m| {
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
            let _ = writeln!(out, "{}", report::measurements(&gpu.name, &rows));
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
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            1
        }
    }
}
