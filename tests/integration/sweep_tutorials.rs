//! Issue 37: blocks of CUTLASS's tutorials (examples/cute/tutorial/) pasted as written print, under
//! `--format cute`, byte for byte what CuTe prints. `tests/golden/tutorial_sessions.txt` holds
//! each block (a host function's body after its parameters as declarations, a kernel's after
//! them), `---`, CuTe 4.7's printout (`tests/oracle/cute_sessions.py FILE` from `cute-oracle`).
//! The whole sweep of the tutorials: `tests/oracle/sweep_blocks.py --source tutorials`.

use crate::helpers::{cute, cute_format, golden_dir};
use crate::pasted_cute::{assert_sessions_print_what_cute_prints, sessions_of};

#[test]
fn pasted_tutorial_blocks_print_what_cute_prints() {
    let text = std::fs::read_to_string(golden_dir().join("tutorial_sessions.txt")).expect("golden");
    let mut sessions = Vec::new();
    sessions_of(&text, &mut sessions);
    assert!(sessions.len() >= 4);
    assert_sessions_print_what_cute_prints(&sessions);
}

/// What the tutorials write that cute reads as C++ does: `TC * C;` after `using TC = float;`
/// declares the pointer C (a product where TC is a value), `cutlass::half_t` names the element
/// type, `select<0,2>(shape)` of a tuple is a tuple.
#[test]
fn tutorial_constructs_read_as_cpp_reads_them() {
    let (out, err, code) = cute_format(
        "using TC = float;\nTC * C;\nprint(make_tensor(make_gmem_ptr(C), make_shape(4, 8)).layout());\nint a = 3;\nint b = 4;\nprint(a * b);\nusing T = cutlass::half_t;\nprint(sizeof_bits_v<T>);\nprint(select<2>(make_shape(2, 3, 4)));\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "(4,8):(_1,4)1216(4)");
}

/// A user function's default arguments (`int n = 2`, the tutorials' `cudaStream_t stream = 0`):
/// a call of fewer arguments takes them, evaluated as C++ text. What CuTe prints, from
/// `cute-oracle` (the function defined at file scope, called from main):
/// `_4:_123_4:_153_4:_157`.
#[test]
fn a_functions_default_arguments_fill_a_shorter_call() {
    let (out, err, code) = cute_format(
        "template <class L>\nvoid show(L const& layout, int n = 2, int m = 3) { print(layout); print(n); print(m); }\nshow(make_layout(Int<4>{}));\nshow(make_layout(Int<4>{}), 5);\nshow(make_layout(Int<4>{}), 5, 7);\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "_4:_123_4:_153_4:_157");
    // C++ gives each parameter after a defaulted one a default too
    let (_, err, code) = cute_format("void f(int x = 4, int y) { print(x); }\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("after one with a default argument needs one too"),
        "{err}"
    );
}

/// A default argument that calls its own function (`void g(int n = g())`) recurses as the
/// calls do: it stops at the limit on nested calls, naming it, where it hung before.
#[test]
fn a_default_argument_calling_its_function_stops_at_the_limit() {
    let (_, err, code) = cute_format("void g(int n = g()) {}\ng()\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("calls nested deeper than 64 levels (the limit), calling the function 'g'"),
        "{err}"
    );
    // a default calling another function is evaluated as written
    let (out, err, code) = cute_format(
        "int h(int n = 3) { return n; }\nint g(int n = h()) { return n + 1; }\nprint(g());\n",
    );
    assert_eq!((out.as_str(), code), ("4", 0), "{err}");
}

/// A Python function's default arguments keep Python's rules, read by the one reader of
/// defaults C++'s parameters use: a non-default parameter after a defaulted one is refused
/// (Python: "non-default argument follows default argument"), as is an `=` with no value.
#[test]
fn a_python_functions_defaults_follow_pythons_rules() {
    let (out, err, code) = cute(
        &["eval"],
        "def f(a, b=2):\n    return a + b\n\nf(1)\nf(1, 5)\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines()
            .map(|l| l.trim_end_matches('?'))
            .collect::<Vec<_>>(),
        ["3", "6"]
    );
    for (def, why) in [
        (
            "def f(a=1, b):",
            "after one with a default argument needs one too",
        ),
        ("def f(a=):", "has an '=' without its default argument"),
    ] {
        let (_, err, code) = cute(&["eval"], &format!("{def}\n    return a\n\nf(1)\n"));
        assert_eq!(code, 1, "{def}");
        assert!(err.contains(why), "{def}: {err}");
    }
}

/// CUDA's `dim3` (a launch's extents, 0x_gemm_tutorial.md's `dim3 dimBlock(size(tC));`): three
/// run-time unsigned integers, 1 where not given, which CuTe reads as a tuple (its tuple traits
/// name dim3: `print`, `size`, `get<I>`). What CuTe prints, from `cute-oracle` (the block in a
/// lambda): `(256,1,1)(40,32,1)(1,1,1)(2,3,4)128032`.
#[test]
fn a_dim3_is_a_tuple_of_three_run_time_extents() {
    let (out, err, code) = cute_format(
        "auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));\ndim3 dimBlock(size(tC));\ndim3 dimGrid(ceil_div(5120, 128), ceil_div(4096, Int<128>{}));\ndim3 one;\nprint(dimBlock); print(dimGrid); print(one); print(dim3(2, 3, 4));\nprint(size(dimGrid)); print(get<1>(dimGrid));\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "(256,1,1)(40,32,1)(1,1,1)(2,3,4)128032");
    // its extents are `unsigned int`s: -1 converts as C++ converts it (`(2,4294967295,1)`);
    // a layout is no extent
    let (out, err, code) = cute_format("print(dim3(2, -1));\n");
    assert_eq!((out.as_str(), code), ("(2,4294967295,1)", 0), "{err}");
    let (_, err, code) = cute_format("dim3 d(make_layout(4));\n");
    assert_eq!(code, 1);
    assert!(err.contains("dim3"), "{err}");
}

/// A GMMA smem layout sliced (hopper/wgmma_tma_sm90.cu's `sA(_,_,0)` for `make_tma_atom`):
/// pointer_flagged.hpp's `slice_and_offset` keeps the smem_ptr flag where the inner slice's
/// offset is a static zero and adds any other to it (an integer offset of its kind). What CuTe
/// prints, from `cute-oracle`.
#[test]
fn a_gmma_layout_slices_as_pointer_flagged_hpp_slices_it() {
    let sliced = |c: &str| {
        format!(
            "print(slice(make_coord({c}), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{{}}, make_shape(Int<128>{{}},Int<64>{{}},Int<3>{{}}))));\n"
        )
    };
    let stmts: String = ["_,_,0", "_,_,Int<0>{}", "_,_,1", "_,_,Int<1>{}"]
        .iter()
        .map(|c| sliced(c))
        .collect();
    let (out, err, code) = cute_format(&stmts);
    assert_eq!(code, 0, "{err}");
    let inner = "((_64,_2),(_8,_8)):((_1,_512),(_64,_1024))";
    assert_eq!(
        out,
        format!(
            "Sw<3,4,3> o 0 o {inner}Sw<3,4,3> o smem_ptr[16b](unset) o {inner}Sw<3,4,3> o 8192 o {inner}Sw<3,4,3> o _8192 o {inner}"
        )
    );
}

/// C++'s structured binding of a tuple (hopper/wgmma_tma_sm90.cu's kernel: `auto [M, N, K] =
/// shape_MNK;`): each name its mode, of its kind. What CuTe prints, from `cute-oracle` (the
/// block in a lambda): `_3(4,5)1`.
#[test]
fn a_structured_binding_binds_each_mode() {
    let (out, err, code) = cute_format(
        "auto t = make_shape(2,Int<3>{},make_shape(4,5));\nauto [M, N, K] = t;\nprint(N); print(K);\nauto const& [a, b] = make_coord(1, 2);\nprint(a);\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "_3(4,5)1");
}

/// A tensor over `cute::lazy::transform` (tiled_copy_if.cu's predicate tensor) is read, not
/// written: its element is the function's value (CuTe's `transform_iter::operator*` returns
/// `fn(*ptr_)`, so an assignment to it, or an algorithm's write, does not compile).
#[test]
fn a_lazy_transform_tensors_elements_are_not_written() {
    let setup = "Tensor C = make_identity_tensor(make_shape(3, 2));\nTensor P = cute::lazy::transform(C, [&](auto c) { return elem_less(c, make_shape(2, 2)); });\n";
    let (_, err, code) = cute_format(&format!("{setup}P(0, 0) = 1;\n"));
    assert_eq!(code, 1);
    assert!(
        err.contains("transform_iter") && err.contains("not a place"),
        "{err}"
    );
    let (_, err, code) = cute_format(&format!(
        "{setup}auto S = make_tensor<bool>(Shape<_3,_2>{{}});\ncopy(S, P);\n"
    ));
    assert_eq!(code, 1);
    assert!(
        err.contains("copy: the destination is a tensor over a transform_iter"),
        "{err}"
    );
}
