//! Issue 37: what the sweep of CUTLASS's core unit tests (tests/oracle/sweep_blocks.py) found
//! refused in inverse_left.cpp, array_subbyte.cpp, bitfield.cpp, mixedbits.cpp, pointer.cpp and
//! tensor_algs.cpp. Each expectation is what CuTe 4.7 prints for the same statement
//! (/work/shared/tools/cute-oracle).

use crate::helpers::{cute, cute_format};

/// `left_inverse` of a layout with a negative static stride: CuTe's fold gives the stride's
/// quotient as a negative extent (`(_-1,_4):(_0,_1)` for `4:-1`, oracle output). SPEC §3:
/// extents are at least 1, so it is an error that names CuTe's shape, also in a pasted TEST
/// body (inverse_left.cpp's negative-stride case).
#[test]
fn left_inverse_of_a_negative_stride_names_cutes_shape() {
    for (stmt, shape) in [
        (
            "left_inverse(make_layout(Shape<_4>{}, Stride<Int<-1>>{}))",
            "(_-1,_4)",
        ),
        (
            "left_inverse(make_layout(Shape<_4>{}, Stride<Int<-2>>{}))",
            "(_-2,_4)",
        ),
        (
            "left_inverse(make_layout(make_shape(_2{},_4{}), make_stride(_m1{}, _2{})))",
            "(_-1,_-2,_4)",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!(code, 1, "{stmt}: {out}");
        assert!(
            err.contains("negative stride") && err.contains(&format!("the shape {shape}")),
            "{stmt}: {err}"
        );
    }
    let block = "\
template <class Layout>
void test_left_inverse(Layout const& layout)
{
  auto inv_layout = left_inverse(layout);
  for (int i = 0; i < size(layout); ++i) {
    EXPECT_EQ(layout(inv_layout(layout(i))), layout(i));
  }
}
{
auto layout = make_layout(Shape<_4>{}, Stride<Int<-1>>{});
test_left_inverse(layout);
}
";
    let (_, err, code) = cute_format(block);
    assert_eq!(code, 1);
    assert!(err.contains("extents are at least 1"), "{err}");
}

/// mixedbits.cpp: `&`, `|`, `^` of two `MixedBits`, or of one and a static integer, as
/// swizzle.hpp's operators compute them, and `uint32_t(m)` its value (oracle output).
#[test]
fn mixed_bits_bitwise_operators_are_cutes() {
    let head =
        "auto m0 = make_mixed_bits(_1{}, 3u, _2{});\nauto m1 = make_mixed_bits(_2{}, 5u, _4{});\n";
    for (stmt, want) in [
        ("print(m0 & m1);", "M_0|(2&2)=2"),
        ("print(m0 | m1);", "M_3|(4&4)=7"),
        ("print(m0 ^ m1);", "M_1|(4&6)=5"),
        ("print(m0 & _3{});", "M_1|(2&2)=3"),
        ("print(m0 | _4{});", "M_5|(2&2)=7"),
        ("print(m0 ^ _7{});", "M_4|(0&2)=4"),
        ("print(uint32_t(m0 & m1));", "2"),
        (
            "EXPECT_EQ(uint32_t(m0 | m1), uint32_t(m0) | uint32_t(m1));",
            "",
        ),
    ] {
        let (out, err, code) = cute_format(&format!("{head}{stmt}\n"));
        assert_eq!((out.as_str(), code), (want, 0), "{stmt}: {err}");
    }
}

/// `T(i) = v` compiles in CuTe where the element's type is assignable from the value's
/// (tests/oracle/assignable.txt, every pair of the element types cute holds); cute's table
/// agrees with every entry.
#[test]
fn element_assignment_compiles_where_cute_does() {
    use cute::eval::storage::ElemType;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracle/assignable.txt"
    ))
    .unwrap();
    let rows: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(':'))
        .collect();
    assert_eq!(rows.len(), 25);
    for (to, bits) in &rows {
        let t = ElemType::of_name(to).unwrap();
        for ((from, _), bit) in rows.iter().zip(bits.chars()) {
            let f = ElemType::of_name(from).unwrap();
            assert_eq!(t.assignable_from(f), bit == '1', "{to} = {from}");
        }
    }
}

