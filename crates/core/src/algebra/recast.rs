//! CuTe's recast family: `upcast<N>`, `downcast<N>`, `recast_layout<Old,New>` and
//! `max_alignment`, of layouts (layout.hpp), swizzles (swizzle_layout.hpp) and composed
//! layouts (layout_composed.hpp, pointer_flagged.hpp), and
//! `as_position_independent_swizzle_layout` (pointer_flagged.hpp).

use super::arith;
use super::divide::logical_divide;
use super::error::{Result, condition};
use super::integer::Int;
use super::inverse::right_inverse_unchecked;
use super::layout::Layout;
use super::mixed_bits::Bits;
use super::swizzle::{ComposedLayout, Offset, Swizzle, SwizzledOrPlain};
use super::tiler::Tiler;
use super::trace::{Check, NoTrace, Rel, Step, Trace};

pub use super::element::element_bits;

/// CuTe's `trait_ratio(sizeof_bits<New>, sizeof_bits<Old>)`: `new/old` in lowest terms
/// `(num, den)`.
pub fn bit_ratio(new_bits: i64, old_bits: i64) -> Result<(i64, i64)> {
    const OP: &str = "recast_layout";
    if new_bits <= 0 || old_bits <= 0 {
        return Err(condition(
            OP,
            format!("bit widths must be positive, got new {new_bits} and old {old_bits}"),
        ));
    }
    let g = gcd(new_bits, old_bits);
    Ok((new_bits / g, old_bits / g))
}

/// CuTe's `gcd(t, u)` (numeric/math.hpp), Euclid's loop with C++'s `%`: the sign follows
/// the operands as there (`gcd(-4, 8) = -4`).
pub fn gcd(mut t: i64, mut u: i64) -> i64 {
    loop {
        if t == 0 {
            return u;
        }
        u = u.checked_rem(t).unwrap_or(0);
        if u == 0 {
            return t;
        }
        t = t.checked_rem(u).unwrap_or(0);
    }
}

fn check_factor(op: &'static str, n: i64) -> Result<()> {
    if n < 1 {
        return Err(condition(op, format!("N must be positive, got {n}")));
    }
    Ok(())
}

/// `upcast<N>(layout)` (layout.hpp), leaf by leaf `s:d` on CuTe's branches for the kinds:
/// a static `_0` stride keeps the mode; a static stride `d` gives
/// `ceil_div(s, ceil_div(_N, abs(d))) : signum(d) * ceil_div(abs(d), _N)` (the shape keeps its
/// kind, the stride is static); a dynamic stride (assumed larger than N and divisible by it)
/// gives `s : safe_div(d, _N)`, `d / N` truncated, dynamic.
/// @pre every static nonzero stride `d` has `d % N == 0 || N % d == 0` (CuTe's static_assert
/// "Divisibility condition")
/// @post `shape(result)` is congruent with `shape(layout)`; each leaf has CuTe's kind
pub fn upcast_layout(l: &Layout, n: i64) -> Result<Layout> {
    upcast_layout_traced(l, n, &mut NoTrace)
}

/// [`upcast_layout`], reporting each mode's rule to `t`.
pub fn upcast_layout_traced<T: Trace>(l: &Layout, n: i64, t: &mut T) -> Result<Layout> {
    upcast_checked(l, n, t, true)
}

/// `upcast<N>` leaf by leaf with no check of CuTe C++'s static_assert "Divisibility
/// condition": what the CuTe DSL's `recast_layout` does (dsl-oracle: `cute.recast_layout(32, 8,
/// cute.make_layout((1, 3), stride=(3, 1)))` is `(1,1):(1,1)`, which C++ refuses).
pub fn upcast_leaves(l: &Layout, n: i64) -> Result<Layout> {
    upcast_checked(l, n, &mut NoTrace, false)
}

