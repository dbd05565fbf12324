//! `max_common_layout` and `max_common_vector`.

use super::composition::compose_unchecked;
use super::error::Result;
use super::int_tuple::IntTuple;
use super::inverse::right_inverse_unchecked;
use super::layout::Layout;

fn first_mode(l: &Layout) -> Layout {
    l.mode(0).expect("rank >= 1")
}

/// `max_common_layout(A, B)`: the largest contiguous layout on which A and B agree.
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let inv_b = right_inverse_unchecked(b)?;
    let common = compose_unchecked(a, &inv_b)?.coalesce()?;
    let m0 = first_mode(&common);
    if m0.stride() == IntTuple::int(1) {
        compose_unchecked(&inv_b, &m0)
    } else {
        Ok(Layout::trivial())
    }
}

/// `max_common_vector(A, B)`: the number of contiguous elements on which A and B agree.
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    let common = compose_unchecked(a, &right_inverse_unchecked(b)?)?.coalesce()?;
    let m0 = first_mode(&common);
    if m0.stride() == IntTuple::int(1) {
        m0.size()
    } else {
        Ok(1)
    }
}
