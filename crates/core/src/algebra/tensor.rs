//! Tensors over layouts: CuTe's `local_tile` and `local_partition` (tensor_impl.hpp) for a tensor
//! whose elements are their own indices, so a tensor is an offset and a layout
//! (`132 o (4,8):(1,8)`).

use std::fmt;

use super::basis::{Index, index_add};
use super::coord::Coord;
use super::divide::zipped_divide_traced;
use super::error::{Result, condition};
use super::int_tuple::IntTuple;
use super::integer::Int;
use super::layout::Layout;
use super::pointer::Pointer;
use super::swizzle::{ComposedLayout, SwizzledOrPlain};
use super::tiler::Tiler;
use super::trace::{NoTrace, Step, Trace};

/// Where a tensor's elements start: CuTe's counting iterator at an integer (element `i` is the
/// integer `o + L(i)`), or its `ArithmeticTupleIterator` at a coordinate (an identity tensor:
/// element `i` is the coordinate `o + L(i)`, an arithmetic tuple).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A counting iterator: an integer offset of its kind (CuTe's `make_inttuple_iter(5)`,
    /// printed `ArithTuple5`; of `Int<5>{}`, `ArithTuple_5`).
    Count(Int),
    /// An arithmetic-tuple iterator: a coordinate (CuTe prints `ArithTuple(0,0)`).
    Coord(Index),
    /// A typed pointer into memory (`gmem_ptr[16b](0x108)`): element `i` is at `ptr + L(i)`.
    Ptr(Pointer),
    /// CuTe's `counting_iterator<int>{n}` (util/type_traits… iterator.hpp): it holds an `int`,
    /// so element `i` is the run-time integer `n + L(i)` (CuTe prints `counting_iter(n)`).
    Counting(i64),
    /// CuTe's `transform_iter<Fn, Iter>` (pointer_base.hpp), what `lazy::transform(T, fn)`
    /// makes: element `i` is `fn(inner[L(i)])`, which the evaluator computes; it moves as its
    /// inner iterator moves (`operator+` moves `ptr_`) and prints `trans_` and the inner.
    Transform(Box<TransformIter>),
}

/// A transform iterator: the iterator it reads and the function it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformIter {
    /// The iterator read (`ptr_`).
    pub inner: Origin,
    /// The function applied to each element read (`fn_`).
    pub function: ElementFunction,
}

/// The function a transform iterator applies, as the evaluator calls it: one of CuTe's
/// functors (functional.hpp, by name: `negate`) or a lambda (its parameters and its body's
/// text, read at each call where it is called, as a `[&]` lambda sees the names in scope).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElementFunction {
    /// A functor of functional.hpp, by name.
    Functor(String),
    /// A lambda's parameters and body.
    Lambda {
        /// Its parameters' names.
        params: Vec<String>,
        /// Its body's text.
        body: std::sync::Arc<str>,
    },
}

impl Origin {
    /// The iterator advanced by `by` (what the layout maps a coordinate to): CuTe's `data + L(c)`.
    pub fn shift(&self, by: &Index) -> Result<Origin> {
        match self {
            Origin::Count(o) => match (by.as_int_kind(), by.basis()) {
                (Some((v, dynamic)), None) => {
                    Ok(Origin::Count(o.add(Int::of(v, dynamic), "tensor offset")?))
                }
                _ => Err(condition(
                    "tensor offset",
                    format!(
                        "a tensor over integers cannot move by the coordinate {by}: a layout with basis strides needs an identity tensor (make_identity_tensor)"
                    ),
                )),
            },
            Origin::Coord(c) => Ok(Origin::Coord(index_add(c, by)?)),
            // `counting_iterator<T>::operator+`: `n + by`, of T (int)
            Origin::Counting(n) => match (by.as_int(), by.basis()) {
                (Some(v), None) => Ok(Origin::Counting(
                    n.checked_add(v)
                        .filter(|s| i32::try_from(*s).is_ok())
                        .ok_or_else(|| {
                            condition(
                                "tensor offset",
                                format!(
                                    "counting_iter({n}) + {v} overflows its int (CuTe's counting_iterator<int>)"
                                ),
                            )
                        })?,
                )),
                _ => Err(condition(
                    "tensor offset",
                    format!(
                        "a tensor over counting_iter({n}) cannot move by the coordinate {by}: a layout with basis strides needs an identity tensor (make_identity_tensor)"
                    ),
                )),
            },
            Origin::Ptr(p) => match (by.as_int(), by.basis()) {
                (Some(v), None) => Ok(Origin::Ptr(p.advance(v)?)),
                _ => Err(condition(
                    "tensor offset",
                    format!(
                        "a tensor over memory ({p}) cannot move by the coordinate {by}: basis strides belong to identity tensors"
                    ),
                )),
            },
            // `transform_iter::operator+`: `{fn_, ptr_ + i}`
            Origin::Transform(t) => Ok(Origin::Transform(Box::new(TransformIter {
                inner: t.inner.shift(by)?,
                function: t.function.clone(),
            }))),
        }
    }