fn upcast_checked<T: Trace>(l: &Layout, n: i64, t: &mut T, checked: bool) -> Result<Layout> {
    const OP: &str = "upcast";
    check_factor(OP, n)?;
    t.step(|| {
        Step::new(
            OP,
            "definition",
            format!(
                "upcast<{n}>({l}): each mode s:d with a static stride d becomes ceil_div(s, ceil_div(N, |d|)) : signum(d)*ceil_div(|d|, N), with a dynamic one s : d/N; static stride-0 modes are kept (CuTe 4.7 layout.hpp)"
            ),
        )
        .val("N", n)
        .val("L", l)
    });
    let big_n = Int::st(n);
    let mut modes = Vec::new();
    for ((s, sd), (d, dd)) in l.shape().leaf_kind_iter().zip(l.stride().leaf_kind_iter()) {
        let (s, d) = (Int::of(s, sd), Int::of(d, dd));
        if d.is_constant(0) {
            t.step(|| Step::new(OP, "stride 0", format!("{s}:{d} is kept")));
            modes.push((s, d));
            continue;
        }
        if d.dynamic() {
            // safe_div(stride, Int<N>{}): no check on a run-time stride
            let d2 = d.div(big_n, OP)?;
            t.step(|| {
                Step::new(
                    OP,
                    "dynamic stride",
                    format!("{s}:{d}: the run-time stride is divided, safe_div({d}, {n}) = {d2}: {s}:{d2}"),
                )
                .val("s", s.value)
                .val("d", d2.value)
            });
            modes.push((s, d2));
            continue;
        }
        let dv = d.value;
        if checked && dv % n != 0 && n % dv != 0 {
            return Err(condition(
                OP,
                format!(
                    "Divisibility condition: stride {dv} and N = {n} must divide one another (stride % N == 0 or N % stride == 0)"
                ),
            ));
        }
        let ad = d.abs(OP)?;
        let per = big_n.ceil_div(ad, OP)?;
        let s2 = s.ceil_div(per, OP)?;
        let d2 = Int::st(dv.signum()).mul(ad.ceil_div(big_n, OP)?, OP)?;
        t.step(|| {
            let divides = if dv % n == 0 {
                Check::rel("stride % N", dv % n, Rel::Eq, 0)
            } else {
                Check::rel("N % stride", n % dv, Rel::Eq, 0)
            };
            Step::new(
                OP,
                "mode",
                format!(
                    "{s}:{d}: ceil_div({s}, ceil_div({n}, {ad}) = {per}) = {s2}, signum({d})*ceil_div({ad}, {n}) = {d2}: {s2}:{d2}"
                ),
            )
            .val("s", s2.value)
            .val("d", d2.value)
            .check(divides)
        });
        modes.push((s2, d2));
    }
    rebuild(l, &modes)
}

/// `downcast<N>(layout)` (layout.hpp), leaf by leaf `s:d`: a static stride `_1` or `_-1` gives
/// `s * _N : d`, any other stride (a run-time `1` included) `s : d * _N`; each keeps its kind.
/// @pre the stride has a static `_1` (CuTe's static_assert "Downcast requires adjacent
/// elements", `has_int1<Stride>`)
/// @post `size(result) == size(layout) * N^(number of static stride-±1 modes)`
pub fn downcast_layout(l: &Layout, n: i64) -> Result<Layout> {
    downcast_layout_traced(l, n, &mut NoTrace)
}

/// [`downcast_layout`], reporting each mode's rule to `t`.
pub fn downcast_layout_traced<T: Trace>(l: &Layout, n: i64, t: &mut T) -> Result<Layout> {
    const OP: &str = "downcast";
    check_factor(OP, n)?;
    t.step(|| {
        Step::new(
            OP,
            "definition",
            format!(
                "downcast<{n}>({l}): a mode of static stride ±1 gets N times its extent, every other stride is multiplied by N (CuTe 4.7 layout.hpp)"
            ),
        )
        .val("N", n)
        .val("L", l)
    });
    check_adjacent(l)?;
    downcast_leaves_traced(l, n, t)
}

/// CuTe's `static_assert(has_int1<Stride>)` of `downcast<N>(layout)`: the stride has a static
/// `_1` ("Downcast requires adjacent elements").
fn check_adjacent(l: &Layout) -> Result<()> {
    const OP: &str = "downcast";
    if !l.stride().leaf_kind_iter().any(|(d, dy)| d == 1 && !dy) {
        let why = if l.stride().leaf_kind_iter().any(|(d, _)| d == 1) {
            "has no static _1 (a run-time 1 is not one)"
        } else {
            "has no 1"
        };
        return Err(condition(
            OP,
            format!(
                "Downcast requires adjacent elements: the stride {} {why}",
                l.stride()
            ),
        ));
    }
    Ok(())
}

