//! CuTe's `array<T, N>` (container/array.hpp) written as a value, `array<int, 2>{123, 456}`:
//! N elements of an arithmetic type T, those not given value-initialised (0). CuTe prints it
//! as the tuple of its elements (`(123,456)`, `(1.500000,0.000000)`); it is a type of its own
//! (`is_same_v<array<int,2>, tuple<int,int>>` is 0), which `reverse` keeps and `get<i>`
//! reads. Every other function of the table takes it as the tuple of its elements
//! ([`super::constant::lowered`]).

use super::storage::{ElemType, Number, Scalar};
use super::{EvalError, Value};
use crate::algebra::IntTuple;
use crate::parser::Span;

/// An `array<T, N>` value: its element type and its N elements (run-time integers of an
/// integer type, element values of another).
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    /// T.
    pub element: ElemType,
    /// The elements.
    pub items: Vec<Value>,
}

impl Array {
    /// `array<T, N>{items…}` (`element` as written: `int`, `float`, `cute::half_t`).
    pub fn new(element: &str, n: i64, items: &[Value], span: Span) -> Result<Array, EvalError> {
        let err = |m: String| EvalError::new(m, span);
        let name = element.trim();
        let ty = ElemType::of_name(name)
            .filter(|t| !t.is_complex())
            .ok_or_else(|| {
                err(format!(
                    "'array<{name}, N>' as a value is not modelled: cute models CuTe's array of a number type (int, float, half_t, …)"
                ))
            })?;
        let width = usize::try_from(n)
            .ok()
            .filter(|&w| w <= crate::limits::MAX_TUPLE_WIDTH)
            .ok_or_else(|| {
                err(format!(
                    "array<{name}, N> takes 0 <= N <= {}, found N = {n}",
                    crate::limits::MAX_TUPLE_WIDTH
                ))
            })?;
        if items.len() > width {
            return Err(err(format!(
                "array<{name}, {n}> is initialised from at most {n} values, found {}",
                items.len()
            )));
        }
        let integer = ty.is_cpp_arithmetic() && !matches!(ty, ElemType::F32 | ElemType::F64);
        let mut out = Vec::with_capacity(width);
        for v in items {
            let v = super::constant::lowered(v, span)?;
            let Some(x) = super::elements::number_of(&v) else {
                return Err(err(format!(
                    "array<{name}, {n}> holds numbers, found {}",
                    v.kind()
                )));
            };
            // a class type (`half_t`) converts from another type explicitly only, which braces
            // do not (CuTe does not compile `array<half_t, 2>{1.5f}`)
            if !ty.is_cpp_arithmetic() && x.ty != ty {
                return Err(err(format!(
                    "array<{name}, {n}>{{…}} takes {name} values ({name}(x)): {name}'s constructor from {} is explicit, and CuTe does not compile it",
                    x.ty.name()
                )));
            }
            let s = Scalar::new(ty, x.value).map_err(err)?;
            out.push(element_value(s, integer));
        }
        let zero = Scalar::new(ty, Number::Int(0)).map_err(err)?;
        out.resize(width, element_value(zero, integer));
        Ok(Array {
            element: ty,
            items: out,
        })
    }
}

/// An element as a value: a run-time integer of an integer type (printed `123`), else the
/// element value (`1.500000`).
fn element_value(s: Scalar, integer: bool) -> Value {
    match (integer, s.value) {
        (true, Number::Int(i)) if let Ok(i) = i64::try_from(i) => {
            Value::IntTuple(IntTuple::int_of(i, true))
        }
        _ => Value::Scalar(Box::new(s)),
    }
}

/// CuTe's `array<T, N>` named as a type (`cute::array<int, 2>`): T and a literal N.
pub(super) fn array_type(n: &str) -> Option<(&str, i64)> {
    let inner = n
        .strip_prefix("cute::")
        .unwrap_or(n)
        .strip_prefix("array<")?
        .strip_suffix('>')?;
    let (element, width) = inner.rsplit_once(',')?;
    Some((element.trim(), width.trim().parse().ok()?))
}
