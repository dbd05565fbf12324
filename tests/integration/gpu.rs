//! `cute gemm`: validation and code generation (always), NVRTC compilation (when libnvrtc is
//! found), and runs on a GPU (`#[ignore]`d: run on the device with `--ignored`).

use cute_gpu::codegen::kernel_source;
use cute_gpu::config::GemmConfig;
use cute_gpu::device::Gpu;
use cute_gpu::flags::GemmFlags;

fn flags(f: impl FnOnce(&mut GemmFlags)) -> GemmFlags {
    let mut g = GemmFlags::new(cute_gpu::flags::read_flag);
    f(&mut g);
    g
}

fn config(f: impl FnOnce(&mut GemmFlags)) -> GemmConfig {
    GemmConfig::from_flags(&flags(f)).expect("valid configuration")
}

fn rejected(f: impl FnOnce(&mut GemmFlags)) -> String {
    GemmConfig::from_flags(&flags(f))
        .expect_err("should be rejected")
        .to_string()
}

#[test]
fn invalid_configurations_name_their_flag() {
    assert!(rejected(|g| g.tile = Some("(100,256,32)".into())).starts_with("--tile: BM = 100"));
    assert!(rejected(|g| g.tile = Some("(128,256,24)".into())).starts_with("--tile: BK = 24"));
    assert!(rejected(|g| g.stages = Some(12)).starts_with("--stages/--tile"));
    assert!(rejected(|g| g.stages = Some(1)).starts_with("--stages"));
    assert!(rejected(|g| g.k = 0).starts_with("--m/--n/--k"));
    assert!(rejected(|g| g.atom_layout = "(8,8,1)".into()).starts_with("--atom-layout"));
    assert!(rejected(|g| g.atom_layout = "(2,2,2)".into()).starts_with("--atom-layout"));
    assert!(rejected(|g| g.mma = Some("SM80_16x8x16_F32F16F16F32_TN".into())).starts_with("--mma"));
    assert!(
        rejected(|g| g.smem_a = Some("(8,32):(1,8)".into()))
            .starts_with("--smem-a: 8 consecutive k")
    );
    assert!(
        rejected(|g| g.smem_b = Some("(8,24):(24,1)".into())).starts_with("--smem-b: the atom")
    );
    assert!(
        rejected(|g| g.smem_a = Some("Sw<3,2,3> o (8,32):(32,1)".into()))
            .contains("16-byte vectors aligned")
    );
    assert!(rejected(|g| g.raster = "(64,32):(2,1)".into()).starts_with("--raster"));
    assert!(rejected(|g| g.raster = "grouped:0".into()).starts_with("--raster"));
}

#[test]
fn the_emitted_index_arithmetic_follows_the_smem_layout() {
    let swizzled = kernel_source(&config(|_| {}));
    let plain = kernel_source(&config(|g| {
        g.smem_a = Some("(8,32):(32,1)".into());
        g.smem_b = Some("(8,32):(32,1)".into());
    }));
    let changed: Vec<String> = swizzled
        .lines()
        .zip(plain.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("- {a}\n+ {b}"))
        .collect();
    insta::assert_snapshot!("gemm_swizzled_vs_plain_smem", changed.join("\n"));
}

#[test]
fn the_emitted_index_arithmetic_follows_the_warp_layout() {
    let a = kernel_source(&config(|g| {
        g.tile = Some("(128,128,32)".into());
        g.atom_layout = "(2,2,1)".into();
    }));
    let b = kernel_source(&config(|g| {
        g.tile = Some("(128,128,32)".into());
        g.atom_layout = "(4,1,1)".into();
    }));
    let changed: Vec<String> = a
        .lines()
        .zip(b.lines())
        .filter(|(x, y)| x != y)
        .map(|(x, y)| format!("- {x}\n+ {y}"))
        .collect();
    insta::assert_snapshot!("gemm_warps_2x2_vs_4x1", changed.join("\n"));
}

