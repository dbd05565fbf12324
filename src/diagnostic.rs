//! Diagnostics on stderr: the message with a caret under the offending span, located at the
//! statement's real line in its file.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::{Error, Files, SimpleFile};
use codespan_reporting::term;

use cute::escape::{all_printable, escape_controls};
use cute::eval::EvalError;

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
    if src.len() > MAX_SHOWN {
        return render_window(name, first_line.max(1), src, start, end, &e.message);
    }
    if let Some(text) = render_simple(
        name,
        first_line.max(1),
        src,
        (start, end),
        start + 1,
        &e.message,
    ) {
        return text;
    }
    // control characters of the input never reach the terminal raw: `\u{1b}` is shown
    let (src, start, end) = escape_controls(src, start, end);
    let message = escape_controls(&e.message, 0, 0).0;
    render_codespan(name, first_line, &src, start, end, &message)
}

/// Render an error in a statement: [`render`] of its text, shown after the earlier statements of
/// its first line (its prefix, cut from it at a `;`), so the caret stands where it was written.
pub fn render_statement(name: &str, st: &cute::statements::Statement, e: &EvalError) -> String {
    let prefix = st.prefix();
    if prefix.is_empty() {
        return render(name, st.line, &st.text, e);
    }
    let k = prefix.len();
    let src = format!("{prefix}{}", st.text);
    let mut shifted = e.clone();
    shifted.span = cute::parser::Span::new(
        e.span.start.min(st.text.len()) + k,
        e.span.end.min(st.text.len()) + k,
    );
    render(name, st.line, &src, &shifted)
}

/// A message as it may reach a terminal: control characters escaped (`\u{1b}`): the one
/// escaping, [`cute::escape::escaped`].
pub use cute::escape::escaped;

/// What [`render_codespan`] writes, built directly, for the common case: a one-line statement of
/// printable ASCII and a non-empty span (`None` otherwise).
fn render_simple(
    name: &str,
    line: usize,
    src: &str,
    (start, end): (usize, usize),
    column: usize,
    message: &str,
) -> Option<String> {
    if start >= end || end > src.len() || message.contains('\n') || !all_printable(src, false) {
        return None;
    }
    let mut line_digits = itoa::Buffer::new();
    let number = line_digits.format(line);
    let mut pad = String::with_capacity(number.len() + 1);
    push_repeated(&mut pad, SPACES, number.len() + 1);
    let mut out = String::with_capacity(message.len() + 2 * src.len() + 6 * pad.len() + 64);
    out.push_str("error: ");
    out.push_str(message);
    out.push('\n');
    out.push_str(&pad);
    out.push_str("┌─ ");
    out.push_str(name);
    out.push(':');
    out.push_str(number);
    out.push(':');
    out.push_str(itoa::Buffer::new().format(column));
    out.push('\n');
    out.push_str(&pad);
    out.push_str("│\n");
    out.push_str(number);
    out.push_str(" │ ");
    out.push_str(src);
    out.push('\n');
    out.push_str(&pad);
    out.push_str("│ ");
    push_repeated(&mut out, SPACES, start);
    push_repeated(&mut out, CARETS, end - start);
    out.push_str("\n\n");
    Some(out)
}

/// Runs of one ASCII character, pushed a slice at a time by [`push_repeated`].
const SPACES: &str = "                                ";
const CARETS: &str = "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^";

/// `n` times the character `run` repeats (`SPACES` or `CARETS`).
fn push_repeated(out: &mut String, run: &str, mut n: usize) {
    while n > 0 {
        let k = n.min(run.len());
        out.push_str(&run[..k]);
        n -= k;
    }
}

/// The most bytes of a statement a diagnostic echoes whole; a longer one is shown as the line
/// of the span, cut around it (so a 4 MiB line gives a diagnostic of a few hundred bytes).
const MAX_SHOWN: usize = 240;

/// Bytes shown on each side of the span, and of the span itself, in a cut line.
const SHOWN_AROUND: usize = 72;