/// An FP8 element written with a `float` does not compile in CuTe (no `operator=` of
/// `float`); `half_t` takes one, and an FP8 value written as its own type is held.
#[test]
fn fp8_element_takes_only_its_own_type() {
    let (_, err, code) =
        cute_format("auto T = make_tensor<float_e4m3_t>(Shape<_4>{});\nT(0) = 1.5f;\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("no operator= of a float into an element of float_e4m3_t"),
        "{err}"
    );
    for (block, want) in [
        (
            "auto T = make_tensor<float_e4m3_t>(Shape<_4>{});\nT(0) = float_e4m3_t(1.5f);\nT(1) = T(0);\nprint(T(1));\n",
            "1.500000",
        ),
        (
            "auto T = make_tensor<half_t>(Shape<_4>{});\nT(0) = 1.5f;\nprint(T(0));\n",
            "1.500000",
        ),
        (
            "auto T = make_tensor<float>(Shape<_4>{});\nT(0) = float_e4m3_t(1.5f);\nprint(T(0));\n",
            "1.500000",
        ),
    ] {
        let (out, err, code) = cute_format(block);
        assert_eq!((out.as_str(), code), (want, 0), "{block}: {err}");
    }
}

/// `print` of a complex value does not compile in CuTe (util/print.hpp has no print of
/// cutlass::complex; cute-oracle: "no matching function for call to print(cutlass::complex<float>)"):
/// an error naming it; its parts print.
#[test]
fn print_of_a_complex_value_is_refused_as_cute_does() {
    let (out, err, code) =
        cute_format("auto z = complex<float>(1,2);\nprint(z);\nprint(real(z));\n");
    assert!(out.ends_with("\n1.000000") && code == 1, "{out} {err}");
    assert!(
        err.contains("print of a complex<float>: CuTe does not compile it"),
        "{err}"
    );
}

/// array_subbyte.cpp: `array_subbyte<T, N>` holds its values (any `T`, `uint8_t` too: its
/// iterator is a `subbyte_iterator`), `size()`, `front()`, `back()`, `sizeof_bits_v` of its
/// type (whole storage words, array_subbyte.hpp), a tensor over its `begin()` writing its
/// elements, and an element's `bool` a run-time one (oracle output).
#[test]
fn array_subbyte_holds_values_as_cute() {
    let block = r#"array_subbyte<int4_t, 10> a{};
fill(a, int4_t(-5));
a[3] = int4_t(2);
print(a.size()); print(" ");
print(int4_t(a[3])); print(" ");
print(int4_t(a.back())); print(" ");
print(int4_t(a.front())); print(" ");
print(sizeof_bits_v<decltype(a)>); print(" ");
array_subbyte<uint2_t, 14> b{};
print(sizeof_bits_v<decltype(b)>); print(" ");
array_subbyte<bool, 14> c{};
print(sizeof_bits_v<decltype(c)>); print(" ");
array_subbyte<uint8_t, 14> d{};
print(sizeof_bits_v<decltype(d)>); print(" ");
auto t = make_tensor(a.begin(), make_shape(10));
t(4) = int4_t(7);
print(int4_t(a[4])); print(" ");
array_subbyte<uint8_t, 15> e{};
fill(e, uint8_t(13));
auto u = make_tensor(e.begin(), make_shape(15));
print(uint8_t(u(3))); print(" ");
print(bool(e[3] == uint8_t(13)));
"#;
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), code),
        ("10 2 -5 -5 40 32 16 112 7 13 1", 0),
        "{err}"
    );
}

