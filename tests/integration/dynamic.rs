//! Static and dynamic integers as CuTe has them (issue 36): random layouts whose leaves are
//! randomly static (`Int<8>{}`) or dynamic (a plain C++ `8`), spelled as C++, through the
//! algebra's operations, compared with CuTe C++ 4.7's own print byte for byte in
//! `--format cute` (expectations: `tests/oracle/dynamic/gen_cases.py`, from `cute-oracle`):
//! 1415 cases, all identical byte for byte (the coalesce, filter, size, cosize, complement,
//! composition, divides and products of the first set; the inverses, `max_common_layout`/
//! `max_common_vector`, `make_ordered_layout`, `make_layout_like`, `make_fragment_like` and the
//! IntTuple functions `product`, `product_each`, `inner_product`, `elem_scale`, `shape_div`,
//! `ceil_div`, `round_up`, `max`, `min`; composed layouts' offsets, counting and identity tensors'
//! origins leaf by leaf of their kind, `domain_offset` of tensors, CuTe's `MixedBits` offsets
//! and their `upcast`/`downcast`/`max_alignment`, `upcast`/`downcast`/`recast_layout` of plain
//! layouts whose strides are static or run-time, `max_alignment` of them (static leaves only), `==`), or, where CuTe's own answer is not the slice (a run-time stride under a swizzle), the
//! refusal naming that law; and 134 statements CuTe does not compile, each an error (among them
//! the swizzled slices whose fixed modes have a run-time extent or stride: to_mixed_bits's
//! static_assert; a MixedBits `upcast<N>` whose static bits N does not divide; a `downcast` of a
//! stride with no static `_1`). `known_mismatches.txt` lists what does not agree yet: nothing.

use cute::eval::{Env, Outcome};
use cute::render::{cute as cute_form, plain};

use crate::helpers::{check_oracle_cases, check_oracle_refusals};

/// A statement's value as CuTe prints it, or `error: …`.
pub(crate) fn eval_cute(stmt: &str) -> String {
    match Env::new().run(stmt) {
        Ok(Outcome::Value(v)) => {
            // the default notation reads back with its kinds
            let p = plain::render(&v);
            if let Ok(Outcome::Value(back)) = Env::new().run(&p) {
                assert_eq!(plain::render(&back), p, "{stmt}: {p} does not read back");
            }
            cute_form::render(&v)
        }
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    }
}

#[test]
fn dynamic_cases_print_what_cute_prints() {
    check_oracle_cases("dynamic", "cases.tsv", &[], eval_cute, |got, want| {
        // cute may refuse where CuTe's answer breaks the operation's law (SPEC §3)
        got == want || (got.starts_with("error: ") && got.contains("CuTe's result"))
    });
}

#[test]
fn dynamic_statements_cute_refuses_are_errors() {
    check_oracle_refusals("dynamic", "cute_refuses.txt", eval_cute);
}

#[test]
fn the_issues_examples() {
    for (stmt, want) in [
        (
            "coalesce(make_layout(make_shape(2, Int<4>{}, Int<6>{})))",
            "(2,_4,_6):(_1,2,8)",
        ),
        ("complement(make_layout(12, 2));", "(2,1):(_1,24)"),
        (
            "logical_divide(make_layout(make_shape(128,4,3), make_stride(1,512,0)), Layout<_32>{})",
            "((32,1,1),(4,4,3)):((1,512,0),(32,512,0))",
        ),
        (
            "make_layout(make_shape(2, Int<4>{}, Int<6>{}))",
            "(2,_4,_6):(_1,2,8)",
        ),
        ("size(make_shape(4, Int<8>{}))", "32"),
        ("size(make_shape(Int<4>{}, Int<8>{}))", "_32"),
        // the notation is all static; `4?` is its dynamic integer
        ("coalesce((2,4,6):(1,2,8))", "_48:_1"),
        ("coalesce((2?,4,6):(1,2?,8?))", "(2,_4,_6):(_1,2,8)"),
        // DSL: Python literals static, typed integers dynamic
        ("cute.make_layout((cutlass.Int32(4), 8))", "(4,_8):(_1,4)"),
        // upcast<2>(…)-style template arguments and function names do not make a line C++
        ("make_layout(make_shape(4, 8))", "(_4,_8):(_1,_4)"),
        ("make_layout(make_shape(4, 8));", "(4,8):(_1,4)"),
    ] {
        assert_eq!(eval_cute(stmt), want, "{stmt}");
    }
}

