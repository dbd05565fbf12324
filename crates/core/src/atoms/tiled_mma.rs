//! `TiledMMA` and `ThrMMA`, ported from CuTe's `atom/mma_atom.hpp`: the thread layout VMNK, the
//! `thrfrg_{A,B,C}` partitionings, the TV layouts and a thread's partition of a tensor.

use std::fmt;

use super::mma::MmaAtom;
use super::util::{col, col1, colex_index, compose_modes, repeat_under, tiler_size};
use crate::algebra::complement::complement;
use crate::algebra::coord::{Coord, idx2crd_strided};
use crate::algebra::divide::{logical_divide, tiled_product, zipped_divide};
use crate::algebra::error::condition;
use crate::algebra::inverse::right_inverse;
use crate::algebra::{IntTuple, Layout, Result, Tiler, arith, composition};

/// `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledMma {
    /// The atom.
    pub atom: MmaAtom,
    /// `AtomLayoutMNK` (rank 3; CuTe appends `1:0` modes).
    pub thr_layout_mnk: Layout,
    /// `PermutationMNK`: `None` is `_`.
    pub perm: [Option<Tiler<'static>>; 3],
    /// `ThrLayoutVMNK = tiled_product(AtomThrID, AtomLayoutMNK)`.
    pub thr_layout_vmnk: Layout,
}

/// Which operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A: (M,K).
    A,
    /// B: (N,K).
    B,
    /// C: (M,N).
    C,
}

impl Operand {
    /// The operand's letter, as CuTe's function names spell it (`thrfrg_A`, `make_tma_copy_C_sm100`).
    pub fn letter(self) -> &'static str {
        match self {
            Operand::A => "A",
            Operand::B => "B",
            Operand::C => "C",
        }
    }

    /// The MNK modes of the operand.
    pub(crate) fn modes(self) -> (usize, usize) {
        match self {
            Operand::A => (0, 2),
            Operand::B => (1, 2),
            Operand::C => (0, 1),
        }
    }
}

impl TiledMma {
    /// `make_tiled_mma(atom, thr_layout, permutations)`.
    pub fn new(atom: MmaAtom, thr_layout: &Layout, perm: Option<&Tiler>) -> Result<TiledMma> {
        const OP: &str = "tiled_mma";
        if thr_layout.rank() > 3 {
            return Err(condition(
                OP,
                format!("TiledMMA requires a rank-3 AtomLayoutMNK, got {thr_layout}"),
            ));
        }
        let thr_layout_mnk = thr_layout.append_to_rank(3);
        let mut perms: [Option<Tiler<'static>>; 3] = [None, None, None];
        if let Some(p) = perm {
            if !p.is_static() {
                return Err(condition(
                    OP,
                    format!(
                        "TiledMMA requires static permutations of MNK (CuTe's static_assert: is_static<PermutationMNK>): {p} has a dynamic integer"
                    ),
                ));
            }
            let items = match p {
                Tiler::Tuple(v) => v.to_vec(),
                _ => {
                    return Err(condition(
                        OP,
                        format!("the permutation {p} must be a tuple of up to 3 modes"),
                    ));
                }
            };
            if items.len() > 3 {
                return Err(condition(
                    OP,
                    format!("TiledMMA requires a rank-3 PermutationMNK, got {p}"),
                ));
            }
            for (i, t) in items.into_iter().enumerate() {
                perms[i] = match t {
                    Tiler::Under => None,
                    other => Some(other.into_owned()),
                };
            }
        }
        let thr_layout_vmnk = tiled_product(&atom.thr_id, &Tiler::of(&thr_layout_mnk))?;
        let t = TiledMma {
            atom,
            thr_layout_mnk,
            perm: perms,
            thr_layout_vmnk,
        };
        for i in 0..3 {
            let size = t.tile_size_mnk(i)?;
            let atom_size = t.atom.extent(i);
            if size % atom_size != 0 {
                return Err(condition(
                    OP,
                    format!(
                        "the permutation of mode {i} covers {size}, not a multiple of the atom's {atom_size}"
                    ),
                ));
            }
        }
        Ok(t)
    }

    /// `size<i>(ThrLayoutVMNK)`.
    fn vmnk_size(&self, i: usize) -> Result<i64> {
        self.thr_layout_vmnk.mode(i)?.size()
    }

    /// `permutation_mnk<I>()`: the permutation, or the atom's extent times the threads in I.
    pub fn permutation_mnk(&self, i: usize) -> Result<Tiler<'_>> {
        match &self.perm[i] {
            Some(p) => Ok(p.clone()),
            None => Ok(Tiler::Int(arith::mul(
                self.atom.extent(i),
                self.vmnk_size(i + 1)?,
                "tiled_mma",
            )?)),
        }
    }

