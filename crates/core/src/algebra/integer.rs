//! An integer as CuTe has it: static (an integral constant, `Int<4>{}`, printed `_4`) or
//! dynamic (a run-time `int`, printed `4`), and CuTe's arithmetic of the two kinds
//! (integral_constant.hpp): an operation of two static integers is static, one with a dynamic
//! operand is dynamic, except where CuTe's mixed special cases give a static result whatever
//! the dynamic operand is: `_0 * x`, `x * _0`, `_0 / x`, `_0 % x` are `_0`, and so is `x % _1`
//! (`x % _-1`).
//!
//! Values are checked as [`arith`] checks them (never wrapping): an `Int` is the kind carried
//! beside the value the algorithms already compute.

use std::fmt;

use super::arith;
use super::error::Result;

/// An integer and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Int {
    /// The value.
    pub value: i64,
    /// Whether it is dynamic (a run-time value in CuTe).
    pub dynamic: bool,
}

impl Int {
    /// A static integer (`Int<v>{}`).
    #[inline]
    pub const fn st(value: i64) -> Int {
        Int {
            value,
            dynamic: false,
        }
    }

    /// A dynamic integer (a C++ `int`).
    #[inline]
    pub const fn dy(value: i64) -> Int {
        Int {
            value,
            dynamic: true,
        }
    }

    /// An integer of the given kind.
    #[inline]
    pub const fn of(value: i64, dynamic: bool) -> Int {
        Int { value, dynamic }
    }

    /// Whether it is static.
    #[inline]
    pub const fn is_static(self) -> bool {
        !self.dynamic
    }

    /// CuTe's `is_constant<n, T>`: static and equal to `n`.
    #[inline]
    pub const fn is_constant(self, n: i64) -> bool {
        !self.dynamic && self.value == n
    }

    /// The kind of `a op b` where no special case applies: dynamic if either is.
    #[inline]
    const fn both(a: Int, b: Int, value: i64) -> Int {
        Int {
            value,
            dynamic: a.dynamic || b.dynamic,
        }
    }

    /// `a + b`.
    #[inline]
    pub fn add(self, b: Int, op: &'static str) -> Result<Int> {
        Ok(Int::both(self, b, arith::add(self.value, b.value, op)?))
    }

    /// `a - b`.
    #[inline]
    pub fn sub(self, b: Int, op: &'static str) -> Result<Int> {
        Ok(Int::both(self, b, arith::sub(self.value, b.value, op)?))
    }

    /// `a * b` (`_0 * x` and `x * _0` are `_0`).
    ///
    /// The special cases are CuTe's for a static operand against a dynamic one: of two static
    /// operands the product is static whatever they are, so the kinds are tested once, first.
    #[inline]
    pub fn mul(self, b: Int, op: &'static str) -> Result<Int> {
        if (self.dynamic || b.dynamic) && (self.is_constant(0) || b.is_constant(0)) {
            return Ok(Int::st(0));
        }
        Ok(Int::both(self, b, arith::mul(self.value, b.value, op)?))
    }

    /// C++'s truncating `a / b` (`_0 / x` is `_0`).
    #[inline]
    pub fn div(self, b: Int, op: &'static str) -> Result<Int> {
        if b.dynamic && self.is_constant(0) {
            return Ok(Int::st(0));
        }
        Ok(Int::both(self, b, arith::div(self.value, b.value, op)?))
    }

    /// C++'s `a % b` (`_0 % x`, `x % _1`, `x % _-1` are `_0`).
    #[inline]
    pub fn rem(self, b: Int, op: &'static str) -> Result<Int> {
        if (b.dynamic && self.is_constant(0))
            || (self.dynamic && (b.is_constant(1) || b.is_constant(-1)))
        {
            return Ok(Int::st(0));
        }
        Ok(Int::both(self, b, arith::rem(self.value, b.value, op)?))
    }

    /// `a << b`, `a >> b`, `a ^ b`, `a | b` (dynamic if either is) and `a & b` (`_0 & x` and
    /// `x & _0` are `_0`): the operator spelled `op` ([`arith::integer_op`]).
    #[inline]
    pub fn bitwise(self, b: Int, op: &'static str) -> Result<Int> {
        if op == "&" && (self.dynamic || b.dynamic) && (self.is_constant(0) || b.is_constant(0)) {
            return Ok(Int::st(0));
        }
        Ok(Int::both(
            self,
            b,
            arith::integer_op(op, self.value, b.value)?,
        ))
    }

    /// CuTe's `ceil_div(a, b) = (a + b - _1) / b`: dynamic if either is (`a + b` is, and no
    /// special case of `/` applies to a dynamic numerator), computed as `arith::ceil_div` does,
    /// the same operations in the same order.
    #[inline]
    pub fn ceil_div(self, b: Int, op: &'static str) -> Result<Int> {
        Ok(Int::both(
            self,
            b,
            arith::ceil_div(self.value, b.value, op)?,
        ))
    }

    /// `abs(a)` (of the same kind).
    #[inline]
    pub fn abs(self, op: &'static str) -> Result<Int> {
        Ok(Int::of(arith::abs(self.value, op)?, self.dynamic))
    }

    /// `min(a, b)` (static only when both are).
    #[inline]
    pub fn min(self, b: Int) -> Int {
        Int::both(self, b, self.value.min(b.value))
    }

