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

/// Whether standard output and standard error are one terminal (a shell's, neither
/// redirected): a person reads both as one stream of lines.
pub fn one_terminal() -> bool {
    use std::io::IsTerminal;
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let (out, err) = (std::io::stdout(), std::io::stderr());
    if !(out.is_terminal() && err.is_terminal()) {
        return false;
    }
    let device = |fd: std::os::fd::BorrowedFd| {
        let file = std::fs::File::from(fd.try_clone_to_owned().ok()?);
        file.metadata().ok().map(|m| (m.dev(), m.rdev()))
    };
    matches!((device(out.as_fd()), device(err.as_fd())), (Some(a), Some(b)) if a == b)
}
