//! The session's element values at work: owning tensors and arrays given storage when they
//! are bound or declared, `T(i)` read as a value, `T(i, j) = v;` written, CuTe's algorithms
//! (`copy`, `copy_if`, `fill`, `clear`, `axpby`, `gemm`) run on the values, and
//! `print_tensor(T)` (the storage itself and the numbers: [`super::storage`]).

use super::storage::{Buffers, ElemType, Element, Number, Scalar, elements, print_tensor};
use super::{Env, EvalError, Outcome, Value, functions};
use crate::algebra::pointer::{Pointer, PtrBase};
use crate::algebra::tensor::Origin;
use crate::algebra::{IntTuple, Layout};
use crate::parser::{self, BinOp, Expr, ExprKind, Span, UnOp};

/// A number's value, where `v` is one: an element value, an integer, a truth value.
pub(super) fn number_of(v: &Value) -> Option<Scalar> {
    match v {
        Value::Scalar(s) => Some(**s),
        // (a truth value and a static integer are Python's: with a Python float, a Python
        // float)
        Value::Bool(b) => Some(Scalar {
            ty: ElemType::Bool,
            value: Number::Int(i128::from(*b)),
            python: true,
        }),
        v => v.as_int().map(|i| Scalar {
            ty: ElemType::I32,
            value: Number::Int(i128::from(i)),
            python: !matches!(v, Value::IntTuple(t) if t.as_int_kind().is_some_and(|(_, d)| d)),
        }),
    }
}

/// `a OP b` where either is an element value (`T(i) * 2`, `1.5f + x`): `None` where neither
/// is.
pub(super) fn scalar_binary(
    op: BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value, EvalError>> {
    if !matches!(a, Value::Scalar(_)) && !matches!(b, Value::Scalar(_)) {
        return None;
    }
    let (Some(x), Some(y)) = (number_of(a), number_of(b)) else {
        let other = if number_of(a).is_none() { a } else { b };
        return Some(Err(EvalError::new(
            format!(
                "arithmetic on a number takes a number, found {}",
                other.kind()
            ),
            span,
        )));
    };
    let (x, y) = (dsl_python_float(x, y), dsl_python_float(y, x));
    let c = match op {
        BinOp::Add => '+',
        BinOp::Sub => '-',
        BinOp::Product => '*',
        BinOp::Divide => '/',
        BinOp::Rem => '%',
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
            // C++'s comparison in the common type: functional.hpp's functors compute it
            let f = match op {
                BinOp::Eq => "equal_to",
                BinOp::Ne => "not_equal_to",
                BinOp::Lt => "less",
                BinOp::Le => "less_equal",
                BinOp::Gt => "greater",
                _ => "greater_equal",
            };
            let python = x.python && y.python;
            return Some(
                super::element_functions::apply_functor(f, &[x, y])
                    // a run-time `bool` (equality.rs: a run-time 1 or 0); of Python's numbers
                    // Python's bool
                    .map(|b| {
                        let truth = b.value.as_i128() != 0;
                        if python {
                            Value::Bool(truth)
                        } else {
                            Value::IntTuple(IntTuple::int_of(i64::from(truth), true))
                        }
                    })
                    .map_err(|m| EvalError::new(m, span)),
            );
        }
        // Python's floor division (DSL text): the quotient in the common type, rounded toward
        // negative infinity
        BinOp::FloorDiv => {
            let floored = Scalar::arith('/', x, y).and_then(|q| {
                let value = match q.value {
                    Number::Float(f) => Number::Float(f.floor()),
                    Number::Int(n) => {
                        let (a, b) = (x.value.as_i128(), y.value.as_i128());
                        let inexact = b != 0 && a % b != 0 && ((a < 0) != (b < 0));
                        Number::Int(if inexact { n - 1 } else { n })
                    }
                    Number::Complex(..) => {
                        return Err("'//' of complex numbers is not defined".to_string());
                    }
                };
                Scalar::new(q.ty, value)
            });
            return Some(
                floored
                    .map(|s| python_of(s, x, y))
                    .map_err(|m| EvalError::new(m, span)),
            );
        }
        _ => {
            return Some(Err(EvalError::new(
                "this operator is not modelled on numbers (cute computes + - * / // % and == != < <= > >= on them)",
                span,
            )));
        }
    };
    Some(
        Scalar::arith(c, x, y)
            .map(|s| python_of(s, x, y))
            .map_err(|m| EvalError::new(m, span)),
    )
}

/// A Python float `x` with the DSL's run-time number `other` (`n * 2.5` of an `Int32`): the
/// DSL converts the float to `Float32`, `Float64` beside a 64-bit type (checked with
/// dsl-oracle's Python: `Int32`, `Int8`, `Float16` give `Float32`, `Int64` `Float64`).
fn dsl_python_float(x: Scalar, other: Scalar) -> Scalar {
    if !x.python || other.python || !x.ty.is_float() {
        return x;
    }
    let wide = matches!(other.ty, ElemType::I64 | ElemType::U64 | ElemType::F64);
    let ty = if wide { ElemType::F64 } else { ElemType::F32 };
    Scalar::new(ty, x.value).unwrap_or(x)
}

/// The result `s` of `x OP y`: a Python float where both are Python's numbers.
fn python_of(s: Scalar, x: Scalar, y: Scalar) -> Value {
    Value::Scalar(Box::new(Scalar {
        python: x.python && y.python,
        ..s
    }))
}

/// `-x`, `+x` of an element value: `None` where `v` is none.
pub(super) fn scalar_unary(op: UnOp, v: &Value, span: Span) -> Option<Result<Value, EvalError>> {
    let Value::Scalar(s) = v else { return None };
    Some(match op {
        UnOp::Plus => Ok(v.clone()),
        UnOp::Neg => Scalar::arith(
            '-',
            Scalar {
                ty: s.ty,
                value: Number::Int(0),
                python: s.python,
            },
            **s,
        )
        .map(|r| python_of(r, **s, **s))
        .map_err(|m| EvalError::new(m, span)),
        UnOp::Not => Ok(Value::IntTuple(IntTuple::int_of(
            i64::from(s.value.as_f64() == 0.0),
            true,
        ))),
        UnOp::BitNot => Err(EvalError::new("'~' of a number is not modelled", span)),
        UnOp::Splat => Err(EvalError::new("'*x' of a number is not modelled", span)),
        UnOp::Deref => Err(EvalError::new(
            "'*' of a number: a number is no pointer",
            span,
        )),
    })
}

/// A literal `1.5` (a `double`) or `1.5f` (a `float`); of DSL text (`python`), a Python float.
pub(super) fn float_literal(
    v: f64,
    single: bool,
    python: bool,
    span: Span,
) -> Result<Value, EvalError> {
    let ty = if single { ElemType::F32 } else { ElemType::F64 };
    Scalar::new(ty, Number::Float(v))
        .map(|s| Value::Scalar(Box::new(Scalar { python, ..s })))
        .map_err(|m| EvalError::new(m, span))
}

