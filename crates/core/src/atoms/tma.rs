//! TMA: `make_tma_atom` / `make_tma_copy` (CuTe's `atom/copy_traits_sm90_tma.hpp`), ported over
//! our algebra: the box a TMA copy moves, derived from a global-memory tensor and the
//! shared-memory layout it fills, and the tiled copy CuTe builds around it.
//!
//! The derivation traces the shared-memory "vector" (the right inverse of the smem layout)
//! through the CTA tile into the global tensor's modes (basis strides, `E<i>`), keeps the
//! leading modes that step by one unit of a global mode, coalesces them into boxes of at most
//! 256 elements per dimension, and appends the global modes the box does not cover with extent
//! 1 (at most 5 TMA dimensions). What CuTe checks with `assert` when it builds the descriptor
//! (16-byte global strides, the first stride 1, boxes of 1 to 256) is an error here.

use std::fmt;

use super::copy::CopyAtom;
use super::tiled_mma::Operand;
use crate::algebra::basis::{Basis, Stride, coprofile, make_basis_like};
use crate::algebra::error::condition;
use crate::algebra::int_tuple::TupleBuilder;
use crate::algebra::inverse::right_inverse;
use crate::algebra::pointer::Pointer;
use crate::algebra::recast::Recast;
use crate::algebra::swizzle::ComposedLayout;
use crate::algebra::tensor::{OffsetTensor, Origin};
use crate::algebra::{IntTuple, Layout, Result, Tiler, arith, composition, smem_atoms};

/// The TMA copy operations `make_tma_copy` builds, and the threads of their `ThrID`.
pub const TMA_COPY_OPS: &[&str] = &[
    "SM90_TMA_LOAD",
    "SM90_TMA_LOAD_MULTICAST",
    "SM90_TMA_STORE",
    "SM90_TMA_REDUCE_ADD",
    "SM100_TMA_2SM_LOAD",
    "SM100_TMA_2SM_LOAD_MULTICAST",
    "SM100_TMA_LOAD_2D_GATHER4",
    "SM100_TMA_LOAD_MULTICAST_2D_GATHER4",
    "SM100_TMA_STORE_2D_SCATTER4",
];

/// Whether an operation is SM100's 2-D gather4/scatter4 TMA, whose box is one row of the
/// tiled box (`make_tma_copy_atom`'s `tma_gbasis.compose(make_identity_layout((shape<0>, _1)))`)
/// moved for 4 rows picked at run time (`NumBitsPerTMA` counts the 4).
pub fn is_gather4(op: &str) -> bool {
    op.contains("GATHER4") || op.contains("SCATTER4")
}

/// What an SM100 TMA builder (`make_[im2col_]tma_{atom,copy}_{A,B,C}_sm100`) was given:
/// its operand, MMA tiler, tiled MMA and (an atom's) cluster shape, and the maps
/// `detail::make_tma_copy_tiled` tiles a copy by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sm100Tiling {
    /// The operand whose tile it copies (`thrfrg_A`, `thrfrg_B` or `thrfrg_C`).
    pub operand: Operand,
    /// The cluster tiler `(TILE_M, TILE_N, TILE_K, ...)`.
    pub mma_tiler: IntTuple,
    /// The tiled MMA whose `thrfrg_X` and VMNK thread layout it reads.
    pub mma: super::tiled_mma::TiledMma,
    /// An atom's cluster shape `(CTA_V, CTA_M, CTA_N, CTA_K)` (`None`: a tiled copy).
    pub cluster_shape: Option<IntTuple>,
    /// CTA rank -> logical TMA thread: `make_layout(vmnk, compact_col_major(vmnk, S))`
    /// (coalesced for a tiled TMA; `Layout<_1,_0>` for C); an atom's is `Layout<_1,_0>`
    /// (unused: an atom is not tiled).
    pub cta_t_map: Layout,
    /// CTA value -> gmem mode: `layout<1>(mma.thrfrg_X(g_tile))(_, repeat<R>(_))`.
    pub cta_v_map: Layout,
}

/// The two kinds of TMA copy CuTe builds: tiled (`make_tma_copy`, `make_tma_atom`,
/// copy_traits_sm90_tma.hpp) and im2col (`make_im2col_tma_copy`, copy_traits_sm90_im2col.hpp).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaFamily {
    /// A box of the global tensor.
    Tiled,
    /// A convolution's im2col box.
    Im2col,
}

impl TmaFamily {
    /// The family's builder, which its errors name.
    pub fn builder(self) -> &'static str {
        match self {
            TmaFamily::Tiled => "make_tma_copy",
            TmaFamily::Im2col => "make_im2col_tma_copy",
        }
    }

    /// The operations its builder takes.
    pub fn ops(self) -> &'static [&'static str] {
        match self {
            TmaFamily::Tiled => TMA_COPY_OPS,
            TmaFamily::Im2col => super::im2col::IM2COL_OPS,
        }
    }
}

/// The TMA operation `op` (its `cute::` dropped) as a builder of `family` takes it, or why not
/// (an im2col operation given to `make_tma_copy` names `make_im2col_tma_copy`).
pub(crate) fn family_op(op: &str, family: TmaFamily) -> Result<&str> {
    let op = op.trim_start_matches("cute::");
    let fail = |why: String| condition(family.builder(), why);
    if family == TmaFamily::Tiled
        && let Some(why) = unmodelled(op)
    {
        return Err(fail(why));
    }
    if !family.ops().contains(&op) {
        let what = match family {
            TmaFamily::Tiled => "a TMA copy operation",
            TmaFamily::Im2col => "an im2col TMA operation",
        };
        return Err(fail(format!(
            "{op} is not {what} {} builds ({})",
            family.builder(),
            family.ops().join(", ")
        )));
    }
    Ok(op)
}

