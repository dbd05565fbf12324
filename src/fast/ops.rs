//! The algebra of the fast path: the same CuTe algorithms as `crate::algebra` (coalesce,
//! filter, complement, composition with its divisibility conditions, logical divide and
//! product, right inverse), step for step, over [`Flat`] layouts. Composition's law is proven
//! by divisibility or checked leaf by leaf and point by point (up to `MAX_POINTS`), as
//! `algebra::laws` does, and refused with its message when it fails. Anything else the general
//! engine would report as an error (beyond composition's two divisibility conditions and its
//! law), and anything past the inline capacity, an overflow or a larger check, is declined: the
//! general engine then answers (and names the problem).

use super::flat::{Flat, LEAVES, Mode, Tok};
use super::{Decline, Fail, Fast};
use crate::algebra::AlgebraError;
use crate::algebra::error::condition;
use crate::algebra::laws;

fn mul(a: i64, b: i64) -> Fast<i64> {
    a.checked_mul(b).ok_or(Decline)
}

fn add(a: i64, b: i64) -> Fast<i64> {
    a.checked_add(b).ok_or(Decline)
}

/// CuTe's `ceil_div` for `a >= 0`, `b >= 1`.
fn ceil_div(a: i64, b: i64) -> Fast<i64> {
    Ok(add(a, b - 1)? / b)
}

/// A list of at most [`LEAVES`] flat modes on the stack.
struct Modes {
    n: usize,
    s: [i64; LEAVES + 2],
    d: [i64; LEAVES + 2],
}

impl Modes {
    fn new() -> Modes {
        Modes {
            n: 0,
            s: [0; LEAVES + 2],
            d: [0; LEAVES + 2],
        }
    }

    fn push(&mut self, s: i64, d: i64) -> Fast<()> {
        if self.n == self.s.len() {
            return Err(Decline);
        }
        self.s[self.n] = s;
        self.d[self.n] = d;
        self.n += 1;
        Ok(())
    }

    fn shape(&self) -> &[i64] {
        &self.s[..self.n]
    }

    fn stride(&self) -> &[i64] {
        &self.d[..self.n]
    }
}

/// `size(L)`.
pub fn size(l: &Flat) -> Fast<i64> {
    l.shape().iter().try_fold(1, |acc, &s| mul(acc, s))
}

/// `cosize(L)`: `Σ (s-1)·|d| + 1`.
pub fn cosize(l: &Flat) -> Fast<i64> {
    let mut acc = 0i64;
    for (&s, &d) in l.shape().iter().zip(l.stride()) {
        acc = add(acc, mul(s - 1, d.checked_abs().ok_or(Decline)?)?)?;
    }
    add(acc, 1)
}

/// Back-to-front coalescing of flat modes, the last one replaced by `(ns, nd)`; the result
/// (a single mode, or a flat tuple) is appended to `dst`.
fn bw_coalesce(s: &[i64], d: &[i64], ns: i64, nd: i64, dst: &mut Flat) -> Fast<()> {
    // kept back to front: the front of CuTe's list is the end of ours
    let mut out = Modes::new();
    out.push(ns, nd)?;
    for i in (0..s.len() - 1).rev() {
        let (si, di) = (s[i], d[i]);
        let k = out.n - 1;
        if si == 1 {
            continue;
        }
        if out.n == 1 && out.s[0] == 1 {
            out.s[0] = si;
            out.d[0] = di;
        } else if mul(si, di)? == out.d[k] {
            out.s[k] = mul(si, out.s[k])?;
            out.d[k] = di;
        } else {
            out.push(si, di)?;
        }
    }
    if out.n == 1 {
        if out.s[0] == 1 {
            return dst.push_leaf(1, 0);
        }
        return dst.push_leaf(out.s[0], out.d[0]);
    }
    dst.push(Tok::Open)?;
    for k in (0..out.n).rev() {
        dst.push_leaf(out.s[k], out.d[k])?;
    }
    dst.push(Tok::Close)
}

