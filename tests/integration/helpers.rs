//! Shared helpers. Every helper that checks a printed value also checks that it parses back
//! to itself (`parse(print(x)) == x`).

use std::path::PathBuf;

use cute::algebra::{IntTuple, Layout};
use cute::eval::{Env, Outcome};
use cute::render::plain;
use proptest::prelude::*;

/// The project's test data directory.
pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Evaluate one statement in a fresh session: its printed value, or `error: …`.
pub fn eval_line(stmt: &str) -> String {
    let mut env = Env::new();
    match env.run(stmt) {
        Ok(Outcome::Value(v)) => {
            let printed = plain::render(&v);
            assert_round_trips(&printed);
            printed
        }
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    }
}

/// `parse(print(x)) == x`: the printed text evaluates to a value that prints the same.
pub fn assert_round_trips(printed: &str) {
    let mut env = Env::new();
    match env.run(printed) {
        Ok(Outcome::Value(v)) => assert_eq!(
            plain::render(&v),
            printed,
            "printed value does not parse back to itself"
        ),
        other => panic!("printed value {printed:?} does not parse back: {other:?}"),
    }
}

/// Cases `STATEMENT<TAB>EXPECTED` of a golden file.
pub fn cases(file: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(golden_dir().join(file)).expect("golden file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (s, e) = l.split_once('\t').expect("STATEMENT<TAB>EXPECTED");
            (s.to_string(), e.to_string())
        })
        .collect()
}

/// Run every case through the library; panic listing the failures.
pub fn check_cases(file: &str) {
    check_pairs(file, &cases(file));
}

/// Run `(statement, expected)` pairs through the library; panic listing the failures.
pub fn check_pairs<S: AsRef<str>>(what: &str, cases: &[(S, S)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(s, want)| {
            let (s, want) = (s.as_ref(), want.as_ref());
            let got = eval_line(s);
            (got != want).then(|| format!("{s}\n   want {want}\n   got  {got}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases of {what} fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A random layout of rank 1–3 and depth up to 2: shapes 1..=max_shape, strides 0..=max_stride.
pub fn layout_strategy(max_shape: i64, max_stride: i64) -> impl Strategy<Value = Layout> {
    let leaf = (1i64..=max_shape, 0i64..=max_stride);
    let mode = prop_oneof![
        3 => leaf.clone().prop_map(|(s, d)| (IntTuple::int(s), IntTuple::int(d))),
        1 => prop::collection::vec(leaf, 1..=3).prop_map(|v| {
            (
                v.iter().map(|(s, _)| IntTuple::int(*s)).collect(),
                v.iter().map(|(_, d)| IntTuple::int(*d)).collect(),
            )
        }),
    ];
    prop_oneof![
        1 => mode.clone().prop_map(|(s, d)| Layout::new(s, d).unwrap()),
        3 => prop::collection::vec(mode, 1..=3).prop_map(|v| {
            Layout::new(
                v.iter().map(|(s, _)| s.clone()).collect(),
                v.iter().map(|(_, d)| d.clone()).collect(),
            )
            .unwrap()
        }),
    ]
}

/// The binary run with arguments and standard input: (stdout, stderr, exit status).
pub fn cute(args: &[&str], stdin: &str) -> (String, String, i32) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// `cute eval --format cute` of `stdin`: what CuTe's `print()` prints, byte for byte.
pub fn cute_format(stdin: &str) -> (String, String, i32) {
    cute(&["eval", "--format", "cute"], stdin)
}

/// Whether NVRTC is missing here (or `CUTE_TEST_WITHOUT=nvrtc` pretends so): the NVRTC
/// compile checks are then skipped, and say so ([`skipped`]). `.ci/run` installs
/// nvidia-cuda-nvrtc and sets LD_LIBRARY_PATH.
pub fn nvrtc_missing() -> bool {
    let missing = nvrtc_absent();
    if missing {
        skipped(
            "needs NVRTC: libnvrtc not found (.ci/run installs nvidia-cuda-nvrtc and sets LD_LIBRARY_PATH)",
        );
    }
    missing
}

/// Whether NVRTC is missing here (or `CUTE_TEST_WITHOUT=nvrtc` pretends so), said nowhere.
pub fn nvrtc_absent() -> bool {
    pretend_without("nvrtc") || !cute_gpu::nvrtc::nvrtc_present()
}

/// Whether tmux is missing here (or `CUTE_TEST_WITHOUT=tmux` pretends so): the tests in a
/// real terminal are then skipped, and say so ([`skipped`]).
pub fn tmux_missing() -> bool {
    let missing = pretend_without("tmux")
        || std::process::Command::new("tmux")
            .arg("-V")
            .output()
            .is_err();
    if missing {
        skipped("needs tmux, which is not installed (.ci/run installs it)");
    }
    missing
}

/// Whether `CUTE_TEST_WITHOUT` (a comma-separated list) names `tool`: the tests behave as
/// where it is not installed (to see what they say then).
fn pretend_without(tool: &str) -> bool {
    std::env::var("CUTE_TEST_WITHOUT").is_ok_and(|v| v.split(',').any(|t| t.trim() == tool))
}

/// Say that the running test skips its checks, and why, where a plain `cargo test` shows it:
/// `SKIPPED <test>: <why>` on standard error. The test harness captures what `eprintln!`
/// prints (shown only for a failing test, or with `--nocapture`), not what is written to
/// the stream itself, so the line is written there; the test's name is its thread's (the
/// harness names each test's thread after it).
pub fn skipped(why: &str) {
    use std::io::Write;
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    // one write, so that the line is not cut by the harness's lines on the other stream
    let line = format!("SKIPPED {test}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// Every command of `cute`, as its grammar ([`cute_cli::cli::Cli`]) declares them: the one list
/// the checks of every command's `--help` walk.
pub fn commands() -> Vec<String> {
    use clap::CommandFactory;
    cute_cli::cli::Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect()
}

/// The text of `tests/oracle/<set>/<name>` (an oracle set's expectations).
pub fn oracle_data(set: &str, name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracle")
        .join(set)
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each case `STATEMENT<TAB>EXPECTED` of `tests/oracle/<set>/<file>` (but the statements in
/// `skipped`) printed by `print` and compared with what the oracle printed by `agrees(got,
/// want)`; panic listing the cases that disagree.
pub fn check_oracle_cases(
    set: &str,
    file: &str,
    skipped: &[&str],
    print: impl Fn(&str) -> String,
    agrees: impl Fn(&str, &str) -> bool,
) {
    let text = oracle_data(set, file);
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (stmt, want) = line.split_once('\t').expect("STATEMENT<TAB>EXPECTED");
        if skipped.contains(&stmt) {
            continue;
        }
        total += 1;
        let got = print(stmt);
        if !agrees(&got, want) {
            failures.push(format!("{stmt}\n   want {want}\n   got  {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases of {set}/{file} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Each statement of `tests/oracle/<set>/<file>` (one a line: what the oracle refuses) is an
/// error (`print` gives `error: …`); panic listing those accepted.
pub fn check_oracle_refusals(set: &str, file: &str, print: impl Fn(&str) -> String) {
    let text = oracle_data(set, file);
    let accepted: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|s| {
            let got = print(s);
            (!got.starts_with("error: ")).then(|| format!("{s} -> {got}"))
        })
        .collect();
    assert!(
        accepted.is_empty(),
        "the oracle refuses these ({set}/{file}), cute accepted them:\n{}",
        accepted.join("\n")
    );
}
