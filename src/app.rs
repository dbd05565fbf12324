//! The commands, as library functions the thin `main` calls (and tests can call too).

use crate::input::BLOCK;
use cute::limits::MAX_STATEMENT_LEN;
use std::io::{self, BufRead, Write};

use crate::batch::LineAnswer;
use crate::diagnostic;
use cute::eval::{Env, EvalError, Outcome, Value, functions};
use cute::parser::{self, Span};
use cute::render::plain;
use cute::statements::{Splitter, Statement};

/// Exit status: everything succeeded.
pub const EXIT_OK: i32 = 0;
/// Exit status: some input was wrong.
pub const EXIT_INPUT: i32 = 1;

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
        }
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
        let outcome = self
            .env
            .run_with(&st.text, |v| printed = Some(printer(v, &mut line)));
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
            let st = Statement {
                text: String::from_utf8_lossy(text).into_owned(),
                line,
            };
            let outcome = outcome.map(|()| Outcome::Value(Value::Under));
            self.report(&st, outcome, printed, &mut buf)
        };
        self.line = buf;
        (written, valued)
    }

    /// Print a value's line.
    fn print_line(&mut self, text: &mut String) -> io::Result<()> {
        // one write, the newline included: the line reaches a line-buffered output whole,
        // before any diagnostic that follows it on the error stream
        text.push('\n');
        self.out.write_all(text.as_bytes())
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
        match outcome {
            Ok(Outcome::Value(_)) => match printed {
                Some(Ok(())) => self.print_line(line),
                Some(Err(msg)) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len()))),
                None => Ok(()),
            },
            Ok(Outcome::Picture(kind, v)) => match cute::render::picture(kind, &v) {
                Ok(mut text) => self.print_line(&mut text),
                Err(msg) => self.fail(st, &EvalError::new(msg, Span::new(0, st.text.len()))),
            },
            Ok(_) => Ok(()),
            Err(e) => self.fail(st, &e),
        }
    }

    fn fail(&mut self, st: &Statement, e: &EvalError) -> io::Result<()> {
        self.failed = true;
        if self.json_errors {
            let diagnostic = diagnostic::render(self.source_name, st.line, &st.text, e);
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
    /// regular file is mapped rather than read ([`crate::input::Input`]).
    pub fn reader(&mut self, input: impl BufRead, file: Option<std::fs::File>) -> io::Result<()> {
        // the other processors woken first: mapping or reading the input takes a while
        if self.ahead.is_some() {
            crate::batch::warm_up();
        }
        let mut input = crate::input::Input::new(input, file);
        let mut splitter = Splitter::new();
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
        if let Some(st) = splitter.finish() {
            self.statement(&st)?;
        }
        input.finish().map_err(|e| self.read_error(e))
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
        if let Some(st) = splitter.finish() {
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
                if !splitter.is_pending() {
                    out.end = o.end;
                    err.end = e.end;
                    self.failed |= failed;
                    if sets_ans {
                        *last_ans = Some(text);
                    }
                    splitter.skip_line();
                    continue;
                }
                // part of a statement of several lines: its answer is not used
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
                self.out.write_all(&run.out[out.clone()])?;
                let _ = self.err.write_all(&run.err[err.clone()]);
                (out, err) = (out.end..out.end, err.end..err.end);
                self.remember_ans(last_ans.take());
                self.statement(&st)?;
            }
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

/// `cute eval`: statements from the arguments, or from `input` when there are none.
pub fn eval(
    args: &[String],
    input: impl BufRead + std::os::fd::AsFd,
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
    answer_ahead: bool,
    json_errors: bool,
) -> i32 {
    let name = if args.is_empty() {
        "<stdin>"
    } else {
        "<argument>"
    };
    let mut runner = Runner::new(out, err, name)
        .with_printer(printer)
        .with_answer_ahead(answer_ahead)
        .with_json_errors(json_errors);
    let result = if args.is_empty() {
        let file = crate::input::descriptor(&input);
        runner.reader(input, file)
    } else {
        args.iter().enumerate().try_for_each(|(i, a)| {
            runner.statement(&Statement {
                text: a.clone(),
                line: i + 1,
            })
        })
    };
    finish(result, runner.failed())
}

/// `cute run FILE`: the statements of a file, printed as `cute eval` prints them.
pub fn run_file(
    path: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
    answer_ahead: bool,
    json_errors: bool,
) -> i32 {
    let mut runner = Runner::new(out, err, if path == "-" { "<stdin>" } else { path })
        .with_printer(printer)
        .with_answer_ahead(answer_ahead)
        .with_json_errors(json_errors);
    let result = if path == "-" {
        let stdin = io::stdin().lock();
        let file = crate::input::descriptor(&stdin);
        runner.reader(stdin, file)
    } else {
        match std::fs::File::open(path) {
            Ok(f) => {
                let file = crate::input::descriptor(&f);
                runner.reader(io::BufReader::new(f), file)
            }
            Err(e) => {
                let _ = writeln!(err, "error: cannot read {path}: {e}");
                return EXIT_INPUT;
            }
        }
    };
    finish(result, runner.failed())
}

/// Exit status from a run's I/O result: a closed stdout is not an error. A failure to read
/// the input (an error that carries its message) is not reported elsewhere: it is written to
/// `err` here. A failure to write the output is reported by the command's [`Latched`] output.
pub fn finish(result: io::Result<()>, failed: bool) -> i32 {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) if e.get_ref().is_some() => {
            let _ = writeln!(io::stderr(), "error: {e}");
            EXIT_INPUT
        }
        Err(_) => EXIT_INPUT,
        Ok(()) if failed => EXIT_INPUT,
        Ok(()) => EXIT_OK,
    }
}

/// A spinner on standard error for long work: it appears only after a second, only on a
/// terminal (nothing when piped), and disappears when dropped.
pub struct Spinner {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    /// Start waiting; after a second, `message` spins until the spinner is dropped.
    pub fn after_a_second(message: &'static str) -> Spinner {
        use std::io::IsTerminal;
        use std::sync::atomic::Ordering;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if !io::stderr().is_terminal() {
            return Spinner { done, thread: None };
        }
        let flag = done.clone();
        let thread = std::thread::spawn(move || {
            let start = std::time::Instant::now();
            while start.elapsed() < std::time::Duration::from_secs(1) {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let bar = indicatif::ProgressBar::new_spinner().with_message(message);
            bar.enable_steady_tick(std::time::Duration::from_millis(100));
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            bar.finish_and_clear();
        });
        Spinner {
            done,
            thread: Some(thread),
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
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

/// A writer that remembers its first failure, so that a command whose writes failed part-way
/// (a full disk) says so once at the end, whatever it did with the error.
pub struct Latched<W: Write> {
    inner: W,
    failure: Option<(io::ErrorKind, String)>,
}

impl<W: Write> Latched<W> {
    /// Wrap a writer.
    pub fn new(inner: W) -> Latched<W> {
        Latched {
            inner,
            failure: None,
        }
    }

    /// Flush, then the first failure of any write or of the flush, if any.
    pub fn finish(&mut self) -> Option<(io::ErrorKind, String)> {
        let _ = self.flush();
        self.failure.take()
    }

    fn latch<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r
            && self.failure.is_none()
        {
            self.failure = Some((e.kind(), e.to_string()));
        }
        r
    }
}

impl<W: Write> Write for Latched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        self.latch(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.latch(r)
    }
}

/// Evaluate one command-line argument as an expression; report a failure against it.
pub fn eval_argument(env: &Env, index: usize, text: &str, err: &mut dyn Write) -> Option<Value> {
    let name = format!("<argument {index}>");
    let arena = bumpalo::Bump::new();
    let result = parser::parse_expr(text, &arena)
        .map_err(EvalError::from)
        .and_then(|e| env.eval(&e));
    match result {
        Ok(v) => Some(v),
        Err(e) => {
            let _ = err.write_all(diagnostic::render(&name, 1, text, &e).as_bytes());
            None
        }
    }
}

/// A one-liner: `FUNCTION(ARG, ...)` with each argument an expression of its own.
/// Exit 1 with the diagnostic on stderr and nothing on stdout when the input is wrong.
pub fn one_liner(
    function: &str,
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
) -> i32 {
    let env = Env::new();
    let Some(f) = functions::lookup(function) else {
        let _ = writeln!(err, "error: unknown function {function}");
        return EXIT_INPUT;
    };
    let mut vals = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        match eval_argument(&env, i + 1, a, err) {
            Some(v) => vals.push(v),
            None => return EXIT_INPUT,
        }
    }
    // Spans into the call as written out: FUNCTION(ARG, ARG, ...)
    let mut text = format!("{function}(");
    let mut spans = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        spans.push(Span::new(text.len(), text.len() + a.len()));
        text.push_str(a);
    }
    text.push(')');
    let call = Span::new(0, text.len());
    let mut line = String::new();
    let result = functions::call(f, &vals, &spans, call)
        .and_then(|v| printer(&v, &mut line).map_err(|m| EvalError::new(m, call)))
        .map(|()| line);
    match result {
        Ok(s) => finish(writeln!(out, "{s}"), false),
        Err(e) => {
            let _ = err.write_all(diagnostic::render("<command line>", 1, &text, &e).as_bytes());
            EXIT_INPUT
        }
    }
}

/// `cute show EXPR`: the properties table and the grid (or, with the CuTe style, exactly what
/// CuTe's `print_layout` prints).
pub fn show(
    expr: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    format: cute::render::Format,
    opts: &cute::render::RenderOptions,
    svg: Option<&std::path::Path>,
    latex: Option<&std::path::Path>,
) -> i32 {
    let env = Env::new();
    let pictured = matches!(
        format,
        cute::render::Format::Plain | cute::render::Format::Json
    );
    if pictured && !opts.style_cute && svg.is_none() && latex.is_none() {
        match cute::eval::partition_statement::read(&env, expr) {
            Ok(Some(st)) => return show_partition(expr, &st, format, opts.paint, out, err),
            Ok(None) => {}
            Err(e) => {
                let _ = err.write_all(diagnostic::render("<argument 1>", 1, expr, &e).as_bytes());
                return EXIT_INPUT;
            }
        }
    }
    let Some(v) = eval_argument(&env, 1, expr, err) else {
        return EXIT_INPUT;
    };
    for (path, write) in [
        (
            svg,
            crate::files::write_svg
                as fn(&Value, &std::path::Path) -> Result<(), cute::render::RenderError>,
        ),
        (latex, crate::files::write_latex),
    ] {
        if let Some(p) = path
            && let Err(m) = write(&v, p)
        {
            let _ = writeln!(err, "error: {m}");
            return EXIT_INPUT;
        }
    }
    match cute::render::show_as(&v, format, opts) {
        Ok(text) => finish(writeln!(out, "{text}"), false),
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_INPUT
        }
    }
}