#[test]
fn ldmatrix_delivers_what_the_mma_atom_expects() {
    // For every lane and register, the element ldmatrix.x4 delivers (row i/4 of matrix r, columns
    // 2*(i%4)..+1) must be the element the MMA atom's A and B TV layouts assign to it.
    let cfg = config(|_| {});
    let l = cute_gpu::codegen::KernelLayouts::new(&cfg);
    for lane in 0..32i64 {
        for reg in 0..4i64 {
            for half in 0..2i64 {
                // ldmatrix: register r comes from matrix r, whose rows start at lanes 8r..8r+7
                let src_lane = 8 * reg + lane / 4;
                let a_start = l.ldsm_a.at(src_lane).unwrap();
                let (m, k) = (a_start % 16, a_start / 16 + 2 * (lane % 4) + half);
                let v = 2 * reg + half;
                let want = l.mma_a.at(lane + 32 * v).unwrap();
                assert_eq!(m + 16 * k, want, "A lane {lane} reg {reg} half {half}");
                let b_start = l.ldsm_b.at(src_lane).unwrap();
                let (n, kb) = (b_start % 16, b_start / 16 + 2 * (lane % 4) + half);
                // registers 0,1 are n-tile 0 (k 0-7, 8-15), registers 2,3 n-tile 1
                let (tile, r) = (reg / 2, reg % 2);
                let vb = 2 * r + half;
                let want_b = l.mma_b.at(lane + 32 * vb).unwrap();
                let (wn, wk) = (want_b % 8, want_b / 8);
                assert_eq!(
                    (n, kb),
                    (wn + 8 * tile, wk),
                    "B lane {lane} reg {reg} half {half}"
                );
            }
        }
    }
}

#[test]
fn every_sweep_variant_compiles_with_nvrtc() {
    if crate::helpers::nvrtc_missing() {
        return;
    }
    for c in cute_gpu::command::sweep_configs(&GemmFlags::new(cute_gpu::flags::read_flag)).unwrap()
    {
        let r = cute_gpu::nvrtc::compile(&kernel_source(&c), "sm_90a")
            .unwrap_or_else(|e| panic!("{c}: {e}"));
        assert!(!r.cubin.is_empty());
        assert_eq!(r.spill_bytes, Some(0), "{c} spills:\n{}", r.log);
    }
}

fn run_on_gpu(shapes: &[(usize, usize, usize)], variants: &[fn(&mut GemmFlags)]) {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    for &(m, n, k) in shapes {
        let cfgs: Vec<cute_gpu::variant::Variant> = variants
            .iter()
            .map(|v| {
                let mut f = GemmFlags {
                    m,
                    n,
                    k,
                    ..GemmFlags::new(cute_gpu::flags::read_flag)
                };
                v(&mut f);
                cute_gpu::variant::Variant::Sm80(GemmConfig::from_flags(&f).unwrap())
            })
            .collect();
        for r in gpu
            .run(
                &cfgs,
                cute_gpu::run::Timing {
                    reps: 2,
                    rounds: 2,
                    flush_l2: true,
                },
                |_| {},
            )
            .unwrap()
        {
            assert!(
                r.verified(),
                "{m}x{n}x{k} {}: relative error {}",
                r.config,
                r.rel_err
            );
        }
    }
}

#[test]
#[ignore = "needs a GPU: run on the device with --ignored"]
fn gemm_is_correct_on_the_gpu_for_many_shapes() {
    run_on_gpu(
        &[
            (512, 512, 512),
            (256, 768, 1024),
            (1000, 999, 264),
            (129, 65, 40),
            (4096, 128, 8),
            (3, 5, 16),
        ],
        &[
            |_| {},
            |g| {
                g.smem_a = Some("(8,32):(32,1)".into());
                g.smem_b = Some("(8,32):(32,1)".into());
            },
            |g| {
                g.tile = Some("(128,128,32)".into());
                g.atom_layout = "(2,2,1)".into();
                g.stages = Some(3);
            },
            |g| {
                g.tile = Some("(64,128,64)".into());
                g.atom_layout = "(1,4,1)".into();
                g.stages = Some(3);
                g.raster = "plain".into();
            },
        ],
    );
}

