//! Element values: the storage of owning tensors and arrays, and the numbers in it.
//!
//! CuTe's owning tensors (`make_tensor<float>(Shape<_4,_8>{})`, `make_fragment_like`,
//! `make_tensor_like`) and arrays (`float A[8]`, `__shared__ half_t smem[N]`, `cute::array<int,
//! 4>`) hold values. A session keeps them here ([`Buffers`]): each buffer is one owner's
//! elements, of its element type ([`ElemType`]), each a number as the type rounds it
//! ([`ElemType::round`]: a `half_t` holds what `half_t(x)` holds) or never written (an array
//! declared without an initializer, a DSL fragment: CuTe would read whatever the memory holds,
//! so `cute` says "read of an element never written" instead of inventing a value; a C++
//! owning tensor's array is value-initialized, zeros). A pointer into a buffer carries its number
//! ([`StorageTag`](crate::algebra::pointer::StorageTag)), so every view of an owner (a slice,
//! a partition, a tile) reads and writes the owner's elements. A pointer that is into no
//! buffer (a kernel's `float* A`, `make_gmem_ptr(nullptr)`) has no values to read.
//!
//! The printing of values is CuTe's: `print(x)` (util/print.hpp, numeric/numeric_types.hpp:
//! `%f` for the floating types, `%d` for the integers) and `pretty_print(x)`, which
//! `print_tensor` uses (`%*.2e` of width 10 for `float`, `%*.3e` of width 11 for `double`,
//! `%*.2f` of width 8 for `half_t` and `bfloat16_t`, `%*d` of width 5 for `int32_t`, two
//! blanks then `print(x)` for the types without one of their own: `int8_t`, `int16_t`, …).

use crate::algebra::Layout;
use crate::algebra::pointer::{Pointer, StorageTag};
use crate::algebra::tensor::Origin;

pub use crate::algebra::element::ElemType;

/// A narrow floating-point type of CUTLASS (float8.h, float_subbyte.h): its mantissa bits,
/// its least normal exponent (`1 - bias`), its greatest finite value, whether it has a NaN.
struct MiniFloat {
    mantissa_bits: i32,
    min_exponent: i32,
    max_finite: f64,
    has_nan: bool,
}

impl ElemType {
    /// The integer type of C++'s of a width and signedness (`int`: 32, signed).
    pub fn of_int(bits: u32, signed: bool) -> Option<ElemType> {
        Some(match (bits, signed) {
            (8, true) => ElemType::I8,
            (16, true) => ElemType::I16,
            (32, true) => ElemType::I32,
            (64, true) => ElemType::I64,
            (8, false) => ElemType::U8,
            (16, false) => ElemType::U16,
            (32, false) => ElemType::U32,
            (64, false) => ElemType::U64,
            _ => return None,
        })
    }

    /// The narrow floating-point types' formats.
    fn mini_float(self) -> Option<MiniFloat> {
        let (mantissa_bits, min_exponent, max_finite, has_nan) = match self {
            ElemType::E4M3 => (3, -6, 448.0, true),
            ElemType::E5M2 => (2, -14, 57344.0, true),
            ElemType::E2M1 => (1, 0, 6.0, false),
            ElemType::E2M3 => (3, 0, 7.5, false),
            ElemType::E3M2 => (2, -2, 28.0, false),
            _ => return None,
        };
        Some(MiniFloat {
            mantissa_bits,
            min_exponent,
            max_finite,
            has_nan,
        })
    }

    /// Whether it is a C++ arithmetic type (`std::is_arithmetic`): not one of CUTLASS's number
    /// classes (`half_t`, `bfloat16_t`, the FP8/FP6/FP4 types, the sub-byte integers).
    pub fn is_cpp_arithmetic(self) -> bool {
        !matches!(self, ElemType::F16 | ElemType::BF16 | ElemType::TF32)
            && self.mini_float().is_none()
            && !self.is_subbyte_int()
            && !self.is_complex()
    }

    /// Whether it is `complex<float>` or `complex<double>`.
    pub fn is_complex(self) -> bool {
        matches!(self, ElemType::C64 | ElemType::C128)
    }

    /// Whether it is one of CUTLASS's sub-byte integer types (`int4b_t`, `uint1b_t`, …), a
    /// class type of its own rather than a C++ integer.
    pub fn is_subbyte_int(self) -> bool {
        self.subbyte_range().is_some()
    }

    /// A sub-byte integer type's range (CUTLASS's `integer_subbyte`, which asserts it).
    fn subbyte_range(self) -> Option<(i128, i128)> {
        Some(match self {
            ElemType::I4 => (-8, 7),
            ElemType::U4 => (0, 15),
            ElemType::I2 => (-2, 1),
            ElemType::U2 => (0, 3),
            ElemType::I6 => (-32, 31),
            ElemType::U6 => (0, 63),
            ElemType::U1 => (0, 1),
            _ => return None,
        })
    }

    /// CUTLASS's `integer_subbyte(int)` asserts `lower_bound <= value <= upper_bound`, an
    /// `assert` that a build with NDEBUG (CUTLASS's tests: CMake's Release) leaves out, where
    /// the constructor keeps the value's low bits: the message for a value outside the range
    /// (`None`: inside it, or not a sub-byte integer).
    pub fn subbyte_assertion(self, x: Number) -> Option<String> {
        let (lo, hi) = self.subbyte_range()?;
        let i = subbyte_int(x)?;
        (!(lo..=hi).contains(&i)).then(|| {
            format!(
                "{}({}): the value is outside the type's range {lo}..={hi}: CUTLASS's integer_subbyte asserts it (a build without NDEBUG stops there); built with NDEBUG, as CUTLASS's tests are, it keeps the low {} bits: {}",
                self.name(),
                x.as_text(),
                (hi - lo + 1).trailing_zeros(),
                subbyte_wrap(i, lo, hi)
            )
        })
    }

