//! The one-liners (`cute compose A B`, `cute divide --kind zipped A B`, …): one function of the
//! table applied to arguments that are each an expression of their own.

use std::io::Write;

use crate::diagnostic;
use crate::output::{EXIT_INPUT, finish};
use crate::runner::Printer;
use cute::eval::{Env, EvalError, Value, functions};
use cute::parser::{self, Span};

/// Evaluate one command-line argument as an expression; report a failure against it.
pub fn eval_argument(env: &Env, index: usize, text: &str, err: &mut dyn Write) -> Option<Value> {
    let name = format!("<argument {index}>");
    let arena = bumpalo::Bump::new();
    let result = parser::parse_expr(text, &arena)
        .map_err(EvalError::from)
        .and_then(|e| env.eval(&e));
    match result {
        Ok(v) => Some(v),
        Err(e) => {
            let _ = err.write_all(diagnostic::render(&name, 1, text, &e).as_bytes());
            None
        }
    }
}

/// A one-liner: `FUNCTION(ARG, ...)` with each argument an expression of its own.
/// Exit 1 with the diagnostic on stderr and nothing on stdout when the input is wrong.
pub fn one_liner(
    function: &str,
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
    strict: bool,
) -> i32 {
    let mut env = Env::new();
    env.set_strict(strict);
    let Some(f) = functions::lookup(function) else {
        let _ = writeln!(err, "error: unknown function {function}");
        return EXIT_INPUT;
    };
    let mut vals = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        match eval_argument(&env, i + 1, a, err) {
            Some(v) => vals.push(v),
            None => return EXIT_INPUT,
        }
    }
    // Spans into the call as written out: FUNCTION(ARG, ARG, ...)
    let mut text = format!("{function}(");
    let mut spans = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        spans.push(Span::new(text.len(), text.len() + a.len()));
        text.push_str(a);
    }
    text.push(')');
    let call = Span::new(0, text.len());
    let mut line = String::new();
    let result = env
        .call_as_written(f, &vals, &spans, call)
        .and_then(|v| printer(&v, &mut line).map_err(|m| EvalError::new(m, call)))
        .map(|()| line);
    match result {
        Ok(s) => {
            let written = writeln!(out, "{s}").and_then(|()| out.flush());
            let warnings = env.take_warnings();
            let _ = err.write_all(crate::runner::warning_lines(&warnings).as_bytes());
            finish(written, false)
        }
        Err(e) => {
            let _ = err.write_all(diagnostic::render("<command line>", 1, &text, &e).as_bytes());
            EXIT_INPUT
        }
    }
}
