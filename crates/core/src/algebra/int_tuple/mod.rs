//! `IntTuple`: an integer or a (nested) tuple of IntTuples, CuTe's shapes, strides and coordinates.
//!
//! Held flat: one contiguous sequence of nodes in prefix order, inline up to [`INLINE`] nodes (on
//! the heap past it). A leaf is one node; a tuple is a header node (its rank and how many nodes
//! follow it) and then its modes. So a mode of a tuple is a contiguous run of its nodes, and every
//! recursive algorithm walks borrowed sub-slices ([`Tup`], as `str` to `String`) without building
//! or cloning anything. `(8)` (a rank-1 tuple) differs from `8`, as in CuTe.
//!
//! One concept a module:
//! - `node`: one node of the prefix encoding (`Node`, what it is: `Kind`);
//! - `tup`: the nodes as an IntTuple, borrowed ([`Tup`]) and owned ([`IntTuple`]), what one is
//!   at its top ([`View`], [`Modes`]) and what its nodes tell (rank, depth, leaves);
//! - `ops`: CuTe's operations on IntTuples (congruence, `flatten`, `ceil_div`, `shape_div`, …)
//!   and whether two are a layout ([`ShapeFault`], [`LayoutFault`]);
//! - `pair`: a layout's shape and stride held as one ([`TupPair`]);
//! - `build`: IntTuples made mode by mode ([`TupleBuilder`]) or node by node ([`TreeBuilder`]);
//! - `read`: the notation's literal reader (`FromStr`, `Reader`);
//! - `write`: the notation's printer (`Display`, [`Tup::write_to`]).

// no unsafe code in the notation, the algebra or the evaluator
#![deny(unsafe_code)]

mod build;
mod node;
mod ops;
mod pair;
mod read;
mod tup;
mod write;

use smallvec::SmallVec;

pub use build::{Taken, TreeBuilder, TupleBuilder};
pub use ops::{LayoutFault, ShapeFault};
pub use pair::TupPair;
pub(crate) use read::Reader;
pub use read::{Read, ReadPair};
pub use tup::{IntTuple, Modes, Tup, View};
pub(crate) use tup::{RevLeaves, at_same_place};
pub use write::{write_cute, write_tuple};
pub(crate) use write::{write_notation, write_notation_div};

/// Nodes held inline before an IntTuple moves to the heap: `(4,8,2)` is 4 nodes. Measured on the
/// benchmark mix (BENCHMARKS.md): 4 or 5 spend the fewest instructions; more inline nodes cost
/// more in copying every value than the heap costs the larger ones.
pub const INLINE: usize = 4;

/// A few integers on the stack (the leaves of a layout an algorithm works on), on the heap
/// past 8.
pub type Ints = SmallVec<[i64; 8]>;
