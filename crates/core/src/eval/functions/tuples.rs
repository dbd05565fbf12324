//! The function table's group: see [`super::GROUPS`]. CuTe's IntTuple functions
//! (`int_tuple.hpp`, `algorithm/tuple_algorithms.hpp`, `stride.hpp`); their algorithms are in
//! [`crate::algebra::tuple_algorithms`].

use super::args::shape_of;
use super::{ANY, Args, Function, TemplateArgs};
use crate::algebra::tuple_algorithms as ta;
use crate::algebra::{IntTuple, Truth, Tup, complement};
use crate::eval::constant::{Constant, ConstantClass, IntType};
use crate::eval::{EvalError, Value};

type R = Result<Value, EvalError>;

/// An integer with its kind (CuTe's static or dynamic result).
fn kinded(a: &Args, r: crate::algebra::Result<crate::algebra::integer::Int>) -> R {
    r.map(|k| Value::IntTuple(IntTuple::of_int(k)))
        .map_err(a.alg())
}

fn tup(a: &Args, r: crate::algebra::Result<IntTuple>) -> R {
    r.map(Value::IntTuple).map_err(a.alg())
}

/// A truth value of CuTe's kind: a static `C<b>` or a run-time `bool`.
fn truth(a: &Args, r: crate::algebra::Result<Truth>) -> R {
    r.map(Truth::value).map_err(a.alg())
}

/// Argument `i` read as a shape where the value may also be a layout (its shape), as CuTe's
/// `shape(x)` reads either.
fn shape_or_layout(a: &Args, i: usize) -> Result<IntTuple, EvalError> {
    match &a.vals[i] {
        Value::IntTuple(t) => Ok(t.clone()),
        Value::Layout(_) | Value::Composed(_) | Value::OffsetLayout(..) => shape_of(a, i),
        _ => a.int_tuple(i),
    }
}

/// A tuple of values, within the limits on values.
fn made(a: &Args, items: Vec<Value>) -> R {
    super::args::tuple_of(a, items)
}

/// `front` (first) or `back` (last) of any value: the first/last non-tuple inside it.
fn end_of(a: &Args, v: &Value, last: bool) -> R {
    let name = if last { "back" } else { "front" };
    match v {
        Value::IntTuple(t) => kinded(a, if last { ta::back(t) } else { ta::front(t) }),
        Value::Tuple(items) => {
            let item = if last { items.last() } else { items.first() };
            match item {
                Some(x) => end_of(a, x, last),
                None => Err(EvalError::new(
                    format!("{name}: index out of range: {name} of an empty tuple"),
                    a.span,
                )),
            }
        }
        other => Ok(other.clone()),
    }
}

/// Roughly how many integers a value holds (for the bound on `repeat_like`'s result).
fn weight(v: &Value) -> usize {
    match v {
        Value::IntTuple(t) => t.node_count(),
        Value::Layout(l) => l.shape().node_count().saturating_mul(2),
        Value::OffsetLayout(_, l) => l.shape().node_count().saturating_mul(2),
        Value::Composed(c) => c.layout.shape().node_count().saturating_mul(2),
        Value::Tuple(items) => items
            .iter()
            .fold(1usize, |n, i| n.saturating_add(weight(i))),
        _ => 1,
    }
}

/// `repeat_like(t, x)` after checking that its result (x at each leaf of t) fits the limit.
fn repeat_like_checked(a: &Args) -> R {
    use crate::limits::MAX_TUPLE_WIDTH;
    let n = weight(&a.vals[0]).saturating_mul(weight(&a.vals[1]));
    if n > MAX_TUPLE_WIDTH {
        return Err(EvalError::new(
            format!(
                "repeat_like: the result would have about {n} integers, more than the limit of {MAX_TUPLE_WIDTH}"
            ),
            a.span,
        ));
    }
    repeat_like_value(a, &a.vals[0], &a.vals[1])
}

/// `value` (a run-time integer where `dynamic`) times the basis element along argument `mode`
/// (an integer, or a list of them: the DSL's `E([0, 1])` is C++'s `E<0,1>`).
fn scaled_basis(a: &Args, value: i64, dynamic: bool, mode: usize) -> R {
    let path = a.int_tuple(mode)?.leaves();
    let basis = crate::algebra::basis::Basis::from_path(&path)
        .map_err(|e| EvalError::algebra(e, a.spans[mode]))?;
    Ok(Value::IntTuple(IntTuple::stride(
        crate::algebra::basis::Stride::new(value, basis).with_dynamic(dynamic),
    )))
}

/// The DSL's `increment_coord(coord, shape)` (core.py: congruent, no `_`; its MLIR operation
/// as CuTe's `increment(coord, shape)`, int_tuple.hpp): the first integer of the coordinate
/// (colex) goes up by one; each that reaches its extent is 0 and the next goes up (the last
/// one does not wrap: (2,2,2) in (3,3,3) is (0,0,3)). Static integers only: a run-time one is
/// refused (the DSL prints it `Int32(?)`, not modelled).
fn increment_coord(a: &Args) -> R {
    let coord = a.int_tuple(0)?;
    let shape = a.int_tuple(1)?;
    if !coord.congruent(&shape) {
        return Err(EvalError::new(
            "increment_coord: coord and shape must be congruent (the DSL's ValueError)",
            a.spans[0],
        ));
    }
    if !coord.is_static() || !shape.is_static() {
        return Err(EvalError::new(
            "increment_coord of run-time integers is not modelled (the DSL prints them Int32(?))",
            a.span,
        ));
    }
    let extents = shape.leaves();
    let mut c = coord.leaves();
    let mut i = 0;
    loop {
        c[i] = c[i].checked_add(1).ok_or_else(|| {
            EvalError::new(
                "increment_coord: the coordinate overflows 64 bits",
                a.spans[0],
            )
        })?;
        if i + 1 == c.len() || c[i] != extents[i] {
            break;
        }
        c[i] = 0;
        i += 1;
    }
    let mut next = c.iter().copied();
    coord
        .map_leaves(&mut |_| Ok(next.next().expect("one integer per leaf")))
        .map(Value::IntTuple)
        .map_err(a.alg())
}

/// Argument `i` as a DSL numeric type whose values cute holds (`cutlass.Float32`, `Int32`).
fn dtype_arg(a: &Args, i: usize) -> Result<crate::algebra::element::ElemType, EvalError> {
    let name = match &a.vals[i] {
        Value::Name(n) => n.as_str(),
        _ => "",
    };
    crate::algebra::element::ElemType::of_name(name.rsplit('.').next().unwrap_or(name))
        .ok_or_else(|| {
            EvalError::new(
                format!(
                    "a DSL numeric type cute holds values of (cutlass.Float32, cutlass.Int32, ...), not {}",
                    a.vals[i].kind()
                ),
                a.spans[i],
            )
        })
}

