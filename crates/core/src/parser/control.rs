//! C++'s counted loops and conditionals as pasted code writes them: `for (int i = 0; i < N; ++i)
//! { … }` and `if (COND) { … } else { … }`, their bodies read statement by statement with the
//! one statement reader ([`super::statement_at`]) and cut where the statement splitter cuts
//! (`cut.rs`). A loop of another form (`while`, a header of two counters, a step cute cannot
//! count) is an error that names it.

use super::ast::{Branch, Cmp, Condition, Expr, ExprKind, Loop, Span, Stmt};
use super::cut::{closing_bracket, statement_end};
use super::{PResult, Parser, err, statement_at};
use crate::limits::MAX_CONTROL_NESTING;

/// The types a loop's counter may be declared with (C++'s integer types, `auto`).
const COUNTER_TYPES: &[&str] = &[
    "int",
    "auto",
    "unsigned",
    "signed",
    "long",
    "short",
    "const",
    "size_t",
    "std::size_t",
    "int32_t",
    "int64_t",
    "uint32_t",
    "uint64_t",
    "std::int32_t",
    "std::int64_t",
    "std::uint32_t",
    "std::uint64_t",
    "uint",
];

/// What a loop this reader does not run is told.
fn not_run<T>(why: &str, span: Span) -> PResult<T> {
    err(
        format!(
            "this 'for' loop is not run: {why}; cute runs counted loops, `for (int i = A; i < B; ++i)` (`<`, `<=`, `>`, `>=`, `!=`; `++i`, `i++`, `--i`, `i--`, `i += K`, `i -= K`)"
        ),
        span,
    )
}