/// `downcast<N>(shape, stride)` (layout.hpp), leaf by leaf, with no check of a static `_1`:
/// what the CuTe DSL's `recast_layout` does (dsl-oracle: `cute.recast_layout(16, 32,
/// cute.make_layout((4, 4), stride=(4, 32)))` is `(4,4):(8,64)`, which C++ refuses).
pub fn downcast_leaves(l: &Layout, n: i64) -> Result<Layout> {
    check_factor("downcast", n)?;
    downcast_leaves_traced(l, n, &mut NoTrace)
}

fn downcast_leaves_traced<T: Trace>(l: &Layout, n: i64, t: &mut T) -> Result<Layout> {
    const OP: &str = "downcast";
    let big_n = Int::st(n);
    let mut modes = Vec::new();
    for ((s, sd), (d, dd)) in l.shape().leaf_kind_iter().zip(l.stride().leaf_kind_iter()) {
        let (s, d) = (Int::of(s, sd), Int::of(d, dd));
        let adjacent = d.is_constant(1) || d.is_constant(-1);
        let (s2, d2) = if adjacent {
            (s.mul(big_n, OP)?, d)
        } else {
            (s, d.mul(big_n, OP)?)
        };
        t.step(|| {
            let rule = if adjacent { "adjacent" } else { "stride" };
            Step::new(OP, rule, format!("{s}:{d} becomes {s2}:{d2}"))
                .val("s", s2.value)
                .val("d", d2.value)
        });
        modes.push((s2, d2));
    }
    rebuild(l, &modes)
}

/// `right_inverse(Sw)` / `left_inverse(Sw)` (swizzle_layout.hpp): the swizzle itself, an
/// involution (`Sw(Sw(x)) == x`: the YYY bits it reads are not among the ZZZ bits it flips),
/// shown on the largest argument of its masks.
pub fn swizzle_inverse_traced<T: Trace>(op: &'static str, s: &Swizzle, t: &mut T) -> Swizzle {
    t.step(|| {
        Step::new(
            op,
            "involution",
            format!(
                "{s} flips the ZZZ bits (mask {:#b}) by the YYY bits (mask {:#b}); the masks are disjoint (|S| >= B), so applying it twice flips each bit back: {s} is its own {op}",
                s.zzz_msk(),
                s.yyy_msk()
            ),
        )
        .check(Check::rel(
            "YYY & ZZZ",
            s.yyy_msk() & s.zzz_msk(),
            Rel::Eq,
            0,
        ))
    });
    let x = s.yyy_msk() | s.zzz_msk() | ((1i64 << s.base) - 1);
    let once = s.apply_traced(x, t);
    let twice = s.apply_traced(once, t);
    t.step(|| {
        Step::new(
            op,
            "check",
            format!("{s}({s}({x})) = {s}({once}) = {twice}"),
        )
        .check(Check::rel("Sw(Sw(x)) vs x", twice, Rel::Eq, x))
    });
    *s
}

/// The layout of `l`'s structure with these leaves (shape, stride), kinds and all.
fn rebuild(l: &Layout, modes: &[(Int, Int)]) -> Result<Layout> {
    let mut i = 0;
    let s = l.shape().map_ints(&mut |_| {
        i += 1;
        Ok(modes[i - 1].0)
    })?;
    let mut j = 0;
    let d = l.stride().map_ints(&mut |_| {
        j += 1;
        Ok(modes[j - 1].1)
    })?;
    Layout::new(s, d)
}

fn log2_pow2(op: &'static str, n: i64) -> Result<i64> {
    if n < 1 || n & (n - 1) != 0 {
        return Err(condition(
            op,
            format!("N must be a power of two for a swizzle, got {n}"),
        ));
    }
    Ok(i64::from(n.trailing_zeros()))
}

/// `upcast<N>(Swizzle<B,M,S>)` (swizzle_layout.hpp): `Sw<B, M-log2(N), S>`, or when that base
/// would be negative, `Sw<max(B+M-log2(N), 0), 0, S>`.
/// @pre N is a power of two
pub fn upcast_swizzle(s: &Swizzle, n: i64) -> Result<Swizzle> {
    let k = log2_pow2("upcast", n)?;
    let m = s.base - k;
    if m >= 0 {
        Swizzle::new(s.bits, m, s.shift)
    } else {
        Swizzle::new((s.bits + m).max(0), 0, s.shift)
    }
}

