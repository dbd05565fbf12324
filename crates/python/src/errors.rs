//! The engine's errors as Python exceptions: the `CuteError` hierarchy of
//! `cutelayout/_errors.py`, each carrying the engine's message, its kind, the statement the
//! call stands for and the span the message points at.

use cute::eval::ErrorKind;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::session::{Failure, Which};

/// The exception classes (`cutelayout._errors`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// The text does not parse (a statement the call made: should not happen).
    Syntax,
    /// A wrong type of argument, a wrong number of them, an unknown keyword: also a TypeError.
    Type,
    /// A value the operation does not take: also a ValueError.
    Value,
    /// 64-bit overflow or division by zero: also an OverflowError.
    Overflow,
    /// A precondition (CuTe's static_assert) does not hold.
    Condition,
    /// The result would break the operation's law.
    Law,
    /// A limit on sizes, depth or time.
    Limit,
}

impl ErrorClass {
    fn name(self) -> &'static str {
        match self {
            ErrorClass::Syntax => "CuteSyntaxError",
            ErrorClass::Type => "CuteTypeError",
            ErrorClass::Value => "CuteValueError",
            ErrorClass::Overflow => "CuteOverflowError",
            ErrorClass::Condition => "ConditionError",
            ErrorClass::Law => "LawError",
            ErrorClass::Limit => "LimitError",
        }
    }

    /// The class of an engine error: its kind, and for a value error, whether it is about the
    /// number or names of the arguments (Python's TypeError).
    fn of(kind: ErrorKind, message: &str) -> ErrorClass {
        match kind {
            ErrorKind::Syntax => ErrorClass::Syntax,
            ErrorKind::Overflow => ErrorClass::Overflow,
            ErrorKind::Condition => ErrorClass::Condition,
            ErrorKind::Law => ErrorClass::Law,
            ErrorKind::Limit => ErrorClass::Limit,
            ErrorKind::Value if is_arity(message) => ErrorClass::Type,
            ErrorKind::Value => ErrorClass::Value,
        }
    }
}

/// Whether a message of the function table is about the arguments' number or keywords.
fn is_arity(message: &str) -> bool {
    const SIGNS: &[&str] = &[
        " argument(s), got ",
        " takes one argument",
        " takes 1 argument",
        "has no parameter '",
        ": missing the argument '",
        " given twice",
        "a positional argument after a keyword argument",
    ];
    SIGNS.iter().any(|s| message.contains(s))
}

/// Each law CuTe's answer breaks as a `cutelayout.LawWarning` (Python's `warnings`: shown
/// once per place by default, an error under `warnings.simplefilter("error")`, as `--strict`).
pub fn warn_laws(py: Python<'_>, messages: Vec<String>) -> PyResult<()> {
    if messages.is_empty() {
        return Ok(());
    }
    let category = py.import("cutelayout._errors")?.getattr("LawWarning")?;
    for m in messages {
        let m = std::ffi::CString::new(m.replace('\0', " "))?;
        PyErr::warn(py, &category, &m, 1)?;
    }
    Ok(())
}

/// An exception of a class with a message (an error found before the engine runs).
pub fn raise(py: Python<'_>, class: ErrorClass, message: &str) -> PyErr {
    build(py, class, message, None)
}

/// The exception of an engine error.
pub fn from_failure(py: Python<'_>, f: Failure) -> PyErr {
    let class = ErrorClass::of(f.error.kind, &f.error.message);
    build(py, class, &f.error.message.clone(), Some(&f))
}

fn build(py: Python<'_>, class: ErrorClass, message: &str, f: Option<&Failure>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let module = py.import("cutelayout._errors")?;
        let cls = module.getattr(class.name())?;
        let kwargs = PyDict::new(py);
        if let Some(f) = f {
            kwargs.set_item("kind", f.error.kind.name())?;
            kwargs.set_item("statement", &f.statement)?;
            kwargs.set_item("span", (f.span.start, f.span.end))?;
            kwargs.set_item("caret", f.caret())?;
            match &f.argument {
                Some(Which::Positional(i)) => kwargs.set_item("argument", *i)?,
                Some(Which::Keyword(k)) => kwargs.set_item("argument", k)?,
                Some(Which::Target) => kwargs.set_item("argument", "self")?,
                None => {}
            }
        }
        let e = cls.call((message,), Some(&kwargs))?;
        Ok(PyErr::from_value(e))
    })();
    made.unwrap_or_else(|e| e)
}