    /// `max(a, b)` (static only when both are).
    #[inline]
    pub fn max(self, b: Int) -> Int {
        Int::both(self, b, self.value.max(b.value))
    }
}

impl From<i64> for Int {
    /// A static integer.
    fn from(v: i64) -> Int {
        Int::st(v)
    }
}

impl fmt::Display for Int {
    /// The notation: `4`, `4?` for a dynamic one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dynamic {
            write!(f, "{}?", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

/// A truth value and its kind, as CuTe's `operator==` gives it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Truth {
    /// The truth.
    pub value: bool,
    /// Whether it is a run-time `bool` (a static `C<b>` otherwise).
    pub dynamic: bool,
}

impl Truth {
    /// `true_type`.
    pub const TRUE: Truth = Truth::st(true);
    /// `false_type`.
    pub const FALSE: Truth = Truth::st(false);

    /// A static truth (`bool_constant<value>`).
    pub const fn st(value: bool) -> Truth {
        Truth {
            value,
            dynamic: false,
        }
    }

    /// CuTe's `a && b`: a static `false` on either side is a static `false`; otherwise static
    /// only when both are.
    pub fn and(self, b: Truth) -> Truth {
        if self == Truth::FALSE || b == Truth::FALSE {
            return Truth::FALSE;
        }
        Truth {
            value: self.value && b.value,
            dynamic: self.dynamic || b.dynamic,
        }
    }

    /// CuTe's `a || b`: a static `true` on either side is a static `true`; otherwise static
    /// only when both are.
    pub fn or(self, b: Truth) -> Truth {
        if self == Truth::TRUE || b == Truth::TRUE {
            return Truth::TRUE;
        }
        Truth {
            value: self.value || b.value,
            dynamic: self.dynamic || b.dynamic,
        }
    }

    /// CuTe's `a < b` of two integers: `C<(a < b)>` when both are static, a `bool` otherwise.
    pub fn less(a: Int, b: Int) -> Truth {
        Truth {
            value: a.value < b.value,
            dynamic: a.dynamic || b.dynamic,
        }
    }

    /// `a == b` of two integers or basis elements (`1@0`): the same value and basis, a static
    /// and a dynamic one alike (`_4{} == 4` is true); a run-time truth where either is a
    /// run-time integer.
    pub fn same_stride(x: super::basis::Stride, y: super::basis::Stride) -> Truth {
        Truth {
            value: x.value == y.value && x.basis == y.basis,
            dynamic: x.dynamic || y.dynamic,
        }
    }

    /// CuTe's `a == b` of two integers: `C<a == b>` when both are static, a `bool` otherwise.
    pub fn equal(a: Int, b: Int) -> Truth {
        Truth {
            value: a.value == b.value,
            dynamic: a.dynamic || b.dynamic,
        }
    }
}

impl std::ops::Not for Truth {
    type Output = Truth;

    /// `!t`, of t's kind.
    fn not(self) -> Truth {
        Truth {
            value: !self.value,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_follow_integral_constant() {
        let (s, d) = (Int::st(4), Int::dy(4));
        assert_eq!(s.mul(s, "t").unwrap(), Int::st(16));
        assert_eq!(s.mul(d, "t").unwrap(), Int::dy(16));
        assert_eq!(Int::st(1).mul(d, "t").unwrap(), Int::dy(4));
        assert_eq!(Int::st(0).mul(d, "t").unwrap(), Int::st(0));
        assert_eq!(d.mul(Int::st(0), "t").unwrap(), Int::st(0));
        assert_eq!(Int::dy(0).mul(d, "t").unwrap(), Int::dy(0));
        assert_eq!(Int::st(0).div(d, "t").unwrap(), Int::st(0));
        assert_eq!(d.rem(Int::st(1), "t").unwrap(), Int::st(0));
        assert_eq!(d.add(Int::st(0), "t").unwrap(), Int::dy(4));
        assert_eq!(Int::st(7).ceil_div(s, "t").unwrap(), Int::st(2));
        assert_eq!(Int::st(7).ceil_div(d, "t").unwrap(), Int::dy(2));
        assert_eq!(Int::st(1).bitwise(s, "<<").unwrap(), Int::st(16));
        assert_eq!(Int::st(1).bitwise(d, "<<").unwrap(), Int::dy(16));
        assert_eq!(Int::st(0).bitwise(d, "&").unwrap(), Int::st(0));
        assert_eq!(d.bitwise(Int::st(0), "|").unwrap(), Int::dy(4));
        assert!(s.bitwise(Int::st(64), "<<").is_err());
        assert!(Int::st(i64::MAX).bitwise(Int::st(1), "<<").is_err());
        assert_eq!(Int::st(-16).bitwise(Int::st(2), ">>").unwrap(), Int::st(-4));
    }

    #[test]
    fn ceil_div_is_its_three_operations() {
        // `(a + b - _1) / b` step by step, kinds and errors included
        let by_steps = |a: Int, b: Int| a.add(b, "t")?.sub(Int::st(1), "t")?.div(b, "t");
        let values = [i64::MIN, -7, -1, 0, 1, 2, 3, 7, i64::MAX];
        for &x in &values {
            for &y in &values {
                for (kx, ky) in [(false, false), (false, true), (true, false), (true, true)] {
                    let (a, b) = (Int::of(x, kx), Int::of(y, ky));
                    assert_eq!(a.ceil_div(b, "t"), by_steps(a, b), "{a} {b}");
                }
            }
        }
    }
}
