//! `cutelayout._native`: the engine of `cute` (crates/core) for Python.
//!
//! A thin layer: a call from Python becomes a statement of the engine over the call's values
//! ([`session`]), so every function of the one function table, with its keyword arguments, its
//! checks and its messages, is the engine's. The Python package (`python/cutelayout`) makes
//! the module's functions from the table ([`functions`]) with the CuTe DSL's names.
//!
//! No panic crosses into Python: PyO3 turns a panic in a call into an exception, and the
//! engine does not panic on any input (its rule: checked arithmetic and limits).

mod classes;
mod convert;
mod errors;
mod html;
mod objects;
mod session;

use cute::eval::functions as table;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use convert::keyword_pairs;
use errors::ErrorClass;
use objects::{is_identifier, keywords_of, run, values_of};
use session::{Callee, Statement};

/// A function's name, checked: an identifier (it stands in the statement as a name).
fn checked_name(py: Python<'_>, name: &str) -> PyResult<()> {
    if is_identifier(name) {
        Ok(())
    } else {
        Err(errors::raise(
            py,
            ErrorClass::Type,
            &format!("'{name}' is not a function name"),
        ))
    }
}

/// `call(name, *args, **kwargs)`: the function `name` of the table on the arguments.
#[pyfunction]
#[pyo3(signature = (name, /, *args, **kwargs))]
fn call(
    py: Python<'_>,
    name: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    checked_name(py, name)?;
    let args = values_of(args)?;
    let kwargs = keywords_of(kwargs)?;
    run(py, Callee::Function(name), args, kwargs)
}

/// How many positional arguments a call reads onto the stack.
const FEW: usize = 4;

/// A function of the table as a Python callable: `cutelayout.composition` is one (made by the
/// package for each function of the table; its docstring is in its `__dict__`).
#[pyclass(module = "cutelayout", name = "Function", frozen, dict)]
struct PyFunction {
    /// The name it is called by (the table's, or an alias of it).
    name: String,
    /// Its entry in the table.
    function: &'static table::Function,
}

#[pymethods]
impl PyFunction {
    #[new]
    fn new(py: Python<'_>, name: &str) -> PyResult<PyFunction> {
        checked_name(py, name)?;
        let Some(function) = table::lookup(name) else {
            return Err(errors::raise(
                py,
                ErrorClass::Type,
                &format!("'{name}' is no function of cute's function table"),
            ));
        };
        Ok(PyFunction {
            name: name.to_string(),
            function,
        })
    }

    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(
        &self,
        py: Python<'_>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let callee = || Callee::Table(self.function, &self.name);
        if kwargs.is_none() && args.len() <= FEW {
            // the common call: a few positional arguments, read onto the stack and handed to
            // the table by reference (no allocation, no copy) when the evaluator would
            let mut vals = arrayvec::ArrayVec::<cute::eval::Value, FEW>::new();
            for a in args.iter() {
                vals.push(convert::to_value(&a)?);
            }
            if let Some(v) = session::fast(&callee(), &vals) {
                return convert::to_python(py, v);
            }
            return run(py, callee(), vals.into_iter().collect(), Vec::new());
        }
        let args = values_of(args)?;
        let kwargs = keywords_of(kwargs)?;
        run(py, callee(), args, kwargs)
    }

    #[getter]
    fn __name__(&self) -> &str {
        &self.name
    }

    #[getter]
    fn __qualname__(&self) -> &str {
        &self.name
    }

    fn __repr__(&self) -> String {
        format!("<cutelayout function {}>", self.name)
    }

    /// Pickled as the module's attribute of its name.
    fn __reduce__(&self) -> String {
        self.name.clone()
    }
}

/// `explain(name, *args, **kwargs)`: the derivation of the call, as `cute explain` writes it.
#[pyfunction]
#[pyo3(signature = (name, /, *args, **kwargs))]
fn explain(
    py: Python<'_>,
    name: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    checked_name(py, name)?;
    let args = values_of(args)?;
    let kwargs = keywords_of(kwargs)?;
    Statement::new(Callee::Function(name), args, kwargs)
        .explain()
        .map_err(|f| errors::from_failure(py, f))
}

/// `read(text)`: a statement of `cute`'s (its notation, CuTe C++ or the DSL) evaluated.
#[pyfunction]
fn read(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    // the text is the statement, or several cut at `;` (`auto L = …; complement(L);`, as C++
    // and Python separate them), run one after the other in one session: the last one's value
    let mut env = cute::eval::Env::new();
    let mut last = None;
    // where the statement starts in the text (the statements, concatenated, are the text)
    let mut offset = 0;
    for st in cute::statements::pieces(text.to_string(), 1) {
        match env.run(&st.text) {
            Ok(
                cute::eval::Outcome::Value(v)
                | cute::eval::Outcome::Printed(v)
                | cute::eval::Outcome::Picture(_, v),
            ) => {
                last = Some(v);
            }
            Ok(_) => last = None,
            Err(mut e) => {
                e.span = cute::parser::Span::new(e.span.start + offset, e.span.end + offset);
                let f = session::Failure {
                    statement: text.to_string(),
                    span: e.span,
                    argument: None,
                    error: e,
                };
                return Err(errors::from_failure(py, f));
            }
        }
        offset += st.text.len();
    }
    match last {
        Some(v) => convert::to_python(py, v),
        None => Ok(py.None()),
    }
}

/// One function of the table as the package reads it.
type Entry = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
    Vec<String>,
    (usize, Option<usize>, Option<usize>),
);

