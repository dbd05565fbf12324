//! `parse(print(x)) == x` in the notations that are input too: every value `--format cpp` and
//! `--format dsl` print reads back as the same value (SPEC §1b), on random values of every kind.

use cute::algebra::{ComposedLayout, IntTuple, Layout, Offset, Swizzle};
use cute::eval::{Env, Outcome, Value};
use cute::render::{code, plain};
use proptest::prelude::*;

use crate::helpers::layout_strategy;

fn int_tuple() -> impl Strategy<Value = IntTuple> {
    let leaf = (-40i64..=5000).prop_map(IntTuple::int);
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop::collection::vec(inner, 1..=4).prop_map(IntTuple::tuple)
    })
}

fn swizzle() -> impl Strategy<Value = Swizzle> {
    (0i64..=3, 0i64..=4, 3i64..=5).prop_filter_map("a valid swizzle", |(b, m, s)| {
        let s = if m % 2 == 0 { s } else { -s };
        Swizzle::new(b, m, s).ok()
    })
}

/// Values of every kind that has a C++ and a DSL form.
fn value() -> impl Strategy<Value = Value> {
    let tiler_elem = prop_oneof![
        3 => layout_strategy(6, 12).prop_map(Value::Layout),
        1 => Just(Value::Under),
    ];
    prop_oneof![
        2 => int_tuple().prop_map(Value::IntTuple),
        4 => layout_strategy(9, 40).prop_map(Value::Layout),
        2 => prop::collection::vec(tiler_elem, 1..=3).prop_map(Value::Tuple),
        1 => swizzle().prop_map(Value::Swizzle),
        2 => (swizzle(), 0i64..=64, any::<bool>(), layout_strategy(9, 40)).prop_map(|(s, o, dy, l)| {
            let offset = Offset::Int(cute::algebra::Int::of(o, dy));
            Value::composed(ComposedLayout { swizzle: s, offset, layout: l })
        }),
        1 => any::<bool>().prop_map(Value::Bool),
    ]
}

