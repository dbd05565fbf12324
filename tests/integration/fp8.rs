//! `cute gemm --dtype e4m3|e5m2` (issue 40): fp8 on the Hopper path. Always: every fp8 kernel
//! the suite, the sweep and the tune would run compiles with NVRTC for sm_90a with no spills
//! (when libnvrtc is found). On a Hopper GPU (`#[ignore]`d: run on the device with
//! `--ignored fp8::`): per-tensor scaled e4m3, e5m2 x e4m3 and e5m2 x e5m2 (no cuBLASLt
//! baseline) verify against the fp64 reference and cuBLASLt on square and ragged shapes, with
//! each epilogue and split-K, and repeat bit for bit.

use cute_gpu::device::Gpu;
use cute_gpu::flags::GemmFlags;
use cute_gpu::variant::Variant;

fn flags(m: usize, n: usize, k: usize, a: &str, b: Option<&str>) -> GemmFlags {
    GemmFlags {
        m,
        n,
        k,
        dtype: a.into(),
        b_dtype: b.map(str::to_string),
        ..GemmFlags::new(cute_gpu::flags::read_flag)
    }
}

/// The fp8 configurations the suite, the sweep (e4m3 and the mixed form) and the tune (a
/// square, a skinny and a decode shape) would run, each once.
fn fp8_variants() -> Vec<Variant> {
    use cute_gpu::hopper::choose::{COMPILE_ONLY_SMS, Given};
    let base = GemmFlags::new(cute_gpu::flags::read_flag);
    let (suite, _) =
        cute_gpu::suite::chosen_variants(&base, Given::default(), false, COMPILE_ONLY_SMS)
            .expect("the suite's configurations");
    let mut out: Vec<Variant> = suite.into_iter().filter(|v| v.dtype().is_fp8()).collect();
    assert!(out.len() >= 14, "the suite's fp8 shapes");
    let block = out
        .iter()
        .filter(|v| v.scaling() == Some(cute_gpu::config::Scaling::Block))
        .count();
    assert!(block >= 4, "the suite's block-scaled shapes: {block}");
    for (a, b) in [("e4m3", None), ("e5m2", Some("e4m3"))] {
        let (sweep, _) = cute_gpu::command::sweep_all(&flags(8192, 8192, 8192, a, b)).unwrap();
        assert!(sweep.iter().all(|v| v.dtype().is_fp8()));
        out.extend(sweep);
    }
    // the tune's candidates per tensor, and block-scaled at a large and a decode shape
    for (m, n, k, scale) in [
        (8192, 8192, 8192, None),
        (128, 8192, 8192, None),
        (1, 4096, 4096, None),
        (8192, 8192, 8192, Some("block")),
        (16, 8192, 8192, Some("block")),
    ] {
        let mut f = flags(m, n, k, "e4m3", None);
        f.scale = scale.map(str::to_string);
        let cands = cute_gpu::tune::candidates(&f, Given::default(), COMPILE_ONLY_SMS);
        let (v, _) = cute_gpu::tune::variants(&cands);
        assert!(!v.is_empty(), "{m}x{n}x{k}: tune candidates");
        out.extend(v);
    }
    // each configuration once: registers and spills follow from it, not from the sizes
    let mut seen = std::collections::HashSet::new();
    out.retain(|v| seen.insert(v.to_string()));
    out
}

#[test]
fn every_fp8_kernel_of_the_suite_sweep_and_tune_compiles_without_spills() {
    let variants = fp8_variants();
    eprintln!("{} fp8 configurations", variants.len());
    if crate::helpers::nvrtc_missing() {
        return;
    }
    // two threads: NVRTC takes a second or more a kernel
    let (first, second) = variants.split_at(variants.len() / 2);
    std::thread::scope(|s| {
        for part in [first, second] {
            s.spawn(move || {
                for v in part {
                    let r = cute_gpu::nvrtc::compile(&v.source(), "sm_90a")
                        .unwrap_or_else(|e| panic!("{v}: {e}"));
                    // NVRTC 13 on the H200 machine (2026-11-28) left the log of a two-kernel
                    // module (split-K: the GEMM and its reduction) empty, ptxas's figures
                    // included; the driver reported no spills for them at run time
                    let silent = r.log.trim().is_empty() && v.to_string().contains("split-K");
                    assert!(
                        r.spill_bytes == Some(0) || silent,
                        "{v} spills ({:?}):\n{}",
                        r.spill_bytes,
                        r.log
                    );
                    // no wgmma serialised by ptxas (C7514): such a kernel compiles with no
                    // spills and runs each wgmma in turn
                    assert!(
                        !r.log.contains("C7514"),
                        "{v}: wgmmas serialised:\n{}",
                        r.log
                    );
                }
            });
        }
    });
}