/// `cute show` of a partition statement (`expr`, read as `st`): the tile with the partition's
/// cells marked, as text or (`--format json`) a `partition_picture` object.
fn show_partition(
    expr: &str,
    st: &cute::eval::partition_statement::PartitionStatement,
    format: cute::render::Format,
    paint: cute::render::paint::Paint,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let report = |e: &cute::eval::EvalError, err: &mut dyn Write| {
        let _ = err.write_all(diagnostic::render("<argument 1>", 1, expr, e).as_bytes());
        EXIT_INPUT
    };
    let text = match format {
        cute::render::Format::Json => {
            let marked =
                match cute::eval::partition_statement::mark(&st.tile, st.tile_span, &st.result) {
                    Ok(m) => m,
                    Err(e) => return report(&e, err),
                };
            match cute::render::tv::partition_json(st, &marked) {
                Ok(mut j) => {
                    j.push('\n');
                    j
                }
                Err(m) => {
                    let _ = writeln!(err, "error: {m}");
                    return EXIT_INPUT;
                }
            }
        }
        _ => match cute::render::tv::partition_picture(st, paint) {
            Ok(t) => t,
            Err(e) => return report(&e, err),
        },
    };
    finish(out.write_all(text.as_bytes()), false)
}

/// How `cute bank` reads the access pattern: which TV layout of a tiled MMA or copy, and the
/// widths (each `None`: 16 and 128 bits, or what the copy atom says).
pub struct BankAccess<'a> {
    /// `A`, `B`, `C` of a tiled MMA; `S`, `D` of a tiled copy.
    pub operand: Option<&'a str>,
    /// Element width in bits.
    pub elem_bits: Option<u32>,
    /// Width of one access in bits.
    pub access_bits: Option<u32>,
    /// Run the pattern on the GPU too (`--measure`).
    pub measure: bool,
}

