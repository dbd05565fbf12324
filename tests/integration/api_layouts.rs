//! CuTe API, part 1: the layouts group (issue 15). Cases from CuTe's docs and headers, the laws
//! of each function as properties, and bad input (errors, never panics). The oracle's random
//! cases are in tests/oracle/api_layouts/ (run by `golden`).

use cute::algebra::layout_ops as ops;
use cute::algebra::{IntTuple, Layout};
use proptest::prelude::*;

use crate::helpers::{check_pairs, eval_line, layout_strategy};

#[test]
fn cases_from_cutes_headers() {
    check_pairs(
        "layout.hpp",
        &[
            // make_layout_like's comment in layout.hpp
            (
                "make_layout_like(Layout<Shape<_2,_2,_2,_2>, Stride<_0,_2,_4,_1>>{})",
                "(2,2,2,2):(0,2,4,1)",
            ),
            // domain_distribute's comment: (_3,_2):(_1,_15)
            ("domain_distribute((15,14), 6)", "(3,2):(1,15)"),
            ("nullspace((4,2,3):(1,0,0))", "(2,3):(4,8)"),
            ("nullspace((4,8):(1,4))", "1:0"),
            ("coshape((4,8):(2,16))", "119"),
            ("coprofile((4,8):(2,16))", "0"),
            ("slice((1,(_,2)), (4,(2,3)):(1,(4,8)))", "(2):(4)"),
            ("dice((1,(_,2)), (4,(2,3)):(1,(4,8)))", "(4,3):(1,8)"),
            ("dice(2, (4,8):(1,4))", "(4,8):(1,4)"),
            ("domain_offset((1,2), (4,8):(1,4))", "((4,8):(1,4),9)"),
            (
                "unflatten((4,2,3):(1,4,8), (0,(0,0)))",
                "(4,(2,3)):(1,(4,8))",
            ),
            ("replace<1>((4,8,2):(1,4,32), 3:100)", "(4,3,2):(1,100,32)"),
            ("append<4>((4,8):(1,4))", "(4,8,1,1):(1,4,0,0)"),
            ("append<4>((4,8):(1,4), 2:3)", "(4,8,2,2):(1,4,3,3)"),
            ("prepend<3>((4,8):(1,4))", "(1,4,8):(0,1,4)"),
            ("append<2>((4,8):(1,4))", "(4,8):(1,4)"),
            ("append((4,8):(1,4), 2:32)", "(4,8,2):(1,4,32)"),
            ("filter_zeros((4,2,3):(1,0,4))", "(4,1,3):(1,0,4)"),
            (
                "zip(((4,2),(8,3)):((1,4),(8,64)))",
                "((4,8),(2,3)):((1,8),(4,64))",
            ),
            (
                "tile_unzip(logical_divide((8,24):(1,8), (4,8)), (4,8))",
                "zipped_divide((8,24):(1,8), (4,8))",
            ),
            ("((4,8):(1,4)).with_shape((2,16))", "(2,16):(1,2)"),
            ("((4,8):(1,4)).with_shape(2,16)", "(2,16):(1,2)"),
            ("((4,8):(8,1)).get_hier_coord(9)", "(1,1)"),
            ("((4,8):(8,1)).get_1d_coord(9)", "5"),
            ("((4,(2,4)):(8,(1,2))).get_flat_coord(9)", "(1,1)"),
            // a layout as tile_unzip's tiler is one leaf (checked with cute-oracle)
            (
                "tile_unzip(((2,2),(4,2)):((1,8),(2,16)), (2,4):(1,2))",
                "((2,2),(4,2)):((1,8),(2,16))",
            ),
            (
                "tile_unzip(((2,2),(4,2)):((1,8),(2,16)), <2:1, 4:1>)",
                "((2,4),(2,2)):((1,2),(8,16))",
            ),
            ("tile_unzip((2,2):(1,8), 2:1)", "(2,2):(1,8)"),
            // C++'s members of Layout
            ("((4,8):(1,4)).shape()", "(4,8)"),
            ("((4,8):(1,4)).stride()", "(1,4)"),
            (
                "((12,(4,8)):(59,(13,1))).compose(3:4, 8:2)",
                "(3,(2,4)):(236,(26,1))",
            ),
            ("((8,24):(1,8)).tile(4, 8)", "((4,8),2,3):((1,8),4,64)"),
            // the CuTe DSL's keywords: append(input, elem, up_to_rank)
            (
                "append((4,8):(1,4), 2:3, up_to_rank=4)",
                "(4,8,2,2):(1,4,3,3)",
            ),
            (
                "cute.prepend((4,8):(1,4), elem=2:3, up_to_rank=3)",
                "(2,4,8):(3,1,4)",
            ),
            ("append(input=(4,8):(1,4), elem=2:3)", "(4,8,2):(1,4,3)"),
            (
                "cute.dice((4,(2,3)):(1,(4,8)), (1,(None,2)))",
                "(4,3):(1,8)",
            ),
            (
                "cute.filter_zeros((4,2):(0,1), target_profile=(0,1))",
                "(1,2):(0,1)",
            ),
            // C++'s template argument N: append<N>(L) pads with 1:0
            ("append<3>((4,8):(1,4))", "(4,8,1):(1,4,0)"),
            ("append((4,8):(1,4), 3)", "(4,8,3):(1,4,1)"),
            // IntTuples
            ("slice((1,_), (4,8))", "(8)"),
            ("dice((1,_), (4,8))", "(4)"),
            ("zip(((4,2),(8,3)))", "((4,8),(2,3))"),
            ("filter_zeros((0,2))", "(1,2)"),
            ("filter_zeros((0,2), (4,8))", "(1,8)"),
            ("unflatten((4,2,3), (0,(0,0)))", "(4,(2,3))"),
            ("replace<1>((4,8), 2)", "(4,2)"),
            // negative strides (CuTe orders them as integers)
            ("make_layout_like((4,8,2):(-1,8,-64))", "(4,8,2):(2,8,1)"),
            ("make_fragment_like((4,8,2):(-1,8,-64))", "(4,8,2):(1,8,4)"),
            ("coshape((4,8):(-1,8))", "60"),
            // the projection of local_tile is dice
            (
                "local_tile((8,24):(1,8), (4,8,2), (1,2,0), (1,_,1))",
                "4 o (4,2):(1,8)",
            ),
        ]
        .map(|(s, w)| {
            // an expected statement is evaluated (cute's own answer for an equivalent call)
            let want = if w.contains('(') && w.contains("divide") {
                eval_line(w)
            } else {
                w.to_string()
            };
            (s.to_string(), want)
        }),
    );
}

