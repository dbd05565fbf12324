//! `A == B` and `A != B` as CuTe's `operator==` defines them (`container/tuple.hpp`,
//! `layout.hpp`, `swizzle.hpp`, `layout_composed.hpp`):
//! - two integers compare their values (a static and a dynamic one alike: `_4{} == 4` is 1);
//! - two tuples are equal when they have the same rank and their elements are equal, mode by
//!   mode (a tuple and an integer are never equal: `(4,8) == 4` is `_0`);
//! - two layouts are equal when their shapes and their strides are
//!   (`shape(A) == shape(B) && stride(A) == stride(B)`); compared with a tuple, a layout is the
//!   tuple of its modes (CuTe's `get<I>(layout)`), and with an integer it is not comparable
//!   (no `operator==` matches);
//! - swizzles by their parameters (a run-time `bool` in CuTe, whose `Swizzle::operator==`
//!   returns `B == BBits && …`), composed layouts by their parts.
//!
//! `!=` is `!(A == B)` on tuples and integers; CuTe 4.7 declares no `operator!=` for layouts,
//! swizzles or composed layouts, so `!=` on two of them is an error, as it does not compile.
//!
//! The kind of the answer is CuTe's: `C<a> == C<b>` is a static truth (`_1`/`_0`), and `==` with
//! a run-time integer a run-time `bool` (printed `1`/`0`); tuples fold their modes as
//! `(true_type{} && ... && (a_i == b_i))`, where `x && C<false>` and `C<false> && x` are a
//! static `false` whatever `x` is, so one mode that is statically unequal makes the answer
//! static; tuples of different ranks, or a tuple and an integer, are a static `false`. A
//! run-time truth is a run-time integer 1 or 0, as CuTe prints its `bool`.

use super::{EvalError, Value};
use crate::algebra::{Layout, Truth, Tup};
use crate::parser::{BinOp, Span};

impl Truth {
    /// The value: a static truth, or a run-time `bool` (an element value of type `bool`, 1 or
    /// 0, which converts to an integer where one is read, as C++'s `bool` does, and prints as
    /// CuTe prints a `bool`: `print_tensor` cells `  1`).
    pub(crate) fn value(self) -> Value {
        if self.dynamic {
            Value::Scalar(Box::new(super::storage::Scalar {
                ty: super::storage::ElemType::Bool,
                value: super::storage::Number::Int(i128::from(self.value)),
                python: false,
            }))
        } else {
            Value::Bool(self.value)
        }
    }
}

/// `a == b` (`op` is [`BinOp::Eq`]) or `a != b` ([`BinOp::Ne`]): true or false, of CuTe's kind.
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
    let eq = equal_kind(a, b).map_err(|m| EvalError::new(m, span))?;
    Ok(if op == BinOp::Eq { eq } else { !eq }.value())
}

/// `a == b` or `a != b` of two layouts as the CuTe DSL's `Layout.__eq__`/`__ne__` answers
/// (cutlass/cute/core.py): a Python `bool` when both layouts are static, otherwise a run-time
/// `Boolean` (`_cute_ir.equal`, printed `?`) even where a mode is statically unequal; `None`
/// where the operands are not two layouts.
pub fn compare_dsl_layouts(
    op: BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let (Value::Layout(x), Value::Layout(y)) = (a, b) else {
        return None;
    };
    let eq = equal_kind(a, b).map_err(|m| EvalError::new(m, span));
    Some(eq.map(|t| {
        let t = Truth {
            dynamic: !(x.is_static() && y.is_static()),
            ..t
        };
        if op == BinOp::Eq { t } else { !t }.value()
    }))
}

