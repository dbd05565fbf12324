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
//!
//! `A` and `B` may themselves be composed (CuTe's `ComposedLayout<A, O, B>` takes any two
//! functions): each rule above reads `B` down to its right-most stage, and an inverse mirrors
//! the whole tree.

use std::fmt;

use super::basis::{Index, index_add};
use super::composition::compose_tiler;
use super::error::condition;
use super::swizzle::{ComposedLayout, Swizzle, SwizzledOrPlain};
use super::tensor::Origin;
use super::{Coord, IntTuple, Layout, Result, Tiler, Tup};

/// `A o O o B`: element `c` is `A(O + B(c))`. Either function may itself be composed
/// (CuTe's `ComposedLayout<A, O, B>` takes any `A` and `B`: `composition(X, O, Y)` of two
/// composed layouts, and an inverse mirrors the tree, `inverse(A o O o B) = inverse(B) o -O o
/// inverse(A)`), so the value is a tree of stages; CuTe prints it flat, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutComposed {
    /// The outer function `A`.
    pub outer: Stage,
    /// The offset `O`, a coordinate into `A`'s domain (an integer or a tuple).
    pub offset: Index,
    /// The inner function `B`.
    pub inner: Stage,
}

/// A function of `A o O o B`: a layout, a swizzle, a swizzled layout, or a composed layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A layout.
    Layout(Layout),
    /// A swizzle (`ComposedLayout<Layout, O, Swizzle>`: an inverse of a swizzled layout).
    Swizzle(Swizzle),
    /// A swizzled layout `Sw o OFF o L` (`ComposedLayout<Swizzle, OFF, Layout>`).
    Swizzled(ComposedLayout),
    /// A composed layout (`ComposedLayout<ComposedLayout<…>, O, …>` and the like).
    Composed(Box<LayoutComposed>),
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Layout(l) => write!(f, "{l}"),
            Stage::Swizzle(s) => write!(f, "{s}"),
            Stage::Swizzled(c) => write!(f, "{c}"),
            Stage::Composed(c) => write!(f, "{c}"),
        }
    }
}

impl Stage {
    /// The stage at a coordinate without `_` (of a swizzle, at an integer: its value has the
    /// integer's kind; of a swizzled layout, a run-time integer where the coordinate or the
    /// offset is one).
    pub fn eval_index(&self, c: &Tup) -> Result<Index> {
        Ok(match self {
            Stage::Layout(l) => l.eval_index(c)?,
            Stage::Swizzle(s) => match c.as_int_full() {
                Some(i) => IntTuple::int_of(s.apply(i.value), i.dynamic()),
                None => {
                    return Err(condition(
                        "composed layout",
                        format!("the swizzle {s} is evaluated at an integer, not at {c}"),
                    ));
                }
            },
            Stage::Swizzled(comp) => {
                let (i, dynamic) = comp.layout.eval_kind(c)?;
                let (v, dynamic) = comp.apply_outer_kind(i, dynamic)?;
                IntTuple::int_of(v, dynamic)
            }
            Stage::Composed(lc) => lc.eval_index(c)?,
        })
    }

    /// The stage at an integer, where it maps integers to integers.
    fn at(&self, i: i64) -> Result<i64> {
        match self {
            Stage::Layout(l) => l.at(i),
            Stage::Swizzle(s) => Ok(s.apply(i)),
            Stage::Swizzled(c) => c.apply_outer(c.layout.at(i)?),
            Stage::Composed(lc) => lc.after_inner(lc.inner.at(i)?),
        }
    }

    /// The stage at its leaf layout's value `x`: what the stages after its right-most layout
    /// make of `x` (`x` itself for a layout).
    fn after_leaf(&self, x: i64) -> Result<i64> {
        match self {
            Stage::Layout(_) => Ok(x),
            Stage::Swizzled(c) => c.apply_outer(x),
            Stage::Composed(lc) => lc.outer_at(x),
            Stage::Swizzle(s) => Err(no_shape("print_layout", s)),
        }
    }

    /// The right-most layout, whose shape the stage has: a layout, a swizzled layout's, a
    /// composed layout's inner one's; `None` where that is a bare swizzle.
    pub fn leaf_layout(&self) -> Option<&Layout> {
        match self {
            Stage::Layout(l) => Some(l),
            Stage::Swizzled(c) => Some(&c.layout),
            Stage::Composed(lc) => lc.inner.leaf_layout(),
            Stage::Swizzle(_) => None,
        }
    }

