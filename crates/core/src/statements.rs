//! Splitting input text into statements: one per line, unless an open `(` or `<` (or a `/* …`
//! comment) continues it on the next line, and that line can continue it (SPEC §1).

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::limits::{MAX_NESTING, MAX_STATEMENT_LEN};

/// Whether a statement with `depth` brackets open after `len` bytes goes on to the next line
/// (as `parser::is_incomplete`; past the length limit the statement can only be an error).
fn continues(depth: i64, len: usize) -> bool {
    depth > 0 && depth <= MAX_NESTING as i64 && len <= MAX_STATEMENT_LEN
}

/// Whether a statement in the state `scan` (after `len` bytes) goes on to the next line: a
/// bracket is open, or a `/* …` comment.
fn goes_on(scan: &Scan, len: usize) -> bool {
    continues(scan.depth, len)
        || ((scan.in_comment || scan.in_string != 0) && len <= MAX_STATEMENT_LEN)
}

/// Whether `line`, coming when no statement is pending, is a whole statement by itself.
pub fn is_whole(line: &str) -> bool {
    let mut scan = Scan::default();
    scan.quick_line(line.as_bytes());
    !goes_on(&scan, line.len())
}

/// [`is_whole`] of a line of `len` bytes with `depth` brackets open at its end (and no comment).
pub fn is_whole_at(depth: i64, len: usize) -> bool {
    !continues(depth, len)
}

/// The kind of a token, as far as the splitter tells them apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Token {
    /// None yet (blanks and comments only).
    #[default]
    None,
    /// A name (not the operator `o`) or a number: an operand on its own.
    Operand,
    /// `)`, `]`, `>` or `}`: the end of an operand.
    Close,
    /// Anything else: `(`, `,`, an operator, `:`, `.`, …
    Other,
}

/// What the splitter knows of the text so far: the brackets open, whether it ends inside a
/// `/* …` comment, and its last token. Comments (`#` and `//` to the end of the line, `/* … */`)
/// are skipped.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    depth: i64,
    in_comment: bool,
    /// The quote of the Python triple-quoted string (`"""…`, a docstring) the text ends in; 0
    /// outside one.
    in_string: u8,
    last: Token,
}

/// What a byte is to the splitter's quick scan ([`quick_depth`]): 1 an opening bracket, 2 a
/// closing one, 3 a byte that may start a comment (`#`, `/`) or a string (`"`, `'`), 0
/// anything else.
static BRACKETS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'(' as usize] = 1;
    t[b'<' as usize] = 1;
    t[b'[' as usize] = 1;
    t[b')' as usize] = 2;
    t[b'>' as usize] = 2;
    t[b']' as usize] = 2;
    t[b'#' as usize] = 3;
    t[b'/' as usize] = 3;
    t[b'"' as usize] = 3;
    t[b'\'' as usize] = 3;
    t
};

/// The brackets a line without comments opens (closed ones counted off), or `None` where it
/// may hold a comment (a `#` or `/`): one table lookup a byte.
#[inline]
fn quick_depth(b: &[u8]) -> Option<i64> {
    let mut depth = 0i64;
    for &c in b {
        match BRACKETS[usize::from(c)] {
            0 => {}
            1 => depth += 1,
            2 => depth -= 1,
            _ => return None,
        }
    }
    Some(depth)
}

/// The token a name or a number is (the name `o` is an operator).
fn word_token(word: &[u8]) -> Token {
    if word == b"o" {
        // the operator of composition
        Token::Other
    } else {
        Token::Operand
    }
}

/// The kind of a token starting with byte `c` that is no name or number.
fn punct_token(c: u8) -> Token {
    match c {
        b')' | b']' | b'>' | b'}' => Token::Close,
        _ => Token::Other,
    }
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'\''
}

fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// The last token of a line without comments (`None` for a blank line).
fn last_token(b: &[u8]) -> Token {
    let Some(end) = b.iter().rposition(|&c| !is_blank(c)) else {
        return Token::None;
    };
    if !is_word_byte(b[end]) {
        return punct_token(b[end]);
    }
    let start = b[..end]
        .iter()
        .rposition(|&c| !is_word_byte(c))
        .map_or(0, |i| i + 1);
    word_token(&b[start..=end])
}

/// The first token of a line that starts outside a comment (`None` for a blank line or one of
/// comments only).
fn first_token(b: &[u8]) -> Token {
    let mut scan = Scan::default();
    scan.line(b)
}

impl Scan {
    /// Scan one line (no newline in it), continuing the state; its last token is found where
    /// the text goes on after it ([`goes_on`]).
    #[inline]
    fn quick_line(&mut self, b: &[u8]) {
        if !self.in_comment
            && self.in_string == 0
            && let Some(depth) = quick_depth(b)
        {
            self.depth = self.depth.saturating_add(depth);
            if self.depth > 0 {
                let last = last_token(b);
                if last != Token::None {
                    self.last = last;
                }
            }
            return;
        }
        self.line(b);
    }

