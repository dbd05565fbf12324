//! C++'s control flow as pasted code writes it: counted loops `for (int i = 0; i < N; ++i) { … }`,
//! `while (COND) …`, `do … while (COND);`, `if (COND) … else …`, `switch (V) { case K: … }`,
//! `break;` and `continue;`; their bodies read statement by statement with the one statement
//! reader ([`super::statement_at`]) and cut where the statement splitter cuts (`cut.rs`). A
//! loop of another form (a header of two counters, a step cute cannot count) is an error that
//! names it. CUTLASS's unroll hints (`CUTE_UNROLL`, `CUTLASS_PRAGMA_UNROLL`, `#pragma unroll`)
//! are skipped, as they change no value.
//!
//! Conditions are expressions ([`Condition`]) read with C++'s relational operators. Where they
//! are read (the rule, README "C++ loops and branches"): `< <= > >=` are operators inside a
//! condition (`if`, `while`, a `for`'s middle part) and inside parentheses (a group, a call's
//! arguments), as C++ reads them; at the top level of a statement they are not (SPEC §1b: there
//! they clash with template arguments and tilers, and a `<` would leave the line open). Where
//! they are read, a name followed by `<` starts template arguments only when a `>` closes them
//! inside the same parentheses and the name is a CuTe template, or the `<` follows the name
//! without a blank, or `(`, `{` or `::` follows the `>` (`size<0>(L)`, `Int<2>{}`); else the
//! `<` compares (`i < j`, `i<4`, `i < size<0>(L)`). Inside a template's `<…>` a `>` closes it;
//! parentheses there read it as C++ does (`Int<(a > b)>{}`). `&&`, `||` and `!` are read
//! everywhere, `&&` and `||` below `|` in C++'s order.

use super::ast::{
    BinOp, Branch, Condition, Expr, ExprKind, Jump, Loop, RangeFor, Span, Stmt, Switch, While,
};
use super::cut::{closing_bracket, cut_points, statement_end};
use super::{PResult, Parser, cpp_body_statement_at, err, python_statement_at, statement_at};
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
            "this 'for' loop is not run: {why}; cute runs counted loops, `for (int i = A; COND; ++i)` (`++i`, `i++`, `--i`, `i--`, `i += K`, `i -= K`)"
        ),
        span,
    )
}

