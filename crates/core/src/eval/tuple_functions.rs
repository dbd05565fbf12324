//! CuTe's tuple algorithms that apply a function (cute/algorithm/tuple_algorithms.hpp): the
//! function is one of CuTe's functors or a lambda ([`super::element_functions::ElementFn`],
//! variadic ones included: `[](auto... xs){ … }`), called on the tuples' modes as values.
//!
//! - `apply(t, f)`: `f(t_0, …, t_n)`;
//! - `transform_apply(t0[, t1[, t2]], f, g)`: `g(f(t0_i[, t1_i[, t2_i]])...)` of tuples, else
//!   `g(f(t0[, t1[, t2]]))`;
//! - `transform(t0[, t1[, t2]], f)` of a tuple (or an integer): `(f(t0_i[, t1_i[, t2_i]])...)`,
//!   `f(t0…)` of a non-tuple; `transform_leaf` the same at every leaf;
//! - `for_each_leaf(t, f)`: `f(leaf)` for each leaf (prints what `f` prints);
//! - `find_if(t, f)`: `C<i>` of the first mode whose `f(t_i)` is a static true (`rank(t)` where
//!   none is; CuTe reads `decltype(f(t_i))::value`, a run-time truth does not compile), of a
//!   non-tuple `C<f(t) ? 0 : 1>`; `find(t, x)` is `find_if(t, [&](auto v){ return v == x; })`;
//! - `any_of(t, f)`: `(false_type{} || ... || f(t_i))`, `all_of(t, f)`: `(true_type{} && ...
//!   && f(t_i))`, `none_of(t, f)`: `not any_of(t, f)`;
//! - `fold(t, v, f)`: `f(…f(f(v, t_0), t_1)…, t_n)` (of a non-tuple `f(v, t)`); `fold_first(t,
//!   f)`: `fold` of `t_1…t_n` from `t_0` (of a non-tuple `t`);
//! - `filter_tuple(t0[, t1[, t2]], f)`: `tuple_cat(f(t0_i…)...)`;
//! - `iscan(t, v, f)`: `(r_0, …, r_n)` with `r_i = f(r_{i-1}, t_i)`, `r_{-1} = v`; `escan(t, v,
//!   f)`: `(v_0, …, v_n)` with `v_0 = v`, `v_{i+1} = f(v_i, t_i)` (`f` not called on the last);
//! - `for_each(t0, t1, f)`: `f(t0_i, t1_i)` for each mode (the one-tuple form and tensors:
//!   [`super::element_functions`]).

use super::element_functions::ElementFn;
use super::{Env, EvalError, Value};
use crate::algebra::IntTuple;
use crate::parser::{BinOp, Expr, ExprKind, Span};

/// The algorithms of this module, by name.
pub(super) const TUPLE_FUNCTION_ALGORITHMS: &[&str] = &[
    "apply",
    "transform_apply",
    "transform",
    "transform_leaf",
    "for_each_leaf",
    "find_if",
    "find",
    "any_of",
    "all_of",
    "none_of",
    "fold",
    "fold_first",
    "filter_tuple",
    "iscan",
    "escan",
    "for_each",
];

/// Whether a value is what tuple_algorithms.hpp's `transform` takes (a tuple or a number),
/// not a tensor (tensor_algorithms.hpp's).
pub(super) fn is_tuple_operand(v: &Value) -> bool {
    matches!(
        v,
        Value::IntTuple(_) | Value::Tuple(_) | Value::Bool(_) | Value::Scalar(_)
    )
}

/// The DSL's call of a tuple algorithm (cute/tuple.py) in C++'s argument order, its functions
/// last: `transform_leaf(f, *args)` as `transform_leaf(args…, f)`; the keywords of
/// `transform_apply(*args, f=, g=)` and `filter_tuple(*args, f=)` as their last arguments.
fn dsl_argument_order<'e>(name: &str, args: &[Expr<'e>]) -> Vec<Expr<'e>> {
    let mut ordered: Vec<Expr<'e>> = Vec::with_capacity(args.len());
    let mut functions: Vec<(&str, Expr<'e>)> = Vec::new();
    for a in args {
        match a.kind {
            ExprKind::Keyword(k @ ("f" | "g"), value) => functions.push((k, *value)),
            _ => ordered.push(*a),
        }
    }
    functions.sort_by_key(|(k, _)| *k);
    ordered.extend(functions.into_iter().map(|(_, f)| f));
    if name == "transform_leaf" && !ordered.is_empty() {
        ordered.rotate_left(1);
    }
    ordered
}

