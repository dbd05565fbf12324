//! The fast path of `cute eval` is invisible: `app::Runner` with its allocation-free evaluator of
//! common statements (`with_answer_ahead(true)`) writes byte for byte the stdout and stderr of the
//! general evaluator (`with_answer_ahead(false)`) and fails exactly when it fails.
//!
//! Every test feeds an input to both through [`both`]: the 20,000 benchmark statements, the
//! statement column of the golden corpus, a hand-written list of edge cases (whitespace, static
//! integers, signs, overflow, malformed layouts, wrong arity, variables and `ans`, comments,
//! multi-line statements, refusals, tilers, coordinates, operators, …) and random batches of the
//! statements the fast path takes, with random layouts, operands, coordinates and whitespace.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;

use cute::app::Runner;
use cute::statements::{Splitter, Statement};
use proptest::prelude::*;

use crate::helpers::{cases, golden_dir};

/// What one run of a [`Runner`] wrote, and whether it reported a failure.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    out: Vec<u8>,
    err: Vec<u8>,
    failed: bool,
}

/// Run `input` as `cute eval` reads standard input, with the fast path on or off.
fn run(input: &str, fast: bool) -> Run {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let failed = {
        let mut runner = Runner::new(&mut out, &mut err, "<stdin>").with_answer_ahead(fast);
        runner
            .reader(input.as_bytes(), None)
            .expect("writing to memory cannot fail");
        runner.failed()
    };
    Run { out, err, failed }
}

/// Run `input` with the fast path and without; assert stdout, stderr and `failed()` are
/// identical, and return (stdout, stderr).
fn both(input: &str) -> (String, String) {
    let fast = run(input, true);
    let general = run(input, false);
    if fast != general {
        panic!("{}", explain_difference(input, &fast, &general));
    }
    (
        String::from_utf8(general.out).expect("stdout is UTF-8"),
        String::from_utf8(general.err).expect("stderr is UTF-8"),
    )
}

/// The message of a failed [`both`]: the first differing line of each stream, and the statement
/// that causes it (found by running both paths statement by statement).
fn explain_difference(input: &str, fast: &Run, general: &Run) -> String {
    let mut msg = String::from("the fast path and the general path differ\n");
    match first_differing_statement(input) {
        Some(report) => msg.push_str(&report),
        None => msg.push_str(
            "(fed one by one through Runner::statement every statement agrees: \
             the difference comes from Runner::reader)\n",
        ),
    }
    for (name, f, g) in [
        ("stdout", &fast.out, &general.out),
        ("stderr", &fast.err, &general.err),
    ] {
        if let Some((line, f, g)) = first_differing_line(f, g) {
            let _ = writeln!(
                msg,
                "first differing {name} line, line {line}:\n  fast:    {f:?}\n  general: {g:?}"
            );
        }
    }
    if fast.failed != general.failed {
        let _ = writeln!(
            msg,
            "failed(): fast {}, general {}",
            fast.failed, general.failed
        );
    }
    msg
}

/// The 1-based number of the first line where `a` and `b` differ, and the two lines (`<none>`
/// past the end of one of them).
fn first_differing_line(a: &[u8], b: &[u8]) -> Option<(usize, String, String)> {
    let a = String::from_utf8_lossy(a);
    let b = String::from_utf8_lossy(b);
    let (mut a, mut b) = (a.split_inclusive('\n'), b.split_inclusive('\n'));
    for line in 1.. {
        match (a.next(), b.next()) {
            (None, None) => return None,
            (x, y) if x == y => {}
            (x, y) => {
                let show = |l: Option<&str>| l.map_or("<none>".to_string(), str::to_string);
                return Some((line, show(x), show(y)));
            }
        }
    }
    unreachable!()
}

/// A writer whose bytes can be read while a [`Runner`] holds it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn len(&self) -> usize {
        self.0.borrow().len()
    }
    fn since(&self, start: usize) -> String {
        String::from_utf8_lossy(&self.0.borrow()[start..]).into_owned()
    }
}

/// The statements of `input`, split as `Runner::reader` splits them.
fn statements(input: &str) -> Vec<Statement> {
    let mut splitter = Splitter::new();
    let mut all: Vec<Statement> = input.lines().filter_map(|l| splitter.push(l)).collect();
    all.extend(splitter.finish());
    all
}

/// Run both paths in lockstep, one statement at a time: a report on the first statement whose
/// stdout, stderr or failure differ.
fn first_differing_statement(input: &str) -> Option<String> {
    let [fo, fe, go, ge] = std::array::from_fn(|_| Shared::default());
    let (mut fo_w, mut fe_w, mut go_w, mut ge_w) = (fo.clone(), fe.clone(), go.clone(), ge.clone());
    let mut fast = Runner::new(&mut fo_w, &mut fe_w, "<stdin>").with_answer_ahead(true);
    let mut general = Runner::new(&mut go_w, &mut ge_w, "<stdin>").with_answer_ahead(false);
    for st in statements(input) {
        let start = [fo.len(), fe.len(), go.len(), ge.len()];
        fast.statement(&st).expect("writing to memory cannot fail");
        general
            .statement(&st)
            .expect("writing to memory cannot fail");
        let f = (fo.since(start[0]), fe.since(start[1]), fast.failed());
        let g = (go.since(start[2]), ge.since(start[3]), general.failed());
        if f != g {
            return Some(format!(
                "statement on line {}:\n  {:?}\n\
                 fast:    stdout {:?}\n         stderr {:?}\n         failed {}\n\
                 general: stdout {:?}\n         stderr {:?}\n         failed {}\n",
                st.line, st.text, f.0, f.1, f.2, g.0, g.1, g.2
            ));
        }
    }
    None
}