    /// `tile_size_mnk<I>()`.
    pub fn tile_size_mnk(&self, i: usize) -> Result<i64> {
        tiler_size(&self.permutation_mnk(i)?)
    }

    /// `tile_shape(mma)`: `(M,N,K)` covered by the tiled MMA.
    pub fn tile_shape(&self) -> Result<IntTuple> {
        (0..3)
            .map(|i| self.tile_size_mnk(i).map(IntTuple::int))
            .collect::<Result<IntTuple>>()
    }

    /// `size(tiled_mma)`: the number of threads.
    pub fn num_threads(&self) -> Result<i64> {
        self.thr_layout_vmnk.size()
    }

    fn atom_tv(&self, op: Operand) -> &Layout {
        match op {
            Operand::A => &self.atom.a,
            Operand::B => &self.atom.b,
            Operand::C => &self.atom.c,
        }
    }

    /// `thrfrg_{A,B,C}(tensor)`: `(M,K)` to `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))`, etc.
    pub fn thrfrg(&self, op: Operand, tensor: &Layout) -> Result<Layout> {
        self.thrfrg_with(op.modes(), self.atom_tv(op), tensor)
    }

    /// A structured-sparse atom's `ELayout` ((thread, value) -> (M,K) of its metadata).
    fn atom_tv_e(&self) -> Result<&Layout> {
        self.atom.e.as_ref().ok_or_else(|| {
            condition(
                "tiled_mma",
                format!(
                    "{} is not a structured-sparse MMA with a metadata layout (its MMA_Traits define no ELayout)",
                    self.atom.name
                ),
            )
        })
    }

    /// The metadata E of a structured-sparse A, as CUTLASS's sparse collectives partition it
    /// (`thrfrg_E` of gemm/collective/sm90_sparse_mma_tma_gmma_ss_warpspecialized.hpp and
    /// sm120_sparse_mma_tma.hpp): `thrfrg_A` with the atom's `ELayout` in place of its
    /// `ALayout`, `(M,K)` to `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))`.
    pub fn thrfrg_e(&self, tensor: &Layout) -> Result<Layout> {
        self.thrfrg_with(Operand::A.modes(), self.atom_tv_e()?, tensor)
    }

    /// `get_layoutE_TV(mma)` of those collectives: (thread index, value) -> (M,K) offset of the
    /// metadata in the tile, as `get_layoutA_TV` of `thrfrg_E`.
    pub fn layout_tv_e(&self) -> Result<Layout> {
        self.layout_tv_with(Operand::A, |r| self.thrfrg_e(r))
    }

    /// `partition_E(thr_mma, tensor)` of the SM90 sparse collective: the thread's part of the
    /// metadata tensor (its offset and layout `(FrgV, RestM, RestK)`).
    pub fn partition_e(
        &self,
        thr_idx: crate::algebra::Int,
        tensor: &Layout,
    ) -> Result<(crate::algebra::basis::Index, Layout)> {
        let thr_tensor = self.thrfrg_e(tensor)?;
        let coord = self.partition_coord(Operand::A, thr_idx, &thr_tensor)?;
        let offset = thr_tensor.offset_index(&coord)?;
        let layout = thr_tensor.slice(&coord)?;
        Ok((offset, layout))
    }

