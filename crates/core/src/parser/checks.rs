//! The checks a pasted unit test or kernel writes: googletest's `EXPECT_TRUE/FALSE(c)`,
//! `EXPECT_EQ/NE/LT/LE/GT/GE(a, b)` and their `ASSERT_` forms (a `<< "message"` streamed after
//! them is read past), C++'s `static_assert(c[, "msg"])` and CuTe's `CUTE_STATIC_ASSERT_V(c[,
//! "msg"])` and `CUTE_STATIC_ASSERT(c, "msg")`. A condition of a check may be one comparison
//! `a < b`, `a <= b`, `a > b`, `a >= b` at its top level (`CUTE_STATIC_ASSERT_V(depth(L) <=
//! Int<1>{})`), which a `<` after an operand's end cannot be mistaken for a template's.

use super::ast::{BinOp, Cmp, Expr, ExprKind, Span, Stmt};
use super::{PResult, Parser, err};

/// One argument of a check: an expression, or two compared.
type Arg<'a> = (Expr<'a>, Option<(Cmp, Expr<'a>)>);

impl<'a> Parser<'a> {
    /// The check at `pos`, if the statement is one.
    pub(super) fn check_macro(&mut self, pos: usize) -> PResult<Option<Stmt<'a>>> {
        let Some((name, end)) = self.word_at(pos) else {
            return Ok(None);
        };
        let gtest = name
            .strip_prefix("EXPECT_")
            .or_else(|| name.strip_prefix("ASSERT_"));
        let is_check = matches!(
            gtest,
            Some("TRUE" | "FALSE" | "EQ" | "NE" | "LT" | "LE" | "GT" | "GE")
        ) || matches!(
            name,
            "static_assert" | "CUTE_STATIC_ASSERT_V" | "CUTE_STATIC_ASSERT"
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
            let (e_end, lhs) = self.expr(q)?;
            let mut at = self.skip_ws(e_end);
            let mut rhs = None;
            if let Some((cmp, len)) = relational(&self.src[at..]) {
                let r_start = self.skip_ws(at + len);
                let (r_end, r) = self.expr(r_start)?;
                rhs = Some((cmp, r));
                at = self.skip_ws(r_end);
            }
            args.push((lhs, rhs));
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
                Some((
                    Expr {
                        kind: ExprKind::Str(m),
                        ..
                    },
                    None,
                )) => Ok(Some(m)),
                Some((e, _)) => err(format!("{name}'s message is a string literal"), e.span),
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
            (None, [(c, rhs)]) => assert(*c, *rhs, None, true),
            (None, [(c, rhs), m]) => assert(*c, *rhs, message(Some(m))?, true),
            (None, _) => err(
                format!("{name} takes a condition and an optional message string"),
                span,
            ),
            (Some("TRUE"), [(c, rhs)]) => assert(*c, *rhs, None, true),
            (Some("FALSE"), [(c, rhs)]) => assert(*c, *rhs, None, false),
            (Some("TRUE" | "FALSE"), _) => err(format!("{name} takes a condition"), span),
            (Some(check), [(a, None), (b, None)]) => {
                let cmp = match check {
                    "EQ" => Cmp::Eq,
                    "NE" => Cmp::Ne,
                    "LT" => Cmp::Lt,
                    "LE" => Cmp::Le,
                    "GT" => Cmp::Gt,
                    _ => Cmp::Ge,
                };
                assert(*a, Some((cmp, *b)), None, true)
            }
            (Some(_), _) => err(format!("{name} takes two values to compare"), span),
        }
    }
}

/// The relational operator `text` starts with, and its length: `<=`, `>=`, `<`, `>` (not a
/// shift, `<<`, `>>`, nor `<=>`).
fn relational(text: &str) -> Option<(Cmp, usize)> {
    let b = text.as_bytes();
    match (b.first(), b.get(1), b.get(2)) {
        (Some(b'<'), Some(b'='), Some(b'>')) => None,
        (Some(b'<'), Some(b'='), _) => Some((Cmp::Le, 2)),
        (Some(b'>'), Some(b'='), _) => Some((Cmp::Ge, 2)),
        (Some(b'<' | b'>'), Some(b'<' | b'>'), _) => None,
        (Some(b'<'), _, _) => Some((Cmp::Lt, 1)),
        (Some(b'>'), _, _) => Some((Cmp::Gt, 1)),
        _ => None,
    }
}

/// The operator of `==`/`!=` checks as an expression's.
pub fn equality_op(cmp: Cmp) -> Option<BinOp> {
    match cmp {
        Cmp::Eq => Some(BinOp::Eq),
        Cmp::Ne => Some(BinOp::Ne),
        _ => None,
    }
}
