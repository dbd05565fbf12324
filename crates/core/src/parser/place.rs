//! Where in a statement, for the messages a person reads: columns as the caret's diagnostic
//! counts them, and the hint for full-width punctuation pasted from CJK notes.

use super::ParseError;

/// Where byte `at` of a statement is, for a person reading the diagnostic whose caret is at byte
/// `from`: `column C` on the caret's line, else `column C, N lines above` (or `below`) it.
/// Columns count characters from 1, as the caret's `LINE:COLUMN` does; the line is told
/// relative to the caret's, as a statement does not know where it starts in its file.
pub(super) fn place(src: &str, at: usize, from: usize) -> String {
    let floor = |mut i: usize| {
        i = i.min(src.len());
        while !src.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (at, from) = (floor(at), floor(from));
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = src[line_start..at].chars().count() + 1;
    let between = &src.as_bytes()[at.min(from)..at.max(from)];
    let way = if at < from { "above" } else { "below" };
    match memchr::memchr_iter(b'\n', between).count() {
        0 => format!("column {column}"),
        1 => format!("column {column}, 1 line {way}"),
        n => format!("column {column}, {n} lines {way}"),
    }
}

/// The full-width form of an ASCII character (as CJK input methods type punctuation, and notes
/// written with them hold), with its name: `'，'` is a full-width comma, `','`.
fn full_width(c: char) -> Option<(char, &'static str)> {
    let ascii = match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0)?,
        '\u{3000}' => ' ',
        '\u{3001}' => ',',
        '\u{3002}' => '.',
        '\u{3010}' => '[',
        '\u{3011}' => ']',
        _ => return None,
    };
    let name = match c {
        '\u{3000}' => "an ideographic space",
        '\u{3001}' => "an ideographic comma",
        '\u{3002}' => "an ideographic full stop",
        '\u{3010}' | '\u{3011}' => "a lenticular bracket",
        _ => match ascii {
            ',' => "a full-width comma",
            '(' => "a full-width left parenthesis",
            ')' => "a full-width right parenthesis",
            ':' => "a full-width colon",
            ';' => "a full-width semicolon",
            '<' => "a full-width less-than sign",
            '>' => "a full-width greater-than sign",
            '[' => "a full-width left square bracket",
            ']' => "a full-width right square bracket",
            '{' => "a full-width left curly bracket",
            '}' => "a full-width right curly bracket",
            '_' => "a full-width low line",
            '.' => "a full-width full stop",
            '0'..='9' => "a full-width digit",
            'A'..='Z' | 'a'..='z' => "a full-width letter",
            _ => "a full-width character",
        },
    };
    Some((ascii, name))
}

/// A parse error of a statement holding full-width punctuation (pasted from CJK notes), with a
/// hint naming its first such character and the ASCII character meant.
pub(super) fn with_full_width_hint(src: &str, mut e: ParseError) -> ParseError {
    if src.is_ascii() {
        return e;
    }
    if let Some((i, c, (ascii, name))) = src
        .char_indices()
        .find_map(|(i, c)| full_width(c).map(|f| (i, c, f)))
    {
        e.message.push_str(&format!(
            "; '{c}' at {} is {name} (U+{:04X}): write '{ascii}'",
            place(src, i, e.span.start),
            c as u32,
        ));
    }
    e
}
