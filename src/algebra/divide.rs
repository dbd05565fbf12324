//! The four divides and six products, as CuTe defines them from composition and complement.

use super::complement::complement_traced;
use super::composition::{compose_tiler, compose_traced};
use super::coord::Coord;
use super::error::{Result, condition};
use super::int_tuple::{
    IntTuple, Tup, TupleBuilder,
    View::{Int, Tuple},
};
use super::layout::{Layout, slice_tuple};
use super::tiler::Tiler;
use super::trace::{Check, NoTrace, Step, Trace};

/// `logical_divide(A, tiler)`.
pub fn logical_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    logical_divide_traced(a, t, &mut NoTrace)
}

/// [`logical_divide`], reporting its derivation to `tr`.
pub fn logical_divide_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    const OP: &str = "logical_divide";
    match t {
        Tiler::Layout(b) => {
            tr.step(|| {
                Step::new(
                    OP,
                    "definition",
                    format!("A / B = A o (B, B*) with A = {a}, B = {b}, B* = complement(B, shape(coalesce(A))) (CuTe 4.2)"),
                )
                .val("A", a)
                .val("B", b)
            });
            tr.section(|| Step::new(OP, "cotarget", format!("coalesce(A) = coalesce({a})")));
            let ca = a.coalesce_traced(tr);
            tr.end();
            let ca = ca?;
            let target = ca.shape();
            tr.section(|| {
                Step::new(OP, "complement", format!("B* = complement({b}, {target})"))
                    .val("cotarget", target)
            });
            let c = complement_traced(b, Some(target), tr);
            tr.end();
            let c = c?;
            let bb = Layout::concat(&[b, &c]);
            tr.step(|| {
                let c = bb.mode(1).expect("(B, B*) has two modes");
                Step::new(OP, "tiler", format!("(B, B*) = ({b}, {c}) = {bb}"))
                    .val("B*", &c)
                    .val("(B, B*)", &bb)
            });
            tr.section(|| Step::new(OP, "compose", format!("A o (B, B*) = {a} o {bb}")));
            let r = compose_traced(a, &bb, tr).map_err(|e| e.within("logical_divide"));
            tr.end();
            let r = r?;
            tr.step(|| {
                Step::new(
                    OP,
                    "result",
                    format!("{a} / {b} = {r}: mode 0 is the tile (B), mode 1 the rest (B*)"),
                )
                .val("result", &r)
                .check(Check::Composition {
                    a: a.clone(),
                    b: bb.clone(),
                    r: r.clone(),
                })
            });
            Ok(r)
        }
        Tiler::Under => simple_tiler(OP, a, None, tr, logical_divide_traced),
        Tiler::Int(n) => simple_tiler(OP, a, Some(*n), tr, logical_divide_traced),
        Tiler::Tuple(v) => by_mode(a, v, "logical_divide", logical_divide_traced, tr),
    }
}

/// `logical_product(A, tiler)`.
pub fn logical_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    logical_product_traced(a, t, &mut NoTrace)
}

/// [`logical_product`], reporting its derivation to `tr`.
pub fn logical_product_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    const OP: &str = "logical_product";
    match t {
        Tiler::Layout(b) => {
            tr.step(|| {
                Step::new(
                    OP,
                    "definition",
                    format!("A * B = (A, A* o B) with A = {a}, B = {b}, A* = complement(A, size(A) * cosize(B))"),
                )
                .val("A", a)
                .val("B", b)
            });
            let target = super::arith::mul(a.size()?, b.cosize()?, "logical_product")?;
            tr.section(|| {
                Step::new(
                    OP,
                    "complement",
                    format!("A* = complement({a}, size(A) * cosize(B) = {target})"),
                )
                .val("cotarget", target)
            });
            let c = complement_traced(a, Some(&IntTuple::int(target)), tr);
            tr.end();
            let c = c?;
            tr.section(|| Step::new(OP, "compose", format!("A* o B = {c} o {b}")).val("A*", &c));
            let cb = compose_traced(&c, b, tr).map_err(|e| e.within("logical_product"));
            tr.end();
            let cb = cb?;
            let r = Layout::concat(&[a, &cb]);
            tr.step(|| {
                let cb = r.mode(1).expect("(A, A* o B) has two modes");
                Step::new(
                    OP,
                    "result",
                    format!("(A, A* o B) = ({a}, {cb}) = {r}: mode 0 is the block (A), mode 1 its repetitions (A* o B)"),
                )
                .val("result", &r)
            });
            Ok(r)
        }
        Tiler::Under => simple_tiler(OP, a, None, tr, logical_product_traced),
        Tiler::Int(n) => simple_tiler(OP, a, Some(*n), tr, logical_product_traced),
        Tiler::Tuple(v) => by_mode(a, v, "logical_product", logical_product_traced, tr),
    }
}

