//! `Swizzle<B,M,S>` and composed layouts `Sw o OFF o L`.

use std::fmt;

use super::composition::{compose_tiler, compose_unchecked};
use super::coord::Coord;
use super::error::{Result, condition};
use super::int_tuple::{IntTuple, Tup, TupleBuilder, View};
use super::integer::Int;
use super::layout::Layout;
use super::mixed_bits::Bits;
use super::tiler::Tiler;
use super::trace::{Check, NoTrace, Step, Trace};

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

/// The offset of a composed layout: an integer of its kind (CuTe's `_4` from `Int<4>{}`, a
/// run-time `4` from an `int`: the kind follows CuTe's arithmetic that made it), or a GMMA
/// atom's `smem_ptr[Nb](unset)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offset {
    /// An integer offset (in elements), static or dynamic.
    Int(Int),
    /// A shared-memory pointer of elements of N bits: the swizzle acts on byte addresses.
    SmemPtr(i64),
    /// CuTe's `MixedBits<s, f>{d}` (swizzle.hpp): the offset `s | d` of a slice at a run-time
    /// coordinate, its bits under `f` run-time ones, the others static (printed
    /// `M_s|(d&f)=v`; in the notation, the run-time integer `v?` it converts to).
    Mixed {
        /// The static bits.
        s: u32,
        /// The mask of the run-time bits.
        f: u32,
        /// The run-time bits.
        d: u32,
    },
}

/// An [`Offset`] with a `MixedBits` as its run-time integer ([`Offset::plain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlainOffset {
    /// An integer offset, static or dynamic.
    Int(Int),
    /// A shared-memory pointer of elements of N bits.
    SmemPtr(i64),
}

impl Offset {
    /// The static offset `_0`: what `composition(Sw, L)` puts between them.
    pub const ZERO: Offset = Offset::Int(Int::st(0));

    /// A static integer offset `_v`.
    pub const fn st(v: i64) -> Offset {
        Offset::Int(Int::st(v))
    }

    /// CuTe's `is_constant<0, Offset>`: the static integer `_0` (a run-time 0 is not).
    pub fn is_static_zero(&self) -> bool {
        matches!(self, Offset::Int(i) if i.is_constant(0))
    }

    /// The integer offset and its kind (`None` for a `smem_ptr`; a `MixedBits` is the run-time
    /// integer it converts to).
    pub fn as_int(&self) -> Option<Int> {
        match self {
            Offset::Int(i) => Some(*i),
            Offset::Mixed { s, d, .. } => Some(Int::dy(i64::from(s | d))),
            Offset::SmemPtr(_) => None,
        }
    }

    /// The offset with a `MixedBits` as the run-time integer it converts to (`uint32_t`): what
    /// CuTe's arithmetic of an `int` does with it where no `MixedBits` overload is declared.
    pub fn plain(self) -> PlainOffset {
        match self {
            Offset::Int(i) => PlainOffset::Int(i),
            Offset::Mixed { s, d, .. } => PlainOffset::Int(Int::dy(i64::from(s | d))),
            Offset::SmemPtr(b) => PlainOffset::SmemPtr(b),
        }
    }

    /// The offset as CuTe's arithmetic of a slice holds it (`None` for a `smem_ptr`).
    pub fn as_bits(&self) -> Option<Bits> {
        match *self {
            Offset::Int(i) => Some(Bits::of(i)),
            Offset::Mixed { s, f, d } => Some(Bits::Mixed { s, f, d }),
            Offset::SmemPtr(_) => None,
        }
    }

    /// The offset of a [`Bits`] value.
    pub fn of_bits(b: Bits) -> Offset {
        match b {
            Bits::Static(v) => Offset::Int(Int::st(v)),
            Bits::Dynamic(v) => Offset::Int(Int::dy(v)),
            Bits::Mixed { s, f, d } => Offset::Mixed { s, f, d },
        }
    }

