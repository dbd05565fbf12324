//! Issue 37: the type-level C++ that CUTLASS's core unit tests write (test/unit/cute/core/
//! tuple.cpp, constants.cpp, reverse.cpp, swizzle_layout.cpp, tensor_algs.cpp), as the sweep
//! (tests/oracle/sweep_blocks.py) pastes them. Each expectation is what CuTe 4.7 prints for the
//! same statements (/work/shared/tools/cute-oracle).

use crate::helpers::{cute, cute_format};

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

/// `counting_iterator<int>{n}` (and `(n)`): CuTe's counting iterator, printed
/// `counting_iter(n)`; a tensor over it has the run-time integers `n + L(i)` (the docs'
/// 0z_tma_tensors.md, swizzle_layout.cpp, tensor_algs.cpp; oracle output).
#[test]
fn counting_iterator_constructed_in_braces() {
    assert_prints(&[
        ("counting_iterator<int>{0}", "counting_iter(0)\n"),
        ("counting_iterator<int>(5)", "counting_iter(5)\n"),
        (
            "make_tensor(counting_iterator<int>{0}, make_layout(make_shape(2,3)))",
            "counting_iter(0) o (2,3):(_1,2)\n",
        ),
        (
            "make_tensor(counting_iterator<int>{0}, make_layout(make_shape(2,3)))(1,1)",
            "3\n",
        ),
        (
            "make_tensor(counting_iterator<int>{3}, make_layout(make_shape(_2{},_3{})))(_1{},_1{})",
            "6\n",
        ),
        (
            "make_tensor(counting_iterator<int>{3}, composition(Swizzle<1,0,1>{}, make_layout(make_shape(_2{},_2{}))))",
            "counting_iter(3) o Sw<1,0,1> o _0 o (_2,_2):(_1,_2)\n",
        ),
        (
            "make_tensor(counting_iterator<int>{0}, make_layout(make_shape(2,3)))(_,1)",
            "counting_iter(2) o (2):(_1)\n",
        ),
        (
            "Tensor A = make_tensor(counting_iterator<int>(42), make_shape(4,5));\nprint_tensor(A);",
            "counting_iter(42) o (4,5):(_1,4):\n   42   46   50   54   58\n   43   47   51   55   59\n   44   48   52   56   60\n   45   49   53   57   61\n",
        ),
    ]);
    // another element type is named as not modelled
    let (_, err, code) = cute_format("counting_iterator<float>{0}\n");
    assert_eq!(code, 1);
    assert!(err.contains("cute models T = int"), "{err}");
}

/// `size<I>(tensor)`, `shape<I>(tensor)` are of the tensor's layout (not of its element at I);
/// CuTe's literal `4_c` is the static `_4`; `not` is C++'s `!` (swizzle_layout.cpp,
/// tensor_algs.cpp; oracle output).
#[test]
fn mode_queries_of_tensors_literals_and_not() {
    assert_prints(&[
        (
            "size<0>(make_tensor(counting_iterator<int>{0}, make_layout(make_shape(4,3))))",
            "4\n",
        ),
        (
            "size<1>(make_tensor(make_inttuple_iter(0), make_layout(make_shape(4,_3{}))))",
            "_3\n",
        ),
        (
            "shape<1>(make_tensor(make_inttuple_iter(0), composition(Swizzle<1,0,2>{}, make_layout(make_shape(4,4)))))",
            "4\n",
        ),
        ("make_coord(0_c, _)", "(_0,_)\n"),
        ("3_c + 1_c", "_4\n"),
        ("static_assert(not (1 == 2));", ""),
    ]);
}