/// The number of lines printed on stdout.
fn line_count(stdout: &str) -> usize {
    stdout.lines().count()
}

#[test]
fn benchmark_statements_agree() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench/statements.txt");
    let input = std::fs::read_to_string(path).expect("bench/statements.txt");
    let n = input.lines().filter(|l| !l.trim().is_empty()).count();
    assert_eq!(n, 20_000, "the benchmark corpus has 20,000 statements");
    let (out, _) = both(&input);
    assert_eq!(line_count(&out), n, "one line out per statement");
}

/// The fast path must not quietly decline what it is for: every statement of the benchmark
/// corpus is answered by it (a value, or one of composition's refusals), none left to the
/// general engine. (Agreement alone would pass if it declined everything.)
#[test]
fn fast_path_answers_the_benchmark_corpus() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench/statements.txt");
    let input = std::fs::read_to_string(path).expect("bench/statements.txt");
    let (mut printed, mut refused, mut declined) = (0, 0, Vec::new());
    let mut out = Vec::new();
    for line in input.lines() {
        match cute::fast::run_line(line.as_bytes(), &mut out) {
            cute::fast::Answer::Printed => printed += 1,
            cute::fast::Answer::Error(..) => refused += 1,
            cute::fast::Answer::Declined => declined.push(line),
        }
    }
    assert!(
        declined.is_empty(),
        "declined: {:?}",
        &declined[..declined.len().min(5)]
    );
    assert_eq!((printed, refused), (19_276, 724));
}

#[test]
fn golden_statements_agree() {
    for file in ["algebra.tsv", "docs.tsv", "swizzle.tsv", "extras.tsv"] {
        let input: String = cases(file).iter().map(|(s, _)| format!("{s}\n")).collect();
        let (out, _) = both(&input);
        assert_eq!(line_count(&out), cases(file).len(), "{file}: one line each");
    }
    let refusals = golden_dir().join("refusals.txt");
    if let Ok(input) = std::fs::read_to_string(refusals) {
        let (out, err) = both(&input);
        assert!(out.lines().all(|l| l.starts_with("error: ")), "{out}");
        assert!(!err.is_empty());
    }
}

