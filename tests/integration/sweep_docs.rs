//! Issue 37: the blocks of CUTLASS's CuTe docs (media/docs/cpp/cute/*.md) pasted whole, as the
//! sweep (tests/oracle/sweep_blocks.py) pastes them. A block that is C++ CuTe compiles is
//! answered as CuTe prints it (these expectations are cute-oracle's output; the sessions of
//! tests/golden/cute_sessions_docs.txt hold more, run by pasted_cute.rs); a block that is
//! pseudo-code or a fragment (`float* A = ...;`, `Stride<_?, _?>`, a function's signature) is
//! refused by an error naming what it leaves out, never by a generic parse error.

use crate::helpers::cute_format;

/// Each block refused (exit 1), its first error naming `want`.
fn refused(cases: &[(&str, &str)]) {
    for (block, want) in cases {
        let (out, err, code) = cute_format(block);
        let first = err.lines().find(|l| l.starts_with("error")).unwrap_or("");
        assert_eq!(code, 1, "{block}: {out}");
        assert!(first.contains(want), "{block}\nwant: {want}\ngot: {first}");
    }
}

/// The docs' pseudo-code: an elision `...` and a stride `_?` left to fill in are named.
#[test]
fn docs_pseudo_code_is_named() {
    refused(&[
        // 03_tensor.md block 1, 0y_predication.md block 0
        (
            "float* A = ...;\n",
            "'...' stands for text the example leaves out (pseudo-code, not C++)",
        ),
        (
            "Tensor gmem = ...     // e.g. size 1000\n",
            "'...' stands for text",
        ),
        // 0t_mma_atom.md block 14
        (
            "using CLayout = Layout<Shape <Shape <  _4, ...>, Shape < _2, ...>>,\n                       Stride<Stride<_128, ...>, Stride<_64, ...>>>;\n",
            "'...' stands for text",
        ),
        // 0t_mma_atom.md blocks 5 and 6
        (
            "using CLayout = Layout<Shape <_8, _8>,\n                       Stride<_?, _?>;  // Stride to be filled in below\n",
            "'_?' stands for a value the example leaves to fill in",
        ),
        // 03_tensor.md block 0
        (
            "using iterator     =  // The iterator type\n",
            "expected a type after 'using iterator =', found the end of the statement",
        ),
        // 03_tensor.md block 5: a signature's parameter types
        (
            "   composition(Tensor, Tiler)\n",
            "'Tensor' names a type (as a function's signature writes its parameters), not a value",
        ),
    ]);
}

