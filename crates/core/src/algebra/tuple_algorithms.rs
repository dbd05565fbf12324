//! CuTe 4.2's IntTuple functions (`int_tuple.hpp`, `algorithm/tuple_algorithms.hpp`,
//! `stride.hpp`), on IntTuples with static integers. Each follows CuTe's recursion, so that
//! where CuTe's templates do not instantiate (a rank mismatch, an integer where a tuple is
//! needed) this returns an error naming CuTe's condition. The structural functions that also take
//! other values (`front`, `insert<N>`, `repeat_like`, ...) are generic over the evaluator's values
//! there; here they are on IntTuples.

use super::arith;
use super::error::{Result, condition};
use super::int_tuple::{IntTuple, Tup, TupleBuilder, View};
use super::integer::{Int, Truth};

/// CuTe's `product(t)`: the product of the leaves (`()` is 1).
/// @post product(t) == size(t)
pub fn product(t: &Tup) -> Result<i64> {
    t.leaf_iter()
        .try_fold(1i64, |acc, v| arith::mul(acc, v, "product"))
}

/// CuTe's `product(t)` with its kind: `_1 * v0 * v1 * …` (static while every factor is, or
/// one is the static 0; an integer is itself).
pub fn product_kind(t: &Tup) -> Result<Int> {
    t.product_kind()
}

/// CuTe's `product_each(t)`: `transform(wrap(t), product)`, the product of each top-level mode
/// (each of its kind).
/// @post rank(result) == rank(wrap(t))
pub fn product_each(t: &Tup) -> Result<IntTuple> {
    let mut out = TupleBuilder::new();
    for m in t.modes() {
        let p = m.product_kind()?;
        out.push_int_kind(p.value, p.dynamic());
    }
    Ok(out.finish())
}

/// CuTe's `product_like(t, guide)`: `transform_leaf(guide, t, product)`: the product of the
/// part of `t` under each leaf of `guide`.
/// @pre weakly_congruent(guide, t)   (static_assert "Mismatched tuple_size" otherwise)
/// @post congruent(result, guide)
pub fn product_like(t: &Tup, guide: &Tup) -> Result<IntTuple> {
    match (guide.view(), t.view()) {
        (View::Int(_), _) => {
            let p = t.product_kind()?;
            Ok(IntTuple::of_int(p))
        }
        (View::Tuple(g), View::Tuple(s)) => {
            if g.len() != s.len() {
                return Err(condition(
                    "product_like",
                    format!(
                        "mismatched tuple_size: {t} has rank {} but the guide {guide} has rank {}",
                        s.len(),
                        g.len()
                    ),
                ));
            }
            g.zip(s).map(|(gi, si)| product_like(si, gi)).collect()
        }
        (View::Tuple(_), View::Int(v)) => Err(condition(
            "product_like",
            format!("the guide {guide} is a tuple where the tuple has the integer {v}"),
        )),
    }
}

/// CuTe's `sum(t)`: `(_0 + ... + sum(t_i))`, the sum of the leaves (`()` is `_0`); static
/// while every leaf is (an integer is itself).
pub fn sum(t: &Tup) -> Result<Int> {
    t.leaf_int_iter()
        .try_fold(Int::st(0), |acc, i| acc.add(typed_kind(i), "sum"))
}

/// A leaf as the integer functions compute with it: its kind, and its C++ integer type where
/// it has one other than `int` ([`Int::cpp_type`]: CuTe computes in the leaves' type, so
/// `sum(make_shape(int64_t(3), 4))` is an `int64_t`); the DSL's divisibility not kept.
#[inline]
fn typed_kind(i: Int) -> Int {
    if i.cpp_type().is_some() {
        i
    } else {
        Int::of(i.value, i.dynamic())
    }
}

/// CuTe's `inner_product(a, b)`: Σ a_i·b_i over congruent a and b, `(_0 + ... + a_i*b_i)`
/// with CuTe's kinds.
/// @pre congruent(a, b)   (static_assert "Mismatched ranks"; an integer against a tuple does not compile)
pub fn inner_product(a: &Tup, b: &Tup) -> Result<Int> {
    match (a.view(), b.view()) {
        (View::Tuple(x), View::Tuple(y)) => {
            if x.len() != y.len() {
                return Err(condition(
                    "inner_product",
                    format!(
                        "mismatched ranks: {a} has rank {} and {b} rank {}",
                        x.len(),
                        y.len()
                    ),
                ));
            }
            x.zip(y).try_fold(Int::st(0), |acc, (p, q)| {
                acc.add(inner_product(p, q)?, "inner_product")
            })
        }
        (View::Int(_), View::Int(_)) => kind_of(a).mul(kind_of(b), "inner_product"),
        _ => Err(condition(
            "inner_product",
            format!("{a} and {b} are not congruent (an integer times a tuple)"),
        )),
    }
}