    /// Scan one line (no newline in it), continuing the state, token by token; its first token.
    fn line(&mut self, b: &[u8]) -> Token {
        let mut first = Token::None;
        let mut i = 0;
        while i < b.len() {
            if self.in_string != 0 {
                let q = self.in_string;
                match memchr::memmem::find(&b[i..], &[q, q, q]) {
                    Some(k) => {
                        i += k + 3;
                        self.in_string = 0;
                        continue;
                    }
                    None => break,
                }
            }
            if self.in_comment {
                match memchr::memmem::find(&b[i..], b"*/") {
                    Some(k) => {
                        i += k + 2;
                        self.in_comment = false;
                        continue;
                    }
                    None => break,
                }
            }
            let c = b[i];
            i += 1;
            let token = match c {
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => continue,
                b'#' => break,
                b'/' if b.get(i) == Some(&b'/') => break,
                b'/' if b.get(i) == Some(&b'*') => {
                    self.in_comment = true;
                    i += 1;
                    continue;
                }
                b'(' | b'<' | b'[' => {
                    self.depth = self.depth.saturating_add(1);
                    Token::Other
                }
                b')' | b'>' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    Token::Close
                }
                b'}' => Token::Close,
                // a string (`"…"`, `'…'`), or a Python triple-quoted one that may span lines
                b'"' | b'\'' => {
                    if b.get(i) == Some(&c) && b.get(i + 1) == Some(&c) {
                        i += 2;
                        self.in_string = c;
                    } else {
                        while i < b.len() && b[i] != c {
                            i += if b[i] == b'\\' { 2 } else { 1 };
                        }
                        i += 1;
                    }
                    Token::Operand
                }
                b'0'..=b'9' => {
                    // a number with its base, separators and suffix: `0x1F`, `4'000`, `8ll`
                    while i < b.len()
                        && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'\''))
                    {
                        i += 1;
                    }
                    Token::Operand
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    let start = i - 1;
                    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                        i += 1;
                    }
                    // `o` is the operator of composition
                    if &b[start..i] == b"o" {
                        Token::Other
                    } else {
                        Token::Operand
                    }
                }
                _ => Token::Other,
            };
            if first == Token::None {
                first = token;
            }
            self.last = token;
        }
        first
    }
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
///
/// A statement goes on to the next line while a bracket (or a `/* …` comment) is open in it,
/// unless that line cannot continue it: a line starting with a name or a number after text
/// ending in an operand (`zipped_divide((4,8), (2,2)` then `size((4,8))`) ends the open
/// statement (with its error) and starts a new one, so one missing `)` never costs the
/// statements after it. One line may so complete two statements: [`Splitter::push`] returns
/// the first, and [`Splitter::take_ready`] the next.
#[derive(Debug, Default)]
pub struct Splitter {
    pending: String,
    start_line: usize,
    line: usize,
    /// Brackets open, comment and last token of `pending`, kept line by line so a long
    /// multi-line statement is not rescanned at every line (which was quadratic).
    scan: Scan,
    /// Statements complete and not yet returned.
    ready: VecDeque<Statement>,
}

impl Splitter {
    /// A new splitter.
    pub fn new() -> Splitter {
        Splitter::default()
    }

    /// Feed one line (without its newline); returns a statement when one is complete. A line
    /// that ends an open statement it cannot continue and is a whole statement itself completes
    /// two: the second is returned by [`Splitter::take_ready`] (or, if not taken, by the next
    /// call).
    pub fn push(&mut self, line: &str) -> Option<Statement> {
        self.line += 1;
        let waiting = self.ready.len();
        let st = self.feed(line);
        if waiting == 0 {
            return st;
        }
        // statements completed earlier and not taken come first
        if let Some(st) = st {
            self.ready.insert(waiting, st);
        }
        self.ready.pop_front()
    }

    /// Take one line: the first statement it completes (a second one waits in `ready`).
    #[inline]
    fn feed(&mut self, line: &str) -> Option<Statement> {
        if self.pending.is_empty() {
            return self.start(line);
        }
        let ends_operand = matches!(self.scan.last, Token::Operand | Token::Close);
        if !self.scan.in_comment
            && self.scan.in_string == 0
            && ends_operand
            && first_token(line.as_bytes()) == Token::Operand
        {
            // the line cannot continue the open statement: it ends there, with its error
            let ended = self.take();
            if let Some(st) = self.start(line) {
                self.ready.push_back(st);
            }
            return Some(ended);
        }
        self.scan.quick_line(line.as_bytes());
        self.pending.push('\n');
        self.pending.push_str(line);
        if goes_on(&self.scan, self.pending.len()) {
            return None;
        }
        Some(self.take())
    }

