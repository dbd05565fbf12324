//! An fp64 host reference on a sample of C, independent of cuBLAS (which accumulates in the
//! same order as a kernel may, so agreeing with it alone proves less than it seems).
//!
//! The sample is every element of C's first and last rows and columns (where a tile
//! edge is wrong first) and a few hundred pseudo-random ones. Each is computed in fp64 from the
//! very inputs the GPU read (already rounded to the element type) and compared with a bound
//! derived from K and the types:
//!
//! `|C[i,j] - ref| <= u_out * |ref| + (1 + u_out) * K * u_acc * sum_k |A[i,k] * B[j,k]|`
//!
//! with `u_out` the unit roundoff of the output type (2^-8 for bf16, 2^-11 for f16) and `u_acc`
//! one fp32 ulp per accumulation (2^-23: tensor cores may truncate rather than round). A
//! missing K-tile, a row or column not written (C is poisoned with NaN first) or a wrong
//! element is far outside it.
//!
//! fp8 (e4m3/e5m2 inputs, bf16 C): the inputs are exact fp8 values (converted on the host,
//! [`crate::fp8`]), so the fp64 reference `s_a s_b Σ_k A[i,k] B[j,k]` is exact on them, and the
//! bound comes from the accumulation and the output's rounding alone. The tensor cores add an
//! fp8 wgmma's 32 products to its accumulators keeping about 14 bits (DeepSeek-V3, §3.3.2: the
//! error of one instruction is taken as at most 2^-12 of the magnitudes it adds); the kernel
//! sums each k-tile of 128 (4 wgmmas) apart and adds it to fp32 sums (promotion), so
//!
//! `|C - ref| <= u_out |ref| + (1 + u_out) s (4 · 2^-12 + (K/128 + 2) · 2^-23) Σ_k |A B|`
//!
//! (the last two ulps: `s = fl(s_a s_b)` and the product with it). That per-element bound is
//! loose (a K-tile's worth of error); the norm over the sample,
//! `sqrt(Σ (C - ref)² / Σ ref²)`, must also stay within the type's tolerance, which a missing
//! K-tile or a systematic error is not.

use super::config::Dtype;
use super::flags::{Major, Majors, OperandBuffer};

/// A and B as the GPU read them: A (M×K) and B (N×K) in their buffers' order, rows padded to
/// [`super::flags::pitch`].
#[derive(Clone, Copy, Debug)]
pub struct Operands<'a> {
    /// A's buffer: `a[i * P + k]` when K-major, `a[k * P + i]` when M-major (P its pitch).
    pub a: &'a [f32],
    /// B's buffer: `b[j * P + k]` when K-major, `b[k * P + j]` when N-major.
    pub b: &'a [f32],
    /// How they lie.
    pub majors: Majors,
    /// Bytes of an element in the device buffers (the rows' pitch is 16 bytes' worth).
    pub elem: usize,
}

/// The (row, k) strides of an operand in its buffer.
fn strides(major: Major, buffer: OperandBuffer) -> (usize, usize) {
    match major {
        Major::K => (buffer.pitch, 1),
        Major::MN => (1, buffer.pitch),
    }
}

/// Pseudo-random elements checked besides the edges.
pub const RANDOM_POINTS: usize = 256;

/// The elements of an M×N matrix to check: every element of the first and last rows and
/// columns, then `RANDOM_POINTS` pseudo-random ones (row, column), without repeats.
pub fn sample(m: usize, n: usize) -> Vec<(usize, usize)> {
    let mut points = Vec::new();
    if m == 0 || n == 0 {
        return points;
    }
    for j in 0..n {
        points.push((0, j));
        if m > 1 {
            points.push((m - 1, j));
        }
    }
    for i in 1..m.saturating_sub(1) {
        points.push((i, 0));
        if n > 1 {
            points.push((i, n - 1));
        }
    }
    let mut s: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..RANDOM_POINTS {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        points.push(((s % m as u64) as usize, ((s >> 32) % n as u64) as usize));
    }
    points.sort_unstable();
    points.dedup();
    points
}

/// What the check found.
#[derive(Clone, Debug, PartialEq)]
pub struct HostCheck {
    /// Elements compared.
    pub points: usize,
    /// Elements outside the bound (a NaN counts).
    pub failures: usize,
    /// The largest `|C - ref| / bound` (infinite for a NaN).
    pub worst: f64,
    /// Where the worst element is, and its value and the reference there.
    pub worst_at: (usize, usize, f64, f64),
    /// `sqrt(Σ (C - ref)² / Σ ref²)` over the sample (infinite with a NaN).
    pub rel_err: f64,
    /// The largest `rel_err` that passes (the type's tolerance).
    pub tolerance: f64,
}

