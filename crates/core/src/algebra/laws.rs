//! The defining laws of the operations, checked on the result CuTe's algorithm gives.
//!
//! A domain of up to [`EXHAUSTIVE_LIMIT`] points is checked at every point; a larger one at its
//! first and last points and at pseudo-random points in between, so a check never hangs: one
//! check evaluates at most 2^20 points (milliseconds), so Ctrl-C, which the evaluator polls
//! between the nodes of an expression, is not polled within it.

use smallvec::SmallVec;

use super::error::{AlgebraError, Result};
use super::int_tuple::{IntTuple, Tup, View};
use super::layout::Layout;

/// Domains up to this many points are checked exhaustively.
pub const EXHAUSTIVE_LIMIT: i64 = crate::limits::MAX_ENUMERATED;
const EDGE: i64 = 1 << 12;
const RANDOM: usize = 1 << 13;

/// The indices at which a law over `[0, size)` is checked.
pub fn check_points(size: i64) -> Box<dyn Iterator<Item = i64>> {
    if size <= EXHAUSTIVE_LIMIT {
        return Box::new(0..size.max(0));
    }
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ size as u64;
    let random = (0..RANDOM).map(move |_| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 11) % size as u64) as i64
    });
    Box::new((0..EDGE).chain(size - EDGE..size).chain(random))
}

/// A layout prepared for evaluation at many points: its flattened shape and stride, so that
/// `L(i)` is a loop over the leaves instead of a walk of the nested tuples. Gives exactly
/// [`Layout::at`]'s value (the remainder goes to the last leaf, C++ truncating division); where
/// this shortcut cannot be sure (an empty mode, a size or sum that overflows) it asks
/// [`Layout::at`], which names the error.
struct Flat<'a> {
    layout: &'a Layout,
    leaves: Option<SmallVec<[(i64, i64); 8]>>,
}

impl<'a> Flat<'a> {
    fn new(layout: &'a Layout) -> Flat<'a> {
        let (shape, stride) = (layout.shape(), layout.stride());
        let ok = layout.size().is_ok() && !shape.has_empty_tuple();
        let leaves = ok.then(|| {
            // the (shape, stride) leaf pairs in order (their `leaves()` zipped), in one walk; a
            // size-1 leaf other than the last adds nothing (its digit is always 0, the rest
            // passes on undivided): dropped, so that a step or a walk costs only the others
            let mut out = SmallVec::new();
            let mut last = None;
            for pair in shape.leaf_iter().zip(stride.leaf_iter()) {
                if let Some(p @ (s, _)) = last.replace(pair)
                    && s != 1
                {
                    out.push(p);
                }
            }
            out.extend(last);
            out
        });
        Flat { layout, leaves }
    }

    fn at(&self, i: i64) -> Result<i64> {
        match &self.leaves {
            Some(leaves) => match walk_digits(leaves, i, |_, _| {}) {
                Some(v) => Ok(v),
                None => self.layout.at(i),
            },
            None => self.layout.at(i),
        }
    }
}

/// `Σ c_k·d_k` over the digits `c_k` of `x` in the mixed radix of the leaves `(s_k, d_k)` (the
/// last digit takes the rest, C++ truncating division), calling `digit(k, c_k)` for each digit
/// visited; `None` on overflow. Stops once the rest is 0 (the remaining digits are 0).
fn walk_digits(leaves: &[(i64, i64)], x: i64, mut digit: impl FnMut(usize, i64)) -> Option<i64> {
    let (mut rest, mut acc) = (x, 0i64);
    let last = leaves.len() - 1;
    for (k, &(s, d)) in leaves.iter().enumerate() {
        if rest == 0 {
            break;
        }
        let c = if k == last {
            rest
        } else {
            let c = rest % s;
            rest /= s;
            c
        };
        digit(k, c);
        acc = acc.checked_add(c.checked_mul(d)?)?;
    }
    Some(acc)
}

/// `L(0), L(1), …` in order, one leaf coordinate step at a time instead of a division per leaf.
/// Only made (by [`Flat::seq`]) where no sum of `c_l·d_l` over the domain (nor twice the largest)
/// can overflow, so each value is exactly the one [`Flat::at`] computes.
struct Seq<'a> {
    leaves: &'a [(i64, i64)],
    coords: SmallVec<[i64; 8]>,
    acc: i64,
}

