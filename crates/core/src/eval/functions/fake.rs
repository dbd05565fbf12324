//! The function table's group for the CuTe DSL's placeholders of `cute.compile` without data
//! (guides/tvm_ffi_compilation.rst; the values are `eval::fake`'s): `cute.sym_int`,
//! `sym_int32`, `sym_int64` (cutlass/cute/typing.py) and `cute.runtime.make_fake_compact_tensor`,
//! `make_fake_tensor`, `make_fake_stream` (cutlass/cute/runtime.py). Their signatures are the
//! DSL's 4.8.1, defaults and keyword-only parameters (`*`) included: a parameter left out, or
//! given `None`, takes its default.

use super::{Args, Function};
use crate::algebra::pointer::MemSpace;
use crate::eval::fake::{Extent, FakeTensor, SymInt, TypedTensor, compact_strides};
use crate::eval::storage::ElemType;
use crate::eval::{EvalError, Value};
use crate::parser::Span;

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "sym_int",
        "sym_int(width=32, *, divisibility=1, symbol=None)",
        "the CuTe DSL's symbolic integer (SymInt) for cute.compile without data: a run-time integer of WIDTH bits (32 or 64) known to be a multiple of DIVISIBILITY, printed ?{div=1}, ?{i64 div=16}, M ?{div=8} with a SYMBOL; a fake tensor's extent or stride",
        "cute.sym_int(64, divisibility=16)",
        0,
        3,
        |a| sym_int(a, "sym_int", None)
    ),
    f!(
        "sym_int32",
        "sym_int32(divisibility=1, symbol=None)",
        "a 32-bit SymInt: cute.sym_int(32, divisibility=DIVISIBILITY, symbol=SYMBOL)",
        "cute.sym_int32(divisibility=8, symbol=\"M\")",
        0,
        2,
        |a| sym_int(a, "sym_int32", Some(32))
    ),
    f!(
        "sym_int64",
        "sym_int64(divisibility=1, symbol=None)",
        "a 64-bit SymInt (the DSL's choice for a tensor's extents): cute.sym_int(64, divisibility=DIVISIBILITY, symbol=SYMBOL)",
        "cute.sym_int64(divisibility=16)",
        0,
        2,
        |a| sym_int(a, "sym_int64", Some(64))
    ),
    f!(
        "make_fake_compact_tensor",
        "make_fake_compact_tensor(dtype, shape, *, stride_order=None, memspace=AddressSpace.gmem, assumed_align=None, use_32bit_stride=False)",
        "the CuTe DSL's fake tensor (cute.runtime's _FakeTensor) for cute.compile without data: DTYPE elements over SHAPE (ints and SymInts) with compact strides in STRIDE_ORDER (0 the fastest; a SymInt's product a SymInt of 64 bits, of 32 with USE_32BIT_STRIDE), printed FakeTensor<Float32, (?{div=1},), (1,)>; a jit function compiled with it traces a tensor in MEMSPACE",
        "cute.runtime.make_fake_compact_tensor(cutlass.Float16, (100, cute.sym_int32(divisibility=8)), stride_order=(1, 0))",
        2,
        6,
        |a| fake_tensor(a, "make_fake_compact_tensor")
    ),
    f!(
        "make_fake_tensor",
        "make_fake_tensor(dtype, shape, stride, *, memspace=AddressSpace.gmem, assumed_align=None)",
        "the CuTe DSL's fake tensor of DTYPE elements over SHAPE with the strides STRIDE (ints and SymInts), for cute.compile without data",
        "cute.runtime.make_fake_tensor(cutlass.Float16, (cute.sym_int64(symbol=\"M\"), 128), (cute.sym_int64(divisibility=16), 1))",
        3,
        5,
        |a| fake_tensor(a, "make_fake_tensor")
    ),
    f!(
        "TypedTensor",
        "TypedTensor(dtype, shape, stride, memspace=AddressSpace.generic, assumed_align=None)",
        "the CuTe DSL's tensor type (cute.typing.TypedTensor; cute.Tensor[DTYPE, SHAPE, STRIDE] makes it too): DTYPE elements over the static SHAPE and STRIDE in MEMSPACE, its pointer ASSUMED_ALIGN bytes aligned (the element's size by default), printed Tensor<Float32, (16,), (1,)>",
        "cute.typing.TypedTensor(cutlass.Float32, (16,), (1,))",
        3,
        5,
        typed_tensor
    ),
    f!(
        "make_fake_stream",
        "make_fake_stream(*, use_tvm_ffi_env_stream=False)",
        "the CuTe DSL's placeholder of a CUDA stream for cute.compile (FakeStream)",
        "cute.runtime.make_fake_stream()",
        0,
        1,
        |_| Ok(Value::Name("FakeStream".to_string()))
    ),
];

