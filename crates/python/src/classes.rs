//! The Python classes of values: `Value`, and its subclasses with the CuTe DSL's class names
//! (`Layout`, `ComposedLayout`, `Swizzle`, `Tensor`, `MmaAtom`, `TiledMma`, `ThrMma`,
//! `CopyAtom`, `TiledCopy`, `ThrCopy`), and [`wrap`], which makes the object of a value's class.
//! Their methods are in `objects`.

use cute::atoms::Atom;
use cute::eval::Value;
use pyo3::prelude::*;

/// A value of `cute`'s engine. Its subclasses name the kinds the CuTe DSL names.
#[pyclass(name = "Value", module = "cutelayout", subclass, frozen, weakref)]
pub struct PyValue {
    pub value: Value,
}

macro_rules! subclass {
    ($rust:ident, $name:literal, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(name = $name, module = "cutelayout", extends = PyValue, frozen)]
        pub struct $rust;
    };
}

subclass!(
    PyLayout,
    "Layout",
    "A layout `shape:stride`, a function from coordinates to indices."
);
subclass!(
    PyComposedLayout,
    "ComposedLayout",
    "A composed layout `Sw o OFF o L`: a swizzle after an offset after a layout."
);
subclass!(PySwizzle, "Swizzle", "A swizzle `Sw<B,M,S>`.");
subclass!(
    PyTensor,
    "Tensor",
    "A tensor over its own indices: `OFF o L` (an offset layout), `ArithTuple(0,0) o L` (an identity tensor) or `OFF o Sw o OFF2 o L`."
);
subclass!(PyMmaAtom, "MmaAtom", "An MMA atom.");
subclass!(PyTiledMma, "TiledMma", "A tiled MMA.");
subclass!(PyThrMma, "ThrMma", "A thread's slice of a tiled MMA.");
subclass!(PyCopyAtom, "CopyAtom", "A copy atom.");
subclass!(PyTiledCopy, "TiledCopy", "A tiled copy.");
subclass!(PyThrCopy, "ThrCopy", "A thread's slice of a tiled copy.");

/// A value as an object of its class.
pub fn wrap(py: Python<'_>, value: Value) -> PyResult<Py<PyAny>> {
    let kind = kind_of(&value);
    let base = PyClassInitializer::from(PyValue { value });
    macro_rules! sub {
        ($t:expr) => {
            Ok(Py::new(py, base.add_subclass($t))?.into_any())
        };
    }
    match kind {
        Kind::Layout => sub!(PyLayout),
        Kind::Composed => sub!(PyComposedLayout),
        Kind::Swizzle => sub!(PySwizzle),
        Kind::Tensor => sub!(PyTensor),
        Kind::Atom(a) => match a {
            AtomKind::Mma => sub!(PyMmaAtom),
            AtomKind::TiledMma => sub!(PyTiledMma),
            AtomKind::ThrMma => sub!(PyThrMma),
            AtomKind::Copy => sub!(PyCopyAtom),
            AtomKind::TiledCopy => sub!(PyTiledCopy),
            AtomKind::ThrCopy => sub!(PyThrCopy),
        },
        Kind::Other => Ok(Py::new(py, base)?.into_any()),
    }
}

enum AtomKind {
    Mma,
    TiledMma,
    ThrMma,
    Copy,
    TiledCopy,
    ThrCopy,
}

enum Kind {
    Layout,
    Composed,
    Swizzle,
    Tensor,
    Atom(AtomKind),
    Other,
}

fn kind_of(v: &Value) -> Kind {
    match v {
        Value::Layout(_) => Kind::Layout,
        Value::Composed(_) => Kind::Composed,
        Value::Swizzle(_) => Kind::Swizzle,
        Value::OffsetLayout(..) | Value::SwizzledTensor(..) => Kind::Tensor,
        Value::Atom(a) => match a.as_ref() {
            Atom::Mma(_) => Kind::Atom(AtomKind::Mma),
            Atom::TiledMma(_) => Kind::Atom(AtomKind::TiledMma),
            Atom::ThrMma(..) => Kind::Atom(AtomKind::ThrMma),
            Atom::Copy(_) => Kind::Atom(AtomKind::Copy),
            Atom::TiledCopy(_) => Kind::Atom(AtomKind::TiledCopy),
            Atom::ThrCopy(..) => Kind::Atom(AtomKind::ThrCopy),
            // a TV tiler (make_tmem_warp_partitioner) and its slice: the base class
            Atom::TvTiler(_) | Atom::TvSlice(..) => Kind::Other,
        },
        _ => Kind::Other,
    }
}
