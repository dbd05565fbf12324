//! The statement runner of `cute eval` and `cute run`: one line per expression statement
//! (SPEC §4), errors as diagnostics, one-line statements answered ahead on threads
//! ([`crate::batch`]).

use std::io::{self, BufRead, Write};

use crate::batch::LineAnswer;
use crate::diagnostic;
use crate::input::BLOCK;
use cute::eval::{Env, EvalError, Outcome, Value};
use cute::limits::MAX_STATEMENT_LEN;
use cute::parser::Span;
use cute::render::plain;
use cute::statements::{Splitter, Statement};

/// How values are printed: the one-line notation unless a format was chosen. A printer
/// appends the value's text to the line it is given (a buffer the runner reuses, so that
/// printing a value allocates nothing).
pub type Printer<'p> = &'p dyn Fn(&Value, &mut String) -> Result<(), cute::render::RenderError>;

/// The one-line notation of SPEC §3.
pub fn plain_printer(v: &Value, line: &mut String) -> Result<(), cute::render::RenderError> {
    plain::write_value(line, v);
    Ok(())
}

/// Runs statements, printing one line per expression statement (SPEC §4).
pub struct Runner<'w> {
    env: Session<'w>,
    out: &'w mut dyn Write,
    err: &'w mut dyn Write,
    failed: bool,
    source_name: &'w str,
    printer: Printer<'w>,
    /// The line a value is printed into (reused from statement to statement).
    line: String,
    /// Answering one-line statements ahead on threads, when it is on.
    ahead: Option<Ahead>,
    /// Print a failing statement's line as JSON data (`--format json`), not `error: …`.
    json_errors: bool,
    /// Output and diagnostics go to one terminal ([`Runner::on_one_terminal`]).
    one_terminal: bool,
    /// How a printing statement's values are written ([`Runner::with_text_format`]).
    text_format: cute::render::Format,
    /// Outside `--format cute`: the last text written (C's `printf`) left its line open, so
    /// the next answer starts a line of its own (one answer per line, SPEC §4).
    open_line: bool,
    /// The value of the `print(x)` being reported is one whose CuTe `print` ends its own
    /// line (an atom).
    printed_ends_line: bool,
}

/// Whether CuTe's `print` of the value ends with a newline of its own: an atom's (`MMA_Atom`,
/// `TiledMMA`, `Copy_Atom`, … print their members a line each, the last one ended).
fn prints_own_newline(v: &Value) -> bool {
    matches!(v, Value::Atom(_))
}

/// The session a runner evaluates in: its own, or one lent to it for a while (a batch
/// thread's, [`answer_line`]).
enum Session<'w> {
    Own(Box<Env>),
    Lent(&'w mut Env),
}

impl std::ops::Deref for Session<'_> {
    type Target = Env;
    fn deref(&self) -> &Env {
        match self {
            Session::Own(e) => e,
            Session::Lent(e) => e,
        }
    }
}

impl std::ops::DerefMut for Session<'_> {
    fn deref_mut(&mut self) -> &mut Env {
        match self {
            Session::Own(e) => e,
            Session::Lent(e) => e,
        }
    }
}

/// What the runner keeps while it answers one-line statements ahead ([`crate::batch`]).
#[derive(Default)]
struct Ahead {
    /// The text of the last statement answered ahead, when that value is `ans` and the
    /// session has not been told yet: it is evaluated again only if a later statement (or
    /// [`Runner::env`]) needs `ans`.
    ans: Option<Vec<u8>>,
}

impl<'w> Runner<'w> {
    /// A runner writing values to `out` and diagnostics to `err`.
    pub fn new(out: &'w mut dyn Write, err: &'w mut dyn Write, source_name: &'w str) -> Runner<'w> {
        Runner::with_session(out, err, source_name, Session::Own(Box::new(Env::new())))
    }

    /// A runner in this session, lent for the runner's life, instead of a new one.
    pub fn in_session(
        out: &'w mut dyn Write,
        err: &'w mut dyn Write,
        source_name: &'w str,
        env: &'w mut Env,
    ) -> Runner<'w> {
        Runner::with_session(out, err, source_name, Session::Lent(env))
    }

