//! The evaluator's fast path: `cute eval` answers the common one-line statements — calls of
//! `size`, `cosize`, `coalesce`, `complement`, `composition`, `logical_divide`,
//! `logical_product` and `right_inverse` on layout literals and tilers `<...>`, and `L(i)` /
//! `L(i, j, ...)` — without building a syntax tree or allocating, on layouts held inline
//! ([`flat::Flat`]).
//!
//! It answers only when it is sure to print exactly what the general engine
//! ([`crate::eval::Env`]) prints: the same CuTe algorithms step for step, the same messages for
//! composition's divisibility conditions and its law, and for everything else — any other
//! error, an unusual spelling, a layout past its capacity, an overflow — it declines, and the
//! statement goes to the general engine. A statement it answers never
//! refers to a variable, so it does not depend on the session. Tests run every statement of
//! the benchmark corpus, the golden files and random statements through both and compare the
//! bytes (`tests/integration/fastpath.rs`).

pub mod flat;
pub mod ops;

use crate::algebra::AlgebraError;
use crate::algebra::int_tuple::digit_run;
use crate::parser::Span;
use flat::Mode;
use flat::{Flat, LEAVES, Tok};
use ops::{Cotarget, Item, Tiler, TilerOp};

/// Why the fast path did not print a value.
#[derive(Debug)]
pub enum Fail {
    /// Not sure: leave the statement to the general engine.
    Decline,
    /// The statement is refused with this error (at the span of the call).
    Refuse(AlgebraError),
}

pub use Fail::Decline;

/// A fast-path result.
pub type Fast<T> = Result<T, Fail>;

/// What [`run_line`] did.
#[derive(Debug)]
pub enum Answer {
    /// The value's line (with its newline) was appended to the output.
    Printed,
    /// The statement fails with this error, at this span of the line.
    Error(AlgebraError, Span),
    /// Not answered: run the statement through the general engine.
    Declined,
}

/// Answer one statement (a whole line, without its newline) if the fast path can, appending
/// the value's line to `out`.
pub fn run_line(line: &[u8], out: &mut Vec<u8>) -> Answer {
    let mut p = Parser {
        src: line,
        pos: 0,
        call_end: 0,
    };
    match p.statement(out) {
        Ok(()) => Answer::Printed,
        Err((Fail::Refuse(e), span)) => Answer::Error(e, span),
        Err((Fail::Decline, _)) => Answer::Declined,
    }
}

/// The most elements of a tiler or arguments of a call the fast path takes.
const ITEMS: usize = 4;

/// A byte-level reader of the statement forms the fast path answers.
struct Parser<'s> {
    src: &'s [u8],
    pos: usize,
    /// Where the call ends (after its `)`): the span of an error.
    call_end: usize,
}

