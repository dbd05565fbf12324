//! The two 8-bit floating-point formats of Hopper's tensor cores (OCP FP8, as CUDA's
//! `__nv_fp8_e4m3` and `__nv_fp8_e5m2`), converted exactly on the host: the inputs of an fp8
//! GEMM are generated as f32, rounded to the format here (round to nearest, ties to even,
//! saturating to the largest finite value as `cvt.rn.satfinite` does), and the fp64 reference
//! reads the very values the GPU reads ([`Fp8::decode`] is exact).
//!
//! - **e4m3** (`float_e4m3_t`): 1 sign, 4 exponent (bias 7), 3 mantissa bits; no infinities,
//!   `S.1111.111` is NaN; largest finite 448, smallest normal 2⁻⁶, smallest subnormal 2⁻⁹.
//! - **e5m2** (`float_e5m2_t`): 1 sign, 5 exponent (bias 15), 2 mantissa bits; IEEE-like,
//!   `S.11111.00` is infinity, `S.11111.xx` NaN; largest finite 57344, smallest normal 2⁻¹⁴,
//!   smallest subnormal 2⁻¹⁶.

/// One of the two fp8 formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fp8 {
    /// 4 exponent bits, 3 mantissa bits.
    E4m3,
    /// 5 exponent bits, 2 mantissa bits.
    E5m2,
}

impl Fp8 {
    /// Mantissa bits.
    const fn mantissa_bits(self) -> u32 {
        match self {
            Fp8::E4m3 => 3,
            Fp8::E5m2 => 2,
        }
    }

    /// Exponent bias.
    const fn bias(self) -> i32 {
        match self {
            Fp8::E4m3 => 7,
            Fp8::E5m2 => 15,
        }
    }

    /// The bits of the largest finite value (positive).
    const fn max_bits(self) -> u8 {
        match self {
            Fp8::E4m3 => 0x7E,
            Fp8::E5m2 => 0x7B,
        }
    }

    /// The bits of a NaN (positive).
    const fn nan_bits(self) -> u8 {
        0x7F
    }

    /// The largest finite value: 448 or 57344.
    pub fn max_finite(self) -> f32 {
        self.decode(self.max_bits())
    }

    /// The unit roundoff (half an ulp relative to 1): 2⁻⁴ (e4m3) or 2⁻³ (e5m2).
    pub fn unit_roundoff(self) -> f64 {
        2f64.powi(-(self.mantissa_bits() as i32) - 1)
    }

    /// The value of `bits`, exactly.
    pub fn decode(self, bits: u8) -> f32 {
        let man_bits = self.mantissa_bits();
        let exp_bits = 7 - man_bits;
        let sign = if bits & 0x80 != 0 { -1.0f32 } else { 1.0 };
        let e = ((bits >> man_bits) & ((1 << exp_bits) - 1)) as i32;
        let m = (bits & ((1 << man_bits) - 1)) as i32;
        let top = (1 << exp_bits) - 1;
        match self {
            Fp8::E4m3 if e == top && m == (1 << man_bits) - 1 => return f32::NAN,
            Fp8::E5m2 if e == top => {
                return if m == 0 {
                    sign * f32::INFINITY
                } else {
                    f32::NAN
                };
            }
            _ => {}
        }
        // subnormal: m 2^(1 - bias - man); normal: (2^man + m) 2^(e - bias - man)
        let (significand, exp) = if e == 0 {
            (m, 1 - self.bias() - man_bits as i32)
        } else {
            ((1 << man_bits) + m, e - self.bias() - man_bits as i32)
        };
        sign * significand as f32 * 2f32.powi(exp)
    }

