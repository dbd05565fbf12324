//! The function table's group for typed pointers (CuTe's pointer.hpp): `make_gmem_ptr`,
//! `make_smem_ptr`, `make_rmem_ptr` and the C++ casts that type a `nullptr`.

use super::{Args, Function, TemplateArgs};
use crate::algebra::pointer::{ElementWidth, MemSpace, Pointer, PtrBase};
use crate::eval::{EvalError, Value};

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "make_gmem_ptr",
        "make_gmem_ptr(PTR) | make_gmem_ptr<T>(nullptr)",
        "PTR tagged as a pointer to global memory (CuTe prints gmem_ptr[16b](0x108)); a named pointer prints its name and element offset",
        "make_gmem_ptr(static_cast<half_t*>(nullptr)) + 132",
        1,
        2,
        |a| make_ptr(a, MemSpace::Gmem),
        template: TemplateArgs::Before
    ),
    f!(
        "make_smem_ptr",
        "make_smem_ptr(PTR) | make_smem_ptr<T>(nullptr) | make_smem_ptr(PTR, Sw)",
        "PTR tagged as a pointer to shared memory (CuTe prints smem_ptr[32b]((nil))); with a swizzle, CuTe's swizzle_ptr over it, whose dereference swizzles the byte address (Sw<3,4,3>_smem_ptr[16b]((nil)))",
        "make_smem_ptr(static_cast<float*>(nullptr))",
        1,
        2,
        |a| make_ptr(a, MemSpace::Smem),
        template: TemplateArgs::Before
    ),
    f!(
        "make_rmem_ptr",
        "make_rmem_ptr(PTR) | make_rmem_ptr<T>(nullptr)",
        "PTR as a pointer to registers: a raw pointer stays raw (CuTe prints ptr[32b](0xc))",
        "make_rmem_ptr(static_cast<float*>(nullptr)) + 3",
        1,
        2,
        |a| make_ptr(a, MemSpace::Raw),
        template: TemplateArgs::Before
    ),
    f!(
        "make_tmem_ptr",
        "make_tmem_ptr<T>([ADDR])",
        "a pointer to Blackwell's tensor memory at the 32-bit address ADDR (0 when left out): lane in the upper 16 bits, 32-bit column in the lower; CuTe prints tmem_[32b](0x0001.0020). It moves by addr + rotr(n, log_2(32/bits(T))): a sub-word element's index sits in the top bits",
        "make_tmem_ptr<half_t>(0) + 3",
        1,
        2,
        make_tmem_ptr,
        template: TemplateArgs::Before
    ),
    f!(
        "make_sparse_ptr",
        "make_sparse_ptr<S>(PTR)",
        "CuTe's sparse_ptr over PTR, a pointer to sparse_elem<S,T> (pointer_sparse.hpp): it moves by logical elements, S of them one physical T, its width sizeof_bits<sparse_elem<S,T>> = bits(T)/S; CuTe prints sparse<2>_ptr[_8b](0x4), smem_sparse<2>_ptr[_8b](…) in shared memory (PTR itself for S = 1)",
        "make_smem_ptr(make_sparse_ptr<2>(static_cast<sparse_elem<2,half_t>*>(nullptr))) + 4",
        2,
        2,
        |a| {
            let s = a.vals[0].as_int().ok_or_else(|| {
                EvalError::new(
                    format!("make_sparse_ptr<S>: S is an integer, not {}", a.vals[0].kind()),
                    a.spans[0],
                )
            })?;
            let p = pointer_arg(a, 1)?;
            p.make_sparse(s).map(Value::Pointer).map_err(a.alg())
        },
        template: TemplateArgs::Before
    ),
    f!(
        "static_cast",
        "static_cast<T*>(nullptr)",
        "the null pointer typed T* (its width is sizeof_bits<T>), or a pointer cast to its own type",
        "static_cast<half_t*>(nullptr) + 3",
        2,
        2,
        |a| cast(a, "static_cast"),
        template: TemplateArgs::Before
    ),
    f!(
        "reinterpret_cast",
        "reinterpret_cast<T*>(nullptr)",
        "as static_cast: the null pointer typed T*",
        "reinterpret_cast<float*>(nullptr)",
        2,
        2,
        |a| cast(a, "reinterpret_cast"),
        template: TemplateArgs::Before
    ),
    f!(
        "recast_ptr",
        "recast_ptr<T>(PTR)",
        "PTR's address as a pointer to T (CuTe's recast_ptr): a subbyte_iterator for a type narrower than a byte (gmem_subptr[4b](0x3.0)), a sparse_ptr for a sparse_elem<S,T>; of a sparse_ptr, its physical pointer's address",
        "recast_ptr<half_t>(make_gmem_ptr(static_cast<float*>(nullptr)) + 3)",
        2,
        2,
        |a| {
            let p = pointer_arg(a, 1)?;
            // to a sparse_elem<S,T>: CuTe's sparse_ptr over the address
            if let Value::Name(n) = &a.vals[0]
                && n.starts_with("sparse_elem<")
            {
                return p.recast_sparse(n).map(Value::Pointer).map_err(a.alg());
            }
            let width = element_arg(a, 0)?;
            p.recast(width).map(Value::Pointer).map_err(a.alg())
        },
        template: TemplateArgs::Before
    ),
    f!(
        "recast",
        "recast<T>(TENSOR)",
        "a tensor over memory as a tensor of T (CuTe's recast, tensor_impl.hpp): its pointer recast_ptr<T>, its layout recast_layout<Old,T>",
        "recast<half_t>(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(4,8)))",
        2,
        2,
        recast_tensor,
        template: TemplateArgs::Before
    ),
    f!(
        "recast_tensor",
        "recast_tensor(TENSOR, DTYPE)",
        "the CuTe DSL's tensor of DTYPE over the same memory (cute.recast_tensor): C++'s recast<T>(TENSOR)",
        "cute.recast_tensor(cute.make_rmem_tensor((4, 8), cutlass.Float32), cutlass.Int32)",
        2,
        2,
        |a| Err(EvalError::new(
            "recast_tensor is the CuTe DSL's (cute.recast_tensor(src, dtype)); C++ writes recast<T>(tensor)",
            a.span,
        )),
        // tensor.py's recast_tensor(src, dtype): C++'s recast<T>(src), its arguments the
        // other way round
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                let vals = [a.vals[1].clone(), a.vals[0].clone()];
                let spans = [a.spans[1], a.spans[0]];
                let recast = recast_tensor(&Args {
                    vals: &vals,
                    spans: &spans,
                    span: a.span,
                    rule: a.rule,
                })?;
                // the DSL's pointer names its element type (`ptr<i32, rmem, …>`), of the same
                // width too (Float32 as Int32: the same memory, another type)
                match (recast, &a.vals[1]) {
                    (Value::OffsetLayout(crate::algebra::tensor::Origin::Ptr(p), l), Value::Name(n)) => {
                        Ok(Value::OffsetLayout(
                            crate::algebra::tensor::Origin::Ptr(p.with_type_name(n)),
                            l,
                        ))
                    }
                    (v, _) => Ok(v),
                }
            }
        })
    ),
    f!(
        "make_ptr",
        "make_ptr(DTYPE, VALUE[, MEM_SPACE])",
        "the CuTe DSL's pointer to DTYPE elements at byte address VALUE in MEM_SPACE (AddressSpace.gmem, .smem, .rmem, .generic): cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem) is gmem_ptr[16b](0x108)",
        "cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem)",
        2,
        3,
        dsl_make_ptr
    ),
    f!(
        "make_rmem_tensor",
        "make_rmem_tensor(LAYOUT|SHAPE, DTYPE)",
        "the CuTe DSL's owning register tensor of DTYPE elements over LAYOUT (a shape: its column-major layout), holding values (t.fill(v), t[i] = v, cute.print_tensor(t)): C++'s make_tensor<T>(L)",
        "cute.make_rmem_tensor(cute.make_layout((2,3)), cutlass.Float32)",
        2,
        2,
        dsl_make_rmem_tensor
    ),
];

