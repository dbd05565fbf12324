//! Splitting input text into statements: one per line, unless an open `(` or `<` (or a `/* …`
//! comment) continues it on the next line, and that line can continue it (SPEC §1); and a line
//! of several statements cut at each top-level `;` (`auto L = make_layout(12, 2); complement(L);`,
//! as C++ and Python separate them: [`pieces`]).

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
        || ((scan.in_comment || scan.in_string != 0 || scan.after_equals)
            && len <= MAX_STATEMENT_LEN)
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
    /// The angle brackets among the `depth` open (`Shape<_2,` or `<3:4,` on a line that goes
    /// on): a `>` closes one only where one is open, and is otherwise a comparison (`i > j`).
    angles: i64,
    /// The innermost 128 brackets open, one bit each (the lowest the innermost): 1 an angle
    /// bracket, 0 a parenthesis or square bracket. A `)` closing its `(` closes the angles
    /// opened inside it (`f(i < j)`: a comparison, never a template's, which a `)` cannot
    /// close); a `;` with only angles open ends the statement likewise (`bool b = i < j;`).
    open: u128,
    in_comment: bool,
    /// The quote of the Python triple-quoted string (`"""…`, a docstring) the text ends in; 0
    /// outside one.
    in_string: u8,
    last: Token,
    /// Whether the text ends in an `=` (comments aside): a C++ declaration or a Python
    /// assignment whose value is on the lines after (`auto tiled_mma =` then `TiledMMA<…>{};`,
    /// as CUTLASS's unit tests write it) goes on, as no statement ends in `=`.
    after_equals: bool,
}

/// What a byte is to the splitter's quick scan ([`quick_depth`]): 1 an opening bracket, 2 a
/// closing one, 3 a byte that may start a comment (`#`, `/`) or a string (`"`, `'`), or an
/// angle bracket (`<`, `>`: a template's or a tiler's bracket, or a comparison, which the
/// token scan tells apart, [`Scan::angle_opens`]), 0 anything else.
static BRACKETS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'(' as usize] = 1;
    t[b'[' as usize] = 1;
    t[b')' as usize] = 2;
    t[b']' as usize] = 2;
    t[b'<' as usize] = 3;
    t[b'>' as usize] = 3;
    t[b'#' as usize] = 3;
    t[b'/' as usize] = 3;
    t[b'"' as usize] = 3;
    t[b'\'' as usize] = 3;
    t
};

/// The brackets a line without comments or angle brackets opens (closed ones counted off), or
/// `None` where it may hold a comment (a `#` or `/`) or a `<`/`>`: one table lookup a byte.
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

/// Whether the byte at `end` of `b` (a token's last, or the line's last outside comments) is
/// an operator that wants an operand after it: `=` (`auto tiled_mma =` then its value), a binary
/// operator (`create_tma_multicast_mask<0,1>(…) |` then `create_tma_multicast_mask<0,2>(…);`,
/// `a +`, `p &&`, `c ?`), not `++`/`--` (`k++` is whole).
fn needs_operand(b: &[u8], end: usize) -> bool {
    let before = end.checked_sub(1).and_then(|k| b.get(k).copied());
    match b.get(end).copied().unwrap_or_default() {
        b'=' | b'|' | b'^' | b'%' | b'?' | b'/' => true,
        b'&' => before == Some(b'&'),
        c @ (b'+' | b'-') => before != Some(c),
        _ => false,
    }
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
            && self.angles == 0
            && let Some(depth) = quick_depth(b)
        {
            self.depth = self.depth.saturating_add(depth);
            if let Some(end) = b.iter().rposition(|&c| !is_blank(c)) {
                self.after_equals = needs_operand(b, end);
            }
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
                b'(' | b'[' => {
                    self.push(false);
                    Token::Other
                }
                b')' | b']' => {
                    // the angles opened inside it were comparisons
                    while self.angles > 0 && self.open & 1 == 1 {
                        self.pop();
                    }
                    self.pop();
                    Token::Close
                }
                // a statement's end: the angles open were comparisons
                b';' if self.angles > 0 && self.angles == self.depth => {
                    // every bracket open is an angle: all close (counted, not popped one by
                    // one: past 128 open brackets `open` no longer holds which were angles)
                    self.angles = 0;
                    self.depth = 0;
                    self.open = 0;
                    Token::Other
                }
                b'<' if self.angle_opens(b, i - 1) => {
                    self.push(true);
                    Token::Other
                }
                // a comparison or a shift (`i < j`, `1 << 4`, `a <= b`)
                b'<' => {
                    if matches!(b.get(i), Some(b'<' | b'=')) {
                        i += 1;
                    }
                    Token::Other
                }
                // `>` closes an angle bracket open; else it is `->`, `>=` or a comparison
                b'>' if self.angles > 0 && self.open & 1 == 1 && (i < 2 || b[i - 2] != b'-') => {
                    self.pop();
                    Token::Close
                }
                b'>' => {
                    if b.get(i) == Some(&b'=') {
                        i += 1;
                    }
                    Token::Other
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
            // (an operator is one byte, at `i - 1`)
            self.after_equals = matches!(
                c,
                b'=' | b'|' | b'^' | b'%' | b'?' | b'/' | b'&' | b'+' | b'-'
            ) && needs_operand(b, i - 1);
        }
        first
    }
}