type Parsed<T> = Result<T, Fail>;

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn ws(&mut self) {
        self.pos = skip_blanks(self.src, self.pos);
    }

    fn eat(&mut self, b: u8) -> Parsed<()> {
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(Decline)
        }
    }

    /// `[-]digits`, at most 18 digits (no overflow possible).
    fn int(&mut self) -> Parsed<i64> {
        let neg = self.peek() == Some(b'-');
        let (v, end) = digit_run::<false>(self.src, self.pos + usize::from(neg)).ok_or(Decline)?;
        self.pos = end;
        Ok(if neg { -v } else { v })
    }

    /// A layout literal appended to `f` as one more element: the shape's structure and
    /// leaves, then the stride, which must follow the same structure.
    fn layout_into(&mut self, f: &mut Flat) -> Parsed<()> {
        let (t, k) = (f.tokens().len(), f.shape().len());
        self.pos = literal(self.src, self.pos, &mut ShapeLiteral(f)).ok_or(Decline)?;
        self.eat(b':')?;
        let mut stride = StrideLiteral { flat: f, t, k };
        self.pos = literal(self.src, self.pos, &mut stride).ok_or(Decline)?;
        Ok(())
    }

    /// `name(` at the start of a statement: what comes before the first `(` (the caller
    /// matches it against the function names, which settles what it may contain).
    fn name(&mut self) -> Option<&[u8]> {
        let start = self.pos;
        let len = memchr::memchr(b'(', &self.src[start..])?;
        self.pos = start + len;
        Some(&self.src[start..self.pos])
    }

    fn end(&mut self) -> Parsed<()> {
        self.ws();
        if self.pos == self.src.len() {
            Ok(())
        } else {
            Err(Decline)
        }
    }

    /// `, ` between arguments.
    fn comma(&mut self) -> Parsed<()> {
        self.ws();
        self.eat(b',')?;
        self.ws();
        Ok(())
    }

    /// `)` closing the call.
    fn close(&mut self) -> Parsed<()> {
        self.ws();
        self.eat(b')')?;
        self.call_end = self.pos;
        Ok(())
    }

    /// A tiler `<T0, T1, ...>` of layouts, integers and `_`: the layouts are appended to
    /// `all`, each element described in `items`.
    fn tiler(&mut self, all: &mut Flat, items: &mut [Item; ITEMS]) -> Parsed<usize> {
        self.eat(b'<')?;
        self.ws();
        let mut n = 0;
        loop {
            if n == ITEMS {
                return Err(Decline);
            }
            let at = self.pos;
            items[n] = if self.peek() == Some(b'_') {
                self.pos += 1;
                Item::Under
            } else {
                if self.peek() != Some(b'(') {
                    let _ = self.int()?;
                }
                if self.peek() == Some(b':') || self.pos == at {
                    self.pos = at;
                    let (t0, k0) = (all.tokens().len(), all.shape().len());
                    self.layout_into(all)?;
                    Item::Layout(Mode {
                        tokens: t0..all.tokens().len(),
                        leaves: k0..all.shape().len(),
                    })
                } else {
                    self.pos = at;
                    let v = self.int()?;
                    // `n` means `n:1`, a layout only for n >= 1
                    if v < 1 {
                        return Err(Decline);
                    }
                    Item::Int(v)
                }
            };
            n += 1;
            if !self.next_item(b'>')? {
                return Ok(n);
            }
        }
    }

    /// After an item of a list closed by `close`: `true` past a `,` (another item follows),
    /// `false` past `close`.
    fn next_item(&mut self, close: u8) -> Parsed<bool> {
        self.ws();
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                self.ws();
                Ok(true)
            }
            Some(c) if c == close => {
                self.pos += 1;
                Ok(false)
            }
            _ => Err(Decline),
        }
    }

    fn statement(&mut self, out: &mut Vec<u8>) -> Result<(), (Fail, Span)> {
        self.ws();
        let start = self.pos;
        let r = match self.peek() {
            Some(b'a'..=b'z') => self.call(out),
            Some(b'(' | b'0'..=b'9') => self.evaluation(out),
            _ => Err(Decline),
        };
        r.map_err(|e| (e, Span::new(start, self.call_end)))
    }

    /// `L(i)` or `L(i, j, ...)`.
    fn evaluation(&mut self, out: &mut Vec<u8>) -> Parsed<()> {
        let mut l = Flat::empty();
        self.layout_into(&mut l)?;
        self.eat(b'(')?;
        self.ws();
        let mut coord = [0i64; ITEMS];
        let mut n = 0;
        loop {
            if n == ITEMS {
                return Err(Decline);
            }
            coord[n] = self.int()?;
            n += 1;
            if !self.next_item(b')')? {
                break;
            }
        }
        self.end()?;
        let v = ops::eval(&l, &coord[..n])?;
        out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        out.push(b'\n');
        Ok(())
    }

    /// `name(args)`.
    fn call(&mut self, out: &mut Vec<u8>) -> Parsed<()> {
        let name = self.name().ok_or(Decline)?;
        let f = match name {
            b"size" => Func::Size,
            b"cosize" => Func::Cosize,
            b"coalesce" => Func::Coalesce,
            b"complement" => Func::Complement,
            b"composition" => Func::Composition,
            b"logical_divide" => Func::Tiler(TilerOp::Divide),
            b"logical_product" => Func::Tiler(TilerOp::Product),
            b"right_inverse" => Func::RightInverse,
            _ => return Err(Decline),
        };
        self.eat(b'(')?;
        self.ws();
        let mut a = Flat::empty();
        self.layout_into(&mut a)?;
        // the result is built in place
        let mut r = Flat::empty();
        match f {
            Func::Size | Func::Cosize => {
                self.close()?;
                self.end()?;
                let v = if f == Func::Size {
                    ops::size(&a)?
                } else {
                    ops::cosize(&a)?
                };
                out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
                out.push(b'\n');
                return Ok(());
            }
            Func::Coalesce | Func::RightInverse => {
                self.close()?;
                self.end()?;
                if f == Func::Coalesce {
                    ops::coalesce(&a, &mut r)?;
                } else {
                    ops::right_inverse(&a, &mut r)?;
                }
            }
            Func::Complement => {
                self.ws();
                if self.peek() == Some(b')') {
                    self.close()?;
                    self.end()?;
                    ops::complement_own(&a, &mut r)?;
                } else {
                    self.comma()?;
                    let m = self.int()?;
                    self.close()?;
                    self.end()?;
                    ops::complement(&a, &Cotarget::Int(m), &mut r)?;
                }
            }
            Func::Composition | Func::Tiler(_) => {
                self.comma()?;
                let mut all = Flat::empty();
                let mut items: [Item; ITEMS] = Default::default();
                let mut n = 0;
                if self.peek() == Some(b'<') {
                    n = self.tiler(&mut all, &mut items)?;
                } else {
                    self.layout_into(&mut all)?;
                }
                self.close()?;
                self.end()?;
                let t = if n == 0 {
                    Tiler::Layout(&all)
                } else {
                    Tiler::ByMode(&all, &items[..n])
                };
                match f {
                    Func::Tiler(op) => op.apply(&a, &t, &mut r)?,
                    _ => ops::compose_tiler(&a, &t, &mut r)?,
                }
            }
        }
        r.write(out);
        out.push(b'\n');
        Ok(())
    }
}