/// One of CuTe's SM100 TMA builders over a UMMA tiled MMA (copy_traits_sm100_tma.hpp,
/// copy_traits_sm100_im2col.hpp): `make_[im2col_]tma_{atom,copy}_{A,B,C}_sm100`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm100Builder {
    /// The operand it copies (C: `make_tma_copy_C_sm100` only).
    pub operand: Operand,
    /// Tiled or im2col.
    pub family: TmaFamily,
    /// `make_*_tma_atom_*` (with a cluster shape), else the tiled copy `make_*_tma_copy_*`.
    pub atom: bool,
}

impl Sm100Builder {
    /// CuTe's check of the MMA tiler `(TILE_M, TILE_N, TILE_K, ...)`: at least 3 modes.
    pub(super) fn check_tiler(self, mma_tiler: &IntTuple) -> Result<()> {
        if mma_tiler.rank() < 3 {
            return Err(condition(
                self.name(),
                format!(
                    "the MMA tiler is (TILE_M, TILE_N, TILE_K, ...), of at least 3 modes: got {mma_tiler}"
                ),
            ));
        }
        Ok(())
    }

    /// The SM100 maps a copy it builds keeps ([`Sm100Tiling`]); an atom's (no CTA thread map)
    /// `cta_t_map` is `Layout<_1,_0>`.
    pub(super) fn tiling(
        self,
        mma_tiler: &IntTuple,
        mma: &super::tiled_mma::TiledMma,
        cluster_shape: Option<&IntTuple>,
        cta_t_map: Option<Layout>,
        cta_v_map: Layout,
    ) -> Result<Box<Sm100Tiling>> {
        Ok(Box::new(Sm100Tiling {
            operand: self.operand,
            mma_tiler: mma_tiler.clone(),
            mma: mma.clone(),
            cluster_shape: cluster_shape.cloned(),
            cta_t_map: match cta_t_map {
                Some(m) => m,
                None => Layout::new(IntTuple::int(1), IntTuple::int(0))?,
            },
            cta_v_map,
        }))
    }

    /// Its name, `make_im2col_tma_atom_A_sm100`.
    pub fn name(self) -> &'static str {
        use Operand::{A, B, C};
        use TmaFamily::{Im2col, Tiled};
        match (self.family, self.atom, self.operand) {
            (Tiled, true, A) => "make_tma_atom_A_sm100",
            (Tiled, true, B) => "make_tma_atom_B_sm100",
            (Tiled, true, C) => "make_tma_atom_C_sm100",
            (Tiled, false, A) => "make_tma_copy_A_sm100",
            (Tiled, false, B) => "make_tma_copy_B_sm100",
            (Tiled, false, C) => "make_tma_copy_C_sm100",
            (Im2col, true, A) => "make_im2col_tma_atom_A_sm100",
            (Im2col, true, B) => "make_im2col_tma_atom_B_sm100",
            (Im2col, true, C) => "make_im2col_tma_atom_C_sm100",
            (Im2col, false, A) => "make_im2col_tma_copy_A_sm100",
            (Im2col, false, B) => "make_im2col_tma_copy_B_sm100",
            (Im2col, false, C) => "make_im2col_tma_copy_C_sm100",
        }
    }

    /// The operations of its `if constexpr` chain: (multicast, non-multicast); anything else
    /// is CuTe's `static_assert(dependent_false<CopyOp>, "Unsupported TMA")`.
    fn ops(self) -> (&'static [&'static str], &'static [&'static str]) {
        match (self.family, self.atom, self.operand) {
            (TmaFamily::Tiled, false, Operand::C) => (
                &[],
                &["SM90_TMA_LOAD", "SM90_TMA_STORE", "SM100_TMA_2SM_LOAD"],
            ),
            (TmaFamily::Tiled, false, _) => (
                &["SM90_TMA_LOAD_MULTICAST", "SM100_TMA_2SM_LOAD_MULTICAST"],
                &["SM90_TMA_LOAD", "SM90_TMA_STORE", "SM100_TMA_2SM_LOAD"],
            ),
            (TmaFamily::Tiled, true, _) => (
                &[
                    "SM90_TMA_LOAD_MULTICAST",
                    "SM100_TMA_2SM_LOAD_MULTICAST",
                    "SM100_TMA_LOAD_MULTICAST_2D_GATHER4",
                ],
                &[
                    "SM90_TMA_LOAD",
                    "SM90_TMA_STORE",
                    "SM100_TMA_2SM_LOAD",
                    "SM100_TMA_LOAD_2D_GATHER4",
                ],
            ),
            (TmaFamily::Im2col, false, _) => (
                &[
                    "SM90_TMA_LOAD_IM2COL_MULTICAST",
                    "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST",
                ],
                &["SM90_TMA_LOAD_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL"],
            ),
            (TmaFamily::Im2col, true, _) => (
                &[
                    "SM90_TMA_LOAD_IM2COL_MULTICAST",
                    "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST",
                ],
                &[
                    "SM90_TMA_LOAD_IM2COL",
                    "SM90_TMA_STORE_IM2COL",
                    "SM100_TMA_2SM_LOAD_IM2COL",
                ],
            ),
        }
    }

    /// The CTAs `op` multicasts over and, for a tiled copy, its CTA map. A multicast operation
    /// spans the N CTAs for A (the VMNK mode 2) and the M CTAs for B (mode 1): an atom's
    /// `size<2>(cluster_shape)` (`size<1>` for B); a copy's `cta_t_map =
    /// make_layout(shape(vmnk), compact_col_major(shape(vmnk), S))` with `S` the unit stride
    /// on that mode and `_0` elsewhere (all `_0` for a non-multicast operation; coalesced for
    /// a tiled TMA, not for im2col; C's is `Layout<_1,_0>`), whose cosize is the multicast.
    pub fn multicast(
        self,
        op: &str,
        mma: &super::tiled_mma::TiledMma,
        cluster_shape: Option<&IntTuple>,
    ) -> Result<(i64, Option<Layout>)> {
        let name = self.name();
        let op = op.trim_start_matches("cute::");
        let (multicast_ops, plain_ops) = self.ops();
        let is_multicast = multicast_ops.contains(&op);
        if !is_multicast && !plain_ops.contains(&op) {
            let all: Vec<&str> = plain_ops.iter().chain(multicast_ops).copied().collect();
            let what = if self.operand == Operand::C {
                "Unsupported TMA Op, expected a non-multicast TMA"
            } else {
                "Unsupported TMA"
            };
            return Err(condition(
                name,
                format!(
                    "{what} (CuTe's static_assert): {op} is not one of {}",
                    all.join(", ")
                ),
            ));
        }
        let mode = match self.operand {
            Operand::A => 2,
            Operand::B => 1,
            Operand::C => 0,
        };
        if let Some(cluster_shape) = cluster_shape {
            if !is_multicast {
                return Ok((1, None));
            }
            return match (cluster_shape.rank(), cluster_shape.mode(mode)) {
                (4, Some(m)) => Ok((m.product()?, None)),
                _ => Err(condition(
                    name,
                    format!(
                        "the cluster shape is (CTA_V, CTA_M, CTA_N, CTA_K), of 4 modes: got {cluster_shape}"
                    ),
                )),
            };
        }
        let cta_t_map = if self.operand == Operand::C {
            // no multicast, so only 1 CTA involved
            Layout::new(IntTuple::int(1), IntTuple::int(0))?
        } else {
            let vmnk = &mma.thr_layout_vmnk;
            let mut parts = Vec::with_capacity(vmnk.rank());
            for i in 0..vmnk.rank() {
                let shape = vmnk.mode(i)?.shape().to_owned();
                parts.push(if is_multicast && i == mode {
                    Layout::column_major(shape)?
                } else {
                    let zeros = shape.map_leaves(&mut |_| Ok(0))?;
                    Layout::new(shape, zeros)?
                });
            }
            let map = Layout::concat(&parts);
            match self.family {
                TmaFamily::Tiled => map.coalesce()?,
                TmaFamily::Im2col => map,
            }
        };
        Ok((cta_t_map.cosize()?, Some(cta_t_map)))
    }
}