impl Seq<'_> {
    /// The value at the current index.
    fn value(&self) -> i64 {
        self.acc
    }

    /// Move to the next index.
    fn advance(&mut self) {
        let last = self.leaves.len() - 1;
        for (k, &(s, d)) in self.leaves.iter().enumerate() {
            // wrapping: a carry may pass outside i64 for a moment, but the sum it lands on
            // (the next index's value, within the bound) is exact
            self.coords[k] += 1;
            self.acc = self.acc.wrapping_add(d);
            if k == last || self.coords[k] < s {
                return;
            }
            self.acc = self.acc.wrapping_sub(s.wrapping_mul(d));
            self.coords[k] = 0;
        }
    }
}

impl Flat<'_> {
    /// A [`Seq`] over indices below the layout's size, where it is exact.
    fn seq(&self) -> Option<Seq<'_>> {
        let leaves = self.leaves.as_ref()?;
        if leaves.is_empty() || leaves.iter().any(|&(s, _)| s < 1) {
            return None;
        }
        let mut bound = 0i64;
        for &(s, d) in leaves {
            bound = bound.checked_add((s - 1).checked_mul(d.checked_abs()?)?)?;
        }
        bound.checked_mul(2)?;
        Some(Seq {
            leaves,
            coords: SmallVec::from_elem(0, leaves.len()),
            acc: 0,
        })
    }
}

/// What the leaf-by-leaf argument concluded.
#[derive(Debug, PartialEq)]
enum LeafCheck {
    /// The law holds at every point of the domain.
    Proven,
    /// The argument does not apply; check point by point.
    Undecided,
    /// The law fails at index `i` of the inner layout's domain: `target(i) = got`, but
    /// `outer(inner(i)) = outer(x) = want`.
    Fails { i: i64, got: i64, x: i64, want: i64 },
}

/// `outer(c·d)` over `c < s` in closed form, where it is linear: `Some((t, digits))` when, for
/// every `c < s`, `c·d` fits, [`walk_digits`] of it in `outer`'s leaves does not overflow and
/// gives `c·t`, and `digits` is the set of bounded digits (all but the last) that some `c·d`
/// sets. `None` where this is not shown (the caller then visits every `c`).
///
/// The sub-modes are those of [`walk_leaf`] (CuTe's composition walk of the leaf `s:d` through
/// `outer`'s modes `S_k:D_k`): `c`'s digits in the sub-modes `(n_j : δ_j)` give
/// `outer(c·d) = Σ a_j·e_j` with `e_j = δ_j·D_k`, which is `c·t` when every `e_j` is `t` times
/// the product of the `n_i` before it. No partial sum of a walk exceeds `Σ (n_j - 1)·|e_j|` in
/// magnitude, so where that bound fits no walk overflows.
fn leaf_line(oleaves: &[(i64, i64)], s: i64, d: i64) -> Option<(i64, u128)> {
    if s < 1 || d < 0 {
        return None;
    }
    (s - 1).checked_mul(d)?;
    let olast = oleaves.len() - 1;
    let (mut slope, mut unit, mut bound, mut digits) = (None::<i64>, 1i64, 0i64, 0u128);
    // a sub-mode of `n` points at `δ·D_k` apart: linear with the ones before, bounded
    let mut sub = |k: usize, n: i64, step: i64| -> Option<()> {
        let e = step.checked_mul(oleaves[k].1)?;
        match slope {
            None => slope = Some(e),
            Some(t) => (t.checked_mul(unit)? == e).then_some(())?,
        }
        bound = bound.checked_add((n - 1).checked_mul(e.checked_abs()?)?)?;
        unit = unit.checked_mul(n)?;
        if k != olast {
            digits |= 1u128 << k;
        }
        Some(())
    };
    walk_leaf(
        oleaves,
        |&(shape, _)| shape,
        s,
        d,
        |k, n, step| sub(k, n, step).is_some(),
    )
    .then_some(())?;
    Some((slope.unwrap_or(0), digits))
}

