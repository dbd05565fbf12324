//! The functions of a layout composed with a layout, `A o O o B` (CuTe's
//! `ComposedLayout<Layout, O, Layout>`, algebra/layout_composed.rs), and of a tensor over one
//! (an im2col TMA's coordinate tensor). layout_composed.hpp answers through `B`: `size`,
//! `rank`, `depth`, `shape` read `B` (with their mode indices); `slice(c, C)` and
//! `domain_offset(c, C)` keep `A` and move the offset (`O + B's offset`, `O + B(c)`);
//! `composition(C, T)`, the divides and products with a tiler compose or divide `B`, and so
//! `local_tile` and `local_partition` (a divide, then a slice). The rest is refused naming the
//! value.

use super::{EvalError, Function, Laws, Span, Value};
use crate::algebra::layout_composed::ComposedTensor;

/// `f` of a call whose argument `i` is a layout composed with a layout (or a tensor over one).
pub(super) fn call(
    f: &Function,
    vals: &[Value],
    i: usize,
    spans: &[Span],
    span: Span,
    laws: Option<&mut Laws>,
) -> Result<Value, EvalError> {
    let Value::LayoutComposed(t) = &vals[i] else {
        unreachable!("the caller found one at {i}")
    };
    let arg_span = spans.get(i).copied().unwrap_or(span);
    let with_inner = || {
        let mut inner = vals.to_vec();
        inner[i] = Value::Layout(t.layout.inner.clone());
        inner
    };
    match f.name {
        "size" | "rank" | "depth" | "shape" => {
            super::call_checking(f, &with_inner(), spans, span, laws)
        }
        "slice" if i == 1 && vals.len() == 2 => {
            let c = crate::eval::convert::to_coord(&vals[0], spans[0])?;
            slice(t, &c, arg_span)
        }
        "domain_offset" if i == 1 && vals.len() == 2 => {
            let c = crate::eval::convert::to_coord(&vals[0], spans[0])?;
            let Some(ct) = c.to_int_tuple() else {
                return Err(EvalError::new(
                    "domain_offset takes a coordinate without '_'",
                    spans[0],
                ));
            };
            let at = t
                .layout
                .inner
                .eval_index(&ct)
                .and_then(|b| crate::algebra::basis::index_add(&t.layout.offset, &b))
                .map_err(|e| EvalError::algebra(e, span))?;
            let mut r = (**t).clone();
            r.layout.offset = at;
            // (ComposedLayout{A, O + B(c), B}, _0)
            Ok(Value::Tuple(vec![
                Value::LayoutComposed(Box::new(r)),
                Value::IntTuple(crate::algebra::IntTuple::int(0)),
            ]))
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product"
            if i == 0 && vals.len() == 2 =>
        {
            use crate::algebra::divide as d;
            let mut buf = crate::algebra::TilerBuf::new();
            let tiler = crate::eval::convert::to_tiler(&vals[1], spans[1], &mut buf)?;
            let op: fn(
                &crate::algebra::Layout,
                &crate::algebra::Tiler,
            ) -> crate::algebra::Result<_> = match f.name {
                "logical_divide" => d::logical_divide,
                "zipped_divide" => d::zipped_divide,
                "tiled_divide" => d::tiled_divide,
                "flat_divide" => d::flat_divide,
                "logical_product" => d::logical_product,
                "zipped_product" => d::zipped_product,
                "tiled_product" => d::tiled_product,
                _ => d::flat_product,
            };
            let layout = t
                .layout
                .map_inner(|b| op(b, &tiler))
                .map_err(|e| EvalError::algebra(e, span))?;
            Ok(with_layout(t, layout))
        }
        // local_tile(T, TILER, COORD[, PROJ]): inner_partition through the inner layout
        "local_tile" if i == 0 => {
            let (tiler, coord) = match vals.get(3) {
                Some(proj) => (
                    super::tiling::dice(proj, spans[3], &vals[1], spans[1])?,
                    super::tiling::dice(proj, spans[3], &vals[2], spans[2])?,
                ),
                None => (vals[1].clone(), vals[2].clone()),
            };
            let c = crate::eval::convert::to_coord(&coord, spans[2])?;
            let mut buf = crate::algebra::TilerBuf::new();
            let tl = crate::eval::convert::to_tiler(&tiler, spans[1], &mut buf)?;
            let layout =
                crate::algebra::tensor::partition_layout_composed(&t.layout, &tl, &c, true)
                    .map_err(|e| EvalError::algebra(e, span))?;
            Ok(with_layout(t, layout))
        }
        // local_partition(T, THR_LAYOUT, THR_IDX[, PROJ]): outer_partition at the thread's
        // coordinate (a run-time index, C++'s `int`, a run-time coordinate)
        "local_partition" if i == 0 => {
            let idx = crate::eval::convert::to_int(&vals[2], spans[2])?;
            let (thr, threads) = match vals.get(3) {
                Some(proj) => (
                    crate::eval::convert::to_layout(
                        &super::tiling::dice(proj, spans[3], &vals[1], spans[1])?,
                        spans[1],
                    )?,
                    Some(
                        crate::eval::convert::to_layout(&vals[1], spans[1])?
                            .size()
                            .map_err(|e| EvalError::algebra(e, spans[1]))?,
                    ),
                ),
                None => (crate::eval::convert::to_layout(&vals[1], spans[1])?, None),
            };
            let dynamic = crate::eval::convert::has_dynamic_int(&vals[2]);
            let layout = crate::algebra::tensor::local_partition_layout_composed(
                &t.layout, &thr, idx, threads, dynamic,
            )
            .map_err(|e| EvalError::algebra(e, span))?;
            Ok(with_layout(t, layout))
        }
        _ => Err(EvalError::new(
            format!(
                "{} of {} (CuTe's ComposedLayout<Layout, O, Layout>, printed A o O o B) is not modelled: cute answers its size, rank, depth, shape, evaluation, slices, domain_offset, composition with a tiler, the divides and products with a tiler, local_tile and local_partition",
                f.name,
                vals[i].kind()
            ),
            arg_span,
        )),
    }
}

/// The tensor (or layout) `t` over another layout composed with a layout, its iterator kept.
fn with_layout(
    t: &ComposedTensor,
    layout: crate::algebra::layout_composed::LayoutComposed,
) -> Value {
    Value::LayoutComposed(Box::new(ComposedTensor {
        origin: t.origin.clone(),
        layout,
    }))
}

/// `slice(c, C)`, also `T(c)` with `_` in `c`: CuTe's `slice_and_offset`, the offset kept in
/// the layout (`A o (O + B's offset) o slice(c, B)`) and the iterator left where it is.
pub(crate) fn slice(
    t: &ComposedTensor,
    c: &crate::algebra::Coord,
    span: Span,
) -> Result<Value, EvalError> {
    let layout = t.layout.slice(c).map_err(|e| EvalError::algebra(e, span))?;
    Ok(Value::LayoutComposed(Box::new(ComposedTensor {
        origin: t.origin.clone(),
        layout,
    })))
}
