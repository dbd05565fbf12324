//! Composition `A o B`, ported from CuTe's `composition_impl`, with the law `R(i) == A(B(i))` checked.

use std::fmt;

use super::arith;
use super::basis::Stride;
use super::error::{AlgebraError, Result, condition};
use super::flat::{FlatModes, LayoutBuilder, Mark};
use super::int_tuple::{
    IntTuple, Tup,
    View::{Int, Tuple},
};
use super::integer::Int as Kinded;
use super::laws;
use super::layout::{Layout, LayoutRef, coalesce_flat_modes_traced};
use super::tiler::Tiler;
use super::trace::{Check, NoTrace, Rel, Step, Trace};

const OP: &str = "composition";

/// Which CuTe's composition is computed: C++'s `composition_impl`, or the CuTe DSL's (DSL
/// text: every composition under a DSL call, the divides' and products' included, handed down
/// from the call as this value).
///
/// The DSL's `composition` (its MLIR op) coalesces the image of a leaf of B where A's last mode
/// takes the rest after other modes were taken (`append(result_shape, rest_shape)`), which CuTe
/// C++ leaves as `composition_impl` builds it; an image that ends before A's last mode is kept
/// (`cute.composition(cute.make_layout((5, 3, 8), stride=(1, 6, 24)), cute.make_layout(6,
/// stride=2))` is `(3,2):(2,6)`, as in C++) (dsl-oracle: `cute.composition(cute.make_layout((3,
/// 8), stride=(1,4)), cute.make_layout(4, stride=2))` is `4:2`, C++'s `(_2,_2):(_2,_4)`;
/// `cute.composition(cute.make_layout((4, cutlass.Int32(16))), cute.make_layout(8, stride=1))`
/// is `8:1`, C++'s `(_4,_2):(_1,_4)`; `cute.composition(cute.make_layout((2,
/// cutlass.Int32(16))), cute.make_layout(((2,2),2), stride=((1,2),4)))` keeps B's leaves). The
/// coalescing is C++'s `coalesce` (a mode merges only into a static front: `(2,?,?):(2,4,?)`
/// stays).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rule {
    /// CuTe C++'s `composition_impl` (the notation's: its static integers are 64-bit, SPEC §1).
    #[default]
    Cpp,
    /// The CuTe DSL's composition.
    Dsl,
    /// CuTe C++'s, of C++ text: its static integers are `int` constants (`Int<N>` is
    /// `C<int(N)>`), whose product or sum past `int`'s range C++ computes at run time in `int`
    /// ([`super::Int::mul_under`]).
    CppText,
}

impl Rule {
    /// The DSL's rule where `dsl`, else C++'s.
    pub fn of(dsl: bool) -> Rule {
        if dsl { Rule::Dsl } else { Rule::Cpp }
    }

    /// C++ text's rule where this is it, else C++'s: for a function whose DSL form computes as
    /// C++'s, where only C++ text's `int` constants differ.
    pub fn cpp_text_or_cpp(self) -> Rule {
        match self {
            Rule::CppText => Rule::CppText,
            _ => Rule::Cpp,
        }
    }

    /// The rule of a statement: the DSL's where `dsl`, C++ text's where `cpp_text`, else the
    /// notation's (C++'s).
    pub fn of_text(dsl: bool, cpp_text: bool) -> Rule {
        match (dsl, cpp_text) {
            (true, _) => Rule::Dsl,
            (false, true) => Rule::CppText,
            (false, false) => Rule::Cpp,
        }
    }
}

/// CuTe's `composition(A, B)` of two layouts, its law not checked (an intermediate step);
/// [`compose_traced`] with a [`super::trace::Laws`] sink checks it.
pub fn compose(a: &Layout, b: &Layout) -> Result<Layout> {
    compose_traced(a, b, &mut NoTrace)
}

/// CuTe's `composition(A, B)` without the law check, nor the sink machinery.
pub fn compose_unchecked(a: &Layout, b: &Layout) -> Result<Layout> {
    compose_unchecked_in(a, b, Rule::Cpp)
}

/// [`compose_unchecked`] by `rule`.
fn compose_unchecked_in(a: &Layout, b: &Layout, rule: Rule) -> Result<Layout> {
    let mut flat = FlatModes::new();
    a.as_view()
        .coalesce_x_flat_traced(&mut flat, &mut NoTrace)?;
    let mut out = LayoutBuilder::new();
    compose_right(
        &flat,
        Right::Layout(b),
        &mut out,
        &mut Proof::new(rule),
        &mut NoTrace,
    )?;
    Ok(out.finish())
}

/// [`compose`], reporting its derivation to `t`.
pub fn compose_traced<T: Trace>(a: &Layout, b: &Layout, t: &mut T) -> Result<Layout> {
    let mut out = LayoutBuilder::new();
    compose_into(
        Left::Layout(a.as_view()),
        Right::Layout(b),
        None,
        Rule::Cpp,
        &mut out,
        t,
    )?;
    Ok(out.finish())
}

