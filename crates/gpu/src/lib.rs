//! `cute gemm`: a tiled tensor-core GEMM generated from layouts, JIT-compiled with NVRTC,
//! verified against cuBLAS and timed on the GPU; and `cute bank --measure`'s probe of a
//! shared-memory access pattern.
//!
//! The modules import one way (`python3 bench/rooms.py` finds no circle): [`flags`], [`config`],
//! [`emit`], [`nvrtc`], [`verify`] and [`device`] (the GPU session) at the bottom; the kernels'
//! generators ([`codegen`], [`hopper`]) above them; [`variant`], either path's configuration;
//! [`run`], which launches, verifies and times a variant; [`bank_probe`], [`report`], [`tune`]
//! and [`suite`]; and [`command`], `cute gemm` itself, on top.

pub mod bank_probe;
pub mod codegen;
pub mod command;
pub mod config;
pub mod device;
pub mod emit;
pub mod flags;
pub mod fp8;
pub mod hopper;
pub mod lt;
pub mod nvrtc;
pub mod report;
pub mod run;
pub mod suite;
pub mod tune;
pub mod variant;
pub mod verify;

/// The width of the terminal that standard output is, for the report's tables; `None` in a pipe.
pub fn terminal_width() -> Option<u16> {
    console::Term::stdout().size_checked().map(|(_, w)| w)
}
