//! [`TupPair`]: two IntTuples with as many nodes, a layout's shape and stride, held as one
//! (inline up to a few nodes each, at fixed places), each viewed as a [`Tup`].

use super::node::{Node, stride_node};
use super::{INLINE, Tup};
use crate::algebra::basis::Stride;

/// Nodes of each tuple a [`TupPair`] holds inline (more move both to the heap), as an IntTuple
/// holds them: a `Value` of a layout stays at most 128 bytes, moved by inline stores.
pub(super) const HALF_INLINE: usize = INLINE;

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

    /// The pair of `half` nodes each held inline, at their places: the first's at `0..half`,
    /// the second's at [`HALF_INLINE`], leaves 0 after each (as the literal reader leaves them).
    #[inline(always)]
    pub(super) fn inline(half: usize, nodes: [Node; 2 * HALF_INLINE]) -> TupPair {
        debug_assert!(half <= HALF_INLINE);
        TupPair(Pair::Inline {
            half: half as u8,
            nodes,
        })
    }

    /// The pair of the nodes of two tuples of more than [`HALF_INLINE`] nodes each, the first's
    /// then the second's.
    #[inline(always)]
    pub(super) fn heap(nodes: Box<[Node]>) -> TupPair {
        debug_assert!(nodes.len() > 2 * HALF_INLINE && nodes.len().is_multiple_of(2));
        TupPair(Pair::Heap(nodes))
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

#[cfg(test)]
mod tests {
    use super::super::IntTuple;
    use super::*;

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
}
