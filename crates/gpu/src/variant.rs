//! One kernel configuration of either path, so that validation, running, the sweep and the
//! reports treat both alike: the mma.sync path (issue 5) and the Hopper wgmma + TMA path (issue 6).

use std::fmt;

use super::config::{ConfigError, Dtype, GemmConfig, Scaling};
use super::flags::{GemmFlags, Majors};
use super::hopper::config::{HopperConfig, HopperConfigError, is_sm90};

/// Why there is no kernel to compile or run: the flags make no configuration of the path they
/// choose, or the configuration needs another architecture.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The mma.sync path refuses the flags.
    #[error(transparent)]
    Sm80(#[from] ConfigError),
    /// The Hopper path refuses the flags.
    #[error(transparent)]
    Sm90(#[from] HopperConfigError),
    /// A Hopper configuration for an architecture without wgmma.
    #[error("wgmma, TMA and setmaxnreg need sm_90a (a Hopper GPU), not {0}")]
    NeedsSm90a(String),
}

/// A validated kernel configuration.
// a sweep holds a few dozen at most: the size difference does not matter
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Variant {
    /// mma.sync + ldmatrix + cp.async (sm_80 and newer).
    Sm80(GemmConfig),
    /// wgmma + TMA with warp specialisation (sm_90a).
    Sm90(HopperConfig),
}

impl Variant {
    /// Validate flags: an SM90 atom in `--mma` takes the Hopper path.
    /// A Hopper knob (`--consumers`, `--cluster`, `--persistent`, `--tma-store`) without
    /// `--mma` takes the Hopper path with the default SM90 atom (the widest that fits the
    /// consumers' registers); so does an fp8 `--dtype` (only that path runs fp8).
    pub fn from_flags(f: &GemmFlags) -> Result<Variant, VariantError> {
        let fp8 = Dtype::parse(&f.dtype).is_ok_and(Dtype::is_fp8);
        if f.mma.is_none() && (f.hopper_knob().is_some() || fp8) {
            let mut g = f.clone();
            let consumers = f
                .consumers
                .unwrap_or(super::hopper::config::DEFAULT_CONSUMERS)
                .clamp(1, super::hopper::config::MAX_CONSUMERS);
            // promoted fp8 holds two sets of accumulators: the widest N of whole 64-column boxes
            let n = if fp8 && !f.fast_accum {
                let w = super::hopper::config::widest_n_with(consumers, 2);
                if w >= 64 { w / 64 * 64 } else { w }
            } else {
                super::hopper::config::widest_n(consumers)
            };
            g.mma = Some(super::hopper::config::sm90_mma(
                &f.dtype,
                f.b_dtype.as_deref(),
                n,
                f.majors,
            ));
            Ok(HopperConfig::from_flags(&g).map(Variant::Sm90)?)
        } else if is_sm90(f.mma.as_deref()) {
            Ok(HopperConfig::from_flags(f).map(Variant::Sm90)?)
        } else {
            Ok(GemmConfig::from_flags(f).map(Variant::Sm80)?)
        }
    }

    /// The path's name.
    pub fn path(&self) -> &'static str {
        match self {
            Variant::Sm80(_) => "mma.sync",
            Variant::Sm90(_) => "wgmma+TMA",
        }
    }

    /// The problem size.
    pub fn mnk(&self) -> (usize, usize, usize) {
        match self {
            Variant::Sm80(c) => (c.m, c.n, c.k),
            Variant::Sm90(c) => (c.m, c.n, c.k),
        }
    }

    /// How A and B lie in global memory.
    pub fn majors(&self) -> Majors {
        match self {
            Variant::Sm80(c) => c.majors,
            Variant::Sm90(c) => c.majors,
        }
    }

    /// The element type.
    pub fn dtype(&self) -> Dtype {
        match self {
            Variant::Sm80(c) => c.dtype,
            Variant::Sm90(c) => c.dtype,
        }
    }

    /// B's element type (A's but in the mixed fp8 forms).
    pub fn b_dtype(&self) -> Dtype {
        match self {
            Variant::Sm80(c) => c.dtype,
            Variant::Sm90(c) => c.b_dtype,
        }
    }

    /// The input types in words: `bf16`, `e4m3`, or `e5m2 x e4m3` when B's differs.
    pub fn types(&self) -> String {
        match self {
            Variant::Sm80(c) => c.dtype.name().to_string(),
            Variant::Sm90(c) => c.types(),
        }
    }

    /// fp8's scaling (`None` for 16-bit types).
    pub fn scaling(&self) -> Option<Scaling> {
        match self {
            Variant::Sm80(_) => None,
            Variant::Sm90(c) => c.scaling,
        }
    }

    /// fp8 summed by the tensor cores alone (`--fast-accum`), cuBLASLt's `FAST_ACCUM` likewise.
    pub fn fast_accum(&self) -> bool {
        match self {
            Variant::Sm80(_) => false,
            Variant::Sm90(c) => c.dtype.is_fp8() && !c.promote,
        }
    }

    /// The library the kernel is compared with: cuBLAS (`cublasGemmEx`) for 16-bit types,
    /// cuBLASLt (`cublasLtMatmul` with the same scales) for fp8.
    pub fn baseline(&self) -> &'static str {
        if self.dtype().is_fp8() {
            "cuBLASLt"
        } else {
            "cuBLAS"
        }
    }

    /// CTAs each output tile's K loop is split over (1: none; only the Hopper path splits).
    pub fn split_k(&self) -> usize {
        match self {
            Variant::Sm80(_) => 1,
            Variant::Sm90(c) => c.split_k,
        }
    }

    /// The generated CUDA C++.
    pub fn source(&self) -> String {
        match self {
            Variant::Sm80(c) => super::codegen::kernel_source(c),
            Variant::Sm90(c) => super::hopper::codegen::kernel_source(c),
        }
    }

    /// The kernel's entry point.
    pub fn kernel_name(&self) -> &'static str {
        match self {
            Variant::Sm80(_) => "cute_gemm",
            Variant::Sm90(_) => super::hopper::codegen::KERNEL_NAME,
        }
    }

    /// Threads per block.
    pub fn threads(&self) -> usize {
        match self {
            Variant::Sm80(c) => c.threads(),
            Variant::Sm90(c) => c.threads(),
        }
    }

    /// Dynamic shared memory per block.
    pub fn smem_bytes(&self) -> usize {
        match self {
            Variant::Sm80(c) => c.smem_bytes(),
            Variant::Sm90(c) => c.smem_bytes(),
        }
    }

    /// Tiles along M and N (one block each).
    pub fn tiles(&self) -> (usize, usize) {
        match self {
            Variant::Sm80(c) => c.tiles(),
            Variant::Sm90(c) => c.tiles(),
        }
    }

    /// Blocks to launch on a GPU with `sms` multiprocessors.
    pub fn grid_blocks(&self, sms: usize) -> usize {
        match self {
            Variant::Sm80(c) => {
                let (tm, tn) = c.tiles();
                tm * tn
            }
            Variant::Sm90(c) => c.grid_blocks(sms),
        }
    }

    /// Whether the architecture can run it (`sm_90a` for wgmma).
    pub fn supports(&self, arch: &str) -> Result<(), VariantError> {
        match self {
            Variant::Sm80(_) => Ok(()),
            Variant::Sm90(_) if arch == "sm_90a" => Ok(()),
            Variant::Sm90(_) => Err(VariantError::NeedsSm90a(arch.to_string())),
        }
    }

    /// The predicted shared-memory bank conflicts of the operand reads, in words: ldmatrix's
    /// reads of A on the mma.sync path; wgmma's core-matrix reads of A and B on the Hopper path
    /// (with the stages' layout types).
    pub fn predicted_conflicts(&self) -> String {
        let words = |d: Option<usize>| match d {
            Some(1) => "none".to_string(),
            Some(d) => format!("{d}-way"),
            None => "?".into(),
        };
        match self {
            Variant::Sm80(c) => words(c.predicted_ldmatrix_conflicts()),
            Variant::Sm90(c) => {
                use super::hopper::config::predicted_core_matrix_conflicts as core;
                let a = words(core(
                    &c.smem_a,
                    c.majors.a,
                    c.tile.0,
                    c.dtype.bytes() as i64,
                ));
                let b = words(core(
                    &c.smem_b,
                    c.majors.b,
                    c.tile.1,
                    c.b_dtype.bytes() as i64,
                ));
                let (sa, sb) = (c.desc_a.swizzle.name(), c.desc_b.swizzle.name());
                if a == b && sa == sb {
                    format!("{a} ({sa})")
                } else {
                    format!("A {a} ({sa}), B {b} ({sb})")
                }
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Sm80(c) => write!(f, "mma.sync {c}"),
            Variant::Sm90(c) => write!(f, "{c}"),
        }
    }
}