/// CuTe's `ceil_div(a, b)` on IntTuples: by mode for two tuples (missing modes of b are 1),
/// b folded through a's modes for a tuple and an integer, `ceil_div(a, product(b))` for an
/// integer and a tuple, `(a + b - 1) / b` for integers.
/// @pre rank(a) >= rank(b) when both are tuples ("Mismatched ranks")
pub fn ceil_div(a: &Tup, b: &Tup) -> Result<IntTuple> {
    ceil_div_under(a, b, super::composition::Rule::Cpp)
}

/// [`ceil_div`] under `rule` (of C++ text: in `int` constants, [`Tup::ceil_div_under`]).
pub fn ceil_div_under(a: &Tup, b: &Tup, rule: super::composition::Rule) -> Result<IntTuple> {
    a.ceil_div_under(b, rule)
        .map_err(|e| with_operands(e, "ceil_div", a, b))
}

/// A condition of `op` with the call's operands added, for a message that says where.
fn with_operands(
    e: super::AlgebraError,
    op: &'static str,
    a: &Tup,
    b: &Tup,
) -> super::AlgebraError {
    match e {
        super::AlgebraError::Condition { op: o, condition } if o == op => {
            super::error::condition(op, format!("{condition} ({op}({a}, {b}))"))
        }
        other => other,
    }
}

/// CuTe's `round_up(a, b)`: a rounded up to a multiple of b, by mode for two tuples (missing
/// modes of b are 1), `((a + b - 1) / b) * b` for integers.
/// @pre rank(a) >= rank(b) when both are tuples; otherwise both are integers
/// @post result % b == 0 and result >= a (for positive integers)
pub fn round_up(a: &Tup, b: &Tup) -> Result<IntTuple> {
    match (a.view(), b.view()) {
        (View::Tuple(x), View::Tuple(y)) => {
            if x.len() < y.len() {
                return Err(condition(
                    "round_up",
                    format!(
                        "mismatched ranks: {a} has rank {} < rank {} of {b}",
                        x.len(),
                        y.len()
                    ),
                ));
            }
            let one = IntTuple::int(1);
            x.enumerate()
                .map(|(i, xi)| round_up(xi, y.get(i).unwrap_or(&one)))
                .collect()
        }
        (View::Int(_), View::Int(_)) => {
            let (x, y) = (kind_of(a), kind_of(b));
            let r = x.ceil_div(y, "round_up")?.mul(y, "round_up")?;
            Ok(IntTuple::of_int(r))
        }
        _ => Err(condition(
            "round_up",
            format!(
                "{a} and {b}: one is a tuple, the other an integer (CuTe has no a + b for them)"
            ),
        )),
    }
}

/// CuTe's `shape_div(a, b)` (with its divisibility condition on integers).
pub fn shape_div(a: &Tup, b: &Tup) -> Result<IntTuple> {
    a.shape_div(b)
        .map_err(|e| with_operands(e, "shape_div", a, b))
}

/// CuTe's `elem_scale(a, b)`: a scaled by the matching part of b: by mode while a is a tuple,
/// `a * product(b)` at a's leaves.
/// @pre weakly_congruent(a, b)   ("Mismatched tuple_size" otherwise)
/// @post congruent(result, a)
pub fn elem_scale(a: &Tup, b: &Tup) -> Result<IntTuple> {
    match (a.view(), b.view()) {
        (View::Int(_), _) => {
            let r = kind_of(a).mul(b.product_kind()?, "elem_scale")?;
            Ok(IntTuple::of_int(r))
        }
        (View::Tuple(x), View::Tuple(y)) => {
            if x.len() != y.len() {
                return Err(condition(
                    "elem_scale",
                    format!(
                        "mismatched tuple_size: {a} has rank {} and {b} rank {}",
                        x.len(),
                        y.len()
                    ),
                ));
            }
            x.zip(y).map(|(p, q)| elem_scale(p, q)).collect()
        }
        (View::Tuple(_), View::Int(y)) => Err(condition(
            "elem_scale",
            format!("{a} is a tuple where the scale is the integer {y}"),
        )),
    }
}

/// An integer IntTuple with its kind and C++ integer type ([`typed_kind`]; 0 for a tuple:
/// callers match `View::Int` first).
fn kind_of(t: &Tup) -> Int {
    t.as_int_full().map_or(Int::st(0), typed_kind)
}

