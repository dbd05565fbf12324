//! Coordinates (possibly with `_` slicing markers) and CuTe's crd2idx / idx2crd / compact strides.

use std::fmt;

use super::arith;
use super::basis::{Index, index_add};
use super::error::{Result, condition};
use super::int_tuple::{
    IntTuple, TreeBuilder, Tup,
    View::{Int, Tuple},
};
use super::integer::Int as Kinded;
use super::trace::{Check, NoTrace, Rel, Step, Trace, Val};

/// A coordinate: an integer, the slicing marker `_`, or a tuple of coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Coord {
    /// A 1-D coordinate (an index into a mode), of its kind (C++'s `int` a run-time one,
    /// `Int<2>{}` a static one: CuTe's arithmetic on it keeps the kind).
    Int(Kinded),
    /// `_`: keep this mode (slicing).
    Under,
    /// A hierarchical coordinate.
    Tuple(Vec<Coord>),
}

impl Coord {
    /// Whether any `_` occurs in the coordinate.
    pub fn has_underscore(&self) -> bool {
        match self {
            Coord::Int(_) => false,
            Coord::Under => true,
            Coord::Tuple(v) => v.iter().any(Coord::has_underscore),
        }
    }

    /// The coordinate as an IntTuple, when it has no `_`.
    pub fn to_int_tuple(&self) -> Option<IntTuple> {
        match self {
            Coord::Int(v) => Some(IntTuple::of_int(*v)),
            Coord::Under => None,
            Coord::Tuple(v) => v
                .iter()
                .map(Coord::to_int_tuple)
                .collect::<Option<IntTuple>>(),
        }
    }

    /// The coordinate with each `_` a static `_0` and each integer of its kind: what CuTe's
    /// `crd2idx` sees of a slice's coordinate (slice_and_offset).
    pub fn zeroed(&self) -> IntTuple {
        match self {
            Coord::Int(v) => IntTuple::of_int(*v),
            Coord::Under => IntTuple::int(0),
            Coord::Tuple(v) => v.iter().map(Coord::zeroed).collect(),
        }
    }

    /// A static integer coordinate (`Int<v>{}`).
    pub const fn int(v: i64) -> Coord {
        Coord::Int(Kinded::st(v))
    }

    /// An integer coordinate of the given kind.
    pub const fn int_of(v: i64, dynamic: bool) -> Coord {
        Coord::Int(Kinded::of(v, dynamic))
    }

    /// The coordinate with every integer run-time where `dynamic` (a thread index of C++'s
    /// `int` makes every coordinate derived from it one), of its own kind otherwise.
    pub fn or_dynamic(self, dynamic: bool) -> Coord {
        match self {
            Coord::Int(v) => Coord::int_of(v.value, v.dynamic() || dynamic),
            Coord::Under => Coord::Under,
            Coord::Tuple(v) => Coord::Tuple(v.into_iter().map(|c| c.or_dynamic(dynamic)).collect()),
        }
    }

    /// A coordinate from an IntTuple, each integer of its kind.
    pub fn from_int_tuple(t: &Tup) -> Coord {
        match t.view() {
            Int(v) => Coord::int_of(v, t.is_dynamic()),
            Tuple(v) => Coord::Tuple(v.iter().map(Coord::from_int_tuple).collect()),
        }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Coord::Int(v) => write!(f, "{}", v.value),
            Coord::Under => f.write_str("_"),
            Coord::Tuple(v) => super::int_tuple::write_tuple(f, v),
        }
    }
}

/// CuTe's `crd2idx(coord, shape, stride)`: an integer coordinate is split over the modes
/// colexicographically, the last mode taking the rest (no wrap-around).
pub fn crd2idx(coord: &Tup, shape: &Tup, stride: &Tup) -> Result<i64> {
    crd2idx_traced(coord, shape, stride, &mut NoTrace)
}

/// CuTe's `crd2idx(coord, shape, stride)` for integer strides and whether the index is a
/// run-time integer, in one walk (see the [`Codomain`] of [`Kinded`] for the kinds' rules);
/// of the leaves' C++ type where one has a type other than `int` ([`crd2idx_typed`]).
#[inline]
pub fn crd2idx_kind(coord: &Tup, shape: &Tup, stride: &Tup) -> Result<Kinded> {
    let k: Kinded = crd2idx_traced(coord, shape, stride, &mut NoTrace)?;
    if k.dynamic() && (has_cpp_leaf(coord) || has_cpp_leaf(stride) || has_cpp_leaf(shape)) {
        return crd2idx_typed(coord, shape, stride);
    }
    Ok(k)
}

