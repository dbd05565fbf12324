//! The element types CuTe names: one table ([`ELEMENTS`]) of their C++ and DSL spellings, their
//! widths (`sizeof_bits<T>`), their letters in MMA atom names and which atoms take them. Every
//! reader of a type name reads it: recast's widths, the copy and UMMA atoms' value types, the
//! session's held values ([`ElemType`]).

/// The element types whose values `cute` holds (a session's owning tensors and arrays), each a
/// row of [`ELEMENTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// `float`.
    F32,
    /// `double`.
    F64,
    /// `half_t` (IEEE binary16).
    F16,
    /// `bfloat16_t`.
    BF16,
    /// `tfloat32_t` (32 bits held, a `float` of 10 mantissa bits: the low 13 are don't-care).
    TF32,
    /// `int8_t` (`signed char`).
    I8,
    /// `int16_t` (`short`).
    I16,
    /// `int32_t` (`int`).
    I32,
    /// `int64_t`.
    I64,
    /// `uint8_t` (`unsigned char`).
    U8,
    /// `uint16_t`.
    U16,
    /// `uint32_t` (`unsigned`).
    U32,
    /// `uint64_t`.
    U64,
    /// `bool` (`sizeof_bits<bool>` is 1 in CuTe: an owning tensor of it is sub-byte).
    Bool,
    /// `float_e4m3_t` (FP8: 4 exponent bits, 3 mantissa bits, no infinity, at most 448).
    E4M3,
    /// `float_e5m2_t` (FP8: 5 exponent bits, 2 mantissa bits, at most 57344).
    E5M2,
    /// `float_e2m1_t` (FP4: 2 exponent bits, 1 mantissa bit, at most 6).
    E2M1,
    /// `float_e2m3_t` (FP6: 2 exponent bits, 3 mantissa bits, at most 7.5).
    E2M3,
    /// `float_e3m2_t` (FP6: 3 exponent bits, 2 mantissa bits, at most 28).
    E3M2,
    /// `int4b_t`.
    I4,
    /// `uint4b_t`.
    U4,
    /// `int2b_t`.
    I2,
    /// `uint2b_t`.
    U2,
    /// `int6b_t`.
    I6,
    /// `uint6b_t`.
    U6,
    /// `uint1b_t` (`bin1_t`).
    U1,
    /// `complex<float>` (cutlass::complex: two `float`).
    C64,
    /// `complex<double>`.
    C128,
}

/// One element type: a row of [`ELEMENTS`].
#[derive(Debug)]
pub struct Element {
    /// Its C++ spellings (`cute::`, `cutlass::`, `std::` prefixes apart), CuTe's first (the
    /// one atoms print: `int32_t`); empty for a type only the DSL names (`Int128`).
    pub cpp: &'static [&'static str],
    /// CuTe's `sizeof_bits<T>`.
    pub bits: i64,
    /// The short spellings a copy atom's value type may take (`f16`, `s8`, `e4m3`).
    pub short: &'static [&'static str],
    /// Its class in the CuTe DSL (`cutlass.Float16`), where it has one.
    pub dsl: Option<&'static str>,
    /// The DSL class's `width` where it is not `bits` (`Boolean`'s 8).
    pub dsl_bits: Option<i64>,
    /// Its MLIR name, as the DSL prints a pointer's type (`f32`, `i8`: signless integers).
    pub mlir: Option<&'static str>,
    /// Its letters in CuTe C++'s MMA atom names (`F16`, `S8`, `E4M3`).
    pub mma_letters: Option<&'static str>,
    /// The held type it is, where a session holds its values.
    pub held: Option<ElemType>,
    /// Whether a copy atom takes it as its value type.
    pub copy: bool,
    /// Whether a UMMA atom (`SM100_MMA_*`) takes it as an operand's or accumulator's type.
    pub umma: bool,
}

const ROW: Element = Element {
    cpp: &[],
    bits: 0,
    short: &[],
    dsl: None,
    dsl_bits: None,
    mlir: None,
    mma_letters: None,
    held: None,
    copy: false,
    umma: false,
};

