//! Running C++'s control flow (`parser/control.rs` reads it): counted `for` loops, `while` and
//! `do … while`, `if`/`else`, `switch` with its fallthrough, `break` and `continue`. Each body
//! statement runs as a statement of its own ([`Env::exec`]), a loop's counter bound to a
//! run-time integer (as C++'s `int i` is), what the statements give collected in order. A
//! condition is an expression evaluated by the one evaluator and taken as a truth value as
//! C++'s `bool(x)` takes it ([`equality::truth`]). The bodies of one statement run at most
//! [`MAX_LOOP_ITERATIONS`] times and print at most [`MAX_LOOP_PRINTED`] integers, or the
//! statement is an error naming the limit.

use super::{Env, EvalError, Outcome, TextPart, Value, bindable, equality, value};
use crate::algebra::IntTuple;
use crate::limits::{MAX_LOOP_ITERATIONS, MAX_LOOP_PRINTED};
use crate::parser::{
    BinOp, Condition, Expr, ExprKind, Jump, Loop, RangeFor, Span, Stmt, Switch, While,
};

/// What the statements of one control statement may still spend.
struct Budget {
    /// Body runs left.
    runs: u64,
    /// Integers left to print.
    printed: usize,
    /// Whether the condition of the `if` that ran last held.
    last_if: bool,
}

/// How a statement ended: on to the next, by a `break`/`continue` (where written) that
/// leaves the statements around it up to the loop or switch it belongs to, or by a `return`
/// (or a failed `ASSERT_*`) that leaves them all: the function's body, or at the top level
/// the control statement. What the statements printed before stays in the outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Next,
    Jump(Jump, Span),
    Return,
}

/// The C++ types whose conversion of a constant expression is one (`int(x)`).
const CONVERSIONS: &[&str] = &[
    "int", "bool", "long", "unsigned", "size_t", "int32_t", "int64_t", "uint32_t", "uint64_t",
];

impl Env {
    /// Run a control statement (or a block), its outcomes in order.
    pub(super) fn run_control(&mut self, stmt: &Stmt) -> Result<Outcome, EvalError> {
        let mut out = Vec::new();
        let mut budget = Budget {
            runs: MAX_LOOP_ITERATIONS,
            printed: MAX_LOOP_PRINTED,
            last_if: false,
        };
        let flow = match self.exec_into(stmt, &mut out, &mut budget) {
            Ok(flow) => flow,
            Err(e) => {
                // what the statements before the error printed goes first, then what the
                // failing one's calls printed ([`Env::emitted`]), then the error
                out.append(self.emitted.get_mut());
                *self.emitted.get_mut() = out;
                return Err(e);
            }
        };
        match flow {
            // a `return` leaves the body the statement is in ([`Env::returned`] says so to
            // it); a failed `ASSERT_*` at the top level ends the statement
            Flow::Next | Flow::Return => {}
            Flow::Jump(jump, span) => {
                return Err(EvalError::new(
                    format!(
                        "'{}' outside a loop{}",
                        jump.word(),
                        if jump == Jump::Break {
                            " or switch"
                        } else {
                            ""
                        }
                    ),
                    span,
                ));
            }
        }
        // an `else` on the next statement belongs to a top-level `if` without one
        self.else_runs = match last_stmt(stmt) {
            Stmt::If(b) if b.otherwise.is_empty() => Some(!budget.last_if),
            _ => None,
        };
        Ok(Outcome::Sequence(out))
    }

    /// `else BODY` as a statement of its own: it runs where the statement before it was an
    /// `if` without `else` whose condition was false (`else_runs`); after anything else it is
    /// an error, as C++ does not compile it.
    pub(super) fn run_else(
        &mut self,
        stmt: &Stmt,
        else_runs: Option<bool>,
    ) -> Result<Outcome, EvalError> {
        let Stmt::Else(body, span) = stmt else {
            unreachable!("an else statement")
        };
        let Some(runs) = else_runs else {
            return Err(EvalError::new(
                "'else' without an 'if' just before it",
                *span,
            ));
        };
        if !runs {
            return Ok(Outcome::Nothing);
        }
        let block = Stmt::Block(body);
        self.run_control(&block)
    }

