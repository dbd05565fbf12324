//! The Hopper path's configuration: [`HopperConfig`], validated from the flags
//! ([`HopperConfig::from_flags`], with this path's defaults for the tile and the pipeline), and
//! what it is derived from, a file each:
//!
//! - `error.rs`: [`HopperConfigError`], why the flags make no configuration;
//! - `atom.rs`: the wgmma atom's name, read and written;
//! - `budget.rs`: the warpgroups, registers, cluster and pipeline depth one block can hold;
//! - `stage.rs`: the stage layouts tiled from the shared-memory atoms wgmma and TMA can both use;
//! - `desc.rs`: the wgmma descriptors derived from the stage layouts;
//! - `tma.rs`: the TMA boxes that fill the stages, and C's staging for the TMA store.

use std::fmt;

use crate::config::{
    ConfigError, Dtype, MAX_SMEM_BYTES, Scaling, input_types, raster_layout, tile_stage,
};
use crate::flags::Major;
use crate::flags::{FlagError, GemmFlags, Majors, Operand, ReadFlag, check_problem, int_list};
use cute::algebra::{IntTuple, Layout, Swizzle};
use cute::analysis::bank::SmemLayout;

mod atom;
mod budget;
mod desc;
mod error;
mod stage;
mod tma;

pub use atom::{Sm90Atom, default_sm90_mma, is_sm90, parse_atom, sm90_mma};
pub use budget::{
    CONSUMER_OVERHEAD_REGS, DEFAULT_CONSUMERS, DEFAULT_STAGES, MAX_CLUSTER, MAX_CONSUMERS,
    WIDE_BLOCK_SCALED_BN, accumulator_sets, compile_register_cap, deepest_stages,
    overlaps_promotion, promotion_overlapped, register_split, register_split_with,
    stage_scale_bytes, widest_n, widest_n_allocatable, widest_n_with,
};
pub use desc::{GmmaDesc, GmmaSwizzle, predicted_core_matrix_conflicts};
pub use error::HopperConfigError;
pub use stage::default_atom;
pub use tma::{TmaBox, TmaPlan, tma_sw128_offset};

use atom::check_atom_majors;
use budget::{c_staging_bytes, check_consumers};
use stage::stage_layout;
use tma::check_c_boxes;

/// A validated Hopper configuration.
#[derive(Clone, Debug)]
pub struct HopperConfig {
    /// Problem size.
    pub m: usize,
    /// Problem size.
    pub n: usize,
    /// Problem size (the reduction).
    pub k: usize,
    /// A's element type.
    pub dtype: Dtype,
    /// B's element type (A's, but in the mixed fp8 forms).
    pub b_dtype: Dtype,
    /// fp8's scaling (the scales' fp32 pointers are kernel arguments); `None` for 16-bit types.
    pub scaling: Option<Scaling>,
    /// The atom's name, as given.
    pub mma: String,
    /// The wgmma's N.
    pub atom_n: usize,
    /// The wgmma's K (16, or 32 for fp8: 32 bytes either way).
    pub atom_k: usize,
    /// fp8: each k-tile summed in its own accumulators, then added to fp32 sums (promotion);
    /// false for 16-bit types and with `--fast-accum`.
    pub promote: bool,
    /// Block tile (BM, BN, BK).
    pub tile: (usize, usize, usize),
    /// Pipeline depth.
    pub stages: usize,
    /// A's atom as written.
    pub smem_a_atom: String,
    /// B's atom as written.
    pub smem_b_atom: String,
    /// A's stage layout (elements), tiled to (BM, BK).
    pub smem_a: SmemLayout,
    /// B's stage layout (elements), tiled to (BN, BK).
    pub smem_b: SmemLayout,
    /// A's wgmma descriptor.
    pub desc_a: GmmaDesc,
    /// B's wgmma descriptor.
    pub desc_b: GmmaDesc,
    /// Block index → tile index (over clusters of tiles when `cluster` is not (1,1)).
    pub raster: Layout,
    /// The raster as written.
    pub raster_text: String,
    /// Consumer warpgroups (BM = 64 × consumers).
    pub consumers: usize,
    /// Registers per thread of the producer and of each consumer after `setmaxnreg`.
    pub regs: (usize, usize),
    /// Cluster shape (CTAs along M, CTAs along N): B is multicast to the CM CTAs of a cluster
    /// column, A to the CN CTAs of a cluster row.
    pub cluster: (usize, usize),
    /// A persistent grid: one block per SM (cluster-aligned) looping over the tiles.
    pub persistent: bool,
    /// C stored through shared memory by TMA (`cp.async.bulk.tensor`), else by the consumers'
    /// registers directly.
    pub tma_store: bool,
    /// Byte distance between the slices of A (BM/CN rows) that the CTAs of a cluster row load.
    pub a_slice_bytes: usize,
    /// Byte distance between the slices of B (BN/CM rows) that the CTAs of a cluster column load.
    pub b_slice_bytes: usize,
    /// How TMA fills A's stage (boxes, swizzle).
    pub tma_a: TmaPlan,
    /// How TMA fills B's stage.
    pub tma_b: TmaPlan,
    /// How A and B lie in global and shared memory.
    pub majors: Majors,
    /// With `tma_store`: one consumer's (64, BN) C staging layout, in elements: 64x64 boxes of
    /// `Sw<3,3,3> o (8,64):(64,1)` (what TMA's 128B-swizzled store reads).
    pub smem_c: Option<SmemLayout>,
    /// With `tma_store`: the columns of C staged at a time (a multiple of 64 dividing BN: the
    /// widest whose staging fits in shared memory beside the stages).
    pub c_chunk: usize,
    /// Split-K: the K loop of every output tile is split over this many CTAs (work units of
    /// `tile × split`), split `s` taking k-tiles `[s·KT/S, (s+1)·KT/S)` (KT k-tiles in all, each
    /// split at least one); each writes its fp32 partial tile to a workspace of S × M × N floats
    /// and a second kernel ([`super::codegen::REDUCE_KERNEL_NAME`]) sums the S partials of each
    /// element in the order s = 0, 1, …: the same result every run. 1: no split.
    pub split_k: usize,
}

