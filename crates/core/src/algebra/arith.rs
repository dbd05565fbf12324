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

/// A shift by `b` outside `0..64`: C++ leaves it undefined.
#[cold]
#[inline(never)]
fn shift_out_of_range(op: &'static str, b: i64) -> AlgebraError {
    AlgebraError::Condition {
        op,
        condition: format!("a shift by {b} is outside 0..63 (undefined in C++)"),
    }
}

/// C++'s `a << b` on integers: `a * 2^b`, the shift `b` in `0..64` (C++ leaves others
/// undefined: an error here), overflow an error.
#[inline]
pub fn shl(a: i64, b: i64, op: &'static str) -> Result<i64> {
    let shift = u32::try_from(b)
        .ok()
        .filter(|&s| s < 64)
        .ok_or_else(|| shift_out_of_range(op, b))?;
    let r = a.checked_shl(shift).ok_or_else(|| overflow(op))?;
    // the bits shifted out must be copies of the sign (no overflow)
    if r >> shift != a {
        return Err(overflow(op));
    }
    Ok(r)
}

/// C++'s `a >> b` on integers: the arithmetic shift (the sign copied in), `b` in `0..64`.
#[inline]
pub fn shr(a: i64, b: i64, op: &'static str) -> Result<i64> {
    let shift = u32::try_from(b)
        .ok()
        .filter(|&s| s < 64)
        .ok_or_else(|| shift_out_of_range(op, b))?;
    Ok(a >> shift)
}

/// The C++ integer operator spelled `op` (`+ - * / % << >> & ^ |`) on two integers, checked.
pub fn integer_op(op: &'static str, a: i64, b: i64) -> Result<i64> {
    match op {
        "+" => add(a, b, op),
        "-" => sub(a, b, op),
        "*" => mul(a, b, op),
        "/" => div(a, b, op),
        "%" => rem(a, b, op),
        "<<" => shl(a, b, op),
        ">>" => shr(a, b, op),
        "&" => Ok(a & b),
        "^" => Ok(a ^ b),
        "|" => Ok(a | b),
        _ => Err(AlgebraError::Condition {
            op: "integer arithmetic",
            condition: format!("'{op}' is not an integer operator"),
        }),
    }
}
