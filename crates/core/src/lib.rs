//! The engine of `cute`, a calculator for CuTe layout algebra: everything that computes and
//! prints, with no terminal, command line or GPU (ARCHITECTURE.md).
//!
//! The [`algebra`] is pure; [`parser`] turns text (the notation, C++ and CuTe DSL spellings)
//! into spanned syntax; [`eval`] runs statements through the one function table; [`render`]
//! formats values; [`atoms`] and [`analysis`] model MMA/copy atoms and shared-memory access.
//! The caller hands in its interrupt and limits; nothing here is process-global.

#![deny(unsafe_code)]

pub mod algebra;
pub mod analysis;
pub mod atoms;
pub mod escape;
pub mod eval;
pub mod help;
pub mod limits;
pub mod parser;
pub mod render;
pub mod spelling;
pub mod statements;
