//! MMA atoms: `MMA_Atom<Op>` of every operation CuTe 4.7 gives `MMA_Traits` (the catalog's
//! data, [`super::catalog`]) and of the UMMA templates ([`super::umma`]).

use std::fmt;

use super::catalog::{self, Params};
use super::umma;
use super::util::{lay, tuple};
use crate::algebra::error::condition;
use crate::algebra::{IntTuple, Layout, Result, Tup};

/// One MMA atom: `MMA_Atom<MMA_Traits<Op>>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// The operation's name as CuTe spells it (GMMA ones with their template arguments).
    pub name: String,
    /// `ThrID`: logical thread id -> thread index.
    pub thr_id: Layout,
    /// `Shape_MNK`.
    pub shape_mnk: IntTuple,
    /// `ALayout`: (thread, value) -> (M,K) column-major offset.
    pub a: Layout,
    /// `BLayout`: (thread, value) -> (N,K).
    pub b: Layout,
    /// `CLayout`: (thread, value) -> (M,N).
    pub c: Layout,
    /// `ELayout`: (thread, value) -> (M,K) of a structured-sparse A's metadata, where the traits
    /// define one (SM90's sparse GMMA, SM120's sparse mma.sync).
    pub e: Option<Layout>,
}

impl MmaAtom {
    /// A TV layout of the atom as the CuTe DSL gives it (`tv_layout_A`): a one-thread UMMA
    /// atom's (tcgen05, `CtaGroup.ONE`) thread mode has the stride of the value mode's first
    /// extent, M or N (`(1,(128,16)):(128,(1,128))`, the values then the thread, as the two-SM
    /// atoms'), where C++'s (`Layout<Shape<_1,Shape<M,K>>, Stride<_0,…>>`) is 0; any other is
    /// C++'s.
    pub fn dsl_tv(&self, tv: &Layout) -> Layout {
        let one_thread_umma =
            self.name.starts_with("SM100_MMA_") && self.thr_id.size().is_ok_and(|n| n == 1);
        let dsl = || -> Option<Layout> {
            let [thr, val]: [Layout; 2] = tv.modes().try_into().ok()?;
            let first = val.shape().mode(0)?.as_int()?;
            let thr = Layout::new(thr.shape().to_owned(), IntTuple::int(first)).ok()?;
            Some(Layout::concat(&[thr, val]))
        };
        one_thread_umma
            .then(dsl)
            .flatten()
            .unwrap_or_else(|| tv.clone())
    }

    /// `ValTypeD`, `ValTypeA`, `ValTypeB`, `ValTypeC` (the catalog's, or `UniversalFMA`'s
    /// template arguments): `None` where the catalog does not hold this name.
    pub fn value_types(&self) -> Option<[&str; 4]> {
        if let Some(row) = self.row() {
            return Some(row.types);
        }
        if self.name.starts_with("SM100_MMA_") {
            return super::umma::value_types(&self.name);
        }
        let targs = self.name.strip_prefix("UniversalFMA<")?.strip_suffix('>')?;
        let t: Vec<&str> = targs.split(',').map(str::trim).collect();
        match t.as_slice() {
            [d, a, b, c] => Some([d, a, b, c]),
            _ => None,
        }
    }

