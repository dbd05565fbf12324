//! Session 32's differential campaign (`tests/oracle/wide/`): random layouts of depth up to 3
//! with static and run-time leaves, compact, permuted, gapped and random strides, through every
//! operation of the layout algebra, over swizzled (composed) layouts and over tensors whose
//! iterators are null-based pointers, in C++'s spelling compared byte for byte with CuTe C++
//! 4.7's print (`gen_cases.py`, from `cute-oracle`), and in the DSL's spelling with the CuTe
//! DSL 4.8.1's print (`gen_dsl_cases.py`, from `dsl-oracle`), the kind of every integer checked.
//! `known_mismatches.txt` lists the statements where cute does not agree yet, each with why.

use cute::eval::{Env, Outcome};
use cute::render::cute as cute_form;

use crate::dynamic::eval_cute;
use crate::dynamic_dsl::{dsl_form, without_div};
use crate::helpers::{check_oracle_cases, check_oracle_refusals, oracle_data};

/// The statements of `known_mismatches.txt` (`STATEMENT<TAB>why`; `#` comments).
fn known_mismatches(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once('\t').map_or(l, |(s, _)| s))
        .collect()
}

#[test]
fn wide_cases_print_what_cute_prints() {
    let known = oracle_data("wide", "known_mismatches.txt");
    check_oracle_cases(
        "wide",
        "cases.tsv",
        &known_mismatches(&known),
        eval_cute,
        |got, want| {
            // cute may refuse where CuTe's answer breaks the operation's law (SPEC §3)
            got == want || (got.starts_with("error: ") && got.contains("CuTe's result"))
        },
    );
}

#[test]
fn wide_statements_cute_refuses_are_errors() {
    check_oracle_refusals("wide", "cute_refuses.txt", eval_cute);
}

/// The DSL's print of a Python tuple of integers (`cute.idx2crd`'s value: `(Int32(?), (3,))`)
/// in the form of a tuple's print (`(?,(3))`).
fn python_tuple_form(s: &str) -> String {
    s.replace("Int32(?)", "?")
        .replace(' ', "")
        .replace(",)", ")")
}

#[test]
fn wide_dsl_cases_print_what_the_dsl_prints() {
    let known = oracle_data("wide", "known_mismatches.txt");
    let print = |s: &str| match Env::new().run(s) {
        Ok(Outcome::Value(v)) => dsl_form(s, &cute_form::render(&v)),
        Ok(_) => String::new(),
        Err(e) => format!("error: {}", e.message),
    };
    check_oracle_cases(
        "wide",
        "dsl_cases.tsv",
        &known_mismatches(&known),
        print,
        |got, want| got == without_div(want) || got == python_tuple_form(want),
    );
}

#[test]
fn wide_dsl_statements_the_dsl_refuses_are_errors() {
    let known = oracle_data("wide", "known_mismatches.txt");
    let known = known_mismatches(&known);
    let text = oracle_data("wide", "dsl_refuses.txt");
    let accepted: Vec<String> = text
        .lines()
        .filter_map(|l| l.split_once('\t').map(|(s, _)| s))
        .filter(|s| !known.contains(s))
        .filter_map(|s| match Env::new().run(s) {
            Ok(Outcome::Value(v)) => Some(format!("{s} -> {}", cute_form::render(&v))),
            _ => None,
        })
        .collect();
    assert!(
        accepted.is_empty(),
        "the CuTe DSL raises on these (wide/dsl_refuses.txt), cute accepted them:\n{}",
        accepted.join("\n")
    );
}

/// Session 33's set (`tests/oracle/swinv/`, `gen.py`): the inverses of a swizzled layout with a
/// nonzero offset (CuTe's layout after the swizzle, `A o _-OFF o Sw`) and what is done with
/// one, compared byte for byte with CuTe C++ 4.7's print.
#[test]
fn inverses_of_offset_swizzled_layouts_print_what_cute_prints() {
    check_oracle_cases("swinv", "cases.tsv", &[], eval_cute, |got, want| {
        got == want
    });
}

#[test]
fn inverses_of_offset_swizzled_layouts_cute_refuses_are_errors() {
    check_oracle_refusals("swinv", "cute_refuses.txt", eval_cute);
}

