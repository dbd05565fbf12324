//! The function table: every callable name, its signature and what it does, in one place
//! (the REPL's help is generated from it).
//!
//! This module holds the table's type ([`Function`]), its groups in help order ([`all`]),
//! [`lookup`] and [`call`]. The entries are in the groups' modules, one concept each:
//! `queries`, `construction`, `modes`, `operations` (the layout algebra), `coordinates`,
//! `atoms`, `tiling`, `analysis`, `layouts`, `tuples`, `swizzled`, `partition`, `pointers` and
//! `fake` (the DSL's placeholders of `cute.compile`). The machinery is in modules of its own:
//! `args` (reading a call's arguments), `traced` (the derivations of `cute explain`), `index`
//! (the name index of [`lookup_bytes`]), `templates` (C++'s template forms), `keywords` (the
//! DSL's keyword arguments: defaults, keyword-only parameters) and `did_you_mean`
//! ([`closest`]).

use super::{EvalError, Value};
use crate::algebra::ComposedLayout;
use crate::algebra::composition::Rule;
use crate::algebra::tensor::Origin;
use crate::algebra::trace::{Laws, Recorder};
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

/// A call of a function whose result has a law (SPEC §3: composition, the inverses, the
/// divides and products), run as the function the user called: the same algorithm as
/// [`Handler`]'s, through its `_traced` variant with a [`Laws`] sink, which checks the law on
/// CuTe's result and keeps what breaks it. Where these arguments have no law to check, the
/// plain handler (its third argument) answers ([`traced::Lawful`]).
type LawfulHandler = fn(&Args, &mut Laws, Handler) -> Result<Value, EvalError>;

/// One callable function.
pub struct Function {
    /// Its name, as in CuTe.
    pub name: &'static str,
    /// Its help text, one string (one pointer to relocate at start, not three): its signature,
    /// summary and example, each ended by [`HELP_END`] ([`Function::signature`],
    /// [`Function::summary`], [`Function::example`]).
    help: &'static str,
    /// Smallest and largest number of arguments (`usize::MAX`: any).
    pub arity: (usize, usize),
    handler: Handler,
    /// Its derivation for `cute explain`, if it has one.
    traced: Option<TracedHandler>,
    /// Its call with the law checked, if its result has one.
    lawful: Option<LawfulHandler>,
    /// Where C++ template arguments (`upcast<2>(L)`) go among the call's arguments.
    template: TemplateArgs,
    /// CuTe's tensor overload: what it does with a tensor (`OFF o L`, `OFF o Sw o OFF2 o L`).
    tensor: OnTensor,
    /// What it does with a composed layout argument (layout_composed.hpp).
    composed: OnComposed,
    /// Whether it takes basis elements (`1@0`: an identity layout's strides, an identity
    /// tensor, an arithmetic tuple); a function without it refuses them before it runs.
    coordinates: bool,
    /// The CuTe DSL's function of this name, where it answers otherwise than CuTe C++ (SPEC
    /// §1: the dialect of the statement decides).
    dsl: Option<Dsl>,
    /// Whether its handler takes typed constants as they are (`integral_constant<T, v>`: its
    /// type asked); every other function takes them as the static integers they are.
    typed: bool,
    /// Whether it returns nothing in CuTe (`void`: `copy`, `fill`, `gemm`, …): a statement
    /// calling it prints nothing, and its value binds to no variable.
    pub void: bool,
}

/// A function of the table as the CuTe DSL (4.8.1) has it, where its parameters or its answer
/// differ from CuTe C++'s: a call in a DSL statement (`cute.NAME(...)`, and every call of the
/// Python package) takes it.
#[derive(Clone, Copy)]
pub struct Dsl {
    /// The DSL's signature, where its parameters' names or order differ (`repeat_like(X,
    /// TARGET)`): a DSL call's positional and keyword arguments are read by it.
    pub signature: Option<&'static str>,
    /// The DSL's answer, on the arguments in the order of the DSL's signature.
    pub(super) handler: Handler,
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
        help: "\u{1f}\u{1f}\u{1f}",
        arity: (0, 0),
        handler: |a| Err(EvalError::new("no handler", a.span)),
        traced: None,
        lawful: None,
        template: TemplateArgs::None,
        tensor: OnTensor::Handler,
        composed: OnComposed::Handler,
        coordinates: false,
        dsl: None,
        typed: false,
        void: false,
    };
}

