//! CuTe's operations on IntTuples, walked on their nodes: congruence and compatibility,
//! `flatten`, the maps of the leaves, `size` (the product), `ceil_div`, `shape_div`,
//! `product_each`, and whether an IntTuple is a layout's shape, or two are a layout
//! ([`ShapeFault`], [`LayoutFault`]).

use smallvec::SmallVec;

use super::node::{DYNAMIC, Kind, Node, OPEN, basis_bits, stride_node};
use super::{IntTuple, Tup, TupleBuilder, View};
use crate::algebra::arith;
use crate::algebra::basis::Stride;
use crate::algebra::error::{Result, condition};
use crate::algebra::integer::Int;

/// Why an IntTuple is not a layout's shape ([`Tup::shape_fault`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ShapeFault {
    /// It has a basis element: extents are integers.
    Basis,
    /// It has this extent, which is not positive (the first such).
    NonPositive(i64),
}

/// Why a shape and a stride are not a layout ([`Tup::layout_fault`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayoutFault {
    /// They are not congruent.
    Incongruent,
    /// The shape is not one.
    Shape(ShapeFault),
}

impl Tup {
    /// Product of all leaves (`size`).
    pub fn product(&self) -> Result<i64> {
        self.leaf_iter()
            .try_fold(1i64, |acc, v| arith::mul(acc, v, "size"))
    }

    /// CuTe's `product` with its kind: `_1 * v0 * v1 * …` (a single integer is itself), static
    /// only where every factor is (or one is the static 0).
    #[inline]
    pub fn product_kind(&self) -> Result<crate::algebra::integer::Int> {
        self.product_kind_under(crate::algebra::composition::Rule::Cpp)
    }

    /// [`Tup::product_kind`] under `rule`: C++'s `int` product past its range is an error; the
    /// CuTe DSL's `Int32`s' product past 32 bits wraps modulo 2^32 as its traced arithmetic
    /// does at run time (the DSL 4.8.1 prints
    /// `cute.size(cute.make_layout((cutlass.Int32(65536), 65536)))` as `?{div=65536}`).
    #[inline]
    pub fn product_kind_under(
        &self,
        rule: crate::algebra::composition::Rule,
    ) -> Result<crate::algebra::integer::Int> {
        use crate::algebra::integer::Int;
        // (a static integer is itself; any other single leaf is, in the kinds' product)
        if let [n] = &self.0[..]
            && n.meta == 0
        {
            return Ok(Int::st(n.value));
        }
        // (C++ text: `_1 * C<v0> * C<v1> * …` in `int` constants, each product checked by
        // `Int::mul_under`: out of line, as the kinds')
        if rule == crate::algebra::composition::Rule::CppText {
            return self.product_of_kinds(rule);
        }
        // static integers (`meta` 0), as they mostly are: their values' product; at the first
        // other leaf, the kinds' product from the start
        let mut p = 1i64;
        for n in &self.0 {
            match n.meta {
                0 => p = arith::mul(p, n.value, "size")?,
                OPEN => {}
                _ => return self.product_of_kinds(rule),
            }
        }
        Ok(Int::st(p))
    }

    /// [`Tup::product_kind`] of a tuple with a dynamic leaf (or a basis element), kind by kind
    /// (apart: the static path reads no kinds), or of any tuple under C++ text's rule.
    #[inline(never)]
    fn product_of_kinds(
        &self,
        rule: crate::algebra::composition::Rule,
    ) -> Result<crate::algebra::integer::Int> {
        use crate::algebra::integer::Int;
        // (a single dynamic integer keeps its kind: `_1 * x` is `x`)
        if let Some(i) = self.as_int_full() {
            return Ok(i);
        }
        self.leaf_int_iter()
            .try_fold(Int::st(1), |acc, i| acc.mul_under(i, "size", rule))
    }

    /// Sum of all leaves.
    pub fn sum(&self) -> Result<i64> {
        self.leaf_iter()
            .try_fold(0i64, |acc, v| arith::add(acc, v, "sum"))
    }

    /// What keeps this from being a layout's shape, in one pass: a basis element (first), else
    /// the first extent that is not positive.
    pub fn shape_fault(&self) -> Option<ShapeFault> {
        let mut nonpositive = None;
        for n in &self.0 {
            match n.kind() {
                Kind::Scaled(..) => return Some(ShapeFault::Basis),
                Kind::Leaf(v) if v <= 0 && nonpositive.is_none() => nonpositive = Some(v),
                _ => {}
            }
        }
        nonpositive.map(ShapeFault::NonPositive)
    }