    /// The catalog's row of this atom: its name, its name without template arguments (GMMA's
    /// majors), or without the last one (SM120's block-scaled VS).
    pub fn row(&self) -> Option<&'static catalog::MmaRow> {
        let name = self.name.as_str();
        catalog::mma_row(name)
            .or_else(|| catalog::mma_row(name.split('<').next()?))
            .or_else(|| {
                let (types, _) = name.strip_suffix('>')?.rsplit_once(',')?;
                let row = catalog::mma_row(&format!("{types}>"))?;
                (row.params == Params::Vs).then_some(row)
            })
    }

    /// A value type of the traits by its member's name: `ValTypeD`, `ValTypeA`, `ValTypeB`,
    /// `ValTypeC`, or a sparse MMA's `ValTypeE`; `None` where the catalog does not say.
    pub fn value_type(&self, member: &str) -> Option<&str> {
        let Some(row) = self.row() else {
            let types = self.value_types()?;
            return match member {
                "ValTypeD" => Some(types[0]),
                "ValTypeA" => Some(types[1]),
                "ValTypeB" => Some(types[2]),
                "ValTypeC" => Some(types[3]),
                _ => None,
            };
        };
        match member {
            "ValTypeD" => Some(row.types[0]),
            "ValTypeA" => Some(row.types[1]),
            "ValTypeB" => Some(row.types[2]),
            "ValTypeC" => Some(row.types[3]),
            "ValTypeE" => row.sparse.map(|s| s.type_e),
            _ => None,
        }
    }

    /// SM120's block-scaled `mma.sync` (`SM120_16x8x32_TN_VS`, `SM120_16x8x64_TN_VS` and the
    /// sparse `SM120_SPARSE_16x8x64_TN_VS`, `SM120_SPARSE_16x8x128_TN_VS`, each `<a_type,
    /// b_type, c_type, sf_type, VS>`, mma_traits_sm120.hpp / _sparse.hpp): the scale factors'
    /// `(SFALayout, SFBLayout, ValTypeSF, SFVecSize)`. With K the atom's (`Shape_MNK`'s) K,
    /// `SFALayout = ((2,2,8),K):((8,0,1),16)` ((T32,VK) -> (M16,K): effectively 16 threads, the
    /// 2:0 mode) and `SFBLayout = ((4,8),K):((0,1),8)` ((T32,VK) -> (N8,K): 8 threads, the 4:0
    /// mode). `None` for any other atom.
    pub fn scale_factors(&self) -> Option<(Layout, Layout, String, i64)> {
        let (head, targs) = self.name.split_once('<')?;
        if !head.ends_with("_TN_VS") || !head.contains("SM120") {
            return None;
        }
        let t: Vec<&str> = targs.strip_suffix('>')?.split(',').map(str::trim).collect();
        let [_, _, _, sf, vs] = t.as_slice() else {
            return None;
        };
        let vs: i64 = vs.parse().ok()?;
        let k = self.extent(2);
        let sfa = Layout::new(
            IntTuple::tuple([IntTuple::of_ints(&[2, 2, 8]), IntTuple::int(k)]),
            IntTuple::tuple([IntTuple::of_ints(&[8, 0, 1]), IntTuple::int(16)]),
        )
        .ok()?;
        let sfb = Layout::new(
            IntTuple::tuple([IntTuple::of_ints(&[4, 8]), IntTuple::int(k)]),
            IntTuple::tuple([IntTuple::of_ints(&[0, 1]), IntTuple::int(8)]),
        )
        .ok()?;
        Some((sfa, sfb, sf.to_string(), vs))
    }

    /// The extent of mode i of `Shape_MNK`.
    pub fn extent(&self, i: usize) -> i64 {
        self.shape_mnk
            .mode(i)
            .and_then(Tup::as_int)
            .expect("Shape_MNK is a flat triple")
    }
}

impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mma_atom({})", self.name)
    }
}

/// Every MMA atom name of the catalog that cute models, as `cute` spells it (GMMA ones taking
/// majors with `<K,K>`, `UniversalFMA` with float types).
pub fn warp_names() -> Vec<String> {
    catalog::mma_rows()
        .iter()
        .map(|r| match r.params {
            Params::Majors => format!("{}<K,K>", r.name),
            Params::Fma => "UniversalFMA<float,float,float,float>".to_string(),
            Params::Vs => format!("{},32>", r.name.trim_end_matches('>')),
            Params::SparseMajors => format!("{}<K,K>", r.name),
            _ => r.name.to_string(),
        })
        .filter(|n| mma_atom(n).is_ok())
        .collect()
}