/// The CTA's value map of an SM100 TMA, `layout<1>(mma.thrfrg_X(g_tile))(_, repeat<R>(_))`
/// with `R = rank(g_tile)`: the CTA value index -> global mode.
pub(crate) fn sm100_cta_v_map(
    mma: &super::tiled_mma::TiledMma,
    operand: Operand,
    g_tile: &Layout,
) -> Result<Layout> {
    let frg = mma.thrfrg(operand, g_tile)?.mode(1)?;
    let rest = crate::algebra::Coord::Tuple(vec![crate::algebra::Coord::Under; g_tile.rank()]);
    let coord = crate::algebra::Coord::Tuple(vec![crate::algebra::Coord::Under, rest]);
    frg.slice(&coord)
}

/// Why a TMA operation CuTe has is not one `make_tma_copy`/`make_tma_atom` builds: the im2col
/// loads and stores (`copy_traits_sm90_im2col.hpp`, `copy_traits_sm100_im2col.hpp`), which CuTe
/// builds with `make_im2col_tma_copy`.
pub fn unmodelled(op: &str) -> Option<String> {
    if op.contains("IM2COL") {
        return Some(format!(
            "{op} is an im2col TMA: CuTe builds it with make_im2col_tma_copy(OP, GTENSOR, SLAYOUT[, CTA_TILER[, MULTICAST]][, lower_corner_whd, upper_corner_whd, lower_padding_whd, upper_padding_whd, stride_whd, lower_srt, stride_srt]), not make_tma_copy"
        ));
    }
    None
}

/// The most elements of one TMA box dimension (`smem_box_shape[i] <= 2^8`).
pub const MAX_BOX_EXTENT: i64 = 256;

/// What `make_tma_copy(op, gtensor, slayout, cta_tiler, cluster_size)` was given and what it
/// derived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaCopy {
    /// The operation (`SM90_TMA_LOAD`, ...).
    pub op: String,
    /// The global tensor's pointer.
    pub gptr: Pointer,
    /// The global tensor's layout.
    pub glayout: Layout,
    /// The shared-memory layout as given when it is swizzled (`Sw o OFF o L`): its swizzle is
    /// `get_swizzle_portion`.
    pub swizzled: Option<ComposedLayout>,
    /// The shared-memory layout without its swizzle (`get_nonswizzle_portion`).
    pub slayout: Layout,
    /// The CTA tiler (`product_each(shape(slayout))` by default).
    pub cta_tiler: Tiler<'static>,
    /// CTAs sharing one multicast (1 without multicast).
    pub cluster_size: i64,
    /// Whether it was made by `make_tma_atom` (else `make_tma_copy`).
    pub atom_only: bool,
    /// `TmaGmemBasis`: TMA box mode -> global mode(s), `tma_box_shape:gmem_mode`.
    pub tma_gbasis: Layout,
    /// The box (`smem_box_shape`), per TMA dimension, after the multicast's truncation.
    pub box_shape: Vec<i64>,
    /// The descriptor's global extents (`gmem_prob_shape`), per TMA dimension.
    pub gmem_shape: Vec<i64>,
    /// The descriptor's global strides in bytes (`gmem_prob_stride`; the first is implied).
    pub gmem_stride_bytes: Vec<i64>,
    /// `NumBitsPerTMA`: bits of one (untruncated) box.
    pub num_bits: i64,
    /// An im2col TMA's convolution and what `make_im2col_tma_copy` derives from it (`None`:
    /// a tiled TMA).
    pub im2col: Option<Box<super::im2col::Im2col>>,
    /// What `make_tma_copy_A_sm100`/`_B_sm100` was given and its CTA maps (`None`: the
    /// multicast's `cluster_size:1` and the CTA tiler's identity, as `make_tma_copy`'s).
    pub sm100_maps: Option<Box<Sm100Tiling>>,
    /// The `TmaInternalType` the TMA moves where it is of another width than the tensor's
    /// element (`None`: the element itself, CuTe's `void`).
    pub internal: Option<TmaInternal>,
}

