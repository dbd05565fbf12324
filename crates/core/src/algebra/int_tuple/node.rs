//! One node of an IntTuple's prefix encoding (see the module above): an integer, a scaled basis
//! element or a tuple's header, in 12 bytes, and what it is ([`Kind`]).

use std::fmt;

use crate::algebra::basis::{Basis, Stride};

/// What one node of the prefix encoding is ([`Node::kind`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// An integer.
    Leaf(i64),
    /// A stride's basis element scaled by an integer: CuTe's `ScaledBasis`, `v@i` (a leaf: it
    /// views as its value; [`Tup::basis`](super::Tup::basis) tells it from an integer).
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
pub(super) struct Node {
    pub(super) meta: u32,
    pub(super) value: i64,
}

const _: () = assert!(std::mem::size_of::<Node>() == 12);

/// `meta` of a tuple's header: its first byte is 0, which no basis's packing has.
pub(super) const OPEN: u32 = 0x100;

impl Node {
    /// An integer leaf.
    #[inline]
    pub(super) const fn leaf(v: i64) -> Node {
        Node { meta: 0, value: v }
    }

    /// A scaled basis element `v@b`.
    #[inline]
    pub(super) fn scaled(v: i64, b: Basis) -> Node {
        Node {
            meta: b.packed(),
            value: v,
        }
    }

    /// A tuple's header: `rank` modes in the `len` nodes that follow.
    #[inline]
    pub(super) const fn open(rank: u32, len: u32) -> Node {
        Node {
            meta: OPEN,
            value: ((rank as i64) << 32) | len as i64,
        }
    }

    /// The two halves an [`Node::open`] node was made of (its rank and node count).
    #[inline]
    pub(super) fn open_parts(self) -> (u32, u32) {
        let value = self.value;
        ((value >> 32) as u32, value as u32)
    }

    /// What the node is.
    #[inline]
    pub(super) fn kind(self) -> Kind {
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
    pub(super) fn is_leaf(self) -> bool {
        self.meta != OPEN
    }

    /// Nodes of the subtree this node heads (itself included).
    #[inline]
    pub(super) fn span(self) -> usize {
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
pub(super) fn stride_node(s: Stride) -> Node {
    match s.basis {
        Some(b) => Node::scaled(s.value, b),
        None => Node::leaf(s.value),
    }
}
