//! `Swizzle<B,M,S>` and composed layouts `Sw o OFF o L`.

use std::fmt;

use super::composition::compose_tiler;
use super::error::{Result, condition};
use super::layout::Layout;
use super::tiler::Tiler;
use super::trace::{Check, Step, Trace};

/// CuTe's `Swizzle<BBits, MBase, SShift>`: `x ^ ((x & yyy_msk) >> S)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    /// Number of bits in the mask.
    pub bits: i64,
    /// Number of least-significant bits kept constant.
    pub base: i64,
    /// Distance the YYY mask is shifted (positive: right).
    pub shift: i64,
}

impl Swizzle {
    /// A swizzle, with CuTe's conditions on its parameters (and masks within 31 bits).
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle> {
        const OP: &str = "Swizzle";
        if base < 0 {
            return Err(condition(
                OP,
                format!("MBase must be non-negative, got {base}"),
            ));
        }
        if bits < 0 {
            return Err(condition(
                OP,
                format!("BBits must be non-negative, got {bits}"),
            ));
        }
        if shift.unsigned_abs() < bits.unsigned_abs() {
            return Err(condition(
                OP,
                format!("abs(SShift) must be at least BBits, got S = {shift} and B = {bits}"),
            ));
        }
        // in i128: no parameter can overflow the sum (nor `abs` of i64::MIN)
        let top = i128::from(bits) + i128::from(base) + i128::from(shift.unsigned_abs());
        if top > 31 {
            return Err(condition(
                OP,
                format!("masks must fit in 31 bits: B + M + |S| = {top}"),
            ));
        }
        Ok(Swizzle { bits, base, shift })
    }

    fn bit_msk(&self) -> i64 {
        (1i64 << self.bits) - 1
    }

    /// The YYY mask (bits read).
    pub fn yyy_msk(&self) -> i64 {
        self.bit_msk() << (self.base + self.shift.max(0))
    }

    /// The ZZZ mask (bits flipped).
    pub fn zzz_msk(&self) -> i64 {
        self.bit_msk() << (self.base - self.shift.min(0))
    }

    /// [`Swizzle::apply`], reporting the bits to `t`.
    pub fn apply_traced<T: Trace>(&self, x: i64, t: &mut T) -> i64 {
        let out = self.apply(x);
        t.step(|| {
            let width = (self.bits + self.base + self.shift.abs()).max(1) as usize;
            let bin = |v: i64| format!("{v:0width$b}");
            let y = x & self.yyy_msk();
            let moved = if self.shift >= 0 {
                y >> self.shift
            } else {
                y << (-self.shift)
            };
            let dir = if self.shift >= 0 { ">>" } else { "<<" };
            Step::new(
                "swizzle",
                "bits",
                format!(
                    "{self}: x = {x} = 0b{}; YYY mask 0b{} (bits {}..{}), ZZZ mask 0b{} (bits {}..{}); x & YYY = 0b{}, {dir} {} = 0b{}; x ^ that = 0b{} = {out}",
                    bin(x),
                    bin(self.yyy_msk()),
                    self.base + self.shift.max(0),
                    self.base + self.shift.max(0) + self.bits - 1,
                    bin(self.zzz_msk()),
                    self.base - self.shift.min(0),
                    self.base - self.shift.min(0) + self.bits - 1,
                    bin(y),
                    self.shift.abs(),
                    bin(moved),
                    bin(out),
                ),
            )
            .val("x", x)
            .val("result", out)
            .check(Check::SwizzleBits {
                sw: *self,
                x,
                out,
            })
        });
        out
    }

    /// Apply to an offset.
    pub fn apply(&self, x: i64) -> i64 {
        let y = x & self.yyy_msk();
        let moved = if self.shift >= 0 {
            y >> self.shift
        } else {
            y << (-self.shift)
        };
        x ^ moved
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

/// The offset of a composed layout: an integer, or a GMMA atom's `smem_ptr[Nb](unset)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offset {
    /// An integer offset (in elements).
    Int(i64),
    /// A shared-memory pointer of elements of N bits: the swizzle acts on byte addresses.
    SmemPtr(i64),
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(v) => write!(f, "{v}"),
            Offset::SmemPtr(bits) => write!(f, "smem_ptr[{bits}b](unset)"),
        }
    }
}

/// `Sw o OFF o L`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComposedLayout {
    /// The outer function.
    pub swizzle: Swizzle,
    /// The offset between them.
    pub offset: Offset,
    /// The inner layout.
    pub layout: Layout,
}

impl ComposedLayout {
    /// Evaluate at a 1-D index or coordinate value already mapped by the inner layout.
    pub fn apply_outer(&self, inner: i64) -> Result<i64> {
        match self.offset {
            Offset::Int(o) => {
                let x = super::arith::add(o, inner, "composed layout")?;
                Ok(self.swizzle.apply(x))
            }
            Offset::SmemPtr(bits) => {
                if bits <= 0 || bits % 8 != 0 && 8 % bits != 0 {
                    return Err(condition(
                        "composed layout",
                        format!("unsupported element width {bits}b"),
                    ));
                }
                let bytes = super::arith::mul(inner, bits, "composed layout")? / 8;
                let sw = self.swizzle.apply(bytes);
                Ok(super::arith::mul(sw, 8, "composed layout")? / bits)
            }
        }
    }

    /// `composition(Sw o OFF o L, tiler) = Sw o OFF o (L o tiler)`.
    pub fn compose(&self, t: &Tiler) -> Result<ComposedLayout> {
        Ok(ComposedLayout {
            swizzle: self.swizzle,
            offset: self.offset,
            layout: compose_tiler(&self.layout, t)?,
        })
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}