    fn with_session(
        out: &'w mut dyn Write,
        err: &'w mut dyn Write,
        source_name: &'w str,
        env: Session<'w>,
    ) -> Runner<'w> {
        Runner {
            env,
            out,
            err,
            failed: false,
            source_name,
            printer: &plain_printer,
            line: String::new(),
            ahead: Some(Ahead::default()),
            json_errors: false,
            one_terminal: false,
            text_format: cute::render::Format::Plain,
            open_line: false,
            printed_ends_line: false,
        }
    }

    /// The format of a printing statement's values (`print(x)`): CuTe's notation under
    /// `--format cute`, the plain one otherwise ([`cute::render::text_line`]).
    pub fn with_text_format(mut self, format: cute::render::Format) -> Runner<'w> {
        self.text_format = format;
        self
    }

    /// Print values with another format (answering ahead, which prints the one-line notation,
    /// is then off).
    pub fn with_printer(mut self, printer: Printer<'w>) -> Runner<'w> {
        self.printer = printer;
        self.ahead = None;
        self
    }

    /// Print values into `line` (a buffer kept from an earlier runner: see
    /// [`Runner::into_line`]).
    pub fn with_line(mut self, line: String) -> Runner<'w> {
        self.line = line;
        self
    }

    /// The buffer values were printed into, to lend to the next runner.
    pub fn into_line(self) -> String {
        self.line
    }

    /// Print each failing statement's line as JSON (`{"error": {"message", "kind", "span"}}`),
    /// as `--format json` asks; the caret diagnostic still goes to `err`.
    pub fn with_json_errors(mut self, on: bool) -> Runner<'w> {
        self.json_errors = on;
        self
    }

    /// Output and diagnostics go to one terminal, read by a person (`on`): a failing statement
    /// shows its diagnostic only — once, not also as the `error:` line meant for a pipe — and
    /// after the output of the statements before it (the output is flushed first). Answering
    /// ahead is then off: every statement is printed as it is run, in order.
    pub fn on_one_terminal(mut self, on: bool) -> Runner<'w> {
        self.one_terminal = on;
        if on {
            self.ahead = None;
        }
        self
    }

    /// `--strict`: a result that breaks its law fails its statement instead of warning (SPEC
    /// §3). Answering ahead (whose threads keep sessions of their own) is then off.
    pub fn with_strict(mut self, strict: bool) -> Runner<'w> {
        self.env.set_strict(strict);
        if strict {
            self.ahead = None;
        }
        self
    }

    /// Turn answering ahead on or off: the pure one-line statements of a block are evaluated
    /// on several threads before the block is printed in order ([`crate::batch`]); it is on for
    /// the one-line notation and gives byte for byte what one statement after the other gives.
    pub fn with_answer_ahead(mut self, on: bool) -> Runner<'w> {
        self.ahead = on.then(Ahead::default);
        self
    }

    /// Whether any statement failed.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The session's variables.
    pub fn env(&mut self) -> &mut Env {
        self.settle_ans();
        &mut self.env
    }

    /// Give the session the `ans` of the last statement answered ahead.
    fn settle_ans(&mut self) {
        if let Some(text) = self.ahead.as_mut().and_then(|f| f.ans.take()) {
            // a thread printed this value, so the session computes it too
            let _ = self.env.run(&String::from_utf8_lossy(&text));
        }
    }

    /// Run one statement. An I/O error (a closed stdout) is returned.
    pub fn statement(&mut self, st: &Statement) -> io::Result<()> {
        let pending_ans = self.ahead.as_ref().is_some_and(|f| f.ans.is_some());
        if pending_ans && st.text.contains("ans") {
            self.settle_ans();
        }
        let bound = self.env.ans_bound();
        let r = self.run_statement(st);
        if pending_ans && self.env.ans_bound() != bound {
            // this statement bound `ans`: the value answered ahead is no longer it
            if let Some(f) = self.ahead.as_mut() {
                f.ans = None;
            }
        }
        r
    }

    fn run_statement(&mut self, st: &Statement) -> io::Result<()> {
        let printer = self.printer;
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        let mut printed = None;
        let mut ends_line = false;
        self.env.set_line(st.line);
        let outcome = self.env.run_with(&st.text, |v| {
            ends_line = prints_own_newline(v);
            printed = Some(printer(v, &mut line));
        });
        self.printed_ends_line = ends_line;
        let r = self.report(st, outcome, printed, &mut line);
        self.line = line;
        r
    }

    /// Print what a statement that is a call on literals gave, as [`Runner::statement`] would
    /// print it, in a session whose `ans` nothing reads (answering ahead: the caller keeps the
    /// line instead). The statement was evaluated by the syntactic shortcut of the evaluator
    /// ([`Env::answer_literal`]): `outcome`, its value `printed` into the runner's line. The
    /// statement is the line `text` of the input, numbered `line` (its [`Statement`] is made
    /// only to report an error). With what was written: whether the statement had a value
    /// (which `ans` would be).
    fn literal_answered(
        &mut self,
        text: &[u8],
        line: usize,
        outcome: Result<(), EvalError>,
        printed: Option<Result<(), cute::render::RenderError>>,
    ) -> (io::Result<()>, bool) {
        let mut buf = std::mem::take(&mut self.line);
        let valued = outcome.is_ok();
        let written = if valued && matches!(printed, Some(Ok(()))) {
            self.print_line(&mut buf)
        } else {
            // a statement the shortcut reads is ASCII
            let st = Statement::new(String::from_utf8_lossy(text).into_owned(), line);
            let outcome = outcome.map(|()| Outcome::Value(Value::Under));
            self.report(&st, outcome, printed, &mut buf)
        };
        self.line = buf;
        (written, valued)
    }

    /// Print a value's line.
    fn print_line(&mut self, text: &mut String) -> io::Result<()> {
        self.end_open_line()?;
        // one write, the newline included: the line reaches a line-buffered output whole,
        // before any diagnostic that follows it on the error stream
        text.push('\n');
        self.out.write_all(text.as_bytes())
    }

    /// Whether the output is CuTe's bytes exactly (`--format cute`): `print(x)` without a
    /// newline, `printf` as written.
    fn as_cute(&self) -> bool {
        self.text_format == cute::render::Format::Cute
    }

    /// Write text exactly (C's `printf`, CuTe's `print(x)` under `--format cute`).
    fn write_text(&mut self, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        if !self.as_cute() {
            self.open_line = !text.ends_with('\n');
        }
        self.out.write_all(text.as_bytes())
    }

    /// End a line left open by text written before (outside `--format cute`).
    fn end_open_line(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.open_line) {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// The end of the input: a line left open is ended (outside `--format cute`, whose bytes
    /// are CuTe's).
    pub fn finish_output(&mut self) -> io::Result<()> {
        self.end_open_line()
    }

    /// A value CuTe's `print(x)` printed (its text in `line`): as it is under `--format cute`
    /// (an atom's print ends its own last line, [`prints_own_newline`]), a line otherwise.
    fn print_printed(&mut self, line: &mut String) -> io::Result<()> {
        if self.as_cute() && !self.json_errors {
            if std::mem::take(&mut self.printed_ends_line) {
                line.push('\n');
            }
            let text = std::mem::take(line);
            let r = self.write_text(&text);
            *line = text;
            return r;
        }
        self.print_line(line)
    }

    /// Print what a control statement's body gave, in order.
    fn report_items(&mut self, st: &Statement, items: Vec<Outcome>) -> io::Result<()> {
        let printer = self.printer;
        for item in items {
            let mut line = String::new();
            match item {
                Outcome::Value(v) => match printer(&v, &mut line) {
                    Ok(()) => self.print_line(&mut line)?,
                    Err(msg) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len())))?,
                },
                Outcome::Printed(v) => match printer(&v, &mut line) {
                    Ok(()) => {
                        self.printed_ends_line = prints_own_newline(&v);
                        self.print_printed(&mut line)?;
                    }
                    Err(msg) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len())))?,
                },
                other => self.report_outcome(st, Ok(other), None, &mut line)?,
            }
        }
        Ok(())
    }

    /// Print what a statement gave: its value's line (`printed` into `line`), its picture, or
    /// its error.
    fn report(
        &mut self,
        st: &Statement,
        outcome: Result<Outcome, EvalError>,
        printed: Option<Result<(), cute::render::RenderError>>,
        line: &mut String,
    ) -> io::Result<()> {
        let warnings = self.env.take_warnings();
        let warned = !warnings.is_empty() && outcome.is_ok();
        if warned && self.json_errors {
            with_warnings(line, &warnings);
        }
        let written = self.report_outcome(st, outcome, printed, line);
        if warned {
            // the value first, then what it breaks
            self.out.flush()?;
            let _ = self.err.write_all(warning_lines(&warnings).as_bytes());
        }
        written
    }

    /// [`Runner::report`] of the outcome itself.
    fn report_outcome(
        &mut self,
        st: &Statement,
        outcome: Result<Outcome, EvalError>,
        printed: Option<Result<(), cute::render::RenderError>>,
        line: &mut String,
    ) -> io::Result<()> {
        match outcome {
            Ok(Outcome::Value(_)) => match printed {
                Some(Ok(())) => self.print_line(line),
                Some(Err(msg)) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len()))),
                None => Ok(()),
            },
            Ok(Outcome::Printed(_)) => match printed {
                Some(Ok(())) => self.print_printed(line),
                Some(Err(msg)) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len()))),
                None => Ok(()),
            },
            Ok(Outcome::Written(text)) if self.json_errors => {
                let mut data = serde_json::json!({"kind": "text", "text": text}).to_string();
                self.print_line(&mut data)
            }
            Ok(Outcome::Written(text)) => self.write_text(&text),
            Ok(Outcome::Sequence(items)) => self.report_items(st, items),
            // a printed line (`cute.printf`): JSON data too under --format json
            Ok(Outcome::Text(parts)) if self.json_errors => {
                let text = cute::render::text_line(&parts, self.text_format);
                let mut data = serde_json::json!({"kind": "text", "text": text}).to_string();
                self.print_line(&mut data)
            }
            Ok(Outcome::Text(parts)) => {
                let mut text = cute::render::text_line(&parts, self.text_format);
                self.print_line(&mut text)
            }
            Ok(Outcome::Picture(kind, v)) => {
                match cute::render::picture_as(kind, &v, self.text_format) {
                    Ok(mut text) => self.print_line(&mut text),
                    Err(msg) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len()))),
                }
            }
            // a googletest check that failed in a body: reported, and the output goes on
            Ok(Outcome::Failed(e)) => self.fail(st, &e),
            Ok(_) => Ok(()),
            Err(e) => self.fail(st, &e),
        }
    }

    fn fail(&mut self, st: &Statement, e: &EvalError) -> io::Result<()> {
        self.failed = true;
        if self.one_terminal {
            // what came before reaches the terminal first
            self.out.flush()?;
            let diagnostic = diagnostic::render_statement(self.source_name, st, e);
            let _ = self.err.write_all(diagnostic.as_bytes());
            if self.json_errors {
                writeln!(self.out, "{}", json_error(e))?;
            }
            return Ok(());
        }
        if self.json_errors {
            let diagnostic = diagnostic::render_statement(self.source_name, st, e);
            let _ = self.err.write_all(diagnostic.as_bytes());
            return writeln!(self.out, "{}", json_error(e));
        }
        diagnostic::report(self.source_name, st, e, self.out, self.err)
    }

    /// Run every statement of an input. The input is taken in blocks of whole lines; with the
    /// answering ahead on, each block's pure one-line statements are first answered (on
    /// several threads for a large block), then every line is taken in order: an answered
    /// statement prints its answer, any other goes through the session — the same output, in
    /// the same order, as one statement after the other.
    ///
    /// `file`: the input's descriptor where it has one ([`crate::input::descriptor`]): a
    /// regular file's size sets the first block's allocation ([`crate::input::Input`]).
    pub fn reader(&mut self, input: impl BufRead, file: Option<std::fs::File>) -> io::Result<()> {
        // the other processors woken first: reading the input takes a while
        if self.ahead.is_some() {
            crate::batch::warm_up();
        }
        let mut input = crate::input::Input::new(input, file);
        let mut splitter = Splitter::whole_text();
        loop {
            // the window holds no newline here (a partial line at most): only new bytes are
            // scanned
            let start = input.window().len();
            let got = input.more(BLOCK).map_err(|e| self.read_error(e))?;
            let eof = (got as u64) < BLOCK;
            let buf = input.window();
            // the block's complete lines (at the end of the input: all of it)
            let end = match buf[start..].iter().rposition(|&b| b == b'\n') {
                _ if eof && buf.len() <= MAX_STATEMENT_LEN => buf.len(),
                Some(i) => start + i + 1,
                None if buf.len() > MAX_STATEMENT_LEN => {
                    // a line past the limit: reported, and skipped in constant memory
                    self.overlong_line(&mut input, &mut splitter)?;
                    input.clear();
                    if eof {
                        break;
                    }
                    continue;
                }
                None => continue, // a line longer than a block: read on
            };
            self.block(&buf[..end], &mut splitter)?;
            input.consume(end);
            if eof {
                break;
            }
        }
        crate::batch::warm_down();
        while let Some(st) = splitter.finish() {
            self.statement(&st)?;
        }
        self.end_open_line()
    }

    /// A failure to read the input, told apart from a failure to write the output (which the
    /// command reports once, as `cannot write output`): it carries its message.
    fn read_error(&self, e: io::Error) -> io::Error {
        io::Error::other(format!("cannot read {}: {e}", self.source_name))
    }

    /// A line longer than [`MAX_STATEMENT_LEN`] (the window holds its first bytes, the rest is
    /// still to be read): a statement pending before it is run, the line fails with an error
    /// naming the limit, and the input is skipped to the next newline without keeping it.
    fn overlong_line<R: BufRead>(
        &mut self,
        input: &mut crate::input::Input<R>,
        splitter: &mut Splitter,
    ) -> io::Result<()> {
        while let Some(st) = splitter.finish() {
            self.statement(&st)?;
        }
        let rest = input.skip_line().map_err(|e| self.read_error(e))?;
        let start = input.window();
        let (st, e) =
            cute::statements::too_long(start, start.len() as u64 + rest, splitter.line() + 1);
        splitter.skip_line();
        self.fail(&st, &e)?;
        self.out.flush()
    }

    /// The lines of `block` (complete lines, the last one's newline optional).
    fn block(&mut self, block: &[u8], splitter: &mut Splitter) -> io::Result<()> {
        let first = splitter.line() + 1;
        let source = self.source_name;
        // the last line answered ahead whose value is `ans` until the session runs a statement
        let mut last_ans: Option<&[u8]> = None;
        let answer = self.ahead.is_some();
        let r = crate::batch::in_order(
            block,
            first,
            source,
            answer.then_some(answer_line as crate::batch::Answerer),
            |run| self.take_run(block, run, splitter, &mut last_ans),
        );
        self.remember_ans(last_ans);
        r
    }

    /// The lines of one run, in order: an answered line's output is copied out, any other
    /// goes through the session.
    fn take_run<'b>(
        &mut self,
        block: &'b [u8],
        run: &crate::batch::Run,
        splitter: &mut Splitter,
        last_ans: &mut Option<&'b [u8]>,
    ) -> io::Result<()> {
        // the answered output not yet written, a range of the run's buffers
        let (mut out, mut err) = (0..0, 0..0);
        // whether a line answered ahead stands: it names functions only, so once a variable
        // shadows one of CuTe's names (or the session has seen DSL text, whose lines are
        // Python's: `(4)` is 4) the session answers it; and a line that is part of a
        // statement of several lines, or skipped, goes through the splitter. Asked again only
        // after a line the session takes (nothing else changes the splitter or the session)
        let stands = |env: &Env, splitter: &Splitter| {
            !splitter.is_holding() && !env.shadows_any() && !env.dsl_seen()
        };
        let mut answers_stand = stands(&self.env, splitter);
        for line in &run.lines {
            let text = &block[line.range.clone()];
            if let LineAnswer::Done {
                out_end,
                err_end,
                failed,
                sets_ans,
            } = line.answer
            {
                let (o, e) = (out.end..out_end, err.end..err_end);
                if answers_stand {
                    out.end = o.end;
                    err.end = e.end;
                    self.failed |= failed;
                    if sets_ans {
                        *last_ans = Some(text);
                    }
                    splitter.skip_line();
                    continue;
                }
                // part of a statement of several lines, or answered before a variable
                // shadowed a name: its answer is not used
                if !out.is_empty() {
                    self.end_open_line()?;
                }
                self.out.write_all(&run.out[out.clone()])?;
                let _ = self.err.write_all(&run.err[err.clone()]);
                (out, err) = (o.end..o.end, e.end..e.end);
            }
            let text = match std::str::from_utf8(text) {
                Ok(t) => std::borrow::Cow::Borrowed(t),
                Err(_) => String::from_utf8_lossy(text),
            };
            let text = text.strip_suffix('\r').unwrap_or(&text);
            if let Some(st) = splitter.push(text) {
                if !out.is_empty() {
                    self.end_open_line()?;
                }
                self.out.write_all(&run.out[out.clone()])?;
                let _ = self.err.write_all(&run.err[err.clone()]);
                (out, err) = (out.end..out.end, err.end..err.end);
                self.remember_ans(last_ans.take());
                self.statement(&st)?;
                // the line ended an open statement it cannot continue, and is one itself
                while let Some(st) = splitter.take_ready() {
                    self.statement(&st)?;
                }
            }
            answers_stand = stands(&self.env, splitter);
        }
        if !out.is_empty() {
            self.end_open_line()?;
        }
        self.out.write_all(&run.out[out])?;
        let _ = self.err.write_all(&run.err[err]);
        Ok(())
    }

    /// Keep `line` (the last one answered ahead that bound `ans`) as the pending `ans`.
    fn remember_ans(&mut self, line: Option<&[u8]>) {
        if let (Some(line), Some(ahead)) = (line, self.ahead.as_mut()) {
            let ans = ahead.ans.get_or_insert_with(Vec::new);
            ans.clear();
            ans.extend_from_slice(line.strip_suffix(b"\r").unwrap_or(line));
        }
    }
}

