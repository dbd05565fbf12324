//! Issue 37: C++'s counted loops and branches run as C++ runs them, within the limits of
//! `limits.rs`; other loop forms are errors naming them; `printf` and `print(x)` write what C++
//! writes under `--format cute`, one answer per line otherwise. (01_layout.md's print2D against
//! cute-oracle: tests/cli/paste_loops.toml and tests/golden/cute_sessions.txt.)

use crate::helpers::{cute, cute_format};

#[test]
fn counted_loops_in_their_forms() {
    for (stmt, want) in [
        ("for (int i = 0; i < 4; ++i) { print(i); }", "0123"),
        ("for (int i = 0; i <= 4; i += 2) print(i);", "024"),
        ("for (auto i = 3; i > 0; i--) { print(i); }", "321"),
        ("for (int i = 6; i >= 0; i -= 3) { print(i); }", "630"),
        ("for (size_t i = 0; i != 3; i++) { print(i); }", "012"),
        (
            "for (int m = 0; m < 2; ++m) { for (int n = 0; n < 3; ++n) { printf(\"%d%d \", m, n); } printf(\"|\"); }",
            "00 01 02 |10 11 12 |",
        ),
        (
            "auto L = make_layout(make_shape(2,3)); for (int i = 0; i < size<1>(L); ++i) { print(get<1>(L.shape())); }",
            "333",
        ),
        (
            "auto L = make_layout(make_shape(2,3)); for (int i = 0; i < rank(L); ++i) { if (i == 0) { print(L(i,0)); } else { print(L(0,i)); } }",
            "02",
        ),
        (
            "for (int i = 0; i < 4; ++i) { if (i < 2) print(i); else if (i == 2) printf(\"two\"); else printf(\"%+d\", i); }",
            "01two+3",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
}

#[test]
fn the_counter_is_a_run_time_integer_scoped_to_its_loop() {
    let (out, _, code) = cute(
        &["eval"],
        "auto i = 7;\nfor (int i = 0; i < 2; ++i) { print(i); }\ni\nfor (int k = 0; k < 1; ++k) {}\nk\n",
    );
    assert_eq!(out, "0?\n1?\n7?\nerror: undefined variable 'k'\n");
    assert_eq!(code, 1);
}

#[test]
fn printf_ends_no_answer_line_but_its_own() {
    // --format cute: CuTe's bytes; otherwise the next answer starts its own line
    let block = "printf(\"a=%d\", 3);\nsize(make_layout(4))\nprint(_2{});\nprintf(\"[%3d|%-3d|%03x]\\n\", 7, 7, 255);\nprintf(\"end\");\n";
    let (out, _, _) = cute_format(block);
    assert_eq!(out, "a=3_4\n_2[  7|7  |0ff]\nend");
    let (out, _, _) = cute(&["eval"], block);
    assert_eq!(out, "a=3\n4\n2\n[  7|7  |0ff]\nend\n");
}

#[test]
fn loops_past_the_limit_and_other_forms_are_errors_that_name_them() {
    for (stmt, message) in [
        (
            "for (int i = 0; i < 2000000; ++i) { }",
            "run their bodies more than 1048576 times (the limit)",
        ),
        (
            "for (int i = 0; i < 4; i += 0) { }",
            "more than 1048576 times (the limit)",
        ),
        (
            "for (int i = 0, j = 0; i < 4; ++i) { }",
            "this 'for' loop is not run: it declares more than one counter",
        ),
        (
            "for (;;) { }",
            "this 'for' loop is not run: its first part declares the counter",
        ),
        (
            "for (int i = 0; i < 4; i *= 2) { }",
            "its step is not `++i`",
        ),
        // a range-based loop over a name: the name is read (cute loops over `{1, 2, 3}`)
        ("for (auto x : v) { }", "undefined variable 'v'"),
        (
            "for (float x = 0; x < 1; ++x) { }",
            "its counter's type 'float' is not an integer",
        ),
        (
            "for (size_t i = 2; i >= 0; --i) { }",
            "the unsigned counter 'i' goes below 0",
        ),
        ("for (int i = 0; i < 4; ++i)", "the 'for' has no body"),
        (
            "while (true) { }",
            "run their bodies more than 1048576 times (the limit)",
        ),
        (
            "do { } while (1);",
            "run their bodies more than 1048576 times (the limit)",
        ),
        (
            "for (int i = 0; i < make_layout(4); ++i) { }",
            "'<' compares two integers (CuTe has no '<' for a layout",
        ),
        (
            "if (make_layout(4)) { }",
            "a condition is a truth value or an integer",
        ),
        ("break;", "'break' outside a loop or switch"),
        ("if (true) { continue; }", "'continue' outside a loop"),
        (
            "else { print(1); }",
            "'else' without an 'if' just before it",
        ),
        (
            "do { } (1);",
            "expected 'while (CONDITION);' after the body of 'do'",
        ),
        (
            "switch (2) { print(1); case 2: print(2); }",
            "a statement of a 'switch' before its first 'case' label",
        ),
        ("3 < 4", "'<' is read in a condition or inside parentheses"),
    ] {
        let (out, err, code) = cute(&["eval", stmt], "");
        assert!(out.contains(message), "{stmt}: {out}{err}");
        assert_eq!(code, 1, "{stmt}");
    }
}

#[test]
fn an_error_in_a_body_points_into_the_loop() {
    let (_, err, code) = cute(
        &["eval"],
        "for (int i = 0; i < 2; ++i) {\n  print(nope(i));\n}\n",
    );
    assert!(err.contains("<stdin>:2:9"), "{err}");
    assert_eq!(code, 1);
}

/// `while`, `do … while`, `break`, `continue`, `switch` with fallthrough, compound assignments,
/// and conditions of any expression, as C++ runs them (each checked with cute-oracle).
#[test]
fn loops_and_branches_of_every_form() {
    for (stmt, want) in [
        ("int k = 0; while (k < 3) { print(k); ++k; }", "012"),
        ("int k = 5; do { print(k); k -= 2; } while (k > 0);", "531"),
        ("int k = 0; do { print(k); } while (false);", "0"),
        (
            "for (int i = 0; i < 10; ++i) { if (i % 2 == 0) continue; if (i > 7) break; print(i); }",
            "1357",
        ),
        (
            "for (int i = 0; i < 3; ++i) { for (int j = 0; ; ++j) { if (j > i) break; print(j); } }",
            "001012",
        ),
        (
            "for (int i = 0; i < 4; ++i) { switch (i) { case 0: print(0); case 1: print(1); break; default: print(9); } }",
            "01199",
        ),
        (
            "for (int i = 0; i < 3; ++i) { switch (i) { case 1: continue; default: print(i); } }",
            "02",
        ),
        ("int k = 1; k <<= 3; k |= 1; k *= 2; print(k);", "18"),
        (
            "auto A = make_layout(make_shape(_4{},_2{})); auto B = make_layout(make_shape(_4{},_2{})); if (A == B && !(rank(A) < 2)) print(A);",
            "(_4,_2):(_1,_4)",
        ),
        (
            "auto L = make_layout(make_shape(4,2)); if (is_static<decltype(shape<0>(L))>::value) printf(\"s\"); else printf(\"d\");",
            "d",
        ),
        ("CUTE_UNROLL for (int i = 0; i < 2; ++i) print(i);", "01"),
        ("print((1 < 2)); print(_1{} > _2{});", "1_0"),
        // `&&` does not evaluate its right side where the left decides
        (
            "int i = 4; if (i < 4 && make_layout(4)(i) == 0) print(1); else print(0);",
            "0",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
}

/// An `else` on the line after a block's `}` belongs to the `if` just before it (a pasted
/// block comes as two statements); after anything else it is an error.
#[test]
fn an_else_after_a_blocks_brace_belongs_to_its_if() {
    let (out, err, code) = cute_format(
        "int k = 3;\nif (k < 2) {\n  print(1);\n}\nelse if (k < 3) {\n  print(2);\n}\nelse {\n  print(3);\n}\nif (k == 3) {\n  print(4);\n}\nelse {\n  print(5);\n}\n",
    );
    assert_eq!((out.as_str(), code), ("34", 0), "{err}");
    let (out, _, code) = cute_format("int k = 3;\nelse { print(1); }\n");
    assert!(
        out.contains("'else' without an 'if' just before it"),
        "{out}"
    );
    assert_eq!(code, 1);
}

/// The relational operators are read in conditions and inside parentheses; a name then `<`
/// there is a template's arguments by the rule (README, Notation).
#[test]
fn relational_operators_are_read_where_cpp_has_them() {
    for (stmt, want) in [
        ("int i = 1; int j = 2; print((i<j));", "1"),
        (
            "int i = 1; print((i < size<0>(make_layout(make_shape(4,2)))));",
            "1",
        ),
        ("print(Int<(3 > 2)>{});", "_1"),
        (
            "print(make_layout(Shape<_4,Int<(1 << 2)>>{}));",
            "(_4,_4):(_1,_4)",
        ),
        ("int i = 1; if (i<2) print(i);", "1"),
        (
            "int i = 5; for (int j = 0; j < i && j < 3; ++j) print(j);",
            "012",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
    let (out, _, code) = cute(&["eval", "3 < 4"], "");
    assert!(
        out.contains("'<' is read in a condition or inside parentheses"),
        "{out}"
    );
    assert_eq!(code, 1);
}

/// C++17's `if constexpr (COND)`: COND a constant expression (a static value, a literal, a
/// trait's `::value`), the branch not taken not evaluated (it may name what these types do not
/// have, as complement.cpp's and int_tuple.cpp's helpers rely on); a run-time condition is the
/// compiler's error. Answers from cute-oracle (`[]{ if constexpr (…) … }()`: `1`, `2`).
#[test]
fn if_constexpr_takes_a_constant_and_skips_the_other_branch() {
    for (stmt, want) in [
        (
            "if constexpr (is_static<decltype(make_layout(Shape<_2,_4>{}))>::value) { print(1); } else { print(2); }",
            "1",
        ),
        (
            "if constexpr (is_static<decltype(make_layout(make_shape(2,4)))>::value && 3 > 2) { print(1); } else { print(2); }",
            "2",
        ),
        (
            "auto x = _3{}; if constexpr (x > 2) { print(x); } else { print(no_such_function(x)); }",
            "_3",
        ),
        (
            "auto L = make_layout(make_shape(2,4)); if constexpr (is_static<decltype(L)>::value) { print(complement(complement(L))); }\nprint(1);",
            "1",
        ),
        (
            "if constexpr (false) { print(1); }\nelse { print(2); }",
            "2",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
    // cute-oracle: "error: the value of 'x' is not usable in a constant expression"
    let (_, err, code) = cute_format("int x = 3; if constexpr (x > 2) { print(1); }\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("if constexpr needs a constant expression"),
        "{err}"
    );
}
