//! Tilers: by-mode tuples of layouts, integers (`n` = `n:1`) and `_`, or a single layout.

use std::fmt;

use super::int_tuple::{IntTuple, Tup, View};
use super::layout::Layout;

/// What CuTe accepts as the second argument of composition, divides and products.
// layouts are held inline (no allocation for small ones), so the layout variant is the large one
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiler {
    /// A layout applied to the whole (or to one mode, inside a tuple).
    Layout(Layout),
    /// An integer `n`, treated as `n:1`.
    Int(i64),
    /// `_`: keep the mode.
    Under,
    /// By-mode tiler.
    Tuple(Vec<Tiler>),
}

impl Tiler {
    /// The by-mode tiler of a shape: `(4,8)` is `<4:1, 8:1>` (nested tuples stay tuples).
    pub fn from_shape(shape: &Tup) -> Tiler {
        match shape.view() {
            View::Int(n) => Tiler::Int(n),
            View::Tuple(v) => Tiler::Tuple(v.iter().map(Tiler::from_shape).collect()),
        }
    }

    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Tuple(v) => v.len(),
            Tiler::Layout(l) => l.rank(),
            _ => 1,
        }
    }

    /// The shape a tiler gives a tile (`shape(B)` of each mode), used by `tile_unzip`.
    pub fn to_layout(&self) -> Option<Layout> {
        match self {
            Tiler::Layout(l) => Some(l.clone()),
            Tiler::Int(n) => Layout::column_major(IntTuple::int(*n)).ok(),
            _ => None,
        }
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Int(n) => write!(f, "{n}"),
            Tiler::Under => f.write_str("_"),
            Tiler::Tuple(v) => super::int_tuple::write_tuple(f, v),
        }
    }
}
