//! `max_common_layout` and `max_common_vector`.

use super::composition::compose_unchecked;
use super::error::Result;
use super::int_tuple::IntTuple;
use super::inverse::right_inverse_unchecked;
use super::layout::Layout;

fn first_mode(l: &Layout) -> Layout {
    l.mode(0).expect("rank >= 1")
}

/// CuTe's branch of both (layout.hpp): "Keep only the static identity component of the common
/// layout", `is_static<shape<0>(common)> && is_constant<1, stride<0>(common)>`.
fn static_identity(m0: &Layout) -> bool {
    m0.shape().is_static() && m0.stride() == IntTuple::int(1)
}

/// `max_common_layout(A, B)`: the largest contiguous layout on which A and B agree.
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let inv_b = right_inverse_unchecked(b)?;
    let common = compose_unchecked(a, &inv_b)?.coalesce()?;
    let m0 = first_mode(&common);
    if static_identity(&m0) {
        compose_unchecked(&inv_b, &m0)
    } else {
        Ok(Layout::trivial())
    }
}

/// `max_common_vector(A, B)`: the number of contiguous elements on which A and B agree.
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    let common = compose_unchecked(a, &right_inverse_unchecked(b)?)?.coalesce()?;
    let m0 = first_mode(&common);
    if static_identity(&m0) {
        m0.size()
    } else {
        Ok(1)
    }
}
