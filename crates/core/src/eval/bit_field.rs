//! CuTe's `bit_field<BitStart, NumBits, OtherValueType = dummy_type>` (container/bit_field.hpp):
//! a field of `NumBits` bits at bit `BitStart` of its storage words, read and written as its
//! `value_type` (`uint_bit_t<8|16|32|64>`, the smallest that holds `NumBits`) or as
//! `OtherValueType` of the same size (its bits reinterpreted).
//!
//! CuTe's contract, as the header computes it:
//! - `set(x)` (`bf = x`): the storage's field bits become `x & mask`, `mask` the low `NumBits`
//!   bits (`uint64_t(-1) >> (64 - NumBits)`), the other bits of the words kept;
//! - `get()` (`value_type(bf)`): the field bits back, the same `x & mask`;
//! - `bf = other` / `OtherValueType(bf)`: the value's bits through `value_type`.
//!
//! The session holds a bit field by the value `get()` gives (a variable of the field's type is
//! named in [`super::Env`]'s `bit_fields`, whose assignments set it): nothing else reads its
//! storage words, which `BF bf{}` value-initializes (all zero).

use super::storage::{ElemType, Number, Scalar};
use super::{EvalError, Value};
use crate::algebra::IntTuple;
use crate::parser::Span;

/// One `bit_field<BitStart, NumBits[, OtherValueType]>` type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitField {
    /// `BitStart`.
    start: u32,
    /// `NumBits`, 1 to 64.
    bits: u32,
    /// `OtherValueType`, where one is given.
    other: Option<ElemType>,
}

impl BitField {
    /// The type of its template arguments, checked as CuTe's static_asserts check them.
    pub fn new(start: i64, bits: i64, other: Option<ElemType>) -> Result<BitField, String> {
        let start = u32::try_from(start)
            .map_err(|_| format!("bit_field's BitStart {start} is no uint32_t"))?;
        if !(1..=64).contains(&bits) {
            return Err(format!(
                "static_assert of bit_field<{start}, {bits}>: 0 < NumBits && NumBits <= 64 (\"bit_fields with more than 64 bits are not supported.\")"
            ));
        }
        let f = BitField {
            start,
            bits: bits as u32,
            other,
        };
        if let Some(t) = other
            && t.bits() != i64::from(f.value_type_bits())
        {
            return Err(format!(
                "static_assert of {}: \"sizeof(OtherValueType) must be same as sizeof(value_type).\" ({} is {} bits, value_type {} bits)",
                f.text(),
                t.name(),
                t.bits(),
                f.value_type_bits()
            ));
        }
        Ok(f)
    }

    /// The type as the session names it (`bit_field<3,5>`, `bit_field<0,32,float>`), read
    /// back by [`BitField::of_text`].
    pub fn text(&self) -> String {
        match self.other {
            Some(t) => format!("bit_field<{},{},{}>", self.start, self.bits, t.name()),
            None => format!("bit_field<{},{}>", self.start, self.bits),
        }
    }

    /// The type [`BitField::text`] names.
    pub fn of_text(text: &str) -> Option<BitField> {
        let args = text.strip_prefix("bit_field<")?.strip_suffix('>')?;
        let mut it = args.split(',');
        let start = it.next()?.parse().ok()?;
        let bits = it.next()?.parse().ok()?;
        let other = match it.next() {
            Some(t) => Some(ElemType::of_name(t)?),
            None => None,
        };
        BitField::new(start, bits, other).ok()
    }

    /// `value_type_bits`: the smallest of 8, 16, 32, 64 that holds `NumBits`.
    fn value_type_bits(&self) -> u32 {
        match self.bits {
            0..=8 => 8,
            9..=16 => 16,
            17..=32 => 32,
            _ => 64,
        }
    }

    /// `value_type`: `uint_bit_t<value_type_bits>`.
    pub fn value_type(&self) -> ElemType {
        ElemType::of_int(self.value_type_bits(), false).expect("8, 16, 32 or 64 bits")
    }

