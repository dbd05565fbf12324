//! `IntTuple`: an integer or a (nested) tuple of IntTuples, CuTe's shapes, strides and coordinates.
//!
//! Held flat: one contiguous sequence of nodes in prefix order, inline up to [`INLINE`] nodes (on
//! the heap past it). A leaf is one node; a tuple is a header node (its rank and how many nodes
//! follow it) and then its modes. So a mode of a tuple is a contiguous run of its nodes, and every
//! recursive algorithm walks borrowed sub-slices ([`Tup`], as `str` to `String`) without building
//! or cloning anything. `(8)` (a rank-1 tuple) differs from `8`, as in CuTe.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use ref_cast::{RefCastCustom, ref_cast_custom};
use smallvec::SmallVec;

use super::arith;
use super::basis::{Basis, Stride};
use super::error::{Result, condition};

/// Nodes held inline before an IntTuple moves to the heap: `(4,8,2)` is 4 nodes. Measured on the
/// benchmark mix (BENCHMARKS.md): 4 or 5 spend the fewest instructions; more inline nodes cost
/// more in copying every value than the heap costs the larger ones.
pub const INLINE: usize = 4;

/// Nodes the literal reader gathers on the stack before it stores a literal (deeper or wider
/// literals grow on the heap as they are read).
const READ_INLINE: usize = 32;

/// A few integers on the stack (the leaves of a layout an algorithm works on), on the heap
/// past 8.
pub type Ints = SmallVec<[i64; 8]>;

/// What one node of the prefix encoding is ([`Node::kind`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// An integer.
    Leaf(i64),
    /// A stride's basis element scaled by an integer: CuTe's `ScaledBasis`, `v@i` (a leaf: it
    /// views as its value; [`Tup::basis`] tells it from an integer).
    Scaled(i64, Basis),
    /// A tuple of `rank` modes, whose nodes are the `len` nodes that follow.
    Open { rank: u32, len: u32 },
}

/// One node of the prefix encoding, in 12 bytes (so that four sit inline in an IntTuple of 56
/// bytes, and a `Value` of a layout is moved by inline stores, not by a call of `memcpy`):
/// `meta` tells the kind — 0 for an integer, [`OPEN`] for a tuple, else the packed basis of a
/// scaled basis element (whose first byte is never 0) — and `value` holds the integer, or a
/// tuple's rank (high half) and node count (low half). Each node has one encoding, so equal
/// nodes are equal bit for bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
struct Node {
    meta: u32,
    value: i64,
}

const _: () = assert!(std::mem::size_of::<Node>() == 12);
const _: () = assert!(std::mem::size_of::<IntTuple>() == 56);

/// `meta` of a tuple's header: its first byte is 0, which no basis's packing has.
const OPEN: u32 = 0x100;

impl Node {
    /// An integer leaf.
    #[inline]
    const fn leaf(v: i64) -> Node {
        Node { meta: 0, value: v }
    }

    /// A scaled basis element `v@b`.
    #[inline]
    fn scaled(v: i64, b: Basis) -> Node {
        Node {
            meta: b.packed(),
            value: v,
        }
    }

    /// A tuple's header: `rank` modes in the `len` nodes that follow.
    #[inline]
    const fn open(rank: u32, len: u32) -> Node {
        Node {
            meta: OPEN,
            value: ((rank as i64) << 32) | len as i64,
        }
    }

    /// The two halves an [`Node::open`] node was made of (its rank and node count).
    #[inline]
    fn open_parts(self) -> (u32, u32) {
        let value = self.value;
        ((value >> 32) as u32, value as u32)
    }

    /// What the node is.
    #[inline]
    fn kind(self) -> Kind {
        match self.meta {
            0 => Kind::Leaf(self.value),
            OPEN => {
                let (rank, len) = self.open_parts();
                Kind::Open { rank, len }
            }
            meta => Kind::Scaled(self.value, Basis::from_packed(meta)),
        }
    }

    /// Whether it is a leaf (an integer or a scaled basis element).
    #[inline]
    fn is_leaf(self) -> bool {
        self.meta != OPEN
    }

    /// Nodes of the subtree this node heads (itself included).
    #[inline]
    fn span(self) -> usize {
        if self.is_leaf() {
            1
        } else {
            1 + self.open_parts().1 as usize
        }
    }
}

impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind().fmt(f)
    }
}

/// The node of a stride leaf: an integer, or a scaled basis element.
#[inline]
fn stride_node(s: Stride) -> Node {
    match s.basis {
        Some(b) => Node::scaled(s.value, b),
        None => Node::leaf(s.value),
    }
}

/// An IntTuple borrowed: a whole one or a mode of one (see the module's documentation).
#[derive(RefCastCustom, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Tup([Node]);

impl Tup {
    /// The nodes of a whole IntTuple or of one of its modes, borrowed as one.
    #[ref_cast_custom]
    fn from_nodes(nodes: &[Node]) -> &Tup;
}

/// An owned IntTuple.
#[derive(PartialEq, Eq, Hash)]
pub struct IntTuple {
    nodes: SmallVec<[Node; INLINE]>,
}

impl Clone for IntTuple {
    /// The nodes copied as one slice (a derived clone would push them one by one).
    #[inline]
    fn clone(&self) -> IntTuple {
        IntTuple {
            nodes: SmallVec::from_slice(&self.nodes),
        }
    }
}

/// What [`Reader::tuple_or_pair`] read.
pub enum Read<'a> {
    /// An IntTuple.
    Tuple(&'a Tup),
    /// `a:b` of two with as many nodes (a layout's shape and stride, if they are congruent).
    Pair(ReadPair<'a>),
    /// `a:b` of two that differ in their number of nodes (no layout).
    Unpaired,
}

/// Two tuples of as many nodes read one after the other ([`Read::Pair`]), in the reader's
/// buffer: of at most [`HALF_INLINE`] nodes each, as a [`TupPair`] holds them inline (the
/// second at [`HALF_INLINE`], leaves 0 after each), so that the pair is made of them as they
/// are; longer, the second right after the first. Whether they are a layout was found as they
/// were read.
pub struct ReadPair<'a> {
    /// The nodes of each.
    half: usize,
    /// Their nodes, as above.
    nodes: &'a [Node],
    /// The vector they were read into, when they were too long for the stack buffer: the pair
    /// takes it over (its nodes are exactly the two's), rather than copying them.
    long: Option<&'a mut Vec<Node>>,
    /// The two are congruent, and the first's leaves are positive integers.
    layout: bool,
}

