//! Derivations as data: the algorithms report their steps to a [`Trace`] sink (`cute explain`).
//!
//! An algorithm with a `_traced` variant takes a sink generic over [`Trace`]; the plain
//! function calls it with [`NoTrace`], whose `ON` is `false`, so every `t.step(|| …)` is
//! compiled away and the plain path costs nothing. A [`Recorder`] keeps the steps. A step is
//! data — the rule applied, the values with their names, and an optional [`Check`]: an
//! equality or condition with its numbers that [`Check::verify`] evaluates on its own
//! (on every index of a domain up to [`VERIFY_LIMIT`] points).

use super::error::AlgebraError;
use super::int_tuple::{IntTuple, Tup};
use super::interrupt::Interrupt;
use super::layout::Layout;
use super::swizzle::Swizzle;

/// The most points one check evaluates; past it the first `VERIFY_LIMIT` are checked and the
/// verdict says so.
pub const VERIFY_LIMIT: i64 = crate::limits::MAX_ENUMERATED;

/// Points `--verify` evaluates over all the checks of one explanation together; checks past it
/// are reported unchecked, so a derivation with many large steps still finishes promptly.
pub const VERIFY_BUDGET: i64 = 4 * VERIFY_LIMIT;

/// The most steps a [`Recorder`] keeps; past it the rest are counted, not kept.
pub const MAX_STEPS: usize = 4096;

/// Where an algorithm reports its steps.
pub trait Trace {
    /// Whether this sink records anything (the no-op sink does not, and the closures passed to
    /// [`Trace::step`] are then never built).
    const ON: bool;
    /// Whether the operations' laws are checked on CuTe's results (SPEC §3): the plain sink
    /// does not check them (an intermediate step of an algorithm warns of nothing); the sinks
    /// of a function the user called ([`Laws`], [`Recorder`]) do, and are told what breaks.
    const LAWS: bool = Self::ON;
    /// CuTe's result breaks the operation's law (`violation`, an
    /// [`AlgebraError::LawViolated`]): CuTe's answer stands, the sink keeps the violation.
    fn law(&mut self, violation: AlgebraError) {
        let _ = violation;
    }
    /// Keep a step.
    fn record(&mut self, step: Step);
    /// The following steps are part of the last one (a sub-derivation).
    fn enter(&mut self) {}
    /// The sub-derivation is over.
    fn leave(&mut self) {}
    /// Whether the sink keeps no more steps (they are then counted, not built).
    fn full(&self) -> bool {
        false
    }
    /// Count a step that was not built because the sink is full.
    fn skip(&mut self) {}
    /// Report a step (built only when the sink records and has room).
    #[inline(always)]
    fn step(&mut self, f: impl FnOnce() -> Step) {
        if Self::ON {
            if self.full() {
                self.skip();
            } else {
                self.record(f());
            }
        }
    }
    /// Report a step and open a sub-derivation under it.
    #[inline(always)]
    fn section(&mut self, f: impl FnOnce() -> Step) {
        if Self::ON {
            self.step(f);
            self.enter();
        }
    }
    /// Close a sub-derivation opened by [`Trace::section`].
    #[inline(always)]
    fn end(&mut self) {
        if Self::ON {
            self.leave();
        }
    }
}

/// The sink of the plain functions: records nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn record(&mut self, _: Step) {}
}

/// The sink of a function the user called: records no step, but checks the laws and keeps
/// what breaks them (CuTe's answer stands; the caller warns of each violation, or refuses it
/// under `--strict`).
#[derive(Clone, Debug, Default)]
pub struct Laws {
    /// The laws CuTe's results broke, in order ([`AlgebraError::LawViolated`]).
    pub violations: Vec<AlgebraError>,
}

impl Trace for Laws {
    const ON: bool = false;
    const LAWS: bool = true;
    fn law(&mut self, violation: AlgebraError) {
        self.violations.push(violation);
    }
    #[inline(always)]
    fn record(&mut self, _: Step) {}
}

/// A sink that keeps the steps (at most [`MAX_STEPS`]), each with its nesting depth.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// The steps, in the order the algorithm took them.
    pub steps: Vec<Step>,
    /// Steps past [`MAX_STEPS`], counted and dropped.
    pub dropped: usize,
    depth: usize,
    /// The laws CuTe's results broke ([`Trace::law`]).
    pub violations: Vec<AlgebraError>,
}

impl Recorder {
    /// An empty recorder.
    pub fn new() -> Recorder {
        Recorder::default()
    }
}

