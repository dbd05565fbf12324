//! The value of a type trait a pasted program asks (`parser/traits.rs` reads it): as CuTe's
//! `type_traits.hpp` and `<type_traits>` answer it for the value's type. A truth is static (CuTe's
//! `bool_constant`, `_1`), a count a static integer; `::value` makes either C++'s plain one.

use super::constant::IntType;
use super::{Env, EvalError, Value};
use crate::algebra::tuple_algorithms::product_kind;
use crate::algebra::{Int, Tup};
use crate::parser::ast::Trait;
use crate::parser::{Expr, ExprKind, Span};

impl Env {
    /// A tuple type's elements that name types (`tuple<int, ConvertibleTo<size_t>, IC<int,
    /// 43>>` reads as a tuple of names): each name that is no C++ arithmetic type read as the
    /// type it names here (an alias, a struct, `integral_constant`), where cute reads it; a
    /// name it does not read stays a name.
    pub(super) fn named_types(&self, v: Value) -> Value {
        match v {
            Value::Tuple(items) => {
                Value::Tuple(items.into_iter().map(|x| self.named_types(x)).collect())
            }
            // the standard library's integer sequence (not CuTe's, a tuple here): its one spelling
            Value::Name(n) if let Some(seq) = std_integer_sequence(&n) => Value::Name(seq),
            Value::Name(n)
                if IntType::of_name(&n).is_none()
                    && crate::eval::storage::ElemType::of_name(&n).is_none() =>
            {
                let arena = bumpalo::Bump::new();
                match crate::parser::parse_cpp_expr(&n, &arena).map(|e| self.eval(&e)) {
                    Ok(Ok(t @ (Value::Constant(_) | Value::Struct(_) | Value::Tuple(_)))) => t,
                    _ => Value::Name(n),
                }
            }
            v => v,
        }
    }

    /// `is_same<A, B>` where A or B is a reference type (`int const&`, parser/traits.rs'
    /// marker): the same kind of reference (or both none) to the same type. The other side's
    /// reference kind is that of what it spells: a type written is none; `decltype(get<I>(t))`
    /// of a variable `t` holding a tuple is CuTe's `get`'s (container/tuple.hpp: an empty
    /// element returned by value, another as `T&`, or `T const&` where `t` is declared `const`,
    /// or `T&&` of `get<I>(cute::move(t))`). Another `decltype(…)` is not modelled.
    fn same_with_reference(&self, a: &Expr, b: &Expr, span: Span) -> Result<Value, EvalError> {
        let (ka, ta) = self.reference_side(a)?;
        let (kb, tb) = self.reference_side(b)?;
        if ka != kb {
            return Ok(Value::Bool(false));
        }
        self.trait_value_of(Trait::IsSame, &[ta, tb], span)
    }

    /// Whether `e` is `decltype(x)` of a variable declared `decltype(auto) x = get<I>(t);`.
    fn decltype_of_reference(&self, e: &Expr) -> bool {
        matches!(e.kind, ExprKind::Group(inner)
            if matches!(inner.kind, ExprKind::Name(n) if self.ref_kinds.contains_key(n)))
    }

    /// Whether `e` is `decltype(get<I>(t))` of a variable `t` holding a tuple (or of
    /// `cute::move(t)`).
    fn decltype_of_get(&self, e: &Expr) -> bool {
        let ExprKind::Group(inner) = e.kind else {
            return false;
        };
        let ExprKind::Call(getter, [target]) = inner.kind else {
            return false;
        };
        let Some(getter) = getter.kind.name() else {
            return false;
        };
        let bare = getter
            .strip_prefix("cute::")
            .or_else(|| getter.strip_prefix("std::"))
            .unwrap_or(getter);
        let name = match target.kind {
            ExprKind::Name(n) => n,
            ExprKind::Call(m, [x])
                if matches!(m.kind.name(), Some("cute::move" | "std::move" | "move"))
                    && let ExprKind::Name(n) = x.kind =>
            {
                n
            }
            _ => return false,
        };
        bare.starts_with("get<")
            && matches!(self.get(name), Some(Value::Tuple(_) | Value::IntTuple(_)))
    }