/// `coalesce` of the flat modes `s:d`, appended to `dst`.
fn coalesce_modes(s: &[i64], d: &[i64], dst: &mut Flat) -> Fast<()> {
    let r = s.len();
    if r == 0 {
        return Err(Decline);
    }
    bw_coalesce(s, d, s[r - 1], d[r - 1], dst)
}

/// `coalesce(L)`, appended to `dst`.
pub fn coalesce(l: &Flat, dst: &mut Flat) -> Fast<()> {
    coalesce_modes(l.shape(), l.stride(), dst)
}

/// `coalesce_x(L)`: as coalesce, but a trailing size-1 mode keeps its stride.
fn coalesce_x(l: &Flat, dst: &mut Flat) -> Fast<()> {
    let (s, d) = (l.shape(), l.stride());
    let r = s.len();
    if r == 0 {
        return Err(Decline);
    }
    let ls = if s[r - 1] == 1 { 2 } else { s[r - 1] };
    bw_coalesce(s, d, ls, d[r - 1], dst)
}

/// `filter(L) = coalesce(filter_zeros(L))`, appended to `dst`.
pub fn filter(l: &Flat, dst: &mut Flat) -> Fast<()> {
    let mut shape = [0i64; LEAVES];
    let n = l.shape().len();
    for (k, (&s, &d)) in l.shape().iter().zip(l.stride()).enumerate() {
        shape[k] = if d == 0 { 1 } else { s };
    }
    coalesce_modes(&shape[..n], l.stride(), dst)
}

/// A complement's cotarget: an integer, or the flat shape of a coalesced layout.
pub enum Cotarget<'a> {
    /// `M`.
    Int(i64),
    /// `(M0, M1, ...)` (or a single integer mode).
    Shape(&'a Flat),
}

impl Cotarget<'_> {
    fn product(&self) -> Fast<i64> {
        match self {
            Cotarget::Int(n) => Ok(*n),
            Cotarget::Shape(f) => size(f),
        }
    }

    /// `product(ceil_div(M, n))` as CuTe's tuple `ceil_div` computes it.
    fn ceil_div_product(&self, n: i64) -> Fast<i64> {
        match self {
            Cotarget::Int(m) => ceil_div(*m, n),
            Cotarget::Shape(f) if f.is_leaf() => ceil_div(f.shape()[0], n),
            Cotarget::Shape(f) => {
                let mut rest = n;
                let mut p = 1i64;
                for &a in f.shape() {
                    p = mul(p, ceil_div(a, rest)?)?;
                    rest = ceil_div(rest, a)?;
                }
                Ok(p)
            }
        }
    }
}

/// `complement(L, M)`, appended to `dst`.
pub fn complement(l: &Flat, cotarget: &Cotarget, dst: &mut Flat) -> Fast<()> {
    let mut f = Flat::empty();
    filter(l, &mut f)?;
    complement_filtered(&f, cotarget, dst)
}

/// `complement(L)`: the cotarget is `cosize(filter(L))`.
pub fn complement_own(l: &Flat, dst: &mut Flat) -> Fast<()> {
    let mut f = Flat::empty();
    filter(l, &mut f)?;
    complement_filtered(&f, &Cotarget::Int(cosize(&f)?), dst)
}

