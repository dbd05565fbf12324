//! IntTuples built without intermediate ones: [`TupleBuilder`] mode by mode (and the
//! constructors of a tuple of modes or of integers), [`TreeBuilder`] node by node, nested as deep
//! as needed (what the algorithms that write their result in place build with), and [`Taken`],
//! a subtree taken out of one.

use std::ops::Deref;

use smallvec::SmallVec;

use super::node::{Kind, Node, stride_node};
use super::tup::inline_or_heap;
use super::{INLINE, IntTuple, Tup};
use crate::algebra::basis::Stride;

impl IntTuple {
    /// A tuple of these modes.
    pub fn tuple<I>(modes: I) -> IntTuple
    where
        I: IntoIterator,
        I::Item: AsRef<Tup>,
    {
        let mut b = TupleBuilder::new();
        for m in modes {
            b.push(m.as_ref());
        }
        b.finish()
    }

    /// The tuple of these integers (a tuple even of one).
    #[inline]
    pub fn of_ints(v: &[i64]) -> IntTuple {
        let mut b = TupleBuilder::new();
        b.nodes.reserve(v.len());
        for &x in v {
            b.push_int(x);
        }
        b.finish()
    }

    /// The empty tuple `()`.
    pub fn empty() -> IntTuple {
        TupleBuilder::new().finish()
    }
}

/// Builds a tuple mode by mode without intermediate IntTuples.
pub struct TupleBuilder {
    pub(super) nodes: SmallVec<[Node; INLINE]>,
    pub(super) rank: u32,
}

impl TupleBuilder {
    /// No modes yet.
    #[inline]
    pub fn new() -> TupleBuilder {
        let mut nodes = SmallVec::new();
        nodes.push(Node::open(0, 0));
        TupleBuilder { nodes, rank: 0 }
    }

    /// Append a mode.
    #[inline]
    pub fn push(&mut self, mode: &Tup) {
        // most modes are a node or a few: a loop beats a generic slice copy
        self.nodes.reserve(mode.0.len());
        for n in &mode.0 {
            self.nodes.push(*n);
        }
        self.rank += 1;
    }

    /// Append an integer mode.
    #[inline]
    pub fn push_int(&mut self, v: i64) {
        self.nodes.push(Node::leaf(v));
        self.rank += 1;
    }

    /// Append an integer mode of `i`'s kind and divisibility.
    #[inline]
    pub fn push_int_full(&mut self, i: crate::algebra::integer::Int) {
        self.nodes.push(Node::of_int(i));
        self.rank += 1;
    }

    /// Append an integer mode, dynamic where `dynamic`.
    #[inline]
    pub fn push_int_kind(&mut self, v: i64, dynamic: bool) {
        self.nodes.push(Node::leaf_of(v, dynamic));
        self.rank += 1;
    }

    /// Append a stride leaf (an integer or a scaled basis element).
    #[inline]
    pub fn push_stride(&mut self, s: Stride) {
        self.nodes.push(stride_node(s));
        self.rank += 1;
    }

    /// Modes pushed so far.
    pub fn rank(&self) -> usize {
        self.rank as usize
    }

    /// The tuple.
    #[inline]
    pub fn finish(mut self) -> IntTuple {
        let len = u32::try_from(self.nodes.len() - 1).expect("an IntTuple's nodes fit u32");
        self.nodes[0] = Node::open(self.rank, len);
        IntTuple { nodes: self.nodes }
    }
}

impl Default for TupleBuilder {
    fn default() -> Self {
        TupleBuilder::new()
    }
}

/// Builds one IntTuple node by node, nested as deep as needed: leaves are pushed, a tuple is
/// opened ([`TreeBuilder::open`]) and closed around its modes, and a finished subtree can be
/// viewed ([`TreeBuilder::sub`]) while building goes on. What the algorithms that write their
/// result in place (composition, the divides and products) build with.
pub struct TreeBuilder {
    nodes: SmallVec<[Node; BUILD_INLINE]>,
}

/// Nodes a [`TreeBuilder`] holds on the stack before it moves to the heap (the result is copied
/// out when it is finished: a builder is not a value that is moved around).
const BUILD_INLINE: usize = 16;

impl TreeBuilder {
    /// Nothing yet.
    #[inline]
    pub fn new() -> TreeBuilder {
        TreeBuilder {
            nodes: SmallVec::new(),
        }
    }

    /// Nodes so far: where the next subtree starts.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// No nodes yet.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Room for `n` more nodes: past the inline ones, room for 16 at once (a result of a
    /// few modes moves to the heap once, not once per doubling).
    #[inline]
    fn room(&mut self, n: usize) {
        if self.nodes.len() + n > self.nodes.capacity() {
            self.grow(n);
        }
    }

