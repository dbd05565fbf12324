//! `cute explain EXPR`: a result with the derivation CuTe's algorithm took.

use std::io::Write;

use crate::diagnostic;
use crate::output::{EXIT_INPUT, Spinner, finish};
use cute::eval::Env;

/// `cute explain EXPR`: the result with its derivation (text, or JSON with `json`).
/// Exit 1 when the expression fails or, with `--verify`, a check does not hold.
pub fn explain(
    expr: &str,
    opts: &cute::eval::explain::ExplainOptions,
    json: bool,
    color: bool,
    strict: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut env = Env::new();
    env.set_strict(strict);
    let working = opts
        .verify
        .then(|| Spinner::after_a_second("explain --verify: checking each step"));
    let explained = cute::eval::explain::explain(&env, expr, opts);
    drop(working);
    match explained {
        Ok(ex) => {
            let text = if json {
                cute::render::explain::json(&ex)
            } else {
                cute::render::explain::text(&ex, crate::terminal::paint(color))
            };
            let failed = !ex.ok();
            if let Err(e) = &ex.result {
                let _ = err.write_all(diagnostic::render("<argument>", 1, expr, e).as_bytes());
            }
            finish(writeln!(out, "{text}"), failed)
        }
        Err(e) => {
            let _ = err.write_all(diagnostic::render("<argument>", 1, expr, &e).as_bytes());
            let _ = writeln!(out, "error: {}", diagnostic::escaped(&e.message));
            EXIT_INPUT
        }
    }
}