impl<'a> Parser<'a> {
    /// A parser of the same text cut at `end` (its spans still count from the statement's
    /// start).
    /// A parser of a C++ body's statements (a lambda's, a function's): the same text, C++'s
    /// relational operators read in each statement ([`super::cpp_body_statement_at`]).
    pub(super) fn cpp_body(&self) -> Parser<'a> {
        let mut p = self.upto(self.src.len());
        p.relational = true;
        p
    }

    pub(super) fn upto(&self, end: usize) -> Parser<'a> {
        Parser {
            src: &self.src[..end],
            depth: self.depth,
            arena: self.arena,
            dsl: self.dsl.clone(),
            cpp: self.cpp.clone(),
            scratch: Vec::new(),
            in_angle: false,
            relational: self.relational,
            python: self.python,
            dsl_session: self.dsl_session,
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
                // a braced block inside a body: one level deeper
                control_nesting(nest, "control statements", Span::new(q, q + 1))?;
                p.block_into(q + 1, close, nest + 1, out)?;
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
        let q = self.skip_unroll(q);
        if q >= self.src.len() {
            return Ok((Stmt::Empty, q));
        }
        if let Some(read) = self.control_at(q, nest)? {
            return Ok(read);
        }
        let b = self.src.as_bytes();
        let line = self.src[q..].split('\n').next().unwrap_or("");
        // a definition (a namespace's functions, structs and nested namespaces) ends at its
        // `}`, as the statement splitter cuts it
        let end = if super::function::starts_braced(line) {
            cut_points(&b[q..]).first().map_or(b.len(), |c| q + c)
        } else {
            statement_end(b, q).unwrap_or(b.len())
        };
        // in a C++ body (the block's parser reads relational operators) each statement does
        let read = if self.relational {
            cpp_body_statement_at
        } else {
            statement_at
        };
        Ok((read(&self.src[..end], q, self.arena, nest)?, end))
    }

    /// `pos` past CUTLASS's unroll hints before a loop (`CUTE_UNROLL`, `CUTLASS_PRAGMA_UNROLL`,
    /// `CUTLASS_PRAGMA_NO_UNROLL`, `CUTE_NO_UNROLL`; `#pragma unroll` is a comment already): the
    /// compiler's hints, which change no value.
    pub(super) fn skip_unroll(&self, pos: usize) -> usize {
        let mut q = pos;
        while let Some((
            "CUTE_UNROLL" | "CUTLASS_PRAGMA_UNROLL" | "CUTLASS_PRAGMA_NO_UNROLL" | "CUTE_NO_UNROLL",
            end,
        )) = self.word_at(q)
        {
            q = self.skip_ws(end);
        }
        q
    }

    /// The word of a control statement at `pos` (`for`, `while`, `do`, `if`, `switch`,
    /// `break`, `continue`, a dangling `else`) and where it ends; `None` when the text there
    /// is none.
    pub(super) fn control_word(&self, pos: usize) -> Option<(&'a str, usize)> {
        let (word, end) = self.word_at(pos)?;
        let next = self.skip_ws(end);
        let is = match word {
            // Python's `for i in range(…):` and `if COND:`
            "for" if self.python_for_counter(next).is_some() => true,
            "if" if self.python_if_colon(pos).is_some() => true,
            "for" | "while" | "if" | "switch" if self.peek(next) == Some('(') => true,
            // C++17's `if constexpr (COND)`
            "if" => self.constexpr_after(next).is_some(),
            "do" => self.peek(next) == Some('{') || self.word_at(next).is_some(),
            "break" | "continue" => matches!(self.peek(next), None | Some(';')),
            "else" => true,
            _ => false,
        };
        is.then_some((word, end))
    }

    /// The control statement at `pos` ([`Parser::control_word`]) and where it ends.
    fn control_at(&self, pos: usize, nest: usize) -> PResult<Option<(Stmt<'a>, usize)>> {
        let Some((word, end)) = self.control_word(pos) else {
            return Ok(None);
        };
        let next = self.skip_ws(end);
        match word {
            "break" | "continue" => {
                let jump = if word == "break" {
                    Jump::Break
                } else {
                    Jump::Continue
                };
                let after = if self.peek(next) == Some(';') {
                    next + 1
                } else {
                    next
                };
                Ok(Some((Stmt::Jump(jump, Span::new(pos, end)), after)))
            }
            "else" => {
                let (body, after) = self.else_body(end, nest)?;
                Ok(Some((Stmt::Else(body, Span::new(pos, end)), after)))
            }
            "for" if self.python_for_counter(next).is_some() => {
                self.python_for(pos, next, nest).map(Some)
            }
            "if" if self.python_if_colon(pos).is_some() => self.python_if(pos, nest).map(Some),
            _ => self.control(pos, nest).map(Some),
        }
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

    /// `for (…) BODY`, `while (…) BODY`, `do BODY while (…);`, `switch (…) { … }` or
    /// `if (…) THEN [else …]` at `pos`, and where it ends.
    pub(super) fn control(&self, pos: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        let (word, end) = self.word_at(pos).expect("a control statement's word");
        control_nesting(nest, "control statements", Span::new(pos, end))?;
        if word == "do" {
            return self.do_while(pos, end, nest);
        }
        if word == "if"
            && let Some(open) = self.constexpr_after(self.skip_ws(end))
        {
            let close = self.closing(open, "(")?;
            return self.branch(open, close, nest, true);
        }
        let open = self.skip_ws(end);
        let close = self.closing(open, "(")?;
        match word {
            "for" => self.for_loop(pos, open, close, nest),
            "while" => {
                let cond = self.condition(open + 1, close)?;
                let (body, after) = self.body(close, "while", nest)?;
                let w = While {
                    cond,
                    body,
                    post_test: false,
                    span: Span::new(pos, close + 1),
                };
                Ok((Stmt::While(self.arena.alloc(w)), after))
            }
            "switch" => self.switch(pos, open, close, nest),
            _ => self.branch(open, close, nest, false),
        }
    }

    /// Where the `(` after `if constexpr` is, `pos` being just past `if`; `None` where the
    /// text there is not `constexpr (`.
    fn constexpr_after(&self, pos: usize) -> Option<usize> {
        let ("constexpr", end) = self.word_at(pos)? else {
            return None;
        };
        let open = self.skip_ws(end);
        (self.peek(open) == Some('(')).then_some(open)
    }

    /// `do BODY while (COND);`, `do` from `pos` to `end`.
    fn do_while(&self, pos: usize, end: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        let (body, after) = self.body(end - 1, "do", nest)?;
        let q = self.skip_ws(after);
        let Some(("while", w_end)) = self.word_at(q) else {
            return err(
                "expected 'while (CONDITION);' after the body of 'do'",
                Span::new(pos, end),
            );
        };
        let open = self.skip_ws(w_end);
        if self.peek(open) != Some('(') {
            return err("expected '(' after 'while'", Span::new(q, w_end));
        }
        let close = self.closing(open, "(")?;
        let cond = self.condition(open + 1, close)?;
        let mut after = self.skip_ws(close + 1);
        if self.peek(after) == Some(';') {
            after += 1;
        }
        let w = While {
            cond,
            body,
            post_test: true,
            span: Span::new(pos, end),
        };
        Ok((Stmt::While(self.arena.alloc(w)), after))
    }

    /// `switch (VALUE) { case K: … default: … }`, the value from `open` to `close`: the body's
    /// statements read in order, each `case K:` and `default:` noted where it stands.
    fn switch(
        &self,
        pos: usize,
        open: usize,
        close: usize,
        nest: usize,
    ) -> PResult<(Stmt<'a>, usize)> {
        let mut v = self.upto(close);
        v.relational = true;
        let (e, value) = v.expr(v.skip_ws(open + 1))?;
        v.expect_end(e)?;
        let q = self.skip_ws(close + 1);
        if self.peek(q) != Some('{') {
            return err(
                "the body of a 'switch' is a '{ … }' block of 'case K:' labels",
                Span::new(pos, close + 1),
            );
        }
        let end = self.closing(q, "{")?;
        let p = self.upto(end);
        let mut labels = Vec::new();
        let mut body = Vec::new();
        let mut r = p.skip_ws(q + 1);
        while r < end {
            match p.word_at(r) {
                Some((w @ ("case" | "default"), w_end)) => {
                    // the label's `:` (not a `::`), at the top level of the label
                    let b = p.src.as_bytes();
                    let mut depth = 0i64;
                    let mut k = w_end;
                    let colon = loop {
                        match b.get(k) {
                            None => break None,
                            Some(b'(' | b'[' | b'<') => depth += 1,
                            Some(b')' | b']' | b'>') => depth -= 1,
                            Some(b':') if b.get(k + 1) == Some(&b':') => k += 1,
                            Some(b':') if depth <= 0 => break Some(k),
                            Some(b';' | b'{' | b'}') => break None,
                            _ => {}
                        }
                        k += 1;
                    };
                    let Some(colon) = colon else {
                        return err(format!("expected ':' after '{w}'"), Span::new(r, w_end));
                    };
                    let constant = if w == "case" {
                        let mut c = p.upto(colon);
                        c.relational = true;
                        let (e, k) = c.expr(c.skip_ws(w_end))?;
                        c.expect_end(e)?;
                        Some(k)
                    } else {
                        if p.skip_ws(w_end) != colon {
                            return err("expected ':' after 'default'", Span::new(r, w_end));
                        }
                        None
                    };
                    labels.push((constant, body.len()));
                    r = p.skip_ws(colon + 1);
                }
                _ => {
                    if labels.is_empty() {
                        return err(
                            "a statement of a 'switch' before its first 'case' label (C++ never runs it)",
                            Span::new(r, r + 1),
                        );
                    }
                    if p.peek(r) == Some('{') {
                        let c = p.closing(r, "{")?;
                        body.push(Stmt::Block(p.block(r + 1, c, nest + 1)?));
                        r = p.skip_ws(c + 1);
                        continue;
                    }
                    let (stmt, after) = p.one_statement(r, nest + 1)?;
                    body.push(stmt);
                    r = p.skip_ws(after);
                }
            }
        }
        let sw = Switch {
            value,
            labels: self.arena.alloc_slice_clone(&labels),
            body: self.arena.alloc_slice_clone(&body),
            span: Span::new(pos, close + 1),
        };
        Ok((Stmt::Switch(self.arena.alloc(sw)), end + 1))
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

    /// `for (TYPE COUNTER = START; COND; STEP) BODY`, its header from `open` to `close`.
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
            if let Some(colon) = range_colon(b, open + 1) {
                return self.range_for(pos, open, colon, close, nest);
            }
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
        // the condition (empty: always true)
        let cond = if self.skip_ws(semi1) >= semi2 - 1 {
            None
        } else {
            Some(self.condition(semi1, semi2 - 1)?)
        };
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
            static_counter: false,
            staged: false,
            trace_print: None,
            start,
            cond,
            step: incr,
            down,
            body,
            span: header,
        };
        Ok((Stmt::Loop(self.arena.alloc(l)), after))
    }

    /// `for (DECL NAME : RANGE) BODY`, its header from `open` to `close`, the `:` at `colon`.
    fn range_for(
        &self,
        pos: usize,
        open: usize,
        colon: usize,
        close: usize,
        nest: usize,
    ) -> PResult<(Stmt<'a>, usize)> {
        let header = Span::new(pos, close + 1);
        let decl = self.upto(colon);
        let mut q = decl.skip_ws(open + 1);
        let mut words = Vec::new();
        while let Some((w, e)) = decl.ident_at(q) {
            words.push((w, Span::new(q, e)));
            q = decl.skip_ws(e);
            // `auto const& x`, `auto&& x`: references read as the value
            while matches!(decl.peek(q), Some('&' | '*')) {
                if decl.peek(q) == Some('*') {
                    return not_run(
                        "its variable is a pointer, which cute does not loop over",
                        Span::new(q, q + 1),
                    );
                }
                q = decl.skip_ws(q + 1);
            }
        }
        let (Some(&(var, var_span)), true) = (words.last(), words.len() >= 2 && q >= colon) else {
            return not_run(
                "a range-based loop declares its variable, `for (int x : {1, 2, 3})`",
                Span::new(open + 1, colon),
            );
        };
        let types = &words[..words.len() - 1];
        if let Some(&(t, span)) = types.iter().find(|(t, _)| !COUNTER_TYPES.contains(t)) {
            return not_run(
                &format!("its variable's type '{t}' is not an integer"),
                span,
            );
        }
        let integer = types.iter().any(|(t, _)| !matches!(*t, "auto" | "const"));
        let mut range = self.upto(close);
        let start = range.skip_ws(colon + 1);
        let items = if range.peek(start) == Some('{') {
            let (end, items) = range.list(start, '{', '}', false)?;
            if range.skip_ws(end) < close {
                return not_run("its range is one initializer list", Span::new(end, close));
            }
            Some(items)
        } else {
            None
        };
        let range_expr = match items {
            Some(_) => Expr {
                kind: ExprKind::Tuple(&[]),
                span: Span::new(start, close),
            },
            None => {
                let (end, e) = range.expr(start)?;
                range.expect_end(end)?;
                e
            }
        };
        let (body, after) = self.body(close, "for", nest)?;
        let r = RangeFor {
            var,
            var_span,
            integer,
            range: range_expr,
            items,
            python: false,
            body,
            span: header,
        };
        Ok((Stmt::RangeFor(self.arena.alloc(r)), after))
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

    /// `if (COND) THEN [else OTHERWISE]` (`if constexpr (COND) …` where `constexpr`), its
    /// condition from `open` to `close`.
    fn branch(
        &self,
        open: usize,
        close: usize,
        nest: usize,
        constexpr: bool,
    ) -> PResult<(Stmt<'a>, usize)> {
        let cond = self.condition(open + 1, close)?;
        let (then, after) = self.body(close, "if", nest)?;
        let mut otherwise: &'a [Stmt<'a>] = &[];
        let mut end = after;
        let q = self.skip_ws(after);
        if let Some(("else", e)) = self.word_at(q) {
            (otherwise, end) = self.else_body(e, nest)?;
        }
        let b = Branch {
            cond,
            then,
            otherwise,
            constexpr,
            traced: false,
            staged: false,
            untraceable: [None; 2],
        };
        Ok((Stmt::If(self.arena.alloc(b)), end))
    }

    /// The body of an `else` whose word ends at `e`: an `if` statement, a block or one
    /// statement; and where it ends.
    fn else_body(&self, e: usize, nest: usize) -> PResult<(&'a [Stmt<'a>], usize)> {
        let r = self.skip_ws(e);
        if let Some(("if", _)) = self.word_at(r) {
            let (stmt, a) = self.control(r, nest + 1)?;
            return Ok((self.arena.alloc_slice_clone(&[stmt]), a));
        }
        // the `else`'s body: read as a header ending just before it
        self.body(e - 1, "else", nest)
    }

    /// A condition from `from` to `to`: an expression read with the relational operators
    /// (the module's rule), taken as a truth value when it runs.
    pub(super) fn condition(&self, from: usize, to: usize) -> PResult<Condition<'a>> {
        let mut p = self.upto(to);
        p.relational = true;
        let q = p.skip_ws(from);
        let span = Span::new(from, to);
        if q >= to {
            return err("expected a condition", span);
        }
        let (e, expr) = p.expr(q)?;
        p.expect_end(e)?;
        Ok(Condition { expr, span })
    }
}

