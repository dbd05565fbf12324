//! Issue 37: a struct of the program's own, as CUTLASS's tutorials declare their kernels' shared
//! storage (`template <…> struct SharedStorage { alignas(128) ArrayEngine<TA, cosize_v<L>> A; …
//! uint64_t tma_barrier[N]; };`): laid out as the compiler lays it out (`sizeof`, each member's
//! offset), `*reinterpret_cast<S*>(smem)` the object there, `smem.A.begin()` its member's
//! pointer, a member function's returned expression. `tests/oracle/structs.txt` is the program
//! CuTe 4.7 runs (`cute-oracle < tests/oracle/structs.txt > tests/golden/struct_layouts.txt`, exit 0):
//! its structs at file scope, each expression of a null-based `char*` cast to the struct, so the
//! offsets show; cute reads the same definitions and expressions.

use crate::helpers::{cute_format, golden_dir};

/// The oracle's program as cute reads it: the structs' definitions (between the program's
/// `return (ff(), 0);}` and `int ff(){`), then the expressions, one a line.
fn oracle_session() -> String {
    let path = golden_dir().join("../oracle/structs.txt");
    let text = std::fs::read_to_string(path).expect("tests/oracle/structs.txt");
    let mut lines = text.lines();
    let first = lines.next().expect("the definitions' line");
    let defs = first
        .split_once("return (ff(), 0);}")
        .and_then(|(_, r)| r.split_once(" int ff(){"))
        .map(|(d, _)| d.trim())
        .expect("the definitions between 'return (ff(), 0);}' and 'int ff(){'");
    let mut session = format!("{defs}\n");
    for l in lines.filter(|l| !l.trim().is_empty()) {
        session.push_str(l);
        session.push('\n');
    }
    session
}

#[test]
fn structs_lay_out_as_cute_compiles_them() {
    let want = std::fs::read_to_string(golden_dir().join("struct_layouts.txt")).expect("golden");
    let (out, err, code) = cute_format(&oracle_session());
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, want);
    assert_eq!(want.lines().count(), 32);
}

