//! The nodes as an IntTuple: borrowed ([`Tup`], a whole one or a mode of one, as `str` to
//! `String`) and owned ([`IntTuple`]), the conversions between them, what one is at its top
//! ([`View`], its [`Modes`]), and what its nodes tell without building anything (rank, depth,
//! leaves, the place of a mode).

use std::borrow::Borrow;
use std::ops::Deref;

use ref_cast::{RefCastCustom, ref_cast_custom};
use smallvec::SmallVec;

use super::node::{Kind, Node, stride_node};
use super::{INLINE, Ints};
use crate::algebra::basis::{Basis, Stride};
use crate::algebra::integer::Int;

/// An IntTuple borrowed: a whole one or a mode of one (see the documentation of `int_tuple`).
#[derive(RefCastCustom, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Tup(pub(super) [Node]);

impl Tup {
    /// The nodes of a whole IntTuple or of one of its modes, borrowed as one.
    #[ref_cast_custom]
    pub(super) fn from_nodes(nodes: &[Node]) -> &Tup;
}

/// An owned IntTuple.
#[derive(PartialEq, Eq, Hash)]
pub struct IntTuple {
    pub(super) nodes: SmallVec<[Node; INLINE]>,
}

const _: () = assert!(std::mem::size_of::<IntTuple>() == 56);

impl Clone for IntTuple {
    /// The nodes copied as one slice (a derived clone would push them one by one).
    #[inline]
    fn clone(&self) -> IntTuple {
        IntTuple {
            nodes: SmallVec::from_slice(&self.nodes),
        }
    }
}

/// What an IntTuple is at its top: an integer, or a tuple with these modes.
#[derive(Clone, Copy)]
pub enum View<'a> {
    /// A single integer.
    Int(i64),
    /// A tuple.
    Tuple(Modes<'a>),
}

/// The top-level modes of a tuple, in order (each a borrowed [`Tup`]).
#[derive(Clone, Copy)]
pub struct Modes<'a> {
    rest: &'a [Node],
    left: usize,
}

impl<'a> Modes<'a> {
    /// Number of modes not yet taken.
    #[inline]
    pub fn len(&self) -> usize {
        self.left
    }

    /// No modes left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.left == 0
    }

    /// The modes themselves (an iterator, for code that spells `v.iter()`).
    #[inline]
    pub fn iter(&self) -> Modes<'a> {
        *self
    }

    /// Mode `i`.
    pub fn get(&self, i: usize) -> Option<&'a Tup> {
        self.iter().nth(i)
    }

    /// The first mode.
    pub fn first(&self) -> Option<&'a Tup> {
        self.get(0)
    }

    /// The last mode.
    pub fn last(&self) -> Option<&'a Tup> {
        self.left.checked_sub(1).and_then(|i| self.get(i))
    }

    /// The modes as owned IntTuples.
    pub fn to_vec(&self) -> Vec<IntTuple> {
        self.iter().map(Tup::to_owned).collect()
    }
}

impl<'a> Iterator for Modes<'a> {
    type Item = &'a Tup;

    #[inline]
    fn next(&mut self) -> Option<&'a Tup> {
        if self.left == 0 {
            return None;
        }
        let n = self.rest[0].span();
        let (head, rest) = self.rest.split_at(n);
        self.rest = rest;
        self.left -= 1;
        Some(Tup::from_nodes(head))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Modes<'_> {}

impl<'a> IntoIterator for &Modes<'a> {
    type Item = &'a Tup;
    type IntoIter = Modes<'a>;

    fn into_iter(self) -> Modes<'a> {
        *self
    }
}

impl<'a> std::ops::Index<usize> for Modes<'a> {
    type Output = Tup;

    fn index(&self, i: usize) -> &Tup {
        self.get(i).expect("mode index in range")
    }
}

impl IntTuple {
    /// A single integer.
    #[inline]
    pub fn int(v: i64) -> IntTuple {
        let mut nodes = SmallVec::new();
        nodes.push(Node::leaf(v));
        IntTuple { nodes }
    }

    /// A single integer, dynamic where `dynamic` (CuTe: a run-time `int`, not an `Int<v>`).
    #[inline]
    pub fn int_of(v: i64, dynamic: bool) -> IntTuple {
        let mut nodes = SmallVec::new();
        nodes.push(Node::leaf_of(v, dynamic));
        IntTuple { nodes }
    }

    /// A single integer of `i`'s kind and divisibility.
    #[inline]
    pub fn of_int(i: crate::algebra::integer::Int) -> IntTuple {
        let mut nodes = SmallVec::new();
        nodes.push(Node::of_int(i));
        IntTuple { nodes }
    }