/// A tensor's iterator and layout, for reading or writing its elements.
fn view(v: &Value, span: Span, role: &str) -> Result<(Origin, Layout), EvalError> {
    match v {
        Value::OffsetLayout(o, l) => Ok((o.clone(), (**l).clone())),
        Value::Pointer(p) => Ok((
            Origin::Ptr(p.clone()),
            Layout::new(
                crate::algebra::IntTuple::int(1),
                crate::algebra::IntTuple::int(0),
            )
            .map_err(|e| EvalError::algebra(e, span))?,
        )),
        Value::SwizzledTensor(..) => Err(EvalError::new(
            format!("the {role}'s values over a swizzled layout are not modelled"),
            span,
        )),
        other => Err(EvalError::new(
            format!("the {role} must be a tensor, found {}", other.kind()),
            span,
        )),
    }
}

fn elems(v: &Value, span: Span, role: &str) -> Result<Vec<Element>, EvalError> {
    let (o, l) = view(v, span, role)?;
    elements(&o, &l).map_err(|m| EvalError::new(m, span))
}

impl Env {
    /// The elements an algorithm reads of a tensor: of one over a transform iterator its
    /// function's values (lazy.rs), else its places or counting values.
    fn read_elems(&self, v: &Value, span: Span, role: &str) -> Result<Vec<Element>, EvalError> {
        match self.transform_elements(v, span) {
            Some(r) => r,
            None => elems(v, span, role),
        }
    }
}

/// The elements at coordinates `(c0, c1, …)` of the modes of a tensor: `T(c0, c1, …)`.
fn at_modes(o: &Origin, l: &Layout, cs: &[i64], span: Span) -> Result<Element, EvalError> {
    let alg = |e| EvalError::algebra(e, span);
    let mut v = 0i64;
    for (i, &c) in cs.iter().enumerate() {
        let m = l.mode(i).map_err(alg)?;
        v = v
            .checked_add(m.at(c).map_err(alg)?)
            .ok_or_else(|| EvalError::new("integer overflow in an element's offset", span))?;
    }
    super::storage::element_at(o, v).map_err(|m| EvalError::new(m, span))
}

fn mode_size(l: &Layout, i: usize, span: Span) -> Result<i64, EvalError> {
    l.mode(i)
        .and_then(|m| m.size())
        .map_err(|e| EvalError::algebra(e, span))
}

impl Env {
    /// A value being bound: a new owning tensor (`make_tensor<float>(…)`,
    /// `make_fragment_like(…)`) gets its storage, of `cosize(L)` elements: zeros in C++ (its
    /// `ArrayEngine` is value-initialized, [`Buffers::alloc_zeroed`](super::storage::Buffers)),
    /// never written in the CuTe DSL (a register fragment the program has not written).
    pub(super) fn own_storage(&mut self, v: Value, span: Span) -> Result<Value, EvalError> {
        let Value::OffsetLayout(Origin::Ptr(p), l) = &v else {
            return Ok(v);
        };
        if p.base != PtrBase::Stack || p.storage.0.is_some() || p.offset != 0 {
            return Ok(v);
        }
        let Some(ty) = element_type(p) else {
            return Ok(v);
        };
        let n = l.cosize().map_err(|e| EvalError::algebra(e, span))?;
        let tag = if self.dsl || is_dsl_tensor(p) {
            self.buffers.alloc(ty, n.max(1))
        } else {
            self.buffers.alloc_zeroed(ty, n.max(1))
        }
        .map_err(|m| EvalError::limit(m, span))?;
        self.buffers.mark_owner(tag, l);
        let mut p = p.clone();
        p.storage = tag;
        Ok(Value::OffsetLayout(Origin::Ptr(p), l.clone()))
    }

    /// `auto u = t;` and `u = t;` of an owning tensor `t` (C++ text): C++ copies the tensor,
    /// and an owning tensor's `ArrayEngine` is its array, so `u` is a new owner holding `t`'s
    /// values (into `u`'s own array where `u` already owns one of the same type: the copy
    /// assignment); a view (a slice, a tensor over a pointer) copies the view. In the CuTe DSL
    /// a name binds the same tensor, as Python binds objects.
    pub(super) fn copy_of_owner(
        &mut self,
        name: &str,
        expr: &Expr,
        v: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        let mut e = expr;
        while let ExprKind::Group(inner) = e.kind {
            e = inner;
        }
        let owner = |env: &Env, v: &Value| match v {
            Value::OffsetLayout(Origin::Ptr(p), l) if env.buffers.is_owner(p, l) => {
                Some((p.clone(), (**l).clone()))
            }
            _ => None,
        };
        if self.dsl || !matches!(e.kind, ExprKind::Name(_)) {
            return Ok(v);
        }
        let Some((from, layout)) = owner(self, &v) else {
            return Ok(v);
        };
        if is_dsl_tensor(&from) {
            return Ok(v);
        }
        if let Some(target) = self.get(name)
            && let Some((to, to_layout)) = owner(self, target)
            && to_layout == layout
            && self.buffers.elem_type(&to).ok() == self.buffers.elem_type(&from).ok()
        {
            // the copy assignment of a tensor of the same type: the values copied
            let target = target.clone();
            self.buffers.copy_all(from.storage, to.storage);
            return Ok(target);
        }
        let tag = self
            .buffers
            .duplicate(from.storage)
            .map_err(|m| EvalError::limit(m, span))?;
        let mut p = from;
        p.storage = tag;
        Ok(Value::OffsetLayout(Origin::Ptr(p), Box::new(layout)))
    }

