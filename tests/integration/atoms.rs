//! MMA and copy atoms, tiled MMAs and copies: the golden corpus's atom lines, cases checked
//! against CuTe C++ (`tests/golden/atoms_oracle.tsv`, `atoms_refusals.txt`), and round trips.

use crate::helpers::{cases, check_cases, check_pairs, cute, eval_line, golden_dir};

#[test]
fn extras_mma_and_tiled_mma_lines_match_cute() {
    let all = cases("extras.tsv");
    let atoms: Vec<_> = all
        .iter()
        .filter(|(s, _)| s.starts_with("mma_atom(") || s.starts_with("tiled_mma("))
        .collect();
    assert!(
        atoms.len() >= 95,
        "extras.tsv has {} atom lines",
        atoms.len()
    );
    let pairs: Vec<(&str, &str)> = atoms
        .iter()
        .map(|(s, w)| (s.as_str(), w.as_str()))
        .collect();
    check_pairs("extras.tsv", &pairs);
}

#[test]
fn oracle_checked_atom_cases_match_cute() {
    check_cases("atoms_oracle.tsv");
}

#[test]
fn statements_cute_refuses_are_errors() {
    let text = std::fs::read_to_string(golden_dir().join("atoms_refusals.txt")).unwrap();
    for stmt in text.lines().filter(|l| !l.trim().is_empty()) {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: "),
            "{stmt} should be refused, got {got}"
        );
    }
}

#[test]
fn atom_values_print_as_the_call_that_builds_them() {
    for (stmt, want) in [
        (
            "mma_atom(SM80_16x8x16_F32BF16BF16F32_TN)",
            "mma_atom(SM80_16x8x16_F32BF16BF16F32_TN)",
        ),
        (
            "mma_atom(SM90_64x128x16_F32BF16BF16_SS)",
            "mma_atom(SM90_64x128x16_F32BF16BF16_SS<K,K>)",
        ),
        (
            "mma_atom(SM90_64x96x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::K>)",
            "mma_atom(SM90_64x96x16_F32F16F16_SS<MN,K>)",
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2))",
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))",
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), <32,_,16>)",
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), (32,_,16))",
        ),
        (
            "tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (2,1,1)).thread(7)",
            "tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (2,1,1):(1,0,0)).thread(7)",
        ),
        (
            "copy_atom(UniversalCopy<cute::uint128_t>, f16)",
            "copy_atom(UniversalCopy<uint128_t>, half_t)",
        ),
        (
            "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bf16), (16,8):(8,1), (1,8))",
            "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bfloat16_t), (16,8):(8,1), (1,8):(0,1))",
        ),
        (
            "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(3)",
            "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))).thread(3)",
        ),
    ] {
        assert_eq!(eval_line(stmt), want, "{stmt}");
    }
}

#[test]
fn atoms_work_through_variables_and_cpp_style_calls() {
    let mut env = cute::eval::Env::new();
    let mut run = |s: &str| match env.run(s) {
        Ok(cute::eval::Outcome::Value(v)) => cute::render::plain::render(&v),
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    };
    assert_eq!(
        run("mma = tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))"),
        ""
    );
    assert_eq!(
        run("mma.get_layoutC_TV()"),
        "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"
    );
    assert_eq!(run("mma.tile_shape"), "(32,16,16)");
    assert_eq!(run("mma.tile_size_mnk(1)"), "16");
    assert_eq!(run("mma.size"), "128");
    assert_eq!(run("mma.ThrLayoutVMNK"), "(32,2,2,1):(1,32,64,0)");
    assert_eq!(run("mma.CLayout"), "((4,8),(2,2)):((32,1),(16,8))");
    assert_eq!(run("t = mma.get_slice(37)"), "");
    assert_eq!(run("t.thr_vmnk"), "(5,1,0,0)");
    assert_eq!(run("shape(t.partition_C((128,64)))"), "((2,2),4,4)");
    assert_eq!(
        run("t.partition_fragment_C((128,64))"),
        "((2,2),4,4):((1,2),4,16)"
    );
    assert_eq!(run("atom = mma_atom(SM80_16x8x8_F32TF32TF32F32_TN)"), "");
    assert_eq!(
        run("tiled_mma(atom, (1,1,1)).get_layoutB_TV"),
        "((4,8),(2,(1,1))):((8,1),(32,(0,0)))"
    );
}

/// An atom that moves fewer bits than its value type moves one value: CuTe's
/// recast_layout<uint1_t, T> (upcast's shape_div) of 32 bits to `double` is `(_1,_1):(_0,_1)`
/// (cute-oracle's print of `Copy_Atom<UniversalCopy<uint32_t>, double>{}`).
#[test]
fn a_copy_atom_narrower_than_its_value_moves_one_value() {
    let (out, _, code) = cute(
        &["eval", "--format", "cute"],
        "Copy_Atom<UniversalCopy<uint32_t>, double>{};\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ValLayoutSrc: (_1,_1):(_0,_1)") && out.contains("ValueType:    64b"),
        "{out}"
    );
}

