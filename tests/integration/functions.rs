//! Issue 37: the user's functions and lambdas, as a pasted unit test defines them
//! (`template <class Layout> void test_coalesce(Layout const& layout) { … }`, `auto f = [&](auto
//! x) { …; return y; };`), one body runner for both; and the checks of a unit test or kernel
//! (`EXPECT_*`, `ASSERT_*`, `static_assert`, `CUTE_STATIC_ASSERT_V`): nothing when they hold, an
//! error naming the check and its values when not. (The answers printed were checked with
//! cute-oracle: tests/cli/paste_functions.toml.)

use crate::helpers::{cute, cute_format};

/// coalesce.cpp's helper, as written, and a call of it.
const TEST_COALESCE: &str = r#"using namespace cute;

template <class Layout>
void
test_coalesce(Layout const& layout)
{
  auto coalesce_layout = coalesce(layout);

  CUTLASS_TRACE_HOST(shape (layout) << "  =>  " << shape (coalesce_layout));
  CUTLASS_TRACE_HOST(stride(layout) << "      " << stride(coalesce_layout));

  CUTE_STATIC_ASSERT_V(depth(coalesce_layout) <= Int<1>{});

  ASSERT_EQ(size(coalesce_layout),  size(layout));

  for (int i = 0; i < size(layout); ++i) {
    EXPECT_EQ(coalesce_layout(i), layout(i));
  }
}
"#;

#[test]
fn a_pasted_unit_tests_helper_runs_and_its_checks_hold() {
    let block = format!(
        "{TEST_COALESCE}\n{{\n  auto layout = make_layout(make_shape(Int<2>{{}}, Int<4>{{}}, 6), GenRowMajor{{}});\n\n  test_coalesce(layout);\n}}\n"
    );
    let (out, err, code) = cute_format(&block);
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
}

#[test]
fn a_failing_check_in_a_function_names_it_its_values_and_the_function() {
    let block = "template <class L>\nvoid check_size(L const& l, int n)\n{\n  EXPECT_EQ(size(l), n);\n}\ncheck_size(make_layout(make_shape(2, 4)), 8);\ncheck_size(make_layout(make_shape(2, 4)), 9);\nprint(1);\n";
    let (out, err, code) = cute_format(block);
    // the error's line on stdout in its place, its diagnostic on stderr; the session goes on
    assert_eq!(
        out,
        "error: EXPECT_EQ(size(l), n) failed: size(l) is 8, n is 9 (the test fails) (in the function 'check_size', at line 4: EXPECT_EQ(size(l), n);)\n1"
    );
    assert!(
        err.contains("7 │ check_size(make_layout(make_shape(2, 4)), 9);"),
        "{err}"
    );
    assert_eq!(code, 1);
}

#[test]
fn functions_return_anywhere_overload_by_arity_and_print_before_the_statement() {
    let block = r#"auto twice(int x) { return 2 * x; }
template <class L>
auto first_big(L const& l, int bound) {
  for (int i = 0; i < size(l); ++i) {
    if (l(i) >= bound) { return i; }
  }
  return -1;
}
template <class L>
auto first_big(L const& l) { return first_big(l, 4); }
void show(int x) { print(x); print(" "); }
twice(21)
first_big(make_layout(8, 2), 9)
first_big(make_layout(8, 2))
first_big(make_layout(2, 2), 9)
show(3);
twice(twice(1))
"#;
    let (out, err, code) = cute(&["eval"], block);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "42?\n5?\n2?\n-1?\n3?\n \n4?\n");
}

#[test]
fn lambdas_of_many_statements_run_as_functions_do() {
    let block = r#"auto base = make_layout(make_shape(4, 2));
auto f = [&](auto x) {
  auto y = base(x);
  return y + 1;
};
f(5)
[&]{ auto s = size(base); return s * 2; }()
[&](auto a, auto b) { print(a); print(b); }(1, 2);
"#;
    let (out, err, code) = cute_format(block);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "6\n16\n12");
}

#[test]
fn a_bodys_bindings_stay_in_it_and_parameters_shadow() {
    let block = "auto x = 7;\nvoid g(int x) { auto local = x + 1; print(local); }\ng(1);\nprint(x);\nprint(local);\n";
    let (out, _, code) = cute_format(block);
    assert_eq!(out, "27error: undefined variable 'local'\n");
    assert_eq!(code, 1);
}

