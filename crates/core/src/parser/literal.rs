//! The syntactic shortcut for the commonest statements: a call of a function on literals,
//! `name(LIT, LIT, ...)`, and a layout literal applied to a coordinate, `S:D(i, j)`. They are
//! read here straight into the algebra's values — no syntax tree — and the evaluator runs them
//! through the same function table and algebra as any other statement ([`crate::eval::Env`]).
//!
//! The literals are read by the notation's one literal reader (the algebra's, behind
//! `IntTuple::from_str`); around them the shortcut takes only the plain spelling (a lower-case
//! function name, `S:D` with no blank before `:`, `<…>` tilers, `_`, blanks after `(` and
//! commas) and says `None` for anything else — then the general parser reads the statement.
//! What it reads is exactly what the general parser and evaluator make of the same text: the
//! same values, and the same spans (an argument's span is its text, the call's from its name
//! to its `)`).

use super::Span;
use crate::algebra::int_tuple::{Read, ReadPair, Tup};

/// Nesting read by the shortcut; deeper text goes to the general parser.
const DEPTH: usize = 32;

/// Where the values of the literals go as they are read: onto the sink's stack of values (the
/// evaluator makes its values of them, where they stay: nothing is moved back and forth). Each
/// method may refuse (`None`), and the statement then goes to the general parser.
pub trait Sink {
    /// Push an IntTuple literal: an integer or a tuple of them.
    fn tuple(&mut self, t: &Tup) -> Option<()>;
    /// Push a layout literal `Shape:Stride`: its shape and stride, as many nodes each.
    fn layout(&mut self, parts: ReadPair<'_>) -> Option<()>;
    /// Push `_`.
    fn under(&mut self) -> Option<()>;
    /// Replace the top `items` values by the tiler `<a, b, ...>` of them.
    fn tiler(&mut self, items: usize) -> Option<()>;
    /// The value on top is the call's next argument, and this is its span.
    fn arg(&mut self, span: Span) -> Option<()>;
}

/// What is called.
#[derive(Debug)]
pub enum Callee<'s> {
    /// A function by name (`size`, `logical_divide`, ...): its bytes, `[a-z][a-z0-9_]*`.
    Name(&'s [u8]),
    /// A layout literal applied to a coordinate: `S:D(i, j)`; the layout is the first value
    /// pushed, before the arguments.
    Layout,
    /// A layout literal alone, `S:D`: the statement's value is the layout, the one value
    /// pushed (no arguments).
    LayoutAlone,
}

/// A statement `callee(arg, ...)` read by the shortcut (its arguments went to the sink).
#[derive(Debug)]
pub struct LiteralCall<'s> {
    /// What is called.
    pub callee: Callee<'s>,
    /// The callee's span.
    pub callee_span: Span,
    /// The whole call's span.
    pub span: Span,
}

/// Read a whole statement of the form `name(LIT, ...)`, `S:D(LIT, ...)` or `S:D` alone (its
/// bytes: what it reads is ASCII), its arguments (or the layout alone) into `sink`, or `None`
/// when it is anything else (the general parser then reads it).
///
/// A statement read here is whole (its brackets balance) and names nothing but the callee.
/// Its literals are within the limits on values: it is at most [`LEN`] bytes long, so a
/// literal has at most `LEN / 2 + 1` integers (`MAX_TUPLE_WIDTH`), and it is nested at most
/// [`DEPTH`] levels of brackets (`MAX_NESTING`).
pub fn literal_call<'s, S: Sink>(b: &'s [u8], sink: &mut S) -> Option<LiteralCall<'s>> {
    if b.len() > LEN {
        return None;
    }
    let mut r = Reader {
        b,
        pos: 0,
        outer: 0,
    };
    let first = *b.first()?;
    let (callee, callee_span) = if first.is_ascii_lowercase() {
        let end = name_len(b);
        let name = &b[..end];
        // names the general parser reads specially, and statement keywords
        if matches!(
            name,
            b"print"
                | b"print_layout"
                | b"print_latex"
                | b"decltype"
                | b"using"
                | b"import"
                | b"from"
        ) {
            return None;
        }
        r.pos = end;
        (Callee::Name(name), Span::new(0, end))
    } else {
        r.literal(|read| match read {
            Read::Pair(parts) => sink.layout(parts),
            _ => None,
        })??;
        if r.pos == b.len() {
            let span = Span::new(0, r.pos);
            return Some(LiteralCall {
                callee: Callee::LayoutAlone,
                callee_span: span,
                span,
            });
        }
        (Callee::Layout, Span::new(0, r.pos))
    };
    if r.peek()? != b'(' {
        return None;
    }
    r.pos += 1;
    r.outer = 1;
    r.blanks();
    loop {
        let start = r.pos;
        match r.peek()? {
            b'<' => r.tiler(sink)?,
            _ => r.arg(sink)?,
        }
        sink.arg(Span::new(start, r.pos))?;
        match r.peek()? {
            b',' => {
                r.pos += 1;
                r.blanks();
            }
            b')' => break,
            _ => return None,
        }
    }
    r.pos += 1;
    if r.pos != b.len() {
        return None;
    }
    Some(LiteralCall {
        callee,
        callee_span,
        span: Span::new(0, r.pos),
    })
}