#[test]
fn bad_atoms_are_errors_that_say_why() {
    for (stmt, needle) in [
        ("mma_atom(SM80_16x8x16_F32F16F16F16_TN)", "unknown MMA atom"),
        // CUTLASS adds it after 4.7.0 (its tree's turing/cooperative_gemm.cu uses it)
        (
            "mma_atom(SM75_16x8x8_F16F16F16F16_TN)",
            "CuTe 4.7.0 has no such atom (CUTLASS adds it after 4.7.0, #2851",
        ),
        (
            "mma_atom(SM90_64x12x16_F32BF16BF16_SS<K,K>)",
            "N a multiple of 8 from 8 to 256",
        ),
        ("mma_atom(SM90_64x128x16_F32BF16BF16_SS<K,X>)", "majors"),
        ("mma_atom(SM90_64x128x16_F32BF16BF16_RS<MN,K>)", "K-major"),
        (
            "mma_atom(SM90_64x128x8_F32TF32TF32_SS_TN<MN,K>)",
            "K-major only",
        ),
        ("mma_atom(SM90_64x40x32_S32S8S8_SS_TN)", "CuTe has no"),
        ("mma_atom(5)", "expected an MMA atom name"),
        (
            "tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (2,2,1,2))",
            "rank-3",
        ),
        (
            "tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (2,2,1)).get_layoutD_TV",
            "no field",
        ),
        (
            "copy_atom(UniversalCopy<uint32_t>, quad)",
            "unknown element type",
        ),
        (
            "copy_atom(SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t)",
            "16 bytes",
        ),
        ("copy_atom(SM99_MAGIC, half_t)", "unknown copy operation"),
        // the catalog's refusals: did-you-mean, never a list cut off
        (
            "mma_atom(SM80_16x8x16_F32BF16BF16F32_NT)",
            "did you mean SM80_16x8x16_F32BF16BF16F32_TN",
        ),
        (
            "copy_atom(SM75_U32x4_LDSM, half_t)",
            "did you mean SM75_U32x4_LDSM_N",
        ),
        // a misspelt UMMA template is unknown, with the UMMA families near it (not a claim
        // that CuTe declares it)
        (
            "mma_atom(SM100_MMA_F16BF16_SSS)",
            "did you mean SM100_MMA_F16BF16_SS,",
        ),
        // UMMA's static_asserts
        (
            "mma_atom(SM100_MMA_F16BF16_SS<half_t,half_t,float,96,64,K,K>)",
            "M-mode size should be 64 or 128",
        ),
        (
            "mma_atom(SM100_MMA_F16BF16_2x1SM_TS<half_t,half_t,float,256,48,K,K>)",
            "a multiple of 32 between 32 and 256",
        ),
        (
            "mma_atom(SM100_MMA_TF32_TS<tfloat32_t,tfloat32_t,float,128,64,MN,K>)",
            "A from TMEM can't be transposed",
        ),
        (
            "mma_atom(SM100_MMA_F16BF16_SS<float,float,float,128,64,K,K>)",
            "of 16 bits",
        ),
        (
            "mma_atom(SM100_MMA_S8_SS<int8_t,int8_t,float,128,64,K,K>)",
            "int32_t",
        ),
        (
            "mma_atom(SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,8,K,K>)",
            "Vector size",
        ),
        (
            "mma_atom(SM100_MMA_F16BF16_SS)",
            "a UMMA atom is a template",
        ),
        (
            "mma_atom(SM100_MMA_TF32_SS_SCALED<tfloat32_t,tfloat32_t,float,128,64,K,K>)",
            "gives it no MMA_Traits",
        ),
        (
            "mma_atom(SM100_MMA_F16BF16_SS_SCALED<half_t,half_t,float,128,256,K,K>)",
            "ScaleC",
        ),
        (
            "mma_atom(SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN)",
            "<M, N, a_major, b_major>",
        ),
        (
            "mma_atom(SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN<128,64,K,MN>)",
            "B from SMEM requires non-transpose",
        ),
        (
            "mma_atom(SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN<256,48,K,K>)",
            "a multiple of 32 between 32 and 256",
        ),
        (
            "mma_atom(SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN<half_t,half_t,float,128,64,K,K>)",
            "expected the integer M, got 'half_t'",
        ),
        (
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_RS<MN,K>)",
            "A must be K-major",
        ),
        (
            "mma_atom(SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,260,K,K>)",
            "N-mode size should be",
        ),
        (
            "mma_atom(SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,64,K,K>)",
            "2x mode (VectorSize=64)",
        ),
        (
            "mma_atom(SM80_16x8x8_F16F16F16F16_TN<K,K>)",
            "takes no template arguments",
        ),
        (
            "mma_atom(SM90_64x64x32_F32E4M3E4M3_SS_TN<MN,K>)",
            "K-major only",
        ),
        ("copy_traits(SM90_TMA_LOAD)", "NumBitsPerTMA"),
        ("copy_traits(SM90_BULK_COPY_G2S, 64)", "align to 16B"),
        (
            "copy_traits(SM75_U32x4_LDSM_N, 128)",
            "takes no NumBitsPerTMA",
        ),
        ("make_tiled_copy(5, (32,8), (1,8))", "expected a copy atom"),
        (
            "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (32,8), (1,4))",
            "too few values",
        ),
    ] {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(needle),
            "{stmt}: want an error containing {needle:?}, got {got}"
        );
    }
}

#[test]
fn every_completion_name_builds_an_atom() {
    assert!(cute::atoms::completion_names().len() > 40);
    let mut stmts: Vec<String> = cute::atoms::mma::warp_names()
        .iter()
        .map(|n| format!("mma_atom({n})"))
        .collect();
    stmts.extend(
        cute::atoms::copy::op_names()
            .iter()
            .map(|n| format!("copy_atom({n}, uint8_t)")),
    );
    stmts.extend(
        cute::atoms::copy::type_names()
            .iter()
            .map(|t| format!("copy_atom(UniversalCopy<uint128_t>, {t})")),
    );
    for stmt in stmts {
        let got = eval_line(&stmt);
        assert!(!got.starts_with("error"), "{stmt}: {got}");
    }
}

