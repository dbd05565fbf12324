//! The CuTe DSL's divisibility of run-time integers (issue 37): Python's `print` of a value at
//! trace time writes a run-time integer `?{div=N}` where the DSL knows it to be a multiple of
//! N (`cute.assume(x, divby=N)`, the products, sums and remainders of such, compact strides,
//! sizes, compositions), plain `?` where it knows nothing (`cutlass.Int32(v)`). Each case of
//! `tests/oracle/divisibility/cases.tsv` (gen.py, from dsl-oracle) is printed by cute's
//! `print(STATEMENT)` and compared byte for byte (but those of `known_mismatches.txt`); CuTe C++'s print has no divisibility.

use cute::eval::{Env, Outcome};
use cute::render::plain::text_line;

fn traced_print(stmt: &str) -> String {
    match Env::new().run(&format!("print({stmt})")) {
        Ok(Outcome::Text(parts)) => text_line(&parts),
        Ok(other) => format!("not a printed line: {other:?}"),
        Err(e) => format!("error: {}", e.message),
    }
}

#[test]
fn divisibility_cases_print_what_the_dsl_prints() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracle/divisibility/cases.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let known = std::fs::read_to_string(path.with_file_name("known_mismatches.txt"))
        .expect("known_mismatches.txt");
    let known: Vec<&str> = known.lines().filter(|l| !l.starts_with('#')).collect();
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (stmt, want) = line.split_once('\t').expect("STATEMENT<TAB>EXPECTED");
        if known.contains(&stmt) {
            continue;
        }
        total += 1;
        let got = traced_print(stmt);
        if got != want {
            failures.push(format!("{stmt}\n   want {want}\n   got  {got}"));
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
fn cpp_print_and_notation_carry_no_divisibility() {
    let mut env = Env::new();
    let v = match env.run("cute.make_layout((cute.assume(cutlass.Int32(8), divby=8), 4))") {
        Ok(Outcome::Value(v)) => v,
        other => panic!("{other:?}"),
    };
    assert_eq!(cute::render::cute::render(&v), "(8,_4):(_1,8)");
    assert_eq!(cute::render::plain::render(&v), "(8?,4):(1,8?)");
    assert_eq!(
        traced_print("cute.make_layout((cute.assume(cutlass.Int32(8), divby=8), 4))"),
        "(?{div=8},4):(1,?{div=8})"
    );
    // a Python integer must be a multiple; divby a positive integer
    assert!(
        traced_print("cute.assume(6, divby=4)")
            .starts_with("error: assume: 6 is not divisible by 4")
    );
    assert!(
        traced_print("cute.assume(cutlass.Int32(6), divby=0)").starts_with("error: assume: divby")
    );
}
