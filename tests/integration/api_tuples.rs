//! CuTe API, part 1: the tuples group (issue 15): CuTe's IntTuple functions (`int_tuple.hpp`,
//! `algorithm/tuple_algorithms.hpp`, `stride.hpp`). The random cases CuTe answered are in
//! `tests/oracle/api_tuples/` (run by `golden`); here: CuTe's own examples, the laws as
//! properties, and bad input.

use cute::algebra::tuple_algorithms as ta;
use cute::algebra::{IntTuple, Layout, coord};
use proptest::prelude::*;

use crate::helpers::{check_pairs, eval_line};

#[test]
fn cute_examples() {
    check_pairs(
        "tuples examples",
        &[
            // int_tuple.hpp's shape_div comment: shape_div((4,5,6),40) -> (1,1,3)
            ("shape_div((4,5,6), 40)", "(1,1,3)"),
            ("product((2,(3,4)))", "24"),
            ("product(())", "1"),
            ("product_each((2,(3,4)))", "(2,12)"),
            ("product_each(5)", "(5)"),
            ("product_like((2,(3,4),5), (1,1,1))", "(2,12,5)"),
            ("product_like((2,(3,4),5), (1,(1,1),1))", "(2,(3,4),5)"),
            ("sum((2,(3,4)))", "9"),
            ("inner_product((2,(3,4)), (5,(6,7)))", "56"),
            ("ceil_div((4,(5,7)), (3,2))", "(2,(3,7))"),
            ("ceil_div((4,5), 3)", "(2,5)"),
            ("ceil_div(7, (2,2))", "2"),
            ("ceil_div((8,6), 4:1)", "12"),
            ("round_up((4,5), (3))", "(6,5)"),
            ("round_up(-7, 2)", "-6"),
            ("elem_scale((4,6), (2,(2,3)))", "(8,36)"),
            ("weakly_congruent(2, (1,3))", "true"),
            ("weakly_congruent((1,3), 2)", "false"),
            ("is_weakly_congruent((1,3), (1,(3,4)))", "true"),
            ("evenly_divides((8,6), (4,3))", "true"),
            ("evenly_divides((8,6), (4,4))", "false"),
            ("evenly_divides((8,6), 16)", "true"),
            ("evenly_divides((8,6), make_tile(4:1, 3:2))", "true"),
            ("lex_less((1,2), (1,2,0))", "true"),
            ("colex_less((2,3), (1,2,3))", "true"),
            ("elem_less((1,2,1), (2,3))", "false"),
            ("max((2,(7,4)), 5)", "7"),
            ("min(-2, (5,(1,9)))", "-2"),
            ("gcd((6,(9,12)))", "3"),
            ("gcd(-4, -6)", "-2"),
            ("abs(-3)", "3"),
            ("reverse((4,(2,3),8))", "(8,(2,3),4)"),
            ("unwrap((((4))))", "4"),
            ("unwrap(((4,3)))", "(4,3)"),
            ("wrap(4)", "(4)"),
            ("repeat_like((4,(2,3)), 0)", "(0,(0,0))"),
            ("repeat_like((4,5), (1,2))", "((1,2),(1,2))"),
            ("front(((4,2),8))", "4"),
            ("back(((4,2),(8,3)))", "3"),
            ("front((4,8):(1,4))", "(4,8):(1,4)"),
            ("insert<1>((4,5), 7)", "(4,7,5)"),
            ("insert<2>((4,5), 7)", "(4,5,7)"),
            ("insert((4,5), (7,8), 0)", "((7,8),4,5)"),
            ("insert<1>((4,8), 2:1)", "(4,2:1,8)"),
            ("remove<1>((4,5,6))", "(4,6)"),
            ("remove<0>((4))", "()"),
            ("remove((4,5), 2)", "(4,5)"),
            ("compact_col_major((4,(1,3),5))", "(1,(0,4),12)"),
            ("compact_row_major((4,(1,3),5))", "(15,(0,5),1)"),
            ("compact_col_major((4,3), 2)", "(2,8)"),
            ("compact_col_major((4,(3,2)), (2,5))", "(2,(5,15))"),
            ("compact_order((4,3,5), (1,0,2))", "(3,1,12)"),
            ("compact_order((4,(3,2),5), (1,(0,3),2))", "(3,(1,60),12)"),
            ("compact_order((4,3,5), (1,1,0))", "(5,5,1)"),
            ("compact_order((4,3,5), LayoutRight)", "(15,5,1)"),
            ("crd2crd((1,(1,2)), (4,(2,3)), (4,6))", "(1,5)"),
            ("crd2crd(5, (4,3), (2,6))", "(1,2)"),
            ("crd2crd((1,2), (4,3), 12)", "9"),
            // C++ spellings
            (
                "insert<1>(make_shape(Int<4>{}, Int<5>{}), Int<7>{})",
                "(4,7,5)",
            ),
            ("remove<_0>(Shape<_4,_5>{})", "(5)"),
            ("cute::product(Shape<_2,Shape<_3,_4>>{});", "24"),
        ],
    );
}

