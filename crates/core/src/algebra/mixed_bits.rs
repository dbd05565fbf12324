//! CuTe's `MixedBits` (swizzle.hpp): an offset some of whose bits are known at compile time
//! and the rest only at run time, as `slice_and_offset` of a swizzled layout accumulates the
//! offset of a run-time coordinate, so that the swizzle's decay keeps what is static static.
//!
//! `MixedBits<S,F>{d}` is `S | (d & F)`: the static bits `S`, the run-time bits under the mask
//! `F` (`S & F == 0`, `F != 0`). CuTe prints it `M_S|(d&F)=v`. Its arithmetic with static
//! integers (`C<v>`) keeps it mixed or static; with a plain run-time integer it converts to
//! `uint32_t` and is a run-time integer.

use std::fmt;

use super::integer::Int;

/// A value of CuTe's offset arithmetic in a swizzled slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bits {
    /// A static integer, `C<v>`.
    Static(i64),
    /// A run-time integer (an `int`, or a `MixedBits` converted to `uint32_t`).
    Dynamic(i64),
    /// `MixedBits<s, f>{d}`: the static bits `s`, the run-time bits `d` under the mask `f`.
    Mixed {
        /// The static bits, CuTe's `StaticInt`.
        s: u32,
        /// The mask of the run-time bits, CuTe's `StaticFlags`.
        f: u32,
        /// The run-time bits, CuTe's `dynamic_int_` (`d & f == d`).
        d: u32,
    },
}

impl Bits {
    /// An integer of its kind.
    pub fn of(i: Int) -> Bits {
        if i.dynamic() {
            Bits::Dynamic(i.value)
        } else {
            Bits::Static(i.value)
        }
    }

    /// The value: `S | d` for a `MixedBits` (its `operator uint32_t`).
    pub fn value(self) -> i64 {
        match self {
            Bits::Static(v) | Bits::Dynamic(v) => v,
            Bits::Mixed { s, d, .. } => i64::from(s | d),
        }
    }

    /// As an integer of its kind (a `MixedBits` is a run-time integer once converted).
    pub fn to_int(self) -> Int {
        Int::of(self.value(), !matches!(self, Bits::Static(_)))
    }

    /// Whether it is static (`C<v>`).
    pub fn is_static(self) -> bool {
        matches!(self, Bits::Static(_))
    }

    /// CuTe's `make_mixed_bits(C<s>, d, C<f>)`: the static bits take precedence over the
    /// run-time ones; with no run-time bit left, or `d` static, a static integer
    /// `C<s> | (d & C<f>)` (and `d & C<0>` is `C<0>` for a run-time `d`).
    pub fn make(s: u32, d: Bits, f: u32) -> Bits {
        let new_f = f & !s;
        match d {
            Bits::Static(v) => Bits::Static(i64::from(s) | (v & i64::from(new_f))),
            _ if new_f == 0 => Bits::Static(i64::from(s)),
            _ => Bits::Mixed {
                s,
                f: new_f,
                d: (d.value() as u32) & new_f,
            },
        }
    }

    /// The parts `(s, f, d)` of a `MixedBits`.
    fn mixed_parts(self) -> Option<(u32, u32, u32)> {
        match self {
            Bits::Mixed { s, f, d } => Some((s, f, d)),
            _ => None,
        }
    }

    /// `a ^ b` (swizzle.hpp's truth tables for `MixedBits`; a plain run-time operand makes a
    /// run-time result).
    pub fn xor(self, other: Bits) -> Bits {
        if let (Some((s0, f0, d0)), Some((s1, f1, d1))) = (self.mixed_parts(), other.mixed_parts())
        {
            return Bits::make(
                (!s0 & s1 & !f0) | (s0 & !s1 & !f1),
                Bits::Dynamic(i64::from((s0 | d0) ^ (s1 | d1))),
                f0 | f1,
            );
        }
        match (self, other) {
            (Bits::Static(a), Bits::Static(b)) => Bits::Static(a ^ b),
            (Bits::Mixed { s: s0, f: f0, d }, Bits::Static(v))
            | (Bits::Static(v), Bits::Mixed { s: s0, f: f0, d }) => {
                let s1 = v as u32;
                Bits::make(
                    (!s0 & s1 & !f0) | (s0 & !s1),
                    Bits::Dynamic(i64::from((s0 | d) ^ s1)),
                    f0,
                )
            }
            (a, b) => Bits::Dynamic(a.value() ^ b.value()),
        }
    }

