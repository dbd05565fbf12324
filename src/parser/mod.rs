//! The parser of `cute` notation (SPEC §1): nom 8 for the tokens, recursive descent for the
//! structure, byte spans on every node, and errors that say what was expected and where.

pub mod ast;

pub use bumpalo::Bump;
use bumpalo::collections::Vec as BumpVec;
use nom::IResult;
use nom::Parser as _;
use nom::bytes::complete::take_while;
use nom::character::complete::digit1;

pub use ast::{BinOp, Expr, ExprKind, Span, Stmt};

/// Nesting levels parsed without asking for more stack: each level adds a few frames (a few KiB
/// even unoptimised), so this many fit in any thread's stack; deeper levels each make sure of
/// 64 KiB before recursing (`stacker`).
const SHALLOW: usize = 16;

/// Deepest nesting of brackets and calls accepted.
pub const MAX_NESTING: usize = crate::limits::MAX_NESTING;

/// A parse failure: what was expected, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The message, e.g. `expected ')' to close '(' at 3`.
    pub message: String,
    /// The offending span.
    pub span: Span,
}

type PResult<T> = Result<T, ParseError>;

fn err<T>(message: impl Into<String>, span: Span) -> PResult<T> {
    Err(ParseError {
        message: message.into(),
        span,
    })
}

/// Whether the text has an unclosed `(` or `<` (so a statement continues on the next line).
/// Text nested deeper than [`MAX_NESTING`] is complete: it can only be an error.
pub fn is_incomplete(text: &str) -> bool {
    let depth = open_depth(text);
    depth > 0 && depth <= MAX_NESTING as i64
}

