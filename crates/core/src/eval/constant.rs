//! CuTe's typed static integers (numeric/integral_constant.hpp) where the text names a value
//! type other than `int`: `integral_constant<T, v>` (a class of its own, derived from `C<v>`)
//! and `C<v>` of a `v` whose type is not `int` (what arithmetic of typed constants gives,
//! `C<t op u>`). `Int<v>`, `C<v>` of an int and `_4` stay the plain static integer of the
//! algebra ([`Value::IntTuple`]), `C<b>` of a bool the static truth ([`Value::Bool`]): every
//! other function of the table sees a typed constant as that static integer
//! ([`lowered`]), so the type costs nothing where the text does not name it.

use super::{EvalError, Value};
use crate::algebra::IntTuple;
use crate::parser::Span;
use crate::parser::ast::{BinOp, UnOp};

/// A C++ integer type (LP64, as CuTe's host compiler has them: `int64_t` is `long`,
/// `size_t` and `uint64_t` `unsigned long`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntType {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl IntType {
    /// The type a C++ spelling names (`uint32_t`, `std::size_t`, `unsigned int`, `long`).
    pub fn of_name(name: &str) -> Option<IntType> {
        let name = name.trim();
        let name = name.strip_prefix("std::").unwrap_or(name);
        let name = name.strip_prefix("cute::").unwrap_or(name);
        Some(match name {
            "bool" => IntType::Bool,
            "char" => IntType::Char,
            "signed char" | "int8_t" => IntType::SChar,
            "unsigned char" | "uint8_t" => IntType::UChar,
            "short" | "short int" | "signed short" | "int16_t" => IntType::Short,
            "unsigned short" | "unsigned short int" | "uint16_t" => IntType::UShort,
            "int" | "signed" | "signed int" | "int32_t" => IntType::Int,
            "unsigned" | "unsigned int" | "uint32_t" => IntType::UInt,
            "long" | "long int" | "signed long" | "int64_t" | "ptrdiff_t" | "intptr_t" => {
                IntType::Long
            }
            "unsigned long" | "unsigned long int" | "uint64_t" | "size_t" | "uintptr_t" => {
                IntType::ULong
            }
            "long long" | "long long int" | "signed long long" => IntType::LongLong,
            "unsigned long long" | "unsigned long long int" => IntType::ULongLong,
            _ => return None,
        })
    }

    /// Its C++ name.
    pub fn name(self) -> &'static str {
        match self {
            IntType::Bool => "bool",
            IntType::Char => "char",
            IntType::SChar => "signed char",
            IntType::UChar => "unsigned char",
            IntType::Short => "short",
            IntType::UShort => "unsigned short",
            IntType::Int => "int",
            IntType::UInt => "unsigned int",
            IntType::Long => "long",
            IntType::ULong => "unsigned long",
            IntType::LongLong => "long long",
            IntType::ULongLong => "unsigned long long",
        }
    }

    /// `sizeof(T)`.
    pub fn size(self) -> i64 {
        match self {
            IntType::Bool | IntType::Char | IntType::SChar | IntType::UChar => 1,
            IntType::Short | IntType::UShort => 2,
            IntType::Int | IntType::UInt => 4,
            _ => 8,
        }
    }

    /// cute's element type of its width and signedness (`size_t`: `uint64_t`), `None` of
    /// `bool`.
    pub(crate) fn elem_type(self) -> Option<super::storage::ElemType> {
        if self == IntType::Bool {
            return None;
        }
        let bits = u32::try_from(self.size() * 8).ok()?;
        super::storage::ElemType::of_int(bits, !self.unsigned())
    }

    /// Whether its values are unsigned (`bool` and `char` count as their promotion does).
    fn unsigned(self) -> bool {
        matches!(
            self,
            IntType::Bool
                | IntType::UChar
                | IntType::UShort
                | IntType::UInt
                | IntType::ULong
                | IntType::ULongLong
        )
    }

    /// Its integer conversion rank.
    fn rank(self) -> u8 {
        match self {
            IntType::Bool => 0,
            IntType::Char | IntType::SChar | IntType::UChar => 1,
            IntType::Short | IntType::UShort => 2,
            IntType::Int | IntType::UInt => 3,
            IntType::Long | IntType::ULong => 4,
            IntType::LongLong | IntType::ULongLong => 5,
        }
    }

    /// C++'s integral promotion: a type narrower than `int` is `int`.
    fn promoted(self) -> IntType {
        if self.rank() < 3 { IntType::Int } else { self }
    }

    /// The unsigned type of its width.
    fn to_unsigned(self) -> IntType {
        match self {
            IntType::Int => IntType::UInt,
            IntType::Long => IntType::ULong,
            IntType::LongLong => IntType::ULongLong,
            t => t,
        }
    }

    /// C++'s usual arithmetic conversions of two operands' types (after promotion).
    fn common(a: IntType, b: IntType) -> IntType {
        let (a, b) = (a.promoted(), b.promoted());
        if a == b {
            return a;
        }
        if a.unsigned() == b.unsigned() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (u, s) = if a.unsigned() { (a, b) } else { (b, a) };
        if u.rank() >= s.rank() {
            u
        } else if s.size() > u.size() {
            s
        } else {
            s.to_unsigned()
        }
    }

    /// `v` converted to this type (C++'s integral conversion: modulo 2^bits; `bool` is `v != 0`).
    fn convert(self, v: i128) -> i128 {
        if self == IntType::Bool {
            return i128::from(v != 0);
        }
        let bits = 8 * self.size() as u32;
        let m = v.rem_euclid(1i128 << bits);
        if !self.unsigned() && m >= 1i128 << (bits - 1) {
            m - (1i128 << bits)
        } else {
            m
        }
    }
}

