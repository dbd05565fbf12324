//! `--format cute`: a value exactly as CuTe C++'s `print()` prints it (SPEC §3) — `_4` for a
//! static integer, `4` for a dynamic one, `_1`/`_0` for truth values (static, as CuTe's
//! predicates on layouts give them), `Sw<3,4,3> o _0 o …` for a composed layout, a counting
//! tensor `ArithTuple_132 o …` (CuTe's `make_inttuple_iter`), an identity tensor
//! `ArithTuple(_0,_0) o …`. An output form only:
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

/// A kinded integer as CuTe prints it: `_4` static, `4` dynamic.
fn int(out: &mut String, v: crate::algebra::Int) {
    let _ = if v.dynamic() {
        write!(out, "{}", v.value)
    } else {
        write!(out, "_{}", v.value)
    };
}

/// An offset of a composed layout: CuTe's `_0` (a static integer), `4` (a run-time one), a
/// `MixedBits` (`M_0|(16&16)=16`), or `smem_ptr[16b](unset)`.
fn offset(out: &mut String, o: &Offset) {
    match o {
        Offset::Int(v) => int(out, *v),
        // CuTe's print of a MixedBits: `M_S|(d&F)=v`
        Offset::Mixed { s, f, d } => {
            let _ = write!(out, "M_{s}|({d}&{f})={}", s | d);
        }
        Offset::SmemPtr(_) => {
            let _ = write!(out, "{o}");
        }
    }
}

/// A tensor's iterator as CuTe prints it: a counting tensor's `make_inttuple_iter(5)` is an
/// `ArithmeticTupleIterator` over an integer (`ArithTuple5`, of `Int<5>{}` `ArithTuple_5`), an
/// identity tensor's over a coordinate (`ArithTuple(_0,_0)`); a pointer.
fn origin(out: &mut String, o: &Origin) {
    match o {
        Origin::Count(v) => {
            out.push_str("ArithTuple");
            int(out, *v);
        }
        Origin::Coord(c) => {
            out.push_str("ArithTuple");
            tup(out, c);
        }
        Origin::Counting(n) => {
            let _ = write!(out, "counting_iter({n})");
        }
        Origin::Ptr(p) => {
            let _ = write!(out, "{}", crate::algebra::pointer::CutePrint(p));
        }
        // pointer_base.hpp's print(transform_iter): `trans_` and the inner iterator
        Origin::Transform(t) => {
            out.push_str("trans_");
            origin(out, &t.inner);
        }
    }
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
            crate::eval::plain::write_tuple(out, items, write_value);
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
        // as CuTe prints a tensor over ComposedLayout<Layout, O, Layout>: `ITER o A o O o B`
        Value::LayoutComposed(t) => {
            if let Some(o) = &t.origin {
                origin(out, o);
                out.push_str(" o ");
            }
            // each stage as CuTe prints it, a composed one flat (`A o O o B`), in order
            write_value(out, &crate::eval::functions::outer_value(&t.layout));
            out.push_str(" o ");
            tup(out, &t.layout.offset);
            out.push_str(" o ");
            write_value(out, &crate::eval::functions::inner_value(&t.layout.inner));
            Ok(())
        }
        Value::Offset(o) => {
            offset(out, o);
            Ok(())
        }
        Value::Iterator(o) => {
            origin(out, o);
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
        // an operation of the DSL as the DSL prints it
        Value::Op(op) => out.write_str(&op.printed),
        Value::Pointer(p) => write!(out, "{}", crate::algebra::pointer::CutePrint(p)),
        Value::Scalar(s) => write!(out, "{s}"),
        Value::Ssa(a) => out.write_str(&crate::eval::host::traced_text(a)),
        // `print(C<v>)`: `_` and the value of its type (`_4294967291` of `-C<5u>{}`)
        Value::Constant(c) => write!(out, "{c}"),
        // `print(array<T, N>)`: the tuple of its elements
        Value::Array(a) => {
            write_value(out, &Value::Tuple(a.items.clone()));
            Ok(())
        }
        // (CuTe has no print of a struct of the program's own: its type, as cute names it)
        Value::Struct(s) => write!(out, "{}", s.described()),
        Value::FunctionComposed(f) => write!(out, "{}", f.text()),
        Value::Dict(d) => write!(out, "{}", Value::dict_text(d)),
        Value::Record(r) => write!(out, "{}", r.text()),
        Value::SymInt(s) => write!(out, "{}", s.text()),
        Value::TypedTensor(t) => write!(out, "{}", t.text()),
        Value::Ratio(r) => write!(out, "{}", r.text()),
        Value::Unknown(_) => out.write_str("?"),
        Value::RatioBasis(r, b) => write!(out, "{}{b}", r.text()),
        // Python's list, as Python prints it
        Value::List(_) => {
            let mut text = String::new();
            crate::eval::plain::write_traced_value(&mut text, v);
            out.write_str(&text)
        }
        Value::FakeTensor(t) => write!(out, "{}", t.text()),
        Value::Atom(a) => {
            atom(out, v, a);
            Ok(())
        }
    };
}

