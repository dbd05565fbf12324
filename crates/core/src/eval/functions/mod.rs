//! The function table: every callable name, its signature and what it does, in one place
//! (the REPL's help is generated from it).

use super::convert::{tensor_of, to_coord, to_index, to_int_tuple, to_layout, to_tiler};
use super::{EvalError, Value, compose_values};
use crate::algebra::tensor::Origin;
use crate::algebra::trace::Recorder;
use crate::algebra::{self, ComposedLayout, IntTuple, Layout, Tiler, TilerBuf, Tup};
use crate::algebra::{common, complement, coord, divide, inverse};
use crate::parser::Span;

type Handler = fn(&Args) -> Result<Value, EvalError>;

/// What a traced call gives `cute explain`: `Err`, the arguments are not what the operation
/// takes (the explanation fails as a plain error would); `Ok(None)`, these arguments have no
/// derivation (the plain call runs, with a step saying so); `Ok(Some(r))`, the operation's
/// result, its steps recorded.
pub type Traced = Result<Option<Result<Value, EvalError>>, EvalError>;

/// The derivation of a call: the same algorithm as [`Handler`]'s, through its `_traced`
/// variant reporting to the recorder.
type TracedHandler = fn(&Args, &mut Recorder) -> Traced;

/// One callable function.
pub struct Function {
    /// Its name, as in CuTe.
    pub name: &'static str,
    /// Its arguments, for help text.
    pub signature: &'static str,
    /// What it computes.
    pub summary: &'static str,
    /// A statement calling it (`:help NAME` shows it with its result, computed).
    pub example: &'static str,
    /// Smallest and largest number of arguments (`usize::MAX`: any).
    pub arity: (usize, usize),
    handler: Handler,
    /// Its derivation for `cute explain`, if it has one.
    traced: Option<TracedHandler>,
    /// Where C++ template arguments (`upcast<2>(L)`) go among the call's arguments.
    template: TemplateArgs,
    /// CuTe's tensor overload: what it does with a tensor (`OFF o L`, `OFF o Sw o OFF2 o L`).
    tensor: OnTensor,
    /// What it does with a composed layout argument (layout_composed.hpp).
    composed: OnComposed,
    /// Whether it takes basis elements (`1@0`: an identity layout's strides, an identity
    /// tensor, an arithmetic tuple); a function without it refuses them before it runs.
    coordinates: bool,
}

/// How a function applies to a tensor given as its first argument (tensor_impl.hpp): the
/// handler runs on the tensor's layout, and its result is
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnTensor {
    /// (the handler sees the tensor itself)
    Handler,
    /// a view of the same data, `OFF o f(L)` (`flatten`, `coalesce`, the divides, ...).
    Keep,
    /// a new tensor over its own (register) memory, `f(L)` (`make_fragment_like`,
    /// `make_tensor_like`).
    New,
}

/// How a function applies to a composed layout `Sw o OFF o L` given as one of its arguments,
/// as CuTe's layout_composed.hpp defines it for most layout functions: the handler runs on
/// the inner layout `L` in that argument's place, and its result is
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnComposed {
    /// (the handler sees the composed layout itself)
    Handler,
    /// rewrapped, `Sw o OFF o f(L)` (`flatten`, `take`, `group`, `zip`, `filter(L, profile)`, ...),
    /// when it is a layout; argument index.
    Rewrap(usize),
    /// returned as it is, `f(L)` (`make_fragment_like`, ...); argument index.
    Inner(usize),
    /// [`OnComposed::Rewrap`] of argument `.0` when the call has at least `.1` arguments
    /// (`filter(C, profile)`: CuTe has no `filter(C)`); with fewer, the handler sees `C`.
    RewrapWith(usize, usize),
}

/// Where a call's C++ template arguments go among its arguments: `upcast<2>(L)` is
/// `upcast(L, 2)` (after, as the DSL's `upcast(layout, factor)` orders them),
/// `recast_layout<uint16_t, uint8_t>(L)` is `recast_layout(uint16_t, uint8_t, L)` (before).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateArgs {
    /// The function takes no template arguments (besides the mode-index forms of [`templated`]).
    None,
    /// Template arguments come before the call's arguments.
    Before,
    /// Template arguments come after the call's arguments.
    After,
}

impl Function {
    /// The fields a table entry leaves out.
    const DEFAULTS: Function = Function {
        name: "",
        signature: "",
        summary: "",
        example: "",
        arity: (0, 0),
        handler: |a| Err(EvalError::new("no handler", a.span)),
        traced: None,
        template: TemplateArgs::None,
        tensor: OnTensor::Handler,
        composed: OnComposed::Handler,
        coordinates: false,
    };
}

/// The arguments of a call, with their spans.
pub struct Args<'a> {
    vals: &'a [Value],
    spans: &'a [Span],
    /// The whole call.
    pub span: Span,
}

impl<'a> Args<'a> {
    fn layout(&self, i: usize) -> Result<Layout, EvalError> {
        to_layout(&self.vals[i], self.spans[i])
    }
    /// [`Args::layout`], borrowed when the argument is a layout.
    fn layout_ref(&self, i: usize) -> Result<std::borrow::Cow<'_, Layout>, EvalError> {
        super::convert::layout_of(&self.vals[i], self.spans[i])
    }
    /// Argument `i` read as a tiler, its modes held in `buf` ([`to_tiler`]).
    fn tiler<'b>(&self, i: usize, buf: &'b mut TilerBuf<'a>) -> Result<Tiler<'b>, EvalError>
    where
        'a: 'b,
    {
        to_tiler(&self.vals[i], self.spans[i], buf)
    }
    fn int_tuple(&self, i: usize) -> Result<IntTuple, EvalError> {
        to_int_tuple(&self.vals[i], self.spans[i])
    }
    /// Argument `i` read as a shape: an IntTuple whose extents are all at least 1 (SPEC §3).
    fn shape(&self, i: usize) -> Result<IntTuple, EvalError> {
        let t = self.int_tuple(i)?;
        check_extents(&t, self.spans[i])?;
        Ok(t)
    }
    fn index(&self, i: usize) -> Result<usize, EvalError> {
        to_index(&self.vals[i], self.spans[i])
    }
    fn len(&self) -> usize {
        self.vals.len()
    }
    fn alg(&self) -> impl Fn(algebra::AlgebraError) -> EvalError + '_ {
        move |e| EvalError::algebra(e, self.span)
    }
}

macro_rules! f {
    ($name:literal, $sig:literal, $summary:literal, $example:literal, $lo:expr, $hi:expr, $h:expr $(, $key:ident: $val:expr)* $(,)?) => {
        Function {
            name: $name,
            signature: $sig,
            summary: $summary,
            example: $example,
            arity: ($lo, $hi),
            handler: $h,
            $($key: $val,)*
            ..Function::DEFAULTS
        }
    };
}

/// A function of the atoms module (`methods::atom_function` dispatches on its name).
macro_rules! atom_f {
    ($name:literal, $sig:literal, $summary:literal, $example:literal, $lo:expr, $hi:expr) => {
        f!($name, $sig, $summary, $example, $lo, $hi, |a| {
            crate::eval::methods::atom_function($name, a.vals, a.spans, a.span)
        })
    };
}

const ANY: usize = usize::MAX;

mod layouts;
mod partition;
mod swizzled;
mod tuples;

pub(crate) use swizzled::swizzled_value;

/// Every function, in help order: the table's groups, one file each.
static GROUPS: &[&[Function]] = &[
    CORE,
    layouts::FUNCTIONS,
    tuples::FUNCTIONS,
    swizzled::FUNCTIONS,
    partition::FUNCTIONS,
];

/// Every function of the table, in help order.
pub fn all() -> impl Iterator<Item = &'static Function> + Clone {
    GROUPS.iter().flat_map(|g| g.iter())
}