/// The tutorials' own flow (sgemm_sm80.cu, wgmma_sm90.cu): the struct instantiated through an
/// alias of the kernel's template parameters, the shared memory cast to it and bound to a
/// reference, a tensor over a member. The extern array's pointer is named (its address is the
/// launch's), so its members are named by their element offsets from it; `sizeof` is CuTe's
/// (the golden's 49152 for the same types).
#[test]
fn a_kernels_shared_storage_reads_as_the_tutorials_write_it() {
    let (out, err, code) = cute_format(
        "template <class TA, class TB, class ASmemLayout, class BSmemLayout>\n\
         struct SharedStorage\n{\n  cute::ArrayEngine<TA, cute::cosize_v<ASmemLayout>> A;\n  \
         cute::ArrayEngine<TB, cute::cosize_v<BSmemLayout>> B;\n};\n\
         using TA = cute::half_t;\n\
         auto sA = tile_to_shape(make_layout(make_shape(_128{}, _32{})), make_shape(_128{}, _32{}, _3{}));\n\
         using ASmemLayout = decltype(sA);\n\
         int smem_size = int(sizeof(SharedStorage<cute::half_t, cute::half_t, decltype(sA), decltype(sA)>));\n\
         print(smem_size); print(\"\\n\");\n\
         extern __shared__ char shared_memory[];\n\
         using SharedStorage = SharedStorage<TA, TA, ASmemLayout, ASmemLayout>;\n\
         SharedStorage& smem = *reinterpret_cast<SharedStorage*>(shared_memory);\n\
         Tensor sB = make_tensor(make_smem_ptr(smem.B.begin()), sA);\n\
         print(sB.data()); print(\"\\n\");\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "49152\nsmem_ptr[16b](shared_memory+12288)\n");
}

/// What is not modelled is refused by name, where it is written.
#[test]
fn what_a_struct_does_not_model_is_named() {
    for (input, message) in [
        (
            "struct Q { int a; float* p; };",
            "a pointer or reference member ('float* p') is not modelled",
        ),
        (
            "struct R { R() = delete; int a; };",
            "the constructor 'R() = delete' is not modelled",
        ),
        ("struct R { R(); int a; };", "is declared without a body"),
        (
            "struct V { int a[2] = {1, 2}; };",
            "a member with an initializer ('int a[2] = {1, 2}') is not modelled",
        ),
        (
            "struct R { R(int x) : a(x) {} int a; };\nR r(1, 2);",
            "no constructor of 'R' takes 2 arguments (its constructors take 1)",
        ),
        (
            "struct R { R(int x) : b(x) {} int a; };\nR r(1);",
            "the constructor of 'R' initializes 'b', which is no member of it",
        ),
        (
            "struct R { R() {} int a; };\nR r;\nr.a",
            "the member 'a' of an object of 'R' was never initialized: its value is indeterminate",
        ),
        (
            "struct A { int a; };\nA x{1, 2};",
            "the aggregate 'A' of 1 member is initialized from 2 values",
        ),
        (
            "struct P { int x; };\nP{1} == P{1}",
            "no operator== for an object of 'P' (its struct defines none",
        ),
        (
            "template <int V> struct Q { template <int W> friend bool operator==(Q const&, Q const&) { return true; } };\nQ<1>{} == Q<1>{}",
            "its template parameter 'W' is not deduced from the arguments' types",
        ),
        (
            "struct F { friend int operator+(F const&, F const&) { return 1; } };",
            "the friend 'operator+' is not modelled",
        ),
        (
            "template <class T, class U> struct N { N(T t) {} };\nN{1}",
            "the template arguments of 'N' are not all deduced from its constructor's parameters",
        ),
        (
            "template <class T> struct N { N(T t) {} };\nN{make_layout(4)}",
            "deducing 'T' of 'N' from a layout",
        ),
        (
            "cutlass::layout::TensorOpMultiplicandCrosswise<16, 128>::packed({8, 8})",
            "static_assert(kFactor > 0) fails",
        ),
        (
            "auto l = cutlass::layout::RowMajor::packed({8, 4});\nl(1, 2)",
            "operator() takes one coordinate, {row, column}",
        ),
        (
            "cutlass::layout::RowMajor::stride(1)",
            "cutlass::layout::RowMajor::stride is not modelled",
        ),
        ("struct W : X { int a; };", "a struct with a base class"),
        (
            "template <class T> struct S { cute::ArrayEngine<T, 8> A; };\nS<half_t> s;\ns.A",
            "the member 'A' of an object of 'S<half_t>' was never initialized",
        ),
        (
            "template <class T> struct S { cute::ArrayEngine<T, 8> A; alignas(16) uint64_t bar; };\nauto& r = *reinterpret_cast<S<half_t>*>(static_cast<char*>(nullptr));\nr.bar",
            "the member 'bar', a uint64_t: its value is the memory's",
        ),
        (
            "template <class T> struct S { cute::ArrayEngine<T, 8> A; };\nauto& r = *reinterpret_cast<S<half_t>*>(static_cast<char*>(nullptr));\nr.A.data()",
            "ArrayEngine<half_t, 8> has no data() in CuTe (it has begin())",
        ),
        (
            "template <class T> struct S { cute::ArrayEngine<T, 8> A; };\nsizeof(S<half_t, float>)",
            "the struct 'S' takes 1 template argument, got 2",
        ),
        (
            "template <class T> struct S { cute::ArrayEngine<T, 8> A; };\nauto p = reinterpret_cast<S<half_t>*>(static_cast<char*>(nullptr));\np.A",
            "'.A' of a pointer to 'S<half_t>': dereference it first ((*p).m, p->m)",
        ),
        (
            "template <class T> struct S { cute::ArrayEngine<T, 8> A; };\nsizeof(S<int4_t>)",
            "a struct's member of the 4-bit type 'int4_t' is not modelled",
        ),
        (
            "struct S { cute::ArrayEngine<half_t, sizeof(S)> A; };\nsizeof(S)",
            "the struct 'S' is instantiated or called inside itself deeper than 64 levels (the limit on nested calls)",
        ),
        (
            "template <class T> struct R { cute::ArrayEngine<T, 8> A; auto f() { return (*reinterpret_cast<R<T>*>(static_cast<char*>(nullptr))).f(); } };\n(*reinterpret_cast<R<float>*>(static_cast<char*>(nullptr))).f()",
            "the struct 'R' is instantiated or called inside itself deeper than 64 levels",
        ),
        (
            "*make_layout(4)",
            "'*' of a layout: cute models a pointer's dereference of a pointer to a struct",
        ),
    ] {
        let (_, err, code) = cute_format(&format!("{input}\n"));
        assert_eq!(code, 1, "{input}");
        assert!(err.contains(message), "{input}: {err}");
    }
}

/// Structs with constructors (member initializer lists, default member initializers, default
/// arguments, a body that assigns the members, each scalar member converted to its type),
/// aggregates, friend comparisons (templates among them, deduced from the arguments' types),
/// C++17's deduction of a class template's arguments from a
/// constructor (`Nonempty{7}`), member functions of statements
/// and CUTLASS 2's layouts (`cutlass::layout::ColumnMajor`, the TensorOp multiplicands) as
/// test/unit/cute/layout/layout_operator.cu's Testbed compares them with CuTe's.
/// `tests/oracle/struct_constructors.txt` is the program CuTe 4.7 runs
/// (`cute-oracle "$(cat tests/oracle/struct_constructors.txt)" >
/// tests/golden/struct_constructors.txt`): its definitions at file scope, then its statements;
/// cute reads the same definitions and statements.
#[test]
fn structs_construct_as_cute_compiles_them() {
    let path = golden_dir().join("../oracle/struct_constructors.txt");
    let text = std::fs::read_to_string(path).expect("tests/oracle/struct_constructors.txt");
    let (head, rest) = text
        .split_once("int ff(){ printf(\"%s\",\"\");\n")
        .expect("the statements after 'int ff(){'");
    let defs = head
        .split_once("#include <cutlass/layout/layout.h>\n")
        .expect("the definitions after the include")
        .1;
    let stmts = rest.rsplit_once("return 0").expect("the last line").0;
    let want =
        std::fs::read_to_string(golden_dir().join("struct_constructors.txt")).expect("golden");
    let (out, err, code) = cute_format(&format!("{defs}{stmts}"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, want);
    assert_eq!(want.lines().count(), 22);
}

/// Anonymous unions and structs nest at most 32 deep (the reader recurses into each).
#[test]
fn nested_unions_stop_at_the_limit() {
    let input = format!(
        "struct D {{ {} int x; {} }};\n",
        "union { ".repeat(40),
        "} u; ".repeat(40)
    );
    let (_, err, code) = cute_format(&input);
    assert_eq!(code, 1);
    assert!(
        err.contains("anonymous unions and structs nested more than 32 deep (the limit)"),
        "{err}"
    );
}

/// A namespace of the program's own (tuple.cpp's `namespace pt_test { … }`, issue 37): its
/// functions (a template, one calling another unqualified, a nested namespace's) called as
/// `NS::f`, after `using NS::f;` and `using namespace NS;`; a using-declaration of a name it
/// does not define is an error naming it. Expectations: cute-oracle, the namespace at file
/// scope (`int body(); return body(); }` before it).
#[test]
fn a_namespace_of_the_programs_own_defines_its_functions() {
    let block = "namespace ns_test {\ntemplate <class L>\nauto flat(L const& l) { return coalesce(l); }\n\
                 int plus_one(int x) { return x + 1; }\n\
                 namespace inner { int twice(int x) { return plus_one(x) * 2; } }\n}\n\
                 print(ns_test::flat(make_layout(make_shape(_2{}, _4{})))); printf(\" \");\n\
                 print(ns_test::plus_one(3)); printf(\" \");\nusing ns_test::plus_one;\n\
                 print(plus_one(4)); printf(\" \");\nprint(ns_test::inner::twice(5)); printf(\" \");\n\
                 using namespace ns_test;\nprint(flat(Layout<Shape<_2,_3>>{}));\n";
    let (out, err, code) = cute_format(block);
    assert_eq!((out.as_str(), code), ("_8:_1 4 5 12 _6:_1", 0), "{err}");
    let (_, err, code) = cute_format(&format!("{block}using ns_test::minus_one;\n"));
    assert_eq!(code, 1);
    assert!(
        err.contains("a using-declaration of 'ns_test::minus_one': the namespace 'ns_test' defines no function or struct of that name"),
        "{err}"
    );
}

/// A namespace's names are scoped as C++ scopes them: `namespace test { void print(int); int
/// rank(int); }` changes nothing outside it (`print(3)`, `rank(shape)` are CuTe's); inside it
/// (its functions' bodies, a nested namespace's) and after `using namespace test;` its own are
/// found. Expectations: cute-oracle, the namespace at file scope.
#[test]
fn a_namespaces_names_do_not_shadow_cutes_outside_it() {
    let block = "namespace test {\nvoid print(int x) { printf(\"mine%d\", x); }\n\
                 int rank(int x) { return x * 100; }\nvoid show(int x) { print(x); }\n\
                 namespace inner { void both(int x) { print(x); show(x + 1); } }\n}\n\
                 print(3); printf(\" \");\ntest::print(4); printf(\" \");\n\
                 test::show(5); printf(\" \");\ntest::inner::both(6); printf(\" \");\n\
                 print(rank(make_shape(_2{}, _4{}))); printf(\" \");\n\
                 print(test::rank(3)); printf(\" \");\nusing namespace test;\nshow(8);\n";
    let (out, err, code) = cute_format(block);
    assert_eq!(
        (out.as_str(), code),
        ("3 mine4 mine5 mine6mine7 _2 300 mine8", 0),
        "{err}"
    );
}

/// `int x = s;` of an object of a struct without a conversion function (`operator T()`) is
/// no C++: an error naming it, not the object bound to an `int`.
#[test]
fn an_integer_from_a_struct_without_a_conversion_function_is_an_error() {
    let (_, err, code) = cute_format(
        "template <class T> struct W { W(T val) : val_(val) {} T val_ = 0; };\nint e = W{3};\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "an integer is initialized from an object of 'W<int>', which has no conversion function"
        ),
        "{err}"
    );
}

/// An alias template that names itself stops at the limit on nested calls (no hang, no stack
/// overflow), as g++ refuses it.
#[test]
fn an_alias_template_naming_itself_stops_at_the_limit() {
    let (_, err, code) = cute_format("template <class T> using Loop = Loop<T>;\nLoop<int>{}\n");
    assert_eq!(code, 1);
    assert!(err.contains("deeper than 64 levels"), "{err}");
}

/// CuTe's `bit_field<BitStart, NumBits[, T]>` (container/bit_field.hpp, bitfield.cpp): a value
/// that masks on assignment, read back by conversion (`uint64_t(bf)`, `float(bf)` of a
/// `bit_field<S, 32, float>`), its static members as the header computes them, in a
/// `for_each` over `make_int_range` as bitfield.cpp loops. Expectations: cute-oracle
/// (`cute-oracle "$(cat tests/oracle/bit_fields.txt)" > tests/golden/bit_fields.txt`).
#[test]
fn bit_fields_mask_as_cute_does() {
    let path = golden_dir().join("../oracle/bit_fields.txt");
    let text = std::fs::read_to_string(path).expect("tests/oracle/bit_fields.txt");
    let stmts = text
        .split_once("int ff(){ printf(\"%s\",\"\");\n")
        .expect("the statements after 'int ff(){'")
        .1
        .rsplit_once("return 0")
        .expect("the last line")
        .0;
    let want = std::fs::read_to_string(golden_dir().join("bit_fields.txt")).expect("golden");
    let (out, err, code) = cute_format(stmts);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, want);
    let (_, err, code) = cute_format("using B = bit_field<0, 65>;\nB b{};\n");
    assert_eq!(code, 1);
    assert!(err.contains("0 < NumBits && NumBits <= 64"), "{err}");
    let (_, err, code) = cute_format("using B = bit_field<0, 16, float>;\nB b{};\n");
    assert_eq!(code, 1);
    assert!(err.contains("sizeof(OtherValueType) must be same"), "{err}");
}