impl ReadPair<'_> {
    /// Where the second starts.
    #[cfg(test)]
    fn second_at(&self) -> usize {
        self.half.max(HALF_INLINE)
    }

    /// Their nodes, wherever they were read.
    #[cfg(test)]
    fn all_nodes(&self) -> &[Node] {
        self.long.as_deref().map_or(self.nodes, |v| &v[..])
    }

    /// The first.
    #[cfg(test)]
    pub(crate) fn first(&self) -> &Tup {
        Tup::from_nodes(&self.all_nodes()[..self.half])
    }

    /// The second.
    #[cfg(test)]
    pub(crate) fn second(&self) -> &Tup {
        let at = self.second_at();
        Tup::from_nodes(&self.all_nodes()[at..at + self.half])
    }

    /// Whether the two are a layout's shape and stride (`Tup::layout_fault` finds nothing).
    #[inline(always)]
    pub(crate) fn is_layout(&self) -> bool {
        self.layout
    }

    /// Both, owned as one: the inline nodes copied as they are, more copied into one buffer,
    /// or a long literal's vector taken over (a 150,000-mode layout is not copied again).
    #[inline(always)]
    pub(crate) fn into_pair(self) -> TupPair {
        if self.half <= HALF_INLINE {
            let nodes = *self
                .nodes
                .first_chunk::<{ 2 * HALF_INLINE }>()
                .expect("a short pair is read at its places");
            return TupPair(Pair::Inline {
                half: self.half as u8,
                nodes,
            });
        }
        match self.long {
            Some(v) => TupPair(Pair::Heap(std::mem::take(v).into_boxed_slice())),
            None => TupPair(Pair::Heap(Box::from(self.nodes))),
        }
    }
}

/// What [`Reader::items_into`] read: one literal, or two (`a:b`), and where they lie in its
/// buffer.
#[derive(Clone, Copy)]
struct Items {
    /// The first literal's node count.
    half: usize,
    /// The second literal, where one followed: `None` where it has another number of nodes,
    /// else whether the two are a layout.
    second: Option<Option<bool>>,
}

impl Items {
    /// What the nodes that [`Reader::items_into`] gathered in `nodes` are.
    #[inline(always)]
    fn read(self, nodes: &[Node]) -> Read<'_> {
        match self.second {
            None => Read::Tuple(Tup::from_nodes(&nodes[..self.half])),
            Some(None) => Read::Unpaired,
            Some(Some(layout)) => Read::Pair(ReadPair {
                half: self.half,
                nodes,
                long: None,
                layout,
            }),
        }
    }

    /// [`Items::read`] of the nodes gathered in a vector (a literal too long for the stack
    /// buffer): a pair of more than [`HALF_INLINE`] nodes each takes the vector over.
    fn read_long(self, nodes: &mut Vec<Node>) -> Read<'_> {
        match self.second {
            Some(Some(layout)) if self.half > HALF_INLINE => Read::Pair(ReadPair {
                half: self.half,
                nodes: &[],
                long: Some(nodes),
                layout,
            }),
            _ => self.read(nodes),
        }
    }
}

/// Nodes of each tuple a [`TupPair`] holds inline (more move both to the heap), as an IntTuple
/// holds them: a `Value` of a layout stays at most 128 bytes, moved by inline stores.
const HALF_INLINE: usize = INLINE;

/// Two IntTuples with as many nodes — a layout's shape and stride, congruent — held as one,
/// each viewed as a [`Tup`]. Each has one representation (so equal pairs are equal bit for
/// bit): up to [`HALF_INLINE`] nodes each inline, at fixed places (made and copied by a fixed
/// number of moves); more, the first's nodes then the second's in one allocation.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TupPair(Pair);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Pair {
    /// `half` nodes each: the first's at `0..half`, the second's at `HALF_INLINE..`, the rest
    /// integer leaves 0.
    Inline {
        half: u8,
        nodes: [Node; 2 * HALF_INLINE],
    },
    /// The first's nodes, then the second's.
    Heap(Box<[Node]>),
}

impl TupPair {
    /// `a` and `b` (as many nodes each) held as one.
    #[inline]
    pub fn new(a: &Tup, b: &Tup) -> TupPair {
        TupPair::of_halves(&a.0, &b.0)
    }

    /// The pair of the nodes `a` and `b` (as many of each): up to [`HALF_INLINE`] each copied
    /// to their places by a fixed number of moves, more into one buffer.
    #[inline(always)]
    fn of_halves(a: &[Node], b: &[Node]) -> TupPair {
        debug_assert_eq!(a.len(), b.len(), "a pair of tuples of as many nodes");
        let half = a.len();
        if half <= HALF_INLINE {
            let nodes = std::array::from_fn(|k| {
                let node = if k < HALF_INLINE {
                    a.get(k)
                } else {
                    b.get(k - HALF_INLINE)
                };
                node.copied().unwrap_or(Node::leaf(0))
            });
            return TupPair(Pair::Inline {
                half: half as u8,
                nodes,
            });
        }
        let mut v = Vec::with_capacity(2 * half);
        v.extend_from_slice(a);
        v.extend_from_slice(b);
        TupPair(Pair::Heap(v.into_boxed_slice()))
    }

    /// The pair of the flat layout whose leaves are `s:d` (as many of each): the
    /// integer `s0:d0` of one leaf, else the flat tuples; its nodes written where they are held
    /// (no tuple is built first).
    pub fn of_flat(s: &[i64], d: &[Stride]) -> TupPair {
        debug_assert_eq!(s.len(), d.len());
        if let ([s0], [d0]) = (s, d) {
            let mut nodes = [Node::leaf(0); 2 * HALF_INLINE];
            nodes[0] = Node::leaf(*s0);
            nodes[HALF_INLINE] = stride_node(*d0);
            return TupPair(Pair::Inline { half: 1, nodes });
        }
        let n = u32::try_from(s.len()).expect("an IntTuple's nodes fit u32");
        let head = Node::open(n, n);
        let half = s.len() + 1;
        if half <= HALF_INLINE {
            let mut nodes = [Node::leaf(0); 2 * HALF_INLINE];
            nodes[0] = head;
            nodes[HALF_INLINE] = head;
            for (k, (x, y)) in s.iter().zip(d).enumerate() {
                nodes[1 + k] = Node::leaf(*x);
                nodes[HALF_INLINE + 1 + k] = stride_node(*y);
            }
            return TupPair(Pair::Inline {
                half: half as u8,
                nodes,
            });
        }
        let mut v = Vec::with_capacity(2 * half);
        v.push(head);
        v.extend(s.iter().map(|x| Node::leaf(*x)));
        v.push(head);
        v.extend(d.iter().map(|y| stride_node(*y)));
        TupPair(Pair::Heap(v.into_boxed_slice()))
    }