/// The argument in place `k`, where it is given and not `None` (its default is taken then).
fn given<'a>(a: &'a Args, k: usize) -> Option<(&'a Value, Span)> {
    a.vals
        .get(k)
        .filter(|v| !matches!(v, Value::Under))
        .map(|v| (v, a.spans[k]))
}

/// An error of `cute.NAME`, its text prefixed by the function's name.
fn error(name: &str, message: impl std::fmt::Display, span: Span) -> EvalError {
    EvalError::new(format!("cute.{name}: {message}"), span)
}

/// The integer argument `param` in place `k`, `default` where it is not given.
fn int(a: &Args, name: &str, k: usize, param: &str, default: i64) -> Result<i64, EvalError> {
    match given(a, k) {
        None => Ok(default),
        Some((v, span)) => v
            .as_int()
            .ok_or_else(|| error(name, format_args!("{param}= takes an integer"), span)),
    }
}

/// `cute.sym_int(width=32, *, divisibility=1, symbol=None)` (typing.py's `sym_int`, its
/// ValueError for another width); `sym_int32`/`sym_int64` (`width` fixed) take
/// `(divisibility=1, symbol=None)`.
fn sym_int(a: &Args, name: &str, fixed_width: Option<u8>) -> Result<Value, EvalError> {
    // the parameters' places: sym_int's width first
    let first = usize::from(fixed_width.is_none());
    let width = match fixed_width {
        Some(w) => i64::from(w),
        None => int(a, name, 0, "width", 32)?,
    };
    if width != 32 && width != 64 {
        return Err(EvalError::new(
            format!("ValueError: Unsupported width: {width}"),
            given(a, 0).map_or(a.span, |(_, s)| s),
        ));
    }
    let divisibility = int(a, name, first, "divisibility", 1)?;
    if divisibility < 1 {
        return Err(error(
            name,
            format_args!("a divisibility of {divisibility}: cute models a positive one"),
            given(a, first).map_or(a.span, |(_, s)| s),
        ));
    }
    let symbol = match given(a, first + 1) {
        None => None,
        Some((Value::Name(s), _)) => Some(s.clone()),
        Some((_, span)) => return Err(error(name, "symbol= takes a string", span)),
    };
    Ok(Value::SymInt(Box::new(SymInt {
        width: width as u8,
        divisibility,
        symbol,
    })))
}

/// A fake tensor's extents or strides: a tuple of ints and SymInts (runtime.py's checks).
fn extents(a: &Args, k: usize, what: &str) -> Result<Vec<Extent>, EvalError> {
    let (v, span) = (&a.vals[k], a.spans[k]);
    let modes = match v {
        // a single integer is no tuple (the DSL's ValueError)
        Value::IntTuple(t) if t.is_int() => None,
        _ => v.tuple_modes(),
    }
    .ok_or_else(|| {
        EvalError::new(
            format!("ValueError: Expected tuple or list but got {}", v.kind()),
            span,
        )
    })?;
    modes
        .iter()
        .map(Extent::of)
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            EvalError::new(
                format!("ValueError: All {what} elements must be int or SymInt"),
                span,
            )
        })
}

