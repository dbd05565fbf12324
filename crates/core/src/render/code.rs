//! Code that constructs a value: CuTe C++ (`--format cpp`) and CuTe's Python DSL (`--format dsl`),
//! so a layout found in `cute` pastes straight into a kernel.

use super::{RenderError, plain, position_independent};
use crate::algebra::tensor::Origin;
use crate::algebra::{Layout, Offset, Swizzle, Tup, View};
use crate::eval::Value;

/// The `_N` aliases CuTe predefines (`numeric/integral_constant.hpp`), negatives spelled `_mN`.
fn has_alias(v: i64) -> bool {
    matches!(v, 0..=10 | 12 | 16 | 24 | 32 | -10..=-1 | -12 | -16 | -24 | -32)
        || ((40..=256).contains(&v) && v % 8 == 0)
        || matches!(v, 384 | 768)
        || ((512..=524288).contains(&v) && v.count_ones() == 1)
}

/// The C++ type of a static integer: `_4`, `_m2`, `Int<5>`, or `C<…ll>` past 32 bits.
pub fn int_type(v: i64) -> String {
    if has_alias(v) {
        if v < 0 {
            format!("_m{}", -v)
        } else {
            format!("_{v}")
        }
    } else if i32::try_from(v).is_ok() {
        format!("Int<{v}>")
    } else {
        format!("C<{v}ll>")
    }
}

/// The C++ type of an IntTuple: leaves as [`int_type`], tuples as `Shape<…>` / `Stride<…>`.
fn tuple_type(t: &Tup, name: &str) -> String {
    match t.view() {
        View::Int(v) => match t.basis() {
            None => int_type(v),
            Some(b) => scaled_basis_type(v, &b.path()),
        },
        View::Tuple(v) => {
            let parts: Vec<String> = v.iter().map(|e| tuple_type(e, name)).collect();
            format!("{name}<{}>", parts.join(","))
        }
    }
}

/// A basis element's type: `E<0,1>` (value 1), `ScaledBasis<_2,1>`, its modes outermost first.
fn scaled_basis_type(v: i64, path: &[i64]) -> String {
    let modes: Vec<String> = path.iter().map(i64::to_string).collect();
    if v == 1 {
        format!("E<{}>", modes.join(","))
    } else {
        format!("ScaledBasis<{},{}>", int_type(v), modes.join(","))
    }
}

/// An IntTuple with dynamic leaves as C++ values: a dynamic leaf its plain integer (as C++
/// reads it), a static one `_8{}` / `Int<5>{}`, a tuple `maker(…)` (`make_shape(4, _8{})`).
fn cpp_values(t: &Tup, maker: &str) -> String {
    match t.view() {
        View::Int(v) => match t.basis() {
            None if t.is_dynamic() => v.to_string(),
            None => format!("{}{{}}", int_type(v)),
            Some(b) => format!("{}{{}}", scaled_basis_type(v, &b.path())),
        },
        View::Tuple(m) => {
            let parts: Vec<String> = m.iter().map(|e| cpp_values(e, maker)).collect();
            format!("{maker}({})", parts.join(", "))
        }
    }
}

/// A kinded integer as a C++ value: `4` (a run-time `int`) or `_4{}` (static).
fn cpp_int(o: crate::algebra::Int) -> String {
    if o.dynamic() {
        o.value.to_string()
    } else {
        format!("{}{{}}", int_type(o.value))
    }
}

/// A composed layout's offset as a C++ value (a MixedBits as C++'s `make_mixed_bits`, which
/// reads back to it).
fn cpp_offset(o: Offset) -> String {
    match o {
        Offset::Int(o) => cpp_int(o),
        Offset::Mixed { s, f, d } => format!("make_mixed_bits(Int<{s}>{{}}, {d}, Int<{f}>{{}})"),
        Offset::SmemPtr(bits) => format!("smem_ptr_flag_bits<{bits}>{{}}"),
    }
}

