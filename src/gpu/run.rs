//! Running on the GPU: load, launch, verify against cuBLAS on the same data, time with events.

use std::sync::Arc;

use cudarc::cublas::{CudaBlas, Gemm, GemmConfig as BlasConfig, sys as blas_sys};
use cudarc::driver::sys::{CUevent_flags, CUfunction_attribute_enum};
use cudarc::driver::{
    CudaContext, CudaSlice, CudaStream, DeviceRepr, LaunchConfig, PushKernelArg, ValidAsZeroBits,
};
use cudarc::nvrtc::Ptx;

use super::config::Dtype;
use super::nvrtc::{Compiled, compile};
use super::variant::Variant;

/// Why nothing ran: a missing GPU, driver or library (exit status 3), or a failure.
#[derive(Debug)]
pub enum GpuError {
    /// No GPU, driver or library: what is missing, in words.
    Unavailable(String),
    /// Something failed on the way.
    Failed(String),
}

impl std::fmt::Display for GpuError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GpuError::Unavailable(s) | GpuError::Failed(s) => f.write_str(s),
        }
    }
}

pub(crate) fn failed<E: std::fmt::Debug>(what: &str) -> impl Fn(E) -> GpuError + '_ {
    move |e| GpuError::Failed(format!("{what}: {e:?}"))
}

/// Check for the driver, NVRTC and cuBLAS before touching them (cudarc panics otherwise).
pub fn check_libraries() -> Result<(), GpuError> {
    let mut missing = Vec::new();
    // SAFETY: each only tries to open a shared library.
    unsafe {
        if !cudarc::driver::sys::is_culib_present() {
            missing.push("the CUDA driver (libcuda.so)");
        }
        if !cudarc::nvrtc::sys::is_culib_present() {
            missing.push("NVRTC (libnvrtc.so)");
        }
        if !blas_sys::is_culib_present() {
            missing.push("cuBLAS (libcublas.so)");
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(GpuError::Unavailable(format!(
            "cannot run on a GPU here: {} not found (use --compile-only to compile without a GPU)",
            missing.join(", ")
        )))
    }
}

/// One measured configuration.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The configuration.
    pub config: Variant,
    /// Our kernel's median time, ms.
    pub ms: f64,
    /// cuBLAS's median time on the same problem, ms.
    pub cublas_ms: f64,
    /// ‖C − ref‖ / ‖ref‖.
    pub rel_err: f64,
    /// The compiler's report.
    pub compiled: Compiled,
}

impl Measurement {
    fn flops(&self) -> f64 {
        let (m, n, k) = self.config.mnk();
        2.0 * m as f64 * n as f64 * k as f64
    }

    /// Our TFLOP/s.
    pub fn tflops(&self) -> f64 {
        self.flops() / (self.ms * 1e-3) / 1e12
    }

    /// cuBLAS's TFLOP/s.
    pub fn cublas_tflops(&self) -> f64 {
        self.flops() / (self.cublas_ms * 1e-3) / 1e12
    }

    /// Whether the result is within tolerance.
    pub fn verified(&self) -> bool {
        self.rel_err.is_finite() && self.rel_err <= self.config.dtype().tolerance()
    }
}

/// A GPU session: context, stream, cuBLAS handle and the device's name and architecture.
pub struct Gpu {
    pub(crate) ctx: Arc<CudaContext>,
    pub(crate) stream: Arc<CudaStream>,
    blas: CudaBlas,
    /// The device's name.
    pub name: String,
    /// NVRTC architecture, e.g. `sm_90a`.
    pub arch: String,
    /// Multiprocessors (the size of a persistent grid).
    pub sms: usize,
}

impl Gpu {
    /// Open device 0.
    pub fn open() -> Result<Gpu, GpuError> {
        check_libraries()?;
        let ctx = CudaContext::new(0)
            .map_err(|e| GpuError::Unavailable(format!("no usable GPU: {e:?}")))?;
        let stream = ctx.default_stream();
        let blas = CudaBlas::new(stream.clone()).map_err(failed("cuBLAS"))?;
        let name = ctx.name().unwrap_or_else(|_| "unknown GPU".into());
        let (maj, min) = ctx
            .compute_capability()
            .map_err(failed("compute capability"))?;
        if maj < 8 {
            return Err(GpuError::Unavailable(format!(
                "{name} (sm_{maj}{min}) has no bf16 mma.sync: sm_80 or newer is needed"
            )));
        }
        let arch = if maj == 9 && min == 0 {
            "sm_90a".to_string()
        } else {
            format!("sm_{maj}{min}")
        };
        let sms = ctx
            .attribute(
                cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
            )
            .map_err(failed("multiprocessor count"))?
            .max(1) as usize;
        Ok(Gpu {
            ctx,
            stream,
            blas,
            name,
            arch,
            sms,
        })
    }
}

