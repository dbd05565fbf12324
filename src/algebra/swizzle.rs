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

impl Swizzle {
    /// CuTe's `make_swizzle<Y,Z>()` (swizzle.hpp): the swizzle whose YYY mask is `y` and ZZZ
    /// mask is `z`: `B = popcount(Y)`, `M = min(ctz(Y), ctz(Z)) % 32`, `S = ctz(Y) - ctz(Z)`.
    /// @pre Y and Z are 32-bit unsigned masks with as many bits set ("Number of bits in Y and Z
    /// don't match"), each a contiguous run, so that `Y | Z` is `Sw<B,M,S>`'s swizzle code
    /// @post `result.yyy_msk() | result.zzz_msk() == y | z`
    pub fn from_masks(y: i64, z: i64) -> Result<Swizzle> {
        const OP: &str = "make_swizzle";
        for (name, v) in [("Y", y), ("Z", z)] {
            if !(0..=i64::from(u32::MAX)).contains(&v) {
                return Err(condition(
                    OP,
                    format!("the mask {name} = {v} is not a 32-bit unsigned integer"),
                ));
            }
        }
        let (yu, zu) = (y as u32, z as u32);
        if yu.count_ones() != zu.count_ones() {
            return Err(condition(
                OP,
                format!(
                    "Number of bits in Y and Z don't match: Y = {y:#b} has {}, Z = {z:#b} has {}",
                    yu.count_ones(),
                    zu.count_ones()
                ),
            ));
        }
        let b = i64::from(yu.count_ones());
        let (ty, tz) = (
            i64::from(yu.trailing_zeros()),
            i64::from(zu.trailing_zeros()),
        );
        let m = ty.min(tz) % 32;
        let s = ty - tz;
        let sw = Swizzle::new(b, m, s).map_err(|e| e.within(OP))?;
        if sw.yyy_msk() | sw.zzz_msk() != y | z {
            return Err(condition(
                OP,
                format!(
                    "Y = {y:#b} and Z = {z:#b} are not the masks of a swizzle (Y | Z must be the swizzle code of Sw<{b},{m},{s}>)"
                ),
            ));
        }
        Ok(sw)
    }
}

/// `composition(Swizzle<B,M,S>, Offset, Layout)` (swizzle_layout.hpp): `Sw o OFF o L`, or `L` itself
/// for the identity swizzle (`B = 0`) with offset 0.
pub enum SwizzledOrPlain {
    /// A plain layout.
    Plain(Layout),
    /// A composed layout.
    Composed(ComposedLayout),
}

/// `composition(a, sw)` for a layout `a` and a swizzle (swizzle_layout.hpp): the swizzle
/// `make_swizzle<a(YYY), a(ZZZ)>()` before `a`, so that `Sw' o a` is `a o Sw`.
/// @pre `a(YYY)` and `a(ZZZ)` are the masks of a swizzle (CuTe's make_swizzle conditions)
/// @post for every i in a's domain, `result(i) == a(sw(i))` (refused otherwise: CuTe "works in
/// simple cases" only)
pub fn layout_then_swizzle(a: &Layout, sw: &Swizzle) -> Result<SwizzledOrPlain> {
    let r = layout_then_swizzle_unchecked(a, sw)?;
    check_law(&r, a.size()?, |i| {
        let x = sw.apply(i);
        Ok((a.at(x)?, format!("A o {sw}: A({sw}({i})) = A({x})")))
    })?;
    Ok(r)
}

/// `result(i)` of a composition's result.
fn eval_result(r: &SwizzledOrPlain, i: i64) -> Result<i64> {
    match r {
        SwizzledOrPlain::Plain(l) => l.at(i),
        SwizzledOrPlain::Composed(c) => c.apply_outer(c.layout.at(i)?),
    }
}

/// Check `result(i) == want(i)` at the law's points of `[0, size)` (all of them up to
/// [`super::laws::EXHAUSTIVE_LIMIT`]); `want` gives the value and the law's words for it.
fn check_law(
    r: &SwizzledOrPlain,
    size: i64,
    want: impl Fn(i64) -> Result<(i64, String)>,
) -> Result<()> {
    for i in super::laws::check_points(size) {
        let got = eval_result(r, i)?;
        let (w, what) = want(i)?;
        if got != w {
            let shown = match r {
                SwizzledOrPlain::Plain(l) => l.to_string(),
                SwizzledOrPlain::Composed(c) => c.to_string(),
            };
            return Err(super::error::AlgebraError::LawViolated {
                op: "composition",
                law: format!(
                    "CuTe's result {shown} is not {}: at i = {i}, it gives {got} but {what} = {w}",
                    what.split(':').next().unwrap_or("")
                ),
            });
        }
    }
    Ok(())
}