/// The layout algebra's first functions, the atoms and the constructors.
static CORE: &[Function] = &[
    f!(
        "size",
        "size(L)",
        "number of elements of the domain",
        "size((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::IntTuple(t) => {
                    check_extents(t, a.spans[0])?;
                    t.product().map(Value::int).map_err(a.alg())
                }
                Value::Composed(c) | Value::SwizzledTensor(_, c) => {
                    c.layout.size().map(Value::int).map_err(a.alg())
                }
                Value::OffsetLayout(_, l) => l.size().map(Value::int).map_err(a.alg()),
                // `size(tiled_mma)`, `size(tiled_copy)`: the number of threads
                Value::Atom(x) => match x.as_ref() {
                    crate::atoms::Atom::TiledMma(t) | crate::atoms::Atom::ThrMma(t, _) => {
                        t.num_threads().map(Value::int).map_err(a.alg())
                    }
                    crate::atoms::Atom::TiledCopy(t) | crate::atoms::Atom::ThrCopy(t, _) => {
                        t.num_threads().map(Value::int).map_err(a.alg())
                    }
                    other => Err(EvalError::new(
                        format!(
                            "size of {}: only tiled MMAs and tiled copies have one",
                            other.kind()
                        ),
                        a.spans[0],
                    )),
                },
                _ => a.layout_ref(0)?.size().map(Value::int).map_err(a.alg()),
            }
        },
        coordinates: true
    ),
    f!(
        "cosize",
        "cosize(L)",
        "size of the codomain, L(size-1)+1 over |strides|",
        "cosize((4,8):(2,16))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Composed(c) => c.layout.cosize().map(Value::int).map_err(a.alg()),
                _ => {
                    let l = a.layout_ref(0)?;
                    if l.stride().has_basis() {
                        // CuTe: size(coshape(L)), the coordinates' extents multiplied
                        return algebra::basis::coshape(&l)
                            .and_then(|c| c.product())
                            .map(Value::int)
                            .map_err(a.alg());
                    }
                    l.cosize().map(Value::int).map_err(a.alg())
                }
            }
        },
        coordinates: true
    ),
    f!(
        "rank",
        "rank(L)",
        "number of top-level modes",
        "rank((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| { Ok(Value::int(shape_of(a, 0)?.rank() as i64)) },
        coordinates: true
    ),
    f!(
        "depth",
        "depth(L)",
        "nesting depth of the shape",
        "depth((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| { Ok(Value::int(shape_of(a, 0)?.depth() as i64)) },
        coordinates: true
    ),
    f!(
        "shape",
        "shape(L)",
        "the shape",
        "shape((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| Ok(Value::IntTuple(shape_of(a, 0)?)),
        coordinates: true
    ),
    f!(
        "stride",
        "stride(L)",
        "the stride",
        "stride((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| { Ok(Value::IntTuple(a.layout(0)?.stride().to_owned())) },
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "get",
        "get(L, i, j, ...)",
        "the sub-layout (or sub-tuple) of mode i, then j, ...",
        "get((4,(2,3)):(1,(4,8)), 1, 0)",
        2,
        ANY,
        |a| {
            match &a.vals[0] {
                Value::IntTuple(t) => {
                    let mut cur = t.clone();
                    for i in 1..a.len() {
                        let idx = a.index(i)?;
                        cur = cur.mode(idx).map(Tup::to_owned).ok_or_else(|| {
                            EvalError::new(
                                format!(
                                    "get: mode index {idx} out of range for rank {}",
                                    cur.rank()
                                ),
                                a.spans[i],
                            )
                        })?;
                    }
                    Ok(Value::IntTuple(cur))
                }
                _ => on_layout(a, 0, |l| {
                    let mut cur = l.clone();
                    for i in 1..a.len() {
                        let idx = a.index(i)?;
                        cur = cur
                            .mode(idx)
                            .map_err(|e| EvalError::algebra(e, a.spans[i]))?;
                    }
                    Ok(cur)
                }),
            }
        },
        coordinates: true
    ),
    f!(
        "compatible",
        "compatible(A, B)",
        "whether A's shape is compatible with B's",
        "compatible((4,8), ((2,2),8))",
        2,
        2,
        |a| { Ok(Value::Bool(shape_of(a, 0)?.compatible(&shape_of(a, 1)?))) }
    ),
    f!(
        "congruent",
        "congruent(A, B)",
        "whether A and B have the same profile",
        "congruent((4,8), (1,4))",
        2,
        2,
        |a| { Ok(Value::Bool(shape_of(a, 0)?.congruent(&shape_of(a, 1)?))) }
    ),
    f!(
        "make_layout",
        "make_layout(SHAPE[, STRIDE | LayoutLeft | LayoutRight]) | make_layout(L0, L1, ...)",
        "a layout from a shape (column-major) and stride, or the concatenation of layouts",
        "make_layout((4,8), LayoutRight)",
        1,
        ANY,
        |a| {
            // C++'s stride tags (`LayoutLeft{}`: GenColMajor, `LayoutRight{}`: GenRowMajor)
            if let [Value::IntTuple(shape), Value::Name(tag)] = a.vals {
                let made = match tag.as_str() {
                    "LayoutLeft" | "GenColMajor" => Layout::column_major(shape.clone()),
                    "LayoutRight" | "GenRowMajor" => Layout::row_major(shape.clone()),
                    _ => {
                        return Err(EvalError::new(
                            format!(
                                "make_layout: '{tag}' is neither a variable nor a stride tag (LayoutLeft, LayoutRight)"
                            ),
                            a.spans[1],
                        ));
                    }
                };
                return made.map(Value::Layout).map_err(a.alg());
            }
            let all_tuples = a.vals.iter().all(|v| matches!(v, Value::IntTuple(_)));
            if all_tuples && a.len() <= 2 {
                let shape = a.int_tuple(0)?;
                if a.len() == 1 {
                    return Layout::column_major(shape)
                        .map(Value::Layout)
                        .map_err(a.alg());
                }
                return Layout::new(shape, a.int_tuple(1)?)
                    .map(Value::Layout)
                    .map_err(a.alg());
            }
            let parts = (0..a.len())
                .map(|i| match &a.vals[i] {
                    Value::Layout(l) => Ok(l.clone()),
                    other => Err(EvalError::new(
                        format!(
                            "make_layout of layouts: argument {} is {}",
                            i + 1,
                            other.kind()
                        ),
                        a.spans[i],
                    )),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Layout(Layout::concat(&parts)))
        },
        coordinates: true
    ),
    f!(
        "make_shape",
        "make_shape(s0, s1, ...)",
        "the shape (s0, s1, ...), as C++'s make_shape",
        "make_shape(4, (2,3))",
        0,
        ANY,
        |a| {
            let v = int_tuples(a)?;
            if let Value::IntTuple(t) = &v {
                check_extents(t, a.span)?;
            }
            Ok(v)
        }
    ),
    f!(
        "make_stride",
        "make_stride(d0, d1, ...)",
        "the stride (d0, d1, ...), as C++'s make_stride",
        "make_stride(1, (4,8))",
        0,
        ANY,
        |a| int_tuples(a),
        coordinates: true
    ),
    f!(
        "make_coord",
        "make_coord(c0, c1, ...)",
        "the coordinate (c0, c1, ...), `_` slicing, as C++'s make_coord",
        "make_coord(1, _)",
        1,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true
    ),
    f!(
        "make_tile",
        "make_tile(t0, t1, ...)",
        "the by-mode tiler <t0, t1, ...> (layouts, integers, shapes, `_`), as C++'s make_tile",
        "make_tile(3:4, 8:2)",
        1,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true
    ),
    f!(
        "make_layout_right",
        "make_layout_right(SHAPE)",
        "the row-major (LayoutRight) layout of a shape",
        "make_layout_right((4,8))",
        1,
        1,
        |a| {
            Layout::row_major(a.int_tuple(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
    f!(
        "make_ordered_layout",
        "make_ordered_layout(SHAPE, ORDER)",
        "compact layout whose modes are ordered by ORDER",
        "make_ordered_layout((4,8,2), (1,0,2))",
        2,
        2,
        |a| {
            Layout::ordered(a.int_tuple(0)?, &a.int_tuple(1)?)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
    f!(
        "flatten",
        "flatten(L)",
        "the layout with all nesting removed",
        "flatten((4,(2,3)):(1,(4,8)))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::IntTuple(t) => Ok(Value::IntTuple(t.flatten())),
                _ => Ok(Value::Layout(a.layout(0)?.flatten())),
            }
        },
        tensor: OnTensor::Keep,
        composed: OnComposed::Rewrap(0),
        coordinates: true
    ),
    f!(
        "group",
        "group(L, b, e)",
        "modes [b, e) gathered into one mode",
        "group((2,3,4):(1,2,6), 0, 2)",
        3,
        3,
        |a| {
            a.layout(0)?
                .group(a.index(1)?, a.index(2)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        tensor: OnTensor::Keep,
        composed: OnComposed::Rewrap(0),
        coordinates: true
    ),
    f!(
        "select",
        "select(L, i, ...)",
        "the chosen modes, in order",
        "select((2,3,4):(1,2,6), 2, 0)",
        2,
        ANY,
        |a| {
            if let Some(r) = swizzled::composed_tuple(a, "select") {
                return r;
            }
            let idx = (1..a.len())
                .map(|i| a.index(i))
                .collect::<Result<Vec<_>, _>>()?;
            a.layout(0)?
                .select(&idx)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        coordinates: true
    ),
    f!(
        "take",
        "take(L, b, e)",
        "modes [b, e)",
        "take((2,3,4):(1,2,6), 1, 3)",
        3,
        3,
        |a| {
            a.layout(0)?
                .take(a.index(1)?, a.index(2)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        tensor: OnTensor::Keep,
        composed: OnComposed::Rewrap(0),
        coordinates: true
    ),
    f!(
        "append",
        "append(L[, ELEM][, UP_TO_RANK])",
        "L with the mode ELEM (default 1:0) added at the end; with UP_TO_RANK (C++: append<N>(L, X)), padded with ELEM to that rank",
        "append((4,8):(1,4), 2:32)",
        1,
        3,
        |a| {
            if let Some(r) = swizzled::composed_tuple(a, "append") {
                return r;
            }
            pend(a, false)
        },
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "prepend",
        "prepend(L[, ELEM][, UP_TO_RANK])",
        "L with the mode ELEM (default 1:0) added at the front; with UP_TO_RANK (C++: prepend<N>(L, X)), padded with ELEM to that rank",
        "prepend((4,8):(1,4), 2:32)",
        1,
        3,
        |a| {
            if let Some(r) = swizzled::composed_tuple(a, "prepend") {
                return r;
            }
            pend(a, true)
        },
        template: TemplateArgs::After,
        coordinates: true
    ),
    f!(
        "slice_and_offset",
        "slice_and_offset(CRD, L)",
        "the slice of L at CRD and the offset of CRD",
        "slice_and_offset((1,_), (4,8):(1,4))",
        2,
        2,
        |a| {
            let c = to_coord(&a.vals[0], a.spans[0])?;
            if let Value::Composed(comp) = &a.vals[1] {
                let (r, off) = algebra::swizzle::slice_and_offset(&c, comp).map_err(a.alg())?;
                return Ok(Value::Tuple(vec![swizzled_value(r)?, Value::int(off)]));
            }
            let l = a.layout(1)?;
            let sl = l.slice(&c).map_err(a.alg())?;
            let off = l.offset_index(&c).map_err(a.alg())?;
            Ok(Value::Tuple(vec![Value::Layout(sl), Value::IntTuple(off)]))
        },
        coordinates: true
    ),
    f!(
        "coalesce",
        "coalesce(L[, PROFILE])",
        "the simplest layout with the same function (by mode of PROFILE)",
        "coalesce((2,(1,6)):(1,(6,2)))",
        1,
        2,
        |a| {
            on_layout(a, 0, |l| {
                let r = if a.len() == 2 {
                    l.coalesce_profile(&a.int_tuple(1)?)
                } else {
                    l.coalesce()
                };
                r.map_err(a.alg())
            })
        },
        traced: Some(traced::coalesce),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "filter",
        "filter(L[, PROFILE])",
        "coalesce after removing stride-0 and size-1 modes (at the leaves of PROFILE, by mode)",
        "filter((4,2,3):(1,0,4))",
        1,
        2,
        |a| {
            if a.len() == 2 {
                let p = a.int_tuple(1)?;
                return layouts::filter_profile(a, &p);
            }
            a.layout_ref(0)?
                .filter()
                .map(Value::Layout)
                .map_err(a.alg())
        },
        traced: Some(traced::filter),
        tensor: OnTensor::Keep,
        composed: OnComposed::RewrapWith(0, 2),
        coordinates: true
    ),
    f!(
        "composition",
        "composition(A, B)",
        "A o B: B's coordinates through A",
        "composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)",
        2,
        3,
        |a| {
            if a.len() == 3 {
                let ab = compose_values(&a.vals[0], a.spans[0], &a.vals[1], a.spans[1], a.span)?;
                let r = compose_values(
                    &ab,
                    a.spans[0].to(a.spans[1]),
                    &a.vals[2],
                    a.spans[2],
                    a.span,
                )?;
                // swizzle_layout.hpp: composition(Swizzle<0,M,S>, Int<0>, L) is L
                return Ok(match r {
                    Value::Composed(c)
                        if c.swizzle.bits == 0 && c.offset == algebra::Offset::Int(0) =>
                    {
                        Value::Layout(c.layout)
                    }
                    other => other,
                });
            }
            compose_values(&a.vals[0], a.spans[0], &a.vals[1], a.spans[1], a.span)
        },
        traced: Some(traced::composition),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "complement",
        "complement(L[, M])",
        "the layout of what L does not reach, up to cotarget M (default cosize)",
        "complement(4:2, 24)",
        1,
        2,
        |a| {
            if matches!(a.vals[0], Value::Under) {
                return Ok(Value::Under);
            }
            let l = match &a.vals[0] {
                Value::Composed(c) => std::borrow::Cow::Borrowed(&c.layout),
                _ => a.layout_ref(0)?,
            };
            let r = if a.len() == 2 {
                // the cotarget borrowed where it is a layout's shape or a tuple
                let owned;
                let target: &Tup = match &a.vals[1] {
                    Value::Layout(m) => m.shape(),
                    Value::IntTuple(t) => t,
                    _ => {
                        owned = a.int_tuple(1)?;
                        &owned
                    }
                };
                complement::complement_to(&l, target)
            } else {
                complement::complement(&l)
            };
            r.map(Value::Layout).map_err(a.alg())
        },
        traced: Some(traced::complement)
    ),
    f!(
        "right_inverse",
        "right_inverse(L)",
        "R with L(R(i)) == i",
        "right_inverse((4,8):(8,1))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Under => return Ok(Value::Under),
                // swizzle_layout.hpp: a swizzle is its own inverse
                Value::Swizzle(s) => return Ok(Value::Swizzle(*s)),
                Value::Composed(c) => {
                    let r = algebra::swizzle::inverse_composed(c, "right_inverse", inverse::right_inverse);
                    return swizzled_value(r.map_err(a.alg())?);
                }
                _ => {}
            }
            inverse::right_inverse(&*a.layout_ref(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        traced: Some(|a, t| traced::inverse(a, t, inverse::right_inverse_traced))
    ),
    f!(
        "left_inverse",
        "left_inverse(L)",
        "R with R(L(i)) == i",
        "left_inverse((4,2):(2,1))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::Under => return Ok(Value::Under),
                // swizzle_layout.hpp: a swizzle is its own inverse
                Value::Swizzle(s) => return Ok(Value::Swizzle(*s)),
                Value::Composed(c) => {
                    let r = algebra::swizzle::inverse_composed(c, "left_inverse", inverse::left_inverse);
                    return swizzled_value(r.map_err(a.alg())?);
                }
                _ => {}
            }
            inverse::left_inverse(&*a.layout_ref(0)?)
                .map(Value::Layout)
                .map_err(a.alg())
        },
        traced: Some(|a, t| traced::inverse(a, t, inverse::left_inverse_traced))
    ),
    f!(
        "logical_divide",
        "logical_divide(A, T)",
        "A o (T, complement(T)): ((tile), (rest)) per mode",
        "logical_divide((4,2,3):(2,1,8), 4:2)",
        2,
        2,
        |a| tiler_op(a, divide::logical_divide),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::logical_divide_traced)),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "zipped_divide",
        "zipped_divide(A, T)",
        "((tile modes), (rest modes))",
        "zipped_divide((8,24):(1,8), (4,8))",
        2,
        2,
        |a| tiler_op(a, divide::zipped_divide),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::zipped_divide_traced)),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "tiled_divide",
        "tiled_divide(A, T)",
        "((tile modes), rest0, rest1, ...)",
        "tiled_divide((8,24):(1,8), (4,8))",
        2,
        2,
        |a| tiler_op(a, divide::tiled_divide),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::tiled_divide_traced)),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "flat_divide",
        "flat_divide(A, T)",
        "(tile0, tile1, ..., rest0, rest1, ...)",
        "flat_divide((8,24):(1,8), (4,8))",
        2,
        2,
        |a| tiler_op(a, divide::flat_divide),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::flat_divide_traced)),
        tensor: OnTensor::Keep,
        coordinates: true
    ),
    f!(
        "logical_product",
        "logical_product(A, T)",
        "(A, complement(A) o T)",
        "logical_product((2,2):(4,1), 6:1)",
        2,
        2,
        |a| tiler_op(a, divide::logical_product),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::logical_product_traced))
    ),
    f!(
        "zipped_product",
        "zipped_product(A, T)",
        "((block modes), (product modes))",
        "zipped_product((2,2):(1,2), (3,4))",
        2,
        2,
        |a| tiler_op(a, divide::zipped_product),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::zipped_product_traced))
    ),
    f!(
        "tiled_product",
        "tiled_product(A, T)",
        "((block modes), product0, product1, ...)",
        "tiled_product((2,2):(1,2), (3,4))",
        2,
        2,
        |a| tiler_op(a, divide::tiled_product),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::tiled_product_traced))
    ),
    f!(
        "flat_product",
        "flat_product(A, T)",
        "(block0, ..., product0, ...)",
        "flat_product((2,2):(1,2), (3,4))",
        2,
        2,
        |a| tiler_op(a, divide::flat_product),
        traced: Some(|a, t| traced::tiler_op(a, t, divide::flat_product_traced))
    ),
    f!(
        "blocked_product",
        "blocked_product(A, B)",
        "A repeated as blocks over B, mode by mode",
        "blocked_product((2,5):(5,1), (3,4):(1,3))",
        2,
        2,
        |a| {
            on_layout(a, 0, |l| {
                divide::blocked_product(l, &a.layout(1)?).map_err(a.alg())
            })
        },
        traced: Some(|a, t| traced::layout_op(a, t, divide::blocked_product_traced))
    ),
    f!(
        "raked_product",
        "raked_product(A, B)",
        "A interleaved over B, mode by mode",
        "raked_product((2,5):(5,1), (3,4):(1,3))",
        2,
        2,
        |a| {
            on_layout(a, 0, |l| {
                divide::raked_product(l, &a.layout(1)?).map_err(a.alg())
            })
        },
        traced: Some(|a, t| traced::layout_op(a, t, divide::raked_product_traced))
    ),
    f!(
        "max_common_layout",
        "max_common_layout(A, B)",
        "the largest contiguous layout on which A and B agree",
        "max_common_layout((4,8):(1,4), (4,8):(1,16))",
        2,
        2,
        |a| {
            if let Some(r) = swizzled::max_common_composed(a, false) {
                return r;
            }
            common::max_common_layout(&a.layout(0)?, &a.layout(1)?)
                .map(Value::Layout)
                .map_err(a.alg())
        }
    ),
    f!(
        "max_common_vector",
        "max_common_vector(A, B)",
        "how many contiguous elements A and B agree on",
        "max_common_vector((4,8):(1,4), (4,8):(1,16))",
        2,
        2,
        |a| {
            if let Some(r) = swizzled::max_common_composed(a, true) {
                return r;
            }
            common::max_common_vector(&a.layout(0)?, &a.layout(1)?)
                .map(Value::int)
                .map_err(a.alg())
        }
    ),
    f!(
        "crd2idx",
        "crd2idx(CRD, SHAPE, STRIDE) | crd2idx(CRD, L)",
        "the index of a coordinate",
        "crd2idx((1,2), (4,8), (1,4))",
        2,
        3,
        |a| {
            let c = a.int_tuple(0)?;
            if a.len() == 3 {
                let (shape, stride) = (a.shape(1)?, a.int_tuple(2)?);
                if stride.has_basis() {
                    return coord::crd2idx_traced::<algebra::basis::Index, _>(
                        &c,
                        &shape,
                        &stride,
                        &mut algebra::trace::NoTrace,
                    )
                    .map(Value::IntTuple)
                    .map_err(a.alg());
                }
                return coord::crd2idx(&c, &shape, &stride)
                    .map(Value::int)
                    .map_err(a.alg());
            }
            match &a.vals[1] {
                Value::Layout(l) => l.eval_index(&c).map(Value::IntTuple).map_err(a.alg()),
                _ => {
                    let shape = a.int_tuple(1)?;
                    let l = Layout::column_major(shape).map_err(a.alg())?;
                    if c.is_int() {
                        return Ok(Value::IntTuple(c));
                    }
                    l.eval(&c).map(Value::int).map_err(a.alg())
                }
            }
        },
        traced: Some(traced::crd2idx),
        coordinates: true
    ),
    f!(
        "idx2crd",
        "idx2crd(IDX, SHAPE[, STRIDE])",
        "the coordinate of an index (the last mode is not wrapped)",
        "idx2crd(9, (4,8))",
        2,
        3,
        |a| {
            // the tuples borrowed where they are tuples (else `int_tuple` gives its error)
            let arg = |i: usize| match &a.vals[i] {
                Value::IntTuple(t) => Ok(std::borrow::Cow::Borrowed(t)),
                _ => a.int_tuple(i).map(std::borrow::Cow::Owned),
            };
            let idx = arg(0)?;
            // a shape (`Args::shape`): its extents at least 1
            let shape = arg(1)?;
            check_extents(&shape, a.spans[1])?;
            let r = if a.len() == 3 {
                coord::idx2crd_strided(&idx, &shape, &arg(2)?)
            } else {
                coord::idx2crd(&idx, &shape)
            };
            r.map(Value::IntTuple).map_err(a.alg())
        },
        traced: Some(traced::idx2crd)
    ),
    atom_f!(
        "mma_atom",
        "mma_atom(NAME)",
        "CuTe's MMA atom NAME: fields ThrID, Shape_MNK, ALayout, BLayout, CLayout",
        "mma_atom(SM80_16x8x16_F32BF16BF16F32_TN).CLayout",
        1,
        1
    ),
    atom_f!(
        "tiled_mma",
        "tiled_mma(NAME, ATOM_LAYOUT_MNK[, <TILE_M,TILE_N,TILE_K>])",
        "a TiledMMA: fields get_layoutA_TV/B/C, tile_shape; .thread(t).partition_C(shape)",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).get_layoutC_TV",
        2,
        3
    ),
    atom_f!(
        "copy_atom",
        "copy_atom(OP, TYPE)",
        "CuTe's Copy_Atom<OP, TYPE>: fields ThrID, ValLayoutSrc, ValLayoutDst, ValLayoutRef",
        "copy_atom(SM75_U32x4_LDSM_N, half_t).ValLayoutSrc",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy",
        "make_tiled_copy(COPY_ATOM, THR_LAYOUT[, VAL_LAYOUT])",
        "a TiledCopy: fields Tiler_MN, TiledLayout_TV, get_layoutS_TV, get_layoutD_TV",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (16,8):(8,1), (1,8)).TiledLayout_TV",
        2,
        3
    ),
    atom_f!(
        "make_tiled_copy_A",
        "make_tiled_copy_A(COPY_ATOM, TILED_MMA)",
        "the TiledCopy matching a TiledMMA's A operand",
        "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy_B",
        "make_tiled_copy_B(COPY_ATOM, TILED_MMA)",
        "the TiledCopy matching a TiledMMA's B operand",
        "make_tiled_copy_B(copy_atom(SM75_U32x2_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_tiled_copy_C",
        "make_tiled_copy_C(COPY_ATOM, TILED_MMA)",
        "the TiledCopy matching a TiledMMA's C operand",
        "make_tiled_copy_C(copy_atom(UniversalCopy<uint32_t>, float), tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))).Tiler_MN",
        2,
        2
    ),
    atom_f!(
        "make_layout_tv",
        "make_layout_tv(THR_LAYOUT, VAL_LAYOUT)",
        "(tiler, TV layout) of raked threads and values, as CuTe's Python DSL",
        "make_layout_tv((4,8):(8,1), (2,2):(2,1))",
        2,
        2
    ),
    f!(
        "gmma_atom",
        "gmma_atom(Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom, f16|bf16|tf32)",
        "GMMA::Layout_*_Atom<T>: a GMMA shared-memory layout atom (swizzle o smem_ptr o layout)",
        "gmma_atom(Layout_K_SW128_Atom, bf16)",
        2,
        2,
        |a| {
            use algebra::smem_atoms as sa;
            let name = |i: usize| match &a.vals[i] {
                Value::Name(n) => Ok(n.as_str()),
                v => Err(EvalError::new(
                    format!("expected a name, found {}", v.kind()),
                    a.spans[i],
                )),
            };
            let at = |i: usize| move |e| EvalError::algebra(e, a.spans[i]);
            let (m, w) = sa::parse_atom_name(name(0)?).map_err(at(0))?;
            let bits = sa::type_bits(name(1)?).map_err(at(1))?;
            sa::gmma_atom(m, w, bits)
                .map(Value::composed)
                .map_err(a.alg())
        }
    ),
    f!(
        "tile_to_shape",
        "tile_to_shape(ATOM, SHAPE[, ORDER])",
        "ATOM (a layout or composed layout) repeated to SHAPE, modes tiled in ORDER",
        "tile_to_shape(gmma_atom(Layout_K_SW128_Atom, bf16), (128,64))",
        2,
        3,
        |a| {
            use algebra::smem_atoms as sa;
            let shape = a.int_tuple(1)?;
            let order = if a.len() == 3 {
                Some(a.int_tuple(2)?)
            } else {
                None
            };
            match &a.vals[0] {
                Value::Composed(c) => {
                    sa::tile_to_shape_composed(c, &shape, order.as_ref()).map(Value::composed)
                }
                _ => sa::tile_to_shape(&a.layout(0)?, &shape, order.as_ref()).map(Value::Layout),
            }
            .map_err(a.alg())
        }
    ),
    f!(
        "local_tile",
        "local_tile(L, TILER, COORD[, PROJ])",
        "the tile at COORD of the tensor over L (elements are their indices): OFFSET o LAYOUT; \
         modes marked X in PROJ (Step<_1,X,_1>) are dropped from TILER and COORD",
        "local_tile((8,24):(1,8), (4,8), (1,2))",
        3,
        4,
        |a| {
            use algebra::tensor as ts;

            let (tiler, coord) = match a.vals.get(3) {
                Some(proj) => (
                    dice(proj, a.spans[3], &a.vals[1], a.spans[1])?,
                    dice(proj, a.spans[3], &a.vals[2], a.spans[2])?,
                ),
                None => (a.vals[1].clone(), a.vals[2].clone()),
            };
            let c = to_coord(&coord, a.spans[2])?;
            let mut buf = TilerBuf::new();
            if let Some(st) = super::convert::swizzled_tensor_of(&a.vals[0]) {
                let tl = to_tiler(&tiler, a.spans[1], &mut buf)?;
                let (off, r) = ts::partition_swizzled(&st, &tl, &c, true).map_err(a.alg())?;
                return crate::eval::tensor_value(off, r);
            }
            let t = tensor_of(&a.vals[0], a.spans[0])?;
            let r = ts::local_tile(&t, &to_tiler(&tiler, a.spans[1], &mut buf)?, &c)
                .map_err(a.alg())?;
            Ok(Value::tensor(r))
        },
        traced: Some(traced::local_tile),
        coordinates: true
    ),
    f!(
        "local_partition",
        "local_partition(L, THR_LAYOUT, THR_IDX[, PROJ])",
        "the elements thread THR_IDX of THR_LAYOUT owns in the tensor over L: OFFSET o LAYOUT; \
         modes marked X in PROJ are dropped from THR_LAYOUT",
        "local_partition((16,8):(1,16), (4,2):(2,1), 5)",
        3,
        4,
        |a| {
            use algebra::tensor as ts;

            let idx = a.index(2)? as i64;
            let thr = match a.vals.get(3) {
                Some(proj) => {
                    to_layout(&dice(proj, a.spans[3], &a.vals[1], a.spans[1])?, a.spans[1])?
                }
                None => a.layout(1)?,
            };
            if let Some(st) = super::convert::swizzled_tensor_of(&a.vals[0]) {
                let (off, r) = ts::local_partition_swizzled(&st, &thr, idx).map_err(a.alg())?;
                return crate::eval::tensor_value(off, r);
            }
            let t = tensor_of(&a.vals[0], a.spans[0])?;
            let r = ts::local_partition(&t, &thr, idx).map_err(a.alg())?;
            Ok(Value::tensor(r))
        },
        traced: Some(traced::local_partition),
        coordinates: true
    ),
    f!(
        "bank_conflicts",
        "bank_conflicts(SMEM, TV, ELEM_BITS[, ACCESS_BITS])",
        "the shared-memory bank conflict degree of TV's accesses to SMEM (1: conflict-free)",
        "bank_conflicts((8,64):(64,1), (8,8):(1,8), 16)",
        3,
        4,
        |a| {
            use crate::analysis::bank;
            let smem = match &a.vals[0] {
                Value::Composed(c) => bank::SmemLayout::Composed((**c).clone()),
                _ => bank::SmemLayout::Plain(a.layout(0)?),
            };
            let bits = |i: usize| {
                u32::try_from(a.index(i)?)
                    .map_err(|_| EvalError::new("bit width out of range", a.spans[i]))
            };
            let access = if a.len() == 4 { bits(3)? } else { 128 };
            bank::analyze(&smem, &a.layout(1)?, bits(2)?, access)
                .map(|r| Value::int(r.degree as i64))
                .map_err(|m| EvalError::new(m, a.span))
        }
    ),
    f!(
        "make_tuple",
        "make_tuple(x0, x1, ...)",
        "the tuple (x0, x1, ...) of any values, as C++'s make_tuple",
        "make_tuple((8):(1), 16)",
        0,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true
    ),
    f!(
        "make_step",
        "make_step(s0, s1, ...)",
        "the step (s0, s1, ...), `X` or `_` marking a mode to project out, as C++'s make_step",
        "make_step(1, X, 1)",
        1,
        ANY,
        |a| tuple_of(a, a.vals.to_vec()),
        coordinates: true
    ),
    f!(
        "make_composed_layout",
        "make_composed_layout(INNER, OFFSET, OUTER)",
        "the composed layout INNER o OFFSET o OUTER (a swizzle, an offset, a layout)",
        "make_composed_layout(Sw<3,3,3>, 0, (8,64):(64,1))",
        3,
        3,
        |a| {
            let io = compose_values(&a.vals[0], a.spans[0], &a.vals[1], a.spans[1], a.span)?;
            compose_values(
                &io,
                a.spans[0].to(a.spans[1]),
                &a.vals[2],
                a.spans[2],
                a.span,
            )
        }
    ),
    f!(
        "slice_",
        "slice_(L, CRD)",
        "the CuTe DSL's slice: L(CRD), the modes marked `_` (or None) kept",
        "slice_((4,8):(1,4), (_, 2))",
        2,
        2,
        |a| super::apply(&a.vals[0], &a.vals[1], a.spans[0], a.spans[1], a.span)
    ),
    f!(
        "make_swizzle",
        "make_swizzle(B, M, S) | make_swizzle(Y, Z)",
        "the swizzle Sw<B,M,S> (C++'s make_swizzle<B,M,S>(), the DSL's cute.make_swizzle(b, m, s)), or the one of the bit masks Y and Z (C++'s make_swizzle<Y,Z>())",
        "make_swizzle(3, 4, 3)",
        2,
        3,
        |a| {
            let part = |i: usize| {
                a.vals[i].as_int().ok_or_else(|| {
                    EvalError::new(
                        format!("make_swizzle takes integers, got {}", a.vals[i].kind()),
                        a.spans[i],
                    )
                })
            };
            if a.len() == 2 {
                return algebra::Swizzle::from_masks(part(0)?, part(1)?)
                    .map(Value::Swizzle)
                    .map_err(a.alg());
            }
            algebra::Swizzle::new(part(0)?, part(1)?, part(2)?)
                .map(Value::Swizzle)
                .map_err(a.alg())
        }
    ),
    f!(
        "make_inttuple_iter",
        "make_inttuple_iter(OFFSET)",
        "a counting iterator starting at OFFSET (for make_tensor)",
        "make_inttuple_iter(132)",
        1,
        1,
        |a| match &a.vals[0] {
            v if v.as_int().is_some() => {
                Ok(Value::Offset(algebra::Offset::Int(v.as_int().expect("an integer"))))
            }
            // a coordinate: CuTe's arithmetic-tuple iterator (an identity tensor's start)
            Value::IntTuple(t) => Ok(Value::ArithTuple(t.clone())),
            Value::ArithTuple(t) => Ok(Value::ArithTuple(t.clone())),
            other => Err(EvalError::new(
                format!(
                    "make_inttuple_iter takes an integer or a coordinate, got {}",
                    other.kind()
                ),
                a.spans[0],
            )),
        },
        coordinates: true
    ),
    f!(
        "make_tensor",
        "make_tensor(ITERATOR, L)",
        "the tensor over L whose elements are their own indices plus the iterator's start: OFFSET o L",
        "make_tensor(make_inttuple_iter(132), (4,8):(1,8))",
        2,
        2,
        |a| {
            if let Value::ArithTuple(c) = &a.vals[0] {
                return Ok(Value::offset_layout(Origin::Coord(c.clone()), a.layout(1)?));
            }
            let offset = match &a.vals[0] {
                Value::Offset(algebra::Offset::Int(o)) => *o,
                v if v.as_int().is_some() => v.as_int().expect("an integer"),
                other => {
                    return Err(EvalError::new(
                        format!(
                            "make_tensor: a tensor over memory (a pointer) is not modelled; \
                             its iterator must be a counting one (make_inttuple_iter(N)), got {}",
                            other.kind()
                        ),
                        a.spans[0],
                    ));
                }
            };
            if let Value::Composed(c) = &a.vals[1] {
                return Ok(Value::SwizzledTensor(offset, c.clone()));
            }
            let t = algebra::tensor::OffsetTensor::checked(Origin::Count(offset), a.layout(1)?)
                .map_err(a.alg())?;
            Ok(Value::tensor(t))
        },
        coordinates: true
    ),
];

