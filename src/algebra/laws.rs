//! The defining laws of the operations, checked on the result CuTe's algorithm gives.
//!
//! A domain of up to [`EXHAUSTIVE_LIMIT`] points is checked at every point; a larger one at its
//! first and last points and at pseudo-random points in between, so a check never hangs.

use super::error::{AlgebraError, Result};
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
/// the fast path cannot be sure (an empty mode, a size or sum that overflows) it asks
/// [`Layout::at`], which names the error.
struct Flat<'a> {
    layout: &'a Layout,
    leaves: Option<Vec<(i64, i64)>>,
}

impl<'a> Flat<'a> {
    fn new(layout: &'a Layout) -> Flat<'a> {
        fn has_empty(t: &super::IntTuple) -> bool {
            match t {
                super::IntTuple::Int(_) => false,
                super::IntTuple::Tuple(v) => v.is_empty() || v.iter().any(has_empty),
            }
        }
        let ok = layout.size().is_ok() && !has_empty(layout.shape());
        let leaves = ok.then(|| {
            let s = layout.shape().leaves();
            let d = layout.stride().leaves();
            s.into_iter().zip(d).collect()
        });
        Flat { layout, leaves }
    }

    fn at(&self, i: i64) -> Result<i64> {
        let Some(leaves) = &self.leaves else {
            return self.layout.at(i);
        };
        let (mut rest, mut acc) = (i, 0i64);
        let last = leaves.len() - 1;
        for (k, &(s, d)) in leaves.iter().enumerate() {
            let c = if k == last {
                rest
            } else {
                let c = rest % s;
                rest /= s;
                c
            };
            match c.checked_mul(d).and_then(|x| acc.checked_add(x)) {
                Some(v) => acc = v,
                None => return self.layout.at(i),
            }
        }
        Ok(acc)
    }
}

/// What the leaf-by-leaf argument concluded.
enum LeafCheck {
    /// The law holds at every point of the domain.
    Proven,
    /// The argument does not apply; check point by point.
    Undecided,
    /// The law fails at index `i` of the inner layout's domain: `target(i) = got`, but
    /// `outer(inner(i)) = outer(x) = want`.
    Fails { i: i64, got: i64, x: i64, want: i64 },
}

/// Prove `outer(inner(i)) == target(i)` for every `i < size(inner)` without visiting every `i`.
///
/// Write `i` by the leaves of `inner` (flat modes `s_l:d_l`, coordinates `c_l`), so that
/// `inner(i) = Σ c_l·d_l` and, by the caller's promise, `target(i) = Σ target_leaf(l, c_l)` with
/// `target_leaf(l, 0) = 0`. Each leaf is checked alone (`target_leaf(l, c) == outer(c·d_l)` for
/// every `c < s_l`: a failure there is a real counterexample, at `i = c·P_l`). If moreover the
/// points `c·d_l` of different leaves use disjoint digits of `outer`'s mixed radix, their sum has
/// no carries, `outer` is additive over the leaves, and the law holds everywhere. The cost is
/// `Σ s_l` evaluations instead of `Π s_l`.
fn leafwise(
    outer: &Flat,
    inner: &Layout,
    target_leaf: &dyn Fn(usize, i64) -> Result<i64>,
) -> Result<LeafCheck> {
    let Some(oleaves) = &outer.leaves else {
        return Ok(LeafCheck::Undecided);
    };
    if oleaves.len() > 128 {
        return Ok(LeafCheck::Undecided);
    }
    let shape = inner.shape().leaves();
    let stride = inner.stride().leaves();
    let mut prefix = 1i64;
    let mut seen: u128 = 0;
    let mut disjoint = true;
    for (l, (&s, &d)) in shape.iter().zip(&stride).enumerate() {
        if s > EXHAUSTIVE_LIMIT {
            return Ok(LeafCheck::Undecided);
        }
        let mut mask: u128 = 0;
        for c in 0..s {
            let Some(x) = c.checked_mul(d) else {
                return Ok(LeafCheck::Undecided);
            };
            let got = target_leaf(l, c)?;
            let want = outer.at(x)?;
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
            let last = oleaves.len() - 1;
            let mut rest = x;
            for (j, &(a, _)) in oleaves.iter().enumerate() {
                let digit = if j == last {
                    rest
                } else {
                    let dgt = rest % a;
                    rest /= a;
                    dgt
                };
                if digit != 0 {
                    mask |= 1u128 << j;
                }
            }
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

/// The sub-layouts of `r` that belong to the leaves of `b`'s shape (composition distributes over
/// the modes of B), or `None` when their structures do not match.
fn leaf_results(b: &super::IntTuple, r: &Layout, out: &mut Vec<Layout>) -> Option<()> {
    match b {
        super::IntTuple::Tuple(v) => {
            if !matches!(r.shape(), super::IntTuple::Tuple(rv) if rv.len() == v.len()) {
                return None;
            }
            for (k, bk) in v.iter().enumerate() {
                leaf_results(bk, &r.mode(k).ok()?, out)?;
            }
            Some(())
        }
        super::IntTuple::Int(s) => {
            if r.size().ok()? != *s {
                return None;
            }
            out.push(r.clone());
            Some(())
        }
    }
}

/// The identity's leaf: `c·P_l`, P the prefix products of the shape's leaves.
fn identity_leaves(l: &Layout) -> Option<Vec<i64>> {
    let mut prefix = vec![];
    let mut p = 1i64;
    for s in l.shape().leaves() {
        prefix.push(p);
        p = p.checked_mul(s)?;
    }
    Some(prefix)
}

fn violated(op: &'static str, law: String) -> AlgebraError {
    AlgebraError::LawViolated { op, law }
}

/// `R(i) == A(B(i))` for every `i` in B's domain (A extends its last mode past its size).
pub fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Result<()> {
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
    if leaf_results(b.shape(), r, &mut parts).is_some() {
        let target = |l: usize, c: i64| parts[l].at(c);
        match leafwise(&fa, b, &target)? {
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
    for i in check_points(size) {
        let bi = fb.at(i)?;
        let want = fa.at(bi)?;
        let got = fr.at(i)?;
        if got != want {
            return Err(violated(
                "composition",
                format!(
                    "CuTe's result {r} is not A o B: at i = {i}, R(i) = {got} but A(B(i)) = A({bi}) = {want}"
                ),
            ));
        }
    }
    Ok(())
}

/// `L(R(i)) == i` for every `i` in R's domain.
pub fn check_right_inverse(l: &Layout, r: &Layout) -> Result<()> {
    let fl = Flat::new(l);
    if let Some(prefix) = identity_leaves(r) {
        let target = |k: usize, c: i64| {
            c.checked_mul(prefix[k])
                .ok_or(AlgebraError::Overflow("right_inverse"))
        };
        match leafwise(&fl, r, &target)? {
            LeafCheck::Proven => return Ok(()),
            LeafCheck::Fails { i, got: _, x, want } => {
                return Err(violated(
                    "right_inverse",
                    format!(
                        "CuTe's result {r} is not a right inverse of {l}: L(R({i})) = L({x}) = {want}, not {i}"
                    ),
                ));
            }
            LeafCheck::Undecided => {}
        }
    }
    let fr = Flat::new(r);
    for i in check_points(r.size()?) {
        let ri = fr.at(i)?;
        let back = fl.at(ri)?;
        if back != i {
            return Err(violated(
                "right_inverse",
                format!(
                    "CuTe's result {r} is not a right inverse of {l}: L(R({i})) = L({ri}) = {back}, not {i}"
                ),
            ));
        }
    }
    Ok(())
}

/// `R(L(i)) == i` for every `i` in L's domain.
pub fn check_left_inverse(l: &Layout, r: &Layout) -> Result<()> {
    let fr = Flat::new(r);
    if let Some(prefix) = identity_leaves(l) {
        let target = |k: usize, c: i64| {
            c.checked_mul(prefix[k])
                .ok_or(AlgebraError::Overflow("left_inverse"))
        };
        match leafwise(&fr, l, &target)? {
            LeafCheck::Proven => return Ok(()),
            LeafCheck::Fails { i, got: _, x, want } => {
                return Err(violated(
                    "left_inverse",
                    format!(
                        "CuTe's result {r} is not a left inverse of {l}: R(L({i})) = R({x}) = {want}, not {i}"
                    ),
                ));
            }
            LeafCheck::Undecided => {}
        }
    }
    let fl = Flat::new(l);
    for i in check_points(l.size()?) {
        let li = fl.at(i)?;
        let back = fr.at(li)?;
        if back != i {
            return Err(violated(
                "left_inverse",
                format!(
                    "CuTe's result {r} is not a left inverse of {l}: R(L({i})) = R({li}) = {back}, not {i}"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod flat_tests {
    use super::*;
    use crate::algebra::IntTuple::{Int, Tuple};

    /// The fast evaluator gives `Layout::at`'s value everywhere, past the size and below zero.
    #[test]
    fn flat_agrees_with_at() {
        let t = |v: Vec<crate::algebra::IntTuple>| Tuple(v);
        let layouts = [
            Layout::new(Int(6), Int(-3)).unwrap(),
            Layout::new(
                t(vec![t(vec![Int(2), Int(3)]), Int(4), t(vec![Int(5)])]),
                t(vec![t(vec![Int(1), Int(-7)]), Int(0), t(vec![Int(11)])]),
            )
            .unwrap(),
            Layout::new(t(vec![Int(4), t(vec![])]), t(vec![Int(2), t(vec![])])).unwrap(),
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
}