/// A tensor's counting or arithmetic-tuple iterator: `make_inttuple_iter(_5{})`,
/// `make_inttuple_iter(5)`, `make_inttuple_iter(make_coord(2, _3{}))`.
fn cpp_inttuple_iter(o: &Origin) -> Option<String> {
    Some(match o {
        Origin::Count(o) => format!("make_inttuple_iter({})", cpp_int(*o)),
        Origin::Coord(c) if c.is_static() => {
            format!("make_inttuple_iter({}{{}})", tuple_type(c, "tuple"))
        }
        Origin::Coord(c) if c.is_int() => format!("make_inttuple_iter({})", cpp_values(c, "")),
        Origin::Coord(c) => format!("make_inttuple_iter({})", cpp_values(c, "make_coord")),
        Origin::Counting(n) => format!("counting_iterator<int>{{{n}}}"),
        Origin::Ptr(_) | Origin::Transform(_) => return None,
    })
}

/// Whether a tensor's iterator holds a run-time integer.
fn origin_dynamic(o: &Origin) -> bool {
    match o {
        Origin::Count(o) => o.dynamic(),
        Origin::Counting(_) => true,
        Origin::Coord(c) => !c.is_static(),
        Origin::Ptr(_) => false,
        Origin::Transform(t) => origin_dynamic(&t.inner),
    }
}

/// `Layout<Shape<_4,_8>,Stride<_1,_4>>{}`; a layout with dynamic leaves as C++ builds it,
/// `make_layout(make_shape(4, _8{}), make_stride(_1{}, 4))`.
pub fn cpp_layout(l: &Layout) -> String {
    if !(l.shape().is_static() && l.stride().is_static()) {
        return format!(
            "make_layout({}, {})",
            cpp_values(l.shape(), "make_shape"),
            cpp_values(l.stride(), "make_stride")
        );
    }
    format!(
        "Layout<{},{}>{{}}",
        tuple_type(l.shape(), "Shape"),
        tuple_type(l.stride(), "Stride")
    )
}

/// Whether any integer of the value is dynamic.
fn has_dynamic(v: &Value) -> bool {
    match v {
        Value::IntTuple(t) => !t.is_static(),
        Value::Scalar(s) => s.run_time_int().is_some(),
        Value::Layout(l) => !(l.shape().is_static() && l.stride().is_static()),
        Value::OffsetLayout(o, l) => {
            origin_dynamic(o) || !(l.shape().is_static() && l.stride().is_static())
        }
        Value::Composed(c) => {
            c.offset.as_int().is_some_and(|o| o.dynamic())
                || !(c.layout.shape().is_static() && c.layout.stride().is_static())
        }
        Value::SwizzledTensor(o, c) => {
            origin_dynamic(o) || has_dynamic(&Value::Composed(c.clone()))
        }
        Value::NestedComposed(n) => {
            n.offset.as_int().is_some_and(|o| o.dynamic())
                || has_dynamic(&Value::composed(n.inner.clone()))
        }
        Value::Offset(Offset::Int(o)) => o.dynamic(),
        Value::ArithTuple(c) => !c.is_static(),
        Value::Tuple(items) => items.iter().any(has_dynamic),
        _ => false,
    }
}

fn cpp_swizzle(s: &Swizzle) -> String {
    format!("Swizzle<{},{},{}>{{}}", s.bits, s.base, s.shift)
}

/// A tiler (`make_tile`): every element a layout, `_` or a tiler, or an `_` among integers and
/// layouts (`<4, _, 2:3>`). Other tuples (a pair `((8):(1),16)`) are `make_tuple`; both print alike.
fn is_tiler(items: &[Value]) -> bool {
    fn part(v: &Value) -> bool {
        match v {
            Value::Layout(_) | Value::Under => true,
            Value::Tuple(items) => is_tiler(items),
            _ => false,
        }
    }
    items.iter().all(part)
        || (items.iter().any(|v| matches!(v, Value::Under))
            && items
                .iter()
                .all(|v| part(v) || matches!(v, Value::IntTuple(t) if t.is_int())))
}