    /// The first.
    #[inline]
    pub fn first(&self) -> &Tup {
        Tup::from_nodes(match &self.0 {
            Pair::Inline { half, nodes } => &nodes[..usize::from(*half)],
            Pair::Heap(nodes) => &nodes[..nodes.len() / 2],
        })
    }

    /// The second.
    #[inline]
    pub fn second(&self) -> &Tup {
        Tup::from_nodes(match &self.0 {
            Pair::Inline { half, nodes } => &nodes[HALF_INLINE..HALF_INLINE + usize::from(*half)],
            Pair::Heap(nodes) => &nodes[nodes.len() / 2..],
        })
    }
}

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

    /// A single stride leaf: an integer, or a scaled basis element `v@i`.
    #[inline]
    pub fn stride(s: Stride) -> IntTuple {
        let mut nodes = SmallVec::new();
        nodes.push(stride_node(s));
        IntTuple { nodes }
    }

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

/// Builds a tuple mode by mode without intermediate IntTuples.
pub struct TupleBuilder {
    nodes: SmallVec<[Node; INLINE]>,
    rank: u32,
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

/// The subtree of `other` at the place where `part`, a subtree of `whole`, lies in `whole`:
/// where `whole` and `other` have the same structure (a layout's shape and stride, congruent:
/// the same node counts at the same places), the mode of `other` that goes with `part`.
#[inline]
pub(crate) fn at_same_place<'a>(whole: &Tup, part: &Tup, other: &'a Tup) -> &'a Tup {
    let at = (part.0.as_ptr() as usize - whole.0.as_ptr() as usize) / std::mem::size_of::<Node>();
    debug_assert!(at + part.0.len() <= whole.0.len() && whole.0.len() == other.0.len());
    Tup::from_nodes(&other.0[at..at + part.0.len()])
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

/// The leaves of a layout, shape and stride paired, last first (what `flatten(L)` lists,
/// backwards): no list of them is made.
#[derive(Clone)]
pub(crate) struct RevLeaves<'a> {
    s: &'a [Node],
    d: &'a [Node],
}

impl<'a> RevLeaves<'a> {
    /// The leaves of the layout `shape:stride`.
    #[inline]
    pub(crate) fn new(shape: &'a Tup, stride: &'a Tup) -> RevLeaves<'a> {
        RevLeaves {
            s: &shape.0,
            d: &stride.0,
        }
    }
}