    /// CuTe's thrfrg over the MNK modes `(p, q)` with the atom's TV layout `atom_tv`.
    fn thrfrg_with(
        &self,
        (p, q): (usize, usize),
        atom_tv: &Layout,
        tensor: &Layout,
    ) -> Result<Layout> {
        if tensor.rank() < 2 {
            return Err(condition(
                "tiled_mma",
                format!("partitioning needs a tensor of rank >= 2, got {tensor}"),
            ));
        }
        // Reorder the tensor for the TiledAtom
        let t_tile = vec![self.permutation_mnk(p)?, self.permutation_mnk(q)?];
        let t_tensor = logical_divide(tensor, &Tiler::tuple(t_tile))?;
        // Tile the tensor for the Atom
        let a_tile = vec![
            Tiler::layout(col1(self.atom.extent(p))?),
            Tiler::layout(col1(self.atom.extent(q))?),
        ];
        let a_tensor = zipped_divide(&t_tensor, &Tiler::tuple(a_tile))?;
        // Transform the Atom mode from (M,K) to (Thr,Val)
        let tv_tensor = compose_modes(&a_tensor, vec![Tiler::of(atom_tv), Tiler::Under])?;
        // Tile the tensor for the threads
        let thr_tile = Tiler::tuple(vec![
            Tiler::Under,
            Tiler::tuple(vec![
                Tiler::layout(col1(self.vmnk_size(p + 1)?)?),
                Tiler::layout(col1(self.vmnk_size(q + 1)?)?),
            ]),
        ]);
        zipped_divide(&tv_tensor, &thr_tile)
    }

    /// `thridx_2_thrid`: thread index -> (ThrV,ThrM,ThrN,ThrK).
    fn thridx_2_thrid(&self) -> Result<Layout> {
        let vmnk = &self.thr_layout_vmnk;
        let n = vmnk.size()?;
        let left = Layout::new(
            IntTuple::tuple([IntTuple::int(n), IntTuple::int(1)]),
            IntTuple::tuple([IntTuple::int(1), IntTuple::int(0)]),
        )?;
        let full = Layout::concat(&[vmnk.clone(), complement(vmnk)?]);
        composition::compose(&left, &right_inverse(&full)?)
    }

    /// `get_layout{A,B,C}_TV()`: (thread index, value) -> column-major offset in the tile.
    pub fn layout_tv(&self, op: Operand) -> Result<Layout> {
        self.layout_tv_with(op, |r| self.thrfrg(op, r))
    }

    /// `get_layout{A,B,C}_TV()` over a thrfrg of the operand's modes.
    fn layout_tv_with(
        &self,
        op: Operand,
        thrfrg: impl Fn(&Layout) -> Result<Layout>,
    ) -> Result<Layout> {
        let (p, q) = op.modes();
        let reference = col(IntTuple::tuple([
            IntTuple::int(self.tile_size_mnk(p)?),
            IntTuple::int(self.tile_size_mnk(q)?),
        ]))?;
        let frg = thrfrg(&reference)?;
        let frg = match op {
            Operand::C => frg,
            Operand::A | Operand::B => {
                // (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK)): the missing thread mode is
                // broadcast with stride 0
                let (vm, vn) = (self.vmnk_size(1)?, self.vmnk_size(2)?);
                let stride = if op == Operand::A { (1, 0) } else { (0, 1) };
                let bcast = Layout::new(
                    IntTuple::tuple([IntTuple::int(vm), IntTuple::int(vn)]),
                    IntTuple::tuple([IntTuple::int(stride.0), IntTuple::int(stride.1)]),
                )?;
                let atile = Tiler::tuple(vec![
                    Tiler::Under,
                    Tiler::tuple(vec![Tiler::layout(bcast), Tiler::Under]),
                ]);
                compose_modes(&frg, vec![atile, Tiler::Under])?
            }
        };
        compose_modes(
            &frg,
            vec![Tiler::layout(self.thridx_2_thrid()?), Tiler::Under],
        )
    }