/// CuTe C++ that constructs the value and prints as it does (`print(...)` gives the value's
/// plain notation with CuTe's static `_`). Dynamic integers are plain C++ integers; a text
/// with no other mark of C++ (`make_layout(4, 2)`, all dynamic) ends in `;`, so that it reads
/// back as C++ (SPEC §1), its integers dynamic.
pub fn cpp(v: &Value) -> Result<String, RenderError> {
    if let Some(i) = v.run_time_bool_as_int() {
        return cpp(&i);
    }
    let mut text = cpp_inner(v)?;
    if has_dynamic(v) && !text.contains('{') && !text.contains("::") {
        text.push(';');
    }
    Ok(text)
}

fn cpp_inner(v: &Value) -> Result<String, RenderError> {
    Ok(match v {
        Value::IntTuple(t) if !t.is_static() => {
            // a shape when every entry is an extent; otherwise CuTe's tuple
            let maker = if t.first_leaf(|x| x <= 0).is_some() {
                "make_tuple"
            } else {
                "make_shape"
            };
            cpp_values(t, maker)
        }
        Value::IntTuple(t) if t.is_int() => format!("{}{{}}", tuple_type(t, "Shape")),
        // a shape when every entry is an extent; otherwise (a stride, a coordinate) CuTe's tuple
        Value::IntTuple(t) if t.first_leaf(|x| x <= 0).is_some() => {
            format!("{}{{}}", tuple_type(t, "tuple"))
        }
        Value::IntTuple(t) => format!("{}{{}}", tuple_type(t, "Shape")),
        Value::Bool(b) => b.to_string(),
        Value::Layout(l) => cpp_layout(l),
        Value::Under => "_".to_string(),
        Value::Tuple(items) => {
            let parts = items.iter().map(cpp_inner).collect::<Result<Vec<_>, _>>()?;
            let f = if is_tiler(items) {
                "make_tile"
            } else {
                "make_tuple"
            };
            format!("{f}({})", parts.join(", "))
        }
        Value::Swizzle(s) => cpp_swizzle(s),
        // a zero-bit swizzle: CuTe's composition gives the plain layout, so the value is spelled
        // as the composed layout itself
        Value::Composed(c) if c.swizzle.bits == 0 => format!(
            "make_composed_layout({}, {}, {})",
            cpp_swizzle(&c.swizzle),
            cpp_offset(c.offset),
            cpp_layout(&c.layout)
        ),
        Value::Composed(c) => match c.offset {
            // an identity swizzle at offset 0 stays composed only as make_composed_layout
            // (composition gives the layout itself, as CuTe's does)
            o if o.is_static_zero() && c.swizzle.bits == 0 => format!(
                "make_composed_layout({}, _0{{}}, {})",
                cpp_swizzle(&c.swizzle),
                cpp_layout(&c.layout)
            ),
            o if o.is_static_zero() => format!(
                "composition({}, {})",
                cpp_swizzle(&c.swizzle),
                cpp_layout(&c.layout)
            ),
            o @ (Offset::Int(_) | Offset::Mixed { .. }) => format!(
                "composition({}, {}, {})",
                cpp_swizzle(&c.swizzle),
                cpp_offset(o),
                cpp_layout(&c.layout)
            ),
            Offset::SmemPtr(bits) => format!(
                "composition({}, smem_ptr_flag_bits<{bits}>{{}}, {})",
                cpp_swizzle(&c.swizzle),
                cpp_layout(&c.layout)
            ),
        },
        // composition(Swizzle, Offset, ComposedLayout): CuTe's ComposedLayout of a composed layout
        Value::NestedComposed(n) => format!(
            "composition({}, {}, {})",
            cpp_swizzle(&n.swizzle),
            cpp_offset(n.offset),
            cpp(&Value::composed(n.inner.clone()))?
        ),
        Value::Offset(o @ (Offset::Int(_) | Offset::Mixed { .. })) => cpp_offset(*o),
        Value::Offset(Offset::SmemPtr(bits)) => format!("smem_ptr_flag_bits<{bits}>{{}}"),
        // A tensor over a swizzled layout: a counting tensor over the composed layout.
        Value::SwizzledTensor(Origin::Ptr(p), c) => format!(
            "make_tensor({}, {})",
            cpp_pointer(p, v)?,
            cpp(&Value::Composed(c.clone()))?
        ),
        Value::SwizzledTensor(o @ (Origin::Count(_) | Origin::Coord(_)), c) => format!(
            "make_tensor({}, {})",
            cpp_inttuple_iter(o).unwrap_or_default(),
            cpp_inner(&Value::Composed(c.clone()))?
        ),
        // A tensor over a layout whose elements are their own indices (a counting tensor), or
        // an identity tensor: an arithmetic-tuple iterator.
        Value::OffsetLayout(o @ (Origin::Count(_) | Origin::Coord(_)), l) => format!(
            "make_tensor({}, {})",
            cpp_inttuple_iter(o).unwrap_or_default(),
            cpp_layout(l)
        ),
        Value::ArithTuple(c) => cpp_inttuple_iter(&Origin::Coord(c.clone())).unwrap_or_default(),
        // an owning tensor at its array's start: make_tensor<T>(L)
        Value::OffsetLayout(Origin::Ptr(p), l)
            if p.base == crate::algebra::pointer::PtrBase::Stack && p.offset == 0 =>
        {
            format!("make_tensor<{}>({})", cpp_element(p, v)?, cpp_layout(l))
        }
        Value::OffsetLayout(Origin::Ptr(p), l) => {
            format!("make_tensor({}, {})", cpp_pointer(p, v)?, cpp_layout(l))
        }
        Value::Pointer(p) => cpp_pointer(p, v)?,
        // ComposedLayout<Layout, O, B> with an integer offset: `composition(A, O, B)`, which CuTe
        // (and cute) reads as that composed layout (an inverse of a swizzled layout is one)
        Value::LayoutComposed(t)
            if t.origin.is_none()
                && t.layout.offset.is_int()
                && t.layout.offset.basis().is_none()
                && !t.layout.maps_to_coordinates() =>
        {
            format!(
                "composition({}, {}, {})",
                cpp_inner(&crate::eval::functions::outer_value(&t.layout))?,
                cpp_inner(&Value::IntTuple(t.layout.offset.clone()))?,
                cpp_inner(&crate::eval::functions::inner_value(&t.layout.inner))?
            )
        }
        // a run-time `size_t` past the signed 64-bit integers: the literal of its type
        // (`18446744073709551615ull`, which cute reads back as C++ does)
        Value::Scalar(s) if let Some(n) = s.run_time_int() => match s.ty.int_bits() {
            Some((64, false)) => format!("{n}ull"),
            _ => n.to_string(),
        },
        #[allow(unreachable_patterns)]
        _ => {
            return Err(RenderError::new(format!(
                "no C++ form for {}: {}",
                v.kind(),
                plain::render(v)
            )));
        }
    })
}

