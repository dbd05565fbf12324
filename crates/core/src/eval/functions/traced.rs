//! The derivations of the functions `cute explain` explains: each runs the `_traced` variant of
//! the algorithm its plain handler runs, so the result is the plain result.

use std::borrow::Cow;

use super::{Args, Traced};
use crate::algebra::composition::Rule;
use crate::algebra::trace::{Recorder, Step, Trace};
use crate::algebra::{self, Layout, Tiler, TilerBuf, complement, composition, coord};
use crate::eval::convert::{layout_of, tensor_of, to_coord, to_int_tuple};
use crate::eval::{EvalError, Value, compose_values_in};

/// A plain layout argument (or a shape, read as a column-major layout).
fn plain_layout(a: &Args, i: usize) -> bool {
    matches!(a.vals[i], Value::Layout(_) | Value::IntTuple(_))
}

/// Argument `i` as a layout: borrowed where it is one (a shape is made a column-major layout).
fn layout<'v>(a: &Args<'v>, i: usize) -> Result<Cow<'v, Layout>, EvalError> {
    layout_of(&a.vals[i], a.spans[i])
}

/// [`layout`] as a reference, a layout made from a shape kept in `made`: the calls that check
/// a law get a pointer, not a `Cow` (a layout's size) moved out of a `Result`.
#[inline(always)]
fn layout_in<'r, 'v: 'r>(
    a: &Args<'v>,
    i: usize,
    made: &'r mut Option<Layout>,
) -> Result<&'r Layout, EvalError> {
    match layout(a, i)? {
        Cow::Borrowed(l) => Ok(l),
        Cow::Owned(l) => Ok(made.insert(l)),
    }
}

/// Where a derivation's value goes (the derivations that lawful calls run are written once,
/// for both): `cute explain`'s [`Traced`] ([`Explained`]), or the value of a call as the
/// user's ([`Lawful`], its plain handler answering where these arguments have no
/// derivation). The value is built where the caller reads it: no `Traced` is made and
/// unwrapped on a lawful call (a layout-sized value moved twice).
pub(super) trait Answer {
    /// The call's value in the caller's form.
    type Out;
    /// These arguments have no derivation.
    fn none(self, a: &Args) -> Result<Self::Out, EvalError>;
    /// The derivation's value.
    fn value(r: Result<Value, EvalError>) -> Result<Self::Out, EvalError>;
}

/// For `cute explain`: a [`Traced`].
pub(super) struct Explained;

impl Answer for Explained {
    type Out = Option<Result<Value, EvalError>>;
    #[inline(always)]
    fn none(self, _: &Args) -> Result<Self::Out, EvalError> {
        Ok(None)
    }
    #[inline(always)]
    fn value(r: Result<Value, EvalError>) -> Result<Self::Out, EvalError> {
        Ok(Some(r))
    }
}

/// For a call as the user's ([`super::LawfulHandler`]): the derivation's value, or where these
/// arguments have none, the plain handler's.
pub(super) struct Lawful(pub(super) super::Handler);

impl Answer for Lawful {
    type Out = Value;
    #[inline(always)]
    fn none(self, a: &Args) -> Result<Value, EvalError> {
        (self.0)(a)
    }
    #[inline(always)]
    fn value(r: Result<Value, EvalError>) -> Result<Value, EvalError> {
        r
    }
}

/// A layout result as the call's value, built where the answer is read.
#[inline(always)]
fn layout_value<A: Answer>(a: &Args, r: algebra::Result<Layout>) -> Result<A::Out, EvalError> {
    // each arm answers (one merged `Result` would be a temporary, copied to the caller's slot)
    match r {
        Ok(l) => A::value(Ok(Value::Layout(l))),
        Err(e) => A::value(Err(a.alg()(e))),
    }
}

#[inline]
fn lay(a: &Args, r: algebra::Result<Layout>) -> Traced {
    Ok(Some(r.map(Value::Layout).map_err(a.alg())))
}

pub(super) fn coalesce(a: &Args, t: &mut Recorder) -> Traced {
    if !plain_layout(a, 0) {
        return Ok(None);
    }
    let l = layout(a, 0)?;
    if a.vals.len() == 2 {
        let profile = to_int_tuple(&a.vals[1], a.spans[1])?;
        lay(a, l.coalesce_profile_traced(&profile, t))
    } else {
        lay(a, l.coalesce_traced(t))
    }
}

pub(super) fn filter(a: &Args, t: &mut Recorder) -> Traced {
    if a.vals.len() != 1 || !plain_layout(a, 0) {
        return Ok(None);
    }
    lay(a, layout(a, 0)?.filter_traced(t))
}

