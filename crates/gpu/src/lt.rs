//! cuBLASLt, the fp8 baseline: one `cublasLtMatmul` of fp8 inputs (e4m3/e5m2), fp32
//! compute, bf16 output, with the same per-tensor scales as the kernel
//! (`CUBLASLT_MATMUL_DESC_A_SCALE_POINTER` / `B_SCALE_POINTER`: `D = s_A s_B (op(A) op(B))`),
//! or the same block scales (`A_SCALE_MODE` / `B_SCALE_MODE`: `BLK128x128_32F` for the
//! weights, `VEC128_32F` for the activations).
//!
//! cuBLASLt takes fp8 only in the "TN" form: both operands K-major, which is what the kernel
//! takes too. Seen column-major, C (row-major M×N) is Cᵀ (N×M) = B (N×K) · Aᵀ (K×M): cuBLASLt's
//! A is our B (a K×N column-major buffer, transposed: `op T`) and its B our A (K×M, `op N`).
//! It has no e5m2 × e5m2 form: that form runs without a baseline. Fast accumulation is off
//! (`CUBLASLT_MATMUL_DESC_FAST_ACCUM = 0`, the default and `torch._scaled_mm`'s): cuBLASLt adds
//! partial sums to fp32 accumulators as the kernel's promotion does.

use std::ffi::c_void;
use std::sync::Arc;

use cudarc::cublaslt::result as lt;
use cudarc::cublaslt::sys;
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DevicePtrMut};

use super::config::Dtype;
use super::device::GpuError;
use super::flags::OperandBuffer;

/// The workspace cuBLASLt may use (its heuristic is asked for algorithms within it).
pub const WORKSPACE_BYTES: usize = 32 << 20;

/// Why a problem has no cuBLASLt baseline (its GEMM runs and verifies against fp64 all the
/// same), or `None` where it has one: cuBLASLt's library missing, or the e5m2 × e5m2 form.
pub fn unavailable(a: Dtype, b: Dtype) -> Option<String> {
    if a == Dtype::E5m2 && b == Dtype::E5m2 {
        return Some("cuBLASLt has no e5m2 x e5m2 GEMM".into());
    }
    // SAFETY: only tries to open the shared library.
    if !unsafe { sys::is_culib_present() } {
        return Some("cuBLASLt (libcublasLt.so) was not found".into());
    }
    None
}

fn data_type(d: Dtype) -> sys::cudaDataType {
    match d {
        Dtype::E4m3 => sys::cudaDataType::CUDA_R_8F_E4M3,
        Dtype::E5m2 => sys::cudaDataType::CUDA_R_8F_E5M2,
        Dtype::F16 => sys::cudaDataType::CUDA_R_16F,
        Dtype::Bf16 => sys::cudaDataType::CUDA_R_16BF,
    }
}

fn lt_failed(what: &'static str) -> impl Fn(lt::CublasError) -> GpuError {
    move |e| GpuError::Failed(format!("cuBLASLt {what}: {e:?}"))
}

/// One fp8 GEMM planned with cuBLASLt: its handle, descriptors, algorithm and workspace.
pub struct LtMatmul {
    handle: sys::cublasLtHandle_t,
    desc: sys::cublasLtMatmulDesc_t,
    layouts: [sys::cublasLtMatrixLayout_t; 3],
    algo: sys::cublasLtMatmulAlgo_t,
    workspace: CudaSlice<u8>,
    stream: Arc<CudaStream>,
}

