//! A value's grid (the engine's grid renderer, `--format grid`) as HTML for Jupyter: the
//! renderer marks each cell's colour, the painter here turns the marks into styled spans.

use cute::eval::Value;
use cute::render::paint::{Mark, Paint};
use cute::render::{RenderOptions, grid};

// The painter cannot escape the text around the cells (it sees only what it paints): it
// brackets a cell with characters of Unicode's private use area, the whole is escaped, and the
// brackets become the spans.
const OPEN: char = '\u{E000}';
const MID: char = '\u{E001}';
const CLOSE: char = '\u{E002}';

fn painter(text: &str, mark: Mark) -> String {
    match mark {
        Mark::Cell(r, g, b) => format!("{OPEN}{r},{g},{b}{MID}{text}{CLOSE}"),
        _ => text.to_string(),
    }
}

fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            OPEN => out.push_str("<span style=\"background:rgb("),
            MID => out.push_str(");color:black\">"),
            CLOSE => out.push_str("</span>"),
            c => out.push(c),
        }
    }
}

/// The grid of a layout, composed layout or tensor as an HTML `<pre>`; `None` for a value
/// without one.
pub fn grid(v: &Value) -> Option<String> {
    let opts = RenderOptions {
        paint: Paint::with(painter),
        width: Some(160),
        ..RenderOptions::default()
    };
    let text = grid::render(v, &opts).ok()?;
    let mut out = String::with_capacity(text.len() * 2 + 64);
    out.push_str("<pre style=\"line-height:1.15;font-family:monospace\">");
    escape(&text, &mut out);
    out.push_str("</pre>");
    Some(out)
}
