//! The CuTe DSL's placeholders for `cute.compile` without data (guides/tvm_ffi_compilation.rst):
//! `cute.sym_int()` (cutlass/cute/typing.py's `SymInt`, a symbolic integer printed
//! `?{div=1}`), `cute.runtime.make_fake_compact_tensor` and `make_fake_tensor`
//! (cutlass/cute/runtime.py's `_FakeTensor`, printed `FakeTensor<Float32, (?{div=1},), (1,)>`)
//! and `cute.runtime.make_fake_stream()` (`FakeStream`). A jit function compiled with a fake
//! tensor traces it as a tensor in global (or shared) memory whose symbolic extents and
//! strides are run-time integers (`tensor<ptr<f32, gmem> o (?):(1)>`); it holds no data.

use super::storage::ElemType;
use super::{Env, EvalError, Value};
use crate::algebra::integer::Int;
use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
use crate::algebra::tensor::Origin;
use crate::algebra::{IntTuple, Layout};
use crate::parser::{Expr, ExprKind, Span};

/// The DSL's `SymInt`: a run-time integer of 32 or 64 bits known to be a multiple of
/// `divisibility`, with an optional name.
#[derive(Clone, Debug, PartialEq)]
pub struct SymInt {
    /// 32 or 64.
    pub width: u8,
    /// What the value is known to be a multiple of.
    pub divisibility: i64,
    /// Its name (`symbol="M"`), printed before it.
    pub symbol: Option<String>,
}

impl SymInt {
    /// The DSL's `__str__`: `?{div=1}`, `?{i64 div=16}`, `M ?{div=8}`.
    pub fn text(&self) -> String {
        let prefix = self
            .symbol
            .as_ref()
            .map_or(String::new(), |s| format!("{s} "));
        match self.width {
            32 => format!("{prefix}?{{div={}}}", self.divisibility),
            w => format!("{prefix}?{{i{w} div={}}}", self.divisibility),
        }
    }

    /// `self * other` (`SymInt.__mul__`): the product of the divisibilities, the wider width.
    fn times(&self, other: &Extent) -> Result<SymInt, String> {
        let (width, div) = match other {
            Extent::Static(n) => (self.width, *n),
            Extent::Sym(s) => (self.width.max(s.width), s.divisibility),
        };
        let divisibility = self
            .divisibility
            .checked_mul(div)
            .ok_or("a SymInt's divisibility overflows 64 bits")?;
        Ok(SymInt {
            width,
            divisibility,
            symbol: None,
        })
    }

    /// The run-time integer it is in a traced layout: a 32-bit one with its divisibility
    /// (`?{div=16}`), or the DSL's 64-bit one (`?{i64 div=16}`). cute gives it the value of its
    /// divisibility (the least positive value the contract allows): the DSL knows none.
    fn traced(&self, as_width: u8) -> Int {
        let div = self.divisibility.max(1);
        match as_width {
            32 => Int::dy_div(div, div as u64),
            _ => Int::i64_div(div, div as u64),
        }
    }
}

/// An extent or stride of a fake tensor: a Python int or a SymInt.
#[derive(Clone, Debug, PartialEq)]
pub enum Extent {
    /// A static integer.
    Static(i64),
    /// A symbolic one.
    Sym(SymInt),
}

impl Extent {
    fn value(&self) -> Value {
        match self {
            Extent::Static(n) => Value::int(*n),
            Extent::Sym(s) => Value::SymInt(Box::new(s.clone())),
        }
    }

    fn of(v: &Value) -> Option<Extent> {
        match v {
            Value::SymInt(s) => Some(Extent::Sym((**s).clone())),
            Value::IntTuple(t) if t.is_int() && !t.is_dynamic() => t.as_int().map(Extent::Static),
            _ => None,
        }
    }
}

/// The DSL's `_FakeTensor`: an element type, a shape and strides of ints and SymInts, a memory
/// space, an assumed alignment.
#[derive(Clone, Debug, PartialEq)]
pub struct FakeTensor {
    /// The element type.
    pub dtype: ElemType,
    /// Its extents.
    pub shape: Vec<Extent>,
    /// Its strides.
    pub stride: Vec<Extent>,
    /// `gmem` or `smem`.
    pub memspace: MemSpace,
    /// The base's assumed alignment in bytes (the element's size where none is given).
    pub assumed_align: u32,
}

impl FakeTensor {
    fn tuple(items: &[Extent]) -> Value {
        Value::tuple(items.iter().map(Extent::value).collect())
    }

    /// Its `shape` (a Python tuple).
    pub fn shape_value(&self) -> Value {
        Self::tuple(&self.shape)
    }

