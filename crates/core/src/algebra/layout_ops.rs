//! CuTe's further layout functions of layout.hpp (issue 15): compact layouts like a layout,
//! codomain shapes, slicing and dicing, padding and replacing modes, filtering, the nullspace,
//! zipping and the index-to-coordinate maps of a layout. Ported from CuTe 4.2.

use super::arith;
use super::coord::{self, Coord};
use super::error::{Result, condition};
use super::int_tuple::{IntTuple, Tup, TupleBuilder, View};
use super::layout::Layout;
use super::trace::{Check, NoTrace, Rel, Step, Trace};

/// CuTe's `filter_zeros(a, b)` on IntTuples: `b` with the parts under a static 0 leaf of `a`
/// made 1s.
/// `a` is a profile of `b` (a leaf of `a` may cover a whole mode of `b`).
pub fn filter_zeros_tuple(a: &Tup, b: &Tup, op: &'static str) -> Result<IntTuple> {
    match (a.view(), b.view()) {
        (View::Tuple(av), View::Tuple(bv)) if av.len() == bv.len() => av
            .zip(bv)
            .map(|(x, y)| filter_zeros_tuple(x, y, op))
            .collect(),
        (View::Tuple(_), _) => Err(condition(
            op,
            format!("profile {a} does not match the modes of {b} (CuTe: mismatched tuple_size)"),
        )),
        // a basis element is never 0 (CuTe: `0@1 == _0` is false); CuTe's test is
        // `is_constant<0>`: a dynamic 0 is kept
        (View::Int(0), _) if a.basis().is_none() && a.is_static() => Ok(b.repeat_like(1)),
        (View::Int(_), _) => Ok(b.to_owned()),
    }
}

/// `make_layout_like(L)`: a compact layout of L's shape whose strides follow the order of L's
/// strides; stride-0 modes stay stride 0.
///
/// Formula: `make_layout(shape(L), compact_order(filter_zeros(stride(L), shape(L)), stride(L)))`.
///
/// @post shape(result) == shape(L); result is compact on the modes of nonzero stride
pub fn make_layout_like(l: &Layout) -> Result<Layout> {
    const OP: &str = "make_layout_like";
    let fz = filter_zeros_tuple(l.stride(), l.shape(), OP)?;
    let stride = coord::compact_order(&fz, l.stride()).map_err(|e| e.within(OP))?;
    Layout::new(l.shape().to_owned(), stride)
}

/// `make_fragment_like(L)`: like [`make_layout_like`], but mode 0 is column-major (stride-0s of
/// mode 0 kept) and comes first; a layout of rank 1 or of a dynamic shape gives
/// `make_layout(shape(L))`.
///
/// Formula (rank R > 1): `tiled_product(make_layout(shape<0>(L),
/// compact_col_major(filter_zeros(stride<0>(L), shape<0>(L)))),
/// make_ordered_layout(take<1,R>(shape(L)), take<1,R>(stride(L))))`.
///
/// @post shape(result) is compatible with shape(L) mode by mode
pub fn make_fragment_like(l: &Layout) -> Result<Layout> {
    const OP: &str = "make_fragment_like";
    let r = l.rank();
    // CuTe: `if constexpr (R > 1 && is_static<Shape>::value)`, else `make_layout(shape(L))`
    if r <= 1 || l.shape().is_int() || !l.shape().is_static() {
        return Layout::column_major(l.shape().to_owned());
    }
    let m0 = l.mode(0)?;
    let fz0 = filter_zeros_tuple(m0.stride(), m0.shape(), OP)?;
    let a = Layout::new(m0.shape().to_owned(), coord::compact_col_major(&fz0, 1)?)?;
    let rest = l.take(1, r)?;
    let b = Layout::ordered(rest.shape().to_owned(), rest.stride()).map_err(|e| e.within(OP))?;
    super::divide::tiled_product(&a, &super::tiler::Tiler::layout(b)).map_err(|e| e.within(OP))
}

