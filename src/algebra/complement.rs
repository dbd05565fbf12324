//! `complement(L, cotarget)`, ported from CuTe: the layout of the codomain points L does not reach.

use super::arith;
use super::error::{Result, condition};
use super::int_tuple::IntTuple::{self, Int, Tuple};
use super::layout::Layout;

const OP: &str = "complement";

/// `complement(L)`: against `cosize(filter(L))`.
pub fn complement(l: &Layout) -> Result<Layout> {
    let f = l.filter()?;
    let cotarget = Int(f.cosize()?);
    complement_filtered(&f, &cotarget)
}

/// `complement(L, cotarget)` where cotarget is an integer or a shape.
pub fn complement_to(l: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    let f = l.filter()?;
    complement_filtered(&f, cotarget)
}

fn complement_filtered(f: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if let Some(bad) = cotarget.first_leaf(|c| c <= 0) {
        return Err(condition(
            OP,
            format!("cotarget {cotarget} has a non-positive extent {bad}"),
        ));
    }
    if f.stride() == &Int(0) {
        let n = cotarget.product()?;
        return Layout::column_major(Int(n));
    }
    let mut shape: Vec<i64> = f.shape().leaves();
    let mut stride: Vec<i64> = f.stride().leaves();
    if let Some(neg) = stride.iter().find(|d| **d < 0) {
        return Err(condition(
            OP,
            format!("negative stride {neg}: complement is defined for non-negative strides"),
        ));
    }
    let r = shape.len();
    let mut result_shape: Vec<i64> = Vec::with_capacity(r + 1);
    let mut result_stride: Vec<i64> = Vec::with_capacity(r + 1);
    result_stride.push(1);
    for _ in 0..r - 1 {
        let min_stride = *stride.iter().min().expect("non-empty");
        let min_idx = stride
            .iter()
            .position(|d| *d == min_stride)
            .expect("present");
        let last = *result_stride.last().expect("non-empty");
        let new_shape = arith::div(min_stride, last, OP)?;
        if new_shape == 0 {
            return Err(non_injective(f));
        }
        let new_stride = arith::mul(min_stride, shape[min_idx], OP)?;
        shape.remove(min_idx);
        stride.remove(min_idx);
        result_shape.push(new_shape);
        result_stride.push(new_stride);
    }
    let last = *result_stride.last().expect("non-empty");
    let new_shape = arith::div(stride[0], last, OP)?;
    if new_shape == 0 {
        return Err(non_injective(f));
    }
    result_shape.push(new_shape);
    let new_stride = arith::mul(stride[0], shape[0], OP)?;
    let rest_shape = cotarget.ceil_div(&Int(new_stride))?.product()?;
    let rest_stride = if rest_shape == 1 { 0 } else { new_stride };
    result_shape.push(rest_shape);
    result_stride.push(rest_stride);
    Layout::raw(
        Tuple(result_shape.into_iter().map(Int).collect()),
        Tuple(result_stride.into_iter().map(Int).collect()),
    )
    .coalesce()
}

fn non_injective(f: &Layout) -> crate::algebra::AlgebraError {
    condition(
        OP,
        format!("non-injective layout {f}: its strides overlap, so it has no complement"),
    )
}