    /// The value category of `get<I>(t)` (or `get<I>(cute::move(t))`) of a variable `t`
    /// holding a tuple, as CuTe's `get` returns its element (container/tuple.hpp): an empty
    /// element by value (`""`), another as `T&`, `T const&` where `t` is declared `const`, or
    /// `T&&` of a moved `t`. `None`: `e` is no such call.
    pub(super) fn get_category(&self, e: &Expr) -> Option<Result<&'static str, EvalError>> {
        let ExprKind::Call(getter, [target]) = e.kind else {
            return None;
        };
        let getter = getter.kind.name()?;
        let bare = getter
            .strip_prefix("cute::")
            .or_else(|| getter.strip_prefix("std::"))
            .unwrap_or(getter);
        if !bare.starts_with("get<") {
            return None;
        }
        let (name, moved) = match target.kind {
            ExprKind::Name(n) => (n, false),
            ExprKind::Call(m, [x])
                if matches!(m.kind.name(), Some("cute::move" | "std::move" | "move"))
                    && let ExprKind::Name(n) = x.kind =>
            {
                (n, true)
            }
            _ => return None,
        };
        if !matches!(self.get(name), Some(Value::Tuple(_) | Value::IntTuple(_))) {
            return None;
        }
        Some(self.eval(e).and_then(|element| {
            let empty = value_empty(&element).ok_or_else(|| {
                EvalError::new(
                    format!(
                        "the value category of this get: cute does not model whether {} is an empty class",
                        element.kind()
                    ),
                    e.span,
                )
            })?;
            Ok(match (empty, moved, self.is_const_var(name)) {
                (true, _, _) => "",
                (false, true, _) => "&&",
                (false, false, true) => "const&",
                (false, false, false) => "&",
            })
        }))
    }

    /// One side of [`Env::same_with_reference`]: its reference kind (`""`: none) and the
    /// type referred to.
    fn reference_side<'a>(&self, e: &Expr<'a>) -> Result<(&'static str, Expr<'a>), EvalError> {
        {
            if let Some((kind, inner)) = reference_type(e) {
                return Ok((kind, *inner));
            }
            let ExprKind::Group(inner) = e.kind else {
                return Ok(("", *e));
            };
            let not_modelled = || {
                EvalError::new(
                    "is_same of a reference type with this decltype(…) is not modelled: cute knows the value category of decltype(get<I>(t)) of a tuple variable t only",
                    e.span,
                )
            };
            // `decltype(x)` of a variable declared `decltype(auto) x = get<I>(t);`
            if let ExprKind::Name(n) = inner.kind
                && let Some(&kind) = self.ref_kinds.get(n)
            {
                return Ok((kind, *e));
            }
            let kind = self.get_category(inner).ok_or_else(not_modelled)??;
            Ok((kind, *e))
        }
    }

    /// `tuple_element_t<I, T>` (`std::`, `cute::`) of a tuple type `T`: its element type `I`
    /// (a type written as a value, as the tuple type holds it). `None`: `n` is no such name.
    pub(super) fn tuple_element_type(
        &self,
        n: &str,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        let bare = n
            .strip_prefix("std::")
            .or_else(|| n.strip_prefix("cute::"))
            .unwrap_or(n);
        let inner = bare.strip_prefix("tuple_element_t<")?.strip_suffix('>')?;
        let args = super::structs::split_args(inner);
        let [index, ty] = args.as_slice() else {
            return Some(Err(EvalError::new(
                format!("tuple_element_t<I, T> takes an index and a tuple type: '{n}'"),
                span,
            )));
        };
        Some((|| {
            let arena = bumpalo::Bump::new();
            let read = |text: &str| -> Result<Value, EvalError> {
                let e = crate::parser::parse_cpp_expr(arena.alloc_str(text.trim()), &arena)
                    .map_err(|e| EvalError::new(format!("in '{n}': {}", e.message), span))?;
                self.eval(&e)
            };
            let i = read(index)?
                .as_int()
                .and_then(|i| usize::try_from(i).ok())
                .ok_or_else(|| {
                    EvalError::new(
                        format!("tuple_element_t<I, T> takes a non-negative integer I: '{n}'"),
                        span,
                    )
                })?;
            let t = read(ty)?;
            let modes = t.tuple_modes().ok_or_else(|| {
                EvalError::new(
                    format!(
                        "tuple_element_t<I, T> takes a tuple type T, and {} is none: '{n}'",
                        t.kind()
                    ),
                    span,
                )
            })?;
            let m = modes.get(i).cloned().ok_or_else(|| {
                EvalError::new(
                    format!(
                        "tuple_element_t<{i}, T> of a tuple of {} elements: the index is out of range (CuTe: it does not compile)",
                        modes.len()
                    ),
                    span,
                )
            })?;
            Ok(self.named_types(m))
        })())
    }

    /// `TRAIT<args…>`.
    pub(super) fn trait_value(
        &self,
        t: Trait,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        if let Trait::Known(b) = t {
            return Ok(Value::Bool(b));
        }
        if let (Trait::IsStandardLayout, [a]) = (t, args) {
            return self.standard_layout(a).map(Value::Bool);
        }
        // a `std::tuple<…>` (held as CuTe's tuple of the same elements; the type of a
        // `std::make_tuple(…)` call is one) beside another type: cute does not tell the two
        // classes apart
        if let (Trait::IsSame, [a, b]) = (t, args) {
            let std_tuple = |e: &Expr| {
                e.kind.name().is_some_and(|n| n.starts_with("std::tuple<"))
                    || std_make_tuple_call(e)
            };
            if std_tuple(a) != std_tuple(b) {
                return Err(EvalError::new(
                    "is_same of std::tuple<…> and another type: cute holds a std::tuple as CuTe's tuple of the same elements, and does not model whether the other is the standard library's class",
                    span,
                ));
            }
        }
        // (a reference type, or `decltype(get<I>(t))` of a tuple variable, which is one where
        // its element is not empty: `is_same<decltype(get<0>(t)), int>` is false)
        if let (Trait::IsSame, [a, b]) = (t, args)
            && (reference_type(a).is_some()
                || reference_type(b).is_some()
                || self.decltype_of_get(a)
                || self.decltype_of_get(b)
                || self.decltype_of_reference(a)
                || self.decltype_of_reference(b))
        {
            return self.same_with_reference(a, b, span);
        }
        self.trait_value_of(t, args, span)
    }

    /// The value of the type `ty` written as text (`cute::tuple<int, double>`).
    fn named_type(&self, ty: &str) -> Result<Value, EvalError> {
        let arena = bumpalo::Bump::new();
        let parsed = crate::parser::parse_cpp_expr(arena.alloc_str(ty), &arena)
            .map_err(|e| EvalError::new(e.message, e.span))?;
        self.eval(&parsed)
    }

    /// [`Env::trait_value`] past value categories: of the types' values.
    fn trait_value_of(&self, t: Trait, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        // an integer type other than `int` (which is a run-time integer) stands for itself
        let vals = args
            .iter()
            .map(|a| match a.kind.name() {
                // `tuple_element_t<I, T>`: T's element type I
                Some(n) if let Some(r) = self.tuple_element_type(n, span) => r,
                // `decltype(s)` (the parser's group of `s`) of a variable declared with an
                // integer type other than int (`size_t s = 4;`): that type
                _ if t == Trait::IsSame
                    && let ExprKind::Group(inner) = a.kind
                    && let ExprKind::Name(n) = ungrouped(inner).kind
                    && let Some(ty) = self.declared_int_type(n) =>
                {
                    Ok(Value::Name(ty.name().to_string()))
                }
                Some(n)
                    if !self.is_bound(n)
                        && let Some(ty) = IntType::of_name(n) =>
                {
                    Ok(Value::Name(ty.name().to_string()))
                }
                // `std::tuple<int, double>`: the type as cute holds it, CuTe's tuple of the
                // same elements (std_tuple_as_cute), by its value-initialized value (a
                // run-time integer where the type is `int`, as the tuple of a call is)
                Some(n)
                    if t == Trait::IsSame
                        && !self.is_bound(n)
                        && let Some(cute_name) = super::std_tuple_as_cute(n)
                        && let Ok(ty) = self.named_type(&cute_name) =>
                {
                    self.value_initialized(&ty, a.span)
                }
                // `is_same<half_t, float>`: a name that is no value here is a type of its own
                Some(n) if t == Trait::IsSame && !self.is_bound(n) => {
                    Ok(self.eval(a).unwrap_or_else(|_| Value::Name(n.to_string())))
                }
                _ => self.eval(a),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let vals = if t == Trait::IsSame {
            vals.into_iter()
                .map(|v| match v {
                    Value::Name(n) if let Some(r) = self.tuple_element_type(&n, span) => r,
                    v => Ok(self.named_types(v)),
                })
                .collect::<Result<Vec<_>, _>>()?
        } else if t == Trait::IsEmpty {
            // (a tuple type's elements that name structs: those structs' types)
            vals.into_iter().map(|v| self.named_types(v)).collect()
        } else {
            vals
        };
        let count = |n: usize| Ok(Value::int(i64::try_from(n).unwrap_or(i64::MAX)));
        match (t, vals.as_slice()) {
            (Trait::IsStatic, [v]) => Ok(Value::Bool(is_static(v))),
            (Trait::IsIntegral, [v]) => Ok(Value::Bool(
                matches!(v, Value::Bool(_) | Value::Constant(_))
                    || v.as_int().is_some()
                    || matches!(v, Value::Name(n) if IntType::of_name(n).is_some()),
            )),
            (Trait::IsTuple, [v]) => Ok(Value::Bool(match v {
                Value::IntTuple(t) => t.as_int().is_none(),
                Value::Tuple(_) => true,
                _ => false,
            })),
            (Trait::IsLayout, [v]) => Ok(Value::Bool(matches!(
                v,
                Value::Layout(_) | Value::Composed(_) | Value::NestedComposed(_)
            ))),
            (Trait::IsSame, [a, b]) => match same_type(a, b) {
                false if let Some(n) = unread_type(a, b) => Err(EvalError::new(
                    format!(
                        "is_same: cute does not read the type '{n}' (not modelled), so it cannot tell whether the two types are one"
                    ),
                    span,
                )),
                same => Ok(Value::Bool(same)),
            },
            // a tuple type's value: empty where every element is static (a type's name, `int`,
            // is data)
            (Trait::IsEmpty, [v]) => Ok(Value::Bool(match v {
                Value::IntTuple(t) => t.is_static() && t.basis().is_none(),
                // (CuTe's storage holds no empty element: a tuple of empty structs is empty)
                Value::Tuple(_) => value_empty(v).unwrap_or_else(|| is_static(v)),
                Value::Struct(s) => s.empty() == Some(true),
                _ => false,
            })),
            (Trait::IsConstant, [n, v]) => {
                let n = match n {
                    Value::Bool(b) => i64::from(*b),
                    n => match n.as_int() {
                        Some(i) => i,
                        None => {
                            return Err(EvalError::new(
                                format!("is_constant<n, T> takes an integer n, found {}", n.kind()),
                                args[0].span,
                            ));
                        }
                    },
                };
                Ok(Value::Bool(is_constant(n, v)))
            }
            (Trait::TupleSize, [v]) => match v {
                Value::IntTuple(t) if t.as_int().is_none() => count(t.rank()),
                Value::Tuple(items) => count(items.len()),
                Value::Array(a) => count(a.items.len()),
                Value::Layout(l) => count(l.rank()),
                v => Err(EvalError::new(
                    format!(
                        "tuple_size takes a tuple, and {} is none (CuTe: an incomplete type)",
                        v.kind()
                    ),
                    span,
                )),
            },
            (Trait::Rank, [v]) => match v {
                Value::IntTuple(t) => count(t.rank()),
                Value::Tuple(items) => count(items.len()),
                Value::Layout(l) => count(l.rank()),
                Value::Bool(_) => count(1),
                v => Err(EvalError::new(
                    format!("rank_v takes a tuple, integer or layout, not {}", v.kind()),
                    span,
                )),
            },
            (Trait::Depth, [v]) => match v {
                Value::IntTuple(t) => count(t.depth()),
                Value::Layout(l) => count(l.depth()),
                Value::Bool(_) => count(0),
                v => Err(EvalError::new(
                    format!("depth_v takes a tuple, integer or layout, not {}", v.kind()),
                    span,
                )),
            },
            (Trait::Size | Trait::Cosize, [v]) => {
                let (name, n) = if t == Trait::Size {
                    let n = match v {
                        Value::IntTuple(t) => product_kind(t.as_tup()),
                        Value::Layout(l) => product_kind(l.shape()),
                        v => {
                            return Err(EvalError::new(
                                format!("size_v takes a shape or layout, not {}", v.kind()),
                                span,
                            ));
                        }
                    };
                    ("size", n)
                } else {
                    let l = match v {
                        Value::Layout(l) => l,
                        // a swizzled layout's, `cosize_v<decltype(sA)>` of a tutorial's
                        // shared memory (CuTe's cosize of the composed layout, static where it is)
                        Value::Composed(_) => {
                            let f = super::functions::lookup("cosize").expect("cosize");
                            let c =
                                super::functions::call(f, std::slice::from_ref(v), &[span], span)?;
                            return match c {
                                Value::IntTuple(t) if t.is_int() && t.is_static() => {
                                    Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(
                                        t.as_int().unwrap_or(0),
                                        false,
                                    )))
                                }
                                _ => Err(EvalError::new(
                                    "cosize_v needs a static cosize, and the cosize of this composed layout is a run-time integer",
                                    span,
                                )),
                            };
                        }
                        v => {
                            return Err(EvalError::new(
                                format!("cosize_v takes a layout, not {}", v.kind()),
                                span,
                            ));
                        }
                    };
                    ("cosize", l.cosize_kind())
                };
                let n = n.map_err(|e| EvalError::algebra(e, span))?;
                if n.dynamic() {
                    // `size_t<T>` is `int` there, which has no `::value`
                    return Err(EvalError::new(
                        format!(
                            "{name}_v needs a static {name}, and the {name} of {} is a run-time integer (CuTe: {name}_t<T> is int, which has no ::value)",
                            v.kind()
                        ),
                        span,
                    ));
                }
                Ok(Value::IntTuple(crate::algebra::IntTuple::int_of(
                    n.value, false,
                )))
            }
            _ => Err(EvalError::new("this trait takes other arguments", span)),
        }
    }
}

