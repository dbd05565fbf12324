//! Analyses built on the layout algebra (pure: no I/O).

pub mod bank;