/// The Hopper path's BK for 16-bit elements: one SW128 K-major atom along K (128 bytes).
pub const BK: usize = 64;

/// The bytes of K of one k-tile, whatever the type: one SW128 K-major atom's row.
pub const BK_BYTES: usize = 128;

/// The Hopper path's BK for an element type: one SW128 K-major atom along K, 128 bytes (64
/// 16-bit elements, 128 fp8 ones).
pub fn bk_for(dtype: Dtype) -> usize {
    BK_BYTES / dtype.bytes()
}

/// The BK of the flags' `--dtype` ([`BK`] for a type that does not parse: it is refused later).
pub fn bk_of_flags(f: &GemmFlags) -> usize {
    Dtype::parse(&f.dtype).map_or(BK, bk_for)
}

/// The k-tiles of a K loop over `k` (of `bk` each, the last one ragged).
pub fn k_tiles(k: usize, bk: usize) -> usize {
    k.div_ceil(bk.max(1))
}

/// The most CTAs one output tile's K loop is split over.
pub const MAX_SPLIT_K: usize = 16;

fn int3(
    read: ReadFlag,
    flag: &'static str,
    text: &str,
) -> Result<(usize, usize, usize), FlagError> {
    let v = int_list(read, flag, text, 3)?;
    Ok((v[0], v[1], v[2]))
}

/// `--tile` and `--stages` not given take this path's defaults: tile (64 × consumers, N, 64)
/// and the deepest pipeline up to 4 stages that fits in shared memory.
pub fn resolve_defaults(f: &GemmFlags) -> Result<GemmFlags, HopperConfigError> {
    let atom = parse_atom(f.mma.as_deref().unwrap_or_default())?;
    let mut r = f.clone();
    let consumers = check_consumers(f.consumers)?;
    let tile = f
        .tile
        .clone()
        .unwrap_or_else(|| format!("({},{},{})", 64 * consumers, atom.n, bk_for(atom.dtype)));
    if f.stages.is_none() {
        let stages = match int_list(f.read, "--tile", &tile, 3) {
            Ok(v) => deepest_stages(
                (v[0], v[1], v[2] * atom.dtype.bytes() / 2),
                consumers,
                (f.tma_store, f.scale.as_deref() == Some("block")),
                DEFAULT_STAGES,
            ),
            Err(_) => DEFAULT_STAGES,
        };
        r.stages = Some(stages);
    }
    r.tile = Some(tile);
    Ok(r)
}

