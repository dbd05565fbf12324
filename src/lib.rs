//! `cute`, the command line: its grammar ([`cli`]), its commands ([`commands`]), the statement
//! runner, the REPL, terminal colour and files, over the engine (the `cute` library,
//! crates/core) and the GPU runner (`cute_gpu`, crates/gpu). ARCHITECTURE.md maps the rooms.

pub mod batch;
pub mod cli;
pub mod commands;
pub mod diagnostic;
pub mod files;
pub mod input;
pub mod output;
pub mod repl;
pub mod runner;
pub mod terminal;