/// What an fp8 GEMM is, for cuBLASLt: the sizes, A's and B's types and buffers (K-major, rows
/// padded to the pitch), and the device pointers of the two fp32 scales.
pub struct LtProblem {
    /// M, N, K.
    pub mnk: (usize, usize, usize),
    /// A's and B's types.
    pub types: (Dtype, Dtype),
    /// A's and B's buffers.
    pub buffers: (OperandBuffer, OperandBuffer),
    /// The device addresses of A's and B's scales: one f32 each (per tensor), or with
    /// `block` the block scales SFA and SFB ([`crate::config::BlockScales`]).
    pub scales: (u64, u64),
    /// DeepSeek-style block scales: cuBLASLt's A (our B) `BLK128x128_32F`, its B (our A)
    /// `VEC128_32F` (`CUBLASLT_MATMUL_DESC_A_SCALE_MODE` / `B_SCALE_MODE`, CUDA 12.9+).
    pub block: bool,
    /// `CUBLASLT_MATMUL_DESC_FAST_ACCUM` (the kernel's `--fast-accum`).
    pub fast_accum: bool,
}

impl LtMatmul {
    /// Plan the GEMM: descriptors, the scales' pointers, the heuristic's first algorithm. A
    /// problem cuBLASLt has no algorithm for (its alignment rules) is an error the caller
    /// reports as "no baseline".
    pub fn plan(stream: &Arc<CudaStream>, p: &LtProblem) -> Result<LtMatmul, GpuError> {
        let (m, n, k) = p.mnk;
        let (ta, tb) = p.types;
        let (buf_a, buf_b) = p.buffers;
        let handle = lt::create_handle().map_err(lt_failed("create"))?;
        let mut plan = LtMatmul {
            handle,
            desc: std::ptr::null_mut(),
            layouts: [std::ptr::null_mut(); 3],
            algo: sys::cublasLtMatmulAlgo_t { data: [0; 8] },
            workspace: stream
                .alloc_zeros::<u8>(WORKSPACE_BYTES)
                .map_err(|e| GpuError::Failed(format!("alloc cuBLASLt's workspace: {e:?}")))?,
            stream: stream.clone(),
        };
        plan.desc = lt::create_matmul_desc(
            sys::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            sys::cudaDataType::CUDA_R_32F,
        )
        .map_err(lt_failed("matmul descriptor"))?;
        let set = |attr: sys::cublasLtMatmulDescAttributes_t, ptr: *const c_void, size: usize| {
            // SAFETY: the descriptor is live; `ptr` points at `size` bytes of the attribute's type.
            unsafe { lt::set_matmul_desc_attribute(plan.desc, attr, ptr, size) }
                .map_err(lt_failed("matmul attribute"))
        };
        use sys::cublasLtMatmulDescAttributes_t as D;
        // cublasOperation_t, an int32 attribute
        let op_t = cudarc::cublas::sys::cublasOperation_t::CUBLAS_OP_T as i32;
        let op_n = cudarc::cublas::sys::cublasOperation_t::CUBLAS_OP_N as i32;
        set(
            D::CUBLASLT_MATMUL_DESC_TRANSA,
            &op_t as *const _ as *const c_void,
            std::mem::size_of_val(&op_t),
        )?;
        set(
            D::CUBLASLT_MATMUL_DESC_TRANSB,
            &op_n as *const _ as *const c_void,
            std::mem::size_of_val(&op_n),
        )?;
        // cuBLASLt's A is our B, its B our A
        let (sa, sb) = (p.scales.1 as *const c_void, p.scales.0 as *const c_void);
        set(
            D::CUBLASLT_MATMUL_DESC_A_SCALE_POINTER,
            &sa as *const _ as *const c_void,
            std::mem::size_of_val(&sa),
        )?;
        set(
            D::CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
            &sb as *const _ as *const c_void,
            std::mem::size_of_val(&sb),
        )?;
        if p.block {
            use sys::cublasLtMatmulMatrixScale_t as S;
            // int32 attributes: our B's 128x128 blocks, our A's 1x128 vectors
            let a_mode = S::CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F as i32;
            let b_mode = S::CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F as i32;
            set(
                D::CUBLASLT_MATMUL_DESC_A_SCALE_MODE,
                &a_mode as *const _ as *const c_void,
                std::mem::size_of_val(&a_mode),
            )?;
            set(
                D::CUBLASLT_MATMUL_DESC_B_SCALE_MODE,
                &b_mode as *const _ as *const c_void,
                std::mem::size_of_val(&b_mode),
            )?;
        }
        let fast = i8::from(p.fast_accum);
        set(
            D::CUBLASLT_MATMUL_DESC_FAST_ACCUM,
            &fast as *const _ as *const c_void,
            1,
        )?;
        // column-major: our B is K×N (ld its pitch), our A K×M, C N×M (ld N)
        plan.layouts[0] =
            lt::create_matrix_layout(data_type(tb), k as u64, n as u64, buf_b.pitch as i64)
                .map_err(lt_failed("layout of B"))?;
        plan.layouts[1] =
            lt::create_matrix_layout(data_type(ta), k as u64, m as u64, buf_a.pitch as i64)
                .map_err(lt_failed("layout of A"))?;
        plan.layouts[2] =
            lt::create_matrix_layout(sys::cudaDataType::CUDA_R_16BF, n as u64, m as u64, n as i64)
                .map_err(lt_failed("layout of C"))?;
        let pref = lt::create_matmul_pref().map_err(lt_failed("preference"))?;
        let bytes = WORKSPACE_BYTES as u64;
        // SAFETY: the preference is live; the attribute is a u64.
        let r = unsafe {
            lt::set_matmul_pref_attribute(
                pref,
                sys::cublasLtMatmulPreferenceAttributes_t::CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                &bytes as *const _ as *const c_void,
                std::mem::size_of_val(&bytes),
            )
        }
        .and_then(|()| {
            // SAFETY: every descriptor is live.
            unsafe {
                lt::get_matmul_algo_heuristic(
                    plan.handle,
                    plan.desc,
                    plan.layouts[0],
                    plan.layouts[1],
                    plan.layouts[2],
                    plan.layouts[2],
                    pref,
                )
            }
        });
        // SAFETY: created above, not used after.
        let _ = unsafe { lt::destroy_matmul_pref(pref) };
        let heuristic = r.map_err(|e| {
            GpuError::Failed(format!(
                "cuBLASLt has no algorithm for {m}x{n}x{k} {} x {} -> bf16: {e:?}",
                ta.name(),
                tb.name()
            ))
        })?;
        plan.algo = heuristic.algo;
        Ok(plan)
    }