impl<'a> Parser<'a> {
    /// A parser of the same text cut at `end` (its spans still count from the statement's
    /// start).
    fn upto(&self, end: usize) -> Parser<'a> {
        Parser {
            src: &self.src[..end],
            depth: self.depth,
            arena: self.arena,
            dsl: self.dsl.clone(),
            cpp: self.cpp.clone(),
            scratch: Vec::new(),
            in_angle: false,
        }
    }

    /// The statements from `from` to `to`: each a statement up to its `;` (read by the one
    /// statement reader), a control statement with its body, or a `{ … }` block's statements.
    /// `nest`: the control statements they are inside.
    pub(super) fn block(&self, from: usize, to: usize, nest: usize) -> PResult<&'a [Stmt<'a>]> {
        let mut out = Vec::new();
        self.block_into(from, to, nest, &mut out)?;
        Ok(self.arena.alloc_slice_clone(&out))
    }

    fn block_into(
        &self,
        from: usize,
        to: usize,
        nest: usize,
        out: &mut Vec<Stmt<'a>>,
    ) -> PResult<()> {
        let p = self.upto(to);
        let mut q = p.skip_ws(from);
        while q < to {
            if p.peek(q) == Some('{') {
                let close = self.closing(q, "{")?;
                if close >= to {
                    return err("expected '}' to close '{'", Span::new(q, q + 1));
                }
                p.block_into(q + 1, close, nest, out)?;
                q = p.skip_ws(close + 1);
                continue;
            }
            let (stmt, after) = p.one_statement(q, nest)?;
            out.push(stmt);
            q = p.skip_ws(after);
        }
        Ok(())
    }

    /// The statement at `q`, and where it ends.
    fn one_statement(&self, q: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        if let Some(("for" | "if", end)) = self.word_at(q)
            && self.peek(self.skip_ws(end)) == Some('(')
        {
            return self.control(q, nest);
        }
        let end = statement_end(self.src.as_bytes(), q).unwrap_or(self.src.len());
        Ok((statement_at(&self.src[..end], q, self.arena, nest)?, end))
    }

    /// The bracket closing the one at `open` (`what` names it in the error).
    fn closing(&self, open: usize, what: &str) -> PResult<usize> {
        closing_bracket(self.src.as_bytes(), open).ok_or_else(|| super::ParseError {
            message: format!(
                "expected '{}' to close '{what}'",
                if what == "(" { ")" } else { "}" }
            ),
            span: Span::new(open, open + 1),
        })
    }

    /// `for (…) BODY` or `if (…) THEN [else …]` at `pos`, and where it ends.
    pub(super) fn control(&self, pos: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        let (word, end) = self.word_at(pos).expect("a control statement's word");
        if nest >= MAX_CONTROL_NESTING {
            return err(
                format!(
                    "control statements nested deeper than {MAX_CONTROL_NESTING} levels (the limit)"
                ),
                Span::new(pos, end),
            );
        }
        let open = self.skip_ws(end);
        let close = self.closing(open, "(")?;
        if word == "for" {
            self.for_loop(pos, open, close, nest)
        } else {
            self.branch(open, close, nest)
        }
    }

    /// The body after a header ending at `close`: a `{ … }` block, or one statement.
    fn body(&self, close: usize, what: &str, nest: usize) -> PResult<(&'a [Stmt<'a>], usize)> {
        let q = self.skip_ws(close + 1);
        if q >= self.src.len() {
            return err(
                format!("the '{what}' has no body"),
                Span::new(close, close + 1),
            );
        }
        if self.peek(q) == Some('{') {
            let end = self.closing(q, "{")?;
            return Ok((self.block(q + 1, end, nest + 1)?, end + 1));
        }
        let (stmt, after) = self.one_statement(q, nest + 1)?;
        Ok((self.arena.alloc_slice_clone(&[stmt]), after))
    }

    /// `for (TYPE COUNTER = START; COUNTER CMP BOUND; STEP) BODY`, its header from `open` to
    /// `close`.
    fn for_loop(
        &self,
        pos: usize,
        open: usize,
        close: usize,
        nest: usize,
    ) -> PResult<(Stmt<'a>, usize)> {
        let header = Span::new(pos, close + 1);
        let b = &self.src.as_bytes()[..close];
        let Some(semi1) = statement_end(b, open + 1) else {
            return not_run("its header has no ';'", header);
        };
        let Some(semi2) = statement_end(b, semi1) else {
            return not_run("its header has one ';'", header);
        };
        // the counter's declaration: [TYPE…] COUNTER = START
        let init = self.upto(semi1 - 1);
        let mut q = init.skip_ws(open + 1);
        let mut words = Vec::new();
        while let Some((w, e)) = init.ident_at(q) {
            words.push((w, Span::new(q, e)));
            q = init.skip_ws(e);
            if init.peek(q) == Some('=') {
                break;
            }
        }
        let Some(&(counter, counter_span)) = words.last() else {
            return not_run(
                "its first part declares the counter, `int i = 0`",
                Span::new(open + 1, semi1),
            );
        };
        if init.peek(q) != Some('=') || init.peek(q + 1) == Some('=') {
            return not_run(
                "its first part declares the counter, `int i = 0`",
                Span::new(open + 1, semi1),
            );
        }
        if let Some(&(t, span)) = words[..words.len() - 1]
            .iter()
            .find(|(t, _)| !COUNTER_TYPES.contains(t))
        {
            return not_run(&format!("its counter's type '{t}' is not an integer"), span);
        }
        let mut init = init;
        let (e, start) = init.expr(init.skip_ws(q + 1))?;
        if init.skip_ws(e) < semi1 - 1 {
            return not_run("it declares more than one counter", Span::new(e, semi1 - 1));
        }
        // the condition: COUNTER CMP BOUND
        let mut cond = self.upto(semi2 - 1);
        let q = cond.skip_ws(semi1);
        let compared = match cond.word_at(q) {
            Some((w, e)) if w == counter => cmp_at(cond.src.as_bytes(), cond.skip_ws(e)),
            _ => None,
        };
        let Some((cmp, after)) = compared else {
            return not_run(
                &format!(
                    "its condition compares the counter '{counter}' with a bound, `{counter} < N`"
                ),
                Span::new(q, semi2 - 1),
            );
        };
        let (e, bound) = cond.expr(cond.skip_ws(after))?;
        if cond.skip_ws(e) < semi2 - 1 {
            return not_run(
                &format!("its condition compares the counter '{counter}' with one bound"),
                Span::new(q, semi2 - 1),
            );
        }
        // the step
        let mut step = self.upto(close);
        let (incr, down) = step.step(semi2, close, counter)?;
        let (body, after) = self.body(close, "for", nest)?;
        let unsigned = words[..words.len() - 1].iter().any(|(t, _)| {
            matches!(
                *t,
                "unsigned" | "size_t" | "std::size_t" | "uint32_t" | "uint64_t" | "uint"
            ) || t.starts_with("std::uint")
        });
        let l = Loop {
            counter,
            counter_span,
            unsigned,
            start,
            cmp,
            bound,
            step: incr,
            down,
            body,
            span: header,
        };
        Ok((Stmt::Loop(self.arena.alloc(l)), after))
    }

    /// A loop's step from `from` to `close`: what it adds and whether it subtracts.
    fn step(&mut self, from: usize, close: usize, counter: &str) -> PResult<(Expr<'a>, bool)> {
        let q = self.skip_ws(from);
        let b = self.src.as_bytes();
        let one = |at: usize| Expr {
            kind: ExprKind::DynInt(1),
            span: Span::new(at, at + 2),
        };
        let is_counter = |p: &Self, at: usize| {
            p.word_at(at)
                .filter(|(w, _)| *w == counter)
                .map(|(_, e)| p.skip_ws(e))
        };
        // `++i`, `--i`
        if let Some(op @ (b'+' | b'-')) = b.get(q).copied()
            && b.get(q + 1) == Some(&op)
            && let Some(e) = is_counter(self, self.skip_ws(q + 2))
            && e >= close
        {
            return Ok((one(q), op == b'-'));
        }
        if let Some(e) = is_counter(self, q) {
            match (b.get(e).copied(), b.get(e + 1).copied()) {
                // `i++`, `i--`
                (Some(op @ (b'+' | b'-')), Some(op2))
                    if op2 == op && self.skip_ws(e + 2) >= close =>
                {
                    return Ok((one(e), op == b'-'));
                }
                // `i += K`, `i -= K`
                (Some(op @ (b'+' | b'-')), Some(b'=')) => {
                    let (end, k) = self.expr(self.skip_ws(e + 2))?;
                    if self.skip_ws(end) >= close {
                        return Ok((k, op == b'-'));
                    }
                }
                _ => {}
            }
        }
        not_run(
            &format!(
                "its step is not `++{counter}`, `{counter}++`, `--{counter}`, `{counter}--`, `{counter} += K` or `{counter} -= K`"
            ),
            Span::new(q, close),
        )
    }

    /// `if (COND) THEN [else OTHERWISE]`, its condition from `open` to `close`.
    fn branch(&self, open: usize, close: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        let cond = self.condition(open + 1, close)?;
        let (then, after) = self.body(close, "if", nest)?;
        let mut otherwise: &'a [Stmt<'a>] = &[];
        let mut end = after;
        let q = self.skip_ws(after);
        if let Some(("else", e)) = self.word_at(q) {
            let r = self.skip_ws(e);
            if let Some(("if", _)) = self.word_at(r) {
                let (stmt, a) = self.control(r, nest + 1)?;
                otherwise = self.arena.alloc_slice_clone(&[stmt]);
                end = a;
            } else {
                // the `else`'s body: read as a header ending just before it
                let (stmts, a) = self.body(e - 1, "else", nest)?;
                otherwise = stmts;
                end = a;
            }
        }
        let b = Branch {
            cond,
            then,
            otherwise,
        };
        Ok((Stmt::If(self.arena.alloc(b)), end))
    }

    /// A condition from `from` to `to`: a value (`x`, `a == b`), or two integers compared
    /// (`i < 2`; a `<` or `>` with a blank before it, so `size<0>(L)` stays a template).
    fn condition(&self, from: usize, to: usize) -> PResult<Condition<'a>> {
        let b = &self.src.as_bytes()[..to];
        let span = Span::new(from, to);
        if let Some(k) = b[from..].windows(2).position(|w| w == b"&&" || w == b"||") {
            let at = from + k;
            return err(
                format!(
                    "'{}' in a condition is not read: write one comparison per 'if'",
                    if b[at] == b'&' { "&&" } else { "||" }
                ),
                Span::new(at, at + 2),
            );
        }
        let mut depth = 0i64;
        let mut op = None;
        let mut i = from;
        while i < to {
            match b[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b'<' | b'>' if depth == 0 && i > from && b[i - 1].is_ascii_whitespace() => {
                    op = cmp_at(b, i).map(|(c, after)| (c, i, after));
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        let Some((cmp, at, after)) = op else {
            let mut p = self.upto(to);
            let (e, lhs) = p.expr(p.skip_ws(from))?;
            p.expect_end(e)?;
            return Ok(Condition {
                lhs,
                rhs: None,
                span,
            });
        };
        let mut l = self.upto(at);
        let (e, lhs) = l.expr(l.skip_ws(from))?;
        l.expect_end(e)?;
        let mut r = self.upto(to);
        let (e, rhs) = r.expr(r.skip_ws(after))?;
        r.expect_end(e)?;
        Ok(Condition {
            lhs,
            rhs: Some((cmp, rhs)),
            span,
        })
    }
}

/// A comparison operator at `at`, and where it ends.
fn cmp_at(b: &[u8], at: usize) -> Option<(Cmp, usize)> {
    match (b.get(at), b.get(at + 1)) {
        (Some(b'<'), Some(b'=')) => Some((Cmp::Le, at + 2)),
        (Some(b'>'), Some(b'=')) => Some((Cmp::Ge, at + 2)),
        (Some(b'!'), Some(b'=')) => Some((Cmp::Ne, at + 2)),
        (Some(b'='), Some(b'=')) => Some((Cmp::Eq, at + 2)),
        (Some(b'<'), Some(b'<')) | (Some(b'>'), Some(b'>')) => None,
        (Some(b'<'), _) => Some((Cmp::Lt, at + 1)),
        (Some(b'>'), _) => Some((Cmp::Gt, at + 1)),
        _ => None,
    }
}