fn complement_filtered(f: &Flat, cotarget: &Cotarget, dst: &mut Flat) -> Fast<()> {
    let positive = match cotarget {
        Cotarget::Int(n) => *n > 0,
        Cotarget::Shape(c) => c.shape().iter().all(|&x| x > 0),
    };
    if !positive {
        return Err(Decline);
    }
    if f.is_leaf() && f.stride()[0] == 0 {
        return dst.append(&column_major(cotarget.product()?));
    }
    let mut shape = Modes::new();
    for (&s, &d) in f.shape().iter().zip(f.stride()) {
        if d < 0 {
            return Err(Decline);
        }
        shape.push(s, d)?;
    }
    let mut out = Modes::new();
    let mut last = 1i64;
    // the modes by increasing stride (the first of equal ones first), each gap a mode
    while shape.n > 1 {
        let mut min_idx = 0;
        for k in 1..shape.n {
            if shape.d[k] < shape.d[min_idx] {
                min_idx = k;
            }
        }
        let (s, d) = (shape.s[min_idx], shape.d[min_idx]);
        let new_shape = d / last;
        if new_shape == 0 {
            return Err(Decline);
        }
        out.push(new_shape, last)?;
        last = mul(d, s)?;
        shape.s.copy_within(min_idx + 1..shape.n, min_idx);
        shape.d.copy_within(min_idx + 1..shape.n, min_idx);
        shape.n -= 1;
    }
    let (s, d) = (shape.s[0], shape.d[0]);
    let new_shape = d / last;
    if new_shape == 0 {
        return Err(Decline);
    }
    out.push(new_shape, last)?;
    let new_stride = mul(d, s)?;
    let rest_shape = cotarget.ceil_div_product(new_stride)?;
    out.push(rest_shape, if rest_shape == 1 { 0 } else { new_stride })?;
    coalesce_modes(out.shape(), out.stride(), dst)
}

/// `make_layout(n)`: `n:1`, and `1:0` for `n == 1` (a size-1 mode gets stride 0).
fn column_major(n: i64) -> Flat {
    Flat::leaf(n, if n == 1 { 0 } else { 1 })
}

/// A composition refused for one of its divisibility conditions, as the general engine says it.
fn refused(msg: String) -> Fail {
    Fail::Refuse(condition("composition", msg))
}

/// `A o s:d` for one leaf of B, `a` coalesced (`coalesce_x`): CuTe's `composition_impl`.
fn compose_leaf(a: &Flat, n: i64, d: i64, out: &mut Flat) -> Fast<()> {
    if d == 0 {
        return out.push_leaf(n, 0);
    }
    let (sa, da) = (a.shape(), a.stride());
    if a.is_leaf() {
        return out.push_leaf(n, mul(d, da[0])?);
    }
    let r = sa.len();
    // the modes go straight into `out`, after an opening bracket that is taken back if there
    // is only one
    let open = out.tokens().len();
    out.push(Tok::Open)?;
    let mut modes = 0;
    let (mut rest_shape, mut rest_stride) = (n, d);
    for i in 0..r - 1 {
        let (cs, cd) = (sa[i], da[i]);
        if cs < 1 {
            return Err(Decline);
        }
        let rs_mod = rest_stride % cs;
        if !(rs_mod == 0 || rest_stride < cs) {
            return Err(refused(format!(
                "stride divisibility condition: stride {rest_stride} is neither a multiple of nor less than shape {cs} of the left layout"
            )));
        }
        let abs_rest = rest_stride.checked_abs().ok_or(Decline)?;
        let next_shape = ceil_div(cs, abs_rest)?;
        let next_stride = mul(ceil_div(abs_rest, cs)?, rest_stride.signum())?;
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape);
            if new_shape < 1 {
                return Err(Decline);
            }
            if rest_shape % new_shape != 0 {
                return Err(refused(format!(
                    "shape divisibility condition: shape {rest_shape} is not divisible by {new_shape}"
                )));
            }
            out.push_leaf(new_shape, mul(rest_stride, cd)?)?;
            modes += 1;
            rest_shape /= new_shape;
            rest_stride = next_stride;
        }
    }
    let last_stride = da[r - 1];
    if modes == 0 || rest_shape != 1 {
        out.push_leaf(rest_shape, mul(rest_stride, last_stride)?)?;
        modes += 1;
    }
    if modes == 1 {
        // a single mode is that integer mode, not a tuple of one
        out.drop_token(open);
        return Ok(());
    }
    out.push(Tok::Close)
}

/// Whether divisibility alone proves CuTe's `A o B` is the composition: the argument of
/// `algebra::laws::composition_proven`, on the same helpers.
fn proven(a: &Flat, b: &Flat) -> bool {
    let shapes = a.shape();
    let mut used = [(0i64, 0i64); LEAVES];
    let mut n_used = 0;
    for (&n, &st) in b.shape().iter().zip(b.stride()) {
        if n < 1 || st < 0 {
            return false;
        }
        if n > 1 && st > 0 {
            if !laws::leaf_exact(shapes, st, n) {
                return false;
            }
            used[n_used] = (st, n);
            n_used += 1;
        }
    }
    laws::leaves_apart(&mut used[..n_used])
}

