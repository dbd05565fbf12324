//! The methods of the Python objects of values (the classes are in `classes`). Every
//! operation goes through the engine: printing
//! through its plain renderer, application and members through its evaluator
//! ([`crate::session`]), pictures through its grid and SVG renderers.

use std::hash::{DefaultHasher, Hash, Hasher};

use cute::eval::Value;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::classes::PyValue;
use crate::convert::{to_python, to_value};
use crate::errors::{self, ErrorClass};
use crate::session::Callee;

/// Run a statement and hand its value to Python.
pub fn run(
    py: Python<'_>,
    callee: Callee,
    args: crate::session::Args,
    kwargs: Vec<(String, Value)>,
) -> PyResult<Py<PyAny>> {
    if kwargs.is_empty()
        && let Some(v) = crate::session::fast(&callee, &args)
    {
        return to_python(py, v);
    }
    match crate::session::Statement::new(callee, args, kwargs).run() {
        Ok(v) => {
            errors::warn_laws(py, crate::session::take_warnings())?;
            to_python(py, v)
        }
        Err(f) => Err(errors::from_failure(py, f)),
    }
}

/// Positional arguments as values.
pub fn values_of(args: &Bound<'_, PyTuple>) -> PyResult<crate::session::Args> {
    if args.len() > crate::session::MAX_ARGS {
        return Err(errors::raise(
            args.py(),
            ErrorClass::Type,
            &format!(
                "at most {} arguments, got {}",
                crate::session::MAX_ARGS,
                args.len()
            ),
        ));
    }
    let mut vals = Vec::with_capacity(args.len());
    for a in args.iter() {
        vals.push(to_value(&a)?);
    }
    Ok(vals)
}

/// Keyword arguments as (name, value) pairs; a name must be an identifier.
pub fn keywords_of(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, Value)>> {
    let Some(kwargs) = kwargs else {
        return Ok(Vec::new());
    };
    kwargs
        .iter()
        .map(|(k, v)| {
            let k: String = k.extract()?;
            Ok((k, to_value(&v)?))
        })
        .collect()
}

/// The members of values that take arguments (`tiled_mma.get_slice(3)`,
/// `thr_copy.partition_S(t)`): an attribute of such a name is a bound method.
fn is_method(name: &str) -> bool {
    if matches!(name, "thread" | "get_slice" | "get_thread_slice") {
        return true;
    }
    match cute::eval::methods::member(name) {
        Some((sig, _, _)) => !sig.trim_end().ends_with("()"),
        None => false,
    }
}

#[pymethods]
impl PyValue {
    fn __repr__(&self) -> String {
        cute::render::plain::render(&self.value)
    }

    fn __str__(&self) -> String {
        cute::render::plain::render(&self.value)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<PyValue>() else {
            return py.NotImplemented();
        };
        let eq = self.value == other.get().value;
        match op {
            CompareOp::Eq => eq
                .into_pyobject(py)
                .expect("a bool")
                .to_owned()
                .into_any()
                .unbind(),
            CompareOp::Ne => (!eq)
                .into_pyobject(py)
                .expect("a bool")
                .to_owned()
                .into_any()
                .unbind(),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        // equal values print equally (the notation is exact)
        let mut h = DefaultHasher::new();
        cute::render::plain::render(&self.value).hash(&mut h);
        h.finish()
    }

    /// `layout(3)`, `layout(1, 2)`, `layout(None, 0)` (a slice): the engine's application.
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let args = values_of(args)?;
        run(py, Callee::Apply(self.value.clone()), args, Vec::new())
    }

