//! The function table's group: see [`super::GROUPS`]. The maps between coordinates and indices:
//! `crd2idx` and `idx2crd` (CuTe's `stride.hpp`).

use super::args::check_extents;
use super::{Function, Value, traced};
use crate::algebra::{self, IntTuple, Layout, coord};

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
                    .and_then(|k| int_index_checked(a, &c, &shape, &stride, IntTuple::of_int(k)))
                    .map(Value::IntTuple)
                    .map_err(a.alg());
            }
            match &a.vals[1] {
                Value::Layout(l) => l
                    .eval_index(&c)
                    .and_then(|r| int_index_checked(a, &c, l.shape(), l.stride(), r))
                    .map(Value::IntTuple)
                    .map_err(a.alg()),
                _ => {
                    let shape = a.int_tuple(1)?;
                    let l = Layout::column_major(shape).map_err(a.alg())?;
                    if c.is_int() {
                        return Ok(Value::IntTuple(c));
                    }
                    l.eval_index(&c)
                        .and_then(|r| int_index_checked(a, &c, l.shape(), l.stride(), r))
                        .map(Value::IntTuple)
                        .map_err(a.alg())
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
                coord::idx2crd(&idx, &shape)
            };
            r.map(Value::IntTuple).map_err(a.alg())
        },
        traced: Some(traced::idx2crd)
    ),
];

/// C++'s `crd2idx` whose index `r` is a run-time `int` past `int`'s range: CuTe computes it in
/// `int` (undefined behaviour in C++), the error of the walk in the leaves' types
/// ([`coord::crd2idx_cpp`]) that names the operation; the DSL's `Int32` wraps (its rule: `r`).
fn int_index_checked(
    a: &super::args::Args,
    c: &algebra::Tup,
    shape: &algebra::Tup,
    stride: &algebra::Tup,
    r: IntTuple,
) -> algebra::Result<IntTuple> {
    if a.rule != algebra::composition::Rule::Dsl
        && r.as_int_full().is_some_and(|i| i.is_int_past_range())
    {
        coord::crd2idx_cpp(c, shape, stride)?;
    }
    Ok(r)
}
