//! `cute explain`: snapshots of the derivations of the seeds' and SPEC's worked examples, and
//! a property test that an explained result is the plain result and every check verifies.

use cute::eval::Env;
use cute::eval::explain::{ExplainOptions, explain};
use cute::render::explain::{json, text};
use proptest::prelude::*;

use crate::helpers::layout_strategy;

/// Worked examples (answers checked against CuTe C++ with cute-oracle).
const EXAMPLES: &[&str] = &[
    // seed 000: coalesce's four cases; CuTe gives 12:1
    "coalesce((2,(1,6)):(1,(6,2)))",
    "filter((4,2,(1,3)):(1,0,(5,4)))",
    // coalesce by mode of a profile (SPEC: `coalesce(L, profile)`)
    "coalesce((2,(1,6),(4,2)):(1,(6,2),(3,12)), (1,1))",
    // seed 000 / CuTe docs: by-mode composition, (3,(2,4)):(236,(26,1))
    "composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)",
    // seed 000: complement(4:1, 24) = 6:4 (right) and complement(6:4, 24) = 4:1 (the seed says 6:4)
    "complement(4:1, 24)",
    "complement(6:4, 24)",
    // SPEC / CuTe docs
    "composition((6,2):(8,2), (4,3):(3,1))",
    "complement(4:2, 24)",
    "composition(8:1, 6:8)",
    "24:1 o (2,2):(1,1)",
    // SPEC: CuTe prints (2,3):(6,3), which is not A o B: its answer, with a warning naming the
    // failing index
    "composition((4,6,8):(2,3,5), 6:3)",
    // a failing stride condition
    "composition((4,6):(1,5), 2:6)",
    // SPEC: static_assert in CuTe
    "complement((2,2):(1,1), 8)",
    // seed 000: the TV layout composed with a 4x8 row-major tensor
    "composition((4,8):(8,1), ((2,4),(2,2)):((8,1),(4,16)))",
    // seed 000: zipped_divide of an (8,24) tensor by (4,8) tiles: ((4,8),(2,3)):((1,8),(4,64))
    "zipped_divide((8,24), (4,8))",
    "(4,2,3):(2,1,8) / 4:2",
    "logical_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
    "tiled_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
    "(2,2):(4,1) * 6:1",
    "blocked_product((2,5):(5,1), (3,4):(1,3))",
    "raked_product((2,5):(5,1), (3,4):(1,3))",
    "right_inverse((2,4,6):(4,1,8))",
    "left_inverse((2,4):(4,1))",
    // seed 000: the tile (1,2) of an (8,24) tensor by (4,8) tiles, and thread 3 of (2,4):(1,2)
    "local_tile((8,24):(1,8), (4,8), (1,2))",
    "local_partition((8,24):(1,8), (2,4):(1,2), 3)",
    "idx2crd(16, (3,(2,3)))",
    "crd2idx((1,5), (3,(2,3)):(3,(12,1)))",
    "Sw<3,4,3>(200)",
];

fn explained(src: &str, opts: &ExplainOptions) -> String {
    let ex = explain(&Env::new(), src, opts).expect("the arguments evaluate");
    text(&ex, cute::render::paint::Paint::NONE)
}

#[test]
fn snapshot_worked_examples() {
    let opts = ExplainOptions {
        verify: true,
        index: None,
    };
    let all: Vec<String> = EXAMPLES.iter().map(|e| explained(e, &opts)).collect();
    insta::assert_snapshot!("explain_examples", all.join("\n\n"));
}

#[test]
fn snapshot_index_and_json() {
    let opts = ExplainOptions {
        verify: true,
        index: Some(5),
    };
    let ex = explain(&Env::new(), "right_inverse((2,4,6):(4,1,8))", &opts).unwrap();
    insta::assert_snapshot!("explain_index", text(&ex, cute::render::paint::Paint::NONE));
    let ex = explain(&Env::new(), "logical_product(2:1, 3:1)", &opts).unwrap();
    let j: serde_json::Value = serde_json::from_str(&json(&ex)).unwrap();
    insta::assert_snapshot!("explain_json", serde_json::to_string_pretty(&j).unwrap());
}

#[test]
fn worked_examples_give_the_plain_result() {
    for e in EXAMPLES {
        same_as_plain(e, true);
    }
}

