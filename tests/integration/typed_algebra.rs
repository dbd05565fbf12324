//! Issue 37 (session 32): the C++ integer type of the integers the algebra returns
//! (docs/typed_integers.md). CuTe computes `size`, `cosize`, `get`, `product` in the type of
//! the leaves (their usual arithmetic conversions: an `unsigned` product wraps, an `int64_t`
//! leaf makes the result an `int64_t`), and cute does: `size(make_shape(int64_t(3), 4)) - 13u`
//! is the `int64_t` -1, `size(make_shape(65536u, 65536u))` the `unsigned` 0.
//! `golden/typed_algebra.tsv` holds each expression with what CuTe 4.7 prints for it
//! (`tests/oracle/gen_typed_algebra.py`, from `cute-oracle`): `--format cute` prints the same,
//! read as C++ (a `;` appended). The rows whose value is undefined behaviour in C++ (an `int`
//! past its range, which g++ -O0 shows wrapped) are errors that name it.

use crate::helpers::{cases, cute_format};
use cute::eval::{Env, Outcome};

/// The expressions of `golden/typed_algebra.tsv` whose value is undefined behaviour in C++:
/// an `int` result past its range, and what cute answers instead. `None`: cute's answer is
/// not yet CuTe's (docs/typed_integers.md, what is left).
const UNDEFINED: &[(&str, Option<&str>)] = &[
    (
        "size(make_layout(make_shape(65536, 65536)))",
        Some("integer overflow: the int value 4294967296 of 65536 * 65536 is past int's range"),
    ),
    (
        "size(make_layout(make_shape(65536, 65536))) * 1",
        Some("integer overflow"),
    ),
    (
        "size(make_shape(65536, 65536, int64_t(1)))",
        Some("integer overflow"),
    ),
    (
        "size(make_shape(_65536{}, 65536))",
        Some("integer overflow"),
    ),
    // `C<t> op C<u>` past `int` is no constant expression: CuTe's run-time `int` operation
    // (the overload drops out), undefined behaviour
    (
        "_65536{} * _65536{}",
        Some(
            "integer overflow: the int value 4294967296 of 65536 * 65536 is past int's range: C<(t * u)> is no constant expression",
        ),
    ),
    ("Int<2147483647>{} + Int<1>{}", Some("integer overflow")),
    ("Int<-2147483647>{} - _2{}", Some("integer overflow")),
    (
        "Int<-1>{} << _1{}",
        Some("a left shift of the negative int -1"),
    ),
    ("_65536{} << _16{}", Some("integer overflow")),
    ("_1{} << _32{}", Some("a shift of the int 1 by 32")),
    // `Int<v>` of a `v` past `int` narrows: ill-formed C++ (g++ -w wraps it)
    (
        "Int<4294967296>{}",
        Some("the template argument 4294967296 is past int's range"),
    ),
    (
        "get<0>(make_shape(2147483647, 2)) + 1",
        Some(
            "the int value 2147483648 of 2147483647 + 1 is past int's range (CuTe computes it in int",
        ),
    ),
    (
        "cosize(make_layout(make_shape(4, 8), make_stride(1, 4))) * 2147483647",
        Some("integer overflow"),
    ),
    // a layout's value at a coordinate (crd2idx): `65535 * 65536` in `int`
    (
        "make_layout(make_shape(65536, 65536))(65535, 65535)",
        Some("crd2idx: integer overflow: the int value 4294901760 of 65535 * 65536"),
    ),
    // an `int64_t` leaf elsewhere does not widen `int * int` (CuTe: -1, wrapped)
    (
        "make_layout(make_shape(65536, 65536), make_stride(int64_t(1), 65536))(65535, 65535)",
        Some("integer overflow: the int value 4294901760 of 65535 * 65536"),
    ),
    (
        "make_layout(make_shape(65536, 65536))(int64_t(65535), 65535)",
        Some("integer overflow: the int value 4294901760 of 65535 * 65536"),
    ),
    (
        "crd2idx(make_coord(65535, 65535), make_shape(65536, 65536))",
        Some("crd2idx: integer overflow"),
    ),
    (
        "crd2idx(make_coord(65535, 65535), make_shape(65536, 65536), make_stride(1, 65536))",
        Some("crd2idx: integer overflow"),
    ),
    (
        "crd2idx(make_coord(65535, 65535), make_layout(make_shape(65536, 65536)))",
        Some("crd2idx: integer overflow"),
    ),
    // the algebra's static arithmetic in `int` constants (session 34): `C<t> * C<u>` past
    // `int`'s range in `size`, `product`, `cosize`, `ceil_div` is C++'s run-time `int`
    // operation, undefined behaviour (the notation's static integers stay 64-bit)
    (
        "size(make_shape(Int<65536>{}, Int<65536>{}))",
        Some(
            "size: integer overflow: the int value 4294967296 of 65536 * 65536 is past int's range: C<(t * u)> is no constant expression",
        ),
    ),
    (
        "size(make_shape(Int<65536>{}, Int<32768>{}))",
        Some("the int value 2147483648 of 65536 * 32768 is past int's range"),
    ),
    (
        "size(make_shape(Int<65536>{}, Int<32768>{}, Int<2>{}))",
        Some("the int value 2147483648 of 65536 * 32768 is past int's range"),
    ),
    (
        "size(make_layout(make_shape(Int<65536>{}, Int<65536>{})))",
        Some("integer overflow: the int value 4294967296 of 65536 * 65536"),
    ),
    (
        "product(make_shape(Int<65536>{}, Int<65536>{}))",
        Some("integer overflow: the int value 4294967296 of 65536 * 65536"),
    ),
    (
        "cosize(make_layout(make_shape(Int<65536>{}, Int<65536>{})))",
        Some("cosize: size: integer overflow: the int value 4294967296 of 65536 * 65536"),
    ),
    (
        "cosize(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<1073741824>{}, Int<1073741824>{})))",
        Some(
            "cosize: integer overflow: the int value 2147483648 of 1073741824 + 1073741824 is past int's range: C<(t + u)>",
        ),
    ),
    (
        "cosize(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<1073741824>{}, Int<1073741823>{})))",
        Some("cosize: integer overflow: the int value 2147483648 of 2147483647 + 1"),
    ),
    (
        "ceil_div(Int<2147483647>{}, Int<2>{})",
        Some("ceil_div: integer overflow: the int value 2147483649 of 2147483647 + 2"),
    ),
    (
        "ceil_div(make_shape(Int<2147483647>{}, Int<4>{}), Int<2>{})",
        Some("ceil_div: integer overflow: the int value 2147483649 of 2147483647 + 2"),
    ),
    // a `C<long>` constant is a static integer of no type in cute: its product is checked as
    // `int` constants' (CuTe: `_4294967296`)
    ("size(make_shape(C<65536L>{}, C<65536L>{}))", None),
    // a compact stride past `int`'s range (CuTe: the run-time stride 0)
    (
        "make_layout(make_shape(Int<65536>{}, Int<65536>{}, Int<2>{}))",
        Some("compact stride: integer overflow: the int stride 4294967296 is past int's range"),
    ),
    (
        "make_layout(make_shape(Int<2>{}, Int<65536>{}, Int<65536>{}), LayoutRight{})",
        Some("compact stride: integer overflow: the int stride 4294967296 is past int's range"),
    ),
];

