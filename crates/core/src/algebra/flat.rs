//! The algorithms' working form of a layout: its leaves on the stack, and results written in
//! place.
//!
//! Coalesce, filter and complement give *flat* layouts (one mode `s:d`, or a flat tuple of
//! them); the divides and products hand them on to complement and composition as they are,
//! [`FlatModes`], two short lists of leaves, and build an `IntTuple` only for what they return
//! ([`LayoutBuilder`] writes a result's nodes where they end up). The trace builds the
//! intermediate layouts it prints inside its closures, so a [`NoTrace`](super::trace::NoTrace)
//! run builds none of them.

use std::fmt;

use smallvec::SmallVec;

use super::basis::Stride;
use super::int_tuple::{IntTuple, Ints, Taken, TreeBuilder, Tup, TupPair, TupleBuilder};
use super::integer::Int;
use super::layout::Layout;

/// A few stride leaves on the stack, on the heap past 8.
pub type Strides = SmallVec<[Stride; 8]>;

/// A flat layout held as its leaves: a single mode `s:d` (an integer layout) when there is
/// one leaf, else the flat tuple of the leaves. What coalesce, filter and complement give
/// (written into a `FlatModes` the caller holds, so that none is moved).
#[derive(Clone, Debug, Default)]
pub struct FlatModes {
    s: Ints,
    d: Strides,
    /// Each extent's kind and, dynamic, the DSL's divisibility of it, in one integer
    /// ([`Int::kind`]: 0 static, else dynamic; a stride carries its own kind): empty
    /// while every extent is static, as they mostly are (a static extent pushed is then no
    /// third push), else one an extent, made at the first dynamic one.
    k: Kinds,
}

/// Each extent's kind ([`Int::kind`]): a `Vec`, so that an empty one (all static, as
/// they mostly are) is made, cleared and kept at the cost of a length (no inline buffer to
/// test or move); it is allocated only at the first dynamic extent.
pub type Kinds = Vec<u32>;

impl FlatModes {
    /// No leaves yet (not a layout until one is pushed).
    #[inline]
    pub fn new() -> FlatModes {
        FlatModes {
            s: Ints::new(),
            d: Strides::new(),
            k: Kinds::new(),
        }
    }

