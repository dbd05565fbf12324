//! The function table's group: see [`super::GROUPS`]. The maps between coordinates and indices:
//! `crd2idx` and `idx2crd` (CuTe's `stride.hpp`).

use super::args::check_extents;
use super::{Function, Value, traced};
use crate::algebra::{self, IntTuple, Layout, Tup, coord};

/// The kinds of `idx2crd(idx, shape)`'s coordinate as CuTe's: each part split from an integer
/// of `idx` is a run-time integer where that integer or the shape it is split over is one
/// (`idx2crd(16, (_3,(_2,_3)))` is `(1,(1,2))`, `idx2crd(_16{}, …)` is `(_1,(_1,_2))`).
/// Where every leaf of the index, the shape and the coordinate is static (as mostly), each
/// part's kind is static, as it already is: the coordinate is returned as it is (not rebuilt).
fn kinds_of_coordinate(idx: &Tup, shape: &Tup, r: IntTuple) -> IntTuple {
    use crate::algebra::int_tuple::View;
    if idx.is_static() && shape.is_static() && r.is_static() {
        return r;
    }
    match (idx.view(), shape.view(), r.view()) {
        (View::Tuple(i), View::Tuple(s), View::Tuple(c)) if i.len() == c.len() => i
            .iter()
            .zip(s.iter())
            .zip(c.iter())
            .map(|((i, s), c)| kinds_of_coordinate(i, s, c.to_owned()))
            .collect(),
        _ => r.with_kind(idx.is_dynamic() || !shape.is_static()),
    }
}

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "crd2idx",
        "crd2idx(CRD, SHAPE, STRIDE) | crd2idx(CRD, L)",
        "the index of a coordinate",
        "crd2idx((1,2), (4,8), (1,4))",
        2,
        3,
        |a| {
            let c = a.int_tuple(0)?;
            if a.len() == 3 {
                let (shape, stride) = (a.shape(1)?, a.int_tuple(2)?);
                if stride.has_basis() {
                    return coord::crd2idx_traced::<algebra::basis::Index, _>(
                        &c,
                        &shape,
                        &stride,
                        &mut algebra::trace::NoTrace,
                    )
                    .map(Value::IntTuple)
                    .map_err(a.alg());
                }
                // a run-time integer in the coordinate, the shape or the strides may make the
                // index one (CuTe: `crd2idx(16, shape, stride)` is 17, `crd2idx(_16{}, …)` is
                // _17, `crd2idx(2, _8, _0)` is _0)
                return coord::crd2idx_kind(&c, &shape, &stride)
                    .map(|k| Value::IntTuple(IntTuple::of_int(k)))
                    .map_err(a.alg());
            }
            match &a.vals[1] {
                Value::Layout(l) => l.eval_index(&c).map(Value::IntTuple).map_err(a.alg()),
                _ => {
                    let shape = a.int_tuple(1)?;
                    let l = Layout::column_major(shape).map_err(a.alg())?;
                    if c.is_int() {
                        return Ok(Value::IntTuple(c));
                    }
                    l.eval_index(&c).map(Value::IntTuple).map_err(a.alg())
                }
            }
        },
        traced: Some(traced::crd2idx),
        coordinates: true
    ),
    f!(
        "idx2crd",
        "idx2crd(IDX, SHAPE[, STRIDE])",
        "the coordinate of an index (the last mode is not wrapped)",
        "idx2crd(9, (4,8))",
        2,
        3,
        |a| {
            // the tuples borrowed where they are tuples (else `int_tuple` gives its error)
            let arg = |i: usize| match &a.vals[i] {
                Value::IntTuple(t) => Ok(std::borrow::Cow::Borrowed(t)),
                _ => a.int_tuple(i).map(std::borrow::Cow::Owned),
            };
            let idx = arg(0)?;
            // a shape (`Args::shape`): its extents at least 1
            let shape = arg(1)?;
            check_extents(&shape, a.spans[1])?;
            let r = if a.len() == 3 {
                coord::idx2crd_strided(&idx, &shape, &arg(2)?)
            } else {
                coord::idx2crd(&idx, &shape).map(|r| kinds_of_coordinate(&idx, &shape, r))
            };
            r.map(Value::IntTuple).map_err(a.alg())
        },
        traced: Some(traced::idx2crd)
    ),
];