/// The kind of a value whose type declares `operator==` but no `operator!=`.
fn no_inequality(v: &Value) -> Option<&'static str> {
    match v {
        Value::Layout(_) => Some("layouts"),
        Value::Swizzle(_) => Some("swizzles"),
        Value::Composed(_) | Value::NestedComposed(_) | Value::LayoutComposed(_) => {
            Some("composed layouts")
        }
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

/// Whether two tuples (shapes, strides) are equal, as `operator==` on tuples.
fn tup_equal(a: &Tup, b: &Tup) -> Truth {
    crate::algebra::tuple_algorithms::equal(a, b)
}

/// `a == b` as CuTe's `operator==`; an error where no overload matches.
pub fn equal(a: &Value, b: &Value) -> Result<bool, String> {
    equal_kind(a, b).map(|t| t.value)
}

/// [`equal`] with the kind of the answer (module doc).
fn equal_kind(a: &Value, b: &Value) -> Result<Truth, String> {
    match (a, b) {
        (Value::Layout(x), Value::Layout(y)) => {
            return Ok(tup_equal(x.shape(), y.shape()).and(tup_equal(x.stride(), y.stride())));
        }
        // swizzle.hpp: `B == BBits && M == MBase && S == SShift`, a run-time bool
        (Value::Swizzle(x), Value::Swizzle(y)) => return Ok(swizzle_equal(x, y)),
        // layout_composed.hpp: layout_a, layout_b and offset equal
        (Value::Composed(x), Value::Composed(y)) => {
            let sw = swizzle_equal(&x.swizzle, &y.swizzle);
            let lb = tup_equal(x.layout.shape(), y.layout.shape())
                .and(tup_equal(x.layout.stride(), y.layout.stride()));
            return Ok(sw.and(lb).and(offset_equal(x.offset, y.offset)));
        }
        (Value::NestedComposed(x), Value::NestedComposed(y)) => {
            let inner = equal_kind(
                &Value::composed(x.inner.clone()),
                &Value::composed(y.inner.clone()),
            )?;
            return Ok(swizzle_equal(&x.swizzle, &y.swizzle)
                .and(inner)
                .and(offset_equal(x.offset, y.offset)));
        }
        // layout_composed.hpp: `layout_a() == … && layout_b() == … && offset() == …`
        (Value::LayoutComposed(x), Value::LayoutComposed(y))
            if x.origin.is_none() && y.origin.is_none() =>
        {
            let (x, y) = (&x.layout, &y.layout);
            let la = equal_kind(
                &crate::eval::functions::outer_value(x),
                &crate::eval::functions::outer_value(y),
            )?;
            let lb = equal_kind(
                &crate::eval::functions::inner_value(&x.inner),
                &crate::eval::functions::inner_value(&y.inner),
            )?;
            return Ok(la.and(lb).and(tup_equal(&x.offset, &y.offset)));
        }
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
        (Parts::Int(x), Parts::Int(y)) => Ok(Truth::same_stride(x, y)),
        (Parts::Items(x), Parts::Items(y)) => {
            if x.len() != y.len() {
                return Ok(Truth::FALSE);
            }
            let mut acc = Truth::TRUE;
            for (p, q) in x.iter().zip(&y) {
                acc = acc.and(equal_kind(p, q)?);
            }
            Ok(acc)
        }
        _ => Ok(Truth::FALSE),
    }
}

/// Two swizzles compared: CuTe's `operator==` of `Swizzle` returns a plain `bool`.
fn swizzle_equal(x: &crate::algebra::Swizzle, y: &crate::algebra::Swizzle) -> Truth {
    Truth {
        value: x == y,
        dynamic: true,
    }
}

/// Two composed layouts' offsets compared: integers as integers (run-time where either is), a
/// `smem_ptr` flag by its width.
fn offset_equal(x: crate::algebra::Offset, y: crate::algebra::Offset) -> Truth {
    use crate::algebra::Offset;
    match (x, y) {
        (Offset::Int(a), Offset::Int(b)) => Truth {
            value: a.value == b.value,
            dynamic: a.dynamic() || b.dynamic(),
        },
        _ => Truth::st(x == y),
    }
}

/// An operand of the relational and logical operators: an integer or a truth value, with its
/// kind (a static one is CuTe's `C<v>`, a run-time one C++'s `int`/`bool`).
fn truth_operand(v: &Value) -> Option<(i64, bool)> {
    match v {
        Value::Bool(b) => Some((i64::from(*b), false)),
        Value::IntTuple(t) => Some((v.as_int()?, t.is_dynamic())),
        // a typed static integer (`integral_constant<uint32_t, 5>`)
        Value::Constant(c) => Some((i64::try_from(c.value()).ok()?, false)),
        // a run-time `bool` (a comparison's answer)
        Value::Scalar(_) => Some((v.as_int()?, true)),
        _ => None,
    }
}

/// An integer or truth value and whether it is a run-time one ([`truth_operand`]), `true`
/// and `false` as 1 and 0.
pub fn truth_value(v: &Value) -> Option<(i64, bool)> {
    truth_operand(v)
}

/// A value as C++'s `bool(x)` takes it (`if (x)`, `while (x)`, `!x`, `x && y`): a truth value,
/// or an integer other than 0; static or run-time as the value is. `None` for any other
/// value (a layout, a tuple: CuTe converts none to `bool`).
pub fn truth(v: &Value) -> Option<(bool, bool)> {
    truth_operand(v).map(|(x, dynamic)| (x != 0, dynamic))
}

/// `a < b`, `a <= b`, `a > b`, `a >= b` as integral_constant.hpp's `CUTE_BINARY_OP` gives
/// them: on two static integers a static truth (`C<(t < u)>`), with a run-time one C++'s
/// `bool` (a run-time 1 or 0). CuTe declares no relational operator on tuples or layouts
/// (it compares coordinates with `lex_less`, `colex_less`, `elem_less`): an error.
pub fn relational(
    op: BinOp,
    a: &Value,
    aspan: Span,
    b: &Value,
    bspan: Span,
) -> Result<Value, EvalError> {
    let operand = |v: &Value, span: Span| {
        truth_operand(v).ok_or_else(|| {
            EvalError::new(
                format!(
                    "'{}' compares two integers (CuTe has no '{}' for {}: compare coordinates with lex_less, colex_less or elem_less)",
                    op.symbol(),
                    op.symbol(),
                    v.kind()
                ),
                span,
            )
        })
    };
    let (x, dx) = operand(a, aspan)?;
    let (y, dy) = operand(b, bspan)?;
    let value = match op {
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        _ => unreachable!("a relational operator"),
    };
    Ok(Truth {
        value,
        dynamic: dx || dy,
    }
    .value())
}

/// `a && b` (`op` [`BinOp::And`]) or `a || b` ([`BinOp::Or`]) once the left side `a` is
/// known: `Ok(Some(answer))` where `a` decides it without `b` — a static `C<false>` for `&&`
/// or `C<true>` for `||` decides statically (integral_constant.hpp's overloads), a run-time
/// one as C++'s built-in operator short-circuits; `Ok(None)` where `b` is needed.
pub fn decided(op: BinOp, a: &Value, aspan: Span) -> Result<Option<(bool, bool)>, EvalError> {
    let (x, dynamic) = logical_operand(op, a, aspan)?;
    let decides = if op == BinOp::And { !x } else { x };
    Ok(decides.then_some((x, dynamic)))
}

/// `a && b` or `a || b` of two values, of CuTe's kind: a static side that decides makes the
/// answer static (`x && C<false>` is `C<false>`); otherwise static only when both sides are.
pub fn logical(
    op: BinOp,
    a: &Value,
    aspan: Span,
    b: &Value,
    bspan: Span,
) -> Result<Value, EvalError> {
    let (x, dx) = logical_operand(op, a, aspan)?;
    let (y, dy) = logical_operand(op, b, bspan)?;
    let (x, y) = (
        Truth {
            value: x,
            dynamic: dx,
        },
        Truth {
            value: y,
            dynamic: dy,
        },
    );
    Ok(if op == BinOp::And {
        x.and(y)
    } else {
        !(!x).and(!y)
    }
    .value())
}

/// A side of `&&` or `||` as a truth value and its kind.
fn logical_operand(op: BinOp, v: &Value, span: Span) -> Result<(bool, bool), EvalError> {
    truth(v).ok_or_else(|| {
        EvalError::new(
            format!(
                "'{}' takes truth values or integers, found {}",
                op.symbol(),
                v.kind()
            ),
            span,
        )
    })
}

/// The answer of `&&`/`||` decided by its left side ([`decided`]): `b`'s value, where it could be
/// evaluated, gives its kind (a static `C<false>` on the right of a run-time `false && …` makes
/// it static, as CuTe's overload does).
pub fn decided_value(op: BinOp, left: (bool, bool), b: Option<&Value>) -> Value {
    let (x, dynamic) = left;
    let t = Truth { value: x, dynamic };
    let other = b
        .and_then(truth)
        .map(|(value, dynamic)| Truth { value, dynamic });
    match other {
        Some(y) if op == BinOp::And => t.and(y),
        Some(y) => !(!t).and(!y),
        None => t,
    }
    .value()
}