/// A C++ element type of a pointer: the type it was made of where it keeps one
/// (`make_tmem_ptr<int32_t>`), else one of its width (`sizeof_bits` is all a pointer read from
/// its print keeps), or the unknown type's name.
fn cpp_element(p: &crate::algebra::pointer::Pointer, v: &Value) -> Result<String, RenderError> {
    use crate::algebra::pointer::ElementWidth;
    // the element type the pointer was made of (make_tmem_ptr<int32_t>), where it was
    if let Some(name) = &p.type_name.0 {
        return Ok(name.to_string());
    }
    Ok(match &p.width {
        ElementWidth::Bits(8) => "uint8_t".into(),
        ElementWidth::Bits(16) => "half_t".into(),
        ElementWidth::Bits(32) => "float".into(),
        ElementWidth::Bits(64) => "double".into(),
        ElementWidth::Bits(128) => "uint128_t".into(),
        ElementWidth::Bits(256) => "uint256_t".into(),
        ElementWidth::Bits(b) => {
            return Err(RenderError::new(format!(
                "no C++ form for {} of {b}-bit elements (no element type CuTe names is {b} bits wide): {}",
                v.kind(),
                plain::render(v)
            )));
        }
        ElementWidth::Unknown(n) => n.clone(),
    })
}

/// A pointer in C++: `make_gmem_ptr(static_cast<half_t*>(nullptr)) + 132`, a named pointer
/// `make_gmem_ptr(A) + 4` (reading back where `A` is declared, `half_t* A;`), an owning
/// tensor's `make_tensor<float>(Layout<_1>{}).data() + 4`.
fn cpp_pointer(p: &crate::algebra::pointer::Pointer, v: &Value) -> Result<String, RenderError> {
    use crate::algebra::pointer::{MemSpace, PtrBase};
    if let MemSpace::Descriptor(k) = p.space {
        return Err(RenderError::new(format!(
            "a tensor over a {} has no C++ of its own: make_fragment_A/B of the MMA over the shared-memory partition makes it",
            k.iterator_name()
        )));
    }
    if let Some(addr) = p.tmem_address() {
        return Ok(format!("make_tmem_ptr<{}>({addr:#x})", cpp_element(p, v)?));
    }
    let raw = match &p.base {
        PtrBase::Null => format!("static_cast<{}*>(nullptr)", cpp_element(p, v)?),
        PtrBase::Bytes(at) => format!("reinterpret_cast<{}*>({at:#x})", cpp_element(p, v)?),
        PtrBase::Named(n) => n.clone(),
        PtrBase::Stack => format!("make_tensor<{}>(Layout<_1>{{}}).data()", cpp_element(p, v)?),
        PtrBase::Host { .. } => crate::algebra::pointer::HOST.to_string(),
        PtrBase::Fake { .. } => crate::algebra::pointer::FAKE.to_string(),
    };
    if let Some(sw) = p.swizzle.map(|s| s.get()) {
        // a swizzle_ptr: make_smem_ptr(p, Swizzle<B,M,S>{}) of the pointer it wraps
        let at = match p.offset {
            0 => raw,
            o if o < 0 => format!("{raw} - {}", o.unsigned_abs()),
            o => format!("{raw} + {o}"),
        };
        return Ok(format!(
            "make_smem_ptr({at}, Swizzle<{},{},{}>{{}})",
            sw.bits, sw.base, sw.shift
        ));
    }
    let tagged = match p.space {
        MemSpace::Raw => raw,
        space => format!("{}({raw})", space.maker()),
    };
    Ok(match p.offset {
        0 => tagged,
        o if o < 0 && p.space == MemSpace::Raw => format!("{tagged} - {}", o.unsigned_abs()),
        o if o < 0 => format!("{tagged} + {o}"),
        o => format!("{tagged} + {o}"),
    })
}

