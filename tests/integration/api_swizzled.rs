//! CuTe API, part 1: the swizzled group (issue 15): the recast family, swizzles from masks,
//! compositions with swizzles, inverses and portions of swizzled layouts, and the structural
//! functions on composed layouts. The random cases answered by CuTe are in
//! tests/oracle/api_swizzled/ (run by `golden`); here are CuTe's own examples, the laws, and
//! bad input.

use cute::algebra::recast::{
    self, downcast_layout, downcast_swizzle, upcast_layout, upcast_swizzle,
};
use cute::algebra::swizzle::{SwizzledOrPlain, inverse_composed};
use cute::algebra::{ComposedLayout, IntTuple, Layout, Offset, Swizzle, inverse};
use proptest::prelude::*;

use crate::helpers::{check_pairs, eval_line, layout_strategy};

#[test]
fn examples_as_cute_prints_them() {
    check_pairs(
        "swizzled examples",
        &[
            // the brief's example and CuTe's GMMA atoms
            (
                "upcast<2>(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}))",
                "Sw<3,2,3> o 0 o (8,32):(32,1)",
            ),
            (
                "downcast<2>(Sw<3,3,3> o (8,64):(64,1))",
                "Sw<3,4,3> o 0 o (8,128):(128,1)",
            ),
            // an identity swizzle from upcast stays composed, as CuTe prints it
            (
                "upcast<64>(Sw<3,3,3> o (8,64):(64,1))",
                "Sw<0,0,3> o 0 o (8,1):(1,1)",
            ),
            (
                "upcast(Sw<3,3,3> o 8 o (8,64):(64,1), 2)",
                "Sw<3,2,3> o 4 o (8,32):(32,1)",
            ),
            (
                "upcast<2>(gmma_atom(Layout_K_SW128_Atom, f16))",
                "Sw<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1)",
            ),
            (
                "downcast<2>(gmma_atom(Layout_K_SW128_Atom, f16))",
                "Sw<3,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)",
            ),
            ("upcast<16>(Swizzle<3,3,3>{})", "Sw<2,0,3>"),
            ("downcast<4>(Sw<3,3,3>)", "Sw<3,5,3>"),
            ("upcast<4>((3,8):(2,0))", "(2,8):(1,0)"),
            ("upcast<2>(1:0)", "1:0"),
            (
                "recast_layout<uint8_t,half_t>((8,64):(64,1))",
                "(8,32):(32,1)",
            ),
            (
                "recast_layout<half_t,uint8_t>((8,64):(64,1))",
                "(8,128):(128,1)",
            ),
            (
                "recast_layout<cute::half_t, cutlass::half_t>((8,64):(64,1))",
                "(8,64):(64,1)",
            ),
            // the DSL's order: new bits, old bits
            ("recast_layout(16, 8, (8,64):(64,1))", "(8,32):(32,1)"),
            (
                "cute.recast_layout(new_type_bits=16, old_type_bits=8, src_layout=cute.make_layout((8,64), stride=(64,1)))",
                "(8,32):(32,1)",
            ),
            (
                "recast_layout<uint16_t,uint32_t>((8,64):(64,1))",
                "(8,32):(32,1)",
            ),
            ("max_alignment((8,64):(64,1))", "512"),
            ("max_alignment((2,3):(3,1))", "6"),
            ("max_alignment((4,8):(32,4))", "1"),
            // CuTe's comment calls it the largest N for which upcast<N> compiles, but here
            // upcast<2> does not (stride 5): it is CuTe's formula, not that law
            ("max_alignment((2,2,5):(5,2,1))", "2"),
            ("max_alignment(Sw<3,3,3> o (8,64):(64,1))", "8"),
            ("max_alignment(Sw<3,3,3> o 4 o (8,64):(64,1))", "4"),
            ("max_alignment(gmma_atom(Layout_K_SW128_Atom, f16))", "16"),
            ("max_alignment(Sw<2,5,3>)", "32"),
            // swizzle.hpp's own examples of make_swizzle<Y,Z>
            ("make_swizzle<0b1000, 0b0100>()", "Sw<1,2,1>"),
            ("make_swizzle<0b11000000, 0b00000110>()", "Sw<2,1,5>"),
            ("make_swizzle(0b1000, 0b0100)", "Sw<1,2,1>"),
            ("make_swizzle<0,0>()", "Sw<0,0,0>"),
            ("make_swizzle<3,4,3>()", "Sw<3,4,3>"),
            (
                "composition((8,64):(64,1), Sw<3,3,3>)",
                "Sw<3,0,3> o 0 o (8,64):(64,1)",
            ),
            (
                "composition((64,8):(1,64), Sw<3,3,3>)",
                "Sw<3,3,3> o 0 o (64,8):(1,64)",
            ),
            (
                "(8,64):(64,1) o (Sw<3,3,3> o (8,8):(8,1))",
                "Sw<3,0,3> o 0 o (8,8):(1,64)",
            ),
            // swizzle.hpp: two swizzles of one shift merge into one
            ("composition(Sw<3,3,3>, Sw<3,3,3>)", "Sw<0,0,0>"),
            ("Sw<1,3,3> o Sw<1,4,3>", "Sw<2,3,3>"),
            ("get_swizzle_portion((8,64):(64,1))", "Sw<0,4,3>"),
            (
                "get_swizzle_portion(Sw<3,3,3> o 4 o (8,64):(64,1))",
                "Sw<3,3,3>",
            ),
            (
                "get_nonswizzle_portion(gmma_atom(Layout_K_SW128_Atom, f16))",
                "(8,64):(64,1)",
            ),
            ("right_inverse(Sw<3,3,3>)", "Sw<3,3,3>"),
            ("left_inverse(Sw<2,4,-3>)", "Sw<2,4,-3>"),
            (
                "right_inverse(Sw<3,3,3> o (8,64):(64,1))",
                "Sw<3,0,-6> o 0 o (64,8):(8,1)",
            ),
            (
                "left_inverse(Sw<3,3,3> o (8,64):(64,1))",
                "Sw<3,0,-6> o 0 o (64,8):(8,1)",
            ),
            (
                "as_position_independent_swizzle_layout(gmma_atom(Layout_K_SW128_Atom, f16))",
                "Sw<3,3,3> o 0 o (8,64):(64,1)",
            ),
            (
                "as_position_independent_swizzle_layout(gmma_atom(Layout_K_INTER_Atom, f16))",
                "(8,8):(8,1)",
            ),
            (
                "flatten(Sw<3,3,3> o (8,(8,8)):(64,(1,8)))",
                "Sw<3,3,3> o 0 o (8,8,8):(64,1,8)",
            ),
            (
                "take<0,1>(Sw<3,3,3> o (8,(8,8)):(64,(1,8)))",
                "Sw<3,3,3> o 0 o (8):(64)",
            ),
            (
                "group<0,2>(Sw<3,3,3> o (8,8,8):(64,1,8))",
                "Sw<3,3,3> o 0 o ((8,8),8):((64,1),8)",
            ),
            (
                "max_common_vector(Sw<3,3,3> o (8,64):(64,1), (8,64):(64,1))",
                "8",
            ),
            (
                "max_common_layout((8,64):(64,1), Sw<3,3,3> o (8,64):(64,1))",
                "8:8",
            ),
            (
                "max_common_vector(Sw<3,3,3> o (8,64):(64,1), Sw<3,3,3> o (8,64):(64,1))",
                "512",
            ),
            (
                "max_common_vector(Sw<3,3,3> o (8,64):(64,1), Sw<2,3,3> o (8,64):(64,1))",
                "8",
            ),
            // CuTe's generic tuple functions on a composed layout
            (
                "append(Sw<3,3,3> o (8,64):(64,1), 2:512)",
                "(Sw<3,3,3> o 0 o (8,64):(64,1),2:512)",
            ),
            (
                "prepend(Sw<3,3,3> o (8,64):(64,1), 2:512)",
                "(2:512,Sw<3,3,3> o 0 o (8,64):(64,1))",
            ),
            (
                "select<1,0>(Sw<3,3,3> o (8,64):(64,1))",
                "(Sw<3,3,3> o 0 o 64:1,Sw<3,3,3> o 0 o 8:64)",
            ),
            // slices of a swizzled layout decay to plain layouts where CuTe's do
            (
                "composition(Sw<3,3,3>, (8,64):(64,1))(1, _)",
                "((8,2,4)):((1,-8,16))",
            ),
            (
                "slice_and_offset((1,_), Sw<3,3,3> o (8,64):(64,1))",
                "(((8,2,4)):((1,-8,16)),72)",
            ),
            (
                "slice_and_offset((_,3), Sw<3,3,3> o (8,64):(64,1))",
                "((8):(72),3)",
            ),
            (
                "slice_and_offset((_,_), Sw<3,3,3> o (8,64):(64,1))",
                "(Sw<3,3,3> o 0 o (8,64):(64,1),0)",
            ),
            ("(Sw<1,2,2> o 0 o (4,8):(8,1))(_,2)", "((2,2)):((8,20))"),
            // the printed form of a composed layout reads back as it is
            ("Sw<0,0,3> o 0 o (8,1):(1,1)", "Sw<0,0,3> o 0 o (8,1):(1,1)"),
            (
                "make_composed_layout(Sw<0,3,3>, 0, 8:1)",
                "Sw<0,3,3> o 0 o 8:1",
            ),
            // ... while composition with the identity swizzle and offset 0 is the layout
            ("composition(Sw<0,3,3>, 0, (8,64):(64,1))", "(8,64):(64,1)"),
            ("composition(Sw<0,3,3>, (8,64):(64,1))", "(8,64):(64,1)"),
        ],
    );
}