#[inline]
pub(super) fn composition<T: Trace, A: Answer>(
    a: &Args,
    t: &mut T,
    answer: A,
) -> Result<A::Out, EvalError> {
    // composition(A, O, B) of a layout or a swizzled layout A: CuTe's ComposedLayout
    if a.vals.len() == 3
        && matches!(a.vals[0], Value::Layout(_) | Value::Composed(_))
        && let Some(v) = super::construction::layout_composed_of(a)?
    {
        t.step(|| {
            Step::new(
                "composition",
                "ComposedLayout",
                format!(
                    "composition(A, O, B) of {} A is CuTe's ComposedLayout<A, O, B> (layout_composed.hpp): c -> A(O + B(c)), kept as three stages, not composed further",
                    a.vals[0].kind()
                ),
            )
        });
        return A::value(Ok(v));
    }
    if a.vals.len() != 2 {
        return answer.none(a);
    }
    let (x, y) = (&a.vals[0], &a.vals[1]);
    // a composed layout on either side (layout_composed.hpp): the rule named, composed as CuTe
    // composes it
    let rule = match (x, y) {
        (Value::LayoutComposed(c), Value::LayoutComposed(_) | Value::NestedComposed(_))
            if c.origin.is_none() =>
        {
            Some(
                "composition(A o O o B, Y) = composition(A, O, composition(B, Y)) (layout_composed.hpp): B composed with the composed layout Y, A and O kept",
            )
        }
        (Value::LayoutComposed(c), _) if c.origin.is_none() => Some(
            "composition(A o O o B, T) = A o O o composition(B, T) (layout_composed.hpp): A and O kept, B composed (a swizzle B with a layout T: Sw o _0 o T; a swizzle T moved before a layout B)",
        ),
        (_, Value::LayoutComposed(c)) if c.origin.is_none() => Some(
            "composition(L, A o O o B) = composition(composition(L, A), B) (layout_composed.hpp), which needs O a static 0 (CUTE_STATIC_ASSERT_V(b.offset() == Int<0>{}))",
        ),
        _ => None,
    };
    if let Some(rule) = rule {
        t.step(|| Step::new("composition", "composed layout", rule.to_string()));
        return A::value(compose_values_in(
            x, a.spans[0], y, a.spans[1], a.span, a.rule,
        ));
    }
    let layout_like =
        matches!(x, Value::Layout(_)) || matches!(x, Value::IntTuple(t) if !t.is_int());
    let tiler_like = !matches!(
        y,
        Value::Swizzle(_) | Value::Composed(_) | Value::NestedComposed(_) | Value::Offset(_)
    );
    if layout_like && tiler_like {
        let mut made = None;
        let l = layout_in(a, 0, &mut made)?;
        let mut buf = TilerBuf::new();
        let tl = a.tiler(1, &mut buf)?;
        return layout_value::<A>(a, composition::compose_tiler_traced(l, &tl, a.rule, t));
    }
    // a layout then a swizzle (swizzle_layout.hpp, layout_composed.hpp): its law checked where
    // the sink checks laws
    if layout_like && matches!(y, Value::Swizzle(_) | Value::Composed(_)) {
        let l = layout(a, 0)?;
        t.step(|| {
            Step::new(
                "composition",
                "swizzle",
                format!(
                    "{l} o {}: the swizzle moves to the left of A (make_swizzle of A's masks), as CuTe composes it",
                    y.kind()
                ),
            )
        });
        let r = match y {
            Value::Swizzle(s) => algebra::swizzle::layout_then_swizzle_traced(&l, s, t),
            Value::Composed(c) => algebra::swizzle::layout_then_composed_traced(&l, c, t),
            _ => unreachable!("matched above"),
        };
        return A::value(r.map_err(a.alg()).and_then(super::swizzled_value));
    }
    t.step(|| {
        Step::new(
            "composition",
            "no derivation",
            format!(
                "{} o {}: a swizzle, offset or composed layout; composed as CuTe does, without a derivation",
                x.kind(),
                y.kind()
            ),
        )
    });
    A::value(compose_values_in(
        x, a.spans[0], y, a.spans[1], a.span, a.rule,
    ))
}

pub(super) fn complement(a: &Args, t: &mut Recorder) -> Traced {
    if !plain_layout(a, 0) {
        return Ok(None);
    }
    let l = layout(a, 0)?;
    let target = if a.vals.len() == 2 {
        Some(match &a.vals[1] {
            Value::Layout(m) => m.shape().to_owned(),
            _ => to_int_tuple(&a.vals[1], a.spans[1])?,
        })
    } else {
        None
    };
    lay(a, complement::complement_traced(&l, target.as_ref(), t))
}

/// A divide or product of a layout by a tiler; `op` a function item, called directly (not
/// through a fn pointer) so that its result is built where `lay` reads it.
#[inline]
pub(super) fn tiler_op<
    T: Trace,
    Op: FnOnce(&Layout, &Tiler, Rule, &mut T) -> algebra::Result<Layout>,
    A: Answer,
>(
    a: &Args,
    t: &mut T,
    op: Op,
    answer: A,
) -> Result<A::Out, EvalError> {
    if !plain_layout(a, 0) {
        return answer.none(a);
    }
    let mut made = None;
    let l = layout_in(a, 0, &mut made)?;
    let mut buf = TilerBuf::new();
    let tl = a.tiler(1, &mut buf)?;
    layout_value::<A>(a, op(l, &tl, a.rule, t))
}