/// Deterministic uniform values in [-1, 1) (never all zeros).
fn random_values(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

/// Element types the kernels take, with their cuBLAS GEMM.
pub trait Element: DeviceRepr + ValidAsZeroBits + Copy + Unpin + 'static {
    /// From f32, rounding.
    fn from_f32(x: f32) -> Self;
    /// To f32.
    fn to_f32(self) -> f32;
}

impl Element for half::bf16 {
    fn from_f32(x: f32) -> Self {
        half::bf16::from_f32(x)
    }
    fn to_f32(self) -> f32 {
        half::bf16::to_f32(self)
    }
}

impl Element for half::f16 {
    fn from_f32(x: f32) -> Self {
        half::f16::from_f32(x)
    }
    fn to_f32(self) -> f32 {
        half::f16::to_f32(self)
    }
}

pub(crate) struct Problem<T> {
    pub(crate) a: CudaSlice<T>,
    pub(crate) b: CudaSlice<T>,
    pub(crate) c: CudaSlice<T>,
    pub(crate) reference: Vec<f32>,
    pub(crate) cublas_ms: f64,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

pub(crate) fn time_median(
    stream: &Arc<CudaStream>,
    ctx: &Arc<CudaContext>,
    reps: usize,
    mut f: impl FnMut() -> Result<(), GpuError>,
) -> Result<f64, GpuError> {
    for _ in 0..3 {
        f()?;
    }
    stream.synchronize().map_err(failed("synchronize"))?;
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let start = ctx
            .new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))
            .map_err(failed("event"))?;
        let end = ctx
            .new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))
            .map_err(failed("event"))?;
        start.record(stream).map_err(failed("event"))?;
        f()?;
        end.record(stream).map_err(failed("event"))?;
        times.push(start.elapsed_ms(&end).map_err(failed("event timing"))? as f64);
    }
    Ok(median(times))
}

/// The memory the host can still give (`MemAvailable` of /proc/meminfo), when known.
fn host_available_bytes() -> Option<u128> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u128 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

impl Gpu {
    /// Refuse a problem whose buffers do not fit in the GPU's free memory or the host's
    /// available memory, before allocating anything.
    pub(crate) fn check_memory(&self, m: usize, n: usize, k: usize) -> Result<(), GpuError> {
        use super::config::{device_bytes, host_bytes};
        let need = device_bytes(m, n, k);
        let (free, _) = self
            .ctx
            .mem_get_info()
            .map_err(failed("query GPU memory"))?;
        if need > free as u128 {
            return Err(GpuError::Failed(format!(
                "a {m}x{n}x{k} problem needs {need} bytes of GPU memory (A, B and C twice), more than the {free} bytes free on {}",
                self.name
            )));
        }
        let host = host_bytes(m, n, k);
        if let Some(avail) = host_available_bytes()
            && host > avail
        {
            return Err(GpuError::Failed(format!(
                "a {m}x{n}x{k} problem needs about {host} bytes of host memory (inputs, reference and results), more than the {avail} available"
            )));
        }
        Ok(())
    }
}

