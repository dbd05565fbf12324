//! The CuTe DSL's placeholders for `cute.compile` without data (guides/tvm_ffi_compilation.rst):
//! `cute.sym_int()` (cutlass/cute/typing.py's `SymInt`, a symbolic integer printed
//! `?{div=1}`), `cute.runtime.make_fake_compact_tensor` and `make_fake_tensor`
//! (cutlass/cute/runtime.py's `_FakeTensor`, printed `FakeTensor<Float32, (?{div=1},), (1,)>`)
//! and `cute.runtime.make_fake_stream()` (`FakeStream`). A jit function compiled with a fake
//! tensor traces it as a tensor in global (or shared) memory whose symbolic extents and
//! strides are run-time integers (`tensor<ptr<f32, gmem> o (?):(1)>`); it holds no data.
//! The calls that make them are the function table's (`functions/fake.rs`).

use super::Value;
use super::storage::ElemType;
use crate::algebra::integer::Int;
use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
use crate::algebra::tensor::Origin;
use crate::algebra::{IntTuple, Layout};

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

    /// The extent a value is: a static integer or a SymInt.
    pub(crate) fn of(v: &Value) -> Option<Extent> {
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
    /// The Python tuple of extents.
    pub(crate) fn tuple(items: &[Extent]) -> Value {
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

/// `make_fake_compact_tensor`'s strides (cutlass/cute/runtime.py): in the order
/// `stride_order` gives (0 the fastest), each the product of the extents before it, a SymInt
/// among them one of `width` bits with the product's divisibility and no name.
pub(crate) fn compact_strides(
    shape: &[Extent],
    order: &[i64],
    width: u8,
) -> Result<Vec<Extent>, String> {
    // where each rank of the order stands (its first place, as Python's `tuple.index`)
    let mut place: Vec<Option<usize>> = vec![None; order.len()];
    for (idx, &o) in order.iter().enumerate() {
        if let Some(p) = usize::try_from(o).ok().and_then(|o| place.get_mut(o))
            && p.is_none()
        {
            *p = Some(idx);
        }
    }
    let mut stride = vec![Extent::Static(0); shape.len()];
    let mut product = Extent::Static(1);
    for (k, p) in place.iter().enumerate() {
        let idx = p.ok_or("ValueError: tuple.index(x): x not in tuple")?;
        stride[idx] = product.clone();
        // (the product past the last mode is no stride: it may overflow)
        if k + 1 == place.len() {
            break;
        }
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

/// The DSL's `TypedTensor` (cutlass/cute/typing.py, `cute.Tensor[dtype, shape, stride]`): a
/// tensor's type as a jit function's annotation names it, its element type, static shape and
/// stride, memory space and assumed alignment; printed as its `__str__` writes it, `Tensor<Float32,
/// (16,), (1,)>`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypedTensor {
    /// The element type.
    pub dtype: ElemType,
    /// Its shape, as given (a Python int or tuple).
    pub shape: Value,
    /// Its stride, as given.
    pub stride: Value,
    /// Its memory space's name (`generic` by default).
    pub memspace: String,
    /// The pointer's assumed alignment in bytes (the element's size rounded up to a byte by
    /// default).
    pub assumed_align: i64,
}

impl TypedTensor {
    /// The DSL's `__str__`: `Tensor<Float32, (16,), (1,)>`.
    pub fn text(&self) -> String {
        let mut out = format!("Tensor<{}, ", self.dtype.dsl_type().unwrap_or("?"));
        super::plain::write_traced_value(&mut out, &self.shape);
        out.push_str(", ");
        super::plain::write_traced_value(&mut out, &self.stride);
        out.push('>');
        out
    }

    /// Its properties (`shape`, `stride`, `element_type`, `memspace`, `assumed_align`).
    pub fn field(&self, name: &str) -> Option<Value> {
        Some(match name {
            "shape" => self.shape.clone(),
            "stride" => self.stride.clone(),
            "element_type" => Value::Name(self.dtype.dsl_type().unwrap_or("?").to_string()),
            "memspace" => Value::Name(self.memspace.clone()),
            "assumed_align" => Value::int(self.assumed_align),
            _ => return None,
        })
    }
}