impl Scan {
    /// A bracket opened (`angle`: a `<`).
    fn push(&mut self, angle: bool) {
        self.depth = self.depth.saturating_add(1);
        self.open = (self.open << 1) | u128::from(angle);
        if angle {
            self.angles = self.angles.saturating_add(1);
        }
    }

    /// The innermost bracket closed (at the top level, a stray closing one counted off).
    fn pop(&mut self) {
        if self.open & 1 == 1 {
            self.angles -= 1;
        }
        self.open >>= 1;
        self.depth = self.depth.saturating_sub(1);
    }

    /// Whether the `<` at `at` of the line `b` may open a bracket: a template's argument list
    /// (`Shape<_2`, `Shape <  _4` as CUTLASS writes it, `get<0>`, `template <class T>`) or a
    /// tiler (`<3:4, 8:2>`). After a number or a `)` it is a comparison or a shift (`4 < n`,
    /// `size(L) < 4`, `1<<4`), as `<=` and `<<` after an operand are (`x <= y`, `x << 2`). A
    /// `<` read as a bracket that a `)` or the statement's `;` then closes was a comparison
    /// (`EXPECT_EQ((i < j), x);` is whole at its end, and does not wait for a `>`).
    fn angle_opens(&self, b: &[u8], at: usize) -> bool {
        if !matches!(self.last, Token::Operand | Token::Close) {
            return true;
        }
        if matches!(b.get(at + 1), Some(b'<' | b'=')) {
            return false;
        }
        // the operand before: a name (a template's) or a number or `)` (a comparison's)
        let trimmed = b[..at].trim_ascii_end();
        let word_start = trimmed
            .iter()
            .rposition(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
            .map_or(0, |k| k + 1);
        match trimmed.get(word_start) {
            Some(c) => c.is_ascii_alphabetic() || *c == b'_',
            // the operand is on a line before
            None => self.last == Token::Operand,
        }
    }
}

/// A statement's text and the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The text (lines joined with '\n').
    pub text: String,
    /// The line it starts on.
    pub line: usize,
    /// Where a statement cut from a text at a `;` ([`pieces`]) was cut from: that whole text
    /// (shared by its statements) and the statement's offset in it; `None` for a whole one.
    pub cut_from: Option<(std::sync::Arc<str>, usize)>,
}

impl Statement {
    /// A statement that is its whole text.
    pub fn new(text: String, line: usize) -> Statement {
        Statement {
            text,
            line,
            cut_from: None,
        }
    }

    /// The text before the statement on its first line: the earlier statements of that line
    /// (empty for a statement that starts its line), at most its last [`MAX_PREFIX`] bytes (so a
    /// line of a million statements costs each of them no more). Shown before it in a
    /// diagnostic, so the caret stands where the user wrote it.
    pub fn prefix(&self) -> &str {
        match &self.cut_from {
            None => "",
            Some((whole, offset)) => {
                let mut from = offset.saturating_sub(MAX_PREFIX);
                while !whole.is_char_boundary(from) {
                    from += 1;
                }
                let before = &whole[from..*offset];
                &before[before.rfind('\n').map_or(0, |k| k + 1)..]
            }
        }
    }
}

/// The most bytes of a statement's line before it that [`Statement::prefix`] gives.
pub const MAX_PREFIX: usize = 256;

impl Statement {
    /// Whether the statement starts where the one before it ended, on the same line (cut from
    /// it at a `;`).
    pub fn continues_line(&self) -> bool {
        self.cut_from
            .as_ref()
            .is_some_and(|(whole, offset)| *offset > 0 && whole.as_bytes()[offset - 1] != b'\n')
    }
}

/// The statements of `text` (which starts on `line`), cut at each top-level `;` that more of
/// the text follows (SPEC §1: `auto L = make_layout(12, 2); complement(L);` is two statements,
/// as in C++; `a = cute.make_layout(4); cute.size(a)` two, as in Python). Each keeps its `;`
/// (a C++ statement's mark, SPEC §1) and the blanks before it; the last keeps the blanks and
/// comments after it. Concatenated, they are the text (which they share, [`Statement::cut_from`]:
/// a line of a million `;` makes a million statements, not a million copies of the line).
pub fn pieces(text: String, line: usize) -> Vec<Statement> {
    let mut out = Vec::new();
    pieces_into(text, line, &mut out);
    out
}