/// `composition(A, B)` of two layouts, appended to `out`: B's structure with each leaf
/// replaced by its part. The law `R(i) == A(B(i))` is proven by divisibility or checked as
/// `algebra::laws` checks it (leaf by leaf, then point by point), with the same message when
/// it fails.
pub fn compose(a: &Flat, b: &Flat, out: &mut Flat) -> Fast<()> {
    let mut ca = Flat::empty();
    coalesce_x(a, &mut ca)?;
    compose_coalesced(&ca, b, out)
}

/// [`compose`] with `coalesce_x(A)` already at hand.
fn compose_coalesced(ca: &Flat, b: &Flat, out: &mut Flat) -> Fast<()> {
    let (t0, l0) = (out.tokens().len(), out.shape().len());
    // the leaves of `out` each leaf of B gave
    let mut parts = [(0usize, 0usize); LEAVES];
    let mut k = 0;
    for &t in b.tokens() {
        match t {
            Tok::Leaf => {
                let start = out.shape().len();
                compose_leaf(ca, b.shape()[k], b.stride()[k], out)?;
                parts[k] = (start, out.shape().len());
                k += 1;
            }
            other => out.push(other)?,
        }
    }
    if proven(ca, b) {
        return Ok(());
    }
    let r = out.sub(&Mode {
        tokens: t0..out.tokens().len(),
        leaves: l0..out.shape().len(),
    });
    check_by_points(ca, b, &r, &parts[..k], l0)
}

/// The leaves `s:d` as a function: `L(c)` for `c >= 0` (the last leaf takes the rest), with
/// the bit set of the leaves whose coordinate is not 0; `None` on overflow.
fn walk(s: &[i64], d: &[i64], c: i64) -> Option<(i64, u32)> {
    let (mut rest, mut acc, mut digits) = (c, 0i64, 0u32);
    let last = s.len().checked_sub(1)?;
    for k in 0..s.len() {
        if rest == 0 {
            break;
        }
        let x = if k == last {
            rest
        } else {
            if s[k] < 1 {
                return None;
            }
            let x = rest % s[k];
            rest /= s[k];
            x
        };
        if x != 0 {
            digits |= 1 << k;
        }
        acc = acc.checked_add(x.checked_mul(d[k])?)?;
    }
    Some((acc, digits))
}

/// The most points the fast path checks a composition's law at (beyond: the general engine).
const MAX_POINTS: i64 = 1 << 16;