    /// Its `stride` (a Python tuple).
    pub fn stride_value(&self) -> Value {
        Self::tuple(&self.stride)
    }

    /// The DSL's `__str__`: `FakeTensor<Float32, (?{div=1},), (1,)>`.
    pub fn text(&self) -> String {
        let mut out = format!("FakeTensor<{}, ", self.dtype.dsl_type().unwrap_or("?"));
        super::plain::write_traced_value(&mut out, &self.shape_value());
        out.push_str(", ");
        super::plain::write_traced_value(&mut out, &self.stride_value());
        out.push('>');
        out
    }

    fn space_name(&self) -> &'static str {
        match self.memspace {
            MemSpace::Smem => "smem",
            _ => "gmem",
        }
    }

    /// The tensor a jit function compiled with it traces (`tensor<ptr<f32, gmem> o (?):(1)>`):
    /// a pointer to no memory over the layout of its extents and strides, each SymInt a
    /// run-time integer of its width (checked with dsl-oracle).
    pub fn traced(&self) -> Result<Value, String> {
        let mode = |e: &Extent| match e {
            Extent::Static(n) => IntTuple::of_int(Int::st(*n)),
            Extent::Sym(s) => IntTuple::of_int(s.traced(s.width)),
        };
        let shape: Vec<IntTuple> = self.shape.iter().map(mode).collect();
        let stride: Vec<IntTuple> = self.stride.iter().map(mode).collect();
        let layout = Layout::new(IntTuple::tuple(&shape), IntTuple::tuple(&stride))
            .map_err(|e| e.to_string())?;
        let name = self.dtype.dsl_type().unwrap_or(self.dtype.name());
        let p = Pointer::new(
            self.memspace,
            ElementWidth::Unknown(name.to_string()),
            PtrBase::Fake {
                align: self.assumed_align,
            },
        )
        .map_err(|e| e.to_string())?
        .with_type_name(name);
        Ok(Value::OffsetLayout(Origin::Ptr(p), Box::new(layout)))
    }

    /// A field of it (`a.shape`, `a.element_type`); `None` for one the DSL's class has not.
    pub fn field(&self, name: &str) -> Option<Value> {
        Some(match name {
            "shape" => self.shape_value(),
            "stride" => self.stride_value(),
            "element_type" | "dtype" => {
                Value::Name(self.dtype.dsl_type().unwrap_or("?").to_string())
            }
            "memspace" => Value::Name(self.space_name().to_string()),
            "dynamic_shapes_mask" | "dynamic_strides_mask" => {
                let of = if name == "dynamic_shapes_mask" {
                    &self.shape
                } else {
                    &self.stride
                };
                Value::tuple(
                    of.iter()
                        .map(|e| Value::int(matches!(e, Extent::Sym(_)) as i64))
                        .collect(),
                )
            }
            _ => return None,
        })
    }
}

/// The pointer's head as the DSL prints a fake tensor's in a compiled function:
/// `ptr<f32, gmem>`, `ptr<bf16, gmem, align<4>>` where the assumed alignment exceeds the
/// element's size.
pub(crate) fn traced_pointer_head(p: &Pointer) -> Option<String> {
    let PtrBase::Fake { align } = p.base else {
        return None;
    };
    let ty = ElemType::of_dsl(p.type_name.0.as_deref()?)?;
    let space = match p.space {
        MemSpace::Smem => "smem",
        _ => "gmem",
    };
    let bytes = (ty.bits() / 8).max(1);
    Some(if i64::from(align) > bytes {
        format!("ptr<{}, {space}, align<{align}>>", ty.dsl_name())
    } else {
        format!("ptr<{}, {space}>", ty.dsl_name())
    })
}