/// `repeat(x, n)` (`repeat<n>(x)`): n copies of x as a tuple, x itself where n is 1 unless
/// `as_tuple` (the DSL's repeat_as_tuple: `(x,)`).
fn repeated(a: &Args, as_tuple: bool) -> R {
    use crate::limits::MAX_TUPLE_WIDTH;
    let n = a.index(1)?;
    if n < 1 {
        return Err(EvalError::new(
            "repeat: n must be >= 1 (the DSL's ValueError)",
            a.spans[1],
        ));
    }
    if n.saturating_mul(weight(&a.vals[0])) > MAX_TUPLE_WIDTH {
        return Err(EvalError::new(
            format!(
                "repeat: {n} copies would be more than the limit of {MAX_TUPLE_WIDTH} integers"
            ),
            a.spans[1],
        ));
    }
    if n == 1 && !as_tuple {
        return Ok(a.vals[0].clone());
    }
    made(a, vec![a.vals[0].clone(); n])
}

fn repeat_like_value(a: &Args, t: &Value, x: &Value) -> R {
    if let (Value::IntTuple(t), Value::IntTuple(x)) = (t, x) {
        return Ok(Value::IntTuple(ta::repeat_like(t, x)));
    }
    match t.tuple_modes() {
        Some(items) => {
            let out = items
                .iter()
                .map(|e| repeat_like_value(a, e, x))
                .collect::<Result<Vec<_>, _>>()?;
            made(a, out)
        }
        None => Ok(x.clone()),
    }
}

/// `evenly_divides(shape, tiler)` for any tiler CuTe takes: an integer, a shape, a layout, or a
/// tuple of them; a static truth where CuTe's is one (every integer it reads static), a
/// run-time `bool` otherwise.
fn evenly_divides_value(a: &Args, shape: &Tup, tiler: &Value) -> Result<Truth, EvalError> {
    match tiler {
        Value::IntTuple(b) => ta::evenly_divides(shape, b).map_err(a.alg()),
        Value::Layout(l) => {
            // size(a) == size(l) * size(ceil_div(a, l)), ceil_div(a, l) = shape(complement(l, shape(a)))
            let rest = complement::complement_to(l, shape).map_err(a.alg())?;
            let n = ta::product_kind(l.shape())
                .and_then(|s| s.mul(ta::product_kind(rest.shape())?, "evenly_divides"))
                .map_err(a.alg())?;
            Ok(Truth::equal(ta::product_kind(shape).map_err(a.alg())?, n))
        }
        Value::Tuple(items) => {
            if items.len() > shape.rank() {
                return Ok(Truth::FALSE);
            }
            let mut all = Truth::TRUE;
            for (i, item) in items.iter().enumerate() {
                let ai = shape.mode(i).expect("i < rank");
                all = all.and(evenly_divides_value(a, ai, item)?);
            }
            Ok(all)
        }
        other => Err(EvalError::new(
            format!(
                "evenly_divides: a tiler is an integer, a shape, a layout or a tuple of them, not {}",
                other.kind()
            ),
            a.spans[1],
        )),
    }
}

/// `max`, `min`, `gcd` over the arguments.
fn reduce(a: &Args, op: ta::Reduce) -> R {
    // CuTe returns a lone non-tuple argument as it is (max(L) is L)
    if a.len() == 1 && !matches!(a.vals[0], Value::IntTuple(_)) {
        return Ok(a.vals[0].clone());
    }
    let ts = (0..a.len())
        .map(|i| a.int_tuple(i))
        .collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&Tup> = ts.iter().map(|t| &**t).collect();
    kinded(a, op.over(&refs))
}

/// CuTe's `lcm(t, u) = (t / gcd(t, u)) * u` (numeric/math.hpp) of two integers, `gcd` Euclid's
/// loop with C++'s remainder; static where both are (integral_constant.hpp's
/// CUTE_NAMED_BINARY_FN), a run-time integer otherwise.
/// @pre not both 0 (CuTe divides by gcd(0, 0) = 0)
fn lcm(a: &Args) -> R {
    let mut xs = [0i64; 2];
    for (i, x) in xs.iter_mut().enumerate() {
        *x = a.vals[i].as_int().ok_or_else(|| {
            EvalError::new(
                format!("lcm takes two integers, not {}", a.vals[i].kind()),
                a.spans[i],
            )
        })?;
    }
    let [t, u] = xs;
    let (mut g, mut v) = (t, u);
    let g = loop {
        if g == 0 {
            break v;
        }
        v %= g;
        if v == 0 {
            break g;
        }
        g %= v;
    };
    if g == 0 {
        return Err(EvalError::new(
            "lcm(0, 0): CuTe divides by gcd(0, 0) = 0",
            a.span,
        ));
    }
    let r = (t / g)
        .checked_mul(u)
        .ok_or_else(|| EvalError::new(format!("lcm({t}, {u}) overflows 64 bits"), a.span))?;
    let dynamic = a.vals.iter().any(crate::eval::convert::has_dynamic_int);
    Ok(Value::IntTuple(IntTuple::int_of(r, dynamic)))
}

/// `compact_col_major` / `compact_row_major`: (shape[, current]).
fn compact(a: &Args, major: ta::Major) -> R {
    let shape = a.shape(0)?;
    let current = if a.len() == 2 {
        a.int_tuple(1)?
    } else {
        IntTuple::int(1)
    };
    tup(a, ta::compact_major(&shape, &current, major))
}

/// `make_int_sequence<N>{}` (util/type_traits.hpp, `make_seq<N>` of
/// algorithm/tuple_algorithms.hpp): the tuple `(_0,_1,…,_{N-1})` of `integral_constant<int, i>`.
fn int_sequence(a: &Args) -> R {
    let n = template_int(a, 0, "make_int_sequence<N>", "N")?;
    int_range(a, "make_int_sequence", 0, n)
}

/// `make_int_range<B, E>{}` (numeric/integer_sequence.hpp, `make_integer_range`): the tuple
/// `(_B,_{B+1},…,_{E-1})` of `integral_constant<int, i>` (`()` where E <= B).
fn int_range_of(a: &Args) -> R {
    let begin = template_int(a, 0, "make_int_range<B, E>", "B")?;
    let end = template_int(a, 1, "make_int_range<B, E>", "E")?;
    int_range(a, "make_int_range", begin, end)
}

/// Template argument `i` of a sequence's template, an integer.
fn template_int(a: &Args, i: usize, what: &str, name: &str) -> Result<i64, EvalError> {
    a.int_tuple(i)?
        .as_int()
        .ok_or_else(|| EvalError::new(format!("{what}: {name} must be an integer"), a.spans[i]))
}