/// A projection's keep flags as a coordinate of dice: `_` where a mode is dropped.
fn projection(keep: &[bool]) -> algebra::Coord {
    algebra::Coord::Tuple(
        keep.iter()
            .map(|&k| {
                if k {
                    algebra::Coord::Int(0)
                } else {
                    algebra::Coord::Under
                }
            })
            .collect(),
    )
}

/// CuTe's `dice(proj, x)`: the modes of `x` whose entry in the projection `proj` is not `X`
/// (`_`), as `local_tile(T, tiler, coord, Step<_1,X,_1>{})` applies it to its tiler and coordinate.
fn dice(proj: &Value, pspan: Span, x: &Value, xspan: Span) -> Result<Value, EvalError> {
    let keep: Vec<bool> = match proj {
        Value::Tuple(items) => items.iter().map(|v| !matches!(v, Value::Under)).collect(),
        Value::IntTuple(t) if !t.is_int() => vec![true; t.rank()],
        other => {
            return Err(EvalError::new(
                format!(
                    "a projection is a tuple of steps, X marking a mode to drop (Step<_1,X,_1>), not {}",
                    other.kind()
                ),
                pspan,
            ));
        }
    };
    let rank_error = |r: usize| {
        EvalError::new(
            format!(
                "the projection has rank {} but this argument has rank {r} (CuTe: dice needs congruent ranks)",
                keep.len()
            ),
            xspan,
        )
    };
    let kept = |n: usize| -> Result<Vec<usize>, EvalError> {
        if n != keep.len() {
            return Err(rank_error(n));
        }
        Ok((0..n).filter(|&i| keep[i]).collect())
    };
    Ok(match x {
        Value::Tuple(items) => Value::tuple(
            kept(items.len())?
                .into_iter()
                .map(|i| items[i].clone())
                .collect(),
        ),
        // the projection as dice's coordinate: `_` drops a mode, 0 keeps it (one algorithm
        // with `dice(CRD, L)`)
        Value::IntTuple(t) if !t.is_int() => {
            kept(t.rank())?;
            Value::IntTuple(
                algebra::layout_ops::dice_tuple(&projection(&keep), t)
                    .map_err(|e| EvalError::algebra(e, xspan))?,
            )
        }
        Value::Layout(l) => {
            kept(l.rank())?;
            Value::Layout(
                algebra::layout_ops::dice(&projection(&keep), l)
                    .map_err(|e| EvalError::algebra(e, xspan))?,
            )
        }
        other => return Err(rank_error(if other.as_int().is_some() { 1 } else { 0 })),
    })
}