fn bad(name: &str, why: impl Into<String>) -> crate::algebra::AlgebraError {
    condition("mma_atom", format!("'{name}': {}", why.into()))
}

/// A name as CuTe may spell it, in the catalog's form: `cute::` dropped, `SM90::GMMA::MMA_…`
/// written `SM90_…`, SM90's sparse GMMA with its whole namespace (`GMMA::SPARSE::GMMA_…` written
/// `SM90::GMMA::SPARSE::GMMA_…`), SM120's block-scaled and sparse namespaces dropped.
fn normalized(name: &str) -> String {
    let mut n = name.trim();
    while let Some(rest) = n.strip_prefix("cute::") {
        n = rest;
    }
    if let Some(rest) = n.strip_prefix("SM90::GMMA::MMA_") {
        return format!("SM90_{rest}");
    }
    // (`GMMA::` may have been read off already, as the majors' `GMMA::Major::` is)
    for short in ["GMMA::SPARSE::GMMA_", "SPARSE::GMMA_"] {
        if let Some(rest) = n.strip_prefix(short) {
            return format!("{}{rest}", catalog::SM90_SPARSE_PREFIX);
        }
    }
    for ns in [
        "SM120::BLOCKSCALED::SPARSE::",
        "SM120::SPARSE::",
        "SM120::BLOCKSCALED::",
        "SM103::",
    ] {
        if let Some(rest) = n.strip_prefix(ns) {
            return rest.to_string();
        }
    }
    n.to_string()
}

/// Whether `MMA_Atom<NAME>` is an atom: [`mma_atom`]'s verdict, but a name without template
/// arguments that is neither a catalog row nor a UMMA family (the only ways such a name is an
/// atom) is answered by those lookups, without the error message `mma_atom` would build (a
/// search of the catalogue). A variable's binding asks it of each new name.
pub fn is_atom_name(name: &str) -> bool {
    if !name.contains('<') {
        let full = normalized(name);
        if catalog::mma_row(&full).is_none()
            && !umma::is_family(&full)
            && !umma::is_scaled_family(&full)
        {
            return false;
        }
    }
    mma_atom(name).is_ok()
}