/// Why `cute bank` / `cute show --tv` read no access pattern from their arguments: `--tv` and
/// `--operand` do not name a TV layout, the shared-memory layout is not one, or it does not
/// cover the tile. Each message names the argument.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccessError {
    /// A layout operation fails.
    #[error(transparent)]
    Algebra(#[from] cute::algebra::AlgebraError),
    /// A copy atom's bits do not fit 32 bits.
    #[error(transparent)]
    Bits(#[from] std::num::TryFromIntError),
    /// Drawing the access pattern fails.
    #[error(transparent)]
    Render(#[from] cute::render::RenderError),
    /// `--operand` with a plain TV layout.
    #[error(
        "--operand {0}: --tv is a layout; --operand chooses a TV layout of a tiled MMA or copy"
    )]
    OperandOfLayout(String),
    /// `--operand` names no operand of a tiled MMA.
    #[error("--operand {0}: a tiled MMA has operands A, B and C")]
    MmaOperand(String),
    /// A tiled MMA without `--operand`.
    #[error("--tv is a tiled MMA: say which operand's TV layout with --operand A, B or C")]
    MmaNeedsOperand,
    /// `--operand` names no side of a tiled copy.
    #[error("--operand {0}: a tiled copy has sides S (source) and D (destination)")]
    CopySide(String),
    /// `--tv` is no access pattern.
    #[error("--tv must be a TV layout, a tiled copy or MMA (or a thread's slice of one), or a thread's partition COPY.thread(t).partition_S/D(SMEM) or MMA.thread(t).partition_A/B/C(SMEM), not {}", .0)]
    NotAnAccessPattern(&'static str),
    /// The shared-memory layout does not cover the tile the TV layout indexes.
    #[error("the shared-memory layout does not cover the tile {tile} of --tv: {source}")]
    TileNotCovered {
        /// The tile.
        tile: Box<cute::algebra::IntTuple>,
        /// Why.
        source: cute::algebra::AlgebraError,
    },
    /// The shared-memory argument is not a layout.
    #[error("the shared-memory layout must be a layout or a swizzled layout, not {0}")]
    NotASharedLayout(&'static str),
    /// The tile to draw is not two-dimensional.
    #[error(
        "the tile {0} is not two-dimensional: give a tiled copy or MMA, or a shared-memory layout of rank 2"
    )]
    TileNot2d(Box<cute::algebra::IntTuple>),
}