/// The value a text evaluates to, printed in the notation.
fn read_back(text: &str) -> String {
    match Env::new().run(text) {
        Ok(Outcome::Value(v)) => plain::render(&v),
        other => panic!("{text:?} does not read back: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn cpp_reads_back(v in value()) {
        let want = plain::render(&v);
        // a composed layout's zero-bit swizzle with offset 0 is the layout itself
        let text = code::cpp(&v).expect("a C++ form");
        prop_assert_eq!(read_back(&text), read_back(&want), "{}", text);
    }

    #[test]
    fn dsl_reads_back(v in value()) {
        let want = plain::render(&v);
        let text = code::dsl(&v).expect("a DSL form");
        prop_assert_eq!(read_back(&text), read_back(&want), "{}", text);
    }

    /// The notation's literal reader (`FromStr`) reads what `Display` prints, and agrees with
    /// the statement parser.
    #[test]
    fn the_literal_reader_reads_the_printed_notation(t in int_tuple(), l in layout_strategy(9, 40)) {
        let text = t.to_string();
        prop_assert_eq!(text.parse::<IntTuple>().expect("reads back"), t);
        let spaced = l.to_string().replace(',', " , ").replace(':', " : ");
        prop_assert_eq!(spaced.parse::<Layout>().expect("reads back"), l.clone());
        prop_assert_eq!(read_back(&l.to_string()), l.to_string());
    }

    /// A layout after a swizzle (CuTe's inverse of a swizzled layout with an offset, `A o O o
    /// Sw`) and one composed with a layout (`A o O o (Sw o OFF o L)`), and either after a
    /// swizzle (`Sw o OFF o A o O o B`, as their inverses are): `composition(A, O, B)`.
    #[test]
    fn layouts_after_a_swizzle_read_back_from_cpp(
        outer in layout_strategy(8, 30),
        o in -64i64..=64,
        dy in any::<bool>(),
        s in swizzle().prop_filter("a swizzle of some bits", |s| s.bits > 0),
        inner in prop::option::of((0i64..=16, layout_strategy(8, 30))),
        outer_swizzle in prop::option::of((swizzle(), 0i64..=16)),
    ) {
        use cute::algebra::layout_composed::{ComposedTensor, LayoutComposed, Stage};
        let inner = match inner {
            None => Stage::Swizzle(s),
            Some((off, l)) => Stage::Swizzled(ComposedLayout { swizzle: s, offset: Offset::st(off), layout: l }),
        };
        let outer = match outer_swizzle {
            None => Stage::Layout(outer),
            Some((sw, off)) => Stage::Swizzled(ComposedLayout { swizzle: sw, offset: Offset::st(off), layout: outer }),
        };
        let v = Value::LayoutComposed(Box::new(ComposedTensor {
            origin: None,
            layout: LayoutComposed {
                outer,
                offset: IntTuple::int_of(o, dy),
                inner,
            },
        }));
        let text = code::cpp(&v).expect("a C++ form");
        prop_assert_eq!(read_back(&text), plain::render(&v), "{}", text);
        prop_assert_eq!(read_back(&plain::render(&v)), plain::render(&v));
    }

    #[test]
    fn offset_layouts_read_back_from_cpp(o in -100i64..=5000, dy in any::<bool>(), l in layout_strategy(8, 30)) {
        let o = cute::algebra::Int::of(o, dy);
        let v = Value::offset_layout(cute::algebra::tensor::Origin::Count(o), l);
        let text = code::cpp(&v).expect("a C++ form");
        prop_assert_eq!(read_back(&text), plain::render(&v), "{}", text);
    }
}

#[test]
fn golden_answers_read_back_from_cpp_and_dsl() {
    let mut n = 0;
    for file in ["docs.tsv", "algebra.tsv", "swizzle.tsv", "spellings.tsv"] {
        for (_, want) in crate::helpers::cases(file) {
            if want.starts_with("error") {
                continue;
            }
            let Ok(Outcome::Value(v)) = Env::new().run(&want) else {
                continue;
            };
            for text in [code::cpp(&v), code::dsl(&v)].into_iter().flatten() {
                // a GMMA atom's DSL form is its position-independent layout (the same function)
                if text.starts_with("cute.make_composed_layout") && want.contains("smem_ptr") {
                    continue;
                }
                assert_eq!(read_back(&text), want, "{text}");
                n += 1;
            }
        }
    }
    assert!(n > 1000, "{n} answers read back");
}

#[test]
fn the_literal_reader_names_what_is_wrong() {
    for bad in [
        "",
        "(",
        "(4,",
        "(4;2)",
        "4:",
        "(4,2):(1)",
        "x",
        "4:1 junk",
        "99999999999999999999",
    ] {
        let e = bad.parse::<Layout>().expect_err(bad);
        assert!(
            e.to_string().starts_with("literal:") || e.to_string().contains("congruent"),
            "{bad}: {e}"
        );
    }
    let deep = format!("{}1{}", "(".repeat(300), ")".repeat(300));
    assert!(
        deep.parse::<IntTuple>()
            .expect_err("too deep")
            .to_string()
            .contains("nesting")
    );
}

#[test]
fn rank_one_and_empty_values_read_back() {
    for want in [
        "(8)",
        "(8):(1)",
        "((8)):((1))",
        "():()",
        "()",
        "<4:1>",
        "<_>",
        "(4,(8)):(1,(4))",
    ] {
        let Ok(Outcome::Value(v)) = Env::new().run(want) else {
            panic!("{want}");
        };
        for text in [code::cpp(&v), code::dsl(&v)].into_iter().flatten() {
            assert_eq!(read_back(&text), want, "{text}");
        }
    }
    let _ = Layout::trivial();
}

/// The notation `text` with a `?` after each integer whose kind is dynamic (`kinds`, in order,
/// cycled): a value with static and dynamic leaves.
fn with_kinds(text: &str, kinds: &[bool]) -> String {
    let mut out = String::new();
    let mut k = 0;
    let b = text.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        out.push(char::from(c));
        let next_digit = b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if c.is_ascii_digit() && !next_digit {
            if kinds[k % kinds.len()] {
                out.push('?');
            }
            k += 1;
        }
    }
    out
}