/// A call's arguments: the positional ones, then each keyword's.
fn split_args<'a, 'e>(args: &'a [Expr<'e>]) -> (Vec<&'a Expr<'e>>, Vec<(&'e str, &'a Expr<'e>)>) {
    let mut positional = Vec::new();
    let mut keywords = Vec::new();
    for a in args {
        match &a.kind {
            ExprKind::Keyword(k, e) => keywords.push((*k, &**e)),
            _ => positional.push(a),
        }
    }
    (positional, keywords)
}

impl Env {
    /// `cute.sym_int(width=32, *, divisibility=1, symbol=None)`, `cute.sym_int32(divisibility,
    /// symbol)`, `cute.sym_int64(…)`, `cute.runtime.make_fake_compact_tensor(dtype, shape, *,
    /// stride_order, memspace, assumed_align, use_32bit_stride)`,
    /// `cute.runtime.make_fake_tensor(dtype, shape, stride, *, memspace, assumed_align)`,
    /// `cute.runtime.make_fake_stream(*, use_tvm_ffi_env_stream)`.
    pub(super) fn fake_call(&self, f: &str, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let (positional, keywords) = split_args(args);
        let err = |m: String, s: Span| EvalError::new(format!("cute.{f}: {m}"), s);
        // the parameters in order, each bound to its positional or keyword argument
        let params: &[&str] = match f {
            "sym_int" => &["width", "divisibility", "symbol"],
            "sym_int32" | "sym_int64" => &["divisibility", "symbol"],
            "make_fake_compact_tensor" => &[
                "dtype",
                "shape",
                "stride_order",
                "memspace",
                "assumed_align",
                "use_32bit_stride",
            ],
            "make_fake_tensor" => &["dtype", "shape", "stride", "memspace", "assumed_align"],
            _ => &["use_tvm_ffi_env_stream"],
        };
        // (keyword-only past the first: sym_int's width, make_fake_compact_tensor's shape)
        let positional_max = match f {
            "sym_int" => 1,
            "make_fake_compact_tensor" => 2,
            "make_fake_tensor" => 3,
            "make_fake_stream" => 0,
            _ => 2,
        };
        if positional.len() > positional_max {
            return Err(err(
                format!(
                    "takes {positional_max} positional arguments but {} were given",
                    positional.len()
                ),
                span,
            ));
        }
        let mut bound: Vec<Option<&Expr>> = vec![None; params.len()];
        for (k, a) in positional.iter().enumerate() {
            bound[k] = Some(a);
        }
        for (key, e) in &keywords {
            let Some(k) = params.iter().position(|p| p == key) else {
                return Err(err(
                    format!("got an unexpected keyword argument '{key}'"),
                    e.span,
                ));
            };
            bound[k] = Some(e);
        }
        let arg = |name: &str| {
            params
                .iter()
                .position(|p| *p == name)
                .and_then(|k| bound[k])
        };
        let int = |name: &str, default: i64| -> Result<i64, EvalError> {
            match arg(name) {
                None => Ok(default),
                Some(e) => self
                    .eval(e)?
                    .as_int()
                    .ok_or_else(|| err(format!("{name}= takes an integer"), e.span)),
            }
        };
        match f {
            "sym_int" | "sym_int32" | "sym_int64" => {
                let width = match f {
                    "sym_int32" => 32,
                    "sym_int64" => 64,
                    _ => int("width", 32)?,
                };
                if width != 32 && width != 64 {
                    return Err(EvalError::new(
                        format!("ValueError: Unsupported width: {width}"),
                        arg("width").map_or(span, |e| e.span),
                    ));
                }
                let divisibility = int("divisibility", 1)?;
                if divisibility < 1 {
                    return Err(err(
                        format!("a divisibility of {divisibility}: cute models a positive one"),
                        arg("divisibility").map_or(span, |e| e.span),
                    ));
                }
                let symbol = match arg("symbol").map(|e| &e.kind) {
                    None | Some(ExprKind::Name("None")) => None,
                    Some(ExprKind::Str(s)) => Some(s.to_string()),
                    Some(_) => {
                        return Err(err(
                            "symbol= takes a string".to_string(),
                            arg("symbol").map_or(span, |e| e.span),
                        ));
                    }
                };
                Ok(Value::SymInt(Box::new(SymInt {
                    width: width as u8,
                    divisibility,
                    symbol,
                })))
            }
            "make_fake_stream" => Ok(Value::Name("FakeStream".to_string())),
            _ => {
                let dtype_expr = arg("dtype").ok_or_else(|| {
                    err("missing the required argument 'dtype'".to_string(), span)
                })?;
                let dtype = dtype_name(dtype_expr)
                    .and_then(ElemType::of_dsl)
                    .ok_or_else(|| {
                        err(
                            "expected the DSL's element type (cutlass.Float32, …)".to_string(),
                            dtype_expr.span,
                        )
                    })?;
                let extents = |name: &str, what: &str| -> Result<Vec<Extent>, EvalError> {
                    let e = arg(name).ok_or_else(|| {
                        err(format!("missing the required argument '{name}'"), span)
                    })?;
                    let v = self.eval(e)?;
                    let modes = v.tuple_modes().ok_or_else(|| {
                        EvalError::new(
                            format!("ValueError: Expected tuple or list but got {}", v.kind()),
                            e.span,
                        )
                    })?;
                    modes
                        .iter()
                        .map(Extent::of)
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| {
                            EvalError::new(
                                format!("ValueError: All {what} elements must be int or SymInt"),
                                e.span,
                            )
                        })
                };
                let shape = extents("shape", "shape")?;
                let stride = if f == "make_fake_tensor" {
                    extents("stride", "stride")?
                } else {
                    let order = match arg("stride_order") {
                        None => (0..shape.len() as i64).collect(),
                        Some(e) => {
                            let v = self.eval(e)?;
                            let order = v
                                .tuple_modes()
                                .and_then(|m| {
                                    m.iter().map(Value::as_int).collect::<Option<Vec<_>>>()
                                })
                                .ok_or_else(|| {
                                    err(
                                        "stride_order= takes a tuple of integers".to_string(),
                                        e.span,
                                    )
                                })?;
                            if order.len() != shape.len() {
                                return Err(EvalError::new(
                                    format!(
                                        "ValueError: stride_order ({}) must be empty or have same length as shape ({}).",
                                        python_tuple(&v),
                                        python_tuple(&FakeTensor::tuple(&shape))
                                    ),
                                    e.span,
                                ));
                            }
                            order
                        }
                    };
                    let use_32bit = match arg("use_32bit_stride") {
                        None => false,
                        Some(e) => self.eval(e)? == Value::Bool(true),
                    };
                    compact_strides(&shape, &order, if use_32bit { 32 } else { 64 })
                        .map_err(|m| err(m, span))?
                };
                if stride.len() != shape.len() {
                    return Err(err(
                        format!(
                            "a shape of rank {} with strides of rank {}",
                            shape.len(),
                            stride.len()
                        ),
                        span,
                    ));
                }
                let memspace = match arg("memspace").map(|e| &e.kind) {
                    None | Some(ExprKind::Field(_, "gmem")) => MemSpace::Gmem,
                    Some(ExprKind::Field(_, "smem")) => MemSpace::Smem,
                    Some(_) => {
                        return Err(err(
                            "a memory space other than cute.AddressSpace.gmem or smem is not modelled"
                                .to_string(),
                            arg("memspace").map_or(span, |e| e.span),
                        ));
                    }
                };
                let element_bytes = (dtype.bits() / 8).max(1);
                let align = int("assumed_align", element_bytes)?;
                let assumed_align = u32::try_from(align)
                    .ok()
                    .filter(|a| a.is_power_of_two())
                    .ok_or_else(|| {
                        err(
                            format!("assumed_align={align}: a power of two of bytes"),
                            arg("assumed_align").map_or(span, |e| e.span),
                        )
                    })?;
                Ok(Value::FakeTensor(Box::new(FakeTensor {
                    dtype,
                    shape,
                    stride,
                    memspace,
                    assumed_align,
                })))
            }
        }
    }
}