/// A builder's `TmaInternalType` (`make_tma_copy<uint8_t>(…)`) of another width than the
/// global tensor's element: the TMA moves `recast<TmaInternalType>(gtensor)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaInternal {
    /// The type's name, as the call spells it.
    pub name: String,
    /// Its bits.
    pub bits: i64,
}

/// What every TMA copy's builder asserts of its operands before deriving anything
/// (`make_tma_copy`, `make_im2col_tma_copy`): the smem layout is static (CuTe's
/// `CUTE_STATIC_ASSERT_V` on its shape and size: the smem box is compile-time), the element
/// has a known width, and the multicast count is at least 1. Gives the element's bits.
pub(crate) fn check_operands(
    builder: &str,
    slayout: &Layout,
    gptr: &Pointer,
    multicast: i64,
) -> Result<i64> {
    if !slayout.is_static() {
        return Err(bad(format!(
            "the shared-memory layout {slayout} must be static (CuTe's CUTE_STATIC_ASSERT_V on its shape and size): write its integers as Int<N>{{}} or _N{{}}"
        )));
    }
    let bits = gptr.width.bits(&format!("{builder} (the TMA element)"))?;
    if multicast < 1 {
        return Err(bad(format!(
            "the multicast count must be at least 1, got {multicast}"
        )));
    }
    Ok(bits)
}

pub(crate) fn bad(msg: impl Into<String>) -> crate::algebra::error::AlgebraError {
    condition("make_tma_copy", msg.into())
}

/// `(shape, stride)` leaves of a layout, flattened.
pub(crate) fn flat_leaves(l: &Layout) -> Vec<(i64, bool, Stride)> {
    leaves(l)
}

fn leaves(l: &Layout) -> Vec<(i64, bool, Stride)> {
    let f = l.flatten();
    let shapes: Vec<(i64, bool)> = f.shape().leaf_kind_iter().collect();
    let strides = f.stride().stride_leaves();
    shapes
        .into_iter()
        .zip(strides)
        .map(|((s, d), st)| (s, d, st))
        .collect()
}

fn build(modes: &[(i64, bool, Stride)]) -> Result<Layout> {
    if modes.len() == 1 {
        let (s, d, st) = modes[0];
        return Layout::new(IntTuple::int_of(s, d), IntTuple::stride(st));
    }
    let mut sh = TupleBuilder::new();
    let mut sd = TupleBuilder::new();
    for &(s, d, st) in modes {
        sh.push_int_kind(s, d);
        sd.push_stride(st);
    }
    Layout::new(sh.finish(), sd.finish())
}

/// Whether a stride is statically the unit of a basis (or the integer 1): CuTe's
/// `is_constant<1, decltype(basis_value(e))>`.
pub(crate) fn unit(st: &Stride) -> bool {
    st.value == 1 && !st.dynamic()
}

/// CuTe's `detail::coalesce_256`: combine flat modes greedily while each next stride continues
/// the last mode (`s0:d0, s1:s0 d0`, statically) and the merged extent stays within 256;
/// size-1 modes are dropped.
pub fn coalesce_256(l: &Layout) -> Result<Layout> {
    let flat = leaves(l);
    let mut out: Vec<(i64, bool, Stride)> = vec![flat[0]];
    for &(s, d, st) in &flat[1..] {
        let last = *out.last().expect("one mode");
        if s == 1 && !d {
            continue;
        }
        if last.0 == 1 && !last.1 && out.len() == 1 {
            out[0] = (s, d, st);
            continue;
        }
        let continues = !last.1
            && !last.2.dynamic()
            && !st.dynamic()
            && last.2.basis.is_none()
            && st.basis.is_none()
            && !d
            && arith::mul(last.0, last.2.value, "coalesce_256")? == st.value
            && arith::mul(s, last.0, "coalesce_256")? <= MAX_BOX_EXTENT;
        if continues {
            let n = out.len();
            out[n - 1].0 = s * last.0;
        } else {
            out.push((s, d, st));
        }
    }
    if out.len() == 1 && out[0].0 == 1 && !out[0].1 {
        return Layout::new(IntTuple::int(1), IntTuple::int(0));
    }
    build(&out)
}

