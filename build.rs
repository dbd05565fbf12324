//! How the `cute` executable is linked (the binaries only: the Python module is a shared object
//! and the libraries are not touched).
//!
//! - Position-dependent (`-no-pie`) on Linux: its tables of names, catalogs and function
//!   pointers then hold their final addresses in the file, so the dynamic loader has no
//!   relative relocations to apply at each start (about 10,000, and a private copy of every
//!   page they write). A one-line `cute eval` starts ~134,000 instructions sooner.
//! - Its hot functions together: on x86_64 Linux, where rustc links with its own LLD, the
//!   functions listed in bench/hot_symbols.txt (what the benchmark mixes run, hottest first;
//!   `bench/hot_symbols.py` writes it) are laid out first, in ~370 KB, instead of over the
//!   binary's 10 MB: the mix takes ~3% less processor time. A name a build no longer has is
//!   skipped.
//!
//! BENCHMARKS.md, session 34, has the measurements.

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=bench/hot_symbols.txt");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    let order = std::path::Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default())
        .join("bench/hot_symbols.txt");
    // (a package without the list, as one built from an archive of the sources alone, links
    // in the compiler's order)
    if lld_through_cc() && order.is_file() {
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}

/// Whether the executable is linked as rustc does by default on x86_64 Linux: through `cc`,
/// with rustc's own LLD (which reads a symbol ordering file; GNU ld does not). Any linker of
/// the user's own (`-C linker`, a flavor, a target's linker setting) is left as it is.
fn lld_through_cc() -> bool {
    let target = (
        env::var("CARGO_CFG_TARGET_ARCH"),
        env::var("CARGO_CFG_TARGET_ENV"),
    );
    if target != (Ok("x86_64".into()), Ok("gnu".into())) {
        return false;
    }
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let own_linker = [
        "linker",
        "link-self-contained",
        "linker-flavor",
        "linker-features",
    ]
    .iter()
    .any(|option| flags.contains(option));
    !own_linker && env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_none()
}
