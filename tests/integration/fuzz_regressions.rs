//! What the fuzzers (`fuzz/`, see FUZZING.md) found, replayed through the same four entry points
//! they drive, and a proptest smoke that throws random bytes and token soups at them on every
//! `cargo test` (CI has the stable toolchain only, so no libFuzzer there).
//!
//! Every input must give a clean value or a clean error: never a panic, a hang or runaway memory.

use cute::eval::{Env, Outcome};
use cute::render::{Format, render_every_way};
use proptest::prelude::*;

/// (a) The parser alone.
fn parse(src: &str) {
    let _ = cute::parser::parse_statement(src, &cute::parser::Bump::new());
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
                let _ = cute_cli::diagnostic::render("<test>", i + 1, line, &e);
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
        render_every_way(&v);
    }
    let (mut out, mut err) = (std::io::sink(), std::io::sink());
    let _ = cute_cli::repl::piped(src.as_bytes(), &mut out, &mut err, Format::Plain);
}

/// (d) `cute explain --verify --index 3` of each line, rendered as text (plain and coloured)
/// and as JSON.
fn explain_all(src: &str) {
    let env = Env::new();
    let opts = cute::eval::explain::ExplainOptions {
        verify: true,
        index: Some(3),
    };
    for line in src.split('\n') {
        if let Ok(x) = cute::eval::explain::explain(&env, line, &opts) {
            let _ = cute::render::explain::text(&x, cute::render::paint::Paint::NONE);
            let _ = cute::render::explain::text(&x, cute_cli::terminal::paint(true));
            let _ = cute::render::explain::json(&x);
        }
    }
}

/// All four entry points; the evaluated lines.
fn all(src: &str) -> Vec<String> {
    parse(src);
    render_all(src);
    explain_all(src);
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

/// eval timeout-8d0a5d30 (1.5 s) and timeout-a4d9054c (4.2 s in the fuzz build, 0.6 s in
/// release): the law checks evaluated the layouts through the nested IntTuples at each of up to
/// 2^20 points. Fixed by evaluating over the flattened leaves (`laws::Flat`), since then replaced
/// by a leaf-by-leaf proof; now milliseconds.
#[test]
fn swizzle_parameters_at_the_ends_of_the_integers_are_errors() {
    // eval crash-96471def: abs(i64::MIN) overflowed in the 31-bit check (and in a release build
    // wrapped, accepting the swizzle)
    assert_error("Sw<3,3,-9223372036854775808>", "masks must fit in 31 bits");
    assert_error("Sw<3,9223372036854775807,3>", "masks must fit in 31 bits");
    assert_error(
        "Sw<9223372036854775807,9223372036854775807,-9223372036854775808>",
        "masks must fit in 31 bits",
    );
}

#[test]
fn law_checks_of_large_domains_finish() {
    assert_value("left_inverse(((4,8),(1,24),4,192))", "589824:1");
    assert_value(
        "(6,(4,81),384) / (6,2):(1,18)",
        "((6,2),(3,20736)):((1,18),(6,36))",
    );
    // eval timeout-73c32427 (the same, 746496 points)
    assert_value("left_inverse(((6,6,2),6,(2,864)))", "746496:1");
    // (by review) 2^20 points of a layout of 20,000 leaves, all but 20 of size 1: each step
    // carried through the size-1 leaves between two others
    let (mut shape, mut stride, mut next) = (Vec::new(), Vec::new(), 1);
    for k in 0..20_000 {
        if k % 1000 == 999 {
            shape.push("2".to_string());
            stride.push(next.to_string());
            next *= 2;
        } else {
            shape.push("1".to_string());
            stride.push((k % 7).to_string());
        }
    }
    let l = format!("({}):({})", shape.join(","), stride.join(","));
    assert_eq!(eval(&format!("left_inverse({l})")), ["1048576:1"]);
    // (by review) coalesce put each kept mode in front with an insert: quadratic
    let wide = format!(
        "({}):({})",
        vec!["2"; 100_000].join(","),
        vec!["1"; 100_000].join(",")
    );
    assert!(eval(&format!("size(coalesce({wide}))"))[0].starts_with("error: integer overflow"));
    // their speed is a benchmark's business, not a timed test's (bench/engine_paths.py times the
    // 150,000-mode coalesce; before the fixes these took minutes, now milliseconds in release)
}

/// render timeout-3af3dde0 / 7ae83269 / a01fe165: under 1 s alone (a print_layout of 590k
/// cells, table, JSON and `show` of the same value), over it with the machine loaded: not a bug,
/// kept as inputs that must finish with a value.
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

/// Found by review while fuzzing (inputs past libFuzzer's 4 KiB): the statement splitter of
/// `cute eval`, `cute run` and the piped REPL rescanned the whole pending statement at each line,
/// so a statement of n lines took O(n²): 40,000 lines took 7.8 s in release. Now it keeps the
/// bracket depth line by line.
#[test]
fn long_multiline_statement_is_linear() {
    let n = 100_000;
    let input = format!("size((\n{}1))\n", "1,\n".repeat(n));
    let mut out = Vec::new();
    let mut err = Vec::new();
    // a quadratic splitter would take minutes here (its speed is the benchmarks' business)
    cute_cli::repl::piped(input.as_bytes(), &mut out, &mut err, Format::Plain);
    assert_eq!(String::from_utf8_lossy(&out), "1\n");
}

/// An unclosed bracket does not make the splitter buffer forever: past the statement length
/// limit the pending text is a statement (an error naming the limit), and the input goes on.
#[test]
fn unclosed_bracket_stops_at_the_length_limit() {
    use cute::limits::MAX_STATEMENT_LEN;
    use cute::statements::Splitter;
    let mut sp = Splitter::new();
    assert!(sp.push("(").is_none());
    let line = "1,".repeat(1 << 15);
    let mut emitted = None;
    for _ in 0..(MAX_STATEMENT_LEN / line.len() + 2) {
        if let Some(st) = sp.push(&line) {
            emitted = Some(st);
            break;
        }
    }
    let st = emitted.expect("the limit ends the statement");
    assert!(st.text.len() > MAX_STATEMENT_LEN);
    let e = Env::new().run(&st.text).expect_err("too long");
    assert!(e.message.contains("longer than the limit"), "{}", e.message);
    // and the next line is a statement of its own
    assert_eq!(sp.push("4:1").map(|s| s.text), Some("4:1".to_string()));
}

/// render timeout-e7928d92: binary garbage, unknown `:commands` and an 889,000-element layout
/// rendered every way (1.4 s in the fuzz build on a loaded machine, under 0.1 s per render in
/// release). Each line gives a value or an error, and the session carries on.
#[test]
fn binary_garbage_session_carries_on() {
    let input: &[u8] = b":fo$tam gri\xd92\x0a(111115,8):(1,4)\x0a:fomaketMNK )(\x0aL omake_tiled_copmax_common_vector:vars@)\x0a2show (1,3):(3,1)\x0a (\xf6\x8c\x90\x91seleUUUUUUU\x05cts\x0a";
    let got = all(&String::from_utf8_lossy(input));
    assert_eq!(got.len(), 6, "{got:?}");
    assert_eq!(got[1], "(111115,8):(1,4)");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    cute_cli::repl::piped(input, &mut out, &mut err, Format::Plain);
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("(111115,8):(1,4)"), "{out}");
    let err = String::from_utf8_lossy(&err);
    assert!(err.contains("unknown command"), "{err}");
}

