//! The REPL: a session of statements and `:commands`, interactive (rustyline) or piped.

mod editor;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::rc::Rc;

use crate::diagnostic;
use cute::algebra::Interrupt;
use cute::eval::{Env, EvalError, Outcome, functions};
use cute::render::{self, Format, RenderOptions};
use cute::statements::{Splitter, Statement};

pub use editor::{history_path, interactive};

/// The session's variable names, shared with the line editor for completion and highlighting;
/// the session updates it as statements bind names (never rebuilt from the whole session, which
/// made a long paste quadratic).
pub type Names = Rc<RefCell<BTreeSet<String>>>;

/// What to do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Leave the session.
    Quit,
}

/// A REPL command: one table that also generates `:help`.
pub struct ReplCommand {
    /// `:name`.
    pub name: &'static str,
    /// Its argument, for help.
    pub args: &'static str,
    /// What it does.
    pub help: &'static str,
    run: fn(&mut Session, &str, &mut dyn Write, &mut dyn Write) -> Flow,
}

/// Every REPL command.
pub static COMMANDS: &[ReplCommand] = &[
    ReplCommand {
        name: ":help",
        args: "[NAME]",
        help: "this help, or one function's (or command's) entry with an example",
        run: |_, arg, out, err| {
            let name = arg.trim();
            if name.is_empty() {
                let _ = out.write_all(help_text().as_bytes());
            } else if let Some(f) = functions::lookup(name) {
                let _ = out.write_all(cute::help::describe(f).as_bytes());
            } else if let Some(c) = COMMANDS
                .iter()
                .find(|c| c.name == name || c.name[1..] == *name)
            {
                let _ = writeln!(out, "{} {}\n  {}", c.name, c.args, c.help);
            } else if let Some(text) = cute::help::topic(name) {
                let _ = out.write_all(text.as_bytes());
            } else {
                let close = functions::closest(name, std::iter::empty());
                let hint = match close.first() {
                    Some(c) => format!("; did you mean '{c}'?"),
                    None => String::new(),
                };
                let _ = writeln!(
                    err,
                    "error: no function or command '{}'{hint} (:help lists them)",
                    cute::escape::escaped(name)
                );
            }
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":vars",
        args: "",
        help: "the variables and their values, and what each shadows",
        run: |s, _, out, _| {
            for (name, v) in s.env.vars() {
                let value = render::plain::render(v);
                match s.env.shadowed(name) {
                    Some(sh) => {
                        let at = if sh.line > 0 {
                            format!(", bound at line {}", sh.line)
                        } else {
                            String::new()
                        };
                        let _ = writeln!(
                            out,
                            "{name} = {value}    # shadows {} {name}{at}",
                            sh.meaning
                        );
                    }
                    None => {
                        let _ = writeln!(out, "{name} = {value}");
                    }
                }
            }
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":show",
        args: "EXPR",
        help: "properties table and grid of a value; of a thread's partition, the tile with its cells marked",
        run: |s, arg, out, err| {
            if arg.trim().is_empty() {
                let _ = writeln!(err, "error: :show takes an expression: :show EXPR");
            } else {
                s.show(arg, out, err);
            }
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":explain",
        args: "[--verify] [--index I] EXPR",
        help: "the result with its derivation, step by step",
        run: |s, arg, out, err| {
            s.explain(arg, out, err);
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":format",
        args: "plain|table|grid|json|cpp|dsl",
        help: "how results are printed",
        run: |s, arg, out, err| {
            match arg.trim().parse::<Format>() {
                Ok(f) => {
                    s.format = f;
                    let _ = writeln!(out, "format: {}", arg.trim());
                }
                Err(_) => {
                    let _ = writeln!(
                        err,
                        "error: unknown format '{}': plain, table, grid, json, cpp or dsl",
                        cute::escape::escaped(arg.trim())
                    );
                }
            }
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":strict",
        args: "[on|off]",
        help: "where CuTe's answer breaks the operation's law: an error (on), or the answer with a warning (off, the default); alone, toggles",
        run: |s, arg, out, err| {
            let on = match arg.trim() {
                "" => !s.env.strict(),
                "on" => true,
                "off" => false,
                other => {
                    let _ = writeln!(
                        err,
                        "error: :strict takes on or off, not '{}'",
                        cute::escape::escaped(other)
                    );
                    return Flow::Continue;
                }
            };
            s.env.set_strict(on);
            let _ = writeln!(out, "strict: {}", if on { "on" } else { "off" });
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":values",
        args: "[on|off]",
        help: "list each layout's values L(0) L(1) … after it, as CuTe's print1D (as --values)",
        run: |s, arg, out, err| {
            let on = match arg.trim() {
                "" => !s.values,
                "on" => true,
                "off" => false,
                other => {
                    let _ = writeln!(
                        err,
                        "error: :values takes on or off, not '{}'",
                        cute::escape::escaped(other)
                    );
                    return Flow::Continue;
                }
            };
            s.values = on;
            let _ = writeln!(out, "values: {}", if on { "on" } else { "off" });
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":clear",
        args: "",
        help: "forget every variable",
        run: |s, _, _, _| {
            let interrupt = s.env.interrupt().clone();
            let strict = s.env.strict();
            s.env = Env::new();
            s.env.set_interrupt(interrupt);
            s.env.set_strict(strict);
            if let Some(names) = &s.names {
                names.borrow_mut().clear();
            }
            Flow::Continue
        },
    },
    ReplCommand {
        name: ":quit",
        args: "",
        help: "leave (also Ctrl-D)",
        run: |_, _, _, _| Flow::Quit,
    },
];

/// The `:help` text, generated from the command and function tables.
pub fn help_text() -> String {
    let mut s = String::from(
        "Statements: `NAME = EXPR` binds, `EXPR` prints (`ans` is the last result).\n\
         Operators: `A o B` composition, `A / B` logical_divide, `A * B` logical_product;\n\
         `L(i)`, `L(m,n)` evaluate, `L(_,2)` slices, `#` comments.\n\
         C++'s mode indices: `size<0>(L)`, `get<1,0>(L)`, `layout<1>(L)`, `select<1,0>(L)`,\n\
         `take<0,2>(L)`, `group<0,2>(L)`, `shape<i>`, `stride<i>`, `rank<i>`, `depth<i>`.\n\nCommands:\n",
    );
    for c in COMMANDS {
        let head = if c.args.is_empty() {
            c.name.to_string()
        } else {
            format!("{} {}", c.name, c.args)
        };
        s.push_str(&format!("  {head:<40} {}\n", c.help));
    }
    s.push_str("\nFunctions:\n");
    for f in functions::all() {
        s.push_str(&format!("  {:<40} {}\n", f.signature(), f.summary()));
    }
    s.push_str(&history_help());
    s
}

/// Where the history is kept, for `:help`.
fn history_help() -> String {
    let place = match history_path() {
        Some(p) => p.display().to_string(),
        None => "nowhere (no data directory)".to_string(),
    };
    format!(
        "\nHistory: {place} (`$XDG_DATA_HOME/cute/history.txt`), the last {} statements, one \
         entry each (a multi-line statement is one entry); a statement over {} bytes is not kept.\n",
        editor::HISTORY_ENTRIES,
        editor::MAX_HISTORY_ENTRY_BYTES,
    )
}

/// A REPL session: variables, the output format and the pending multi-line statement.
pub struct Session {
    env: Env,
    format: Format,
    color: bool,
    /// List a layout's values after it (`:values`, `--values`).
    values: bool,
    splitter: Splitter,
    /// Print an `error: MESSAGE` line on the output besides the caret diagnostic (piped, when
    /// the output is not the terminal the diagnostic goes to); otherwise each error is shown
    /// once, as its diagnostic.
    error_lines: bool,
    /// The variable names the line editor completes, kept up to date (interactive only).
    names: Option<Names>,
    /// Where an assignment is parsed again for the name it bound (interactive only).
    scratch: bumpalo::Bump,
    /// What a statement wrote (`print(x);`, `printf("…")`) left its line open: the next answer
    /// starts a line of its own, and the end of the input line ends it (so that `print(x);
    /// printf("\n");`, the statements of one line, write one line, as `cute eval` does).
    open_line: std::cell::Cell<bool>,
}

impl Session {
    /// A new session.
    pub fn new(format: Format, color: bool) -> Session {
        Session {
            env: Env::new(),
            format,
            color,
            values: false,
            splitter: Splitter::new(),
            error_lines: false,
            names: None,
            scratch: bumpalo::Bump::new(),
            open_line: std::cell::Cell::new(false),
        }
    }

    /// `--strict` on or off ([`Env::set_strict`]).
    pub fn set_strict(&mut self, strict: bool) {
        self.env.set_strict(strict);
    }

    /// The values listing on or off (`--values` given to `cute repl`, as `:values on`).
    pub fn set_values(&mut self, values: bool) {
        self.values = values;
    }

    /// Keep `names` up to date with the variables this session binds (and `ans`).
    pub fn track_names(&mut self, names: Names) {
        self.names = Some(names);
    }

    /// Add what a statement bound to the tracked names: one insertion per statement.
    fn note_names(&mut self, text: &str, outcome: &Outcome) {
        let Some(names) = &self.names else {
            return;
        };
        match outcome {
            Outcome::Value(_) | Outcome::Printed(_) if !names.borrow().contains("ans") => {
                names.borrow_mut().insert("ans".to_string());
            }
            Outcome::Assigned => {
                self.scratch.reset();
                if let Ok(cute::parser::ast::Stmt::Assign { name, .. }) =
                    cute::parser::parse_statement(text, &self.scratch)
                    && !names.borrow().contains(name)
                {
                    names.borrow_mut().insert(name.to_string());
                }
            }
            _ => {}
        }
    }

    /// Hand in the flag Ctrl-C raises: a statement running when it is raised stops.
    pub fn set_interrupt(&mut self, interrupt: Interrupt) {
        self.env.set_interrupt(interrupt);
    }

    /// Whether a statement waits for more lines (an open bracket).
    pub fn is_pending(&self) -> bool {
        self.splitter.is_pending()
    }

    /// Drop the statement waiting for more lines (Ctrl-C at the continuation prompt).
    pub fn abandon(&mut self) {
        self.splitter.abandon();
    }

    /// An error, once: the caret diagnostic on `err`, and (piped to a file or program) the
    /// `error: MESSAGE` line on `out` as `cute eval` prints it.
    fn report(
        &self,
        line: usize,
        src: &str,
        e: &EvalError,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) {
        let _ = err.write_all(diagnostic::render("<repl>", line, src, e).as_bytes());
        if self.error_lines {
            let _ = writeln!(out, "error: {}", diagnostic::escaped(&e.message));
        }
    }

    /// Handle one complete input (a statement, possibly of several lines, or a `:command`).
    pub fn input(
        &mut self,
        text: &str,
        line: usize,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Flow {
        let trimmed = text.trim_start();
        if trimmed.starts_with(':') {
            let (name, arg) = trimmed
                .split_once(char::is_whitespace)
                .unwrap_or((trimmed, ""));
            return match COMMANDS
                .iter()
                .find(|c| c.name == name || (name.len() > 1 && c.name.starts_with(name)))
            {
                Some(c) => (c.run)(self, arg, out, err),
                None => {
                    let _ = writeln!(
                        err,
                        "error: unknown command '{}' (:help lists them)",
                        cute::escape::escaped(name)
                    );
                    Flow::Continue
                }
            };
        }
        self.statement(&Statement::new(text.to_string(), line), out, err)
    }

    /// Run one statement (possibly of several lines, or cut from a line at a `;`).
    fn statement(&mut self, st: &Statement, out: &mut dyn Write, err: &mut dyn Write) -> Flow {
        let line = st.line;
        self.env.set_line(line);
        let outcome = self.env.run(&st.text);
        if let Ok(o) = &outcome {
            self.note_names(&st.text, o);
        }
        let warnings = self.env.take_warnings();
        self.print_outcome(st, outcome, &warnings, out, err);
        if !warnings.is_empty() {
            let _ = out.flush();
            let _ = err.write_all(crate::runner::warning_lines(&warnings).as_bytes());
        }
        Flow::Continue
    }

    /// What a statement gave: its value (with `warnings`, the laws it breaks, in JSON), its
    /// picture or its error.
    fn print_outcome(
        &self,
        st: &Statement,
        outcome: Result<Outcome, EvalError>,
        warnings: &[cute::eval::Warning],
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) {
        // an answer starts its own line; what `print(x)` or `printf` writes runs on, its line
        // ended by the next answer or the end of the input line (`end_open_line`)
        if matches!(
            outcome,
            Ok(Outcome::Value(_) | Outcome::Text(_) | Outcome::Picture(..) | Outcome::Failed(_))
                | Err(_)
        ) {
            self.end_open_line(out);
        }
        match outcome {
            Ok(Outcome::Value(v)) => {
                let opts = self.value_options();
                match render::render(&v, self.format, &opts) {
                    Ok(mut s) => {
                        if self.format == Format::Json && !warnings.is_empty() {
                            crate::runner::with_warnings(&mut s, warnings);
                        }
                        let _ = writeln!(out, "{s}");
                    }
                    Err(m) => {
                        let _ = writeln!(err, "error: {m}");
                    }
                }
            }
            Ok(Outcome::Text(parts)) => {
                let _ = writeln!(out, "{}", render::text_line(&parts, self.format));
            }
            Ok(Outcome::Picture(kind, v)) => match render::picture_as(kind, &v, self.format) {
                Ok(s) => {
                    let _ = writeln!(out, "{s}");
                }
                Err(m) => {
                    let _ = writeln!(err, "error: {m}");
                }
            },
            // at the prompt every answer ends its line; under `--format cute` (CuTe's bytes) a
            // `print(x)`'s at the end of its input line, where the statements after it on the
            // line (`printf("\n");`) have written theirs, as `cute eval` writes them
            Ok(Outcome::Printed(v)) if self.format != Format::Cute => {
                self.print_outcome(st, Ok(Outcome::Value(v)), warnings, out, err);
            }
            Ok(Outcome::Printed(v)) => {
                let opts = self.value_options();
                match render::render(&v, self.format, &opts) {
                    Ok(s) => self.write_open(&s, out),
                    Err(m) => {
                        let _ = writeln!(err, "error: {m}");
                    }
                }
            }
            Ok(Outcome::Written(text)) => self.write_open(&text, out),
            Ok(Outcome::Sequence(items)) => {
                // what printf writes runs on; the next answer (and the prompt) starts a line
                for item in items {
                    self.print_outcome(st, Ok(item), &[], out, err);
                }
            }
            // a googletest check that failed in a body: reported as an error, and what the
            // statement printed after it follows
            Ok(Outcome::Failed(e)) | Err(e) => {
                let _ = err.write_all(diagnostic::render_statement("<repl>", st, &e).as_bytes());
                if self.error_lines {
                    let _ = writeln!(out, "error: {}", diagnostic::escaped(&e.message));
                }
            }
            Ok(_) => {}
        }
    }

    /// Write what a statement printed, its line left open where it does not end it.
    fn write_open(&self, text: &str, out: &mut dyn Write) {
        let _ = write!(out, "{text}");
        if !text.is_empty() {
            self.open_line.set(!text.ends_with('\n'));
        }
    }

    /// End the line what was printed before left open.
    /// How a value is rendered in this session: its colour, `--values`, and the terminal's
    /// width for tables and grids (no ioctl a value for the other formats).
    fn value_options(&self) -> RenderOptions {
        RenderOptions {
            paint: crate::terminal::paint(self.color),
            width: matches!(self.format, Format::Table | Format::Grid)
                .then(crate::terminal::width)
                .flatten(),
            with_values: self.values,
            ..RenderOptions::default()
        }
    }

    fn end_open_line(&self, out: &mut dyn Write) {
        if self.open_line.replace(false) {
            let _ = writeln!(out);
        }
    }

    fn show(&mut self, arg: &str, out: &mut dyn Write, err: &mut dyn Write) {
        let opts = RenderOptions {
            paint: crate::terminal::paint(self.color),
            width: crate::terminal::width(),
            ..RenderOptions::default()
        };
        // a thread's partition (`copy.thread(7).partition_S(sA)`, `local_partition(...)`): the
        // tile with the thread's cells marked, as `cute show` draws it
        match cute::eval::partition_statement::read(&self.env, arg) {
            Ok(Some(st)) => {
                match cute::render::tv::partition_picture(&st, opts.paint, opts.width) {
                    Ok(s) => {
                        let _ = write!(out, "{s}");
                    }
                    Err(e) => self.report(1, arg, &e, out, err),
                }
                return;
            }
            Ok(None) => {}
            Err(e) => {
                self.report(1, arg, &e, out, err);
                return;
            }
        }
        match self.env.run(arg) {
            Ok(Outcome::Value(v)) => match render::show(&v, &opts) {
                Ok(s) => {
                    let _ = writeln!(out, "{s}");
                }
                Err(m) => {
                    let _ = writeln!(err, "error: {m}");
                }
            },
            Ok(_) => {}
            Err(e) => {
                self.report(1, arg, &e, out, err);
            }
        }
        let warnings = self.env.take_warnings();
        if !warnings.is_empty() {
            let _ = out.flush();
            let _ = err.write_all(crate::runner::warning_lines(&warnings).as_bytes());
        }
    }

    fn explain(&mut self, arg: &str, out: &mut dyn Write, err: &mut dyn Write) {
        use cute::eval::explain::{ExplainOptions, explain};
        let mut opts = ExplainOptions::default();
        let mut rest = arg.trim_start();
        loop {
            if let Some(r) = rest.strip_prefix("--verify") {
                opts.verify = true;
                rest = r.trim_start();
            } else if let Some(r) = rest.strip_prefix("--index") {
                let r = r.trim_start();
                let end = r.find(|c: char| c.is_whitespace()).unwrap_or(r.len());
                match r[..end].parse::<i64>() {
                    Ok(i) => opts.index = Some(i),
                    Err(_) => {
                        let _ = writeln!(err, "error: --index takes an integer");
                        return;
                    }
                }
                rest = r[end..].trim_start();
            } else {
                break;
            }
        }
        match explain(&self.env, rest, &opts) {
            Ok(ex) => {
                let text = if self.format == Format::Json {
                    render::explain::json(&ex)
                } else {
                    render::explain::text(&ex, crate::terminal::paint(self.color))
                };
                let _ = writeln!(out, "{text}");
            }
            Err(e) => {
                self.report(1, rest, &e, out, err);
            }
        }
    }

    /// Feed a line of piped input; complete statements are run.
    pub fn line(&mut self, text: &str, out: &mut dyn Write, err: &mut dyn Write) -> Flow {
        self.feed(text, out, err).0
    }

    /// Feed a line; a statement it completes (or a `:command`) is run, and its whole text (the
    /// lines of a multi-line statement joined with '\n') comes back, for the history.
    pub fn feed(
        &mut self,
        text: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> (Flow, Option<String>) {
        if !self.splitter.is_pending() && text.trim_start().starts_with(':') {
            return (self.input(text, 0, out, err), Some(text.to_string()));
        }
        let Some(st) = self.splitter.push(text) else {
            return (Flow::Continue, None);
        };
        // a line that cannot continue the open statement ends it (with its error) and starts
        // its own: both are answered now, not one line late
        let mut flow = self.statement(&st, out, err);
        let mut history = st.text;
        while flow != Flow::Quit {
            let Some(next) = self.splitter.take_ready() else {
                break;
            };
            flow = self.statement(&next, out, err);
            // a statement cut from the line at a `;` goes on the same line of the history
            if !next.continues_line() {
                history.push('\n');
            }
            history.push_str(&next.text);
        }
        // the input line's statements are answered: a line they left open ends here
        self.end_open_line(out);
        (flow, Some(history))
    }
}

/// The REPL over piped standard input: no prompts, no colour, one line per result.
pub fn piped(input: impl BufRead, out: &mut dyn Write, err: &mut dyn Write, format: Format) -> i32 {
    piped_strict(input, out, err, format, false, false)
}

/// [`piped`], strict or not (`--strict`: a result that breaks its law is an error), with the
/// values listing on or off (`--values`, as `:values`).
pub fn piped_strict(
    input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    format: Format,
    strict: bool,
    values: bool,
) -> i32 {
    use std::io::IsTerminal;
    let mut session = Session::new(format, false);
    session.set_strict(strict);
    session.set_values(values);
    // both on a terminal, the diagnostic alone shows the error once
    session.error_lines = !(std::io::stdout().is_terminal() && std::io::stderr().is_terminal());
    let mut input = input;
    let mut line = Vec::new();
    loop {
        match cute::statements::read_line(&mut input, &mut line) {
            Ok(cute::statements::ReadLine::End) => break,
            Ok(cute::statements::ReadLine::Line) => {}
            Ok(cute::statements::ReadLine::TooLong(length)) => {
                // a statement pending before it is run, then the line is an error
                while let Some(st) = session.splitter.finish() {
                    session.statement(&st, out, err);
                }
                let (st, e) =
                    cute::statements::too_long(&line, length, session.splitter.line() + 1);
                session.splitter.skip_line();
                session.report(st.line, &st.text, &e, out, err);
                continue;
            }
            Err(e) => {
                let _ = writeln!(err, "error: cannot read standard input: {e}");
                return 1;
            }
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.strip_suffix('\r').unwrap_or(&text);
        if session.line(text, out, err) == Flow::Quit {
            return 0;
        }
    }
    while let Some(st) = session.splitter.finish() {
        session.statement(&st, out, err);
    }
    0
}

#[cfg(test)]
mod tests {
    use super::{Flow, Names, Session};
    use cute::render::Format;

    fn feed(s: &mut Session, line: &str) -> (Flow, Option<String>) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        s.feed(line, &mut out, &mut err)
    }

    #[test]
    fn names_are_kept_up_to_date_statement_by_statement() {
        let names = Names::default();
        let mut s = Session::new(Format::Plain, false);
        s.track_names(names.clone());
        feed(&mut s, "A = (4,8):(1,4)");
        feed(&mut s, "auto sB = Layout<Shape<_2>>{};");
        feed(&mut s, "bad = frobnicate(1)");
        assert_eq!(names.borrow().iter().collect::<Vec<_>>(), ["A", "sB"]);
        feed(&mut s, "size(A)");
        assert!(names.borrow().contains("ans"));
        feed(&mut s, ":clear");
        assert!(names.borrow().is_empty());
    }

    #[test]
    fn a_multi_line_statement_comes_back_whole_for_the_history() {
        let mut s = Session::new(Format::Plain, false);
        assert_eq!(
            feed(&mut s, "A = (4,8):(1,4)").1.as_deref(),
            Some("A = (4,8):(1,4)")
        );
        assert_eq!(feed(&mut s, "zipped_divide(A,").1, None);
        assert_eq!(
            feed(&mut s, "  (2,4))").1.as_deref(),
            Some("zipped_divide(A,\n  (2,4))")
        );
        assert_eq!(feed(&mut s, ":vars").1.as_deref(), Some(":vars"));
    }

    #[test]
    fn a_line_that_ends_an_open_statement_is_answered_at_once() {
        let mut s = Session::new(Format::Plain, false);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        s.feed("zipped_divide((4,8), (2,2)", &mut out, &mut err);
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        let (_, history) = s.feed("size((4,8))", &mut out, &mut err);
        let out = String::from_utf8_lossy(&out);
        assert!(
            out.ends_with("32\n"),
            "the second statement waits a line:\n{out}"
        );
        assert_eq!(
            history.as_deref(),
            Some("zipped_divide((4,8), (2,2)\nsize((4,8))")
        );
    }

    #[test]
    fn help_says_where_the_history_is() {
        let help = super::help_text();
        assert!(help.contains("History:"), "{help}");
        if let Some(path) = super::history_path() {
            assert!(help.contains(&path.display().to_string()), "{help}");
        }
    }
}
