//! `cute gemm --mma 'SM90_…'` (issue 6): the wgmma + TMA path. Validation always; the run on a
//! Hopper GPU is `#[ignore]`d (run on the device with `--ignored hopper::`).

use cute_gpu::config::ConfigError;
use cute_gpu::device::Gpu;
use cute_gpu::flags::GemmFlags;
use cute_gpu::hopper::config::{HopperConfig, HopperConfigError};
use cute_gpu::variant::{Variant, VariantError};

fn flags(m: usize, n: usize, k: usize, f: impl FnOnce(&mut GemmFlags)) -> GemmFlags {
    let mut g = GemmFlags {
        m,
        n,
        k,
        mma: Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into()),
        ..GemmFlags::new(cute_gpu::flags::read_flag)
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
    assert!(
        matches!(
            e,
            HopperConfigError::NotCanonical {
                flag: "--smem-a",
                ..
            }
        ),
        "{e}"
    );
    let e = e.to_string();
    assert!(
        e.starts_with("--smem-a") && e.contains("not one of wgmma's canonical layouts"),
        "{e}"
    );
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
            |g| g.stages = Some(2),
            |g| {
                g.dtype = "f16".into();
                g.mma = Some("SM90_64x128x16_F32F16F16_SS<K,K>".into());
            },
        ];
        for v in variants {
            let cfg = HopperConfig::from_flags(&flags(m, n, k, v)).unwrap();
            for r in gpu
                .run(
                    &[Variant::Sm90(cfg)],
                    cute_gpu::run::Timing {
                        reps: 2,
                        rounds: 1,
                        flush_l2: false,
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
}

fn hopper(f: impl FnOnce(&mut GemmFlags)) -> Result<HopperConfig, HopperConfigError> {
    HopperConfig::from_flags(&flags(8192, 8192, 8192, f))
}

#[test]
fn each_knob_is_validated_with_its_flag_and_reason() {
    let err = |f: fn(&mut GemmFlags)| hopper(f).unwrap_err().to_string();
    assert!(err(|g| g.consumers = Some(0)).starts_with("--consumers: 1 to 3"));
    assert!(err(|g| g.consumers = Some(4)).starts_with("--consumers: 1 to 3"));
    let e = err(|g| g.consumers = Some(3));
    assert!(
        e.starts_with("--consumers:") && e.contains("N <= 192"),
        "{e}"
    );
    let e = err(|g| {
        g.consumers = Some(1);
        g.tile = Some("(128,256,64)".into());
    });
    assert!(
        e.starts_with("--tile: BM = 128") && e.contains("--consumers"),
        "{e}"
    );
    assert!(err(|g| g.cluster = Some("(4,4)".into())).contains("portable cluster"));
    assert!(err(|g| g.cluster = Some("0".into())).starts_with("--cluster"));
    assert!(err(|g| g.cluster = Some("(2,x)".into())).starts_with("--cluster"));
    let e = err(|g| g.cluster = Some("3".into()));
    assert!(e.contains("must divide the 64 tiles along M"), "{e}");
    let e = HopperConfig::from_flags(&flags(8192, 256, 512, |g| g.cluster = Some("(1,2)".into())))
        .unwrap_err();
    assert_eq!(
        e,
        HopperConfigError::ClusterAlongN {
            cn: 2,
            tn: 1,
            n: 256,
            bn: 256
        }
    );
    assert!(
        e.to_string().contains("must divide the 1 tiles along N"),
        "{e}"
    );
    let e = err(|g| {
        g.mma = Some("SM90_64x16x16_F32BF16BF16_SS<K,K>".into());
        g.cluster = Some("(4,1)".into());
    });
    assert!(
        e.starts_with("--cluster") && e.contains("multiple of 8"),
        "{e}"
    );
    let e = err(|g| {
        g.tma_store = true;
        g.stages = Some(5);
    });
    assert!(
        e.starts_with("--stages/--tile") && e.contains("--tma-store"),
        "{e}"
    );
    let e = HopperConfig::from_flags(&flags(512, 1500, 64, |g| g.tma_store = true))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("--tma-store: N = 1500"), "{e}");
    let e = err(|g| {
        g.tma_store = true;
        g.mma = Some("SM90_64x96x16_F32BF16BF16_SS<K,K>".into());
    });
    assert!(e.starts_with("--tma-store: BN = 96"), "{e}");
    // a Hopper knob with an mma.sync atom
    let e = Variant::from_flags(&GemmFlags {
        mma: Some("SM80_16x8x16_F32BF16BF16F32_TN".into()),
        persistent: true,
        ..GemmFlags::new(cute_gpu::flags::read_flag)
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            VariantError::Sm80(ConfigError::HopperKnob {
                knob: "--persistent",
                ..
            })
        ),
        "{e}"
    );
    assert!(e.to_string().starts_with("--persistent:"), "{e}");
}

#[test]
fn knobs_without_mma_take_the_hopper_path_with_fitting_defaults() {
    let v = |f: fn(&mut GemmFlags)| {
        let mut g = GemmFlags::new(cute_gpu::flags::read_flag);
        f(&mut g);
        match Variant::from_flags(&g).unwrap() {
            Variant::Sm90(c) => c,
            Variant::Sm80(c) => panic!("mma.sync path: {c}"),
        }
    };
    let c = v(|g| g.consumers = Some(3));
    assert_eq!((c.tile, c.atom_n, c.threads()), ((192, 192, 64), 192, 512));
    let c = v(|g| g.consumers = Some(1));
    assert_eq!((c.tile, c.stages, c.threads()), ((64, 256, 64), 4, 256));
    // 4 stages and all of C's staging do not fit together: C goes out 128 columns at a time
    let c = v(|g| g.tma_store = true);
    assert_eq!((c.stages, c.c_chunk), (4, 128));
    assert_eq!(c.smem_bytes(), 4 * 48 * 1024 + 2 * 64 * 128 * 2 + 1024 + 64);
    // with 3 stages all of it fits
    let c = v(|g| {
        g.tma_store = true;
        g.stages = Some(3);
    });
    assert_eq!((c.stages, c.c_chunk), (3, 256));
    let c = v(|g| g.cluster = Some("2".into()));
    assert_eq!(c.cluster, (2, 1));
    assert_eq!(c.b_slice_bytes, 128 * 128, "B's two slices of 128 rows");
    let c = v(|g| g.cluster = Some("(2,2)".into()));
    assert_eq!((c.a_slice_bytes, c.cluster_grid()), (64 * 128, (32, 16)));
}

#[test]
fn a_persistent_grid_is_one_block_per_sm_in_whole_clusters() {
    let c = hopper(|g| g.persistent = true).unwrap();
    assert_eq!(c.grid_blocks(132), 132);
    let c = hopper(|g| {
        g.persistent = true;
        g.cluster = Some("(2,2)".into());
    })
    .unwrap();
    assert_eq!(c.grid_blocks(130), 128);
    // never more blocks than tiles
    let c = HopperConfig::from_flags(&flags(256, 256, 64, |g| g.persistent = true)).unwrap();
    assert_eq!(c.grid_blocks(132), 2);
    let c = hopper(|_| {}).unwrap();
    assert_eq!(c.grid_blocks(132), 64 * 32);
}

#[test]
fn the_emitted_kernel_shows_each_knob() {
    use cute_gpu::hopper::codegen::kernel_source;
    let src = |f: fn(&mut GemmFlags)| kernel_source(&hopper(f).unwrap());
    let base = src(|_| {});
    assert!(!base.contains("__cluster_dims__") && !base.contains("tma_load_2d_mc(s"));
    assert!(!base.contains("for (int t = "));
    let s = src(|g| g.cluster = Some("(2,1)".into()));
    assert!(s.contains("__cluster_dims__(2, 1, 1)"));
    assert!(s.contains("tma_load_2d_mc(sB") && !s.contains("tma_load_2d_mc(sA"));
    assert!(s.contains("mbar_arrive_cluster"));
    let s = src(|g| g.cluster = Some("(1,2)".into()));
    assert!(s.contains("tma_load_2d_mc(sA") && !s.contains("tma_load_2d_mc(sB"));
    let s = src(|g| g.persistent = true);
    assert!(s.contains("t += gridDim.x"));
    let s = src(|g| g.tma_store = true);
    assert!(s.contains("CUtensorMap tmC") && s.contains("tma_store_2d(&tmC"));
    assert!(s.contains("fence.proxy.async.shared::cta;\" ::: \"memory\");\n      named_sync"));
    let s = src(|g| g.consumers = Some(1));
    assert!(s.contains("__launch_bounds__(256, 1)"));
}

fn extra_variants() -> Vec<HopperConfig> {
    let rows: [fn(&mut GemmFlags); 7] = [
        |g| g.consumers = Some(1),
        |g| {
            g.consumers = Some(3);
            g.mma = Some("SM90_64x192x16_F32BF16BF16_SS<K,K>".into());
        },
        |g| g.cluster = Some("(1,2)".into()),
        |g| g.cluster = Some("(2,2)".into()),
        |g| {
            g.cluster = Some("(1,2)".into());
            g.persistent = true;
            g.tma_store = true;
        },
        |g| {
            g.persistent = true;
            g.tma_store = true;
        },
        |g| {
            g.dtype = "f16".into();
            g.mma = Some("SM90_64x128x16_F32F16F16_SS<K,K>".into());
            g.cluster = Some("4".into());
            g.persistent = true;
            g.tma_store = true;
        },
    ];
    rows.iter().map(|f| hopper(f).unwrap()).collect()
}

#[test]
fn every_hopper_variant_compiles_with_nvrtc_without_spills() {
    if crate::helpers::nvrtc_missing() {
        return;
    }
    let (sweep, notes) =
        cute_gpu::command::sweep_sm90(&GemmFlags::new(cute_gpu::flags::read_flag)).unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    assert!(sweep.len() >= 8);
    for c in sweep.into_iter().chain(extra_variants()) {
        let v = Variant::Sm90(c);
        let r =
            cute_gpu::nvrtc::compile(&v.source(), "sm_90a").unwrap_or_else(|e| panic!("{v}: {e}"));
        assert!(!r.cubin.is_empty());
        assert_eq!(r.spill_bytes, Some(0), "{v} spills:\n{}", r.log);
        assert!(
            !r.log.contains("C7508"),
            "{v}: setmaxnreg ignored: {}",
            r.log
        );
    }
}

#[test]
fn the_sweep_shows_both_paths_and_every_knob() {
    let (rows, notes) =
        cute_gpu::command::sweep_all(&GemmFlags::new(cute_gpu::flags::read_flag)).unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    let names: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    assert!(names.iter().any(|n| n.starts_with("mma.sync")));
    for knob in [
        "1 consumer,",
        ", persistent",
        "cluster (2,1) multicast B",
        "TMA store",
    ] {
        assert!(names.iter().any(|n| n.contains(knob)), "{knob}: {names:#?}");
    }
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("wgmma") && n.ends_with("stages 3 raster grouped:8"))
    );
    // a size the cluster rows do not divide: left out with a note, the rest stays
    let odd = GemmFlags {
        m: 128 * 3,
        n: 256,
        k: 64,
        ..GemmFlags::new(cute_gpu::flags::read_flag)
    };
    let (rows, notes) = cute_gpu::command::sweep_all(&odd).unwrap();
    assert!(notes.iter().any(|n| n.contains("--cluster")), "{notes:?}");
    assert!(rows.iter().any(|r| r.to_string().contains("persistent")));
}

