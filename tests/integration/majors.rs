//! `cute gemm --a-major K|M --b-major K|N` (issue 18): A (M×K) and B (N×K) K-major or MN-major in
//! global memory, on both paths. Validation, code generation and NVRTC compilation always; runs
//! on a GPU `#[ignore]`d (run on the device with `--ignored majors::`).

use cute_gpu::codegen::KernelLayouts;
use cute_gpu::config::GemmConfig;
use cute_gpu::device::Gpu;
use cute_gpu::flags::{GemmFlags, Major, Majors};
use cute_gpu::hopper::config::{HopperConfig, sm90_mma};
use cute_gpu::run::Timing;
use cute_gpu::variant::Variant;

fn flags(majors: Majors, (m, n, k): (usize, usize, usize)) -> GemmFlags {
    GemmFlags {
        m,
        n,
        k,
        majors,
        ..GemmFlags::new(cute_gpu::flags::read_flag)
    }
}

fn sm80(majors: Majors, mnk: (usize, usize, usize)) -> GemmConfig {
    GemmConfig::from_flags(&flags(majors, mnk))
        .unwrap_or_else(|e| panic!("{}: {e}", majors.describe()))
}

fn sm90(
    majors: Majors,
    mnk: (usize, usize, usize),
    f: impl FnOnce(&mut GemmFlags),
) -> HopperConfig {
    let mut g = flags(majors, mnk);
    g.mma = Some(sm90_mma("bf16", None, 256, majors));
    f(&mut g);
    HopperConfig::from_flags(&g).unwrap_or_else(|e| panic!("{}: {e}", majors.describe()))
}

#[test]
fn the_blas_names_follow_cutlass() {
    let names: Vec<&str> = Majors::ALL.iter().map(|m| m.blas()).collect();
    assert_eq!(names, ["TN", "NN", "NT", "TT"]);
    assert_eq!(Majors::ALL[1].describe(), "A M-major, B K-major (NN)");
    use cute_gpu::flags::Operand;
    assert_eq!(Major::parse(Operand::A, "m"), Ok(Major::MN));
    assert_eq!(Major::parse(Operand::B, "N"), Ok(Major::MN));
    assert_eq!(Major::parse(Operand::B, "MN"), Ok(Major::MN));
    let e = Major::parse(Operand::A, "N").unwrap_err();
    assert_eq!(
        e,
        cute_gpu::flags::FlagError::UnknownMajor {
            operand: Operand::A,
            text: "N".into()
        }
    );
    assert!(
        e.to_string().starts_with("--a-major: expected K or M"),
        "{e}"
    );
}

#[test]
fn ldmatrix_delivers_what_the_mma_atom_expects_in_every_majorness() {
    // ldmatrix.x4: register r of lane t comes from matrix r, whose 8 rows (16 bytes each) start
    // at the addresses of lanes 8r..8r+7. Without .trans lane t gets row t/4, elements
    // 2(t%4)..+1; with .trans, element t/4 of rows 2(t%4) and 2(t%4)+1. A K-major row is 8
    // consecutive k, an MN-major one 8 consecutive m (n).
    for majors in Majors::ALL {
        let l = KernelLayouts::new(&sm80(majors, (512, 512, 512)));
        let fetch = |ldsm: &cute::algebra::Layout, major: Major, lane: i64, reg: i64, half: i64| {
            match major {
                Major::K => {
                    let start = ldsm.at(8 * reg + lane / 4).unwrap();
                    (start % 16, start / 16 + 2 * (lane % 4) + half)
                }
                Major::MN => {
                    let start = ldsm.at(8 * reg + 2 * (lane % 4) + half).unwrap();
                    (start % 16 + lane / 4, start / 16)
                }
            }
        };
        for lane in 0..32i64 {
            for reg in 0..4i64 {
                for half in 0..2i64 {
                    let (m, k) = fetch(&l.ldsm_a, majors.a, lane, reg, half);
                    let want = l.mma_a.at(lane + 32 * (2 * reg + half)).unwrap();
                    assert_eq!(
                        (m, k),
                        (want % 16, want / 16),
                        "{} A lane {lane} reg {reg} half {half}",
                        majors.describe()
                    );
                    // registers 0,1 are n-tile 0 (k 0-7, 8-15), registers 2,3 n-tile 1
                    let (n, kb) = fetch(&l.ldsm_b, majors.b, lane, reg, half);
                    let want = l.mma_b.at(lane + 32 * (2 * (reg % 2) + half)).unwrap();
                    assert_eq!(
                        (n, kb),
                        (want % 8 + 8 * (reg / 2), want / 8),
                        "{} B lane {lane} reg {reg} half {half}",
                        majors.describe()
                    );
                }
            }
        }
    }
}

