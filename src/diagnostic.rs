//! Diagnostics on stderr: the message with a caret under the offending span, located at the
//! statement's real line in its file.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::{Error, Files, SimpleFile};
use codespan_reporting::term;

use crate::eval::EvalError;

/// One statement of a file, whose first line is `first_line` of that file.
struct Statement<'a> {
    file: SimpleFile<&'a str, &'a str>,
    first_line: usize,
}

impl<'a> Files<'a> for Statement<'a> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: ()) -> Result<&'a str, Error> {
        Files::name(&self.file, id)
    }

    fn source(&'a self, id: ()) -> Result<&'a str, Error> {
        Files::source(&self.file, id)
    }

    fn line_index(&'a self, id: (), byte_index: usize) -> Result<usize, Error> {
        self.file.line_index(id, byte_index)
    }

    fn line_number(&'a self, _: (), line_index: usize) -> Result<usize, Error> {
        Ok(self.first_line + line_index)
    }

    fn line_range(&'a self, id: (), line_index: usize) -> Result<Range<usize>, Error> {
        self.file.line_range(id, line_index)
    }
}

/// Render an error in a statement that starts on line `first_line` (1-based) of `name`.
pub fn render(name: &str, first_line: usize, src: &str, e: &EvalError) -> String {
    let mut start = e.span.start.min(src.len());
    while !src.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = e.span.end.clamp(start, src.len());
    while !src.is_char_boundary(end) {
        end += 1;
    }
    let files = Statement {
        file: SimpleFile::new(name, src),
        first_line: first_line.max(1),
    };
    let diag = Diagnostic::error()
        .with_message(&e.message)
        .with_labels(vec![Label::primary((), start..end)]);
    term::emit_into_string(&term::Config::default(), &files, &diag)
        .unwrap_or_else(|_| format!("error: {}\n", e.message))
}
