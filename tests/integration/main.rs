//! The one integration-test binary: golden corpus, laws, bad input and the CLI.

mod api_basis;
mod api_layouts;
mod api_partition;
mod api_swizzled;
mod api_tuples;
mod atoms;
mod bad_input;
mod cli;
mod examples;
mod explain;
mod fastpath;
mod fuzz_regressions;
mod golden;
mod gpu;
mod helpers;
mod hopper;
mod hostile;
mod json_schema;
mod laws;
mod majors;
mod render;
mod roundtrip;
mod smem;
mod tmux;
mod transcripts;
mod tv;