/// The element types CuTe names (numeric/numeric_types.hpp, numeric/int.hpp, cutlass's
/// float8.h, float_subbyte.h, integer_subbyte.h, complex.h) and the CuTe DSL's numeric classes.
#[rustfmt::skip]
pub static ELEMENTS: &[Element] = &[
    Element { cpp: &["float"], bits: 32, short: &["f32", "fp32"], dsl: Some("Float32"), mlir: Some("f32"), mma_letters: Some("F32"), held: Some(ElemType::F32), copy: true, umma: true, ..ROW },
    Element { cpp: &["double"], bits: 64, short: &["f64", "fp64"], dsl: Some("Float64"), mlir: Some("f64"), mma_letters: Some("F64"), held: Some(ElemType::F64), copy: true, ..ROW },
    Element { cpp: &["half_t", "half", "__half"], bits: 16, short: &["f16", "float16_t", "fp16"], dsl: Some("Float16"), mlir: Some("f16"), mma_letters: Some("F16"), held: Some(ElemType::F16), copy: true, umma: true, ..ROW },
    Element { cpp: &["bfloat16_t"], bits: 16, short: &["bf16", "bfloat16", "__nv_bfloat16"], dsl: Some("BFloat16"), mlir: Some("bf16"), mma_letters: Some("BF16"), held: Some(ElemType::BF16), copy: true, umma: true, ..ROW },
    Element { cpp: &["tfloat32_t"], bits: 32, short: &["tf32"], dsl: Some("TFloat32"), mlir: Some("tf32"), mma_letters: Some("TF32"), held: Some(ElemType::TF32), copy: true, umma: true, ..ROW },
    Element { cpp: &["int8_t", "signed char"], bits: 8, short: &["s8", "i8"], dsl: Some("Int8"), mlir: Some("i8"), mma_letters: Some("S8"), held: Some(ElemType::I8), copy: true, umma: true, ..ROW },
    Element { cpp: &["int16_t", "short"], bits: 16, short: &["s16", "i16"], dsl: Some("Int16"), mlir: Some("i16"), mma_letters: Some("S16"), held: Some(ElemType::I16), copy: true, ..ROW },
    Element { cpp: &["int32_t", "int"], bits: 32, short: &["s32", "i32"], dsl: Some("Int32"), mlir: Some("i32"), mma_letters: Some("S32"), held: Some(ElemType::I32), copy: true, umma: true, ..ROW },
    Element { cpp: &["int64_t", "long", "long long"], bits: 64, short: &["s64", "i64"], dsl: Some("Int64"), mlir: Some("i64"), mma_letters: Some("S64"), held: Some(ElemType::I64), copy: true, ..ROW },
    Element { cpp: &["uint8_t", "unsigned char"], bits: 8, short: &["u8"], dsl: Some("Uint8"), mlir: Some("i8"), mma_letters: Some("U8"), held: Some(ElemType::U8), copy: true, umma: true, ..ROW },
    Element { cpp: &["uint16_t", "unsigned short"], bits: 16, short: &["u16"], dsl: Some("Uint16"), mlir: Some("i16"), mma_letters: Some("U16"), held: Some(ElemType::U16), copy: true, ..ROW },
    Element { cpp: &["uint32_t", "unsigned", "unsigned int"], bits: 32, short: &["u32"], dsl: Some("Uint32"), mlir: Some("i32"), mma_letters: Some("U32"), held: Some(ElemType::U32), copy: true, umma: true, ..ROW },
    Element { cpp: &["uint64_t", "unsigned long", "unsigned long long"], bits: 64, short: &["u64"], dsl: Some("Uint64"), mlir: Some("i64"), mma_letters: Some("U64"), held: Some(ElemType::U64), copy: true, ..ROW },
    Element { cpp: &["uint128_t"], bits: 128, short: &["u128"], dsl: Some("Uint128"), copy: true, ..ROW },
    Element { cpp: &[], bits: 128, dsl: Some("Int128"), ..ROW },
    Element { cpp: &["uint256_t"], bits: 256, copy: true, ..ROW },
    Element { cpp: &["char"], bits: 8, ..ROW },
    // `sizeof_bits<bool>` is 1 (numeric/numeric_types.hpp); the DSL's `Boolean` is 8 bits wide.
    Element { cpp: &["bool"], bits: 1, dsl: Some("Boolean"), dsl_bits: Some(8), mlir: Some("i8"), held: Some(ElemType::Bool), ..ROW },
    Element { cpp: &["float_e4m3_t"], bits: 8, short: &["e4m3"], dsl: Some("Float8E4M3FN"), mlir: Some("f8E4M3FN"), mma_letters: Some("E4M3"), held: Some(ElemType::E4M3), copy: true, umma: true, ..ROW },
    Element { cpp: &["float_e5m2_t"], bits: 8, short: &["e5m2"], dsl: Some("Float8E5M2"), mlir: Some("f8E5M2"), mma_letters: Some("E5M2"), held: Some(ElemType::E5M2), copy: true, umma: true, ..ROW },
    Element { cpp: &["float_ue8m0_t"], bits: 8, short: &["ue8m0"], dsl: Some("Float8E8M0FNU"), copy: true, umma: true, ..ROW },
    Element { cpp: &["float_ue4m3_t"], bits: 8, short: &["ue4m3"], copy: true, umma: true, ..ROW },
    Element { cpp: &["float_e2m1_t"], bits: 4, short: &["e2m1"], dsl: Some("Float4E2M1FN"), mlir: Some("f4E2M1FN"), mma_letters: Some("E2M1"), held: Some(ElemType::E2M1), copy: true, umma: true, ..ROW },
    Element { cpp: &["float_e2m3_t"], bits: 6, short: &["e2m3"], dsl: Some("Float6E2M3FN"), mlir: Some("f6E2M3FN"), mma_letters: Some("E2M3"), held: Some(ElemType::E2M3), copy: true, umma: true, ..ROW },
    Element { cpp: &["float_e3m2_t"], bits: 6, short: &["e3m2"], dsl: Some("Float6E3M2FN"), mlir: Some("f6E3M2FN"), mma_letters: Some("E3M2"), held: Some(ElemType::E3M2), copy: true, umma: true, ..ROW },
    // CuTe's aliases `int4_t`, `uint4_t`, `uint2_t`, `uint6_t`, `uint1_t` (numeric/int.hpp)
    Element { cpp: &["int4b_t", "int4_t"], bits: 4, dsl: Some("Int4"), mlir: Some("i4"), held: Some(ElemType::I4), ..ROW },
    Element { cpp: &["uint4b_t", "uint4_t"], bits: 4, dsl: Some("Uint4"), mlir: Some("i4"), held: Some(ElemType::U4), ..ROW },
    Element { cpp: &["int2b_t"], bits: 2, mlir: Some("i2"), held: Some(ElemType::I2), ..ROW },
    Element { cpp: &["uint2b_t", "uint2_t"], bits: 2, mlir: Some("i2"), held: Some(ElemType::U2), ..ROW },
    Element { cpp: &["int6b_t", "int6_t"], bits: 6, mlir: Some("i6"), held: Some(ElemType::I6), ..ROW },
    Element { cpp: &["uint6b_t", "uint6_t"], bits: 6, mlir: Some("i6"), held: Some(ElemType::U6), ..ROW },
    Element { cpp: &["uint1b_t", "uint1_t", "bin1_t"], bits: 1, mlir: Some("i1"), held: Some(ElemType::U1), copy: true, ..ROW },
    // `complex<T>` (cutlass::complex, cute/numeric/complex.hpp): two T; other `complex<T>` are
    // read by [`element_bits`]'s rule.
    Element { cpp: &["complex<float>"], bits: 64, mlir: Some("complex<f32>"), held: Some(ElemType::C64), ..ROW },
    Element { cpp: &["complex<double>"], bits: 128, mlir: Some("complex<f64>"), held: Some(ElemType::C128), ..ROW },
    Element { cpp: &["complex<tfloat32_t>"], bits: 64, umma: true, ..ROW },
    // the UMMA kinds' runtime-typed operands (cutlass/float_subbyte.h, float8.h)
    Element { cpp: &["type_erased_dynamic_float8_t"], bits: 8, umma: true, ..ROW },
    Element { cpp: &["type_erased_dynamic_float6_t"], bits: 6, umma: true, ..ROW },
    Element { cpp: &["type_erased_dynamic_float4_t"], bits: 4, umma: true, ..ROW },
];

