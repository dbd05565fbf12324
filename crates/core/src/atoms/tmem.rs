//! Blackwell's tensor memory (TMEM): the accumulator tensors of UMMA atoms (CuTe's
//! `UMMA::tmem_frg`, `atom/mma_traits_sm100_frag.hpp`) and `make_tmem_copy`
//! (`atom/copy_traits_sm100.hpp`), over [`Pointer`]s in TMEM's address space.
//!
//! A TMEM address is a 32-bit word `0xLLLL.CCCC`: the datapath lane (0..128) in the upper
//! half, the 32-bit column (0..512) in the lower. A tensor over a `tmem_ptr<T>` counts in `T`
//! elements: one lane is `TMEM::DP<T> = 1 << (16 + log_2(32 / bits(T)))` elements, one column
//! `32 / bits(T)` elements, and the pointer turns an element offset into an address by
//! rotating it right by `log_2(32 / bits(T))` ([`Pointer::advance`]).

use super::copy::{CopyAtom, CopyOrigin, TiledCopy};
use super::mma::MmaAtom;
use super::util::lay;
use crate::algebra::error::condition;
use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, tmem_dp};
use crate::algebra::{IntTuple, Layout, Result, Tiler, composition};

/// `TMEM::MAX_CAPACITY_BITS`: 128 lanes × 512 columns × 32 bits.
pub const MAX_CAPACITY_BITS: i64 = 128 * 512 * 32;

/// `UMMA::TmemAllocMode`: how atoms are laid out in TMEM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmemAlloc {
    /// Half-subpartition atoms (16 lanes) interleave in the top and bottom halves.
    Interleaved,
    /// No interleaving (UMMA_TS: A's and C's lanes line up).
    NonInterleaved,
    /// The allocation duplicated across subpartitions (A of a 2-SM TS UMMA).
    Duplicated,
}

/// `UMMA::tmem_frg<ValueType, StorageType, N_SM, TmemAlloc>`: the TMEM allocator of an UMMA
/// operand (its `FrgTypeC`, or `FrgTypeA` of a TS form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmemFrg {
    /// `ValueType`, as CuTe names it.
    pub value_type: String,
    /// `sizeof_bits<ValueType>`.
    pub value_bits: i64,
    /// `sizeof_bits<StorageType>`.
    pub storage_bits: i64,
    /// `N_SM`: 1 or 2.
    pub n_sm: i64,
    /// `TmemAlloc`.
    pub alloc: TmemAlloc,
}

/// The UMMA family of an MMA atom's name (`SM100_MMA_F16BF16_SS<…>`), with its template
/// arguments, when it is one.
fn umma_parts(atom: &MmaAtom) -> Option<(&str, Vec<&str>)> {
    let (base, rest) = atom.name.split_once('<')?;
    let mut args: Vec<&str> = rest.strip_suffix('>')?.split(',').map(str::trim).collect();
    // the types a name fixes (the interleaved-complex forms'), as if written
    if let Some(types) = super::umma::fixed_types(base) {
        args.splice(0..0, types);
    }
    (super::umma::is_family(base) || super::umma::is_scaled_family(base)).then_some((base, args))
}

impl TmemFrg {
    /// The accumulator's allocator, `MMA_Traits<X>::FrgTypeC` of an UMMA atom:
    /// `tmem_frg_1sm<c_type>` (SS), `tmem_frg_1sm<c_type, int32_t, NonInterleaved>` (1-SM TS),
    /// `tmem_frg_2sm<c_type>` (2-SM); `None` for an atom whose C lives in registers.
    pub fn of_c(atom: &MmaAtom) -> Option<TmemFrg> {
        let (base, args) = umma_parts(atom)?;
        let c_type = *args.get(2)?;
        let value_bits = super::copy::element_type(c_type)?.1;
        let two_sm = base.contains("_2x1SM_");
        // (the interleaved-complex forms are TS: `..._TS_INTERLEAVED_...`)
        let ts = base.trim_end_matches("_SCALED").ends_with("_TS") || base.contains("_TS_");
        Some(TmemFrg {
            value_type: c_type.to_string(),
            value_bits,
            storage_bits: 32,
            n_sm: if two_sm { 2 } else { 1 },
            alloc: if ts && !two_sm {
                TmemAlloc::NonInterleaved
            } else {
                TmemAlloc::Interleaved
            },
        })
    }