/// `logical_reduce(S, D, P[, f])` (algorithm/tensor_reduce.hpp) as CuTe 4.7 has it: the
/// batch_reduce of `(dice(P, L), slice(P, L))`, after `assert(compatible(P, shape(S)))`, which
/// no profile with `_` passes: an assert CUTLASS's tests leave out (CMake's Release: NDEBUG),
/// so cute reduces as that build does and warns of it (tensor_algs.cpp's
/// TensorLogicalReduce). Expectations: cute-oracle with `#include
/// <cute/algorithm/tensor_reduce.hpp>` added (the shared oracle leaves that header out) and,
/// for the profiles with `_`, `-DNDEBUG`; each block inside `[]{ …; return 0; }()`.
#[test]
fn logical_reduce_as_cute_4_7_has_it() {
    let block = |src_start: i64, fill: i64, call: &str| {
        format!(
            "Tensor s = make_tensor(counting_iterator<int>{{{src_start}}}, make_layout(make_shape(_2{{}},_3{{}})));\narray<int,1> v;\nfill(v, {fill});\nTensor d = make_tensor(v.begin(), Layout<_1,_0>{{}});\n{call}\nprint(d(0));\n"
        )
    };
    for (stmt, want) in [
        (block(0, 1, "logical_reduce(s, d, make_coord(2,3));"), "16"),
        (block(1, 1, "logical_reduce(s, d, 6, multiplies{});"), "720"),
        (block(0, 0, "logical_reduce(s, d, make_coord(_,3));"), "6"),
    ] {
        let (out, err, code) = cute_format(&stmt);
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
    let (_, err, _) = cute_format(&block(0, 0, "logical_reduce(s, d, make_coord(_,3));"));
    assert!(
        err.contains("warning: logical_reduce: assert(compatible(target_profile, shape(src))) fails: (_,3?) against (2,3)"),
        "{err}"
    );
    let (_, err, code) = cute(
        &["eval", "--strict", "--format", "cute"],
        &block(0, 0, "logical_reduce(s, d, make_coord(_,3));"),
    );
    assert_eq!(code, 1, "{err}");
    // TensorLogicalReduce's first block, its destination zeroed (the test reduces onto
    // make_tensor_like's registers as they are, which CuTe never writes: cute refuses that read)
    let (out, err, code) = cute_format(
        "Tensor src = make_tensor(counting_iterator<int>{0}, Layout<Shape<_4,Shape<_3,_2>>,Stride<_1,Stride<_8,_1>>>{});\n\
         auto slicer = make_coord(0_c, _);\nTensor dst = make_tensor_like(src(slicer));\nfill(dst, 0);\n\
         logical_reduce(src, dst, slicer);\nfor (int i = 0; i < size(dst); ++i) { print(dst(i)); print(\" \"); }\n",
    );
    assert_eq!((out.as_str(), code), ("6 38 70 10 42 74 ", 0), "{err}");
    // make_tensor_like of a tensor over counting_iterator<int>: an owning tensor of int
    // (CuTe prints its stack address, cute `stack`)
    let (out, err, code) = cute_format(
        "make_tensor_like(make_tensor(counting_iterator<int>{0}, make_layout(make_shape(_2{},_3{}))))\n",
    );
    assert_eq!(
        (out.as_str(), code),
        ("ptr[32b](stack) o (_2,_3):(_1,_2)\n", 0),
        "{err}"
    );
}

/// A tuple type constructed from values (tuple.cpp's Tuple): `T x(args…);`, `T x{args…};`,
/// `T x;` of a static T, `tuple<int, _2>(1, _2{})`; `sizeof` of a tuple type (its static
/// elements are not stored, the others aligned; no stored element: one byte) and `std::is_empty` (oracle output).
#[test]
fn tuple_types_constructed_sized_and_empty() {
    assert_prints(&[
        (
            "using M = tuple<tuple<int, _2>, int, int>;\nM m(tuple<int,_2>(1,_2{}),8,2);\nprint(m);",
            "((1,_2),8,2)",
        ),
        ("tuple<_8,int> q(_8{}, 4);\nprint(q);", "(_8,4)"),
        ("using S = tuple<_8, _4>;\nS s;\nprint(s);", "(_8,_4)"),
        ("tuple<int,int> b{8, 4};\nprint(b);", "(8,4)"),
        ("tuple<int,int>(1,2)", "(1,2)\n"),
        ("sizeof(tuple<int,int,int>)", "12\n"),
        ("sizeof(tuple<tuple<int, _2>, int, int>)", "12\n"),
        ("sizeof(tuple<_8,_4>)", "1\n"),
        ("sizeof(cute::tuple<_1, _1, cute::tuple<int32_t>>)", "4\n"),
        ("sizeof(cute::tuple<_1, cute::tuple<_0, int32_t>>)", "4\n"),
        // laid out as a class of its stored elements, each at its alignment (cute-oracle 4.7.0)
        ("sizeof(tuple<int, size_t>)", "16\n"),
        ("sizeof(tuple<int64_t,int>)", "16\n"),
        ("sizeof(tuple<char,int64_t>)", "16\n"),
        ("sizeof(tuple<_1,int64_t>)", "8\n"),
        ("sizeof(tuple<int,tuple<int64_t,_2>>)", "16\n"),
        ("sizeof(tuple<uint32_t,int64_t,int>)", "24\n"),
        ("sizeof(tuple<int16_t,int,int8_t>)", "12\n"),
        ("sizeof(Shape<_4,_8>)", "1\n"),
        ("sizeof(tuple<>)", "1\n"),
        // a tuple type constructed in a call's argument (cute-oracle 4.7.0)
        ("size(tuple<int64_t, int>{65536, 65536})", "4294967296\n"),
        ("product(tuple<int64_t, int>{65536, 65536})", "4294967296\n"),
        ("size(tuple<int, int>(6, 5))", "30\n"),
        (
            "std::is_empty<tuple<tuple<int, _2>, int, int>>::value",
            "0\n",
        ),
        ("std::is_empty<tuple<_8,_4>>::value", "1\n"),
        // default-constructed: CuTe's storage value-initializes its elements (`ESO() :
        // first_{}, rest_{}`, cute-oracle 4.7.0)
        ("using T = tuple<int, int>;\nT t;\nprint(t);", "(0,0)"),
        ("tuple<int, double, _2> t;\nprint(t);", "(0,0.000000,_2)"),
        ("Coord<int, int>{}", "(0,0)\n"),
        ("Shape<_4, _8>{}", "(_4,_8)\n"),
    ]);
    // what cute does not model is named
    for (stmt, want) in [
        (
            "using S = tuple<_8, _4>;\nS bad(8, 4);\n",
            "CuTe's C<8> has no constructor from",
        ),
        (
            "using T = tuple<int, int>;\nT t(1, 2, 3);\n",
            "the tuple (int,int) of 2 elements is constructed from one value each, found 3 values",
        ),
    ] {
        let (_, err, code) = cute_format(stmt);
        assert_eq!(code, 1, "{stmt}");
        assert!(err.contains(want), "{stmt}: {err}");
    }
}

/// What tuple.cpp writes that cute does not answer is named precisely: a using-declaration of
/// a name the file's own namespace does not define (none pasted), a function of that
/// namespace, an array of complex numbers as a value.
#[test]
fn unmodelled_test_constructs_are_named() {
    for (stmt, want) in [
        (
            "using pt_test::Empty;\n",
            "a using-declaration of 'pt_test::Empty': the namespace 'pt_test' defines no function or struct of that name",
        ),
        (
            "test::test_tuple_find_all<cute::tuple>();\n",
            "unknown function 'test::test_tuple_find_all<tuple>': the namespace 'test' defines no such function",
        ),
        (
            "const auto t = cute::array<complex<float>, 2>{};\n",
            "'array<complex<float>, N>' as a value is not modelled",
        ),
    ] {
        let (_, err, code) = cute_format(stmt);
        assert_eq!(code, 1, "{stmt}");
        assert!(err.contains(want), "{stmt}: {err}");
    }
}

/// tuple.cpp's TupleFind as CUTLASS 4.7 writes it (its `namespace test` pasted before the
/// body, as sweep_blocks.py --source tests pastes it): a function template over a template
/// template parameter (`template <template <class...> class Tuple>`, called
/// `test_tuple_find_all<cute::tuple>()`), explicit template arguments (`test_tuple_find<0,
/// float>(…)`), `find<X>(t)` of a type, tuples of floating elements. Every check holds and
/// nothing is printed, as CuTe runs it; a wrong expected index or type fails.
const TUPLE_FIND: &str = r#"namespace test {

template <size_t ExpectedIndex, class X, class Tuple>
void test_tuple_find(Tuple const& t) {
  auto index = cute::find<X>(t);
  static_assert(decltype(index)::value == ExpectedIndex);
}

template <template <class...> class Tuple>
void test_tuple_find_all() {
  using test::test_tuple_find;
  using cute::_1;
  using cute::_2;
  using cute::_4;

  test_tuple_find<0, _1>(Tuple<_1>{});
  test_tuple_find<1, _2>(Tuple<_1>{});
  test_tuple_find<0, int>(Tuple<int>{7});

  test_tuple_find<0, _1>(Tuple<_1, _2>{});
  test_tuple_find<0, _1>(Tuple<_1, int>{_1{}, 7});
  test_tuple_find<0, float>(Tuple<float, int>{15.5f, 7});
  test_tuple_find<1, _2>(Tuple<_1, _2>{});
  test_tuple_find<1, int>(Tuple<_1, int>{_1{}, 7});
  test_tuple_find<1, int>(Tuple<float, int>{15.5f, 7});

  test_tuple_find<0, _1>(Tuple<_1, _2, _4>{_1{}, _2{}, _4{}});
  test_tuple_find<0, _1>(Tuple<_1, _2, int>{_1{}, _2{}, 7});
  test_tuple_find<0, _1>(Tuple<_1, float, _4>{_1{}, 15.5f, _4{}});
  test_tuple_find<0, _1>(Tuple<_1, float, int>{_1{}, 15.5f, 7});
  test_tuple_find<0, double>(Tuple<double, _2, _4>{105.5, _2{}, _4{}});
  test_tuple_find<0, double>(Tuple<double, float, _4>{105.5, 15.5f, _4{}});
  test_tuple_find<0, double>(Tuple<double, float, int>{105.5, 15.5f, 7});

  test_tuple_find<1, _2>(Tuple<_1, _2, _4>{_1{}, _2{}, _4{}});
  test_tuple_find<1, _2>(Tuple<_1, _2, int>{_1{}, _2{}, 7});
  test_tuple_find<1, float>(Tuple<_1, float, _4>{_1{}, 15.5f, _4{}});
  test_tuple_find<1, float>(Tuple<_1, float, int>{_1{}, 15.5f, 7});
  test_tuple_find<1, _2>(Tuple<double, _2, _4>{105.5, _2{}, _4{}});
  test_tuple_find<1, float>(Tuple<double, float, _4>{105.5, 15.5f, _4{}});
  test_tuple_find<1, float>(Tuple<double, float, int>{105.5, 15.5f, 7});

  test_tuple_find<2, _4>(Tuple<_1, _2, _4>{_1{}, _2{}, _4{}});
  test_tuple_find<2, int>(Tuple<_1, _2, int>{_1{}, _2{}, 7});
  test_tuple_find<2, _4>(Tuple<_1, float, _4>{_1{}, 15.5f, _4{}});
  test_tuple_find<2, int>(Tuple<_1, float, int>{_1{}, 15.5f, 7});
  test_tuple_find<2, _4>(Tuple<double, _2, _4>{105.5, _2{}, _4{}});
  test_tuple_find<2, _4>(Tuple<double, float, _4>{105.5, 15.5f, _4{}});
  test_tuple_find<2, int>(Tuple<double, float, int>{105.5, 15.5f, 7});
}

}

  test::test_tuple_find_all<cute::tuple>();

