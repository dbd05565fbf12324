//! Python objects to the engine's values and back: ints and tuples in, objects out.

use cute::algebra::int_tuple::View;
use cute::eval::Value;
use cute::limits::{MAX_NESTING, MAX_TUPLE_WIDTH};
use pyo3::exceptions::{PyAttributeError, PyOverflowError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

use crate::classes::{self, PyValue};
use crate::errors::{self, ErrorClass};

/// How far a conversion has come: integers read and the nesting depth (the engine's limits on
/// values hold for what Python hands in, as for what a statement writes).
struct Budget {
    leaves: usize,
}

/// A Python argument as a value: an int, a bool, `None` (CuTe's `_`, a mode kept), a tuple or
/// list of such, a string (an atom name or an element type), an object this module made, or a
/// DSL object with a `_cute_value_` (an element type, an MMA operation: what it names).
pub fn to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let mut budget = Budget { leaves: 0 };
    read(obj, 0, &mut budget)
}

fn read(obj: &Bound<'_, PyAny>, depth: usize, budget: &mut Budget) -> PyResult<Value> {
    // a plain `int` first (the commonest argument: told by its type alone, a pointer's
    // comparison, where a cutelayout object and `bool` are told by a walk of the type's bases)
    if obj.is_exact_instance_of::<PyInt>() {
        count(budget, obj)?;
        return int(obj).map(Value::int);
    }
    if let Ok(v) = obj.cast::<PyValue>() {
        return Ok(v.get().value.clone());
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(obj.extract::<bool>()?));
    }
    if obj.is_instance_of::<PyInt>() {
        count(budget, obj)?;
        return int(obj).map(Value::int);
    }
    if obj.is_none() {
        return Ok(Value::Under);
    }
    if obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>() {
        if depth >= MAX_NESTING {
            return Err(errors::raise(
                obj.py(),
                ErrorClass::Limit,
                &format!("the argument is nested deeper than the limit of {MAX_NESTING} levels"),
            ));
        }
        let items = obj
            .try_iter()?
            .map(|item| read(&item?, depth + 1, budget))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::tuple(items));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_str()?;
        return Ok(Value::Name(s.to_string()));
    }
    // an integer of another kind (numpy's, a DSL's constant): what its __index__ gives
    if obj.hasattr("__index__")? {
        count(budget, obj)?;
        let i = obj.call_method0("__index__")?;
        return int(&i).map(Value::int);
    }
    // an operation of the DSL (`cutelayout.nvgpu`'s classes): the engine's operation, made
    // anew from its path and arguments (`_cute_op_`: `(path, args, kwargs)`)
    match obj.getattr(intern!(obj.py(), "_cute_op_")) {
        Ok(op) => {
            let (path, args, kwargs): (String, Bound<'_, PyTuple>, Bound<'_, pyo3::types::PyDict>) =
                op.extract()?;
            let vals = args
                .iter()
                .map(|a| read(&a, depth + 1, budget))
                .collect::<PyResult<Vec<_>>>()?;
            let mut keywords = Vec::with_capacity(kwargs.len());
            for (k, v) in kwargs.iter() {
                keywords.push((k.extract::<String>()?, read(&v, depth + 1, budget)?));
            }
            let keywords = keyword_pairs(&keywords);
            let span = cute::parser::Span::new(0, 0);
            return cute::eval::nvgpu::construct(&path, &vals, &keywords, span)
                .map_err(|e| errors::raise(obj.py(), ErrorClass::Value, &e.message));
        }
        Err(e) if !e.is_instance_of::<PyAttributeError>(obj.py()) => return Err(e),
        Err(_) => {}
    }
    // a DSL object that names something of the engine's (`cutelayout.Float16` is `half_t`,
    // `nvgpu.warp.MmaF16BF16Op(...)` the name of its MMA atom): what its `_cute_value_` is
    match obj.getattr(intern!(obj.py(), "_cute_value_")) {
        Ok(named) => {
            if depth >= MAX_NESTING {
                return Err(errors::raise(
                    obj.py(),
                    ErrorClass::Limit,
                    &format!(
                        "the argument is nested deeper than the limit of {MAX_NESTING} levels"
                    ),
                ));
            }
            return read(&named, depth + 1, budget);
        }
        // what the object says is wrong with it (an operation the catalog lacks)
        Err(e) if !e.is_instance_of::<PyAttributeError>(obj.py()) => return Err(e),
        Err(_) => {}
    }
    Err(errors::raise(
        obj.py(),
        ErrorClass::Type,
        &format!(
            "expected an int, a tuple of ints, None or a cutelayout value, got {}",
            obj.get_type().name()?
        ),
    ))
}