/// The levels of C++'s expressions that conditions add: `c ? a : b` (the loosest), `||`, `&&`
/// (below `|`) and the relational `< <= > >=` (between `== !=` and `<< >>`).
impl<'a> Parser<'a> {
    /// conditional := logical_or ('?' expr ':' conditional)?, read as a call of
    /// [`super::CONDITIONAL`] on the three. The middle part ends at the `:` that matches its
    /// `?` (not a `::`; brackets and inner `?…:` counted), so a layout's `S:D` cannot take it.
    pub(super) fn conditional(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        let (end, c) = self.logical_or(pos)?;
        let q = self.skip_ws(end);
        // Python's `A if C else B`
        if let Some(("if", if_end)) = self.word_at(q)
            && (self.python || self.dsl_session || self.is_dsl())
        {
            return self.python_conditional(c, q, if_end);
        }
        if self.peek(q) != Some('?') {
            return Ok((end, c));
        }
        // the docs' `Stride<_?, _?>`: a value left for the reader to fill in
        if matches!(c.kind, ExprKind::Underscore)
            && c.span.end == q
            && matches!(
                self.peek(self.skip_ws(q + 1)),
                Some(',' | '>' | ')' | '}') | None
            )
        {
            return err(
                "'_?' stands for a value the example leaves to fill in (pseudo-code, not C++): write the integer",
                Span::new(c.span.start, q + 1),
            );
        }
        let Some(colon) = self.conditional_colon(q + 1) else {
            return err(
                "expected ':' after '?' (C++'s c ? a : b)",
                Span::new(q, q + 1),
            );
        };
        let mut mid = self.upto(colon);
        mid.relational = true;
        let start = mid.skip_ws(q + 1);
        if start >= colon {
            return err("expected an expression after '?'", Span::new(q, q + 1));
        }
        let (e, a) = mid.expr(start)?;
        mid.expect_end(e)?;
        let start = self.skip_ws(colon + 1);
        if start >= self.src.len() {
            return err(
                "expected an expression after ':'",
                Span::new(colon, colon + 1),
            );
        }
        self.enter(q)?;
        let r = self.conditional(start);
        self.leave();
        let (end, b) = r?;
        let callee = self.alloc(Expr {
            kind: ExprKind::Qualified(super::CONDITIONAL),
            span: Span::new(q, q + 1),
        });
        let span = c.span.to(b.span);
        Ok((
            end,
            Expr {
                kind: ExprKind::Call(callee, self.arena.alloc_slice_copy(&[c, a, b])),
                span,
            },
        ))
    }