/// Whether a leaf of `t` has a C++ integer type other than `int` ([`Kinded::cpp_type`]).
#[inline]
fn has_cpp_leaf(t: &Tup) -> bool {
    t.leaf_int_iter().any(|i| i.cpp_type().is_some())
}

/// CuTe's `crd2idx(coord, shape, stride)` (stride.hpp) computed as CuTe computes it, each
/// operation [`Kinded`]'s, in its operands' C++ types: a tuple coordinate the left fold
/// `(... + crd2idx(c_i, s_i, d_i))`; an integer one over a tuple shape
/// `crd2idx(c % product(s_0), s_0, d_0) + crd2idx(c / product(s_0), s_1.., d_1..)`, the last
/// mode taking the rest (`_0` gives `_0`); an integer one over an integer shape `c * d`. So
/// an `int64_t` stride makes the index an `int64_t` and a `size_t` coordinate a `size_t`, and
/// an `int` index past its range is the `int` overflow (undefined behaviour in C++). Apart
/// from the walk of [`crd2idx_traced`] (where no leaf has such a type: the common path).
#[cold]
pub fn crd2idx_typed(coord: &Tup, shape: &Tup, stride: &Tup) -> Result<Kinded> {
    const OP: &str = "crd2idx";
    match (coord.view(), shape.view(), stride.view()) {
        (Tuple(c), Tuple(s), Tuple(d)) => {
            if c.len() != s.len() || s.len() != d.len() {
                return Err(condition(
                    OP,
                    format!("mismatched ranks: coordinate {coord} for shape {shape}"),
                ));
            }
            let mut acc: Option<Kinded> = None;
            for ((ci, si), di) in c.iter().zip(s).zip(d) {
                let x = crd2idx_typed(ci, si, di)?;
                acc = Some(match acc {
                    None => x,
                    Some(a) => a.add(x, OP)?,
                });
            }
            Ok(acc.unwrap_or(Kinded::st(0)))
        }
        (Tuple(_), Int(_), _) => Err(condition(
            OP,
            format!("coordinate {coord} has more modes than shape {shape}"),
        )),
        (Tuple(_), Tuple(_), Int(_)) => Err(condition(OP, "shape and stride are not congruent")),
        (Int(_), _, _) => {
            let c = coord.as_int_full().unwrap_or_default();
            match (shape.view(), stride.view()) {
                (Tuple(s), Tuple(d)) => {
                    if s.len() != d.len() {
                        return Err(condition(OP, "mismatched ranks of shape and stride"));
                    }
                    let modes: Vec<_> = s.zip(d).collect();
                    int_crd2idx_typed(c, &modes)
                }
                (Int(_), Int(_)) => c.mul(stride.as_int_full().unwrap_or_default(), OP),
                _ => Err(condition(OP, "shape and stride are not congruent")),
            }
        }
    }
}

/// CuTe's `crd2idx_itt` of an integer coordinate `c` over the modes (shape, stride) left.
fn int_crd2idx_typed(c: Kinded, modes: &[(&Tup, &Tup)]) -> Result<Kinded> {
    const OP: &str = "crd2idx";
    match modes {
        [] => Ok(Kinded::st(0)),
        [(s, d)] => crd2idx_typed(&IntTuple::of_int(c), s, d),
        _ if c.is_constant(0) => Ok(Kinded::st(0)),
        [(s, d), rest @ ..] => {
            let p = s.product_kind()?;
            let (q, m) = (c.div(p, OP)?, c.rem(p, OP)?);
            crd2idx_typed(&IntTuple::of_int(m), s, d)?.add(int_crd2idx_typed(q, rest)?, OP)
        }
    }
}

