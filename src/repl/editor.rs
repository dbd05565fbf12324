//! The interactive editor: rustyline with completion, highlighting, continuation and history.

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use owo_colors::OwoColorize;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Editor, Helper};

use super::{COMMANDS, Flow, Session};
use cute::algebra::Interrupt;
use cute::eval::functions;
use cute::render::Format;

/// Completion, highlighting and continuation for the REPL line editor.
pub struct CuteHelper {
    vars: Rc<RefCell<Vec<String>>>,
    color: bool,
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

/// Every word worth completing besides variables: functions, commands and atom names.
fn static_words() -> Vec<String> {
    let mut words: Vec<String> = functions::all().map(|f| f.name.to_string()).collect();
    words.extend(COMMANDS.iter().map(|c| c.name.to_string()));
    words.extend(
        cute::eval::methods::MEMBERS
            .iter()
            .map(|(n, _, _)| n.to_string()),
    );
    words.extend(cute::eval::functions::completion_names());
    words
}

impl Completer for CuteHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos]
            .rfind(|c: char| !is_word(c))
            .map_or(0, |i| i + 1);
        let prefix = &line[start..pos];
        if prefix.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let mut words = static_words();
        words.extend(self.vars.borrow().iter().cloned());
        words.sort();
        words.dedup();
        let found = words
            .into_iter()
            .filter(|w| w.starts_with(prefix))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        Ok((start, found))
    }
}

impl Hinter for CuteHelper {
    type Hint = String;
}

impl Validator for CuteHelper {
    fn validate(&self, _: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        // every line is accepted: a statement with an open bracket goes on at the next prompt
        // (`  ...> `), and a pasted block is split into its statements by the session
        Ok(ValidationResult::Valid(None))
    }
}