    /// Whether C++ compiles `x = v` for an element `x` of this type (a tensor's `T(i) = v`)
    /// and a value `v` of type `from` (`std::is_assignable_v`, as CUTLASS's number classes
    /// declare their conversions): the C++ arithmetic types and the sub-byte integers take any
    /// real value; `half_t` the arithmetic types, itself and the FP8 types; a complex type the
    /// C++ arithmetic types but `half_t`/`bfloat16_t`, and the complex types; `bfloat16_t` and
    /// the FP8/FP6/FP4 types (explicit constructors, no `operator=` of another type) only
    /// themselves. tests/oracle/assignable.txt holds CuTe 4.7's answer for every pair.
    pub fn assignable_from(self, from: ElemType) -> bool {
        if self == from {
            return true;
        }
        let real = !from.is_complex();
        match self {
            ElemType::BF16 | ElemType::TF32 => false,
            _ if self.mini_float().is_some() => false,
            ElemType::F16 => {
                from.is_cpp_arithmetic() || matches!(from, ElemType::E4M3 | ElemType::E5M2)
            }
            _ if self.is_complex() => from.is_cpp_arithmetic() || from.is_complex(),
            _ => real,
        }
    }

    /// Whether it is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ElemType::F32 | ElemType::F64 | ElemType::F16 | ElemType::BF16 | ElemType::TF32
        ) || self.mini_float().is_some()
    }

    /// `T(x)`: the value the type holds for `x`, as C++ converts it — a floating type rounds
    /// to its nearest value (`half_t` and `bfloat16_t` through `float`, as CUTLASS converts,
    /// ties to even), an integer type truncates a floating value toward zero (an error where
    /// C++ leaves it undefined: out of the type's range, or not a number) and wraps an integer
    /// modulo 2^bits, `bool` is `x != 0`.
    ///
    /// The FP8, FP6 and FP4 types convert from `float` as CUTLASS's `convert_float_to_fp8`
    /// does (float8.h; float_subbyte.h alike): to the nearest value, ties to even, a value
    /// past the greatest finite one (an infinity too) saturating to it (`satfinite`), NaN to
    /// NaN (an error for the types without one). A sub-byte integer keeps the value's low bits
    /// (`integer_subbyte(int)`: `storage = value & bits_mask_`), as CUTLASS built with NDEBUG
    /// (its tests, a Release build) computes; its range assertion is
    /// [`ElemType::subbyte_assertion`]'s warning.
    pub fn round(self, x: Number) -> Result<Number, String> {
        // `complex<T>(x)`: the parts as T holds them (a real value's imaginary part 0)
        if self.is_complex() {
            let (re, im) = x.parts();
            return Ok(match self {
                ElemType::C64 => Number::Complex(f64::from(re as f32), f64::from(im as f32)),
                _ => Number::Complex(re, im),
            });
        }
        if let Number::Complex(..) = x {
            return Err(format!(
                "{} of a complex value: cutlass::complex converts to no real type (write real(z) or imag(z))",
                self.name()
            ));
        }
        let f = x.as_f64();
        if let Some(m) = self.mini_float() {
            return m.round(f as f32).map(Number::Float).ok_or_else(|| {
                format!("{}(nan): the type has no NaN (not modelled)", self.name())
            });
        }
        if let Some((lo, hi)) = self.subbyte_range() {
            return subbyte_int(x)
                .map(|i| Number::Int(subbyte_wrap(i, lo, hi)))
                .ok_or_else(|| {
                    format!(
                        "{}({}): not a number (C++ leaves its conversion to an integer undefined)",
                        self.name(),
                        x.as_text()
                    )
                });
        }
        Ok(match self {
            ElemType::F64 => Number::Float(f),
            ElemType::F32 => Number::Float(f64::from(f as f32)),
            ElemType::F16 => Number::Float(half::f16::from_f32(f as f32).to_f64()),
            ElemType::BF16 => Number::Float(half::bf16::from_f32(f as f32).to_f64()),
            // tfloat32.h: `tfloat32_t(int)` holds the `float` (its low bits then dropped),
            // `tfloat32_t(float)` adds half an ulp (`round_half_ulp_truncate`, finite values
            // only); `float(t)` clears the 13 don't-care bits
            ElemType::TF32 => {
                let bits = (f as f32).to_bits();
                let bits = match x {
                    Number::Float(_) if (f as f32).is_finite() => bits.wrapping_add(0x1000),
                    _ => bits,
                };
                Number::Float(f64::from(f32::from_bits(bits & !0x1fff)))
            }
            ElemType::Bool => Number::Int(i128::from(match x {
                Number::Int(i) => i != 0,
                Number::Float(v) | Number::Complex(v, _) => v != 0.0,
            })),
            t => {
                let (bits, signed) = t.int_bits().expect("an integer type");
                let i = match x {
                    Number::Int(i) => i,
                    Number::Float(v) | Number::Complex(v, _) => {
                        let lo = if signed {
                            -(2f64.powi(bits as i32 - 1))
                        } else {
                            0.0
                        };
                        let hi = if signed {
                            2f64.powi(bits as i32 - 1)
                        } else {
                            2f64.powi(bits as i32)
                        };
                        let tr = v.trunc();
                        if v.is_nan() || tr < lo || tr >= hi {
                            return Err(format!(
                                "{} of {}: the value is outside the type's range (undefined in C++)",
                                t.name(),
                                Number::Float(v).c_f()
                            ));
                        }
                        tr as i128
                    }
                };
                Number::Int(t.wrap_int(i))
            }
        })
    }

    /// CuTe's `print(x)` of a value of this type: `%f` of the floating types (`half_t`,
    /// `bfloat16_t` and the FP8/FP6/FP4 types as `float`), the integer in decimal (`%d` of
    /// `int(x)` for the sub-byte integers).
    pub fn print(self, x: Number) -> String {
        if let Number::Complex(re, im) = x {
            return format!("{}({}, {})", self.name(), c_fixed(re, 6), c_fixed(im, 6));
        }
        match (self.is_float(), x) {
            (true, x) => x.c_f(),
            (false, Number::Int(i)) => i.to_string(),
            (false, Number::Float(f) | Number::Complex(f, _)) => (f as i128).to_string(),
        }
    }

    /// CuTe's `pretty_print(x)`, one cell of `print_tensor`.
    pub fn pretty_print(self, x: Number) -> String {
        match self {
            // (print_tensor refuses complex tensors: CuTe has no print of them)
            ElemType::C64 | ElemType::C128 => self.print(x),
            // `%*.2e` of width 10: float and tfloat32_t
            ElemType::F32 | ElemType::TF32 => format!("{:>10}", c_e(x.as_f64(), 2)),
            ElemType::F64 => format!("{:>11}", c_e(x.as_f64(), 3)),
            // `%*.2f` of width 8: half_t, bfloat16_t, float_e4m3_t, float_e5m2_t and the
            // float_exmy_base types (pretty_print_float_exmy_base)
            ElemType::F16
            | ElemType::BF16
            | ElemType::E4M3
            | ElemType::E5M2
            | ElemType::E2M1
            | ElemType::E2M3
            | ElemType::E3M2 => format!("{:>8}", c_fixed(x.as_f64(), 2)),
            // uint1b_t's `%*d` of width 3; bool's generic two blanks and print
            ElemType::Bool | ElemType::U1 => format!("{:>3}", self.print(x)),
            ElemType::I4
            | ElemType::U4
            | ElemType::I2
            | ElemType::U2
            | ElemType::I6
            | ElemType::U6 => {
                format!("{:>5}", self.print(x))
            }
            // pretty_print(uint32_t) prints with %d: the value as an int
            ElemType::U32 => format!("{:>5}", (x.as_i128() as u32) as i32),
            ElemType::I32 | ElemType::I64 | ElemType::U64 => format!("{:>5}", self.print(x)),
            // the generic pretty_print: two blanks, then print(t)
            ElemType::I8 | ElemType::I16 | ElemType::U8 | ElemType::U16 => {
                format!("  {}", self.print(x))
            }
        }
    }
}

