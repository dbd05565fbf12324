//! Fields `x.name` and methods `x.name(args)` of values, and the calls that build atom values.

use super::convert::{to_int, to_layout, to_tiler};
use super::{EvalError, Value};
use crate::algebra::basis::Index;
use crate::algebra::tensor::Origin;
use crate::algebra::{IntTuple, Layout};
use crate::atoms::{self, Atom, CopyAtom, Operand, TiledCopy, TiledMma};
use crate::parser::Span;

/// `target.name(args)`: `None` when the value has no such method (the call then evaluates the
/// field `target.name` at the arguments).
pub fn method(
    target: &Value,
    name: &str,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    if let Value::Layout(l) = target {
        return layout_method(l, name, args, spans, span);
    }
    // a Ratio's `is_integral()`, `reduced()`
    if let Value::Ratio(r) = target
        && args.is_empty()
    {
        return r.method(name).map(Ok);
    }
    // a Ratio's `to(float)`, `to(int)`, `to(cute.Ratio)` (core.py's Ratio.to)
    if let Value::Ratio(r) = target
        && name == "to"
        && let [ty] = args
    {
        return Some(r.to(ty).map_err(|m| EvalError::new(m, spans[0])));
    }
    if let Value::Name(n) = target
        && let Some(vs) = atoms::blockscaled::config_vector_size(n)
    {
        return Some(blockscaled_config_member(
            vs,
            name,
            Some((args, spans)),
            span,
        ));
    }
    if matches!(
        target,
        Value::OffsetLayout(..) | Value::SwizzledTensor(..) | Value::LayoutComposed(_)
    ) {
        return tensor_method(target, name, args, spans, span);
    }
    if matches!(target, Value::Composed(_) | Value::NestedComposed(_)) {
        return composed_method(target, name, args, spans, span);
    }
    let Value::Atom(atom) = target else {
        return None;
    };
    if args.is_empty() {
        // `x.get_layoutC_TV()`: a field read as C++ calls it
        return Some(field(target, name, span));
    }
    atom_method(atom, name, args, spans, span)
}

fn atom_method(
    atom: &Atom,
    name: &str,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let one_arg = |what: &str| -> Result<(), EvalError> {
        if args.len() == 1 {
            Ok(())
        } else {
            Err(EvalError::new(
                format!("{name} takes one argument ({what}), got {}", args.len()),
                span,
            ))
        }
    };
    let alg = |e| EvalError::algebra(e, span);
    let is_slice = matches!(name, "thread" | "get_slice" | "get_thread_slice");
    let r = match (atom, name) {
        (Atom::TiledMma(t), _) if is_slice => one_arg("a thread index").and_then(|_| {
            let i = thread_index(&args[0], spans[0])?;
            t.thr_vmnk(i.value)
                .map_err(|e| EvalError::algebra(e, spans[0]))?;
            Ok(Value::Atom(Box::new(Atom::ThrMma(t.clone(), i))))
        }),
        (Atom::TiledCopy(t), _) if is_slice => one_arg("a thread index").and_then(|_| {
            let i = thread_index(&args[0], spans[0])?;
            // CuTe takes any index: one past the threads extrapolates through the TV layout.
            Ok(Value::Atom(Box::new(Atom::ThrCopy(t.clone(), i))))
        }),
        (Atom::TvTiler(t), "get_slice") => one_arg("a slice index (a warp)").and_then(|_| {
            let i = to_int(&args[0], spans[0])?;
            let n = t.num_slices().map_err(alg)?;
            if !(0..n).contains(&i) {
                return Err(EvalError::new(
                    format!("slice index {i} is outside the TV tiler's {n} threads"),
                    spans[0],
                ));
            }
            Ok(Value::Atom(Box::new(Atom::TvSlice(t.clone(), i))))
        }),
        // TV_Tiler::apply(tensor): ((thr,val),(RestM,RestN,...))
        (Atom::TvTiler(t), "apply") => one_arg("a tensor: a shape, a layout or an offset layout")
            .and_then(|_| {
                let (base, l) = tensor_arg(&args[0], spans[0])?;
                let part = t.apply(&l).map_err(alg)?;
                match &args[0] {
                    Value::OffsetLayout(..) => Ok(Value::offset_layout(base, part)),
                    _ => Ok(Value::Layout(part)),
                }
            }),
        // TV_Partitioner::partition(tensor): apply(tensor)(idx, repeat<rank>(_))
        (Atom::TvSlice(t, idx), "partition") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                let (base, l) = tensor_arg(&args[0], spans[0])?;
                let (off, part) = t.partition(*idx, &l).map_err(alg)?;
                offset_layout(base, off, part, span)
            })
        }
        (Atom::TiledMma(t) | Atom::ThrMma(t, _), "tile_size_mnk" | "get_tile_size") => {
            one_arg("a mode 0, 1 or 2").and_then(|_| {
                let i = to_int(&args[0], spans[0])?;
                if !(0..3).contains(&i) {
                    return Err(EvalError::new(
                        format!("{name} takes a mode 0, 1 or 2"),
                        spans[0],
                    ));
                }
                t.tile_size_mnk(i as usize).map(Value::int).map_err(alg)
            })
        }
        // a TMA copy's coordinate tensor (atoms/tma.rs)
        (Atom::TiledCopy(t), "get_tma_tensor") if t.atom.tma.is_some() => {
            one_arg("the global tensor's shape").and_then(|_| {
                let shape = match &args[0] {
                    Value::IntTuple(s) if !s.has_basis() => s.clone(),
                    other => {
                        return Err(EvalError::new(
                            format!("{name} takes a shape, found {}", other.kind()),
                            spans[0],
                        ));
                    }
                };
                tma_tensor_value(t.atom.tma.as_deref().expect("checked"), &shape).map_err(alg)
            })
        }
        (Atom::Copy(c), "get_tma_tensor") if c.tma.is_some() => {
            one_arg("the global tensor's shape").and_then(|_| {
                let shape = match &args[0] {
                    Value::IntTuple(s) if !s.has_basis() => s.clone(),
                    other => {
                        return Err(EvalError::new(
                            format!("{name} takes a shape, found {}", other.kind()),
                            spans[0],
                        ));
                    }
                };
                tma_tensor_value(c.tma.as_deref().expect("checked"), &shape).map_err(alg)
            })
        }
        // CuTe's partition_shape_A/B/C(tiled_mma, shape): the shape of a thread's fragment
        // (the same for every thread): that of thread 0's partition
        (
            Atom::TiledMma(t) | Atom::ThrMma(t, _),
            "partition_shape_A" | "partition_shape_B" | "partition_shape_C",
        ) => one_arg("a shape").and_then(|_| {
            let op = match name {
                "partition_shape_A" => Operand::A,
                "partition_shape_B" => Operand::B,
                _ => Operand::C,
            };
            let shape = match &args[0] {
                Value::IntTuple(s) if !s.has_basis() => s.clone(),
                other => {
                    return Err(EvalError::new(
                        format!("{name} takes a shape, found {}", other.kind()),
                        spans[0],
                    ));
                }
            };
            let l = Layout::column_major(shape).map_err(|e| EvalError::algebra(e, spans[0]))?;
            let (_, part) = t
                .partition(op, crate::algebra::Int::st(0), &l)
                .map_err(alg)?;
            Ok(Value::IntTuple(part.shape().to_owned()))
        }),
        (Atom::ThrMma(t, thr), "partition_A" | "partition_B" | "partition_C") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                let op = match name {
                    "partition_A" => Operand::A,
                    "partition_B" => Operand::B,
                    _ => Operand::C,
                };
                if let Some(st) = super::convert::swizzled_tensor_of(&args[0]) {
                    // a swizzled (shared-memory) tensor: thrfrg acts on its inner layout, the
                    // thread's slice is swizzle_layout.hpp's slice_and_offset
                    let frg = t.thrfrg(op, &st.layout.layout).map_err(alg)?;
                    let coord = t.partition_coord(op, *thr, &frg).map_err(alg)?;
                    return swizzled_slice(st, frg, &coord, span);
                }
                let (base, l) = tensor_arg(&args[0], spans[0])?;
                let (off, part) = t.partition(op, *thr, &l).map_err(alg)?;
                offset_layout(base, off, part, span)
            })
        }
        (Atom::ThrMma(t, thr), "partition_fragment_A" | "partition_fragment_B") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                let op = if name == "partition_fragment_A" {
                    Operand::A
                } else {
                    Operand::B
                };
                // make_fragment_A/B: a GMMA atom reading the operand from shared memory makes a
                // descriptor view of it, a register operand a fragment like the partition
                // a TS UMMA's A lives in tensor memory: make_fragment_like<FrgTypeA>, its
                // tmem_frg over the partition's shape
                if op == Operand::A
                    && let Some(frg) = atoms::tmem::TmemFrg::of_a(&t.atom)
                {
                    let (_, l) = tensor_arg(&args[0], spans[0])?;
                    let (_, part) = t.partition(op, *thr, &l).map_err(alg)?;
                    return frg
                        .make(&part.shape().to_owned())
                        .map(|(p, l)| Value::offset_layout(Origin::Ptr(p), l))
                        .map_err(alg);
                }
                if reads_smem(t, op) {
                    // make_fragment_A/B of the partition (partition_fragment_A/B, mma_atom.hpp)
                    let part = if let Some(st) = super::convert::swizzled_tensor_of(&args[0]) {
                        let frg = t.thrfrg(op, &st.layout.layout).map_err(alg)?;
                        let coord = t.partition_coord(op, *thr, &frg).map_err(alg)?;
                        swizzled_slice(st, frg, &coord, span)?
                    } else {
                        let (base, l) = tensor_arg(&args[0], spans[0])?;
                        let (off, part) = t.partition(op, *thr, &l).map_err(alg)?;
                        offset_layout(base, off, part, span)?
                    };
                    return descriptor_fragment(t, op, name, &part, span);
                }
                if let Some(st) = super::convert::swizzled_tensor_of(&args[0]) {
                    // the thread's slice of the swizzled tile (static thread index, as every
                    // partition here), then make_fragment_like of its layout: of a composed
                    // layout, of its inner layout (swizzle_layout.hpp)
                    let frg = t.thrfrg(op, &st.layout.layout).map_err(alg)?;
                    let coord = t.partition_coord(op, *thr, &frg).map_err(alg)?;
                    let part = match swizzled_slice(st, frg, &coord, span)? {
                        Value::OffsetLayout(_, l) => *l,
                        Value::SwizzledTensor(_, c) => c.layout,
                        other => {
                            return Err(EvalError::new(
                                format!("{name}: the partition is {}, not a tensor", other.kind()),
                                span,
                            ));
                        }
                    };
                    let frg = crate::algebra::layout_ops::make_fragment_like(&part).map_err(alg)?;
                    return owning_fragment(t, op, frg, &args[0], span);
                }
                let part = {
                    let (_, l) = tensor_arg(&args[0], spans[0])?;
                    t.partition(op, *thr, &l).map_err(alg)?.1
                };
                let frg = crate::algebra::layout_ops::make_fragment_like(&part).map_err(alg)?;
                owning_fragment(t, op, frg, &args[0], span)
            })
        }
        (Atom::ThrMma(t, thr), "partition_fragment_C") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                let (_, l) = tensor_arg(&args[0], spans[0])?;
                let (_, part) = t.partition(Operand::C, *thr, &l).map_err(alg)?;
                if let Some(v) = tmem_fragment(t, part.shape(), span) {
                    return v;
                }
                let frg = Layout::column_major(part.shape().to_owned()).map_err(alg)?;
                owning_fragment(t, Operand::C, frg, &args[0], span)
            })
        }
        (
            Atom::TiledMma(t) | Atom::ThrMma(t, _),
            "make_fragment_A" | "make_fragment_B" | "make_fragment_C",
        ) => one_arg("a partitioned tensor: a layout or a tensor").and_then(|_| {
            // mma_atom.hpp: make_fragment_A/B(T) = make_fragment_like<FrgTypeA/B>(T),
            // make_fragment_C(T) = make_tensor<FrgTypeC>(shape(T))
            let op = match name {
                "make_fragment_A" => Operand::A,
                "make_fragment_B" => Operand::B,
                _ => Operand::C,
            };
            if op != Operand::C && reads_smem(t, op) {
                return descriptor_fragment(t, op, name, &args[0], spans[0]);
            }
            let (_, l) = tensor_arg(&args[0], spans[0])?;
            if op == Operand::C
                && let Some(v) = tmem_fragment(t, l.shape(), span)
            {
                return v;
            }
            let frg = if op == Operand::C {
                Layout::column_major(l.shape().to_owned())
            } else {
                crate::algebra::layout_ops::make_fragment_like(&l)
            }
            .map_err(alg)?;
            owning_fragment(t, op, frg, &args[0], span)
        }),
        // a structured-sparse A's metadata E, as CUTLASS's sparse collectives partition it
        (Atom::TiledMma(t) | Atom::ThrMma(t, _), "thrfrg_E") => {
            one_arg("a layout").and_then(|_| {
                let l = to_layout(&args[0], spans[0])?;
                t.thrfrg_e(&l).map(Value::Layout).map_err(alg)
            })
        }
        (Atom::ThrMma(t, thr), "partition_E") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                let (base, l) = tensor_arg(&args[0], spans[0])?;
                let (off, part) = t.partition_e(*thr, &l).map_err(alg)?;
                offset_layout(base, off, part, span)
            })
        }
        (Atom::ThrMma(..), "partition_fragment_E") => Err(EvalError::new(
            "partition_fragment_E: CuTe 4.7 has no such member; CUTLASS's SM120 sparse collective (gemm/collective/sm120_sparse_mma_tma.hpp) makes the metadata fragment as make_fragment_like<ValTypeE>(partition of thrfrg_E), a register tensor of sparse_elem values (CuTe prints sparse<8>_ptr[_1b]); THR_MMA.partition_E(T) gives that partition",
            span,
        )),
        (Atom::TiledMma(t) | Atom::ThrMma(t, _), "thrfrg_A" | "thrfrg_B" | "thrfrg_C") => {
            one_arg("a layout").and_then(|_| {
                let op = match name {
                    "thrfrg_A" => Operand::A,
                    "thrfrg_B" => Operand::B,
                    _ => Operand::C,
                };
                let l = to_layout(&args[0], spans[0])?;
                t.thrfrg(op, &l).map(Value::Layout).map_err(alg)
            })
        }
        (Atom::TiledCopy(t) | Atom::ThrCopy(t, _), "tidfrg_S" | "tidfrg_D") => one_arg("a layout")
            .and_then(|_| {
                let l = to_layout(&args[0], spans[0])?;
                t.tidfrg(name == "tidfrg_S", &l)
                    .map(Value::Layout)
                    .map_err(alg)
            }),
        (Atom::TiledCopy(t) | Atom::ThrCopy(t, _), "retile_S" | "retile_D" | "retile") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                // copy_atom.hpp: make_tensor(tensor.data(), retile(tensor.layout()))
                let layout = match &args[0] {
                    Value::OffsetLayout(_, l) => (**l).clone(),
                    other => to_layout(other, spans[0])?,
                };
                let part = t.retile(&layout).map_err(alg)?;
                match &args[0] {
                    Value::OffsetLayout(base, _) => Ok(Value::offset_layout(base.clone(), part)),
                    _ => Ok(Value::Layout(part)),
                }
            })
        }
        (Atom::ThrCopy(t, thr), "partition_S" | "partition_D") => {
            one_arg("a tensor: a shape, a layout or an offset layout").and_then(|_| {
                let src = name == "partition_S";
                // (the thread index was checked against the copy's threads by get_slice, the
                // one place a thread's slice is made)
                // a tensor over a layout composed with a layout (an im2col TMA's): tidfrg
                // through its inner layout B (layout_composed.hpp's zipped_divide and
                // composition), then the thread's slice, its offset kept in the layout
                if let Value::LayoutComposed(ct) = &args[0] {
                    let frg = ct.layout.map_inner(|b| t.tidfrg(src, b)).map_err(alg)?;
                    let rank = ct.layout.inner_layout_for("partition").map_err(alg)?.rank();
                    let coord = TiledCopy::partition_coord(*thr, rank);
                    let layout = frg.slice(&coord).map_err(alg)?;
                    return Ok(Value::LayoutComposed(Box::new(
                        crate::algebra::layout_composed::ComposedTensor {
                            origin: ct.origin.clone(),
                            layout,
                        },
                    )));
                }
                if let Some(st) = super::convert::swizzled_tensor_of(&args[0]) {
                    let frg = t.tidfrg(src, &st.layout.layout).map_err(alg)?;
                    let coord = TiledCopy::partition_coord(*thr, st.layout.layout.rank());
                    return swizzled_slice(st, frg, &coord, span);
                }
                let (base, l) = tensor_arg(&args[0], spans[0])?;
                let (off, part) = t.partition(src, *thr, &l).map_err(alg)?;
                offset_layout(base, off, part, span)
            })
        }
        _ => return None,
    };
    Some(r)
}

