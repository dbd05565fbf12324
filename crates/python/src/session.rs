//! Calling the engine from Python: a call's values are bound to slot variables of a session
//! (`pyarg0`, `pyarg1`, ...) and the statement `NAME(pyarg0, stride=pyarg1)` runs through the
//! engine's evaluator ([`Env::run`]) as the CLI's statements do. So every function of the
//! table, its keyword arguments (the DSL's `stride=`, `mode=`, `tiler=`, ...), the layouts'
//! application, fields and methods are the engine's own, with its messages; nothing of the
//! algebra is here.
//!
//! A call the evaluator would hand straight to the function table (positional arguments, no
//! mode list) is made that way here, without a statement to parse ([`fast`]): the same
//! function of the table on the same values, its result checked against the same limits, as
//! `Env::call` does. Any failure there runs the statement instead, so that every error is the
//! evaluator's own, with its spans.

use std::cell::RefCell;
use std::fmt::Write as _;

use cute::algebra::trace::Laws;
use cute::eval::explain::{ExplainOptions, explain};
use cute::eval::{Env, EvalError, Outcome, Value, functions, methods};
use cute::parser::Span;

thread_local! {
    /// One session per thread: its variables are the slots of the call being made (a Python
    /// thread never sees another's).
    /// Every call is the DSL's API: the DSL's answers where it differs from C++.
    static SESSION: RefCell<Env> = RefCell::new({
        let mut env = Env::new();
        env.set_dsl_session(true);
        env
    });
    /// The law warnings of the last statement run (SPEC §3: CuTe's answer, and the law it
    /// breaks as a warning), until the front end takes them ([`take_warnings`]).
    static WARNINGS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The law warnings of the last statement [`Statement::run`] ran (each once).
pub fn take_warnings() -> Vec<String> {
    WARNINGS.with(|w| std::mem::take(&mut *w.borrow_mut()))
}

/// The slot variables' names, made once.
fn slot(i: usize) -> &'static str {
    const NAMES: [&str; 16] = [
        "pyarg0", "pyarg1", "pyarg2", "pyarg3", "pyarg4", "pyarg5", "pyarg6", "pyarg7", "pyarg8",
        "pyarg9", "pyarg10", "pyarg11", "pyarg12", "pyarg13", "pyarg14", "pyarg15",
    ];
    NAMES[i]
}

/// A call's positional arguments.
pub type Args = Vec<Value>;

/// The most arguments a call takes from Python (the table's widest function takes fewer).
pub const MAX_ARGS: usize = 16;

