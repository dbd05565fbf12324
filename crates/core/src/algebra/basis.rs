//! CuTe's basis elements and arithmetic tuples (arithmetic_tuple.hpp): the strides of identity
//! layouts and the coordinates they map to.
//!
//! `E<n0,n1,…>` is the unit along the hierarchical mode `(n0,n1,…)` of a coordinate; a
//! `ScaledBasis` `v@…` is `v` times it. A layout whose strides are basis elements maps a
//! coordinate not to an integer but to an `ArithmeticTuple`: `(4,8):(1@0,1@1)` maps `(2,3)` to
//! `(2,3)`. Here a basis element is a leaf of an IntTuple ([`Basis`] in the leaf), and what a
//! layout maps to (an [`Index`]) is an IntTuple too: an integer, one scaled basis leaf, or a
//! tuple (the arithmetic tuple).

use std::fmt;

use smallvec::SmallVec;

use super::arith;
use super::error::{Result, condition};
use super::int_tuple::{IntTuple, Tup, TupleBuilder, View};

pub use crate::limits::{MAX_BASIS_DEPTH, MAX_BASIS_MODE};

/// A basis path `E<n0,n1,…>` (outermost mode first, as CuTe's template writes it), never empty
/// (`E<>` is the integer 1). Packed: byte `k` holds `n_k + 1`, 0 past the end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Basis(std::num::NonZeroU32);

impl Basis {
    /// The path `E<n0,n1,…>`, outermost first.
    pub fn from_path(path: &[i64]) -> Result<Basis> {
        if path.is_empty() || path.len() > MAX_BASIS_DEPTH {
            return Err(condition(
                "basis",
                format!(
                    "a basis element E<…> has 1 to {MAX_BASIS_DEPTH} mode indices, not {}",
                    path.len()
                ),
            ));
        }
        let mut packed = 0u32;
        for (k, &n) in path.iter().enumerate() {
            if !(0..=MAX_BASIS_MODE).contains(&n) {
                return Err(condition(
                    "basis",
                    format!("mode index {n} of a basis element is outside 0..={MAX_BASIS_MODE}"),
                ));
            }
            packed |= ((n + 1) as u32) << (8 * k);
        }
        Ok(Basis(
            std::num::NonZeroU32::new(packed).expect("a basis has a mode, whose byte is not 0"),
        ))
    }

    /// The path as CuTe prints it after the value, innermost first: `3@1@0` is `E<0,1>` scaled by 3.
    pub fn from_printed(printed: &[i64]) -> Result<Basis> {
        let path: SmallVec<[i64; 4]> = printed.iter().rev().copied().collect();
        Basis::from_path(&path)
    }

    /// The packed form (its first byte is never 0): what an IntTuple's node keeps.
    #[inline]
    pub(super) fn packed(self) -> u32 {
        self.0.get()
    }

    /// The basis of a node's packed form, none where it is 0 (an integer): the
    /// `Option<Basis>` is the packed form itself (no branch).
    #[inline]
    pub(super) fn from_packed_or_none(packed: u32) -> Option<Basis> {
        std::num::NonZeroU32::new(packed).map(Basis)
    }

    /// The basis of a packed form that [`Basis::packed`] gave.
    #[inline]
    pub(super) fn from_packed(packed: u32) -> Basis {
        Basis(std::num::NonZeroU32::new(packed).expect("a packed basis is not 0"))
    }

    /// The mode indices, outermost first.
    pub fn path(self) -> SmallVec<[i64; 4]> {
        (0..MAX_BASIS_DEPTH)
            .map(|k| (self.0.get() >> (8 * k)) & 0xff)
            .take_while(|&b| b != 0)
            .map(|b| i64::from(b) - 1)
            .collect()
    }

    /// `E<n, path…>`: this path inside mode `n` of an enclosing tuple.
    pub fn within(self, n: i64) -> Result<Basis> {
        let mut path = SmallVec::<[i64; 4]>::new();
        path.push(n);
        path.extend(self.path());
        Basis::from_path(&path)
    }
}

