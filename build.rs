//! The `cute` executable is linked position-dependent (`-no-pie`) on Linux: its tables of
//! names, catalogs and function pointers then hold their final addresses in the file, so the
//! dynamic loader has no relative relocations to apply at each start (about 10,000, and a
//! private copy of every page they touch). A one-line `cute eval` starts ~134,000 instructions
//! sooner (BENCHMARKS.md, session 34). Only the binaries: the Python module is a shared
//! object and stays position-independent.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
