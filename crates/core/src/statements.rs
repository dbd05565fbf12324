//! Splitting input text into statements: one per line, unless an open `(` or `<` continues it.

use std::io::{self, BufRead};

use crate::limits::{MAX_NESTING, MAX_STATEMENT_LEN};
use crate::parser::open_depth;

/// Whether a statement with `depth` brackets open after `len` bytes goes on to the next line
/// (as `parser::is_incomplete`; past the length limit the statement can only be an error).
fn continues(depth: i64, len: usize) -> bool {
    depth > 0 && depth <= MAX_NESTING as i64 && len <= MAX_STATEMENT_LEN
}

/// Whether `line`, coming when no statement is pending, is a whole statement by itself.
pub fn is_whole(line: &str) -> bool {
    is_whole_at(open_depth(line), line.len())
}

/// [`is_whole`] of a line of `len` bytes with `depth` brackets open at its end.
pub fn is_whole_at(depth: i64, len: usize) -> bool {
    !continues(depth, len)
}

/// A statement's text and the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The text (lines joined with '\n').
    pub text: String,
    /// The line it starts on.
    pub line: usize,
}

/// Collects lines into statements.
#[derive(Debug, Default)]
pub struct Splitter {
    pending: String,
    start_line: usize,
    line: usize,
    /// Brackets open in `pending`, kept line by line so a long multi-line statement is not
    /// rescanned at every line (which was quadratic).
    depth: i64,
}

impl Splitter {
    /// A new splitter.
    pub fn new() -> Splitter {
        Splitter::default()
    }

    /// Feed one line (without its newline); returns a statement when one is complete.
    pub fn push(&mut self, line: &str) -> Option<Statement> {
        self.line += 1;
        if self.pending.is_empty() {
            self.start_line = self.line;
        } else {
            self.pending.push('\n');
        }
        self.pending.push_str(line);
        self.depth = self.depth.saturating_add(open_depth(line));
        if continues(self.depth, self.pending.len()) {
            return None;
        }
        self.depth = 0;
        Some(Statement {
            text: std::mem::take(&mut self.pending),
            line: self.start_line,
        })
    }

    /// Count a line that was a whole statement, answered without the splitter (nothing may be
    /// pending).
    pub fn skip_line(&mut self) {
        debug_assert!(self.pending.is_empty());
        self.line += 1;
    }

    /// The number of lines seen so far.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Whether a statement is waiting for more lines.
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The unfinished statement at the end of the input, if any.
    pub fn finish(&mut self) -> Option<Statement> {
        if self.pending.is_empty() {
            return None;
        }
        self.depth = 0;
        Some(Statement {
            text: std::mem::take(&mut self.pending),
            line: self.start_line,
        })
    }
}

/// The input's buffered bytes, an interrupted read retried (empty at the end).
fn fill(input: &mut impl BufRead) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
            Ok(_) => break,
        }
    }
    // the bytes are buffered now: this returns them without reading (returning them from the
    // loop is what the borrow checker refuses)
    input.fill_buf()
}

/// Skip the input up to and including the next newline (or to its end) in constant memory:
/// the bytes skipped, the newline not counted. An interrupted read is retried.
pub fn skip_to_newline(input: &mut impl BufRead) -> io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let chunk = fill(input)?;
        if chunk.is_empty() {
            return Ok(skipped);
        }
        match memchr::memchr(b'\n', chunk) {
            Some(i) => {
                input.consume(i + 1);
                return Ok(skipped + i as u64);
            }
            None => {
                let n = chunk.len();
                skipped += n as u64;
                input.consume(n);
            }
        }
    }
}

/// One line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum ReadLine {
    /// The input has ended.
    End,
    /// A line (in the buffer, without its newline).
    Line,
    /// A line longer than [`MAX_STATEMENT_LEN`]: its first bytes are in the buffer, the rest
    /// was skipped; its whole length in bytes.
    TooLong(u64),
}

/// Read one line into `buf` (emptied first), keeping at most [`MAX_STATEMENT_LEN`] bytes: a
/// longer line is skipped to its end in constant memory (so `cute repl < /dev/zero` neither
/// hangs nor grows).
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<ReadLine> {
    buf.clear();
    let mut any = false;
    loop {
        let chunk = fill(input)?;
        if chunk.is_empty() {
            return Ok(if any { ReadLine::Line } else { ReadLine::End });
        }
        any = true;
        let (take, newline) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if buf.len() + take > MAX_STATEMENT_LEN {
            let kept = buf.len() as u64;
            let rest = skip_to_newline(input)?;
            return Ok(ReadLine::TooLong(kept + rest));
        }
        buf.extend_from_slice(&chunk[..take]);
        input.consume(take + usize::from(newline));
        if newline {
            return Ok(ReadLine::Line);
        }
    }
}

/// The error of a line past [`MAX_STATEMENT_LEN`] (`start`: its first bytes), and the statement
/// shown for it: the line's beginning, escaped, then `…`.
pub fn too_long(start: &[u8], length: u64, line: usize) -> (Statement, crate::eval::EvalError) {
    let mut shown = 64.min(start.len());
    let text = loop {
        match std::str::from_utf8(&start[..shown]) {
            Ok(t) => break t.to_string(),
            Err(e) => shown = e.valid_up_to(),
        }
    };
    let st = Statement {
        line,
        text: format!("{}…", text.escape_debug()),
    };
    let e = crate::eval::EvalError::new(
        format!(
            "statement longer than {MAX_STATEMENT_LEN} bytes (this line has {length}): skipped to the next line"
        ),
        crate::parser::Span::new(0, st.text.len()),
    );
    (st, e)
}