/// The CuTe DSL's `cute.make_rmem_tensor(layout_or_shape, dtype)`: an owning tensor in
/// registers over the layout as given (a shape's column-major layout), as C++'s
/// `make_tensor<T>(layout)`; its storage is given when it is bound (`eval::elements`).
fn dsl_make_rmem_tensor(a: &Args) -> Result<Value, EvalError> {
    use crate::algebra::tensor::Origin;
    let width = element_arg(a, 1)?;
    if let ElementWidth::Unknown(n) = &width {
        return Err(EvalError::new(
            format!(
                "make_rmem_tensor: '{n}' is not a numeric type of the DSL (cutlass.Float32, cutlass.Int8, ...)"
            ),
            a.spans[1],
        ));
    }
    let l = match &a.vals[0] {
        Value::IntTuple(t) => {
            super::args::check_extents(t, a.spans[0])?;
            crate::algebra::Layout::column_major(t.clone()).map_err(a.alg())?
        }
        Value::Layout(l) => l.clone(),
        other => {
            return Err(EvalError::new(
                format!(
                    "make_rmem_tensor takes a layout or a shape, found {}",
                    other.kind()
                ),
                a.spans[0],
            ));
        }
    };
    owning_static(&l, "make_rmem_tensor", a.span)?;
    let mut p = Pointer::new(MemSpace::Raw, width, PtrBase::Stack).map_err(a.alg())?;
    if let Value::Name(n) = &a.vals[1] {
        p = p.with_type_name(n);
    }
    Ok(Value::offset_layout(Origin::Ptr(p), l))
}

