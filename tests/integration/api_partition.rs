//! Partitioning with MMA and copy atoms as a GEMM mainloop uses it (issue 16): the queries of
//! tiled MMAs and tiled copies, the tiled copies made from others, and their errors. The
//! differential set answered by CuTe C++ is `tests/oracle/api_partition/` (run by `golden`).

use crate::helpers::{assert_round_trips, eval_line};

const MMA: &str = "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))";
const COPY: &str =
    "make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2))";

fn eval(stmt: &str) -> String {
    eval_line(&stmt.replace("MMA", MMA).replace("COPY", COPY))
}

#[test]
fn tiled_mma_queries_match_cute() {
    // answers from cute-oracle
    for (stmt, want) in [
        ("size(MMA)", "128"),
        ("size<1>(MMA)", "2"),
        ("tile_size<0>(MMA)", "32"),
        ("tile_shape(MMA)", "(32,16,16)"),
        ("MMA.permutation_mnk<0>()", "32"),
        ("MMA.template permutation_mnk<1>()", "16"),
        ("partition_shape_A(MMA, (128,64))", "((2,2,2),4,4)"),
        ("partition_shape_C(MMA, (128,64))", "((2,2),4,4)"),
        (
            "MMA.thrfrg_A((128,64))",
            "(((4,8),(2,1)),((2,2,2),(4,4))):(((256,1),(16,0)),((128,8,1024),(32,2048)))",
        ),
        (
            "partition_fragment_C(MMA, (128,64))",
            "((2,2),4,4):((1,2),4,16)",
        ),
    ] {
        assert_eq!(eval(stmt), want, "{stmt}");
    }
}

#[test]
fn tiled_copy_queries_match_cute() {
    for (stmt, want) in [
        ("size(COPY)", "32"),
        ("tile_size<1>(COPY)", "16"),
        (
            "COPY.tidfrg_S((16,32):(32,1))",
            "((8,4),(2,1),(4,2)):((2,32),(1,0),(128,16))",
        ),
        (
            "make_tiled_copy_S(copy_atom(UniversalCopy<uint16_t>, half_t), COPY).get_layoutS_TV",
            "((8,4),(1,2)):((8,1),(0,4))",
        ),
        (
            "make_tiled_copy_C_atom(copy_atom(UniversalCopy<uint32_t>, float), MMA).Tiler_MN",
            "((8,2):(1,16),8:2)",
        ),
        (
            "make_cotiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8):(8,1)).TiledLayout_TV",
            "((4,8),2):((8,1),32)",
        ),
        (
            "inner_partition((8,24):(1,8), (4,8), (1,2))",
            "132 o (4,8):(1,8)",
        ),
        (
            "outer_partition((8,24):(1,8), (4,8), (1,2))",
            "17 o (2,3):(4,64)",
        ),
    ] {
        assert_eq!(eval(stmt), want, "{stmt}");
    }
}

#[test]
fn tiled_copies_made_from_others_print_back_to_themselves() {
    for stmt in [
        "make_tiled_copy_S(copy_atom(UniversalCopy<uint16_t>, half_t), COPY)",
        "make_tiled_copy_D(copy_atom(UniversalCopy<uint16_t>, half_t), COPY)",
        "make_tiled_copy_C_atom(copy_atom(UniversalCopy<uint32_t>, float), MMA)",
        "make_cotiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8):(8,1))",
    ] {
        let printed = eval(stmt);
        assert!(!printed.starts_with("error"), "{stmt}: {printed}");
        assert_round_trips(&printed);
    }
}

#[test]
fn partitioning_errors_name_the_condition() {
    for (stmt, needle) in [
        ("tile_size<5>(MMA)", "0 (M), 1 (N) or 2 (K)"),
        ("partition_shape_A(MMA, 8)", "rank >= 2"),
        ("MMA.thrfrg_A(8:1)", "rank >= 2"),
        (
            "COPY.tidfrg_S(16:1)",
            "rank of tensor to be partitioned too small",
        ),
        (
            "size(mma_atom(SM80_16x8x16_F32BF16BF16F32_TN))",
            "only tiled MMAs and tiled copies",
        ),
        ("MMA.permutation_mnk<3>()", "0 (M), 1 (N) or 2 (K)"),
        ("tile_shape(COPY)", "expected a tiled MMA"),
        (
            "make_tiled_copy_C_atom(copy_atom(UniversalCopy<uint128_t>, float), tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (1,1,1)))",
            "exceed the 2 values per thread",
        ),
        (
            "make_tiled_copy_S(copy_atom(UniversalCopy<uint128_t>, half_t), COPY)",
            "too few values per thread",
        ),
    ] {
        let got = eval(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(needle),
            "{stmt}: {got}"
        );
    }
}

#[test]
fn tensors_over_swizzled_layouts_partition_as_cute_does() {
    // answers from cute-oracle (counting tensors over composition(Swizzle<3,3,3>{}, ...))
    let s = "Sw<3,3,3> o 0 o (64,64):(64,1)";
    for (stmt, want) in [
        (
            format!("local_tile({s}, (8,64), (1,0))"),
            "512 o Sw<3,3,3> o 0 o (8,64):(64,1)",
        ),
        (
            format!("make_tensor(make_inttuple_iter(0), {s})(_, 3)"),
            "3 o ((8,8)):((72,512))",
        ),
        (
            format!("local_tile({s}, (8,8), (1,2))"),
            "528 o ((2,2,2),8):((72,112,288),1)",
        ),
    ] {
        assert_eq!(eval(&stmt), want, "{stmt}");
    }
    // the printed tensor reads back, in the notation and as C++
    assert_round_trips("512 o Sw<3,3,3> o 0 o (8,64):(64,1)");
    assert_eq!(
        eval(
            "make_tensor(make_inttuple_iter(_512{}), composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}))"
        ),
        "512 o Sw<3,3,3> o 0 o (8,64):(64,1)"
    );
}
