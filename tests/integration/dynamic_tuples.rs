//! The tuple functions on tuples mixing static and run-time integers: random IntTuples whose
//! leaves are each static (`Int<8>{}`) or run-time (a plain C++ `8`), spelled as C++, through
//! every tuple function of the function table (`tuples.rs`, `modes.rs`), the tuple algorithms
//! with lambdas and CuTe's functors, and the queries, compared with CuTe C++ 4.7's own print
//! byte for byte in `--format cute`, the kind of every integer included (expectations:
//! `tests/oracle/dynamic_tuples/gen_cases.py`, from `cute-oracle`; the layouts' companion is
//! [`super::dynamic`]). Statements CuTe does not compile are errors.

use cute::eval::{Env, Outcome};
use cute::render::cute as cute_form;

use crate::helpers::{check_oracle_cases, check_oracle_refusals};

/// A statement's value as CuTe prints it, or `error: …`.
fn eval_cute(stmt: &str) -> String {
    match Env::new().run(stmt) {
        Ok(Outcome::Value(v)) => cute_form::render(&v),
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    }
}

#[test]
fn mixed_tuples_print_what_cute_prints() {
    check_oracle_cases(
        "dynamic_tuples",
        "cases.tsv",
        &[],
        eval_cute,
        |got, want| got == want,
    );
}

#[test]
fn mixed_tuple_statements_cute_refuses_are_errors() {
    check_oracle_refusals("dynamic_tuples", "cute_refuses.txt", eval_cute);
}

/// C++'s relational operators in a lambda's body (C++ code: `x < _4{}` compares, of CuTe's
/// kind, in each statement; a template's `<…>` still opens where the rule says so), and a
/// truth value in arithmetic is the integer 1 or 0 (each expectation is `cute-oracle`'s print).
#[test]
fn comparisons_in_a_lambdas_body() {
    for (stmt, want) in [
        (
            "transform(make_tuple(1, Int<2>{}), [](auto x) { return x < Int<2>{}; });",
            "(1,_0)",
        ),
        (
            "transform(make_tuple(1, _8{}), [](auto x) { return x < _4{}; });",
            "(1,_0)",
        ),
        (
            "transform(make_tuple(1, Int<2>{}), [](auto x) { return size<0>(make_layout(make_shape(x))) < 2; });",
            "(1,0)",
        ),
        (
            "fold(make_tuple(_1{},_2{}), _0{}, [](auto a, auto x) { return a + (x < _2{}); });",
            "_1",
        ),
        (
            "transform(make_tuple(1, _8{}), [](auto x) { auto b = x < _4{}; return b; });",
            "(1,_0)",
        ),
        (
            "transform(make_tuple(1, _8{}), [](auto x) { Layout<Shape<_2,_4>> l; return size(l) > x; });",
            "(1,_0)",
        ),
        ("Int<2>{} + true_type{};", "_3"),
        ("true_type{} * 3;", "3"),
        ("true_type{} + false_type{};", "_1"),
    ] {
        assert_eq!(eval_cute(stmt), want, "{stmt}");
    }
}