/// The CuTe DSL's `cute.make_ptr(dtype, value, mem_space)`: a pointer at the byte address
/// `value` (a multiple of the element's size), tagged as the address space says (`generic`
/// and `rmem` are untagged, as C++'s raw pointer).
fn dsl_make_ptr(a: &Args) -> Result<Value, EvalError> {
    let width = element_arg(a, 0)?;
    if let ElementWidth::Unknown(n) = &width {
        return Err(EvalError::new(
            format!(
                "make_ptr: '{n}' is not a numeric type of the DSL (cutlass.Float16, cutlass.Int8, ...)"
            ),
            a.spans[0],
        ));
    }
    let Some(address) = a.vals[1].as_int() else {
        return Err(EvalError::new(
            format!(
                "make_ptr takes an integer address, found {}",
                a.vals[1].kind()
            ),
            a.spans[1],
        ));
    };
    let space = match a.vals.get(2) {
        None => MemSpace::Raw,
        Some(Value::Name(n)) => match n.strip_prefix("AddressSpace.") {
            Some("gmem") => MemSpace::Gmem,
            Some("smem") => MemSpace::Smem,
            Some("rmem" | "generic") => MemSpace::Raw,
            _ => {
                return Err(EvalError::new(
                    format!(
                        "make_ptr: '{n}' is not an address space cute models (AddressSpace.gmem, .smem, .rmem, .generic)"
                    ),
                    a.spans[2],
                ));
            }
        },
        Some(other) => {
            return Err(EvalError::new(
                format!(
                    "make_ptr takes an address space (AddressSpace.gmem, ...), found {}",
                    other.kind()
                ),
                a.spans[2],
            ));
        }
    };
    let text = format!("{:#x}", address as u64);
    if let ElementWidth::Bits(bits) = width
        && bits >= 8
        && address % (bits / 8) != 0
    {
        return Err(EvalError::new(
            format!(
                "pointer: address {text} is not a multiple of the element size, {} bytes (the DSL assumes its pointers aligned to their elements)",
                bits / 8
            ),
            a.spans[1],
        ));
    }
    Pointer::parse_address(space, width, &text, false)
        .map(Value::Pointer)
        .map_err(|e| EvalError::algebra(e, a.spans[1]))
}