/// A run-time coordinate or thread index (C++'s plain `int`) makes the index a layout maps it
/// to a run-time integer where CuTe's arithmetic does (`_0 * x` stays `_0`), through a
/// composed layout too; and slicing a swizzled tensor at one keeps the swizzle's decay with
/// run-time strides, as CuTe's `slice_and_offset` does (issue 39, item 4; each expectation is
/// `cute-oracle`'s print).
#[test]
fn run_time_coordinates_and_thread_indices() {
    for (stmt, want) in [
        (
            "composition(Swizzle<3,4,3>{}, make_layout(make_shape(8, 8)))(2,3)",
            "26",
        ),
        (
            "composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, _8{})))(_2{},_3{})",
            "_26",
        ),
        (
            "composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, _8{})))(2)",
            "2",
        ),
        (
            "composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, _8{})))(_2{})",
            "_2",
        ),
        ("make_layout(make_shape(_8{}, _8{}))(2,3)", "26"),
        ("make_layout(make_shape(_8{}, _8{}))(_2{},_3{})", "_26"),
        (
            "make_layout(make_shape(_8{}, _8{}))(make_coord(2,_3{}))",
            "26",
        ),
        (
            "make_layout(make_shape(_8{}, _8{}), make_stride(_0{}, _1{}))(2,_3{})",
            "_3",
        ),
        ("crd2idx(make_coord(2,3), make_shape(_8{}, _8{}))", "26"),
        (
            "crd2idx(2, make_shape(_8{}, _8{}), make_stride(_0{}, _1{}))",
            "0",
        ),
        (
            "crd2idx(_0{}, make_shape(8, _8{}), make_stride(_1{}, 8))",
            "_0",
        ),
        (
            "crd2idx(_3{}, make_shape(_1{}, _8{}), make_stride(4, _1{}))",
            "_3",
        ),
        (
            "crd2idx(_3{}, make_shape(_1{}, 8), make_stride(_2{}, _1{}))",
            "_3",
        ),
        (
            "local_partition(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), composition(Swizzle<3,3,3>{}, make_layout(make_shape(_16{},_64{}), make_stride(_64{},_1{})))), make_layout(make_shape(_8{},_8{}), make_stride(_8{},_1{})), 5)",
            "smem_ptr[16b](0xa) o (_2,(_2,_2,_2)):(_512,(8,16,32))",
        ),
        (
            "local_partition(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), composition(Swizzle<3,3,3>{}, make_layout(make_shape(_16{},_64{}), make_stride(_64{},_1{})))), make_layout(make_shape(_8{},_8{}), make_stride(_8{},_1{})), _5{})",
            "smem_ptr[16b](0xa) o (_2,_8):(_512,_8)",
        ),
        (
            "local_tile(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), composition(Swizzle<3,3,3>{}, make_layout(make_shape(_16{},_64{}), make_stride(_64{},_1{})))), make_shape(_8{},_8{}), make_coord(1,2))",
            "smem_ptr[16b](0x420) o ((_2,_2,_2),_8):((72,112,288),_1)",
        ),
        (
            "local_tile(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), composition(Swizzle<3,3,3>{}, make_layout(make_shape(_16{},_64{}), make_stride(_64{},_1{})))), make_shape(_8{},_8{}), make_coord(_1{},_2{}))",
            "smem_ptr[16b](0x420) o ((_2,_2,_2),_8):((_72,_112,_288),_1)",
        ),
        (
            "outer_partition(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), composition(Swizzle<3,3,3>{}, make_layout(make_shape(_16{},_64{}), make_stride(_64{},_1{})))), make_shape(_8{},_8{}), make_coord(1,3))",
            "smem_ptr[16b](0x96) o (_2,(_2,_2,_2)):(_512,(-8,16,32))",
        ),
        (
            "inner_partition(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), composition(Swizzle<3,3,3>{}, make_layout(make_shape(_16{},_64{}), make_stride(_64{},_1{})))), make_shape(_8{},_8{}), make_coord(1,3))",
            "smem_ptr[16b](0x430) o ((_2,_2,_2),_8):((56,112,288),_1)",
        ),
    ] {
        assert_eq!(eval_cute(stmt), want, "{stmt}");
    }
}

