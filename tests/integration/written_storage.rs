//! C++ constructs a sweep of pasted CUTLASS text found unread (beyond the sessions of
//! `golden/cute_sessions_written.txt`, which CuTe's own printout checks byte for byte):
//! integer constant expressions at their edges, C arrays and `__shared__` storage (whose
//! addresses CuTe prints as the machine gives them: `cute` prints the array's name in their
//! place), lambdas, and CuTe's `void` algorithms on owning tensors, each refusal naming what
//! CuTe does not compile.

use crate::helpers::cute;

/// Each statement's output line (`--format cute`, standard input, one session).
fn session(stdin: &str) -> (Vec<String>, i32) {
    let (out, _, code) = cute(&["eval", "--format", "cute"], stdin);
    (out.lines().map(str::to_string).collect(), code)
}

/// Integer operators as C++ and integral_constant.hpp define them; `>>` closes two template
/// lists, and parentheses make it a shift again (cute-oracle: `(_4,_16)`).
#[test]
fn integer_constant_expressions() {
    let (out, code) = session(
        "Int<(1 << 4) + 1>{};\nShape<Shape<_4,_8>>{};\nShape<C<2*2>, Int<(64>>2)>>{};\n\
         Int<0>{} & 7;\n7 & Int<0>{};\n-Int<5>{};\n~0;\n!Int<0>{};\nInt<sizeof(double)>{};\n\
         1 << 64;\n1 << -1;\nInt<3>{} << 62;\nsizeof(L);\nInt<make_layout(4)>{};\n",
    );
    assert_eq!(
        out,
        [
            "_17",
            "((_4,_8))",
            "(_4,_16)",
            "_0",
            "_0",
            "_-5",
            "-1",
            "_1",
            "_8",
            "error: <<: a shift by 64 is outside 0..63 (undefined in C++)",
            "error: <<: a shift by -1 is outside 0..63 (undefined in C++)",
            "error: integer overflow in 3 << 62",
            "error: sizeof: only sizeof(T) of an element type CuTe names (half_t, float, …) is modelled",
            "error: a template argument of Int<N>/C<N> must be an integer, found a layout",
        ]
    );
    assert_eq!(code, 1);
}

/// A C array's, a `__shared__` array's and CuTe's arrays' names are pointers to their first
/// element, printed by name where CuTe prints the address (cute-oracle, the kinds and widths:
/// `ptr[32b](0x7ffc…) o _4:_1` for `&A[2]`, `smem_ptr[16b](0x55af…)` for a `half_t` array's
/// `make_smem_ptr`, `subptr[4b](0x7fff….0)` for `array_subbyte<uint4_t, 32>::begin()`).
#[test]
fn arrays_are_pointers_to_their_first_element() {
    let (out, code) = session(
        "float A[8]{};\nmake_tensor(&A[0], make_shape(Int<2>{}, Int<4>{}));\n\
         make_tensor(&A[2], make_layout(Int<4>{}));\nmake_gmem_ptr(A);\n\
         __shared__ half_t smem[128*64];\n\
         make_tensor(make_smem_ptr(smem), make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}));\n\
         __shared__ cute::array_aligned<half_t, 1024> s;\n\
         make_tensor(make_smem_ptr(s.data()), Layout<Shape<_32,_32>>{});\n\
         cute::array<int, 4> arr{};\nmake_tensor(arr.begin(), Layout<_4>{});\n\
         array_subbyte<uint4_t, 32> q;\nmake_tensor(q.begin(), Layout<_32>{});\n\
         make_tensor(make_smem_ptr(q.begin()), Layout<_32>{});\n\
         extern __shared__ char dyn[];\nmake_smem_ptr(dyn);\nfill(arr, 0);\n",
    );
    assert_eq!(
        out,
        [
            "ptr[32b](A) o (_2,_4):(_1,_2)",
            "ptr[32b](A+2) o _4:_1",
            "gmem_ptr[32b](A)",
            "smem_ptr[16b](smem) o (_128,_64):(_64,_1)",
            "smem_ptr[16b](s) o (_32,_32):(_1,_32)",
            "ptr[32b](arr) o _4:_1",
            "subptr[4b](q) o _32:_1",
            "smem_subptr[4b](q) o _32:_1",
            "smem_ptr[8b](dyn)",
        ]
    );
    assert_eq!(code, 0);
}

