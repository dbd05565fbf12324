//! `cute explain`: evaluate an expression's outermost operation with a [`Recorder`] as its
//! trace sink, so the result comes with the steps the algorithm took to get it.
//!
//! The arguments are evaluated as usual; the operation itself runs through the `_traced`
//! variant of the very algorithm the plain evaluation uses, so the result is the plain result.

use super::convert::{layout_of, tensor_of, to_coord, to_index, to_int, to_int_tuple, to_tiler};
use super::{Env, EvalError, Value, compose_values, functions};
use crate::algebra::trace::{Recorder, Step, Trace, Verdict};
use crate::algebra::{self, IntTuple, Layout, Tiler};
use crate::algebra::{complement, composition, coord, divide, inverse};
use crate::parser::{self, BinOp, Expr, ExprKind, Span};

/// What to explain besides the derivation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplainOptions {
    /// Evaluate every step's check.
    pub verify: bool,
    /// Also show the arithmetic of the result at this index.
    pub index: Option<i64>,
}

/// An expression's result with its derivation.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The expression as written.
    pub expr: String,
    /// The steps, in order (with their nesting depth).
    pub steps: Vec<Step>,
    /// Steps left out past the limit.
    pub dropped: usize,
    /// The result, or the error that ended the derivation.
    pub result: Result<Value, EvalError>,
    /// With `verify`: each step's verdict (None for a step without a check).
    pub verdicts: Option<Vec<Option<Verdict>>>,
}

impl Explanation {
    /// Whether the result was computed and every check verified (when verified).
    pub fn ok(&self) -> bool {
        self.result.is_ok()
            && self
                .verdicts
                .as_ref()
                .is_none_or(|v| v.iter().flatten().all(Verdict::ok))
    }
}

/// The names `explain` derives step by step (other expressions are evaluated and say so).
pub const EXPLAINED: &[&str] = &[
    "coalesce",
    "filter",
    "composition",
    "complement",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "right_inverse",
    "left_inverse",
    "idx2crd",
    "crd2idx",
    "local_tile",
    "local_partition",
];

/// Explain one expression in a session. A parse error, or a failure evaluating the arguments,
/// is an `Err`; a failure of the explained operation is the explanation's result.
pub fn explain(env: &Env, src: &str, opts: &ExplainOptions) -> Result<Explanation, EvalError> {
    let arena = parser::Bump::new();
    let expr = parser::parse_expr(src, &arena)?;
    let mut rec = Recorder::new();
    let result = traced(env, &expr, &mut rec)?;
    let result = result.and_then(|v| {
        crate::limits::check_value(&v).map_err(|m| EvalError::new(m, expr.span))?;
        Ok(v)
    });
    // the arithmetic at `--index`: an index outside the domain, or an overflow there, fails
    let result = match (result, opts.index) {
        (Ok(v), Some(i)) => match at_index(&v, i, &mut rec) {
            Ok(()) => Ok(v),
            Err(e) => Err(EvalError::algebra(e, expr.span)),
        },
        (r, _) => r,
    };
    let verdicts = opts.verify.then(|| {
        let mut budget = crate::algebra::trace::VERIFY_BUDGET;
        rec.steps
            .iter()
            .map(|s| s.check.as_ref().map(|c| c.verify(&mut budget)))
            .collect()
    });
    if crate::interrupt::raised() {
        return Err(EvalError::limit("interrupted (Ctrl-C)", expr.span));
    }
    Ok(Explanation {
        expr: src.trim().to_string(),
        steps: rec.steps,
        dropped: rec.dropped,
        result,
        verdicts,
    })
}

type Outcome = Result<Result<Value, EvalError>, EvalError>;