/// The warnings of a statement as stderr shows them: `warning: MESSAGE`, a line each (SPEC §3:
/// CuTe's answer breaks the law of the function called).
pub fn warning_lines(warnings: &[cute::eval::Warning]) -> String {
    let mut text = String::new();
    for w in warnings {
        text.push_str("warning: ");
        text.push_str(&diagnostic::escaped(&w.message));
        text.push('\n');
    }
    text
}

/// A value's JSON object (`line`) with the statement's warnings added as `"warnings": [...]`.
pub fn with_warnings(line: &mut String, warnings: &[cute::eval::Warning]) {
    if !line.ends_with('}') {
        return;
    }
    let ws: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    let field = serde_json::json!(ws).to_string();
    line.pop();
    let empty = line.ends_with('{');
    if !empty {
        line.push(',');
    }
    line.push_str("\"warnings\":");
    line.push_str(&field);
    line.push('}');
}

/// A failed statement as JSON data: `{"error": {"message": …, "kind": …, "span": [start, end]}}`
/// (byte offsets in the statement).
pub fn json_error(e: &EvalError) -> String {
    serde_json::json!({
        "error": {
            "message": e.message,
            "kind": e.kind.name(),
            "span": [e.span.start, e.span.end],
        }
    })
    .to_string()
}