type Knob = (&'static str, fn(&mut GemmFlags));

/// Each knob against cuBLAS on shapes with edges (partial tiles along M, N and K).
#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn every_knob_is_correct_on_the_gpu() {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    let knobs: [Knob; 10] = [
        ("consumers 1", |g| g.consumers = Some(1)),
        ("consumers 3", |g| {
            g.consumers = Some(3);
            g.mma = Some("SM90_64x192x16_F32BF16BF16_SS<K,K>".into());
        }),
        ("persistent", |g| g.persistent = true),
        ("cluster (2,1)", |g| g.cluster = Some("(2,1)".into())),
        ("cluster (1,2)", |g| g.cluster = Some("(1,2)".into())),
        ("cluster (2,2) persistent", |g| {
            g.cluster = Some("(2,2)".into());
            g.persistent = true;
        }),
        ("tma store", |g| g.tma_store = true),
        ("persistent tma store", |g| {
            g.persistent = true;
            g.tma_store = true;
        }),
        ("cluster 2 persistent tma store", |g| {
            g.cluster = Some("2".into());
            g.persistent = true;
            g.tma_store = true;
        }),
        ("f16 128 cluster 4 persistent tma store", |g| {
            g.dtype = "f16".into();
            g.mma = Some("SM90_64x128x16_F32F16F16_SS<K,K>".into());
            g.cluster = Some("4".into());
            g.persistent = true;
            g.tma_store = true;
        }),
    ];
    // sizes whose tile counts the clusters divide, with ragged edges; the persistent grid
    // loops several times over 4096 x 4096
    let shapes = [
        (512, 512, 512),
        (1000, 1000, 264),
        (4096, 4096, 1024),
        (760, 1500, 72),
    ];
    for (name, knob) in knobs {
        for (m, n, k) in shapes {
            let cfg = match HopperConfig::from_flags(&flags(m, n, k, knob)) {
                Ok(c) => c,
                Err(e)
                    if e.to_string().starts_with("--cluster")
                        || e.to_string().starts_with("--tma-store") =>
                {
                    continue;
                }
                Err(e) => panic!("{name} {m}x{n}x{k}: {e}"),
            };
            for r in gpu
                .run(
                    &[Variant::Sm90(cfg)],
                    cute_gpu::run::Timing {
                        reps: 2,
                        rounds: 1,
                        flush_l2: false,
                    },
                    |_| {},
                )
                .unwrap()
            {
                assert!(
                    r.verified(),
                    "{name} {m}x{n}x{k} {}: relative error {}",
                    r.config,
                    r.rel_err
                );
            }
        }
    }
}
