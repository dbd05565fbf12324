//! Basis strides (`1@0`), identity layouts and identity tensors (issues 15 and 16): CuTe's own
//! examples, `parse(print(x)) == x` in the plain and C++ notations, the identity's law, and bad
//! input. The differential set is `tests/oracle/api_basis/` (run by the golden tests).

use cute::algebra::{IntTuple, Layout};
use cute::eval::{Env, Outcome};
use cute::render::{code, plain};
use proptest::prelude::*;

use crate::helpers::eval_line;

fn read_back(text: &str) -> String {
    match Env::new().run(text) {
        Ok(Outcome::Value(v)) => plain::render(&v),
        other => panic!("{text:?} does not read back: {other:?}"),
    }
}

#[test]
fn cute_documentation_examples() {
    // CuTe's tensor tutorial (0y_predication): the identity tensor of a 2-D shape and its tiles
    for (stmt, want) in [
        ("make_identity_layout((4,8))", "(4,8):(1@0,1@1)"),
        (
            "make_identity_tensor((4,8))",
            "ArithTuple(0,0) o (4,8):(1@0,1@1)",
        ),
        ("make_identity_tensor((4,8))(3,2)", "(3,2)"),
        ("make_identity_tensor((4,8))(5)", "(1,1)"),
        (
            "make_identity_layout(((2,3),4))",
            "((2,3),4):((1@0@0,1@1@0),1@1)",
        ),
        ("make_identity_layout(((2,3),4))(5)", "((1,2),0)"),
        ("make_identity_layout(4)", "4:1"),
        ("make_identity_tensor(4)", "ArithTuple0 o 4:1"),
        ("make_basis_like((4,(2,3)))", "(1@0,(1@0@1,1@1@1))"),
        (
            "local_tile(make_identity_tensor((64,64)), (16,32), (1,1))",
            "ArithTuple(16,32) o (16,32):(1@0,1@1)",
        ),
        (
            "tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1)).thread(7).partition_C(make_identity_tensor((64,32)))",
            "ArithTuple(1,6) o ((2,2),2,2):((1@1,8@0),32@0,16@1)",
        ),
        ("coalesce((4,8):(1@0,4@0))", "32:1@0"),
        ("coalesce(make_identity_layout((4,8)))", "(4,8):(1@0,1@1)"),
        ("(4,8):(1@0,0)(5)", "1@0"),
        ("E<1,0>{}", "1@0@1"),
        ("Int<3>{} * E<1>{}", "3@1"),
        ("1@0 + 1@1", "(1,1)"),
        (
            "Layout<Shape<_4,_8>,Stride<E<0>,ScaledBasis<_2,1>>>{}",
            "(4,8):(1@0,2@1)",
        ),
        (
            "make_tensor(make_inttuple_iter(make_coord(2,3)), (4,8):(1@0,1@1))",
            "ArithTuple(2,3) o (4,8):(1@0,1@1)",
        ),
    ] {
        assert_eq!(eval_line(stmt), want, "{stmt}");
    }
}

#[test]
fn the_cpp_form_reads_back() {
    for stmt in [
        "make_identity_layout(((2,3),4))",
        "make_identity_tensor((4,8))",
        "local_tile(make_identity_tensor((64,64)), (16,32), (1,1))",
        "(4,8):(3@0,2@1@0)",
        "make_identity_layout((4,8))(5)",
        "(4,8):(1@0,0)(5)",
    ] {
        let Ok(Outcome::Value(v)) = Env::new().run(stmt) else {
            panic!("{stmt}")
        };
        let text = code::cpp(&v).expect("a C++ form");
        assert_eq!(read_back(&text), plain::render(&v), "{stmt}: {text}");
        // no DSL spelling of basis elements is modelled: an error that says so, never a wrong text
        if v.has_basis() {
            assert!(code::dsl(&v).is_err(), "{stmt}");
        }
    }
}

