//! Element values (issue 37): owning tensors and arrays hold values; `T(i) = v`, compound
//! writes, CuTe's algorithms on the values (`copy`, `copy_if`, `fill`, `clear`, `axpby`,
//! `gemm`'s universal FMA) and `print_tensor` as CuTe prints them. Each session's output was
//! checked against cute-oracle (CuTe 4.7) byte for byte, but for the addresses CuTe prints
//! (`ptr[32b](0x7ffde8b93fe0)`), where `cute` prints the owner's name (`stack` for an owning
//! tensor, the array's name for an array).

use crate::helpers::cute;

/// `--format cute` output of a session, its exit code.
fn session(stdin: &str) -> (String, String, i32) {
    cute(&["eval", "--format", "cute"], stdin)
}

/// gemm, copy, axpby, fill of a slice, a compound write, C arrays with initializers viewed by
/// tensors (a tile's writes reach the array), half_t rounding, double's format.
#[test]
fn values_through_the_algorithms_and_views() {
    let (out, err, code) = session(SESSION_1);
    assert_eq!(out, EXPECTED_1, "{err}");
    assert_eq!(code, 0);
}

/// copy_if with a bool predicate, int8_t's wrap and generic pretty_print, print_tensor of rank
/// 4, bfloat16_t's rounding and its arithmetic in float, integer division, uint16_t's wrap.
#[test]
fn element_types_as_cute_has_them() {
    let (out, err, code) = session(SESSION_2);
    assert_eq!(out, EXPECTED_2, "{err}");
    assert_eq!(code, 0);
}

/// What has no value is an error naming it: an element never written (an array declared
/// without an initializer: CuTe prints garbage), past the storage, memory cute holds no values
/// of (a kernel's pointer, nullptr); the initializers CuTe does not compile. An owning tensor's
/// elements are zeros (its ArrayEngine value-initialized, as cute-oracle prints).
#[test]
fn reads_without_values_are_errors() {
    let (out, _, code) = session(
        "auto t = make_tensor<float>(Shape<_2,_2>{});\nt(1);\nprint_tensor(t);\nt(5) = 3;\n\
         float* A;\nTensor g = make_tensor(make_gmem_ptr(A), make_shape(4, 4));\ng(1) = 2;\ng(1);\n\
         print_tensor(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), Layout<_2>{}));\n\
         half_t h[2] = {1, 2};\nint k[2] = {1.5f, 2};\nint m[2] = {1, 2, 3};\n\
         float B[4]{};\nB[3];\nfloat C[4];\nC[0];\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "0.000000",
            "ptr[32b](stack) o (_2,_2):(_1,_2):",
            "  0.00e+00  0.00e+00",
            "  0.00e+00  0.00e+00",
            "error: ptr[32b](stack+5) is outside its storage of 4 elements (CuTe reads past the array: undefined behaviour)",
            // a tensor over memory cute holds no values of: `T(i)` is the element's address
            // (issue 37), and the write before it no write
            "gmem_ptr[32b](A+1)",
            "error: print_tensor: gmem_ptr[32b]((nil)) points into memory cute holds no values of (a kernel's pointer or nullptr): only owning tensors (make_tensor<T>(…), make_fragment_like) and arrays declared in the session hold values",
            "error: an array of half_t is initialized with half_t values: half_t's constructors are explicit, CuTe does not compile the conversion from int (write half_t(…))",
            "error: narrowing conversion of a float to int in an initializer list (CuTe does not compile it)",
            "error: 3 initializers for an array of 2 elements (C++: too many initializers)",
            "0.000000",
            "error: read of an element never written: ptr[32b](C) (CuTe reads whatever the memory holds; write it first, e.g. fill, clear, copy or T(i) = v)",
        ]
    );
    assert_eq!(code, 1);
}

