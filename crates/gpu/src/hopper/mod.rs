//! The Hopper path of `cute gemm` (issue 6): `wgmma` fed by TMA, generated from the GMMA
//! shared-memory layouts.
//!
//! - [`config`]: the `SM90_64xNx16_*_SS<MA,MB>` atoms, the shared-memory layouts wgmma and TMA
//!   can use — CuTe's GMMA atoms of either majorness, every layout type (and the reasons for
//!   refusing others) — and the wgmma descriptor fields and TMA boxes derived from them.
//! - [`codegen`]: the warp-specialised kernel (1 producer warpgroup issuing TMA, 1–3 consumer
//!   warpgroups issuing wgmma, an mbarrier pipeline), all PTX inline, no CUDA headers; with
//!   `--cluster` TMA multicast of the shared tiles, with `--persistent` a grid of one block per
//!   SM walking the tiles, with `--tma-store` C through swizzled shared memory and a bulk store.
//! - [`run`]: TMA tensor maps through the driver (launch, verification and timing are shared with
//!   the mma.sync path: [`crate::run`], [`crate::variant`]).

pub mod choose;
pub mod codegen;
pub mod config;
pub mod run;
