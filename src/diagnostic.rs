//! Diagnostics on stderr: the message with a caret under the offending span.

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;

use crate::eval::EvalError;

/// Render an error against its source as text with a caret line (no colour).
pub fn render(name: &str, src: &str, e: &EvalError) -> String {
    let mut start = e.span.start.min(src.len());
    while !src.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = e.span.end.clamp(start, src.len());
    while !src.is_char_boundary(end) {
        end += 1;
    }
    let file = SimpleFile::new(name, src);
    let diag = Diagnostic::error()
        .with_message(&e.message)
        .with_labels(vec![Label::primary((), start..end)]);
    term::emit_into_string(&term::Config::default(), &file, &diag)
        .unwrap_or_else(|_| format!("error: {}\n", e.message))
}