/// An atom as CuTe's `print` prints it, over several lines (mma_atom.hpp, copy_atom.hpp):
/// `MMA_Atom` with its `ThrID`, `Shape_MNK` and TV layouts, `TiledMMA` with `ThrLayoutVMNK` and
/// `PermutationMNK` then its atom, `ThrMMA` with the thread's VMNK coordinate then its tiled
/// MMA, `Copy_Atom` with its `ThrID`, value layouts and `ValueType`, `TiledCopy` with `Tiler_MN`
/// and `TiledLayout_TV` then its atom. (No final newline: the statement's line ends it.)
fn atom(out: &mut String, v: &Value, a: &crate::atoms::Atom) {
    use crate::atoms::Atom;
    let span = crate::parser::Span::new(0, 0);
    let field = |out: &mut String, label: &str, name: &str| {
        out.push_str(label);
        match crate::eval::methods::field(v, name, span) {
            Ok(f) => write_value(out, &f),
            Err(e) => out.push_str(&e.message),
        }
    };
    match a {
        Atom::Mma(_) => {
            out.push_str("MMA_Atom\n");
            field(out, "  ThrID:      ", "ThrID");
            field(out, "\n  Shape_MNK:  ", "Shape_MNK");
            field(out, "\n  LayoutA_TV: ", "ALayout");
            field(out, "\n  LayoutB_TV: ", "BLayout");
            field(out, "\n  LayoutC_TV: ", "CLayout");
        }
        Atom::TiledMma(m) => {
            out.push_str("TiledMMA\n");
            field(out, "  ThrLayoutVMNK:  ", "ThrLayoutVMNK");
            field(out, "\n  PermutationMNK: ", "PermutationMNK");
            out.push('\n');
            atom(
                out,
                &Value::Atom(Box::new(Atom::Mma(m.atom.clone()))),
                &Atom::Mma(m.atom.clone()),
            );
        }
        Atom::ThrMma(m, t) => {
            out.push_str("ThrMMA\n  Thr VMNK: ");
            thread_coord(out, &m.thr_layout_vmnk, t.value);
            out.push('\n');
            let tiled = Atom::TiledMma(m.clone());
            atom(out, &Value::Atom(Box::new(tiled.clone())), &tiled);
        }
        Atom::Copy(c) => {
            out.push_str("Copy_Atom\n");
            field(out, "  ThrID:        ", "ThrID");
            field(out, "\n  ValLayoutSrc: ", "ValLayoutSrc");
            field(out, "\n  ValLayoutDst: ", "ValLayoutDst");
            field(out, "\n  ValLayoutRef: ", "ValLayoutRef");
            let _ = write!(out, "\n  ValueType:    {}b", c.val_bits);
        }
        Atom::TiledCopy(t) => {
            out.push_str("TiledCopy\n");
            field(out, "  Tiler_MN:       ", "Tiler_MN");
            field(out, "\n  TiledLayout_TV: ", "TiledLayout_TV");
            out.push('\n');
            let c = Atom::Copy(t.atom.clone());
            atom(out, &Value::Atom(Box::new(c.clone())), &c);
        }
        // CuTe gives a TV_Tiler and its partitioner no print: the call that builds it
        Atom::ThrCopy(..) | Atom::TvTiler(_) | Atom::TvSlice(..) => {
            let _ = write!(out, "{a}");
        }
    }
}

/// A thread's coordinate in a thread layout, as CuTe prints `thr_vmnk_`: a run-time integer for
/// each mode, a static `_0` where the mode's extent is a static 1.
fn thread_coord(out: &mut String, thr: &Layout, t: i64) {
    let shape = thr.shape();
    let flat: Vec<i64> = shape.leaves().to_vec();
    let coord = crate::algebra::layout_ops::get_hier_coord(thr, t)
        .map(|c| c.leaves().to_vec())
        .unwrap_or_default();
    if shape.rank() != flat.len() || coord.len() != flat.len() {
        let _ = write!(out, "{t}");
        return;
    }
    out.push('(');
    for (k, (&e, &c)) in flat.iter().zip(&coord).enumerate() {
        if k > 0 {
            out.push(',');
        }
        if e == 1 {
            out.push_str("_0");
        } else {
            let _ = write!(out, "{c}");
        }
    }
    out.push(')');
}
