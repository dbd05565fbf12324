//! The terminal: the painter the renderers' marks ([`cute::render::paint::Mark`]) get on one
//! (owo-colors' ANSI styles), and its width, which tables wrap to.

use cute::render::paint::{Mark, Paint};
use owo_colors::{OwoColorize as _, Style};

/// A mark as ANSI escapes.
pub fn ansi(text: &str, mark: Mark) -> String {
    let style = match mark {
        Mark::Heading => Style::new().bold(),
        Mark::Step => Style::new().cyan().bold(),
        Mark::SubStep => Style::new().cyan(),
        Mark::FailedStep | Mark::Error => Style::new().red().bold(),
        Mark::CheckHeld => Style::new().green(),
        Mark::CheckFailed => Style::new().red(),
        Mark::Result => Style::new().green().bold(),
        Mark::Cell(r, g, b) => Style::new().on_truecolor(r, g, b).black(),
    };
    text.style(style).to_string()
}

/// The renderers' colouring: ANSI when `color`, else plain text.
pub fn paint(color: bool) -> Paint {
    if color {
        Paint::with(ansi)
    } else {
        Paint::NONE
    }
}

/// The width of the terminal that standard output is, in columns; `None` in a pipe or a file.
pub fn width() -> Option<u16> {
    console::Term::stdout().size_checked().map(|(_, w)| w)
}
