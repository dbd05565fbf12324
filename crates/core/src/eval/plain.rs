//! The one-line output notation (SPEC §3): what CuTe's `print()` prints, without static `_`.
//!
//! It lives in eval, below the renderers: a program's `print` (Python's, C++'s) and the
//! evaluator's error texts write values in it, and `render` ([`crate::render::plain`]) hands
//! it on as its plain format.

use std::fmt::Write as _;

use crate::eval::Value;

/// Render a value on one line.
pub fn render(v: &Value) -> String {
    let mut out = String::with_capacity(64);
    write_value(&mut out, v);
    out
}

/// A printing statement's line (`cute.printf`, `print`): its text pieces as written, its values
/// in this notation; it ends where the statement's output line ends (a value's trailing
/// newlines dropped; a string's kept: `cute.printf("…\n")` and `print("…\n")` end with a
/// blank line, as the DSL's and Python's line end follows them).
pub fn text_line(parts: &[crate::eval::TextPart]) -> String {
    text_line_with(parts, write_value)
}

/// [`text_line`] with the values written by `write` (a one-line notation: this one, or CuTe's
/// `print` in `--format cute`).
pub fn text_line_with(parts: &[crate::eval::TextPart], write: fn(&mut String, &Value)) -> String {
    let mut out = String::with_capacity(64);
    write_parts(&mut out, parts, write);
    while out.ends_with('\n') && !ends_with_text(parts) {
        out.pop();
    }
    out
}

/// Whether the line's last piece is text as written.
fn ends_with_text(parts: &[crate::eval::TextPart]) -> bool {
    match parts.last() {
        Some(crate::eval::TextPart::Str(s)) => {
            !s.is_empty() || ends_with_text(&parts[..parts.len() - 1])
        }
        Some(crate::eval::TextPart::Pieces(p) | crate::eval::TextPart::RunTime(p)) => {
            ends_with_text(p)
        }
        _ => false,
    }
}

/// Append a printing statement's pieces.
fn write_parts(out: &mut String, parts: &[crate::eval::TextPart], write: fn(&mut String, &Value)) {
    let out = &mut *out;
    for p in parts {
        match p {
            crate::eval::TextPart::Str(s) => out.push_str(s),
            crate::eval::TextPart::Value(v) => write(out, v),
            // in every format, as the DSL's printf prints it
            crate::eval::TextPart::Printf(v) => write_printf_value(out, v),
            // in every format, as the DSL's Python print prints it at trace time
            crate::eval::TextPart::Traced(v) => write_traced_value(out, v),
            crate::eval::TextPart::Pieces(pieces) | crate::eval::TextPart::RunTime(pieces) => {
                write_parts(out, pieces, write)
            }
        }
    }
}

/// A value as the CuTe DSL's `cute.printf` prints it at run time (checked with dsl-oracle):
/// integers, tuples and layouts as their integers' values, unmarked (`8`, `(2,4):(1,2)`,
/// `(2,3):(1@0,1@1)`: the notation of an all-static value); a truth value `1` or `0`; any other
/// value in the notation.
pub fn write_printf_value(out: &mut String, v: &Value) {
    match v {
        Value::Bool(b) => out.push(if *b { '1' } else { '0' }),
        Value::IntTuple(t) => t.with_kind(false).write_to(out),
        // a run-time `bool` (a comparison's answer): 1 or 0
        Value::Scalar(_) if let Some(n) = v.as_int() => out.push_str(&n.to_string()),
        Value::Layout(l) => {
            match crate::algebra::Layout::new(
                l.shape().with_kind(false),
                l.stride().with_kind(false),
            ) {
                Ok(l) => l.write_to(out),
                Err(_) => l.write_to(out),
            }
        }
        Value::Tuple(items) if items.len() > 1 => {
            write_tuple(out, items, write_printf_value);
        }
        v => write_value(out, v),
    }
}

/// The elements of a traced tuple or list, `, `-separated (a tuple of integers in Python's
/// form).
fn write_traced_items(out: &mut String, items: &[Value]) {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match e {
            Value::IntTuple(t) => write_python_tuple(out, t),
            // a run-time value of a numeric type, a jit function's argument (`Float32(?)`,
            // `Boolean(?)`)
            Value::Scalar(s)
                if !s.python
                    && let Some(name) = s.ty.dsl_type() =>
            {
                let _ = write!(out, "{name}(?)");
            }
            Value::Unknown(ty) if let Some(name) = ty.dsl_type() => {
                let _ = write!(out, "{name}(?)");
            }
            e => write_traced_value(out, e),
        }
    }
}