/// Hand-written edge cases, one line each, fed as one session (variables and `ans` carry over).
/// Lines that open a bracket continue on the next ones, as in a file.
const EDGE_CASES: &[&str] = &[
    "# comments, blank lines and whitespace",
    "",
    "   ",
    "\t",
    "   # an indented comment",
    "size(8:1)   # a trailing comment",
    "size(8:1)#no space",
    "size(8:1) # a comment with ( an open bracket",
    "   size(8:1)",
    "size(8:1)   ",
    "\tsize(8:1)\t",
    " \t size( 8:1 ) \t ",
    "size(8 : 1)",
    "size(8: 1)",
    "size(8 :1)",
    "size( ( 4 , 8 ) : ( 1 , 4 ) )",
    "size(( 4 , 8 ):( 1 , 4 ))",
    "cosize(\t(4,8):(1,4)\t)",
    "coalesce( (2, (1, 6)):(1, (6, 2)) )",
    "composition( 8:1 , 4:2 )",
    "composition(8:1,4:2)",
    "complement( 4:2 , 16 )",
    "logical_divide( 16:1 , < 4:1 > )",
    "logical_product( (2,2):(1,2) ,\t3:4 )",
    "right_inverse( (2,4):(4,1) )",
    "(4,8):(1,4)( 5 )",
    "(4,8):(1,4)( 1 , 2 )",
    "(4,8):(1,4)(1,2)",
    "size (8:1)",
    "(4,8):(1,4) (5)",
    "# static integers and signs",
    "size(_8:_1)",
    "size((_4,_8):(_1,_4))",
    "composition(_8:_1, _4:_2)",
    "(_4,_8):(_1,_4)(_5)",
    "(_4,_8):(_1,_4)(_1, _2)",
    "complement(_4:_2, _16)",
    "logical_divide(_16:_1, <_4:_1>)",
    "size(_-4:1)",
    "coalesce(8:_-1)",
    "size(__8:1)",
    "size(_ 8:1)",
    "size(-8:1)",
    "size(8:-1)",
    "cosize(8:-1)",
    "+8:1",
    "size(+8:1)",
    "8:1(+3)",
    "8:1(-3)",
    "- 8:1",
    "--8:1",
    "8:--1",
    "# negative strides",
    "coalesce(8:-1)",
    "coalesce((4,4):(-1,-4))",
    "(4,8):(-1,-4)(3, 2)",
    "composition((4,8):(-8,-1), 4:2)",
    "right_inverse(8:-1)",
    "complement(8:-1, 16)",
    "logical_divide(16:-1, 4:1)",
    "logical_product(4:-1, 2:4)",
    "# zero strides",
    "size((4,8):(0,1))",
    "cosize((4,8):(0,0))",
    "coalesce((4,8):(0,0))",
    "coalesce((4,1,8):(0,7,1))",
    "complement((4,8):(0,1), 64)",
    "composition((4,8):(0,1), 8:4)",
    "right_inverse((4,8):(0,1))",
    "logical_divide((4,8):(0,1), 4:1)",
    "logical_product(8:0, 4:1)",
    "8:0(7)",
    "# size-1 modes",
    "size(1:0)",
    "coalesce((1,1,1):(0,5,7))",
    "coalesce((2,1,4):(1,9,2))",
    "complement(1:0, 1)",
    "composition(1:0, 1:0)",
    "right_inverse((1,8,1):(0,1,0))",
    "logical_divide((1,8):(3,1), 2:1)",
    "logical_product(1:0, 1:0)",
    "1:0(0)",
    "# rank-1 tuples",
    "(8):(1)",
    "size((8):(1))",
    "coalesce((8):(1))",
    "coalesce(((2,8,1)):((1,2,16)))",
    "size(((2,8,1)):((1,2,16)))",
    "composition((8):(1), (4):(2))",
    "((2,8,1)):((1,2,16))(7)",
    "((2,8,1)):((1,2,16))((1,3,0))",
    "(8)",
    "# deep nesting",
    "size((((((2,2),2),2),2),2):(((((1,2),4),8),16),32))",
    "coalesce((((((2,2),2),2),2),2):(((((1,2),4),8),16),32))",
    "composition((((2,2),2),2):(((1,2),4),8), (4,4):(1,4))",
    "(((((2,2),2),2),2),2):(((((1,2),4),8),16),32)(37)",
    "cosize((((((8))))):(((((1)))))))",
    "right_inverse(((2,(2,(2,2))),2):((16,(1,(8,2))),4))",
    "# huge integers",
    "size(9223372036854775807:1)",
    "cosize(9223372036854775807:1)",
    "9223372036854775807:1(9223372036854775806)",
    "size(9223372036854775808:1)",
    "size(-9223372036854775808:1)",
    "size(99999999999999999999999:1)",
    "size((3037000500,3037000500):(1,3037000500))",
    "size((4611686018427387904,2):(1,1))",
    "cosize((2,2):(4611686018427387904,4611686018427387904))",
    "(2,2):(4611686018427387904,1)(1, 1)",
    "complement(4:2, 9223372036854775807)",
    "composition(9223372036854775807:2, 4:2)",
    "logical_product(4611686018427387904:1, 4:1)",
    "8:1(9223372036854775807)",
    "8:2(9223372036854775807)",
    "# non-positive shapes",
    "size(0:1)",
    "size((4,0):(1,4))",
    "cosize((4,-2):(1,4))",
    "coalesce(0:1)",
    "composition(8:1, 0:1)",
    "(0):(1)(0)",
    "# shape and stride not congruent",
    "size((4,8):(1))",
    "size((4,8):1)",
    "size(4:(1,4))",
    "size((4,(2,4)):(1,2,8))",
    "coalesce((4,8):(1,4,16))",
    "composition((4,8):(1,4), (2,2):(1))",
    "# wrong arity",
    "size()",
    "size(8:1, 2)",
    "cosize()",
    "cosize(8:1, 8:1)",
    "coalesce()",
    "coalesce(8:1, 1, 1)",
    "composition(8:1)",
    "composition()",
    "complement()",
    "right_inverse()",
    "right_inverse(8:1, 2)",
    "logical_divide(8:1)",
    "logical_product(8:1, 2:1, 3:1)",
    "# unknown functions and names",
    "sizes(8:1)",
    "Size(8:1)",
    "frobnicate(8:1, 2)",
    "size(foo)",
    "foo",
    "foo(3)",
    "# variables and ans",
    "ans",
    "a = 8:1",
    "size(a)",
    "a",
    "a(5)",
    "b = (4,8):(1,4)",
    "composition(b, a)",
    "b(3)",
    "b(1, 2)",
    "b(_, 2)",
    "logical_divide(b, <2:1, 4:1>)",
    "c = composition(b, 4:2)",
    "c",
    "size(c)",
    "coalesce(8:1)",
    "size(ans)",
    "ans",
    "ans(3)",
    "composition((4,6,8):(2,3,5), 6:3)",
    "ans",
    "size(ans)",
    "d = size(nothing)",
    "d",
    "ans = 16:1",
    "ans",
    "size(ans)",
    "a = ",
    "= 8:1",
    "a b",
    "a = b = 8:1",
    "# assignments to function names",
    "size = 8:1",
    "composition = 3",
    "coalesce = (4,8)",
    "right_inverse = 4:1",
    "o = 8:1",
    "sizes = 8:1",
    "size(sizes)",
    "# multi-line statements",
    "composition(8:1,",
    "4:2)",
    "size(",
    "8:1",
    ")",
    "complement(",
    "  4:2",
    "  , 16",
    ")",
    "logical_divide((4,8):(1,4),",
    "  <2:1,",
    "   4:1>)",
    "coalesce((2,",
    "(1,6)):(1,",
    "(6,2)))",
    "(4,8):(1,4)(",
    "3)",
    "size( # a comment with ) a close bracket",
    "8:1)",
    "composition(8:1,",
    "",
    "   ",
    "4:2)",
    "composition(8:1,",
    "foo)",
    "size(8:1,",
    "4:1)",
    "logical_product(4:1,",
    "(2,2):(1,",
    "8))",
    ")",
    "size(8:1))",
    "# refused by law or by CuTe",
    "composition((4,6,8):(2,3,5), 6:3)",
    "composition((4,6):(1,4), 5:1)",
    "composition((4,6):(1,4), 8:1)",
    "complement((2,2):(1,1), 8)",
    "complement(4:3, 8)",
    "right_inverse((4,4):(2,2))",
    "# divisibility in divides and products",
    "logical_divide(6:1, 4:1)",
    "logical_divide((6,6):(12,1), 9:4)",
    "logical_divide(12:1, <5>)",
    "logical_divide((4,6):(1,4), <3, 4>)",
    "logical_divide((4,6,1):(3,12,72), 24:1)",
    "logical_product((3,3):(3,1), (2,1,3):(3,6,6))",
    "logical_product(6:1, 4:1)",
    "logical_product((3,16):(1,3), 8:1)",
    "logical_product((4,(1),3):(1,(4),4), 3:2)",
    "# tilers",
    "<2:1>",
    "<_>",
    "<4>",
    "<3:4, 8:2>",
    "<_, 2:1>",
    "<>",
    "composition(16:1, <2:1>)",
    "logical_divide(16:1, <2:1>)",
    "logical_divide(16:1, <_>)",
    "logical_divide(16:1, <4>)",
    "logical_divide(16:1, <>)",
    "logical_divide((12,16):(1,12), <3:4, 8:2>)",
    "logical_divide((12,16):(1,12), <_, 2:1>)",
    "logical_divide((12,16):(1,12), <4, _>)",
    "logical_product((12,16):(1,12), <3:4, 8:2>)",
    "logical_product((12,16):(1,12), <_, 2:1>)",
    "composition((12,16):(1,12), <3:4, 8:2>)",
    "composition((12,16):(1,12), <_, 2:1>)",
    "logical_divide((12,(4,4)):(1,(12,48)), <3, <2, 2>>)",
    "logical_divide((12,(4,4)):(1,(12,48)), <3, (2:1, 2:2)>)",
    "composition((12,(4,4)):(1,(12,48)), <_, <2:1, _>>)",
    "logical_product((12,(4,4)):(1,(12,48)), <_, <2, _>>)",
    "logical_divide(16:1, <2:1, 4:1>)",
    "logical_divide((4,8):(1,4), <2, 2, 2>)",
    "composition((4,8):(1,4), <2:1, 2:1, 2:1>)",
    "logical_product(8:1, <2, 2>)",
    "composition((4,8):(1,4), (2,4))",
    "logical_divide((4,8):(1,4), (2,4))",
    "logical_product((4,8):(1,4), (2,4))",
    "logical_divide((4,8):(1,4), (2:1,4:1))",
    "logical_divide((4,8):(1,4), <2:1,>)",
    "logical_divide((4,8):(1,4), <,2:1>)",
    "# evaluation",
    "(4,8):(1,4)(0)",
    "(4,8):(1,4)(31)",
    "(4,8):(1,4)(32)",
    "(4,8):(1,4)(1000)",
    "(4,8):(1,4)(-1)",
    "(4,8):(1,4)(3, 7)",
    "(4,8):(1,4)(4, 0)",
    "(4,8):(1,4)(0, 8)",
    "(4,8):(1,4)(-1, 0)",
    "8:2(3, 1)",
    "(8):(2)(3, 1)",
    "8:2(3)",
    "8:16(3)",
    "((2,2),8):((1,16),2)((1,1), 3)",
    "((2,2),8):((1,16),2)(3, 3)",
    "((2,2),8):((1,16),2)((1,1,1), 3)",
    "(4,(2,4)):(1,(4,8))(3, (1,2))",
    "(4,(2,4)):(1,(4,8))(3, 5)",
    "(4,8):(1,4)(_, 2)",
    "(4,8):(1,4)(2, _)",
    "(4,8):(1,4)(_, _)",
    "(4,8):(1,4)(_)",
    "8:1(_)",
    "(4,8):(1,4)(1, 2, 3)",
    "(4,8):(1,4)()",
    "(4,8):(1,4)(1)(2)",
    "# complement",
    "complement(4:2)",
    "complement((4,6):(1,4))",
    "complement(4:2, 16)",
    "complement(4:2, (4,8))",
    "complement((2,2):(1,4), (4,8))",
    "complement(4:2, 0)",
    "complement(4:2, -16)",
    "complement(4:2, 7)",
    "complement(4:2, 4:1)",
    "# swizzles",
    "Sw<3,4,3>(5)",
    "Sw<3,4,3>(200)",
    "Sw<1,2,3>(-1)",
    "Sw<3, 4, 3>( 5 )",
    "Sw<3,4,3>",
    "size(Sw<3,4,3> o (8,64):(64,1))",
    "composition(Sw<3,4,3>, (8,64):(64,1))",
    "composition(Sw<3,4,3>, (8,64):(64,1))(9)",
    "# coalesce with a profile",
    "coalesce((2,(1,6)):(1,(6,2)), (1,1))",
    "coalesce((2,(1,6)):(1,(6,2)), 1)",
    "coalesce((2,(1,6)):(1,(6,2)), (1,(1,1)))",
    "coalesce((2,4,6):(1,2,8), (1,1,1))",
    "coalesce((2,4):(1,2), (1,1,1))",
    "coalesce((2,4):(1,2), _)",
    "# three-argument composition",
    "composition(16:1, 8:2, 4:2)",
    "composition((4,8):(1,4), 8:4, 2:1)",
    "composition(8:1, 4:2, (2,2))",
    "# operators",
    "8:1 o 4:2",
    "(4,8):(1,4) o (4,2):(2,8)",
    "16:1 / 4:1",
    "16:1 / <4>",
    "(4,8):(1,4) / <2:1, 4:1>",
    "4:1 * 3:4",
    "(2,2):(1,2) * 3:4",
    "16:1 / 4:1 o 2:1",
    "8:1 o 4:2 o 2:1",
    "(8:1 o 4:2) o 2:1",
    "8:1 o (4:2 o 2:1)",
    "8 o 4",
    "8 / 2",
    "8 * 2",
    "8:1o4:2",
    "8:1 o",
    "size(8:1 o 4:2)",
    "size(16:1 / 4:1)",
    "(8:1 o 4:2)(3)",
    "# no `;` in the notation",
    "size(8:1); size(4:1)",
    ";",
    "# other values and functions",
    "4",
    "(4,(3,6))",
    "_",
    "rank((4,8):(1,4))",
    "depth((4,8):(1,4))",
    "shape((4,8):(1,4))",
    "filter((4,8):(0,1))",
    "left_inverse((4,8):(1,4))",
    "zipped_divide((4,8):(1,4), <2, 4>)",
    "make_layout((4,8))",
    "# non-ASCII",
    "size(8:1) # ü",
    "é = 8:1",
    "size(８:1)",
    "size(8:1)\u{a0}",
    "# a bracket left open at the end swallows what follows",
    "size(8:1",
    "size(4:1)",
];