/// The left side A of a composition: a layout, or a flat one (the complement a product
/// composes with B).
#[derive(Clone, Copy)]
pub(crate) enum Left<'a> {
    /// A layout.
    Layout(LayoutRef<'a>),
    /// A flat layout, as its leaves.
    Flat(&'a FlatModes),
}

impl Left<'_> {
    pub(crate) fn to_layout(self) -> Layout {
        match self {
            Left::Layout(l) => l.to_layout(),
            Left::Flat(f) => f.to_layout(),
        }
    }

    /// `coalesce_x(A)` into `out`, reported to `t`.
    fn coalesce_x<T: Trace>(self, out: &mut FlatModes, t: &mut T) -> Result<()> {
        match self {
            Left::Layout(l) => l.coalesce_x_flat_traced(out, t),
            Left::Flat(f) => coalesce_flat_modes_traced(f, true, &|| f.to_layout(), out, t),
        }
    }
}

impl fmt::Display for Left<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Left::Layout(l) => fmt::Display::fmt(l, f),
            Left::Flat(x) => fmt::Display::fmt(x, f),
        }
    }
}

/// The right side B of a composition: a layout, or the tiler `(B, B*)` of a logical divide
/// (a layout and its complement, flat), not built.
#[derive(Clone, Copy)]
pub(crate) enum Right<'a> {
    /// A layout.
    Layout(&'a Layout),
    /// The rank-2 layout `(B, C)`.
    Pair(&'a Layout, &'a FlatModes),
}

impl Right<'_> {
    pub(crate) fn to_layout(self) -> Layout {
        match self {
            Right::Layout(l) => l.clone(),
            Right::Pair(b, c) => Layout::concat(&[b, &c.to_layout()]),
        }
    }
}

impl fmt::Display for Right<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Right::Layout(l) => fmt::Display::fmt(l, f),
            Right::Pair(..) => fmt::Display::fmt(&self.to_layout(), f),
        }
    }
}

/// `composition(A, B)` written into `out` as one mode, reporting its derivation to `t`.
///
/// CuTe's `composition(lhs, rhs)` (layout.hpp): `R = A o B` with `@post compatible(B, R)`
/// (R has B's structure, each leaf of B replaced by its part of R) and `@post for all i,
/// 0 <= i < size(B), R(i) == A(B(i))`. A is coalesced first (`coalesce_x`, flat modes
/// `s_k:d_k`); each leaf `N:D` of B walks A's modes with `rest_shape = N`, `rest_stride = D`:
/// mode k is skipped while `s_k | rest_stride` (`rest_stride /= s_k`), else, with
/// `rest_stride < s_k`, `min(ceil_div(s_k, rest_stride), rest_shape)` of its elements are taken
/// at stride `rest_stride * d_k`; the last mode takes what is left. CuTe's two divisibility
/// conditions are refused where they fail. Where the sink checks laws ([`Trace::LAWS`]) the
/// law is proven by divisibility or checked point by point ([`laws::check_composition`]): a
/// result that is not `A o B` stands (it is CuTe's answer) and the sink is told ([`Trace::law`]).
///
/// `coalesced`, where the caller has it, is `coalesce_x(A)` (taken as it is where nothing is
/// traced; a trace reports the coalescing).
pub(crate) fn compose_into<T: Trace>(
    a: Left,
    b: Right,
    coalesced: Option<&FlatModes>,
    rule: Rule,
    out: &mut LayoutBuilder,
    t: &mut T,
) -> Result<()> {
    if let (Left::Layout(al), Right::Layout(bl)) = (a, b)
        && bl.stride().has_basis()
        && bl
            .stride()
            .stride_leaves()
            .iter()
            .any(|d| d.basis.is_some() && d.value != 0)
    {
        return compose_basis_right(al, bl, rule, out, t);
    }
    t.step(|| {
        let (a, b) = (a.to_layout(), b.to_layout());
        Step::new(
            OP,
            "definition",
            format!("R = A o B with A = {a}, B = {b}: R(i) = A(B(i))"),
        )
        .val("A", &a)
        .val("B", &b)
    });
    t.section(|| {
        Step::new(
            OP,
            "coalesce A",
            "coalesce A first (coalesce_x: a trailing size-1 mode keeps its stride)",
        )
    });
    let mut own = FlatModes::new();
    let flat = match coalesced {
        Some(f) if !T::ON => f,
        _ => {
            let r = a.coalesce_x(&mut own, t);
            t.end();
            r?;
            &own
        }
    };
    let m = out.mark();
    let mut proof = Proof::new(rule);
    compose_right(flat, b, out, &mut proof, t)?;
    if !T::LAWS {
        return Ok(());
    }
    let law = match check_law(flat, b, out, m, &mut proof) {
        Ok(()) => None,
        Err(e @ AlgebraError::LawViolated { .. }) => Some(e),
        Err(e) => return Err(e),
    };
    t.step(|| {
        let r = out.layout_at(m);
        let st = match &law {
            None => Step::new(OP, "law", format!("A o B = {r}: R(i) == A(B(i)) holds")),
            Some(e) => Step::new(
                OP,
                "law violated",
                format!("{}; CuTe's answer stands (a warning)", e.law_text()),
            ),
        };
        st.val("R", &r).check(Check::Composition {
            a: a.to_layout(),
            b: b.to_layout(),
            r: r.clone(),
        })
    });
    if let Some(e) = law {
        t.law(e);
    }
    Ok(())
}