impl fmt::Display for Basis {
    /// CuTe's print: the modes innermost first, each after an `@`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in self.path().iter().rev() {
            write!(f, "@{n}")?;
        }
        Ok(())
    }
}

/// A stride leaf: an integer, or an integer times a basis element (`2@1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stride {
    /// The integer (the scale of a basis element).
    pub value: i64,
    /// The basis element, if any.
    pub basis: Option<Basis>,
    /// The integer's kind and divisibility in one field, as an [`Int`](super::integer::Int)
    /// keeps them ([`Int::kind`](super::integer::Int::kind)): 0 where the integer (the
    /// coefficient of a basis element) is static (an integral constant), else dynamic (CuTe: a
    /// run-time value) and, more than 1, what the DSL knows it to be a multiple of (an integer
    /// stride's only; a basis element's coefficient is 0 or 1).
    kind: u32,
}

const _: () = assert!(std::mem::size_of::<Stride>() == 16);

impl Stride {
    /// An integer stride.
    #[inline]
    pub fn int(value: i64) -> Stride {
        Stride {
            value,
            basis: None,
            kind: 0,
        }
    }

    /// An integer stride, dynamic where `dynamic`.
    #[inline]
    pub fn int_of(value: i64, dynamic: bool) -> Stride {
        Stride {
            value,
            basis: None,
            kind: dynamic as u32,
        }
    }

    /// The stride `value` (times `basis`, where one) of the kind [`Stride::kind`] gave.
    #[inline(always)]
    pub(crate) const fn of_kind(value: i64, basis: Option<Basis>, kind: u32) -> Stride {
        Stride { value, basis, kind }
    }

    /// Its kind and divisibility as one integer ([`Int::kind`](super::integer::Int::kind)).
    #[inline(always)]
    pub(crate) const fn kind(self) -> u32 {
        self.kind
    }

    /// Whether the integer (the coefficient of a basis element) is dynamic (CuTe: a run-time
    /// value, not an integral constant).
    #[inline(always)]
    pub const fn dynamic(self) -> bool {
        self.kind != 0
    }

    /// This stride, dynamic where `dynamic` (a dynamic one keeps its divisibility).
    #[inline]
    pub fn with_dynamic(self, dynamic: bool) -> Stride {
        let kind = if !dynamic {
            0
        } else if self.kind == 0 {
            1
        } else {
            self.kind
        };
        Stride { kind, ..self }
    }

    /// `value@basis`.
    #[inline]
    pub fn new(value: i64, basis: Basis) -> Stride {
        Stride {
            value,
            basis: Some(basis),
            kind: 0,
        }
    }

    /// `k * stride` (CuTe: `a * ScaledBasis<T,N…>` is `ScaledBasis<a*T,N…>`).
    #[inline]
    pub fn scaled(self, k: i64, op: &'static str) -> Result<Stride> {
        Ok(Stride {
            value: arith::mul(self.value, k, op)?,
            // (of its divisibility nothing is known: only its kind is kept, the DSL's 64-bit
            // one's too)
            kind: if self.kind == 0 {
                0
            } else if super::integer::is_i64_kind(self.kind) {
                super::integer::I64_KIND
            } else {
                1
            },
            ..self
        })
    }
}

impl Stride {
    /// The coefficient (the integer) with its kind.
    #[inline]
    pub fn coefficient(self) -> super::integer::Int {
        super::integer::Int::of_kind(self.value, self.kind)
    }

    /// The integer stride `i`, its kind and divisibility kept.
    #[inline]
    pub fn of_int(i: super::integer::Int) -> Stride {
        Stride {
            value: i.value,
            basis: None,
            kind: i.kind(),
        }
    }

    /// `k * stride` with CuTe's kinds ([`Int::mul`](super::integer::Int::mul): `_0 * x` is `_0`).
    #[inline]
    pub fn times(self, k: super::integer::Int, op: &'static str) -> Result<Stride> {
        let c = self.coefficient().mul(k, op)?;
        Ok(Stride {
            value: c.value,
            basis: self.basis,
            // a basis element's coefficient keeps no divisibility
            kind: if self.basis.is_none() {
                c.kind()
            } else {
                c.dynamic() as u32
            },
        })
    }