/// A tensor argument of a partition: a shape (its column-major layout), a layout, or an offset
/// layout (a tensor over a layout).
fn tensor_arg(v: &Value, span: Span) -> Result<(Origin, Layout), EvalError> {
    let t = super::convert::tensor_of(v, span)?;
    Ok((t.offset, t.layout))
}

/// A thread's slice `coord` of a swizzled tensor whose inner layout was partitioned into `frg`:
/// `slice_and_offset(coord, Sw o OFF o frg)`, the offset moving the data.
fn swizzled_slice(
    st: crate::algebra::tensor::SwizzledTensor,
    frg: Layout,
    coord: &crate::algebra::coord::Coord,
    span: Span,
) -> Result<Value, EvalError> {
    let alg = |e| EvalError::algebra(e, span);
    let tiled = crate::algebra::ComposedLayout {
        layout: frg,
        ..st.layout
    };
    // the coordinate's integers of the thread index's kind: the offset (and the strides the
    // swizzle's decay chooses) run-time where it is (`get_slice(threadIdx.x)`), static where
    // it is static (`get_slice(Int<3>{})`)
    let (r, off) = crate::algebra::swizzle::slice_and_offset_kind(coord, &tiled).map_err(alg)?;
    let total = st.offset.shift(&IntTuple::of_int(off)).map_err(alg)?;
    super::tensor_value(total, r)
}

/// A thread index of its kind (C++'s `int` a run-time one, `Int<1>{}` a static one): the slice
/// keeps it, and the partition's offset takes its kind from it.
fn thread_index(v: &Value, span: Span) -> Result<crate::algebra::Int, EvalError> {
    match v {
        Value::IntTuple(t) if t.basis().is_none() => {
            if let Some(i) = t.as_int() {
                return Ok(crate::algebra::Int::of(i, t.is_dynamic()));
            }
            to_int(v, span).map(crate::algebra::Int::st)
        }
        _ => to_int(v, span).map(crate::algebra::Int::st),
    }
}

fn offset_layout(base: Origin, off: Index, l: Layout, span: Span) -> Result<Value, EvalError> {
    let total = base.shift(&off).map_err(|e| EvalError::algebra(e, span))?;
    Ok(Value::offset_layout(total, l))
}

/// `value.name`.
pub fn field(v: &Value, name: &str, span: Span) -> Result<Value, EvalError> {
    // `TmemAllocator::Sm100TmemCapacityColumns` (device.rs)
    if let Some(x) = super::device::static_member(v, name) {
        return Ok(x);
    }
    if let Value::Struct(s) = v {
        return s.member(name, span);
    }
    // `BF::mask` of a `bit_field<…>` type
    if let Value::Name(n) = v
        && let Some(f) = super::bit_field::BitField::of_text(n)
    {
        return f.static_member(name, span);
    }
    if let Value::Name(n) = v
        && let Some(vs) = atoms::blockscaled::config_vector_size(n)
    {
        return blockscaled_config_member(vs, name, None, span);
    }
    // a fake tensor's (`a.shape`, fake.rs)
    if let Value::FakeTensor(t) = v {
        return t.field(name).ok_or_else(|| {
            EvalError::new(
                format!("AttributeError: '_FakeTensor' object has no attribute '{name}'"),
                span,
            )
        });
    }
    // a Ratio's (`r.numerator`)
    if let Value::Ratio(r) = v {
        return r.field(name).ok_or_else(|| {
            EvalError::new(
                format!("AttributeError: 'Ratio' object has no attribute '{name}'"),
                span,
            )
        });
    }
    // a tensor type's (`TypedTensor(…).shape`, fake.rs)
    if let Value::TypedTensor(t) = v {
        return t.field(name).ok_or_else(|| {
            EvalError::new(
                format!("AttributeError: 'TypedTensor' object has no attribute '{name}'"),
                span,
            )
        });
    }
    // a field of an object of a Python class of the program's own (`v.x`)
    if let Value::Record(r) = v {
        return r
            .fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| {
                EvalError::new(
                    format!(
                        "AttributeError: '{}' object has no attribute '{name}'",
                        r.class
                    ),
                    span,
                )
            });
    }
    // the DSL's `_ComposedLayoutWithInnerFunc`'s properties (its `inner`, the function, is no
    // value here)
    if let Value::FunctionComposed(f) = v {
        return match name {
            "shape" => Ok(Value::IntTuple(f.outer.shape().to_owned())),
            "offset" => Ok(f.offset.clone()),
            "outer" => Ok(Value::Layout(f.outer.clone())),
            "is_normal" => Ok(Value::Bool(false)),
            _ => Err(EvalError::new(
                format!(
                    "a layout composed with a Python function has no field '{name}' modelled (it has shape, offset, outer, is_normal; its inner is the function '{}')",
                    f.qualname
                ),
                span,
            )),
        };
    }
    if let Value::Atom(a) = v {
        return atom_field(a, name, span).unwrap_or_else(|| {
            Err(EvalError::new(
                format!(
                    "{} has no field '{name}' (it has {})",
                    a.kind(),
                    field_names(a)
                ),
                span,
            ))
        });
    }
    if name == "::value" {
        // C++'s `decltype(x)::value`, `Int<4>::value`: the value of an integral constant
        // is C++'s plain `bool` or `int` (`static constexpr`), printed `1`, not `_1`
        return match v {
            Value::Bool(b) => Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(
                i64::from(*b),
                true,
            ))),
            // of a typed constant: its value, a run-time integer here (its type not kept)
            Value::Constant(c) => match c.as_static(span)? {
                Value::IntTuple(t) => Ok(Value::IntTuple(t.with_kind(true))),
                other => Ok(other),
            },
            Value::IntTuple(t)
                if t.is_static()
                    && let Some(x) = v.as_int() =>
            {
                Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(x, true)))
            }
            // `decltype(n)::value` of C++'s `int`: the compiler's error
            Value::IntTuple(t) if t.as_int().is_some() => Err(EvalError::new(
                "::value is the value of an integral constant (Int<4>, a static size), and this is a run-time integer, whose type is int, which has no members",
                span,
            )),
            _ => Err(EvalError::new(
                format!(
                    "::value is the value of an integral constant (Int<4>, a static size): {} has none",
                    v.kind()
                ),
                span,
            )),
        };
    }
    if matches!(name, "value_type" | "::value_type") {
        // `decltype(x)::value_type`, `Int<4>::value_type`: an integral constant's type of
        // value, C++'s `int` (a run-time integer, as types are written as values) or `bool`
        return match v {
            Value::Bool(_) => Ok(Value::Name("bool".to_string())),
            // `integral_constant<T, v>::value_type` is T: `int` a run-time integer (as types
            // are written as values), another integer type its name
            Value::Constant(c) if c.ty == crate::eval::constant::IntType::Int => {
                Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(1, true)))
            }
            Value::Constant(c) => Ok(Value::Name(c.ty.name().to_string())),
            Value::IntTuple(t)
                if t.is_static()
                    && let Some(x) = v.as_int() =>
            {
                Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(x, true)))
            }
            _ => Err(EvalError::new(
                format!(
                    "value_type is the type of an integral constant's value (Int<4>: int): {} has none (a run-time integer's type is int, which has no members)",
                    v.kind()
                ),
                span,
            )),
        };
    }
    // the DSL's tensor's `layout`, `element_type` (a tensor over memory's)
    if let Value::OffsetLayout(o, l) = v {
        match (name, o) {
            ("layout", _) => return Ok(Value::Layout((**l).clone())),
            // the DSL's `t.iterator` of a tensor over memory: its pointer
            ("iterator", crate::algebra::tensor::Origin::Ptr(p))
                if matches!(
                    p.base,
                    crate::algebra::pointer::PtrBase::Host { dlpack: true, .. }
                        | crate::algebra::pointer::PtrBase::Fake { .. }
                        | crate::algebra::pointer::PtrBase::Stack
                ) =>
            {
                return Ok(Value::Pointer(p.clone()));
            }
            ("element_type", crate::algebra::tensor::Origin::Ptr(p))
                if let Some(t) = p
                    .type_name
                    .0
                    .as_deref()
                    .and_then(super::storage::ElemType::of_name)
                    .and_then(super::storage::ElemType::dsl_type) =>
            {
                return Ok(Value::Name(t.to_string()));
            }
            // its memory space as the DSL prints it (`AddressSpace`'s name, checked with
            // dsl-oracle): `generic` of `from_dlpack(a)`'s, `rmem` of a register tensor's
            ("memspace", crate::algebra::tensor::Origin::Ptr(p)) => {
                if let Some(space) = dsl_memspace(p) {
                    return Ok(Value::Name(space.to_string()));
                }
            }
            _ => {}
        }
    }
    let layout = match v {
        Value::Layout(l) => Some(l.clone()),
        Value::Composed(c) => Some(c.layout.clone()),
        // a tensor's shape and stride, its layout's
        Value::OffsetLayout(_, l) if matches!(name, "shape" | "stride") => Some((**l).clone()),
        _ => None,
    };
    let alg = |e| EvalError::algebra(e, span);
    match (name, layout) {
        // the DSL's `shape` holds 32-bit integers: a 64-bit run-time extent (a fake tensor's
        // `sym_int64()`, `(?{i64},2)`) is an `Int32(?)` there (checked with dsl-oracle)
        ("shape", Some(l)) => Ok(Value::IntTuple(
            l.shape()
                .to_owned()
                .map_ints(&mut |i| {
                    Ok(match i.i64_divisibility() {
                        Some(d) if d > 0 => crate::algebra::integer::Int::dy_div(i.value, d),
                        _ => i,
                    })
                })
                .map_err(alg)?,
        )),
        ("stride", Some(l)) => Ok(Value::IntTuple(l.stride().to_owned())),
        ("size", Some(l)) => l.size().map(Value::int).map_err(alg),
        ("cosize", Some(l)) => l.cosize().map(Value::int).map_err(alg),
        ("rank", Some(l)) => Ok(Value::int(l.rank() as i64)),
        ("depth", Some(l)) => Ok(Value::int(l.depth() as i64)),
        _ => Err(EvalError::new(
            format!("{} has no field '{name}'", v.kind()),
            span,
        )),
    }
}