macro_rules! f {
    ($name:literal, $sig:literal, $summary:literal, $example:literal, $lo:expr, $hi:expr, $h:expr $(, $key:ident: $val:expr)* $(,)?) => {
        Function {
            name: $name,
            help: concat!($sig, "\u{1f}", $summary, "\u{1f}", $example, "\u{1f}"),
            arity: ($lo, $hi),
            handler: $h,
            $($key: $val,)*
            ..Function::DEFAULTS
        }
    };
}

/// A function of the atoms module (`methods::atom_function` dispatches on its name).
macro_rules! atom_f {
    ($name:literal, $sig:literal, $summary:literal, $example:literal, $lo:expr, $hi:expr $(, $key:ident: $val:expr)* $(,)?) => {
        f!($name, $sig, $summary, $example, $lo, $hi, |a| {
            crate::eval::methods::atom_function($name, a.vals, a.spans, a.span)
        } $(, $key: $val)*)
    };
}

const ANY: usize = usize::MAX;

/// The end of each part of a [`Function`]'s help text (ASCII's unit separator: no help text
/// holds it).
const HELP_END: char = '\u{1f}';

mod algorithms;
pub(in crate::eval) use algorithms::profile_compatible;
mod analysis;
mod args;
mod atoms;
mod complex;
pub(crate) mod construction;
mod coordinates;
mod did_you_mean;
mod fake;
mod index;
mod keywords;
mod layout_composed;
pub(crate) use layout_composed::{
    composed_after, composed_value, inner_value, outer_value, slice as layout_composed_slice,
    stage_of, swizzle_then_composed,
};
mod layouts;
mod modes;
mod nested;
mod operations;
mod partition;
mod pointers;
mod queries;
mod swizzled;
mod templates;
mod tiling;
mod traced;
mod tuples;

pub use args::Args;
pub use did_you_mean::{closest, closest_among};
pub use index::lookup_bytes;
pub use keywords::same_parameter;
pub(crate) use nested::slice_all_underscore as nested_slice_all_underscore;
pub(crate) use swizzled::{composed_inverse_value, swizzled_value};
pub use templates::{Templated, templated};

/// Every function, in help order: the table's groups, one file each (`construction` has two,
/// its layouts' constructors and, after the analysis, the other values').
static GROUPS: &[&[Function]] = &[
    queries::FUNCTIONS,
    construction::LAYOUTS,
    modes::FUNCTIONS,
    operations::FUNCTIONS,
    coordinates::FUNCTIONS,
    atoms::FUNCTIONS,
    tiling::FUNCTIONS,
    analysis::FUNCTIONS,
    construction::VALUES,
    layouts::FUNCTIONS,
    tuples::FUNCTIONS,
    swizzled::FUNCTIONS,
    partition::FUNCTIONS,
    pointers::FUNCTIONS,
    fake::FUNCTIONS,
    algorithms::FUNCTIONS,
    complex::FUNCTIONS,
];

/// Every function of the table, in help order.
pub fn all() -> impl Iterator<Item = &'static Function> + Clone {
    GROUPS.iter().flat_map(|g| g.iter())
}

/// Names under which CuTe C++ or its Python DSL calls a function of this table.
const ALIASES: &[(&str, &str)] = &[
    ("group_modes", "group"),
    ("make_tiled_mma", "tiled_mma"),
    ("is_congruent", "congruent"),
    ("is_compatible", "compatible"),
    ("is_weakly_congruent", "weakly_congruent"),
];

/// The function of that name.
pub fn lookup(name: &str) -> Option<&'static Function> {
    lookup_bytes(name.as_bytes()).map(|(_, f)| f)
}

impl Function {
    /// The `part`th part of its help text.
    fn help_part(&self, part: usize) -> &'static str {
        self.help.split(HELP_END).nth(part).unwrap_or("")
    }

    /// Its arguments, for help text.
    pub fn signature(&self) -> &'static str {
        self.help_part(0)
    }

    /// What it computes.
    pub fn summary(&self) -> &'static str {
        self.help_part(1)
    }

    /// A statement calling it (`:help NAME` shows it with its result, computed).
    pub fn example(&self) -> &'static str {
        self.help_part(2)
    }

    /// Whether `cute explain` derives its calls step by step.
    pub fn is_explained(&self) -> bool {
        self.traced.is_some()
    }

    /// The CuTe DSL's form of it, where it differs from C++'s ([`Dsl`]).
    pub fn dsl(&self) -> Option<&Dsl> {
        self.dsl.as_ref()
    }

    /// Its signature in a dialect: the DSL's where the DSL's parameters differ.
    pub fn signature_in(&self, dsl: bool) -> &'static str {
        match self.dsl {
            Some(Dsl {
                signature: Some(s), ..
            }) if dsl => s,
            _ => self.signature(),
        }
    }
}