/// [`pieces`], appended to `out`.
fn pieces_into(text: String, line: usize, out: &mut impl Extend<Statement>) {
    if memchr::memchr(b';', text.as_bytes()).is_none() {
        out.extend([Statement::new(text, line)]);
        return;
    }
    let cuts = crate::parser::cut_points(text.as_bytes());
    if cuts.is_empty() {
        out.extend([Statement::new(text, line)]);
        return;
    }
    let whole: std::sync::Arc<str> = text.into();
    let mut start = 0;
    let mut line = line;
    for end in cuts.into_iter().chain([whole.len()]) {
        let piece = &whole[start..end];
        out.extend([Statement {
            text: piece.to_string(),
            line,
            cut_from: Some((whole.clone(), start)),
        }]);
        line += memchr::memchr_iter(b'\n', piece.as_bytes()).count();
        start = end;
    }
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
    /// The braces and parentheses of a C++ control statement being read (`for (…) {` … `}`):
    /// it is one statement (an error: cute does not run control flow) up to its end.
    control: Option<ControlScan>,
    /// The C preprocessor's conditionals open (`#if 0` … `#else` … `#endif` of a pasted
    /// kernel): the lines of a branch C++ does not compile are skipped.
    conditionals: Vec<Conditional>,
    /// The indentation of a Python `for NAME in range(…):` or `if COND:` being read: its body is the lines
    /// indented deeper, up to a blank line (as Python's REPL ends a block) or one indented no
    /// deeper (which starts the next statement).
    python_block: Option<usize>,
    /// The indentation of a Python function's definition being read (`@cute.jit`, `def f():`):
    /// its body is the lines indented deeper, blank lines included, up to a line of code
    /// indented no deeper.
    python_def: Option<usize>,
    /// Its `def` line read so far, while its `:` is still to come (`None` once read): what
    /// each line adds is read once, so a long header costs its length.
    python_def_open: Option<DefHeader>,
    /// Whether a C++ declaration whose line lacks its `;` waits for the next line
    /// ([`Splitter::whole_text`]): a line that starts with a binary operator continues it.
    holds_declarations: bool,
    /// Whether `pending` is such a declaration, complete unless the next line continues it.
    held: bool,
}

/// Whether `text` (a statement complete at its line's end) ends in a C++ declaration without its
/// `;` (`constexpr int bytes = sizeof(a)`, `auto x = f(4)`): its last statement declares a name
/// of a type written before it (two words or more before its `=`, no `(`, no Python `:`).
fn unterminated_declaration(text: &str) -> bool {
    let last = text.rsplit(';').next().unwrap_or(text).trim();
    if last.is_empty() || last.ends_with(['}', '{']) {
        return false;
    }
    let b = last.as_bytes();
    let Some(eq) = (0..b.len()).find(|&i| {
        b[i] == b'='
            && b.get(i + 1) != Some(&b'=')
            && (i == 0 || !matches!(b[i - 1], b'=' | b'!' | b'<' | b'>'))
    }) else {
        return false;
    };
    let head = &last[..eq];
    if head.contains(['(', '"', '\'', '#', '[']) || head.replace("::", "").contains(':') {
        return false;
    }
    let words: Vec<&str> = head.split_whitespace().collect();
    words.len() >= 2
        && words[0].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && words
            .last()
            .is_some_and(|w| w.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
}

/// Whether `line` starts with a binary operator (`+ sizeof(b)`, `* 2`, `&& p`, `? a : b`): the
/// rest of an expression a line before began (not `++`, `--`, `->`, `::` or a comment).
fn continues_expression(line: &str) -> bool {
    let t = line.trim_start();
    let two = t.get(..2).unwrap_or("");
    if matches!(two, "++" | "--" | "->" | "::" | "//" | "/*") {
        return false;
    }
    matches!(two, "<<" | ">>" | "==" | "!=" | "&&" | "||")
        || t.starts_with(['+', '-', '*', '/', '%', '|', '&', '^', '?', ':'])
}

/// The `def NAME(…):` line of a Python definition as its lines come (after its decorators):
/// whether `def ` has come, and the depth of the brackets after it.
#[derive(Clone, Copy, Debug, Default)]
struct DefHeader {
    seen_def: bool,
    depth: i64,
    closed: bool,
}

impl DefHeader {
    /// Read one more line; whether the header is whole: the parameters' parentheses closed and
    /// the `:` after them.
    fn read(&mut self, line: &str) -> bool {
        let rest = if self.seen_def {
            line
        } else if let Some(def) = line.find("def ") {
            self.seen_def = true;
            &line[def..]
        } else if line.trim_start().starts_with("class ") {
            // a Python class's header: its bases' parentheses optional
            self.seen_def = true;
            self.closed = true;
            line.trim_start()
        } else {
            return false;
        };
        for c in rest.chars() {
            match c {
                '(' | '[' | '{' => self.depth += 1,
                ')' | ']' | '}' => {
                    self.depth -= 1;
                    self.closed |= self.depth == 0;
                }
                ':' if self.depth == 0 && self.closed => return true,
                _ => {}
            }
        }
        false
    }
}

/// Whether `line` is the header of a Python block: a loop, `for i in range(4):` (also
/// `cutlass.range`, `cutlass.range_constexpr`, `range_dynamic`, a list, a tuple), or
/// `if COND:`; its indentation.
fn python_for_header(line: &str) -> Option<usize> {
    let t = line.trim_start();
    // Python's `if COND:` (its `elif`/`else` go on with it: `Splitter::feed`)
    if (t.starts_with("if ") || t.starts_with("if(")) && !t.contains('{') {
        let code = t.split('#').next().unwrap_or(t).trim_end();
        return (code.ends_with(':') && !code.ends_with("::")).then_some(line.len() - t.len());
    }
    // Python's `for NAME in ITERABLE:` (a range, a list, a tuple, a name), not C++'s `for (…)`
    let rest = t.strip_prefix("for ")?;
    let (name, _) = rest.split_once(" in ")?;
    let name = name.trim();
    if name.is_empty()
        || name.starts_with(|c: char| c.is_ascii_digit())
        || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
    {
        return None;
    }
    let code = t.split('#').next().unwrap_or(t).trim_end();
    (code.ends_with(':') && !code.ends_with("::") && !code.contains('{'))
        .then_some(line.len() - t.len())
}

/// Whether a line (its indentation dropped) starts Python's `def NAME(`, or is Python's
/// `class NAME[(BASES)]:` (not C++'s `class NAME {`).
fn is_def_line(t: &str) -> bool {
    if t.starts_with("class ") {
        let code = t.split('#').next().unwrap_or(t).trim_end();
        return code.ends_with(':') && !code.ends_with("::") && !code.contains('{');
    }
    let Some(rest) = t.strip_prefix("def ") else {
        return false;
    };
    let rest = rest.trim_start();
    let name = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name > 0 && rest[name..].trim_start().starts_with('(')
}

/// The indentation of a line (its leading blanks).
fn indentation(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// What is known of a C++ control statement (`for`, `while`, `if`, `switch`, `do`, `else`) read
/// so far: its parentheses and braces open (a `<` in it is a comparison, `i < size(L)`, not a
/// bracket) and its last character outside comments. It ends where both are closed after a `;`
/// or a `}`: the header `for (…)` of a body on the next line goes on to that body, and a body in
/// braces takes every line to its `}`, so no line of the body runs by itself.
#[derive(Clone, Copy, Debug, Default)]
struct ControlScan {
    parens: i64,
    braces: i64,
    last: u8,
    /// A `do … while (COND);`: whole at its `;`, not at the body's `}`.
    is_do: bool,
}

impl ControlScan {
    fn line(&mut self, b: &[u8]) {
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'/' if b.get(i + 1) == Some(&b'/') => break,
                q @ (b'"' | b'\'') if closing_quote(b, i + 1, q).is_some() => {
                    // a string or character literal closed on its line: skipped (one left open
                    // is a stray quote, which C++ does not compile: its brackets still count)
                    i = closing_quote(b, i + 1, q).unwrap_or(i);
                    self.last = q;
                }
                c => {
                    match c {
                        b'(' => self.parens += 1,
                        b')' => self.parens -= 1,
                        b'{' => self.braces += 1,
                        b'}' => self.braces -= 1,
                        _ => {}
                    }
                    if !is_blank(c) {
                        self.last = c;
                    }
                }
            }
            i += 1;
        }
    }

    fn complete(&self) -> bool {
        self.parens <= 0
            && self.braces <= 0
            && (self.last == b';' || (self.last == b'}' && !self.is_do))
    }
}