    /// A single stride leaf: an integer, or a scaled basis element `v@i`.
    #[inline]
    pub fn stride(s: Stride) -> IntTuple {
        let mut nodes = SmallVec::new();
        nodes.push(stride_node(s));
        IntTuple { nodes }
    }

    /// The borrowed form.
    #[inline]
    pub fn as_tup(&self) -> &Tup {
        Tup::from_nodes(&self.nodes)
    }

    /// CuTe's `unwrap`: a rank-1 tuple becomes its element, recursively.
    pub fn unwrap(self) -> IntTuple {
        let mut t: &Tup = &self;
        while let View::Tuple(m) = t.view() {
            if m.len() != 1 {
                break;
            }
            t = m.first().expect("one mode");
        }
        if t.0.len() == self.nodes.len() {
            self
        } else {
            t.to_owned()
        }
    }
}

impl Tup {
    /// What this is at its top.
    #[inline]
    pub fn view(&self) -> View<'_> {
        match self.0[0].kind() {
            Kind::Leaf(v) | Kind::Scaled(v, _) => View::Int(v),
            Kind::Open { rank, .. } => View::Tuple(Modes {
                rest: &self.0[1..],
                left: rank as usize,
            }),
        }
    }

    /// Whether this is a single integer.
    #[inline]
    pub fn is_int(&self) -> bool {
        self.0[0].is_leaf()
    }

    /// The integer, when this is one.
    #[inline]
    pub fn as_int(&self) -> Option<i64> {
        match self.0[0].kind() {
            Kind::Leaf(v) | Kind::Scaled(v, _) => Some(v),
            Kind::Open { .. } => None,
        }
    }

    /// Whether this is a dynamic leaf (a run-time integer; `false` for a tuple).
    #[inline]
    pub fn is_dynamic(&self) -> bool {
        self.0[0].is_dynamic()
    }

    /// Whether every leaf is static (CuTe's `is_static`).
    #[inline]
    pub fn is_static(&self) -> bool {
        !self.0.iter().any(|n| n.is_dynamic())
    }

    /// Whether every leaf is a static integer (no run-time integer, no basis element): one
    /// test of each node.
    #[inline]
    pub fn is_static_ints(&self) -> bool {
        self.0.iter().all(|n| n.is_static_int_or_open())
    }

    /// The integer and whether it is dynamic, when this is one.
    #[inline]
    pub fn as_int_kind(&self) -> Option<(i64, bool)> {
        self.as_int().map(|v| (v, self.is_dynamic()))
    }

    /// An integer with its kind and divisibility; `None` for a tuple.
    #[inline]
    pub fn as_int_full(&self) -> Option<crate::algebra::integer::Int> {
        match self.0 {
            [n] if n.is_leaf() => Some(n.int()),
            _ => None,
        }
    }

    /// All leaves as integers with their kinds and divisibilities, left to right.
    #[inline]
    pub fn leaf_int_iter(&self) -> impl Iterator<Item = crate::algebra::integer::Int> + Clone + '_ {
        self.0.iter().filter(|n| n.is_leaf()).map(|n| n.int())
    }

    /// All leaves with their kinds (`true`: dynamic), left to right.
    #[inline]
    pub fn leaf_kind_iter(&self) -> impl Iterator<Item = (i64, bool)> + Clone + '_ {
        self.0.iter().filter_map(|n| match n.kind() {
            Kind::Leaf(v) | Kind::Scaled(v, _) => Some((v, n.is_dynamic())),
            Kind::Open { .. } => None,
        })
    }

    /// Whether the two hold the same values in the same structure, kinds aside (CuTe's
    /// `operator==`: `_4 == 4`).
    pub fn same_values(&self, other: &Tup) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|(a, b)| a.with_dynamic(false) == b.with_dynamic(false))
    }

    /// The same tuple with every leaf of the given kind (`false`: all static).
    pub fn with_kind(&self, dynamic: bool) -> IntTuple {
        IntTuple {
            nodes: self.0.iter().map(|n| n.with_dynamic(dynamic)).collect(),
        }
    }

    /// The basis of a scaled-basis leaf (`3@1`); `None` for an integer or a tuple.
    #[inline]
    pub fn basis(&self) -> Option<Basis> {
        match self.0[0].kind() {
            Kind::Scaled(_, b) => Some(b),
            _ => None,
        }
    }

    /// Whether any leaf is a scaled basis element (a stride of an identity layout).
    #[inline]
    pub fn has_basis(&self) -> bool {
        self.0.iter().any(|n| matches!(n.kind(), Kind::Scaled(..)))
    }

    /// A leaf as a stride: its value and basis (an integer has none).
    #[inline]
    pub fn as_stride(&self) -> Option<Stride> {
        match self.0[0].kind() {
            Kind::Leaf(v) => Some(self.0[0].int_stride(v)),
            Kind::Scaled(v, b) => Some(Stride::new(v, b).with_dynamic(self.0[0].is_dynamic())),
            Kind::Open { .. } => None,
        }
    }

    /// All leaves as strides, left to right.
    pub fn stride_leaves(&self) -> SmallVec<[Stride; 8]> {
        let mut out = SmallVec::new();
        for n in &self.0 {
            match n.kind() {
                Kind::Leaf(v) => out.push(n.int_stride(v)),
                Kind::Scaled(v, b) => out.push(Stride::new(v, b).with_dynamic(n.is_dynamic())),
                Kind::Open { .. } => {}
            }
        }
        out
    }

    /// Number of top-level modes (an integer has rank 1).
    #[inline]
    pub fn rank(&self) -> usize {
        match self.0[0].kind() {
            Kind::Leaf(_) | Kind::Scaled(..) => 1,
            Kind::Open { rank, .. } => rank as usize,
        }
    }

    /// Nesting depth (an integer has depth 0): one pass over the nodes.
    pub fn depth(&self) -> usize {
        if self.0.len() == 1 {
            return usize::from(!self.is_int());
        }
        // the open tuples enclosing each node, counted as their extents end
        let mut ends: SmallVec<[usize; 16]> = SmallVec::new();
        let mut deepest = 0;
        for (i, n) in self.0.iter().enumerate() {
            while ends.last().is_some_and(|&e| e <= i) {
                ends.pop();
            }
            if let Kind::Open { len, .. } = n.kind() {
                ends.push(i + 1 + len as usize);
                deepest = deepest.max(ends.len());
            }
        }
        deepest
    }

    /// Number of leaves (integers).
    #[inline]
    pub fn leaf_count(&self) -> usize {
        self.0.iter().filter(|n| n.is_leaf()).count()
    }

    /// Number of nodes of the flat encoding (leaves and tuples): the size the limits bound.
    #[inline]
    pub fn node_count(&self) -> usize {
        self.0.len()
    }

    /// Mode `i` (for an integer, mode 0 is itself), as CuTe's `get<i>`.
    pub fn mode(&self, i: usize) -> Option<&Tup> {
        match self.view() {
            View::Int(_) => (i == 0).then_some(self),
            View::Tuple(m) => m.get(i),
        }
    }

    /// CuTe's `wrap` as a walk: the top-level modes (an integer is its only mode).
    #[inline]
    pub fn modes(&self) -> Modes<'_> {
        match self.0[0].kind() {
            Kind::Leaf(_) | Kind::Scaled(..) => Modes {
                rest: &self.0,
                left: 1,
            },
            Kind::Open { rank, .. } => Modes {
                rest: &self.0[1..],
                left: rank as usize,
            },
        }
    }

    /// CuTe's `wrap`: the same walk as [`Tup::modes`].
    #[inline]
    pub fn wrap(&self) -> Modes<'_> {
        self.modes()
    }

    /// All leaves, left to right, as an iterator.
    #[inline]
    pub fn leaf_iter(&self) -> impl Iterator<Item = i64> + Clone + '_ {
        self.0.iter().filter_map(|n| match n.kind() {
            Kind::Leaf(v) | Kind::Scaled(v, _) => Some(v),
            Kind::Open { .. } => None,
        })
    }

    /// All leaves, left to right.
    pub fn leaves(&self) -> SmallVec<[i64; INLINE]> {
        let mut out = SmallVec::new();
        for n in &self.0 {
            if let Kind::Leaf(v) | Kind::Scaled(v, _) = n.kind() {
                out.push(v);
            }
        }
        out
    }

    /// All leaves, left to right, with room on the stack for 8 ([`Ints`]).
    pub fn leaf_ints(&self) -> Ints {
        let mut out = Ints::new();
        for n in &self.0 {
            if let Kind::Leaf(v) | Kind::Scaled(v, _) = n.kind() {
                out.push(v);
            }
        }
        out
    }

    /// Whether any tuple in it (itself included) is empty, `()`.
    #[inline]
    pub fn has_empty_tuple(&self) -> bool {
        self.0
            .iter()
            .any(|n| matches!(n.kind(), Kind::Open { rank: 0, .. }))
    }

    /// The last node when it is a leaf: the last leaf, unless the tuple ends in an empty one.
    #[inline]
    pub fn last_leaf(&self) -> Option<i64> {
        match self.0[self.0.len() - 1].kind() {
            Kind::Leaf(v) | Kind::Scaled(v, _) => Some(v),
            Kind::Open { .. } => None,
        }
    }

    /// The first leaf (in [`Tup::leaves`] order) for which `pred` holds.
    pub fn first_leaf(&self, pred: impl Fn(i64) -> bool + Copy) -> Option<i64> {
        self.leaf_iter().find(|&v| pred(v))
    }
}

