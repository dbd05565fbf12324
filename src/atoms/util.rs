//! Small layout helpers the atoms need that the algebra does not offer as such: layout literals
//! for the catalogs, `zip`, `upcast`, and the tuple-tiler shorthand CuTe writes as `make_tile`.

use crate::algebra::error::condition;
use crate::algebra::{
    IntTuple, Layout, Result, Tiler, Tup, View, arith, composition, coord::Coord,
};

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
    composition::compose_tiler(l, &Tiler::Tuple(tiles))
}

/// CuTe's `zip` of an IntTuple: `((a,b),(x,y))` becomes `((a,x),(b,y))`; a tuple whose first
/// element is an integer is wrapped; an integer is itself.
pub fn zip_tuple(t: &Tup) -> Result<IntTuple> {
    let View::Tuple(items) = t.view() else {
        return Ok(t.to_owned());
    };
    let Some(View::Tuple(first)) = items.first().map(Tup::view) else {
        return Ok(IntTuple::tuple([t]));
    };
    let r = first.len();
    let mut out: Vec<Vec<&Tup>> = vec![Vec::with_capacity(items.len()); r];
    for it in items {
        match it.view() {
            View::Tuple(v) if v.len() == r => {
                for (j, e) in v.iter().enumerate() {
                    out[j].push(e);
                }
            }
            _ => return Err(condition("zip", format!("mismatched ranks in {t}"))),
        }
    }
    Ok(out.into_iter().map(IntTuple::tuple).collect())
}

/// `zip(layout)`.
pub fn zip(l: &Layout) -> Result<Layout> {
    Layout::new(zip_tuple(l.shape())?, zip_tuple(l.stride())?)
}

/// CuTe's `upcast<N>(layout)` (one implementation, with the shared-memory atoms).
pub use crate::algebra::smem_atoms::upcast;

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
