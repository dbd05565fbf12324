//! Bad input gets a clean error naming the problem: never a panic, hang or runaway memory.

use crate::helpers::eval_line;

fn assert_error(stmt: &str, needle: &str) {
    let got = eval_line(stmt);
    assert!(
        got.starts_with("error: ") && got.contains(needle),
        "{stmt}: expected an error mentioning {needle:?}, got {got}"
    );
}

#[test]
fn integer_overflow_is_an_error() {
    assert_error("99999999999999999999", "integer overflow in literal");
    assert_error("size((4611686018427387904,4))", "integer overflow");
    assert_error(
        "cosize((4611686018427387904,4):(1,4611686018427387904))",
        "integer overflow",
    );
    assert_error("(4,4):(4611686018427387904,1)(3,0)", "integer overflow");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let ok = format!("{}4{}", "(".repeat(64), ")".repeat(64));
    assert_eq!(eval_line(&ok), ok);
    let deep = format!("{}4{}", "(".repeat(100_000), ")".repeat(100_000));
    assert_error(&deep, "nesting deeper than");
    // the deepest accepted input goes through parsing, the algebra and printing
    let d = 250;
    let layout = format!(
        "{}4{}:{}1{}",
        "(".repeat(d),
        ")".repeat(d),
        "(".repeat(d),
        ")".repeat(d)
    );
    assert_eq!(eval_line(&format!("coalesce({layout})")), "4:1");
    assert_eq!(eval_line(&format!("size({layout})")), "4");
    assert_eq!(eval_line(&layout), layout);
}

#[test]
fn megabyte_lines_are_handled() {
    let wide = format!("size(({}))", vec!["1"; 500_000].join(","));
    assert_eq!(eval_line(&wide), "1");
    let name = "x".repeat(1 << 20);
    assert_error(&name, "undefined variable");
}

#[test]
fn structural_errors_name_the_problem() {
    assert_error("(4,8):(1,4,2)", "not congruent");
    assert_error("(4,-8):(1,4)", "non-positive extent");
    assert_error("get((4,8):(1,4), 2)", "out of range");
    assert_error("select((4,8):(1,4), 5)", "out of range");
    assert_error("take((4,8):(1,4), 1, 3)", "out of bounds");
    assert_error("group((4,8):(1,4), 1, 5)", "out of bounds");
    assert_error("Sw<3,4,2>", "abs(SShift) must be at least BBits");
    assert_error("Sw<3,-1,3>", "MBase");
    assert_error("frobnicate(4:1)", "unknown function 'frobnicate'");
    assert_error("A o 4:1", "undefined variable 'A'");
    assert_error("coalesce(4:1, 2:1, 3:1)", "takes 1 to 2 argument(s)");
    assert_error("4 o 2", "two integers");
    // integer arithmetic (SPEC §1b): `4 / 2` is 2; its errors name the condition
    assert_error("4 / 0", "division by zero");
    assert_error("9223372036854775807 + 1", "integer overflow");
    assert_error("(4,8):(1,4) + 1", "needs two integers");
    assert_error("(2*3,4)", "inside a tuple literal");
    assert_error("4:1 /* open", "unterminated comment");
    assert_error("float* p = make_layout(4)", "is initialised with a pointer");
    assert_error("cute.make_layout(4, strid=2)", "no parameter 'strid'");
    assert_error("Int<4,5>{}", "expected Int<N> with one integer");
    assert_error("Layout<Shape<_4>>{4}", "not modelled");
    assert_error("(4,8):(1,4)((1,2,3))", "mismatched ranks");
    // the first bad argument is the one named
    assert_error(
        "logical_divide(Sw<3,4,3>, foo)",
        "expected a layout, found a swizzle",
    );
    assert_error(
        "blocked_product(Sw<3,4,3>, foo)",
        "expected a layout, found a swizzle",
    );
}

#[test]
fn cute_static_asserts_are_errors() {
    assert_error("complement((2,2):(1,1), 8)", "non-injective");
    assert_error("composition((4,6):(1,5), 3:2)", "divisibility condition");
    assert_error(
        "logical_divide((4,8):(1,4), <2:1, 2:1, 2:1>)",
        "too many modes",
    );
}

#[test]
fn law_violations_are_refused_when_strict() {
    let strict = |stmt: &str, needle: &str| {
        let mut env = cute::eval::Env::new();
        env.set_strict(true);
        let e = env.run(stmt).expect_err(stmt);
        assert_eq!(e.kind, cute::eval::ErrorKind::Law, "{stmt}");
        assert!(e.message.contains(needle), "{stmt}: {}", e.message);
    };
    strict("composition((4,6,8):(2,3,5), 6:3)", "is not A o B");
    strict("left_inverse(((3,4)):((4,2)))", "is not a left inverse");
    strict("left_inverse(4:0)", "is not a left inverse");
}

