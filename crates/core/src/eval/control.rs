//! Running C++'s counted loops and conditionals (`parser/control.rs` reads them): each body
//! statement runs as a statement of its own ([`Env::exec`]), the loop's counter bound to a
//! run-time integer (as C++'s `int i` is), what the statements give collected in order. The
//! bodies of one statement run at most [`MAX_LOOP_ITERATIONS`] times and print at most
//! [`MAX_LOOP_PRINTED`] integers, or the statement is an error naming the limit.

use super::{Env, EvalError, Outcome, Value, bindable, value};
use crate::algebra::IntTuple;
use crate::limits::{MAX_LOOP_ITERATIONS, MAX_LOOP_PRINTED};
use crate::parser::{Condition, Expr, Loop, Span, Stmt};

/// What the statements of one control statement may still spend.
struct Budget {
    /// Body runs left.
    runs: u64,
    /// Integers left to print.
    printed: usize,
}

impl Env {
    /// Run a control statement (or a block), its outcomes in order.
    pub(super) fn run_control(&mut self, stmt: &Stmt) -> Result<Outcome, EvalError> {
        let mut out = Vec::new();
        let mut budget = Budget {
            runs: MAX_LOOP_ITERATIONS,
            printed: MAX_LOOP_PRINTED,
        };
        self.exec_into(stmt, &mut out, &mut budget)?;
        Ok(Outcome::Sequence(out))
    }

    fn exec_into(
        &mut self,
        stmt: &Stmt,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<(), EvalError> {
        match stmt {
            Stmt::Loop(l) => self.run_loop(l, out, budget),
            Stmt::If(b) => {
                let taken = if self.holds(&b.cond)? {
                    b.then
                } else {
                    b.otherwise
                };
                taken
                    .iter()
                    .try_for_each(|s| self.exec_into(s, out, budget))
            }
            Stmt::Block(stmts) => stmts
                .iter()
                .try_for_each(|s| self.exec_into(s, out, budget)),
            other => {
                let mut value = None;
                let outcome = self.exec(other, |v| value = Some(v.clone()))?;
                let printed = match (&outcome, &value) {
                    (Outcome::Value(_) | Outcome::Printed(_), Some(v)) => value::width(v),
                    (Outcome::Picture(_, v), _) => value::width(v),
                    _ => 1,
                };
                if printed > budget.printed {
                    return Err(EvalError::limit(
                        format!(
                            "the loops of this statement print more than {MAX_LOOP_PRINTED} integers (the limit)"
                        ),
                        stmt_span(other),
                    ));
                }
                budget.printed -= printed;
                match (outcome, value) {
                    (Outcome::Value(_), Some(v)) => out.push(Outcome::Value(v)),
                    (Outcome::Printed(_), Some(v)) => out.push(Outcome::Printed(v)),
                    (Outcome::Nothing | Outcome::Assigned, _) => {}
                    (Outcome::Sequence(more), _) => out.extend(more),
                    (o, _) => out.push(o),
                }
                Ok(())
            }
        }
    }

    /// `for (…) BODY`: the counter from its start while it compares with the bound, the
    /// body, then the step; the counter's earlier binding (if any) back afterwards, as the
    /// loop's scope ends.
    fn run_loop(
        &mut self,
        l: &Loop,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<(), EvalError> {
        bindable(l.counter, l.counter_span)?;
        let start = self.integer(&l.start, "the counter's first value")?;
        let saved = self.vars.remove(l.counter);
        let r = self.iterate(l, start, out, budget);
        match saved {
            Some(v) => {
                self.vars.insert(l.counter.to_string(), v);
            }
            None => {
                self.vars.remove(l.counter);
            }
        }
        r
    }

    fn iterate(
        &mut self,
        l: &Loop,
        start: i64,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<(), EvalError> {
        let mut i = start;
        loop {
            if l.unsigned && i < 0 {
                // C++ goes on from 2^64 - 1 (or 2^32 - 1): no loop cute runs
                return Err(EvalError::new(
                    format!(
                        "the unsigned counter '{}' goes below 0 ({i}), where C++ wraps it around to its largest value",
                        l.counter
                    ),
                    l.counter_span,
                ));
            }
            self.set(l.counter, Value::IntTuple(IntTuple::int_of(i, true)));
            let bound = self.integer(&l.bound, "the loop's bound")?;
            if !l.cmp.holds(i, bound) {
                return Ok(());
            }
            if budget.runs == 0 {
                return Err(EvalError::limit(
                    format!(
                        "the loops of this statement run their bodies more than {MAX_LOOP_ITERATIONS} times (the limit)"
                    ),
                    l.span,
                ));
            }
            budget.runs -= 1;
            if self.interrupt.raised() {
                return Err(EvalError::limit("interrupted (Ctrl-C)", l.span));
            }
            for s in l.body {
                self.exec_into(s, out, budget)?;
            }
            // the body may have assigned the counter, as C++ lets it
            i = match self.get(l.counter).and_then(Value::as_int) {
                Some(v) => v,
                None => {
                    return Err(EvalError::new(
                        format!(
                            "the loop's counter '{}' is no longer an integer after its body",
                            l.counter
                        ),
                        l.counter_span,
                    ));
                }
            };
            let k = self.integer(&l.step, "the loop's step")?;
            let next = if l.down {
                i.checked_sub(k)
            } else {
                i.checked_add(k)
            };
            i = next.ok_or_else(|| {
                EvalError::of_kind(
                    super::ErrorKind::Overflow,
                    format!(
                        "the loop's counter '{}' overflows a 64-bit integer",
                        l.counter
                    ),
                    l.step.span,
                )
            })?;
        }
    }

    /// An integer an expression must give (`what` names it in the error).
    fn integer(&self, e: &Expr, what: &str) -> Result<i64, EvalError> {
        let v = self.eval_checked(e)?;
        v.as_int().ok_or_else(|| {
            EvalError::new(format!("{what} is an integer, found {}", v.kind()), e.span)
        })
    }

    /// Whether a condition holds: a truth value, an integer other than 0, or a comparison of
    /// two integers.
    fn holds(&self, c: &Condition) -> Result<bool, EvalError> {
        if let Some((cmp, rhs)) = &c.rhs {
            let a = self.integer(&c.lhs, &format!("the left side of '{}'", cmp.symbol()))?;
            let b = self.integer(rhs, &format!("the right side of '{}'", cmp.symbol()))?;
            return Ok(cmp.holds(a, b));
        }
        let v = self.eval_checked(&c.lhs)?;
        match &v {
            Value::Bool(b) => Ok(*b),
            v => v.as_int().map(|x| x != 0).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "an 'if' takes a condition (a truth value or an integer), found {}",
                        v.kind()
                    ),
                    c.span,
                )
            }),
        }
    }
}

/// Where a body statement is written (for an error about what it printed).
fn stmt_span(s: &Stmt) -> Span {
    match s {
        Stmt::Expr(e) | Stmt::Show(e) | Stmt::Picture(_, e) => e.span,
        Stmt::Assign { expr, .. } => expr.span,
        _ => Span::default(),
    }
}
