//! The function table's group: see [`super::GROUPS`]. A tensor's tile and a thread's share of it:
//! `local_tile` and `local_partition` (CuTe's `tensor_impl.hpp`), with `dice`, the projection
//! they apply to their tiler and coordinate.

use super::{Args, EvalError, Function, Value, traced};
use crate::algebra::trace::{Laws, Trace};
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
        local_tile_value,
        lawful: Some(local_tile_lawful),
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
        |a| local_partition_value(a, false),
        dsl: Some(super::Dsl {
            signature: None,
            // the DSL's local_partition folds the thread's coordinate at trace time: its
            // origin's coordinates are static for a `cutlass.Int32` index (dsl-oracle:
            // `tensor<(3,0) o (4,4):(4@0,8@1)>`)
            handler: |a| local_partition_value(a, true),
        }),
        traced: Some(traced::local_partition),
        coordinates: true
    ),
];

/// `local_partition(T, thr_layout, thr_idx[, proj])`; `dsl`: the DSL's, whose thread
/// coordinate is a static one.
fn local_partition_value(a: &Args, dsl: bool) -> Result<Value, EvalError> {
    use algebra::tensor as ts;

    // a Python int index: the DSL raises (dsl-oracle: AttributeError, no `ir_value`), cute
    // answers as for a `cutlass.Int32` (an extension, README: where the DSL refuses)
    // any thread index, past the end or negative too (CuTe's idx2crd takes any; the DSL's
    // wraps every mode, its last too)
    let idx = crate::eval::convert::to_int(&a.vals[2], a.spans[2])?;
    // with a projection, the thread layout is `dice(proj, thr_layout)` (tensor_impl.hpp)
    let thr = match a.vals.get(3) {
        Some(proj) => to_layout(&dice(proj, a.spans[3], &a.vals[1], a.spans[1])?, a.spans[1])?,
        None => a.layout(1)?,
    };
    if let Some(st) = crate::eval::convert::swizzled_tensor_of(&a.vals[0]) {
        // a run-time thread index (C++'s `int`) keeps the swizzle's decay, as CuTe's
        // slice_and_offset does: `(_2,_2):(144,288)`, not `_4:_144`
        let dynamic = !dsl && crate::eval::convert::has_dynamic_int(&a.vals[2]);
        let (off, r) = ts::local_partition_swizzled(&st, &thr, idx, dynamic).map_err(a.alg())?;
        return crate::eval::tensor_value(off, r);
    }
    let t = tensor_of(&a.vals[0], a.spans[0])?;
    // a run-time thread index makes the offset a run-time integer
    let dynamic = !dsl && crate::eval::convert::has_dynamic_int(&a.vals[2]);
    let r = ts::local_partition_kind(&t, &thr, idx, dynamic).map_err(a.alg())?;
    Ok(Value::tensor(r))
}

/// `local_tile(T, tiler, coord[, proj])`: the tile's tensor, as CuTe computes it.
fn local_tile_value(a: &Args) -> Result<Value, EvalError> {
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
    // each of the coordinate's integers of its kind (C++'s `int` a run-time one)
    let r = ts::local_tile(&t, &to_tiler(&tiler, a.spans[1], &mut buf)?, &c).map_err(a.alg())?;
    Ok(Value::tensor(r))
}

/// `local_tile` as the function the user called: CuTe's answer, and where the divide inside it
/// broke its law in the part that reaches the answer, that law (an intermediate step whose
/// broken part is not the tile warns of nothing, SPEC §3).
///
/// For a tensor `T` at offset `o` over modes `A_m`, a tiler of integers `t_m` and a coordinate
/// of integers `c_m` (one each per mode of T), the tile is, mode by mode (T is the sum of its
/// modes), `A_m(i + c_m·t_m)` for `i < t_m`: the answer `o' + Σ R_m(i_m)` is right exactly when
/// `o' == o + Σ A_m(c_m·t_m)` and `R_m(i) == A_m(i + c_m·t_m) - A_m(c_m·t_m)` for each mode.
/// Other tilers and coordinates are not checked.
fn local_tile_lawful(
    a: &Args,
    laws: &mut Laws,
    _plain: super::Handler,
) -> Result<Value, EvalError> {
    let v = local_tile_value(a);
    if let Ok(Value::OffsetLayout(algebra::tensor::Origin::Count(got_off), r)) = &v
        && let Some(law) = local_tile_law(a, got_off.value, r)?
    {
        laws.law(algebra::AlgebraError::LawViolated {
            op: "local_tile",
            law,
        });
    }
    v
}