impl Deref for IntTuple {
    type Target = Tup;

    #[inline]
    fn deref(&self) -> &Tup {
        self.as_tup()
    }
}

impl AsRef<Tup> for IntTuple {
    fn as_ref(&self) -> &Tup {
        self
    }
}

impl AsRef<Tup> for Tup {
    fn as_ref(&self) -> &Tup {
        self
    }
}

impl Borrow<Tup> for IntTuple {
    fn borrow(&self) -> &Tup {
        self
    }
}

impl ToOwned for Tup {
    type Owned = IntTuple;

    #[inline]
    fn to_owned(&self) -> IntTuple {
        IntTuple {
            nodes: inline_or_heap(&self.0),
        }
    }
}

impl PartialEq<Tup> for IntTuple {
    fn eq(&self, other: &Tup) -> bool {
        self.as_tup() == other
    }
}

impl PartialEq<IntTuple> for Tup {
    fn eq(&self, other: &IntTuple) -> bool {
        self == other.as_tup()
    }
}

impl PartialEq<IntTuple> for &Tup {
    fn eq(&self, other: &IntTuple) -> bool {
        *self == other.as_tup()
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::int(v)
    }
}

/// The nodes of a literal as an IntTuple's: up to [`INLINE`] copied in a fixed number of moves
/// (no call of `memcpy` for a count known only now), more onto the heap.
#[inline(always)]
pub(super) fn inline_or_heap(nodes: &[Node]) -> SmallVec<[Node; INLINE]> {
    if nodes.len() <= INLINE {
        let buf = std::array::from_fn(|k| nodes.get(k).copied().unwrap_or(Node::leaf(0)));
        SmallVec::from_buf_and_len(buf, nodes.len())
    } else {
        SmallVec::from_slice(nodes)
    }
}