/// The CuTe DSL's `make_fragment_like(L)` (4.8.1): [`make_fragment_like`]'s result, but of a
/// static rank-2 `L` its mode 1 is not wrapped in the rank-1 layout that `take<1,2>(L)` makes
/// of it in C++ (dsl-oracle: `cute.make_fragment_like(cute.make_layout((4,8), stride=(8,1)))`
/// is `(4,8):(1,4)`, C++'s `(_4,(_8)):(_1,(_4))`; of `((2,4),(2,2)):((8,1),(16,4))`,
/// `((2,4),(2,2)):((1,2),(16,8))`).
pub fn make_fragment_like_dsl(l: &Layout) -> Result<Layout> {
    let r = make_fragment_like(l)?;
    if l.rank() != 2 || l.shape().is_int() || !l.shape().is_static() || r.rank() != 2 {
        return Ok(r);
    }
    let wrapped = r.mode(1)?;
    if wrapped.shape().is_int() || wrapped.rank() != 1 {
        return Ok(r);
    }
    Ok(super::layout::make_layout_from_modes(vec![
        r.mode(0)?,
        wrapped.mode(0)?,
    ]))
}

/// `coshape(L)`: the codomain's shape, `sum((s-1)*|d|) + 1` over the leaves (an integer for
/// integer strides).
///
/// @post size(coshape(L)) == cosize(L)
pub fn coshape(l: &Layout) -> Result<IntTuple> {
    if l.stride().has_basis() {
        return super::basis::coshape(l);
    }
    l.cosize().map(IntTuple::int)
}

/// `coprofile(L)`: the codomain's profile as zeros, `repeat_like(sum(stride(L)), 0)`: `0` for
/// integer strides.
///
/// @post congruent(coprofile(L), L(i)) for any i
pub fn coprofile(l: &Layout) -> Result<IntTuple> {
    if l.stride().has_basis() {
        return super::basis::coprofile(l.stride());
    }
    l.stride().sum()?;
    Ok(IntTuple::int(0))
}

/// CuTe's `dice(c, t)`: the parts of `t` paired with an integer of `c` (those under `_`
/// dropped), flattened one level per tuple of `c` as `slice` does; `dice(i, t) == t`.
pub fn dice_tuple(c: &Coord, t: &Tup) -> Result<IntTuple> {
    super::layout::keep_by_coord(c, t, super::layout::Keep::Integers)
}

/// `dice(c, L)`: the modes of L at the integers of `c`, the `_` modes dropped (the complement of
/// `slice(c, L)`).
///
/// Formula: `make_layout(dice(c, shape(L)), dice(c, stride(L)))`.
pub fn dice(c: &Coord, l: &Layout) -> Result<Layout> {
    Ok(Layout::raw(
        dice_tuple(c, l.shape())?,
        dice_tuple(c, l.stride())?,
    ))
}

/// CuTe's `unflatten(t, profile)`: the top-level elements of `t` regrouped as `profile`.
pub fn unflatten_tuple(t: &Tup, profile: &Tup, op: &'static str) -> Result<IntTuple> {
    let elems: Vec<&Tup> = t.modes().collect();
    let leaves = profile.leaf_count();
    if elems.len() != leaves {
        return Err(condition(
            op,
            format!(
                "{t} has {} elements but the profile {profile} has {leaves} leaves (CuTe: rank(flat) == rank(flatten(profile)))",
                elems.len()
            ),
        ));
    }
    let mut it = elems.into_iter();
    fn go<'a>(p: &Tup, it: &mut impl Iterator<Item = &'a Tup>) -> IntTuple {
        match p.view() {
            View::Int(_) => it.next().expect("counted").to_owned(),
            View::Tuple(pv) => pv.map(|m| go(m, it)).collect(),
        }
    }
    Ok(go(profile, &mut it))
}