/// The diagnostic of a long statement: the line holding the span's start, cut to the span and
/// [`SHOWN_AROUND`] bytes around it (`...` where cut), every character outside printable ASCII
/// escaped; the line and column are the statement's own.
fn render_window(
    name: &str,
    first_line: usize,
    src: &str,
    start: usize,
    end: usize,
    message: &str,
) -> String {
    let floor = |mut i: usize| {
        while !src.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
    let line = first_line + memchr::memchr_iter(b'\n', &src.as_bytes()[..line_start]).count();
    let column = src[line_start..start].chars().count() + 1;
    let from = floor(start.saturating_sub(SHOWN_AROUND).max(line_start));
    let span_end = floor(end.min(line_end).min(start + SHOWN_AROUND).max(start));
    let to = floor(line_end.min(span_end + SHOWN_AROUND));
    let ascii = |t: &str, out: &mut String| {
        for c in t.chars() {
            if (' '..='~').contains(&c) {
                out.push(c);
            } else {
                out.push_str(&c.escape_unicode().to_string());
            }
        }
    };
    let mut text = String::new();
    if from > line_start {
        text.push_str("...");
    }
    ascii(&src[from..start], &mut text);
    let caret_start = text.len();
    ascii(&src[start..span_end], &mut text);
    let caret_end = text.len().max(caret_start + 1);
    ascii(&src[span_end..to], &mut text);
    if to < line_end {
        text.push_str("...");
    }
    // an empty span at the end of the text: the caret goes one past it
    if text.len() < caret_end {
        text.push(' ');
    }
    let message = escape_controls(message, 0, 0).0.replace('\n', " ");
    render_simple(
        name,
        line,
        &text,
        (caret_start, caret_end),
        column,
        &message,
    )
    .unwrap_or_else(|| format!("error: {message}\n"))
}

/// The diagnostic as codespan-reporting renders it.
fn render_codespan(
    name: &str,
    first_line: usize,
    src: &str,
    start: usize,
    end: usize,
    message: &str,
) -> String {
    let files = Statement {
        file: SimpleFile::new(name, src),
        first_line: first_line.max(1),
    };
    let diag = Diagnostic::error()
        .with_message(message)
        .with_labels(vec![Label::primary((), start..end)]);
    term::emit_into_string(&term::Config::default(), &files, &diag)
        .unwrap_or_else(|_| format!("error: {message}\n"))
}

/// Print a failed statement as `cute eval` does: `error: MESSAGE` on `out`, the diagnostic
/// (with the statement's line and a caret under the span) on `err`.
pub fn report(
    source: &str,
    st: &cute::statements::Statement,
    e: &EvalError,
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let diagnostic = render_statement(source, st, e);
    let _ = err.write_all(diagnostic.as_bytes());
    out.write_all(b"error: ")?;
    out.write_all(escaped(&e.message).as_bytes())?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute::parser::Span;

    /// The direct rendering is byte for byte codespan's, for every span of a few statements.
    #[test]
    fn simple_rendering_is_codespans() {
        let mut checked = 0;
        for src in [
            "logical_divide((6,6):(12,1), 9:4)",
            "a = 3  ",
            "  x",
            "f(1,  2) # c ",
            "",
            "x",
        ] {
            for line in [1, 9, 10, 99, 100, 12345] {
                for start in 0..=src.len() + 1 {
                    for end in start..=src.len() + 2 {
                        let e = EvalError::new("bad thing".to_string(), Span::new(start, end));
                        let s = start.min(src.len());
                        let t = end.clamp(s, src.len());
                        let want = render_codespan("<stdin>", line, src, s, t, &e.message);
                        assert_eq!(
                            render("<stdin>", line, src, &e),
                            want,
                            "{src:?} {start}..{end}"
                        );
                        checked += render_simple("<stdin>", line, src, (s, t), s + 1, "m").is_some()
                            as usize;
                    }
                }
            }
        }
        assert!(checked > 100);
    }
}