#[test]
fn edge_cases_agree() {
    assert!(EDGE_CASES.len() >= 150);
    let input = EDGE_CASES.join("\n") + "\n";
    // no bracket left open by mistake swallows the lines after it
    let long: Vec<_> = statements(&input)
        .into_iter()
        .filter(|s| s.text.lines().count() > 4)
        .collect();
    assert!(long.is_empty(), "unbalanced edge case: {long:?}");
    let (out, err) = both(&input);
    assert!(out.lines().any(|l| l.starts_with("error: ")));
    assert!(out.lines().any(|l| !l.starts_with("error: ")));
    assert!(!err.is_empty());
}

#[test]
fn line_endings_and_unfinished_input_agree() {
    for input in [
        "",
        "\n",
        "size(8:1)",
        "size(8:1)\nsize(4:2)",
        "size(8:1)\r\nsize(4:2)\r\n",
        "composition(8:1,\r\n4:2)\r\n",
        "size(8:1)\n\n\n",
        "size(\n8:1\n",
        "composition(8:1, <2:1,\n",
        "8:1 < 3\nsize(8:1)\n",
        ")\n)\nsize(8:1)\n",
        ">\nsize(8:1)\n",
        "# only a comment",
        "a = 8:1\nfoo\nsize(a)\nans\n",
    ] {
        both(input);
    }
}