#[test]
fn refusals_name_the_condition() {
    let cases = [
        ("upcast<3>((8,64):(64,1))", "Divisibility condition"),
        ("upcast<3>(Sw<3,3,3>)", "power of two"),
        ("upcast<0>((8,64):(64,1))", "N must be positive"),
        ("upcast(8:1, -2)", "N must be positive"),
        ("downcast<2>(8:16)", "Downcast requires adjacent elements"),
        ("upcast<2>(Sw<2,3,3> o 5 o (8,64):(64,1))", "divisible by N"),
        ("upcast<4>(Sw<3,3,3> o -8 o (8,64):(64,1))", "unsigned"),
        (
            "recast_layout<half_t,uint6b_t>((8,64):(64,1))",
            "Divisibility condition",
        ),
        (
            "recast_layout<uint6b_t,int32_t>(Sw<2,3,2>)",
            "does not compile",
        ),
        ("recast_layout<foo_t,half_t>(8:1)", "not an element type"),
        ("recast_layout(0, 8, 8:1)", "bit widths must be positive"),
        ("recast_layout(uint8_t, 8, 8:1)", "two element types"),
        (
            "make_swizzle<1,3>()",
            "Number of bits in Y and Z don't match",
        ),
        ("make_swizzle<5,24>()", "not the masks of a swizzle"),
        ("make_swizzle(-1, 1)", "32-bit unsigned"),
        ("make_swizzle<0b1000>()", "three integers"),
        (
            "right_inverse(Sw<3,3,3> o 8? o (8,64):(64,1))",
            "which does not compile",
        ),
        (
            "right_inverse(gmma_atom(Layout_K_SW128_Atom, f16))",
            "smem_ptr",
        ),
        (
            "(8,64):(64,1) o (Sw<3,3,3> o 8 o (8,8):(8,1))",
            "Require offset == 0",
        ),
        (
            "left_inverse(Sw<1,2,-1> o 0 o (2,2):(2,1))",
            "is not a left inverse",
        ),
        (
            "as_position_independent_swizzle_layout(Sw<3,3,3> o (8,64):(64,1))",
            "smem_ptr",
        ),
        ("as_position_independent_swizzle_layout(8:1)", "GMMA atom"),
        (
            "max_common_layout(Sw<3,3,3> o 8:1, Sw<3,3,3> o 8:1)",
            "two swizzled",
        ),
        ("upcast((8,64):(64,1))", "takes 2 argument"),
        (
            "Sw<2,3,3> o Sw<2,3,4>",
            "Can only merge swizzles of the same shift",
        ),
        ("Sw<1,3,3> o Sw<1,5,3>", "not the masks of a swizzle"),
        ("append(Sw<3,3,3> o (8,64):(64,1))", "takes the mode to add"),
        ("select(Sw<3,3,3> o (8,64):(64,1), 2)", "out of"),
    ];
    for (stmt, needle) in cases {
        let got = eval_line(stmt);
        assert!(
            got.starts_with("error: ") && got.contains(needle),
            "{stmt}: expected an error containing {needle:?}, got {got}"
        );
    }
}

