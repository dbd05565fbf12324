//! Composition `A o B`, ported from CuTe's `composition_impl`, with the law `R(i) == A(B(i))` checked.

use super::arith;
use super::basis::Stride;
use super::error::{Result, condition};
use super::int_tuple::{
    IntTuple, Tup, TupleBuilder,
    View::{Int, Tuple},
};
use super::laws;
use super::layout::Layout;
use super::tiler::Tiler;
use super::trace::{Check, NoTrace, Rel, Step, Trace};

const OP: &str = "composition";

/// `composition(A, B)` of two layouts; refuses when CuTe's result is not `A o B`.
pub fn compose(a: &Layout, b: &Layout) -> Result<Layout> {
    compose_traced(a, b, &mut NoTrace)
}

/// CuTe's `composition(A, B)` without the law check.
pub fn compose_unchecked(a: &Layout, b: &Layout) -> Result<Layout> {
    let flat = a.coalesce_x()?;
    composition_impl(flat.shape(), flat.stride(), b.shape(), b.stride())
}

/// [`compose`], reporting its derivation to `t`.
pub fn compose_traced<T: Trace>(a: &Layout, b: &Layout, t: &mut T) -> Result<Layout> {
    t.step(|| {
        Step::new(
            OP,
            "definition",
            format!("R = A o B with A = {a}, B = {b}: R(i) = A(B(i))"),
        )
        .val("A", a)
        .val("B", b)
    });
    t.section(|| {
        Step::new(
            OP,
            "coalesce A",
            "coalesce A first (coalesce_x: a trailing size-1 mode keeps its stride)",
        )
    });
    let flat = a.coalesce_x_traced(t);
    t.end();
    let flat = flat?;
    let r = composition_impl_traced(flat.shape(), flat.stride(), b.shape(), b.stride(), t)?;
    let law = laws::check_composition(&flat, b, &r);
    t.step(|| {
        let st = match &law {
            Ok(()) => Step::new(OP, "law", format!("A o B = {r}: R(i) == A(B(i)) holds")),
            Err(e) => Step::new(
                OP,
                "law violated",
                format!("CuTe's answer {r} is refused: {e}"),
            ),
        };
        st.val("R", &r).check(Check::Composition {
            a: a.clone(),
            b: b.clone(),
            r: r.clone(),
        })
    });
    law?;
    Ok(r)
}

/// [`compose_tiler`], reporting its derivation to `t`.
pub fn compose_tiler_traced<T: Trace>(a: &Layout, tiler: &Tiler, t: &mut T) -> Result<Layout> {
    match tiler {
        Tiler::Layout(b) => compose_traced(a, b, t),
        Tiler::Under => {
            t.step(|| Step::new(OP, "keep", format!("_ keeps the mode: {a}")));
            Ok(a.clone())
        }
        Tiler::Int(n) => {
            t.step(|| Step::new(OP, "integer tiler", format!("the integer {n} means {n}:1")));
            let b = Layout::new(IntTuple::int(*n), IntTuple::int(1))?;
            compose_traced(a, &b, t)
        }
        Tiler::Tuple(v) => {
            if v.len() > a.rank() {
                t.step(|| {
                    Step::new(OP, "error", "the tiler has more modes than the layout").check(
                        Check::rel(
                            "rank(tiler) vs rank(A)",
                            v.len() as i64,
                            Rel::Lt,
                            a.rank() as i64 + 1,
                        ),
                    )
                });
                return Err(condition(
                    OP,
                    format!(
                        "tiler {tiler} has more modes than the layout's rank {}",
                        a.rank()
                    ),
                ));
            }
            t.step(|| {
                Step::new(
                    OP,
                    "by mode",
                    format!("the tiler {tiler} applies mode by mode: (A_0 o T_0, A_1 o T_1, ...); modes of A past the tiler are dropped"),
                )
            });
            let mut parts = Layout::concat_builder();
            for (i, ti) in v.iter().enumerate() {
                let ai = a.mode(i)?;
                t.section(|| Step::new(OP, "mode", format!("mode {i}: {ai} o {ti}")));
                let r = compose_tiler_traced(&ai, ti, t);
                t.end();
                parts.push(&r?);
            }
            let r = parts.finish();
            t.step(|| {
                Step::new(OP, "concatenate", format!("the modes together: {r}")).val("R", &r)
            });
            Ok(r)
        }
    }
}

/// `composition(A, tiler)`: by-mode for a tuple (modes of A past the tiler are dropped).
pub fn compose_tiler(a: &Layout, t: &Tiler) -> Result<Layout> {
    compose_tiler_traced(a, t, &mut NoTrace)
}

fn composition_impl(ls: &Tup, ld: &Tup, rs: &Tup, rd: &Tup) -> Result<Layout> {
    composition_impl_traced(ls, ld, rs, rd, &mut NoTrace)
}