/// CuTe's `recast<NewType>(tensor)` (tensor_impl.hpp): `make_tensor(recast_ptr<New>(data +
/// off), recast_layout<Old,New>(layout))`, where an upcast (`sizeof(Old) < sizeof(New)`) of a
/// plain layout moves the pointer by `off = Σ min((s_old - s_new) · d_old, 0)` over the
/// flattened modes (a static negative stride), and `off = 0` otherwise (a swizzled layout's
/// included: `recast<uint8_t>` of `smem_ptr[32b] o Sw<3,3,3> o _0 o (_16,_8):(_1,_16)` is
/// `smem_ptr[8b] o Sw<3,5,3> o _0 o (_64,_8):(_1,_64)`).
fn recast_tensor(a: &Args) -> Result<Value, EvalError> {
    use crate::algebra::recast::Recast;
    use crate::algebra::tensor::Origin;
    let width = element_arg(a, 0)?;
    let new_bits = width
        .bits("recast")
        .map_err(|e| EvalError::algebra(e, a.spans[0]))?;
    let not_tensor = |what: &str| {
        EvalError::new(
            format!("recast<T> takes a tensor over memory (a pointer o a layout), found {what}"),
            a.spans[1],
        )
    };
    match &a.vals[1] {
        Value::OffsetLayout(Origin::Ptr(p), l) => {
            let old_bits = p.width.bits("recast").map_err(a.alg())?;
            if p.width == width {
                return Ok(a.vals[1].clone());
            }
            let r = Recast::new(new_bits, old_bits).map_err(a.alg())?;
            let nl = r.layout(l).map_err(a.alg())?;
            let bytes = |b: i64| if b < 8 { 1 } else { b / 8 };
            let mut off = 0i64;
            if bytes(old_bits) < bytes(new_bits) {
                let (os, od, ns) = (
                    l.shape().flatten(),
                    l.stride().flatten(),
                    nl.shape().flatten(),
                );
                for ((s_old, d_old), s_new) in
                    os.leaf_iter().zip(od.leaf_iter()).zip(ns.leaf_iter())
                {
                    let diff = s_old.checked_sub(s_new).and_then(|x| x.checked_mul(d_old));
                    let Some(diff) = diff else {
                        return Err(EvalError::new("integer overflow in recast", a.span));
                    };
                    off = off
                        .checked_add(diff.min(0))
                        .ok_or_else(|| EvalError::new("integer overflow in recast", a.span))?;
                }
            }
            let np = p
                .advance(off)
                .and_then(|q| q.recast(width))
                .map_err(a.alg())?;
            Ok(Value::offset_layout(Origin::Ptr(np), nl))
        }
        // a composed layout: no offset of the pointer (tensor_impl.hpp's upcast offset is for
        // a plain layout only), the layout recast part by part (swizzle_layout.hpp)
        Value::SwizzledTensor(Origin::Ptr(p), c) => {
            let old_bits = p.width.bits("recast").map_err(a.alg())?;
            if p.width == width {
                return Ok(a.vals[1].clone());
            }
            let r = Recast::new(new_bits, old_bits).map_err(a.alg())?;
            let nc = r.composed(c).map_err(a.alg())?;
            let np = p.recast(width).map_err(a.alg())?;
            Ok(Value::swizzled_tensor(Origin::Ptr(np), nc))
        }
        other => Err(not_tensor(other.kind())),
    }
}

