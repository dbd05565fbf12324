//! Overflow-checked integer arithmetic, as CuTe's integer helpers but never wrapping.

use super::error::{AlgebraError, Result};

/// The overflow error: cold, so that the checked operations' failing branch is laid out away
/// from the algorithms that call them.
#[cold]
#[inline(never)]
fn overflow(op: &'static str) -> AlgebraError {
    AlgebraError::Overflow(op)
}

/// The division by zero error (cold, as [`overflow`]).
#[cold]
#[inline(never)]
fn division_by_zero(op: &'static str) -> AlgebraError {
    AlgebraError::DivisionByZero(op)
}

/// `a + b`, or an overflow error naming `op`.
#[inline]
pub fn add(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_add(b).ok_or_else(|| overflow(op))
}

/// `a - b`, or an overflow error naming `op`.
#[inline]
pub fn sub(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_sub(b).ok_or_else(|| overflow(op))
}

/// `a * b`, or an overflow error naming `op`.
#[inline]
pub fn mul(a: i64, b: i64, op: &'static str) -> Result<i64> {
    a.checked_mul(b).ok_or_else(|| overflow(op))
}

/// C++ truncating division `a / b`.
#[inline]
pub fn div(a: i64, b: i64, op: &'static str) -> Result<i64> {
    if b == 0 {
        return Err(division_by_zero(op));
    }
    a.checked_div(b).ok_or_else(|| overflow(op))
}

/// C++ truncating remainder `a % b`.
#[inline]
pub fn rem(a: i64, b: i64, op: &'static str) -> Result<i64> {
    if b == 0 {
        return Err(division_by_zero(op));
    }
    a.checked_rem(b).ok_or_else(|| overflow(op))
}

/// CuTe's `ceil_div(a, b) = (a + b - 1) / b` on integers.
#[inline]
pub fn ceil_div(a: i64, b: i64, op: &'static str) -> Result<i64> {
    div(sub(add(a, b, op)?, 1, op)?, b, op)
}

/// `|a|`, or an overflow error for `i64::MIN`.
pub fn abs(a: i64, op: &'static str) -> Result<i64> {
    a.checked_abs().ok_or_else(|| overflow(op))
}