/// The broken law of [`local_tile_lawful`], in words (`None`: it holds, or is not checked).
fn local_tile_law(
    a: &Args,
    got_off: i64,
    r: &algebra::Layout,
) -> Result<Option<String>, EvalError> {
    use algebra::tensor::Origin;
    let (tiler, coord) = match a.vals.get(3) {
        Some(proj) => (
            dice(proj, a.spans[3], &a.vals[1], a.spans[1])?,
            dice(proj, a.spans[3], &a.vals[2], a.spans[2])?,
        ),
        None => (a.vals[1].clone(), a.vals[2].clone()),
    };
    let ints = |v: &Value| -> Option<Vec<i64>> {
        match v {
            Value::IntTuple(t) if !t.is_int() && t.depth() == 1 => {
                t.modes().map(|m| m.as_int()).collect()
            }
            _ => None,
        }
    };
    let (Some(tiles), Some(c)) = (ints(&tiler), ints(&coord)) else {
        return Ok(None);
    };
    let Ok(t) = tensor_of(&a.vals[0], a.spans[0]) else {
        return Ok(None);
    };
    let Origin::Count(off) = t.offset else {
        return Ok(None);
    };
    let off = off.value;
    let rank = t.layout.rank();
    if tiles.len() != rank || c.len() != rank || r.rank() != rank {
        return Ok(None);
    }
    let alg = a.alg();
    let modes = t.layout.modes();
    // the tile's first element in each mode, and in the tensor
    let mut starts = Vec::with_capacity(rank);
    for m in 0..rank {
        let Some(x) = c[m].checked_mul(tiles[m]) else {
            return Ok(None);
        };
        starts.push(modes[m].at(x).map_err(&alg)?);
    }
    let mut want_off = off;
    for s in &starts {
        let Some(w) = want_off.checked_add(*s) else {
            return Ok(None);
        };
        want_off = w;
    }
    if want_off != got_off {
        return Ok(Some(format!(
            "CuTe's tile {got_off} o {r} is not tile {coord} of the tensor: its first element is {got_off}, but the tensor's is {want_off}",
            coord = render_ints(&c)
        )));
    }
    for m in 0..rank {
        let rm = r.mode(m).map_err(&alg)?;
        if rm.size().map_err(&alg)? != tiles[m] {
            return Ok(None);
        }
        for i in algebra::laws::check_points(tiles[m]) {
            let got = rm.at(i).map_err(&alg)?;
            let Some(x) = c[m].checked_mul(tiles[m]).and_then(|x| x.checked_add(i)) else {
                return Ok(None);
            };
            let Some(want) = modes[m].at(x).map_err(&alg)?.checked_sub(starts[m]) else {
                return Ok(None);
            };
            if got != want {
                let (g, w) = (got_off.saturating_add(got), want_off.saturating_add(want));
                return Ok(Some(format!(
                    "CuTe's tile {got_off} o {r} is not tile {coord} of the tensor (the divide inside breaks its law there): at index {i} of mode {m}, the tile gives {g} but the tensor's element is {w}",
                    coord = render_ints(&c)
                )));
            }
        }
    }
    Ok(None)
}

/// `(1,2)`.
fn render_ints(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("({})", items.join(","))
}

/// A projection's keep flags as a coordinate of dice: `_` where a mode is dropped.
fn projection(keep: &[bool]) -> algebra::Coord {
    algebra::Coord::Tuple(
        keep.iter()
            .map(|&k| {
                if k {
                    algebra::Coord::int(0)
                } else {
                    algebra::Coord::Under
                }
            })
            .collect(),
    )
}

/// CuTe's `dice(proj, x)`: the modes of `x` whose entry in the projection `proj` is not `X`
/// (`_`), as `local_tile(T, tiler, coord, Step<_1,X,_1>{})` applies it to its tiler and coordinate.
pub(super) fn dice(proj: &Value, pspan: Span, x: &Value, xspan: Span) -> Result<Value, EvalError> {
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
        // a bare name reaches here unbound (`local_tile(cA, cta_tiler, …)` pasted without its
        // kernel): the undefined variable, not its rank
        Value::Name(n) => {
            return Err(EvalError::new(format!("undefined variable '{n}'"), xspan));
        }
        other => return Err(rank_error(if other.as_int().is_some() { 1 } else { 0 })),
    })
}