/// Names under which CuTe C++ or its Python DSL calls a function of this table.
const ALIASES: &[(&str, &str)] = &[
    ("group_modes", "group"),
    ("make_tiled_mma", "tiled_mma"),
    ("is_congruent", "congruent"),
    ("is_compatible", "compatible"),
    ("is_weakly_congruent", "weakly_congruent"),
];

/// Keyword names of the DSL that stand for a parameter named otherwise in the signatures.
const SYNONYMS: &[(&str, &[&str])] = &[
    ("l", &["input", "layout", "src", "a", "target"]),
    ("a", &["input", "layout", "lhs", "target", "block", "src"]),
    ("b", &["rhs", "layout_b", "tiler"]),
    ("t", &["tiler"]),
    ("m", &["cotarget"]),
    ("shape", &["trg_shape", "target_shape"]),
    ("profile", &["target_profile"]),
    ("idx", &["index"]),
    ("crd", &["coord"]),
    ("thr_idx", &["index"]),
    ("thr_layout", &["tiler"]),
];

impl Function {
    /// The parameter names of the signature in this table, lowercased: `make_layout(SHAPE[,
    /// STRIDE …])` has `shape`, `stride`. Keyword arguments (CuTe DSL) are matched against them.
    pub fn parameters(&self) -> Vec<String> {
        let sig = self.signature;
        let Some(open) = sig.find('(') else {
            return Vec::new();
        };
        let mut depth = 0usize;
        let mut close = sig.len();
        for (i, c) in sig.char_indices().skip(open) {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        sig[open + 1..close]
            .split(',')
            .map(|p| {
                p.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase()
            })
            .filter(|p| !p.is_empty())
            .collect()
    }
}

/// Whether a keyword argument names this parameter (its name, or a DSL synonym of it).
pub fn same_parameter(param: &str, keyword: &str) -> bool {
    param == keyword
        || SYNONYMS
            .iter()
            .any(|(p, kws)| *p == param && kws.contains(&keyword))
}

fn shape_of(a: &Args, i: usize) -> Result<IntTuple, EvalError> {
    match &a.vals[i] {
        Value::IntTuple(t) => Ok(t.clone()),
        Value::Composed(c) => Ok(c.layout.shape().to_owned()),
        Value::OffsetLayout(_, l) => Ok(l.shape().to_owned()),
        _ => Ok(a.layout(i)?.shape().to_owned()),
    }
}

/// A shape's extents are at least 1 (SPEC §3: stricter than CuTe, which allows empty modes).
fn check_extents(t: &Tup, span: Span) -> Result<(), EvalError> {
    match t.first_leaf(|x| x <= 0) {
        Some(bad) => Err(EvalError::new(
            format!("shape {t} has a non-positive extent {bad}"),
            span,
        )),
        None => Ok(()),
    }
}

/// The tuple of the arguments, each an IntTuple (`make_shape`, `make_stride`).
fn int_tuples(a: &Args) -> Result<Value, EvalError> {
    let items = (0..a.len())
        .map(|i| a.int_tuple(i).map(Value::IntTuple))
        .collect::<Result<Vec<_>, _>>()?;
    tuple_of(a, items)
}

/// A tuple of values, within the limits on values.
fn tuple_of(a: &Args, items: Vec<Value>) -> Result<Value, EvalError> {
    let v = Value::tuple(items);
    super::value::check_value(&v).map_err(|m| EvalError::new(m, a.span))?;
    Ok(v)
}

/// `append`/`prepend` (`front`) of a layout: `(L)`, `(L, X)`, `(L, X, N)`, or `(L, N)` when N is
/// the C++ template argument of `append<N>(L)` (its span is the name's, before the arguments).
fn pend(a: &Args, front: bool) -> Result<Value, EvalError> {
    let templated_n = a.len() == 2
        && a.spans[1].end <= a.spans[0].start
        && matches!(&a.vals[1], Value::IntTuple(t) if t.is_int());
    let (x, n) = match a.len() {
        1 => (Layout::trivial(), None),
        2 if templated_n => (Layout::trivial(), Some(a.index(1)?)),
        2 => (a.layout(1)?, None),
        _ => (a.layout(1)?, Some(a.index(2)?)),
    };
    let l = a.layout(0)?;
    match n {
        Some(n) => layouts::pad_to_rank(a, &l, &x, n, front),
        None if front => Ok(Value::Layout(l.prepend(&x))),
        None => Ok(Value::Layout(l.append(&x))),
    }
}

fn tiler_op(
    a: &Args,
    f: fn(&Layout, &Tiler) -> algebra::Result<Layout>,
) -> Result<Value, EvalError> {
    on_layout(a, 0, |l| {
        let mut buf = TilerBuf::new();
        f(l, &a.tiler(1, &mut buf)?).map_err(a.alg())
    })
}

/// `f` of a layout argument, or of the inner layout of a composed one, `Sw o OFF o f(L)`: how
/// CuTe applies the divides, the products, `coalesce` and `layout<I...>` to a composed layout.
/// Argument `i` is checked before `f` runs (so `f` reads the later arguments: errors stay in
/// argument order).
fn on_layout(
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

/// A mode-index template form of C++: `get<i,j>(L)` and `layout<i,j>(L)` are `get(L, i, j)`;
/// `select<…>(L)`, `take<b,e>(L)`, `group<b,e>(L)` take the indices after L; `size<i…>(L)` (and
/// `cosize`, `shape`, `stride`, `rank`, `depth`) is that query of `get(L, i…)`.
pub struct Templated {
    /// The function called with L and the indices.
    pub inner: &'static Function,
    /// The query then applied to its result, if any.
    pub query: Option<&'static Function>,
    /// The template arguments.
    pub indices: Vec<Value>,
    /// Where the template arguments go among the call's arguments.
    pub placement: TemplateArgs,
    /// A mode-index form (`size<0>`): it takes exactly one argument.
    pub mode_index: bool,
}

/// The template form a name spells, if it is one: a mode-index form (`size<0>`, `select<1,0>`),
/// or a function of the table that takes template arguments (`upcast<2>`,
/// `recast_layout<uint16_t,uint8_t>`).
pub fn templated(name: &str) -> Option<Templated> {
    let (base, rest) = name.split_once('<')?;
    let text = rest.strip_suffix('>')?;
    let mode_index = match base {
        "get" | "layout" => Some(("get", None)),
        "select" | "take" | "group" => Some((base, None)),
        "size" | "cosize" | "shape" | "stride" | "rank" | "depth" => Some(("get", Some(base))),
        _ => None,
    };
    if let Some((inner, query)) = mode_index {
        let indices = text
            .split(',')
            .map(|t| template_int(t).map(Value::int))
            .collect::<Option<_>>()?;
        return Some(Templated {
            inner: lookup(inner)?,
            query: query.and_then(lookup),
            indices,
            placement: TemplateArgs::After,
            mode_index: true,
        });
    }
    let inner = lookup(base)?;
    if inner.template == TemplateArgs::None {
        return None;
    }
    let indices = template_args(text)
        .into_iter()
        .map(|t| match template_int(t) {
            Some(v) => Value::int(v),
            None => Value::Name(t.to_string()),
        })
        .collect();
    Some(Templated {
        inner,
        query: None,
        indices,
        placement: inner.template,
        mode_index: false,
    })
}

/// The template arguments of a template's text, split at its top-level commas.
fn template_args(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'<' | b'(' => depth += 1,
            b'>' | b')' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim());
    out
}

/// An integral constant as a template argument: `2`, `_2`, `Int<2>`, `Int<2>{}`, `C<2>`.
fn template_int(t: &str) -> Option<i64> {
    let t = t.trim();
    let t = t.strip_suffix("{}").unwrap_or(t);
    let t = ["Int<", "C<", "cute::Int<", "cute::C<"]
        .iter()
        .find_map(|p| t.strip_prefix(p).and_then(|r| r.strip_suffix('>')))
        .unwrap_or(t);
    let t = t.strip_prefix('_').unwrap_or(t);
    t.parse::<i64>().ok()
}

/// The names closest to `name` among the functions (and `others`, e.g. a session's variables),
/// for a "did you mean": at most three, each within a third of the name's length in edits (none for names of one or two letters).
pub fn closest<'a>(name: &str, others: impl Iterator<Item = &'a str>) -> Vec<String> {
    let len = name.chars().count();
    let limit = len / 3;
    if limit == 0 {
        return Vec::new();
    }
    let mut found: Vec<(usize, String)> = all()
        .map(|f| f.name)
        .chain(ALIASES.iter().map(|(a, _)| *a))
        .chain(others)
        .filter(|c| *c != name)
        // the distance is at least the difference of the lengths: most candidates end here,
        // before the quadratic distance is computed
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (strsim::damerau_levenshtein(name, c), c.to_string()))
        .filter(|(d, _)| *d <= limit)
        .collect();
    found.sort();
    found.dedup_by(|a, b| a.1 == b.1);
    found.into_iter().take(3).map(|(_, c)| c).collect()
}