    /// Whether the two are equal as a static fact (CuTe's `is_constant<true, a == b>`): both
    /// static, of the same value and basis.
    #[inline]
    pub fn statically_equal(self, other: Stride) -> bool {
        !self.dynamic()
            && !other.dynamic()
            && self.value == other.value
            && self.basis == other.basis
    }
}

impl fmt::Display for Stride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.basis {
            None => write!(f, "{}", self.value),
            Some(b) => write!(f, "{}{b}", self.value),
        }
    }
}

impl From<Stride> for super::trace::Val {
    /// An integer stride as an integer, a basis element as a one-leaf tuple.
    fn from(d: Stride) -> Self {
        match d.basis {
            None => super::trace::Val::Int(d.value),
            Some(_) => super::trace::Val::Tuple(IntTuple::stride(d)),
        }
    }
}

/// What a layout maps a coordinate to: an integer, a scaled basis element, or an arithmetic
/// tuple (a tuple of these).
pub type Index = IntTuple;

/// CuTe's `as_arithmetic_tuple` of a scaled basis element: `v@[n0,n1,…]` is a tuple of `n0`
/// zeros and then the element `v@[n1,…]` made a tuple the same way.
fn as_arithmetic_tuple(value: i64, dynamic: bool, path: &[i64]) -> IntTuple {
    match path.split_first() {
        None => IntTuple::int_of(value, dynamic),
        Some((&n, rest)) => {
            let mut b = TupleBuilder::new();
            for _ in 0..n {
                b.push_int(0);
            }
            b.push(&as_arithmetic_tuple(value, dynamic, rest));
            b.finish()
        }
    }
}

/// CuTe's `+` on indices (arithmetic_tuple.hpp): integers add; a zero integer added to a basis
/// element or an arithmetic tuple leaves it; two basis elements, or a basis element and a tuple,
/// add as arithmetic tuples, element by element, the shorter padded with zeros. A nonzero integer
/// added to a basis element or tuple is CuTe's static_assert ("ScaledBasis op+ error!").
/// Integers add as CuTe's integral constants do: static only when both are.
pub fn index_add(a: &Tup, b: &Tup) -> Result<Index> {
    const OP: &str = "ArithmeticTuple +";
    let kind = |t: &Tup| match (t.view(), t.basis()) {
        (View::Int(v), None) => Kind::Int(v),
        (View::Int(_), Some(_)) => Kind::Scaled,
        (View::Tuple(_), _) => Kind::Tuple,
    };
    match (kind(a), kind(b)) {
        (Kind::Int(x), Kind::Int(y)) => {
            let v = arith::add(x, y, OP)?;
            Ok(IntTuple::int_of(v, a.is_dynamic() || b.is_dynamic()))
        }
        (Kind::Int(0), _) => Ok(b.to_owned()),
        (_, Kind::Int(0)) => Ok(a.to_owned()),
        (Kind::Int(x), _) | (_, Kind::Int(x)) => Err(condition(
            OP,
            format!(
                "{a} + {b}: the integer {x} cannot be added to a basis element or an arithmetic tuple (CuTe's static_assert: ScaledBasis op+ error!)"
            ),
        )),
        _ => {
            let ta = tuple_form(a);
            let tb = tuple_form(b);
            let (View::Tuple(ma), View::Tuple(mb)) = (ta.view(), tb.view()) else {
                return Err(condition(OP, "an arithmetic tuple is a tuple"));
            };
            let zero = IntTuple::int(0);
            let r = ma.len().max(mb.len());
            let mut out = TupleBuilder::new();
            for i in 0..r {
                let x = ma.get(i).unwrap_or(&zero);
                let y = mb.get(i).unwrap_or(&zero);
                out.push(&index_add(x, y)?);
            }
            Ok(out.finish())
        }
    }
}