/// CuTe's static_asserts that need static values: with a dynamic integer each is an error
/// naming the requirement, as CuTe's compiler's (each statement checked with `cute-oracle`:
/// it does not compile, at the static_assert named); the same statements with static integers
/// are CuTe's answers.
#[test]
fn static_asserts_need_static_values() {
    for (stmt, want) in [
        (
            "left_inverse(make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 4)));",
            "Left inverse requires static strides",
        ),
        (
            "domain_distribute(make_shape(Int<15>{}, Int<14>{}), 6);",
            "static_assert(is_static<ShapeB>)",
        ),
        (
            "domain_distribute(make_shape(15, Int<14>{}), Int<6>{});",
            "needs a static shape A",
        ),
        (
            "make_tensor<float>(make_layout(make_shape(4, Int<8>{})));",
            "dynamic owning tensors not supported",
        ),
        (
            "make_fragment_like(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(4, Int<8>{}))));",
            "dynamic owning tensors not supported",
        ),
        (
            "make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, make_tile(32, Int<32>{}, Int<16>{}));",
            "TiledMMA requires static permutations of MNK",
        ),
        (
            "make_cotiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, make_layout(make_shape(Int<32>{}, Int<4>{})), make_layout(make_shape(32, Int<4>{})));",
            "is_static<DataLayout>",
        ),
        // a run-time offset of a composed layout: CuTe's static_assert, or no overload for `int`
        (
            "composition(make_layout(Int<64>{}), composition(Swizzle<3,4,3>{}, 0, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "Require offset == 0",
        ),
        (
            "upcast<2>(composition(Swizzle<3,4,3>{}, 4, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "upcast<N>(const int&)",
        ),
        (
            "downcast<2>(composition(Swizzle<3,4,3>{}, 4, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "downcast<N>(const int&)",
        ),
        (
            "right_inverse(composition(Swizzle<3,4,3>{}, 0, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "right_inverse(const int&)",
        ),
        (
            "max_alignment(composition(Swizzle<3,4,3>{}, 4, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "max_alignment<N>(const int&)",
        ),
    ] {
        let got = eval_cute(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(want),
            "{stmt}\n  want an error naming {want:?}\n  got  {got}"
        );
    }
    for (stmt, want) in [
        (
            "domain_distribute(make_shape(Int<15>{}, Int<14>{}), Int<6>{});",
            "(_3,_2):(_1,_15)",
        ),
        (
            "make_tensor<float>(make_layout(make_shape(Int<4>{}, Int<8>{})));",
            "ptr[32b](stack) o (_4,_8):(_1,_4)",
        ),
        (
            "left_inverse(make_layout(make_shape(4, Int<8>{}), make_stride(Int<8>{}, Int<1>{})));",
            "(_8,4):(4,_1)",
        ),
    ] {
        assert_eq!(eval_cute(stmt), want, "{stmt}");
    }
}

