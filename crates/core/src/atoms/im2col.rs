//! im2col TMA: `make_im2col_tma_copy` (CuTe's `atom/copy_traits_sm90_im2col.hpp`,
//! `detail::make_tma_atom_im2col` and `make_im2col_tma_copy_desc`), ported over our algebra.
//!
//! The global tensor is a convolution's activation, `((w,h,d,n), c)` (or `(c, (w,h,d,n))`); the
//! shared-memory layout is the (M,K) tile of the implicit GEMM. As for a tiled TMA, the smem
//! vector (the right inverse of the smem layout) is traced through the CTA tile into the global
//! modes (`E<i>`); im2col keeps its first two modes (`smem_tma_rank = min(smem_rank, 2)`, which
//! must be 2): the channels moved per pixel (`range_c`) and the pixels per column
//! (`range_whdn`), split by the multicast. The descriptor is `cuTensorMapEncodeIm2col` over the
//! tensor reordered to `(c, w, h, d, n)`; its fields are derived here (a GPU encodes it). The
//! TMA tensor `get_tma_tensor` returns is CuTe's `ArithTuple(lower corner) o (M o 0 o L)`: a
//! layout `M` over the GEMM's `((q,p,z,n), (c,s,r,t))` with the convolution's traversal and
//! dilation strides as basis strides, composed with the identity `L` over the linearized
//! `(q·p·z·n, (c,s,r,t))`: a layout composed with a layout (algebra/layout_composed.rs).

use std::fmt;

use super::tiled_mma::Operand;
use super::tma::{Sm100Builder, TmaCopy, TmaFamily, flat_leaves, unit};
use crate::algebra::basis::{Basis, Stride};
use crate::algebra::error::condition;
use crate::algebra::inverse::right_inverse;
use crate::algebra::layout_composed::{ComposedTensor, LayoutComposed};
use crate::algebra::pointer::Pointer;
use crate::algebra::swizzle::ComposedLayout;
use crate::algebra::tensor::Origin;
use crate::algebra::{IntTuple, Layout, Result, Tiler, arith, composition, divide};

/// The im2col TMA operations `make_im2col_tma_copy` builds (their traits:
/// `Copy_Traits<OP, NumBitsPerTMA, TMATensor>`).
pub const IM2COL_OPS: &[&str] = &[
    "SM90_TMA_LOAD_IM2COL",
    "SM90_TMA_LOAD_IM2COL_MULTICAST",
    "SM90_TMA_STORE_IM2COL",
    "SM100_TMA_2SM_LOAD_IM2COL",
    "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST",
];

/// `cuTensorMapEncodeIm2col`'s limit on the channels one pixel moves (`channelsPerPixel`).
pub const MAX_RANGE_C: i64 = 256;
/// `cuTensorMapEncodeIm2col`'s limit on the pixels one column moves (`pixelsPerColumn`).
pub const MAX_RANGE_WHDN: i64 = 1024;

/// The convolution's parameters of `make_im2col_tma_copy`, one integer per spatial mode (w, h,
/// d) each: the corners of the im2col window, the padding, the traversal strides and the
/// filter's offset and dilation. The overloads without them take 0 for the corners, padding and
/// offset and 1 for the strides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvParams {
    /// `lower_corner_whd`, `upper_corner_whd`, `lower_padding_whd`, `upper_padding_whd`,
    /// `stride_whd` (traversal), `lower_srt`, `stride_srt` (dilation), in CuTe's order.
    pub values: [Vec<i64>; 7],
}

/// CuTe's names of the convolution's parameters, in the order `make_im2col_tma_copy` takes them.
pub const CONV_PARAM_NAMES: [&str; 7] = [
    "lower_corner_whd",
    "upper_corner_whd",
    "lower_padding_whd",
    "upper_padding_whd",
    "stride_whd",
    "lower_srt",
    "stride_srt",
];