/// [`layout_then_swizzle`] without its law check: CuTe's algorithm as it is.
pub fn layout_then_swizzle_unchecked(a: &Layout, sw: &Swizzle) -> Result<SwizzledOrPlain> {
    const OP: &str = "composition";
    let y = a.at(sw.yyy_msk())?;
    let z = a.at(sw.zzz_msk())?;
    let s2 = Swizzle::from_masks(y, z).map_err(|e| e.within(OP))?;
    Ok(if s2.bits == 0 {
        SwizzledOrPlain::Plain(a.clone())
    } else {
        SwizzledOrPlain::Composed(ComposedLayout {
            swizzle: s2,
            offset: Offset::Int(0),
            layout: a.clone(),
        })
    })
}

/// `composition(a, Sw o OFF o L)` (layout_composed.hpp): `composition(composition(a, Sw), L)`.
/// @pre OFF is 0 (CuTe's "Require offset == 0" for the swizzle's composition; a `smem_ptr`
/// offset, which CuTe ignores there, would make the result not `a o B`)
pub fn layout_then_composed(a: &Layout, b: &ComposedLayout) -> Result<SwizzledOrPlain> {
    const OP: &str = "composition";
    if b.offset != Offset::Int(0) {
        return Err(condition(
            OP,
            format!(
                "Require offset == 0: composing a layout with {b} needs its offset to be 0, got {}",
                b.offset
            ),
        ));
    }
    let t = Tiler::Layout(b.layout.clone());
    let r = match layout_then_swizzle_unchecked(a, &b.swizzle)? {
        SwizzledOrPlain::Plain(l) => SwizzledOrPlain::Plain(compose_tiler(&l, &t)?),
        SwizzledOrPlain::Composed(c) => SwizzledOrPlain::Composed(c.compose(&t)?),
    };
    check_law(&r, b.layout.size()?, |i| {
        let x = b.apply_outer(b.layout.at(i)?)?;
        Ok((a.at(x)?, format!("A o B: A(B({i})) = A({x})")))
    })?;
    Ok(r)
}

/// `right_inverse(Sw o OFF o L)` / `left_inverse` (swizzle_layout.hpp): for offset 0,
/// `composition(inverse(L), Sw)`, a swizzle before the inverse of L.
/// @pre the offset is the integer 0 (otherwise CuTe builds `inverse(L) o -OFF o Sw`, a layout
/// after a swizzle, which `cute` does not model; for a `smem_ptr` offset CuTe does not compile)
pub fn inverse_composed(
    c: &ComposedLayout,
    op: &'static str,
    inverse: fn(&Layout) -> Result<Layout>,
) -> Result<SwizzledOrPlain> {
    match c.offset {
        Offset::Int(0) => {}
        Offset::Int(o) => {
            return Err(condition(
                op,
                format!(
                    "with the offset {o}, CuTe's {op} is {op}(L) o {} o {} (a layout after a swizzle), which cute does not model",
                    -o, c.swizzle
                ),
            ));
        }
        Offset::SmemPtr(_) => {
            return Err(condition(
                op,
                format!(
                    "CuTe has no {op} of a smem_ptr offset (a GMMA atom); use as_position_independent_swizzle_layout first"
                ),
            ));
        }
    }
    let inv = inverse(&c.layout)?;
    let r = layout_then_swizzle_unchecked(&inv, &c.swizzle).map_err(|e| e.within(op))?;
    // the inverse's law: L(R(i)) == i over R's domain, R(L(i)) == i over L's
    let right = op == "right_inverse";
    let size = if right { inv.size()? } else { c.layout.size()? };
    for i in super::laws::check_points(size) {
        let (got, what) = if right {
            let x = eval_result(&r, i)?;
            (
                c.apply_outer(c.layout.at(x)?)?,
                format!("L(R({i})) = L({x})"),
            )
        } else {
            let x = c.apply_outer(c.layout.at(i)?)?;
            (eval_result(&r, x)?, format!("R(L({i})) = R({x})"))
        };
        if got != i {
            let shown = match &r {
                SwizzledOrPlain::Plain(l) => l.to_string(),
                SwizzledOrPlain::Composed(c) => c.to_string(),
            };
            return Err(super::error::AlgebraError::LawViolated {
                op,
                law: format!(
                    "CuTe's result {shown} is not {} of {c}: {what} = {got}, not {i}",
                    if right {
                        "a right inverse"
                    } else {
                        "a left inverse"
                    }
                ),
            });
        }
    }
    Ok(r)
}