    /// `a & b` (swizzle.hpp's `operator&` of `MixedBits`: `S0 & S1`, the run-time bits each
    /// side's static ones let through, the mask `(S1 & F0) | (S0 & F1) | (F0 & F1)`; with a
    /// static `C<v>`, [`Bits::and_static`]); a plain run-time operand makes a run-time result.
    pub fn and(self, other: Bits) -> Bits {
        if let (Some((s0, f0, d0)), Some((s1, f1, d1))) = (self.mixed_parts(), other.mixed_parts())
        {
            return Bits::make(
                s0 & s1,
                Bits::Dynamic(i64::from(((s1 & f0) & d0) | ((s0 & f1) & d1) | (d0 & d1))),
                (s1 & f0) | (s0 & f1) | (f0 & f1),
            );
        }
        match (self, other) {
            (Bits::Static(a), Bits::Static(b)) => Bits::Static(a & b),
            (m @ Bits::Mixed { .. }, Bits::Static(v))
            | (Bits::Static(v), m @ Bits::Mixed { .. }) => m.and_static(v),
            (a, b) => Bits::Dynamic(a.value() & b.value()),
        }
    }

    /// `a | b` (swizzle.hpp's `operator|` of `MixedBits`: `S0 | S1`, the run-time bits the
    /// other side's static ones do not cover, the mask `(~S0 & F1) | (~S1 & F0)`; with a static
    /// `C<v>`, `make_mixed_bits(C<S0 | v>, d, C<F0 & ~v>)`); a plain run-time operand makes a
    /// run-time result.
    pub fn or(self, other: Bits) -> Bits {
        if let (Some((s0, f0, d0)), Some((s1, f1, d1))) = (self.mixed_parts(), other.mixed_parts())
        {
            return Bits::make(
                s0 | s1,
                Bits::Dynamic(i64::from(((!s1 & f0) & d0) | ((!s0 & f1) & d1))),
                (!s0 & f1) | (!s1 & f0),
            );
        }
        match (self, other) {
            (Bits::Static(a), Bits::Static(b)) => Bits::Static(a | b),
            (Bits::Mixed { s, f, d }, Bits::Static(v))
            | (Bits::Static(v), Bits::Mixed { s, f, d }) => {
                let v = v as u32;
                Bits::make(s | v, Bits::Dynamic(i64::from(d)), f & !v)
            }
            (a, b) => Bits::Dynamic(a.value() | b.value()),
        }
    }

    /// `a & C<m>`: static where `a` is, or where no run-time bit survives the mask.
    pub fn and_static(self, m: i64) -> Bits {
        match self {
            Bits::Static(v) => Bits::Static(v & m),
            Bits::Dynamic(_) if m == 0 => Bits::Static(0),
            Bits::Dynamic(v) => Bits::Dynamic(v & m),
            Bits::Mixed { s, f, d } => {
                let m = m as u32;
                Bits::make(s & m, Bits::Dynamic(i64::from(d)), f & m)
            }
        }
    }

    /// CuTe's `shiftr(a, C<n>)`: `a >> n`, or `a << -n` for a negative `n`.
    pub fn shiftr(self, n: i64) -> Bits {
        let sh = |v: i64| if n >= 0 { v >> n } else { v << -n };
        let sh32 = |v: u32| if n >= 0 { v >> n } else { v << -n };
        match self {
            Bits::Static(v) => Bits::Static(sh(v)),
            Bits::Dynamic(v) => Bits::Dynamic(sh(v)),
            Bits::Mixed { s, f, d } => {
                Bits::make(sh32(s), Bits::Dynamic(i64::from(sh32(d))), sh32(f))
            }
        }
    }

    /// `a == C<0>` as CuTe types it: `Some(truth)` when static (`C<true>`/`C<false>`), `None`
    /// for a run-time `bool` (a `MixedBits` compared is one).
    pub fn static_is_zero(self) -> Option<bool> {
        match self {
            Bits::Static(v) => Some(v == 0),
            Bits::Dynamic(_) | Bits::Mixed { .. } => None,
        }
    }

