//! The notation's literal reader: `FromStr` of an IntTuple, and [`Reader`], the cursor over a
//! literal's bytes that reads one IntTuple, or a layout's two (`shape:stride`) in one go into
//! one buffer ([`Read`], [`ReadPair`]), as the statements' reader and `Layout`'s `FromStr` take
//! them.

use smallvec::SmallVec;

use super::node::{Node, basis_bits, stride_node};
use super::pair::HALF_INLINE;
use super::tup::inline_or_heap;
use super::{IntTuple, Tup, TupPair};
use crate::algebra::basis::{Basis, Stride};
use crate::algebra::error::{AlgebraError, Result, condition};

/// Nodes the literal reader gathers on the stack before it stores a literal (deeper or wider
/// literals grow on the heap as they are read).
const READ_INLINE: usize = 32;

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
            return TupPair::inline(self.half, nodes);
        }
        match self.long {
            Some(v) => TupPair::heap(std::mem::take(v).into_boxed_slice()),
            None => TupPair::heap(Box::from(self.nodes)),
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

/// The notation's literal reader: `4`, `-2`, `(4,(2,3))` (blanks anywhere between tokens),
/// nested at most [`MAX_NESTING`](crate::limits::MAX_NESTING) levels. What `Display` prints
/// reads back as itself. (Statements go through `crate::parser`; this reads the plain notation,
/// for the atoms' catalogs, benches and tests.)
impl std::str::FromStr for IntTuple {
    type Err = AlgebraError;

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
    fn error(&self, what: &str) -> AlgebraError {
        self.error_at(self.i, what)
    }

    /// The error `what` at byte `i` of the text (the cursor left there), told as its column.
    #[cold]
    #[inline(never)]
    fn error_at(&self, i: usize, what: &str) -> AlgebraError {
        let column = String::from_utf8_lossy(&self.b[..i.min(self.b.len())])
            .chars()
            .count()
            + 1;
        condition(
            "literal",
            format!(
                "{what} at column {column} of '{}'",
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
    /// nodes are gathered on the stack and stored once (a literal of more than [`INLINE`](super::INLINE)
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
            Some((v, at)) if !matches!(byte(at), b'@' | b'?') => (Node::leaf(v), at),
            _ => self.leaf_at(i)?,
        };
        let (meta, value) = (leaf.meta, leaf.value);
        *bad |= basis_bits(meta) != 0 || value <= 0;
        Ok((leaf, at, byte(at)))
    }

    /// An integer leaf at byte `i` (blanks already skipped), or a scaled basis element, and
    /// the byte after it (out of line: the loop reads a plain integer itself).
    /// A `?` right after the integer marks it dynamic (`4?`, `3?@1`: the notation's written
    /// form of a run-time integer).
    #[inline(never)]
    fn leaf_at(&mut self, i: usize) -> Result<(Node, usize)> {
        match read_int(self.b, i) {
            Ok((v, at)) => {
                let dynamic = self.b.get(at) == Some(&b'?');
                let at = at + usize::from(dynamic);
                if self.b.get(at) == Some(&b'@') {
                    self.i = at;
                    let node = self.scaled(v)?.with_dynamic(dynamic);
                    return Ok((node, self.i));
                }
                Ok((Node::leaf_of(v, dynamic), at))
            }
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
mod tests {
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
}
