//! Pointers and tensors over them (issue 37): `make_gmem_ptr`, `make_smem_ptr`, `make_rmem_ptr`
//! of a typed pointer, `make_tensor` over one and owning `make_tensor<T>`, and how slicing,
//! tiling, partitioning, `.data()`, `T(i, j)` and `&T(i, j)` move the pointer.

use cute::eval::{Env, Outcome};
use cute::render::{code, plain};

use crate::helpers::{assert_round_trips, check_cases, eval_line};

/// Cases checked against CuTe C++ 4.7 (cute-oracle) with null-based pointers: CuTe's printout
/// with the static `_` removed, and an owning tensor's stack address as `stack`.
#[test]
fn oracle_checked_cases() {
    check_cases("pointers_oracle.tsv");
}

/// Issue 37: sub-byte pointers (a plain `int4b_t*`, CuTe's `subbyte_iterator`), `recast_ptr`,
/// `recast<T>(tensor)`, owning sub-byte tensors, a tiled MMA's register fragments
/// (`partition_fragment_A/B/C`, `make_fragment_A/B/C`: owning tensors of the atom's value
/// types) and the inverses of composed layouts, each answer checked with cute-oracle in
/// `--format cute` (an owning tensor's stack address as `stack`), kept here in the plain notation.
#[test]
fn sub_byte_pointers_recast_and_fragments_as_cute() {
    check_cases("pointers_subbyte_oracle.tsv");
}

/// Issue 37: what CuTe does not compile is the error that names it.
#[test]
fn composed_layouts_where_cute_has_no_answer() {
    let sw = "composition(Swizzle<2,0,3>{}, Int<0>{}, make_layout(Shape<_8,_8>{}))";
    let got = eval_line(&format!("dice(make_coord(_,2), {sw})"));
    assert!(
        got.contains("CuTe has no dice of a composed layout"),
        "{got}"
    );
    assert_eq!(
        eval_line(&format!("slice(make_coord(_,2), {sw})")),
        eval_line(&format!("{sw}(_,2)"))
    );
}

/// The statements of one session, each expression's value printed (or `error: …`);
/// assignments and declarations print nothing.
fn session(stmts: &[&str]) -> Vec<String> {
    let mut env = Env::new();
    let mut out = Vec::new();
    for s in stmts {
        match env.run(s) {
            Ok(Outcome::Value(v)) => {
                let printed = plain::render(&v);
                out.push(printed);
            }
            Ok(_) => {}
            Err(e) => out.push(format!("error: {}", e.message)),
        }
    }
    out
}

#[test]
fn declared_pointers_are_named() {
    assert_eq!(
        session(&[
            "half_t const* A;",
            "make_tensor(make_gmem_ptr(A), make_shape(8,24))",
            "local_tile(make_tensor(make_gmem_ptr(A), make_shape(64,64)), make_shape(16,8), make_coord(1,2))",
            "float* __restrict__ B,",
            "make_tensor(make_smem_ptr(B), make_shape(8,24))(_,3)",
            "&make_tensor(make_smem_ptr(B), make_shape(8,24))(1,3)",
            "make_gmem_ptr(A) + 3",
        ]),
        [
            "gmem_ptr[16b](A) o (8,24):(1,8)",
            "gmem_ptr[16b](A+1040) o (16,8):(1,64)",
            "smem_ptr[32b](B+24) o (8):(1)",
            "ptr[32b](B+25)",
            "gmem_ptr[16b](A+3)",
        ]
    );
}

#[test]
fn a_kernel_template_type_serves_where_its_width_does_not_matter() {
    assert_eq!(
        session(&[
            "TA const* A,",
            "gA = make_tensor(make_gmem_ptr(A), make_shape(128,64))",
            "local_tile(gA, make_shape(32,16), make_coord(2,1))",
            "gA(3,1)",
            "TA* N = nullptr;",
            "static_cast<TA*>(nullptr)",
        ]),
        [
            "gmem_ptr[TA](A+2112) o (32,16):(1,128)",
            "gmem_ptr[TA](A+131)",
            "error: pointer: a pointer at nullptr (its address) needs the width of the element type 'TA', which is not one CuTe names (half_t, bfloat16_t, float, double, int8_t, uint8_t, tfloat32_t, float_e4m3_t, ...)",
            "error: pointer: a pointer at nullptr (its address) needs the width of the element type 'TA', which is not one CuTe names (half_t, bfloat16_t, float, double, int8_t, uint8_t, tfloat32_t, float_e4m3_t, ...)",
        ]
    );
}