/// What `--tv` gives: the TV layout, the element and access bits, the tile its TV layout
/// indexes (column-major) when it is a tiled copy's or MMA's, and which TV layout it is.
struct BankTv {
    layout: cute::algebra::Layout,
    elem_bits: u32,
    access_bits: u32,
    tile: Option<cute::algebra::IntTuple>,
    /// `A`, `B`, `C` of a tiled MMA, `S`, `D` of a tiled copy; `S` for a TV layout given as such.
    side: &'static str,
    /// What the tile's rows and columns index: `("M","K")` for A, `("N","K")` for B, else
    /// `("M","N")`.
    axes: (&'static str, &'static str),
}

/// The TV layout, element bits and access bits `--tv` gives: a layout; a tiled copy's source or
/// destination TV layout (default: its shared-memory side) with its atom's element type and bits
/// per thread; or a tiled MMA's operand TV layout.
fn bank_tv(t: Value, access: &BankAccess) -> Result<BankTv, AccessError> {
    use cute::atoms::{Atom, Operand};
    let elem = access.elem_bits.unwrap_or(16);
    let width = access.access_bits.unwrap_or(128);
    match t {
        Value::Layout(l) => match access.operand {
            None => Ok(BankTv {
                layout: l,
                elem_bits: elem,
                access_bits: width,
                tile: None,
                side: "S",
                axes: ("M", "N"),
            }),
            Some(op) => Err(AccessError::OperandOfLayout(op.to_string())),
        },
        Value::Atom(a) => match *a {
            Atom::TiledMma(m) | Atom::ThrMma(m, _) => {
                let op = match access.operand {
                    Some("A") => Operand::A,
                    Some("B") => Operand::B,
                    Some("C") => Operand::C,
                    Some(other) => return Err(AccessError::MmaOperand(other.to_string())),
                    None => return Err(AccessError::MmaNeedsOperand),
                };
                let (p, q, side, axes) = match op {
                    Operand::A => (0, 2, "A", ("M", "K")),
                    Operand::B => (1, 2, "B", ("N", "K")),
                    Operand::C => (0, 1, "C", ("M", "N")),
                };
                let tile = cute::algebra::IntTuple::tuple([
                    cute::algebra::IntTuple::int(m.tile_size_mnk(p)?),
                    cute::algebra::IntTuple::int(m.tile_size_mnk(q)?),
                ]);
                Ok(BankTv {
                    layout: m.layout_tv(op)?,
                    elem_bits: elem,
                    access_bits: width,
                    tile: Some(tile),
                    side,
                    axes,
                })
            }
            Atom::TiledCopy(c) | Atom::ThrCopy(c, _) => {
                let op = c.atom.op.as_str();
                let src = match access.operand {
                    Some("S") => true,
                    Some("D") => false,
                    Some(other) => return Err(AccessError::CopySide(other.to_string())),
                    // the side in shared memory: ldmatrix reads it, cp.async and stmatrix write it
                    None => !(op.contains("CP_ASYNC") || op.contains("STSM")),
                };
                let tv = c.layout_tv_of(src)?;
                let bits = u32::try_from(c.atom.val_bits)?;
                let per_thread = c
                    .atom
                    .num_val(src)?
                    .saturating_mul(c.atom.val_bits)
                    .min(128);
                let per_thread = u32::try_from(per_thread)?;
                Ok(BankTv {
                    layout: tv,
                    elem_bits: access.elem_bits.unwrap_or(bits),
                    access_bits: access.access_bits.unwrap_or(per_thread),
                    tile: Some(c.tiler_shape()?),
                    side: if src { "S" } else { "D" },
                    axes: ("M", "N"),
                })
            }
            other => Err(AccessError::NotAnAccessPattern(other.kind())),
        },
        other => Err(AccessError::NotAnAccessPattern(other.kind())),
    }
}

