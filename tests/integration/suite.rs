//! `cute gemm --suite` and the configuration chosen per shape (issue 20): the chosen
//! configurations of skinny, ragged and one-row/one-column shapes verify against cuBLAS and the
//! fp64 host reference on a Hopper GPU (`#[ignore]`d: run on the device with `--ignored suite::`).

use cute_gpu::device::Gpu;
use cute_gpu::flags::GemmFlags;
use cute_gpu::hopper::choose::{Given, choose};
use cute_gpu::run::Timing;
use cute_gpu::variant::Variant;

fn chosen(gpu: &Gpu, m: usize, n: usize, k: usize, dtype: &str) -> Variant {
    let f = GemmFlags {
        m,
        n,
        k,
        dtype: dtype.into(),
        ..GemmFlags::new(cute_gpu::flags::read_flag)
    };
    let c = choose(&f, Given::default(), gpu.sms);
    Variant::from_flags(&c.flags).unwrap_or_else(|e| panic!("{}: {e}", c.line))
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn chosen_configurations_of_skinny_ragged_and_unit_shapes_verify() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    let shapes = [
        (16, 8192, 8192, "bf16"),
        (128, 8192, 8192, "bf16"),
        (512, 4096, 14336, "bf16"),
        (1, 1, 8, "bf16"),
        (1, 4096, 4096, "bf16"),
        (4096, 1, 4096, "f16"),
        (8191, 8193, 8200, "bf16"),
        (4095, 4097, 4104, "f16"),
        (129, 65, 40, "bf16"),
    ];
    for (m, n, k, dtype) in shapes {
        let v = chosen(&gpu, m, n, k, dtype);
        let rows = gpu
            .run(
                std::slice::from_ref(&v),
                Timing {
                    reps: 1,
                    rounds: 1,
                    flush_l2: false,
                },
                |_| {},
            )
            .unwrap_or_else(|e| panic!("{m}x{n}x{k} {dtype}: {e}"));
        for r in rows {
            assert!(
                r.verified(),
                "{m}x{n}x{k} {dtype} {v}: rel. error {:.2e}, fp64 sample {} failures of {}",
                r.rel_err,
                r.host.failures,
                r.host.points
            );
        }
    }
}

/// Run `v` once (one round of one timed run) and return its measurement.
fn measure(gpu: &Gpu, v: &Variant) -> cute_gpu::run::Measurement {
    let timing = Timing {
        reps: 1,
        rounds: 1,
        flush_l2: false,
    };
    let mut rows = gpu
        .run(std::slice::from_ref(v), timing, |_| {})
        .unwrap_or_else(|e| panic!("{v}: {e}"));
    rows.pop().expect("one measurement")
}

fn flags(m: usize, n: usize, k: usize) -> GemmFlags {
    GemmFlags {
        m,
        n,
        k,
        ..GemmFlags::new(cute_gpu::flags::read_flag)
    }
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn split_k_verifies_and_writes_the_same_bits_every_run() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    // (M, N, K, consumers, wgmma N, splits, majors): uneven k-tiles per split, ragged edges,
    // every majorness, a cluster
    let cases = [
        (1, 4096, 4096, 1, 64, 2, 0),
        (1, 4096, 4096, 1, 128, 4, 0),
        (16, 8192, 8192, 1, 256, 4, 0),
        (4096, 1, 4096, 2, 256, 8, 0),
        (129, 200, 1000, 1, 64, 3, 0),
        (64, 64, 4096, 1, 64, 16, 0),
        (200, 136, 2056, 1, 128, 5, 1),
        (200, 136, 2056, 1, 128, 5, 2),
        (200, 136, 2056, 1, 128, 5, 3),
    ];
    for (m, n, k, consumers, an, splits, majors) in cases {
        let mut f = flags(m, n, k);
        f.consumers = Some(consumers);
        f.majors = cute_gpu::flags::Majors::ALL[majors];
        f.mma = Some(cute_gpu::hopper::config::sm90_mma(
            "bf16", None, an, f.majors,
        ));
        f.split_k = Some(splits);
        f.persistent = true;
        let v = Variant::from_flags(&f).unwrap_or_else(|e| panic!("{m}x{n}x{k}: {e}"));
        let r = measure(&gpu, &v);
        assert!(
            r.verified() && r.repeatable,
            "{v}: rel. error {:.2e}, fp64 sample {} failures of {}, repeatable {}",
            r.rel_err,
            r.host.failures,
            r.host.points,
            r.repeatable
        );
    }
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn sizes_that_are_not_multiples_of_8_verify_on_both_paths() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    // K of 1 and 13 (rows padded to 16 bytes), M and N of 1, an M-major A with M = 5 and an
    // N-major B with N = 7: the chosen Hopper configuration and the mma.sync path
    for (m, n, k, majors) in [
        (1, 1, 1, 0),
        (64, 64, 1, 0),
        (100, 100, 13, 0),
        (5, 7, 3, 2),
        (5, 300, 1001, 1),
        (1000, 7, 999, 3),
        (1, 4096, 4097, 0),
    ] {
        let mut f = flags(m, n, k);
        f.majors = cute_gpu::flags::Majors::ALL[majors];
        let c = choose(&f, Given::default(), gpu.sms);
        let hopper = Variant::from_flags(&c.flags).unwrap_or_else(|e| panic!("{}: {e}", c.line));
        let sm80 = Variant::from_flags(&f).unwrap_or_else(|e| panic!("{m}x{n}x{k}: {e}"));
        for v in [hopper, sm80] {
            let r = measure(&gpu, &v);
            assert!(
                r.verified(),
                "{m}x{n}x{k} {v}: rel. error {:.2e}, fp64 sample {} failures of {}",
                r.rel_err,
                r.host.failures,
                r.host.points
            );
        }
    }
}

#[test]
fn every_suite_kernel_and_tune_candidate_compiles_without_spills() {
    if crate::helpers::nvrtc_missing() {
        return;
    }
    use cute_gpu::hopper::choose::COMPILE_ONLY_SMS;
    let base = GemmFlags::new(cute_gpu::flags::read_flag);
    let mut variants: Vec<Variant> = cute_gpu::suite::SUITE
        .iter()
        .map(|s| {
            let c = choose(
                &cute_gpu::suite::shape_flags(&base, s),
                Given::default(),
                COMPILE_ONLY_SMS,
            );
            Variant::from_flags(&c.flags).unwrap_or_else(|e| panic!("{}: {e}", c.line))
        })
        .collect();
    // the candidates --tune tries for a decode shape and a one-column one (every tile, every
    // split, the tall tile)
    for (m, n, k) in [(1, 4096, 4096), (4096, 1, 4096)] {
        let cands = cute_gpu::tune::candidates(&flags(m, n, k), Given::default(), COMPILE_ONLY_SMS);
        let (v, notes) = cute_gpu::tune::variants(&cands);
        assert!(notes.is_empty(), "{notes:?}");
        variants.extend(v);
    }
    for v in variants {
        let r =
            cute_gpu::nvrtc::compile(&v.source(), "sm_90a").unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(r.spill_bytes, Some(0), "{v} spills:\n{}", r.log);
        assert!(
            !r.log.contains("C7508"),
            "{v}: setmaxnreg ignored: {}",
            r.log
        );
    }
}
