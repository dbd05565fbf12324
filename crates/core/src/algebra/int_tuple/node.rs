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
/// scaled basis element (whose first byte is never 0) — with bit 31 ([`DYNAMIC`]) set on a leaf
/// whose integer (or basis coefficient) is *dynamic* (a run-time value in CuTe: a plain C++
/// `int`), clear on a static one (`_4`, `Int<4>{}`); `value` holds the integer, or a tuple's
/// rank (high half) and node count (low half). Each node has one encoding, so equal nodes are
/// equal bit for bit: `==` on IntTuples compares kinds too (`_4 != 4` there; CuTe's
/// `operator==`, which compares values only, is the evaluator's `==`, `Tup::same_values`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
pub(super) struct Node {
    pub(super) meta: u32,
    pub(super) value: i64,
}

const _: () = assert!(std::mem::size_of::<Node>() == 12);

/// `meta` of a tuple's header: its first byte is 0, which no basis's packing has.
pub(super) const OPEN: u32 = 0x100;

/// The bit of `meta` that marks a leaf dynamic (no basis packing sets it: a packed basis's bytes
/// are at most `MAX_BASIS_MODE + 1` = 127).
pub(super) const DYNAMIC: u32 = 1 << 31;

/// Where a dynamic integer leaf (first byte of `meta` 0: no basis) keeps its divisibility
/// ([`Int::div`](crate::algebra::integer::Int::div) as
/// [`pack_div`](crate::algebra::integer::pack_div) packs it, 0 for none): bits 8 to 23.
const DIV_SHIFT: u32 = 8;

/// The bit of a dynamic integer leaf's `meta` that marks it the DSL's 64-bit run-time integer
/// ([`I64_KIND`](crate::algebra::integer::I64_KIND): its packed divisibility in bits 8 to 23
/// as the kind packs it); above the divisibility, below [`DYNAMIC`].
const I64_BIT: u32 = 1 << 24;

/// The bit of a dynamic integer leaf's `meta` that marks its divisibility one from 2^31 on
/// ([`WIDE_DIV_KIND`](crate::algebra::integer::WIDE_DIV_KIND), packed in bits 8 to 23).
const WIDE_BIT: u32 = 1 << 25;

/// The packed basis of `meta` (0 for an integer leaf: its first byte is 0, whatever a dynamic
/// one keeps past it).
#[inline]
pub(super) const fn basis_bits(meta: u32) -> u32 {
    if meta & 0xff == 0 { 0 } else { meta & !DYNAMIC }
}

impl Node {
    /// An integer leaf.
    #[inline]
    pub(super) const fn leaf(v: i64) -> Node {
        Node { meta: 0, value: v }
    }

    /// An integer leaf, dynamic where `dynamic`.
    #[inline]
    pub(super) const fn leaf_of(v: i64, dynamic: bool) -> Node {
        Node {
            meta: (dynamic as u32) << 31,
            value: v,
        }
    }

    /// A scaled basis element `v@b`.
    #[inline]
    pub(super) fn scaled(v: i64, b: Basis) -> Node {
        Node {
            meta: b.packed(),
            value: v,
        }
    }

    /// A leaf of the integer `i`: its kind and, dynamic, its divisibility.
    #[inline]
    pub(super) const fn of_int(i: crate::algebra::integer::Int) -> Node {
        if !i.dynamic() {
            return Node::leaf(i.value);
        }
        if i.kind() > crate::algebra::integer::UNKNOWN_KIND
            && (i.is_i64() || crate::algebra::integer::is_wide_kind(i.kind()))
        {
            return Node::of_tagged(i);
        }
        Node {
            meta: DYNAMIC | (i.packed_div() as u32) << DIV_SHIFT,
            value: i.value,
        }
    }

    /// [`Node::of_int`] of the DSL's 64-bit run-time integer, or of a divisibility from 2^31
    /// on (out of line: rare): the tag's bit and the packed divisibility.
    #[cold]
    #[inline(never)]
    const fn of_tagged(i: crate::algebra::integer::Int) -> Node {
        let tag = if i.is_i64() { I64_BIT } else { WIDE_BIT };
        Node {
            meta: DYNAMIC | tag | (i.kind() & 0xffff) << DIV_SHIFT,
            value: i.value,
        }
    }

    /// The kind of a dynamic integer leaf tagged 64-bit ([`I64_BIT`]) or of a divisibility
    /// from 2^31 on ([`WIDE_BIT`]); `None` for any other node.
    #[inline]
    pub(super) const fn tagged_kind(self) -> Option<u32> {
        let packed = (self.meta >> DIV_SHIFT) & 0xffff;
        if self.meta & (DYNAMIC | I64_BIT | WIDE_BIT | 0xff) == DYNAMIC | I64_BIT {
            Some(crate::algebra::integer::I64_KIND | packed)
        } else if self.meta & (DYNAMIC | I64_BIT | WIDE_BIT | 0xff) == DYNAMIC | WIDE_BIT {
            Some(crate::algebra::integer::WIDE_DIV_KIND | packed)
        } else {
            None
        }
    }

