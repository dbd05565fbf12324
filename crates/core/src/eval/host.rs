//! The host side of a CuTe DSL program as CUTLASS's notebooks write it, and the DSL's
//! TensorSSA. NumPy's arrays: `np.arange`, `np.ones`, `np.zeros`, `np.empty`, `np.array`,
//! `np.random.randn` (random values are not modelled: its elements are unset), `reshape`,
//! `astype`; a name bound to one holds a host tensor (row-major, its values in the session's
//! storage), which `from_dlpack(a)` hands to a jit function as the DSL does (a tensor in
//! `generic` memory). The DSL's TensorSSA (`t.load()`): the values by value, over the
//! column-major layout of the tensor's shape, with its element-wise arithmetic, comparisons,
//! `cute.math` functions, `reduce`, `broadcast_to` and `t.store(v)`.

use super::storage::{ElemType, Number, Scalar};
use super::{Env, EvalError, Outcome, Value};
use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
use crate::algebra::tensor::Origin;
use crate::algebra::{IntTuple, Layout};
use crate::parser::{BinOp, Expr, ExprKind, Span, UnOp};

/// Values held by value over a compact layout: the value at coordinate `c` is
/// `values[layout(c)]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ssa {
    /// The element type.
    pub ty: ElemType,
    /// A NumPy array's row-major layout, a TensorSSA's column-major one.
    pub layout: Layout,
    /// The values in the layout's order; `None`: not known (`np.empty`, `np.random`).
    pub values: Vec<Option<Number>>,
    /// Whether it is a NumPy array (not yet bound to a name), not a TensorSSA.
    pub numpy: bool,
    /// Whether torch made the array (`torch.arange`), not NumPy.
    pub torch: bool,
}

fn shape_of(extents: &[i64]) -> IntTuple {
    match Value::tuple(extents.iter().map(|&n| Value::int(n)).collect()) {
        Value::IntTuple(t) => t,
        _ => IntTuple::int(0),
    }
}

/// The number of elements of an array of the extents `ext`, within the limit on stored
/// elements (an array is held whole; the product may overflow).
fn element_count(ext: &[i64]) -> Result<usize, String> {
    ext.iter()
        .try_fold(1i64, |n, &e| n.checked_mul(e))
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= crate::limits::MAX_STORED_ELEMENTS)
        .ok_or_else(|| {
            format!(
                "an array of more than {} elements",
                crate::limits::MAX_STORED_ELEMENTS
            )
        })
}

/// NumPy's limit on an array's dimensions (`NPY_MAXDIMS`; past it NumPy raises "maximum
/// supported dimension for an ndarray is currently 64").
const NUMPY_MAX_DIMS: usize = 64;

/// A C-contiguous NumPy array's layout as `from_dlpack` hands it to the DSL: row-major, each
/// stride the product of the extents after it (an extent of 1 too: NumPy's strides). Every
/// NumPy array of the session is made here: its rank within [`NUMPY_MAX_DIMS`].
fn numpy_layout(extents: &[i64]) -> Result<Layout, String> {
    if extents.len() > NUMPY_MAX_DIMS {
        return Err(format!(
            "a NumPy array has at most {NUMPY_MAX_DIMS} dimensions, found {}",
            extents.len()
        ));
    }
    let mut strides = vec![1i64; extents.len()];
    for k in (0..extents.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1]
            .checked_mul(extents[k + 1])
            .ok_or("an array's strides overflow")?;
    }
    Layout::new(shape_of(extents), shape_of(&strides)).map_err(|e| e.to_string())
}

/// The element type a NumPy or DSL type's expression names (`np.float32`, `cutlass.Float32`).
fn dtype_of(e: &Expr) -> Option<ElemType> {
    let name = match e.kind {
        ExprKind::Field(_, n) | ExprKind::Name(n) | ExprKind::Qualified(n) => n,
        // `torch_dtype(cutlass.Float32)` (cutlass.torch's): the type it names
        ExprKind::Call(_, [t]) => return dtype_of(t),
        _ => return None,
    };
    let name = name.rsplit('.').next().unwrap_or(name);
    Some(match name {
        "float32" | "Float32" => ElemType::F32,
        "float64" | "Float64" | "float" => ElemType::F64,
        "float16" | "Float16" => ElemType::F16,
        "int32" | "Int32" => ElemType::I32,
        "int64" | "Int64" | "int" => ElemType::I64,
        "int8" | "Int8" => ElemType::I8,
        "int16" | "Int16" => ElemType::I16,
        "uint8" | "Uint8" => ElemType::U8,
        "uint16" | "Uint16" => ElemType::U16,
        "uint32" | "Uint32" => ElemType::U32,
        "uint64" | "Uint64" => ElemType::U64,
        "bool_" | "bool" | "Boolean" => ElemType::Bool,
        _ => return None,
    })
}

/// The host module `e` names, if it is one: `np` (NumPy's), `torch` (whose host tensors
/// cute models as NumPy's arrays), no variable of the session named so.
fn host_module<'e>(env: &Env, e: &Expr<'e>) -> Option<&'e str> {
    match e.kind {
        ExprKind::Name(m @ ("np" | "numpy" | "torch")) if !env.is_bound(m) => Some(m),
        _ => None,
    }
}

/// The array whose address `e` takes: `a.ctypes.data` (NumPy), `a.data_ptr()` (torch).
pub(super) fn host_array_address<'e>(e: &Expr<'e>) -> Option<&'e str> {
    match e.kind {
        ExprKind::Field(base, "data")
            if let ExprKind::Field(a, "ctypes") = base.kind
                && let ExprKind::Name(n) = a.kind =>
        {
            Some(n)
        }
        ExprKind::Call(callee, [])
            if let ExprKind::Field(a, "data_ptr") = callee.kind
                && let ExprKind::Name(n) = a.kind =>
        {
            Some(n)
        }
        _ => None,
    }
}

/// Whether `e` names a host module or one of its modules (`np`, `np.random`, `torch`).
pub(super) fn is_host_module_path(env: &Env, e: &Expr) -> bool {
    let mut e = e;
    while let ExprKind::Field(base, _) = e.kind {
        e = base;
    }
    host_module(env, e).is_some()
}

impl Ssa {
    fn size(&self) -> usize {
        self.values.len()
    }

    /// The value at the layout's index `i` (its `i`-th coordinate in colex order).
    fn at(&self, i: i64) -> Result<Option<Number>, String> {
        let k = self.layout.at(i).map_err(|e| e.to_string())?;
        Ok(self.values.get(k as usize).copied().flatten())
    }

    /// A TensorSSA of `ty` over the column-major layout of `shape`, its values `values` in
    /// colex order.
    fn column_major(
        ty: ElemType,
        shape: IntTuple,
        values: Vec<Option<Number>>,
    ) -> Result<Ssa, String> {
        let layout = Layout::column_major(shape).map_err(|e| e.to_string())?;
        Ok(Ssa {
            ty,
            layout,
            values,
            numpy: false,
            torch: false,
        })
    }

    fn extents(&self) -> Vec<i64> {
        self.layout.shape().leaves().to_vec()
    }
}

/// The CuTe DSL's `cute.full(shape, fill_value, dtype)` (tensor.py): a TensorSSA of `shape`
/// (column-major) every value of which is `fill` as `ty` holds it; `cute.full_like(a, fill)` is
/// this of a TensorSSA's shape and type (a `dtype` given: that one).
pub(super) fn dsl_full(shape: &IntTuple, fill: &Value, ty: ElemType) -> Result<Value, String> {
    let n = element_count(&shape.leaves())?;
    let x = super::elements::number_of(fill)
        .ok_or_else(|| format!("full: the fill value is a number, not {}", fill.kind()))?;
    let value = ty.round(x.value)?;
    Ssa::column_major(ty, shape.clone(), vec![Some(value); n]).map(|s| Value::Ssa(Box::new(s)))
}

/// A TensorSSA's shape and element type (`full_like`'s model), or `None` where `v` is none.
pub(super) fn ssa_shape_and_type(v: &Value) -> Option<(IntTuple, ElemType)> {
    match v {
        Value::Ssa(s) if !s.numpy => Some((s.layout.shape().to_owned(), s.ty)),
        _ => None,
    }
}

/// Each value of `xs` rounded as `ty` holds it.
fn rounded(ty: ElemType, x: Option<Number>) -> Result<Option<Number>, String> {
    x.map(|x| ty.round(x)).transpose()
}

impl Env {
    /// Python's `float(x)`, `int(x)`, `max(…)`, `min(…)` of Python's numbers (DSL text, a
    /// Python float among them or converted): `None` where the call is another (CuTe's `max`
    /// of IntTuples, C++'s `float(x)`).
    pub(super) fn python_number_builtin(
        &self,
        callee: &Expr,
        args: &[Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let ExprKind::Name(f @ ("float" | "int" | "max" | "min")) = callee.kind else {
            return None;
        };
        if !(self.dsl || self.dsl_seen) || self.is_bound(f) {
            return None;
        }
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            match self.eval(a) {
                Ok(v) => vals.push(v),
                Err(e) => return Some(Err(e)),
            }
        }
        python_number_call(f, &vals, span)
    }

