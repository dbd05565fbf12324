//! The checks a pasted unit test or kernel writes: googletest's `EXPECT_TRUE/FALSE(c)`,
//! `EXPECT_EQ/NE/LT/LE/GT/GE(a, b)` and their `ASSERT_` forms (a `<< "message"` streamed after
//! them is read past), C++'s `static_assert(c[, "msg"])` and CuTe's `CUTE_STATIC_ASSERT_V(c[,
//! "msg"])` and `CUTE_STATIC_ASSERT(c, "msg")`, C's `assert(c)` (a macro: checked here as
//! where `NDEBUG` is not defined). A check's arguments are inside its
//! parentheses, where C++'s relational operators are read as in any call's arguments
//! (`CUTE_STATIC_ASSERT_V(depth(L) <= Int<1>{})`, control.rs's rule).

use super::ast::{BinOp, Expr, ExprKind, Span, Stmt};
use super::{PResult, Parser, err};

/// One argument of a check.
type Arg<'a> = Expr<'a>;

impl<'a> Parser<'a> {
    /// The check at `pos`, if the statement is one.
    pub(super) fn check_macro(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let Some((name, end)) = self.word_at(pos) else {
            return Ok(None);
        };
        if name == "assert" && self.peek(end).is_some_and(char::is_whitespace) {
            return self.python_assert(pos, end).map(Some);
        }
        let gtest = name
            .strip_prefix("EXPECT_")
            .or_else(|| name.strip_prefix("ASSERT_"));
        let is_check = matches!(
            gtest,
            Some("TRUE" | "FALSE" | "EQ" | "NE" | "LT" | "LE" | "GT" | "GE")
        ) || matches!(
            name,
            "static_assert" | "CUTE_STATIC_ASSERT_V" | "CUTE_STATIC_ASSERT" | "assert"
        );
        let open = self.skip_ws(end);
        if !is_check || self.peek(open) != Some('(') {
            return Ok(None);
        }
        let mut args: Vec<Arg<'a>> = Vec::new();
        let mut q = self.skip_ws(open + 1);
        let close = loop {
            if self.peek(q) == Some(')') && args.is_empty() {
                break q;
            }
            // inside the check's parentheses C++'s relational operators are read
            let relational = std::mem::replace(&mut self.relational, true);
            let parsed = self.expr(q);
            self.relational = relational;
            let (e_end, arg) = parsed?;
            let at = self.skip_ws(e_end);
            args.push(arg);
            match self.peek(at) {
                Some(',') => q = self.skip_ws(at + 1),
                Some(')') => break at,
                _ => {
                    return err(
                        format!("expected ',' or ')' in {name}(…)"),
                        Span::new(at, at + 1),
                    );
                }
            }
        };
        // a macro's arguments are cut by the preprocessor, at each comma outside parentheses:
        // `CUTE_STATIC_ASSERT_V(is_constant<8, T>{})` hands it two, which C++ then refuses
        if name != "static_assert"
            && let Some(comma) =
                macro_commas(&self.src[open + 1..close]).nth(args.len().saturating_sub(1))
        {
            let at = open + 1 + comma;
            return err(
                format!(
                    "{name} is a macro: the preprocessor cuts its arguments at each ',' outside parentheses, a template's '<…, …>' too, so C++ refuses it: wrap the argument in parentheses, {name}((…))"
                ),
                Span::new(at, at + 1),
            );
        }
        let span = Span::new(pos, close + 1);
        let mut after = self.skip_ws(close + 1);
        if gtest.is_some() && self.src[after..].starts_with("<<") {
            // `EXPECT_EQ(a, b) << "what"`: googletest's message on failure, not read
            after = super::cut::statement_end(self.src.as_bytes(), after).unwrap_or(self.src.len());
        }
        self.expect_end(after)?;
        let message = |arg: Option<&Arg<'a>>| -> PResult<Option<&'a str>> {
            match arg {
                None => Ok(None),
                Some(Expr {
                    kind: ExprKind::Str(m),
                    ..
                }) => Ok(Some(m)),
                Some(e) => err(format!("{name}'s message is a string literal"), e.span),
            }
        };
        let written = (&self.src[pos..close + 1], pos);
        let assert = |cond: Expr<'a>, rhs, message, expect| {
            Ok(Some(Stmt::Assert {
                name,
                cond,
                rhs,
                message,
                expect,
                written,
            }))
        };
        match (gtest, args.as_slice()) {
            (None, [c]) => assert(*c, None, None, true),
            (None, [c, m]) if name != "assert" => assert(*c, None, message(Some(m))?, true),
            (None, _) => err(
                format!("{name} takes a condition and an optional message string"),
                span,
            ),
            (Some("TRUE"), [c]) => assert(*c, None, None, true),
            (Some("FALSE"), [c]) => assert(*c, None, None, false),
            (Some("TRUE" | "FALSE"), _) => err(format!("{name} takes a condition"), span),
            (Some(check), [a, b]) => {
                let cmp = match check {
                    "EQ" => BinOp::Eq,
                    "NE" => BinOp::Ne,
                    "LT" => BinOp::Lt,
                    "LE" => BinOp::Le,
                    "GT" => BinOp::Gt,
                    _ => BinOp::Ge,
                };
                assert(*a, Some((cmp, *b)), None, true)
            }
            (Some(_), _) => err(format!("{name} takes two values to compare"), span),
        }
    }
}

/// Where the preprocessor cuts a macro's arguments (their text between its parentheses): the
/// commas outside parentheses and string literals (brackets, braces and angles do not shield
/// one).
fn macro_commas(args: &str) -> impl Iterator<Item = usize> + '_ {
    let mut depth = 0i64;
    let mut quote: Option<u8> = None;
    let mut escaped = false;
    args.bytes().enumerate().filter_map(move |(i, c)| {
        if let Some(q) = quote {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                _ if c == q => quote = None,
                _ => {}
            }
            return None;
        }
        match c {
            b'"' | b'\'' => quote = Some(c),
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        None
    })
}

impl<'a> Parser<'a> {
    /// Python's `assert COND[, MESSAGE]` (`end`: the end of the word `assert`): checked as
    /// `static_assert` is, its relational operators read (`assert depth <= 1, "…"`); a message
    /// that is no plain string (an f-string) is read and not shown.
    fn python_assert(&mut self, pos: usize, end: usize) -> PResult<Stmt<'a>> {
        let relational = std::mem::replace(&mut self.relational, true);
        let parsed = self.expr(self.skip_ws(end));
        self.relational = relational;
        let (cond_end, cond) = parsed?;
        let mut at = self.skip_ws(cond_end);
        let mut message = None;
        if self.peek(at) == Some(',') {
            let (m_end, m) = self.expr(self.skip_ws(at + 1))?;
            if let ExprKind::Str(text) = m.kind {
                message = Some(text);
            }
            at = self.skip_ws(m_end);
        }
        self.expect_end(at)?;
        Ok(Stmt::Assert {
            name: "assert",
            cond,
            rhs: None,
            message,
            expect: true,
            written: (&self.src[pos..cond_end], pos),
        })
    }
}
