//! Colour as the renderers mark it. A renderer says what a piece of text *is* (a [`Mark`]); the
//! front end decides how that looks by handing in a [`Painter`] (the CLI's paints ANSI escapes
//! on a terminal). With [`Paint::NONE`] every renderer writes plain text, so the engine itself
//! knows nothing of terminals.

use std::fmt;

/// What a piece of rendered text is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A heading (`explain`'s first line).
    Heading,
    /// The rule name of a top-level derivation step.
    Step,
    /// The rule name of a step nested in another.
    SubStep,
    /// The rule name of a step that fails or breaks a law.
    FailedStep,
    /// A verified check that holds (`✓`).
    CheckHeld,
    /// A verified check that does not hold (`✗`).
    CheckFailed,
    /// The result line of a derivation.
    Result,
    /// The error line of a derivation that fails.
    Error,
    /// A grid cell drawn on this background colour (red, green, blue), its text in black.
    Cell(u8, u8, u8),
}

/// A front end's colouring of marked text.
pub type Painter = fn(&str, Mark) -> String;

/// Whether and how the renderers colour: [`Paint::NONE`] (plain text, the default) or a
/// front end's [`Painter`].
#[derive(Clone, Copy, Default)]
pub struct Paint(Option<Painter>);

impl Paint {
    /// Plain text.
    pub const NONE: Paint = Paint(None);

    /// Colour with `painter`.
    pub fn with(painter: Painter) -> Paint {
        Paint(Some(painter))
    }

    /// Whether text is coloured (some renderers then write less: a cell's bank is its colour).
    pub fn is_on(self) -> bool {
        self.0.is_some()
    }

    /// `text` as the painter colours `mark`, or as it is (then without a copy).
    pub fn paint(self, text: String, mark: Mark) -> String {
        match self.0 {
            Some(p) => p(&text, mark),
            None => text,
        }
    }

    /// Append `text`, coloured as `mark`, to `out`.
    pub fn push(self, out: &mut String, text: &str, mark: Mark) {
        match self.0 {
            Some(p) => out.push_str(&p(text, mark)),
            None => out.push_str(text),
        }
    }
}

/// A painter for tests and fuzzing that shows its marks in the text: `«Step|text»`.
pub fn bracketed(text: &str, mark: Mark) -> String {
    format!("«{mark:?}|{text}»")
}

impl fmt::Debug for Paint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_on() {
            "Paint(on)"
        } else {
            "Paint::NONE"
        })
    }
}