/// The tilers without modes of their own: `_` (`None`) keeps A; an integer `n` means `n:1`.
fn simple_tiler<T: Trace>(
    op: &'static str,
    a: &Layout,
    n: Option<i64>,
    tr: &mut T,
    f: fn(&Layout, &Tiler, &mut T) -> Result<Layout>,
) -> Result<Layout> {
    match n {
        Some(n) => {
            tr.step(|| Step::new(op, "integer tiler", format!("the integer {n} means {n}:1")));
            f(
                a,
                &Tiler::Layout(Layout::column_major(IntTuple::int(n))?),
                tr,
            )
        }
        None => {
            tr.step(|| Step::new(op, "keep", format!("_ keeps the mode: {a}")));
            Ok(a.clone())
        }
    }
}

fn by_mode<T: Trace>(
    a: &Layout,
    v: &[Tiler],
    op: &'static str,
    f: fn(&Layout, &Tiler, &mut T) -> Result<Layout>,
    tr: &mut T,
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
    tr.step(|| {
        Step::new(
            op,
            "by mode",
            format!("the tiler has {} modes: mode i of A with mode i of the tiler; modes of A past it are kept", v.len()),
        )
    });
    // each mode of A built as it is reached, the result concatenated as the modes come (no
    // list of either)
    let mut parts = Layout::concat_builder();
    for (i, (s, d)) in a.shape().modes().zip(a.stride().modes()).enumerate() {
        let m = Layout::raw(s.to_owned(), d.to_owned());
        match v.get(i) {
            Some(ti) => {
                tr.section(|| Step::new(op, "mode", format!("mode {i}: {op}({m}, {ti})")));
                let r = f(&m, ti, tr);
                tr.end();
                parts.push(&r?);
            }
            None => {
                tr.step(|| Step::new(op, "mode", format!("mode {i}: {m} kept")));
                parts.push(&m);
            }
        }
    }
    let r = parts.finish();
    tr.step(|| Step::new(op, "concatenate", format!("the modes together: {r}")).val("result", &r));
    Ok(r)
}

/// CuTe's `zip2_by(t, guide)`.
fn zip2_by(t: &Tup, guide: &Tiler, op: &'static str) -> Result<IntTuple> {
    match guide {
        Tiler::Tuple(g) => {
            let tv = match t.view() {
                Tuple(tv) if tv.len() >= g.len() => tv,
                _ => return Err(condition(op, "mismatched ranks of layout and tiler")),
            };
            let mut firsts = TupleBuilder::new();
            let mut seconds = TupleBuilder::new();
            for (ti, gi) in tv.iter().zip(g) {
                let z = zip2_by(ti, gi, op)?;
                match z.view() {
                    Tuple(pair) if pair.len() == 2 => {
                        firsts.push(&pair[0]);
                        seconds.push(&pair[1]);
                    }
                    _ => return Err(condition(op, "mismatched ranks of layout and tiler")),
                }
            }
            for rest in tv.iter().skip(g.len()) {
                seconds.push(rest);
            }
            Ok(IntTuple::tuple([firsts.finish(), seconds.finish()]))
        }
        _ => match t.view() {
            Tuple(tv) if tv.len() == 2 => Ok(t.to_owned()),
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
    zipped_divide_traced(a, t, &mut NoTrace)
}

/// [`zipped_divide`], reporting its derivation to `tr`.
pub fn zipped_divide_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    arrange(a, t, tr, "zipped_divide", logical_divide_traced, None)
}

/// `tiled_divide(A, tiler)`: `((tile), rest0, rest1, ...)`.
pub fn tiled_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    tiled_divide_traced(a, t, &mut NoTrace)
}

/// [`tiled_divide`], reporting its derivation to `tr`.
pub fn tiled_divide_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    arrange(a, t, tr, "tiled_divide", logical_divide_traced, Some(false))
}

/// `flat_divide(A, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
pub fn flat_divide(a: &Layout, t: &Tiler) -> Result<Layout> {
    flat_divide_traced(a, t, &mut NoTrace)
}

/// [`flat_divide`], reporting its derivation to `tr`.
pub fn flat_divide_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    arrange(a, t, tr, "flat_divide", logical_divide_traced, Some(true))
}

/// `zipped_product(A, tiler)`.
pub fn zipped_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    zipped_product_traced(a, t, &mut NoTrace)
}

/// [`zipped_product`], reporting its derivation to `tr`.
pub fn zipped_product_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    arrange(a, t, tr, "zipped_product", logical_product_traced, None)
}

/// `tiled_product(A, tiler)`.
pub fn tiled_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    tiled_product_traced(a, t, &mut NoTrace)
}

/// [`tiled_product`], reporting its derivation to `tr`.
pub fn tiled_product_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    arrange(
        a,
        t,
        tr,
        "tiled_product",
        logical_product_traced,
        Some(false),
    )
}

/// `flat_product(A, tiler)`.
pub fn flat_product(a: &Layout, t: &Tiler) -> Result<Layout> {
    flat_product_traced(a, t, &mut NoTrace)
}

/// [`flat_product`], reporting its derivation to `tr`.
pub fn flat_product_traced<T: Trace>(a: &Layout, t: &Tiler, tr: &mut T) -> Result<Layout> {
    arrange(a, t, tr, "flat_product", logical_product_traced, Some(true))
}

