//! Output formats, apart from computing: one module per format.

pub mod plain;
