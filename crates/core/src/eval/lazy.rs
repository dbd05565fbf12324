//! CuTe's `lazy::transform(T, fn)` (algorithm/tensor_algorithms.hpp) and the calls of a
//! functor object (`negate{}(2)`, `auto f = plus{}; f(1, 2)`).
//!
//! `lazy::transform(T, fn)` is `make_tensor(make_transform_iter(fn, T.data()), T.layout())`: a
//! tensor over a `transform_iter` (pointer_base.hpp, [`Origin::Transform`]) whose element `i`
//! is `fn(T(i))`, computed where it is read (`P(c)`, an algorithm's read, `print_tensor`); its
//! views (slices, tiles, partitions) move the inner iterator, as `transform_iter::operator+`
//! moves `ptr_`. Its elements are values, not places: CuTe's `operator*` returns `fn(*ptr_)`,
//! so a write to one does not compile.

use super::element_functions::{apply_functor, check_functor_arity, functor};
use super::elements::number_of;
use super::storage::Element;
use super::{Env, EvalError, Value};
use crate::algebra::IntTuple;
use crate::algebra::basis::Index;
use crate::algebra::layout::Layout;
use crate::algebra::tensor::{ElementFunction, Origin, TransformIter};
use crate::parser::{BinOp, Expr, ExprKind, Span, UnOp};

/// Whether `name` is CuTe's `lazy::transform`.
pub(super) fn is_lazy_transform(name: &str) -> bool {
    matches!(name, "lazy::transform" | "cute::lazy::transform")
}

/// The reason a transform tensor's element is not written.
pub(super) const NOT_WRITTEN: &str = "an element of a tensor over a transform_iter (lazy::transform) is the function's value, not a place: CuTe's transform_iter::operator* returns fn(*ptr_), so a write to it does not compile";

impl Env {
    /// `lazy::transform(T, fn)`: the tensor `T` with its iterator wrapped in a transform
    /// iterator of `fn` (a lambda written there or bound to a name, or one of CuTe's
    /// functors).
    pub(super) fn lazy_transform(&self, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let [tensor, function] = args else {
            return Err(EvalError::new(
                format!(
                    "lazy::transform takes 2 arguments (a tensor and a function), got {}",
                    args.len()
                ),
                span,
            ));
        };
        let function = self.transform_function(function)?;
        // a transform of a transform of … nests its iterators: at most MAX_NESTING deep
        let wrap = |inner: &Origin| {
            let depth = inner.untransformed().1.len();
            if depth >= crate::limits::MAX_NESTING {
                return Err(EvalError::new(
                    format!(
                        "lazy::transform of a tensor over {depth} transform iterators: nested deeper than the limit of {} levels",
                        crate::limits::MAX_NESTING
                    ),
                    span,
                ));
            }
            Ok(Origin::Transform(Box::new(TransformIter {
                inner: inner.clone(),
                function: function.clone(),
            })))
        };
        match self.eval(tensor)? {
            Value::OffsetLayout(o, l) => Ok(Value::OffsetLayout(wrap(&o)?, l)),
            Value::SwizzledTensor(o, c) => Ok(Value::SwizzledTensor(wrap(&o)?, c)),
            other => Err(EvalError::new(
                format!(
                    "lazy::transform: the first argument must be a tensor (CuTe's Tensor<Engine, Layout>), found {}",
                    other.kind()
                ),
                tensor.span,
            )),
        }
    }

    /// The function argument of `lazy::transform`, held by the iterator: a lambda's
    /// parameters and body (written in place or bound to a name), or a functor's name.
    fn transform_function(&self, arg: &Expr) -> Result<ElementFunction, EvalError> {
        let mut e = arg;
        while let ExprKind::Group(inner) = e.kind {
            e = inner;
        }
        let lambda = |params: Vec<String>, body: &str| ElementFunction::Lambda {
            params,
            body: body.into(),
        };
        match e.kind {
            ExprKind::Lambda(l) if !l.python => Ok(lambda(
                l.params.iter().map(|p| p.to_string()).collect(),
                l.body,
            )),
            ExprKind::Name(n) if let Some(r) = self.bound_lambda(n) => Ok(lambda(
                Env::param_names(&r).map(str::to_string).collect(),
                Env::body_of(&r),
            )),
            ExprKind::Name(n) | ExprKind::Qualified(n)
                if !self.is_bound(n)
                    && let Some((name, _)) = functor(n) =>
            {
                Ok(ElementFunction::Functor(name.to_string()))
            }
            ExprKind::Name(n)
                if let Some(Value::Name(f)) = self.get(n)
                    && let Some((name, _)) = functor(f) =>
            {
                Ok(ElementFunction::Functor(name.to_string()))
            }
            _ => Err(EvalError::new(
                "lazy::transform: the function must be a lambda or one of CuTe's functors (negate{}, plus{}, …: algorithm/functional.hpp)",
                arg.span,
            )),
        }
    }

    /// The element of a tensor over a transform iterator at the layout's value `at`: the
    /// inner iterator's element there, each function of the chain applied to it, innermost
    /// first (`fn(*(ptr_ + at))`).
    pub(super) fn transform_element(
        &self,
        origin: &Origin,
        at: &Index,
        span: Span,
    ) -> Result<Value, EvalError> {
        let (inner, functions) = origin.untransformed();
        let alg = |e| EvalError::algebra(e, span);
        let mut v = match inner.shift(at).map_err(alg)? {
            Origin::Count(o) => Value::IntTuple(IntTuple::of_int(o)),
            Origin::Counting(n) => Value::IntTuple(IntTuple::int_of(n, true)),
            Origin::Coord(c) => Value::IntTuple(c),
            Origin::Ptr(p) => self
                .buffers
                .read(&p)
                .map(|s| Value::Scalar(Box::new(s)))
                .map_err(|m| EvalError::new(m, span))?,
            Origin::Transform(_) => unreachable!("untransformed"),
        };
        for f in functions {
            v = self.call_element_function(f, v, span)?;
        }
        Ok(v)
    }

