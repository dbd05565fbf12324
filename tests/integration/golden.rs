//! The golden corpus (answers of CuTe C++ itself), through the library and through the binary.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::helpers::{cases, check_cases, golden_dir};

#[test]
fn docs_cases_match_cute() {
    check_cases("docs.tsv");
}

#[test]
fn algebra_cases_match_cute() {
    check_cases("algebra.tsv");
}

#[test]
fn swizzle_cases_match_cute() {
    check_cases("swizzle.tsv");
}

#[test]
fn refusals_are_errors_when_strict() {
    let text = std::fs::read_to_string(golden_dir().join("refusals.txt")).unwrap();
    for stmt in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut env = cute::eval::Env::new();
        env.set_strict(true);
        let got = env.run(stmt);
        assert!(
            got.is_err(),
            "{stmt} should be refused when strict, got {got:?}"
        );
    }
}

/// The refusals (the laws CuTe's answers break) answered as CuTe does, each with one warning
/// (`law_warnings.tsv`: CuTe 4.7's answers through cute-oracle).
#[test]
fn law_breakers_are_cutes_answers_with_a_warning() {
    check_cases("law_warnings.tsv");
    for (stmt, _) in cases("law_warnings.tsv") {
        let mut env = cute::eval::Env::new();
        assert!(env.run(&stmt).is_ok(), "{stmt}");
        assert_eq!(env.take_warnings().len(), 1, "{stmt}");
    }
}

/// `cute eval` on a whole file: one line out per statement.
fn run_binary(input: &str) -> (String, i32) {
    let (out, _, code) = run_binary_with(&["eval"], input);
    (out, code)
}

/// `cute ARGS` on a whole file: (stdout, stderr, exit status).
fn run_binary_with(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cute runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn binary_eval_matches_every_golden_file() {
    for file in ["docs.tsv", "algebra.tsv", "swizzle.tsv"] {
        let cases = cases(file);
        let input: String = cases.iter().map(|(s, _)| format!("{s}\n")).collect();
        let (out, code) = run_binary(&input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines.len(),
            cases.len(),
            "{file}: one output line per statement"
        );
        for ((s, want), got) in cases.iter().zip(&lines) {
            assert_eq!(want, got, "{file}: {s}");
        }
        assert_eq!(code, 0, "{file}: all succeed, exit 0");
    }
}

#[test]
fn binary_refuses_every_refusal_when_strict() {
    let text = std::fs::read_to_string(golden_dir().join("refusals.txt")).unwrap();
    let n = text.lines().filter(|l| !l.trim().is_empty()).count();
    let (out, _, code) = run_binary_with(&["--strict", "eval"], &text);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), n);
    assert!(lines.iter().all(|l| l.starts_with("error: ")), "{out}");
    assert_eq!(code, 1);
}

#[test]
fn binary_answers_every_law_breaker_and_warns() {
    let cases = cases("law_warnings.tsv");
    let input: String = cases.iter().map(|(s, _)| format!("{s}\n")).collect();
    let (out, err, code) = run_binary_with(&["eval"], &input);
    let want: Vec<&str> = cases.iter().map(|(_, w)| w.as_str()).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    assert_eq!(err.matches("warning: ").count(), cases.len(), "{err}");
    assert_eq!(code, 0);
}

/// The sets of random cases answered by CuTe C++ (generated with `tests/oracle/gen_cases.py`
/// through cute-oracle): the default seed in `tests/oracle/`, and a larger run with
/// `--seed 4242 --scale 3` in `tests/oracle/seed4242/`; the sets of CuTe's further API (issue 15)
/// in `tests/oracle/api_*/`, each made by its own `gen.py`.
const ORACLE_SETS: [&str; 7] = [
    "tests/oracle",
    "tests/oracle/seed4242",
    "tests/oracle/api_layouts",
    "tests/oracle/api_tuples",
    "tests/oracle/api_swizzled",
    "tests/oracle/api_partition",
    "tests/oracle/api_basis",
];