    /// The right-most swizzle where the stage ends in one (it has no shape then).
    pub fn leaf_swizzle(&self) -> Option<&Swizzle> {
        match self {
            Stage::Swizzle(s) => Some(s),
            Stage::Composed(lc) => lc.inner.leaf_swizzle(),
            _ => None,
        }
    }

    /// [`Stage::leaf_layout`], or the error that CuTe's `op` of a swizzle does not compile.
    fn leaf_layout_for(&self, op: &'static str) -> Result<&Layout> {
        match self.leaf_swizzle() {
            Some(s) => Err(no_shape(op, s)),
            None => Ok(self.leaf_layout().expect("a layout")),
        }
    }

    /// Whether the stage maps to coordinates (a layout with basis strides: an im2col TMA's).
    pub fn maps_to_coordinates(&self) -> bool {
        match self {
            Stage::Layout(l) => l.stride().has_basis(),
            Stage::Composed(lc) => lc.outer.maps_to_coordinates(),
            _ => false,
        }
    }

    /// `f(B, …)` through the stage to its right-most layout (layout_composed.hpp's rule for
    /// each divide, product and composition with a tiler, and swizzle_layout.hpp's).
    fn map_leaf(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<Stage> {
        Ok(match self {
            Stage::Layout(l) => Stage::Layout(f(l)?),
            Stage::Swizzled(c) => Stage::Swizzled(ComposedLayout {
                swizzle: c.swizzle,
                offset: c.offset,
                layout: f(&c.layout)?,
            }),
            Stage::Composed(lc) => Stage::Composed(Box::new(lc.map_inner(f)?)),
            Stage::Swizzle(s) => return Err(no_shape("a divide or product", s)),
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
            outer: Stage::Layout(outer),
            offset,
            inner: Stage::Layout(inner),
        }
    }

    /// `B`'s right-most layout, the one whose shape `C` has; `None` where it is a swizzle.
    pub fn inner_layout(&self) -> Option<&Layout> {
        self.inner.leaf_layout()
    }

    /// `B`'s layout, or the error that CuTe's `op` of a swizzle does not compile.
    pub fn inner_layout_for(&self, op: &'static str) -> Result<&Layout> {
        self.inner.leaf_layout_for(op)
    }

    /// Whether `A` maps to coordinates (an im2col TMA's multimode layout).
    pub fn maps_to_coordinates(&self) -> bool {
        self.outer.maps_to_coordinates()
    }

    /// The stages after `B`'s right-most layout at its value `x` (`C(c)` is this at `x =
    /// L(c)`), an integer where every stage maps integers to integers and `O` is an integer.
    /// @pre `B` does not end in a bare swizzle (its value is `Sw(i)`, no layout's)
    pub fn outer_at(&self, x: i64) -> Result<i64> {
        self.after_inner(self.inner.after_leaf(x)?)
    }

    /// `A(O + b)` at `B`'s value `b`.
    fn after_inner(&self, b: i64) -> Result<i64> {
        let o = self.offset.as_int().ok_or_else(|| {
            condition(
                "composed layout",
                format!("the offset {} is no integer", self.offset),
            )
        })?;
        self.outer.at(super::arith::add(o, b, "composed layout")?)
    }

    /// CuTe's print in the plain notation, each stage flat and in order (`128:1 o -4 o
    /// Sw<2,2,2> o 0 o (8,4):(1,8)`).
    pub fn flat_text(&self) -> String {
        let stage = |s: &Stage| match s {
            Stage::Composed(c) => c.flat_text(),
            s => s.to_string(),
        };
        format!(
            "{} o {} o {}",
            stage(&self.outer),
            self.offset,
            stage(&self.inner)
        )
    }

    /// `shape(C) = shape(B)` (`None` where `B` ends in a swizzle).
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
        self.outer.eval_index(&x)
    }

    /// `slice_and_offset(c, C)`'s layout: `A o (O + B's offset at c) o slice(c, B)` (its
    /// offset is `_0`); of a swizzled `B`, swizzle_layout.hpp's slice and offset, whose slice
    /// may be a plain layout; of a composed `B`, its slice (whose offset is `_0`).
    ///
    /// Of a swizzle `A` before a composed `B`, swizzle_layout.hpp's overload for
    /// `ComposedLayout<Swizzle, Offset, Layout>` (its `Layout` any type) is CuTe's: a slice of
    /// only `_` reshapes `B`, any other dices `B`, which does not compile for a composed `B`.
    pub fn slice(&self, c: &Coord) -> Result<LayoutComposed> {
        if let (Stage::Swizzle(sw), Stage::Composed(_) | Stage::Swizzle(_) | Stage::Swizzled(_)) =
            (&self.outer, &self.inner)
            && !c.all_underscore()
        {
            return Err(condition(
                "slice",
                format!(
                    "CuTe slices {} o {} o B (the swizzle {sw} before a composed layout B) through swizzle_layout.hpp's slice_and_offset, which dices B: dice of a composed layout does not compile (tuple_size of a ComposedLayout is incomplete); slice with _ in every mode, or compose with a layout first",
                    sw, self.offset
                ),
            ));
        }
        let (off, inner) = match &self.inner {
            Stage::Layout(l) => (l.offset_index(c)?, Stage::Layout(l.slice(c)?)),
            Stage::Swizzle(s) => return Err(no_shape("slice", s)),
            Stage::Swizzled(comp) => {
                let (r, off) = super::swizzle::slice_and_offset_kind(c, comp)?;
                let inner = match r {
                    SwizzledOrPlain::Plain(l) => Stage::Layout(l),
                    SwizzledOrPlain::Composed(c) => Stage::Swizzled(c),
                };
                (IntTuple::of_int(off), inner)
            }
            Stage::Composed(lc) => (IntTuple::int(0), Stage::Composed(Box::new(lc.slice(c)?))),
        };
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            offset: index_add(&self.offset, &off)?,
            inner,
        })
    }

    /// `composition(C, T) = A o O o composition(B, T)`; of a swizzle `B` and a layout `T`,
    /// `composition(Sw, T) = Sw o _0 o T` (`T` itself for a swizzle of no bits; a tiler of
    /// modes does not compile).
    pub fn compose(&self, t: &Tiler) -> Result<LayoutComposed> {
        let inner = match (&self.inner, t) {
            (Stage::Swizzle(s), Tiler::Layout(l)) if s.bits == 0 => {
                Stage::Layout(l.as_ref().clone())
            }
            (Stage::Swizzle(s), Tiler::Layout(l)) => Stage::Swizzled(ComposedLayout {
                swizzle: *s,
                offset: super::swizzle::Offset::ZERO,
                layout: l.as_ref().clone(),
            }),
            (Stage::Swizzle(s), _) => {
                return Err(condition(
                    "composition",
                    format!(
                        "CuTe composes the swizzle {s} (the inner function of this composed layout) with a layout only: composition(Swizzle, {t}) does not compile"
                    ),
                ));
            }
            (Stage::Composed(lc), _) => Stage::Composed(Box::new(lc.compose(t)?)),
            _ => return self.map_inner(|b| compose_tiler(b, t)),
        };
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            offset: self.offset.clone(),
            inner,
        })
    }

    /// `f(C, …) = A o O o f(B, …)`: how layout_composed.hpp defines `composition` with a
    /// tiler, the divides (`logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide`)
    /// and the products (`logical_product`, `zipped_product`, `tiled_product`,
    /// `flat_product`) of a ComposedLayout; of a swizzled `B = Sw o OFF o L`, the same rule
    /// again, `Sw o OFF o f(L, …)`, and of a composed `B` again (a swizzle `B` has none of them).
    pub fn map_inner(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<LayoutComposed> {
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            offset: self.offset.clone(),
            inner: self.inner.map_leaf(f)?,
        })
    }
}

impl fmt::Display for LayoutComposed {
    /// cute's notation: `make_composed_layout(A, O, B)`, which reads back (CuTe prints
    /// `A o O o B`, which reads as a composition of A with the tiler O); a swizzled outer `A`
    /// as `make_composed_layout(Sw, OFF, A)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outer {
            Stage::Swizzled(c) => write!(
                f,
                "make_composed_layout(make_composed_layout({}, {}, {})",
                c.swizzle, c.offset, c.layout
            )?,
            outer => write!(f, "make_composed_layout({outer}")?,
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