/// The fields of an atom value that describe it whole (its own, then those of the atom it is
/// built on), in the order JSON lists them.
pub fn data_fields(a: &Atom) -> Vec<&'static str> {
    const MMA: &[&str] = &["ThrID", "Shape_MNK", "ALayout", "BLayout", "CLayout"];
    const TILED_MMA: &[&str] = &[
        "AtomLayoutMNK",
        "PermutationMNK",
        "ThrLayoutVMNK",
        "tile_shape",
        "size",
        "get_layoutA_TV",
        "get_layoutB_TV",
        "get_layoutC_TV",
    ];
    const COPY: &[&str] = &[
        "ThrID",
        "ValLayoutSrc",
        "ValLayoutDst",
        "ValLayoutRef",
        "NumValSrc",
        "NumValDst",
    ];
    const TILED_COPY: &[&str] = &[
        "Tiler_MN",
        "TiledLayout_TV",
        "get_layoutS_TV",
        "get_layoutD_TV",
        "TiledNumThr",
        "TiledNumVal",
    ];
    let (own, base): (&[&str], &[&str]) = match a {
        Atom::Mma(_) => (MMA, &[]),
        Atom::TiledMma(_) | Atom::ThrMma(..) => (TILED_MMA, MMA),
        Atom::Copy(_) => (COPY, &[]),
        Atom::TiledCopy(_) | Atom::ThrCopy(..) => (TILED_COPY, COPY),
        Atom::TvTiler(_) | Atom::TvSlice(..) => (&["Tiler_MN", "TiledLayout_TV"], &[]),
    };
    let mut out: Vec<&'static str> = own.iter().chain(base).copied().collect();
    // a structured-sparse MMA's metadata layout
    let sparse = match a {
        Atom::Mma(m) => m.e.is_some(),
        Atom::TiledMma(t) | Atom::ThrMma(t, _) => t.atom.e.is_some(),
        _ => false,
    };
    if sparse {
        out.push("ELayout");
    }
    // a block-scaled mma.sync's scale factors
    let scaled = match a {
        Atom::Mma(m) => m.scale_factors().is_some(),
        _ => false,
    };
    if scaled {
        out.extend(["SFALayout", "SFBLayout", "ValTypeSF", "SFVecSize"]);
    }
    out
}

/// `get_tma_tensor(shape)`: a tiled TMA's coordinate tensor, an im2col TMA's tensor over a
/// layout composed with a layout.
fn tma_tensor_value(
    tma: &crate::atoms::tma::TmaCopy,
    shape: &IntTuple,
) -> Result<Value, crate::algebra::AlgebraError> {
    match &tma.im2col {
        Some(i) => i.tma_tensor().map(|t| Value::LayoutComposed(Box::new(t))),
        None => tma.tma_tensor(shape).map(Value::tensor),
    }
}

fn field_names(a: &Atom) -> &'static str {
    match a {
        Atom::Mma(_) => {
            "ThrID, Shape_MNK, ALayout, BLayout, CLayout (the DSL's thr_id, shape_mnk, tv_layout_A/B/C), ValTypeD/A/B/C, and a sparse MMA's ELayout and ValTypeE"
        }
        Atom::TiledMma(_) => {
            "get_layoutA_TV, get_layoutB_TV, get_layoutC_TV, a sparse MMA's get_layoutE_TV, tile_shape, ThrLayoutVMNK, AtomLayoutMNK, PermutationMNK, AtomThrID, AtomShape_MNK, AtomLayoutA/B/C_TV, size, and the atom's fields; methods thread(t), tile_size_mnk(i), thrfrg_A/B/C/E(layout), permutation_mnk<I>(), tile_size_mnk<I>(); the DSL's tv_layout_A/B/C_tiled, thr_layout_vmnk, permutation_mnk, get_slice(t), get_tile_size(i), partition_shape_A/B/C(shape)"
        }
        Atom::ThrMma(..) => {
            "thr_vmnk and the tiled MMA's fields; methods partition_A/B/C(tensor), partition_fragment_A/B/C(tensor), a sparse MMA's partition_E(tensor)"
        }
        Atom::Copy(_) => {
            "ThrID, ValLayoutSrc, ValLayoutDst, ValLayoutRef, NumValSrc, NumValDst, SrcLayout, DstLayout, RefLayout (bits; also BitLayoutSrc/Dst/Ref); a TMEM copy's ValID; a TMA atom's tma_box, TmaGmemBasis, tma_gmem_shape, tma_gmem_stride, NumBitsPerTMA, get_tma_tensor(shape) (an im2col TMA's tma_layout_vt, tma_traversal_strides); the DSL's thr_id, layout_src_tv, layout_dst_tv"
        }
        Atom::TiledCopy(_) => {
            "Tiler_MN, TiledLayout_TV, get_layoutS_TV, get_layoutD_TV, size, and the atom's fields; methods thread(t), tidfrg_S/D(layout), retile_S/D(tensor); the DSL's tiler_mn, layout_tv_tiled, layout_src_tv_tiled, layout_dst_tv_tiled, get_slice(t)"
        }
        Atom::ThrCopy(..) => {
            "thr_idx and the tiled copy's fields; methods partition_S(tensor), partition_D(tensor), retile_S/D(tensor)"
        }
        Atom::TvTiler(_) => "Tiler_MN, TiledLayout_TV; methods get_slice(w), apply(tensor)",
        Atom::TvSlice(..) => {
            "coord and the TV tiler's fields Tiler_MN, TiledLayout_TV; method partition(tensor)"
        }
    }
}

/// Whether the tiled MMA's atom reads operand `op` (A or B) from shared memory through a matrix
/// descriptor: a GMMA (SM90 wgmma) or UMMA (SM100 tcgen05.mma) atom's B, and its A where the
/// atom is `_SS` (a `_RS`/`_TS` one reads A from registers or tensor memory).
fn reads_smem(t: &TiledMma, op: Operand) -> bool {
    let name = t.atom.name.as_str();
    let gmma = name.starts_with("SM90_") && (name.contains("_SS") || name.contains("_RS"));
    let umma = atoms::tmem::TmemFrg::of_c(&t.atom).is_some();
    (gmma || umma) && (op == Operand::B || name.contains("_SS"))
}

/// `make_fragment_A/B(T)` of an MMA that reads the operand from shared memory: CuTe's
/// `MakeTensor<GMMA::smem_desc<Major>>` (mma_traits_sm90_gmma.hpp; UMMA's alike,
/// mma_traits_sm100.hpp), a tensor of descriptors over the partition T
///     make_tensor(DescriptorIterator{make_gmma_desc<Major>(tensor<0>(T))},
///                 replace<0>(recast<uint128_t const>(T).layout(), Layout<_1,_0>{}))
/// one descriptor for each MMA's mode 0 (its start address moving in 16-byte units along the
/// rest), printed `GMMA::DescriptorIterator o (_1,_2,_4):(_0,_64,_256)`.
fn descriptor_fragment(
    t: &TiledMma,
    op: Operand,
    name: &str,
    of: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    use crate::algebra::pointer::{DescriptorKind, ElementWidth, MemSpace, Pointer, PtrBase};
    let alg = |e| EvalError::algebra(e, span);
    let kind = if t.atom.name.starts_with("SM90_") {
        DescriptorKind::Gmma
    } else {
        DescriptorKind::Umma
    };
    let smem = match of {
        Value::OffsetLayout(Origin::Ptr(p), l) if p.space == MemSpace::Smem => Some((p, l)),
        _ => None,
    };
    let Some((p, l)) = smem else {
        return Err(EvalError::new(
            format!(
                "{name}: {} reads the operand from shared memory through a {} descriptor, so it takes a tensor over shared memory (CuTe's static_assert 'Expected SMEM Tensor to construct a GMMA Desc Tensor'), found {}",
                t.atom.name,
                if kind == DescriptorKind::Gmma {
                    "GMMA"
                } else {
                    "UMMA"
                },
                of.kind()
            ),
            span,
        ));
    };
    let bits = p.width.bits(name).map_err(alg)?;
    let (family, fname) = match kind {
        DescriptorKind::Gmma => ("GMMA", "make_gmma_desc"),
        _ => ("UMMA", "make_umma_desc"),
    };
    canonical_operand(t, op, p, l, bits).map_err(|why| {
        EvalError::new(
            format!(
                "{name}: {}'s operand in shared memory is not a canonical {family} layout, which {fname} requires (its static_assert: {why}); tile a {family}::Layout_*_Atom to it (tile_to_shape)",
                t.atom.name
            ),
            span,
        )
    })?;
    let u128 = crate::algebra::recast::Recast::new(128, bits)
        .and_then(|r| r.layout(l))
        .map_err(alg)?;
    let one = Layout::new(IntTuple::int(1), IntTuple::int(0)).map_err(alg)?;
    let frg = crate::algebra::layout_ops::replace(&u128, &one, 0).map_err(alg)?;
    let desc = Pointer::new(
        MemSpace::Descriptor(kind),
        ElementWidth::Bits(64),
        PtrBase::Null,
    )
    .map_err(alg)?;
    Ok(Value::offset_layout(Origin::Ptr(desc), frg))
}

/// make_gmma_desc<Major>(tensor<0>(T))'s checks, or make_umma_desc's for a UMMA atom
/// (atoms::gmma_desc), on the MMA's operand tile, the operand's majorness read off the atom's
/// name (`SM90_…<MN,K>`, a `_TN` atom's K and K; `SM100_MMA_…<…, a_major, b_major>`).
fn canonical_operand(
    t: &TiledMma,
    op: Operand,
    p: &crate::algebra::pointer::Pointer,
    l: &Layout,
    bits: i64,
) -> Result<(), String> {
    use crate::algebra::smem_atoms::Major;
    let name = t.atom.name.as_str();
    let b = usize::from(op == Operand::B);
    let umma = atoms::umma::operand_majors(name);
    let operand_major = match umma {
        Some(majors) => majors[b],
        None => {
            let majors: Vec<&str> = name
                .split_once('<')
                .map(|(_, a)| a.trim_end_matches('>').split(',').map(str::trim).collect())
                .unwrap_or_default();
            majors
                .get(b)
                .map(|m| m.rsplit("::").next().unwrap_or(m))
                .unwrap_or("K")
        }
    };
    let major = if !name.contains("_TN") && operand_major == "MN" {
        Major::MN
    } else {
        Major::K
    };
    // tensor<0>(T): the MMA's operand tile
    let tile = l.mode(0).map_err(|e| e.to_string())?;
    let swizzle = p.swizzle.map(|s| s.get());
    if umma.is_some() {
        atoms::gmma_desc::make_umma_desc(major, swizzle, &tile, bits).map(|_| ())
    } else {
        atoms::gmma_desc::make_gmma_desc(major, swizzle, &tile, bits).map(|_| ())
    }
}