/// `make_fragment_like<T>(X)`, `make_tensor_like<T>(X)` (`f`): the owning (register) tensor of
/// element type T over `f(X)`'s layout, X a tensor, a layout or a shape.
pub(super) fn owning_like(a: &Args, f: &'static str) -> Result<Value, EvalError> {
    use crate::algebra::tensor::Origin;
    let width = element_arg(a, 0)?;
    if let ElementWidth::Unknown(n) = &width {
        return Err(EvalError::new(
            format!("{f}<{n}>: '{n}' is not an element type CuTe names (half_t, float, ...)"),
            a.spans[0],
        ));
    }
    let inner = match &a.vals[1] {
        Value::OffsetLayout(_, l) => Value::Layout((**l).clone()),
        Value::SwizzledTensor(_, c) | Value::Composed(c) => Value::Layout(c.layout.clone()),
        other => other.clone(),
    };
    let func = super::lookup(f).expect("in the function table");
    let l = match super::call(func, &[inner], &a.spans[1..], a.span)? {
        Value::Layout(l) => l,
        other => {
            return Err(EvalError::new(
                format!("{f} gives a layout, found {}", other.kind()),
                a.span,
            ));
        }
    };
    owning_static(&l, f, a.span)?;
    let mut p = Pointer::new(MemSpace::Raw, width, PtrBase::Stack).map_err(a.alg())?;
    if let Value::Name(n) = &a.vals[0] {
        p = p.with_type_name(n);
    }
    Ok(Value::offset_layout(Origin::Ptr(p), l))
}

/// An owning (register) tensor's layout is static: CuTe's `make_tensor<T>(layout)`
/// static_asserts "Dynamic owning tensors not supported" (`f`: the function that makes one).
pub(super) fn owning_static(
    l: &crate::algebra::Layout,
    f: &str,
    span: crate::parser::Span,
) -> Result<(), EvalError> {
    if l.is_static() {
        return Ok(());
    }
    Err(EvalError::new(
        format!(
            "{f}: dynamic owning tensors not supported (CuTe's static_assert: an owning tensor's layout {l} must be static)"
        ),
        span,
    ))
}

/// The element type a pointer type names: `half_t*`, `half_t const *`, `const float*`
/// (`None` when it is no pointer type).
pub(crate) fn pointee(ty: &str) -> Option<&str> {
    let t = ty.trim().strip_suffix('*')?.trim_end();
    let t = t.strip_suffix("const").map_or(t, str::trim_end);
    let t = t.strip_prefix("const ").map_or(t, str::trim_start);
    (!t.is_empty() && !t.contains('*')).then_some(t)
}

/// Whether a value is C++'s `nullptr` (a bare name no variable binds, or the literal `0`).
fn is_null(v: &Value) -> bool {
    matches!(v, Value::Name(n) if n == "nullptr" || n == "NULL") || v.as_int() == Some(0)
}

/// The element type named by a template argument (`half_t`), read as CuTe's `sizeof_bits`.
fn element_arg(a: &Args, i: usize) -> Result<ElementWidth, EvalError> {
    match &a.vals[i] {
        // `make_tmem_ptr<sparse_elem<2,half_t>>`: tensor memory holds no sparse_ptr
        Value::Name(n) if n.starts_with("sparse_elem<") => Err(EvalError::new(
            format!("a tensor-memory pointer to {n}: CuTe's tmem_ptr holds no sparse_ptr"),
            a.spans[i],
        )),
        Value::Name(n) => Ok(ElementWidth::of_type(n)),
        other => Err(EvalError::new(
            format!(
                "expected an element type (half_t, float, ...), found {}",
                other.kind()
            ),
            a.spans[i],
        )),
    }
}

/// CuTe's `make_tmem_ptr<T>(uint32_t addr = 0)` (pointer.hpp).
fn make_tmem_ptr(a: &Args) -> Result<Value, EvalError> {
    let width = element_arg(a, 0)?;
    let addr = match a.vals.get(1) {
        None => 0,
        Some(v) => match v.as_int().map(u32::try_from) {
            Some(Ok(x)) => x,
            _ => {
                return Err(EvalError::new(
                    format!(
                        "make_tmem_ptr takes a 32-bit address (an integer from 0 to 0xFFFFFFFF: lane << 16 | column), found {}",
                        v.kind()
                    ),
                    a.spans[1],
                ));
            }
        },
    };
    let name = match &a.vals[0] {
        Value::Name(n) => Some(n.clone()),
        _ => None,
    };
    Pointer::tmem(width, addr)
        .map(|p| match &name {
            Some(n) => p.with_type_name(n),
            None => p,
        })
        .map(Value::Pointer)
        .map_err(|e| EvalError::algebra(e, a.spans[0]))
}