impl Iterator for RevLeaves<'_> {
    type Item = (i64, Stride);

    #[inline]
    fn next(&mut self) -> Option<(i64, Stride)> {
        // each side walked alone (a layout's are congruent, but only their leaves need pair)
        let s = loop {
            let (last, rest) = self.s.split_last()?;
            self.s = rest;
            if let Kind::Leaf(v) | Kind::Scaled(v, _) = last.kind() {
                break v;
            }
        };
        let d = loop {
            let (last, rest) = self.d.split_last()?;
            self.d = rest;
            match last.kind() {
                Kind::Leaf(w) => break Stride::int(w),
                Kind::Scaled(w, b) => break Stride::new(w, b),
                Kind::Open { .. } => {}
            }
        };
        Some((s, d))
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
            Kind::Leaf(v) => Some(Stride::int(v)),
            Kind::Scaled(v, b) => Some(Stride::new(v, b)),
            Kind::Open { .. } => None,
        }
    }

    /// All leaves as strides, left to right.
    pub fn stride_leaves(&self) -> SmallVec<[Stride; 8]> {
        let mut out = SmallVec::new();
        for n in &self.0 {
            match n.kind() {
                Kind::Leaf(v) => out.push(Stride::int(v)),
                Kind::Scaled(v, b) => out.push(Stride::new(v, b)),
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

    /// Product of all leaves (`size`).
    pub fn product(&self) -> Result<i64> {
        self.leaf_iter()
            .try_fold(1i64, |acc, v| arith::mul(acc, v, "size"))
    }

    /// Sum of all leaves.
    pub fn sum(&self) -> Result<i64> {
        self.leaf_iter()
            .try_fold(0i64, |acc, v| arith::add(acc, v, "sum"))
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
            let (sm, dm, v) = (s.meta, d.meta, s.value);
            if sm == OPEN || dm == OPEN {
                if s != d {
                    return Some(LayoutFault::Incongruent);
                }
            } else if sm != 0 {
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

    /// CuTe's `compatible(a, b)`: sizes agree and every leaf of `a` maps to a mode of `b`.
    pub fn compatible(&self, other: &Tup) -> bool {
        match (self.view(), other.view()) {
            (View::Int(a), _) => other.product().map(|p| p == a).unwrap_or(false),
            (View::Tuple(a), View::Tuple(b)) => {
                a.len() == b.len() && a.zip(b).all(|(x, y)| x.compatible(y))
            }
            (View::Tuple(_), View::Int(_)) => false,
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
        match (self.view(), b.view()) {
            (View::Tuple(a), View::Tuple(bv)) => {
                if a.len() < bv.len() {
                    return Err(condition("ceil_div", "mismatched ranks"));
                }
                let one = IntTuple::int(1);
                a.enumerate()
                    .map(|(i, x)| x.ceil_div(bv.get(i).unwrap_or(&one)))
                    .collect()
            }
            (View::Tuple(a), View::Int(bi)) => {
                let mut rest = IntTuple::int(bi);
                let mut out = TupleBuilder::new();
                for ai in a {
                    out.push(&ai.ceil_div(&rest)?);
                    rest = rest.ceil_div(ai)?;
                }
                Ok(out.finish())
            }
            (View::Int(_), View::Tuple(_)) => self.ceil_div(&IntTuple::int(b.product()?)),
            (View::Int(x), View::Int(y)) => Ok(IntTuple::int(arith::ceil_div(x, y, "ceil_div")?)),
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
            (View::Tuple(a), View::Int(bi)) => {
                let mut rest = IntTuple::int(bi);
                let mut out = TupleBuilder::new();
                for ai in a {
                    out.push(&ai.shape_div(&rest)?);
                    rest = rest.shape_div(ai)?;
                }
                Ok(out.finish())
            }
            (View::Int(_), View::Tuple(_)) => self.shape_div(&IntTuple::int(b.product()?)),
            (View::Int(x), View::Int(y)) => {
                if y == 0 || x == 0 {
                    return Err(condition("shape_div", "division by zero"));
                }
                if arith::rem(x, y, "shape_div")? != 0 && arith::rem(y, x, "shape_div")? != 0 {
                    return Err(condition(
                        "shape_div",
                        format!("divisibility condition: neither of {x} and {y} divides the other"),
                    ));
                }
                Ok(IntTuple::int(arith::ceil_div(x, y, "shape_div")?))
            }
        }
    }

    /// CuTe's `product_each`: the product of each top-level mode, as a tuple.
    pub fn product_each(&self) -> Result<IntTuple> {
        let mut out = TupleBuilder::new();
        for m in self.modes() {
            out.push_int(m.product()?);
        }
        Ok(out.finish())
    }

    /// Append the value as [`fmt::Display`] writes it (see [`write_notation`]).
    #[inline]
    pub fn write_to(&self, out: &mut String) {
        write_notation(out, self, None);
    }

    /// Write the value into `w`: one pass over the nodes, the modes still to write of each
    /// open tuple on the stack `left`. `None` where `left` or `w`'s room is too short.
    #[inline(always)]
    fn write_with(&self, w: &mut Ascii<'_>, left: &mut [u32]) -> Option<()> {
        let mut open = 0;
        for n in &self.0 {
            match n.kind() {
                Kind::Open { rank, .. } => {
                    w.push(b'(')?;
                    if rank > 0 {
                        *left.get_mut(open)? = rank;
                        open += 1;
                        continue;
                    }
                    w.push(b')')?;
                }
                Kind::Leaf(v) => w.int(v)?,
                Kind::Scaled(v, b) => {
                    w.int(v)?;
                    // CuTe's print of the basis: the modes innermost first, each after an `@`
                    for m in b.path().iter().rev() {
                        w.push(b'@')?;
                        w.int(*m)?;
                    }
                }
            }
            // a mode is written: the next one's comma, or the tuples it closes
            while open > 0 {
                let k = &mut left[open - 1];
                *k -= 1;
                if *k > 0 {
                    w.push(b',')?;
                    break;
                }
                w.push(b')')?;
                open -= 1;
            }
        }
        Some(())
    }
}

/// Append `first`, and after a `:` `second` where given (a layout's shape and stride), as
/// [`fmt::Display`] writes them: the one printer of the notation's tuples.
///
/// The text is written straight into the string's free capacity, reserved once (an estimate
/// from the node count that most values fit), its length and address in registers rather than
/// reloaded at each byte as pushes onto the string reload them. A value that does not fit the
/// estimate, or nested deeper than the small stack of open tuples, is written again out of
/// line with room and stack for any value.
#[inline(always)]
pub(crate) fn write_notation(out: &mut String, first: &Tup, second: Option<&Tup>) {
    let nodes = first.0.len() + second.map_or(0, |s| s.0.len());
    // most integers are a digit or two: a node writes at most 3 bytes then (its digits and
    // a comma, or a tuple's parentheses and comma)
    if write_into(out, first, second, 3 * nodes + 8, &mut [0; 8]).is_none() {
        write_long(out, first, second, nodes);
    }
}

/// [`write_notation`] of a value its estimate of room or its stack does not fit.
#[cold]
#[inline(never)]
fn write_long(out: &mut String, first: &Tup, second: Option<&Tup>, nodes: usize) {
    // a node writes at most an integer (20 bytes), its basis (4 bytes a level), its
    // parentheses and a comma (or the `:`); a tuple is nested less deep than it has nodes
    let room = nodes * (23 + 4 * super::basis::MAX_BASIS_DEPTH);
    let written = write_into(out, first, second, room, &mut vec![0; nodes]);
    debug_assert!(written.is_some(), "the room and the stack fit any value");
}

/// [`write_notation`] with `room` bytes reserved and `left` the stack of open tuples: `None`
/// (nothing appended) where they are too short.
#[inline(always)]
fn write_into(
    out: &mut String,
    first: &Tup,
    second: Option<&Tup>,
    room: usize,
    left: &mut [u32],
) -> Option<()> {
    // SAFETY: the bytes are written through `Ascii`, which writes ASCII only: the string
    // stays UTF-8
    let bytes = unsafe { out.as_mut_vec() };
    bytes.reserve(room);
    let len = bytes.len();
    let mut w = Ascii {
        buf: bytes.spare_capacity_mut(),
        at: 0,
    };
    first.write_with(&mut w, left)?;
    if let Some(s) = second {
        w.push(b':')?;
        s.write_with(&mut w, left)?;
    }
    let at = w.at;
    // SAFETY: `Ascii` wrote the first `at` bytes of the spare capacity, in order
    unsafe { bytes.set_len(len + at) };
    Some(())
}

/// ASCII bytes written left to right into a buffer's free capacity: `at` bytes so far.
struct Ascii<'a> {
    buf: &'a mut [std::mem::MaybeUninit<u8>],
    at: usize,
}

impl Ascii<'_> {
    /// Write an ASCII byte: `None` where the buffer is full.
    #[inline(always)]
    fn push(&mut self, c: u8) -> Option<()> {
        debug_assert!(c.is_ascii());
        self.buf.get_mut(self.at)?.write(c);
        self.at += 1;
        Some(())
    }

    /// Write the decimal digits of `v` (what `{v}` writes, without the formatting machinery).
    #[inline(always)]
    fn int(&mut self, v: i64) -> Option<()> {
        // most extents and strides are a digit or two: written as bytes where they are
        // printed, any other integer out of line
        match u8::try_from(v) {
            Ok(d @ 0..=9) => self.push(b'0' + d),
            Ok(d @ 10..=99) => {
                self.push(b'0' + d / 10)?;
                self.push(b'0' + d % 10)
            }
            _ => {
                self.at += long_int(self.buf.get_mut(self.at..)?, v)?;
                Some(())
            }
        }
    }
}

/// [`Ascii::int`] of an integer outside 0..=99, into `buf`: the number of bytes written, or
/// `None` where they do not fit. (Given the free part of the buffer, not the writer, so that
/// the writer's position stays in a register where it is inlined.)
#[inline(never)]
fn long_int(buf: &mut [std::mem::MaybeUninit<u8>], v: i64) -> Option<usize> {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(v).as_bytes();
    for (slot, &c) in buf.get_mut(..digits.len())?.iter_mut().zip(digits) {
        slot.write(c);
    }
    Some(digits.len())
}

/// The notation, as [`Tup::write_to`] writes it (the one printer of an IntTuple).
impl fmt::Display for Tup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (View::Int(v), None) = (self.view(), self.basis()) {
            // an integer, the commonest, without a buffer
            return write!(f, "{v}");
        }
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_tup(), f)
    }
}