/// Call a function on evaluated arguments (an intermediate step: no law is checked).
pub fn call(f: &Function, vals: &[Value], spans: &[Span], span: Span) -> Result<Value, EvalError> {
    call_checking(f, vals, spans, span, None)
}

/// Call a function on evaluated arguments; with `laws`, as the function the user called: the
/// law of its result, where it has one, is checked and what breaks it kept in `laws` (CuTe's
/// answer is the value all the same).
pub fn call_checking(
    f: &Function,
    vals: &[Value],
    spans: &[Span],
    span: Span,
    laws: Option<&mut Laws>,
) -> Result<Value, EvalError> {
    call_checking_in(f, vals, spans, span, laws, false, Rule::Cpp)
}

/// [`call_checking`] in a dialect: with `dsl`, a function the CuTe DSL answers otherwise
/// ([`Dsl`]) gives the DSL's answer, its arguments read in the DSL's order; its compositions
/// (its divides' and products' too) are `rule`'s (the DSL's under a DSL call).
/// The CuTe DSL's type checks where C++ takes a composed layout or a swizzle and the DSL does
/// not (dsl-oracle): its inverses take a `Layout` ("TypeError: Expected input of type Layout, but
/// got <class 'cutlass.cute.core._ComposedLayout'>"), and `make_composed_layout`'s outer
/// (right-most) function is an affine layout, not a swizzle or a composed layout. Out of line:
/// every call of the DSL's passes by, and C++'s calls would carry its frame otherwise.
#[cold]
#[inline(never)]
fn dsl_refuses_composed(
    f: &Function,
    vals: &[Value],
    spans: &[Span],
    span: Span,
) -> Result<(), EvalError> {
    let class = |v: &Value| match v {
        Value::Swizzle(_) => Some("Swizzle"),
        Value::Composed(_) | Value::NestedComposed(_) | Value::LayoutComposed(_) => {
            Some("_ComposedLayout")
        }
        _ => None,
    };
    let at = |i: usize| spans.get(i).copied().unwrap_or(span);
    match (f.name, vals) {
        ("right_inverse" | "left_inverse", [v]) => match class(v) {
            Some(c) => Err(EvalError::new(
                format!(
                    "TypeError: Expected input of type Layout, but got <class 'cutlass.cute.core.{c}'>"
                ),
                at(0),
            )),
            None => Ok(()),
        },
        ("make_composed_layout", [_, _, outer]) if class(outer).is_some() => Err(EvalError::new(
            format!(
                "TypeError: expects the outer (or right-most or effectively visible) layout to be an affine layout, but got {}",
                match outer {
                    // the DSL's str() of a swizzle
                    Value::Swizzle(s) => format!("S<{},{},{}>", s.bits, s.base, s.shift),
                    other => crate::eval::plain::render(other),
                }
            ),
            at(2),
        )),
        _ => Ok(()),
    }
}

pub fn call_checking_in(
    f: &Function,
    vals: &[Value],
    spans: &[Span],
    span: Span,
    laws: Option<&mut Laws>,
    dsl: bool,
    rule: Rule,
) -> Result<Value, EvalError> {
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
                f.name,
                f.signature()
            ),
            span,
        ));
    }
    // one walk finds the arguments that take a path of their own (the first of each), and
    // whether any argument is a composed layout or a tensor (`wrapped`): where none is, as in
    // most calls, the paths for them below have nothing to do and are passed by
    let (mut layout_composed, mut nested, mut basis) = (None, None, None);
    let (mut typed, mut wrapped) = (false, false);
    for (i, v) in vals.iter().enumerate() {
        match v {
            Value::LayoutComposed(_) => _ = layout_composed.get_or_insert(i),
            Value::NestedComposed(_) => _ = nested.get_or_insert(i),
            Value::Constant(_) | Value::Array(_) => typed = true,
            Value::Tuple(_) if crate::eval::constant::is_typed(v) => typed = true,
            Value::Composed(_) | Value::SwizzledTensor(..) | Value::OffsetLayout(..) => {
                wrapped = true
            }
            _ => {}
        }
        // (an algorithm reads a tensor over a transform iterator by its function's values,
        // its layout's basis strides only moving the inner iterator)
        let read_by_value = f.void
            && matches!(
                v,
                Value::OffsetLayout(crate::algebra::tensor::Origin::Transform(_), _)
            );
        if basis.is_none() && !f.coordinates && !read_by_value && v.has_basis() {
            basis = Some(i);
        }
    }
    if dsl {
        dsl_refuses_composed(f, vals, spans, span)?;
    }
    let handler = match f.dsl {
        Some(d) if dsl => d.handler,
        _ => f.handler,
    };
    // the common call (no argument takes a path of its own) in this frame; the paths of
    // typed constants, basis strides, composed layouts and tensors out of line, in a frame
    // of their own (inline, they grew this one's frame and its register saves on every call)
    if !typed && layout_composed.is_none() && basis.is_none() && nested.is_none() && !wrapped {
        return call_handler(
            f,
            handler,
            &Args {
                vals,
                spans,
                span,
                rule,
            },
            laws,
            dsl,
        );
    }
    let paths = OwnPaths {
        layout_composed,
        nested,
        basis,
        typed,
        wrapped,
    };
    call_on_own_paths(f, handler, vals, spans, span, laws, dsl, rule, paths)
}

