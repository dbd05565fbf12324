//! Overflow-checked integer arithmetic, as CuTe's integer helpers but never wrapping.

use super::error::{AlgebraError, Result};

/// `a + b`, or an overflow error naming `op`.
pub fn add(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_add(b).ok_or(AlgebraError::Overflow(op))
}

/// `a - b`, or an overflow error naming `op`.
pub fn sub(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_sub(b).ok_or(AlgebraError::Overflow(op))
}

/// `a * b`, or an overflow error naming `op`.
pub fn mul(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_mul(b).ok_or(AlgebraError::Overflow(op))
}

/// C++ truncating division `a / b`.
pub fn div(a: i64, b: i64, op: &'static str) -> Result<i64> {
    if b == 0 {
        return Err(AlgebraError::DivisionByZero(op));
    }
    a.checked_div(b).ok_or(AlgebraError::Overflow(op))
}

/// C++ truncating remainder `a % b`.
pub fn rem(a: i64, b: i64, op: &'static str) -> Result<i64> {
    if b == 0 {
        return Err(AlgebraError::DivisionByZero(op));
    }
    a.checked_rem(b).ok_or(AlgebraError::Overflow(op))
}

/// CuTe's `ceil_div(a, b) = (a + b - 1) / b` on integers.
pub fn ceil_div(a: i64, b: i64, op: &'static str) -> Result<i64> {
    div(sub(add(a, b, op)?, 1, op)?, b, op)
}

/// `|a|`, or an overflow error for `i64::MIN`.
pub fn abs(a: i64, op: &'static str) -> Result<i64> {
    a.checked_abs().ok_or(AlgebraError::Overflow(op))
}