const SESSION_1: &str = r#"auto rA = make_tensor<float>(Shape<_2,_4>{});
for (int i = 0; i < size(rA); ++i) rA(i) = i + 0.5f;
auto rB = make_tensor<float>(Shape<_3,_4>{});
for (int i = 0; i < size(rB); ++i) rB(i) = 2 * i - 3;
auto rC = make_tensor<float>(Shape<_2,_3>{});
clear(rC);
gemm(rA, rB, rC);
print_tensor(rC);
auto rD = make_fragment_like(rC);
copy(rC, rD);
axpby(2, rD, 1, rC);
print_tensor(rC);
rC(1,2) += 0.25f;
print(rC(1,2)); printf("\n");
fill(rD, 7);
print_tensor(rD(_,1));
int src[6] = {1, 2, 3, 4, 5, 6};
Tensor ts = make_tensor(&src[0], make_shape(Int<2>{}, Int<3>{}));
print_tensor(ts);
auto tsub = local_tile(ts, Shape<_2,_1>{}, make_coord(0, 2));
fill(tsub, -1);
print_tensor(ts);
src[0];
half_t hs[4] = {half_t(1), half_t(2), half_t(3), half_t(4)};
hs[1] = 2.5f;
hs[2] = 7;
Tensor th = make_tensor(&hs[0], Layout<_4>{});
th(0) = th(0) * half_t(0.1f);
print_tensor(th);
double dd[3] = {1.0/3, -2.5e10, 0};
print_tensor(make_tensor(&dd[0], Layout<_3>{}));
"#;

const EXPECTED_1: &str = r#"ptr[32b](stack) o (_2,_3):(_1,_2):
  1.44e+02  1.72e+02  2.00e+02
  1.68e+02  2.04e+02  2.40e+02
ptr[32b](stack) o (_2,_3):(_1,_2):
  4.32e+02  5.16e+02  6.00e+02
  5.04e+02  6.12e+02  7.20e+02
720.250000
ptr[32b](stack+2) o (_2):(_1):
  7.00e+00
  7.00e+00
ptr[32b](src) o (_2,_3):(_1,_2):
    1    3    5
    2    4    6
ptr[32b](src) o (_2,_3):(_1,_2):
    1    3   -1
    2    4   -1
1
ptr[16b](hs) o _4:_1:
    0.10
    2.50
    7.00
    4.00
ptr[64b](dd) o _3:_1:
  3.333e-01
 -2.500e+10
  0.000e+00
"#;

const SESSION_2: &str = r#"auto a = make_tensor<int>(Shape<_4>{});
for (int i = 0; i < 4; ++i) a(i) = 10 * i - 5;
auto p = make_tensor<bool>(Shape<_4>{});
for (int i = 0; i < 4; ++i) p(i) = (i % 2);
auto b = make_tensor<int>(Shape<_4>{});
fill(b, 1);
copy_if(p, a, b);
print_tensor(b);
auto c = make_tensor<int8_t>(Shape<_2,_2>{});
c(0,0) = 100; c(1,0) = -3; c(0,1) = 7; c(1,1) = 0;
c(0,0) += 100;
print_tensor(c);
auto d = make_tensor<double>(Shape<_2,_2,_2,_2>{});
for (int i = 0; i < 16; ++i) d(i) = i / 4.0;
print_tensor(d);
auto e = make_tensor<bfloat16_t>(make_layout(Shape<_3>{}));
for (int i = 0; i < 3; ++i) e(i) = bfloat16_t(1.0f / (i + 1));
print_tensor(e);
print(e(2)); printf("\n");
e(2) * 3;
a(3) / 2;
uint16_t u[2] = {65535, 1};
u[1] -= 2;
print_tensor(make_tensor(&u[0], Layout<_2>{}));
"#;

const EXPECTED_2: &str = r#"ptr[32b](stack) o (_4):(_1):
    1
    5
    1
   25
ptr[8b](stack) o (_2,_2):(_1,_2):
  -56  7
  -3  0
ptr[64b](stack) o (_2,_2,_2,_2):(_1,_2,_4,_8):
  0.000e+00  5.000e-01
  2.500e-01  7.500e-01
----------
  1.000e+00  1.500e+00
  1.250e+00  1.750e+00
==========
  2.000e+00  2.500e+00
  2.250e+00  2.750e+00
----------
  3.000e+00  3.500e+00
  3.250e+00  3.750e+00
ptr[16b](stack) o (_3):(_1):
    1.00
    0.50
    0.33
