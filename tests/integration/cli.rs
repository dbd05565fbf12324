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
    assert_eq!(out, "error: expected ')' to close '(' at 8\n2:1\n");
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
