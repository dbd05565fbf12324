//! A layout composed with a layout: CuTe's `ComposedLayout<LayoutA, Offset, LayoutB>` whose outer
//! function `A` is a layout, not a swizzle (layout_composed.hpp). What `make_im2col_tma_copy`'s
//! `get_tma_tensor` returns is a tensor over one: the im2col GEMM's multimode layout `A` (TMA
//! coordinates as basis strides) after the identity `B` over the linearized GEMM shapes, with an
//! offset `O` in `A`'s domain.
//!
//! layout_composed.hpp defines each function through `B`, with `A` and `O` carried:
//! - `C(c) = A(O + B(c))` (`+` of arithmetic tuples where B has basis strides);
//! - `shape(C) = shape(B)`, and so `size`, `rank`, `depth`;
//! - `slice_and_offset(c, C) = (ComposedLayout{A, O + B's offset at c, slice(c, B)}, _0)`: a
//!   slice keeps the offset in the layout, the tensor's iterator does not move;
//! - `composition(C, T) = A o O o composition(B, T)`, and so each divide and product with a
//!   tiler (`zipped_divide(C, T) = A o O o zipped_divide(B, T)`), and through them
//!   `local_tile` and `local_partition`.
//!
//! `B` may be a swizzle too, as CuTe's inverses of a swizzled layout with an offset build it
//! (swizzle_layout.hpp: `right_inverse(Sw o OFF o L) = composition(right_inverse(L), -OFF, Sw)`,
//! printed `A o _-OFF o Sw`), and then, composed with a layout, a swizzled layout
//! (`composition(A o O o Sw, T) = A o O o (Sw o _0 o T)`). A bare swizzle has no shape: CuTe
//! evaluates `A(O + Sw(i))` at an integer and prints it, and its `size`, divides and slices do
//! not compile.

use std::fmt;

use super::basis::{Index, index_add};
use super::composition::compose_tiler;
use super::error::condition;
use super::swizzle::{ComposedLayout, Swizzle, SwizzledOrPlain};
use super::tensor::Origin;
use super::{Coord, IntTuple, Layout, Result, Tiler, Tup};

/// `A o O o B`: element `c` is `A(O + B(c))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutComposed {
    /// The outer layout `A`.
    pub outer: Layout,
    /// Where CuTe's outer function is itself a swizzled layout `Sw o OFF o A`
    /// (`ComposedLayout<ComposedLayout<Swizzle, OFF, A>, O, B>`, as the inverses of
    /// `A' o O' o (Sw o _0 o T)` build it, printed `Sw o OFF o A o O o B`): the swizzle stage
    /// `Sw o OFF` after `A`, so that `C(c) = Sw(OFF + A(O + B(c)))`.
    pub outer_swizzle: Option<(Swizzle, super::swizzle::Offset)>,
    /// The offset `O`, a coordinate into `A`'s domain (an integer or a tuple).
    pub offset: Index,
    /// The inner function `B`.
    pub inner: Inner,
}

/// The inner function `B` of `A o O o B`: a layout, a swizzle, or a swizzled layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inner {
    /// A layout (`ComposedLayout<Layout, O, Layout>`).
    Layout(Layout),
    /// A swizzle (`ComposedLayout<Layout, O, Swizzle>`: an inverse of a swizzled layout).
    Swizzle(Swizzle),
    /// A swizzled layout `Sw o OFF o L` (`ComposedLayout<Layout, O, ComposedLayout<Swizzle, …>>`).
    Swizzled(ComposedLayout),
}

impl fmt::Display for Inner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inner::Layout(l) => write!(f, "{l}"),
            Inner::Swizzle(s) => write!(f, "{s}"),
            Inner::Swizzled(c) => write!(f, "{c}"),
        }
    }
}

impl Inner {
    /// `B(c)` at a coordinate without `_` (of a swizzle, at an integer: its value has the
    /// integer's kind; of a swizzled layout, a run-time integer where the coordinate or the
    /// offset is one).
    pub fn eval_index(&self, c: &Tup) -> Result<Index> {
        Ok(match self {
            Inner::Layout(l) => l.eval_index(c)?,

            Inner::Swizzle(s) => match c.as_int_full() {
                Some(i) => IntTuple::int_of(s.apply(i.value), i.dynamic()),
                None => {
                    return Err(condition(
                        "composed layout",
                        format!("the swizzle {s} is evaluated at an integer, not at {c}"),
                    ));
                }
            },
            Inner::Swizzled(comp) => {
                let (i, dynamic) = comp.layout.eval_kind(c)?;
                let (v, dynamic) = comp.apply_outer_kind(i, dynamic)?;
                IntTuple::int_of(v, dynamic)
            }
        })
    }
}