/// CUTLASS's `integer_subbyte(int)` asserts its range, an `assert` that CUTLASS's unit tests
/// leave out (CMake's Release build: NDEBUG), where it keeps the value's low bits, so
/// array_subbyte.cpp's `a[i] = int4_t(i)` for i = 8 holds -8: cute answers as that build does
/// (cute-oracle with `-DNDEBUG`: `int4b_t(8)` -8, `int4b_t(9)` -7, `int4b_t(-9)` 7,
/// `uint2_t(-5)` 3, `int2b_t(3)` -1, `uint4b_t(-1)` 15, `uint6b_t(64)` 0, `uint4b_t(7.9f)` 7)
/// and warns of the assertion; `--strict` makes the warning the statement's error.
#[test]
fn subbyte_out_of_range_keeps_the_low_bits_as_cutlass_tests_build() {
    let block = "array_subbyte<int4_t, 14> a{};\na[0] = int4_t(8);\nprint(int4_t(a[0])); print(\" \");\n\
                 print(int4b_t(9)); print(\" \"); print(int4b_t(-9)); print(\" \");\n\
                 print(uint2_t(-5)); print(\" \"); print(int2b_t(3)); print(\" \");\n\
                 print(uint4b_t(-1)); print(\" \"); print(uint6b_t(64)); print(\" \");\n\
                 print(uint4b_t(7.9f)); print(\" \"); print(uint2_t(-5) == uint2_t(3));\n";
    let (out, err, code) = cute_format(block);
    assert_eq!((out.as_str(), code), ("-8 -7 7 3 -1 15 0 7 1", 0), "{err}");
    assert!(
        err.contains(
            "warning: int4b_t(8): the value is outside the type's range -8..=7: CUTLASS's \
             integer_subbyte asserts it (a build without NDEBUG stops there); built with \
             NDEBUG, as CUTLASS's tests are, it keeps the low 4 bits: -8"
        ),
        "{err}"
    );
    let (_, err, code) = cute(
        &["eval", "--strict", "--format", "cute"],
        "print(uint6b_t(64));\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("error: uint6b_t(64): the value is outside the type's range 0..=63"),
        "{err}"
    );
}

/// array_subbyte.cpp's Subbyte_iterator: `array_subbyte<uint6b_t, 15>` (6-bit elements, 96
/// bits of storage), a tensor over its `begin()` writing them, `int6b_t`'s range, and
/// `print_tensor` of it (oracle output; the pointer's address is `cute`'s `(a)`).
#[test]
fn uint6b_array_and_tensor_hold_values_as_cute() {
    let block = r#"array_subbyte<uint6b_t, 15> a{};
auto tensor = make_tensor(a.begin(), make_shape(15));
fill(a, uint6b_t(13));
print(uint6b_t(tensor(2))); print(" ");
for (int i = 0; i < int(a.size()); ++i) {
  EXPECT_EQ(uint6b_t(tensor(i)), uint6b_t(13));
  tensor(i) = uint6b_t(i);
  EXPECT_EQ(uint6b_t(a[i]), uint6b_t(tensor(i)));
}
print(uint6b_t(a[14])); print(" ");
print(uint6b_t(tensor(3))); print(" ");
print(sizeof_bits_v<decltype(a)>); print(" ");
print(int6b_t(-32)); print(" ");
print(uint6b_t(a[5]) == uint6b_t(tensor(5)));
print_tensor(tensor);
"#;
    let (out, err, code) = cute_format(block);
    let rows: String = (0..15).map(|i| format!("{i:>5}\n")).collect();
    assert_eq!(
        (out, code),
        (
            format!("13 14 3 96 -32 1subptr[6b](a) o (15):(_1):\n{rows}"),
            0
        ),
        "{err}"
    );
}

