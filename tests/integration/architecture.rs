//! ARCHITECTURE.md's rooms: `bench/rooms.py` maps which top-level module of each crate imports
//! which, and fails on a circle (the rooms must make a line).

use std::path::Path;
use std::process::Command;

#[test]
fn the_rooms_make_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("bench/rooms.py"))
        .output()
        .expect("python3 runs bench/rooms.py (CI has python3)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("no circles"),
        "bench/rooms.py: {}\n{stdout}{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}
