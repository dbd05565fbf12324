//! Values that statements compute.

use crate::algebra::tensor::Origin;
use crate::algebra::{ComposedLayout, IntTuple, Layout, Offset, Swizzle, Tup};

/// A value: what an expression evaluates to.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer or an IntTuple.
    IntTuple(IntTuple),
    /// `true` / `false`.
    Bool(bool),
    /// A layout.
    Layout(Layout),
    /// `_`.
    Under,
    /// A tuple that is not an IntTuple: a tiler `(3:4,8:2)`, a pair `((8):(1),16)`, a coordinate with `_`.
    Tuple(Vec<Value>),
    /// `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// `Sw o OFF o L`.
    Composed(Box<ComposedLayout>),
    /// `Sw o OFF o (Sw' o OFF' o L)`: a composed layout whose inner layout is composed (the
    /// composition of two composed layouts).
    NestedComposed(Box<crate::algebra::swizzle::NestedComposed>),
    /// `A o O o B` with `A` a layout (CuTe's `ComposedLayout<Layout, O, Layout>`), or a tensor
    /// over one (an im2col TMA's coordinate tensor).
    LayoutComposed(Box<crate::algebra::layout_composed::ComposedTensor>),
    /// `smem_ptr[Nb](unset)` on its own.
    Offset(Offset),
    /// An iterator on its own, for make_tensor: CuTe's `counting_iterator<int>{n}`
    /// ([`Origin::Counting`], printed `counting_iter(n)`).
    Iterator(Origin),
    /// `Sw o OFF`, waiting for its layout.
    SwizzleOffset(Swizzle, Offset),
    /// `OFF o L`: a layout shifted by an offset (a tensor over a layout); `ArithTuple(0,0) o L`
    /// an identity tensor.
    OffsetLayout(Origin, Box<Layout>),
    /// `OFF o Sw o OFF2 o L`: a tensor over a swizzled layout (shared memory), element `i` at
    /// `OFF + (Sw o OFF2 o L)(i)`.
    SwizzledTensor(Origin, Box<ComposedLayout>),
    /// `OFF o Sw` or `OFF o Sw o OFF2`, waiting for its layout (the printed form of a
    /// [`Value::SwizzledTensor`] read back from the left).
    TensorSwizzle(Box<Origin>, Swizzle, Option<Offset>),
    /// CuTe's `ArithmeticTuple` as an iterator (`ArithTuple(0,0)`, an identity tensor's start),
    /// waiting for its layout.
    ArithTuple(IntTuple),
    /// A typed pointer on its own (`gmem_ptr[16b](0x108)`, `ptr[32b](A+4)`): what
    /// `make_gmem_ptr(…)` or `T.data()` gives, waiting for a layout (`P o L` is a tensor).
    Pointer(crate::algebra::pointer::Pointer),
    /// A name passed as an argument that is not a variable: an atom name or an element type.
    Name(String),
    /// An MMA or copy atom, a tiled MMA or copy, or a thread's slice of one.
    Atom(Box<crate::atoms::Atom>),
    /// A value of an element type (`T(i)` of an owning tensor, `1.5f`, `half_t(2)`):
    /// [`storage::Scalar`](super::storage::Scalar).
    Scalar(Box<super::storage::Scalar>),
    /// Values held by value: a NumPy array before a name binds it (`np.arange(6)`), or the
    /// CuTe DSL's TensorSSA (`t.load()`, arithmetic of them): [`host::Ssa`](super::host::Ssa).
    Ssa(Box<super::host::Ssa>),
    /// A static integer of a C++ type the text names (`integral_constant<uint32_t, 5>`, `C<5u>`):
    /// [`constant::Constant`](super::constant::Constant). Every function of the table but those
    /// that ask its type takes it as the static integer it is.
    Constant(super::constant::Constant),
    /// CuTe's `array<T, N>{…}` as a value: [`array::Array`](super::array::Array), printed as
    /// the tuple of its elements.
    Array(Box<super::array::Array>),
    /// An operation of the CuTe DSL (`cute.nvgpu.warp.MmaF16BF16Op(…)`): [`nvgpu::Op`](super::nvgpu::Op).
    Op(Box<super::nvgpu::Op>),
    /// A struct of the program's own: its type, a pointer to an object of it, or the object
    /// ([`structs`](super::structs)).
    Struct(Box<super::structs::StructValue>),
    /// The CuTe DSL's composed layout whose inner transform is a Python function of the
    /// program's own (`cute.make_composed_layout(inner, offset, outer)` of a `def inner(c)`):
    /// [`FunctionComposed`].
    FunctionComposed(Box<FunctionComposed>),
    /// Python's dict (`custom_cache = {}`): its keys and values in insertion order; a value
    /// that is a function of the session (a compiled jit function) is its name
    /// ([`Value::Name`]), called by it.
    Dict(Box<Vec<(Value, Value)>>),
    /// An object of a Python class of the program's own that holds fields (a
    /// `typing.NamedTuple`, a `@dataclass`): [`Record`].
    Record(Box<Record>),
    /// The CuTe DSL's symbolic integer (`cute.sym_int()`, printed `?{div=1}`):
    /// [`fake::SymInt`](super::fake::SymInt).
    SymInt(Box<super::fake::SymInt>),
    /// The CuTe DSL's fake tensor (`cute.runtime.make_fake_compact_tensor`), for `cute.compile`
    /// without data: [`fake::FakeTensor`](super::fake::FakeTensor).
    FakeTensor(Box<super::fake::FakeTensor>),
    /// The CuTe DSL's tensor type (`cute.typing.TypedTensor`, `cute.Tensor[dtype, shape,
    /// stride]`): [`fake::TypedTensor`](super::fake::TypedTensor).
    TypedTensor(Box<super::fake::TypedTensor>),
    /// The CuTe DSL's `cute.Ratio(numerator, denominator)`: [`Ratio`].
    Ratio(Ratio),
    /// Python's list in the CuTe DSL's text (`[1, 2]`): its values; a function of the table
    /// takes it as the tuple of them ([`Value::as_tuple`]).
    List(Vec<Value>),
    /// A run-time value of a DSL numeric type that cute does not know: an element of a
    /// TensorSSA never written (`frg[0]` of `tensor.load()` of a register tensor), printed `?`
    /// in a jit function as the DSL prints it; any other use an error naming it.
    Unknown(super::storage::ElemType),
    /// The CuTe DSL's `cute.ScaledBasis(Ratio(1, 2), 1)`: a basis element scaled by a Ratio,
    /// printed `1/2@1`; its `basis_value` the Ratio. cute's algebra scales by integers: a
    /// layout or arithmetic of it is refused, named.
    RatioBasis(Ratio, crate::algebra::basis::Basis),
}

