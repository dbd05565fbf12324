//! Issue 37: forms the sweep of CUTLASS's core unit tests (tests/oracle/sweep_blocks.py) found
//! refused: `for_each` over a tuple or an integer sequence (algorithm/tuple_algorithms.hpp),
//! `make_int_sequence<N>{}`. Each expectation is what CuTe 4.7 prints for the same statement
//! (/work/shared/tools/cute-oracle, the statement inside `[]{ …; return 0; }()`).

use crate::helpers::cute_format;

/// `for_each(t, f)` of a tuple is `f(get<i>(t))` for each top-level mode; of an integer,
/// `f(t)` once (oracle output).
#[test]
fn for_each_over_a_tuple_calls_the_function_on_each_mode() {
    for (stmt, want) in [
        (
            "for_each(make_int_sequence<4>{}, [&](auto i){ print(i); });",
            "_0_1_2_3",
        ),
        (
            "for_each(make_tuple(_1{}, 2), [](auto x){ print(x); });",
            "_12",
        ),
        (
            r#"for_each(make_shape(_2{}, make_shape(3,_4{})), [&](auto x){ print(x); print("\n"); });"#,
            "_2\n(3,_4)\n",
        ),
        ("for_each(5, [](auto x){ print(x); });", "5"),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
}

/// `make_int_sequence<N>{}` and `make_seq<N>{}`: `(_0,…,_{N-1})` (oracle output); a
/// negative N is an error naming it.
#[test]
fn make_int_sequence_is_the_tuple_of_static_integers() {
    for (stmt, want) in [
        ("make_int_sequence<4>{}", "(_0,_1,_2,_3)\n"),
        ("make_seq<3>{}", "(_0,_1,_2)\n"),
        ("make_int_sequence<0>{}", "()\n"),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
    let (_, err, code) = cute_format("make_int_sequence<-1>{}\n");
    assert_eq!(code, 1);
    assert!(err.contains("N must be non-negative"), "{err}");
}
