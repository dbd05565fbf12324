//! `cute gemm --suite` and the configuration chosen per shape (issue 20): the chosen
//! configurations of skinny, ragged and one-row/one-column shapes verify against cuBLAS and the
//! fp64 host reference on a Hopper GPU (`#[ignore]`d: run on the device with `--ignored suite::`).

use cute::gpu::flags::GemmFlags;
use cute::gpu::hopper::choose::{Given, choose};
use cute::gpu::run::{Gpu, Timing};
use cute::gpu::variant::Variant;

fn chosen(gpu: &Gpu, m: usize, n: usize, k: usize, dtype: &str) -> Variant {
    let f = GemmFlags {
        m,
        n,
        k,
        dtype: dtype.into(),
        ..GemmFlags::new(cute::app::read_gemm_flag)
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