/// Which class template a typed constant is an object of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstantClass {
    /// CuTe's `C<v>` (of a `v` whose type is not `int` or `bool`).
    C,
    /// CuTe's `integral_constant<T, v>` (a class of its own, derived from `C<v>`).
    Cute,
    /// The standard library's `std::integral_constant<T, v>`: not CuTe's. CuTe reads it as a
    /// static integer (`is_static`, `get`, a tuple's element), but its arithmetic is the
    /// value's (`std::integral_constant<int,42>{} + 1` converts it: the run-time `43`), and
    /// CuTe's `print` of it is ambiguous (it does not compile).
    Std,
}

/// A static integer with its C++ type: `integral_constant<T, v>` (CuTe's or the standard
/// library's), or `C<v>` of a `v` of type T (not `int` or `bool`, which are the algebra's
/// static integer and truth).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Constant {
    /// The value's bits (two's complement of the type's width, sign-extended).
    bits: u64,
    /// The value's type.
    pub ty: IntType,
    /// The class template it is an object of.
    pub class: ConstantClass,
}

impl Constant {
    /// The constant `v` converted to type `ty` (C++'s integral conversion, as g++ converts a
    /// template argument: `integral_constant<uint32_t, -1>` is `_4294967295`).
    pub fn new(ty: IntType, v: i128, class: ConstantClass) -> Constant {
        Constant {
            bits: ty.convert(v) as u64,
            ty,
            class,
        }
    }

    /// Whether it is the standard library's `std::integral_constant<T, v>`.
    pub fn is_std(self) -> bool {
        self.class == ConstantClass::Std
    }

    /// Its value.
    pub fn value(self) -> i128 {
        if self.ty.unsigned() {
            i128::from(self.bits)
        } else {
            i128::from(self.bits as i64)
        }
    }

    /// The value of `C<v>` (no longer an `integral_constant`): a plain static integer for an
    /// `int`, a static truth for a `bool`.
    pub fn bare(ty: IntType, v: i128) -> Value {
        match ty {
            IntType::Int => Value::IntTuple(IntTuple::int_of(v as i64, false)),
            IntType::Bool => Value::Bool(v != 0),
            _ => Value::Constant(Constant {
                bits: v as u64,
                ty,
                class: ConstantClass::C,
            }),
        }
    }

    /// CuTe's `operator value_type()`: its value as the algebra's static integer.
    pub fn as_static(self, span: Span) -> Result<Value, EvalError> {
        self.as_int(false, span)
    }

    /// Its value as the algebra's integer of the kind asked (`dynamic`), where it fits.
    fn as_int(self, dynamic: bool, span: Span) -> Result<Value, EvalError> {
        let v = i64::try_from(self.value()).map_err(|_| {
            EvalError::new(
                format!(
                    "{} does not fit the integers cute computes layouts with (64-bit signed)",
                    self.value()
                ),
                span,
            )
        })?;
        Ok(Value::IntTuple(IntTuple::int_of(v, dynamic)))
    }

    /// Its C++ type as written (`integral_constant<unsigned int,5>`, `C<5u>`,
    /// `std::integral_constant<int,43>`).
    pub fn type_name(self) -> String {
        match self.class {
            ConstantClass::Cute => {
                format!("integral_constant<{},{}>", self.ty.name(), self.value())
            }
            ConstantClass::Std => {
                format!(
                    "std::integral_constant<{},{}>",
                    self.ty.name(),
                    self.value()
                )
            }
            ConstantClass::C => format!("C<{}>", self.value()),
        }
    }