impl ConvParams {
    /// The no-offsets overload's parameters for `spatial` modes.
    pub fn none(spatial: usize) -> ConvParams {
        let z = vec![0; spatial];
        let o = vec![1; spatial];
        ConvParams {
            values: [z.clone(), z.clone(), z.clone(), z.clone(), o.clone(), z, o],
        }
    }

    fn get(&self, i: usize) -> &[i64] {
        &self.values[i]
    }
}

/// What `make_im2col_tma_copy` derives beyond a tiled TMA's fields (which [`TmaCopy`] holds:
/// the box is `(range_c, range_whdn)`, the global extents and byte strides those of the
/// `(c,w,h,d,n)` tensor).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Im2col {
    /// The parameters as given (`None`: the overload without them).
    pub given: Option<ConvParams>,
    /// The parameters in effect.
    pub conv: ConvParams,
    /// `tma_layout_vt`: the two smem-vectorized global modes, split by the multicast.
    pub tma_layout_vt: Layout,
    /// `tma_traversal_strides`: 1 for c, then the traversal strides (5 entries).
    pub traversal_strides: Vec<i64>,
    /// The TMA tensor's multimode layout `M`, `((q,p,z,n),(c,s,r,t))` (fprop; wgrad swapped).
    pub gemm_layout: Layout,
    /// The linearized shapes `(q·p·z·n, (c,s,r,t))` of its identity `L`.
    pub linear_shapes: IntTuple,
    /// The TMA tensor's start, `(0, lower_corner_whd, 0, lower_srt)`.
    pub lower_corner: IntTuple,
}

fn bad(msg: impl Into<String>) -> crate::algebra::error::AlgebraError {
    condition("make_im2col_tma_copy", msg.into())
}

/// The basis index `i` of a depth-1 basis stride `1@i`, or why it is not one.
fn mode_of(st: &Stride) -> Result<usize> {
    match st.basis.map(|b| b.path()) {
        Some(p) if p.len() == 1 && st.value == 1 && !st.dynamic() => Ok(p[0] as usize),
        _ => Err(bad(format!(
            "an im2col TMA's smem vector steps {st} in the global tensor: not a unit of one of its modes"
        ))),
    }
}

/// `basis_get(E<i>, t)`: mode `i` of a pair.
fn pick<T: Clone>(i: usize, pair: &[T; 2], what: &str) -> Result<T> {
    pair.get(i).cloned().ok_or_else(|| {
        bad(format!(
            "the im2col TMA's mode E<{i}> picks a mode of the {what}, which has 2 (CuTe's basis_get)"
        ))
    })
}

/// A tuple of integers.
fn ints(v: &[i64]) -> IntTuple {
    IntTuple::tuple(v.iter().map(|&x| IntTuple::int(x)))
}

/// A tuple of basis strides `k_j @ (path, j)`.
fn bases(scales: &[i64], path: impl Fn(usize) -> Vec<i64>) -> Result<IntTuple> {
    let modes: Vec<IntTuple> = scales
        .iter()
        .enumerate()
        .map(|(j, &k)| {
            Ok(IntTuple::stride(Stride::new(
                k,
                Basis::from_path(&path(j))?,
            )))
        })
        .collect::<Result<_>>()?;
    Ok(IntTuple::tuple(modes))
}

/// `make_im2col_tma_copy(op, gtensor, slayout, cta_tiler, multicast[, the convolution's
/// parameters])`: `detail::make_tma_atom_im2col` and `make_im2col_tma_copy_desc` (see the
/// module), checked as CuTe's static_asserts and the driver's encoder check them.
#[allow(clippy::too_many_arguments)]
pub fn derive(
    op: &str,
    gptr: Pointer,
    glayout: Layout,
    swizzled: Option<ComposedLayout>,
    slayout: Layout,
    cta_tiler: Option<Tiler<'static>>,
    multicast: i64,
    given: Option<ConvParams>,
) -> Result<TmaCopy> {
    let cta_tiler = match cta_tiler {
        Some(t) => t,
        None => Tiler::from_shape(&slayout.shape().product_each()?).into_owned(),
    };
    let prod = glayout.shape().product_each()?;
    let glayout_basis = Layout::identity(&prod)?;
    let cta_v_map = composition::compose_tiler(&glayout_basis, &cta_tiler)?;
    derive_with_map(
        op, gptr, glayout, swizzled, slayout, cta_tiler, cta_v_map, multicast, given, false,
    )
}