/// The template a type written as a call names (`std::tuple` of `std::tuple<int, double>`)
/// and its arguments.
fn type_template<'a>(e: &Expr<'a>) -> Option<(&'a str, &'a [Expr<'a>])> {
    match e.kind {
        ExprKind::Call(callee, args) => callee.kind.name().map(|n| (n, args)),
        _ => None,
    }
}

impl Env {
    /// `std::is_standard_layout_v<T>` of a type written as a value. C++'s scalars are;
    /// CuTe's `tuple<Ts...>` is where each element is (its EBO storage, `cute::eso`, holds the
    /// non-empty elements as members of one class); libstdc++'s `std::tuple<Ts...>` (a
    /// recursive `_Tuple_impl`, each element in a `_Head_base` of its own) is where each
    /// element is and at most one is non-empty, that one its first (the members of a
    /// standard-layout class are all in one class of its hierarchy).
    fn standard_layout(&self, e: &Expr) -> Result<bool, EvalError> {
        if let Some(r) = self.as_template_call(e, |call| self.standard_layout(call)) {
            return r;
        }
        if let Some((name, args)) = type_template(e) {
            match name.strip_prefix("std::") {
                Some("tuple") => {
                    let mut data_at = Vec::new();
                    for (k, a) in args.iter().enumerate() {
                        if !self.standard_layout(a)? {
                            return Ok(false);
                        }
                        if !self.empty_type(a)? {
                            data_at.push(k);
                        }
                    }
                    return Ok(matches!(data_at.as_slice(), [] | [0]));
                }
                None if matches!(name, "tuple" | "cute::tuple") => {
                    for a in args {
                        if !self.standard_layout(a)? {
                            return Ok(false);
                        }
                    }
                    return Ok(true);
                }
                _ => {}
            }
        }
        let v = self.type_value(e)?;
        value_standard_layout(&v).ok_or_else(|| {
            EvalError::new(
                format!(
                    "is_standard_layout: cute does not model whether {} is a standard-layout type",
                    v.kind()
                ),
                e.span,
            )
        })
    }

    /// `std::is_empty_v<T>` of a type written as a value, for [`Env::standard_layout`]: a
    /// class without data (a static integer, a struct of no data members, a tuple of empty
    /// elements only: CuTe's stores none of them). A `std::tuple` inside is not modelled.
    fn empty_type(&self, e: &Expr) -> Result<bool, EvalError> {
        if let Some(r) = self.as_template_call(e, |call| self.empty_type(call)) {
            return r;
        }
        if let Some((name, args)) = type_template(e) {
            if matches!(name, "tuple" | "cute::tuple") {
                for a in args {
                    if !self.empty_type(a)? {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
            if name.starts_with("std::") {
                return Err(EvalError::new(
                    format!("is_empty: cute does not model whether '{name}<…>' is empty"),
                    e.span,
                ));
            }
        }
        let v = self.type_value(e)?;
        value_empty(&v).ok_or_else(|| {
            EvalError::new(
                format!(
                    "is_empty: cute does not model whether {} is an empty class",
                    v.kind()
                ),
                e.span,
            )
        })
    }

    /// `f` of a tuple type written as one name (`std::tuple<int, double>`, [`Env::template_name`])
    /// read as the call of its template on its arguments (`std::tuple(int, double)`); `None`
    /// where `e` is no such name.
    fn as_template_call<R>(
        &self,
        e: &Expr,
        f: impl FnOnce(&Expr) -> Result<R, EvalError>,
    ) -> Option<Result<R, EvalError>> {
        let (name, args) = self.template_name(e)?;
        let arena = bumpalo::Bump::new();
        let args = match self.type_args(&args, &arena, e.span) {
            Ok(a) => a,
            Err(err) => return Some(Err(err)),
        };
        Some(f(&Expr {
            kind: ExprKind::Call(
                arena.alloc(Expr {
                    kind: ExprKind::Name(name),
                    span: e.span,
                }),
                arena.alloc_slice_copy(&args),
            ),
            span: e.span,
        }))
    }

    /// A tuple type cute reads as a name (`std::tuple<int, double>`, which it has no value
    /// of): the template's name and its arguments' texts.
    fn template_name<'e>(&self, e: &Expr<'e>) -> Option<(&'e str, Vec<String>)> {
        let n = e.kind.name()?;
        let (base, rest) = n.split_once('<')?;
        let inner = rest.strip_suffix('>')?;
        matches!(base.trim(), "std::tuple" | "tuple" | "cute::tuple").then(|| {
            (
                base.trim(),
                super::structs::split_args(inner)
                    .into_iter()
                    .map(|a| a.trim().to_string())
                    .filter(|a| !a.is_empty())
                    .collect(),
            )
        })
    }

    /// Template arguments' texts read as types (expressions in `arena`).
    fn type_args<'b>(
        &self,
        args: &[String],
        arena: &'b bumpalo::Bump,
        span: Span,
    ) -> Result<Vec<Expr<'b>>, EvalError> {
        args.iter()
            .map(|a| {
                let text: &'b str = arena.alloc_str(a);
                crate::parser::parse_cpp_expr(text, arena)
                    .map(|x| Expr { span, ..x })
                    .map_err(|err| EvalError::new(format!("the type '{a}': {}", err.message), span))
            })
            .collect()
    }

    /// A type written as a value (a trait's argument): an arithmetic type's name is a value of
    /// it, a struct's name its type.
    fn type_value(&self, e: &Expr) -> Result<Value, EvalError> {
        match e.kind.name() {
            Some(n)
                if !self.is_bound(n)
                    && (IntType::of_name(n).is_some()
                        || crate::eval::storage::ElemType::of_name(n).is_some()) =>
            {
                Ok(Value::Name(n.to_string()))
            }
            _ => self.eval(e).map(|v| self.named_types(v)),
        }
    }
}

/// An expression without the groups around it (`remove_cvref_t<decltype(s)>`'s group of the
/// group of `s`).
fn ungrouped<'e, 'a>(e: &'e Expr<'a>) -> &'e Expr<'a> {
    match &e.kind {
        ExprKind::Group(inner) => ungrouped(inner),
        _ => e,
    }
}

/// The reference type parser/traits.rs marks in an `is_same`'s arguments (`int const&`): its
/// kind (`&`, `const&`, `&&`) and the type referred to.
fn reference_type<'e, 'a>(e: &'e Expr<'a>) -> Option<(&'static str, &'e Expr<'a>)> {
    let ExprKind::Call(callee, [inner]) = &e.kind else {
        return None;
    };
    let ExprKind::Qualified(marker) = callee.kind else {
        return None;
    };
    crate::parser::REFERENCE_KINDS
        .iter()
        .find(|(_, m)| *m == marker)
        .map(|(k, _)| (*k, inner))
}

/// Whether a value's type is standard-layout (`None`: not modelled).
fn value_standard_layout(v: &Value) -> Option<bool> {
    match v {
        // an integer (run-time or static `C<v>`), a float, an arithmetic type's name
        Value::IntTuple(t) if t.as_int().is_some() => Some(true),
        Value::Bool(_) | Value::Constant(_) | Value::Scalar(_) => Some(true),
        Value::Name(n)
            if IntType::of_name(n).is_some()
                || crate::eval::storage::ElemType::of_name(n).is_some() =>
        {
            Some(true)
        }
        // CuTe's tuple (an IntTuple's modes are integers and tuples of them)
        Value::IntTuple(_) => Some(true),
        Value::Tuple(items) => items
            .iter()
            .try_fold(true, |all, x| Some(all && value_standard_layout(x)?)),
        Value::Struct(s) => s.standard_layout(),
        _ => None,
    }
}

/// Whether a value's type is an empty class (`None`: not modelled).
fn value_empty(v: &Value) -> Option<bool> {
    match v {
        Value::IntTuple(t) => Some(t.is_static() && t.basis().is_none()),
        Value::Bool(_) | Value::Scalar(_) => Some(false),
        Value::Constant(_) => Some(true),
        Value::Name(n)
            if IntType::of_name(n).is_some()
                || crate::eval::storage::ElemType::of_name(n).is_some() =>
        {
            Some(false)
        }
        Value::Tuple(items) => items
            .iter()
            .try_fold(true, |all, x| Some(all && value_empty(x)?)),
        Value::Struct(s) => s.empty(),
        _ => None,
    }
}

/// CuTe's `is_static<T>`: the value is known from its type alone (every integer in it static).
pub(super) fn is_static(v: &Value) -> bool {
    match v {
        Value::IntTuple(t) => t.is_static(),
        Value::Bool(_) | Value::Constant(_) | Value::Swizzle(_) | Value::Under => true,
        Value::Layout(l) => l.is_static(),
        Value::Composed(c) => {
            c.layout.is_static() && c.offset.as_int().is_none_or(|i| !i.dynamic())
        }
        Value::Tuple(items) => items.iter().all(is_static),
        _ => false,
    }
}

/// CuTe's `is_constant<n, T>` (integral_constant.hpp): T is `C<v>` (a static integer, or a
/// static truth `bool_constant<b>`) with `v == n`; every other type is not.
fn is_constant(n: i64, v: &Value) -> bool {
    match v {
        Value::Bool(b) => i64::from(*b) == n,
        Value::Constant(c) => c.value() == i128::from(n),
        Value::IntTuple(t) if !t.has_basis() => t
            .as_tup()
            .as_int_kind()
            .is_some_and(|(v, dynamic)| Int::of(v, dynamic).is_constant(n)),
        _ => false,
    }
}

/// `std::is_same<A, B>` of two values' types: the same structure, each static integer the same
/// value (its type `C<v>`), each run-time integer of any value (its type `int`).
pub(super) fn same_type(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::IntTuple(x), Value::IntTuple(y)) => same_tuple(x.as_tup(), y.as_tup()),
        (Value::Layout(x), Value::Layout(y)) => {
            same_tuple(x.shape(), y.shape()) && same_tuple(x.stride(), y.stride())
        }
        (Value::Tuple(x), Value::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_type(p, q))
        }
        // (two spellings of one integer type: `size_t`, `unsigned long`)
        (Value::Name(x), Value::Name(y)) => match (IntType::of_name(x), IntType::of_name(y)) {
            (Some(p), Some(q)) => p == q,
            _ => x == y,
        },
        // a run-time integer and an integer type: the type C++ computed it in (`int`, or the
        // type the algebra kept: `size` of `int64_t` leaves is an `int64_t`)
        (Value::IntTuple(x), Value::Name(n)) | (Value::Name(n), Value::IntTuple(x))
            if let Some(i) = x.as_int_full()
                && i.dynamic()
                && let Some(ty) = IntType::of_name(n) =>
        {
            use crate::algebra::element::ElemType;
            let held = match ty {
                IntType::Int => ElemType::I32,
                IntType::UInt => ElemType::U32,
                IntType::Long | IntType::LongLong => ElemType::I64,
                IntType::ULong | IntType::ULongLong => ElemType::U64,
                _ => return false,
            };
            held == i.cpp_type_or_int()
        }
        // a struct of the program's own (an object's type, or the type): its type's name
        (Value::Struct(x), Value::Struct(y)) => {
            plain_type(x.type_name()) == plain_type(y.type_name())
        }
        // (a tuple type's element that names a struct: `tuple<ConvertibleTo<size_t>>`)
        (Value::Struct(x), Value::Name(n)) | (Value::Name(n), Value::Struct(x)) => {
            plain_type(x.type_name()) == plain_type(n)
        }
        // `integral_constant<T, v>` and `C<v>` of a T other than int or bool: the type, form
        // and value
        (Value::Constant(x), Value::Constant(y)) => x == y,
        // a run-time integer's type is `int` (as `is_same_v<decltype(x), int>` reads it)
        (Value::IntTuple(x), Value::Name(n)) | (Value::Name(n), Value::IntTuple(x))
            if x.is_int() && x.is_dynamic() && !x.has_basis() =>
        {
            IntType::of_name(n) == Some(IntType::Int)
        }
        // a value of an element type (`float`, `double`, `half_t`): its type, not its value
        (Value::Scalar(x), Value::Scalar(y)) => x.ty == y.ty,
        (Value::Scalar(x), Value::Name(n)) | (Value::Name(n), Value::Scalar(x)) => {
            crate::eval::storage::ElemType::of_name(n)
                .or_else(|| IntType::of_name(n).and_then(IntType::elem_type))
                == Some(x.ty)
        }
        // `array<T, N>`: T and N
        (Value::Array(x), Value::Array(y)) => {
            x.element == y.element && x.items.len() == y.items.len()
        }
        // a pointer's type: its space, element width, iterator and sparse element (not its
        // address)
        (Value::Pointer(x), Value::Pointer(y)) => {
            x.space == y.space
                && x.width == y.width
                && x.subbyte == y.subbyte
                && x.sparse == y.sparse
        }
        _ => std::mem::discriminant(a) == std::mem::discriminant(b) && a == b,
    }
}