fn run_cpp(stmt: &str) -> String {
    match Env::new().run(&format!("{stmt};")) {
        Ok(Outcome::Value(v)) => cute::render::cute::render(&v),
        Ok(other) => format!("{other:?}"),
        Err(e) => format!("error: {}", e.message),
    }
}

/// Each defined expression of `golden/typed_algebra.tsv` under `--format cute`, in a fresh
/// session, prints what CuTe prints.
#[test]
fn typed_algebra_prints_what_cute_prints() {
    let all = cases("typed_algebra.tsv");
    let failures: Vec<String> = all
        .iter()
        .filter(|(stmt, _)| !UNDEFINED.iter().any(|(u, _)| u == stmt))
        .filter_map(|(stmt, want)| {
            let got = run_cpp(stmt);
            (&got != want).then(|| format!("{stmt}\n   want {want}\n   got  {got}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases of typed_algebra.tsv fail:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// The rows of undefined behaviour: each is in the golden file (CuTe's wrapped print kept for
/// the record), and cute's answer is an error naming the `int` overflow.
#[test]
fn typed_algebra_int_overflow_is_an_error() {
    let all = cases("typed_algebra.tsv");
    for (stmt, want) in UNDEFINED {
        assert!(
            all.iter().any(|(s, _)| s == stmt),
            "{stmt} is not in the golden file"
        );
        let Some(want) = want else { continue };
        let got = run_cpp(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(want),
            "{stmt}: {got}"
        );
    }
}

/// Declarations of C++ integer types, then an expression (`golden/typed_sessions.tsv`: CuTe's
/// answer is the oracle's `[]{ statements return expression; }()`): a typed variable meets a
/// typed result (`unsigned u = 13;` and the `int64_t` size: -1), and a declaration converts its
/// value as C++ does (`int y = 2.5;` is 2, `int8_t c = 300;` is 44).
#[test]
fn typed_algebra_sessions_answer_what_cute_answers() {
    let text = std::fs::read_to_string(crate::helpers::golden_dir().join("typed_sessions.tsv"))
        .expect("golden file");
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut cols = line.split('\t');
        let (Some(statements), Some(expr), Some(want)) = (cols.next(), cols.next(), cols.next())
        else {
            panic!("STATEMENTS<TAB>EXPRESSION<TAB>EXPECTED: {line}");
        };
        let program = format!("{}\n{expr};\n", statements.replace("; ", ";\n"));
        let (out, err, code) = cute_format(&program);
        if (out.trim_end(), code) != (want, 0) {
            failures.push(format!("{program}   want {want}\n   got  {out}{err}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A type's name is no value to initialize an integer from.
#[test]
fn typed_algebra_type_name_is_no_value() {
    let (_, err, code) = cute_format("int y = int;\n");
    assert_eq!(code, 1);
    assert!(err.contains("'int' is a type, not a value"), "{err}");
}

/// The DSL's `cutlass.Int32` wraps modulo 2^32 where C++'s `int` overflow is an error
/// (`golden/dsl_int32_wrap.tsv`, from the DSL 4.8.1: `tests/oracle/gen_dsl_int32_wrap.py`):
/// `Int32(65536) * 65536` is the run-time 0, printed `0?`.
#[test]
fn typed_algebra_dsl_int32_wraps() {
    let text = std::fs::read_to_string(crate::helpers::golden_dir().join("dsl_int32_wrap.tsv"))
        .expect("golden file");
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (expr, want) = line.split_once('\t').expect("EXPRESSION<TAB>VALUE");
        let got = match Env::new().run(expr) {
            Ok(Outcome::Value(v)) => cute::render::plain::render(&v),
            Ok(other) => format!("{other:?}"),
            Err(e) => format!("error: {}", e.message),
        };
        if got != format!("{want}?") {
            failures.push(format!("{expr}: want {want}?, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The dialect is the statement's, not the session's: after a line of DSL text, a C++
/// statement's `int` past its range is still the C++ error (CuTe computes it in `int`) and
/// its casts C++'s, where a Python line's `cutlass.Int32` wraps as the DSL's does
/// (`golden/dsl_int32_wrap.tsv`).
#[test]
fn typed_algebra_dialect_is_per_statement() {
    let mut env = Env::new();
    let mut run = |stmt: &str| match env.run(stmt) {
        Ok(Outcome::Value(v)) => cute::render::plain::render(&v),
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    };
    run("import cutlass.cute as cute");
    let cpp = run("65536 * 65536;");
    assert!(
        cpp.starts_with("error: ") && cpp.contains("integer overflow"),
        "{cpp}"
    );
    assert_eq!(run("x = cutlass.Int32(65536)"), "");
    assert_eq!(run("x * 65536"), "0?");
    let cpp = run("int64_t(65536) * 65536;");
    assert!(cpp.starts_with("4294967296"), "{cpp}");
    let cpp = run("size(make_shape(int64_t(3), 4)) - 13u;");
    assert!(cpp.starts_with("-1"), "{cpp}");
}

/// The DSL's `size`, `cosize` and layout functions (make_layout's strides, coalesce,
/// composition, the divides, complement) of `cutlass.Int32`s past 32 bits are traced, no error
/// (it wraps at run time): `golden/dsl_int32_algebra.tsv`, what the DSL 4.8.1 prints
/// (`tests/oracle/gen_dsl_int32_algebra.py`), where C++'s is the `int` overflow error.
#[test]
fn typed_algebra_dsl_int32_size_traced() {
    let failures: Vec<String> = cases("dsl_int32_algebra.tsv")
        .iter()
        .filter_map(|(expr, want)| {
            let (out, err, _) = crate::helpers::cute(&["eval"], &format!("print({expr})\n"));
            (out.trim_end() != want).then(|| format!("{expr}\n   want {want}\n   got  {out}{err}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The notation's static integers are 64-bit (SPEC §1): its `size`, `product`, `cosize` and
/// `ceil_div` of static extents past `int`'s range are their values, where C++ text's (`int`
/// constants) are an overflow.
#[test]
fn static_algebra_of_the_notation_keeps_64_bits() {
    for (stmt, want) in [
        ("size((_65536,_65536))", "4294967296"),
        ("product((_65536,_65536))", "4294967296"),
        ("cosize((_65536,_65536):(_1,_65536))", "4294967296"),
        ("ceil_div(_2147483647, _2)", "1073741824"),
        (
            "make_layout((_65536,_65536,_2))",
            "(65536,65536,2):(1,65536,4294967296)",
        ),
    ] {
        match Env::new().run(stmt) {
            Ok(Outcome::Value(v)) => assert_eq!(cute::render::plain::render(&v), want, "{stmt}"),
            other => panic!("{stmt}: {other:?}"),
        }
    }
}