/// `composition(A, B)` where B's strides are basis elements (B maps into the coordinates of
/// A's modes), written into `out` as one mode.
///
/// CuTe's `composition(lhs, rhs)` coalesces A at the terminals of B's coprofile
/// (`coalesce_x(lhs, coprofile(rhs))`), and `composition_impl`'s ScaledBasis case composes a
/// leaf `N : v@p` of B with A's mode at the path `p` (`basis_get(rhs_stride, lhs_shape)`):
/// `coalesce_x(A_p) o N:v`, B's structure kept. A leaf of stride 0 is `N:0`. A leaf with an
/// integer stride among basis ones (an arithmetic codomain CuTe's composition cannot walk) is
/// refused. Law (with a sink that checks laws): `R(i) == A(B(i))`, B(i) a coordinate of A.
fn compose_basis_right<T: Trace>(
    a: LayoutRef,
    b: &Layout,
    rule: Rule,
    out: &mut LayoutBuilder,
    t: &mut T,
) -> Result<()> {
    let al = a.to_layout();
    t.step(|| {
        Step::new(
            OP,
            "basis strides",
            format!(
                "B = {b} maps to coordinates of A = {al}: each leaf N:v@p of B is coalesce_x(mode p of A) o N:v"
            ),
        )
    });
    let m = out.mark();
    compose_basis_tup(&al, b.shape(), b.stride(), rule, out, t)?;
    if T::LAWS {
        let r = out.layout_at(m);
        let size = b.size()?;
        for i in laws::check_points(size) {
            let c = IntTuple::int(i);
            let bi = b.eval_index(&c)?;
            let want = al.eval(&padded(&super::basis::tuple_form(&bi), al.shape()))?;
            let got = r.eval(&c)?;
            if got != want {
                let e = AlgebraError::LawViolated {
                    op: OP,
                    law: format!(
                        "CuTe's result {r} is not A o B: at i = {i}, R(i) = {got} but A(B(i)) = A({bi}) = {want}"
                    ),
                };
                t.step(|| {
                    Step::new(
                        OP,
                        "law violated",
                        format!("{}; CuTe's answer stands (a warning)", e.law_text()),
                    )
                });
                t.law(e);
                break;
            }
        }
    }
    Ok(())
}

/// A coordinate of B's codomain as a coordinate of `shape`: the modes it leaves out are 0.
fn padded(c: &Tup, shape: &Tup) -> IntTuple {
    match (c.view(), shape.view()) {
        (Tuple(cv), Tuple(sv)) => IntTuple::tuple(
            sv.iter()
                .enumerate()
                .map(|(k, s)| match cv.get(k) {
                    Some(ck) => padded(ck, s),
                    None => s.repeat_like(0),
                })
                .collect::<Vec<IntTuple>>(),
        ),
        _ => c.to_owned(),
    }
}

/// [`compose_basis_right`] of the B `rs:rd` (a layout's shape and stride, or a mode of them).
fn compose_basis_tup<T: Trace>(
    a: &Layout,
    rs: &Tup,
    rd: &Tup,
    rule: Rule,
    out: &mut LayoutBuilder,
    t: &mut T,
) -> Result<()> {
    match (rs.view(), rd.view()) {
        (Tuple(rsv), Tuple(rdv)) if rsv.len() == rdv.len() => {
            let m = out.open();
            for (s, d) in rsv.iter().zip(rdv) {
                compose_basis_tup(a, s, d, rule, out, t)?;
            }
            out.close(m);
            Ok(())
        }
        (Int(n), Int(_)) => {
            let d = rd.as_stride().expect("a leaf");
            match d.basis {
                _ if d.value == 0 => {
                    out.push_leaf(n, Stride::int(0));
                    Ok(())
                }
                Some(basis) => {
                    let mut sub = a.clone();
                    for k in basis.path() {
                        sub = sub.mode(k as usize).map_err(|_| {
                            condition(
                                OP,
                                format!(
                                    "B's stride {d} names mode {k} of {sub}, which has rank {}",
                                    sub.rank()
                                ),
                            )
                        })?;
                    }
                    let leaf = Layout::new(IntTuple::int(n), IntTuple::int(d.value))?;
                    let r = compose_unchecked_in(&sub, &leaf, rule)?;
                    t.step(|| {
                        Step::new(
                            OP,
                            "basis leaf",
                            format!("{n}:{d}: A's mode {sub} o {leaf} = {r}"),
                        )
                    });
                    out.push(&r);
                    Ok(())
                }
                None => Err(condition(
                    OP,
                    format!(
                        "B mixes the integer stride {d} with basis strides: its codomain is not one CuTe's composition walks"
                    ),
                )),
            }
        }
        _ => Err(condition(OP, "shape and stride are not congruent")),
    }
}