/// `unflatten(L, profile)`: the (flat) layout's modes grouped as the target profile.
///
/// Formula: `make_layout(unflatten(shape(L), P), unflatten(stride(L), P))`.
///
/// @pre rank(L) == rank(flatten(P))
/// @post congruent(result, P) (for a flat L); flatten(result) == L
pub fn unflatten(l: &Layout, profile: &Tup) -> Result<Layout> {
    const OP: &str = "unflatten";
    Ok(Layout::raw(
        unflatten_tuple(l.shape(), profile, OP)?,
        unflatten_tuple(l.stride(), profile, OP)?,
    ))
}

/// `replace<N>(L, X)`: mode N of L replaced by X (an integer-shaped L is X for N = 0); as
/// CuTe's `construct` computes it, N == rank(L) appends X.
///
/// @pre N <= rank(L)
pub fn replace(l: &Layout, x: &Layout, n: usize) -> Result<Layout> {
    if l.shape().is_int() {
        if n != 0 {
            return Err(condition(
                "replace",
                format!("N = {n} but {l} has one mode (CuTe: static_assert(N == 0))"),
            ));
        }
        return Ok(x.clone());
    }
    if n > l.rank() {
        return Err(condition(
            "replace",
            format!(
                "N = {n} is past the modes of {l} of rank {} (CuTe: get<N> out of range)",
                l.rank()
            ),
        ));
    }
    // N == rank replaces nothing and appends X, as CuTe's construct does
    let mut parts = l.modes();
    if n == parts.len() {
        parts.push(x.clone());
    } else {
        parts[n] = x.clone();
    }
    Ok(Layout::concat(&parts))
}

/// `replace<N>(t, x)` of IntTuples, as [`replace`] of layouts.
pub fn replace_tuple(t: &Tup, x: &Tup, n: usize) -> Result<IntTuple> {
    match t.view() {
        View::Int(_) if n == 0 => Ok(x.to_owned()),
        View::Int(_) => Err(condition(
            "replace",
            format!("N = {n} but {t} is an integer (CuTe: static_assert(N == 0))"),
        )),
        View::Tuple(tv) if n <= tv.len() => {
            let mut b = TupleBuilder::new();
            for (i, m) in tv.enumerate() {
                b.push(if i == n { x } else { m });
            }
            if n == tv.len() {
                b.push(x);
            }
            Ok(b.finish())
        }
        View::Tuple(tv) => Err(condition(
            "replace",
            format!(
                "N = {n} is past the modes of {t} of rank {} (CuTe: get<N> out of range)",
                tv.len()
            ),
        )),
    }
}

/// `append<N>(L, X)` / `prepend<N>(L, X)`: L padded with copies of X (default `1:0`) at the back
/// or front up to rank N; unchanged at rank N.
///
/// @pre N >= rank(L)
/// @post rank(result) == N
pub fn pad_to_rank(l: &Layout, x: &Layout, n: usize, front: bool) -> Result<Layout> {
    let op = if front { "prepend" } else { "append" };
    let r = l.rank();
    if n < r {
        return Err(condition(
            op,
            format!("N = {n} is less than rank {r} of {l} (CuTe: static_assert(N > rank))"),
        ));
    }
    if n == r {
        return Ok(l.clone());
    }
    // the result's nodes: L's and (n - r) copies of X's
    let nodes = (n - r)
        .checked_mul(x.shape().node_count())
        .and_then(|p| p.checked_add(l.shape().node_count()));
    if nodes.is_none_or(|k| k > crate::limits::MAX_TUPLE_WIDTH) {
        return Err(super::AlgebraError::Limit(format!(
            "{op}: rank {n} with copies of {x} is over the limit of {} nodes",
            crate::limits::MAX_TUPLE_WIDTH
        )));
    }
    let pad = std::iter::repeat_n(x.clone(), n - r);
    let parts: Vec<Layout> = if front {
        pad.chain(l.modes()).collect()
    } else {
        l.modes().into_iter().chain(pad).collect()
    };
    Ok(Layout::concat(&parts))
}

