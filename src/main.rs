//! The `cute` binary: parse the command line ([`cute_cli::cli`]), dispatch to its command
//! ([`cute_cli::commands`]).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use cute::eval::Value;
use cute::render::{self, Format, RenderOptions};
use cute_cli::cli::{
    ColorArg, ColorBy, Command, FormatArg, GridStyle, finish, format_of, parse_cli,
    plain_eval_statements, use_color,
};
use cute_cli::commands::{atoms, bank, eval, explain, gemm, help, one_liner, show};
use cute_cli::output::{EXIT_USAGE, Latched};
use cute_cli::runner::Printer;
use cute_cli::terminal;

/// Which standard descriptors were closed at the start, noted before Rust's runtime opens
/// `/dev/null` on them ([`cute_cli::output::note_closed_descriptors`]).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_DESCRIPTORS: extern "C" fn() = cute_cli::output::note_closed_descriptors;

fn main() -> ExitCode {
    if let Some(statements) = plain_eval_statements() {
        let opts = RenderOptions::default();
        let printer =
            move |v: &Value, line: &mut String| render::render_into(v, Format::Plain, &opts, line);
        let mut out = Latched::new(io::BufWriter::new(cute_cli::output::stdout()));
        // stderr is not held locked: a helper thread may write to it (a panic's message)
        let mut err = io::stderr();
        let code = eval::eval(
            &statements,
            io::stdin().lock(),
            &mut out,
            &mut err,
            &printer,
            true,
            false,
            false,
            Format::Plain,
        );
        return finish(code, &mut out);
    }
    let cli = match parse_cli() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // an option given after the command wins over the same option given before it
    let sub = cli
        .command
        .as_ref()
        .map(Command::output)
        .unwrap_or_default();
    let format_arg = sub.format.or(cli.out.format).unwrap_or(FormatArg::Plain);
    let format = match (format_of(format_arg), &cli.command) {
        (Some(f), _) => f,
        (None, Some(Command::Gemm(_))) => Format::Plain,
        (None, _) => {
            let _ = writeln!(
                io::stderr(),
                "error: --format csv: only `cute gemm` prints CSV (its records); values print as plain, table, grid, json, cpp or dsl"
            );
            return ExitCode::from(2);
        }
    };
    let color = use_color(sub.color.or(cli.out.color).unwrap_or(ColorArg::Auto));
    let with_values = sub.values || cli.out.values;
    let strict = sub.strict || cli.out.strict;
    let opts = RenderOptions {
        paint: terminal::paint(color),
        width: terminal::width(),
        with_values,
        ..RenderOptions::default()
    };
    let printer = move |v: &Value, line: &mut String| render::render_into(v, format, &opts, line);
    let mut out = Latched::new(io::BufWriter::new(cute_cli::output::stdout()));
    // not held locked, so that no thread can block on it (stderr is unbuffered anyway)
    let mut err = io::stderr();
    let p: Printer = &printer;
    let Some(command) = cli.command else {
        return finish(
            repl(format, color, strict, with_values, &mut out, &mut err),
            &mut out,
        );
    };
    let json = matches!(format, Format::Json);
    let mut one_liner = |function: &str, args: Vec<String>| {
        one_liner::one_liner(function, &args, &mut out, &mut err, p, strict)
    };
    // a command that prints a report as text or data, not a value
    let report_only = |command: &str, what: &str, err: &mut dyn Write| match format {
        Format::Plain | Format::Json => None,
        other => {
            let _ = writeln!(
                err,
                "error: --format {}: {command} prints {what} as text (plain) or data (json)",
                other.name()
            );
            Some(EXIT_USAGE)
        }
    };
    let code = match command {
        Command::Repl { .. } => repl(format, color, strict, with_values, &mut out, &mut err),
        Command::Eval { statements, .. } => eval::eval(
            &statements,
            io::stdin().lock(),
            &mut out,
            &mut err,
            p,
            matches!(format, Format::Plain) && !with_values,
            json,
            strict,
            format,
        ),
        Command::Run { file, .. } => eval::run_file(
            &file,
            &mut out,
            &mut err,
            p,
            matches!(format, Format::Plain) && !with_values,
            json,
            strict,
            format,
        ),
        Command::Show {
            expr,
            elem_bits,
            tv: Some(tv),
            operand,
            ..
        } => match report_only("show --tv", "a picture", &mut err) {
            Some(code) => code,
            None => {
                let access = bank::BankAccess {
                    operand: operand.as_deref(),
                    elem_bits: Some(elem_bits),
                    access_bits: None,
                    measure: false,
                };
                bank::show_access(&expr, &tv, &access, json, color, &mut out, &mut err)
            }
        },
        Command::Show {
            expr,
            style,
            color_by,
            elem_bits,
            svg,
            latex,
            ..
        } => {
            let show_opts = RenderOptions {
                paint: terminal::paint(color),
                width: terminal::width(),
                style_cute: matches!(style, GridStyle::Cute),
                color_by_bank: matches!(color_by, ColorBy::Bank).then_some(elem_bits),
                with_values,
            };
            show::show(
                &expr,
                &mut out,
                &mut err,
                format,
                &show_opts,
                svg.as_deref(),
                latex.as_deref(),
            )
        }
        Command::Explain {
            expr,
            verify,
            index,
            ..
        } => match report_only("explain", "a derivation", &mut err) {
            Some(code) => code,
            None => {
                let opts = cute::eval::explain::ExplainOptions { verify, index };
                explain::explain(&expr, &opts, json, color, strict, &mut out, &mut err)
            }
        },
        Command::Bank {
            smem,
            tv,
            operand,
            elem_bits,
            access_bits,
            measure,
            ..
        } => match report_only("bank", "a report", &mut err) {
            Some(code) => code,
            None => {
                let access = bank::BankAccess {
                    operand: operand.as_deref(),
                    elem_bits,
                    access_bits,
                    measure,
                };
                bank::bank(smem.as_deref(), &tv, &access, json, &mut out, &mut err)
            }
        },
        Command::Gemm(g) => gemm::gemm(*g, cli.out.format, &mut out, &mut err),
        Command::Atoms { arch, kind, filter } => atoms::atoms(
            &atoms::AtomsQuery {
                arch: arch.as_deref(),
                kind: kind.as_deref(),
                filter: filter.as_deref(),
            },
            &mut out,
            &mut err,
        ),
        Command::Help { topic } => help::help(topic.as_deref(), &mut out),
        Command::Man => help::man(&mut out, &mut err),
        Command::Completions { shell } => help::completions(shell, &mut out),
        Command::Compose { a, b, .. } => one_liner("composition", vec![a, b]),
        Command::Coalesce {
            layout, profile, ..
        } => one_liner("coalesce", [layout].into_iter().chain(profile).collect()),
        Command::Complement {
            layout, cotarget, ..
        } => one_liner("complement", [layout].into_iter().chain(cotarget).collect()),
        Command::Divide { kind, a, b, .. } => one_liner(kind.function(), vec![a, b]),
        Command::Product { kind, a, b, .. } => one_liner(kind.function(), vec![a, b]),
        Command::Inverse { left, layout, .. } => one_liner(
            if left {
                "left_inverse"
            } else {
                "right_inverse"
            },
            vec![layout],
        ),
        Command::Idx2crd {
            index,
            shape,
            stride,
            ..
        } => one_liner(
            "idx2crd",
            [index, shape].into_iter().chain(stride).collect(),
        ),
        Command::Crd2idx { coord, layout, .. } => one_liner("crd2idx", vec![coord, layout]),
    };
    finish(code, &mut out)
}

/// The REPL on a terminal; piped, the same session reading standard input.
fn repl(
    format: Format,
    color: bool,
    strict: bool,
    values: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    if cute_cli::output::stdin_closed() {
        let _ = writeln!(
            err,
            "error: cannot read <stdin>: {}",
            cute_cli::output::stdin_closed_error()
        );
        return cute_cli::output::EXIT_INPUT;
    }
    if io::stdin().is_terminal() {
        cute_cli::repl::interactive(format, color, strict, values)
    } else {
        cute_cli::repl::piped_strict(io::stdin().lock(), out, err, format, strict, values)
    }
}
