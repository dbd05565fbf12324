//! `cute bank --measure`: the access pattern of a bank report run on the GPU, so the predicted
//! conflict degree is confirmed by the hardware rather than only claimed.
//!
//! One CTA runs the TV layout's threads; each thread issues its accesses (one `ld.shared` of
//! the access width each, at the byte addresses the report computed) `REPS` times between two
//! `clock64()` reads, per warp. The same kernel then runs a conflict-free pattern of the same
//! shape (thread `t`'s access `j` at `(j*threads + t) * width`): the ratio of the two is the
//! measured slowdown, next to the predicted one (wavefronts over ideal wavefronts).

use super::device::{GpuError, failed};
use cudarc::driver::sys::CUfunction_attribute_enum;
use cudarc::driver::{LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;
use cute::analysis::bank::BankReport;

/// Timed repetitions of every access.
const REPS: u32 = 256;
/// The most accesses per thread the probe unrolls into registers.
const MAX_ACCESSES: usize = 32;
/// The most shared memory the probe uses (bytes): an H100/H200 CTA's.
const MAX_SMEM: i64 = 227 * 1024;

/// Why a bank report's pattern cannot be run by the probe (`--measure`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProbeError {
    /// No single shared-memory load has this width.
    #[error("--measure: no shared-memory load of {0} bytes")]
    NoLoadOfWidth(u32),
    /// The elements are not whole bytes.
    #[error("--measure needs whole-byte elements, not {0} bits")]
    NotWholeBytes(u32),
    /// Some access's values are not contiguous and aligned (the report has notes).
    #[error(
        "--measure needs each access's values contiguous and aligned in shared memory (see the report's notes)"
    )]
    IrregularAccesses,
    /// The report's thread count is not an index.
    #[error(transparent)]
    ThreadCount(#[from] std::num::TryFromIntError),
    /// More threads than one CTA runs (or none).
    #[error("--measure runs the TV layout's threads in one CTA: 1 to 1024, not {0}")]
    Threads(usize),
    /// More accesses per thread than the probe unrolls (or none).
    #[error("--measure unrolls each thread's accesses: 1 to {max}, not {0}", max = MAX_ACCESSES)]
    Accesses(usize),
    /// An access of the report covers no values.
    #[error("an access with no values")]
    EmptyAccess,
    /// An access lies outside the probe's shared memory.
    #[error("--measure: offset {0} lies outside {max} bytes of shared memory", max = MAX_SMEM)]
    OffsetOutside(i64),
    /// The pattern spans more shared memory than the probe has.
    #[error("--measure: the pattern spans {0} bytes, more than {max} of shared memory", max = MAX_SMEM)]
    SpanTooLarge(i64),
}

/// A pattern the probe cannot run, as a failure on the way (exit status 1, not 3).
impl From<ProbeError> for GpuError {
    fn from(e: ProbeError) -> Self {
        GpuError::Failed(e.to_string())
    }
}

pub use cute::analysis::bank::BankMeasurement;

/// Loads in flight per thread: the loads rotate over this many register slots and nothing waits
/// for their values until the clock is read, so about that many are always in flight and the
/// probe measures the shared-memory pipe's throughput (its wavefronts), not one load's latency
/// (about 30 cycles: 32 loads of one wavefront each cover it).
const BATCH: u32 = 32;