/// The kind of a composed layout's offset, of a counting or identity tensor's origin and of a
/// comparison's answer, as CuTe's arithmetic makes it (`Sw<3,4,3> o 4 o …` from a run-time `4`,
/// `ArithTuple13 o …` after a run-time slice, `1` for `==` of run-time values, `_0` where a mode
/// is statically unequal); each expectation is `cute-oracle`'s print.
#[test]
fn offsets_origins_and_truths_of_cutes_kind() {
    for (stmt, want) in [
        (
            "composition(Swizzle<3,4,3>{}, 4, make_layout(make_shape(Int<8>{},Int<8>{})));",
            "Sw<3,4,3> o 4 o (_8,_8):(_1,_8)",
        ),
        (
            "domain_offset(make_coord(3,2), composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "(Sw<3,4,3> o 19 o (_8,_8):(_1,_8),_0)",
        ),
        (
            "domain_offset(make_coord(Int<3>{},2), composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "(Sw<3,4,3> o 19 o (_8,_8):(_1,_8),_0)",
        ),
        (
            "domain_offset(make_coord(Int<3>{},Int<2>{}), composition(Swizzle<3,4,3>{}, 5, make_layout(make_shape(Int<8>{},Int<8>{}))));",
            "(Sw<3,4,3> o 24 o (_8,_8):(_1,_8),_0)",
        ),
        (
            "domain_offset(make_coord(Int<3>{},Int<2>{}), make_layout(make_shape(Int<8>{},8)));",
            "((_8,8):(_1,_8),_19)",
        ),
        (
            "domain_offset(make_coord(Int<3>{},2), make_layout(make_shape(Int<8>{},Int<8>{})));",
            "((_8,_8):(_1,_8),19)",
        ),
        (
            "make_tensor(make_inttuple_iter(Int<5>{}), make_layout(make_shape(Int<4>{},Int<8>{})))(_,2);",
            "ArithTuple13 o (_4):(_1)",
        ),
        (
            "make_tensor(make_inttuple_iter(Int<5>{}), make_layout(make_shape(Int<4>{},8)))(_,Int<2>{});",
            "ArithTuple_13 o (_4):(_1)",
        ),
        (
            "slice_and_offset(make_coord(_,2), composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<8>{},Int<128>{}))));",
            "((_8):(_1),16)",
        ),
        (
            "slice_and_offset(make_coord(_,Int<2>{}), composition(Swizzle<3,4,3>{}, 3, make_layout(make_shape(Int<8>{},Int<128>{}))));",
            "((_8):(_1),19)",
        ),
        (
            "slice_and_offset(make_coord(2,_), composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<128>{},Int<128>{}))));",
            "(((_2,_2,_2,_16)):((144,288,576,_1024)),2)",
        ),
        (
            "slice_and_offset(make_coord(Int<2>{},_), composition(Swizzle<3,4,3>{}, 3, make_layout(make_shape(Int<128>{},Int<128>{}))));",
            "(((_2,_2,_2,_16)):((144,288,576,_1024)),5)",
        ),
        (
            "slice_and_offset(make_coord(Int<2>{},_), composition(Swizzle<3,4,3>{}, Int<3>{}, make_layout(make_shape(Int<128>{},Int<128>{}))));",
            "(((_8,_16)):((_144,_1024)),_5)",
        ),
        (
            "slice_and_offset(make_coord(_,2), make_layout(make_shape(Int<8>{},Int<128>{})));",
            "((_8):(_1),16)",
        ),
        (
            "slice_and_offset(make_coord(_,Int<2>{}), make_layout(make_shape(Int<8>{},Int<128>{})));",
            "((_8):(_1),_16)",
        ),
        (
            "make_identity_tensor(make_shape(4, Int<8>{}))(_,2);",
            "ArithTuple(_0,2) o (4):(_1@0)",
        ),
        (
            "make_identity_tensor(make_shape(4, Int<8>{}))(_,Int<2>{});",
            "ArithTuple(_0,_2) o (4):(_1@0)",
        ),
        (
            "make_identity_tensor(make_shape(Int<4>{}, Int<8>{}))(_,2);",
            "ArithTuple(_0,2) o (_4):(_1@0)",
        ),
        (
            "make_identity_tensor(make_shape(Int<4>{}, Int<8>{}))(1,2);",
            "(1,2)",
        ),
        (
            "make_identity_tensor(make_shape(Int<4>{}, Int<8>{}))(Int<1>{},2);",
            "(_1,2)",
        ),
        (
            "local_tile(make_identity_tensor(make_shape(Int<16>{}, Int<32>{})), make_shape(Int<4>{},Int<8>{}), make_coord(1,2));",
            "ArithTuple(4,16) o (_4,_8):(_1@0,_1@1)",
        ),
        (
            "local_tile(make_identity_tensor(make_shape(16, Int<32>{})), make_shape(Int<4>{},Int<8>{}), make_coord(Int<1>{},Int<2>{}));",
            "ArithTuple(_4,_16) o (_4,_8):(_1@0,_1@1)",
        ),
        (
            "local_tile(make_tensor(make_inttuple_iter(Int<0>{}), make_layout(make_shape(Int<16>{}, Int<32>{}))), make_shape(Int<4>{},Int<8>{}), make_coord(1,2));",
            "ArithTuple260 o (_4,_8):(_1,_16)",
        ),
        (
            "local_tile(make_tensor(make_inttuple_iter(Int<0>{}), make_layout(make_shape(Int<16>{}, Int<32>{}))), make_shape(Int<4>{},Int<8>{}), make_coord(Int<1>{},Int<2>{}));",
            "ArithTuple_260 o (_4,_8):(_1,_16)",
        ),
        (
            "local_partition(make_tensor(make_inttuple_iter(Int<0>{}), make_layout(make_shape(Int<16>{}, Int<32>{}))), make_layout(make_shape(Int<4>{},Int<8>{})), 3);",
            "ArithTuple3 o (_4,_4):(_4,_128)",
        ),
        (
            "local_partition(make_tensor(make_inttuple_iter(Int<0>{}), make_layout(make_shape(Int<16>{}, Int<32>{}))), make_layout(make_shape(Int<4>{},Int<8>{})), Int<3>{});",
            "ArithTuple_3 o (_4,_4):(_4,_128)",
        ),
        (
            "local_partition(make_identity_tensor(make_shape(Int<16>{}, Int<32>{})), make_layout(make_shape(Int<4>{},Int<8>{})), 3);",
            "ArithTuple(3,0) o (_4,_4):(_4@0,_8@1)",
        ),
        (
            "make_tensor(make_inttuple_iter(make_coord(2,Int<3>{})), make_layout(make_shape(Int<4>{},Int<8>{}), make_stride(E<0>{}, E<1>{})))(_,1);",
            "ArithTuple(2,4) o (_4):(_1@0)",
        ),
        (
            "make_tensor(make_inttuple_iter(make_coord(2,Int<3>{})), make_layout(make_shape(Int<4>{},Int<8>{}), make_stride(E<0>{}, E<1>{})))(_,Int<1>{});",
            "ArithTuple(2,_4) o (_4):(_1@0)",
        ),
        (
            "make_tensor(make_inttuple_iter(make_coord(Int<2>{},Int<3>{})), make_layout(make_shape(Int<4>{},Int<8>{}), make_stride(E<0>{}, E<1>{})))(1,Int<1>{});",
            "(3,_4)",
        ),
        (
            "make_layout(make_shape(4,8)) == make_layout(make_shape(4,8));",
            "1",
        ),
        // each leaf of an origin of its own kind (session 25)
        (
            "local_tile(make_identity_tensor(make_shape(16, 32)), make_shape(Int<4>{}, Int<8>{}), make_coord(Int<1>{}, 2));",
            "ArithTuple(_4,16) o (_4,_8):(_1@0,_1@1)",
        ),
        // domain_offset of a tensor moves its iterator (tensor_impl.hpp)
        (
            "domain_offset(make_coord(Int<2>{},3), make_identity_tensor(make_shape(Int<8>{},Int<16>{})));",
            "ArithTuple(_2,3) o (_8,_16):(_1@0,_1@1)",
        ),
        (
            "domain_offset(make_coord(Int<2>{},Int<3>{}), make_tensor(make_inttuple_iter(Int<5>{}), make_layout(make_shape(Int<8>{},Int<16>{}))));",
            "ArithTuple_31 o (_8,_16):(_1,_8)",
        ),
        (
            "domain_offset(make_coord(2,Int<3>{}), make_tensor(make_inttuple_iter(5), composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<8>{},Int<16>{})))));",
            "ArithTuple5 o Sw<3,4,3> o 26 o (_8,_16):(_1,_8)",
        ),
        // CuTe's MixedBits: a slice at a run-time coordinate, its bits apart
        (
            "slice_and_offset(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{}))));",
            "(Sw<3,4,3> o M_4|(16&16)=20 o (_16,_64):(_1,_32),_0)",
        ),
        (
            "slice_and_offset(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, 4, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{}))));",
            "(Sw<3,4,3> o 20 o (_16,_64):(_1,_32),_0)",
        ),
        (
            "make_tensor(make_inttuple_iter(Int<0>{}), composition(Swizzle<3,4,3>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{}))))(_,1,_);",
            "ArithTuple_0 o Sw<3,4,3> o M_0|(16&16)=16 o (_16,_64):(_1,_32)",
        ),
        // swizzle.hpp's MixedBits overloads (cute-oracle): upcast divides each part,
        // downcast multiplies it, max_alignment is the lowest bit of S | F
        (
            "upcast<2>(slice(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{})))));",
            "Sw<3,3,3> o M_2|(8&8)=10 o (_8,_64):(_1,_16)",
        ),
        (
            "downcast<4>(slice(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{})))));",
            "Sw<3,6,3> o M_16|(64&64)=80 o (_64,_64):(_1,_128)",
        ),
        (
            "max_alignment(slice(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{})))));",
            "_4",
        ),
        // C++'s spelling of a MixedBits, as --format cpp writes one
        (
            "composition(Swizzle<3,4,3>{}, make_mixed_bits(Int<4>{}, 16, Int<48>{}), make_layout(make_shape(Int<16>{},Int<64>{}), make_stride(Int<1>{},Int<64>{})));",
            "Sw<3,4,3> o M_4|(16&48)=20 o (_16,_64):(_1,_64)",
        ),
        (
            "make_mixed_bits(Int<4>{}, 16, Int<48>{});",
            "M_4|(16&48)=20",
        ),
        ("make_mixed_bits(Int<4>{}, Int<16>{}, Int<48>{});", "_20"),
        ("make_mixed_bits(Int<4>{}, 16, Int<4>{});", "_4"),
    ] {
        assert_eq!(eval_cute(stmt), want, "{stmt}");
    }
    // the notation: a MixedBits is the run-time integer it converts to
    let v = match Env::new().run("slice(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{}))));") {
        Ok(Outcome::Value(v)) => v,
        _ => panic!("a value"),
    };
    assert_eq!(plain::render(&v), "Sw<3,4,3> o 20? o (16,64):(1,32)");
}

