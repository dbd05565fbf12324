//! The GPU session: device 0 opened (the driver, NVRTC and cuBLAS looked for first), its
//! context, stream and cuBLAS handle, what the device is (name, architecture, SMs, clocks, L2);
//! and [`GpuError`], why nothing ran. Below everything that runs on the GPU: the mma.sync and
//! Hopper launches ([`crate::run`], [`crate::hopper::run`]) and the bank probe.

use std::sync::Arc;

use cudarc::cublas::{CudaBlas, sys as blas_sys};
use cudarc::driver::{CudaContext, CudaStream};

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

/// NVRTC's failure (its log included), as a failure on the way.
impl From<super::nvrtc::NvrtcError> for GpuError {
    fn from(e: super::nvrtc::NvrtcError) -> Self {
        GpuError::Failed(e.to_string())
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

/// A GPU session: context, stream, cuBLAS handle and the device's name and architecture.
pub struct Gpu {
    pub(crate) ctx: Arc<CudaContext>,
    pub(crate) stream: Arc<CudaStream>,
    pub(crate) blas: CudaBlas,
    /// The device's name.
    pub name: String,
    /// NVRTC architecture, e.g. `sm_90a`.
    pub arch: String,
    /// Multiprocessors (the size of a persistent grid).
    pub sms: usize,
    /// The rated SM and memory clocks, MHz (the driver's attributes; the clocks of a run may
    /// be lower).
    pub clocks_mhz: (u32, u32),
    /// L2 cache bytes.
    pub l2_bytes: usize,
}

/// Device 0's primary context, retained once for the process and bound to the calling thread.
/// Every [`Gpu`] of the process shares it (as the CUDA runtime inside cuBLAS does): a session
/// dropped never releases the primary context under another one opened beside it or after it
/// (tests run in threads of one process).
fn process_context() -> Result<Arc<CudaContext>, GpuError> {
    static CONTEXT: std::sync::Mutex<Option<Arc<CudaContext>>> = std::sync::Mutex::new(None);
    let mut held = CONTEXT.lock().unwrap_or_else(|p| p.into_inner());
    let ctx = match held.as_ref() {
        Some(ctx) => ctx.clone(),
        None => {
            let ctx = CudaContext::new(0)
                .map_err(|e| GpuError::Unavailable(format!("no usable GPU: {e:?}")))?;
            *held = Some(ctx.clone());
            ctx
        }
    };
    ctx.bind_to_thread().map_err(failed("bind the context"))?;
    Ok(ctx)
}

impl Gpu {
    /// Open device 0.
    pub fn open() -> Result<Gpu, GpuError> {
        check_libraries()?;
        let ctx = process_context()?;
        // a kernel's fault (a misaligned address, say) is sticky: it poisons the context for
        // the whole process, and every later call fails, cuBLAS's handle creation with
        // CUBLAS_STATUS_NOT_INITIALIZED; name the fault instead
        ctx.synchronize().map_err(|e| {
            GpuError::Failed(format!(
                "the GPU context holds an earlier kernel's fault, sticky for this process: {e:?}"
            ))
        })?;
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
        use cudarc::driver::sys::CUdevice_attribute as A;
        let attr = |a| ctx.attribute(a).unwrap_or(0).max(0) as u32;
        let clocks_mhz = (
            attr(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000,
            attr(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000,
        );
        let l2_bytes = attr(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE) as usize;
        Ok(Gpu {
            ctx,
            stream,
            blas,
            name,
            arch,
            sms,
            clocks_mhz,
            l2_bytes,
        })
    }
}