0.333984
1.001953
12
ptr[16b](u) o _2:_1:
  65535
  65535
"#;

/// An oracle session of the values: `--format cute` output, the addresses CuTe prints
/// replaced by `cute`'s `stack` (`subptr[1b](0x7ffd….0)` is `subptr[1b](stack)`).
fn oracle_session(stdin: &str, expected: &str) {
    let (out, err, code) = session(stdin);
    assert_eq!(out, expected, "{err}");
    assert_eq!(code, 0, "{err}");
}

/// `auto u = t;` of an owning tensor is a new owner holding t's values; of a view (a slice)
/// a view of the same elements; `u = t;` of two owners of one type copies the values.
/// `reduce` in init's type (an `int` init truncates each step), with `multiplies{}` and
/// `max_fn{}`; `batch_reduce`; `transform` in place with a lambda and into another with
/// `negate{}` (checked against cute-oracle with cute/algorithm/tensor_reduce.hpp included).
#[test]
fn owning_tensors_copy_and_the_element_function_algorithms() {
    oracle_session(COPY_REDUCE, COPY_REDUCE_EXPECTED);
}

/// `make_tensor<bool>` is sub-byte (`subptr[1b]`); FP8 saturates (`float_e4m3_t(1000.f)` is
/// 448, `float_e5m2_t(100000.f)` 57344) and rounds to nearest even, printed `%8.2f`; int4b_t
/// and uint4b_t print `%5d`; float_e2m1_t rounds and saturates at 6.
#[test]
fn narrow_element_types_round_and_print_as_cute() {
    oracle_session(NARROW_TYPES, NARROW_TYPES_EXPECTED);
}

/// for_each with a printing lambda, transform with a bound lambda, reduce with a lambda,
/// batch_reduce with a lambda and `max_fn{}`, reduce with `min_fn{}`, the binary transform
/// with `multiplies{}` over a broadcast view.
#[test]
fn lambdas_and_functors_as_the_function() {
    oracle_session(FUNCTIONS, FUNCTIONS_EXPECTED);
}

/// An owning tensor's array is value-initialized in CuTe (`Tensor<ArrayEngine<T,N>,L>()`: its
/// tuple's `ESO() : first_{}`), so `make_tensor_like` and `make_fragment_like` hold zeros;
/// `thrust::host_vector<T> h(n)` is a host array of n zeros (`h(n, v)`: each v), written
/// and read as an array (`h[i] = v`, `h[i] += v`), `.size()`, `.data()` its pointer (checked
/// against CuTe 4.7 compiled with thrust/host_vector.h, cute-oracle's g++ and headers).
#[test]
fn owning_tensors_are_zeros_and_host_vectors_are_host_arrays() {
    oracle_session(
        "auto a = make_tensor<float>(Layout<Shape<_2,_3>,Stride<_3,_1>>{});\n\
         auto d = make_tensor_like<int>(a);\nprint_tensor(d);\n\
         auto f = make_fragment_like<int4b_t>(Layout<_3>{});\nprint_tensor(f);\n\
         constexpr int count = 6;\nthrust::host_vector<double> h_in(count);\n\
         for (int i = 0; i < 4; ++i) { h_in[i] = double(i); }\nh_in[5];\nh_in[3];\n\
         h_in.size();\nprint_tensor(make_tensor(h_in.data(), make_shape(Int<2>{}, Int<3>{})));\n\
         thrust::host_vector<uint16_t> h(3, 7);\nh[2] += 2;\nh[1];\nh[2];\n",
        "ptr[32b](stack) o (_2,_3):(_3,_1):\n    0    0    0\n    0    0    0\n\
         subptr[4b](stack) o _3:_1:\n    0\n    0\n    0\n\
         0.000000\n3.000000\n6\nptr[64b](h_in) o (_2,_3):(_1,_2):\n\
         \x20 0.000e+00  2.000e+00  0.000e+00\n  1.000e+00  3.000e+00  0.000e+00\n7\n9\n",
    );
}

