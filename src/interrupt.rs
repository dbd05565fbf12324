//! Ctrl-C during a long evaluation: the REPL's handler raises a flag that the long loops (the
//! point-by-point law checks) poll, so the statement fails with `interrupted` and the session
//! goes on.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Raise the flag (from the signal handler).
pub fn raise() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Lower the flag before a statement runs.
pub fn clear() {
    INTERRUPTED.store(false, Ordering::Relaxed);
}

/// Whether Ctrl-C was pressed since the statement began.
pub fn raised() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