/// A register fragment of a tiled MMA's operand: the owning tensor of the atom's value type
/// for it (`ValTypeA`, `ValTypeB`, `ValTypeC`; CuTe's `FrgType`) over `frg`, printed as CuTe
/// prints an owning tensor (`ptr[16b](stack) o …`).
fn owning_fragment(
    t: &TiledMma,
    op: Operand,
    frg: Layout,
    of: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    use crate::algebra::pointer::{MemSpace, Pointer, PtrBase};
    // of a layout, a shape or a counting tensor (no memory: CuTe asks for a tensor), the
    // fragment's layout, as make_fragment_like of a layout gives
    if !matches!(
        of,
        Value::OffsetLayout(Origin::Ptr(_), _) | Value::SwizzledTensor(Origin::Ptr(_), _)
    ) {
        return Ok(Value::Layout(frg));
    }
    let Some(types) = t.atom.value_types() else {
        return Err(EvalError::new(
            format!(
                "the value types of {} are not in cute's catalog, so its fragment's element type is not known",
                t.atom.name
            ),
            span,
        ));
    };
    let ty = match op {
        // FrgTypeA where the traits define one apart from ValTypeA (mma_traits.hpp's
        // FrgTypeA_or_Default): SM120's sparse 16x8x64 atoms consume A as sparse_elem<2, uint8_t>
        Operand::A if t.atom.name.contains("SM120_SPARSE_16x8x64_TN") => "sparse_elem<2,uint8_t>",
        Operand::A => types[1],
        Operand::B => types[2],
        _ => types[3],
    };
    // of a structured-sparse operand (sparse_elem<S,T>), the array's iterator is a sparse_ptr
    let p = Pointer::of_element(MemSpace::Raw, ty, PtrBase::Stack, true)
        .map_err(|e| EvalError::algebra(e, span))?
        .with_type_name(ty);
    Ok(Value::offset_layout(Origin::Ptr(p), frg))
}

/// An UMMA accumulator: `make_tensor<FrgTypeC>(shape)`, CuTe's `UMMA::tmem_frg::make`, a
/// tensor in tensor memory (`None` for an atom whose C lives in registers).
pub(crate) fn tmem_fragment(
    t: &TiledMma,
    shape: &crate::algebra::Tup,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let frg = atoms::tmem::TmemFrg::of_c(&t.atom)?;
    Some(
        frg.make(&shape.to_owned())
            .map(|(p, l)| Value::offset_layout(Origin::Ptr(p), l))
            .map_err(|e| EvalError::algebra(e, span)),
    )
}

/// The members `x.name(...)` of values, for help and completion: (name, signature, what it
/// computes). The atoms' data fields are listed by `field_names`.
pub static MEMBERS: &[(&str, &str, &str)] = &[
    (
        "thread",
        "TILED.thread(t) | TILED.get_slice(t)",
        "thread t's slice of a tiled MMA or tiled copy",
    ),
    (
        "partition_A",
        "THR_MMA.partition_A(T)",
        "thread's part of an (M,K) tensor: (FrgV, RestM, RestK), OFFSET o LAYOUT",
    ),
    (
        "partition_B",
        "THR_MMA.partition_B(T)",
        "thread's part of an (N,K) tensor",
    ),
    (
        "partition_C",
        "THR_MMA.partition_C(T)",
        "thread's part of an (M,N) tensor",
    ),
    (
        "partition_fragment_A",
        "THR_MMA.partition_fragment_A(T)",
        "the register fragment of partition_A(T): make_fragment_like of it",
    ),
    (
        "partition_fragment_B",
        "THR_MMA.partition_fragment_B(T)",
        "the register fragment of partition_B(T)",
    ),
    (
        "partition_fragment_C",
        "THR_MMA.partition_fragment_C(T)",
        "the accumulator fragment: compact column-major of partition_C(T)'s shape",
    ),
    (
        "make_fragment_A",
        "TILED_MMA.make_fragment_A(T)",
        "the owning register tensor of ValTypeA like a partitioned A (make_fragment_like)",
    ),
    (
        "make_fragment_B",
        "TILED_MMA.make_fragment_B(T)",
        "the owning register tensor of ValTypeB like a partitioned B",
    ),
    (
        "make_fragment_C",
        "TILED_MMA.make_fragment_C(T)",
        "the owning accumulator of ValTypeC over T's shape, column-major",
    ),
    (
        "thrfrg_A",
        "TILED_MMA.thrfrg_A(L)",
        "(M,K) to ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))",
    ),
    (
        "thrfrg_B",
        "TILED_MMA.thrfrg_B(L)",
        "(N,K) to ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK)))",
    ),
    (
        "thrfrg_C",
        "TILED_MMA.thrfrg_C(L)",
        "(M,N) to ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))",
    ),
    (
        "thrfrg_E",
        "TILED_MMA.thrfrg_E(L)",
        "a sparse MMA's metadata (M,K) to ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK))): thrfrg_A over the atom's ELayout (CUTLASS's sparse collectives)",
    ),
    (
        "partition_E",
        "THR_MMA.partition_E(T)",
        "thread's part of a sparse MMA's (M,K) metadata tensor, by thrfrg_E (CUTLASS's SM90 sparse collective's partition_E)",
    ),
    (
        "permutation_mnk",
        "TILED_MMA.permutation_mnk<I>()",
        "the permutation of mode I (its extent when it is `_`)",
    ),
    (
        "tile_size_mnk",
        "TILED_MMA.tile_size_mnk<I>() | TILED_MMA.tile_size_mnk(I)",
        "the extent of mode I of the tile",
    ),
    (
        "get_tile_size",
        "TILED_MMA.get_tile_size(I)",
        "the extent of mode I of the tile (the CuTe DSL's name of tile_size_mnk)",
    ),
    (
        "partition_shape_A",
        "TILED_MMA.partition_shape_A(SHAPE)",
        "the shape of a thread's part of an (M,K) tensor of SHAPE: (FrgV, RestM, RestK)",
    ),
    (
        "partition_shape_B",
        "TILED_MMA.partition_shape_B(SHAPE)",
        "the shape of a thread's part of an (N,K) tensor of SHAPE",
    ),
    (
        "partition_shape_C",
        "TILED_MMA.partition_shape_C(SHAPE)",
        "the shape of a thread's part of an (M,N) tensor of SHAPE",
    ),
    (
        "partition",
        "TV_TILER.get_slice(w).partition(T)",
        "slice w's part of T by a TV tiler (make_tmem_warp_partitioner): apply(T)(w, repeat<rank(T)>(_))",
    ),
    (
        "apply",
        "TV_TILER.apply(T)",
        "T tiled by a TV tiler: zipped_divide(T, Tiler_MN).compose(TiledLayout_TV, _), ((ThrV,FrgV),(RestM,RestN,...))",
    ),
    (
        "partition_S",
        "THR_COPY.partition_S(T)",
        "thread's part of the source tensor: (CopyV, RestM, RestN)",
    ),
    (
        "partition_D",
        "THR_COPY.partition_D(T)",
        "thread's part of the destination tensor",
    ),
    (
        "retile_S",
        "THR_COPY.retile_S(FRAGMENT)",
        "a fragment regrouped into the copy's values per atom: ((AtomVal, RestVal), RestM, RestN)",
    ),
    (
        "retile_D",
        "THR_COPY.retile_D(FRAGMENT)",
        "the same as retile_S",
    ),
    (
        "tidfrg_S",
        "TILED_COPY.tidfrg_S(L)",
        "(M,N) to (Thr,(FrgV,FrgX),(RestM,RestN)), source side",
    ),
    (
        "tidfrg_D",
        "TILED_COPY.tidfrg_D(L)",
        "the same, destination side",
    ),
    (
        "with_shape",
        "L.with_shape(SHAPE)",
        "composition(L, make_layout(SHAPE))",
    ),
    (
        "layout",
        "T.layout()",
        "a tensor's layout (of a layout: itself)",
    ),
    (
        "data",
        "T.data()",
        "a tensor's iterator: its offset, or an identity tensor's ArithTuple",
    ),
    (
        "get_hier_coord",
        "L.get_hier_coord(i)",
        "the hierarchical coordinate of index i in L's codomain",
    ),
    (
        "get_flat_coord",
        "L.get_flat_coord(i)",
        "the coordinate of index i, one integer per top-level mode",
    ),
    (
        "get_1d_coord",
        "L.get_1d_coord(i)",
        "the column-major 1-D coordinate of index i",
    ),
    (
        "compose",
        "L.compose(B...)",
        "composition(L, B) (by mode with several)",
    ),
    (
        "tile",
        "L.tile(B...)",
        "tiled_divide(L, B) (by mode with several)",
    ),
    (
        "get_tma_tensor",
        "TMA_COPY.get_tma_tensor(SHAPE)",
        "the TMA's coordinate tensor of a gmem tensor of SHAPE: ArithTuple(_0,...) o SHAPE:(basis strides of the TMA's modes)",
    ),
];

/// Each member's worked example, a statement calling it: `cute help NAME` shows it with its
/// result, computed then (as a function's example).
pub static MEMBER_EXAMPLES: &[(&str, &str)] = &[
    (
        "thread",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_C((32,32))",
    ),
    (
        "partition_A",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_A((64,32))",
    ),
    (
        "partition_B",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_B((64,32))",
    ),
    (
        "partition_C",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_C((64,64))",
    ),
    (
        "partition_fragment_A",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_fragment_A((64,32))",
    ),
    (
        "partition_fragment_B",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_fragment_B((64,32))",
    ),
    (
        "partition_fragment_C",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_fragment_C((64,64))",
    ),
    (
        "make_fragment_A",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).make_fragment_A(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_A((64,32)))",
    ),
    (
        "make_fragment_B",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).make_fragment_B(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_B((64,32)))",
    ),
    (
        "make_fragment_C",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).make_fragment_C(tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_C((64,64)))",
    ),
    (
        "thrfrg_A",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thrfrg_A((32,16))",
    ),
    (
        "thrfrg_B",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thrfrg_B((16,16))",
    ),
    (
        "thrfrg_C",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thrfrg_C((32,16))",
    ),
    (
        "thrfrg_E",
        "tiled_mma(SM90::GMMA::SPARSE::GMMA_64x16x32_F16F16F16_SS<K,K>, (2,1,1)).thrfrg_E((128,64))",
    ),
    (
        "partition_E",
        "tiled_mma(SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e4m3_t,float>, (2,2,1)).thread(5).partition_E((64,128))",
    ),
    (
        "permutation_mnk",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).permutation_mnk<0>()",
    ),
    (
        "tile_size_mnk",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).tile_size_mnk<1>()",
    ),
    (
        "get_tile_size",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).get_tile_size(0)",
    ),
    (
        "partition_shape_A",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).partition_shape_A((64,32))",
    ),
    (
        "partition_shape_B",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).partition_shape_B((64,32))",
    ),
    (
        "partition_shape_C",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).partition_shape_C((64,64))",
    ),
    (
        "partition",
        "make_tmem_warp_partitioner(make_tmem_ptr<float>(0) o (128,64):(65536,1)).get_slice(1).partition(make_tmem_ptr<float>(0) o (128,64):(65536,1))",
    ),
    ("apply", "make_tiler_impl(4:1, (4:32,1:0)).apply((128,64))"),
    (
        "partition_S",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(3).partition_S((32,128))",
    ),
    (
        "partition_D",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(3).partition_D((32,128))",
    ),
    (
        "retile_S",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(3).retile_S((8,1,2))",
    ),
    (
        "retile_D",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(3).retile_D((8,1,2))",
    ),
    (
        "tidfrg_S",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).tidfrg_S((16,64))",
    ),
    (
        "tidfrg_D",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).tidfrg_D((16,64))",
    ),
    ("with_shape", "(4,8):(1,4).with_shape((2,16))"),
    ("layout", "local_tile((8,24):(1,8), (4,8), (1,2)).layout()"),
    ("data", "local_tile((8,24):(1,8), (4,8), (1,2)).data()"),
    ("get_hier_coord", "(4,(2,4)):(8,(1,2)).get_hier_coord(13)"),
    ("get_flat_coord", "(4,(2,4)):(8,(1,2)).get_flat_coord(13)"),
    ("get_1d_coord", "(4,(2,4)):(8,(1,2)).get_1d_coord(13)"),
    (
        "get_tma_tensor",
        "make_tma_copy(SM90_TMA_LOAD, make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(1024,256), make_stride(256, Int<1>{})), Layout<Shape<_64,_32>,Stride<_32,_1>>{}).get_tma_tensor(make_shape(1024,256))",
    ),
    ("compose", "(4,8):(1,4).compose(2:1, 4:2)"),
    ("tile", "(4,8):(1,4).tile(2:1, 4:2)"),
];

/// A member's signature, what it computes and its worked example ([`MEMBER_EXAMPLES`]).
pub fn member(name: &str) -> Option<(&'static str, &'static str, &'static str)> {
    let (_, sig, what) = MEMBERS.iter().find(|(n, _, _)| *n == name)?;
    let example = MEMBER_EXAMPLES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, e)| e);
    Some((sig, what, example))
}

