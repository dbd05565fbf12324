//! Issue 37, small constructs real code writes: `get<I…>` on every tuple (tiles, tuples of
//! layouts, coordinates), `==` and `!=` as CuTe's `operator==` defines them, `bool(x)` (a run-time bool),
//! `decltype(x)::value`, `decltype(x){}`; Python docstrings, `cute.printf` and `print` lines.
//! `golden/constructs.tsv` holds each statement with what CuTe 4.7 prints for it
//! (`tools/cute-oracle`): `cute` prints the same in its notation (static `_` dropped, a static
//! truth value `_1` as `true`, CuTe's run-time `bool` `1` as the run-time integer `1?`).

use crate::helpers::{cases, check_pairs, cute};

/// CuTe's printout of a value in `cute`'s notation: the static `_` dropped; a comparison's or
/// `bool`'s result as a truth value.
fn notation(statement: &str, printed: &str) -> String {
    let truth = statement.contains("==")
        || statement.contains("!=")
        || statement.starts_with("bool(")
        || statement.starts_with("is_")
        || statement.starts_with("std::is_");
    // C++'s `bool(x)` is a run-time `bool` in any notation, as C++'s `int(x)` is a run-time
    // `int`: the run-time integer `1?` or `0?`
    if statement.starts_with("bool(") {
        return match printed {
            "1" => "1?".to_string(),
            "0" => "0?".to_string(),
            other => panic!("not a run-time bool: {other}"),
        };
    }
    // a static truth (`_1`) is `true`; CuTe's run-time `bool` (`1`) is the notation's run-time
    // integer `1?` where the statement is C++ (SPEC §1: a `{…}`, `::` or `;` makes it so; the
    // notation's integers are all static, so its comparisons are static truths)
    let cpp = statement.contains('{') || statement.contains("::") || statement.ends_with(';');
    if truth && !cpp {
        return match printed.trim_start_matches('_') {
            "1" => "true".to_string(),
            "0" => "false".to_string(),
            other => panic!("not a truth value: {other}"),
        };
    }
    if truth {
        return match printed {
            "_1" => "true".to_string(),
            "_0" => "false".to_string(),
            "1" => "1?".to_string(),
            "0" => "0?".to_string(),
            other => panic!("not a truth value: {other}"),
        };
    }
    // CuTe's plain integer (`decltype(x)::value`, `rank_v<T>`: C++'s `int`) is a run-time one
    if cpp && printed.parse::<i64>().is_ok() {
        return format!("{printed}?");
    }
    let mut out = String::new();
    let b = printed.as_bytes();
    for (i, c) in printed.char_indices() {
        if c == '_'
            && b.get(i + 1)
                .is_some_and(|d| d.is_ascii_digit() || *d == b'-')
        {
            continue;
        }
        out.push(c);
    }
    out
}

#[test]
fn constructs_answer_what_cute_prints() {
    let pairs: Vec<(String, String)> = cases("constructs.tsv")
        .into_iter()
        .map(|(s, printed)| {
            let want = notation(&s, &printed);
            (s, want)
        })
        .collect();
    check_pairs("constructs.tsv", &pairs);
}

#[test]
fn comparisons_cute_does_not_compile_are_errors() {
    check_pairs(
        "comparisons without an operator",
        &[
            (
                "make_layout(_4{}) == _4{}",
                "error: CuTe's operator== does not compare a layout with an integer (no overload matches)",
            ),
            (
                "make_layout(make_shape(4,8)) != make_layout(make_shape(4,8))",
                "error: CuTe has no operator!= for layouts (it defines only operator==): compare with ==",
            ),
            ("2 + 2 == 4", "true"),
            ("x == 4", "error: undefined variable 'x'"),
        ],
    );
}