/// A layout, an IntTuple or a tiler of layouts whose leaves are randomly static or dynamic.
fn kinded_value() -> impl Strategy<Value = Value> {
    let text = prop_oneof![
        layout_strategy(9, 40).prop_map(|l| l.to_string()),
        int_tuple().prop_map(|t| t.to_string()),
        (layout_strategy(6, 12), layout_strategy(6, 12)).prop_map(|(a, b)| format!("<{a}, {b}>")),
    ];
    (text, prop::collection::vec(any::<bool>(), 1..8)).prop_map(|(t, k)| {
        match Env::new().run(&with_kinds(&t, &k)) {
            Ok(Outcome::Value(v)) => v,
            other => panic!("{t}: {other:?}"),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Issue 36: plain, cpp, dsl and JSON output read back with every integer's kind intact.
    #[test]
    fn dynamic_leaves_read_back_in_every_format(v in kinded_value()) {
        let want = plain::render(&v);
        prop_assert_eq!(read_back(&want), want.clone());
        let cpp = code::cpp(&v).expect("a C++ form");
        prop_assert_eq!(read_back(&cpp), want.clone(), "{}", cpp);
        let dsl = code::dsl(&v).expect("a DSL form");
        prop_assert_eq!(read_back(&dsl), want.clone(), "{}", dsl);
        let json = cute::render::json::to_json(&v, &Default::default()).expect("JSON");
        if let Some(text) = json.get("text").and_then(|t| t.as_str()) {
            prop_assert_eq!(read_back(text), want.clone(), "{}", text);
        }
    }
}

#[test]
fn dynamic_leaves_print_as_cute_prints_them() {
    for (stmt, plain_form, cute_form, cpp_form) in [
        (
            "(4?,8):(1,4?)",
            "(4?,8):(1,4?)",
            "(4,_8):(_1,4)",
            "make_layout(make_shape(4, _8{}), make_stride(_1{}, 4))",
        ),
        ("make_layout(4, 2);", "4?:2?", "4:2", "make_layout(4, 2);"),
        (
            "make_shape(4, Int<8>{})",
            "(4?,8)",
            "(4,_8)",
            "make_shape(4, _8{})",
        ),
        ("7?", "7?", "7", "7;"),
    ] {
        let Ok(Outcome::Value(v)) = Env::new().run(stmt) else {
            panic!("{stmt}")
        };
        assert_eq!(plain::render(&v), plain_form, "{stmt}");
        assert_eq!(cute::render::cute::render(&v), cute_form, "{stmt}");
        assert_eq!(code::cpp(&v).unwrap(), cpp_form, "{stmt}");
    }
}

/// A run-time `size_t` past the signed 64-bit integers (`(size_t)-1`) prints as the other
/// run-time integers do in each form, and the forms that are input read back as the same
/// value: plain `18446744073709551615?`, C++ `18446744073709551615ull;` (the literal of its
/// type, C++'s reading: cute-oracle prints 18446744073709551615 for it), JSON an `int` of the
/// exact value, CuTe's `print` the number; the DSL form, which has no such integer in cute, is
/// refused by name.
#[test]
fn an_oversized_size_t_prints_as_a_run_time_integer_in_every_form() {
    let forms = [
        ("plain", "18446744073709551615?\n"),
        ("cpp", "18446744073709551615ull;\n"),
        ("cute", "18446744073709551615\n"),
        (
            "json",
            "{\"kind\":\"int\",\"value\":18446744073709551615,\"dynamic\":true,\"text\":\"18446744073709551615?\"}\n",
        ),
    ];
    for stmt in ["(size_t)-1", "size_t s = 0; s - 1"] {
        for (format, printed) in forms {
            let (out, err, code) = crate::helpers::cute(&["eval", "--format", format, stmt], "");
            assert_eq!(
                (out.as_str(), code),
                (printed, 0),
                "{format}: {stmt}: {err}"
            );
            if matches!(format, "plain" | "cpp") {
                let again = printed.trim_end().trim_end_matches(';');
                let (back, err, code) =
                    crate::helpers::cute(&["eval", "--format", "cute", again], "");
                assert_eq!(
                    (back.as_str(), code),
                    ("18446744073709551615\n", 0),
                    "{again}: {err}"
                );
            }
        }
        let (_, err, code) = crate::helpers::cute(&["eval", "--format", "dsl", stmt], "");
        assert_eq!(code, 1);
        assert!(
            err.contains("no CuTe DSL form for the uint64_t value 18446744073709551615"),
            "{err}"
        );
    }
}