/// [`crd2idx`], reporting its arithmetic to `t`.
pub fn crd2idx_traced<C: Codomain, T: Trace>(
    coord: &Tup,
    shape: &Tup,
    stride: &Tup,
    t: &mut T,
) -> Result<C> {
    const OP: &str = "crd2idx";
    match (coord.view(), shape.view(), stride.view()) {
        (Tuple(c), Tuple(s), Tuple(d)) => {
            if c.len() != s.len() || s.len() != d.len() {
                return Err(condition(
                    OP,
                    format!("mismatched ranks: coordinate {coord} for shape {shape}"),
                ));
            }
            t.section(|| {
                Step::new(
                    OP,
                    "by mode",
                    format!("coordinate {coord} in {shape}:{stride}: the sum over the modes"),
                )
            });
            let mut acc = C::zero();
            for ((ci, si), di) in c.iter().zip(s).zip(d) {
                acc = acc.add(&crd2idx_traced(ci, si, di, t)?)?;
            }
            t.end();
            t.step(|| sum_step(coord, shape, stride, &acc));
            Ok(acc)
        }
        (Tuple(_), Int(_), _) => Err(condition(
            OP,
            format!("coordinate {coord} has more modes than shape {shape}"),
        )),
        (Tuple(_), Tuple(_), Int(_)) => Err(condition(OP, "shape and stride are not congruent")),
        (Int(ci), _, _) => int_crd2idx_traced(ci, coord.is_dynamic(), shape, stride, t),
    }
}

/// [`crd2idx_traced`] of an integer coordinate `ci` (`ci_dynamic`: a run-time one), passed as
/// it is down the split (no one-leaf tuple made for each mode's part).
fn int_crd2idx_traced<C: Codomain, T: Trace>(
    ci: i64,
    ci_dynamic: bool,
    shape: &Tup,
    stride: &Tup,
    t: &mut T,
) -> Result<C> {
    const OP: &str = "crd2idx";
    match (shape.view(), stride.view()) {
        (Tuple(s), Tuple(d)) => {
            if s.len() != d.len() {
                return Err(condition(OP, "mismatched ranks of shape and stride"));
            }
            if s.is_empty() {
                return Ok(C::zero());
            }
            let mut rest = ci;
            let mut rest_dynamic = C::KINDS && ci_dynamic;
            let mut acc = C::zero();
            let last = s.len() - 1;
            t.section(|| {
                Step::new(
                    OP,
                    "split",
                    format!("index {ci} in {shape}:{stride}: split colexicographically, the last mode takes the rest"),
                )
            });
            for (i, (si, di)) in s.iter().zip(d).enumerate() {
                if i == last {
                    t.step(|| {
                        Step::new(
                            OP,
                            "last mode",
                            format!("mode {i} ({si}) takes the rest {rest}"),
                        )
                    });
                    acc = acc.add(&int_crd2idx_traced(rest, rest_dynamic, si, di, t)?)?;
                } else {
                    // one walk of the mode for its size and, where the codomain keeps kinds,
                    // whether that size is static
                    let (p, p_dynamic) = if C::KINDS {
                        let k = si.product_kind()?;
                        (k.value, k.dynamic())
                    } else {
                        (si.product()?, false)
                    };
                    let m = arith::rem(rest, p, OP)?;
                    let q = arith::div(rest, p, OP)?;
                    t.step(|| {
                        Step::new(
                            OP,
                            "divmod",
                            format!("mode {i} (size {p}): {rest} = {q} * {p} + {m}, coordinate {m}, rest {q}"),
                        )
                        .check(Check::rel(
                            "quotient * size + remainder",
                            q.saturating_mul(p).saturating_add(m),
                            Rel::Eq,
                            rest,
                        ))
                    });
                    let (q_dynamic, m_dynamic) = C::split_kinds(rest, rest_dynamic, p, p_dynamic);
                    rest = q;
                    rest_dynamic = q_dynamic;
                    acc = acc.add(&int_crd2idx_traced(m, m_dynamic, si, di, t)?)?;
                }
            }
            t.end();
            t.step(|| {
                Step::new(OP, "sum", format!("index {ci} gives {acc}")).val("index", acc.val())
            });
            Ok(acc)
        }
        (Int(si), Int(_)) => {
            let r = C::term(ci, ci_dynamic, stride);
            t.step(|| {
                let v = r
                    .as_ref()
                    .map(|v| v.to_string())
                    .unwrap_or_else(|e| e.to_string());
                Step::new(OP, "leaf", format!("{ci} * {stride} = {v} (shape {si})"))
            });
            r
        }
        _ => Err(condition(OP, "shape and stride are not congruent")),
    }
}