"#;

#[test]
fn tuple_find_test_body_passes() {
    let (out, err, code) = cute_format(TUPLE_FIND);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    for (right, wrong) in [
        (
            "test_tuple_find<2, int>(Tuple<double, float, int>{105.5, 15.5f, 7});",
            "test_tuple_find<1, int>(Tuple<double, float, int>{105.5, 15.5f, 7});",
        ),
        (
            "test_tuple_find<1, float>(Tuple<_1, float, int>{_1{}, 15.5f, 7});",
            "test_tuple_find<1, double>(Tuple<_1, float, int>{_1{}, 15.5f, 7});",
        ),
        (
            "test_tuple_find<0, int>(Tuple<int>{7});",
            "test_tuple_find<0, long>(Tuple<int>{7});",
        ),
        (
            "test_tuple_find<1, _2>(Tuple<_1>{});",
            "test_tuple_find<0, _2>(Tuple<_1>{});",
        ),
    ] {
        assert!(TUPLE_FIND.contains(right), "{right}");
        let (_, err, code) = cute_format(&TUPLE_FIND.replace(right, wrong));
        assert_eq!(code, 1, "{wrong}");
        assert!(err.contains("static_assert"), "{wrong}: {err}");
    }
    // more explicit template arguments than the template has parameters
    let (_, err, code) = cute_format(
        "template <int N, class X>\nvoid g(X const& x) { print(N); }\ng<1, int, int>(4);\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("has 2 template parameters, given 3"), "{err}");
}

/// msvc_compilation/tuple.cpp's TupleGetRecursive as CUTLASS 4.7 writes it (its file's
/// `ConvertibleTo` and `IC` pasted before the body, as sweep_blocks.py --source unit pastes
/// them): a tuple value against a tuple type whose elements are names, a `size_t` element
/// keeping its type. Every check holds, as CuTe runs it; a wrong type fails, and a type cute
/// does not read is named as not modelled (not "CuTe does not compile").
const TUPLE_GET_RECURSIVE: &str = r#"template<class T>
class ConvertibleTo {
public:
  ConvertibleTo(T val) : val_(val) {}

  operator T () const { return val_; }

private:
  T val_ = 0;
};
template<class Integral, Integral Value>
using IC = std::integral_constant<Integral, Value>;

  CUTLASS_TRACE_HOST("-------------------------------");
  CUTLASS_TRACE_HOST("cute::get<I...> on cute::tuple");
  CUTLASS_TRACE_HOST("-------------------------------");

  using inner_tuple_type = cute::tuple<int, ConvertibleTo<size_t>, IC<int, 43>>;
  using outer_tuple_type = cute::tuple<IC<int, 40>, inner_tuple_type, size_t>;

  inner_tuple_type t0_inner{ 41, size_t(42u), IC<int, 43>{} };
  outer_tuple_type t0_outer{ IC<int, 40>{}, t0_inner, size_t(44u) };

        [[maybe_unused]] auto t0_outer_0 = cute::get<0>(t0_outer);
        static_assert(std::is_same_v<decltype(t0_outer_0), IC<int, 40>>);

        [[maybe_unused]] auto t0_outer_1 = cute::get<1>(t0_outer);
        static_assert(std::is_same_v<decltype(t0_outer_1), inner_tuple_type>);

        [[maybe_unused]] auto t0_outer_2 = cute::get<2>(t0_outer);
        static_assert(std::is_same_v<decltype(t0_outer_2), size_t>);
        assert(t0_outer_2 == size_t(44u));

  // Leftmost index is innermost in the nexted get sequence.
  [[maybe_unused]] auto t0_outer_10 = cute::get<1, 0>(t0_outer);
  static_assert(std::is_same_v<decltype(t0_outer_10), int>);
  assert(t0_outer_10 == 41);
"#;

#[test]
fn tuple_get_recursive_test_body_passes() {
    let (out, err, code) = cute_format(TUPLE_GET_RECURSIVE);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    for (right, wrong) in [
        (
            "decltype(t0_outer_2), size_t>",
            "decltype(t0_outer_2), int>",
        ),
        (
            "decltype(t0_outer_10), int>",
            "decltype(t0_outer_10), size_t>",
        ),
    ] {
        assert!(TUPLE_GET_RECURSIVE.contains(right), "{right}");
        let (_, err, code) = cute_format(&TUPLE_GET_RECURSIVE.replace(right, wrong));
        assert_eq!(code, 1, "{wrong}");
        assert!(err.contains("CuTe does not compile"), "{wrong}: {err}");
    }
    let (_, err, code) = cute_format(
        "using tt = cute::tuple<int, Foo<int>>;\nauto v = cute::make_tuple(1, 2);\nstatic_assert(std::is_same_v<decltype(v), tt>);\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("cute does not read the type 'Foo<int>' (not modelled)"),
        "{err}"
    );
}

/// Variadic function templates (`template <class... Ts>`, the parameter pack `Ts const&...
/// ts`, `sizeof...`, `ts...` in a call, fold expressions, a comma fold as a statement): cute
/// prints what CuTe 4.7 prints for tests/golden/variadic_templates.cpp.txt
/// (tests/oracle/gen_variadic.sh wrote tests/golden/variadic_templates.out).
#[test]
fn variadic_function_templates_print_what_cute_prints() {
    assert_golden_program_prints("variadic_templates");
}

/// tuple.cpp's pt_test namespace as CuTe reads it: `is_standard_layout_v` of CuTe's tuple
/// (standard-layout where its elements are), of libstdc++'s `std::tuple` (where at most its
/// first element holds data) and of the program's structs; an unnamed struct declaring its
/// variable (`struct { int i; double j; } IntDouble;`); a variadic template whose parameter
/// expands the pack inside a type, defined; tuples of struct elements converted by their
/// constructors and compared by their friend `operator==`; declarations with specifiers
/// (`constexpr T x{};`, `T const x{…};`, `static const T x{};`); `tuple_element_t<I, T>`;
/// writes of a tuple variable's elements (`cute::get<1>(pt) = 3.5;`); value categories of
/// `decltype(get<I>(t))` and of `decltype(auto)` variables: cute prints what CuTe 4.7 prints for
/// tests/golden/packed_tuple.cpp.txt (tests/oracle/gen_variadic.sh packed_tuple).
#[test]
fn packed_tuple_traits_print_what_cute_prints() {
    assert_golden_program_prints("packed_tuple");
}

/// tuple.cpp's PackedTupleConvertingConstruction as the sweep pastes it (its pt_test
/// namespaces, then the body): a tuple's elements of struct types constructed by their
/// converting constructors (`tuple<Nonempty<int>> t(7)`, `tuple<ConvertibleFromEmpty<0>>
/// t(Empty<0>{})`), nested tuple types, EXPECT_EQ through the structs' friend operator==; CuTe
/// compiles it and its checks hold (the sweep says as CuTe). A wrong expectation fails.
#[test]
fn packed_tuple_converting_construction_test_body_passes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let body = std::fs::read_to_string(format!(
        "{root}/tests/golden/packed_tuple_converting.cpp.txt"
    ))
    .unwrap();
    let (out, err, code) = cute_format(&body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    for (right, wrong) in [
        (
            "EXPECT_EQ(cute::get<0>(t), Nonempty<int>(7));",
            "EXPECT_EQ(cute::get<0>(t), Nonempty<int>(8));",
        ),
        (
            "EXPECT_EQ(cute::get<0>(t), ConvertibleFromEmpty<0>{});",
            "EXPECT_EQ(cute::get<0>(t), ConvertibleFromEmpty<1>{});",
        ),
        (
            "EXPECT_EQ(cute::get<0>(t), Empty<0>{});",
            "EXPECT_EQ(cute::get<0>(t), Empty<1>{});",
        ),
        (
            "EXPECT_EQ(cute::get<0>(t), 1.5f);",
            "EXPECT_EQ(cute::get<0>(t), 2.5f);",
        ),
    ] {
        assert!(body.contains(right), "{right}");
        let (_, err, code) = cute_format(&body.replacen(right, wrong, 1));
        assert_eq!(code, 1, "{wrong}");
        assert!(err.contains("(the test fails)"), "{wrong}: {err}");
    }
}

/// tuple.cpp's IntegerSequenceTransformApply as the sweep pastes it: CuTe's `int_sequence` is
/// not the standard library's `CUTE_STL_NAMESPACE::integer_sequence` (is_same reads that type),
/// and transform_apply, fold and fold_first over CuTe's sequences give static integers; CuTe
/// compiles it and its checks hold (the sweep says as CuTe). A wrong expectation fails.
#[test]
fn integer_sequence_transform_apply_test_body_passes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let body = std::fs::read_to_string(format!(
        "{root}/tests/golden/integer_sequence_transform_apply.cpp.txt"
    ))
    .unwrap();
    let (out, err, code) = cute_format(&body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    assert_each_mutation_fails(
        &body,
        &[
            (
                "static_assert(!cute::is_same_v<",
                "static_assert(cute::is_same_v<",
                "static_assert",
            ),
            (
                "EXPECT_EQ(cute::get<2>(three_way), 18);",
                "EXPECT_EQ(cute::get<2>(three_way), 17);",
                "(the test fails)",
            ),
            (
                "static_assert(cute::is_constant_v<6, decltype(sum)>);",
                "static_assert(cute::is_constant_v<5, decltype(sum)>);",
                "static_assert",
            ),
        ],
    );
}

/// tuple.cpp's PackedTupleGet as the sweep pastes it: `tuple_element_t<I, T>`, writes of a
/// tuple variable's elements (`cute::get<0>(pt) = 43;`), `const` tuples, and the value
/// category of `decltype(cute::get<I>(pt))` (`int const&` of a const tuple's element, an empty
/// element by value); CuTe compiles it and its checks hold (the sweep says as CuTe). A wrong
/// expectation fails.
#[test]
fn packed_tuple_get_test_body_passes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let body =
        std::fs::read_to_string(format!("{root}/tests/golden/packed_tuple_get.cpp.txt")).unwrap();
    let (out, err, code) = cute_format(&body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    assert_each_mutation_fails(
        &body,
        &[
            (
                "static_assert(cute::is_same_v<decltype(cute::get<0>(pt)), int const&>);",
                "static_assert(cute::is_same_v<decltype(cute::get<0>(pt)), int&>);",
                "static_assert",
            ),
            (
                "static_assert(cute::is_same_v<decltype(cute::get<0>(pt)), Empty<0>>);",
                "static_assert(cute::is_same_v<decltype(cute::get<0>(pt)), Empty<0> const&>);",
                "static_assert",
            ),
            (
                "static_assert(cute::is_same_v<cute::tuple_element_t<1, tuple_type>, double>);",
                "static_assert(cute::is_same_v<cute::tuple_element_t<1, tuple_type>, float>);",
                "static_assert",
            ),
            (
                "EXPECT_EQ(cute::get<1>(pt), 3.5);",
                "EXPECT_EQ(cute::get<1>(pt), 2.5);",
                "(the test fails)",
            ),
        ],
    );
}

/// tuple.cpp's PackedTupleGetValueCategory as the sweep pastes it: `decltype(auto) t0 =
/// cute::get<0>(tup);` takes CuTe's get's value category (`Nonempty<int>&`, `int const&` through
/// `auto const& ctup`, `int&&` of `cute::move(tup)`, an empty element by value); CuTe compiles
/// it and its checks hold (the sweep says as CuTe). A wrong expectation fails.
#[test]
fn packed_tuple_value_category_test_body_passes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let body = std::fs::read_to_string(format!(
        "{root}/tests/golden/packed_tuple_value_category.cpp.txt"
    ))
    .unwrap();
    let (out, err, code) = cute_format(&body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    for (right, wrong) in [
        (
            "EXPECT_TRUE((cute::is_same_v<decltype(t1), int&>));",
            "EXPECT_TRUE((cute::is_same_v<decltype(t1), int const&>));",
        ),
        (
            "EXPECT_TRUE((cute::is_same_v<decltype(ct0), Nonempty<int> const&>));",
            "EXPECT_TRUE((cute::is_same_v<decltype(ct0), Nonempty<int>&>));",
        ),
        (
            "EXPECT_TRUE((cute::is_same_v<decltype(r1), int&&>));",
            "EXPECT_TRUE((cute::is_same_v<decltype(r1), int&>));",
        ),
        (
            "EXPECT_TRUE((cute::is_same_v<decltype(r2), Empty<42>>));",
            "EXPECT_TRUE((cute::is_same_v<decltype(r2), Empty<42>&&>));",
        ),
    ] {
        assert!(body.contains(right), "{right}");
        let (_, err, code) = cute_format(&body.replacen(right, wrong, 1));
        assert_eq!(code, 1, "{wrong}");
        assert!(err.contains("(the test fails)"), "{wrong}: {err}");
    }
}

/// tuple.cpp's PackedTuple as the sweep pastes it (its pt_test namespace and functions, then
/// the body): `test_packed_type_alias<tuple<int>, 1, int>({7}, {7})`, a function template whose
/// parameter `std::tuple<Args...> unpacked` expands the pack given explicitly, its braced
/// arguments constructing the parameters' types; `std::tuple` values, `std::get<index>`,
/// `std::tuple_element_t` of a lambda's index, value-initialized tuples, `sizeof` of CuTe's
/// tuple storage, a constexpr function in static_assert; CuTe compiles it and its checks hold
/// (the sweep says as CuTe). A wrong expectation fails.
#[test]
fn packed_tuple_test_body_passes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let body =
        std::fs::read_to_string(format!("{root}/tests/golden/packed_tuple_body.cpp.txt")).unwrap();
    let (out, err, code) = cute_format(&body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    assert_each_mutation_fails(
        &body,
        &[
            // (an element of another type: no conversion, CuTe does not compile)
            (
                "{7, 1.5}, {7, Empty<0>{}, 1.5, Empty<1>{}});",
                "{7, 1.5}, {7, Empty<1>{}, 1.5, Empty<1>{}});",
                "the aggregate 'Empty<0>' of 0 members is initialized from 1 values",
            ),
            (
                "static_assert(sizeof(pt_empty) == 1);",
                "static_assert(sizeof(pt_empty) == 2);",
                "static_assert",
            ),
            (
                "static_assert(test_tuple_element<tuple<Empty<0>>, 0, Empty<0>>());",
                "static_assert(test_tuple_element<tuple<Empty<0>>, 0, Empty<1>>());",
                "static_assert",
            ),
            (
                "EXPECT_EQ(cute::get<2>(pt), 1.5);",
                "EXPECT_EQ(cute::get<2>(pt), 2.5);",
                "(the test fails)",
            ),
        ],
    );
}

/// tuple.cpp's test_packed_type_alias's constructs, printed: a function template instantiated
/// with its pack given explicitly (`sizeof...(Args)`, folds, `tuple<Args...>`,
/// `std::tuple_element_t<index, std::tuple<Args...>>`), `std::tuple` values and `std::get`,
/// `get<index>(t)` of a lambda's index, value-initialized tuples (`tuple<int, double>{}` is
/// `(0,0.000000)`), `sizeof` of CuTe's tuple storage (`eso::ESO`: `tuple<int8_t, int, int8_t,
/// double>` is 32), `is_empty_v` of a tuple of empty structs, a non-type template parameter
/// printed as the integer it is: cute prints what CuTe 4.7 prints for
/// tests/golden/packed_type_alias.cpp.txt (tests/oracle/gen_variadic.sh packed_type_alias).
#[test]
fn packed_type_alias_constructs_print_what_cute_prints() {
    assert_golden_program_prints("packed_type_alias");
}

/// `std::make_tuple(…)`: a std::tuple of the decayed values, printed as CuTe prints it, read by
/// `std::get`, counted by `std::tuple_size`, and `is_same` against `std::tuple<…>` as C++
/// answers it: cute prints what CuTe 4.7 prints for tests/golden/std_make_tuple.cpp.txt
/// (tests/oracle/gen_variadic.sh std_make_tuple).
#[test]
fn std_make_tuple_prints_what_cute_prints() {
    assert_golden_program_prints("std_make_tuple");
}

/// The tuple queries of tuples holding floating values (`make_tuple(7, 1.5)`): rank, depth,
/// get, rank<I>, tuple_size and print as CuTe 4.7 answers them
/// (tests/golden/tuple_floating_queries.cpp.txt, tests/oracle/gen_variadic.sh
/// tuple_floating_queries); size, a product of integers that CuTe does not compile for a
/// floating element, refused with that reason.
#[test]
fn tuple_queries_of_floating_elements_print_what_cute_prints() {
    assert_golden_program_prints("tuple_floating_queries");
    let (out, err, code) = cute_format("size(make_tuple(7, 1.5))");
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("size is the product of integers"),
        "{out}{err}"
    );
}