/// `downcast<N>(Swizzle<B,M,S>)`: `Sw<B, M+log2(N), S>`.
/// @pre N is a power of two
pub fn downcast_swizzle(s: &Swizzle, n: i64) -> Result<Swizzle> {
    let k = log2_pow2("downcast", n)?;
    Swizzle::new(s.bits, s.base + k, s.shift)
}

/// `upcast<N>(Sw o OFF o L)`: `upcast(Sw) o OFF/N o upcast(L)` (layout_composed.hpp); with a
/// GMMA atom's `smem_ptr[Bb]` the swizzle (on bytes) is kept and the pointer becomes
/// `smem_ptr[B*Nb]` (pointer_flagged.hpp).
/// @pre an integer offset is divisible by N (CuTe's "Static safe_div requires t % u == 0")
pub fn upcast_composed(c: &ComposedLayout, n: i64) -> Result<ComposedLayout> {
    const OP: &str = "upcast";
    check_factor(OP, n)?;
    if let Offset::Mixed { s, f, d } = c.offset {
        // swizzle.hpp's MixedBits overload: each part divided (a static `safe_div`)
        let swizzle = upcast_swizzle(&c.swizzle, n)?;
        let offset = u32::try_from(n)
            .ok()
            .and_then(|n| Bits::upcast(s, f, d, n))
            .ok_or_else(|| {
                condition(
                    OP,
                    format!(
                        "the offset M_{s}|({d}&{f})={} must have its static bits {s} and its mask {f} divisible by N = {n} (safe_div)",
                        s | d
                    ),
                )
            })?;
        return Ok(ComposedLayout {
            swizzle,
            offset: Offset::of_bits(offset),
            layout: upcast_layout(&c.layout, n)?,
        });
    }
    match c.offset.plain() {
        crate::algebra::swizzle::PlainOffset::SmemPtr(bits) => Ok(ComposedLayout {
            swizzle: c.swizzle,
            offset: Offset::SmemPtr(arith::mul(bits, n, OP)?),
            layout: upcast_layout(&c.layout, n)?,
        }),
        crate::algebra::swizzle::PlainOffset::Int(o) => {
            let o = static_offset(OP, o)?;
            let swizzle = upcast_swizzle(&c.swizzle, n)?;
            negative_offset(OP, o)?;
            if o % n != 0 {
                return Err(condition(
                    OP,
                    format!("the offset {o} must be divisible by N = {n} (safe_div)"),
                ));
            }
            Ok(ComposedLayout {
                swizzle,
                offset: Offset::st(o / n),
                layout: upcast_layout(&c.layout, n)?,
            })
        }
    }
}

/// `downcast<N>(Sw o OFF o L)`: `downcast(Sw) o OFF*N o downcast(L)`; with `smem_ptr[Bb]` the
/// swizzle is kept and the pointer becomes `smem_ptr[B/Nb]`.
/// @pre L has a stride 1; with `smem_ptr[Bb]`, B/N is at least 1
pub fn downcast_composed(c: &ComposedLayout, n: i64) -> Result<ComposedLayout> {
    const OP: &str = "downcast";
    check_factor(OP, n)?;
    if let Offset::Mixed { s, f, d } = c.offset {
        // swizzle.hpp's MixedBits overload: each part multiplied (uint32_t)
        let swizzle = downcast_swizzle(&c.swizzle, n)?;
        let n32 = u32::try_from(n)
            .map_err(|_| condition(OP, format!("N = {n} does not fit CuTe's uint32_t N")))?;
        return Ok(ComposedLayout {
            swizzle,
            offset: Offset::of_bits(Bits::downcast(s, f, d, n32)),
            layout: downcast_layout(&c.layout, n)?,
        });
    }
    match c.offset.plain() {
        crate::algebra::swizzle::PlainOffset::SmemPtr(bits) => {
            if bits / n < 1 {
                return Err(condition(
                    OP,
                    format!("smem_ptr[{bits}b] cannot be split into {n} parts"),
                ));
            }
            Ok(ComposedLayout {
                swizzle: c.swizzle,
                offset: Offset::SmemPtr(bits / n),
                layout: downcast_layout(&c.layout, n)?,
            })
        }
        crate::algebra::swizzle::PlainOffset::Int(o) => Ok(ComposedLayout {
            swizzle: downcast_swizzle(&c.swizzle, n)?,
            offset: Offset::st({
                let o = static_offset(OP, o)?;
                negative_offset(OP, o)?;
                arith::mul(o, n, OP)?
            }),
            layout: downcast_layout(&c.layout, n)?,
        }),
    }
}