/// Blanks: spaces and tabs.
fn skip_blanks(src: &[u8], mut i: usize) -> usize {
    while let Some(b' ' | b'\t') = src.get(i) {
        i += 1;
    }
    i
}

/// What reading an IntTuple literal does with its brackets and integers: a shape records them,
/// a stride checks them against its shape's.
trait Literal {
    /// Whether the integers may be negative.
    const SIGNED: bool;
    /// A `(` or `)`; false to stop (no room, or not the shape's structure).
    fn bracket(&mut self, t: Tok) -> bool;
    /// An integer; false to stop.
    fn leaf(&mut self, v: i64) -> bool;
    /// At the end: whether the literal is whole.
    fn done(&self) -> bool;
}

/// A shape: its brackets and leaves appended to the layout (each leaf >= 1; a shape that is not
/// is the general engine's error to report).
struct ShapeLiteral<'f>(&'f mut Flat);

impl Literal for ShapeLiteral<'_> {
    const SIGNED: bool = false;
    fn bracket(&mut self, t: Tok) -> bool {
        self.0.push_tok(t)
    }
    fn leaf(&mut self, v: i64) -> bool {
        v >= 1 && self.0.push_shape_leaf(v)
    }
    fn done(&self) -> bool {
        true
    }
}

/// A stride: the shape's structure, token by token from `t`, its integers the strides of the
/// leaves from `k`.
struct StrideLiteral<'f> {
    flat: &'f mut Flat,
    t: usize,
    k: usize,
}

impl Literal for StrideLiteral<'_> {
    const SIGNED: bool = true;
    fn bracket(&mut self, t: Tok) -> bool {
        let ok = self.flat.token(self.t) == Some(t);
        self.t += 1;
        ok
    }
    fn leaf(&mut self, v: i64) -> bool {
        if self.flat.token(self.t) != Some(Tok::Leaf) {
            return false;
        }
        self.t += 1;
        self.flat.set_stride(self.k, v);
        self.k += 1;
        true
    }
    fn done(&self) -> bool {
        self.t == self.flat.tokens().len()
    }
}

