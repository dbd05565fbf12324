//! `Layout = Shape:Stride` and its structural operations (queries, modes, slicing, coalesce).

use std::fmt;

use super::arith;
use super::basis::{Index, Stride};
use super::coord::{self, Coord};
use super::error::{AlgebraError, Result, condition};
use super::flat::FlatModes;
use super::int_tuple::{
    IntTuple, LayoutFault, RevLeaves, ShapeFault, Tup, TupPair, TupleBuilder, View,
};
use super::integer::Int;
use super::trace::{Check, NoTrace, Rel, Step, Trace};

/// A CuTe layout: a congruent pair of IntTuples, its shape and its stride, held in one buffer
/// (congruent tuples have as many nodes: the shape's, then the stride's).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    parts: TupPair,
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Layout")
            .field("shape", &self.shape())
            .field("stride", &self.stride())
            .finish()
    }
}

/// A layout borrowed as its shape and its stride (a whole [`Layout`] or one of its modes): what
/// the algorithms that only read a layout take, so that a mode is not copied out to be read.
#[derive(Clone, Copy)]
pub(crate) struct LayoutRef<'a> {
    /// The shape.
    pub shape: &'a Tup,
    /// The stride (congruent with the shape).
    pub stride: &'a Tup,
}

impl<'a> LayoutRef<'a> {
    /// The layout `shape:stride` (shape and stride congruent, shapes positive).
    #[inline]
    pub(crate) fn new(shape: &'a Tup, stride: &'a Tup) -> LayoutRef<'a> {
        LayoutRef { shape, stride }
    }

    /// The layout, owned (a copy: for traces and errors).
    pub(crate) fn to_layout(self) -> Layout {
        Layout::raw(self.shape.to_owned(), self.stride.to_owned())
    }

    /// Number of top-level modes.
    #[inline]
    pub(crate) fn rank(self) -> usize {
        self.shape.rank()
    }

    /// The coalesce (`x`: coalesce_x) of this layout as its leaves, into `out` (inline where it
    /// is called: the leaves' walk starts in the caller's frame, no frame of its own).
    #[inline(always)]
    fn coalesce_leaves_into<T: Trace>(self, x: bool, out: &mut FlatModes, t: &mut T) -> Result<()> {
        // the leaves are what `flatten(L).wrap()` lists
        let n = || self.shape.leaf_count();
        let leaves = RevLeaves::new(self.shape, self.stride);
        coalesce_rev_traced(leaves, &n, x, &|| self.to_layout(), out, t)
    }

    /// [`Layout::coalesce_traced`] as its leaves, into `out`: the algorithms that go on with
    /// the result build no layout of it.
    #[inline(always)]
    pub(crate) fn coalesce_flat_traced<T: Trace>(
        self,
        out: &mut FlatModes,
        t: &mut T,
    ) -> Result<()> {
        self.coalesce_leaves_into(false, out, t)
    }

    /// [`Layout::coalesce_x_traced`] as its leaves, into `out`.
    pub(crate) fn coalesce_x_flat_traced<T: Trace>(
        self,
        out: &mut FlatModes,
        t: &mut T,
    ) -> Result<()> {
        self.coalesce_leaves_into(true, out, t)
    }

    /// [`Layout::filter_traced`] as its leaves, into `out` (complement goes on with them).
    ///
    /// `filter_zeros(L)` is not built: its leaves are L's with size 1 where the stride is the
    /// integer 0 (shape and stride are congruent, so the leaves pair up), and coalesce reads
    /// only the leaves. The layout itself is built for the trace alone.
    pub(crate) fn filter_flat_traced<T: Trace>(self, out: &mut FlatModes, t: &mut T) -> Result<()> {
        t.step(|| {
            let z = self.to_layout().filter_zeros();
            Step::new(
                "filter",
                "zeros",
                format!("filter_zeros: each stride-0 mode of {self} becomes size 1: {z}"),
            )
            .val("filter_zeros", &z)
        });
        // a basis element is never 0 (CuTe: `0@1 == _0` is false)
        let n = || self.shape.leaf_count();
        // CuTe's filter_zeros: only a static 0 stride (`is_constant<0>`) makes its extent `_1`
        let leaves = RevLeaves::new(self.shape, self.stride).map(|(s, d)| {
            if d.value == 0 && d.basis.is_none() && !d.dynamic() {
                (Int::st(1), d)
            } else {
                (s, d)
            }
        });
        coalesce_rev_traced(
            leaves,
            &n,
            false,
            &|| self.to_layout().filter_zeros(),
            out,
            t,
        )
    }
}

