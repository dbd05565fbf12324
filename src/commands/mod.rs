//! The commands of `cute`, one module each (as cargo's `commands/`): each takes what the command
//! line parsed ([`crate::cli`]) and the output and error streams, and returns the exit status.

pub mod atoms;
pub mod bank;
pub mod eval;
pub mod explain;
pub mod gemm;
pub mod help;
pub mod one_liner;
pub mod show;
