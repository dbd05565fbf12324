//! `complement(L, cotarget)`, ported from CuTe: the layout of the codomain points L does not reach.

use super::arith;
use super::error::{Result, condition};
use super::int_tuple::{IntTuple, Tup};
use super::layout::Layout;
use super::trace::{Check, NoTrace, Rel, Step, Trace};
use smallvec::SmallVec;

const OP: &str = "complement";

/// `complement(L)`: against `cosize(filter(L))`.
pub fn complement(l: &Layout) -> Result<Layout> {
    let f = l.filter()?;
    let cotarget = IntTuple::int(f.cosize()?);
    complement_filtered(&f, &cotarget)
}

/// `complement(L, cotarget)` where cotarget is an integer or a shape.
pub fn complement_to(l: &Layout, cotarget: &Tup) -> Result<Layout> {
    let f = l.filter()?;
    complement_filtered(&f, cotarget)
}

/// [`complement`] (`cotarget` None) or [`complement_to`], reporting its derivation to `t`.
pub fn complement_traced<T: Trace>(
    l: &Layout,
    cotarget: Option<&IntTuple>,
    t: &mut T,
) -> Result<Layout> {
    t.section(|| {
        Step::new(
            OP,
            "filter",
            format!("filter {l}: stride-0 modes become size 1, then coalesce"),
        )
    });
    let f = l.filter_traced(t);
    t.end();
    let f = f?;
    let own;
    let cotarget: &IntTuple = match cotarget {
        Some(c) => c,
        None => {
            let c = IntTuple::int(f.cosize()?);
            t.step(|| {
                Step::new(
                    OP,
                    "cotarget",
                    format!("no cotarget given: M = cosize({f}) = {c}"),
                )
            });
            own = c;
            &own
        }
    };
    let r = complement_filtered_traced(&f, cotarget, t);
    if let Ok(c) = &r {
        t.step(|| {
            let both = Layout::concat(&[&f, c]);
            Step::new(
                OP,
                "result",
                format!("complement({l}, {cotarget}) = {c}; together ({f}, {c}) = {both} reaches each index once"),
            )
            .val("result", c)
            .check(Check::Injective { l: both })
        });
    }
    r
}

fn complement_filtered(f: &Layout, cotarget: &Tup) -> Result<Layout> {
    complement_filtered_traced(f, cotarget, &mut NoTrace)
}

fn complement_filtered_traced<T: Trace>(f: &Layout, cotarget: &Tup, t: &mut T) -> Result<Layout> {
    if let Some(bad) = cotarget.first_leaf(|c| c <= 0) {
        return Err(condition(
            OP,
            format!("cotarget {cotarget} has a non-positive extent {bad}"),
        ));
    }
    if f.stride() == &IntTuple::int(0) {
        let n = cotarget.product()?;
        t.step(|| {
            Step::new(
                OP,
                "stride 0",
                format!("{f} reaches only 0: the complement is all of size(M) = {n}, {n}:1"),
            )
        });
        return Layout::column_major(IntTuple::int(n));
    }
    // a few modes, on the stack
    let mut shape: SmallVec<[i64; 8]> = f.shape().leaf_ints();
    let mut stride: SmallVec<[i64; 8]> = f.stride().leaf_ints();
    if let Some(neg) = stride.iter().find(|d| **d < 0) {
        return Err(condition(
            OP,
            format!("negative stride {neg}: complement is defined for non-negative strides"),
        ));
    }
    let r = shape.len();
    let mut result_shape: SmallVec<[i64; 8]> = SmallVec::with_capacity(r + 1);
    let mut result_stride: SmallVec<[i64; 8]> = SmallVec::with_capacity(r + 1);
    result_stride.push(1);
    t.step(|| {
        Step::new(
            OP,
            "sort",
            format!("take the modes of {f} in order of increasing stride; each gap d_i / (N_(i-1) d_(i-1)) below the next stride becomes a mode of the complement (N_(-1) d_(-1) = 1)"),
        )
    });
    for _ in 0..r - 1 {
        let min_stride = *stride.iter().min().expect("non-empty");
        let min_idx = stride
            .iter()
            .position(|d| *d == min_stride)
            .expect("present");
        let last = *result_stride.last().expect("non-empty");
        let new_shape = arith::div(min_stride, last, OP)?;
        t.step(|| gap(shape[min_idx], min_stride, last, new_shape));
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
    t.step(|| gap(shape[0], stride[0], last, new_shape));
    if new_shape == 0 {
        return Err(non_injective(f));
    }
    result_shape.push(new_shape);
    let new_stride = arith::mul(stride[0], shape[0], OP)?;
    let rest_shape = cotarget.ceil_div(&IntTuple::int(new_stride))?.product()?;
    let rest_stride = if rest_shape == 1 { 0 } else { new_stride };
    t.step(|| {
        Step::new(
            OP,
            "last",
            format!(
                "past the last mode (N d = {} * {} = {new_stride}) up to M = {cotarget}: ceil_div(M, {new_stride}) = {rest_shape} (CuTe rounds up), mode {rest_shape}:{rest_stride}",
                shape[0], stride[0]
            ),
        )
        .val("shape", rest_shape)
        .val("stride", rest_stride)
    });
    result_shape.push(rest_shape);
    result_stride.push(rest_stride);
    let raw = Layout::raw(
        IntTuple::of_ints(&result_shape),
        IntTuple::of_ints(&result_stride),
    );
    t.section(|| {
        Step::new(OP, "coalesce", format!("the modes {raw}, coalesced")).val("modes", &raw)
    });
    let out = raw.coalesce_traced(t);
    t.end();
    out
}

fn gap(s: i64, d: i64, last: i64, new_shape: i64) -> Step {
    let ok = new_shape != 0;
    Step::new(
        OP,
        if ok { "gap" } else { "overlap" },
        if ok {
            format!(
                "mode {s}:{d}: gap {d} / {last} = {new_shape}, complement mode {new_shape}:{last}; next N d = {s} * {d} = {}",
                s.saturating_mul(d)
            )
        } else {
            format!("mode {s}:{d}: stride {d} < {last} reached so far: the modes overlap (not injective)")
        },
    )
    .val("shape", new_shape)
    .val("stride", last)
    .check(Check::rel("stride vs N d so far", d, Rel::Ge, last))
}

fn non_injective(f: &Layout) -> crate::algebra::AlgebraError {
    condition(
        OP,
        format!("non-injective layout {f}: its strides overlap, so it has no complement"),
    )
}