/// CuTe's `weakly_congruent(a, b)`: a's profile is a coarsening of b's (an integer of a matches
/// anything of b). A partial order: a <= b.
pub fn weakly_congruent(a: &Tup, b: &Tup) -> bool {
    match (a.view(), b.view()) {
        (View::Int(_), _) => true,
        (View::Tuple(_), View::Int(_)) => false,
        (View::Tuple(x), View::Tuple(y)) => {
            x.len() == y.len() && x.zip(y).all(|(p, q)| weakly_congruent(p, q))
        }
    }
}

/// CuTe's `evenly_divides(a, b)` for an IntTuple tiler b: for a tuple b, `false_type` when
/// rank(b) > rank(a), else `(true_type{} && ... && evenly_divides(a_i, b_i))`; for an integer b,
/// `size(a) == size(b) * size(ceil_div(a, b))`. Of CuTe's kind: static where every integer it
/// reads is (or one mode is statically false), a run-time `bool` otherwise.
/// @post result implies logical_divide(make_layout(a), b) has size(a) elements
pub fn evenly_divides(a: &Tup, b: &Tup) -> Result<Truth> {
    match b.view() {
        View::Tuple(y) => {
            if y.len() > a.rank() {
                return Ok(Truth::FALSE);
            }
            // every mode is computed (CuTe instantiates them all): errors are not skipped
            let mut all = Truth::TRUE;
            for (i, yi) in y.enumerate() {
                let ai = a.mode(i).expect("i < rank(a)");
                all = all.and(evenly_divides(ai, yi)?);
            }
            Ok(all)
        }
        View::Int(_) => {
            let q = product_kind(&ceil_div(a, b)?)?;
            let whole = product_kind(b)?.mul(q, "evenly_divides")?;
            Ok(Truth::equal(product_kind(a)?, whole))
        }
    }
}

/// Whether a comparison of CuTe (`lex_less`, `colex_less`, `elem_less`) compiles on a and b:
/// at every pair of modes it visits (the first `min(rank)` modes of two tuples, from the back
/// for colex) both are integers or both are tuples.
fn comparable(a: &Tup, b: &Tup, from_back: bool, op: &'static str) -> Result<()> {
    match (a.view(), b.view()) {
        (View::Int(_), View::Int(_)) => Ok(()),
        (View::Tuple(x), View::Tuple(y)) => {
            let (ra, rb) = (x.len(), y.len());
            for i in 0..ra.min(rb) {
                let (p, q) = if from_back {
                    (&x[ra - 1 - i], &y[rb - 1 - i])
                } else {
                    (&x[i], &y[i])
                };
                comparable(p, q, from_back, op)?;
            }
            Ok(())
        }
        _ => Err(condition(
            op,
            format!("{a} and {b}: CuTe has no operator< for an integer and a tuple"),
        )),
    }
}

/// CuTe's `lex_less(a, b)`: lexicographic order, the first mode most significant; a tuple that
/// runs out first is less. Of CuTe's kind (int_tuple.hpp's `lex_less_impl`): `a_i < b_i` and
/// `a_i == b_i` are static where both integers are, joined by `||` and `&&` (a static `true`
/// or `false` decides whatever the other side is); an exhausted tuple is a static answer.
/// @pre at each visited mode, both are integers or both are tuples
pub fn lex_less(a: &Tup, b: &Tup) -> Result<Truth> {
    comparable(a, b, false, "lex_less")?;
    Ok(lex(a, b, false))
}

/// CuTe's `colex_less(a, b)`: colexicographic order, the last mode most significant (modes are
/// paired from the back); a tuple that runs out first is less. Kinds as [`lex_less`]'s.
/// @pre at each visited mode, both are integers or both are tuples
pub fn colex_less(a: &Tup, b: &Tup) -> Result<Truth> {
    comparable(a, b, true, "colex_less")?;
    Ok(lex(a, b, true))
}

/// `lex_less_impl<I>`/`colex_less_impl<I>`: `less(a_i, b_i) || (a_i == b_i && impl<I+1>)`,
/// `false_type` where b is exhausted, `true_type` where a is (and b not).
fn lex(a: &Tup, b: &Tup, from_back: bool) -> Truth {
    match (a.view(), b.view()) {
        (View::Tuple(x), View::Tuple(y)) => {
            let (ra, rb) = (x.len(), y.len());
            let pair = |i: usize| {
                if from_back {
                    (&x[ra - 1 - i], &y[rb - 1 - i])
                } else {
                    (&x[i], &y[i])
                }
            };
            // from the innermost term out: impl<min(ra, rb)> is the exhausted answer
            let mut acc = Truth::st(ra < rb);
            for i in (0..ra.min(rb)).rev() {
                let (p, q) = pair(i);
                acc = lex(p, q, from_back).or(equal(p, q).and(acc));
            }
            acc
        }
        (View::Int(_), View::Int(_)) => Truth::less(kind_of(a), kind_of(b)),
        _ => Truth::FALSE,
    }
}

