// The `cute` binary is linked as a position-dependent executable on Linux (GNU): a PIE's
// ~10,000 relative relocations (the tables' and panic locations' pointers) are applied by the
// dynamic loader at every start, ~135 k instructions of each `cute eval` process
// (BENCHMARKS.md, session 30). The code is compiled as before; only the link differs.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
