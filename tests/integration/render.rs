//! Renderers: CuTe's print_layout byte for byte, snapshots of every format, and limits on size.

use cute::eval::{Env, Outcome, Value};
use cute::render::{self, Format, RenderOptions, grid};

use crate::helpers::golden_dir;

/// The value of one expression.
fn value(expr: &str) -> Value {
    match Env::new().run(expr) {
        Ok(Outcome::Value(v)) => v,
        other => panic!("{expr} does not evaluate to a value: {other:?}"),
    }
}

fn render_as(expr: &str, format: Format, opts: &RenderOptions) -> String {
    render::render(&value(expr), format, opts).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn plain_opts() -> RenderOptions {
    RenderOptions::default()
}

/// Every `golden/grids/NN.txt`: the command on the first line, then CuTe's exact bytes.
#[test]
fn print_layout_grids_match_cute_byte_for_byte() {
    let dir = golden_dir().join("grids");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("grids directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no grids in {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("grid file");
        let nl = bytes
            .iter()
            .position(|b| *b == b'\n')
            .expect("command line");
        let command = std::str::from_utf8(&bytes[..nl]).expect("utf-8 command");
        let expected = &bytes[nl + 1..];
        let expr = command
            .split_once('\'')
            .and_then(|(_, rest)| rest.rsplit_once('\''))
            .map(|(e, _)| e)
            .unwrap_or_else(|| panic!("{}: no quoted expression in {command}", path.display()));
        let Value::Layout(l) = value(expr) else {
            panic!("{expr} is not a layout");
        };
        let got = grid::print_layout(&l).unwrap_or_else(|e| panic!("{expr}: {e}"));
        if got.as_bytes() != expected {
            failures.push(format!(
                "{}: {expr}\n--- want\n{}--- got\n{got}",
                path.display(),
                String::from_utf8_lossy(expected)
            ));
        }
        // The same bytes through `show --style cute` (render gives them without the final newline).
        let opts = RenderOptions {
            style_cute: true,
            ..RenderOptions::default()
        };
        let shown = render::show(&Value::Layout(l), &opts).expect("show");
        assert_eq!(
            format!("{shown}\n").as_bytes(),
            expected,
            "show --style cute {expr}"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn print_layout_takes_rank_two_only() {
    for expr in ["8:1", "(2,3,4):(1,2,6)"] {
        let Value::Layout(l) = value(expr) else {
            panic!("not a layout")
        };
        let err = grid::print_layout(&l).unwrap_err().to_string();
        assert!(err.contains("rank-2"), "{expr}: {err}");
    }
}

#[test]
fn print_layout_of_a_gmma_atom_is_position_independent() {
    // CuTe: print_layout(GMMA::Layout_K_SW32_Atom<bfloat16_t>{}) shows Sw<1,3,3> o _0 o ...
    let v = value("Sw<1,4,3> o smem_ptr[16b](unset) o (8,16):(16,1)");
    let Value::Composed(c) = v else {
        panic!("not composed")
    };
    let got = grid::print_layout_composed(&c).unwrap();
    let mut lines = got.lines();
    assert_eq!(lines.next(), Some("Sw<1,3,3> o 0 o (8,16):(16,1)"));
    assert_eq!(
        got.lines().nth(11),
        Some(
            " 4  |  72 |  73 |  74 |  75 |  76 |  77 |  78 |  79 |  64 |  65 |  66 |  67 |  68 |  69 |  70 |  71 |"
        )
    );
}

#[test]
fn snapshot_tables() {
    let mut all = String::new();
    for expr in [
        "(4,8):(1,4)",
        "(4,(2,4)):(2,(1,8))",
        "(2,3):(3,1)",
        "(2,2):(1,1)",
        "(3,2):(2,-1)",
        "Sw<1,0,1> o (4,2):(1,4)",
        "8 o (2,2):(1,4)",
        "(1,(0,2))",
        "7",
        "Sw<3,4,3>",
        "(3:4,8:2)",
    ] {
        all.push_str(&format!(
            "$ {expr}\n{}\n\n",
            render_as(expr, Format::Table, &plain_opts())
        ));
    }
    insta::assert_snapshot!("tables", all);
}

#[test]
fn snapshot_grids() {
    let mut all = String::new();
    for expr in [
        "(4,8):(1,4)",
        "(4,(2,4)):(2,(1,8))",
        "((2,2),3):((1,6),2)",
        "8:2",
        "(2,3,2):(1,2,6)",
        "Sw<1,0,1> o (4,2):(1,4)",
        "4 o (2,3):(3,1)",
    ] {
        all.push_str(&format!(
            "$ {expr}\n{}\n\n",
            render_as(expr, Format::Grid, &plain_opts())
        ));
    }
    let banks = RenderOptions {
        color_by_bank: Some(16),
        ..RenderOptions::default()
    };
    all.push_str(&format!(
        "$ bank 16b (8,8):(8,1)\n{}\n",
        render_as("(8,8):(8,1)", Format::Grid, &banks)
    ));
    insta::assert_snapshot!("grids", all);
}

#[test]
fn colour_only_when_asked() {
    let no = render_as("(4,8):(1,4)", Format::Grid, &plain_opts());
    assert!(!no.contains('\x1b'), "colour without asking");
    let opts = RenderOptions {
        paint: cute_cli::terminal::paint(true),
        ..RenderOptions::default()
    };
    let yes = render_as("(4,8):(1,4)", Format::Grid, &opts);
    assert!(
        yes.contains(";48;2;175;175;255m"),
        "no background colour: {yes}"
    );
    let bank = RenderOptions {
        paint: cute_cli::terminal::paint(true),
        color_by_bank: Some(32),
        ..RenderOptions::default()
    };
    let b = render_as("(4,8):(1,4)", Format::Grid, &bank);
    assert!(b.contains(";48;2;") && b.contains("shared-memory bank"));
    assert_eq!(grid::bank_of(33, 32), 1);
    assert_eq!(grid::bank_of(33, 16), 16);
    assert_eq!(grid::bank_of(64, 16), 0);
}

#[test]
fn snapshot_json() {
    let with_values = RenderOptions {
        with_values: true,
        ..RenderOptions::default()
    };
    let mut all = String::new();
    for (expr, opts) in [
        ("(4,8):(1,4)", &plain_opts()),
        ("(4,(2,4)):(2,(1,-8))", &plain_opts()),
        ("(2,3):(3,1)", &with_values),
        ("8:1", &plain_opts()),
        ("(8):(1)", &plain_opts()),
        ("4", &plain_opts()),
        ("(1,(0,2))", &plain_opts()),
        ("congruent((2,2),(3,4))", &plain_opts()),
        ("Sw<3,4,3>", &plain_opts()),
        ("Sw<3,4,3> o (8,64):(64,1)", &plain_opts()),
        ("Sw<1,0,1> o (4,2):(1,4)", &with_values),
        (
            "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
            &plain_opts(),
        ),
        ("132 o (4,8):(1,8)", &with_values),
        ("(3:4,8:2)", &plain_opts()),
        ("slice_and_offset((_,1), (8,2):(1,8))", &plain_opts()),
    ] {
        let got = render_as(expr, Format::Json, opts);
        let parsed: serde_json::Value = serde_json::from_str(&got).expect("valid JSON");
        assert_eq!(parsed["text"], cute::render::plain::render(&value(expr)));
        all.push_str(&format!("$ {expr}\n{got}\n"));
    }
    insta::assert_snapshot!("json", all);
}

#[test]
fn snapshot_code() {
    let mut all = String::new();
    for expr in [
        "(4,8):(1,4)",
        "(4,(2,16)):(2,(3,0))",
        "8:1",
        "(8):(1)",
        "(3,2):(100,-2)",
        "(1000,2):(1,-40)",
        "(1,(0,2))",
        "5",
        "Sw<3,4,3>",
        "Sw<3,4,3> o (8,64):(64,1)",
        "Sw<3,4,3> o 8 o (8,64):(64,1)",
        "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
        "(3:4,8:2)",
        "<4, _, 2:3>",
        "slice_and_offset((_,1), (8,2):(1,8))",
        "132 o (4,8):(1,8)",
    ] {
        let v = value(expr);
        let cpp = render::render(&v, Format::Cpp, &plain_opts())
            .unwrap_or_else(|e| format!("error: {e}"));
        let dsl = render::render(&v, Format::Dsl, &plain_opts())
            .unwrap_or_else(|e| format!("error: {e}"));
        all.push_str(&format!("$ {expr}\ncpp: {cpp}\ndsl: {dsl}\n"));
    }
    insta::assert_snapshot!("code", all);
}

#[test]
fn plain_format_is_the_one_line_notation() {
    assert_eq!(
        render_as("(4,8):(1,4)", Format::Plain, &plain_opts()),
        "(4,8):(1,4)"
    );
    assert_eq!("json".parse::<Format>(), Ok(Format::Json));
    assert_eq!("C++".parse::<Format>(), Ok(Format::Cpp));
    let err = "yaml".parse::<Format>().unwrap_err();
    assert_eq!(err, cute::render::FormatError::Unknown("yaml".into()));
    assert!(
        err.to_string()
            .contains("plain, table, grid, json, cpp, dsl"),
        "{err}"
    );
}

#[test]
fn values_without_a_grid_say_so() {
    let err = render::render(&value("(1,2)"), Format::Grid, &plain_opts())
        .unwrap_err()
        .to_string();
    assert!(err.contains("has no grid"), "{err}");
    let cute_style = RenderOptions {
        style_cute: true,
        ..RenderOptions::default()
    };
    let err = render::render(&value("(2,3,4):(1,2,6)"), Format::Grid, &cute_style)
        .unwrap_err()
        .to_string();
    assert!(err.contains("rank-2"), "{err}");
}

/// `(100000,100000):(1,100000)` has 10^10 cells: the grid shows the corner and says what it
/// left out, the table decides what it can from the strides, and neither takes long.
#[test]
fn huge_layout_renders_quickly_and_truncated() {
    let expr = "(100000,100000):(1,100000)";
    let g = render_as(expr, Format::Grid, &plain_opts());
    assert!(
        g.contains("showing the top-left 64×64 of 100000×100000 cells; 99936 more rows and 99936 more columns not shown"),
        "{g}"
    );
    assert!(
        g.lines().count() < 80,
        "grid of {} lines",
        g.lines().count()
    );
    let t = render_as(expr, Format::Table, &plain_opts());
    assert!(t.contains("10000000000"), "{t}");
    for prop in [
        "injective",
        "surjective onto [0,10000000000)",
        "bijective onto",
    ] {
        let line = t.lines().find(|l| l.contains(prop)).expect(prop);
        assert!(line.contains("yes"), "{line}");
    }
    let with_values = RenderOptions {
        with_values: true,
        ..RenderOptions::default()
    };
    let j = render_as(expr, Format::Json, &with_values);
    assert!(j.contains("\"values_truncated\":true"));
    let shown = render::show(&value(expr), &plain_opts()).unwrap();
    assert!(shown.contains("more rows"));
    // a layout not decidable from its strides, too large to enumerate
    let t = render_as("(2048,1024):(1,2000)", Format::Table, &plain_opts());
    assert!(t.contains("unknown (too large)"), "{t}");
}

/// The longest line's width in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// A grid wider than the terminal (`RenderOptions::width`) is folded into bands of columns that
/// fit it, each with its column indices; without a width (a pipe), or with `--style cute`, it is
/// what it always was.
#[test]
fn wide_grids_fold_to_the_width_given() {
    let expr = "Sw<3,3,3> o (8,64):(64,1)";
    let at = |width: Option<u16>| RenderOptions {
        width,
        ..RenderOptions::default()
    };
    let whole = render_as(expr, Format::Grid, &at(None));
    assert_eq!(widest(&whole), 387, "{whole}");
    assert!(!whole.contains("bands"));
    assert_eq!(render_as(expr, Format::Grid, &at(Some(387))), whole);
    assert_eq!(render_as(expr, Format::Grid, &at(Some(1000))), whole);

    let folded = render_as(expr, Format::Grid, &at(Some(100)));
    assert!(widest(&folded) <= 100, "{folded}");
    assert!(
        folded.ends_with("… columns 0–15, 16–31, 32–47, 48–63 in 4 bands of 16 to fit 100 columns"),
        "{folded}"
    );
    assert_eq!(folded.matches('┌').count(), 4, "{folded}");
    assert!(folded.starts_with("Sw<3,3,3> o 0 o (8,64):(64,1)\n"));
    // the same cells, band after band: row 1 of the whole grid is row 1 of the bands together
    let row = |text: &str, label: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(label))
            .flat_map(|l| l.split('│').skip(1).map(|c| c.trim().to_string()))
            .filter(|c| !c.is_empty())
            .collect()
    };
    assert_eq!(row(&folded, "1 │"), row(&whole, "1 │"));
    assert_eq!(row(&whole, "1 │").len(), 64);

    // --style cute: CuTe's bytes, whatever the width
    let cute_at = |width| RenderOptions {
        style_cute: true,
        ..at(width)
    };
    assert_eq!(
        render_as(expr, Format::Grid, &cute_at(Some(100))),
        render_as(expr, Format::Grid, &cute_at(None))
    );

    // colour stays per cell: 512 cells painted, folded or not
    let painted = RenderOptions {
        paint: cute::render::paint::Paint::with(cute::render::paint::bracketed),
        ..at(Some(100))
    };
    let coloured = render_as(expr, Format::Grid, &painted);
    assert_eq!(coloured.matches("«Cell(").count(), 512, "{coloured}");

    // `cute show`: the table wraps, the grid folds; a thread/value picture's grids fold too
    let shown = render::show(&value(expr), &at(Some(100))).expect("show");
    assert!(widest(&shown) <= 100, "{shown}");
    let mma = value("tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1))");
    let tv_whole = render::show(&mma, &at(None)).expect("show");
    assert!(widest(&tv_whole) > 100);
    let tv = render::show(&mma, &at(Some(100))).expect("show");
    let grid_lines = |t: &str| {
        t.lines()
            .filter(|l| l.contains(['│', '┌', '└']))
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
    };
    assert!(grid_lines(&tv) <= 100, "{tv}");
    assert!(widest(&tv) <= 100, "headings broken at spaces too:\n{tv}");
    assert!(
        tv.contains("bands of") && tv.contains("to fit 100 columns"),
        "{tv}"
    );
    assert_eq!(
        tv.matches("T127V").count(),
        tv_whole.matches("T127V").count(),
        "every cell, folded"
    );
}

/// `cute show` of a thread's partition of a 32×64 tile folds to the width given, as the grids do.
#[test]
fn partition_pictures_fold_to_the_width_given() {
    use cute::eval::partition_statement as partition;
    let stmt = "make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))).thread(7).partition_S(Sw<3,3,3> o (32,64):(64,1))";
    let env = Env::new();
    let st = partition::read(&env, stmt)
        .expect("reads")
        .expect("a partition");
    let paint = cute::render::paint::Paint::NONE;
    let whole = cute::render::tv::partition_picture(&st, paint, None).expect("picture");
    assert!(widest(&whole) > 300, "{whole}");
    let folded = cute::render::tv::partition_picture(&st, paint, Some(100)).expect("picture");
    let grid_lines = folded
        .lines()
        .filter(|l| l.contains(['│', '┌', '└']))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    assert!(grid_lines <= 100, "{folded}");
    assert!(widest(&folded) <= 100, "{folded}");
    assert!(folded.contains("to fit 100 columns"), "{folded}");
    for v in 0..32 {
        assert_eq!(
            folded.matches(&format!(" V{v} ")).count(),
            whole.matches(&format!(" V{v} ")).count(),
            "V{v}:\n{folded}"
        );
    }
}
