//! Conversions of values to what an operation expects, with errors pointing at the argument.

use super::constant::{is_typed, lowered};
use std::borrow::Cow;

use super::{EvalError, Value};
use crate::algebra::{Coord, IntTuple, Layout, Tiler, TilerBuf, TilerModes};
use crate::parser::Span;

/// The error for a value of the wrong kind: a bare name is an undefined variable.
fn wrong_kind(v: &Value, expected: &str, span: Span) -> EvalError {
    match v {
        Value::Name(n) => EvalError::new(super::undefined_variable(n), span),
        other => EvalError::new(format!("expected {expected}, found {}", other.kind()), span),
    }
}

/// Where a layout is expected: a layout, or a shape (its LayoutLeft layout).
pub fn to_layout(v: &Value, span: Span) -> Result<Layout, EvalError> {
    layout_of(v, span).map(Cow::into_owned)
}

/// [`to_layout`], borrowing the layout when the value is one.
///
/// Inline: a layout argument (as most are) is then a pointer in the caller, no `Result` of a
/// `Cow` returned and moved out; a shape is made a layout out of line ([`layout_made`]).
#[inline]
pub fn layout_of(v: &Value, span: Span) -> Result<Cow<'_, Layout>, EvalError> {
    match v {
        Value::Layout(l) => Ok(Cow::Borrowed(l)),
        other => layout_made(other, span),
    }
}

/// [`layout_of`] of a value that is no layout: a shape's LayoutLeft layout, or the error.
fn layout_made(v: &Value, span: Span) -> Result<Cow<'_, Layout>, EvalError> {
    match v {
        Value::IntTuple(t) => Layout::column_major(t.clone())
            .map(Cow::Owned)
            .map_err(|e| EvalError::algebra(e, span)),
        // a typed static integer, an array: the algebra's value it is
        other if is_typed(other) => Ok(Cow::Owned(to_layout(&lowered(other, span)?, span)?)),
        other => Err(wrong_kind(other, "a layout", span)),
    }
}

/// Where a tensor is expected (`local_tile`, `local_partition`): `OFFSET o LAYOUT`, or a
/// layout or shape at offset 0 (a layout with basis strides: at the coordinate 0, as an identity
/// tensor).
pub fn tensor_of(v: &Value, span: Span) -> Result<crate::algebra::tensor::OffsetTensor, EvalError> {
    use crate::algebra::tensor::{OffsetTensor, Origin};
    match v {
        Value::OffsetLayout(o, l) => Ok(OffsetTensor::at(o.clone(), (**l).clone())),
        _ => {
            let l = to_layout(v, span)?;
            if l.stride().has_basis() {
                Ok(OffsetTensor::at(Origin::Coord(IntTuple::int(0)), l))
            } else {
                Ok(OffsetTensor::new(0, l))
            }
        }
    }
}

/// A tensor over a swizzled layout, where one is given: `OFF o Sw o OFF2 o L`, or a swizzled
/// layout (at offset 0).
pub fn swizzled_tensor_of(v: &Value) -> Option<crate::algebra::tensor::SwizzledTensor> {
    use crate::algebra::tensor::SwizzledTensor;
    match v {
        Value::SwizzledTensor(o, c) => Some(SwizzledTensor {
            offset: o.clone(),
            layout: (**c).clone(),
        }),
        Value::Composed(c) => Some(SwizzledTensor {
            offset: crate::algebra::tensor::Origin::Count(crate::algebra::Int::st(0)),
            layout: (**c).clone(),
        }),
        _ => None,
    }
}

/// Where an IntTuple is expected.
pub fn to_int_tuple(v: &Value, span: Span) -> Result<IntTuple, EvalError> {
    match v {
        Value::IntTuple(t) => Ok(t.clone()),
        other if is_typed(other) => to_int_tuple(&lowered(other, span)?, span),
        other => Err(wrong_kind(other, "an integer or IntTuple", span)),
    }
}

/// [`to_int_tuple`], taking the value.
pub fn into_int_tuple(v: Value, span: Span) -> Result<IntTuple, EvalError> {
    match v {
        Value::IntTuple(t) => Ok(t),
        other if is_typed(&other) => to_int_tuple(&lowered(&other, span)?, span),
        other => Err(wrong_kind(&other, "an integer or IntTuple", span)),
    }
}

/// Where an integer is expected.
pub fn to_int(v: &Value, span: Span) -> Result<i64, EvalError> {
    // (a bare name no variable has: `undefined variable`, as where a layout is expected)
    v.as_int().ok_or_else(|| wrong_kind(v, "an integer", span))
}

/// Where a mode index is expected.
pub fn to_index(v: &Value, span: Span) -> Result<usize, EvalError> {
    let i = to_int(v, span)?;
    usize::try_from(i).map_err(|_| EvalError::new(format!("index {i} is negative"), span))
}

/// Where a tiler is expected: a layout, a shape (by-mode `n:1`), `_`, or a tuple of those. The
/// top-level modes of a by-mode tiler are held in `buf` where they fit (what `buf` held is
/// dropped). Inline: the tiler is made in the caller's slot, no `Result` of it moved out.
#[inline(always)]
pub fn to_tiler<'b, 'a: 'b>(
    v: &'a Value,
    span: Span,
    buf: &'b mut TilerBuf<'a>,
) -> Result<Tiler<'b>, EvalError> {
    buf.clear();
    match v {
        Value::Layout(l) => Ok(Tiler::of(l)),
        Value::IntTuple(t) => Ok(Tiler::from_shape_in(t, buf)),
        Value::Tuple(items) if items.len() <= buf.remaining_capacity() => {
            for i in items {
                buf.push(tiler_of(i, span)?);
            }
            Ok(Tiler::Tuple(TilerModes::Borrowed(buf)))
        }
        _ => tiler_of(v, span),
    }
}

/// [`to_tiler`], owning the modes of a by-mode tiler (those nested in a tuple, or more than fit
/// in the buffer).
fn tiler_of(v: &Value, span: Span) -> Result<Tiler<'_>, EvalError> {
    match v {
        Value::Layout(l) => Ok(Tiler::of(l)),
        Value::IntTuple(t) => Ok(Tiler::from_shape(t)),
        Value::Under => Ok(Tiler::Under),
        Value::Tuple(items) => items
            .iter()
            .map(|i| tiler_of(i, span))
            .collect::<Result<Vec<_>, _>>()
            .map(Tiler::tuple),
        other => Err(EvalError::new(
            format!(
                "expected a tiler (a layout, a shape, '_' or a tuple of them), found {}",
                other.kind()
            ),
            span,
        )),
    }
}

/// Where a coordinate is expected (integers, `_`, tuples).
pub fn to_coord(v: &Value, span: Span) -> Result<Coord, EvalError> {
    match v {
        Value::IntTuple(t) => Ok(Coord::from_int_tuple(t)),
        Value::Under => Ok(Coord::Under),
        Value::Tuple(items) => items
            .iter()
            .map(|i| to_coord(i, span))
            .collect::<Result<Vec<_>, _>>()
            .map(Coord::Tuple),
        other if is_typed(other) => to_coord(&lowered(other, span)?, span),
        other => Err(wrong_kind(other, "a coordinate", span)),
    }
}

/// Whether a value holds a run-time integer (C++'s `int`: a thread index in C++ text), as
/// CuTe's dynamic integers.
pub(crate) fn has_dynamic_int(v: &Value) -> bool {
    match v {
        Value::IntTuple(t) => !t.is_static(),
        Value::Tuple(items) => items.iter().any(has_dynamic_int),
        _ => false,
    }
}