/// Single values against cute-oracle: FP8/FP6/FP4 rounding, saturation, subnormals and
/// negative zero, the arithmetic of FP8 values, the sub-byte integers, `sizeof_bits<bool>`
/// and a `bool*` tensor's width.
#[test]
fn element_values_oracle_cases() {
    let text =
        std::fs::read_to_string(crate::helpers::golden_dir().join("element_values_oracle.tsv"))
            .expect("golden file");
    let (exprs, expected): (Vec<&str>, Vec<&str>) = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("EXPR<TAB>EXPECTED"))
        .unzip();
    let (out, err, _) = session(&(exprs.join("\n") + "\n"));
    let got: Vec<&str> = out.lines().collect();
    for (i, e) in exprs.iter().enumerate() {
        assert_eq!(got.get(i).copied(), Some(expected[i]), "{e}\n{err}");
    }
    assert_eq!(got.len(), exprs.len(), "{out}");
}

/// What CuTe does not compile or asserts is an error naming it: a sub-byte integer out of its
/// range, `max_fn` of `half_t` (not `is_arithmetic`), batch_reduce's rank and size checks,
/// transform past its output's end, a function that is no functor or lambda; a lambda
/// writing its reference parameter is not modelled.
#[test]
fn element_function_errors() {
    let (out, _, code) = session(ERRORS);
    assert_eq!(out, ERRORS_EXPECTED);
    assert_eq!(code, 1);
}

const COPY_REDUCE: &str = r#"auto t = make_tensor<float>(Shape<_2,_3>{}); for (int i = 0; i < 6; ++i) t(i) = i + 0.5f;
auto u = t; u(0) = 9; print_tensor(t); print_tensor(u);
print(reduce(t, 0.f)); print("\n"); print(reduce(t, 1, multiplies{})); print("\n"); print(reduce(t, -1.f, max_fn{})); print("\n");
print(reduce(t, 0)); print("\n");
auto r = make_tensor<float>(Shape<_3>{}); clear(r); batch_reduce(t, r); print_tensor(r);
transform(t, [](auto x){ return x * 2; }); print_tensor(t);
transform(t, u, negate{}); print_tensor(u);
auto v = t(_,1); auto w = v; w(0) = -1; print_tensor(t);
u = t; u(1) = 42; print_tensor(t); print_tensor(u);
"#;
const COPY_REDUCE_EXPECTED: &str = r#"ptr[32b](stack) o (_2,_3):(_1,_2):
  5.00e-01  2.50e+00  4.50e+00
  1.50e+00  3.50e+00  5.50e+00
ptr[32b](stack) o (_2,_3):(_1,_2):
  9.00e+00  2.50e+00  4.50e+00
  1.50e+00  3.50e+00  5.50e+00
18.000000
0
5.500000
15
ptr[32b](stack) o (_3):(_1):
  2.00e+00
  6.00e+00
  1.00e+01
ptr[32b](stack) o (_2,_3):(_1,_2):
  1.00e+00  5.00e+00  9.00e+00
  3.00e+00  7.00e+00  1.10e+01
ptr[32b](stack) o (_2,_3):(_1,_2):
 -1.00e+00 -5.00e+00 -9.00e+00
 -3.00e+00 -7.00e+00 -1.10e+01
ptr[32b](stack) o (_2,_3):(_1,_2):
  1.00e+00 -1.00e+00  9.00e+00
  3.00e+00  7.00e+00  1.10e+01
ptr[32b](stack) o (_2,_3):(_1,_2):
  1.00e+00 -1.00e+00  9.00e+00
  3.00e+00  7.00e+00  1.10e+01
ptr[32b](stack) o (_2,_3):(_1,_2):
  1.00e+00 -1.00e+00  9.00e+00
  4.20e+01  7.00e+00  1.10e+01