/// CuTe's `a == b` of IntTuples (container/tuple.hpp): integers by value, static where both
/// are; tuples of one rank `(true_type{} && ... && (a_i == b_i))`; a static `false` for
/// different ranks or a tuple against an integer. Basis elements compare their bases too.
pub fn equal(a: &Tup, b: &Tup) -> Truth {
    match (a.as_stride(), b.as_stride()) {
        (Some(x), Some(y)) if a.is_int() && b.is_int() => Truth::same_stride(x, y),
        _ if a.is_int() || b.is_int() => Truth::FALSE,
        _ => {
            if a.rank() != b.rank() {
                return Truth::FALSE;
            }
            a.modes()
                .zip(b.modes())
                .fold(Truth::TRUE, |acc, (x, y)| acc.and(equal(x, y)))
        }
    }
}

/// CuTe's `elem_less(a, b)`: every mode of a is less than the same mode of b (an a that runs out
/// first is less; a b that runs out first is not): `elem_less(a_i, b_i) && impl<I+1>`, of
/// CuTe's kind as [`lex_less`]'s.
/// @pre at each visited mode, both are integers or both are tuples
pub fn elem_less(a: &Tup, b: &Tup) -> Result<Truth> {
    comparable(a, b, false, "elem_less")?;
    Ok(elem(a, b))
}

fn elem(a: &Tup, b: &Tup) -> Truth {
    match (a.view(), b.view()) {
        (View::Tuple(x), View::Tuple(y)) => {
            let n = x.len().min(y.len());
            // impl<n>: true_type where a is exhausted, false_type where b is first
            let mut acc = Truth::st(x.len() <= y.len());
            for i in (0..n).rev() {
                acc = elem(&x[i], &y[i]).and(acc);
            }
            acc
        }
        (View::Int(_), View::Int(_)) => Truth::less(kind_of(a), kind_of(b)),
        _ => Truth::FALSE,
    }
}

/// Which of CuTe's variadic reductions: `max`, `min`, `gcd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    /// `t < u ? u : t`
    Max,
    /// `t < u ? t : u`
    Min,
    /// Euclid's loop with C++'s remainder (signs as C++'s `cute::gcd` gives them)
    Gcd,
}

