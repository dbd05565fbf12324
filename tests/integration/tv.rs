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
        paint: cute_cli::terminal::paint(true),
        ..RenderOptions::default()
    };
    let out = render::show(&value(MMA), &opts).expect("show");
    // thread 0 on (175,175,255), thread 3 on (255,175,175), thread 12 on (210,210,255)
    for (t, rgb) in [(0, "175;175;255"), (3, "255;175;175"), (12, "210;210;255")] {
        let cell = format!("48;2;{rgb}m T{t}V0");
        assert!(out.contains(&cell), "no {cell:?} in\n{out}");
    }
}

/// Lines that carry the picture: all of a LaTeX picture's (its `%` comments, CuTe's
/// `ArithTuple` coordinate tensors, too); in an SVG, without its comments and our additions
/// (the `<svg>` line with its margin, the white background, the bold grid names).
fn picture_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            !l.starts_with("<!--")
                && !l.starts_with("<svg ")
                && !l.contains("fill=\"white\"")
                && !l.contains("font-weight=\"bold\"")
        })
        .collect()
}

/// Every `golden/tv/*`: `# cute: EXPR`, `# cute-oracle: C++`, then CuTe's output, which ours must
/// equal line for line (apart from the SVG lines [`picture_lines`] drops; a LaTeX picture's `%`
/// comments, CuTe's coordinate tensors, too).
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
    let err = cute_cli::files::write_svg(&v, &dir.join("cute-tv-huge.svg"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("limit"), "{err}");
}