/// What CuTe does not compile (cute-oracle: `make_tensor(A, …)` of a C array, "array must be
/// initialized with a brace-enclosed initializer"; `array_subbyte::data()`, "use of deleted
/// function") and what `cute` does not model are errors naming them (an initializer,
/// `float D[4] = {1, 2, 3, 4}`, is read: element_values.rs).
#[test]
fn storage_cute_does_not_compile_or_cute_does_not_model() {
    let (out, code) = session(
        "float A[8];\nmake_tensor(A, make_layout(Int<8>{}));\narray_subbyte<uint4_t, 32> q;\n\
         q.data();\nfloat B[0];\nfloat C[4][4];\nfloat D[4] = {1, 2, 3, 4};\nfloat E[];\nfloat F[n];\n",
    );
    assert_eq!(
        out,
        [
            "error: make_tensor(A, …) of the C array 'A' does not compile in CuTe (the array is taken by value): write make_tensor(&A[0], …), or make_tensor(make_smem_ptr(A), …)",
            "error: array_subbyte's data() is deleted in CuTe (its elements are not addressable): write q.begin(), its subbyte_iterator",
            "error: an array's size must be a positive integer, found 0",
            "error: an array of arrays (T A[M][N]) is not modelled: declare one dimension and lay it out with a layout",
            "error: an array without a size is 'extern' storage (extern __shared__ T smem[]): write its size",
            "error: undefined variable 'n'",
        ]
    );
    assert_eq!(code, 1);
}

/// A lambda's body runs as a function's does (tests/integration/functions.rs); what is not
/// modelled is an error naming the construct; a lambda sees only the lambdas bound before it
/// (C++'s name lookup: no call recurses).
#[test]
fn lambdas() {
    let (out, code) = session(
        "auto f = [&](auto x){ return f(x); };\nf(1);\n\
         auto k = [&](auto x){ auto y = x; return y; };\n\
         auto g = [&](auto x){ return x; };\ng(1, 2);\ng;\nauto v = [&](int x = 3){ return x; };\n\
         auto w = [&](auto x){ return x + 1; };\nauto u = [&](auto x){ return w(w(x)); };\nu(Int<1>{});\n\
         g = 5;\ng;\n",
    );
    assert_eq!(
        out,
        [
            "error: unknown function 'f' (in the lambda 'f': return f(x);)",
            "error: the lambda 'g' takes 1 argument, got 2",
            "error: 'g' is a lambda: call it (g(…)); it is not modelled as a value",
            "error: a lambda's parameter is modelled as 'TYPE NAME' (auto x, auto const& x), without a default",
            "3",
            "5",
        ]
    );
    assert_eq!(code, 1);
}

/// CuTe's `void` algorithms print nothing and bind nothing; what CuTe does not compile (gemm's
/// `CUTE_STATIC_ASSERT_V`s, checked with cute-oracle: "static assertion failed") or reads past
/// a tensor's end is an error naming it.
#[test]
fn algorithms_check_what_cute_compiles() {
    let (out, code) = session(
        "auto rA = make_tensor<float>(Shape<_4,_8>{});\nauto tA = make_tensor<float>(Shape<_4,_2>{});\n\
         auto tC = make_tensor<float>(Shape<_4,_8>{});\ngemm(tA, tA, tC);\n\
         gemm(make_tensor<float>(Shape<_4,_2,_2,_2>{}), tA, tC);\n\
         copy(make_tensor<float>(Shape<_4>{}), rA);\nfill(make_layout(4), 0);\n\
         clear(7 o make_layout(4));\nauto x = copy(rA, rA);\ncopy(rA, rA);\n",
    );
    assert_eq!(
        out,
        [
            "error: gemm: CUTE_STATIC_ASSERT_V(size<0>(B) == size<1>(C)) fails: 4 != 8 (CuTe does not compile)",
            "error: gemm: no dispatch of CuTe's gemm takes A, B, C of ranks 4, 2, 2 (it has (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N))",
            "error: copy: size(src) = 4 is less than size(dst) = 32: CuTe's element loop over the dst reads src(i) past its end",
            "error: fill: the tensor must be a tensor, found a layout",
            "error: clear: the tensor is a counting or identity tensor, whose elements are values CuTe does not write: it must be a tensor over memory (make_tensor(ptr, …), make_tensor<T>(…))",
            "error: the call returns nothing (void in CuTe): there is no value to bind",
        ]
    );
    assert_eq!(code, 1);
}