    /// A TS form's A allocator, `MMA_Traits<X>::FrgTypeA`: `tmem_frg_1sm<a_type, a_type,
    /// NonInterleaved>`, `tmem_frg_2sm<a_type, a_type, Duplicated>`; `None` for an atom whose A
    /// is not in TMEM.
    pub fn of_a(atom: &MmaAtom) -> Option<TmemFrg> {
        let (base, args) = umma_parts(atom)?;
        if !(base.trim_end_matches("_SCALED").ends_with("_TS") || base.contains("_TS_")) {
            return None;
        }
        let a_type = *args.first()?;
        let bits = super::umma::element_bits(a_type)?;
        let two_sm = base.contains("_2x1SM_");
        Some(TmemFrg {
            value_type: a_type.to_string(),
            value_bits: bits,
            storage_bits: bits,
            n_sm: if two_sm { 2 } else { 1 },
            alloc: if two_sm {
                TmemAlloc::Duplicated
            } else {
                TmemAlloc::NonInterleaved
            },
        })
    }

    /// `tmem_frg::make(tmem_shape)`: the TMEM tensor of a post-partitioned shape
    /// `((M_MMA,N_MMA),MMA_M,MMA_N,...)`, at `make_tmem_ptr<ValueType>()`.
    ///
    /// The atom `(M,N) -> virtual address` (lane stride 1, column stride 128) is tiled over the
    /// rest of the shape (`tiled_product`, lanes first), then restrided to TMEM addresses by
    /// `(128,16384):(DP<ValueType>, bits(Storage)/bits(Value))`:
    /// 1 SM, M 64: `((16,4),N):((1,32),128)` (tiles step 2 apart unless Interleaved);
    /// 1 SM, M 128 and 2 SMs, M 128 (or M 64 Duplicated): `(128,N):(1,128)`;
    /// 2 SMs, M 32: `(32,(N/4,4)):(1,(128,32))`; 2 SMs, M 64: `(64,(N/2,2)):(1,(128,64))`.
    pub fn make(&self, shape: &IntTuple) -> Result<(Pointer, Layout)> {
        const OP: &str = "tmem_frg::make";
        let size = shape.product()?;
        if size
            .checked_mul(self.storage_bits)
            .is_none_or(|b| b > MAX_CAPACITY_BITS)
        {
            return Err(condition(
                OP,
                format!(
                    "the shape {shape} of {size} {}-bit elements requests more TMEM than is available ({MAX_CAPACITY_BITS} bits: 128 lanes × 512 columns)",
                    self.storage_bits
                ),
            ));
        }
        let mode0 = shape.mode(0).filter(|m| m.rank() == 2 && !m.is_int());
        let Some(mode0) = mode0 else {
            return Err(condition(
                OP,
                format!("expected the post-partitioned shape ((M_MMA,N_MMA),...), got {shape}"),
            ));
        };
        let m = mode0.mode(0).map(|x| x.product()).transpose()?.unwrap_or(0);
        let n = mode0.mode(1).map(|x| x.product()).transpose()?.unwrap_or(0);
        let col_addr = self.storage_bits / self.value_bits;
        let restride = Layout::new(
            IntTuple::of_ints(&[128, 16384]),
            IntTuple::of_ints(&[tmem_dp(self.value_bits)?, col_addr]),
        )?;
        let rest: IntTuple = (1..shape.rank())
            .map(|i| shape.mode(i).expect("in range").to_owned())
            .collect();
        let mut tile_stride = 1;
        let atom = match (self.n_sm, m, self.alloc) {
            (1, 64, a) => {
                if a == TmemAlloc::NonInterleaved {
                    tile_stride = 2;
                }
                lay(&format!("((16,4),{n}):((1,32),128)"))
            }
            (1, 128, _) | (2, 128, _) | (2, 64, TmemAlloc::Duplicated) => {
                lay(&format!("(128,{n}):(1,128)"))
            }
            (2, 32, TmemAlloc::Interleaved) if n % 4 == 0 => {
                lay(&format!("(32,({},4)):(1,(128,32))", n / 4))
            }
            (2, 64, TmemAlloc::Interleaved) if n % 2 == 0 => {
                lay(&format!("(64,({},2)):(1,(128,64))", n / 2))
            }
            (1, _, _) => {
                return Err(condition(
                    OP,
                    format!("UMMA_1SM M-mode size should be 64 or 128, got {m}"),
                ));
            }
            _ => {
                return Err(condition(
                    OP,
                    format!("UMMA_2SM M-mode size should be 32 or 64 or 128, got {m} (with N {n})"),
                ));
            }
        };
        let stride = crate::algebra::coord::compact_col_major(rest.as_tup(), tile_stride)?;
        let tiling = Layout::new(rest, stride)?;
        let logical = crate::algebra::divide::tiled_product(&atom, &Tiler::layout(tiling))?;
        let layout = composition::compose(&restride, &logical)?;
        let ptr = Pointer::tmem(ElementWidth::of_type(&self.value_type), 0)?
            .with_type_name(&self.value_type);
        Ok((ptr, layout))
    }
}