/// What a statement calls.
pub enum Callee<'a> {
    /// A function of the table (or one of its aliases), by name.
    Function(&'a str),
    /// A function of the table found before, and the name it is called by.
    Table(&'static functions::Function, &'a str),
    /// A value applied to arguments: `L(3)`, `L(None, 0)`.
    Apply(Value),
    /// A member of a value: `tiled_mma.get_slice(3)`, `tensor.layout()`.
    Method(Value, &'a str),
    /// A field of a value: `layout.shape`.
    Field(Value, &'a str),
}

/// Which argument a part of the statement is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// The value a method, field or application is of.
    Target,
    /// The i-th positional argument.
    Positional(usize),
    /// A keyword argument.
    Keyword(String),
}

/// A call: made directly when the evaluator would make it so ([`fast`]), else as a statement.
pub fn call(callee: Callee, args: Args, kwargs: Vec<(String, Value)>) -> Result<Value, Failure> {
    if kwargs.is_empty()
        && let Some(v) = fast(&callee, &args)
    {
        return Ok(v);
    }
    Statement::new(callee, args, kwargs).run()
}

/// The call as `Env::call` makes it for a function's name with positional arguments (a
/// function of the table on the values), a value applied to arguments (`eval::apply`), a
/// field or a method: `None` where the evaluator takes another turn (a mode list: `size(L,
/// mode)`, `get(L, (0, 1))`) or the call fails (the statement then gives the error).
pub fn fast(callee: &Callee, args: &[Value]) -> Option<Value> {
    // the arguments' spans, all empty: a constant, not written on each call
    static SPANS: [Span; MAX_ARGS] = [Span { start: 0, end: 0 }; MAX_ARGS];
    let span = Span::default();
    let spans = SPANS.get(..args.len())?;
    let v = match callee {
        Callee::Function(_) | Callee::Table(..) => {
            let f = match callee {
                Callee::Table(f, _) => f,
                Callee::Function(name) => functions::lookup(name)?,
                _ => unreachable!("matched above"),
            };
            let mode_list = match (f.name, args) {
                ("size" | "cosize" | "rank" | "depth", [_, _]) => true,
                ("get" | "select", [_, Value::IntTuple(modes)]) => !modes.is_int(),
                _ => false,
            };
            // a mode list, or more positional arguments than a signature with keyword-only
            // parameters takes (the DSL's `sym_int(width=32, *, …)`: the statement's TypeError)
            if mode_list || f.positional_limit_in(true).is_some_and(|l| args.len() > l) {
                return None;
            }
            // the function the user called: its law is checked, as the CLI's statement does;
            // a broken one takes the statement's turn, which keeps the warning
            let mut laws = Laws::default();
            // the DSL's API: the DSL's form of a function it answers otherwise
            let v = functions::call_checking_in(
                f,
                args,
                spans,
                span,
                Some(&mut laws),
                true,
                cute::algebra::composition::Rule::Dsl,
            )
            .ok()?;
            if !laws.violations.is_empty() {
                return None;
            }
            v
        }
        Callee::Apply(target) => {
            let coord = match args {
                [one] => one.clone(),
                many => Value::tuple(many.to_vec()),
            };
            cute::eval::apply(target, &coord, span, span, span).ok()?
        }
        Callee::Field(target, name) => methods::field(target, name, span).ok()?,
        Callee::Method(target, name) => methods::method(target, name, args, spans, span)?.ok()?,
    };
    cute::eval::check_value(&v).ok()?;
    Some(v)
}

/// A statement made for a call, with where each value's slot stands in it.
pub struct Statement {
    /// The statement the engine runs.
    pub src: String,
    /// Each slot's byte range in `src`, its value and which argument it is.
    pub slots: Vec<(std::ops::Range<usize>, Value, Which)>,
}

impl Statement {
    /// The statement of a call (names are checked to be identifiers by the caller).
    pub fn new(callee: Callee, args: Args, kwargs: Vec<(String, Value)>) -> Statement {
        let mut s = Statement {
            src: String::with_capacity(48),
            slots: Vec::with_capacity(args.len() + kwargs.len() + 1),
        };
        match callee {
            Callee::Function(name) | Callee::Table(_, name) => {
                s.src.push_str(name);
                s.arguments(args, kwargs);
            }
            Callee::Apply(v) => {
                s.push_slot(v, Which::Target);
                s.arguments(args, kwargs);
            }
            Callee::Method(v, name) => {
                s.push_slot(v, Which::Target);
                s.src.push('.');
                s.src.push_str(name);
                s.arguments(args, kwargs);
            }
            Callee::Field(v, name) => {
                s.push_slot(v, Which::Target);
                s.src.push('.');
                s.src.push_str(name);
            }
        }
        s
    }

    fn push_slot(&mut self, v: Value, which: Which) {
        let start = self.src.len();
        self.src.push_str(slot(self.slots.len()));
        self.slots.push((start..self.src.len(), v, which));
    }

    fn arguments(&mut self, args: Args, kwargs: Vec<(String, Value)>) {
        self.src.push('(');
        let mut first = true;
        for (i, v) in args.into_iter().enumerate() {
            if !first {
                self.src.push_str(", ");
            }
            first = false;
            self.push_slot(v, Which::Positional(i));
        }
        for (k, v) in kwargs {
            if !first {
                self.src.push_str(", ");
            }
            first = false;
            self.src.push_str(&k);
            self.src.push('=');
            self.push_slot(v, Which::Keyword(k));
        }
        self.src.push(')');
    }

    /// Bind the slots in a session (the values move there).
    fn bind(&mut self, env: &mut Env) {
        for (i, (_, v, _)) in self.slots.iter_mut().enumerate() {
            env.set(slot(i), std::mem::replace(v, Value::Under));
        }
    }

    /// Take the slots' values back from the session (for an error's statement).
    fn unbind(&mut self, env: &Env) {
        for (i, (_, v, _)) in self.slots.iter_mut().enumerate() {
            if let Some(bound) = env.get(slot(i)) {
                *v = bound.clone();
            }
        }
    }

    /// Run the statement: its value, or the engine's error with the statement as the user
    /// would have written it (each slot replaced by its value in CuTe's notation) and the
    /// error's span moved there.
    pub fn run(mut self) -> Result<Value, Failure> {
        SESSION.with(|env| {
            let mut env = env.borrow_mut();
            self.bind(&mut env);
            let r = env.run(&self.src);
            let warnings = env.take_warnings();
            WARNINGS.with(|w| *w.borrow_mut() = warnings.into_iter().map(|w| w.message).collect());
            // the slots are dropped at once (a big argument is not kept alive by the session)
            let out = match r {
                Ok(Outcome::Value(v) | Outcome::Printed(v) | Outcome::Picture(_, v)) => Ok(v),
                // what the statement's calls printed before its error, then the error: the
                // error
                Ok(Outcome::Sequence(items)) => match items.into_iter().last() {
                    Some(Outcome::Failed(e)) => {
                        self.unbind(&env);
                        Err(self.failure(e))
                    }
                    _ => Ok(Value::Under),
                },
                Ok(_) => Ok(Value::Under),
                Err(e) => {
                    self.unbind(&env);
                    Err(self.failure(e))
                }
            };
            for i in 0..self.slots.len() {
                env.set(slot(i), Value::Under);
            }
            env.set("ans", Value::Under);
            out
        })
    }

    /// The derivation of the call (`cute explain`), as text.
    pub fn explain(mut self) -> Result<String, Failure> {
        SESSION.with(|env| {
            let mut env = env.borrow_mut();
            self.bind(&mut env);
            let r = explain(&env, &self.src, &ExplainOptions::default());
            self.unbind(&env);
            for i in 0..self.slots.len() {
                env.set(slot(i), Value::Under);
            }
            match r {
                Ok(mut ex) => {
                    ex.expr = self.display().0;
                    let text = cute::render::explain::text(&ex, cute::render::paint::Paint::NONE);
                    Ok(text)
                }
                Err(e) => Err(self.failure(e)),
            }
        })
    }

    /// The statement with each slot replaced by its value, and for each slot its range there.
    fn display(&self) -> (String, Vec<std::ops::Range<usize>>) {
        let mut out = String::with_capacity(self.src.len() + 32);
        let mut ranges = Vec::with_capacity(self.slots.len());
        let mut at = 0;
        for (r, v, _) in &self.slots {
            out.push_str(&self.src[at..r.start]);
            let start = out.len();
            cute::render::plain::write_value(&mut out, v);
            ranges.push(start..out.len());
            at = r.end;
        }
        out.push_str(&self.src[at..]);
        (out, ranges)
    }

    /// An engine error, its span moved to the displayed statement.
    fn failure(&self, e: EvalError) -> Failure {
        let (statement, ranges) = self.display();
        // a position of the statement run, moved to the displayed one
        let moved = |pos: usize, end: bool| -> usize {
            let mut shift: isize = 0;
            for ((r, _, _), d) in self.slots.iter().zip(&ranges) {
                if pos < r.start || (pos == r.start && !end) {
                    break;
                }
                if pos <= r.end {
                    return if end || pos == r.end { d.end } else { d.start };
                }
                shift = d.end as isize - r.end as isize;
            }
            (pos as isize + shift).max(0) as usize
        };
        let span = Span::new(moved(e.span.start, false), moved(e.span.end, true));
        // the argument the span points into, when it is one slot
        let argument = self
            .slots
            .iter()
            .find(|(r, _, _)| e.span.start >= r.start && e.span.end <= r.end)
            .map(|(_, _, w)| w.clone());
        Failure {
            error: e,
            statement,
            span,
            argument,
        }
    }
}

/// An engine error as Python reports it.
pub struct Failure {
    /// The engine's error (message and kind).
    pub error: EvalError,
    /// The statement as the user would have written it.
    pub statement: String,
    /// The error's span in `statement`.
    pub span: Span,
    /// The argument the error points at, if it is one.
    pub argument: Option<Which>,
}

impl Failure {
    /// The message with the statement and a caret under the span, as the CLI shows it.
    pub fn caret(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "  {}", self.statement);
        let start = self.statement[..self.span.start.min(self.statement.len())]
            .chars()
            .count();
        let width = self
            .statement
            .get(self.span.start..self.span.end)
            .map_or(1, |s| s.chars().count().max(1));
        let _ = write!(out, "  {}{}", " ".repeat(start), "^".repeat(width));
        out
    }
}