"#;
const NARROW_TYPES: &str = r#"auto b = make_tensor<bool>(Shape<_4>{}); print(b); print("\n"); b(1) = true; b(0) = false; b(2)=0; b(3)=1; print_tensor(b); 
auto c = make_tensor<float_e4m3_t>(Shape<_2,_2>{}); print(c); print("\n"); c(0) = float_e4m3_t(1.3f); c(1) = float_e4m3_t(1000.f); c(2) = float_e4m3_t(-0.01f); c(3) = float_e4m3_t(3.14159f); print_tensor(c); print(c(0)); print("\n");
auto e = make_tensor<float_e5m2_t>(Shape<_4>{}); e(0) = float_e5m2_t(1.3f); e(1) = float_e5m2_t(100000.f); e(2) = float_e5m2_t(0.1f); e(3)=float_e5m2_t(-3.f); print_tensor(e);
auto d = make_tensor<int4b_t>(Shape<_4>{}); print(d); print("\n"); d(0) = int4b_t(7); d(1) = int4b_t(-8); d(2) = int4b_t(5); d(3) = int4b_t(-3); print_tensor(d); 
auto g = make_tensor<uint4b_t>(Shape<_2>{}); g(0) = uint4b_t(15); g(1) = uint4b_t(0); print_tensor(g);
auto h = make_tensor<float_e2m1_t>(Shape<_4>{}); print(h); print("\n"); h(0) = float_e2m1_t(1.3f); h(1) = float_e2m1_t(5.f); h(2) = float_e2m1_t(100.f); h(3) = float_e2m1_t(-0.3f); print_tensor(h);
"#;
const NARROW_TYPES_EXPECTED: &str = r#"subptr[1b](stack) o (_4):(_1)
subptr[1b](stack) o (_4):(_1):
  0
  1
  0
  1
ptr[8b](stack) o (_2,_2):(_1,_2)
ptr[8b](stack) o (_2,_2):(_1,_2):
    1.25   -0.01
  448.00    3.25
1.250000
ptr[8b](stack) o (_4):(_1):
    1.25
57344.00
    0.09
   -3.00
subptr[4b](stack) o (_4):(_1)
subptr[4b](stack) o (_4):(_1):
    7
   -8
    5
   -3
subptr[4b](stack) o (_2):(_1):
   15
    0
subptr[4b](stack) o (_4):(_1)
subptr[4b](stack) o (_4):(_1):
    1.50
    4.00
    6.00
   -0.50
"#;
const FUNCTIONS: &str = r#"auto t = make_tensor<int>(Shape<_3>{});
fill(t, 4);
for_each(t, [](auto x){ print(x); print("\n"); });
auto k = [](auto x){ return x + 1; };
transform(t, k);
print_tensor(t);
print(reduce(t, 0, [](auto a, auto b){ return a * 10 + b; })); print("\n");
auto h = make_tensor<half_t>(Shape<_2,_2>{});
for (int i = 0; i < 4; ++i) h(i) = half_t(i * 0.3f);
auto s = make_tensor<float>(Shape<_2>{});
fill(s, 0.5f);
batch_reduce(h, s, [](auto a, auto b){ return a + b * b; });
print_tensor(s);
auto m = make_tensor<float>(Shape<_2>{});
fill(m, -1);
auto f = make_tensor<float>(Shape<_2,_2>{});
for (int i = 0; i < 4; ++i) f(i) = 3 - i * 1.5f;
batch_reduce(f, m, max_fn{});
print(reduce(f, 0.f, min_fn{})); print("\n");
print_tensor(m);
auto g = make_tensor<float>(Shape<_2,_2>{});
transform(h, s.compose(Layout<_4,_0>{}) , g, multiplies{});
print_tensor(g);
"#;
const FUNCTIONS_EXPECTED: &str = r#"4
4
4
ptr[32b](stack) o (_3):(_1):
    5
    5
    5
555
ptr[32b](stack) o (_2):(_1):
  5.90e-01
  1.67e+00
-1.500000
ptr[32b](stack) o (_2):(_1):
  3.00e+00
  0.00e+00
ptr[32b](stack) o (_2,_2):(_1,_2):
  0.00e+00  3.54e-01
  1.77e-01  5.31e-01