/// Where `is_same` of `a` and `b` is false because a type's name cute does not read stands
/// against a value (`tuple<Foo<int>>` against a tuple of values): that name. Two names are
/// compared as spelled, and a known arithmetic type is read.
fn unread_type(a: &Value, b: &Value) -> Option<String> {
    let unread = |n: &str| {
        IntType::of_name(n).is_none()
            && crate::eval::storage::ElemType::of_name(n).is_none()
            && !n.starts_with("std::integer_sequence<")
    };
    match (a, b) {
        (Value::Tuple(_) | Value::IntTuple(_), Value::Tuple(_) | Value::IntTuple(_)) => {
            let (x, y) = (a.tuple_modes()?, b.tuple_modes()?);
            (x.len() == y.len())
                .then(|| {
                    x.iter()
                        .zip(&y)
                        .filter(|(p, q)| !same_type(p, q))
                        .find_map(|(p, q)| unread_type(p, q))
                })
                .flatten()
        }
        (Value::Name(_), Value::Name(_)) => None,
        (Value::Name(n), _) | (_, Value::Name(n)) if unread(n) => Some(n.clone()),
        _ => None,
    }
}

/// The standard library's integer sequence a type's spelling names (`std::integer_sequence<int,
/// 1, 2>`, `std::index_sequence<0, 1>`, `std::make_integer_sequence<int, 3>`,
/// `std::make_index_sequence<3>`; `CUTE_STL_NAMESPACE::` is `std::` on the host, config.hpp),
/// spelt one way: `std::integer_sequence<T,I…>` of T's C++ name (`make_index_sequence<2>` is
/// `std::integer_sequence<unsigned long,0,1>`). A different type from CuTe's
/// `integer_sequence` (numeric/integer_sequence.hpp). None for any other spelling, or N past
/// the limit of a tuple's modes.
fn std_integer_sequence(name: &str) -> Option<String> {
    let plain = plain_type(name);
    let bare = ["std::", "::std::", "CUTE_STL_NAMESPACE::"]
        .iter()
        .find_map(|p| plain.strip_prefix(p))?;
    let (template, args) = bare.strip_suffix('>')?.split_once('<')?;
    let args: Vec<&str> = args.split(',').collect();
    let ints = |xs: &[&str]| -> Option<Vec<i128>> {
        xs.iter()
            .map(|x| x.trim_end_matches(['u', 'U', 'l', 'L']).parse().ok())
            .collect()
    };
    let upto = |n: &str| -> Option<Vec<i128>> {
        let n: i128 = n.parse().ok()?;
        (0..=crate::limits::MAX_TUPLE_WIDTH as i128)
            .contains(&n)
            .then(|| (0..n).collect())
    };
    let (ty, values) = match (template, args.as_slice()) {
        ("integer_sequence", [t, is @ ..]) => (IntType::of_name(t)?, ints(is)?),
        ("index_sequence", [""]) => (IntType::ULong, Vec::new()),
        ("index_sequence", is) => (IntType::ULong, ints(is)?),
        ("make_integer_sequence", [t, n]) => (IntType::of_name(t)?, upto(n)?),
        ("make_index_sequence", [n]) => (IntType::ULong, upto(n)?),
        _ => return None,
    };
    let values: Vec<String> = values.iter().map(i128::to_string).collect();
    Some(match values.is_empty() {
        true => format!("std::integer_sequence<{}>", ty.name()),
        false => format!("std::integer_sequence<{},{}>", ty.name(), values.join(",")),
    })
}

