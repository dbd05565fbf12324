//! Thread/value pictures of tiled MMAs and tiled copies: the terminal grids, SVG and LaTeX, against
//! CuTe's `print_latex` / `print_svg` output (`golden/tv/`), and the cell assignment itself.

use std::collections::HashSet;

use cute::eval::{Env, Outcome, Value};
use cute::render::tv::{self, TvGrid, TvPicture};
use cute::render::{self, RenderOptions, latex, svg};

use crate::helpers::golden_dir;

const MMA: &str = "tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (2,1,1))";
const COPY: &str = "make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,2), (1,2))";

fn value(expr: &str) -> Value {
    match Env::new().run(expr) {
        Ok(Outcome::Value(v)) => v,
        other => panic!("{expr} does not evaluate to a value: {other:?}"),
    }
}

fn picture(expr: &str) -> TvPicture {
    tv::picture(&value(expr))
        .unwrap_or_else(|| panic!("{expr} has no TV picture"))
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

#[test]
fn terminal_grids() {
    let opts = RenderOptions::default();
    let mma = render::show(&value(MMA), &opts).expect("show");
    insta::assert_snapshot!("tv_terminal_mma", mma);
    let copy = render::show(&value(COPY), &opts).expect("show");
    insta::assert_snapshot!("tv_terminal_copy", copy);
    assert!(
        !mma.contains('\x1b') && !copy.contains('\x1b'),
        "no colour asked"
    );
}

#[test]
fn svg_and_latex_snapshots() {
    let v = value(MMA);
    insta::assert_snapshot!("tv_svg_mma", svg::render(&v).expect("svg"));
    insta::assert_snapshot!("tv_latex_mma", latex::render(&v).expect("latex"));
    let v = value(COPY);
    insta::assert_snapshot!("tv_svg_copy", svg::render(&v).expect("svg"));
    insta::assert_snapshot!("tv_latex_copy", latex::render(&v).expect("latex"));
}

#[test]
fn terminal_colours_are_cutes_per_thread() {
    let opts = RenderOptions {
        color: true,
        ..RenderOptions::default()
    };
    let out = render::show(&value(MMA), &opts).expect("show");
    // thread 0 on (175,175,255), thread 3 on (255,175,175), thread 12 on (210,210,255)
    for (t, rgb) in [(0, "175;175;255"), (3, "255;175;175"), (12, "210;210;255")] {
        let cell = format!("48;2;{rgb}m T{t}V0");
        assert!(out.contains(&cell), "no {cell:?} in\n{out}");
    }
}

/// Lines that carry the picture: without the comments (CuTe prints `ArithTuple` tensors there)
/// and, in an SVG, without our additions (the `<svg>` line with its margin, the white
/// background, the bold grid names).
fn picture_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            !l.starts_with('%')
                && !l.starts_with("<!--")
                && !l.starts_with("<svg ")
                && !l.contains("fill=\"white\"")
                && !l.contains("font-weight=\"bold\"")
        })
        .collect()
}

/// Every `golden/tv/*`: `# cute: EXPR`, `# cute-oracle: C++`, then CuTe's output, which ours must
/// equal line for line (apart from the lines [`picture_lines`] drops).
#[test]
fn svg_and_latex_match_cute() {
    let dir = golden_dir().join("tv");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tv directory")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 6,
        "golden TV pictures missing in {}",
        dir.display()
    );
    for path in &files {
        let text = std::fs::read_to_string(path).expect("golden file");
        let (first, rest) = text.split_once('\n').expect("header");
        let (_, want) = rest.split_once('\n').expect("oracle line");
        let expr = first.strip_prefix("# cute: ").expect("# cute: EXPR");
        let v = value(expr);
        let got = match path.extension().and_then(|e| e.to_str()) {
            Some("svg") => svg::render(&v),
            Some("tex") => latex::render(&v),
            other => panic!("{}: unexpected extension {other:?}", path.display()),
        }
        .unwrap_or_else(|e| panic!("{expr}: {e}"));
        let (got_lines, want_lines) = (picture_lines(&got), picture_lines(want));
        if got_lines != want_lines {
            let at = got_lines
                .iter()
                .zip(&want_lines)
                .position(|(a, b)| a != b)
                .unwrap_or(got_lines.len().min(want_lines.len()));
            panic!(
                "{}: {expr}: line {at} differs ({} lines vs CuTe's {})\n  got  {:?}\n  want {:?}",
                path.display(),
                got_lines.len(),
                want_lines.len(),
                got_lines.get(at),
                want_lines.get(at)
            );
        }
        assert!(got.ends_with('\n'));
    }
}