#[test]
fn calls_are_bounded_and_errors_name_the_limit() {
    let (_, err, code) = cute_format("int down(int n) { return down(n + 1); }\ndown(0);\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("calls nested deeper than 64 levels (the limit)"),
        "{err}"
    );
    // many calls, each cheap: the statement's count of calls is bounded
    let (_, err, code) = cute_format(
        "int two(int n) { if (n == 0) { return 1; } return two(n - 1) + two(n - 1); }\ntwo(30);\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("more than 16384 times (the limit)"), "{err}");
    // a loop's calls count toward its statement's
    let (_, err, code) =
        cute_format("void nothing(int n) { }\nfor (int i = 0; i < 20000; ++i) { nothing(i); }\n");
    assert_eq!(code, 1);
    assert!(err.contains("more than 16384 times (the limit)"), "{err}");
}

#[test]
fn misuse_is_an_error_naming_it() {
    for (block, want) in [
        (
            "return 4;\n",
            "'return' stands only in a function's or a lambda's body",
        ),
        (
            "void f(int a) { print(a); }\nf(1, 2);\n",
            "the function 'f' takes 1 argument, got 2",
        ),
        (
            "auto g = [&](auto x) { return x; };\ng();\n",
            "the lambda 'g' takes 1 argument, got 0",
        ),
        (
            "void h() { auto y = ; }\n",
            "expected an expression after '='",
        ),
        (
            "template <> struct S<int> { int x; };\n",
            "a class template or its specialization ('template <…> struct NAME<…> { … }') is not modelled",
        ),
        (
            "void v() { }\nauto r = v();\n",
            "the call returns nothing (void in CuTe): there is no value to bind",
        ),
    ] {
        let (_, err, code) = cute_format(block);
        assert_eq!(code, 1, "{block}");
        assert!(err.contains(want), "{block}: {err}");
    }
}

#[test]
fn a_definition_of_cutes_name_is_an_overload() {
    // 02_layout_algebra.md's logical_divide, as the docs define it: called with two layouts;
    // CuTe's own is called with arguments the definition does not take
    let block = "template <class LShape, class LStride, class TShape, class TStride>\nauto logical_divide(Layout<LShape,LStride> const& layout,\n                    Layout<TShape,TStride> const& tiler)\n{\n  return composition(layout, make_layout(tiler, complement(tiler, size(layout))));\n}\nprint(logical_divide(make_layout(Int<8>{}), make_layout(Int<2>{})));\n";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("(_2,_4):(_1,_2)", "", 0)
    );
}