/// CuTe's `upcast<N>`/`downcast<N>` of a composed layout recast its offset too, and have no
/// overload for a run-time `int`: the offset must be static.
fn static_offset(op: &'static str, o: crate::algebra::Int) -> Result<i64> {
    if o.dynamic() {
        return Err(condition(
            op,
            format!(
                "the composed layout's offset {o} is a run-time integer: CuTe's {op}<N> of it does not compile (no matching function for call to '{op}<N>(const int&)'); it must be static"
            ),
        ));
    }
    Ok(o.value)
}

/// CuTe scales a composed layout's offset with an unsigned `N` (`C<o> / C<N>` is unsigned):
/// a negative offset wraps around 2^32, which is not the offset of the same elements.
fn negative_offset(op: &'static str, o: i64) -> Result<()> {
    if o < 0 {
        return Err(super::error::AlgebraError::LawViolated {
            op,
            law: format!(
                "CuTe's result scales the negative offset {o} as an unsigned 32-bit integer (it wraps around 2^32), which is not the offset of the same elements"
            ),
        });
    }
    Ok(())
}

/// The steps of `recast_layout<Old,New>`: with `New/Old = num/den` in lowest terms, the
/// identity (1/1), `downcast<den>` (num 1), `upcast<num>` (den 1), or `downcast<den>` of
/// `upcast<num>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recast {
    /// `upcast` by this factor (1: none).
    pub up: i64,
    /// then `downcast` by this factor (1: none).
    pub down: i64,
}

impl Recast {
    /// The recast from elements of `old_bits` to elements of `new_bits`.
    pub fn new(new_bits: i64, old_bits: i64) -> Result<Recast> {
        let (num, den) = bit_ratio(new_bits, old_bits)?;
        Ok(Recast { up: num, down: den })
    }

    /// Of a layout.
    pub fn layout(&self, l: &Layout) -> Result<Layout> {
        let mut r = l.clone();
        if self.up != 1 {
            r = upcast_layout(&r, self.up)?;
        }
        if self.down != 1 {
            r = downcast_layout(&r, self.down)?;
        }
        Ok(r)
    }

    /// Of a layout as the CuTe DSL's `recast_layout` casts it: its upcast checks no
    /// divisibility ([`upcast_leaves`]), its downcast no static `_1` ([`downcast_leaves`]).
    pub fn layout_dsl(&self, l: &Layout) -> Result<Layout> {
        let mut r = l.clone();
        if self.up != 1 {
            r = upcast_leaves(&r, self.up)?;
        }
        if self.down != 1 {
            r = downcast_leaves(&r, self.down)?;
        }
        Ok(r)
    }

    /// Of a swizzle.
    /// @pre not both factors differ from 1: CuTe's swizzle overload names an undeclared
    /// `layout` there and does not compile
    pub fn swizzle(&self, s: &Swizzle) -> Result<Swizzle> {
        match (self.up, self.down) {
            (1, 1) => Ok(*s),
            (1, d) => downcast_swizzle(s, d),
            (u, 1) => upcast_swizzle(s, u),
            (u, d) => Err(condition(
                "recast_layout",
                format!(
                    "a swizzle recast by the ratio {u}/{d} (neither a multiple nor a divisor) does not compile in CuTe"
                ),
            )),
        }
    }

    /// Of a composed layout.
    pub fn composed(&self, c: &ComposedLayout) -> Result<ComposedLayout> {
        let mut r = c.clone();
        if self.up != 1 {
            r = upcast_composed(&r, self.up)?;
        }
        if self.down != 1 {
            r = downcast_composed(&r, self.down)?;
        }
        Ok(r)
    }
}

