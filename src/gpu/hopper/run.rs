//! Running the Hopper kernel: TMA tensor maps through the driver, launch, verification against
//! cuBLAS on the same data (the mma.sync path's problem setup), event timing.

use cudarc::cublas::{CudaBlas, Gemm};
use cudarc::driver::sys::{self, CUfunction_attribute_enum};
use cudarc::driver::{CudaSlice, DevicePtr, DeviceRepr, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

use super::codegen::{KERNEL_NAME, kernel_source};
use super::config::HopperConfig;
use crate::gpu::config::Dtype;
use crate::gpu::nvrtc::{Compiled, compile};
use crate::gpu::run::{Element, Gpu, GpuError, Problem, failed, time_median};

/// A TMA descriptor (`CUtensorMap`, 128 bytes), passed by value as a `__grid_constant__`
/// kernel parameter.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug)]
pub struct TensorMap(pub [u64; 16]);

// SAFETY: plain bytes, copied into the kernel's parameter space as the kernel declares it.
unsafe impl DeviceRepr for TensorMap {}

/// The tensor map of a row-major `rows × cols` matrix of 16-bit elements (cols contiguous), read
/// in boxes of `box_rows × box_cols` with the 128-byte swizzle (the layout's `Sw<3,4,3>`).
pub fn tensor_map_sw128(
    ptr: u64,
    dtype: Dtype,
    rows: usize,
    cols: usize,
    box_rows: usize,
    box_cols: usize,
) -> Result<TensorMap, GpuError> {
    let mut raw = sys::CUtensorMap { opaque: [0; 16] };
    let dims = [cols as u64, rows as u64];
    let strides = [(cols * 2) as u64];
    let boxes = [box_cols as u32, box_rows as u32];
    let elem = [1u32, 1];
    let ty = match dtype {
        Dtype::Bf16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        Dtype::F16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
    };
    // SAFETY: every array has the rank (2, or 1 for the strides) the call is given.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut raw,
            ty,
            2,
            ptr as *mut std::ffi::c_void,
            dims.as_ptr(),
            strides.as_ptr(),
            boxes.as_ptr(),
            elem.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(GpuError::Failed(format!("cuTensorMapEncodeTiled: {r:?}")));
    }
    Ok(TensorMap(raw.opaque))
}

/// One measured Hopper configuration.
#[derive(Clone, Debug)]
pub struct HopperMeasurement {
    /// The configuration.
    pub config: HopperConfig,
    /// Our kernel's median time, ms.
    pub ms: f64,
    /// cuBLAS's median time on the same problem, ms.
    pub cublas_ms: f64,
    /// ‖C − ref‖ / ‖ref‖.
    pub rel_err: f64,
    /// The compiler's report.
    pub compiled: Compiled,
}

impl HopperMeasurement {
    fn flops(&self) -> f64 {
        2.0 * self.config.m as f64 * self.config.n as f64 * self.config.k as f64
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
        self.rel_err.is_finite() && self.rel_err <= self.config.dtype.tolerance()
    }
}

fn measure<T: Element>(
    gpu: &Gpu,
    cfg: &HopperConfig,
    p: &mut Problem<T>,
    reps: usize,
) -> Result<HopperMeasurement, GpuError> {
    if gpu.arch != "sm_90a" {
        return Err(GpuError::Unavailable(format!(
            "{} ({}) has no wgmma: the SM90 atoms need a Hopper GPU (sm_90a)",
            gpu.name, gpu.arch
        )));
    }
    let compiled = compile(&kernel_source(cfg), &gpu.arch).map_err(GpuError::Failed)?;
    let module = gpu
        .ctx
        .load_module(Ptx::from_binary(compiled.cubin.clone()))
        .map_err(failed("load module"))?;
    let f = module
        .load_function(KERNEL_NAME)
        .map_err(failed("load function"))?;
    let smem = cfg.smem_bytes() as u32;
    f.set_attribute(
        CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        smem as i32,
    )
    .map_err(failed("raise the dynamic shared-memory limit"))?;
    let (bm, bn, bk) = cfg.tile;
    let (tma_a, tma_b) = {
        let (pa, _ga) = p.a.device_ptr(&gpu.stream);
        let (pb, _gb) = p.b.device_ptr(&gpu.stream);
        (
            tensor_map_sw128(pa, cfg.dtype, cfg.m, cfg.k, bm, bk)?,
            tensor_map_sw128(pb, cfg.dtype, cfg.n, cfg.k, bn, bk)?,
        )
    };
    let (tm, tn) = cfg.tiles();
    let launch = LaunchConfig {
        grid_dim: ((tm * tn) as u32, 1, 1),
        block_dim: (cfg.threads() as u32, 1, 1),
        shared_mem_bytes: smem,
    };
    let (m, n, k) = (cfg.m as i32, cfg.n as i32, cfg.k as i32);
    let poison: Vec<T> = vec![T::from_f32(f32::NAN); cfg.m * cfg.n];
    gpu.stream
        .memcpy_htod(&poison, &mut p.c)
        .map_err(failed("poison C"))?;
    let go = |c: &mut CudaSlice<T>| -> Result<(), GpuError> {
        let mut b = gpu.stream.launch_builder(&f);
        b.arg(&tma_a).arg(&tma_b).arg(c).arg(&m).arg(&n).arg(&k);
        // SAFETY: the tensor maps describe A (M×K) and B (N×K), which stay alive; C is M×N.
        unsafe { b.launch(launch) }.map_err(failed("launch"))?;
        Ok(())
    };
    go(&mut p.c)?;
    gpu.stream.synchronize().map_err(failed("kernel"))?;
    let got: Vec<f32> = gpu
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
    let ms = time_median(&gpu.stream, &gpu.ctx, reps, || go(&mut p.c))?;
    Ok(HopperMeasurement {
        config: cfg.clone(),
        ms,
        cublas_ms: p.cublas_ms,
        rel_err,
        compiled,
    })
}

fn run_typed<T: Element>(
    gpu: &Gpu,
    cfgs: &[HopperConfig],
    reps: usize,
    report: &mut dyn FnMut(&HopperMeasurement),
) -> Result<Vec<HopperMeasurement>, GpuError>
where
    CudaBlas: Gemm<T>,
{
    let first = &cfgs[0];
    let mut p = gpu.problem::<T>(first.m, first.n, first.k, reps)?;
    let mut out = Vec::new();
    for c in cfgs {
        let r = measure(gpu, c, &mut p, reps)?;
        report(&r);
        out.push(r);
    }
    Ok(out)
}

/// Verify and time every configuration (all of one problem size and type), cuBLAS in the same
/// process on the same data.
pub fn run(
    gpu: &Gpu,
    cfgs: &[HopperConfig],
    reps: usize,
    mut report: impl FnMut(&HopperMeasurement),
) -> Result<Vec<HopperMeasurement>, GpuError> {
    let Some(first) = cfgs.first() else {
        return Ok(Vec::new());
    };
    match first.dtype {
        Dtype::Bf16 => run_typed::<half::bf16>(gpu, cfgs, reps, &mut report),
        Dtype::F16 => run_typed::<half::f16>(gpu, cfgs, reps, &mut report),
    }
}
