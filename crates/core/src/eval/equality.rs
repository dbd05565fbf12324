//! `A == B` and `A != B` as CuTe's `operator==` defines them (`container/tuple.hpp`,
//! `layout.hpp`, `swizzle.hpp`, `layout_composed.hpp`):
//! - two integers compare their values (a static and a dynamic one alike: `_4{} == 4` is 1);
//! - two tuples are equal when they have the same rank and their elements are equal, mode by
//!   mode (a tuple and an integer are never equal: `(4,8) == 4` is `_0`);
//! - two layouts are equal when their shapes and their strides are
//!   (`shape(A) == shape(B) && stride(A) == stride(B)`); compared with a tuple, a layout is the
//!   tuple of its modes (CuTe's `get<I>(layout)`), and with an integer it is not comparable
//!   (no `operator==` matches);
//! - swizzles by their parameters, composed layouts by their parts.
//!
//! `!=` is `!(A == B)` on tuples and integers; CuTe 4.7 declares no `operator!=` for layouts,
//! swizzles or composed layouts, so `!=` on two of them is an error, as it does not compile.

use super::{EvalError, Value};
use crate::algebra::{Layout, Tup};
use crate::parser::{BinOp, Span};

/// `a == b` (`op` is [`BinOp::Eq`]) or `a != b` ([`BinOp::Ne`]): true or false.
pub fn compare(op: BinOp, a: &Value, b: &Value, span: Span) -> Result<Value, EvalError> {
    if op == BinOp::Ne
        && let Some(kind) = [a, b].into_iter().find_map(no_inequality)
    {
        return Err(EvalError::new(
            format!(
                "CuTe has no operator!= for {kind} (it defines only operator==): compare with =="
            ),
            span,
        ));
    }
    let eq = equal(a, b).map_err(|m| EvalError::new(m, span))?;
    Ok(Value::Bool(if op == BinOp::Eq { eq } else { !eq }))
}

/// The kind of a value whose type declares `operator==` but no `operator!=`.
fn no_inequality(v: &Value) -> Option<&'static str> {
    match v {
        Value::Layout(_) => Some("layouts"),
        Value::Swizzle(_) => Some("swizzles"),
        Value::Composed(_) | Value::NestedComposed(_) => Some("composed layouts"),
        _ => None,
    }
}

/// What `==` sees of a value that compares as a tuple or an integer.
enum Parts {
    /// An integer (or a basis element, `1@0`).
    Int(crate::algebra::basis::Stride),
    /// A tuple's elements (a layout's modes).
    Items(Vec<Value>),
}

fn parts(v: &Value) -> Result<Parts, String> {
    Ok(match v {
        Value::IntTuple(t) => tup_parts(t),
        Value::Bool(b) => Parts::Int(crate::algebra::basis::Stride::int(i64::from(*b))),
        Value::Tuple(items) => Parts::Items(items.clone()),
        Value::Layout(l) => Parts::Items(modes(l)?),
        other => {
            return Err(format!(
                "CuTe's operator== does not compare {}",
                other.kind()
            ));
        }
    })
}

fn tup_parts(t: &Tup) -> Parts {
    match t.as_stride() {
        Some(s) if t.is_int() => Parts::Int(s),
        _ => Parts::Items(t.modes().map(|m| Value::IntTuple(m.to_owned())).collect()),
    }
}

fn modes(l: &Layout) -> Result<Vec<Value>, String> {
    (0..l.rank())
        .map(|i| l.mode(i).map(Value::Layout).map_err(|e| e.into_message()))
        .collect()
}

/// Whether two integers (or basis elements) have the same value: a static and a dynamic one
/// alike, as `_4{} == 4` is true in CuTe.
fn same_value(x: crate::algebra::basis::Stride, y: crate::algebra::basis::Stride) -> bool {
    x.value == y.value && x.basis == y.basis
}

/// Whether two tuples (shapes, strides) are equal, as `operator==` on tuples.
fn tup_equal(a: &Tup, b: &Tup) -> bool {
    match (tup_parts(a), tup_parts(b)) {
        (Parts::Int(x), Parts::Int(y)) => same_value(x, y),
        (Parts::Items(_), Parts::Items(_)) => {
            a.rank() == b.rank() && a.modes().zip(b.modes()).all(|(x, y)| tup_equal(x, y))
        }
        _ => false,
    }
}

/// `a == b` as CuTe's `operator==`; an error where no overload matches.
pub fn equal(a: &Value, b: &Value) -> Result<bool, String> {
    match (a, b) {
        (Value::Layout(x), Value::Layout(y)) => {
            return Ok(tup_equal(x.shape(), y.shape()) && tup_equal(x.stride(), y.stride()));
        }
        (Value::Swizzle(x), Value::Swizzle(y)) => return Ok(x == y),
        (Value::Composed(x), Value::Composed(y)) => return Ok(x == y),
        // layout_composed.hpp: layout_a, layout_b and offset equal
        (Value::NestedComposed(x), Value::NestedComposed(y)) => return Ok(x == y),
        (Value::Layout(_), Value::IntTuple(t)) | (Value::IntTuple(t), Value::Layout(_))
            if t.is_int() =>
        {
            return Err(
                "CuTe's operator== does not compare a layout with an integer (no overload matches)"
                    .to_string(),
            );
        }
        _ => {}
    }
    match (parts(a)?, parts(b)?) {
        (Parts::Int(x), Parts::Int(y)) => Ok(same_value(x, y)),
        (Parts::Items(x), Parts::Items(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(&y) {
                if !equal(p, q)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}