#[test]
fn refusals_name_the_condition() {
    for (stmt, needle) in [
        ("append<1>((4,8):(1,4))", "N = 1 is less than rank 2"),
        ("prepend<1>((4,8):(1,4))", "N = 1 is less than rank 2"),
        ("replace<3>((4,8):(1,4), 2:1)", "N = 3 is past the modes"),
        ("replace<1>(4:1, 2:1)", "N == 0"),
        (
            "unflatten((4,2,3):(1,4,8), (0,0))",
            "3 elements but the profile",
        ),
        ("zip(((4,2),8):((1,4),8))", "mismatched ranks"),
        ("tile_unzip((4,8):(1,4), (4,8))", "not of rank 2"),
        ("filter((4,8):(1,4), (0,0,0))", "more modes"),
        ("domain_distribute((4,8), (2,2))", "integer B"),
        ("domain_offset((_,1), (4,8):(1,4))", "without `_`"),
        ("((4,8):(1,4)).get_hier_coord(1, 2)", "one argument"),
        ("((4,8):(1,4)).with_shape((0,2))", "non-positive"),
        ("append<99999999999>((4,8):(1,4))", "limit"),
    ] {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(needle),
            "{stmt}: {got} (want an error naming {needle:?})"
        );
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for stmt in [
        "nullspace(_)",
        "make_layout_like(1, 2)",
        "coshape((4,8))",
        "slice((1,2,3), (4,8):(1,4))",
        "dice((1,2,3), (4,8):(1,4))",
        "unflatten(4:1, 4)",
        "replace<-1>((4,8):(1,4), 2:1)",
        "append<-3>((4,8):(1,4))",
        "zip(Sw<3,4,3>)",
        "filter_zeros((4,8):(1,4), (0,(0,0)))",
        "domain_distribute((4,8), 0)",
        "domain_distribute((4,8), -4)",
        "((4,8):(1,4)).get_1d_coord((1,2))",
        "((4,8):(0,0)).get_hier_coord(-7)",
        "coshape((9223372036854775807,2):(9223372036854775807,1))",
        "make_layout_like((9223372036854775807,2):(1,2))",
        "nullspace((9223372036854775807,4):(0,0))",
        "tile_unzip(((2,2)):((1,2)), (2,(2,2)))",
    ] {
        let got = eval_line(stmt);
        assert!(got.starts_with("error: ") || !got.is_empty(), "{stmt}");
    }
}

