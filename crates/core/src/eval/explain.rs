//! `cute explain`: evaluate an expression's outermost operation with a [`Recorder`] as its
//! trace sink, so the result comes with the steps the algorithm took to get it.
//!
//! The arguments are evaluated as usual; the operation itself runs through the `_traced`
//! variant of the very algorithm the plain evaluation uses, so the result is the plain result.

use super::convert::{to_coord, to_int};
use super::{Env, EvalError, Value, Warning, functions};
use crate::algebra::composition::Rule;
use crate::algebra::coord;
use crate::algebra::trace::{Budget, Recorder, Step, Trace, Verdict};
use crate::algebra::{self, IntTuple, Layout};
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
    /// The laws CuTe's answer breaks (SPEC §3): the result stands, with these warnings.
    pub warnings: Vec<Warning>,
}

impl Explanation {
    /// Whether the result was computed and every check verified (when verified: a result
    /// that breaks its law, a warning, fails `--verify`).
    pub fn ok(&self) -> bool {
        self.result.is_ok()
            && self
                .verdicts
                .as_ref()
                .is_none_or(|v| v.iter().flatten().all(Verdict::ok) && self.warnings.is_empty())
    }
}

/// Explain one expression in a session. A parse error, or a failure evaluating the arguments,
/// is an `Err`; a failure of the explained operation is the explanation's result.
pub fn explain(env: &Env, src: &str, opts: &ExplainOptions) -> Result<Explanation, EvalError> {
    let arena = parser::Bump::new();
    let expr = parser::parse_expr(src, &arena)?;
    let mut rec = Recorder::new();
    env.warnings.borrow_mut().clear();
    // DSL text is derived as the DSL computes it (its compositions: `algebra::composition::Rule`),
    // C++ text in `int` constants
    let dsl = env.dsl_session || parser::is_dsl_text(src);
    let rule = Rule::of_text(dsl, !dsl && parser::is_cpp_text(src, env.dsl_session));
    let result = traced(env, rule, &expr, &mut rec)?;
    let warnings = std::mem::take(&mut *env.warnings.borrow_mut());
    let result = result.and_then(|v| {
        super::value::check_value(&v).map_err(|m| EvalError::new(m, expr.span))?;
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
        let mut budget = Budget::new(env.interrupt());
        rec.steps
            .iter()
            .map(|s| s.check.as_ref().map(|c| c.verify(&mut budget)))
            .collect()
    });
    if env.interrupt().raised() {
        return Err(EvalError::limit("interrupted (Ctrl-C)", expr.span));
    }
    Ok(Explanation {
        expr: src.trim().to_string(),
        steps: rec.steps,
        dropped: rec.dropped,
        result,
        verdicts,
        warnings,
    })
}

type Outcome = Result<Result<Value, EvalError>, EvalError>;

