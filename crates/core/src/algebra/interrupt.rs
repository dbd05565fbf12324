//! Ctrl-C, handed in: the front end that can be interrupted (the REPL) makes an [`Interrupt`],
//! raises it from its signal handler and hands it to the evaluator, which hands it to the long
//! loops of the algebra (the point-by-point law checks, `explain --verify`). The algebra reads
//! no process-global: a caller that hands in nothing ([`Interrupt::never`]) is never stopped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that asks a running evaluation to stop; clones share it.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Option<Arc<AtomicBool>>);

impl Interrupt {
    /// Never raised (a caller with no Ctrl-C: `cute eval`, `cute explain`, the tests).
    pub fn never() -> Interrupt {
        Interrupt(None)
    }

    /// A flag, lowered, that [`Interrupt::raise`] on any clone raises.
    pub fn flag() -> Interrupt {
        Interrupt(Some(Arc::new(AtomicBool::new(false))))
    }

    /// Ask the evaluation to stop (from the signal handler).
    pub fn raise(&self) {
        if let Some(f) = &self.0 {
            f.store(true, Ordering::Relaxed);
        }
    }

    /// Lower the flag before a statement runs.
    pub fn clear(&self) {
        if let Some(f) = &self.0 {
            f.store(false, Ordering::Relaxed);
        }
    }

    /// Whether the evaluation was asked to stop since the flag was last lowered.
    #[inline]
    pub fn raised(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_never_is_never_raised() {
        let i = Interrupt::flag();
        let j = i.clone();
        assert!(!j.raised());
        i.raise();
        assert!(j.raised());
        j.clear();
        assert!(!i.raised());
        let n = Interrupt::never();
        n.raise();
        assert!(!n.raised());
    }
}