/// `make_X_ptr(p)` and `make_X_ptr<T>(nullptr)`.
fn make_ptr(a: &Args, space: MemSpace) -> Result<Value, EvalError> {
    // pointer.hpp: make_smem_ptr(ptr, sw) = make_swizzle_ptr(make_smem_ptr(ptr), sw)
    if space == MemSpace::Smem
        && a.len() == 2
        && let (Value::Pointer(_), Value::Swizzle(sw)) = (&a.vals[0], &a.vals[1])
    {
        let p = pointer_arg(a, 0)?;
        return p
            .tagged(space)
            .and_then(|p| p.swizzled(*sw))
            .map(Value::Pointer)
            .map_err(a.alg());
    }
    let p = if a.len() == 2 {
        // `make_smem_ptr<sparse_elem<2,half_t>>(nullptr)`: recast_ptr makes CuTe's sparse_ptr
        if let Value::Name(n) = &a.vals[0]
            && let Some(sp) = crate::algebra::pointer::sparse_elem(n)
        {
            sp.map_err(|e| EvalError::algebra(e, a.spans[0]))?;
            if !is_null(&a.vals[1]) {
                return Err(EvalError::new(
                    format!("{}<{n}>(P) takes nullptr", space.maker()),
                    a.spans[1],
                ));
            }
            return Pointer::of_element(MemSpace::Raw, n, PtrBase::Null, true)
                .and_then(|p| p.tagged(space))
                .map(Value::Pointer)
                .map_err(a.alg());
        }
        let width = element_arg(a, 0)?;
        // `make_gmem_ptr<T>(p)` of a `T*` (or a `void*`, pointer.hpp's `void*` overload) at
        // its start: the same address as a pointer to T
        if let Value::Pointer(p) = &a.vals[1]
            && p.space == MemSpace::Raw
            && p.offset == 0
            && p.sparse.is_none()
            && (p.width == width || p.width == ElementWidth::Unknown("void".into()))
        {
            let q = Pointer::new(MemSpace::Raw, width, p.base.clone()).map_err(a.alg())?;
            return q.tagged(space).map(Value::Pointer).map_err(a.alg());
        }
        if !is_null(&a.vals[1]) {
            return Err(EvalError::new(
                format!(
                    "{}<T>(P) takes nullptr (a typed pointer: {}(P))",
                    space.maker(),
                    space.maker()
                ),
                a.spans[1],
            ));
        }
        if space == MemSpace::Raw {
            // pointer.hpp has a nullptr_t overload of make_gmem_ptr<T> and make_smem_ptr<T>,
            // none of make_rmem_ptr<T>: its `T*` and `void*` overloads both take nullptr
            return Err(EvalError::new(
                format!(
                    "{}<T>(nullptr): CuTe's call is ambiguous (pointer.hpp has no nullptr_t overload for it, as it has for make_gmem_ptr and make_smem_ptr): write {}(static_cast<T*>(nullptr))",
                    space.maker(),
                    space.maker()
                ),
                a.spans[1],
            ));
        }
        // pointer.hpp: make_gmem_ptr<T>(nullptr) = make_gmem_ptr(recast_ptr<T>(nullptr)), a
        // subbyte_iterator for an element narrower than a byte
        let p = Pointer::new(MemSpace::Raw, width, PtrBase::Null).map_err(a.alg())?;
        match p.width {
            ElementWidth::Bits(b) if b < 8 => p.as_subbyte().map_err(a.alg())?,
            _ => p,
        }
    } else {
        pointer_arg(a, 0)?
    };
    p.tagged(space).map(Value::Pointer).map_err(a.alg())
}