    /// Whether a `smem_ptr` of elements of `bits` bits addresses whole elements of bytes or
    /// whole bytes of elements (1, 2 or 4 bits, or a multiple of 8, as CuTe's `uint_bit_t`
    /// widths): the widths a composed layout over it is evaluated with.
    pub fn is_smem_width(bits: i64) -> bool {
        bits > 0 && (bits % 8 == 0 || 8 % bits == 0)
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(v) => write!(f, "{v}"),
            Offset::Mixed { s, d, .. } => write!(f, "{}?", s | d),
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
    /// Evaluate at a 1-D index or coordinate value already mapped by the inner layout: CuTe's
    /// `layout_a()(offset() + layout_b()(coord))`, where a `smem_ptr` offset is the `Int<0>`
    /// it derives from (`GMMA::Layout_K_SW32_Atom<half_t>{}(4,0)` is `Sw<1,4,3>(64)`, `64`;
    /// print_layout shows the position-independent layout instead, `72` there).
    pub fn apply_outer(&self, inner: i64) -> Result<i64> {
        apply_stage(&self.swizzle, self.offset, inner)
    }

    /// The element offset in memory of an inner index: for a `smem_ptr` offset, the swizzle of
    /// the byte address (what a tensor made over a shared-memory pointer reads); otherwise
    /// [`ComposedLayout::apply_outer`].
    pub fn memory_offset(&self, inner: i64) -> Result<i64> {
        match self.offset.plain() {
            PlainOffset::SmemPtr(bits) => {
                if !Offset::is_smem_width(bits) {
                    return Err(condition(
                        "composed layout",
                        format!("unsupported element width {bits}b"),
                    ));
                }
                let bytes = super::arith::mul(inner, bits, "composed layout")? / 8;
                let sw = self.swizzle.apply(bytes);
                Ok(super::arith::mul(sw, 8, "composed layout")? / bits)
            }
            PlainOffset::Int(_) => self.apply_outer(inner),
        }
    }

    /// [`ComposedLayout::apply_outer`] with the kind of its value: CuTe's
    /// `layout_a()(offset() + layout_b()(coord))` is a run-time integer where the inner index
    /// (`inner_dynamic`) or the offset is one (`composition(Sw, 0, L)(_5, _3)` is `363`, of
    /// `_0` it is `_363`; a `MixedBits` converts to its run-time integer).
    pub fn apply_outer_kind(&self, inner: i64, inner_dynamic: bool) -> Result<(i64, bool)> {
        let offset_dynamic = match self.offset.plain() {
            PlainOffset::Int(o) => o.dynamic(),
            PlainOffset::SmemPtr(_) => false,
        };
        Ok((self.apply_outer(inner)?, inner_dynamic || offset_dynamic))
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

/// One stage `Sw o OFF` of a composed layout at a value of its inner layout: `Sw(OFF + x)`;
/// a `smem_ptr` offset (pointer_flagged.hpp's `smem_ptr_flag_bits<B> : Int<0>`) adds 0.
fn apply_stage(swizzle: &Swizzle, offset: Offset, inner: i64) -> Result<i64> {
    match offset.plain() {
        PlainOffset::Int(o) => {
            let x = super::arith::add(o.value, inner, "composed layout")?;
            Ok(swizzle.apply(x))
        }
        PlainOffset::SmemPtr(_) => Ok(swizzle.apply(inner)),
    }
}

/// `Sw o OFF o (Sw' o OFF' o L)`: CuTe's `ComposedLayout<Swizzle, Offset, ComposedLayout<…>>`,
/// what the composition of two composed layouts gives (layout_composed.hpp:
/// `composition(C, C') = C.A o C.O o composition(C.B, C')`, and `composition(L, C')` is
/// `composition(L o C'.A, C'.B)`, a swizzle before L: composed again).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedComposed {
    /// The outer swizzle.
    pub swizzle: Swizzle,
    /// The outer offset.
    pub offset: Offset,
    /// The inner composed layout.
    pub inner: ComposedLayout,
}

impl NestedComposed {
    /// `result(i) = Sw(OFF + inner(i))`.
    pub fn at(&self, i: i64) -> Result<i64> {
        let x = self.inner.apply_outer(self.inner.layout.at(i)?)?;
        self.outer_at(x)
    }

    /// The outer stage at a value `x` of the inner composed layout: `Sw(OFF + x)`.
    pub fn outer_at(&self, x: i64) -> Result<i64> {
        apply_stage(&self.swizzle, self.offset, x)
    }

    /// `composition(Sw o OFF o C, tiler) = Sw o OFF o composition(C, tiler)`.
    pub fn compose(&self, t: &Tiler) -> Result<NestedComposed> {
        Ok(NestedComposed {
            swizzle: self.swizzle,
            offset: self.offset,
            inner: self.inner.compose(t)?,
        })
    }
}

impl fmt::Display for NestedComposed {
    /// `Sw o OFF o (Sw' o OFF' o L)`: the inner composed layout in parentheses, so that the
    /// text reads back (CuTe prints it without them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o ({})", self.swizzle, self.offset, self.inner)
    }
}

/// A composed layout, or one whose inner layout is composed.
pub enum ComposedOrNested {
    /// `Sw o OFF o L`.
    Composed(ComposedLayout),
    /// `Sw o OFF o (Sw' o OFF' o L)`.
    Nested(NestedComposed),
}

/// `composition(Sw o OFF o L, B)` for B a swizzle or a composed layout (layout_composed.hpp):
/// `Sw o OFF o composition(L, B)`, given `composition(L, B)`.
pub fn composed_then_swizzled(a: &ComposedLayout, lb: SwizzledOrPlain) -> ComposedOrNested {
    match lb {
        SwizzledOrPlain::Plain(l) => ComposedOrNested::Composed(ComposedLayout {
            swizzle: a.swizzle,
            offset: a.offset,
            layout: l,
        }),
        SwizzledOrPlain::Composed(c) => ComposedOrNested::Nested(NestedComposed {
            swizzle: a.swizzle,
            offset: a.offset,
            inner: c,
        }),
    }
}

impl ComposedLayout {
    /// The offset as an integer (a `smem_ptr` counts as 0).
    pub fn offset_int(&self) -> i64 {
        match self.offset.plain() {
            PlainOffset::Int(o) => o.value,
            PlainOffset::SmemPtr(_) => 0,
        }
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
/// @post for every i in a's domain, `result(i) == a(sw(i))` (CuTe "works in simple cases" only:
/// where the sink checks laws, a result that breaks it stands and the sink is told)
pub fn layout_then_swizzle(a: &Layout, sw: &Swizzle) -> Result<SwizzledOrPlain> {
    layout_then_swizzle_traced(a, sw, &mut NoTrace)
}

/// [`layout_then_swizzle`], its law checked where the sink checks laws ([`Trace::LAWS`]).
pub fn layout_then_swizzle_traced<T: Trace>(
    a: &Layout,
    sw: &Swizzle,
    t: &mut T,
) -> Result<SwizzledOrPlain> {
    let r = layout_then_swizzle_unchecked(a, sw)?;
    if T::LAWS {
        let law = check_law(&r, a.size()?, |i| {
            let x = sw.apply(i);
            Ok((a.at(x)?, format!("A o {sw}: A({sw}({i})) = A({x})")))
        });
        report_law(law, t)?;
    }
    Ok(r)
}

/// A law's verdict told to the sink: a violation is kept ([`Trace::law`]: CuTe's answer
/// stands), any other failure of the check is the call's error.
fn report_law<T: Trace>(law: Result<()>, t: &mut T) -> Result<()> {
    match law {
        Err(e @ super::error::AlgebraError::LawViolated { .. }) => {
            t.law(e);
            Ok(())
        }
        other => other,
    }
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
                    "CuTe's result {shown} is not {}: at i = {i}, it gives {got} but {} = {w}",
                    what.split(": ").next().unwrap_or(""),
                    what.split(": ").nth(1).unwrap_or("")
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
            offset: Offset::ZERO,
            layout: a.clone(),
        })
    })
}