    /// Why `self:stride` is not a layout, in one walk of both: not congruent (first), else
    /// [`Tup::shape_fault`] of `self`. `None` when it is one.
    pub fn layout_fault(&self, stride: &Tup) -> Option<LayoutFault> {
        if self.0.len() != stride.0.len() {
            return Some(LayoutFault::Incongruent);
        }
        let (mut basis, mut nonpositive) = (false, None);
        // on the encoding's words: a tuple header pairs with an equal one (same rank and node
        // count); a leaf with a leaf, and then the shape's is an integer (meta 0) and positive
        for (s, d) in self.0.iter().zip(&stride.0) {
            // (a dynamic leaf's kind bit aside)
            let (sm, dm, v) = (s.meta & !DYNAMIC, d.meta & !DYNAMIC, s.value);
            if sm == OPEN || dm == OPEN {
                if s.meta != d.meta || s.value != d.value {
                    return Some(LayoutFault::Incongruent);
                }
            } else if sm != 0 && basis_bits(sm) != 0 {
                // (a dynamic integer's divisibility is no basis)
                basis = true;
            } else if v <= 0 && nonpositive.is_none() {
                nonpositive = Some(v);
            }
        }
        if basis {
            return Some(LayoutFault::Shape(ShapeFault::Basis));
        }
        nonpositive.map(|v| LayoutFault::Shape(ShapeFault::NonPositive(v)))
    }

    /// CuTe's `flatten`: an integer stays an integer, a tuple becomes a flat tuple.
    pub fn flatten(&self) -> IntTuple {
        if self.is_int() {
            return self.to_owned();
        }
        let mut b = TupleBuilder::new();
        for n in &self.0 {
            if n.is_leaf() {
                b.nodes.push(*n);
                b.rank += 1;
            }
        }
        b.finish()
    }

