//! Composition `A o B`, ported from CuTe's `composition_impl`, with the law `R(i) == A(B(i))` checked.

use super::arith;
use super::error::{Result, condition};
use super::int_tuple::IntTuple::{self, Int, Tuple};
use super::laws;
use super::layout::Layout;
use super::tiler::Tiler;

const OP: &str = "composition";

/// `composition(A, B)` of two layouts; refuses when CuTe's result is not `A o B`.
pub fn compose(a: &Layout, b: &Layout) -> Result<Layout> {
    let flat = a.coalesce_x()?;
    let r = composition_impl(flat.shape(), flat.stride(), b.shape(), b.stride())?;
    laws::check_composition(&flat, b, &r)?;
    Ok(r)
}

/// CuTe's `composition(A, B)` without the law check.
pub fn compose_unchecked(a: &Layout, b: &Layout) -> Result<Layout> {
    let flat = a.coalesce_x()?;
    composition_impl(flat.shape(), flat.stride(), b.shape(), b.stride())
}

/// `composition(A, tiler)`: by-mode for a tuple (modes of A past the tiler are dropped).
pub fn compose_tiler(a: &Layout, t: &Tiler) -> Result<Layout> {
    match t {
        Tiler::Layout(b) => compose(a, b),
        Tiler::Under => Ok(a.clone()),
        Tiler::Int(n) => {
            let b = Layout::new(Int(*n), Int(1))?;
            let flat = a.coalesce_x()?;
            let r = composition_impl(flat.shape(), flat.stride(), &Int(*n), &Int(1))?;
            laws::check_composition(&flat, &b, &r)?;
            Ok(r)
        }
        Tiler::Tuple(v) => {
            if v.len() > a.rank() {
                return Err(condition(
                    OP,
                    format!(
                        "tiler {t} has more modes than the layout's rank {}",
                        a.rank()
                    ),
                ));
            }
            let parts = v
                .iter()
                .enumerate()
                .map(|(i, ti)| compose_tiler(&a.mode(i)?, ti))
                .collect::<Result<Vec<_>>>()?;
            Ok(Layout::concat(&parts))
        }
    }
}

fn composition_impl(ls: &IntTuple, ld: &IntTuple, rs: &IntTuple, rd: &IntTuple) -> Result<Layout> {
    if let (Tuple(rsv), Tuple(rdv)) = (rs, rd) {
        let parts = rsv
            .iter()
            .zip(rdv)
            .map(|(s, d)| composition_impl(ls, ld, s, d))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Layout::concat(&parts));
    }
    let (rhs_shape, rhs_stride) = match (rs, rd) {
        (Int(s), Int(d)) => (*s, *d),
        _ => return Err(condition(OP, "shape and stride are not congruent")),
    };
    if rhs_stride == 0 {
        return Ok(Layout::raw(rs.clone(), rd.clone()));
    }
    let (lsv, ldv) = match (ls, ld) {
        (Int(s), Int(d)) => {
            let _ = s;
            return Ok(Layout::raw(
                Int(rhs_shape),
                Int(arith::mul(rhs_stride, *d, OP)?),
            ));
        }
        (Tuple(s), Tuple(d)) => (s, d),
        _ => return Err(condition(OP, "shape and stride are not congruent")),
    };
    let leaf = |x: &IntTuple| x.as_int().expect("flat");
    let r = lsv.len();
    let mut result_shape: Vec<i64> = Vec::with_capacity(r);
    let mut result_stride: Vec<i64> = Vec::with_capacity(r);
    let mut rest_shape = rhs_shape;
    let mut rest_stride = rhs_stride;
    for i in 0..r - 1 {
        let curr_shape = leaf(&lsv[i]);
        let curr_stride = leaf(&ldv[i]);
        let rs_mod = arith::rem(rest_stride, curr_shape, OP)?;
        if !(rs_mod == 0 || rest_stride < curr_shape) {
            return Err(condition(
                OP,
                format!(
                    "stride divisibility condition: stride {rest_stride} is neither a multiple of nor less than shape {curr_shape} of the left layout"
                ),
            ));
        }
        let abs_rest = arith::abs(rest_stride, OP)?;
        let next_shape = arith::ceil_div(curr_shape, abs_rest, OP)?;
        let next_stride = arith::mul(
            arith::ceil_div(abs_rest, curr_shape, OP)?,
            rest_stride.signum(),
            OP,
        )?;
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape);
            if arith::rem(rest_shape, new_shape, OP)? != 0 {
                return Err(condition(
                    OP,
                    format!(
                        "shape divisibility condition: shape {rest_shape} is not divisible by {new_shape}"
                    ),
                ));
            }
            result_shape.push(new_shape);
            result_stride.push(arith::mul(rest_stride, curr_stride, OP)?);
            rest_shape = arith::div(rest_shape, new_shape, OP)?;
            rest_stride = next_stride;
        }
    }
    let last_stride = leaf(&ldv[r - 1]);
    if result_shape.is_empty() {
        return Ok(Layout::raw(
            Int(rest_shape),
            Int(arith::mul(rest_stride, last_stride, OP)?),
        ));
    }
    if rest_shape == 1 {
        let s = Tuple(result_shape.into_iter().map(Int).collect()).unwrap();
        let d = Tuple(result_stride.into_iter().map(Int).collect()).unwrap();
        return Ok(Layout::raw(s, d));
    }
    result_shape.push(rest_shape);
    result_stride.push(arith::mul(rest_stride, last_stride, OP)?);
    Ok(Layout::raw(
        Tuple(result_shape.into_iter().map(Int).collect()),
        Tuple(result_stride.into_iter().map(Int).collect()),
    ))
}