/// The facts of [`laws::leaf_contributes`]' divisibility argument for `R(i) == A(B(i))`,
/// gathered by the walk of each leaf of B through A's modes as it composes (the steps CuTe's
/// algorithm takes are the steps the argument checks): whether every leaf of B is one the
/// argument covers (`N >= 1`, `D >= 0`, every step of a contributing leaf exact, see
/// [`laws::leaf_exact`]), and the contributing leaves `(D, N)` in B's order. Not covered
/// either: a leaf of stride 0 that is a basis element (R then maps to coordinates), more
/// contributing leaves than there is room for (left to [`laws::check_composition`], which makes
/// the same argument on the layouts first).
pub(crate) struct Proof {
    /// The composition's rule ([`Rule`]), read at each leaf of B.
    rule: Rule,
    covered: bool,
    used: arrayvec::ArrayVec<(i64, i64), 8>,
}

impl Proof {
    #[inline]
    fn new(rule: Rule) -> Proof {
        Proof {
            rule,
            covered: true,
            used: arrayvec::ArrayVec::new(),
        }
    }

    /// A contributing leaf `(D, N)` whose steps are all exact.
    #[inline]
    fn push(&mut self, d: i64, n: i64) {
        if self.used.try_push((d, n)).is_err() {
            self.covered = false;
        }
    }
}

/// `R(i) == A(B(i))` for the result R just written at `m`: proven by divisibility on the
/// leaves where it can be (the facts `proof` gathered while composing), else
/// [`laws::check_composition`] on the layouts.
fn check_law(
    flat: &FlatModes,
    b: Right,
    out: &LayoutBuilder,
    m: Mark,
    proof: &mut Proof,
) -> Result<()> {
    // R's strides are A's scaled, or B's of stride 0 (a basis element among them leaves the
    // proof uncovered): R has none where A has none
    if proof.covered && !flat.has_basis() && laws::leaves_apart(&mut proof.used) {
        return Ok(());
    }
    laws::check_composition(&flat.to_layout(), &b.to_layout(), &out.layout_at(m))
}

/// [`compose_tiler_in`], reporting its derivation to `t`.
pub fn compose_tiler_traced<T: Trace>(
    a: &Layout,
    tiler: &Tiler,
    rule: Rule,
    t: &mut T,
) -> Result<Layout> {
    let mut out = LayoutBuilder::new();
    compose_tiler_into(a.as_view(), tiler, rule, &mut out, t)?;
    Ok(out.finish())
}

/// `composition(A, tiler)` written into `out` as one mode.
fn compose_tiler_into<T: Trace>(
    a: LayoutRef,
    tiler: &Tiler,
    rule: Rule,
    out: &mut LayoutBuilder,
    t: &mut T,
) -> Result<()> {
    match tiler {
        Tiler::Layout(b) => compose_into(Left::Layout(a), Right::Layout(b), None, rule, out, t),
        Tiler::Under => {
            t.step(|| Step::new(OP, "keep", format!("_ keeps the mode: {a}")));
            out.push_tups(a.shape, a.stride);
            Ok(())
        }
        Tiler::Int(n) => {
            t.step(|| Step::new(OP, "integer tiler", format!("the integer {n} means {n}:1")));
            let b = Layout::new(IntTuple::int(*n), IntTuple::int(1))?;
            compose_into(Left::Layout(a), Right::Layout(&b), None, rule, out, t)
        }
        Tiler::Tuple(v) => {
            if v.len() > a.rank() {
                t.step(|| {
                    Step::new(OP, "error", "the tiler has more modes than the layout").check(
                        Check::rel(
                            "rank(tiler) vs rank(A)",
                            v.len() as i64,
                            Rel::Lt,
                            a.rank() as i64 + 1,
                        ),
                    )
                });
                return Err(condition(
                    OP,
                    format!(
                        "tiler {tiler} has more modes than the layout's rank {}",
                        a.rank()
                    ),
                ));
            }
            t.step(|| {
                Step::new(
                    OP,
                    "by mode",
                    format!("the tiler {tiler} applies mode by mode: (A_0 o T_0, A_1 o T_1, ...); modes of A past the tiler are dropped"),
                )
            });
            let m = out.open();
            // the tiler has no more modes than A (checked above): each mode `i` is there
            let modes = a.shape.modes().zip(a.stride.modes());
            for (i, (ti, (s, d))) in v.iter().zip(modes).enumerate() {
                let ai = LayoutRef::new(s, d);
                t.section(|| Step::new(OP, "mode", format!("mode {i}: {ai} o {ti}")));
                let r = compose_tiler_into(ai, ti, rule, out, t);
                t.end();
                r?;
            }
            out.close(m);
            t.step(|| {
                let r = out.layout_at(m);
                Step::new(OP, "concatenate", format!("the modes together: {r}")).val("R", &r)
            });
            Ok(())
        }
    }
}