/// `make_tmem_copy(Op, tmem)`'s atom value type, `TEngine::value_type`: the pointer's element
/// type where it was made of a named one (`make_tmem_ptr<int32_t>`, an `int32_t` UMMA
/// accumulator), else a type CuTe names of its width ([`element_of_width`]).
pub fn value_type_of(ptr: &Pointer) -> Result<String> {
    match &ptr.type_name.0 {
        Some(n) if crate::algebra::recast::element_bits(n).is_some() => Ok(n.to_string()),
        _ => element_of_width(&ptr.width).map(str::to_string),
    }
}

/// A type CuTe names of a pointer's element width (`float` for 32 bits, `half_t` for 16, ...):
/// the value type of `Copy_Atom<Op, T>` where only the width is known.
pub fn element_of_width(w: &ElementWidth) -> Result<&'static str> {
    let bits = w.bits("make_tmem_copy")?;
    Ok(match bits {
        8 => "uint8_t",
        16 => "half_t",
        32 => "float",
        64 => "double",
        128 => "uint128_t",
        _ => {
            return Err(condition(
                "make_tmem_copy",
                format!(
                    "no copy atom's value type is {bits} bits wide: give the atom, copy_atom(OP, T)"
                ),
            ));
        }
    })
}

/// `typename Copy_Traits<Op>::ValID`: the TMEM loads', stores' and UTCCP's map from value bits
/// to TMEM bit addresses (lanes at `TMEM::DP_b = 1 << 21`), from the catalog.
pub fn val_id(op: &str) -> Option<Layout> {
    super::catalog::copy_row(op).and_then(|r| r.val_id).map(lay)
}

/// CuTe's `make_tmem_copy(atom, tmem)`: the tiled copy of a TMEM load or store over a TMEM
/// tensor, four warps each at the same place in its own 32-lane subpartition.
///
/// `atom_t_layout = (32,4):(0, 32 · DP<T>)`, `atom_v_layout = coalesce(upcast<bits(T)>(ValID))`,
/// then `make_cotiled_copy(atom, make_layout(atom_t_layout, atom_v_layout), tmem.layout())`.
pub fn make_tmem_copy(atom: CopyAtom, ptr: &Pointer, layout: &Layout) -> Result<TiledCopy> {
    const OP: &str = "make_tmem_copy";
    if ptr.space != MemSpace::Tmem {
        return Err(condition(
            OP,
            format!("expected a TMEM tensor (over make_tmem_ptr<T>), got a tensor over {ptr}"),
        ));
    }
    let bits = ptr.width.bits(OP)?;
    if atom.val_bits != bits {
        return Err(condition(
            OP,
            format!(
                "expected a CopyAtom with the same type-width as the Tensor: {} is of {} bits, the tensor's elements of {bits}",
                atom, atom.val_bits
            ),
        ));
    }
    let Some(val_id) = val_id(&atom.op) else {
        return Err(condition(
            OP,
            format!(
                "{} is no TMEM load or store (its Copy_Traits have no ValID): use SM100_TMEM_LOAD_* or SM100_TMEM_STORE_*",
                atom.op
            ),
        ));
    };
    let dp = tmem_dp(bits)?;
    let thr = Layout::new(
        IntTuple::of_ints(&[32, 4]),
        IntTuple::of_ints(&[0, crate::algebra::arith::mul(32, dp, OP)?]),
    )?;
    let val = super::util::upcast(&val_id, bits)?.coalesce()?;
    let atom_tv = Layout::concat(&[thr, val]);
    let mut t = TiledCopy::cotiled(atom, atom_tv, layout.clone())?;
    t.origin = CopyOrigin::Tmem(Box::new(ptr.clone()), layout.clone());
    Ok(t)
}

/// Where a TMEM pointer points: `(lane, column)`, the column counted in the pointer's elements
/// (`32 / bits(T)` of them to a 32-bit column: the column word shifted up by `OffsetShift`
/// with the sub-word index from the address's top bits; a wider element's column word shifted
/// down). `None` for another pointer.
pub fn lane_column(p: &Pointer) -> Option<(i64, i64)> {
    let addr = p.tmem_address()?;
    let bits = p.width.bits("a TMEM address").ok()?;
    let s = crate::algebra::pointer::tmem_offset_shift(bits).ok()?;
    let lane = i64::from((addr >> 16) & 0xFF);
    let col = i64::from(addr & 0xFFFF);
    let ecol = if s > 0 {
        (col << s) | i64::from(addr >> (32 - s))
    } else {
        col >> (-s)
    };
    Some((lane, ecol))
}