impl HostCheck {
    /// Whether every element is within its bound and the sample's norm-wise error within the
    /// tolerance.
    pub fn passed(&self) -> bool {
        self.failures == 0 && self.points > 0 && self.rel_err <= self.tolerance
    }
}

/// The output type's unit roundoff.
fn unit_out(d: Dtype) -> f64 {
    match d.output() {
        Dtype::F16 => 2f64.powi(-11),
        _ => 2f64.powi(-8),
    }
}

/// The accumulation's error, as a multiple of `s Σ_k |A B|`, for inputs of type `d` and a
/// reduction of `k`: K fp32 ulps (16-bit types); for fp8 promoted every k-tile, 4 wgmmas of
/// 2^-12 within a k-tile and fp32 ulps for the k-tiles' sums and the scale; for fp8 summed by
/// the tensor cores alone (`--fast-accum`), 2^-12 for each of the K/32 wgmmas.
fn accumulation_error(d: Dtype, k: usize, promoted: bool) -> f64 {
    match (d.is_fp8(), promoted) {
        (true, true) => 4.0 * 2f64.powi(-12) + (k.div_ceil(128) + 2) as f64 * UNIT_ACC,
        (true, false) => k.div_ceil(32) as f64 * 2f64.powi(-12) + 2.0 * UNIT_ACC,
        _ => k as f64 * UNIT_ACC,
    }
}

/// One fp32 ulp per accumulation step.
const UNIT_ACC: f64 = 1.0 / (1u64 << 23) as f64;

/// How the fp64 reference scales the products.
#[derive(Clone, Copy, Debug)]
pub enum Scale<'a> {
    /// One factor for all of C (1 for 16-bit types; `fl(s_a s_b)` for fp8 per tensor).
    Tensor(f64),
    /// `--scale block`: the product `A[i,k] B[j,k]` times `SFA(i, k/128) SFB(j/128, k/128)`.
    Block {
        /// A's scales.
        sfa: &'a [f32],
        /// B's scales.
        sfb: &'a [f32],
        /// Where they lie.
        at: crate::config::BlockScales,
    },
}

/// Compare `c` (M×N, row-major) with `scale · A · Bᵀ` computed in fp64 on `points`: A (M×K) and
/// B (N×K) of type `dtype` read from their buffers in their majorness, as the GPU read them
/// (`scale` is 1 but for fp8: `fl(s_a s_b)`, as the kernel applies it; `promoted`: fp8 sums
/// added to fp32 every k-tile, not `--fast-accum`).
pub fn check(
    operands: Operands,
    c: &[f32],
    mnk: (usize, usize, usize),
    (dtype, scale, promoted): (Dtype, f64, bool),
    points: &[(usize, usize)],
) -> HostCheck {
    check_scaled(
        operands,
        c,
        mnk,
        (dtype, Scale::Tensor(scale), promoted),
        points,
    )
}

