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

/// Shorthand for a condition failure. Cold: the branch that fails is laid out away from the
/// algorithm's own path (its message built there too).
#[cold]
pub fn condition(op: &'static str, condition: impl Into<String>) -> AlgebraError {
    AlgebraError::Condition {
        op,
        condition: condition.into(),
    }
}

impl AlgebraError {
    /// The same failure, reported as happening inside `outer` (e.g. the composition a
    /// logical_divide is defined by): `logical_divide: composition: …`.
    #[cold]
    pub fn within(self, outer: &'static str) -> AlgebraError {
        match self {
            AlgebraError::Condition { op, condition } if op != outer => AlgebraError::Condition {
                op: outer,
                condition: prefixed(op, condition),
            },
            AlgebraError::LawViolated { op, law } if op != outer => AlgebraError::LawViolated {
                op: outer,
                law: prefixed(op, law),
            },
            other => other,
        }
    }

    /// The law and where it fails, without the operation's name (a law violation's text; any
    /// other failure's message).
    pub fn law_text(&self) -> String {
        match self {
            AlgebraError::LawViolated { law, .. } => law.clone(),
            other => other.to_string(),
        }
    }

    /// The message, as `Display` writes it (the text of a condition or a law reused, without
    /// the formatting machinery).
    pub fn into_message(self) -> String {
        match self {
            AlgebraError::Condition {
                op,
                condition: text,
            }
            | AlgebraError::LawViolated { op, law: text } => prefixed(op, text),
            AlgebraError::Limit(text) => text,
            other => other.to_string(),
        }
    }
}

/// `{op}: {text}`.
fn prefixed(op: &str, text: String) -> String {
    let mut s = String::with_capacity(op.len() + 2 + text.len());
    s.push_str(op);
    s.push_str(": ");
    s.push_str(&text);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_is_display() {
        for e in [
            AlgebraError::Overflow("size"),
            AlgebraError::DivisionByZero("shape_div"),
            condition("composition", "shape 8 is not divisible by 3"),
            condition("composition", "stride 3 …").within("logical_divide"),
            AlgebraError::LawViolated {
                op: "composition",
                law: "R(2) = 5, A(B(2)) = 6".into(),
            }
            .within("logical_product"),
            AlgebraError::Limit("too many".into()),
        ] {
            assert_eq!(e.clone().into_message(), e.to_string());
        }
    }
}