#[test]
fn hostile_input_is_an_error_never_a_panic() {
    for stmt in [
        "upcast<9223372036854775807>((8,64):(64,1))",
        "downcast<4611686018427387904>((8,64):(64,1))",
        "downcast<1073741824>(Sw<3,3,3>)",
        "downcast<4294967296>(Sw<3,3,3> o (8,64):(64,1))",
        "upcast<-9223372036854775807>(8:1)",
        "max_alignment((2,3):(-3,9223372036854775807))",
        "upcast<2>((4,8):(-9223372036854775807,1))",
        "make_swizzle<4294967295,4294967295>()",
        "make_swizzle<4294967296,1>()",
        "composition((8,64):(9223372036854775807,1), Sw<3,3,3>)",
        "recast_layout(9223372036854775807, 1, 8:1)",
        "upcast(make_swizzle(3,4,3), 1099511627776)",
    ] {
        let got = eval_line(stmt);
        assert!(!got.is_empty(), "{stmt}");
    }
}

fn sw_strategy() -> impl Strategy<Value = Swizzle> {
    (0i64..=4, 0i64..=6, -6i64..=6)
        .prop_filter("|S| >= B", |(b, _, s)| s.abs() >= *b)
        .prop_map(|(b, m, s)| Swizzle::new(b, m, s).unwrap())
}