/// [`check`] with either scaling: per tensor, or per block (each product scaled by its row's
/// and block's scales, the bound taken over the scaled products: the kernel scales each
/// 128-deep partial sum before adding it, so its error is relative to them).
pub fn check_scaled(
    operands: Operands,
    c: &[f32],
    (m, n, k): (usize, usize, usize),
    (dtype, scale, promoted): (Dtype, Scale, bool),
    points: &[(usize, usize)],
) -> HostCheck {
    let mut out = HostCheck {
        points: 0,
        failures: 0,
        worst: 0.0,
        worst_at: (0, 0, 0.0, 0.0),
        rel_err: f64::INFINITY,
        tolerance: dtype.tolerance(),
    };
    let Operands { a, b, majors, elem } = operands;
    let (buf_a, buf_b) = majors.buffers_of(m, n, k, elem);
    let Some(cn) = m.checked_mul(n) else {
        return out;
    };
    if (a.len() as u128) < buf_a.elements() || (b.len() as u128) < buf_b.elements() || c.len() < cn
    {
        return out;
    }
    let (a_row, a_k) = strides(majors.a, buf_a);
    let (b_row, b_k) = strides(majors.b, buf_b);
    let u_out = unit_out(dtype);
    let u_acc = accumulation_error(dtype, k, promoted);
    let (mut num, mut den) = (0f64, 0f64);
    for &(i, j) in points {
        if i >= m || j >= n {
            continue;
        }
        let (mut sum, mut abs) = (0f64, 0f64);
        for kk in 0..k {
            let mut p = a[i * a_row + kk * a_k] as f64 * b[j * b_row + kk * b_k] as f64;
            if let Scale::Block { sfa, sfb, at } = scale {
                let kb = kk / crate::config::SCALE_BLOCK;
                let (x, y) = (
                    sfa.get(at.sfa_at(i, kb)).copied().unwrap_or(f32::NAN),
                    sfb.get(at.sfb_at(j, kb)).copied().unwrap_or(f32::NAN),
                );
                p *= x as f64 * y as f64;
            }
            sum += p;
            abs += p.abs();
        }
        let s = match scale {
            Scale::Tensor(s) => s,
            Scale::Block { .. } => 1.0,
        };
        let (sum, abs) = (s * sum, s.abs() * abs);
        let got = c[i * n + j] as f64;
        // the accumulated error is rounded to the output type too: (1 + u_out) of it
        let bound = u_out * sum.abs() + (1.0 + u_out) * u_acc * abs + f64::MIN_POSITIVE;
        num += (got - sum) * (got - sum);
        den += sum * sum;
        let ratio = if got.is_finite() {
            (got - sum).abs() / bound
        } else {
            f64::INFINITY
        };
        out.points += 1;
        if ratio > 1.0 || ratio.is_nan() {
            out.failures += 1;
        }
        if ratio > out.worst || (ratio.is_nan() && !out.worst.is_nan()) {
            out.worst = ratio;
            out.worst_at = (i, j, got, sum);
        }
    }
    out.rel_err = if num.is_nan() {
        f64::INFINITY
    } else if den > 0.0 {
        (num / den).sqrt()
    } else if num == 0.0 {
        0.0
    } else {
        f64::INFINITY
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(len: usize, seed: u64) -> Vec<f32> {
        let mut s = seed | 1;
        (0..len)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                // bf16-exact values in [-1, 1)
                let x = ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0;
                half::bf16::from_f32(x).to_f32()
            })
            .collect()
    }

    /// C = A · Bᵀ in fp32 with the K loop split into tiles of `bk`, one tile left out when
    /// `skip` names it, rounded to bf16: what a kernel computes (or a broken one).
    fn kernel(
        a: &[f32],
        b: &[f32],
        (m, n, k): (usize, usize, usize),
        bk: usize,
        skip: Option<usize>,
    ) -> Vec<f32> {
        let mut c = vec![0f32; m * n];
        for i in 0..m {
            for j in 0..n {
                let mut acc = 0f32;
                for t in 0..k.div_ceil(bk) {
                    if skip == Some(t) {
                        continue;
                    }
                    for kk in t * bk..((t + 1) * bk).min(k) {
                        acc += a[i * k + kk] * b[j * k + kk];
                    }
                }
                c[i * n + j] = half::bf16::from_f32(acc).to_f32();
            }
        }
        c
    }

    #[test]
    fn the_sample_holds_every_edge_element() {
        let p = sample(5, 7);
        for j in 0..7 {
            assert!(p.contains(&(0, j)) && p.contains(&(4, j)));
        }
        for i in 0..5 {
            assert!(p.contains(&(i, 0)) && p.contains(&(i, 6)));
        }
        assert!(p.iter().all(|&(i, j)| i < 5 && j < 7));
        assert!(sample(0, 3).is_empty());
        assert_eq!(sample(1, 1), vec![(0, 0)]);
    }

    #[test]
    fn a_correct_result_passes_and_a_broken_one_fails() {
        for (m, n, k) in [(40, 24, 512), (17, 33, 200), (64, 64, 2048)] {
            let (a, b) = (values(m * k, 1), values(n * k, 2));
            let points = sample(m, n);
            let good = kernel(&a, &b, (m, n, k), 64, None);
            let ops = Operands {
                a: &a,
                b: &b,
                majors: Majors::default(),
                elem: 2,
            };
            let r = check(ops, &good, (m, n, k), (Dtype::Bf16, 1.0, true), &points);
            assert!(r.passed(), "{m}x{n}x{k}: {r:?}");
            // one K-tile skipped
            let skipped = kernel(&a, &b, (m, n, k), 64, Some(1));
            let r = check(ops, &skipped, (m, n, k), (Dtype::Bf16, 1.0, true), &points);
            assert!(
                !r.passed() && r.failures > r.points / 2,
                "{m}x{n}x{k}: {r:?}"
            );
            // the last row not written (C was poisoned with NaN)
            let mut unwritten = good.clone();
            for j in 0..n {
                unwritten[(m - 1) * n + j] = f32::NAN;
            }
            let r = check(
                ops,
                &unwritten,
                (m, n, k),
                (Dtype::Bf16, 1.0, true),
                &points,
            );
            assert!(
                !r.passed() && r.failures >= n && r.worst.is_infinite(),
                "{r:?}"
            );
            // the last column zeroed
            let mut zeroed = good.clone();
            for i in 0..m {
                zeroed[i * n + n - 1] = 0.0;
            }
            let r = check(ops, &zeroed, (m, n, k), (Dtype::Bf16, 1.0, true), &points);
            assert!(!r.passed(), "{r:?}");
        }
    }

    /// A buffer of `rows × k` in K-major order, rewritten in MN-major order.
    fn transposed(x: &[f32], rows: usize, k: usize) -> Vec<f32> {
        let mut t = vec![0f32; x.len()];
        for r in 0..rows {
            for kk in 0..k {
                t[kk * rows + r] = x[r * k + kk];
            }
        }
        t
    }

    #[test]
    fn the_reference_reads_each_majorness() {
        let (m, n, k) = (24, 40, 136);
        let (a, b) = (values(m * k, 3), values(n * k, 4));
        let good = kernel(&a, &b, (m, n, k), 64, None);
        let points = sample(m, n);
        let (at, bt) = (transposed(&a, m, k), transposed(&b, n, k));
        for majors in Majors::ALL {
            let a_buf = if majors.a == Major::MN { &at } else { &a };
            let b_buf = if majors.b == Major::MN { &bt } else { &b };
            let ops = Operands {
                a: a_buf,
                b: b_buf,
                majors,
                elem: 2,
            };
            let r = check(ops, &good, (m, n, k), (Dtype::Bf16, 1.0, true), &points);
            assert!(r.passed(), "{}: {r:?}", majors.describe());
            // the buffer read in the other majorness is another matrix
            let wrong = Operands {
                a: a_buf,
                b: b_buf,
                majors: Majors {
                    a: if majors.a == Major::K {
                        Major::MN
                    } else {
                        Major::K
                    },
                    b: majors.b,
                },
                elem: 2,
            };
            let r = check(wrong, &good, (m, n, k), (Dtype::Bf16, 1.0, true), &points);
            assert!(!r.passed(), "{}: {r:?}", majors.describe());
        }
    }
    /// `--scale block`: each k-block's fp32 sum times SFA(i, kb) SFB(j/128, kb) added to fp32
    /// sums (the kernel's promotion) passes against the fp64 reference of the dequantized
    /// inputs; the scales read in another order (SFA K-major, SFB's blocks transposed) fail.
    #[test]
    fn block_scaled_results_pass_and_misread_scales_fail() {
        use crate::config::BlockScales;
        use crate::fp8::Fp8;
        let (m, n, k) = (70, 300, 384);
        let at = BlockScales::of(m, n, k);
        assert_eq!((at.n_blocks, at.k_blocks, at.sfb_pitch), (3, 3, 4));
        assert_eq!(at.sfa_layout(), "(70,3):(1,70)");
        assert_eq!(at.sfb_layout(), "(3,3):(4,1)");
        let e4m3 = |seed| -> Vec<f32> {
            values(m.max(n) * k, seed)
                .into_iter()
                .map(|x| Fp8::E4m3.round(x * 224.0))
                .collect()
        };
        let (a, b) = (e4m3(7), e4m3(8));
        let scales = |len: usize, seed: u64, base: f32| -> Vec<f32> {
            values(len, seed)
                .into_iter()
                .map(|u| base * (1.0 + 0.5 * u))
                .collect()
        };
        let sfa = scales(at.sfa_len(), 9, 1.0371 / 256.0);
        let sfb = scales(at.sfb_len(), 10, 0.9173 / 128.0);
        let mut c = vec![0f32; m * n];
        for i in 0..m {
            for j in 0..n {
                let mut d = 0f32;
                for kb in 0..at.k_blocks {
                    let mut dk = 0f32;
                    for kk in kb * 128..(kb + 1) * 128 {
                        dk += a[i * k + kk] * b[j * k + kk];
                    }
                    let s = sfa[at.sfa_at(i, kb)] * sfb[at.sfb_at(j, kb)];
                    d = dk.mul_add(s, d);
                }
                c[i * n + j] = half::bf16::from_f32(d).to_f32();
            }
        }
        let ops = Operands {
            a: &a,
            b: &b,
            majors: Majors::default(),
            elem: 1,
        };
        let points = sample(m, n);
        let check_with = |sfa: &[f32], sfb: &[f32]| {
            check_scaled(
                ops,
                &c,
                (m, n, k),
                (Dtype::E4m3, Scale::Block { sfa, sfb, at }, true),
                &points,
            )
        };
        let r = check_with(&sfa, &sfb);
        assert!(r.passed() && r.rel_err < 1e-2, "{r:?}");
        // SFA read K-major: (M, K/128):(K/128, 1)
        let mut sfa_k = sfa.clone();
        for i in 0..m {
            for kb in 0..at.k_blocks {
                sfa_k[i * at.k_blocks + kb] = sfa[at.sfa_at(i, kb)];
            }
        }
        assert!(!check_with(&sfa_k, &sfb).passed());
        // SFB's blocks transposed
        let mut sfb_t = sfb.clone();
        for nb in 0..at.n_blocks {
            for kb in 0..at.k_blocks {
                sfb_t[kb * at.sfb_pitch + nb] = sfb[nb * at.sfb_pitch + kb];
            }
        }
        assert!(!check_with(&sfa, &sfb_t).passed());
    }

    /// fp8: exact e4m3/e5m2 inputs, each k-tile of 128 summed in fp32 and added to fp32 sums,
    /// scaled, rounded to bf16 (what the kernel computes) passes; a k-tile left out fails the
    /// norm over the sample even where single elements stay inside their (looser) bounds.
    #[test]
    fn fp8_results_pass_and_a_missing_k_tile_fails() {
        use crate::fp8::Fp8;
        let (m, n, k) = (33, 40, 700);
        for (fa, fb, ta) in [
            (Fp8::E4m3, Fp8::E4m3, Dtype::E4m3),
            (Fp8::E5m2, Fp8::E4m3, Dtype::E5m2),
        ] {
            let pitch = crate::flags::pitch_for(k, 1);
            let buffer = |f: Fp8, rows: usize, seed: u64| {
                let v = values(rows * k, seed);
                let mut out = vec![0f32; rows * pitch];
                for r in 0..rows {
                    for kk in 0..k {
                        out[r * pitch + kk] = f.round(v[r * k + kk] * 224.0);
                    }
                }
                out
            };
            let (a, b) = (buffer(fa, m, 5), buffer(fb, n, 6));
            let scale = (1.0371f32 / 256.0) * (0.9173f32 / 128.0);
            let kernel = |skip: Option<usize>| {
                let mut c = vec![0f32; m * n];
                for i in 0..m {
                    for j in 0..n {
                        let mut d = 0f32;
                        for t in 0..k.div_ceil(128) {
                            if skip == Some(t) {
                                continue;
                            }
                            let mut dk = 0f32;
                            for kk in t * 128..((t + 1) * 128).min(k) {
                                dk += a[i * pitch + kk] * b[j * pitch + kk];
                            }
                            d += dk;
                        }
                        c[i * n + j] = half::bf16::from_f32(d * scale).to_f32();
                    }
                }
                c
            };
            let ops = Operands {
                a: &a,
                b: &b,
                majors: Majors::default(),
                elem: 1,
            };
            let points = sample(m, n);
            let r = check(
                ops,
                &kernel(None),
                (m, n, k),
                (ta, scale as f64, true),
                &points,
            );
            assert!(r.passed() && r.rel_err < 1e-2, "{ta}: {r:?}");
            let r = check(
                ops,
                &kernel(Some(2)),
                (m, n, k),
                (ta, scale as f64, true),
                &points,
            );
            assert!(!r.passed() && r.rel_err > 1e-2, "{ta}: {r:?}");
            // the scale left out is far off
            let unscaled: Vec<f32> = kernel(None).iter().map(|x| x / scale).collect();
            let r = check(ops, &unscaled, (m, n, k), (ta, scale as f64, true), &points);
            assert!(!r.passed() && r.failures > r.points / 2, "{ta}: {r:?}");
        }
    }
}