fn sum_step<C: Codomain>(coord: &Tup, shape: &Tup, stride: &Tup, acc: &C) -> Step {
    Step::new(
        "crd2idx",
        "sum",
        format!("crd2idx({coord}, {shape}, {stride}) = {acc}"),
    )
    .val("index", acc.val())
}

/// What a layout maps a coordinate to: an integer (`i64`) for integer strides, an [`Index`]
/// (an integer, a scaled basis element or an arithmetic tuple) for basis strides. CuTe's
/// `crd2idx` is one template over both; here one function over this trait.
pub trait Codomain: Sized + fmt::Display {
    /// `_0`, where the sum starts.
    fn zero() -> Self;
    /// The sum (CuTe's `+` of the codomain).
    fn add(&self, other: &Self) -> Result<Self>;
    /// Whether the codomain keeps the static/dynamic kind of the index (then the walk
    /// works out the kinds of the coordinate's parts as it splits it).
    const KINDS: bool = false;
    /// `c * d` for a leaf coordinate (`c_dynamic`: a run-time one) and a leaf stride.
    fn term(c: i64, c_dynamic: bool, stride: &Tup) -> Result<Self>;
    /// The kinds (`true`: run-time) of the quotient and remainder of `rest / p`, `rest % p`
    /// (`p` the size of a mode); only asked where [`Codomain::KINDS`].
    #[inline]
    fn split_kinds(_rest: i64, _rest_dynamic: bool, _p: i64, _p_dynamic: bool) -> (bool, bool) {
        (false, false)
    }
    /// The value for an explanation.
    fn val(&self) -> Val;
}

impl Codomain for i64 {
    #[inline]
    fn zero() -> i64 {
        0
    }
    #[inline]
    fn add(&self, other: &i64) -> Result<i64> {
        arith::add(*self, *other, "crd2idx")
    }
    #[inline]
    fn term(c: i64, _c_dynamic: bool, stride: &Tup) -> Result<i64> {
        if stride.basis().is_some() {
            return Err(condition(
                "crd2idx",
                format!(
                    "the stride {stride} is a basis element: the layout maps to coordinates, not integers"
                ),
            ));
        }
        arith::mul(c, stride.as_int().unwrap_or(0), "crd2idx")
    }
    fn val(&self) -> Val {
        Val::Int(*self)
    }
}

/// An integer index with its kind, found in the same walk as its value (stride.hpp's
/// recursion over the kinds of its arguments, with integral_constant.hpp's rules for a static
/// operand): `c * d` is static when both are, or when either is `_0` (`_0 * x`, `x * _0`); a
/// sum is static when its terms are; an integer coordinate over a tuple shape is split by
/// `divmod(c, product(s))`, each part static when `c` and the product are (`_0 / x`, `_0 % x`
/// and `x % _1` are `_0`), the last mode taking the rest.
impl Codomain for Kinded {
    const KINDS: bool = true;
    #[inline]
    fn zero() -> Kinded {
        Kinded::st(0)
    }
    #[inline]
    fn add(&self, other: &Kinded) -> Result<Kinded> {
        Ok(Kinded::of(
            arith::add(self.value, other.value, "crd2idx")?,
            self.dynamic() || other.dynamic(),
        ))
    }
    #[inline]
    fn term(c: i64, c_dynamic: bool, stride: &Tup) -> Result<Kinded> {
        let v = i64::term(c, c_dynamic, stride)?;
        let d_dynamic = stride.is_dynamic();
        let stat = (!c_dynamic && c == 0)
            || (!d_dynamic && stride.as_int() == Some(0))
            || (!c_dynamic && !d_dynamic);
        Ok(Kinded::of(v, !stat))
    }
    #[inline]
    fn split_kinds(rest: i64, rest_dynamic: bool, p: i64, p_dynamic: bool) -> (bool, bool) {
        match (rest_dynamic, p_dynamic) {
            (false, _) if rest == 0 => (false, false),
            (false, false) => (false, false),
            (_, false) if p == 1 => (true, false),
            _ => (true, true),
        }
    }
    fn val(&self) -> Val {
        Val::Int(self.value)
    }
}

impl Codomain for Index {
    fn zero() -> Index {
        IntTuple::int(0)
    }
    fn add(&self, other: &Index) -> Result<Index> {
        index_add(self, other)
    }
    fn term(c: i64, _c_dynamic: bool, stride: &Tup) -> Result<Index> {
        let d = stride
            .as_stride()
            .ok_or_else(|| condition("crd2idx", "shape and stride are not congruent"))?;
        Ok(IntTuple::stride(d.scaled(c, "crd2idx")?))
    }
    fn val(&self) -> Val {
        Val::Tuple(self.clone())
    }
}