impl fmt::Debug for Tup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IntTuple({self})")
    }
}

impl fmt::Debug for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_tup(), f)
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::int(v)
    }
}

/// The notation of a tuple, `(a,b,c)`: its items' own notation, comma-separated, no blanks (as
/// CuTe prints). The one tuple printer of IntTuples, coordinates and tilers.
pub fn write_tuple<T: std::fmt::Display>(
    f: &mut std::fmt::Formatter<'_>,
    items: &[T],
) -> std::fmt::Result {
    f.write_str("(")?;
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{e}")?;
    }
    f.write_str(")")
}

/// The notation's literal reader: `4`, `-2`, `(4,(2,3))` (blanks anywhere between tokens),
/// nested at most [`MAX_NESTING`](crate::limits::MAX_NESTING) levels. What `Display` prints
/// reads back as itself. (Statements go through `crate::parser`; this reads the plain notation,
/// for the atoms' catalogs, benches and tests.)
impl std::str::FromStr for IntTuple {
    type Err = super::AlgebraError;

    fn from_str(text: &str) -> Result<IntTuple> {
        let mut r = Reader::new(text.as_bytes());
        let t = r.int_tuple(0)?;
        r.end()?;
        Ok(t)
    }
}

/// The integer at byte `i` of `b` — `-`? digits, as `i64::from_str` takes them — and the
/// byte after it; `Err` with the byte where reading stopped when there is none (no digit, or
/// out of range: overflow is no integer).
#[inline(always)]
fn read_int(b: &[u8], mut i: usize) -> std::result::Result<(i64, usize), usize> {
    let neg = b.get(i) == Some(&b'-');
    i += usize::from(neg);
    let digits = i;
    // the magnitude in u64 (every i64 magnitude fits), then the sign
    let mut m: u64 = 0;
    let mut overflow = false;
    while let Some(&c) = b.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        match m.checked_mul(10).and_then(|m| m.checked_add(u64::from(d))) {
            Some(next) => m = next,
            None => overflow = true,
        }
        i += 1;
    }
    let v = if neg {
        0i64.checked_sub_unsigned(m)
    } else {
        i64::try_from(m).ok()
    };
    match v {
        // a leading zero (`010`): C++ reads octal, Python refuses it; the parser decides
        _ if i > digits + 1 && b[digits] == b'0' => Err(digits),
        Some(v) if i > digits && !overflow => Ok((v, i)),
        _ => Err(i),
    }
}

/// The digits at byte `i`, at most 18 of them (below `10^18`, so no digit can overflow): their
/// value and the byte after them; `None` where there is no digit, a 19th digit, or a leading
/// zero.
#[inline(always)]
fn digit_run(b: &[u8], i: usize) -> Option<(i64, usize)> {
    let mut m = 0i64;
    let mut at = i;
    while let Some(&c) = b.get(at) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if at - i == 18 {
            return None;
        }
        m = m * 10 + i64::from(d);
        at += 1;
    }
    // a leading zero is left to `read_int`
    (at > i && !(at > i + 1 && b[i] == b'0')).then_some((m, at))
}

/// The first byte of `b` at or after `i` that is not a blank (a space, or with `spaces_only`
/// off any ASCII whitespace).
#[inline(always)]
fn skip_blanks(b: &[u8], spaces_only: bool, mut i: usize) -> usize {
    if spaces_only {
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
    } else {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
    }
    i
}

/// The nodes of a literal as an IntTuple's: up to [`INLINE`] copied in a fixed number of moves
/// (no call of `memcpy` for a count known only now), more onto the heap.
#[inline(always)]
fn inline_or_heap(nodes: &[Node]) -> SmallVec<[Node; INLINE]> {
    if nodes.len() <= INLINE {
        let buf = std::array::from_fn(|k| nodes.get(k).copied().unwrap_or(Node::leaf(0)));
        SmallVec::from_buf_and_len(buf, nodes.len())
    } else {
        SmallVec::from_slice(nodes)
    }
}

/// Leaves 0 appended to `nodes` up to `to` nodes, where a pair's first or second literal of
/// at most [`HALF_INLINE`] nodes (at least one) leaves its places unfilled: at most
/// `HALF_INLINE - 1` of them, by as many stores (no call of `memset`); `None` when full.
#[inline(always)]
fn fill(nodes: &mut impl Nodes, to: usize) -> Option<()> {
    const _: () = assert!(HALF_INLINE == 4);
    for _ in 0..HALF_INLINE - 1 {
        if nodes.len() < to {
            nodes.push_node(Node::leaf(0))?;
        }
    }
    Some(())
}

/// Where the literal reader gathers a literal's nodes: an array on the stack, that can be
/// full, or a vector (read and written as the slice of the nodes so far).
trait Nodes: std::ops::DerefMut<Target = [Node]> {
    /// Append `n`; `None` when full.
    fn push_node(&mut self, n: Node) -> Option<()>;
}

impl<const N: usize> Nodes for arrayvec::ArrayVec<Node, N> {
    #[inline(always)]
    fn push_node(&mut self, n: Node) -> Option<()> {
        self.try_push(n).ok()
    }
}

impl Nodes for Vec<Node> {
    #[inline(always)]
    fn push_node(&mut self, n: Node) -> Option<()> {
        self.push(n);
        Some(())
    }
}

/// A cursor over a literal's bytes.
pub(crate) struct Reader<'a> {
    pub(crate) b: &'a [u8],
    pub(crate) i: usize,
    /// The deepest nesting read: a node deeper than this is an error.
    pub(crate) max_depth: usize,
    /// Blanks are spaces only (the statement shortcut's plain spelling); otherwise any ASCII
    /// whitespace.
    pub(crate) spaces_only: bool,
}

