//! JSON output, for scripts: one compact object per value.
//!
//! A layout is `{"kind":"layout","shape":[4,8],"stride":[1,4],"size":32,"cosize":32,"rank":2,
//! "depth":1,"text":"(4,8):(1,4)"}` (shape and stride as nested arrays, integers as integers),
//! with `"values":[L(0),…]` when asked for (at most [`MAX_VALUES`], and then
//! `"values_truncated":true`). Every object has `"kind"` and `"text"` (the plain notation).

use crate::algebra::tensor::Origin;
use serde_json::{Map, Value as Json, json};

use super::{LayoutFn, RenderError, RenderOptions, for_each_value, plain};
use crate::algebra::{Layout, Offset, Swizzle, Tup, View};
use crate::atoms::Atom;
use crate::eval::Value;

/// The most values listed under `"values"`.
pub const MAX_VALUES: i64 = crate::limits::MAX_VALUES_RENDERED;

/// The JSON text of a value (one line).
pub fn render(v: &Value, opts: &RenderOptions) -> Result<String, RenderError> {
    Ok(to_json(v, opts)?.to_string())
}

/// The JSON object of a value.
pub fn to_json(v: &Value, opts: &RenderOptions) -> Result<Json, RenderError> {
    if let Some(i) = v.run_time_bool_as_int() {
        return to_json(&i, opts);
    }
    let text = plain::render(v);
    let mut obj = match v {
        // a dynamic integer (a run-time value in CuTe) is marked (SPEC §1)
        Value::IntTuple(t) if t.is_int() && t.is_dynamic() => {
            object(json!({"kind": "int", "value": t.as_int(), "dynamic": true}))
        }
        Value::IntTuple(t) if t.is_int() => object(json!({"kind": "int", "value": t.as_int()})),
        Value::IntTuple(t) => object(json!({
            "kind": "inttuple",
            "value": int_tuple(t),
            "rank": t.rank(),
            "depth": t.depth(),
            "size": t.product().ok(),
        })),
        Value::Bool(b) => object(json!({"kind": "bool", "value": b})),
        Value::Ssa(a) => object(
            json!({"kind": "tensor_ssa", "type": a.ty.name(), "text": crate::eval::host::traced_text(a)}),
        ),
        Value::Array(a) => {
            let elems = a
                .items
                .iter()
                .map(|e| to_json(e, opts))
                .collect::<Result<Vec<_>, _>>()?;
            object(
                json!({"kind": "array", "type": a.element.name(), "rank": a.items.len(), "elements": elems}),
            )
        }
        Value::Constant(c) => object(json!({
            "kind": "int",
            "value": c.value().to_string().parse::<Json>().unwrap_or(Json::Null),
            "type": c.ty.name(),
        })),
        // a run-time integer past the signed 64-bit ones (a `size_t`): as the others, its
        // value the exact integer
        Value::Scalar(s) if let Some(n) = s.run_time_int() => object(json!({
            "kind": "int",
            "value": n.to_string().parse::<Json>().unwrap_or(Json::Null),
            "dynamic": true,
        })),
        Value::Scalar(s) => {
            object(json!({"kind": "number", "type": s.ty.name(), "value": s.value.as_f64()}))
        }
        Value::Layout(l) => layout_object(l)?,
        Value::Under => object(json!({"kind": "underscore"})),
        Value::Tuple(items) => {
            let elems = items
                .iter()
                .map(|e| to_json(e, opts))
                .collect::<Result<Vec<_>, _>>()?;
            object(json!({"kind": "tuple", "rank": items.len(), "elements": elems}))
        }
        Value::Swizzle(s) => swizzle(s),
        Value::Composed(c) => {
            let inner = layout_object(&c.layout)?;
            let mut m = object(json!({
                "kind": "composed",
                "swizzle": Json::Object(swizzle(&c.swizzle)),
                "offset": offset(&c.offset),
            }));
            copy_sizes(&inner, &mut m);
            m.insert("layout".into(), Json::Object(inner));
            m
        }
        // Sw o OFF o (Sw' o OFF' o L): the inner composed layout under "layout"
        Value::NestedComposed(n) => {
            let inner = match to_json(&Value::composed(n.inner.clone()), opts)? {
                Json::Object(m) => m,
                other => unreachable!("a composed layout is an object, not {other}"),
            };
            let mut m = object(json!({
                "kind": "composed",
                "swizzle": Json::Object(swizzle(&n.swizzle)),
                "offset": offset(&n.offset),
            }));
            copy_sizes(&inner, &mut m);
            m.insert("layout".into(), Json::Object(inner));
            m
        }
        Value::Offset(o) => {
            let mut m = object(json!({"kind": "pointer"}));
            if let Offset::SmemPtr(bits) = o {
                m.insert("elem_bits".into(), json!(bits));
            }
            m
        }
        Value::Iterator(o) => object(json!({"kind": "iterator", "iterator": origin(o)})),
        Value::SwizzleOffset(s, o) => object(json!({
            "kind": "swizzle_offset",
            "swizzle": Json::Object(swizzle(s)),
            "offset": offset(o),
        })),
        Value::OffsetLayout(o, l) => {
            let inner = layout_object(l)?;
            let mut m = object(json!({"kind": "offset_layout", "offset": origin(o)}));
            if let Origin::Coord(_) = o {
                // an identity tensor's iterator: CuTe's ArithmeticTuple
                m.insert("arith_tuple".into(), json!(true));
            }
            copy_sizes(&inner, &mut m);
            m.insert("layout".into(), Json::Object(inner));
            m
        }
        // A o O o B with A a layout: the outer layout, the offset and the inner layout
        Value::LayoutComposed(t) => {
            // the inner function B: a layout's object, a swizzle's, or a swizzled layout's
            let inner = match to_json(&crate::eval::functions::inner_value(&t.layout.inner), opts)?
            {
                Json::Object(m) => m,
                other => unreachable!("a layout or swizzle is an object, not {other}"),
            };
            // the outer function A: a layout's object, or (a swizzled layout's, a composed
            // layout's) its value's
            let outer = match &t.layout.outer {
                crate::algebra::layout_composed::Stage::Layout(l) => layout_object(l)?,
                a => match to_json(&crate::eval::functions::inner_value(a), opts)? {
                    Json::Object(m) => m,
                    other => unreachable!("a composed layout is an object, not {other}"),
                },
            };
            let mut m = object(json!({
                "kind": "layout_composed",
                "outer": Json::Object(outer),
                "composed_offset": int_tuple(&t.layout.offset),
            }));
            if let Some(o) = &t.origin {
                m.insert("offset".into(), origin(o));
            }
            copy_sizes(&inner, &mut m);
            m.insert("layout".into(), Json::Object(inner));
            m
        }
        Value::SwizzledTensor(o, c) => {
            let inner = layout_object(&c.layout)?;
            let mut m = object(json!({
                "kind": "swizzled_tensor",
                "offset": origin(o),
                "swizzle": Json::Object(swizzle(&c.swizzle)),
                "swizzle_offset": offset(&c.offset),
            }));
            copy_sizes(&inner, &mut m);
            m.insert("layout".into(), Json::Object(inner));
            m
        }
        Value::ArithTuple(c) => object(json!({
            "kind": "arith_tuple",
            "value": int_tuple(c),
            "text": plain::render(v),
        })),
        Value::TensorSwizzle(o, s, off) => {
            let mut m = object(json!({
                "kind": "tensor_swizzle",
                "offset": origin(o),
                "swizzle": Json::Object(swizzle(s)),
            }));
            if let Some(off) = off {
                m.insert("swizzle_offset".into(), offset(off));
            }
            m
        }
        Value::Pointer(p) => object(pointer(p)),
        Value::Name(n) => object(json!({"kind": "name", "value": n})),
        Value::Op(op) => object(json!({
            "kind": "op",
            "class": format!("cute.nvgpu.{}", op.class),
            "atom": match &op.kind {
                crate::eval::nvgpu::OpKind::Mma(name) => Some(name.as_str()),
                crate::eval::nvgpu::OpKind::Tma(name) => Some(*name),
                crate::eval::nvgpu::OpKind::Copy(_) => None,
            },
        })),
        Value::Struct(s) => object(json!({"kind": "struct", "value": s.described()})),
        Value::Dict(d) => object(json!({"kind": "dict", "value": Value::dict_text(d)})),
        Value::Record(r) => object(json!({"kind": "record", "value": r.text()})),
        Value::SymInt(s) => object(json!({"kind": "sym_int", "value": s.text()})),
        Value::TypedTensor(t) => object(json!({"kind": "typed_tensor", "value": t.text()})),
        Value::Ratio(r) => object(json!({"kind": "ratio", "value": r.text()})),
        Value::RatioBasis(r, b) => {
            object(json!({"kind": "ratio_basis", "value": format!("{}{b}", r.text())}))
        }
        Value::Unknown(t) => {
            object(json!({"kind": "unknown", "type": t.dsl_type().unwrap_or(t.name())}))
        }
        Value::List(_) => {
            let mut text = String::new();
            crate::eval::plain::write_traced_value(&mut text, v);
            object(json!({"kind": "list", "value": text}))
        }
        Value::FakeTensor(t) => object(json!({"kind": "fake_tensor", "value": t.text()})),
        Value::FunctionComposed(f) => {
            object(json!({"kind": "function_composed_layout", "value": f.text()}))
        }
        Value::Atom(a) => atom(v, a, opts)?,
    };
    if opts.with_values
        && let Some(f) = LayoutFn::of(v)
    {
        let (vals, truncated) = values(f)?;
        obj.insert("values".into(), json!(vals));
        if truncated {
            obj.insert("values_truncated".into(), json!(true));
        }
    }
    if opts.with_values
        && let Some(l) = v.plain_layout()
        && v.has_basis()
    {
        // a layout into coordinates: each index's coordinate (CuTe's arithmetic tuple)
        let origin = match v {
            Value::OffsetLayout(o, _) => Some(o),
            _ => None,
        };
        let size = l.size()?;
        let mut vals = Vec::new();
        for i in 0..size.min(MAX_VALUES) {
            let at = l.eval_index(&crate::algebra::IntTuple::int(i))?;
            let c = match origin {
                Some(o) => o.element(&at)?,
                None => at,
            };
            vals.push(int_tuple(&c));
        }
        obj.insert("values".into(), Json::Array(vals));
        if size > MAX_VALUES {
            obj.insert("values_truncated".into(), json!(true));
        }
    }
    obj.insert("text".into(), json!(text));
    Ok(Json::Object(obj))
}