    fn exec_into(
        &mut self,
        stmt: &Stmt,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        match stmt {
            Stmt::Loop(l) => self.run_loop(l, out, budget),
            Stmt::RangeFor(r) => self.run_range_for(r, out, budget),
            Stmt::While(w) => self.run_while(w, out, budget),
            Stmt::Switch(s) => self.run_switch(s, out, budget),
            Stmt::Jump(jump, span) => Ok(Flow::Jump(*jump, *span)),
            // a Python `if` of a jit function, which the DSL traces both branches of (scf.if):
            // the branch taken runs, the other's `print`s print as the DSL traces them, the
            // `then` branch's first
            Stmt::If(b) if b.traced && self.tracing => {
                let holds = self.holds(&b.cond)?;
                if let Some(at) = b.untraceable[usize::from(holds)] {
                    return Err(EvalError::new(
                        "Python's print in an 'if' runs when the DSL traces it, in both branches: cute prints the branch not taken only where its prints read no name the branches bind and are in no loop; use cute.printf, which prints in the branch taken, or if cutlass.const_expr(c):, whose branch the DSL picks as it traces",
                        at,
                    ));
                }
                let bound_before: Vec<String> = self.vars.keys().cloned().collect();
                let flow = if holds {
                    let flow = self.run_all(b.then, out, budget)?;
                    self.trace_prints(b.otherwise, out, budget)?;
                    flow
                } else {
                    self.trace_prints(b.then, out, budget)?;
                    self.run_all(b.otherwise, out, budget)?
                };
                self.unbind_staged(&bound_before, super::Staged::If);
                budget.last_if = holds;
                Ok(flow)
            }
            Stmt::If(b) => {
                let holds = if b.constexpr {
                    self.holds_statically(&b.cond)?
                } else {
                    self.holds(&b.cond)?
                };
                let taken = if holds { b.then } else { b.otherwise };
                // a jit function's Python `if`: a name first bound in a branch is none after it
                let bound_before: Option<Vec<String>> =
                    (b.staged && self.tracing).then(|| self.vars.keys().cloned().collect());
                let flow = self.run_all(taken, out, budget)?;
                if let Some(before) = bound_before {
                    self.unbind_staged(&before, super::Staged::If);
                }
                budget.last_if = holds;
                Ok(flow)
            }
            Stmt::Block(stmts) => self.run_all(stmts, out, budget),
            Stmt::Else(_, span) => Err(EvalError::new(
                "'else' without an 'if' just before it",
                *span,
            )),
            other => {
                let mut value = None;
                let outcome = self.exec(other, |v| value = Some(v.clone()))?;
                let printed = match (&outcome, &value) {
                    (Outcome::Value(_) | Outcome::Printed(_), Some(v)) => value::width(v),
                    (o, _) => printed_items(o),
                };
                if printed > budget.printed {
                    return Err(EvalError::limit(
                        format!(
                            "the loops of this statement print more than {MAX_LOOP_PRINTED} items (the limit): integers of values, pieces of text"
                        ),
                        stmt_span(other),
                    ));
                }
                budget.printed -= printed;
                // a `return`, or a failed `ASSERT_*`, leaves every statement around it
                let leaves = self.returned.is_some()
                    || (matches!(outcome, Outcome::Failed(_))
                        && matches!(other, Stmt::Assert { name, .. } if name.starts_with("ASSERT_")));
                match (outcome, value) {
                    (Outcome::Value(_), Some(v)) => out.push(Outcome::Value(v)),
                    (Outcome::Printed(_), Some(v)) => out.push(Outcome::Printed(v)),
                    (Outcome::Nothing | Outcome::Assigned, _) => {}
                    (Outcome::Sequence(more), _) => out.extend(more),
                    (o, _) => out.push(o),
                }
                Ok(if leaves { Flow::Return } else { Flow::Next })
            }
        }
    }