    /// A declared array's pointer given its storage (`float A[8]`, `T A[N] = {…}`, `cute::array<T,
    /// N> a`), its elements the initializer's (the rest zero) or never written.
    pub(super) fn array_storage(
        &mut self,
        v: Value,
        elem: &str,
        storage: &parser::Storage,
        span: Span,
    ) -> Result<Value, EvalError> {
        let Value::Pointer(mut p) = v else {
            return Ok(v);
        };
        let ty_name = match self.get(elem) {
            Some(Value::Name(t)) => t.clone(),
            _ => elem.to_string(),
        };
        let ty = ElemType::of_name(&ty_name);
        let n = match &storage.extent {
            Some(x) => self.eval(x)?.as_int(),
            None => None,
        };
        let (Some(ty), Some(n)) = (ty, n) else {
            if let Some(init) = storage.init {
                return Err(EvalError::new(
                    format!(
                        "an initializer of an array of {ty_name}: cute holds values of float, double, half_t, bfloat16_t, the integer types and bool"
                    ),
                    init.first().map_or(span, |e| e.span),
                ));
            }
            return Ok(Value::Pointer(p));
        };
        p.storage = self
            .buffers
            .alloc(ty, n)
            .map_err(|m| EvalError::limit(m, span))?;
        if let Some(v) = storage.fill {
            // `thrust::host_vector<T> h(n, v)`: every element v
            let x = self.initial_value(ty, v)?;
            for i in 0..n {
                let at = p.advance(i).map_err(|e| EvalError::algebra(e, span))?;
                self.buffers
                    .write(&at, x)
                    .map_err(|m| EvalError::new(m, span))?;
            }
        } else if let Some(init) = storage.init {
            if init.len() as i64 > n {
                return Err(EvalError::new(
                    format!(
                        "{} initializers for an array of {n} elements (C++: too many initializers)",
                        init.len()
                    ),
                    init[n as usize].span,
                ));
            }
            for i in 0..n {
                let x = match init.get(i as usize) {
                    Some(e) => self.initial_value(ty, e)?,
                    None => Number::Int(0),
                };
                let at = p.advance(i).map_err(|e| EvalError::algebra(e, span))?;
                self.buffers
                    .write(&at, x)
                    .map_err(|m| EvalError::new(m, span))?;
            }
        }
        Ok(Value::Pointer(p))
    }

    /// `T(x)` of an element type `T` (`half_t(0.1f)`, `float(T(i))`): the number as `T` holds it
    /// (an integer type's a run-time integer); `None` where the cast is another's (`int(_4{})`,
    /// of an integer: [`Env::dsl_int`]'s) or `n` is no element type.
    pub(super) fn number_cast(
        &self,
        n: &str,
        arg: &Expr,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        // `TI(1.0f)`, `static_cast<TI>(1.0f)` after `using TI = float;`: the type it names
        let ty = match self.get(n) {
            Some(Value::Name(t)) => ElemType::of_name(t)?,
            _ if self.is_bound(n) || functions::lookup(n).is_some() => return None,
            _ => ElemType::of_name(n)?,
        };
        // the DSL's `cutlass.Boolean(x)`: a run-time truth value (printed `?`, `Boolean(?)` in
        // a tuple; checked with dsl-oracle), 1 or 0 as `cute.printf` prints it
        if ty == ElemType::Bool && n.rsplit('.').next() == Some("Boolean") {
            let truth = match self.eval(arg) {
                Ok(Value::Bool(b)) => b,
                Ok(v) => match number_of(&v) {
                    Some(x) => x.value.as_f64() != 0.0,
                    None => {
                        return Some(Err(EvalError::new(
                            "cutlass.Boolean(x) of a number or a truth value",
                            arg.span,
                        )));
                    }
                },
                Err(e) => return Some(Err(e)),
            };
            return Some(Ok(Value::Scalar(Box::new(Scalar {
                ty,
                value: Number::Int(i128::from(truth)),
                python: false,
            }))));
        }
        // CUTLASS's number classes (the floating types, the sub-byte integers) hold their own
        // values; `int(x)` of an integer is another's cast
        let class = ty.is_float() || ty.is_subbyte_int() || ty.is_complex();
        let is_number = matches!(arg.kind, ExprKind::Float(..))
            || (class && !matches!(arg.kind, ExprKind::Name(_) | ExprKind::Call(..)));
        let v = if is_number {
            match self.eval(arg) {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            }
        } else {
            match self.eval(arg) {
                Ok(v @ Value::Scalar(_)) => v,
                Ok(v) if class && number_of(&v).is_some() => v,
                // a CUTLASS number class's cast has no other meaning: its argument's error
                Err(e) if class => return Some(Err(e)),
                _ => return None,
            }
        };
        let x = number_of(&v)?;
        if let Some(m) = ty.subbyte_assertion(x.value)
            && let Err(e) = self.warn(m, span)
        {
            return Some(Err(e));
        }
        Some(
            Scalar::new(ty, x.value)
                .map(|s| {
                    if class {
                        Value::Scalar(Box::new(s))
                    } else {
                        Value::IntTuple(crate::algebra::IntTuple::int_of(
                            s.value.as_i128() as i64,
                            true,
                        ))
                    }
                })
                .map_err(|m| EvalError::new(m, span)),
        )
    }

    /// `complex<float>(re, im)`: the complex value, its parts as the part type holds them;
    /// `None` where `n` is no complex type (or a variable or function of that name).
    pub(super) fn complex_value(
        &self,
        n: &str,
        args: &[Expr],
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let ty = ElemType::of_name(n).filter(|t| t.is_complex())?;
        if self.is_bound(n) || args.len() != 2 {
            return None;
        }
        Some((|| {
            let mut parts = [0.0; 2];
            for (slot, a) in parts.iter_mut().zip(args) {
                let v = self.eval(a)?;
                let x = number_of(&v)
                    .filter(|x| !x.ty.is_complex())
                    .ok_or_else(|| {
                        EvalError::new(
                            format!(
                                "{n}(re, im): the parts are real numbers, found {}",
                                v.kind()
                            ),
                            a.span,
                        )
                    })?;
                *slot = x.value.as_f64();
            }
            Scalar::new(ty, Number::Complex(parts[0], parts[1]))
                .map(|s| Value::Scalar(Box::new(s)))
                .map_err(|m| EvalError::new(m, span))
        })())
    }

    /// A value of an array's initializer, as C++'s list-initialization takes it: `half_t` and
    /// `bfloat16_t` have explicit constructors (`half_t(1)`), and a floating value does not
    /// narrow to an integer type.
    fn initial_value(&self, ty: ElemType, e: &Expr) -> Result<Number, EvalError> {
        let v = self.eval(e)?;
        let s = number_of(&v).ok_or_else(|| {
            EvalError::new(
                format!("the value must be a number, found {}", v.kind()),
                e.span,
            )
        })?;
        let refuse = |why: String| Err(EvalError::new(why, e.span));
        if matches!(ty, ElemType::F16 | ElemType::BF16) && s.ty != ty {
            return refuse(format!(
                "an array of {0} is initialized with {0} values: {0}'s constructors are explicit, CuTe does not compile the conversion from {1} (write {0}(…))",
                ty.name(),
                s.ty.name()
            ));
        }
        if !ty.is_float() && s.ty.is_float() {
            return refuse(format!(
                "narrowing conversion of a {} to {} in an initializer list (CuTe does not compile it)",
                s.ty.name(),
                ty.name()
            ));
        }
        Ok(s.value)
    }