/// CuTe's `idx2crd(idx, shape)`: colexicographic split; the last mode is not wrapped.
pub fn idx2crd(idx: &Tup, shape: &Tup) -> Result<IntTuple> {
    idx2crd_traced(idx, shape, &mut NoTrace)
}

/// [`idx2crd`], reporting its arithmetic to `t`.
pub fn idx2crd_traced<T: Trace>(idx: &Tup, shape: &Tup, t: &mut T) -> Result<IntTuple> {
    // the coordinate is written node by node into one builder (no tuple per mode)
    let mut b = TreeBuilder::new();
    idx2crd_into(idx, shape, &mut b, t)?;
    Ok(b.finish())
}

/// [`idx2crd_traced`], the coordinate appended to `b`.
fn idx2crd_into<T: Trace>(idx: &Tup, shape: &Tup, b: &mut TreeBuilder, t: &mut T) -> Result<()> {
    const OP: &str = "idx2crd";
    match (idx.view(), shape.view()) {
        (Tuple(i), Tuple(s)) => {
            if i.len() != s.len() {
                return Err(condition(OP, "mismatched ranks"));
            }
            let at = b.open();
            for (a, m) in i.iter().zip(s) {
                idx2crd_into(a, m, b, t)?;
            }
            b.close(at);
            Ok(())
        }
        (Tuple(_), Int(_)) => Err(condition(OP, "index has more modes than the shape")),
        (Int(_), Int(_)) => {
            t.step(|| {
                Step::new(
                    OP,
                    "leaf",
                    format!("an integer shape: the coordinate is {idx} itself"),
                )
            });
            b.push(idx);
            Ok(())
        }
        (Int(v), Tuple(_)) => {
            t.section(|| {
                Step::new(
                    OP,
                    "split",
                    format!("index {v} over {shape}: colexicographic, the leftmost mode fastest; the last mode is not wrapped"),
                )
            });
            let at = b.len();
            let r = split_last_takes_rest(Kinded::of(v, idx.is_dynamic()), shape, b, t);
            t.end();
            if r.is_ok() {
                t.step(|| {
                    let c = b.sub(at);
                    // sum of c_k times the product of the shapes before it
                    let back = c.leaves().iter().zip(shape.leaves()).try_fold(
                        (0i64, 1i64),
                        |(acc, p), (ck, sk)| {
                            Some((acc.checked_add(ck.checked_mul(p)?)?, p.checked_mul(sk)?))
                        },
                    );
                    let st = Step::new(OP, "result", format!("idx2crd({v}, {shape}) = {c}"))
                        .val("coordinate", c);
                    match back {
                        Some((b, _)) => st.check(Check::rel(
                            "round trip: sum of c_k times the shapes before it",
                            b,
                            Rel::Eq,
                            v,
                        )),
                        None => st,
                    }
                });
            }
            r
        }
    }
}

/// The coordinate of the index `rest` in `shape`, appended to `b`, as CuTe 4.7 splits it
/// (`crd2idx(idx, shape, make_basis_like(shape))`): each mode but the last takes
/// `rest % size(mode)`, the rest going on as `rest / size(mode)`; the last mode takes all that
/// is left; a tuple mode splits its part the same way. Each part of CuTe's kind: static where
/// the index and the sizes it is divided by are, and `_0 / x`, `_0 % x`, `x % _1` are `_0`.
fn split_last_takes_rest<T: Trace>(
    rest: Kinded,
    shape: &Tup,
    b: &mut TreeBuilder,
    t: &mut T,
) -> Result<()> {
    const OP: &str = "idx2crd";
    match shape.view() {
        Int(_) => {
            b.push_int_kind(rest.value, rest.dynamic());
            Ok(())
        }
        Tuple(v) => {
            let n = v.len();
            let at = b.open();
            let mut rest = rest;
            for (i, si) in v.iter().enumerate() {
                if i + 1 == n {
                    if si.is_int() {
                        let r = rest.value;
                        t.step(|| {
                            Step::new(
                                OP,
                                "last mode",
                                format!("the last mode ({si}) takes the rest: {r}"),
                            )
                        });
                    }
                    split_last_takes_rest(rest, si, b, t)?;
                } else {
                    let p = si.product_kind()?;
                    let m = rest.rem(p, OP)?;
                    let q = rest.div(p, OP)?;
                    let before = rest.value;
                    t.step(|| {
                        Step::new(
                            OP,
                            "divmod",
                            format!(
                                "mode of size {}: {before} % {} = {}, rest {before} / {} = {}",
                                p.value, p.value, m.value, p.value, q.value
                            ),
                        )
                    });
                    split_last_takes_rest(m, si, b, t)?;
                    rest = q;
                }
            }
            b.close(at);
            Ok(())
        }
    }
}

