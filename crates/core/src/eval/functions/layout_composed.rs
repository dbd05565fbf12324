//! The functions of a layout composed with a layout, `A o O o B` (CuTe's
//! `ComposedLayout<Layout, O, Layout>`, algebra/layout_composed.rs), and of a tensor over one
//! (an im2col TMA's coordinate tensor). layout_composed.hpp answers through `B`: `size`,
//! `rank`, `depth`, `shape` read `B` (with their mode indices); `slice(c, C)` and
//! `domain_offset(c, C)` keep `A` and move the offset (`O + B's offset`, `O + B(c)`);
//! `composition(C, T)` composes `B`. The rest is refused naming the value.

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
        _ => Err(EvalError::new(
            format!(
                "{} of {} (CuTe's ComposedLayout<Layout, O, Layout>, printed A o O o B) is not modelled: cute answers its size, rank, depth, shape, evaluation, slices, domain_offset and composition with a tiler",
                f.name,
                vals[i].kind()
            ),
            arg_span,
        )),
    }
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