    /// Python's conditional expression `A if C else B`, `A` read, its `if` at `q`: the call of
    /// C++'s conditional on `(C, A, B)` (`B` may be another conditional).
    fn python_conditional(
        &mut self,
        a: Expr<'a>,
        q: usize,
        if_end: usize,
    ) -> PResult<(usize, Expr<'a>)> {
        // (Python's relational operators are read in the condition: `a if n > 0 else b`)
        let relational = std::mem::replace(&mut self.relational, true);
        let read = self.logical_or(self.skip_ws(if_end));
        self.relational = relational;
        let (cond_end, cond) = read?;
        let at = self.skip_ws(cond_end);
        let Some(("else", else_end)) = self.word_at(at) else {
            return err(
                "expected 'else' in Python's conditional expression (A if C else B)",
                Span::new(q, cond_end),
            );
        };
        self.enter(q)?;
        let r = self.conditional(self.skip_ws(else_end));
        self.leave();
        let (end, b) = r?;
        let callee = self.alloc(Expr {
            kind: ExprKind::Qualified(super::CONDITIONAL),
            span: Span::new(q, if_end),
        });
        let span = a.span.to(b.span);
        Ok((
            end,
            Expr {
                kind: ExprKind::Call(callee, self.arena.alloc_slice_copy(&[cond, a, b])),
                span,
            },
        ))
    }