/// The TMEM side of a copy: `true` for a load (TMEM is the source, registers the
/// destination), `false` for a store.
pub fn is_load(op: &str) -> bool {
    op.contains("TMEM_LOAD")
}

/// One `(thread, value)` of a TMEM copy and the `(lane, column)` it reaches.
pub type TmemCell = (i64, i64, i64, i64);

/// Which thread and value of a `make_tmem_copy` reach each TMEM lane and column of one tile:
/// the register side's TV layout (D of a load, S of a store) onto the tile
/// (`zipped_divide(tmem, Tiler_MN)`'s first mode), each element offset moved from the tensor's
/// pointer to its address. `(thread, value, lane, column)` for every pair, threads first.
pub fn copy_cells(t: &TiledCopy) -> Result<Option<Vec<TmemCell>>> {
    let CopyOrigin::Tmem(ptr, layout) = &t.origin else {
        return Ok(None);
    };
    let tv = t.layout_tv_of(!is_load(&t.atom.op))?;
    let tile = crate::algebra::divide::zipped_divide(layout, &t.tiler)?.mode(0)?;
    let offsets = composition::compose(&tile, &tv)?;
    let (thr, val) = (offsets.mode(0)?, offsets.mode(1)?);
    let pairs = offsets.size()?;
    if pairs > crate::limits::MAX_TV_PAIRS {
        return Err(condition(
            "make_tmem_copy",
            format!(
                "{pairs} (thread, value) pairs are more than the limit of {}",
                crate::limits::MAX_TV_PAIRS
            ),
        ));
    }
    let mut out = Vec::with_capacity(pairs as usize);
    for ti in 0..thr.size()? {
        let to = thr.at(ti)?;
        for vi in 0..val.size()? {
            let off = crate::algebra::arith::add(to, val.at(vi)?, "TMEM offset")?;
            let p = ptr.advance(off)?;
            let (lane, col) = lane_column(&p).expect("a TMEM pointer");
            out.push((ti, vi, lane, col));
        }
    }
    Ok(Some(out))
}

/// Which element of a TMEM tensor sits at each lane and column: `(index, lane, column)` for
/// every index of its layout (colexicographic), `None` for a tensor elsewhere.
pub fn tensor_cells(ptr: &Pointer, layout: &Layout) -> Result<Option<Vec<(i64, i64, i64)>>> {
    if ptr.space != MemSpace::Tmem {
        return Ok(None);
    }
    let n = layout.size()?;
    if n > crate::limits::MAX_TV_CELLS {
        return Err(condition(
            "tmem tensor",
            format!(
                "{n} elements are more than the limit of {} cells of a picture",
                crate::limits::MAX_TV_CELLS
            ),
        ));
    }
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        let p = ptr.advance(layout.at(i)?)?;
        let (lane, col) = lane_column(&p).expect("a TMEM pointer");
        out.push((i, lane, col));
    }
    Ok(Some(out))
}

/// CuTe's TMEM addressing constants by name (`TMEM::DP<T>`, `TMEM::DP_b`,
/// `TMEM::MAX_CAPACITY_BITS`, with or without `cute::` and a trailing `{}`'s type form):
/// one lane in `T` elements, one lane in bits, the capacity in bits.
pub fn constant(name: &str) -> Option<i64> {
    let n = name.trim_start_matches("cute::").strip_prefix("TMEM::")?;
    match n {
        "DP_b" => Some(1 << 21),
        "MAX_CAPACITY_BITS" => Some(MAX_CAPACITY_BITS),
        "DP" | "DP<>" => tmem_dp(32).ok(),
        _ => {
            let t = n.strip_prefix("DP<")?.strip_suffix('>')?;
            tmem_dp(super::copy::element_type(t.trim())?.1).ok()
        }
    }
}

/// CuTe's `TV_Tiler<Layout_TV, Tiler_MN>` (`atom/partitioner.hpp`): a tiling of a (thread,
/// value) layout over a tile without an atom, what `make_tmem_warp_partitioner` returns.
/// `apply(T)` is `zipped_divide(T, Tiler_MN).compose(TiledLayout_TV, _)`, of shape
/// `((ThrV,FrgV),(RestM,RestN,...))`; `get_slice(c).partition(T)` is
/// `apply(T)(c, repeat<rank(T)>(_))`. CuTe gives it no print (`print(TV_Tiler)` does not
/// compile): `cute` prints the call that builds it, `make_tiler_impl(LAYOUT_TV, TILER_MN)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TvTiler {
    /// `TiledLayout_TV`: (thread, value) -> the tile's coordinate (column-major).
    pub layout_tv: Layout,
    /// `Tiler_MN`: the by-mode tiler of the elements the TV layout reaches.
    pub tiler: Tiler<'static>,
}