/// CuTe's composition walk of a leaf `rest:d` (`d >= 0`) through the modes of a flat layout
/// (their shapes `S_k` read by `shape`; the last mode unbounded): `false` where a step is not
/// exact (see [`composition_proven`]) or `take` refuses a sub-mode. At mode `k` the points
/// left are `c'·δ·P_k` (`c' < n`, `P_k` the product of the shapes before, `δ = d` at first).
/// Where `S_k | δ` digit `k` is 0 for all of them (`δ /= S_k`); where `δ | S_k`, digit `k` is
/// `(c' mod m)·δ` with `m = S_k/δ`, and either `n <= m` (nothing left above) or `m | n` (the
/// quotient goes on with `δ = 1`): the sub-mode `(min(n, m) : δ)` of mode `k` is taken
/// (`take(k, n_j, δ_j)`); anything else is not exact. What is left past the bounded modes is
/// the last mode's sub-mode `(n : δ)`.
///
/// The one walk of the laws' divisibility arguments: [`leaf_exact`] takes the verdict,
/// [`leaf_line`] the slope of the sub-modes it takes.
#[inline(always)]
fn walk_leaf<M>(
    modes: &[M],
    shape: impl Fn(&M) -> i64,
    mut rest: i64,
    mut d: i64,
    mut take: impl FnMut(usize, i64, i64) -> bool,
) -> bool {
    let Some((_, bounded)) = modes.split_last() else {
        return true;
    };
    for (k, m) in bounded.iter().enumerate() {
        if rest == 1 {
            break;
        }
        let s = shape(m);
        if s < 1 {
            return false;
        }
        if d % s == 0 {
            d /= s;
            continue;
        }
        if !(d < s && s % d == 0) {
            return false;
        }
        let next = s / d;
        let n = if rest <= next {
            rest
        } else if rest % next == 0 {
            next
        } else {
            return false;
        };
        if !take(k, n, d) {
            return false;
        }
        if rest <= next {
            rest = 1;
        } else {
            rest /= next;
            d = 1;
        }
    }
    rest <= 1 || take(bounded.len(), rest, d)
}

/// Prove `outer(inner(i)) == target(i)` for every `i < size(inner)` without visiting every `i`.
///
/// Write `i` by the leaves of `inner` (flat modes `s_l:d_l`, coordinates `c_l`), so that
/// `inner(i) = Σ c_l·d_l` and, by the caller's promise, `target(i) = Σ target_leaf(l, c_l)` with
/// `target_leaf(l, 0) = 0`. Each leaf is checked alone (`target_leaf(l, c) == outer(c·d_l)` for
/// every `c < s_l`: a failure there is a real counterexample, at `i = c·P_l`). If moreover the
/// points `c·d_l` of different leaves use disjoint bounded digits of `outer`'s mixed radix (every
/// digit but the last, which takes the rest and so never carries), their sum has no carries,
/// `outer` is additive over the leaves, and the law holds everywhere. The cost is `Σ s_l`
/// evaluations instead of `Π s_l`; a leaf on which both sides are linear in `c` — the target
/// by the caller's word (`target_slope(l, s_l)`: `Some(T)` promises `target_leaf(l, c) ==
/// Ok(c·T)` for every `c < s_l`), `outer(c·d_l)` by [`leaf_line`] — costs one comparison of
/// slopes instead of `s_l` evaluations, with the same verdict and digits (a leaf whose slopes
/// differ is visited point by point, which names its first failure).
fn leafwise(
    outer: &Flat,
    inner: &Layout,
    target_leaf: &dyn Fn(usize, i64) -> Result<i64>,
    target_slope: &dyn Fn(usize, i64) -> Option<i64>,
) -> Result<LeafCheck> {
    let Some(oleaves) = &outer.leaves else {
        return Ok(LeafCheck::Undecided);
    };
    if oleaves.len() > 128 {
        return Ok(LeafCheck::Undecided);
    }
    let olast = oleaves.len().wrapping_sub(1);
    let mut prefix = 1i64;
    let mut seen: u128 = 0;
    let mut disjoint = true;
    let leaves = inner.shape().leaf_iter().zip(inner.stride().leaf_iter());
    for (l, (s, d)) in leaves.enumerate() {
        if s > EXHAUSTIVE_LIMIT {
            return Ok(LeafCheck::Undecided);
        }
        let line = match target_slope(l, s) {
            Some(want) => leaf_line(oleaves, s, d).filter(|&(t, _)| s == 1 || t == want),
            None => None,
        };
        if let Some((_, mask)) = line {
            // every point matches (x = c·d >= 0), setting these digits
            if mask & seen != 0 {
                disjoint = false;
            }
            seen |= mask;
            let Some(p) = prefix.checked_mul(s) else {
                return Ok(LeafCheck::Undecided);
            };
            prefix = p;
            continue;
        }
        let mut mask: u128 = 0;
        for c in 0..s {
            let Some(x) = c.checked_mul(d) else {
                return Ok(LeafCheck::Undecided);
            };
            let got = target_leaf(l, c)?;
            // `outer.at(x)` and the digits of `x` in `outer`'s mixed radix, in one pass: the
            // digits are the coordinates `Flat::at` sums (it asks `Layout::at` on overflow).
            // Only the bounded digits can carry: the last one takes the rest, so it may be
            // shared (outer is additive on sums that share no bounded digit).
            let mut digits: u128 = 0;
            let value = walk_digits(oleaves, x, |j, c| {
                if c != 0 && j != olast {
                    digits |= 1u128 << j;
                }
            });
            let want = match value {
                Some(v) => v,
                None => {
                    // the walk stopped at the overflow: its digits are incomplete, so no proof
                    disjoint = false;
                    outer.layout.at(x)?
                }
            };
            if got != want {
                let Some(i) = c.checked_mul(prefix) else {
                    return Ok(LeafCheck::Undecided);
                };
                return Ok(LeafCheck::Fails { i, got, x, want });
            }
            if x < 0 {
                disjoint = false;
                continue;
            }
            mask |= digits;
        }
        if mask & seen != 0 {
            disjoint = false;
        }
        seen |= mask;
        let Some(p) = prefix.checked_mul(s) else {
            return Ok(LeafCheck::Undecided);
        };
        prefix = p;
    }
    Ok(if disjoint {
        LeafCheck::Proven
    } else {
        LeafCheck::Undecided
    })
}

