//! The arguments of a call as a function of the table reads them ([`Args`]: as a layout, a
//! tiler, a shape, an index ...), and the readers and helpers the groups share.

use crate::algebra::composition::Rule;
use crate::algebra::{self, ComposedLayout, IntTuple, Layout, Tiler, TilerBuf, Tup};
use crate::eval::convert::{to_index, to_int_tuple, to_layout, to_tiler};
use crate::eval::{EvalError, Value};
use crate::parser::Span;

/// The arguments of a call, with their spans.
pub struct Args<'a> {
    pub(super) vals: &'a [Value],
    pub(super) spans: &'a [Span],
    /// The whole call.
    pub span: Span,
    /// Whose compositions the call computes (C++'s, or the CuTe DSL's under a DSL call).
    pub rule: Rule,
}

impl<'a> Args<'a> {
    pub(super) fn layout(&self, i: usize) -> Result<Layout, EvalError> {
        to_layout(&self.vals[i], self.spans[i])
    }
    /// [`Args::layout`], borrowed when the argument is a layout.
    pub(super) fn layout_ref(&self, i: usize) -> Result<std::borrow::Cow<'_, Layout>, EvalError> {
        crate::eval::convert::layout_of(&self.vals[i], self.spans[i])
    }
    /// Argument `i` read as a tiler, its modes held in `buf` ([`to_tiler`], inline with it).
    #[inline(always)]
    pub(super) fn tiler<'b>(
        &self,
        i: usize,
        buf: &'b mut TilerBuf<'a>,
    ) -> Result<Tiler<'b>, EvalError>
    where
        'a: 'b,
    {
        to_tiler(&self.vals[i], self.spans[i], buf)
    }
    pub(super) fn int_tuple(&self, i: usize) -> Result<IntTuple, EvalError> {
        to_int_tuple(&self.vals[i], self.spans[i])
    }
    /// Argument `i` as a major tag (`LayoutLeft{}`, `GenColMajor{}`, `LayoutRight{}`,
    /// `GenRowMajor{}`: CuTe's `using GenColMajor = LayoutLeft`), `None` where it is no name;
    /// another name is an error.
    pub(super) fn major_tag(
        &self,
        op: &str,
        i: usize,
    ) -> Result<Option<algebra::tuple_algorithms::Major>, EvalError> {
        use algebra::tuple_algorithms::Major;
        let Value::Name(tag) = &self.vals[i] else {
            return Ok(None);
        };
        match tag.as_str() {
            "LayoutLeft" | "GenColMajor" => Ok(Some(Major::Left)),
            "LayoutRight" | "GenRowMajor" => Ok(Some(Major::Right)),
            _ => Err(EvalError::new(
                format!(
                    "{op}: '{tag}' is neither a variable nor a major tag (LayoutLeft, LayoutRight, GenColMajor, GenRowMajor)"
                ),
                self.spans[i],
            )),
        }
    }
    /// Argument `i` read as a shape: an IntTuple whose extents are all at least 1 (SPEC §3).
    pub(super) fn shape(&self, i: usize) -> Result<IntTuple, EvalError> {
        let t = self.int_tuple(i)?;
        check_extents(&t, self.spans[i])?;
        Ok(t)
    }
    pub(super) fn index(&self, i: usize) -> Result<usize, EvalError> {
        to_index(&self.vals[i], self.spans[i])
    }
    pub(super) fn len(&self) -> usize {
        self.vals.len()
    }
    pub(super) fn alg(&self) -> impl Fn(algebra::AlgebraError) -> EvalError + '_ {
        move |e| EvalError::algebra(e, self.span)
    }
}

/// The shape of argument `i`: a tuple as it is, or the shape of a layout, composed layout (of
/// a composed layout too) or tensor.
pub(super) fn shape_of(a: &Args, i: usize) -> Result<IntTuple, EvalError> {
    match &a.vals[i] {
        Value::IntTuple(t) => Ok(t.clone()),
        Value::Composed(c) => Ok(c.layout.shape().to_owned()),
        Value::NestedComposed(n) => Ok(n.inner.layout.shape().to_owned()),
        Value::OffsetLayout(_, l) => Ok(l.shape().to_owned()),
        _ => Ok(a.layout(i)?.shape().to_owned()),
    }
}

/// A shape's extents are at least 1 (SPEC §3: stricter than CuTe, which allows empty modes).
pub(super) fn check_extents(t: &Tup, span: Span) -> Result<(), EvalError> {
    match t.first_leaf(|x| x <= 0) {
        Some(bad) => Err(EvalError::new(
            format!("shape {t} has a non-positive extent {bad}"),
            span,
        )),
        None => Ok(()),
    }
}

/// A tuple of values, within the limits on values.
pub(super) fn tuple_of(a: &Args, items: Vec<Value>) -> Result<Value, EvalError> {
    let v = Value::tuple(items);
    crate::eval::value::check_value(&v).map_err(|m| EvalError::new(m, a.span))?;
    Ok(v)
}

/// `f` of a layout argument, or of the inner layout of a composed one, `Sw o OFF o f(L)`: how
/// CuTe applies the divides, the products, `coalesce` and `layout<I...>` to a composed layout.
/// Argument `i` is checked before `f` runs (so `f` reads the later arguments: errors stay in
/// argument order). (Always inline: one instance a closure, a test and a call.)
#[inline(always)]
pub(super) fn on_layout(
    a: &Args,
    i: usize,
    f: impl FnOnce(&Layout) -> Result<Layout, EvalError>,
) -> Result<Value, EvalError> {
    match &a.vals[i] {
        Value::Composed(c) => Ok(Value::composed(ComposedLayout {
            layout: f(&c.layout)?,
            ..(**c).clone()
        })),
        _ => f(&*a.layout_ref(i)?).map(Value::Layout),
    }
}

/// What the CuTe DSL (4.8.1) asks to be static of an argument: its MLIR operation refuses a
/// run-time integer there ("expects `input` to be static", "expects an input with static
/// shape", "expects dicer to be static"), where CuTe C++ computes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DslStatic {
    /// The layout, shape and stride.
    Layout,
    /// The layout's shape.
    Shape,
    /// The coordinate (every integer of it).
    Coord,
}

/// The CuTe DSL's refusal of argument `i` of `op` where it holds a run-time integer that the
/// DSL asks to be static (`need`); `Ok` where it holds none, or is no plain layout (a composed
/// layout, a tensor: those the DSL checks otherwise).
pub(super) fn dsl_static(a: &Args, op: &str, i: usize, need: DslStatic) -> Result<(), EvalError> {
    let dynamic = match (&a.vals[i], need) {
        (Value::Layout(l), DslStatic::Layout) => !l.is_static(),
        (Value::Layout(l), DslStatic::Shape) => !l.shape().is_static(),
        (v, DslStatic::Coord) => crate::eval::convert::has_dynamic_int(v),
        _ => false,
    };
    if !dynamic {
        return Ok(());
    }
    let (what, msg) = match need {
        DslStatic::Layout => ("layout", "expects `input` to be static"),
        DslStatic::Shape => ("layout's shape", "expects an input with static shape"),
        DslStatic::Coord => ("coordinate", "expects dicer to be static"),
    };
    Err(EvalError::new(
        format!(
            "cute.{op}: the CuTe DSL takes a static {what} here (its operation refuses a run-time integer: \"{msg}\"); CuTe C++ computes it"
        ),
        a.spans[i],
    ))
}