/// A static truth value, CuTe's `C<b>` (`true_type`, `false_type`).
fn static_truth(b: bool) -> Value {
    Value::Bool(b)
}

impl Env {
    /// A call of one of this module's algorithms: `None` where `name` is none of them (or is
    /// `transform` of a tensor, tensor_algorithms.hpp's).
    pub(super) fn tuple_algorithm(
        &self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let name = name.strip_prefix("cute::").unwrap_or(name);
        if !TUPLE_FUNCTION_ALGORITHMS.contains(&name) {
            return None;
        }
        // `for_each(t0, t1, f)` of tuples; `for_each(t, f)` is element_functions.rs's
        if name == "for_each" && args.len() != 3 {
            return None;
        }
        if matches!(name, "transform" | "for_each") {
            let first = args.first()?;
            match self.eval(first) {
                Ok(v) if is_tuple_operand(&v) => {}
                _ => return None,
            }
        }
        if self.dsl {
            return Some(self.run_tuple_algorithm(name, &dsl_argument_order(name, args), span));
        }
        Some(self.run_tuple_algorithm(name, args, span))
    }

    fn run_tuple_algorithm(
        &self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let n = args.len();
        let arity_error = |takes: &str| {
            Err(EvalError::new(
                format!("{name} takes {takes}, got {n} arguments"),
                span,
            ))
        };
        // how many of the last arguments are functions
        let (lo, hi, functions) = match name {
            "apply" | "find_if" | "any_of" | "all_of" | "none_of" | "for_each_leaf" => (2, 2, 1),
            "fold_first" => (2, 2, 1),
            "fold" | "iscan" | "escan" | "for_each" => (3, 3, 1),
            "find" => (2, 2, 0),
            "transform_apply" => (3, 5, 2),
            "transform_leaf" => (2, 3, 1),
            _ => (2, 4, 1), // transform, filter_tuple
        };
        if n < lo || n > hi {
            let takes = match (lo, hi) {
                (lo, hi) if lo == hi => format!("{lo} arguments"),
                (lo, hi) => format!("{lo} to {hi} arguments"),
            };
            return arity_error(&takes);
        }
        let operands = n - functions;
        let vals = args[..operands]
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        let fs = args[operands..]
            .iter()
            .map(|a| self.element_fn(a, name))
            .collect::<Result<Vec<_>, _>>()?;
        let tuple_arg = |i: usize| -> Result<Vec<Value>, EvalError> {
            vals[i].tuple_modes().ok_or_else(|| {
                EvalError::new(
                    format!(
                        "{name}: the argument must be a tuple, found {}",
                        vals[i].kind()
                    ),
                    args[i].span,
                )
            })
        };
        let result = match name {
            "apply" => self.call_fn(&fs[0], tuple_arg(0)?, span)?,
            "transform_apply" => {
                let results = self.zip_apply(name, &vals, args, &fs[0], span)?;
                match results {
                    Some(rs) => self.call_fn(&fs[1], rs, span)?,
                    None => {
                        let r = self.call_fn(&fs[0], vals.clone(), span)?;
                        self.call_fn(&fs[1], vec![r], span)?
                    }
                }
            }
            "transform" => match self.zip_apply(name, &vals, args, &fs[0], span)? {
                Some(rs) => Value::tuple(rs),
                None => self.call_fn(&fs[0], vals.clone(), span)?,
            },
            "transform_leaf" => self.transform_leaf(&vals, &fs[0], span)?,
            "for_each_leaf" => {
                self.for_each_leaf(&vals[0], &fs[0], span)?;
                Value::Tuple(Vec::new())
            }
            "filter_tuple" => match self.zip_apply(name, &vals, args, &fs[0], span)? {
                Some(rs) => tuple_cat(&rs, span)?,
                None => self.call_fn(&fs[0], vals.clone(), span)?,
            },
            "find" => find_value(&vals[0], &vals[1], span)?,
            "find_if" => {
                let test = |v: Value| self.call_fn(&fs[0], vec![v], span);
                find_with(&vals[0], test, "find_if", span)?
            }
            "any_of" | "all_of" | "none_of" => {
                let op = if name == "all_of" {
                    BinOp::And
                } else {
                    BinOp::Or
                };
                let r = match vals[0].tuple_modes() {
                    Some(modes) => {
                        // the tests are g's arguments (made last to first: zip_apply), folded
                        // from the first
                        let one = [vals[0].clone()];
                        let tests = self
                            .zip_apply(name, &one, args, &fs[0], span)?
                            .unwrap_or_default();
                        debug_assert_eq!(tests.len(), modes.len());
                        let mut acc = static_truth(op == BinOp::And);
                        for t in tests {
                            acc = super::equality::logical(op, &acc, span, &t, span)?;
                        }
                        acc
                    }
                    None => self.call_fn(&fs[0], vec![vals[0].clone()], span)?,
                };
                if name == "none_of" {
                    let (b, dynamic) = super::equality::truth(&r).ok_or_else(|| {
                        EvalError::new(
                            format!("none_of: 'not' of {}: not a truth value", r.kind()),
                            span,
                        )
                    })?;
                    crate::algebra::Truth { value: !b, dynamic }.value()
                } else {
                    r
                }
            }
            "for_each" => {
                if self.zip_apply(name, &vals, args, &fs[0], span)?.is_none() {
                    self.call_fn(&fs[0], vals.clone(), span)?;
                }
                Value::Tuple(Vec::new())
            }
            "iscan" | "escan" => {
                let modes = tuple_arg(0)?;
                if modes.is_empty() {
                    return Err(EvalError::new(
                        format!(
                            "{name} of an empty tuple: CuTe's {name} takes seq<I, Is...> of at least one mode (it does not compile)"
                        ),
                        args[0].span,
                    ));
                }
                let last = modes.len() - 1;
                let mut acc = vals[1].clone();
                let mut out = Vec::with_capacity(modes.len());
                for (i, m) in modes.into_iter().enumerate() {
                    if name == "escan" {
                        out.push(acc.clone());
                        if i < last {
                            acc = self.call_fn(&fs[0], vec![acc, m], span)?;
                        }
                    } else {
                        acc = self.call_fn(&fs[0], vec![acc, m], span)?;
                        out.push(acc.clone());
                    }
                }
                Value::tuple(out)
            }
            "fold" => match vals[0].tuple_modes() {
                Some(modes) => {
                    let mut acc = vals[1].clone();
                    for m in modes {
                        acc = self.call_fn(&fs[0], vec![acc, m], span)?;
                    }
                    acc
                }
                None => self.call_fn(&fs[0], vec![vals[1].clone(), vals[0].clone()], span)?,
            },
            "fold_first" => match vals[0].tuple_modes() {
                Some(modes) => {
                    let mut it = modes.into_iter();
                    let Some(mut acc) = it.next() else {
                        return Err(EvalError::new(
                            "fold_first of an empty tuple: get<0> of tuple<> does not compile in CuTe",
                            args[0].span,
                        ));
                    };
                    for m in it {
                        acc = self.call_fn(&fs[0], vec![acc, m], span)?;
                    }
                    acc
                }
                None => vals[0].clone(),
            },
            _ => unreachable!("one of TUPLE_FUNCTION_ALGORITHMS"),
        };
        super::within_limits(result, span)
    }