/// The static integers `begin..end` as a tuple, within the limit of a tuple's modes.
fn int_range(a: &Args, what: &str, begin: i64, end: i64) -> R {
    if what == "make_int_sequence" && end < 0 {
        return Err(EvalError::new(
            format!("make_int_sequence<{end}>: N must be non-negative"),
            a.spans[0],
        ));
    }
    let width = end.saturating_sub(begin).max(0);
    if width > crate::limits::MAX_TUPLE_WIDTH as i64 {
        return Err(EvalError::new(
            format!(
                "{what}: its {width} integers are past the limit of {} modes",
                crate::limits::MAX_TUPLE_WIDTH
            ),
            a.span,
        ));
    }
    Ok(sequence_of(
        IntType::Int,
        (begin..end.max(begin)).map(i128::from),
    ))
}

/// CuTe's integer sequence of type T (numeric/integer_sequence.hpp): the tuple of
/// `integral_constant<T, i>` (printed `(_0,_1,…)`; the empty one `()`).
fn sequence_of(ty: IntType, values: impl Iterator<Item = i128>) -> Value {
    let items: Vec<Value> = values
        .map(|i| Value::Constant(Constant::new(ty, i, ConstantClass::Cute)))
        .collect();
    if items.is_empty() {
        return Value::IntTuple(IntTuple::tuple(std::iter::empty::<IntTuple>()));
    }
    Value::Tuple(items)
}

/// `integer_sequence<T, I…>{}`, `int_sequence<I…>{}` (T int), `index_sequence<I…>{}` (T
/// size_t), `seq<I…>{}`: the tuple of `integral_constant<T, I>`.
fn integer_sequence_of(a: &Args) -> R {
    let ty = int_type(a, 0, "integer_sequence<T, I…>")?;
    let mut values = Vec::with_capacity(a.vals.len() - 1);
    for i in 1..a.vals.len() {
        values.push(i128::from(template_int(
            a,
            i,
            "integer_sequence<T, I…>",
            "I",
        )?));
    }
    Ok(sequence_of(ty, values.into_iter()))
}

/// The integer type a template argument names (`uint32_t`, `size_t`, `bool`).
fn int_type(a: &Args, i: usize, what: &str) -> Result<IntType, EvalError> {
    match &a.vals[i] {
        Value::Name(n) => IntType::of_name(n),
        _ => None,
    }
    .ok_or_else(|| {
        EvalError::new(
            format!(
                "{what}: T must be an integer type (int, uint32_t, int64_t, size_t, bool, …), found {}",
                crate::eval::plain::render(&a.vals[i])
            ),
            a.spans[i],
        )
    })
}

/// `integral_constant<T, v>{}` (numeric/integral_constant.hpp): the static integer v of type
/// T, a class of its own (derived from `C<v>`); v converted to T as g++ converts a template
/// argument.
fn integral_constant(a: &Args) -> R {
    let ty = int_type(a, 0, "integral_constant<T, v>")?;
    let v = match &a.vals[1] {
        Value::Bool(b) => i128::from(*b),
        Value::Constant(c) => c.value(),
        v => match v.as_int() {
            Some(x) => i128::from(x),
            None => {
                return Err(EvalError::new(
                    format!(
                        "integral_constant<T, v>: v must be an integer, found {}",
                        v.kind()
                    ),
                    a.spans[1],
                ));
            }
        },
    };
    // the parser's third argument: `C<5u>`, `C<true>` (`C`: C<v> of v's type), or
    // `std::integral_constant<T, v>` (`std`)
    match a.vals.get(2) {
        Some(Value::Name(n)) if n == "std" => {
            Ok(Value::Constant(Constant::new(ty, v, ConstantClass::Std)))
        }
        Some(_) => Ok(Constant::bare(
            ty,
            Constant::new(ty, v, ConstantClass::C).value(),
        )),
        None => Ok(Value::Constant(Constant::new(ty, v, ConstantClass::Cute))),
    }
}

/// `make_integer_sequence<T, N>{}`, `make_index_sequence<N>{}` (T `size_t`): the tuple of
/// `integral_constant<T, i>` for `i < N`, as for_each walks it.
fn integer_sequence(a: &Args) -> R {
    let (ty, at) = if a.vals.len() == 2 {
        (int_type(a, 0, "make_integer_sequence<T, N>")?, 1)
    } else {
        (IntType::ULong, 0)
    };
    let n = template_int(a, at, "make_integer_sequence<T, N>", "N")?;
    if !(0..=crate::limits::MAX_TUPLE_WIDTH as i64).contains(&n) {
        return Err(EvalError::new(
            format!(
                "make_integer_sequence<T, N>: N must be in 0..={} (the limit of a tuple's modes), found {n}",
                crate::limits::MAX_TUPLE_WIDTH
            ),
            a.spans[at],
        ));
    }
    Ok(sequence_of(ty, (0..n).map(i128::from)))
}