/// The subtree of `other` at the place where `part`, a subtree of `whole`, lies in `whole`:
/// where `whole` and `other` have the same structure (a layout's shape and stride, congruent:
/// the same node counts at the same places), the mode of `other` that goes with `part`.
#[inline]
pub(crate) fn at_same_place<'a>(whole: &Tup, part: &Tup, other: &'a Tup) -> &'a Tup {
    let at = (part.0.as_ptr() as usize - whole.0.as_ptr() as usize) / std::mem::size_of::<Node>();
    debug_assert!(at + part.0.len() <= whole.0.len() && whole.0.len() == other.0.len());
    Tup::from_nodes(&other.0[at..at + part.0.len()])
}

/// The leaves of a layout, shape and stride paired, last first (what `flatten(L)` lists,
/// backwards): no list of them is made.
///
/// Shape and stride are congruent: their nodes are alike but for the leaves' values (a tuple's
/// header at the same place in both), so one walk over the pairs of nodes finds the leaves of
/// both, told by the shape's node alone.
#[derive(Clone)]
pub(crate) struct RevLeaves<'a> {
    nodes: std::iter::Zip<std::slice::Iter<'a, Node>, std::slice::Iter<'a, Node>>,
}

impl<'a> RevLeaves<'a> {
    /// The leaves of the layout `shape:stride` (congruent).
    #[inline]
    pub(crate) fn new(shape: &'a Tup, stride: &'a Tup) -> RevLeaves<'a> {
        debug_assert!(shape.congruent(stride));
        RevLeaves {
            nodes: shape.0.iter().zip(&stride.0),
        }
    }
}

impl Iterator for RevLeaves<'_> {
    type Item = (Int, Stride);

    #[inline]
    fn next(&mut self) -> Option<(Int, Stride)> {
        loop {
            let (s, d) = self.nodes.next_back()?;
            if s.is_leaf() {
                // an extent is an integer: its value and its kind bit
                return Some((s.int(), d.leaf_stride()));
            }
        }
    }
}