/// `cute.runtime.make_fake_compact_tensor(dtype, shape, *, stride_order=None,
/// memspace=AddressSpace.gmem, assumed_align=None, use_32bit_stride=False)` and
/// `make_fake_tensor(dtype, shape, stride, *, memspace=AddressSpace.gmem, assumed_align=None)`
/// (runtime.py): the element type, the extents, the strides given or compact in
/// `stride_order`, the memory space and the assumed alignment (the element's size by default).
fn fake_tensor(a: &Args, name: &str) -> Result<Value, EvalError> {
    let compact = name == "make_fake_compact_tensor";
    let dtype = dsl_element_type(a, name)?;
    let shape = extents(a, 1, "shape")?;
    // the keyword parameters' places (both signatures: memspace third, assumed_align fourth)
    let (memspace_at, align_at) = (3, 4);
    let stride = if compact {
        let order = match given(a, 2) {
            None => (0..shape.len() as i64).collect(),
            Some((v, span)) => {
                let order = v
                    .tuple_modes()
                    .and_then(|m| m.iter().map(Value::as_int).collect::<Option<Vec<_>>>())
                    .ok_or_else(|| error(name, "stride_order= takes a tuple of integers", span))?;
                if order.len() != shape.len() {
                    return Err(EvalError::new(
                        format!(
                            "ValueError: stride_order ({}) must be empty or have same length as shape ({}).",
                            python_tuple(v),
                            python_tuple(&FakeTensor::tuple(&shape))
                        ),
                        span,
                    ));
                }
                order
            }
        };
        let use_32bit = matches!(given(a, 5), Some((Value::Bool(true), _)));
        compact_strides(&shape, &order, if use_32bit { 32 } else { 64 })
            .map_err(|m| error(name, m, a.span))?
    } else {
        extents(a, 2, "stride")?
    };
    if stride.len() != shape.len() {
        return Err(error(
            name,
            format_args!(
                "a shape of rank {} with strides of rank {}",
                shape.len(),
                stride.len()
            ),
            a.span,
        ));
    }
    let memspace = match given(a, memspace_at) {
        None => MemSpace::Gmem,
        Some((Value::Name(n), span)) => match n.strip_prefix("AddressSpace.") {
            Some("gmem") => MemSpace::Gmem,
            Some("smem") => MemSpace::Smem,
            _ => return Err(unmodelled_space(name, span)),
        },
        Some((_, span)) => return Err(unmodelled_space(name, span)),
    };
    let element_bytes = (dtype.bits() / 8).max(1);
    let align = int(a, name, align_at, "assumed_align", element_bytes)?;
    let assumed_align = u32::try_from(align)
        .ok()
        .filter(|a| a.is_power_of_two())
        .ok_or_else(|| {
            error(
                name,
                format_args!("assumed_align={align}: a power of two of bytes"),
                given(a, align_at).map_or(a.span, |(_, s)| s),
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

/// `TypedTensor(dtype, shape, stride, memspace=AddressSpace.generic, assumed_align=None)`
/// (typing.py): its parameters kept as given, the alignment the element's bytes by default.
fn typed_tensor(a: &Args) -> Result<Value, EvalError> {
    let name = "TypedTensor";
    let dtype = dsl_element_type(a, name)?;
    let memspace = match given(a, 3) {
        None => "generic".to_string(),
        Some((Value::Name(n), span)) => match n.strip_prefix("AddressSpace.") {
            Some(space) => space.to_string(),
            None => return Err(error(name, "memspace= takes a cute.AddressSpace", span)),
        },
        Some((_, span)) => return Err(error(name, "memspace= takes a cute.AddressSpace", span)),
    };
    let element_bytes = (dtype.bits() + 7) / 8;
    let assumed_align = int(a, name, 4, "assumed_align", element_bytes)?;
    Ok(Value::TypedTensor(Box::new(TypedTensor {
        dtype,
        shape: a.vals[1].clone(),
        stride: a.vals[2].clone(),
        memspace,
        assumed_align,
    })))
}

/// The first argument, the DSL's element type (`cutlass.Float32`, …), of `name`.
fn dsl_element_type(a: &Args, name: &str) -> Result<ElemType, EvalError> {
    match &a.vals[0] {
        Value::Name(n) => ElemType::of_name(n),
        _ => None,
    }
    .ok_or_else(|| {
        error(
            name,
            "expected the DSL's element type (cutlass.Float32, …)",
            a.spans[0],
        )
    })
}

fn unmodelled_space(name: &str, span: Span) -> EvalError {
    error(
        name,
        "a memory space other than cute.AddressSpace.gmem or smem is not modelled",
        span,
    )
}

/// A tuple as Python prints it (`(3, 4)`).
fn python_tuple(v: &Value) -> String {
    let mut out = String::new();
    crate::eval::plain::write_traced_value(&mut out, v);
    out
}