#[test]
fn large_layouts_do_not_hang_the_law_checks() {
    // 10^12 points: checked by sampling, not point by point.
    let got = eval_line("(1000000,1000000):(1,1000000) o (1000000,1000000):(1000000,1)");
    assert_eq!(got, "(1000000,1000000):(1000000,1)");
    let got = eval_line("right_inverse((1000000,1000000):(1000000,1))");
    assert_eq!(got, "(1000000,1000000):(1000000,1)");
}

#[test]
fn parse_errors_say_what_was_expected_and_where() {
    assert_error("(4,8", "expected ')' to close '(' at column 1");
    assert_error(
        "coalesce((4,8):(1,4)",
        "expected ')' to close '(' at column 9",
    );
    assert_error("<3:4, 8:2", "expected '>' to close '<' at column 1");
    assert_error("4:1 4:1", "expected an operator");
    assert_error("(4,8):", "expected an integer or '(' in the stride");
    assert_error("4:1)", "unmatched ')'");
    assert_error("A = ", "expected an expression after '='");
}

#[test]
fn garbage_bytes_give_errors() {
    for s in [
        "\u{0}\u{1}",
        "ü",
        "@@@",
        "((((",
        "))",
        ":::",
        "o o o",
        "Sw<",
        "smem_ptr[",
    ] {
        let got = eval_line(s);
        assert!(
            got.starts_with("error: ") || got.is_empty(),
            "{s:?} gave {got}"
        );
    }
}

// Issue "Hardening, round 3"

/// Item 4: a literal with a leading zero is octal in C++ (and the notation), an error in CuTe
/// DSL text (Python refuses it); a repeated keyword argument is an error; the DSL's sized
/// integers wrap to their width.
#[test]
fn no_silent_wrong_answers_round_3() {
    // typed DSL integers are dynamic (issue 36): printed with the notation's `?`
    let pairs = [
        ("Int<010>{}", "8"),
        ("make_shape(0777, 2)", "(511,2)"),
        ("make_shape(0777,2)", "(511,2)"),
        ("size(010:1)", "8"),
        ("-010", "-8"),
        ("0'17", "15"),
        ("00", "0"),
        ("cute.make_layout(4, stride=00)", "4:0"),
        ("cute.make_layout(4, stride=0_0)", "4:0"),
        ("cute.Int8(300)", "44?"),
        ("cutlass.Int8(300)", "44?"),
        ("cute.Uint32(-1)", "4294967295?"),
        ("cutlass.Int16(40000)", "-25536?"),
        ("cutlass.Int32(2147483648)", "-2147483648?"),
        ("cutlass.Uint8(256)", "0?"),
        ("cutlass.Uint8(-1)", "255?"),
        ("cutlass.Int8(-129)", "127?"),
        ("cutlass.Uint16(-40000)", "25536?"),
        ("cutlass.Int64(-1)", "-1?"),
        ("cutlass.Integer(300)", "300"),
        ("cute.size(cute.make_layout(cutlass.Int8(260)))", "4?"),
    ];
    for (stmt, want) in pairs {
        assert_eq!(eval_line(stmt), want, "{stmt}");
    }
    assert_error("Int<089>{}", "invalid digit '8' in octal constant");
    assert_error(
        "cute.size(0777)",
        "leading zeros in decimal integer literals",
    );
    assert_error("cute.make_layout((4, 010))", "leading zeros");
    assert_error("cutlass.Uint64(-1)", "integer overflow in Uint64(-1)");
    assert_error("cute.Int8((4,8))", "Int8 takes an integer");
    assert_error(
        "cute.get(cute.make_layout((4,8)), mode=[1], mode=[0])",
        "keyword argument repeated: mode",
    );
    assert_error(
        "cute.make_layout((4,8), stride=(1,4), stride=(8,1))",
        "keyword argument repeated: stride",
    );
}

/// Item 6: spellings C++ and Python accept.
#[test]
fn valid_spellings_are_read_round_3() {
    let pairs = [
        ("cute::_4{}", "4"),
        ("cute::_m4{}", "-4"),
        ("cutlass::cute::_8{}", "8"),
        ("Layout<cute::Shape<cute::_4,cute::_8>>{}", "(4,8):(1,4)"),
        (
            "Layout<cute::Shape<cute::_4,cute::_8>, cute::Stride<cute::_8,cute::_1>>{}",
            "(4,8):(8,1)",
        ),
        ("\u{feff}size(4:1)", "4"),
        ("\u{feff}(4,8):(1,4)", "(4,8):(1,4)"),
        ("0x_ff", "255"),
        ("0b_101", "5"),
        ("0o_17", "15"),
        ("size(\u{c}(4,8)\u{c})", "32"),
        ("(4,8)\u{c}:\u{b}(1,4)", "(4,8):(1,4)"),
    ];
    for (stmt, want) in pairs {
        assert_eq!(eval_line(stmt), want, "{stmt:?}");
    }
}