/// Every atom of the catalog against CuTe 4.7: `tests/golden/atoms_catalog_oracle.tsv`, generated
/// by `scripts/gen_atoms.py`, holds one C++ spelling per field of every MMA atom
/// (`typename MMA_Traits<X>::CLayout{}`, `MMA_Atom<X>::LayoutB_TV{}`, ...) and copy operation
/// (`typename Copy_Traits<Y>::SrcLayout{}`), with what `cute-oracle` printed;
/// `atoms_catalog_extra.tsv` (`gen_atoms.py --extra`) adds UMMA instantiations and tiled MMAs
/// over them and over warp MMAs of every generation, `typename Copy_Atom<Y, T>::ValLayoutSrc{}`
/// of every copy (our recast of the bits), the templated one-thread copies, and the
/// `SM90::GMMA::MMA_…` spelling. The oracle prints static integers as `_4`; cute's default notation
/// has no static marker, so both sides are compared with the `_` before a digit dropped.
#[test]
fn every_catalog_atom_matches_cute() {
    fn plain(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let b = s.as_bytes();
        for (i, c) in s.char_indices() {
            let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric());
            let next_digit = b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if c == '_' && next_digit && !prev_ident {
                continue;
            }
            out.push(c);
        }
        out
    }
    let read = |file: &str| std::fs::read_to_string(golden_dir().join(file)).unwrap();
    let (rows, extra) = (
        read("atoms_catalog_oracle.tsv"),
        read("atoms_catalog_extra.tsv"),
    );
    let cases: Vec<(&str, &str)> = rows
        .lines()
        .chain(extra.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once('\t').expect("EXPRESSION<TAB>EXPECTED"))
        .collect();
    assert!(cases.len() > 7500, "{} catalog cases", cases.len());
    // CuTe 4.7's traits of the 16x8x128 binary MMAs write an A stride deeper than its shape
    // (`((4,8),(32,2)):((512,1),((16,8)))`): CuTe prints it and takes its size, but its
    // crd2idx refuses to evaluate it (static_assert "Mismatched Ranks", cute-oracle); cute
    // refuses the atom, saying so
    const REFUSED: &[&str] = &[
        "SM80_16x8x128_S32U1U1S32_TN_XORPOPC>",
        "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC>",
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(s, want)| {
            let got = plain(&eval_line(s));
            // a value type Copy_Atom's static_asserts reject (its value layouts lose threads)
            if *want == "REFUSED" {
                return (!got.starts_with("error: ")).then(|| {
                    format!("{s}\n   want a refusal (CuTe's static_assert)\n   got  {got}")
                });
            }
            if REFUSED.iter().any(|r| s.contains(r)) {
                return (!got.contains("not congruent"))
                    .then(|| format!("{s}\n   want a refusal (not congruent)\n   got  {got}"));
            }
            (got != plain(want)).then(|| format!("{s}\n   want {want}\n   got  {got}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} catalog cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// `make_tma_copy` / `make_tma_atom` over gmem tensors and smem layouts (K- and MN-major,
/// swizzled, 3-D, multicast, the SM100 2-SM load): the box basis, tiler, TV layout and atom
/// layouts as CuTe 4.7 derives them (`tests/golden/tma_oracle.tsv`, from cute-oracle).
#[test]
fn tma_copies_derive_the_box_cute_derives() {
    check_cases("tma_oracle.tsv");
}

#[test]
fn tma_copies_refuse_what_cute_asserts() {
    let g = "make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256,_1{}))";
    for (stmt, says) in [
        (
            "make_tma_copy(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256)), Layout<Shape<_64,_32>,Stride<_32,_1>>{})".to_string(),
            "Majorness of smem doesn't match majorness of gmem",
        ),
        (
            format!("make_tma_copy(SM90_TMA_LOAD_MULTICAST, {g}, Layout<Shape<_64,_32>,Stride<_32,_1>>{{}}, 3)"),
            "one must divide the other",
        ),
        (
            format!("make_tma_copy(SM90_TMA_LOAD, {g}, Layout<Shape<_64,_32>,Stride<_32,_1>>{{}}, (64,32))"),
            "the fourth argument of make_tma_copy is the multicast cluster size",
        ),
        (
            format!("make_tma_copy(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, {g}, Layout<Shape<_64,_32>,Stride<_32,_1>>{{}})"),
            "is not a TMA copy operation",
        ),
        (
            format!("make_tma_copy(SM90_TMA_LOAD, {g}, Layout<Shape<_64,_16>,Stride<_16,_1>>{{}}, (64,32), 1)"),
            "size equivalence",
        ),
        (
            format!("make_tma_copy(SM90_TMA_LOAD, {g}, Layout<Shape<_64,_32>,Stride<_1,_64>>{{}})"),
            "Majorness",
        ),
        (
            format!("make_tma_copy(SM90_TMA_LOAD, {g}, make_layout(make_shape(64,32), make_stride(32,1)))"),
            "must be static",
        ),
    ] {
        let got = eval_line(&stmt);
        assert!(
            got.starts_with("error: ") && got.contains(says),
            "{stmt}: want an error saying {says:?}, got {got}"
        );
    }
}

#[test]
fn tma_copies_print_as_the_call_that_builds_them() {
    let stmt = "make_tma_copy(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256)), tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{},_64{})))";
    let printed = eval_line(stmt);
    assert_eq!(
        printed,
        "make_tma_copy(SM90_TMA_LOAD, gmem_ptr[16b]((nil)) o (1024?,256?):(1,1024?), Sw<3,4,3> o smem_ptr[16b](unset) o ((64,2),(8,8)):((1,512),(64,1024)), (128,64), 1)"
    );
    assert_eq!(eval_line(&printed), printed);
    assert_eq!(eval_line(&format!("{printed}.tma_box")), "(64,8)");
}

/// The catalog and the engine agree: `cute atoms` lists every operation cute answers, and every
/// operation it lists answers. The names are every operation CuTe 4.7 gives `MMA_Traits` or
/// `Copy_Traits` (`tests/golden/atoms_declared.tsv`, `scripts/gen_atoms.py --declared`); one
/// that cute answers (its value, or a message about its template arguments, rather than
/// "unknown" or "not modelled") must have a line, its GMMA family's line (`SM90_64xNx16_…`), or
/// a catalog row of that name with template arguments (SM120's types).
#[test]
fn the_catalog_lists_every_atom_cute_answers() {
    use cute::atoms::{catalog, umma};
    use std::collections::HashSet;
    let (listing, err, code) = crate::helpers::cute(&["atoms"], "");
    assert_eq!(code, 0, "{err}");
    let base = |name: &str| -> String { name.split('<').next().unwrap_or(name).to_string() };
    let mut lines: Vec<(&str, String)> = Vec::new(); // (kind, listed name)
    let mut kind = "";
    for l in listing.lines() {
        if let Some(entry) = l.strip_prefix("  ") {
            let name = entry.split("  ").next().unwrap_or(entry).trim();
            lines.push((kind, name.to_string()));
        } else if !l.is_empty() {
            kind = if l.contains(" copy") { "copy" } else { "mma" };
        }
    }
    assert!(lines.len() > 300, "{} catalog lines", lines.len());
    let listed: HashSet<(&str, String)> = lines.iter().map(|(k, n)| (*k, base(n))).collect();
    let row_bases: HashSet<String> = catalog::mma_rows().iter().map(|r| base(r.name)).collect();
    let tma = |b: &str| cute::atoms::copy::tma_ops().iter().any(|t| t.0 == b);

    // every listed operation answers
    let mut failures: Vec<String> = Vec::new();
    for (kind, name) in &lines {
        let b = base(name);
        let stmt = if *kind == "mma" {
            if b.contains("xNx") {
                let ok = catalog::mma_rows()
                    .iter()
                    .any(|r| base(&catalog::family(r.name)) == b);
                if !ok {
                    failures.push(format!("listed {name}: no catalog row of that family"));
                }
                continue;
            }
            if let Some(example) = umma::example(&b) {
                format!("mma_atom({example})")
            } else if row_bases.contains(&b) {
                continue; // the catalog's rows: every_catalog_atom_matches_cute
            } else {
                format!("mma_atom({b})")
            }
        } else if tma(&b) && b != "SM90_BULK_COPY_AUTO" {
            format!("copy_traits({b}, 1024)")
        } else {
            let t = name
                .replace("<S[,D]>", "<uint128_t>")
                .replace("<N>", "<128>");
            format!("copy_traits({t})")
        };
        let got = eval_line(&stmt);
        if got.starts_with("error") {
            failures.push(format!("listed {name}: {stmt} gives {got}"));
        }
    }

    // every operation cute answers is listed
    let declared =
        std::fs::read_to_string(golden_dir().join("atoms_declared.tsv")).expect("atoms_declared");
    let family_key = |name: &str| -> String {
        name.split('_')
            .map(|p| {
                let d: Vec<&str> = p.split('x').collect();
                if catalog::is_shape(p) {
                    format!("{}xNx{}", d[0], d[2])
                } else {
                    p.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("_")
    };
    let mut memo: std::collections::HashMap<String, bool> = std::collections::HashMap::new();
    let mut answered = 0;
    for l in declared.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = l.split('\t').collect();
        let (kind, full) = (f[0], f[1]);
        let name = full.rsplit("::").next().unwrap_or(full);
        if name == "PREFETCH" {
            continue; // a TMA operation's prefetch form: no atom of its own
        }
        // one question per family (a GMMA's N aside): an unknown name's "did you mean" is slow
        let key = format!("{kind} {}", family_key(full));
        let is_answered = if kind == "mma" && row_bases.contains(name) {
            true
        } else if let Some(&known) = memo.get(&key) {
            known
        } else if kind == "mma" {
            let got = match cute::atoms::mma::mma_atom(full) {
                Ok(_) => String::new(),
                Err(e) => e.to_string(),
            };
            let known = !(got.contains("unknown MMA atom")
                || got.contains("does not model")
                || got.contains("gives it no MMA_Traits")
                || got.contains("no such shape"));
            memo.insert(key, known);
            known
        } else {
            let got = eval_line(&format!("copy_traits({name})"));
            !(got.starts_with("error") && got.contains("unknown copy operation"))
        };
        if !is_answered {
            continue;
        }
        answered += 1;
        // (a family named with its namespace: SM90's sparse GMMA, SM90::GMMA::SPARSE::GMMA_64xNx32_…)
        let fam = catalog::family(name);
        if !listed.contains(&(kind, name.to_string()))
            && !listed.contains(&(kind, fam.clone()))
            && !listed.contains(&(kind, catalog::family(full)))
        {
            failures.push(format!(
                "{kind} {full} ({}) answers but `cute atoms` does not list it",
                f[2]
            ));
        }
    }
    assert!(answered > 1300, "{answered} answered operations");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `tma.get_tma_tensor(shape)`: the coordinate tensor CuTe 4.7 returns, `ArithTuple(_0,_0) o
/// SHAPE:(_1@1,_1@0)` (`tests/golden/tma_tensor_oracle.tsv`, `scripts/gen_atoms.py
/// --tma-tensor`), compared in CuTe's own notation (`--format cute`); what CuTe's
/// static_asserts reject (a gather4 over 3 modes), and the TMA copies make_tma_copy does not build (im2col), are errors
/// that say why.
#[test]
fn tma_tensors_are_the_coordinate_tensors_cute_returns() {
    let text = std::fs::read_to_string(golden_dir().join("tma_tensor_oracle.tsv")).unwrap();
    let mut n = 0;
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (stmt, want) = l.split_once('\t').expect("EXPRESSION<TAB>EXPECTED");
        let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", stmt], "");
        assert_eq!((code, out.trim()), (0, want), "{stmt}: {err}");
        // cute's own notation parses back
        let printed = eval_line(stmt);
        assert!(printed.starts_with("ArithTuple("), "{stmt}: {printed}");
        n += 1;
    }
    assert!(n >= 5, "{n} get_tma_tensor cases");
    let g = "make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256,_1{}))";
    for (stmt, says) in [
        (
            format!(
                "make_tma_copy(SM90_TMA_LOAD, {g}, Layout<Shape<_64,_32>,Stride<_32,_1>>{{}}).get_tma_tensor(make_shape(1024))"
            ),
            "not congruent",
        ),
        (
            format!(
                "make_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, Layout<Shape<_64,_32>,Stride<_32,_1>>{{}})"
            ),
            "im2col TMA",
        ),
        (
            "make_tma_copy(SM100_TMA_LOAD_2D_GATHER4, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(64,8,4), make_stride(32,_1{},2048)), Layout<Shape<_64,_8,_4>,Stride<_8,_1,_512>>{})".to_string(),
            "TMA Gather/Scatter only supports 2D tensors",
        ),
    ] {
        let got = eval_line(&stmt);
        assert!(
            got.starts_with("error: ") && got.contains(says),
            "{stmt}: want an error saying {says:?}, got {got}"
        );
    }
}

/// SM100's TMA atoms over a UMMA tiled MMA, `make_tma_atom_A_sm100` / `_B_sm100`, as CuTe 4.7
/// derives them (`tests/golden/tma_sm100_oracle.tsv`, `scripts/gen_atoms.py --tma-sm100`): the
/// atom's layouts and its coordinate tensor, 1-SM and 2-SM, multicast or not, K- and MN-major;
/// the tiled copies over them (`make_tma_copy_A_sm100`/`_B_sm100`, and C's
/// `make_tma_copy_C_sm100`, M- and N-major, swizzled or not) and the template form's
/// `TmaInternalType`, of the element's width or another (`make_tma_copy<uint8_t>` over
/// `half_t`: the TMA moves `recast<T>(gtensor)`).
#[test]
fn sm100_tma_atoms_derive_what_cute_derives() {
    let text = std::fs::read_to_string(golden_dir().join("tma_sm100_oracle.tsv")).unwrap();
    let (mut n, mut copies, mut c_copies, mut internal) = (0, 0, 0, 0);
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (stmt, want) = l.split_once('\t').expect("EXPRESSION<TAB>EXPECTED");
        let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", stmt], "");
        // a TiledCopy's print spans lines, which the file joins with spaces
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!((code, words(&out)), (0, words(want)), "{stmt}: {err}");
        eval_line(stmt);
        n += 1;
        copies += usize::from(stmt.starts_with("make_tma_copy_"));
        c_copies += usize::from(stmt.starts_with("make_tma_copy_C_sm100"));
        internal += usize::from(
            ["<uint8_t>", "<uint32_t>", "<half_t>", "<float>"]
                .iter()
                .any(|t| stmt.contains(t)),
        );
    }
    assert!(
        internal >= 10,
        "{internal} TmaInternalType cases of another width"
    );
    let aux = text
        .lines()
        .filter(|l| l.starts_with("typename Copy_Traits<") && l.contains(", int>::"))
        .count();
    assert!(aux >= 24, "{aux} Copy_Traits<TMA, N, AuxParams> cases");
    assert!(
        n >= 40 && copies >= 14 && c_copies >= 8,
        "{n} cases, {copies} of tiled copies, {c_copies} of C's"
    );
    let got = eval_line(
        "make_tma_atom_A_sm100(SM90_TMA_LOAD_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256)), Layout<Shape<_128,_64>>{}, make_shape(Int<128>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{}), make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{}))",
    );
    assert!(got.contains("Unsupported TMA"), "{got}");
    let g = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(1024,256), make_stride(256,_1{}))";
    let s = "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(make_shape(Int<128>{},Int<16>{}),Int<1>{},Int<4>{}))";
    let m = "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>{})";
    for (stmt, says) in [
        (
            format!(
                "make_tma_copy_A_sm100(SM100_TMA_LOAD_2D_GATHER4, {g}, {s}, make_shape(Int<128>{{}},Int<128>{{}},Int<64>{{}}), {m})"
            ),
            "Unsupported TMA",
        ),
        (
            format!(
                "make_im2col_tma_copy_A_sm100(SM90_TMA_STORE_IM2COL, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{{}},_8{{}},_8{{}},_2{{}}),_64{{}}), make_stride(make_stride(_64{{}},_512{{}},_4096{{}},_32768{{}}),_1{{}}))), {s}, make_shape(Int<128>{{}},Int<128>{{}},Int<64>{{}}), {m}, make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1))"
            ),
            "Unsupported TMA",
        ),
        // a TmaInternalType wider than the element: CuTe's first TMA stride is the fraction
        // _1/_2@0 (its print), which cute's basis strides do not hold
        (
            format!(
                "make_tma_copy_B_sm100<float>(SM90_TMA_LOAD, {g}, {s}, make_shape(Int<128>{{}},Int<128>{{}},Int<64>{{}}), {m}).get_tma_tensor(make_shape(1024,256))"
            ),
            "CuTe's basis stride is the fraction _1/_2@0",
        ),
        // Copy_Traits' third argument is a TMA's AuxParams
        (
            "typename Copy_Traits<SM75_U32x4_LDSM_N, Int<4096>, int>::SrcLayout{}".to_string(),
            "SM75_U32x4_LDSM_N is not a TMA operation",
        ),
        // CuTe's make_tma_copy takes a TmaInternalType in its 5-argument overload only
        (
            format!(
                "make_tma_copy<uint8_t>(SM90_TMA_LOAD, {g}, Layout<Shape<_64,_64>,Stride<_64,_1>>{{}})"
            ),
            "takes 5 arguments, make_tma_copy<T>(OP, GTENSOR, SLAYOUT, CTA_TILER, CLUSTER_SIZE)",
        ),
        // make_tma_copy_C_sm100: a non-multicast operation over one CTA (CuTe's static_asserts)
        (
            format!(
                "make_tma_copy_C_sm100(SM90_TMA_LOAD_MULTICAST, {g}, make_layout(make_shape(make_shape(Int<128>{{}},Int<128>{{}}),Int<1>{{}},Int<1>{{}})), make_shape(Int<128>{{}},Int<128>{{}},Int<64>{{}}), {m})"
            ),
            "Unsupported TMA Op, expected a non-multicast TMA",
        ),
        (
            "make_tma_copy_C_sm100(SM100_TMA_2SM_LOAD, make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(512,256)), make_layout(make_shape(make_shape(Int<128>{},Int<128>{}),Int<1>{},Int<1>{})), make_shape(Int<256>{},Int<128>{},Int<64>{}), make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::K>{}))".to_string(),
            "TiledCopy uses too few threads (1) for the copy atom's 2",
        ),
        (
            format!(
                "make_tma_atom_A_sm100<widget_t>(SM90_TMA_LOAD, {g}, {s}, make_shape(Int<128>{{}},Int<128>{{}},Int<64>{{}}), {m}, make_shape(_1{{}},_1{{}},_1{{}},_1{{}}))"
            ),
            "'widget_t' is not an element type CuTe names",
        ),
    ] {
        let got = eval_line(&stmt);
        assert!(
            got.starts_with("error: ") && got.contains(says),
            "{stmt}: want an error saying {says:?}, got {got}"
        );
    }
}

/// `make_im2col_tma_copy` and the im2col traits as CuTe 4.7 derives them
/// (`tests/golden/im2col_oracle.tsv`, `scripts/gen_atoms.py --im2col`): the traits' layouts,
/// the tiled copy's tiler, TV layout and atom, with and without the convolution's parameters;
/// the TMA tensor, a tensor over a layout composed with a layout, as CuTe prints it
/// (`--format cute`), with its size, shape, rank, elements, slices and layout; cute's notation
/// of it reads back.
#[test]
fn im2col_tma_copies_derive_what_cute_derives() {
    let text = std::fs::read_to_string(golden_dir().join("im2col_oracle.tsv")).unwrap();
    let (mut plain, mut tensors, mut partitions) = (0, 0, 0);
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (stmt, want) = l.split_once('\t').expect("EXPRESSION<TAB>EXPECTED");
        let got = eval_line(stmt);
        if stmt.contains(".get_tma_tensor(") && stmt.starts_with("auto tma = ") {
            // a thread's partition of the tile: statements, the last one's value printed
            let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", stmt], "");
            assert_eq!((code, out.trim()), (0, want), "{stmt}: {err}");
            tensors += 1;
            partitions += 1;
        } else if stmt.contains(".get_tma_tensor(") {
            // CuTe's own print, and cute's notation reads back (eval_line checks it)
            let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", stmt], "");
            assert_eq!((code, out.trim()), (0, want), "{stmt}: {err}");
            tensors += 1;
        } else {
            assert_eq!(got, want, "{stmt}");
            plain += 1;
        }
    }
    assert!(
        plain >= 40 && tensors >= 30,
        "{plain} layouts, {tensors} tensors"
    );
    // the TMA tensor tiled and partitioned as a kernel does (through the inner layout)
    let partitioned = text
        .lines()
        .filter(|l| {
            [
                "local_tile(",
                "local_partition(",
                "zipped_divide(",
                "flat_divide(",
            ]
            .iter()
            .any(|f| l.starts_with(f) || l.starts_with(&format!("size({f}")))
        })
        .count();
    assert!(
        partitioned >= 20,
        "{partitioned} tiled or partitioned TMA tensors"
    );
    assert!(
        partitions >= 8,
        "{partitions} threads' partitions of the TMA tensor"
    );
    // SM100's im2col tiled copies (make_im2col_tma_copy_A/B_sm100) are among them
    let sm100_copies = text
        .lines()
        .filter(|l| {
            l.starts_with("make_im2col_tma_copy_A_sm100")
                || l.starts_with("make_im2col_tma_copy_B_sm100")
        })
        .count();
    assert!(sm100_copies >= 20, "{sm100_copies} SM100 im2col copy cases");
    let g = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(make_shape(_8{},_8{},_8{},_2{}),_64{}), make_stride(make_stride(_64{},_512{},_4096{},_32768{}),_1{})))";
    let s = "Layout<Shape<_64,_32>,Stride<_32,_1>>{}";
    for (stmt, says) in [
        (
            format!("make_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s})"),
            "make_im2col_tma_copy",
        ),
        (
            format!("make_im2col_tma_copy(SM90_TMA_LOAD, {g}, {s})"),
            "not an im2col TMA operation",
        ),
        (
            format!(
                "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, Layout<Shape<_64,_32>,Stride<_1,_64>>{{}})"
            ),
            "im2col's first mode is the channels'",
        ),
        (
            format!(
                "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s}, make_shape(_64{{}},_32{{}}), make_coord(0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(0,0,0), make_coord(1,1,1), make_coord(0,0,0), make_coord(1,1,1))"
            ),
            "lower_corner_whd has one integer per spatial mode: 3",
        ),
        (
            format!(
                "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s}, make_shape(_64{{}},_32{{}}), 3)"
            ),
            "must divide domain size",
        ),
        (
            format!(
                "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s}, make_shape(_64{{}},_32{{}}), 1, 2)"
            ),
            "3, 4, 5, 10, 11 or 12 arguments",
        ),
        (
            format!(
                "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, Layout<Shape<_64,_512>,Stride<_512,_1>>{{}})"
            ),
            "cuTensorMapEncodeIm2col takes 1 to 256",
        ),
        (
            format!(
                "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s}, make_shape(_64{{}},_16{{}}))"
            ),
            "TMA requires CTA_Tile and SLayout top-level shape equivalence",
        ),
        (
            format!("make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s}).TmaGmemBasis"),
            "tma_layout_vt = ((32,64),1)",
        ),
    ] {
        let got = eval_line(&stmt);
        assert!(
            got.starts_with("error: ") && got.contains(says),
            "{stmt}: want an error saying {says:?}, got {got}"
        );
    }
    // the printed copy is the call that builds it
    let built = eval_line(&format!(
        "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL, {g}, {s}, make_shape(_64{{}},_32{{}}), 2)"
    ));
    assert_eq!(eval_line(&built), built);
}

/// SM90's sparse GMMA and SM120's sparse mma.sync answer as their `MMA_Traits` do, with the
/// metadata layout `ELayout` and `ValTypeE` beside A, B and C, in every spelling C++ has for
/// them; template arguments their headers reject are errors naming the constraint (every
/// layout is checked against CuTe in `every_catalog_atom_matches_cute`).
#[test]
fn sparse_mmas_answer_with_their_metadata() {
    let gmma = "SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS";
    for (stmt, want) in [
        (
            format!("typename MMA_Traits<{gmma}<GMMA::Major::K,GMMA::Major::MN>>::ELayout{{}}"),
            "((2,2,8,4),(16,2)):((1024,0,1,16),(64,8))",
        ),
        (
            format!("mma_atom(cute::{gmma}<MN,K,GMMA::ScaleIn::Neg,GMMA::ScaleIn::One,GMMA::SparseSel::One>)"),
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS<MN,K>)",
        ),
        (
            "mma_atom(GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS<K,K>).Shape_MNK".to_string(),
            "(64,16,32)",
        ),
        (
            format!("MMA_Atom<{gmma}<GMMA::Major::K,GMMA::Major::K>>::LayoutA_TV{{}}"),
            "(128,(64,32)):(0,(1,64))",
        ),
        (
            format!("typename MMA_Traits<{gmma}<GMMA::Major::K,GMMA::Major::K>>::ValTypeE{{}}"),
            "sparse_elem<8,uint8_t>",
        ),
        (
            format!("typename MMA_Traits<{gmma}<GMMA::Major::K,GMMA::Major::K>>::ValTypeA{{}}"),
            "sparse_elem<2,half_t>",
        ),
        (
            "typename MMA_Traits<SM90::GMMA::SPARSE::GMMA_64x8x64_S32S8S8_RS_TN<GMMA::SparseSel::One>>::ELayout{}".to_string(),
            "((2,2,8,4),(32)):((8,2048,1,16),(64))",
        ),
        (
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x8x64_F32E4M3E5M2_SS_TN<>)".to_string(),
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x8x64_F32E4M3E5M2_SS_TN)",
        ),
        (
            "typename MMA_Traits<SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e2m1_t,float>>::ELayout{}".to_string(),
            "((2,2,8),32):((8,512,1),16)",
        ),
        (
            "typename MMA_Traits<SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>>::ELayout{}".to_string(),
            "((2,2,8),(64)):((8,1024,1),(16))",
        ),
        (
            "mma_atom(SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>).ValTypeB".to_string(),
            "uint4_t",
        ),
    ] {
        assert_eq!(eval_line(&stmt), want, "{stmt}");
    }
    for (stmt, needle) in [
        (
            format!("mma_atom({gmma})"),
            "takes <tnspA, tnspB",
        ),
        (
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_RS<MN,K>)".to_string(),
            "A must be K-major",
        ),
        (
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x16x64_F32E4M3E4M3_SS_TN<MN,K>)".to_string(),
            "takes no majors",
        ),
        (
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x8x64_S32S8S8_SS_TN<GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>)".to_string(),
            "has no scales",
        ),
        (
            format!("mma_atom({gmma}<K,K,One,One,Two>)"),
            "spsel (Zero or One)",
        ),
        (
            "mma_atom(SM90::GMMA::SPARSE::GMMA_64x12x32_F16F16F16_SS<K,K>)".to_string(),
            "N a multiple of 8 from 8 to 256",
        ),
        (
            "mma_atom(SM80_16x8x16_F32F16F16F32_TN).ELayout".to_string(),
            "no ELayout",
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thrfrg_E((32,32))".to_string(),
            "no ELayout",
        ),
    ] {
        let got = eval_line(&stmt);
        assert!(
            got.starts_with("error: ") && got.contains(needle),
            "{stmt}: want an error saying {needle:?}, got {got}"
        );
    }
    // the printed atom reads back
    for stmt in [
        "mma_atom(SM90::GMMA::SPARSE::GMMA_64x256x32_F32BF16BF16_RS<K,MN>)",
        "tiled_mma(SM120_SPARSE_16x8x64_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,64>, (2,2,1))",
    ] {
        let printed = eval_line(stmt);
        assert!(!printed.starts_with("error"), "{stmt}: {printed}");
        assert_eq!(eval_line(&printed), printed, "{stmt}");
    }
}