"#;
const ERRORS: &str = r#"auto t = make_tensor<half_t>(Shape<_4>{});
fill(t, half_t(1));
reduce(t, 0.f, max_fn{})
transform(t, [](auto& x){ x *= 2; })
auto s = make_tensor<float>(Shape<_4>{});
batch_reduce(s, s)
auto r = make_tensor<float>(Shape<_2>{});
batch_reduce(make_tensor<float>(Shape<_2,_3>{}), r)
reduce(t, 0, size)
transform(t, r, negate{})
"#;
const ERRORS_EXPECTED: &str = r#"error: max_fn of a half_t: CuTe's max takes arithmetic types only (is_arithmetic), CuTe does not compile it
error: transform: the lambda writes its parameter 'x' (an element through a reference): not modelled; return the new value instead (transform(T, [](auto x){ return …; }))
error: batch_reduce: CUTE_STATIC_ASSERT_V(rank(src) == Int<2>{}) fails: rank 1 (CuTe does not compile)
error: batch_reduce: assert(size<1>(src) == size(dst)) fails: 3 != 2
error: reduce: the function must be one of CuTe's functors (plus{}, multiplies{}, max_fn{}, min_fn{}, negate{}, …: algorithm/functional.hpp) or a lambda
error: transform: size(tensor_out) = 2 is less than size(tensor_in) = 4: CuTe's element loop over the tensor_in reads tensor_out(i) past its end
"#;

/// The CuTe DSL's register tensors: `cute.make_rmem_tensor` (of a layout or a shape),
/// `t.fill(v)` (converting: 2.7 into an Int32 is 2), `t[i] = v` and `t[(m, n)] = v`, and
/// `cute.print_tensor` as DSL 4.8.1 prints it at run time (checked against dsl-oracle, its
/// `raw_ptr(0x7ffd…: f32, …)` address printed `stack` as in C++ text): ranks 1 to 4, nested
/// modes, a row-major layout, the MLIR names of the types (`Uint8` and `Boolean` are `i8`, a
/// Boolean true is -1).
#[test]
fn dsl_register_tensors_print_as_the_dsl() {
    let (out, err, code) = crate::helpers::cute(&["eval"], DSL_TENSORS);
    assert_eq!(out, DSL_TENSORS_EXPECTED, "{err}");
    assert_eq!(code, 0, "{err}");
}

/// The DSL stores a value of the tensor's element type only (dsl-oracle: "type mismatch,
/// store i32 to Float32", "store f32 to Int32", "store Float32 (-> Float32) to Tensor with
/// element type Float16"); `fill` converts.
#[test]
fn dsl_stores_of_another_type_are_refused() {
    let (out, _, code) = crate::helpers::cute(
        &["eval"],
        "f = cute.make_rmem_tensor(2, cutlass.Float32)\nf[0] = 2\nk = cute.make_rmem_tensor(2, cutlass.Int32)\nk[0] = 2.5\n\
         h = cute.make_rmem_tensor(2, cutlass.Float16)\nh[0] = cutlass.Float32(2.5)\nh[1] = cutlass.Float16(2.5)\nf[1] = 2.5\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "error: type mismatch: the DSL stores a value of the tensor's element type only, a Int32 into a tensor of Float32 (write cutlass.Float32(…))",
            "error: type mismatch: the DSL stores a value of the tensor's element type only, a float into a tensor of Int32 (write cutlass.Int32(…))",
            "error: type mismatch: the DSL stores a value of the tensor's element type only, a Float32 into a tensor of Float16 (write cutlass.Float16(…))",
        ]
    );
    assert_eq!(code, 1);
}

const DSL_TENSORS: &str = r#"t = cute.make_rmem_tensor(cute.make_layout((2,3)), cutlass.Int32)
for i in range(6):
    t[i] = i
cute.print_tensor(t)
t3 = cute.make_rmem_tensor(cute.make_layout((2,3,2)), cutlass.Int32)
for i in range(12):
    t3[i] = i
cute.print_tensor(t3)
t4 = cute.make_rmem_tensor(cute.make_layout((2,2,2,2)), cutlass.Int32)
for i in range(16):
    t4[i] = i
cute.print_tensor(t4)
n = cute.make_rmem_tensor(cute.make_layout(((2,2),2)), cutlass.Float32)
for i in range(8):
    n[i] = cutlass.Float32(i * 0.5)