    /// The divisibility a dynamic integer leaf keeps as [`pack_div`](crate::algebra::integer::pack_div)
    /// packs it (0: none known, or a 64-bit one's: [`Node::tagged_kind`]); 0 for any other node.
    #[inline]
    const fn packed_div(self) -> u16 {
        if self.meta & (DYNAMIC | I64_BIT | WIDE_BIT | 0xff) == DYNAMIC {
            ((self.meta & !DYNAMIC) >> DIV_SHIFT) as u16
        } else {
            0
        }
    }

    /// This leaf as an integer with its kind and divisibility (a basis element's coefficient
    /// without one).
    #[inline]
    pub(super) const fn int(self) -> crate::algebra::integer::Int {
        if self.meta == 0 {
            return crate::algebra::integer::Int::st(self.value);
        }
        if let Some(kind) = self.tagged_kind() {
            return crate::algebra::integer::Int::of_kind(self.value, kind);
        }
        crate::algebra::integer::Int::of_packed(
            self.value,
            self.meta & DYNAMIC != 0,
            self.packed_div(),
        )
    }

    /// Whether this is a dynamic leaf (a run-time integer, or a basis element whose coefficient
    /// is one).
    #[inline]
    pub(super) fn is_dynamic(self) -> bool {
        self.meta & DYNAMIC != 0
    }

    /// Whether this is a static integer leaf or a tuple's header (no run-time integer, no
    /// basis element): `meta` without the kind bit and with a first byte of 0.
    #[inline]
    pub(super) fn is_static_int_or_open(self) -> bool {
        self.meta & (DYNAMIC | 0xff) == 0
    }

    /// This leaf, dynamic where `dynamic` (a tuple's header is left as it is).
    #[inline]
    pub(super) fn with_dynamic(self, dynamic: bool) -> Node {
        if self.meta == OPEN {
            return self;
        }
        let meta = if dynamic {
            self.meta | DYNAMIC
        } else {
            // a static integer keeps no divisibility
            basis_bits(self.meta)
        };
        Node {
            meta,
            value: self.value,
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
    ///
    /// A static integer and a tuple's header are told by `meta` as it is (the kind bit is
    /// tested only past them: a header never has it).
    #[inline]
    pub(super) fn kind(self) -> Kind {
        match self.meta {
            0 => Kind::Leaf(self.value),
            OPEN => {
                let (rank, len) = self.open_parts();
                Kind::Open { rank, len }
            }
            meta => match basis_bits(meta) {
                0 => Kind::Leaf(self.value),
                packed => Kind::Scaled(self.value, Basis::from_packed(packed)),
            },
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

impl Node {
    /// This integer leaf (of value `v`) as a stride: its kind and divisibility (the DSL's
    /// `4 * ?{div=4}` in a product's stride is `?{div=16}`; checked with dsl-oracle).
    #[inline(always)]
    pub(super) fn int_stride(self, v: i64) -> Stride {
        if self.meta == 0 {
            return Stride::int(v);
        }
        Stride::of_int(self.int())
    }

    /// This leaf (an integer or a scaled basis element, not a tuple's header) as a stride, read
    /// off `meta` as it is: its low bits are the packed basis (0: none), bit 31 the kind.
    #[inline(always)]
    pub(super) fn leaf_stride(self) -> Stride {
        debug_assert!(self.is_leaf());
        let meta = self.meta;
        if meta == 0 {
            // a static integer, the most common leaf
            return Stride::int(self.value);
        }
        if meta & 0xff == 0 {
            // a dynamic integer: its divisibility kept past the first byte
            return Stride::of_int(self.int());
        }
        // a scaled basis element: the packed basis and the kind bit
        Stride::of_kind(
            self.value,
            Basis::from_packed_or_none(meta & !DYNAMIC),
            meta >> 31,
        )
    }
}

/// The node of a stride leaf: an integer, or a scaled basis element.
///
/// Made of its two fields, each a scalar where the two paths meet (a packed `Node` handed back
/// by the call would go through the stack, and from there to where it is written).
#[inline]
pub(super) fn stride_node(s: Stride) -> Node {
    let (meta, value) = if !s.dynamic() && s.basis.is_none() {
        (0, s.value)
    } else {
        stride_node_past_static(s)
    };
    Node { meta, value }
}

/// [`stride_node`]'s `meta` and `value` of a dynamic stride or a scaled basis element (apart:
/// the static integer's path is one test, its loops small).
#[inline(never)]
fn stride_node_past_static(s: Stride) -> (u32, i64) {
    let basis = match s.basis {
        Some(b) => b.packed(),
        None => 0,
    };
    if basis == 0 {
        let node = Node::of_int(s.coefficient());
        return (node.meta, node.value);
    }
    (basis | (s.dynamic() as u32) << 31, s.value)
}
