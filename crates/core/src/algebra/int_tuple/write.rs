//! The notation's printer: [`Tup::write_to`] and `write_notation` (a layout's `shape:stride`),
//! what `Display` of an IntTuple and of a layout print, and [`write_tuple`], the tuple printer of
//! coordinates and tilers.

use std::fmt;

use super::node::{DYNAMIC, OPEN};
use super::{IntTuple, Tup, View};
use crate::algebra::basis::Basis;

impl Tup {
    /// Append the value as [`fmt::Display`] writes it (see [`write_notation`]).
    #[inline]
    pub fn write_to(&self, out: &mut String) {
        // a static integer alone (what size, cosize, rank and the like answer): its digits,
        // as the walk below writes them, without the walk's stack of open tuples
        if let [n] = &self.0
            && n.meta == 0
        {
            int(out, n.value);
            return;
        }
        write_notation(out, self, None);
    }

    /// Append the value with each dynamic integer's divisibility ([`write_notation_div`]).
    pub fn write_with_div(&self, out: &mut String) {
        write_notation_div(out, self, None);
    }

    /// Append the value to `out`: one pass over the nodes, the modes still to write of the
    /// innermost open tuple in a register, those of the tuples around it on the stack `outer`.
    /// `None` (part of the value appended) where `outer` is too short.
    ///
    /// `CUTE`: CuTe's print (`_4` static, `4` dynamic), else the notation (`4` static, `4?`
    /// dynamic).
    #[inline(always)]
    fn write_with<const CUTE: bool, const DIV: bool>(
        &self,
        out: &mut String,
        outer: &mut [u32],
    ) -> Option<()> {
        // the open tuples, and the modes the innermost has still to write
        let (mut open, mut left) = (0, 0u32);
        for n in &self.0 {
            // one `match` on `meta` tells the node: a static integer (the most common node,
            // `meta` 0), a tuple's header, else a dynamic integer or a scaled basis element
            // (the kind bit and the packed basis, 0 for none, read off `meta` as it is)
            match n.meta {
                0 => {
                    if CUTE {
                        out.push('_');
                    }
                    int(out, n.value);
                }
                OPEN => {
                    let (rank, _) = n.open_parts();
                    out.push('(');
                    if rank > 0 {
                        if open > 0 {
                            *outer.get_mut(open - 1)? = left;
                        }
                        (open, left) = (open + 1, rank);
                        continue;
                    }
                    out.push(')');
                }
                meta => {
                    let dynamic = meta & DYNAMIC != 0;
                    if CUTE && !dynamic {
                        out.push('_');
                    }
                    int(out, n.value);
                    if !CUTE && dynamic {
                        out.push('?');
                        if DIV {
                            write_div(out, n.int().kind());
                        }
                    }
                    let packed = meta & !DYNAMIC;
                    if packed != 0 {
                        // CuTe's print of the basis: the modes innermost first, each after an `@`
                        for m in Basis::from_packed(packed).path().iter().rev() {
                            out.push('@');
                            int(out, *m);
                        }
                    }
                }
            }
            // a mode is written: the next one's comma, or the tuples it closes
            while open > 0 {
                left -= 1;
                if left > 0 {
                    out.push(',');
                    break;
                }
                out.push(')');
                open -= 1;
                if open > 0 {
                    left = outer[open - 1];
                }
            }
        }
        Some(())
    }
}

/// Append `first`, and after a `:` `second` where given (a layout's shape and stride), as
/// [`fmt::Display`] writes them: the one printer of the notation's tuples.
///
/// The text is pushed onto `out` a byte at a time, in safe code: no buffer to copy it from or
/// to validate as UTF-8, and no write into the string's free capacity. A push costs a few
/// instructions more than a store into reserved room (the string's capacity and address are
/// read again after each byte); the loop of [`Tup::write_with`] wins most of it back (the
/// modes left of the innermost open tuple in a register, the integers 0 to 9 tested first).
/// A value nested deeper than the small stack of open tuples is taken off again and written
/// out of line with a stack for any depth.
#[inline(always)]
pub(crate) fn write_notation(out: &mut String, first: &Tup, second: Option<&Tup>) {
    write_styled::<false, false>(out, first, second);
}

/// [`write_notation`] with each dynamic integer's divisibility as the CuTe DSL knows it
/// ([`Int::div`](crate::algebra::integer::Int::div)) after its `?`: `(6?{div=4},2):(1,6?)`
/// (the DSL's print then drops the value: `(?{div=4},2):(1,?)`).
pub(crate) fn write_notation_div(out: &mut String, first: &Tup, second: Option<&Tup>) {
    write_styled::<false, true>(out, first, second);
}