/// A pointer in the CuTe DSL: `cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem)`
/// (its value the byte address). A declared or owning tensor's pointer has no address to write.
fn dsl_pointer(p: &crate::algebra::pointer::Pointer, v: &Value) -> Result<String, RenderError> {
    use crate::algebra::pointer::{ElementWidth, MemSpace};
    let none = |why: &str| {
        RenderError::new(format!(
            "no CuTe DSL form for {} ({why}): {}",
            v.kind(),
            plain::render(v)
        ))
    };
    let ty = match p.width {
        ElementWidth::Bits(8) => "Int8",
        ElementWidth::Bits(16) => "Float16",
        ElementWidth::Bits(32) => "Float32",
        ElementWidth::Bits(64) => "Float64",
        _ => return Err(none("no DSL numeric type of its width")),
    };
    if p.swizzle.is_some() {
        return Err(none("a swizzle_ptr, which cute writes in C++ only"));
    }
    let Some(address) = p.address() else {
        return Err(none(
            "a pointer the DSL writes by its address, and this one has none",
        ));
    };
    let space = match p.space {
        MemSpace::Raw => String::new(),
        MemSpace::Gmem => ", cute.AddressSpace.gmem".into(),
        MemSpace::Smem => ", cute.AddressSpace.smem".into(),
        MemSpace::Tmem => return Err(none("a tensor-memory pointer")),
        MemSpace::Descriptor(_) => return Err(none("a tensor of shared-memory descriptors")),
    };
    Ok(format!("cute.make_ptr(cutlass.{ty}, {address}{space})"))
}