impl Trace for Recorder {
    const ON: bool = true;
    fn law(&mut self, violation: AlgebraError) {
        self.violations.push(violation);
    }
    fn record(&mut self, mut step: Step) {
        if self.steps.len() >= MAX_STEPS {
            self.dropped += 1;
            return;
        }
        step.depth = self.depth;
        self.steps.push(step);
    }
    fn full(&self) -> bool {
        self.steps.len() >= MAX_STEPS
    }
    fn skip(&mut self) {
        self.dropped += 1;
    }
    fn enter(&mut self) {
        self.depth += 1;
    }
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

/// A value a step names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// An integer.
    Int(i64),
    /// An IntTuple (a shape, a coordinate).
    Tuple(IntTuple),
    /// A layout.
    Layout(Layout),
}

impl std::fmt::Display for Val {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Val::Int(v) => write!(f, "{v}"),
            Val::Tuple(t) => write!(f, "{t}"),
            Val::Layout(l) => write!(f, "{l}"),
        }
    }
}

impl From<i64> for Val {
    fn from(v: i64) -> Val {
        Val::Int(v)
    }
}

impl From<&Layout> for Val {
    fn from(l: &Layout) -> Val {
        Val::Layout(l.clone())
    }
}

impl From<Layout> for Val {
    fn from(l: Layout) -> Val {
        Val::Layout(l)
    }
}

impl From<&IntTuple> for Val {
    fn from(t: &IntTuple) -> Val {
        Val::Tuple(t.clone())
    }
}

impl From<&Tup> for Val {
    fn from(t: &Tup) -> Val {
        Val::Tuple(t.to_owned())
    }
}

/// One step of a derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Nesting (0: the operation asked for; set by the [`Recorder`]).
    pub depth: usize,
    /// The operation this step belongs to (`composition`, `coalesce`, …).
    pub op: &'static str,
    /// The rule or stage, a short stable name (`merge`, `stride walk`, `gap`, …).
    pub rule: &'static str,
    /// What happened, with the numbers filled in.
    pub text: String,
    /// The values involved, by name.
    pub values: Vec<(&'static str, Val)>,
    /// The equality or condition this step claims, to verify.
    pub check: Option<Check>,
}

impl Step {
    /// A step without values or check.
    pub fn new(op: &'static str, rule: &'static str, text: impl Into<String>) -> Step {
        Step {
            depth: 0,
            op,
            rule,
            text: text.into(),
            values: Vec::new(),
            check: None,
        }
    }

    /// With a named value.
    pub fn val(mut self, name: &'static str, v: impl Into<Val>) -> Step {
        self.values.push((name, v.into()));
        self
    }

    /// With `p` before the text.
    pub fn text_prefix(mut self, p: String) -> Step {
        self.text.insert_str(0, &p);
        self
    }

    /// With a check.
    pub fn check(mut self, c: Check) -> Step {
        self.check = Some(c);
        self
    }
}

/// An arithmetic relation between two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// `a == b`
    Eq,
    /// `a != b`
    Ne,
    /// `a < b`
    Lt,
    /// `a >= b`
    Ge,
    /// `a` divides `b` (`b % a == 0`)
    Divides,
    /// `a` does not divide `b`
    NotDivides,
}

impl Rel {
    /// Whether `a REL b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Rel::Eq => a == b,
            Rel::Ne => a != b,
            Rel::Lt => a < b,
            Rel::Ge => a >= b,
            Rel::Divides => a != 0 && b.checked_rem(a) == Some(0),
            Rel::NotDivides => !(a != 0 && b.checked_rem(a) == Some(0)),
        }
    }

    /// The symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Rel::Eq => "==",
            Rel::Ne => "!=",
            Rel::Lt => "<",
            Rel::Ge => ">=",
            Rel::Divides => "divides",
            Rel::NotDivides => "does not divide",
        }
    }
}