/// `algebra::laws::check_composition_by_points` for `R = A o B` with `A` coalesced: each leaf
/// of B alone (a failure there is reported at `i = c·P_l`), which proves the law when the
/// leaves use disjoint digits of A; else every point in order. `parts` are the leaves of `R`
/// (as leaves of the layout it was appended to, from `base`) each leaf of B gave.
fn check_by_points(
    a: &Flat,
    b: &Flat,
    r: &Flat,
    parts: &[(usize, usize)],
    base: usize,
) -> Fast<()> {
    let (sa, da) = (a.shape(), a.stride());
    let (size_b, size_r) = (size(b)?, size(r)?);
    if size_b != size_r || size(a).is_err() || sa.iter().any(|&x| x < 1) {
        return Err(Decline);
    }
    let fails = |i: i64, got: i64, x: i64, want: i64| {
        let mut text = Vec::new();
        r.write(&mut text);
        Fail::Refuse(AlgebraError::LawViolated {
            op: "composition",
            law: format!(
                "CuTe's result {} is not A o B: at i = {i}, R(i) = {got} but A(B(i)) = A({x}) = {want}",
                String::from_utf8_lossy(&text)
            ),
        })
    };
    // leaf by leaf, when each leaf's part has that leaf's size
    let (rs, rd) = (r.shape(), r.stride());
    let part = |l: usize| {
        let (p0, p1) = parts[l];
        (&rs[p0 - base..p1 - base], &rd[p0 - base..p1 - base])
    };
    let parts_fit = (0..parts.len()).all(|l| {
        let (ps, _) = part(l);
        ps.iter().try_fold(1i64, |acc, &x| acc.checked_mul(x)) == Some(b.shape()[l])
    });
    if parts_fit {
        let mut prefix = 1i64;
        let mut seen = 0u32;
        let mut disjoint = true;
        let mut undecided = false;
        for (l, (&n, &d)) in b.shape().iter().zip(b.stride()).enumerate() {
            if n > MAX_POINTS {
                return Err(Decline);
            }
            let (ps, pd) = part(l);
            let mut mask = 0u32;
            for c in 0..n {
                let Some(x) = c.checked_mul(d) else {
                    undecided = true;
                    break;
                };
                let got = if ps.is_empty() {
                    0
                } else {
                    walk(ps, pd, c).ok_or(Decline)?.0
                };
                let (want, digits) = walk(sa, da, x).ok_or(Decline)?;
                if got != want {
                    let i = c.checked_mul(prefix).ok_or(Decline)?;
                    return Err(fails(i, got, x, want));
                }
                if x < 0 {
                    disjoint = false;
                    continue;
                }
                mask |= digits;
            }
            if undecided {
                break;
            }
            if mask & seen != 0 {
                disjoint = false;
            }
            seen |= mask;
            prefix = prefix.checked_mul(n).ok_or(Decline)?;
        }
        if !undecided && disjoint {
            return Ok(());
        }
    }
    // every point in order
    if size_b > MAX_POINTS {
        return Err(Decline);
    }
    for i in 0..size_b {
        let bi = walk(b.shape(), b.stride(), i).ok_or(Decline)?.0;
        let got = walk(rs, rd, i).ok_or(Decline)?.0;
        if bi < 0 {
            return Err(Decline);
        }
        let want = walk(sa, da, bi).ok_or(Decline)?.0;
        if got != want {
            return Err(fails(i, got, bi, want));
        }
    }
    Ok(())
}

/// One element of a tiler `<...>`.
#[derive(Default)]
pub enum Item {
    /// A layout: these modes of the tiler's layouts.
    Layout(Mode),
    /// An integer `n`, meaning `n:1`.
    Int(i64),
    /// `_`: the mode is kept.
    #[default]
    Under,
}

/// What a function takes as its second argument.
pub enum Tiler<'a> {
    /// A layout.
    Layout(&'a Flat),
    /// `<T0, T1, ...>`, applied mode by mode: the elements' layouts one after the other in the
    /// first, the elements in the second.
    ByMode(&'a Flat, &'a [Item]),
}

/// `composition(A, tiler)`, appended to `out`.
pub fn compose_tiler(a: &Flat, t: &Tiler, out: &mut Flat) -> Fast<()> {
    match t {
        Tiler::Layout(b) => compose(a, b, out),
        Tiler::ByMode(all, items) => {
            if items.len() > a.rank() {
                return Err(Decline);
            }
            out.push(Tok::Open)?;
            for (m, item) in a.modes().zip(items.iter()) {
                let am = a.sub(&m);
                match item {
                    Item::Layout(bm) => compose(&am, &all.sub(bm), out)?,
                    Item::Int(n) => compose(&am, &Flat::leaf(*n, 1), out)?,
                    Item::Under => out.append(&am)?,
                }
            }
            out.push(Tok::Close)
        }
    }
}

/// The operations that take a tiler mode by mode.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TilerOp {
    /// `logical_divide`.
    Divide,
    /// `logical_product`.
    Product,
}