/// The zipped, tiled and flat forms: the logical one, its modes zipped into `((tile), (rest))`,
/// then (`unpack`: Some(first)) the rest modes (and with `first`, the tile modes) unpacked.
fn arrange<T: Trace>(
    a: &Layout,
    t: &Tiler,
    tr: &mut T,
    op: &'static str,
    logical: fn(&Layout, &Tiler, &mut T) -> Result<Layout>,
    unpack_first: Option<bool>,
) -> Result<Layout> {
    let base = if op.ends_with("divide") {
        "logical_divide"
    } else {
        "logical_product"
    };
    tr.section(|| Step::new(op, "logical", format!("first {base}({a}, {t})")));
    let l = logical(a, t, tr);
    tr.end();
    let l = l?;
    let z = tile_unzip(&l, t, op)?;
    tr.step(|| {
        Step::new(
            op,
            "zip",
            format!("gather the tile modes of each mode (its mode 0) into mode 0 and the rest into mode 1: {l} becomes (({}), ({})) = {z}", "tiles", "rests"),
        )
        .val("zipped", &z)
        .check(Check::Rearranged {
            from: l.clone(),
            to: z.clone(),
        })
    });
    let Some(first) = unpack_first else {
        return Ok(z);
    };
    let r = unpack(&z, first)?;
    tr.step(|| {
        let how = if first {
            "flat: both the tile modes and the rest modes unpacked to the top level"
        } else {
            "tiled: the tile modes stay together in mode 0, the rest modes unpacked after it"
        };
        Step::new(op, "unpack", format!("{how}: {r}"))
            .val("result", &r)
            .check(Check::Rearranged {
                from: z.clone(),
                to: r.clone(),
            })
    });
    Ok(r)
}

fn zip_layouts(x: &Layout, y: &Layout, op: &'static str) -> Result<Layout> {
    fn zip(a: &Tup, b: &Tup, op: &'static str) -> Result<IntTuple> {
        match (a.view(), b.view()) {
            (Tuple(av), Tuple(bv)) => {
                if av.len() != bv.len() {
                    return Err(condition(op, "mismatched ranks"));
                }
                Ok(av
                    .iter()
                    .zip(bv)
                    .map(|(p, q)| IntTuple::tuple([p, q]))
                    .collect())
            }
            // CuTe's zip of a tuple with an integer does not compile (Mismatched Ranks)
            (Tuple(_), Int(_)) => Err(condition(
                op,
                format!("mismatched ranks: cannot zip the tuple {a} with the integer {b}"),
            )),
            _ => Ok(IntTuple::tuple([IntTuple::tuple([a, b])])),
        }
    }
    Ok(Layout::raw(
        zip(x.shape(), y.shape(), op)?,
        zip(x.stride(), y.stride(), op)?,
    ))
}

fn rank_sensitive<T: Trace>(
    a: &Layout,
    b: &Layout,
    op: &'static str,
    raked: bool,
    tr: &mut T,
) -> Result<Layout> {
    let r = a.rank().max(b.rank());
    let (ar, br) = (a.append_to_rank(r), b.append_to_rank(r));
    tr.step(|| {
        Step::new(
            op,
            "rank",
            format!("both to rank {r} (size-1 modes appended): A = {ar}, B = {br}"),
        )
    });
    tr.section(|| Step::new(op, "logical", format!("logical_product({ar}, {br})")));
    let result = logical_product_traced(&ar, &Tiler::Layout(br), tr);
    tr.end();
    let result = result?;
    let (m0, m1) = (result.mode(0)?, result.mode(1)?);
    let out = if raked {
        zip_layouts(&m1, &m0, op)
    } else {
        zip_layouts(&m0, &m1, op)
    };
    if let Ok(z) = &out {
        tr.step(|| {
            let how = if raked {
                "raked: mode i is (B_i, A_i), the repetitions inside, A's elements outside"
            } else {
                "blocked: mode i is (A_i, B_i), A's block inside, the repetitions outside"
            };
            Step::new(op, "zip", format!("A = {m0}, A* o B = {m1}; {how}: {z}"))
                .val("result", z)
                .check(Check::Rearranged {
                    from: result.clone(),
                    to: z.clone(),
                })
        });
    }
    out
}

/// `blocked_product(A, B)`.
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    rank_sensitive(a, b, "blocked_product", false, &mut NoTrace)
}

/// [`blocked_product`], reporting its derivation to `tr`.
pub fn blocked_product_traced<T: Trace>(a: &Layout, b: &Layout, tr: &mut T) -> Result<Layout> {
    rank_sensitive(a, b, "blocked_product", false, tr)
}

/// `raked_product(A, B)`.
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    rank_sensitive(a, b, "raked_product", true, &mut NoTrace)
}

/// [`raked_product`], reporting its derivation to `tr`.
pub fn raked_product_traced<T: Trace>(a: &Layout, b: &Layout, tr: &mut T) -> Result<Layout> {
    rank_sensitive(a, b, "raked_product", true, tr)
}

/// Composition with a tiler, re-exported for the divides' users.
pub fn composition(a: &Layout, t: &Tiler) -> Result<Layout> {
    compose_tiler(a, t)
}