/// `MMA_Atom<NAME>`: the atom of that name, or an error naming what is wrong with the name.
pub fn mma_atom(name: &str) -> Result<MmaAtom> {
    let full = normalized(name);
    let (base, targs) = match full.split_once('<') {
        Some((b, rest)) => {
            let inner = rest
                .strip_suffix('>')
                .ok_or_else(|| bad(&full, "template arguments do not end in '>'"))?;
            (b.trim(), Some(inner.trim()))
        }
        None => (full.as_str(), None),
    };
    // SM120's block-scaled atoms: the catalog's name leaves out the last argument, VS
    let without_vs = targs.and_then(|t| {
        let (types, vs) = t.rsplit_once(',')?;
        let row = catalog::mma_row(&format!("{base}<{types}>"))?;
        (row.params == Params::Vs).then_some((row, vs.trim()))
    });
    if let Some((row, vs)) = without_vs {
        let vs: i64 = vs.trim_start_matches('_').parse().map_err(|_| {
            bad(
                &full,
                format!("expected the scale-factor vector size VS, an integer, got '{vs}'"),
            )
        })?;
        if !(1..=1024).contains(&vs) {
            return Err(bad(
                &full,
                format!("the vector size VS must be 1 to 1024, got {vs}"),
            ));
        }
        return Ok(MmaAtom {
            name: full.clone(),
            thr_id: lay(row.thr_id),
            shape_mnk: tuple(row.shape),
            a: lay(row.a),
            b: lay(row.b),
            c: lay(row.c),
            e: row.sparse.map(|m| lay(m.layout)),
        });
    }
    if let Some(row) = catalog::mma_row(&full).or_else(|| catalog::mma_row(base)) {
        let whole = row.name == full
            && matches!(
                row.params,
                Params::None | Params::Scale | Params::SparseScale | Params::SparseSel
            );
        let canonical = match row.params {
            _ if whole => full.clone(),
            Params::None => {
                return Err(bad(&full, format!("{base} takes no template arguments")));
            }
            Params::Vs => {
                return Err(bad(
                    &full,
                    format!("{base} takes <a_type, b_type, c_type, sf_type, VS>"),
                ));
            }
            Params::Majors => {
                let (ma, mb) = parse_majors(&full, targs)?;
                if base.contains("_RS") && ma != "K" {
                    return Err(bad(
                        &full,
                        "an RS GMMA reads A from registers: A must be K-major (CuTe's static_assert: Register source operand A must have K major layout)",
                    ));
                }
                format!("{base}<{ma},{mb}>")
            }
            Params::SparseMajors => {
                let (ma, mb) = parse_sparse_args(&full, base, targs, row.params)?;
                if base.ends_with("_RS") && ma != "K" {
                    return Err(bad(
                        &full,
                        "an RS GMMA reads A from registers: A must be K-major (CuTe's static_assert: Register source operand A must have K major layout)",
                    ));
                }
                format!("{base}<{ma},{mb}>")
            }
            Params::SparseScale | Params::SparseSel => {
                parse_sparse_args(&full, base, targs, row.params)?;
                base.to_string()
            }
            Params::Scale => {
                let t = targs.unwrap_or("");
                let scales = t.is_empty()
                    || t.split(',')
                        .all(|a| matches!(a.trim().trim_start_matches("ScaleIn::"), "One" | "Neg"));
                if !scales {
                    return Err(bad(
                        &full,
                        format!(
                            "{base} is K-major only and takes no major template arguments (only scaleA, scaleB)"
                        ),
                    ));
                }
                base.to_string()
            }
            Params::Fma => {
                let types: Vec<&str> = targs.unwrap_or("").split(',').map(str::trim).collect();
                if targs.is_none()
                    || types.is_empty()
                    || types.len() > 4
                    || types.iter().any(|t| t.is_empty())
                {
                    return Err(bad(
                        &full,
                        "UniversalFMA takes the value types <D[, A, B, C]>, e.g. UniversalFMA<float,float,float,float>",
                    ));
                }
                // each a value type CuTe names (`complex<T>` of one too): a name C++ does not
                // know (`UniversalFMA<TC,TA,TB>` pasted from a kernel template) is not one
                let known = |t: &str| {
                    let t = t.strip_prefix("cutlass::").unwrap_or(t);
                    let t = t.strip_prefix("cute::").unwrap_or(t);
                    let inner = t
                        .strip_prefix("complex<")
                        .and_then(|x| x.strip_suffix('>'))
                        .unwrap_or(t);
                    crate::algebra::recast::element_bits(inner).is_some()
                };
                if let Some(t) = types.iter().find(|t| !known(t)) {
                    return Err(bad(
                        &full,
                        format!(
                            "UniversalFMA's value type '{t}' is not an element type CuTe names (half_t, float, double, ...); bind it first with 'using {t} = float;'"
                        ),
                    ));
                }
                // CuTe's defaults: A = D, B = A, C = D
                let d = types[0];
                let a = types.get(1).copied().unwrap_or(d);
                let b = types.get(2).copied().unwrap_or(a);
                let c = types.get(3).copied().unwrap_or(d);
                format!("UniversalFMA<{d},{a},{b},{c}>")
            }
        };
        // a few of CuTe's traits write a stride deeper than its shape, which CuTe's types
        // allow but cute's algebra (and CuTe's make_layout) refuse
        let parse = |text: &str| {
            text.parse::<Layout>().map_err(|e| {
                bad(
                    &full,
                    format!(
                        "CuTe 4.7's traits give the layout {text}, whose stride is not congruent with its shape (a mode of rank 2 strided by a tuple of rank 1): CuTe prints it and takes its size, but cannot evaluate it (crd2idx's static_assert 'Mismatched Ranks'), so no MMA can be built on it; cute refuses it ({e})"
                    ),
                )
            })
        };
        return Ok(MmaAtom {
            name: canonical,
            thr_id: parse(row.thr_id)?,
            shape_mnk: tuple(row.shape),
            a: parse(row.a)?,
            b: parse(row.b)?,
            c: parse(row.c)?,
            e: row.sparse.map(|m| parse(m.layout)).transpose()?,
        });
    }
    if umma::is_family(base) || umma::is_scaled_family(base) {
        return umma::umma_atom(base, targs);
    }
    if umma::SCALED_WITHOUT_TRAITS.contains(&base) {
        return Err(bad(
            &full,
            format!(
                "CuTe 4.7 declares {base} (arch/mma_sm100_umma.hpp) but gives it no MMA_Traits (atom/mma_traits_sm100.hpp), so MMA_Atom<{base}<...>> does not compile; its traits-bearing kin are {}",
                umma::SCALED_FAMILIES.join(", ")
            ),
        ));
    }
    Err(bad(&full, unknown_message(base)))
}