    /// The iterator a chain of transform iterators reads at last (itself where it is none),
    /// and the functions applied, innermost first.
    pub fn untransformed(&self) -> (&Origin, Vec<&ElementFunction>) {
        let mut functions = Vec::new();
        let mut o = self;
        while let Origin::Transform(t) = o {
            functions.push(&t.function);
            o = &t.inner;
        }
        functions.reverse();
        (o, functions)
    }

    /// The element at layout value `v`: `o + v`.
    pub fn element(&self, v: &Index) -> Result<Index> {
        match self.shift(v)? {
            Origin::Count(o) => Ok(IntTuple::of_int(o)),
            Origin::Counting(n) => Ok(IntTuple::int_of(n, true)),
            Origin::Coord(c) => Ok(c),
            Origin::Ptr(p) => Err(condition(
                "tensor element",
                format!("the element at {p} is in memory, which cute does not hold"),
            )),
            Origin::Transform(t) => Err(condition(
                "tensor element",
                format!(
                    "the element of a tensor over {} is a function's value, which the evaluator computes",
                    Origin::Transform(t)
                ),
            )),
        }
    }

    /// The integer offset of a counting iterator.
    pub fn as_count(&self) -> Option<i64> {
        match self {
            Origin::Count(o) => Some(o.value),
            Origin::Counting(n) => Some(*n),
            Origin::Coord(_) | Origin::Ptr(_) | Origin::Transform(_) => None,
        }
    }
}

impl fmt::Display for Origin {
    /// As CuTe prints the iterator, the static `_` removed: `132`, `ArithTuple(0,0)`,
    /// `ArithTuple0` (CuTe's `ArithTuple_0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Count(o) => write!(f, "{o}"),
            Origin::Counting(n) => write!(f, "counting_iter({n})"),
            Origin::Coord(c) => write!(f, "ArithTuple{c}"),
            Origin::Ptr(p) => write!(f, "{p}"),
            Origin::Transform(t) => write!(f, "trans_{}", t.inner),
        }
    }
}

/// A tensor over a layout: element `i` is `offset + layout(i)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffsetTensor {
    /// Where the elements start.
    pub offset: Origin,
    /// The layout.
    pub layout: Layout,
}

impl OffsetTensor {
    /// A tensor at the static integer offset `offset` over `layout`.
    pub fn new(offset: i64, layout: Layout) -> OffsetTensor {
        OffsetTensor {
            offset: Origin::Count(Int::st(offset)),
            layout,
        }
    }

    /// A tensor at `origin` over `layout`.
    pub fn at(offset: Origin, layout: Layout) -> OffsetTensor {
        OffsetTensor { offset, layout }
    }

