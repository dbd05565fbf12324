#!/usr/bin/env python3
"""Expectations for typed integral constants and arrays (issue 37, session 29): each expression
below, printed by CuTe 4.7's `print()` through /work/shared/tools/cute-oracle, into
tests/golden/typed_constants.tsv (expression, TAB, what CuTe prints). The integration test
tests/integration/typed_constants.rs checks `cute eval --format cute` against it.

    python3 tests/oracle/gen_typed_constants.py
"""
import pathlib
import subprocess

ORACLE = "/work/shared/tools/cute-oracle"
OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "typed_constants.tsv"

TYPES = ["int", "uint32_t", "int64_t", "bool", "size_t"]


def value(t, v=5):
    return "true" if t == "bool" else str(v)


def cases():
    out = []
    for t in TYPES:
        c = f"integral_constant<{t},{value(t)}>"
        out += [
            f"{c}{{}}",
            f"is_same_v<{c}, Int<{value(t)}>>",
            f"is_same_v<{c}, {c}>",
            f"is_same_v<{c}, integral_constant<{t},{value(t, 0) if t != 'bool' else 'false'}>>",
            f"sizeof({c})",
            f"sizeof(decltype({c}{{}})::value_type)",
            f"decltype({c}{{}})::value",
            f"is_constant<{1 if t == 'bool' else 5}, {c}>::value",
            f"is_static_v<{c}>",
            f"is_integral<{c}>::value",
        ]
        for u in TYPES:
            out.append(f"is_same_v<decltype({c}{{}})::value_type, {u}>")
            out.append(f"is_same_v<typename decltype({c}{{}})::value_type, {u}>")
    # C++'s conversions in C<t op u>: the value type of a sum, a product, a shift
    for t in TYPES:
        for u in TYPES:
            a = f"integral_constant<{t},{value(t, 1)}>{{}}"
            b = f"integral_constant<{u},{value(u, 1)}>{{}}"
            out.append(f"{a} + {b}")
            for w in TYPES:
                out.append(f"is_same_v<decltype({a} * {b})::value_type, {w}>")
    out += [
        "integral_constant<uint32_t,5>{} * Int<2>{}",
        "integral_constant<uint32_t,-1>{}",
        "integral_constant<bool,2>{}",
        "is_same_v<decltype(integral_constant<uint32_t,5>{} * Int<2>{})::value_type, uint32_t>",
        "is_same_v<decltype(integral_constant<int,3>{} + Int<2>{}), Int<5>>",
        "is_same_v<decltype(Int<3>{} + Int<2>{}), Int<5>>",
        "integral_constant<uint32_t,7>{} / Int<2>{}",
        "integral_constant<int64_t,-7>{} % Int<3>{}",
        "integral_constant<uint32_t,1>{} << Int<31>{}",
        "-integral_constant<uint32_t,5>{}",
        "-integral_constant<int64_t,5>{}",
        "~integral_constant<uint32_t,0>{}",
        "~integral_constant<size_t,0>{}",
        "!integral_constant<int64_t,0>{}",
        "integral_constant<uint32_t,5>{} - Int<6>{}",
        "Int<-1>{} + integral_constant<uint32_t,0>{}",
        "integral_constant<uint32_t,5>{} == Int<5>{}",
        "(integral_constant<int,-1>{} < integral_constant<uint32_t,1>{})",
        "(integral_constant<int,-1>{} < integral_constant<int64_t,1>{})",
        "integral_constant<uint32_t,5>{} * 2",
        "integral_constant<uint32_t,0>{} * 7",
        "is_constant<0, decltype(integral_constant<uint32_t,3>{} * Int<0>{})>::value",
        "is_constant<6, decltype(integral_constant<uint32_t,3>{} * Int<2>{})>::value",
        "make_shape(integral_constant<uint32_t,4>{}, Int<2>{})",
        "make_layout(make_shape(integral_constant<uint32_t,4>{}, Int<2>{}))",
        "size(make_layout(make_shape(integral_constant<int64_t,4>{}, Int<2>{})))",
        "make_layout(make_shape(integral_constant<size_t,4>{}, 3), make_stride(Int<1>{}, integral_constant<int64_t,4>{}))",
        "make_integer_sequence<uint32_t, 3>{}",
        "make_integer_sequence<int64_t, 0>{}",
        "make_index_sequence<2>{}",
        "get<2>(make_integer_sequence<int64_t,3>{})",
        "is_same_v<decltype(get<1>(make_integer_sequence<uint32_t,4>{})), integral_constant<uint32_t,1>>",
        "is_same_v<decltype(get<1>(make_integer_sequence<uint32_t,4>{})), Int<1>>",
        "is_same_v<decltype(get<1>(make_index_sequence<4>{}))::value_type, size_t>",
        "reverse(make_integer_sequence<uint32_t, 3>{})",
        "is_same_v<decltype(get<0>(reverse(make_integer_sequence<uint32_t, 3>{}))), integral_constant<uint32_t,2>>",
        "is_same_v<decltype(get<1>(make_int_range<0,3>{})), integral_constant<int,1>>",
        "is_same_v<decltype(get<1>(make_int_sequence<3>{})), Int<1>>",
        "is_same_v<decltype(get<1>(int_sequence<0,1,2>{})), integral_constant<int,1>>",
        "is_same_v<decltype(get<1>(index_sequence<0,1,2>{})), integral_constant<size_t,1>>",
        "is_same_v<decltype(get<1>(make_seq<3>{})), integral_constant<int,1>>",
        "is_same_v<decltype(get<1>(seq<0,1,2>{})), integral_constant<int,1>>",
        "is_same_v<decltype(get<1>(integer_sequence<uint32_t,0,1,2>{})), integral_constant<uint32_t,1>>",
        "is_same_v<decltype(make_int_sequence<2>{}), int_sequence<0,1>>",
        "is_same_v<decltype(make_index_sequence<2>{}), index_sequence<0,1>>",
        "is_same_v<decltype(make_int_sequence<2>{}), index_sequence<0,1>>",
        "integer_sequence<int64_t,3,1>{}",
        "size(make_int_range<1,4>{})",
        "make_layout(make_int_range<1,4>{})",
        "reverse(int_sequence<1,2,3>{})",
        # C<v>: v's type (Int<v> is C<v> of an int; true_type is C<true>)
        "C<5u>{}",
        "C<5ul>{} + Int<1>{}",
        "-C<5u>{}",
        "C<true>{}",
        "is_same_v<C<3>, Int<3>>",
        "is_same_v<C<5u>, integral_constant<uint32_t,5>>",
        "is_same_v<decltype(C<5u>{})::value_type, uint32_t>",
        "is_same_v<decltype(C<5ul>{})::value_type, size_t>",
        "is_same_v<decltype(C<5l>{})::value_type, int64_t>",
        "is_same_v<decltype(C<true>{})::value_type, bool>",
        "is_same_v<decltype(C<3>{})::value_type, int>",
        "is_same_v<C<true>, true_type>",
        "is_same_v<C<1>, C<true>>",
        "is_same_v<bool_constant<false>, false_type>",
        "is_same_v<decltype(integral_constant<uint32_t,5>{} * Int<2>{}), C<10u>>",
        "is_same_v<decltype(integral_constant<uint32_t,5>{} * Int<2>{}), integral_constant<uint32_t,10>>",
        "is_same_v<decltype(integral_constant<int64_t,5>{} == Int<5>{}), true_type>",
        "is_same_v<decltype(!integral_constant<int64_t,5>{}), false_type>",
        "is_same_v<decltype(+integral_constant<bool,true>{}), Int<1>>",
        "sizeof(C<5u>)",
        "sizeof(Int<3>)",
        "sizeof(int)",
        # cute::array<T, N>
        "cute::array<int,3>{1,2}",
        "cute::array<int,0>{}",
        "cute::array<int,3>{}",
        "cute::array<float,2>{1.5f}",
        "cute::array<bool,2>{true}",
        "cute::array<uint32_t,2>{5u, 7u}",
        "cute::array<int64_t,2>{-5}",
        "reverse(cute::array<int,3>{1,2,3})",
        "reverse(cute::array<float,2>{1.125f, 2.25f})",
        "size(cute::array<int,3>{1,2,3})",
        "rank(cute::array<int,3>{1,2,3})",
        "get<1>(cute::array<float,3>{1,2,3})",
        "get<0>(reverse(cute::array<int,2>{123,456}))",
        "tuple_size_v<cute::array<int,3>>",
        "is_same_v<decltype(reverse(cute::array<int,3>{1,2,3})), cute::array<int,3>>",
        "is_same_v<cute::array<int,2>, tuple<int,int>>",
        "is_same_v<cute::array<float,2>, cute::array<int,2>>",
        "is_same_v<cute::array<int,2>, cute::array<int,3>>",
        "sizeof(cute::array<int,3>)",
        "cute::array<int,2>{1,2} == cute::array<int,2>{1,2}",
        "cute::array<int,2>{1,2} != cute::array<int,2>{1,2}",
        "cute::array<int,2>{1,2} == cute::array<int,2>{1,3}",
        "cute::array<float,2>{1.5f} == cute::array<float,2>{1.5f, 0.0f}",
        "integral_constant<uint32_t,3>{} && 0",
        "integral_constant<uint32_t,0>{} || 1",
        "E<0>{} * integral_constant<uint32_t,3>{}",
        "int(integral_constant<uint32_t,3>{})",
        "make_tuple(integral_constant<uint32_t,3>{}, 2)",
        "make_layout(make_shape(_4{},_2{}))(integral_constant<uint32_t,1>{})",
        # the standard library's std::integral_constant (msvc_compilation/tuple.cpp's `IC`): a
        # static integer to CuTe's traits and tuples, its arithmetic the value's (C++ converts
        # it), a class of its own (CuTe's print of it is ambiguous: not printed here)
        "std::integral_constant<int,42>{} + 1",
        "Int<3>{} + std::integral_constant<int,42>{}",
        "std::integral_constant<size_t,43>{} * 2",
        "-std::integral_constant<int,5>{}",
        "std::integral_constant<int,42>{} == 42",
        "std::integral_constant<int,42>::value",
        "is_static_v<std::integral_constant<int,42>>",
        "is_same_v<std::integral_constant<int,43>, integral_constant<int,43>>",
        "is_same_v<std::integral_constant<int,43>, Int<43>>",
        "is_same_v<std::integral_constant<int,43>, std::integral_constant<long,43>>",
        "is_same_v<std::integral_constant<int,43>, std::integral_constant<int,43>>",
        "get<0>(tuple<int, std::integral_constant<int,43>>{41, std::integral_constant<int,43>{}})",
        "is_same_v<decltype(get<1>(tuple<int, std::integral_constant<int,43>>{41, std::integral_constant<int,43>{}})), std::integral_constant<int,43>>",
        "is_same_v<decltype(get<1>(tuple<int, std::integral_constant<int,43>>{41, std::integral_constant<int,43>{}})), Int<43>>",
        "make_tuple(integral_constant<uint32_t,3>{}, Int<2>{})",
        "is_same_v<decltype(make_tuple(integral_constant<uint32_t,3>{}, 2)), tuple<integral_constant<uint32_t,3>, int>>",
        # a tuple of floating elements (tuple.cpp's `tuple<int, double> pt{1, 2.5}`): each
        # element of its type, the value converted as the constructor's parameter converts it
        "tuple<float, int>{15.5f, 7}",
        "tuple<double, float, int>{105.5, 15.5f, 7}",
        "get<0>(tuple<float, int>{15.5f, 7})",
        "tuple<float, int>{1e20f, 7}",
        "tuple<float, int>{1, 7}",
        "tuple<double, int>{0.1f, 7}",
        "tuple<float, int>{0.1, 7}",
        "get<1>(tuple<int, double>{1, 2.5}) + get<0>(tuple<float, int>{1.5f, 2})",
        "is_same_v<remove_cvref_t<decltype(get<1>(tuple<int, double>{1, 2.5}))>, double>",
        "is_same_v<remove_cvref_t<decltype(get<1>(tuple<int, double>{1, 2.5}))>, float>",
        "is_same_v<remove_cvref_t<decltype(get<0>(tuple<float, int>{1.5f, 2}))>, decltype(2.5f)>",
        "is_same_v<remove_cvref_t<decltype(get<0>(tuple<float, int>{1.5f, 2}))>, decltype(2.5)>",
    ]
    return out


def main():
    exprs = cases()
    r = subprocess.run([ORACLE, *exprs], capture_output=True, text=True, check=True)
    lines = r.stdout.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(exprs), (len(lines), len(exprs))
    rows = [f"{e}\t{o}" for e, o in zip(exprs, lines)]
    OUT.write_text("\n".join(rows) + "\n")
    print(f"{len(rows)} cases -> {OUT}")


if __name__ == "__main__":
    main()
