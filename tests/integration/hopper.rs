//! `cute gemm --mma 'SM90_…'` (issue 6): the wgmma + TMA path. Validation always; the run on a
//! Hopper GPU is `#[ignore]`d (run on the device with `--ignored hopper::`).

use cute::gpu::config::GemmFlags;
use cute::gpu::hopper::config::HopperConfig;
use cute::gpu::run::Gpu;
use cute::gpu::variant::Variant;

fn flags(m: usize, n: usize, k: usize, f: impl FnOnce(&mut GemmFlags)) -> GemmFlags {
    let mut g = GemmFlags {
        m,
        n,
        k,
        mma: Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into()),
        ..GemmFlags::default()
    };
    f(&mut g);
    g
}

#[test]
fn a_layout_wgmma_cannot_read_is_refused_with_its_reason() {
    let e = HopperConfig::from_flags(&flags(256, 256, 256, |g| {
        g.smem_a = Some("Sw<3,3,3> o (8,32):(32,1)".into());
    }))
    .unwrap_err();
    assert!(e.contains("SW128 needs 64 16-bit elements along K"), "{e}");
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn sm90_gemm_is_correct_on_the_gpu() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    let shapes = [
        (512, 512, 512),
        (256, 768, 1024),
        (1000, 999, 264),
        (129, 65, 40),
        (4096, 256, 8),
    ];
    for (m, n, k) in shapes {
        let variants: [fn(&mut GemmFlags); 3] = [
            |_| {},
            |g| g.stages = 2,
            |g| {
                g.dtype = "f16".into();
                g.mma = Some("SM90_64x128x16_F32F16F16_SS<K,K>".into());
            },
        ];
        for v in variants {
            let cfg = HopperConfig::from_flags(&flags(m, n, k, v)).unwrap();
            for r in gpu.run(&[Variant::Sm90(cfg)], 2, |_| {}).unwrap() {
                assert!(
                    r.verified(),
                    "{m}x{n}x{k} {}: relative error {}",
                    r.config,
                    r.rel_err
                );
            }
        }
    }
}