/// A product of two layouts (blocked, raked).
#[inline]
pub(super) fn layout_op<T: Trace, A: Answer>(
    a: &Args,
    t: &mut T,
    op: fn(&Layout, &Layout, Rule, &mut T) -> algebra::Result<Layout>,
    answer: A,
) -> Result<A::Out, EvalError> {
    if !plain_layout(a, 0) || !plain_layout(a, 1) {
        return answer.none(a);
    }
    let (mut made_x, mut made_y) = (None, None);
    let (x, y) = (layout_in(a, 0, &mut made_x)?, layout_in(a, 1, &mut made_y)?);
    layout_value::<A>(a, op(x, y, a.rule, t))
}

#[inline(always)]
pub(super) fn inverse<T: Trace, A: Answer>(
    a: &Args,
    t: &mut T,
    name: &'static str,
    op: fn(&Layout, &mut T) -> algebra::Result<Layout>,
    answer: A,
) -> Result<A::Out, EvalError> {
    // swizzle_layout.hpp: a swizzle is its own right and left inverse
    if let Value::Swizzle(s) = &a.vals[0] {
        let r = algebra::recast::swizzle_inverse_traced("inverse", s, t);
        return A::value(Ok(Value::Swizzle(r)));
    }
    // swizzle_layout.hpp: of a swizzled layout with a nonzero offset, a layout after the
    // swizzle, its law checked where the sink checks laws
    if let Value::Composed(c) = &a.vals[0]
        && !c.offset.is_static_zero()
    {
        let plain: fn(&Layout) -> algebra::Result<Layout> = if name == "right_inverse" {
            algebra::inverse::right_inverse
        } else {
            algebra::inverse::left_inverse
        };
        let r = algebra::swizzle::inverse_composed_traced(c, name, plain, t);
        return A::value(
            r.map_err(a.alg())
                .and_then(super::swizzled::composed_inverse_value),
        );
    }
    // layout_composed.hpp: inverse(A o O o B) = composition(inverse(B), inverse(O), inverse(A))
    if let Value::LayoutComposed(c) = &a.vals[0]
        && c.origin.is_none()
    {
        t.step(|| {
            Step::new(
                name,
                "composed layout",
                format!(
                    "{name}(A o O o B) = composition({name}(B), {name}(O), {name}(A)) (layout_composed.hpp), {name}(O) = -O of a static integer; {name} of a swizzled stage as swizzle_layout.hpp takes it"
                ),
            )
        });
        return A::value(super::layout_composed::inverse(
            name, &c.layout, a.spans[0], None,
        ));
    }
    if !plain_layout(a, 0) {
        return answer.none(a);
    }
    let mut made = None;
    layout_value::<A>(a, op(layout_in(a, 0, &mut made)?, t))
}

pub(super) fn local_tile(a: &Args, t: &mut Recorder) -> Traced {
    if a.vals.len() != 3 {
        return Ok(None);
    }
    let tensor = tensor_of(&a.vals[0], a.spans[0])?;
    let c = to_coord(&a.vals[2], a.spans[2])?;
    let mut buf = TilerBuf::new();
    Ok(Some(
        algebra::tensor::local_tile_traced(&tensor, &a.tiler(1, &mut buf)?, &c, t)
            .map(Value::tensor)
            .map_err(a.alg()),
    ))
}

pub(super) fn local_partition(a: &Args, t: &mut Recorder) -> Traced {
    if a.vals.len() != 3 {
        return Ok(None);
    }
    let tensor = tensor_of(&a.vals[0], a.spans[0])?;
    let idx = crate::eval::convert::to_int(&a.vals[2], a.spans[2])?;
    Ok(Some(
        algebra::tensor::local_partition_traced(&tensor, &*layout(a, 1)?, idx, t)
            .map(Value::tensor)
            .map_err(a.alg()),
    ))
}

pub(super) fn idx2crd(a: &Args, t: &mut Recorder) -> Traced {
    if a.vals.len() != 2 {
        return Ok(None);
    }
    let (i, s) = (
        to_int_tuple(&a.vals[0], a.spans[0])?,
        to_int_tuple(&a.vals[1], a.spans[1])?,
    );
    Ok(Some(
        coord::idx2crd_traced(&i, &s, t)
            .map(Value::IntTuple)
            .map_err(a.alg()),
    ))
}

pub(super) fn crd2idx(a: &Args, t: &mut Recorder) -> Traced {
    let (c, s, d) = match a.vals.len() {
        2 if matches!(a.vals[1], Value::Layout(_)) => {
            let c = to_int_tuple(&a.vals[0], a.spans[0])?;
            let l = layout(a, 1)?;
            (c, l.shape().to_owned(), l.stride().to_owned())
        }
        3 => (
            to_int_tuple(&a.vals[0], a.spans[0])?,
            to_int_tuple(&a.vals[1], a.spans[1])?,
            to_int_tuple(&a.vals[2], a.spans[2])?,
        ),
        _ => return Ok(None),
    };
    Ok(Some(
        coord::crd2idx_traced(&c, &s, &d, t)
            .map(Value::int)
            .map_err(a.alg()),
    ))
}
