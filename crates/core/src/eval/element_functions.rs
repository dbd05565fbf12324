//! CuTe's algorithms that apply a function to a tensor's elements: `for_each` and
//! `transform` (algorithm/tensor_algorithms.hpp), `reduce` and `batch_reduce`
//! (algorithm/tensor_reduce.hpp). The function is one of CuTe's functors
//! (algorithm/functional.hpp: `plus{}`, `multiplies{}`, `max_fn{}`, `negate{}`, …) or a
//! lambda (written in place or bound to a name), called on the element values
//! ([`super::storage`]).
//!
//! - `for_each(T, f)`: `f(T(i))` for `i < size(T)` (what `f` prints is printed).
//! - `transform(T, f)`: `T(i) = f(T(i))`; `transform(A, B, f)`: `B(i) = f(A(i))` for
//!   `i < size(A)`; `transform(A, B, C, f)`: `C(i) = f(A(i), B(i))` for `i < size(A)`.
//! - `reduce(T, init, f = plus{})`: `init = f(init, T(i))` for `i < size(T)`, in `init`'s type
//!   (each step converted to it, as the assignment converts): the result.
//! - `batch_reduce(S, D, f = plus{})`: `D(i) = reduce(S(_,i), D(i), f)` for `i < size(D)`
//!   (`CUTE_STATIC_ASSERT_V(rank(S) == 2)`; `assert(size<1>(S) == size(D))`).
//! - `logical_reduce(S, D, P, f = plus{})`: `batch_reduce` of the tensor at `S.data()` over
//!   `(dice(P, S.layout()), slice(P, S.layout()))` (a rank-0 part `Layout<_1,_0>`), after
//!   `assert(compatible(P, shape(S)))` (the table's entry).

use super::function::Routine;
use super::storage::{ElemType, Element, Number, Scalar, elements};
use super::{Env, EvalError, Value};
use crate::algebra::Layout;
use crate::algebra::tensor::Origin;
use crate::parser::{Expr, ExprKind, Span};

/// The algorithms of this module, by name.
pub(super) const ELEMENT_FUNCTION_ALGORITHMS: &[&str] = &[
    "for_each",
    "transform",
    "reduce",
    "batch_reduce",
    "logical_reduce",
];