/// `make_im2col_tma_atom_A_sm100` / `_B_sm100(op, gtensor, slayout, mma_tiler, tiled_mma,
/// cluster_shape_vmnk, the convolution's parameters)` (copy_traits_sm100_im2col.hpp): the
/// CTA's value map is `layout<1>(mma.thrfrg_A(make_identity_layout(append<R>((TILE_M,
/// TILE_K), _1))))(_, repeat<R>(_))` (`thrfrg_B` over `(TILE_N, TILE_K)` for B), the multicast
/// the cluster's N CTAs (`size<2>(cluster_shape)`; M's, `size<1>`, for B) for a multicast
/// operation and 1 otherwise; then `detail::make_tma_atom_im2col`: an atom, not a tiled copy.
/// Without a cluster shape, `make_im2col_tma_copy_A_sm100` / `_B_sm100`: the tiled copy over
/// the CTA map of [`Sm100Builder::multicast`].
#[allow(clippy::too_many_arguments)]
pub fn derive_atom_sm100(
    operand: Operand,
    op: &str,
    gptr: Pointer,
    glayout: Layout,
    swizzled: Option<ComposedLayout>,
    slayout: Layout,
    mma_tiler: &IntTuple,
    mma: &super::tiled_mma::TiledMma,
    cluster_shape: Option<&IntTuple>,
    given: ConvParams,
) -> Result<TmaCopy> {
    let builder = Sm100Builder {
        operand,
        family: TmaFamily::Im2col,
        atom: cluster_shape.is_some(),
    };
    let name = builder.name();
    let bad = |msg: String| condition(name, msg);
    if operand == Operand::C {
        return Err(bad(
            "CuTe 4.7's SM100 im2col TMA builders copy A or B, not C".to_string(),
        ));
    }
    let (multicast, cta_t_map) = builder.multicast(op, mma, cluster_shape)?;
    builder.check_tiler(mma_tiler)?;
    let r = glayout.rank();
    // append<R>((TILE_MN, TILE_K), _1): the operand's modes of the MMA tiler
    let (p, q) = operand.modes();
    let tile_mode = |i: usize| -> Result<IntTuple> {
        mma_tiler
            .mode(i)
            .map(|m| m.to_owned())
            .ok_or_else(|| bad(format!("the MMA tiler {mma_tiler} has no mode {i}")))
    };
    let mut tile = vec![tile_mode(p)?, tile_mode(q)?];
    while tile.len() < r {
        tile.push(IntTuple::int(1));
    }
    let cluster_layout = Layout::identity(&IntTuple::tuple(tile))?;
    // (_, repeat<R>(_)): the value modes, flattened as a slice keeps them
    let cta_v_map = super::tma::sm100_cta_v_map(mma, operand, &cluster_layout)?;
    let cta_tiler = Tiler::from_shape(&slayout.shape().product_each()?).into_owned();
    let mut t = derive_with_map(
        op,
        gptr,
        glayout,
        swizzled,
        slayout,
        cta_tiler,
        cta_v_map.clone(),
        multicast,
        Some(given),
        true,
    )?;
    t.atom_only = cta_t_map.is_none();
    t.sm100_maps = Some(builder.tiling(mma_tiler, mma, cluster_shape, cta_t_map, cta_v_map)?);
    Ok(t)
}

