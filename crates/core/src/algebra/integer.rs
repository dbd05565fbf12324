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
use super::element::ElemType;
use super::error::{Result, condition};

/// What [`Int::int_constants_checked`] says of `C<t> OP C<u>` whose `value` is past `int`'s
/// range (and the operator's error of two `int` constants).
pub fn int_constants_overflow(t: i64, u: i64, value: i64, sign: &str) -> String {
    format!(
        "integer overflow: the int value {value} of {t} {sign} {u} is past int's range: C<(t {sign} u)> is no constant expression, so C++ computes it at run time in int, the constants' type (undefined behaviour in C++)"
    )
}

/// An integer and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Int {
    /// The value.
    pub value: i64,
    /// Its kind and, dynamic, its divisibility, in one field (a static integer's path tests
    /// it once, as a bool): 0 for a static integer (an integral constant), else a dynamic one
    /// (a run-time value in CuTe) and what the CuTe DSL knows it to be a multiple of (its
    /// `IntTupleType`'s divisibility, printed `?{div=N}`; 1 where nothing is known, else as
    /// [`kept_div`] keeps it). CuTe C++ has no divisibility: only the DSL's printer shows it.
    /// Kept plus 1, never 0 ([`Int::kind`] reads it): an `Option` of an `Int` (or of a leaf, an
    /// `Int` and a stride) needs no tag of its own.
    kind_plus_1: std::num::NonZeroU32,
}

impl Default for Int {
    /// The static 0.
    fn default() -> Int {
        Int::st(0)
    }
}

/// A divisibility as an [`Int::divisibility`] keeps it: 0 for 1 (nothing known), for 0 (no dynamic
/// integer is known to be a multiple of everything) and for one that [`pack_div`] cannot
/// hold in 16 bits (an odd part past 2047), or that no 32-bit integer but 0 has (from 2^31 on:
/// the kinds [`UNKNOWN_KIND`] and [`INT_VALUE_KIND`] are there).
#[inline]
pub const fn kept_div(d: u64) -> u32 {
    if d <= 1 || d >= UNKNOWN_KIND as u64 {
        return 0;
    }
    let odd = d >> d.trailing_zeros();
    if odd > ODD_DIV_MAX as u64 {
        0
    } else {
        d as u32
    }
}

/// The kind of a dynamic integer whose value the CuTe DSL does not know as it traces: a jit
/// function's parameter (`b: cutlass.Int32`), and what plain `cutlass.Int32` arithmetic makes
/// of one. Beside a value with a divisibility it counts as divisibility 1, where a
/// `cutlass.Int32(3)` written in the body counts as its value (`assume(a, divby=8) * b` is
/// `?{div=8}`, `* cutlass.Int32(3)` is `?{div=24}`; checked with dsl-oracle). No kept
/// divisibility is 2^31 or more ([`kept_div`]); [`pack_div`] packs it as any divisibility.
pub const UNKNOWN_KIND: u32 = 1 << 31;

/// The kind of the CuTe DSL's `IntValue` of which nothing is known (an int-tuple operation's
/// result, `cute.size((b, b))`, `cute.assume(x, divby=1)`): like [`UNKNOWN_KIND`] it counts as
/// divisibility 1, and it keeps the int-tuple arithmetic (`cute.size((b, b)) * 4` is
/// `?{div=4}` where `b * 4` is `?`; checked with dsl-oracle).
pub const INT_VALUE_KIND: u32 = 3 << 30;

/// The kind of the CuTe DSL's `IntValue` known to be a multiple of 0, printed `?{div=0}`: the
/// DSL's product of one and 0 (`assume(x, divby=8) * 0`, where CuTe C++'s `x * _0` is `_0`),
/// and what its arithmetic keeps of it (`* 3`, `* b`, `% 8`, `- itself` are `?{div=0}`, `+ 4`
/// is `?{div=4}`: a multiple of the gcd; checked with dsl-oracle). Its [`Int::divisor`] is 0;
/// past 2^31, where no kept divisibility is, so the static path never meets it.
pub const ZERO_DIV_KIND: u32 = 5 << 29;

/// The kinds of the CuTe DSL's 64-bit run-time integer (`Int64`: the strides the DSL makes
/// run-time for an array passed as it is, `mark_layout_dynamic`, `mark_compact_shape_dynamic`),
/// printed `?{i64}` in a tuple, `?{i64 div=N}` with a divisibility: this code or'd with the
/// divisibility packed in its low 16 bits ([`pack_wide`]; 0: none, [`I64_ZERO_DIV`]: 0). Past
/// 2^31 and apart from the other kinds, so the static path never meets it. Its arithmetic
/// ([`Int::i64_result`]) keeps it: any operation with one is one (checked with dsl-oracle).
pub const I64_KIND: u32 = 7 << 29;

/// The packed divisibility of an [`I64_KIND`] known to be a multiple of 0 (the DSL's `s * 0`
/// of an `IntValue`); no kept divisibility packs to it (its odd part would be 1023 times 2^63).
const I64_ZERO_DIV: u32 = 0xffff;

/// The packed divisibility of the DSL's `Int64` numeric (`cutlass.Int64(x)`, a jit function's
/// parameter `x: cutlass.Int64`): nothing known, and its arithmetic keeps nothing (`a * 2` is
/// `?{i64}` in a tuple, where an `IntValue`'s is `?{i64 div=2}`; checked with dsl-oracle). No
/// divisibility packs to it (its odd part, 1022, is even).
const I64_NUMERIC: u32 = 0xfffe;

/// Whether `kind` is one of [`I64_KIND`].
#[inline]
pub const fn is_i64_kind(kind: u32) -> bool {
    kind & 0xffff_0000 == I64_KIND
}

/// The kinds of a divisibility from 2^31 on (the DSL keeps a divisibility past 32 bits and
/// prints it whole in a tuple, `(2,?{div=4294967296})`, and as its low 32 bits, signed, alone:
/// `assume(x, divby=2**31)` prints `?{div=-2147483648}`, `divby=2**32` `?{div=0}`; checked with
/// dsl-oracle): this code or'd with the divisibility packed in its low 16 bits ([`pack_wide`]),
/// apart from the kinds that are no divisibility.
pub const WIDE_DIV_KIND: u32 = 9 << 28;

