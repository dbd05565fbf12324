//! The commands, as library functions the thin `main` calls (and tests can call too).

use std::io::{self, BufRead, Write};

use crate::diagnostic;
use crate::eval::{Env, Outcome};
use crate::render::plain;
use crate::statements::{Splitter, Statement};

/// Exit status: everything succeeded.
pub const EXIT_OK: i32 = 0;
/// Exit status: some input was wrong.
pub const EXIT_INPUT: i32 = 1;

/// Runs statements, printing one line per expression statement (SPEC §4).
pub struct Runner<'w> {
    env: Env,
    out: &'w mut dyn Write,
    err: &'w mut dyn Write,
    failed: bool,
    source_name: String,
}

impl<'w> Runner<'w> {
    /// A runner writing values to `out` and diagnostics to `err`.
    pub fn new(out: &'w mut dyn Write, err: &'w mut dyn Write, source_name: &str) -> Runner<'w> {
        Runner {
            env: Env::new(),
            out,
            err,
            failed: false,
            source_name: source_name.to_string(),
        }
    }

    /// Whether any statement failed.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Run one statement. An I/O error (a closed stdout) is returned.
    pub fn statement(&mut self, st: &Statement) -> io::Result<()> {
        match self.env.run(&st.text) {
            Ok(Outcome::Value(v)) => writeln!(self.out, "{}", plain::render(&v)),
            Ok(_) => Ok(()),
            Err(e) => {
                self.failed = true;
                let report = diagnostic::render(&self.source_name, st.line, &st.text, &e);
                let _ = self.err.write_all(report.as_bytes());
                writeln!(self.out, "error: {}", e.message)
            }
        }
    }

    /// Run every statement of a reader, line by line.
    pub fn reader(&mut self, input: impl BufRead) -> io::Result<()> {
        let mut splitter = Splitter::new();
        for line in input.split(b'\n') {
            let line = line?;
            let text = String::from_utf8_lossy(&line);
            let text = text.strip_suffix('\r').unwrap_or(&text);
            if let Some(st) = splitter.push(text) {
                self.statement(&st)?;
            }
        }
        if let Some(st) = splitter.finish() {
            self.statement(&st)?;
        }
        Ok(())
    }
}

/// `cute eval`: statements from the arguments, or from `input` when there are none.
pub fn eval(args: &[String], input: impl BufRead, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut runner = Runner::new(
        out,
        err,
        if args.is_empty() {
            "<stdin>"
        } else {
            "<argument>"
        },
    );
    let result = if args.is_empty() {
        runner.reader(input)
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

/// Exit status from a run's I/O result: a closed stdout is not an error.
pub fn finish(result: io::Result<()>, failed: bool) -> i32 {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(_) => EXIT_INPUT,
        Ok(()) if failed => EXIT_INPUT,
        Ok(()) => EXIT_OK,
    }
}