/// The outermost operation, traced. Outer `Err`: the arguments failed; inner: the operation.
fn traced(env: &Env, e: &Expr, t: &mut Recorder) -> Outcome {
    let span = e.span;
    let alg = |err: algebra::AlgebraError| EvalError::algebra(err, span);
    match &e.kind {
        ExprKind::Group(inner) => traced(env, inner, t),
        ExprKind::Binary(op, a, b) => {
            let va = env.eval(a)?;
            let vb = env.eval(b)?;
            let both_ints = va.as_int().is_some() && vb.as_int().is_some();
            let name = match op {
                _ if both_ints => return plain(env, e, t),
                BinOp::Compose => "composition",
                BinOp::Divide => "logical_divide",
                BinOp::Product => "logical_product",
                BinOp::Rem | BinOp::Add | BinOp::Sub => return plain(env, e, t),
            };
            call_traced(env, e, name, &[va, vb], &[a.span, b.span], t, &alg)
        }
        ExprKind::Call(callee, args) => {
            if let ExprKind::Name(n) = &callee.kind
                && env.get(n).is_none()
            {
                if !EXPLAINED.contains(n) {
                    return plain(env, e, t);
                }
                // keyword arguments (CuTe DSL) in their positions; `mode=` is not traced
                let placed;
                let args = match functions::lookup(n) {
                    Some(f) if args.iter().any(|a| matches!(a.kind, ExprKind::Keyword(..))) => {
                        let (given, mode) = Env::positional(f, args, span)?;
                        if mode.is_some() {
                            return plain(env, e, t);
                        }
                        placed = given;
                        &placed[..]
                    }
                    _ => args,
                };
                let vals = env.eval_args(args)?;
                let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
                return call_traced(env, e, n, &vals, &spans, t, &alg);
            }
            if matches!(callee.kind, ExprKind::Field(..)) {
                return plain(env, e, t);
            }
            let target = env.eval(callee)?;
            let vals = args
                .iter()
                .map(|a| env.eval(a))
                .collect::<Result<Vec<_>, _>>()?;
            let coord = if vals.len() == 1 {
                vals.into_iter().next().expect("one")
            } else {
                Value::tuple(vals)
            };
            let cspan = args
                .first()
                .map(|a| a.span.to(args.last().expect("non-empty").span))
                .unwrap_or(span);
            match (&target, to_coord(&coord, cspan).ok()) {
                (Value::Layout(l), Some(c)) if !c.has_underscore() => {
                    let ct = c.to_int_tuple().expect("no underscore");
                    t.step(|| {
                        Step::new(
                            "evaluate",
                            "definition",
                            format!(
                                "{l}({ct}): the coordinate through the shape, times the stride"
                            ),
                        )
                    });
                    Ok(coord::crd2idx_traced(&ct, l.shape(), l.stride(), t)
                        .map(Value::int)
                        .map_err(|err| EvalError::algebra(err, cspan)))
                }
                (Value::Swizzle(s), _) => {
                    let i = to_int(&coord, cspan)?;
                    Ok(Ok(Value::int(s.apply_traced(i, t))))
                }
                _ => plain(env, e, t),
            }
        }
        _ => plain(env, e, t),
    }
}

/// No derivation for this expression: its value, and a step saying so.
fn plain(env: &Env, e: &Expr, t: &mut Recorder) -> Outcome {
    t.step(|| {
        Step::new(
            "explain",
            "no derivation",
            format!(
                "no derivation for this expression; explain derives calls of {} (and `o`, `/`, `*`), L(i) and Sw<B,M,S>(i)",
                EXPLAINED.join(", ")
            ),
        )
    });
    Ok(env.eval(e))
}