/// The metadata E of tiled sparse MMAs, partitioned as CUTLASS's sparse collectives do
/// (`thrfrg_E`, `get_layoutE_TV`: `tests/golden/sparse_e_oracle.tsv`, `scripts/gen_atoms.py
/// --sparse-e`, CuTe's answers to the collectives' steps); a thread's `partition_E` is its
/// slice of `thrfrg_E`.
#[test]
fn sparse_metadata_partitions_as_the_collectives_do() {
    check_cases("sparse_e_oracle.tsv");
    let tiled = "tiled_mma(SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS<K,K>, (2,1,1))";
    let tensor = "make_layout(make_shape(Int<128>{},Int<64>{}))";
    // thread 130: (ThrV, ThrM) = (2, 1), its (M,K) coordinate (1, 0); a C++ statement's plain
    // `130` is a run-time index, so the offset is run-time (`Int<130>{}` keeps it static)
    assert_eq!(
        eval_line(&format!("{tiled}.thread(130).partition_E({tensor})")),
        "64? o ((16,2),1,2):((128,8),0,4096)"
    );
    assert_eq!(
        eval_line(&format!(
            "{tiled}.thread(Int<130>{{}}).partition_E({tensor})"
        )),
        "64 o ((16,2),1,2):((128,8),0,4096)"
    );
    assert_eq!(
        eval_line(&format!(
            "slice(make_coord(make_coord(2,make_coord(1,0)),make_coord(_,make_coord(_,_))), {tiled}.thrfrg_E({tensor}))"
        )),
        "((16,2),1,2):((128,8),0,4096)"
    );
    let got = eval_line(&format!("{tiled}.thread(3).partition_fragment_E((128,64))"));
    assert!(got.contains("partition_E"), "{got}");
}