/// A struct's call operator (`template <class T> T operator()(const T& arg) const`, as
/// test/unit/cute/volta/cooperative_gemm.cu's `increment_by_x` and `convert_to` have it): an
/// object called (`aload(2.0f)`, a temporary's `increment_by_x<float>{1.111f}(1.0f)`), an
/// empty functor's `S<…>{}` value-initialized, a member function returning any type.
/// Expectations: cute-oracle (`cute-oracle "$(cat tests/oracle/struct_call_operators.txt)" >
/// tests/golden/struct_call_operators.txt`).
#[test]
fn struct_call_operators_as_cute_compiles_them() {
    let path = golden_dir().join("../oracle/struct_call_operators.txt");
    let text = std::fs::read_to_string(path).expect("tests/oracle/struct_call_operators.txt");
    let (head, rest) = text
        .split_once("int ff(){ printf(\"%s\",\"\");\n")
        .expect("the statements after 'int ff(){'");
    let defs = head.split_once('\n').expect("the definitions").1;
    let stmts = rest.rsplit_once("return 0").expect("the last line").0;
    let want =
        std::fs::read_to_string(golden_dir().join("struct_call_operators.txt")).expect("golden");
    let (out, err, code) = cute_format(&format!("{defs}{stmts}"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, want);
}