/// pointer.cpp: `using T = float const;`, `T* p = nullptr;`, `void const* v = nullptr;`,
/// `make_gmem_ptr<T>(p)` of a typed or `void` pointer, and `gmem_ptr<T*>` written as a type
/// for `is_same_v` (oracle output).
#[test]
fn pointer_types_and_make_ptr_of_typed_pointers() {
    let block = "auto g = make_gmem_ptr<float>(nullptr);
print(is_same_v<decltype(g), gmem_ptr<half_t*>>);
print(is_same_v<decltype(g), smem_ptr<float*>>);
print(is_same_v<decltype(g), gmem_ptr<float*>>);
void const* v = nullptr;
print(make_gmem_ptr<half_t>(v));
using T = float const;
T* p = nullptr;
print(make_smem_ptr<T>(p));
static_assert(cute::is_same_v<decltype(make_gmem_ptr(p)), cute::gmem_ptr<T*>>);
";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), code),
        ("001gmem_ptr[16b]((nil))smem_ptr[32b]((nil))", 0),
        "{err}"
    );
}

/// tensor_algs.cpp's TensorTransform: a C array of `complex<float>` initialized with
/// `{re, im}` items, a tensor over it, `conjugate conj;` (a functor object) and
/// `transform(tensor, conj)` conjugating each element in place (CuTe prints nothing: each
/// `EXPECT_EQ` holds).
#[test]
fn transform_conjugates_a_complex_array() {
    let block = "complex<float> array[4] = {{0,0}, {1,0}, {0,1}, {1,1}};
complex<float> correct[4] = {{0,0}, {1,0}, {0,-1}, {1,-1}};
Tensor tensor = make_tensor(static_cast<complex<float>*>(array), make_layout(make_shape(4)));
conjugate conj;
transform(tensor, conj);
for (int i = 0; i < 4; ++i) {
  EXPECT_EQ(tensor(i), correct[i]);
}
print(imag(tensor(3)));
";
    let (out, err, code) = cute_format(block);
    assert_eq!((out.as_str(), err.as_str(), code), ("-1.000000", "", 0));
}

/// `bool(x)` is C++'s `bool`, a run-time value that CuTe prints `1` or `0`, of a static
/// integer too (oracle output: `bool(_3{})` is `1`, not `_1`); the DSL's `bool` stays Python's.
#[test]
fn bool_of_a_static_integer_is_a_run_time_bool() {
    for (stmt, want) in [
        ("bool(_3{})", "1"),
        ("bool(_0{})", "0"),
        ("bool(3)", "1"),
        ("bool(size(Layout<_4,_1>{}) == _4{})", "1"),
        ("bool(Int<-2>{})", "1"),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.trim_end(), code), (want, 0), "{stmt}: {err}");
    }
    let (out, _, code) = cute(&["eval", "--format", "dsl"], "bool(cute.size((4,2)))\n");
    assert_eq!((out.trim_end(), code), ("True", 0));
}

/// bitfield.cpp's loops: `make_int_range<B, E>{}` (and `make_range`) is the static integers
/// `B..E` (oracle output), as `for_each` walks them.
#[test]
fn make_int_range_is_cutes() {
    for (stmt, want) in [
        ("make_int_range<1,5>{}", "(_1,_2,_3,_4)"),
        ("make_int_range<3,3>{}", "()"),
        ("make_int_range<0,1>{}", "(_0)"),
        ("make_int_range<5,1>{}", "()"),
        ("make_range<2,4>{}", "(_2,_3)"),
    ] {
        let (out, err, code) = cute_format(&format!("{stmt}\n"));
        assert_eq!((out.trim_end(), code), (want, 0), "{stmt}: {err}");
    }
}

/// bitfield.cpp: `cute::remove_cvref_t<decltype(X)>::value` (and `std::decay_t<…>::value`) is
/// `decltype(X)::value`, a value's type having no qualifiers here (oracle output `33`).
#[test]
fn remove_cvref_t_of_decltype_has_its_value() {
    let (out, err, code) = cute_format(
        "auto x = _3{};\nprint(cute::remove_cvref_t<decltype(x)>::value);\n\
         constexpr auto n = std::decay_t<decltype(x)>::value; print(n);\n",
    );
    assert_eq!((out.as_str(), code), ("33", 0), "{err}");
}

