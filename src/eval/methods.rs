//! Fields `x.name` and methods `x.name(args)` of values.

use super::{EvalError, Value};
use crate::parser::Span;

/// `target.name(args)`: `None` when the value has no such method (the call then evaluates the
/// field `target.name` at the arguments).
pub fn method(
    target: &Value,
    name: &str,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let _ = (target, name, args, spans, span);
    None
}

/// `value.name`.
pub fn field(v: &Value, name: &str, span: Span) -> Result<Value, EvalError> {
    let layout = match v {
        Value::Layout(l) => Some(l.clone()),
        Value::Composed(c) => Some(c.layout.clone()),
        _ => None,
    };
    let alg = |e| EvalError::algebra(e, span);
    match (name, layout) {
        ("shape", Some(l)) => Ok(Value::IntTuple(l.shape().clone())),
        ("stride", Some(l)) => Ok(Value::IntTuple(l.stride().clone())),
        ("size", Some(l)) => l.size().map(Value::int).map_err(alg),
        ("cosize", Some(l)) => l.cosize().map(Value::int).map_err(alg),
        ("rank", Some(l)) => Ok(Value::int(l.rank() as i64)),
        ("depth", Some(l)) => Ok(Value::int(l.depth() as i64)),
        _ => Err(EvalError::new(
            format!("{} has no field '{name}'", v.kind()),
            span,
        )),
    }
}