#[test]
fn bad_input_names_the_condition() {
    for (stmt, needle) in [
        ("complement(make_identity_layout((4,8)))", "does not take"),
        ("(4,8):(1@0,1)(5)", "ScaledBasis op+ error"),
        (
            "make_identity_layout((((((2)))),3))",
            "deeper than the 4 levels",
        ),
        ("(4,8):(1@300,1@1)", "outside 0..=126"),
        ("(4,8):(1@,1@1)", "mode index after '@'"),
        ("(4@0,8):(1,1)", "basis element"),
        ("product(1@0)", "does not take a basis element"),
        ("1@0 - 1", "not defined on basis elements"),
        ("composition(4:1, make_identity_layout(4))", "4:1"),
        // CuTe 4.7: a right side with basis strides composes A's modes (cute-oracle)
        ("composition((4,8):(1,4), (4,8):(1@0,1@1))", "(4,8):(1,4)"),
        (
            "composition((4,8):(1,4), (4,2):(1@1,3))",
            "mixes the integer stride 3 with basis strides",
        ),
        ("132 o make_identity_layout((4,8))", "make_identity_tensor"),
        ("1@0 * 1@1", "one side must be an integer"),
    ] {
        let got = eval_line(stmt);
        assert!(got.contains(needle), "{stmt}: {got}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The identity's law: `make_identity_layout(S)` maps index `i` to `idx2crd(i, S)`, each
    /// coordinate to itself (CuTe's arithmetic tuple prints as the coordinate).
    #[test]
    fn the_identity_maps_each_index_to_its_coordinate(
        dims in prop::collection::vec(1i64..=6, 2..=3),
        nest in any::<bool>(),
        pick in 0u64..1000,
    ) {
        let shape = if nest && dims.len() == 3 {
            IntTuple::tuple([
                IntTuple::tuple(dims[..2].iter().map(|&d| IntTuple::int(d))),
                IntTuple::tuple(dims[2..].iter().map(|&d| IntTuple::int(d))),
            ])
        } else {
            IntTuple::tuple(dims.iter().map(|&d| IntTuple::int(d)))
        };
        let id = Layout::identity(&shape).unwrap();
        let n = id.size().unwrap();
        let i = (pick as i64) % n;
        let got = id.eval_index(&IntTuple::int(i)).unwrap();
        let want = cute::algebra::coord::idx2crd(&IntTuple::int(i), &shape).unwrap();
        // (of rank 2 or more: with one mode CuTe's sum is a single scaled basis element `c@0`)
        prop_assert_eq!(got.to_string().replace(' ', ""), want.to_string());
        // the tensor's element is the same coordinate
        let t = eval_line(&format!("make_identity_tensor({shape})({i})"));
        prop_assert_eq!(t, want.to_string());
    }

    /// Composition with the identity on the left is B itself, seen as coordinates: for every
    /// index, `(I o B)(i) == I(B(i))` (the law cute checks on each component).
    #[test]
    fn composing_the_identity_agrees_pointwise(a in 1i64..=4, b in 1i64..=4, k in 0u64..64) {
        let shape = IntTuple::tuple([IntTuple::int(1 << a), IntTuple::int(1 << b)]);
        let id = Layout::identity(&shape).unwrap();
        let n = 1i64 << (a + b);
        let rhs = Layout::new(IntTuple::int(n / 2), IntTuple::int(2)).unwrap();
        let r = cute::algebra::composition::compose(&id, &rhs).unwrap();
        let i = (k as i64) % (n / 2);
        let lhs = r.eval_index(&IntTuple::int(i)).unwrap();
        let direct = id.eval_index(&IntTuple::int(rhs.at(i).unwrap())).unwrap();
        // equal as coordinates (a sum of one basis element prints as `c@1`, of two as a tuple)
        let zero = IntTuple::tuple([IntTuple::int(0), IntTuple::int(0)]);
        let as_tuple = |x: &IntTuple| cute::algebra::basis::index_add(x, &zero).unwrap();
        prop_assert_eq!(as_tuple(&lhs), as_tuple(&direct));
    }
}