/// CuTe's `detail::construct_tma_gbasis<TmaInternalType>(gtensor, slayout, cta_v_map)`:
/// `tma_box_shape:gmem_mode`, at most 5 modes. `recast`: the TMA's element of another width
/// than the tensor's (`recast<TmaInternalType>`: the box's shape counts its elements, and the
/// global modes are those of the recast tensor; `None`: the tensor's own element).
pub fn construct_tma_gbasis(
    glayout: &Layout,
    slayout: &Layout,
    cta_v_map: &Layout,
    recast: Option<&Recast>,
) -> Result<Layout> {
    if slayout.size()? != cta_v_map.size()? {
        return Err(bad(format!(
            "TMA requires CTA_Tile and SLayout top-level size equivalence (CuTe's static_assert): the smem layout {slayout} has {} elements, the CTA tile {}",
            slayout.size()?,
            cta_v_map.size()?
        )));
    }
    // smem idx -> smem coord, then -> gmem mode
    let inv_smem = right_inverse(slayout)?;
    let sidx2gmode_full = composition::compose(cta_v_map, &inv_smem)?.coalesce()?;
    let full = leaves(&sidx2gmode_full);
    let smem_rank = full
        .iter()
        .position(|(_, _, st)| !unit(st))
        .unwrap_or(full.len());
    if smem_rank == 0 {
        return Err(bad(format!(
            "Could not find a common tile-gmem vectorization. Does the Tile select out major GMEM modes? (CuTe's static_assert: smem_rank > 0; the smem vector maps to {sidx2gmode_full}, whose first stride is not a unit of a global mode)"
        )));
    }
    let sidx2gmode = build(&full[..smem_rank])?;
    // tma_val_idx:gmem_strides, coalesced up to 256
    // (the smem vector is in the tensor's elements: compose, then recast)
    let tile_gstride = composition::compose(glayout, &sidx2gmode)?;
    let (tile_gstride, glayout_t) = match recast {
        Some(r) => (r.layout(&tile_gstride)?, r.layout(glayout)?),
        None => (tile_gstride, glayout.clone()),
    };
    let tma_gstride = coalesce_256(&tile_gstride)?;
    // the same tiling through the identity: tma_val_idx:gmem_mode
    let gbasis = Layout::identity(&glayout.shape().to_owned())?;
    let tile_gbasis_tmp = composition::compose(&gbasis, &sidx2gmode)?;
    let tile_gbasis = Layout::new(
        tile_gstride.shape().to_owned(),
        tile_gbasis_tmp.stride().to_owned(),
    )
    .map_err(|e| {
        bad(format!(
            "the tile's global strides {tile_gstride} and bases {tile_gbasis_tmp} are not congruent: {e}"
        ))
    })?;
    let gshape = tma_gstride.shape().to_owned();
    let wrapped = if gshape.is_int() {
        IntTuple::tuple([gshape])
    } else {
        gshape
    };
    let tma_gbasis_tile = composition::compose(&tile_gbasis, &Layout::column_major(wrapped)?)?;
    let tile_bases: Vec<Stride> = tma_gbasis_tile.stride().stride_leaves().to_vec();
    // global modes the box does not cover (of the recast tensor), appended with extent 1
    let gl = leaves(&glayout_t);
    let gb = leaves(&gbasis);
    // tuple_cat(wrap(shape(tma_gbasis_tile)), ...): the tile's modes, spliced
    let mut modes: Vec<Layout> = if tma_gbasis_tile.shape().is_int() {
        vec![tma_gbasis_tile.clone()]
    } else {
        tma_gbasis_tile.modes()
    };
    for ((s, sd, d), (_, _, e)) in gl.iter().zip(&gb) {
        if (*s == 1 && !sd) || (d.value == 0 && !d.dynamic() && d.basis.is_none()) {
            continue;
        }
        let found = tile_bases
            .iter()
            .any(|tb| tb.basis == e.basis && tb.value == 1 && !tb.dynamic());
        if !found {
            modes.push(Layout::new(IntTuple::int(1), IntTuple::stride(*e))?);
        }
    }
    // group<min(rank, 4), -1>: at most 5 TMA dimensions (rank 5 wraps its last mode)
    let full = Layout::concat(&modes);
    if full.rank() > 4 {
        full.group(4, full.rank())
    } else {
        Ok(full)
    }
}

/// The TMA box that fills the shared-memory layout `slayout` (its domain the CTA tile, the
/// whole of it) from the global tensor `glayout`: the sizes of
/// [`construct_tma_gbasis`]'s modes, before any multicast, one per TMA dimension (the first
/// the global tensor's contiguous one). What `cute gemm`'s kernels issue.
pub fn tma_box(glayout: &Layout, slayout: &Layout) -> Result<Vec<i64>> {
    let tiler = Tiler::from_shape(&slayout.shape().product_each()?).into_owned();
    let cta_v_map =
        composition::compose_tiler(&Layout::identity(&glayout.shape().to_owned())?, &tiler)?;
    construct_tma_gbasis(glayout, slayout, &cta_v_map, None)?
        .modes()
        .iter()
        .map(|m| m.size())
        .collect()
}