#[allow(clippy::too_many_arguments)]
fn call_traced(
    env: &Env,
    e: &Expr,
    name: &str,
    vals: &[Value],
    spans: &[Span],
    t: &mut Recorder,
    alg: &dyn Fn(algebra::AlgebraError) -> EvalError,
) -> Outcome {
    let Some(f) = functions::lookup(name) else {
        return plain(env, e, t);
    };
    let n = vals.len();
    if n < f.arity.0 || n > f.arity.1 {
        // the plain call names the arity error
        return Ok(functions::call(f, vals, spans, e.span));
    }
    let layout = |i: usize| layout_of(&vals[i], spans[i]).map(|c| c.into_owned());
    let tiler = |i: usize| to_tiler(&vals[i], spans[i]);
    let is_plain_layout = |i: usize| matches!(vals[i], Value::Layout(_) | Value::IntTuple(_));
    let lay = |r: algebra::Result<Layout>| r.map(Value::Layout).map_err(alg);
    let out = match name {
        "coalesce" if n == 1 && is_plain_layout(0) => {
            let l = layout(0)?;
            lay(l.coalesce_traced(t))
        }
        "coalesce" if n == 2 && is_plain_layout(0) => {
            let l = layout(0)?;
            let profile = to_int_tuple(&vals[1], spans[1])?;
            lay(l.coalesce_profile_traced(&profile, t))
        }
        "filter" if n == 1 && is_plain_layout(0) => {
            let l = layout(0)?;
            lay(l.filter_traced(t))
        }
        "composition" if n == 2 => {
            let (a, b) = (&vals[0], &vals[1]);
            let layout_like =
                matches!(a, Value::Layout(_)) || matches!(a, Value::IntTuple(IntTuple::Tuple(_)));
            let tiler_like =
                !matches!(b, Value::Swizzle(_) | Value::Composed(_) | Value::Offset(_));
            if layout_like && tiler_like {
                let l = layout(0)?;
                let tl = tiler(1)?;
                lay(composition::compose_tiler_traced(&l, &tl, t))
            } else {
                t.step(|| {
                    Step::new(
                        "composition",
                        "no derivation",
                        format!("{} o {}: a swizzle, offset or composed layout; composed as CuTe does, without a derivation", a.kind(), b.kind()),
                    )
                });
                compose_values(a, spans[0], b, spans[1], e.span)
            }
        }
        "complement" if is_plain_layout(0) => {
            let l = layout(0)?;
            let target = if n == 2 {
                Some(match &vals[1] {
                    Value::Layout(m) => m.shape().clone(),
                    _ => to_int_tuple(&vals[1], spans[1])?,
                })
            } else {
                None
            };
            lay(complement::complement_traced(&l, target.as_ref(), t))
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product"
            if is_plain_layout(0) =>
        {
            let l = layout(0)?;
            let tl = tiler(1)?;
            let f: fn(&Layout, &Tiler, &mut Recorder) -> algebra::Result<Layout> = match name {
                "logical_divide" => divide::logical_divide_traced,
                "zipped_divide" => divide::zipped_divide_traced,
                "tiled_divide" => divide::tiled_divide_traced,
                "flat_divide" => divide::flat_divide_traced,
                "logical_product" => divide::logical_product_traced,
                "zipped_product" => divide::zipped_product_traced,
                "tiled_product" => divide::tiled_product_traced,
                _ => divide::flat_product_traced,
            };
            lay(f(&l, &tl, t))
        }
        "blocked_product" | "raked_product" if is_plain_layout(0) && is_plain_layout(1) => {
            let (a, b) = (layout(0)?, layout(1)?);
            lay(if name == "blocked_product" {
                divide::blocked_product_traced(&a, &b, t)
            } else {
                divide::raked_product_traced(&a, &b, t)
            })
        }
        "right_inverse" | "left_inverse" if is_plain_layout(0) => {
            let l = layout(0)?;
            lay(if name == "right_inverse" {
                inverse::right_inverse_traced(&l, t)
            } else {
                inverse::left_inverse_traced(&l, t)
            })
        }
        "local_tile" if n == 3 => {
            let tensor = tensor_of(&vals[0], spans[0])?;
            let c = to_coord(&vals[2], spans[2])?;
            algebra::tensor::local_tile_traced(&tensor, &tiler(1)?, &c, t)
                .map(|r| Value::OffsetLayout(r.offset, r.layout))
                .map_err(alg)
        }
        "local_partition" if n == 3 => {
            let tensor = tensor_of(&vals[0], spans[0])?;
            let idx = to_index(&vals[2], spans[2])? as i64;
            algebra::tensor::local_partition_traced(&tensor, &layout(1)?, idx, t)
                .map(|r| Value::OffsetLayout(r.offset, r.layout))
                .map_err(alg)
        }
        "idx2crd" if n == 2 => {
            let (i, s) = (
                to_int_tuple(&vals[0], spans[0])?,
                to_int_tuple(&vals[1], spans[1])?,
            );
            coord::idx2crd_traced(&i, &s, t)
                .map(Value::IntTuple)
                .map_err(alg)
        }
        "crd2idx" if n == 2 && matches!(vals[1], Value::Layout(_)) => {
            let c = to_int_tuple(&vals[0], spans[0])?;
            let l = layout(1)?;
            coord::crd2idx_traced(&c, l.shape(), l.stride(), t)
                .map(Value::int)
                .map_err(alg)
        }
        "crd2idx" if n == 3 => {
            let c = to_int_tuple(&vals[0], spans[0])?;
            let (s, d) = (
                to_int_tuple(&vals[1], spans[1])?,
                to_int_tuple(&vals[2], spans[2])?,
            );
            coord::crd2idx_traced(&c, &s, &d, t)
                .map(Value::int)
                .map_err(alg)
        }
        _ => {
            t.step(|| {
                Step::new(
                    "explain",
                    "no derivation",
                    format!("{name} with these arguments is evaluated without a derivation"),
                )
            });
            functions::call(f, vals, spans, e.span)
        }
    };
    Ok(out)
}

/// The arithmetic of the result at index `i`, which must lie in its domain `[0, size)`.
fn at_index(v: &Value, i: i64, t: &mut Recorder) -> algebra::Result<()> {
    const OP: &str = "explain --index";
    let in_domain = |l: &Layout| -> algebra::Result<()> {
        let n = l.size()?;
        if !(0..n).contains(&i) {
            return Err(algebra::error::condition(
                OP,
                format!("index {i} is outside the domain [0, {n}) of {l}"),
            ));
        }
        Ok(())
    };
    match v {
        Value::Layout(l) => {
            in_domain(l)?;
            t.section(|| {
                Step::new(
                    "evaluate",
                    "index",
                    format!("the result at index {i}: {l}({i})"),
                )
            });
            let r = coord::crd2idx_traced(&IntTuple::Int(i), l.shape(), l.stride(), t);
            t.end();
            r.map(|_| ())
        }
        Value::Swizzle(s) => {
            if i < 0 {
                return Err(algebra::error::condition(
                    OP,
                    format!("index {i} is negative: a swizzle acts on offsets from 0"),
                ));
            }
            t.section(|| Step::new("evaluate", "index", format!("{s}({i})")));
            s.apply_traced(i, t);
            t.end();
            Ok(())
        }
        Value::Composed(c) => {
            in_domain(&c.layout)?;
            t.section(|| Step::new("evaluate", "index", format!("{c} at index {i}")));
            let r = composed_at(c, i, t);
            t.end();
            r
        }
        _ => {
            t.step(|| {
                Step::new(
                    "evaluate",
                    "index",
                    format!(
                        "--index applies to a layout, a swizzle or a composed layout, not {}",
                        v.kind()
                    ),
                )
            });
            Ok(())
        }
    }
}

/// A composed layout at index `i`: the inner layout, the offset, the swizzle (on bytes for a
/// GMMA atom's `smem_ptr`), each step traced.
fn composed_at(c: &algebra::ComposedLayout, i: i64, t: &mut Recorder) -> algebra::Result<()> {
    const OP: &str = "explain --index";
    let inner = coord::crd2idx_traced(&IntTuple::Int(i), c.layout.shape(), c.layout.stride(), t)?;
    match c.offset {
        algebra::Offset::Int(o) => {
            let x = algebra::arith::add(o, inner, OP)?;
            t.step(|| Step::new("evaluate", "offset", format!("offset {o} + {inner} = {x}")));
            c.swizzle.apply_traced(x, t);
        }
        algebra::Offset::SmemPtr(bits) => {
            let bytes = algebra::arith::mul(inner, bits, OP)? / 8;
            t.step(|| {
                Step::new(
                    "evaluate",
                    "bytes",
                    format!(
                        "element {inner} of {bits} bits is byte {bytes}; the swizzle acts on bytes"
                    ),
                )
            });
            let sw = c.swizzle.apply_traced(bytes, t);
            let out = algebra::arith::mul(sw, 8, OP)? / bits.max(1);
            t.step(|| {
                Step::new(
                    "evaluate",
                    "elements",
                    format!("byte {sw} is element {sw} * 8 / {bits} = {out}"),
                )
            });
        }
    }
    Ok(())
}
