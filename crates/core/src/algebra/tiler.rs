//! Tilers: by-mode tuples of layouts, integers (`n` = `n:1`) and `_`, or a single layout.

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;

use super::int_tuple::{IntTuple, Tup, View};
use super::layout::Layout;

/// What CuTe accepts as the second argument of composition, divides and products. A layout
/// in it is borrowed where the caller has it (an argument's value: no copy), or owned; so are
/// the modes of a by-mode tiler ([`TilerModes`]).
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
    Tuple(TilerModes<'a>),
}

/// The modes of a by-mode tiler: owned, or borrowed from storage the caller holds (a
/// [`TilerBuf`] on its stack, where a tiler read from an argument is made without allocating).
/// Not a `Cow<[Tiler]>`: a `Cow`'s owned form is an associated type, which would make `Tiler`
/// invariant in its lifetime (a tiler borrowed for less could not be passed where one borrowed
/// for longer is taken).
#[derive(Clone, Debug)]
pub enum TilerModes<'a> {
    /// Modes of their own.
    Owned(Vec<Tiler<'a>>),
    /// Modes held by the caller.
    Borrowed(&'a [Tiler<'a>]),
}

/// Storage on the caller's stack for the modes of a tiler made from an argument
/// ([`Tiler::from_shape_in`]): a tiler of more modes owns them.
pub type TilerBuf<'a> = arrayvec::ArrayVec<Tiler<'a>, 4>;

impl<'a> Deref for TilerModes<'a> {
    type Target = [Tiler<'a>];
    fn deref(&self) -> &[Tiler<'a>] {
        match self {
            TilerModes::Owned(v) => v,
            TilerModes::Borrowed(v) => v,
        }
    }
}

impl<'s, 'a> IntoIterator for &'s TilerModes<'a> {
    type Item = &'s Tiler<'a>;
    type IntoIter = std::slice::Iter<'s, Tiler<'a>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for TilerModes<'_> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for TilerModes<'_> {}

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
            Tiler::Tuple(TilerModes::Owned(v)) => {
                Tiler::tuple(v.into_iter().map(Tiler::into_owned).collect())
            }
            Tiler::Tuple(TilerModes::Borrowed(v)) => {
                Tiler::tuple(v.iter().cloned().map(Tiler::into_owned).collect())
            }
        }
    }

    /// CuTe's `is_static<Tiler>`: every layout in it of static integers (an integer and `_` are
    /// static; a dynamic extent is a layout of a dynamic shape, [`Tiler::from_shape`]).
    pub fn is_static(&self) -> bool {
        match self {
            Tiler::Layout(l) => l.is_static(),
            Tiler::Int(_) | Tiler::Under => true,
            Tiler::Tuple(v) => v.iter().all(Tiler::is_static),
        }
    }

    /// The by-mode tiler of these modes.
    pub fn tuple(modes: Vec<Tiler<'a>>) -> Tiler<'a> {
        Tiler::Tuple(TilerModes::Owned(modes))
    }

    /// A tiler of this layout, borrowed.
    pub fn of(l: &'a Layout) -> Tiler<'a> {
        Tiler::Layout(Cow::Borrowed(l))
    }

    /// The by-mode tiler of a shape: `(4,8)` is `<4:1, 8:1>` (nested tuples stay tuples); a
    /// dynamic extent `n` is CuTe's `make_layout(n)`, `n:_1` with `n` dynamic.
    pub fn from_shape(shape: &Tup) -> Tiler<'a> {
        match shape.view() {
            View::Int(n) if shape.is_dynamic() => {
                Layout::new(IntTuple::int_of(n, true), IntTuple::int(1))
                    .map_or(Tiler::Int(n), Tiler::layout)
            }
            View::Int(n) => Tiler::Int(n),
            View::Tuple(v) => Tiler::tuple(v.iter().map(Tiler::from_shape).collect()),
        }
    }

    /// [`Tiler::from_shape`], its top-level modes held in `buf` where they fit (what `buf`
    /// held is dropped).
    pub fn from_shape_in<'b>(shape: &Tup, buf: &'b mut TilerBuf<'a>) -> Tiler<'b>
    where
        'a: 'b,
    {
        buf.clear();
        match shape.view() {
            View::Tuple(v) if v.len() <= buf.remaining_capacity() => {
                buf.extend(v.map(Tiler::from_shape));
                Tiler::Tuple(TilerModes::Borrowed(buf))
            }
            _ => Tiler::from_shape(shape),
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
