//! Errors of the layout algebra: each names the condition that failed.

use thiserror::Error;

/// A failure of an algebra operation. The message names the violated condition.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AlgebraError {
    /// A 64-bit signed integer operation overflowed.
    #[error("integer overflow in {0}")]
    Overflow(&'static str),
    /// Division or remainder by zero.
    #[error("division by zero in {0}")]
    DivisionByZero(&'static str),
    /// A precondition of the operation (CuTe's static_assert) does not hold.
    #[error("{op}: {condition}")]
    Condition {
        /// The operation that was refused.
        op: &'static str,
        /// The condition, in words.
        condition: String,
    },
    /// CuTe computes a result, but it breaks the operation's defining law.
    #[error("{op}: {law}")]
    LawViolated {
        /// The operation whose result was refused.
        op: &'static str,
        /// The law and where it fails.
        law: String,
    },
    /// Something is too large to compute or check.
    #[error("{0}")]
    Limit(String),
}

/// Result alias for the algebra.
pub type Result<T> = std::result::Result<T, AlgebraError>;

/// Shorthand for a condition failure.
pub fn condition(op: &'static str, condition: impl Into<String>) -> AlgebraError {
    AlgebraError::Condition {
        op,
        condition: condition.into(),
    }
}

impl AlgebraError {
    /// The same failure, reported as happening inside `outer` (e.g. the composition a
    /// logical_divide is defined by): `logical_divide: composition: …`.
    pub fn within(self, outer: &'static str) -> AlgebraError {
        match self {
            AlgebraError::Condition { op, condition } if op != outer => AlgebraError::Condition {
                op: outer,
                condition: format!("{op}: {condition}"),
            },
            AlgebraError::LawViolated { op, law } if op != outer => AlgebraError::LawViolated {
                op: outer,
                law: format!("{op}: {law}"),
            },
            other => other,
        }
    }
}
