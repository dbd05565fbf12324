//! Blackwell's tensor memory: TMEM pointers, the UMMA accumulators in TMEM, `make_tmem_copy`
//! and its partitions, checked against CuTe 4.7 (`tests/golden/tmem_oracle.tsv`, written by
//! `scripts/gen_tmem_oracle.py` from cute-oracle), the TMEM ops' `ValID`, round trips and the
//! lanes × columns pictures.

use crate::helpers::{check_cases, eval_line};

/// Every expression of `tmem_oracle.tsv` answers as CuTe 4.7 does.
#[test]
fn tmem_pointers_accumulators_and_copies_match_cute() {
    check_cases("tmem_oracle.tsv");
}

/// The TMEM loads' and stores' `ValID`, as C++ spells it (every one is in
/// `atoms_catalog_oracle.tsv` too).
#[test]
fn tmem_ops_have_their_val_id() {
    for (stmt, want) in [
        (
            "typename Copy_Traits<SM100_TMEM_LOAD_32dp32b8x>::ValID{}",
            "(256,32):(1,2097152)",
        ),
        (
            "typename Copy_Traits<SM100_TMEM_STORE_16dp256b1x_16b>::ValID{}",
            "((16,16),16):((1,32),2097152)",
        ),
        (
            "copy_atom(SM100_TMEM_LOAD_16dp128b2x, float).ValID",
            "(256,16):(1,2097152)",
        ),
    ] {
        assert_eq!(eval_line(stmt), want, "{stmt}");
    }
    let e = eval_line("typename Copy_Traits<SM75_U32x4_LDSM_N>::ValID{}");
    assert!(
        e.starts_with("error: ") && e.contains("has no ValID"),
        "{e}"
    );
}

/// A TMEM pointer, a TMEM tensor and a `make_tmem_copy` print as they read back.
#[test]
fn tmem_values_round_trip() {
    for stmt in [
        "make_tmem_ptr<half_t>(0) + 3",
        "make_tmem_ptr<float>(0x10020)",
        "partition_fragment_C(tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,K,K>), (128,256))",
        "make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x, make_tmem_ptr<float>(0) o (128,32):(65536,1))",
        "make_tmem_copy(copy_atom(SM100_TMEM_STORE_16dp256b1x, float), make_tmem_ptr<float>(0) o (128,32):(65536,1))",
    ] {
        let printed = eval_line(stmt);
        assert!(!printed.starts_with("error"), "{stmt}: {printed}");
        assert_eq!(eval_line(&printed), printed, "{stmt} printed {printed}");
    }
    assert_eq!(
        eval_line("make_tmem_ptr<half_t>(0) + 3"),
        "tmem_[16b](0x8000.0001)"
    );
    // the C++ spelling reads back too
    let cpp = match cute::eval::Env::new().run("make_tmem_ptr<half_t>(0) + 3") {
        Ok(cute::eval::Outcome::Value(v)) => cute::render::render(
            &v,
            cute::render::Format::Cpp,
            &cute::render::RenderOptions::default(),
        )
        .expect("a C++ form"),
        other => panic!("{other:?}"),
    };
    assert_eq!(cpp, "make_tmem_ptr<half_t>(0x80000001)");
    assert_eq!(eval_line(&cpp), "tmem_[16b](0x8000.0001)");
}

/// `make_tmem_copy(Op, tmem)` is `Copy_Atom<Op, TEngine::value_type>`: the atom's value type is
/// the accumulator's (`int32_t` of an integer UMMA, `make_tmem_ptr<int32_t>`), not a type of its
/// width (a pointer read back from its print, which shows only the width, names one of it).
#[test]
fn tmem_copies_take_the_accumulators_value_type() {
    for (tensor, ty) in [
        (
            "partition_fragment_C(make_tiled_mma(SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<128>{},Int<128>{}))",
            "int32_t",
        ),
        (
            "make_tensor(make_tmem_ptr<int32_t>(0), Layout<Shape<_128,_256>,Stride<Int<65536>,_1>>{})",
            "int32_t",
        ),
        (
            "make_tensor(make_tmem_ptr<uint32_t>(0), Layout<Shape<_128,_256>,Stride<Int<65536>,_1>>{})",
            "uint32_t",
        ),
        (
            "partition_fragment_C(make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<128>{},Int<128>{}))",
            "float",
        ),
    ] {
        let stmt = format!("make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x{{}}, {tensor})");
        let got = eval_line(&stmt);
        assert!(
            got.starts_with(&format!(
                "make_tmem_copy(copy_atom(SM100_TMEM_LOAD_32dp32b8x, {ty}), "
            )),
            "{stmt}: {got}"
        );
        assert_eq!(eval_line(&got), got, "{stmt} printed {got}");
    }
}

/// What CuTe's static_asserts refuse, refused with the reason.
#[test]
fn tmem_copies_refuse_what_cute_asserts() {
    for (stmt, says) in [
        (
            "make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x, make_gmem_ptr(static_cast<float*>(nullptr)) o (128,32):(1,128))",
            "expected a TMEM tensor",
        ),
        (
            "make_tmem_copy(copy_atom(SM100_TMEM_LOAD_32dp32b8x, half_t), make_tmem_ptr<float>(0) o (128,32):(65536,1))",
            "same type-width",
        ),
        (
            "make_tmem_copy(SM75_U32x4_LDSM_N, make_tmem_ptr<float>(0) o (128,32):(65536,1))",
            "no TMEM load or store",
        ),
        (
            // 8 columns a thread, 4 in the tensor (CuTe: a 64-lane tensor is fine, its lanes
            // past 64 reach the appended 1:0)
            "make_tmem_copy(SM100_TMEM_LOAD_32dp32b8x, make_tmem_ptr<float>(0) o (128,4):(65536,1))",
            "does not exist in the data layout",
        ),
        ("make_tmem_ptr<float>(-1)", "32-bit address"),
        ("tmem_[32b](0x12345.0)", "not a TMEM address"),
    ] {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(says),
            "{stmt}: want an error saying {says:?}, got {got}"
        );
    }
}