    /// `f(t0_i, t1_i, …)` for each mode `i` of the first tuple, where the first is a tuple
    /// (`None` where it is not); the others must have as many modes (CuTe's static_assert).
    fn zip_apply(
        &self,
        name: &str,
        vals: &[Value],
        args: &[Expr],
        f: &ElementFn,
        span: Span,
    ) -> Result<Option<Vec<Value>>, EvalError> {
        let Some(first) = vals[0].tuple_modes() else {
            return Ok(None);
        };
        let mut others = Vec::with_capacity(vals.len().saturating_sub(1));
        for (i, v) in vals.iter().enumerate().skip(1) {
            let modes = v.tuple_modes().unwrap_or_else(|| vec![v.clone()]);
            if modes.len() != first.len() {
                return Err(EvalError::new(
                    format!(
                        "{name}: static_assert(tuple_size<T0>::value == tuple_size<T{i}>::value, \"Mismatched tuple_size\") fails: {} against {} modes",
                        first.len(),
                        modes.len()
                    ),
                    args[i].span,
                ));
            }
            others.push(modes);
        }
        // `g(f(get<I>(t0), …)...)`: the calls are a call's arguments, which C++ evaluates in
        // no set order and GCC (CuTe's host compiler here) from the last to the first; what
        // `f` prints comes in that order
        let mut results = Vec::with_capacity(first.len());
        for (i, m) in first.into_iter().enumerate().rev() {
            let mut xs = vec![m];
            xs.extend(others.iter().map(|o| o[i].clone()));
            results.push(self.call_fn(f, xs, span)?);
        }
        results.reverse();
        Ok(Some(results))
    }