#[test]
fn an_mn_major_operand_with_ragged_rows_lies_in_padded_rows() {
    // M = 1001 M-major: A's K rows of 1001 elements are 1008 apart (16 bytes), on both paths
    let c = GemmConfig::from_flags(&flags(Majors::ALL[1], (1001, 512, 512))).unwrap();
    assert!(cute_gpu::codegen::kernel_source(&c).contains("row pitches A 1008, B 512 elements"));
    let mut g = flags(Majors::ALL[3], (512, 1003, 13));
    g.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into());
    assert!(HopperConfig::from_flags(&g).is_ok());
    let (a, b) = Majors::ALL[3].buffers(512, 1003, 13);
    assert_eq!((a.extent, a.lines, a.pitch), (13, 512, 16));
    assert_eq!((b.extent, b.lines, b.pitch), (1003, 13, 1008));
    // an atom whose 16-byte vectors run along K cannot hold an M-major A on the mma.sync path
    let mut g = flags(Majors::ALL[1], (512, 512, 512));
    g.smem_a = Some("Sw<3,3,3> o (8,64):(64,1)".into());
    let e = GemmConfig::from_flags(&g).unwrap_err().to_string();
    assert!(e.starts_with("--smem-a: 8 consecutive rows"), "{e}");
}

#[test]
fn the_hopper_atom_name_follows_or_must_agree_with_the_flags() {
    // no <…>: the majors follow the flags
    let c = sm90(Majors::ALL[2], (512, 512, 512), |g| {
        g.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into())
    });
    assert_eq!((c.desc_a.transpose(), c.desc_b.transpose()), (1, 1));
    // an explicit <MN,MN> that agrees
    let c = sm90(Majors::ALL[2], (512, 512, 512), |_| {});
    assert_eq!(c.mma, "SM90_64x256x16_F32BF16BF16_SS<MN,MN>");
    // and one that does not
    let mut g = flags(Majors::ALL[3], (512, 512, 512));
    g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into());
    let e = HopperConfig::from_flags(&g).unwrap_err().to_string();
    assert!(
        e.contains("reads B (N×K) K-major, but --b-major is N"),
        "{e}"
    );
}

#[test]
fn many_evenly_spaced_tma_boxes_are_issued_from_a_loop() {
    // MN-major INTER: B's 256 rows are 32 boxes of 8 rows x 64 k, 128 bytes wide, 1024 apart
    let c = sm90(Majors::ALL[2], (512, 512, 512), |g| {
        g.smem_b = Some("gmma_atom(Layout_MN_INTER_Atom, bf16)".into());
    });
    assert_eq!((c.tma_b.boxes.len(), c.tma_b.box_dims), (32, (8, 64)));
    let src = cute_gpu::hopper::codegen::kernel_source(&c);
    assert!(
        src.contains("for (int q = 0; q < 32; ++q) tma_load_2d(sB + s * 32768u + 0u + q * 1024u, &tmB, bars + 8 * s, n0 + 0 + q * 8, kt * 64 + 0 + q * 0);"),
        "{src}"
    );
    // A's two SW128 boxes stay one line each
    assert_eq!(src.matches("&tmA,").count(), 2);
}

