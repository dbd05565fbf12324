//! What the fuzzers (`fuzz/`, see FUZZING.md) found, replayed through the same three entry points
//! they drive, and a proptest smoke that throws random bytes and token soups at them on every
//! `cargo test` (CI has the stable toolchain only, so no libFuzzer there).
//!
//! Every input must give a clean value or a clean error: never a panic, a hang or runaway memory.

use cute::eval::{Env, Outcome};
use cute::render::{Format, RenderOptions, render, show};
use proptest::prelude::*;

/// (a) The parser alone.
fn parse(src: &str) {
    let _ = cute::parser::parse_statement(src);
    let _ = cute::parser::is_incomplete(src);
}

/// (b) Parse and evaluate, one session, a statement a line; errors rendered as the CLI's caret
/// diagnostic. Returns each line's plain value or `error: …`.
fn eval(src: &str) -> Vec<String> {
    let mut env = Env::new();
    let mut out = Vec::new();
    for (i, line) in src.split('\n').enumerate() {
        match env.run(line) {
            Ok(Outcome::Value(v)) => out.push(cute::render::plain::render(&v)),
            Ok(_) => {}
            Err(e) => {
                let _ = cute::diagnostic::render("<test>", i + 1, line, &e);
                out.push(format!("error: {}", e.message));
            }
        }
    }
    out
}

/// (c) Parse, evaluate and render every value in every format (the grid also as CuTe's
/// `print_layout`, JSON with values, `cute show`), then the whole input through the piped REPL.
fn render_all(src: &str) {
    let mut env = Env::new();
    for line in src.split('\n') {
        let Ok(Outcome::Value(v)) = env.run(line) else {
            continue;
        };
        for f in Format::ALL {
            let _ = render(&v, f, &RenderOptions::default());
        }
        let cute_style = RenderOptions {
            style_cute: true,
            ..RenderOptions::default()
        };
        let _ = render(&v, Format::Grid, &cute_style);
        let with_values = RenderOptions {
            with_values: true,
            ..RenderOptions::default()
        };
        let _ = render(&v, Format::Json, &with_values);
        let banks = RenderOptions {
            color: true,
            color_by_bank: Some(16),
            ..RenderOptions::default()
        };
        let _ = show(&v, &banks);
    }
    let (mut out, mut err) = (std::io::sink(), std::io::sink());
    let _ = cute::repl::piped(src.as_bytes(), &mut out, &mut err, Format::Plain);
}

/// All three entry points; the evaluated lines.
fn all(src: &str) -> Vec<String> {
    parse(src);
    render_all(src);
    eval(src)
}

/// A finding: the input gives exactly one error line, mentioning `needle`.
fn assert_error(src: &str, needle: &str) {
    let got = all(src);
    assert!(
        got.len() == 1 && got[0].starts_with("error: ") && got[0].contains(needle),
        "{src:?}: expected one error mentioning {needle:?}, got {got:?}"
    );
}

/// A finding: the input gives exactly this value.
fn assert_value(src: &str, want: &str) {
    let got = all(src);
    assert_eq!(got, vec![want.to_string()], "{src:?}");
}

// ---------------------------------------------------------------------------------------------
// Findings (fuzz/artifacts/found/, FUZZING.md)
// ---------------------------------------------------------------------------------------------

/// eval crash-3e2b40a8: the empty layout `()` reached `coalesce`, which indexed its last mode
/// (subtract overflow / index out of bounds). CuTe has no answer either (`get<R-1>` with R = 0).
#[test]
fn empty_layout_is_an_error_not_a_panic() {
    assert_error("left_inverse(())", "rank 0");
    // render crash-bfb55eaf: the same, through a product
    assert_error("flat_product((), 6:1)", "rank 0");
    for stmt in [
        "coalesce(())",
        "coalesce(((),()))",
        "complement(())",
        "right_inverse(())",
        "logical_divide((), 2)",
        "blocked_product((), ())",
        "() o 4:1",
        "max_common_vector((), ())",
    ] {
        let got = all(stmt);
        assert!(
            got.len() == 1 && got[0].starts_with("error: "),
            "{stmt}: {got:?}"
        );
    }
    assert_value("()", "()");
}

/// eval timeout-73c32427 and render timeout-3af3dde0 / 7ae83269 / a01fe165: under 1 s alone
/// (the law check of up to 2^20 points; a print_layout of 590k cells), over it with the machine
/// loaded. Kept as inputs that must finish with a value.
#[test]
fn large_but_legal_inputs_finish() {
    assert_value(
        "make_layout(((8,4),8,(8,6),3):((1,8),32,(256,2048),12288), (8,4,2):(1,8,32))",
        "(((8,4),8,(8,6),3),(8,4,2)):(((1,8),32,(256,2048),12288),(1,8,32))",
    );
    let got =
        all("make_layout((2,3,16,(4,3)):(0,16,72,(2,24)), ((16,1,16),(1,3)):((16,0,32),(4,1)))");
    assert!(!got[0].starts_with("error"), "{got:?}");
    let got = all("make_layout(((16,4),(6,2),4):((24,1),(4,1536),384), ((4,8,6)):((48,6,1)))");
    assert!(!got[0].starts_with("error"), "{got:?}");
}

// ---------------------------------------------------------------------------------------------
// Limits (src/limits.rs)
// ---------------------------------------------------------------------------------------------