    /// The value it converts to (`operator value_type()`): the run-time integer C++'s
    /// arithmetic computes with where no overload of CuTe's takes it (a `std::integral_constant`).
    fn converted(self, span: Span) -> Result<Value, EvalError> {
        self.as_int(true, span)
    }
}

impl std::fmt::Display for Constant {
    /// CuTe's `print(C<v>)`: `_` and the value (a bool's as `1`/`0`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "_{}", self.value())
    }
}

/// The static integer of a type `v` is, as a constant: a typed constant, the algebra's static
/// integer (`C<v>` of an int) or truth (`C<b>` of a bool).
fn of_value(v: &Value) -> Option<Constant> {
    match v {
        Value::Constant(c) => Some(*c),
        Value::Bool(b) => Some(Constant {
            bits: u64::from(*b),
            ty: IntType::Bool,
            class: ConstantClass::C,
        }),
        Value::IntTuple(t) if !t.has_basis() => match t.as_int_kind() {
            Some((x, false)) => Some(Constant {
                bits: x as u64,
                ty: IntType::Int,
                class: ConstantClass::C,
            }),
            _ => None,
        },
        _ => None,
    }
}

/// `a op b` where either is a typed constant: of two static integers, CuTe's
/// `C<(t op u)>` with C++'s conversions (unsigned arithmetic wraps, a comparison is a `bool`);
/// with any other operand, the constant's value as the static integer it converts to.
/// `None` where neither is a typed constant.
pub(super) fn binary(
    op: BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    // `array<T, N> == array<T, N>` (container/array.hpp): C++'s `bool`, element by element
    if let (Value::Array(x), Value::Array(y), BinOp::Eq | BinOp::Ne) = (a, b, op)
        && x.element == y.element
        && x.items.len() == y.items.len()
    {
        let same = x.items == y.items;
        let r = i64::from(same == (op == BinOp::Eq));
        return Some(Ok(Value::IntTuple(IntTuple::int_of(r, true))));
    }
    // `std::integral_constant` has no operators of CuTe's: C++ converts it to its value
    let std_converted = |v: &Value| match v {
        Value::Constant(c) if c.is_std() => c.converted(span).map(Some),
        _ => Ok(None),
    };
    match (std_converted(a), std_converted(b)) {
        (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
        (Ok(None), Ok(None)) => {}
        (Ok(x), Ok(y)) => {
            let a = x.unwrap_or_else(|| a.clone());
            let b = y.unwrap_or_else(|| b.clone());
            return Some(binary(op, &a, &b, span).unwrap_or_else(|| {
                lower_pair(&a, &b, span)
                    .and_then(|(a, b)| super::binary(op, &a, span, &b, span, span))
            }));
        }
    }
    // `&&` and `||` are the evaluator's (`b` only where `a` does not decide)
    if (!matches!(a, Value::Constant(_)) && !matches!(b, Value::Constant(_)))
        || matches!(op, BinOp::And | BinOp::Or)
    {
        return None;
    }
    let (Some(x), Some(y)) = (of_value(a), of_value(b)) else {
        return Some(
            lower_pair(a, b, span).and_then(|(a, b)| super::binary(op, &a, span, &b, span, span)),
        );
    };
    Some(static_binary(op, x, y, span))
}

/// CuTe's `C<t> op C<u>` of two `int` constants (`_65536{} * _65536{}`, `Int<t>{} << Int<u>{}`)
/// in C++ text, where C++'s `int` arithmetic differs from the notation's 64-bit static integers
/// (SPEC §3): `C<(t op u)>` is no constant expression where `t op u` is undefined behaviour (a
/// result past `int`, a shift past 31 bits or of a negative value: C++17), so the overload
/// drops out and C++ computes it at run time in `int` (the constants' conversion): undefined
/// behaviour, an error (g++ -O0 shows it wrapped: `_65536{} * _65536{}` prints 0). A left
/// shift into the sign bit is C++17's constant (`_1{} << Int<31>{}` is `_-2147483648`).
/// `None` where the algebra's static arithmetic answers as C++ does (or an operand is no
/// static integer of an `int`'s value).
pub(super) fn int_constant_binary(
    op: BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let int_constant = |v: &Value| match v {
        Value::IntTuple(t) if !t.has_basis() => match t.as_int_kind() {
            Some((x, false)) if x as i32 as i64 == x => Some(x),
            _ => None,
        },
        _ => None,
    };
    let (t, u) = (int_constant(a)?, int_constant(b)?);
    let past = |why: String| {
        Some(Err(EvalError::new(
            format!(
                "integer overflow: {why}: C<(t {} u)> is no constant expression, so C++ computes it at run time in int, the constants' type (undefined behaviour in C++)",
                op.symbol()
            ),
            span,
        )))
    };
    let exact = match op {
        BinOp::Add => t + u,
        BinOp::Sub => t - u,
        BinOp::Product => t * u,
        // (a division by zero is the algebra's error)
        BinOp::Divide if u != 0 => t / u,
        BinOp::Rem if u == -1 && t == i64::from(i32::MIN) => {
            return past(format!("the int quotient of {t} % {u} is past int's range"));
        }
        BinOp::Shl | BinOp::Shr if !(0..32).contains(&u) => {
            return past(format!("a shift of the int {t} by {u} (not in 0..32)"));
        }
        BinOp::Shl if t < 0 => {
            return past(format!("a left shift of the negative int {t}"));
        }
        BinOp::Shl => {
            let r = t << u;
            if r > i64::from(u32::MAX) {
                return past(format!(
                    "the int value {r} of {t} << {u} is past int's (and unsigned's) range"
                ));
            }
            // into the sign bit: C++17's value, the unsigned result's bits as an `int`
            return (r != r as i32 as i64)
                .then(|| Ok(Value::IntTuple(IntTuple::int_of(r as i32 as i64, false))));
        }
        _ => return None,
    };
    if exact as i32 as i64 != exact {
        return Some(Err(EvalError::new(
            crate::algebra::integer::int_constants_overflow(t, u, exact, op.symbol()),
            span,
        )));
    }
    None
}

/// Both operands as the algebra's values.
fn lower_pair(a: &Value, b: &Value, span: Span) -> Result<(Value, Value), EvalError> {
    Ok((lowered(a, span)?, lowered(b, span)?))
}

/// `C<(t op u)>`.
fn static_binary(op: BinOp, x: Constant, y: Constant, span: Span) -> Result<Value, EvalError> {
    let (t, u) = (x.value(), y.value());
    let truth = |b: bool| Ok(Value::Bool(b));
    match op {
        BinOp::Eq => return truth(t == u),
        BinOp::Ne => return truth(t != u),
        BinOp::Lt => return truth(compare(x, y).is_lt()),
        BinOp::Le => return truth(compare(x, y).is_le()),
        BinOp::Gt => return truth(compare(x, y).is_gt()),
        BinOp::Ge => return truth(compare(x, y).is_ge()),
        _ => {}
    }
    // a shift has its left operand's promoted type; the others the common type
    let shift = matches!(op, BinOp::Shl | BinOp::Shr);
    let ty = if shift {
        x.ty.promoted()
    } else {
        IntType::common(x.ty, y.ty)
    };
    let (t, u) = if shift {
        (ty.convert(t), u)
    } else {
        (ty.convert(t), ty.convert(u))
    };
    let bits = 8 * ty.size() as i128;
    let r = match op {
        BinOp::Add => t + u,
        BinOp::Sub => t - u,
        // of two 64-bit unsigned values the product passes i128: its bits modulo 2^128 keep
        // the result modulo 2^64, C++'s (a signed product, |t|, |u| <= 2^63, stays exact)
        BinOp::Product => t.wrapping_mul(u),
        BinOp::Divide | BinOp::Rem if u == 0 => {
            return Err(EvalError::new(
                "division by zero (CuTe does not compile it)",
                span,
            ));
        }
        BinOp::Divide => t / u,
        BinOp::Rem => t % u,
        BinOp::BitAnd => t & u,
        BinOp::BitOr => t | u,
        BinOp::BitXor => t ^ u,
        BinOp::Shl | BinOp::Shr if !(0..bits).contains(&u) => {
            return Err(EvalError::new(
                format!(
                    "a shift by {u} of a {}-bit {} (undefined behaviour in C++)",
                    bits,
                    ty.name()
                ),
                span,
            ));
        }
        BinOp::Shl => t << u,
        BinOp::Shr => t >> u,
        _ => {
            return Err(EvalError::new(
                format!("'{}' is not an operator of integral constants", op.symbol()),
                span,
            ));
        }
    };
    let wrapped = ty.convert(r);
    if !ty.unsigned() && wrapped != r && !matches!(op, BinOp::Shl) {
        return Err(EvalError::new(
            format!(
                "the {} value {r} overflows (undefined behaviour in C++: C<(t {} u)> is no constant expression)",
                ty.name(),
                op.symbol()
            ),
            span,
        ));
    }
    Ok(Constant::bare(ty, wrapped))
}

/// C++'s comparison of two integers of their common type (`-1 < 0u` is false).
fn compare(x: Constant, y: Constant) -> std::cmp::Ordering {
    let ty = IntType::common(x.ty, y.ty);
    ty.convert(x.value()).cmp(&ty.convert(y.value()))
}

/// `op c` of a typed constant: `C<(op t)>` of its promoted type (`!` a `bool`).
pub(super) fn unary(
    op: UnOp,
    v: &Value,
    vspan: Span,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let Value::Constant(c) = v else {
        return None;
    };
    if c.is_std() {
        return match c.converted(span) {
            Ok(x) => Some(super::unary(op, &x, vspan, span)),
            Err(e) => Some(Err(e)),
        };
    }
    let ty = c.ty.promoted();
    let t = c.value();
    Some(match op {
        // Python's `*x` unpacks and C++'s `*p` dereferences: neither takes a constant (the
        // caller's error)
        UnOp::Splat | UnOp::Deref => return None,
        UnOp::Not => Ok(Value::Bool(t == 0)),
        UnOp::Plus => Ok(Constant::bare(ty, t)),
        UnOp::BitNot => Ok(Constant::bare(ty, ty.convert(!t))),
        UnOp::Neg => {
            let r = ty.convert(-t);
            if !ty.unsigned() && r != -t {
                Err(EvalError::new(
                    format!("the {} value -({t}) overflows", ty.name()),
                    span,
                ))
            } else {
                Ok(Constant::bare(ty, r))
            }
        }
    })
}

/// CuTe's `print` of a value holding a `std::integral_constant` (in a tuple too): it does not
/// compile (`print(std::integral_constant<int, 43>)` is ambiguous between util/print.hpp's
/// overloads of an integral and of CuTe's `C<v>`), named as such.
pub(super) fn check_printable(v: &Value, span: Span) -> Result<(), EvalError> {
    match v {
        Value::Constant(c) if c.is_std() => Err(EvalError::new(
            format!(
                "print of a {}: CuTe does not compile it (the call of print is ambiguous: util/print.hpp's print of an integral and of C<v> both take it); print its ::value",
                c.type_name()
            ),
            span,
        )),
        Value::Tuple(items) => items.iter().try_for_each(|x| check_printable(x, span)),
        _ => Ok(()),
    }
}

/// Whether a value holds a typed constant or an `array<T, N>` (in a tuple too): one that a
/// function of the table takes as the algebra's value ([`lowered`]).
#[inline]
pub(crate) fn is_typed(v: &Value) -> bool {
    match v {
        Value::Constant(_) | Value::Array(_) => true,
        // a tuple of layouts (a tiler), the common case, is answered without a call per item
        Value::Tuple(items) => items.iter().any(|x| match x {
            Value::Constant(_) | Value::Array(_) => true,
            Value::Tuple(_) => is_typed_nested(x),
            _ => false,
        }),
        _ => false,
    }
}

/// [`is_typed`] of a tuple in a tuple, out of line (the recursion stays out of the caller).
#[inline(never)]
fn is_typed_nested(v: &Value) -> bool {
    is_typed(v)
}

/// A value as the algebra has it: a typed constant its static integer, an array the tuple of
/// its elements, a tuple of them the IntTuple.
pub(crate) fn lowered(v: &Value, span: Span) -> Result<Value, EvalError> {
    match v {
        Value::Constant(c) => c.as_static(span),
        Value::Array(a) => Ok(Value::tuple(a.items.clone())),
        Value::Tuple(items) if items.iter().any(is_typed) => Ok(Value::tuple(
            items
                .iter()
                .map(|x| lowered(x, span))
                .collect::<Result<_, _>>()?,
        )),
        v => Ok(v.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_are_cpps() {
        use IntType::*;
        assert_eq!(IntType::common(UInt, Int), UInt);
        assert_eq!(IntType::common(Long, UInt), Long);
        assert_eq!(IntType::common(LongLong, ULong), ULongLong);
        assert_eq!(IntType::common(Bool, Short), Int);
        assert_eq!(UInt.convert(-5), 4294967291);
        assert_eq!(Long.convert(-5), -5);
    }
}
