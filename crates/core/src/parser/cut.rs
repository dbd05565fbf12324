//! Where C++ text is cut into statements, and where a bracket closes: one scan of the text's
//! tokens (strings, comments, numbers and names skipped whole) that the statement splitter
//! (`statements::pieces`) and the reader of a control statement's body (`control.rs`) share.

use std::ops::ControlFlow;

/// Visit each token of `b` from `from`: `visit(i, c, depth)` with the token's first byte `c` at
/// `i` and the brackets (`(`, `[`, `{`) open before it. Blanks and comments (`//`, `/* … */`,
/// `#` to the end of the line) are not tokens; a string or character literal, a number (with
/// its base, separators and suffix) and a name are one token each. The scan stops at the
/// first `Break`, whose value it returns.
fn tokens<T>(
    b: &[u8],
    from: usize,
    mut visit: impl FnMut(usize, u8, usize) -> ControlFlow<T>,
) -> Option<T> {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        let c = b[i];
        let at = i;
        i += 1;
        match c {
            b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c' => continue,
            // comments: to the end of the line, or to `*/`
            b'#' => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k);
                continue;
            }
            b'/' if b.get(i) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k);
                continue;
            }
            b'/' if b.get(i) == Some(&b'*') => {
                i = memchr::memmem::find(&b[i + 1..], b"*/").map_or(b.len(), |k| i + 1 + k + 2);
                continue;
            }
            _ => {}
        }
        if let ControlFlow::Break(t) = visit(at, c, depth) {
            return Some(t);
        }
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'"' | b'\'' => {
                if b.get(i) == Some(&c) && b.get(i + 1) == Some(&c) {
                    // a Python triple-quoted string
                    let q = [c, c, c];
                    i = memchr::memmem::find(&b[i + 2..], &q).map_or(b.len(), |k| i + 2 + k + 3);
                } else {
                    while i < b.len() && b[i] != c && b[i] != b'\n' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 1;
                }
            }
            b'0'..=b'9' => {
                // a number with its base, separators and suffix: `0x1F`, `4'000`, `8ll`
                while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'\''))
                {
                    i += 1;
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
            }
            _ => {}
        }
    }
    None
}

/// The byte offsets where the text is cut into statements: just past each top-level `;`
/// (outside parentheses, brackets and braces, strings and comments; a template's angle
/// brackets never hold one) that more of the text follows (a name, a number, a bracket,
/// another `;`, …; not only blanks and comments, which stay with the statement before), and
/// just past the `}` closing a function's definition (`int f(int x) { return x; }`, which no
/// `;` ends) that more follows.
pub fn cut_points(b: &[u8]) -> Vec<usize> {
    let mut cuts = Vec::new();
    // a `;` (or a definition's `}`) seen at the top level, past which no token has come yet
    let mut open_cut: Option<usize> = None;
    // where the statement being scanned starts, and whether its top-level `{` opens a
    // function's body
    let mut piece = 0usize;
    let mut in_definition = false;
    tokens::<()>(b, 0, |i, c, depth| {
        // a token: the `;` before it cuts
        if let Some(cut) = open_cut.take() {
            cuts.push(cut);
            piece = i;
        }
        match c {
            b';' if depth == 0 => open_cut = Some(i + 1),
            b'{' if depth == 0 => {
                in_definition =
                    std::str::from_utf8(&b[piece..i]).is_ok_and(super::function::starts_definition);
            }
            b'}' if depth == 1 && in_definition => {
                in_definition = false;
                open_cut = Some(i + 1);
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    cuts
}

/// Just past the first top-level `;` of `b` at or after `from` (`None` when there is none).
pub(super) fn statement_end(b: &[u8], from: usize) -> Option<usize> {
    tokens(b, from, |i, c, depth| {
        if c == b';' && depth == 0 {
            ControlFlow::Break(i + 1)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// The index of the bracket closing the one at `open` (`None` when it is not closed).
pub(super) fn closing_bracket(b: &[u8], open: usize) -> Option<usize> {
    tokens(b, open, |i, c, depth| {
        if depth == 1 && matches!(c, b')' | b']' | b'}') {
            ControlFlow::Break(i)
        } else {
            ControlFlow::Continue(())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bracket_closes_past_strings_and_comments() {
        let b = b"{ printf(\"}\"); /* } */ x; }; y";
        assert_eq!(closing_bracket(b, 0), Some(26));
        assert_eq!(statement_end(b, 0), Some(28));
        assert_eq!(statement_end(b, 1), Some(14));
    }
}