cute.print_tensor(n)
v = cute.make_rmem_tensor(cute.make_layout(4), cutlass.Float32)
v.fill(1.5)
v[1] = cutlass.Float32(-2.25)
cute.print_tensor(v)
b = cute.make_rmem_tensor(cute.make_layout((2,2)), cutlass.BFloat16)
b.fill(1.3)
b[(1,0)] = cutlass.BFloat16(2.5)
cute.print_tensor(b)
u = cute.make_rmem_tensor(cute.make_layout(2), cutlass.Uint8)
u.fill(200)
cute.print_tensor(u)
w = cute.make_rmem_tensor((3,), cutlass.Int64)
w.fill(-7)
cute.print_tensor(w)
h = cute.make_rmem_tensor(cute.make_layout((2,2,2)), cutlass.Float16)
h.fill(0.1)
cute.print_tensor(h)
g = cute.make_rmem_tensor(cute.make_layout((2,(2,2))), cutlass.Float32)
g.fill(1e10)
cute.print_tensor(g)
d = cute.make_rmem_tensor(cute.make_layout((2,2), stride=(2,1)), cutlass.Float64)
d.fill(1)
cute.print_tensor(d)
k = cute.make_rmem_tensor(cute.make_layout(2), cutlass.Int32)
k.fill(2.7)
cute.print_tensor(k)
q = cute.make_rmem_tensor(cute.make_layout(2), cutlass.Boolean)
q.fill(True)
cute.print_tensor(q)
"#;
const DSL_TENSORS_EXPECTED: &str = r#"tensor(raw_ptr(stack: i32, rmem, align<32>) o (2,3):(1,2), data=
       [[ 0,  2,  4, ],
        [ 1,  3,  5, ]])
tensor(raw_ptr(stack: i32, rmem, align<32>) o (2,3,2):(1,2,6), data=
       [[[ 0,  2,  4, ],
         [ 1,  3,  5, ]],

        [[ 6,  8,  10, ],
         [ 7,  9,  11, ]]])
tensor(raw_ptr(stack: i32, rmem, align<32>) o (2,2,2,2):(1,2,4,8), data=
       [[[ 0,  2, ],
         [ 1,  3, ]],

        [[ 4,  6, ],
         [ 5,  7, ]],

        [[ 8,  10, ],
         [ 9,  11, ]],

        [[ 12,  14, ],
         [ 13,  15, ]]])
tensor(raw_ptr(stack: f32, rmem, align<32>) o ((2,2),2):((1,2),4), data=
       [[ 0.000000,  2.000000, ],
        [ 0.500000,  2.500000, ],
        [ 1.000000,  3.000000, ],
        [ 1.500000,  3.500000, ]])
tensor(raw_ptr(stack: f32, rmem, align<32>) o 4:1, data=
       [ 1.500000, ],
       [-2.250000, ],
       [ 1.500000, ],
       [ 1.500000, ])
tensor(raw_ptr(stack: bf16, rmem, align<32>) o (2,2):(1,2), data=
       [[ 1.296875,  1.296875, ],
        [ 2.500000,  1.296875, ]])
tensor(raw_ptr(stack: i8, rmem, align<32>) o 2:1, data=
       [ 200, ],
       [ 200, ])
tensor(raw_ptr(stack: i64, rmem, align<32>) o (3):(1), data=
       [-7, ],
       [-7, ],
       [-7, ])
tensor(raw_ptr(stack: f16, rmem, align<32>) o (2,2,2):(1,2,4), data=
       [[[ 0.099976,  0.099976, ],
         [ 0.099976,  0.099976, ]],

        [[ 0.099976,  0.099976, ],
         [ 0.099976,  0.099976, ]]])
tensor(raw_ptr(stack: f32, rmem, align<32>) o (2,(2,2)):(1,(2,4)), data=
       [[ 10000000000.000000,  10000000000.000000,  10000000000.000000,  10000000000.000000, ],
        [ 10000000000.000000,  10000000000.000000,  10000000000.000000,  10000000000.000000, ]])
tensor(raw_ptr(stack: f64, rmem, align<32>) o (2,2):(2,1), data=
       [[ 1.000000,  1.000000, ],
        [ 1.000000,  1.000000, ]])
tensor(raw_ptr(stack: i32, rmem, align<32>) o 2:1, data=
       [ 2, ],
       [ 2, ])
tensor(raw_ptr(stack: i8, rmem, align<32>) o 2:1, data=
       [-1, ],
       [-1, ])
