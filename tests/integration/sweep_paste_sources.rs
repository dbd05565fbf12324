//! Issue 37, session 34: what the sweep of new paste sources (tests/oracle/sweep_blocks.py
//! `--source headers`: CuTe's headers' comments and constant layouts; CUTLASS's collectives
//! and tutorials' lines; the CuTe DSL's examples) found. What CuTe prints for the statements
//! cute answers is in tests/golden/cute_sessions_paste_sources.txt (from cute-oracle, run by
//! pasted_cute.rs); here, the statements CuTe does not compile, each refused by an error
//! naming why.

use crate::helpers::cute_format;

/// Each statement refused (exit 1), its first error naming `want`.
fn refused(cases: &[(&str, &str)]) {
    for (statement, want) in cases {
        let (out, err, code) = cute_format(statement);
        let first = err.lines().find(|l| l.starts_with("error")).unwrap_or("");
        assert_eq!(code, 1, "{statement}: {out}");
        assert!(
            first.contains(want),
            "{statement}\nwant: {want}\ngot: {first}"
        );
    }
}

/// tensor_impl.hpp's comment `e.g. group<2,4>(make_tensor<int>(Layout<Shape<_1,_2,_3,_4,_5,_6>>{}))`
/// does not compile (g++: no matching function for call to `get<0>(Tensor<ArrayEngine<int,
/// 720>, …> const&)`): CuTe's `group` is the tuple algorithm; the tensor's is `group_modes`.
#[test]
fn group_of_a_tensor_names_group_modes() {
    refused(&[
        (
            "group<2,4>(make_tensor<int>(Layout<Shape<_1,_2,_3,_4,_5,_6>>{}))\n",
            "group a tensor's modes with group_modes<B,E>(tensor)",
        ),
        (
            "group<1,3>(make_identity_tensor(Shape<_2,_3,_4>{}))\n",
            "CuTe's group<B,E> is the tuple algorithm",
        ),
    ]);
}

/// tensor_impl.hpp's comment `Tensor thr_data = local_partition(data, Layout<Shape<_2,_16>>{},
/// thr_idx);` pasted without its thread index: the name is undefined (it was "expected an
/// integer, found a name").
#[test]
fn an_undefined_index_is_named() {
    refused(&[(
        "Tensor thr_data = local_partition(make_identity_tensor(Shape<_16,_64>{}), Layout<Shape<_2,_16>>{}, thr_idx);\n",
        "undefined variable 'thr_idx'",
    )]);
}

/// A declaration of several variables names each with its value: `int x = 1, y;` (a variable
/// left uninitialized) is refused, naming the form read.
#[test]
fn several_declarators_each_with_a_value() {
    refused(&[(
        "int x = 1, y;\n",
        "expected 'NAME = EXPR' after ',' in a declaration of several variables",
    )]);
}

/// `conditional_t` takes a condition and two types.
#[test]
fn conditional_t_takes_three() {
    refused(&[(
        "conditional_t<true, _2>{}\n",
        "conditional_t<C, A, B> takes a condition and two types",
    )]);
}