/// Argument `i` as a pointer; `nullptr` untyped is an error that asks for its type.
pub(crate) fn pointer_arg(a: &Args, i: usize) -> Result<Pointer, EvalError> {
    match &a.vals[i] {
        Value::Pointer(p) => Ok(p.clone()),
        v if is_null(v) => Err(EvalError::new(
            "nullptr has no element type: write static_cast<T*>(nullptr) (T is half_t, float, ...)",
            a.spans[i],
        )),
        Value::Name(n) => Err(EvalError::new(
            format!(
                "undefined variable '{n}' (a pointer is declared as a kernel parameter is: half_t const* {n};)"
            ),
            a.spans[i],
        )),
        other => Err(EvalError::new(
            format!(
                "expected a pointer (static_cast<T*>(nullptr), a declared T* NAME), found {}",
                other.kind()
            ),
            a.spans[i],
        )),
    }
}

/// `static_cast<int>(x)`: the integer (or truth value) `x` as a run-time integer of that type
/// (CuTe: `static_cast<int>(_4{})` is the dynamic 4), wrapped to its width as C++ converts.
fn int_cast(a: &Args, op: &str, ty: &str, bits: u32, signed: bool) -> Result<Value, EvalError> {
    let x = match &a.vals[1] {
        Value::Bool(b) => i64::from(*b),
        v => v.as_int().ok_or_else(|| {
            EvalError::new(
                format!("{op}<{ty}> takes an integer, not {}", v.kind()),
                a.spans[1],
            )
        })?,
    };
    let r = i64::try_from(crate::eval::int_conversion(x, bits, signed)).map_err(|_| {
        EvalError::new(
            format!("{op}<{ty}>({x}) is beyond the signed 64-bit integers cute computes with"),
            a.spans[1],
        )
    })?;
    Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(r, true)))
}

/// `static_cast<T*>(nullptr)`: the typed null pointer; of a pointer, the same pointer where
/// `T` is its element type.
fn cast(a: &Args, op: &str) -> Result<Value, EvalError> {
    let ty = match &a.vals[0] {
        Value::Name(n) => n.as_str(),
        other => {
            return Err(EvalError::new(
                format!("{op} takes a pointer type, found {}", other.kind()),
                a.spans[0],
            ));
        }
    };
    if let Some((bits, signed)) = crate::parser::cpp_int_type(ty) {
        return int_cast(a, op, ty, bits, signed);
    }
    // `static_cast<TI>(1.0f)` of a floating type CuTe names: the number as the type holds it
    if let Some(elem_ty) = crate::eval::storage::ElemType::of_name(ty)
        && elem_ty.is_float()
        && let Some(x) = crate::eval::elements::number_of(&a.vals[1])
    {
        return crate::eval::storage::Scalar::new(elem_ty, x.value)
            .map(|s| Value::Scalar(Box::new(s)))
            .map_err(|e| EvalError::new(e, a.spans[1]));
    }
    let Some(elem) = pointee(ty) else {
        return Err(EvalError::new(
            format!(
                "{op}<{ty}>: only casts to a pointer type (T*) and to an integer type (int, size_t, …) are modelled"
            ),
            a.spans[0],
        ));
    };
    let width = ElementWidth::of_type(elem);
    if is_null(&a.vals[1]) {
        // `static_cast<sparse_elem<2,half_t>*>(nullptr)`: a plain pointer to sparse elements
        return Pointer::of_element(MemSpace::Raw, elem, PtrBase::Null, false)
            .map(Value::Pointer)
            .map_err(|e| EvalError::algebra(e, a.spans[0]));
    }
    let p = pointer_arg(a, 1)?;
    if p.width != width {
        return Err(EvalError::new(
            format!(
                "{op}<{ty}> of {p}: a cast to another element type (recast_ptr) is not modelled"
            ),
            a.span,
        ));
    }
    Ok(Value::Pointer(p))
}

#[cfg(test)]
mod tests {
    use super::pointee;

    #[test]
    fn pointee_types() {
        assert_eq!(pointee("half_t*"), Some("half_t"));
        assert_eq!(pointee("half_t const *"), Some("half_t"));
        assert_eq!(pointee("const float*"), Some("float"));
        assert_eq!(pointee("float"), None);
        assert_eq!(pointee("float**"), None);
    }
}