fn atom_field(a: &Atom, name: &str, span: Span) -> Option<Result<Value, EvalError>> {
    let alg = |e| EvalError::algebra(e, span);
    let lay = |r: crate::algebra::Result<Layout>| Some(r.map(Value::Layout).map_err(alg));
    match a {
        Atom::Mma(m) => match name {
            // (the CuTe DSL's names of the fields after CuTe C++'s)
            "ThrID" | "thr_id" => lay(Ok(m.thr_id.clone())),
            "Shape_MNK" | "shape_mnk" => Some(Ok(Value::IntTuple(m.shape_mnk.clone()))),
            "ALayout" | "LayoutA_TV" => lay(Ok(m.a.clone())),
            "tv_layout_A" => lay(Ok(m.dsl_tv(&m.a))),
            "BLayout" | "LayoutB_TV" => lay(Ok(m.b.clone())),
            "tv_layout_B" => lay(Ok(m.dsl_tv(&m.b))),
            "CLayout" | "LayoutC_TV" => lay(Ok(m.c.clone())),
            "tv_layout_C" => lay(Ok(m.dsl_tv(&m.c))),
            // a structured-sparse MMA's metadata layout (MMA_Traits<X>::ELayout)
            "ELayout" => Some(m.e.clone().map(Value::Layout).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "{} is not a structured-sparse MMA with a metadata layout: its MMA_Traits define no ELayout (SM90's sparse GMMA, SM90::GMMA::SPARSE::GMMA_..., and SM120's SM120_SPARSE_... do)",
                        m.name
                    ),
                    span,
                )
            })),
            // SM120's block-scaled mma.sync: its scale factors' layouts, type and vector size
            "SFALayout" | "SFBLayout" | "ValTypeSF" | "SFVecSize" => {
                Some(m.scale_factors().ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "{} has no {name}: its MMA_Traits are not a block-scaled mma.sync's (SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<…>, SM120_16x8x64_TN_VS<…> and the sparse SM120_SPARSE_16x8x64_TN_VS / _16x8x128_TN_VS define them)",
                            m.name
                        ),
                        span,
                    )
                }).map(|(sfa, sfb, sf, vs)| match name {
                    "SFALayout" => Value::Layout(sfa),
                    "SFBLayout" => Value::Layout(sfb),
                    "ValTypeSF" => Value::Name(sf),
                    // `constexpr static int SFVecSize`: an int, not an Int<VS>
                    _ => Value::IntTuple(IntTuple::int_of(vs, true)),
                }))
            }
            "ValTypeD" | "ValTypeA" | "ValTypeB" | "ValTypeC" | "ValTypeE" => {
                Some(m.value_type(name).map(|t| Value::Name(t.to_string())).ok_or_else(|| {
                    let why = if name == "ValTypeE" && m.row().is_some() {
                        "it is not a structured-sparse MMA with metadata"
                    } else {
                        "cute's catalog does not hold its value types"
                    };
                    EvalError::new(format!("{} has no {name}: {why}", m.name), span)
                }))
            }
            _ => None,
        },
        Atom::TiledMma(t) => match name {
            "get_layoutA_TV" | "tv_layout_A_tiled" => lay(t.layout_tv(Operand::A)),
            "get_layoutB_TV" | "tv_layout_B_tiled" => lay(t.layout_tv(Operand::B)),
            "get_layoutC_TV" | "tv_layout_C_tiled" => lay(t.layout_tv(Operand::C)),
            // a structured-sparse atom's metadata (CUTLASS's sparse collectives' get_layoutE_TV)
            "get_layoutE_TV" => lay(t.layout_tv_e()),
            "ThrLayoutVMNK" | "get_thr_layout_vmnk" | "thr_layout_vmnk" => {
                lay(Ok(t.thr_layout_vmnk.clone()))
            }
            "AtomLayoutMNK" => lay(Ok(t.thr_layout_mnk.clone())),
            // `typename TiledMMA::AtomThrID`, `AtomLayoutA_TV`, …: the atom's ThrID, TV layouts
            // and shape (mma_atom.hpp's TiledMMA: `using AtomLayoutA_TV = typename
            // MMA_Atom::LayoutA_TV;`)
            "AtomThrID" => lay(Ok(t.atom.thr_id.clone())),
            "AtomLayoutA_TV" => lay(Ok(t.atom.a.clone())),
            "AtomLayoutB_TV" => lay(Ok(t.atom.b.clone())),
            "AtomLayoutC_TV" => lay(Ok(t.atom.c.clone())),
            "AtomShape_MNK" => Some(Ok(Value::IntTuple(t.atom.shape_mnk.clone()))),
            "PermutationMNK" | "permutation_mnk" => Some(Ok(Value::Tuple(
                t.perm
                    .iter()
                    .map(|p| match p {
                        Some(tl) => tiler_value(tl),
                        None => Value::Under,
                    })
                    .collect(),
            ))),
            "tile_shape" | "tile_size" => Some(t.tile_shape().map(Value::IntTuple).map_err(alg)),
            "size" => Some(t.num_threads().map(Value::int).map_err(alg)),
            _ if name.starts_with("permutation_mnk<") || name.starts_with("tile_size_mnk<") => {
                let (base, rest) = name.split_once('<')?;
                let i = rest
                    .strip_suffix('>')
                    .map(|x| x.trim_start_matches('_'))
                    .and_then(|x| x.parse::<usize>().ok())
                    .filter(|i| *i < 3);
                let Some(i) = i else {
                    return Some(Err(EvalError::new(
                        format!("{base}<I> takes a mode I of 0 (M), 1 (N) or 2 (K): got {name}"),
                        span,
                    )));
                };
                Some(if base == "permutation_mnk" {
                    t.permutation_mnk(i).map(|p| tiler_value(&p)).map_err(alg)
                } else {
                    t.tile_size_mnk(i).map(Value::int).map_err(alg)
                })
            }
            _ => atom_field(&Atom::Mma(t.atom.clone()), name, span),
        },
        Atom::ThrMma(t, thr) => match name {
            "thr_vmnk" => Some(
                t.thr_vmnk(thr.value)
                    .map(|c| Value::IntTuple(c.into_iter().map(IntTuple::int).collect()))
                    .map_err(alg),
            ),
            "thr_idx" => Some(Ok(Value::IntTuple(IntTuple::of_int(*thr)))),
            _ => atom_field(&Atom::TiledMma(t.clone()), name, span),
        },
        Atom::Copy(c) => match name {
            "ThrID" | "thr_id" => lay(Ok(c.thr_id.clone())),
            "ValLayoutSrc" => lay(c.val_src()),
            "ValLayoutDst" => lay(c.val_dst()),
            "layout_src_tv" => lay(c.dsl_val(true)),
            "layout_dst_tv" => lay(c.dsl_val(false)),
            "ValLayoutRef" => lay(c.val_ref()),
            "SrcLayout" | "BitLayoutSrc" => lay(Ok(c.bit_src.clone())),
            "DstLayout" | "BitLayoutDst" => lay(Ok(c.bit_dst.clone())),
            "RefLayout" | "BitLayoutRef" => lay(Ok(c.bit_ref.clone())),
            "NumValSrc" => Some(c.num_val(true).map(Value::int).map_err(alg)),
            "NumValDst" => Some(c.num_val(false).map(Value::int).map_err(alg)),
            "ValID" => Some(atoms::tmem::val_id(&c.op).map(Value::Layout).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "{} has no ValID: only the traits of the TMEM loads and stores (SM100_TMEM_LOAD_*, SM100_TMEM_STORE_*) and UTCCP define one",
                        c.op
                    ),
                    span,
                )
            })),
            _ => tma_field(c, name, span),
        },
        Atom::TiledCopy(t) => match name {
            "Tiler_MN" => Some(Ok(tiler_value(&t.tiler))),
            // the DSL's tiler: a layout `N:1` for each extent
            "tiler_mn" => Some(dsl_tiler(&t.tiler).map_err(alg)),
            "TiledLayout_TV" | "layout_tv_tiled" => lay(Ok(t.layout_tv.clone())),
            "get_layoutS_TV" | "layout_src_tv_tiled" => lay(t.layout_tv_of(true)),
            "get_layoutD_TV" | "layout_dst_tv_tiled" => lay(t.layout_tv_of(false)),
            "size" | "TiledNumThr" => Some(t.num_threads().map(Value::int).map_err(alg)),
            "TiledNumVal" => Some(
                t.layout_tv
                    .mode(1)
                    .and_then(|m| m.size())
                    .map(Value::int)
                    .map_err(alg),
            ),
            _ => atom_field(&Atom::Copy(t.atom.clone()), name, span),
        },
        Atom::ThrCopy(t, thr) => match name {
            "thr_idx" => Some(Ok(Value::IntTuple(IntTuple::of_int(*thr)))),
            _ => atom_field(&Atom::TiledCopy(t.clone()), name, span),
        },
        Atom::TvTiler(t) => match name {
            "Tiler_MN" => Some(Ok(tiler_value(&t.tiler))),
            "TiledLayout_TV" => lay(Ok(t.layout_tv.clone())),
            _ => None,
        },
        Atom::TvSlice(t, idx) => match name {
            "coord" => Some(Ok(Value::int(*idx))),
            _ => atom_field(&Atom::TvTiler(t.clone()), name, span),
        },
    }
}

/// A tiled copy's tiler as the CuTe DSL gives it (`TiledCopy.tiler_mn`): each mode a layout,
/// an extent N the layout `N:1`.
fn dsl_tiler(t: &crate::algebra::Tiler) -> crate::algebra::Result<Value> {
    use crate::algebra::Tiler;
    Ok(match t {
        Tiler::Tuple(v) => Value::tuple(
            v.iter()
                .map(|m| match m {
                    Tiler::Int(n) => {
                        Layout::new(IntTuple::int(*n), IntTuple::int(1)).map(Value::Layout)
                    }
                    other => Ok(tiler_value(other)),
                })
                .collect::<crate::algebra::Result<Vec<_>>>()?,
        ),
        other => tiler_value(other),
    })
}

/// The TMA fields of an atom `make_tma_atom`/`make_tma_copy` made: `tma_box` (the box per TMA
/// dimension), `TmaGmemBasis` (box mode -> global modes), `tma_gmem_shape` and
/// `tma_gmem_stride` (the descriptor's global extents and byte strides), `NumBitsPerTMA`.
fn tma_field(c: &atoms::CopyAtom, name: &str, span: Span) -> Option<Result<Value, EvalError>> {
    let ints = |v: &[i64]| Value::IntTuple(v.iter().copied().map(IntTuple::int).collect());
    let t = c.tma.as_deref();
    match name {
        "NumBitsPerTMA" => c.tma_bits.map(|b| Ok(Value::int(b))),
        "tma_layout_vt" | "tma_traversal_strides" => {
            Some(match t.and_then(|t| t.im2col.as_deref()) {
                None => Err(EvalError::new(
                    format!("{name} is a field of an im2col TMA made by make_im2col_tma_copy"),
                    span,
                )),
                Some(i) => Ok(match name {
                    "tma_layout_vt" => Value::Layout(i.tma_layout_vt.clone()),
                    _ => ints(&i.traversal_strides),
                }),
            })
        }
        "tma_box" | "TmaGmemBasis" | "tma_gmem_shape" | "tma_gmem_stride" => Some(match t {
            None => Err(EvalError::new(
                format!("{name} is a field of a TMA atom made by make_tma_atom or make_tma_copy"),
                span,
            )),
            Some(t) if name == "TmaGmemBasis" && t.im2col.is_some() => Err(EvalError::new(
                format!(
                    "TmaGmemBasis is a tiled TMA's (AuxTmaParams); an im2col TMA's traits hold its descriptor and TMA tensor: its box's modes onto the global modes are tma_layout_vt = {}",
                    t.tma_gbasis
                ),
                span,
            )),
            Some(t) => Ok(match name {
                "tma_box" => ints(&t.box_shape),
                "TmaGmemBasis" => Value::Layout(t.tma_gbasis.clone()),
                "tma_gmem_shape" => ints(&t.gmem_shape),
                _ => ints(&t.gmem_stride_bytes),
            }),
        }),
        _ => None,
    }
}

fn tiler_value(t: &crate::algebra::Tiler) -> Value {
    use crate::algebra::Tiler;
    match t {
        Tiler::Layout(l) => Value::Layout((**l).clone()),
        Tiler::Int(n) => Value::int(*n),
        Tiler::Under => Value::Under,
        Tiler::Tuple(v) => Value::tuple(v.iter().map(tiler_value).collect()),
    }
}