/// `filter_zeros(L, profile)`: the modes of L under a 0 leaf of the target profile get extent 1
/// (the strides stay).
///
/// Formula: `make_layout(filter_zeros(profile, shape(L)), stride(L))`.
pub fn filter_zeros_profile(l: &Layout, profile: &Tup) -> Result<Layout> {
    Ok(Layout::raw(
        filter_zeros_tuple(profile, l.shape(), "filter_zeros")?,
        l.stride().to_owned(),
    ))
}

/// `filter(L, profile)`: `filter` applied at the leaves of the profile, the modes of L past the
/// profile's rank kept as they are.
///
/// Formula: a tuple profile P gives `make_layout(filter(get<i>(L), get<i>(P))...,
/// get<j>(L)...)` for i < rank(P) <= j < rank(L); a leaf gives `filter(L)`.
///
/// @pre rank(P) <= rank(L) at each tuple of P
pub fn filter_profile(l: &Layout, profile: &Tup) -> Result<Layout> {
    match profile.view() {
        View::Int(_) => l.filter(),
        View::Tuple(pv) => {
            if pv.len() > l.rank() {
                return Err(condition(
                    "filter",
                    format!(
                        "profile {profile} has more modes than {l} (CuTe: tuple_size(profile) <= rank)"
                    ),
                ));
            }
            let modes = l.modes();
            let mut parts = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                match pv.get(i) {
                    Some(p) => parts.push(filter_profile(m, p)?),
                    None => parts.push(m.clone()),
                }
            }
            Ok(Layout::concat(&parts))
        }
    }
}

/// `nullspace(L)`: the layout of the kernel of L, the stride-0 leaves of L with their
/// column-major strides in L's domain (`1:0` when there is none).
///
/// Formula: for the leaves `i` of `flatten(L)` with stride 0:
/// `make_layout(unwrap((shape_i)...), unwrap((compact_col_major(flatten(shape(L)))_i)...))`.
///
/// @post L(result(i)) == 0 for all i < size(result)
/// @post nullspace(result) == 1:0
/// @post size(result) == size(L) / size(filter(L))
pub fn nullspace(l: &Layout) -> Result<Layout> {
    nullspace_traced(l, &mut NoTrace)
}