fn values(l: &Layout) -> Vec<i64> {
    (0..l.size().unwrap()).map(|i| l.at(i).unwrap()).collect()
}

/// A compact layout of a random permuted order (mostly flat, sometimes one nested mode).
fn compact_strategy() -> impl Strategy<Value = Layout> {
    (prop::collection::vec(1i64..=5, 1..=4), any::<u64>()).prop_map(|(shape, seed)| {
        let n = shape.len();
        let mut order: Vec<i64> = (0..n as i64).collect();
        let mut s = seed;
        for i in (1..n).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
            order.swap(i, (s >> 33) as usize % (i + 1));
        }
        let sh = shape.into_iter().map(IntTuple::int).collect::<IntTuple>();
        let ord = order.into_iter().map(IntTuple::int).collect::<IntTuple>();
        Layout::ordered(sh, &ord).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// @post layout(nullspace(layout)(i)) == 0; nullspace(nullspace) == 1:0;
    /// size(nullspace) == size(L) / size(filter(L)) (L's nonzero strides injective).
    #[test]
    fn nullspace_is_the_kernel(l in layout_strategy(6, 6)) {
        let n = ops::nullspace(&l).unwrap();
        for i in 0..n.size().unwrap() {
            let c = cute::algebra::coord::idx2crd(&IntTuple::int(n.at(i).unwrap()), l.shape()).unwrap();
            prop_assert_eq!(l.eval(&c).unwrap(), 0);
        }
        // as a function: CuTe keeps size-1 stride-0 leaves, nullspace((1,1):(0,0)) = (1,1):(0,0)
        prop_assert_eq!(ops::nullspace(&n).unwrap().coalesce().unwrap(), Layout::trivial());
        prop_assert_eq!(n.size().unwrap() * l.filter().unwrap().size().unwrap(), l.size().unwrap());
        // L o nullspace(L) has only zero strides (where the composition is defined)
        if let Ok(c) = cute::algebra::composition::compose(&l, &n) {
            let zero = c.shape().leaf_iter().zip(c.stride().leaf_iter()).all(|(s, d)| s == 1 || d == 0);
            prop_assert!(zero, "{} o {} = {}", l, n, c);
        }
    }

    #[test]
    fn nullspace_size_times_filter_size_is_size(l in compact_strategy(), zeros in any::<u8>()) {
        // zero some strides of a compact (injective) layout
        let k = zeros as usize;
        let st: IntTuple = l.stride().leaf_iter().enumerate()
            .map(|(i, d)| IntTuple::int(if k >> (i % 8) & 1 == 1 { 0 } else { d }))
            .collect();
        let z = Layout::new(l.shape().to_owned(), st).unwrap();
        let n = ops::nullspace(&z).unwrap();
        prop_assert_eq!(n.size().unwrap() * z.filter().unwrap().size().unwrap(), z.size().unwrap());
    }

    /// @post size(coshape(L)) == cosize(L); every L(i) < coshape.
    #[test]
    fn coshape_bounds_the_codomain(l in layout_strategy(6, 8)) {
        let c = ops::coshape(&l).unwrap();
        prop_assert_eq!(c.product().unwrap(), l.cosize().unwrap());
        prop_assert_eq!(ops::coprofile(&l).unwrap(), IntTuple::int(0));
        let neg = l.stride().leaf_iter().any(|d| d < 0);
        if !neg {
            prop_assert!(values(&l).into_iter().all(|v| v < c.as_int().unwrap()));
        }
    }

    /// make_layout_like keeps the shape, and is compact where L is injective.
    #[test]
    fn make_layout_like_keeps_shape_and_is_compact(l in compact_strategy(), gap in 1i64..=3) {
        let scaled = Layout::new(l.shape().to_owned(), l.stride().map_leaves(&mut |d| Ok(d * gap)).unwrap()).unwrap();
        let r = ops::make_layout_like(&scaled).unwrap();
        prop_assert_eq!(r.shape(), scaled.shape());
        prop_assert_eq!(r.cosize().unwrap(), r.size().unwrap());
        let mut v = values(&r);
        v.sort();
        prop_assert_eq!(v, (0..r.size().unwrap()).collect::<Vec<_>>());
        prop_assert_eq!(r, l);
    }

    /// make_fragment_like keeps the shape (mode by mode) and is a bijection onto [0, size).
    #[test]
    fn make_fragment_like_is_compact(l in compact_strategy()) {
        let r = ops::make_fragment_like(&l).unwrap();
        prop_assert_eq!(r.size().unwrap(), l.size().unwrap());
        let mut v = values(&r);
        v.sort();
        prop_assert_eq!(v, (0..r.size().unwrap()).collect::<Vec<_>>());
    }

    /// domain_offset(c, L) == (L, L(c)); slice and dice split the modes of L.
    #[test]
    fn domain_offset_is_the_layout_and_its_value(l in layout_strategy(6, 8), i in 0i64..1000) {
        let i = i % l.size().unwrap();
        let c = cute::algebra::coord::idx2crd(&IntTuple::int(i), l.shape()).unwrap();
        let stmt = format!("domain_offset({c}, {l})");
        prop_assert_eq!(eval_line(&stmt), format!("({l},{})", l.eval(&c).unwrap()));
    }

    /// get_hier_coord / get_flat_coord / get_1d_coord: each coordinate maps back to i (L compact).
    #[test]
    fn coordinates_round_trip(l in compact_strategy(), i in 0i64..1000) {
        let i = i % l.size().unwrap();
        let h = ops::get_hier_coord(&l, i).unwrap();
        prop_assert!(h.congruent(l.shape()));
        prop_assert_eq!(l.eval(&h).unwrap(), i);
        let f = ops::get_flat_coord(&l, i).unwrap();
        prop_assert_eq!(f.rank(), l.rank());
        prop_assert_eq!(l.eval(&f).unwrap(), i);
        let one = ops::get_1d_coord(&l, i).unwrap();
        prop_assert_eq!(l.at(one).unwrap(), i);
    }

    /// unflatten(flatten(L), L) == L for a layout of depth <= 2 whose modes are flat.
    #[test]
    fn unflatten_undoes_flatten(l in layout_strategy(6, 8)) {
        prop_assert_eq!(ops::unflatten(&l.flatten(), l.shape()).unwrap(), l);
    }

    /// zip twice is the identity on tuples of equal-rank tuples.
    #[test]
    fn zip_is_an_involution(l in layout_strategy(6, 8)) {
        if let Ok(z) = ops::zip(&l)
            && !l.shape().is_int()
            && l.shape().modes().all(|m| !m.is_int())
        {
            prop_assert_eq!(ops::zip(&z).unwrap(), l);
        }
    }

    /// domain_distribute: size divides b, and the layout is strictly increasing.
    #[test]
    fn domain_distribute_divides_and_increases(l in layout_strategy(8, 1), b in 1i64..=64) {
        let r = ops::domain_distribute(l.shape(), b).unwrap();
        prop_assert_eq!(b % r.size().unwrap(), 0);
        let v = values(&r);
        prop_assert!(v.windows(2).all(|w| w[0] < w[1]));
    }

    /// `cute explain nullspace(L)`: the plain result, and every check of the derivation holds.
    #[test]
    fn explained_nullspace_is_plain_and_verifies(l in layout_strategy(6, 3)) {
        use cute::eval::explain::{ExplainOptions, explain};
        let src = format!("nullspace({l})");
        let opts = ExplainOptions { verify: true, index: None };
        let ex = explain(&cute::eval::Env::new(), &src, &opts).unwrap();
        let plain = ops::nullspace(&l).unwrap();
        prop_assert_eq!(ex.result.as_ref().unwrap(), &cute::eval::Value::Layout(plain));
        prop_assert!(ex.steps.len() >= 2);
        for v in ex.verdicts.iter().flatten().flatten() {
            prop_assert!(v.ok(), "{}: {:?}", src, v);
        }
    }

    /// append<N> / prepend<N> give rank N and keep the function.
    #[test]
    fn padding_keeps_the_function(l in layout_strategy(6, 8), extra in 0usize..3) {
        let n = l.rank() + extra;
        for front in [false, true] {
            let r = ops::pad_to_rank(&l, &Layout::trivial(), n, front).unwrap();
            prop_assert_eq!(r.rank(), n);
            prop_assert_eq!(r.size().unwrap(), l.size().unwrap());
        }
    }
}