/// bitfield.cpp's TEST body (its loops over `make_int_range`, `remove_cvref_t<decltype(N)>::value`
/// read, an `#if 0` inside the lambda skipped, `bit_field` masking on assignment) answers as
/// CuTe: every EXPECT_EQ holds and nothing is printed (here BitStart over 60..70 only, where the
/// fields cross the 64-bit words; the sweep runs it whole).
#[test]
fn bit_field_test_body_runs_as_cute() {
    let body = r#"for_each(make_int_range<1,65>{}, [&](auto NumBits) {
  constexpr auto num_bits = cute::remove_cvref_t<decltype(NumBits)>::value;
  for_each(make_int_range<60, 70>{}, [&](auto BitStart) {
    constexpr auto bit_start = cute::remove_cvref_t<decltype(BitStart)>::value;
    using BF = bit_field<bit_start, cute::remove_cvref_t<decltype(NumBits)>::value>;
#if 0
    printf("bit_field<%d,%d>:\n", bit_start, num_bits);
#endif
    uint64_t v = num_bits == 64 ? uint64_t(-1) : ((uint64_t(1) << NumBits) - 1);
    BF bf{};
    bf = v;
    EXPECT_EQ(v, uint64_t(bf));
  });
});
for_each(make_int_range<0,129>{}, [&](auto BitStart) {
  using BF = bit_field<cute::remove_cvref_t<decltype(BitStart)>::value, 32, float>;
  BF bf{};
  bf = 3.14f;
  EXPECT_EQ(3.14f, float(bf));
});
"#;
    let (out, err, code) = cute_format(body);
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
}

#[test]
fn a_counter_shadowing_an_array_is_not_the_array() {
    let (out, err, code) = cute_format(
        "array<float, 4> s;\nfor (int s = 0; s < 1; ++s) { print(s.back()); }\nprint(s.size());\n",
    );
    assert_eq!(code, 1, "{out} {err}");
    assert!(err.contains("an integer has no field 'back'"), "{err}");
}

/// A C array's `int` elements compute in `int` (issue 37): a result past its range is
/// undefined in C++ (an error naming it, as of integral constants), one within it is C++'s
/// (cute-oracle: `[]{ int a[2] = {1 << 20, 3}; print(a[0] * 2047); printf(" "); print(a[1] -
/// 5); unsigned u[1] = {4000000000u}; print(u[0] + u[0]); return 0; }()` prints `2146435072
/// -23705032704`: an unsigned sum wraps modulo 2^32).
#[test]
fn int_array_elements_overflow_as_cpp_int() {
    let (out, err, code) = cute_format(
        "int a[2] = {1 << 20, 3};\nprint(a[0] * 2047); print(\" \");\nprint(a[1] - 5);\n\
         unsigned u[1] = {4000000000u};\nprint(u[0] + u[0]);\n",
    );
    assert_eq!(
        (out.as_str(), code),
        ("2146435072 -23705032704", 0),
        "{err}"
    );
    let (_, err, code) = cute_format("int a[2] = {1 << 20, 3};\nprint(a[0] * 4096);\n");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "error: the int value 4294967296 of 1048576 * 4096 overflows (undefined behaviour in C++)"
        ),
        "{err}"
    );
}

