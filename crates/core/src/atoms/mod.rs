//! MMA and copy atoms, tiled MMAs and tiled copies: CuTe's `atom/` headers over our algebra.
//!
//! Every atom value prints as the expression that builds it (`mma_atom(NAME)`,
//! `tiled_mma(NAME, LAYOUT)`, `make_tiled_copy(copy_atom(OP, TYPE), THR, VAL)`, ...), so a
//! printed value parses back to itself.

pub mod blockscaled;
pub mod catalog;
pub mod copy;
pub mod gmma_desc;
pub mod im2col;
pub mod mma;
pub mod tiled_mma;
pub mod tma;
pub mod tmem;
pub mod umma;
mod util;

use std::fmt;

pub use copy::{CopyAtom, TiledCopy, make_layout_tv};
pub use mma::{MmaAtom, mma_atom};
pub use tiled_mma::{Operand, TiledMma};

/// An atom-like value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Atom {
    /// `MMA_Atom<Op>`.
    Mma(MmaAtom),
    /// `TiledMMA`.
    TiledMma(TiledMma),
    /// `ThrMMA`: a tiled MMA seen from one thread.
    ThrMma(TiledMma, crate::algebra::Int),
    /// `Copy_Atom<Op, T>`.
    Copy(CopyAtom),
    /// `TiledCopy`.
    TiledCopy(TiledCopy),
    /// `ThrCopy`: a tiled copy seen from one thread.
    ThrCopy(TiledCopy, crate::algebra::Int),
    /// `TV_Tiler`: a TV layout over a tile without an atom (`make_tmem_warp_partitioner`).
    TvTiler(tmem::TvTiler),
    /// `TV_Partitioner`: a TV tiler's slice (`get_slice(w)`).
    TvSlice(tmem::TvTiler, i64),
}

impl Atom {
    /// A word for the kind of value, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Atom::Mma(_) => "an MMA atom",
            Atom::TiledMma(_) => "a tiled MMA",
            Atom::ThrMma(..) => "a thread's slice of a tiled MMA",
            Atom::Copy(_) => "a copy atom",
            Atom::TiledCopy(_) => "a tiled copy",
            Atom::ThrCopy(..) => "a thread's slice of a tiled copy",
            Atom::TvTiler(_) => "a TV tiler",
            Atom::TvSlice(..) => "a slice of a TV tiler",
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Mma(a) => write!(f, "{a}"),
            Atom::TiledMma(t) => write!(f, "{t}"),
            Atom::ThrMma(t, i) => write!(f, "{t}.thread({i})"),
            Atom::Copy(c) => write!(f, "{c}"),
            Atom::TiledCopy(t) => write!(f, "{t}"),
            Atom::ThrCopy(t, i) => write!(f, "{t}.thread({i})"),
            Atom::TvTiler(t) => write!(f, "{t}"),
            Atom::TvSlice(t, i) => write!(f, "{t}.get_slice({i})"),
        }
    }
}

/// Atom names and element types worth offering for completion (the GMMA family at a few N,
/// the GMMA shared-memory atoms and the element types).
pub fn completion_names() -> Vec<String> {
    let mut out: Vec<String> = mma::warp_names();
    out.extend(umma::families().into_iter().map(|(n, _)| n));
    out.extend(copy::op_names());
    out.extend(copy::type_names());
    out.extend(crate::algebra::smem_atoms::atom_names());
    // the block-scale config, whose members C++ calls (`Sm1xxBlkScaledConfig<32>::…`)
    out.extend(
        ["Sm1xxBlkScaledConfig", "Sm1xxBlockScaledConfig"]
            .iter()
            .map(|n| n.to_string()),
    );
    out.extend(
        blockscaled::CONFIG_MEMBERS
            .iter()
            .map(|(n, _)| n.to_string()),
    );
    // the element types (`gmma_atom` takes each): their C++ and short spellings of one word
    out.extend(
        crate::algebra::element::ELEMENTS
            .iter()
            .flat_map(|e| e.cpp.iter().chain(e.short))
            .filter(|n| !n.contains([' ', '<']))
            .map(|n| n.to_string()),
    );
    out
}