/// The shared-memory layout seen through the tile a tiled copy's or MMA's TV layout indexes
/// (column-major): `composition(SMEM, TILE)`; the layout itself without a tile.
fn through_tile(
    smem: cute::analysis::bank::SmemLayout,
    tile: Option<&cute::algebra::IntTuple>,
) -> Result<cute::analysis::bank::SmemLayout, AccessError> {
    use cute::analysis::bank::SmemLayout;
    let Some(tile) = tile else {
        return Ok(smem);
    };
    let tiler = cute::algebra::Tiler::from_shape(tile);
    match smem {
        SmemLayout::Plain(l) => {
            cute::algebra::composition::compose_tiler(&l, &tiler).map(SmemLayout::Plain)
        }
        SmemLayout::Composed(c) => c.compose(&tiler).map(SmemLayout::Composed),
    }
    .map_err(|source| AccessError::TileNotCovered {
        tile: Box::new(tile.clone()),
        source,
    })
}

/// The shared-memory layout argument of `cute bank` / `cute show --tv`.
fn smem_argument(v: Value) -> Result<cute::analysis::bank::SmemLayout, AccessError> {
    use cute::analysis::bank::SmemLayout;
    match v {
        Value::Layout(l) => Ok(SmemLayout::Plain(l)),
        Value::Composed(c) => Ok(SmemLayout::Composed(*c)),
        Value::IntTuple(t) => Ok(cute::algebra::Layout::column_major(t).map(SmemLayout::Plain)?),
        other => Err(AccessError::NotASharedLayout(other.kind())),
    }
}

/// Whether two shared-memory layouts are the same: equal, or with modes of the same sizes and
/// equal at every index (`tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64))` is
/// `Sw<3,3,3> o (128,64):(64,1)`; at most [`cute::limits::MAX_BANK_POINTS`] evaluated).
fn same_smem(a: &cute::analysis::bank::SmemLayout, b: &cute::analysis::bank::SmemLayout) -> bool {
    if a == b {
        return true;
    }
    let modes = |s: &cute::analysis::bank::SmemLayout| s.layout().shape().product_each().ok();
    if modes(a).is_none() || modes(a) != modes(b) {
        return false;
    }
    match a.size() {
        Ok(n) if n <= cute::limits::MAX_BANK_POINTS => {
            (0..n).all(|i| matches!((a.offset(i), b.offset(i)), (Ok(x), Ok(y)) if x == y))
        }
        _ => false,
    }
}

/// What `cute bank` and `cute show SMEM --tv` read from their arguments: the shared-memory
/// layout, the access pattern (`--tv`'s value: a TV layout, a tiled copy or MMA or a thread's
/// slice of one), which of its TV layouts, and the partition statement `--tv` was, if it was one.
struct SmemAccess {
    smem: cute::analysis::bank::SmemLayout,
    /// The shared-memory layout as given.
    given: String,
    tv: Value,
    /// `A`, `B`, `C`, `S`, `D`: `--operand`, or the partition's method.
    operand: Option<&'static str>,
    partition: Option<cute::eval::partition_statement::PartitionStatement>,
}