/// A scaled basis element as its arithmetic tuple; a tuple as itself.
pub(crate) fn tuple_form(t: &Tup) -> IntTuple {
    match (t.view(), t.basis()) {
        (View::Int(v), Some(b)) => as_arithmetic_tuple(v, t.is_dynamic(), &b.path()),
        _ => t.to_owned(),
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Int(i64),
    Scaled,
    Tuple,
}

/// CuTe's `make_basis_like(shape)`: the basis element of each leaf's hierarchical mode, `E<i,j,…>`
/// for the leaf at `(i,j,…)`; an integer shape gets the integer 1 (`E<>`).
pub fn make_basis_like(shape: &Tup) -> Result<IntTuple> {
    fn go(shape: &Tup, path: &mut SmallVec<[i64; 4]>) -> Result<IntTuple> {
        match shape.view() {
            View::Int(_) if path.is_empty() => Ok(IntTuple::int(1)),
            View::Int(_) => Ok(IntTuple::stride(Stride::new(1, Basis::from_path(path)?))),
            View::Tuple(m) => {
                let mut out = TupleBuilder::new();
                for (i, mi) in m.enumerate() {
                    path.push(i as i64);
                    let r = go(mi, path);
                    path.pop();
                    out.push(&r?);
                }
                Ok(out.finish())
            }
        }
    }
    // a leaf at depth d has a path of d modes
    if shape.depth() > MAX_BASIS_DEPTH {
        return Err(condition(
            "make_basis_like",
            format!(
                "shape {shape} is nested {} levels deep, deeper than the {MAX_BASIS_DEPTH} levels of a basis element cute models (MAX_BASIS_DEPTH)",
                shape.depth()
            ),
        ));
    }
    go(shape, &mut SmallVec::new())
}

/// A layout's component along one basis element (or its integer strides, `None`): the integer
/// layout's stride keeps the leaves of that basis with their values, all others become 0. A
/// layout with basis strides is the sum of its components, so a law holds for it exactly when it
/// holds for each component.
pub fn component(stride: &Tup, basis: Option<Basis>) -> Result<IntTuple> {
    stride.map_strides(&mut |s| Ok(Stride::int(if s.basis == basis { s.value } else { 0 })))
}

/// The distinct bases of a stride's leaves (`None` for its integer leaves), in first-seen order.
pub fn bases_of(stride: &Tup) -> SmallVec<[Option<Basis>; 4]> {
    let mut out: SmallVec<[Option<Basis>; 4]> = SmallVec::new();
    for s in stride.stride_leaves() {
        if !out.contains(&s.basis) {
            out.push(s.basis);
        }
    }
    out
}

/// CuTe's `coshape(L)` of a layout with basis strides: `abs`-strided `L(size(L) - 1)` as an
/// arithmetic tuple, plus 1 at every leaf (the extent of the coordinates it reaches).
///
/// @post product(coshape(L)) == cosize(L)
pub fn coshape(l: &super::layout::Layout) -> Result<IntTuple> {
    const OP: &str = "coshape";
    let abs = l.stride().map_strides(&mut |d| {
        Ok(Stride {
            value: arith::abs(d.value, OP)?,
            ..d
        })
    })?;
    let last = arith::sub(l.size()?, 1, OP)?;
    let abs_layout = super::layout::Layout::new(l.shape().to_owned(), abs)?;
    let far = tuple_form(&abs_layout.eval_index(&IntTuple::int(last))?);
    far.map_leaves(&mut |c| arith::add(c, 1, OP))
}

/// CuTe's `coprofile(L)`: `repeat_like(sum(stride(L)), 0)`, the structure of the coordinates a
/// layout with basis strides maps to, as zeros.
pub fn coprofile(stride: &Tup) -> Result<IntTuple> {
    let mut sum = IntTuple::int(0);
    for d in stride.stride_leaves() {
        sum = index_add(&sum, &IntTuple::stride(d))?;
    }
    Ok(tuple_form(&sum).repeat_like(0))
}
