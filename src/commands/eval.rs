//! `cute eval` and `cute run`: statements from the arguments, standard input or a file.

use std::io::{self, BufRead, Write};

use crate::output::{EXIT_INPUT, finish};
use crate::runner::{Printer, Runner};
use cute::statements::Statement;

/// `cute eval`: statements from the arguments, or from `input` when there are none or the one
/// argument is `-`. On one terminal ([`crate::terminal::one_terminal`]) an error is shown once,
/// in its place among the values.
pub fn eval(
    args: &[String],
    input: impl BufRead + std::os::fd::AsFd,
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
    answer_ahead: bool,
    json_errors: bool,
) -> i32 {
    // `-`, as for `cute run -` and most tools: standard input
    let args = if args == ["-"] { &[][..] } else { args };
    let name = if args.is_empty() {
        "<stdin>"
    } else {
        "<argument>"
    };
    let mut runner = Runner::new(out, err, name)
        .with_printer(printer)
        .with_answer_ahead(answer_ahead)
        .with_json_errors(json_errors)
        .on_one_terminal(crate::terminal::one_terminal());
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

/// `cute run FILE`: the statements of a file (`-`: standard input), printed as `cute eval`
/// prints them.
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
        .with_json_errors(json_errors)
        .on_one_terminal(crate::terminal::one_terminal());
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