/// The length of the plain function name `[a-z0-9_]*` that `b` starts with (all of `b` where
/// it is all name: then no `(` follows, and the statement is no call the shortcut reads).
/// Eight bytes at a time ([`name_bytes`]), the rest one table lookup a byte.
#[inline]
fn name_len(b: &[u8]) -> usize {
    let mut end = 0;
    while let Some(w) = b.get(end..end + 8) {
        const H: u64 = 0x8080_8080_8080_8080;
        let not_name = !name_bytes(u64::from_le_bytes(w.try_into().expect("eight bytes"))) & H;
        if not_name != 0 {
            return end + (not_name.trailing_zeros() / 8) as usize;
        }
        end += 8;
    }
    end + b[end..]
        .iter()
        .position(|&c| !NAME_BYTE[usize::from(c)])
        .unwrap_or(b.len() - end)
}

/// The bytes of a word (little-endian) that are name bytes `[a-z0-9_]`: their high bits set,
/// every other bit clear. Each range test adds to the low seven bits of each byte, which
/// carries into its high bit and never into the next byte.
#[inline]
fn name_bytes(w: u64) -> u64 {
    const L: u64 = 0x0101_0101_0101_0101;
    const H: u64 = 0x80 * L;
    let low = w & !H;
    // at least the range's first byte: the high bit set; beyond its last: set too
    let lower = (low + (0x80 - u64::from(b'a')) * L) & !(low + (0x7f - u64::from(b'z')) * L);
    let digit = (low + (0x80 - u64::from(b'0')) * L) & !(low + (0x7f - u64::from(b'9')) * L);
    // `_`: the bits that differ from it, none where it is one
    let under = !((low ^ (u64::from(b'_') * L)) + 0x7f * L);
    (lower | digit | under) & !w & H
}

/// The bytes of a plain function name: `[a-z0-9_]` (one table lookup a byte).
static NAME_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_';
        c += 1;
    }
    t
};

/// The longest statement the shortcut reads (see [`literal_call`]).
const LEN: usize = 2 * crate::limits::MAX_TUPLE_WIDTH - 2;
const _: () = assert!(LEN <= crate::limits::MAX_STATEMENT_LEN);
const _: () = assert!(DEPTH + 1 < crate::limits::MAX_NESTING);

struct Reader<'s> {
    b: &'s [u8],
    pos: usize,
    /// Brackets open around the cursor: 1 in the call's arguments, 2 in a tiler.
    outer: usize,
}