/// `composition(A, tiler)`: by-mode for a tuple (modes of A past the tiler are dropped).
pub fn compose_tiler(a: &Layout, t: &Tiler) -> Result<Layout> {
    compose_tiler_in(a, t, Rule::Cpp)
}

/// [`compose_tiler`] by `rule`.
pub fn compose_tiler_in(a: &Layout, t: &Tiler, rule: Rule) -> Result<Layout> {
    compose_tiler_traced(a, t, rule, &mut NoTrace)
}

/// `A o B` without the law, A coalesced (`flat`), written into `out` as one mode: B's
/// structure, each leaf replaced by its part.
fn compose_right<T: Trace>(
    flat: &FlatModes,
    b: Right,
    out: &mut LayoutBuilder,
    p: &mut Proof,
    t: &mut T,
) -> Result<()> {
    // whether A's extents and strides are all static, decided once for every leaf of B
    let a_static = flat.is_static();
    match b {
        Right::Layout(l) => compose_tup(flat, a_static, l.shape(), l.stride(), out, p, t),
        Right::Pair(b, c) => {
            t.step(|| {
                let bb = Right::Pair(b, c).to_layout();
                by_mode_step(bb.shape(), bb.stride())
            });
            let m = out.open();
            t.section(|| mode_step(0, b.shape(), b.stride()));
            let r = compose_tup(flat, a_static, b.shape(), b.stride(), out, p, t);
            t.end();
            r?;
            t.section(|| mode_step(1, &c.shape_tuple(), &c.stride_tuple()));
            let r = compose_flat(flat, a_static, c, out, p, t);
            t.end();
            r?;
            out.close(m);
            t.step(|| concatenate_step(&out.layout_at(m)));
            Ok(())
        }
    }
}

fn by_mode_step(rs: &Tup, rd: &Tup) -> Step {
    Step::new(
        OP,
        "B by mode",
        format!("B = {rs}:{rd} is a tuple: A o B = (A o B_0, A o B_1, ...) over its modes"),
    )
}

fn mode_step(k: usize, s: &Tup, d: &Tup) -> Step {
    Step::new(OP, "B mode", format!("B mode {k}: A o {s}:{d}"))
}

fn concatenate_step(r: &Layout) -> Step {
    Step::new(OP, "concatenate", format!("the modes of B together: {r}")).val("R", r)
}

/// `A o B` for the B `rs:rd` (a layout's shape and stride, or a mode of them).
fn compose_tup<T: Trace>(
    flat: &FlatModes,
    a_static: bool,
    rs: &Tup,
    rd: &Tup,
    out: &mut LayoutBuilder,
    p: &mut Proof,
    t: &mut T,
) -> Result<()> {
    match (rs.view(), rd.view()) {
        (Tuple(rsv), Tuple(rdv)) => {
            t.step(|| by_mode_step(rs, rd));
            let m = out.open();
            for (k, (s, d)) in rsv.iter().zip(rdv).enumerate() {
                t.section(|| mode_step(k, s, d));
                let r = compose_tup(flat, a_static, s, d, out, p, t);
                t.end();
                r?;
            }
            out.close(m);
            t.step(|| concatenate_step(&out.layout_at(m)));
            Ok(())
        }
        (Int(s), Int(_)) => {
            let d = rd.as_stride().expect("a leaf");
            compose_leaf_of(flat, a_static, Kinded::of(s, rs.is_dynamic()), d, out, p, t)
        }
        _ => Err(condition(OP, "shape and stride are not congruent")),
    }
}

/// `A o B` for a flat B.
fn compose_flat<T: Trace>(
    flat: &FlatModes,
    a_static: bool,
    c: &FlatModes,
    out: &mut LayoutBuilder,
    p: &mut Proof,
    t: &mut T,
) -> Result<()> {
    if let ([_], [d]) = (c.shape(), c.stride()) {
        return compose_leaf_of(flat, a_static, c.extent(0), *d, out, p, t);
    }
    t.step(|| by_mode_step(&c.shape_tuple(), &c.stride_tuple()));
    let m = out.open();
    for (k, (&s, &d)) in c.shape().iter().zip(c.stride()).enumerate() {
        t.section(|| mode_step(k, &IntTuple::int(s), &IntTuple::stride(d)));
        let r = compose_leaf_of(flat, a_static, c.extent(k), d, out, p, t);
        t.end();
        r?;
    }
    out.close(m);
    t.step(|| concatenate_step(&out.layout_at(m)));
    Ok(())
}