/// The cell assignment of one grid, checked against its TV layout.
fn check_grid(what: &str, g: &TvGrid) {
    let (t_n, v_n) = (
        g.layout_tv.mode(0).unwrap().size().unwrap(),
        g.layout_tv.mode(1).unwrap().size().unwrap(),
    );
    let at = |t: i64, v: i64| {
        let idx = g.layout_tv.at(t + t_n * v).unwrap();
        (idx % g.rows, idx / g.rows)
    };
    // every cell is held, by a distinct pair that maps to it
    let mut seen = HashSet::new();
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (t, v) = g
                .cell(r, c)
                .unwrap_or_else(|| panic!("{what} {}: cell ({r},{c}) is empty", g.name));
            assert!(seen.insert((t, v)), "{what} {}: T{t}V{v} twice", g.name);
            assert_eq!(at(t, v), (r, c), "{what} {}: T{t}V{v}", g.name);
        }
    }
    // every pair appears, or reaches a cell already held by an earlier pair (a broadcast copy)
    let mut all_once = true;
    for t in 0..t_n {
        for v in 0..v_n {
            if seen.contains(&(t, v)) {
                continue;
            }
            all_once = false;
            let (r, c) = at(t, v);
            let holder = g.cell(r, c).expect("filled");
            assert!(
                holder < (t, v),
                "{what} {}: T{t}V{v} is missing and its cell is held by the later {holder:?}",
                g.name
            );
        }
    }
    // an injective TV layout (C, copies, one-atom A and B) shows every pair exactly once
    if t_n * v_n == g.rows * g.cols {
        assert!(
            all_once,
            "{what} {}: a bijective TV layout lost a pair",
            g.name
        );
        assert_eq!(seen.len() as i64, t_n * v_n);
    }
}

#[test]
fn every_thread_value_pair_appears_once_per_grid() {
    let cases = [
        "mma_atom(SM75_16x8x8_F32F16F16F32_TN)",
        "tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (1,1,1))",
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))",
        "tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (1,2,1))",
        "tiled_mma(SM80_16x8x32_S32S8S8S32_TN, (2,1,1))",
        "tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (2,2,1), (_,(8,2):(2,1),_))",
        "tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (2,2,1), (32,(8,2):(2,1),8))",
        "tiled_mma(SM90_64x16x16_F32BF16BF16_SS<K,K>, (1,1,1))",
        "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thread(5)",
        "make_tiled_copy(copy_atom(UniversalCopy<uint128_t>, half_t), (8,4):(4,1), (1,8))",
        "make_tiled_copy(copy_atom(SM75_U32x4_LDSM_N, half_t), (32,1), (1,8))",
        "make_tiled_copy(copy_atom(SM75_U16x8_LDSM_T, half_t), (32,1), (1,8))",
        "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t), (16,8):(8,1), (1,8))",
        "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))",
    ];
    for expr in cases {
        let p = picture(expr);
        let names: Vec<&str> = p.grids.iter().map(|g| g.name).collect();
        let want: &[&str] = match p.kind {
            tv::TvKind::Mma => &["A", "B", "C"],
            tv::TvKind::Copy => &["S", "D"],
        };
        assert_eq!(names, want, "{expr}");
        for g in &p.grids {
            check_grid(expr, g);
        }
        // the files draw exactly one cell per grid cell
        let cells: usize = p.grids.iter().map(|g| g.cells.len()).sum();
        let svg = svg::picture_svg(&p);
        assert_eq!(
            svg.matches("<rect x=").count() - 1,
            cells,
            "{expr}: SVG cells"
        );
        let tex = latex::picture_latex(&p);
        assert_eq!(
            tex.matches("\\node[fill=").count(),
            cells,
            "{expr}: LaTeX cells"
        );
    }
}

#[test]
fn large_grids_are_truncated_and_huge_ones_refused() {
    // C is 64x128: the terminal shows 64 columns and says what it left out
    let v = value("tiled_mma(SM90_64x128x16_F32F16F16_SS<K,K>, (1,1,1))");
    let out = render::show(&v, &RenderOptions::default()).expect("show");
    assert!(
        out.contains("… showing the top-left 64×64 of 64×128 cells; 64 more columns not shown"),
        "{out}"
    );
    // all of it goes to the files
    let p = tv::picture(&v).unwrap().unwrap();
    assert_eq!(p.grid("C").unwrap().cells.len(), 64 * 128);

    // past the limit: show says so, the files are refused with the limit named
    let v = value("tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (32,64,1))");
    let out = render::show(&v, &RenderOptions::default()).expect("show");
    assert!(out.contains("(no thread/value grids: "), "{out}");
    assert!(out.contains(&tv::MAX_CELLS.to_string()), "{out}");
    let dir = std::env::temp_dir();
    let err = render::write_svg(&v, &dir.join("cute-tv-huge.svg"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("limit"), "{err}");
}

#[test]
fn write_files_and_refuse_other_values() {
    let dir = std::env::temp_dir().join(format!("cute-tv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (s, l) = (dir.join("mma.svg"), dir.join("mma.tex"));
    render::write_svg(&value(MMA), &s).expect("svg");
    render::write_latex(&value(MMA), &l).expect("latex");
    assert!(std::fs::read_to_string(&s).unwrap().ends_with("</svg>\n"));
    assert!(
        std::fs::read_to_string(&l)
            .unwrap()
            .ends_with("\\end{document}\n")
    );
    // a layout has a LaTeX picture (CuTe's print_latex(Layout)) but no SVG
    render::write_latex(&value("(4,8):(8,1)"), &l).expect("latex of a layout");
    let err = render::write_svg(&value("(4,8):(8,1)"), &s)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a layout"), "{err}");
    let err = render::write_latex(&value("(1,2)"), &l)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not an IntTuple"), "{err}");
    let err = render::write_svg(&value(MMA), &dir.join("no/such/dir/x.svg"))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("cannot write"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