    /// `thr_layout_vmnk_.get_flat_coord(thr_idx)`: (v, m, n, k) of a thread.
    pub fn thr_vmnk(&self, thr_idx: i64) -> Result<[i64; 4]> {
        // any index, as CuTe: the strided idx2crd wraps or extrapolates one outside the threads
        let vmnk = &self.thr_layout_vmnk;
        let hier = idx2crd_strided(&IntTuple::int(thr_idx), vmnk.shape(), vmnk.stride())?;
        let (zero, one) = (IntTuple::int(0), IntTuple::int(1));
        let mut out = [0i64; 4];
        for (i, o) in out.iter_mut().enumerate() {
            let c = hier.mode(i).unwrap_or(&zero);
            let s = vmnk.shape().mode(i).unwrap_or(&one);
            *o = colex_index(c, s)?;
        }
        Ok(out)
    }

    /// `partition_shape_{A,B,C}(mma, shape)`: the shape of one thread's partition of a tensor of
    /// that shape, `(FrgV, Rest...)`.
    ///
    /// `thrfrg(make_layout(shape))(0, (_, repeat<rank(shape)>(_)))`, then its shape.
    pub fn partition_shape(&self, op: Operand, shape: &crate::algebra::Tup) -> Result<IntTuple> {
        let dummy = col(shape.to_owned())?;
        let tv = self.thrfrg(op, &dummy)?;
        let coord = Coord::Tuple(vec![
            Coord::int(0),
            Coord::Tuple(vec![Coord::Under, repeat_under(dummy.rank())]),
        ]);
        Ok(tv.slice(&coord)?.shape().to_owned())
    }

    /// `ThrMMA::partition_{A,B,C}(tensor)` for the thread `thr_idx`: the offset and the layout
    /// `(FrgV, Rest...)` of the thread's part of a tensor with layout `tensor`.
    /// The offset is what the tensor's layout maps the thread's first element to (an arithmetic
    /// tuple for an identity tensor's basis strides).
    pub fn partition(
        &self,
        op: Operand,
        thr_idx: crate::algebra::Int,
        tensor: &Layout,
    ) -> Result<(crate::algebra::basis::Index, Layout)> {
        let thr_tensor = self.thrfrg(op, tensor)?;
        let coord = self.partition_coord(op, thr_idx, &thr_tensor)?;
        let offset = thr_tensor.offset_index(&coord)?;
        let layout = thr_tensor.slice(&coord)?;
        Ok((offset, layout))
    }

    /// The coordinate of thread `thr_idx`'s part of `thrfrg` of a tensor:
    /// `((ThrV, (ThrM, ThrK)), (_, (_, ...)))`.
    ///
    /// The thread index's kind is the coordinate's (`get_flat_coord` of a run-time index is
    /// run-time in each mode, but a static `_0` in a mode of static extent 1), and the offset's
    /// kind follows from it in the one algebra.
    pub fn partition_coord(
        &self,
        op: Operand,
        thr_idx: crate::algebra::Int,
        thr_tensor: &Layout,
    ) -> Result<Coord> {
        let vmnk = self.thr_vmnk(thr_idx.value)?;
        let shape = self.thr_layout_vmnk.shape();
        let at = |i: usize| {
            let unit = shape
                .mode(i)
                .is_some_and(|e| e.product_kind().is_ok_and(|p| p.is_constant(1)));
            Coord::int_of(vmnk[i], thr_idx.dynamic() && !unit)
        };
        let (a, b) = match op {
            Operand::A => (at(1), at(3)),
            Operand::B => (at(2), at(3)),
            Operand::C => (at(1), at(2)),
        };
        let v = at(0);
        let rest_rank = thr_tensor.mode(1)?.mode(1)?.rank();
        let coord = Coord::Tuple(vec![
            Coord::Tuple(vec![v, Coord::Tuple(vec![a, b])]),
            Coord::Tuple(vec![Coord::Under, repeat_under(rest_rank)]),
        ]);
        Ok(coord)
    }
}

impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tiled_mma({}, {}", self.atom.name, self.thr_layout_mnk)?;
        if self.perm.iter().any(Option::is_some) {
            f.write_str(", (")?;
            for (i, p) in self.perm.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                match p {
                    Some(t) => write!(f, "{t}")?,
                    None => f.write_str("_")?,
                }
            }
            f.write_str(")")?;
        }
        f.write_str(")")
    }
}
