//! `--format cute`: a value exactly as CuTe C++'s `print()` prints it (SPEC §3) — `_4` for a
//! static integer, `4` for a dynamic one, `_1`/`_0` for truth values (static, as CuTe's
//! predicates on layouts give them), `Sw<3,4,3> o _0 o …` for a composed layout, a counting
//! tensor `counting_iter(132) o …`, an identity tensor `ArithTuple0 o …`. An output form only:
//! read back, every integer of it would be static.

use std::fmt::Write as _;

use crate::algebra::int_tuple::write_cute;
use crate::algebra::tensor::Origin;
use crate::algebra::{Layout, Offset, Tup};
use crate::eval::Value;

/// Render a value on one line, as CuTe prints it.
pub fn render(v: &Value) -> String {
    let mut out = String::with_capacity(64);
    write_value(&mut out, v);
    out
}

fn tup(out: &mut String, t: &Tup) {
    write_cute(out, t, None);
}

fn layout(out: &mut String, l: &Layout) {
    write_cute(out, l.shape(), Some(l.stride()));
}

/// An offset of a composed layout: CuTe's `_0` (a static integer), or `smem_ptr[16b](unset)`.
fn offset(out: &mut String, o: &Offset) {
    let _ = match o {
        Offset::Int(v) => write!(out, "_{v}"),
        Offset::SmemPtr(_) => write!(out, "{o}"),
    };
}

/// A tensor's iterator: `counting_iter(_132)`-free, as CuTe prints a counting iterator's value
/// (`counting_iter(132)`), or an arithmetic tuple `ArithTuple(_0,_0)`.
fn origin(out: &mut String, o: &Origin) {
    let _ = match o {
        Origin::Count(v) => write!(out, "counting_iter({v})"),
        Origin::Coord(c) => {
            out.push_str("ArithTuple");
            if c.is_int() {
                let _ = write!(out, "{}", c.as_int().unwrap_or(0));
            } else {
                tup(out, c);
            }
            Ok(())
        }
        Origin::Ptr(p) => write!(out, "{p}"),
    };
}

/// Append a value as CuTe prints it to `out`.
pub fn write_value(out: &mut String, v: &Value) {
    let _ = match v {
        Value::IntTuple(t) => {
            tup(out, t);
            Ok(())
        }
        Value::Bool(b) => write!(out, "{}", if *b { "_1" } else { "_0" }),
        Value::Layout(l) => {
            layout(out, l);
            Ok(())
        }
        Value::Under => write!(out, "_"),
        Value::Tuple(items) => {
            out.push('(');
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, e);
            }
            out.push(')');
            Ok(())
        }
        Value::Swizzle(s) => write!(out, "{s}"),
        Value::Composed(c) => {
            let _ = write!(out, "{} o ", c.swizzle);
            offset(out, &c.offset);
            out.push_str(" o ");
            layout(out, &c.layout);
            Ok(())
        }
        // as CuTe prints ComposedLayout<Sw, O, ComposedLayout<…>>: the stages one after another
        Value::NestedComposed(n) => {
            let _ = write!(out, "{} o ", n.swizzle);
            offset(out, &n.offset);
            let _ = write!(out, " o {} o ", n.inner.swizzle);
            offset(out, &n.inner.offset);
            out.push_str(" o ");
            layout(out, &n.inner.layout);
            Ok(())
        }
        Value::Offset(o) => {
            offset(out, o);
            Ok(())
        }
        Value::SwizzleOffset(s, o) => {
            let _ = write!(out, "{s} o ");
            offset(out, o);
            Ok(())
        }
        Value::OffsetLayout(o, l) => {
            origin(out, o);
            out.push_str(" o ");
            layout(out, l);
            Ok(())
        }
        Value::SwizzledTensor(o, c) => {
            origin(out, o);
            let _ = write!(out, " o {} o ", c.swizzle);
            offset(out, &c.offset);
            out.push_str(" o ");
            layout(out, &c.layout);
            Ok(())
        }
        Value::TensorSwizzle(o, s, off) => {
            origin(out, o);
            let _ = write!(out, " o {s}");
            if let Some(off) = off {
                out.push_str(" o ");
                offset(out, off);
            }
            Ok(())
        }
        Value::ArithTuple(c) => {
            origin(out, &Origin::Coord(c.clone()));
            Ok(())
        }
        Value::Name(n) => write!(out, "{n}"),
        Value::Pointer(p) => write!(out, "{p}"),
        Value::Atom(a) => write!(out, "{a}"),
    };
}
