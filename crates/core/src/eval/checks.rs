//! Running a check (`parser/checks.rs`): nothing when it holds; when it fails, a message that
//! names the check and shows the values, as googletest's failure message does (`Expected
//! equality of these values: size(L) Which is: 8, 9`): for googletest's checks a recorded
//! failure ([`Outcome::Failed`]: the test fails and its body goes on, an `ASSERT_*` leaving
//! the function it is in), for `static_assert` and CuTe's static asserts the error, the
//! compile error CuTe's user gets.

use super::{Env, ErrorKind, EvalError, Outcome, Value};
use crate::parser::{BinOp, Expr, ExprKind, Span};

impl Env {
    /// `NAME(cond)` or `NAME(cond CMP rhs)` holds as `expect` says, or the error naming it.
    pub(super) fn exec_assert(
        &self,
        name: &str,
        cond: &Expr,
        rhs: Option<&(BinOp, Expr)>,
        _message: Option<&str>,
        expect: bool,
        written: (&str, usize),
    ) -> Result<Outcome, EvalError> {
        // `EXPECT_EQ(v, uint64_t(bf))`: the sides of C++ integer types compared as C++ does
        let (a, ta) = match rhs {
            Some(_) => self.eval_checked_typed(cond)?,
            None => (self.eval_checked(cond)?, None),
        };
        if rhs.is_some() || super::equality::truth_value(&a).is_some() {
            // (a value of another kind is the error below, that a check takes a condition)
            self.compile_time(name, cond, rhs)?;
        }
        let (holds, shown) = match rhs {
            // `static_assert(a == b)`, `EXPECT_TRUE(a < b)`: a failure shows both sides
            None if let ExprKind::Binary(
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge,
                l,
                r,
            ) = cond.kind =>
            {
                let holds = self.truth(name, &a, cond.span)?;
                if holds == expect {
                    return Ok(Outcome::Nothing);
                }
                (
                    holds,
                    vec![(l, self.eval_checked(l)?), (r, self.eval_checked(r)?)],
                )
            }
            None => (self.truth(name, &a, cond.span)?, vec![(cond, a)]),
            Some((op, r)) => {
                let (b, tb) = self.eval_checked_typed(r)?;
                let span = Span::new(cond.span.start, r.span.end);
                // EXPECT_EQ(a, b) is `a == b`, EXPECT_LT(a, b) `a < b`: the one evaluator's
                // (of typed integers, the typed arithmetic's)
                let typed = (ta.is_some() || tb.is_some())
                    .then(|| self.typed_int_arith(cond, *op, (cond, &a, ta), (r, &b, tb)))
                    .flatten();
                // (objects of a struct of the program's own: its friend operator, as googletest
                // calls `a == b`)
                let symbol = op.is_comparison().then(|| op.symbol());
                let friend = symbol.and_then(|o| self.struct_operator(o, &a, &b, span));
                let v = match (friend, typed) {
                    (Some(v), _) => v?,
                    (None, Some(v)) => v?.0,
                    (None, None) => super::binary(*op, &a, cond.span, &b, r.span, span)?,
                };
                let holds = self.truth(name, &v, span)?;
                (holds, vec![(cond, a), (r, b)])
            }
        };
        if holds == expect {
            return Ok(Outcome::Nothing);
        }
        let text = |e: &Expr| {
            let (t, at) = written;
            t.get(e.span.start.saturating_sub(at)..e.span.end.saturating_sub(at))
                .unwrap_or("…")
        };
        let written = written.0;
        // the values, each where it is not written as itself (googletest's "Which is")
        let values: Vec<String> = shown
            .iter()
            .filter_map(|(e, v)| {
                let v = shown_value(v);
                (text(e).trim() != v).then(|| format!("{} is {v}", text(e).trim()))
            })
            .collect();
        let values = if values.is_empty() {
            String::new()
        } else {
            format!(": {}", values.join(", "))
        };
        let gtest = name.starts_with("EXPECT_") || name.starts_with("ASSERT_");
        let consequence = if gtest {
            "the test fails"
        } else if name == "assert" {
            // (a run-time check: it aborts the program where NDEBUG is not defined)
            "the program aborts"
        } else {
            "CuTe does not compile"
        };
        let e = EvalError::of_kind(
            ErrorKind::Condition,
            format!("{written} failed{values} ({consequence})"),
            match rhs {
                Some((_, r)) => Span::new(cond.span.start, r.span.end),
                None => cond.span,
            },
        );
        // googletest records a failure and goes on; a compile-time check stops the program
        if gtest {
            Ok(Outcome::Failed(e))
        } else {
            Err(e)
        }
    }

    /// A compile-time check's condition is a constant expression, as the compiler asks:
    /// `static_assert(c)` and `CUTE_STATIC_ASSERT(c)` of a run-time value are CuTe's compile
    /// error, not a pass or fail by value; `CUTE_STATIC_ASSERT_V(c)` (`static_assert(
    /// decltype(c)::value)`) asks a static value, CuTe's `C<v>`. gtest's checks run at run
    /// time and take any value.
    fn compile_time(
        &self,
        name: &str,
        cond: &Expr,
        rhs: Option<&(BinOp, Expr)>,
    ) -> Result<(), EvalError> {
        let span = match rhs {
            Some((_, r)) => Span::new(cond.span.start, r.span.end),
            None => cond.span,
        };
        let constant = match name {
            "static_assert" | "CUTE_STATIC_ASSERT" => {
                self.constant(cond) && rhs.is_none_or(|(_, r)| self.constant(r))
            }
            "CUTE_STATIC_ASSERT_V" => {
                let is_static = |e: &Expr| {
                    self.eval(e)
                        .ok()
                        .and_then(|v| super::equality::truth_value(&v))
                        .is_some_and(|(_, dynamic)| !dynamic)
                };
                match rhs {
                    // `a <= b` of two static integers is a static truth
                    Some((_, r)) => is_static(cond) && is_static(r),
                    None => is_static(cond),
                }
            }
            _ => return Ok(()),
        };
        if constant {
            return Ok(());
        }
        Err(EvalError::new(
            format!(
                "{}static_assert expression is not an integral constant expression (a run-time value: CuTe does not compile it{})",
                if name == "static_assert" {
                    String::new()
                } else {
                    format!("{name}: ")
                },
                if name == "CUTE_STATIC_ASSERT_V" {
                    ", which asks a static value, C<v>"
                } else {
                    ""
                }
            ),
            span,
        ))
    }

    /// Whether a check's value is true: a truth value, or an integer other than 0.
    fn truth(&self, name: &str, v: &Value, span: Span) -> Result<bool, EvalError> {
        match v {
            Value::Bool(b) => Ok(*b),
            v => v.as_int().map(|x| x != 0).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "{name} takes a condition (a truth value or an integer), found {}",
                        v.kind()
                    ),
                    span,
                )
            }),
        }
    }
}

/// A value as a failure message shows it: integers, tuples and layouts in the notation.
fn shown_value(v: &Value) -> String {
    match v {
        // an integer as C++ prints it (its digits)
        Value::IntTuple(t) if let Some(n) = t.as_int() => n.to_string(),
        Value::IntTuple(t) => t.to_string(),
        Value::Bool(b) => b.to_string(),
        // a run-time `bool` as C++ prints it (1 or 0)
        Value::Scalar(_) if let Some(n) = v.as_int() => n.to_string(),
        Value::Layout(l) => l.to_string(),
        v => v.kind().to_string(),
    }
}