/// How many brackets are open at the end of the text (comments skipped). A comment ends at its
/// line, so the depth of lines joined by `'\n'` is the sum of their depths.
pub fn open_depth(text: &str) -> i64 {
    let mut depth: i64 = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' | b'<' | b'[' => depth += 1,
            b')' | b'>' | b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    depth
}

/// Parse one statement (a line, or several lines joined by an open bracket); the syntax tree
/// is built in `arena`.
pub fn parse_statement<'a>(src: &'a str, arena: &'a Bump) -> PResult<Stmt<'a>> {
    use crate::limits::MAX_STATEMENT_LEN;
    if src.len() > MAX_STATEMENT_LEN {
        let mut end = MAX_STATEMENT_LEN;
        while !src.is_char_boundary(end) {
            end -= 1;
        }
        return err(
            format!(
                "statement of {} bytes is longer than the limit of {MAX_STATEMENT_LEN} bytes",
                src.len()
            ),
            Span::new(
                end,
                end + src[end..].chars().next().map_or(0, char::len_utf8),
            ),
        );
    }
    let mut p = Parser {
        src,
        depth: 0,
        arena,
    };
    let pos = p.skip_ws(0);
    if pos >= src.len() {
        return Ok(Stmt::Empty);
    }
    // assignment: name '=' expr
    if let Some((name, end)) = p.ident_at(pos) {
        let after = p.skip_ws(end);
        if src[after..].starts_with('=') && !is_keyword(name) {
            let expr_start = p.skip_ws(after + 1);
            if expr_start >= src.len() {
                return err(
                    "expected an expression after '='",
                    Span::new(after, after + 1),
                );
            }
            let (end, expr) = p.expr(expr_start)?;
            p.expect_end(end)?;
            return Ok(Stmt::Assign {
                name,
                name_span: Span::new(pos, pos + name.len()),
                expr,
            });
        }
    }
    let (end, expr) = p.expr(pos)?;
    p.expect_end(end)?;
    Ok(Stmt::Expr(expr))
}

/// Parse a single expression (the whole input); the syntax tree is built in `arena`.
pub fn parse_expr<'a>(src: &'a str, arena: &'a Bump) -> PResult<Expr<'a>> {
    let mut p = Parser {
        src,
        depth: 0,
        arena,
    };
    let pos = p.skip_ws(0);
    if pos >= src.len() {
        return err("expected an expression", Span::new(0, src.len()));
    }
    let (end, e) = p.expr(pos)?;
    p.expect_end(end)?;
    Ok(e)
}

fn is_keyword(name: &str) -> bool {
    name == "o"
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

// The tokens are scanned as bytes: every token character is ASCII.
fn nom_ident(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(|b: u8| b.is_ascii_alphanumeric() || b == b'_').parse(i)
}

fn nom_ws(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(|b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r')).parse(i)
}

struct Parser<'a> {
    src: &'a str,
    depth: usize,
    arena: &'a Bump,
}

impl<'a> Parser<'a> {
    fn alloc(&self, e: Expr<'a>) -> &'a Expr<'a> {
        self.arena.alloc(e)
    }

    fn rest(&self, pos: usize) -> &'a str {
        &self.src[pos..]
    }

    fn peek(&self, pos: usize) -> Option<char> {
        match self.src.as_bytes().get(pos) {
            // an ASCII byte is a whole character (and `pos` a boundary)
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            _ => self.src[pos..].chars().next(),
        }
    }

    /// Skip blanks and a `#` comment.
    fn skip_ws(&self, pos: usize) -> usize {
        let bytes = self.src.as_bytes();
        // most tokens follow the previous one directly
        match bytes.get(pos) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'#') => {}
            _ => return pos,
        }
        let rest = &bytes[pos..];
        let (rest, _) = nom_ws(rest).unwrap_or((rest, &[]));
        if rest.first() == Some(&b'#') {
            bytes.len()
        } else {
            bytes.len() - rest.len()
        }
    }

    fn expect_end(&self, pos: usize) -> PResult<()> {
        let pos = self.skip_ws(pos);
        if pos < self.src.len() {
            let c = self.peek(pos).expect("in bounds");
            let end = pos + c.len_utf8();
            let msg = match c {
                ')' => "unmatched ')'".to_string(),
                '>' => "unmatched '>'".to_string(),
                _ => format!("expected an operator ('o', '/', '*') or the end, found '{c}'"),
            };
            return err(msg, Span::new(pos, end));
        }
        Ok(())
    }

    fn enter(&mut self, pos: usize) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return err(
                format!("nesting deeper than {MAX_NESTING} levels"),
                Span::new(pos, pos + 1),
            );
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn ident_at(&self, pos: usize) -> Option<(&'a str, usize)> {
        let rest = self.rest(pos);
        let c = rest.chars().next()?;
        if !is_ident_start(c) {
            return None;
        }
        // `_` before a digit or '-' is an integer; a lone `_` is the underscore
        if c == '_' {
            let next = rest[1..].chars().next();
            match next {
                Some(n) if n.is_ascii_digit() || n == '-' => return None,
                Some(n) if is_ident_char(n) => {}
                _ => return None,
            }
        }
        // the first character is an identifier's start (checked above)
        let (_, name) = nom_ident(rest.as_bytes()).ok()?;
        let len = name.len();
        Some((&rest[..len], pos + len))
    }

    /// expr := postfix (op postfix)*; the stack grows on demand for deep nesting.
    fn expr(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        if self.depth < SHALLOW {
            return self.expr_inner(pos);
        }
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_inner(pos))
    }

    fn expr_inner(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let (mut pos, mut lhs) = self.postfix(pos)?;
        loop {
            let p = self.skip_ws(pos);
            let Some((op, after)) = self.binop_at(p) else {
                return Ok((pos, lhs));
            };
            let start = self.skip_ws(after);
            if start >= self.src.len() {
                return err(
                    "expected an expression after the operator",
                    Span::new(p, after),
                );
            }
            let (end, rhs) = self.postfix(start)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(op, self.alloc(lhs), self.alloc(rhs)),
                span,
            };
            pos = end;
        }
    }

    fn binop_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        let rest = self.rest(pos);
        if rest.starts_with('/') {
            return Some((BinOp::Divide, pos + 1));
        }
        if rest.starts_with('*') {
            return Some((BinOp::Product, pos + 1));
        }
        if let Some(after) = rest.strip_prefix('o')
            && after.chars().next().is_none_or(|c| !is_ident_char(c))
        {
            return Some((BinOp::Compose, pos + 1));
        }
        None
    }

    /// postfix := primary ( '(' args ')' | '.' name )*
    fn postfix(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let (mut pos, mut e) = self.primary(pos)?;
        loop {
            match self.peek(pos) {
                Some('(') => {
                    self.enter(pos)?;
                    let (end, args) = self.list(pos, '(', ')')?;
                    self.leave();
                    let span = Span::new(e.span.start, end);
                    e = Expr {
                        kind: ExprKind::Call(self.alloc(e), args),
                        span,
                    };
                    pos = end;
                }
                Some('.') => {
                    let Some((name, end)) = self.ident_at(pos + 1) else {
                        return err("expected a field name after '.'", Span::new(pos, pos + 1));
                    };
                    let span = Span::new(e.span.start, end);
                    e = Expr {
                        kind: ExprKind::Field(self.alloc(e), name),
                        span,
                    };
                    pos = end;
                }
                _ => return Ok((pos, e)),
            }
        }
    }

    /// A bracketed, comma-separated list of expressions starting at `open`.
    fn list(&mut self, open: usize, _o: char, close: char) -> PResult<(usize, &'a [Expr<'a>])> {
        let mut items = BumpVec::with_capacity_in(4, self.arena);
        let mut pos = self.skip_ws(open + 1);
        if self.peek(pos) == Some(close) {
            return Ok((pos + 1, items.into_bump_slice()));
        }
        loop {
            if pos >= self.src.len() {
                return err(
                    format!("expected '{close}' to close '{_o}' at {open}"),
                    Span::new(open, open + 1),
                );
            }
            let (end, e) = match self.bare_int_item(pos, close) {
                Some(item) => item?,
                None => self.expr(pos)?,
            };
            items.push(e);
            pos = self.skip_ws(end);
            match self.peek(pos) {
                Some(',') => pos = self.skip_ws(pos + 1),
                Some(c) if c == close => return Ok((pos + 1, items.into_bump_slice())),
                None => {
                    return err(
                        format!("expected '{close}' to close '{_o}' at {open}"),
                        Span::new(open, open + 1),
                    );
                }
                Some(c) => {
                    return err(
                        format!("expected ',' or '{close}' to close '{_o}' at {open}, found '{c}'"),
                        Span::new(pos, pos + c.len_utf8()),
                    );
                }
            }
        }
    }

    /// A list item that is an integer literal alone (followed by ',' or the closing bracket),
    /// the commonest item, without the general expression machinery; `None` for anything else.
    fn bare_int_item(&self, pos: usize, close: char) -> Option<PResult<(usize, Expr<'a>)>> {
        let (end, v) = match self.int_at(pos)? {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let after = self.skip_ws(end);
        match self.src.as_bytes().get(after) {
            Some(&b) if b == b',' || char::from(b) == close => Some(Ok((
                end,
                Expr {
                    kind: ExprKind::Int(v),
                    span: Span::new(pos, end),
                },
            ))),
            _ => None,
        }
    }

    fn int_at(&self, pos: usize) -> Option<PResult<(usize, i64)>> {
        let bytes = self.src.as_bytes();
        let mut at = pos;
        if bytes.get(at) == Some(&b'_') {
            at += 1;
        }
        let neg = bytes.get(at) == Some(&b'-');
        at += usize::from(neg);
        let r: IResult<&[u8], &[u8]> = digit1(bytes.get(at..)?);
        let digits = r.ok()?.1;
        let end = at + digits.len();
        let span = Span::new(pos, end);
        // the magnitude in u64 (every i64 magnitude fits), then the sign
        let magnitude = digits.iter().try_fold(0u64, |m, b| {
            m.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        });
        let value = magnitude.and_then(|m| {
            if neg {
                0i64.checked_sub_unsigned(m)
            } else {
                i64::try_from(m).ok()
            }
        });
        let Some(value) = value else {
            return Some(err("integer overflow in literal", span));
        };
        Some(Ok((end, value)))
    }

    fn primary(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let Some(c) = self.peek(pos) else {
            return err("expected an expression", Span::new(pos, pos));
        };
        let (end, e) = match c {
            '(' => self.paren(pos)?,
            '<' => {
                self.enter(pos)?;
                let (end, items) = self.list(pos, '<', '>')?;
                self.leave();
                (
                    end,
                    Expr {
                        kind: ExprKind::Tiler(items),
                        span: Span::new(pos, end),
                    },
                )
            }
            _ => {
                if let Some(r) = self.int_at(pos) {
                    let (end, v) = r?;
                    (
                        end,
                        Expr {
                            kind: ExprKind::Int(v),
                            span: Span::new(pos, end),
                        },
                    )
                } else if let Some((name, end)) = self.ident_at(pos) {
                    self.named(pos, name, end)?
                } else if c == '_' {
                    (
                        pos + 1,
                        Expr {
                            kind: ExprKind::Underscore,
                            span: Span::new(pos, pos + 1),
                        },
                    )
                } else {
                    return err(
                        format!("expected an expression, found '{c}'"),
                        Span::new(pos, pos + c.len_utf8()),
                    );
                }
            }
        };
        // Shape:Stride
        let after = end;
        if self.peek(after) == Some(':') {
            if !is_int_tuple_literal(&e) {
                return err(
                    "the shape of a layout must be an integer or an IntTuple",
                    e.span,
                );
            }
            let sstart = after + 1;
            let (send, stride) = self.int_tuple_literal(sstart)?;
            let span = Span::new(e.span.start, send);
            return Ok((
                send,
                Expr {
                    kind: ExprKind::Layout(self.alloc(e), self.alloc(stride)),
                    span,
                },
            ));
        }
        Ok((end, e))
    }

    /// An IntTuple literal: an integer or a parenthesised tuple of IntTuple literals.
    fn int_tuple_literal(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        if self.depth < SHALLOW {
            return self.int_tuple_literal_inner(pos);
        }
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.int_tuple_literal_inner(pos))
    }

    fn int_tuple_literal_inner(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        if self.peek(pos) == Some('(') {
            self.enter(pos)?;
            let mut p = self.skip_ws(pos + 1);
            if self.peek(p) == Some(')') {
                // `()`: the empty tuple (a rank-0 stride, as CuTe prints `():()`)
                self.leave();
                return Ok((
                    p + 1,
                    Expr {
                        kind: ExprKind::Tuple(&[]),
                        span: Span::new(pos, p + 1),
                    },
                ));
            }
            let mut items = BumpVec::with_capacity_in(4, self.arena);
            loop {
                if p >= self.src.len() {
                    return err(
                        format!("expected ')' to close '(' at {pos}"),
                        Span::new(pos, pos + 1),
                    );
                }
                let (end, e) = self.int_tuple_literal(p)?;
                items.push(e);
                p = self.skip_ws(end);
                match self.peek(p) {
                    Some(',') => p = self.skip_ws(p + 1),
                    Some(')') => {
                        self.leave();
                        return Ok((
                            p + 1,
                            Expr {
                                kind: ExprKind::Tuple(items.into_bump_slice()),
                                span: Span::new(pos, p + 1),
                            },
                        ));
                    }
                    _ => {
                        return err(
                            format!("expected ')' to close '(' at {pos}"),
                            Span::new(pos, pos + 1),
                        );
                    }
                }
            }
        }
        match self.int_at(pos) {
            Some(r) => {
                let (end, v) = r?;
                Ok((
                    end,
                    Expr {
                        kind: ExprKind::Int(v),
                        span: Span::new(pos, end),
                    },
                ))
            }
            None => {
                let end = (pos + self.peek(pos).map_or(0, char::len_utf8)).min(self.src.len());
                err(
                    "expected an integer or '(' in the stride",
                    Span::new(pos, end),
                )
            }
        }
    }

    fn paren(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.enter(pos)?;
        let (end, items) = self.list(pos, '(', ')')?;
        self.leave();
        let span = Span::new(pos, end);
        if items.is_empty() {
            return Ok((
                end,
                Expr {
                    kind: ExprKind::Tuple(items),
                    span,
                },
            ));
        }
        if items.len() == 1 && !is_int_tuple_literal(&items[0]) {
            return Ok((
                end,
                Expr {
                    kind: ExprKind::Group(&items[0]),
                    span,
                },
            ));
        }
        Ok((
            end,
            Expr {
                kind: ExprKind::Tuple(items),
                span,
            },
        ))
    }

    fn named(&mut self, pos: usize, name: &'a str, end: usize) -> PResult<(usize, Expr<'a>)> {
        if name == "smem_ptr" && self.peek(end) == Some('[') {
            return self.smem_ptr(pos, end);
        }
        if self.peek(end) == Some('<') {
            // template arguments: raw text up to the matching '>'
            let open = end;
            let mut depth = 0usize;
            let mut i = open;
            let bytes = self.src.as_bytes();
            while i < bytes.len() {
                match bytes[i] {
                    b'<' => depth += 1,
                    b'>' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    b'\n' | b'#' => break,
                    _ => {}
                }
                i += 1;
            }
            if i >= bytes.len() || bytes[i] != b'>' {
                return err(
                    format!("expected '>' to close '<' at {open}"),
                    Span::new(open, open + 1),
                );
            }
            let args = &self.src[open + 1..i];
            let close = i + 1;
            let span = Span::new(pos, close);
            if name == "Sw" {
                let parts: Vec<&str> = args.split(',').map(str::trim).collect();
                let nums: Option<Vec<i64>> = parts
                    .iter()
                    .map(|s| s.trim_start_matches('_').parse::<i64>().ok())
                    .collect();
                return match nums.as_deref() {
                    Some([b, m, s]) => Ok((
                        close,
                        Expr {
                            kind: ExprKind::Swizzle(*b, *m, *s),
                            span,
                        },
                    )),
                    _ => err("expected Sw<B,M,S> with three integers", span),
                };
            }
            let compact: String = args.chars().filter(|c| !c.is_whitespace()).collect();
            return Ok((
                close,
                Expr {
                    kind: ExprKind::Name(
                        bumpalo::format!(in self.arena, "{}<{}>", name, compact).into_bump_str(),
                    ),
                    span,
                },
            ));
        }
        Ok((
            end,
            Expr {
                kind: ExprKind::Name(name),
                span: Span::new(pos, end),
            },
        ))
    }

    fn smem_ptr(&mut self, pos: usize, open: usize) -> PResult<(usize, Expr<'a>)> {
        // smem_ptr[16b](unset)
        let rest = self.rest(open);
        let close = rest.find(']').map(|i| open + i);
        let Some(close) = close else {
            return err(
                format!("expected ']' to close '[' at {open}"),
                Span::new(open, open + 1),
            );
        };
        let inner = self.src[open + 1..close].trim();
        let bits = inner.strip_suffix('b').and_then(|d| d.parse::<i64>().ok());
        let Some(bits) = bits else {
            return err(
                "expected smem_ptr[Nb] with N the element width in bits",
                Span::new(open, close + 1),
            );
        };
        let tail = "(unset)";
        let after = close + 1;
        let end = if self.rest(after).starts_with(tail) {
            after + tail.len()
        } else {
            after
        };
        Ok((
            end,
            Expr {
                kind: ExprKind::SmemPtr(bits),
                span: Span::new(pos, end),
            },
        ))
    }
}

/// Whether an expression is an integer or a tuple of IntTuple literals.
pub fn is_int_tuple_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) => true,
        ExprKind::Tuple(v) => v.iter().all(is_int_tuple_literal),
        _ => false,
    }
}