/// The CuTe DSL's `Ratio` (cute/core.py): a rational number as the two integers given, not
/// reduced (`Ratio(2, 4)` prints `2/4`; `.reduced()` is `1/2`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// The numerator.
    pub numerator: i64,
    /// The denominator.
    pub denominator: i64,
}

impl Ratio {
    /// Its `__str__`: `2/4`.
    pub fn text(&self) -> String {
        format!("{}/{}", self.numerator, self.denominator)
    }

    /// Its properties (`numerator`, `denominator`).
    pub fn field(&self, name: &str) -> Option<Value> {
        match name {
            "numerator" => Some(Value::int(self.numerator)),
            "denominator" => Some(Value::int(self.denominator)),
            _ => None,
        }
    }

    /// `to(dtype)` (core.py's Ratio.to, checked with dsl-oracle): `float` Python's
    /// `numerator / denominator` (`0.5`), `int` its floor division, `cute.Ratio` itself; any
    /// other type the DSL's TypeError.
    pub fn to(&self, dtype: &Value) -> Result<Value, String> {
        use super::storage::{ElemType, Number, Scalar};
        let name = match dtype {
            Value::Name(n) => n.rsplit('.').next().unwrap_or(n),
            other => {
                return Err(format!(
                    "TypeError: Cannot convert Ratio to {}",
                    other.kind()
                ));
            }
        };
        let zero = || "ZeroDivisionError: division by zero".to_string();
        match name {
            "Ratio" => Ok(Value::Ratio(*self)),
            "float" if self.denominator == 0 => Err(zero()),
            // Python's true division of two ints: correctly rounded where both are below 2^53
            "float" => Ok(Value::Scalar(Box::new(Scalar {
                python: true,
                ..Scalar::new(
                    ElemType::F64,
                    Number::Float(self.numerator as f64 / self.denominator as f64),
                )?
            }))),
            "int" if self.denominator == 0 => {
                Err("ZeroDivisionError: integer division or modulo by zero".to_string())
            }
            // Python's floor division: the truncated quotient, one less where the signs differ
            // and it is inexact
            "int" => {
                let (n, d) = (self.numerator, self.denominator);
                let q = n
                    .checked_div(d)
                    .ok_or("the Ratio's quotient overflows 64 bits")?;
                let inexact = n % d != 0 && (n < 0) != (d < 0);
                Ok(Value::int(if inexact { q - 1 } else { q }))
            }
            n => Err(format!("TypeError: Cannot convert Ratio to {n}")),
        }
    }