    /// A tensor at `origin` over `layout`, checked: a layout with basis strides maps to
    /// coordinates, so its tensor starts at a coordinate (an `ArithTuple`), not an integer.
    pub fn checked(offset: Origin, layout: Layout) -> Result<OffsetTensor> {
        if let (Origin::Count(_) | Origin::Counting(_) | Origin::Ptr(_), true) =
            (offset.untransformed().0, layout.stride().has_basis())
        {
            let o = &offset;
            return Err(condition(
                "make_tensor",
                format!(
                    "a tensor at {o} (integers or memory) cannot have the basis strides of {layout}: its elements would be coordinates (make_identity_tensor, or ArithTuple(0,0) o L)"
                ),
            ));
        }
        Ok(OffsetTensor { offset, layout })
    }

    /// CuTe's `make_identity_tensor(shape)`: the coordinates of `shape`, an arithmetic-tuple
    /// iterator at `repeat_like(shape, 0)` over `make_identity_layout(shape)`.
    pub fn identity(shape: &IntTuple) -> Result<OffsetTensor> {
        Ok(OffsetTensor::at(
            Origin::Coord(shape.repeat_like(0)),
            Layout::identity(shape)?,
        ))
    }

    /// `tensor(coord)` with `_` in it: `make_tensor(data + offset, sliced_layout)`, the offset
    /// `crd2idx(c, L)` (each `_` a static `_0`, each integer of its kind: C++'s `int` a
    /// run-time one) a run-time integer where CuTe's arithmetic makes it one, leaf by leaf of
    /// an `ArithTuple` origin.
    pub fn slice(&self, c: &Coord) -> Result<OffsetTensor> {
        let sliced = self.layout.slice(c)?;
        let off = self.layout.eval_index(&c.zeroed())?;
        Ok(OffsetTensor {
            offset: self.offset.shift(&off)?,
            layout: sliced,
        })
    }
}

/// CuTe's `repeat<N>(_)`: `_` for one, a tuple of `_` otherwise.
fn repeat_under(n: usize) -> Coord {
    if n == 1 {
        Coord::Under
    } else {
        Coord::Tuple(vec![Coord::Under; n])
    }
}

/// CuTe's `append<N>(coord, _)` for a tuple coordinate.
fn append_under(c: &[Coord], n: usize, op: &'static str) -> Result<Coord> {
    if c.len() > n {
        return Err(condition(
            op,
            format!(
                "coordinate {} has {} modes but the tiled mode has only {n}",
                Coord::Tuple(c.to_vec()),
                c.len()
            ),
        ));
    }
    let mut v = c.to_vec();
    v.resize(n, Coord::Under);
    Ok(Coord::Tuple(v))
}

fn rank_of_mode(l: &Layout, i: usize) -> Result<usize> {
    Ok(l.mode(i)?.rank())
}

/// CuTe's `inner_partition(tensor, tiler, coord)`: `zipped_divide`, then slice the rest mode
/// with `coord` keeping the tile: `tiled(repeat<R0>(_), append<R1>(coord, _))`.
pub fn inner_partition(t: &OffsetTensor, tiler: &Tiler, c: &Coord) -> Result<OffsetTensor> {
    partition_traced(t, tiler, c, Keep::Tile, &mut NoTrace)
}

/// CuTe's `outer_partition(tensor, tiler, coord)`: `zipped_divide`, then slice the tile mode
/// with `coord` keeping the rest: `tiled(append<R0>(coord, _), repeat<R1>(_))`.
pub fn outer_partition(t: &OffsetTensor, tiler: &Tiler, c: &Coord) -> Result<OffsetTensor> {
    partition_traced(t, tiler, c, Keep::Rest, &mut NoTrace)
}

/// Which mode of `zipped_divide` a partition keeps (the other is fixed by the coordinate).
#[derive(Clone, Copy)]
enum Keep {
    /// inner_partition / local_tile: the tile at a coordinate of the tiles.
    Tile,
    /// outer_partition / local_partition: the same element of every tile.
    Rest,
}