#[test]
fn a_variable_shadows_a_function_of_its_name() {
    let (out, err, code) = cute(&["eval"], "int f(int a) { return a; }\nauto f = 3;\nf\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("3?\n", "", 0));
}

#[test]
fn checks_in_their_forms() {
    let holds = r#"auto a = make_layout(make_shape(Int<4>{}, Int<2>{}));
EXPECT_TRUE(a(1) < a(2));
EXPECT_FALSE(size(a) == 9);
EXPECT_EQ(size(a), 8);
EXPECT_NE(size(a), 9);
EXPECT_LT(size(a), 9);
EXPECT_LE(size(a), 8);
EXPECT_GT(cosize(a), 7);
EXPECT_GE(cosize(a), size(a)) << "a message, streamed";
ASSERT_EQ(rank(a), 2);
ASSERT_TRUE(depth(a) <= Int<1>{});
static_assert(size(a) == 8);
static_assert(size(a) == 8, "eight");
CUTE_STATIC_ASSERT_V(size(a) == Int<8>{});
CUTE_STATIC_ASSERT_V(depth(a) <= Int<1>{});
CUTE_STATIC_ASSERT(rank(a) == 2, "rank 2");
[[maybe_unused]] auto b = a;
"#;
    let (out, err, code) = cute_format(holds);
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
    for (check, want) in [
        (
            "EXPECT_LT(size(a), 3);",
            "EXPECT_LT(size(a), 3) failed: size(a) is 8 (the test fails)",
        ),
        (
            "EXPECT_TRUE(a(3) < a(2));",
            "EXPECT_TRUE(a(3) < a(2)) failed: a(3) is 3, a(2) is 2 (the test fails)",
        ),
        (
            "static_assert(size(a) == 9, \"nine\");",
            "static_assert(size(a) == 9, \"nine\") failed",
        ),
        (
            "CUTE_STATIC_ASSERT_V(size(a) > Int<8>{});",
            "CUTE_STATIC_ASSERT_V(size(a) > Int<8>{}) failed: size(a) is 8, Int<8>{} is 8 (CuTe does not compile)",
        ),
        // a run-time value: the compiler's error, not a pass or fail by value (cute-oracle:
        // "non-constant condition for static assertion")
        (
            "int n = 8; static_assert(size(a) == n);",
            "static_assert expression is not an integral constant expression",
        ),
        (
            "int n = 8; static_assert(n == 8, \"eight\");",
            "static_assert expression is not an integral constant expression",
        ),
        (
            "CUTE_STATIC_ASSERT_V(size(make_layout(make_shape(4,2))) == Int<8>{});",
            "CUTE_STATIC_ASSERT_V: static_assert expression is not an integral constant expression",
        ),
        (
            "EXPECT_LT(a, 3);",
            "'<' compares two integers (CuTe has no '<' for a layout",
        ),
    ] {
        let (_, err, code) = cute_format(&format!(
            "auto a = make_layout(make_shape(Int<4>{{}}, Int<2>{{}}));\n{check}\n"
        ));
        assert_eq!(code, 1, "{check}");
        assert!(err.contains(want), "{check}: {err}");
    }
}

#[test]
fn an_integral_constants_value_type() {
    let block = "constexpr auto fifteen = C<3 * 5>{};\nstatic_assert(cute::is_same_v<decltype(fifteen)::value_type, int>);\nstatic_assert(int(fifteen) == 15);\nauto one = C<1>{};\nstatic_assert(cute::is_same_v<decltype(cute::gcd(fifteen, one))::value_type, int>);\n";
    let (out, err, code) = cute_format(block);
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
    let (_, err, code) = cute_format("auto n = 4;\nusing T = decltype(n)::value_type;\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("a run-time integer's type is int, which has no members"),
        "{err}"
    );
}

/// A definition in a `cute eval` argument ends at its body's `}`, as in a pasted block: the
/// statements after it, on its line or the next, are statements of their own (a lambda's or a
/// braced construction's `}` does not end one).
#[test]
fn a_definition_in_an_argument_ends_at_its_brace() {
    for arg in [
        "int f(int x) { return x; }\nprint(f(2));",
        "int f(int x) { return x; } print(f(2));",
        "template <class L> int f(L const& l) { for (int i = 0; i < 10; ++i) { if (i == 2) { return i; } } return 0; } print(f(Int<4>{}));",
    ] {
        let (out, err, code) = cute(&["--format", "cute", "eval", arg], "");
        assert_eq!((out.as_str(), err.as_str(), code), ("2", "", 0), "{arg}");
    }
    let (out, _, code) = cute(
        &[
            "--format",
            "cute",
            "eval",
            "auto g = [](auto x) { return x; }; print(g(Layout<_4>{}));",
        ],
        "",
    );
    assert_eq!((out.as_str(), code), ("_4:_1", 0));
}

/// `size_v<T>`, `cosize_v<T>` of a type (`decltype(L)`, a bound type name), `CUTE_STATIC_V(x)`
/// (config.hpp: `decltype(x)::value`), C++'s plain integers; of a run-time value the compiler's
/// error. `thread0()`: cute answers for thread 0 of block 0 (README, Limits). cute-oracle:
/// `cosize_v<decltype(make_layout(Shape<_2,_4>{}, Stride<_4,_1>{}))>` is 8, and so on.
#[test]
fn static_values_of_types_and_thread0() {
    let block = "auto L = make_layout(Shape<_2,_4>{}, Stride<_4,_1>{});\nusing LayoutType = decltype(L);\nprint(size_v<decltype(L)>); print(cosize_v<LayoutType>); print(CUTE_STATIC_V(size(L)));\nstatic_assert(cosize_v<LayoutType> == 8);\nif (thread0()) { print(\"t0\"); }\n";
    let (out, err, code) = cute_format(block);
    assert_eq!((out.as_str(), err.as_str(), code), ("888t0", "", 0));
    for (stmt, want) in [
        (
            "auto L = make_layout(make_shape(2,4)); print(cosize_v<decltype(L)>);",
            "cosize_v needs a static cosize",
        ),
        (
            "int n = 2; print(CUTE_STATIC_V(n));",
            "a run-time integer, whose type is int, which has no members",
        ),
    ] {
        let (_, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!(code, 1, "{stmt}");
        assert!(err.contains(want), "{stmt}: {err}");
    }
}

#[test]
fn a_failed_expect_is_recorded_and_the_body_goes_on() {
    // googletest: EXPECT_* records the failure and goes on; ASSERT_* returns from its function
    let block = "template <class L>\nvoid check(L const& l) {\n  EXPECT_EQ(size(l), 9);\n  print(size(l)); print(\"|\");\n  ASSERT_EQ(rank(l), 3);\n  print(\"not reached\");\n}\ncheck(make_layout(make_shape(Int<2>{}, Int<4>{})));\nfor (int i = 0; i < 3; ++i) { EXPECT_NE(i, 1); print(i); }\nprint(\"|end\");\n";
    let (out, err, code) = cute_format(block);
    // (each error's line on stdout where it happened, as the session reports errors there)
    assert_eq!(
        out,
        "error: EXPECT_EQ(size(l), 9) failed: size(l) is 8 (the test fails) (in the function 'check', at line 3: EXPECT_EQ(size(l), 9);)\n\
         _8|error: ASSERT_EQ(rank(l), 3) failed: rank(l) is 2 (the test fails) (in the function 'check', at line 5: ASSERT_EQ(rank(l), 3);)\n\
         0error: EXPECT_NE(i, 1) failed: i is 1 (the test fails)\n\
         12|end"
    );
    assert!(!out.contains("not reached"));
    assert!(err.contains("EXPECT_NE(i, 1) failed"), "{err}");
    assert_eq!(code, 1);
    // a check of its own that fails is the statement's error, as before
    let (_, _, code) = cute_format("EXPECT_TRUE(1 == 2);\n");
    assert_eq!(code, 1);
}

#[test]
fn what_a_body_printed_before_its_return_stays() {
    // a `return` from nested loops, from a `switch` in a `while`, and from a block: what the
    // passes before it printed is printed (checked with cute-oracle: tests/cli/paste_return_in_loops.toml)
    let block = "int f(int n) {\n  for (int i = 0; i < n; ++i) {\n    for (int j = 0; j < n; ++j) {\n      if (j == 1) continue;\n      if (j == 3) break;\n      printf(\"%d%d \", i, j);\n      if (i == 2) { printf(\"ret \"); return i * 10; }\n    }\n  }\n  return -1;\n}\nprint(f(5));\nauto g = [&](int x) { { print(x); if (x > 0) { return; } } print(\"neg\"); };\ng(1); g(-1);\n";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("00 02 10 12 20 ret 201-1neg", "", 0)
    );
}

#[test]
fn a_kernels_indices_are_thread_zeros() {
    let (out, err, code) = cute_format(
        "print(threadIdx.x); print(blockIdx.y); print(blockDim.x * gridDim.z);\n__syncthreads();\ncp_async_fence();\ncp_async_wait<0>();\n__syncwarp();\nint threadIdx = 7;\nprint(threadIdx);\n",
    );
    assert_eq!((out.as_str(), err.as_str(), code), ("0017", "", 0));
    // run-time integers, as CUDA's
    let (out, _, _) = cute(&["eval"], "threadIdx.x\n");
    assert_eq!(out, "0?\n");
    let (_, err, code) = cute(&["eval"], "auto x = __syncthreads();\n");
    assert_eq!(code, 1);
    assert!(err.contains("returns nothing"), "{err}");
}

#[test]
fn cpp_print_of_a_string_is_printf() {
    // util/print.hpp: `print(char const*)` writes the string, `print(format, t...)` is
    // `printf(format, t...)` (checked with cute-oracle)
    let (out, err, code) = cute_format(
        "print(\"n = %d, %3d|\\n\", 4, size(make_layout(8)));\nprint(\"x\");\nprint(\"\\n\");\n",
    );
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("n = 4,   8|\nx\n", "", 0)
    );
}

#[test]
fn variadic_lambda_misuse_is_an_error_naming_it() {
    for (block, want) in [
        (
            "[](auto... xs) { return (xs + ...); }();\n",
            "a unary fold over '+' of an empty pack is ill-formed in C++",
        ),
        (
            "[](auto... xs, auto y) { return y; }(1, 2);\n",
            "a lambda's parameter pack ('auto... xs') is modelled as its last parameter",
        ),
        (
            "auto g = [](auto a, auto... xs) { return a; };\ng();\n",
            "the lambda 'g' takes at least 1 argument (then its pack), got 0",
        ),
        (
            "find_if(make_tuple(1, 2), [](auto x) { return x == 2; });\n",
            "find_if: the test gives a run-time value (a bool), and CuTe reads its static value",
        ),
        (
            "transform(make_tuple(1, 2), make_tuple(3), plus{});\n",
            "Mismatched tuple_size",
        ),
        (
            "apply(3, [](auto... xs) { return 0; });\n",
            "apply: the argument must be a tuple, found an integer",
        ),
    ] {
        let (_, err, code) = cute_format(block);
        assert_eq!(code, 1, "{block}");
        assert!(err.contains(want), "{block}: {err}");
    }
}
