//! A user's text as it may reach a terminal: the one escaping of control characters, used
//! wherever `cute` echoes what it was given (statements in diagnostics, file names, flag values,
//! the REPL's commands, help topics), so that no input can drive the terminal (issue 41, item 8).

use std::borrow::Cow;

/// Whether a character is shown escaped: control characters other than newline and tab, the
/// byte-order mark and the bidirectional overrides (which reorder what a terminal shows).
pub fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `text` has a [`hidden`] character (printable ASCII, newlines and tabs, the common
/// case, are told apart byte by byte first).
pub fn has_hidden(text: &str) -> bool {
    !all_printable(text, true) && text.chars().any(hidden)
}

/// Whether every byte of `text` is printable ASCII (and, with `lines`, a newline or a tab).
/// No early exit: the loop is a branch-free reduction the compiler vectorizes.
pub fn all_printable(text: &str, lines: bool) -> bool {
    !text.bytes().fold(false, |outside, b| {
        outside | !(b.wrapping_sub(b' ') < 95 || (lines && (b == b'\n' || b == b'\t')))
    })
}

/// `text` as it may reach a terminal: its [`hidden`] characters written as escapes
/// (`\u{1b}`); borrowed when there is none.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if has_hidden(text) {
        Cow::Owned(escape_controls(text, 0, 0).0)
    } else {
        Cow::Borrowed(text)
    }
}

/// `text` with [`hidden`] characters written as escapes (`\u{1b}`), and the byte range
/// `start..end` moved to the same characters in the result.
pub fn escape_controls(text: &str, start: usize, end: usize) -> (String, usize, usize) {
    if !has_hidden(text) {
        return (text.to_string(), start, end);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let (mut new_start, mut new_end) = (None, None);
    for (i, c) in text.char_indices() {
        if i == start {
            new_start = Some(out.len());
        }
        if i == end {
            new_end = Some(out.len());
        }
        if hidden(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    let len = out.len();
    (out, new_start.unwrap_or(len), new_end.unwrap_or(len))
}

/// A writer that passes everything written through [`escaped`] (bytes that are not UTF-8 are
/// read lossily): for a command whose every message may quote its flags (`cute gemm`).
pub struct Escaping<W>(pub W);

impl<W: std::io::Write> std::io::Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(escaped(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_printable_text_is_borrowed() {
        assert!(matches!(escaped("size(4:1)\n\tx"), Cow::Borrowed(_)));
        assert_eq!(escaped("a\u{1b}[31mb\u{7}\0"), "a\\u{1b}[31mb\\u{7}\\u{0}");
        assert_eq!(escaped("\u{202e}é"), "\\u{202e}é");
        assert_eq!(
            escape_controls("a\u{1b}b", 2, 3),
            ("a\\u{1b}b".into(), 7, 8)
        );
        let mut w = Escaping(Vec::new());
        std::io::Write::write_all(&mut w, b"x\x1b\xff").unwrap();
        assert_eq!(String::from_utf8(w.0).unwrap(), "x\\u{1b}\u{fffd}");
    }
}