/// A function's signature without a body, as the docs list CuTe's functions, and the
/// definitions cute does not model (a struct, a class template's specialization, a member
/// operator) are named as what they are.
#[test]
fn docs_declarations_are_named() {
    refused(&[
        // 02_layout_algebra.md blocks 0, 2, 4, 9
        (
            "// @post size(@a result) == size(@a layout)\nLayout coalesce(Layout const& layout)\n",
            "'coalesce(…)' here declares a function (its signature) without a body",
        ),
        (
            "Layout complement(LayoutA const& layout_a, Shape const& cotarget)\n",
            "'complement(…)' here declares a function (its signature) without a body",
        ),
        // 03_tensor.md block 0's last line
        (
            "iterator begin()      // The iterator\n",
            "'begin(…)' here declares a function",
        ),
        // 04_algorithms.md blocks 0 and 1 (a variadic parameter of a declaration)
        (
            "template <class SrcEngine, class SrcLayout,\n          class DstEngine, class DstLayout>\nCUTE_HOST_DEVICE\nvoid\ncopy(Tensor<SrcEngine, SrcLayout> const& src,\n     Tensor<DstEngine, DstLayout>      & dst);\n",
            "'copy(…)' here declares a function (its signature) without a body",
        ),
        (
            "template <class... CopyArgs,\n          class SrcEngine, class SrcLayout,\n          class DstEngine, class DstLayout>\nCUTE_HOST_DEVICE\nvoid\ncopy(Copy_Atom<CopyArgs...>       const& copy_atom,\n     Tensor<SrcEngine, SrcLayout> const& src,\n     Tensor<DstEngine, DstLayout>      & dst);\n",
            "'copy(…)' here declares a function (its signature) without a body",
        ),
        // 0x_gemm_tutorial.md block 0: a kernel's signature, `__launch_bounds__(N)` and all
        (
            "template <class ProblemShape, class CThreadLayout>\n__global__ static\n__launch_bounds__(decltype(size(CThreadLayout{}))::value)\nvoid\ngemm_device(ProblemShape shape_MNK, CThreadLayout tC)\n",
            "'gemm_device(…)' here declares a function (its signature) without a body",
        ),
        // 0t_mma_atom.md block 1
        (
            "template <>\nstruct MMA_Traits<SM70_8x8x4_F32F16F16F32_NT>\n{\n  using ValTypeD = float;\n};\n",
            "a class template or its specialization ('template <…> struct NAME<…> { … }') is not modelled",
        ),
        // 03_tensor.md block 3
        (
            "template <class Coord>\ndecltype(auto) operator[](Coord const& coord) {\n  return data()[layout()(coord)];\n}\n",
            "an operator's definition ('operator[]', 'operator()') is a member of a class",
        ),
    ]);
    // 0z_tma_tensors.md block 0: a struct with a member function of parameters, defined
    // (C++ compiles it; it prints nothing)
    let (out, err, code) = cute_format(
        "struct SM90_TMA_STORE_3D {\n  CUTE_DEVICE static void\n  copy(void const* const desc_ptr) {\n  }\n};\n",
    );
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
    // a definition with a variadic parameter of a pattern cute does not model is read (C++
    // compiles it; it prints nothing), and a call of it is refused naming the parameter
    // (sweep_types.rs)
    let (out, err, code) =
        cute_format("template <class... Ts>\nvoid f(std::tuple<Ts...> const& ts) { }\n");
    assert_eq!((out.as_str(), code), ("", 0), "{err}");
}

/// 03_tensor.md block 10 slices at `threadIdx.x`, which cute reads as thread 0 of block 0
/// (a run-time integer): CuTe's output for a host program declaring CUDA's indices so
/// (the sweep's harness).
#[test]
fn a_kernel_index_slices_as_thread_zero() {
    let block = "auto tv_layout = Layout<Shape <Shape <_2,_4>,Shape <_2, _2>>,\n                        Stride<Stride<_8,_1>,Stride<_4,_16>>>{}; // (8,4)\nTensor A = make_tensor<float>(Shape<_4,_8>{}, LayoutRight{});    // (4,8)\nTensor tv = composition(A, tv_layout);                           // (8,4)\nTensor  v = tv(threadIdx.x, _);                                  // (4)\nprint(v.layout()); print(\"\\n\");\nint idx = blockDim.x * blockIdx.x + threadIdx.x;\nprint(idx); print(\"\\n\");\n";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), code),
        ("((_2,_2)):((_1,_4))\n0\n", 0),
        "{err}"
    );
}

/// A unit test's helper (int_tuple.cpp's test_evenly_divides): `if constexpr
/// (is_constant<true, decltype(result)>::value)` then `CUTE_STATIC_ASSERT_V`, of static and
/// run-time arguments (oracle output `1_11`).
#[test]
fn is_constant_in_a_helper_before_a_static_assert() {
    let block = r#"template <class A, class B>
auto test_evenly_divides(A const& a, B const& b)
{
  auto result = evenly_divides(a, b);
  if constexpr (is_static<A>::value && is_static<B>::value) {
    static_assert(is_static<decltype(result)>::value);
  }
  if constexpr (is_constant<true, decltype(result)>::value) {
    CUTE_STATIC_ASSERT_V(size(a) == size(logical_divide(make_layout(shape(a)), b)));
  }
  return result;
}
EXPECT_TRUE (test_evenly_divides(_16{}, _8{}));
EXPECT_TRUE (test_evenly_divides(16, 8));
EXPECT_TRUE (test_evenly_divides(make_shape(16), _8{}));
EXPECT_FALSE (test_evenly_divides(make_shape(16), 3));
print(test_evenly_divides(make_shape(16,8), make_shape(_4{},2)));
auto f = [](auto a, auto b) { auto r = evenly_divides(a, b); if constexpr (is_constant<true, decltype(r)>::value) { CUTE_STATIC_ASSERT_V(size(a) == size(logical_divide(make_layout(shape(a)), b))); } return r; };
print(f(_16{}, _8{}));
print(f(16, 8));
"#;
    let (out, err, code) = cute_format(block);
    assert_eq!((out.as_str(), code), ("1_11", 0), "{err}");
}