impl Gpu
where
    CudaBlas: Gemm<half::bf16> + Gemm<half::f16>,
{
    pub(crate) fn problem<T: Element>(
        &self,
        m: usize,
        n: usize,
        k: usize,
        reps: usize,
    ) -> Result<Problem<T>, GpuError>
    where
        CudaBlas: Gemm<T>,
    {
        self.check_memory(m, n, k)?;
        let ha: Vec<T> = random_values(m * k, 1)
            .into_iter()
            .map(T::from_f32)
            .collect();
        let hb: Vec<T> = random_values(n * k, 2)
            .into_iter()
            .map(T::from_f32)
            .collect();
        let a = self.stream.clone_htod(&ha).map_err(failed("copy A"))?;
        let b = self.stream.clone_htod(&hb).map_err(failed("copy B"))?;
        let mut c = self
            .stream
            .alloc_zeros::<T>(m * n)
            .map_err(failed("alloc C"))?;
        // C (row-major M×N) = column-major C^T (N×M) = B_buf^T (N×K) · A_buf (K×M)
        let cfg = BlasConfig {
            transa: blas_sys::cublasOperation_t::CUBLAS_OP_T,
            transb: blas_sys::cublasOperation_t::CUBLAS_OP_N,
            m: n as i32,
            n: m as i32,
            k: k as i32,
            alpha: T::from_f32(1.0),
            lda: k as i32,
            ldb: k as i32,
            beta: T::from_f32(0.0),
            ldc: n as i32,
        };
        let run = |c: &mut CudaSlice<T>| -> Result<(), GpuError> {
            // SAFETY: the buffers have the sizes the configuration describes.
            unsafe { self.blas.gemm(cfg, &b, &a, c) }.map_err(failed("cuBLAS gemm"))
        };
        run(&mut c)?;
        let reference: Vec<f32> = self
            .stream
            .clone_dtoh(&c)
            .map_err(failed("copy C"))?
            .into_iter()
            .map(T::to_f32)
            .collect();
        let cublas_ms = time_median(&self.stream, &self.ctx, reps, || run(&mut c))?;
        Ok(Problem {
            a,
            b,
            c,
            reference,
            cublas_ms,
        })
    }

    fn measure<T: Element>(
        &self,
        cfg: &Variant,
        p: &mut Problem<T>,
        reps: usize,
    ) -> Result<Measurement, GpuError> {
        cfg.supports(&self.arch).map_err(GpuError::Unavailable)?;
        let mut compiled = compile(&cfg.source(), &self.arch).map_err(GpuError::Failed)?;
        let module = self
            .ctx
            .load_module(Ptx::from_binary(compiled.cubin.clone()))
            .map_err(failed("load module"))?;
        let f = module
            .load_function(cfg.kernel_name())
            .map_err(failed("load function"))?;
        // the driver's own report when the compiler log had none
        if compiled.registers.is_none() {
            compiled.registers = f.num_regs().ok().map(|r| r as u32);
        }
        if compiled.spill_bytes.is_none() {
            compiled.spill_bytes = f.local_size_bytes().ok().map(|r| r as u32);
        }
        let smem = cfg.smem_bytes() as u32;
        f.set_attribute(
            CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            smem as i32,
        )
        .map_err(failed("raise the dynamic shared-memory limit"))?;
        let launch = LaunchConfig {
            grid_dim: (cfg.grid_blocks(self.sms) as u32, 1, 1),
            block_dim: (cfg.threads() as u32, 1, 1),
            shared_mem_bytes: smem,
        };
        let (m, n, k) = cfg.mnk();
        let (mi, ni, ki) = (m as i32, n as i32, k as i32);
        // the Hopper kernel reads A and B through TMA tensor maps, the other through pointers
        let maps = match cfg {
            Variant::Sm90(h) => super::hopper::run::tensor_maps(self, h, &p.a, &p.b, &p.c)?,
            Variant::Sm80(_) => Vec::new(),
        };
        // poison C, run once, verify every element
        let poison: Vec<T> = vec![T::from_f32(f32::NAN); m * n];
        self.stream
            .memcpy_htod(&poison, &mut p.c)
            .map_err(failed("poison C"))?;
        let go = |p: &mut Problem<T>| -> Result<(), GpuError> {
            let mut b = self.stream.launch_builder(&f);
            if maps.is_empty() {
                b.arg(&p.a).arg(&p.b);
            } else {
                for m in &maps {
                    b.arg(m);
                }
            }
            b.arg(&mut p.c).arg(&mi).arg(&ni).arg(&ki);
            // SAFETY: the kernel reads A (M×K) and B (N×K), directly or through tensor maps of
            // them, and writes C (M×N), which these are.
            unsafe { b.launch(launch) }.map_err(failed("launch"))?;
            Ok(())
        };
        go(p)?;
        self.stream.synchronize().map_err(failed("kernel"))?;
        let got: Vec<f32> = self
            .stream
            .clone_dtoh(&p.c)
            .map_err(failed("copy C"))?
            .into_iter()
            .map(T::to_f32)
            .collect();
        let (mut num, mut den) = (0f64, 0f64);
        for (g, r) in got.iter().zip(&p.reference) {
            let d = *g as f64 - *r as f64;
            num += d * d;
            den += (*r as f64) * (*r as f64);
        }
        let rel_err = if den > 0.0 {
            (num / den).sqrt()
        } else {
            f64::NAN
        };
        let ms = time_median(&self.stream, &self.ctx, reps, || go(p))?;
        Ok(Measurement {
            config: cfg.clone(),
            ms,
            cublas_ms: p.cublas_ms,
            rel_err,
            compiled,
        })
    }

    fn run_typed<T: Element>(
        &self,
        cfgs: &[Variant],
        reps: usize,
        report: &mut dyn FnMut(&Measurement),
    ) -> Result<Vec<Measurement>, GpuError>
    where
        CudaBlas: Gemm<T>,
    {
        let (m, n, k) = cfgs[0].mnk();
        let mut p = self.problem::<T>(m, n, k, reps)?;
        let mut out = Vec::new();
        for c in cfgs {
            let r = self.measure(c, &mut p, reps)?;
            report(&r);
            out.push(r);
        }
        Ok(out)
    }

    /// Verify and time every configuration (all of one problem size and type), cuBLAS in the
    /// same process on the same data.
    pub fn run(
        &self,
        cfgs: &[Variant],
        reps: usize,
        mut report: impl FnMut(&Measurement),
    ) -> Result<Vec<Measurement>, GpuError> {
        let Some(first) = cfgs.first() else {
            return Ok(Vec::new());
        };
        match first.dtype() {
            Dtype::Bf16 => self.run_typed::<half::bf16>(cfgs, reps, &mut report),
            Dtype::F16 => self.run_typed::<half::f16>(cfgs, reps, &mut report),
        }
    }
}