/// [`nullspace`], reporting its steps to `t`.
pub fn nullspace_traced<T: Trace>(l: &Layout, t: &mut T) -> Result<Layout> {
    let flat = l.flatten();
    let strides = flat.stride().leaves();
    let zeros: Vec<usize> = (0..strides.len()).filter(|&i| strides[i] == 0).collect();
    t.step(|| {
        Step::new(
            "nullspace",
            "zero strides",
            format!(
                "the leaves of flatten({l}) = {flat} with stride 0: {}",
                if zeros.is_empty() {
                    "none".to_string()
                } else {
                    zeros
                        .iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
        )
    });
    if zeros.is_empty() {
        t.step(|| {
            Step::new(
                "nullspace",
                "empty",
                "no stride-0 leaf: the nullspace is 1:0".to_string(),
            )
        });
        return Ok(Layout::trivial());
    }
    let shapes = flat.shape().leaves();
    let rstride = coord::compact_col_major(flat.shape(), 1)?;
    let rs = rstride.leaves();
    t.step(|| {
        Step::new(
            "nullspace",
            "domain strides",
            format!(
                "the column-major strides of the domain {}: {rstride}",
                flat.shape()
            ),
        )
    });
    let shape: IntTuple = zeros.iter().map(|&i| IntTuple::int(shapes[i])).collect();
    let stride: IntTuple = zeros.iter().map(|&i| IntTuple::int(rs[i])).collect();
    let r = Layout::raw(shape.unwrap(), stride.unwrap());
    t.step(|| {
        // the law: L(result(i)) == 0, i.e. L o result is result's shape with zero strides
        let zeros = Layout::raw(r.shape().to_owned(), r.shape().repeat_like(0));
        Step::new(
            "nullspace",
            "result",
            format!("those leaves' extents with their domain strides: {r}; L(result(i)) == 0"),
        )
        .val("nullspace", &r)
        .check(Check::Composition {
            a: l.clone(),
            b: r.clone(),
            r: zeros,
        })
    });
    t.step(|| {
        let kept = l.filter_zeros().size().unwrap_or(0);
        let (n, all) = (r.size().unwrap_or(0), l.size().unwrap_or(0));
        Step::new(
            "nullspace",
            "size",
            format!("size(result) * size(filter(L)) == size(L): {n} * {kept} == {all}"),
        )
        .check(Check::rel(
            "size(result) * size(filter(L)) vs size(L)",
            n.saturating_mul(kept),
            Rel::Eq,
            all,
        ))
    });
    Ok(r)
}

/// CuTe's `zip(t)`: a tuple of tuples of equal rank transposed; a tuple whose first element
/// is an integer is wrapped, `(t)`; an integer stays.
pub fn zip_tuple(t: &Tup) -> Result<IntTuple> {
    let View::Tuple(tv) = t.view() else {
        return Ok(t.to_owned());
    };
    let Some(first) = tv.first() else {
        return Ok(t.to_owned());
    };
    if first.is_int() {
        return Ok(IntTuple::tuple([t]));
    }
    let r = first.rank();
    if tv.iter().any(|m| m.is_int() || m.rank() != r) {
        return Err(condition(
            "zip",
            format!("the modes of {t} do not all have rank {r} (CuTe: mismatched ranks)"),
        ));
    }
    Ok((0..r)
        .map(|j| {
            tv.iter()
                .map(|m| m.mode(j).expect("rank checked"))
                .collect::<IntTuple>()
        })
        .collect())
}

/// `zip(L)`: the modes of L (all of the same rank) transposed, `((a,b),(c,d)) -> ((a,c),(b,d))`.
///
/// Formula: `make_layout(zip(shape(L)), zip(stride(L)))`.
pub fn zip(l: &Layout) -> Result<Layout> {
    Ok(Layout::raw(zip_tuple(l.shape())?, zip_tuple(l.stride())?))
}

/// `zip(A, B)`: `zip` of the pair `(A, B)`.
pub fn zip2(a: &Layout, b: &Layout) -> Result<Layout> {
    zip(&Layout::concat(&[a, b]))
}

/// CuTe's `zip2_by(t, guide)`: the rank-2 modes of `t` at the leaves of the guide split into
/// `((firsts...), (seconds..., rest...))`.
fn zip2_by(t: &Tup, guide: &Tup) -> Result<IntTuple> {
    const OP: &str = "tile_unzip";
    match guide.view() {
        View::Tuple(gv) => {
            let tv: Vec<&Tup> = match t.view() {
                View::Tuple(tv) if tv.len() >= gv.len() => tv.collect(),
                _ => {
                    return Err(condition(
                        OP,
                        format!(
                            "{t} has fewer modes than the tiler {guide} (CuTe: mismatched ranks)"
                        ),
                    ));
                }
            };
            let mut firsts = TupleBuilder::new();
            let mut seconds = TupleBuilder::new();
            for (ti, gi) in tv.iter().zip(gv) {
                let z = zip2_by(ti, gi)?;
                let mut m = z.modes();
                firsts.push(m.next().expect("rank 2"));
                seconds.push(m.next().expect("rank 2"));
            }
            for ti in &tv[gv.len()..] {
                seconds.push(ti);
            }
            Ok(IntTuple::tuple([firsts.finish(), seconds.finish()]))
        }
        View::Int(_) => match t.view() {
            View::Tuple(tv) if tv.len() == 2 => Ok(t.to_owned()),
            _ => Err(condition(
                OP,
                format!("{t} is not of rank 2 at a leaf of the tiler (CuTe: mismatched ranks)"),
            )),
        },
    }
}

/// `tile_unzip(L, tiler)`: the rank-2 modes of L at the leaves of the tiler's profile gathered
/// into `((tile modes), (rest modes))`, as zipped_divide makes of logical_divide.
///
/// Formula: `make_layout(zip2_by(shape(L), T), zip2_by(stride(L), T))`.
pub fn tile_unzip(l: &Layout, profile: &Tup) -> Result<Layout> {
    Ok(Layout::raw(
        zip2_by(l.shape(), profile)?,
        zip2_by(l.stride(), profile)?,
    ))
}

/// `L.get_hier_coord(i)`: the coordinate of L's domain that L maps to index i (for a compact
/// L), `idx2crd(i, shape(L), stride(L))`.
///
/// @post crd2idx(result, shape(L), stride(L)) == i (L compact); congruent(result, shape(L))
pub fn get_hier_coord(l: &Layout, i: i64) -> Result<IntTuple> {
    coord::idx2crd_strided(&IntTuple::int(i), l.shape(), l.stride())
}

/// `L.get_flat_coord(i)`: [`get_hier_coord`] with each top-level mode's coordinate made 1-D,
/// `crd2crd(get_hier_coord(i), shape(L), repeat<rank>(1))`: as `repeat<1>(1)` is the integer 1,
/// a layout of rank 1 gives the 1-D coordinate itself.
///
/// @post rank(result) == rank(L) and depth(result) <= 1
pub fn get_flat_coord(l: &Layout, i: i64) -> Result<IntTuple> {
    let hier = get_hier_coord(l, i)?;
    let one_d = |c: &Tup, s: &Tup| -> Result<IntTuple> {
        coord::crd2idx(c, s, &coord::compact_col_major(s, 1)?).map(IntTuple::int)
    };
    if l.rank() == 1 {
        return one_d(&hier, l.shape());
    }
    hier.modes()
        .zip(l.shape().modes())
        .map(|(c, s)| one_d(c, s))
        .collect()
}

/// `L.get_1d_coord(i)`: the column-major 1-D coordinate of [`get_hier_coord`],
/// `crd2idx(get_hier_coord(i), shape(L))`.
///
/// @post L(result) == i (L compact)
pub fn get_1d_coord(l: &Layout, i: i64) -> Result<i64> {
    let hier = get_hier_coord(l, i)?;
    coord::crd2idx(&hier, l.shape(), &coord::compact_col_major(l.shape(), 1)?)
}

/// `domain_distribute(A, b)`: a layout of size (at most) b over A's domain, taking the gcd of
/// what is left of b with each leaf of A in turn.
///
/// Formula: `coalesce(make_layout((gcd_0, gcd_1, ...), compact_col_major(flatten(A))))` with
/// `gcd_k = gcd(a_k, b / (gcd_0 * ... * gcd_{k-1}))`.
///
/// @post evenly_divides(b, size(result)); result(i) < result(j) for i < j
pub fn domain_distribute(a: &Tup, b: i64) -> Result<Layout> {
    const OP: &str = "domain_distribute";
    if b < 1 {
        return Err(condition(OP, format!("b = {b} is not a positive extent")));
    }
    // an integer A is the one leaf of a tuple here (CuTe folds over it once)
    let flat: IntTuple = a.leaf_iter().map(IntTuple::int).collect();
    let mut rest = b;
    let mut shape = Vec::new();
    for s in flat.leaf_iter() {
        let g = gcd(s, rest);
        shape.push(IntTuple::int(g));
        rest = arith::div(rest, g, OP)?;
    }
    let stride = coord::compact_col_major(&flat, 1)?;
    Layout::new(shape.into_iter().collect(), stride)?.coalesce()
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}