/// A swizzled slice whose fixed modes have a run-time extent or stride does not compile in
/// CuTe (to_mixed_bits's static_assert on `decltype(shape*stride)::value`, cute-oracle: error:
/// 'value' is not a member of 'int'); cute names the assert. `upcast<N>` of a MixedBits whose
/// static bits N does not divide: a static `safe_div`'s assert in CuTe.
#[test]
fn swizzled_slices_cute_refuses() {
    for (stmt, want) in [
        (
            "slice_and_offset(make_coord(_, 6), composition(Swizzle<2,4,3>{}, 0, make_layout(make_shape(16, 8), make_stride(1, 16))));",
            "Requires pow2 shape*stride.",
        ),
        (
            "slice_and_offset(make_coord(1, _), composition(Swizzle<2,4,3>{}, 0, make_layout(make_shape(16, 16), make_stride(1, 16))));",
            "is a run-time integer",
        ),
        (
            "upcast<8>(slice(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<2>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<32>{})))));",
            "divisible by N = 8 (safe_div)",
        ),
    ] {
        let got = eval_cute(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(want),
            "{stmt}\n  want an error naming {want:?}\n  got  {got}"
        );
    }
}

/// `--format cpp` writes a MixedBits offset as C++'s `make_mixed_bits(Int<S>{}, d, Int<F>{})`,
/// which reads back to the same value (its static bits, run-time bits and mask).
#[test]
fn mixed_bits_cpp_reads_back() {
    use cute::render::code;
    for s in [
        "slice(make_coord(_,1,_), composition(Swizzle<3,4,3>{}, Int<4>{}, make_layout(make_shape(Int<16>{},Int<4>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<64>{}))));",
        "upcast<2>(slice(make_coord(_,3,_), composition(Swizzle<3,4,3>{}, Int<0>{}, make_layout(make_shape(Int<16>{},Int<4>{},Int<64>{}), make_stride(Int<1>{},Int<16>{},Int<64>{})))));",
        "make_mixed_bits(Int<4>{}, 16, Int<48>{});",
    ] {
        let Ok(Outcome::Value(v)) = Env::new().run(s) else {
            panic!("{s} has no value")
        };
        let text = code::cpp(&v).expect("a C++ form");
        assert!(text.contains("make_mixed_bits(Int<"), "{s}: {text}");
        let Ok(Outcome::Value(back)) = Env::new().run(&text) else {
            panic!("{text} does not read back")
        };
        assert_eq!(back, v, "{s}: {text}");
        assert_eq!(cute_form::render(&back), cute_form::render(&v), "{text}");
    }
}