impl MiniFloat {
    /// The nearest value of the type to `x` (ties to even), saturating at its greatest
    /// finite value; `None` for a NaN the type cannot hold.
    fn round(&self, x: f32) -> Option<f64> {
        if x.is_nan() {
            return self.has_nan.then_some(f64::NAN);
        }
        let a = f64::from(x).abs();
        let r = if a == 0.0 {
            0.0
        } else if a.is_infinite() || a >= self.max_finite {
            self.max_finite
        } else {
            // the exponent of a's leading bit, no less than the least normal one (subnormals
            // share that quantum)
            let e = (a.log2().floor() as i32).max(self.min_exponent);
            // log2 of a value just under a power of two may round up: the quantum then is
            // one too coarse, which a check of the leading bit corrects
            let e = if 2f64.powi(e) > a && e > self.min_exponent {
                e - 1
            } else {
                e
            };
            let q = 2f64.powi(e - self.mantissa_bits);
            ((a / q).round_ties_even() * q).min(self.max_finite)
        };
        Some(if x.is_sign_negative() { -r } else { r })
    }
}

/// A number: an integer or a floating-point value (exact for every value of the types above).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// An integer.
    Int(i128),
    /// A floating-point value.
    Float(f64),
    /// A complex value: its real and imaginary parts.
    Complex(f64, f64),
}

impl Number {
    /// The value as a double.
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) | Number::Complex(f, _) => f,
        }
    }

    /// The real and imaginary parts (a real value's imaginary part 0).
    pub fn parts(self) -> (f64, f64) {
        match self {
            Number::Complex(re, im) => (re, im),
            x => (x.as_f64(), 0.0),
        }
    }

    /// The value as an integer (a floating value truncated).
    pub fn as_i128(self) -> i128 {
        match self {
            Number::Int(i) => i,
            Number::Float(f) | Number::Complex(f, _) => f as i128,
        }
    }

    /// The number as C++ source writes it (`9`, `1.5`).
    fn as_text(self) -> String {
        match self {
            Number::Int(i) => i.to_string(),
            Number::Float(f) => f.to_string(),
            Number::Complex(re, im) => format!("({re}, {im})"),
        }
    }

    /// C's `%f`.
    pub fn c_f(self) -> String {
        match self {
            Number::Int(i) => format!("{i}.000000"),
            Number::Float(f) => c_fixed(f, 6),
            Number::Complex(re, im) => format!("({}, {})", c_fixed(re, 6), c_fixed(im, 6)),
        }
    }
}

/// C's `%.Nf`.
fn c_fixed(f: f64, n: usize) -> String {
    if let Some(s) = c_special(f) {
        return s;
    }
    format!("{f:.n$}")
}

/// C's `%.Ne`: the exponent signed and of at least two digits (`1.50e+00`).
fn c_e(f: f64, n: usize) -> String {
    if let Some(s) = c_special(f) {
        return s;
    }
    let s = format!("{f:.n$e}");
    let (mantissa, exp) = s.split_once('e').expect("Rust's {:e} writes an exponent");
    let exp: i32 = exp.parse().expect("an integer exponent");
    format!(
        "{mantissa}e{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

/// How C prints an infinity or a NaN (glibc: `inf`, `-inf`, `nan`, `-nan`).
fn c_special(f: f64) -> Option<String> {
    if f.is_nan() {
        Some(if f.is_sign_negative() { "-nan" } else { "nan" }.to_string())
    } else if f.is_infinite() {
        Some(if f < 0.0 { "-inf" } else { "inf" }.to_string())
    } else {
        None
    }
}

/// A float as Python's `repr` writes it: the shortest text that reads back as it, in
/// scientific form below 1e-4 and from 1e16 on, its exponent signed and of two digits at
/// least (`7.0`, `0.1`, `1e-05`, `1e+16`, `inf`, `nan`).
pub fn python_float(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.to_string();
    }
    // Rust's `{:?}` is the shortest round trip, scientific where Python's is
    let text = format!("{x:?}");
    match text.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => text,
    }
}