#[test]
#[ignore = "needs a GPU: run on the device with --ignored"]
fn gemm_is_correct_in_f16() {
    run_on_gpu(&[(640, 384, 256)], &[|g| g.dtype = "f16".into()]);
}

/// `cute bank --measure` ranks the README's patterns as the prediction does: 8-way plain rows
/// slower than 2-way `Sw<2,3,3>`, slower than conflict-free `Sw<3,3,3>` (an ldmatrix copy of
/// the SM80 TiledMMA, 128 threads).
#[test]
#[ignore = "needs a GPU: run on the device with --ignored"]
fn bank_measure_agrees_with_the_prediction() {
    use cute::analysis::bank::{SmemLayout, analyze};
    let copy = "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))";
    let mut env = cute::eval::Env::new();
    let tv = match env.run(&format!("{copy}.get_layoutS_TV")) {
        Ok(cute::eval::Outcome::Value(cute::eval::Value::Layout(l))) => l,
        other => panic!("{other:?}"),
    };
    let measured: Vec<(usize, f64)> = [
        "(32,16):(64,1)",
        "Sw<2,3,3> o 0 o (32,16):(64,1)",
        "Sw<3,3,3> o 0 o (32,16):(64,1)",
    ]
    .iter()
    .map(|s| {
        let smem = match env.run(s) {
            Ok(cute::eval::Outcome::Value(cute::eval::Value::Layout(l))) => SmemLayout::Plain(l),
            Ok(cute::eval::Outcome::Value(cute::eval::Value::Composed(c))) => {
                SmemLayout::Composed(*c)
            }
            other => panic!("{other:?}"),
        };
        let r = analyze(&smem, &tv, 16, 128).unwrap();
        let m = cute_gpu::bank_probe::measure(&r).unwrap();
        (r.degree, m.measured())
    })
    .collect();
    assert_eq!(measured.iter().map(|m| m.0).collect::<Vec<_>>(), [8, 2, 1]);
    assert!(
        measured[0].1 > measured[1].1 && measured[1].1 > measured[2].1,
        "{measured:?}"
    );
}

/// `cute gemm --sweep` measures each mma.sync row's ldmatrix reads on the GPU next to the
/// predicted conflicts (issue 18): an 8-way (plain rows) stage layout measures slower than a
/// conflict-free (swizzled) one.
#[test]
#[ignore = "needs a GPU: run on the device with --ignored"]
fn the_sweep_measures_the_predicted_bank_conflicts() {
    // on the device the binary lies beside the test binary (CUTE_BIN), not where it was built
    let bin = std::env::var("CUTE_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_cute").into());
    let out = std::process::Command::new(bin)
        .args([
            "gemm", "--sweep", "--m", "1024", "--n", "1024", "--k", "1024", "--rounds", "3",
            "--format", "json",
        ])
        .output()
        .expect("cute runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut by_prediction: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        if r["path"] == "mma.sync" {
            let m = r["measured_ldmatrix_slowdown"]
                .as_f64()
                .unwrap_or_else(|| panic!("no measurement: {line}"));
            let p = r["predicted_ldmatrix_conflicts"]
                .as_str()
                .unwrap()
                .to_string();
            by_prediction.entry(p).or_default().push(m);
        }
    }
    let worst = |p: &str| by_prediction[p].iter().cloned().fold(0.0, f64::max);
    let best = |p: &str| by_prediction[p].iter().cloned().fold(f64::MAX, f64::min);
    assert!(
        best("8-way") > worst("none"),
        "8-way rows should measure slower than conflict-free ones: {by_prediction:?}"
    );
}