/// `--cluster`: `CM`, `(CM)` or `(CM,CN)`.
pub fn parse_cluster(read: ReadFlag, text: &str) -> Result<(usize, usize), HopperConfigError> {
    let t = text.trim();
    if let Ok(cm) = t.parse::<usize>() {
        if cm == 0 {
            return Err(HopperConfigError::ZeroCluster);
        }
        return Ok((cm, 1));
    }
    let v = int_list(read, "--cluster", t, 2)
        .map_err(|_| HopperConfigError::ClusterShape(text.to_string()))?;
    Ok((v[0], v[1]))
}

impl HopperConfig {
    /// Validate flags; `--tile` and `--stages` not given take this path's defaults
    /// ([`resolve_defaults`]: tile (64 × consumers, N, 64), up to 4 stages).
    pub fn from_flags(f: &GemmFlags) -> Result<HopperConfig, HopperConfigError> {
        let (dtype, b_dtype, scaling) = input_types(f)?;
        let majors = f.majors;
        // wgmma reads 8-bit operands K-major only (CuTe's static_assert), before the atom's name
        if dtype.is_fp8() {
            for (operand, d) in [(Operand::A, dtype), (Operand::B, b_dtype)] {
                if majors.of(operand) == Major::MN {
                    return Err(HopperConfigError::Fp8NotKMajor { operand, dtype: d });
                }
            }
        }
        let mma = f.mma.clone().unwrap_or_default();
        let atom = parse_atom(&mma)?;
        for (atom_type, given) in [(atom.dtype, dtype), (atom.b_dtype, b_dtype)] {
            if atom_type != given {
                return Err(ConfigError::MmaDtype {
                    mma,
                    atom: atom_type,
                    dtype: given,
                }
                .into());
            }
        }
        check_atom_majors(&mma, &atom, majors)?;
        let elem = dtype.bytes() as i64;
        let bk_want = bk_for(dtype);
        let f = &resolve_defaults(f)?;
        let (bm, bn, bk) = int3(f.read, "--tile", f.tile.as_deref().unwrap_or_default())?;
        let stages = f.stages.unwrap_or_default();
        let consumers = check_consumers(f.consumers)?;
        let promote = dtype.is_fp8() && !f.fast_accum;
        let sets = accumulator_sets(promote);
        if atom.n > widest_n_allocatable(consumers, sets) {
            return Err(HopperConfigError::TooFewRegisters {
                consumers,
                n: atom.n,
                sets,
            });
        }
        if bm != 64 * consumers {
            return Err(HopperConfigError::BmPerConsumers { bm, consumers });
        }
        if bn != atom.n {
            return Err(HopperConfigError::BnPerAtom { bn, n: atom.n, mma });
        }
        if scaling == Some(Scaling::Block)
            && !(crate::config::SCALE_BLOCK.is_multiple_of(bn)
                || (bn == WIDE_BLOCK_SCALED_BN && !overlaps_promotion(promote, atom.n, consumers)))
        {
            return Err(HopperConfigError::BlockScaleBn(bn));
        }
        if bk != bk_want {
            return Err(HopperConfigError::BkNotOneAtom {
                bk,
                want: bk_want,
                dtype,
            });
        }
        if stages < 2 {
            return Err(ConfigError::TooFewStages.into());
        }
        if f.tma_store && !bn.is_multiple_of(64) {
            return Err(HopperConfigError::TmaStoreBn(bn));
        }
        // C is staged in chunks of 64 rows x c_chunk columns per consumer: the widest chunk
        // (a multiple of 64 dividing BN) that fits beside the stages
        let smem_with = |cols: usize| {
            stages
                .checked_mul(
                    (bm + bn) * bk * elem as usize
                        + 16
                        + stage_scale_bytes(bm, scaling == Some(Scaling::Block)),
                )
                .and_then(|x| x.checked_add(c_staging_bytes(f.tma_store, consumers, cols) + 1024))
                .unwrap_or(usize::MAX)
        };
        let c_chunk = if f.tma_store {
            (1..=bn / 64)
                .rev()
                .map(|q| 64 * q)
                .find(|w| bn.is_multiple_of(*w) && smem_with(*w) <= MAX_SMEM_BYTES)
                .unwrap_or(64)
        } else {
            0
        };
        let c_bytes = c_staging_bytes(f.tma_store, consumers, c_chunk);
        let smem = smem_with(c_chunk);
        if smem > MAX_SMEM_BYTES {
            return Err(HopperConfigError::SmemTooLarge {
                stages,
                bm,
                bn,
                bk,
                c_staging: f.tma_store.then_some(c_bytes),
                bytes: smem,
            });
        }
        check_problem(f)?;
        let split_k = f.split_k.unwrap_or(1);
        let ktiles = k_tiles(f.k, bk);
        if split_k == 0 || split_k > MAX_SPLIT_K {
            return Err(HopperConfigError::SplitK(split_k));
        }
        if split_k > ktiles {
            return Err(HopperConfigError::SplitsOverKTiles {
                splits: split_k,
                k: f.k,
                bk,
                ktiles,
            });
        }
        if split_k > 1 && f.tma_store {
            return Err(HopperConfigError::SplitKWithTmaStore(split_k));
        }
        if f.tma_store && !f.n.is_multiple_of(8) {
            return Err(HopperConfigError::TmaStoreN(f.n));
        }
        let smem_a_atom = f
            .smem_a
            .clone()
            .unwrap_or_else(|| default_atom(dtype, majors.a));
        // B's atom names B's type (the same width as A's: both 8-bit, or both A's type)
        let smem_b_atom = f
            .smem_b
            .clone()
            .unwrap_or_else(|| default_atom(b_dtype, majors.b));
        let smem_a = stage_layout(
            f.read,
            "--smem-a",
            &smem_a_atom,
            Operand::A,
            majors.a,
            (bm, bk),
            elem,
        )?;
        let smem_b = stage_layout(
            f.read,
            "--smem-b",
            &smem_b_atom,
            Operand::B,
            majors.b,
            (bn, bk),
            elem,
        )?;
        let desc_a = GmmaDesc::derive("--smem-a", &smem_a, majors.a, (bm, bk), 64, elem)?;
        let desc_b = GmmaDesc::derive("--smem-b", &smem_b, majors.b, (bn, bk), bn, elem)?;
        let (tm, tn) = (f.m.div_ceil(bm), f.n.div_ceil(bn));
        let cluster = match &f.cluster {
            Some(t) => parse_cluster(f.read, t)?,
            None => (1, 1),
        };
        let (cm, cn) = cluster;
        if cm * cn > MAX_CLUSTER {
            return Err(HopperConfigError::ClusterTooLarge { cm, cn });
        }
        if !tm.is_multiple_of(cm) {
            return Err(HopperConfigError::ClusterAlongM { cm, tm, m: f.m, bm });
        }
        if !tn.is_multiple_of(cn) {
            return Err(HopperConfigError::ClusterAlongN { cn, tn, n: f.n, bn });
        }
        if !bn.is_multiple_of(8 * cm) {
            return Err(HopperConfigError::ClusterSliceB { cm, bn });
        }
        if !bm.is_multiple_of(8 * cn) {
            return Err(HopperConfigError::ClusterSliceA { cn, bm });
        }
        // the overlapped promotion takes more consumer registers
        let overlap = promotion_overlapped(
            promote,
            atom.n,
            consumers,
            (scaling == Some(Scaling::Block), cm * cn),
        );
        let regs = register_split_with(consumers, overlap);
        let tma_a = TmaPlan::derive("--smem-a", &smem_a, majors.a, (bm, bk), cn, elem)?;
        let tma_b = TmaPlan::derive("--smem-b", &smem_b, majors.b, (bn, bk), cm, elem)?;
        let (a_slice_bytes, b_slice_bytes) = (tma_a.slice_bytes, tma_b.slice_bytes);
        let raster = raster_layout(f.read, &f.raster, tm / cm, tn / cn)?;
        let smem_c = if f.tma_store {
            let atom = Layout::new(
                IntTuple::tuple([IntTuple::int(8), IntTuple::int(64)]),
                IntTuple::tuple([IntTuple::int(64), IntTuple::int(1)]),
            )?;
            let sw = Swizzle::new(3, 3, 3)?;
            let c = tile_stage("--tma-store", Some(sw), &atom, 64, c_chunk)?;
            check_c_boxes(&c, c_chunk)?;
            Some(c)
        } else {
            None
        };
        Ok(HopperConfig {
            m: f.m,
            n: f.n,
            k: f.k,
            dtype,
            b_dtype,
            scaling,
            mma,
            atom_n: atom.n,
            atom_k: atom.k,
            promote,
            tile: (bm, bn, bk),
            stages,
            smem_a_atom,
            smem_b_atom,
            smem_a,
            smem_b,
            desc_a,
            desc_b,
            raster,
            raster_text: f.raster.clone(),
            consumers,
            regs,
            cluster,
            persistent: f.persistent,
            tma_store: f.tma_store,
            a_slice_bytes,
            b_slice_bytes,
            tma_a,
            tma_b,
            majors,
            smem_c,
            c_chunk,
            split_k,
        })
    }

