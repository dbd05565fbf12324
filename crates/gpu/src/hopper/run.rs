//! TMA tensor maps for the Hopper kernel, through the driver, on the session of
//! [`crate::device`] (launching, verification and timing are the shared ones of [`crate::run`]).

use cudarc::driver::sys;
use cudarc::driver::{CudaSlice, DevicePtr, DeviceRepr};

use super::config::{GmmaSwizzle, HopperConfig, TmaPlan};
use crate::config::Dtype;
use crate::device::{Gpu, GpuError};
use crate::flags::{Major, OperandBuffer};

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
    tensor_map(
        ptr,
        dtype,
        (rows, cols, cols),
        (box_rows, box_cols),
        GmmaSwizzle::B128,
    )
}

/// The tensor map of a row-major `rows × cols` matrix of 16-bit elements (cols contiguous, rows
/// `pitch` elements apart: a multiple of 8, TMA's 16 bytes), read in boxes of
/// `box_rows × box_cols` with a wgmma layout type's swizzle (none for INTER). A box reaching past
/// `cols` (or `rows`) reads zeros there.
pub fn tensor_map(
    ptr: u64,
    dtype: Dtype,
    (rows, cols, pitch): (usize, usize, usize),
    (box_rows, box_cols): (usize, usize),
    swizzle: GmmaSwizzle,
) -> Result<TensorMap, GpuError> {
    use sys::CUtensorMapSwizzle as S;
    let swizzle = match swizzle {
        GmmaSwizzle::Inter => S::CU_TENSOR_MAP_SWIZZLE_NONE,
        GmmaSwizzle::B32 => S::CU_TENSOR_MAP_SWIZZLE_32B,
        GmmaSwizzle::B64 => S::CU_TENSOR_MAP_SWIZZLE_64B,
        GmmaSwizzle::B128 => S::CU_TENSOR_MAP_SWIZZLE_128B,
    };
    let mut raw = sys::CUtensorMap { opaque: [0; 16] };
    let dims = [cols as u64, rows as u64];
    let strides = [(pitch * dtype.bytes()) as u64];
    let boxes = [box_cols as u32, box_rows as u32];
    let elem = [1u32, 1];
    let ty = match dtype {
        Dtype::Bf16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        Dtype::F16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        // TMA moves fp8 as bytes
        Dtype::E4m3 | Dtype::E5m2 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8,
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
            swizzle,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(GpuError::Failed(format!("cuTensorMapEncodeTiled: {r:?}")));
    }
    Ok(TensorMap(raw.opaque))
}

/// The tensor maps of a configuration: A and B in their majorness, in the boxes of their
/// [`TmaPlan`]s (with the stages' swizzles); with the TMA store, C in 64x64 boxes, 128-byte
/// swizzle.
pub fn tensor_maps<T, TC>(
    gpu: &Gpu,
    cfg: &HopperConfig,
    a: &CudaSlice<T>,
    b: &CudaSlice<T>,
    c: &CudaSlice<TC>,
) -> Result<Vec<TensorMap>, GpuError> {
    let (pa, _ga) = a.device_ptr(&gpu.stream);
    let (pb, _gb) = b.device_ptr(&gpu.stream);
    // a K-major operand is a row-major (rows × K) matrix, an MN-major one a row-major (K × rows),
    // its rows padded to the buffer's pitch
    let operand = |ptr: u64, rows: usize, plan: &TmaPlan, dtype: Dtype| {
        let (inner, outer) = plan.box_dims;
        let buffer = OperandBuffer::of_type(plan.major, rows, cfg.k, dtype.bytes());
        let dims = match plan.major {
            Major::K => (rows, cfg.k, buffer.pitch),
            Major::MN => (cfg.k, rows, buffer.pitch),
        };
        tensor_map(ptr, dtype, dims, (outer, inner), plan.swizzle)
    };
    let mut maps = vec![
        operand(pa, cfg.m, &cfg.tma_a, cfg.dtype)?,
        operand(pb, cfg.n, &cfg.tma_b, cfg.b_dtype)?,
    ];
    if cfg.tma_store {
        let (pc, _gc) = c.device_ptr(&gpu.stream);
        maps.push(tensor_map_sw128(
            pc,
            cfg.dtype.output(),
            cfg.m,
            cfg.n,
            64,
            64,
        )?);
    }
    Ok(maps)
}