/// The functions that build atom values (`mma_atom`, `tiled_mma`, `copy_atom`,
/// `make_tiled_copy[_A|_B|_C]`, `make_layout_tv`); arity is checked by the caller.
pub fn atom_function(
    name: &str,
    vals: &[Value],
    spans: &[Span],
    span: Span,
) -> Result<Value, EvalError> {
    let alg = |e| EvalError::algebra(e, span);
    let wrap = |a: Atom| Value::Atom(Box::new(a));
    match name {
        "mma_atom" => Ok(wrap(Atom::Mma(mma_arg(&vals[0], spans[0])?))),
        "tiled_mma" => {
            let atom = mma_arg(&vals[0], spans[0])?;
            // make_tiled_mma(X{}): MMAThrLayout = Layout<Shape<_1,_1,_1>>
            let thr = match vals.get(1) {
                Some(v) => to_layout(v, spans[1])?,
                None => Layout::column_major(IntTuple::of_ints(&[1, 1, 1])).map_err(alg)?,
            };
            let mut buf = crate::algebra::TilerBuf::new();
            let perm = match vals.get(2) {
                Some(v) => Some(to_tiler(v, spans[2], &mut buf)?),
                None => None,
            };
            TiledMma::new(atom, &thr, perm.as_ref())
                .map(|t| wrap(Atom::TiledMma(t)))
                .map_err(alg)
        }
        "copy_atom" => {
            // `Copy_Atom<Copy_Traits<OP>, T>`: copy_atom.hpp's `Copy_Atom<OP, T>` is its
            // `Copy_Atom<Copy_Traits<OP>, T>` (a TMA's traits of NumBitsPerTMA stay refused)
            let traits_op = match &vals[0] {
                Value::Atom(a) => match &**a {
                    Atom::Copy(c) if c.val_type.is_empty() && c.tma_bits.is_none() => {
                        Some(c.op.as_str())
                    }
                    _ => None,
                },
                _ => None,
            };
            let op = match traits_op {
                Some(op) => op,
                None => name_arg(
                    &vals[0],
                    spans[0],
                    "a copy operation, e.g. UniversalCopy<uint128_t>",
                )?,
            };
            let ty = name_arg(&vals[1], spans[1], "an element type, e.g. half_t")?;
            CopyAtom::new(op, ty)
                .map(|c| wrap(Atom::Copy(c)))
                .map_err(alg)
        }
        "copy_traits" => {
            let op = name_arg(
                &vals[0],
                spans[0],
                "a copy operation, e.g. SM75_U32x4_LDSM_N",
            )?;
            let bits = match vals.get(1) {
                Some(v) => Some(to_int(v, spans[1])?),
                None => None,
            };
            // `Copy_Traits<OP, NumBitsPerTMA, AuxParams>`: a TMA's traits name the auxiliary
            // parameters' type (AuxTmaParams<…>, or any type: the layouts do not read it)
            if let Some(aux) = vals.get(2) {
                let bare = op.trim_start_matches("cute::");
                let tma = crate::atoms::tma::TMA_COPY_OPS.contains(&bare)
                    || crate::atoms::im2col::IM2COL_OPS.contains(&bare);
                if !tma || !matches!(aux, Value::Name(_)) {
                    return Err(EvalError::new(
                        format!(
                            "Copy_Traits<OP, NumBits, AuxParams> is a TMA's traits: its third argument is the AuxParams type; {op} is not a TMA operation"
                        ),
                        spans[2],
                    ));
                }
            }
            CopyAtom::traits(op, bits)
                .map(|c| wrap(Atom::Copy(c)))
                .map_err(alg)
        }
        "make_tiled_copy" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let thr = to_layout(&vals[1], spans[1])?;
            let val = match vals.get(2) {
                Some(v) => to_layout(v, spans[2])?,
                None => Layout::trivial(),
            };
            TiledCopy::new(atom, thr, val)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tiled_copy_A" | "make_tiled_copy_B" | "make_tiled_copy_C" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let mma = tiled_mma_arg(&vals[1], spans[1])?;
            let op = match name {
                "make_tiled_copy_A" => Operand::A,
                "make_tiled_copy_B" => Operand::B,
                _ => Operand::C,
            };
            TiledCopy::from_mma(atom, op, mma)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tiled_copy_S" | "make_tiled_copy_D" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let other = tiled_copy_arg(&vals[1], spans[1])?;
            TiledCopy::from_copy(atom, name == "make_tiled_copy_S", other)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tiled_copy_C_atom" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let mma = tiled_mma_arg(&vals[1], spans[1])?;
            TiledCopy::mma_c_atom(atom, mma)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tiled_copy_tv" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let thr = to_layout(&vals[1], spans[1])?;
            let val = to_layout(&vals[2], spans[2])?;
            TiledCopy::new(atom, thr, val)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tiled_copy_impl" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let tv = to_layout(&vals[1], spans[1])?;
            let mut buf = crate::algebra::TilerBuf::new();
            let tiler = to_tiler(&vals[2], spans[2], &mut buf)?.into_owned();
            TiledCopy::from_layout_tv(atom, tv, tiler)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tiler_impl" => {
            let tv = to_layout(&vals[0], spans[0])?;
            let mut buf = crate::algebra::TilerBuf::new();
            let tiler = to_tiler(&vals[1], spans[1], &mut buf)?.into_owned();
            Ok(wrap(Atom::TvTiler(atoms::tmem::TvTiler::new(tv, tiler))))
        }
        "make_tmem_warp_partitioner" => {
            let (origin, layout) = tensor_arg(&vals[0], spans[0])?;
            let Origin::Ptr(ptr) = origin else {
                return Err(EvalError::new(
                    format!(
                        "make_tmem_warp_partitioner: Expected TMEM tensor (make_tensor(make_tmem_ptr<T>(), L), a UMMA accumulator), found a tensor over {origin}"
                    ),
                    spans[0],
                ));
            };
            atoms::tmem::make_tmem_warp_partitioner(&ptr, &layout)
                .map(|t| wrap(Atom::TvTiler(t)))
                .map_err(|e| EvalError::algebra(e, spans[0]))
        }
        "make_cotiled_copy" => {
            let atom = copy_arg(&vals[0], spans[0])?;
            let tv = to_layout(&vals[1], spans[1])?;
            let data = to_layout(&vals[2], spans[2])?;
            TiledCopy::cotiled(atom, tv, data)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tmem_copy" => {
            let (origin, layout) = tensor_arg(&vals[1], spans[1])?;
            let Origin::Ptr(ptr) = origin else {
                return Err(EvalError::new(
                    format!(
                        "make_tmem_copy takes a TMEM tensor (make_tensor(make_tmem_ptr<T>(), L), a UMMA accumulator), found a tensor over {origin}"
                    ),
                    spans[1],
                ));
            };
            let atom = match &vals[0] {
                // Copy_Atom<CopyOp, TEngine::value_type>: the tensor's element type (the
                // accumulator's, make_tmem_ptr<T>'s), or a type of its width where the
                // pointer was read from its print (the atom's layouts depend on nothing else)
                Value::Name(op) => {
                    let ty = atoms::tmem::value_type_of(&ptr).map_err(alg)?;
                    CopyAtom::new(op, &ty).map_err(alg)?
                }
                v => copy_arg(v, spans[0])?,
            };
            atoms::tmem::make_tmem_copy(atom, &ptr, &layout)
                .map(|t| wrap(Atom::TiledCopy(t)))
                .map_err(alg)
        }
        "make_tma_copy" | "make_tma_atom" => {
            let t = tma_args(name, vals, spans)?;
            if name == "make_tma_atom" {
                t.atom().map(|a| wrap(Atom::Copy(a))).map_err(alg)
            } else {
                TiledCopy::tma(t)
                    .map(|c| wrap(Atom::TiledCopy(c)))
                    .map_err(alg)
            }
        }
        "make_tma_atom_A_sm100"
        | "make_tma_atom_B_sm100"
        | "make_tma_copy_A_sm100"
        | "make_tma_copy_B_sm100"
        | "make_tma_copy_C_sm100" => {
            // `make_tma_atom_A_sm100<TmaInternalType>(…)`: the template argument comes first
            let plain = if name.starts_with("make_tma_atom") {
                6
            } else {
                5
            };
            let (internal, vals, spans) = if vals.len() > plain {
                (Some((&vals[0], spans[0])), &vals[1..], &spans[1..])
            } else {
                (None, vals, spans)
            };
            let TmaHead {
                op,
                gptr,
                glayout,
                swizzled,
                slayout,
            } = tma_head(vals, spans, "a TMA copy operation, e.g. SM90_TMA_LOAD")?;
            let internal = match internal {
                Some((ty, ty_span)) => tma_internal_type(name, ty, ty_span)?,
                None => None,
            };
            let mma_tiler = super::convert::to_int_tuple(&vals[3], spans[3])?;
            let mma = tiled_mma_arg(&vals[4], spans[4])?;
            let cluster = match vals.get(5) {
                // a cluster's layout (the tutorials' `cluster_layout_vmnk`): CuTe reads only
                // size<1>/size<2> of it, its shape's
                Some(Value::Layout(l)) => Some(l.shape().to_owned()),
                Some(v) => Some(super::convert::to_int_tuple(v, spans[5])?),
                None => None,
            };
            let t = crate::atoms::tma::TmaCopy::derive_atom_sm100(
                sm100_operand(name),
                op,
                gptr,
                glayout,
                swizzled,
                slayout,
                &mma_tiler,
                &mma,
                cluster.as_ref(),
                internal,
            )
            .map_err(alg)?;
            if cluster.is_some() {
                t.atom().map(|a| wrap(Atom::Copy(a))).map_err(alg)
            } else {
                TiledCopy::tma(t)
                    .map(|c| wrap(Atom::TiledCopy(c)))
                    .map_err(alg)
            }
        }
        "make_im2col_tma_atom_A_sm100" | "make_im2col_tma_atom_B_sm100" => {
            let operand = sm100_operand(name);
            let t = im2col_sm100_args(operand, vals, spans)?;
            t.atom().map(|a| wrap(Atom::Copy(a))).map_err(alg)
        }
        "make_im2col_tma_copy_A_sm100" | "make_im2col_tma_copy_B_sm100" => {
            let operand = sm100_operand(name);
            let t = im2col_sm100_args(operand, vals, spans)?;
            TiledCopy::tma(t)
                .map(|c| wrap(Atom::TiledCopy(c)))
                .map_err(alg)
        }
        "make_im2col_tma_copy" => {
            let t = im2col_args(vals, spans)?;
            TiledCopy::tma(t)
                .map(|c| wrap(Atom::TiledCopy(c)))
                .map_err(alg)
        }
        "make_layout_tv" => {
            let thr = to_layout(&vals[0], spans[0])?;
            let val = to_layout(&vals[1], spans[1])?;
            let (tiler, tv) = atoms::make_layout_tv(&thr, &val).map_err(alg)?;
            Ok(Value::Tuple(vec![
                Value::IntTuple(tiler),
                Value::Layout(tv),
            ]))
        }
        _ => Err(EvalError::new(
            format!("unknown atom function '{name}'"),
            span,
        )),
    }
}

/// The operand an SM100 TMA builder copies, by its name (`make_tma_copy_C_sm100`: C).
fn sm100_operand(name: &str) -> crate::atoms::tiled_mma::Operand {
    use crate::atoms::tiled_mma::Operand;
    if name.contains("_A_") {
        Operand::A
    } else if name.contains("_B_") {
        Operand::B
    } else {
        Operand::C
    }
}

/// `make_tma_copy<TmaInternalType>(…)`, `make_tma_atom<…>`, `make_tma_atom_A_sm100<…>` (and
/// `_B_`, and the `make_tma_copy_*_sm100` forms): CuTe's TMA moves `TmaInternalType` elements
/// (`void`: the tensor's own, `GEngine::value_type`) of `recast<TmaInternalType>(gtensor)`,
/// `num_bits_per_tma = size(tma_gbasis) * sizeof_bits_v<TmaInternalType>`. `None`: `void`.
fn tma_internal_type(
    name: &str,
    ty: &Value,
    span: Span,
) -> Result<Option<crate::atoms::tma::TmaInternal>, EvalError> {
    let Value::Name(t) = ty else {
        return Err(expected(
            "a TmaInternalType, a type such as uint16_t or void",
            ty.kind(),
            span,
        ));
    };
    let t = t.trim();
    if t == "void" {
        return Ok(None);
    }
    let Some(bits) = crate::algebra::recast::element_bits(t) else {
        return Err(EvalError::new(
            format!(
                "{name}<TmaInternalType>: '{t}' is not an element type CuTe names (half_t, float, uint8_t, tfloat32_t, float_e4m3_t, ..., or void)"
            ),
            span,
        ));
    };
    Ok(Some(crate::atoms::tma::TmaInternal {
        name: t.to_string(),
        bits,
    }))
}