/// The sub-layouts of `r` (as shape and stride) that belong to the leaves of `b`'s shape
/// (composition distributes over the modes of B), or `None` when their structures do not match.
fn leaf_results<'r>(
    b: &Tup,
    rs: &'r Tup,
    rd: &'r Tup,
    out: &mut Vec<(&'r Tup, &'r Tup)>,
) -> Option<()> {
    match b.view() {
        View::Tuple(v) => {
            if !matches!(rs.view(), View::Tuple(rv) if rv.len() == v.len()) {
                return None;
            }
            for (k, bk) in v.iter().enumerate() {
                leaf_results(bk, rs.mode(k)?, rd.mode(k)?, out)?;
            }
            Some(())
        }
        View::Int(s) => {
            if rs.product().ok()? != s {
                return None;
            }
            out.push((rs, rd));
            Some(())
        }
    }
}

/// The identity's leaf: `c·P_l`, P the prefix products of the shape's leaves.
fn identity_leaves(l: &Layout) -> Option<SmallVec<[i64; 8]>> {
    let mut prefix = SmallVec::new();
    let mut p = 1i64;
    for s in l.shape().leaves() {
        prefix.push(p);
        p = p.checked_mul(s)?;
    }
    Some(prefix)
}

#[cold]
fn violated(op: &'static str, law: String) -> AlgebraError {
    AlgebraError::LawViolated { op, law }
}

/// Whether divisibility alone proves that CuTe's composition of `a` with `b` is `A o B`, without
/// evaluating anything. `a` is flat (as `coalesce_x` gives it) with modes `s_k:d_k`; `b`'s leaves
/// are `N_j:D_j`.
///
/// One leaf: CuTe walks `D` through A's shapes. Where every step is exact — `D` a multiple of
/// `s_k` (mode `k` skipped, `D /= s_k`), or `D` a divisor of `s_k` with the remaining shape
/// either ending inside mode `k` or a multiple of `s_k / D` (mode `k` taken whole from digit
/// `D`, then `D = 1`) — each mode of the result `R_j` is `(n : D·d_k)` over digits of A that
/// `c·D_j` really uses, so `R_j(c) == A(c·D_j)` for `c < N_j`. (A's last mode is unbounded:
/// any `D` is exact there.) The walk also shows `D_j = s_0⋯s_{k-1}·δ` with `δ | s_k`: `D_j` is
/// aligned to A's mixed radix.
///
/// Several leaves: `B(i) = Σ c_j·D_j` and `R(i) = Σ R_j(c_j)`. Sort the leaves by `D_j`; if each
/// `D_j` exceeds `Σ (N_i - 1)·D_i` over the leaves before it, then the part `x` below `D_j` and
/// the multiple `y` of the aligned `D_j` occupy disjoint digits of A (in the shared mode `k`, `x`
/// has digit `< δ` and `y` a multiple of `δ`, so no carry), `A(x + y) = A(x) + A(y)`, and by
/// induction `A(B(i)) = Σ A(c_j·D_j) = R(i)`. Leaves with `N_j = 1` or `D_j = 0` add nothing.
/// Anything else (negative strides, empty shapes, overflow) is left to the point checks.
fn composition_proven(flat_a: &Layout, b: &Layout) -> bool {
    use View::{Int, Tuple};
    fn a_modes(t: &Tup) -> Option<super::int_tuple::Modes<'_>> {
        match t.view() {
            Int(_) => Some(t.modes()),
            Tuple(v) if !v.is_empty() => Some(v),
            Tuple(_) => None,
        }
    }
    /// The contributing leaves `(D_j, N_j)` of `b`, or `None` where the argument does not apply.
    fn leaves(
        s: &Tup,
        d: &Tup,
        shapes: &[i64],
        out: &mut smallvec::SmallVec<[(i64, i64); 8]>,
    ) -> Option<()> {
        match (s.view(), d.view()) {
            (Int(n), Int(st)) => leaf_contributes(shapes, n, st, |x| {
                out.push(x);
                true
            })
            .then_some(()),
            (Tuple(x), Tuple(y)) if x.len() == y.len() => x
                .iter()
                .zip(y)
                .try_for_each(|(a, b)| leaves(a, b, shapes, out)),
            _ => None,
        }
    }
    let Some(modes) = a_modes(flat_a.shape()) else {
        return false;
    };
    // a few modes, on the stack
    let Some(shapes) = modes
        .iter()
        .map(Tup::as_int)
        .collect::<Option<smallvec::SmallVec<[i64; 8]>>>()
    else {
        return false;
    };
    let mut used = smallvec::SmallVec::new();
    if leaves(b.shape(), b.stride(), &shapes, &mut used).is_none() {
        return false;
    }
    leaves_apart(&mut used)
}