#[test]
fn every_majorness_compiles_on_both_paths_without_spills() {
    if crate::helpers::nvrtc_missing() {
        return;
    }
    for majors in Majors::ALL {
        let mut variants = vec![
            Variant::Sm80(sm80(majors, (8192, 8192, 8192))),
            Variant::Sm90(sm90(majors, (8192, 8192, 8192), |_| {})),
            Variant::Sm90(sm90(majors, (8192, 8192, 8192), |g| {
                g.cluster = Some("(2,1)".into());
                g.persistent = true;
                g.tma_store = true;
            })),
        ];
        // every other layout type, with every Hopper knob
        let m = |x: Major| if x == Major::K { "K" } else { "MN" };
        for sw in ["SW64", "SW32", "INTER"] {
            variants.push(Variant::Sm90(sm90(majors, (8192, 8192, 8192), |g| {
                g.smem_a = Some(format!("gmma_atom(Layout_{}_{sw}_Atom, bf16)", m(majors.a)));
                g.smem_b = Some(format!("gmma_atom(Layout_{}_{sw}_Atom, bf16)", m(majors.b)));
                g.cluster = Some("(2,1)".into());
                g.persistent = true;
                g.tma_store = true;
            })));
        }
        let mut g = flags(majors, (8192, 8192, 8192));
        g.tile = Some("(128,256,32)".into());
        g.atom_layout = "(2,4,1)".into();
        variants.push(Variant::Sm80(GemmConfig::from_flags(&g).unwrap()));
        for v in variants {
            let r = cute_gpu::nvrtc::compile(&v.source(), "sm_90a")
                .unwrap_or_else(|e| panic!("{v}: {e}"));
            assert_eq!(r.spill_bytes, Some(0), "{v} spills:\n{}", r.log);
            assert!(
                !r.log.contains("C7508"),
                "{v}: setmaxnreg ignored: {}",
                r.log
            );
        }
    }
}

/// Square and ragged problems (M and N multiples of 8 but not of the tiles, K of 8 but not of
/// BK), every majorness: the result matches cuBLAS (called with the matching transposes) and
/// the fp64 host reference (reading A and B in their majorness).
const SHAPES: [(usize, usize, usize); 2] = [(512, 512, 512), (1000, 776, 520)];

fn run_all(variants: Vec<Variant>) {
    let gpu = Gpu::open().unwrap_or_else(|e| panic!("{e}"));
    let timing = Timing {
        reps: 2,
        rounds: 1,
        flush_l2: false,
    };
    for v in variants {
        if v.supports(&gpu.arch).is_err() {
            eprintln!("skipped on {}: {v}", gpu.arch);
            continue;
        }
        for r in gpu.run(std::slice::from_ref(&v), timing, |_| {}).unwrap() {
            assert!(
                r.verified(),
                "{:?} {}: relative error {}, fp64 sample {:?}",
                r.config.mnk(),
                r.config,
                r.rel_err,
                r.host
            );
        }
    }
}

#[test]
#[ignore = "needs a GPU: run on the device with --ignored"]
fn every_majorness_is_correct_on_the_mma_sync_path() {
    let mut variants = Vec::new();
    for majors in Majors::ALL {
        for mnk in SHAPES {
            variants.push(Variant::Sm80(sm80(majors, mnk)));
            let mut g = flags(majors, mnk);
            g.tile = Some("(128,256,32)".into());
            g.atom_layout = "(2,4,1)".into();
            g.dtype = "f16".into();
            variants.push(Variant::Sm80(GemmConfig::from_flags(&g).unwrap()));
        }
    }
    run_all(variants);
}

#[test]
#[ignore = "needs a Hopper GPU: run on the device with --ignored"]
fn every_majorness_is_correct_on_the_hopper_path() {
    let mut variants = Vec::new();
    for majors in Majors::ALL {
        for mnk in SHAPES {
            variants.push(Variant::Sm90(sm90(majors, mnk, |_| {})));
            variants.push(Variant::Sm90(sm90(majors, mnk, |g| {
                g.persistent = true;
                g.tma_store = true;
            })));
        }
        // every layout type, and a cluster multicasting an MN-major slice
        let m = |x: Major| if x == Major::K { "K" } else { "MN" };
        for sw in ["SW64", "SW32", "INTER"] {
            variants.push(Variant::Sm90(sm90(majors, SHAPES[1], |g| {
                g.smem_a = Some(format!("gmma_atom(Layout_{}_{sw}_Atom, bf16)", m(majors.a)));
                g.smem_b = Some(format!("gmma_atom(Layout_{}_{sw}_Atom, bf16)", m(majors.b)));
            })));
        }
        variants.push(Variant::Sm90(sm90(majors, (1024, 1024, 520), |g| {
            g.cluster = Some("(2,1)".into());
            g.persistent = true;
        })));
    }
    run_all(variants);
}