/// An equality or condition a step claims.
// the variants holding layouts (inline, no allocation) are the large ones; checks live only in
// a derivation
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// `lhs REL rhs`, with a label naming the quantities (`rest_stride % s_i`).
    Rel {
        /// What is compared, in the algorithm's names.
        label: String,
        /// Left number.
        lhs: i64,
        /// The relation.
        rel: Rel,
        /// Right number.
        rhs: i64,
    },
    /// At least one of the checks holds.
    Either(Box<Check>, Box<Check>),
    /// `lhs(i) == rhs(i)` for every `i < size(lhs)` (and the sizes agree).
    SameFunction {
        /// The first layout.
        lhs: Layout,
        /// The second layout.
        rhs: Layout,
    },
    /// `r(i) == a(b(i))` for every `i < size(b)` (a extends its last mode past its size).
    Composition {
        /// The outer layout.
        a: Layout,
        /// The inner layout.
        b: Layout,
        /// The result.
        r: Layout,
    },
    /// `l` takes no value twice on its domain.
    Injective {
        /// The layout.
        l: Layout,
    },
    /// `l(r(i)) == i` for every `i < size(r)`.
    RightInverse {
        /// The layout.
        l: Layout,
        /// Its right inverse.
        r: Layout,
    },
    /// `r(l(i)) == i` for every `i < size(l)`.
    LeftInverse {
        /// The layout.
        l: Layout,
        /// Its left inverse.
        r: Layout,
    },
    /// `to` has the modes (shape:stride leaf pairs) of `from`, rearranged.
    Rearranged {
        /// Before.
        from: Layout,
        /// After.
        to: Layout,
    },
    /// `sw(x) == out`, evaluated bit by bit from the definition: bit `k` of `out` is bit `k`
    /// of `x`, flipped by bit `k + S` of `x` for each bit `k` of the ZZZ mask.
    SwizzleBits {
        /// The swizzle.
        sw: Swizzle,
        /// Its argument.
        x: i64,
        /// The claimed value.
        out: i64,
    },
}

/// What verifying a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The check holds at `points` points (of `of`: fewer when the domain was capped).
    Holds {
        /// Points evaluated.
        points: i64,
        /// Points of the whole domain.
        of: i64,
    },
    /// The check fails; where and how.
    Fails(String),
    /// Not evaluated: the explanation's [`VERIFY_BUDGET`] was spent on earlier checks.
    Unchecked {
        /// Points of the whole domain.
        of: i64,
    },
}

impl Verdict {
    /// Whether it held.
    pub fn ok(&self) -> bool {
        matches!(self, Verdict::Holds { .. } | Verdict::Unchecked { .. })
    }
}

fn size_of(l: &Layout) -> Result<i64, AlgebraError> {
    l.size()
}

fn at(l: &Layout, i: i64) -> Result<i64, AlgebraError> {
    l.at(i)
}

/// What an explanation's checks may still spend: points ([`VERIFY_BUDGET`] to begin with) and
/// the caller's Ctrl-C, handed in.
pub struct Budget<'a> {
    points: i64,
    interrupt: &'a Interrupt,
}

impl<'a> Budget<'a> {
    /// The whole [`VERIFY_BUDGET`], stopped early when `interrupt` is raised.
    pub fn new(interrupt: &'a Interrupt) -> Budget<'a> {
        Budget {
            points: VERIFY_BUDGET,
            interrupt,
        }
    }
}

/// Every `i` in `[0, n)` up to the cap and what is left of the budget (which it spends); the
/// first failure ends it.
fn each(
    n: i64,
    budget: &mut Budget,
    mut f: impl FnMut(i64) -> Result<Option<String>, AlgebraError>,
) -> Verdict {
    let points = n.clamp(0, VERIFY_LIMIT).min(budget.points);
    if points == 0 && n > 0 {
        return Verdict::Unchecked { of: n };
    }
    budget.points -= points;
    for i in 0..points {
        // Ctrl-C: this check and the rest go unchecked (the explanation then fails as
        // interrupted)
        if i & 0xfff == 0 && budget.interrupt.raised() {
            budget.points = 0;
            return Verdict::Unchecked { of: n };
        }
        match f(i) {
            Ok(None) => {}
            Ok(Some(why)) => return Verdict::Fails(why),
            Err(e) => return Verdict::Fails(format!("at i = {i}: {e}")),
        }
    }
    Verdict::Holds { points, of: n }
}

impl Check {
    /// A relation.
    pub fn rel(label: impl Into<String>, lhs: i64, rel: Rel, rhs: i64) -> Check {
        Check::Rel {
            label: label.into(),
            lhs,
            rel,
            rhs,
        }
    }

    /// Whether the check holds as the algorithm found it (a relation's numbers; the laws are
    /// claimed true and only [`Check::verify`] evaluates them).
    pub fn claimed(&self) -> bool {
        match self {
            Check::Rel { lhs, rel, rhs, .. } => rel.holds(*lhs, *rhs),
            Check::Either(a, b) => a.claimed() || b.claimed(),
            _ => true,
        }
    }

