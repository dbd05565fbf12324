//! CuTe's algorithms on tensors (cute/algorithm/: copy.hpp, fill.hpp, clear.hpp, axpby.hpp,
//! gemm.hpp, tensor_algorithms.hpp, tensor_reduce.hpp): `copy`, `copy_if`, `fill`, `clear`,
//! `axpby`, `gemm`, `for_each`, `transform`, `reduce`, `batch_reduce` (the last four apply a
//! functor or lambda: `eval::element_functions`, which hands these entries its function
//! argument as a placeholder).
//!
//! These entries check a call as CuTe compiles it (the tensors it writes are over memory, the
//! sizes its element loops read, gemm's dispatch on the ranks and its `CUTE_STATIC_ASSERT_V`s)
//! and, like CuTe's `void` functions, a statement that calls one prints nothing. The session
//! then writes the values (`eval::elements`: owning tensors and arrays hold them).

use super::{ANY, Args, Function};
use crate::algebra::Layout;
use crate::algebra::tensor::Origin;
use crate::eval::{EvalError, Value};

/// What every algorithm returns: nothing (a statement calling one prints nothing).
fn nothing() -> Result<Value, EvalError> {
    Ok(Value::Tuple(Vec::new()))
}

/// Whether a value is a number an element takes: an element value (`1.5f`, `T(i)`), an
/// integer, a truth value.
fn is_number(v: &Value) -> bool {
    matches!(v, Value::Bool(_) | Value::Scalar(_)) || v.as_int().is_some()
}

/// Argument `i` as a tensor: its layout and whether it is over memory (a pointer's tensor,
/// which CuTe's algorithms write; a counting or identity tensor's elements are values).
fn tensor(a: &Args, i: usize, f: &str, role: &str) -> Result<(Layout, bool), EvalError> {
    let (origin, layout) = match &a.vals[i] {
        Value::OffsetLayout(o, l) => (o, (**l).clone()),
        Value::SwizzledTensor(o, c) => (o, c.layout.clone()),
        // a bare name that is no variable (an argument read as a name)
        Value::Name(n) => {
            return Err(EvalError::new(
                format!("{f}: undefined variable '{n}' (the {role} is a tensor)"),
                a.spans[i],
            ));
        }
        other => {
            return Err(EvalError::new(
                format!("{f}: the {role} must be a tensor, found {}", other.kind()),
                a.spans[i],
            ));
        }
    };
    Ok((layout, matches!(origin, Origin::Ptr(_))))
}