/// CuTe's `idx2crd(idx, shape, stride)`: `(idx / d) % s` at every leaf.
pub fn idx2crd_strided(idx: &Tup, shape: &Tup, stride: &Tup) -> Result<IntTuple> {
    let mut b = TreeBuilder::new();
    idx2crd_strided_into(idx, shape, stride, &mut b)?;
    Ok(b.finish())
}

/// [`idx2crd_strided`], the coordinate appended to `b`.
fn idx2crd_strided_into(idx: &Tup, shape: &Tup, stride: &Tup, b: &mut TreeBuilder) -> Result<()> {
    const OP: &str = "idx2crd";
    match (idx.view(), shape.view(), stride.view()) {
        (Tuple(i), Tuple(s), Tuple(d)) => {
            if i.len() != s.len() || s.len() != d.len() {
                return Err(condition(OP, "mismatched ranks"));
            }
            let at = b.open();
            for ((a, m), c) in i.iter().zip(s).zip(d) {
                idx2crd_strided_into(a, m, c, b)?;
            }
            b.close(at);
        }
        (Tuple(_), _, _) => return Err(condition(OP, "index has more modes than the shape")),
        (Int(_), Tuple(s), Tuple(d)) => {
            if s.len() != d.len() {
                return Err(condition(OP, "mismatched ranks of shape and stride"));
            }
            let at = b.open();
            for (m, c) in s.iter().zip(d) {
                idx2crd_strided_into(idx, m, c, b)?;
            }
            b.close(at);
        }
        (Int(_), Tuple(_), Int(d)) => {
            let compact = compact_col_major(shape, d)?;
            idx2crd_strided_into(idx, shape, &compact, b)?;
        }
        (Int(i), Int(s), Int(d)) => {
            b.push_int(if s == 1 {
                0
            } else {
                arith::rem(arith::div(i, d, OP)?, s, OP)?
            });
        }
        (Int(_), Int(_), Tuple(_)) => {
            return Err(condition(OP, "stride has more modes than the shape"));
        }
    }
    Ok(())
}

/// CuTe's `compact_major<LayoutLeft>(shape, current)`: column-major strides, size-1 modes get 0.
///
/// Kinds as CuTe's: only a static 1 gets the stride `_0`; a stride has the kind of the product
/// so far (`current` static, then `current * s` for each extent before it).
pub fn compact_col_major(shape: &Tup, current: i64) -> Result<IntTuple> {
    compact_col_major_from(shape, Kinded::st(current))
}

/// [`compact_col_major`] from a `current` of either kind.
pub fn compact_col_major_from(shape: &Tup, current: Kinded) -> Result<IntTuple> {
    let mut cur = current;
    compact_left(shape, &mut cur)
}

/// One step of the compact strides: the stride of the leaf `shape` at `cur`, `cur` moved past it.
fn compact_leaf(shape: &Tup, s: i64, cur: &mut Kinded) -> Result<IntTuple> {
    if s == 1 && !shape.is_dynamic() {
        return Ok(IntTuple::int(0));
    }
    let d = *cur;
    if d.is_int_past_range() {
        return Err(condition(
            "compact stride",
            format!(
                "integer overflow: the int stride {} is past int's range (CuTe computes the product of the extents in int, their type: undefined behaviour in C++; make an extent int64_t to compute in 64 bits)",
                d.value
            ),
        ));
    }
    let extent = shape.as_int_full().unwrap_or(Kinded::st(s));
    // (the product past the last extent is unused: past `int`, it is no error)
    *cur = cur.mul_unused_past_int(extent, "compact stride")?;
    Ok(IntTuple::of_int(d))
}