/// [`compose_leaf`] in its static instance where every kind is static (`a_static`: A's
/// extents and strides, decided once a composition; the leaf's two kinds), else in the one
/// that carries the kinds.
#[inline]
fn compose_leaf_of<T: Trace>(
    flat: &FlatModes,
    a_static: bool,
    rhs: Kinded,
    rd: Stride,
    out: &mut LayoutBuilder,
    p: &mut Proof,
    t: &mut T,
) -> Result<()> {
    if p.rule == Rule::Dsl {
        // the DSL's: the leaf's image coalesced where A's last mode took the rest ([`Rule`])
        let mut image = LayoutBuilder::new();
        let appended = compose_leaf::<T, false>(flat, rhs, rd, &mut image, p, t)?;
        let image = image.finish();
        if appended {
            let coalesced = image.coalesce()?;
            if coalesced != image {
                t.step(|| {
                    Step::new(
                        OP,
                        "DSL coalesces",
                        format!("A's last mode took the rest: the CuTe DSL coalesces the image, {image} is {coalesced}"),
                    )
                    .val("R", &coalesced)
                });
            }
            out.push(&coalesced);
            return Ok(());
        }
        out.push(&image);
        return Ok(());
    }
    if a_static && !rhs.dynamic() && !rd.dynamic() {
        compose_leaf::<T, true>(flat, rhs, rd, out, p, t).map(drop)
    } else {
        compose_leaf::<T, false>(flat, rhs, rd, out, p, t).map(drop)
    }
}