/// A Python tuple: `(4,8)`, `(8,)` for rank 1, `()`; elements joined by `sep`.
fn py_tuple(parts: Vec<String>, sep: &str) -> String {
    if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(sep))
    }
}

/// A Python IntTuple: a literal is static in the DSL; a dynamic integer is a typed one,
/// `cutlass.Int32(4)` (`cutlass.Int64` past 32 bits), as the DSL's run-time values are.
fn py_int_tuple(t: &Tup) -> String {
    match t.view() {
        View::Int(v) => match t.basis() {
            None if t.is_dynamic() && i32::try_from(v).is_ok() => format!("cutlass.Int32({v})"),
            None if t.is_dynamic() => format!("cutlass.Int64({v})"),
            None => v.to_string(),
            Some(b) => format!("{v}{b}"),
        },
        View::Tuple(v) => py_tuple(v.iter().map(py_int_tuple).collect(), ","),
    }
}

/// `cute.make_layout((4,8), stride=(1,4))`.
pub fn dsl_layout(l: &Layout) -> String {
    format!(
        "cute.make_layout({}, stride={})",
        py_int_tuple(l.shape()),
        py_int_tuple(l.stride())
    )
}

fn dsl_swizzle(s: &Swizzle) -> String {
    format!("cute.make_swizzle({},{},{})", s.bits, s.base, s.shift)
}

/// CuTe's Python DSL that constructs the value. A GMMA atom (`smem_ptr[Nb]`) is given in its
/// position-independent form, the swizzle acting on elements (as CuTe's `print_layout` shows it).
pub fn dsl(v: &Value) -> Result<String, RenderError> {
    if let Some(i) = v.run_time_bool_as_int() {
        return dsl(&i);
    }
    if v.has_basis() {
        return Err(RenderError::new(format!(
            "no CuTe DSL form is modelled for basis elements (the strides of an identity layout): {}",
            plain::render(v)
        )));
    }
    Ok(match v {
        Value::IntTuple(t) => py_int_tuple(t),
        Value::Scalar(s) if let Some(n) = s.run_time_int() => {
            return Err(RenderError::new(format!(
                "no CuTe DSL form for the {} value {n}: past the signed 64-bit integers of \
                 cute's DSL text (cutlass.Int64)",
                s.ty.name()
            )));
        }
        Value::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        Value::Layout(l) => dsl_layout(l),
        Value::Under => "None".to_string(),
        Value::Tuple(items) => {
            py_tuple(items.iter().map(dsl).collect::<Result<Vec<_>, _>>()?, ", ")
        }
        Value::Swizzle(s) => dsl_swizzle(s),
        Value::Composed(c) => {
            let pi = position_independent(c)?;
            let off = match pi.offset {
                Offset::Int(o) => py_int_tuple(&crate::algebra::IntTuple::of_int(o)),
                // a MixedBits: the run-time integer it converts to
                Offset::Mixed { s, d, .. } => {
                    py_int_tuple(&crate::algebra::IntTuple::int_of(i64::from(s | d), true))
                }
                Offset::SmemPtr(_) => unreachable!("position_independent gives an integer offset"),
            };
            format!(
                "cute.make_composed_layout({}, {off}, {})",
                dsl_swizzle(&pi.swizzle),
                dsl_layout(&pi.layout)
            )
        }
        Value::Pointer(p) => dsl_pointer(p, v)?,
        Value::OffsetLayout(Origin::Ptr(p), l) => {
            format!(
                "cute.make_tensor({}, {})",
                dsl_pointer(p, v)?,
                dsl_layout(l)
            )
        }
        Value::OffsetLayout(o, l) => {
            return Err(RenderError::new(format!(
                "no CuTe DSL form for an offset layout (a tensor over a layout, offset {o}); \
                 its layout is {}",
                dsl_layout(l)
            )));
        }
        #[allow(unreachable_patterns)]
        _ => {
            return Err(RenderError::new(format!(
                "no CuTe DSL form for {}: {}",
                v.kind(),
                plain::render(v)
            )));
        }
    })
}