    /// `x` rounded to the nearest value of the format (ties to even), saturated to the largest
    /// finite value (infinities included); NaN stays NaN.
    pub fn encode(self, x: f32) -> u8 {
        if x.is_nan() {
            return self.nan_bits();
        }
        let sign: u8 = if x.is_sign_negative() { 0x80 } else { 0 };
        let a = (x as f64).abs();
        if a == 0.0 {
            return sign;
        }
        let man_bits = self.mantissa_bits() as i32;
        let emin = 1 - self.bias();
        if a.is_infinite() {
            return sign | self.max_bits();
        }
        // the binade of a (f64's exponent: every f32 is a normal f64), no lower than the
        // smallest normal's: below it the quantum is the subnormals' one
        let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
        let quantum = 2f64.powi(e - man_bits);
        // exact: a / quantum only shifts the exponent
        let n = (a / quantum).round_ties_even();
        let value = n * quantum;
        if value > self.max_finite() as f64 {
            return sign | self.max_bits();
        }
        if value == 0.0 {
            return sign;
        }
        // value = n 2^(e - man), n ≤ 2^(man + 1): the next binade when n reached it
        let ve = (((value.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
        let significand = (value / 2f64.powi(ve - man_bits)) as u32;
        let bits = if significand < (1 << man_bits) {
            // subnormal (ve == emin)
            significand as u8
        } else {
            ((((ve + self.bias()) as u32) << man_bits) | (significand - (1 << man_bits))) as u8
        };
        sign | bits
    }

    /// `x` rounded to the format and read back.
    pub fn round(self, x: f32) -> f32 {
        self.decode(self.encode(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_formats_extremes() {
        assert_eq!(Fp8::E4m3.max_finite(), 448.0);
        assert_eq!(Fp8::E5m2.max_finite(), 57344.0);
        assert_eq!(Fp8::E4m3.decode(0x01), 2f32.powi(-9));
        assert_eq!(Fp8::E5m2.decode(0x01), 2f32.powi(-16));
        assert_eq!(Fp8::E4m3.decode(0x08), 2f32.powi(-6));
        assert_eq!(Fp8::E5m2.decode(0x04), 2f32.powi(-14));
        assert_eq!(Fp8::E4m3.decode(0x38), 1.0);
        assert_eq!(Fp8::E5m2.decode(0x3C), 1.0);
        assert!(Fp8::E4m3.decode(0x7F).is_nan() && Fp8::E4m3.decode(0xFF).is_nan());
        assert_eq!(Fp8::E4m3.decode(0x78), 256.0);
        assert_eq!(Fp8::E5m2.decode(0x7C), f32::INFINITY);
        assert_eq!(Fp8::E5m2.decode(0xFC), f32::NEG_INFINITY);
        assert!(Fp8::E5m2.decode(0x7D).is_nan());
    }

    #[test]
    fn every_finite_value_encodes_back_to_its_bits() {
        for fmt in [Fp8::E4m3, Fp8::E5m2] {
            for bits in 0..=255u8 {
                let v = fmt.decode(bits);
                if !v.is_finite() {
                    continue;
                }
                let back = fmt.encode(v);
                // -0 keeps its sign
                assert_eq!(back, bits, "{fmt:?} {bits:#04x} = {v}");
            }
        }
    }

    #[test]
    fn rounding_is_to_nearest_ties_to_even_and_saturates() {
        // e4m3 around 1: 1, 1.125, 1.25; the midpoint 1.0625 goes to the even 1.0
        assert_eq!(Fp8::E4m3.round(1.0625), 1.0);
        assert_eq!(Fp8::E4m3.round(1.0626), 1.125);
        assert_eq!(Fp8::E4m3.round(1.1875), 1.25);
        assert_eq!(Fp8::E4m3.round(-1.1875), -1.25);
        // e5m2 around 1: 1, 1.25, 1.5
        assert_eq!(Fp8::E5m2.round(1.125), 1.0);
        assert_eq!(Fp8::E5m2.round(1.375), 1.5);
        // the subnormals: half the smallest rounds to 0 (even), a bit more to it
        assert_eq!(Fp8::E4m3.round(2f32.powi(-10)), 0.0);
        assert_eq!(Fp8::E4m3.round(2f32.powi(-10) * 1.01), 2f32.powi(-9));
        assert_eq!(Fp8::E4m3.round(3.0 * 2f32.powi(-10)), 2.0 * 2f32.powi(-9));
        // past the largest finite value, and infinities, saturate
        assert_eq!(Fp8::E4m3.round(460.0), 448.0);
        assert_eq!(Fp8::E4m3.round(1e9), 448.0);
        assert_eq!(Fp8::E4m3.round(f32::NEG_INFINITY), -448.0);
        assert_eq!(Fp8::E5m2.round(70000.0), 57344.0);
        assert!(Fp8::E4m3.round(f32::NAN).is_nan());
        // the top of a binade rounds into the next: 15.5 in e4m3 (14, 15, 16) goes to 16
        assert_eq!(Fp8::E4m3.round(15.6), 16.0);
    }

    #[test]
    fn rounding_is_the_nearest_value_against_an_exhaustive_search() {
        for fmt in [Fp8::E4m3, Fp8::E5m2] {
            let values: Vec<f32> = (0..=255u8)
                .map(|b| fmt.decode(b))
                .filter(|v| v.is_finite())
                .collect();
            let mut s = 0x1234_5678_9abc_def1u64;
            for _ in 0..20000 {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let x = ((s >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0)
                    * 2f32.powi((s % 24) as i32 - 12);
                let got = fmt.round(x);
                let best = values
                    .iter()
                    .map(|v| (*v as f64 - x as f64).abs())
                    .fold(f64::INFINITY, f64::min);
                if x.abs() <= fmt.max_finite() {
                    assert_eq!((got as f64 - x as f64).abs(), best, "{fmt:?} {x}");
                }
            }
        }
    }
}