/// A value as Python's `print` prints it in a CuTe DSL `@cute.jit` function, at trace time
/// (checked with dsl-oracle): a static integer as it is, a run-time one `?` (its value is not
/// known when the DSL traces); a layout in the notation with its run-time integers `?`
/// (`(2,(1,6)):(1,(?,2))`); a shape, a coordinate or a tiler is a Python tuple, written as
/// Python writes one (`(3, 8)`, `(2, (Int32(?), 4))`, `(3:3, (2,4):(1,8))`); a truth value
/// `True` or `False`; a swizzle `S<3,3,3>`; a value of a numeric type (`cutlass.Float32(x)`) `?`.
pub fn write_traced_value(out: &mut String, v: &Value) {
    match v {
        Value::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
        // Python's None (cute's `_`: the DSL slices with None)
        Value::Under => out.push_str("None"),
        Value::IntTuple(t) => match t.as_int_kind() {
            // a scaled basis element (`cute.E(0)`, `cute.ScaledBasis(2, 0)`): `1@0`, `2@0`
            // (a run-time scale `?@1`)
            Some(_) if t.has_basis() => write_unknown_dynamic(out, |o| t.write_with_div(o)),
            Some((_, true)) => write_traced_dynamic_int(out, t),
            Some((n, false)) => {
                let _ = write!(out, "{n}");
            }
            None => write_python_tuple(out, t),
        },
        Value::Layout(l) => write_unknown_dynamic(out, |o| l.write_with_div(o)),
        Value::Tuple(items) => {
            out.push('(');
            write_traced_items(out, items);
            if items.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        Value::List(items) => {
            out.push('[');
            write_traced_items(out, items);
            out.push(']');
        }
        Value::Swizzle(s) => {
            let _ = write!(out, "S<{},{},{}>", s.bits, s.base, s.shift);
        }
        // a value of the DSL's numeric types (`cutlass.Float32(3.14)`, `x.to(cutlass.Int8)`)
        // is a run-time value
        Value::Scalar(s) if s.python => {
            out.push_str(&crate::eval::storage::python_float(s.value.as_f64()))
        }
        Value::Scalar(_) | Value::Unknown(_) => out.push('?'),
        Value::Atom(a) if write_traced_atom(out, v, a, 0) => {}
        // an identity tensor: its coordinate, then its layout
        Value::OffsetLayout(crate::algebra::tensor::Origin::Coord(c), l) => {
            out.push_str("tensor<");
            write_unknown_dynamic(out, |o| {
                let _ = write!(o, "{c}");
            });
            out.push_str(" o ");
            write_unknown_dynamic(out, |o| l.write_with_div(o));
            out.push('>');
        }
        Value::OffsetLayout(crate::algebra::tensor::Origin::Ptr(p), l)
            if let Some(head) = dsl_register_pointer(p) =>
        {
            let _ = write!(out, "tensor<{head} o ");
            write_unknown_dynamic(out, |o| l.write_with_div(o));
            out.push('>');
        }
        // a host array's pointer (`cute.runtime.make_ptr(T, a.ctypes.data)`): `ptr<f32, generic>`
        Value::Pointer(p) if let Some(head) = dsl_register_pointer(p) => out.push_str(&head),
        Value::Composed(c) => {
            write_traced_value(out, &Value::Swizzle(c.swizzle));
            out.push_str(" o ");
            match c.offset {
                // a run-time offset `?` (`?{div=8}`), as the DSL prints it
                crate::algebra::swizzle::Offset::Int(i) if i.dynamic() => {
                    write_unknown_dynamic(out, |o| {
                        crate::algebra::IntTuple::of_int(i).write_with_div(o)
                    })
                }
                offset => {
                    let _ = write!(out, "{offset}");
                }
            }
            out.push_str(" o ");
            write_traced_value(out, &Value::Layout(c.layout.clone()));
        }
        v => write_value(out, v),
    }
}

/// An atom as the CuTe DSL prints it at trace time (checked with dsl-oracle): `MMA Atom` with
/// its `ThrID`, `Shape MNK` and `TV Layout A/B/C`; `Tiled MMA` with `Thr Layout VMNK` and
/// `Permutation MNK` (each a layout, `_` where none), then its atom; `Copy Atom` with its
/// `ThrID`, `TV Layout Src/Dst` (in values) and `Value type` (`f16`); `Tiled Copy` with
/// `Tiler MN` and `TV Layout tiled`, then its atom. A thread's slice prints as its tiled
/// atom. The labels are padded to the longest of the value's (`pad`: the enclosing one's).
/// `false` for an atom the DSL prints otherwise (cute prints it in the notation).
fn write_traced_atom(out: &mut String, v: &Value, a: &crate::atoms::Atom, pad: usize) -> bool {
    use crate::atoms::Atom;
    let span = crate::parser::Span::new(0, 0);
    let line = |out: &mut String, label: &str, pad: usize, text: &str| {
        let _ = write!(out, "\n  {:<pad$}{text}", format!("{label}: "));
    };
    let field = |out: &mut String, label: &str, pad: usize, name: &str| {
        let mut text = String::new();
        match crate::eval::methods::field(v, name, span) {
            Ok(f) => write_value(&mut text, &f),
            Err(e) => text.push_str(&e.message),
        }
        line(out, label, pad, &text);
    };
    match a {
        Atom::Mma(_) => {
            let pad = pad.max("TV Layout A: ".len());
            out.push_str("MMA Atom");
            field(out, "ThrID", pad, "ThrID");
            field(out, "Shape MNK", pad, "Shape_MNK");
            // the DSL's fields (`tv_layout_A`), which it prints
            field(out, "TV Layout A", pad, "tv_layout_A");
            field(out, "TV Layout B", pad, "tv_layout_B");
            field(out, "TV Layout C", pad, "tv_layout_C");
        }
        Atom::TiledMma(m) | Atom::ThrMma(m, _) => {
            let pad = pad.max("Thr Layout VMNK: ".len());
            out.push_str("Tiled MMA");
            let vmnk = Value::Layout(m.thr_layout_vmnk.clone());
            let mut text = String::new();
            write_value(&mut text, &vmnk);
            line(out, "Thr Layout VMNK", pad, &text);
            let perm: Vec<String> = m
                .perm
                .iter()
                .map(|p| match p {
                    None => "_".to_string(),
                    Some(crate::algebra::Tiler::Int(n)) => format!("{n}:1"),
                    Some(t) => t.to_string(),
                })
                .collect();
            line(
                out,
                "Permutation MNK",
                pad,
                &format!("({})", perm.join(",")),
            );
            out.push('\n');
            let atom = Atom::Mma(m.atom.clone());
            write_traced_atom(out, &Value::Atom(Box::new(atom.clone())), &atom, pad);
        }
        Atom::Copy(c) => {
            let pad = pad.max("TV Layout Src: ".len());
            out.push_str("Copy Atom");
            field(out, "ThrID", pad, "ThrID");
            field(out, "TV Layout Src", pad, "layout_src_tv");
            field(out, "TV Layout Dst", pad, "layout_dst_tv");
            let ty = crate::eval::storage::ElemType::of_name(&c.val_type)
                .map(|t| t.dsl_name().to_string())
                .unwrap_or_else(|| format!("{}b", c.val_bits));
            line(out, "Value type", pad, &ty);
        }
        Atom::TiledCopy(t) | Atom::ThrCopy(t, _) => {
            let pad = pad.max("TV Layout tiled: ".len());
            out.push_str("Tiled Copy");
            let tiler = match &t.tiler {
                crate::algebra::Tiler::Tuple(modes) => modes
                    .iter()
                    .map(|m| match m {
                        crate::algebra::Tiler::Int(n) => format!("{n}:1"),
                        m => m.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(","),
                other => other.to_string(),
            };
            line(out, "Tiler MN", pad, &format!("({tiler})"));
            let mut text = String::new();
            write_value(&mut text, &Value::Layout(t.layout_tv.clone()));
            line(out, "TV Layout tiled", pad, &text);
            out.push('\n');
            let atom = Atom::Copy(t.atom.clone());
            write_traced_atom(out, &Value::Atom(Box::new(atom.clone())), &atom, pad);
        }
        Atom::TvTiler(_) | Atom::TvSlice(..) => return false,
    }
    true
}

/// A register tensor's pointer as the DSL prints it (`cute.make_rmem_tensor`, checked with
/// dsl-oracle): `ptr<f32, rmem, align<32>>`, the alignment the largest power of two, at most
/// 32 bytes, dividing its offset in bytes, written where it exceeds the element's size; `None`
/// for another pointer (cute prints it in the notation).
fn dsl_register_pointer(p: &crate::algebra::pointer::Pointer) -> Option<String> {
    use crate::algebra::pointer::{MemSpace, PtrBase};
    // a fake tensor's (cute.runtime.make_fake_compact_tensor): global or shared memory
    if let Some(head) = crate::eval::fake::traced_pointer_head(p) {
        return Some(head);
    }
    // a host array's (NumPy's, through from_dlpack): generic memory
    if let PtrBase::Host { .. } = p.base {
        let name = p.type_name.0.as_deref()?;
        let ty = crate::eval::storage::ElemType::of_name(name)
            .or_else(|| crate::eval::storage::ElemType::of_dsl(name))?;
        return Some(format!("ptr<{}, generic>", ty.dsl_name()));
    }
    if p.space != MemSpace::Raw || p.base != PtrBase::Stack || p.subbyte {
        return None;
    }
    let ty = crate::eval::storage::ElemType::of_name(p.type_name.0.as_deref()?)?;
    let bits = crate::algebra::recast::element_bits(ty.dsl_type()?)?;
    if bits < 8 {
        return None;
    }
    let bytes = bits / 8;
    let align = match p.offset.checked_mul(bytes) {
        Some(0) => 32,
        Some(b) => (1i64 << b.trailing_zeros().min(5)).min(32),
        None => bytes,
    };
    Some(if align > bytes {
        format!("ptr<{}, rmem, align<{align}>>", ty.dsl_name())
    } else {
        format!("ptr<{}, rmem>", ty.dsl_name())
    })
}

/// A Python tuple of integers as Python's `repr` writes it: `(2, (3, 4))`, a run-time integer
/// `Int32(?)`, a tuple of one `(3,)`.
pub fn write_python_tuple(out: &mut String, t: &crate::algebra::Tup) {
    if let Some((n, dynamic)) = t.as_int_kind() {
        if t.as_int_full().is_some_and(|i| i.is_i64()) {
            out.push_str("Int64(?)");
        } else if dynamic {
            out.push_str("Int32(?)");
        } else {
            let _ = write!(out, "{n}");
        }
        return;
    }
    out.push('(');
    for (i, m) in t.modes().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_python_tuple(out, m);
    }
    if t.rank() == 1 {
        out.push(',');
    }
    out.push(')');
}

/// A run-time integer as the DSL's Python `print` prints one alone (checked with dsl-oracle):
/// `?`, its divisibility after it, `?{div=4}`, as its low 32 bits, signed
/// (`?{div=-2147483648}` for 2^31, `?{div=0}` for 2^32, where a tuple's is whole); the 64-bit
/// one `?{i64 div=4}`, and `?` where nothing is known of it (a tuple's `?{i64}`).
fn write_traced_dynamic_int(out: &mut String, t: &crate::algebra::Tup) {
    if let Some(d) = t.as_int_full().and_then(|i| i.i64_divisibility()) {
        out.push('?');
        if d != 1 {
            let _ = write!(out, "{{i64 div={}}}", d as i32);
        }
        return;
    }
    if let Some(i) = t.as_int_full()
        && crate::algebra::integer::is_wide_div_kind(i.kind())
    {
        let _ = write!(out, "?{{div={}}}", i.divisibility() as i32);
        return;
    }
    write_unknown_dynamic(out, |o| t.write_with_div(o))
}

/// What `write` appends in the notation, each run-time integer (`6?`) written `?` (its
/// divisibility, `6?{div=3}`, kept: `?{div=3}`).
fn write_unknown_dynamic(out: &mut String, write: impl FnOnce(&mut String)) {
    let mut text = String::with_capacity(32);
    write(&mut text);
    let bytes = text.as_bytes();
    let mut digits = 0;
    for (i, c) in text.char_indices() {
        if c.is_ascii_digit() || (c == '-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            digits += 1;
            continue;
        }
        if c != '?' {
            out.push_str(&text[i - digits..i]);
        }
        digits = 0;
        out.push(c);
    }
    out.push_str(&text[text.len() - digits..]);
}

/// `(a,b,…)`: a tuple's items, each written by `write`, between parentheses and separated by
/// commas: the tuple of both one-line notations (the plain notation here, CuTe's `print()` in
/// `render::cute`).
pub fn write_tuple(out: &mut String, items: &[Value], write: fn(&mut String, &Value)) {
    out.push('(');
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, e);
    }
    out.push(')');
}