    /// Threads per block: one producer warpgroup and the consumers.
    pub fn threads(&self) -> usize {
        128 * (1 + self.consumers)
    }

    /// CTAs per cluster.
    pub fn cluster_size(&self) -> usize {
        self.cluster.0 * self.cluster.1
    }

    /// Clusters along M and N (the raster's grid).
    pub fn cluster_grid(&self) -> (usize, usize) {
        let (tm, tn) = self.tiles();
        (tm / self.cluster.0, tn / self.cluster.1)
    }

    /// Work units of clusters: each cluster of tiles once per split.
    pub fn cluster_units(&self) -> usize {
        let (gm, gn) = self.cluster_grid();
        gm * gn * self.split_k
    }

    /// Blocks to launch on a GPU with `sms` multiprocessors: one per tile and split, or with
    /// `persistent` one per SM (whole clusters, no more than there are work units).
    pub fn grid_blocks(&self, sms: usize) -> usize {
        let cs = self.cluster_size();
        if self.persistent {
            (sms / cs).clamp(1, self.cluster_units()) * cs
        } else {
            self.cluster_units() * cs
        }
    }

    /// Floats of the split-K workspace (S partial M × N tiles), 0 without split-K.
    pub fn workspace_floats(&self) -> usize {
        if self.split_k > 1 {
            self.split_k * self.m * self.n
        } else {
            0
        }
    }