impl<'a> Reader<'a> {
    /// A cursor at the start of `text`, blanks any ASCII whitespace, nesting up to
    /// [`MAX_NESTING`](crate::limits::MAX_NESTING).
    pub(crate) fn new(text: &'a [u8]) -> Reader<'a> {
        Reader {
            b: text,
            i: 0,
            max_depth: crate::limits::MAX_NESTING,
            spaces_only: false,
        }
    }

    #[cold]
    #[inline(never)]
    fn error(&self, what: &str) -> super::AlgebraError {
        self.error_at(self.i, what)
    }

    /// The error `what` at byte `i` of the text (the cursor left there).
    #[cold]
    #[inline(never)]
    fn error_at(&self, i: usize, what: &str) -> super::AlgebraError {
        condition(
            "literal",
            format!(
                "{what} at byte {i} of '{}'",
                String::from_utf8_lossy(self.b)
            ),
        )
    }

    #[inline]
    fn blanks(&mut self) {
        self.i = skip_blanks(self.b, self.spaces_only, self.i);
    }

    /// Consume `c` (after blanks) if it is next.
    #[inline]
    pub(crate) fn eat(&mut self, c: u8) -> bool {
        self.blanks();
        let here = self.b.get(self.i) == Some(&c);
        self.i += usize::from(here);
        here
    }

    /// Nothing but blanks is left.
    pub(crate) fn end(&mut self) -> Result<()> {
        self.blanks();
        if self.i == self.b.len() {
            Ok(())
        } else {
            Err(self.error("unexpected text"))
        }
    }

    /// An IntTuple literal at the cursor (blanks before each token skipped; the cursor stays
    /// right after its last token), built in place: a tuple's header, then its modes. The
    /// nodes are gathered on the stack and stored once (a literal of more than [`INLINE`]
    /// nodes then takes one allocation of its exact size, not a growth at every doubling).
    pub(crate) fn int_tuple(&mut self, depth: usize) -> Result<IntTuple> {
        // the nodes gathered on the stack; a literal of more nodes is read again into a
        // vector
        let start = self.i;
        let mut stack = arrayvec::ArrayVec::<Node, READ_INLINE>::new();
        if let Some(read) = self.items_into(&mut stack, depth, false)? {
            return Ok(IntTuple {
                nodes: inline_or_heap(&stack[..read.half]),
            });
        }
        self.i = start;
        let mut heap = Vec::new();
        self.items_into(&mut heap, depth, false)?;
        Ok(IntTuple {
            nodes: SmallVec::from_slice(&heap),
        })
    }

    /// An IntTuple literal at the cursor, or a layout's two, `shape:stride`, where a `:`
    /// follows the first right away: both read in one go into one buffer on the stack
    /// ([`Reader::items_into`]), and handed to `take` from there (as a pair where they have
    /// as many nodes, as congruent tuples have).
    #[inline(always)]
    pub(crate) fn tuple_or_pair<R>(
        &mut self,
        depth: usize,
        take: impl FnOnce(Read<'_>) -> R,
    ) -> Result<R> {
        let start = self.i;
        let mut stack = arrayvec::ArrayVec::<Node, { 2 * READ_INLINE }>::new();
        // `take` called in one place (where it is inlined), of either buffer
        let mut heap = Vec::new();
        let read = match self.items_into(&mut stack, depth, true)? {
            Some(items) => items.read(&stack),
            None => self
                .tuple_or_pair_long(start, depth, &mut heap)?
                .read_long(&mut heap),
        };
        Ok(take(read))
    }

    /// [`Reader::tuple_or_pair`] of literals too large for its buffer, read again from
    /// `start` into a vector.
    #[cold]
    #[inline(never)]
    fn tuple_or_pair_long(
        &mut self,
        start: usize,
        depth: usize,
        heap: &mut Vec<Node>,
    ) -> Result<Items> {
        self.i = start;
        let items = self.items_into(heap, depth, true)?;
        Ok(items.expect("a vector is never full"))
    }

    /// The nodes of the IntTuple literal at the cursor appended to `nodes` (empty when called),
    /// and with `pair`, where a `:` follows it right away, those of a second one after it (a
    /// layout's stride after its shape): all read in one loop, the tuples still open kept in
    /// their own headers (no recursion, so no stack depth to guard, and no stack of them).
    /// `None` when `nodes` is full first. A node deeper than `max_depth` is an error at the
    /// cursor where it would be read.
    ///
    /// A second literal read after a first of at most [`HALF_INLINE`] nodes starts at
    /// [`HALF_INLINE`], and when it has as many nodes, leaves 0 fill the places after each up
    /// to there: the first `2 * HALF_INLINE` nodes are then a [`TupPair`]'s inline nodes as
    /// they are. While the nodes are read, what makes the two a layout is gathered too (the
    /// first's leaves are positive integers, the two have their tuples' headers at the same
    /// places), so that a layout's literal is not walked again ([`Items::read`]).
    ///
    /// The cursor, the innermost open tuple's header and its modes read so far live in locals
    /// (registers) while the loop runs; the cursor is stored back when it returns.
    fn items_into(
        &mut self,
        nodes: &mut impl Nodes,
        depth: usize,
        pair: bool,
    ) -> Result<Option<Items>> {
        debug_assert!(nodes.is_empty());
        if depth > self.max_depth {
            return Err(self.error("nesting too deep"));
        }
        // the text and the settings in locals, so that they stay in registers
        let (b, spaces_only) = (self.b, self.spaces_only);
        // the tuples a literal may have open at once: the modes of the deepest one are at
        // `max_depth`
        let limit = self.max_depth - depth;
        let blanks = |i| skip_blanks(b, spaces_only, i);
        // the byte at `i`, 0 past the end (a byte that reads as nothing: no blank, digit or
        // bracket, so that it takes the paths that report an error)
        let byte = |i: usize| b.get(i).copied().unwrap_or(0);
        let mut i = self.i;
        // the literal being read: its first node, and the places of its tuples' headers (bit
        // `k`: node `k`, exact for the first 64 nodes); whether a leaf read so far is not a
        // positive integer
        let (mut start, mut opens, mut bad) = (0usize, 0u64, false);
        // the first literal, once a second follows: its node count, headers, and `bad`
        let mut first: Option<(usize, u64, bool)> = None;
        loop {
            // a literal: its first byte after any blanks (every blank, and the 0 past the
            // end, is at most b' ')
            let mut c = byte(i);
            if c <= b' ' {
                i = blanks(i);
                c = byte(i);
            }
            if c != b'(' {
                // an integer: after it, any byte but a digit or an `@`
                let ends = |c: u8| c < b'0' || c.wrapping_sub(b':') <= 4;
                let (leaf, at, _) = self.leaf_here(b, i, c, ends, &mut bad)?;
                i = at;
                if nodes.push_node(leaf).is_none() {
                    return Ok(None);
                }
            } else {
                i += 1;
                opens |= 1u64.wrapping_shl(start as u32);
                if nodes.push_node(Node::open(0, 0)).is_none() {
                    return Ok(None);
                }
                // the modes of a tuple are one level deeper than it: checked as it opens
                if limit < 1 {
                    self.i = i;
                    return Err(self.error_at(i, "nesting too deep"));
                }
                // the innermost open tuple: its header's index, the modes read so far, and
                // how many tuples are open. The tuples around it are kept in the headers of
                // the ones they hold: until a tuple closes, its header holds the enclosing
                // tuple's header index and modes read (as an `open` node: rank, then the index
                // in place of the node count)
                let (mut head, mut rank, mut open) = (start, 0u32, 1usize);
                'modes: loop {
                    // a mode of the innermost open tuple, its first byte after any blanks
                    let mut c = byte(i);
                    if c <= b' ' {
                        i = blanks(i);
                        c = byte(i);
                    }
                    if c == b'(' {
                        i += 1;
                        let outer = u32::try_from(head).expect("a literal's nodes fit u32");
                        head = nodes.len();
                        opens |= 1u64.wrapping_shl(head as u32);
                        if nodes.push_node(Node::open(rank, outer)).is_none() {
                            return Ok(None);
                        }
                        rank = 0;
                        open += 1;
                        if open > limit {
                            self.i = i;
                            return Err(self.error_at(i, "nesting too deep"));
                        }
                        continue;
                    }
                    // an integer: before a ',' or a ')', the commonest, it is read at once
                    let ends = |c: u8| matches!(c, b',' | b')');
                    let (leaf, at, sep) = self.leaf_here(b, i, c, ends, &mut bad)?;
                    i = at;
                    if nodes.push_node(leaf).is_none() {
                        return Ok(None);
                    }
                    // the mode is read: a ',' reads the next one, a ')' closes the tuple,
                    // which is then a mode read of the tuple around it
                    let mut next = sep;
                    loop {
                        rank += 1;
                        if !matches!(next, b')' | b',') {
                            i = blanks(i);
                            next = byte(i);
                            if !matches!(next, b')' | b',') {
                                self.i = i;
                                return Err(self.error_at(i, "expected ',' or ')'"));
                            }
                        }
                        i += 1;
                        if next == b',' {
                            break;
                        }
                        let len = u32::try_from(nodes.len() - head - 1)
                            .expect("an IntTuple's nodes fit u32");
                        let (outer_rank, outer_head) = nodes[head].open_parts();
                        nodes[head] = Node::open(rank, len);
                        open -= 1;
                        if open == 0 {
                            break 'modes;
                        }
                        head = outer_head as usize;
                        rank = outer_rank;
                        next = byte(i);
                    }
                }
            }
            // a literal is read, the cursor right after it
            match first {
                None if pair && byte(i) == b':' => {
                    // the second, at its place
                    i += 1;
                    let half = nodes.len();
                    if fill(nodes, HALF_INLINE).is_none() {
                        return Ok(None);
                    }
                    first = Some((half, opens, bad));
                    start = nodes.len();
                    opens = 0;
                }
                None => {
                    self.i = i;
                    let half = nodes.len();
                    return Ok(Some(Items { half, second: None }));
                }
                Some((half, first_opens, first_bad)) => {
                    self.i = i;
                    if nodes.len() - start != half {
                        return Ok(Some(Items {
                            half,
                            second: Some(None),
                        }));
                    }
                    // congruent: the headers at the same places (exact where both are in
                    // the first 64 nodes), and equal there (their ranks and node counts)
                    let layout = !first_bad
                        && if start + half <= 64 {
                            let mut same = first_opens.wrapping_shl(start as u32) == opens;
                            let mut m = first_opens;
                            while m != 0 && same {
                                let k = m.trailing_zeros() as usize;
                                same = nodes[k] == nodes[start + k];
                                m &= m - 1;
                            }
                            same
                        } else {
                            let (a, b) = nodes.split_at(start);
                            Tup::from_nodes(&a[..half]).congruent(Tup::from_nodes(b))
                        };
                    if fill(nodes, 2 * HALF_INLINE).is_none() {
                        return Ok(None);
                    }
                    return Ok(Some(Items {
                        half,
                        second: Some(Some(layout)),
                    }));
                }
            }
        }
    }

    /// The integer leaf at byte `i`, whose byte is `c` (blanks skipped), and the byte after
    /// it: the commonest, one or two digits, the first not 0 (so that the integer is
    /// positive), right before a byte for which `ends` holds (never a digit or an `@`), read
    /// at once; a few more digits without the checks of a sign or an overflow (18 digits fit
    /// an i64); any other integer by `read_int`, a scaled basis element or an error out of
    /// line. Each of these sets `bad` where it is no positive integer.
    #[inline(always)]
    fn leaf_here(
        &mut self,
        b: &[u8],
        i: usize,
        c: u8,
        ends: impl Fn(u8) -> bool,
        bad: &mut bool,
    ) -> Result<(Node, usize, u8)> {
        let byte = |i: usize| b.get(i).copied().unwrap_or(0);
        let (d0, c1) = (c.wrapping_sub(b'0'), byte(i + 1));
        if d0.wrapping_sub(1) <= 8 && ends(c1) {
            return Ok((Node::leaf(i64::from(d0)), i + 1, c1));
        }
        let (d1, c2) = (c1.wrapping_sub(b'0'), byte(i + 2));
        if d0.wrapping_sub(1) <= 8 && d1 <= 9 && ends(c2) {
            return Ok((Node::leaf(i64::from(d0 * 10 + d1)), i + 2, c2));
        }
        let (leaf, at) = match digit_run(b, i) {
            Some((v, at)) if byte(at) != b'@' => (Node::leaf(v), at),
            _ => self.leaf_at(i)?,
        };
        let (meta, value) = (leaf.meta, leaf.value);
        *bad |= meta != 0 || value <= 0;
        Ok((leaf, at, byte(at)))
    }

    /// An integer leaf at byte `i` (blanks already skipped), or a scaled basis element, and
    /// the byte after it (out of line: the loop reads a plain integer itself).
    #[inline(never)]
    fn leaf_at(&mut self, i: usize) -> Result<(Node, usize)> {
        match read_int(self.b, i) {
            Ok((v, at)) if self.b.get(at) == Some(&b'@') => {
                self.i = at;
                let node = self.scaled(v)?;
                Ok((node, self.i))
            }
            Ok((v, at)) => Ok((Node::leaf(v), at)),
            Err(at) => {
                self.i = at;
                Err(self.error_at(at, "expected an integer"))
            }
        }
    }

    /// A scaled basis element `v@1@0` whose value `v` was read, the cursor at its first `@`:
    /// the modes innermost first, as CuTe prints them.
    #[cold]
    #[inline(never)]
    fn scaled(&mut self, v: i64) -> Result<Node> {
        let mut printed = SmallVec::<[i64; 4]>::new();
        while self.b.get(self.i) == Some(&b'@') {
            self.i += 1;
            let s = self.i;
            while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
            }
            let m = std::str::from_utf8(&self.b[s..self.i])
                .ok()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| self.error("expected a mode index after '@'"))?;
            printed.push(m);
        }
        let basis = Basis::from_printed(&printed)?;
        Ok(stride_node(Stride::new(v, basis)))
    }
}

