//! `cute`: a calculator for CuTe layout algebra.
//!
//! The [`algebra`] is pure; [`parser`] turns text into spanned syntax; [`eval`] runs
//! statements; [`render`] formats values.

pub mod algebra;
pub mod app;
pub mod diagnostic;
pub mod eval;
pub mod parser;
pub mod render;
pub mod statements;