/// The probe's CUDA source for accesses of `width` bytes, `accesses` per thread.
pub fn probe_source(width: u32, accesses: usize) -> Result<String, ProbeError> {
    // (the PTX load, the registers of one load, how they fold into the accumulator)
    let (ty, lanes) = match width {
        16 => ("v4.u32", 4),
        8 => ("v2.u32", 2),
        4 => ("u32", 1),
        2 => ("u16", 1),
        1 => ("u8", 1),
        w => return Err(ProbeError::NoLoadOfWidth(w)),
    };
    let reg = if width == 2 { "h" } else { "r" };
    let var = if width == 2 {
        "unsigned short"
    } else {
        "unsigned"
    };
    let outs: Vec<String> = (0..lanes).map(|l| format!("%{l}")).collect();
    let binds: Vec<String> = (0..lanes)
        .map(|l| format!("\"={reg}\"(y[b][{l}])"))
        .collect();
    let load = format!(
        "asm volatile(\"ld.volatile.shared.{ty} {}{}{}, [%{lanes}];\" : {} : \"r\"(a[j]));",
        if lanes > 1 { "{" } else { "" },
        outs.join(","),
        if lanes > 1 { "}" } else { "" },
        binds.join(", ")
    );
    Ok(format!(
        r#"// cute bank --measure: {accesses} access(es) of {width} bytes per thread, {BATCH} in flight
extern "C" __global__ void bank_probe(const unsigned* __restrict__ addr, int reps,
                                      unsigned long long* cycles, unsigned* sink,
                                      int smem_bytes) {{
  extern __shared__ __align__(16) unsigned char smem[];
  const int t = threadIdx.x;
  const unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  for (int i = t; i < smem_bytes; i += blockDim.x) smem[i] = (unsigned char)i;
  unsigned a[{accesses}];
#pragma unroll
  for (int j = 0; j < {accesses}; ++j) a[j] = base + addr[t * {accesses} + j];
  unsigned acc = 0;
  {var} y[{BATCH}][{lanes}];
  __syncthreads();
  unsigned long long t0 = 0;
#pragma unroll
  for (int b = 0; b < {BATCH}; ++b)
#pragma unroll
    for (int l = 0; l < {lanes}; ++l) y[b][l] = 0;
  for (int r = -1; r < reps; ++r) {{
    // the clock is read once every earlier load has returned (acc depends on them all)
    if (r == 0) {{
#pragma unroll
      for (int b = 0; b < {BATCH}; ++b)
#pragma unroll
        for (int l = 0; l < {lanes}; ++l) acc ^= y[b][l];
      asm volatile("" :: "r"(acc) : "memory");
      __syncwarp();
      t0 = clock64();
    }}
#pragma unroll
    for (int j = 0; j < {accesses}; ++j) {{
#pragma unroll
      for (int b = 0; b < {BATCH}; ++b) {{
        // a load into slot b waits (write after write) for the one issued BATCH loads ago; a
        // volatile load, which the assembler keeps although its value is never read
        {load}
      }}
    }}
  }}
#pragma unroll
  for (int b = 0; b < {BATCH}; ++b)
#pragma unroll
    for (int l = 0; l < {lanes}; ++l) acc ^= y[b][l];
  asm volatile("" :: "r"(acc) : "memory");
  __syncwarp();
  const unsigned long long t1 = clock64();
  if ((t & 31) == 0) cycles[t >> 5] = t1 - t0;
  if (acc == 0x9e3779b9u) sink[0] = acc;
}}
"#
    ))
}

/// Byte addresses `[thread][access]` of the report's accesses, each the first byte of an
/// access of `access_bits`; refused where an access's values are not contiguous and aligned
/// (no single load reads them) or the elements are not whole bytes.
pub fn addresses(r: &BankReport) -> Result<(Vec<u32>, usize, i64), ProbeError> {
    if !r.elem_bits.is_multiple_of(8) {
        return Err(ProbeError::NotWholeBytes(r.elem_bits));
    }
    if !r.notes.is_empty() {
        return Err(ProbeError::IrregularAccesses);
    }
    let threads = usize::try_from(r.threads)?;
    if threads == 0 || threads > 1024 {
        return Err(ProbeError::Threads(threads));
    }
    let accesses = usize::try_from(r.values / r.values_per_access.max(1)).unwrap_or(0);
    if accesses == 0 || accesses > MAX_ACCESSES {
        return Err(ProbeError::Accesses(accesses));
    }
    let eb = i64::from(r.elem_bits / 8);
    let mut addr = vec![0u32; threads * accesses];
    let mut top = 0i64;
    for p in &r.phases {
        for a in &p.threads {
            let first = *a.offsets.first().ok_or(ProbeError::EmptyAccess)?;
            let byte = first
                .checked_mul(eb)
                .filter(|b| (0..MAX_SMEM).contains(b))
                .ok_or(ProbeError::OffsetOutside(first))?;
            top = top.max(byte + i64::from(r.access_bits / 8));
            let (t, j) = (a.thread as usize, p.access as usize);
            addr[t * accesses + j] = byte as u32;
        }
    }
    if top > MAX_SMEM {
        return Err(ProbeError::SpanTooLarge(top));
    }
    Ok((addr, accesses, top))
}