/// A check macro's argument with a template's comma: the preprocessor cuts it there, so C++
/// refuses it (`CUTE_STATIC_ASSERT_V(x,...)` takes `is_constant<8` as x; googletest's
/// `EXPECT_TRUE` gets two arguments); `static_assert` is no macro.
#[test]
fn a_macro_argument_cut_at_a_template_comma_is_refused() {
    refused(&[
        (
            "CUTE_STATIC_ASSERT_V(is_constant<8, decltype(_8{})>{});\n",
            "CUTE_STATIC_ASSERT_V is a macro: the preprocessor cuts its arguments at each ','",
        ),
        (
            "EXPECT_TRUE(is_constant<8, decltype(_8{})>{});\n",
            "EXPECT_TRUE is a macro",
        ),
    ]);
    let (out, err, code) = cute_format(
        "static_assert(is_constant<8, decltype(_8{})>::value, \"a, b\");\nCUTE_STATIC_ASSERT_V(_8{} == _8{}, \"a, b\");\nprint(1);\n",
    );
    assert_eq!((out.as_str(), code), ("1", 0), "{err}");
}

/// An MMA or copy operation taken as a value: CuTe prints none ("no matching function for
/// call to print(cute::UniversalFMA<float>)"); its atom is the value.
#[test]
fn an_operation_alone_is_named_as_one() {
    refused(&[
        (
            "UniversalFMA<float>{}\n",
            "'UniversalFMA<float>' is an MMA operation, which CuTe does not print",
        ),
        (
            "print(SM80_16x8x16_F32F16F16F32_TN{});\n",
            "'SM80_16x8x16_F32F16F16F32_TN' is an MMA operation",
        ),
        (
            "print(UniversalCopy<uint128_t>{});\n",
            "'UniversalCopy<uint128_t>' is a copy operation",
        ),
    ]);
    let (out, err, code) = cute_format("print(size(make_tiled_mma(UniversalFMA<float>{})));\n");
    assert_eq!((out.as_str(), code), ("_1", 0), "{err}");
}

/// 02_layout_algebra.md blocks 10 and 11 pasted in one session: the doc's `logical_divide` of
/// two `Layout<…>`s does not take block 11's tile (a tuple of layouts), so the call is CuTe's,
/// as C++'s overload resolution picks it (cute-oracle prints this for the two blocks compiled
/// as one program, the definition at file scope).
#[test]
fn a_users_layout_overload_leaves_a_tile_to_cute() {
    let doc_definition = "template <class LShape, class LStride,\n          class TShape, class TStride>\nauto logical_divide(Layout<LShape,LStride> const& layout,\n                    Layout<TShape,TStride> const& tiler)\n{\n  return composition(layout, make_layout(tiler, complement(tiler, size(layout))));\n}\n";
    let block_11 = "auto layout_a = make_layout(make_shape (Int< 9>{}, make_shape (Int< 4>{}, Int<8>{})),\n                            make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));\nauto tiler = make_tile(Layout<_3,_3>{},\n                       Layout<Shape <_2,_4>,\n                              Stride<_1,_8>>{});\nauto ld = logical_divide(layout_a, tiler);\nprint(ld);\n";
    let (out, err, code) = cute_format(&format!("{doc_definition}{block_11}"));
    assert_eq!(
        (out.as_str(), code),
        (
            "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))",
            0
        ),
        "{err}"
    );
}