    /// Bytes of one consumer's C staging (0 without `tma_store`).
    pub fn c_consumer_bytes(&self) -> usize {
        if self.tma_store {
            64 * self.c_chunk * 2
        } else {
            0
        }
    }

    /// fp8: whether each k-tile's promotion overlaps the next k-tile's wgmmas (three sets of
    /// accumulators: [`promotion_overlapped`]).
    pub fn overlaps_promotion(&self) -> bool {
        promotion_overlapped(
            self.promote,
            self.atom_n,
            self.consumers,
            (
                self.scaling == Some(Scaling::Block),
                self.cluster.0 * self.cluster.1,
            ),
        )
    }

    /// Bytes of one stage of A.
    pub fn a_stage_bytes(&self) -> usize {
        self.tile.0 * self.tile.2 * self.dtype.bytes()
    }

    /// Bytes of one stage of B.
    pub fn b_stage_bytes(&self) -> usize {
        self.tile.1 * self.tile.2 * self.b_dtype.bytes()
    }

    /// The input types in words: `e4m3`, or `e5m2 x e4m3` when B's differs.
    pub fn types(&self) -> String {
        if self.b_dtype == self.dtype {
            self.dtype.name().to_string()
        } else {
            format!("{} x {}", self.dtype.name(), self.b_dtype.name())
        }
    }

    /// Dynamic shared memory: the stages, 1024 bytes to align them, and the barriers.
    pub fn smem_bytes(&self) -> usize {
        self.stages * (self.a_stage_bytes() + self.b_stage_bytes())
            + self.consumers * self.c_consumer_bytes()
            + 1024
            + 16 * self.stages
            + self.stages * stage_scale_bytes(self.tile.0, self.scaling == Some(Scaling::Block))
    }

    /// Tiles along M and N.
    pub fn tiles(&self) -> (usize, usize) {
        (self.m.div_ceil(self.tile.0), self.n.div_ceil(self.tile.1))
    }
}