impl TilerOp {
    fn name(self) -> &'static str {
        match self {
            TilerOp::Divide => "logical_divide",
            TilerOp::Product => "logical_product",
        }
    }

    fn with_layout(self, a: &Flat, b: &Flat, out: &mut Flat) -> Fast<()> {
        let within = |e: Fail| match e {
            Fail::Refuse(err) => Fail::Refuse(AlgebraError::within(err, self.name())),
            d => d,
        };
        match self {
            TilerOp::Divide => {
                let mut target = Flat::empty();
                coalesce(a, &mut target)?;
                // (B, complement(B, shape(coalesce(A))))
                let mut bb = Flat::empty();
                bb.push(Tok::Open)?;
                bb.append(b)?;
                complement(b, &Cotarget::Shape(&target), &mut bb)?;
                bb.push(Tok::Close)?;
                // coalesce_x(A) is coalesce(A) unless A's last mode has size 1
                if a.shape().last() == Some(&1) {
                    compose(a, &bb, out).map_err(within)
                } else {
                    compose_coalesced(&target, &bb, out).map_err(within)
                }
            }
            TilerOp::Product => {
                let target = mul(size(a)?, cosize(b)?)?;
                let mut c = Flat::empty();
                complement(a, &Cotarget::Int(target), &mut c)?;
                // (A, complement(A) o B)
                out.push(Tok::Open)?;
                out.append(a)?;
                compose(&c, b, out).map_err(within)?;
                out.push(Tok::Close)
            }
        }
    }

    /// `logical_divide(A, T)` / `logical_product(A, T)`, appended to `out`.
    pub fn apply(self, a: &Flat, t: &Tiler, out: &mut Flat) -> Fast<()> {
        match t {
            Tiler::Layout(b) => self.with_layout(a, b, out),
            Tiler::ByMode(all, items) => {
                if items.len() > a.rank() {
                    return Err(Decline);
                }
                out.push(Tok::Open)?;
                let mut it = items.iter();
                for m in a.modes() {
                    let am = a.sub(&m);
                    match it.next() {
                        Some(Item::Layout(bm)) => self.with_layout(&am, &all.sub(bm), out)?,
                        Some(Item::Int(n)) => self.with_layout(&am, &column_major(*n), out)?,
                        Some(Item::Under) | None => out.append(&am)?,
                    }
                }
                out.push(Tok::Close)
            }
        }
    }
}

/// `right_inverse(L)`, appended to `dst`.
pub fn right_inverse(l: &Flat, dst: &mut Flat) -> Fast<()> {
    let mut c = Flat::empty();
    coalesce(l, &mut c)?;
    let (s, d) = (c.shape(), c.stride());
    let n = s.len();
    let mut pre = [0i64; LEAVES];
    let mut p = 1i64;
    for k in 0..n {
        pre[k] = p;
        p = mul(p, s[k])?;
    }
    // the modes by stride, sorted as `algebra::inverse` sorts them (a swap sort: the order
    // of equal strides matters)
    let mut order = [(0i64, 0usize); LEAVES];
    for k in 0..n {
        order[k] = (d[k], k);
    }
    for i in 0..n {
        for j in i + 1..n {
            if order[j].0 < order[i].0 {
                order.swap(i, j);
            }
        }
    }
    let mut out = Modes::new();
    out.push(1, 0)?;
    let mut curr = 1i64;
    for &(_, i) in &order[..n] {
        if d[i] == curr {
            out.push(s[i], pre[i])?;
            curr = mul(s[i], d[i])?;
        }
    }
    coalesce_modes(out.shape(), out.stride(), dst)
}

/// `L(c0, c1, ...)`: one index per top-level mode, or a single index for the whole layout.
pub fn eval(l: &Flat, coord: &[i64]) -> Fast<i64> {
    if coord.iter().any(|&c| c < 0) || l.shape().iter().any(|&s| s < 1) {
        return Err(Decline);
    }
    if coord.len() == 1 {
        return Ok(walk(l.shape(), l.stride(), coord[0]).ok_or(Decline)?.0);
    }
    if l.is_leaf() || l.rank() != coord.len() {
        return Err(Decline);
    }
    let mut acc = 0i64;
    for (m, &c) in l.modes().zip(coord) {
        let v = walk(&l.shape()[m.leaves.clone()], &l.stride()[m.leaves], c)
            .ok_or(Decline)?
            .0;
        acc = add(acc, v)?;
    }
    Ok(acc)
}