#[test]
fn repeat_like_stays_within_the_limits() {
    let row = format!("({})", vec!["1"; 32].join(","));
    let mut env = cute::eval::Env::new();
    env.run(&format!("a = repeat_like({row}, {row})")).unwrap();
    assert!(env.run("size(a)").is_ok());
    let Err(e) = env.run("repeat_like(a, a)") else {
        panic!("repeat_like(a, a) is too large")
    };
    assert!(e.message.contains("limit"), "{}", e.message);
}

#[test]
fn refusals_name_the_condition() {
    for (stmt, needle) in [
        ("inner_product((2,3), (5,6,7))", "mismatched ranks"),
        ("inner_product(2, (5,6))", "not congruent"),
        ("ceil_div((4,5), (3,2,1))", "mismatched ranks"),
        ("round_up((4,5), 3)", "one is a tuple, the other an integer"),
        ("shape_div(6, 4)", "divisibility"),
        ("elem_scale((4,6), 2)", "integer"),
        ("lex_less(1, (1,3))", "operator<"),
        ("elem_less((1,(2,3)), (2,4))", "operator<"),
        ("max(())", "empty tuple"),
        ("abs((2,-3))", "abs"),
        ("front(())", "out of range"),
        ("back((4,()))", "out of range"),
        ("insert<3>((4,5), 7)", "out of range"),
        ("insert<0>(4, 7)", "not a tuple"),
        ("remove<3>((4,5))", "out of range"),
        ("remove<1>((4,8):(1,4))", "not a tuple"),
        ("compact_col_major(4, (2,5))", "invalid parameters"),
        ("compact_col_major((4,3), (2,5,1))", "mismatched ranks"),
        ("compact_col_major((4,0))", "non-positive"),
        ("compact_order((4,3), (1,0,2))", "tuple_size"),
        ("compact_order((4,3), Foo)", "major tag"),
        ("crd2crd((1,2), 12, (2,6))", "invalid parameters"),
        ("crd2crd((1,2), (4,3,2), (2,6))", "mismatched ranks"),
        ("ceil_div((4,5), 0)", "division by zero"),
        ("product((4611686018427387904,4))", "overflow"),
        ("gcd(-9223372036854775808, -1)", "overflow"),
        ("insert((4,5), 7)", "takes 3"),
    ] {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: ") && got.to_lowercase().contains(&needle.to_lowercase()),
            "{stmt}: {got} (wanted an error naming {needle:?})"
        );
    }
}

/// A random IntTuple of positive integers, nested up to 3 levels.
fn tuple_strategy(max: i64) -> impl Strategy<Value = IntTuple> {
    let leaf = (1..=max).prop_map(IntTuple::int);
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 0..=3).prop_map(IntTuple::tuple)
    })
}

/// A random IntTuple of non-empty tuples (so front/back and the reductions are defined).
fn nonempty_strategy(max: i64) -> impl Strategy<Value = IntTuple> {
    let leaf = (-max..=max).prop_map(IntTuple::int);
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(IntTuple::tuple)
    })
}