fn compact_left(shape: &Tup, cur: &mut Kinded) -> Result<IntTuple> {
    match shape.view() {
        Int(s) => compact_leaf(shape, s, cur),
        Tuple(v) => v
            .iter()
            .map(|e| compact_left(e, cur))
            .collect::<Result<IntTuple>>(),
    }
}

/// CuTe's `compact_major<LayoutRight>(shape, 1)`: row-major strides, size-1 modes get 0.
pub fn compact_row_major(shape: &Tup) -> Result<IntTuple> {
    let mut cur = Kinded::st(1);
    compact_right(shape, &mut cur)
}

fn compact_right(shape: &Tup, cur: &mut Kinded) -> Result<IntTuple> {
    match shape.view() {
        Int(s) => compact_leaf(shape, s, cur),
        Tuple(v) => {
            let mut out = Vec::with_capacity(v.len());
            let modes: smallvec::SmallVec<[&Tup; 8]> = v.collect();
            for e in modes.into_iter().rev() {
                out.push(compact_right(e, cur)?);
            }
            out.reverse();
            Ok(IntTuple::tuple(out))
        }
    }
}

/// CuTe's `compact_order(shape, order)` (stride.hpp): compact strides visiting modes by
/// increasing order. "Dynamic values in order are ignored, considered large, and considered
/// ordered from left to right": a dynamic leaf `j` of the flattened order is replaced by
/// `max_order + 1 + j`, `max_order` the largest static leaf (at least 0). Each leaf `o` starts
/// at `product` of the shape under the leaves of lesser order (`_1` when none: static while
/// every factor is), compact column-major from there.
pub fn compact_order(shape: &Tup, order: &Tup) -> Result<IntTuple> {
    compact_order_named(shape, order, "make_ordered_layout")
}

/// [`compact_order`], its failures named `op` (the function called).
pub fn compact_order_named(shape: &Tup, order: &Tup, op: &'static str) -> Result<IntTuple> {
    // ref_shape: product of the shape under each leaf of order
    let mut ref_shape = Vec::new();
    product_like(shape, order, &mut ref_shape, op)?;
    let flat: Vec<(i64, bool)> = order.leaf_kind_iter().collect();
    let max_order = flat
        .iter()
        .filter(|(_, dynamic)| !dynamic)
        .fold(0i64, |v, &(o, _)| v.max(o));
    let mut ref_order = Vec::with_capacity(flat.len());
    for (j, &(o, dynamic)) in flat.iter().enumerate() {
        ref_order.push(if dynamic {
            arith::add(arith::add(max_order, 1, op)?, j as i64, op)?
        } else {
            o
        });
    }
    let mut next = 0usize;
    compact_order_rec(shape, order, &ref_shape, &ref_order, &mut next, op)
}

/// The product of `shape` under each leaf of `guide`, with its kind, in order.
fn product_like(shape: &Tup, guide: &Tup, out: &mut Vec<Kinded>, op: &'static str) -> Result<()> {
    match (guide.view(), shape.view()) {
        (Int(_), _) => out.push(shape.product_kind()?),
        (Tuple(g), Tuple(s)) if g.len() == s.len() => {
            for (a, b) in g.iter().zip(s) {
                product_like(b, a, out, op)?;
            }
        }
        _ => {
            return Err(condition(
                op,
                format!(
                    "mismatched tuple_size: order {guide} does not match the modes of shape {shape}"
                ),
            ));
        }
    }
    Ok(())
}

fn compact_order_rec(
    shape: &Tup,
    order: &Tup,
    ref_shape: &[Kinded],
    ref_order: &[i64],
    next: &mut usize,
    op: &'static str,
) -> Result<IntTuple> {
    match order.view() {
        Tuple(o) => {
            let s = match shape.view() {
                Tuple(s) if s.len() == o.len() => s,
                _ => return Err(condition(op, "need equal rank of shape and order")),
            };
            s.iter()
                .zip(o)
                .map(|(a, b)| compact_order_rec(a, b, ref_shape, ref_order, next, op))
                .collect::<Result<IntTuple>>()
        }
        Int(_) => {
            let o = ref_order[*next];
            *next += 1;
            let mut start = Kinded::st(1);
            for (s, ro) in ref_shape.iter().zip(ref_order) {
                if *ro < o {
                    start = start.mul(*s, op)?;
                }
            }
            compact_col_major_from(shape, start)
        }
    }
}