    /// `layout[i]` (mode i, the DSL's), `layout[i, j]` (mode j of mode i), `layout[None, 0]`
    /// (a slice, `layout(_, 0)`); `tensor[c]` (the tensor at a coordinate, or a slice).
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let parts: crate::session::Args = if key.is_instance_of::<PyTuple>() {
            key.cast::<PyTuple>()?
                .iter()
                .map(|k| to_value(&k))
                .collect::<PyResult<_>>()?
        } else {
            vec![to_value(key)?]
        };
        let is_tensor = matches!(
            self.value,
            Value::OffsetLayout(..) | Value::SwizzledTensor(..)
        );
        let slices = parts.iter().any(has_under);
        if is_tensor || slices {
            let coord = if parts.len() == 1 {
                parts.into_iter().next().expect("one")
            } else {
                Value::tuple(parts)
            };
            return run(
                py,
                Callee::Apply(self.value.clone()),
                vec![coord],
                Vec::new(),
            );
        }
        let mut args = vec![self.value.clone()];
        args.extend(parts);
        run(py, Callee::Function("get"), args, Vec::new())
    }

    /// A field (`layout.shape`, `tiled_mma.tile_shape`) or a method (`tiled_mma.get_slice`,
    /// `thr_mma.partition_C`) of the value, as the engine has them.
    fn __getattr__(slf: &Bound<'_, Self>, name: &str) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if name.starts_with('_') || !is_identifier(name) {
            return Err(PyAttributeError::new_err(format!(
                "'{}' object has no attribute '{name}'",
                slf.get_type().name()?
            )));
        }
        if is_method(name) {
            return Ok(Py::new(
                py,
                BoundMember {
                    target: slf.clone().into_any().unbind(),
                    name: name.to_string(),
                },
            )?
            .into_any());
        }
        let value = slf.get().value.clone();
        match crate::session::call(
            Callee::Field(value.clone(), name),
            Default::default(),
            Vec::new(),
        ) {
            Ok(v) => to_python(py, v),
            Err(field_error) => {
                // a member read as a call without arguments (`tensor.layout()`, `.shape()`)
                match crate::session::call(
                    Callee::Method(value, name),
                    Default::default(),
                    Vec::new(),
                ) {
                    Ok(v) => to_python(py, v),
                    Err(_) => Err(PyAttributeError::new_err(field_error.error.message)),
                }
            }
        }
    }

    /// The value in a format of `cute`'s: "plain", "cpp", "dsl", "json", "table", "grid".
    #[pyo3(signature = (format = "plain"))]
    fn format(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let f: cute::render::Format = format.parse().map_err(|e: cute::render::FormatError| {
            errors::raise(py, ErrorClass::Value, &e.to_string())
        })?;
        cute::render::render(&self.value, f, &cute::render::RenderOptions::default())
            .map_err(|e| errors::raise(py, ErrorClass::Value, &e.0))
    }

    /// CuTe's `print_layout` of a layout (rank 2), or the grid of a layout, tensor or
    /// composed layout.
    fn print_layout(&self, py: Python<'_>) -> PyResult<String> {
        let opts = cute::render::RenderOptions {
            style_cute: true,
            ..Default::default()
        };
        cute::render::grid::render(&self.value, &opts)
            .or_else(|_| cute::render::grid::render(&self.value, &Default::default()))
            .map_err(|e| errors::raise(py, ErrorClass::Value, &e.0))
    }

    /// The values `L(0)`, `L(1)`, ... `L(size-1)` of a layout, composed layout, tensor or
    /// swizzle (at most 2^20 of them).
    fn values(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let size = match crate::session::call(
            Callee::Function("size"),
            vec![self.value.clone()],
            Vec::new(),
        ) {
            Ok(v) => v.as_int().unwrap_or(0),
            Err(f) => return Err(errors::from_failure(py, f)),
        };
        if size > cute::limits::MAX_ENUMERATED {
            return Err(errors::raise(
                py,
                ErrorClass::Limit,
                &format!(
                    "the value has {size} points, more than the limit of {} listed",
                    cute::limits::MAX_ENUMERATED
                ),
            ));
        }
        let span = cute::parser::Span::default();
        (0..size)
            .map(
                |i| match cute::eval::apply(&self.value, &Value::int(i), span, span, span) {
                    Ok(v) => to_python(py, v),
                    Err(e) => Err(errors::raise(py, ErrorClass::Value, &e.message)),
                },
            )
            .collect()
    }

    /// The values as a NumPy array shaped as the layout's top-level modes (column-major, as
    /// CuTe's coordinates run).
    fn to_numpy(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let np = py.import("numpy")?;
        let values = self.values(py)?;
        let shape = match &self.value {
            Value::Layout(l) => Some(l.shape().to_owned()),
            Value::OffsetLayout(_, l) => Some(l.shape().to_owned()),
            Value::Composed(c) | Value::SwizzledTensor(_, c) => Some(c.layout.shape().to_owned()),
            _ => None,
        };
        let arr = np.getattr("array")?.call1((values,))?;
        let Some(shape) = shape else {
            return Ok(arr.unbind());
        };
        let dims = shape
            .product_each()
            .map_err(|e| errors::raise(py, ErrorClass::Overflow, &e.to_string()))?;
        let dims: Vec<i64> = match dims.view() {
            cute::algebra::int_tuple::View::Int(i) => vec![i],
            cute::algebra::int_tuple::View::Tuple(m) => {
                m.iter().map(|d| d.as_int().unwrap_or(1)).collect()
            }
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("order", "F")?;
        Ok(arr.call_method("reshape", (dims,), Some(&kwargs))?.unbind())
    }

    /// Jupyter: an MMA or copy (its thread/value picture, CuTe's `print_svg`), or a layout or
    /// composed layout of rank at most 2 and at most [`SVG_CELLS`] cells (its grid of indices,
    /// `print_latex`'s picture in `print_svg`'s style): the engine's SVG renderer.
    fn _repr_svg_(&self) -> Option<String> {
        if !has_svg(&self.value) {
            return None;
        }
        cute::render::svg::render(&self.value).ok()
    }

    /// Jupyter: a layout, composed layout or tensor without an SVG picture (a tensor, a layout
    /// of rank 3 or more, or a large one) as its grid of indices, coloured as the CLI colours it.
    fn _repr_html_(&self) -> Option<String> {
        if has_svg(&self.value) && cute::render::svg::render(&self.value).is_ok() {
            return None;
        }
        crate::html::grid(&self.value)
    }

    /// What kind of value this is, in words ("a layout", "a tiled MMA", ...).
    #[getter]
    fn kind(&self) -> &'static str {
        self.value.kind()
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String,))> {
        let py = slf.py();
        let f = py.import("cutelayout")?.getattr("_from_notation")?.unbind();
        Ok((f, (cute::render::plain::render(&slf.get().value),)))
    }
}