    /// Unbind the names a traced `if`'s branch bound first (none of `bound_before`): the DSL
    /// yields out of its scf.if only the names bound before it, so such a name is not defined
    /// after it, even where both branches bind it (Python's NameError as the function is
    /// traced; checked with dsl-oracle). Its use then names why ([`Env::staged`]).
    fn unbind_staged(&mut self, bound_before: &[String], what: super::Staged) {
        if self.vars.len() == bound_before.len() {
            return;
        }
        let before: std::collections::HashSet<&str> =
            bound_before.iter().map(String::as_str).collect();
        let first_bound: Vec<String> = self
            .vars
            .keys()
            .filter(|n| !before.contains(n.as_str()))
            .cloned()
            .collect();
        for n in first_bound {
            self.vars.remove(&n);
            self.staged.insert(n, what);
        }
    }

    /// The Python `print`s of a branch the DSL traces but does not take (a traced `if`'s, and
    /// of the traced `if`s in it, both branches): what they print as the DSL traces them (the
    /// parser let through only prints that read nothing the branches bind).
    fn trace_prints(
        &mut self,
        stmts: &[Stmt],
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<(), EvalError> {
        for s in stmts {
            match s {
                Stmt::Print(crate::parser::Printing::Items, _) => {
                    self.exec_into(s, out, budget)?;
                }
                Stmt::If(b) if b.traced => {
                    self.trace_prints(b.then, out, budget)?;
                    self.trace_prints(b.otherwise, out, budget)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Statements in order, up to a `break`, `continue` or `return` (which the caller takes).
    fn run_all(
        &mut self,
        stmts: &[Stmt],
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        for s in stmts {
            match self.exec_into(s, out, budget)? {
                Flow::Next => {}
                flow => return Ok(flow),
            }
        }
        Ok(Flow::Next)
    }

    /// One pass of a loop's body spent from the budget (an error past the limit or on
    /// Ctrl-C).
    fn spend_pass(&self, budget: &mut Budget, span: Span) -> Result<(), EvalError> {
        if budget.runs == 0 {
            return Err(EvalError::limit(
                format!(
                    "the loops of this statement run their bodies more than {MAX_LOOP_ITERATIONS} times (the limit)"
                ),
                span,
            ));
        }
        budget.runs -= 1;
        if self.interrupt.raised() {
            return Err(EvalError::limit("interrupted (Ctrl-C)", span));
        }
        Ok(())
    }

    /// `for (…) BODY`: the counter from its start while the condition holds, the body, then
    /// the step; the counter's earlier binding (if any) back afterwards, as the loop's scope
    /// ends.
    fn run_loop(
        &mut self,
        l: &Loop,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        bindable(l.counter, l.counter_span)?;
        // a Python print in a loop over range(…): in a jit function the DSL prints it once, as
        // it traces the loop; at the top level the loop is Python's (its counter an `int`,
        // each pass printing; checked with the DSL's Python)
        if let Some(at) = l.trace_print
            && self.tracing
        {
            return Err(EvalError::new(
                "Python's print in a loop over range(…) runs once, when the DSL traces the loop (its counter is '?'): use cute.printf, which prints at each pass, or cutlass.range_constexpr, which the DSL unrolls",
                at,
            ));
        }
        if l.staged && !self.tracing {
            let python = Loop {
                static_counter: true,
                staged: false,
                trace_print: None,
                ..l.clone()
            };
            return self.run_loop(&python, out, budget);
        }
        let start = self.integer(&l.start, "the counter's first value")?;
        // a jit function's loop over range(…): a name first bound in its body is none after it
        // (nor its counter: scf.for yields only the names bound before it; checked with
        // dsl-oracle)
        let staged = l.staged && self.tracing;
        let bound_before: Option<Vec<String>> = staged.then(|| self.vars.keys().cloned().collect());
        // (and the static integers before it: one the body changes is a run-time value after
        // it, `?` as the DSL traces it, its value the run's)
        let static_before: Vec<(String, i64)> = if staged {
            self.vars
                .iter()
                .filter_map(|(n, v)| static_int(v).map(|x| (n.clone(), x)))
                .collect()
        } else {
            Vec::new()
        };
        let saved = self.vars.remove(l.counter);
        let r = self.iterate(l, start, out, budget);
        let last = self.vars.get(l.counter).and_then(|v| any_int(v));
        // (a `return` from the loop's body ends the counter's scope too)
        let counter_was_bound = saved.is_some();
        match saved {
            Some(v) => {
                self.vars.insert(l.counter.to_string(), v);
            }
            None => {
                self.vars.remove(l.counter);
            }
        }
        if let Some(before) = bound_before {
            self.unbind_staged(&before, super::Staged::Loop);
            if !counter_was_bound {
                self.staged
                    .insert(l.counter.to_string(), super::Staged::Loop);
            } else if let Some(x) = last
                && x != start
                && let Ok(step) = self.integer(&l.step, "the counter's step")
            {
                // the counter bound before the loop: its last pass's value (the one the
                // condition failed at, one step back), a run-time one
                let back = if l.down {
                    x.checked_add(step)
                } else {
                    x.checked_sub(step)
                };
                if let Some(x) = back {
                    self.set(l.counter, unknown_int(x));
                }
            }
            for (n, x) in static_before {
                if let Some(now) = self.vars.get(&n).and_then(|v| static_int(v))
                    && now != x
                {
                    self.set(&n, unknown_int(now));
                }
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
    ) -> Result<Flow, EvalError> {
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
            self.set(
                l.counter,
                Value::IntTuple(IntTuple::int_of(i, !l.static_counter)),
            );
            if let Some(c) = &l.cond
                && !self.holds(c)?
            {
                return Ok(Flow::Next);
            }
            self.spend_pass(budget, l.span)?;
            match self.run_all(l.body, out, budget)? {
                Flow::Jump(Jump::Break, _) => return Ok(Flow::Next),
                Flow::Return => return Ok(Flow::Return),
                Flow::Next | Flow::Jump(Jump::Continue, _) => {}
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

    /// `for (DECL x : {a, b, …}) BODY`: the body with x bound to each element of the list in
    /// turn (C++'s `std::initializer_list<T>`: a literal integer is an `int`, a run-time
    /// integer, and every element is of one type T); x's earlier binding back afterwards.
    fn run_range_for(
        &mut self,
        r: &RangeFor,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        bindable(r.var, r.var_span)?;
        if r.python {
            return self.run_python_for(r, out, budget);
        }
        let Some(items) = r.items else {
            let v = self.eval_checked(&r.range)?;
            let why = match v {
                Value::IntTuple(_) | Value::Tuple(_) | Value::Layout(_) => format!(
                    "{} has no begin() and end() in CuTe (C++ does not compile this loop): loop over its modes with a counter, `for (int i = 0; i < rank(x); ++i)`",
                    v.kind()
                ),
                v => format!(
                    "a range-based loop over {} is not modelled: cute loops over an initializer list ({{1, 2, 3}}) or with a counter",
                    v.kind()
                ),
            };
            return Err(EvalError::new(why, r.range.span));
        };
        let mut values = Vec::with_capacity(items.len());
        for e in items {
            let v = self.eval_checked(e)?;
            let Some(n) = v.as_int() else {
                return Err(EvalError::new(
                    format!("cute loops over a list of integers, found {}", v.kind()),
                    e.span,
                ));
            };
            // `int x : …` converts each (a C++ literal is an `int` already)
            let dynamic = r.integer || matches!(&v, Value::IntTuple(t) if t.is_dynamic());
            values.push(IntTuple::int_of(n, dynamic));
        }
        // `std::initializer_list<T>` deduces one T (`{_1{}, _2{}}` does not compile)
        if let Some((k, e)) = items.iter().enumerate().find(|&(k, _)| {
            let (a, b) = (&values[0], &values[k]);
            a.is_dynamic() != b.is_dynamic() || (!a.is_dynamic() && a != b)
        }) {
            return Err(EvalError::new(
                format!(
                    "the elements of an initializer list are of one type, and {} is not of the first's ({}): C++ deduces no std::initializer_list (write `int {}`)",
                    values[k], values[0], r.var
                ),
                e.span,
            ));
        }
        let saved = self.vars.remove(r.var);
        let mut result = Ok(Flow::Next);
        for v in values {
            self.set(r.var, Value::IntTuple(v));
            if let Err(e) = self.spend_pass(budget, r.span) {
                result = Err(e);
                break;
            }
            match self.run_all(r.body, out, budget) {
                Ok(Flow::Jump(Jump::Break, _)) => break,
                Ok(_) => {}
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        match saved {
            Some(v) => {
                self.vars.insert(r.var.to_string(), v);
            }
            None => {
                self.vars.remove(r.var);
            }
        }
        result
    }

    /// Python's `for x in xs:` over a list's or a tuple's items, each bound to x in turn as it
    /// is (the DSL unrolls it as it traces); x holds the last item after it, as in Python.
    fn run_python_for(
        &mut self,
        r: &RangeFor,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        let v = self.eval_checked(&r.range)?;
        let items = match v {
            Value::List(items) | Value::Tuple(items) => items,
            Value::IntTuple(t) if !t.is_int() => {
                Value::IntTuple(t).tuple_modes().unwrap_or_default()
            }
            v => {
                let why = match super::python_type_name(&v) {
                    ty @ ("int" | "bool" | "float") => {
                        format!("TypeError: '{ty}' object is not iterable")
                    }
                    _ => format!(
                        "a Python loop over {} is not modelled: cute loops over a list, a tuple or range(…)",
                        v.kind()
                    ),
                };
                return Err(EvalError::new(why, r.range.span));
            }
        };
        for v in items {
            self.set(r.var, v);
            self.spend_pass(budget, r.span)?;
            if let Flow::Jump(Jump::Break, _) = self.run_all(r.body, out, budget)? {
                break;
            }
        }
        Ok(Flow::Next)
    }

    /// `while (COND) BODY` and `do BODY while (COND);`.
    fn run_while(
        &mut self,
        w: &While,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        let mut first = w.post_test;
        loop {
            if !first && !self.holds(&w.cond)? {
                return Ok(Flow::Next);
            }
            first = false;
            self.spend_pass(budget, w.span)?;
            match self.run_all(w.body, out, budget)? {
                Flow::Jump(Jump::Break, _) => return Ok(Flow::Next),
                Flow::Return => return Ok(Flow::Return),
                Flow::Next | Flow::Jump(Jump::Continue, _) => {}
            }
        }
    }

    /// `switch (V) { … }`: the statements from the first `case` whose constant equals V (else
    /// from `default`, else none) on, through the labels after it, to the end or a `break`; a
    /// `continue` belongs to the loop around.
    fn run_switch(
        &mut self,
        s: &Switch,
        out: &mut Vec<Outcome>,
        budget: &mut Budget,
    ) -> Result<Flow, EvalError> {
        let v = self.integer(&s.value, "the value a 'switch' takes")?;
        let mut from = None;
        for (constant, at) in s.labels {
            if let Some(k) = constant
                && self.integer(k, "a 'case' label")? == v
            {
                from = Some(*at);
                break;
            }
        }
        let from = from.or_else(|| {
            s.labels
                .iter()
                .find(|(k, _)| k.is_none())
                .map(|&(_, at)| at)
        });
        let Some(from) = from else {
            return Ok(Flow::Next);
        };
        match self.run_all(&s.body[from..], out, budget)? {
            Flow::Jump(Jump::Break, _) => Ok(Flow::Next),
            flow => Ok(flow),
        }
    }

    /// An integer an expression must give (`what` names it in the error).
    fn integer(&self, e: &Expr, what: &str) -> Result<i64, EvalError> {
        let v = self.eval_checked(e)?;
        match v {
            Value::Bool(b) => Ok(i64::from(b)),
            v => v.as_int().ok_or_else(|| {
                EvalError::new(format!("{what} is an integer, found {}", v.kind()), e.span)
            }),
        }
    }

    /// Whether a condition holds: its value taken as C++'s `bool(x)` takes it (a truth value,
    /// an integer other than 0; static or run-time alike).
    /// An `if constexpr`'s condition: a constant expression, as C++17 asks of it (a run-time
    /// one is the compiler's error, "constexpr if condition is not a constant expression").
    /// The branch it does not take is then not evaluated.
    fn holds_statically(&self, c: &Condition) -> Result<bool, EvalError> {
        let holds = self.holds(c)?;
        if !self.constant(&c.expr) {
            let v = self.eval_checked(&c.expr)?;
            return Err(EvalError::new(
                format!(
                    "if constexpr needs a constant expression, and this condition is a run-time value ({}) (C++: constexpr if condition is not a constant expression)",
                    v.kind()
                ),
                c.span,
            ));
        }
        Ok(holds)
    }

    /// Whether `e` is a C++ constant expression as cute can tell: a static value (CuTe's
    /// `C<v>`, a static truth), an integer literal, a trait's `::value` (`static constexpr`),
    /// or an operator over those. A variable holding a run-time integer is not (cute does not
    /// keep whether it was declared `constexpr`).
    pub(super) fn constant(&self, e: &Expr) -> bool {
        match e.kind {
            ExprKind::Int(_) | ExprKind::DynInt(_) => true,
            // a trait's value, `::value`, `sizeof_bits_v<T>`, `C<…>{}`
            ExprKind::Field(_, "::value") | ExprKind::Trait(..) | ExprKind::Static(_) => true,
            ExprKind::Name(n) if n.starts_with("sizeof_bits_v<") => true,
            // a variable declared `constexpr`
            ExprKind::Name(n) if self.is_constexpr(n) => true,
            ExprKind::Group(a) | ExprKind::Unary(_, a) => self.constant(a),
            ExprKind::Binary(_, a, b) => self.constant(a) && self.constant(b),
            // a conversion of a constant, `int(x)`, `bool(x)`, `size_t(x)`
            ExprKind::Call(
                Expr {
                    kind: ExprKind::Name(ty),
                    ..
                },
                [x],
            ) if CONVERSIONS.contains(ty) => self.constant(x),
            _ => self
                .eval(e)
                .ok()
                .and_then(|v| equality::truth_value(&v))
                .is_some_and(|(_, dynamic)| !dynamic),
        }
    }

    fn holds(&self, c: &Condition) -> Result<bool, EvalError> {
        let v = self.eval_checked(&c.expr)?;
        equality::truth(&v).map(|(t, _)| t).ok_or_else(|| {
            EvalError::new(
                format!(
                    "a condition is a truth value or an integer (as C++'s bool(x) takes it), found {}",
                    v.kind()
                ),
                c.span,
            )
        })
    }

    /// `a && b` or `a || b`, `a` evaluated to `va`: `b` evaluated only where `a` does not
    /// decide — a static left side decides without it; a run-time one short-circuits as C++'s
    /// built-in operator does (an error in `b`, such as an index past the end, is then not
    /// met), `b`'s kind still taken where it has a value ([`equality::decided_value`]).
    pub(super) fn logical(
        &self,
        op: BinOp,
        a: &Expr,
        va: &Value,
        b: &Expr,
    ) -> Result<Value, EvalError> {
        match equality::decided(op, va, a.span)? {
            Some(left @ (_, false)) => Ok(equality::decided_value(op, left, None)),
            Some(left) => {
                let vb = self.eval(b).ok();
                Ok(equality::decided_value(op, left, vb.as_ref()))
            }
            None => {
                let vb = self.eval(b)?;
                equality::logical(op, va, a.span, &vb, b.span)
            }
        }
    }
}

impl Env {
    /// C++'s `c ? a : b`: the value of the side the condition picks, of the type both sides
    /// share: two integers of different types (`_4{}` and `_8{}`, or a static and a run-time
    /// one) meet in C++'s `int`, so a static value picked is then a run-time one. The other
    /// side's value is only asked for its type (an error in it, as an index past the end
    /// where the condition guards it, is not met).
    pub(super) fn conditional(&self, c: &Expr, a: &Expr, b: &Expr) -> Result<Value, EvalError> {
        self.conditional_typed(c, a, b).map(|(v, _)| v)
    }

    /// `conditional_t<C, A, B>{}` (type_traits): the value of the type chosen, as it is.
    pub(super) fn conditional_type(
        &self,
        c: &Expr,
        a: &Expr,
        b: &Expr,
    ) -> Result<Value, EvalError> {
        let cond = Condition {
            expr: *c,
            span: c.span,
        };
        self.eval(if self.holds(&cond)? { a } else { b })
    }

    /// [`Env::conditional`] with the taken branch's C++ integer type, where it has one
    /// (`n == 64 ? uint64_t(-1) : (uint64_t(1) << n) - 1`: a `uint64_t`).
    pub(super) fn conditional_typed(
        &self,
        c: &Expr,
        a: &Expr,
        b: &Expr,
    ) -> Result<(Value, Option<super::storage::ElemType>), EvalError> {
        let cond = Condition {
            expr: *c,
            span: c.span,
        };
        let (taken, other) = if self.holds(&cond)? { (a, b) } else { (b, a) };
        let (v, ty) = self.eval_typed(taken)?;
        // (Python's `A if C else B` is the branch taken, as it is)
        if ty.is_some() || self.dsl_statement() {
            return Ok((v, ty));
        }
        if let Some((x, false)) = equality::truth_value(&v)
            && let Ok(w) = self.eval(other)
            && let Some(y) = equality::truth_value(&w)
            && (x, false) != y
        {
            return Ok((Value::IntTuple(IntTuple::int_of(x, true)), None));
        }
        Ok((v, None))
    }
}

/// The statement a control statement ends with (a block's last).
fn last_stmt<'s, 'a>(s: &'s Stmt<'a>) -> &'s Stmt<'a> {
    match s {
        Stmt::Block([.., last]) => last_stmt(last),
        s => s,
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

/// What an outcome prints, in the items [`MAX_LOOP_PRINTED`] counts: each integer of a value,
/// each piece of a line of text (a string, a separator), each outcome of a call's sequence.
fn printed_items(o: &Outcome) -> usize {
    fn text(parts: &[TextPart]) -> usize {
        parts
            .iter()
            .map(|p| match p {
                TextPart::Str(_) => 1,
                TextPart::Value(v) | TextPart::Printf(v) | TextPart::Traced(v) => value::width(v),
                TextPart::Pieces(p) | TextPart::RunTime(p) => text(p).max(1),
            })
            .fold(0usize, usize::saturating_add)
    }
    match o {
        Outcome::Value(v) | Outcome::Printed(v) | Outcome::Picture(_, v) => value::width(v),
        Outcome::Text(parts) => text(parts).max(1),
        Outcome::Sequence(more) => more
            .iter()
            .map(printed_items)
            .fold(0usize, usize::saturating_add)
            .max(1),
        _ => 1,
    }
}

/// The value of a static integer (`None` for any other value).
fn static_int(v: &Value) -> Option<i64> {
    match v {
        Value::IntTuple(t) if !t.is_dynamic() => t.as_int(),
        _ => None,
    }
}

/// The value of an integer, static or dynamic.
fn any_int(v: &Value) -> Option<i64> {
    match v {
        Value::IntTuple(t) => t.as_int(),
        _ => None,
    }
}

/// A run-time integer of value `x` the DSL does not know as it traces ([`Int::unknown`]).
///
/// [`Int::unknown`]: crate::algebra::Int::unknown
fn unknown_int(x: i64) -> Value {
    Value::IntTuple(IntTuple::of_int(crate::algebra::Int::unknown(x)))
}