    /// The claim in words, with its numbers.
    pub fn statement(&self) -> String {
        match self {
            Check::Rel {
                label,
                lhs,
                rel,
                rhs,
            } => {
                let sym = rel.symbol();
                if label.is_empty() {
                    format!("{lhs} {sym} {rhs}")
                } else {
                    format!("{label}: {lhs} {sym} {rhs}")
                }
            }
            Check::Either(a, b) => format!("{} or {}", a.statement(), b.statement()),
            Check::SameFunction { lhs, rhs } => {
                format!("{lhs} and {rhs} are the same function: L(i) == L'(i) for all i")
            }
            Check::Composition { a, b, r } => {
                format!("R(i) == A(B(i)) for all i, with A = {a}, B = {b}, R = {r}")
            }
            Check::Injective { l } => format!("{l} is injective"),
            Check::RightInverse { l, r } => format!("L(R(i)) == i for all i, L = {l}, R = {r}"),
            Check::LeftInverse { l, r } => format!("R(L(i)) == i for all i, L = {l}, R = {r}"),
            Check::Rearranged { from, to } => {
                format!("{to} has the modes of {from}, regrouped")
            }
            Check::SwizzleBits { sw, x, out } => format!("{sw}({x}) == {out} bit by bit"),
        }
    }

    /// Evaluate the check (every index of its domain, up to [`VERIFY_LIMIT`] points).
    /// `budget`: what is left for this explanation's checks ([`Budget`]); spent here.
    pub fn verify(&self, budget: &mut Budget) -> Verdict {
        match self.verify_inner(budget) {
            Ok(v) => v,
            Err(e) => Verdict::Fails(e.to_string()),
        }
    }

    fn verify_inner(&self, budget: &mut Budget) -> Result<Verdict, AlgebraError> {
        Ok(match self {
            Check::Rel { lhs, rel, rhs, .. } => {
                if rel.holds(*lhs, *rhs) {
                    Verdict::Holds { points: 1, of: 1 }
                } else {
                    Verdict::Fails(format!("{lhs} {} {rhs} is false", rel.symbol()))
                }
            }
            Check::Either(a, b) => {
                let va = a.verify(budget);
                if va.ok() { va } else { b.verify(budget) }
            }
            Check::SameFunction { lhs, rhs } => {
                let (n, m) = (size_of(lhs)?, size_of(rhs)?);
                if n != m {
                    return Ok(Verdict::Fails(format!("sizes differ: {n} and {m}")));
                }
                each(n, budget, |i| {
                    let (x, y) = (at(lhs, i)?, at(rhs, i)?);
                    Ok((x != y).then(|| format!("at i = {i}: {x} != {y}")))
                })
            }
            Check::Composition { a, b, r } => {
                let (n, m) = (size_of(b)?, size_of(r)?);
                if n != m {
                    return Ok(Verdict::Fails(format!("size(R) = {m} but size(B) = {n}")));
                }
                each(n, budget, |i| {
                    let bi = at(b, i)?;
                    let (want, got) = (at(a, bi)?, at(r, i)?);
                    Ok((want != got).then(|| {
                        format!("at i = {i}: R(i) = {got} but A(B(i)) = A({bi}) = {want}")
                    }))
                })
            }
            Check::Injective { l } => {
                let n = size_of(l)?;
                let mut seen = std::collections::HashMap::new();
                each(n, budget, |i| {
                    let x = at(l, i)?;
                    Ok(seen.insert(x, i).map(|j| format!("L({j}) = L({i}) = {x}")))
                })
            }
            Check::RightInverse { l, r } => {
                let n = size_of(r)?;
                each(n, budget, |i| {
                    let ri = at(r, i)?;
                    let x = at(l, ri)?;
                    Ok((x != i).then(|| format!("L(R({i})) = L({ri}) = {x}")))
                })
            }
            Check::LeftInverse { l, r } => {
                let n = size_of(l)?;
                each(n, budget, |i| {
                    let li = at(l, i)?;
                    let x = at(r, li)?;
                    Ok((x != i).then(|| format!("R(L({i})) = R({li}) = {x}")))
                })
            }
            Check::Rearranged { from, to } => {
                let pairs = |l: &Layout| {
                    let mut v: Vec<(i64, i64)> = l
                        .shape()
                        .leaves()
                        .into_iter()
                        .zip(l.stride().leaves())
                        .collect();
                    v.sort_unstable();
                    v
                };
                if pairs(from) == pairs(to) {
                    let n = from.shape().leaves().len() as i64;
                    Verdict::Holds { points: n, of: n }
                } else {
                    Verdict::Fails("the modes differ".into())
                }
            }
            Check::SwizzleBits { sw, x, out } => {
                let mut want = *x;
                for k in 0..63 {
                    if (sw.zzz_msk() >> k) & 1 == 1 {
                        let from = k + sw.shift;
                        if (0..63).contains(&from) && (x >> from) & 1 == 1 {
                            want ^= 1 << k;
                        }
                    }
                }
                if want == *out {
                    Verdict::Holds { points: 1, of: 1 }
                } else {
                    Verdict::Fails(format!("bit by bit it is {want}, not {out}"))
                }
            }
        })
    }
}
