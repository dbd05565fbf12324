//! `cute eval` and `cute run`: statements from the arguments, standard input or a file.

use std::io::{self, BufRead, Write};

use crate::output::{EXIT_INPUT, finish};
use crate::runner::{Printer, Runner};

/// `cute eval`: statements from the arguments, or from `input` when there are none or the one
/// argument is `-`. On one terminal ([`crate::terminal::one_terminal`]) an error is shown once,
/// in its place among the values. `strict`: `--strict` (a result that breaks its law fails).
#[allow(clippy::too_many_arguments)]
pub fn eval(
    args: &[String],
    input: impl BufRead + std::os::fd::AsFd,
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
    answer_ahead: bool,
    json_errors: bool,
    strict: bool,
    text_format: cute::render::Format,
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
        .with_strict(strict)
        .with_text_format(text_format)
        .on_one_terminal(crate::terminal::one_terminal());
    let result = if args.is_empty() && crate::output::stdin_closed() {
        Err(closed_stdin())
    } else if args.is_empty() {
        let file = crate::input::descriptor(&input);
        runner.reader(input, file)
    } else {
        // an argument of several statements (`auto L = …; complement(L);`) is cut at `;`
        args.iter()
            .enumerate()
            .try_for_each(|(i, a)| {
                cute::statements::pieces(a.clone(), i + 1)
                    .iter()
                    .try_for_each(|st| runner.statement(st))
            })
            .and_then(|()| runner.finish_output())
    };
    finish(result, runner.failed())
}

/// `cute run FILE`: the statements of a file (`-`: standard input), printed as `cute eval`
/// prints them. The path is any file name the system takes, UTF-8 or not; where it is shown
/// (errors, diagnostics), it is shown lossily and with its control characters escaped.
#[allow(clippy::too_many_arguments)]
pub fn run_file(
    path: &std::path::Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
    printer: Printer,
    answer_ahead: bool,
    json_errors: bool,
    strict: bool,
    text_format: cute::render::Format,
) -> i32 {
    let stdin = path.as_os_str() == "-";
    let shown = path.to_string_lossy();
    let name = if stdin {
        "<stdin>".into()
    } else {
        cute::escape::escaped(&shown)
    };
    let mut runner = Runner::new(out, err, &name)
        .with_printer(printer)
        .with_answer_ahead(answer_ahead)
        .with_json_errors(json_errors)
        .with_strict(strict)
        .with_text_format(text_format)
        .on_one_terminal(crate::terminal::one_terminal());
    let result = if stdin && crate::output::stdin_closed() {
        Err(closed_stdin())
    } else if stdin {
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
                let _ = writeln!(err, "error: cannot read {name}: {e}");
                return EXIT_INPUT;
            }
        }
    };
    finish(result, runner.failed())
}

/// The failure to read a standard input that was closed when `cute` started (its message
/// carried, so that [`finish`] reports it): an error, not an empty input.
fn closed_stdin() -> io::Error {
    io::Error::other(format!(
        "cannot read <stdin>: {}",
        crate::output::stdin_closed_error()
    ))
}
