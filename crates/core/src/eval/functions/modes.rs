//! The function table's group: see [`super::GROUPS`]. A layout's modes rearranged, extended or
//! sliced: `flatten`, `group`, `select`, `take`, `append`, `prepend`, `slice_and_offset`
//! (CuTe's `layout.hpp`).

use super::{ANY, Args, EvalError, Function, OnComposed, OnTensor, TemplateArgs, Value};
use super::{layouts, swizzled, swizzled_value};
use crate::algebra::{self, Layout};
use crate::eval::convert::to_coord;

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "flatten",
        "flatten(L)",
        "the layout with all nesting removed",
        "flatten((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::IntTuple(t) => Ok(Value::IntTuple(t.flatten())),
                _ => Ok(Value::Layout(a.layout(0)?.flatten())),
            }
        },
        tensor: OnTensor::Keep,
        composed: OnComposed::Rewrap(0),
        coordinates: true
    ),
    f!(
        "group",
        "group(L, b, e)",
        "modes [b, e) gathered into one mode",
        "group((2,3,4):(1,2,6), 0, 2)",
        3,
        3,
        |a| {
            // `group<B,E>(t)` of a tuple (tuple_algorithms.hpp): modes [B, E) as one mode, a
            // tuple (nothing inserted where B == E)
            if let Value::IntTuple(t) = &a.vals[0]
                && !t.is_int()
            {
                let (b, e) = (a.index(1)?, a.index(2)?);
                let modes = t.modes().to_vec();
                if b > e || e > modes.len() {
                    return Err(EvalError::new(
                        format!(
                            "group<{b},{e}> of a tuple of rank {}: CuTe static_asserts B <= E <= rank",
                            modes.len()
                        ),
                        a.span,
                    ));
                }
                let mut out: Vec<crate::algebra::IntTuple> = modes[..b].to_vec();
                if b < e {
                    out.push(modes[b..e].iter().cloned().collect());
                }
                out.extend(modes[e..].iter().cloned());
                return Ok(Value::IntTuple(out.into_iter().collect()));
            }
            a.layout(0)?
                .group(a.index(1)?, a.index(2)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        tensor: OnTensor::Keep,
        composed: OnComposed::Rewrap(0),
        coordinates: true,
        // CuTe's group_modes<B,E>(t) / group<B,E>(t)
        template: TemplateArgs::After
    ),
    f!(
        "select",
        "select(L, i, ...)",
        "the chosen modes, in order",
        "select((2,3,4):(1,2,6), 2, 0)",
        2,
        ANY,
        |a| {
            if let Some(r) = swizzled::composed_tuple(a, "select") {
                return r;
            }
            let idx = (1..a.len())
                .map(|i| a.index(i))
                .collect::<Result<Vec<_>, _>>()?;
            // `select<0,2>(shape_MNK)`: a tuple's modes, a tuple (cute/algorithm/tuple_algorithms.hpp)
            if let Value::IntTuple(t) = &a.vals[0]
                && !t.is_int()
            {
                return tuple_modes(a, t, &idx);
            }
            // `select<1,2,3>(make_coord(m, n, k, _))`: a coordinate with `_`, its items
            if let Value::Tuple(items) = &a.vals[0] {
                return idx
                    .iter()
                    .map(|&i| {
                        items.get(i).cloned().ok_or_else(|| {
                            EvalError::new(
                                format!("mode {i} of a tuple of rank {}", items.len()),
                                a.spans[0],
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map(Value::Tuple);
            }
            a.layout(0)?
                .select(&idx)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        coordinates: true
    ),
    f!(
        "take",
        "take(L, b, e)",
        "modes [b, e)",
        "take((2,3,4):(1,2,6), 1, 3)",
        3,
        3,
        |a| {
            // `take<0,2>(shape)`: modes [b, e) of a tuple, a tuple
            if let Value::IntTuple(t) = &a.vals[0]
                && !t.is_int()
            {
                let (b, e) = (a.index(1)?, a.index(2)?);
                return tuple_modes(a, t, &(b..e.max(b)).collect::<Vec<_>>());
            }
            a.layout(0)?
                .take(a.index(1)?, a.index(2)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        tensor: OnTensor::Keep,
        composed: OnComposed::Rewrap(0),
        coordinates: true
    ),
    f!(
        "append",
        "append(L[, ELEM][, UP_TO_RANK])",
        "L with the mode ELEM (default 1:0) added at the end; with UP_TO_RANK (C++: append<N>(L, X)), padded with ELEM to that rank",
        "append((4,8):(1,4), 2:32)",
        1,
        3,
        |a| {
            if let Some(r) = swizzled::composed_tuple(a, "append") {
                return r;
            }
            pend(a, false)
        },
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "prepend",
        "prepend(L[, ELEM][, UP_TO_RANK])",
        "L with the mode ELEM (default 1:0) added at the front; with UP_TO_RANK (C++: prepend<N>(L, X)), padded with ELEM to that rank",
        "prepend((4,8):(1,4), 2:32)",
        1,
        3,
        |a| {
            if let Some(r) = swizzled::composed_tuple(a, "prepend") {
                return r;
            }
            pend(a, true)
        },
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "slice_and_offset",
        "slice_and_offset(CRD, L)",
        "the slice of L at CRD and the offset of CRD",
        "slice_and_offset((1,_), (4,8):(1,4))",
        2,
        2,
        |a| {
            let c = to_coord(&a.vals[0], a.spans[0])?;
            if let Value::Composed(comp) = &a.vals[1] {
                let (r, off) = algebra::swizzle::slice_and_offset_kind(&c, comp)
                    .map_err(a.alg())?;
                return Ok(Value::Tuple(vec![
                    swizzled_value(r)?,
                    Value::IntTuple(algebra::IntTuple::int_of(off.value, off.dynamic)),
                ]));
            }
            let l = a.layout(1)?;
            let sl = l.slice(&c).map_err(a.alg())?;
            // crd2idx(c, L), each `_` a static _0 and each integer of its kind
            let off = l.eval_index(&c.zeroed()).map_err(a.alg())?;
            Ok(Value::Tuple(vec![Value::Layout(sl), Value::IntTuple(off)]))
        },
        coordinates: true
    ),
];

/// `append`/`prepend` (`front`) of a layout: `(L)`, `(L, X)`, `(L, X, N)`, or `(L, N)` when N is
/// the C++ template argument of `append<N>(L)` (its span is the name's, before the arguments).
/// The tuple of `t`'s modes `idx`, in order (CuTe's `select<I...>(t)`: `make_tuple(get<I>(t)...)`).
fn tuple_modes(a: &Args, t: &crate::algebra::IntTuple, idx: &[usize]) -> Result<Value, EvalError> {
    let modes = t.modes().to_vec();
    idx.iter()
        .map(|&i| {
            modes.get(i).cloned().ok_or_else(|| {
                EvalError::new(
                    format!("mode {i} of a tuple of rank {}", modes.len()),
                    a.spans[0],
                )
            })
        })
        .collect::<Result<crate::algebra::IntTuple, _>>()
        .map(Value::IntTuple)
}

pub(super) fn pend(a: &Args, front: bool) -> Result<Value, EvalError> {
    let templated_n = a.len() == 2
        && a.spans[1].end <= a.spans[0].start
        && matches!(&a.vals[1], Value::IntTuple(t) if t.is_int());
    // `append(t, x)`, `prepend(t, x)` of a tuple and a value that is no layout
    // (tuple_algorithms.hpp): a tuple, x a mode of its own; `append<N>(t, x)`,
    // `prepend<N>(t, x)`: x as many times as brings t to rank N (a non-tuple t is `(t)`)
    if (a.len() == 2 && !templated_n || a.len() == 3)
        && let Value::IntTuple(t) = &a.vals[0]
        && let Value::IntTuple(x) = &a.vals[1]
    {
        let rank = if t.is_int() { 1 } else { t.rank() };
        let n = if a.len() == 3 { a.index(2)? } else { rank + 1 };
        return crate::algebra::tuple_algorithms::pad_to_rank(t, x, n, front)
            .map(Value::IntTuple)
            .map_err(a.alg());
    }
    let (x, n) = match a.len() {
        1 => (Layout::trivial(), None),
        2 if templated_n => (Layout::trivial(), Some(a.index(1)?)),
        2 => (a.layout(1)?, None),
        _ => (a.layout(1)?, Some(a.index(2)?)),
    };
    let l = a.layout(0)?;
    match n {
        Some(n) => layouts::pad_to_rank(a, &l, &x, n, front),
        None if front => Ok(Value::Layout(l.prepend(&x))),
        None => Ok(Value::Layout(l.append(&x))),
    }
}