/// `max_alignment(layout)` (layout.hpp): the largest N for which `upcast<N>(layout)` compiles,
/// `gcd(size<0>(P), stride<1>(P))` for `P = logical_divide(F, right_inverse(F))`, `F` the
/// static part of `coalesce(L)`: each run-time extent replaced by `_1`, each run-time stride by
/// `_0` (CuTe 4.7 considers the static shapes and strides only, as `upcast` checks only those).
/// @pre `stride<1>(P)` is an integer (otherwise CuTe's `gcd` does not compile)
pub fn max_alignment_layout(l: &Layout) -> Result<i64> {
    const OP: &str = "max_alignment";
    let coalesced = l.coalesce()?;
    let flat = if coalesced.shape().is_static() && coalesced.stride().is_static() {
        coalesced
    } else {
        let shape = coalesced
            .shape()
            .map_ints(&mut |s| Ok(if s.dynamic() { Int::st(1) } else { s }))?;
        let stride = coalesced
            .stride()
            .map_ints(&mut |d| Ok(if d.dynamic() { Int::st(0) } else { d }))?;
        Layout::new(shape, stride)?
    };
    let rinv = right_inverse_unchecked(&flat)?;
    let permuted = logical_divide(&flat, &Tiler::layout(rinv)).map_err(|e| e.within(OP))?;
    let size0 = permuted.mode(0)?.size()?;
    let m1 = permuted.mode(1)?;
    Ok(gcd(size0, gcd_tuple(m1.stride())))
}

/// CuTe's `gcd` of an IntTuple (int_tuple.hpp): of its elements, `gcd(t0, gcd(t1, ...))`,
/// a tuple element replaced by the gcd of its own elements.
pub fn gcd_tuple(t: &super::int_tuple::Tup) -> i64 {
    use super::int_tuple::View;
    match t.view() {
        View::Int(v) => v,
        View::Tuple(modes) => {
            let vals: Vec<i64> = modes.iter().map(gcd_tuple).collect();
            match vals.split_last() {
                None => 0,
                Some((last, rest)) => rest.iter().rev().fold(*last, |acc, &x| gcd(x, acc)),
            }
        }
    }
}

/// `max_alignment(Sw<B,M,S>)` (swizzle_layout.hpp): `2^M`.
pub fn max_alignment_swizzle(s: &Swizzle) -> i64 {
    1i64 << s.base
}

/// `max_alignment(Sw o OFF o L)` (swizzle_layout.hpp):
/// `gcd(max_alignment(Sw), OFF, max_alignment(L))` (a `smem_ptr` offset counts as 0; a
/// `MixedBits<S,F>` offset as `1 << countr_zero(S | F)`, swizzle.hpp).
pub fn max_alignment_composed(c: &ComposedLayout) -> Result<i64> {
    if let Offset::Mixed { s, f, .. } = c.offset {
        let inner = max_alignment_layout(&c.layout)?;
        return Ok(gcd(
            gcd(max_alignment_swizzle(&c.swizzle), Bits::max_alignment(s, f)),
            inner,
        ));
    }
    let off = match c.offset.plain() {
        crate::algebra::swizzle::PlainOffset::Int(o) => static_offset("max_alignment", o)?,
        crate::algebra::swizzle::PlainOffset::SmemPtr(_) => 0,
    };
    let inner = max_alignment_layout(&c.layout)?;
    Ok(gcd(gcd(max_alignment_swizzle(&c.swizzle), off), inner))
}

/// `as_position_independent_swizzle_layout(Sw o smem_ptr[Bb] o L)` (pointer_flagged.hpp):
/// `recast_layout<uint8_t, uint_bit_t<B>>(Sw) o 0 o L`, the swizzle moved from byte
/// addresses to elements.
/// @pre the offset is a `smem_ptr` (CuTe defines it for GMMA atoms only)
/// @post for every i, the result and the atom give the same element offset
pub fn position_independent(c: &ComposedLayout) -> Result<SwizzledOrPlain> {
    const OP: &str = "as_position_independent_swizzle_layout";
    let Offset::SmemPtr(bits) = c.offset else {
        return Err(condition(
            OP,
            "CuTe defines it for a composed layout with a smem_ptr offset (a GMMA atom) only",
        ));
    };
    let swizzle = Recast::new(bits, 8)?
        .swizzle(&c.swizzle)
        .map_err(|e| e.within(OP))?;
    Ok(if swizzle.bits == 0 {
        // composition(Swizzle<0,M,S>, Int<0>, L) is L
        SwizzledOrPlain::Plain(c.layout.clone())
    } else {
        SwizzledOrPlain::Composed(ComposedLayout {
            swizzle,
            offset: Offset::ZERO,
            layout: c.layout.clone(),
        })
    })
}