/// A type's spelling without its spaces (`ConvertibleTo<size_t>`, `ConvertibleTo< size_t >`).
fn plain_type(t: &str) -> String {
    t.split_whitespace().collect()
}

/// Whether two IntTuples have the same type.
fn same_tuple(a: &Tup, b: &Tup) -> bool {
    match (a.as_int_kind(), b.as_int_kind()) {
        // run-time integers of the same C++ type (`int`, or the one the algebra kept)
        (Some((_, true)), Some((_, true))) => {
            a.as_int_full().map(Int::cpp_type) == b.as_int_full().map(Int::cpp_type)
        }
        (Some((x, dx)), Some((y, dy))) => dx == dy && (dx || x == y),
        (None, None) => {
            a.rank() == b.rank()
                && (0..a.rank()).all(|i| match (a.mode(i), b.mode(i)) {
                    (Some(p), Some(q)) => same_tuple(p, q),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// Whether `e` is a call of `std::make_tuple` (`decltype(std::make_tuple(7, 1.5))`, read as
/// the call grouped): its type is a `std::tuple` of the decayed values.
fn std_make_tuple_call(e: &Expr) -> bool {
    match e.kind {
        ExprKind::Group(inner) => std_make_tuple_call(inner),
        ExprKind::Call(callee, _) => callee.kind.name() == Some("std::make_tuple"),
        _ => false,
    }
}