#[test]
fn fp8_takes_the_hopper_path_and_refuses_the_rest_before_launch() {
    // no --mma: the Hopper path with the fp8 atom (N = 128: two sets of accumulators)
    let v = Variant::from_flags(&flags(1000, 1000, 1000, "e4m3", None)).unwrap();
    assert_eq!(v.path(), "wgmma+TMA");
    assert_eq!(v.baseline(), "cuBLASLt");
    assert!(v.to_string().contains("64x128x32"), "{v}");
    assert!(v.supports("sm_80").is_err());
    let refused = |f: &dyn Fn(&mut GemmFlags)| {
        let mut g = flags(1024, 1024, 1024, "e4m3", None);
        f(&mut g);
        Variant::from_flags(&g).unwrap_err().to_string()
    };
    let e = refused(&|g| g.mma = Some("SM80_16x8x16_F32BF16BF16F32_TN".into()));
    assert!(
        e.contains("mma.sync atom") && e.contains("Hopper path"),
        "{e}"
    );
    let e = refused(&|g| g.majors.a = cute_gpu::flags::Major::MN);
    assert!(e.contains("K-major only"), "{e}");
    let e = refused(&|g| g.dtype = "e3m4".into());
    assert!(e.starts_with("--dtype"), "{e}");
}

fn run_fp8(shapes: &[(usize, usize, usize)], forms: &[(&str, Option<&str>)]) {
    run_fp8_scaled(shapes, forms, None);
}

/// [`run_fp8`] with `--scale` (`block`), each knob that the shape and scaling allow.
fn run_fp8_scaled(
    shapes: &[(usize, usize, usize)],
    forms: &[(&str, Option<&str>)],
    scale: Option<&str>,
) {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    let knobs: [fn(&mut GemmFlags); 5] = [
        |_| {},
        |g| {
            g.persistent = true;
            g.tma_store = true;
        },
        |g| g.consumers = Some(1),
        |g| {
            g.persistent = true;
            g.split_k = Some(2);
        },
        |g| {
            g.smem_a = Some(format!("gmma_atom(Layout_K_SW64_Atom, {})", g.dtype));
            g.smem_b = Some("gmma_atom(Layout_K_INTER_Atom, e4m3)".into());
            g.b_dtype = Some("e4m3".into());
        },
    ];
    for &(m, n, k) in shapes {
        for &(a, b) in forms {
            let cfgs: Vec<Variant> = knobs
                .iter()
                .filter_map(|knob| {
                    let mut f = flags(m, n, k, a, b);
                    f.scale = scale.map(str::to_string);
                    knob(&mut f);
                    // a knob this shape refuses (a TMA store with N not a multiple of 8, a
                    // split of fewer k-tiles than 2, the INTER row's B type) is left out
                    Variant::from_flags(&f).ok()
                })
                .collect();
            assert!(!cfgs.is_empty(), "{m}x{n}x{k} {a} {b:?}");
            let rows = cute_gpu::suite::run_by_problem(
                &gpu,
                &cfgs,
                cute_gpu::run::Timing {
                    reps: 2,
                    rounds: 1,
                    flush_l2: false,
                },
                |_| {},
            )
            .unwrap_or_else(|e| panic!("{m}x{n}x{k} {a} {b:?}: {e}"));
            for r in rows {
                assert!(
                    r.verified(),
                    "{m}x{n}x{k} {}: relative error {} against cuBLASLt ({:?}), fp64 sample {:?}",
                    r.config,
                    r.rel_err,
                    r.no_baseline,
                    r.host
                );
                assert!(r.repeatable, "{m}x{n}x{k} {}: not bit for bit", r.config);
                let e5m2_pair = r.config.dtype() == cute_gpu::config::Dtype::E5m2
                    && r.config.b_dtype() == cute_gpu::config::Dtype::E5m2;
                if e5m2_pair {
                    assert!(
                        r.no_baseline.is_some(),
                        "{}: cuBLASLt has no e5m2 x e5m2",
                        r.config
                    );
                }
            }
        }
    }
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_per_tensor_is_correct_on_square_shapes() {
    run_fp8(
        &[(512, 512, 512), (2048, 2048, 2048)],
        &[
            ("e4m3", None),
            ("e5m2", Some("e4m3")),
            ("e4m3", Some("e5m2")),
        ],
    );
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_per_tensor_is_correct_on_ragged_shapes() {
    run_fp8(
        &[
            (1000, 1000, 1008),
            (129, 65, 40),
            (4095, 4097, 4112),
            (1, 4096, 4096),
            (4096, 1, 4096),
            (3, 5, 16),
        ],
        &[("e4m3", None), ("e5m2", Some("e4m3"))],
    );
}

/// `--fast-accum`: the tensor cores' accumulation over all of K (one set of accumulators, N =
/// 256), against cuBLASLt's FAST_ACCUM and the looser fp64 bound; the norm over the sample must
/// still stay within 1e-2.
#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_fast_accumulation_verifies() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    for (m, n, k) in [(1024, 1024, 1024), (1000, 1000, 4112), (4096, 4096, 8192)] {
        let mut f = flags(m, n, k, "e4m3", None);
        f.fast_accum = true;
        f.persistent = true;
        let v = Variant::from_flags(&f).unwrap();
        assert!(v.fast_accum() && v.to_string().contains("64x256x32"), "{v}");
        let rows = gpu
            .run(
                &[v],
                cute_gpu::run::Timing {
                    reps: 2,
                    rounds: 1,
                    flush_l2: false,
                },
                |_| {},
            )
            .unwrap();
        for r in rows {
            assert!(
                r.verified() && r.repeatable,
                "{m}x{n}x{k} {}: relative error {} against cuBLASLt, fp64 sample {:?}",
                r.config,
                r.rel_err,
                r.host
            );
        }
    }
}