/// The function of that name.
pub fn lookup(name: &str) -> Option<&'static Function> {
    lookup_bytes(name.as_bytes()).map(|(_, f)| f)
}

/// The function whose name (or alias) is these bytes, with that name as written in the
/// table: what the statement shortcut looks a name up by, its bytes never checked as text.
///
/// The table's names are indexed by their length and two words of their bytes
/// ([`name_words`]), which for a name of up to 16 bytes are all of them: the key is hashed in
/// a few instructions and compared without a call of `memcmp` (a statement looks its function
/// up once, and hashing and comparing the name's bytes cost more than reading it). The index
/// is an open-addressed table of its own (a slot holds an entry's number; a key's first slot
/// is mostly its only one, the table being at most a quarter full), a probe of one or two
/// loads. A longer name is compared whole; where two long names share a key, the later ones
/// are found by a search of the table.
pub fn lookup_bytes(name: &[u8]) -> Option<(&'static str, &'static Function)> {
    /// A name's key (its length and [`name_words`]) and what it names.
    type Entry = ((usize, u64, u64), (&'static str, &'static Function));
    /// The entries, and the slots: an entry's number plus one, or 0 where empty.
    struct Index {
        entries: Vec<Entry>,
        slots: Vec<u16>,
    }
    /// A key's first slot, of a table of `1 << bits` slots.
    #[inline]
    fn slot((len, a, b): (usize, u64, u64), bits: u32) -> usize {
        let h = (a ^ b.rotate_left(29) ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - bits)) as usize
    }
    // every name and alias, in the order a search of the table finds them
    fn names() -> impl Iterator<Item = (&'static str, &'static Function)> {
        all().map(|f| (f.name, f)).chain(
            ALIASES
                .iter()
                .filter_map(|(alias, ours)| Some((*alias, all().find(|f| f.name == *ours)?))),
        )
    }
    const BITS: u32 = 11;
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = Index {
            entries: Vec::new(),
            slots: vec![0; 1 << BITS],
        };
        // the first entry of a name wins, as a search of the table in order finds it
        for (n, f) in names() {
            let b = n.as_bytes();
            let (x, y) = name_words(b);
            let key = (b.len(), x, y);
            let mut at = slot(key, BITS);
            loop {
                match index.slots[at] {
                    0 => {
                        index.entries.push((key, (n, f)));
                        index.slots[at] =
                            u16::try_from(index.entries.len()).expect("a few hundred names");
                        break;
                    }
                    e if index.entries[usize::from(e) - 1].0 == key => break,
                    _ => at = (at + 1) & ((1 << BITS) - 1),
                }
            }
        }
        assert!(
            4 * index.entries.len() <= 1 << BITS,
            "the index at most a quarter full"
        );
        index
    });
    let (a, b) = name_words(name);
    let key = (name.len(), a, b);
    let mut at = slot(key, BITS);
    let &(_, (n, f)) = loop {
        let e = usize::from(*index.slots.get(at)?).checked_sub(1)?;
        let entry = index.entries.get(e)?;
        if entry.0 == key {
            break entry;
        }
        at = (at + 1) & ((1 << BITS) - 1);
    };
    if name.len() <= 16 || n.as_bytes() == name {
        Some((n, f))
    } else {
        names().find(|(n, _)| n.as_bytes() == name)
    }
}