/// The body of CUTLASS's `examples/cute/tutorial/sgemm_1.cu` (its `gemm_device`, with the
/// kernel's parameters given values, thread and block 0, `select<…>(shape_MNK)` written out and
/// `cosize_v<ASmemLayout>` as `decltype(cosize(sA_layout))::value`) runs: the `__shared__`
/// arrays, `clear`, `copy`, `gemm` and `axpby` of its main loop, then the tensors as CuTe prints
/// them (cute-oracle, with a null-based pointer for the array: `smem_ptr[32b]((nil)) o
/// (_4,_1):(_32,_0)`; the accumulators' layout `(_8,_8):(_1,_8)`).
#[test]
fn the_sgemm_1_tutorial_body_runs() {
    let (out, err, code) = cute(&["eval", "--format", "cute"], SGEMM_1_BODY);
    assert_eq!(
        // CuTe's bytes: `print(x);` writes no newline
        out,
        "ptr[32b](stack) o (_8,_8):(_1,_8)smem_ptr[32b](smemA) o (_4,_1):(_32,_0)",
        "{err}"
    );
    assert_eq!(code, 0);
}

const SGEMM_1_BODY: &str = r#"float* A; float* B; float* C;
auto shape_MNK = make_shape(256, 256, 64);
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
auto dA = make_stride(Int<1>{}, 256);
auto dB = make_stride(Int<1>{}, 256);
auto dC = make_stride(Int<1>{}, 256);
auto sA_layout = make_layout(make_shape(Int<128>{}, Int<8>{}));
auto sB_layout = make_layout(make_shape(Int<128>{}, Int<8>{}));
auto tA = make_layout(make_shape(Int<32>{}, Int<8>{}));
auto tB = make_layout(make_shape(Int<32>{}, Int<8>{}));
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));
Tensor mA = make_tensor(make_gmem_ptr(A), make_shape(256, 64), dA); // (M,K)
Tensor mB = make_tensor(make_gmem_ptr(B), make_shape(256, 64), dB); // (N,K)
Tensor mC = make_tensor(make_gmem_ptr(C), make_shape(256, 256), dC); // (M,N)
auto cta_coord = make_coord(0, 0, _);              // (m,n,k)
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
__shared__ float smemA[decltype(cosize(sA_layout))::value];
__shared__ float smemB[decltype(cosize(sB_layout))::value];
Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);            // (BLK_M,BLK_K)
Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);            // (BLK_N,BLK_K)
Tensor tAgA = local_partition(gA, tA, 0);                  // (THR_M,THR_K,k)
Tensor tAsA = local_partition(sA, tA, 0);                  // (THR_M,THR_K)
Tensor tBgB = local_partition(gB, tB, 0);                  // (THR_N,THR_K,k)
Tensor tBsB = local_partition(sB, tB, 0);                  // (THR_N,THR_K)
Tensor tCsA = local_partition(sA, tC, 0, Step<_1, X>{});   // (THR_M,BLK_K)
Tensor tCsB = local_partition(sB, tC, 0, Step< X,_1>{});   // (THR_N,BLK_K)
Tensor tCgC = local_partition(gC, tC, 0, Step<_1,_1>{});   // (THR_M,THR_N)
Tensor tCrC = make_tensor_like(tCgC);                                // (THR_M,THR_N)
clear(tCrC);
copy(tAgA(_,_,0), tAsA);
copy(tBgB(_,_,0), tBsB);
gemm(tCsA, tCsB, tCrC);
axpby(1, tCrC, 0, tCgC);
print(tCrC);
print(tAsA);
"#;