/// The index of the quote `q` closing a literal that starts at `from` on the line `b`.
fn closing_quote(b: &[u8], from: usize, q: u8) -> Option<usize> {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == q => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Whether `line` starts a C++ control statement: `for`, `while`, `if`, `switch` before a `(`,
/// `do` and `else` before a `{` or the end of the line (Python's `for i in range(4):` and
/// `if x:` are not).
fn starts_control(line: &str) -> bool {
    let t = line.trim_start();
    let end = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let (word, rest) = t.split_at(end);
    let next = rest.trim_start().chars().next();
    match word {
        "for" | "while" | "if" | "switch" if next == Some('(') => true,
        // C++17's `if constexpr (COND)`
        "if" => rest
            .trim_start()
            .strip_prefix("constexpr")
            .is_some_and(|r| r.trim_start().starts_with('(')),
        "do" | "else" => {
            matches!(next, None | Some('{' | '/')) || rest.trim_start().starts_with("if")
        }
        _ => false,
    }
}

/// An open `#if`: what its condition is known to be, and whether its `#else` was passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Conditional {
    /// `Some(false)` for `#if 0`, `Some(true)` for `#if 1`, `None` for a condition cute cannot
    /// tell (`#ifdef NAME`, `#if X > 2`): its lines are read, as before any `#if` was known.
    known: Option<bool>,
    in_else: bool,
}

impl Conditional {
    /// Whether the lines of its branch now are skipped.
    fn skips(&self) -> bool {
        self.known.is_some_and(|k| k == self.in_else)
    }
}

/// A preprocessor conditional's line (`#if 0`, `#ifdef X`, `#else`, `#elif X`, `#endif`; `#`
/// then the word, as C++ writes them; `# if …` with a blank is a Python comment): the directive
/// and its condition's text.
fn directive(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start().strip_prefix('#')?;
    let end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let (word, cond) = rest.split_at(end);
    let cond = cond.split("//").next().unwrap_or("").trim();
    match word {
        "if" | "ifdef" | "ifndef" | "elif" if !cond.is_empty() => Some((word, cond)),
        "else" | "endif" => Some((word, cond)),
        _ => None,
    }
}

impl Splitter {
    /// A new splitter.
    pub fn new() -> Splitter {
        Splitter::default()
    }

    /// A splitter of a whole text (a file, standard input), not of lines typed one by one: a
    /// C++ declaration whose line lacks its `;` waits for the next line, which continues it
    /// when it starts with a binary operator (`constexpr int bytes = sizeof(a)` then
    /// `+ sizeof(b);`, as C++ reads it), and else is taken as it is.
    pub fn whole_text() -> Splitter {
        Splitter {
            holds_declarations: true,
            ..Splitter::default()
        }
    }

    /// Take `pending`, complete at its line's end, or hold it for the next line
    /// ([`Splitter::whole_text`]).
    fn take_or_hold(&mut self) {
        if self.holds_declarations && unterminated_declaration(&self.pending) {
            self.held = true;
        } else {
            self.take();
        }
    }