/// Whether the line is a whole statement by itself ([`cute::statements::is_whole`]) that
/// mentions nothing but function names: no variable (nor `ans`), no name that would become an
/// atom or element-type name, so its value is the same in any session. One pass over the
/// bytes counts the brackets as it checks the names; a line with a comment (`#`, `/`) has its
/// brackets counted by `is_whole`, which skips comments.
fn is_pure_whole(text: &str) -> bool {
    let b = text.as_bytes();
    let mut depth: i64 = 0;
    let mut comment = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts = c.is_ascii_alphabetic()
            || (c == b'_'
                && b.get(i + 1)
                    .is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'_'));
        // `_4` and `_-4` are integers, a lone `_` the underscore
        let integer = c == b'_' && b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if starts && !integer {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            if cute::eval::functions::lookup(&text[start..i]).is_none() {
                return false;
            }
            continue;
        }
        if c.is_ascii_digit() {
            // a number's digits and any letters glued to it are not a name
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            continue;
        }
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            // a comment, or an angle bracket (a template's, or a comparison): the splitter's
            // own scan decides
            b'#' | b'/' | b'<' | b'>' => comment = true,
            // a binding (`size = 4`) changes the session; a keyword argument or `==` is left
            // to it too
            b'=' => return false,
            // a line of several statements is cut at its `;` by the splitter
            b';' if !text[i + 1..].trim().is_empty() => return false,
            _ => {}
        }
        i += 1;
    }
    if comment {
        cute::statements::is_whole(text)
    } else {
        cute::statements::is_whole_at(depth, text.len())
    }
}