#[cfg(test)]
mod write_tests {
    use super::*;

    /// A pair has one representation whichever way it was made (inline up to 4 nodes each, one
    /// buffer past that): read as one literal, made of two tuples, read too long for the stack.
    #[test]
    fn pairs_are_the_same_however_made() {
        use std::hash::{BuildHasher, RandomState};
        let hash = RandomState::new();
        for (a, b) in [
            ("8", "1"),
            ("(4,8)", "(1,4)"),
            ("((4,2),8)", "((1,4),8)"),
            ("(4,(2,3),5)", "(1,(4,8),24)"),
            ("((((2))))", "((((1))))"),
            ("(1@0,(2@1,3))", "(1,(1@0,1@1))"),
        ] {
            let (x, y): (IntTuple, IntTuple) = (a.parse().expect(a), b.parse().expect(b));
            let made = TupPair::new(&x, &y);
            assert_eq!((made.first(), made.second()), (x.as_tup(), y.as_tup()));
            let text = format!("{a}:{b}");
            let mut r = Reader::new(text.as_bytes());
            let read = r
                .tuple_or_pair(0, |read| match read {
                    Read::Pair(p) => Some(p.into_pair()),
                    _ => None,
                })
                .expect(&text)
                .expect("a pair");
            assert!(read == made, "{text}");
            assert_eq!(hash.hash_one(&read), hash.hash_one(&made), "{text}");
            let mut long = Reader::new(text.as_bytes());
            let mut heap = Vec::new();
            let items = long.tuple_or_pair_long(0, 0, &mut heap).expect(&text);
            let Read::Pair(long) = items.read_long(&mut heap) else {
                panic!("a pair: {text}")
            };
            let long = long.into_pair();
            assert!(long == made, "{text}, read long");
        }
        let mut r = Reader::new(b"(4,8):(1,(2,3))");
        assert!(matches!(
            r.tuple_or_pair(0, |read| matches!(read, Read::Unpaired)),
            Ok(true)
        ));
    }

