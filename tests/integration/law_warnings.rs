//! CuTe's answer, always; the law as a warning (SPEC §3, issue 37): where CuTe's result breaks
//! the operation's law, the value is CuTe's (checked with cute-oracle) and the statement warns;
//! strict, it fails. A law is checked on the result of the function the user called only.

use crate::helpers::{cute, eval_line};
use cute::eval::{Env, ErrorKind, Outcome};
use cute::render::plain;

/// A statement's value and warnings in a fresh session.
fn warned(stmt: &str) -> (String, Vec<String>) {
    let mut env = Env::new();
    let v = match env.run(stmt) {
        Ok(Outcome::Value(v)) => plain::render(&v),
        other => panic!("{stmt}: {other:?}"),
    };
    let ws = env.take_warnings().into_iter().map(|w| w.message).collect();
    (v, ws)
}

/// CuTe 4.7's answers (cute-oracle), each breaking its law.
const BROKEN: &[(&str, &str, &str)] = &[
    (
        "composition((4,6,8):(2,3,5), 6:3)",
        "(2,3):(6,3)",
        "composition: CuTe's result (2,3):(6,3) is not A o B: at i = 2, R(i) = 3 but A(B(i)) = A(6) = 7",
    ),
    (
        "(4,6,8):(2,3,5) o 6:3",
        "(2,3):(6,3)",
        "composition: CuTe's result (2,3):(6,3) is not A o B: at i = 2",
    ),
    (
        "left_inverse((2,2):(1,1))",
        "2:2",
        "left_inverse: CuTe's result 2:2 is not a left inverse of (2,2):(1,1): R(L(1)) = R(1) = 2, not 1",
    ),
    (
        "left_inverse(((3,4)):((4,2)))",
        "(2,2,3):(0,3,1)",
        "left_inverse: CuTe's result (2,2,3):(0,3,1) is not a left inverse",
    ),
    ("left_inverse(4:0)", "4:0", "is not a left inverse of 4:0"),
    // A is not linear in the swizzle's bits (cute-oracle: `Sw<3,0,-3> o _0 o (_8,_16):(_16,_1)`)
    (
        "composition((8,16):(16,1), Sw<3,3,-3>)",
        "Sw<3,0,-3> o 0 o (8,16):(16,1)",
        "composition: CuTe's result Sw<3,0,-3> o 0 o (8,16):(16,1) is not A o Sw<3,3,-3>: at i = 17",
    ),
    (
        "(8,16):(16,1) o Sw<3,3,-3>",
        "Sw<3,0,-3> o 0 o (8,16):(16,1)",
        "is not A o Sw<3,3,-3>",
    ),
    (
        "logical_divide((16,1,3):(1,4,32), 12)",
        "(12,(2,3)):(1,(12,32))",
        "logical_divide: composition: CuTe's result (12,(2,3)):(1,(12,32)) is not A o B: at i = 24",
    ),
];

#[test]
fn cutes_answer_with_a_warning() {
    for (stmt, value, warning) in BROKEN {
        let (v, ws) = warned(stmt);
        assert_eq!(v, *value, "{stmt}");
        assert_eq!(eval_line(stmt), *value, "{stmt}");
        assert_eq!(ws.len(), 1, "{stmt}: {ws:?}");
        assert!(ws[0].contains(warning), "{stmt}: {ws:?}");
    }
}

#[test]
fn strict_makes_it_the_error() {
    for (stmt, _, warning) in BROKEN {
        let mut env = Env::new();
        env.set_strict(true);
        let e = env.run(stmt).expect_err(stmt);
        assert_eq!(e.kind, ErrorKind::Law, "{stmt}");
        assert!(e.message.contains(warning), "{stmt}: {}", e.message);
        assert!(env.take_warnings().is_empty());
    }
}

#[test]
fn a_lawful_result_warns_of_nothing() {
    for stmt in [
        "composition((6,2):(8,2), (4,3):(3,1))",
        "composition(8:1, 6:8)",
        "24:1 o (2,2):(1,1)",
        "left_inverse((4,2):(2,1))",
        "right_inverse((4,8):(8,1))",
        "zipped_divide((8,24), (4,8))",
        "logical_product((2,2):(4,1), 6:1)",
    ] {
        let (_, ws) = warned(stmt);
        assert!(ws.is_empty(), "{stmt}: {ws:?}");
    }
}