/// Why a name is not an MMA atom: a shape its family lacks (listing the family's shapes), or
/// an unknown name with the closest catalog names.
fn unknown_message(base: &str) -> String {
    let fam = catalog::family(base);
    let shapes: Vec<&str> = catalog::mma_rows()
        .iter()
        .filter(|r| r.name != base && catalog::family(r.name) == fam && fam != r.name)
        .filter_map(|r| r.name.split('_').find(|p| catalog::is_shape(p)))
        .collect();
    if !shapes.is_empty() {
        let mut ns: Vec<i64> = shapes
            .iter()
            .filter_map(|s| s.split('x').nth(1)?.parse().ok())
            .collect();
        ns.sort_unstable();
        ns.dedup();
        let steps_of_8 = ns.len() == 32 && ns.iter().zip(1..).all(|(n, i)| *n == 8 * i);
        let which = if steps_of_8 {
            "N a multiple of 8 from 8 to 256".to_string()
        } else {
            let ns: Vec<String> = ns.iter().map(i64::to_string).collect();
            format!("N one of {}", ns.join(", "))
        };
        return format!("CuTe has no such shape in the family {fam}: it has {which}");
    }
    // an atom CUTLASS added after 4.7.0, whose tests (test/unit/cute/) already use it
    if let Some((_, when)) = AFTER_CUTE_4_7.iter().find(|(n, _)| *n == base) {
        return format!(
            "unknown MMA atom '{base}': CuTe 4.7.0 has no such atom (CUTLASS adds it after 4.7.0, {when}), so CuTe 4.7 does not compile it"
        );
    }
    // the catalog's atoms and the UMMA templates' families (SM100_MMA_F16BF16_SS<…>)
    let names: Vec<&str> = catalog::mma_rows()
        .iter()
        .map(|r| r.name)
        .chain(umma::family_names())
        .chain(umma::SCALED_FAMILIES.iter().copied())
        .collect();
    let near = crate::spelling::closest_among(base, names.iter().copied());
    if near.is_empty() {
        format!("unknown MMA atom '{base}' (`cute atoms --kind mma` lists them)")
    } else {
        format!(
            "unknown MMA atom '{base}'; did you mean {}? (`cute atoms --kind mma` lists them)",
            near.join(", ")
        )
    }
}

/// MMA atoms of CUTLASS's after 4.7.0 (the tree's newer commits), which cute, after CuTe 4.7.0,
/// does not have: each with the change that adds it.
const AFTER_CUTE_4_7: &[(&str, &str)] = &[(
    "SM75_16x8x8_F16F16F16F16_TN",
    "#2851, with turing/cooperative_gemm.cu's CooperativeGemm2_Half_MMA",
)];