/// `INT64_MIN % -1`: the quotient is past int64_t's range, and C++ leaves both `/` and `%`
/// undefined there ([expr.mul]: "if the quotient a/b is representable … otherwise, the behavior
/// of both a/b and a%b is undefined"); cute gave 0 for `%`.
#[test]
fn int_array_remainder_of_an_unrepresentable_quotient_is_undefined() {
    let (_, err, code) =
        cute_format("int64_t d[2] = {-9223372036854775807 - 1, -1};\nprint(d[0] % d[1]);\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("of -9223372036854775808 % -1: the quotient 9223372036854775808 overflows (undefined behaviour in C++)"),
        "{err}"
    );
    let (out, err, code) = cute_format("int64_t d[2] = {-7, -2};\nprint(d[0] % d[1]);\n");
    assert_eq!((out.as_str(), code), ("-1", 0), "{err}");
}

/// A C++ integer variable computes in its declared type (issue 37), by the one check the
/// array elements' arithmetic has: `int` past its range is undefined (an error), the unsigned
/// types wrap, `int64_t` is wide, `int16_t`/`uint8_t` promote to `int`. Expectations:
/// cute-oracle, the block as one program (`1073741824 2097152 17592186044416 0 3 4294967295
/// -3 -1 60000 40000 10`).
#[test]
fn int_variables_compute_in_their_declared_type() {
    let block = "int b = 1 << 20;\nprint(b * 1024); printf(\" \");\nb *= 2; print(b); printf(\" \");\n\
                 int64_t c = 1 << 20;\nprint(c * 4096 * 4096); printf(\" \");\n\
                 unsigned u = 1u << 31;\nprint(u * 4); printf(\" \");\nprint(u + u + 3); printf(\" \");\n\
                 unsigned v = 5;\nprint(v - 6); printf(\" \");\nint e = -7;\n\
                 print(e / 2); printf(\" \"); print(e % 3); printf(\" \");\n\
                 int16_t h = 30000;\nprint(h + h); printf(\" \");\nuint8_t k = 200;\n\
                 print(k * k); printf(\" \");\nsize_t s = 4;\nprint(s * 3 - 2);\n";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), code),
        (
            "1073741824 2097152 17592186044416 0 3 4294967295 -3 -1 60000 40000 10",
            0
        ),
        "{err}"
    );
    let (_, err, code) = cute_format("int b = 1 << 20;\nprint(b * 4096);\n");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "error: the int value 4294967296 of 1048576 * 4096 overflows (undefined behaviour in C++)"
        ),
        "{err}"
    );
}

/// `t(i) = 9` into an `int4b_t` element converts through integer_subbyte's constructor, as
/// `int4b_t(9)` does (cute-oracle: the constructor's assert fails on `t(0) = 9;`): the same
/// warning, the low 4 bits kept.
#[test]
fn an_implicit_conversion_into_a_subbyte_element_warns_as_the_cast_does() {
    let (out, err, code) = cute_format(
        "auto t = make_tensor<int4b_t>(Layout<_4>{});\nt(0) = 9;\nprint(int4b_t(t(0)));\n",
    );
    assert_eq!((out.as_str(), code), ("-7", 0), "{err}");
    assert!(
        err.contains("warning: int4b_t(9): the value is outside the type's range -8..=7"),
        "{err}"
    );
}