/// CuTe's structured-sparse pointers (pointer_sparse.hpp) as CuTe prints them
/// (`tests/golden/sparse_ptr_oracle.tsv`, `scripts/gen_atoms.py --sparse-ptr`): `sparse_ptr`
/// made by `make_sparse_ptr<S>`, `recast_ptr<sparse_elem<S,T>>`, an owning array of
/// `sparse_elem`, and a sparse MMA's A fragment (`make_fragment_like<FrgTypeA>`); a sparse_ptr
/// reads back from its print, moves by multiples of its sparsity; a plain `sparse_elem*`, whose
/// print in CuTe leaves out S (`ptr[_8b]`), names its type in cute's notation.
#[test]
fn sparse_pointers_print_as_cute_prints_them() {
    let text = std::fs::read_to_string(golden_dir().join("sparse_ptr_oracle.tsv")).unwrap();
    let mut n = 0;
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (stmt, want) = l.split_once('\t').expect("EXPRESSION<TAB>EXPECTED");
        let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", stmt], "");
        assert_eq!((code, out.trim()), (0, want), "{stmt}: {err}");
        // cute's notation reads back (a plain sparse_elem* names its type there)
        let printed = eval_line(stmt);
        assert_eq!(eval_line(&printed), printed, "{stmt}");
        n += 1;
    }
    assert!(n >= 15, "{n} sparse pointer cases");
    let recasts = text
        .lines()
        .filter(|l| l.starts_with("recast_ptr<"))
        .count();
    assert!(recasts >= 8, "{recasts} recast_ptr cases");
    for (stmt, says) in [
        (
            "make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)) + 3",
            "multiples of its sparsity 2",
        ),
        (
            "make_sparse_ptr<4>(static_cast<sparse_elem<2,half_t>*>(nullptr))",
            "Enforce sparsity S",
        ),
        (
            "make_sparse_ptr<2>(static_cast<half_t*>(nullptr))",
            "Enforce sparse value-type",
        ),
        (
            "make_sparse_ptr<2>(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)))",
            "sparse singleton",
        ),
        ("ptr[_8b](0x4)", "leaves out S"),
        (
            "static_cast<sparse_elem<8,int4b_t>*>(nullptr)",
            "not a whole number of bits",
        ),
        // pointer_sparse.hpp's recast_ptr of a sparse_ptr: a dense element type only
        (
            "recast_ptr<sparse_elem<2,half_t>>(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr)) + 6)",
            "static_assert(not is_sparse<NewT>::value)",
        ),
    ] {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(says),
            "{stmt}: want an error saying {says:?}, got {got}"
        );
    }
}