/// render timeout-16205f3f (run 6): products and divides of a 2.5-million-element layout,
/// NUL bytes and invalid UTF-8, each rendered every way: 0.7 s in the fuzz build (over 1 s with
/// the machine loaded), 0.02 s per format in release. Not a bug; kept as a session that must
/// finish, its values intact.
#[test]
fn large_session_with_nul_bytes_finishes() {
    let input: &[u8] = b"A = (3,822222):(8,1)\x0aB = (2,4)\x0a#A o B\x0aA *B\x0a( \x00\x00\x00o B\x0aA *B\x0aA\x1d (3,8):(tak2,4)\x0a#A o B\x0aAget *B\x0aA / B\x0aA * B / B\x0aA , B B\x0aji\xff\xff\xff\xff\xff\x12\x00\xdf\xff\xff";
    let got = all(&String::from_utf8_lossy(input));
    assert_eq!(got[0], "((3,2),(822222,4)):((8,1),(1,822222))");
    assert!(
        got.iter().filter(|l| !l.starts_with("error")).count() >= 3,
        "{got:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Limits (src/limits.rs)
// ---------------------------------------------------------------------------------------------

/// Run `f` on a big stack: an unoptimised (debug) build's frames are large, and rendering 256
/// levels recursively needs more than a test thread's 2 MiB there (a release build about 128 KiB;
/// the parser and evaluator grow their stack themselves).
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
// The CI smoke: random bytes and token soups through the four entry points
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
        let _ = cute_cli::repl::piped(bytes.as_slice(), &mut out, &mut err, Format::Plain);
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

/// Finding I (fuzz `fastpath`, now `ahead`, 2026-11-24): `cute eval` binds `ans` lazily when
/// the statement was answered ahead, so a "did you mean 'ans'?" appeared with answering ahead
/// off and not with it on. `ans` is never suggested: the reader gives the same bytes either way.
#[test]
fn did_you_mean_does_not_depend_on_how_ans_was_bound() {
    let input = "2\nan(4:1)\nans2\n";
    let run = |ahead: bool| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut r =
            cute_cli::runner::Runner::new(&mut out, &mut err, "<test>").with_answer_ahead(ahead);
        r.reader(input.as_bytes(), None).unwrap();
        (out, err)
    };
    let (on, off) = (run(true), run(false));
    assert_eq!(
        String::from_utf8_lossy(&on.0),
        String::from_utf8_lossy(&off.0)
    );
    assert_eq!(on.1, off.1);
}

/// The product of two 64-bit unsigned constants exceeds the i128 it is computed in: C++'s
/// product modulo 2^64 (cute-oracle: `~integral_constant<uint64_t, 0>{} * ~…{}` is `_1`), not
/// an overflow panic.
#[test]
fn a_product_of_64_bit_unsigned_constants_wraps_as_cpp_does() {
    let (out, err, code) = crate::helpers::cute_format(
        "print(~integral_constant<uint64_t, 0>{} * ~integral_constant<uint64_t, 0>{})\n",
    );
    assert_eq!((out.as_str(), err.as_str(), code), ("_1", "", 0));
}