    /// The `:` matching a `?` whose middle part starts at `from`.
    fn conditional_colon(&self, from: usize) -> Option<usize> {
        let b = self.src.as_bytes();
        let (mut depth, mut inner) = (0usize, 0usize);
        let mut i = from;
        while i < b.len() {
            match b[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
                b';' | b',' if depth == 0 => return None,
                b'?' if depth == 0 => inner += 1,
                b':' if b.get(i + 1) == Some(&b':') => i += 1,
                b':' if depth == 0 && inner == 0 => return Some(i),
                b':' if depth == 0 => inner -= 1,
                b'"' | b'\'' => {
                    let q = b[i];
                    i += 1;
                    while i < b.len() && b[i] != q {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// logical_or := logical_and ('||' logical_and)*
    pub(super) fn logical_or(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::logical_and, Parser::or_at)
    }

    /// logical_and := bit_or ('&&' bit_or)*
    fn logical_and(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::bit_or, Parser::and_at)
    }

    /// relational := shift (('<' | '<=' | '>' | '>=') shift)*, the operators read where the
    /// module's rule reads them.
    pub(super) fn relational(&mut self, pos: usize) -> PResult<(usize, Expr<'a>)> {
        self.left_assoc(pos, Parser::shift, Parser::relop_at)
    }

    fn or_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        self.src[pos..]
            .starts_with("||")
            .then_some((BinOp::Or, pos + 2))
    }

    fn and_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        self.src[pos..]
            .starts_with("&&")
            .then_some((BinOp::And, pos + 2))
    }

    /// `<`, `<=`, `>`, `>=` at `pos` where they are read (a condition, parentheses; not inside
    /// a template's `<…>`, where `>` closes it); `<<`, `>>` are shifts.
    fn relop_at(&self, pos: usize) -> Option<(BinOp, usize)> {
        if !self.relational || self.in_angle {
            return None;
        }
        let b = self.src.as_bytes();
        match (b.get(pos), b.get(pos + 1)) {
            (Some(b'<' | b'>'), Some(b'<' | b'>')) => None,
            (Some(b'<'), Some(b'=')) => Some((BinOp::Le, pos + 2)),
            (Some(b'>'), Some(b'=')) => Some((BinOp::Ge, pos + 2)),
            (Some(b'<'), _) => Some((BinOp::Lt, pos + 1)),
            (Some(b'>'), _) => Some((BinOp::Gt, pos + 1)),
            _ => None,
        }
    }

    /// Whether the `<` at `angle` after the name `name` (ending at `name_end`) compares rather
    /// than opens template arguments (the module's rule): only where relational operators are
    /// read, and then unless a `>` closes it inside the same parentheses and either the name
    /// is a CuTe template, the `<` follows it without a blank, or `(`, `{` or `::` follows.
    pub(super) fn compares_after(&self, name_end: usize, angle: usize, template: bool) -> bool {
        if !self.relational || self.in_angle {
            return false;
        }
        let b = self.src.as_bytes();
        if b.get(angle + 1) == Some(&b'=') {
            return true;
        }
        let Some(close) = self.angle_in_parens(angle) else {
            return true;
        };
        if template || angle == name_end {
            return false;
        }
        let after = self.skip_ws(close + 1);
        !(matches!(b.get(after), Some(b'(' | b'{')) || self.src[after..].starts_with("::"))
    }

    /// The `>` closing the `<` at `open` (nesting counted, brackets inside parentheses not)
    /// before the parentheses around it close, a `;` or `=`, or a `&&`/`||` outside
    /// parentheses.
    fn angle_in_parens(&self, open: usize) -> Option<usize> {
        let b = self.src.as_bytes();
        let (mut angles, mut parens) = (0usize, 0usize);
        let mut i = open;
        while i < b.len() {
            match b[i] {
                // `<<` is a shift (`Int<1 << 2>`); `>>` closes two lists, as in C++
                b'<' if b.get(i + 1) == Some(&b'<') => i += 1,
                // inside parentheses `<<`, `>>` and comparisons stand (`Int<(1 << 4)>`)
                b'<' if parens == 0 => angles += 1,
                b'>' if parens == 0 => {
                    angles -= 1;
                    if angles == 0 {
                        return Some(i);
                    }
                }
                b'(' | b'[' => parens += 1,
                b')' | b']' => parens = parens.checked_sub(1)?,
                b';' => return None,
                b'=' if parens == 0 => return None,
                // (`T&&>`, `T&&,`: an rvalue reference type among template arguments)
                b'&' if parens == 0
                    && b.get(i + 1) == Some(&b'&')
                    && matches!(
                        b[i + 2..].iter().find(|c| !c.is_ascii_whitespace()),
                        Some(b'>' | b',')
                    ) =>
                {
                    i += 1;
                }
                b'&' | b'|' if parens == 0 && b.get(i + 1) == Some(&b[i]) => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }
}

/// The compound assignments of a loop's body: `k += E` (and `-=`, `*=`, `/=`, `%=`, `<<=`,
/// `>>=`, `&=`, `|=`, `^=`) is `k = k + (E)`; `++k`, `k++`, `--k`, `k--` add or take 1.
impl<'a> Parser<'a> {
    /// A compound assignment at `pos` as the binding it is; `None` when the text is none.
    pub(super) fn compound_assignment(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let b = self.src.as_bytes();
        let name_expr = |name: &'a str, at: usize| Expr {
            kind: ExprKind::Name(name),
            span: Span::new(at, at + name.len()),
        };
        // `++k`, `--k`
        if let Some(op @ (b'+' | b'-')) = b.get(pos).copied()
            && b.get(pos + 1) == Some(&op)
        {
            let at = self.skip_ws(pos + 2);
            let Some((name, end)) = self.word_at(at) else {
                return Ok(None);
            };
            self.expect_end(end)?;
            return Ok(Some(self.step_by_one(name, at, op, Span::new(pos, end))));
        }
        let Some((name, end)) = self.word_at(pos) else {
            return Ok(None);
        };
        let q = self.skip_ws(end);
        let (c0, c1, c2) = (
            b.get(q).copied(),
            b.get(q + 1).copied(),
            b.get(q + 2).copied(),
        );
        // `k++`, `k--`
        if let (Some(op @ (b'+' | b'-')), Some(op2)) = (c0, c1)
            && op2 == op
            && c2 != Some(b'=')
        {
            self.expect_end(q + 2)?;
            return Ok(Some(self.step_by_one(name, pos, op, Span::new(pos, q + 2))));
        }
        let (op, len) = match (c0, c1, c2) {
            (Some(b'<'), Some(b'<'), Some(b'=')) => (BinOp::Shl, 3),
            (Some(b'>'), Some(b'>'), Some(b'=')) => (BinOp::Shr, 3),
            (Some(c), Some(b'='), _) => match c {
                b'+' => (BinOp::Add, 2),
                b'-' => (BinOp::Sub, 2),
                b'*' => (BinOp::Product, 2),
                b'/' => (BinOp::Divide, 2),
                b'%' => (BinOp::Rem, 2),
                b'&' => (BinOp::BitAnd, 2),
                b'|' => (BinOp::BitOr, 2),
                b'^' => (BinOp::BitXor, 2),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        let start = self.skip_ws(q + len);
        if start >= self.src.len() {
            return err(
                "expected an expression after the assignment",
                Span::new(q, q + len),
            );
        }
        let (e, rhs) = self.expr(start)?;
        self.expect_end(e)?;
        let group = Expr {
            kind: ExprKind::Group(self.alloc(rhs)),
            span: rhs.span,
        };
        let expr = Expr {
            kind: ExprKind::Binary(op, self.alloc(name_expr(name, pos)), self.alloc(group)),
            span: Span::new(pos, e),
        };
        Ok(Some(Stmt::Assign {
            name,
            name_span: Span::new(pos, end),
            expr,
            constexpr: false,
            is_const: false,
            int_type: None,
        }))
    }

    /// `name = name + 1` (`op` `+`) or `name = name - 1`, the name written at `at`.
    fn step_by_one(&self, name: &'a str, at: usize, op: u8, span: Span) -> Stmt<'a> {
        let var = Expr {
            kind: ExprKind::Name(name),
            span: Span::new(at, at + name.len()),
        };
        let one = Expr {
            kind: ExprKind::Int(1),
            span,
        };
        let op = if op == b'+' { BinOp::Add } else { BinOp::Sub };
        Stmt::Assign {
            name,
            name_span: var.span,
            constexpr: false,
            is_const: false,
            int_type: None,
            expr: Expr {
                kind: ExprKind::Binary(op, self.alloc(var), self.alloc(one)),
                span,
            },
        }
    }
}

/// Python's loop over a range as the CuTe DSL writes it: `for i in range(a[, b[, c]]):` (also
/// `cutlass.range`, `cutlass.range_constexpr`, `range_dynamic`), its body the lines after it
/// indented deeper (the splitter gathers them: `statements.rs`), one statement a line; a
/// nested loop's body the lines indented deeper than it.
impl<'a> Parser<'a> {
    /// The counter of `NAME in` at `pos` (after `for`), and where `in` ends.
    fn python_for_counter(&self, pos: usize) -> Option<(&'a str, Span, usize)> {
        let (name, end) = self.word_at(pos)?;
        let q = self.skip_ws(end);
        match self.word_at(q) {
            Some(("in", in_end)) if q > end => Some((name, Span::new(pos, end), in_end)),
            _ => None,
        }
    }

    /// `for NAME in RANGE(ARGS):` at `pos` (the counter at `counter_at`) and its body.
    fn python_for(&self, pos: usize, counter_at: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        control_nesting(nest, "control statements", Span::new(pos, pos + 3))?;
        let (counter, counter_span, in_end) = self.python_for_counter(counter_at).expect("checked");
        let line_end =
            memchr::memchr(b'\n', &self.src.as_bytes()[pos..]).map_or(self.src.len(), |k| pos + k);
        // the iterable ends at the line's last `:` (`for x in [1, 2]:` is no layout `[1, 2]:…`)
        let code = &self.src[pos..line_end];
        let code = code.split('#').next().unwrap_or(code).trim_end();
        let header_end = if code.ends_with(':') {
            pos + code.len() - 1
        } else {
            line_end
        };
        let mut header = self.upto(header_end);
        let q = header.skip_ws(in_end);
        let (e, range) = header.expr(q)?;
        let colon = self.skip_ws(e);
        if self.peek(colon) != Some(':') || self.skip_ws(colon + 1) < line_end {
            return err(
                "expected ':' ending the line of 'for … in range(…)'",
                Span::new(e, line_end),
            );
        }
        let span = Span::new(pos, colon + 1);
        // `cutlass.range_constexpr` counts in Python `int`s (static: the DSL unrolls it as it
        // traces); `range` (which the DSL's preprocessor makes a loop of the kernel),
        // `cutlass.range` and `range_dynamic` in run-time integers
        let static_counter = match range.kind {
            ExprKind::Call(callee, _) => match callee.kind {
                ExprKind::Name("range_constexpr") | ExprKind::Qualified("range_constexpr") => {
                    Some(true)
                }
                ExprKind::Name("range" | "range_dynamic")
                | ExprKind::Qualified("range" | "range_dynamic") => Some(false),
                _ => None,
            },
            _ => None,
        };
        let (ExprKind::Call(_, args), Some(static_counter)) = (range.kind, static_counter) else {
            // a loop over another value (a list, a tuple): Python's, over its items, which the
            // DSL unrolls as it traces (eval/control.rs)
            let body_start = (line_end + 1).min(self.src.len());
            let header_indent = pos - self.line_start(pos);
            let (body, end) = self.python_body(body_start, header_indent, nest + 1)?;
            if body.is_empty() {
                return err("the 'for' has no body (its lines indented deeper)", span);
            }
            let r = RangeFor {
                var: counter,
                var_span: counter_span,
                integer: false,
                range,
                items: None,
                python: true,
                body,
                span,
            };
            return Ok((Stmt::RangeFor(self.arena.alloc(r)), end));
        };
        let int = |v: i64, at: Span| Expr {
            kind: ExprKind::Int(v),
            span: at,
        };
        let (start, stop, step) = match args {
            [stop] => (int(0, range.span), *stop, 1),
            [start, stop] => (*start, *stop, 1),
            [start, stop, step] => match super::fold_literal(step) {
                Some(0) => return err("range()'s step must not be zero", step.span),
                Some(k) => (*start, *stop, k),
                None => {
                    return err(
                        "cute runs a range whose step is an integer literal (its sign says which way the loop counts)",
                        step.span,
                    );
                }
            },
            _ => {
                return err(
                    format!("range takes 1 to 3 integers, got {}", args.len()),
                    range.span,
                );
            }
        };
        let counter_expr = self.alloc(Expr {
            kind: ExprKind::Name(counter),
            span: counter_span,
        });
        let cond = Expr {
            kind: ExprKind::Binary(
                if step > 0 { BinOp::Lt } else { BinOp::Gt },
                counter_expr,
                self.alloc(stop),
            ),
            span: stop.span,
        };
        let body_start = (line_end + 1).min(self.src.len());
        let header_indent = pos - self.line_start(pos);
        let (body, end) = self.python_body(body_start, header_indent, nest + 1)?;
        if body.is_empty() {
            return err("the 'for' has no body (its lines indented deeper)", span);
        }
        // Python's `print` runs when the DSL traces the kernel: once for a loop of the kernel,
        // its counter `?`; cute.printf prints at each pass (eval/control.rs decides: a jit
        // function's loop, or the top level's, which is Python's)
        let trace_print = if static_counter {
            None
        } else {
            trace_print(body)
        };
        let l = Loop {
            counter,
            counter_span,
            unsigned: false,
            static_counter,
            staged: !static_counter,
            trace_print,
            start,
            cond: Some(Condition {
                expr: cond,
                span: stop.span,
            }),
            step: int(step.abs(), range.span),
            down: step < 0,
            body,
            span,
        };
        Ok((Stmt::Loop(self.arena.alloc(l)), end))
    }

    /// The `:` ending a Python `if COND:` (or `elif COND:`) header at `pos`: the line's last
    /// character outside a `#` comment, where the line opens no `{` (C++'s `if (c) {`).
    fn python_if_colon(&self, pos: usize) -> Option<usize> {
        let b = self.src.as_bytes();
        let line_end = memchr::memchr(b'\n', &b[pos..]).map_or(b.len(), |k| pos + k);
        let code = &self.src[pos..python_line_end(b, pos).min(line_end)];
        let code = code.split('#').next().unwrap_or(code).trim_end();
        (code.ends_with(':') && !code.contains('{') && !code.ends_with("::"))
            .then(|| pos + code.len() - 1)
    }

    /// Python's `if COND:` at `pos` (or an `elif`), its body the lines indented deeper, then
    /// an `elif COND:` or `else:` at its indentation; the branch and where it ends. The DSL's
    /// `cutlass.const_expr(c)` and `cutlass.dynamic_expr(c)` are `c`.
    fn python_if(&self, pos: usize, nest: usize) -> PResult<(Stmt<'a>, usize)> {
        control_nesting(nest, "control statements", Span::new(pos, pos + 1))?;
        let colon = self.python_if_colon(pos).expect("checked");
        let (_, word_end) = self.word_at(pos).expect("checked");
        let cond = self.condition(word_end, colon)?;
        let b = self.src.as_bytes();
        let header_indent = pos - self.line_start(pos);
        let body_start = memchr::memchr(b'\n', &b[colon..]).map_or(b.len(), |k| colon + k + 1);
        let (then, mut end) = self.python_body(body_start, header_indent, nest + 1)?;
        if then.is_empty() {
            return err(
                "the 'if' has no body (its lines indented deeper)",
                Span::new(pos, colon + 1),
            );
        }
        let mut otherwise: &'a [Stmt<'a>] = &[];
        // the next line of code: an `elif`/`else` at the header's indentation goes on
        let mut q = end;
        while q < b.len() {
            let line_end = memchr::memchr(b'\n', &b[q..]).map_or(b.len(), |k| q + k);
            let line = &self.src[q..line_end];
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                q = line_end + 1;
                continue;
            }
            let at = q + (line.len() - line.trim_start().len());
            if at - q == header_indent {
                match self.word_at(at) {
                    Some(("elif", _)) if self.python_if_colon(at).is_some() => {
                        // an `elif` nests one level deeper, as C++'s `else if`
                        let (stmt, e) = self.python_if(at, nest + 1)?;
                        otherwise = self.arena.alloc_slice_clone(&[stmt]);
                        end = e;
                    }
                    Some(("else", e)) if self.peek(self.skip_ws(e)) == Some(':') => {
                        let colon = self.skip_ws(e);
                        let start =
                            memchr::memchr(b'\n', &b[colon..]).map_or(b.len(), |k| colon + k + 1);
                        let (body, e) = self.python_body(start, header_indent, nest + 1)?;
                        otherwise = body;
                        end = e;
                    }
                    _ => {}
                }
            }
            break;
        }
        // Python's `print` runs when the DSL traces the function, which traces both branches
        // of an `if` of the kernel (only the one `cutlass.const_expr(c)` picks): the branch not
        // taken prints its prints as the DSL traces it, where they read what was bound before
        // the `if` (nothing its branches bind) and are in no loop
        let const_expr = matches!(cond.expr.kind, ExprKind::Call(callee, _)
            if callee.kind.name() == Some("const_expr"));
        let traced =
            !const_expr && (trace_print(then).is_some() || trace_print(otherwise).is_some());
        let untraceable = if traced {
            untraceable_prints(self.src, then, otherwise)
        } else {
            [None; 2]
        };
        let branch = Branch {
            cond,
            then,
            otherwise,
            constexpr: false,
            traced,
            staged: !const_expr,
            untraceable,
        };
        Ok((Stmt::If(self.arena.alloc(branch)), end))
    }

    /// Where the line holding `pos` starts.
    fn line_start(&self, pos: usize) -> usize {
        memchr::memrchr(b'\n', &self.src.as_bytes()[..pos]).map_or(0, |k| k + 1)
    }

    /// The lines from `from` indented deeper than `indent` (blank lines skipped): one
    /// statement a line, a nested `for … in range(…):` taking the lines indented deeper than
    /// it; and where they end.
    pub(super) fn python_body(
        &self,
        from: usize,
        indent: usize,
        nest: usize,
    ) -> PResult<(&'a [Stmt<'a>], usize)> {
        let b = self.src.as_bytes();
        let mut out = Vec::new();
        let mut at = from;
        while at < b.len() {
            let line_end = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
            let line = &self.src[at..line_end];
            let blanks = line.len() - line.trim_start().len();
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                at = line_end + 1;
                continue;
            }
            if blanks <= indent {
                break;
            }
            let q = at + blanks;
            // a function defined in the body (a Python closure: it sees the body's names
            // where it is called), its decorators and the lines indented deeper than its `def`
            if matches!(self.word_at(q), Some(("def", _))) || self.peek(q) == Some('@') {
                // (its decorators' lines, then the `def` line's)
                let mut header_end = line_end;
                while self.src[..header_end]
                    .lines()
                    .last()
                    .is_some_and(|l| l.trim_start().starts_with('@'))
                    && header_end < b.len()
                {
                    header_end = memchr::memchr(b'\n', &b[header_end + 1..])
                        .map_or(b.len(), |k| header_end + 1 + k);
                }
                let end = python_block_end(b, header_end, blanks);
                let definition = Parser::new(&self.src[..end], nest, self.arena);
                if let Some(stmt) = definition.python_definition(q)? {
                    out.push(stmt);
                    at = end + 1;
                    continue;
                }
            }
            if let Some(("for", e)) = self.word_at(q)
                && self.python_for_counter(self.skip_ws(e)).is_some()
            {
                let (stmt, end) = self.python_for(q, self.skip_ws(e), nest)?;
                out.push(stmt);
                at = end;
                continue;
            }
            if let Some(("if", _)) = self.word_at(q)
                && self.python_if_colon(q).is_some()
            {
                let (stmt, end) = self.python_if(q, nest)?;
                out.push(stmt);
                at = end;
                continue;
            }
            // a statement whose brackets are open goes on to the lines that close them
            // (Python's implicit joining of lines)
            let line_end = python_line_end(b, q);
            out.push(python_statement_at(
                &self.src[..line_end],
                q,
                self.arena,
                nest,
            )?);
            at = line_end + 1;
        }
        Ok((self.arena.alloc_slice_clone(&out), at.min(b.len())))
    }
}

/// Where the block whose header line ends at `header_end` ends (its header indented `indent`
/// blanks): the newline before its first line indented no deeper (blank lines and comments
/// read past), or the end.
fn python_block_end(b: &[u8], header_end: usize, indent: usize) -> usize {
    let mut end = header_end;
    let mut at = header_end + 1;
    while at < b.len() {
        let line_end = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
        let line = &b[at..line_end];
        let blanks = line
            .iter()
            .take_while(|c| matches!(c, b' ' | b'\t'))
            .count();
        let rest = &line[blanks..];
        if !(rest.is_empty() || rest[0] == b'#' || rest[0] == b'\r') {
            if blanks <= indent {
                break;
            }
            end = line_end;
        }
        at = line_end + 1;
    }
    end.min(b.len())
}

/// Where the Python statement at `from` ends: the first newline outside its brackets and
/// strings (a `#` comment read past), or the end.
fn python_line_end(b: &[u8], from: usize) -> usize {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' if depth == 0 => return i,
            b'#' => {
                while i + 1 < b.len() && b[i + 1] != b'\n' {
                    i += 1;
                }
            }
            // a triple-quoted string (a docstring) may span lines
            q @ (b'"' | b'\'') if b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q) => {
                match memchr::memmem::find(&b[i + 3..], &[q, q, q]) {
                    Some(k) => i += 3 + k + 2,
                    None => return b.len(),
                }
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The `:` of a range-based loop's header `(DECL NAME : RANGE)` from `from` (outside brackets;
/// not the `::` of a qualified name).
fn range_colon(b: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0i64;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' | b']' | b'}' | b'>' => depth -= 1,
            b':' if b.get(i + 1) == Some(&b':') => i += 1,
            b':' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Where a Python `print(…)` of the items of a line stands in a loop's body (nested loops
/// included), if one does.
fn trace_print(body: &[Stmt]) -> Option<Span> {
    body.iter().find_map(|s| match s {
        Stmt::Print(super::ast::Printing::Items, args) => args.first().map(|a| a.span),
        Stmt::Show(e) => Some(e.span),
        Stmt::Loop(l) => trace_print(l.body),
        Stmt::If(b) => trace_print(b.then).or_else(|| trace_print(b.otherwise)),
        _ => None,
    })
}

/// Where a Python `print` of a traced `if`'s `then` and `otherwise` branches is that cute cannot
/// print as the DSL traces the branch not taken: in a loop or a `cutlass.const_expr` branch, or
/// reading (as a word of its text in `src`) a name that the branches bind.
fn untraceable_prints(src: &str, then: &[Stmt], otherwise: &[Stmt]) -> [Option<Span>; 2] {
    fn bound<'a>(body: &[Stmt<'a>], names: &mut Vec<&'a str>) {
        for s in body {
            match s {
                Stmt::Assign { name, .. } => names.push(name),
                Stmt::Unpack { names: ns, .. } => names.extend(ns.iter().map(|(n, _)| *n)),
                Stmt::If(b) => {
                    bound(b.then, names);
                    bound(b.otherwise, names);
                }
                Stmt::Loop(l) => bound(l.body, names),
                _ => {}
            }
        }
    }
    fn reads(text: &str, name: &str) -> bool {
        let b = text.as_bytes();
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        memchr::memmem::find_iter(b, name.as_bytes()).any(|i| {
            let end = i + name.len();
            (i == 0 || !(word(b[i - 1]) || b[i - 1] == b'.')) && (end == b.len() || !word(b[end]))
        })
    }
    fn find(src: &str, body: &[Stmt], names: &[&str]) -> Option<Span> {
        body.iter().find_map(|s| match s {
            Stmt::Print(super::ast::Printing::Items, args) => args.iter().find_map(|a| {
                let text = src.get(a.span.start..a.span.end).unwrap_or("");
                names.iter().any(|n| reads(text, n)).then_some(a.span)
            }),
            Stmt::If(b) if b.traced => {
                find(src, b.then, names).or_else(|| find(src, b.otherwise, names))
            }
            Stmt::If(b) => trace_print(b.then).or_else(|| trace_print(b.otherwise)),
            Stmt::Loop(l) => trace_print(l.body),
            _ => None,
        })
    }
    let mut names = Vec::new();
    bound(then, &mut names);
    bound(otherwise, &mut names);
    [find(src, then, &names), find(src, otherwise, &names)]
}

/// The limit on nested control statements (a loop's, a branch's, an `else if`'s or `elif`'s
/// body, a braced block's, a namespace's one level deeper): `nest` levels are open at `span`,
/// where `what` (control statements, namespaces) opens one more.
pub(super) fn control_nesting(nest: usize, what: &str, span: Span) -> PResult<()> {
    if nest >= MAX_CONTROL_NESTING {
        return err(
            format!("{what} nested deeper than {MAX_CONTROL_NESTING} levels (the limit)"),
            span,
        );
    }
    Ok(())
}