#[test]
fn variables_and_operators_explain() {
    let mut env = Env::new();
    env.run("A = (6,2):(8,2)").unwrap();
    let ex = explain(&env, "A o (4,3):(3,1)", &ExplainOptions::default()).unwrap();
    assert_eq!(
        cute::render::plain::render(ex.result.as_ref().unwrap()),
        "((2,2),3):((24,2),8)"
    );
    // not an explained operation: the value, and a step saying so
    let ex = explain(&env, "size(A)", &ExplainOptions::default()).unwrap();
    assert!(ex.steps[0].rule == "no derivation");
    assert!(explain(&env, "size(", &ExplainOptions::default()).is_err());
}

#[test]
fn big_layouts_do_not_hang_and_say_when_capped() {
    let opts = ExplainOptions {
        verify: true,
        index: Some(123_456_789),
    };
    let out = explained("coalesce((1024,1024,64):(1,1024,1048576))", &opts);
    assert!(out.contains("capped"), "{out}");
}

/// Many large checks share one budget: the rest are reported unchecked, not evaluated
/// (a fuzzing finding: a 40-mode divide took seconds with every check at its own cap).
#[test]
fn many_large_checks_share_one_budget() {
    let opts = ExplainOptions {
        verify: true,
        index: None,
    };
    let shape = vec!["2"; 40].join(",");
    let stride: Vec<String> = (1..=40).map(|k| (1i64 << k).to_string()).collect();
    let src = format!("logical_divide(({shape}):({}), 2:1)", stride.join(","));
    let out = explained(&src, &opts);
    assert!(out.contains("not checked (the budget of"), "{out}");
    assert!(out.contains("= (2,549755813888):(2,4)"), "{out}");
}

/// Explaining `src` gives what evaluating it gives, and (when asked) every check holds.
fn same_as_plain(src: &str, verify: bool) {
    let mut env = Env::new();
    let plain = env.run(src);
    let warnings: Vec<String> = env.take_warnings().into_iter().map(|w| w.message).collect();
    // index 3, or the last index of a smaller result (an index outside the domain is an error)
    let size = match &plain {
        Ok(cute::eval::Outcome::Value(cute::eval::Value::Layout(l))) => l.size().unwrap_or(4),
        Ok(cute::eval::Outcome::Value(cute::eval::Value::Composed(c))) => {
            c.layout.size().unwrap_or(4)
        }
        _ => 4,
    };
    let opts = ExplainOptions {
        verify,
        index: Some(3.min(size - 1)),
    };
    let ex = explain(&Env::new(), src, &opts).expect("the arguments evaluate");
    match (&ex.result, plain) {
        (Ok(v), Ok(cute::eval::Outcome::Value(p))) => {
            assert_eq!(v, &p, "{src}");
            // CuTe's answer that breaks its law: the same warnings; its checks fail there
            let explained: Vec<&str> = ex.warnings.iter().map(|w| w.message.as_str()).collect();
            assert_eq!(explained, warnings, "{src}");
            if !warnings.is_empty() {
                assert!(!verify || !ex.ok(), "{src}: --verify fails on a broken law");
                return;
            }
            if let Some(vs) = &ex.verdicts {
                for (st, v) in ex.steps.iter().zip(vs) {
                    if let Some(v) = v {
                        assert!(v.ok(), "{src}: step {} {}: {v:?}", st.op, st.rule);
                    }
                }
            }
        }
        (Err(e), Err(p)) => assert_eq!(e.message, p.message, "{src}"),
        (x, y) => panic!("{src}: explained {x:?}, plain {y:?}"),
    }
}

const UNARY: &[&str] = &[
    "coalesce",
    "filter",
    "complement",
    "right_inverse",
    "left_inverse",
];
const BINARY: &[&str] = &[
    "composition",
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
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn explained_unary_is_plain_and_verifies(l in layout_strategy(6, 24), k in 0..UNARY.len()) {
        same_as_plain(&format!("{}({l})", UNARY[k]), true);
    }

    #[test]
    fn explained_binary_is_plain_and_verifies(
        a in layout_strategy(6, 16),
        b in layout_strategy(6, 8),
        k in 0..BINARY.len(),
    ) {
        same_as_plain(&format!("{}({a}, {b})", BINARY[k]), true);
    }

    #[test]
    fn explained_complement_to_and_coords(l in layout_strategy(6, 12), m in 1i64..=200, i in 0i64..500) {
        same_as_plain(&format!("complement({l}, {m})"), true);
        same_as_plain(&format!("idx2crd({i}, {})", l.shape()), true);
        same_as_plain(&format!("{l}({})", i % l.size().unwrap().max(1)), true);
    }
}