    /// Its methods without arguments: `is_integral()` (the numerator a multiple of the
    /// denominator) and `reduced()` (both divided by their gcd).
    pub fn method(&self, name: &str) -> Option<Value> {
        match name {
            "is_integral" => Some(Value::Bool(
                self.denominator != 0 && self.numerator % self.denominator == 0,
            )),
            "reduced" => {
                let g = gcd(
                    self.numerator.unsigned_abs(),
                    self.denominator.unsigned_abs(),
                )
                .max(1);
                let g = i64::try_from(g).unwrap_or(1);
                Some(Value::Ratio(Ratio {
                    numerator: self.numerator / g,
                    denominator: self.denominator / g,
                }))
            }
            _ => None,
        }
    }

    /// `self * other` (`Ratio.__mul__`, `__rmul__`) of a Ratio or an integer, not reduced;
    /// `None` where a product overflows 64 bits.
    pub fn times(&self, other: &Value) -> Option<Option<Ratio>> {
        let (n, d) = match other {
            Value::Ratio(r) => (r.numerator, r.denominator),
            v => (v.as_int()?, 1),
        };
        Some(
            self.numerator
                .checked_mul(n)
                .zip(self.denominator.checked_mul(d))
                .map(|(numerator, denominator)| Ratio {
                    numerator,
                    denominator,
                }),
        )
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// An object of a Python class of fields: its class's name and its fields' values, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The class's name (`Vec3`).
    pub class: String,
    /// Each field's name and value.
    pub fields: Vec<(String, Value)>,
    /// Whether it was made outside a jit function, where the DSL's numeric values are known
    /// (its repr writes `Int32(1)`; traced, `Int32(?)`).
    pub known: bool,
}

impl Record {
    /// Python's repr of a NamedTuple's or dataclass's object: `Vec3(x=1, y=2, z=3)`.
    pub fn text(&self) -> String {
        let mut out = format!("{}(", self.class);
        for (i, (name, v)) in self.fields.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(name);
            out.push('=');
            match v {
                Value::IntTuple(t) if self.known && t.is_dynamic() && t.is_int() => {
                    out.push_str(&format!("Int32({})", t.as_int().unwrap_or_default()));
                }
                Value::IntTuple(t) => crate::eval::plain::write_python_tuple(&mut out, t),
                v => crate::eval::plain::write_traced_value(&mut out, v),
            }
        }
        out.push(')');
        out
    }
}

/// The CuTe DSL's `_ComposedLayoutWithInnerFunc` (cute/core.py): `c -> inner(offset +
/// outer(c))`, the offset added by `tuple_add`, the function called on the sum. Printed as the
/// DSL's `__str__` writes it, `(<function F at 0x…> o OFFSET o OUTER)`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionComposed {
    /// The name the function is called by (it is looked up where the layout is applied).
    pub function: String,
    /// Its Python `__qualname__` (`customized_layout.<locals>.inner`).
    pub qualname: String,
    /// The offset as given (a Python int or tuple).
    pub offset: Value,
    /// The outer layout, applied first.
    pub outer: Layout,
}

/// Python's print of a dict: `{KEY: VALUE, …}`, each as Python's print writes it (a string
/// quoted), a function by its name.
impl Value {
    /// [`Value::Dict`]'s text.
    pub fn dict_text(entries: &[(Value, Value)]) -> String {
        let mut out = String::from("{");
        for (i, (k, v)) in entries.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            crate::eval::plain::write_traced_value(&mut out, k);
            out.push_str(": ");
            crate::eval::plain::write_traced_value(&mut out, v);
        }
        out.push('}');
        out
    }
}

impl FunctionComposed {
    /// The DSL's `__str__`: `(<function QUALNAME at 0x…> o OFFSET o OUTER)`, the offset and
    /// the outer layout as Python's print writes them. The function's address is where the
    /// DSL's process put it: none is written.
    pub fn text(&self) -> String {
        let mut out = format!("(<function {}> o ", self.qualname);
        crate::eval::plain::write_traced_value(&mut out, &self.offset);
        out.push_str(" o ");
        crate::eval::plain::write_traced_value(&mut out, &Value::Layout(self.outer.clone()));
        out.push(')');
        out
    }
}