    /// A flat layout's pair written from its leaves (`TupPair::of_flat`) is the pair of its
    /// tuples (`TupPair::new`): the same places, inline or on the heap, for every width.
    #[test]
    fn flat_pairs_are_placed_as_any_pair() {
        for n in 1..=7usize {
            let s: Vec<i64> = (1..=n as i64).map(|k| k + 1).collect();
            let d: Vec<Stride> = (0..n as i64).map(|k| Stride::int(3 * k)).collect();
            let text = |v: Vec<String>| match v.len() {
                1 => v[0].clone(),
                _ => format!("({})", v.join(",")),
            };
            let shape: IntTuple = text(s.iter().map(i64::to_string).collect())
                .parse()
                .expect("a shape");
            let stride: IntTuple = text((0..n).map(|k| (3 * k).to_string()).collect())
                .parse()
                .expect("a stride");
            let made = TupPair::new(&shape, &stride);
            let flat = TupPair::of_flat(&s, &d);
            assert!(flat == made, "{n} leaves");
            assert_eq!(
                (flat.first(), flat.second()),
                (shape.as_tup(), stride.as_tup())
            );
        }
    }

    #[test]
    fn reader_reads_every_integer_width() {
        // the short integers' loop (at most 18 digits) and the checked one (19 and more)
        for t in [
            "(999999999999999999,1)",
            "(1000000000000000000,2)",
            "(9223372036854775807,(-9223372036854775808,0))",
            "(0,120,(7))",
        ] {
            let read: IntTuple = t.parse().expect(t);
            assert_eq!(read.to_string(), t);
        }
        // a leading zero is C++'s octal and Python's error: left to the parser (issue
        // "Hardening, round 3")
        for t in [
            "(9223372036854775808,1)",
            "(99999999999999999999)",
            "(1,2",
            "(0,00012,(7))",
            "(010)",
            "-07",
        ] {
            assert!(t.parse::<IntTuple>().is_err(), "{t}");
        }
    }

    #[test]
    fn write_to_is_display() {
        for v in [
            0,
            1,
            -1,
            9,
            10,
            -10,
            99,
            12345,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ] {
            let mut s = String::new();
            IntTuple::tuple([IntTuple::int(v)]).write_to(&mut s);
            assert_eq!(s, format!("({v})"));
        }
        let t = IntTuple::tuple([
            IntTuple::int(-3),
            IntTuple::empty(),
            IntTuple::tuple([IntTuple::int(7), IntTuple::int(i64::MIN)]),
        ]);
        let mut s = String::new();
        t.write_to(&mut s);
        assert_eq!(s, "(-3,(),(7,-9223372036854775808))");
        assert_eq!(s, t.to_string());
        // a scaled basis element, alone and in a tuple
        for text in ["3@1", "(1@0,(2@1@0,4))"] {
            let t: IntTuple = text.parse().expect("a literal");
            assert_eq!(t.to_string(), text);
        }
    }

    #[test]
    fn write_to_writes_any_depth() {
        // around the depth its stack holds on the stack (8 open tuples), with modes after
        // the deepest one, appended to what the line already has
        for depth in [1, 7, 8, 9, 100] {
            let text = format!("{}7,8{}", "(2,".repeat(depth), ")".repeat(depth));
            let t: IntTuple = text.parse().expect("a literal");
            let mut s = String::from("x = ");
            t.write_to(&mut s);
            assert_eq!(s, format!("x = {text}"));
            assert_eq!(s[4..], t.to_string(), "Display is write_to");
        }
    }
}