#[test]
fn a_declared_pointer_with_an_initializer() {
    assert_eq!(
        session(&[
            "half_t* p = nullptr;",
            "p + 4",
            "auto* q = make_gmem_ptr(p) + 3;",
            "q",
            "float* r = q;",
            "float* s = make_layout(4);",
        ]),
        [
            "ptr[16b](0x8)",
            "gmem_ptr[16b](0x6)",
            "error: float* r initialised with gmem_ptr[16b](0x6), a pointer to elements of another width",
            "error: float* s is initialised with a pointer (nullptr, make_gmem_ptr(...), T.data()), found a layout",
        ]
    );
}

#[test]
fn printed_pointers_and_tensors_read_back() {
    for printed in [
        "gmem_ptr[16b]((nil))",
        "gmem_ptr[16b](0x108) o (4,8):(1,4)",
        "smem_ptr[32b](0xfffffffffffffff4)",
        "ptr[32b](stack) o (4,8):(1,4)",
        "ptr[32b](stack+9)",
        "gmem_ptr[16b](A+132) o (4,8):(1,8)",
        "gmem_ptr[TA](A-4) o (4):(1)",
        "ptr[8b](0x9)",
        "smem_ptr[16b](0x80) o Sw<3,3,3> o 0 o (8,64):(64,1)",
        "smem_ptr[16b](A+4) o Sw<3,3,3> o 16 o (8,16):(64,1)",
    ] {
        assert_round_trips(printed);
    }
}

#[test]
fn cpp_forms_read_back() {
    let stmts = [
        "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)) + 132, make_shape(4,8))",
        "make_tensor<float>(Shape<_4,_8>{})",
        "make_tensor<float>(Shape<_4,_8>{})(_,3)",
        "&make_tensor<double>(Shape<_4,_8>{})(1,2)",
        "make_smem_ptr(static_cast<int8_t*>(nullptr)) + -3",
        "static_cast<float*>(nullptr) - 3",
        "make_tensor(make_smem_ptr(static_cast<bfloat16_t*>(nullptr)), make_shape(4,8))(_,2)",
        "make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)) + 64, Sw<3,3,3> o (8,64):(64,1))",
    ];
    for s in stmts {
        let mut env = Env::new();
        let Ok(Outcome::Value(v)) = env.run(s) else {
            panic!("{s} has no value")
        };
        let text = code::cpp(&v).expect("a C++ form");
        let Ok(Outcome::Value(back)) = Env::new().run(&text) else {
            panic!("{text} does not read back")
        };
        assert_eq!(back, v, "{s}: {text}");
    }
    // a named pointer's form reads back where the pointer is declared
    let mut env = Env::new();
    env.run("half_t const* A;").unwrap();
    let Ok(Outcome::Value(v)) = env.run("make_tensor(make_gmem_ptr(A) + 7, make_shape(4,8))")
    else {
        panic!("no value")
    };
    let text = code::cpp(&v).unwrap();
    assert_eq!(
        text,
        "make_tensor(make_gmem_ptr(A) + 7, Layout<Shape<_4,_8>,Stride<_1,_4>>{})"
    );
    let Ok(Outcome::Value(back)) = env.run(&text) else {
        panic!("{text} does not read back")
    };
    assert_eq!(back, v);
}

#[test]
fn bad_pointers_are_errors_that_name_them() {
    for (s, want) in [
        (
            "static_cast<foo_t*>(nullptr)",
            "the element type 'foo_t', which is not one CuTe names",
        ),
        ("make_gmem_ptr(nullptr)", "nullptr has no element type"),
        ("make_gmem_ptr(A)", "undefined variable 'A'"),
        (
            // a subbyte_iterator between bytes: CuTe's assert(x.idx_ == 0) (raw_pointer_cast)
            "recast_ptr<half_t>(recast_ptr<int4b_t>(make_gmem_ptr(static_cast<uint8_t*>(nullptr))) + 3)",
            "is 12 bits past its base, not a whole number of 16-bit elements",
        ),
        (
            "make_tensor<foo_t>(make_shape(4,8))",
            "'foo_t' is neither a variable nor an element type",
        ),
        (
            "make_tensor(nullptr, make_shape(4,8))",
            "the pointer needs its element type",
        ),
        (
            "make_gmem_ptr(static_cast<half_t*>(nullptr)) - 2",
            "CuTe's gmem_ptr has no operator-",
        ),
        (
            "make_smem_ptr(make_gmem_ptr(static_cast<half_t*>(nullptr)))",
            "already tagged gmem_ptr",
        ),
        (
            "make_gmem_ptr(static_cast<half_t*>(nullptr)) + (4,8):(1,4)",
            "a pointer moves by an integer number of elements",
        ),
        ("gmem_ptr[12b](0x10)", "12-bit elements"),
        ("gmem_ptr[0b](0x10)", "a width is at least 1 bit"),
        ("gmem_ptr[16b](A+x)", "'x' is not an element offset"),
        (
            "&(4,8):(1,4)",
            "'&' takes an element of a tensor over memory",
        ),
        (
            "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)), (4,8):(1@0,1@1))",
            "cannot have the basis strides",
        ),
        (
            "make_gmem_ptr(static_cast<half_t*>(nullptr)) + 4611686018427387904",
            "overflow",
        ),
    ] {
        let got = eval_line(s);
        assert!(
            got.starts_with("error: ") && got.contains(want),
            "{s}: expected an error containing {want:?}, got {got:?}"
        );
    }
}