/// An error against the command line: the message, and the exit status.
type Refusal = (String, i32);

/// Read `SMEM` and `--tv TV` (`SMEM` may be left out when `TV` is a partition
/// `COPY.thread(t).partition_S(SMEM)` or `MMA.thread(t).partition_A(SMEM)`, which names it):
/// a failure to evaluate is reported to `err` against its argument (`Err(None)`); any other is
/// returned.
fn read_smem_access(
    smem: Option<&str>,
    tv: &str,
    operand: Option<&str>,
    err: &mut dyn Write,
) -> Result<SmemAccess, Option<Refusal>> {
    use cute::eval::partition_statement as partition;
    let env = Env::new();
    let partition = partition::read(&env, tv).map_err(|e| {
        let _ = err.write_all(diagnostic::render("<argument 2>", 1, tv, &e).as_bytes());
        None
    })?;
    let smem = match smem {
        Some(text) => {
            let Some(v) = eval_argument(&env, 1, text, err) else {
                return Err(None);
            };
            Some(smem_argument(v).map_err(|m| Some((m.to_string(), EXIT_INPUT)))?)
        }
        None => None,
    };
    let Some(p) = partition else {
        let Some(smem) = smem else {
            if let Some(method) = partition::final_method(tv) {
                return Err(Some((
                    format!(
                        "--tv ends in .{method}(...), which is not a partition (partition_S/D of a copy's thread, partition_A/B/C of an MMA's), so it names no shared-memory layout: give one, SMEM --tv TV"
                    ),
                    EXIT_USAGE,
                )));
            }
            return Err(Some((
                "give the shared-memory layout: SMEM --tv TV (SMEM may be left out only when --tv is a thread's partition of it, COPY.thread(t).partition_S(SMEM) or MMA.thread(t).partition_A(SMEM))".to_string(),
                EXIT_USAGE,
            )));
        };
        let Some(tv) = eval_argument(&env, 2, tv, err) else {
            return Err(None);
        };
        return Ok(SmemAccess {
            given: smem.to_string(),
            smem,
            tv,
            operand: operand.map(operand_name),
            partition: None,
        });
    };
    let (Some(slice), Some(side)) = (p.slice.clone(), p.operand()) else {
        return Err(Some((
            format!(
                "--tv {}(...) is a partition by a thread layout or a tiler, not by a copy or an MMA: --tv takes COPY.thread(t).partition_S/D(SMEM) or MMA.thread(t).partition_A/B/C(SMEM)",
                p.method
            ),
            EXIT_INPUT,
        )));
    };
    if let Some(asked) = operand
        && asked != side
    {
        return Err(Some((
            format!(
                "--operand {asked} contradicts --tv's {}, which is the {side} {}",
                p.method,
                if matches!(side, "S" | "D") {
                    "side of the copy"
                } else {
                    "operand of the MMA"
                }
            ),
            EXIT_INPUT,
        )));
    }
    let partitioned = smem_argument(p.tile.clone()).map_err(|m| {
        Some((
            format!(
                "the tensor --tv's {} partitions ({}): {m}",
                p.method, p.tile_text
            ),
            EXIT_INPUT,
        ))
    })?;
    if let Some(given) = &smem
        && !same_smem(given, &partitioned)
    {
        return Err(Some((
            format!(
                "the shared-memory layout {given} and the tensor {partitioned} that --tv's {} partitions differ: give one of them, or the same layout twice",
                p.method
            ),
            EXIT_INPUT,
        )));
    }
    Ok(SmemAccess {
        given: partitioned.to_string(),
        smem: partitioned,
        tv: Value::Atom(Box::new(slice)),
        operand: Some(side),
        partition: Some(p),
    })
}

/// `--operand`'s value, one of those clap allows.
fn operand_name(op: &str) -> &'static str {
    ["A", "B", "C", "S", "D"]
        .into_iter()
        .find(|o| *o == op)
        .unwrap_or("?")
}

/// Exit status: the command line itself is wrong (as clap's usage errors).
pub const EXIT_USAGE: i32 = 2;