#[allow(clippy::too_many_arguments)]
fn derive_with_map(
    op: &str,
    gptr: Pointer,
    glayout: Layout,
    swizzled: Option<ComposedLayout>,
    slayout: Layout,
    cta_tiler: Tiler<'static>,
    cta_v_map: Layout,
    multicast: i64,
    given: Option<ConvParams>,
    atom_only: bool,
) -> Result<TmaCopy> {
    let op = super::tma::family_op(op, TmaFamily::Im2col)?;
    let bits = super::tma::check_operands("make_im2col_tma_copy", &slayout, &gptr, multicast)?;
    // the no-offsets overloads: rank<0>(GLayout) - 1 spatial modes
    let spatial_default = glayout.mode(0)?.flatten().rank().saturating_sub(1);
    let conv = match &given {
        Some(c) => c.clone(),
        None => ConvParams::none(spatial_default),
    };
    if glayout.rank() != 2 {
        return Err(bad(format!(
            "an im2col TMA's global tensor has two modes, ((w,h,d,n), c) or (c, (w,h,d,n)): {glayout} has {}",
            glayout.rank()
        )));
    }
    let prod = glayout.shape().product_each()?;
    let glayout_basis = Layout::identity(&prod)?;
    let (s_shape, v_shape) = (
        slayout.shape().product_each()?,
        cta_v_map.shape().product_each()?,
    );
    if !s_shape.same_values(&v_shape) {
        return Err(bad(format!(
            "TMA requires CTA_Tile and SLayout top-level shape equivalence (CuTe's static_assert): the smem layout's {s_shape}, the CTA tile's {v_shape}"
        )));
    }
    let smem_size = slayout.size()?;
    if smem_size % multicast != 0 {
        return Err(bad(format!(
            "Number of active CTAs in TMA must divide domain size of slayout (CuTe's static_assert): {multicast} CTAs, {smem_size} elements"
        )));
    }
    // smem idx -> gmem mode, then -> gmem basis
    let inv_smem = right_inverse(&slayout)?;
    let sidx_to_gmode = composition::compose(&cta_v_map, &inv_smem)?.coalesce()?;
    let full = composition::compose(&glayout_basis, &sidx_to_gmode)?.flatten();
    let leaves = flat_leaves(&full);
    let smem_rank = leaves
        .iter()
        .position(|(_, _, st)| !unit(st))
        .unwrap_or(leaves.len());
    if smem_rank < 2 {
        return Err(bad(format!(
            "IM2COL expects at least 2 modes of the smem to vectorize with gmem (CuTe's static_assert): the smem vector maps to {full}, {smem_rank} of whose modes step by one unit of a global mode"
        )));
    }
    let trunc = full.take(0, 2)?;
    let trunc_size = trunc.size()?;
    if trunc_size % multicast != 0 {
        return Err(bad(format!(
            "the im2col box's {trunc_size} elements do not split over the multicast's {multicast} CTAs (CuTe's safe_div)"
        )));
    }
    let vt = divide::logical_divide(&trunc, &Tiler::Int(trunc_size / multicast))?;
    let box0 = vt.mode(0)?;
    if box0.rank() != 2 {
        return Err(bad(format!(
            "the multicast of {multicast} CTAs splits the im2col box {trunc} inside its channels: size<0,1>(tma_layout_vt) of {vt} does not exist (a compile error in CuTe)"
        )));
    }
    let (range_c, range_whdn) = (box0.mode(0)?.size()?, box0.mode(1)?.size()?);
    let c_st = flat_leaves(&box0.mode(0)?)[0].2;
    let whdn_st = flat_leaves(&box0.mode(1)?)[0].2;
    let (ci, wi) = (mode_of(&c_st)?, mode_of(&whdn_st)?);
    let g_modes = [glayout.mode(0)?, glayout.mode(1)?];
    if ci == wi {
        return Err(bad(format!(
            "an im2col TMA's global tensor has two modes, (w,h,d,n) and c, which the smem tile's two vector modes pick one each; {glayout} with the vector over E<{ci}> and E<{wi}>"
        )));
    }
    // gtensor_cwhdn: the channels, then the pixels' modes
    let cwhdn = Layout::concat(&[
        pick(ci, &g_modes, "global tensor")?,
        pick(wi, &g_modes, "global tensor")?,
    ])
    .flatten();
    let total = cwhdn.rank();
    if !(3..=5).contains(&total) {
        return Err(bad(format!(
            "cuTensorMapEncodeIm2col encodes 3 to 5 modes (CuTe's assert on its result): the tensor as (c,w,h,d,n) is {cwhdn}, of {total}"
        )));
    }
    let spatial = total - 2;
    for (name, v) in CONV_PARAM_NAMES.iter().zip(&conv.values) {
        if v.len() != spatial {
            return Err(bad(format!(
                "{name} has one integer per spatial mode: {spatial} for the tensor {cwhdn} (c, {spatial} spatial modes, n), got {}",
                v.len()
            )));
        }
    }
    let f = flat_leaves(&cwhdn);
    if f[0].2.value != 1 || f[0].2.basis.is_some() {
        return Err(bad(format!(
            "the smem tile's vector runs along the global mode {} of {glayout}, which steps {} elements: im2col's first mode is the channels', contiguous in global memory (cuTensorMapEncodeIm2col takes its stride as the element's size)",
            ci, f[0].2
        )));
    }
    let gmem_shape: Vec<i64> = f.iter().map(|(s, _, _)| *s).collect();
    let mut gmem_stride_bytes = Vec::with_capacity(total);
    for (i, (_, _, d)) in f.iter().enumerate() {
        if d.basis.is_some() {
            return Err(bad(format!(
                "the global tensor {glayout} has basis strides"
            )));
        }
        let b = arith::mul(d.value, bits, "im2col global stride")? / 8;
        if i > 0 && (b % 16 != 0 || b >= 1 << 40) {
            return Err(bad(format!(
                "im2col mode {i} of {cwhdn} steps {b} bytes in global memory: a TMA global stride is a multiple of 16 bytes below 2^40 (cuTensorMapEncodeIm2col)"
            )));
        }
        gmem_stride_bytes.push(b);
    }
    if !(1..=MAX_RANGE_C).contains(&range_c) || !(1..=MAX_RANGE_WHDN).contains(&range_whdn) {
        return Err(bad(format!(
            "the im2col box moves {range_c} channels per pixel and {range_whdn} pixels per column: cuTensorMapEncodeIm2col takes 1 to {MAX_RANGE_C} and 1 to {MAX_RANGE_WHDN}"
        )));
    }
    let mut traversal_strides = vec![1; 5];
    for (i, s) in conv.get(4).iter().enumerate() {
        traversal_strides[i + 1] = *s;
    }
    // the TMA tensor (make_im2col_tma_copy_desc)
    let (lc, uc, lp, up, swhd, lsrt, ssrt) = (
        conv.get(0),
        conv.get(1),
        conv.get(2),
        conv.get(3),
        conv.get(4),
        conv.get(5),
        conv.get(6),
    );
    let op_name = "make_im2col_tma_copy";
    let mut gemm_mn = Vec::with_capacity(spatial + 1);
    let mut gemm_k = vec![gmem_shape[0]];
    for i in 0..spatial {
        if swhd[i] == 0 || ssrt[i] == 0 {
            return Err(bad(format!(
                "stride_whd and stride_srt divide (q/p/z = (w + upper - lower - 1) / stride + 1, s/r/t = 1 + padding / stride): mode {i} has a 0"
            )));
        }
        let span = arith::add(gmem_shape[i + 1], uc[i] - lc[i] - 1, op_name)?;
        gemm_mn.push(arith::add(span / swhd[i], 1, op_name)?);
        let padding = if ssrt[i] > 0 {
            up[i] - uc[i]
        } else {
            lc[i] - lp[i]
        };
        gemm_k.push(1 + padding / ssrt[i]);
    }
    gemm_mn.push(gmem_shape[spatial + 1]);
    let mn_size = gemm_mn
        .iter()
        .try_fold(1i64, |a, &b| arith::mul(a, b, op_name))?;
    // ((w,h,d) traversal strides, n) and (c, (s,r,t) dilations) as TMA coordinate bases
    let mut mn_strides = bases(swhd, |j| vec![1, j as i64])?
        .modes()
        .map(|m| m.to_owned())
        .collect::<Vec<_>>();
    mn_strides.push(IntTuple::stride(Stride::new(1, Basis::from_path(&[2])?)));
    let mut k_strides = vec![IntTuple::stride(Stride::new(1, Basis::from_path(&[0])?))];
    k_strides.extend(
        bases(ssrt, |j| vec![3, j as i64])?
            .modes()
            .map(|m| m.to_owned()),
    );
    let shapes = [ints(&gemm_mn), ints(&gemm_k)];
    let strides = [IntTuple::tuple(mn_strides), IntTuple::tuple(k_strides)];
    let linear = [IntTuple::int(mn_size), ints(&gemm_k)];
    let (mi, ki) = (wi, ci);
    let gemm_layout = Layout::new(
        IntTuple::tuple([
            pick(mi, &shapes, "GEMM shapes")?,
            pick(ki, &shapes, "GEMM shapes")?,
        ]),
        IntTuple::tuple([
            pick(mi, &strides, "GEMM strides")?,
            pick(ki, &strides, "GEMM strides")?,
        ]),
    )?;
    let linear_shapes = IntTuple::tuple([
        pick(mi, &linear, "GEMM shapes")?,
        pick(ki, &linear, "GEMM shapes")?,
    ]);
    let lower_corner = IntTuple::tuple([IntTuple::int(0), ints(lc), IntTuple::int(0), ints(lsrt)]);
    let num_bits = arith::mul(trunc_size, bits, "NumBitsPerTMA")?;
    Ok(TmaCopy {
        op: op.to_string(),
        gptr,
        glayout,
        swizzled,
        slayout,
        cta_tiler,
        cluster_size: multicast,
        atom_only,
        tma_gbasis: vt.clone(),
        box_shape: vec![range_c, range_whdn],
        gmem_shape,
        gmem_stride_bytes,
        num_bits,
        sm100_maps: None,
        internal: None,
        im2col: Some(Box::new(Im2col {
            given,
            conv,
            tma_layout_vt: vt,
            traversal_strides,
            gemm_layout,
            linear_shapes,
            lower_corner,
        })),
    })
}

impl Im2col {
    /// `get_tma_tensor(shape)` (whatever the shape: the traits return the tensor
    /// `make_im2col_tma_copy_desc` built): CuTe's `make_tensor(make_inttuple_iter(lower
    /// corner), ComposedLayout{M, 0, L})`, the GEMM's multimode layout `M` after the identity
    /// `L` over the linearized shapes, with a static zero offset in `M`'s domain.
    pub fn tma_tensor(&self) -> Result<ComposedTensor> {
        Ok(ComposedTensor {
            origin: Some(Origin::Coord(self.lower_corner.clone())),
            layout: LayoutComposed::of_layouts(
                self.gemm_layout.clone(),
                self.linear_shapes.repeat_like(0),
                Layout::identity(&self.linear_shapes)?,
            ),
        })
    }
}

impl fmt::Display for Im2col {
    /// The convolution's parameters as `make_im2col_tma_copy` takes them (nothing for the
    /// overload without them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = &self.given {
            for v in &c.values {
                write!(f, ", {}", ints(v))?;
            }
        }
        Ok(())
    }
}