/// Item 7: what `cute` does not model is an error naming it, never a silent binding or a value
/// that does not read back.
#[test]
fn unmodelled_constructs_are_named_round_3() {
    assert_error(
        "std::vector<int> v = 4;",
        "'std::vector<int>' is not modelled",
    );
    assert_error(
        "std::map<int, int> const m = 4;",
        "'std::map<int, int>' is not modelled",
    );
    assert_error("template <class T> auto f = 4:1;", "a template declaration");
    // (`template<int N> using X = Int<N>;`, an alias template, is modelled since session 31)
    assert_error("Step<_1,Foo,_1>{}", "'Foo' is not a step's mode");
    assert_error("make_step(1, Foo)", "'Foo' is not a step's mode");
    for width in ["0", "-16", "12", "6", "3"] {
        assert_error(
            &format!("smem_ptr[{width}b]"),
            &format!("smem_ptr[{width}b]: no element is {width} bits wide"),
        );
        assert_error(
            &format!("Sw<3,4,3> o smem_ptr[{width}b](unset) o (8,64):(64,1)"),
            "no element is",
        );
        assert_error(&format!("smem_ptr_flag_bits<{width}>{{}}"), "no element is");
    }
    // the widths elements have
    for width in [1, 2, 4, 8, 16, 24, 32, 64, 128] {
        let l = format!("Sw<3,4,3> o smem_ptr[{width}b](unset) o (8,64):(64,1)");
        assert_eq!(eval_line(&l), l);
    }
    // what is modelled still binds
    let mut env = cute::eval::Env::new();
    for s in [
        "std::size_t n = 4;",
        "std::int64_t m = 8;",
        "Layout<Shape<_4,_8>> a = Layout<Shape<_4,_8>>{};",
        "template_ = 4",
    ] {
        assert!(env.run(s).is_ok(), "{s}");
    }
}

/// Item 5: a comment ends at its line, also within a statement of several lines.
#[test]
fn comments_end_at_their_line_round_3() {
    let pairs = [
        ("# c\n4:1", "4:1"),
        ("// c\n4:1", "4:1"),
        ("size((4, # four\n 8))", "32"),
        ("size((4, // four\n 8))", "32"),
        ("/* a\n b */ size(4:1)", "4"),
        ("size(/* a\n ( */ 4:1)", "4"),
    ];
    for (stmt, want) in pairs {
        assert_eq!(eval_line(stmt), want, "{stmt:?}");
    }
}

/// A list item that is a tuple of integers alone is read by the IntTuple literal's reader
/// (the parser's shortcut, `bare_int_tuple_item`): the same value, kinds and errors as the
/// general path gives (a malformed one is left to it).
#[test]
fn tuple_items_of_integers_read_as_the_general_path_reads_them() {
    for (stmt, want) in [
        (
            "(3,(6),(8,2,2)):(4,(12),(72,576,1152))",
            "(3,(6),(8,2,2)):(4,(12),(72,576,1152))",
        ),
        ("((4),(2,)):((1),(4,))", "((4),(2)):((1),(4))"),
        ("size(((2,3), (4, 1)))", "24"),
    ] {
        assert_eq!(eval_line(stmt), want, "{stmt}");
    }
    assert_error(
        "((4 5),2)",
        "expected ',' or ')' to close '(' at column 2, found '5'",
    );
    assert_error("((,),2)", "expected an expression, found ','");
    assert_error("((08),2)", "invalid digit '8' in octal constant");
    // C++ text: its plain literals are dynamic, in a tuple item too
    let (out, _, _) = crate::helpers::cute(
        &["eval", "--format", "cute"],
        "make_layout(make_shape((2,3),4));\n(3,(6)):(1,(3))\n",
    );
    assert_eq!(out, "((2,3),4):((_1,2),6)\n(_3,(_6)):(_1,(_3))\n");
}

/// A statement that is a layout literal alone is read by the call's shortcut (`literal_call`'s
/// `LayoutAlone`): the same value, kinds, `ans` and errors as the general path gives; in a
/// session of DSL text it is left to the general path (which refuses it).
#[test]
fn a_layout_literal_alone_reads_as_the_general_path_reads_it() {
    let (out, err, _) = crate::helpers::cute(
        &["eval", "--format", "cute"],
        "(3,(6)):(1,(3))\nans\n_4:_1\n(4,2):(1,2,3)\n(4,(2)):(1,(4));\nans\n",
    );
    assert_eq!(
        out,
        "(_3,(_6)):(_1,(_3))\n(_3,(_6)):(_1,(_3))\n_4:_1\n\
         error: make_layout: shape (4,2) and stride (1,2,3) are not congruent\n\
         (4,(2)):(1,(4))\n(4,(2)):(1,(4))\n"
    );
    assert!(
        err.contains("shape (4,2) and stride (1,2,3) are not congruent"),
        "{err}"
    );
    let (out, err, _) =
        crate::helpers::cute(&["eval"], "a = cute.make_layout(4)\n(4,(2)):(1,(4))\n");
    // (a session of DSL text shows its error where its output goes too)
    assert_eq!(
        out,
        "error: the shape of a layout must be an integer or an IntTuple\n"
    );
    assert!(
        err.contains("the shape of a layout must be an integer or an IntTuple"),
        "{err}"
    );
}
