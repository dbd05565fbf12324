//! Running on the GPU: load, launch, verify against cuBLAS (cuBLASLt for fp8) on the same data,
//! time with events.

use std::sync::Arc;

use cudarc::cublas::{CudaBlas, Gemm, GemmConfig as BlasConfig, sys as blas_sys};
use cudarc::driver::sys::{CUevent_flags, CUfunction_attribute_enum};
use cudarc::driver::{
    CudaContext, CudaSlice, CudaStream, DevicePtr, DeviceRepr, LaunchConfig, PushKernelArg,
    ValidAsZeroBits,
};
use cudarc::nvrtc::Ptx;

use super::config::{BlockScales, Dtype, Scaling};
use super::device::{Gpu, GpuError, failed};
use super::flags::{Major, Majors, OperandBuffer};
use super::nvrtc::{Compiled, compile};
use super::variant::Variant;
use super::verify::{self, HostCheck};

/// One measured configuration.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The configuration.
    pub config: Variant,
    /// Our kernel's median time, ms.
    pub ms: f64,
    /// The baseline's (cuBLAS's, cuBLASLt's for fp8) median time on the same problem, ms;
    /// NaN without a baseline ([`Self::no_baseline`]).
    pub cublas_ms: f64,
    /// ‖C − ref‖ / ‖ref‖ against the baseline (NaN without one).
    pub rel_err: f64,
    /// Why there is no baseline (cuBLASLt's e5m2 × e5m2, or an fp8 shape it has no algorithm
    /// for): the kernel is verified against the fp64 reference alone.
    pub no_baseline: Option<String>,
    /// The check against the fp64 host reference on a sample ([`super::verify`]).
    pub host: HostCheck,
    /// Each round's (kernel, cuBLAS) median time, ms: the two alternate, round after round.
    pub rounds: Vec<(f64, f64)>,
    /// The compiler's report.
    pub compiled: Compiled,
    /// The operand reads' bank conflicts measured on the GPU (`cute bank --measure`'s probe of
    /// the mma.sync path's ldmatrix pattern over A's stage layout): the slowdown against a
    /// conflict-free pattern of the same shape; `None` where not measured (the Hopper path's
    /// reads are wgmma's, not thread loads).
    pub measured_bank: Option<f64>,
    /// Whether a second run wrote the same bits into C as the verified one (split-K's
    /// reduction sums in a fixed order: it must).
    pub repeatable: bool,
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

    /// Whether the result is within tolerance of the baseline's (where there is one) and of the
    /// fp64 host reference.
    pub fn verified(&self) -> bool {
        let baseline_ok = self.no_baseline.is_some()
            || (self.rel_err.is_finite() && self.rel_err <= self.config.dtype().tolerance());
        baseline_ok && self.host.passed()
    }

    /// TFLOP/s of a time in ms.
    pub fn tflops_of(&self, ms: f64) -> f64 {
        self.flops() / (ms * 1e-3) / 1e12
    }

    /// The kernel's (slowest, fastest) round in TFLOP/s, cuBLAS's, and the (lowest, highest)
    /// ratio of one round.
    pub fn spread(&self) -> [(f64, f64); 3] {
        let range = |f: &dyn Fn(&(f64, f64)) -> f64| {
            self.rounds
                .iter()
                .map(f)
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                    (lo.min(x), hi.max(x))
                })
        };
        [
            range(&|r| self.tflops_of(r.0)),
            range(&|r| self.tflops_of(r.1)),
            range(&|r| r.1 / r.0),
        ]
    }

    /// The median of the rounds' ratios (kernel TFLOP/s / cuBLAS TFLOP/s).
    pub fn ratio(&self) -> f64 {
        if self.rounds.is_empty() {
            return self.cublas_ms / self.ms;
        }
        median(self.rounds.iter().map(|r| r.1 / r.0).collect())
    }
}