#[test]
fn deep_and_wide_input_agrees() {
    // nesting as deep as SPEC asks for, and past the parser's limit
    for depth in [1, 8, 64, 255, 300] {
        let open = "(".repeat(depth);
        let close = ")".repeat(depth);
        both(&format!(
            "size({open}8{close}:{open}1{close})\ncoalesce({open}8{close}:{open}1{close})\n\
             {open}8{close}:{open}1{close}(3)\n"
        ));
    }
    // many modes
    let n = 62;
    let shape = vec!["2"; n].join(",");
    let stride: Vec<String> = (0..n).map(|i| (1i64 << i).to_string()).collect();
    let l = format!("({shape}):({})", stride.join(","));
    both(&format!(
        "size({l})\ncosize({l})\ncoalesce({l})\n{l}(12345)\ncomposition({l}, 64:2)\n"
    ));
}

// ---------------------------------------------------------------------------------------------
// Random statements

/// A shape or a stride: an integer or a tuple of them.
#[derive(Clone, Debug)]
enum Tree {
    Leaf(i64),
    Node(Vec<Tree>),
}

impl Tree {
    fn leaves(&self) -> Vec<i64> {
        match self {
            Tree::Leaf(v) => vec![*v],
            Tree::Node(items) => items.iter().flat_map(Tree::leaves).collect(),
        }
    }

    /// The same structure with the leaves taken in order from `values`.
    fn with_leaves(&self, values: &mut impl Iterator<Item = i64>) -> Tree {
        match self {
            Tree::Leaf(_) => Tree::Leaf(values.next().unwrap_or(1)),
            Tree::Node(items) => Tree::Node(items.iter().map(|t| t.with_leaves(values)).collect()),
        }
    }

    /// The same structure with the leaves past the first `budget` set to 1.
    fn capped(&self, budget: &mut usize) -> Tree {
        match self {
            Tree::Leaf(_) if *budget == 0 => Tree::Leaf(1),
            Tree::Leaf(v) => {
                *budget -= 1;
                Tree::Leaf(*v)
            }
            Tree::Node(items) => Tree::Node(items.iter().map(|t| t.capped(budget)).collect()),
        }
    }

    /// The top-level modes (an integer is its own one mode).
    fn modes(&self) -> Vec<Tree> {
        match self {
            Tree::Leaf(_) => vec![self.clone()],
            Tree::Node(items) => items.clone(),
        }
    }

    fn product(&self) -> i64 {
        self.leaves()
            .iter()
            .fold(1i64, |p, &v| p.saturating_mul(v.max(1)))
    }