/// The global extent and stride (elements) that TMA dimension `basis_modes` spans:
/// `fill_tma_gmem_shape_stride`'s recurrence `g = (g - 1)(d_old / gcd) + (s_j - 1)(d_j / gcd) + 1`.
fn gmem_extent(glayout: &Layout, bases: &[Stride]) -> Result<(i64, i64)> {
    let gl = leaves(glayout);
    let gb = leaves(&Layout::identity(&glayout.shape().to_owned())?);
    let find = |b: Option<Basis>| -> Result<(i64, i64)> {
        gl.iter()
            .zip(&gb)
            .find(|(_, (_, _, e))| e.basis == b)
            .map(|((s, _, d), _)| (*s, d.value))
            .ok_or_else(|| bad("a TMA mode names a global mode the tensor lacks"))
    };
    if bases.len() == 1 {
        return find(bases[0].basis);
    }
    let (mut shape, mut stride) = (1i64, 0i64);
    for b in bases {
        let (sj, dj) = find(b.basis)?;
        let old = stride;
        stride = gcd(stride, dj);
        if stride != 0 {
            let a = arith::mul(shape - 1, old / stride, "TMA global extent")?;
            let c = arith::mul(sj - 1, dj / stride, "TMA global extent")?;
            shape = arith::add(
                arith::add(a, c, "TMA global extent")?,
                1,
                "TMA global extent",
            )?;
        } else {
            shape = sj;
        }
    }
    Ok((shape, stride))
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

impl TmaCopy {
    /// `make_tma_copy(op, gtensor, slayout, cta_tiler, cluster_size)` (`atom_only`: CuTe's
    /// `make_tma_atom`): the box and the descriptor's global dimensions, checked as CuTe's
    /// asserts check them.
    #[allow(clippy::too_many_arguments)]
    pub fn derive(
        op: &str,
        gptr: Pointer,
        glayout: Layout,
        swizzled: Option<ComposedLayout>,
        slayout: Layout,
        cta_tiler: Option<Tiler<'static>>,
        cluster_size: i64,
        atom_only: bool,
        internal: Option<TmaInternal>,
    ) -> Result<TmaCopy> {
        let op = family_op(op, TmaFamily::Tiled)?;
        let cta_tiler = match cta_tiler {
            Some(t) => t,
            None => Tiler::from_shape(&slayout.shape().product_each()?).into_owned(),
        };
        let cta_v_map = composition::compose_tiler(
            &Layout::identity(&glayout.shape().to_owned())?,
            &cta_tiler,
        )?;
        Self::derive_with_map(
            op,
            gptr,
            glayout,
            swizzled,
            slayout,
            cta_tiler,
            cta_v_map,
            cluster_size,
            atom_only,
            internal,
        )
    }

    /// `make_tma_atom_A_sm100` / `_B_sm100(op, gtensor, slayout, mma_tiler, tiled_mma,
    /// cluster_shape_vmnk)` (copy_traits_sm100_tma.hpp): the CTA's value map is
    /// `layout<1>(mma.thrfrg_A(make_identity_layout(shape(gtensor)).compose(remove<1>(mma_tiler))))(_, repeat<R>(_))`
    /// (`thrfrg_B` over `remove<0>` for B), the multicast the cluster's N CTAs
    /// (`size<2>(cluster_shape)`; M's, `size<1>`, for B) for a multicast operation and 1
    /// otherwise; then `detail::make_tma_copy_atom`: an atom.
    ///
    /// Without a cluster shape (`None`) it is `make_tma_copy_A_sm100` / `_B_sm100` /
    /// `_C_sm100(op, gtensor, slayout, cluster_tiler, tiled_mma)`: the same value map (C's
    /// `thrfrg_C` over `remove<2>(cluster_tiler)`), and the CTA thread map of
    /// [`Sm100Builder::multicast`] (C's `Layout<_1,_0>`: a non-multicast operation only);
    /// then `detail::make_tma_copy_tiled` ([`TmaCopy::tiled`]) tiles the atom over them.
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
        internal: Option<TmaInternal>,
    ) -> Result<TmaCopy> {
        let builder = Sm100Builder {
            operand,
            family: TmaFamily::Tiled,
            atom: cluster_shape.is_some(),
        };
        let name = builder.name();
        if operand == Operand::C && builder.atom {
            return Err(condition(
                name,
                "CuTe 4.7 has no make_tma_atom_C_sm100: the C (and D) TMA is make_tma_copy_C_sm100(OP, GTENSOR, SLAYOUT, CLUSTER_TILER, TILED_MMA)",
            ));
        }
        let (multicast, cta_t_map) = builder.multicast(op, mma, cluster_shape)?;
        builder.check_tiler(mma_tiler)?;
        // remove<1> (A), remove<0> (B) or remove<2> (C) of the MMA tiler: the operand's modes
        let (p, q) = operand.modes();
        let kept: Vec<IntTuple> = mma_tiler
            .modes()
            .enumerate()
            .filter(|(i, _)| *i == p || *i == q || *i > 2)
            .map(|(_, m)| m.to_owned())
            .collect();
        let g_tile = composition::compose_tiler(
            &Layout::identity(&glayout.shape().to_owned())?,
            &Tiler::from_shape(&IntTuple::tuple(kept)),
        )?;
        let cta_v_map = sm100_cta_v_map(mma, operand, &g_tile)?;
        let cta_tiler = Tiler::from_shape(&slayout.shape().product_each()?).into_owned();
        let mut t = Self::derive_with_map(
            op,
            gptr,
            glayout,
            swizzled,
            slayout,
            cta_tiler,
            cta_v_map.clone(),
            multicast,
            builder.atom,
            internal,
        )?;
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
        cluster_size: i64,
        atom_only: bool,
        internal: Option<TmaInternal>,
    ) -> Result<TmaCopy> {
        let op = family_op(op, TmaFamily::Tiled)?;
        let element_bits = check_operands("make_tma_copy", &slayout, &gptr, cluster_size)?;
        // the TMA's element: TmaInternalType, else the tensor's own
        let internal = internal.filter(|i| i.bits != element_bits);
        let bits = internal.as_ref().map_or(element_bits, |i| i.bits);
        let recast = match &internal {
            Some(i) => Some(Recast::new(i.bits, element_bits)?),
            None => None,
        };
        // recast<TmaInternalType>(gtensor): the descriptor's global shape and strides
        let glayout_t = match &recast {
            Some(r) => r.layout(&glayout)?,
            None => glayout.clone(),
        };
        let mut tma_gbasis = construct_tma_gbasis(&glayout, &slayout, &cta_v_map, recast.as_ref())?;
        // copy_traits_sm90_tma.hpp, make_tma_copy_atom: gather4/scatter4 move one row of the
        // box for each of 4 row indices
        let mut per_tma = 1;
        if is_gather4(op) {
            if tma_gbasis.rank() != 2 {
                return Err(bad(format!(
                    "TMA Gather/Scatter only supports 2D tensors (CuTe's static_assert): {op}'s box basis {tma_gbasis} has rank {}",
                    tma_gbasis.rank()
                )));
            }
            let row = IntTuple::of_ints(&[tma_gbasis.mode(0)?.size()?, 1]);
            tma_gbasis = composition::compose(&tma_gbasis, &Layout::identity(&row)?)?;
            per_tma = 4;
        }
        // the descriptor's global dimensions
        let mut gmem_shape = Vec::new();
        let mut gmem_stride = Vec::new();
        for m in tma_gbasis.modes() {
            let bases = m.stride().stride_leaves().to_vec();
            let (s, d) = gmem_extent(&glayout_t, &bases)?;
            gmem_shape.push(s);
            gmem_stride.push(d);
        }
        if gmem_stride.first() != Some(&1) {
            return Err(bad(format!(
                "Majorness of smem doesn't match majorness of gmem (CuTe's assert gmem_prob_stride[0] == 1): the box's first dimension steps {} elements in global memory",
                gmem_stride.first().copied().unwrap_or(0)
            )));
        }
        let mut gmem_stride_bytes = Vec::new();
        for (i, d) in gmem_stride.iter().enumerate() {
            let b = arith::mul(*d, bits, "TMA global stride")? / 8;
            if i > 0 && (b % 16 != 0 || b >= 1 << 40) {
                return Err(bad(format!(
                    "TMA dimension {i} steps {b} bytes in global memory: a TMA global stride is a multiple of 16 bytes below 2^40 (CuTe's assert)"
                )));
            }
            gmem_stride_bytes.push(b);
        }
        // the box, truncated by the multicast from the last dimension down
        let mut box_shape: Vec<i64> = tma_gbasis
            .modes()
            .iter()
            .map(|m| m.size())
            .collect::<Result<_>>()?;
        let mut multicast = cluster_size;
        let mut i = box_shape.len();
        while multicast > 1 {
            if i == 0 {
                return Err(bad(format!(
                    "the multicast over {cluster_size} CTAs does not divide the box {:?}",
                    box_shape
                )));
            }
            i -= 1;
            let b = box_shape[i];
            if b % multicast != 0 && multicast % b != 0 {
                return Err(bad(format!(
                    "box dimension {i} of {b} and the multicast of {multicast} CTAs: one must divide the other (CuTe's assert)"
                )));
            }
            let next = arith::ceil_div(multicast, b, "multicast")?;
            box_shape[i] = arith::ceil_div(b, multicast, "multicast")?;
            multicast = next;
        }
        for (i, b) in box_shape.iter().enumerate() {
            if !(1..=MAX_BOX_EXTENT).contains(b) {
                return Err(bad(format!(
                    "box dimension {i} of {b} elements: a TMA box dimension has 1 to {MAX_BOX_EXTENT} (CuTe's assert)"
                )));
            }
        }
        let num_bits = arith::mul(
            arith::mul(tma_gbasis.size()?, per_tma, "NumBitsPerTMA")?,
            bits,
            "NumBitsPerTMA",
        )?;
        Ok(TmaCopy {
            op: op.to_string(),
            gptr,
            glayout,
            swizzled,
            slayout,
            cta_tiler,
            cluster_size,
            atom_only,
            tma_gbasis,
            box_shape,
            gmem_shape,
            gmem_stride_bytes,
            num_bits,
            im2col: None,
            sm100_maps: None,
            internal,
        })
    }

    /// `tma.get_tma_tensor(g_shape)`: CuTe's `make_coord_tensor(make_layout(g_shape,
    /// aux_params_.g_stride_))`, the coordinate tensor a kernel partitions in place of the
    /// global tensor. `g_stride_` is `make_tma_copy_desc`'s `gmem_tma_basis_stride`: for each
    /// global mode `E<i>` (a leaf of `make_identity_layout(shape(gtensor))`), `0` when its
    /// extent is 1 or its stride 0, or when no TMA dimension holds `E<i>`; otherwise, with `j`
    /// the TMA dimension of `TmaGmemBasis` holding it, `E<j> * (recast_ratio * stride_i)` for
    /// `j = 0` (the recast ratio is 1: the TMA moves the tensor's own element), and `E<j>` for a
    /// dimension of one global mode. A dimension coalescing several global modes takes a
    /// run-time scale from the descriptor's strides, which cute refuses. CuTe's static_assert:
    /// `g_shape` congruent with `g_stride_`. The start is `ArithTuple(0,...)` over the
    /// strides' coprofile.
    pub fn tma_tensor(&self, g_shape: &IntTuple) -> Result<OffsetTensor> {
        if self.im2col.is_some() {
            return Err(condition(
                "get_tma_tensor",
                "an im2col TMA's coordinate tensor is a layout composed with a layout (Im2col::tma_tensor)",
            ));
        }
        // the shapes and strides of recast<TmaInternalType>(gtensor); the first TMA mode's
        // scale, recast_ratio * stride, of the tensor's own (recast_ratio = bits(T) /
        // bits(TmaInternalType))
        let (g_leaves, ratio) = match &self.internal {
            Some(i) => {
                let elem = self.element_bits()?;
                let r = Recast::new(i.bits, elem)?;
                let g = gcd(elem, i.bits);
                (leaves(&r.layout(&self.glayout)?), (elem / g, i.bits / g))
            }
            None => (leaves(&self.glayout), (1, 1)),
        };
        let orig = leaves(&self.glayout);
        let gbasis = make_basis_like(self.glayout.shape())?;
        let rank = self.tma_gbasis.rank();
        let mut tma_modes: Vec<Vec<Stride>> = Vec::with_capacity(rank);
        for j in 0..rank {
            tma_modes.push(self.tma_gbasis.mode(j)?.stride().stride_leaves().to_vec());
        }
        let mut k = 0;
        let g_stride = gbasis.map_strides(&mut |ei| {
            let (si, _, di) = g_leaves[k];
            let d_orig = orig[k].2;
            k += 1;
            if si == 1 || (di.basis.is_none() && di.value == 0) {
                return Ok(Stride::int(0));
            }
            let found = tma_modes
                .iter()
                .position(|m| m.iter().any(|dj| dj.basis == ei.basis && dj.value == 1));
            let Some(j) = found else {
                return Ok(Stride::int(0));
            };
            let e_j = Basis::from_path(&[j as i64])?;
            if j == 0 {
                // recast_ratio * stride: a whole number, or CuTe's static fraction
                let (num, den) = ratio;
                let scaled = arith::mul(num, d_orig.value, "get_tma_tensor")?;
                if scaled % den != 0 || (den != 1 && d_orig.dynamic()) {
                    let g = gcd(scaled, den);
                    return Err(bad(format!(
                        "get_tma_tensor: the TmaInternalType's recast ratio {num}/{den} (CuTe's trait_ratio of the element's bits to its) times the global stride {d_orig} is not a whole number: CuTe's basis stride is the fraction _{}/_{}@0, which cute's basis strides do not hold",
                        scaled / g,
                        den / g
                    )));
                }
                Ok(Stride::new(scaled / den, e_j).with_dynamic(d_orig.dynamic()))
            } else if tma_modes[j].len() == 1 {
                Ok(Stride::new(1, e_j))
            } else {
                Err(bad(format!(
                    "get_tma_tensor: TMA dimension {j} spans several global modes, whose basis stride takes a run-time scale from the descriptor's global strides (ceil_div(stride * bits / max(gmem_prob_stride[{j}], 16), 8)); cute does not model it"
                )))
            }
        })?;
        if !g_shape.congruent(&g_stride) {
            return Err(bad(format!(
                "get_tma_tensor: the shape {g_shape} is not congruent with the TMA's global strides {g_stride} (CuTe's static_assert is_congruent<GShape, decltype(g_stride_)>): give a shape of the global tensor's profile, like {}",
                self.glayout.shape()
            )));
        }
        let layout = Layout::new(g_shape.clone(), g_stride.clone())?;
        Ok(OffsetTensor::at(
            Origin::Coord(coprofile(&g_stride)?),
            layout,
        ))
    }

    /// Bits of the tensor's element.
    pub fn element_bits(&self) -> Result<i64> {
        self.gptr.width.bits("make_tma_copy (the TMA element)")
    }

    /// `Copy_Atom<Copy_Traits<OP, NumBitsPerTMA, Aux>, T>`.
    pub fn atom(&self) -> Result<CopyAtom> {
        let mut a = CopyAtom::traits(&self.op, Some(self.num_bits))?;
        a.val_bits = self.element_bits()?;
        a.val_type = format!("{}b", a.val_bits);
        a.tma = Some(Box::new(self.clone()));
        Ok(a)
    }

    /// `make_tma_copy_tiled`'s TV layout and tiler: values walk the smem vector a box at a
    /// time (`layout_V = tile_to_shape(inv_smem o num_elems_per_tma, size(cta_v_map))`),
    /// threads (the multicast's CTAs) split each box (`layout_T = inv_smem o
    /// (cosize(T):(num_elems / cosize(T)) o T)`); the tiler is `product_each(shape(cta_v_map))`.
    pub fn tiled(&self) -> Result<(Layout, Tiler<'static>)> {
        let (cta_t_map, cta_v_map) = match &self.sm100_maps {
            Some(maps) if maps.cluster_shape.is_none() => {
                (maps.cta_t_map.clone(), maps.cta_v_map.clone())
            }
            _ => (
                Layout::column_major(IntTuple::int(self.cluster_size))?,
                composition::compose_tiler(
                    &Layout::identity(&self.glayout.shape().to_owned())?,
                    &self.cta_tiler,
                )?,
            ),
        };
        // size<1>(RefLayout) / bits: a gather4's 4 rows included
        let num_elems = self.num_bits / self.element_bits()?;
        let inv_smem = right_inverse(&self.slayout)?;
        let layout_v =
            composition::compose(&inv_smem, &Layout::column_major(IntTuple::int(num_elems))?)?;
        let wrapped = Layout::new(
            IntTuple::tuple([layout_v.shape().to_owned()]),
            IntTuple::tuple([layout_v.stride().to_owned()]),
        )?;
        let layout_vv =
            smem_atoms::tile_to_shape(&wrapped, &IntTuple::int(cta_v_map.size()?), None)?;
        let n = cta_t_map.cosize()?;
        if n < 1 || num_elems % n != 0 {
            return Err(bad(format!(
                "the box's {num_elems} elements do not split over the multicast's {n} CTAs (CuTe's safe_div)"
            )));
        }
        let layout_t = Layout::new(IntTuple::int(n), IntTuple::int(num_elems / n))?;
        let layout_tt =
            composition::compose(&inv_smem, &composition::compose(&layout_t, &cta_t_map)?)?;
        let tv = Layout::concat(&[layout_tt, layout_vv]);
        let tiler = Tiler::from_shape(&cta_v_map.shape().product_each()?).into_owned();
        Ok((tv, tiler))
    }
}

