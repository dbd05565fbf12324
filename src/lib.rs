//! `cute`: a calculator for CuTe layout algebra.
//!
//! The [`algebra`] is pure; [`parser`] turns text into spanned syntax; [`eval`] runs
//! statements; [`render`] formats values.

pub mod algebra;
pub mod analysis;
pub mod app;
pub mod atoms;
pub mod batch;
pub mod diagnostic;
pub mod eval;
pub mod gpu;
pub mod help;
pub mod input;
pub mod limits;
pub mod parser;
pub mod render;
pub mod repl;
pub mod statements;
