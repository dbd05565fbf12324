//! The CuTe DSL's divisibility of run-time integers (issue 37): Python's `print` of a value at
//! trace time writes a run-time integer `?{div=N}` where the DSL knows it to be a multiple of
//! N (`cute.assume(x, divby=N)`, the products, sums and remainders of such, compact strides,
//! sizes, compositions), plain `?` where it knows nothing (`cutlass.Int32(v)`). Each case of
//! `tests/oracle/divisibility/cases.tsv` (gen.py, from dsl-oracle) is printed by cute's
//! `print(STATEMENT)` and compared byte for byte (but those of `known_mismatches.txt`); CuTe C++'s print has no divisibility.

use cute::eval::{Env, Outcome};
use cute::render::plain::text_line;

use crate::helpers::{check_oracle_cases, oracle_data};

fn traced_print(stmt: &str) -> String {
    match Env::new().run(&format!("print({stmt})")) {
        Ok(Outcome::Text(parts)) => text_line(&parts),
        Ok(other) => format!("not a printed line: {other:?}"),
        Err(e) => format!("error: {}", e.message),
    }
}

#[test]
fn divisibility_cases_print_what_the_dsl_prints() {
    let known = oracle_data("divisibility", "known_mismatches.txt");
    let known: Vec<&str> = known.lines().filter(|l| !l.starts_with('#')).collect();
    check_oracle_cases(
        "divisibility",
        "cases.tsv",
        &known,
        traced_print,
        |got, want| got == want,
    );
}

/// `print(STATEMENT)` in a jit function of the parameters `b: cutlass.Int32, c: cutlass.Int32`
/// called with `(24, 6)`, as `gen.py` asks the DSL: what the call printed, or `error: …`.
fn print_in_jit(stmt: &str) -> String {
    let program = format!(
        "import cutlass\nimport cutlass.cute as cute\n@cute.jit\n\
         def f(b: cutlass.Int32, c: cutlass.Int32):\n    print({stmt})\nf(24, 6)\n"
    );
    // the statements as the command line cuts them (a `def` and its body are one)
    let mut splitter = cute::statements::Splitter::new();
    let mut statements = Vec::new();
    for line in program.lines() {
        statements.extend(splitter.push(line));
        statements.extend(std::iter::from_fn(|| splitter.take_ready()));
    }
    statements.extend(std::iter::from_fn(|| splitter.finish()));
    let mut env = Env::new();
    let mut printed = Vec::new();
    for st in statements {
        match env.run(&st.text) {
            Ok(Outcome::Text(parts)) => printed.push(text_line(&parts)),
            Ok(Outcome::Sequence(items)) => printed.extend(items.iter().map(|o| match o {
                Outcome::Text(parts) => text_line(parts),
                other => format!("not a printed line: {other:?}"),
            })),
            Ok(_) => {}
            Err(e) => return format!("error: {}", e.message),
        }
    }
    printed.join(" | ")
}

/// A jit function's parameter is a value the DSL does not know as it traces the body: beside a
/// value with a divisibility it counts as divisibility 1, where a `cutlass.Int32(3)` written
/// in the body counts as its value (`param_cases.tsv`, gen.py's `PARAM_OPS`).
#[test]
fn parameters_count_as_divisibility_one() {
    check_oracle_cases(
        "divisibility",
        "param_cases.tsv",
        &[],
        print_in_jit,
        |got, want| got == want,
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