    /// The notation, some integers written as static ones (`_4`).
    fn render(&self, rng: &mut Rng, out: &mut String) {
        match self {
            Tree::Leaf(v) => {
                if rng.chance(8) {
                    out.push('_');
                }
                let _ = write!(out, "{v}");
            }
            Tree::Node(items) => {
                out.push('(');
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    t.render(rng, out);
                }
                out.push(')');
            }
        }
    }
}

/// A small deterministic generator for the choices made while writing a statement out.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// The divisors of a (small, positive) integer.
fn divisors(n: i64) -> Vec<i64> {
    (1..=n.clamp(1, 64)).filter(|d| n % d == 0).collect()
}

/// How a layout's strides are chosen.
#[derive(Clone, Copy, Debug)]
enum Strides {
    /// Compact, column-major.
    ColumnMajor,
    /// Compact, row-major.
    RowMajor,
    /// Compact in a seeded order of the modes.
    Permuted(u64),
    /// Column-major times a factor.
    Scaled(i64),
    /// Column-major with seeded gaps between the modes.
    Gapped(u64),
    /// Column-major with seeded strides set to zero.
    Zeros(u64),
    /// Column-major with seeded strides negated.
    Negated(u64),
    /// Seeded, anything in -16..=64.
    Random(u64),
    /// Compact, but flattened or with a mode too many: not congruent to the shape.
    NotCongruent(u64),
    /// No stride: the shape alone, a LayoutLeft layout.
    ShapeOnly,
}

/// A random layout literal.
#[derive(Clone, Debug)]
struct Lay {
    shape: Tree,
    strides: Strides,
}

impl Lay {
    /// The stride tree (None for a shape alone).
    fn stride(&self) -> Option<Tree> {
        let s = self.shape.leaves();
        let n = s.len();
        let compact = |order: &[usize]| {
            let mut d = vec![0; n];
            let mut p = 1i64;
            for &k in order {
                d[k] = p;
                p = p.saturating_mul(s[k]);
            }
            d
        };
        let column: Vec<usize> = (0..n).collect();
        let col = compact(&column);
        let leaves = match self.strides {
            Strides::ShapeOnly => return None,
            Strides::ColumnMajor => col,
            Strides::RowMajor => compact(&column.iter().rev().copied().collect::<Vec<_>>()),
            Strides::Permuted(seed) => {
                let mut rng = Rng(seed);
                let mut order = column.clone();
                for i in (1..n).rev() {
                    order.swap(i, rng.below(i as u64 + 1) as usize);
                }
                compact(&order)
            }
            Strides::Scaled(f) => col.iter().map(|d| d.saturating_mul(f)).collect(),
            Strides::Gapped(seed) => {
                let mut rng = Rng(seed);
                let mut p = 1i64;
                s.iter()
                    .map(|&e| {
                        p = p.saturating_mul(rng.range(1, 3));
                        let d = p;
                        p = p.saturating_mul(e);
                        d
                    })
                    .collect()
            }
            Strides::Zeros(seed) => {
                let mut rng = Rng(seed);
                col.iter()
                    .map(|&d| if rng.chance(40) { 0 } else { d })
                    .collect()
            }
            Strides::Negated(seed) => {
                let mut rng = Rng(seed);
                col.iter()
                    .map(|&d| if rng.chance(50) { -d } else { d })
                    .collect()
            }
            Strides::Random(seed) => {
                let mut rng = Rng(seed);
                (0..n).map(|_| rng.range(-16, 64)).collect()
            }
            Strides::NotCongruent(seed) => {
                let flat = Tree::Node(col.iter().copied().map(Tree::Leaf).collect());
                return Some(if seed % 2 == 0 {
                    flat
                } else {
                    let mut modes = self.shape.with_leaves(&mut col.into_iter()).modes();
                    modes.push(Tree::Leaf(1));
                    Tree::Node(modes)
                });
            }
        };
        Some(self.shape.with_leaves(&mut leaves.into_iter()))
    }

    fn size(&self) -> i64 {
        self.shape.product()
    }

    fn render(&self, rng: &mut Rng) -> String {
        let mut out = String::new();
        self.shape.render(rng, &mut out);
        if let Some(stride) = self.stride() {
            out.push(':');
            stride.render(rng, &mut out);
        }
        out
    }
}

const LEAVES: [i64; 9] = [1, 2, 3, 4, 5, 6, 8, 16, 32];

/// Random shapes: rank 1-3 (or a bare integer), depth up to 3, leaves from [`LEAVES`], at most
/// `max_leaves` of them other than 1 (so sizes stay small enough for quick law checks in debug).
fn shape_strategy(max_leaves: usize) -> impl Strategy<Value = Tree> {
    let leaf = prop::sample::select(&LEAVES[..]).prop_map(Tree::Leaf);
    let mode = leaf.clone().prop_recursive(2, 6, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(Tree::Node)
    });
    prop_oneof![
        1 => leaf,
        4 => prop::collection::vec(mode, 1..=3).prop_map(Tree::Node),
    ]
    .prop_map(move |t| t.capped(&mut max_leaves.clone()))
}

fn strides_strategy() -> impl Strategy<Value = Strides> {
    prop_oneof![
        4 => Just(Strides::ColumnMajor),
        2 => Just(Strides::RowMajor),
        2 => any::<u64>().prop_map(Strides::Permuted),
        1 => prop::sample::select(vec![2i64, 3, 4, -1]).prop_map(Strides::Scaled),
        1 => any::<u64>().prop_map(Strides::Gapped),
        1 => any::<u64>().prop_map(Strides::Zeros),
        1 => any::<u64>().prop_map(Strides::Negated),
        2 => any::<u64>().prop_map(Strides::Random),
        1 => any::<u64>().prop_map(Strides::NotCongruent),
        1 => Just(Strides::ShapeOnly),
    ]
}