/// tuple.cpp's PackedTupleConstexprDefaultConstruction as the sweep pastes it:
/// `constexpr cute::eso::ESO_t<Empty<0>, int64_t> eso2{};`, objects of CuTe's tuple storage
/// value-initialized; CuTe compiles it (the sweep says as CuTe). A type it does not lay out is
/// named.
#[test]
fn packed_tuple_constexpr_default_construction_test_body_passes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let body = std::fs::read_to_string(format!(
        "{root}/tests/golden/packed_tuple_constexpr_default.cpp.txt"
    ))
    .unwrap();
    let (out, err, code) = cute_format(&body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    let right = "constexpr cute::eso::ESO_t<Empty<0>, int64_t> eso2{};";
    assert!(body.contains(right));
    let (_, err, code) = cute_format(&body.replacen(
        right,
        "constexpr cute::eso::ESO_t<Empty<0>, Nowhere<1>> eso2{};",
        1,
    ));
    assert_eq!(code, 1);
    assert!(err.contains("Nowhere"), "{err}");
}

/// CuTe's tuple storage (container/tuple.hpp's `cute::eso::ESO_t<T...>`, the base class of
/// `tuple<T...>`): objects value-initialized or constructed from values, their members
/// `first_` and `rest_` (each held where its type is not empty), `sizeof` (the nested layout:
/// `ESO_t<int8_t, int, int8_t, double>` is 32) and `is_empty_v`: cute prints what CuTe 4.7
/// prints for tests/golden/packed_tuple_eso.cpp.txt (tests/oracle/gen_variadic.sh
/// packed_tuple_eso).
#[test]
fn tuple_storage_objects_print_what_cute_prints() {
    assert_golden_program_prints("packed_tuple_eso");
}