/// The integer `integer_subbyte`'s constructors take: an integer as it is, a floating value
/// truncated toward zero (`static_cast<xint_t>(value)`); `None` for no finite real number.
fn subbyte_int(x: Number) -> Option<i128> {
    match x {
        Number::Int(i) => Some(i),
        Number::Float(v) if v.is_finite() => Some(v.trunc() as i128),
        Number::Float(_) | Number::Complex(..) => None,
    }
}

/// `storage = value & bits_mask_` read back as the type reads it: the low bits of `i`, a
/// signed type's top bit its sign (the range `lo..=hi` spans 2^bits values).
fn subbyte_wrap(i: i128, lo: i128, hi: i128) -> i128 {
    let m = hi - lo + 1;
    let w = i.rem_euclid(m);
    if w > hi { w - m } else { w }
}

/// A value of an element type: what `T(i)` reads, `1.5f`, `half_t(2)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scalar {
    /// Its type.
    pub ty: ElemType,
    /// Its value, as the type holds it.
    pub value: Number,
    /// Whether it is a Python float of CuTe DSL text (a literal `2.0`, arithmetic of them and
    /// of Python ints): a compile-time value, which Python's `print` writes (`7.0`), where the
    /// DSL's numeric types (`cutlass.Float32(2.0)`) are run-time values, printed `?`.
    pub python: bool,
}

impl Scalar {
    /// The value of a run-time C++ integer held as a scalar because it is past the signed
    /// 64-bit integers cute computes with (a `size_t`): printed as the other run-time integers
    /// are (`18446744073709551615?`); `None` of any other scalar (a NumPy element's integer
    /// prints as NumPy prints it).
    pub fn run_time_int(&self) -> Option<i128> {
        match self.value {
            Number::Int(n)
                if !self.python && self.ty.int_bits().is_some() && i64::try_from(n).is_err() =>
            {
                Some(n)
            }
            _ => None,
        }
    }

    /// `T(x)`: `x` as the type holds it.
    pub fn new(ty: ElemType, x: Number) -> Result<Scalar, String> {
        Ok(Scalar {
            ty,
            value: ty.round(x)?,
            python: false,
        })
    }

    /// The type C++'s usual arithmetic conversions give `a OP b`: the wider floating type,
    /// `half_t`/`bfloat16_t` with themselves (CUTLASS's operators compute in `float` and round
    /// back; the FP8/FP6/FP4 types alike), `float` for a narrow floating type with another
    /// type, else the integers' promotion (the sub-byte integers and `bool` as `int`).
    pub fn common(a: ElemType, b: ElemType) -> ElemType {
        use ElemType::*;
        match (a, b) {
            (C128, _) | (_, C128) | (C64, F64) | (F64, C64) => C128,
            (C64, _) | (_, C64) => C64,
            (F64, _) | (_, F64) => F64,
            (x, y) if x == y && x.is_float() => x,
            (x, y) if x.is_float() || y.is_float() => F32,
            (x, y) => ElemType::int_common(x, y),
        }
    }

    /// `a OP b` for `+ - * / %` (and `& | ^` of integers), in the common type's arithmetic (a `half_t` product computed in
    /// `float`, rounded to `half_t`).
    pub fn arith(op: char, a: Scalar, b: Scalar) -> Result<Scalar, String> {
        let ty = Scalar::common(a.ty, b.ty);
        if ty.is_complex() {
            return Scalar::complex_arith(op, ty, a, b);
        }
        let v = if ty.is_float() {
            let (x, y) = (a.value.as_f64(), b.value.as_f64());
            let (x, y) = if ty == ElemType::F64 {
                (x, y)
            } else {
                (f64::from(x as f32), f64::from(y as f32))
            };
            let r = match op {
                '+' => x + y,
                '-' => x - y,
                '*' => x * y,
                '/' => x / y,
                _ => {
                    return Err(format!(
                        "'{op}' is not an operator on floating-point values"
                    ));
                }
            };
            // float arithmetic rounds each operation to float
            Number::Float(if ty == ElemType::F64 {
                r
            } else {
                f64::from(r as f32)
            })
        } else {
            // both operands converted to the common type first (`5u / -1` divides by
            // 4294967295)
            let (x, y) = (ty.round(a.value)?.as_i128(), ty.round(b.value)?.as_i128());
            Number::Int(ty.int_arith(op, x, y)?)
        };
        Scalar::new(ty, v)
    }

    /// `a << count`, `a >> count` (`right`) of an integer: in `a`'s promoted type, modulo
    /// 2^bits (as g++ computes; `>>` of a negative value arithmetic); a count outside the
    /// type's width is undefined behaviour in C++, an error.
    pub fn shift(a: Scalar, count: i128, right: bool) -> Result<Scalar, String> {
        let ty = Scalar::common(a.ty, a.ty);
        let Some((bits, _)) = ty.int_bits() else {
            return Err(format!("a shift of a {} value", a.ty.name()));
        };
        if !(0..i128::from(bits)).contains(&count) {
            return Err(format!(
                "a shift by {count} of a {bits}-bit {} (undefined behaviour in C++)",
                ty.name()
            ));
        }
        let x = ty.round(a.value)?.as_i128();
        let r = if right {
            x >> count
        } else {
            x.wrapping_shl(count as u32)
        };
        Scalar::new(ty, Number::Int(r))
    }