/// `composition(a, Sw o OFF o L)` (layout_composed.hpp): `composition(composition(a, Sw), L)`.
/// @pre OFF is 0 (CuTe's "Require offset == 0" for the swizzle's composition; a `smem_ptr`
/// offset, which CuTe ignores there, would make the result not `a o B`)
pub fn layout_then_composed(a: &Layout, b: &ComposedLayout) -> Result<SwizzledOrPlain> {
    layout_then_composed_traced(a, b, &mut NoTrace)
}

/// [`layout_then_composed`], its law `result(i) == a(B(i))` checked where the sink checks laws
/// ([`Trace::LAWS`]: a result that breaks it stands, and the sink is told).
pub fn layout_then_composed_traced<T: Trace>(
    a: &Layout,
    b: &ComposedLayout,
    tr: &mut T,
) -> Result<SwizzledOrPlain> {
    const OP: &str = "composition";
    // CUTE_STATIC_ASSERT_V(b.offset() == Int<0>{}): a static 0; a run-time offset does not
    // compile even when it is 0
    if !b.offset.is_static_zero() {
        let why = if b.offset.as_int().is_some_and(|o| o.dynamic()) {
            "a static 0 (the offset is a run-time integer, which CUTE_STATIC_ASSERT_V cannot check)"
        } else {
            "0"
        };
        return Err(condition(
            OP,
            format!(
                "Require offset == 0: composing a layout with {b} needs its offset to be {why}, got {}",
                b.offset
            ),
        ));
    }
    let t = Tiler::of(&b.layout);
    let r = match layout_then_swizzle_unchecked(a, &b.swizzle)? {
        SwizzledOrPlain::Plain(l) => SwizzledOrPlain::Plain(compose_tiler(&l, &t)?),
        SwizzledOrPlain::Composed(c) => SwizzledOrPlain::Composed(c.compose(&t)?),
    };
    if T::LAWS {
        let law = check_law(&r, b.layout.size()?, |i| {
            let x = b.apply_outer(b.layout.at(i)?)?;
            Ok((a.at(x)?, format!("A o B: A(B({i})) = A({x})")))
        });
        report_law(law, tr)?;
    }
    Ok(r)
}

/// What `right_inverse`/`left_inverse` of a swizzled layout is: a swizzled (or plain) layout
/// for offset 0, a layout after a swizzle (`inverse(L) o -OFF o Sw`) otherwise.
pub enum ComposedInverse {
    /// `composition(inverse(L), Sw)`.
    Swizzled(SwizzledOrPlain),
    /// `composition(inverse(L), -OFF, Sw)`: CuTe's `ComposedLayout<Layout, Int, Swizzle>`.
    AfterSwizzle(Box<super::layout_composed::LayoutComposed>),
}