/// Session 34's pointer sweep (`tests/oracle/ptr/`, `gen.py`, issue 37): tensors over typed
/// null-based gmem/smem/rmem pointers of every element width, and what moves the pointer
/// (addresses, slices, local_tile, local_partition, the divides, composition, recast, `.data()`,
/// make_tensor_like, flatten/coalesce/group_modes), byte for byte as CuTe C++ 4.7 prints them
/// (an owning tensor's stack address as `stack`).
#[test]
fn pointer_tensors_print_what_cute_prints() {
    // recast<int4b_t> of a plain `uint4b_t const*` (not a subbyte_iterator): CuTe's recast is
    // the tensor itself only for the same type (is_same), else recast_ptr's subbyte_iterator;
    // cute's pointers know the width, not the type (int4b_t and uint4b_t alike), and keep it
    let other_type_same_width = [
        "recast<int4b_t>(make_tensor(make_rmem_ptr(static_cast<uint4b_t const*>(nullptr)) + 2, make_shape(4,Int<8>{})));",
    ];
    check_oracle_cases(
        "ptr",
        "cases.tsv",
        &other_type_same_width,
        eval_cute,
        |got, want| {
            // CuTe prints an owning tensor's stack address, moved or not: the generator writes it
            // `stack` (a subbyte_iterator's too), cute `stack+N` where it moved
            got == want
                || without_stack_offsets(got) == want
                // cute may refuse where CuTe's answer breaks the operation's law (SPEC §3): a
                // slice of an offset swizzled layout whose offset is outside the swizzle's bits
                || (got.starts_with("error: ") && got.contains("CuTe's result"))
        },
    );
}

/// `stack+N` (`stack-N`) as `stack`: an owning tensor's address moved by N elements, which
/// the generator cannot tell from CuTe's print of the stack address.
fn without_stack_offsets(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("stack") {
        out.push_str(&rest[..i + 5]);
        rest = &rest[i + 5..];
        if rest.starts_with(['+', '-']) {
            rest = rest[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        }
    }
    out + rest
}

#[test]
fn pointer_tensors_cute_refuses_are_errors() {
    check_oracle_refusals("ptr", "cute_refuses.txt", eval_cute);
}

/// A swizzle composed with a composed layout (issue 37, session 34): CuTe has no
/// `composition(Swizzle, ComposedLayout)` (cute-oracle: "no matching function for call to
/// 'composition(Swizzle<1, 1, 2>, ComposedLayout<…>)'"), for a swizzled layout, a layout after
/// a layout and a composed layout of a composed layout alike; the error names the overload and
/// the three-argument composition, which builds one (cute-oracle's print).
#[test]
fn a_swizzle_composed_with_a_composed_layout_names_what_cute_rejects() {
    let swizzled = "composition(Swizzle<1,0,3>{}, Int<0>{}, Layout<_32,_1>{})";
    for x in [
        swizzled.to_string(),
        "composition(Layout<Shape<_2,_16>,Stride<_16,_1>>{}, Int<0>{}, Layout<_32,_1>{})".into(),
        format!("composition(Swizzle<2,0,2>{{}}, Int<0>{{}}, {swizzled})"),
    ] {
        let got = eval_cute(&format!("composition(Swizzle<1,1,2>{{}}, {x});"));
        assert!(
            got.starts_with("error: ")
                && got.contains(
                    "no matching function for call to 'composition(Swizzle<…>, ComposedLayout<…>)'"
                )
                && got.contains("composition(Sw, Int<0>{}, C)"),
            "{x}: {got}"
        );
    }
    assert_eq!(
        eval_cute(&format!(
            "composition(Swizzle<1,1,2>{{}}, Int<0>{{}}, {swizzled});"
        )),
        "Sw<1,1,2> o _0 o Sw<1,0,3> o _0 o _32:_1"
    );
}

/// A thread index outside a tiled MMA's or tiled copy's thread count, past the end or negative:
/// CuTe computes an answer (`thr_layout_vmnk_.get_flat_coord(idx)` and the TV layouts'
/// `idx2crd` wrap or extrapolate it with C++'s truncating `/` and `%`), and so does cute
/// (cute-oracle's prints, CuTe C++ 4.7).
#[test]
fn thread_indices_outside_the_thread_count_are_what_cute_computes() {
    let mma1 = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_1,_1,_1>>{})";
    let mma4 = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})";
    let copy = format!("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{{}}, {mma4})");
    let id = "make_identity_tensor(make_shape(Int<16>{},Int<8>{}))";
    let t = "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_layout(make_shape(Int<32>{},Int<64>{}), LayoutRight{}))";
    let cases = [
        (
            format!("{mma1}.get_slice(32).partition_C({id})"),
            "ArithTuple(0,0) o ((_2,_2),_1,_1):((_1@1,_8@0),_0,_0)",
        ),
        (
            format!("{mma1}.get_slice(33).partition_C({id})"),
            "ArithTuple(0,2) o ((_2,_2),_1,_1):((_1@1,_8@0),_0,_0)",
        ),
        (
            format!("{mma1}.get_slice(-1).partition_C({id})"),
            "ArithTuple(0,-2) o ((_2,_2),_1,_1):((_1@1,_8@0),_0,_0)",
        ),
        (
            format!("{mma4}.get_slice(130).partition_A({t})"),
            "gmem_ptr[16b](0x8) o ((_2,_2,_2),_1,_4):((_1,_512,_8),_0,_16)",
        ),
        (
            format!("{copy}.get_slice(128).partition_S({t})"),
            "gmem_ptr[16b]((nil)) o ((_8,_1),_1,_4):((_1,_0),_0,_16)",
        ),
        (
            format!("{copy}.get_slice(-3).partition_S({t})"),
            "gmem_ptr[16b](0xfffffffffffffe80) o ((_8,_1),_1,_4):((_1,_0),_0,_16)",
        ),
        (
            format!("{copy}.get_slice(1000).partition_S({t})"),
            "gmem_ptr[16b](0xc00) o ((_8,_1),_1,_4):((_1,_0),_0,_16)",
        ),
    ];
    for (stmt, want) in cases {
        assert_eq!(eval_cute(&format!("{stmt};")), want, "{stmt}");
    }
}