#[test]
fn write_files_and_refuse_other_values() {
    let dir = std::env::temp_dir().join(format!("cute-tv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (s, l) = (dir.join("mma.svg"), dir.join("mma.tex"));
    cute_cli::files::write_svg(&value(MMA), &s).expect("svg");
    cute_cli::files::write_latex(&value(MMA), &l).expect("latex");
    assert!(std::fs::read_to_string(&s).unwrap().ends_with("</svg>\n"));
    assert!(
        std::fs::read_to_string(&l)
            .unwrap()
            .ends_with("\\end{document}\n")
    );
    // a layout has a LaTeX picture (CuTe's print_latex(Layout)) and its SVG (the same grid in
    // print_svg's style); a tuple has neither
    cute_cli::files::write_latex(&value("(4,8):(8,1)"), &l).expect("latex of a layout");
    cute_cli::files::write_svg(&value("(4,8):(8,1)"), &s).expect("svg of a layout");
    assert!(
        std::fs::read_to_string(&s)
            .unwrap()
            .starts_with("<!--  Layout: (4,8):(8,1)  -->")
    );
    let err = cute_cli::files::write_svg(&value("(1,2)"), &s)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not an IntTuple"), "{err}");
    let err = cute_cli::files::write_latex(&value("(1,2)"), &l)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not an IntTuple"), "{err}");
    let err = cute_cli::files::write_svg(&value(MMA), &dir.join("no/such/dir/x.svg"))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("cannot write"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Partition pictures: `cute show COPY.thread(t).partition_S(TILE)` and the like
// ---------------------------------------------------------------------------------------------

/// The cells a partition picture marks, as 1-D (column-major) indices of the tile's domain, in
/// value order (the first cell of each value).
fn marked_cells(stmt: &str) -> Vec<i64> {
    use cute::eval::partition_statement as partition;
    let env = Env::new();
    let st = partition::read(&env, stmt)
        .unwrap_or_else(|e| panic!("{stmt}: {}", e.message))
        .unwrap_or_else(|| panic!("{stmt} is not read as a partition"));
    let m = partition::mark(&st.tile, st.tile_span, &st.result)
        .unwrap_or_else(|e| panic!("{stmt}: {}", e.message));
    m.values
        .iter()
        .map(|(_, at)| at[0].0 + m.rows * at[0].1)
        .collect()
}

/// What a partition picture marks is what CuTe's partition computes: the answers are CuTe's
/// (cute-oracle), the same partition of `make_identity_tensor(shape(TILE))` with each
/// coordinate as `crd2idx(coord, shape(TILE))`, value by value. Swizzled tiles, MMA operands
/// A/B/C, copy sides S/D, rank-3 tiles, `local_partition`, `outer_partition`,
/// `inner_partition` and `local_tile`.
#[test]
fn partition_pictures_mark_what_cute_partitions() {
    let cases: &[(&str, &[i64])] = &[
        (
            "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(7).partition_S(Sw<3,3,3> o (32,16):(64,1))",
            &[7, 39, 71, 103, 135, 167, 199, 231],
        ),
        (
            "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(7).partition_S(tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64)))",
            &[
                7, 135, 263, 391, 519, 647, 775, 903, 39, 167, 295, 423, 551, 679, 807, 935, 71,
                199, 327, 455, 583, 711, 839, 967, 103, 231, 359, 487, 615, 743, 871, 999, 2055,
                2183, 2311, 2439, 2567, 2695, 2823, 2951, 2087, 2215, 2343, 2471, 2599, 2727, 2855,
                2983, 2119, 2247, 2375, 2503, 2631, 2759, 2887, 3015, 2151, 2279, 2407, 2535, 2663,
                2791, 2919, 3047, 4103, 4231, 4359, 4487, 4615, 4743, 4871, 4999, 4135, 4263, 4391,
                4519, 4647, 4775, 4903, 5031, 4167, 4295, 4423, 4551, 4679, 4807, 4935, 5063, 4199,
                4327, 4455, 4583, 4711, 4839, 4967, 5095, 6151, 6279, 6407, 6535, 6663, 6791, 6919,
                7047, 6183, 6311, 6439, 6567, 6695, 6823, 6951, 7079, 6215, 6343, 6471, 6599, 6727,
                6855, 6983, 7111, 6247, 6375, 6503, 6631, 6759, 6887, 7015, 7143,
            ],
        ),
        (
            "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(77).partition_S(tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64)))",
            &[
                13, 141, 269, 397, 525, 653, 781, 909, 45, 173, 301, 429, 557, 685, 813, 941, 77,
                205, 333, 461, 589, 717, 845, 973, 109, 237, 365, 493, 621, 749, 877, 1005, 2061,
                2189, 2317, 2445, 2573, 2701, 2829, 2957, 2093, 2221, 2349, 2477, 2605, 2733, 2861,
                2989, 2125, 2253, 2381, 2509, 2637, 2765, 2893, 3021, 2157, 2285, 2413, 2541, 2669,
                2797, 2925, 3053, 4109, 4237, 4365, 4493, 4621, 4749, 4877, 5005, 4141, 4269, 4397,
                4525, 4653, 4781, 4909, 5037, 4173, 4301, 4429, 4557, 4685, 4813, 4941, 5069, 4205,
                4333, 4461, 4589, 4717, 4845, 4973, 5101, 6157, 6285, 6413, 6541, 6669, 6797, 6925,
                7053, 6189, 6317, 6445, 6573, 6701, 6829, 6957, 7085, 6221, 6349, 6477, 6605, 6733,
                6861, 6989, 7117, 6253, 6381, 6509, 6637, 6765, 6893, 7021, 7149,
            ],
        ),
        (
            "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(33).partition_D((64,32))",
            &[
                144, 208, 152, 216, 656, 720, 664, 728, 176, 240, 184, 248, 688, 752, 696, 760,
                1168, 1232, 1176, 1240, 1680, 1744, 1688, 1752, 1200, 1264, 1208, 1272, 1712, 1776,
                1720, 1784,
            ],
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thread(7).partition_A((64,32))",
            &[
                385, 449, 393, 457, 897, 961, 905, 969, 417, 481, 425, 489, 929, 993, 937, 1001,
                1409, 1473, 1417, 1481, 1921, 1985, 1929, 1993, 1441, 1505, 1449, 1513, 1953, 2017,
                1961, 2025,
            ],
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thread(100).partition_B((32,32):(32,1))",
            &[
                9, 41, 265, 297, 25, 57, 281, 313, 521, 553, 777, 809, 537, 569, 793, 825,
            ],
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thread(45).partition_C((64,32))",
            &[
                147, 211, 155, 219, 179, 243, 187, 251, 1171, 1235, 1179, 1243, 1203, 1267, 1211,
                1275,
            ],
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thread(45).partition_A(tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64)))",
            &[
                275, 403, 283, 411, 1299, 1427, 1307, 1435, 307, 435, 315, 443, 1331, 1459, 1339,
                1467, 339, 467, 347, 475, 1363, 1491, 1371, 1499, 371, 499, 379, 507, 1395, 1523,
                1403, 1531, 2323, 2451, 2331, 2459, 3347, 3475, 3355, 3483, 2355, 2483, 2363, 2491,
                3379, 3507, 3387, 3515, 2387, 2515, 2395, 2523, 3411, 3539, 3419, 3547, 2419, 2547,
                2427, 2555, 3443, 3571, 3451, 3579, 4371, 4499, 4379, 4507, 5395, 5523, 5403, 5531,
                4403, 4531, 4411, 4539, 5427, 5555, 5435, 5563, 4435, 4563, 4443, 4571, 5459, 5587,
                5467, 5595, 4467, 4595, 4475, 4603, 5491, 5619, 5499, 5627, 6419, 6547, 6427, 6555,
                7443, 7571, 7451, 7579, 6451, 6579, 6459, 6587, 7475, 7603, 7483, 7611, 6483, 6611,
                6491, 6619, 7507, 7635, 7515, 7643, 6515, 6643, 6523, 6651, 7539, 7667, 7547, 7675,
            ],
        ),
        (
            "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(21).partition_S((16,64):(64,1))",
            &[642, 658, 674, 690, 706, 722, 738, 754],
        ),
        (
            "make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t), (16,8):(8,1), (1,8)).thread(21).partition_D(Sw<3,3,3> o (32,64):(64,1))",
            &[
                1282, 1314, 1346, 1378, 1410, 1442, 1474, 1506, 1298, 1330, 1362, 1394, 1426, 1458,
                1490, 1522,
            ],
        ),
        (
            "tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (2,1,1)).thread(50).partition_C((32,16,2))",
            &[
                148, 180, 156, 188, 404, 436, 412, 444, 660, 692, 668, 700, 916, 948, 924, 956,
            ],
        ),
        ("local_partition((4,8), (2,4), 5)", &[9, 11, 25, 27]),
        (
            "local_partition((8,64):(64,1), (4,2):(2,1), 6)",
            &[
                3, 7, 19, 23, 35, 39, 51, 55, 67, 71, 83, 87, 99, 103, 115, 119, 131, 135, 147,
                151, 163, 167, 179, 183, 195, 199, 211, 215, 227, 231, 243, 247, 259, 263, 275,
                279, 291, 295, 307, 311, 323, 327, 339, 343, 355, 359, 371, 375, 387, 391, 403,
                407, 419, 423, 435, 439, 451, 455, 467, 471, 483, 487, 499, 503,
            ],
        ),
        (
            "local_partition(Sw<3,3,3> o (8,64):(64,1), (4,8), 13)",
            &[
                25, 29, 89, 93, 153, 157, 217, 221, 281, 285, 345, 349, 409, 413, 473, 477,
            ],
        ),
        (
            "outer_partition((8,8):(8,1), (2,4), (1,2))",
            &[17, 19, 21, 23, 49, 51, 53, 55],
        ),
        (
            "inner_partition((8,8):(8,1), (2,4), (1,1))",
            &[34, 35, 42, 43, 50, 51, 58, 59],
        ),
        (
            "local_tile(Sw<3,3,3> o (8,64):(64,1), (4,16), (1,2))",
            &[
                260, 261, 262, 263, 268, 269, 270, 271, 276, 277, 278, 279, 284, 285, 286, 287,
                292, 293, 294, 295, 300, 301, 302, 303, 308, 309, 310, 311, 316, 317, 318, 319,
                324, 325, 326, 327, 332, 333, 334, 335, 340, 341, 342, 343, 348, 349, 350, 351,
                356, 357, 358, 359, 364, 365, 366, 367, 372, 373, 374, 375, 380, 381, 382, 383,
            ],
        ),
    ];
    for (stmt, want) in cases {
        assert_eq!(marked_cells(stmt), *want, "{stmt}");
    }
}

/// `cute bank --tv 'X.thread(t).partition_S(SMEM)'`: the thread's own values in the report are
/// the partition's first values (those in the analysed tile), element for element.
#[test]
fn bank_thread_line_is_the_partition() {
    const LDSM: &str = "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)))";
    const MMA: &str = "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))";
    let sw = "tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64))";
    for (stmt, bits) in [
        (format!("{LDSM}.thread(7).partition_S({sw})"), None),
        (
            format!("{LDSM}.thread(100).partition_S((32,64):(64,1))"),
            None,
        ),
        (format!("{MMA}.thread(45).partition_A({sw})"), None),
        (
            format!("{MMA}.thread(77).partition_B((32,32):(32,1))"),
            Some((16, 32)),
        ),
        (
            format!("{MMA}.thread(5).partition_C((64,32))"),
            Some((32, 64)),
        ),
    ] {
        let access = cute_cli::commands::bank::BankAccess {
            operand: None,
            elem_bits: bits.map(|(e, _)| e),
            access_bits: bits.map(|(_, a)| a),
            measure: false,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = cute_cli::commands::bank::bank(None, &stmt, &access, true, &mut out, &mut err);
        assert_eq!(status, 0, "{stmt}: {}", String::from_utf8_lossy(&err));
        let report: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
        let line = &report["thread"]["values"];
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = cute_cli::commands::show::show(
            &stmt,
            &mut out,
            &mut err,
            render::Format::Json,
            &RenderOptions::default(),
            None,
            None,
        );
        assert_eq!(status, 0, "{stmt}: {}", String::from_utf8_lossy(&err));
        let picture: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
        let values = line.as_array().expect("the thread's values");
        assert!(!values.is_empty(), "{stmt}");
        for v in values {
            let i = v["value"].as_u64().expect("a value index") as usize;
            assert_eq!(
                v["element"], picture["values"][i]["element"],
                "{stmt}: value {i}"
            );
        }
    }
}

#[test]
fn partition_picture_terminal() {
    use cute::eval::partition_statement as partition;
    let stmt = "make_tiled_copy(copy_atom(UniversalCopy<uint32_t>, half_t), (4,8):(8,1), (1,2)).thread(11).partition_D(Sw<2,1,3> o (8,32):(32,1))";
    let env = Env::new();
    let st = partition::read(&env, stmt)
        .expect("reads")
        .expect("a partition");
    let m = partition::mark(&st.tile, st.tile_span, &st.result).expect("marks");
    let text = tv::partition_terminal(&st, &m, cute::render::paint::Paint::NONE, None);
    insta::assert_snapshot!("partition_terminal_copy", text);
    let coloured = tv::partition_terminal(&st, &m, cute_cli::terminal::paint(true), None);
    let (r, g, b) = tv::thread_color(11);
    assert!(
        coloured.contains(&format!("48;2;{r};{g};{b}m V0 ")),
        "{coloured}"
    );
}
