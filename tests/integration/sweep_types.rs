//! Issue 37: the type-level C++ that CUTLASS's core unit tests write (test/unit/cute/core/
//! tuple.cpp, constants.cpp, reverse.cpp, swizzle_layout.cpp, tensor_algs.cpp), as the sweep
//! (tests/oracle/sweep_blocks.py) pastes them. Each expectation is what CuTe 4.7 prints for the
//! same statements (/work/shared/tools/cute-oracle).

use crate::helpers::cute;

fn cute_format(stdin: &str) -> (String, String, i32) {
    cute(&["eval", "--format", "cute"], stdin)
}

/// Each statement's printout under `--format cute`, as CuTe prints it.
fn assert_prints(cases: &[(&str, &str)]) {
    for (stmt, want) in cases {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.as_str(), code), (*want, 0), "{stmt}: {err}");
    }
}

/// numeric/integer_sequence.hpp: `int_sequence<I…>`, `integer_sequence<T, I…>`,
/// `index_sequence<I…>`, `seq<I…>` and `make_integer_sequence<T, N>`,
/// `make_index_sequence<N>` are tuples of static integers (oracle output).
#[test]
fn integer_sequences_are_tuples_of_static_integers() {
    assert_prints(&[
        ("int_sequence<1,2,3>{}", "(_1,_2,_3)\n"),
        ("integer_sequence<int,0,2,1>{}", "(_0,_2,_1)\n"),
        ("make_integer_sequence<uint32_t, 3>{}", "(_0,_1,_2)\n"),
        ("make_index_sequence<2>{}", "(_0,_1)\n"),
        ("index_sequence<>{}", "()\n"),
        ("seq<4,5>{}", "(_4,_5)\n"),
        ("make_integer_sequence<int64_t, 0>{}", "()\n"),
        (
            "using seq0 = cute::int_sequence<1, 2, 3>;\nseq0{}",
            "(_1,_2,_3)\n",
        ),
    ]);
}