/// A TS UMMA's A in TMEM; an SS one's A a tensor of shared-memory descriptors.
#[test]
fn ts_umma_a_fragments_are_in_tmem() {
    let frag = |atom: &str| {
        eval_line(&format!(
            "make_tiled_mma({atom}{{}}).get_slice(0).partition_fragment_A(make_tensor(make_smem_ptr<half_t>(nullptr), make_layout(make_shape(_128{{}},_64{{}}))))"
        ))
    };
    assert_eq!(
        frag("SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>"),
        "tmem_[16b](0x0000.0000) o ((128,16),1,4):((131072,1),0,16)"
    );
    // an SS one's A is a tensor of UMMA descriptors over the partition (cute-oracle, the
    // line make_umma_desc prints on the host left out)
    let (out, err, code) = crate::helpers::cute_format(
        "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>{}).get_slice(0).partition_fragment_A(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(_128{},_64{}))))\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_256)\n");
}

/// The TMEM grid of a make_tmem_copy: which thread reads each lane and column, in the terminal
/// and in the SVG (right of D).
#[test]
fn tmem_copy_pictures_show_lanes_and_columns() {
    let v = match cute::eval::Env::new().run(
        "make_tmem_copy(SM100_TMEM_LOAD_16dp32b1x, make_tmem_ptr<float>(0) o ((16,4),2):((65536,2097152),1))",
    ) {
        Ok(cute::eval::Outcome::Value(v)) => v,
        other => panic!("{other:?}"),
    };
    let p = cute::render::tv::picture(&v)
        .expect("a picture")
        .expect("built");
    let g = p.grid("TMEM").expect("a TMEM grid");
    assert_eq!((g.rows, g.cols), (112, 2));
    // 16 lanes x 2 columns a warp (16dp32b: thread i at lane i%16, column i/16), each warp in
    // the first half of its own subpartition
    assert_eq!(g.cell(0, 0), Some((0, 0)));
    assert_eq!(g.cell(15, 1), Some((31, 0)));
    assert_eq!(g.cell(33, 1), Some((49, 0)));
    assert_eq!(g.cell(111, 1), Some((127, 0)));
    assert_eq!(g.cell(16, 0), None);
    let svg = cute::render::svg::render(&v).expect("an SVG");
    assert!(svg.contains(">TMEM</text>"), "{svg}");
    // S and D (64x2 each, every cell held) and TMEM's 128 held cells, and the background
    assert_eq!(svg.matches("<rect ").count(), 128 + 128 + 128 + 1);
}

/// `make_tmem_warp_partitioner` (copy_traits_sm100.hpp) as CuTe 4.7 computes it
/// (`tests/golden/tmem_warp_oracle.tsv`, `scripts/gen_atoms.py --tmem-warp`): the TV_Tiler's
/// Tiler_MN and TiledLayout_TV, and each warp's `get_slice(w).partition(T)` of the TMEM tensor
/// and of a gmem tensor of its shape, in CuTe's print.
#[test]
fn tmem_warp_partitioner_answers_as_cute() {
    let text =
        std::fs::read_to_string(crate::helpers::golden_dir().join("tmem_warp_oracle.tsv")).unwrap();
    let cases: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split_once('\t').expect("STATEMENT<TAB>EXPECTED"))
        .collect();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let stdin: String = cases.iter().map(|(s, _)| format!("{s}\n")).collect();
    let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", "-"], &stdin);
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), cases.len(), "{out}");
    for ((stmt, want), got) in cases.iter().zip(got) {
        assert_eq!(got, *want, "{stmt}");
    }
    // the value prints as the call that builds it (CuTe gives TV_Tiler no print), which reads back
    let p = "make_tmem_warp_partitioner(make_tensor(make_tmem_ptr<float>(0), make_layout(make_shape(Int<128>{},Int<64>{}), make_stride(Int<65536>{},Int<1>{}))))";
    assert_eq!(
        crate::helpers::eval_line(p),
        "make_tiler_impl(4:1, (4:32,1:0))"
    );
    assert_eq!(
        crate::helpers::eval_line(
            "make_tiler_impl(4:1, (4:32,1:0)).get_slice(2).partition(make_tmem_ptr<float>(0) o (128,64):(65536,1))"
        ),
        "tmem_[32b](0x0040.0000) o (32,64):(65536,1)"
    );
    for (stmt, says) in [
        (
            "make_tmem_warp_partitioner(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_layout(make_shape(128,64))))",
            "Expected TMEM tensor",
        ),
        (
            &format!("{p}.get_slice(4)"),
            "outside the TV tiler's 4 threads",
        ),
        (
            &format!("{p}.get_slice(0).partition(make_shape(8))"),
            "rank",
        ),
        (&format!("{p}.foo"), "TiledLayout_TV"),
    ] {
        let got = crate::helpers::eval_line(stmt);
        assert!(
            got.starts_with("error") && got.contains(says),
            "{stmt}: {got}"
        );
    }
}