/// Blackwell's block-scale config as C++ spells it (`tests/golden/blockscaled_config_oracle.tsv`,
/// `scripts/gen_atoms.py --blockscaled`): `Sm1xxBlkScaledConfig<VS>::tile_atom_to_shape_SFA(…)`,
/// `cutlass::detail::Sm1xxBlockScaledConfig<VS>::…`, a `using Cfg = …;` alias, `::SfAtom{}`,
/// compared in CuTe's print; `deduce_layoutSFA()` (LayoutSF{}, run-time extents of 0) refused
/// with CuTe's print spelled out and the form that works named; SM120's block-scaled MMAs'
/// `SFALayout`/`SFBLayout`/`SFVecSize`.
#[test]
fn blockscaled_config_members_answer_as_cute() {
    let text = std::fs::read_to_string(golden_dir().join("blockscaled_config_oracle.tsv")).unwrap();
    let mut n = 0;
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = l.split('\t');
        let (stmt, how, want) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", stmt], "");
        match how {
            "cute" => assert_eq!((code, out.trim()), (0, want), "{stmt}: {err}"),
            _ => assert!(
                code != 0 && err.contains("deduce_layoutSF") && err.contains(want),
                "{stmt}: want a refusal spelling {want}, got {err}"
            ),
        }
        n += 1;
    }
    assert!(n >= 10, "{n} cases");
    // SM120's block-scaled mma.sync: its scale factors' layouts, type and vector size
    let sf = text
        .lines()
        .filter(|l| {
            ["SFALayout", "SFBLayout", "SFVecSize"]
                .iter()
                .any(|f| l.contains(f))
        })
        .count();
    assert!(sf >= 8, "{sf} scale-factor members of block-scaled MMAs");
    let (_, err, code) = crate::helpers::cute(
        &[
            "eval",
            "typename MMA_Traits<SM80_16x8x16_F32F16F16F32_TN>::SFALayout{}",
        ],
        "",
    );
    assert!(
        code != 0 && err.contains("has no SFALayout") && err.contains("SM120_16x8x64_TN_VS"),
        "{err}"
    );
    // the refusal says why (run-time extents of 0 against SPEC §3) and names the form that works
    for (stmt, works) in [
        (
            "Sm1xxBlkScaledConfig<32>::deduce_layoutSFA()",
            "::tile_atom_to_shape_SFA(shape)",
        ),
        (
            "using Cfg = Sm1xxBlkScaledConfig<16>; Cfg::deduce_layoutSFB()",
            "tile_atom_to_shape_SFB(shape)",
        ),
    ] {
        let (_, err, code) = crate::helpers::cute(&["eval", stmt], "");
        assert!(
            code != 0
                && err.contains("run-time extents of 0")
                && err.contains("SPEC §3 says extents are at least 1")
                && err.contains(works),
            "{stmt}: {err}"
        );
    }
    for (stmt, says) in [
        (
            "using Cfg = Sm1xxBlkScaledConfig<16>; Cfg::tile_atom_to_shape_SFC(make_shape(1,2,3))",
            "has no member 'tile_atom_to_shape_SFC'",
        ),
        (
            "Sm1xxBlkScaledConfig<16>::tile_atom_to_shape_SFA",
            "static member function",
        ),
        (
            "Sm1xxBlkScaledConfig<32>::tile_atom_to_shape_SFA(make_shape(1,2))",
            "(M,N,K) or (M,N,K,L)",
        ),
    ] {
        let (_, err, code) = crate::helpers::cute(&["eval", stmt], "");
        assert!(code != 0 && err.contains(says), "{stmt}: {err}");
    }
}