/// One leaf `N:D` of B in [`composition_proven`]'s argument, A flat with modes `shapes`: false
/// where the argument does not apply (`N < 1`, `D < 0`, a step that is not exact); a leaf that
/// contributes (`N > 1`, `D > 0`) is kept (`keep`) as `(D, N)`; false also where `keep` is.
#[inline(always)]
pub(crate) fn leaf_contributes(
    shapes: &[i64],
    n: i64,
    st: i64,
    keep: impl FnOnce((i64, i64)) -> bool,
) -> bool {
    if n < 1 || st < 0 {
        return false;
    }
    if n > 1 && st > 0 {
        return leaf_exact(shapes, st, n) && keep((st, n));
    }
    true
}

/// Walk a leaf `rest:d` of B through A's shapes (A flat, its modes `shapes`, the last one
/// unbounded): [`walk_leaf`]'s verdict, false where a step is not exact (see
/// [`composition_proven`]).
pub(crate) fn leaf_exact(shapes: &[i64], d: i64, rest: i64) -> bool {
    walk_leaf(shapes, |&s| s, rest, d, |_, _, _| true)
}

/// Whether the contributing leaves `(D_j, N_j)` of B, sorted by stride, each start past what
/// the ones before reach together (see [`composition_proven`]); sorts `used` where they are
/// not in order already.
#[inline]
pub(crate) fn leaves_apart(used: &mut [(i64, i64)]) -> bool {
    match apart_in_order(used) {
        Some(apart) => apart,
        None => {
            used.sort_unstable();
            apart_in_order(used) == Some(true)
        }
    }
}

/// [`leaves_apart`] of the leaves as they are: `None` where a stride is less than the one before
/// (not in order) before a leaf is found that starts within what the ones before reach (then
/// false: sorted, more leaves come before it, reaching as far or further).
#[inline]
fn apart_in_order(used: &[(i64, i64)]) -> Option<bool> {
    let mut prev = 0i64; // the stride before
    let mut below = 0i64; // the largest value the leaves so far reach together
    for &(d, n) in used {
        if d < prev {
            return None;
        }
        if d <= below {
            return Some(false);
        }
        match (n - 1).checked_mul(d).and_then(|v| v.checked_add(below)) {
            Some(v) => below = v,
            None => return Some(false),
        }
        prev = d;
    }
    Some(true)
}

/// `R(i) == A(B(i))` for every `i` in B's domain (A extends its last mode past its size). `a`
/// is the left layout flattened by `coalesce_x` (the same function), as CuTe's algorithm used it.
pub fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Result<()> {
    if a.stride().has_basis() || r.stride().has_basis() {
        // a layout into coordinates is the sum of its components along each basis element:
        // the law holds when it holds for every component
        let mut bases = super::basis::bases_of(a.stride());
        for x in super::basis::bases_of(r.stride()) {
            if !bases.contains(&x) {
                bases.push(x);
            }
        }
        for basis in bases {
            let ca = Layout::raw(
                a.shape().to_owned(),
                super::basis::component(a.stride(), basis)?,
            );
            let cr = Layout::raw(
                r.shape().to_owned(),
                super::basis::component(r.stride(), basis)?,
            );
            check_composition(&ca, b, &cr)?;
        }
        return Ok(());
    }
    if composition_proven(a, b) {
        return Ok(());
    }
    check_composition_by_points(a, b, r)
}