// A value is moved by inline stores (at most 128 bytes), not by a call of `memcpy`: a layout
// is two IntTuples of 56 bytes, and the rare large values are boxed.
const _: () = assert!(std::mem::size_of::<Value>() <= 128);

impl Value {
    /// Its modes when it is a tuple (an IntTuple or a tuple of other values), `None` for a
    /// non-tuple (an integer, a layout, ...): CuTe's `is_tuple`.
    pub fn tuple_modes(&self) -> Option<Vec<Value>> {
        match self {
            Value::IntTuple(t) if !t.is_int() => {
                Some(t.modes().map(|m| Value::IntTuple(m.to_owned())).collect())
            }
            Value::Tuple(items) | Value::List(items) => Some(items.clone()),
            Value::Array(a) => Some(a.items.clone()),
            _ => None,
        }
    }

    // The rare large values are boxed, so that a value is small to move: these make them.

    /// A composed layout `Sw o OFF o L`.
    pub fn composed(c: ComposedLayout) -> Value {
        Value::Composed(Box::new(c))
    }

    /// A struct value (boxed).
    pub fn structure(s: super::structs::StructValue) -> Value {
        Value::Struct(Box::new(s))
    }

    /// A layout shifted by an offset, `OFF o L`.
    pub fn offset_layout(o: Origin, l: Layout) -> Value {
        Value::OffsetLayout(o, Box::new(l))
    }

    /// A tensor over a layout: its offset and its layout.
    pub fn tensor(t: crate::algebra::tensor::OffsetTensor) -> Value {
        Value::offset_layout(t.offset, t.layout)
    }

    /// A tensor over a swizzled layout, `OFF o Sw o OFF2 o L`.
    pub fn swizzled_tensor(o: Origin, c: ComposedLayout) -> Value {
        Value::SwizzledTensor(o, Box::new(c))
    }

    /// The layout of a plain layout or of a layout shifted by an offset.
    pub fn plain_layout(&self) -> Option<&Layout> {
        match self {
            Value::Layout(l) => Some(l),
            Value::OffsetLayout(_, l) => Some(l),
            _ => None,
        }
    }

    /// The value with each Python list in it a tuple (what the function table takes).
    pub fn as_tuple(self) -> Value {
        match self {
            Value::List(items) => Value::tuple(items.into_iter().map(Value::as_tuple).collect()),
            Value::Tuple(items) if items.iter().any(Value::holds_list) => {
                Value::tuple(items.into_iter().map(Value::as_tuple).collect())
            }
            v => v,
        }
    }

    /// Whether a Python list is in the value.
    pub fn holds_list(&self) -> bool {
        match self {
            Value::List(_) => true,
            Value::Tuple(items) => items.iter().any(Value::holds_list),
            _ => false,
        }
    }

    /// An integer value.
    pub fn int(v: i64) -> Value {
        Value::IntTuple(IntTuple::int(v))
    }

    /// A tuple of values: an IntTuple when every element is one.
    pub fn tuple(items: Vec<Value>) -> Value {
        if items.iter().all(|v| matches!(v, Value::IntTuple(_))) {
            Value::IntTuple(
                items
                    .iter()
                    .map(|v| match v {
                        Value::IntTuple(t) => t,
                        _ => unreachable!("checked above"),
                    })
                    .collect(),
            )
        } else {
            Value::Tuple(items)
        }
    }