/// The most cells of a layout that Jupyter is shown as an SVG picture (more: its HTML grid).
const SVG_CELLS: i64 = 4096;

/// Whether Jupyter is shown the value's SVG: a TV picture, or a small layout or composed layout.
fn has_svg(v: &Value) -> bool {
    if cute::render::tv::has_picture(v) {
        return true;
    }
    let size = match v {
        Value::Layout(l) => l.size(),
        Value::Composed(c) => c.layout.size(),
        _ => return false,
    };
    size.is_ok_and(|n| n <= SVG_CELLS)
}

/// `x.name`, waiting for its arguments: `tiled_mma.get_slice` before `(3)`.
#[pyclass(module = "cutelayout", frozen)]
pub struct BoundMember {
    target: Py<PyAny>,
    name: String,
}

#[pymethods]
impl BoundMember {
    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(
        &self,
        py: Python<'_>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let target = to_value(self.target.bind(py))?;
        let args = values_of(args)?;
        let kwargs = keywords_of(kwargs)?;
        run(py, Callee::Method(target, &self.name), args, kwargs)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<member {} of {}>",
            self.name,
            self.target
                .bind(py)
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_default()
        )
    }
}

/// Whether a value holds `_` (a slice's coordinate).
fn has_under(v: &Value) -> bool {
    match v {
        Value::Under => true,
        Value::Tuple(items) => items.iter().any(has_under),
        _ => false,
    }
}

/// Whether a name is an identifier (what may stand in a statement as a name).
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}