/// CuTe's functions of `A o O o Sw` that read `Sw`'s shape do not compile (a swizzle has none).
fn no_shape(op: &'static str, sw: &Swizzle) -> super::AlgebraError {
    condition(
        op,
        format!(
            "the inner function of this composed layout is the swizzle {sw}, which has no shape: CuTe's {op} of it does not compile (compose it with a layout first, composition(C, L), to give it one)"
        ),
    )
}

impl LayoutComposed {
    /// `A o O o B` with `B` a layout.
    pub fn of_layouts(outer: Layout, offset: Index, inner: Layout) -> LayoutComposed {
        LayoutComposed {
            outer,
            outer_swizzle: None,
            offset,
            inner: Inner::Layout(inner),
        }
    }

    /// `B`'s layout, the one whose shape `C` has: `B` itself, or a swizzled `B`'s layout;
    /// `None` for a bare swizzle.
    pub fn inner_layout(&self) -> Option<&Layout> {
        match &self.inner {
            Inner::Layout(l) => Some(l),
            Inner::Swizzled(c) => Some(&c.layout),
            Inner::Swizzle(_) => None,
        }
    }

    /// `B` as a layout, or the error that CuTe's `op` of a swizzle does not compile.
    pub fn inner_layout_for(&self, op: &'static str) -> Result<&Layout> {
        match &self.inner {
            Inner::Swizzle(s) => Err(no_shape(op, s)),
            _ => Ok(self.inner_layout().expect("a layout")),
        }
    }

    /// The stages after `B`'s layout at its value `x`: `A(O + x)`, or of a swizzled `B = Sw o
    /// OFF o L`, `A(O + Sw(OFF + x))` (`C(c)` is this at `x = L(c)`), an integer where `A` has
    /// integer strides and `O` is an integer.
    /// @pre `B` is no bare swizzle (its value is `Sw(i)`, no layout's)
    pub fn outer_at(&self, x: i64) -> Result<i64> {
        let b = match &self.inner {
            Inner::Layout(_) => x,
            Inner::Swizzled(c) => c.apply_outer(x)?,
            Inner::Swizzle(s) => return Err(no_shape("print_layout", s)),
        };
        let o = self.offset.as_int().ok_or_else(|| {
            condition(
                "composed layout",
                format!("the offset {} is no integer", self.offset),
            )
        })?;
        let a = self.outer.at(super::arith::add(o, b, "composed layout")?)?;
        self.swizzle_stage(a)
    }

    /// The outer swizzle stage at `A`'s value `a`: `Sw(OFF + a)`, or `a` where `A` is no
    /// swizzled layout.
    fn swizzle_stage(&self, a: i64) -> Result<i64> {
        match &self.outer_swizzle {
            None => Ok(a),
            Some((sw, off)) => ComposedLayout {
                swizzle: *sw,
                offset: *off,
                layout: self.outer.clone(),
            }
            .apply_outer(a),
        }
    }

    /// `A` as CuTe's outer function prints: the layout, or the swizzled layout `Sw o OFF o A`.
    pub fn outer_text(&self) -> String {
        match &self.outer_swizzle {
            None => self.outer.to_string(),
            Some((sw, off)) => format!("{sw} o {off} o {}", self.outer),
        }
    }

    /// `shape(C) = shape(B)` (`None` where `B` is a swizzle).
    pub fn shape(&self) -> Option<&Tup> {
        self.inner_layout().map(Layout::shape)
    }

    /// `size(C) = size(B)`.
    pub fn size(&self) -> Result<i64> {
        self.inner_layout_for("size")?.size()
    }

    /// `C(c) = A(O + B(c))` at a coordinate without `_` (of a swizzle `B`, an integer: its
    /// value has the integer's kind).
    pub fn eval_index(&self, c: &Tup) -> Result<Index> {
        let b = self.inner.eval_index(c)?;
        let x = index_add(&self.offset, &b)?;
        let a = self.outer.eval_index(&x)?;
        let Some((sw, off)) = &self.outer_swizzle else {
            return Ok(a);
        };
        let Some(i) = a.as_int_full() else {
            return Err(condition(
                "composed layout",
                format!("the swizzle {sw} is evaluated at an integer, not at {a}"),
            ));
        };
        let stage = ComposedLayout {
            swizzle: *sw,
            offset: *off,
            layout: self.outer.clone(),
        };
        let (v, dynamic) = stage.apply_outer_kind(i.value, i.dynamic())?;
        Ok(IntTuple::int_of(v, dynamic))
    }

