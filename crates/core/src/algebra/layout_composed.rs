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

use std::fmt;

use super::basis::{Index, index_add};
use super::composition::compose_tiler;
use super::tensor::Origin;
use super::{Coord, Layout, Result, Tiler, Tup};

/// `A o O o B`: element `c` is `A(O + B(c))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutComposed {
    /// The outer layout `A`.
    pub outer: Layout,
    /// The offset `O`, a coordinate into `A`'s domain (an integer or a tuple).
    pub offset: Index,
    /// The inner layout `B`.
    pub inner: Layout,
}

impl LayoutComposed {
    /// `shape(C) = shape(B)`.
    pub fn shape(&self) -> &Tup {
        self.inner.shape()
    }

    /// `size(C) = size(B)`.
    pub fn size(&self) -> Result<i64> {
        self.inner.size()
    }

    /// `C(c) = A(O + B(c))` at a coordinate without `_`.
    pub fn eval_index(&self, c: &Tup) -> Result<Index> {
        let b = self.inner.eval_index(c)?;
        let x = index_add(&self.offset, &b)?;
        self.outer.eval_index(&x)
    }

    /// `slice_and_offset(c, C)`'s layout: `A o (O + B's offset at c) o slice(c, B)` (its
    /// offset is `_0`).
    pub fn slice(&self, c: &Coord) -> Result<LayoutComposed> {
        let off = self.inner.offset_index(c)?;
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            offset: index_add(&self.offset, &off)?,
            inner: self.inner.slice(c)?,
        })
    }

    /// `composition(C, T) = A o O o composition(B, T)`.
    pub fn compose(&self, t: &Tiler) -> Result<LayoutComposed> {
        self.map_inner(|b| compose_tiler(b, t))
    }

    /// `f(C, …) = A o O o f(B, …)`: how layout_composed.hpp defines `composition` with a
    /// tiler, the divides (`logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide`)
    /// and the products (`logical_product`, `zipped_product`, `tiled_product`,
    /// `flat_product`) of a ComposedLayout.
    pub fn map_inner(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<LayoutComposed> {
        Ok(LayoutComposed {
            outer: self.outer.clone(),
            offset: self.offset.clone(),
            inner: f(&self.inner)?,
        })
    }
}

impl fmt::Display for LayoutComposed {
    /// cute's notation: `make_composed_layout(A, O, B)`, which reads back (CuTe prints
    /// `A o O o B`, which reads as a composition of A with the tiler O).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "make_composed_layout({}, {}, {})",
            self.outer, self.offset, self.inner
        )
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
