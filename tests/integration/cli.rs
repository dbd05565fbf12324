//! `cute eval` as a process: output lines, exit codes, stdin, closed stdout.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::helpers::cute;

#[test]
fn eval_arguments_print_one_line_each() {
    let (out, _, code) = cute(&["eval", "A = (4,2):(1,4)", "size(A)", "A o 2:4"], "");
    assert_eq!(out, "8\n2:4\n");
    assert_eq!(code, 0);
}

#[test]
fn eval_errors_print_one_line_and_exit_1() {
    let (out, err, code) = cute(&["eval", "coalesce(4:1", "2:1"], "");
    assert_eq!(out, "error: expected ')' to close '(' at column 9\n2:1\n");
    assert!(err.contains('^'), "a caret under the span: {err}");
    assert_eq!(code, 1);
}

#[test]
fn eval_reads_stdin_with_comments_blank_lines_and_continuations() {
    let input = "# a comment\n\nA = (4,8):(1,4)  # trailing\ncomposition(A,\n  <2:1, 4:2>)\nans\nB = undefined_thing\n";
    let (out, _, code) = cute(&["eval"], input);
    assert_eq!(
        out,
        "(2,4):(1,8)\n(2,4):(1,8)\nerror: undefined variable 'undefined_thing'\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn usage_errors_exit_2() {
    let (_, _, code) = cute(&["--no-such-flag"], "");
    assert_eq!(code, 2);
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .arg("eval")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all("2:1\n".repeat(200_000).as_bytes());
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn diagnostics_snapshot() {
    // the full diagnostics on stderr, with the caret under the offending span
    let (_, err, code) = cute(
        &["eval"],
        "size((4,-2):(1,4))\ncomposition((4,6,8):(2,3,5), 6:3)\nfoo(1)\n(4,8):(1,4)(1,2,3)\nA o\n(4,8\n",
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!("eval_diagnostics", err);
}

/// `cute OPTIONS [COMMAND] --help` in this environment: (stdout, exit status).
fn help_of(command: Option<&str>, options: &[&str], env: &[(&str, &str)]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(options)
        .args(command)
        .arg("--help")
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Help written into a pipe (or a file) has no escape codes, nor with `NO_COLOR=1` or
/// `--color never`; `--color always` colours it (the terminal case is clap's, tested by hand).
#[test]
fn help_writes_no_escape_codes_into_a_pipe() {
    let names = crate::helpers::commands();
    let commands = std::iter::once(None).chain(names.iter().map(|c| Some(c.as_str())));
    for command in commands {
        for (options, env) in [
            (&[][..], &[][..]),
            (&[][..], &[("NO_COLOR", "1")][..]),
            (&["--color", "never"][..], &[][..]),
            (&["--color=never"][..], &[][..]),
        ] {
            let (out, code) = help_of(command, options, env);
            assert_eq!(code, 0, "{command:?} {options:?}");
            assert!(out.contains("Usage:"), "{command:?}: {out}");
            assert!(
                !out.contains('\u{1b}'),
                "cute {command:?} {options:?} --help with {env:?} writes escape codes:\n{out:?}"
            );
        }
    }
    let (out, _) = help_of(None, &["--color", "always"], &[]);
    assert!(
        out.contains('\u{1b}'),
        "--color always colours help:\n{out}"
    );
    let (out, _) = help_of(Some("eval"), &["--color", "always"], &[("NO_COLOR", "1")]);
    assert!(out.contains('\u{1b}'), "--color always wins over NO_COLOR");
}

/// The values `--format` offers in a command's help (`-h`, where they are listed on its line).
fn formats_offered(command: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args([command, "-h"])
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("--format"))
        .unwrap_or_else(|| panic!("{command}: no --format in\n{out}"));
    let list = line
        .split("[possible values: ")
        .nth(1)
        .and_then(|l| l.split(']').next())
        .unwrap_or_else(|| panic!("{command}: no possible values in {line:?}"));
    list.split(", ").map(str::to_string).collect()
}

/// Each command offers the formats it prints, and only those: values for the commands that
/// print values, text or data for the reports, table, json and csv for gemm. A format a
/// command does not print is still refused with the message that says which it prints.
#[test]
fn each_command_offers_the_formats_it_prints() {
    let values = ["plain", "table", "grid", "json", "cpp", "dsl", "cute"];
    for command in [
        "eval",
        "run",
        "repl",
        "show",
        "compose",
        "coalesce",
        "complement",
        "divide",
        "product",
        "inverse",
        "idx2crd",
        "crd2idx",
    ] {
        assert_eq!(formats_offered(command), values, "{command}");
    }
    for command in ["explain", "bank"] {
        assert_eq!(formats_offered(command), ["plain", "json"], "{command}");
    }
    assert_eq!(formats_offered("gemm"), ["table", "json", "csv"]);
    for (args, message) in [
        (
            &["eval", "--format", "csv", "2:1"][..],
            "error: --format csv: only `cute gemm` prints CSV (its records); values print as plain, table, grid, json, cpp or dsl\n",
        ),
        (
            &[
                "bank",
                "--format",
                "grid",
                "(8,64):(64,1)",
                "--tv",
                "(8,8):(1,8)",
            ][..],
            "error: --format grid: bank prints a report as text (plain) or data (json)\n",
        ),
        (
            &["gemm", "--format", "cpp", "--emit"][..],
            "error: --format cpp: gemm prints its report as a table, json or csv\n",
        ),
    ] {
        let (out, err, code) = cute(args, "");
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            ("", message, 2),
            "{args:?}"
        );
    }
}