    /// A call of NumPy (`np.arange(…)`), `from_dlpack(a)`, a NumPy array's or a TensorSSA's
    /// method, `t.load()`, `cute.math.F(v)`; `None` where the call is none of these.
    pub(super) fn host_call(
        &self,
        callee: &Expr,
        args: &[Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        match callee.kind {
            // `v[i]`, `v[(None, 1, None)]` of a TensorSSA (DSL text only: C++'s `get` is hot)
            // (a base that is itself a link, `v[0][1]…`, is left to the chain, which indexes
            // each link's value: [`Env::host_method_of`])
            ExprKind::Qualified("get")
                if (self.dsl || self.dsl_seen)
                    && let [base, index] = args
                    && !self.is_link(base) =>
            {
                let v = match self.eval(base) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                let Value::Ssa(a) = v else { return None };
                Some(
                    self.eval(index)
                        .and_then(|i| ssa_index(&a, &i).map_err(|m| EvalError::new(m, index.span))),
                )
            }
            // Python's `isinstance(v, T)` of the DSL's classes
            ExprKind::Name("isinstance")
                if (self.dsl || self.dsl_seen)
                    && let [v, class] = args =>
            {
                let v = match self.eval(v) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                let class = match class.kind {
                    ExprKind::Field(_, c) | ExprKind::Name(c) | ExprKind::Qualified(c) => c,
                    _ => "",
                };
                let is = match class {
                    "TensorSSA" => matches!(v, Value::Ssa(ref a) if !a.numpy),
                    "Tensor" => matches!(v, Value::OffsetLayout(..) | Value::SwizzledTensor(..)),
                    "Layout" => matches!(v, Value::Layout(_)),
                    "int" => matches!(v, Value::IntTuple(ref t) if t.is_int() && !t.is_dynamic()),
                    "tuple" => v.tuple_modes().is_some(),
                    _ => {
                        return Some(Err(EvalError::new(
                            format!(
                                "isinstance of the class '{class}' is not modelled (cute models cute.TensorSSA, cute.Tensor, cute.Layout, int, tuple)"
                            ),
                            span,
                        )));
                    }
                };
                Some(Ok(Value::Bool(is)))
            }
            ExprKind::Field(m, f) if let Some(module) = host_module(self, m) => {
                Some(self.numpy_call(module, f, args, span))
            }
            ExprKind::Field(r, "randn")
                if let ExprKind::Field(m, "random") = r.kind
                    && let Some(module) = host_module(self, m) =>
            {
                Some(self.numpy_call(module, "randn", args, span))
            }
            // `cutlass.cuda.initialize_cuda_context()` and the rest of CUDA's driver
            ExprKind::Field(m, f)
                if matches!(m.kind, ExprKind::Name("cuda") | ExprKind::Qualified("cuda"))
                    && !self.is_bound("cuda") =>
            {
                Some(Err(EvalError::new(
                    format!(
                        "cutlass.cuda.{f}: CUDA's driver on a GPU, which cute does not run (it answers a kernel's body for thread 0 of block 0, and a jit function on the host)"
                    ),
                    span,
                )))
            }
            // `cute.runtime.make_ptr(T, a.ctypes.data)` (`cute_rt.make_ptr`, torch's
            // `a.data_ptr()`) of a name bound to a host array: a pointer to its buffer
            ExprKind::Field(_, "make_ptr")
            | ExprKind::Qualified("make_ptr")
            | ExprKind::Name("make_ptr")
                if let [_, address, ..] = args
                    && host_array_address(address).is_some() =>
            {
                Some(self.runtime_make_ptr(args, span))
            }
            ExprKind::Name("from_dlpack") | ExprKind::Qualified("from_dlpack")
                if !self.is_bound("from_dlpack") =>
            {
                Some(self.dlpack_view(args, span))
            }
            // the DSL's `from_dlpack(a).mark_layout_dynamic()`,
            // `.mark_compact_shape_dynamic(mode=…, divisibility=…)`
            ExprKind::Field(base, m @ ("mark_layout_dynamic" | "mark_compact_shape_dynamic")) => {
                let v = match self.eval(base) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                let Value::OffsetLayout(Origin::Ptr(p), l) = &v else {
                    return None;
                };
                let PtrBase::Host { dlpack: true, .. } = p.base else {
                    return None;
                };
                let marked = match self.marked_dynamic(m, l, args, span) {
                    Ok(l) => Value::OffsetLayout(Origin::Ptr(p.clone()), Box::new(l)),
                    Err(e) => return Some(Err(e)),
                };
                // the method marks the tensor itself (and returns it)
                if let ExprKind::Name(n) = base.kind {
                    self.marked
                        .borrow_mut()
                        .push((n.to_string(), marked.clone()));
                }
                Some(Ok(marked))
            }
            ExprKind::Field(
                base,
                m @ ("reshape" | "astype" | "load" | "reduce" | "broadcast_to" | "permute"),
            ) => {
                let v = match self.eval(base) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                match (&v, m) {
                    // `t.permute(…)` of a name bound to a torch tensor: a view of its memory
                    (Value::OffsetLayout(Origin::Ptr(p), l), "permute")
                        if matches!(p.base, PtrBase::Host { torch: true, .. }) =>
                    {
                        Some(self.permuted_view(p, l, args, span))
                    }
                    (Value::Ssa(_), _) | (Value::OffsetLayout(Origin::Ptr(_), _), "load") => {
                        Some(self.host_method(v, m, args, span))
                    }
                    // `a.astype(np.float16)` of a name bound to a NumPy array: its values
                    (Value::OffsetLayout(..), _) => match self.bound_numpy_values(&v, span)? {
                        Ok(a) => Some(self.host_method(Value::Ssa(Box::new(a)), m, args, span)),
                        Err(e) => Some(Err(e)),
                    },
                    _ => None,
                }
            }
            ExprKind::Field(module, f)
                if matches!(
                    module.kind,
                    ExprKind::Qualified("math") | ExprKind::Field(_, "math")
                ) && let [arg] = args =>
            {
                let v = match self.eval(arg) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                let Value::Ssa(a) = v else { return None };
                Some(math(f, &a, span).map(|a| Value::Ssa(Box::new(a))))
            }
            ExprKind::Qualified(f)
                if let Some(f) = f.strip_prefix("math.")
                    && let [arg] = args =>
            {
                let v = match self.eval(arg) {
                    Ok(v) => v,
                    Err(e) => return Some(Err(e)),
                };
                let Value::Ssa(a) = v else { return None };
                Some(math(f, &a, span).map(|a| Value::Ssa(Box::new(a))))
            }
            _ => None,
        }
    }

    /// `v.M(args)` of a chain's link, `v` a NumPy array or TensorSSA (or a tensor over memory,
    /// for `load`); `None` for another call.
    pub(super) fn host_method_of(
        &self,
        callee: &Expr,
        v: &Value,
        args: &[Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        // `v[i]` of a TensorSSA, a link of a chain `v[0][1]…` (its base's value `v`)
        if let ExprKind::Qualified("get") = callee.kind
            && (self.dsl || self.dsl_seen)
            && let (Value::Ssa(a), [_, index]) = (v, args)
        {
            return Some(
                self.eval(index)
                    .and_then(|i| ssa_index(a, &i).map_err(|m| EvalError::new(m, index.span))),
            );
        }
        let ExprKind::Field(
            _,
            m @ ("reshape" | "astype" | "load" | "reduce" | "broadcast_to" | "permute"),
        ) = callee.kind
        else {
            return None;
        };
        match (v, m) {
            (Value::OffsetLayout(Origin::Ptr(p), l), "permute")
                if matches!(p.base, PtrBase::Host { torch: true, .. }) =>
            {
                Some(self.permuted_view(p, l, args, span))
            }
            (Value::Ssa(_), _) | (Value::OffsetLayout(Origin::Ptr(_), _), "load") => {
                Some(self.host_method(v.clone(), m, args, span))
            }
            // `a.astype(np.float32)` of a name bound to a NumPy array, in a chain
            (_, "reshape" | "astype") => {
                let a = self.bound_numpy_values(v, span)?;
                Some(a.and_then(|a| self.host_method(Value::Ssa(Box::new(a)), m, args, span)))
            }
            _ => None,
        }
    }

    /// The arguments of a NumPy call: positional ones (a `*t` unpacked) and `dtype=`.
    fn numpy_args(&self, args: &[Expr]) -> Result<(Vec<Value>, Option<ElemType>), EvalError> {
        let mut vals = Vec::new();
        let mut dtype = None;
        for a in args {
            match a.kind {
                ExprKind::Keyword("dtype", t) => {
                    dtype = Some(dtype_of(t).ok_or_else(|| {
                        EvalError::new("a NumPy dtype cute models: np.float32, np.float64, np.float16, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.bool_", t.span)
                    })?);
                }
                ExprKind::Keyword("device", d) if !matches!(d.kind, ExprKind::Str("cpu")) => {
                    return Err(EvalError::new(
                        "a tensor in a GPU's memory (device=\"cuda\"): cute runs no GPU (it models host arrays: device=\"cpu\", NumPy's)",
                        a.span,
                    ));
                }
                ExprKind::Keyword("device", _) => {}
                ExprKind::Keyword(k, _) => {
                    return Err(EvalError::new(
                        format!("the keyword '{k}' of a host array is not modelled"),
                        a.span,
                    ));
                }
                ExprKind::Unary(UnOp::Splat, t) => match self.eval(t)? {
                    v if v.tuple_modes().is_some() => {
                        vals.extend(v.tuple_modes().unwrap_or_default())
                    }
                    v => vals.push(v),
                },
                _ => vals.push(self.eval(a)?),
            }
        }
        Ok((vals, dtype))
    }

    fn numpy_call(
        &self,
        module: &str,
        f: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let (vals, dtype) = self.numpy_args(args)?;
        let err = |m: String| EvalError::new(format!("{module}.{f}: {m}"), span);
        let extents = |vals: &[Value]| -> Result<Vec<i64>, EvalError> {
            let flat: Vec<Value> = match vals {
                [v] if v.tuple_modes().is_some() => v.tuple_modes().unwrap_or_default(),
                _ => vals.to_vec(),
            };
            flat.iter()
                .map(|v| match v.as_int() {
                    Some(n) if n >= 0 => Ok(n),
                    Some(n) => Err(err(format!(
                        "negative dimensions are not allowed (an extent {n})"
                    ))),
                    None => Err(err(format!(
                        "a shape's extent must be an integer, found {}",
                        v.kind()
                    ))),
                })
                .collect()
        };
        let array = |ty: ElemType, ext: &[i64], values: Vec<Option<Number>>| {
            let layout = numpy_layout(ext).map_err(err)?;
            let values = values
                .into_iter()
                .map(|x| rounded(ty, x))
                .collect::<Result<Vec<_>, _>>()
                .map_err(err)?;
            Ok(Value::Ssa(Box::new(Ssa {
                ty,
                layout,
                values,
                numpy: true,
                torch: module == "torch",
            })))
        };
        let count = |ext: &[i64]| element_count(ext).map_err(err);
        match f {
            "arange" => {
                let (start, stop) = match vals.as_slice() {
                    [n] => (0, n.as_int()),
                    [a, b] => (a.as_int().unwrap_or(0), b.as_int()),
                    _ => return Err(err("np.arange(stop) or np.arange(start, stop) is modelled".into())),
                };
                let stop = stop.ok_or_else(|| err("its bounds must be integers".into()))?;
                let n = (stop - start).max(0);
                count(&[n])?;
                let ty = dtype.unwrap_or(ElemType::I64);
                array(ty, &[n], (start..stop).map(|i| Some(Number::Int(i.into()))).collect())
            }
            "ones" | "zeros" | "empty" | "randn" => {
                let ext = extents(&vals)?;
                let n = count(&ext)?;
                // torch's default dtype is float32, NumPy's float64
                let ty = dtype.unwrap_or(if module == "torch" {
                    ElemType::F32
                } else {
                    ElemType::F64
                });
                let x = match f {
                    "ones" => Some(Number::Int(1)),
                    "zeros" => Some(Number::Int(0)),
                    _ => None,
                };
                array(ty, &ext, vec![x; n])
            }
            // torch.tensor(LIST) is NumPy's array of the list (torch's floating default float32)
            "array" | "tensor" if f == "array" || module == "torch" => {
                let [v] = vals.as_slice() else {
                    return Err(err("np.array(LIST) is modelled".into()));
                };
                let modes = v.tuple_modes().ok_or_else(|| err("np.array takes a list".into()))?;
                let nested = modes.iter().any(|m| m.tuple_modes().is_some());
                let (ext, items) = if nested {
                    let rows: Vec<Vec<Value>> =
                        modes.iter().map(|m| m.tuple_modes().unwrap_or_default()).collect();
                    let cols = rows.first().map_or(0, Vec::len);
                    if rows.iter().any(|r| r.len() != cols) {
                        return Err(err("the rows must be of one length".into()));
                    }
                    (vec![rows.len() as i64, cols as i64], rows.concat())
                } else {
                    (vec![modes.len() as i64], modes)
                };
                let mut float = false;
                let xs = items
                    .iter()
                    .map(|x| match x {
                        Value::Bool(b) => Ok(Some(Number::Int(i128::from(*b)))),
                        Value::Scalar(s) => {
                            float |= s.ty.is_float();
                            Ok(Some(s.value))
                        }
                        v => v
                            .as_int()
                            .map(|n| Some(Number::Int(n.into())))
                            .ok_or_else(|| err(format!("an element must be a number, found {}", v.kind()))),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                // (a list of truth values only is NumPy's bool array, torch's too)
                let bools = !items.is_empty() && items.iter().all(|x| matches!(x, Value::Bool(_)));
                let ty = dtype.unwrap_or(match (float, module) {
                    (true, "torch") => ElemType::F32,
                    (true, _) => ElemType::F64,
                    _ if bools => ElemType::Bool,
                    _ => ElemType::I64,
                });
                array(ty, &ext, xs)
            }
            // torch's `randint([low,] high, size, dtype=…)`: random integers, which cute does not
            // hold (its elements unset, as randn's: written before they are read they answer)
            "randint" if module == "torch" => {
                let (bounds, size) = match vals.as_slice() {
                    [b @ .., size] if (1..=2).contains(&b.len()) => (b, size),
                    _ => {
                        return Err(err(
                            "torch.randint(high, size) or torch.randint(low, high, size) is modelled"
                                .into(),
                        ));
                    }
                };
                let bounds: Vec<i64> = bounds
                    .iter()
                    .map(|b| b.as_int().ok_or_else(|| err("its bounds must be integers".into())))
                    .collect::<Result<_, _>>()?;
                let (low, high) = match bounds.as_slice() {
                    [h] => (0, *h),
                    [l, h] => (*l, *h),
                    _ => unreachable!("one or two bounds"),
                };
                if low >= high {
                    return Err(err(format!(
                        "random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
                    )));
                }
                let ext = extents(std::slice::from_ref(size))?;
                let n = count(&ext)?;
                array(dtype.unwrap_or(ElemType::I64), &ext, vec![None; n])
            }
            "prod" => {
                let ext = extents(&vals)?;
                ext.iter()
                    .try_fold(1i64, |n, &e| n.checked_mul(e))
                    .map(Value::int)
                    .ok_or_else(|| err("the product overflows".into()))
            }
            _ => Err(err("not modelled (cute models a host array's arange, ones, zeros, empty, array, random.randn, randn, prod; torch.tensor, torch.randint)".into())),
        }
    }

    /// `from_dlpack(a)` of a NumPy array bound to a name: the same memory as the DSL's tensor
    /// (`generic`).
    /// The CuTe DSL's `cute.runtime.make_ptr(dtype, address, mem_space=generic)` of a host
    /// array's address (`a.ctypes.data`): a pointer to the array's buffer, as `from_dlpack(a)`'s
    /// tensor points at it (its `Ptr<ADDRESS@generic>`, ADDRESS printed `host`). The element
    /// type must be the array's (a reinterpretation of its bytes is not modelled).
    fn runtime_make_ptr(&self, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let [dtype, address, rest @ ..] = args else {
            return Err(EvalError::new(
                "cute.runtime.make_ptr takes (dtype, address[, mem_space])",
                span,
            ));
        };
        let name = host_array_address(address).unwrap_or_default();
        let array = self.eval(&Expr {
            kind: ExprKind::Name(name),
            span: address.span,
        })?;
        let Value::OffsetLayout(Origin::Ptr(p), _) = &array else {
            return Err(EvalError::new(
                format!(
                    "'{name}' holds {}, not a NumPy or torch array",
                    array.kind()
                ),
                address.span,
            ));
        };
        let PtrBase::Host { torch, .. } = p.base else {
            return Err(EvalError::new(
                format!("'{name}' is no host array (from_dlpack's view has no ctypes address)"),
                address.span,
            ));
        };
        let ty = dtype_of(dtype).ok_or_else(|| {
            EvalError::new(
                "cute.runtime.make_ptr: expected the DSL's element type (cutlass.Float32, …)",
                dtype.span,
            )
        })?;
        let held = self
            .buffers
            .elem_type(p)
            .map_err(|m| EvalError::new(m, address.span))?;
        if ty != held {
            return Err(EvalError::new(
                format!(
                    "cute.runtime.make_ptr: a pointer of {} to an array of {}: a reinterpretation of its bytes is not modelled (name the array's type)",
                    ty.dsl_type().unwrap_or(ty.name()),
                    held.dsl_type().unwrap_or(held.name())
                ),
                dtype.span,
            ));
        }
        // (a host array's pointer is the DSL's generic one, as from_dlpack's)
        match rest {
            [] => {}
            [s] if matches!(s.kind, ExprKind::Field(_, "generic")) => {}
            [s] => {
                return Err(EvalError::new(
                    "cute.runtime.make_ptr of a host array: a memory space other than cute.AddressSpace.generic is not modelled",
                    s.span,
                ));
            }
            [_, extra, ..] => {
                return Err(EvalError::new(
                    "cute.runtime.make_ptr: its alignment (assumed_align) is not modelled",
                    extra.span,
                ));
            }
        };
        let mut ptr = p.clone();
        ptr.base = PtrBase::Host {
            dlpack: true,
            torch,
        };
        Ok(Value::Pointer(ptr))
    }

    fn dlpack_view(&self, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let [arg] = args else {
            return Err(EvalError::new("from_dlpack takes one array", span));
        };
        match self.eval(arg)? {
            Value::OffsetLayout(Origin::Ptr(mut p), l)
                if matches!(p.base, PtrBase::Host { .. }) =>
            {
                if let PtrBase::Host { dlpack, .. } = &mut p.base {
                    *dlpack = true;
                }
                Ok(Value::OffsetLayout(Origin::Ptr(p), l))
            }
            Value::Ssa(a) if a.numpy => Err(EvalError::new(
                "from_dlpack of an array no name holds: bind it first (a = np.…)",
                arg.span,
            )),
            v => Err(EvalError::new(
                format!("from_dlpack takes a NumPy array, found {}", v.kind()),
                arg.span,
            )),
        }
    }

    fn host_method(
        &self,
        v: Value,
        m: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let err = |msg: String| EvalError::new(format!("{m}: {msg}"), span);
        if m == "load" {
            let Value::OffsetLayout(o, l) = &v else {
                unreachable!()
            };
            let Origin::Ptr(p) = o else { unreachable!() };
            let ty = self.buffers.elem_type(p).map_err(err)?;
            let n = l.size().map_err(|e| err(e.to_string()))?;
            let values = (0..n)
                .map(|i| {
                    let at = l.at(i).map_err(|e| e.to_string())?;
                    let e = super::storage::element_at(o, at)?;
                    Ok(self.buffers.peek(&e)?.map(|s| s.value))
                })
                .collect::<Result<Vec<_>, String>>()
                .map_err(err)?;
            let ssa = Ssa::column_major(ty, l.shape().to_owned(), values).map_err(err)?;
            return Ok(Value::Ssa(Box::new(ssa)));
        }
        let Value::Ssa(a) = v else { unreachable!() };
        match m {
            "reshape" => {
                let (vals, _) = self.numpy_args(args)?;
                let flat: Vec<Value> = match vals.as_slice() {
                    [t] if t.tuple_modes().is_some() => t.tuple_modes().unwrap_or_default(),
                    _ => vals,
                };
                let ext = flat
                    .iter()
                    .map(|v| {
                        v.as_int()
                            .ok_or_else(|| err("the shape must be integers".into()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if numpy_layout(&a.extents()).ok().as_ref() != Some(&a.layout) {
                    return Err(err(
                        "of a permuted (not contiguous) tensor is not modelled".to_string()
                    ));
                }
                if element_count(&ext).ok() != Some(a.size()) || !a.numpy {
                    let shape: Vec<String> = ext.iter().map(i64::to_string).collect();
                    return Err(err(format!(
                        "cannot reshape an array of {} elements into the shape ({})",
                        a.size(),
                        shape.join(", ")
                    )));
                }
                let layout = numpy_layout(&ext).map_err(err)?;
                Ok(Value::Ssa(Box::new(Ssa { layout, ..*a })))
            }
            "astype" => {
                let [t] = args else {
                    return Err(err("astype takes a dtype".into()));
                };
                let ty = dtype_of(t).ok_or_else(|| err("a NumPy dtype (np.float32, …)".into()))?;
                let values = a
                    .values
                    .iter()
                    .map(|&x| rounded(ty, x))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(err)?;
                Ok(Value::Ssa(Box::new(Ssa { ty, values, ..*a })))
            }
            "broadcast_to" => {
                let [t] = args else {
                    return Err(err("broadcast_to takes a shape".into()));
                };
                let shape = match self.eval(t)? {
                    Value::IntTuple(s) => s,
                    v => return Err(err(format!("a shape, found {}", v.kind()))),
                };
                broadcast(&a, &shape.leaves())
                    .map(|a| Value::Ssa(Box::new(a)))
                    .map_err(err)
            }
            "reduce" => self.reduce(&a, args, span),
            // torch's `t.permute(dims)`: the same values in memory, its modes permuted (its
            // strides no longer row-major: from_dlpack hands them to the DSL as they are)
            "permute" if a.numpy && a.torch => {
                let layout = self.permuted(&a.layout, args, span)?;
                Ok(Value::Ssa(Box::new(Ssa { layout, ..*a })))
            }
            "permute" if a.numpy => Err(EvalError::new(
                "AttributeError: 'numpy.ndarray' object has no attribute 'permute' (torch's; NumPy's is transpose)",
                span,
            )),
            _ => Err(err("not modelled".into())),
        }
    }

    /// torch's `t.permute(d0, d1, …)` (or of a tuple) of a layout: mode `k` of the result is
    /// mode `dk` of `l` (a negative `dk` counts from the end); each mode once.
    fn permuted(&self, l: &Layout, args: &[Expr], span: Span) -> Result<Layout, EvalError> {
        let err = |m: String| EvalError::new(format!("permute: {m}"), span);
        let (vals, _) = self.numpy_args(args)?;
        let flat: Vec<Value> = match vals.as_slice() {
            [t] if t.tuple_modes().is_some() => t.tuple_modes().unwrap_or_default(),
            _ => vals,
        };
        let ext = l.shape().leaves().to_vec();
        let strides = l.stride().leaves().to_vec();
        let rank = ext.len() as i64;
        if flat.len() != ext.len() {
            return Err(err(format!(
                "number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {rank} is not equal to len(dims) = {}",
                flat.len()
            )));
        }
        let mut seen = vec![false; ext.len()];
        let mut shape = Vec::with_capacity(ext.len());
        let mut stride = Vec::with_capacity(ext.len());
        for v in &flat {
            let d = v.as_int().ok_or_else(|| {
                err(format!(
                    "a dimension must be an integer, found {}",
                    v.kind()
                ))
            })?;
            let k = if d < 0 { d + rank } else { d };
            if !(0..rank).contains(&k) {
                return Err(err(format!(
                    "Dimension out of range (expected to be in range of [{}, {}], but got {d})",
                    -rank,
                    rank - 1
                )));
            }
            if std::mem::replace(&mut seen[k as usize], true) {
                return Err(err("repeated dim".to_string()));
            }
            shape.push(ext[k as usize]);
            stride.push(strides[k as usize]);
        }
        Layout::new(shape_of(&shape), shape_of(&stride)).map_err(|e| EvalError::algebra(e, span))
    }

    /// `t.permute(…)` of a name bound to a torch tensor: a view of the same memory.
    fn permuted_view(
        &self,
        p: &Pointer,
        l: &Layout,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let layout = self.permuted(l, args, span)?;
        Ok(Value::OffsetLayout(
            Origin::Ptr(p.clone()),
            Box::new(layout),
        ))
    }

    /// `v.reduce(cute.ReductionOp.OP, init, reduction_profile=P)`: `P` 0 reduces every mode
    /// to one value; a tuple keeps the modes it marks `None` and reduces those it marks 1.
    fn reduce(&self, a: &Ssa, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let err = |m: String| EvalError::new(format!("reduce: {m}"), span);
        let (op, init, profile) = match args {
            [op, init, p] => (op, init, p),
            _ => {
                return Err(err(
                    "reduce(op, init, reduction_profile=…) is modelled".into()
                ));
            }
        };
        let op = match op.kind {
            ExprKind::Field(_, o) | ExprKind::Qualified(o) | ExprKind::Name(o) => {
                o.rsplit('.').next().unwrap_or(o)
            }
            _ => "",
        };
        let combine: fn(f64, f64) -> f64 = match op {
            "ADD" => |x, y| x + y,
            "MUL" => |x, y| x * y,
            "MAX" => f64::max,
            "MIN" => f64::min,
            _ => {
                return Err(err(
                    "the operation must be cute.ReductionOp.ADD, MUL, MAX or MIN".into(),
                ));
            }
        };
        let init = super::elements::number_of(&self.eval(init)?)
            .map(|s| s.value.as_f64())
            .ok_or_else(|| err("the initial value must be a number".into()))?;
        let profile = match profile.kind {
            ExprKind::Keyword(_, p) => p,
            _ => profile,
        };
        let ext = a.extents();
        let keep: Vec<bool> = match &profile.kind {
            ExprKind::Int(0) | ExprKind::DynInt(0) => vec![false; ext.len()],
            ExprKind::Tuple(ms) | ExprKind::List(ms) if ms.len() == ext.len() => ms
                .iter()
                .map(|m| matches!(m.kind, ExprKind::Name("None")))
                .collect(),
            _ => {
                return Err(err(
                    "the profile must be 0 or a tuple of None and 1 of the shape's rank".into(),
                ));
            }
        };
        let kept: Vec<i64> = ext
            .iter()
            .zip(&keep)
            .filter(|&(_, &k)| k)
            .map(|(&e, _)| e)
            .collect();
        let out_n: i64 = kept.iter().product();
        let mut acc = vec![Some(init); out_n as usize];
        for i in 0..a.size() as i64 {
            // the colex coordinate of `i`, and the index among the kept modes
            let (mut rest, mut o, mut scale) = (i, 0i64, 1i64);
            for (k, &e) in ext.iter().enumerate() {
                let c = rest % e.max(1);
                rest /= e.max(1);
                if keep[k] {
                    o += c * scale;
                    scale *= e;
                }
            }
            let x = a.at(i).map_err(err)?;
            let slot = &mut acc[o as usize];
            *slot = match (*slot, x) {
                (Some(s), Some(x)) => Some(combine(s, x.as_f64())),
                _ => None,
            };
        }
        let values = acc
            .into_iter()
            .map(|x| rounded(a.ty, x.map(Number::Float)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        if kept.is_empty() {
            let value = values[0].ok_or_else(|| err("a value is not known".into()))?;
            return Ok(Value::Scalar(Box::new(Scalar {
                ty: a.ty,
                value,
                python: false,
            })));
        }
        Ssa::column_major(a.ty, shape_of(&kept), values)
            .map(|s| Value::Ssa(Box::new(s)))
            .map_err(err)
    }

    /// `a OP b` where `a` (or `b`) is a TensorSSA: element-wise, a number broadcast, shapes
    /// of 1 broadcast as NumPy's rule does; `None` where neither is one.
    pub(super) fn ssa_binary(
        &self,
        op: BinOp,
        a: &Value,
        b: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        if !matches!(a, Value::Ssa(_)) && !matches!(b, Value::Ssa(_)) {
            return None;
        }
        Some(ssa_binary(op, a, b).map_err(|m| EvalError::new(m, span)))
    }

    /// `a OP b` where `a` or `b` is a NumPy array (one a name holds, or one not bound):
    /// NumPy's element-wise arithmetic and comparisons with a Python number or an array of
    /// the same shape, in NumPy's result type (NEP 50: a Python int keeps the array's type, a
    /// Python float an integer array's becomes float64; `/` of integers is float64; two
    /// arrays' types promote); `None` where neither is one.
    pub(super) fn numpy_binary(
        &self,
        op: BinOp,
        a: &Value,
        b: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let array = |v: &Value| -> Option<Result<Ssa, EvalError>> {
            match v {
                Value::Ssa(s) if s.numpy => Some(Ok((**s).clone())),
                v => self.bound_numpy_values(v, span),
            }
        };
        let (xa, xb) = (array(a), array(b));
        if xa.is_none() && xb.is_none() {
            return None;
        }
        let err = |m: String| EvalError::new(m, span);
        Some((|| {
            let xa = xa.transpose()?;
            let xb = xb.transpose()?;
            if xa.iter().chain(&xb).any(|s| s.torch) {
                return Err(err(
                    "arithmetic of torch tensors is not modelled (NumPy's is)".to_string(),
                ));
            }
            let number = |v: &Value| -> Result<Scalar, EvalError> {
                super::elements::number_of(v)
                    .filter(|s| s.python)
                    .ok_or_else(|| {
                        err(format!(
                            "NumPy's arithmetic on an array takes a Python number or a NumPy array of its shape, found {}",
                            v.kind()
                        ))
                    })
            };
            let ext = xa
                .as_ref()
                .or(xb.as_ref())
                .map(Ssa::extents)
                .unwrap_or_default();
            if let (Some(p), Some(q)) = (&xa, &xb)
                && p.extents() != q.extents()
            {
                return Err(err(format!(
                    "NumPy's arithmetic of arrays of shapes {:?} and {:?}: broadcasting is not modelled (cute takes arrays of one shape, or a Python number)",
                    p.extents(),
                    q.extents()
                )));
            }
            let (na, nb) = (
                xa.is_none().then(|| number(a)).transpose()?,
                xb.is_none().then(|| number(b)).transpose()?,
            );
            let ty = numpy_result_type(op, xa.as_ref(), na, xb.as_ref(), nb).map_err(err)?;
            let count = element_count(&ext).map_err(err)?;
            let (va, vb) = (
                xa.as_ref().map(row_major_values).transpose().map_err(err)?,
                xb.as_ref().map(row_major_values).transpose().map_err(err)?,
            );
            let values = (0..count)
                .map(|k| {
                    let get = |vs: &Option<Vec<Option<Number>>>, n: Option<Scalar>| match vs {
                        Some(vs) => vs.get(k).copied().flatten(),
                        None => n.map(|s| s.value),
                    };
                    match (get(&va, na), get(&vb, nb)) {
                        (Some(x), Some(y)) => element(op, ty, x, y),
                        _ => Ok(None),
                    }
                })
                .collect::<Result<Vec<_>, String>>()
                .map_err(err)?;
            let comparison = matches!(
                op,
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
            );
            Ok(Value::Ssa(Box::new(Ssa {
                ty: if comparison { ElemType::Bool } else { ty },
                layout: numpy_layout(&ext).map_err(err)?,
                values,
                numpy: true,
                torch: false,
            })))
        })())
    }

    /// `res.store(v)` of a tensor over memory and a TensorSSA of its shape: its values
    /// written; `None` where the statement is no such call.
    pub(super) fn store_method(&mut self, e: &Expr) -> Option<Result<Outcome, EvalError>> {
        let ExprKind::Call(callee, [value]) = e.kind else {
            return None;
        };
        let ExprKind::Field(base, "store") = callee.kind else {
            return None;
        };
        let Ok(t @ Value::OffsetLayout(Origin::Ptr(_), _)) = self.eval(base) else {
            return None;
        };
        Some((|| {
            let v = self.eval(value)?;
            let Value::Ssa(a) = v else {
                return Err(EvalError::new(
                    format!("store: the value must be a TensorSSA, found {}", v.kind()),
                    value.span,
                ));
            };
            let Value::OffsetLayout(o, l) = &t else {
                unreachable!()
            };
            let n = l.size().map_err(|e| EvalError::algebra(e, base.span))?;
            if n != a.size() as i64 {
                return Err(EvalError::new(
                    format!(
                        "store: a tensor of {n} elements and a TensorSSA of {}",
                        a.size()
                    ),
                    value.span,
                ));
            }
            let err = |m: String| EvalError::new(format!("store: {m}"), e.span);
            for i in 0..n {
                let at = l.at(i).map_err(|e| EvalError::algebra(e, base.span))?;
                let el = super::storage::element_at(o, at).map_err(err)?;
                self.buffers.put(&el, a.at(i).map_err(err)?).map_err(err)?;
            }
            Ok(Outcome::Nothing)
        })())
    }

    /// Python's `print(a)` of a NumPy array bound to a name (its values in the session's
    /// storage); `None` for another value.
    pub(super) fn numpy_print(&self, v: &Value, span: Span) -> Option<Result<String, EvalError>> {
        let unknown = || {
            EvalError::new(
                "print of a NumPy array: a value is not known (np.empty's, np.random's: cute holds no random values) or its format is not modelled (a float not finite; of float16, one not whole)",
                span,
            )
        };
        // a NumPy array not bound to a name (`print(a.astype(np.float16))`): its values
        if let Value::Ssa(a) = v
            && a.numpy
        {
            let read = |off: i64| -> Option<Number> {
                usize::try_from(off)
                    .ok()
                    .and_then(|k| a.values.get(k).copied().flatten())
            };
            if a.torch {
                return Some(torch_text(a.ty, &a.layout, &read).ok_or_else(|| {
                    EvalError::new(
                        "print of a torch tensor: a value is not known or its format is not modelled",
                        span,
                    )
                }));
            }
            return Some(numpy_text(a.ty, &a.layout, &read).ok_or_else(unknown));
        }
        // `print(cute.runtime.make_ptr(T, a.ctypes.data))` in Python's code (no function's):
        // the DSL's Pointer object, `Ptr<ADDRESS@generic>`
        if let Value::Pointer(p) = v
            && let PtrBase::Host { dlpack: true, .. } = p.base
            && self.lambda_depth == 0
        {
            return Some(Ok(match p.offset {
                0 => format!("Ptr<{}@generic>", crate::algebra::pointer::HOST),
                n => format!("Ptr<{}+{n}@generic>", crate::algebra::pointer::HOST),
            }));
        }
        let Value::OffsetLayout(o @ Origin::Ptr(p), l) = v else {
            return None;
        };
        // `print(from_dlpack(a))` in Python's code (no function's): the DSL's Tensor object,
        // `Tensor<ADDRESS@generic o (6):(1)>`
        if let PtrBase::Host { dlpack: true, .. } = p.base
            && self.lambda_depth == 0
        {
            let address = match p.offset {
                0 => crate::algebra::pointer::HOST.to_string(),
                n => format!("{}+{n}", crate::algebra::pointer::HOST),
            };
            // (its layout as the DSL prints it: a run-time extent `?`)
            let mut layout = String::new();
            crate::eval::plain::write_traced_value(&mut layout, &Value::Layout((**l).clone()));
            return Some(Ok(format!("Tensor<{address}@generic o {layout}>")));
        }
        let PtrBase::Host {
            dlpack: false,
            torch,
        } = p.base
        else {
            return None;
        };
        let ty = self.buffers.elem_type(p).ok()?;
        let read = |off: i64| -> Option<Number> {
            let e = super::storage::element_at(o, off).ok()?;
            self.buffers.peek(&e).ok().flatten().map(|s| s.value)
        };
        if torch {
            return Some(torch_text(ty, l, &read).ok_or_else(|| {
                EvalError::new(
                    "print of a torch tensor: a value is not known (torch.empty's, torch.randn's: cute holds no random values) or its format is not modelled (more than 1000 elements, summarised; a value not finite; a type other than torch's float16/32/64, bfloat16, int8/16/32/64, uint8, bool)",
                    span,
                )
            }));
        }
        Some(numpy_text(ty, l, &read).ok_or_else(unknown))
    }

    /// The layout of a `from_dlpack` tensor the DSL's `mark_layout_dynamic(leading_dim=None)`
    /// (as [`dynamic_layout`] makes it)
    /// or `mark_compact_shape_dynamic(mode, stride_order=None, divisibility=1)` makes
    /// (cutlass/cute/runtime.py): every extent run-time (or the mode's, a multiple of the
    /// divisibility, which must divide it), and each stride that a run-time extent makes run-time
    /// a 64-bit run-time integer, which cute does not model (an error); the leading
    /// dimension's stride stays 1.
    fn marked_dynamic(
        &self,
        method: &str,
        l: &Layout,
        args: &[Expr],
        span: Span,
    ) -> Result<Layout, EvalError> {
        let err = |m: String| EvalError::new(format!("{method}: {m}"), span);
        let ext: Vec<i64> = l.shape().leaves().to_vec();
        let strides: Vec<i64> = l.stride().leaves().to_vec();
        let mut mode = None;
        let mut divisibility = 1i64;
        let mut stride_order = None;
        let positional = args
            .iter()
            .filter(|a| !matches!(a.kind, ExprKind::Keyword(..)))
            .count();
        if method == "mark_compact_shape_dynamic" && positional > 3 {
            return Err(EvalError::new(
                format!(
                    "TypeError: _Tensor.mark_compact_shape_dynamic() takes from 2 to 4 positional arguments but {} were given",
                    positional + 1
                ),
                span,
            ));
        }
        for (k, a) in args.iter().enumerate() {
            // (mark_compact_shape_dynamic(mode, stride_order=None, divisibility=1))
            let (key, e) = match a.kind {
                ExprKind::Keyword(key, e) => (key, e),
                _ => (
                    match (method, k) {
                        (_, 0) => "mode",
                        ("mark_compact_shape_dynamic", 1) => "stride_order",
                        ("mark_compact_shape_dynamic", 2) => "divisibility",
                        _ => "",
                    },
                    a,
                ),
            };
            let int = |e: &Expr| -> Result<i64, EvalError> {
                self.eval(e)?
                    .as_int()
                    .ok_or_else(|| EvalError::new(format!("{key}= takes an integer"), e.span))
            };
            match (method, key) {
                ("mark_layout_dynamic", "leading_dim") => {
                    let d = int(e)?;
                    if usize::try_from(d).ok().and_then(|d| strides.get(d)) != Some(&1) {
                        return Err(err(format!("the leading dimension {d} has no stride 1")));
                    }
                }
                ("mark_compact_shape_dynamic", "mode") => mode = Some(int(e)?),
                ("mark_compact_shape_dynamic", "divisibility") => divisibility = int(e)?,
                ("mark_compact_shape_dynamic", "stride_order") => {
                    let v = self.eval(e)?;
                    let order = match &v {
                        Value::Under => None,
                        v => Some(
                            v.tuple_modes()
                                .unwrap_or_else(|| vec![v.clone()])
                                .iter()
                                .map(Value::as_int)
                                .collect::<Option<Vec<i64>>>()
                                .ok_or_else(|| {
                                    EvalError::new(
                                        "stride_order= takes a tuple of integers",
                                        e.span,
                                    )
                                })?,
                        ),
                    };
                    stride_order = order;
                }
                // (the DSL's TypeError, checked with dsl-oracle)
                _ if matches!(a.kind, ExprKind::Keyword(..)) => {
                    return Err(EvalError::new(
                        format!(
                            "TypeError: _Tensor.{method}() got an unexpected keyword argument '{key}'"
                        ),
                        a.span,
                    ));
                }
                _ => {
                    return Err(EvalError::new(
                        format!(
                            "the argument of {method} is not modelled (cute models mark_layout_dynamic(leading_dim=…), mark_compact_shape_dynamic(mode=…, stride_order=…, divisibility=…))"
                        ),
                        a.span,
                    ));
                }
            }
        }
        let compact = match method {
            "mark_layout_dynamic" => None,
            _ => {
                let m = mode.ok_or_else(|| err("mode= is required".to_string()))?;
                let rank = ext.len();
                let m = usize::try_from(m).ok().filter(|&m| m < rank).ok_or_else(|| {
                    err(format!(
                        "RuntimeError: Expected mode value to be in range [0, {rank}), but got {m}."
                    ))
                })?;
                if let Some(order) = &stride_order {
                    check_stride_order(order, &strides)
                        .map_err(|m| err(format!("RuntimeError: {m}")))?;
                }
                if divisibility < 1 || ext[m] % divisibility != 0 {
                    return Err(err(format!(
                        "The shape({}) of mode({m}) is not divisible by the divisibility({divisibility})",
                        ext[m]
                    )));
                }
                Some((m, divisibility))
            }
        };
        let marked =
            dynamic_layout(&ext, &strides, compact).map_err(|e| EvalError::algebra(e, span))?;
        if compact.is_none() {
            return Ok(marked);
        }
        // what an earlier mark made run-time stays so (`.mark_compact_shape_dynamic(mode=0)
        // .mark_compact_shape_dynamic(mode=1)`: both extents run-time)
        let kept = |before: &crate::algebra::Tup, now: &crate::algebra::Tup| -> IntTuple {
            let ints: Vec<IntTuple> = before
                .leaf_int_iter()
                .zip(now.leaf_int_iter())
                .map(|(b, n)| IntTuple::of_int(if b.dynamic() && !n.dynamic() { b } else { n }))
                .collect();
            IntTuple::tuple(&ints)
        };
        Layout::new(
            kept(l.shape(), marked.shape()),
            kept(l.stride(), marked.stride()),
        )
        .map_err(|e| EvalError::algebra(e, span))
    }

    /// The values of a name bound to a NumPy array (a host tensor, not `from_dlpack`'s view)
    /// as a NumPy array not bound, row-major; `None` where `v` is no such array.
    fn bound_numpy_values(&self, v: &Value, span: Span) -> Option<Result<Ssa, EvalError>> {
        let Value::OffsetLayout(o @ Origin::Ptr(p), l) = v else {
            return None;
        };
        let PtrBase::Host {
            dlpack: false,
            torch,
        } = p.base
        else {
            return None;
        };
        let ty = self.buffers.elem_type(p).ok()?;
        let ext: Vec<i64> = l.shape().leaves().to_vec();
        let strides: Vec<i64> = l.stride().leaves().to_vec();
        let read = || -> Result<Ssa, String> {
            let count = element_count(&ext)?;
            let mut values = Vec::with_capacity(count);
            for k in 0..count as i64 {
                let off = row_major_offset(k, &ext, &strides);
                let at = super::storage::element_at(o, off)?;
                values.push(self.buffers.peek(&at)?.map(|s| s.value));
            }
            Ok(Ssa {
                ty,
                layout: numpy_layout(&ext)?,
                values,
                numpy: true,
                torch,
            })
        };
        Some(read().map_err(|m| EvalError::new(m, span)))
    }

    /// The binding of a NumPy array to a name: its values into the session's storage, the
    /// name holding a host tensor over them.
    pub(super) fn bind_numpy(&mut self, v: Value, span: Span) -> Result<Value, EvalError> {
        let Value::Ssa(a) = v else { return Ok(v) };
        if !a.numpy {
            return Ok(Value::Ssa(a));
        }
        let tag = self
            .buffers
            .alloc(a.ty, (a.size() as i64).max(1))
            .map_err(|m| EvalError::limit(m, span))?;
        let name = a.ty.dsl_type().unwrap_or(a.ty.name());
        let mut p = Pointer::new(
            MemSpace::Raw,
            ElementWidth::Unknown(name.to_string()),
            PtrBase::Host {
                dlpack: false,
                torch: a.torch,
            },
        )
        .map_err(|e| EvalError::algebra(e, span))?
        .with_type_name(name);
        p.storage = tag;
        let err = |m: String| EvalError::new(m, span);
        for (k, x) in a.values.iter().enumerate() {
            let at = p
                .advance(k as i64)
                .map_err(|e| EvalError::algebra(e, span))?;
            self.buffers
                .put(&super::storage::Element::At(at), *x)
                .map_err(err)?;
        }
        Ok(Value::OffsetLayout(
            Origin::Ptr(p),
            Box::new(a.layout.clone()),
        ))
    }
}

/// `a[i]` of a TensorSSA: the value at its `i`-th coordinate (colex), a run-time value of the
/// element type; `a[(None, 1, None)]`: the TensorSSA of the modes `None` keeps at the others'
/// coordinates.
fn ssa_index(a: &Ssa, index: &Value) -> Result<Value, String> {
    let ext = a.extents();
    if let Some(i) = index.as_int() {
        let n = a.size() as i64;
        if !(0..n).contains(&i) {
            return Err(format!("index {i} of a TensorSSA of {n} values"));
        }
        // an element never written: the DSL reads a register's value, `?` as it traces
        let Some(value) = a.at(i)? else {
            return Ok(Value::Unknown(a.ty));
        };
        return Ok(Value::Scalar(Box::new(Scalar {
            ty: a.ty,
            value,
            python: false,
        })));
    }
    let modes = index
        .tuple_modes()
        .ok_or("a TensorSSA's index is an integer or a tuple")?;
    if modes.len() != ext.len() {
        return Err(format!(
            "an index of {} modes for a TensorSSA of rank {}",
            modes.len(),
            ext.len()
        ));
    }
    // each mode: kept (None) or its coordinate
    let fixed: Vec<Option<i64>> = modes
        .iter()
        .zip(&ext)
        .map(|(m, &e)| match m {
            Value::Under => Ok(None),
            m => match m.as_int() {
                Some(c) if (0..e).contains(&c) => Ok(Some(c)),
                _ => Err(format!(
                    "a TensorSSA's index mode must be None or an integer below {e}"
                )),
            },
        })
        .collect::<Result<_, _>>()?;
    if fixed.iter().all(Option::is_some) {
        // a whole coordinate, `a[(0, 1)]`: the value there, as `a[i]` of its colex index (the
        // DSL's element, printed `?`; not a TensorSSA of rank 0)
        let (mut i, mut scale) = (0i64, 1i64);
        for (&e, c) in ext.iter().zip(fixed.iter().flatten()) {
            i += c * scale;
            scale *= e;
        }
        return ssa_index(a, &Value::int(i));
    }
    let kept: Vec<i64> = ext
        .iter()
        .zip(&fixed)
        .filter(|(_, f)| f.is_none())
        .map(|(&e, _)| e)
        .collect();
    let n: i64 = kept.iter().product();
    let values = (0..n)
        .map(|j| {
            // the full coordinate's colex index
            let (mut rest, mut i, mut scale) = (j, 0i64, 1i64);
            for (&e, f) in ext.iter().zip(&fixed) {
                let c = match f {
                    Some(c) => *c,
                    None => {
                        let c = rest % e.max(1);
                        rest /= e.max(1);
                        c
                    }
                };
                i += c * scale;
                scale *= e;
            }
            a.at(i)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ssa::column_major(a.ty, shape_of(&kept), values).map(|s| Value::Ssa(Box::new(s)))
}

/// `cute.math.F(v)` of a TensorSSA, element-wise in the element type.
fn math(f: &str, a: &Ssa, span: Span) -> Result<Ssa, EvalError> {
    let g: fn(f64) -> f64 = match f {
        "sqrt" => f64::sqrt,
        "sin" => f64::sin,
        "cos" => f64::cos,
        "exp" => f64::exp,
        "exp2" => f64::exp2,
        "log" => f64::ln,
        "log2" => f64::log2,
        "abs" | "absf" => f64::abs,
        "tanh" => f64::tanh,
        _ => {
            return Err(EvalError::new(
                format!("cute.math.{f} is not modelled"),
                span,
            ));
        }
    };
    let ty = a.ty;
    let values = a
        .values
        .iter()
        .map(|x| {
            // computed as the type holds its values (f32 math of an f32)
            x.map(|x| {
                let y = g(x.as_f64());
                if ty == ElemType::F32 {
                    Number::Float(f64::from(g(f64::from(x.as_f64() as f32)) as f32))
                } else {
                    Number::Float(y)
                }
            })
        })
        .map(|x| rounded(ty, x))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|m| EvalError::new(m, span))?;
    Ok(Ssa {
        values,
        ..a.clone()
    })
}

/// `a` broadcast to `shape`: each mode of extent 1 repeated (NumPy's rule, the DSL's).
fn broadcast(a: &Ssa, shape: &[i64]) -> Result<Ssa, String> {
    let ext = a.extents();
    if ext.len() != shape.len() || ext.iter().zip(shape).any(|(&e, &s)| e != s && e != 1) {
        return Err(format!("cannot broadcast a shape {ext:?} to {shape:?}"));
    }
    let n = element_count(shape)? as i64;
    let values = (0..n)
        .map(|i| {
            let (mut rest, mut j, mut scale) = (i, 0i64, 1i64);
            for (&e, &s) in ext.iter().zip(shape) {
                let c = rest % s.max(1);
                rest /= s.max(1);
                if e != 1 {
                    j += c * scale;
                }
                scale *= e;
            }
            a.at(j)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ssa::column_major(a.ty, shape_of(shape), values)
}

/// The offset of the `k`-th element in row-major order of extents `ext` over `strides` (its
/// row-major coordinate, each mode times its stride).
fn row_major_offset(k: i64, ext: &[i64], strides: &[i64]) -> i64 {
    let (mut rest, mut off) = (k, 0i64);
    for (e, s) in ext.iter().zip(strides).rev() {
        off += (rest % e) * s;
        rest /= e;
    }
    off
}

/// A NumPy array's values in row-major order (its layout may be any over them).
fn row_major_values(a: &Ssa) -> Result<Vec<Option<Number>>, String> {
    let ext = a.extents();
    let strides: Vec<i64> = a.layout.stride().leaves().to_vec();
    let count = element_count(&ext)?;
    let mut out = Vec::with_capacity(count);
    for k in 0..count as i64 {
        let off = row_major_offset(k, &ext, &strides);
        out.push(
            usize::try_from(off)
                .ok()
                .and_then(|i| a.values.get(i).copied())
                .flatten(),
        );
    }
    Ok(out)
}

/// NumPy's result type of `a OP b` (NEP 50, NumPy 2): an array with a Python int keeps its
/// type, with a Python float a floating array keeps its own and an integer one is float64;
/// two arrays' types promote (the wider of a kind; an integer with a floating type the
/// narrowest floating type at least as wide that holds the integer's values: int8 with
/// float16 is float16, int16 float32, int32 and int64 float64); `/` of integers is float64.
fn numpy_result_type(
    op: BinOp,
    xa: Option<&Ssa>,
    na: Option<Scalar>,
    xb: Option<&Ssa>,
    nb: Option<Scalar>,
) -> Result<ElemType, String> {
    let bits = |t: ElemType| t.element().bits;
    let unsigned = |t: ElemType| {
        matches!(
            t,
            ElemType::U8 | ElemType::U16 | ElemType::U32 | ElemType::U64
        )
    };
    let common = match (xa, xb) {
        (Some(p), Some(q)) => {
            let (s, t) = (p.ty, q.ty);
            if s == t {
                s
            } else if s.is_float() && t.is_float() {
                if bits(s) >= bits(t) { s } else { t }
            } else if s.is_float() || t.is_float() {
                let (f, i) = if s.is_float() { (s, t) } else { (t, s) };
                let need = match bits(i) {
                    0..=8 => 16,
                    9..=16 => 32,
                    _ => 64,
                };
                match bits(f).max(need) {
                    16 => ElemType::F16,
                    32 => ElemType::F32,
                    _ => ElemType::F64,
                }
            } else if unsigned(s) == unsigned(t) {
                if bits(s) >= bits(t) { s } else { t }
            } else {
                return Err(format!(
                    "NumPy's promotion of {} and {} is not modelled",
                    s.name(),
                    t.name()
                ));
            }
        }
        (Some(p), None) | (None, Some(p)) => {
            let n = na.or(nb).map(|s| s.ty);
            if !p.ty.is_float() && n.is_some_and(ElemType::is_float) {
                ElemType::F64
            } else {
                p.ty
            }
        }
        (None, None) => unreachable!("one array at least"),
    };
    if !matches!(
        common,
        ElemType::F16
            | ElemType::F32
            | ElemType::F64
            | ElemType::I8
            | ElemType::I16
            | ElemType::I32
            | ElemType::I64
            | ElemType::U8
            | ElemType::U16
            | ElemType::U32
            | ElemType::U64
    ) {
        return Err(format!(
            "NumPy's arithmetic on an array of {} is not modelled",
            common.name()
        ));
    }
    Ok(if op == BinOp::Divide && !common.is_float() {
        ElemType::F64
    } else {
        common
    })
}

/// The element-wise `a OP b` of TensorSSAs or a TensorSSA and a number.
fn ssa_binary(op: BinOp, a: &Value, b: &Value) -> Result<Value, String> {
    let side = |v: &Value| -> Result<(Option<Ssa>, Option<Scalar>), String> {
        match v {
            Value::Ssa(s) => Ok((Some((**s).clone()), None)),
            other => super::elements::number_of(other)
                .map(|s| (None, Some(s)))
                .ok_or_else(|| {
                    format!(
                        "a TensorSSA's arithmetic takes a TensorSSA or a number, found {}",
                        other.kind()
                    )
                }),
        }
    };
    let (sa, xa) = side(a)?;
    let (sb, xb) = side(b)?;
    // the shape: the broadcast of both
    let (ea, eb) = (sa.as_ref().map(Ssa::extents), sb.as_ref().map(Ssa::extents));
    let shape = match (&ea, &eb) {
        (Some(x), Some(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .map(|(&p, &q)| if p == 1 { q } else { p })
            .collect::<Vec<_>>(),
        (Some(x), Some(y)) => return Err(format!("TensorSSAs of shapes {x:?} and {y:?}")),
        (Some(x), None) | (None, Some(x)) => x.clone(),
        (None, None) => unreachable!(),
    };
    let sa = sa.map(|s| broadcast(&s, &shape)).transpose()?;
    let sb = sb.map(|s| broadcast(&s, &shape)).transpose()?;
    let ty_a = sa.as_ref().map_or_else(|| xa.map(|x| x.ty), |s| Some(s.ty));
    let ty_b = sb.as_ref().map_or_else(|| xb.map(|x| x.ty), |s| Some(s.ty));
    // a Python number takes the TensorSSA's type
    let ty = match (sa.is_some(), sb.is_some()) {
        (true, true) => {
            Scalar::common(ty_a.unwrap_or(ElemType::F32), ty_b.unwrap_or(ElemType::F32))
        }
        (true, false) => ty_a.unwrap_or(ElemType::F32),
        _ => ty_b.unwrap_or(ElemType::F32),
    };
    let n = element_count(&shape)? as i64;
    let comparison = matches!(
        op,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
    );
    let values = (0..n)
        .map(|i| {
            let get = |s: &Option<Ssa>, x: &Option<Scalar>| -> Result<Option<Number>, String> {
                match (s, x) {
                    (Some(s), _) => s.at(i),
                    (None, Some(x)) => Ok(Some(x.value)),
                    _ => Ok(None),
                }
            };
            let (Some(x), Some(y)) = (get(&sa, &xa)?, get(&sb, &xb)?) else {
                return Ok(None);
            };
            element(op, ty, x, y)
        })
        .collect::<Result<Vec<_>, String>>()?;
    let ty = if comparison { ElemType::Bool } else { ty };
    Ssa::column_major(ty, shape_of(&shape), values).map(|s| Value::Ssa(Box::new(s)))
}

/// One element of `x OP y` in `ty`: C's arithmetic of the type, Python's `//` and `%` (floor).
fn element(op: BinOp, ty: ElemType, x: Number, y: Number) -> Result<Option<Number>, String> {
    let (fx, fy) = (x.as_f64(), y.as_f64());
    let truth = |b: bool| Ok(Some(Number::Int(i128::from(b))));
    let r = match op {
        BinOp::Lt => return truth(fx < fy),
        BinOp::Le => return truth(fx <= fy),
        BinOp::Gt => return truth(fx > fy),
        BinOp::Ge => return truth(fx >= fy),
        BinOp::Eq => return truth(fx == fy),
        BinOp::Ne => return truth(fx != fy),
        BinOp::BitXor | BinOp::BitAnd | BinOp::BitOr if !ty.is_float() => {
            let (a, b) = (x.as_i128(), y.as_i128());
            Number::Int(match op {
                BinOp::BitXor => a ^ b,
                BinOp::BitAnd => a & b,
                _ => a | b,
            })
        }
        BinOp::Add | BinOp::Sub | BinOp::Product | BinOp::Divide | BinOp::Rem | BinOp::FloorDiv
            if ty.is_float() =>
        {
            let r = match op {
                BinOp::Add => fx + fy,
                BinOp::Sub => fx - fy,
                BinOp::Product => fx * fy,
                BinOp::Divide => fx / fy,
                BinOp::FloorDiv => (fx / fy).floor(),
                _ => fx - fy * (fx / fy).floor(),
            };
            Number::Float(if ty == ElemType::F32 {
                f64::from(r as f32)
            } else {
                r
            })
        }
        BinOp::Add | BinOp::Sub | BinOp::Product | BinOp::Divide | BinOp::Rem | BinOp::FloorDiv => {
            let (a, b) = (x.as_i128(), y.as_i128());
            if b == 0 && matches!(op, BinOp::Divide | BinOp::Rem | BinOp::FloorDiv) {
                return Err("a TensorSSA's integer division by zero".into());
            }
            Number::Int(match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Product => a * b,
                BinOp::Divide => a / b,
                BinOp::FloorDiv => a.div_euclid(b),
                _ => a.rem_euclid(b),
            })
        }
        _ => return Err(format!("'{}' of TensorSSAs is not modelled", op.symbol())),
    };
    rounded(ty, Some(r))
}

/// How the DSL prints a TensorSSA at trace time: `tensor_value<vector<12xf32> o (3, 4)>`.
pub fn traced_text(a: &Ssa) -> String {
    let mut shape = String::new();
    crate::eval::plain::write_python_tuple(&mut shape, a.layout.shape());
    format!(
        "tensor_value<vector<{}x{}> o {shape}>",
        a.size(),
        a.ty.dsl_name()
    )
}

/// `cute.print_tensor(v)` of a TensorSSA, as the DSL prints it (the values in a register
/// tensor over its column-major layout).
pub fn print_ssa(a: &Ssa, verbose: bool) -> Result<String, String> {
    let cell = |v: i64| -> Result<String, String> {
        let x = a
            .values
            .get(v as usize)
            .copied()
            .flatten()
            .ok_or("print_tensor of a value that is not known")?;
        Ok(a.ty.dsl_element(x))
    };
    let (body, data) = if verbose {
        (
            super::storage::print_tensor_dsl_verbose(&a.layout, &cell)?,
            "data= (",
        )
    } else {
        (
            super::storage::print_tensor_dsl_with(&a.layout, &cell)?,
            "data=",
        )
    };
    Ok(format!(
        "tensor(raw_ptr({}: {}, rmem, align<32>) o {}, {data}\n{body})\n",
        crate::algebra::pointer::STACK,
        a.ty.dsl_name(),
        crate::eval::plain::render(&Value::Layout(a.layout.clone()))
    ))
}

/// NumPy's print options (numpy/_core/arrayprint.py's defaults): the width lines wrap to,
/// the size past which an array is summarised, and the items kept at each end of a
/// summarised axis.
const NUMPY_LINE_WIDTH: usize = 75;
const NUMPY_THRESHOLD: i64 = 1000;
const NUMPY_EDGE_ITEMS: i64 = 3;

/// Python's `print(a)` of a NumPy array, as NumPy's `array2string` writes it (arrayprint.py):
/// the elements formatted alike over the ones printed (`IntegerFormat`: right-aligned to the
/// widest; `BoolFormat`: ` True`, `False`; `FloatingFormat`: positional, or scientific where
/// the largest magnitude is at least 1e8 or the ratio of the largest to the smallest nonzero
/// exceeds 1000 or the smallest is below 1e-4), each axis in brackets, rows wrapped at 75
/// columns, and an array of more than 1000 elements summarised: 3 items at each end of an
/// axis longer than 6, `...` between. `None` where a value is not known or its format is not
/// modelled (a float that is not finite; of a 16-bit float type, one that is not whole).
pub fn numpy_text(
    ty: ElemType,
    layout: &Layout,
    read: &dyn Fn(i64) -> Option<Number>,
) -> Option<String> {
    let ext: Vec<i64> = layout.shape().leaves().to_vec();
    let strides: Vec<i64> = layout.stride().leaves().to_vec();
    if strides.len() != ext.len() {
        return None;
    }
    let size = ext.iter().try_fold(1i64, |n, &e| n.checked_mul(e))?;
    let summarise = size > NUMPY_THRESHOLD;
    // the indices printed along each axis (NumPy's `_leading_trailing`)
    let kept: Vec<Vec<i64>> = ext
        .iter()
        .map(|&e| {
            if summarise && e > 2 * NUMPY_EDGE_ITEMS {
                (0..NUMPY_EDGE_ITEMS)
                    .chain(e - NUMPY_EDGE_ITEMS..e)
                    .collect()
            } else {
                (0..e).collect()
            }
        })
        .collect();
    // the printed elements' values, in row-major order of their kept indices
    let mut values = Vec::new();
    let mut index = vec![0usize; ext.len()];
    if kept.iter().all(|k| !k.is_empty()) {
        loop {
            let off = (index.iter().enumerate())
                .map(|(k, &i)| kept[k][i] * strides[k])
                .sum::<i64>();
            values.push(read(off)?);
            let mut axis = ext.len();
            loop {
                if axis == 0 {
                    break;
                }
                axis -= 1;
                index[axis] += 1;
                if index[axis] < kept[axis].len() {
                    break;
                }
                index[axis] = 0;
            }
            if index.iter().all(|&i| i == 0) {
                break;
            }
        }
    }
    let cells = numpy_cells(ty, &values)?;
    let counts: Vec<usize> = kept.iter().map(Vec::len).collect();
    let mut at = 0;
    Some(numpy_axis(
        &counts,
        &ext,
        summarise,
        &cells,
        &mut at,
        " ",
        NUMPY_LINE_WIDTH,
    ))
}

/// The printed elements' texts, formatted alike (NumPy's format function over them).
fn numpy_cells(ty: ElemType, values: &[Number]) -> Option<Vec<String>> {
    if ty == ElemType::Bool {
        return Some(
            values
                .iter()
                .map(|x| if x.as_i128() != 0 { " True" } else { "False" }.to_string())
                .collect(),
        );
    }
    if !ty.is_float() {
        let texts: Vec<String> = values.iter().map(|x| x.as_i128().to_string()).collect();
        let width = texts.iter().map(String::len).max().unwrap_or(0);
        return Some(texts.iter().map(|t| format!("{t:>width$}")).collect());
    }
    let floats: Vec<f64> = values.iter().map(|x| x.as_f64()).collect();
    if floats.iter().any(|f| !f.is_finite()) {
        return None;
    }
    // a 16-bit float's shortest digits are its own (not modelled): whole values only, where
    // they are the integer's
    let exact_below = match ty {
        ElemType::F16 => Some(2048.0),
        ElemType::BF16 => Some(256.0),
        ElemType::F32 | ElemType::F64 => None,
        _ => Some(16.0),
    };
    if let Some(limit) = exact_below
        && floats.iter().any(|f| f.fract() != 0.0 || f.abs() >= limit)
    {
        return None;
    }
    // the shortest digits that read back as the value in its type
    let single = ty != ElemType::F64;
    let nonzero: Vec<f64> = floats
        .iter()
        .map(|f| f.abs())
        .filter(|&f| f != 0.0)
        .collect();
    let (min, max) = nonzero
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), &f| {
            (lo.min(f), hi.max(f))
        });
    // (NumPy 2's cutoff: 10 to the type's decimal precision, at most 1e8)
    let cutoff = match ty {
        ElemType::F16 => 1e3,
        ElemType::F32 => 1e6,
        _ => 1e8,
    };
    let exp_format = !nonzero.is_empty() && (max >= cutoff || min < 1e-4 || max / min > 1e3);
    if exp_format {
        // mantissa digits and exponent of each, as dragon4_scientific gives them
        let parts: Vec<(String, String, i32)> = floats
            .iter()
            .map(|&f| {
                let text = if single {
                    format!("{:e}", f as f32)
                } else {
                    format!("{f:e}")
                };
                let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
                let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
                (int.to_string(), frac.to_string(), exp.parse().unwrap_or(0))
            })
            .collect();
        let precision = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
        if precision > 8 {
            return None;
        }
        let exp_size = (parts.iter())
            .map(|p| p.2.unsigned_abs().to_string().len().max(2))
            .max()
            .unwrap_or(2);
        let pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(1);
        return Some(
            parts
                .iter()
                .map(|(int, frac, exp)| {
                    let sign = if *exp < 0 { '-' } else { '+' };
                    let e = exp.unsigned_abs();
                    format!("{int:>pad_left$}.{frac:0<precision$}e{sign}{e:0>exp_size$}")
                })
                .collect(),
        );
    }
    // positional: at most 8 fractional digits (NumPy's precision), trailing zeros trimmed
    let parts: Vec<(String, String)> = floats
        .iter()
        .map(|&f| {
            let mut text = if single {
                format!("{}", f as f32)
            } else {
                format!("{f}")
            };
            if text.split_once('.').is_some_and(|(_, frac)| frac.len() > 8) {
                text = format!("{f:.8}");
                text = text.trim_end_matches('0').to_string();
            }
            let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
            (int.to_string(), frac.to_string())
        })
        .collect();
    let pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(1);
    let pad_right = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
    Some(
        parts
            .iter()
            .map(|(int, frac)| format!("{int:>pad_left$}.{frac:<pad_right$}"))
            .collect(),
    )
}

/// NumPy's `_formatArray` (legacy off): the axis of `counts` (the printed items of each axis
/// left; `ext` the axes' extents), its items' cells taken from `at` on, with the hanging
/// indent `indent`, in `width` columns.
fn numpy_axis(
    counts: &[usize],
    ext: &[i64],
    summarise: bool,
    cells: &[String],
    at: &mut usize,
    indent: &str,
    width: usize,
) -> String {
    let Some((&n, inner)) = counts.split_first() else {
        let cell = cells.get(*at).cloned().unwrap_or_default();
        *at += 1;
        return cell;
    };
    let summary = summarise && ext[0] > 2 * NUMPY_EDGE_ITEMS;
    let next_indent = format!("{indent} ");
    // the axis's items, `...` in the middle of a summarised one
    let mut items = Vec::with_capacity(n + 1);
    for i in 0..n {
        if summary && i == n / 2 {
            items.push("...".to_string());
        }
        let item = numpy_axis(
            inner,
            &ext[1..],
            summarise,
            cells,
            at,
            &next_indent,
            width.saturating_sub(1),
        );
        items.push(item);
    }
    let mut s = String::new();
    if inner.is_empty() {
        // the last axis: its items on lines wrapped before `width` (less the bracket)
        let elem_width = width.saturating_sub(1);
        let mut line = indent.to_string();
        for (k, word) in items.iter().enumerate() {
            if line.len() + word.len() > elem_width && line.len() > indent.len() {
                s.push_str(line.trim_end());
                s.push('\n');
                line = indent.to_string();
            }
            line.push_str(word);
            if k + 1 < items.len() {
                line.push(' ');
            }
        }
        s.push_str(&line);
    } else {
        // an outer axis: its items a line apart, and a blank line more per axis below
        let line_sep = "\n".repeat(counts.len() - 1);
        for (k, item) in items.iter().enumerate() {
            s.push_str(indent);
            s.push_str(item);
            if k + 1 < items.len() {
                s.push_str(&line_sep);
            }
        }
    }
    format!("[{}]", &s[indent.len().min(s.len())..])
}

/// A Python number of DSL text as a float: a Python float, a static integer, a truth value;
/// `None` for anything else (a run-time value, a tuple).
fn python_number(v: &Value) -> Option<f64> {
    match v {
        Value::Scalar(s) if s.python => Some(s.value.as_f64()),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::IntTuple(t) => match t.as_int_kind() {
            Some((n, false)) if t.basis().is_none() => Some(n as f64),
            _ => None,
        },
        _ => None,
    }
}

/// Python's `float(x)`, `int(x)` of a Python number, and `max`/`min` of Python numbers one of
/// which is a float (Python compares them as numbers and returns the first extreme one, of its
/// own type: `max(1, 2.0)` is `2.0`, `max(3, 2.0)` is `3`); `None` where the arguments are other
/// (CuTe's `max` of IntTuples, the DSL's numeric types).
fn python_number_call(f: &str, vals: &[Value], span: Span) -> Option<Result<Value, EvalError>> {
    let floats = vals
        .iter()
        .any(|v| matches!(v, Value::Scalar(s) if s.python));
    match (f, vals) {
        ("float", [v]) => {
            let x = python_number(v)?;
            Some(
                Scalar::new(ElemType::F64, Number::Float(x))
                    .map(|s| Value::Scalar(Box::new(Scalar { python: true, ..s })))
                    .map_err(|m| EvalError::new(m, span)),
            )
        }
        ("int", [v @ Value::Scalar(s)]) if s.python => {
            let x = python_number(v)?.trunc();
            if !x.is_finite() || x.abs() >= 9.2e18 {
                return Some(Err(EvalError::new(
                    format!(
                        "int() of the float {}: outside the 64-bit integers cute holds",
                        super::storage::python_float(x)
                    ),
                    span,
                )));
            }
            Some(Ok(Value::int(x as i64)))
        }
        ("int", [v @ (Value::IntTuple(_) | Value::Bool(_))]) if python_number(v).is_some() => {
            Some(Ok(Value::int(python_number(v)? as i64)))
        }
        ("max" | "min", [_, _, ..]) if floats => {
            let numbers = vals.iter().map(python_number).collect::<Option<Vec<_>>>()?;
            let mut best = 0;
            for (k, x) in numbers.iter().enumerate().skip(1) {
                let better = if f == "max" {
                    *x > numbers[best]
                } else {
                    *x < numbers[best]
                };
                if better {
                    best = k;
                }
            }
            Some(Ok(vals[best].clone()))
        }
        _ => None,
    }
}

/// The DSL's checks of `mark_compact_shape_dynamic`'s `stride_order` (its modes from the
/// outermost to the innermost, as `torch.Tensor.dim_order()` gives them) against a tensor's
/// strides, its messages (checked with dsl-oracle): one entry per mode, each a mode, every
/// mode named, and the strides not increasing in that order (the order the DSL deduces).
fn check_stride_order(order: &[i64], strides: &[i64]) -> Result<(), String> {
    let rank = strides.len();
    if order.len() != rank {
        return Err(format!(
            "Expected stride_order to have {rank} elements, but got {}.",
            order.len()
        ));
    }
    if let Some(bad) = order
        .iter()
        .find(|&&d| usize::try_from(d).is_ok_and(|d| d >= rank) || d < 0)
    {
        return Err(format!(
            "Expected stride_order value to be in range [0, {rank}), but got {bad}."
        ));
    }
    if let Some(missing) = (0..rank as i64).find(|d| !order.contains(d)) {
        return Err(format!(
            "Expected stride_order to contain all the dimensions of the tensor, but it doesn't contain {missing}."
        ));
    }
    // (each entry a mode: checked above)
    let stride = |d: i64| strides[usize::try_from(d).unwrap_or(0)];
    if order.windows(2).any(|w| stride(w[0]) < stride(w[1])) {
        return Err(
            "The stride_order is not consistent with the deduced stride_order.".to_string(),
        );
    }
    Ok(())
}

/// The layout of an array of extents `ext` and strides `strides` as the DSL's
/// `mark_layout_dynamic()` makes it (`compact` `None`; cutlass/cute/runtime.py, checked with
/// dsl-oracle): every extent run-time (an `IntValue`: `l.shape[0] * 3` is `?{div=3}`), the leading dimension's stride (the first of stride 1)
/// static, every other one the DSL's 64-bit run-time integer (`(?,?):(?{i64},1)`); or as
/// `mark_compact_shape_dynamic(mode=m, divisibility=d)` makes it (`compact` `Some((m, d))`):
/// the extent of mode `m` run-time, a multiple of `d`, and each stride that it makes run-time
/// (of a mode of larger stride) a 64-bit one, a multiple of the stride with `d` in place of
/// the extent (`(4,?{div=4},16):(?{i64 div=64},16,1)`).
pub(crate) fn dynamic_layout(
    ext: &[i64],
    strides: &[i64],
    compact: Option<(usize, i64)>,
) -> crate::algebra::Result<Layout> {
    use crate::algebra::integer::Int;
    let leading = strides.iter().position(|&s| s == 1);
    let shape: Vec<IntTuple> = ext
        .iter()
        .enumerate()
        .map(|(k, &e)| {
            IntTuple::of_int(match compact {
                None => Int::int_value(e),
                Some((m, d)) if m == k => Int::dy_div(e, d as u64),
                Some(_) => Int::st(e),
            })
        })
        .collect();
    let stride: Vec<IntTuple> = strides
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            IntTuple::of_int(match compact {
                None if Some(k) == leading => Int::st(s),
                None => Int::i64_div(s, 1),
                Some((m, d)) if m != k && strides[m] < s && ext[m] != 1 => {
                    // a compact stride is the product of the extents of smaller stride
                    Int::i64_div(s, ((s / ext[m]) as u64).wrapping_mul(d as u64))
                }
                Some(_) => Int::st(s),
            })
        })
        .collect();
    Layout::new(IntTuple::tuple(&shape), IntTuple::tuple(&stride))
}

/// torch's name of an element type in a tensor's repr (`torch.int32`), `None` for its defaults
/// (float32, int64, bool), which its repr does not name.
fn torch_dtype_suffix(ty: ElemType) -> Result<Option<&'static str>, ()> {
    Ok(match ty {
        ElemType::F32 | ElemType::I64 | ElemType::Bool => None,
        ElemType::F64 => Some("torch.float64"),
        ElemType::F16 => Some("torch.float16"),
        ElemType::BF16 => Some("torch.bfloat16"),
        ElemType::I32 => Some("torch.int32"),
        ElemType::I16 => Some("torch.int16"),
        ElemType::I8 => Some("torch.int8"),
        ElemType::U8 => Some("torch.uint8"),
        _ => return Err(()),
    })
}

/// torch's `PRINT_OPTS.linewidth`.
const TORCH_LINE_WIDTH: usize = 80;

/// Python's `'{:.4e}'.format(x)`: `1.2346e+03` (Rust writes `1.2346e3`).
fn python_sci(x: f64) -> String {
    let s = format!("{x:.4e}");
    match s.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// Python's `print(t)` of a torch tensor of at most 1000 elements, as torch's `_tensor_str`
/// writes it (torch/_tensor_str.py, its default print options: precision 4, line width 80):
/// `tensor([[0., 1.],` … `        [2., 3.]])`, each value right-aligned to the widest; a
/// floating tensor whose values are whole is written `3.` (int mode), else with 4 decimals, or
/// in scientific notation where the largest over the smallest nonzero magnitude exceeds 1000 (or
/// the largest 1e8, or the smallest, not whole, is under 1e-4); a type other than float32,
/// int64 and bool named after it (`, dtype=torch.int32)`). `None` where a value is not known or
/// the format is not modelled (a larger tensor, summarised; a value not finite; rank 0).
pub fn torch_text(
    ty: ElemType,
    layout: &Layout,
    read: &dyn Fn(i64) -> Option<Number>,
) -> Option<String> {
    let ext: Vec<i64> = layout.shape().leaves().to_vec();
    let strides: Vec<i64> = layout.stride().leaves().to_vec();
    let size = ext.iter().try_fold(1i64, |n, &e| n.checked_mul(e))?;
    if ext.is_empty() || strides.len() != ext.len() || size == 0 || size > NUMPY_THRESHOLD {
        return None;
    }
    let suffix = torch_dtype_suffix(ty).ok()?;
    // the values in row-major order of the tensor's indices
    let mut values = Vec::with_capacity(size as usize);
    let mut index = vec![0i64; ext.len()];
    for _ in 0..size {
        let off: i64 = index.iter().zip(&strides).map(|(i, s)| i * s).sum();
        values.push(read(off)?);
        for axis in (0..ext.len()).rev() {
            index[axis] += 1;
            if index[axis] < ext[axis] {
                break;
            }
            index[axis] = 0;
        }
    }
    let float = ty.is_float();
    let texts: Vec<String> = if float {
        let xs: Vec<f64> = values.iter().map(|v| v.as_f64()).collect();
        if xs.iter().any(|x| !x.is_finite()) {
            return None;
        }
        let nonzero: Vec<f64> = xs.iter().copied().filter(|&x| x != 0.0).collect();
        let int_mode = nonzero.iter().all(|x| x.ceil() == *x);
        let (min, max) = nonzero.iter().fold((f64::INFINITY, 0f64), |(lo, hi), x| {
            (lo.min(x.abs()), hi.max(x.abs()))
        });
        let sci = !nonzero.is_empty()
            && (max / min > 1000.0 || max > 1.0e8 || (!int_mode && min < 1.0e-4));
        xs.iter()
            .map(|&x| {
                if sci {
                    python_sci(x)
                } else if int_mode {
                    format!("{x:.0}.")
                } else {
                    format!("{x:.4}")
                }
            })
            .collect()
    } else {
        values
            .iter()
            .map(|v| match (ty, v) {
                (ElemType::Bool, v) => if v.as_f64() != 0.0 { "True" } else { "False" }.to_string(),
                (_, Number::Int(i)) => i.to_string(),
                (_, v) => format!("{}", v.as_f64() as i64),
            })
            .collect()
    };
    // torch's width: of the nonzero values (a zero's `0.` counts where all are zero), at least 1
    let width = texts
        .iter()
        .zip(&values)
        .filter(|(_, v)| !float || v.as_f64() != 0.0)
        .map(|(t, _)| t.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let padded: Vec<String> = texts.iter().map(|t| format!("{t:>width$}")).collect();
    const PREFIX: &str = "tensor(";
    let body = torch_nested(&padded, &ext, PREFIX.len(), width);
    let mut out = format!("{PREFIX}{body}");
    if let Some(dtype) = suffix {
        let suffix = format!("dtype={dtype}");
        let last_line = out.len() - out.rfind('\n').map_or(0, |k| k + 1) + 1;
        if last_line + suffix.len() + 2 > TORCH_LINE_WIDTH {
            out.push_str(&format!(",\n{}{suffix}", " ".repeat(PREFIX.len())));
        } else {
            out.push_str(&format!(", {suffix}"));
        }
    }
    out.push(')');
    Some(out)
}

/// torch's `_tensor_str_with_formatter` of the values `texts` (row-major) of the extents `ext`:
/// a vector's elements wrapped at the line width, an outer mode's slices joined by `,` and one
/// newline per mode below it, indented past the brackets.
fn torch_nested(texts: &[String], ext: &[i64], indent: usize, width: usize) -> String {
    if ext.len() == 1 {
        let per_line = ((TORCH_LINE_WIDTH.saturating_sub(indent)) / (width + 2)).max(1);
        let lines: Vec<String> = texts.chunks(per_line).map(|c| c.join(", ")).collect();
        return format!(
            "[{}]",
            lines.join(&format!(",\n{}", " ".repeat(indent + 1)))
        );
    }
    let inner = texts.len() / ext[0].max(1) as usize;
    let slices: Vec<String> = texts
        .chunks(inner.max(1))
        .map(|c| torch_nested(c, &ext[1..], indent + 1, width))
        .collect();
    let sep = format!(",{}{}", "\n".repeat(ext.len() - 1), " ".repeat(indent + 1));
    format!("[{}]", slices.join(&sep))
}