/// The arguments of `make_tma_copy(OP, GTENSOR, SLAYOUT[, CTA_TILER], [CLUSTER_SIZE])` (CuTe's
/// overloads: four arguments give the cluster size) and `make_tma_atom(OP, GTENSOR, SLAYOUT,
/// CTA_TILER[, CLUSTER_SIZE])`, derived into the TMA box.
fn tma_args(
    name: &str,
    vals: &[Value],
    spans: &[Span],
) -> Result<crate::atoms::tma::TmaCopy, EvalError> {
    // `make_tma_copy<TmaInternalType>(…)`: the template argument comes first, a type where
    // the operation follows
    let (internal, vals, spans) = match (vals.first(), vals.get(1)) {
        (Some(Value::Name(t)), Some(Value::Name(_)))
            if t.trim() == "void" || crate::algebra::recast::element_bits(t).is_some() =>
        {
            if name == "make_tma_copy" && vals.len() != 6 {
                return Err(EvalError::new(
                    format!(
                        "make_tma_copy<{t}>: CuTe's one make_tma_copy with a TmaInternalType takes 5 arguments, make_tma_copy<T>(OP, GTENSOR, SLAYOUT, CTA_TILER, CLUSTER_SIZE) (the shorter overloads take no template argument: no matching function)"
                    ),
                    spans[0],
                ));
            }
            (
                tma_internal_type(name, &vals[0], spans[0])?,
                &vals[1..],
                &spans[1..],
            )
        }
        _ => (None, vals, spans),
    };
    let TmaHead {
        op,
        gptr,
        glayout,
        swizzled,
        slayout,
    } = tma_head(vals, spans, "a TMA copy operation, e.g. SM90_TMA_LOAD")?;
    let atom_only = name == "make_tma_atom";
    if vals.len() > 5 {
        return Err(EvalError::new(
            format!(
                "{name} takes at most 5 arguments (OP, GTENSOR, SLAYOUT, CTA_TILER, CLUSTER_SIZE), got {}: a template argument before them is a TmaInternalType, an element type such as uint8_t",
                vals.len()
            ),
            spans[5],
        ));
    }
    let (tiler_at, cluster_at) = match (atom_only, vals.len()) {
        (false, 4) => (None, Some(3)),
        (_, 5) => (Some(3), Some(4)),
        (true, 4) => (Some(3), None),
        _ => (None, None),
    };
    let tiler = match tiler_at {
        Some(i) => {
            let mut buf = crate::algebra::TilerBuf::new();
            Some(to_tiler(&vals[i], spans[i], &mut buf)?.into_owned())
        }
        None => None,
    };
    let cluster = match cluster_at {
        Some(3) if !atom_only && vals[3].as_int().is_none() => {
            return Err(EvalError::new(
                format!(
                    "the fourth argument of make_tma_copy is the multicast cluster size (CuTe's overload), found {}; a CTA tiler goes before it: make_tma_copy(OP, GTENSOR, SLAYOUT, CTA_TILER, CLUSTER_SIZE)",
                    vals[3].kind()
                ),
                spans[3],
            ));
        }
        Some(i) => to_int(&vals[i], spans[i])?,
        None => 1,
    };
    let span = spans[0].to(spans[spans.len() - 1]);
    crate::atoms::tma::TmaCopy::derive(
        op, gptr, glayout, swizzled, slayout, tiler, cluster, atom_only, internal,
    )
    .map_err(|e| EvalError::algebra(e, span))
}

/// What an im2col TMA builder's first argument is.
const IM2COL_OP: &str = "an im2col TMA copy operation, e.g. SM90_TMA_LOAD_IM2COL";

/// The arguments of `make_im2col_tma_atom_A_sm100` / `_B_sm100` (13: OP, GTENSOR, SLAYOUT,
/// MMA_TILER, TILED_MMA, CLUSTER_SHAPE_VMNK and the convolution's 7 parameters).
fn im2col_sm100_args(
    operand: crate::atoms::tiled_mma::Operand,
    vals: &[Value],
    spans: &[Span],
) -> Result<crate::atoms::tma::TmaCopy, EvalError> {
    let TmaHead {
        op,
        gptr,
        glayout,
        swizzled,
        slayout,
    } = tma_head(vals, spans, IM2COL_OP)?;
    let mma_tiler = super::convert::to_int_tuple(&vals[3], spans[3])?;
    let mma = tiled_mma_arg(&vals[4], spans[4])?;
    // the copies (make_im2col_tma_copy_A/B_sm100) take no cluster shape: 12 arguments
    let (cluster, head) = if vals.len() == 13 {
        (Some(super::convert::to_int_tuple(&vals[5], spans[5])?), 6)
    } else {
        (None, 5)
    };
    let conv = conv_params(vals, spans, head)?;
    let span = spans[0].to(spans[vals.len() - 1]);
    crate::atoms::im2col::derive_atom_sm100(
        operand,
        op,
        gptr,
        glayout,
        swizzled,
        slayout,
        &mma_tiler,
        &mma,
        cluster.as_ref(),
        conv,
    )
    .map_err(|e| EvalError::algebra(e, span))
}

/// The convolution's 7 parameters of an im2col TMA from argument `head` on: one flat tuple
/// of integers each.
fn conv_params(
    vals: &[Value],
    spans: &[Span],
    head: usize,
) -> Result<crate::atoms::im2col::ConvParams, EvalError> {
    use crate::atoms::im2col::{CONV_PARAM_NAMES, ConvParams};
    let mut values: [Vec<i64>; 7] = Default::default();
    for (k, slot) in values.iter_mut().enumerate() {
        let i = head + k;
        let t = super::convert::to_int_tuple(&vals[i], spans[i])?;
        *slot = t.leaves().to_vec();
        if t.depth() > 1 {
            return Err(EvalError::new(
                format!(
                    "{} is a flat tuple of one integer per spatial mode, got {t}",
                    CONV_PARAM_NAMES[k]
                ),
                spans[i],
            ));
        }
    }
    Ok(ConvParams { values })
}

/// The arguments of `make_im2col_tma_copy(OP, GTENSOR, SLAYOUT[, CTA_TILER[, MULTICAST]][, the
/// convolution's 7 parameters])` (CuTe's overloads: 3, 4, 5, 10, 11 or 12 arguments), derived
/// into the im2col box.
fn im2col_args(vals: &[Value], spans: &[Span]) -> Result<crate::atoms::tma::TmaCopy, EvalError> {
    use crate::atoms::im2col::CONV_PARAM_NAMES;
    let n = vals.len();
    if !matches!(n, 3..=5 | 10..=12) {
        return Err(EvalError::new(
            format!(
                "make_im2col_tma_copy takes OP, GTENSOR, SLAYOUT, then an optional CTA_TILER and MULTICAST, then none or all 7 of the convolution's parameters ({}): 3, 4, 5, 10, 11 or 12 arguments, got {n}",
                CONV_PARAM_NAMES.join(", ")
            ),
            spans[0].to(spans[n - 1]),
        ));
    }
    let TmaHead {
        op,
        gptr,
        glayout,
        swizzled,
        slayout,
    } = tma_head(vals, spans, IM2COL_OP)?;
    let head = if n >= 10 { n - 7 } else { n };
    let tiler = if head >= 4 {
        let mut buf = crate::algebra::TilerBuf::new();
        Some(to_tiler(&vals[3], spans[3], &mut buf)?.into_owned())
    } else {
        None
    };
    let multicast = if head == 5 {
        to_int(&vals[4], spans[4])?
    } else {
        1
    };
    let conv = if n >= 10 {
        Some(conv_params(vals, spans, head)?)
    } else {
        None
    };
    let span = spans[0].to(spans[n - 1]);
    crate::atoms::im2col::derive(op, gptr, glayout, swizzled, slayout, tiler, multicast, conv)
        .map_err(|e| EvalError::algebra(e, span))
}

fn expected(what: &str, found: &str, span: Span) -> EvalError {
    EvalError::new(format!("expected {what}, found {found}"), span)
}

/// The head every TMA builder's arguments share: `OP` (a copy operation's name), `GTENSOR` (a
/// global-memory tensor: its pointer and layout) and `SLAYOUT` (the shared-memory layout, maybe
/// swizzled: the swizzled whole and its layout).
struct TmaHead<'a> {
    op: &'a str,
    gptr: crate::algebra::pointer::Pointer,
    glayout: crate::algebra::Layout,
    swizzled: Option<crate::algebra::ComposedLayout>,
    slayout: crate::algebra::Layout,
}

/// [`TmaHead`] of `vals` (`op_what` names the operation expected, for the error).
fn tma_head<'a>(
    vals: &'a [Value],
    spans: &[Span],
    op_what: &str,
) -> Result<TmaHead<'a>, EvalError> {
    use crate::algebra::tensor::Origin;
    let op = name_arg(&vals[0], spans[0], op_what)?;
    let (gptr, glayout) = match &vals[1] {
        Value::OffsetLayout(Origin::Ptr(p), l) => (p.clone(), (**l).clone()),
        other => {
            return Err(expected(
                "a global-memory tensor, make_tensor(make_gmem_ptr(static_cast<T*>(nullptr)), LAYOUT)",
                other.kind(),
                spans[1],
            ));
        }
    };
    let (swizzled, slayout) = match &vals[2] {
        Value::Composed(c) => (Some((**c).clone()), c.layout.clone()),
        v => (None, to_layout(v, spans[2])?),
    };
    Ok(TmaHead {
        op,
        gptr,
        glayout,
        swizzled,
        slayout,
    })
}

fn name_arg<'a>(v: &'a Value, span: Span, what: &str) -> Result<&'a str, EvalError> {
    match v {
        Value::Name(n) => Ok(n),
        // a TMA operation of the DSL (`cpasync.CopyBulkTensorTileG2SOp()`): its C++ operation
        Value::Op(op) if let crate::eval::nvgpu::OpKind::Tma(n) = op.kind => Ok(n),
        other => Err(expected(what, other.kind(), span)),
    }
}

fn mma_arg(v: &Value, span: Span) -> Result<atoms::MmaAtom, EvalError> {
    match v {
        Value::Name(n) => atoms::mma_atom(n).map_err(|e| EvalError::algebra(e, span)),
        // an MMA operation of the DSL (`warp.MmaF16BF16Op(…)`): the C++ atom it is
        Value::Op(op) => {
            atoms::mma_atom(op.mma_atom_name(span)?).map_err(|e| EvalError::algebra(e, span))
        }
        Value::Atom(a) => match a.as_ref() {
            Atom::Mma(m) => Ok(m.clone()),
            other => Err(expected("an MMA atom name", other.kind(), span)),
        },
        other => Err(expected(
            "an MMA atom name, e.g. SM80_16x8x16_F32BF16BF16F32_TN",
            other.kind(),
            span,
        )),
    }
}

/// A tiled MMA argument (or a thread's slice of one: its tiled MMA).
fn tiled_mma_arg(v: &Value, span: Span) -> Result<TiledMma, EvalError> {
    match v {
        Value::Atom(a) => match a.as_ref() {
            Atom::TiledMma(t) | Atom::ThrMma(t, _) => Ok(t.clone()),
            other => Err(expected("a tiled MMA", other.kind(), span)),
        },
        other => Err(expected("a tiled MMA", other.kind(), span)),
    }
}

/// A tiled copy argument (or a thread's slice of one: its tiled copy).
fn tiled_copy_arg(v: &Value, span: Span) -> Result<TiledCopy, EvalError> {
    match v {
        Value::Atom(a) => match a.as_ref() {
            Atom::TiledCopy(t) | Atom::ThrCopy(t, _) => Ok(t.clone()),
            other => Err(expected("a tiled copy", other.kind(), span)),
        },
        other => Err(expected("a tiled copy", other.kind(), span)),
    }
}

fn copy_arg(v: &Value, span: Span) -> Result<CopyAtom, EvalError> {
    match v {
        Value::Atom(a) => match a.as_ref() {
            Atom::Copy(c) => Ok(c.clone()),
            other => Err(expected("a copy atom", other.kind(), span)),
        },
        other => Err(expected(
            "a copy atom, e.g. copy_atom(UniversalCopy<uint128_t>, half_t)",
            other.kind(),
            span,
        )),
    }
}

/// The methods of a layout (CuTe's `Layout` members): `L.shape()`, `L.stride()`, `L.layout()`,
/// `L.compose(B...)`, `L.tile(B...)`, `L.with_shape(shape...)`, `L.get_hier_coord(i)`,
/// `L.get_flat_coord(i)`, `L.get_1d_coord(i)`.
fn layout_method(
    l: &Layout,
    name: &str,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    use crate::algebra::layout_ops as ops;
    let alg = |e| EvalError::algebra(e, span);
    let index = || -> Result<i64, EvalError> {
        match args {
            [v] => to_int(v, spans[0]),
            _ => Err(EvalError::new(
                format!("{name} takes one argument (an index), got {}", args.len()),
                span,
            )),
        }
    };
    // a function of the table applied to L and the arguments (several made one tuple, as
    // C++'s make_tile(layouts...) does)
    let table = |f: &str| -> Result<Value, EvalError> {
        let f = super::functions::lookup(f).expect("in the function table");
        let arg = match args {
            [] => {
                return Err(EvalError::new(
                    format!("{name} takes a layout or a tiler"),
                    span,
                ));
            }
            [one] => one.clone(),
            many => Value::tuple(many.to_vec()),
        };
        let arg_span = spans[0].to(*spans.last().expect("an argument"));
        super::functions::call(f, &[Value::Layout(l.clone()), arg], &[span, arg_span], span)
    };
    let r = match name {
        // C++'s members shape(), stride(), layout()
        "shape" if args.is_empty() => Ok(Value::IntTuple(l.shape().to_owned())),
        "stride" if args.is_empty() => Ok(Value::IntTuple(l.stride().to_owned())),
        "layout" if args.is_empty() => Ok(Value::Layout(l.clone())),
        // compose(B...) = composition(L, make_tile(B...)); tile(B...) = tiled_divide(L, make_tile(B...))
        "compose" => table("composition"),
        "tile" => table("tiled_divide"),
        "with_shape" => with_shape(l, args, spans, span),
        "get_hier_coord" => {
            index().and_then(|i| ops::get_hier_coord(l, i).map(Value::IntTuple).map_err(alg))
        }
        "get_flat_coord" => {
            index().and_then(|i| ops::get_flat_coord(l, i).map(Value::IntTuple).map_err(alg))
        }
        "get_1d_coord" => {
            index().and_then(|i| ops::get_1d_coord(l, i).map(Value::int).map_err(alg))
        }
        _ => return None,
    };
    Some(r)
}