    /// Feed one line (without its newline); returns a statement when one is complete. A line
    /// that ends an open statement it cannot continue and is a whole statement itself completes
    /// two, and a line of statements cut at `;` several: the others are returned by
    /// [`Splitter::take_ready`] (or, if not taken, by the next calls).
    pub fn push(&mut self, line: &str) -> Option<Statement> {
        self.line += 1;
        if self.pending.is_empty() && self.conditional(line) {
            return self.ready.pop_front();
        }
        // inside a C++ statement of several lines (a lambda's body): its conditionals too, each
        // line C++ does not compile read as a blank one (the statement's lines keep their
        // numbers)
        let in_cpp_statement =
            !self.pending.is_empty() && self.python_def.is_none() && self.python_block.is_none();
        if in_cpp_statement && (self.conditional(line) || self.is_skipping()) {
            self.feed("");
            return self.ready.pop_front();
        }
        if self.is_skipping() {
            // a line of an `#if 0` branch: C++ does not compile it
            return self.ready.pop_front();
        }
        self.feed(line);
        self.ready.pop_front()
    }

    /// Whether lines are skipped now (inside `#if 0`, or the `#else` of `#if 1`).
    #[inline]
    pub fn is_skipping(&self) -> bool {
        self.conditionals.iter().any(Conditional::skips)
    }

    /// Whether a line must go through [`Splitter::push`]: a statement is pending or lines are
    /// skipped (a line answered without the splitter would be taken out of its place).
    #[inline]
    pub fn is_holding(&self) -> bool {
        self.is_pending() || self.is_skipping()
    }

    /// Take a preprocessor conditional's line (true), as C++ reads `#if 0` / `#if 1` / `#else`
    /// / `#endif` (`#if` of another condition is read as true).
    fn conditional(&mut self, line: &str) -> bool {
        let Some((word, cond)) = directive(line) else {
            return false;
        };
        match word {
            "if" | "ifdef" | "ifndef" => {
                let known = match (word, cond) {
                    ("if", "0" | "false") => Some(false),
                    ("if", "1" | "true") => Some(true),
                    _ => None,
                };
                self.conditionals.push(Conditional {
                    known,
                    in_else: false,
                });
            }
            "else" => {
                if let Some(c) = self.conditionals.last_mut() {
                    c.in_else = !c.in_else;
                }
            }
            "elif" => {
                if let Some(c) = self.conditionals.last_mut() {
                    // after a taken `#if 1` the rest is skipped; after `#if 0`, the `#elif`'s
                    // condition decides, which cute reads as true
                    *c = match c.known {
                        Some(true) => Conditional {
                            known: Some(true),
                            in_else: true,
                        },
                        _ => Conditional {
                            known: None,
                            in_else: false,
                        },
                    };
                }
            }
            _ => {
                self.conditionals.pop();
            }
        }
        true
    }

    /// Take one line: the statements it completes go to `ready`.
    #[inline]
    fn feed(&mut self, line: &str) {
        if self.pending.is_empty() {
            return self.start(line);
        }
        if let Some(header) = self.python_def {
            let t = line.trim_start();
            // a decorator followed by no `def`: it ends there (its error), the line starts anew
            if self.python_def_open.is_some_and(|h| !h.seen_def)
                && !t.starts_with('@')
                && !is_def_line(t)
            {
                self.take();
                return self.start(line);
            }
            if let Some(mut h) = self.python_def_open {
                self.pending.push('\n');
                self.pending.push_str(line);
                self.python_def_open = (!h.read(line)).then_some(h);
                return;
            }
            if line.trim().is_empty() || indentation(line) > header {
                self.pending.push('\n');
                self.pending.push_str(line);
                return;
            }
            self.take();
            return self.start(line);
        }
        if let Some(header) = self.python_block {
            if line.trim().is_empty() {
                return self.take();
            }
            let t = line.trim_start();
            if indentation(line) > header
                || (indentation(line) == header
                    && (t.starts_with("elif ")
                        || t.starts_with("else:")
                        || t.starts_with("else :")))
            {
                self.pending.push('\n');
                self.pending.push_str(line);
                return;
            }
            self.take();
            return self.start(line);
        }
        if let Some(c) = self.control.as_mut() {
            c.line(line.as_bytes());
            let done = c.complete();
            self.pending.push('\n');
            self.pending.push_str(line);
            if done || self.pending.len() > MAX_STATEMENT_LEN {
                self.take();
            }
            return;
        }
        let continued = self.held;
        if self.held {
            self.held = false;
            if !continues_expression(line) {
                self.take();
                return self.start(line);
            }
        }
        let ends_operand = matches!(self.scan.last, Token::Operand | Token::Close);
        if !self.scan.in_comment
            && self.scan.in_string == 0
            && ends_operand
            && first_token(line.as_bytes()) == Token::Operand
        {
            // the line cannot continue the open statement: it ends there, with its error
            self.take();
            return self.start(line);
        }
        self.scan.quick_line(line.as_bytes());
        self.pending.push('\n');
        self.pending.push_str(line);
        if !goes_on(&self.scan, self.pending.len()) {
            // a held declaration continued by a line without `;` is still one, unterminated:
            // held again without reading the whole pending text (200,000 lines of `+ 1` read it
            // at each: 13 s)
            if continued && !line.contains(';') && !line.trim_end().ends_with(['}', '{']) {
                self.held = true;
            } else {
                self.take_or_hold();
            }
        }
    }