/// [`check_composition`] without the divisibility proof: leaf by leaf, else point by point.
fn check_composition_by_points(a: &Layout, b: &Layout, r: &Layout) -> Result<()> {
    let size = b.size()?;
    if r.size()? != size {
        return Err(violated(
            "composition",
            format!(
                "CuTe's result {r} has size {} but B = {b} has size {size}",
                r.size()?
            ),
        ));
    }
    let fa = Flat::new(a);
    let mut parts = Vec::new();
    if leaf_results(b.shape(), r.shape(), r.stride(), &mut parts).is_some() {
        // `R_l(c)`, as `Layout::at` evaluates it
        let target = |l: usize, c: i64| {
            let (s, d) = parts[l];
            super::coord::crd2idx(&IntTuple::int(c), s, d)
        };
        // a leaf `n:e` of R is `c·e` (crd2idx's one checked product)
        let slope = |l: usize, n: i64| match (parts[l].0.view(), parts[l].1.as_stride()) {
            (View::Int(_), Some(e)) if e.basis.is_none() => {
                (n - 1).checked_mul(e.value).map(|_| e.value)
            }
            _ => None,
        };
        match leafwise(&fa, b, &target, &slope)? {
            LeafCheck::Proven => return Ok(()),
            LeafCheck::Fails { i, got, x, want } => {
                return Err(violated(
                    "composition",
                    format!(
                        "CuTe's result {r} is not A o B: at i = {i}, R(i) = {got} but A(B(i)) = A({x}) = {want}"
                    ),
                ));
            }
            LeafCheck::Undecided => {}
        }
    }
    let (fb, fr) = (Flat::new(b), Flat::new(r));
    let fails = |i: i64, got: i64, bi: i64, want: i64| {
        violated(
            "composition",
            format!(
                "CuTe's result {r} is not A o B: at i = {i}, R(i) = {got} but A(B(i)) = A({bi}) = {want}"
            ),
        )
    };
    // Every point in order (size = size(B) = size(R)): B and R stepped, not divided.
    if size <= EXHAUSTIVE_LIMIT
        && let (Some(mut sb), Some(mut sr)) = (fb.seq(), fr.seq())
    {
        for i in 0..size.max(0) {
            let bi = sb.value();
            let want = fa.at(bi)?;
            let got = sr.value();
            if got != want {
                return Err(fails(i, got, bi, want));
            }
            sb.advance();
            sr.advance();
        }
        return Ok(());
    }
    for i in check_points(size) {
        let bi = fb.at(i)?;
        let want = fa.at(bi)?;
        let got = fr.at(i)?;
        if got != want {
            return Err(fails(i, got, bi, want));
        }
    }
    Ok(())
}

/// `L(R(i)) == i` for every `i` in R's domain.
pub fn check_right_inverse(l: &Layout, r: &Layout) -> Result<()> {
    check_inverse(
        "right_inverse",
        "a right inverse",
        (l, r),
        (l, r),
        ('L', 'R'),
    )
}

/// `R(L(i)) == i` for every `i` in L's domain.
pub fn check_left_inverse(l: &Layout, r: &Layout) -> Result<()> {
    check_inverse("left_inverse", "a left inverse", (l, r), (r, l), ('R', 'L'))
}

/// `outer(inner(i)) == i` for every `i` in inner's domain, where (outer, inner) is (L, R) for a
/// right inverse and (R, L) for a left one; `names` are their letters in the message.
fn check_inverse(
    op: &'static str,
    what: &str,
    (l, r): (&Layout, &Layout),
    (outer, inner): (&Layout, &Layout),
    names: (char, char),
) -> Result<()> {
    let (o, n) = names;
    let fails = |i: i64, x: i64, back: i64| {
        violated(
            op,
            format!(
                "CuTe's result {r} is not {what} of {l}: {o}({n}({i})) = {o}({x}) = {back}, not {i}"
            ),
        )
    };
    let fo = Flat::new(outer);
    if let Some(prefix) = identity_leaves(inner) {
        let target = |k: usize, c: i64| c.checked_mul(prefix[k]).ok_or(AlgebraError::Overflow(op));
        let slope = |k: usize, n: i64| (n - 1).checked_mul(prefix[k]).map(|_| prefix[k]);
        match leafwise(&fo, inner, &target, &slope)? {
            LeafCheck::Proven => return Ok(()),
            LeafCheck::Fails { i, got: _, x, want } => return Err(fails(i, x, want)),
            LeafCheck::Undecided => {}
        }
    }
    let fi = Flat::new(inner);
    let size = inner.size()?;
    // Every point in order: the inner layout stepped, not divided.
    if size <= EXHAUSTIVE_LIMIT
        && let Some(mut si) = fi.seq()
    {
        for i in 0..size.max(0) {
            let x = si.value();
            let back = fo.at(x)?;
            if back != i {
                return Err(fails(i, x, back));
            }
            si.advance();
        }
        return Ok(());
    }
    for i in check_points(size) {
        let x = fi.at(i)?;
        let back = fo.at(x)?;
        if back != i {
            return Err(fails(i, x, back));
        }
    }
    Ok(())
}