/// Argument `i` as a tensor the algorithm writes: over memory.
/// CuTe's `compatible(profile, shape)` of a coordinate that may hold `_` (int_tuple.hpp):
/// two tuples of one rank mode by mode, an integer `p == size(s)`, anything else false.
pub(in crate::eval) fn profile_compatible(
    p: &Value,
    s: &crate::algebra::Tup,
) -> crate::algebra::Result<bool> {
    match p {
        Value::IntTuple(t) => Ok(t.compatible(s)?.value),
        Value::Tuple(items) if !s.is_int() && items.len() == s.rank() => {
            for (i, item) in items.iter().enumerate() {
                let mode = s.mode(i).expect("within its rank");
                if !profile_compatible(item, mode)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}

fn written(a: &Args, i: usize, f: &str, role: &str) -> Result<Layout, EvalError> {
    let (layout, memory) = tensor(a, i, f, role)?;
    if let Value::OffsetLayout(Origin::Transform(_), _)
    | Value::SwizzledTensor(Origin::Transform(_), _) = &a.vals[i]
    {
        return Err(EvalError::new(
            format!(
                "{f}: the {role} is a tensor over a transform_iter (lazy::transform), whose elements are its function's values: CuTe's transform_iter::operator* returns fn(*ptr_), not a place, so the write does not compile"
            ),
            a.spans[i],
        ));
    }
    if !memory {
        return Err(EvalError::new(
            format!(
                "{f}: the {role} is a counting or identity tensor, whose elements are values CuTe does not write: it must be a tensor over memory (make_tensor(ptr, …), make_tensor<T>(…))"
            ),
            a.spans[i],
        ));
    }
    Ok(layout)
}

fn size(l: &Layout, span: crate::parser::Span) -> Result<i64, EvalError> {
    l.size().map_err(|e| EvalError::algebra(e, span))
}

/// The element loop `for i < size(over): … reads(i)`: `reads` must have an element there.
fn reads_within(
    a: &Args,
    f: &str,
    (over, over_role): (&Layout, &str),
    (read, read_i, read_role): (&Layout, usize, &str),
) -> Result<(), EvalError> {
    let (n, m) = (size(over, a.span)?, size(read, a.spans[read_i])?);
    if m < n {
        return Err(EvalError::new(
            format!(
                "{f}: size({read_role}) = {m} is less than size({over_role}) = {n}: CuTe's element loop over the {over_role} reads {read_role}(i) past its end"
            ),
            a.spans[read_i],
        ));
    }
    Ok(())
}

/// `size<i>(L)`.
fn size_of_mode(l: &Layout, i: usize, span: crate::parser::Span) -> Result<i64, EvalError> {
    let m = l.mode(i).map_err(|e| EvalError::algebra(e, span))?;
    size(&m, span)
}

/// gemm.hpp's dispatch on the ranks of A, B and C, and its `CUTE_STATIC_ASSERT_V`s: [1]
/// `(V) x (V) => (V)`, [2] `(M) x (N) => (M,N)`, [3] `(M,K) x (N,K) => (M,N)`,
/// [4] `(V,M) x (V,N) => (V,M,N)`, [5] `(V,M,K) x (V,N,K) => (V,M,N)`.
fn gemm_checks(a: &Args, first: usize) -> Result<(), EvalError> {
    let (ia, ib, ic) = (first, first + 1, first + 2);
    let la = tensor(a, ia, "gemm", "A")?.0;
    let lb = tensor(a, ib, "gemm", "B")?.0;
    let lc = written(a, ic, "gemm", "C")?;
    let ranks = (la.rank(), lb.rank(), lc.rank());
    if !matches!(
        ranks,
        (1, 1, 1) | (1, 1, 2) | (2, 2, 2) | (2, 2, 3) | (3, 3, 3)
    ) {
        return Err(EvalError::new(
            format!(
                "gemm: no dispatch of CuTe's gemm takes A, B, C of ranks {}, {}, {} (it has (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N))",
                ranks.0, ranks.1, ranks.2
            ),
            a.span,
        ));
    }
    let sa = |i| size_of_mode(&la, i, a.spans[ia]);
    let sb = |i| size_of_mode(&lb, i, a.spans[ib]);
    let sc = |i| size_of_mode(&lc, i, a.spans[ic]);
    let check = |x: i64, y: i64, what: &str, span| {
        if x == y {
            Ok(())
        } else {
            Err(EvalError::new(
                format!(
                    "gemm: CUTE_STATIC_ASSERT_V({what}) fails: {x} != {y} (CuTe does not compile)"
                ),
                span,
            ))
        }
    };
    match ranks {
        (1, 1, 1) => {
            check(sa(0)?, sc(0)?, "size(A) == size(C)", a.spans[ia])?;
            check(sb(0)?, sc(0)?, "size(B) == size(C)", a.spans[ib])?;
        }
        (1, 1, 2) | (2, 2, 2) => {
            check(sa(0)?, sc(0)?, "size<0>(A) == size<0>(C)", a.spans[ia])?;
            check(sb(0)?, sc(1)?, "size<0>(B) == size<1>(C)", a.spans[ib])?;
            if ranks.0 == 2 {
                check(sa(1)?, sb(1)?, "size<1>(A) == size<1>(B)", a.spans[ib])?;
            }
        }
        _ => {
            check(sa(1)?, sc(1)?, "size<1>(A) == size<1>(C)", a.spans[ia])?;
            check(sb(1)?, sc(2)?, "size<1>(B) == size<2>(C)", a.spans[ib])?;
            if ranks.0 == 3 {
                check(sa(2)?, sb(2)?, "size<2>(A) == size<2>(B)", a.spans[ib])?;
            }
        }
    }
    Ok(())
}

pub(super) static FUNCTIONS: &[Function] = &[
    f!(
        "copy",
        "copy([atom,] src, dst)",
        "copies src's elements into dst (prints nothing; the values are written)",
        "copy(make_tensor<float>(Shape<_4,_8>{}), make_tensor<float>(Shape<_4,_8>{}))",
        2,
        3,
        |a| {
            let at = a.len() - 2;
            if at == 1 && !matches!(a.vals[0], Value::Atom(_)) {
                return Err(EvalError::new(
                    format!(
                        "copy: with three arguments the first is a copy atom or tiled copy, found {}",
                        a.vals[0].kind()
                    ),
                    a.spans[0],
                ));
            }
            let src = tensor(a, at, "copy", "source")?.0;
            let dst = written(a, at + 1, "copy", "destination")?;
            if at == 1 && src.rank() != dst.rank() {
                return Err(EvalError::new(
                    format!(
                        "copy: static_assert(SrcLayout::rank == DstLayout::rank, \"CopyAtom rank-mismatch.\") fails: {} != {}",
                        src.rank(),
                        dst.rank()
                    ),
                    a.span,
                ));
            }
            reads_within(a, "copy", (&dst, "dst"), (&src, at, "src"))?;
            nothing()
        },
        void: true
    ),
    f!(
        "copy_if",
        "copy_if([atom,] pred, src, dst)",
        "copies src(i) into dst(i) where pred(i) (prints nothing; the values are written)",
        "copy_if(make_tensor<bool>(Shape<_8>{}), make_tensor<float>(Shape<_8>{}), make_tensor<float>(Shape<_8>{}))",
        3,
        4,
        |a| {
            let at = a.len() - 3;
            let pred = tensor(a, at, "copy_if", "predicate")?.0;
            let src = tensor(a, at + 1, "copy_if", "source")?.0;
            let dst = written(a, at + 2, "copy_if", "destination")?;
            reads_within(a, "copy_if", (&dst, "dst"), (&pred, at, "pred"))?;
            reads_within(a, "copy_if", (&dst, "dst"), (&src, at + 1, "src"))?;
            nothing()
        },
        void: true
    ),
    f!(
        "fill",
        "fill(T, v)",
        "sets every element of T to v (prints nothing)",
        "fill(make_tensor<float>(Shape<_4,_8>{}), 0)",
        2,
        2,
        |a| {
            written(a, 0, "fill", "tensor")?;
            if !is_number(&a.vals[1]) {
                return Err(EvalError::new(
                    format!("fill: the value must be a number, found {}", a.vals[1].kind()),
                    a.spans[1],
                ));
            }
            nothing()
        },
        void: true
    ),
    f!(
        "clear",
        "clear(T)",
        "sets every element of T to zero (prints nothing)",
        "clear(make_tensor<float>(Shape<_4,_8>{}))",
        1,
        1,
        |a| {
            written(a, 0, "clear", "tensor")?;
            nothing()
        },
        void: true
    ),
    f!(
        "axpby",
        "axpby(alpha, X, beta, Y[, pred])",
        "Y(i) = alpha * X(i) + beta * Y(i) (prints nothing; the values are written)",
        "axpby(2, make_tensor<float>(Shape<_8>{}), 1, make_tensor<float>(Shape<_8>{}))",
        4,
        5,
        |a| {
            for i in [0, 2] {
                if !is_number(&a.vals[i]) {
                    return Err(EvalError::new(
                        format!("axpby: alpha and beta are numbers, found {}", a.vals[i].kind()),
                        a.spans[i],
                    ));
                }
            }
            let x = tensor(a, 1, "axpby", "X")?.0;
            let y = written(a, 3, "axpby", "Y")?;
            reads_within(a, "axpby", (&x, "x"), (&y, 3, "y"))?;
            if a.len() == 5 {
                let p = tensor(a, 4, "axpby", "predicate")?.0;
                reads_within(a, "axpby", (&x, "x"), (&p, 4, "pred"))?;
            }
            nothing()
        },
        void: true
    ),
    f!(
        "gemm",
        "gemm([mma,] A, B, C)",
        "C += A * B by gemm.hpp's dispatch on the ranks, the universal FMA on the values (prints nothing; its asserts checked as CuTe compiles them)",
        "gemm(make_tensor<float>(Shape<_4,_2>{}), make_tensor<float>(Shape<_8,_2>{}), make_tensor<float>(Shape<_4,_8>{}))",
        3,
        ANY,
        |a| {
            match a.len() {
                3 => gemm_checks(a, 0)?,
                4 if matches!(a.vals[0], Value::Atom(_)) => gemm_checks(a, 1)?,
                // gemm(D, A, B, C), gemm(mma, D, A, B, C): D as C
                4 => {
                    gemm_checks(a, 1)?;
                    written(a, 0, "gemm", "D")?;
                }
                5 if matches!(a.vals[0], Value::Atom(_)) => {
                    gemm_checks(a, 2)?;
                    written(a, 1, "gemm", "D")?;
                }
                n => {
                    return Err(EvalError::new(
                        format!("gemm takes ([mma,] [D,] A, B, C), got {n} arguments"),
                        a.span,
                    ));
                }
            }
            nothing()
        },
        void: true
    ),
    f!(
        "for_each",
        "for_each(T, f) | for_each(T0, T1, f)",
        "calls f(T(i)) for each element of a tensor, f(get<i>(t)) for each mode of a tuple or integer sequence, f(get<i>(t0), get<i>(t1)) of two tuples (a functor of CuTe's or a lambda; prints what f prints)",
        "for_each(make_tensor(make_inttuple_iter(0), make_layout(Shape<_4>{})), negate{})",
        2,
        3,
        |a| {
            // tuple_algorithms.hpp's for_each: `f(get<i>(t))` for each mode of a tuple (or
            // `f(t)` of an integer); tensor_algorithms.hpp's: `f(T(i))` for each element
            if !matches!(a.vals[0], Value::IntTuple(_) | Value::Tuple(_)) {
                tensor(a, 0, "for_each", "tensor or tuple")?;
            }
            nothing()
        },
        void: true
    ),
    f!(
        "transform",
        "transform(T, f) | transform(A, B, f) | transform(A, B, C, f)",
        "T(i) = f(T(i)); B(i) = f(A(i)); C(i) = f(A(i), B(i)), for i < size of the first (f: a functor of CuTe's, plus{}, negate{}, …, or a lambda; prints nothing)",
        "transform(make_tensor<float>(Shape<_4>{}), negate{})",
        2,
        4,
        |a| {
            let out = a.len() - 2;
            let first = tensor(a, 0, "transform", "input")?.0;
            written(a, out, "transform", "output")?;
            // CuTe's names: tensor_in1, tensor_in2, tensor_out; its loop runs over tensor_in1
            let over = (&first, if out > 1 { "tensor_in1" } else { "tensor_in" });
            if out > 1 {
                let second = tensor(a, 1, "transform", "input")?.0;
                reads_within(a, "transform", over, (&second, 1, "tensor_in2"))?;
            }
            if out > 0 {
                let o = tensor(a, out, "transform", "output")?.0;
                reads_within(a, "transform", over, (&o, out, "tensor_out"))?;
            }
            nothing()
        },
        void: true
    ),
    f!(
        "reduce",
        "reduce(T, init[, f])",
        "init = f(init, T(i)) for each element, in init's type (f: plus{} by default, a functor of CuTe's or a lambda): the result (cute/algorithm/tensor_reduce.hpp)",
        "reduce(make_tensor(make_inttuple_iter(0), make_layout(Shape<_4>{})), 0)",
        2,
        3,
        |a| {
            tensor(a, 0, "reduce", "source")?;
            if !is_number(&a.vals[1]) {
                return Err(EvalError::new(
                    format!("reduce: init must be a number, found {}", a.vals[1].kind()),
                    a.spans[1],
                ));
            }
            // the value: eval::element_functions (this entry checks the call)
            Ok(a.vals[1].clone())
        }
    ),
    f!(
        "logical_reduce",
        "logical_reduce(S, D, PROFILE[, f])",
        "D(i) = reduce over the modes of S at the integers of PROFILE, batched over its '_' modes (f: plus{} by default; prints nothing; cute/algorithm/tensor_reduce.hpp): CuTe 4.7 first asserts compatible(PROFILE, shape(S)), which a profile with '_' never is: a warning (a build with NDEBUG, as CUTLASS's tests, leaves the assert out)",
        "logical_reduce(make_tensor(make_inttuple_iter(0), make_layout(Shape<_4>{})), make_tensor<int>(Shape<_1>{}), 4)",
        3,
        4,
        |a| {
            tensor(a, 0, "logical_reduce", "source")?;
            written(a, 1, "logical_reduce", "destination")?;
            // its `assert(compatible(target_profile, shape(src)))`: eval::element_functions'
            // warning (CUTLASS's tests build with NDEBUG, which leaves it out)
            nothing()
        },
        void: true,
        coordinates: true
    ),
    f!(
        "batch_reduce",
        "batch_reduce(S, D[, f])",
        "D(i) = reduce(S(_,i), D(i), f) for i < size(D): S is (RedMode, BatchMode) (f: plus{} by default; prints nothing; cute/algorithm/tensor_reduce.hpp)",
        "batch_reduce(make_tensor<float>(Shape<_4,_2>{}), make_tensor<float>(Shape<_2>{}))",
        2,
        3,
        |a| {
            let src = tensor(a, 0, "batch_reduce", "source")?.0;
            let dst = written(a, 1, "batch_reduce", "destination")?;
            if src.rank() != 2 {
                return Err(EvalError::new(
                    format!(
                        "batch_reduce: CUTE_STATIC_ASSERT_V(rank(src) == Int<2>{{}}) fails: rank {} (CuTe does not compile)",
                        src.rank()
                    ),
                    a.spans[0],
                ));
            }
            let (batch, n) = (size_of_mode(&src, 1, a.spans[0])?, size(&dst, a.spans[1])?);
            if batch != n {
                return Err(EvalError::new(
                    format!(
                        "batch_reduce: assert(size<1>(src) == size(dst)) fails: {batch} != {n}"
                    ),
                    a.span,
                ));
            }
            nothing()
        },
        void: true
    ),
];