#[test]
fn a_product_of_two_variables_is_no_declaration() {
    assert_eq!(
        session(&["A = (4,8):(1,4)", "B = 2:1", "A * B", "A * B;"]),
        ["((4,8),2):((1,4),32)", "((4,8),2):((1,4),32)"]
    );
}

/// The CuTe DSL's `cute.make_ptr(dtype, value, mem_space)`: `value` is the byte address (the
/// DSL prints a traced pointer without it, `ptr<f16, gmem>`; `cute` keeps it).
#[test]
fn dsl_pointers() {
    assert_eq!(
        session(&[
            "cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem)",
            "cute.make_tensor(cute.make_ptr(cutlass.Float16, 264, cute.AddressSpace.gmem), cute.make_layout((4,8)))",
            "cute.make_ptr(cutlass.Float32, 12, mem_space=cute.AddressSpace.smem)",
            "cute.make_ptr(cutlass.Int8, 12)",
            "cute.make_ptr(cutlass.Float32, 13)",
            "cute.make_ptr(cutlass.Foo, 12)",
        ]),
        [
            "gmem_ptr[16b](0x108)",
            "gmem_ptr[16b](0x108) o (4,8):(1,4)",
            "smem_ptr[32b](0xc)",
            "ptr[8b](0xc)",
            "error: pointer: address 0xd is not a multiple of the element size, 4 bytes (the DSL assumes its pointers aligned to their elements)",
            "error: make_ptr: 'Foo' is not a numeric type of the DSL (cutlass.Float16, cutlass.Int8, ...)",
        ]
    );
}

/// A null-based pointer at an address its elements are not aligned to (what `recast_ptr`
/// makes of one; CuTe reinterprets the address) reads back as itself and moves by whole
/// elements from there (cute-oracle: `recast_ptr<half_t>(recast_ptr<float>(make_gmem_ptr(
/// static_cast<uint8_t*>(nullptr)) + 3) + 2)` is `gmem_ptr[16b](0xb)`).
#[test]
fn misaligned_addresses_read_back_and_move() {
    assert_eq!(
        session(&[
            "gmem_ptr[16b](0x107)",
            "gmem_ptr[16b](0x107) + 2",
            "make_tensor(gmem_ptr[64b](0x4), make_shape(4,2))(_,1)",
            "recast_ptr<half_t>(make_gmem_ptr(static_cast<int4b_t*>(nullptr)) + 3)",
        ]),
        [
            "gmem_ptr[16b](0x107)",
            "gmem_ptr[16b](0x10b)",
            "gmem_ptr[64b](0x24) o (4):(1)",
            "gmem_ptr[16b](0x3)"
        ]
    );
}

#[test]
fn dsl_forms_read_back() {
    for s in [
        "make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)) + 132, make_shape(4,8))",
        "make_smem_ptr(static_cast<float*>(nullptr)) + -3",
        "static_cast<int8_t*>(nullptr) + 7",
    ] {
        let Ok(Outcome::Value(v)) = Env::new().run(s) else {
            panic!("{s} has no value")
        };
        let text = code::dsl(&v).expect("a DSL form");
        let Ok(Outcome::Value(back)) = Env::new().run(&text) else {
            panic!("{text} does not read back")
        };
        assert_eq!(back, v, "{s}: {text}");
    }
    let Ok(Outcome::Value(v)) = Env::new().run("make_tensor<float>(make_shape(4,8))") else {
        panic!("no value")
    };
    assert!(
        code::dsl(&v).is_err(),
        "an owning tensor has no address to write"
    );
}

#[test]
fn json_describes_the_pointer() {
    let mut env = Env::new();
    let Ok(Outcome::Value(v)) =
        env.run("make_tensor(make_gmem_ptr(static_cast<half_t*>(nullptr)) + 132, make_shape(4,8))")
    else {
        panic!("no value")
    };
    let j = cute::render::json::to_json(&v, &Default::default()).expect("json");
    assert_eq!(j["kind"], "offset_layout");
    assert_eq!(j["offset"]["kind"], "pointer");
    assert_eq!(j["offset"]["space"], "gmem_ptr");
    assert_eq!(j["offset"]["elem_bits"], 16);
    assert_eq!(j["offset"]["address"], 264);
    assert_eq!(j["offset"]["offset"], 132);
    assert_eq!(j["text"], "gmem_ptr[16b](0x108) o (4,8):(1,4)");
}
