//! Constructs that CuTe's own code, docs and tests write (issue 37), each expectation printed by
//! CuTe 4.7 (`cute-oracle`, static integers written without `_`): composition with a right side
//! of basis strides, `append<N>` on a composed layout, `local_partition` with a projection and
//! any thread index of the whole thread layout, `retile_S/D` of a tensor.

use crate::helpers::{check_pairs, eval_line};

const COPY16: &str =
    "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(3)";
const COPY4: &str =
    "make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (16,8):(8,1), (1,2)).thread(3)";

#[test]
fn composition_with_basis_strides_on_the_right() {
    check_pairs(
        "composition with a basis-strided B",
        &[
            // CuTe's docs: a transpose through the identity's basis
            (
                "composition(make_layout(Shape<_4,_4>{}, Stride<_4,_1>{}), make_layout(Shape<_4,_4>{}, Stride<E<1>,E<0>>{}))",
                "(4,4):(1,4)",
            ),
            ("composition((4,4):(4,1), (4,4):(1@1,1@0))", "(4,4):(1,4)"),
            ("composition((4,6):(1,5), (2,3):(2@0,2@1))", "(2,3):(2,10)"),
            (
                "composition((4,(2,3)):(1,(8,4)), (2,(3,2)):(2@0,(1@1@1,1@0@1)))",
                "(2,(3,2)):(2,(4,8))",
            ),
            ("composition((4,8):(1,4), (4,8):(1@0,1@1))", "(4,8):(1,4)"),
        ],
    );
    let got = eval_line("composition((4,4):(4,1), (4,2):(1@1,3))");
    assert!(got.contains("mixes the integer stride 3"), "{got}");
    let got = eval_line("composition((4,4):(4,1), (4,2):(1@1,1@2))");
    assert!(got.starts_with("error: composition:"), "{got}");
}

#[test]
fn append_n_of_a_composed_layout() {
    check_pairs(
        "append<N> of a composed layout",
        &[
            (
                "append<3>(Sw<1,2,3> o (4,4):(4,1), 8:1)",
                "Sw<1,2,3> o 0 o (4,4,8):(4,1,1)",
            ),
            (
                "append<3>(Sw<1,2,3> o (4,4):(4,1), 8:16)",
                "Sw<1,2,3> o 0 o (4,4,8):(4,1,16)",
            ),
            // without N: the generic tuple append (no ComposedLayout overload)
            (
                "append(Sw<1,2,3> o (4,4):(4,1), 8:1)",
                "(Sw<1,2,3> o 0 o (4,4):(4,1),8:1)",
            ),
        ],
    );
}

/// tensor_impl.hpp's own comment: `thr_layout = Layout<Shape<_2,_16,_1>, Stride<_16,_1,_0>>`,
/// 32 threads, each projection of it partitioning A, B and C.
#[test]
fn local_partition_with_a_projection() {
    let thr = "(2,16,1):(16,1,0)";
    let data = "0 o (8,32):(1,8)";
    check_pairs(
        "local_partition with a projection",
        &[
            (
                format!("local_partition({data}, {thr}, 31, (1,X,1))"),
                "1 o (4,32):(2,8)".to_string(),
            ),
            (
                format!("local_partition({data}, {thr}, 31, (X,1,1))"),
                "15 o (1,32):(0,8)".to_string(),
            ),
            (
                format!("local_partition({data}, {thr}, 31, (1,1,X))"),
                "121 o (4,2):(2,128)".to_string(),
            ),
        ],
    );
    // past the 32 threads or negative: CuTe's idx2crd wraps (cute-oracle:
    // counting_iter(0) o (_4,_32):(_2,_8) for both)
    for idx in [32, -1] {
        let got = eval_line(&format!("local_partition({data}, {thr}, {idx}, (1,X,1))"));
        assert_eq!(got, "0 o (4,32):(2,8)", "thread {idx}");
    }
}

#[test]
fn retile_of_a_tensor() {
    check_pairs(
        "retile_S/D of a tensor",
        &[
            (
                format!("{COPY16}.retile_S(16 o (8,1,2):(1,0,8))"),
                "16 o ((8,1),1,2):((1,0),0,8)".to_string(),
            ),
            (
                format!("{COPY4}.retile_D(32 o (8,2,2):(1,8,16))"),
                "32 o ((2,4),2,2):((1,2),8,16)".to_string(),
            ),
            (
                format!("{COPY4}.retile_D((8,2,2):(1,8,16))"),
                "((2,4),2,2):((1,2),8,16)".to_string(),
            ),
        ],
    );
}

/// The composition of two composed layouts (layout_composed.hpp): CuTe's
/// `Sw o OFF o Sw' o OFF' o L` (tests/cli/compose_two_composed.toml has CuTe's printout); the
/// notation writes the inner one in parentheses and reads back, as does its C++ form.
#[test]
fn composition_of_two_composed_layouts() {
    let a = "composition(Swizzle<2,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{}))";
    let b = "composition(Swizzle<1,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{},LayoutRight{}))";
    check_pairs(
        "composition of two composed layouts",
        &[
            (
                format!("composition({a}, {b})"),
                "Sw<2,0,3> o 0 o (Sw<1,0,-3> o 0 o (8,8):(1,8))".to_string(),
            ),
            (format!("composition({a}, {b})(3)"), "10?".to_string()),
            (
                format!("composition(composition({a}, {b}), Layout<_4,_2>{{}})"),
                "Sw<2,0,3> o 0 o (Sw<1,0,-3> o 0 o 4:2)".to_string(),
            ),
            (
                "Sw<2,0,3> o 0 o (Sw<1,0,-3> o 0 o (8,8):(1,8))".to_string(),
                "Sw<2,0,3> o 0 o (Sw<1,0,-3> o 0 o (8,8):(1,8))".to_string(),
            ),
        ],
    );
    let cpp = "composition(Swizzle<2,0,3>{}, _0{}, composition(Swizzle<1,0,-3>{}, Layout<Shape<_8,_8>,Stride<_1,_8>>{}))";
    assert_eq!(
        eval_line(cpp),
        "Sw<2,0,3> o 0 o (Sw<1,0,-3> o 0 o (8,8):(1,8))"
    );
    let got = eval_line(&format!("composition({a}, {b})(_, 2)"));
    assert!(got.contains("CuTe does not compile a slice"), "{got}");
}