/// [`inner_partition`] or [`outer_partition`], reporting the divide and the slice to `tr`; each
/// of the coordinate's integers is of its kind (C++'s `int`, a thread index: a run-time one),
/// and the offset of the slice a run-time integer where CuTe's arithmetic makes it one.
fn partition_traced<T: Trace>(
    t: &OffsetTensor,
    tiler: &Tiler,
    c: &Coord,
    keep: Keep,
    tr: &mut T,
) -> Result<OffsetTensor> {
    let (op, kept, fixed) = match keep {
        Keep::Tile => ("local_tile", "tile", "rest"),
        Keep::Rest => ("local_partition", "rest", "tile"),
    };
    tr.step(|| {
        Step::new(
            op,
            "definition",
            format!(
                "zipped_divide(T, {tiler}) = ((tile), (rest)), then keep the {kept} modes and fix the {fixed} modes at {c}"
            ),
        )
    });
    tr.section(|| {
        Step::new(
            op,
            "divide",
            format!("zipped_divide({}, {tiler})", t.layout),
        )
    });
    let z = zipped_divide_traced(&t.layout, tiler, super::composition::Rule::Cpp, tr);
    tr.end();
    let tiled = OffsetTensor::at(t.offset.clone(), z?);
    let coord = partition_coord(&tiled.layout, c, keep, op)?;
    let out = tiled.slice(&coord)?;
    tr.step(|| {
        Step::new(
            op,
            "slice",
            format!(
                "{} at {coord}: the fixed modes give the offset {} + {} = {}, the kept ones the layout {}: {} o {}",
                tiled.layout,
                t.offset,
                tiled
                    .layout
                    .offset_index(&coord)
                    .map(|o| o.to_string())
                    .unwrap_or_default(),
                out.offset,
                out.layout,
                out.offset,
                out.layout
            ),
        )
        .val("layout", &out.layout)
    });
    Ok(out)
}

/// The coordinate that slices `zipped_divide(T, tiler)` (`tiled`) for a partition: `_` in the
/// kept mode, `coord` (padded with `_` to the mode's rank) in the fixed one.
fn partition_coord(tiled: &Layout, c: &Coord, keep: Keep, op: &'static str) -> Result<Coord> {
    let at = |i: usize| rank_of_mode(tiled, i);
    let fix = |n: usize| match c {
        Coord::Tuple(v) => append_under(v, n, op),
        other => Ok(other.clone()),
    };
    Ok(match keep {
        Keep::Tile => Coord::Tuple(vec![repeat_under(at(0)?), fix(at(1)?)?]),
        Keep::Rest => Coord::Tuple(vec![fix(at(0)?)?, repeat_under(at(1)?)]),
    })
}

/// A tensor over a swizzled layout: element `i` is `offset + (Sw o OFF o L)(i)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwizzledTensor {
    /// Where the elements start: a counting iterator's offset, or a pointer.
    pub offset: Origin,
    /// The swizzled layout.
    pub layout: ComposedLayout,
}

/// `inner_partition` (`tile`: `local_tile`) or `outer_partition` of a tensor over a swizzled
/// layout: `zipped_divide` acts on the inner layout (layout_composed.hpp), then the slice is
/// swizzle_layout.hpp's `slice_and_offset`, its offset moving the data.
/// A coordinate of run-time integers (`dynamic`: C++'s `int`, a thread index) keeps the
/// swizzle's decay uncoalesced with run-time strides, as CuTe does
/// ([`slice_and_offset_kind`](super::swizzle::slice_and_offset_kind)).
/// @post for every i of the result `r` at offset `o`: `o + r(i)` is the element of the tensor
/// the same slice of the plain algorithm names
pub fn partition_swizzled(
    t: &SwizzledTensor,
    tiler: &Tiler,
    c: &Coord,
    tile: bool,
) -> Result<(Origin, SwizzledOrPlain)> {
    let (keep, op) = if tile {
        (Keep::Tile, "local_tile")
    } else {
        (Keep::Rest, "outer_partition")
    };
    let z = super::divide::zipped_divide(&t.layout.layout, tiler)?;
    let coord = partition_coord(&z, c, keep, op)?;
    let tiled = ComposedLayout {
        layout: z,
        ..t.layout.clone()
    };
    let (r, off) = super::swizzle::slice_and_offset_kind(&coord, &tiled)?;
    Ok((t.offset.shift(&IntTuple::of_int(off))?, r))
}