    /// [`TreeBuilder::room`] where there is none: kept out of line.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let len = self.nodes.len();
        let want = (len + n).max(16).next_power_of_two();
        self.nodes.reserve_exact(want - len);
    }

    /// Open a tuple; its modes follow until [`TreeBuilder::close`] with the index returned.
    #[inline]
    pub fn open(&mut self) -> usize {
        // no `room(1)`: a full builder's push doubles its room (a power of two, 16 or more),
        // as `grow(1)` would
        let at = self.nodes.len();
        self.nodes.push(Node::open(0, 0));
        at
    }

    /// Close the tuple opened at `at`: its modes are the subtrees pushed since.
    #[inline]
    pub fn close(&mut self, at: usize) {
        let end = self.nodes.len();
        let (mut i, mut rank) = (at + 1, 0u32);
        while i < end {
            i += self.nodes[i].span();
            rank += 1;
        }
        let len = u32::try_from(end - at - 1).expect("an IntTuple's nodes fit u32");
        self.nodes[at] = Node::open(rank, len);
    }

    /// Close the tuple opened at `at` as `other`'s tuple opened at `other_at` was closed, where
    /// the two hold the same structure there (a layout's shape and stride, congruent: the same
    /// node counts at the same places), so that the modes are counted once.
    #[inline]
    pub fn close_like(&mut self, at: usize, other: &TreeBuilder, other_at: usize) {
        debug_assert_eq!(self.nodes.len() - at, other.nodes.len() - other_at);
        self.nodes[at] = other.nodes[other_at];
    }

    /// Append an integer leaf.
    #[inline]
    pub fn push_int(&mut self, v: i64) {
        self.nodes.push(Node::leaf(v));
    }

    /// Append an integer leaf of `i`'s kind and divisibility.
    #[inline]
    pub fn push_int_full(&mut self, i: crate::algebra::integer::Int) {
        self.nodes.push(Node::of_int(i));
    }

    /// Append an integer leaf, dynamic where `dynamic`.
    #[inline]
    pub fn push_int_kind(&mut self, v: i64, dynamic: bool) {
        self.nodes.push(Node::leaf_of(v, dynamic));
    }

    /// Append a stride leaf (an integer or a scaled basis element).
    #[inline]
    pub fn push_stride(&mut self, s: Stride) {
        self.nodes.push(stride_node(s));
    }

    /// Append a whole subtree.
    #[inline]
    pub fn push(&mut self, t: &Tup) {
        // most subtrees are a node or a few: a loop beats a generic slice copy
        self.room(t.0.len());
        for n in &t.0 {
            self.nodes.push(*n);
        }
    }

    /// The finished subtree that starts at node `at`.
    #[inline]
    pub fn sub(&self, at: usize) -> &Tup {
        let n = self.nodes[at].span();
        Tup::from_nodes(&self.nodes[at..at + n])
    }

    /// Top-level mode `i` of the tuple built replaced, in place, by its own modes where it is a
    /// tuple of other than one mode (as the tiled and flat forms unpack a mode); an integer
    /// mode, a tuple of one mode, or no mode `i` leaves the tuple as it is.
    pub fn unpack_mode(&mut self, i: usize) {
        let Kind::Open { rank, len } = self.nodes[0].kind() else {
            return;
        };
        if i >= rank as usize {
            return;
        }
        let mut at = 1;
        for _ in 0..i {
            at += self.nodes[at].span();
        }
        if let Kind::Open { rank: r, .. } = self.nodes[at].kind()
            && r != 1
        {
            self.nodes.remove(at);
            self.nodes[0] = Node::open(rank - 1 + r, len - 1);
        }
    }

    /// The IntTuple built (one finished subtree).
    #[inline]
    pub fn finish(self) -> IntTuple {
        IntTuple {
            nodes: inline_or_heap(&self.as_tup().0),
        }
    }

    /// The IntTuple built (one finished subtree), borrowed.
    #[inline]
    pub fn as_tup(&self) -> &Tup {
        debug_assert!(!self.nodes.is_empty() && self.nodes[0].span() == self.nodes.len());
        Tup::from_nodes(&self.nodes)
    }

    /// The subtree built (one finished subtree), moved out into `to` (on the stack): the
    /// builder is left empty with its room kept, to write what is made of the copy.
    #[inline]
    pub fn take_into(&mut self, to: &mut Taken) {
        debug_assert!(!self.nodes.is_empty() && self.nodes[0].span() == self.nodes.len());
        to.0.clear();
        to.0.extend_from_slice(&self.nodes);
        self.nodes.clear();
    }
}

/// A subtree taken out of a [`TreeBuilder`] ([`TreeBuilder::take_into`]): its nodes on the
/// stack (on the heap past 16), viewed as a [`Tup`].
#[derive(Default)]
pub struct Taken(SmallVec<[Node; 16]>);

impl Deref for Taken {
    type Target = Tup;
    #[inline]
    fn deref(&self) -> &Tup {
        Tup::from_nodes(&self.0)
    }
}

impl Default for TreeBuilder {
    fn default() -> Self {
        TreeBuilder::new()
    }
}

impl FromIterator<IntTuple> for IntTuple {
    /// The tuple of the items.
    fn from_iter<I: IntoIterator<Item = IntTuple>>(iter: I) -> IntTuple {
        IntTuple::tuple(iter)
    }
}

impl<'a> FromIterator<&'a IntTuple> for IntTuple {
    /// The tuple of the items.
    fn from_iter<I: IntoIterator<Item = &'a IntTuple>>(iter: I) -> IntTuple {
        IntTuple::tuple(iter)
    }
}

impl<'a> FromIterator<&'a Tup> for IntTuple {
    /// The tuple of the items.
    fn from_iter<I: IntoIterator<Item = &'a Tup>>(iter: I) -> IntTuple {
        IntTuple::tuple(iter)
    }
}