    /// Whether the two have the same tuple structure.
    pub fn congruent(&self, other: &Tup) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                // leaf with leaf, or a tuple's header with an equal one (rank and node count)
                .all(|(a, b)| match (a.is_leaf(), b.is_leaf()) {
                    (true, true) => true,
                    (false, false) => a == b,
                    _ => false,
                })
    }

    /// CuTe's `compatible(a, b)` (int_tuple.hpp): sizes agree and every leaf of `a` maps to a
    /// mode of `b`, of CuTe's kind: two tuples of one rank mode by mode (`true_type{} && ... &&
    /// compatible(a_i, b_i)`), of two ranks `false_type`; an integer a is `a == size(b)` (a
    /// run-time `bool` where either is dynamic); a tuple a against an integer b `false_type`.
    pub fn compatible(&self, other: &Tup) -> Result<crate::algebra::Truth> {
        use crate::algebra::Truth;
        match (self.view(), other.view()) {
            (View::Int(_), _) => Ok(Truth::equal(self.product_kind()?, other.product_kind()?)),
            (View::Tuple(a), View::Tuple(b)) => {
                if a.len() != b.len() {
                    return Ok(Truth::FALSE);
                }
                let mut all = Truth::TRUE;
                for (x, y) in a.zip(b) {
                    all = all.and(x.compatible(y)?);
                }
                Ok(all)
            }
            (View::Tuple(_), View::Int(_)) => Ok(Truth::FALSE),
        }
    }

    /// Apply `f` to every leaf, keeping the structure.
    pub fn map_leaves(&self, f: &mut impl FnMut(i64) -> Result<i64>) -> Result<IntTuple> {
        let mut nodes = SmallVec::with_capacity(self.0.len());
        for n in &self.0 {
            nodes.push(match n.kind() {
                Kind::Leaf(v) => Node::leaf(f(v)?),
                Kind::Scaled(v, b) => Node::scaled(f(v)?, b),
                Kind::Open { .. } => *n,
            });
        }
        Ok(IntTuple { nodes })
    }

    /// Apply `f` to every leaf as a kinded integer (value and kind), keeping the structure
    /// (a scaled basis element keeps its basis, its coefficient mapped).
    pub fn map_ints(&self, f: &mut impl FnMut(Int) -> Result<Int>) -> Result<IntTuple> {
        let mut nodes = SmallVec::with_capacity(self.0.len());
        for n in &self.0 {
            nodes.push(match n.kind() {
                Kind::Leaf(_) => Node::of_int(f(n.int())?),
                Kind::Scaled(v, b) => {
                    let r = f(Int::of(v, n.is_dynamic()))?;
                    Node::scaled(r.value, b).with_dynamic(r.dynamic())
                }
                Kind::Open { .. } => *n,
            });
        }
        Ok(IntTuple { nodes })
    }

    /// Apply `f` to every leaf as a stride (value and basis), keeping the structure.
    pub fn map_strides(&self, f: &mut impl FnMut(Stride) -> Result<Stride>) -> Result<IntTuple> {
        let mut nodes = SmallVec::with_capacity(self.0.len());
        for n in &self.0 {
            nodes.push(match n.kind() {
                Kind::Leaf(v) => stride_node(f(Stride::int(v))?),
                Kind::Scaled(v, b) => stride_node(f(Stride::new(v, b))?),
                Kind::Open { .. } => *n,
            });
        }
        Ok(IntTuple { nodes })
    }

    /// Replace every leaf with `value`.
    pub fn repeat_like(&self, value: i64) -> IntTuple {
        IntTuple {
            nodes: self
                .0
                .iter()
                .map(|n| match n.kind() {
                    Kind::Leaf(_) | Kind::Scaled(..) => Node::leaf(value),
                    Kind::Open { .. } => *n,
                })
                .collect(),
        }
    }

    /// CuTe's `ceil_div(a, b)` on IntTuples.
    pub fn ceil_div(&self, b: &Tup) -> Result<IntTuple> {
        self.ceil_div_under(b, crate::algebra::composition::Rule::Cpp)
    }

    /// [`Tup::ceil_div`] under `rule`: of C++ text, `(C<a> + C<b> - _1) / C<b>` in `int`
    /// constants ([`crate::algebra::Int::ceil_div_under`]); any other rule, C++'s.
    pub fn ceil_div_under(
        &self,
        b: &Tup,
        rule: crate::algebra::composition::Rule,
    ) -> Result<IntTuple> {
        let rule = rule.cpp_text_or_cpp();
        match (self.view(), b.view()) {
            (View::Tuple(a), View::Tuple(bv)) => {
                if a.len() < bv.len() {
                    return Err(condition("ceil_div", "mismatched ranks"));
                }
                let one = IntTuple::int(1);
                a.enumerate()
                    .map(|(i, x)| x.ceil_div_under(bv.get(i).unwrap_or(&one), rule))
                    .collect()
            }
            (View::Tuple(a), View::Int(_)) => {
                let mut rest = b.to_owned();
                let mut out = TupleBuilder::new();
                for ai in a {
                    out.push(&ai.ceil_div_under(&rest, rule)?);
                    rest = rest.ceil_div_under(ai, rule)?;
                }
                Ok(out.finish())
            }
            (View::Int(_), View::Tuple(_)) => {
                let p = b.product_kind_under(rule)?;
                self.ceil_div_under(&IntTuple::of_int(p), rule)
            }
            // CuTe's `(a + b - _1) / b`, with its kinds
            (View::Int(_), View::Int(_)) => {
                let r = self
                    .int_kind()
                    .ceil_div_under(b.int_kind(), "ceil_div", rule)?;
                Ok(IntTuple::of_int(r))
            }
        }
    }

    /// CuTe's `shape_div(a, b)` on IntTuples (with its divisibility condition).
    pub fn shape_div(&self, b: &Tup) -> Result<IntTuple> {
        match (self.view(), b.view()) {
            (View::Tuple(a), View::Tuple(bv)) => {
                if a.len() != bv.len() {
                    return Err(condition("shape_div", "mismatched ranks"));
                }
                a.zip(bv).map(|(x, y)| x.shape_div(y)).collect()
            }
            (View::Tuple(a), View::Int(_)) => {
                let mut rest = b.to_owned();
                let mut out = TupleBuilder::new();
                for ai in a {
                    out.push(&ai.shape_div(&rest)?);
                    rest = rest.shape_div(ai)?;
                }
                Ok(out.finish())
            }
            (View::Int(_), View::Tuple(_)) => {
                let p = b.product_kind()?;
                self.shape_div(&IntTuple::of_int(p))
            }
            (View::Int(x), View::Int(y)) => {
                if y == 0 || x == 0 {
                    return Err(condition("shape_div", "division by zero"));
                }
                // CuTe's divisibility condition is a static_assert: checked where both are static
                let both_static = self.is_static() && b.is_static();
                if both_static
                    && arith::rem(x, y, "shape_div")? != 0
                    && arith::rem(y, x, "shape_div")? != 0
                {
                    return Err(condition(
                        "shape_div",
                        format!("divisibility condition: neither of {x} and {y} divides the other"),
                    ));
                }
                let r = self.int_kind().ceil_div(b.int_kind(), "shape_div")?;
                Ok(IntTuple::of_int(r))
            }
        }
    }

    /// CuTe's `product_each`: the product of each top-level mode, as a tuple.
    pub fn product_each(&self) -> Result<IntTuple> {
        let mut out = TupleBuilder::new();
        for m in self.modes() {
            // with its kind: CuTe's product of a mode with a run-time extent is a run-time int
            out.push_int_full(m.product_kind()?);
        }
        Ok(out.finish())
    }

    /// An integer with its kind (the static 0 for a tuple: callers match `View::Int` first).
    fn int_kind(&self) -> crate::algebra::integer::Int {
        use crate::algebra::integer::Int;
        self.as_int_full().unwrap_or(Int::st(0))
    }
}