/// Docstrings print nothing, wherever their lines go; `cute.printf` prints its line as the DSL
/// does at trace time (`dsl-oracle`: `size 32 and (4,8):(1,4)`), and `print` its items.
#[test]
fn docstrings_and_printf() {
    let (out, err, code) = cute(
        &["eval"],
        "\"\"\"A docstring\nover ( lines [\n\"\"\"\n'a string'\nx = cute.make_layout((4,8))\n\
         cute.printf(\"size {} and {}\", cute.size(x), x)\ncute.printf(\"plain\")\n\
         print(\"x:\", x)\ncute.printf(\"{} {}\", 1)\nsize(x)\n",
    );
    assert_eq!(
        out,
        "size 32 and (4,8):(1,4)\nplain\nx: (4,8):(1,4)\n\
         error: printf: more '{}' in the format than the 1 value(s) after it\n32\n",
        "{err}"
    );
    assert_eq!(code, 1);
    let (out, _, _) = cute(
        &["--format", "json", "eval", "cute.printf(\"a {}\", 3)"],
        "",
    );
    assert_eq!(out, "{\"kind\":\"text\",\"text\":\"a 3\"}\n");
}

/// `--values` in plain output lists a layout's values after it as a comment (the line still
/// reads back as the value), as the `print1D` of CuTe's layout docs lists them; `:values` in
/// the REPL turns it on and off.
#[test]
fn values_listings() {
    let (out, _, code) = cute(
        &[
            "eval",
            "--values",
            "(4,2):(2,1)",
            "size(4:1)",
            "10 o (2,2):(1,4)",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "(4,2):(2,1)  # values: 0 2 4 6 1 3 5 7\n4\n10 o (2,2):(1,4)  # values: 10 11 14 15\n"
    );
    let (out, _, _) = cute(&["eval", "--values"], "(2,2):(2,1)\n");
    assert_eq!(out, "(2,2):(2,1)  # values: 0 2 1 3\n");
    let (out, _, _) = cute(
        &["repl"],
        "(2,2):(2,1)\n:values\n(2,2):(2,1)\n:values off\n(2,2):(2,1)\n",
    );
    assert_eq!(
        out,
        "(2,2):(2,1)\nvalues: on\n(2,2):(2,1)  # values: 0 2 1 3\nvalues: off\n(2,2):(2,1)\n"
    );
}

/// A statement in DSL spelling answers what the DSL 4.8.1 answers where it differs from C++
/// (`dsl-oracle`): its `raked_product` coalesces each top-level mode of C++'s result, its
/// `make_layout` of a list or tuple of layouts joins them, its `slice_` of a tuple slices the
/// tuple, its `repeat_like(x, target)` takes C++'s arguments the other way round, and its
/// `make_fragment_like` of rank 2 does not wrap mode 1.
#[test]
fn dsl_spellings_answer_as_the_dsl() {
    check_pairs(
        "the DSL's answers",
        &[
            (
                "cute.raked_product(cute.make_layout((1,3), stride=(1,1)), cute.make_layout((2,3), stride=(1,2)))",
                "(2,(3,3)):(3,(6,1))",
            ),
            // C++ spelling: C++'s answer
            (
                "raked_product(make_layout(make_shape(1,3), make_stride(1,1)), make_layout(make_shape(2,3), make_stride(1,2)))",
                "((2,1),(3,3)):((3,1),(6,1))",
            ),
            (
                "raked_product((1,3):(1,1), (2,3):(1,2))",
                "((2,1),(3,3)):((3,1),(6,1))",
            ),
            (
                "cute.raked_product(cute.make_layout((2,5), stride=(5,1)), cute.make_layout((3,4), stride=(1,3)))",
                "((3,2),(4,5)):((10,5),(30,1))",
            ),
            (
                "cute.raked_product(cute.make_layout(4), cute.make_layout(3))",
                "((3,4)):((4,1))",
            ),
            (
                "cute.raked_product(cute.make_layout((2,2)), cute.make_layout(3))",
                "((3,2),2):((4,1),2)",
            ),
            (
                "cute.raked_product(cute.make_layout((2,(2,2)), stride=(1,(2,4))), cute.make_layout((2,2), stride=(2,1)))",
                "((2,2),(2,4)):((16,1),(8,2))",
            ),
            (
                "cute.make_layout([cute.make_layout((4,2)), cute.make_layout(3)])",
                "((4,2),3):((1,4),1)",
            ),
            (
                "cute.make_layout((cute.make_layout((4,2)), cute.make_layout(3)))",
                "((4,2),3):((1,4),1)",
            ),
            (
                "cute.make_layout([cute.make_layout((4,2))])",
                "((4,2)):((1,4))",
            ),
            // issue 39: slice_ of a tuple, the DSL's repeat_like(x, target), make_fragment_like
            // of rank 2 (the C++ spelling keeps C++'s answer)
            ("cute.slice_((4,(2,8)), (1, None))", "((2,8))"),
            ("cute.slice_((4,8), (None, 2))", "(4)"),
            ("cute.slice_((4,(2,8)), (None, (1,None)))", "(4,8)"),
            ("cute.slice_((4,(2,8),3), (2, None, None))", "((2,8),3)"),
            ("cute.slice_(((2,2),(2,8)), ((None,1),(0,None)))", "(2,8)"),
            (
                "cute.slice_(cute.make_layout((4,8), stride=(8,1)), (None, 2))",
                "(4):(8)",
            ),
            ("cute.repeat_like(0, (4,(2,3)))", "(0,(0,0))"),
            ("cute.repeat_like(x=0, target=(4,(2,3)))", "(0,(0,0))"),
            (
                "cute.repeat_like((1,2), (4,(2,3)))",
                "((1,2),((1,2),(1,2)))",
            ),
            ("cute.repeat_like(7, 5)", "7"),
            ("repeat_like((4,(2,3)), 0)", "(0,(0,0))"),
            (
                "cute.make_fragment_like(cute.make_layout((4,8), stride=(8,1)))",
                "(4,8):(1,4)",
            ),
            (
                "cute.make_fragment_like(cute.make_layout(((2,4),(2,2)), stride=((8,1),(16,4))))",
                "((2,4),(2,2)):((1,2),(16,8))",
            ),
            (
                "cute.make_fragment_like(cute.make_layout((4,(2,8)), stride=(1,(32,4))))",
                "(4,(2,8)):(1,(32,4))",
            ),
            (
                "cute.make_fragment_like(cute.make_layout((4,(8,)), stride=(8,(1,))))",
                "(4,(8)):(1,(4))",
            ),
            (
                "cute.make_fragment_like(cute.make_layout((4,8,2), stride=(8,1,32)))",
                "(4,8,2):(1,4,32)",
            ),
            (
                "cute.make_fragment_like(cute.make_layout((4,8), stride=(0,1)))",
                "(4,8):(0,1)",
            ),
            (
                "cute.make_fragment_like(cute.make_layout((4,cutlass.Int32(8)), stride=(8,1)))",
                "(4,8?):(1,4)",
            ),
            ("make_fragment_like((4,8):(8,1))", "(4,(8)):(1,(4))"),
        ],
    );
}

/// `print(hv)` of a `thrust::host_vector`: CuTe's `print` (util/print.hpp) has no overload for
/// it, so CuTe does not compile it (g++ against CuTe 4.7 and thrust/host_vector.h, cute-oracle's
/// headers: "no matching function for call to 'print(thrust::…::host_vector<float>&)'"); its
/// elements print (`print(hv[0])` is `0.000000`).
#[test]
fn printing_a_host_vector_is_refused_as_cutes_compiler_refuses_it() {
    let (out, err, code) = crate::helpers::cute_format(
        "thrust::host_vector<float> hv(4);\nprint(hv[0]);\nprint(hv);\n",
    );
    assert_eq!(code, 1);
    assert!(out.starts_with("0.000000"), "{out}");
    assert!(
        err.contains("no matching function for call to 'print(thrust::host_vector&)'"),
        "{err}"
    );
}