    /// Start a statement with `line` (nothing pending): the statement, if the line is whole.
    #[inline]
    fn start(&mut self, line: &str) -> Option<Statement> {
        self.start_line = self.line;
        self.scan = Scan::default();
        self.scan.quick_line(line.as_bytes());
        self.pending.push_str(line);
        if goes_on(&self.scan, self.pending.len()) {
            return None;
        }
        Some(self.take())
    }

    /// The pending text as a statement, the state reset.
    fn take(&mut self) -> Statement {
        self.scan = Scan::default();
        Statement {
            text: std::mem::take(&mut self.pending),
            line: self.start_line,
        }
    }

    /// A statement completed by the last line besides the one [`Splitter::push`] returned.
    pub fn take_ready(&mut self) -> Option<Statement> {
        self.ready.pop_front()
    }

    /// Count a line that was a whole statement, answered without the splitter (nothing may be
    /// pending).
    pub fn skip_line(&mut self) {
        debug_assert!(self.pending.is_empty() && self.ready.is_empty());
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

    /// The statements not yet returned at the end of the input: one at a time, those ready,
    /// then the unfinished one, if any.
    pub fn finish(&mut self) -> Option<Statement> {
        if let Some(st) = self.ready.pop_front() {
            return Some(st);
        }
        if self.pending.is_empty() {
            return None;
        }
        Some(self.take())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The statements a splitter makes of `text`, as (line, text).
    fn split(text: &str) -> Vec<(usize, String)> {
        let mut sp = Splitter::new();
        let mut out = Vec::new();
        for line in text.split('\n') {
            if let Some(st) = sp.push(line) {
                out.push((st.line, st.text));
            }
            while let Some(st) = sp.take_ready() {
                out.push((st.line, st.text));
            }
        }
        while let Some(st) = sp.finish() {
            out.push((st.line, st.text));
        }
        out
    }

    fn texts(text: &str) -> Vec<String> {
        split(text).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn a_line_that_cannot_continue_ends_the_open_statement() {
        let got = split(
            "zipped_divide((4,8), (2,2)\nsize((4,8))\ncosize((4,8):(1,4))\nrank((4,8))\n\ndepth((4,8))",
        );
        assert_eq!(
            got,
            [
                (1, "zipped_divide((4,8), (2,2)".to_string()),
                (2, "size((4,8))".to_string()),
                (3, "cosize((4,8):(1,4))".to_string()),
                (4, "rank((4,8))".to_string()),
                (5, String::new()),
                (6, "depth((4,8))".to_string()),
            ]
        );
        // the new line may itself be open
        assert_eq!(texts("f(4\ng(8,\n2)"), ["f(4", "g(8,\n2)"]);
        // a number after a number, a name after a closing bracket
        assert_eq!(texts("f(4\n8)"), ["f(4", "8)"]);
        assert_eq!(texts("f(x\nauto y = 4;"), ["f(x", "auto y = 4;"]);
    }

    #[test]
    fn lines_that_can_continue_do() {
        for text in [
            "composition(Sw<3,4,3>,\n            (8,64):(64,1))",
            "f(A\no B)",
            "f(A o\nB)",
            "f((4,8)\n, 2)",
            "f((4,8)\n(1))",
            "make_layout((4,8),\n  stride=(8,1)\n)",
            "f(A\n.thread(0))",
            "Layout<Shape<_4,_8>\n>{}",
            "f(4, # first\n  8)",
            "f(4 // first\n  , 8)",
            "f(4\n\n, 8)",
            "f(4 /* a\n comment */ , 8)",
            "f(\nsize(4:1))",
        ] {
            assert_eq!(texts(text), [text], "{text:?}");
        }
    }

    #[test]
    fn block_comments_span_lines() {
        assert_eq!(texts("/* a\n (b\n*/\n4:1"), ["/* a\n (b\n*/", "4:1"]);
        assert_eq!(
            texts("size(/* (\n */ 4:1)\n2"),
            ["size(/* (\n */ 4:1)", "2"]
        );
        // a name after a comment that closed: the statement goes on while its bracket is open
        assert_eq!(texts("f(4 /* x\n*/ 8)"), ["f(4 /* x\n*/ 8)"]);
        assert!(!is_whole("4:1 /* open"));
        assert!(is_whole("4:1 /* closed */"));
        assert!(is_whole("4:1 // (("));
        assert!(is_whole("4:1 # (("));
    }

    #[test]
    fn a_ready_statement_not_taken_comes_out_later() {
        let mut sp = Splitter::new();
        assert_eq!(sp.push("f((4,8)"), None);
        assert_eq!(sp.push("size(4:1)").map(|s| s.text), Some("f((4,8)".into()));
        // not taken: the next line gives it, then the end gives the rest
        assert_eq!(
            sp.push("rank(4:1)").map(|s| s.text),
            Some("size(4:1)".into())
        );
        assert_eq!(sp.finish().map(|s| s.text), Some("rank(4:1)".into()));
        assert_eq!(sp.finish(), None);
    }
}