fn parse_majors<'a>(full: &str, targs: Option<&'a str>) -> Result<(&'a str, &'a str)> {
    let Some(t) = targs else {
        return Ok(("K", "K"));
    };
    let args: Vec<&str> = t
        .split(',')
        .map(|a| a.trim_start_matches("cute::"))
        .map(|a| a.trim_start_matches("SM90::"))
        .map(|a| a.trim_start_matches("GMMA::"))
        .map(|a| a.trim_start_matches("Major::"))
        .collect();
    let scale = |s: &str| matches!(s.trim_start_matches("ScaleIn::"), "One" | "Neg");
    match args.as_slice() {
        [a, b] if is_major(a) && is_major(b) => Ok((a, b)),
        [a, b, sa, sb] if is_major(a) && is_major(b) && scale(sa) && scale(sb) => Ok((a, b)),
        _ => Err(bad(
            full,
            "expected the majors of A and B as template arguments, e.g. <K,K> or <MN,K>",
        )),
    }
}

/// SM90's sparse GMMA template arguments: `<tnspA, tnspB[, scaleA, scaleB[, spsel]]>` (with
/// majors) or `<[scaleA, scaleB[, spsel]]>` / `<[spsel]>` (K-major forms); the majors, `K,K`
/// where the form has none.
fn parse_sparse_args<'a>(
    full: &str,
    base: &str,
    targs: Option<&'a str>,
    params: Params,
) -> Result<(&'a str, &'a str)> {
    let majors = params == Params::SparseMajors;
    let strip = |a: &'a str| {
        let mut a = a.trim();
        for p in [
            "cute::",
            "SM90::",
            "GMMA::",
            "Major::",
            "ScaleIn::",
            "SparseSel::",
        ] {
            a = a.strip_prefix(p).unwrap_or(a);
        }
        a
    };
    let args: Vec<&str> = match targs.map(str::trim) {
        None | Some("") => Vec::new(),
        Some(t) => t.split(',').map(strip).collect(),
    };
    let scale = |s: &str| matches!(s, "One" | "Neg");
    let sel = |s: &str| matches!(s, "Zero" | "One");
    let scale_only = params == Params::SparseSel;
    let (ok, m) = if majors {
        match args.as_slice() {
            [a, b] if is_major(a) && is_major(b) => (true, (*a, *b)),
            [a, b, sa, sb] if is_major(a) && is_major(b) && scale(sa) && scale(sb) => {
                (true, (*a, *b))
            }
            [a, b, sa, sb, sp]
                if is_major(a) && is_major(b) && scale(sa) && scale(sb) && sel(sp) =>
            {
                (true, (*a, *b))
            }
            _ => (false, ("K", "K")),
        }
    } else if scale_only {
        (
            matches!(args.as_slice(), [] | [_] if args.iter().all(|s| sel(s))),
            ("K", "K"),
        )
    } else {
        let ok = match args.as_slice() {
            [] => true,
            [sa, sb] => scale(sa) && scale(sb),
            [sa, sb, sp] => scale(sa) && scale(sb) && sel(sp),
            _ => false,
        };
        (ok, ("K", "K"))
    };
    if ok {
        return Ok(m);
    }
    let sig = if majors {
        "<tnspA, tnspB[, scaleA, scaleB[, spsel]]>: the majors of A and B (K or MN, required), the scales (One or Neg) and the metadata selector spsel (Zero or One), e.g. <K,K>"
    } else if scale_only {
        "<[spsel]>: only the metadata selector spsel (Zero or One); it is K-major and has no scales"
    } else {
        "<[scaleA, scaleB[, spsel]]>: the scales (One or Neg) and the metadata selector spsel (Zero or One); it is K-major and takes no majors"
    };
    Err(bad(full, format!("{base} takes {sig}")))
}

fn is_major(s: &str) -> bool {
    s == "K" || s == "MN"
}