/// How the kernel and cuBLAS are timed.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Timed runs of each per round (the round's time is their median).
    pub reps: usize,
    /// Rounds, each timing cuBLAS then the kernel.
    pub rounds: usize,
    /// Write a buffer twice the size of L2 before every timed run (not timed), so that no run
    /// finds its inputs in L2.
    pub flush_l2: bool,
}

/// A matrix's values (its contiguous rows one after the other), converted, in a buffer whose
/// rows are padded to the buffer's pitch with zeros (which add nothing to the product).
fn padded<T: Copy>(values: Vec<f32>, buffer: OperandBuffer, convert: impl Fn(f32) -> T) -> Vec<T> {
    if buffer.pitch == buffer.extent {
        return values.into_iter().map(convert).collect();
    }
    let mut out = vec![convert(0.0); buffer.lines * buffer.pitch];
    for (row, line) in out
        .chunks_exact_mut(buffer.pitch)
        .zip(values.chunks_exact(buffer.extent.max(1)))
    {
        for (o, v) in row.iter_mut().zip(line) {
            *o = convert(*v);
        }
    }
    out
}

/// fp8 inputs: uniform values in [-FP8_AMPLITUDE, FP8_AMPLITUDE) rounded to the format, from
/// subnormals to half of e4m3's range (a per-tensor scale maps a tensor's largest magnitude
/// near the format's largest; these stay clear of e4m3's 448 and of overflow in the products).
pub const FP8_AMPLITUDE: f32 = 224.0;

/// The per-tensor scales of an fp8 problem's A and B: not powers of two, so that the scaling's
/// own rounding is exercised.
pub const FP8_SCALES: (f32, f32) = (1.0371 / 256.0, 0.9173 / 128.0);

/// `--scale block`: A's scales are `FP8_SCALES.0` and B's `FP8_SCALES.1` times a factor in
/// [0.5, 1.5) drawn per block, so that a scale applied to the wrong row or block shows.
fn block_scale_values(n: usize, seed: u64, base: f32) -> Vec<f32> {
    random_values(n, seed)
        .into_iter()
        .map(|u| base * (1.0 + 0.5 * u))
        .collect()
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

/// Element types of C, read back and poisoned.
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

/// Element types of A and B, with C's type and their cuBLAS GEMM (none for fp8, whose
/// baseline is cuBLASLt's, [`super::lt`]).
pub trait Input: DeviceRepr + ValidAsZeroBits + Copy + Unpin + 'static {
    /// C's type.
    type Out: Element;
    /// cuBLAS's GEMM on the buffers as `cfg` describes them.
    fn gemm(
        blas: &CudaBlas,
        cfg: BlasConfig<Self::Out>,
        b: &CudaSlice<Self>,
        a: &CudaSlice<Self>,
        c: &mut CudaSlice<Self::Out>,
    ) -> Result<(), GpuError>;

    /// cuBLASLt's fp8 GEMM as planned (fp8 only).
    fn lt(
        _plan: &mut super::lt::LtMatmul,
        _a: &CudaSlice<Self>,
        _b: &CudaSlice<Self>,
        _c: &mut CudaSlice<Self::Out>,
    ) -> Result<(), GpuError> {
        Err(GpuError::Failed(
            "cuBLASLt's baseline is for fp8 inputs and bf16 C".into(),
        ))
    }
}

impl Input for half::bf16 {
    type Out = half::bf16;
    fn gemm(
        blas: &CudaBlas,
        cfg: BlasConfig<half::bf16>,
        b: &CudaSlice<Self>,
        a: &CudaSlice<Self>,
        c: &mut CudaSlice<half::bf16>,
    ) -> Result<(), GpuError> {
        // SAFETY: the buffers have the sizes the configuration describes.
        unsafe { blas.gemm(cfg, b, a, c) }.map_err(failed("cuBLAS gemm"))
    }
}

impl Input for half::f16 {
    type Out = half::f16;
    fn gemm(
        blas: &CudaBlas,
        cfg: BlasConfig<half::f16>,
        b: &CudaSlice<Self>,
        a: &CudaSlice<Self>,
        c: &mut CudaSlice<half::f16>,
    ) -> Result<(), GpuError> {
        // SAFETY: the buffers have the sizes the configuration describes.
        unsafe { blas.gemm(cfg, b, a, c) }.map_err(failed("cuBLAS gemm"))
    }
}