    /// `a OP b` of complex values as cutlass::complex computes them (cutlass/complex.h), each
    /// operation in the part type's arithmetic: `(a+c, b+d)`, `(ac - bd, ad + bc)`, the
    /// quotient `((ac + bd)/n, (bc - ad)/n)` with `n = c² + d²` (by a real `s`: `(a/s, b/s)`).
    fn complex_arith(op: char, ty: ElemType, a: Scalar, b: Scalar) -> Result<Scalar, String> {
        let r = |x: f64| {
            if ty == ElemType::C64 {
                f64::from(x as f32)
            } else {
                x
            }
        };
        let ((ar, ai), (br, bi)) = (a.value.parts(), b.value.parts());
        let (ar, ai, br, bi) = (r(ar), r(ai), r(br), r(bi));
        let v = match op {
            '+' => (r(ar + br), r(ai + bi)),
            '-' => (r(ar - br), r(ai - bi)),
            '*' => (r(r(ar * br) - r(ai * bi)), r(r(ar * bi) + r(ai * br))),
            '/' if !b.ty.is_complex() => (r(ar / br), r(ai / br)),
            '/' => {
                let n = r(r(br * br) + r(bi * bi));
                (
                    r(r(r(ar * br) + r(ai * bi)) / n),
                    r(r(r(ai * br) - r(ar * bi)) / n),
                )
            }
            _ => {
                return Err(format!(
                    "'{op}' is not an operator on complex values (cutlass::complex has + - * /)"
                ));
            }
        };
        Ok(Scalar {
            ty,
            value: Number::Complex(v.0, v.1),
            python: false,
        })
    }

    /// CuTe's `fma(d, a, b, c)` (`d = a * b + c`, UniversalFMA's). Of complex values CuTe's
    /// numeric/complex.hpp calls `fma` of the parts, which host code does not have (no
    /// `fma(float&, float const&, float const&, float const&)`: CuTe 4.7 does not compile it).
    pub fn fma(a: Scalar, b: Scalar, c: Scalar) -> Result<Scalar, String> {
        if let Some(t) = [a.ty, b.ty, c.ty].into_iter().find(|t| t.is_complex()) {
            return Err(format!(
                "the universal FMA of {}: CuTe's complex fma calls fma(float&, float const&, float const&, float const&) of the parts, which CuTe 4.7 does not declare for host code (it does not compile)",
                t.name()
            ));
        }
        Scalar::arith('+', Scalar::arith('*', a, b)?, c)
    }

    /// CuTe's `print(x)`.
    pub fn print(&self) -> String {
        self.ty.print(self.value)
    }
}

impl std::fmt::Display for Scalar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.print())
    }
}

/// One owner's elements.
#[derive(Clone, Debug)]
struct Buffer {
    ty: ElemType,
    values: Vec<Option<Number>>,
    /// The layout of the owning tensor whose array it is (`make_tensor<T>(L)`,
    /// `make_fragment_like`): C++ copies that tensor's values where it copies the tensor.
    owner: Option<Layout>,
}

/// The storage of a session: every owner's elements, numbered from 1 (a pointer's
/// [`StorageTag`]), all of them together at most [`crate::limits::MAX_STORED_ELEMENTS`].
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    /// Shared until written (a lambda's call runs in a copy of the session: the copy costs
    /// nothing until it writes).
    list: std::sync::Arc<Vec<Buffer>>,
    total: usize,
}

impl Buffers {
    /// A new buffer of `n` elements of `ty`, none written: its tag.
    pub fn alloc(&mut self, ty: ElemType, n: i64) -> Result<StorageTag, String> {
        use crate::limits::MAX_STORED_ELEMENTS;
        let n = usize::try_from(n).map_err(|_| format!("storage of {n} elements"))?;
        if self.total.saturating_add(n) > MAX_STORED_ELEMENTS {
            return Err(format!(
                "the session's storage would hold {} elements, more than the limit of {MAX_STORED_ELEMENTS}",
                self.total.saturating_add(n)
            ));
        }
        self.total += n;
        std::sync::Arc::make_mut(&mut self.list).push(Buffer {
            ty,
            values: vec![None; n],
            owner: None,
        });
        Ok(StorageTag(
            std::num::NonZeroU32::new(self.list.len() as u32),
        ))
    }

    /// A new buffer of `n` elements of `ty`, each zero: its tag. C++'s owning tensor
    /// (`make_tensor<T>(L)`, `make_tensor_like`, `make_fragment_like`) is `Tensor<ArrayEngine<T,
    /// cosize(L)>, L>()`, whose tuple's constructor (container/tuple.hpp's `ESO() : first_{}`)
    /// value-initializes the engine, so its array is zero-initialized (a constant expression
    /// reads `t(i) == 0`).
    pub fn alloc_zeroed(&mut self, ty: ElemType, n: i64) -> Result<StorageTag, String> {
        let zero = Scalar::new(ty, Number::Int(0))?.value;
        let tag = self.alloc(ty, n)?;
        if let Some(id) = tag.0 {
            let list = std::sync::Arc::make_mut(&mut self.list);
            list[id.get() as usize - 1].values.fill(Some(zero));
        }
        Ok(tag)
    }

    /// The buffer `tag` is the array of an owning tensor of layout `l` (CuTe's `ArrayEngine`).
    pub fn mark_owner(&mut self, tag: StorageTag, l: &Layout) {
        if let Some(id) = tag.0 {
            std::sync::Arc::make_mut(&mut self.list)[id.get() as usize - 1].owner = Some(l.clone());
        }
    }