    /// The elements of a tensor over a transform iterator, `T(i)` for `i < size(T)` as values
    /// (an algorithm reads them; none is written): `None` of any other value.
    pub(super) fn transform_elements(
        &self,
        v: &Value,
        span: Span,
    ) -> Option<Result<Vec<Element>, EvalError>> {
        let Value::OffsetLayout(o @ Origin::Transform(_), l) = v else {
            return None;
        };
        Some(self.transform_elements_of(o, l, span))
    }

    fn transform_elements_of(
        &self,
        o: &Origin,
        l: &Layout,
        span: Span,
    ) -> Result<Vec<Element>, EvalError> {
        let n = l.size().map_err(|e| EvalError::algebra(e, span))?;
        if n > crate::limits::MAX_STORED_ELEMENTS as i64 {
            return Err(EvalError::new(
                format!(
                    "a tensor of {n} elements, more than the limit of {}",
                    crate::limits::MAX_STORED_ELEMENTS
                ),
                span,
            ));
        }
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            let at = l
                .eval_index(&IntTuple::int(i))
                .map_err(|e| EvalError::algebra(e, span))?;
            let v = self.transform_element(o, &at, span)?;
            let x = number_of(&v).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "the function of a tensor over {o} gives {} at element {i}, not a number an algorithm reads",
                        v.kind()
                    ),
                    span,
                )
            })?;
            out.push(Element::Value(x));
        }
        Ok(out)
    }

    /// `fn(v)` of a transform iterator's function.
    fn call_element_function(
        &self,
        f: &ElementFunction,
        v: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        match f {
            ElementFunction::Lambda { params, body } => {
                let params: Vec<&str> = params.iter().map(String::as_str).collect();
                let r = Env::inline_lambda(&crate::parser::Lambda {
                    params: &params,
                    defaults: &[],
                    body,
                    python: false,
                });
                self.call_routine_on(&r, vec![v], span, None)
            }
            ElementFunction::Functor(name) => self.call_functor(name, &[v], span),
        }
    }

    /// `F{}(args…)` of one of CuTe's functors (functional.hpp: `negate`'s `-x`, `plus`'s
    /// `x + y`, …): C++'s operator on the values, as the evaluator computes it (a static
    /// integer stays static: `plus{}(_1{}, _2{})` is `_3`); of element values the usual
    /// arithmetic conversions; `max_fn`, `min_fn`, `abs_fn`, `conjugate` on numbers.
    pub(super) fn call_functor(
        &self,
        name: &str,
        vals: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
        let Some((name, arity)) = functor(name) else {
            return Err(EvalError::new(
                format!("'{name}' is none of CuTe's functors"),
                span,
            ));
        };
        check_functor_arity(name, arity, vals.len(), span)?;
        let on_numbers = || -> Result<Value, EvalError> {
            let xs = vals
                .iter()
                .map(|v| {
                    number_of(v).ok_or_else(|| {
                        EvalError::new(
                            format!("{name}{{}} of {}: cute computes it on numbers", v.kind()),
                            span,
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            apply_functor(name, &xs)
                .map(|s| Value::Scalar(Box::new(s)))
                .map_err(|m| EvalError::new(m, span))
        };
        if vals.iter().any(|v| matches!(v, Value::Scalar(_))) {
            return on_numbers();
        }
        // integers, tuples of them (an identity tensor's coordinates) and truth values: the
        // evaluator's operators
        if !vals
            .iter()
            .all(|v| matches!(v, Value::IntTuple(_) | Value::Bool(_)))
        {
            return Err(EvalError::new(
                format!(
                    "{name}{{}} of {}: cute computes CuTe's functors on numbers and integer tuples",
                    vals.iter()
                        .map(Value::kind)
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
                span,
            ));
        }
        // an identity tensor's element (an ArithmeticTuple, whose `operator-` negates each
        // leaf): `negate{}` of a coordinate
        if let [Value::IntTuple(t)] = vals
            && !t.is_int()
            && matches!(name, "negate" | "unary_plus" | "identity")
        {
            let negate = name == "negate";
            return t
                .map_ints(&mut |i| {
                    let v = if negate {
                        i.value.checked_neg().ok_or_else(|| {
                            crate::algebra::error::condition(
                                "negate",
                                format!("integer overflow in -({})", i.value),
                            )
                        })?
                    } else {
                        i.value
                    };
                    Ok(crate::algebra::Int::of(v, i.dynamic()))
                })
                .map(Value::IntTuple)
                .map_err(|e| EvalError::algebra(e, span));
        }
        let unary = |op| super::unary(op, &vals[0], span, span);
        let binary = |op| super::binary(op, &vals[0], span, &vals[1], span, span);
        match name {
            "identity" => Ok(vals[0].clone()),
            "unary_plus" => unary(UnOp::Plus),
            "negate" => unary(UnOp::Neg),
            "logical_not" => unary(UnOp::Not),
            "plus" => binary(BinOp::Add),
            "minus" => binary(BinOp::Sub),
            "multiplies" => binary(BinOp::Product),
            "divides" => binary(BinOp::Divide),
            "modulus" => binary(BinOp::Rem),
            "equal_to" => binary(BinOp::Eq),
            "not_equal_to" => binary(BinOp::Ne),
            "less" => binary(BinOp::Lt),
            "greater" => binary(BinOp::Gt),
            "less_equal" => binary(BinOp::Le),
            "greater_equal" => binary(BinOp::Ge),
            _ => on_numbers(),
        }
    }
}
