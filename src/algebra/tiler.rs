//! Tilers: by-mode tuples of layouts, integers (`n` = `n:1`) and `_`, or a single layout.

use std::borrow::Cow;
use std::fmt;

use super::int_tuple::{IntTuple, Tup, View};
use super::layout::Layout;

/// What CuTe accepts as the second argument of composition, divides and products. A layout
/// in it is borrowed where the caller has it (an argument's value: no copy), or owned.
// layouts are held inline (no allocation for small ones), so the layout variant is the large one
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiler<'a> {
    /// A layout applied to the whole (or to one mode, inside a tuple).
    Layout(Cow<'a, Layout>),
    /// An integer `n`, treated as `n:1`.
    Int(i64),
    /// `_`: keep the mode.
    Under,
    /// By-mode tiler.
    Tuple(Vec<Tiler<'a>>),
}

impl<'a> Tiler<'a> {
    /// A tiler of this layout, owned.
    pub fn layout(l: Layout) -> Tiler<'a> {
        Tiler::Layout(Cow::Owned(l))
    }

    /// The same tiler owning its layouts.
    pub fn into_owned(self) -> Tiler<'static> {
        match self {
            Tiler::Layout(l) => Tiler::Layout(Cow::Owned(l.into_owned())),
            Tiler::Int(n) => Tiler::Int(n),
            Tiler::Under => Tiler::Under,
            Tiler::Tuple(v) => Tiler::Tuple(v.into_iter().map(Tiler::into_owned).collect()),
        }
    }

    /// A tiler of this layout, borrowed.
    pub fn of(l: &'a Layout) -> Tiler<'a> {
        Tiler::Layout(Cow::Borrowed(l))
    }

    /// The by-mode tiler of a shape: `(4,8)` is `<4:1, 8:1>` (nested tuples stay tuples).
    pub fn from_shape(shape: &Tup) -> Tiler<'a> {
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
            Tiler::Layout(l) => Some((**l).clone()),
            Tiler::Int(n) => Layout::column_major(IntTuple::int(*n)).ok(),
            _ => None,
        }
    }
}

impl fmt::Display for Tiler<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Int(n) => write!(f, "{n}"),
            Tiler::Under => f.write_str("_"),
            Tiler::Tuple(v) => super::int_tuple::write_tuple(f, v),
        }
    }
}