/// Run `f` on a thread with a stack as large as the CLI's main thread has in release builds, and
/// more: an unoptimised (debug) build needs about 4 MiB to parse and print 256 levels (release
/// builds about 128 KiB), more than a test thread's 2 MiB.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic");
}

#[test]
fn statement_length_limit_is_named() {
    use cute::limits::MAX_STATEMENT_LEN;
    let long = " ".repeat(MAX_STATEMENT_LEN + 1);
    let mut env = Env::new();
    let e = env.run(&long).expect_err("too long");
    assert!(
        e.message
            .contains(&format!("limit of {MAX_STATEMENT_LEN} bytes")),
        "{}",
        e.message
    );
    // the caret diagnostic points at one character, not the whole tail
    assert_eq!(e.span.end - e.span.start, 1);
}

#[test]
fn nesting_limit_is_named() {
    with_big_stack(|| {
        use cute::limits::MAX_NESTING;
        let deep = format!(
            "{}1{}",
            "(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        assert_error(&deep, &format!("nesting deeper than {MAX_NESTING} levels"));
        let ok = format!("{}1{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert_value(&ok, &ok);
        // a session cannot nest a value past the limit one statement at a time
        let mut env = Env::new();
        env.run("a = 1").unwrap();
        let mut failed = None;
        for i in 0..MAX_NESTING + 2 {
            if let Err(e) = env.run("a = (a, 1)") {
                failed = Some((i, e.message));
                break;
            }
        }
        let (i, msg) = failed.expect("the nesting limit stops the session's value");
        assert_eq!(i, MAX_NESTING);
        assert!(
            msg.contains(&format!("limit of {MAX_NESTING} levels")),
            "{msg}"
        );
    });
}

#[test]
fn tuple_width_limit_is_named() {
    use cute::limits::MAX_TUPLE_WIDTH;
    // a session cannot double a tuple's width forever
    let mut env = Env::new();
    env.run("a = (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1)").unwrap();
    let mut failed = None;
    for i in 0..64 {
        if let Err(e) = env.run("a = flatten((a, a))") {
            failed = Some((i, e.message));
            break;
        }
    }
    let (i, msg) = failed.expect("the width limit stops the session's value");
    assert_eq!(16usize << i, MAX_TUPLE_WIDTH, "{msg}");
    assert!(
        msg.contains(&format!("limit of {MAX_TUPLE_WIDTH}")),
        "{msg}"
    );
}

// ---------------------------------------------------------------------------------------------
// The CI smoke: random bytes and token soups through the three entry points
// ---------------------------------------------------------------------------------------------

/// Pieces of cute notation, to make soups that get past the tokenizer.
const TOKENS: &[&str] = &[
    "(",
    "(",
    "(",
    ")",
    ")",
    ")",
    ",",
    ",",
    ":",
    ":",
    "<",
    ">",
    "_",
    "_",
    " o ",
    "o",
    "/",
    "*",
    "=",
    ".",
    "#",
    "-",
    "\n",
    " ",
    "Sw<",
    "0",
    "1",
    "2",
    "3",
    "4",
    "6",
    "8",
    "16",
    "-1",
    "_4",
    "a",
    "b",
    "ans",
    "a = ",
    "smem_ptr[16b](unset)",
    "Layout_K_SW128_Atom",
    "bf16",
    "SM80_16x8x16_F32BF16BF16F32_TN",
    ".ALayout",
    ".thread",
    ".partition_C",
    ":format grid",
    ":show ",
    "9223372036854775807",
];

/// Function names.
const FUNCS: &[&str] = &[
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "stride",
    "get",
    "coalesce",
    "filter",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "make_layout",
    "make_layout_right",
    "make_ordered_layout",
    "flatten",
    "group",
    "select",
    "take",
    "append",
    "prepend",
    "crd2idx",
    "idx2crd",
    "max_common_layout",
    "max_common_vector",
    "local_tile",
    "local_partition",
    "slice_and_offset",
    "tile_to_shape",
    "gmma_atom",
    "mma_atom",
    "tiled_mma",
    "make_layout_tv",
    "copy_atom",
    "make_tiled_copy",
    "compatible",
    "congruent",
];

/// A soup of 1 to 24 tokens.
fn soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![3 => prop::sample::select(TOKENS), 1 => prop::sample::select(FUNCS)];
    prop::collection::vec(token, 1..24).prop_map(|t| t.concat())
}

/// A well-formed layout literal with small extents, to feed the operations real values.
fn small_layout() -> impl Strategy<Value = String> {
    prop::collection::vec((1i64..=6, -3i64..=12), 1..=3).prop_map(|modes| {
        let s: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
        let d: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
        format!("({}):({})", s.join(","), d.join(","))
    })
}

/// A call of a random operation on random small layouts and soup.
fn call() -> impl Strategy<Value = String> {
    (
        prop::sample::select(FUNCS),
        prop::collection::vec(prop_oneof![3 => small_layout(), 1 => soup()], 1..=3),
    )
        .prop_map(|(f, args)| format!("{f}({})", args.join(", ")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let src = String::from_utf8_lossy(&bytes);
        all(&src);
        let (mut out, mut err) = (std::io::sink(), std::io::sink());
        let _ = cute::repl::piped(bytes.as_slice(), &mut out, &mut err, Format::Plain);
    }

    #[test]
    fn token_soups_never_panic(src in soup()) {
        all(&src);
    }

    #[test]
    fn calls_on_small_layouts_never_panic(src in call()) {
        all(&src);
    }
}