impl fmt::Display for LayoutRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl Layout {
    /// Borrowed as its shape and stride.
    #[inline]
    pub(crate) fn as_view(&self) -> LayoutRef<'_> {
        LayoutRef::new(self.parts.first(), self.parts.second())
    }

    /// `make_layout(shape, stride)`: shape and stride must be congruent, shapes positive.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        match shape.layout_fault(&stride) {
            None => Ok(Layout::raw_tups(&shape, &stride)),
            Some(LayoutFault::Incongruent) => Err(condition(
                "make_layout",
                format!("shape {shape} and stride {stride} are not congruent"),
            )),
            Some(LayoutFault::Shape(ShapeFault::Basis)) => Err(condition(
                "make_layout",
                format!("shape {shape} has a basis element: extents are integers"),
            )),
            Some(LayoutFault::Shape(ShapeFault::NonPositive(bad))) => Err(condition(
                "make_layout",
                format!("shape {shape} has a non-positive extent {bad}"),
            )),
        }
    }

    /// Construct without checks (both already known congruent and positive).
    #[inline]
    pub(crate) fn raw(shape: IntTuple, stride: IntTuple) -> Layout {
        Layout::raw_tups(&shape, &stride)
    }

    /// [`Layout::raw`] of borrowed tuples (copied into the layout's one buffer).
    #[inline]
    pub(crate) fn raw_tups(shape: &Tup, stride: &Tup) -> Layout {
        debug_assert!(shape.congruent(stride));
        Layout {
            parts: TupPair::new(shape, stride),
        }
    }

    /// The layout whose shape and stride are `parts` (congruent, shapes positive).
    #[inline]
    pub(crate) fn from_parts(parts: TupPair) -> Layout {
        debug_assert!(parts.first().congruent(parts.second()));
        Layout { parts }
    }

    /// `make_layout(shape)`: the LayoutLeft (generalized column-major) layout.
    pub fn column_major(shape: IntTuple) -> Result<Layout> {
        Layout::column_major_under(shape, crate::algebra::composition::Rule::Cpp)
    }

    /// [`Layout::column_major`] under `rule` (of C++ text, static extents are `int` constants:
    /// [`coord::compact_col_major_under`]).
    pub fn column_major_under(
        shape: IntTuple,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Layout> {
        let stride = coord::compact_col_major_under(&shape, Int::st(1), rule.cpp_text_or_cpp())?;
        Layout::new(shape, stride)
    }

    /// CuTe's `make_identity_layout(shape)`: `make_layout(shape, make_basis_like(shape))`, each
    /// coordinate mapped to itself (`(4,8):(1@0,1@1)`).
    pub fn identity(shape: &IntTuple) -> Result<Layout> {
        let stride = super::basis::make_basis_like(shape)?;
        Layout::new(shape.clone(), stride)
    }

    /// `make_layout(shape, LayoutRight{})`.
    pub fn row_major(shape: IntTuple) -> Result<Layout> {
        Layout::row_major_under(shape, crate::algebra::composition::Rule::Cpp)
    }

    /// [`Layout::row_major`] under `rule` ([`Layout::column_major_under`]).
    pub fn row_major_under(
        shape: IntTuple,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Layout> {
        let stride = coord::compact_row_major_under(&shape, rule.cpp_text_or_cpp())?;
        Layout::new(shape, stride)
    }

    /// `make_ordered_layout(shape, order)`.
    pub fn ordered(shape: IntTuple, order: &Tup) -> Result<Layout> {
        Layout::ordered_under(shape, order, crate::algebra::composition::Rule::Cpp)
    }

    /// [`Layout::ordered`], its strides computed under `rule` (the DSL's `Int32`s wrap).
    pub fn ordered_under(
        shape: IntTuple,
        order: &Tup,
        rule: crate::algebra::composition::Rule,
    ) -> Result<Layout> {
        let stride = coord::compact_order_under(&shape, order, "make_ordered_layout", rule)?;
        Layout::new(shape, stride)
    }

    /// CuTe's `is_static<Layout>`: every integer of shape and stride static.
    pub fn is_static(&self) -> bool {
        self.shape().is_static() && self.stride().is_static()
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> &Tup {
        self.parts.first()
    }

    /// The stride.
    #[inline]
    pub fn stride(&self) -> &Tup {
        self.parts.second()
    }

    /// The layout `1:0`.
    pub fn trivial() -> Layout {
        Layout::raw(IntTuple::int(1), IntTuple::int(0))
    }

    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        self.shape().rank()
    }

    /// Nesting depth of the shape.
    pub fn depth(&self) -> usize {
        self.shape().depth()
    }

    /// Size of the domain.
    pub fn size(&self) -> Result<i64> {
        self.shape().product()
    }

    /// `cosize = L(size - 1) + 1` taken over |strides|, as CuTe's coshape.
    pub fn cosize(&self) -> Result<i64> {
        let mut acc = 0i64;
        for (s, d) in self.shape().leaf_iter().zip(self.stride().leaf_iter()) {
            let term = arith::mul(s - 1, arith::abs(d, "cosize")?, "cosize")?;
            acc = arith::add(acc, term, "cosize")?;
        }
        arith::add(acc, 1, "cosize")
    }

    /// `cosize(L)` with its kind: `Σ (s - _1) * abs(d) + _1`, static where every term is.
    ///
    /// The leaves are read last first, in place (none copied out): the terms are never
    /// negative (extents are positive), so their sum, its kind and whether it overflows are
    /// the same in any order (and `_0 + t` is `t`, of `t`'s kind).
    ///
    /// One walk, one formula: `Int`'s arithmetic, with CuTe's special cases (`(_1 - _1) * d`
    /// is `_0`), which it tests only where an operand is dynamic: a leaf of two static
    /// integers costs one test of their two bits, its term is added as a value (a static term
    /// leaves the sum's kind as it is).
    #[inline]
    pub fn cosize_kind(&self) -> Result<Int> {
        self.cosize_kind_under(crate::algebra::composition::Rule::Cpp)
    }

    /// [`Layout::cosize_kind`] under `rule`: C++'s `int` past its range is an error, the CuTe
    /// DSL's `Int32`s past 32 bits wrap (traced: the DSL 4.8.1 prints
    /// `cute.cosize(cute.make_layout((cutlass.Int32(65536), 65536)))` as `?`, no error).
    #[inline]
    pub fn cosize_kind_under(&self, rule: crate::algebra::composition::Rule) -> Result<Int> {
        const OP: &str = "cosize";
        if rule == crate::algebra::composition::Rule::CppText {
            return self.cosize_of_int_constants();
        }
        let mut acc = Int::st(0);
        for (s, d) in RevLeaves::new(self.shape(), self.stride()) {
            if !(s.dynamic() | d.dynamic()) {
                // two static integers: the term is static, the sum keeps its kind (the same
                // operations, in the same order, as `Int`'s of static operands)
                let term = arith::mul(arith::sub(s.value, 1, OP)?, arith::abs(d.value, OP)?, OP)?;
                acc.value = arith::add(acc.value, term, OP)?;
                continue;
            }
            acc = cosize_dynamic_term(acc, s, d, rule)?;
        }
        acc.add_under(Int::st(1), OP, rule)
    }

    /// [`Layout::cosize_kind_under`] of C++ text, where static integers are `int` constants
    /// ([`Int::int_constants_checked`]): CuTe's `cosize(L) = size(coshape(L))`, `coshape(L) =
    /// L'(size(L) - _1) + _1` with `L'` of the strides' absolute values, so `size(L)`, each
    /// term `(s - 1) * |d|` of `L'`'s inner product, each partial sum and the final `+ _1` are
    /// `int` constants' arithmetic (cute-oracle: `cosize` of `(_2,_2):(_2^30,_2^30)` is the
    /// run-time -2147483647).
    #[cold]
    #[inline(never)]
    fn cosize_of_int_constants(&self) -> Result<Int> {
        use crate::algebra::composition::Rule;
        const OP: &str = "cosize";
        self.shape()
            .product_kind_under(Rule::CppText)
            .map_err(|e| e.within(OP))?;
        let mut acc = Int::st(0);
        for (s, d) in RevLeaves::new(self.shape(), self.stride()) {
            let term =
                s.sub(Int::st(1), OP)?
                    .mul_under(d.coefficient().abs(OP)?, OP, Rule::CppText)?;
            acc = acc.add_under(term, OP, Rule::CppText)?;
        }
        acc.add_under(Int::st(1), OP, Rule::CppText)
    }

    /// Mode `i` as a layout (CuTe's `layout<i>` / `get<i>`).
    pub fn mode(&self, i: usize) -> Result<Layout> {
        match (self.shape().mode(i), self.stride().mode(i)) {
            (Some(s), Some(d)) => Ok(Layout::raw(s.to_owned(), d.to_owned())),
            _ => Err(condition(
                "get",
                format!("mode index {i} out of range for rank {}", self.rank()),
            )),
        }
    }

    /// All top-level modes as layouts.
    pub fn modes(&self) -> Vec<Layout> {
        self.shape()
            .modes()
            .zip(self.stride().modes())
            .map(|(s, d)| Layout::raw(s.to_owned(), d.to_owned()))
            .collect()
    }

    /// Concatenation `make_layout(L0, L1, ...)`: always a tuple, even of one mode.
    pub fn concat<L: std::borrow::Borrow<Layout>>(parts: &[L]) -> Layout {
        Layout::raw(
            parts.iter().map(|l| l.borrow().shape()).collect(),
            parts.iter().map(|l| l.borrow().stride()).collect(),
        )
    }

    /// [`Layout::concat`] mode by mode, as the modes are computed: no list of them is kept.
    pub fn concat_builder() -> Concat {
        Concat {
            shape: super::int_tuple::TupleBuilder::new(),
            stride: super::int_tuple::TupleBuilder::new(),
        }
    }

    /// Evaluate at an integer or hierarchical coordinate (no slicing).
    pub fn eval(&self, coord: &Tup) -> Result<i64> {
        coord::crd2idx(coord, self.shape(), self.stride())
    }

    /// Evaluate at an integer or hierarchical coordinate into CuTe's codomain: an integer for
    /// integer strides, a scaled basis element or an arithmetic tuple for basis strides.
    ///
    /// Where the coordinate, the shape and the stride are static integers, every part, product
    /// and term of the walk is static, and so is the index (CuTe's arithmetic of static
    /// integers): the kinds are decided once and the walk takes the integers alone.
    pub fn eval_index(&self, coord: &Tup) -> Result<Index> {
        if coord.is_static_ints() && self.shape().is_static_ints() && self.stride().is_static_ints()
        {
            return self.eval(coord).map(IntTuple::int);
        }
        if self.stride().has_basis() {
            let r = coord::crd2idx_traced(coord, self.shape(), self.stride(), &mut NoTrace)?;
            if self.is_static() && coord.is_static() {
                return Ok(r);
            }
            Ok(self.kinded_index(coord, r))
        } else {
            // (of the leaves' C++ type where one has a type other than `int`)
            coord::crd2idx_kind(coord, self.shape(), self.stride()).map(IntTuple::of_int)
        }
    }

    /// The kinds of an index into coordinates (`r`, the layout's basis strides at `coord`):
    /// each basis component is a run-time integer where the integer layout of that basis's
    /// strides (the others `_0`) gives a run-time index ([`coord::crd2idx_kind`]), as CuTe's
    /// sum of scaled basis elements is.
    fn kinded_index(&self, coord: &Tup, r: Index) -> Index {
        let mut out = r;
        for b in super::basis::bases_of(self.stride()).into_iter().flatten() {
            let Ok(comp) = self.stride().map_strides(&mut |s| {
                Ok(if s.basis == Some(b) {
                    Stride::of_kind(s.value, None, s.kind())
                } else {
                    Stride::int(0)
                })
            }) else {
                continue;
            };
            let dynamic =
                coord::crd2idx_kind(coord, self.shape(), &comp).map_or(true, |k| k.dynamic());
            out = with_component_kind(&out, b, &b.path(), dynamic);
        }
        out
    }

    /// [`Layout::eval`] and whether the index is a run-time integer: a run-time integer in the
    /// coordinate or the layout may make it one ([`coord::crd2idx_kind`]: one walk for both).
    #[inline]
    pub fn eval_kind(&self, coord: &Tup) -> Result<(i64, bool)> {
        let k = coord::crd2idx_kind(coord, self.shape(), self.stride())?;
        Ok((k.value, k.dynamic()))
    }

    /// [`Layout::offset_of`] into CuTe's codomain (see [`Layout::eval_index`]).
    pub fn offset_index(&self, c: &Coord) -> Result<Index> {
        self.eval_index(&c.zeroed())
    }

    /// Evaluate at a 1-D index.
    pub fn at(&self, i: i64) -> Result<i64> {
        coord::crd2idx(&IntTuple::int(i), self.shape(), self.stride())
    }

    /// `flatten(L)`.
    pub fn flatten(&self) -> Layout {
        Layout::raw(self.shape().flatten(), self.stride().flatten())
    }

    /// `select(L, i...)`: a tuple of the chosen modes.
    pub fn select(&self, idx: &[usize]) -> Result<Layout> {
        let parts = idx
            .iter()
            .map(|&i| {
                self.mode(i).map_err(|_| {
                    condition(
                        "select",
                        format!("mode index {i} out of range for rank {}", self.rank()),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Layout::concat(&parts))
    }

    /// `take<b,e>(L)`: modes `[b, e)`.
    pub fn take(&self, b: usize, e: usize) -> Result<Layout> {
        if b >= e || e > self.rank() {
            return Err(condition(
                "take",
                format!(
                    "range [{b},{e}) is empty or out of bounds for rank {}",
                    self.rank()
                ),
            ));
        }
        Ok(Layout::concat(&self.modes()[b..e]))
    }

    /// `group<b,e>(L)`: modes `[b, e)` nested into one mode.
    pub fn group(&self, b: usize, e: usize) -> Result<Layout> {
        let r = self.rank();
        if b >= e || e > r {
            return Err(condition(
                "group",
                format!("range [{b},{e}) is empty or out of bounds for rank {r}"),
            ));
        }
        let modes = self.modes();
        let mut parts: Vec<Layout> = modes[..b].to_vec();
        parts.push(Layout::concat(&modes[b..e]));
        parts.extend_from_slice(&modes[e..]);
        Ok(Layout::concat(&parts))
    }

    /// `append(L, X)` (X defaults to `1:0`).
    pub fn append(&self, x: &Layout) -> Layout {
        let mut parts = self.wrapped_modes();
        parts.push(x.clone());
        Layout::concat(&parts)
    }

    /// `prepend(L, X)` (X defaults to `1:0`).
    pub fn prepend(&self, x: &Layout) -> Layout {
        let mut parts = vec![x.clone()];
        parts.extend(self.wrapped_modes());
        Layout::concat(&parts)
    }

    /// `append<N>(L)`: pad with `1:0` modes to rank N (unchanged when already of rank N).
    pub fn append_to_rank(&self, n: usize) -> Layout {
        if self.rank() >= n {
            return self.clone();
        }
        let mut parts = self.wrapped_modes();
        while parts.len() < n {
            parts.push(Layout::trivial());
        }
        Layout::concat(&parts)
    }

    fn wrapped_modes(&self) -> Vec<Layout> {
        self.modes()
    }

    /// Slice with a coordinate containing `_` (CuTe's `slice(c, L)`).
    pub fn slice(&self, c: &Coord) -> Result<Layout> {
        let shape = slice_tuple(c, self.shape())?;
        let stride = slice_tuple(c, self.stride())?;
        Ok(Layout::raw(shape, stride))
    }

    /// The offset of a (partially `_`) coordinate: `_` counts as 0.
    pub fn offset_of(&self, c: &Coord) -> Result<i64> {
        let ct = c.zeroed();
        self.eval(&ct)
    }

    /// `coalesce(L)`.
    pub fn coalesce(&self) -> Result<Layout> {
        self.coalesce_traced(&mut NoTrace)
    }

    /// [`Layout::coalesce`], reporting each mode pair's rule to `t`.
    pub fn coalesce_traced<T: Trace>(&self, t: &mut T) -> Result<Layout> {
        self.coalesced(false, t)
    }

    /// The coalesce (`x`: coalesce_x) of this layout, built.
    fn coalesced<T: Trace>(&self, x: bool, t: &mut T) -> Result<Layout> {
        let mut out = FlatModes::new();
        self.as_view().coalesce_leaves_into(x, &mut out, t)?;
        Ok(out.to_layout())
    }

    /// CuTe's `detail::coalesce_x`: like coalesce, but keeps the function past the domain
    /// (a trailing size-1 mode keeps its stride).
    pub fn coalesce_x(&self) -> Result<Layout> {
        self.coalesce_x_traced(&mut NoTrace)
    }

    /// [`Layout::coalesce_x`], reporting each mode pair's rule to `t`.
    pub fn coalesce_x_traced<T: Trace>(&self, t: &mut T) -> Result<Layout> {
        self.coalesced(true, t)
    }

    /// `coalesce(L, profile)`: coalesce at the terminals of the profile.
    pub fn coalesce_profile(&self, profile: &IntTuple) -> Result<Layout> {
        self.coalesce_profile_traced(profile, &mut NoTrace)
    }

    /// [`Layout::coalesce_profile`], reporting each coalesced mode's rules to `t`.
    pub fn coalesce_profile_traced<T: Trace>(&self, profile: &Tup, t: &mut T) -> Result<Layout> {
        match profile.view() {
            View::Int(_) => self.coalesce_traced(t),
            View::Tuple(p) => {
                if p.len() > self.rank() {
                    return Err(condition(
                        "coalesce",
                        format!(
                            "profile {profile} has more modes than the layout's rank {}",
                            self.rank()
                        ),
                    ));
                }
                let modes = self.modes();
                let mut parts = Vec::with_capacity(modes.len());
                for (i, m) in modes.iter().enumerate() {
                    parts.push(match p.get(i) {
                        Some(pi) => {
                            t.section(|| {
                                Step::new(
                                    "coalesce",
                                    "by mode",
                                    format!("mode {i} {m} with profile {pi}"),
                                )
                            });
                            let r = m.coalesce_profile_traced(pi, t);
                            t.end();
                            r?
                        }
                        None => {
                            t.step(|| {
                                Step::new(
                                    "coalesce",
                                    "keep",
                                    format!("mode {i} {m}: past the profile {profile}, kept"),
                                )
                            });
                            m.clone()
                        }
                    });
                }
                let r = make_layout_from_modes(parts);
                t.step(|| {
                    Step::new(
                        "coalesce",
                        "result",
                        format!(
                            "coalesce({self}, {profile}) = {r}: each mode coalesced within itself"
                        ),
                    )
                    .val("result", &r)
                    .check(Check::SameFunction {
                        lhs: self.clone(),
                        rhs: r.clone(),
                    })
                });
                Ok(r)
            }
        }
    }

    /// `filter_zeros(L)`: stride-0 modes get extent 1.
    pub fn filter_zeros(&self) -> Layout {
        fn fz(s: &Tup, d: &Tup) -> IntTuple {
            match (s.view(), d.view()) {
                (View::Tuple(sv), View::Tuple(dv)) => sv.zip(dv).map(|(a, b)| fz(a, b)).collect(),
                // a basis element is never 0 (CuTe: `0@1 == _0` is false)
                // only a static 0 (`is_constant<0>`) makes the extent `_1`
                (_, View::Int(0)) if d.basis().is_none() && !d.is_dynamic() => IntTuple::int(1),
                _ => s.to_owned(),
            }
        }
        Layout::raw(fz(self.shape(), self.stride()), self.stride().to_owned())
    }

    /// `filter(L) = coalesce(filter_zeros(L))`.
    pub fn filter(&self) -> Result<Layout> {
        self.filter_traced(&mut NoTrace)
    }

    /// [`Layout::filter`], reporting its steps to `t`.
    ///
    /// `filter_zeros(L)` is not built: its leaves are L's with size 1 where the stride is the
    /// integer 0 (shape and stride are congruent, so the leaves pair up), and coalesce reads
    /// only the leaves. The layout itself is built for the trace alone.
    pub fn filter_traced<T: Trace>(&self, t: &mut T) -> Result<Layout> {
        let mut out = FlatModes::new();
        self.as_view().filter_flat_traced(&mut out, t)?;
        Ok(out.to_layout())
    }
}

/// The concatenation `make_layout(L0, L1, ...)` built one mode at a time
/// ([`Layout::concat_builder`]): the same layout as [`Layout::concat`] of the modes pushed.
pub struct Concat {
    shape: super::int_tuple::TupleBuilder,
    stride: super::int_tuple::TupleBuilder,
}

impl Concat {
    /// Append a mode.
    #[inline]
    pub fn push(&mut self, mode: &Layout) {
        self.shape.push(mode.shape());
        self.stride.push(mode.stride());
    }

    /// The concatenation (always a tuple, even of one mode).
    pub fn finish(self) -> Layout {
        Layout::raw(self.shape.finish(), self.stride.finish())
    }
}

/// [`Layout::cosize_kind`]'s sum `acc + (s - 1) * |d|` of a leaf whose shape or stride is
/// dynamic, with the kinds, under `rule` (out of line: the static leaves' loop keeps its
/// registers).
#[inline(never)]
fn cosize_dynamic_term(
    acc: Int,
    s: Int,
    d: Stride,
    rule: crate::algebra::composition::Rule,
) -> Result<Int> {
    const OP: &str = "cosize";
    let term = s
        .sub(Int::st(1), OP)?
        .mul_under(d.coefficient().abs(OP)?, OP, rule)?;
    acc.add_under(term, OP, rule)
}

/// CuTe's `make_layout(f(modes)...)`: one mode gives a rank-1 tuple.
pub fn make_layout_from_modes(parts: Vec<Layout>) -> Layout {
    Layout::concat(&parts)
}

/// CuTe's coalesce takes `get<R-1>` of the flattened shape: a layout without modes has no answer.
fn rank0(op: &'static str) -> super::error::AlgebraError {
    condition(
        op,
        "the layout has no modes (rank 0); CuTe needs rank >= 1 here",
    )
}

/// `coalesce(L)` (`x` false) or CuTe's `detail::coalesce_x` (`x` true) of the `n` leaves of L
/// given last first (what `flatten(L).wrap()` lists, backwards), into `out`; `n` counts the
/// leaves and `l` builds L, for the trace (neither is asked where nothing is traced).
///
/// CuTe's `coalesce(layout)` (layout.hpp): `@post size(@a result) == size(@a layout)`,
/// `@post depth(@a result) <= 1`, `@post for all i, 0 <= i < size(@a layout), @a result(i) ==
/// @a layout(i)`. Back to front over the flat modes (`bw_coalesce`): a size-1 mode is dropped,
/// `s0:d0` then `s1:d1` merge to `s0*s1:d0` when `d1 == s0*d0`, else both are kept; one mode
/// left is that integer mode (`1:0` if of size 1). `coalesce_x` counts the last mode as of
/// size at least 2, so that the result keeps L's function past its domain (a trailing size-1
/// mode keeps its stride). Inline where it is called: the first leaf taken and the walk handed
/// to `bw_coalesce_traced` from the caller's frame.
#[inline(always)]
pub(crate) fn coalesce_rev_traced<T: Trace>(
    mut leaves: impl Iterator<Item = (Int, Stride)>,
    n: &dyn Fn() -> usize,
    x: bool,
    l: &dyn Fn() -> Layout,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    let Some((ls, ld)) = leaves.next() else {
        return Err(rank0(if x { "coalesce_x" } else { "coalesce" }));
    };
    if x {
        // CuTe: a last mode of static size 1 counts as `Int<2>{}`
        let ls = if ls.is_constant(1) { Int::st(2) } else { ls };
        t.step(|| {
            coalesce_start(&l(), "coalesce_x").val(
                "last",
                Layout::raw(IntTuple::of_int(ls), IntTuple::stride(ld)),
            )
        });
        let r = bw_coalesce_traced(leaves, n, ls, ld, out, t);
        t.step(|| coalesce_x_done(&l(), r.as_ref().map(|()| out.to_layout())));
        r
    } else {
        t.step(|| coalesce_start(&l(), "coalesce"));
        let r = bw_coalesce_traced(leaves, n, ls, ld, out, t);
        t.step(|| coalesce_done(&l(), r.as_ref().map(|()| out.to_layout())));
        r
    }
}

/// [`coalesce_rev_traced`] of the leaves `s:d` in order (`k`: which extents are dynamic; empty
/// where all are static).
///
/// Whether every extent is static is decided once, here: the leaves are then handed over as
/// static integers, and the one algorithm, inlined for them, tests no extent's kind.
#[inline]
pub(crate) fn coalesce_leaves_traced<T: Trace>(
    s: &[i64],
    k: &[bool],
    d: &[Stride],
    x: bool,
    l: &dyn Fn() -> Layout,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    debug_assert_eq!(s.len(), d.len());
    debug_assert!(k.is_empty() || k.len() == s.len());
    let n = || s.len();
    // the lists walked together, last first (no index checked against any)
    if k.is_empty() {
        let leaves = s.iter().zip(d).rev().map(|(&v, &d)| (Int::st(v), d));
        return coalesce_rev_traced(leaves, &n, x, l, out, t);
    }
    let leaves = s
        .iter()
        .zip(k)
        .zip(d)
        .rev()
        .map(|((&v, &k), &d)| (Int::of(v, k), d));
    coalesce_rev_traced(leaves, &n, x, l, out, t)
}

/// [`coalesce_leaves_traced`] of the leaves of `f`, each extent with its kind and the DSL's
/// divisibility ([`FlatModes::extent`]) where one is dynamic. Inline where it is called (the
/// inverses, complement, composition): the leaves are handed to `bw_coalesce_traced` from the
/// caller's frame.
#[inline(always)]
pub(crate) fn coalesce_flat_modes_traced<T: Trace>(
    f: &FlatModes,
    x: bool,
    l: &dyn Fn() -> Layout,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    if f.shape_is_static() {
        return coalesce_leaves_traced(f.shape(), &[], f.stride(), x, l, out, t);
    }
    let n = || f.shape().len();
    let leaves = (0..f.shape().len())
        .rev()
        .map(|i| (f.extent(i), f.stride()[i]));
    coalesce_rev_traced(leaves, &n, x, l, out, t)
}

/// Back-to-front coalescing of a flat layout: its modes before the last one (given last first;
/// `n()` leaves in all, counted for the trace); `new` starts as the scalar mode `ns:nd`.
///
/// CuTe's `bw_coalesce` takes its branches on what is static: a mode is dropped only where its
/// extent is the static 1 (`is_constant<1>`), the front replaced only where it is the static 1,
/// and two modes merge only where the front's extent is static and `s0*d0 == d1` is a static
/// truth (both sides static); a single mode of static size 1 is `_1:_0`.
fn bw_coalesce_traced<T: Trace>(
    leaves: impl Iterator<Item = (Int, Stride)>,
    n: &dyn Fn() -> usize,
    ns: Int,
    nd: Stride,
    out: &mut FlatModes,
    t: &mut T,
) -> Result<()> {
    // the new layout's modes are kept front mode last (reversed at the end): a mode is put in
    // front of the new layout by a push. It starts as a scalar. A stride may be a basis
    // element: `s0*d0 == d1` then also asks for the same basis (CuTe: a ScaledBasis equals only
    // a ScaledBasis of its modes).
    // The front mode `fs:fd` is held apart until a mode is put in front of it.
    out.clear();
    // whether a mode was put in front (`out` not empty), kept here
    let mut pushed = false;
    let (mut fs, mut fd) = (ns, nd);
    for (j, (si, di)) in leaves.enumerate() {
        // mode `i` of the flat layout (leaf `n - 1` was the start)
        let i = || n() - 2 - j;
        if si.is_constant(1) {
            t.step(|| coalesce_pair(i(), si.value, di, fs.value, fd, "drop size-1", None));
            continue;
        }
        if !pushed && fs.is_constant(1) {
            t.step(|| coalesce_pair(i(), si.value, di, fs.value, fd, "replace size-1", None));
            (fs, fd) = (si, di);
        } else if merges(fs, fd, si, di)? {
            t.step(|| coalesce_pair(i(), si.value, di, fs.value, fd, "merge", Some(true)));
            // `Int::mul`, its two static operands' case taken here: their product stays in a
            // register (the dynamic case's result comes back through memory, and where the
            // two met, so did the static one's)
            let merged = if si.is_static() && fs.is_static() {
                Int::st(arith::mul(si.value, fs.value, "coalesce")?)
            } else {
                si.mul(fs, "coalesce")?
            };
            (fs, fd) = (merged, di);
        } else {
            t.step(|| coalesce_pair(i(), si.value, di, fs.value, fd, "keep", Some(false)));
            out.push_kind(fs, fd);
            pushed = true;
            (fs, fd) = (si, di);
        }
    }
    if !pushed && fs.is_constant(1) {
        // a single mode of size 1 is `1:0`
        fd = Stride::int(0);
    }
    out.push_kind(fs, fd);
    if pushed {
        out.reverse();
    }
    Ok(())
}

/// Whether `si:di` in front of `fs:fd` merges in CuTe's `bw_coalesce`: `fs` static and
/// `di * si == fd` a static truth. Of four static integers that is the values' test alone
/// (the kinds are tested first, once: the products of static integers are static).
#[inline(always)]
fn merges(fs: Int, fd: Stride, si: Int, di: Stride) -> Result<bool> {
    if fs.dynamic() || fd.dynamic() || si.dynamic() || di.dynamic() {
        // CuTe asks `s0 * d0 == d1` in a `decltype`: never computed, so a run-time product past
        // its type's range is no error there (nor is any product whose value is unknown)
        return Ok(fs.is_static()
            && di
                .times(si, "coalesce")
                .is_ok_and(|p| p.statically_equal(fd)));
    }
    Ok(di.scaled(si.value, "coalesce")? == fd)
}

fn coalesce_start(l: &Layout, op: &'static str) -> Step {
    let f = l.flatten();
    Step::new(
        op,
        "flatten",
        format!("flattened {f}; from the last mode to the first, each mode s0:d0 meets the front s1:d1 of the result"),
    )
    .val("flat", f)
}

fn coalesce_done(l: &Layout, out: std::result::Result<Layout, &AlgebraError>) -> Step {
    match &out {
        Ok(r) => Step::new("coalesce", "result", format!("coalesce({l}) = {r}"))
            .val("result", r)
            .check(Check::SameFunction {
                lhs: l.clone(),
                rhs: r.clone(),
            }),
        Err(e) => Step::new("coalesce", "error", e.to_string()),
    }
}

fn coalesce_x_done(l: &Layout, out: std::result::Result<Layout, &AlgebraError>) -> Step {
    match (&out, l.size()) {
        (Ok(r), Ok(n)) => Step::new(
            "coalesce_x",
            "result",
            format!("coalesce_x({l}) = {r}: the same function on the {n} indices of {l}"),
        )
        .val("result", r)
        .check(Check::Composition {
            a: r.clone(),
            b: Layout::raw(IntTuple::int(n), IntTuple::int(1)),
            r: l.clone(),
        }),
        (Err(e), _) => Step::new("coalesce_x", "error", e.to_string()),
        (_, Err(e)) => Step::new("coalesce_x", "error", e.to_string()),
    }
}

/// One pair of CuTe's `bw_coalesce`: mode `i` (`s0:d0`) against the front `s1:d1`.
fn coalesce_pair(
    i: usize,
    s0: i64,
    d0: Stride,
    s1: i64,
    d1: Stride,
    rule: &'static str,
    merge: Option<bool>,
) -> Step {
    let prod = d0.scaled(s0, "coalesce").unwrap_or(Stride::int(i64::MAX));
    let text = match rule {
        "drop size-1" => format!("mode {i} {s0}:{d0} has size 1: dropped"),
        "replace size-1" => {
            format!("front {s1}:{d1} has size 1: mode {i} {s0}:{d0} replaces it")
        }
        "merge" => format!(
            "mode {i} {s0}:{d0} then {s1}:{d1}: d1 == s0*d0 ({d1} == {s0}*{d0}), merged to {}:{d0}",
            s0.saturating_mul(s1)
        ),
        _ => format!(
            "mode {i} {s0}:{d0} then {s1}:{d1}: d1 != s0*d0 ({d1} != {prod}), kept as a new mode"
        ),
    };
    let mut st = Step::new("coalesce", rule, text)
        .val("s0", s0)
        .val("d0", d0)
        .val("s1", s1)
        .val("d1", d1);
    // the checks evaluate integer layouts
    let (
        Stride {
            value: d0,
            basis: None,
            ..
        },
        Stride {
            value: d1,
            basis: None,
            ..
        },
    ) = (d0, d1)
    else {
        return st;
    };
    match merge {
        Some(true) => {
            if let Ok(lhs) = Layout::new(
                IntTuple::tuple([IntTuple::int(s0), IntTuple::int(s1)]),
                IntTuple::tuple([IntTuple::int(d0), IntTuple::int(d1)]),
            ) {
                st = st.check(Check::SameFunction {
                    lhs,
                    rhs: Layout::raw(IntTuple::int(s0.saturating_mul(s1)), IntTuple::int(d0)),
                });
            }
        }
        Some(false) => st = st.check(Check::rel("d1 vs s0*d0", d1, Rel::Ne, prod.value)),
        None => {}
    }
    st
}

/// Which parts of a tuple a coordinate keeps: CuTe's `slice` keeps those under `_`, its `dice`
/// those under an integer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// `slice(c, t)`.
    Under,
    /// `dice(c, t)`.
    Integers,
}

/// CuTe's `slice(c, t)`: keep the parts of `t` under `_`, flattening one level per tuple coordinate.
pub fn slice_tuple(c: &Coord, t: &Tup) -> Result<IntTuple> {
    keep_by_coord(c, t, Keep::Under)
}

/// CuTe's `slice(c, t)` (`keep` = [`Keep::Under`]) and `dice(c, t)` ([`Keep::Integers`]): the
/// parts of `t` the coordinate keeps, flattened one level per tuple of `c`; an integer or `_`
/// alone keeps all of `t` or none of it.
pub fn keep_by_coord(c: &Coord, t: &Tup, keep: Keep) -> Result<IntTuple> {
    match c {
        Coord::Tuple(_) => {
            let mut out = TupleBuilder::new();
            lift_kept(c, t, keep, &mut out)?;
            Ok(out.finish())
        }
        Coord::Under if keep == Keep::Under => Ok(t.to_owned()),
        Coord::Int(_) if keep == Keep::Integers => Ok(t.to_owned()),
        Coord::Under | Coord::Int(_) => Ok(IntTuple::empty()),
    }
}

fn lift_kept(c: &Coord, t: &Tup, keep: Keep, out: &mut TupleBuilder) -> Result<()> {
    match c {
        Coord::Tuple(cv) => {
            let tv = match t.view() {
                View::Tuple(tv) if tv.len() == cv.len() => tv,
                _ => {
                    return Err(match keep {
                        Keep::Under => condition(
                            "slice",
                            format!("coordinate {c} does not match the modes of {t}"),
                        ),
                        Keep::Integers => condition(
                            "dice",
                            format!(
                                "coordinate {c} does not match the modes of {t} (CuTe: mismatched ranks)"
                            ),
                        ),
                    });
                }
            };
            for (ci, ti) in cv.iter().zip(tv) {
                lift_kept(ci, ti, keep, out)?;
            }
            Ok(())
        }
        Coord::Under if keep == Keep::Under => {
            out.push(t);
            Ok(())
        }
        Coord::Int(_) if keep == Keep::Integers => {
            out.push(t);
            Ok(())
        }
        Coord::Under | Coord::Int(_) => Ok(()),
    }
}

/// `t` (an index into coordinates) with the component of basis `b` (at `path` below `t`)
/// made run-time where `dynamic`, static otherwise.
fn with_component_kind(t: &Tup, b: super::basis::Basis, path: &[i64], dynamic: bool) -> IntTuple {
    match t.view() {
        View::Int(_) if path.is_empty() || t.basis() == Some(b) => t.with_kind(dynamic),
        View::Int(_) => t.to_owned(),
        View::Tuple(m) => {
            let Some((&i, rest)) = path.split_first() else {
                return t.to_owned();
            };
            m.iter()
                .enumerate()
                .map(|(k, x)| {
                    if k as i64 == i {
                        with_component_kind(x, b, rest, dynamic)
                    } else {
                        x.to_owned()
                    }
                })
                .collect()
        }
    }
}

impl Layout {
    /// Append the layout as [`fmt::Display`] writes it.
    pub fn write_to(&self, out: &mut String) {
        super::int_tuple::write_notation(out, self.shape(), Some(self.stride()));
    }

    /// Append the notation with each dynamic integer's divisibility (`(6?{div=4},2):(1,6?)`),
    /// what the DSL's print is made from.
    pub fn write_with_div(&self, out: &mut String) {
        super::int_tuple::write_notation_div(out, self.shape(), Some(self.stride()));
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_view(), f)
    }
}

/// The notation's layout literal, `Shape:Stride` (`(4,8):(1,4)`); a shape alone is not a
/// layout here. What `Display` prints reads back as itself.
impl std::str::FromStr for Layout {
    type Err = super::AlgebraError;

    fn from_str(text: &str) -> Result<Layout> {
        let mut r = super::int_tuple::Reader::new(text.as_bytes());
        let shape = r.int_tuple(0)?;
        if !r.eat(b':') {
            return Err(super::error::condition(
                "literal",
                format!("a layout literal is Shape:Stride, got '{text}'"),
            ));
        }
        let stride = r.int_tuple(0)?;
        r.end()?;
        Layout::new(shape, stride)
    }
}