    /// An element read as a value: `T(i, j)` of a tensor over storage the session holds, `A[i]`
    /// of an array (`callee`: what was called; a function's result stays what it is).
    pub(super) fn element_value(
        &self,
        callee: &Expr,
        v: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        let element_access = match callee.kind {
            // `A[i]` (the parser's `get`), or a variable called (`T(i, j)`)
            ExprKind::Qualified("get") => true,
            ExprKind::Name(n) => self.get(n).is_some() && !self.lambdas.contains_key(n),
            _ => false,
        };
        match v {
            // an element of a fake tensor (`cute.compile` of a `make_fake_compact_tensor`,
            // fake.rs): a run-time value of its type, which the DSL only traces (`?`)
            Value::Pointer(p)
                if element_access
                    && matches!(p.base, crate::algebra::pointer::PtrBase::Fake { .. }) =>
            {
                let ty = (p.type_name.0.as_deref())
                    .and_then(super::storage::ElemType::of_dsl)
                    .ok_or_else(|| EvalError::new("a fake tensor's element type", span))?;
                Ok(Value::Scalar(Box::new(Scalar {
                    ty,
                    value: if ty.is_float() {
                        super::storage::Number::Float(0.0)
                    } else {
                        super::storage::Number::Int(0)
                    },
                    python: false,
                })))
            }
            Value::Pointer(p) if element_access && p.storage.0.is_some() => self
                .buffers
                .read(&p)
                .map(|s| Value::Scalar(Box::new(s)))
                .map_err(|m| EvalError::new(m, span)),
            v => Ok(v),
        }
    }

    /// `&T(i, j)`, `T(i, j) = v`: the element's place, a pointer (no value read).
    pub(super) fn eval_place(&self, e: &Expr) -> Result<Value, EvalError> {
        match e.kind {
            ExprKind::Call(callee, args)
                if matches!(callee.kind, ExprKind::Name(_) | ExprKind::Qualified("get")) =>
            {
                self.call(callee, args, e.span)
            }
            ExprKind::Group(inner) => self.eval_place(inner),
            _ => self.eval(e),
        }
    }