    /// `C = s_A s_B (A Bᵀ)` into `c` (bf16, M×N row-major) on the plan's stream.
    pub fn run(
        &mut self,
        a: &CudaSlice<u8>,
        b: &CudaSlice<u8>,
        c: &mut CudaSlice<half::bf16>,
    ) -> Result<(), GpuError> {
        let (alpha, beta) = (1.0f32, 0.0f32);
        let (pa, _ra) = a.device_ptr(&self.stream);
        let (pb, _rb) = b.device_ptr(&self.stream);
        let (pc, _rc) = c.device_ptr_mut(&self.stream);
        let (pw, _rw) = self.workspace.device_ptr_mut(&self.stream);
        // SAFETY: the buffers have the sizes the layouts describe; the descriptors are live.
        unsafe {
            lt::matmul(
                self.handle,
                self.desc,
                &alpha as *const f32 as *const c_void,
                &beta as *const f32 as *const c_void,
                pb as *const c_void,
                self.layouts[0],
                pa as *const c_void,
                self.layouts[1],
                pc as *const c_void,
                self.layouts[2],
                pc as *mut c_void,
                self.layouts[2],
                &self.algo,
                pw as *mut c_void,
                WORKSPACE_BYTES,
                self.stream.cu_stream() as *mut _,
            )
        }
        .map_err(lt_failed("matmul"))
    }
}

impl Drop for LtMatmul {
    fn drop(&mut self) {
        // SAFETY: each was created by `plan` (or is null) and is not used after.
        unsafe {
            for l in self.layouts {
                if !l.is_null() {
                    let _ = lt::destroy_matrix_layout(l);
                }
            }
            if !self.desc.is_null() {
                let _ = lt::destroy_matmul_desc(self.desc);
            }
            let _ = lt::destroy_handle(self.handle);
        }
    }
}
