//! The one integration-test binary: golden corpus, laws, bad input and the CLI.

mod bad_input;
mod cli;
mod golden;
mod helpers;
mod laws;