impl Reduce {
    fn name(self) -> &'static str {
        match self {
            Reduce::Max => "max",
            Reduce::Min => "min",
            Reduce::Gcd => "gcd",
        }
    }

    fn apply(self, t: i64, u: i64) -> Result<i64> {
        Ok(match self {
            Reduce::Max => {
                if t < u {
                    u
                } else {
                    t
                }
            }
            Reduce::Min => {
                if t < u {
                    t
                } else {
                    u
                }
            }
            Reduce::Gcd => {
                let (mut t, mut u) = (t, u);
                loop {
                    if t == 0 {
                        return Ok(u);
                    }
                    u = arith::rem(u, t, "gcd")?;
                    if u == 0 {
                        return Ok(t);
                    }
                    t = arith::rem(t, u, "gcd")?;
                }
            }
        })
    }

    /// CuTe's `max(t0, ts...)` (and `min`, `gcd`): a tuple argument is first reduced over its
    /// modes, then the arguments are folded from the right: `f(t0, f(t1, ... tn))`.
    /// @pre no tuple is empty (CuTe has no `max()` of nothing)
    ///
    /// The kind is CuTe's: static only when every integer is (a binary `max` of two static
    /// integers is static, of a dynamic one dynamic).
    pub fn over(self, args: &[&Tup]) -> Result<Int> {
        if args
            .iter()
            .any(|t| t.leaf_int_iter().any(|i| i.cpp_type().is_some()))
        {
            return self.over_typed(args);
        }
        let vals = args
            .iter()
            .map(|t| self.one(t))
            .collect::<Result<Vec<_>>>()?;
        let dynamic = args.iter().any(|t| !t.is_static());
        Ok(Int::of(self.fold(&vals)?, dynamic))
    }

    /// [`Reduce::over`] where a leaf has a C++ integer type other than `int`: each binary
    /// step in the two operands' common type, as CuTe's `max(t, u)` (`t < u ? u : t`), `min`
    /// and `gcd` (numeric/math.hpp: `common_type_t<T, U>`) compute it, the result of that type
    /// (`max(make_shape(int64_t(3), 4)) - 13u` is the `int64_t` -9).
    #[cold]
    fn over_typed(self, args: &[&Tup]) -> Result<Int> {
        let vals = args
            .iter()
            .map(|t| self.one_typed(t))
            .collect::<Result<Vec<_>>>()?;
        self.fold_typed(&vals)
    }

    fn one_typed(self, t: &Tup) -> Result<Int> {
        match t.view() {
            View::Int(_) => Ok(kind_of(t)),
            View::Tuple(m) => {
                let vals = m.map(|x| self.one_typed(x)).collect::<Result<Vec<_>>>()?;
                self.fold_typed(&vals)
            }
        }
    }

    fn fold_typed(self, vals: &[Int]) -> Result<Int> {
        let Some((last, rest)) = vals.split_last() else {
            // (the untyped fold's error: an empty tuple has none)
            return self.fold(&[]).map(Int::st);
        };
        rest.iter().rev().try_fold(*last, |acc, &t| {
            let ty = super::element::ElemType::int_common(t.cpp_type_or_int(), acc.cpp_type_or_int());
            let (x, y) = (
                ty.wrap_int(i128::from(t.value)),
                ty.wrap_int(i128::from(acc.value)),
            );
            let value = i64::try_from(x)
                .and_then(|x| Ok((x, i64::try_from(y)?)))
                .map_err(|_| {
                    condition(
                        self.name(),
                        format!(
                            "{} of {} and {} in {}: past the signed 64-bit integers cute computes with",
                            self.name(),
                            t.value,
                            acc.value,
                            ty.name()
                        ),
                    )
                })
                .and_then(|(x, y)| self.apply(x, y))?;
            Ok(if t.dynamic() || acc.dynamic() {
                Int::cpp_typed(value, ty)
            } else {
                Int::st(value)
            })
        })
    }

    fn one(self, t: &Tup) -> Result<i64> {
        match t.view() {
            View::Int(v) => Ok(v),
            View::Tuple(m) => {
                let vals = m.map(|x| self.one(x)).collect::<Result<Vec<_>>>()?;
                self.fold(&vals)
            }
        }
    }

    fn fold(self, vals: &[i64]) -> Result<i64> {
        let (last, rest) = vals.split_last().ok_or_else(|| {
            condition(
                self.name(),
                format!(
                    "an empty tuple has no {} (CuTe: no matching {}())",
                    self.name(),
                    self.name()
                ),
            )
        })?;
        rest.iter()
            .rev()
            .try_fold(*last, |acc, &v| self.apply(v, acc))
    }
}

/// CuTe's `abs` of an integer, of its kind (CuTe 4.2 has no `abs` of a tuple).
pub fn abs(t: &Tup) -> Result<Int> {
    match t.view() {
        View::Int(_) => {
            let r = kind_of(t).abs("abs")?;
            // the DSL's `abs` of a value it does not know, or of an `IntValue`, is a value it
            // does not know (`abs(assume(x, divby=8))` is `?`; checked with dsl-oracle)
            Ok(match t.as_int_full() {
                Some(i) if i.is_unknown() || i.is_int_value() => Int::unknown(r.value),
                _ => r,
            })
        }
        View::Tuple(_) => Err(condition(
            "abs",
            format!(
                "CuTe's abs takes an integer, not the tuple {t} (no abs of an IntTuple in CuTe 4.2)"
            ),
        )),
    }
}

/// CuTe's `front(t)`: the first leaf, of its kind.
/// @pre no tuple on the way is empty ("Index out of range")
pub fn front(t: &Tup) -> Result<Int> {
    match t.view() {
        View::Int(_) => Ok(kind_of(t)),
        View::Tuple(m) => front(
            m.first()
                .ok_or_else(|| condition("front", "index out of range: front of an empty tuple"))?,
        ),
    }
}

/// CuTe's `back(t)`: the last leaf, of its kind.
/// @pre no tuple on the way is empty
pub fn back(t: &Tup) -> Result<Int> {
    match t.view() {
        View::Int(_) => Ok(kind_of(t)),
        View::Tuple(m) => back(
            m.last()
                .ok_or_else(|| condition("back", "index out of range: back of an empty tuple"))?,
        ),
    }
}