    /// Whether `p o l` is the owning tensor of its buffer (not a view of it: a slice, a
    /// partition, a tile of it starts elsewhere or has another layout).
    pub fn is_owner(&self, p: &Pointer, l: &Layout) -> bool {
        p.offset == 0
            && p.storage
                .0
                .is_some_and(|id| self.list[id.get() as usize - 1].owner.as_ref() == Some(l))
    }

    /// `auto u = t;` of an owning tensor: a new owner, its elements `t`'s (C++ copies the
    /// `ArrayEngine`). The new buffer's tag.
    pub fn duplicate(&mut self, tag: StorageTag) -> Result<StorageTag, String> {
        let Some(id) = tag.0 else {
            return Ok(tag);
        };
        let b = self.list[id.get() as usize - 1].clone();
        let new = self.alloc(b.ty, b.values.len() as i64)?;
        let nid = new.0.expect("a new buffer").get() as usize - 1;
        let list = std::sync::Arc::make_mut(&mut self.list);
        list[nid].values = b.values;
        list[nid].owner = b.owner;
        Ok(new)
    }

    /// `u = t;` of two owning tensors of one type: `t`'s elements copied into `u`'s array.
    pub fn copy_all(&mut self, from: StorageTag, to: StorageTag) {
        if let (Some(f), Some(t)) = (from.0, to.0)
            && f != t
        {
            let values = self.list[f.get() as usize - 1].values.clone();
            std::sync::Arc::make_mut(&mut self.list)[t.get() as usize - 1].values = values;
        }
    }

    fn buffer(&self, p: &Pointer) -> Result<(&Buffer, usize), String> {
        let Some(id) = p.storage.0 else {
            return Err(no_values(p));
        };
        let b = &self.list[id.get() as usize - 1];
        match usize::try_from(p.offset) {
            Ok(i) if i < b.values.len() => Ok((b, i)),
            _ => Err(format!(
                "{p} is outside its storage of {} elements (CuTe reads past the array: undefined behaviour)",
                b.values.len()
            )),
        }
    }

    /// The element type of the storage `p` points into.
    pub fn elem_type(&self, p: &Pointer) -> Result<ElemType, String> {
        match p.storage.0 {
            Some(id) => Ok(self.list[id.get() as usize - 1].ty),
            None => Err(no_values(p)),
        }
    }

    /// `*p`.
    pub fn read(&self, p: &Pointer) -> Result<Scalar, String> {
        let (b, i) = self.buffer(p)?;
        match b.values[i] {
            Some(value) => Ok(Scalar {
                ty: b.ty,
                value,
                python: false,
            }),
            None => Err(format!(
                "read of an element never written: {p} (CuTe reads whatever the memory holds; write it first, e.g. fill, clear, copy or T(i) = v)"
            )),
        }
    }

    /// The elements from `p` to the end of its storage (`None`: `p` is into none).
    pub fn len(&self, p: &Pointer) -> Option<i64> {
        let id = p.storage.0?;
        let n = self.list[id.get() as usize - 1].values.len() as i64;
        Some((n - p.offset).max(0))
    }

    /// The element at `p` no longer known (what an MMA atom wrote there).
    pub fn forget(&mut self, p: &Pointer) {
        if let Some(id) = p.storage.0
            && let Some(v) = usize::try_from(p.offset).ok().and_then(|i| {
                std::sync::Arc::make_mut(&mut self.list)[id.get() as usize - 1]
                    .values
                    .get_mut(i)
            })
        {
            *v = None;
        }
    }

    /// `*p = x`, as the element type rounds `x`.
    pub fn write(&mut self, p: &Pointer, x: Number) -> Result<(), String> {
        let (b, i) = self.buffer(p)?;
        let id = p.storage.0.expect("checked by buffer").get() as usize - 1;
        let v = b.ty.round(x)?;
        std::sync::Arc::make_mut(&mut self.list)[id].values[i] = Some(v);
        Ok(())
    }
}

fn no_values(p: &Pointer) -> String {
    format!(
        "{p} points into memory cute holds no values of (a kernel's pointer or nullptr): only owning tensors (make_tensor<T>(…), make_fragment_like) and arrays declared in the session hold values"
    )
}

/// A tensor's element `i` (in CuTe's 1-D order): a number of a counting tensor (`o + L(i)`),
/// or the pointer to it.
pub enum Element {
    /// A counting tensor's value.
    Value(Scalar),
    /// A place in memory.
    At(Pointer),
}

/// The elements of a tensor, `T(i)` for `i < size(T)`, in order.
pub fn elements(origin: &Origin, layout: &Layout) -> Result<Vec<Element>, String> {
    let n = layout.size().map_err(|e| e.to_string())?;
    if n > crate::limits::MAX_STORED_ELEMENTS as i64 {
        return Err(format!(
            "a tensor of {n} elements, more than the limit of {}",
            crate::limits::MAX_STORED_ELEMENTS
        ));
    }
    (0..n)
        .map(|i| element_at(origin, layout.at(i).map_err(|e| e.to_string())?))
        .collect()
}

/// The element at layout value `v` of a tensor starting at `origin`.
pub fn element_at(origin: &Origin, v: i64) -> Result<Element, String> {
    match origin {
        Origin::Ptr(p) => Ok(Element::At(p.advance(v).map_err(|e| e.to_string())?)),
        Origin::Count(o) => Ok(Element::Value(Scalar {
            ty: ElemType::I32,
            value: Number::Int(i128::from(o.value) + i128::from(v)),
            python: false,
        })),
        Origin::Counting(n) => Ok(Element::Value(Scalar {
            ty: ElemType::I32,
            value: Number::Int(i128::from(*n) + i128::from(v)),
            python: false,
        })),
        Origin::Coord(_) => Err(
            "an identity tensor's elements are coordinates, not numbers: cute reads no value of them"
                .to_string(),
        ),
        Origin::Transform(_) => Err(format!(
            "the elements of a tensor over {origin} are its function's values, which this reads not"
        )),
    }
}