/// An MMA or copy atom, tiled or one thread's slice: its kind, then each of its fields (their
/// layouts and integers as JSON values, in [`crate::eval::methods::data_fields`] order).
fn atom(v: &Value, a: &Atom, opts: &RenderOptions) -> Result<Map<String, Json>, RenderError> {
    let kind = match a {
        Atom::Mma(_) => "mma_atom",
        Atom::TiledMma(_) => "tiled_mma",
        Atom::ThrMma(..) => "thr_mma",
        Atom::Copy(_) => "copy_atom",
        Atom::TiledCopy(_) => "tiled_copy",
        Atom::ThrCopy(..) => "thr_copy",
        Atom::TvTiler(_) => "tv_tiler",
        Atom::TvSlice(..) => "tv_partitioner",
    };
    let mut m = object(json!({ "kind": kind }));
    match a {
        Atom::ThrMma(_, t) | Atom::ThrCopy(_, t) => {
            m.insert("thr_idx".into(), kinded(*t));
        }
        Atom::TvSlice(_, t) => {
            m.insert("thr_idx".into(), json!(t));
        }
        _ => {}
    }
    let plain_opts = RenderOptions {
        with_values: false,
        ..opts.clone()
    };
    let mut fields = Map::new();
    for name in crate::eval::methods::data_fields(a) {
        let value = crate::eval::methods::field(v, name, crate::parser::Span::default())
            .map_err(|e| RenderError::new(e.message))?;
        fields.insert(name.into(), to_json(&value, &plain_opts)?);
    }
    m.insert("fields".into(), Json::Object(fields));
    Ok(m)
}