/// The name of a type's expression (`cutlass.Float32`, `cute.Float32`, `Float32`).
fn dtype_name<'e>(e: &Expr<'e>) -> Option<&'e str> {
    match e.kind {
        ExprKind::Field(_, n) | ExprKind::Name(n) | ExprKind::Qualified(n) => {
            Some(n.rsplit('.').next().unwrap_or(n))
        }
        _ => None,
    }
}

fn python_tuple(v: &Value) -> String {
    let mut out = String::new();
    super::plain::write_traced_value(&mut out, v);
    out
}

/// `make_fake_compact_tensor`'s strides (cutlass/cute/runtime.py): in the order
/// `stride_order` gives (0 the fastest), each the product of the extents before it, a SymInt
/// among them one of `width` bits with the product's divisibility and no name.
fn compact_strides(shape: &[Extent], order: &[i64], width: u8) -> Result<Vec<Extent>, String> {
    let mut stride = vec![Extent::Static(0); shape.len()];
    let mut product = Extent::Static(1);
    for k in 0..order.len() as i64 {
        let idx = order
            .iter()
            .position(|&o| o == k)
            .ok_or_else(|| format!("ValueError: {k} is not in stride_order"))?;
        stride[idx] = product.clone();
        product = match (&product, &shape[idx]) {
            (Extent::Static(a), Extent::Static(b)) => Extent::Static(
                a.checked_mul(*b)
                    .ok_or("a fake tensor's strides overflow 64 bits")?,
            ),
            (Extent::Static(_), Extent::Sym(s)) => Extent::Sym(s.times(&product)?),
            (Extent::Sym(s), other) => Extent::Sym(s.times(other)?),
        };
    }
    Ok(stride
        .into_iter()
        .map(|s| match s {
            Extent::Sym(s) => Extent::Sym(SymInt {
                width,
                divisibility: s.divisibility,
                symbol: None,
            }),
            s => s,
        })
        .collect())
}
