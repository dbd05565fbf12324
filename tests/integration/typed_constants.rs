//! Issue 37 (session 29): CuTe's typed static integers and arrays as values.
//! `integral_constant<T, v>` keeps its value type T (numeric/integral_constant.hpp: a class of
//! its own, derived from `C<v>`; `Int<v>` is `C<v>` of an int), and arithmetic of typed
//! constants is `C<t op u>` with C++'s conversions; `cute::array<T, N>{…}` is a type of its
//! own, printed as the tuple of its elements. `golden/typed_constants.tsv` holds each
//! expression with what CuTe 4.7 prints for it (`tests/oracle/gen_typed_constants.py`, from
//! `cute-oracle`): `--format cute` prints the same byte for byte. For every layout operation a
//! typed constant is the static integer it is.

use crate::helpers::{cases, cute_format};
use cute::eval::{Env, Outcome};

/// Each expression of `golden/typed_constants.tsv` under `--format cute`, in a fresh session.
#[test]
fn typed_constants_print_what_cute_prints() {
    let all = cases("typed_constants.tsv");
    let failures: Vec<String> = all
        .iter()
        .filter_map(|(stmt, want)| {
            let got = match Env::new().run(stmt) {
                Ok(Outcome::Value(v)) => cute::render::cute::render(&v),
                Ok(other) => format!("{other:?}"),
                Err(e) => format!("error: {}", e.message),
            };
            (&got != want).then(|| format!("{stmt}\n   want {want}\n   got  {got}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases of typed_constants.tsv fail:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// What C++ leaves undefined (overflow, division by zero, a shift past the width) and what cute
/// does not model is an error that names the violated condition.
#[test]
fn typed_constants_undefined_or_unmodelled_are_errors() {
    for (stmt, want) in [
        (
            "integral_constant<float, 5>{}",
            "integral_constant<T, v>: T must be an integer type",
        ),
        (
            "integral_constant<uint32_t, 5>{} / Int<0>{}",
            "division by zero",
        ),
        (
            "integral_constant<int64_t, 1>{} << Int<64>{}",
            "a shift by 64 of a 64-bit long",
        ),
        (
            "integral_constant<int64_t, -9223372036854775807>{} - Int<2>{}",
            "overflows",
        ),
        (
            "make_layout(make_shape(~integral_constant<size_t, 0>{}))",
            "does not fit the integers cute computes layouts with",
        ),
        (
            "cute::array<half_t, 2>{1.5f}",
            "half_t's constructor from float is explicit",
        ),
        (
            "cute::array<int, 1>{1, 2}",
            "array<int, 1> is initialised from at most 1 values, found 2",
        ),
        (
            "cute::array<complex<float>, 2>{}",
            "'array<complex<float>, N>' as a value is not modelled",
        ),
    ] {
        let (_, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!(code, 1, "{stmt}");
        assert!(err.contains(want), "{stmt}: {err}");
    }
}

/// The whole TEST bodies of constants.cpp's MakeIntegerSequence and reverse.cpp's
/// Reverse_Array, as CUTLASS 4.7 writes them: every check passes, nothing is printed (CuTe
/// compiles and runs both silently; tests/oracle/sweep_blocks.py --source tests).
#[test]
fn constants_and_reverse_array_test_bodies_pass() {
    for body in [MAKE_INTEGER_SEQUENCE, REVERSE_ARRAY] {
        let (out, err, code) = cute_format(body);
        assert_eq!((out.as_str(), code), ("", 0), "{err}");
    }
}

/// A lambda over a typed sequence sees each element with its type (oracle output of the same
/// block inside `[]{ …; return 0; }()`).
#[test]
fn for_each_over_a_typed_sequence_keeps_the_type() {
    let (out, err, code) = cute_format(
        "cute::for_each(cute::make_integer_sequence<uint32_t, 3>{}, [](auto c) {\n  using c_type = decltype(c);\n  constexpr auto c_value = c_type::value;\n  using expected_type = cute::integral_constant<uint32_t, c_value>;\n  static_assert(cute::is_same_v<c_type, expected_type>);\n  static_assert(cute::is_same_v<typename c_type::value_type, uint32_t>);\n  print(expected_type{}); print(c_value); print(c * Int<2>{}); print(-c);\n});\n",
    );
    assert_eq!(
        (out.as_str(), code),
        ("_00_0_0_11_2_4294967295_22_4_4294967294", 0),
        "{err}"
    );
}

/// Type aliases and variables of typed constants (oracle output of each block inside
/// `[]{ …; return LAST; }()`).
#[test]
fn aliases_and_variables_of_typed_constants() {
    for (block, want) in [
        (
            "using c_type = decltype(integral_constant<int64_t,5>{});\nsizeof(c_type::value_type)\n",
            "8\n",
        ),
        (
            "using c_type = decltype(Int<5>{});\nsizeof(c_type::value_type)\n",
            "4\n",
        ),
        (
            "auto c = integral_constant<int64_t,5>{};\nsizeof(c)\n",
            "1\n",
        ),
        (
            "using T = uint32_t;\nis_same_v<decltype(integral_constant<T,5>{})::value_type, uint32_t>\n",
            "1\n",
        ),
    ] {
        let (out, err, code) = cute_format(block);
        assert_eq!((out.as_str(), code), (want, 0), "{block}: {err}");
    }
}

const MAKE_INTEGER_SEQUENCE: &str = r#"  cute::for_each(cute::make_integer_sequence<uint32_t, 13>{}, [](auto c) {
    using c_type = decltype(c);
    constexpr auto c_value = c_type::value;
    using expected_type = cute::integral_constant<uint32_t, c_value>;
    static_assert(cute::is_same_v<c_type, expected_type>);
    static_assert(cute::is_same_v<typename c_type::value_type, uint32_t>);
    static_assert(cute::is_constant<c_value, c_type>::value);
    static_assert(cute::is_constant<0, decltype(c * cute::Int<0>{})>::value);
    static_assert(cute::is_constant<2*c_value, decltype(c * cute::Int<2>{})>::value);
  });

  cute::for_each(cute::make_integer_sequence<int64_t, 17>{}, [](auto c) {
    using c_type = decltype(c);
    constexpr auto c_value = c_type::value;
    using expected_type = cute::integral_constant<int64_t, c_value>;
    static_assert(cute::is_same_v<c_type, expected_type>);
    static_assert(cute::is_same_v<typename c_type::value_type, int64_t>);
    static_assert(cute::is_constant<c_value, c_type>::value);
    static_assert(cute::is_constant<0, decltype(c * cute::Int<0>{})>::value);
    static_assert(cute::is_constant<2*c_value, decltype(c * cute::Int<2>{})>::value);
  });
"#;

const REVERSE_ARRAY: &str = r#"  using cute::get;

  {
    const auto t = cute::array<int, 0>{};
    [[maybe_unused]] auto t_r = cute::reverse(t);
    static_assert(cute::tuple_size_v<decltype(t_r)> == 0);

    using reverse_type = cute::array<int, 0>;
    static_assert(cute::is_same_v<decltype(t_r), reverse_type>);
  }

  {
    const auto t = cute::array<int, 1>{123};
    [[maybe_unused]] auto t_r = cute::reverse(t);
    static_assert(cute::tuple_size_v<decltype(t_r)> == 1);
    EXPECT_EQ(get<0>(t_r), 123);

    using reverse_type = cute::array<int, 1>;
    static_assert(cute::is_same_v<decltype(t_r), reverse_type>);
  }

  {
    const auto t = cute::array<int, 2>{123, 456};
    [[maybe_unused]] auto t_r = cute::reverse(t);
    static_assert(cute::tuple_size_v<decltype(t_r)> == 2);
    EXPECT_EQ(get<0>(t_r), 456);
    EXPECT_EQ(get<1>(t_r), 123);

    using reverse_type = cute::array<int, 2>;
    static_assert(cute::is_same_v<decltype(t_r), reverse_type>);
  }

  {
    const auto t = cute::array<float, 5>{1.125f, 2.25f, 3.5f, 4.625f, 5.75f};
    auto t_r = cute::reverse(t);
    static_assert(cute::tuple_size_v<decltype(t_r)> == 5);
    EXPECT_EQ(get<0>(t_r), 5.75f);
    EXPECT_EQ(get<1>(t_r), 4.625f);
    EXPECT_EQ(get<2>(t_r), 3.5f);
    EXPECT_EQ(get<3>(t_r), 2.25f);
    EXPECT_EQ(get<4>(t_r), 1.125f);

    using reverse_type = cute::array<float, 5>;
    static_assert(cute::is_same_v<decltype(t_r), reverse_type>);
  }
"#;

/// msvc_compilation/tuple.cpp's TupleGetSingleInteger as CUTLASS 4.7 writes it (the file's
/// `ConvertibleTo` and alias template `IC` of `std::integral_constant` pasted before it): every
/// check passes and nothing is printed, as CuTe runs it (sweep_blocks.py --source unit).
const TUPLE_GET_SINGLE_INTEGER: &str = "template<class T>
class ConvertibleTo {
public:
  ConvertibleTo(T val) : val_(val) {}

  operator T () const { return val_; }

private:
  T val_ = 0;
};
template<class Integral, Integral Value>
using IC = std::integral_constant<Integral, Value>;
  cute::tuple<int, ConvertibleTo<size_t>, IC<int, 43>> t0{ 41, size_t(42u), IC<int, 43>{} };

  [[maybe_unused]] auto t0_0 = cute::get<0>(t0);
  static_assert(std::is_same_v<decltype(t0_0), int>);
  assert(t0_0 == 41);

  [[maybe_unused]] auto t0_1 = cute::get<1>(t0);
  static_assert(std::is_same_v<decltype(t0_1), ConvertibleTo<size_t>>);

  [[maybe_unused]] auto t0_2 = cute::get<2>(t0);
  static_assert(std::is_same_v<decltype(t0_2), IC<int, 43>>);
";

#[test]
fn std_integral_constant_in_a_tuple_is_its_own_type() {
    let (out, err, code) = cute_format(TUPLE_GET_SINGLE_INTEGER);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    // a wrong check fails: the element is std::integral_constant<int, 43>, neither CuTe's
    // integral_constant nor C<43>, nor of another value or type
    for wrong in [
        "IC<int, 44>",
        "IC<long, 43>",
        "cute::integral_constant<int, 43>",
        "cute::C<43>",
    ] {
        let body = format!(
            "{TUPLE_GET_SINGLE_INTEGER}static_assert(std::is_same_v<decltype(t0_2), {wrong}>);\n"
        );
        let (_, err, code) = cute_format(&body);
        assert_eq!(code, 1, "{wrong}");
        assert!(err.contains("static_assert"), "{wrong}: {err}");
    }
    // an element of another value does not construct it (cute-oracle: no conversion)
    let (_, err, code) = cute_format(
        "cute::tuple<int, std::integral_constant<int, 43>> t{41, std::integral_constant<int, 44>{}};\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("constructed only from an object of its type"),
        "{err}"
    );
}

/// CuTe's print of a `std::integral_constant` (or of a tuple holding one) does not compile
/// (cute-oracle: "call of overloaded 'print(std::integral_constant<int, 42>)' is ambiguous").
#[test]
fn std_integral_constant_is_not_printed() {
    for stmt in [
        "print(std::integral_constant<int, 42>{});",
        "std::integral_constant<int, 42>{}",
        "print(cute::tuple<int, std::integral_constant<int, 43>>{41, std::integral_constant<int, 43>{}});",
    ] {
        let (_, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!(code, 1, "{stmt}");
        assert!(
            err.contains("CuTe does not compile it (the call of print is ambiguous"),
            "{stmt}: {err}"
        );
    }
}
