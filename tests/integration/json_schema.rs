//! Every command's `--format json` output against the one schema of `docs/json.md`.

fn schema() -> serde_json::Value {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let start = doc.find("```json\n").expect("a json block") + "```json\n".len();
    let end = start + doc[start..].find("```").expect("the block's end");
    serde_json::from_str(&doc[start..end]).expect("the schema is JSON")
}

fn json_lines(args: &[&str], stdin: &str) -> Vec<String> {
    let (out, _, _) = crate::helpers::cute(args, stdin);
    out.lines().map(str::to_string).collect()
}

#[test]
fn every_command_speaks_the_schema() {
    let schema = schema();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    // the schema has teeth
    for bad in [
        r#"{"kind":"layout","text":"4:1"}"#,
        r#"{"error":{"message":"m","kind":"oops","span":[0,1]}}"#,
        r#"{"kind":"int","value":"4","text":"4"}"#,
    ] {
        let v: serde_json::Value = serde_json::from_str(bad).unwrap();
        assert!(!validator.is_valid(&v), "{bad} should not validate");
    }
    let statements = [
        "4",
        "(4,(2,3))",
        "true",
        "(4,8):(1,4)",
        "_",
        "slice_and_offset((1,_), (4,8):(1,4))",
        "<3:4, 8:2>",
        "Sw<3,4,3>",
        "Sw<3,4,3> o (8,64):(64,1)",
        "gmma_atom(Layout_K_SW128_Atom, bf16)",
        "smem_ptr[16b](unset)",
        "Sw<3,4,3> o smem_ptr[16b](unset)",
        "132 o (4,8):(1,8)",
        "512 o Sw<3,3,3> o 0 o (8,64):(64,1)",
        "512 o Sw<3,3,3> o 0",
        "make_cotiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (32,2):(2,1), (8,8):(8,1))",
        "mma_atom(SM80_16x8x16_F32BF16BF16F32_TN)",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(3)",
        "copy_atom(SM75_U32x4_LDSM_N, half_t)",
        "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bf16), (32,4):(4,1), (1,8))",
        "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, bf16), (32,4):(4,1), (1,8)).thread(1)",
        "coalesce(4:1))",
        "composition((4,6,8):(2,3,5), 6:3)",
        "local_tile(0 o ((16,1,3),4):((1,4,32),8), (12,4), (1,0))",
        "9223372036854775807 + 1",
        "complement((2,2):(1,1), 8)",
        "undefined_name",
    ];
    let mut lines = json_lines(&["--format", "json", "eval"], &statements.join("\n"));
    lines.extend(json_lines(
        &[
            "--format",
            "json",
            "--values",
            "eval",
            "(4,8):(1,4)",
            "Sw<3,4,3> o (8,64):(64,1)",
            "make_identity_layout((4,(2,2)))",
            "make_identity_tensor((4,8))",
            "ArithTuple(1,2)",
            "make_identity_layout((4,8))(5)",
        ],
        "",
    ));
    lines.extend(json_lines(&["--format", "json", "run", "-"], "4:1\nfoo\n"));
    lines.extend(json_lines(&["--format", "json", "show", "(4,8):(1,4)"], ""));
    lines.extend(json_lines(
        &[
            "--format",
            "json",
            "show",
            "--values",
            "Sw<3,4,3> o (8,64):(64,1)",
        ],
        "",
    ));
    lines.extend(json_lines(
        &["--format", "json", "compose", "(6,2):(8,2)", "(4,3):(3,1)"],
        "",
    ));
    lines.extend(json_lines(
        &[
            "--format",
            "json",
            "explain",
            "--verify",
            "(4,2,3):(2,1,8) / 4:2",
        ],
        "",
    ));
    lines.extend(json_lines(
        &[
            "--format",
            "json",
            "bank",
            "(8,64):(64,1)",
            "--tv",
            "(8,8):(1,8)",
        ],
        "",
    ));
    // a partition's picture, and a bank report with the partition's thread
    let ldsm = "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))";
    let partition = format!("{ldsm}.thread(7).partition_S(Sw<3,3,3> o (32,64):(64,1))");
    for args in [
        vec!["--format", "json", "show", partition.as_str()],
        vec![
            "--format",
            "json",
            "show",
            "local_partition((4,8):(8,1), (2,4), 5)",
        ],
        vec![
            "--format",
            "json",
            "show",
            "local_tile((8,8), (2,4), (1,1))",
        ],
        vec!["--format", "json", "bank", "--tv", partition.as_str()],
        vec![
            "--format",
            "json",
            "show",
            "Sw<3,3,3> o (32,64):(64,1)",
            "--tv",
            partition.as_str(),
        ],
        vec![
            "--format",
            "json",
            "show",
            "(8,64):(64,1)",
            "--tv",
            "(8,8):(1,8)",
        ],
    ] {
        let got = json_lines(&args, "");
        assert_eq!(got.len(), 1, "{args:?}: {got:?}");
        lines.extend(got);
    }
    assert!(lines.len() >= statements.len() + 14, "{lines:?}");
    // a measured record's fields (the values made up: no GPU here), a failed host check too
    let v = cute_gpu::variant::Variant::from_flags(&cute_gpu::flags::GemmFlags::new(
        cute_gpu::flags::read_flag,
    ))
    .expect("the default configuration");
    let measured = |worst: f64, failures: usize| cute_gpu::run::Measurement {
        config: v.clone(),
        ms: 1.5,
        cublas_ms: 1.4,
        rel_err: 0.0,
        no_baseline: None,
        host: cute_gpu::verify::HostCheck {
            points: 33_024,
            failures,
            worst,
            worst_at: (8191, 0, f64::NAN, 1.0),
            rel_err: if failures == 0 { 1e-3 } else { f64::INFINITY },
            tolerance: 1e-2,
        },
        rounds: vec![(1.5, 1.4), (1.6, 1.4), (1.4, 1.5)],
        compiled: cute_gpu::nvrtc::Compiled {
            cubin: Vec::new(),
            log: String::new(),
            registers: Some(168),
            spill_bytes: Some(0),
            static_smem: None,
        },
        measured_bank: Some(1.0),
        repeatable: true,
    };
    let rows = [measured(0.25, 0), measured(f64::INFINITY, 8192)];
    let json = cute_gpu::report::measured_records(
        "NVIDIA H100 80GB HBM3",
        "sm_90a",
        &rows,
        cute_gpu::report::ReportFormat::Json,
    );
    lines.extend(json.lines().map(str::to_string));
    lines.push(cute_gpu::tune::summary_record(&rows).to_string());
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["rounds"].as_array().map(Vec::len), Some(3));
    assert_eq!(first["verified"], true);
    let second: serde_json::Value = serde_json::from_str(json.lines().nth(1).unwrap()).unwrap();
    assert!(second["host_worst"].is_null() && second["verified"] == false);
    // gemm's records need NVRTC (CI installs it from the registry)
    let nvrtc = !crate::helpers::nvrtc_absent();
    if !nvrtc {
        crate::helpers::skipped("the check of gemm's records needs NVRTC (libnvrtc not found)");
    }
    if nvrtc {
        let records = json_lines(
            &["gemm", "--compile-only", "--sweep", "--format", "json"],
            "",
        );
        assert!(records.len() >= 8, "{records:?}");
        lines.extend(records);
        lines.extend(json_lines(
            &["--format", "json", "gemm", "--compile-only", "--persistent"],
            "",
        ));
        // the suite: a gemm_choice record per shape, then the compiled records (issue 20)
        let suite = json_lines(
            &["gemm", "--compile-only", "--suite", "--format", "json"],
            "",
        );
        assert!(
            suite.iter().any(|l| l.contains("\"gemm_choice\"")),
            "{suite:?}"
        );
        lines.extend(suite);
    }
    for line in &lines {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{line}\n{}", errors.join("\n"));
    }
}