/// `inner_partition` (`tile`: `local_tile`) or `outer_partition` of a tensor over a layout
/// composed with a layout (an im2col TMA's coordinate tensor): layout_composed.hpp's
/// `zipped_divide(C, T) = A o O o zipped_divide(B, T)`, then its `slice_and_offset`, which
/// keeps the slice's offset in the layout (`A o (O + B's offset) o slice(c, B)`) and leaves
/// the iterator where it is.
pub fn partition_layout_composed(
    t: &super::layout_composed::LayoutComposed,
    tiler: &Tiler,
    c: &Coord,
    tile: bool,
) -> Result<super::layout_composed::LayoutComposed> {
    let (keep, op) = if tile {
        (Keep::Tile, "local_tile")
    } else {
        (Keep::Rest, "outer_partition")
    };
    let z = t.map_inner(|b| super::divide::zipped_divide(b, tiler))?;
    let coord = partition_coord(z.inner_layout_for(op)?, c, keep, op)?;
    z.slice(&coord)
}

/// `local_partition` of a tensor over a layout composed with a layout:
/// [`partition_layout_composed`] with the tiler and coordinate of thread `idx` of `thr` (as
/// [`local_partition_swizzled`]).
pub fn local_partition_layout_composed(
    t: &super::layout_composed::LayoutComposed,
    thr: &Layout,
    idx: i64,
    dynamic: bool,
) -> Result<super::layout_composed::LayoutComposed> {
    let (tiler, c) = thread_tile_of(thr, idx, dynamic)?;
    partition_layout_composed(t, &tiler, &c, false)
}

/// `local_partition` of a tensor over a swizzled layout: [`partition_swizzled`] with the tiler
/// and coordinate of thread `idx` of `thr` (as [`local_partition`]); `dynamic`: a run-time
/// index (C++'s `int`).
pub fn local_partition_swizzled(
    t: &SwizzledTensor,
    thr: &Layout,
    idx: i64,
    dynamic: bool,
) -> Result<(Origin, SwizzledOrPlain)> {
    let (tiler, c) = thread_tile_of(thr, idx, dynamic)?;
    partition_swizzled(t, &tiler, &c, false)
}

/// `local_tile(tensor, tiler, coord)`: the tile of `tensor` at `coord` of the tiles.
pub fn local_tile(t: &OffsetTensor, tiler: &Tiler, c: &Coord) -> Result<OffsetTensor> {
    inner_partition(t, tiler, c)
}

/// [`local_tile`], reporting its derivation to `tr`.
pub fn local_tile_traced<T: Trace>(
    t: &OffsetTensor,
    tiler: &Tiler,
    c: &Coord,
    tr: &mut T,
) -> Result<OffsetTensor> {
    partition_traced(t, tiler, c, Keep::Tile, tr)
}

/// [`local_partition`] at a run-time thread index where `dynamic` (C++'s `int`); with a
/// projection (tensor_impl.hpp), `thr` is `dice(proj, thr_layout)` and `idx` any index.
pub fn local_partition_kind(
    t: &OffsetTensor,
    thr: &Layout,
    idx: i64,
    dynamic: bool,
) -> Result<OffsetTensor> {
    let (tiler, c) = thread_tile_of(thr, idx, dynamic)?;
    partition_traced(t, &tiler, &c, Keep::Rest, &mut NoTrace)
}

pub use super::layout_ops::get_flat_coord;

/// `local_partition(tensor, thr_layout, thr_idx)`: the elements thread `thr_idx` owns when the
/// threads of `thr_layout` are tiled over `tensor`:
/// `outer_partition(tensor, product_each(shape(thr_layout)), thr_layout.get_flat_coord(idx))`.
pub fn local_partition(t: &OffsetTensor, thr: &Layout, idx: i64) -> Result<OffsetTensor> {
    local_partition_traced(t, thr, idx, &mut NoTrace)
}