    /// The integer, when the value is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::IntTuple(t) if t.basis().is_none() => t.as_int(),
            // a typed static integer's value (`integral_constant<uint32_t, 5>`)
            Value::Constant(c) => i64::try_from(c.value()).ok(),
            // a run-time `bool` (a comparison's answer) converts to its integer 1 or 0
            Value::Scalar(s) if s.ty == super::storage::ElemType::Bool && !s.python => {
                Some(i64::from(s.value.as_f64() != 0.0))
            }
            _ => None,
        }
    }

    /// Whether the value holds a basis element (`1@0`): an identity layout's strides, an identity
    /// tensor, an arithmetic tuple. Inlined where a call's arguments are walked (no recursion
    /// here: a tuple's items are tested out of line).
    #[inline(always)]
    pub fn has_basis(&self) -> bool {
        match self {
            Value::IntTuple(t) => t.has_basis(),
            Value::Layout(l) => l.stride().has_basis(),
            Value::OffsetLayout(o, l) => matches!(o, Origin::Coord(_)) || l.stride().has_basis(),
            Value::ArithTuple(_) => true,
            Value::Tuple(items) => Value::any_has_basis(items),
            _ => false,
        }
    }

    /// Whether any of `items` holds a basis element ([`Value::has_basis`]).
    #[inline(never)]
    fn any_has_basis(items: &[Value]) -> bool {
        items.iter().any(Value::has_basis)
    }

    /// A run-time `bool` (a comparison's answer, [`Value::Scalar`] of type `bool`) as the
    /// run-time integer 1 or 0 it converts to, which C++ and the DSL write: `None` of any
    /// other value.
    pub fn run_time_bool_as_int(&self) -> Option<Value> {
        match self {
            Value::Scalar(s) if s.ty == super::storage::ElemType::Bool && !s.python => {
                Some(Value::IntTuple(IntTuple::int_of(self.as_int()?, true)))
            }
            _ => None,
        }
    }

    /// A word for the kind of value, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::IntTuple(t) if t.basis().is_some() => "a basis element",
            Value::IntTuple(t) if t.is_int() => "an integer",
            Value::IntTuple(_) => "an IntTuple",
            Value::Bool(_) => "a boolean",
            Value::Op(_) => "an operation of cute.nvgpu",
            Value::Ssa(a) if a.numpy => "a NumPy array",
            Value::Ssa(_) => "a TensorSSA",
            Value::Layout(l) if l.stride().has_basis() => "a layout with basis strides",
            Value::Layout(_) => "a layout",
            Value::Under => "'_'",
            Value::Tuple(_) => "a tuple",
            Value::Swizzle(_) => "a swizzle",
            Value::Composed(_) => "a composed layout",
            Value::NestedComposed(_) => "a composed layout of a composed layout",
            Value::LayoutComposed(t) if t.origin.is_some() => {
                "a tensor over a layout composed with a layout"
            }
            Value::LayoutComposed(_) => "a layout composed with a layout",
            Value::Offset(crate::algebra::Offset::Mixed { .. }) => "a MixedBits",
            Value::Offset(_) => "a pointer",
            Value::Iterator(_) => "an iterator",
            Value::SwizzleOffset(..) => "a swizzle with an offset",
            Value::OffsetLayout(Origin::Coord(_), _) => "an identity tensor",
            Value::OffsetLayout(Origin::Ptr(_), _) => "a tensor over memory",
            Value::OffsetLayout(..) => "an offset layout",
            Value::SwizzledTensor(..) => "a tensor over a swizzled layout",
            Value::TensorSwizzle(..) => "an offset swizzle waiting for its layout",
            Value::ArithTuple(_) => "an arithmetic-tuple iterator",
            Value::Pointer(_) => "a pointer",
            Value::Name(_) => "a name",
            Value::Atom(a) => a.kind(),
            Value::Scalar(s) if s.ty == super::storage::ElemType::Bool && !s.python => "a bool",
            Value::Scalar(_) => "a number",
            Value::Constant(_) => "an integral constant",
            Value::Array(_) => "an array",
            Value::Struct(s) => s.kind(),
            Value::FunctionComposed(_) => "a layout composed with a Python function",
            Value::Dict(_) => "a Python dict",
            Value::Record(_) => "an object of a Python class of the program's own",
            Value::SymInt(_) => "a SymInt",
            Value::TypedTensor(_) => "a tensor type (TypedTensor)",
            Value::Ratio(_) => "a Ratio",
            Value::Unknown(_) => "a value that is not known (a TensorSSA's element never written)",
            Value::RatioBasis(..) => {
                "a basis element scaled by a Ratio (not modelled beyond its print and basis_value)"
            }
            Value::FakeTensor(_) => "a fake tensor",
            Value::List(_) => "a list",
        }
    }
}

/// A statement's result beyond the limits on values: the message names the limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// Nested deeper than [`MAX_NESTING`](crate::limits::MAX_NESTING) levels.
    #[error(
        "the result is nested {0} levels deep, deeper than the limit of {max} levels",
        max = crate::limits::MAX_NESTING
    )]
    TooDeep(usize),
    /// More integers than [`MAX_TUPLE_WIDTH`](crate::limits::MAX_TUPLE_WIDTH).
    #[error(
        "the result has {0} integers, more than the limit of {max}",
        max = crate::limits::MAX_TUPLE_WIDTH
    )]
    TooWide(usize),
    /// A Python list or tuple of more items than [`MAX_TUPLE_WIDTH`](crate::limits::MAX_TUPLE_WIDTH).
    #[error(
        "the result is a sequence of {0} items, more than the limit of {max}",
        max = crate::limits::MAX_TUPLE_WIDTH
    )]
    ManyItems(usize),
}