    /// `transform_leaf(t0[, t1], f)`: `f` at each leaf of the first (the second's mode beside).
    fn transform_leaf(
        &self,
        vals: &[Value],
        f: &ElementFn,
        span: Span,
    ) -> Result<Value, EvalError> {
        let Some(first) = vals[0].tuple_modes() else {
            return self.call_fn(f, vals.to_vec(), span);
        };
        let second = match vals.get(1) {
            Some(v) => Some(
                v.tuple_modes()
                    .filter(|m| m.len() == first.len())
                    .ok_or_else(|| {
                        EvalError::new(
                            "transform_leaf: the tuples' ranks must agree (Mismatched tuple_size)",
                            span,
                        )
                    })?,
            ),
            None => None,
        };
        let mut out = Vec::with_capacity(first.len());
        for (i, m) in first.into_iter().enumerate() {
            let mut xs = vec![m];
            if let Some(s) = &second {
                xs.push(s[i].clone());
            }
            out.push(self.transform_leaf(&xs, f, span)?);
        }
        Ok(Value::tuple(out))
    }

    /// `for_each_leaf(t, f)`: `f(leaf)` for each leaf, in order.
    fn for_each_leaf(&self, v: &Value, f: &ElementFn, span: Span) -> Result<(), EvalError> {
        match v.tuple_modes() {
            Some(modes) => {
                for m in &modes {
                    self.for_each_leaf(m, f, span)?;
                }
            }
            None => {
                self.call_fn(f, vec![v.clone()], span)?;
            }
        }
        Ok(())
    }

    /// `f(args…)` on values: a lambda's call, or a functor's operator on the values as the
    /// evaluator's operators compute it (`plus{}(_1{}, _2{})` is `_3`).
    pub(super) fn call_fn(
        &self,
        f: &ElementFn,
        vals: Vec<Value>,
        span: Span,
    ) -> Result<Value, EvalError> {
        match f {
            ElementFn::Lambda(r, seq) => self.call_routine_on(r, vals, span, *seq),
            ElementFn::Table(f) => {
                let spans = vec![span; vals.len()];
                super::functions::call(f, &vals, &spans, span)
            }
            ElementFn::Functor(name, arity) => {
                super::element_functions::check_functor_arity(name, *arity, vals.len(), span)?;
                let op = match *name {
                    "plus" => Some(BinOp::Add),
                    "minus" => Some(BinOp::Sub),
                    "multiplies" => Some(BinOp::Product),
                    "divides" => Some(BinOp::Divide),
                    "modulus" => Some(BinOp::Rem),
                    "equal_to" => Some(BinOp::Eq),
                    "not_equal_to" => Some(BinOp::Ne),
                    "less" => Some(BinOp::Lt),
                    "greater" => Some(BinOp::Gt),
                    "less_equal" => Some(BinOp::Le),
                    "greater_equal" => Some(BinOp::Ge),
                    _ => None,
                };
                match (op, vals.as_slice()) {
                    (Some(op), [a, b]) => super::binary(op, a, span, b, span, span),
                    (_, [x]) if *name == "identity" => Ok(x.clone()),
                    // `max_fn`/`min_fn` call `cute::max`/`cute::min`: of two integers CuTe's
                    // (integral_constant.hpp's CUTE_NAMED_BINARY_FN: static of static ones)
                    (_, [a, b])
                        if matches!(*name, "max_fn" | "min_fn")
                            && a.as_int().is_some()
                            && b.as_int().is_some() =>
                    {
                        let f =
                            super::functions::lookup(&name[..3]).expect("in the function table");
                        super::functions::call(f, &[a.clone(), b.clone()], &[span, span], span)
                    }
                    // `-x` as integral_constant's unary minus (`_-2` of `_2`)
                    (_, [x]) if *name == "negate" && x.as_int().is_some() => {
                        let zero = Value::IntTuple(IntTuple::int_of(0, false));
                        super::binary(BinOp::Sub, &zero, span, x, span, span)
                    }
                    _ => {
                        let xs = vals
                            .iter()
                            .map(|v| {
                                super::elements::number_of(v).ok_or_else(|| {
                                    EvalError::new(
                                        format!("{name} takes numbers, found {}", v.kind()),
                                        span,
                                    )
                                })
                            })
                            .collect::<Result<Vec<_>, _>>()?;
                        super::element_functions::apply_functor(name, &xs)
                            .map(|s| Value::Scalar(Box::new(s)))
                            .map_err(|m| EvalError::new(m, span))
                    }
                }
            }
        }
    }
}