#[cfg(test)]
mod flat_tests {
    use super::*;
    use crate::algebra::IntTuple;
    #[allow(non_snake_case)]
    fn Int(v: i64) -> IntTuple {
        IntTuple::int(v)
    }

    /// The fast evaluator gives `Layout::at`'s value everywhere, past the size and below zero.
    #[test]
    fn flat_agrees_with_at() {
        let t = |v: Vec<crate::algebra::IntTuple>| IntTuple::tuple(v);
        let layouts = [
            Layout::new(Int(6), Int(-3)).unwrap(),
            Layout::new(
                t(vec![t(vec![Int(2), Int(3)]), Int(4), t(vec![Int(5)])]),
                t(vec![t(vec![Int(1), Int(-7)]), Int(0), t(vec![Int(11)])]),
            )
            .unwrap(),
            Layout::new(t(vec![Int(4), t(vec![])]), t(vec![Int(2), t(vec![])])).unwrap(),
            // size-1 leaves inside (dropped) and last (kept: it takes the rest past the size)
            Layout::new(
                t(vec![
                    t(vec![Int(1), Int(2)]),
                    Int(1),
                    t(vec![Int(3), Int(1)]),
                ]),
                t(vec![
                    t(vec![Int(5), Int(1)]),
                    Int(7),
                    t(vec![Int(2), Int(13)]),
                ]),
            )
            .unwrap(),
            Layout::new(
                t(vec![Int(3), Int(1 << 40)]),
                t(vec![Int(1 << 62), Int(1 << 30)]),
            )
            .unwrap(),
        ];
        for l in &layouts {
            let f = Flat::new(l);
            for i in -200..400 {
                assert_eq!(f.at(i).ok(), l.at(i).ok(), "{l} at {i}");
            }
        }
    }

    /// The stepping evaluator gives `Flat::at`'s value at every index below the size, and is
    /// refused where a sum could overflow.
    #[test]
    fn seq_agrees_with_at() {
        let t = |v: Vec<crate::algebra::IntTuple>| IntTuple::tuple(v);
        let layouts = [
            Layout::new(Int(6), Int(-3)).unwrap(),
            Layout::new(
                t(vec![t(vec![Int(2), Int(3)]), Int(4), t(vec![Int(5)])]),
                t(vec![t(vec![Int(1), Int(-7)]), Int(0), t(vec![Int(11)])]),
            )
            .unwrap(),
            Layout::new(
                t(vec![Int(1), Int(3), Int(1), Int(2)]),
                t(vec![Int(i64::MAX), Int(5), Int(i64::MIN + 1), Int(-9)]),
            )
            .unwrap(),
            Layout::new(t(vec![Int(3), Int(4)]), t(vec![Int(1 << 62), Int(1)])).unwrap(),
        ];
        for (n, l) in layouts.iter().enumerate() {
            let f = Flat::new(l);
            let Some(mut s) = f.seq() else {
                assert_eq!(n, 3, "{l}: no stepping evaluator");
                continue;
            };
            for i in 0..l.size().unwrap() {
                assert_eq!(Some(s.value()), f.at(i).ok(), "{l} at {i}");
                s.advance();
            }
        }
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use crate::algebra::IntTuple;
    use proptest::prelude::*;

    fn leaf_shape() -> impl Strategy<Value = i64> {
        prop_oneof![0i64..=9, prop::sample::select(vec![12i64, 16, 24, 32, 64])]
    }

    fn leaf_stride() -> impl Strategy<Value = i64> {
        prop_oneof![
            -3i64..=40,
            prop::sample::select(vec![1i64, 2, 4, 8, 16, 48, 64, 96, 128, 256, 1 << 61]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20000))]
        /// Where the closed form of a leaf is given, every point agrees with the walk: the
        /// value `c·t` and, together, the digits set.
        #[test]
        fn leaf_line_agrees_with_the_walk(
            outer in prop::collection::vec((leaf_shape(), leaf_stride()), 1..=5),
            s in leaf_shape(),
            d in leaf_stride(),
        ) {
            let olast = outer.len() - 1;
            if let Some((t, digits)) = leaf_line(&outer, s, d) {
                let mut seen = 0u128;
                for c in 0..s {
                    let x = c.checked_mul(d).expect("the points fit");
                    let v = walk_digits(&outer, x, |j, c| {
                        if c != 0 && j != olast {
                            seen |= 1u128 << j;
                        }
                    });
                    prop_assert_eq!(v, Some(c * t), "{:?} at {}·{}", outer, c, d);
                }
                prop_assert_eq!(seen, digits, "{:?} {}:{}", outer, s, d);
            }
        }
    }