    /// `get<I>(t) = v;` of a variable `t` holding a tuple (CuTe's `get` of an lvalue tuple
    /// returns a reference to its element): the element replaced by `v` converted to the
    /// element's type, as its assignment converts it (an integer element stays a run-time
    /// integer, a float or double element its type, a struct element takes an object of its
    /// type). `None`: no such write.
    fn tuple_element_store(
        &mut self,
        target: &Expr,
        op: Option<char>,
        value: &Expr,
    ) -> Option<Result<Outcome, EvalError>> {
        let ExprKind::Call(getter, [tuple]) = target.kind else {
            return None;
        };
        let ExprKind::Name(name) = tuple.kind else {
            return None;
        };
        let getter = self.called_function(getter)?;
        let getter = getter
            .strip_prefix("cute::")
            .or_else(|| getter.strip_prefix("std::"))
            .unwrap_or(getter);
        let index = getter.strip_prefix("get<")?.strip_suffix('>')?;
        let old = self.get(name)?.clone();
        let modes = match &old {
            Value::Tuple(items) => items.clone(),
            Value::IntTuple(t) if !t.is_int() => old.tuple_modes()?,
            _ => return None,
        };
        Some((|| {
            if op.is_some() {
                return Err(EvalError::new(
                    "a compound assignment of a tuple's element ('get<I>(t) += v') is not modelled: write 'get<I>(t) = v'",
                    target.span,
                ));
            }
            let arena = bumpalo::Bump::new();
            let i = crate::parser::parse_cpp_expr(arena.alloc_str(index), &arena)
                .ok()
                .and_then(|e| self.eval(&e).ok())
                .and_then(|v| v.as_int())
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < modes.len())
                .ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "get<{index}> of a tuple of {} elements: the index is no integer in range",
                            modes.len()
                        ),
                        target.span,
                    )
                })?;
            let v = self.eval(value)?;
            let element = &modes[i];
            let written = match (element, &v) {
                // a run-time integer element: the integer's value
                (Value::IntTuple(t), _) if t.is_int() && !t.is_static() => v
                    .as_int()
                    .map(|x| Value::IntTuple(IntTuple::int_of(x, true)))
                    .ok_or_else(|| {
                        EvalError::new(
                            format!("the integer element {i} is assigned {}", v.kind()),
                            value.span,
                        )
                    })?,
                // a float or double element: the number converted to its type
                (Value::Scalar(s), _) if s.ty.is_float() && !s.ty.is_complex() => {
                    let x = super::elements::number_of(&v).ok_or_else(|| {
                        EvalError::new(
                            format!("the {} element {i} is assigned {}", s.ty.name(), v.kind()),
                            value.span,
                        )
                    })?;
                    super::storage::Scalar::new(s.ty, x.value)
                        .map(|s| Value::Scalar(Box::new(s)))
                        .map_err(|m| EvalError::new(m, value.span))?
                }
                (Value::Struct(a), Value::Struct(b)) if a.type_name() == b.type_name() => v,
                (Value::IntTuple(t), _) if t.is_int() => {
                    return Err(EvalError::new(
                        format!(
                            "the tuple's element {i} is the static integer _{} (an empty type, which CuTe's get returns by value): the assignment does not compile",
                            t.as_int().unwrap_or_default()
                        ),
                        target.span,
                    ));
                }
                _ => {
                    return Err(EvalError::new(
                        format!(
                            "an assignment to the tuple's element {i} ({}) from {} is not modelled",
                            element.kind(),
                            v.kind()
                        ),
                        target.span,
                    ));
                }
            };
            let mut modes = modes;
            modes[i] = written;
            let all_ints = modes.iter().all(|m| matches!(m, Value::IntTuple(_)));
            let new = if all_ints {
                Value::IntTuple(IntTuple::tuple(modes.into_iter().map(|m| match m {
                    Value::IntTuple(t) => t,
                    _ => unreachable!("checked above"),
                })))
            } else {
                Value::Tuple(modes)
            };
            self.set(name, new);
            Ok(Outcome::Nothing)
        })())
    }

    /// `T(i, j) = v;`, `A[i] += v;`: the element written, as its type rounds the value.
    pub(super) fn store(
        &mut self,
        target: &Expr,
        op: Option<char>,
        value: &Expr,
    ) -> Result<Outcome, EvalError> {
        // `d[KEY] = VALUE` of a Python dict
        if op.is_none()
            && let ExprKind::Call(getter, [dict, key]) = target.kind
            && self.called_function(getter) == Some("get")
            && let ExprKind::Name(name) = dict.kind
            && self.dict_of(dict).is_some()
        {
            return self.dict_store(name, key, value);
        }
        // `P(c) = v` of a tensor over a transform iterator: its element is no place
        if let ExprKind::Call(callee, _) = target.kind
            && let ExprKind::Name(_) = callee.kind
            && let Ok(Value::OffsetLayout(Origin::Transform(_), _)) = self.eval(callee)
        {
            return Err(EvalError::new(super::lazy::NOT_WRITTEN, target.span));
        }
        if let Some(r) = self.tuple_element_store(target, op, value) {
            return r;
        }
        let place = self.eval_place(target)?;
        let Value::Pointer(p) = place else {
            return Err(EvalError::new(
                format!(
                    "the element written must be an element of a tensor over memory or of an array, found {}",
                    place.kind()
                ),
                target.span,
            ));
        };
        let v = self.eval(value)?;
        // a write to a fake tensor (fake.rs): traced only, no memory is there
        if matches!(p.base, crate::algebra::pointer::PtrBase::Fake { .. }) {
            return Ok(Outcome::Nothing);
        }
        let Some(x) = number_of(&v) else {
            return Err(EvalError::new(
                format!("the value written must be a number, found {}", v.kind()),
                value.span,
            ));
        };
        if (self.dsl || is_dsl_tensor(&p)) && op.is_none() {
            self.dsl_store_type(&p, &v, x, value.span)?;
        } else if op.is_none()
            && let Ok(et) = self.buffers.elem_type(&p)
            && !et.assignable_from(x.ty)
        {
            return Err(EvalError::new(
                format!(
                    "no operator= of a {1} into an element of {0}: {0}'s constructors are explicit, CuTe does not compile the conversion (write {0}(…))",
                    et.name(),
                    x.ty.name()
                ),
                value.span,
            ));
        }
        let x = match op {
            None => x,
            Some(c) => {
                let old = self
                    .buffers
                    .read(&p)
                    .map_err(|m| EvalError::new(m, target.span))?;
                Scalar::arith(c, old, x).map_err(|m| EvalError::new(m, value.span))?
            }
        };
        // the implicit conversion into a sub-byte integer (`t(i) = 9` of an int4b_t tensor)
        // is integer_subbyte's constructor, as the explicit cast (`int4b_t(9)`) is
        if let Ok(et) = self.buffers.elem_type(&p)
            && et != x.ty
            && let Some(m) = et.subbyte_assertion(x.value)
        {
            self.warn(m, value.span)?;
        }
        let x = x.value;
        // a write to memory cute holds no values of (a kernel's `float* A`) is no write: CuTe
        // prints nothing for it, and a later read says what is not held
        self.buffers
            .put(&Element::At(p), Some(x))
            .map_err(|m| EvalError::new(m, target.span))?;
        Ok(Outcome::Nothing)
    }

    /// The CuTe DSL's `t[i] = v` stores a value of the tensor's element type only (it raises
    /// "type mismatch"): a Python `int` is an `Int32`, a Python `float` a `Float32` (`cute`
    /// reads it as a double, taken for either floating type of 32 or 64 bits).
    fn dsl_store_type(
        &self,
        p: &Pointer,
        v: &Value,
        x: Scalar,
        span: Span,
    ) -> Result<(), EvalError> {
        let Ok(et) = self.buffers.elem_type(p) else {
            return Ok(());
        };
        let vt = match v {
            Value::Scalar(_) => x.ty,
            Value::Bool(_) => ElemType::Bool,
            _ => ElemType::I32,
        };
        let same = vt == et
            || (vt == ElemType::F64 && et == ElemType::F32)
            || (!vt.is_float() && !et.is_float() && !matches!(v, Value::Scalar(_)));
        if same {
            return Ok(());
        }
        Err(EvalError::new(
            format!(
                "type mismatch: the DSL stores a value of the tensor's element type only, a {} into a tensor of {} (write cutlass.{}(…))",
                match vt {
                    ElemType::F64 => "float",
                    t => t.dsl_type().unwrap_or(t.name()),
                },
                et.dsl_type().unwrap_or(et.name()),
                et.dsl_type().unwrap_or(et.name())
            ),
            span,
        ))
    }

    /// `print_tensor(T)`: `print(T)`, `:` and a newline, then the values as CuTe's
    /// `print_tensor` prints them.
    pub(super) fn print_tensor(&self, arg: &Expr, verbose: bool) -> Result<Outcome, EvalError> {
        let v = self.eval(arg)?;
        let (o, l) = match &v {
            Value::Ssa(a) => {
                return super::host::print_ssa(a, verbose)
                    .map(run_time_text)
                    .map_err(|m| EvalError::new(format!("print_tensor: {m}"), arg.span));
            }
            Value::OffsetLayout(o, l) => (o.clone(), (**l).clone()),
            // over a transform iterator and a swizzled layout: each element `fn(*(ptr_ +
            // Sw(O + L(i))))` (lazy.rs)
            Value::SwizzledTensor(o @ Origin::Transform(_), c) if !self.dsl => {
                let body = super::storage::print_tensor_cells(&c.layout, &|i| {
                    let at = c.layout.eval_kind(&IntTuple::int(i)).map_err(|e| e.to_string())?;
                    let (at, dynamic) = c.apply_outer_kind(at.0, at.1).map_err(|e| e.to_string())?;
                    let at = IntTuple::of_int(crate::algebra::Int::of(at, dynamic));
                    let v = self
                        .transform_element(o, &at, arg.span)
                        .map_err(|e| e.message.to_string())?;
                    let s = number_of(&v).ok_or_else(|| {
                        format!("the function of a tensor over {o} gives {}, not a number print_tensor prints", v.kind())
                    })?;
                    Ok(s.ty.pretty_print(s.value))
                })
                .map_err(|m| EvalError::new(format!("print_tensor: {m}"), arg.span))?;
                return Ok(Outcome::Sequence(vec![
                    Outcome::Printed(v.clone()),
                    Outcome::Written(format!(":\n{body}")),
                ]));
            }
            other => {
                return Err(EvalError::new(
                    format!(
                        "print_tensor: the argument must be a tensor, found {}",
                        other.kind()
                    ),
                    arg.span,
                ));
            }
        };
        if self.dsl {
            return self.print_tensor_dsl(&o, &l, verbose, arg.span);
        }

        if let Origin::Ptr(p) = &o
            && let Some(t) = p.type_name.0.as_deref()
            && t.trim()
                .trim_start_matches("cutlass::")
                .trim_start_matches("cute::")
                .starts_with("complex<")
        {
            return Err(EvalError::new(
                format!(
                    "print_tensor of {t}: CuTe does not compile it (util/print.hpp has no print of cutlass::complex)"
                ),
                arg.span,
            ));
        }
        // a tensor over a transform iterator: its function's values (lazy.rs)
        let body = match self.transform_elements(&v, arg.span) {
            Some(values) => {
                let values = values?;
                super::storage::print_tensor_cells(&l, &|i| {
                    let s = self.buffers.get(&values[i as usize])?;
                    Ok(s.ty.pretty_print(s.value))
                })
            }
            None => print_tensor(&self.buffers, &o, &l),
        }
        .map_err(|m| EvalError::new(format!("print_tensor: {m}"), arg.span))?;
        Ok(Outcome::Sequence(vec![
            Outcome::Printed(v),
            Outcome::Written(format!(":\n{body}")),
        ]))
    }

    /// The CuTe DSL's `cute.print_tensor(t)` (as 4.8.1 prints it at run time): `tensor(` its
    /// pointer as the DSL names it (`raw_ptr(ADDR: f32, rmem, align<32>)`, the address `cute`'s
    /// `stack` as in C++ text), ` o ` its layout, `, data=` and the values
    /// ([`super::storage::print_tensor_dsl`]), then `)`.
    fn print_tensor_dsl(
        &self,
        o: &Origin,
        l: &Layout,
        verbose: bool,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let err = |m: String| EvalError::new(format!("print_tensor: {m}"), span);
        // an identity tensor: its coordinates (`tensor((0,0) o (3,2):(1@0,1@1), data=`)
        if let Origin::Coord(c) = o {
            let compact = Layout::column_major(l.shape().to_owned())
                .map_err(|e| EvalError::algebra(e, span))?;
            let cell = |v: i64| -> Result<String, String> {
                let index = l
                    .eval_index(&crate::algebra::IntTuple::int(v))
                    .map_err(|e| e.to_string())?;
                match o.shift(&index).map_err(|e| e.to_string())? {
                    Origin::Coord(at) => Ok(format!(" {at}")),
                    _ => Err("an identity tensor's element is a coordinate".into()),
                }
            };
            let body = if verbose {
                super::storage::print_tensor_dsl_verbose(&compact, &cell).map_err(err)?
            } else {
                super::storage::print_tensor_dsl_with(&compact, &cell).map_err(err)?
            };
            let data = if verbose { "data= (" } else { "data=" };
            return Ok(run_time_text(format!(
                "tensor({c} o {}, {data}\n{body})\n",
                crate::eval::plain::render(&Value::Layout(l.clone()))
            )));
        }
        let Origin::Ptr(p) = o else {
            return Err(err(
                "the DSL prints the values of a tensor over memory (cute.make_rmem_tensor) or an identity tensor's coordinates".into(),
            ));
        };
        let (pointer, _) = self.dsl_raw_ptr(p).map_err(err)?;
        let cell = |v: i64| -> Result<String, String> {
            let s = self.buffers.get(&super::storage::element_at(o, v)?)?;
            Ok(s.ty.dsl_element(s.value))
        };
        let body = if verbose {
            super::storage::print_tensor_dsl_verbose(l, &cell).map_err(err)?
        } else {
            super::storage::print_tensor_dsl(&self.buffers, o, l).map_err(err)?
        };
        let data = if verbose { "data= (" } else { "data=" };
        Ok(run_time_text(format!(
            "tensor({pointer} o {}, {data}\n{body})\n",
            crate::eval::plain::render(&Value::Layout(l.clone()))
        )))
    }

    /// A memory tensor's pointer as the CuTe DSL prints it at run time, and its element type:
    /// `raw_ptr(ADDR: f32, rmem, align<32>)` (the address `cute`'s `stack` as in C++ text), a
    /// host array's (NumPy's, `from_dlpack`) `raw_ptr(host: i16, generic, align<2>)`: generic
    /// memory, aligned to its element.
    fn dsl_raw_ptr(
        &self,
        p: &crate::algebra::pointer::Pointer,
    ) -> Result<(String, super::storage::ElemType), String> {
        let ty = self.buffers.elem_type(p)?;
        let (base, space) = match p.base {
            PtrBase::Host { .. } => (
                crate::algebra::pointer::HOST,
                format!(
                    "generic, align<{}>",
                    crate::algebra::recast::element_bits(ty.name()).map_or(1, |b| (b / 8).max(1))
                ),
            ),
            _ => (
                crate::algebra::pointer::STACK,
                "rmem, align<32>".to_string(),
            ),
        };
        let address = match p.offset {
            0 => base.to_string(),
            n => format!("{base}+{n}"),
        };
        Ok((
            format!("raw_ptr({address}: {}, {space})", ty.dsl_name()),
            ty,
        ))
    }

    /// `cute.printf("{}", t)` of a tensor over memory, as the CuTe DSL prints it at run time
    /// (checked with dsl-oracle): its pointer ([`Env::dsl_raw_ptr`]), ` o ` its layout, ` = `,
    /// and on the next line its elements in the layout's order (colex), `  ( 0, 3, 1 )`; of a
    /// run-time layout, its pointer and its layout's values only; `None` where the value is no
    /// such tensor.
    pub(super) fn printf_tensor(&self, v: &Value) -> Option<Result<String, String>> {
        let Value::OffsetLayout(o, l) = v else {
            return None;
        };
        let Origin::Ptr(p) = o else { return None };
        let (pointer, _) = self.dsl_raw_ptr(p).ok()?;
        let layout = crate::eval::plain::render(&Value::Layout((**l).clone()));
        // a run-time layout's tensor: its pointer and layout only (its values at run time)
        if !l.shape().is_static() || !l.stride().is_static() {
            let static_layout = crate::algebra::Layout::new(
                l.shape().with_kind(false),
                l.stride().with_kind(false),
            );
            return Some(static_layout.map_err(|e| e.to_string()).map(|s| {
                format!(
                    "{pointer} o {}",
                    crate::eval::plain::render(&Value::Layout(s))
                )
            }));
        }
        Some((|| {
            let size = l.size().map_err(|e| e.to_string())?;
            let mut items = Vec::with_capacity(usize::try_from(size).unwrap_or(0).min(1 << 16));
            for i in 0..size {
                let at = l.at(i).map_err(|e| e.to_string())?;
                let s = self.buffers.get(&super::storage::element_at(o, at)?)?;
                items.push(if s.ty.is_float() {
                    format!("{:.6}", s.value.as_f64())
                } else {
                    s.value.as_i128().to_string()
                });
            }
            Ok(format!(
                "{pointer} o {layout} = \n  ( {} )",
                items.join(", ")
            ))
        })())
    }

    /// `t.fill(v)` of a tensor holding values (the CuTe DSL's `Tensor.fill`): every element
    /// `v`, as the element type converts it; `None` where the statement is no such call.
    pub(super) fn fill_method(&mut self, e: &Expr) -> Option<Result<Outcome, EvalError>> {
        let ExprKind::Call(callee, [value]) = e.kind else {
            return None;
        };
        let ExprKind::Field(base, "fill") = callee.kind else {
            return None;
        };
        let t = match self.eval(base) {
            Ok(t @ Value::OffsetLayout(..)) => t,
            _ => return None,
        };
        Some((|| {
            let v = self.eval(value)?;
            let x = number_of(&v).ok_or_else(|| {
                EvalError::new(
                    format!("fill: the value must be a number, found {}", v.kind()),
                    value.span,
                )
            })?;
            for el in self.read_elems(&t, base.span, "tensor")? {
                self.buffers
                    .put(&el, Some(x.value))
                    .map_err(|m| EvalError::new(format!("fill: {m}"), base.span))?;
            }
            Ok(Outcome::Nothing)
        })())
    }

    /// The values a call of CuTe's `void` algorithms writes (its checks done by the function
    /// table's entry): `copy`, `copy_if`, `fill`, `clear`, `axpby`, `gemm`.
    pub(super) fn run_algorithm(&mut self, e: &Expr) -> Result<(), EvalError> {
        let mut e = e;
        while let ExprKind::Group(inner) = e.kind {
            e = inner;
        }
        let ExprKind::Call(callee, args) = e.kind else {
            return Ok(());
        };
        let Some(name) = self.called_function(callee) else {
            return Ok(());
        };
        if functions::lookup(name).is_none_or(|f| !f.void) {
            return Ok(());
        }
        // `for_each_leaf`, `for_each(t0, t1, f)`: their calls made as the statement was
        // evaluated (tuple_functions.rs)
        if name == "for_each_leaf" || (name == "for_each" && args.len() == 3) {
            return Ok(());
        }
        if super::element_functions::ELEMENT_FUNCTION_ALGORITHMS.contains(&name) {
            return self.run_element_fn_algorithm(name, args, e.span);
        }
        let vals = self.eval_args(args)?;
        let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
        let has_atom = matches!(vals.first(), Some(Value::Atom(_)));
        let at = usize::from(has_atom);
        let err = |span: Span| move |m: String| EvalError::new(format!("{name}: {m}"), span);
        // a CuTe array object (`fill(arr, 0)`): its whole storage
        let array_len = |v: &Value, b: &Buffers| match v {
            Value::Pointer(p) => b.len(p),
            _ => None,
        };
        match name {
            "fill" | "clear" => {
                let t = &vals[0];
                let xs = match array_len(t, &self.buffers) {
                    Some(n) => (0..n)
                        .map(|i| {
                            let Value::Pointer(p) = t else { unreachable!() };
                            p.advance(i)
                                .map(Element::At)
                                .map_err(|e| EvalError::algebra(e, spans[0]))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                    None => self.read_elems(t, spans[0], "tensor")?,
                };
                let x = if name == "clear" {
                    Number::Int(0)
                } else {
                    number_of(&vals[1])
                        .map(|s| s.value)
                        .ok_or_else(|| err(spans[1])("the value must be a number".into()))?
                };
                for el in &xs {
                    self.buffers.put(el, Some(x)).map_err(err(spans[0]))?;
                }
            }
            "copy" | "copy_if" => {
                let n = vals.len();
                let (pred, src, dst) = if name == "copy_if" {
                    (Some(n - 3), n - 2, n - 1)
                } else {
                    (None, n - 2, n - 1)
                };
                let s = self.read_elems(&vals[src], spans[src], "source")?;
                let d = self.read_elems(&vals[dst], spans[dst], "destination")?;
                // C++'s copy through a cp.async atom runs its PTX for each element it copies
                if name == "copy"
                    && !self.dsl
                    && !d.is_empty()
                    && let Some(op) = vals.first().and_then(cp_async_op)
                {
                    return Err(cp_async_on_host(op, e.span));
                }
                let p = match pred {
                    Some(i) => Some(self.read_elems(&vals[i], spans[i], "predicate")?),
                    None => None,
                };
                for (i, de) in d.iter().enumerate() {
                    let x = self.buffers.peek(&s[i]).map_err(err(spans[src]))?;
                    let x = match &p {
                        None => x.map(|x| x.value),
                        Some(p) => match self.buffers.peek(&p[i]).map_err(err(spans[n - 3]))? {
                            Some(keep) if keep.value.as_f64() == 0.0 => continue,
                            Some(_) => x.map(|x| x.value),
                            // a predicate not known: the element is not either
                            None => None,
                        },
                    };
                    self.buffers.put(de, x).map_err(err(spans[dst]))?;
                }
            }
            "axpby" => {
                let alpha = number_of(&vals[0]).expect("checked by the table");
                let beta = number_of(&vals[2]).expect("checked by the table");
                let x = self.read_elems(&vals[1], spans[1], "x")?;
                let y = self.read_elems(&vals[3], spans[3], "y")?;
                let p = match vals.get(4) {
                    Some(v) => Some(self.read_elems(v, spans[4], "predicate")?),
                    None => None,
                };
                let beta_zero = beta.value.as_f64() == 0.0;
                for i in 0..x.len() {
                    let pi = match &p {
                        Some(p) => self.buffers.peek(&p[i]).map_err(err(spans[4]))?,
                        None => None,
                    };
                    if pi.is_some_and(|k| k.value.as_f64() == 0.0) {
                        continue;
                    }
                    let xi = self.buffers.peek(&x[i]).map_err(err(spans[1]))?;
                    let yi = self.buffers.peek(&y[i]).map_err(err(spans[3]))?;
                    let r = match (xi, yi, p.is_some() && pi.is_none()) {
                        (_, _, true) | (None, _, _) => None,
                        (Some(xi), _, _) if beta_zero => {
                            Some(Scalar::arith('*', alpha, xi).map_err(err(spans[1]))?)
                        }
                        (Some(_), None, _) => None,
                        (Some(xi), Some(yi), _) => {
                            let ax = Scalar::arith('*', alpha, xi).map_err(err(spans[1]))?;
                            let by = Scalar::arith('*', beta, yi).map_err(err(spans[3]))?;
                            Some(Scalar::arith('+', ax, by).map_err(err(spans[3]))?)
                        }
                    };
                    self.buffers
                        .put(&y[i], r.map(|r| r.value))
                        .map_err(err(spans[3]))?;
                }
            }
            "gemm" => {
                // gemm([mma,] [D,] A, B, C): D = A * B + C (D is C where not given)
                let n = vals.len() - at;
                let (d, a, b, c) = if n == 4 {
                    (at, at + 1, at + 2, at + 3)
                } else {
                    (at + 2, at, at + 1, at + 2)
                };
                if has_atom {
                    // an MMA atom's fragments are its hardware's: cute computes no values
                    // through them, so D's elements are no longer known
                    let (o, l) = view(&vals[d], spans[d], "D")?;
                    for el in elements(&o, &l).map_err(err(spans[d]))? {
                        self.buffers.put(&el, None).map_err(err(spans[d]))?;
                    }
                    return Ok(());
                }
                self.universal_gemm(
                    (&vals[a], spans[a]),
                    (&vals[b], spans[b]),
                    (&vals[c], spans[c]),
                    (&vals[d], spans[d]),
                )?;
            }
            _ => {}
        }
        Ok(())
    }

    /// gemm.hpp's dispatch on the ranks with CuTe's `UniversalFMA` (`d = a * b + c`, in the
    /// element types' arithmetic), k ascending: [1] `(V)x(V)=>(V)`, [2] `(M)x(N)=>(M,N)`,
    /// [3] `(M,K)x(N,K)=>(M,N)`, [4] `(V,M)x(V,N)=>(V,M,N)`, [5] `(V,M,K)x(V,N,K)=>(V,M,N)`.
    fn universal_gemm(
        &mut self,
        (a, sa): (&Value, Span),
        (b, sb): (&Value, Span),
        (c, sc): (&Value, Span),
        (d, sd): (&Value, Span),
    ) -> Result<(), EvalError> {
        let (oa, la) = view(a, sa, "A")?;
        let (ob, lb) = view(b, sb, "B")?;
        let (oc, lc) = view(c, sc, "C")?;
        let (od, ld) = view(d, sd, "D")?;
        let err = |span: Span| move |m: String| EvalError::new(format!("gemm: {m}"), span);
        // (v, m, n, k) ranges by the ranks; each C element's index list
        let (ranks_a, ranks_c) = (la.rank(), lc.rank());
        let (nv, nm, nn, nk) = match (ranks_a, ranks_c) {
            (1, 1) => (mode_size(&la, 0, sa)?, 1, 1, 1),
            (1, 2) => (1, mode_size(&la, 0, sa)?, mode_size(&lb, 0, sb)?, 1),
            (2, 2) => (
                1,
                mode_size(&la, 0, sa)?,
                mode_size(&lb, 0, sb)?,
                mode_size(&la, 1, sa)?,
            ),
            (2, 3) => (
                mode_size(&la, 0, sa)?,
                mode_size(&la, 1, sa)?,
                mode_size(&lb, 1, sb)?,
                1,
            ),
            _ => (
                mode_size(&la, 0, sa)?,
                mode_size(&la, 1, sa)?,
                mode_size(&lb, 1, sb)?,
                mode_size(&la, 2, sa)?,
            ),
        };
        let work = [nv, nm, nn, nk]
            .iter()
            .try_fold(1i64, |acc, &x| acc.checked_mul(x))
            .unwrap_or(i64::MAX);
        if work > crate::limits::MAX_STORED_ELEMENTS as i64 {
            return Err(EvalError::limit(
                format!(
                    "gemm of {work} multiply-adds, more than the limit of {}",
                    crate::limits::MAX_STORED_ELEMENTS
                ),
                sc,
            ));
        }
        let coords = |v: i64, m: i64, n: i64, k: i64| -> [Vec<i64>; 3] {
            match (ranks_a, ranks_c) {
                (1, 1) => [vec![v], vec![v], vec![v]],
                (1, 2) => [vec![m], vec![n], vec![m, n]],
                (2, 2) => [vec![m, k], vec![n, k], vec![m, n]],
                (2, 3) => [vec![v, m], vec![v, n], vec![v, m, n]],
                _ => [vec![v, m, k], vec![v, n, k], vec![v, m, n]],
            }
        };
        for k in 0..nk {
            for m in 0..nm {
                for n in 0..nn {
                    for v in 0..nv {
                        let [ca, cb, cc] = coords(v, m, n, k);
                        let ea = at_modes(&oa, &la, &ca, sa)?;
                        let eb = at_modes(&ob, &lb, &cb, sb)?;
                        // the accumulator: C at the first k, D after (D is C unless given)
                        let (eo, el, es) = if k == 0 {
                            (&oc, &lc, sc)
                        } else {
                            (&od, &ld, sd)
                        };
                        let ec = at_modes(eo, el, &cc, es)?;
                        let ed = at_modes(&od, &ld, &cc, sd)?;
                        let x = self.buffers.peek(&ea).map_err(err(sa))?;
                        let y = self.buffers.peek(&eb).map_err(err(sb))?;
                        let z = self.buffers.peek(&ec).map_err(err(es))?;
                        let r = match (x, y, z) {
                            (Some(x), Some(y), Some(z)) => {
                                Some(Scalar::fma(x, y, z).map_err(err(sc))?.value)
                            }
                            _ => None,
                        };
                        self.buffers.put(&ed, r).map_err(err(sd))?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Whether a pointer is into a tensor the CuTe DSL made (`cute.make_rmem_tensor(…,
/// cutlass.Float32)`: its element type named as the DSL names it), whose statements are
/// Python's whether or not they spell `cute.`.
/// The cp.async operation (`SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`, arch/copy_sm80.hpp) a copy
/// atom, tiled copy or thread's slice of one copies with.
fn cp_async_op(v: &Value) -> Option<&str> {
    use crate::atoms::Atom;
    let op = match v {
        Value::Atom(a) => match &**a {
            Atom::Copy(c) => &c.op,
            Atom::TiledCopy(t) | Atom::ThrCopy(t, _) => &t.atom.op,
            _ => return None,
        },
        _ => return None,
    };
    op.starts_with("SM80_CP_ASYNC").then_some(op.as_str())
}

/// A copy through a cp.async atom: its `copy` runs `cp.async.ca/cg.shared.global` (or, off the
/// GPU, `CUTE_INVALID_CONTROL_PATH`'s assert), a GPU-only effect that cute stops at where CuTe's
/// host program stops.
fn cp_async_on_host(op: &str, span: Span) -> EvalError {
    EvalError::new(
        format!(
            "copy: {op} copies global to shared memory with cp.async (arch/copy_sm80.hpp), an asynchronous copy only the GPU runs: a GPU-only effect (CuTe's program off the GPU stops at this copy: \"Support for cp.async instructions has not been enabled\")"
        ),
        span,
    )
}

fn is_dsl_tensor(p: &Pointer) -> bool {
    p.type_name
        .0
        .as_deref()
        .is_some_and(|n| ElemType::of_name(n).and_then(ElemType::dsl_type) == Some(n))
}

/// The element type of an owning tensor's pointer, where `cute` holds its values.
fn element_type(p: &Pointer) -> Option<ElemType> {
    match &p.type_name.0 {
        Some(n) => ElemType::of_name(n),
        None => match &p.width {
            crate::algebra::pointer::ElementWidth::Unknown(n) => ElemType::of_name(n),
            crate::algebra::pointer::ElementWidth::Bits(_) => None,
        },
    }
}

/// What the DSL prints as it runs a jit function (`cute.print_tensor`, as `cute.printf`):
/// after what it prints as it traces it.
fn run_time_text(text: String) -> Outcome {
    let line = text.strip_suffix('\n').unwrap_or(&text).to_string();
    Outcome::Text(vec![super::TextPart::RunTime(vec![super::TextPart::Str(
        line,
    )])])
}
