//! Coordinates (possibly with `_` slicing markers) and CuTe's crd2idx / idx2crd / compact strides.

use std::fmt;

use super::arith;
use super::basis::{Index, index_add};
use super::composition::Rule;
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

    /// Whether the coordinate is `_` throughout (CuTe's `all_underscore`).
    pub fn all_underscore(&self) -> bool {
        match self {
            Coord::Int(_) => false,
            Coord::Under => true,
            Coord::Tuple(v) => v.iter().all(Coord::all_underscore),
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
/// of the leaves' C++ type where one has a type other than `int` ([`CppIndex`]).
#[inline]
pub fn crd2idx_kind(coord: &Tup, shape: &Tup, stride: &Tup) -> Result<Kinded> {
    let k: Kinded = crd2idx_traced(coord, shape, stride, &mut NoTrace)?;
    if k.dynamic() && (has_cpp_leaf(coord) || has_cpp_leaf(stride) || has_cpp_leaf(shape)) {
        return crd2idx_cpp(coord, shape, stride);
    }
    Ok(k)
}

/// Whether a leaf of `t` has a C++ integer type other than `int` ([`Kinded::cpp_type`]).
#[inline]
fn has_cpp_leaf(t: &Tup) -> bool {
    t.leaf_int_iter().any(|i| i.cpp_type().is_some())
}

/// CuTe's `crd2idx(coord, shape, stride)` computed as CuTe computes it, each operation in its
/// operands' C++ types (the walk of [`crd2idx_traced`] into the [`CppIndex`] codomain): an
/// `int64_t` stride makes the index an `int64_t`, a `size_t` coordinate a `size_t`, and an
/// `int` index past its range is the `int` overflow (undefined behaviour in C++).
#[cold]
pub fn crd2idx_cpp(coord: &Tup, shape: &Tup, stride: &Tup) -> Result<Kinded> {
    crd2idx_traced::<CppIndex, _>(coord, shape, stride, &mut NoTrace).map(|i| i.0)
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
        (Int(ci), _, _) => int_crd2idx_traced(C::leaf_coordinate(coord, ci), shape, stride, t),
    }
}

/// [`crd2idx_traced`] of an integer coordinate `ci` (of its kind), passed as it is down the
/// split (no one-leaf tuple made for each mode's part).
fn int_crd2idx_traced<C: Codomain, T: Trace>(
    ci: Kinded,
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
            let mut acc = C::zero();
            let last = s.len() - 1;
            t.section(|| {
                Step::new(
                    OP,
                    "split",
                    format!("index {} in {shape}:{stride}: split colexicographically, the last mode takes the rest", ci.value),
                )
            });
            for (i, (si, di)) in s.iter().zip(d).enumerate() {
                if i == last {
                    t.step(|| {
                        Step::new(
                            OP,
                            "last mode",
                            format!("mode {i} ({si}) takes the rest {}", rest.value),
                        )
                    });
                    acc = acc.add(&int_crd2idx_traced(rest, si, di, t)?)?;
                } else {
                    // one walk of the mode for its size and, where the codomain keeps kinds,
                    // whether that size is static
                    let size = C::mode_size(si)?;
                    let (q, m) = C::split(rest, size)?;
                    t.step(|| {
                        let (rest, p, q, m) = (rest.value, size.value, q.value, m.value);
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
                    rest = q;
                    acc = acc.add(&int_crd2idx_traced(m, si, di, t)?)?;
                }
            }
            t.end();
            t.step(|| {
                Step::new(OP, "sum", format!("index {} gives {acc}", ci.value))
                    .val("index", acc.val())
            });
            Ok(acc)
        }
        (Int(si), Int(_)) => {
            let r = C::term(ci, stride);
            t.step(|| {
                let v = r
                    .as_ref()
                    .map(|v| v.to_string())
                    .unwrap_or_else(|e| e.to_string());
                Step::new(
                    OP,
                    "leaf",
                    format!("{} * {stride} = {v} (shape {si})", ci.value),
                )
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
    /// The integer coordinate `coord` (of value `ci`) as the walk carries it: its value and
    /// kind (what the kinds' and the integers' codomains read).
    #[inline]
    fn leaf_coordinate(coord: &Tup, ci: i64) -> Kinded {
        Kinded::of(ci, coord.is_dynamic())
    }
    /// `c * d` for a leaf coordinate `c` and a leaf stride.
    fn term(c: Kinded, stride: &Tup) -> Result<Self>;
    /// The size of a mode an integer coordinate is split over (`product(s)`); of its kind
    /// where the codomain keeps kinds, else its value (the kinds unread).
    #[inline]
    fn mode_size(s: &Tup) -> Result<Kinded> {
        Ok(Kinded::st(s.product()?))
    }
    /// The quotient and remainder of `rest / p`, `rest % p` (`p` the size of a mode), the
    /// kinds unread where the codomain does not keep them.
    #[inline]
    fn split(rest: Kinded, p: Kinded) -> Result<(Kinded, Kinded)> {
        Ok((
            Kinded::st(arith::div(rest.value, p.value, "crd2idx")?),
            Kinded::st(arith::rem(rest.value, p.value, "crd2idx")?),
        ))
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
    fn term(c: Kinded, stride: &Tup) -> Result<i64> {
        if stride.basis().is_some() {
            return Err(condition(
                "crd2idx",
                format!(
                    "the stride {stride} is a basis element: the layout maps to coordinates, not integers"
                ),
            ));
        }
        arith::mul(c.value, stride.as_int().unwrap_or(0), "crd2idx")
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
    fn term(ci: Kinded, stride: &Tup) -> Result<Kinded> {
        let v = i64::term(ci, stride)?;
        let (c, c_dynamic) = (ci.value, ci.dynamic());
        let d_dynamic = stride.is_dynamic();
        let stat = (!c_dynamic && c == 0)
            || (!d_dynamic && stride.as_int() == Some(0))
            || (!c_dynamic && !d_dynamic);
        Ok(Kinded::of(v, !stat))
    }
    #[inline]
    fn mode_size(s: &Tup) -> Result<Kinded> {
        s.product_kind()
    }
    #[inline]
    fn split(rest: Kinded, p: Kinded) -> Result<(Kinded, Kinded)> {
        let (r, pv) = (rest.value, p.value);
        let (q, m) = (arith::div(r, pv, "crd2idx")?, arith::rem(r, pv, "crd2idx")?);
        let (q_dynamic, m_dynamic) = match (rest.dynamic(), p.dynamic()) {
            (false, _) if r == 0 => (false, false),
            (false, false) => (false, false),
            (_, false) if pv == 1 => (true, false),
            _ => (true, true),
        };
        Ok((Kinded::of(q, q_dynamic), Kinded::of(m, m_dynamic)))
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
    fn term(c: Kinded, stride: &Tup) -> Result<Index> {
        let d = stride
            .as_stride()
            .ok_or_else(|| condition("crd2idx", "shape and stride are not congruent"))?;
        Ok(IntTuple::stride(d.scaled(c.value, "crd2idx")?))
    }
    fn val(&self) -> Val {
        Val::Tuple(self.clone())
    }
}

/// An integer index computed as CuTe C++ computes it (stride.hpp's recursion, each operation
/// [`Kinded`]'s in its operands' C++ types: `c * d`, the left fold of the modes' sum, an
/// integer coordinate over a tuple shape split by `c / product(s_i)` and `c % product(s_i)`
/// (`_0 / x`, `_0 % x` are `_0`), the last mode taking the rest). So an `int64_t` stride makes
/// the index an `int64_t`, and a run-time `int` past its range is the `int` overflow error.
/// Apart from [`Kinded`]'s codomain (which checks no overflow and keeps only kinds: the
/// common path), asked where a leaf has a C++ type other than `int` or an `int` index is past
/// its range.
#[derive(Clone, Copy, Debug)]
pub struct CppIndex(pub Kinded);

impl fmt::Display for CppIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.value)
    }
}

impl Codomain for CppIndex {
    fn leaf_coordinate(coord: &Tup, _ci: i64) -> Kinded {
        // (with its C++ type)
        coord.as_int_full().unwrap_or_default()
    }
    fn zero() -> CppIndex {
        CppIndex(Kinded::st(0))
    }
    fn add(&self, other: &CppIndex) -> Result<CppIndex> {
        // (CuTe's fold `(... + crd2idx(c_i, s_i, d_i))` starts at the first term)
        if !self.0.dynamic() && self.0.value == 0 {
            return Ok(*other);
        }
        self.0.add(other.0, "crd2idx").map(CppIndex)
    }
    fn term(c: Kinded, stride: &Tup) -> Result<CppIndex> {
        if stride.basis().is_some() {
            // (the integer codomain's error)
            i64::term(c, stride)?;
        }
        c.mul(stride.as_int_full().unwrap_or_default(), "crd2idx")
            .map(CppIndex)
    }
    fn mode_size(s: &Tup) -> Result<Kinded> {
        s.product_kind()
    }
    fn split(rest: Kinded, p: Kinded) -> Result<(Kinded, Kinded)> {
        Ok((rest.div(p, "crd2idx")?, rest.rem(p, "crd2idx")?))
    }
    fn val(&self) -> Val {
        Val::Int(self.0.value)
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
    compact_col_major_under(shape, current, Rule::Cpp)
}

/// [`compact_col_major_from`] under `rule` (of C++ text, the running product of static
/// extents in `int` constants: [`compact_leaf`]).
pub fn compact_col_major_under(shape: &Tup, current: Kinded, rule: Rule) -> Result<IntTuple> {
    let mut cur = current;
    compact_left(shape, &mut cur, rule)
}

/// One step of the compact strides: the stride of the leaf `shape` at `cur`, `cur` moved past it.
/// Of C++ text (`rule`), the product of two static extents is `C<t> * C<u>` of `int` constants:
/// past `int`'s range C++'s run-time `int` (cute-oracle: `make_layout(make_shape(Int<65536>{},
/// Int<65536>{}, Int<2>{}))` is `(_65536,_65536,_2):(_1,_65536,0)`), an error where it is a
/// stride, none past the last extent (unused).
fn compact_leaf(shape: &Tup, s: i64, cur: &mut Kinded, rule: Rule) -> Result<IntTuple> {
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
    let next = cur.mul_unused_past_int(extent, "compact stride")?;
    *cur = if rule == Rule::CppText
        && !d.dynamic()
        && !extent.dynamic()
        && Kinded::past_int_constants(d.value, extent.value, next.value)
    {
        // C++'s run-time `int`
        Kinded::dy(next.value)
    } else {
        next
    };
    Ok(IntTuple::of_int(d))
}

fn compact_left(shape: &Tup, cur: &mut Kinded, rule: Rule) -> Result<IntTuple> {
    match shape.view() {
        Int(s) => compact_leaf(shape, s, cur, rule),
        Tuple(v) => v
            .iter()
            .map(|e| compact_left(e, cur, rule))
            .collect::<Result<IntTuple>>(),
    }
}

/// CuTe's `compact_major<LayoutRight>(shape, 1)`: row-major strides, size-1 modes get 0.
pub fn compact_row_major(shape: &Tup) -> Result<IntTuple> {
    compact_row_major_under(shape, Rule::Cpp)
}

/// [`compact_row_major`] under `rule` ([`compact_col_major_under`]).
pub fn compact_row_major_under(shape: &Tup, rule: Rule) -> Result<IntTuple> {
    let mut cur = Kinded::st(1);
    compact_right(shape, &mut cur, rule)
}

fn compact_right(shape: &Tup, cur: &mut Kinded, rule: Rule) -> Result<IntTuple> {
    match shape.view() {
        Int(s) => compact_leaf(shape, s, cur, rule),
        Tuple(v) => {
            let mut out = Vec::with_capacity(v.len());
            let modes: smallvec::SmallVec<[&Tup; 8]> = v.collect();
            for e in modes.into_iter().rev() {
                out.push(compact_right(e, cur, rule)?);
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
    compact_order_under(shape, order, op, Rule::Cpp)
}

/// [`compact_order_named`], its products computed under `rule`: C++'s (an `int` past its
/// range is an error) or the CuTe DSL's (its `Int32`s wrap).
pub fn compact_order_under(
    shape: &Tup,
    order: &Tup,
    op: &'static str,
    rule: Rule,
) -> Result<IntTuple> {
    // ref_shape: product of the shape under each leaf of order
    let mut ref_shape = Vec::new();
    product_like(shape, order, &mut ref_shape, op, rule)?;
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
    compact_order_rec(shape, order, &ref_shape, &ref_order, &mut next, op, rule)
}

/// The product of `shape` under each leaf of `guide`, with its kind, in order.
fn product_like(
    shape: &Tup,
    guide: &Tup,
    out: &mut Vec<Kinded>,
    op: &'static str,
    rule: Rule,
) -> Result<()> {
    match (guide.view(), shape.view()) {
        (Int(_), _) => out.push(shape.product_kind_under(rule)?),
        (Tuple(g), Tuple(s)) if g.len() == s.len() => {
            for (a, b) in g.iter().zip(s) {
                product_like(b, a, out, op, rule)?;
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
    rule: Rule,
) -> Result<IntTuple> {
    match order.view() {
        Tuple(o) => {
            let s = match shape.view() {
                Tuple(s) if s.len() == o.len() => s,
                _ => return Err(condition(op, "need equal rank of shape and order")),
            };
            s.iter()
                .zip(o)
                .map(|(a, b)| compact_order_rec(a, b, ref_shape, ref_order, next, op, rule))
                .collect::<Result<IntTuple>>()
        }
        Int(_) => {
            let o = ref_order[*next];
            *next += 1;
            let mut start = Kinded::st(1);
            for (s, ro) in ref_shape.iter().zip(ref_order) {
                if *ro < o {
                    start = start.mul_under(*s, op, rule)?;
                }
            }
            compact_col_major_under(shape, start, rule)
        }
    }
}