    /// A static member as the header computes it (`value_type_bits`, `storage_type_bits`,
    /// `N`, `idx`, `bit_lo`, `bit_hi`, `mask`, `mask_lo`, `mask_hi`).
    pub fn static_member(&self, name: &str, span: Span) -> Result<Value, EvalError> {
        let end = self.start + self.bits - 1;
        // storage_type_bits: the smallest word that does not cross a boundary
        let storage = [8, 16, 32]
            .into_iter()
            .find(|w| self.start / w == end / w)
            .unwrap_or(64);
        let n = (self.start + self.bits).div_ceil(storage);
        let idx = self.start / storage;
        let bit_lo = self.start % storage;
        let bit_hi = if idx + 1 < n { storage - bit_lo } else { 0 };
        let storage_mask = u64::MAX >> (64 - storage);
        let x: u64 = match name {
            "value_type_bits" => u64::from(self.value_type_bits()),
            "storage_type_bits" => u64::from(storage),
            "N" => u64::from(n),
            "idx" => u64::from(idx),
            "bit_lo" => u64::from(bit_lo),
            "bit_hi" => u64::from(bit_hi),
            "mask" => self.mask(),
            "mask_lo" => (self.mask() & storage_mask) << bit_lo & storage_mask,
            "mask_hi" if bit_hi != 0 => (self.mask() & storage_mask) >> bit_hi,
            "mask_hi" => 0,
            _ => {
                return Err(EvalError::new(
                    format!("{} has no static member '{name}'", self.text()),
                    span,
                ));
            }
        };
        Ok(Value::IntTuple(IntTuple::int_of(x as i64, true)))
    }

    /// `mask`: the low `NumBits` bits.
    fn mask(&self) -> u64 {
        u64::MAX >> (64 - self.bits)
    }

    /// The value a field value-initialized (`BF bf{}`) gives: zero, as `value_type` (or as
    /// `OtherValueType`, its bits all zero).
    pub fn zero(&self) -> Result<Value, String> {
        match self.other {
            Some(t) if t.is_float() => {
                Ok(Value::Scalar(Box::new(Scalar::new(t, Number::Float(0.0))?)))
            }
            _ => self.held(0),
        }
    }

    /// `bf = x`, `x` of C++ integer type `ty` (where it has one): what `get()` gives after it.
    pub fn set(&self, x: Value, ty: Option<ElemType>, span: Span) -> Result<Value, EvalError> {
        match (&x, self.other) {
            // `operator=(OtherValueType)`: its bits through value_type, which get() gives back
            (Value::Scalar(s), Some(t)) if s.ty == t => Ok(x),
            (Value::IntTuple(_), Some(t)) if t.is_float() => Err(EvalError::new(
                format!(
                    "{} = an integer is ambiguous in C++: operator=(value_type) and operator=({}) each take it by a conversion",
                    self.text(),
                    t.name()
                ),
                span,
            )),
            (Value::IntTuple(n), _) if let Some((n, _)) = n.as_int_kind() => {
                // `operator=(value_type x)`: x converted to value_type, then `x & mask`
                let wide = match ty {
                    Some(ElemType::U64) => i128::from(n as u64),
                    _ => i128::from(n),
                };
                let x = Scalar::new(self.value_type(), Number::Int(wide))
                    .map_err(|m| EvalError::new(m, span))?;
                let bits = x.value.as_i128() as u64 & self.mask();
                self.held(bits).map_err(|m| EvalError::new(m, span))
            }
            (Value::Scalar(s), _) if !s.ty.is_float() => {
                let n = Value::IntTuple(IntTuple::int_of(
                    i64::try_from(s.value.as_i128()).unwrap_or(s.value.as_i128() as u64 as i64),
                    true,
                ));
                self.set(n, Some(s.ty), span)
            }
            _ => Err(EvalError::new(
                format!(
                    "{} = {}: a bit field takes its value_type ({}){}",
                    self.text(),
                    x.kind(),
                    self.value_type().name(),
                    self.other
                        .map(|t| format!(" or {}", t.name()))
                        .unwrap_or_default()
                ),
                span,
            )),
        }
    }

    /// The value `get()` gives of the field bits `bits`, as `value_type` (held as the session
    /// holds a typed integer: a `uint64_t` past `i64::MAX` by its bits).
    fn held(&self, bits: u64) -> Result<Value, String> {
        let s = Scalar::new(self.value_type(), Number::Int(i128::from(bits)))?;
        let v = s.value.as_i128();
        Ok(Value::IntTuple(IntTuple::int_of(
            i64::try_from(v).unwrap_or(v as u64 as i64),
            true,
        )))
    }
}