fn object(j: Json) -> Map<String, Json> {
    match j {
        Json::Object(m) => m,
        _ => unreachable!("json! of an object literal"),
    }
}

/// An IntTuple as a nested array; an integer as an integer, a dynamic one as its notation
/// (`"4?"`).
pub fn int_tuple(t: &Tup) -> Json {
    match t.view() {
        // a basis element (a stride of an identity layout) as CuTe prints it: "1@0"; a dynamic
        // integer as the notation writes it: "4?"
        View::Int(_) if t.basis().is_some() || t.is_dynamic() => json!(t.to_string()),
        View::Int(v) => json!(v),
        View::Tuple(v) => Json::Array(v.iter().map(int_tuple).collect()),
    }
}

/// A kinded integer as [`int_tuple`] writes a leaf: `4`, or `"4?"` for a dynamic one.
fn kinded(v: crate::algebra::Int) -> Json {
    if v.dynamic() {
        json!(v.to_string())
    } else {
        json!(v.value)
    }
}

/// A layout's object; `size` / `cosize` are `null` past 64 bits.
fn layout_object(l: &Layout) -> Result<Map<String, Json>, RenderError> {
    Ok(object(json!({
        "kind": "layout",
        "shape": int_tuple(l.shape()),
        "stride": int_tuple(l.stride()),
        "size": l.size().ok(),
        "cosize": if l.stride().has_basis() { None } else { l.cosize().ok() },
        "rank": l.rank(),
        "depth": l.depth(),
        "text": l.to_string(),
    })))
}