/// A pack pattern cute does not model is named: a call of a function whose parameter is a
/// type built of the pack (tuple.cpp's `std::tuple<Args...> unpacked`, whose definition is
/// read), a variadic template parameter that no parameter pack has as its type, explicit
/// template arguments of a pack; `is_standard_layout` of a type cute does not lay out.
#[test]
fn unmodelled_pack_patterns_are_named() {
    let (_, err, code) = cute_format(
        "template <class E, class... Args>\nvoid f(E e, std::tuple<Args...> unpacked) { }\nf(1, {2});\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("the function 'f' is read but not called: its parameter 'std::tuple<Args...> unpacked' has a type that expands the template's pack inside another type, whose deduction from the call's arguments cute does not model"),
        "{err}"
    );
    // the pack given explicitly, its parameter given a value (C++ deduces from its type)
    let (_, err, code) = cute_format(
        "template <class E, class... Args>\nvoid f(E e, std::tuple<Args...> unpacked) { }\nauto u = std::tuple<int>{2};\nf<int, int>(1, u);\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("is a value, from whose type C++ deduces the pack, which cute does not model"),
        "{err}"
    );
    // the standard library's tuple beside CuTe's (cute holds both as CuTe's)
    let (_, err, code) = cute_format("cute::is_same_v<std::tuple<int>, cute::tuple<int>>\n");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "is_same of std::tuple<…> and another type: cute holds a std::tuple as CuTe's tuple"
        ),
        "{err}"
    );
    // an index of get that is no integer
    let (_, err, code) = cute_format("auto t = make_tuple(1, 2);\nget<J>(t)\n");
    assert_eq!(code, 1);
    assert!(err.contains("the index 'J' is no integer here"), "{err}");
    // value categories (PackedTupleGet's `int const&`, PackedTupleGetValueCategory's
    // `decltype(auto) t0 = cute::get<0>(tup);`), a compound write of a tuple's element, a
    // write of a static element (CuTe's get returns an empty element by value)
    for (program, named) in [
        (
            "auto t = make_tuple(1, 2);\nstatic_assert(cute::is_same_v<decltype(t), int const&>);\n",
            "is_same of a reference type with this decltype(…) is not modelled",
        ),
        (
            "auto t = make_tuple(1, 2);\ndecltype(auto) t0 = size(t);\n",
            "'decltype(auto) NAME = EXPR' is modelled where EXPR is get<I>(t) of a tuple variable t",
        ),
        (
            "auto t = make_tuple(1, 2);\ncute::get<0>(t) += 2;\n",
            "a compound assignment of a tuple's element ('get<I>(t) += v') is not modelled",
        ),
        (
            "auto t = make_shape(_4{}, 2);\nget<0>(t) = 6;\n",
            "the tuple's element 0 is the static integer _4 (an empty type, which CuTe's get returns by value): the assignment does not compile",
        ),
        (
            "using T = cute::tuple<int>;\nstatic_assert(cute::is_same_v<cute::tuple_element_t<1, T>, int>);\n",
            "tuple_element_t<1, T> of a tuple of 1 elements: the index is out of range",
        ),
    ] {
        let (_, err, code) = cute_format(program);
        assert_eq!(code, 1, "{program}");
        assert!(err.contains(named), "{program}: {err}");
    }
    // CuTe's tuple storage: its functions, a member an ESO does not have, no types
    for (program, named) in [
        (
            "cute::eso::ESO_t<int, int> e{3, 4};\nprint(cute::eso::getv_cr<0>(e));\n",
            "the functions of CuTe's tuple storage (container/tuple.hpp's cute::eso::getr, getv_cr, getv_r, getv_rr) are not modelled",
        ),
        (
            "cute::eso::ESO_t<int, _1> e{3, _1{}};\nprint(e.rest_);\n",
            "'cute::eso::ESO<false, true, int, _1>' has no member 'rest_' (its members: first_)",
        ),
        (
            "cute::eso::ESO_t<> e{};\n",
            "cute::eso::ESO_t<> of no types",
        ),
    ] {
        let (_, err, code) = cute_format(program);
        assert_eq!(code, 1, "{program}");
        assert!(err.contains(named), "{program}: {err}");
    }
    let (_, err, code) = cute_format("cute::is_standard_layout_v<std::tuple<std::tuple<int>>>\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("is_empty: cute does not model whether 'std::tuple<…>' is empty"),
        "{err}"
    );
    let (_, err, code) = cute_format("template <class... Ts>\nvoid f(int x) { }\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("a variadic template parameter ('class... Ts') is modelled only as the type of the function's last parameter"),
        "{err}"
    );
    let (_, err, code) = cute_format(
        "template <class T, class... Ts>\nint count(T const& t, Ts&&... rest) { return t; }\nprint(count<int, int>(1, 2));\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "explicit template arguments of the parameter pack 'Ts' of 'count' are not modelled"
        ),
        "{err}"
    );
}