/// Report a refusal of [`read_smem_access`] (`None`: already reported) and give its status.
fn refused(r: Option<Refusal>, err: &mut dyn Write) -> i32 {
    match r {
        Some((m, status)) => {
            let _ = writeln!(err, "error: {m}");
            status
        }
        None => EXIT_INPUT,
    }
}

/// `cute show SMEM --tv TV`: the tile of the TV layout over the shared-memory layout, each cell
/// the thread and value that access it and the bank of its element, coloured by thread.
pub fn show_access(
    smem: &str,
    tv: &str,
    access: &BankAccess,
    json: bool,
    color: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let read = match read_smem_access(Some(smem), tv, access.operand, err) {
        Ok(r) => r,
        Err(r) => return refused(r, err),
    };
    let access = BankAccess {
        operand: read.operand,
        ..*access
    };
    let picture = || -> Result<String, AccessError> {
        let SmemAccess {
            smem, given, tv: t, ..
        } = read;
        let BankTv {
            layout: tv,
            elem_bits,
            tile,
            side,
            axes,
            ..
        } = bank_tv(t, &access)?;
        // the tile: the copy's or MMA's, else the shared-memory layout's (M, N)
        let shape = match &tile {
            Some(t) => t.clone(),
            None => smem.layout().shape().product_each()?,
        };
        let dims: Vec<i64> = shape.leaf_iter().collect();
        let [rows, cols] = dims[..] else {
            return Err(AccessError::TileNot2d(Box::new(shape)));
        };
        let smem = through_tile(smem, tile.as_ref())?;
        let grid = cute::render::tv::TvGrid::build(side, axes, rows, cols, tv)?;
        // the bank of each cell's element (column-major index r + rows * c of the tile)
        let bank = |r: i64, c: i64| -> Option<i64> {
            let off = smem.offset(r + rows * c).ok()?;
            Some(cute::render::grid::bank_of(off, elem_bits))
        };
        if json {
            let mut text =
                cute::render::tv::access_json(&given, &smem.to_string(), &grid, elem_bits, &bank);
            text.push('\n');
            return Ok(text);
        }
        let mut text = format!(
            "shared memory {given} through the {rows}x{cols} tile; cell T<thread>V<value>:b<bank> ({elem_bits}-bit elements){}\n",
            if color { ", coloured by thread" } else { "" }
        );
        text.push_str(&cute::render::tv::terminal_grid_marked(
            &grid,
            crate::terminal::paint(color),
            cute::limits::MAX_GRID_ROWS,
            cute::limits::MAX_GRID_COLS,
            &|r, c| bank(r, c).map(|b| format!(":b{b}")),
        ));
        Ok(text)
    };
    match picture() {
        Ok(text) => finish(out.write_all(text.as_bytes()), false),
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_INPUT
        }
    }
}

/// `cute bank [SMEM] --tv TV`: the predicted bank conflicts of an access pattern; when `TV` is
/// a thread's partition (`COPY.thread(t).partition_S(SMEM)`), the whole copy's or MMA operand's,
/// and thread `t`'s own values after the report.
pub fn bank(
    smem: Option<&str>,
    tv: &str,
    access: &BankAccess,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    use cute::analysis::bank::analyze;
    let read = match read_smem_access(smem, tv, access.operand, err) {
        Ok(r) => r,
        Err(r) => return refused(r, err),
    };
    let access = BankAccess {
        operand: read.operand,
        ..*access
    };
    let SmemAccess {
        smem,
        given,
        tv: t,
        partition,
        ..
    } = read;
    let BankTv {
        layout: tv,
        elem_bits,
        access_bits,
        tile,
        ..
    } = match bank_tv(t, &access) {
        Ok(x) => x,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return EXIT_INPUT;
        }
    };
    // a tiled copy's or MMA's TV layout indexes its tile column-major: the shared-memory layout
    // seen through that tile, `composition(SMEM, TILE)`
    let through = tile.as_ref().map(|t| t.to_string());
    let smem = match through_tile(smem, tile.as_ref()) {
        Ok(s) => s,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return EXIT_INPUT;
        }
    };
    let analysed = analyze(&smem, &tv, elem_bits, access_bits).map(|mut r| {
        if let Some(tile) = &through {
            r.smem = format!("{given} through the {tile} tile: {}", r.smem);
        }
        r
    });
    // the partition's thread: its values in the analysed tile
    let thread_line = match (&analysed, &partition) {
        (Ok(r), Some(p)) => p.thread.and_then(|t| {
            r.thread_line(
                t,
                format!("{}: {}", p.method, cute::render::plain::render(&p.result)),
            )
        }),
        _ => None,
    };
    let measured = match (&analysed, access.measure) {
        (Ok(r), true) => match cute_gpu::bank_probe::measure(r) {
            Ok(m) => Some(m),
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return match e {
                    cute_gpu::device::GpuError::Unavailable(_) => cute_gpu::command::EXIT_NO_GPU,
                    cute_gpu::device::GpuError::Failed(_) => EXIT_INPUT,
                };
            }
        },
        _ => None,
    };
    match analysed {
        Ok(r) if json => finish(
            writeln!(
                out,
                "{}",
                cute::render::json::bank_report(&r, measured.as_ref(), thread_line.as_ref())
            ),
            false,
        ),
        Ok(r) => {
            let mut text = r.render_text();
            if let Some(m) = &measured {
                text.push_str(&m.render_text());
            }
            if let Some(line) = &thread_line {
                text.push_str(&line.render_text());
            }
            finish(out.write_all(text.as_bytes()), false)
        }
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            EXIT_INPUT
        }
    }
}