/// NAME without the namespaces `cute::`, `cutlass::`, `std::`.
fn unqualified(name: &str) -> &str {
    let n = name.trim();
    let n = n.strip_prefix("cute::").unwrap_or(n);
    let n = n.strip_prefix("cutlass::").unwrap_or(n);
    n.strip_prefix("std::").unwrap_or(n)
}

impl Element {
    /// The row of a C++ spelling (namespaces allowed).
    pub fn of_cpp(name: &str) -> Option<&'static Element> {
        let n = unqualified(name);
        ELEMENTS.iter().find(|e| e.cpp.contains(&n))
    }

    /// The row of a DSL class name (`Float16`; `cutlass.` allowed).
    pub fn of_dsl(name: &str) -> Option<&'static Element> {
        let n = name.trim();
        let n = n.strip_prefix("cutlass.").unwrap_or(n);
        ELEMENTS.iter().find(|e| e.dsl == Some(n))
    }

    /// The row of a copy atom's value type: a C++ spelling a copy atom takes, or a short one.
    pub fn of_copy(name: &str) -> Option<&'static Element> {
        let n = unqualified(name);
        ELEMENTS
            .iter()
            .find(|e| e.copy && (e.cpp.contains(&n) || e.short.contains(&n)))
    }

    /// The row of a type UMMA takes, spelt as CuTe spells it.
    pub fn of_umma(name: &str) -> Option<&'static Element> {
        ELEMENTS
            .iter()
            .find(|e| e.umma && e.cpp.first() == Some(&name))
    }

    /// CuTe's spelling (atoms print it).
    pub fn name(&self) -> &'static str {
        self.cpp
            .first()
            .or(self.dsl.as_ref())
            .copied()
            .unwrap_or("")
    }
}