/// Two words of a name's bytes that, with its length, are all of them up to 16 bytes: the
/// first and the last 8 (which may overlap), or for a shorter name its first and last 4, or
/// its first, middle and last byte.
#[inline]
fn name_words(b: &[u8]) -> (u64, u64) {
    let n = b.len();
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"));
    let half = |at: usize| u64::from(u32::from_le_bytes(b[at..at + 4].try_into().expect("four")));
    if n >= 8 {
        (word(0), word(n - 8))
    } else if n >= 4 {
        (half(0), half(n - 4))
    } else if n > 0 {
        (
            u64::from(b[0]) | u64::from(b[n / 2]) << 8 | u64::from(b[n - 1]) << 16,
            0,
        )
    } else {
        (0, 0)
    }
}

impl Function {
    /// Whether `cute explain` derives its calls step by step.
    pub fn is_explained(&self) -> bool {
        self.traced.is_some()
    }
}

/// Call a function on evaluated arguments.
pub fn call(f: &Function, vals: &[Value], spans: &[Span], span: Span) -> Result<Value, EvalError> {
    let n = vals.len();
    if n < f.arity.0 || n > f.arity.1 {
        let want = if f.arity.0 == f.arity.1 {
            format!("{}", f.arity.0)
        } else if f.arity.1 == ANY {
            format!("at least {}", f.arity.0)
        } else {
            format!("{} to {}", f.arity.0, f.arity.1)
        };
        return Err(EvalError::new(
            format!(
                "{} takes {want} argument(s), got {n}: {}",
                f.name, f.signature
            ),
            span,
        ));
    }
    if !f.coordinates
        && let Some(i) = vals.iter().position(Value::has_basis)
    {
        return Err(EvalError::new(
            format!(
                "{} does not take {} (CuTe's basis elements `1@0`, the strides of identity layouts and tensors, reach only the functions that keep them)",
                f.name,
                vals[i].kind()
            ),
            spans.get(i).copied().unwrap_or(span),
        ));
    }
    if f.tensor != OnTensor::Handler
        && let Some((offset, layout)) = match vals.first() {
            Some(Value::SwizzledTensor(o, c)) => {
                Some((Origin::Count(*o), Value::Composed(c.clone())))
            }
            Some(Value::OffsetLayout(o, l)) => Some((o.clone(), Value::Layout((**l).clone()))),
            _ => None,
        }
    {
        let mut on_layout = vals.to_vec();
        on_layout[0] = layout;
        let r = call(f, &on_layout, spans, span)?;
        return Ok(match (f.tensor, offset, r) {
            (OnTensor::Keep, Origin::Count(o), Value::Composed(r)) => Value::SwizzledTensor(o, r),
            (OnTensor::Keep, offset, Value::Layout(l)) => Value::offset_layout(offset, l),
            (_, _, other) => other,
        });
    }
    let on = match f.composed {
        OnComposed::RewrapWith(i, min) if vals.len() >= min => OnComposed::Rewrap(i),
        other => other,
    };
    if let OnComposed::Rewrap(i) | OnComposed::Inner(i) = on
        && let Some(Value::Composed(c)) = vals.get(i)
    {
        let mut inner = vals.to_vec();
        inner[i] = Value::Layout(c.layout.clone());
        let r = (f.handler)(&Args {
            vals: &inner,
            spans,
            span,
        })?;
        return Ok(match (on, r) {
            (OnComposed::Rewrap(_), Value::Layout(l)) => Value::composed(ComposedLayout {
                layout: l,
                ..(**c).clone()
            }),
            (_, r) => r,
        });
    }
    (f.handler)(&Args { vals, spans, span })
}