/// An IntTuple literal at `i` (blanks only inside its brackets), each bracket and integer
/// handed to `lit`. The position after it.
fn literal<L: Literal>(src: &[u8], mut i: usize, lit: &mut L) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        // an element: '(' opens a tuple, else an integer
        match src.get(i) {
            Some(b'(') => {
                if depth == 16 || !lit.bracket(Tok::Open) {
                    return None;
                }
                depth += 1;
                i += 1;
                continue;
            }
            Some(b' ' | b'\t') if depth > 0 => {
                i = skip_blanks(src, i);
                continue;
            }
            _ => {}
        }
        let neg = L::SIGNED && src.get(i) == Some(&b'-');
        let (v, j) = digit_run::<false>(src, i + usize::from(neg))?;
        if !lit.leaf(if neg { -v } else { v }) {
            return None;
        }
        i = j;
        // after it: ',' and the next element, or ')'s
        loop {
            if depth == 0 {
                return lit.done().then_some(i);
            }
            match src.get(i) {
                Some(b',') => {
                    i += 1;
                    break;
                }
                Some(b')') if lit.bracket(Tok::Close) => {
                    depth -= 1;
                    i += 1;
                }
                Some(b' ' | b'\t') => i = skip_blanks(src, i),
                _ => return None,
            }
        }
    }
}

/// The functions the fast path answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Func {
    Size,
    Cosize,
    Coalesce,
    Complement,
    Composition,
    Tiler(TilerOp),
    RightInverse,
}

const _: () = assert!(ITEMS <= LEAVES);

#[cfg(test)]
mod tests {
    use super::{Answer, run_line};

    fn answer(line: &str) -> Result<String, String> {
        let mut out = Vec::new();
        match run_line(line.as_bytes(), &mut out) {
            Answer::Printed => Ok(String::from_utf8(out).expect("ASCII")),
            Answer::Error(e, span) => Err(format!("{e} at {}..{}", span.start, span.end)),
            Answer::Declined => Err("declined".into()),
        }
    }

    #[test]
    fn answers_the_common_forms_as_cute_prints_them() {
        for (line, want) in [
            ("coalesce((2,(1,6)):(1,(6,2)))", "12:1\n"),
            (
                "composition((6,2):(8,2), (4,3):(3,1))",
                "((2,2),3):((24,2),8)\n",
            ),
            ("complement(4:2, 24)", "(2,3):(1,8)\n"),
            ("complement((1):(1), 1)", "1:0\n"),
            (
                "logical_divide((4,2,3):(2,1,8), 4:2)",
                "((2,2),(2,3)):((4,1),(2,8))\n",
            ),
            (
                "logical_product((2,2):(4,1), 6:1)",
                "((2,2),(2,3)):((4,1),(2,8))\n",
            ),
            ("right_inverse((4,8):(8,1))", "(8,4):(4,1)\n"),
            ("size(((2,8,1)):((1,2,16)))", "16\n"),
            ("cosize((4,8):(8,1))", "32\n"),
            ("(4,(2,2)):(1,(4,8))(2, 3)", "14\n"),
            ("  composition( (8):(1) , <_> ) ", "(8):(1)\n"),
        ] {
            assert_eq!(answer(line).as_deref(), Ok(want), "{line}");
        }
    }

    #[test]
    fn refuses_with_the_engines_message_at_the_call() {
        let e = answer(" composition((6,6):(6,1), (2,(4)):(1,(2))) ").unwrap_err();
        assert_eq!(
            e,
            "composition: shape divisibility condition: shape 4 is not divisible by 3 at 1..42"
        );
    }

    #[test]
    fn declines_what_it_is_not_sure_of() {
        for line in [
            "a",
            "size(a)",
            "8 :1",
            "size(8: 1)",
            "composition( (8) : (1) , <_> )",
            "size(_8:1)",
            "size(0:1)",
            "size(1234567890123456789:1)",
            "coalesce(8:1, (1))",
            "composition(8:1, 4)",
            "composition(8:1, 4:1) o 2:1",
            "composition(8:1, <4:1, 2:1>)",
            "(4,8):(1,4)(_, 2)",
            "size(8:1) # comment",
            "x = size(8:1)",
        ] {
            assert_eq!(answer(line), Err("declined".into()), "{line}");
        }
    }
}