/// The arguments of a call that take a path of their own (the first of each kind), as
/// [`call_checking_in`]'s walk finds them.
#[derive(Clone, Copy)]
struct OwnPaths {
    layout_composed: Option<usize>,
    nested: Option<usize>,
    basis: Option<usize>,
    typed: bool,
    wrapped: bool,
}

/// [`call_checking_in`] where an argument takes a path of its own: a typed constant lowered, a
/// basis stride refused, a composed layout or a tensor through its inner layout.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn call_on_own_paths(
    f: &Function,
    handler: Handler,
    vals: &[Value],
    spans: &[Span],
    span: Span,
    mut laws: Option<&mut Laws>,
    dsl: bool,
    rule: Rule,
    paths: OwnPaths,
) -> Result<Value, EvalError> {
    let OwnPaths {
        layout_composed,
        nested,
        basis,
        typed,
        wrapped,
    } = paths;
    // a typed constant (`integral_constant<uint32_t, 5>`) is the static integer it is to every
    // function but those that ask its type
    if typed && !f.typed {
        let lowered = vals
            .iter()
            .zip(spans.iter().chain(std::iter::repeat(&span)))
            .map(|(v, s)| crate::eval::constant::lowered(v, *s))
            .collect::<Result<Vec<_>, _>>()?;
        return call_checking_in(f, &lowered, spans, span, laws, dsl, rule);
    }
    // a layout composed with a layout (an im2col TMA's tensor): through its inner layout
    // (composition(X, O, Y) and make_composed_layout(X, O, Y) build ComposedLayout<X, O, Y>)
    if let Some(i) = layout_composed
        && f.name != "make_composed_layout"
        && !(f.name == "composition" && vals.len() == 3)
    {
        return layout_composed::call(f, vals, i, spans, span, laws);
    }
    if let Some(i) = basis {
        return Err(EvalError::new(
            format!(
                "{} does not take {} (CuTe's basis elements `1@0`, the strides of identity layouts and tensors, reach only the functions that keep them)",
                f.name,
                vals[i].kind()
            ),
            spans.get(i).copied().unwrap_or(span),
        ));
    }
    if layout_composed.is_none() && nested.is_none() && !wrapped {
        return call_handler(
            f,
            handler,
            &Args {
                vals,
                spans,
                span,
                rule,
            },
            laws,
            dsl,
        );
    }
    let args = Args {
        vals,
        spans,
        span,
        rule,
    };
    if f.tensor != OnTensor::Handler
        && let Some((offset, layout)) = match vals.first() {
            Some(Value::SwizzledTensor(o, c)) => Some((o.clone(), Value::Composed(c.clone()))),
            Some(Value::OffsetLayout(o, l)) => Some((o.clone(), Value::Layout((**l).clone()))),
            _ => None,
        }
    {
        let mut on_layout = vals.to_vec();
        on_layout[0] = layout;
        let r = call_checking_in(f, &on_layout, spans, span, laws, dsl, rule)?;
        return Ok(match (f.tensor, offset, r) {
            (OnTensor::Keep, o, Value::Composed(r)) => Value::SwizzledTensor(o, r),
            (OnTensor::Keep, offset, Value::Layout(l)) => Value::offset_layout(offset, l),
            // a new tensor like a tensor over memory: an owning tensor of its element type
            (OnTensor::New, Origin::Ptr(p), Value::Layout(l)) => {
                pointers::owning_static(&l, f.name, span)?;
                Value::offset_layout(Origin::Ptr(p.owning()), l)
            }
            // of a tensor over `counting_iterator<int>`: an owning tensor of its value type, int
            (OnTensor::New, Origin::Counting(_), Value::Layout(l)) => {
                use crate::algebra::pointer::{MemSpace, Pointer, PtrBase};
                pointers::owning_static(&l, f.name, span)?;
                // (its type named: the binding gives it an array of int, as to an owning
                // tensor over memory's)
                let p = Pointer::of_element(MemSpace::Raw, "int", PtrBase::Stack, true)
                    .map_err(|e| EvalError::algebra(e, span))?
                    .with_type_name("int");
                Value::offset_layout(Origin::Ptr(p), l)
            }
            (_, _, other) => other,
        });
    }
    // a composed layout of a composed layout: through its inner one, as layout_composed.hpp
    if let Some(i) = nested
        && let Some(r) = nested::call(f, vals, i, spans, span, laws.as_deref_mut())
    {
        return r;
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
        let r = handler(&Args {
            vals: &inner,
            ..args
        })?;
        return Ok(match (on, r) {
            (OnComposed::Rewrap(_), Value::Layout(l)) => Value::composed(ComposedLayout {
                layout: l,
                ..(**c).clone()
            }),
            (_, r) => r,
        });
    }
    call_handler(f, handler, &args, laws, dsl)
}