    fn layout(leaves: &[(i64, i64)]) -> Layout {
        let (s, d): (Vec<IntTuple>, Vec<IntTuple>) = leaves
            .iter()
            .map(|&(s, d)| (IntTuple::int(s), IntTuple::int(d)))
            .unzip();
        Layout::new(IntTuple::tuple(s), IntTuple::tuple(d)).unwrap()
    }

    /// [`leafwise`] of an inverse's law, with the closed form of a leaf or without it.
    fn inverse_verdict(outer: &Layout, inner: &Layout, lines: bool) -> Option<LeafCheck> {
        let prefix = identity_leaves(inner)?;
        let target = |k: usize, c: i64| c.checked_mul(prefix[k]).ok_or(AlgebraError::Overflow("t"));
        let slope = |k: usize, n: i64| (n - 1).checked_mul(prefix[k]).map(|_| prefix[k]);
        let none = |_: usize, _: i64| None;
        let slope: &dyn Fn(usize, i64) -> Option<i64> = if lines { &slope } else { &none };
        leafwise(&Flat::new(outer), inner, &target, slope).ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6000))]
        /// The closed form of a leaf changes no verdict of the inverses' laws.
        #[test]
        fn lines_keep_the_inverse_verdicts(
            l in prop::collection::vec((1i64..=8, leaf_stride()), 1..=4),
        ) {
            let l = layout(&l);
            let inverses = [
                crate::algebra::inverse::right_inverse_unchecked(&l).map(|r| (l.clone(), r)),
                crate::algebra::inverse::left_inverse_unchecked(&l).map(|r| (r, l.clone())),
            ];
            for (outer, inner) in inverses.into_iter().flatten() {
                prop_assert_eq!(
                    inverse_verdict(&outer, &inner, true),
                    inverse_verdict(&outer, &inner, false),
                    "{} over {}", outer, inner
                );
            }
        }
    }

    /// A right inverse's leaves are lines of the layout's digits.
    #[test]
    fn right_inverse_leaves_are_lines() {
        let outer = [(16, 1), (3, 16), (4, 48)];
        assert_eq!(leaf_line(&outer, 192, 1), Some((1, 0b11)));
        assert_eq!(leaf_line(&[(4, 8), (8, 1)], 8, 4), Some((1, 0)));
        assert_eq!(leaf_line(&[(4, 8), (8, 1)], 4, 1), Some((8, 1)));
        // a leaf across digits that do not chain: not a line
        assert_eq!(leaf_line(&[(2, 1), (2, 4)], 4, 1), None);
    }
}

#[cfg(test)]
mod proof_tests {
    use super::*;
    use crate::algebra::IntTuple;
    use proptest::prelude::*;

    fn layout(leaves: &[(i64, i64)], group_first_two: bool) -> Layout {
        let (mut s, mut d): (Vec<IntTuple>, Vec<IntTuple>) = leaves
            .iter()
            .map(|&(s, d)| (IntTuple::int(s), IntTuple::int(d)))
            .unzip();
        if group_first_two && s.len() >= 2 {
            let (s0, d0): (IntTuple, IntTuple) = (s.drain(..2).collect(), d.drain(..2).collect());
            s.insert(0, s0);
            d.insert(0, d0);
        }
        Layout::new(IntTuple::tuple(s), IntTuple::tuple(d)).unwrap()
    }

    fn stride() -> impl Strategy<Value = i64> {
        prop_oneof![
            0i64..=40,
            prop::sample::select(vec![1i64, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6000))]
        /// Whenever divisibility proves a composition, the point-by-point check agrees.
        #[test]
        fn proof_implies_the_law(
            a in prop::collection::vec((1i64..=8, stride()), 1..=4),
            b in prop::collection::vec((1i64..=8, stride()), 1..=3),
            nested in any::<bool>(),
        ) {
            let a = layout(&a, false).coalesce_x().unwrap();
            let b = layout(&b, nested);
            if composition_proven(&a, &b)
                && let Ok(r) = crate::algebra::composition::compose_unchecked(&a, &b)
            {
                prop_assert!(
                    check_composition_by_points(&a, &b, &r).is_ok(),
                    "proof accepted {a} o {b} = {r}"
                );
            }
        }
    }

    /// The corpus's refused composition is not proven.
    #[test]
    fn refused_composition_is_not_proven() {
        let a = layout(&[(4, 2), (6, 3), (8, 5)], false)
            .coalesce_x()
            .unwrap();
        let b = Layout::new(IntTuple::int(6), IntTuple::int(3)).unwrap();
        assert!(!composition_proven(&a, &b));
    }
}