/// A thread index's kind: `get_slice(int)` / `get_thread_slice(int)` of a tiled copy or MMA is a
/// run-time coordinate, so the slice's offset is run-time (CuTe prints `17`), while
/// `get_slice(Int<N>{})` / `_1{}` keeps it static (`_17`); CuTe 4.7's prints (cute-oracle).
#[test]
fn a_thread_index_keeps_its_kind_in_the_slice_offset() {
    const MMA: &str = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})";
    const COPY: &str = "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_4>>{}, Layout<Shape<_1,_4>>{})";
    const ID: &str = "make_identity_tensor(make_shape(Int<64>{},Int<32>{}))";
    let cases = [
        (
            format!("auto m = {MMA}; auto thr_mma = m.get_slice(37); thr_mma.partition_A({ID});"),
            "ArithTuple(17,2) o ((_2,_2,_2),_2,_2):((_1@1,_8@0,_8@1),_32@0,_16@1)",
        ),
        (
            format!(
                "auto m = {MMA}; auto thr_mma = m.get_slice(Int<37>{{}}); thr_mma.partition_A({ID});"
            ),
            "ArithTuple(_17,_2) o ((_2,_2,_2),_2,_2):((_1@1,_8@0,_8@1),_32@0,_16@1)",
        ),
        (
            format!("auto c = {COPY}; c.get_thread_slice(77).partition_D({ID});"),
            "ArithTuple(13,8) o ((_1,_4),_2,_2):((_0,_1@1),_32@0,_16@1)",
        ),
        (
            format!("auto c = {COPY}; c.get_thread_slice(_1{{}}).partition_D({ID});"),
            "ArithTuple(_1,_0) o ((_1,_4),_2,_2):((_0,_1@1),_32@0,_16@1)",
        ),
    ];
    for (stmt, want) in cases {
        let (out, err, code) = crate::helpers::cute(&["eval", "--format", "cute", &stmt], "");
        assert_eq!((code, out.trim()), (0, want), "{stmt}: {err}");
    }
}