/// The outermost operation, traced. Outer `Err`: the arguments failed; inner: the operation.
fn traced(env: &Env, rule: Rule, e: &Expr, t: &mut Recorder) -> Outcome {
    let span = e.span;
    match &e.kind {
        ExprKind::Group(inner) => traced(env, rule, inner, t),
        // `&&` and `||` evaluate their right side only where the left does not decide
        ExprKind::Binary(BinOp::And | BinOp::Or, ..) => plain(env, e, t),
        ExprKind::Binary(op, a, b) => {
            let va = env.eval(a)?;
            let vb = env.eval(b)?;
            let both_ints = va.as_int().is_some() && vb.as_int().is_some();
            let name = match op {
                _ if both_ints => return plain(env, e, t),
                BinOp::And | BinOp::Or => unreachable!("read above"),
                BinOp::Compose => "composition",
                BinOp::Divide => "logical_divide",
                BinOp::Product => "logical_product",
                BinOp::Rem
                | BinOp::FloorDiv
                | BinOp::Pow
                | BinOp::Add
                | BinOp::Sub
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::Shl
                | BinOp::Shr
                | BinOp::BitAnd
                | BinOp::BitXor
                | BinOp::BitOr
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::In
                | BinOp::NotIn => {
                    return plain(env, e, t);
                }
            };
            call_traced(env, rule, e, name, &[va, vb], &[a.span, b.span], t)
        }
        ExprKind::Call(callee, args) => {
            if let Some(n) = env.called_function(callee) {
                // a template form of an explained function (`upcast<2>(L)`): its template
                // arguments placed among the call's, as the plain call places them
                if functions::lookup(n).is_none()
                    && let Some(tf) = functions::templated(n)
                    && !tf.mode_index
                    && tf.query.is_none()
                    && tf.inner.is_explained()
                {
                    let called = env.eval_args(args)?;
                    let arg_spans = args.iter().map(|a| a.span);
                    let tspans = std::iter::repeat_n(callee.span, tf.indices.len());
                    let (vals, spans): (Vec<Value>, Vec<Span>) = match tf.placement {
                        functions::TemplateArgs::Before => (
                            tf.indices.iter().cloned().chain(called).collect(),
                            tspans.chain(arg_spans).collect(),
                        ),
                        _ => (
                            called
                                .into_iter()
                                .chain(tf.indices.iter().cloned())
                                .collect(),
                            arg_spans.chain(tspans).collect(),
                        ),
                    };
                    return call_traced(env, rule, e, tf.inner.name, &vals, &spans, t);
                }
                if !functions::lookup(n).is_some_and(|f| f.is_explained()) {
                    return plain(env, e, t);
                }
                // keyword arguments (CuTe DSL) in their positions; `mode=` is not traced
                let placed;
                let args = match functions::lookup(n) {
                    Some(f) if args.iter().any(|a| matches!(a.kind, ExprKind::Keyword(..))) => {
                        let (given, mode) = Env::positional(f, args, span, false)?;
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
                return call_traced(env, rule, e, n, &vals, &spans, t);
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
                functions::explained().collect::<Vec<_>>().join(", ")
            ),
        )
    });
    Ok(env.eval(e))
}

/// The call of `name`, traced through the function table; a call with no derivation for its
/// arguments is evaluated plainly, with a step saying so.
fn call_traced(
    env: &Env,
    rule: Rule,
    e: &Expr,
    name: &str,
    vals: &[Value],
    spans: &[Span],
    t: &mut Recorder,
) -> Outcome {
    let Some(f) = functions::lookup(name) else {
        return plain(env, e, t);
    };
    if let Some(result) = functions::call_traced(f, vals, spans, e.span, rule, t)? {
        // the laws of the function explained (the user's call), as its plain call checks
        // them: not those of its inner steps (the divide inside a local_tile)
        t.violations.clear();
        if functions::has_law(f) && result.is_ok() {
            let mut laws = crate::algebra::trace::Laws::default();
            if functions::call_checking_in(f, vals, spans, e.span, Some(&mut laws), false, rule)
                .is_ok()
                && let Err(err) = env.laws_broken(f, laws.violations, e.span)
            {
                return Ok(Err(err));
            }
        }
        return Ok(result);
    }
    t.step(|| {
        Step::new(
            "explain",
            "no derivation",
            format!("{name} with these arguments is evaluated without a derivation"),
        )
    });
    Ok(env.call_function(f, vals, spans, e.span))
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
            let at = IntTuple::int(i);
            let r = if l.stride().has_basis() {
                coord::crd2idx_traced::<algebra::basis::Index, _>(&at, l.shape(), l.stride(), t)
                    .map(|_| ())
            } else {
                coord::crd2idx_traced::<i64, _>(&at, l.shape(), l.stride(), t).map(|_| ())
            };
            t.end();
            r
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
    let inner = coord::crd2idx_traced(&IntTuple::int(i), c.layout.shape(), c.layout.stride(), t)?;
    match c.offset.plain() {
        crate::algebra::swizzle::PlainOffset::Int(o) => {
            let x = algebra::arith::add(o.value, inner, OP)?;
            t.step(|| Step::new("evaluate", "offset", format!("offset {o} + {inner} = {x}")));
            c.swizzle.apply_traced(x, t);
        }
        crate::algebra::swizzle::PlainOffset::SmemPtr(bits) => {
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
