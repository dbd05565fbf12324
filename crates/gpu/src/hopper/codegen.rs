//! CUDA C++ for the Hopper kernel: TMA loads into swizzled stages (any GMMA layout type, either
//! majorness), wgmma from shared-memory descriptors with the operands' transpose bits,
//! producer/consumer warpgroups synchronised by mbarriers (with fp8 block scales, the producer's
//! second warp copies each k-tile's scales into the stage beside its operands).
//!
//! What comes from layouts: the block raster (block → tile), the descriptors' LBO, SBO, K-slice
//! and per-consumer row offsets (derived from the stage layouts in [`super::config::GmmaDesc`]),
//! the TMA boxes of each stage and where they land ([`super::config::TmaPlan`]),
//! and the epilogue's thread → element mapping, the wgmma accumulator layout
//! `CLayout_64xN = ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))` (CuTe's
//! `mma_traits_sm90_gmma.hpp`) emitted as index arithmetic.

use crate::emit::SmemExpr as _;
use std::fmt::Write as _;

use super::config::{HopperConfig, TmaBox};
use crate::emit::layout_expr;
use cute::algebra::{IntTuple, Layout};

/// The kernel's entry point.
pub const KERNEL_NAME: &str = "cute_gemm_sm90";

/// With split-K, the second kernel's entry point: it sums the S fp32 partial tiles of each
/// element of C in the order s = 0, 1, … and rounds the sum to C's type.
pub const REDUCE_KERNEL_NAME: &str = "cute_gemm_sm90_reduce";

/// Threads per block of the reduction.
pub const REDUCE_THREADS: usize = 256;

/// Elements of C each reduction thread sums (one 16-byte load of each partial).
pub const REDUCE_ELEMENTS: usize = 4;

fn t(v: &[IntTuple]) -> IntTuple {
    IntTuple::tuple(v.to_vec())
}

fn i(v: i64) -> IntTuple {
    IntTuple::int(v)
}

/// The wgmma accumulator layout for 64×N: (thread, value) → column-major (64, N) index.
pub fn c_layout(n: usize) -> Layout {
    Layout::new(
        t(&[t(&[i(4), i(8), i(4)]), t(&[i(2), i(2), i(n as i64 / 8)])]),
        t(&[t(&[i(128), i(1), i(16)]), t(&[i(64), i(8), i(512)])]),
    )
    .expect("congruent")
}

/// The wgmma call of `m64n{n}k{k}` with A of type `ta` and B of `tb` (PTX names): for 16-bit
/// types `imm-trans-a`/`imm-trans-b` are 1 for an MN-major operand (the descriptor then reads it
/// transposed), 0 for K-major; the 8-bit forms (`k32`, e4m3/e5m2) have no transpose operands:
/// wgmma reads them K-major only.
fn wgmma_fn(n: usize, k: usize, (ta, tb): (&str, &str), (trans_a, trans_b): (u32, u32)) -> String {
    let regs = n / 2;
    let list: Vec<String> = (0..regs).map(|r| format!("%{r}")).collect();
    let outs: Vec<String> = (0..regs).map(|r| format!("\"+f\"(d[{r}])")).collect();
    let trans = if k == 16 {
        format!(", {trans_a}, {trans_b}")
    } else {
        String::new()
    };
    format!(
        "__device__ __forceinline__ void wgmma(float (&d)[{regs}], u64 da, u64 db, int acc) {{\n  asm volatile(\"{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{sc}, 0;\\nwgmma.mma_async.sync.aligned.m64n{n}k{k}.f32.{ta}.{tb} {{{list}}}, %{a}, %{b}, p, 1, 1{trans};\\n}}\\n\"\n    : {outs}\n    : \"l\"(da), \"l\"(db), \"r\"(acc));\n}}\n",
        sc = regs + 2,
        a = regs,
        b = regs + 1,
        list = list.join(", "),
        outs = outs.join(", "),
    )
}

/// Wait for every wgmma group of the warpgroup.
const WAIT_GROUP_0: &str = "asm volatile(\"wgmma.wait_group.sync.aligned 0;\\n\" ::: \"memory\");";

/// Wait for every wgmma group but the last committed.
const WAIT_GROUP_1: &str = "asm volatile(\"wgmma.wait_group.sync.aligned 1;\\n\" ::: \"memory\");";

/// Boxes of an operand issued one line each; more (evenly spaced) are issued from a loop.
const MAX_UNROLLED_BOXES: usize = 8;

/// The constant step between consecutive boxes (smem bytes, row, k), when there is one.
fn box_step(boxes: &[TmaBox]) -> Option<(usize, usize, usize)> {
    let (first, second) = (boxes.first()?, boxes.get(1)?);
    let step = (
        second.smem_bytes.checked_sub(first.smem_bytes)?,
        second.row.checked_sub(first.row)?,
        second.k.checked_sub(first.k)?,
    );
    let even = boxes.iter().enumerate().all(|(q, b)| {
        b.smem_bytes == first.smem_bytes + q * step.0
            && b.row == first.row + q * step.1
            && b.k == first.k + q * step.2
    });
    even.then_some(step)
}

