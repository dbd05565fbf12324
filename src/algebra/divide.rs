//! The four divides and six products, as CuTe defines them from composition and complement.

use super::complement::complement_to;
use super::composition::{compose, compose_tiler};
use super::coord::Coord;
use super::error::{Result, condition};
use super::int_tuple::IntTuple::{self, Int, Tuple};
use super::layout::{Layout, slice_tuple};
use super::tiler::Tiler;

/// `logical_divide(A, tiler)`.
pub fn logical_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    match t {
        Tiler::Layout(b) => {
            let target = a.coalesce()?.shape().clone();
            let c = complement_to(b, &target)?;
            compose(a, &Layout::concat(&[b.clone(), c])).map_err(|e| e.within("logical_divide"))
        }
        Tiler::Under => Ok(a.clone()),
        Tiler::Int(n) => logical_divide(a, &Tiler::Layout(Layout::column_major(Int(*n))?)),
        Tiler::Tuple(v) => by_mode(a, v, "logical_divide", logical_divide),
    }
}

/// `logical_product(A, tiler)`.
pub fn logical_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    match t {
        Tiler::Layout(b) => {
            let target = super::arith::mul(a.size()?, b.cosize()?, "logical_product")?;
            let c = complement_to(a, &Int(target))?;
            let cb = compose(&c, b).map_err(|e| e.within("logical_product"))?;
            Ok(Layout::concat(&[a.clone(), cb]))
        }
        Tiler::Under => Ok(a.clone()),
        Tiler::Int(n) => logical_product(a, &Tiler::Layout(Layout::column_major(Int(*n))?)),
        Tiler::Tuple(v) => by_mode(a, v, "logical_product", logical_product),
    }
}

fn by_mode(
    a: &Layout,
    v: &[Tiler],
    op: &'static str,
    f: fn(&Layout, &Tiler) -> Result<Layout>,
) -> Result<Layout> {
    if v.len() > a.rank() {
        return Err(condition(
            op,
            format!(
                "too many modes in tiler: {} modes for a layout of rank {}",
                v.len(),
                a.rank()
            ),
        ));
    }
    let modes = a.modes();
    let parts = modes
        .iter()
        .enumerate()
        .map(|(i, m)| match v.get(i) {
            Some(ti) => f(m, ti),
            None => Ok(m.clone()),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Layout::concat(&parts))
}

/// CuTe's `zip2_by(t, guide)`.
fn zip2_by(t: &IntTuple, guide: &Tiler, op: &'static str) -> Result<IntTuple> {
    match guide {
        Tiler::Tuple(g) => {
            let tv = match t {
                Tuple(tv) if tv.len() >= g.len() => tv,
                _ => return Err(condition(op, "mismatched ranks of layout and tiler")),
            };
            let mut firsts = Vec::with_capacity(g.len());
            let mut seconds = Vec::with_capacity(tv.len());
            for (ti, gi) in tv.iter().zip(g) {
                match zip2_by(ti, gi, op)? {
                    Tuple(mut pair) if pair.len() == 2 => {
                        let second = pair.pop().expect("two");
                        firsts.push(pair.pop().expect("two"));
                        seconds.push(second);
                    }
                    _ => return Err(condition(op, "mismatched ranks of layout and tiler")),
                }
            }
            seconds.extend(tv[g.len()..].iter().cloned());
            Ok(Tuple(vec![Tuple(firsts), Tuple(seconds)]))
        }
        _ => match t {
            Tuple(tv) if tv.len() == 2 => Ok(t.clone()),
            _ => Err(condition(
                op,
                format!("mode {t} is not rank 2 where the tiler has {guide}"),
            )),
        },
    }
}

fn tile_unzip(l: &Layout, t: &Tiler, op: &'static str) -> Result<Layout> {
    Ok(Layout::raw(
        zip2_by(l.shape(), t, op)?,
        zip2_by(l.stride(), t, op)?,
    ))
}

fn repeat_under(n: usize) -> Coord {
    if n == 1 {
        Coord::Under
    } else {
        Coord::Tuple(vec![Coord::Under; n])
    }
}

fn unpack(l: &Layout, first: bool) -> Result<Layout> {
    let r0 = l.mode(0)?.rank();
    let r1 = l.mode(1)?.rank();
    let c0 = if first {
        repeat_under(r0)
    } else {
        Coord::Under
    };
    let c = Coord::Tuple(vec![c0, repeat_under(r1)]);
    Ok(Layout::raw(
        slice_tuple(&c, l.shape())?,
        slice_tuple(&c, l.stride())?,
    ))
}

/// `zipped_divide(A, tiler)`: `((tile), (rest))`.
pub fn zipped_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    tile_unzip(&logical_divide(a, t)?, t, "zipped_divide")
}

/// `tiled_divide(A, tiler)`: `((tile), rest0, rest1, ...)`.
pub fn tiled_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    unpack(&zipped_divide(a, t)?, false)
}

/// `flat_divide(A, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
pub fn flat_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    unpack(&zipped_divide(a, t)?, true)
}

/// `zipped_product(A, tiler)`.
pub fn zipped_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    tile_unzip(&logical_product(a, t)?, t, "zipped_product")
}

/// `tiled_product(A, tiler)`.
pub fn tiled_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    unpack(&zipped_product(a, t)?, false)
}

/// `flat_product(A, tiler)`.
pub fn flat_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    unpack(&zipped_product(a, t)?, true)
}

fn zip_layouts(x: &Layout, y: &Layout, op: &'static str) -> Result<Layout> {
    fn zip(a: &IntTuple, b: &IntTuple, op: &'static str) -> Result<IntTuple> {
        match (a, b) {
            (Tuple(av), Tuple(bv)) => {
                if av.len() != bv.len() {
                    return Err(condition(op, "mismatched ranks"));
                }
                Ok(Tuple(
                    av.iter()
                        .zip(bv)
                        .map(|(p, q)| Tuple(vec![p.clone(), q.clone()]))
                        .collect(),
                ))
            }
            // CuTe's zip of a tuple with an integer does not compile (Mismatched Ranks)
            (Tuple(_), Int(_)) => Err(condition(
                op,
                format!("mismatched ranks: cannot zip the tuple {a} with the integer {b}"),
            )),
            _ => Ok(Tuple(vec![Tuple(vec![a.clone(), b.clone()])])),
        }
    }
    Ok(Layout::raw(
        zip(x.shape(), y.shape(), op)?,
        zip(x.stride(), y.stride(), op)?,
    ))
}

fn rank_sensitive(a: &Layout, b: &Layout, op: &'static str, raked: bool) -> Result<Layout> {
    let r = a.rank().max(b.rank());
    let result = logical_product(&a.append_to_rank(r), &Tiler::Layout(b.append_to_rank(r)))?;
    let (m0, m1) = (result.mode(0)?, result.mode(1)?);
    if raked {
        zip_layouts(&m1, &m0, op)
    } else {
        zip_layouts(&m0, &m1, op)
    }
}

/// `blocked_product(A, B)`.
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    rank_sensitive(a, b, "blocked_product", false)
}

/// `raked_product(A, B)`.
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    rank_sensitive(a, b, "raked_product", true)
}

/// Composition with a tiler, re-exported for the divides' users.
pub fn composition(a: &Layout, t: &Tiler) -> Result<Layout> {
    compose_tiler(a, t)
}