/// The kinds of a dynamic integer of a C++ integer type other than `int` (a leaf made of
/// `int64_t(3)`, `65536u`, a variable declared `unsigned`): this code or'd with the type's
/// number ([`cpp_code`]: `int64_t` 1, `unsigned` 2, `uint64_t` 3) times 2. CuTe computes with a
/// leaf in its type (`size` is the leaves' product in their usual arithmetic conversions, an
/// unsigned one wrapping), and so does [`Int`]'s arithmetic with one (apart,
/// [`Int::cpp_arith`]). A [`WIDE_DIV_KIND`] whose packed odd part is even, which [`pack_wide`]
/// never makes: a tuple's node keeps it as it keeps a wide divisibility, so the node and the
/// static path are as they were; the readers of a divisibility skip it ([`is_cpp_kind`]). A
/// plain run-time integer (kind 1) is an `int`.
pub const CPP_TYPED_KIND: u32 = WIDE_DIV_KIND;

/// Whether `kind` is one of [`CPP_TYPED_KIND`] (a wide kind of an even odd part).
#[inline]
pub const fn is_cpp_kind(kind: u32) -> bool {
    kind & 0xffff_0001 == CPP_TYPED_KIND && kind & 0xffff != 0
}

/// Whether `kind` is one of [`WIDE_DIV_KIND`] that is a divisibility (no C++ type's:
/// [`is_cpp_kind`]).
#[inline]
pub const fn is_wide_div_kind(kind: u32) -> bool {
    is_wide_kind(kind) && !is_cpp_kind(kind)
}

/// The number of a C++ integer type a dynamic leaf keeps ([`CPP_TYPED_KIND`]): 0 for `int`
/// and the types C++ promotes to it (`int8_t`, `uint16_t`, …), which compute as `int`.
#[inline]
pub const fn cpp_code(ty: ElemType) -> u32 {
    match ty {
        ElemType::I64 => 1,
        ElemType::U32 => 2,
        ElemType::U64 => 3,
        _ => 0,
    }
}

/// The C++ integer type of a [`cpp_code`] (`int` for 0).
#[inline]
pub const fn cpp_type_of_code(code: u32) -> ElemType {
    match code {
        1 => ElemType::I64,
        2 => ElemType::U32,
        3 => ElemType::U64,
        _ => ElemType::I32,
    }
}

/// Whether `kind` is one of [`WIDE_DIV_KIND`].
#[inline]
pub const fn is_wide_kind(kind: u32) -> bool {
    kind & 0xffff_0000 == WIDE_DIV_KIND
}

/// The largest odd part of a divisibility [`pack_wide`] packs.
const WIDE_ODD_MAX: u64 = (1 << 10) - 1;

/// A divisibility of 64 bits whose odd part is at most [`WIDE_ODD_MAX`], packed in 16 bits: its
/// power of two (6 bits) above its odd part (10 bits).
#[inline]
const fn pack_wide(d: u64) -> u32 {
    let e = d.trailing_zeros();
    (e << 10) | (d >> e) as u32
}

/// The divisibility [`pack_wide`] packed.
#[inline]
const fn unpack_wide(p: u32) -> u64 {
    ((p & WIDE_ODD_MAX as u32) as u64) << ((p >> 10) & 63)
}

/// The kind of a dynamic integer known to be a multiple of `d`: `d` as [`kept_div`] keeps it,
/// or from 2^31 on a [`WIDE_DIV_KIND`]; 0 where none is kept (1, 0, an odd part past 2047, or
/// from 2^31 on past 1023).
#[inline]
pub const fn div_kind(d: u64) -> u32 {
    if d < UNKNOWN_KIND as u64 {
        return kept_div(d);
    }
    if (d >> d.trailing_zeros()) > WIDE_ODD_MAX {
        0
    } else {
        WIDE_DIV_KIND | pack_wide(d)
    }
}

/// The largest odd part of a divisibility that a node or a stride keeps ([`pack_div`]).
const ODD_DIV_MAX: u32 = (1 << 11) - 1;

/// A divisibility that [`kept_div`] kept, packed in 16 bits as a node or a stride keeps it:
/// its power of two (5 bits) above its odd part (11 bits); 0 for none.
#[inline]
pub const fn pack_div(d: u32) -> u16 {
    if d == 0 {
        return 0;
    }
    let e = d.trailing_zeros();
    ((e << 11) | (d >> e)) as u16
}

/// The divisibility [`pack_div`] packed.
#[inline]
pub const fn unpack_div(p: u16) -> u32 {
    ((p as u32) & ODD_DIV_MAX) << (p >> 11)
}