impl TmaCopy {
    /// The head every builder's call starts with: `NAME<T>(OP, GTENSOR, SLAYOUT` (the smem
    /// layout swizzled where it is).
    fn write_head(&self, f: &mut fmt::Formatter<'_>, name: &str, template: &str) -> fmt::Result {
        write!(
            f,
            "{name}{template}({}, {} o {}, ",
            self.op, self.gptr, self.glayout
        )?;
        match &self.swizzled {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.slayout),
        }
    }
}

impl fmt::Display for TmaCopy {
    /// The call that builds it: `make_tma_copy(OP, GTENSOR, SLAYOUT, CTA_TILER, CLUSTER_SIZE)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the TmaInternalType, where it is not the element
        let template = match &self.internal {
            Some(i) => format!("<{}>", i.name),
            None => String::new(),
        };
        if let Some(t) = &self.sm100_maps {
            let builder = Sm100Builder {
                operand: t.operand,
                family: if self.im2col.is_some() {
                    TmaFamily::Im2col
                } else {
                    TmaFamily::Tiled
                },
                atom: t.cluster_shape.is_some(),
            };
            self.write_head(f, builder.name(), &template)?;
            write!(f, ", {}, {}", t.mma_tiler, t.mma)?;
            if let Some(c) = &t.cluster_shape {
                write!(f, ", {c}")?;
            }
            if let Some(i) = &self.im2col {
                write!(f, "{i}")?;
            }
            return f.write_str(")");
        }
        let name = if self.im2col.is_some() {
            "make_im2col_tma_copy"
        } else if self.atom_only {
            "make_tma_atom"
        } else {
            "make_tma_copy"
        };
        self.write_head(f, name, &template)?;
        write!(f, ", {}, {}", self.cta_tiler, self.cluster_size)?;
        if let Some(i) = &self.im2col {
            write!(f, "{i}")?;
        }
        f.write_str(")")
    }
}
