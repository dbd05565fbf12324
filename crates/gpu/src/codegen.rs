//! CUDA C++ for a tiled tensor-core GEMM, its index arithmetic generated from layouts.
//!
//! Every thread→data mapping is a layout computed with the algebra and emitted by
//! [`super::emit`]: the block raster, the cp.async copy partitions composed with the
//! shared-memory layouts, the ldmatrix lane→row mappings through the shared-memory layouts, and
//! the MMA atom's C layout in the epilogue.

use crate::emit::SmemExpr as _;
use std::fmt::Write as _;

use super::config::GemmConfig;
use super::emit::layout_expr;
use super::flags::Major;
use cute::algebra::{IntTuple, Layout};
use cute::analysis::bank::SmemLayout;

/// The layouts the kernel is built from, for `--emit` readers and for tests.
#[derive(Clone, Debug)]
pub struct KernelLayouts {
    /// Copy partition of A: `x = tid + threads*pass` → vector start in the column-major (BM,BK) tile.
    pub copy_a: Layout,
    /// Copy partition of B: `x = tid + threads*pass` → vector start in the column-major (BN,BK) tile.
    pub copy_b: Layout,
    /// ldmatrix.x4 of A: lane → row start in the column-major 16×16 block (a row: 8
    /// consecutive k when A is K-major, 8 consecutive m read with `.trans` when M-major).
    pub ldsm_a: Layout,
    /// ldmatrix.x4 of B: lane → row start in the column-major (n16, k16) block (likewise).
    pub ldsm_b: Layout,
    /// The MMA atom's C layout: (lane, value) → column-major 16×8 index.
    pub mma_c: Layout,
    /// The MMA atom's A layout: (lane, value) → column-major 16×16 index.
    pub mma_a: Layout,
    /// The MMA atom's B layout: (lane, value) → column-major 8×16 (n, k) index.
    pub mma_b: Layout,
    /// Warp index → (warp m, warp n).
    pub warps: Layout,
}

fn lay(shape: &[i64], stride: &[i64]) -> Layout {
    Layout::new(
        shape.iter().map(|&s| IntTuple::int(s)).collect(),
        stride.iter().map(|&d| IntTuple::int(d)).collect(),
    )
    .expect("congruent")
}

fn nested(shape: IntTuple, stride: IntTuple) -> Layout {
    Layout::new(shape, stride).expect("congruent")
}

fn t(v: &[IntTuple]) -> IntTuple {
    IntTuple::tuple(v.to_vec())
}

fn i(v: i64) -> IntTuple {
    IntTuple::int(v)
}

/// The copy partition of a (rows, bk) tile by `threads` threads moving 8 elements each, along
/// the operand's contiguous mode first. K-major: threads run along K first (row-major thread
/// layout), then down the rows, pass after pass. MN-major: down the rows first (8 at a time),
/// then along K.
fn copy_partition(major: Major, rows: usize, bk: usize, threads: usize) -> Layout {
    let rows = rows as i64;
    match major {
        Major::K => {
            let kc = bk as i64 / 8;
            let rp = threads as i64 / kc;
            let passes = rows / rp;
            nested(
                t(&[t(&[i(kc), i(rp)]), i(passes)]),
                t(&[t(&[i(8 * rows), i(1)]), i(rp)]),
            )
        }
        Major::MN => {
            let rc = rows / 8;
            let kp = threads as i64 / rc;
            let passes = bk as i64 / kp;
            nested(
                t(&[t(&[i(rc), i(kp)]), i(passes)]),
                t(&[t(&[i(8), i(rows)]), i(kp * rows)]),
            )
        }
    }
}

/// ldmatrix.x4's lane → row start for A's 16×16 block (index m + 16 k), and for B's
/// (n16, k16) block (index n + 16 k). The four 8×8 matrices land in the registers the MMA
/// takes: A's (m0-7,k0-7), (m8-15,k0-7), (m0-7,k8-15), (m8-15,k8-15); B's (n0-7,k0-7),
/// (n0-7,k8-15), (n8-15,k0-7), (n8-15,k8-15). K-major, a lane's row is 8 consecutive k at one
/// m (n); MN-major, 8 consecutive m (n) at one k, transposed by `ldmatrix.trans`.
fn ldmatrix_lanes(operand_a: bool, major: Major) -> Layout {
    match (operand_a, major) {
        // lanes 0-15 rows 0-15 at k 0, lanes 16-31 rows 0-15 at k 8
        (true, Major::K) => lay(&[16, 2], &[1, 128]),
        // lane l: k = l % 8 + 8 (l / 16), m = 8 ((l / 8) % 2)
        (true, Major::MN) => lay(&[8, 2, 2], &[16, 8, 128]),
        // lanes 0-7 n 0-7 k 0, 8-15 n 0-7 k 8, 16-23 n 8-15 k 0, 24-31 n 8-15 k 8
        (false, Major::K) => lay(&[8, 2, 2], &[1, 128, 8]),
        // lane l: k = l % 8 + 8 ((l / 8) % 2), n = 8 (l / 16)
        (false, Major::MN) => lay(&[8, 2, 2], &[16, 128, 8]),
    }
}