impl TvTiler {
    /// `make_tiler_impl(layout_tv, tiler)`.
    pub fn new(layout_tv: Layout, tiler: Tiler<'static>) -> TvTiler {
        TvTiler { layout_tv, tiler }
    }

    /// `TV_Tiler::apply(tensor)`: `zipped_divide(tensor, Tiler_MN).compose(TiledLayout_TV, _)`.
    pub fn apply(&self, tensor: &Layout) -> Result<Layout> {
        if tensor.rank() < self.tiler.rank() {
            return Err(condition(
                "partition",
                format!(
                    "rank of the tensor {tensor} is smaller than the tiler's {}",
                    self.tiler
                ),
            ));
        }
        let tiled = crate::algebra::divide::zipped_divide(tensor, &self.tiler)?;
        super::util::compose_modes(
            &tiled,
            vec![Tiler::layout(self.layout_tv.clone()), Tiler::Under],
        )
    }

    /// The number of slices `get_slice` takes: the size of `TiledLayout_TV`'s first mode (its
    /// whole, where it has one mode, as the warp partitioner's `4:1`).
    pub fn num_slices(&self) -> Result<i64> {
        if self.layout_tv.rank() <= 1 {
            self.layout_tv.size()
        } else {
            self.layout_tv.mode(0)?.size()
        }
    }

    /// `get_slice(idx).partition(tensor)`: `apply(tensor)(idx, repeat<rank(tensor)>(_))`, its
    /// offset (what the tensor's layout maps the slice's first element to) and layout.
    pub fn partition(
        &self,
        idx: i64,
        tensor: &Layout,
    ) -> Result<(crate::algebra::basis::Index, Layout)> {
        let n = self.num_slices()?;
        if !(0..n).contains(&idx) {
            return Err(condition(
                "get_slice",
                format!(
                    "slice index {idx} is outside the TV tiler's {n} threads (its TiledLayout_TV {})",
                    self.layout_tv
                ),
            ));
        }
        let t = self.apply(tensor)?;
        let coord = crate::algebra::coord::Coord::Tuple(vec![
            crate::algebra::coord::Coord::int_of(idx, true),
            super::util::repeat_under(tensor.rank()),
        ]);
        Ok((t.offset_index(&coord)?, t.slice(&coord)?))
    }
}

impl std::fmt::Display for TvTiler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "make_tiler_impl({}, {})", self.layout_tv, self.tiler)
    }
}

/// CuTe's `make_tmem_warp_partitioner(tmem)` (`atom/copy_traits_sm100.hpp`): the TV tiler whose
/// slice `w` is warp `w`'s 32 lanes of a TMEM tensor.
/// `atom_t_layout = Layout<_4, Int<32 * DP<T>>>` (warp -> TMEM address);
/// `layout_t_tmem = make_layout(left_inverse(tmem), 1:0) o atom_t_layout` (warp -> coordinate);
/// `tiler_i = filter(make_layout(product_each(shape(tmem)), e_i) o layout_t_tmem)`;
/// `layout_tv = left_inverse(make_layout(product_each(shape(tmem))) o tiler) o layout_t_tmem`.
pub fn make_tmem_warp_partitioner(ptr: &Pointer, tmem: &Layout) -> Result<TvTiler> {
    const OP: &str = "make_tmem_warp_partitioner";
    if ptr.space != MemSpace::Tmem {
        return Err(condition(
            OP,
            format!("Expected TMEM tensor (CuTe's static_assert is_tmem): a tensor over {ptr}"),
        ));
    }
    let bits = ptr.width.bits(OP)?;
    let dp = tmem_dp(bits)?;
    let warp_stride = crate::algebra::arith::mul(32, dp, OP)?;
    let atom_t = Layout::new(IntTuple::int(4), IntTuple::int(warp_stride))?;
    let inv = Layout::concat(&[
        crate::algebra::inverse::left_inverse(tmem)?,
        Layout::new(IntTuple::int(1), IntTuple::int(0))?,
    ]);
    let layout_t_tmem = composition::compose(&inv, &atom_t)?;
    let flat = tmem.shape().product_each()?;
    let (tiler, layout_tv) = super::copy::cotile(&flat, &layout_t_tmem)?;
    Ok(TvTiler::new(layout_tv, tiler))
}