/// The kernel's source.
pub fn kernel_source(cfg: &HopperConfig) -> String {
    let (bm, bn, bk) = cfg.tile;
    let n = cfg.atom_n;
    let regs = n / 2;
    // C's type: the inputs' (16-bit), bf16 for fp8 inputs
    let ty = cfg.dtype.output().ptx();
    let fp8 = cfg.dtype.is_fp8();
    // fp8's promotion: each k-tile's sums in dk, added to the fp32 sums in d
    let promote = cfg.promote;
    let stages = cfg.stages;
    let consumers = cfg.consumers;
    let (a_bytes, b_bytes) = (cfg.a_stage_bytes(), cfg.b_stage_bytes());
    let c_bytes = cfg.c_consumer_bytes();
    let (cm, cn) = cfg.cluster;
    let cs = cm * cn;
    let (gm, gn) = cfg.cluster_grid();
    let (preg, creg) = cfg.regs;
    let cl = c_layout(n);
    let (c_thr, c_val) = (cl.mode(0).expect("rank 2"), cl.mode(1).expect("rank 2"));
    let mut s = String::new();
    let w = &mut s;
    let _ = writeln!(
        w,
        "// cute gemm, Hopper path: {cfg}\n// A {bm}x{bk} stage: {}\n// B {bn}x{bk} stage: {}",
        smem_text(&cfg.smem_a),
        smem_text(&cfg.smem_b)
    );
    let _ = writeln!(
        w,
        "// {}\n// wgmma descriptors (derived from the stage layouts): A {} {}-major LBO {} B SBO {} B, K slices at {:?} B, consumer rows at {:?} B; B {} {}-major LBO {} B SBO {} B, K slices at {:?} B",
        cfg.majors.describe(),
        cfg.desc_a.swizzle.name(),
        cfg.majors.a.letter(crate::flags::Operand::A),
        cfg.desc_a.lbo,
        cfg.desc_a.sbo,
        cfg.desc_a.k_offsets,
        cfg.desc_a.row_offsets,
        cfg.desc_b.swizzle.name(),
        cfg.majors.b.letter(crate::flags::Operand::B),
        cfg.desc_b.lbo,
        cfg.desc_b.sbo,
        cfg.desc_b.k_offsets
    );
    for (name, plan) in [("A", &cfg.tma_a), ("B", &cfg.tma_b)] {
        let _ = writeln!(
            w,
            "// TMA {name}: {} box(es) of {}x{} ({} then {}), {} swizzle",
            plan.boxes.len(),
            plan.box_dims.0,
            plan.box_dims.1,
            if plan.major == crate::flags::Major::K {
                "k"
            } else {
                "rows"
            },
            if plan.major == crate::flags::Major::K {
                "rows"
            } else {
                "k"
            },
            plan.swizzle.name()
        );
    }
    if cs > 1 {
        let _ = writeln!(
            w,
            "// cluster ({cm},{cn}): CTA rank r sits at (r % {cm}, r / {cm}); it loads slice r % {cm} of B ({} rows, {} B apart) multicast to its cluster column, slice r / {cm} of A ({} rows, {} B apart) multicast to its cluster row",
            bn / cm,
            cfg.b_slice_bytes,
            bm / cn,
            cfg.a_slice_bytes
        );
    }
    let block = cfg.scaling == Some(crate::config::Scaling::Block);
    let scales = crate::config::BlockScales::of(cfg.m, cfg.n, cfg.k);
    if block {
        let _ = writeln!(
            w,
            "// block scales (fp32): SFA {} (one per row of A and 128 of K, M-major: cuBLASLt's VEC128_32F), SFB {} (one per 128x128 of B, K-major, rows padded to 4: BLK128x128_32F); each k-tile's sums promoted as d += dk * SFA(row, kt) * SFB(n0 / 128, kt)",
            scales.sfa_layout(),
            scales.sfb_layout()
        );
    }
    // block scales: the producer's second warp copies each k-tile's SFB and SFA of the tile's
    // BM rows into the stage beside its operands (`stage_scale_bytes`: SFB, padding to 16 bytes,
    // then SFA) and arrives on the stage's full barrier, a lane each; the consumers read them
    // from the stage with its operands
    let scale_floats = super::config::stage_scale_bytes(bm, block) / 4;
    // fp8: the promotion of each k-tile overlapped with the next k-tile's wgmmas (two sets of
    // k-tile sums in turn), where three sets fit the consumer's registers (the scales through
    // shared memory keep the one-set loop)
    let overlap = cfg.overlaps_promotion();
    // per tensor and persistent: the next work unit's first k-tile issued before this unit's
    // epilogue, so that the tensor cores run it while C is stored
    let stream = overlap && !block && cfg.persistent;
    // the waiting loop (one set of k-tile sums), persistent: the same, the next unit's first
    // k-tile into dk, free once the last k-tile is promoted
    let wait_stream = !overlap && promote && cfg.persistent;
    let streamed = stream || wait_stream;
    if let Some(sc) = &cfg.smem_c {
        let _ = writeln!(
            w,
            "// C staging of each consumer (64x{bn}, TMA store): {}",
            smem_text(sc)
        );
    }
    w.push_str(PRELUDE);
    if block {
        let _ = writeln!(
            w,
            "// the scale warp's copies: n of 4 or 16 bytes (the rest zero-filled), and an arrival on a\n// barrier once this thread's copies have landed (noinc: counted in the barrier's init)\n__device__ __forceinline__ void cp_async_4(u32 dst, const float* src, int n) {{\n  asm volatile(\"cp.async.ca.shared.global [%0], [%1], 4, %2;\\n\" :: \"r\"(dst), \"l\"(src), \"r\"(n) : \"memory\");\n}}\n__device__ __forceinline__ void cp_async_16(u32 dst, const float* src, int n) {{\n  asm volatile(\"cp.async.cg.shared.global [%0], [%1], 16, %2;\\n\" :: \"r\"(dst), \"l\"(src), \"r\"(n) : \"memory\");\n}}\n__device__ __forceinline__ void cp_async_arrive(u32 bar) {{\n  asm volatile(\"cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];\" :: \"r\"(bar) : \"memory\");\n}}"
        );
    }
    w.push_str(&wgmma_fn(
        n,
        cfg.atom_k,
        (cfg.dtype.ptx(), cfg.b_dtype.ptx()),
        (cfg.desc_a.transpose(), cfg.desc_b.transpose()),
    ));
    let _ = writeln!(
        w,
        "__device__ __forceinline__ void fence_acc(float (&d)[{regs}]) {{\n  #pragma unroll\n  for (int i = 0; i < {regs}; ++i) asm volatile(\"\" : \"+f\"(d[i]) :: \"memory\");\n}}"
    );
    let _ = writeln!(
        w,
        "__device__ __forceinline__ u32 pack(float x, float y) {{\n  u32 p; asm(\"cvt.rn.{ty}x2.f32 %0, %2, %1;\" : \"=r\"(p) : \"f\"(x), \"f\"(y)); return p;\n}}"
    );
    let _ = writeln!(
        w,
        "__device__ __forceinline__ void store_pair(unsigned short* C, size_t i, bool both, bool first, float x, float y) {{\n  const u32 p = pack(x, y);\n  if (both && (i % 2 == 0)) {{ *(unsigned*)(C + i) = p; }}\n  else {{ if (first) C[i] = (unsigned short)(p & 0xffff); if (both) C[i + 1] = (unsigned short)(p >> 16); }}\n}}"
    );
    let cluster_attr = if cs > 1 {
        format!(" __cluster_dims__({cs}, 1, 1)")
    } else {
        String::new()
    };
    let tmc_param = if cfg.tma_store {
        " const __grid_constant__ CUtensorMap tmC,"
    } else {
        ""
    };
    let split = cfg.split_k;
    let w_param = if split > 1 {
        " float* __restrict__ W,"
    } else {
        ""
    };
    // fp8: the per-tensor scales of A and B (fp32, in device memory, as cuBLASLt reads them)
    let scale_param = if block {
        " const float* __restrict__ sfa, const float* __restrict__ sfb,"
    } else if fp8 {
        " const float* __restrict__ scale_a, const float* __restrict__ scale_b,"
    } else {
        ""
    };
    if split > 1 {
        let _ = writeln!(
            w,
            "struct alignas(8) f32x2 {{ float x, y; }};\n// split-K: a pair of fp32 partial sums into the workspace, 8 bytes at once where the pair's\n// address is 8-byte aligned: a split's slab starts at W + split M N, odd when M N is odd\n__device__ __forceinline__ void store_partial(float* P, size_t i, bool both, bool first, float x, float y) {{\n  if (both && (((size_t)(P + i) & 7) == 0)) {{ *(f32x2*)(P + i) = f32x2{{x, y}}; }}\n  else {{ if (first) P[i] = x; if (both) P[i + 1] = y; }}\n}}"
        );
    }
    let _ = writeln!(
        w,
        "extern \"C\" __global__ void __launch_bounds__({}, 1){cluster_attr}\n{KERNEL_NAME}(const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB,{tmc_param} unsigned short* __restrict__ C,{w_param}{scale_param} int M, int N, int K)\n{{",
        cfg.threads()
    );
    let _ = writeln!(
        w,
        "  extern __shared__ __align__(1024) unsigned char smem_raw[];\n  // stages 1024-byte aligned: the 128B swizzle repeats every 8 rows x 128 bytes\n  const u32 base = (smem_u32(smem_raw) + 1023u) & ~1023u;\n  const u32 sA = base, sB = base + {}u, sC = sB + {}u, bars = sC + {}u;",
        stages * a_bytes,
        stages * b_bytes,
        consumers * c_bytes
    );
    let _ = writeln!(
        w,
        "  // full[s] at bars + 8 s (TMA bytes landed), empty[s] at bars + 8 ({stages} + s) (consumers done)"
    );
    if block {
        let _ = writeln!(
            w,
            "  // stage s's scales at sfs + {scale_floats} s: SFB(n0 / 128, kt) at [0], SFA(m0 + r, kt) at [4 + r]\n  float* const sfs = (float*)(smem_raw + (bars + {}u - smem_u32(smem_raw)));",
            16 * stages
        );
    }
    let _ = writeln!(
        w,
        "  const int tid = threadIdx.x, wg = tid / 128;\n  const int ktiles = (K + {bk} - 1) / {bk};"
    );
    if cs > 1 {
        let _ = writeln!(
            w,
            "  const u32 rank = cluster_ctarank();\n  const int cr = rank % {cm}, cc = rank / {cm}; // position in the cluster (along M, along N)"
        );
    }
    // the empty barriers collect one arrival per consumer warp of every CTA the stage is
    // multicast from (with a cluster: every CTA of the cluster); the full ones the TMA
    // thread's, and with block scales one a lane of the scale warp
    let _ = writeln!(
        w,
        "  if (tid == 0) {{\n    #pragma unroll\n    for (int s = 0; s < {stages}; ++s) {{ mbar_init(bars + 8 * s, {}); mbar_init(bars + 8 * ({stages} + s), {}); }}\n    asm volatile(\"fence.mbarrier_init.release.cluster;\" ::: \"memory\");\n    asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n  }}",
        if block { 33 } else { 1 },
        consumers * 4 * cs
    );
    if cs > 1 {
        let _ = writeln!(
            w,
            "  // every CTA's barriers are initialised before any peer multicasts into it\n  cluster_sync();"
        );
    } else {
        let _ = writeln!(w, "  __syncthreads();");
    }
    // the tile loop: one tile (cluster of tiles) per block, or a persistent walk
    // (with split-K: over work units, tile-cluster t % (gm gn) of split t / (gm gn))
    let tile_loop = if cfg.persistent {
        format!(
            "for (int t = blockIdx.x / {cs}; t < {}; t += gridDim.x / {cs}) {{",
            gm * gn * split
        )
    } else {
        format!("{{ const int t = blockIdx.x / {cs};")
    };
    let (rm, rn) = if cs > 1 {
        (
            format!(" * {cm} + cr) * {bm}"),
            format!(" * {cn} + cc) * {bn}"),
        )
    } else {
        (format!(") * {bm}"), format!(") * {bn}"))
    };
    let (coords, kt_first, kt_end) = if split > 1 {
        (
            format!(
                "const int split = t / {}, ct = {};\n      const int m0 = ((ct % {gm}){rm}, n0 = ((ct / {gm}){rn};\n      // this split's k-tiles\n      const int kb = (split * ktiles) / {split}, ke = ((split + 1) * ktiles) / {split};",
                gm * gn,
                layout_expr(&cfg.raster, &format!("(t % {})", gm * gn)),
            ),
            "kb",
            "ke",
        )
    } else {
        (
            format!(
                "const int ct = {};\n      const int m0 = ((ct % {gm}){rm}, n0 = ((ct / {gm}){rn};",
                layout_expr(&cfg.raster, "t")
            ),
            "0",
            "ktiles",
        )
    };
    // producer
    let _ = writeln!(
        w,
        "  if (wg == 0) {{\n    asm volatile(\"setmaxnreg.dec.sync.aligned.u32 {preg};\\n\" ::: \"memory\");\n    if (tid == 0) {{\n      int it = 0;\n    {tile_loop}\n      {coords}\n      for (int kt = {kt_first}; kt < {kt_end}; ++kt, ++it) {{\n        const int s = it % {stages}, round = it / {stages};\n        if (round > 0) mbar_wait(bars + 8 * ({stages} + s), (round - 1) & 1);\n        mbar_expect_tx(bars + 8 * s, {});",
        a_bytes + b_bytes
    );
    // A is split over the cluster's CN CTAs along M, B over its CM CTAs along N; a split tile
    // is loaded a slice per CTA and multicast to the CTAs that share it
    let a_mask: u32 = (0..cn).map(|j| 1u32 << (cm * j)).sum();
    let b_mask: u32 = (1u32 << cm) - 1;
    let loads = [
        (
            "sA",
            a_bytes,
            "tmA",
            "m0",
            cn,
            &cfg.tma_a,
            "cc",
            format!("{a_mask:#x}u << cr"),
        ),
        (
            "sB",
            b_bytes,
            "tmB",
            "n0",
            cm,
            &cfg.tma_b,
            "cr",
            format!("{b_mask:#x}u << (cc * {cm})"),
        ),
    ];
    for (smem, stage_bytes, tmap, base, parts, plan, slice, mask) in loads {
        // each box at its place in the stage (from the layout) and its (row, k) in the tile:
        // one line per box, or, for many evenly spaced boxes, a loop over them (fewer
        // instructions and registers in the producer)
        let emit = |w: &mut String, smem_off: &str, row_off: &str, k_off: &str| {
            let (dst, row) = if parts > 1 {
                (
                    format!(
                        "{smem} + s * {stage_bytes}u + {slice} * {}u + {smem_off}",
                        plan.slice_bytes
                    ),
                    format!("{base} + {slice} * {} + {row_off}", plan.slice_rows),
                )
            } else {
                (
                    format!("{smem} + s * {stage_bytes}u + {smem_off}"),
                    format!("{base} + {row_off}"),
                )
            };
            let k = format!("kt * {bk} + {k_off}");
            // the tensor map's first coordinate is its contiguous dimension
            let (c0, c1) = match plan.major {
                crate::flags::Major::K => (k, row),
                crate::flags::Major::MN => (row, k),
            };
            let _ = if parts > 1 {
                writeln!(
                    w,
                    "tma_load_2d_mc({dst}, &{tmap}, bars + 8 * s, {c0}, {c1}, (unsigned short)({mask}));"
                )
            } else {
                writeln!(w, "tma_load_2d({dst}, &{tmap}, bars + 8 * s, {c0}, {c1});")
            };
        };
        match box_step(&plan.boxes) {
            Some((d_smem, d_row, d_k)) if plan.boxes.len() > MAX_UNROLLED_BOXES => {
                let b = &plan.boxes[0];
                let _ = write!(
                    w,
                    "        #pragma unroll 1\n        for (int q = 0; q < {}; ++q) ",
                    plan.boxes.len()
                );
                emit(
                    w,
                    &format!("{}u + q * {d_smem}u", b.smem_bytes),
                    &format!("{} + q * {d_row}", b.row),
                    &format!("{} + q * {d_k}", b.k),
                );
            }
            _ => {
                for b in &plan.boxes {
                    w.push_str("        ");
                    emit(
                        w,
                        &format!("{}u", b.smem_bytes),
                        &b.row.to_string(),
                        &b.k.to_string(),
                    );
                }
            }
        }
    }
    let _ = writeln!(w, "      }}\n    }}");
    if block {
        // SFA(row, kt) at row + kt M (M-major), SFB(n0 / 128, kt) at (n0 / 128) P + kt, the
        // addresses moved along a tile's k-tiles (the producer has 24 registers: computed
        // afresh each k-tile they spilled 4 bytes). The copies are asynchronous (cp.async), each lane's completion an arrival on the stage's
        // full barrier: the warp never waits for a load (a load's latency, about a k-tile's
        // wgmmas, a stage at a time, would pace the pipeline)
        // 16-byte aligned rows of SFA (M a multiple of 4): four rows a lane a copy (bytes past
        // M zero-filled), else one; a lane's address moves M floats a k-tile
        let (rows, copy) = if cfg.m.is_multiple_of(4) {
            (4, "cp_async_16")
        } else {
            (1, "cp_async_4")
        };
        let mut sfa_copy = String::new();
        for j in 0..bm.div_ceil(32 * rows) {
            let (r0, lanes) = (32 * rows * j, (bm - 32 * rows * j).min(32 * rows) / rows);
            let guard = if lanes < 32 {
                format!("if (lane < {lanes}) ")
            } else {
                String::new()
            };
            let n = if rows == 4 {
                format!(
                    "left >= {} ? 16 : left > {r0} ? 4 * (left - {r0}) : 0",
                    r0 + 4
                )
            } else {
                format!("left > {r0} ? 4 : 0")
            };
            let _ = write!(
                sfa_copy,
                "\n        {{ const int n = {n}; {guard}{copy}(ss + {}u + {}u * lane, n > 0 ? fa + {r0} : sfa, n); }}",
                16 + 4 * r0,
                4 * rows
            );
        }
        // a 192-column tile spans two scale blocks of B: the next one's SFB (the last block's
        // again past N, unused) at [1]
        let sfb2_copy = if bn == super::config::WIDE_BLOCK_SCALED_BN {
            format!(
                "\n        if (lane == 1) cp_async_4(ss + 4u, sfb + min(n0 / 128 + 1, {}) * {} + kt, 4);",
                scales.n_blocks - 1,
                scales.sfb_pitch
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            w,
            "    }} else if (tid / 32 == 1) {{\n      // the scale warp: k-tile kt's SFB and SFA of rows m0 .. m0 + {} (past M: 0) copied into its stage\n      const int lane = tid % 32;\n      int it = 0;\n    {tile_loop}\n      {coords}\n      // this tile's SFB row, this lane's first row of SFA and the rows left below M\n      const float* const fb = sfb + (n0 / 128) * {};\n      const float* fa = sfa + (size_t){kt_first} * M + m0 + {rows} * lane;\n      const int left = M - (m0 + {rows} * lane);\n      for (int kt = {kt_first}; kt < {kt_end}; ++kt, ++it, fa += M) {{\n        const int s = it % {stages}, round = it / {stages};\n        if (round > 0) mbar_wait(bars + 8 * ({stages} + s), (round - 1) & 1);\n        const u32 ss = bars + {}u + s * {}u;\n        if (lane == 0) cp_async_4(ss, fb + kt, 4);{sfb2_copy}{sfa_copy}\n        cp_async_arrive(bars + 8 * s);\n      }}\n    }}",
            bm - 1,
            scales.sfb_pitch,
            16 * stages,
            4 * scale_floats,
        );
    }
    let _ = writeln!(w, "    }}\n  }} else {{");
    // consumers
    let _ = writeln!(
        w,
        "    asm volatile(\"setmaxnreg.inc.sync.aligned.u32 {creg};\\n\" ::: \"memory\");\n    const int c = wg - 1, lt = tid % 128;\n    float d[{regs}];{}",
        if promote {
            format!(
                "\n    // fp8: each k-tile's wgmmas into dk, then added to the fp32 sums in d (promotion: the\n    // tensor cores' fp8 accumulation keeps about 14 bits; DeepSeek-V3 3.3.2)\n    float dk[{regs}];{}",
                if overlap {
                    format!(
                        "\n    // the next k-tile's sums, while dk's are promoted (and the other way round)\n    float dk2[{regs}];"
                    )
                } else {
                    String::new()
                }
            )
        } else {
            String::new()
        }
    );
    let row_off: Vec<String> = cfg
        .desc_a
        .row_offsets
        .iter()
        .map(|o| format!("{o}u"))
        .collect();
    let mut sel = row_off.last().cloned().unwrap_or_else(|| "0u".into());
    for (ci, o) in row_off.iter().enumerate().rev().skip(1) {
        sel = format!("c == {ci} ? {o} : {sel}");
    }
    let _ = writeln!(w, "    const u32 a_off = {sel}; // 2 L(64 c, 0)");
    let _ = writeln!(
        w,
        "    const u64 da_c = {:#x}ull, db_c = {:#x}ull;",
        cfg.desc_a.constant(),
        cfg.desc_b.constant()
    );
    // a stage is given back to the producer of every CTA that wrote into it
    let release = if cs > 1 {
        format!("if ((tid % 32) < {cs}) mbar_arrive_cluster(bars + 8 * ({stages} + (S)), tid % 32)")
    } else {
        format!("if ((tid % 32) == 0) mbar_arrive(bars + 8 * ({stages} + (S)))")
    };
    if block {
        // the rows of C this thread holds: the accumulator layout's thread part (row
        // toff % 64) and its value part's rows 0 and 8
        let _ = writeln!(
            w,
            "    // block scaling: this thread's rows of each tile are srow and srow + 8 (CLayout_64x{n})\n    const int srow = 64 * c + ({}) % 64;\n    // stage s's scales of them: SFB, SFA(srow), SFA(srow + 8)\n    auto scales_of = [&](int s, float& sb, float& sa0, float& sa1) {{\n      const float* const ss = sfs + s * {scale_floats};\n      sb = ss[0];\n      sa0 = ss[4 + srow];\n      sa1 = ss[12 + srow];\n    }};",
            layout_expr(&c_thr, "lt"),
        );
    } else if fp8 {
        let _ = writeln!(
            w,
            "    // per-tensor scaling: C = scale_a scale_b (A B^T), applied to the fp32 accumulators\n    const float sab = scale_a[0] * scale_b[0];"
        );
    }
    if streamed {
        let first = if stream {
            overlap_lambdas(w, cfg, &release, (block, true));
            format!("issue(dk, it, 0, true);\n    {WAIT_GROUP_0}")
        } else {
            wait_issue_lambda(w, cfg);
            "issue_next(it, true);".to_string()
        };
        let _ = writeln!(
            w,
            "    int it = 0;\n    // the block's work units t, t + gridDim.x / {cs}, ...; each one's first k-tile is issued before\n    // the last one's epilogue (the first unit's at once)\n    int t = blockIdx.x / {cs};\n    if (t < {units}) {{\n    {first}\n    for (;;) {{\n      {coords}\n      #pragma unroll\n      for (int i = 0; i < {regs}; ++i) d[i] = 0.f;",
            units = gm * gn * split,
        );
    } else {
        let _ = writeln!(
            w,
            "    int it = 0;\n    {tile_loop}\n      {coords}\n      #pragma unroll\n      for (int i = 0; i < {regs}; ++i) d[i] = 0.f;"
        );
    }
    if stream {
        overlap_pairs(w, (kt_first, kt_end), (block, true));
        let _ = writeln!(
            w,
            "      // the next unit's first k-tile (past the block's last unit a dead issue: the last stage\n      // again, unwaited, its sums unused) runs during the epilogue\n      const int tn = t + gridDim.x / {cs}, more = tn < {};\n      issue(dk, it, 0, more);",
            gm * gn * split
        );
    } else if overlap {
        overlap_lambdas(w, cfg, &release, (block, false));
        overlap_pairs(w, (kt_first, kt_end), (block, false));
    } else {
        k_loop(w, cfg, (kt_first, kt_end), &release, (block, wait_stream));
        if wait_stream {
            let _ = writeln!(
                w,
                "      // the next unit's first k-tile (past the block's last unit a dead issue: the last stage\n      // again, unwaited, its sums unused) runs during the epilogue\n      const int tn = t + gridDim.x / {cs}, more = tn < {};\n      issue_next(it, more);",
                gm * gn * split
            );
        }
    }
    if fp8 && !block {
        let _ = writeln!(
            w,
            "      #pragma unroll\n      for (int i = 0; i < {regs}; ++i) d[i] *= sab;"
        );
    }
    // epilogue from the accumulator layout
    let _ = writeln!(
        w,
        "      // epilogue: CLayout_64x{n} {cl}, thread part at lt, value parts constant\n      const int toff = {};",
        layout_expr(&c_thr, "lt")
    );
    let vals = c_val.size().expect("static") as usize;
    match &cfg.smem_c {
        None => {
            // each thread's pairs straight from the registers: into C, or with split-K as fp32
            // partials into the split's slab of the workspace
            let (dest, store) = if split > 1 {
                let _ = writeln!(
                    w,
                    "      // split-K: this split's partial tile into its slab of the workspace\n      float* P = W + (size_t)split * M * N;"
                );
                ("P", "store_partial")
            } else {
                ("C", "store_pair")
            };
            let _ = writeln!(
                w,
                "      const int r0 = m0 + 64 * c + toff % 64, c0 = n0 + toff / 64;"
            );
            for v in (0..vals).step_by(2) {
                let o = c_val.at(v as i64).expect("in range");
                let (vr, vc) = (o % 64, o / 64);
                let _ = writeln!(
                    w,
                    "      if (r0 + {vr} < M) {store}({dest}, (size_t)(r0 + {vr}) * N + c0 + {vc}, c0 + {} < N, c0 + {vc} < N, d[{v}], d[{}]);",
                    vc + 1,
                    v + 1
                );
            }
        }
        Some(sc) => {
            let chunk = cfg.c_chunk;
            let _ = writeln!(
                w,
                "      // C through shared memory, {chunk} columns at a time\n      const u32 sc_base = sC + c * {c_bytes}u;\n      const int er = toff % 64, ec = toff / 64;"
            );
            for q in 0..bn / chunk {
                let _ = writeln!(
                    w,
                    "      // columns {}..{}: the last TMA store has read this consumer's staging\n      if (lt == 0) asm volatile(\"cp.async.bulk.wait_group.read 0;\" ::: \"memory\");\n      named_sync(1 + c, 128);",
                    q * chunk,
                    (q + 1) * chunk
                );
                for v in (0..vals).step_by(2) {
                    let o = c_val.at(v as i64).expect("in range");
                    let (vr, vc) = ((o % 64) as usize, (o / 64) as usize);
                    if vc / chunk != q {
                        continue;
                    }
                    let off = sc.expr_2d(
                        &format!("(er + {vr})"),
                        &format!("(ec + {})", vc - q * chunk),
                    );
                    let _ = writeln!(
                        w,
                        "      st_shared_u32(sc_base + 2u * ({off}), pack(d[{v}], d[{}]));",
                        v + 1
                    );
                }
                let _ = writeln!(
                    w,
                    "      asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n      named_sync(1 + c, 128);\n      if (lt == 0) {{"
                );
                for b in 0..chunk / 64 {
                    let _ = writeln!(
                        w,
                        "        tma_store_2d(&tmC, sc_base + {}u, n0 + {}, m0 + 64 * c);",
                        b * 64 * 64 * 2,
                        q * chunk + b * 64
                    );
                }
                let _ = writeln!(
                    w,
                    "        asm volatile(\"cp.async.bulk.commit_group;\" ::: \"memory\");\n      }}"
                );
            }
        }
    }
    if streamed {
        // nothing in flight across the loop's back edge (else ptxas serialises the wgmmas)
        let _ = writeln!(
            w,
            "      {WAIT_GROUP_0}\n      if (!more) break;\n      t = tn;\n    }}\n    }}"
        );
    } else {
        let _ = writeln!(w, "    }}");
    }
    if cfg.tma_store {
        let _ = writeln!(
            w,
            "    // the stores have read shared memory before the block ends\n    if (lt == 0) asm volatile(\"cp.async.bulk.wait_group 0;\" ::: \"memory\");"
        );
    }
    let _ = writeln!(w, "  }}");
    if cs > 1 {
        let _ = writeln!(
            w,
            "  // no CTA leaves while a peer may still arrive on its barriers\n  cluster_sync();"
        );
    }
    let _ = writeln!(w, "}}");
    if split > 1 {
        reduce_kernel(w, cfg);
    }
    s
}

/// A k-tile's wgmmas, one per K slice of the stage (the descriptors' K offsets from the stage
/// layouts, [`super::config::GmmaDesc`]), accumulating into `acc`; with `fresh`, the first
/// slice's scale-d is 0 (the k-tile's sums start from zero: fp8's promoted sets), else every
/// slice adds to `acc`.
fn k_slices(w: &mut String, cfg: &HopperConfig, acc: &str, fresh: bool) {
    for (j, (ka, kb)) in cfg
        .desc_a
        .k_offsets
        .iter()
        .zip(&cfg.desc_b.k_offsets)
        .enumerate()
    {
        let _ = writeln!(
            w,
            "        wgmma({acc}, desc(da_c, a_st + {ka}u), desc(db_c, b_st + {kb}u), {});",
            u32::from(!fresh || j > 0)
        );
    }
}

/// The consumer's k-tile loop: each k-tile's wgmmas into the accumulators (16-bit, fast
/// accumulation: d, waiting one k-tile behind) or, promoted, into dk, waited for and added to d
/// (with block scales: scaled by the k-tile's SFA and SFB, read from the stage, on the way).
/// Promoted, whatever does not need the k-tile's sums is done while its wgmmas run: the scales
/// read and multiplied, the next k-tile's stage waited for (its full barrier); after the wait
/// only the stage's release and the promotion stand before the next issue. The tensor cores
/// idle through that span unless the other consumer's wgmmas fill it (measured: block-scaled
/// 8192³ from 94–95% to 101.5% of cuBLASLt with this order, BENCHMARKS.md session 27).
fn k_loop(
    w: &mut String,
    cfg: &HopperConfig,
    (kt_first, kt_end): (&str, &str),
    release: &str,
    (block, stream): (bool, bool),
) {
    let (stages, regs, promote) = (cfg.stages, cfg.atom_n / 2, cfg.promote);
    let (a_bytes, b_bytes) = (cfg.a_stage_bytes(), cfg.b_stage_bytes());
    let wide = block && cfg.atom_n == super::config::WIDE_BLOCK_SCALED_BN;
    let scale_floats = super::config::stage_scale_bytes(64 * cfg.consumers, block) / 4;
    // fp8: the k-tile's wgmmas write dk (the first with scale-d 0), then dk is added to d
    let acc = if promote { "dk" } else { "d" };
    let issue_head = format!(
        "        const u32 a_st = sA + s * {a_bytes}u + a_off, b_st = sB + s * {b_bytes}u;\n        asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc({acc});"
    );
    if !promote {
        let _ = writeln!(
            w,
            "      for (int kt = {kt_first}; kt < {kt_end}; ++kt, ++it) {{\n        const int s = it % {stages};\n        mbar_wait(bars + 8 * s, (it / {stages}) & 1);\n{issue_head}"
        );
        k_slices(w, cfg, acc, promote);
    }
    if promote {
        // with block scales: the stage's scales read before it is given back
        let (scales, add) = if wide {
            // register i holds column 8 (i / 4) (+ 0..7) of the tile: a 192-column tile spans
            // two of B's scale blocks, split at column 128 - n0 % 128 (128 or 64: n0 is a
            // multiple of 192), so columns 0..63 take SFB(n0 / 128), 128..191 the next block's,
            // and 64..127 the one the split gives them: two selects a k-tile, no branch
            (
                format!(
                    "        float sb, sa0, sa1;\n        scales_of(s, sb, sa0, sa1);\n        const float sb2 = sfs[s * {scale_floats} + 1];\n        const float s0 = sa0 * sb, s1 = sa1 * sb, t0 = sa0 * sb2, t1 = sa1 * sb2;\n        const float u0 = n0 % 128 == 0 ? s0 : t0, u1 = n0 % 128 == 0 ? s1 : t1;\n"
                ),
                format!(
                    "#pragma unroll\n        for (int i = 0; i < {regs}; ++i) d[i] = fmaf(dk[i], 8 * (i / 4) < 64 ? ((i / 2) % 2 ? s1 : s0) : 8 * (i / 4) < 128 ? ((i / 2) % 2 ? u1 : u0) : ((i / 2) % 2 ? t1 : t0), d[i]);"
                ),
            )
        } else if block {
            (
                "        float sb, sa0, sa1;\n        scales_of(s, sb, sa0, sa1);\n        const float s0 = sa0 * sb, s1 = sa1 * sb;\n".to_string(),
                // register i holds row srow + 8 ((i / 2) % 2) of the tile (CLayout_64xN)
                format!(
                    "#pragma unroll\n        for (int i = 0; i < {regs}; ++i) d[i] = fmaf(dk[i], (i / 2) % 2 ? s1 : s0, d[i]);"
                ),
            )
        } else {
            (
                String::new(),
                format!("#pragma unroll\n        for (int i = 0; i < {regs}; ++i) d[i] += dk[i];"),
            )
        };
        // while the wgmmas run: the k-tile's scales read from the stage and their products
        // formed, and the next k-tile's stage waited for; then the promotion is all that
        // stands between this k-tile's end and the next one's issue
        let finish = format!(
            "{scales}        if (kt + 1 < {kt_end}) mbar_wait(bars + 8 * ((it + 1) % {stages}), ((it + 1) / {stages}) & 1);\n        // this k-tile's wgmmas are done: give the stage back, add its sums to d\n        asm volatile(\"wgmma.wait_group.sync.aligned 0;\\n\" ::: \"memory\");\n        fence_acc(dk);\n        {};\n        {add}",
            release.replace("(S)", "s"),
        );
        // streamed, the unit's first k-tile was issued (and its stage waited for) before the
        // last unit's epilogue: here it is finished, and the loop takes the rest; else the
        // loop waits for the unit's first stage itself (the others are waited for ahead)
        let (first, full_wait) = if stream {
            let _ = writeln!(
                w,
                "      {{\n        const int s = it % {stages}, kt = {kt_first};\n{finish}\n      }}\n      ++it;"
            );
            (format!("{kt_first} + 1"), String::new())
        } else {
            (
                kt_first.to_string(),
                format!(
                    "        if (kt == {kt_first}) mbar_wait(bars + 8 * s, (it / {stages}) & 1);\n"
                ),
            )
        };
        let _ = writeln!(
            w,
            "      for (int kt = {first}; kt < {kt_end}; ++kt, ++it) {{\n        const int s = it % {stages};\n{full_wait}{issue_head}"
        );
        k_slices(w, cfg, acc, promote);
        let _ = writeln!(
            w,
            "        asm volatile(\"wgmma.commit_group.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc(dk);\n{finish}\n      }}"
        );
    } else {
        let _ = writeln!(
            w,
            "        asm volatile(\"wgmma.commit_group.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc(d);\n        // the previous stage's wgmmas are done: give its buffers back\n        asm volatile(\"wgmma.wait_group.sync.aligned 1;\\n\" ::: \"memory\");\n        fence_acc(d);\n        if (kt > {kt_first}) {};\n      }}\n      asm volatile(\"wgmma.wait_group.sync.aligned 0;\\n\" ::: \"memory\");\n      fence_acc(d);\n      {};",
            release.replace("(S)", &format!("(it - 1) % {stages}")),
            release.replace("(S)", &format!("(it - 1) % {stages}")),
        );
    }
}

/// The waiting loop's issue of a work unit's first k-tile into dk, as a lambda (persistent:
/// issued before the last unit's epilogue, [`k_loop`] finishes it): with `live` false (past the
/// block's last unit) it issues the last stage again, unwaited, and its sums go unused, so that
/// no branch stands between a wgmma and its wait.
fn wait_issue_lambda(w: &mut String, cfg: &HopperConfig) {
    let stages = cfg.stages;
    let (a_bytes, b_bytes) = (cfg.a_stage_bytes(), cfg.b_stage_bytes());
    let _ = writeln!(
        w,
        "    // a unit's first k-tile (iteration it_ of the stage ring) issued into dk\n    auto issue_next = [&](int it_, bool live) {{\n        const int s = (live ? it_ : it_ - 1) % {stages};\n        if (live) mbar_wait(bars + 8 * s, (it_ / {stages}) & 1);\n        const u32 a_st = sA + s * {a_bytes}u + a_off, b_st = sB + s * {b_bytes}u;\n        asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc(dk);"
    );
    k_slices(w, cfg, "dk", true);
    let _ = writeln!(
        w,
        "        asm volatile(\"wgmma.commit_group.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc(dk);\n    }};"
    );
}

/// The overlapped promotion's two steps, as lambdas: `issue` waits for a stage and issues its
/// k-tile's wgmmas into one set (with block scales: then reads the k-tile's scales from the
/// stage, where the producer's scale warp put them, after the wgmmas: a read before them
/// would hold up `wgmma.fence`, which orders all prior register writes); `promote` gives the stage back and
/// adds the set's sums to d (scaled, with block scales). With `live` (the stream over work
/// units), `issue` takes whether a k-tile is there at all: past the block's last unit it
/// issues the last stage again, unwaited, and its sums go unused, so that no branch stands
/// between a wgmma and its wait.
fn overlap_lambdas(w: &mut String, cfg: &HopperConfig, release: &str, (block, live): (bool, bool)) {
    let (stages, regs) = (cfg.stages, cfg.atom_n / 2);
    let (a_bytes, b_bytes) = (cfg.a_stage_bytes(), cfg.b_stage_bytes());
    let (sc_param, sc_arg) = if block {
        (
            ", float& sb, float& sa0, float& sa1",
            ", float sb, float sa0, float sa1",
        )
    } else {
        ("", "")
    };
    // with `live`: a dead issue reads the last stage again without waiting
    let (live_param, stage, wait) = if live {
        (
            ", bool live",
            format!("(live ? it_ : it_ - 1) % {stages}"),
            "if (live) ",
        )
    } else {
        ("", format!("it_ % {stages}"), "")
    };
    let _ = writeln!(
        w,
        "      // k-tile kt_ (iteration it_ of the stage ring) issued into acc\n      auto issue = [&](float (&acc)[{regs}], int it_, int kt_{sc_param}{live_param}) {{\n        const int s = {stage};\n        {wait}mbar_wait(bars + 8 * s, (it_ / {stages}) & 1);\n        const u32 a_st = sA + s * {a_bytes}u + a_off, b_st = sB + s * {b_bytes}u;\n        asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc(acc);"
    );
    k_slices(w, cfg, "acc", true);
    let add = if block {
        format!(
            "const float s0 = sa0 * sb, s1 = sa1 * sb;\n        // register i holds row srow + 8 ((i / 2) % 2) of the tile (CLayout_64xN)\n        #pragma unroll\n        for (int i = 0; i < {regs}; ++i) d[i] = fmaf(acc[i], (i / 2) % 2 ? s1 : s0, d[i]);"
        )
    } else {
        format!("#pragma unroll\n        for (int i = 0; i < {regs}; ++i) d[i] += acc[i];")
    };
    let _ = writeln!(
        w,
        "        asm volatile(\"wgmma.commit_group.sync.aligned;\\n\" ::: \"memory\");\n        fence_acc(acc);{}\n      }};\n      // iteration it_'s sums in acc are done: give its stage back, add them to d\n      auto promote = [&](float (&acc)[{regs}], int it_{sc_arg}) {{\n        fence_acc(acc);\n        {};\n        {add}\n      }};",
        if block {
            "\n        (void)kt_;\n        // its scales from the stage, used when its sums are promoted (a k-tile later)\n        scales_of(s, sb, sa0, sa1);"
        } else {
            "\n        (void)kt_;"
        },
        release.replace("(S)", &format!("(it_ % {stages})"))
    );
}

/// The promoted k-tile loop with the promotion overlapped ([`overlap_lambdas`]): k-tile kt's
/// wgmmas go to dk or dk2 in turn; k-tile kt + 1's are issued before kt's are waited for
/// (`wgmma.wait_group 1`), so the tensor cores run kt + 1 while kt's sums are added to d. The
/// loop body is unrolled by two so that each set is a compile-time register array, and no
/// branch stands between a wgmma and its wait (ptxas serialises the wgmmas where it cannot
/// follow them: C7514). With `stream`, the unit's first k-tile was issued (and has ended)
/// before the loop.
fn overlap_pairs(w: &mut String, (kt_first, kt_end): (&str, &str), (block, stream): (bool, bool)) {
    let (x, y) = if block {
        (", sbx, sa0x, sa1x", ", sby, sa0y, sa1y")
    } else {
        ("", "")
    };
    if block {
        let _ = writeln!(
            w,
            "      float sbx = 0.f, sa0x = 0.f, sa1x = 0.f, sby = 0.f, sa0y = 0.f, sa1y = 0.f;"
        );
    }
    let (wait1, wait0) = (WAIT_GROUP_1, WAIT_GROUP_0);
    let live = if stream { ", true" } else { "" };
    let _ = writeln!(
        w,
        "{}      int kt = {kt_first};\n      for (; kt + 2 < {kt_end}; kt += 2) {{\n        issue(dk2, it + 1, kt + 1{y}{live});\n        {wait1}\n        promote(dk, it{x});\n        ++it;\n        issue(dk, it + 1, kt + 2{x}{live});\n        {wait1}\n        promote(dk2, it{y});\n        ++it;\n      }}\n      // the last one or two k-tiles\n      if (kt + 1 < {kt_end}) {{\n        issue(dk2, it + 1, kt + 1{y}{live});\n        {wait1}\n        promote(dk, it{x});\n        ++it;\n        {wait0}\n        promote(dk2, it{y});\n        ++it;\n      }} else {{\n        {wait0}\n        promote(dk, it{x});\n        ++it;\n      }}",
        if stream {
            String::new()
        } else {
            format!("      issue(dk, it, {kt_first}{x});\n")
        }
    );
}

/// The split-K reduction: C[e] = Σ_{s=0}^{S-1} W[s·M·N + e], summed in that order (the same
/// bits every run), rounded to C's type; [`REDUCE_ELEMENTS`] consecutive elements a thread,
/// read 16 bytes at a time when every slab starts 16-byte aligned (M·N a multiple of 4).
fn reduce_kernel(w: &mut String, cfg: &HopperConfig) {
    let split = cfg.split_k;
    let total = cfg.m * cfg.n;
    let e = REDUCE_ELEMENTS;
    let vector = total.is_multiple_of(e);
    let _ = writeln!(
        w,
        "// split-K reduction: {split} fp32 partials of each of the {total} elements of C, summed in split order\nstruct alignas(16) f32x4 {{ float x, y, z, w; }};\nextern \"C\" __global__ void __launch_bounds__({REDUCE_THREADS})\n{REDUCE_KERNEL_NAME}(const float* __restrict__ W, unsigned short* __restrict__ C)\n{{\n  const long long total = {total}ll;\n  for (long long e = {e}ll * ((long long)blockIdx.x * blockDim.x + threadIdx.x); e < total; e += {e}ll * gridDim.x * blockDim.x) {{\n    float acc[{e}] = {{0.f, 0.f, 0.f, 0.f}};"
    );
    if vector {
        let _ = writeln!(
            w,
            "    #pragma unroll\n    for (int s = 0; s < {split}; ++s) {{\n      const f32x4 v = *(const f32x4*)(W + s * total + e);\n      acc[0] += v.x; acc[1] += v.y; acc[2] += v.z; acc[3] += v.w;\n    }}\n    *(u32*)(C + e) = pack(acc[0], acc[1]);\n    *(u32*)(C + e + 2) = pack(acc[2], acc[3]);"
        );
    } else {
        let _ = writeln!(
            w,
            "    #pragma unroll\n    for (int s = 0; s < {split}; ++s)\n      #pragma unroll\n      for (int j = 0; j < {e}; ++j) if (e + j < total) acc[j] += W[s * total + e + j];\n    #pragma unroll\n    for (int j = 0; j < {e}; j += 2) if (e + j < total) store_pair(C, e + j, e + j + 1 < total, true, acc[j], acc[j + 1]);"
        );
    }
    let _ = writeln!(w, "  }}\n}}");
}

/// Blocks of the split-K reduction on a GPU of `sms` multiprocessors: enough threads for every
/// group of [`REDUCE_ELEMENTS`] elements, at most 8 blocks an SM (the threads loop beyond).
pub fn reduce_blocks(cfg: &HopperConfig, sms: usize) -> usize {
    let groups = (cfg.m * cfg.n).div_ceil(REDUCE_ELEMENTS);
    groups.div_ceil(REDUCE_THREADS).clamp(1, 8 * sms.max(1))
}

fn smem_text(s: &cute::analysis::bank::SmemLayout) -> String {
    match s.swizzle() {
        Some(sw) => format!("{sw} o {}", s.layout()),
        None => s.layout().to_string(),
    }
}

const PRELUDE: &str = r#"
// No CUDA headers: NVRTC has none built in; the few operations needed are inline PTX.
typedef unsigned int u32;
typedef unsigned long long u64;
struct alignas(64) CUtensorMap { u64 opaque[16]; };
__device__ __forceinline__ u32 smem_u32(const void* p) {
  u32 r; asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p)); return r;
}
__device__ __forceinline__ void mbar_init(u32 bar, u32 count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(u32 bar, u32 bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(u32 bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_wait(u32 bar, u32 parity) {
  u32 done;
  do {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar), "r"(parity) : "memory");
  } while (!done);
}
__device__ __forceinline__ void tma_load_2d(u32 dst, const CUtensorMap* map, u32 bar, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               :: "r"(dst), "l"((u64)map), "r"(bar), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void tma_load_2d_mc(u32 dst, const CUtensorMap* map, u32 bar, int c0, int c1, unsigned short mask) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%3, %4}], [%2], %5;"
               :: "r"(dst), "l"((u64)map), "r"(bar), "r"(c0), "r"(c1), "h"(mask) : "memory");
}
__device__ __forceinline__ void tma_store_2d(const CUtensorMap* map, u32 src, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];"
               :: "l"((u64)map), "r"(src), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ u32 cluster_ctarank() {
  u32 r; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r)); return r;
}
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\n" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire;\n" ::: "memory");
}
// arrive on the barrier at the same offset in CTA `cta` of the cluster
__device__ __forceinline__ void mbar_arrive_cluster(u32 bar, u32 cta) {
  asm volatile("{ .reg .b32 ra; mapa.shared::cluster.u32 ra, %0, %1; mbarrier.arrive.shared::cluster.b64 _, [ra]; }"
               :: "r"(bar), "r"(cta) : "memory");
}
__device__ __forceinline__ void named_sync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void st_shared_u32(u32 addr, u32 v) {
  asm volatile("st.shared.u32 [%0], %1;" :: "r"(addr), "r"(v) : "memory");
}
// a wgmma descriptor: the constant fields (LBO, SBO, swizzle mode) and the start address >> 4
__device__ __forceinline__ u64 desc(u64 constant, u32 addr) { return constant | (u64)((addr & 0x3FFFFu) >> 4); }
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flags::GemmFlags;

    #[test]
    fn the_accumulator_layout_is_the_ptx_fragment() {
        // PTX ISA, wgmma 64xNx16 D fragment: thread t of the warpgroup, register j:
        // row = 16 (t / 32) + (t % 32) / 4 + 8 ((j / 2) % 2), col = 8 (j / 4) + 2 (t % 4) + j % 2
        let l = c_layout(256);
        for t in 0..128i64 {
            for j in 0..128i64 {
                let o = l
                    .eval(&IntTuple::tuple([IntTuple::int(t), IntTuple::int(j)]))
                    .unwrap();
                let row = 16 * (t / 32) + (t % 32) / 4 + 8 * ((j / 2) % 2);
                let col = 8 * (j / 4) + 2 * (t % 4) + j % 2;
                assert_eq!(o, row + 64 * col, "t {t} j {j}");
            }
        }
    }

    #[test]
    fn the_kernel_compiles_with_nvrtc() {
        if crate::nvrtc::missing_for_test() {
            return;
        }
        let f = GemmFlags {
            mma: Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into()),
            ..GemmFlags::new(crate::flags::read_flag)
        };
        let cfg = HopperConfig::from_flags(&f).unwrap();
        let src = kernel_source(&cfg);
        let c = crate::nvrtc::compile(&src, "sm_90a").unwrap_or_else(|e| panic!("{e}"));
        assert!(!c.cubin.is_empty());
        assert_eq!(c.spill_bytes, Some(0), "{}", c.log);
        assert!(!c.log.contains("C7508"), "setmaxnreg ignored: {}", c.log);
    }
    /// Every fp8 form (e4m3, e5m2, mixed) with each epilogue compiles for sm_90a with no
    /// spills, and its wgmma is the k32 form without transpose operands.
    #[test]
    fn the_fp8_kernels_compile_with_nvrtc() {
        type Form = (&'static str, Option<&'static str>, fn(&mut GemmFlags));
        let forms: [Form; 4] = [
            ("e4m3", None, |_| {}),
            ("e5m2", Some("e4m3"), |g| g.tma_store = true),
            ("e4m3", Some("e5m2"), |g| {
                g.persistent = true;
                g.split_k = Some(2);
            }),
            ("e5m2", None, |g| g.cluster = Some("(2,1)".into())),
        ];
        let nvrtc = !crate::nvrtc::missing_for_test();
        for (a, b, knobs) in forms {
            let mut f = GemmFlags {
                dtype: a.into(),
                b_dtype: b.map(str::to_string),
                mma: Some(super::super::config::default_sm90_mma(
                    a,
                    b,
                    Default::default(),
                    true,
                )),
                ..GemmFlags::new(crate::flags::read_flag)
            };
            knobs(&mut f);
            let cfg = HopperConfig::from_flags(&f).unwrap_or_else(|e| panic!("{a} {b:?}: {e}"));
            let src = kernel_source(&cfg);
            let want = format!(
                "wgmma.mma_async.sync.aligned.m64n128k32.f32.{a}.{} ",
                b.unwrap_or(a)
            );
            assert!(src.contains(&want), "{want}");
            assert!(src.contains("p, 1, 1;"));
            // the promotion overlapped with the next k-tile's wgmmas (two sets of k-tile sums
            // in turn, one wgmma group in flight) where three sets fit: 2 consumers at N = 128
            let overlap = cfg.overlaps_promotion();
            assert!(overlap, "{cfg}");
            if overlap {
                assert!(src.contains("d[i] += acc[i]") && src.contains("issue(dk2, it + 1"));
                assert!(src.contains("wgmma.wait_group.sync.aligned 1;"));
                assert!(
                    src.contains("setmaxnreg.inc.sync.aligned.u32 240;"),
                    "{cfg}"
                );
                // persistent: the next work unit's first k-tile runs during the epilogue
                assert_eq!(
                    src.contains("issue(dk, it, 0, more);"),
                    cfg.persistent,
                    "{cfg}"
                );
            } else {
                assert!(src.contains("d[i] += dk[i]"));
            }
            assert!(src.contains("scale_a[0] * scale_b[0]"));
            if src.contains("store_partial") {
                // a split's slab starts at W + split M N: the pair store checks its address
                assert!(src.contains("(((size_t)(P + i) & 7) == 0)"));
            }
            if nvrtc {
                let c = crate::nvrtc::compile(&src, "sm_90a").unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(c.spill_bytes, Some(0), "{a} {b:?}: {}", c.log);
                // no wgmma serialised by ptxas (C7514: a kernel that compiles clean and runs every
                // wgmma in turn; the loop shapes that avoid it are in `overlap_pairs`)
                assert!(!c.log.contains("C7514"), "wgmmas serialised: {}", c.log);
            }
        }
        // --scale block: each k-tile's sums promoted with A's row scales and B's block scale,
        // with each epilogue, split-K and a cluster
        type Knob = fn(&mut GemmFlags);
        let knobs: [Knob; 6] = [
            |_| {},
            |g| {
                g.persistent = true;
                g.tma_store = true;
            },
            |g| {
                g.persistent = true;
                g.split_k = Some(2);
            },
            |g| g.cluster = Some("(2,1)".into()),
            // one consumer
            |g| {
                g.consumers = Some(1);
                g.persistent = true;
                g.tma_store = true;
            },
            |g| {
                g.consumers = Some(1);
                g.persistent = true;
                g.split_k = Some(2);
            },
        ];
        for knob in knobs {
            let mut f = GemmFlags {
                dtype: "e4m3".into(),
                scale: Some("block".into()),
                m: 1000,
                n: 1000,
                k: 1024,
                mma: Some(super::super::config::default_sm90_mma(
                    "e4m3",
                    None,
                    Default::default(),
                    true,
                )),
                ..GemmFlags::new(crate::flags::read_flag)
            };
            knob(&mut f);
            let cfg = HopperConfig::from_flags(&f).unwrap();
            let src = kernel_source(&cfg);
            assert!(src.contains("SFA (1000,8):(1,1000)") && src.contains("SFB (8,8):(8,1)"));
            assert!(!src.contains("sab"), "no per-tensor scale");
            // the producer's scale warp copies each k-tile's scales into the stage (16 bytes
            // for SFB, 4 a row of the tile for SFA) and arrives on its full barrier, a lane
            // each; no consumer loads a scale from global memory
            assert!(src.contains("} else if (tid / 32 == 1) {"), "{cfg}");
            assert!(src.contains("mbar_init(bars + 8 * s, 33)"), "{cfg}");
            // asynchronous copies, each lane's landing an arrival (M = 1000: 16-byte rows)
            assert!(src.contains("cp_async_16(ss + 16u + 16u * lane, n > 0 ? fa + 0 : sfa, n)"));
            assert!(src.contains("cp_async_arrive(bars + 8 * s);"));
            assert!(
                !src.contains("sa0 = ra < M"),
                "no scale loads in the consumers"
            );
            // the promotion overlapped but in a cluster (registers), each set's scales read
            // from the stage after its k-tile's wgmmas are issued
            let overlap = cfg.overlaps_promotion();
            assert_eq!(overlap, cfg.cluster == (1, 1), "{cfg}");
            if overlap {
                assert!(src.contains("d[i] = fmaf(acc[i], (i / 2) % 2 ? s1 : s0, d[i])"));
                assert!(src.contains("scales_of(s, sb, sa0, sa1)"));
                assert!(src.contains("issue(dk2, it + 1, kt + 1, sby, sa0y, sa1y)"));
            } else {
                assert!(src.contains("d[i] = fmaf(dk[i], (i / 2) % 2 ? s1 : s0, d[i])"));
                // the waiting loop reads the scales and forms their products, and waits for
                // the next stage, while the k-tile's wgmmas run
                assert!(src.contains("scales_of(s, sb, sa0, sa1);\n        const float s0 = sa0 * sb, s1 = sa1 * sb;\n        if (kt + 1 < "));
            }
            let without = cfg.stages * (cfg.a_stage_bytes() + cfg.b_stage_bytes())
                + cfg.consumers * cfg.c_consumer_bytes()
                + 1024
                + 16 * cfg.stages;
            assert_eq!(
                cfg.smem_bytes() - without,
                cfg.stages * (16 + 4 * cfg.tile.0),
                "{cfg}"
            );
            if nvrtc {
                let c = crate::nvrtc::compile(&src, "sm_90a").unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(c.spill_bytes, Some(0), "block scaled {cfg}: {}", c.log);
                // no wgmma serialised by ptxas (C7514: a kernel that compiles clean and runs every
                // wgmma in turn; the loop shapes that avoid it are in `overlap_pairs`)
                assert!(!c.log.contains("C7514"), "wgmmas serialised: {}", c.log);
            }
        }
        // M = 4095: SFA's rows are not 16-byte aligned, one 4-byte copy a row
        let f = GemmFlags {
            dtype: "e4m3".into(),
            scale: Some("block".into()),
            m: 4095,
            n: 4097,
            k: 4096,
            persistent: true,
            mma: Some(super::super::config::default_sm90_mma(
                "e4m3",
                None,
                Default::default(),
                true,
            )),
            ..GemmFlags::new(crate::flags::read_flag)
        };
        let cfg = HopperConfig::from_flags(&f).unwrap();
        let src = kernel_source(&cfg);
        assert!(src.contains("cp_async_4(ss + 400u + 4u * lane, n > 0 ? fa + 96 : sfa, n)"));
        assert!(!src.contains("cp_async_16(ss"));
        if nvrtc {
            let c = crate::nvrtc::compile(&src, "sm_90a").unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(c.spill_bytes, Some(0), "M = 4095 block scaled: {}", c.log);
            // no wgmma serialised by ptxas (C7514: a kernel that compiles clean and runs every
            // wgmma in turn; the loop shapes that avoid it are in `overlap_pairs`)
            assert!(!c.log.contains("C7514"), "wgmmas serialised: {}", c.log);
        }
        // --fast-accum: one set of accumulators, N = 256, the 16-bit path's pipeline
        let f = GemmFlags {
            dtype: "e4m3".into(),
            fast_accum: true,
            persistent: true,
            tma_store: true,
            mma: Some(super::super::config::default_sm90_mma(
                "e4m3",
                None,
                Default::default(),
                false,
            )),
            ..GemmFlags::new(crate::flags::read_flag)
        };
        let cfg = HopperConfig::from_flags(&f).unwrap();
        let src = kernel_source(&cfg);
        assert!(src.contains("m64n256k32.f32.e4m3.e4m3") && !src.contains("dk["));
        assert!(src.contains("wgmma.wait_group.sync.aligned 1;"));
        if nvrtc {
            let c = crate::nvrtc::compile(&src, "sm_90a").unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(c.spill_bytes, Some(0), "fast accumulation: {}", c.log);
            // no wgmma serialised by ptxas (C7514: a kernel that compiles clean and runs every
            // wgmma in turn; the loop shapes that avoid it are in `overlap_pairs`)
            assert!(!c.log.contains("C7514"), "wgmmas serialised: {}", c.log);
        }
    }

    /// The 128x192 block-scaled tile (the choice at 8192³ on an H200): its waiting loop reads
    /// the k-tile's scales, forms their products and waits for the next stage while the
    /// k-tile's wgmmas run, picks B's block per column range with two selects (no branch), and,
    /// persistent, issues the next unit's first k-tile before the epilogue; no spills, no wgmma
    /// serialised (C7514).
    #[test]
    fn the_wide_block_scaled_loop_waits_only_for_its_sums() {
        let nvrtc = !crate::nvrtc::missing_for_test();
        for persistent in [true, false] {
            let f = GemmFlags {
                dtype: "e4m3".into(),
                scale: Some("block".into()),
                mma: Some("SM90_64x192x32_F32E4M3E4M3_SS_TN".into()),
                tile: Some("(128,192,128)".into()),
                stages: Some(5),
                persistent,
                tma_store: true,
                ..GemmFlags::new(crate::flags::read_flag)
            };
            let cfg = HopperConfig::from_flags(&f).unwrap_or_else(|e| panic!("{e}"));
            assert!(!cfg.overlaps_promotion(), "{cfg}");
            let src = kernel_source(&cfg);
            let consumer = &src[src.find("setmaxnreg.inc").expect("consumers")..];
            let at = |text: &str| {
                consumer
                    .find(text)
                    .unwrap_or_else(|| panic!("{text} in\n{consumer}"))
            };
            let (scales, next, wait) = (
                at("scales_of(s, sb, sa0, sa1);"),
                at(
                    "if (kt + 1 < ktiles) mbar_wait(bars + 8 * ((it + 1) % 5), ((it + 1) / 5) & 1);",
                ),
                at("wgmma.wait_group.sync.aligned 0;"),
            );
            assert!(scales < next && next < wait, "{cfg}");
            assert!(consumer.contains(
                "const float u0 = n0 % 128 == 0 ? s0 : t0, u1 = n0 % 128 == 0 ? s1 : t1;"
            ));
            assert!(
                !consumer.contains("if (n0 % 128 == 0) {"),
                "no branch on the split"
            );
            // persistent: the next unit's first k-tile issued before the epilogue, finished
            // at the unit's start; else the loop waits for the unit's first stage itself
            assert_eq!(consumer.contains("issue_next(it, more);"), persistent);
            assert_eq!(
                consumer.contains("for (int kt = 0 + 1; kt < ktiles; ++kt, ++it) {"),
                persistent
            );
            assert_eq!(
                consumer.contains("if (kt == 0) mbar_wait(bars + 8 * s, (it / 5) & 1);"),
                !persistent
            );
            if nvrtc {
                let c = crate::nvrtc::compile(&src, "sm_90a").unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(c.spill_bytes, Some(0), "{cfg}: {}", c.log);
                assert!(!c.log.contains("C7514"), "wgmmas serialised: {}", c.log);
            }
        }
    }
}