impl fmt::Display for HopperConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bm, bn, bk) = self.tile;
        let (sa, sb) = (self.desc_a.swizzle, self.desc_b.swizzle);
        let smem = if sa == sb {
            sa.name().to_string()
        } else {
            format!("A {} B {}", sa.name(), sb.name())
        };
        write!(
            f,
            "wgmma 64x{}x{} {bm}x{bn}x{bk} TMA {smem}, {} consumer{}, stages {} raster {}",
            self.atom_n,
            self.atom_k,
            self.consumers,
            if self.consumers == 1 { "" } else { "s" },
            self.stages,
            self.raster_text
        )?;
        let (cm, cn) = self.cluster;
        if cm * cn > 1 {
            let what: Vec<&str> = [(cm > 1, "B"), (cn > 1, "A")]
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, w)| *w)
                .collect();
            write!(f, ", cluster ({cm},{cn}) multicast {}", what.join("+"))?;
        }
        if self.persistent {
            write!(f, ", persistent")?;
        }
        if self.tma_store {
            write!(f, ", TMA store")?;
            if self.c_chunk < self.tile.1 {
                write!(f, " ({} columns at a time)", self.c_chunk)?;
            }
        }
        if self.split_k > 1 {
            write!(f, ", split-K {}", self.split_k)?;
        }
        if self.majors != Majors::default() {
            write!(f, ", {}", self.majors.describe())?;
        }
        if let Some(s) = self.scaling {
            write!(f, ", {} scaled {}", self.types(), s.describe())?;
            if !self.promote {
                write!(f, ", fast accumulation")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::atom::gmma_major;
    use super::*;
    use crate::flags::Major;

    fn flags(f: impl FnOnce(&mut GemmFlags)) -> GemmFlags {
        let mut g = GemmFlags {
            mma: Some("SM90_64x256x16_F32BF16BF16_SS<K,K>".into()),
            ..GemmFlags::new(crate::flags::read_flag)
        };
        f(&mut g);
        g
    }

    #[test]
    fn descriptors_follow_from_the_sw128_atom() {
        let c = HopperConfig::from_flags(&flags(|_| {})).unwrap();
        assert_eq!(c.tile, (128, 256, 64));
        assert_eq!(c.stages, 4);
        for d in [&c.desc_a, &c.desc_b] {
            assert_eq!(d.mode, 1, "128B swizzle");
            // 8 rows of 128 bytes per group: SBO = 1024
            assert_eq!(d.sbo, 1024);
            assert_eq!(d.lbo, 16);
            // k16 slices 32 bytes apart inside the 128-byte swizzle row
            assert_eq!(d.k_offsets, vec![0, 32, 64, 96]);
            assert_eq!(d.constant(), (1u64 << 62) | (64u64 << 32) | (1u64 << 16));
        }
        // the second consumer's 64 rows start 64 * 128 bytes in
        assert_eq!(c.desc_a.row_offsets, vec![0, 8192]);
        // the plain element-unit swizzle is the same layout
        let e = HopperConfig::from_flags(&flags(|g| {
            g.smem_a = Some("Sw<3,3,3> o (8,64):(64,1)".into());
        }))
        .unwrap();
        assert_eq!(e.desc_a, c.desc_a);
    }

    #[test]
    fn layouts_wgmma_and_tma_cannot_use_are_refused() {
        let err =
            |f: fn(&mut GemmFlags)| HopperConfig::from_flags(&flags(f)).unwrap_err().to_string();
        let e = err(|g| g.smem_b = Some("Sw<3,3,3> o (8,32):(32,1)".into()));
        assert!(
            e.starts_with("--smem-b") && e.contains("not one of wgmma's canonical layouts"),
            "{e}"
        );
        let e = err(|g| g.smem_a = Some("(8,64):(64,1)".into()));
        assert!(
            e.contains("INTER K-major") && e.contains("canonical"),
            "{e}"
        );
        let e = err(|g| g.smem_b = Some("Sw<2,3,2> o (8,64):(64,1)".into()));
        assert!(e.contains("none of wgmma's layout types"), "{e}");
        // an MN-major atom for a K-major operand, and the other way round
        let e = err(|g| g.smem_b = Some("Sw<3,3,3> o (8,64):(1,8)".into()));
        assert!(
            e.contains("MN-major (rows contiguous)") && e.contains("without transposing"),
            "{e}"
        );
        let e = err(|g| {
            g.majors.a = Major::MN;
            g.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into());
            g.smem_a = Some("gmma_atom(Layout_K_SW128_Atom, bf16)".into());
        });
        assert!(e.contains("is K-major") && e.contains("--a-major M"), "{e}");
        // a cluster slice narrower than an MN-major swizzle row
        let e = err(|g| {
            g.majors.a = Major::MN;
            g.mma = Some("SM90_64x256x16_F32BF16BF16_SS".into());
            g.cluster = Some("(1,4)".into());
        });
        assert!(e.contains("whole number of SW128 swizzle rows"), "{e}");
        assert!(err(|g| g.tile = Some("(128,256,32)".into())).starts_with("--tile: BK"));
        assert!(err(|g| g.tile = Some("(128,192,64)".into())).starts_with("--tile: BN"));
        assert!(err(|g| g.stages = Some(6)).starts_with("--stages/--tile"));
        // the atom's <MA,MB> must agree with the flags
        let e = err(|g| g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<MN,K>".into()));
        assert!(
            e.contains("--a-major is K") && e.contains("--a-major M"),
            "{e}"
        );
        let e = err(|g| g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<K,X>".into()));
        assert!(e.contains("K or MN"), "{e}");
        assert!(err(|g| g.dtype = "f16".into()).contains("--dtype"));
    }

    #[test]
    fn every_majorness_and_layout_type_derives_its_descriptors() {
        let atom = |m: &str, sw: &str| format!("gmma_atom(Layout_{m}_{sw}_Atom, bf16)");
        for majors in Majors::ALL {
            for sw in ["SW128", "SW64", "SW32", "INTER"] {
                let c = HopperConfig::from_flags(&flags(|g| {
                    g.majors = majors;
                    g.mma = Some(sm90_mma("bf16", None, 256, majors));
                    g.smem_a = Some(atom(gmma_major(majors.a), sw));
                    g.smem_b = Some(atom(gmma_major(majors.b), sw));
                }))
                .unwrap_or_else(|e| panic!("{} {sw}: {e}", majors.describe()));
                assert_eq!(c.desc_a.transpose(), u32::from(majors.a == Major::MN));
                assert_eq!(c.desc_b.transpose(), u32::from(majors.b == Major::MN));
                assert_eq!(c.desc_a.swizzle.name(), sw);
            }
        }
        // MN-major SW128 (CUTLASS's K-first tiling): 8 k of 128 bytes per atom, the next 8 k
        // 1024 bytes on (SBO), the next 64 rows after the 8 atoms along K (LBO = 8192, B only)
        let c = HopperConfig::from_flags(&flags(|g| {
            g.majors = Majors::ALL[2];
            g.mma = Some("SM90_64x256x16_F32BF16BF16_SS<MN,MN>".into());
        }))
        .unwrap();
        assert_eq!((c.desc_a.mode, c.desc_a.sbo), (1, 1024));
        assert_eq!((c.desc_b.lbo, c.desc_b.sbo), (8192, 1024));
        assert_eq!(c.desc_a.k_offsets, vec![0, 2048, 4096, 6144]);
        assert_eq!(c.desc_a.row_offsets, vec![0, 8192]);
        // TMA: boxes of 64 rows x 64 k, two for A, four for B
        assert_eq!(c.tma_a.box_dims, (64, 64));
        assert_eq!((c.tma_a.boxes.len(), c.tma_b.boxes.len()), (2, 4));
        assert_eq!(c.tma_b.boxes[1].smem_bytes, 8192);
    }
    /// fp8 (issue 40): the 8-bit SW128 atom (128 bytes = 128 elements along K), k32 slices 32
    /// bytes apart, a TMA box of 128 bytes x rows; both operands K-major.
    #[test]
    fn fp8_descriptors_and_boxes_follow_from_the_8bit_atom() {
        let c = HopperConfig::from_flags(&flags(|g| {
            g.dtype = "e4m3".into();
            g.mma = Some("SM90_64x128x32_F32E4M3E4M3_SS_TN".into());
        }))
        .unwrap();
        assert_eq!((c.tile, c.atom_k), ((128, 128, 128), 32));
        assert_eq!(c.smem_a_atom, "gmma_atom(Layout_K_SW128_Atom, e4m3)");
        for d in [&c.desc_a, &c.desc_b] {
            assert_eq!((d.mode, d.sbo, d.lbo), (1, 1024, 16));
            assert_eq!(d.k_offsets, vec![0, 32, 64, 96]);
        }
        assert_eq!(c.desc_a.row_offsets, vec![0, 8192]);
        assert_eq!(c.tma_a.box_dims, (128, 128));
        assert_eq!(c.a_stage_bytes(), 128 * 128);
        assert_eq!(c.scaling, Some(Scaling::Tensor));
        // the mixed form names B's type in its atom
        let m = HopperConfig::from_flags(&flags(|g| {
            g.dtype = "e5m2".into();
            g.b_dtype = Some("e4m3".into());
            g.mma = Some(sm90_mma("e5m2", Some("e4m3"), 128, Majors::default()));
        }))
        .unwrap();
        assert_eq!(m.mma, "SM90_64x128x32_F32E5M2E4M3_SS_TN");
        assert_eq!((m.dtype, m.b_dtype), (Dtype::E5m2, Dtype::E4m3));
        assert_eq!(m.smem_b_atom, "gmma_atom(Layout_K_SW128_Atom, e4m3)");
        assert_eq!(m.types(), "e5m2 x e4m3");
        // the narrower swizzles of 8-bit elements: 64 and 32 elements a row
        let n = HopperConfig::from_flags(&flags(|g| {
            g.dtype = "e4m3".into();
            g.mma = Some("SM90_64x128x32_F32E4M3E4M3_SS_TN".into());
            g.smem_a = Some("gmma_atom(Layout_K_SW64_Atom, e4m3)".into());
            g.smem_b = Some("gmma_atom(Layout_K_SW32_Atom, e4m3)".into());
        }))
        .unwrap();
        assert_eq!((n.tma_a.box_dims, n.tma_a.boxes.len()), ((64, 128), 2));
        assert_eq!((n.tma_b.box_dims, n.tma_b.boxes.len()), ((32, 128), 4));
    }

    #[test]
    fn fp8_refusals_name_the_constraint() {
        let err = |f: &dyn Fn(&mut GemmFlags)| {
            HopperConfig::from_flags(&flags(|g| {
                g.dtype = "e4m3".into();
                g.mma = Some("SM90_64x128x32_F32E4M3E4M3_SS_TN".into());
                f(g);
            }))
            .unwrap_err()
            .to_string()
        };
        let e = err(&|g| g.majors.a = Major::MN);
        assert!(
            e.starts_with("--a-major") && e.contains("K-major only"),
            "{e}"
        );
        let e = err(&|g| g.majors.b = Major::MN);
        assert!(
            e.starts_with("--b-major") && e.contains("K-major only"),
            "{e}"
        );
        let e = err(&|g| g.mma = Some("SM90_64x256x32_F32E4M3E4M3_SS_TN".into()));
        assert!(e.contains("2 64x256 fp32 accumulators"), "{e}");
        let e = err(&|g| g.tile = Some("(128,128,64)".into()));
        assert!(e.starts_with("--tile: BK = 64 must be 128"), "{e}");
        let e = err(&|g| g.smem_a = Some("gmma_atom(Layout_K_SW128_Atom, bf16)".into()));
        assert!(e.contains("16-bit elements") && e.contains("8-bit"), "{e}");
        let e = err(&|g| g.b_dtype = Some("bf16".into()));
        assert!(e.starts_with("--b-dtype"), "{e}");
        let e = err(&|g| {
            g.scale = Some("block".into());
            g.k = 1000;
        });
        assert!(
            e.starts_with("--scale block: K = 1000 must be a multiple of 128"),
            "{e}"
        );
        let e = err(&|g| {
            g.scale = Some("block".into());
            g.fast_accum = true;
        });
        assert!(
            e.starts_with("--scale block") && e.contains("--fast-accum"),
            "{e}"
        );
        let e = err(&|g| {
            g.scale = Some("block".into());
            g.mma = Some("SM90_64x96x32_F32E4M3E4M3_SS_TN".into());
        });
        assert!(e.starts_with("--scale block: the tile's BN = 96"), "{e}");
        let b = HopperConfig::from_flags(&flags(|g| {
            g.dtype = "e4m3".into();
            g.mma = Some("SM90_64x128x32_F32E4M3E4M3_SS_TN".into());
            g.scale = Some("block".into());
        }))
        .unwrap();
        assert_eq!(b.scaling, Some(Scaling::Block));
        let e = err(&|g| g.mma = Some("SM90_64x128x32_F32E4M3E4M3_SS_TN<K,K>".into()));
        assert!(e.starts_with("--mma: expected"), "{e}");
        let e = err(&|g| g.mma = Some("SM90_64x128x32_F16E4M3E4M3_SS_TN".into()));
        assert!(e.starts_with("--mma: expected"), "{e}");
    }

    #[test]
    fn fp8_atoms_read_and_write() {
        let a = parse_atom("SM90_64x64x32_F32E5M2E5M2_SS_TN").unwrap();
        assert_eq!(
            (a.n, a.k, a.dtype, a.b_dtype),
            (64, 32, Dtype::E5m2, Dtype::E5m2)
        );
        assert_eq!(a.majors, Some(Majors::default()));
        assert_eq!(
            sm90_mma("e4m3", None, 128, Majors::ALL[2]),
            "SM90_64x128x32_F32E4M3E4M3_SS_TN"
        );
        assert_eq!(
            default_sm90_mma("e4m3", Some("e5m2"), Majors::default(), true),
            "SM90_64x128x32_F32E4M3E5M2_SS_TN"
        );
        assert!(matches!(
            parse_atom("SM90_64x128x32_F32E4M3E4M3_RS_TN"),
            Err(HopperConfigError::RegisterAtom(_))
        ));
    }
}