/// The function table: (name, signature, summary, example, explained, parameter names,
/// (fewest, most arguments: None for any number; how many it takes by position where the
/// rest are keyword-only, the DSL's bare `*`: None for all)) for each function, in help order.
#[pyfunction]
fn functions() -> Vec<Entry> {
    table::all()
        .map(|f| {
            let most = (f.arity.1 != usize::MAX).then_some(f.arity.1);
            (
                f.name,
                // the DSL's signature where it differs (`repeat_like(X, TARGET)`)
                f.signature_in(true),
                f.summary(),
                f.example(),
                f.is_explained(),
                f.parameters_in(true),
                (f.arity.0, most, f.positional_limit_in(true)),
            )
        })
        .collect()
}

/// The name of the table's function that `name` calls (itself, or the function it is an
/// alias of), if any.
#[pyfunction]
fn lookup(name: &str) -> Option<&'static str> {
    table::lookup(name).map(|f| f.name)
}

/// The help of a function or a topic, as `cute help NAME` prints it (its example computed).
#[pyfunction]
fn help_text(name: &str) -> Option<String> {
    match table::lookup(name) {
        Some(f) => Some(cute::help::describe(f)),
        None => cute::help::topic(name),
    }
}

/// `nvgpu_op(path, args, kwargs, want=None, copy_type=None, num_bits=None)`: the CuTe DSL's
/// operation `cute.nvgpu.PATH(*args, **kwargs)` as the engine makes and checks it
/// (`cute::eval::nvgpu`): with `want` None, how the DSL prints it; `"mma"`, the CuTe C++ MMA
/// atom it is; `"copy"`, the C++ copy operation it is for elements of `copy_type` moved
/// `num_bits` at a time; `"tma"`, the C++ TMA operation. The package's `cutelayout.nvgpu`
/// classes are this function's.
#[pyfunction]
#[pyo3(signature = (path, args, kwargs=None, want=None, copy_type=None, num_bits=None))]
fn nvgpu_op(
    py: Python<'_>,
    path: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
    want: Option<&str>,
    copy_type: Option<&Bound<'_, PyAny>>,
    num_bits: Option<i64>,
) -> PyResult<String> {
    use cute::eval::nvgpu;
    let span = cute::parser::Span::new(0, 0);
    let vals: Vec<cute::eval::Value> = values_of(args)?.into_iter().collect();
    let kwargs = keywords_of(kwargs)?;
    let keywords = keyword_pairs(&kwargs);
    let fail = |e: cute::eval::EvalError| errors::raise(py, ErrorClass::Value, &e.message);
    let op = match nvgpu::construct(path, &vals, &keywords, span).map_err(fail)? {
        cute::eval::Value::Op(op) => op,
        _ => return Err(errors::raise(py, ErrorClass::Type, "not an operation")),
    };
    match want {
        None => Ok(op.printed.clone()),
        Some("mma") => op.mma_atom_name(span).map(str::to_string).map_err(fail),
        Some("tma") => match op.kind {
            nvgpu::OpKind::Tma(name) => Ok(name.to_string()),
            _ => Err(errors::raise(
                py,
                ErrorClass::Type,
                &format!("cute.nvgpu.{} is no TMA operation", op.class),
            )),
        },
        Some("copy") => {
            let ty = match copy_type {
                Some(t) => convert::to_value(t)?,
                None => cute::eval::Value::Under,
            };
            op.copy_op_name(&ty, num_bits, span).map_err(fail)
        }
        Some(other) => Err(errors::raise(
            py,
            ErrorClass::Value,
            &format!("want is None, 'mma', 'copy' or 'tma', got '{other}'"),
        )),
    }
}

/// `nvgpu_tma_atom(args, kwargs)`: the DSL's `cpasync.make_tiled_tma_atom(op, gmem_tensor,
/// smem_layout, cta_tiler, num_multicast=1)` as the engine answers it (`cute::eval::nvgpu`):
/// the pair (TMA atom, TMA tensor).
#[pyfunction]
#[pyo3(signature = (args, kwargs=None))]
fn nvgpu_tma_atom(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let span = cute::parser::Span::new(0, 0);
    let vals: Vec<cute::eval::Value> = values_of(args)?.into_iter().collect();
    let kwargs = keywords_of(kwargs)?;
    let keywords = keyword_pairs(&kwargs);
    let v = cute::eval::nvgpu::make_tiled_tma_atom(&vals, &keywords, span)
        .map_err(|e| errors::raise(py, ErrorClass::Value, &e.message))?;
    convert::to_python(py, v)
}

/// The engine of `cute` for Python: the module `cutelayout` wraps it.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(functions, m)?)?;
    m.add_function(wrap_pyfunction!(lookup, m)?)?;
    m.add_function(wrap_pyfunction!(help_text, m)?)?;
    m.add_function(wrap_pyfunction!(nvgpu_op, m)?)?;
    m.add_function(wrap_pyfunction!(nvgpu_tma_atom, m)?)?;
    m.add_class::<PyFunction>()?;
    m.add_class::<classes::PyValue>()?;
    m.add_class::<classes::PyLayout>()?;
    m.add_class::<classes::PyComposedLayout>()?;
    m.add_class::<classes::PySwizzle>()?;
    m.add_class::<classes::PyTensor>()?;
    m.add_class::<classes::PyMmaAtom>()?;
    m.add_class::<classes::PyTiledMma>()?;
    m.add_class::<classes::PyThrMma>()?;
    m.add_class::<classes::PyCopyAtom>()?;
    m.add_class::<classes::PyTiledCopy>()?;
    m.add_class::<classes::PyThrCopy>()?;
    m.add_class::<objects::BoundMember>()?;
    Ok(())
}