/// `A o N:D` for one leaf of B (CuTe's `composition_impl` of a leaf), A coalesced; whether
/// A's last mode took the rest after modes taken before it (`append(result_shape, rest_shape)`).
///
/// The branches are CuTe's for the kinds given: a static stride 0 keeps the leaf as it is; a
/// mode of A is skipped only where `next_shape` or `rest_shape` is the static 1 (a dynamic 1
/// is taken, as a size-1 mode); the divisibility conditions are static_asserts, checked only
/// where both sides are static; the rest is `_1`-free only where static.
///
/// `STATIC`: every kind involved is static (A's extents and strides, this leaf's shape and
/// stride), so the same body's kind tests fold away in that instance ([`compose_leaf_of`]
/// decides which).
fn compose_leaf<T: Trace, const STATIC: bool>(
    flat: &FlatModes,
    rhs: Kinded,
    rd: Stride,
    out: &mut LayoutBuilder,
    p: &mut Proof,
    t: &mut T,
) -> Result<bool> {
    // the kinds as the instance knows them: in the static one, constants (B's stride as
    // scalars: `rd` itself is passed in memory, where its kind is no constant to the compiler)
    let rhs = if STATIC { Kinded::st(rhs.value) } else { rhs };
    let rd_coefficient = if STATIC {
        Kinded::st(rd.value)
    } else {
        rd.coefficient()
    };
    let rd_dynamic = !STATIC && rd.dynamic();
    let extent = |i: usize| {
        if STATIC {
            Kinded::st(flat.shape()[i])
        } else {
            flat.extent(i)
        }
    };
    let a_stride = |d: Stride| if STATIC { d.with_dynamic(false) } else { d };
    // a value of the walk, its kind as the instance knows it (in the static one, the operations
    // of static integers give static integers: said here, the compiler need not prove it
    // across the walk's iterations)
    let known = |k: Kinded| if STATIC { Kinded::st(k.value) } else { k };
    let rhs_shape = rhs.value;
    let rhs_stride = rd.value;
    // the law's argument ([`Proof`]): a leaf with `N < 1` or `D < 0` is not covered; one with
    // `N > 1` and `D > 0` contributes, its walk's steps checked below; the others add nothing
    if rhs_shape < 1 || rhs_stride < 0 {
        p.covered = false;
    }
    let contributes = rhs_shape > 1 && rhs_stride > 0;
    if rhs_stride == 0 && (!rd_dynamic || rd.basis.is_some()) {
        t.step(|| {
            Step::new(
                OP,
                "stride 0",
                format!("{rhs_shape}:0 has stride 0: A o {rhs_shape}:0 = {rhs_shape}:0"),
            )
        });
        out.push_leaf_kind(rhs, rd);
        if rd.basis.is_some() {
            p.covered = false;
        }
        return Ok(false);
    }
    if rd.basis.is_some() {
        return Err(condition(
            OP,
            format!(
                "the right-hand layout's stride {rd} has basis elements: only the left side of a composition may map to coordinates"
            ),
        ));
    }
    let (lsv, ldv) = (flat.shape(), flat.stride());
    if let ([s], [d]) = (lsv, ldv) {
        let (s, d) = (*s, a_stride(*d));
        let dd = d.times(rd_coefficient, OP)?;
        out.push_leaf_kind(rhs, dd);
        if contributes {
            // A's last mode is unbounded: any stride is exact there
            p.push(rhs_stride, rhs_shape);
        }
        t.step(|| {
            let r = Layout::raw(IntTuple::int(rhs_shape), IntTuple::stride(dd));
            leaf_result(flat, rhs_shape, rhs_stride, &r).text_prefix(format!(
                "A is the single mode {s}:{d}: {rhs_shape}:{rhs_stride} steps by {rhs_stride}*{d}: "
            ))
        });
        return Ok(false);
    }
    let r = lsv.len();
    // the modes taken go to `out` as they come (see [`Taken`])
    let m = out.mark();
    let mut taken = Taken::None;
    let mut rest_shape = rhs_shape;
    let mut rest_stride = rhs_stride;
    // the kinds beside the values
    let mut rest_shape_k = rhs;
    let mut rest_stride_k = rd_coefficient;
    // [`laws::leaf_exact`] of this leaf, step by step
    let mut exact = true;
    t.step(|| {
        Step::new(
            OP,
            "stride walk",
            format!("B = {rhs_shape}:{rhs_stride}: walk A's modes {flat} with rest_shape = {rhs_shape}, rest_stride = {rhs_stride}"),
        )
    });
    for i in 0..r - 1 {
        let curr_shape = lsv[i];
        let curr_stride = a_stride(ldv[i]);
        let curr_shape_k = extent(i);
        // CuTe's weak divisibility conditions: static_asserts where both sides are static
        let checked = curr_shape_k.is_static() && rest_stride_k.is_static();
        let rs_mod = arith::rem(rest_stride, curr_shape, OP)?;
        t.step(|| {
            let cond = Check::Either(
                Box::new(Check::rel(
                    format!("s_{i} divides rest_stride"),
                    curr_shape,
                    Rel::Divides,
                    rest_stride,
                )),
                Box::new(Check::rel(
                    format!("rest_stride < s_{i}"),
                    rest_stride,
                    Rel::Lt,
                    curr_shape,
                )),
            );
            let ok = cond.claimed();
            Step::new(
                OP,
                if ok { "stride condition" } else { "stride condition fails" },
                format!(
                    "A mode {i} = {curr_shape}:{curr_stride}: rest_stride {rest_stride} % s_{i} {curr_shape} = {rs_mod}, so s_{i} {} rest_stride{}",
                    if rs_mod == 0 { "divides" } else { "does not divide" },
                    if rs_mod == 0 {
                        String::new()
                    } else if rest_stride < curr_shape {
                        format!(", but rest_stride {rest_stride} < s_{i} {curr_shape}")
                    } else {
                        format!(" and rest_stride {rest_stride} >= s_{i} {curr_shape}: left divisibility fails")
                    }
                ),
            )
            .val("s", curr_shape)
            .val("d", curr_stride)
            .val("rest_shape", rest_shape)
            .val("rest_stride", rest_stride)
            .check(cond)
        });
        if checked && !(rs_mod == 0 || rest_stride < curr_shape) {
            return Err(condition(
                OP,
                format!(
                    "stride divisibility condition: stride {rest_stride} is neither a multiple of nor less than shape {curr_shape} of the left layout"
                ),
            ));
        }
        if contributes && exact && rest_shape > 1 {
            // exact: D a multiple of s_k (skipped), or a divisor of it (CuTe's shape condition
            // checks the rest); `rest_stride > 0` while every step so far was exact
            exact = curr_shape >= 1 && (rs_mod == 0 || curr_shape % rest_stride == 0);
        }
        let abs_rest_k = known(rest_stride_k.abs(OP)?);
        let next_shape_k = known(curr_shape_k.ceil_div(abs_rest_k, OP)?);
        let signum = Kinded::of(rest_stride.signum(), rest_stride_k.dynamic());
        let next_stride_k = known(abs_rest_k.ceil_div(curr_shape_k, OP)?.mul(signum, OP)?);
        let (abs_rest, next_shape, next_stride) =
            (abs_rest_k.value, next_shape_k.value, next_stride_k.value);
        if next_shape_k.is_constant(1) || rest_shape_k.is_constant(1) {
            t.step(|| {
                Step::new(
                    OP,
                    "skip mode",
                    format!(
                        "{}: nothing of A mode {i} is taken; rest_stride = ceil_div({abs_rest}, {curr_shape}) = {next_stride}",
                        if rest_shape == 1 {
                            "rest_shape is 1".to_string()
                        } else {
                            format!("ceil_div(s_{i} {curr_shape}, rest_stride {abs_rest}) = 1: the stride steps over this mode")
                        }
                    ),
                )
                .val("rest_stride", next_stride)
            });
            rest_stride = next_stride;
            rest_stride_k = next_stride_k;
        } else {
            let new_shape_k = known(next_shape_k.min(rest_shape_k));
            let new_shape = new_shape_k.value;
            t.step(|| {
                let cond = Check::rel("new_shape divides rest_shape", new_shape, Rel::Divides, rest_shape);
                let ok = cond.claimed();
                Step::new(
                    OP,
                    if ok { "shape condition" } else { "shape condition fails" },
                    format!(
                        "take min(ceil_div(s_{i} {curr_shape}, {abs_rest}) = {next_shape}, rest_shape {rest_shape}) = {new_shape} elements of A mode {i}; rest_shape {rest_shape} % {new_shape} = {}{}",
                        rest_shape % new_shape.max(1),
                        if ok {
                            format!(
                                ": mode {new_shape}:{}*{curr_stride}; rest_shape = {}, rest_stride = {next_stride}",
                                rest_stride,
                                rest_shape / new_shape.max(1)
                            )
                        } else {
                            ": the shape divisibility condition fails".to_string()
                        }
                    ),
                )
                .val("new_shape", new_shape)
                .val("rest_shape", rest_shape)
                .check(cond)
            });
            if new_shape_k.is_static()
                && rest_shape_k.is_static()
                && arith::rem(rest_shape, new_shape, OP)? != 0
            {
                return Err(condition(
                    OP,
                    format!(
                        "shape divisibility condition: shape {rest_shape} is not divisible by {new_shape}"
                    ),
                ));
            }
            taken.push(out, new_shape_k, curr_stride.times(rest_stride_k, OP)?);
            rest_shape_k = known(rest_shape_k.div(new_shape_k, OP)?);
            rest_shape = rest_shape_k.value;
            if rest_shape > 1 && curr_shape % abs_rest != 0 {
                // ceil_div rounded up: B's next element is not where A's next mode starts
                t.step(|| {
                    Step::new(
                        OP,
                        "inexact",
                        format!(
                            "rest_stride {abs_rest} does not divide s_{i} {curr_shape}: the {new_shape} elements taken end at {new_shape}*{abs_rest} = {}, not at s_{i} = {curr_shape}, yet the walk goes on into A mode {} as if B's next element were there, so the modes from here on need not be A o B (CuTe does not check this; the law check below decides)",
                            new_shape.saturating_mul(abs_rest),
                            i + 1
                        ),
                    )
                    .check(Check::rel(
                        format!("rest_stride divides s_{i}"),
                        abs_rest,
                        Rel::Divides,
                        curr_shape,
                    ))
                });
            }
            rest_stride = next_stride;
            rest_stride_k = next_stride_k;
        }
    }
    if contributes {
        if exact {
            p.push(rhs_stride, rhs_shape);
        } else {
            p.covered = false;
        }
    }
    let last_stride = a_stride(ldv[r - 1]);
    if let Taken::None = taken {
        out.push_leaf_kind(rest_shape_k, last_stride.times(rest_stride_k, OP)?);
        t.step(|| {
            leaf_result(flat, rhs_shape, rhs_stride, &out.layout_at(m)).text_prefix(format!(
                "the last mode of A takes the rest: {rest_shape}:{rest_stride}*{last_stride}; "
            ))
        });
        return Ok(false);
    }
    if rest_shape_k.is_constant(1) {
        // CuTe's unwrap: one mode is that mode
        taken.finish(out);
        t.step(|| {
            leaf_result(flat, rhs_shape, rhs_stride, &out.layout_at(m))
                .text_prefix("rest_shape is 1: nothing for the last mode; ".to_string())
        });
        return Ok(false);
    }
    taken.push(out, rest_shape_k, last_stride.times(rest_stride_k, OP)?);
    taken.finish(out);
    t.step(|| {
        leaf_result(flat, rhs_shape, rhs_stride, &out.layout_at(m)).text_prefix(format!(
            "the last mode of A takes the rest: {rest_shape}:{rest_stride}*{last_stride}; "
        ))
    });
    Ok(true)
}