/// The message, for the evaluator's errors, which carry text.
impl From<LimitError> for String {
    fn from(e: LimitError) -> String {
        e.to_string()
    }
}

/// Check a statement's result against [`MAX_NESTING`](crate::limits::MAX_NESTING) and [`MAX_TUPLE_WIDTH`](crate::limits::MAX_TUPLE_WIDTH): the error names the
/// limit. Values inside atoms (MMA, copy) are built by `cute` itself and are not counted.
pub fn check_value(v: &Value) -> Result<(), LimitError> {
    use crate::limits::{MAX_NESTING, MAX_TUPLE_WIDTH};
    // a tuple of at most MAX_NESTING nodes has no more leaves and no deeper nesting than
    // that (each level is a node): within both limits without a walk
    const _: () = assert!(MAX_NESTING <= MAX_TUPLE_WIDTH);
    if measured_tuple(v).is_some_and(|t| t.node_count() <= MAX_NESTING) {
        return Ok(());
    }
    let (leaves, depth) = measure(v);
    if depth > MAX_NESTING {
        return Err(LimitError::TooDeep(depth));
    }
    if leaves > MAX_TUPLE_WIDTH {
        return Err(LimitError::TooWide(leaves));
    }
    Ok(())
}

/// A Python sequence built of `parts`, each a value and how many times its items repeat
/// (`xs + ys`: each once; `xs * n`: n times; `xs.append(v)`: `[v]` once): within the limits on
/// integers and on items, checked before the sequence is built.
pub fn check_joined(parts: &[(&Value, usize)]) -> Result<(), LimitError> {
    use crate::limits::MAX_TUPLE_WIDTH;
    let (mut leaves, mut items) = (0usize, 0usize);
    for &(v, times) in parts {
        let len = match v {
            Value::List(xs) | Value::Tuple(xs) => xs.len(),
            Value::IntTuple(t) if !t.is_int() => t.rank(),
            _ => 1,
        };
        leaves = leaves.saturating_add(measure(v).0.saturating_mul(times));
        items = items.saturating_add(len.saturating_mul(times));
    }
    if leaves > MAX_TUPLE_WIDTH {
        return Err(LimitError::TooWide(leaves));
    }
    if items > MAX_TUPLE_WIDTH {
        return Err(LimitError::ManyItems(items));
    }
    Ok(())
}

/// The integers a value holds, as the limit on values counts them.
pub(crate) fn width(v: &Value) -> usize {
    measure(v).0
}

/// The one IntTuple whose size is a value's, when there is one (an IntTuple, or a layout's
/// shape).
fn measured_tuple(v: &Value) -> Option<&Tup> {
    match v {
        Value::IntTuple(t) => Some(t),
        Value::Layout(l) => Some(l.shape()),
        Value::OffsetLayout(_, l) => Some(l.shape()),
        Value::Composed(c) | Value::SwizzledTensor(_, c) => Some(c.layout.shape()),
        Value::NestedComposed(n) => Some(n.inner.layout.shape()),
        Value::LayoutComposed(t) => t.layout.shape(),
        _ => None,
    }
}

/// (integers, depth) of a value; saturating, never allocating.
fn measure(v: &Value) -> (usize, usize) {
    if let Some(t) = measured_tuple(v) {
        return measure_tuple(t);
    }
    match v {
        Value::Tuple(items) | Value::List(items) => {
            let (mut leaves, mut depth) = (0usize, 0usize);
            for item in items {
                let (l, d) = measure(item);
                leaves = leaves.saturating_add(l);
                depth = depth.max(d);
            }
            (leaves, depth.saturating_add(1))
        }
        // an atom holds several layouts (a kilobyte or two): it counts as the integers they
        // hold, about, so that a tuple of many copies of one stops where a tuple of as many
        // integers would
        Value::Atom(_) => (ATOM_WIDTH, 0),
        _ => (1, 0),
    }
}

/// The integers an atom counts as in the limit on values.
const ATOM_WIDTH: usize = 64;

/// Leaves and depth: one pass over the flat nodes, no recursion.
fn measure_tuple(t: &Tup) -> (usize, usize) {
    (t.leaf_count(), t.depth())
}