fn count(budget: &mut Budget, obj: &Bound<'_, PyAny>) -> PyResult<()> {
    budget.leaves += 1;
    if budget.leaves > MAX_TUPLE_WIDTH {
        return Err(errors::raise(
            obj.py(),
            ErrorClass::Limit,
            &format!("the argument has more integers than the limit of {MAX_TUPLE_WIDTH}"),
        ));
    }
    Ok(())
}

/// A Python int as a 64-bit integer: beyond 64 bits, an OverflowError.
fn int(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    obj.extract::<i64>().map_err(|e| {
        if e.is_instance_of::<PyOverflowError>(obj.py()) {
            let shown = obj.str().map(|s| s.to_string()).unwrap_or_default();
            errors::raise(
                obj.py(),
                ErrorClass::Overflow,
                &format!("integer {shown} does not fit in 64 bits (CuTe's integers are 64-bit)"),
            )
        } else {
            e
        }
    })
}

/// A value as Python sees it: an integer or tuple of integers as Python's, `_` as `None`, a
/// boolean as Python's, a tuple of values as a tuple, a name as a string, anything else as an
/// object of this module ([`classes`]).
pub fn to_python(py: Python<'_>, v: Value) -> PyResult<Py<PyAny>> {
    match v {
        Value::IntTuple(t) if !t.has_basis() => int_tuple(py, &t),
        Value::Bool(b) => Ok(PyBool::new(py, b).to_owned().into_any().unbind()),
        Value::Under => Ok(py.None()),
        Value::Name(n) => Ok(PyString::new(py, &n).into_any().unbind()),
        // a typed static integer (`integral_constant<uint32_t, 5>`, a sequence's element): its
        // value
        Value::Constant(c) => match i64::try_from(c.value()) {
            Ok(i) => Ok(i.into_pyobject(py)?.into_any().unbind()),
            Err(_) => Ok((c.value() as u64).into_pyobject(py)?.into_any().unbind()),
        },
        // `array<T, N>`: the tuple of its elements
        Value::Array(a) => to_python(py, Value::Tuple(a.items)),
        Value::Tuple(items) => {
            let items = items
                .into_iter()
                .map(|item| to_python(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, items)?.into_any().unbind())
        }
        // Python's list of DSL text (`[1, 2]`): a list
        Value::List(items) => {
            let items = items
                .into_iter()
                .map(|item| to_python(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(pyo3::types::PyList::new(py, items)?.into_any().unbind())
        }
        other => classes::wrap(py, other),
    }
}

/// An IntTuple as a Python int or (nested) tuple of ints.
pub fn int_tuple(py: Python<'_>, t: &cute::algebra::Tup) -> PyResult<Py<PyAny>> {
    match t.view() {
        View::Int(i) => Ok(i.into_pyobject(py)?.into_any().unbind()),
        View::Tuple(modes) => {
            let items = modes
                .iter()
                .map(|m| int_tuple(py, m))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, items)?.into_any().unbind())
        }
    }
}

/// Keyword arguments (`objects::keywords_of`'s, a call's own) as the engine takes them: (name, value) pairs of `&str`.
pub fn keyword_pairs(keywords: &[(String, Value)]) -> Vec<(&str, Value)> {
    keywords
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect()
}