/// [`local_partition`], reporting its derivation to `tr`.
pub fn local_partition_traced<T: Trace>(
    t: &OffsetTensor,
    thr: &Layout,
    idx: i64,
    tr: &mut T,
) -> Result<OffsetTensor> {
    const OP: &str = "local_partition";
    let (tiler, c) = thread_tile(thr, idx)?;
    tr.step(|| {
        Step::new(
            OP,
            "thread",
            format!(
                "thread {idx} of {thr}: its coordinate get_flat_coord({idx}) = {c}; the tiler is product_each(shape({thr})) = {tiler}"
            ),
        )
    });
    partition_traced(t, &tiler, &c, Keep::Rest, tr)
}

/// The tiler `product_each(shape(thr))` and the coordinate `thr.get_flat_coord(idx)` of thread
/// `idx` of a thread layout, as `local_partition` uses them (a static index).
fn thread_tile(thr: &Layout, idx: i64) -> Result<(Tiler<'_>, Coord)> {
    thread_tile_of(thr, idx, false)
}

/// [`thread_tile`] of any thread index, past the end or negative too: CuTe's `idx2crd` takes
/// any, `(idx / stride) % shape` per mode with C++'s truncating `/` and `%`. A run-time index (`dynamic`: C++'s `int`) makes each mode's
/// coordinate a run-time integer, but for a mode of static extent 1 (`idx2crd`'s `_0`).
fn thread_tile_of(thr: &Layout, idx: i64, dynamic: bool) -> Result<(Tiler<'_>, Coord)> {
    const OP: &str = "local_partition";
    // a mode of shape 1 is skipped (its coordinate is 0); any other divides by its stride
    if thr
        .shape()
        .leaves()
        .iter()
        .zip(thr.stride().leaves())
        .any(|(&s, d)| d == 0 && s != 1)
    {
        return Err(condition(
            OP,
            format!(
                "thread layout {thr} has a stride-0 mode: get_flat_coord divides by its stride"
            ),
        ));
    }
    let tiler = Tiler::from_shape(&thr.shape().product_each()?);
    let c = Coord::from_int_tuple(&get_flat_coord(thr, idx)?);
    let c = match c {
        Coord::Tuple(v) if dynamic => Coord::Tuple(
            v.into_iter()
                .zip(thr.shape().modes())
                .map(|(ci, s)| ci.or_dynamic(!(s.is_static() && s.product() == Ok(1))))
                .collect(),
        ),
        other => other.or_dynamic(dynamic && !(thr.shape().is_static() && thr.size()? == 1)),
    };
    Ok((tiler, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: IntTuple, d: IntTuple) -> Layout {
        Layout::new(s, d).unwrap()
    }
    fn t2(a: i64, b: i64) -> IntTuple {
        IntTuple::tuple([IntTuple::int(a), IntTuple::int(b)])
    }

    #[test]
    fn seeds_local_tile() {
        let t = OffsetTensor::new(0, l(t2(8, 24), t2(1, 8)));
        let r = local_tile(
            &t,
            &Tiler::from_shape(&t2(4, 8)),
            &Coord::from_int_tuple(&t2(1, 2)),
        )
        .unwrap();
        assert_eq!(r.offset, Origin::Count(Int::st(132)));
        assert_eq!(r.layout.to_string(), "(4,8):(1,8)");
    }

    #[test]
    fn seeds_local_partition() {
        let t = OffsetTensor::new(0, l(t2(8, 24), t2(1, 8)));
        let r = local_partition(&t, &l(t2(2, 4), t2(1, 2)), 3).unwrap();
        assert_eq!(r.offset, Origin::Count(Int::st(9)));
        assert_eq!(r.layout.to_string(), "(4,6):(2,32)");
    }

    #[test]
    fn thread_index_past_the_end_wraps() {
        // CuTe: get_flat_coord(8) of (2,4):(1,2) is (0,0)
        let t = OffsetTensor::new(0, l(t2(8, 24), t2(1, 8)));
        let r = local_partition(&t, &l(t2(2, 4), t2(1, 2)), 8).unwrap();
        assert_eq!(r.offset, Origin::Count(Int::st(0)));
    }
}