/// CuTe's `append<N>(t, x)` (`front`: `prepend<N>(t, x)`) of tuple_algorithms.hpp: t with
/// copies of x after (before) its modes up to rank N; a tuple of rank N is itself, a non-tuple
/// t is `(t)` padded (itself where N is 1).
/// @pre N >= rank(t) (`static_assert(N > tuple_size<T>::value)`)
pub fn pad_to_rank(t: &Tup, x: &Tup, n: usize, front: bool) -> Result<IntTuple> {
    let op = if front { "prepend" } else { "append" };
    let modes: Vec<IntTuple> = if t.is_int() {
        vec![t.to_owned()]
    } else {
        t.modes().to_vec()
    };
    let r = modes.len();
    if n < r {
        return Err(condition(
            op,
            format!("N = {n} is less than rank {r} of {t} (CuTe: static_assert(N > tuple_size))"),
        ));
    }
    if n == r {
        return Ok(t.to_owned());
    }
    // the result's nodes: t's and (n - r) copies of x's
    let nodes = (n - r)
        .checked_mul(x.node_count())
        .and_then(|p| p.checked_add(t.node_count()));
    if nodes.is_none_or(|k| k > crate::limits::MAX_TUPLE_WIDTH) {
        return Err(super::AlgebraError::Limit(format!(
            "{op}: rank {n} with copies of {x} is over the limit of {} nodes",
            crate::limits::MAX_TUPLE_WIDTH
        )));
    }
    let pad = std::iter::repeat_n(x.to_owned(), n - r);
    Ok(if front {
        pad.chain(modes).collect()
    } else {
        modes.into_iter().chain(pad).collect()
    })
}

/// CuTe's `reverse(t)`: the top-level modes in reverse order (an integer is itself).
/// @post reverse(reverse(t)) == t
pub fn reverse(t: &Tup) -> IntTuple {
    match t.view() {
        View::Int(_) => t.to_owned(),
        View::Tuple(m) => {
            let modes: Vec<&Tup> = m.collect();
            modes.into_iter().rev().collect()
        }
    }
}

/// CuTe's `wrap(t)`: an integer becomes a rank-1 tuple, a tuple is itself.
/// @post is_tuple(result)
pub fn wrap(t: &Tup) -> IntTuple {
    match t.view() {
        View::Int(_) => IntTuple::tuple([t]),
        View::Tuple(_) => t.to_owned(),
    }
}

/// CuTe's `unwrap(t)`: rank-1 tuples are replaced by their element, until an integer or a tuple
/// of another rank is left.
/// @post unwrap(wrap(x)) == unwrap(x)
pub fn unwrap(t: &Tup) -> IntTuple {
    t.to_owned().unwrap()
}

/// CuTe's `insert<n>(t, x)`: x placed before mode n of the tuple t.
/// @pre t is a tuple, n <= rank(t) ("Index out of range")
/// @post rank(result) == rank(t) + 1 and get<n>(result) == x
pub fn insert(t: &Tup, x: &Tup, n: usize) -> Result<IntTuple> {
    let View::Tuple(m) = t.view() else {
        return Err(condition(
            "insert",
            format!("{t} is not a tuple (CuTe: no tuple_size)"),
        ));
    };
    if n > m.len() {
        return Err(condition(
            "insert",
            format!("index out of range: {n} > rank {} of {t}", m.len()),
        ));
    }
    let mut out = TupleBuilder::new();
    for (i, e) in m.enumerate() {
        if i == n {
            out.push(x);
        }
        out.push(e);
    }
    if n == m.len() {
        out.push(x);
    }
    Ok(out.finish())
}

/// CuTe's `remove<n>(t)`: the tuple without mode n (`n == rank(t)` leaves it as it is, as CuTe's
/// index ranges do).
/// @pre t is a tuple, n <= rank(t) ("Index out of range")
pub fn remove(t: &Tup, n: usize) -> Result<IntTuple> {
    let View::Tuple(m) = t.view() else {
        return Err(condition(
            "remove",
            format!("{t} is not a tuple (CuTe: no tuple_size)"),
        ));
    };
    if n > m.len() {
        return Err(condition(
            "remove",
            format!("index out of range: {n} > rank {} of {t}", m.len()),
        ));
    }
    Ok(m.enumerate()
        .filter(|(i, _)| *i != n)
        .map(|(_, e)| e)
        .collect())
}

/// CuTe's `repeat_like(t, x)`: x at every leaf of t.
/// @post congruent(result, t) when x is an integer
pub fn repeat_like(t: &Tup, x: &Tup) -> IntTuple {
    match t.view() {
        View::Int(_) => x.to_owned(),
        View::Tuple(m) => m.map(|e| repeat_like(e, x)).collect(),
    }
}

/// The direction of a compact stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// LayoutLeft (column-major): the first mode is fastest.
    Left,
    /// LayoutRight (row-major): the last mode is fastest.
    Right,
}

/// CuTe's `compact_major<Major>(shape, current)`: the compact strides of shape starting at
/// `current`; a size-1 mode gets stride 0. A tuple `current` gives each mode of shape its own
/// start.
/// @pre current is an integer, or a tuple of shape's rank ("Mismatched Ranks"; a tuple current
///      with an integer shape is "Invalid parameters")
/// @post for an integer current c: Layout(shape, result) is c·(the compact layout of shape)
pub fn compact_major(shape: &Tup, current: &Tup, major: Major) -> Result<IntTuple> {
    let op = match major {
        Major::Left => "compact_col_major",
        Major::Right => "compact_row_major",
    };
    compact_major_named(shape, current, major, op)
}