fn copy_sizes(from: &Map<String, Json>, to: &mut Map<String, Json>) {
    for k in ["size", "cosize", "rank", "depth"] {
        if let Some(x) = from.get(k) {
            to.insert(k.into(), x.clone());
        }
    }
}

fn swizzle(s: &Swizzle) -> Map<String, Json> {
    object(json!({
        "kind": "swizzle",
        "bits": s.bits,
        "base": s.base,
        "shift": s.shift,
        "text": s.to_string(),
    }))
}

/// A tensor's iterator: an integer (counting), an IntTuple (an identity tensor's coordinate) or
/// a pointer.
fn origin(o: &Origin) -> Json {
    match o {
        Origin::Count(o) => kinded(*o),
        Origin::Counting(n) => json!({"counting_iter": n}),
        Origin::Coord(c) => int_tuple(c),
        Origin::Ptr(p) => pointer(p),
        Origin::Transform(t) => json!({"transform": origin(&t.inner)}),
    }
}

/// A typed pointer: its space, element width (bits, or the unknown type's name), base and
/// element offset, and the text it prints as.
fn pointer(p: &crate::algebra::pointer::Pointer) -> Json {
    use crate::algebra::pointer::{ElementWidth, PtrBase};
    let mut m = object(json!({
        "kind": "pointer",
        "space": p.space.prefix(),
        "offset": p.offset,
        "text": p.to_string(),
    }));
    match &p.width {
        ElementWidth::Bits(b) => m.insert("elem_bits".into(), json!(b)),
        ElementWidth::Unknown(n) => m.insert("elem_type".into(), json!(n)),
    };
    match &p.base {
        PtrBase::Null | PtrBase::Bytes(_) => m.insert("address".into(), json!(p.address())),
        PtrBase::Named(n) => m.insert("base".into(), json!(n)),
        PtrBase::Stack => m.insert("base".into(), json!(crate::algebra::pointer::STACK)),
        PtrBase::Host { .. } => m.insert("base".into(), json!(crate::algebra::pointer::HOST)),
        PtrBase::Fake { .. } => m.insert("base".into(), json!(crate::algebra::pointer::FAKE)),
    };
    if let Some(sw) = p.swizzle {
        // a swizzle_ptr: the swizzle of its byte addresses
        m.insert("swizzle".into(), Json::Object(swizzle(&sw.get())));
    }
    Json::Object(m)
}