/// An intermediate step inside an algorithm warns of nothing: local_tile's divide breaks its
/// law in a tile the answer does not hold (cute-oracle: `counting_iter(0) o ((_12),_4):((_1),_8)`).
#[test]
fn an_intermediate_step_warns_of_nothing() {
    for (stmt, value) in [
        (
            "local_tile(0 o ((16,1,3),4):((1,4,32),8), (12,4), (0,_), (1,X))",
            "0 o ((12),4):((1),8)",
        ),
        (
            "local_tile(0 o ((16,1,3),4):((1,4,32),8), (12,4), (0,0))",
            "0 o (12,4):(1,8)",
        ),
        (
            "local_tile(0 o (8,24):(1,8), (4,8), (1,2))",
            "132 o (4,8):(1,8)",
        ),
    ] {
        let (v, ws) = warned(stmt);
        assert_eq!(v, value, "{stmt}");
        assert!(ws.is_empty(), "{stmt}: {ws:?}");
        let mut env = Env::new();
        env.set_strict(true);
        assert!(env.run(stmt).is_ok(), "{stmt}: strict");
    }
}

/// Where the divide's broken part reaches local_tile's answer, the tile is not the tensor's:
/// CuTe's answer (cute-oracle: `counting_iter(12) o (_12,_4):(_1,_8)`,
/// `counting_iter(32) o (_12,_4):(_1,_8)`), with a warning naming an element.
#[test]
fn a_broken_step_that_reaches_the_answer_warns() {
    for (stmt, value, warning) in [
        (
            "local_tile(0 o ((16,1,3),4):((1,4,32),8), (12,4), (1,0))",
            "12 o (12,4):(1,8)",
            "local_tile: CuTe's tile 12 o (12,4):(1,8) is not tile (1,0) of the tensor (the divide inside breaks its law there): at index 4 of mode 0, the tile gives 16 but the tensor's element is 32",
        ),
        (
            "local_tile(0 o ((16,1,3),4):((1,4,32),8), (12,4), (2,0))",
            "32 o (12,4):(1,8)",
            "local_tile: CuTe's tile 32 o (12,4):(1,8) is not tile (2,0) of the tensor: its first element is 32, but the tensor's is 40",
        ),
    ] {
        let (v, ws) = warned(stmt);
        assert_eq!(v, value, "{stmt}");
        assert_eq!(ws, [warning], "{stmt}");
    }
}

/// Every call the user wrote is checked, also inside a larger expression; and a statement's
/// warnings are its own (the next statement starts with none).
#[test]
fn warnings_belong_to_their_statement() {
    let mut env = Env::new();
    assert!(env.run("size(composition((4,6,8):(2,3,5), 6:3))").is_ok());
    assert_eq!(env.take_warnings().len(), 1);
    assert!(env.run("x = left_inverse((2,2):(1,1))").is_ok());
    assert!(env.run("size(4:1)").is_ok());
    assert!(env.take_warnings().is_empty());
}

#[test]
fn the_cli_prints_the_answer_and_warns() {
    let (out, err, code) = cute(&["eval", "composition((4,6,8):(2,3,5), 6:3)"], "");
    assert_eq!((out.as_str(), code), ("(2,3):(6,3)\n", 0));
    assert!(err.starts_with("warning: composition: CuTe's result (2,3):(6,3) is not A o B"));
    // standard input, answered ahead on threads: the same
    let (out, err, code) = cute(&["eval"], "left_inverse((2,2):(1,1))\nsize(4:1)\n");
    assert_eq!((out.as_str(), code), ("2:2\n4\n", 0));
    assert_eq!(err.matches("warning: left_inverse").count(), 1, "{err}");
    // strict: today's error
    let (out, err, code) = cute(&["--strict", "eval", "left_inverse((2,2):(1,1))"], "");
    assert_eq!(code, 1);
    assert!(out.starts_with("error: left_inverse"), "{out}");
    assert!(err.contains("error: left_inverse"), "{err}");
    let (_, _, code) = cute(&["eval", "--strict", "-"], "left_inverse((2,2):(1,1))\n");
    assert_eq!(code, 1);
    // JSON carries it
    let (out, _, code) = cute(
        &[
            "--format",
            "json",
            "eval",
            "composition((4,6,8):(2,3,5), 6:3)",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["text"], "(2,3):(6,3)");
    assert!(v["warnings"][0].as_str().unwrap().contains("is not A o B"));
}

#[test]
fn the_repl_and_explain_show_it() {
    let (out, err, code) = cute(
        &["repl"],
        "left_inverse((2,2):(1,1))\n:strict\nleft_inverse((2,2):(1,1))\n:strict off\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("2:2\nstrict: on\nerror: left_inverse"),
        "{out}"
    );
    assert!(out.ends_with("strict: off\n"), "{out}");
    assert_eq!(err.matches("warning: left_inverse").count(), 1, "{err}");
    let (out, _, code) = cute(&["explain", "composition((4,6,8):(2,3,5), 6:3)"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("= (2,3):(6,3)\nwarning: composition: CuTe's result"),
        "{out}"
    );
    let (out, _, code) = cute(&["explain", "--verify", "left_inverse((2,2):(1,1))"], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("warning: left_inverse"), "{out}");
    let (_, _, code) = cute(&["explain", "--strict", "left_inverse((2,2):(1,1))"], "");
    assert_eq!(code, 1);
}