fn lay_strategy(max_leaves: usize) -> impl Strategy<Value = Lay> {
    (shape_strategy(max_leaves), strides_strategy())
        .prop_map(|(shape, strides)| Lay { shape, strides })
}

/// What a random statement does.
#[derive(Clone, Copy, Debug)]
enum Form {
    Size,
    Cosize,
    Coalesce,
    CoalesceProfile,
    Complement,
    ComplementTo,
    Composition,
    Composition3,
    LogicalDivide,
    LogicalProduct,
    RightInverse,
    At,
    AtTwo,
    AtCoordinate,
    Operator,
    Variable,
    Ans,
}

const FORMS: [Form; 17] = [
    Form::Size,
    Form::Cosize,
    Form::Coalesce,
    Form::CoalesceProfile,
    Form::Complement,
    Form::ComplementTo,
    Form::Composition,
    Form::Composition3,
    Form::LogicalDivide,
    Form::LogicalProduct,
    Form::RightInverse,
    Form::At,
    Form::AtTwo,
    Form::AtCoordinate,
    Form::Operator,
    Form::Variable,
    Form::Ans,
];

/// One random statement (or a few, for the forms with a variable or `ans`), before rendering.
#[derive(Clone, Debug)]
struct Case {
    form: Form,
    a: Lay,
    /// A random second operand, used by some of the choices of [`second`].
    b: Lay,
    seed: u64,
}

fn case_strategy() -> impl Strategy<Value = Case> {
    (
        prop::sample::select(&FORMS[..]),
        lay_strategy(6),
        lay_strategy(4),
        any::<u64>(),
    )
        .prop_map(|(form, a, b, seed)| Case { form, a, b, seed })
}

/// A divisor of `size(t)`, usually > 1: a divisor of each leaf, multiplied.
fn divisor_of(t: &Tree, rng: &mut Rng) -> i64 {
    t.leaves()
        .iter()
        .map(|&e| {
            if rng.chance(50) {
                rng.pick(&divisors(e))
            } else {
                e.max(1)
            }
        })
        .fold(1i64, |p, v| p.saturating_mul(v))
}

/// A second operand for composition, a divide or a product of `a`: a layout whose size divides
/// `size(a)` (likely valid), the random layout `b` (likely an error), a tiler, or a shape.
fn second(a: &Lay, b: &Lay, rng: &mut Rng) -> String {
    match rng.below(10) {
        0..=3 => {
            let d = divisor_of(&a.shape, rng);
            let any = rng.range(0, 8);
            let stride = rng.pick(&[1, 1, 2, a.size() / d.max(1), any]);
            if rng.chance(30) && d % 2 == 0 {
                format!("({},2):({stride},{})", d / 2, stride.saturating_mul(d / 2))
            } else {
                format!("{d}:{stride}")
            }
        }
        4 | 5 => b.render(rng),
        6..=8 => tiler(&a.shape, rng),
        _ => {
            let modes: Vec<String> = a
                .shape
                .modes()
                .iter()
                .map(|m| divisor_of(m, rng).to_string())
                .collect();
            format!("({})", modes.join(","))
        }
    }
}

/// A by-mode tiler `<…>` for a shape: per mode `_`, a divisor, a layout, or a nested tiler; now
/// and then a mode too many or too few.
fn tiler(shape: &Tree, rng: &mut Rng) -> String {
    let mut modes = shape.modes();
    if rng.chance(10) {
        modes.push(Tree::Leaf(2));
    } else if rng.chance(10) && modes.len() > 1 {
        modes.pop();
    }
    let parts: Vec<String> = modes
        .iter()
        .map(|m| match rng.below(10) {
            0 | 1 => "_".to_string(),
            2..=4 => divisor_of(m, rng).to_string(),
            5..=7 => format!("{}:{}", divisor_of(m, rng), rng.pick(&[1, 1, 2, 3])),
            8 if matches!(m, Tree::Node(_)) => tiler(m, rng),
            _ => format!("{}:{}", rng.range(1, 8), rng.range(0, 8)),
        })
        .collect();
    format!("<{}>", parts.join(", "))
}

/// A coordinate of a shape: in range mostly, past it or negative now and then, `_` rarely.
fn coordinate(t: &Tree, rng: &mut Rng) -> String {
    match t {
        _ if rng.chance(3) => "_".to_string(),
        Tree::Leaf(e) => match rng.below(20) {
            0 => e.to_string(),
            1 => (-rng.range(1, 3)).to_string(),
            _ => rng.range(0, (e - 1).max(0)).to_string(),
        },
        Tree::Node(_) if rng.chance(30) => {
            // an integer for a whole tuple mode
            rng.range(0, t.product().min(1 << 20)).to_string()
        }
        Tree::Node(items) => {
            let parts: Vec<String> = items.iter().map(|m| coordinate(m, rng)).collect();
            format!("({})", parts.join(","))
        }
    }
}