fn compact_major_named(
    shape: &Tup,
    current: &Tup,
    major: Major,
    op: &'static str,
) -> Result<IntTuple> {
    match (current.view(), shape.view()) {
        (View::Tuple(c), View::Tuple(s)) => {
            if c.len() != s.len() {
                return Err(condition(
                    op,
                    format!("mismatched ranks: shape {shape} and current {current}"),
                ));
            }
            s.zip(c)
                .map(|(si, ci)| compact_major(si, ci, major))
                .collect()
        }
        (View::Tuple(_), View::Int(_)) => Err(condition(
            op,
            format!("invalid parameters: a tuple current {current} for the integer shape {shape}"),
        )),
        (View::Int(c), _) => {
            let mut cur = current
                .as_int_full()
                .unwrap_or(crate::algebra::integer::Int::st(c));
            compact(shape, &mut cur, major, op)
        }
    }
}

/// The compact strides of `shape` from `cur`, with CuTe's kinds: only a static 1 gets `_0`,
/// a stride has the kind of the product before it.
fn compact(
    shape: &Tup,
    cur: &mut crate::algebra::integer::Int,
    major: Major,
    op: &'static str,
) -> Result<IntTuple> {
    match shape.view() {
        View::Int(1) if !shape.is_dynamic() => Ok(IntTuple::int(0)),
        View::Int(s) => {
            let d = *cur;
            *cur = cur.mul(
                shape
                    .as_int_full()
                    .unwrap_or(crate::algebra::integer::Int::st(s)),
                op,
            )?;
            Ok(IntTuple::of_int(d))
        }
        View::Tuple(m) => {
            let modes: Vec<&Tup> = m.collect();
            let mut out: Vec<IntTuple> = Vec::with_capacity(modes.len());
            match major {
                Major::Left => {
                    for e in modes {
                        out.push(compact(e, cur, major, op)?);
                    }
                }
                Major::Right => {
                    for e in modes.into_iter().rev() {
                        out.push(compact(e, cur, major, op)?);
                    }
                    out.reverse();
                }
            }
            Ok(out.into_iter().collect())
        }
    }
}

/// CuTe's `compact_order(shape, order)`: compact strides that visit the modes of shape by
/// increasing order (equal orders share a start; run-time orders come after the static ones,
/// left to right), of CuTe's kinds: [`super::coord::compact_order`].
/// @pre weakly_congruent(order, shape) ("Mismatched tuple_size")
/// @post Layout(shape, result) is a bijection onto [0, size(shape)) when the orders are distinct
pub fn compact_order(shape: &Tup, order: &Tup) -> Result<IntTuple> {
    super::coord::compact_order_named(shape, order, "compact_order")
}

/// CuTe's two-argument `crd2idx(coord, shape)`: an integer coordinate is its own index; else
/// Horner's rule over `flatten(coord)` and `flatten(product_like(shape, coord))` (colexicographic).
/// @pre coord is an integer, or a tuple of shape's rank ("Mismatched Ranks"; a tuple coordinate
///      of an integer shape is "Invalid parameters")
pub fn crd2idx_shape(coord: &Tup, shape: &Tup) -> Result<Int> {
    const OP: &str = "crd2idx";
    match (coord.view(), shape.view()) {
        (View::Int(_), _) => Ok(kind_of(coord)),
        (View::Tuple(_), View::Int(_)) => Err(condition(
            OP,
            format!(
                "invalid parameters: the coordinate {coord} is a tuple and the shape {shape} an integer"
            ),
        )),
        (View::Tuple(c), View::Tuple(s)) => {
            if c.len() != s.len() {
                return Err(condition(
                    OP,
                    format!("mismatched ranks: coordinate {coord} and shape {shape}"),
                ));
            }
            let flat_shape: Vec<Int> = product_like(shape, coord)
                .map_err(|e| e.within(OP))?
                .leaf_kind_iter()
                .map(|(v, dynamic)| Int::of(v, dynamic))
                .collect();
            let flat_coord: Vec<Int> = coord
                .leaf_kind_iter()
                .map(|(v, dynamic)| Int::of(v, dynamic))
                .collect();
            let Some((&last, rest)) = flat_coord.split_last() else {
                return Err(condition(OP, "an empty coordinate has no index"));
            };
            // crd2idx_horner: c0 + s0 * (c1 + s1 * (... + c_last))
            rest.iter()
                .zip(&flat_shape)
                .rev()
                .try_fold(last, |acc, (&c, &s)| c.add(s.mul(acc, OP)?, OP))
        }
    }
}