/// The members of a tensor (CuTe's `Tensor`): `T.layout()`, `T.data()` (its iterator: the
/// counting offset, or an identity tensor's `ArithTuple`), `T.shape()`, `T.stride()`, `T.size()`,
/// and `T.compose(B...)`, `T.tile(B...)` (a view of the same data, as the functions on a tensor).
fn tensor_method(
    t: &Value,
    name: &str,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    use crate::algebra::tensor::Origin;
    // a layout composed with a layout (an im2col TMA's tensor, or the layout alone)
    if let Value::LayoutComposed(lc) = t {
        let part = |v: Value| Some(Ok(v));
        let layout_only = || {
            Value::LayoutComposed(Box::new(crate::algebra::layout_composed::ComposedTensor {
                origin: None,
                layout: lc.layout.clone(),
            }))
        };
        return match (name, args, &lc.origin) {
            ("layout", [], _) => part(layout_only()),
            ("data", [], Some(o)) => part(match o {
                Origin::Count(o) => Value::IntTuple(IntTuple::of_int(*o)),
                Origin::Counting(_) => Value::Iterator(o.clone()),
                Origin::Coord(c) => Value::ArithTuple(c.clone()),
                Origin::Ptr(p) => Value::Pointer(p.clone()),
                Origin::Transform(_) => Value::Iterator(o.clone()),
            }),
            ("layout_a", [], None) => part(super::functions::outer_value(&lc.layout)),
            ("offset", [], None) => part(Value::IntTuple(lc.layout.offset.clone())),
            ("layout_b", [], None) => part(super::functions::inner_value(&lc.layout.inner)),
            ("shape" | "size", [], _) => {
                let f = super::functions::lookup(name).expect("in the function table");
                Some(super::functions::call(
                    f,
                    std::slice::from_ref(t),
                    &[span],
                    span,
                ))
            }
            ("stride", [], _) => Some(Err(EvalError::new(
                "CuTe deletes ComposedLayout's stride() (error: use of deleted function): a composed layout has no strides; its layout_b() has",
                span,
            ))),
            _ => None,
        };
    }
    let (layout, data) = match t {
        Value::OffsetLayout(o, l) => (
            Value::Layout((**l).clone()),
            match o {
                Origin::Count(o) => Value::IntTuple(IntTuple::of_int(*o)),
                Origin::Counting(_) => Value::Iterator(o.clone()),
                Origin::Coord(c) => Value::ArithTuple(c.clone()),
                Origin::Ptr(p) => Value::Pointer(p.clone()),
                Origin::Transform(_) => Value::Iterator(o.clone()),
            },
        ),
        Value::SwizzledTensor(o, c) => (
            Value::Composed(c.clone()),
            match o {
                Origin::Count(o) => Value::IntTuple(IntTuple::of_int(*o)),
                Origin::Counting(_) => Value::Iterator(o.clone()),
                Origin::Coord(c) => Value::ArithTuple(c.clone()),
                Origin::Ptr(p) => Value::Pointer(p.clone()),
                Origin::Transform(_) => Value::Iterator(o.clone()),
            },
        ),
        _ => return None,
    };
    let table = |f: &str, vals: Vec<Value>, sp: Vec<Span>| -> Result<Value, EvalError> {
        let f = super::functions::lookup(f).expect("in the function table");
        super::functions::call(f, &vals, &sp, span)
    };
    let r = match (name, args) {
        ("layout", []) => Ok(layout),
        ("data", []) => Ok(data),
        ("shape" | "stride" | "size", []) => table(name, vec![t.clone()], vec![span]),
        ("compose" | "tile", [_, ..]) => compose_or_tile(name, t, args, spans, span),
        _ => return None,
    };
    Some(r)
}

/// The members of a composed layout (CuTe's `ComposedLayout<A,O,B>`, layout_composed.hpp):
/// `C.layout_a()`, `C.offset()`, `C.layout_b()` (its parts: for a composed layout of a composed
/// layout, B is the inner composed layout), `C.layout()` (itself), `C.shape()` (B's), and
/// `C.compose(B...)`, `C.tile(B...)`, `C.with_shape(s...)` (`composition(C, make_tile(B...))`,
/// `tiled_divide(C, make_tile(B...))`, `composition(C, make_layout(make_shape(s...)))`).
/// `C.stride()` is deleted in CuTe: an error that says so.
fn composed_method(
    c: &Value,
    name: &str,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    use crate::algebra::swizzle::NestedComposed;
    let (swizzle, offset, b) = match c {
        Value::Composed(c) => (c.swizzle, c.offset, Value::Layout(c.layout.clone())),
        Value::NestedComposed(n) => {
            let NestedComposed {
                swizzle,
                offset,
                inner,
            } = &**n;
            (*swizzle, *offset, Value::composed(inner.clone()))
        }
        _ => return None,
    };
    let table = |f: &str, vals: Vec<Value>, sp: Vec<Span>| -> Result<Value, EvalError> {
        let f = super::functions::lookup(f).expect("in the function table");
        super::functions::call(f, &vals, &sp, span)
    };
    let r = match (name, args) {
        ("layout_a", []) => Ok(Value::Swizzle(swizzle)),
        ("offset", []) => match offset.plain() {
            crate::algebra::swizzle::PlainOffset::Int(o) => {
                Ok(Value::IntTuple(IntTuple::of_int(o)))
            }
            crate::algebra::swizzle::PlainOffset::SmemPtr(_) => Ok(Value::Offset(offset)),
        },
        ("layout_b", []) => Ok(b),
        ("layout", []) => Ok(c.clone()),
        ("shape", []) => table("shape", vec![c.clone()], vec![span]),
        ("stride", []) => Err(EvalError::new(
            "CuTe deletes ComposedLayout's stride() (error: use of deleted function): a composed layout has no strides; C.layout_b() has",
            span,
        )),
        ("with_shape", [_, ..]) => {
            let shape = match args {
                [one] => one.clone(),
                many => Value::tuple(many.to_vec()),
            };
            let arg_span = spans[0].to(*spans.last().expect("an argument"));
            table("make_layout", vec![shape], vec![arg_span])
                .and_then(|l| table("composition", vec![c.clone(), l], vec![span, arg_span]))
        }
        ("compose" | "tile", [_, ..]) => compose_or_tile(name, c, args, spans, span),
        _ => return None,
    };
    Some(r)
}

/// `X.compose(B...)` / `X.tile(B...)` of a tensor or composed layout: `composition(X, B)` /
/// `tiled_divide(X, B)`, several arguments taken as one tile (by mode).
fn compose_or_tile(
    name: &str,
    x: &Value,
    args: &[Value],
    spans: &[Span],
    span: Span,
) -> Result<Value, EvalError> {
    let arg = match args {
        [one] => one.clone(),
        many => Value::tuple(many.to_vec()),
    };
    let arg_span = spans[0].to(*spans.last().expect("an argument"));
    let f = if name == "compose" {
        "composition"
    } else {
        "tiled_divide"
    };
    let f = super::functions::lookup(f).expect("in the function table");
    super::functions::call(f, &[x.clone(), arg], &[span, arg_span], span)
}

/// `L.with_shape(shape)` / `L.with_shape(s0, s1, ...)`: `composition(L, make_layout(shape))`.
fn with_shape(l: &Layout, args: &[Value], spans: &[Span], span: Span) -> Result<Value, EvalError> {
    let shape: IntTuple = match args {
        [] => {
            return Err(EvalError::new(
                "with_shape takes a shape (or its extents)",
                span,
            ));
        }
        [one] => super::convert::to_int_tuple(one, spans[0])?,
        many => many
            .iter()
            .zip(spans)
            .map(|(v, s)| super::convert::to_int_tuple(v, *s))
            .collect::<Result<IntTuple, _>>()?,
    };
    if let Some(bad) = shape.first_leaf(|s| s <= 0) {
        return Err(EvalError::new(
            format!("with_shape: shape {shape} has a non-positive extent {bad}"),
            span,
        ));
    }
    let b = Layout::column_major(shape).map_err(|e| EvalError::algebra(e, span))?;
    super::compose_values(
        &Value::Layout(l.clone()),
        span,
        &Value::Layout(b),
        span,
        span,
    )
}

/// A member of `Sm1xxBlockScaledConfig<VS>` (`Cfg::tile_atom_to_shape_SFA(problem)`,
/// `Cfg::SfAtom{}`), called with `call`'s arguments or named without: each member is what
/// [`atoms::blockscaled::CONFIG_MEMBERS`] says, a static member function the function of the
/// table it names, called with VS first.
fn blockscaled_config_member(
    vs: i64,
    name: &str,
    call: Option<(&[Value], &[Span])>,
    span: Span,
) -> Result<Value, EvalError> {
    use atoms::blockscaled::{self as bs, ConfigMember};
    let config = bs::config_name(vs);
    let Some(member) = bs::config_member(name) else {
        let known: Vec<&str> = bs::CONFIG_MEMBERS.iter().map(|(n, _)| *n).collect();
        return Err(EvalError::new(
            format!(
                "{config} has no member '{name}' that cute models (it models {})",
                known.join(", ")
            ),
            span,
        ));
    };
    match (member, call) {
        (ConfigMember::Function(f), Some((args, spans))) => {
            let function = super::functions::lookup(f).expect("a function of the table");
            let mut vals = Vec::with_capacity(args.len() + 1);
            vals.push(Value::int(vs));
            vals.extend(args.iter().cloned());
            let mut all = Vec::with_capacity(spans.len() + 1);
            all.push(span);
            all.extend_from_slice(spans);
            super::functions::call(function, &vals, &all, span)
        }
        (ConfigMember::Function(f), None) => Err(EvalError::new(
            format!("{config}::{f} is a static member function: call it, {f}(problem_shape)"),
            span,
        )),
        (ConfigMember::Deduced, _) => {
            let ab = if name.ends_with('B') { "B" } else { "A" };
            Err(EvalError::new(
                format!(
                    "{config}::{name}() is refused: CuTe's answer, LayoutSF{{}} (blocked_product(SfAtom, a layout of run-time extents value-initialised to 0)), has run-time extents of 0 (CuTe prints {}), and SPEC §3 says extents are at least 1 (size, shape_div, the complement and the laws rely on it). \
                     The form that works is {config}::tile_atom_to_shape_SF{ab}(shape), the layout for a problem shape (M,N,K) or (M,N,K,L): {config}::tile_atom_to_shape_SF{ab}(make_shape(256,256,512,1))",
                    bs::deduced_layout_print(vs),
                ),
                span,
            ))
        }
        (ConfigMember::SfAtom, Some((args, _))) if !args.is_empty() => Err(EvalError::new(
            format!(
                "{config}::SfAtom is a layout type: it takes no arguments ({config}::SfAtom{{}})"
            ),
            span,
        )),
        (ConfigMember::SfAtom, _) => bs::sf_atom(vs, false)
            .map(Value::Layout)
            .map_err(|e| EvalError::algebra(e, span)),
    }
}

/// The CuTe DSL's `AddressSpace` of a tensor's pointer (`t.memspace`), where cute knows it:
/// `generic` of a host array seen through `from_dlpack`, `rmem` of a register tensor, `gmem`,
/// `smem`, `tmem` of a pointer tagged so.
fn dsl_memspace(p: &crate::algebra::pointer::Pointer) -> Option<&'static str> {
    use crate::algebra::pointer::{MemSpace, PtrBase};
    Some(match (&p.base, p.space) {
        (PtrBase::Host { dlpack: true, .. }, _) => "generic",
        (PtrBase::Host { .. }, _) => return None,
        (PtrBase::Stack, MemSpace::Raw) => "rmem",
        (_, MemSpace::Gmem) => "gmem",
        (_, MemSpace::Smem) => "smem",
        (_, MemSpace::Tmem) => "tmem",
        _ => return None,
    })
}
