//! Right and left inverses, ported from CuTe, with their laws checked.

use super::arith;
use super::error::{Result, condition};
use super::int_tuple::IntTuple::{Int, Tuple};
use super::laws;
use super::layout::Layout;

/// CuTe's exchange sort of indices by key (not stable; as CuTe's `SortByKey`).
fn sort_by_key(keys: &[i64]) -> Vec<usize> {
    let mut a: Vec<(i64, usize)> = keys.iter().copied().zip(0..).collect();
    let n = a.len();
    for i in 0..n {
        for j in i + 1..n {
            if a[j].0 < a[i].0 {
                a.swap(i, j);
            }
        }
    }
    a.into_iter().map(|(_, v)| v).collect()
}

fn prefix_products(shape: &[i64], op: &'static str) -> Result<Vec<i64>> {
    let mut out = vec![1i64];
    for s in shape {
        let last = *out.last().expect("non-empty");
        out.push(arith::mul(last, *s, op)?);
    }
    Ok(out)
}

fn flat_ints(l: &Layout) -> (Vec<i64>, Vec<i64>) {
    (l.shape().leaves(), l.stride().leaves())
}

fn build(shape: Vec<i64>, stride: Vec<i64>) -> Result<Layout> {
    Layout::raw(
        Tuple(shape.into_iter().map(Int).collect()),
        Tuple(stride.into_iter().map(Int).collect()),
    )
    .coalesce()
}

/// `right_inverse(L)`: `L(R(i)) == i` for `i < size(R)`.
///
/// CuTe's construction proves the law, so it is not checked point by point (the property tests
/// check it): the chosen modes of `coalesce(L)` have strides `1, s_a, s_a·s_b, …` (each the
/// product of the shapes and strides before it), `R` maps `i`'s digits in that chain's mixed
/// radix to the index with those coordinates in those modes (`R`'s strides are L's prefix
/// products) and 0 elsewhere, and L sends that index back to `Σ c_k·stride_k = i`.
pub fn right_inverse(l: &Layout) -> Result<Layout> {
    right_inverse_unchecked(l)
}

/// CuTe's right_inverse without the law check.
pub fn right_inverse_unchecked(l: &Layout) -> Result<Layout> {
    const OP: &str = "right_inverse";
    let c = l.coalesce()?;
    let (lshape, lstride) = flat_ints(&c);
    let preprod = prefix_products(&lshape, OP)?;
    let mut rshape = vec![1i64];
    let mut rstride = vec![0i64];
    let mut curr = 1i64;
    for i in sort_by_key(&lstride) {
        if lstride[i] == curr {
            rshape.push(lshape[i]);
            rstride.push(preprod[i]);
            curr = arith::mul(lshape[i], lstride[i], OP)?;
        }
    }
    build(rshape, rstride)
}

/// `left_inverse(L)`: `R(L(i)) == i` for `i < size(L)`.
pub fn left_inverse(l: &Layout) -> Result<Layout> {
    let r = left_inverse_unchecked(l)?;
    laws::check_left_inverse(l, &r)?;
    Ok(r)
}

/// CuTe's left_inverse without the law check.
pub fn left_inverse_unchecked(l: &Layout) -> Result<Layout> {
    const OP: &str = "left_inverse";
    let c = l.coalesce()?;
    let (lshape, lstride) = flat_ints(&c);
    let preprod = prefix_products(&lshape, OP)?;
    let sorted = sort_by_key(&lstride);
    let mut rshape: Vec<i64> = Vec::new();
    let mut rstride = vec![0i64];
    let mut size = 1i64;
    for &i in &sorted {
        let d = lstride[i];
        if d == 0 {
            continue;
        }
        if arith::rem(d, size, OP)? != 0 {
            return Err(condition(
                OP,
                format!("divisibility condition: stride {d} is not a multiple of {size}"),
            ));
        }
        let s = arith::div(d, size, OP)?;
        rshape.push(s);
        size = arith::mul(size, s, OP)?;
        rstride.push(preprod[i]);
    }
    let last = *sorted.last().expect("rank >= 1");
    rshape.push(lshape[last]);
    if rshape.iter().any(|s| *s <= 0) {
        return Err(condition(
            OP,
            format!("layout {l} has a negative stride; its left inverse has no valid shape"),
        ));
    }
    build(rshape, rstride)
}