/// Answer one line (`text`, without newline or carriage return) into `run`'s buffers.
pub(crate) fn answer_line(
    text: &[u8],
    line: usize,
    source: &str,
    run: &mut crate::batch::Run,
) -> LineAnswer {
    thread_local! {
        // the thread's session for pure lines: they read no variable, so one session serves
        // them all and its memory (the syntax tree's arena, the binding of `ans`, the line a
        // value is printed into) is reused
        static SESSION: std::cell::RefCell<(Env, String)> =
            std::cell::RefCell::new((Env::new(), String::new()));
    }
    // the thread-local's access (`try_with`, inline, its accessor too) and the session's
    // answer inline here: one call a line (through `with`, not inline, a call of its own
    // that called the accessor through a pointer). A thread whose session is gone (being
    // torn down) leaves the line to the session that runs the input.
    SESSION
        .try_with(|session| {
            let (env, line_buf) = &mut *session.borrow_mut();
            answer_in_session(env, line_buf, text, line, source, run)
        })
        .unwrap_or(LineAnswer::Declined)
}

/// [`answer_line`] in the thread's session (`env`, and `line_buf` to print a value into).
#[inline(always)]
fn answer_in_session(
    env: &mut Env,
    line_buf: &mut String,
    text: &[u8],
    line: usize,
    source: &str,
    run: &mut crate::batch::Run,
) -> LineAnswer {
    // a call on literals is whole and mentions no variable: answered without checking so
    // a line the shortcut does not read is read as text (UTF-8) by the general parser.
    // Its value, the commonest outcome, is printed straight into the run's output (the
    // same printer as a runner's, `plain_printer`); anything else through a runner
    line_buf.clear();
    let mut printed = None;
    let literal = env.answer_literal(text, |v| printed = Some(plain_printer(v, line_buf)));
    let (failed, sets_ans) = if matches!(literal, Some(Ok(()))) && matches!(printed, Some(Ok(()))) {
        line_buf.push('\n');
        run.out.extend_from_slice(line_buf.as_bytes());
        if env.has_warnings() {
            let warnings = env.take_warnings();
            run.err
                .extend_from_slice(warning_lines(&warnings).as_bytes());
        }
        (false, true)
    } else {
        match answer_by_runner(env, line_buf, literal, printed, text, line, source, run) {
            (Some(Ok(())), failed, sets_ans) => (failed, sets_ans),
            _ => return LineAnswer::Declined,
        }
    };
    LineAnswer::Done {
        out_end: run.out.len(),
        err_end: run.err.len(),
        failed,
        sets_ans,
    }
}