impl KernelLayouts {
    /// The layouts for a configuration.
    pub fn new(cfg: &GemmConfig) -> KernelLayouts {
        let (bm, bn, bk) = cfg.tile;
        KernelLayouts {
            copy_a: copy_partition(cfg.majors.a, bm, bk, cfg.threads()),
            copy_b: copy_partition(cfg.majors.b, bn, bk, cfg.threads()),
            ldsm_a: ldmatrix_lanes(true, cfg.majors.a),
            ldsm_b: ldmatrix_lanes(false, cfg.majors.b),
            // SM80_16x8x16 (CuTe's SM80_16x8_Row C layout and the F32*16*16 A/B layouts)
            mma_c: nested(
                t(&[t(&[i(4), i(8)]), t(&[i(2), i(2)])]),
                t(&[t(&[i(32), i(1)]), t(&[i(16), i(8)])]),
            ),
            mma_a: nested(
                t(&[t(&[i(4), i(8)]), t(&[i(2), i(2), i(2)])]),
                t(&[t(&[i(32), i(1)]), t(&[i(16), i(8), i(128)])]),
            ),
            mma_b: nested(
                t(&[t(&[i(4), i(8)]), t(&[i(2), i(2)])]),
                t(&[t(&[i(16), i(1)]), t(&[i(8), i(64)])]),
            ),
            warps: lay(
                &[cfg.warps.0 as i64, cfg.warps.1 as i64],
                &[1, cfg.warps.0 as i64],
            ),
        }
    }
}

fn smem_copy_offset(s: &SmemLayout, copy: &Layout, rows: usize, x: &str) -> String {
    match s.expr_composed(copy, x) {
        Some(e) => e,
        None => {
            // S o C does not compose: evaluate C, split into (row, k), then S
            let c = layout_expr(copy, x);
            s.expr_2d(&format!("(({c}) % {rows})"), &format!("(({c}) / {rows})"))
        }
    }
}