/// Greatest common divisor (`gcd(0, b) == b`).
#[inline]
pub const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Int {
    /// The integer `value` of the kind `kind` (0 static, else dynamic; see [`Int::kind`]).
    #[inline(always)]
    const fn make(value: i64, kind: u32) -> Int {
        // (no kind is u32::MAX: a kept divisibility's odd part is at most 2047)
        let kind_plus_1 = match std::num::NonZeroU32::new(kind.wrapping_add(1)) {
            Some(k) => k,
            None => std::num::NonZeroU32::MAX,
        };
        Int { value, kind_plus_1 }
    }

    /// A static integer (`Int<v>{}`).
    #[inline]
    pub const fn st(value: i64) -> Int {
        Int::make(value, 0)
    }

    /// A dynamic integer (a C++ `int`).
    #[inline]
    pub const fn dy(value: i64) -> Int {
        Int::make(value, 1)
    }

    /// A dynamic integer of the C++ integer type `ty` (a plain dynamic one, an `int`, for
    /// `int` and the types C++ promotes to it): [`CPP_TYPED_KIND`].
    #[inline]
    pub const fn cpp_typed(value: i64, ty: ElemType) -> Int {
        match cpp_code(ty) {
            0 => Int::dy(value),
            code => Int::make(value, CPP_TYPED_KIND | code << 1),
        }
    }

    /// The C++ integer type of a dynamic integer of one other than `int` ([`Int::cpp_typed`]);
    /// `None` for any other integer (a static one, an `int`, the DSL's).
    #[inline]
    pub const fn cpp_type(self) -> Option<ElemType> {
        if is_cpp_kind(self.kind()) {
            Some(cpp_type_of_code((self.kind() & 0xffff) >> 1))
        } else {
            None
        }
    }

    /// `a OP b` (`+ - * / %`) where either is of a C++ integer type other than `int`
    /// ([`CPP_TYPED_KIND`]): as CuTe computes it, in the two types' usual arithmetic conversion
    /// (a static integer and a plain run-time one are `int`s; an unsigned result wraps, a
    /// signed one past its type is an error: undefined behaviour in C++), the result of that
    /// type; one past the signed 64-bit integers cute holds (a `uint64_t`) an error.
    #[cold]
    #[inline(never)]
    fn cpp_arith(a: Int, b: Int, sign: char, op: &'static str) -> Result<Int> {
        let ty = ElemType::int_common(a.cpp_type_or_int(), b.cpp_type_or_int());
        let r = ty
            .int_arith(sign, i128::from(a.value), i128::from(b.value))
            .map_err(|m| {
                condition(
                    op,
                    format!("{m}: CuTe computes it in {}, the leaves' type", ty.name()),
                )
            })?;
        let value = i64::try_from(r).map_err(|_| {
            condition(
                op,
                format!(
                    "the {} value {r} of {} {sign} {} is beyond the signed 64-bit integers cute computes with",
                    ty.name(),
                    a.value,
                    b.value
                ),
            )
        })?;
        Ok(Int::cpp_typed(value, ty))
    }

    /// Its C++ integer type as it computes: [`Int::cpp_type`], else `int` (a static integer's
    /// value type, a plain run-time integer's).
    #[inline]
    pub const fn cpp_type_or_int(self) -> ElemType {
        match self.cpp_type() {
            Some(t) => t,
            None => ElemType::I32,
        }
    }

    /// `a OP b` of a run-time `int` whose `value` is past `int`'s range: an error where both
    /// are `int`s (a plain run-time integer, or a static one of an `int`'s value), which CuTe
    /// computes in `int` (undefined behaviour in C++; g++ shows it wrapped:
    /// `size(make_shape(65536, 65536))` prints 0). The DSL's integers, which carry more than
    /// their kind, compute as the DSL does.
    #[cold]
    #[inline(never)]
    fn int_overflow(a: Int, b: Int, value: i64, sign: char, op: &'static str) -> Result<()> {
        let is_int = |i: Int| i.kind() <= 1 && i.value as i32 as i64 == i.value;
        if is_int(a) && is_int(b) {
            return Err(condition(
                op,
                format!(
                    "integer overflow: the int value {value} of {} {sign} {} is past int's range (CuTe computes it in int, the leaves' type: undefined behaviour in C++; make a leaf int64_t to compute in 64 bits)",
                    a.value, b.value
                ),
            ));
        }
        Ok(())
    }

    /// Whether either is of a C++ integer type other than `int` ([`CPP_TYPED_KIND`]).
    #[inline(always)]
    const fn either_cpp_typed(a: Int, b: Int) -> bool {
        is_cpp_kind(a.kind()) || is_cpp_kind(b.kind())
    }

    /// An integer of the given kind.
    #[inline]
    pub const fn of(value: i64, dynamic: bool) -> Int {
        Int::make(value, dynamic as u32)
    }

    /// A dynamic integer whose value the DSL does not know ([`UNKNOWN_KIND`]: a jit function's
    /// parameter), printed as any dynamic one.
    #[inline]
    pub const fn unknown(value: i64) -> Int {
        Int::make(value, UNKNOWN_KIND)
    }

    /// Whether it is a dynamic integer whose value the DSL does not know ([`Int::unknown`]).
    #[inline]
    pub const fn is_unknown(self) -> bool {
        self.kind() == UNKNOWN_KIND
    }

    /// The DSL's `IntValue` of which nothing is known ([`INT_VALUE_KIND`]).
    #[inline]
    pub const fn int_value(value: i64) -> Int {
        Int::make(value, INT_VALUE_KIND)
    }

    /// Whether it is a value of the DSL's `IntValue`: one with a divisibility, or
    /// [`Int::int_value`].
    #[inline]
    pub const fn is_int_value(self) -> bool {
        let kind = self.kind();
        kind > 1 && kind != UNKNOWN_KIND && !is_cpp_kind(kind)
    }

    /// The DSL's 64-bit run-time integer known to be a multiple of `div` ([`I64_KIND`]; 0 a
    /// multiple of 0, 1 nothing known, nor an odd part past 1023).
    #[inline]
    pub const fn i64_div(value: i64, div: u64) -> Int {
        let packed = if div == 0 {
            I64_ZERO_DIV
        } else if div == 1 || (div >> div.trailing_zeros()) > WIDE_ODD_MAX {
            0
        } else {
            pack_wide(div)
        };
        Int::make(value, I64_KIND | packed)
    }

    /// The DSL's `Int64` numeric of value `value` ([`I64_NUMERIC`]).
    #[inline]
    pub const fn i64_numeric(value: i64) -> Int {
        Int::make(value, I64_KIND | I64_NUMERIC)
    }

    /// Whether it is the DSL's `Int64` numeric ([`Int::i64_numeric`]).
    #[inline]
    pub const fn is_i64_numeric(self) -> bool {
        self.kind() == I64_KIND | I64_NUMERIC
    }

    /// Whether it is the DSL's 64-bit run-time integer ([`I64_KIND`]).
    #[inline]
    pub const fn is_i64(self) -> bool {
        is_i64_kind(self.kind())
    }

    /// An [`I64_KIND`]'s divisibility (0: a multiple of 0; 1: nothing known); `None` for any
    /// other integer.
    #[inline]
    pub const fn i64_divisibility(self) -> Option<u64> {
        let kind = self.kind();
        if !is_i64_kind(kind) {
            return None;
        }
        Some(match kind & 0xffff {
            0 | I64_NUMERIC => 1,
            I64_ZERO_DIV => 0,
            p => unpack_wide(p),
        })
    }

    /// The result `value` of an operation with a 64-bit run-time operand (the DSL: the result
    /// is one too; `product`: a multiple of the product of the divisibilities, else of their
    /// gcd). Beside one, a 32-bit run-time integer counts
    /// as divisibility 1 (the DSL's cast to 64 bits keeps none: `assume(s, divby=4) *
    /// assume(x, divby=2)` is `?{i64 div=4}`), a static one as its value (checked with dsl-oracle).
    #[cold]
    #[inline(never)]
    const fn i64_result(a: Int, b: Int, value: i64, product: bool) -> Int {
        const fn of(i: Int) -> u64 {
            match i.i64_divisibility() {
                Some(d) => d,
                None if !i.dynamic() => i.value.unsigned_abs(),
                None => 1,
            }
        }
        let (da, db) = (of(a), of(b));
        if product {
            return Int::i64_div(value, da.wrapping_mul(db));
        }
        Int::i64_div(value, gcd(da, db))
    }

    /// A dynamic integer known to be a multiple of `div` (the DSL's divisibility; see
    /// [`Int::divisibility`]).
    #[inline]
    pub const fn dy_div(value: i64, div: u64) -> Int {
        let kept = div_kind(div);
        Int::make(value, if kept == 0 { 1 } else { kept })
    }

    /// An integer of the given kind, dynamic with the divisibility that [`pack_div`] packed
    /// (0: none).
    #[inline]
    pub const fn of_packed(value: i64, dynamic: bool, packed_div: u16) -> Int {
        if !dynamic {
            return Int::st(value);
        }
        let kept = unpack_div(packed_div);
        Int::make(value, if kept == 0 { 1 } else { kept })
    }

    /// The integer `value` of the kind [`Int::kind`] gave.
    #[inline]
    pub(crate) const fn of_kind(value: i64, kind: u32) -> Int {
        Int::make(value, kind)
    }

    /// Its kind and divisibility as one integer: 0 static, else dynamic, more than 1 its
    /// divisibility (what a [`Stride`](super::basis::Stride) keeps as it is).
    #[inline]
    pub(crate) const fn kind(self) -> u32 {
        self.kind_plus_1.get() - 1
    }

    /// Whether it is dynamic (a run-time value in CuTe).
    #[inline]
    pub const fn dynamic(self) -> bool {
        self.kind_plus_1.get() != 1
    }

    /// What the CuTe DSL knows a dynamic integer to be a multiple of, where more than 1 (as
    /// [`kept_div`] keeps it); 0 where nothing is known or the integer is static.
    #[inline]
    pub const fn divisibility(self) -> u64 {
        let kind = self.kind();
        if kind > 1 && kind < UNKNOWN_KIND {
            kind as u64
        } else if is_wide_div_kind(kind) {
            unpack_wide(kind)
        } else {
            0
        }
    }

    /// [`Int::divisibility`] as [`pack_div`] packs it, or [`UNKNOWN_KIND`] or
    /// [`INT_VALUE_KIND`] (what a dynamic integer leaf keeps beside its value; 0: nothing).
    #[inline]
    pub const fn packed_div(self) -> u16 {
        let kind = self.kind();
        pack_div(if kind > 1 { kind } else { 0 })
    }

    /// What the DSL knows the integer to be a multiple of: a static one its magnitude (0 for
    /// 0), a dynamic one its divisibility (1 where nothing is known).
    #[inline]
    pub const fn divisor(self) -> u64 {
        if !self.dynamic() {
            self.value.unsigned_abs()
        } else if self.kind() < UNKNOWN_KIND {
            // (1: nothing known)
            self.kind() as u64
        } else if self.kind() == ZERO_DIV_KIND {
            0
        } else if let Some(d) = self.i64_divisibility() {
            d
        } else if is_wide_div_kind(self.kind()) {
            unpack_wide(self.kind())
        } else if self.kind() >= UNKNOWN_KIND {
            1
        } else {
            self.kind() as u64
        }
    }

    /// Whether it is static.
    #[inline]
    pub const fn is_static(self) -> bool {
        !self.dynamic()
    }

    /// CuTe's `is_constant<n, T>`: static and equal to `n`.
    #[inline]
    pub const fn is_constant(self, n: i64) -> bool {
        !self.dynamic() && self.value == n
    }

    /// The kind of `a op b` where no special case applies: dynamic if either is (nothing
    /// known of its divisibility).
    #[inline]
    const fn both(a: Int, b: Int, value: i64) -> Int {
        if Int::both_static(a, b) {
            return Int::st(value);
        }
        if a.is_i64() || b.is_i64() {
            // (the DSL's 64-bit one: nothing known of the result's divisibility)
            return Int::i64_div(value, 1);
        }
        if Int::either_cpp_typed(a, b) {
            // (a C++ integer type's: the usual arithmetic conversion of the two)
            return Int::cpp_typed(
                value,
                ElemType::int_common(a.cpp_type_or_int(), b.cpp_type_or_int()),
            );
        }
        Int::make(value, 1)
    }

    /// `a + b` (the DSL: a multiple of the gcd of the two divisibilities).
    #[inline]
    pub fn add(self, b: Int, op: &'static str) -> Result<Int> {
        let value = arith::add(self.value, b.value, op)?;
        if Int::both_static(self, b) {
            return Ok(Int::st(value));
        }
        self.dynamic_add_sub(b, '+', value, op)
    }

    /// `a - b` (the DSL: a multiple of the gcd of the two divisibilities).
    #[inline]
    pub fn sub(self, b: Int, op: &'static str) -> Result<Int> {
        let value = arith::sub(self.value, b.value, op)?;
        if Int::both_static(self, b) {
            return Ok(Int::st(value));
        }
        self.dynamic_add_sub(b, '-', value, op)
    }

    /// [`Int::add`], [`Int::sub`] (`sign`, of value `value` in 64 bits) where one is dynamic
    /// (apart: the static path is the kinds' one test).
    #[inline(never)]
    fn dynamic_add_sub(self, b: Int, sign: char, value: i64, op: &'static str) -> Result<Int> {
        if Int::either_cpp_typed(self, b) {
            return Int::cpp_arith(self, b, sign, op);
        }
        if value as i32 as i64 != value {
            Int::int_overflow(self, b, value, sign, op)?;
        }
        Ok(Int::dynamic_sum(self, b, value))
    }

    /// The result `value` of `a ± b`: static when both are, else dynamic and a multiple of
    /// `gcd(div a, div b)` (the DSL's `tuple_add`/`tuple_sub`, checked with dsl-oracle).
    #[inline]
    const fn of_sum(a: Int, b: Int, value: i64) -> Int {
        if Int::both_static(a, b) {
            return Int::st(value);
        }
        Int::dynamic_sum(a, b, value)
    }

    /// [`Int::of_sum`] where one is dynamic (apart: the static path is the kinds' one test).
    #[inline(never)]
    const fn dynamic_sum(a: Int, b: Int, value: i64) -> Int {
        if a.is_i64() || b.is_i64() {
            return Int::i64_result(a, b, value, false);
        }
        if Int::either_cpp_typed(a, b) {
            return Int::both(a, b, value);
        }
        Int::of_dynamic(value, gcd(a.divisor(), b.divisor()), a, b)
    }

    /// The dynamic result `value` of an int-tuple operation of `a` and `b` known to be a
    /// multiple of `div`: where nothing is kept of it and either operand carries more than its
    /// kind (a divisibility, or the DSL's unknown value or `IntValue`), an `IntValue` of which
    /// nothing is known ([`INT_VALUE_KIND`]: it counts as divisibility 1 beside one, not as its
    /// value: the DSL's `cute.size((b, b)) * assume(x, divby=8)` is `?{div=8}`).
    #[inline]
    const fn of_dynamic(value: i64, div: u64, a: Int, b: Int) -> Int {
        let kept = div_kind(div);
        let kind = if kept != 0 {
            kept
        } else if div == 0 && (a.kind() > 1 || b.kind() > 1) {
            // (a divisibility is 0 only where an operand's is: no C++ integer has one)
            ZERO_DIV_KIND
        } else if a.kind() > 1 || b.kind() > 1 {
            INT_VALUE_KIND
        } else {
            1
        };
        Int::make(value, kind)
    }

    /// Whether both are static: one test of the two kinds.
    #[inline(always)]
    const fn both_static(a: Int, b: Int) -> bool {
        // (both kinds plus 1 are 1 exactly where their bits or'd are)
        a.kind_plus_1.get() | b.kind_plus_1.get() == 1
    }

    /// `a * b` (`_0 * x` and `x * _0` are `_0`).
    ///
    /// The special cases are CuTe's for a static operand against a dynamic one: of two static
    /// operands the product is static whatever they are, so the kinds are tested once, first.
    #[inline]
    pub fn mul(self, b: Int, op: &'static str) -> Result<Int> {
        if Int::both_static(self, b) {
            return Ok(Int::st(arith::mul(self.value, b.value, op)?));
        }
        self.dynamic_mul(b, op)
    }

    /// [`Int::mul`] of a product whose value past `int` is no error here: a running product
    /// that is used, if at all, where its user checks it (the compact strides: CuTe computes
    /// the product of every extent, the last one's unused).
    #[inline]
    pub fn mul_unused_past_int(self, b: Int, op: &'static str) -> Result<Int> {
        if Int::both_static(self, b) {
            return Ok(Int::st(arith::mul(self.value, b.value, op)?));
        }
        self.dynamic_mul_of(b, op, false)
    }

    /// [`Int::add`] as the CuTe DSL's `Int32` computes it: a sum of its run-time integers past
    /// 32 bits wraps modulo 2^32 (traced, as the DSL computes at run time), where C++'s `int`
    /// past its range is an error.
    pub fn add_int32_wrapping(self, b: Int, op: &'static str) -> Result<Int> {
        let value = arith::add(self.value, b.value, op)?;
        Ok(Int::of_sum(self, b, value).int32_wrapped())
    }

    /// [`Int::mul`] as the CuTe DSL's `Int32` computes it ([`Int::add_int32_wrapping`]).
    pub fn mul_int32_wrapping(self, b: Int, op: &'static str) -> Result<Int> {
        Ok(self.mul_unused_past_int(b, op)?.int32_wrapped())
    }

    /// [`Int::add`] under `rule`: C++'s, the CuTe DSL's `Int32` ([`Int::add_int32_wrapping`]),
    /// or C++ text's, where two static integers are `int` constants
    /// ([`Int::int_constants_checked`]). C++'s (the notation's, the common case) inline where
    /// it is called, the other two out of line.
    #[inline(always)]
    pub fn add_under(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Int> {
        match rule {
            crate::algebra::composition::Rule::Cpp => self.add(b, op),
            _ => self.add_under_dsl_or_text(b, op, rule),
        }
    }

    /// [`Int::add_under`] under the DSL's rule or C++ text's.
    #[inline(never)]
    fn add_under_dsl_or_text(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Int> {
        self.under_dsl_or_text(b, op, rule, Int::add, Int::add_int32_wrapping, "+")
    }

    /// [`Int::mul`] under `rule`: C++'s, the CuTe DSL's `Int32` ([`Int::mul_int32_wrapping`]),
    /// or C++ text's, where two static integers are `int` constants
    /// ([`Int::int_constants_checked`]). C++'s (the notation's, the common case) inline where
    /// it is called, the other two out of line.
    #[inline(always)]
    pub fn mul_under(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Int> {
        match rule {
            crate::algebra::composition::Rule::Cpp => self.mul(b, op),
            _ => self.mul_under_dsl_or_text(b, op, rule),
        }
    }

    /// [`Int::mul_under`] under the DSL's rule or C++ text's.
    #[inline(never)]
    fn mul_under_dsl_or_text(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Int> {
        self.under_dsl_or_text(b, op, rule, Int::mul, Int::mul_int32_wrapping, "*")
    }

    /// `self SIGN b` under the DSL's rule (`int32`: its `Int32` wrapping), C++'s (`cpp`) or
    /// C++ text's (`cpp`, then two static integers checked as `int` constants,
    /// [`Int::int_constants_checked`]): [`Int::add_under`]'s and [`Int::mul_under`]'s rare arms.
    #[inline(always)]
    fn under_dsl_or_text(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
        cpp: fn(Int, Int, &'static str) -> Result<Int>,
        int32: fn(Int, Int, &'static str) -> Result<Int>,
        sign: &str,
    ) -> Result<Int> {
        use crate::algebra::composition::Rule;
        match rule {
            Rule::Cpp => cpp(self, b, op),
            Rule::Dsl => int32(self, b, op),
            Rule::CppText => {
                let r = cpp(self, b, op)?;
                if Int::both_static(self, b) {
                    Int::int_constants_checked(self.value, b.value, r.value, sign, op)?;
                }
                Ok(r)
            }
        }
    }

    /// `C<t> OP C<u>` of two static integers of C++ text, `int` constants (`Int<N>` is
    /// `C<int(N)>`; integral_constant.hpp's operators return `C<(t OP u)>`): where the value
    /// `t OP u` is past `int`'s range that is no constant expression, the overload drops out
    /// and C++ computes it at run time in `int`, undefined behaviour (g++ shows it wrapped:
    /// cute-oracle prints `size(make_shape(Int<65536>{}, Int<65536>{}))` as 0): an error, as
    /// the operator's (`Int<65536>{} * Int<65536>{}`). A constant past `int`'s range is a
    /// `C<long>` (`C<65536L>{}`), whose arithmetic is `long`'s: no error.
    #[inline]
    pub fn int_constants_checked(
        t: i64,
        u: i64,
        value: i64,
        sign: &str,
        op: &'static str,
    ) -> Result<()> {
        if Int::past_int_constants(t, u, value) {
            return Err(condition(op, int_constants_overflow(t, u, value, sign)));
        }
        Ok(())
    }

    /// Whether `value`, of an operation of the static integers `t` and `u` of C++ text, is
    /// past `int`'s range where they are `int` constants ([`Int::int_constants_checked`]).
    #[inline]
    pub const fn past_int_constants(t: i64, u: i64, value: i64) -> bool {
        t as i32 as i64 == t && u as i32 as i64 == u && value as i32 as i64 != value
    }

    /// [`Int::ceil_div`] under `rule`: C++'s, or the CuTe DSL's, where a Python integer past
    /// `Int32` beside a run-time `Int32` makes its 64-bit run-time integer ([`I64_KIND`]:
    /// `complement(4:Int32(65536), 2**34)`'s last extent is `?{i64}`; checked with dsl-oracle),
    /// or C++ text's (`int` constants). C++'s inline where it is called, the others out of line.
    #[inline(always)]
    pub fn ceil_div_under(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Int> {
        match rule {
            crate::algebra::composition::Rule::Cpp => self.ceil_div(b, op),
            _ => self.ceil_div_under_dsl_or_text(b, op, rule),
        }
    }

    /// [`Int::ceil_div_under`] under the DSL's rule or C++ text's.
    #[inline(never)]
    fn ceil_div_under_dsl_or_text(
        self,
        b: Int,
        op: &'static str,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Int> {
        if rule == crate::algebra::composition::Rule::CppText && Int::both_static(self, b) {
            // `(C<a> + C<b> - _1) / C<b>` in `int` constants
            let sum = arith::add(self.value, b.value, op)?;
            Int::int_constants_checked(self.value, b.value, sum, "+", op)?;
            Int::int_constants_checked(sum, 1, arith::sub(sum, 1, op)?, "-", op)?;
        }
        let r = self.ceil_div(b, op)?;
        if let crate::algebra::composition::Rule::Dsl = rule {
            let past_i32 = |i: Int| !i.dynamic() && i32::try_from(i.value).is_err();
            let int32 = |i: Int| i.dynamic() && !i.is_i64();
            if (past_i32(self) && int32(b)) || (past_i32(b) && int32(self)) {
                return Ok(Int::make(r.value, I64_KIND));
            }
        }
        Ok(r)
    }

    /// A run-time `int` past `int`'s range wrapped modulo 2^32 (of its kind); any other as it is.
    #[inline]
    fn int32_wrapped(self) -> Int {
        if self.is_int_past_range() {
            Int::make(self.value as i32 as i64, self.kind())
        } else {
            self
        }
    }

    /// Whether it is a run-time `int` past `int`'s range (a running product
    /// [`Int::mul_unused_past_int`] made).
    #[inline]
    pub const fn is_int_past_range(self) -> bool {
        self.dynamic() && self.kind() <= 1 && self.value as i32 as i64 != self.value
    }

    /// [`Int::mul`] where one is dynamic (apart: the static path is the kinds' one test).
    #[inline(never)]
    fn dynamic_mul(self, b: Int, op: &'static str) -> Result<Int> {
        self.dynamic_mul_of(b, op, true)
    }

    /// [`Int::dynamic_mul`], an `int` past its range an error where `check_int`.
    #[inline(always)]
    fn dynamic_mul_of(self, b: Int, op: &'static str, check_int: bool) -> Result<Int> {
        if self.is_constant(0) || b.is_constant(0) {
            return Ok(Int::st(0));
        }
        if Int::either_cpp_typed(self, b) {
            return Int::cpp_arith(self, b, '*', op);
        }
        let value = arith::mul(self.value, b.value, op)?;
        if check_int && value as i32 as i64 != value {
            Int::int_overflow(self, b, value, '*', op)?;
        }
        if self.is_i64() || b.is_i64() {
            return Ok(Int::i64_result(self, b, value, true));
        }
        // the DSL's `tuple_mul`: a multiple of the product of the divisibilities (past 64
        // bits, wrapped)
        let div = self.divisor().wrapping_mul(b.divisor());
        Ok(Int::of_dynamic(value, div, self, b))
    }

    /// C++'s truncating `a / b` (`_0 / x` is `_0`).
    #[inline]
    pub fn div(self, b: Int, op: &'static str) -> Result<Int> {
        if Int::both_static(self, b) {
            return Ok(Int::st(arith::div(self.value, b.value, op)?));
        }
        self.dynamic_div(b, op)
    }

    /// [`Int::div`] where one is dynamic (apart: the static path is the kinds' one test).
    #[inline(never)]
    fn dynamic_div(self, b: Int, op: &'static str) -> Result<Int> {
        if b.dynamic() && self.is_constant(0) {
            return Ok(Int::st(0));
        }
        if self.dynamic() && b.is_constant(1) {
            // `a / _1` is a: the DSL keeps its divisibility (a divide's rest `?{div=2}`)
            return Ok(self);
        }
        if Int::either_cpp_typed(self, b) {
            return Int::cpp_arith(self, b, '/', op);
        }
        let value = arith::div(self.value, b.value, op)?;
        if let Some(d) = self.i64_divisibility()
            && !b.dynamic()
        {
            // the DSL's 64-bit one by a static divisor of its divisibility: a multiple of the
            // quotient (`assume(s, divby=4) // 2` is `?{i64 div=2}`; checked with dsl-oracle)
            let q = b.value.unsigned_abs();
            let kept = if q != 0 && d != 0 && d.is_multiple_of(q) {
                d / q
            } else {
                1
            };
            return Ok(Int::i64_div(value, kept));
        }
        Ok(Int::both(self, b, value))
    }

    /// C++'s `a % b` (`_0 % x`, `x % _1`, `x % _-1` are `_0`).
    #[inline]
    pub fn rem(self, b: Int, op: &'static str) -> Result<Int> {
        if Int::both_static(self, b) {
            return Ok(Int::st(arith::rem(self.value, b.value, op)?));
        }
        self.dynamic_rem(b, op)
    }

    /// [`Int::rem`] where one is dynamic (apart: the static path is the kinds' one test).
    #[inline(never)]
    fn dynamic_rem(self, b: Int, op: &'static str) -> Result<Int> {
        if (b.dynamic() && self.is_constant(0))
            || (self.dynamic() && (b.is_constant(1) || b.is_constant(-1)))
        {
            return Ok(Int::st(0));
        }
        if Int::either_cpp_typed(self, b) {
            return Int::cpp_arith(self, b, '%', op);
        }
        let value = arith::rem(self.value, b.value, op)?;
        if self.is_i64() || b.is_i64() {
            // (the DSL's 64-bit one: nothing known, `assume(s, divby=8) % 4` is `?{i64}`)
            return Ok(Int::i64_div(value, 1));
        }
        if self.kind() == ZERO_DIV_KIND && !b.dynamic() {
            // the DSL's multiple of 0 (0) modulo a static one is a multiple of 0 (not of the
            // gcd; checked with dsl-oracle)
            return Ok(Int { value, ..self });
        }
        if self.dynamic() && !b.dynamic() {
            // the DSL's `tuple_mod` by a static divisor c of a multiple of d: a multiple of 0
            // where c divides d (the remainder is 0), of d where d divides c, else nothing
            // known (`?{div=12} % 8` is `?`; by a dynamic one nothing is known; checked with
            // dsl-oracle)
            let (d, c) = (self.divisor(), b.divisor());
            let div = if c != 0 && d % c == 0 {
                0
            } else if d != 0 && c % d == 0 {
                d
            } else {
                1
            };
            return Ok(Int::of_dynamic(value, div, self, b));
        }
        Ok(Int::both(self, b, value))
    }

    /// `a << b`, `a >> b`, `a ^ b`, `a | b` (dynamic if either is) and `a & b` (`_0 & x` and
    /// `x & _0` are `_0`): the operator spelled `op` ([`arith::integer_op`]).
    #[inline]
    pub fn bitwise(self, b: Int, op: &'static str) -> Result<Int> {
        if op == "&" && (self.dynamic() || b.dynamic()) && (self.is_constant(0) || b.is_constant(0))
        {
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
        let value = arith::ceil_div(self.value, b.value, op)?;
        if Int::both_static(self, b) {
            return Ok(Int::st(value));
        }
        if Int::either_cpp_typed(self, b) {
            // `(a + b - _1) / b` in the leaves' type
            return self.add(b, op)?.sub(Int::st(1), op)?.div(b, op);
        }
        if self.dynamic() && b.is_constant(1) {
            // `(a + _1 - _1) / _1`: the DSL keeps a's divisibility (a composition's extent
            // `min(ceil_div(?{div=6}, 1), 4)` is `?{div=2}`)
            return Ok(Int { value, ..self });
        }
        Ok(Int::both(self, b, value))
    }

    /// `abs(a)` (of the same kind and divisibility).
    #[inline]
    pub fn abs(self, op: &'static str) -> Result<Int> {
        Ok(Int {
            value: arith::abs(self.value, op)?,
            ..self
        })
    }

    /// `min(a, b)` (static only when both are; the DSL: a multiple of the gcd of the two
    /// divisibilities, as a composition's extent `min(?{div=6}, 4)` is `?{div=2}`).
    #[inline]
    pub fn min(self, b: Int) -> Int {
        Int::of_sum(self, b, self.value.min(b.value))
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
        if self.dynamic() {
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
            dynamic: a.dynamic() || b.dynamic(),
        }
    }

    /// `a == b` of two integers or basis elements (`1@0`): the same value and basis, a static
    /// and a dynamic one alike (`_4{} == 4` is true); a run-time truth where either is a
    /// run-time integer.
    pub fn same_stride(x: super::basis::Stride, y: super::basis::Stride) -> Truth {
        Truth {
            value: x.value == y.value && x.basis == y.basis,
            dynamic: x.dynamic() || y.dynamic(),
        }
    }

    /// CuTe's `a == b` of two integers: `C<a == b>` when both are static, a `bool` otherwise.
    pub fn equal(a: Int, b: Int) -> Truth {
        Truth {
            value: a.value == b.value,
            dynamic: a.dynamic() || b.dynamic(),
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
        // (the DSL's divisibility: a multiple of 4 times anything)
        assert_eq!(s.mul(d, "t").unwrap(), Int::dy_div(16, 4));
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
    fn divisibility_as_the_dsl_carries_it() {
        let (a, b) = (Int::dy_div(24, 4), Int::dy_div(36, 6));
        assert_eq!(a.mul(b, "t").unwrap().divisibility(), 24);
        assert_eq!(a.mul(Int::st(-2), "t").unwrap().divisibility(), 8);
        assert_eq!(a.add(b, "t").unwrap().divisibility(), 2);
        assert_eq!(a.sub(Int::st(8), "t").unwrap().divisibility(), 4);
        assert_eq!(a.rem(Int::st(8), "t").unwrap().divisibility(), 4);
        assert_eq!(a.rem(b, "t").unwrap().divisibility(), 0);
        assert_eq!(a.div(Int::st(2), "t").unwrap().divisibility(), 0);
        // kept in 16 bits: a power of two up to 2^30 times an odd part up to 2047, below 2^31
        assert_eq!(kept_div(1 << 18), 1 << 18);
        assert_eq!(kept_div(3 * 3 * 3 * 3 * 3 * 3 * 3), 0);
        assert_eq!(kept_div(1 << 31), 0);
        for d in [2u32, 3, 24, 2047, 1 << 30, 2047 << 20] {
            assert_eq!(unpack_div(pack_div(kept_div(u64::from(d)))), d);
        }
        // the DSL's kinds that are no divisibility pack too, and count as divisibility 1
        for kind in [UNKNOWN_KIND, INT_VALUE_KIND, ZERO_DIV_KIND] {
            assert_eq!(unpack_div(pack_div(kind)), kind);
        }
        // a multiple of 0: its divisor 0, kept by `*` and `%`, the gcd's beside `+`
        let z = Int::of_kind(0, ZERO_DIV_KIND);
        assert!(z.is_int_value() && z.divisibility() == 0 && z.divisor() == 0);
        assert_eq!(z.mul(Int::st(3), "t").unwrap().kind(), ZERO_DIV_KIND);
        assert_eq!(z.mul(Int::unknown(3), "t").unwrap().kind(), ZERO_DIV_KIND);
        assert_eq!(z.rem(Int::st(8), "t").unwrap().kind(), ZERO_DIV_KIND);
        assert_eq!(z.sub(z, "t").unwrap().kind(), ZERO_DIV_KIND);
        assert_eq!(z.add(Int::st(4), "t").unwrap().divisibility(), 4);
        assert_eq!(z.add(a, "t").unwrap().divisibility(), 4);
        let (p, v) = (Int::unknown(3), Int::int_value(9));
        assert!(p.dynamic() && p.is_unknown() && !p.is_int_value() && p.divisibility() == 0);
        assert!(v.dynamic() && !v.is_unknown() && v.is_int_value() && v.divisibility() == 0);
        assert_eq!((p.divisor(), v.divisor()), (1, 1));
        assert_eq!(a.mul(p, "t").unwrap().divisibility(), 4);
        // an int-tuple operation's result of which nothing is kept is an `IntValue`
        assert!(p.mul(p, "t").unwrap().is_int_value());
        assert_eq!(Int::dy(3).mul(Int::dy(3), "t").unwrap(), Int::dy(9));
        assert!(p.add(Int::st(0), "t").unwrap().is_int_value());
    }

    #[test]
    fn ceil_div_is_its_three_operations() {
        // `(a + b - _1) / b` step by step, kinds and errors included (the DSL's divisibility
        // aside: its ceil_div is no such sum)
        let no_div = |r: Result<Int>| r.map(|i| Int::of(i.value, i.dynamic()));
        let by_steps = |a: Int, b: Int| no_div(a.add(b, "t")?.sub(Int::st(1), "t")?.div(b, "t"));
        let values = [i64::MIN, -7, -1, 0, 1, 2, 3, 7, i64::MAX];
        for &x in &values {
            for &y in &values {
                for (kx, ky) in [(false, false), (false, true), (true, false), (true, true)] {
                    let (a, b) = (Int::of(x, kx), Int::of(y, ky));
                    assert_eq!(no_div(a.ceil_div(b, "t")), by_steps(a, b), "{a} {b}");
                }
            }
        }
    }

    /// The DSL's 64-bit run-time integer keeps its kind through the arithmetic, with the
    /// divisibility the DSL's 32 bits hold (checked with dsl-oracle).
    #[test]
    fn i64_kind_and_its_divisibility() {
        let s = Int::i64_div(16, 1);
        assert!(s.is_i64() && s.dynamic() && !s.is_unknown());
        assert_eq!(s.i64_divisibility(), Some(1));
        let m = s.mul(Int::st(3), "t").unwrap();
        assert_eq!(m.i64_divisibility(), Some(3));
        // beside one, a 32-bit run-time integer counts as 1, a static one as its value
        let a = Int::i64_div(16, 4);
        assert_eq!(
            a.mul(Int::dy_div(8, 2), "t").unwrap().i64_divisibility(),
            Some(4)
        );
        assert_eq!(a.add(Int::st(4), "t").unwrap().i64_divisibility(), Some(4));
        assert_eq!(
            a.add(Int::dy_div(8, 2), "t").unwrap().i64_divisibility(),
            Some(1)
        );
        assert_eq!(a.div(Int::st(2), "t").unwrap().i64_divisibility(), Some(2));
        assert_eq!(
            Int::i64_div(16, 8)
                .rem(Int::st(4), "t")
                .unwrap()
                .i64_divisibility(),
            Some(1)
        );
        // (C++'s `x * _0` is `_0`; the DSL's `s * 0`, `?{i64}`, is eval's)
        assert_eq!(a.mul(Int::st(0), "t").unwrap(), Int::st(0));
        // past 32 bits too
        assert_eq!(Int::i64_div(0, 1 << 31).i64_divisibility(), Some(1 << 31));
        assert_eq!(Int::i64_div(0, 1 << 40).i64_divisibility(), Some(1 << 40));
        assert_eq!(Int::i64_div(0, 0).i64_divisibility(), Some(0));
        assert_eq!(Int::i64_div(0, 3 << 30).divisor(), 3 << 30);
        // the 32-bit kinds are not it
        for i in [
            Int::dy(3),
            Int::unknown(3),
            Int::int_value(3),
            Int::dy_div(8, 4),
        ] {
            assert!(!i.is_i64(), "{i:?}");
            assert_eq!(i.i64_divisibility(), None);
        }
    }

    /// The DSL keeps a divisibility past 32 bits ([`WIDE_DIV_KIND`]: its print alone shows its
    /// low 32 bits); a remainder by a static c is a multiple of 0 where c divides the
    /// divisibility, of it where it divides c, else of nothing (checked with dsl-oracle).
    #[test]
    fn divisibility_past_32_bits() {
        let x = Int::dy_div(3, 3);
        let w = x.mul(Int::st(1 << 30), "t").unwrap();
        assert!(is_wide_kind(w.kind()));
        assert_eq!(w.divisibility(), 3 << 30);
        assert_eq!(w.divisor(), 3 << 30);
        assert_eq!(
            w.mul(Int::st(1 << 30), "t").unwrap().divisibility(),
            3 << 60
        );
        assert_eq!(w.mul(Int::st(3), "t").unwrap().divisibility(), 9 << 30);
        assert_eq!(w.add(Int::st(6), "t").unwrap().divisibility(), 6);
        assert_eq!(Int::dy_div(0, 1 << 31).divisibility(), 1 << 31);
        assert_eq!(Int::dy_div(0, 5 << 40).divisibility(), 5 << 40);
        // (an odd part past 1023 is not kept there)
        assert_eq!(Int::dy_div(0, (1 << 33) + 4).divisibility(), 0);
        let r = |d: u64, c: i64| Int::dy_div(0, d).rem(Int::st(c), "t").unwrap();
        assert_eq!(r(16, 8).kind(), ZERO_DIV_KIND);
        assert_eq!(r(16, 32).divisibility(), 16);
        assert_eq!(r(12, 8).divisibility(), 0);
        assert_eq!(r(1 << 31, 8).kind(), ZERO_DIV_KIND);
    }
}
