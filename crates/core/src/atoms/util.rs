//! Small layout helpers the atoms need that the algebra does not offer as such: layout literals
//! for the catalogs, `zip`, `upcast`, and the tuple-tiler shorthand CuTe writes as `make_tile`.

use crate::algebra::error::condition;
use crate::algebra::{IntTuple, Layout, Result, Tiler, Tup, arith, composition, coord::Coord};

/// A layout written in CuTe's notation, `((4,8),(2,2)):((32,1),(16,8))`, for the catalogs' facts
/// (the notation's one literal reader, [`Layout`]'s `FromStr`). Panics on a malformed literal:
/// the catalogs are fixed text, covered by the tests.
pub fn lay(text: &str) -> Layout {
    text.parse()
        .unwrap_or_else(|e| panic!("catalog layout literal {text}: {e}"))
}

/// An IntTuple literal, `(4,(2,2))`.
pub fn tuple(text: &str) -> IntTuple {
    text.parse()
        .unwrap_or_else(|e| panic!("catalog IntTuple literal {text}: {e}"))
}

/// CuTe's `make_layout(shape)`: the compact column-major layout (size-1 modes get stride 0).
pub fn col(shape: IntTuple) -> Result<Layout> {
    Layout::column_major(shape)
}

/// `make_layout(n)` for an integer.
pub fn col1(n: i64) -> Result<Layout> {
    Layout::column_major(IntTuple::int(n))
}

/// `composition(L, make_tile(t0, t1, ...))`: by-mode composition (modes past the tiler dropped).
pub fn compose_modes(l: &Layout, tiles: Vec<Tiler>) -> Result<Layout> {
    composition::compose_tiler(l, &Tiler::tuple(tiles))
}

/// CuTe's `zip` of an IntTuple and of a layout (one implementation, with the layout functions).
pub use crate::algebra::layout_ops::zip;

/// CuTe's `upcast<N>(layout)` (one implementation, with the recast functions).
pub use crate::algebra::recast::upcast_layout as upcast;

/// `repeat<n>(_)`: `_` for one mode, a tuple of `_` otherwise.
pub fn repeat_under(n: usize) -> Coord {
    if n == 1 {
        Coord::Under
    } else {
        Coord::Tuple(vec![Coord::Under; n])
    }
}

/// The size of a tiler mode (CuTe's `size(tile)`): an integer, a layout's size, or the product
/// of a tuple's.
pub fn tiler_size(t: &Tiler) -> Result<i64> {
    match t {
        Tiler::Int(n) => Ok(*n),
        Tiler::Layout(l) => l.size(),
        Tiler::Under => Err(condition("tile_size", "'_' has no size")),
        Tiler::Tuple(v) => {
            let mut p = 1i64;
            for e in v {
                p = arith::mul(p, tiler_size(e)?, "tile_size")?;
            }
            Ok(p)
        }
    }
}

/// CuTe's `crd2idx(c, shape)` for the column-major index of a coordinate inside one mode.
pub fn colex_index(c: &Tup, shape: &Tup) -> Result<i64> {
    let l = col(shape.to_owned())?;
    // the compact column-major layout gives size-1 modes stride 0, which is harmless here
    l.eval(c)
}