fn oracle_file(set: &str, name: &str) -> String {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(set)
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn oracle_differential_cases_match_cute() {
    let mut failures = Vec::new();
    let mut total = 0;
    for set in ORACLE_SETS {
        let text = oracle_file(set, "cases.tsv");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (s, want) = line.split_once('\t').unwrap();
            total += 1;
            let got = crate::helpers::eval_line(s);
            // cute may refuse where CuTe's answer breaks the operation's law (SPEC §3)
            let law_refusal = got.starts_with("error: ") && got.contains("CuTe's result");
            if got != want && !law_refusal {
                failures.push(format!("{set}: {s}\n   want {want}\n   got  {got}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn statements_cute_cannot_compile_are_errors() {
    // Random statements CuTe C++ refuses (static_asserts), found with cute-oracle.
    let mut accepted = Vec::new();
    for set in ORACLE_SETS {
        let text = oracle_file(set, "cute_refuses.txt");
        for s in text.lines().filter(|l| !l.trim().is_empty()) {
            let got = crate::helpers::eval_line(s);
            if !got.starts_with("error: ") {
                accepted.push(format!("{set}: {s} -> {got}"));
            }
        }
    }
    assert!(
        accepted.is_empty(),
        "CuTe refuses these, cute accepted them:\n{}",
        accepted.join("\n")
    );
}

#[test]
fn cpp_constructors_build_what_cute_builds() {
    // CuTe C++'s make_shape / make_stride / make_coord / make_tile, and `size<i>(L)`-style
    // mode indices (answers from cute-oracle)
    for (stmt, want) in [
        ("make_shape(4)", "(4)"),
        ("make_shape(4,8)", "(4,8)"),
        ("make_stride(1,(4,8))", "(1,(4,8))"),
        ("make_coord(_, 2)", "(_,2)"),
        ("make_tile(2:1, 4:2)", "(2:1,4:2)"),
        (
            "make_layout(make_shape(4,8), make_stride(8,1))",
            "(4,8):(8,1)",
        ),
        (
            "logical_divide((8,8), make_tile(2:1, 4:2))",
            "((2,4),(4,2)):((1,2),(16,8))",
        ),
        ("composition((8,8), make_tile(4, 4))", "(4,4):(1,8)"),
        (
            "make_shape(4:1)",
            "error: expected an integer or IntTuple, found a layout",
        ),
        ("make_layout((4,(2,3)), LayoutRight)", "(4,(2,3)):(6,(3,1))"),
        ("make_layout((4,8), LayoutLeft)", "(4,8):(1,4)"),
        (
            "make_layout((4,8), Foo)",
            "error: make_layout: 'Foo' is neither a variable nor a stride tag (LayoutLeft, LayoutRight)",
        ),
        // mode indices as template arguments
        ("size<1,0>((4,(2,3)):(1,(4,8)))", "2"),
        ("cosize<1>((4,(2,3)):(1,(4,8)))", "21"),
        ("layout<1,1>((4,(2,3)):(1,(4,8)))", "3:8"),
        ("stride<1>((4,(2,3)):(1,(4,8)))", "(4,8)"),
        ("depth<1>((4,(2,3)):(1,(4,8)))", "1"),
        ("select<1,0>((4,8,2):(1,4,32))", "(8,4):(4,1)"),
        ("group<0,2>((4,8,2):(1,4,32))", "((4,8),2):((1,4),32)"),
        (
            "size<0>((4,8), 1)",
            "error: size<0> takes 1 argument, got 2",
        ),
        (
            "frobnicate<1>(4)",
            "error: unknown function 'frobnicate<1>'",
        ),
    ] {
        assert_eq!(crate::helpers::eval_line(stmt), want, "{stmt}");
    }
}

/// Oracle cases re-spelled as pasted C++ (type literals, `make_*` builders, `_4{}`, `Int<4>{}`,
/// comments, `;`) and CuTe DSL (`cute.make_layout(…, stride=…)`, keyword arguments, Python
/// tuples), by `tests/oracle/spell.py`; every C++ spelling was compiled against CuTe and printed
/// the expected answer.
#[test]
fn pasted_cpp_and_dsl_spellings_match_cute() {
    let cases = cases("spellings.tsv");
    assert!(cases.len() > 1000, "{} spellings", cases.len());
    for prefix in ["Layout<", "make_layout(", "cute."] {
        assert!(
            cases.iter().filter(|(s, _)| s.contains(prefix)).count() > 200,
            "the style {prefix} is well represented"
        );
    }
    let input: String = cases.iter().map(|(s, _)| format!("{s}\n")).collect();
    let (out, _) = run_binary(&input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), cases.len(), "one line per statement");
    let bad: Vec<String> = cases
        .iter()
        .zip(&lines)
        // cute may refuse where CuTe's answer breaks the operation's law (SPEC §3)
        .filter(|((_, want), got)| {
            want != *got && !(got.starts_with("error: ") && got.contains("CuTe's result"))
        })
        .map(|((s, want), got)| format!("{s}\n  want {want}\n  got  {got}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        cases.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Sessions of pasted C++ and CuTe DSL (`tests/golden/spellings_sessions.txt`: statements, `---`,
/// then the lines they print; blocks apart by a blank line), each checked with CuTe C++; each
/// block runs as one `cute eval` session.
#[test]
fn pasted_sessions_print_what_cute_prints() {
    let text = std::fs::read_to_string(crate::helpers::golden_dir().join("spellings_sessions.txt"))
        .expect("spellings_sessions.txt");
    let mut blocks = 0;
    for block in text.split("\n\n") {
        let Some((stmts, want)) = block.split_once("\n---\n") else {
            continue; // the file's heading
        };
        let stmts: String = stmts
            .lines()
            .filter(|l| !l.starts_with("# "))
            .map(|l| format!("{l}\n"))
            .collect();
        let (out, _) = run_binary(&stmts);
        assert_eq!(out.trim_end(), want.trim_end(), "session:\n{stmts}");
        blocks += 1;
    }
    assert!(blocks >= 10, "{blocks} sessions");
}