/// The bit width CuTe's `sizeof_bits<T>` gives an element type CuTe names (`cute::`,
/// `cutlass::` and `std::` prefixes allowed; the DSL's `Float16`, `Int8`, ... too: their
/// `width`), or `None` for a name it is not.
pub fn element_bits(name: &str) -> Option<i64> {
    if let Some(e) = Element::of_cpp(name) {
        return Some(e.bits);
    }
    let n = unqualified(name);
    if let Some(e) = ELEMENTS.iter().find(|e| e.dsl == Some(n)) {
        return Some(e.dsl_bits.unwrap_or(e.bits));
    }
    // `complex<T>` (cutlass::complex): two T
    let inner = n
        .strip_prefix("complex<")
        .and_then(|r| r.strip_suffix('>'))?;
    let bits = element_bits(inner)?;
    (bits >= 16).then_some(2 * bits)
}

impl ElemType {
    /// Its row of [`ELEMENTS`].
    pub fn element(self) -> &'static Element {
        ELEMENTS
            .iter()
            .find(|e| e.held == Some(self))
            .expect("every held type has its row")
    }

    /// The element type a C++ type name names (`float`, `cute::half_t`, `int const`) or a DSL
    /// class (`Float32`), or `None` for a type whose values `cute` does not hold.
    pub fn of_name(name: &str) -> Option<ElemType> {
        let n = name.trim();
        let n = n.strip_suffix("const").unwrap_or(n).trim();
        let n = n.strip_prefix("const ").unwrap_or(n).trim();
        Element::of_cpp(n)
            .or_else(|| Element::of_dsl(unqualified(n)).filter(|_| !n.contains('.')))
            .and_then(|e| e.held)
    }

    /// The type's name as CuTe prints it (`int` for `int32_t`).
    pub fn name(self) -> &'static str {
        match self {
            ElemType::I32 => "int",
            t => t.element().name(),
        }
    }

    /// Its C++ name with its width, as CuTe's atoms name their types (`int32_t`, where
    /// [`name`](Self::name) is `int`, as CuTe prints the type).
    pub fn sized_name(self) -> &'static str {
        self.element().name()
    }

    /// Its width, CuTe's `sizeof_bits_v<T>`: `bool` is 1 bit, a `complex<T>` two `T`.
    pub fn bits(self) -> i64 {
        self.element().bits
    }

    /// An integer type's width and signedness.
    pub fn int_bits(self) -> Option<(u32, bool)> {
        Some(match self {
            ElemType::I8 => (8, true),
            ElemType::I16 => (16, true),
            ElemType::I32 => (32, true),
            ElemType::I64 => (64, true),
            ElemType::U8 => (8, false),
            ElemType::U16 => (16, false),
            ElemType::U32 => (32, false),
            ElemType::U64 => (64, false),
            _ => return None,
        })
    }

    /// C++'s conversion of the integer `x` to this integer type: modulo 2^bits, a signed
    /// type's top bit its sign (`x` itself for a type of no integer width).
    #[inline]
    pub fn wrap_int(self, x: i128) -> i128 {
        let Some((bits, signed)) = self.int_bits() else {
            return x;
        };
        let m = 1i128 << bits;
        let w = x.rem_euclid(m);
        if signed && w >= m / 2 { w - m } else { w }
    }

    /// The type C++'s usual arithmetic conversions give two integer types (LP64; the narrow
    /// ones, `bool` and the sub-byte integers promoted to `int`): `long` with `unsigned long`
    /// is `unsigned long`, with `unsigned` `long`.
    pub const fn int_common(a: ElemType, b: ElemType) -> ElemType {
        use ElemType::*;
        match (a, b) {
            (U64, _) | (_, U64) => U64,
            (I64, _) | (_, I64) => I64,
            (U32, _) | (_, U32) => U32,
            _ => I32,
        }
    }

    /// `x OP y` (`+ - * / % & | ^`) of two integers converted to this integer type, in its
    /// arithmetic as C++ computes it: an unsigned result wraps modulo 2^bits; a signed one past
    /// the type's range is undefined behaviour, an error (so is `x % y` where the quotient
    /// `x / y` is, [expr.mul]), as is a division by zero.
    pub fn int_arith(self, op: char, x: i128, y: i128) -> Result<i128, String> {
        let (x, y) = (self.wrap_int(x), self.wrap_int(y));
        let unsigned = self.int_bits().is_some_and(|(_, signed)| !signed);
        let r = match op {
            '+' => x + y,
            '-' => x - y,
            // of two 64-bit unsigned values the product passes i128: its bits modulo
            // 2^128 keep it modulo 2^64, C++'s (a signed product of 64-bit values fits)
            '*' if unsigned => x.wrapping_mul(y),
            '*' => x.checked_mul(y).ok_or("integer overflow")?,
            '/' if y == 0 => return Err("division by zero".to_string()),
            '/' => x / y,
            '%' if y == 0 => return Err("division by zero".to_string()),
            '%' => x % y,
            // of two's complement values, as C++'s (the result wraps to the type)
            '&' => x & y,
            '|' => x | y,
            '^' => x ^ y,
            _ => return Err(format!("'{op}' is not an arithmetic operator")),
        };
        if let Some((bits, true)) = self.int_bits() {
            let range = -(1i128 << (bits - 1))..(1i128 << (bits - 1));
            if !range.contains(&r) {
                return Err(format!(
                    "the {} value {r} of {x} {op} {y} overflows (undefined behaviour in C++)",
                    self.name()
                ));
            }
            if op == '%' && !range.contains(&(x / y)) {
                return Err(format!(
                    "the {} value of {x} % {y}: the quotient {} overflows (undefined behaviour in C++)",
                    self.name(),
                    x / y
                ));
            }
        }
        Ok(self.wrap_int(r))
    }

    /// The element type's name as the CuTe DSL prints it in a pointer (`f32`, `bf16`, `i8`):
    /// MLIR's, whose integers are signless (`cutlass.Uint8` and `cutlass.Boolean` print `i8`).
    pub fn dsl_name(self) -> &'static str {
        self.element().mlir.unwrap_or("")
    }

    /// The type's name in the CuTe DSL (`cutlass.Float32`), where it has one.
    pub fn dsl_type(self) -> Option<&'static str> {
        self.element().dsl
    }

    /// The type the CuTe DSL names `name` (`Float16`, `cutlass.TFloat32`); not a C++ name.
    pub fn of_dsl(name: &str) -> Option<ElemType> {
        Element::of_dsl(name).and_then(|e| e.held)
    }

    /// Its letters in CuTe C++'s MMA atom names (`SM80_16x8x16_F32F16F16F32_TN`: `F16`;
    /// `S8` for `int8_t`, `E4M3` for `float_e4m3_t`), where it has them.
    pub fn mma_letters(self) -> Option<&'static str> {
        self.element().mma_letters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_held_type_has_one_row() {
        for e in ELEMENTS {
            if let Some(t) = e.held {
                assert!(std::ptr::eq(t.element(), e), "{t:?}");
                assert!(ElemType::of_name(e.name()) == Some(t));
            }
        }
    }

    #[test]
    fn widths() {
        assert_eq!(element_bits("cute::half_t"), Some(16));
        assert_eq!(element_bits("Boolean"), Some(8));
        assert_eq!(element_bits("bool"), Some(1));
        assert_eq!(element_bits("complex<half_t>"), Some(32));
        assert_eq!(element_bits("complex<double>"), Some(128));
        assert_eq!(element_bits("Int128"), Some(128));
        assert_eq!(element_bits("f16"), None);
        assert_eq!(Element::of_copy("f16").map(Element::name), Some("half_t"));
        assert!(Element::of_umma("int").is_none());
    }
}