    /// CuTe's `upcast<N>(MixedBits<S,F>{d})` (swizzle.hpp): `safe_div` of each part,
    /// `make_mixed_bits(C<S/N>, d/N, C<F/N>)`; `None` where `N` does not divide `S` or `F`
    /// (a static `safe_div` requires `t % u == 0`). `N` is a power of two (checked by the caller,
    /// as CuTe's static_assert on the swizzle's does first).
    pub fn upcast(s: u32, f: u32, d: u32, n: u32) -> Option<Bits> {
        if n == 0 || !s.is_multiple_of(n) || !f.is_multiple_of(n) {
            return None;
        }
        Some(Bits::make(s / n, Bits::Dynamic(i64::from(d / n)), f / n))
    }

    /// CuTe's `downcast<N>(MixedBits<S,F>{d})`: `make_mixed_bits(C<S*N>, d*N, C<F*N>)`, in
    /// `uint32_t` arithmetic (it wraps).
    pub fn downcast(s: u32, f: u32, d: u32, n: u32) -> Bits {
        Bits::make(
            s.wrapping_mul(n),
            Bits::Dynamic(i64::from(d.wrapping_mul(n))),
            f.wrapping_mul(n),
        )
    }

    /// CuTe's `max_alignment(MixedBits<S,F>)`: `C<1 << countr_zero(S | F)>` (`F != 0`).
    pub fn max_alignment(s: u32, f: u32) -> i64 {
        1i64 << (s | f).trailing_zeros()
    }

    /// `a + b` of an integer: static when both are; a `MixedBits` converts to a run-time
    /// `uint32_t` (it has no `operator+`).
    pub fn plus(self, b: Int) -> Option<Int> {
        let v = self.value().checked_add(b.value)?;
        Some(Int::of(v, !(self.is_static() && b.is_static())))
    }
}

impl fmt::Display for Bits {
    /// CuTe's print: `_4`, `4`, `M_S|(d&F)=v`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Bits::Static(v) => write!(f, "_{v}"),
            Bits::Dynamic(v) => write!(f, "{v}"),
            Bits::Mixed { s, f: m, d } => write!(f, "M_{s}|({d}&{m})={}", s | d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_keeps_static_bits_first() {
        assert_eq!(Bits::make(0, Bits::Static(6), 6), Bits::Static(6));
        assert_eq!(Bits::make(0, Bits::Dynamic(6), 0), Bits::Static(0));
        assert_eq!(
            Bits::make(0, Bits::Dynamic(6), 6),
            Bits::Mixed { s: 0, f: 6, d: 6 }
        );
        assert_eq!(
            Bits::make(2, Bits::Dynamic(7), 6),
            Bits::Mixed { s: 2, f: 4, d: 4 }
        );
    }

    /// cute-oracle: `upcast<2>`, `downcast<2>`, `max_alignment` of `M_4|(16&48)=20`.
    #[test]
    fn recast_as_cute() {
        assert_eq!(
            Bits::upcast(4, 48, 16, 2),
            Some(Bits::Mixed { s: 2, f: 24, d: 8 })
        );
        assert_eq!(
            Bits::upcast(4, 48, 16, 4),
            Some(Bits::Mixed { s: 1, f: 12, d: 4 })
        );
        // safe_div of the static bits requires divisibility
        assert_eq!(Bits::upcast(4, 48, 16, 8), None);
        assert_eq!(
            Bits::downcast(4, 48, 16, 2),
            Bits::Mixed { s: 8, f: 96, d: 32 }
        );
        assert_eq!(Bits::max_alignment(4, 48), 4);
        // the mask down to its lowest bit
        assert_eq!(
            Bits::upcast(0, 16, 16, 16),
            Some(Bits::Mixed { s: 0, f: 1, d: 1 })
        );
    }

    #[test]
    fn xor_and_mask() {
        let m = Bits::Mixed { s: 0, f: 48, d: 16 };
        // a static bit outside the run-time mask stays static
        assert_eq!(m.xor(Bits::Static(4)), Bits::Mixed { s: 4, f: 48, d: 16 });
        // masking away the run-time bits leaves a static integer
        assert_eq!(m.and_static(8), Bits::Static(0));
        assert_eq!(m.and_static(16), Bits::Mixed { s: 0, f: 16, d: 16 });
        assert_eq!(m.xor(Bits::Dynamic(4)), Bits::Dynamic(20));
        assert_eq!(m.to_string(), "M_0|(16&48)=16");
    }
}