"#;

/// `complex<float>` and `complex<double>` values: `complex<T>(re, im)`, a real written into
/// a complex element, cutlass::complex's `* / + -` part by part in the part type (a quotient
/// by a complex value through `c² + d²`), `conj`, `reduce` with the default `plus{}`, `real`
/// and `imag` (CuTe has no print of a complex value: its parts are printed, checked against
/// cute-oracle).
#[test]
fn complex_values_as_cutlass_computes_them() {
    oracle_session(COMPLEX, COMPLEX_EXPECTED);
}

/// What CuTe does not compile of complex values is an error naming it: their universal FMA
/// (gemm), an ordering (`max_fn`), a conversion to a real type, print_tensor.
#[test]
fn complex_values_cute_does_not_compile() {
    let (out, _, code) = session(
        "auto a = make_tensor<complex<float>>(Shape<_2>{});\nfill(a, complex<float>(1.f, 2.f));\n\
         auto c = make_tensor<complex<float>>(Shape<_2>{});\nclear(c);\ngemm(a, a, c);\n\
         reduce(a, complex<float>(0.f, 0.f), max_fn{})\nfloat(a(0))\nprint_tensor(a);\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "error: gemm: the universal FMA of complex<float>: CuTe's complex fma calls fma(float&, float const&, float const&, float const&) of the parts, which CuTe 4.7 does not declare for host code (it does not compile)",
            "error: max_fn of complex values: cutlass::complex has no ordering (CuTe does not compile it)",
            "error: float of a complex value: cutlass::complex converts to no real type (write real(z) or imag(z))",
            "error: print_tensor of complex<float>: CuTe does not compile it (util/print.hpp has no print of cutlass::complex)",
        ]
    );
    assert_eq!(code, 1);
}

const COMPLEX: &str = r#"auto a = make_tensor<complex<float>>(Shape<_2,_2>{});
auto b = make_tensor<complex<float>>(Shape<_2,_2>{});
auto c = make_tensor<complex<float>>(Shape<_2,_2>{});
for (int i = 0; i < 4; ++i) a(i) = complex<float>(0.1f * i, 1.3f - i);
for (int i = 0; i < 4; ++i) b(i) = complex<float>(2.7f, -0.3f * i);
fill(c, complex<float>(0.5f, 0.25f));
auto z = a(1) * b(2) + a(3) / b(1);
print(real(z)); print("\n"); print(imag(z)); print("\n");
auto w = conj(a(2)) - complex<float>(1.f, 1.f);
print(real(w)); print("\n"); print(imag(w)); print("\n");
auto s = reduce(a, complex<float>(0.f, 0.f));
print(real(s)); print("\n"); print(imag(s)); print("\n");
auto d = make_tensor<complex<double>>(Shape<_2>{});
d(0) = complex<double>(1.1, 2.2); d(1) = 3.0;
auto e = d(0) * d(1) / d(0);
print(real(e)); print("\n"); print(imag(e)); print("\n");
print(real(d(1))); print("\n"); print(imag(d(1))); print("\n");
auto u = a(1) * 2.f;
print(real(u)); print("\n"); print(imag(u)); print("\n");
"#;
const COMPLEX_EXPECTED: &str = r#"0.628862
0.140244
-0.800000
-0.300000
0.600000
-0.800000
3.000000
0.000000
3.000000
0.000000
0.200000
0.600000
"#;

/// In the CuTe DSL a name binds the same tensor (Python's objects): `u = t` then `u[0] = …`
/// writes t's element; C++'s `auto u = t;` of an owning tensor is a new owner.
#[test]
fn dsl_names_bind_the_same_tensor() {
    let (out, err, code) = crate::helpers::cute(
        &["eval"],
        "t = cute.make_rmem_tensor(2, cutlass.Int32)\nt.fill(1)\nu = t\nu[0] = 5\ncute.print_tensor(t)\n",
    );
    assert_eq!(
        out,
        "tensor(raw_ptr(stack: i32, rmem, align<32>) o 2:1, data=\n       [ 5, ],\n       [ 1, ])\n",
        "{err}"
    );
    assert_eq!(code, 0);
}