/// A value carries its C++ integer type through an assignment too (issue 37): `u = u - 1`
/// keeps `unsigned`, a `size_t` past the signed 64-bit integers is held as its bits and
/// printed as the number it is, an assignment or a declaration converts its value to the
/// variable's type, and a static integer with a typed one converts to its `int` (cute-oracle,
/// the block as one program: `4294967295 18446744073709551615 -3 -25536 4294967294 -5
/// 4294967295 3`). Where such a `size_t` leaves the arithmetic for the algebra (a shape),
/// the 64-bit signed integers cute computes layouts with are named.
#[test]
fn assignments_keep_the_variables_integer_type() {
    let block = "unsigned u = 0; u = u - 1; print(u); printf(\" \");\n\
                 size_t s = 0; s = s - 1; print(s); printf(\" \");\n\
                 int i = -1; i = i * 3u; print(i); printf(\" \");\n\
                 int16_t h = 40000; print(h); printf(\" \");\n\
                 unsigned k = -2; print(k); printf(\" \");\n\
                 int m = -7; m += 2u; print(m); printf(\" \");\n\
                 unsigned w = 5; w -= 6; print(w); printf(\" \");\n\
                 print(-Int<3>{} * w);\n";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), code),
        (
            "4294967295 18446744073709551615 -3 -25536 4294967294 -5 4294967295 3",
            0
        ),
        "{err}"
    );
    // a shift past the type's width is undefined behaviour in C++ (g++ warns, and the
    // result is the machine's): an error
    let (_, err, code) = cute_format("unsigned w = 1;\nprint(w << 32);\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("error: a shift by 32 of a 32-bit uint32_t (undefined behaviour in C++)"),
        "{err}"
    );
    let (_, err, code) = cute_format("size_t s = 0;\nauto t = s - 1;\nmake_shape(t);\n");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "error: the uint64_t value 18446744073709551615 is beyond the signed 64-bit integers cute computes with"
        ),
        "{err}"
    );
}

/// `print(a)` of CuTe's `array<T, N> a;` prints its values as a tuple, each as CuTe prints
/// its type (`(1,2,5)`, `(0.000000,0.000000)` of `array<float, 2> f{}`, `half_t` as `float`).
/// Expectations: cute-oracle of the same statements.
#[test]
fn print_of_a_cute_array_prints_its_values() {
    let (out, err, code) = cute_format(
        "array<int, 3> c; c[0]=1; c[1]=2;c[2]=5; print(c); printf(\"\\n\");\n\
         array<float, 2> f{}; print(f); printf(\"\\n\");\n\
         array<half_t, 2> h; h[0] = half_t(1.5f); h[1] = half_t(2); print(h); printf(\"\\n\");\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "(1,2,5)\n(0.000000,0.000000)\n(1.500000,2.000000)\n");
    // an element never written: CuTe prints what the memory holds, cute says so
    let (_, err, code) = cute_format("array<int, 2> g; g[0] = 1; print(g);\n");
    assert_eq!(code, 1);
    assert!(err.contains("read of an element never written"), "{err}");
}

/// `raw_pointer_cast(p)` (CuTe's pointer.hpp; thrust's of a host_vector's `data()`): the raw
/// pointer, its element type kept. Expectations: cute-oracle of the same statements (thrust's
/// as the unit tests use it, `T* p = thrust::raw_pointer_cast(h.data())`).
#[test]
fn raw_pointer_cast_gives_the_raw_pointer() {
    let (out, err, code) = cute_format(
        "float a[4]; a[1] = 2.5f; auto t = make_tensor(raw_pointer_cast(make_gmem_ptr(a)), make_layout(4)); print(t(1)); printf(\"\\n\");\n\
         print(raw_pointer_cast(make_gmem_ptr(static_cast<float*>(nullptr))));\n\
         thrust::host_vector<int> h(3); h[2] = 7; int* q = thrust::raw_pointer_cast(h.data()); print(q[2]);\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "2.500000\nptr[32b]((nil))7");
    let (_, err, code) = cute_format("raw_pointer_cast(3);\n");
    assert_eq!(code, 1);
    assert!(err.contains("raw_pointer_cast takes a pointer"), "{err}");
}

/// `auto b = a;` of CuTe's array (or of a thrust::host_vector, as the unit tests copy their
/// host arrays) copies the values: writing the copy leaves the original. Expectations:
/// cute-oracle of the array's statements (`(1,2)(1,7)`).
#[test]
fn a_copy_of_an_array_has_its_own_values() {
    let (out, err, code) = cute_format(
        "array<int, 2> a; a[0] = 1; a[1] = 2; auto b = a; b[1] = 7; print(a); print(b);\n\
         thrust::host_vector<int> h(3); h[0] = 1; auto g = h; g[0] = 5; print(h[0]); print(g[0]);\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "(1,2)(1,7)15");
}