/// `local_partition` at a thread index outside its thread layout, past the end or negative, with
/// and without a projection, of pointer, counting and identity tensors, static and run-time
/// index: CuTe computes an answer (`get_flat_coord`'s `idx2crd` wraps or extrapolates it with
/// C++'s truncating `/` and `%`), and so does cute (cute-oracle's prints, CuTe C++ 4.7).
#[test]
fn local_partition_threads_outside_the_thread_layout_are_what_cute_computes() {
    let cases = [
        (
            r#"local_partition(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(Int<8>{},Int<8>{})), Layout<Shape<_2,_4>>{}, 9)"#,
            "gmem_ptr[32b](0x4) o (_4,_2):(_2,_32)",
        ),
        (
            r#"local_partition(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(Int<8>{},Int<8>{})), Layout<Shape<_2,_4>>{}, -3)"#,
            "gmem_ptr[32b](0xffffffffffffffdc) o (_4,_2):(_2,_32)",
        ),
        (
            r#"local_partition(make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(Int<8>{},Int<8>{},Int<4>{})), Layout<Shape<_2,_2,_2>>{}, 11, Step<_1,X,_1>{})"#,
            "gmem_ptr[16b](0x2) o (_4,_4,_4):(_2,_16,_64)",
        ),
        (
            r#"local_partition(make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), make_shape(Int<8>{},Int<8>{},Int<4>{})), Layout<Shape<_2,_2,_2>>{}, -5, Step<X,_1,_1>{})"#,
            "gmem_ptr[16b](0xfffffffffffffff0) o (_4,_4,_4):(_2,_16,_64)",
        ),
        (
            r#"local_partition(make_identity_tensor(make_shape(Int<8>{},Int<8>{})), Layout<Shape<_2,_4>,Stride<_4,_1>>{}, 13)"#,
            "ArithTuple(1,1) o (_4,_2):(_2@0,_4@1)",
        ),
        (
            r#"local_partition(make_identity_tensor(make_shape(Int<8>{},Int<8>{})), Layout<Shape<_2,_4>,Stride<_4,_1>>{}, -7)"#,
            "ArithTuple(-1,-3) o (_4,_2):(_2@0,_4@1)",
        ),
        (
            r#"local_partition(make_tensor(counting_iterator<int>(0), make_layout(make_shape(Int<8>{},Int<24>{}))), Layout<Shape<_2,_4>>{}, 100)"#,
            "counting_iter(16) o (_4,_6):(_2,_32)",
        ),
        (
            r#"local_partition(make_tensor(counting_iterator<int>(0), make_layout(make_shape(Int<8>{},Int<8>{},Int<4>{}))), Layout<Shape<_2,_2,_2>>{}, -9, Step<_1,_1,X>{})"#,
            "counting_iter(-1) o (_4,_4,_4):(_2,_16,_64)",
        ),
        (
            r#"local_partition(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(Int<8>{},Int<8>{})), Layout<Shape<_2,_4>>{}, int(9))"#,
            "gmem_ptr[32b](0x4) o (_4,_2):(_2,_32)",
        ),
        (
            r#"local_partition(make_tensor(make_gmem_ptr(static_cast<float*>(nullptr)), make_shape(Int<8>{},Int<8>{})), Layout<Shape<_2,_4>>{}, int(-1))"#,
            "gmem_ptr[32b](0xfffffffffffffffc) o (_4,_2):(_2,_32)",
        ),
    ];
    for (stmt, want) in cases {
        assert_eq!(eval_cute(&format!("{stmt};")), want, "{stmt}");
    }
}