    /// Start a statement with `line` (nothing pending): its statements go to `ready` if the
    /// line is whole.
    #[inline]
    fn start(&mut self, line: &str) {
        self.start_line = self.line;
        let t = line.trim_start();
        if t.starts_with('@') || is_def_line(t) {
            self.python_def = Some(indentation(line));
            self.pending.push_str(line);
            let mut h = DefHeader::default();
            self.python_def_open = (!h.read(line)).then_some(h);
            return;
        }
        if let Some(indent) = python_for_header(line) {
            self.python_block = Some(indent);
            self.pending.push_str(line);
            return;
        }
        // a control statement, a function's definition or a lambda's body: to its `}`
        if starts_control(line) || crate::parser::starts_braced(line) {
            let mut c = ControlScan {
                is_do: line.trim_start().starts_with("do")
                    && !line.trim_start()[2..]
                        .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'),
                ..ControlScan::default()
            };
            c.line(line.as_bytes());
            self.pending.push_str(line);
            if c.complete() {
                self.take();
            } else {
                self.control = Some(c);
            }
            return;
        }
        self.scan = Scan::default();
        self.scan.quick_line(line.as_bytes());
        self.pending.push_str(line);
        if !goes_on(&self.scan, self.pending.len()) {
            self.take_or_hold();
        }
    }

    /// The pending text's statements (cut at `;`, [`pieces`]) to `ready`, the state reset.
    fn take(&mut self) {
        self.held = false;
        self.scan = Scan::default();
        let text = std::mem::take(&mut self.pending);
        self.python_def_open = None;
        if self.python_block.take().is_some()
            || self.python_def.take().is_some()
            || self.control.take().is_some()
            || starts_control(&text)
        {
            // a control statement is one, its body's `;` included
            self.ready.push_back(Statement::new(text, self.start_line));
            return;
        }
        pieces_into(text, self.start_line, &mut self.ready);
    }

    /// A statement completed by the last line besides the one [`Splitter::push`] returned.
    pub fn take_ready(&mut self) -> Option<Statement> {
        self.ready.pop_front()
    }

    /// Count a line that was a whole statement, answered without the splitter (nothing may be
    /// pending).
    #[inline]
    pub fn skip_line(&mut self) {
        debug_assert!(self.pending.is_empty() && self.ready.is_empty());
        self.line += 1;
    }

    /// The number of lines seen so far.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Whether a statement is waiting for more lines.
    #[inline]
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Drop the statement waiting for more lines, and any not yet returned.
    pub fn abandon(&mut self) {
        self.pending.clear();
        self.held = false;
        self.control = None;
        self.python_block = None;
        self.python_def = None;
        self.python_def_open = None;
        self.conditionals.clear();
        self.scan = Scan::default();
        self.ready.clear();
    }

    /// The statements not yet returned at the end of the input: one at a time, those ready,
    /// then the unfinished one, if any.
    pub fn finish(&mut self) -> Option<Statement> {
        if self.ready.is_empty() && !self.pending.is_empty() {
            self.take();
        }
        self.ready.pop_front()
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
    let st = Statement::new(format!("{}…", text.escape_debug()), line);
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
        split_with(Splitter::new(), text)
    }

    /// A C++ declaration whose line lacks its `;` goes on where the next line starts with a
    /// binary operator, as C++ reads it (wgmma_tma_sm90.cu's `constexpr int
    /// tma_transaction_bytes = sizeof(…)` then `+ sizeof(…);`), in a whole text; a line that
    /// does not continue it is a statement of its own; lines typed one by one are taken at
    /// their end (the REPL), as a plain binding is.
    #[test]
    fn a_declaration_goes_on_where_the_next_line_continues_its_expression() {
        let text =
            "constexpr int bytes = sizeof(a)\n   + sizeof(b);\nint z = 1\nprint(z);\nx = 3\n+ 4";
        assert_eq!(
            split_with(Splitter::whole_text(), text),
            [
                (
                    1,
                    "constexpr int bytes = sizeof(a)\n   + sizeof(b);".to_string()
                ),
                (3, "int z = 1".to_string()),
                (4, "print(z);".to_string()),
                (5, "x = 3".to_string()),
                (6, "+ 4".to_string()),
            ]
        );
        assert_eq!(split(text).len(), 6);
        assert!(!unterminated_declaration("a == b"));
        assert!(!unterminated_declaration("x: cutlass.Int32 = 4"));
        assert!(unterminated_declaration("auto L = make_layout(4)"));
        assert!(!continues_expression("++k;"));
        // a line that ends in a binary operator goes on (each splitter)
        assert_eq!(
            split("uint16_t m = mask<0,1>(a, b) |\n  mask<0,2>(a, b);\nk++\nint c = a &&\n b;"),
            [
                (
                    1,
                    "uint16_t m = mask<0,1>(a, b) |\n  mask<0,2>(a, b);".to_string()
                ),
                (3, "k++".to_string()),
                (4, "int c = a &&\n b;".to_string()),
            ]
        );
        assert!(!continues_expression("// + a comment"));
    }