    /// Remove every leaf.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.s.clear();
        self.d.clear();
        self.k.clear();
    }

    /// Append the leaf `s:d` (inlined where it is pushed, as the two pushes of the values
    /// were before the kinds: the kind is a test there, the list of kinds out of line).
    #[inline(always)]
    pub(crate) fn push_kind(&mut self, s: Int, d: Stride) {
        self.s.push(s.value);
        self.d.push(d);
        if s.dynamic() || !self.k.is_empty() {
            self.note_kind(s);
        }
    }

    /// Append the leaf `s:d` of a static extent, where every extent before it is static too
    /// (no kind is kept).
    #[inline(always)]
    pub(crate) fn push_static(&mut self, s: i64, d: Stride) {
        debug_assert!(self.k.is_empty());
        self.s.push(s);
        self.d.push(d);
    }

    /// The kind of the extent just pushed, where the kinds are kept (from the first dynamic
    /// extent on: the static ones before it are written then).
    #[cold]
    #[inline(never)]
    fn note_kind(&mut self, s: Int) {
        self.k.resize(self.s.len() - 1, 0);
        self.k.push(s.kind());
    }

    /// Room for `n` leaves in all, where more than fit on the stack.
    #[inline]
    pub(crate) fn reserve(&mut self, n: usize) {
        if n > self.d.inline_size() {
            self.s.reserve_exact(n);
            self.d.reserve_exact(n);
        }
    }

    /// The last leaf.
    #[inline(always)]
    pub(crate) fn last(&self) -> (i64, Stride) {
        (self.s[self.s.len() - 1], self.d[self.d.len() - 1])
    }

    /// Reverse the order of the leaves.
    #[inline]
    pub(crate) fn reverse(&mut self) {
        self.s.reverse();
        self.d.reverse();
        if !self.k.is_empty() {
            self.k.reverse();
        }
    }

    /// Each extent's kind ([`Int::kind`]): empty where all are static, else one an
    /// extent.
    #[inline]
    pub fn shape_kinds(&self) -> &[u32] {
        &self.k
    }

    /// Whether every extent is static (the strides carry their own kinds).
    #[inline]
    pub fn shape_is_static(&self) -> bool {
        self.k.is_empty()
    }

    /// Whether every extent and every stride is static.
    #[inline]
    pub fn is_static(&self) -> bool {
        self.shape_is_static() && !self.d.iter().any(|d| d.dynamic())
    }

    /// Whether extent `i` is dynamic.
    #[inline]
    pub fn is_dynamic_extent(&self, i: usize) -> bool {
        !self.k.is_empty() && self.k[i] != 0
    }

    /// Extent `i` with its kind.
    #[inline]
    pub fn extent(&self, i: usize) -> Int {
        if self.k.is_empty() {
            return Int::st(self.s[i]);
        }
        Int::of_kind(self.s[i], self.k[i])
    }

    /// The extents.
    #[inline]
    pub fn shape(&self) -> &[i64] {
        &self.s
    }

    /// The strides.
    #[inline]
    pub fn stride(&self) -> &[Stride] {
        &self.d
    }

    /// Number of leaves.
    #[inline]
    pub fn len(&self) -> usize {
        self.s.len()
    }

    /// No leaves (only before one is pushed).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.s.is_empty()
    }

    /// Whether it is a single integer mode (not a tuple).
    #[inline]
    pub fn is_single(&self) -> bool {
        self.len() == 1
    }

    /// Whether any stride is a basis element.
    #[inline]
    pub fn has_basis(&self) -> bool {
        self.stride().iter().any(|d| d.basis.is_some())
    }

    /// Append the shape (an integer, or the flat tuple) to `b`.
    #[inline]
    pub(crate) fn push_shape(&self, b: &mut TreeBuilder) {
        if let [s] = self.shape() {
            b.push_int_kind(*s, self.is_dynamic_extent(0));
            return;
        }
        let at = b.open();
        for (i, &s) in self.shape().iter().enumerate() {
            b.push_int_kind(s, self.is_dynamic_extent(i));
        }
        b.close(at);
    }

    /// Append the stride (an integer, or the flat tuple) to `b`.
    #[inline]
    pub(crate) fn push_stride(&self, b: &mut TreeBuilder) {
        if let [d] = self.stride() {
            b.push_stride(*d);
            return;
        }
        let at = b.open();
        for &d in self.stride() {
            b.push_stride(d);
        }
        b.close(at);
    }

    /// The shape as an IntTuple.
    pub fn shape_tuple(&self) -> IntTuple {
        if let [_] = self.shape() {
            return IntTuple::of_int(self.extent(0));
        }
        let mut b = TupleBuilder::new();
        for i in 0..self.s.len() {
            b.push_int_full(self.extent(i));
        }
        b.finish()
    }

    /// The stride as an IntTuple.
    pub fn stride_tuple(&self) -> IntTuple {
        if let [d] = self.stride() {
            return IntTuple::stride(*d);
        }
        let mut b = TupleBuilder::new();
        for &d in self.stride() {
            b.push_stride(d);
        }
        b.finish()
    }

    /// The layout (shape and stride written straight into the layout's buffer: no tuple of
    /// each is made). Whether an extent is dynamic is tested first, once: the layout of static
    /// extents is made as it was before the kinds, the other out of line.
    #[inline]
    pub fn to_layout(&self) -> Layout {
        if !self.shape_is_static() {
            return self.to_layout_kinded();
        }
        Layout::from_parts(TupPair::of_flat(self.shape(), self.stride()))
    }

    /// [`FlatModes::to_layout`] where an extent is dynamic: the shape written with its kinds.
    #[cold]
    #[inline(never)]
    fn to_layout_kinded(&self) -> Layout {
        let l = Layout::from_parts(TupPair::of_flat(self.shape(), self.stride()));
        Layout::raw(self.shape_tuple(), l.stride().to_owned())
    }
}

