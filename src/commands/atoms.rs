//! `cute atoms [--arch ARCH] [--kind mma|copy] [FILTER]`: the catalog of CuTe 4.7's MMA and copy
//! atoms ([`cute::atoms::catalog`]), by architecture and family, with each one's shape and types.

use std::io::Write;

use crate::output::{EXIT_INPUT, finish};
use cute::atoms::{catalog, copy, mma, umma};

/// Which atoms `cute atoms` lists.
pub struct AtomsQuery<'a> {
    /// `sm_90`, `sm90`, `90` or `any`: only that architecture's atoms.
    pub arch: Option<&'a str>,
    /// `mma` or `copy`.
    pub kind: Option<&'a str>,
    /// Only atoms whose name contains this (any case); listed one by one.
    pub filter: Option<&'a str>,
}

/// One line of the catalog.
struct Line {
    arch: String,
    kind: &'static str,
    name: String,
    shape: String,
    what: String,
    /// How many atoms the line stands for (a GMMA family's N are one line).
    count: usize,
}

/// `sm_90a` and `90` as `sm_90`; `any` as is.
fn arch_key(arch: &str) -> String {
    let a = arch.trim().to_ascii_lowercase();
    if a == "any" {
        return a;
    }
    let digits: String = a
        .trim_start_matches("sm")
        .trim_start_matches('_')
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    format!("sm_{digits}")
}

fn arch_order(arch: &str) -> u32 {
    arch.trim_start_matches("sm_").parse().unwrap_or(0)
}

fn size_of_mode(layout: &str, mode: usize) -> String {
    layout
        .parse::<cute::algebra::Layout>()
        .ok()
        .and_then(|l| l.mode(mode).ok()?.size().ok())
        .map_or_else(|| "?".to_string(), |n| n.to_string())
}

fn threads(thr_id: &str) -> String {
    match size_of_mode(thr_id, 0).as_str() {
        "1" => "1 thread".to_string(),
        n => format!("{n} threads"),
    }
}

fn mma_lines(expand: bool) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    // the rows by family (GMMA's N in one family), in the order the headers first name them
    let mut groups: Vec<(String, Vec<&catalog::MmaRow>)> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for r in catalog::mma_rows() {
        let fam = if expand {
            r.name.to_string()
        } else {
            catalog::family(r.name)
        };
        match index.get(&fam) {
            Some(&i) => groups[i].1.push(r),
            None => {
                index.insert(fam.clone(), groups.len());
                groups.push((fam, vec![r]));
            }
        }
    }
    for (fam, rows) in groups {
        let r = rows[0];
        let majors = match r.params {
            catalog::Params::Majors | catalog::Params::SparseMajors => "<K|MN,K|MN>",
            catalog::Params::Fma => "<D,A,B,C>",
            _ => "",
        };
        let fam = match (r.params, rows.len()) {
            (catalog::Params::Vs, _) => format!("{},VS>", r.name.trim_end_matches('>')),
            (_, 1) => r.name.to_string(),
            _ => fam,
        };
        let types = if r.params == catalog::Params::Fma {
            "any value types".to_string()
        } else {
            let e = r
                .sparse
                .map_or(String::new(), |m| format!(" E {} (ELayout)", m.type_e));
            format!(
                "D {} A {} B {} C {}{e}",
                r.types[0], r.types[1], r.types[2], r.types[3]
            )
        };
        let what = format!("{}; {types}", threads(r.thr_id));
        let shape = r
            .shape
            .trim_matches(|c| c == '(' || c == ')')
            .replace(',', "x");
        if rows.len() > 1 {
            let mut ns: Vec<i64> = rows
                .iter()
                .filter_map(|x| {
                    x.name
                        .split('_')
                        .find(|p| catalog::is_shape(p))?
                        .split('x')
                        .nth(1)?
                        .parse()
                        .ok()
                })
                .collect();
            ns.sort_unstable();
            let step = ns.first().copied().unwrap_or(8);
            let arithmetic = ns.iter().zip(1..).all(|(n, k)| *n == step * k);
            let n_text = if arithmetic {
                format!("{step}..{} step {step}", ns.last().copied().unwrap_or(step))
            } else {
                ns.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            };
            let dims: Vec<&str> = shape.split('x').collect();
            out.push(Line {
                arch: r.arch.to_string(),
                kind: "mma",
                name: format!("{fam}{majors}"),
                shape: format!("{}xNx{}, N {n_text}", dims[0], dims[2]),
                what,
                count: rows.len(),
            });
        } else {
            out.push(Line {
                arch: r.arch.to_string(),
                kind: "mma",
                name: format!("{fam}{majors}"),
                shape,
                what,
                count: 1,
            });
        }
    }
    for (name, sig) in umma::families() {
        out.push(Line {
            arch: umma::arch(&name).to_string(),
            kind: "mma",
            name: format!("{name}{sig}"),
            shape: "MxNxK".to_string(),
            what: umma::describe(&name).unwrap_or_default(),
            count: 1,
        });
    }
    out
}