/// The kernel's source.
pub fn kernel_source(cfg: &GemmConfig) -> String {
    let l = KernelLayouts::new(cfg);
    let (bm, bn, bk) = cfg.tile;
    let (wmn, wnn) = cfg.warps;
    let threads = cfg.threads();
    let (wtm, wtn) = (bm / wmn, bn / wnn);
    let (mi_n, ni_n, ki_n) = (wtm / 16, wtn / 8, bk / 16);
    let (tm, _) = cfg.tiles();
    let pa = bm * bk / 8 / threads;
    let pb = bn * bk / 8 / threads;
    let stages = cfg.stages;
    let ty = cfg.dtype.ptx();
    let mut s = String::new();
    let w = &mut s;
    let majors = cfg.majors;
    // each operand's contiguous rows in its buffer, padded to 16 bytes
    let (buf_a, buf_b) = majors.buffers(cfg.m, cfg.n, cfg.k);
    let _ = writeln!(
        w,
        "// cute gemm: C[M,N] = A[M,K] * B[N,K]^T, {ty} in, fp32 accumulate, {ty} out; {}; row pitches A {}, B {} elements",
        majors.describe(),
        buf_a.pitch,
        buf_b.pitch
    );
    let _ = writeln!(w, "// {} {cfg}", cfg.mma);
    let _ = writeln!(
        w,
        "// smem A stage: {}   (atom {})",
        cfg.smem_a, cfg.smem_a_atom
    );
    let _ = writeln!(
        w,
        "// smem B stage: {}   (atom {})",
        cfg.smem_b, cfg.smem_b_atom
    );
    let _ = writeln!(w, "// raster (block -> tile): {}", cfg.raster);
    let _ = writeln!(
        w,
        "// copy A (tid + {threads}*pass -> tile index): {}",
        l.copy_a
    );
    let _ = writeln!(
        w,
        "// copy B (tid + {threads}*pass -> tile index): {}",
        l.copy_b
    );
    let _ = writeln!(
        w,
        "// ldmatrix A (lane -> 16x16 index): {}   ldmatrix B: {}",
        l.ldsm_a, l.ldsm_b
    );
    let _ = writeln!(
        w,
        "// MMA C layout ((lane,value) -> 16x8 index): {}",
        l.mma_c
    );
    let _ = writeln!(w, "// warps (warp -> (wm,wn)): {}", l.warps);
    w.push_str(PRELUDE);
    let _ = writeln!(
        w,
        "__device__ __forceinline__ int smem_a_off(int m, int k) {{ return {}; }}",
        cfg.smem_a.expr_2d("m", "k")
    );
    let _ = writeln!(
        w,
        "__device__ __forceinline__ int smem_b_off(int n, int k) {{ return {}; }}",
        cfg.smem_b.expr_2d("n", "k")
    );
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "extern \"C\" __global__ void __launch_bounds__({threads}, 1)\ncute_gemm(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B, unsigned short* __restrict__ C, int M, int N, int K)\n{{"
    );
    let _ = writeln!(
        w,
        "  extern __shared__ __align__(128) unsigned short smem[];"
    );
    let _ = writeln!(w, "  const unsigned sA = smem_u32(smem);");
    let _ = writeln!(w, "  const unsigned sB = sA + {} * 2;", stages * bm * bk);
    let _ = writeln!(
        w,
        "  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;"
    );
    let _ = writeln!(w, "  const int b = blockIdx.x;");
    let _ = writeln!(w, "  const int tile = {};", layout_expr(&cfg.raster, "b"));
    let _ = writeln!(
        w,
        "  const int m0 = (tile % {tm}) * {bm}, n0 = (tile / {tm}) * {bn};"
    );
    let _ = writeln!(
        w,
        "  const int wmn = {};  // warp -> (wm, wn), column-major",
        layout_expr(&l.warps, "warp")
    );
    let _ = writeln!(w, "  const int wm = wmn % {wmn}, wn = wmn / {wmn};");
    // copies
    for (name, copy, passes, rows, smem, lim, src, major, pitch) in [
        (
            "a",
            &l.copy_a,
            pa,
            bm,
            &cfg.smem_a,
            "M",
            "A",
            majors.a,
            buf_a.pitch,
        ),
        (
            "b",
            &l.copy_b,
            pb,
            bn,
            &cfg.smem_b,
            "N",
            "B",
            majors.b,
            buf_b.pitch,
        ),
    ] {
        // K-major: each pass its own row (pointer, bound and k kept per pass). MN-major: every
        // pass of a thread has the same row and steps along K by the copy layout's pass stride,
        // so one pointer, bound and k serve them all (fewer registers beside the accumulators).
        let _ = match major {
            Major::K => writeln!(
                w,
                "  const unsigned short* g{name}[{passes}]; int s{name}_off[{passes}]; bool {name}_ok[{passes}]; int {name}_k[{passes}];"
            ),
            Major::MN => writeln!(
                w,
                "  const unsigned short* g{name}; int s{name}_off[{passes}]; bool {name}_ok; int {name}_k;"
            ),
        };
        let _ = writeln!(
            w,
            "  #pragma unroll\n  for (int i = 0; i < {passes}; ++i) {{"
        );
        let _ = writeln!(w, "    const int x = tid + {threads} * i;");
        let _ = writeln!(w, "    const int c = {};", layout_expr(copy, "x"));
        let _ = writeln!(w, "    const int r = c % {rows}, k = c / {rows};");
        let _ = writeln!(
            w,
            "    const int row = {}0 + r;",
            if name == "a" { "m" } else { "n" }
        );
        // K-major: row `row` of the operand is contiguous; MN-major: row `k` of its K×rows
        // transpose is (each of `pitch` elements: the extent padded to 16 bytes)
        let _ = match major {
            Major::K => writeln!(
                w,
                "    {name}_ok[i] = row < {lim}; {name}_k[i] = k;\n    g{name}[i] = {src} + (size_t)({name}_ok[i] ? row : 0) * {pitch} + k;"
            ),
            Major::MN => writeln!(
                w,
                "    if (i == 0) {{ {name}_ok = row < {lim}; {name}_k = k; g{name} = {src} + (size_t)k * {pitch} + ({name}_ok ? row : 0); }}"
            ),
        };
        let _ = writeln!(
            w,
            "    s{name}_off[i] = {};",
            smem_copy_offset(smem, copy, rows, "x")
        );
        let _ = writeln!(w, "  }}");
    }
    // ldmatrix offsets
    let _ = writeln!(
        w,
        "  const int la = {}; const int am = la % 16, ak = la / 16;",
        layout_expr(&l.ldsm_a, "lane")
    );
    let _ = writeln!(
        w,
        "  const int lb = {}; const int bn_ = lb % 16, bk_ = lb / 16;",
        layout_expr(&l.ldsm_b, "lane")
    );
    let _ = writeln!(w, "  int a_ld[{mi_n}][{ki_n}], b_ld[{}][{ki_n}];", ni_n / 2);
    let _ = writeln!(
        w,
        "  #pragma unroll\n  for (int ki = 0; ki < {ki_n}; ++ki) {{"
    );
    let _ = writeln!(
        w,
        "    #pragma unroll\n    for (int mi = 0; mi < {mi_n}; ++mi) a_ld[mi][ki] = smem_a_off(wm * {wtm} + mi * 16 + am, ki * 16 + ak) * 2;"
    );
    let _ = writeln!(
        w,
        "    #pragma unroll\n    for (int nj = 0; nj < {}; ++nj) b_ld[nj][ki] = smem_b_off(wn * {wtn} + nj * 16 + bn_, ki * 16 + bk_) * 2;",
        ni_n / 2
    );
    let _ = writeln!(w, "  }}");
    let _ = writeln!(w, "  float acc[{mi_n}][{ni_n}][4];");
    let _ = writeln!(
        w,
        "  #pragma unroll\n  for (int mi = 0; mi < {mi_n}; ++mi)\n    #pragma unroll\n    for (int ni = 0; ni < {ni_n}; ++ni)\n      #pragma unroll\n      for (int v = 0; v < 4; ++v) acc[mi][ni][v] = 0.f;"
    );
    let _ = writeln!(w, "  const int KT = (K + {bk} - 1) / {bk};");
    // load a k-tile into a stage
    let _ = writeln!(w, "  auto load_tile = [&](int stage, int kt) {{");
    for (name, passes, rows, base, gbase, major, pitch, copy) in [
        ("a", pa, bm, "sA", "A", majors.a, buf_a.pitch, &l.copy_a),
        ("b", pb, bn, "sB", "B", majors.b, buf_b.pitch, &l.copy_b),
    ] {
        // the k-tile's step along the buffer (MN-major: and the pass's, the k the copy layout
        // advances a pass, `C(threads) / rows`)
        let (kg, ok, src) = match major {
            Major::K => (
                format!("kt * {bk} + {name}_k[i]"),
                format!("{name}_ok[i]"),
                format!("g{name}[i] + (size_t)kt * {bk}"),
            ),
            Major::MN => {
                let pass_k = copy.at(threads as i64).unwrap_or(0) / rows as i64;
                (
                    format!("kt * {bk} + {name}_k + {pass_k} * i"),
                    format!("{name}_ok"),
                    format!("g{name} + (size_t)(kt * {bk} + {pass_k} * i) * {pitch}"),
                )
            }
        };
        let _ = writeln!(
            w,
            "    #pragma unroll\n    for (int i = 0; i < {passes}; ++i) {{"
        );
        let _ = writeln!(w, "      const int kg = {kg};");
        let _ = writeln!(w, "      const bool ok = {ok} && kg < K;");
        let _ = writeln!(
            w,
            "      cp_async16({base} + (stage * {} + s{name}_off[i]) * 2, ok ? (const void*)({src}) : (const void*){gbase}, ok ? 16 : 0);",
            rows * bk
        );
        let _ = writeln!(w, "    }}");
    }
    let _ = writeln!(w, "  }};");
    let _ = writeln!(
        w,
        "  #pragma unroll\n  for (int s = 0; s < {}; ++s) {{ if (s < KT) load_tile(s, s); cp_async_commit(); }}",
        stages - 1
    );
    let _ = writeln!(w, "  for (int kt = 0; kt < KT; ++kt) {{");
    let _ = writeln!(
        w,
        "    cp_async_wait<{}>();\n    __syncthreads();",
        stages - 2
    );
    let _ = writeln!(
        w,
        "    {{ const int nk = kt + {}; if (nk < KT) load_tile(nk % {stages}, nk); cp_async_commit(); }}",
        stages - 1
    );
    let _ = writeln!(w, "    const int st = kt % {stages};");
    let _ = writeln!(
        w,
        "    const unsigned a_st = sA + st * {}, b_st = sB + st * {};",
        bm * bk * 2,
        bn * bk * 2
    );
    // fragments double-buffered: the ldmatrix of step ki+1 is issued before the MMAs of step ki
    let _ = writeln!(w, "    unsigned af[2][{mi_n}][4], bf[2][{ni_n}][2];");
    let _ = writeln!(w, "    auto load_frags = [&](int buf, int ki) {{");
    let ldsm = |major: Major| match major {
        Major::K => "ldsm_x4",
        Major::MN => "ldsm_x4_trans",
    };
    let _ = writeln!(
        w,
        "      #pragma unroll\n      for (int mi = 0; mi < {mi_n}; ++mi) {}(af[buf][mi], a_st + a_ld[mi][ki]);",
        ldsm(majors.a)
    );
    let _ = writeln!(
        w,
        "      #pragma unroll\n      for (int nj = 0; nj < {}; ++nj) {{ unsigned r[4]; {}(r, b_st + b_ld[nj][ki]); bf[buf][2*nj][0] = r[0]; bf[buf][2*nj][1] = r[1]; bf[buf][2*nj+1][0] = r[2]; bf[buf][2*nj+1][1] = r[3]; }}",
        ni_n / 2,
        ldsm(majors.b)
    );
    let _ = writeln!(w, "    }};");
    let _ = writeln!(w, "    load_frags(0, 0);");
    let _ = writeln!(
        w,
        "    #pragma unroll\n    for (int ki = 0; ki < {ki_n}; ++ki) {{"
    );
    let _ = writeln!(
        w,
        "      if (ki + 1 < {ki_n}) load_frags((ki + 1) & 1, ki + 1);"
    );
    let _ = writeln!(
        w,
        "      #pragma unroll\n      for (int mi = 0; mi < {mi_n}; ++mi)\n        #pragma unroll\n        for (int ni = 0; ni < {ni_n}; ++ni) mma_16816(acc[mi][ni], af[ki & 1][mi], bf[ki & 1][ni]);"
    );
    let _ = writeln!(w, "    }}\n  }}");
    let _ = writeln!(w, "  cp_async_wait<0>();");
    // epilogue: the MMA atom's C layout
    let _ = writeln!(w, "  #pragma unroll\n  for (int v = 0; v < 4; v += 2) {{");
    let _ = writeln!(w, "    const int x = lane + 32 * v;");
    let _ = writeln!(w, "    const int c = {};", layout_expr(&l.mma_c, "x"));
    let _ = writeln!(w, "    const int cm = c % 16, cn = c / 16;");
    let _ = writeln!(
        w,
        "    #pragma unroll\n    for (int mi = 0; mi < {mi_n}; ++mi)\n      #pragma unroll\n      for (int ni = 0; ni < {ni_n}; ++ni) {{"
    );
    let _ = writeln!(
        w,
        "        const int gm = m0 + wm * {wtm} + mi * 16 + cm, gn = n0 + wn * {wtn} + ni * 8 + cn;"
    );
    let _ = writeln!(
        w,
        "        if (gm < M) store_pair(C, (size_t)gm * N + gn, gn + 1 < N, gn < N, acc[mi][ni][v], acc[mi][ni][v + 1]);"
    );
    let _ = writeln!(w, "      }}\n  }}");
    let _ = writeln!(w, "}}");
    s.replace("@TY@", ty)
}

const PRELUDE: &str = r#"
// No CUDA headers: NVRTC has none built in; the few operations needed are inline PTX.
__device__ __forceinline__ unsigned smem_u32(const void* p) {
  unsigned r; asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p)); return r;
}
__device__ __forceinline__ void cp_async16(unsigned dst, const void* src, int bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(dst), "l"(src), "r"(bytes));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" :: "n"(N)); }
__device__ __forceinline__ void ldsm_x4(unsigned (&r)[4], unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}
__device__ __forceinline__ void ldsm_x4_trans(unsigned (&r)[4], unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}
__device__ __forceinline__ void mma_16816(float (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.@TY@.@TY@.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
__device__ __forceinline__ void store_pair(unsigned short* C, size_t i, bool both, bool first, float x, float y) {
  unsigned p; asm("cvt.rn.@TY@x2.f32 %0, %2, %1;" : "=r"(p) : "f"(x), "f"(y));
  if (both && (i % 2 == 0)) { *(unsigned*)(C + i) = p; }
  else { if (first) C[i] = (unsigned short)(p & 0xffff); if (both) C[i + 1] = (unsigned short)(p >> 16); }
}
"#;