/// CuTe's `tuple_cat(ts...)`: the modes of each tuple, in order, in one tuple.
pub(crate) fn tuple_cat(items: &[Value], span: Span) -> Result<Value, EvalError> {
    let mut out = Vec::new();
    for v in items {
        match v.tuple_modes() {
            Some(modes) => out.extend(modes),
            None => {
                return Err(EvalError::new(
                    format!(
                        "tuple_cat takes tuples, found {} (CuTe does not compile it)",
                        v.kind()
                    ),
                    span,
                ));
            }
        }
    }
    Ok(Value::tuple(out))
}

/// `find(t, x)`: `find_if(t, [&](auto const& v) { return v == x; })`.
pub(crate) fn find_value(t: &Value, x: &Value, span: Span) -> Result<Value, EvalError> {
    find_with(
        t,
        |v| super::binary(BinOp::Eq, &v, span, x, span, span),
        "find",
        span,
    )
}

/// `find<X>(t)` of a type X (container/tuple.hpp: `C<find_true_v<is_same_v<X, T>...>>`): the
/// static index of t's first element of type X, `rank(t)` where none is.
pub(crate) fn find_type(t: &Value, x: &Value, span: Span) -> Result<Value, EvalError> {
    find_with(
        t,
        |v| Ok(Value::Bool(super::traits::same_type(&v, x))),
        "find",
        span,
    )
}

/// `find_if(t, test)`: `C<i>` of the first mode whose test is a static true (`rank(t)` where
/// none is), every test made; of a non-tuple `C<test(t) ? 0 : 1>`. CuTe reads each test's
/// `decltype(…)::value`: a run-time truth does not compile.
fn find_with(
    t: &Value,
    mut test: impl FnMut(Value) -> Result<Value, EvalError>,
    name: &str,
    span: Span,
) -> Result<Value, EvalError> {
    let static_truth_of = |v: &Value| -> Result<bool, EvalError> {
        match v {
            Value::Bool(b) => Ok(*b),
            Value::IntTuple(t) if !t.is_dynamic() && v.as_int().is_some() => {
                Ok(v.as_int() != Some(0))
            }
            other => Err(EvalError::new(
                format!(
                    "{name}: the test gives a run-time value ({}), and CuTe reads its static value (decltype(f(x))::value): a run-time truth does not compile",
                    other.kind()
                ),
                span,
            )),
        }
    };
    match t.tuple_modes() {
        Some(modes) => {
            let rank = modes.len();
            let mut found = rank;
            // the tests are a call's arguments: made last to first, as GCC does (zip_apply)
            for (i, m) in modes.into_iter().enumerate().rev() {
                if static_truth_of(&test(m)?)? {
                    found = i;
                }
            }
            Ok(Value::IntTuple(IntTuple::int_of(found as i64, false)))
        }
        None => {
            let hit = static_truth_of(&test(t.clone())?)?;
            Ok(Value::IntTuple(IntTuple::int_of(i64::from(!hit), false)))
        }
    }
}
