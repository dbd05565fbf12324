//! The function table's group: see [`super::GROUPS`]. A tensor's tile and a thread's share of it:
//! `local_tile` and `local_partition` (CuTe's `tensor_impl.hpp`), with `dice`, the projection
//! they apply to their tiler and coordinate.

use super::{EvalError, Function, Value, traced};
use crate::algebra::{self, TilerBuf};
use crate::eval::convert::{tensor_of, to_coord, to_layout, to_tiler};
use crate::parser::Span;

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "local_tile",
        "local_tile(L, TILER, COORD[, PROJ])",
        "the tile at COORD of the tensor over L (elements are their indices): OFFSET o LAYOUT; \
         modes marked X in PROJ (Step<_1,X,_1>) are dropped from TILER and COORD",
        "local_tile((8,24):(1,8), (4,8), (1,2))",
        3,
        4,
        |a| {
            use algebra::tensor as ts;

            let (tiler, coord) = match a.vals.get(3) {
                Some(proj) => (
                    dice(proj, a.spans[3], &a.vals[1], a.spans[1])?,
                    dice(proj, a.spans[3], &a.vals[2], a.spans[2])?,
                ),
                None => (a.vals[1].clone(), a.vals[2].clone()),
            };
            let c = to_coord(&coord, a.spans[2])?;
            let mut buf = TilerBuf::new();
            if let Some(st) = crate::eval::convert::swizzled_tensor_of(&a.vals[0]) {
                let tl = to_tiler(&tiler, a.spans[1], &mut buf)?;
                let (off, r) = ts::partition_swizzled(&st, &tl, &c, true).map_err(a.alg())?;
                return crate::eval::tensor_value(off, r);
            }
            let t = tensor_of(&a.vals[0], a.spans[0])?;
            let r = ts::local_tile(&t, &to_tiler(&tiler, a.spans[1], &mut buf)?, &c)
                .map_err(a.alg())?;
            Ok(Value::tensor(r))
        },
        traced: Some(traced::local_tile),
        coordinates: true
    ),
    f!(
        "local_partition",
        "local_partition(L, THR_LAYOUT, THR_IDX[, PROJ])",
        "the elements thread THR_IDX of THR_LAYOUT owns in the tensor over L: OFFSET o LAYOUT; \
         modes marked X in PROJ are dropped from THR_LAYOUT",
        "local_partition((16,8):(1,16), (4,2):(2,1), 5)",
        3,
        4,
        |a| {
            use algebra::tensor as ts;

            let idx = a.index(2)? as i64;
            let thr = match a.vals.get(3) {
                Some(proj) => {
                    to_layout(&dice(proj, a.spans[3], &a.vals[1], a.spans[1])?, a.spans[1])?
                }
                None => a.layout(1)?,
            };
            if let Some(st) = crate::eval::convert::swizzled_tensor_of(&a.vals[0]) {
                let (off, r) = ts::local_partition_swizzled(&st, &thr, idx).map_err(a.alg())?;
                return crate::eval::tensor_value(off, r);
            }
            let t = tensor_of(&a.vals[0], a.spans[0])?;
            let r = ts::local_partition(&t, &thr, idx).map_err(a.alg())?;
            Ok(Value::tensor(r))
        },
        traced: Some(traced::local_partition),
        coordinates: true
    ),
];

/// A projection's keep flags as a coordinate of dice: `_` where a mode is dropped.
fn projection(keep: &[bool]) -> algebra::Coord {
    algebra::Coord::Tuple(
        keep.iter()
            .map(|&k| {
                if k {
                    algebra::Coord::Int(0)
                } else {
                    algebra::Coord::Under
                }
            })
            .collect(),
    )
}

/// CuTe's `dice(proj, x)`: the modes of `x` whose entry in the projection `proj` is not `X`
/// (`_`), as `local_tile(T, tiler, coord, Step<_1,X,_1>{})` applies it to its tiler and coordinate.
fn dice(proj: &Value, pspan: Span, x: &Value, xspan: Span) -> Result<Value, EvalError> {
    let keep: Vec<bool> = match proj {
        Value::Tuple(items) => items.iter().map(|v| !matches!(v, Value::Under)).collect(),
        Value::IntTuple(t) if !t.is_int() => vec![true; t.rank()],
        other => {
            return Err(EvalError::new(
                format!(
                    "a projection is a tuple of steps, X marking a mode to drop (Step<_1,X,_1>), not {}",
                    other.kind()
                ),
                pspan,
            ));
        }
    };
    let rank_error = |r: usize| {
        EvalError::new(
            format!(
                "the projection has rank {} but this argument has rank {r} (CuTe: dice needs congruent ranks)",
                keep.len()
            ),
            xspan,
        )
    };
    let kept = |n: usize| -> Result<Vec<usize>, EvalError> {
        if n != keep.len() {
            return Err(rank_error(n));
        }
        Ok((0..n).filter(|&i| keep[i]).collect())
    };
    Ok(match x {
        Value::Tuple(items) => Value::tuple(
            kept(items.len())?
                .into_iter()
                .map(|i| items[i].clone())
                .collect(),
        ),
        // the projection as dice's coordinate: `_` drops a mode, 0 keeps it (one algorithm
        // with `dice(CRD, L)`)
        Value::IntTuple(t) if !t.is_int() => {
            kept(t.rank())?;
            Value::IntTuple(
                algebra::layout_ops::dice_tuple(&projection(&keep), t)
                    .map_err(|e| EvalError::algebra(e, xspan))?,
            )
        }
        Value::Layout(l) => {
            kept(l.rank())?;
            Value::Layout(
                algebra::layout_ops::dice(&projection(&keep), l)
                    .map_err(|e| EvalError::algebra(e, xspan))?,
            )
        }
        other => return Err(rank_error(if other.as_int().is_some() { 1 } else { 0 })),
    })
}