impl Case {
    /// The statement text (several lines for the forms with a variable or `ans`).
    fn render(&self) -> String {
        let mut rng = Rng(self.seed);
        let rng = &mut rng;
        let a = self.a.render(rng);
        let size = self.a.size();
        match self.form {
            Form::Size => format!("size({a})"),
            Form::Cosize => format!("cosize({a})"),
            Form::Coalesce => format!("coalesce({a})"),
            Form::CoalesceProfile => {
                let mut ones = std::iter::repeat(1);
                let mut profile = String::new();
                match rng.below(3) {
                    0 => self
                        .a
                        .shape
                        .with_leaves(&mut ones)
                        .render(rng, &mut profile),
                    1 => {
                        let modes = self.a.shape.modes().len();
                        profile = format!("({})", vec!["1"; modes].join(","));
                    }
                    _ => profile.push('1'),
                }
                format!("coalesce({a}, {profile})")
            }
            Form::Complement => format!("complement({a})"),
            Form::ComplementTo => {
                let target = match rng.below(4) {
                    0 => rng.range(-2, 64).to_string(),
                    1 => format!("({},{})", rng.range(1, 8), rng.range(1, 16)),
                    _ => (size.saturating_mul(rng.range(1, 4))).to_string(),
                };
                format!("complement({a}, {target})")
            }
            Form::Composition => format!("composition({a}, {})", second(&self.a, &self.b, rng)),
            Form::Composition3 => {
                let b = second(&self.a, &self.b, rng);
                let c = rng.pick(&["2:1", "1:0", "2:2", "<2>", "(2,2)"]);
                format!("composition({a}, {b}, {c})")
            }
            Form::LogicalDivide => {
                format!("logical_divide({a}, {})", second(&self.a, &self.b, rng))
            }
            Form::LogicalProduct => {
                format!("logical_product({a}, {})", second(&self.a, &self.b, rng))
            }
            Form::RightInverse => format!("right_inverse({a})"),
            Form::At => {
                let i = match rng.below(10) {
                    0 => size,
                    1 => -rng.range(1, 3),
                    2 => size.saturating_add(rng.range(1, 100)),
                    _ => rng.range(0, (size - 1).clamp(0, 1 << 20)),
                };
                format!("{a}({i})")
            }
            Form::AtTwo => {
                let modes = self.a.shape.modes();
                let m = rng.range(0, (modes[0].product() - 1).clamp(0, 1 << 20));
                let n = match modes.get(1) {
                    Some(t) if rng.chance(90) => rng.range(0, (t.product() - 1).clamp(0, 1 << 20)),
                    _ => rng.range(0, 4),
                };
                format!("{a}({m}, {n})")
            }
            Form::AtCoordinate => {
                let parts: Vec<String> = self
                    .a
                    .shape
                    .modes()
                    .iter()
                    .map(|m| coordinate(m, rng))
                    .collect();
                format!("{a}({})", parts.join(", "))
            }
            Form::Operator => {
                let op = rng.pick(&["o", "/", "*"]);
                format!("{a} {op} {}", second(&self.a, &self.b, rng))
            }
            Form::Variable => {
                let name = if rng.chance(5) {
                    "size" // a function's name: the assignment fails
                } else {
                    rng.pick(&["x", "L", "layout_1", "o_o"])
                };
                let b = second(&self.a, &self.b, rng);
                let f = rng.pick(&["size", "cosize", "coalesce", "right_inverse"]);
                format!("{name} = {a}\n{f}({name})\ncomposition({name}, {b})\n{name}(1)")
            }
            Form::Ans => {
                let f = rng.pick(&["coalesce", "right_inverse", "complement", "size"]);
                let g = rng.pick(&["size", "cosize", "coalesce"]);
                format!("{f}({a})\n{g}(ans)\nans\nans(0)")
            }
        }
    }
}

/// `text` with random whitespace where the notation allows it (after `(`, `<` and `,`, before
/// `)`, `>` and `,`, at both ends; a newline only where a bracket is open, so the statement
/// continues), and now and then a trailing comment.
fn sprinkle(text: &str, seed: u64) -> String {
    let mut rng = Rng(seed);
    let density = rng.pick(&[0, 0, 0, 10, 40]);
    let ws = |rng: &mut Rng, newline: bool| -> String {
        if !rng.chance(density) {
            return String::new();
        }
        match rng.below(12) {
            0 if newline => "\n".to_string(),
            1 if newline => "\n  ".to_string(),
            2 | 3 => "\t".to_string(),
            4 => "  ".to_string(),
            5 => " \t ".to_string(),
            _ => " ".to_string(),
        }
    };
    let mut out = String::new();
    for line in text.split('\n') {
        let mut s = ws(&mut rng, false);
        for c in line.chars() {
            if matches!(c, ')' | '>' | ',') {
                s.push_str(&ws(&mut rng, false));
            }
            s.push(c);
            if matches!(c, '(' | '<' | ',') {
                s.push_str(&ws(&mut rng, true));
            }
        }
        s.push_str(&ws(&mut rng, false));
        if rng.chance(density / 4) {
            s.push_str(" # a comment");
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&s);
    }
    out
}

/// A batch of 25-75 random statements, written out as one input (proptest shrinks the batch and
/// reports the smallest failing input as text).
fn batch_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec((case_strategy(), any::<u64>()), 25..=75).prop_map(|batch| {
        let mut input = String::new();
        for (case, ws_seed) in &batch {
            input.push_str(&sprinkle(&case.render(), *ws_seed));
            input.push('\n');
        }
        input
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_statements_agree(input in batch_strategy()) {
        both(&input);
    }
}