/// Run the report's pattern and the conflict-free one on GPU 0.
pub fn measure(r: &BankReport) -> Result<BankMeasurement, GpuError> {
    let (addr, accesses, top) = addresses(r)?;
    let threads = r.threads as usize;
    let width = r.access_bits / 8;
    let gpu = super::device::Gpu::open()?;
    let src = probe_source(width, accesses)?;
    let compiled = super::nvrtc::compile(&src, &gpu.arch)?;
    let module = gpu
        .ctx
        .load_module(Ptx::from_binary(compiled.cubin))
        .map_err(failed("load module"))?;
    let f = module
        .load_function("bank_probe")
        .map_err(failed("load function"))?;
    let baseline_addr: Vec<u32> = (0..threads)
        .flat_map(|t| (0..accesses).map(move |j| ((j * threads + t) as u32) * width))
        .collect();
    let smem =
        (top.max((threads * accesses) as i64 * i64::from(width)) as u32).next_multiple_of(16);
    f.set_attribute(
        CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        smem as i32,
    )
    .map_err(failed("raise the dynamic shared-memory limit"))?;
    let warps = threads.div_ceil(32);
    let run = |pattern: &[u32]| -> Result<f64, GpuError> {
        let d_addr = gpu
            .stream
            .clone_htod(pattern)
            .map_err(failed("copy addresses"))?;
        let mut d_cycles = gpu
            .stream
            .alloc_zeros::<u64>(warps)
            .map_err(failed("alloc"))?;
        let mut d_sink = gpu.stream.alloc_zeros::<u32>(1).map_err(failed("alloc"))?;
        let reps = REPS as i32;
        let smem_i = smem as i32;
        let cfg = LaunchConfig {
            grid_dim: (1, 1, 1),
            block_dim: (threads as u32, 1, 1),
            shared_mem_bytes: smem,
        };
        let mut per_run = Vec::new();
        for _ in 0..5 {
            let mut b = gpu.stream.launch_builder(&f);
            b.arg(&d_addr)
                .arg(&reps)
                .arg(&mut d_cycles)
                .arg(&mut d_sink)
                .arg(&smem_i);
            // SAFETY: the kernel reads `threads * accesses` addresses, writes one cycle count
            // per warp and at most one sink word, which these buffers hold.
            unsafe { b.launch(cfg) }.map_err(failed("launch"))?;
            gpu.stream.synchronize().map_err(failed("probe"))?;
            let c = gpu
                .stream
                .clone_dtoh(&d_cycles)
                .map_err(failed("copy cycles"))?;
            let mut per_access: Vec<f64> = c
                .iter()
                .map(|&x| x as f64 / (f64::from(REPS * BATCH) * accesses as f64))
                .collect();
            per_access.sort_by(f64::total_cmp);
            per_run.push(per_access[per_access.len() / 2]);
        }
        per_run.sort_by(f64::total_cmp);
        Ok(per_run[per_run.len() / 2])
    };
    let cycles = run(&addr)?;
    let baseline = run(&baseline_addr)?;
    let ideal = r.phases.len().max(1) as f64;
    Ok(BankMeasurement {
        device: gpu.name.clone(),
        cycles,
        baseline,
        predicted: r.wavefronts as f64 / ideal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute::analysis::bank::{SmemLayout, analyze};

    #[test]
    fn addresses_of_the_readme_pattern() {
        let smem = SmemLayout::Plain("(8,64):(64,1)".parse().unwrap());
        let r = analyze(&smem, &"(8,8):(1,8)".parse().unwrap(), 16, 128).unwrap();
        let (addr, accesses, top) = addresses(&r).unwrap();
        assert_eq!(accesses, 1);
        // thread t reads row t: 128 bytes apart
        assert_eq!(addr, (0..8).map(|t| t * 128).collect::<Vec<u32>>());
        assert_eq!(top, 7 * 128 + 16);
    }

    #[test]
    fn probe_compiles_to_text_for_every_width() {
        for w in [1, 2, 4, 8, 16] {
            assert!(probe_source(w, 4).unwrap().contains("bank_probe"));
        }
        assert!(probe_source(32, 4).is_err());
    }

    #[test]
    fn probe_compiles_with_nvrtc_where_it_is_installed() {
        if crate::nvrtc::missing_for_test() {
            return;
        }
        for w in [1, 2, 4, 8, 16] {
            let c = crate::nvrtc::compile(&probe_source(w, 8).unwrap(), "sm_90a")
                .unwrap_or_else(|e| panic!("{w} bytes: {e}"));
            assert_eq!(c.spill_bytes.unwrap_or(0), 0, "{w} bytes: spills");
        }
    }
}