/// fp8 (e4m3 or e5m2) elements, as bytes; C is bf16.
impl Input for u8 {
    type Out = half::bf16;
    fn gemm(
        _: &CudaBlas,
        _: BlasConfig<half::bf16>,
        _: &CudaSlice<Self>,
        _: &CudaSlice<Self>,
        _: &mut CudaSlice<half::bf16>,
    ) -> Result<(), GpuError> {
        Err(GpuError::Failed(
            "cuBLAS has no fp8 GEMM: fp8's baseline is cuBLASLt".into(),
        ))
    }

    fn lt(
        plan: &mut super::lt::LtMatmul,
        a: &CudaSlice<Self>,
        b: &CudaSlice<Self>,
        c: &mut CudaSlice<half::bf16>,
    ) -> Result<(), GpuError> {
        plan.run(a, b, c)
    }
}

/// The library call the kernel is compared with, on the same buffers.
enum Baseline<C> {
    /// `cublasGemmEx` (16-bit types).
    Blas(BlasConfig<C>),
    /// `cublasLtMatmul` with the same scales (fp8).
    Lt(Box<super::lt::LtMatmul>),
    /// None, and why.
    None(String),
}

pub(crate) struct Problem<T: Input> {
    pub(crate) a: CudaSlice<T>,
    pub(crate) b: CudaSlice<T>,
    pub(crate) c: CudaSlice<T::Out>,
    /// fp8: the per-tensor scales of A and B (one f32 each, in device memory), and their
    /// product as the kernel computes it (`fl(s_a s_b)`).
    /// With `--scale block` the two slices are the block scales SFA and SFB instead.
    pub(crate) scales: Option<(CudaSlice<f32>, CudaSlice<f32>, f32)>,
    /// `--scale block`: SFA and SFB as the GPU reads them, and where they lie, for the fp64
    /// check.
    pub(crate) block: Option<(Vec<f32>, Vec<f32>, BlockScales)>,
    /// The baseline's C, for the relative error (empty without a baseline).
    pub(crate) reference: Vec<f32>,
    /// A and B as the GPU reads them (rounded to the element type, in their buffers' order),
    /// for the fp64 check.
    pub(crate) host_a: Vec<f32>,
    pub(crate) host_b: Vec<f32>,
    /// How A and B lie in their buffers.
    pub(crate) majors: Majors,
    baseline: Baseline<T::Out>,
    /// With `--flush-l2`: the buffer written before every timed run.
    scratch: Option<CudaSlice<u8>>,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

pub(crate) fn time_median(
    stream: &Arc<CudaStream>,
    ctx: &Arc<CudaContext>,
    reps: usize,
    mut prepare: impl FnMut() -> Result<(), GpuError>,
    mut f: impl FnMut() -> Result<(), GpuError>,
) -> Result<f64, GpuError> {
    for _ in 0..3 {
        f()?;
    }
    stream.synchronize().map_err(failed("synchronize"))?;
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        prepare()?;
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
    pub(crate) fn check_memory(
        &self,
        m: usize,
        n: usize,
        k: usize,
        majors: Majors,
        splits: usize,
    ) -> Result<(), GpuError> {
        use super::flags::{device_bytes, host_bytes};
        let need = device_bytes(m, n, k, majors, splits);
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
        let host = host_bytes(m, n, k, majors);
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

impl Gpu {
    /// The L2 flush buffer, when asked for.
    fn scratch(&self, flush_l2: bool) -> Result<Option<CudaSlice<u8>>, GpuError> {
        if !flush_l2 {
            return Ok(None);
        }
        let bytes = (2 * self.l2_bytes).max(1 << 20);
        Ok(Some(
            self.stream
                .alloc_zeros::<u8>(bytes)
                .map_err(failed("alloc the L2 flush buffer"))?,
        ))
    }

    /// A 16-bit problem: random A and B rounded to the type, cuBLAS's C as the reference.
    pub(crate) fn problem<T>(
        &self,
        (m, n, k): (usize, usize, usize),
        majors: Majors,
        flush_l2: bool,
    ) -> Result<Problem<T>, GpuError>
    where
        T: Input<Out = T> + Element,
    {
        self.check_memory(m, n, k, majors, 1)?;
        let (buf_a, buf_b) = majors.buffers(m, n, k);
        let ha: Vec<T> = padded(random_values(m * k, 1), buf_a, T::from_f32);
        let hb: Vec<T> = padded(random_values(n * k, 2), buf_b, T::from_f32);
        let a = self.stream.clone_htod(&ha).map_err(failed("copy A"))?;
        let b = self.stream.clone_htod(&hb).map_err(failed("copy B"))?;
        let c = self
            .stream
            .alloc_zeros::<T>(m * n)
            .map_err(failed("alloc C"))?;
        // C (row-major M×N) is column-major Cᵀ (N×M) = B (N×K) · Aᵀ (K×M). Read column-major, a
        // K-major B buffer is Bᵀ (K×N, ld its pitch): transposed; an N-major one is B. A K-major
        // A buffer is Aᵀ (K×M): as it is; an M-major one is A (M×K): transposed. The leading
        // dimensions are the buffers' padded pitches.
        let transa = match majors.b {
            Major::K => blas_sys::cublasOperation_t::CUBLAS_OP_T,
            Major::MN => blas_sys::cublasOperation_t::CUBLAS_OP_N,
        };
        let transb = match majors.a {
            Major::K => blas_sys::cublasOperation_t::CUBLAS_OP_N,
            Major::MN => blas_sys::cublasOperation_t::CUBLAS_OP_T,
        };
        let (lda, ldb) = (buf_b.pitch, buf_a.pitch);
        let blas = BlasConfig {
            transa,
            transb,
            m: n as i32,
            n: m as i32,
            k: k as i32,
            alpha: T::from_f32(1.0),
            lda: lda as i32,
            ldb: ldb as i32,
            beta: T::from_f32(0.0),
            ldc: n as i32,
        };
        let mut p = Problem {
            a,
            b,
            c,
            scales: None,
            block: None,
            reference: Vec::new(),
            host_a: ha.into_iter().map(T::to_f32).collect(),
            host_b: hb.into_iter().map(T::to_f32).collect(),
            majors,
            baseline: Baseline::Blas(blas),
            scratch: self.scratch(flush_l2)?,
        };
        self.reference(&mut p)?;
        Ok(p)
    }

    /// An fp8 problem: random A and B rounded to their formats on the host ([`crate::fp8`]),
    /// the per-tensor scales [`FP8_SCALES`], cuBLASLt's C as the reference (none for
    /// e5m2 × e5m2, or a shape cuBLASLt has no algorithm for). K-major only (the configuration
    /// refuses the rest before this).
    pub(crate) fn problem_fp8(
        &self,
        (m, n, k): (usize, usize, usize),
        (ta, tb): (Dtype, Dtype),
        majors: Majors,
        (flush_l2, fast_accum): (bool, bool),
        scaling: Scaling,
    ) -> Result<Problem<u8>, GpuError> {
        let (Some(fa), Some(fb)) = (ta.fp8(), tb.fp8()) else {
            return Err(GpuError::Failed(format!(
                "an fp8 problem of {ta} x {tb}: both must be fp8"
            )));
        };
        self.check_memory(m, n, k, majors, 1)?;
        let (buf_a, buf_b) = majors.buffers_of(m, n, k, 1);
        let scaled =
            |v: Vec<f32>| -> Vec<f32> { v.into_iter().map(|x| x * FP8_AMPLITUDE).collect() };
        let ha: Vec<u8> = padded(scaled(random_values(m * k, 1)), buf_a, |x| fa.encode(x));
        let hb: Vec<u8> = padded(scaled(random_values(n * k, 2)), buf_b, |x| fb.encode(x));
        let a = self.stream.clone_htod(&ha).map_err(failed("copy A"))?;
        let b = self.stream.clone_htod(&hb).map_err(failed("copy B"))?;
        let c = self
            .stream
            .alloc_zeros::<half::bf16>(m * n)
            .map_err(failed("alloc C"))?;
        let (sa, sb) = FP8_SCALES;
        // per tensor: one f32 each; per block: SFA and SFB (SFB's padding zero)
        let block = (scaling == Scaling::Block).then(|| {
            let at = BlockScales::of(m, n, k);
            let sfa = block_scale_values(at.sfa_len(), 3, sa);
            let mut sfb = vec![0f32; at.sfb_len()];
            let values = block_scale_values(at.n_blocks * at.k_blocks, 4, sb);
            for (nb, row) in values.chunks(at.k_blocks.max(1)).enumerate() {
                sfb[nb * at.sfb_pitch..nb * at.sfb_pitch + row.len()].copy_from_slice(row);
            }
            (sfa, sfb, at)
        });
        let (host_sa, host_sb) = match &block {
            Some((sfa, sfb, _)) => (sfa.clone(), sfb.clone()),
            None => (vec![sa], vec![sb]),
        };
        let scale_a = self
            .stream
            .clone_htod(&host_sa)
            .map_err(failed("copy scale_a"))?;
        let scale_b = self
            .stream
            .clone_htod(&host_sb)
            .map_err(failed("copy scale_b"))?;
        let baseline = match super::lt::unavailable(ta, tb) {
            Some(why) => Baseline::None(why),
            None => {
                let (pa, _ra) = scale_a.device_ptr(&self.stream);
                let (pb, _rb) = scale_b.device_ptr(&self.stream);
                let plan = super::lt::LtMatmul::plan(
                    &self.stream,
                    &super::lt::LtProblem {
                        mnk: (m, n, k),
                        types: (ta, tb),
                        buffers: (buf_a, buf_b),
                        scales: (pa, pb),
                        fast_accum,
                        block: block.is_some(),
                    },
                );
                match plan {
                    Ok(p) => Baseline::Lt(Box::new(p)),
                    Err(e) => Baseline::None(e.to_string()),
                }
            }
        };
        let mut p = Problem {
            a,
            b,
            c,
            scales: Some((scale_a, scale_b, sa * sb)),
            block,
            reference: Vec::new(),
            host_a: ha.into_iter().map(|x| fa.decode(x)).collect(),
            host_b: hb.into_iter().map(|x| fb.decode(x)).collect(),
            majors,
            baseline,
            scratch: self.scratch(flush_l2)?,
        };
        // a cuBLASLt call that fails (a shape its kernels refuse at run time) leaves the
        // problem without a baseline, not the kernel without a run
        if let Err(e) = self.reference(&mut p) {
            self.stream
                .synchronize()
                .map_err(failed("after cuBLASLt"))?;
            p.baseline = Baseline::None(format!("cuBLASLt failed: {e}"));
            p.reference.clear();
        }
        Ok(p)
    }

    /// The baseline's C read back as the reference (none without a baseline).
    fn reference<T: Input>(&self, p: &mut Problem<T>) -> Result<(), GpuError> {
        if matches!(p.baseline, Baseline::None(_)) {
            return Ok(());
        }
        self.cublas(p)?;
        p.reference = self
            .stream
            .clone_dtoh(&p.c)
            .map_err(failed("copy C"))?
            .into_iter()
            .map(<T::Out as Element>::to_f32)
            .collect();
        Ok(())
    }

    /// The baseline (cuBLAS, or cuBLASLt for fp8) on the problem (into its C).
    fn cublas<T: Input>(&self, p: &mut Problem<T>) -> Result<(), GpuError> {
        match &mut p.baseline {
            Baseline::Blas(cfg) => T::gemm(&self.blas, *cfg, &p.b, &p.a, &mut p.c),
            Baseline::Lt(plan) => T::lt(plan, &p.a, &p.b, &mut p.c),
            Baseline::None(why) => Err(GpuError::Failed(format!("no baseline: {why}"))),
        }
    }

    /// Before a timed run: L2 flushed when asked.
    fn flush<T: Input>(&self, p: &mut Problem<T>) -> Result<(), GpuError> {
        if let Some(s) = p.scratch.as_mut() {
            self.stream.memset_zeros(s).map_err(failed("flush L2"))?;
        }
        Ok(())
    }

    fn measure<T: Input>(
        &self,
        cfg: &Variant,
        p: &mut Problem<T>,
        timing: Timing,
    ) -> Result<Measurement, GpuError> {
        cfg.supports(&self.arch)
            .map_err(|e| GpuError::Unavailable(e.to_string()))?;
        let mut compiled = compile(&cfg.source(), &self.arch)?;
        let module = self
            .ctx
            .load_module(Ptx::from_binary(compiled.cubin.clone()))
            .map_err(failed("load module"))?;
        let f = module
            .load_function(cfg.kernel_name())
            .map_err(failed("load function"))?;
        // split-K: the partial tiles' workspace and the kernel that sums them
        let reduce = match cfg {
            Variant::Sm90(h) if h.split_k > 1 => {
                let r = module
                    .load_function(super::hopper::codegen::REDUCE_KERNEL_NAME)
                    .map_err(failed("load the split-K reduction"))?;
                let ws = self
                    .stream
                    .alloc_zeros::<f32>(h.workspace_floats())
                    .map_err(failed("alloc the split-K workspace"))?;
                let launch = LaunchConfig {
                    grid_dim: (
                        super::hopper::codegen::reduce_blocks(h, self.sms) as u32,
                        1,
                        1,
                    ),
                    block_dim: (super::hopper::codegen::REDUCE_THREADS as u32, 1, 1),
                    shared_mem_bytes: 0,
                };
                Some((r, std::cell::RefCell::new(ws), launch))
            }
            _ => None,
        };
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
        let poison: Vec<T::Out> = vec![<T::Out as Element>::from_f32(f32::NAN); m * n];
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
            b.arg(&mut p.c);
            let mut ws = reduce.as_ref().map(|r| r.1.borrow_mut());
            if let Some(ws) = ws.as_mut() {
                b.arg(&mut **ws);
            }
            if let Some((sa, sb, _)) = &p.scales {
                b.arg(sa).arg(sb);
            }
            b.arg(&mi).arg(&ni).arg(&ki);
            // SAFETY: the kernel reads A (M×K) and B (N×K), directly or through tensor maps of
            // them, and writes C (M×N) or, with split-K, the S × M × N partials, which these are.
            unsafe { b.launch(launch) }.map_err(failed("launch"))?;
            if let (Some((r, _, rl)), Some(ws)) = (&reduce, ws.as_mut()) {
                let mut b = self.stream.launch_builder(r);
                b.arg(&**ws).arg(&mut p.c);
                // SAFETY: the reduction reads the S × M × N partials and writes C (M×N).
                unsafe { b.launch(*rl) }.map_err(failed("launch the split-K reduction"))?;
            }
            Ok(())
        };
        go(p)?;
        self.stream.synchronize().map_err(failed("kernel"))?;
        let bits = self.stream.clone_dtoh(&p.c).map_err(failed("copy C"))?;
        // a second run, which must write the very same bits
        self.stream
            .memcpy_htod(&poison, &mut p.c)
            .map_err(failed("poison C"))?;
        go(p)?;
        self.stream.synchronize().map_err(failed("kernel"))?;
        let again = self.stream.clone_dtoh(&p.c).map_err(failed("copy C"))?;
        let repeatable = bits
            .iter()
            .zip(&again)
            .all(|(x, y)| x.to_f32().to_bits() == y.to_f32().to_bits());
        let got: Vec<f32> = bits.into_iter().map(<T::Out as Element>::to_f32).collect();
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
        let no_baseline = match &p.baseline {
            Baseline::None(why) => Some(why.clone()),
            _ => None,
        };
        let scale = match &p.block {
            Some((sfa, sfb, at)) => verify::Scale::Block { sfa, sfb, at: *at },
            None => verify::Scale::Tensor(p.scales.as_ref().map_or(1.0, |s| s.2 as f64)),
        };
        let host = verify::check_scaled(
            verify::Operands {
                a: &p.host_a,
                b: &p.host_b,
                majors: p.majors,
                elem: cfg.dtype().bytes(),
            },
            &got,
            (m, n, k),
            (cfg.dtype(), scale, !cfg.fast_accum()),
            &verify::sample(m, n),
        );
        // rounds: the baseline, then the kernel, on the same buffers, round after round
        let mut rounds = Vec::with_capacity(timing.rounds);
        for _ in 0..timing.rounds.max(1) {
            let cell = std::cell::RefCell::new(&mut *p);
            let cublas_ms = if no_baseline.is_some() {
                f64::NAN
            } else {
                time_median(
                    &self.stream,
                    &self.ctx,
                    timing.reps,
                    || self.flush(*cell.borrow_mut()),
                    || self.cublas(*cell.borrow_mut()),
                )?
            };
            let ms = time_median(
                &self.stream,
                &self.ctx,
                timing.reps,
                || self.flush(*cell.borrow_mut()),
                || go(*cell.borrow_mut()),
            )?;
            rounds.push((ms, cublas_ms));
        }
        Ok(Measurement {
            config: cfg.clone(),
            ms: median(rounds.iter().map(|r| r.0).collect()),
            cublas_ms: median(rounds.iter().map(|r| r.1).collect()),
            rel_err,
            no_baseline,
            host,
            rounds,
            compiled,
            measured_bank: None,
            repeatable,
        })
    }

    fn run_typed<T: Input>(
        &self,
        cfgs: &[Variant],
        timing: Timing,
        report: &mut dyn FnMut(&Measurement),
        make: &dyn Fn(&Variant) -> Result<Problem<T>, GpuError>,
    ) -> Result<Vec<Measurement>, GpuError> {
        // what a problem's buffers depend on: the majorness, the size, the types, the scaling
        let key = |c: &Variant| {
            (
                c.majors(),
                c.mnk(),
                c.dtype(),
                c.b_dtype(),
                c.fast_accum(),
                c.scaling(),
            )
        };
        let mut p = make(&cfgs[0])?;
        let mut held = key(&cfgs[0]);
        let mut out = Vec::new();
        for c in cfgs {
            // a configuration of another majorness (or size, or types) gets its own buffers
            if key(c) != held {
                drop(p);
                p = make(c)?;
                held = key(c);
            }
            let r = self.measure(c, &mut p, timing)?;
            report(&r);
            out.push(r);
        }
        Ok(out)
    }

    /// Verify every configuration (against cuBLAS and an fp64 host reference on a sample) and
    /// time it against cuBLAS in alternating rounds, all of one problem size and type, in the
    /// same process on the same data.
    pub fn run(
        &self,
        cfgs: &[Variant],
        timing: Timing,
        mut report: impl FnMut(&Measurement),
    ) -> Result<Vec<Measurement>, GpuError> {
        let Some(first) = cfgs.first() else {
            return Ok(Vec::new());
        };
        let flush = timing.flush_l2;
        match first.dtype() {
            Dtype::Bf16 => self.run_typed::<half::bf16>(cfgs, timing, &mut report, &|c| {
                self.problem(c.mnk(), c.majors(), flush)
            }),
            Dtype::F16 => self.run_typed::<half::f16>(cfgs, timing, &mut report, &|c| {
                self.problem(c.mnk(), c.majors(), flush)
            }),
            Dtype::E4m3 | Dtype::E5m2 => self.run_typed::<u8>(cfgs, timing, &mut report, &|c| {
                self.problem_fp8(
                    c.mnk(),
                    (c.dtype(), c.b_dtype()),
                    c.majors(),
                    (flush, c.fast_accum()),
                    c.scaling().unwrap_or(Scaling::Tensor),
                )
            }),
        }
    }
}
