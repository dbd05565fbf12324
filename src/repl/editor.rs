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
use crate::eval::functions;
use crate::parser::is_incomplete;
use crate::render::Format;

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
    let mut words: Vec<String> = functions::FUNCTIONS
        .iter()
        .map(|f| f.name.to_string())
        .collect();
    words.extend(COMMANDS.iter().map(|c| c.name.to_string()));
    words.extend(crate::eval::functions::completion_names());
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
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        if is_incomplete(ctx.input()) {
            Ok(ValidationResult::Incomplete)
        } else {
            Ok(ValidationResult::Valid(None))
        }
    }
}

/// Colour the notation; the display width is unchanged.
pub fn highlight_line(line: &str) -> String {
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
            } else {
                word.green().to_string()
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
            Cow::Owned(highlight_line(line))
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
    let history = history_path();
    if let Some(path) = &history {
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            eprintln!(
                "warning: history not kept: cannot create {}: {e}",
                dir.display()
            );
        }
        if path.exists()
            && let Err(e) = editor.load_history(path)
        {
            eprintln!("warning: cannot read history {}: {e}", path.display());
        }
    }
    println!(
        "cute {} — CuTe layout algebra. :help for help, Ctrl-D to leave.",
        env!("CARGO_PKG_VERSION")
    );
    // Ctrl-C while a statement runs stops it (the line editor handles Ctrl-C at the prompt)
    if let Err(e) = ctrlc::set_handler(crate::interrupt::raise) {
        eprintln!("warning: Ctrl-C will not interrupt evaluations: {e}");
    }
    let mut session = Session::new(format, color);
    let mut line_no = 0usize;
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    loop {
        let prompt = if color {
            "\x1b[1;32mcute>\x1b[0m "
        } else {
            "cute> "
        };
        match editor.readline(prompt) {
            Ok(line) => {
                line_no += 1;
                if line.trim().is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                if let Some(path) = &history
                    && let Err(e) = editor.save_history(path)
                {
                    eprintln!("warning: cannot save history {}: {e}", path.display());
                }
                crate::interrupt::clear();
                let flow = session.input(&line, line_no, &mut stdout.lock(), &mut stderr.lock());
                *vars.borrow_mut() = session.var_names();
                if flow == Flow::Quit {
                    return 0;
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return 0,
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    }
}