/// A layout with a stride-1 leaf (so that downcast applies).
fn unit_layout() -> impl Strategy<Value = Layout> {
    layout_strategy(8, 16).prop_map(|l| {
        let mut first = true;
        let stride = l
            .stride()
            .map_leaves(&mut |d| {
                if first {
                    first = false;
                    Ok(1)
                } else {
                    Ok(d)
                }
            })
            .unwrap();
        Layout::new(l.shape().to_owned(), stride).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// upcast<N> undoes downcast<N> (CuTe's contract: downcast multiplies what upcast divides).
    #[test]
    fn upcast_undoes_downcast(l in unit_layout(), k in 0u32..4) {
        let n = 1i64 << k;
        let d = downcast_layout(&l, n).unwrap();
        prop_assert_eq!(upcast_layout(&d, n).unwrap(), l);
    }

    #[test]
    fn upcast_undoes_downcast_of_swizzles(s in sw_strategy(), k in 0u32..4) {
        let n = 1i64 << k;
        prop_assert_eq!(upcast_swizzle(&downcast_swizzle(&s, n).unwrap(), n).unwrap(), s);
    }

    #[test]
    fn upcast_undoes_downcast_of_composed(
        s in sw_strategy(), l in unit_layout(), off in 0i64..64, k in 0u32..4,
    ) {
        let n = 1i64 << k;
        let c = ComposedLayout { swizzle: s, offset: Offset::st(off), layout: l };
        let d = recast::downcast_composed(&c, n).unwrap();
        prop_assert_eq!(recast::upcast_composed(&d, n).unwrap(), c);
    }

    /// recast_layout<A,B> then recast_layout<B,A> is the identity when B is wider than A.
    #[test]
    fn recast_there_and_back(l in unit_layout(), k in 0u32..4) {
        let wide = 8i64 << k;
        let down = recast::Recast::new(8, wide).unwrap();
        let up = recast::Recast::new(wide, 8).unwrap();
        prop_assert_eq!(up.layout(&down.layout(&l).unwrap()).unwrap(), l);
    }

    /// A swizzle is its own inverse, so its right inverse composes with it to the identity.
    #[test]
    fn a_swizzle_is_its_own_inverse(s in sw_strategy(), x in 0i64..(1 << 20)) {
        prop_assert_eq!(s.apply(s.apply(x)), x);
        let printed = eval_line(&format!("right_inverse({s})"));
        prop_assert_eq!(printed, s.to_string());
    }

    /// make_swizzle<Y,Z>() of a swizzle's masks is that swizzle (for B > 0).
    #[test]
    fn make_swizzle_of_masks(s in sw_strategy()) {
        prop_assume!(s.bits > 0);
        prop_assert_eq!(Swizzle::from_masks(s.yyy_msk(), s.zzz_msk()).unwrap(), s);
    }

    /// composition(A, Sw), where given without a broken law, is A o Sw at every point of A's
    /// domain.
    #[test]
    fn layout_then_swizzle_is_a_after_sw(l in layout_strategy(8, 16), s in sw_strategy()) {
        let mut laws = cute::algebra::trace::Laws::default();
        let given = cute::algebra::swizzle::layout_then_swizzle_traced(&l, &s, &mut laws);
        if let Ok(r) = given
            && laws.violations.is_empty()
        {
            for i in 0..l.size().unwrap() {
                let got = match &r {
                    SwizzledOrPlain::Plain(p) => p.at(i).unwrap(),
                    SwizzledOrPlain::Composed(c) => c.apply_outer(c.layout.at(i).unwrap()).unwrap(),
                };
                prop_assert_eq!(got, l.at(s.apply(i)).unwrap());
            }
        }
    }

    /// right_inverse of a swizzled layout, where given, is one: C(R(i)) == i.
    #[test]
    fn right_inverse_of_swizzled(l in layout_strategy(8, 16), s in sw_strategy()) {
        let c = ComposedLayout { swizzle: s, offset: Offset::st(0), layout: l };
        if let Ok(cute::algebra::swizzle::ComposedInverse::Swizzled(r)) =
            inverse_composed(&c, "right_inverse", inverse::right_inverse)
        {
            let (size, at): (i64, Box<dyn Fn(i64) -> i64>) = match &r {
                SwizzledOrPlain::Plain(p) => (p.size().unwrap(), Box::new(move |i| p.at(i).unwrap())),
                SwizzledOrPlain::Composed(q) => (
                    q.layout.size().unwrap(),
                    Box::new(move |i| q.apply_outer(q.layout.at(i).unwrap()).unwrap()),
                ),
            };
            for i in 0..size {
                prop_assert_eq!(c.apply_outer(c.layout.at(at(i)).unwrap()).unwrap(), i);
            }
        }
    }
}

/// A swizzled layout of two power-of-two modes, compact in either order, with an offset.
fn pow2_composed() -> impl Strategy<Value = ComposedLayout> {
    (sw_strategy(), 0u32..5, 0u32..5, any::<bool>(), 0i64..64).prop_map(|(s, a, b, left, off)| {
        let (m, n) = (1i64 << a, 1i64 << b);
        let stride = if left { [1, m] } else { [n, 1] };
        ComposedLayout {
            swizzle: s,
            offset: Offset::st(off),
            layout: Layout::new(
                IntTuple::tuple([IntTuple::int(m), IntTuple::int(n)]),
                IntTuple::tuple([IntTuple::int(stride[0]), IntTuple::int(stride[1])]),
            )
            .unwrap(),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// slice_and_offset(c, S) = (T, o): T(i) + o is S at c with i in the `_` mode.
    #[test]
    fn slice_and_offset_of_swizzled(c in pow2_composed(), k in 0i64..16, first in any::<bool>()) {
        use cute::algebra::Coord;
        let (m, n) = (c.layout.mode(0).unwrap().size().unwrap(), c.layout.mode(1).unwrap().size().unwrap());
        let k = k % if first { m } else { n };
        let crd = if first {
            Coord::Tuple(vec![Coord::int(k), Coord::Under])
        } else {
            Coord::Tuple(vec![Coord::Under, Coord::int(k)])
        };
        if let Ok((t, o)) = cute::algebra::swizzle::slice_and_offset(&crd, &c) {
            for i in 0..if first { n } else { m } {
                let full = if first { [k, i] } else { [i, k] };
                let want = c
                    .apply_outer(c.layout.eval(&IntTuple::tuple(full.map(IntTuple::int))).unwrap())
                    .unwrap();
                let got = match &t {
                    SwizzledOrPlain::Plain(p) => p.at(i).unwrap(),
                    SwizzledOrPlain::Composed(q) => q.apply_outer(q.layout.at(i).unwrap()).unwrap(),
                };
                prop_assert_eq!(got + o, want, "{} at {}: {}", c, crd, i);
            }
        }
    }
}

#[test]
fn element_widths_are_cutes() {
    for (name, bits) in [
        ("uint1b_t", 1),
        ("int4b_t", 4),
        ("float_e2m1_t", 4),
        ("uint6b_t", 6),
        ("float_e4m3_t", 8),
        ("half_t", 16),
        ("cutlass::bfloat16_t", 16),
        ("tfloat32_t", 32),
        ("double", 64),
        ("uint128_t", 128),
    ] {
        assert_eq!(recast::element_bits(name), Some(bits), "{name}");
    }
    assert_eq!(recast::element_bits("foo"), None);
    let _ = IntTuple::int(0);
}

#[test]
fn explain_derives_upcast_downcast_and_swizzle_inverses() {
    use crate::helpers::cute;
    for (stmt, steps, checks) in [
        (
            "upcast<2>((8,64):(64,1))",
            ["upcast definition", "upcast mode"],
            "verified: 2 checks hold",
        ),
        (
            "upcast((8,(4,64)):(64,(0,1)), 2)",
            ["upcast mode", "upcast stride 0"],
            "verified: 2 checks hold",
        ),
        (
            "downcast<2>((8,64):(64,1))",
            ["downcast stride", "downcast adjacent"],
            "verified: 0 checks hold",
        ),
        (
            "right_inverse(Sw<3,4,-3>)",
            ["inverse involution", "swizzle bits"],
            "verified: 4 checks hold",
        ),
        (
            "left_inverse(Sw<2,0,2>)",
            ["inverse involution", "inverse check"],
            "verified: 4 checks hold",
        ),
    ] {
        let (out, err, code) = cute(&["explain", "--verify", stmt], "");
        assert_eq!(code, 0, "{stmt}: {err}");
        for s in steps {
            assert!(out.contains(s), "{stmt}: no step {s:?} in\n{out}");
        }
        assert!(out.contains(checks), "{stmt}: {out}");
        // the derivation ends in the plain result
        let last = out.lines().find(|l| l.starts_with("= ")).unwrap();
        assert_eq!(&last[2..], eval_line(stmt), "{stmt}");
    }
}

/// `algebra::swizzle::domain_offset`, for the layouts group's `domain_offset` of a composed
/// layout: CuTe's `(Sw o (OFF + L(c)) o L, 0)` (the cases in
/// tests/oracle/api_swizzled/pending_layouts_cases.tsv run once that function is merged).
#[test]
fn domain_offset_of_composed() {
    let l = Layout::new(
        IntTuple::tuple([IntTuple::int(8), IntTuple::int(64)]),
        IntTuple::tuple([IntTuple::int(64), IntTuple::int(1)]),
    )
    .unwrap();
    let c = ComposedLayout {
        swizzle: Swizzle::new(3, 3, 3).unwrap(),
        offset: Offset::st(4),
        layout: l.clone(),
    };
    let crd = IntTuple::tuple([IntTuple::int(1), IntTuple::int(2)]);
    let (r, o) = cute::algebra::swizzle::domain_offset(&crd, &c).unwrap();
    assert_eq!(
        (r.to_string(), o),
        ("Sw<3,3,3> o 70 o (8,64):(64,1)".to_string(), 0)
    );
    let atom = ComposedLayout {
        offset: Offset::SmemPtr(16),
        ..c
    };
    assert!(cute::algebra::swizzle::domain_offset(&crd, &atom).is_err());
}

/// Every answer of the oracle set prints with `--format cpp` and `--format dsl` as text that
/// reads back as the same value (SPEC §1b): the identity swizzle that upcast leaves
/// (`Sw<0,0,3> o 0 o L`) included.
#[test]
fn oracle_answers_read_back_in_cpp_and_dsl() {
    use cute::eval::{Env, Outcome};
    use cute::render::{code, plain};
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracle/api_swizzled/cases.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let (_, want) = line.split_once('\t').unwrap();
        let Ok(Outcome::Value(v)) = Env::new().run(want) else {
            continue;
        };
        for text in [code::cpp(&v), code::dsl(&v)].into_iter().flatten() {
            // a GMMA atom's DSL form is its position-independent layout (the same function)
            if text.starts_with("cute.make_composed_layout") && want.contains("smem_ptr") {
                continue;
            }
            let back = match Env::new().run(&text) {
                Ok(Outcome::Value(b)) => plain::render(&b),
                other => panic!("{text}: {other:?}"),
            };
            assert_eq!(back, want, "{text}");
            n += 1;
        }
    }
    assert!(n > 800, "{n} answers read back");
}

proptest! {
    /// composition(Sw0, Sw1), where given, is Sw0 o Sw1 at every point.
    #[test]
    fn merged_swizzles_compose(s0 in sw_strategy(), s1 in sw_strategy(), x in 0i64..(1 << 16)) {
        if let Ok(r) = cute::algebra::swizzle::merge_swizzles(&s0, &s1) {
            prop_assert_eq!(r.apply(x), s0.apply(s1.apply(x)));
        }
    }
}
