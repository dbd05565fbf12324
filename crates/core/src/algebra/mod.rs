//! The layout algebra: pure functions over IntTuples and Layouts, ported from CuTe 4.2.
//! No I/O and no source spans here.

pub mod arith;
pub mod basis;
pub mod common;
pub mod complement;
pub mod composition;
pub mod coord;
pub mod cutlass2;
pub mod divide;
pub mod element;
pub mod error;
pub mod flat;
pub mod int_tuple;
pub mod integer;
pub mod interrupt;
pub mod inverse;
pub mod laws;
pub mod layout;
pub mod layout_composed;
pub mod layout_ops;
pub mod mixed_bits;
pub mod pointer;
pub mod recast;
pub mod smem_atoms;
pub mod swizzle;
pub mod tensor;
pub mod tiler;
pub mod trace;
pub mod tuple_algorithms;

pub use coord::Coord;
pub use error::{AlgebraError, Result};
pub use int_tuple::{IntTuple, Tup, TupleBuilder, View};
pub use integer::{Int, Truth};
pub use interrupt::Interrupt;
pub use layout::Layout;
pub use swizzle::{ComposedLayout, Offset, Swizzle};
pub use tiler::{Tiler, TilerBuf, TilerModes};