/// The call of `handler` (the function's, or its DSL form's) on arguments that take no path
/// of their own: through the lawful handler where the call's law is checked.
#[inline(always)]
fn call_handler(
    f: &Function,
    handler: Handler,
    args: &Args,
    laws: Option<&mut Laws>,
    dsl: bool,
) -> Result<Value, EvalError> {
    match (f.lawful, laws) {
        (Some(lawful), Some(laws)) if !(dsl && f.dsl.is_some()) => {
            // the lawful call answers, through the handler where it has no law to check: its
            // value is this call's as written (no `Traced` unwrapped here, 128 bytes copied
            // twice)
            lawful(args, laws, handler)
        }
        (Some(lawful), Some(laws)) => dsl_call_with_cpp_laws(f, handler, lawful, args, laws),
        _ => handler(args),
    }
}

/// The DSL's answer (its handler) to a call whose C++ form has a law: where it is C++'s, the
/// laws C++'s lawful call finds broken are this answer's too (SPEC §3: CuTe's answer, and a
/// warning). Out of line: its two values and its `Laws` stay off the common call's frame.
#[cold]
#[inline(never)]
fn dsl_call_with_cpp_laws(
    f: &Function,
    handler: Handler,
    lawful: LawfulHandler,
    args: &Args,
    laws: &mut Laws,
) -> Result<Value, EvalError> {
    let v = handler(args)?;
    let mut found = Laws::default();
    if let Ok(cpp) = lawful(args, &mut found, f.handler)
        && cpp == v
    {
        laws.violations.append(&mut found.violations);
    }
    Ok(v)
}

/// Whether a function's result has a law that a call as the user's is checked against.
pub fn has_law(f: &Function) -> bool {
    f.lawful.is_some()
}

/// Names worth completing that are not functions: atom names, element types and the DSL's
/// operations (`MmaF16BF16Op` of `cute.nvgpu.warp`).
pub fn completion_names() -> Vec<String> {
    let mut names = crate::atoms::completion_names();
    names.extend(crate::eval::nvgpu::completion_words().map(str::to_string));
    names
}

/// Call a function with its derivation recorded (`cute explain`): `Ok(None)` when it has none
/// for these arguments. A wrong number of arguments is the plain call's error.
pub fn call_traced(
    f: &Function,
    vals: &[Value],
    spans: &[Span],
    span: Span,
    rule: Rule,
    t: &mut Recorder,
) -> Traced {
    let n = vals.len();
    match f.traced {
        Some(traced) if n >= f.arity.0 && n <= f.arity.1 => traced(
            &Args {
                vals,
                spans,
                span,
                rule,
            },
            t,
        ),
        Some(_) => Ok(Some(call_checking_in(
            f, vals, spans, span, None, false, rule,
        ))),
        None => Ok(None),
    }
}

/// The functions `cute explain` derives step by step.
pub fn explained() -> impl Iterator<Item = &'static str> {
    all().filter(|f| f.traced.is_some()).map(|f| f.name)
}