fn offset(o: &Offset) -> Json {
    match o {
        Offset::Int(v) => kinded(*v),
        // a MixedBits: the run-time integer it converts to
        Offset::Mixed { .. } => kinded(o.as_int().unwrap_or(crate::algebra::Int::dy(0))),
        Offset::SmemPtr(bits) => {
            json!({"kind": "smem_ptr", "elem_bits": bits, "text": o.to_string()})
        }
    }
}

/// The first [`MAX_VALUES`] values of the function, and whether there were more.
pub(crate) fn values(f: LayoutFn<'_>) -> Result<(Vec<i64>, bool), RenderError> {
    let l = f.layout();
    let size = l.size()?;
    let n = size.min(MAX_VALUES);
    let mut out = Vec::with_capacity(n as usize);
    if size <= MAX_VALUES {
        let mut err = None;
        for_each_value(l, |v| match f.outer(v) {
            Ok(x) => out.push(x),
            Err(e) => err = Some(e),
        })?;
        if let Some(e) = err {
            return Err(e);
        }
    } else {
        for i in 0..n {
            out.push(f.at(i)?);
        }
    }
    Ok((out, size > MAX_VALUES))
}

/// `cute bank --format json`: the report as data, one object per phase (its threads and their
/// offsets, and per bank the number of distinct words it delivers).
pub fn bank_report(
    r: &crate::analysis::bank::BankReport,
    measured: Option<&crate::analysis::bank::BankMeasurement>,
    thread: Option<&crate::analysis::bank::ThreadLine>,
) -> String {
    let phases: Vec<Json> = r
        .phases
        .iter()
        .map(|p| {
            json!({
                "warp": p.warp,
                "access": p.access,
                "phase": p.phase,
                "degree": p.degree,
                "threads": p.threads.iter().map(|t| json!({
                    "thread": t.thread,
                    "offsets": t.offsets,
                    "banks": t.banks,
                })).collect::<Vec<_>>(),
                "bank_words": p.bank_words.iter().map(Vec::len).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut report = json!({
        "kind": "bank_report",
        "smem": r.smem,
        "tv": r.tv,
        "elem_bits": r.elem_bits,
        "access_bits": r.access_bits,
        "values_per_access": r.values_per_access,
        "threads_per_phase": r.threads_per_phase,
        "threads": r.threads,
        "values": r.values,
        "degree": r.degree,
        "wavefronts": r.wavefronts,
        "notes": r.notes,
        "phases": phases,
    });
    // `--measure`: the pattern run on the GPU
    if let (Some(m), Json::Object(o)) = (measured, &mut report) {
        o.insert(
            "measured".into(),
            json!({
                "device": m.device,
                "cycles_per_access": m.cycles,
                "conflict_free_cycles_per_access": m.baseline,
                "slowdown": m.measured(),
                "predicted_slowdown": m.predicted,
            }),
        );
    }
    // `--tv 'X.thread(t).partition_S(SMEM)'`: the thread's own values
    if let (Some(line), Json::Object(o)) = (thread, &mut report) {
        let values: Vec<Json> = line
            .values
            .iter()
            .map(|v| {
                json!({
                    "value": v.value,
                    "element": v.element,
                    "banks": v.banks,
                    "warp": v.warp,
                    "access": v.access,
                    "phase": v.phase,
                    "degree": v.degree,
                })
            })
            .collect();
        o.insert(
            "thread".into(),
            json!({"thread": line.thread, "partition": line.partition, "values": values}),
        );
    }
    report.to_string()
}