/// A tuple type of static and run-time elements value-initialized (`Shape<int,_2>{}`: CuTe's
/// tuple value-initializes its run-time elements, the static ones are their constants) or built
/// from values, nested too: cute prints what CuTe 4.7 prints (cute-oracle, each expression).
#[test]
fn mixed_tuple_types_value_initialize_as_cute() {
    for (text, want) in [
        ("Shape<int,_2>{}", "(0,_2)"),
        ("Stride<_1,int>{}", "(_1,0)"),
        ("Shape<int,Shape<_2,int>>{}", "(0,(_2,0))"),
        ("Shape<int,_2>{3, _2{}}", "(3,_2)"),
    ] {
        let (out, err, code) = cute_format(&format!("{text}\n"));
        assert_eq!((out.trim_end(), code), (want, 0), "{text}: {err}");
    }
}

/// tests/golden/NAME.cpp.txt run by cute in `--format cute` prints tests/golden/NAME.out (what
/// CuTe 4.7 prints for it: tests/oracle/gen_variadic.sh NAME) and exits 0.
fn assert_golden_program_prints(name: &str) {
    let root = env!("CARGO_MANIFEST_DIR");
    let program = std::fs::read_to_string(format!("{root}/tests/golden/{name}.cpp.txt")).unwrap();
    let want = std::fs::read_to_string(format!("{root}/tests/golden/{name}.out")).unwrap();
    let (out, err, code) = cute_format(&program);
    assert_eq!((out.as_str(), code), (want.as_str(), 0), "{name}: {err}");
}

/// Each `(right, wrong, named)`: `body` holds `right`, and with its first `right` replaced by
/// `wrong` cute exits 1 with an error containing `named` (a wrong expectation of a pasted test
/// fails, as CuTe's compile or run would).
fn assert_each_mutation_fails(body: &str, cases: &[(&str, &str, &str)]) {
    for &(right, wrong, named) in cases {
        assert!(body.contains(right), "{right}");
        let (_, err, code) = cute_format(&body.replacen(right, wrong, 1));
        assert_eq!(code, 1, "{wrong}");
        assert!(err.contains(named), "{wrong}: {err}");
    }
}