/// Names worth completing that are not functions: atom names and element types.
pub fn completion_names() -> Vec<String> {
    crate::atoms::completion_names()
}

/// The derivations of the functions `cute explain` explains: each runs the `_traced` variant of
/// the algorithm its plain handler runs, so the result is the plain result.
mod traced {
    use super::{Args, Traced};
    use crate::algebra::trace::{Recorder, Step, Trace};
    use crate::algebra::{self, Layout, Tiler, TilerBuf, complement, composition, coord};
    use crate::eval::convert::{layout_of, tensor_of, to_coord, to_index, to_int_tuple};
    use crate::eval::{EvalError, Value, compose_values};

    /// A plain layout argument (or a shape, read as a column-major layout).
    fn plain_layout(a: &Args, i: usize) -> bool {
        matches!(a.vals[i], Value::Layout(_) | Value::IntTuple(_))
    }

    fn layout(a: &Args, i: usize) -> Result<Layout, EvalError> {
        layout_of(&a.vals[i], a.spans[i]).map(|c| c.into_owned())
    }

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

    pub(super) fn composition(a: &Args, t: &mut Recorder) -> Traced {
        if a.vals.len() != 2 {
            return Ok(None);
        }
        let (x, y) = (&a.vals[0], &a.vals[1]);
        let layout_like =
            matches!(x, Value::Layout(_)) || matches!(x, Value::IntTuple(t) if !t.is_int());
        let tiler_like = !matches!(y, Value::Swizzle(_) | Value::Composed(_) | Value::Offset(_));
        if layout_like && tiler_like {
            let l = layout(a, 0)?;
            let mut buf = TilerBuf::new();
            let tl = a.tiler(1, &mut buf)?;
            return lay(a, composition::compose_tiler_traced(&l, &tl, t));
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
        Ok(Some(compose_values(x, a.spans[0], y, a.spans[1], a.span)))
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

    /// A divide or product of a layout by a tiler.
    pub(super) fn tiler_op(
        a: &Args,
        t: &mut Recorder,
        op: fn(&Layout, &Tiler, &mut Recorder) -> algebra::Result<Layout>,
    ) -> Traced {
        if !plain_layout(a, 0) {
            return Ok(None);
        }
        let l = layout(a, 0)?;
        let mut buf = TilerBuf::new();
        let tl = a.tiler(1, &mut buf)?;
        lay(a, op(&l, &tl, t))
    }

    /// A product of two layouts (blocked, raked).
    pub(super) fn layout_op(
        a: &Args,
        t: &mut Recorder,
        op: fn(&Layout, &Layout, &mut Recorder) -> algebra::Result<Layout>,
    ) -> Traced {
        if !plain_layout(a, 0) || !plain_layout(a, 1) {
            return Ok(None);
        }
        let (x, y) = (layout(a, 0)?, layout(a, 1)?);
        lay(a, op(&x, &y, t))
    }

    pub(super) fn inverse(
        a: &Args,
        t: &mut Recorder,
        op: fn(&Layout, &mut Recorder) -> algebra::Result<Layout>,
    ) -> Traced {
        // swizzle_layout.hpp: a swizzle is its own right and left inverse
        if let Value::Swizzle(s) = &a.vals[0] {
            let r = algebra::recast::swizzle_inverse_traced("inverse", s, t);
            return Ok(Some(Ok(Value::Swizzle(r))));
        }
        if !plain_layout(a, 0) {
            return Ok(None);
        }
        lay(a, op(&layout(a, 0)?, t))
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
        let idx = to_index(&a.vals[2], a.spans[2])? as i64;
        Ok(Some(
            algebra::tensor::local_partition_traced(&tensor, &layout(a, 1)?, idx, t)
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
}

/// Call a function with its derivation recorded (`cute explain`): `Ok(None)` when it has none
/// for these arguments. A wrong number of arguments is the plain call's error.
pub fn call_traced(
    f: &Function,
    vals: &[Value],
    spans: &[Span],
    span: Span,
    t: &mut Recorder,
) -> Traced {
    let n = vals.len();
    match f.traced {
        Some(traced) if n >= f.arity.0 && n <= f.arity.1 => traced(&Args { vals, spans, span }, t),
        Some(_) => Ok(Some(call(f, vals, spans, span))),
        None => Ok(None),
    }
}

/// The functions `cute explain` derives step by step.
pub fn explained() -> impl Iterator<Item = &'static str> {
    all().filter(|f| f.traced.is_some()).map(|f| f.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_every_name_and_nothing_else() {
        for f in all() {
            let first = all().find(|g| g.name == f.name).expect("itself");
            let (name, found) = lookup_bytes(f.name.as_bytes()).expect("a name of the table");
            assert_eq!(name, f.name);
            assert!(std::ptr::eq(found, first), "{}", f.name);
            // near misses: a byte less, a byte more, a byte changed
            let b = f.name.as_bytes();
            let mut changed = b.to_vec();
            changed[b.len() / 2] ^= 1;
            let more = [b, b"x"].concat();
            for other in [&b[..b.len() - 1], &more[..], &changed[..]] {
                if let Some((name, _)) = lookup_bytes(other) {
                    assert_eq!(name.as_bytes(), other);
                }
            }
        }
        for (alias, ours) in ALIASES {
            let (name, f) = lookup_bytes(alias.as_bytes()).expect("an alias");
            assert_eq!((name, f.name), (*alias, *ours));
        }
        for other in [
            "",
            "x",
            "siz",
            "sizes",
            "logical_divid",
            "logical_divide_",
            "zzzzzzzzzzzzzzzzzzzz",
        ] {
            assert!(lookup_bytes(other.as_bytes()).is_none(), "{other}");
        }
    }
}