/// Append a value's notation to `out`.
pub fn write_value(out: &mut String, v: &Value) {
    let _ = match v {
        Value::IntTuple(t) => {
            t.write_to(out);
            Ok(())
        }
        Value::Bool(b) => write!(out, "{b}"),
        Value::Layout(l) => {
            l.write_to(out);
            Ok(())
        }
        Value::Under => write!(out, "_"),
        // a tuple of typed static integers (an integer sequence): the IntTuple it is
        Value::Tuple(_)
            if crate::eval::constant::is_typed(v)
                && let Ok(t @ Value::IntTuple(_)) =
                    crate::eval::constant::lowered(v, crate::parser::Span::new(0, 0)) =>
        {
            write_value(out, &t);
            Ok(())
        }
        // a tuple of one mode that is not an IntTuple (a one-mode tiler) prints as `<…>`:
        // CuTe's `(4:1)` would read back as the grouped value, not a tiler (SPEC §3)
        Value::Tuple(items) if items.len() == 1 => {
            out.push('<');
            write_value(out, &items[0]);
            out.push('>');
            Ok(())
        }
        Value::Tuple(items) => {
            write_tuple(out, items, write_value);
            Ok(())
        }
        other => {
            write_other(out, other);
            Ok(())
        }
    };
}

/// [`write_value`] of the rarer values, out of line (the commonest, layouts and tuples, stay
/// compact).
#[cold]
#[inline(never)]
fn write_other(out: &mut String, v: &Value) {
    let _ = match v {
        Value::Swizzle(s) => write!(out, "{s}"),
        Value::Composed(c) => write!(out, "{c}"),
        Value::NestedComposed(n) => write!(out, "{n}"),
        Value::LayoutComposed(t) => write!(out, "{t}"),
        Value::Offset(o) => write!(out, "{o}"),
        Value::Iterator(o) => write!(out, "{o}"),
        Value::SwizzleOffset(s, o) => write!(out, "{s} o {o}"),
        Value::OffsetLayout(o, l) => write!(out, "{o} o {l}"),
        Value::SwizzledTensor(o, c) => write!(out, "{o} o {c}"),
        Value::TensorSwizzle(o, s, None) => write!(out, "{o} o {s}"),
        Value::TensorSwizzle(o, s, Some(off)) => write!(out, "{o} o {s} o {off}"),
        Value::ArithTuple(c) => write!(out, "{}", crate::algebra::tensor::Origin::Coord(c.clone())),
        Value::Pointer(p) => write!(out, "{p}"),
        Value::Name(n) => write!(out, "{n}"),
        // an operation of the DSL as the DSL prints it
        Value::Op(op) => out.write_str(&op.printed),
        Value::Atom(a) => write!(out, "{a}"),
        Value::Scalar(s) if let Some(n) = s.run_time_int() => write!(out, "{n}?"),
        // a run-time `bool` (a comparison's answer): its 1 or 0, run-time
        Value::Scalar(_) if let Some(n) = v.as_int() => write!(out, "{n}?"),
        Value::Scalar(s) => write!(out, "{s}"),
        Value::Ssa(a) => out.write_str(&crate::eval::host::traced_text(a)),
        // a static integer in the notation: its value
        Value::Constant(c) => write!(out, "{}", c.value()),
        Value::Array(a) => {
            write_value(out, &Value::tuple(a.items.clone()));
            Ok(())
        }
        Value::Struct(s) => write!(out, "{}", s.described()),
        Value::FunctionComposed(f) => write!(out, "{}", f.text()),
        Value::Dict(d) => write!(out, "{}", Value::dict_text(d)),
        Value::Record(r) => write!(out, "{}", r.text()),
        Value::SymInt(s) => write!(out, "{}", s.text()),
        Value::TypedTensor(t) => write!(out, "{}", t.text()),
        Value::Ratio(r) => write!(out, "{}", r.text()),
        Value::Unknown(_) => out.write_str("?"),
        Value::RatioBasis(r, b) => write!(out, "{}{b}", r.text()),
        Value::List(_) => {
            write_traced_value(out, v);
            Ok(())
        }
        Value::FakeTensor(t) => write!(out, "{}", t.text()),
        Value::IntTuple(_) | Value::Bool(_) | Value::Layout(_) | Value::Under | Value::Tuple(_) => {
            write_value(out, v);
            Ok(())
        }
    };
}