fn copy_lines() -> Vec<Line> {
    let mut out: Vec<Line> = copy::templated_ops()
        .iter()
        .map(|(name, arch, what)| Line {
            arch: arch.to_string(),
            kind: "copy",
            name: name.to_string(),
            shape: "1 thread".to_string(),
            what: what.to_string(),
            count: 1,
        })
        .collect();
    for (name, arch, threads, what) in copy::tma_ops() {
        out.push(Line {
            arch: arch.to_string(),
            kind: "copy",
            name: name.to_string(),
            shape: if threads == 1 {
                "1 thread".to_string()
            } else {
                format!("{threads} threads")
            },
            what,
            count: 1,
        });
    }
    for r in catalog::copy_rows() {
        out.push(Line {
            arch: r.arch.to_string(),
            kind: "copy",
            name: r.name.to_string(),
            shape: threads(r.thr_id),
            what: format!(
                "bits per thread: source {}, destination {}",
                size_of_mode(r.src, 1),
                size_of_mode(r.dst, 1)
            ),
            count: 1,
        });
    }
    out
}

/// `cute atoms`: the catalog, one section per architecture; exit 1 when nothing matches.
pub fn atoms(q: &AtomsQuery, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let filter = q.filter.map(str::to_ascii_lowercase);
    let arch = q.arch.map(arch_key);
    let mut lines: Vec<Line> = Vec::new();
    if q.kind != Some("copy") {
        lines.extend(mma_lines(filter.is_some()));
    }
    if q.kind != Some("mma") {
        lines.extend(copy_lines());
    }
    lines.retain(|l| {
        arch.as_ref().is_none_or(|a| *a == l.arch)
            && filter
                .as_ref()
                .is_none_or(|f| l.name.to_ascii_lowercase().contains(f.as_str()))
    });
    if lines.is_empty() {
        let mut names: Vec<String> = mma::warp_names();
        names.extend(umma::families().into_iter().map(|(n, _)| n));
        names.extend(copy::op_names());
        names.extend(copy::tma_ops().into_iter().map(|t| t.0.to_string()));
        let asked = q.filter.unwrap_or("");
        let near = cute::eval::functions::closest_among(asked, names.iter().map(String::as_str));
        let hint = if near.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", near.join(", "))
        };
        let _ = writeln!(
            err,
            "error: no atom matches{}{}{}{hint} (`cute atoms` lists them all)",
            q.filter.map(|f| format!(" '{f}'")).unwrap_or_default(),
            arch.as_ref()
                .map(|a| format!(" on {a}"))
                .unwrap_or_default(),
            q.kind.map(|k| format!(" of kind {k}")).unwrap_or_default(),
        );
        return EXIT_INPUT;
    }
    lines.sort_by_key(|l| (arch_order(&l.arch), l.kind == "copy"));
    let mut text = String::new();
    let mut section = (String::new(), "");
    let (mut name_w, mut shape_w) = (0, 0);
    for l in &lines {
        if (l.arch.as_str(), l.kind) != (section.0.as_str(), section.1) {
            let same = |x: &&Line| x.arch == l.arch && x.kind == l.kind;
            let count: usize = lines.iter().filter(same).map(|x| x.count).sum();
            name_w = lines
                .iter()
                .filter(same)
                .map(|x| x.name.len())
                .max()
                .unwrap_or(0);
            shape_w = lines
                .iter()
                .filter(same)
                .map(|x| x.shape.len())
                .max()
                .unwrap_or(0);
            let what = if l.kind == "mma" { "MMA" } else { "copy" };
            if !text.is_empty() {
                text.push('\n');
            }
            // (UMMA's families are templates over their types and shape, MxNxK)
            let templates =
                if l.kind == "mma" && lines.iter().filter(same).all(|x| x.shape == "MxNxK") {
                    " templates"
                } else {
                    ""
                };
            text.push_str(&format!("{} {what}{templates} ({count})\n", l.arch));
            section = (l.arch.clone(), l.kind);
        }
        text.push_str(&format!(
            "  {:name_w$}  {:shape_w$}  {}\n",
            l.name, l.shape, l.what
        ));
    }
    finish(out.write_all(text.as_bytes()), false)
}