/// CuTe's `crd2crd(coord, src_shape, dst_shape)`: mode by mode while all three are tuples, else
/// `idx2crd(crd2idx(coord, src_shape), dst_shape)`.
/// @pre where all three are tuples, their ranks agree ("Mismatched Ranks")
/// @post crd2idx(result, dst_shape) == crd2idx(coord, src_shape) when both shapes have the same size
pub fn crd2crd(coord: &Tup, src: &Tup, dst: &Tup) -> Result<IntTuple> {
    match (coord.view(), src.view(), dst.view()) {
        (View::Tuple(c), View::Tuple(s), View::Tuple(d)) => {
            if c.len() != s.len() || c.len() != d.len() {
                return Err(condition(
                    "crd2crd",
                    format!("mismatched ranks: coordinate {coord}, shapes {src} and {dst}"),
                ));
            }
            c.zip(s)
                .zip(d)
                .map(|((ci, si), di)| crd2crd(ci, si, di))
                .collect()
        }
        _ => {
            let idx = crd2idx_shape(coord, src).map_err(|e| e.within("crd2crd"))?;
            super::coord::idx2crd(&IntTuple::int_of(idx.value, idx.dynamic()), dst)
                .map_err(|e| e.within("crd2crd"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn cute_examples() {
        assert_eq!(product(&t("(2,(3,4))")).unwrap(), 24);
        assert_eq!(
            product_like(&t("(2,(3,4),5)"), &t("(1,1,1)")).unwrap(),
            t("(2,12,5)")
        );
        assert_eq!(
            inner_product(&t("(2,(3,4))"), &t("(5,(6,7))")).unwrap(),
            Int::st(56)
        );
        assert_eq!(round_up(&t("(4,5)"), &t("(3)")).unwrap(), t("(6,5)"));
        assert_eq!(
            elem_scale(&t("(4,6)"), &t("(2,(2,3))")).unwrap(),
            t("(8,36)")
        );
        assert!(evenly_divides(&t("(8,6)"), &t("(4,3)")).unwrap().value);
        assert!(!evenly_divides(&t("(8,6)"), &t("(4,4)")).unwrap().value);
        assert_eq!(lex_less(&t("(1,2)"), &t("(1,2,0)")).unwrap(), Truth::TRUE);
        assert_eq!(
            colex_less(&t("(1,2,3)"), &t("(2,3)")).unwrap(),
            Truth::FALSE
        );
        assert_eq!(elem_less(&t("(1,2,1)"), &t("(2,3)")).unwrap(), Truth::FALSE);
        // a run-time integer makes a run-time answer, unless a static one decides
        let dynamic = |s: &str| t(s).with_kind(true);
        assert!(lex_less(&dynamic("(1,2)"), &t("(2,0)")).unwrap().dynamic);
        assert_eq!(
            elem_less(&dynamic("(1,2)"), &t("(0,1)")).unwrap(),
            Truth {
                value: false,
                dynamic: true
            }
        );
        assert_eq!(
            lex_less(&t("(1,2)"), &t("(1,2,0)").with_kind(false)).unwrap(),
            Truth::TRUE
        );
        assert!(lex_less(&t("(1,(2,3))"), &t("(1,2)")).is_err());
        assert_eq!(
            Reduce::Gcd.over(&[&t("-4"), &t("-6")]).unwrap(),
            Int::st(-2)
        );
        assert_eq!(
            Reduce::Max.over(&[&t("(2,3)"), &t("(5,(1,9))")]).unwrap(),
            Int::st(9)
        );
        assert!(Reduce::Max.over(&[&IntTuple::empty()]).is_err());
        assert_eq!(
            compact_major(&t("(4,(1,3),5)"), &t("1"), Major::Right).unwrap(),
            t("(15,(0,5),1)")
        );
        assert_eq!(
            compact_order(&t("(4,(3,2),5)"), &t("(1,(0,3),2)")).unwrap(),
            t("(3,(1,60),12)")
        );
        assert_eq!(
            compact_order(&t("(4,3,5)"), &t("(1,1,0)")).unwrap(),
            t("(5,5,1)")
        );
        assert_eq!(
            crd2crd(&t("(1,(1,2))"), &t("(4,(2,3))"), &t("(4,6)")).unwrap(),
            t("(1,5)")
        );
        assert_eq!(insert(&t("(4,5)"), &t("7"), 2).unwrap(), t("(4,5,7)"));
        assert_eq!(remove(&t("(4,5)"), 2).unwrap(), t("(4,5)"));
        assert!(remove(&t("(4,5)"), 3).is_err());
    }
}