/// Colour the notation; the display width is unchanged. Functions are blue, the session's
/// variables (`is_var`) green, other names plain.
pub fn highlight_line(line: &str, is_var: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(line.len() * 2);
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if c == '#' {
            out.push_str(&(&line[start..]).dimmed().to_string());
            break;
        }
        if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|(_, d)| d.is_ascii_digit()))
        {
            let mut j = i + 1;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let end = chars.get(j).map_or(line.len(), |(p, _)| *p);
            out.push_str(&(&line[start..end]).cyan().to_string());
            i = j;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || (c == ':' && i == 0) {
            let mut j = i + 1;
            while j < chars.len() && (chars[j].1.is_ascii_alphanumeric() || chars[j].1 == '_') {
                j += 1;
            }
            let end = chars.get(j).map_or(line.len(), |(p, _)| *p);
            let word = &line[start..end];
            let styled = if word == "o" {
                word.magenta().bold().to_string()
            } else if word.starts_with(':') {
                word.yellow().to_string()
            } else if functions::lookup(word).is_some() {
                word.blue().to_string()
            } else if is_var(word) {
                word.green().to_string()
            } else {
                word.to_string()
            };
            out.push_str(&styled);
            i = j;
            continue;
        }
        match c {
            '/' | '*' | '=' => out.push_str(&c.magenta().bold().to_string()),
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

impl Highlighter for CuteHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if self.color {
            let vars = self.vars.borrow();
            Cow::Owned(highlight_line(line, &|w| vars.iter().any(|v| v == w)))
        } else {
            Cow::Borrowed(line)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

impl Helper for CuteHelper {}

fn history_path() -> Option<PathBuf> {
    Some(dirs::data_dir()?.join("cute").join("history.txt"))
}

/// The largest history file read at start-up.
const MAX_HISTORY_BYTES: u64 = 1 << 20;

/// Load the history file when it is a regular file of bounded size (a link to a device, a FIFO
/// or a huge file is not read: a warning, and the session starts without history); the path to
/// save to, if history is kept.
fn usable_history(
    path: Option<PathBuf>,
    editor: &mut Editor<CuteHelper, DefaultHistory>,
) -> Option<PathBuf> {
    let path = path?;
    if let Some(dir) = path.parent()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!(
            "warning: history not kept: cannot create {}: {e}",
            dir.display()
        );
        return None;
    }
    match std::fs::metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(path),
        Err(e) => {
            eprintln!("warning: history not kept: {}: {e}", path.display());
            None
        }
        Ok(m) if !m.is_file() => {
            eprintln!(
                "warning: history not kept: {} is not a regular file",
                path.display()
            );
            None
        }
        Ok(m) if m.len() > MAX_HISTORY_BYTES => {
            eprintln!(
                "warning: history not kept: {} has {} bytes, more than {MAX_HISTORY_BYTES}",
                path.display(),
                m.len()
            );
            None
        }
        Ok(_) => match editor.load_history(&path) {
            Ok(()) => Some(path),
            Err(e) => {
                eprintln!(
                    "warning: history not kept: cannot read {}: {e}",
                    path.display()
                );
                None
            }
        },
    }
}

/// The interactive session on a terminal.
pub fn interactive(format: Format, color: bool) -> i32 {
    let vars = Rc::new(RefCell::new(Vec::new()));
    let mut editor: Editor<CuteHelper, DefaultHistory> = match Editor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot start the line editor: {e}");
            return 1;
        }
    };
    editor.set_helper(Some(CuteHelper {
        vars: vars.clone(),
        color,
    }));
    let history = usable_history(history_path(), &mut editor);
    println!(
        "cute {} — CuTe layout algebra. :help for help, Ctrl-D to leave.",
        env!("CARGO_PKG_VERSION")
    );
    // Ctrl-C while a statement runs stops it (the line editor handles Ctrl-C at the prompt)
    let interrupt = Interrupt::flag();
    let raise = interrupt.clone();
    if let Err(e) = ctrlc::set_handler(move || raise.raise()) {
        eprintln!("warning: Ctrl-C will not interrupt evaluations: {e}");
    }
    let mut session = Session::new(format, color);
    session.set_interrupt(interrupt.clone());
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    loop {
        // a statement with an open bracket goes on at the continuation prompt
        let prompt = match (session.is_pending(), color) {
            (false, true) => "\x1b[1;32mcute>\x1b[0m ",
            (false, false) => "cute> ",
            (true, true) => "\x1b[2m  ...>\x1b[0m ",
            (true, false) => "  ...> ",
        };
        match editor.readline(prompt) {
            Ok(text) => {
                if text.trim().is_empty() && !session.is_pending() {
                    continue;
                }
                let _ = editor.add_history_entry(text.as_str());
                if let Some(path) = &history
                    && let Err(e) = editor.save_history(path)
                {
                    eprintln!("warning: cannot save history {}: {e}", path.display());
                }
                // a pasted block is several lines: each runs as if typed
                for line in text.split('\n') {
                    interrupt.clear();
                    let line = line.strip_suffix('\r').unwrap_or(line);
                    let flow = session.line(line, &mut stdout.lock(), &mut stderr.lock());
                    *vars.borrow_mut() = session.var_names();
                    if flow == Flow::Quit {
                        return 0;
                    }
                }
            }
            // Ctrl-C abandons a pending statement (and otherwise the line being typed)
            Err(ReadlineError::Interrupted) => session.abandon(),
            Err(ReadlineError::Eof) => return 0,
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::highlight_line;

    #[test]
    fn only_bound_names_are_coloured_as_variables() {
        let line = highlight_line("size(A) + Bx", &|w| w == "A");
        let green_a = format!("{}", owo_colors::OwoColorize::green(&"A"));
        let blue_size = format!("{}", owo_colors::OwoColorize::blue(&"size"));
        assert!(line.contains(&green_a), "{line:?}");
        assert!(line.contains(&blue_size), "{line:?}");
        assert!(
            line.contains(" Bx")
                && !line.contains(&format!("{}", owo_colors::OwoColorize::green(&"Bx"))),
            "{line:?}"
        );
    }
}
