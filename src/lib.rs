//! `cute`, the command line: its commands, the REPL, terminal colour and files, over the engine
//! (the `cute` library, crates/core) and the GPU runner (`cute_gpu`, crates/gpu).

pub mod app;
pub mod batch;
pub mod diagnostic;
pub mod files;
pub mod input;
pub mod repl;
pub mod terminal;
