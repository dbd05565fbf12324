//! The notation's printer: [`Tup::write_to`] and `write_notation` (a layout's `shape:stride`),
//! what `Display` of an IntTuple and of a layout print, and [`write_tuple`], the tuple printer of
//! coordinates and tilers.

use std::fmt;

use super::node::Kind;
use super::{IntTuple, Tup, View};
use crate::algebra::basis::MAX_BASIS_DEPTH;

impl Tup {
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
    let room = nodes * (23 + 4 * MAX_BASIS_DEPTH);
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

#[cfg(test)]
mod tests {
    use super::*;

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