/// `{div=N}` where `kind` is more than 1 and a divisibility (below
/// [`UNKNOWN_KIND`](crate::algebra::integer::UNKNOWN_KIND), where the kinds that are none are),
/// `{div=0}` for [`ZERO_DIV_KIND`](crate::algebra::integer::ZERO_DIV_KIND), `{i64}` or
/// `{i64 div=N}` for the DSL's 64-bit run-time integer
/// ([`I64_KIND`](crate::algebra::integer::I64_KIND)); a divisibility whole, as the DSL prints
/// one in a tuple (from 2^31 on too: [`WIDE_DIV_KIND`](crate::algebra::integer::WIDE_DIV_KIND));
/// kept out of line: only the DSL's print writes it.
#[inline(never)]
fn write_div(out: &mut String, kind: u32) {
    use crate::algebra::integer::{Int, UNKNOWN_KIND, ZERO_DIV_KIND};
    if kind == ZERO_DIV_KIND {
        out.push_str("{div=0}");
    } else if let Some(d) = Int::of_kind(0, kind).i64_divisibility() {
        out.push_str("{i64");
        if d != 1 {
            out.push_str(" div=");
            out.push_str(itoa::Buffer::new().format(d));
        }
        out.push('}');
    } else if kind > 1 && (kind < UNKNOWN_KIND || crate::algebra::integer::is_wide_div_kind(kind)) {
        out.push_str("{div=");
        out.push_str(itoa::Buffer::new().format(Int::of_kind(0, kind).divisibility()));
        out.push('}');
    }
}

/// [`write_notation`] as CuTe C++'s `print()` prints: `_4` for a static integer, `4` for a
/// dynamic one (`--format cute`).
pub fn write_cute(out: &mut String, first: &Tup, second: Option<&Tup>) {
    write_styled::<true, false>(out, first, second);
}

#[inline(always)]
fn write_styled<const CUTE: bool, const DIV: bool>(
    out: &mut String,
    first: &Tup,
    second: Option<&Tup>,
) {
    let len = out.len();
    if write_pair::<CUTE, DIV>(out, first, second, &mut [0; 8]).is_none() {
        out.truncate(len);
        write_long::<CUTE, DIV>(out, first, second);
    }
}

/// [`write_notation`] of a value its stack of open tuples does not fit.
#[cold]
#[inline(never)]
fn write_long<const CUTE: bool, const DIV: bool>(
    out: &mut String,
    first: &Tup,
    second: Option<&Tup>,
) {
    // a tuple is nested less deep than it has nodes
    let nodes = first.0.len() + second.map_or(0, |s| s.0.len());
    let written = write_pair::<CUTE, DIV>(out, first, second, &mut vec![0; nodes]);
    debug_assert!(written.is_some(), "this stack fits any value");
}

/// [`write_notation`] with `outer` the stack of open tuples: `None` where it is too short.
#[inline(always)]
fn write_pair<const CUTE: bool, const DIV: bool>(
    out: &mut String,
    first: &Tup,
    second: Option<&Tup>,
    outer: &mut [u32],
) -> Option<()> {
    first.write_with::<CUTE, DIV>(out, outer)?;
    if let Some(s) = second {
        out.push(':');
        s.write_with::<CUTE, DIV>(out, outer)?;
    }
    Some(())
}

/// Append the decimal digits of `v` (what `{v}` writes, without the formatting machinery).
#[inline(always)]
fn int(out: &mut String, v: i64) {
    // most extents and strides are a digit or two: pushed where they are printed, the digits
    // of any other integer made out of line
    match v {
        0..=9 => out.push(digit(v)),
        10..=99 => {
            out.push(digit(v / 10));
            out.push(digit(v % 10));
        }
        _ => out.push_str(long_int(&mut itoa::Buffer::new(), v)),
    }
}

/// The decimal digit `d` (0 to 9).
#[inline(always)]
fn digit(d: i64) -> char {
    debug_assert!((0..=9).contains(&d));
    char::from(b'0' + d as u8)
}

/// The digits of an integer outside 0..=99, in `digits`. (Out of line, and given a buffer of
/// its own rather than the string, so that the printer's loop stays compact.)
#[inline(never)]
fn long_int(digits: &mut itoa::Buffer, v: i64) -> &str {
    digits.format(v)
}

/// The notation, as [`Tup::write_to`] writes it (the one printer of an IntTuple).
impl fmt::Display for Tup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (View::Int(v), None, false) = (self.view(), self.basis(), self.is_dynamic()) {
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
    fn write_to_writes_any_width() {
        // integers of four digits (pushed as one piece), a layout's pair too
        for n in [1, 2, 100, 1000] {
            let modes: Vec<String> = (0..n).map(|k| format!("{}", 1000 + k)).collect();
            let text = format!("({})", modes.join(","));
            let t: IntTuple = text.parse().expect("a literal");
            let mut s = String::from("x = ");
            t.write_to(&mut s);
            assert_eq!(s, format!("x = {text}"));
            let mut pair = String::from("L = ");
            write_notation(&mut pair, &t, Some(&t));
            assert_eq!(pair, format!("L = {text}:{text}"));
        }
    }

    #[test]
    fn write_to_writes_any_depth() {
        // around the depth its stack holds on the stack (the tuples around the innermost: 8,
        // so 9 open tuples), with modes after the deepest one, appended to what the line
        // already has (a value written again out of line leaves no part of it behind), a
        // layout's pair too
        for depth in [1, 8, 9, 10, 11, 100] {
            let text = format!("{}7,8{}", "(2,".repeat(depth), ")".repeat(depth));
            let t: IntTuple = text.parse().expect("a literal");
            let mut s = String::from("x = ");
            t.write_to(&mut s);
            assert_eq!(s, format!("x = {text}"));
            assert_eq!(s[4..], t.to_string(), "Display is write_to");
            let mut pair = String::from("L = ");
            write_notation(&mut pair, &t, Some(&t));
            assert_eq!(pair, format!("L = {text}:{text}"));
        }
    }
}