impl Reader<'_> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// Blanks before an argument or an item.
    #[inline]
    fn blanks(&mut self) {
        while self.peek() == Some(b' ') {
            self.pos += 1;
        }
    }

    /// `_`, or a literal ([`Reader::lit`]).
    fn arg<S: Sink>(&mut self, sink: &mut S) -> Option<()> {
        if self.peek()? == b'_' {
            self.pos += 1;
            return match self.peek()? {
                b',' | b')' | b'>' => sink.under(),
                _ => None,
            };
        }
        self.lit(sink)
    }

    /// `<item, ...>`, each item `_` or a literal.
    fn tiler<S: Sink>(&mut self, sink: &mut S) -> Option<()> {
        self.pos += 1;
        self.outer += 1;
        let mut items = 0;
        loop {
            self.arg(sink)?;
            items += 1;
            match self.peek()? {
                b',' => {
                    self.pos += 1;
                    self.blanks();
                }
                b'>' => break,
                _ => return None,
            }
        }
        self.pos += 1;
        self.outer -= 1;
        sink.tiler(items)
    }

    /// An IntTuple literal, or a layout `S:D` of two (two that differ in their number of
    /// nodes are no layout: the general path reports them).
    fn lit<S: Sink>(&mut self, sink: &mut S) -> Option<()> {
        self.literal(|read| match read {
            Read::Tuple(t) => sink.tuple(t),
            Read::Pair(parts) => sink.layout(parts),
            Read::Unpaired => None,
        })?
    }

    /// An IntTuple literal, or two as `S:D`, read by the notation's literal reader (blanks
    /// are spaces, and the brackets around and within it nest at most [`DEPTH`] levels) and
    /// handed to `take`.
    #[inline(always)]
    fn literal<R>(&mut self, take: impl FnOnce(Read<'_>) -> R) -> Option<R> {
        let mut r = crate::algebra::int_tuple::Reader {
            b: self.b,
            i: self.pos,
            max_depth: DEPTH - self.outer,
            spaces_only: true,
        };
        let t = r.tuple_or_pair(0, take).ok()?;
        self.pos = r.i;
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_bytes_word_at_a_time() {
        // every byte value at every place of a word, among name bytes and others
        for c in 0..=255u8 {
            for at in 0..8 {
                for fill in [b'a', b'_', b'9', b'(', 0xff] {
                    let mut w = [fill; 8];
                    w[at] = c;
                    let got = name_bytes(u64::from_le_bytes(w));
                    for (i, &x) in w.iter().enumerate() {
                        assert_eq!(
                            (got >> (8 * i)) & 0xff,
                            u64::from(NAME_BYTE[usize::from(x)]) << 7
                        );
                    }
                    let mut s = w.to_vec();
                    s.extend_from_slice(b"x(");
                    let want = s
                        .iter()
                        .position(|&c| !NAME_BYTE[usize::from(c)])
                        .unwrap_or(s.len());
                    assert_eq!(name_len(&s), want);
                    assert_eq!(
                        name_len(&s[..at]),
                        s[..at]
                            .iter()
                            .position(|&c| !NAME_BYTE[usize::from(c)])
                            .unwrap_or(at)
                    );
                }
            }
        }
    }

    /// Records what was read, as text: the stack of values, and the arguments' spans.
    #[derive(Default)]
    struct Text(Vec<String>, Vec<Span>);

    impl Sink for Text {
        fn tuple(&mut self, t: &Tup) -> Option<()> {
            self.0.push(t.to_string());
            Some(())
        }
        fn layout(&mut self, parts: ReadPair<'_>) -> Option<()> {
            self.0.push(format!("{}:{}", parts.first(), parts.second()));
            Some(())
        }
        fn under(&mut self) -> Option<()> {
            self.0.push("_".into());
            Some(())
        }
        fn tiler(&mut self, items: usize) -> Option<()> {
            let items = self.0.split_off(self.0.len() - items);
            self.0.push(format!("<{}>", items.join(",")));
            Some(())
        }
        fn arg(&mut self, span: Span) -> Option<()> {
            self.1.push(span);
            Some(())
        }
    }

    #[test]
    fn reads_the_plain_spellings_only() {
        let mut t = Text::default();
        let c = literal_call(b"logical_divide((4,6,1):(3,12,72), <2:1, _>)", &mut t).expect("read");
        assert!(matches!(c.callee, Callee::Name(b"logical_divide")));
        assert_eq!(t.0, ["(4,6,1):(3,12,72)", "<2:1,_>"]);
        assert_eq!(t.1, [Span::new(15, 32), Span::new(34, 42)]);
        assert_eq!(c.span, Span::new(0, 43));
        let mut t = Text::default();
        let c = literal_call(b"(4,(2,2)):(1,(4,8))(2, 0)", &mut t).expect("read");
        assert!(matches!(c.callee, Callee::Layout));
        assert_eq!(t.0[0], "(4,(2,2)):(1,(4,8))");
        assert_eq!(c.callee_span, Span::new(0, 19));
        assert_eq!(t.1.len(), 2);
        let mut t = Text::default();
        let c = literal_call(b"(4,(2,2)):(1,(4,8))", &mut t).expect("read");
        assert!(matches!(c.callee, Callee::LayoutAlone));
        assert_eq!(t.0, ["(4,(2,2)):(1,(4,8))"]);
        assert_eq!(
            (c.callee_span, c.span),
            (Span::new(0, 19), Span::new(0, 19))
        );
        assert!(t.1.is_empty());
        for other in [
            "4:1 ",
            "4:1;",
            "(4,8)",
            "4",
            "4:010",
            "size (4:1)",
            "size(4 :1)",
            "size(4\t:1)",
            "size(4:1);",
            "size(4:1) ",
            "size(4 - 1)",
            "size(4u:1)",
            "size(1@)",
            "size(4:1) // c",
            "size(4:1,)",
            "size()",
            "print(4:1)",
            "Size(4:1)",
            "x = size(4:1)",
            "size(99999999999999999999)",
            "(4,8)(1)",
            "size(())",
            "size(<>)",
            "size(_4)",
            "size((4,8)",
            "make_shape(0777, 2)",
            "size(4:010)",
        ] {
            let read = literal_call(other.as_bytes(), &mut Text::default());
            assert!(read.is_none(), "{other}: {read:?}");
        }
    }
}
