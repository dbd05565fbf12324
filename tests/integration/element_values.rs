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

/// What has no value is an error naming it: an element never written (CuTe prints garbage),
/// past the storage, memory cute holds no values of (a kernel's pointer, nullptr); the
/// initializers CuTe does not compile.
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
            "error: read of an element never written: ptr[32b](stack+1) (CuTe reads whatever the memory holds; write it first, e.g. fill, clear, copy or T(i) = v)",
            "error: print_tensor: read of an element never written: ptr[32b](stack) (CuTe reads whatever the memory holds; write it first, e.g. fill, clear, copy or T(i) = v)",
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