fn eval(l: &Layout) -> Vec<i64> {
    (0..l.size().unwrap()).map(|i| l.at(i).unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn ceil_div_and_round_up_laws(a in 1i64..200, b in 1i64..20) {
        let (ta_, tb) = (IntTuple::int(a), IntTuple::int(b));
        let q = ta::ceil_div(&ta_, &tb).unwrap().as_int().unwrap();
        let r = ta::round_up(&ta_, &tb).unwrap().as_int().unwrap();
        // ceil_div(a,b) * b is the least multiple of b that is >= a, and that is round_up(a, b)
        prop_assert_eq!(q * b, r);
        prop_assert!(r >= a && r - a < b && r % b == 0);
    }

    #[test]
    fn ceil_div_by_modes_covers(a in tuple_strategy(12), b in 1i64..8) {
        // folding an integer through the modes: where b divides a as a shape (shape_div's
        // divisibility condition holds and b divides size(a)), ceil_div is shape_div and
        // product(ceil_div(a, b)) * b == product(a)
        prop_assume!(!a.is_int());
        let q = ta::ceil_div(&a, &IntTuple::int(b)).unwrap();
        prop_assert_eq!(q.rank(), a.rank());
        let p = ta::product(&a).unwrap();
        if let Ok(s) = ta::shape_div(&a, &IntTuple::int(b))
            && p % b == 0
        {
            prop_assert_eq!(&q, &s);
            prop_assert_eq!(ta::product(&q).unwrap() * b, p);
        }
    }

    #[test]
    fn round_up_by_modes(a in prop::collection::vec(1i64..50, 1..4), b in prop::collection::vec(1i64..9, 1..4)) {
        prop_assume!(b.len() <= a.len());
        let ta_: IntTuple = a.iter().map(|&x| IntTuple::int(x)).collect();
        let tb: IntTuple = b.iter().map(|&x| IntTuple::int(x)).collect();
        let r = ta::round_up(&ta_, &tb).unwrap();
        for (i, &x) in a.iter().enumerate() {
            let y = b.get(i).copied().unwrap_or(1);
            let ri = r.mode(i).unwrap().as_int().unwrap();
            prop_assert!(ri >= x && ri % y == 0 && ri - x < y);
        }
    }

    #[test]
    fn reverse_is_an_involution(t in tuple_strategy(9)) {
        prop_assert_eq!(ta::reverse(&ta::reverse(&t)), t.clone());
        prop_assert_eq!(ta::product(&ta::reverse(&t)).unwrap(), ta::product(&t).unwrap());
    }

    #[test]
    fn unwrap_undoes_wrap(t in tuple_strategy(9)) {
        prop_assert_eq!(ta::unwrap(&ta::wrap(&t)), ta::unwrap(&t));
        prop_assert!(!ta::wrap(&t).is_int());
        // unwrap(wrap(x)) == x for an integer and for a tuple of rank other than 1
        if t.rank() != 1 || t.is_int() {
            prop_assert_eq!(ta::unwrap(&ta::wrap(&t)), t.clone());
        }
    }

    #[test]
    fn product_laws(t in tuple_strategy(6)) {
        let p = ta::product(&t).unwrap();
        prop_assert_eq!(ta::product(&ta::product_each(&t).unwrap()).unwrap(), p);
        prop_assert_eq!(ta::product(&ta::product_like(&t, &t).unwrap()).unwrap(), p);
        prop_assert_eq!(ta::product_like(&t, &t).unwrap(), t.clone());
        prop_assert!(ta::weakly_congruent(&IntTuple::int(1), &t));
        prop_assert!(ta::weakly_congruent(&t, &t));
        prop_assert_eq!(ta::inner_product(&t, &ta::repeat_like(&t, &IntTuple::int(1))).unwrap().value, ta::sum(&t).unwrap().value);
    }

    #[test]
    fn compact_col_major_is_a_bijection(s in tuple_strategy(5)) {
        let n = ta::product(&s).unwrap();
        prop_assume!(n <= 4096);
        let d = ta::compact_major(&s, &IntTuple::int(1), ta::Major::Left).unwrap();
        let l = Layout::new(s.clone(), d.clone()).unwrap();
        let mut v = eval(&l);
        // column-major: L(i) == i, so the first non-size-1 leaf has stride 1
        prop_assert_eq!(&v, &(0..n).collect::<Vec<_>>());
        if let Some(i) = s.leaf_iter().position(|x| x != 1) {
            prop_assert_eq!(d.leaf_iter().nth(i), Some(1));
        }
        let r = ta::compact_major(&s, &IntTuple::int(1), ta::Major::Right).unwrap();
        v = eval(&Layout::new(s.clone(), r).unwrap());
        v.sort();
        prop_assert_eq!(v, (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn compact_order_is_a_bijection(s in prop::collection::vec(1i64..6, 1..5), seed in any::<u64>()) {
        let n = s.len();
        let mut order: Vec<i64> = (0..n as i64).collect();
        let mut x = seed;
        for i in (1..n).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            order.swap(i, (x >> 33) as usize % (i + 1));
        }
        let sh: IntTuple = s.iter().map(|&v| IntTuple::int(v)).collect();
        let o: IntTuple = order.iter().map(|&v| IntTuple::int(v)).collect();
        let d = ta::compact_order(&sh, &o).unwrap();
        let mut v = eval(&Layout::new(sh.clone(), d).unwrap());
        v.sort();
        prop_assert_eq!(v, (0..ta::product(&sh).unwrap()).collect::<Vec<_>>());
    }

    #[test]
    fn crd2crd_keeps_the_index(s in tuple_strategy(5), i in 0i64..10_000) {
        prop_assume!(!s.is_int() && s.leaf_count() > 0);
        let n = ta::product(&s).unwrap();
        prop_assume!(n <= 4096);
        let i = i % n;
        let c = coord::idx2crd(&IntTuple::int(i), &s).unwrap();
        let flat = s.flatten();
        let d = ta::crd2crd(&c, &s, &IntTuple::int(n)).unwrap();
        prop_assert_eq!(d.as_int(), Some(i));
        let back = ta::crd2crd(&IntTuple::int(i), &IntTuple::int(n), &flat).unwrap();
        prop_assert_eq!(ta::crd2idx_shape(&back, &flat).unwrap().value, i);
    }

    #[test]
    fn comparisons_are_strict_orders(a in nonempty_strategy(3), vals in prop::collection::vec(-3i64..4, 64)) {
        // b: a's profile with other values
        let mut it = vals.into_iter().cycle();
        let b = a.map_leaves(&mut |_| Ok(it.next().unwrap())).unwrap();
        type Less = fn(&cute::algebra::Tup, &cute::algebra::Tup) -> cute::algebra::Result<cute::algebra::Truth>;
        let less = |f: Less, x: &IntTuple, y: &IntTuple| f(x, y).unwrap().value;
        for f in [ta::lex_less as Less, ta::colex_less, ta::elem_less] {
            prop_assert!(!less(f, &a, &a));
            prop_assert!(!(less(f, &a, &b) && less(f, &b, &a)));
        }
        // lex_less is total on congruent tuples
        prop_assert!(a == b || less(ta::lex_less, &a, &b) || less(ta::lex_less, &b, &a));
        // elem_less implies both others
        if less(ta::elem_less, &a, &b) && a.leaf_count() > 0 {
            prop_assert!(less(ta::lex_less, &a, &b) && less(ta::colex_less, &a, &b));
        }
    }

    #[test]
    fn reductions_bound_the_leaves(a in nonempty_strategy(50)) {
        prop_assume!(a.leaf_count() > 0 && !has_empty(&a));
        let mx = ta::Reduce::Max.over(&[&a]).unwrap().value;
        let mn = ta::Reduce::Min.over(&[&a]).unwrap().value;
        prop_assert_eq!(mx, a.leaf_iter().max().unwrap());
        prop_assert_eq!(mn, a.leaf_iter().min().unwrap());
        let g = ta::Reduce::Gcd.over(&[&a]).unwrap().value;
        for v in a.leaf_iter() {
            prop_assert!(g == 0 && v == 0 || g != 0 && v % g == 0);
        }
        prop_assert_eq!(ta::front(&a).unwrap().value, a.leaf_iter().next().unwrap());
        prop_assert_eq!(ta::back(&a).unwrap().value, a.leaf_iter().last().unwrap());
    }

    #[test]
    fn insert_then_remove(t in tuple_strategy(9), x in tuple_strategy(9), n in 0usize..5) {
        prop_assume!(!t.is_int() && n <= t.rank());
        let i = ta::insert(&t, &x, n).unwrap();
        prop_assert_eq!(i.rank(), t.rank() + 1);
        prop_assert_eq!(i.mode(n).unwrap(), &*x);
        prop_assert_eq!(ta::remove(&i, n).unwrap(), t.clone());
    }

    #[test]
    fn no_input_panics(a in nonempty_strategy(1 << 40), b in nonempty_strategy(1 << 40), n in 0usize..4) {
        let _ = ta::ceil_div(&a, &b);
        let _ = ta::round_up(&a, &b);
        let _ = ta::shape_div(&a, &b);
        let _ = ta::elem_scale(&a, &b);
        let _ = ta::inner_product(&a, &b);
        let _ = ta::product(&a);
        let _ = ta::evenly_divides(&a, &b);
        let _ = ta::Reduce::Gcd.over(&[&a, &b]);
        let _ = ta::compact_order(&a, &b);
        let _ = ta::compact_major(&a, &b, ta::Major::Right);
        let _ = ta::crd2crd(&a, &b, &a);
        let _ = ta::insert(&a, &b, n);
        let _ = ta::remove(&a, n);
    }
}

fn has_empty(t: &cute::algebra::Tup) -> bool {
    match t.view() {
        cute::algebra::View::Int(_) => false,
        cute::algebra::View::Tuple(m) => m.is_empty() || m.iter().any(has_empty),
    }
}
