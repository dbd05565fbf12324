//! Issue 37: constructs the sweep of CUTLASS's docs and core unit tests
//! (tests/oracle/sweep_blocks.py) found unread. What CuTe prints for each is in
//! `tests/golden/cute_sessions_sweep.txt` (from cute-oracle, run by pasted_cute.rs); here, what
//! the sessions cannot show: the errors, and the REPL.

use crate::helpers::{cute, cute_format};

#[test]
fn a_range_based_loop_runs_over_an_initializer_list() {
    for (stmt, want) in [
        ("for (int i : {1, 2, 3}) { print(i); }", "123"),
        ("for (auto const& x : {_2{}, _2{}}) print(x);", "_2_2"),
        (
            "for (int i : {1, 2, 3, 4}) { if (i == 2) continue; if (i == 4) break; print(i); }",
            "13",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
}

#[test]
fn a_range_based_loop_over_what_has_no_range_is_an_error_naming_it() {
    for (stmt, says) in [
        // cute::tuple has no begin()/end(): C++ does not compile it
        (
            "auto t = make_tuple(1, _2{}, 3); for (auto x : t) { print(x); }",
            "has no begin() and end() in CuTe (C++ does not compile this loop)",
        ),
        (
            "for (auto x : make_layout(4)) { print(x); }",
            "has no begin() and end() in CuTe",
        ),
        // std::initializer_list<auto> deduces one type
        (
            "for (auto x : {_1{}, _2{}}) { print(x); }",
            "the elements of an initializer list are of one type",
        ),
        (
            "for (auto x : {1, make_layout(4)}) { print(x); }",
            "cute loops over a list of integers, found a layout",
        ),
        (
            "for (Layout x : {1}) {}",
            "its variable's type 'Layout' is not an integer",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!(code, 1, "{stmt}: {out}");
        assert!(err.contains(says), "{stmt}: {err}");
    }
}

#[test]
fn only_a_constexpr_variable_is_a_constant_expression() {
    let (out, err, code) = cute_format(
        "constexpr int N = 4;\nstatic_assert(N == 4);\nauto M = 4;\nstatic_assert(M == 4);\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("static_assert expression is not an integral constant expression"),
        "{err}"
    );
    // a later binding of the name without constexpr is a run-time value again
    let (_, err, code) =
        cute_format("constexpr int N = 4;\nint N2 = N;\nN = 5;\nstatic_assert(N == 5);\n");
    assert_eq!(code, 1);
    assert!(err.contains("not an integral constant expression"), "{err}");
}

#[test]
fn the_repl_answers_a_check_with_a_comparison_at_once() {
    // `(p < q)` leaves a `<` open; the `;` ends the statement (template arguments never run
    // past it), so the next line is a statement of its own
    let (out, err, code) = cute(
        &["repl"],
        "int p = 1;\nint q = 2;\nEXPECT_EQ((p < q), p);\np\n",
    );
    assert_eq!((out.as_str(), code), ("1?\n", 0), "{err}");
}

#[test]
fn is_constant_asks_an_integer() {
    let (_, err, code) = cute_format("is_constant<make_layout(4), decltype(_4{})>{};\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("is_constant<n, T> takes an integer n"),
        "{err}"
    );
}

/// C's `assert(c)` (msvc_compilation/tuple.cpp's bodies) is checked: a true one says nothing,
/// a false one is an error naming it and what it compared (the program aborts).
#[test]
fn c_assert_is_checked() {
    let (out, err, code) = cute_format("int a = 3;\nassert(a == 3);\na\n");
    assert_eq!((out.as_str(), code), ("3\n", 0), "{err}");
    let (_, err, code) = cute_format("int a = 3;\nassert(a == 4);\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("assert(a == 4) failed: a is 3 (the program aborts)"),
        "{err}"
    );
}