impl Buffers {
    /// The value of an element as an algorithm reads it: `None` where it is not known (never
    /// written, or in memory cute holds no values of: a kernel's `float* A`), which the
    /// algorithm's result then is too; only a read the user sees (`T(i)`, `print_tensor`) is
    /// an error.
    pub fn peek(&self, e: &Element) -> Result<Option<Scalar>, String> {
        match e {
            Element::Value(s) => Ok(Some(*s)),
            Element::At(p) if p.storage.0.is_none() => Ok(None),
            Element::At(p) => {
                let (b, i) = self.buffer(p)?;
                Ok(b.values[i].map(|value| Scalar {
                    ty: b.ty,
                    value,
                    python: false,
                }))
            }
        }
    }

    /// An algorithm's write of an element: its value, or not known (`None`); a write to
    /// memory cute holds no values of is no write.
    pub fn put(&mut self, e: &Element, x: Option<Number>) -> Result<(), String> {
        match (e, x) {
            (Element::At(p), _) if p.storage.0.is_none() => Ok(()),
            (Element::At(p), Some(x)) => self.write(p, x),
            (Element::At(p), None) => {
                self.buffer(p)?;
                self.forget(p);
                Ok(())
            }
            (Element::Value(_), _) => Err(
                "a counting tensor's elements are values CuTe does not write: the tensor written must be over memory"
                    .to_string(),
            ),
        }
    }

    /// The value of an element.
    pub fn get(&self, e: &Element) -> Result<Scalar, String> {
        match e {
            Element::Value(s) => Ok(*s),
            Element::At(p) => self.read(p),
        }
    }
}

/// CuTe's `print_tensor(T)` after its header line (`print(T); print(":\n")`, which the caller
/// prints): rank 1 one element a line, rank 2 a row a line, rank 3 and 4 their slices
/// `T(_,_,k)` (`T(_,_,_,p)`) apart by a line of `5*size<1>(T)` dashes (equals signs).
pub fn print_tensor(buffers: &Buffers, origin: &Origin, layout: &Layout) -> Result<String, String> {
    print_tensor_cells(layout, &|i| {
        let e = element_at(origin, layout.at(i).map_err(|e| e.to_string())?)?;
        let s = buffers.get(&e)?;
        Ok(s.ty.pretty_print(s.value))
    })
}

/// [`print_tensor`]'s lines, each element's text `cell(i)` of its 1-D index `i` in the
/// layout's coordinates (`T(i)`): rank 1 one a line, rank 2 a row a line (`T(m, n)` is
/// `T(m + n * size<0>(T))`), rank 3 and 4 their slices of the last mode apart by a bar.
pub fn print_tensor_cells(
    layout: &Layout,
    cell: &dyn Fn(i64) -> Result<String, String>,
) -> Result<String, String> {
    let size = |l: &Layout| l.size().map_err(|e| e.to_string());
    let mode = |i: usize| layout.mode(i).map_err(|e| e.to_string());
    if size(layout)? > crate::limits::MAX_STORED_ELEMENTS as i64 {
        return Err(format!(
            "print_tensor of more than {} elements",
            crate::limits::MAX_STORED_ELEMENTS
        ));
    }
    let mut out = String::new();
    match layout.rank() {
        1 => {
            for m in 0..size(layout)? {
                out += &cell(m)?;
                out.push('\n');
            }
        }
        2 => {
            let rows = size(&mode(0)?)?;
            for m in 0..rows {
                for n in 0..size(&mode(1)?)? {
                    out += &cell(m + n * rows)?;
                }
                out.push('\n');
            }
        }
        r @ (3 | 4) => {
            let last = mode(r - 1)?;
            let inner = layout.take(0, r - 1).map_err(|e| e.to_string())?;
            let slice = size(&inner)?;
            let bar = if r == 3 { "-" } else { "=" }.repeat(5 * size(&mode(1)?)? as usize);
            for k in 0..size(&last)? {
                if k > 0 {
                    out += &bar;
                    out.push('\n');
                }
                out += &print_tensor_cells(&inner, &|i| cell(k * slice + i))?;
            }
        }
        r => {
            return Err(format!(
                "print_tensor prints tensors of rank 1 to 4 (CuTe prints nothing for rank {r})"
            ));
        }
    }
    Ok(out)
}

impl ElemType {
    /// One element as the CuTe DSL's `cute.print_tensor` prints it: `% f` of a floating value,
    /// `% d` of an integer (a `Boolean` true is -1: its i1 held as an i8).
    pub fn dsl_element(self, x: Number) -> String {
        if self.is_complex() {
            return self.print(x);
        }
        if self.is_float() {
            let f = c_fixed(x.as_f64(), 6);
            return if f.starts_with('-') {
                f
            } else {
                format!(" {f}")
            };
        }
        // a Boolean's true is an i1 1, sign-extended to the i8 it is held in
        let i = if self == ElemType::Bool {
            -x.as_i128()
        } else {
            x.as_i128()
        };
        if i < 0 {
            i.to_string()
        } else {
            format!(" {i}")
        }
    }
}

/// The CuTe DSL's `cute.print_tensor(T)` after `tensor(PTR o LAYOUT, data=` and its newline
/// (which the caller prints): NumPy's layout of the values. Rank 1: a row `[ x, ]` per
/// element; rank 2: `[[ a,  b, ],` rows; rank 3 and more: blocks of rank-2 rows, mode 2 and
/// the modes after it flattened into the block index, apart by a blank line. Each line
/// indented to stand under the `[` after `tensor(`.
pub fn print_tensor_dsl(
    buffers: &Buffers,
    origin: &Origin,
    layout: &Layout,
) -> Result<String, String> {
    let cell = |v: i64| -> Result<String, String> {
        let s = buffers.get(&element_at(origin, v)?)?;
        Ok(s.ty.dsl_element(s.value))
    };
    print_tensor_dsl_with(layout, &cell)
}