    /// `slice_and_offset(c, C)`'s layout: `A o (O + B's offset at c) o slice(c, B)` (its
    /// offset is `_0`); of a swizzled `B`, swizzle_layout.hpp's slice and offset, whose slice
    /// may be a plain layout.
    pub fn slice(&self, c: &Coord) -> Result<LayoutComposed> {
        let (off, inner) = match &self.inner {
            Inner::Layout(l) => (l.offset_index(c)?, Inner::Layout(l.slice(c)?)),
            Inner::Swizzle(s) => return Err(no_shape("slice", s)),
            Inner::Swizzled(comp) => {
                let (r, off) = super::swizzle::slice_and_offset_kind(c, comp)?;
                let inner = match r {
                    SwizzledOrPlain::Plain(l) => Inner::Layout(l),
                    SwizzledOrPlain::Composed(c) => Inner::Swizzled(c),
                };
                (IntTuple::of_int(off), inner)
            }
        };
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            outer_swizzle: self.outer_swizzle,
            offset: index_add(&self.offset, &off)?,
            inner,
        })
    }

    /// `composition(C, T) = A o O o composition(B, T)`; of a swizzle `B` and a layout `T`,
    /// `composition(Sw, T) = Sw o _0 o T` (`T` itself for a swizzle of no bits; a tiler of
    /// modes does not compile).
    pub fn compose(&self, t: &Tiler) -> Result<LayoutComposed> {
        let inner = match (&self.inner, t) {
            (Inner::Swizzle(s), Tiler::Layout(l)) if s.bits == 0 => {
                Inner::Layout(l.as_ref().clone())
            }
            (Inner::Swizzle(s), Tiler::Layout(l)) => Inner::Swizzled(ComposedLayout {
                swizzle: *s,
                offset: super::swizzle::Offset::ZERO,
                layout: l.as_ref().clone(),
            }),
            (Inner::Swizzle(s), _) => {
                return Err(condition(
                    "composition",
                    format!(
                        "CuTe composes the swizzle {s} (the inner function of this composed layout) with a layout only: composition(Swizzle, {t}) does not compile"
                    ),
                ));
            }
            _ => return self.map_inner(|b| compose_tiler(b, t)),
        };
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            outer_swizzle: self.outer_swizzle,
            offset: self.offset.clone(),
            inner,
        })
    }

    /// `f(C, …) = A o O o f(B, …)`: how layout_composed.hpp defines `composition` with a
    /// tiler, the divides (`logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide`)
    /// and the products (`logical_product`, `zipped_product`, `tiled_product`,
    /// `flat_product`) of a ComposedLayout; of a swizzled `B = Sw o OFF o L`, the same rule
    /// again, `Sw o OFF o f(L, …)` (a swizzle `B` has none of them).
    pub fn map_inner(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<LayoutComposed> {
        let inner = match &self.inner {
            Inner::Layout(l) => Inner::Layout(f(l)?),
            Inner::Swizzled(c) => Inner::Swizzled(ComposedLayout {
                swizzle: c.swizzle,
                offset: c.offset,
                layout: f(&c.layout)?,
            }),
            Inner::Swizzle(s) => return Err(no_shape("a divide or product", s)),
        };
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            outer_swizzle: self.outer_swizzle,
            offset: self.offset.clone(),
            inner,
        })
    }
}

impl fmt::Display for LayoutComposed {
    /// cute's notation: `make_composed_layout(A, O, B)`, which reads back (CuTe prints
    /// `A o O o B`, which reads as a composition of A with the tiler O).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outer_swizzle {
            None => write!(f, "make_composed_layout({}", self.outer)?,
            Some((sw, off)) => write!(
                f,
                "make_composed_layout(make_composed_layout({sw}, {off}, {})",
                self.outer
            )?,
        }
        write!(f, ", {}, {})", self.offset, self.inner)
    }
}

/// A layout composed with a layout, or a tensor over one (`origin`: its iterator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComposedTensor {
    /// The tensor's iterator (`ArithTuple(…)` of an im2col TMA tensor), or `None` for the
    /// layout alone.
    pub origin: Option<Origin>,
    /// The layout.
    pub layout: LayoutComposed,
}

impl fmt::Display for ComposedTensor {
    /// `make_composed_layout(A, O, B)`, a tensor's `ITER o make_composed_layout(A, O, B)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(o) = &self.origin {
            write!(f, "{o} o ")?;
        }
        write!(f, "{}", self.layout)
    }
}