    fn split_with(mut sp: Splitter, text: &str) -> Vec<(usize, String)> {
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
    fn a_statement_ended_by_its_semicolon_with_only_a_less_than_open_is_whole() {
        // `<` a comparison: the line is whole, the next one a statement of its own
        assert_eq!(
            texts("EXPECT_EQ((i < j), x);\nprint(i);"),
            ["EXPECT_EQ((i < j), x);", "print(i);"]
        );
        assert_eq!(texts("i < j; // less\nk"), ["i < j; // less", "k"]);
        // template arguments go on past a line's end, and a `;` inside parentheses
        assert_eq!(
            texts("auto a = Layout<Shape<_2,_3>,\n  Stride<_1,_2>>{};\nk"),
            ["auto a = Layout<Shape<_2,_3>,\n  Stride<_1,_2>>{};", "k"]
        );
        assert_eq!(texts("f(i < j;\n)"), ["f(i < j;\n)"]);
    }

    #[test]
    fn a_comparison_is_no_angle_bracket() {
        // a comparison or shift after an operand does not open a bracket: the line is whole
        // (the REPL runs it, and does not wait for a `>`)
        for line in [
            "EXPECT_EQ((i < j), x);",
            "EXPECT_TRUE(size(L) < 4);",
            "EXPECT_TRUE(a <= b && c >= d);",
            "EXPECT_EQ(1 << 4, 16);",
            "EXPECT_TRUE(4<x);",
            "bool b = i < j;",
            "EXPECT_TRUE((a < b) && c < d && f(x) < 2);",
            "EXPECT_TRUE(i > j);",
            "auto f = [&](auto x) -> int { return x; };",
        ] {
            assert!(is_whole(line), "{line}");
            assert_eq!(
                texts(&format!("{line}\nnext")),
                vec![line, "next"],
                "{line}"
            );
        }
        // a template's argument list and a tiler still go on to the next line
        for (line, more) in [
            ("Layout<Shape<_2,", "_4>>{}"),
            ("template <class A,", "class B> void f(A a, B b) {}"),
            ("<3:4,", "8:2>"),
            ("composition(A, <3:4,", "8:2>)"),
            ("get<0>(make_shape(2,", "4))"),
            ("Int<(1<<4)>{} + size(make_shape(2,", "4))"),
            (
                "auto a = Layout<Shape <_2,Shape <_1,_6>>,",
                "Stride<_1,Stride<_6,_2>>>{};",
            ),
        ] {
            assert!(!is_whole(line), "{line}");
            assert_eq!(
                texts(&format!("{line}\n{more}")),
                vec![format!("{line}\n{more}")]
            );
        }
        // a `>` closing a template on a later line, then a comparison
        assert_eq!(
            texts("EXPECT_TRUE(size(Layout<Shape<_2,\n_4>>{}) > 4);\nnext"),
            vec!["EXPECT_TRUE(size(Layout<Shape<_2,\n_4>>{}) > 4);", "next"]
        );
    }

    #[test]
    fn a_control_statement_takes_its_body() {
        // braces to their `}` (a line after an inner `}` does not start a statement), a header
        // to the statement on the next line, `i < N` not a bracket, the body's `;` not cut
        assert_eq!(
            split("for (int i = 0; i < 4; ++i) {\n  for (int j = 0; j < 2; ++j) {\n    f(i);\n  }\n  g(i);\n}\nh"),
            vec![
                (1, "for (int i = 0; i < 4; ++i) {\n  for (int j = 0; j < 2; ++j) {\n    f(i);\n  }\n  g(i);\n}".to_string()),
                (7, "h".to_string()),
            ]
        );
        assert_eq!(
            texts("for (int m = 0; m < 2; ++m)\n  for (int n = 0; n < 2; ++n)\n    A(m,n) = 1;\nh"),
            vec![
                "for (int m = 0; m < 2; ++m)\n  for (int n = 0; n < 2; ++n)\n    A(m,n) = 1;",
                "h"
            ]
        );
        assert_eq!(
            texts("if (x) {\n a;\n} else {\n b; // }\n}\ndo {\n c;\n} while (d);\ne"),
            vec![
                "if (x) {\n a;\n} else {\n b; // }\n}",
                "do {\n c;\n} while (d);",
                "e"
            ]
        );
        // a quote left open on its line does not hide the brackets after it
        assert_eq!(
            texts("for (i) {\n  printf(\"\n\");\n}\nh"),
            vec!["for (i) {\n  printf(\"\n\");\n}", "h"]
        );
        // Python's loops and conditions are not C++'s
        assert_eq!(
            texts("for i in range(4):\nh"),
            vec!["for i in range(4):", "h"]
        );
        // a Python loop over a range takes the lines indented deeper, to a blank line or one
        // indented no deeper
        assert_eq!(
            texts(
                "for i in range(4):\n  f(i)\n  for j in cutlass.range(2):  # inner\n    g(j)\nh\nfor k in range(2):\n    p(k)\n\nq"
            ),
            vec![
                "for i in range(4):\n  f(i)\n  for j in cutlass.range(2):  # inner\n    g(j)",
                "h",
                "for k in range(2):\n    p(k)",
                "q"
            ]
        );
        // a `do`'s body in braces goes on to its `while (…);`
        assert_eq!(
            texts("do {\n c;\n}\nwhile (d);\ne"),
            vec!["do {\n c;\n}\nwhile (d);", "e"]
        );
    }

    #[test]
    fn preprocessor_conditionals_skip_what_cpp_does_not_compile() {
        let text = "a\n#if 0\nb\n#if 1\nc\n#endif\n#else\nd\n#endif\n#if 1 // on\ne\n#elif X\nf\n#endif\n#ifdef X\ng\n#endif\n# if a comment\nh";
        assert_eq!(
            split(text),
            vec![
                (1, "a".to_string()),
                (8, "d".to_string()),
                (11, "e".to_string()),
                (16, "g".to_string()),
                (18, "# if a comment".to_string()),
                (19, "h".to_string()),
            ]
        );
        // a statement of several lines is not cut by a `#` line inside it; its lines C++
        // does not compile (a lambda's body's `#if 0` … `#endif`) read as blank lines
        assert_eq!(
            texts("f(1,\n#if 0\n2,\n#else\n4,\n#endif\n3)"),
            vec!["f(1,\n\n\n\n4,\n\n3)".to_string()]
        );
        let mut sp = Splitter::new();
        sp.push("#if 0");
        assert!(sp.is_skipping() && sp.is_holding() && !sp.is_pending());
        sp.abandon();
        assert!(!sp.is_skipping());
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
    fn a_line_ending_in_an_equals_sign_goes_on() {
        // C++'s `auto tiled_mma =` with its value on the lines after (CUTLASS's unit tests)
        for text in [
            "auto a =\n  Shape<_2,_3>{};",
            "auto t =\n  TiledMMA<\n    MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>,\n    Layout<Shape<_2,_2,_1>>\n  >{};",
            "auto a = // the shape\n  make_shape(2, 3);",
            "a =\n\n  4",
        ] {
            assert_eq!(texts(text), [text], "{text:?}");
        }
        assert!(!is_whole("auto a ="));
        assert!(is_whole("a == b"));
        assert_eq!(texts("x = 1\ny = 2"), ["x = 1", "y = 2"]);
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

    /// The pieces of `text` as (line, prefix, text).
    fn cut(text: &str) -> Vec<(usize, String, String)> {
        pieces(text.to_string(), 1)
            .into_iter()
            .map(|st| (st.line, st.prefix().to_string(), st.text))
            .collect()
    }

    #[test]
    fn a_line_of_statements_is_cut_at_each_top_level_semicolon() {
        let p =
            |line: usize, prefix: &str, text: &str| (line, prefix.to_string(), text.to_string());
        assert_eq!(
            cut("auto L = make_layout(12, 2); complement(L);"),
            [
                p(1, "", "auto L = make_layout(12, 2);"),
                p(1, "auto L = make_layout(12, 2);", " complement(L);"),
            ]
        );
        // Python's separator: the last statement has no `;`
        assert_eq!(
            cut("a = cute.make_layout(4); cute.size(a)"),
            [
                p(1, "", "a = cute.make_layout(4);"),
                p(1, "a = cute.make_layout(4);", " cute.size(a)"),
            ]
        );
        // blanks and comments after the last `;` stay with it; an empty statement is one
        assert_eq!(
            cut("size(4:1);  // (a; b)"),
            [p(1, "", "size(4:1);  // (a; b)")]
        );
        assert_eq!(cut("size(4:1); # a; b"), [p(1, "", "size(4:1); # a; b")]);
        assert_eq!(
            cut("size(4:1); /* a; b */ "),
            [p(1, "", "size(4:1); /* a; b */ ")]
        );
        assert_eq!(
            cut("a;; b"),
            [p(1, "", "a;"), p(1, "a;", ";"), p(1, "a;;", " b")]
        );
        // a statement of several lines, and one that starts on a later line
        assert_eq!(
            cut("f(1,\n 2); g(3,\n4); h"),
            [
                p(1, "", "f(1,\n 2);"),
                p(2, " 2);", " g(3,\n4);"),
                p(3, "4);", " h")
            ]
        );
        // not cut: inside brackets, braces, strings and comments
        for text in [
            "for (int i = 0; i < 4; ++i) { print(i); }",
            "f([a; b])",
            "cute.printf(\"a; b {}\", x)",
            "x = 'a;b'",
            "\"\"\"a; b\"\"\"",
            "4'000; ",
            "f(4 /* ; */)",
            "size(4:1)",
            "size(4:1);",
        ] {
            assert_eq!(cut(text), [p(1, "", text)], "{text:?}");
        }
        // a template's `<` does not hide a `;` (none stands inside template arguments)
        assert_eq!(cut("a < b; c").len(), 2);
        assert_eq!(cut("Int<4>{}; Int<2>{};").len(), 2);
    }

    #[test]
    fn the_splitter_cuts_each_statement_at_its_semicolons() {
        assert_eq!(
            split("auto L = make_layout(12, 2); complement(L);\nsize(L)"),
            [
                (1, "auto L = make_layout(12, 2);".to_string()),
                (1, " complement(L);".to_string()),
                (2, "size(L)".to_string()),
            ]
        );
        // a statement of several lines is cut once it is whole
        assert_eq!(
            texts("auto x = make_layout(make_shape(4,\n 2)); size(x); cosize(x);"),
            [
                "auto x = make_layout(make_shape(4,\n 2));",
                " size(x);",
                " cosize(x);"
            ]
        );
        // a line that cannot continue an open statement ends it, then is cut itself
        assert_eq!(texts("f(4\na; b"), ["f(4", "a;", " b"]);
        // a line with an open bracket waits whole; dropped, it is dropped whole
        let mut sp = Splitter::new();
        assert_eq!(sp.push("a; b; c("), None);
        assert!(sp.is_pending());
        sp.abandon();
        assert_eq!(sp.take_ready(), None);
        assert!(!sp.is_pending());
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