/// The function an algorithm applies.
pub(super) enum ElementFn {
    /// A functor of functional.hpp, by name, and the arguments it takes.
    Functor(&'static str, usize),
    /// A lambda, and the lambdas its body sees (`None`: all).
    Lambda(Box<Routine>, Option<usize>),
    /// A function of the table passed by name (the DSL's `g=cute.tuple_cat`), called on the
    /// values as a call of it in the text is.
    Table(&'static super::functions::Function),
}

/// functional.hpp's functors `cute` computes on numbers, and how many arguments each takes.
pub(super) fn functor(name: &str) -> Option<(&'static str, usize)> {
    let n = name.strip_prefix("cute::").unwrap_or(name);
    use crate::parser::{BINARY_FUNCTORS as BINARY, UNARY_FUNCTORS as UNARY};
    if let Some(f) = UNARY.iter().find(|f| **f == n) {
        return Some((f, 1));
    }
    BINARY.iter().find(|f| **f == n).map(|f| (*f, 2))
}

/// That the algorithm calls the functor `name` (of `arity` arguments) with `got` arguments.
pub(super) fn check_functor_arity(
    name: &str,
    arity: usize,
    got: usize,
    span: Span,
) -> Result<(), EvalError> {
    if arity == got {
        return Ok(());
    }
    Err(EvalError::new(
        format!(
            "{name} takes {arity} argument{}, the algorithm calls it with {got}",
            if arity == 1 { "" } else { "s" },
        ),
        span,
    ))
}

/// `f(args…)` of a functor: C++'s operator on the values (the usual arithmetic conversions:
/// [`Scalar::arith`]); a comparison or logical operator gives a `bool`; `max_fn`/`min_fn` are
/// CuTe's `max`/`min` (`t < u ? u : t`), in the common type.
pub(super) fn apply_functor(name: &str, args: &[Scalar]) -> Result<Scalar, String> {
    let truth = |b: bool| Scalar {
        ty: ElemType::Bool,
        value: Number::Int(i128::from(b)),
        python: false,
    };
    let is_true = |s: &Scalar| s.value.as_f64() != 0.0;
    if let [x] = args {
        return match name {
            "identity" | "unary_plus" => Ok(*x),
            // `conj(x)`: of a complex value the imaginary part negated, of a real one itself
            "conjugate" => Ok(match x.value {
                Number::Complex(re, im) => Scalar {
                    ty: x.ty,
                    value: Number::Complex(re, -im),
                    python: false,
                },
                _ => *x,
            }),
            "negate" => Scalar::arith(
                '-',
                Scalar {
                    ty: x.ty,
                    value: Number::Int(0),
                    python: false,
                },
                *x,
            ),
            "abs_fn" if x.value.as_f64() < 0.0 => apply_functor("negate", args),
            "abs_fn" => Ok(*x),
            "logical_not" => Ok(truth(!is_true(x))),
            _ => Err(format!("{name} takes two arguments")),
        };
    }
    let [a, b] = args else {
        return Err(format!("{name} takes {} arguments", args.len()));
    };
    // a comparison in the common type (the values as that type holds them)
    let in_common = || -> Result<(Number, Number), String> {
        let ty = Scalar::common(a.ty, b.ty);
        Ok((ty.round(a.value)?, ty.round(b.value)?))
    };
    let less = |x: Number, y: Number| match (x, y) {
        (Number::Int(i), Number::Int(j)) => i < j,
        _ => x.as_f64() < y.as_f64(),
    };
    let eq = |x: Number, y: Number| match (x, y) {
        (Number::Int(i), Number::Int(j)) => i == j,
        _ => x.parts() == y.parts(),
    };
    let ordered = matches!(
        name,
        "less" | "greater" | "less_equal" | "greater_equal" | "max_fn" | "min_fn"
    );
    if ordered && (a.ty.is_complex() || b.ty.is_complex()) {
        return Err(format!(
            "{name} of complex values: cutlass::complex has no ordering (CuTe does not compile it)"
        ));
    }
    match name {
        "plus" => Scalar::arith('+', *a, *b),
        "minus" => Scalar::arith('-', *a, *b),
        "multiplies" => Scalar::arith('*', *a, *b),
        "divides" => Scalar::arith('/', *a, *b),
        "modulus" => Scalar::arith('%', *a, *b),
        "max_fn" | "min_fn" => {
            // CuTe's max/min require is_arithmetic<T> and is_arithmetic<U> (numeric/math.hpp)
            if let Some(t) = [a.ty, b.ty].into_iter().find(|t| !t.is_cpp_arithmetic()) {
                return Err(format!(
                    "{name} of a {}: CuTe's {} takes arithmetic types only (is_arithmetic), CuTe does not compile it",
                    t.name(),
                    &name[..3]
                ));
            }
            let ty = Scalar::common(a.ty, b.ty);
            let (x, y) = in_common()?;
            let pick_b = if name == "max_fn" {
                less(x, y)
            } else {
                !less(x, y)
            };
            Scalar::new(ty, if pick_b { y } else { x })
        }
        "equal_to" => in_common().map(|(x, y)| truth(eq(x, y))),
        "not_equal_to" => in_common().map(|(x, y)| truth(!eq(x, y))),
        "less" => in_common().map(|(x, y)| truth(less(x, y))),
        "greater" => in_common().map(|(x, y)| truth(less(y, x))),
        "less_equal" => in_common().map(|(x, y)| truth(!less(y, x))),
        "greater_equal" => in_common().map(|(x, y)| truth(!less(x, y))),
        "logical_and" => Ok(truth(is_true(a) && is_true(b))),
        "logical_or" => Ok(truth(is_true(a) || is_true(b))),
        _ => Err(format!("{name} takes one argument")),
    }
}

/// Whether a lambda's body writes one of its parameters (`x = …`, `x += …`, `++x`): through
/// a reference parameter (`[](auto& x){ x *= 2; }`) that writes the element, which `cute`
/// does not model.
fn writes_parameter(r: &Routine) -> Option<String> {
    let body = Env::body_of(r).as_bytes();
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    for p in Env::param_names(r) {
        let pb = p.as_bytes();
        let mut i = 0;
        while let Some(k) = body[i..]
            .windows(pb.len())
            .position(|w| w == pb)
            .map(|k| k + i)
        {
            i = k + 1;
            let end = k + pb.len();
            if (k > 0 && is_ident(body[k - 1])) || body.get(end).copied().is_some_and(is_ident) {
                continue;
            }
            let before = &body[..k];
            let before = before.trim_ascii_end();
            let after = body[end..].trim_ascii_start();
            let assigns = matches!(after, [b'=', c, ..] if *c != b'=')
                || matches!(
                    after,
                    [
                        b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'|' | b'^',
                        b'=',
                        ..
                    ]
                )
                || after.starts_with(b"++")
                || after.starts_with(b"--")
                || before.ends_with(b"++")
                || before.ends_with(b"--");
            if assigns {
                return Some(p.to_string());
            }
        }
    }
    None
}

impl Env {
    /// The function argument of an algorithm (`args[i]`): a functor (`plus{}`,
    /// `cute::max_fn{}`), a lambda written there, or a lambda's name.
    pub(super) fn element_fn(&self, arg: &Expr, algorithm: &str) -> Result<ElementFn, EvalError> {
        let mut e = arg;
        while let ExprKind::Group(inner) = e.kind {
            e = inner;
        }
        let lambda = |r: Routine, seq: Option<usize>| {
            if let Some(p) = writes_parameter(&r) {
                return Err(EvalError::new(
                    format!(
                        "{algorithm}: the lambda writes its parameter '{p}' (an element through a reference): not modelled; return the new value instead (transform(T, [](auto x){{ return …; }}))"
                    ),
                    arg.span,
                ));
            }
            Ok(ElementFn::Lambda(Box::new(r), seq))
        };
        match e.kind {
            ExprKind::Lambda(l) => lambda(Env::inline_lambda(l), None),
            ExprKind::Name(n) if let Some(r) = self.bound_lambda(n) => {
                let seq = r.seq;
                lambda(r, Some(seq))
            }
            // a Python function of the program's own passed by name
            ExprKind::Name(_) if let Some(r) = self.named_function(e) => lambda(r, None),
            ExprKind::Name(n) | ExprKind::Qualified(n)
                if !self.is_bound(n)
                    && let Some((name, arity)) = functor(n) =>
            {
                Ok(ElementFn::Functor(name, arity))
            }
            // the DSL's `g=cute.tuple_cat` (`g=tuple_cat` after `from cutlass.cute import *`):
            // a function of the table
            ExprKind::Qualified(n) | ExprKind::Name(n)
                if self.dsl_statement()
                    && !self.is_bound(n)
                    && let Some(f) = super::functions::lookup(n) =>
            {
                Ok(ElementFn::Table(f))
            }
            // a functor object (`conjugate conj;`, `auto f = plus{};`)
            ExprKind::Name(n)
                if let Some(Value::Name(f)) = self.get(n)
                    && let Some((name, arity)) = functor(f) =>
            {
                Ok(ElementFn::Functor(name, arity))
            }
            _ => Err(EvalError::new(
                format!(
                    "{algorithm}: the function must be one of CuTe's functors (plus{{}}, multiplies{{}}, max_fn{{}}, min_fn{{}}, negate{{}}, …: algorithm/functional.hpp) or a lambda"
                ),
                arg.span,
            )),
        }
    }

    /// `f(args…)` on element values.
    fn apply_element_fn(
        &self,
        f: &ElementFn,
        args: &[Scalar],
        span: Span,
    ) -> Result<Scalar, EvalError> {
        match f {
            ElementFn::Functor(name, arity) => {
                check_functor_arity(name, *arity, args.len(), span)?;
                apply_functor(name, args).map_err(|m| EvalError::new(m, span))
            }
            ElementFn::Table(f) => Err(EvalError::new(
                format!(
                    "{} on a tensor's elements is not modelled (a functor or a lambda is)",
                    f.name
                ),
                span,
            )),
            ElementFn::Lambda(r, seq) => {
                let vals = args.iter().map(|s| Value::Scalar(Box::new(*s))).collect();
                let v = self.call_routine_on(r, vals, span, *seq)?;
                super::elements::number_of(&v).ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "the lambda must return a number for the algorithm, it returned {}",
                            v.kind()
                        ),
                        span,
                    )
                })
            }
        }
    }

    /// The arguments of an algorithm of this module: the values of all but its function
    /// (`at`), and the function.
    pub(super) fn element_fn_args(
        &self,
        name: &str,
        args: &[Expr],
    ) -> Result<(Vec<Value>, Option<ElementFn>), EvalError> {
        let at = match name {
            "for_each" => Some(1),
            "transform" => Some(args.len().saturating_sub(1)),
            "reduce" => (args.len() == 3).then_some(2),
            "batch_reduce" => (args.len() == 3).then_some(2),
            "logical_reduce" => (args.len() == 4).then_some(3),
            _ => None,
        }
        .filter(|&i| i < args.len() && i > 0);
        let mut vals = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            if Some(i) == at {
                vals.push(Value::Name("function".to_string()));
            } else {
                vals.push(self.eval(a)?);
            }
        }
        let f = match at {
            Some(i) => Some(self.element_fn(&args[i], name)?),
            None => None,
        };
        Ok((vals, f))
    }

    /// `reduce(T, init[, f])`: its value (the call checked by the function table).
    pub(super) fn reduce_value(&self, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let (vals, f) = self.element_fn_args("reduce", args)?;
        let f = f.unwrap_or(ElementFn::Functor("plus", 2));
        let init = super::elements::number_of(&vals[1]).ok_or_else(|| {
            EvalError::new(
                format!("reduce: init must be a number, found {}", vals[1].kind()),
                args[1].span,
            )
        })?;
        let src = self.read_tensor_elements(&vals[0], args[0].span, "reduce", "source")?;
        let mut acc = init;
        for e in &src {
            let x = self
                .buffers
                .get(e)
                .map_err(|m| EvalError::new(format!("reduce: {m}"), args[0].span))?;
            let r = self.apply_element_fn(&f, &[acc, x], span)?;
            // `init = op(init, src(i))`: the assignment converts to init's type
            acc = Scalar::new(acc.ty, r.value)
                .map_err(|m| EvalError::new(format!("reduce: {m}"), span))?;
        }
        Ok(Value::Scalar(Box::new(acc)))
    }

    /// The values `for_each`, `transform` and `batch_reduce` write (their checks done by the
    /// function table's entries).
    pub(super) fn run_element_fn_algorithm(
        &mut self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<(), EvalError> {
        let (vals, f) = self.element_fn_args(name, args)?;
        let err = |span: Span| move |m: String| EvalError::new(format!("{name}: {m}"), span);
        match name {
            "for_each" => {
                let f = f.expect("for_each's function");
                // a tuple (tuple_algorithms.hpp): `f(get<i>(t))` for `i < rank(t)`; an integer:
                // `f(t)` once
                if let Some(modes) = tuple_modes(&vals[0]) {
                    for v in modes {
                        match &f {
                            ElementFn::Lambda(r, seq) => {
                                self.call_routine_on(r, vec![v], span, *seq)?;
                            }
                            functor => {
                                let x = super::elements::number_of(&v).ok_or_else(|| {
                                    EvalError::new(
                                        format!("for_each: a functor takes numbers, the tuple's mode is {}", v.kind()),
                                        args[0].span,
                                    )
                                })?;
                                self.apply_element_fn(functor, &[x], span)?;
                            }
                        }
                    }
                    return Ok(());
                }
                let t = self.read_tensor_elements(&vals[0], args[0].span, name, "tensor")?;
                for e in &t {
                    let x = self.buffers.get(e).map_err(err(args[0].span))?;
                    // what the function returns is dropped; what it prints is printed
                    match &f {
                        ElementFn::Lambda(r, seq) => {
                            let v = vec![Value::Scalar(Box::new(x))];
                            self.call_routine_on(r, v, span, *seq)?;
                        }
                        functor => {
                            self.apply_element_fn(functor, &[x], span)?;
                        }
                    }
                }
            }
            "transform" => {
                let f = f.expect("transform's function");
                let n = vals.len() - 1;
                let ins: Vec<Vec<Element>> = (0..n.max(2) - 1)
                    .map(|i| self.read_tensor_elements(&vals[i], args[i].span, name, "input"))
                    .collect::<Result<_, _>>()?;
                let out =
                    self.read_tensor_elements(&vals[n - 1], args[n - 1].span, name, "output")?;
                for i in 0..ins[0].len() {
                    let mut xs = Vec::with_capacity(ins.len());
                    for (k, input) in ins.iter().enumerate() {
                        let e = input.get(i).ok_or_else(|| {
                            EvalError::new(
                                format!("{name}: the input has fewer elements than the first ({i} is past its end)"),
                                args[k].span,
                            )
                        })?;
                        xs.push(self.buffers.peek(e).map_err(err(args[k].span))?);
                    }
                    let y = match xs.iter().copied().collect::<Option<Vec<Scalar>>>() {
                        Some(xs) => Some(self.apply_element_fn(&f, &xs, span)?.value),
                        // an element not known: the result is not either
                        None => None,
                    };
                    let o = out.get(i).ok_or_else(|| {
                        EvalError::new(
                            format!("{name}: the output has {} elements, the loop over the input writes element {i} (past its end: undefined behaviour in CuTe)", out.len()),
                            args[n - 1].span,
                        )
                    })?;
                    self.buffers.put(o, y).map_err(err(args[n - 1].span))?;
                }
            }
            "batch_reduce" | "logical_reduce" => {
                let f = f.unwrap_or(ElementFn::Functor("plus", 2));
                let (so, sl) = tensor_view(&vals[0], args[0].span, name, "source")?;
                let sl = if name == "logical_reduce" {
                    self.profile_assertion(&sl, &vals[2], args[2].span)?;
                    logical_reduce_layout(&sl, &vals[2], args[2].span)?
                } else {
                    sl
                };
                let (dst_o, dst_l) = tensor_view(&vals[1], args[1].span, name, "destination")?;
                let dst = elements(&dst_o, &dst_l).map_err(err(args[1].span))?;
                let alg = |e| EvalError::algebra(e, args[0].span);
                let red = sl.mode(0).map_err(alg)?;
                let batch = sl.mode(1).map_err(alg)?;
                for (i, d) in dst.iter().enumerate() {
                    let at = batch.at(i as i64).map_err(alg)?;
                    let column = so.shift(&crate::algebra::IntTuple::int(at)).map_err(alg)?;
                    let src = elements(&column, &red).map_err(err(args[0].span))?;
                    let mut acc = self.buffers.peek(d).map_err(err(args[1].span))?;
                    for e in &src {
                        let x = self.buffers.peek(e).map_err(err(args[0].span))?;
                        acc = match (acc, x) {
                            (Some(a), Some(x)) => {
                                let r = self.apply_element_fn(&f, &[a, x], span)?;
                                Some(Scalar::new(a.ty, r.value).map_err(err(span))?)
                            }
                            _ => None,
                        };
                    }
                    self.buffers
                        .put(d, acc.map(|a| a.value))
                        .map_err(err(args[1].span))?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

impl Env {
    /// `logical_reduce`'s `assert(compatible(target_profile, shape(src)))` (tensor_reduce.hpp),
    /// false of a profile with a `_` (an Underscore is neither a tuple nor an integral): a
    /// warning, as CUTLASS's tests build with NDEBUG (CMake's Release), where it is left out
    /// and the reduction runs (tensor_algs.cpp's TensorLogicalReduce).
    fn profile_assertion(&self, l: &Layout, profile: &Value, span: Span) -> Result<(), EvalError> {
        let ok = super::functions::profile_compatible(profile, l.shape())
            .map_err(|e| EvalError::algebra(e, span))?;
        if ok {
            return Ok(());
        }
        self.warn(
            format!(
                "logical_reduce: assert(compatible(target_profile, shape(src))) fails: {} against {} (a '_' is compatible with no shape): a build without NDEBUG stops there; built with NDEBUG, as CUTLASS's tests are, it reduces",
                crate::eval::plain::render(profile),
                l.shape()
            ),
            span,
        )
    }
}

/// `logical_reduce`'s source layout (tensor_reduce.hpp): `make_layout(red_mode, batch_mode)`
/// of `dice(P, L)` and `slice(P, L)`, each `Layout<_1,_0>` where it has rank 0.
fn logical_reduce_layout(l: &Layout, profile: &Value, span: Span) -> Result<Layout, EvalError> {
    let alg = |e| EvalError::algebra(e, span);
    let c = super::convert::to_coord(profile, span)?;
    let unit = || {
        Layout::new(
            crate::algebra::IntTuple::int(1),
            crate::algebra::IntTuple::int(0),
        )
    };
    let diced = crate::algebra::layout_ops::dice(&c, l).map_err(alg)?;
    let sliced = l.slice(&c).map_err(alg)?;
    let red = if diced.rank() == 0 {
        unit().map_err(alg)?
    } else {
        diced
    };
    let batch = if sliced.rank() == 0 {
        unit().map_err(alg)?
    } else {
        sliced
    };
    Ok(crate::algebra::layout::make_layout_from_modes(vec![
        red, batch,
    ]))
}

fn tensor_view(
    v: &Value,
    span: Span,
    algorithm: &str,
    role: &str,
) -> Result<(Origin, Layout), EvalError> {
    match v {
        Value::OffsetLayout(o, l) => Ok((o.clone(), (**l).clone())),
        other => Err(EvalError::new(
            format!(
                "{algorithm}: the {role} must be a tensor, found {}",
                other.kind()
            ),
            span,
        )),
    }
}

impl Env {
    /// A tensor argument's elements, in CuTe's 1-D order: of one over a transform iterator
    /// its function's values (lazy.rs).
    fn read_tensor_elements(
        &self,
        v: &Value,
        span: Span,
        algorithm: &str,
        role: &str,
    ) -> Result<Vec<Element>, EvalError> {
        match self.transform_elements(v, span) {
            Some(r) => r.map_err(|mut e| {
                e.message = format!("{algorithm}: {}", e.message);
                e
            }),
            None => tensor_elements(v, span, algorithm, role),
        }
    }
}

/// A tensor argument's elements, in CuTe's 1-D order.
fn tensor_elements(
    v: &Value,
    span: Span,
    algorithm: &str,
    role: &str,
) -> Result<Vec<Element>, EvalError> {
    let (o, l) = tensor_view(v, span, algorithm, role)?;
    elements(&o, &l).map_err(|m| EvalError::new(format!("{algorithm}: {m}"), span))
}

/// The modes `for_each` calls its function on when given a tuple (tuple_algorithms.hpp:
/// `for_each(t, f)` is `f(get<I>(t))...` of a tuple, `f(t)` of anything else): `None` for a
/// tensor.
fn tuple_modes(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::IntTuple(t) if t.is_int() => Some(vec![v.clone()]),
        Value::IntTuple(t) => Some(
            t.modes()
                .to_vec()
                .into_iter()
                .map(Value::IntTuple)
                .collect(),
        ),
        Value::Tuple(vs) => Some(vs.clone()),
        _ => None,
    }
}