/// `upcast<N>`/`downcast<N>`/`recast_layout` of a plain layout take CuTe 4.7's branches on each
/// leaf's kind (layout.hpp): a static stride is ceil_div'ed (the shape keeps its kind), a
/// run-time one safe_div'ed (`d / N`, the shape kept) or multiplied, run-time still; `downcast`
/// needs a static `_1` (a run-time `1` is multiplied as any stride). Answers from `cute-oracle`.
#[test]
fn recasts_keep_each_strides_kind() {
    let cases = [
        (
            "upcast<2>(make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 4)));",
            "(2,_8):(_1,2)",
        ),
        (
            "upcast<4>(make_layout(make_shape(4, Int<8>{}), make_stride(1, Int<2>{})));",
            "(4,_4):(0,_1)",
        ),
        (
            "upcast<2>(make_layout(make_shape(Int<4>{}, 6), make_stride(Int<2>{}, 0)));",
            "(_4,6):(_1,0)",
        ),
        (
            "downcast<2>(make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 4)));",
            "(8,_8):(_1,8)",
        ),
        (
            "downcast<2>(make_layout(make_shape(4, 8), make_stride(Int<1>{}, 1)));",
            "(8,8):(_1,2)",
        ),
        (
            "recast_layout<uint16_t, uint32_t>(make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 4)));",
            "(2,_8):(_1,2)",
        ),
        (
            "recast_layout<uint32_t, uint16_t>(make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 4)));",
            "(8,_8):(_1,8)",
        ),
        (
            "recast_layout<uint16_t, uint8_t>(make_layout(make_shape(4, Int<8>{}), make_stride(Int<1>{}, 0)));",
            "(8,_8):(_1,0)",
        ),
    ];
    for (stmt, want) in cases {
        assert_eq!(eval_cute(stmt), want, "{stmt}");
    }
    let refused =
        eval_cute("downcast<2>(make_layout(make_shape(4, 8), make_stride(1, Int<4>{})));");
    assert!(
        refused.contains("Downcast requires adjacent elements") && refused.contains("static _1"),
        "{refused}"
    );
    // all-static input keeps its answer
    assert_eq!(
        eval_cute("upcast<2>(Layout<Shape<_4,_8>>{});"),
        "(_2,_8):(_1,_2)"
    );
}