/// An algorithm that applies a function (a lambda or a functor): the session's statement
/// runs it (`eval::tuple_functions`), which a direct call of the table cannot.
fn applies_function(a: &Args, name: &str) -> R {
    Err(EvalError::new(
        format!(
            "{name} applies a function (a lambda or a functor of CuTe's): call it in a statement"
        ),
        a.span,
    ))
}

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "tuple_cat",
        "tuple_cat(T...)",
        "the modes of each tuple, in order, in one tuple (tuple_cat(make_tuple(1,_2{}), make_tuple(3)) is (1,_2,3))",
        "tuple_cat(make_tuple(1, _2{}), make_tuple(3))",
        0,
        ANY,
        |a| crate::eval::tuple_functions::tuple_cat(a.vals, a.span),
        dsl: Some(super::Dsl {
            signature: None,
            // tuple.py's tuple_cat(*tuples): a non-tuple joins as `(t,)` (dsl-oracle:
            // `cute.tuple_cat(1, (2, 3))` is `(1, 2, 3)`), where C++'s takes tuples only
            handler: |a| {
                let wrapped = a
                    .vals
                    .iter()
                    .map(|v| match v.tuple_modes() {
                        Some(_) => Ok(v.clone()),
                        None => made(a, vec![v.clone()]),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                crate::eval::tuple_functions::tuple_cat(&wrapped, a.span)
            }
        })
    ),
    f!(
        "flatten_to_tuple",
        "flatten_to_tuple(T)",
        "the integers of T in one flat tuple; a non-tuple wrapped, (x) (tuple_algorithms.hpp's; the DSL's cute.tuple.flatten_to_tuple too)",
        "flatten_to_tuple(make_tuple(1, make_tuple(2, 3)))",
        1,
        1,
        // tuple_algorithms.hpp: `flatten_to_tuple(t)` is `filter_tuple(t, [](auto x) { return
        // flatten_to_tuple(x); })` of a tuple, `cute::make_tuple(t)` of anything else
        |a| {
            fn leaves(v: &Value, out: &mut Vec<Value>) {
                match v.tuple_modes() {
                    Some(items) => items.iter().for_each(|x| leaves(x, out)),
                    None => out.push(v.clone()),
                }
            }
            let mut out = Vec::new();
            leaves(&a.vals[0], &mut out);
            made(a, out)
        }
    ),
    f!(
        "find",
        "find(T, X)",
        "the static index C<i> of T's first mode equal to X (rank(T) where none is; the comparison must be static: tuple_algorithms.hpp's find); find<X>(T): of T's first element of type X (container/tuple.hpp's)",
        "find(make_tuple(_1{}, _2{}, _4{}), _2{})",
        2,
        2,
        |a| crate::eval::tuple_functions::find_value(&a.vals[0], &a.vals[1], a.span),
        // `find<X>(t)`: of a type (the evaluator's call_templated: `find_type`)
        template: TemplateArgs::After
    ),
    f!(
        "apply",
        "apply(T, f)",
        "f(t_0, t_1, …, t_n) of the modes of the tuple T (f: a lambda, variadic ones too: [](auto... xs){ … }, or a functor of CuTe's)",
        "apply(make_tuple(1, _2{}, 3), [](auto... xs) { return (xs + ...); })",
        2,
        2,
        |a| applies_function(a, "apply")
    ),
    f!(
        "transform_apply",
        "transform_apply(T0[, T1[, T2]], f, g)",
        "g(f(t0_i[, t1_i[, t2_i]])...) over the modes of the tuples (g(f(t0…)) of non-tuples)",
        "transform_apply(make_tuple(1, 2), make_tuple(_3{}, 4), [](auto x, auto y) { return x + y; }, [](auto... r) { return make_tuple(r...); })",
        3,
        5,
        |a| applies_function(a, "transform_apply")
    ),
    f!(
        "transform_leaf",
        "transform_leaf(T0[, T1], f)",
        "f at each leaf of the tuple T0 (with T1's leaf beside it), the nesting kept",
        "transform_leaf(make_tuple(1, make_tuple(_2{}, 3)), [](auto x) { return x * _2{}; })",
        2,
        3,
        |a| applies_function(a, "transform_leaf")
    ),
    f!(
        "for_each_leaf",
        "for_each_leaf(T, f)",
        "calls f(x) for each leaf x of the tuple T, in order (prints what f prints)",
        "for_each_leaf(make_tuple(1, make_tuple(_2{}, 3)), [](auto x) { return x * _2{}; })",
        2,
        2,
        |a| applies_function(a, "for_each_leaf"),
        void: true
    ),
    f!(
        "find_if",
        "find_if(T, f)",
        "the static index C<i> of T's first mode whose f(t_i) is a static true (rank(T) where none is; CuTe reads decltype(f(t_i))::value)",
        "find_if(make_tuple(_1{}, _2{}, _4{}), [](auto x) { return x == _2{}; })",
        2,
        2,
        |a| applies_function(a, "find_if")
    ),
    f!(
        "any_of",
        "any_of(T, f)",
        "(false_type{} || ... || f(t_i)): static where every test is",
        "any_of(make_tuple(_1{}, 2), [](auto x) { return x == _1{}; })",
        2,
        2,
        |a| applies_function(a, "any_of")
    ),
    f!(
        "all_of",
        "all_of(T, f)",
        "(true_type{} && ... && f(t_i)): static where every test is",
        "all_of(make_tuple(_1{}, _2{}), [](auto x) { return x != _4{}; })",
        2,
        2,
        |a| applies_function(a, "all_of")
    ),
    f!(
        "none_of",
        "none_of(T, f)",
        "not any_of(T, f)",
        "none_of(make_tuple(_1{}, _2{}), [](auto x) { return x == _4{}; })",
        2,
        2,
        |a| applies_function(a, "none_of")
    ),
    f!(
        "fold",
        "fold(T, V, f)",
        "f(…f(f(V, t_0), t_1)…, t_n) over the modes of T (f(V, T) of a non-tuple)",
        "fold(make_tuple(1, _2{}, 3), _0{}, [](auto acc, auto x) { return acc + x; })",
        3,
        3,
        |a| applies_function(a, "fold")
    ),
    f!(
        "fold_first",
        "fold_first(T, f)",
        "fold of t_1…t_n from t_0 (T itself where it is no tuple)",
        "fold_first(make_tuple(_1{}, _2{}, _3{}), [](auto acc, auto x) { return acc * x; })",
        2,
        2,
        |a| applies_function(a, "fold_first")
    ),
    f!(
        "iscan",
        "iscan(T, V, f)",
        "the inclusive scan (r_0,…,r_n), r_i = f(r_{i-1}, t_i) from r_{-1} = V",
        "iscan(make_tuple(_1{}, 2, _3{}), _0{}, plus{})",
        3,
        3,
        |a| applies_function(a, "iscan")
    ),
    f!(
        "escan",
        "escan(T, V, f)",
        "the exclusive scan (v_0,…,v_n), v_0 = V, v_{i+1} = f(v_i, t_i)",
        "escan(make_tuple(_1{}, 2, _3{}), _0{}, plus{})",
        3,
        3,
        |a| applies_function(a, "escan")
    ),
    f!(
        "filter_tuple",
        "filter_tuple(T0[, T1[, T2]], f)",
        "tuple_cat(f(t0_i[, t1_i[, t2_i]])...): each f returns a tuple of what it keeps",
        "filter_tuple(make_tuple(_1{}, 2, _3{}), [](auto x) { return make_tuple(x, x); })",
        2,
        4,
        |a| applies_function(a, "filter_tuple")
    ),
    f!(
        "make_int_sequence",
        "make_int_sequence<N>{}",
        "the integer sequence (_0,_1,…,_{N-1}) (make_seq<N>{} too), as for_each walks it",
        "make_int_sequence<4>{}",
        1,
        1,
        int_sequence
    ),
    f!(
        "make_int_range",
        "make_int_range<B, E>{}",
        "the integer sequence (_B,_{B+1},…,_{E-1}) (() where E <= B), as for_each walks it",
        "make_int_range<1, 5>{}",
        2,
        2,
        int_range_of
    ),
    f!(
        "integral_constant",
        "integral_constant<T, v>{}",
        "the static integer v of the integer type T (numeric/integral_constant.hpp), printed _v: its value_type is T, and is_same tells it from Int<v> and C<v> (C<5u>, C<true>: C<v> of v's type)",
        "integral_constant<uint32_t, 5>{} * Int<2>{}",
        2,
        3,
        integral_constant,
        template: TemplateArgs::Before,
        typed: true
    ),
    f!(
        "integer_sequence",
        "integer_sequence<T, I...>{}",
        "the sequence of integral_constant<T, I> (int_sequence<I...>{} and seq<I...>{}: T is int, index_sequence<I...>{}: size_t), as for_each walks it",
        "integer_sequence<uint32_t, 2, 0, 1>{}",
        1,
        ANY,
        integer_sequence_of,
        template: TemplateArgs::Before,
        typed: true
    ),
    f!(
        "make_integer_sequence",
        "make_integer_sequence<T, N>{}",
        "the sequence of integral_constant<T, i> for i < N (make_index_sequence<N>{}: T is size_t), as for_each walks it",
        "make_integer_sequence<uint32_t, 4>{}",
        1,
        2,
        integer_sequence,
        template: TemplateArgs::Before,
        typed: true
    ),
    f!(
        "product",
        "product(T)",
        "the product of all integers of an IntTuple (() is 1)",
        "product((2,(3,4)))",
        1,
        1,
        |a| kinded(
            a,
            a.int_tuple(0)?.product_kind_under(a.rule.cpp_text_or_cpp())
        )
    ),
    f!(
        "product_each",
        "product_each(T)",
        "the product of each top-level mode, as a tuple (an integer n gives (n))",
        "product_each((2,(3,4)))",
        1,
        1,
        |a| tup(a, ta::product_each(&a.int_tuple(0)?))
    ),
    f!(
        "product_like",
        "product_like(T, GUIDE)",
        "the product of the part of T under each integer of GUIDE (same profile as GUIDE)",
        "product_like((2,(3,4),5), (1,1,1))",
        2,
        2,
        |a| tup(a, ta::product_like(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "sum",
        "sum(T)",
        "the sum of all integers of an IntTuple (() is 0)",
        "sum((2,(3,4)))",
        1,
        1,
        |a| {
            match &a.vals[0] {
                Value::IntTuple(t) => kinded(a, ta::sum(t)),
                // CuTe's sum of a non-tuple is that value
                Value::Layout(_) => Ok(a.vals[0].clone()),
                _ => kinded(a, ta::sum(&a.int_tuple(0)?)),
            }
        }
    ),
    f!(
        "inner_product",
        "inner_product(A, B)",
        "the sum of the products of matching integers of congruent A and B",
        "inner_product((2,(3,4)), (5,(6,7)))",
        2,
        2,
        |a| {
            let (x, y) = (a.int_tuple(0)?, a.int_tuple(1)?);
            if y.has_basis() && x.congruent(&y) {
                // CuTe's sum of products into an arithmetic tuple (the coordinate's shape does
                // not enter a congruent crd2idx)
                return crate::algebra::coord::crd2idx_traced::<crate::algebra::basis::Index, _>(
                    &x,
                    &x,
                    &y,
                    &mut crate::algebra::trace::NoTrace,
                )
                .map(Value::IntTuple)
                .map_err(a.alg());
            }
            kinded(a, ta::inner_product(&x, &y))
        },
        coordinates: true
    ),
    f!(
        "ceil_div",
        "ceil_div(A, B)",
        "A divided by B rounded up: by mode (missing modes of B are 1), an integer B folded \
         through A's modes; for a layout B, the shape of complement(B, shape(A))",
        "ceil_div((4,(5,7)), (3,2))",
        2,
        2,
        |a| {
            match &a.vals[1] {
                // CuTe's ceil_div(target, layout) = shape(complement(layout, shape(target)))
                Value::Layout(l) => complement::complement_to(l, &shape_or_layout(a, 0)?)
                    .map(|c| Value::IntTuple(c.shape().to_owned()))
                    .map_err(a.alg()),
                _ => tup(
                    a,
                    ta::ceil_div_under(&a.int_tuple(0)?, &a.int_tuple(1)?, a.rule),
                ),
            }
        }
    ),
    f!(
        "assume",
        "assume(X, DIVBY)",
        "the CuTe DSL's cute.assume: X known to be a multiple of DIVBY (a run-time X prints \
         ?{div=DIVBY} in the DSL's print; a static X must be one)",
        "assume(cutlass.Int32(24), divby=4)",
        2,
        2,
        |a| {
            // core.py's `assume`: `divby` a positive integer; a Python int is checked and
            // returned as it is; a run-time one gets the type `ConstrainedIntType(divby)`
            let x = a.int_tuple(0)?;
            let by = a.int_tuple(1)?;
            let Some(by) = by.as_int().filter(|&d| d > 0) else {
                return Err(EvalError::new(
                    format!("assume: divby must be a positive integer, not {by}"),
                    a.spans[1],
                ));
            };
            let Some(i) = x.as_int_full() else {
                return Err(EvalError::new(
                    format!("assume: an integer, not the tuple {x}"),
                    a.spans[0],
                ));
            };
            if !i.dynamic() {
                if i.value % by != 0 {
                    return Err(EvalError::new(
                        format!(
                            "assume: {} is not divisible by {by} (remainder {})",
                            i.value,
                            i.value % by
                        ),
                        a.spans[0],
                    ));
                }
                return Ok(Value::IntTuple(x));
            }
            if i.is_i64() {
                // the DSL's 64-bit one keeps its kind (`divby=2**40` prints `?{i64 div=0}`
                // alone: its low 32 bits; checked with dsl-oracle)
                return Ok(Value::IntTuple(IntTuple::of_int(
                    crate::algebra::Int::i64_div(i.value, by.unsigned_abs()),
                )));
            }
            // (`divby=1`: an `IntValue` of which nothing is known)
            let assumed = crate::algebra::Int::dy_div(i.value, by.unsigned_abs());
            Ok(Value::IntTuple(IntTuple::of_int(
                if assumed.divisibility() == 0 {
                    crate::algebra::Int::int_value(i.value)
                } else {
                    assumed
                },
            )))
        }
    ),
    f!(
        "get_divisibility",
        "get_divisibility(X)",
        "the CuTe DSL's cute.get_divisibility: what X is known to be a multiple of (a static X \
         itself, a run-time one its divisibility, 1 where nothing is known)",
        "get_divisibility(assume(cutlass.Int32(24), divby=4) * 3)",
        1,
        1,
        |a| {
            let x = a.int_tuple(0)?;
            let Some(i) = x.as_int_full() else {
                return Err(EvalError::new(
                    format!("get_divisibility: an integer, not the tuple {x}"),
                    a.spans[0],
                ));
            };
            // core.py: a Python int is its own; an `IntValue` its type's; any other 1
            if !i.dynamic() {
                return Ok(Value::int(i.value));
            }
            // the DSL's scalar shows the divisibility's low 32 bits, signed (2^31: negative)
            Ok(Value::int(i.divisor() as u32 as i32 as i64))
        }
    ),
    f!(
        "round_up",
        "round_up(A, B)",
        "A rounded up to a multiple of B, by mode (missing modes of B are 1)",
        "round_up((4,5), (3))",
        2,
        2,
        |a| tup(a, ta::round_up(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "shape_div",
        "shape_div(A, B)",
        "A divided by B as shapes (one of each pair of integers divides the other), B folded through A's modes",
        "shape_div((4,6), 8)",
        2,
        2,
        |a| tup(a, ta::shape_div(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "elem_scale",
        "elem_scale(A, B)",
        "A with each integer multiplied by the product of the matching part of B",
        "elem_scale((4,6), (2,(2,3)))",
        2,
        2,
        |a| tup(a, ta::elem_scale(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "weakly_congruent",
        "weakly_congruent(A, B)",
        "whether A's profile coarsens B's (an integer of A matches anything of B); layouts by their shapes",
        "weakly_congruent((4,8), (4,(2,4)))",
        2,
        2,
        |a| {
            // CuTe: a layout is neither a tuple nor an integer: against an integer it is not
            // weakly congruent; otherwise layouts compare by their shapes
            let a_is_layout = !matches!(a.vals[0], Value::IntTuple(_));
            if a_is_layout && a.vals[1].as_int().is_some() {
                shape_or_layout(a, 0)?;
                return Ok(Value::Bool(false));
            }
            let (x, y) = (shape_or_layout(a, 0)?, shape_or_layout(a, 1)?);
            Ok(Value::Bool(ta::weakly_congruent(&x, &y)))
        }
    ),
    f!(
        "evenly_divides",
        "evenly_divides(SHAPE, TILER)",
        "whether TILER (an integer, a shape, a layout or a tuple of them) divides SHAPE without remainder",
        "evenly_divides((8,6), (4,3))",
        2,
        2,
        |a| {
            let shape = a.int_tuple(0)?;
            evenly_divides_value(a, &shape, &a.vals[1]).map(|t| t.value())
        }
    ),
    f!(
        "elem_less",
        "elem_less(A, B)",
        "whether every integer of A is less than the matching one of B",
        "elem_less((1,(2,3)), (2,(3,4)))",
        2,
        2,
        |a| truth(a, ta::elem_less(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "lex_less",
        "lex_less(A, B)",
        "whether A < B lexicographically (first mode most significant)",
        "lex_less((1,2), (1,3))",
        2,
        2,
        |a| truth(a, ta::lex_less(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "colex_less",
        "colex_less(A, B)",
        "whether A < B colexicographically (last mode most significant)",
        "colex_less((2,2), (1,3))",
        2,
        2,
        |a| truth(a, ta::colex_less(&a.int_tuple(0)?, &a.int_tuple(1)?))
    ),
    f!(
        "max",
        "max(T0, T1, ...)",
        "the largest integer of the arguments",
        "max((2,(7,4)), 5)",
        1,
        ANY,
        |a| reduce(a, ta::Reduce::Max)
    ),
    f!(
        "min",
        "min(T0, T1, ...)",
        "the smallest integer of the arguments",
        "min((2,(7,4)), 5)",
        1,
        ANY,
        |a| reduce(a, ta::Reduce::Min)
    ),
    f!(
        "gcd",
        "gcd(T0, T1, ...)",
        "the greatest common divisor of the integers of the arguments (C++'s signs)",
        "gcd((6,(9,12)))",
        1,
        ANY,
        |a| reduce(a, ta::Reduce::Gcd)
    ),
    f!(
        "lcm",
        "lcm(A, B)",
        "the least common multiple of two integers, (A / gcd(A, B)) * B (CuTe's math.hpp)",
        "lcm(4, 6)",
        2,
        2,
        lcm
    ),
    f!(
        "popcount",
        "popcount(N)",
        "the number of 1 bits of a run-time integer (CuTe's math.hpp; an int, as C++ returns it)",
        "popcount(int(29))",
        1,
        1,
        |a| {
            // math.hpp: `int c = 0; while (x) { ++c; x &= x - 1; } return c;` of any T: a
            // static integer has no `&=` (g++: "no match for 'operator&='"), and a negative
            // one counts its type's two's-complement bits (32 of an int -1, 64 of an int64_t)
            let Some(x) = a.int_tuple(0)?.as_int_full() else {
                return Err(EvalError::new(
                    format!("popcount takes an integer, got {}", a.vals[0].kind()),
                    a.spans[0],
                ));
            };
            if x.is_static() {
                return Err(EvalError::new(
                    "popcount of a static integer: CuTe's popcount(T x) does x &= x - 1, which an integral_constant has no operator for (C++ refuses it); write a run-time integer",
                    a.spans[0],
                ));
            }
            if x.value < 0 {
                return Err(EvalError::new(
                    "popcount of a negative integer counts the two's-complement bits of its C++ type (32 of an int, 64 of an int64_t), which cute does not track here: not modelled",
                    a.spans[0],
                ));
            }
            Ok(Value::IntTuple(IntTuple::int_of(
                i64::from(x.value.count_ones()),
                true,
            )))
        }
    ),
    f!(
        "abs",
        "abs(N)",
        "the absolute value of an integer (CuTe 4.2 has no abs of a tuple)",
        "abs(-3)",
        1,
        1,
        |a| kinded(a, ta::abs(&a.int_tuple(0)?))
    ),
    f!(
        "reverse",
        "reverse(T)",
        "the top-level modes in reverse order (a non-tuple is itself)",
        "reverse((4,(2,3),8))",
        1,
        1,
        |a| {
            // an array stays one (container/array.hpp's reverse), typed constants keep their
            // types
            if let Value::Array(arr) = &a.vals[0] {
                let mut arr = arr.clone();
                arr.items.reverse();
                return Ok(Value::Array(arr));
            }
            match a.vals[0].tuple_modes() {
                Some(mut items) => {
                    items.reverse();
                    made(a, items)
                }
                None => Ok(a.vals[0].clone()),
            }
        },
        typed: true
    ),
    f!(
        "unwrap",
        "unwrap(T)",
        "rank-1 tuples replaced by their element, until a non-tuple or another rank is left",
        "unwrap(((4,3)))",
        1,
        1,
        |a| {
            if let Value::IntTuple(t) = &a.vals[0] {
                return Ok(Value::IntTuple(ta::unwrap(t)));
            }
            let mut v = a.vals[0].clone();
            while let Some(items) = v.tuple_modes() {
                if items.len() != 1 {
                    break;
                }
                v = items.into_iter().next().expect("one item");
            }
            Ok(v)
        }
    ),
    f!(
        "wrap",
        "wrap(T)",
        "a non-tuple as a rank-1 tuple; a tuple as it is",
        "wrap(4)",
        1,
        1,
        |a| {
            match a.vals[0].tuple_modes() {
                Some(_) => Ok(a.vals[0].clone()),
                None => made(a, vec![a.vals[0].clone()]),
            }
        }
    ),
    f!(
        "repeat_like",
        "repeat_like(T, X)",
        "X at every integer of T (same profile as T); the CuTe DSL's cute.repeat_like(x, target) takes them the other way round",
        "repeat_like((4,(2,3)), 0)",
        2,
        2,
        |a| repeat_like_checked(a),
        // the DSL's `repeat_like(x, target)`: C++'s arguments the other way round
        // (dsl-oracle: `cute.repeat_like(0, (4,(2,3)))` is `(0, (0, 0))`)
        dsl: Some(super::Dsl {
            signature: Some("repeat_like(X, TARGET)"),
            handler: |a| {
                let vals = [a.vals[1].clone(), a.vals[0].clone()];
                let spans = [a.spans[1], a.spans[0]];
                repeat_like_checked(&Args {
                    vals: &vals,
                    spans: &spans,
                    span: a.span,
                    rule: a.rule,
                })
            }
        })
    ),
    f!(
        "front",
        "front(T)",
        "the first integer of T (a non-tuple is itself)",
        "front(((4,2),8))",
        1,
        1,
        |a| end_of(a, &a.vals[0], false)
    ),
    f!(
        "back",
        "back(T)",
        "the last integer of T (a non-tuple is itself)",
        "back(((4,2),(8,3)))",
        1,
        1,
        |a| end_of(a, &a.vals[0], true)
    ),
    f!(
        "E",
        "E(MODE)",
        "the basis element along MODE (an integer or a list of them: E([0, 1]) is C++'s E<0,1>); the CuTe DSL's cute.E",
        "cute.E(1)",
        1,
        1,
        |a| Err(EvalError::new(
            "E(mode) is the CuTe DSL's cute.E; C++ writes the basis element E<N…>{}",
            a.span,
        )),
        dsl: Some(super::Dsl {
            signature: None,
            // core.py's E(mode): ScaledBasis(1, mode)
            handler: |a| scaled_basis(a, 1, false, 0)
        })
    ),
    f!(
        "Ratio",
        "Ratio(NUMERATOR, DENOMINATOR)",
        "the CuTe DSL's rational number (cute.Ratio) of two Python integers, not reduced: printed 2/4; .numerator, .denominator, .is_integral(), .reduced(), and * by an integer or a Ratio",
        "cute.Ratio(2, 4)",
        2,
        2,
        |a| {
            let int = |k: usize| match &a.vals[k] {
                Value::IntTuple(t) if t.is_int() && !t.is_dynamic() => t.as_int(),
                _ => None,
            };
            match (int(0), int(1)) {
                (Some(numerator), Some(denominator)) => {
                    Ok(Value::Ratio(crate::eval::value::Ratio {
                        numerator,
                        denominator,
                    }))
                }
                _ => Err(EvalError::new(
                    format!(
                        "TypeError: numerator and denominator must be integers, but got {} and {}",
                        python_text(&a.vals[0]),
                        python_text(&a.vals[1])
                    ),
                    a.span,
                )),
            }
        }
    ),
    f!(
        "ScaledBasis",
        "ScaledBasis(VALUE, MODE)",
        "VALUE times the basis element along MODE (C++'s ScaledBasis<V, N…>); the CuTe DSL's cute.ScaledBasis",
        "cute.ScaledBasis(2, 0)",
        2,
        2,
        |a| Err(EvalError::new(
            "ScaledBasis(value, mode) is the CuTe DSL's cute.ScaledBasis; C++ writes ScaledBasis<V, N…>{}",
            a.span,
        )),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                // a Ratio's scale (`1/2@1`, core.py's ScaledBasis of a Ratio)
                if let Value::Ratio(r) = &a.vals[0] {
                    let path = a.int_tuple(1)?.leaves();
                    let basis = crate::algebra::basis::Basis::from_path(&path)
                        .map_err(|e| EvalError::algebra(e, a.spans[1]))?;
                    return Ok(Value::RatioBasis(*r, basis));
                }
                let (value, dynamic) = match a.int_tuple(0).map(|t| t.as_int_kind()) {
                    Ok(Some(kind)) => kind,
                    _ => {
                        return Err(EvalError::new(
                            format!(
                                "ScaledBasis: cute models an integer scale, not {} (a Ratio's is not modelled)",
                                a.vals[0].kind()
                            ),
                            a.spans[0],
                        ));
                    }
                };
                // (a run-time scale prints `?@1`, as the DSL's)
                scaled_basis(a, value, dynamic, 1)
            }
        })
    ),
    f!(
        "basis_value",
        "basis_value(E)",
        "the scale of a scaled basis element (an integer: itself)",
        "basis_value(ScaledBasis<_5,0>{})",
        1,
        1,
        // arithmetic_tuple.hpp: `basis_value(ScaledBasis<T,N> e)` is e.value(), of anything
        // else the thing itself
        |a| match &a.vals[0] {
            Value::IntTuple(t) if t.basis().is_some() => {
                let s = t.as_stride().expect("a scaled basis element");
                Ok(Value::IntTuple(IntTuple::of_int(s.coefficient())))
            }
            Value::RatioBasis(r, _) => Ok(Value::Ratio(*r)),
            v => Ok(v.clone()),
        },
        coordinates: true
    ),
    f!(
        "basis_get",
        "basis_get(E, T)",
        "the element of T along the basis element E's modes (get<N…>(T)); T itself where E is an integer",
        "basis_get(E<1>{}, (10,20,30))",
        2,
        2,
        // arithmetic_tuple.hpp: `basis_get(ScaledBasis<T,Ns…>, t)` is `get<Ns…>(t)`, of
        // anything else t
        |a| match &a.vals[0] {
            Value::IntTuple(t) if let Some(b) = t.basis() => {
                let get = super::lookup("get").expect("in the function table");
                let mut vals = vec![a.vals[1].clone()];
                vals.extend(b.path().iter().map(|&i| Value::int(i)));
                let spans = vec![a.spans[1]; vals.len()];
                super::call(get, &vals, &spans, a.span)
            }
            _ => Ok(a.vals[1].clone()),
        },
        coordinates: true
    ),
    f!(
        "increment_coord",
        "increment_coord(CRD, SHAPE)",
        "CRD one step on, colexicographically within SHAPE (a mode at its extent wraps to 0 and carries; the last one does not wrap); the CuTe DSL's cute.increment_coord",
        "cute.increment_coord((2, 0, 0), (3, 3, 3))",
        2,
        2,
        |a| Err(EvalError::new(
            "increment_coord is the CuTe DSL's (cute.increment_coord(coord, shape)); CuTe C++'s increment(coord, shape) increments a coordinate in place",
            a.span,
        )),
        dsl: Some(super::Dsl {
            signature: None,
            handler: increment_coord
        })
    ),
    f!(
        "full",
        "full(SHAPE, FILL, DTYPE)",
        "the CuTe DSL's TensorSSA of SHAPE every value of which is FILL as DTYPE holds it (cute.full; full_like(a, FILL) of a TensorSSA's shape and type)",
        "cute.full((2, 3), 1.0, cutlass.Float32)",
        3,
        3,
        |a| Err(EvalError::new(
            "full is the CuTe DSL's (cute.full(shape, fill_value, dtype)): C++ fills a tensor, fill(t, v)",
            a.span,
        )),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                let shape = a.shape(0)?;
                let ty = dtype_arg(a, 2)?;
                crate::eval::host::dsl_full(&shape, &a.vals[1], ty)
                    .map_err(|m| EvalError::new(m, a.span))
            }
        })
    ),
    f!(
        "full_like",
        "full_like(A, FILL[, DTYPE])",
        "the CuTe DSL's TensorSSA of A's shape (and type, or DTYPE) every value of which is FILL (cute.full_like)",
        "cute.full_like(cute.full((2, 3), 0.0, cutlass.Float32), 1.0)",
        2,
        3,
        |a| Err(EvalError::new(
            "full_like is the CuTe DSL's (cute.full_like(a, fill_value)): C++ fills a tensor, fill(t, v)",
            a.span,
        )),
        dsl: Some(super::Dsl {
            signature: None,
            handler: |a| {
                let Some((shape, ty)) = crate::eval::host::ssa_shape_and_type(&a.vals[0]) else {
                    return Err(EvalError::new(
                        format!("full_like takes a TensorSSA (t.load()), found {}", a.vals[0].kind()),
                        a.spans[0],
                    ));
                };
                let ty = if a.len() == 3 { dtype_arg(a, 2)? } else { ty };
                crate::eval::host::dsl_full(&shape, &a.vals[1], ty)
                    .map_err(|m| EvalError::new(m, a.span))
            }
        })
    ),
    f!(
        "repeat",
        "repeat<N>(X) | repeat(X, N)",
        "N copies of X as a tuple; X itself where N is 1 (the DSL's cute.repeat(x, n) too)",
        "repeat<3>(4)",
        2,
        2,
        // tuple_algorithms.hpp: `repeat<n>(x)` is x where n == 1, else the tuple of n x's;
        // core.py's repeat(x, n) alike ("n must be >= 1")
        |a| repeated(a, false),
        template: TemplateArgs::After
    ),
    f!(
        "repeat_as_tuple",
        "repeat_as_tuple(X, N)",
        "N copies of X as a tuple, (X,) where N is 1 (the CuTe DSL's; C++ has repeat<N>(X))",
        "cute.repeat_as_tuple(4, 1)",
        2,
        2,
        |a| Err(EvalError::new(
            "repeat_as_tuple is the CuTe DSL's (cute.repeat_as_tuple(x, n)); CuTe C++ has repeat<N>(x)",
            a.span,
        )),
        dsl: Some(super::Dsl {
            signature: None,
            // core.py's repeat_as_tuple(x, n): `(x,) * n`
            handler: |a| repeated(a, true)
        })
    ),
    f!(
        "insert",
        "insert<N>(T, X) | insert(T, X, N)",
        "the tuple T with X placed before mode N (N <= rank(T))",
        "insert<1>((4,5), 7)",
        3,
        3,
        |a| {
            let n = a.index(2)?;
            let Some(mut items) = a.vals[0].tuple_modes() else {
                return Err(EvalError::new(
                    format!("insert: {} is not a tuple (CuTe: no tuple_size)", a.vals[0].kind()),
                    a.spans[0],
                ));
            };
            if n > items.len() {
                return Err(EvalError::new(
                    format!("insert: index out of range: {n} > rank {}", items.len()),
                    a.spans[2],
                ));
            }
            items.insert(n, a.vals[1].clone());
            made(a, items)
        },
        template: TemplateArgs::After
    ),
    f!(
        "remove",
        "remove<N>(T) | remove(T, N)",
        "the tuple T without mode N (N == rank(T) leaves T as it is)",
        "remove<1>((4,5,6))",
        2,
        2,
        |a| {
            let n = a.index(1)?;
            let Some(mut items) = a.vals[0].tuple_modes() else {
                return Err(EvalError::new(
                    format!("remove: {} is not a tuple (CuTe: no tuple_size)", a.vals[0].kind()),
                    a.spans[0],
                ));
            };
            if n > items.len() {
                return Err(EvalError::new(
                    format!("remove: index out of range: {n} > rank {}", items.len()),
                    a.spans[1],
                ));
            }
            if n < items.len() {
                items.remove(n);
            }
            made(a, items)
        },
        template: TemplateArgs::After
    ),
    f!(
        "compact_col_major",
        "compact_col_major(SHAPE[, CURRENT])",
        "column-major (LayoutLeft) strides of SHAPE starting at CURRENT (default 1); size-1 modes get 0",
        "compact_col_major((4,(1,3),5))",
        1,
        2,
        |a| compact(a, ta::Major::Left)
    ),
    f!(
        "compact_row_major",
        "compact_row_major(SHAPE[, CURRENT])",
        "row-major (LayoutRight) strides of SHAPE starting at CURRENT (default 1); size-1 modes get 0",
        "compact_row_major((4,(1,3),5))",
        1,
        2,
        |a| compact(a, ta::Major::Right)
    ),
    f!(
        "compact_order",
        "compact_order(SHAPE, ORDER | LayoutLeft | LayoutRight)",
        "compact strides of SHAPE visiting its modes by increasing ORDER",
        "compact_order((4,(3,2),5), (1,(0,3),2))",
        2,
        2,
        |a| {
            let shape = a.shape(0)?;
            if let Some(major) = a.major_tag("compact_order", 1)? {
                return tup(a, ta::compact_major(&shape, &IntTuple::int(1), major));
            }
            tup(a, ta::compact_order(&shape, &a.int_tuple(1)?))
        }
    ),
    f!(
        "crd2crd",
        "crd2crd(CRD, SRC_SHAPE, DST_SHAPE)",
        "the coordinate in DST_SHAPE of the same index as CRD in SRC_SHAPE (mode by mode where all are tuples)",
        "crd2crd((1,(1,2)), (4,(2,3)), (4,6))",
        3,
        3,
        |a| tup(a, ta::crd2crd(&a.int_tuple(0)?, &a.shape(1)?, &a.shape(2)?))
    ),
];

/// A value as Python's `str` writes it in a message (`1.5`, `(2, 3)`).
fn python_text(v: &Value) -> String {
    let mut out = String::new();
    crate::eval::plain::write_traced_value(&mut out, v);
    out
}