/// `--scale block`: DeepSeek-style scales (1x128 of A, 128x128 of B) promoted per k-tile,
/// against cuBLASLt's VEC128_32F / BLK128x128_32F and the fp64 reference of the dequantized
/// inputs, with each epilogue, split-K and one consumer; square and ragged M and N (K whole
/// blocks), e5m2 x e5m2 against fp64 alone.
#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_block_scaled_verifies() {
    run_fp8_scaled(
        &[
            (1024, 1024, 1024),
            (333, 257, 1024),
            (4095, 4097, 4096),
            (16, 4096, 4096),
        ],
        &[("e4m3", None), ("e5m2", Some("e4m3"))],
        Some("block"),
    );
    run_fp8_scaled(&[(512, 384, 640)], &[("e5m2", None)], Some("block"));
}

/// The wide fp8 tile (128×192, the promotion waiting for each k-tile), per tensor and
/// block-scaled: a 192-column tile spans two of B's 128-row scale blocks, split at column 128
/// or 64 (n0 = 192 t), and past N (4097) the last block's scale; against cuBLASLt where it has
/// an algorithm and the fp64 reference, repeated bit for bit.
#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_wide_tile_verifies_with_both_scalings() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    for (m, n, k) in [
        (1024usize, 1024usize, 1024usize),
        (4095, 4097, 4096),
        (256, 704, 512),
    ] {
        for scale in [None, Some("block")] {
            for tma_store in [false, true] {
                if tma_store && !n.is_multiple_of(8) {
                    continue;
                }
                let mut f = flags(m, n, k, "e4m3", None);
                f.scale = scale.map(str::to_string);
                f.mma = Some("SM90_64x192x32_F32E4M3E4M3_SS_TN".into());
                f.consumers = Some(2);
                f.tile = Some("(128,192,128)".into());
                f.stages = Some(5);
                f.persistent = true;
                f.tma_store = tma_store;
                let v = Variant::from_flags(&f).unwrap_or_else(|e| panic!("{e}"));
                let rows = gpu
                    .run(
                        &[v],
                        cute_gpu::run::Timing {
                            reps: 2,
                            rounds: 1,
                            flush_l2: false,
                        },
                        |_| {},
                    )
                    .unwrap();
                for r in rows {
                    assert!(
                        r.verified() && r.repeatable,
                        "{m}x{n}x{k} {}: relative error {} against cuBLASLt, fp64 sample {:?}",
                        r.config,
                        r.rel_err,
                        r.host
                    );
                }
            }
        }
    }
}

/// A ragged K (not a multiple of 16 bytes) is padded to TMA's 16-byte row pitch with zeros,
/// and an odd M·N puts split-K's second slab at an odd float: both run and verify.
#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_ragged_k_and_odd_split_k_slabs_verify() {
    run_fp8(&[(333, 257, 1000), (4095, 4097, 4112)], &[("e4m3", None)]);
}

#[test]
fn block_scaling_is_refused_before_launch_where_k_is_not_whole_blocks() {
    let mut f = flags(333, 257, 1000, "e4m3", None);
    f.scale = Some("block".into());
    let e = Variant::from_flags(&f).unwrap_err().to_string();
    assert!(
        e.starts_with("--scale block: K = 1000 must be a multiple of 128"),
        "{e}"
    );
    f.k = 1024;
    let v = Variant::from_flags(&f).unwrap();
    assert_eq!(v.scaling(), Some(cute_gpu::config::Scaling::Block));
    assert!(v.to_string().contains("scaled per block"), "{v}");
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn fp8_e5m2_pair_verifies_against_fp64_alone() {
    run_fp8(&[(1024, 768, 640), (333, 257, 1000)], &[("e5m2", None)]);
}