/// `cute explain EXPR`: the result with its derivation (text, or JSON with `json`).
/// Exit 1 when the expression fails or, with `--verify`, a check does not hold.
pub fn explain(
    expr: &str,
    opts: &cute::eval::explain::ExplainOptions,
    json: bool,
    color: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let env = Env::new();
    let working = opts
        .verify
        .then(|| Spinner::after_a_second("explain --verify: checking each step"));
    let explained = cute::eval::explain::explain(&env, expr, opts);
    drop(working);
    match explained {
        Ok(ex) => {
            let text = if json {
                cute::render::explain::json(&ex)
            } else {
                cute::render::explain::text(&ex, crate::terminal::paint(color))
            };
            let failed = !ex.ok();
            if let Err(e) = &ex.result {
                let _ = err.write_all(diagnostic::render("<argument>", 1, expr, e).as_bytes());
            }
            finish(writeln!(out, "{text}"), failed)
        }
        Err(e) => {
            let _ = err.write_all(diagnostic::render("<argument>", 1, expr, &e).as_bytes());
            let _ = writeln!(out, "error: {}", diagnostic::escaped(&e.message));
            EXIT_INPUT
        }
    }
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
            b'(' | b'<' | b'[' => depth += 1,
            b')' | b'>' | b']' => depth -= 1,
            b'#' | b'/' => comment = true,
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
    let done = |run: &crate::batch::Run, failed, sets_ans| LineAnswer::Done {
        out_end: run.out.len(),
        err_end: run.err.len(),
        failed,
        sets_ans,
    };
    thread_local! {
        // the thread's session for pure lines: they read no variable, so one session serves
        // them all and its memory (the syntax tree's arena, the binding of `ans`, the line a
        // value is printed into) is reused
        static SESSION: std::cell::RefCell<(Env, String)> =
            std::cell::RefCell::new((Env::new(), String::new()));
    }
    let (written, failed, sets_ans) = SESSION.with(|session| {
        let (env, line_buf) = &mut *session.borrow_mut();
        // a call on literals is whole and mentions no variable: answered without checking so
        // a line the shortcut does not read is read as text (UTF-8) by the general parser.
        // Its value, the commonest outcome, is printed straight into the run's output (the
        // same printer as a runner's, `plain_printer`); anything else through a runner
        line_buf.clear();
        let mut printed = None;
        let literal = env.answer_literal(text, |v| printed = Some(plain_printer(v, line_buf)));
        if matches!(literal, Some(Ok(()))) && matches!(printed, Some(Ok(()))) {
            line_buf.push('\n');
            run.out.extend_from_slice(line_buf.as_bytes());
            return (Some(Ok(())), false, true);
        }
        answer_by_runner(env, line_buf, literal, printed, text, line, source, run)
    });
    if !matches!(written, Some(Ok(()))) {
        return LineAnswer::Declined;
    }
    done(run, failed, sets_ans)
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
                let written = runner.statement(&Statement {
                    text: s.to_string(),
                    line,
                });
                (Some(written), false)
            }
            _ => (None, false),
        },
    };
    let failed = runner.failed();
    *line_buf = runner.into_line();
    (written, failed, sets_ans || env.ans_bound() != bound)
}