/// The CuTe DSL's `cute.print_tensor(T, verbose=True)` after `data= (` and its newline: a
/// line `\t(COORD)= VALUE` an element, in colex order of the coordinates (the first mode
/// fastest), `cell` writing the element at each of the layout's values.
pub fn print_tensor_dsl_verbose(
    layout: &Layout,
    cell: &dyn Fn(i64) -> Result<String, String>,
) -> Result<String, String> {
    let n = layout.size().map_err(|e| e.to_string())?;
    if n > crate::limits::MAX_STORED_ELEMENTS as i64 {
        return Err(format!(
            "print_tensor of more than {} elements",
            crate::limits::MAX_STORED_ELEMENTS
        ));
    }
    let extents = layout.shape().leaves();
    let mut out = String::new();
    for i in 0..n {
        let mut rest = i;
        let coord: Vec<String> = extents
            .iter()
            .map(|&e| {
                let c = rest % e.max(1);
                rest /= e.max(1);
                c.to_string()
            })
            .collect();
        let v = layout.at(i).map_err(|e| e.to_string())?;
        out += &format!("\t({})={}\n", coord.join(","), cell(v)?);
    }
    Ok(out)
}

/// [`print_tensor_dsl`] of the element each of the layout's values `cell` writes.
pub fn print_tensor_dsl_with(
    layout: &Layout,
    cell: &dyn Fn(i64) -> Result<String, String>,
) -> Result<String, String> {
    let size = |l: &Layout| l.size().map_err(|e| e.to_string());
    if size(layout)? > crate::limits::MAX_STORED_ELEMENTS as i64 {
        return Err(format!(
            "print_tensor of more than {} elements",
            crate::limits::MAX_STORED_ELEMENTS
        ));
    }
    let at = |l: &Layout, i: i64| l.at(i).map_err(|e| e.to_string());
    let mode = |i: usize| layout.mode(i).map_err(|e| e.to_string());
    // an extent over 6 shows its first 3 and last 3 (`...` between), as NumPy's summary
    let shown = |n: i64| -> Vec<Option<i64>> {
        if n > 6 {
            vec![
                Some(0),
                Some(1),
                Some(2),
                None,
                Some(n - 3),
                Some(n - 2),
                Some(n - 1),
            ]
        } else {
            (0..n).map(Some).collect()
        }
    };
    let row = |n: i64, offset: &dyn Fn(i64) -> Result<i64, String>| -> Result<String, String> {
        let mut r = String::from("[");
        for k in shown(n) {
            match k {
                Some(k) => r += &cell(offset(k)?)?,
                None => r += "...",
            }
            r += ", ";
        }
        r.push(']');
        Ok(r)
    };
    // rows apart by `,` and a new line (after `...`, no comma)
    let rows = |n: i64, pad: &str, each: &dyn Fn(i64) -> Result<String, String>| {
        let mut out = String::new();
        for (j, k) in shown(n).into_iter().enumerate() {
            if j > 0 {
                out += if out.ends_with("...") { "\n" } else { ",\n" };
                out += pad;
            }
            match k {
                Some(k) => out += &each(k)?,
                None => out += "...",
            }
        }
        Ok::<String, String>(out)
    };
    const INDENT: &str = "       ";
    let rank = layout.rank();
    if rank <= 1 {
        let body = rows(size(layout)?, INDENT, &|i| row(1, &|_| at(layout, i)))?;
        return Ok(format!("{INDENT}{body}"));
    }
    let (m0, m1) = (mode(0)?, mode(1)?);
    let block = |base: i64, depth: usize| -> Result<String, String> {
        let pad = " ".repeat(INDENT.len() + depth);
        let n1 = size(&m1)?;
        let body = rows(size(&m0)?, &pad, &|m| {
            let a = at(&m0, m)?;
            row(n1, &|n| Ok(base + a + at(&m1, n)?))
        })?;
        Ok(format!("[{body}]"))
    };
    if rank == 2 {
        return Ok(format!("{INDENT}{}", block(0, 1)?));
    }
    let rest = layout.take(2, rank).map_err(|e| e.to_string())?;
    let blocks = (0..size(&rest)?)
        .map(|k| block(at(&rest, k)?, 2))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(format!(
        "{INDENT}[{}]",
        blocks.join(&format!(",\n\n{INDENT} "))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_formats() {
        assert_eq!(c_e(1.5, 2), "1.50e+00");
        assert_eq!(c_e(-0.25, 3), "-2.500e-01");
        assert_eq!(c_e(0.0, 2), "0.00e+00");
        assert_eq!(c_e(1e100, 2), "1.00e+100");
        assert_eq!(ElemType::F32.pretty_print(Number::Float(3.0)), "  3.00e+00");
        assert_eq!(ElemType::F16.pretty_print(Number::Float(0.1)), "    0.10");
        assert_eq!(ElemType::I8.pretty_print(Number::Int(-1)), "  -1");
        assert_eq!(ElemType::I32.pretty_print(Number::Int(-1)), "   -1");
        assert_eq!(ElemType::Bool.pretty_print(Number::Int(1)), "  1");
    }

    #[test]
    fn types_round_as_cpp_converts() {
        let r = |t: ElemType, x: f64| t.round(Number::Float(x)).unwrap().as_f64();
        assert_eq!(r(ElemType::F16, 0.1), 0.0999755859375);
        assert_eq!(r(ElemType::F32, 0.1), f64::from(0.1f32));
        assert_eq!(r(ElemType::I32, -2.7), -2.0);
        assert_eq!(
            ElemType::I8.round(Number::Int(200)).unwrap(),
            Number::Int(-56)
        );
        assert!(ElemType::I8.round(Number::Float(200.0)).is_err());
    }
}