fn composition_impl_traced<T: Trace>(
    ls: &Tup,
    ld: &Tup,
    rs: &Tup,
    rd: &Tup,
    t: &mut T,
) -> Result<Layout> {
    if let (Tuple(rsv), Tuple(rdv)) = (rs.view(), rd.view()) {
        t.step(|| {
            Step::new(
                OP,
                "B by mode",
                format!("B = {rs}:{rd} is a tuple: A o B = (A o B_0, A o B_1, ...) over its modes"),
            )
        });
        let mut parts = Layout::concat_builder();
        for (k, (s, d)) in rsv.iter().zip(rdv).enumerate() {
            t.section(|| Step::new(OP, "B mode", format!("B mode {k}: A o {s}:{d}")));
            let r = composition_impl_traced(ls, ld, s, d, t);
            t.end();
            parts.push(&r?);
        }
        let r = parts.finish();
        t.step(|| {
            Step::new(OP, "concatenate", format!("the modes of B together: {r}")).val("R", &r)
        });
        return Ok(r);
    }
    let (rhs_shape, rhs_stride) = match (rs.view(), rd.view()) {
        (Int(s), Int(d)) => (s, d),
        _ => return Err(condition(OP, "shape and stride are not congruent")),
    };
    if rhs_stride == 0 {
        t.step(|| {
            Step::new(
                OP,
                "stride 0",
                format!("{rhs_shape}:0 has stride 0: A o {rhs_shape}:0 = {rhs_shape}:0"),
            )
        });
        return Ok(Layout::raw(rs.to_owned(), rd.to_owned()));
    }
    if rd.has_basis() {
        return Err(condition(
            OP,
            format!(
                "the right-hand layout's stride {rd} has basis elements: only the left side of a composition may map to coordinates"
            ),
        ));
    }
    let (lsv, ldv) = match (ls.view(), ld.view()) {
        (Int(s), Int(_)) => {
            let d = ld.as_stride().expect("a leaf");
            let r = Layout::raw(
                IntTuple::int(rhs_shape),
                IntTuple::stride(d.scaled(rhs_stride, OP)?),
            );
            t.step(|| {
                leaf_result(ls, ld, rhs_shape, rhs_stride, &r).text_prefix(format!(
                    "A is the single mode {s}:{d}: {rhs_shape}:{rhs_stride} steps by {rhs_stride}*{d}: "
                ))
            });
            return Ok(r);
        }
        (Tuple(_), Tuple(_)) => (ls.leaves(), ld.stride_leaves()),
        _ => return Err(condition(OP, "shape and stride are not congruent")),
    };
    let r = lsv.len();
    // a few modes, on the stack
    let mut result_shape: smallvec::SmallVec<[i64; 8]> = smallvec::SmallVec::with_capacity(r);
    let mut result_stride: smallvec::SmallVec<[Stride; 8]> = smallvec::SmallVec::with_capacity(r);
    let mut rest_shape = rhs_shape;
    let mut rest_stride = rhs_stride;
    t.step(|| {
        Step::new(
            OP,
            "stride walk",
            format!("B = {rhs_shape}:{rhs_stride}: walk A's modes {ls}:{ld} with rest_shape = {rhs_shape}, rest_stride = {rhs_stride}"),
        )
    });
    for i in 0..r - 1 {
        let curr_shape = lsv[i];
        let curr_stride = ldv[i];
        let rs_mod = arith::rem(rest_stride, curr_shape, OP)?;
        t.step(|| {
            let cond = Check::Either(
                Box::new(Check::rel(
                    format!("s_{i} divides rest_stride"),
                    curr_shape,
                    Rel::Divides,
                    rest_stride,
                )),
                Box::new(Check::rel(
                    format!("rest_stride < s_{i}"),
                    rest_stride,
                    Rel::Lt,
                    curr_shape,
                )),
            );
            let ok = cond.claimed();
            Step::new(
                OP,
                if ok { "stride condition" } else { "stride condition fails" },
                format!(
                    "A mode {i} = {curr_shape}:{curr_stride}: rest_stride {rest_stride} % s_{i} {curr_shape} = {rs_mod}, so s_{i} {} rest_stride{}",
                    if rs_mod == 0 { "divides" } else { "does not divide" },
                    if rs_mod == 0 {
                        String::new()
                    } else if rest_stride < curr_shape {
                        format!(", but rest_stride {rest_stride} < s_{i} {curr_shape}")
                    } else {
                        format!(" and rest_stride {rest_stride} >= s_{i} {curr_shape}: left divisibility fails")
                    }
                ),
            )
            .val("s", curr_shape)
            .val("d", curr_stride)
            .val("rest_shape", rest_shape)
            .val("rest_stride", rest_stride)
            .check(cond)
        });
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
            t.step(|| {
                Step::new(
                    OP,
                    "skip mode",
                    format!(
                        "{}: nothing of A mode {i} is taken; rest_stride = ceil_div({abs_rest}, {curr_shape}) = {next_stride}",
                        if rest_shape == 1 {
                            "rest_shape is 1".to_string()
                        } else {
                            format!("ceil_div(s_{i} {curr_shape}, rest_stride {abs_rest}) = 1: the stride steps over this mode")
                        }
                    ),
                )
                .val("rest_stride", next_stride)
            });
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape);
            t.step(|| {
                let cond = Check::rel("new_shape divides rest_shape", new_shape, Rel::Divides, rest_shape);
                let ok = cond.claimed();
                Step::new(
                    OP,
                    if ok { "shape condition" } else { "shape condition fails" },
                    format!(
                        "take min(ceil_div(s_{i} {curr_shape}, {abs_rest}) = {next_shape}, rest_shape {rest_shape}) = {new_shape} elements of A mode {i}; rest_shape {rest_shape} % {new_shape} = {}{}",
                        rest_shape % new_shape.max(1),
                        if ok {
                            format!(
                                ": mode {new_shape}:{}*{curr_stride}; rest_shape = {}, rest_stride = {next_stride}",
                                rest_stride,
                                rest_shape / new_shape.max(1)
                            )
                        } else {
                            ": the shape divisibility condition fails".to_string()
                        }
                    ),
                )
                .val("new_shape", new_shape)
                .val("rest_shape", rest_shape)
                .check(cond)
            });
            if arith::rem(rest_shape, new_shape, OP)? != 0 {
                return Err(condition(
                    OP,
                    format!(
                        "shape divisibility condition: shape {rest_shape} is not divisible by {new_shape}"
                    ),
                ));
            }
            result_shape.push(new_shape);
            result_stride.push(curr_stride.scaled(rest_stride, OP)?);
            rest_shape = arith::div(rest_shape, new_shape, OP)?;
            if rest_shape > 1 && curr_shape % abs_rest != 0 {
                // ceil_div rounded up: B's next element is not where A's next mode starts
                t.step(|| {
                    Step::new(
                        OP,
                        "inexact",
                        format!(
                            "rest_stride {abs_rest} does not divide s_{i} {curr_shape}: the {new_shape} elements taken end at {new_shape}*{abs_rest} = {}, not at s_{i} = {curr_shape}, yet the walk goes on into A mode {} as if B's next element were there, so the modes from here on need not be A o B (CuTe does not check this; the law check below decides)",
                            new_shape.saturating_mul(abs_rest),
                            i + 1
                        ),
                    )
                    .check(Check::rel(
                        format!("rest_stride divides s_{i}"),
                        abs_rest,
                        Rel::Divides,
                        curr_shape,
                    ))
                });
            }
            rest_stride = next_stride;
        }
    }
    let last_stride = ldv[r - 1];
    if result_shape.is_empty() {
        let out = Layout::raw(
            IntTuple::int(rest_shape),
            IntTuple::stride(last_stride.scaled(rest_stride, OP)?),
        );
        t.step(|| {
            leaf_result(ls, ld, rhs_shape, rhs_stride, &out).text_prefix(format!(
                "the last mode of A takes the rest: {rest_shape}:{rest_stride}*{last_stride}; "
            ))
        });
        return Ok(out);
    }
    if rest_shape == 1 {
        let s = IntTuple::of_ints(&result_shape).unwrap();
        let d = strides_tuple(result_stride).unwrap();
        let out = Layout::raw(s, d);
        t.step(|| {
            leaf_result(ls, ld, rhs_shape, rhs_stride, &out)
                .text_prefix("rest_shape is 1: nothing for the last mode; ".to_string())
        });
        return Ok(out);
    }
    result_shape.push(rest_shape);
    result_stride.push(last_stride.scaled(rest_stride, OP)?);
    let out = Layout::raw(
        IntTuple::of_ints(&result_shape),
        strides_tuple(result_stride),
    );
    t.step(|| {
        leaf_result(ls, ld, rhs_shape, rhs_stride, &out).text_prefix(format!(
            "the last mode of A takes the rest: {rest_shape}:{rest_stride}*{last_stride}; "
        ))
    });
    Ok(out)
}

/// The tuple of these stride leaves.
fn strides_tuple(strides: smallvec::SmallVec<[Stride; 8]>) -> IntTuple {
    let mut b = TupleBuilder::new();
    for d in strides {
        b.push_stride(d);
    }
    b.finish()
}

/// The sub-layout `A o s:d` one mode of B gives, with its law to verify.
fn leaf_result(ls: &Tup, ld: &Tup, s: i64, d: i64, r: &Layout) -> Step {
    let a = Layout::raw(ls.to_owned(), ld.to_owned());
    let b = Layout::raw(IntTuple::int(s), IntTuple::int(d));
    Step::new(OP, "sub-layout", format!("A o {b} = {r}"))
        .val("R", r)
        .check(Check::Composition { a, b, r: r.clone() })
}