/// `right_inverse(Sw o OFF o L)` / `left_inverse` (swizzle_layout.hpp): for offset 0,
/// `composition(inverse(L), Sw)`, a swizzle before the inverse of L; otherwise
/// `composition(inverse(L), inverse(OFF), Sw)` with `inverse(OFF) = -OFF` (its "Kludge"), the
/// layout `inverse(L) o -OFF o Sw` after the swizzle.
/// @pre the offset is a static integer (with a dynamic offset, and with a `smem_ptr` one, CuTe
/// does not compile: `inverse(OFF)` is declared after swizzle_layout.hpp's call of it and only
/// an integral constant finds it by ADL)
/// @post the inverse's law, `C(R(i)) == i` over R's domain (right) or `R(C(i)) == i` over C's
/// (left): for offset 0 a result that breaks it is refused; for a nonzero offset CuTe's answer
/// stands and the sink is told where it checks laws
pub fn inverse_composed(
    c: &ComposedLayout,
    op: &'static str,
    inverse: fn(&Layout) -> Result<Layout>,
) -> Result<ComposedInverse> {
    inverse_composed_traced(c, op, inverse, &mut NoTrace)
}

/// [`inverse_composed`], a nonzero offset's law reported to `t` where it checks laws.
pub fn inverse_composed_traced<T: Trace>(
    c: &ComposedLayout,
    op: &'static str,
    inverse: fn(&Layout) -> Result<Layout>,
    t: &mut T,
) -> Result<ComposedInverse> {
    let right = op == "right_inverse";
    match c.offset.plain() {
        // if constexpr (is_constant<0, Offset>::value)
        _ if c.offset.is_static_zero() => {}
        PlainOffset::Int(o) if o.dynamic() => {
            return Err(condition(
                op,
                format!(
                    "with the run-time offset {o}, CuTe's {op} takes {op} of an int, which does not compile (no matching function for call to '{op}(const int&)'); the offset must be a static integer"
                ),
            ));
        }
        PlainOffset::Int(o) => {
            // composition(inverse(L), inverse(OFF), Sw): `inverse(OFF) = -OFF`
            let neg = o.value.checked_neg().ok_or_else(|| {
                condition(
                    op,
                    format!("the offset {} has no negation in 64 bits", o.value),
                )
            })?;
            let r = super::layout_composed::LayoutComposed {
                outer: super::layout_composed::Stage::Layout(inverse(&c.layout)?),
                offset: IntTuple::int(neg),
                inner: super::layout_composed::Stage::Swizzle(c.swizzle),
            };
            if T::LAWS {
                report_law(after_swizzle_law(c, &r, op), t)?;
            }
            return Ok(ComposedInverse::AfterSwizzle(Box::new(r)));
        }
        PlainOffset::SmemPtr(_) => {
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
    Ok(ComposedInverse::Swizzled(r))
}

/// The law of `R = A o -OFF o Sw`, an inverse of `C = Sw o OFF o L`: `C(R(i)) == i` for `i`
/// in `A`'s domain (right), `R(C(i)) == i` for `i` in `L`'s (left).
fn after_swizzle_law(
    c: &ComposedLayout,
    r: &super::layout_composed::LayoutComposed,
    op: &'static str,
) -> Result<()> {
    let right = op == "right_inverse";
    let at_r = |i: i64| -> Result<i64> {
        let v = r.eval_index(&IntTuple::int(i))?;
        v.as_int()
            .ok_or_else(|| condition(op, "an inverse's value is an integer"))
    };
    let at_c = |i: i64| c.apply_outer(c.layout.at(i)?);
    let size = if right {
        // A = inverse(L), a layout
        match r.outer.leaf_layout() {
            Some(a) => a.size()?,
            None => return Ok(()),
        }
    } else {
        c.layout.size()?
    };
    for i in super::laws::check_points(size) {
        let (got, what) = if right {
            let x = at_r(i)?;
            (at_c(x)?, format!("C(R({i})) = C({x})"))
        } else {
            let x = at_c(i)?;
            (at_r(x)?, format!("R(C({i})) = R({x})"))
        };
        if got != i {
            return Err(super::error::AlgebraError::LawViolated {
                op,
                law: format!(
                    "CuTe's result {r} is not {} of {c}: {what} = {got}, not {i}",
                    if right {
                        "a right inverse"
                    } else {
                        "a left inverse"
                    }
                ),
            });
        }
    }
    Ok(())
}

pub use super::layout_ops::dice_tuple;

/// The integers of a coordinate, as `dice(c, c)` gathers them.
fn dice_coord(c: &Coord) -> IntTuple {
    fn go(c: &Coord, out: &mut TupleBuilder) {
        match c {
            Coord::Int(v) => out.push_int_kind(v.value, v.dynamic()),
            Coord::Under => {}
            Coord::Tuple(v) => v.iter().for_each(|x| go(x, out)),
        }
    }
    match c {
        Coord::Int(v) => IntTuple::of_int(*v),
        _ => {
            let mut out = TupleBuilder::new();
            go(c, &mut out);
            out.finish()
        }
    }
}

fn int_layout(shape: &[i64], stride: &[i64]) -> Result<Layout> {
    Layout::new(
        shape.iter().map(|&s| IntTuple::int(s)).collect(),
        stride.iter().map(|&d| IntTuple::int(d)).collect(),
    )
}

/// `slice_and_offset(c, Sw o OFF o L)` (swizzle_layout.hpp): the slice of the swizzled layout
/// at `c` and the offset of `c`, decayed to a plain layout when the sliced part of L reaches
/// the swizzle's Y bits or its Z bits but not both.
///
/// With `P_zy` (the Y and Z bits of an offset) and `P_anti` (the others) as layouts over
/// `(2^M, 2^B, 2^(|S|-B), 2^B, 1)`: the diced part `D = dice(c, L)` at `d = dice(c, c)` gives
/// `o_zy = OFF ^ to_mixed_bits(P_zy o D, d)` and `o_anti = (P_anti o D)(d)`; if the sliced
/// layout `T = slice(c, L)` statically hits a Z bit together with its Y bit (`(P_zy o T)(size-1)`
/// is a static integer with bits the swizzle clears), the result is `(Sw o o_zy o T, o_anti)`;
/// otherwise `(W o T, Sw(o_zy) + o_anti)` for `W`, the swizzle as a layout at offset `o_zy`
/// (strides `±Z·2^i` on the lower mask, `(Y±Z)·2^i` on the upper).
/// @pre c has the profile of L's shape; the compositions are CuTe's (its conditions hold)
/// @post for every i of the slice, `result.0(i) + result.1 == (Sw o OFF o L)(c with i at its `_`)`
pub fn slice_and_offset(c: &Coord, comp: &ComposedLayout) -> Result<(SwizzledOrPlain, i64)> {
    slice_and_offset_kind(c, comp).map(|(r, o)| (r, o.value))
}

/// [`slice_and_offset`] with the kinds of CuTe's arithmetic: each of the coordinate's integers
/// is of its kind (C++'s `int`, a thread index: a run-time one); the offset `o_zy` is CuTe's
/// `MixedBits` ([`Bits`]: the bits a run-time coordinate can reach are run-time ones, the rest
/// static), so a stride of the swizzle's decay is a run-time integer only where the offset's
/// bit that chooses it is (CuTe's `conditional_return` on a run-time condition), and stays
/// uncoalesced in the composition that follows (`(2,2):(144,288)`, not `4:144`).
pub fn slice_and_offset_kind(c: &Coord, comp: &ComposedLayout) -> Result<(SwizzledOrPlain, Int)> {
    let (r, off) = slice_kind(c, comp)?;
    unsigned_offset(off.value)?;
    Ok((r, off))
}

/// CuTe computes the offsets of a slice as unsigned 32-bit integers: a negative one wraps.
fn unsigned_offset(off: i64) -> Result<()> {
    if off < 0 {
        return Err(super::error::AlgebraError::LawViolated {
            op: "slice_and_offset",
            law: format!(
                "CuTe's result holds the negative offset {off} as an unsigned 32-bit integer (it wraps around 2^32), which is not the offset of the same elements"
            ),
        });
    }
    Ok(())
}

/// `slice(c, Sw o OFF o L)`: [`slice_and_offset`]'s first part, as CuTe's `S(c)` with `_`
/// (the offset is dropped), and that offset.
/// @post for every i of the slice, `T(i) + o == S(c with i at its `_`)` (refused otherwise:
/// CuTe's algorithm "assumes that Offset is in the YZ domain of the Swizzle")
pub fn slice(c: &Coord, comp: &ComposedLayout) -> Result<(SwizzledOrPlain, i64)> {
    slice_kind(c, comp).map(|(r, o)| (r, o.value))
}

/// [`slice`] with the kinds of CuTe's arithmetic ([`slice_and_offset_kind`]).
pub fn slice_kind(c: &Coord, comp: &ComposedLayout) -> Result<(SwizzledOrPlain, Int)> {
    if let PlainOffset::SmemPtr(_) = comp.offset.plain() {
        return slice_smem_ptr(c, comp);
    }
    let (r, off_kind) = slice_inner(c, comp)?;
    let off = off_kind.value;
    if has_int(c) {
        let sliced = comp.layout.slice(c)?;
        for i in super::laws::check_points(sliced.size()?) {
            let crd = super::coord::idx2crd(&IntTuple::int(i), sliced.shape())?;
            let parts: Vec<IntTuple> = match crd.view() {
                View::Tuple(v) => v.iter().map(|t| t.to_owned()).collect(),
                View::Int(_) => vec![crd.clone()],
            };
            let mut it = parts.into_iter();
            let full = fill_coord(c, &mut it);
            let want = comp.apply_outer(comp.layout.eval(&full)?)?;
            let got = super::arith::add(eval_result(&r, i)?, off, "slice_and_offset")?;
            if got != want {
                let shown = match &r {
                    SwizzledOrPlain::Plain(l) => l.to_string(),
                    SwizzledOrPlain::Composed(k) => k.to_string(),
                };
                return Err(super::error::AlgebraError::LawViolated {
                    op: "slice_and_offset",
                    law: format!(
                        "CuTe's result ({shown}, {off}) is not the slice of {comp} at {c}: at i = {i}, it gives {got} but the layout at {full} is {want} (CuTe assumes the offset lies in the swizzle's Y and Z bits)"
                    ),
                });
            }
        }
    }
    if let SwizzledOrPlain::Composed(k) = &r
        && let Some(o) = k.offset.as_int()
        && o.value < 0
        && o.value != comp.offset_int()
    {
        unsigned_offset(o.value)?;
    }
    Ok((r, off_kind))
}

/// `slice_and_offset(c, Sw o smem_ptr[Nb] o L)` (pointer_flagged.hpp): L's slice at `c` and its
/// offset `o = crd2idx(c, L)`; a static zero `o` keeps the flag, `(Sw o smem_ptr[Nb] o
/// slice(c, L), _0)`, any other is added to it (the flag is an `Int<0>`): `(Sw o o o slice(c, L),
/// _0)`, an integer offset of `o`'s kind (CuTe's generic ComposedLayout path, layout_composed.hpp).
fn slice_smem_ptr(c: &Coord, comp: &ComposedLayout) -> Result<(SwizzledOrPlain, Int)> {
    let l = &comp.layout;
    let sliced = l.slice(c)?;
    let offset = if has_int(c) {
        let diced = Layout::new(dice_tuple(c, l.shape())?, dice_tuple(c, l.stride())?)?;
        let (v, dynamic) = diced.eval_kind(&dice_coord(c))?;
        Int::of(v, dynamic)
    } else {
        Int::st(0)
    };
    let offset = if offset.value == 0 && !offset.dynamic() {
        comp.offset
    } else {
        Offset::Int(offset)
    };
    let r = ComposedLayout {
        swizzle: comp.swizzle,
        offset,
        layout: sliced,
    };
    Ok((SwizzledOrPlain::Composed(r), Int::st(0)))
}

/// The kinds (CuTe's integral_constant arithmetic, leaf by leaf): `OFF ^ to_mixed_bits(…)` is a
/// [`Bits`]; `(P_anti o D)(d)` is static where `crd2idx` of the diced coordinate is; the
/// condition that chooses the branch is a compile-time one only when `(P_zy o T)(size-1)` is a
/// static integer (a run-time one decays); the offset of an all-`_` slice is `Int<0>{}`.
fn slice_inner(c: &Coord, comp: &ComposedLayout) -> Result<(SwizzledOrPlain, Int)> {
    const OP: &str = "slice_and_offset";
    let Some(off_kind) = comp.offset.as_bits() else {
        return Err(condition(
            OP,
            "slicing a composed layout with a smem_ptr offset (a GMMA atom) is not modelled; use as_position_independent_swizzle_layout first",
        ));
    };
    let l = &comp.layout;
    let sliced = l.slice(c)?;
    let all_under = !has_int(c);
    if all_under {
        let r = if comp.swizzle.bits == 0 && comp.offset.is_static_zero() {
            SwizzledOrPlain::Plain(sliced)
        } else {
            SwizzledOrPlain::Composed(ComposedLayout {
                swizzle: comp.swizzle,
                offset: comp.offset,
                layout: sliced,
            })
        };
        return Ok((r, Int::st(0)));
    }
    let (b, m, s) = (
        comp.swizzle.bits,
        comp.swizzle.base,
        comp.swizzle.shift.abs(),
    );
    let p = |e: i64| 1i64 << e;
    let shape = [p(m), p(b), p(s - b), p(b), 1];
    let anti = int_layout(&shape, &[1, 0, p(m + b), 0, p(m + s + b)])?;
    let only = int_layout(&shape, &[0, p(m), 0, p(m + s), 0])?;
    let diced = Layout::new(dice_tuple(c, l.shape())?, dice_tuple(c, l.stride())?)?;
    let dc = dice_coord(c);
    let diced_anti = compose_unchecked(&anti, &diced)?;
    let diced_only = compose_unchecked(&only, &diced)?;
    let off_zy = off_kind.xor(to_mixed_bits(&diced_only, &dc)?);
    let (anti_v, anti_dynamic) = diced_anti.eval_kind(&dc)?;
    let anti = Int::of(anti_v, anti_dynamic);
    let sliced_only = compose_unchecked(&only, &sliced)?;
    let last = sliced_only.shape().product_kind()?;
    let (active, active_dynamic) =
        sliced_only.eval_kind(&IntTuple::int_of(last.value - 1, last.dynamic()))?;
    let sw = comp.swizzle;
    if !active_dynamic && active & !sw.apply(active) != 0 {
        // hits on Y and Z: not reducible
        let r = match off_zy {
            Bits::Static(0) if sw.bits == 0 => SwizzledOrPlain::Plain(sliced),
            _ => SwizzledOrPlain::Composed(ComposedLayout {
                swizzle: sw,
                offset: Offset::of_bits(off_zy),
                layout: sliced,
            }),
        };
        return Ok((r, anti));
    }
    let zl = sw.zzz_msk() & sw.zzz_msk().wrapping_neg();
    let yl = sw.yyy_msk() & sw.yyy_msk().wrapping_neg();
    // conditional_return((o_zy & (Y << i)) == _0, …): static where that bit of o_zy is
    let pick = |bit: i64, zero: i64, set: i64| -> IntTuple {
        let masked = off_zy.and_static(bit);
        match masked.static_is_zero() {
            Some(z) => IntTuple::int(if z { zero } else { set }),
            None => IntTuple::int_of(if masked.value() == 0 { zero } else { set }, true),
        }
    };
    let strides = |z_first: bool| -> Vec<IntTuple> {
        (0..b)
            .map(|i| {
                if z_first {
                    pick(yl << i, zl << i, -(zl << i))
                } else {
                    pick(zl << i, (yl + zl) << i, (yl - zl) << i)
                }
            })
            .collect()
    };
    let (lo, hi) = (strides(zl < yl), strides(zl > yl));
    // repeat<B>(2) is the integer 2 for B = 1, a tuple otherwise; the strides are a tuple
    // (CuTe pairs the integer 2 with a 1-tuple of strides for B = 1: that stride, as it acts)
    let rep = |v: Vec<IntTuple>| -> IntTuple {
        if b == 1 {
            v.into_iter().next().unwrap_or_else(|| IntTuple::int(0))
        } else {
            v.into_iter().collect()
        }
    };
    let twos = || -> IntTuple {
        if b == 1 {
            IntTuple::int(2)
        } else {
            (0..b).map(|_| IntTuple::int(2)).collect()
        }
    };
    let wshape: IntTuple = [
        IntTuple::int(p(m)),
        twos(),
        IntTuple::int(p(s - b)),
        twos(),
        IntTuple::int(1),
    ]
    .into_iter()
    .collect();
    let wstride: IntTuple = [
        IntTuple::int(1),
        rep(lo),
        IntTuple::int(p(m + b)),
        rep(hi),
        IntTuple::int(p(m + b + s)),
    ]
    .into_iter()
    .collect();
    let w = Layout::new(wshape, wstride)?;
    let r = compose_unchecked(&w, &sliced)?;
    let total = swizzle_bits(sw, off_zy)
        .plus(anti)
        .ok_or_else(|| condition(OP, "the offset overflows"))?;
    Ok((SwizzledOrPlain::Plain(r), total))
}

/// `Swizzle::apply` on a [`Bits`]: `o ^ shiftr(o & yyy_msk, msk_sft)`.
fn swizzle_bits(sw: Swizzle, o: Bits) -> Bits {
    o.xor(o.and_static(sw.yyy_msk()).shiftr(sw.shift))
}

/// Whether CuTe's `x * y` of two integers of these kinds (`(value, dynamic)`) is static: both
/// static, or either a static 0 (integral_constant.hpp's `_0 * x` and `x * _0`).
fn product_is_static(x: (i64, bool), y: (i64, bool)) -> bool {
    let static_zero = |(v, dynamic): (i64, bool)| !dynamic && v == 0;
    !(x.1 || y.1) || static_zero(x) || static_zero(y)
}

/// CuTe's `to_mixed_bits(layout, coord)` (swizzle.hpp): the XOR over the leaves of
/// `make_mixed_bits(_0, c_i * d_i, (s_i - 1) * d_i)`, `c = idx2crd(coord, shape)`: static where
/// `c_i * d_i` is, a `MixedBits` of the bits `(s_i - 1) * d_i` where the coordinate is a
/// run-time one.
/// @pre every leaf's `s_i * d_i` is a static integer (CuTe's `decltype(shape*stride)::value`:
/// a run-time one does not compile), 0 or a power of two ("Requires pow2 shape*stride")
fn to_mixed_bits(l: &Layout, coord: &IntTuple) -> Result<Bits> {
    const OP: &str = "to_mixed_bits";
    // each part of the coordinate of its kind (CuTe's divmod over the modes)
    let crd = super::coord::idx2crd(coord, l.shape())?;
    let mut acc: Option<Bits> = None;
    for (((s, s_dyn), (d, d_dyn)), (c, c_dyn)) in l
        .shape()
        .leaf_kind_iter()
        .zip(l.stride().leaf_kind_iter())
        .zip(crd.leaf_kind_iter())
    {
        let sd = super::arith::mul(s, d, OP)?;
        // `_0 * x` and `x * _0` are `_0`; otherwise a run-time factor makes a run-time product
        let sd_static = product_is_static((s, s_dyn), (d, d_dyn));
        if !sd_static {
            return Err(condition(
                OP,
                format!(
                    "static_assert(decltype(shape*stride)::value == 0 || has_single_bit(decltype(shape*stride)::value), \"Requires pow2 shape*stride.\") needs a static shape*stride, and {s}*{d} of {l} (the part of the layout the coordinate fixes, under the swizzle's Y and Z bits) is a run-time integer (CuTe: error: 'value' is not a member of 'int'): slicing a swizzled layout at a coordinate needs static extents and strides in the modes the coordinate fixes"
                ),
            ));
        }
        if sd != 0 && (sd < 0 || sd & (sd - 1) != 0) {
            return Err(condition(
                OP,
                format!("Requires pow2 shape*stride: {s} * {d} = {sd} in {l}"),
            ));
        }
        let cd = super::arith::mul(c, d, OP)?;
        let cd_static = product_is_static((c, c_dyn), (d, d_dyn));
        let flags = super::arith::mul(s - 1, d, OP)?;
        let cd = if cd_static {
            Bits::Static(cd)
        } else {
            Bits::Dynamic(cd)
        };
        let bits = Bits::make(0, cd, flags as u32);
        // CuTe's fold `(a ^ ...)`
        acc = Some(match acc {
            None => bits,
            Some(a) => a.xor(bits),
        });
    }
    Ok(acc.unwrap_or(Bits::Static(0)))
}

/// The coordinate `c` with its `_` replaced, in order, by `parts`.
fn fill_coord(c: &Coord, parts: &mut impl Iterator<Item = IntTuple>) -> IntTuple {
    match c {
        Coord::Int(v) => IntTuple::int(v.value),
        Coord::Under => parts.next().unwrap_or_else(|| IntTuple::int(0)),
        Coord::Tuple(v) => v.iter().map(|x| fill_coord(x, parts)).collect(),
    }
}

fn has_int(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => true,
        Coord::Under => false,
        Coord::Tuple(v) => v.iter().any(has_int),
    }
}

/// `domain_offset(c, Sw o OFF o L)` (layout_composed.hpp): `(Sw o (OFF + L(c)) o L, 0)`, the
/// coordinate's offset moved into the composed layout's offset.
/// @pre the offset is an integer (CuTe adds L(c) to a GMMA atom's `smem_ptr` flag and gets
/// an element offset under a swizzle of byte addresses: not the same elements)
/// @post for every i, `result.0(i) == (Sw o OFF o L)(L(c) + L(i))` as offsets go
pub fn domain_offset(c: &Tup, comp: &ComposedLayout) -> Result<(ComposedLayout, i64)> {
    const OP: &str = "domain_offset";
    // a MixedBits offset converts to the run-time integer it is (it has no `operator+`)
    let Some(o) = comp.offset.as_int() else {
        return Err(condition(
            OP,
            "a composed layout with a smem_ptr offset (a GMMA atom): CuTe turns the pointer flag into an element offset under the swizzle of byte addresses; use as_position_independent_swizzle_layout first",
        ));
    };
    // `layout.offset() + layout.layout_b()(coord)`: static only when both are
    let (shift, dynamic) = comp.layout.eval_kind(c)?;
    Ok((
        ComposedLayout {
            swizzle: comp.swizzle,
            offset: Offset::Int(o.add(Int::of(shift, dynamic), OP)?),
            layout: comp.layout.clone(),
        },
        0,
    ))
}

/// `composition(Sw0, Sw1)` of two swizzles (swizzle.hpp): `make_swizzle<Y0 ^ Y1, Z0 ^ Z1>()`,
/// one swizzle doing both.
/// @pre S0 == S1 ("Can only merge swizzles of the same shift"), and the XORed masks are a
/// swizzle's (make_swizzle's conditions)
/// @post for every x below 2^(highest mask bit + 1), `result(x) == Sw0(Sw1(x))` (refused
/// otherwise)
pub fn merge_swizzles(s0: &Swizzle, s1: &Swizzle) -> Result<Swizzle> {
    const OP: &str = "composition";
    if s0.shift != s1.shift {
        return Err(condition(
            OP,
            format!(
                "Can only merge swizzles of the same shift: {s0} and {s1} have shifts {} and {}",
                s0.shift, s1.shift
            ),
        ));
    }
    let y = s0.yyy_msk() ^ s1.yyy_msk();
    let z = s0.zzz_msk() ^ s1.zzz_msk();
    let r = Swizzle::from_masks(y, z).map_err(|e| e.within(OP))?;
    let top = (s0.yyy_msk() | s0.zzz_msk() | s1.yyy_msk() | s1.zzz_msk()).max(1);
    let limit = 2i64 << (63 - top.leading_zeros() as i64);
    for x in super::laws::check_points(limit) {
        let want = s0.apply(s1.apply(x));
        let got = r.apply(x);
        if got != want {
            return Err(super::error::AlgebraError::LawViolated {
                op: OP,
                law: format!(
                    "CuTe's result {r} is not {s0} o {s1}: at x = {x}, it gives {got} but {s0}({s1}({x})) = {want}"
                ),
            });
        }
    }
    Ok(r)
}