/// [`answer_line`] of a line whose value is not printed straight: an error, a value that does
/// not print, or a statement the shortcut does not read (`literal` is `None`: the general parser
/// reads it). Kept out of line, so that what the commonest lines run stays compact.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn answer_by_runner(
    env: &mut Env,
    line_buf: &mut String,
    literal: Option<Result<(), EvalError>>,
    printed: Option<Result<(), cute::render::RenderError>>,
    text: &[u8],
    line: usize,
    source: &str,
    run: &mut crate::batch::Run,
) -> (Option<io::Result<()>>, bool, bool) {
    let bound = env.ans_bound();
    let mut runner = Runner::in_session(&mut run.out, &mut run.err, source, env)
        .with_answer_ahead(false)
        .with_line(std::mem::take(line_buf));
    let (written, sets_ans) = match literal {
        Some(outcome) => {
            let (written, valued) = runner.literal_answered(text, line, outcome, printed);
            (Some(written), valued)
        }
        None => match std::str::from_utf8(text) {
            Ok(s) if is_pure_whole(s) => {
                let written = runner.statement(&Statement::new(s.to_string(), line));
                (Some(written), false)
            }
            _ => (None, false),
        },
    };
    let failed = runner.failed();
    *line_buf = runner.into_line();
    (written, failed, sets_ans || env.ans_bound() != bound)
}