/// The modes a leaf of B takes of A, written to a [`LayoutBuilder`] as they come, as one
/// mode of it: a single one as itself (CuTe's unwrap), more as a flat tuple.
enum Taken {
    /// None yet.
    None,
    /// One, `s:d`, held back (not written yet).
    One(Kinded, Stride),
    /// More: the flat tuple opened at the mark, its modes written.
    More(Mark),
}

impl Taken {
    /// Take the mode `s:d`.
    #[inline]
    fn push(&mut self, out: &mut LayoutBuilder, s: Kinded, d: Stride) {
        match *self {
            Taken::None => *self = Taken::One(s, d),
            Taken::One(s0, d0) => {
                let m = out.open();
                out.push_leaf_kind(s0, d0);
                out.push_leaf_kind(s, d);
                *self = Taken::More(m);
            }
            Taken::More(_) => out.push_leaf_kind(s, d),
        }
    }

    /// The modes taken, written as one mode (at least one was taken).
    #[inline]
    fn finish(self, out: &mut LayoutBuilder) {
        match self {
            Taken::None => unreachable!("a mode was taken"),
            Taken::One(s, d) => out.push_leaf_kind(s, d),
            Taken::More(m) => out.close(m),
        }
    }
}

/// The sub-layout `A o s:d` one mode of B gives, with its law to verify.
fn leaf_result(flat: &FlatModes, s: i64, d: i64, r: &Layout) -> Step {
    let a = flat.to_layout();
    let b = Layout::raw(IntTuple::int(s), IntTuple::int(d));
    Step::new(OP, "sub-layout", format!("A o {b} = {r}"))
        .val("R", r)
        .check(Check::Composition { a, b, r: r.clone() })
}
