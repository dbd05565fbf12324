//! Splitting input text into statements: one per line, unless an open `(` or `<` continues it.

use crate::limits::{MAX_NESTING, MAX_STATEMENT_LEN};
use crate::parser::open_depth;

/// Whether a statement with `depth` brackets open after `len` bytes goes on to the next line
/// (as `parser::is_incomplete`; past the length limit the statement can only be an error).
fn continues(depth: i64, len: usize) -> bool {
    depth > 0 && depth <= MAX_NESTING as i64 && len <= MAX_STATEMENT_LEN
}

/// Whether `line`, coming when no statement is pending, is a whole statement by itself.
pub fn is_whole(line: &str) -> bool {
    !continues(open_depth(line), line.len())
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