impl fmt::Display for FlatModes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_layout(), f)
    }
}

/// A layout under construction: shape and stride built side by side, nested as deep as needed.
pub struct LayoutBuilder {
    /// The shape's nodes.
    pub shape: TreeBuilder,
    /// The stride's nodes.
    pub stride: TreeBuilder,
}

/// Where a tuple opened in a [`LayoutBuilder`] starts, in its shape and in its stride.
#[derive(Clone, Copy)]
pub struct Mark {
    shape: usize,
    stride: usize,
}

impl LayoutBuilder {
    /// Nothing yet.
    #[inline]
    pub fn new() -> LayoutBuilder {
        LayoutBuilder {
            shape: TreeBuilder::new(),
            stride: TreeBuilder::new(),
        }
    }

    /// Where the next mode starts.
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark {
            shape: self.shape.len(),
            stride: self.stride.len(),
        }
    }

    /// Open a tuple.
    #[inline]
    pub fn open(&mut self) -> Mark {
        Mark {
            shape: self.shape.open(),
            stride: self.stride.open(),
        }
    }

    /// Close the tuple opened at `m`.
    #[inline]
    pub fn close(&mut self, m: Mark) {
        self.shape.close(m.shape);
        // the stride is congruent to the shape: its tuple has the shape's header
        self.stride.close_like(m.stride, &self.shape, m.shape);
    }

    /// Append the leaf mode `s:d`.
    #[inline]
    pub fn push_leaf(&mut self, s: i64, d: Stride) {
        self.shape.push_int(s);
        self.stride.push_stride(d);
    }

    /// Append the leaf mode `s:d`, `s` of its kind.
    #[inline(always)]
    pub fn push_leaf_kind(&mut self, s: Int, d: Stride) {
        self.shape.push_int_full(s);
        self.stride.push_stride(d);
    }

    /// Append a layout as one mode.
    #[inline]
    pub fn push(&mut self, l: &Layout) {
        self.shape.push(l.shape());
        self.stride.push(l.stride());
    }

    /// Append the layout `s:d` (shape and stride congruent) as one mode.
    #[inline]
    pub fn push_tups(&mut self, s: &Tup, d: &Tup) {
        self.shape.push(s);
        self.stride.push(d);
    }

    /// Append a flat layout as one mode.
    #[inline]
    pub fn push_flat(&mut self, f: &FlatModes) {
        f.push_shape(&mut self.shape);
        f.push_stride(&mut self.stride);
    }

    /// The stride of the finished mode that starts at `m`.
    #[inline]
    pub fn stride_at(&self, m: Mark) -> &Tup {
        self.stride.sub(m.stride)
    }

    /// The finished mode that starts at `m`, as a layout (a copy: for traces and errors).
    pub fn layout_at(&self, m: Mark) -> Layout {
        Layout::raw(
            self.shape.sub(m.shape).to_owned(),
            self.stride.sub(m.stride).to_owned(),
        )
    }

    /// The layout built (one finished mode), moved out into `s` and `d` on the stack (its
    /// shape and its stride): the builder is left empty, to write what is made of them.
    #[inline]
    pub fn take_into(&mut self, s: &mut Taken, d: &mut Taken) {
        self.shape.take_into(s);
        self.stride.take_into(d);
    }

    /// The layout built (one finished mode), copied out (borrowed: the builder, hundreds of
    /// bytes, is not moved).
    #[inline]
    pub fn finish(&self) -> Layout {
        Layout::raw_tups(self.shape.as_tup(), self.stride.as_tup())
    }
}

impl Default for LayoutBuilder {
    fn default() -> Self {
        LayoutBuilder::new()
    }
}
