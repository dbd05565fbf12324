"""The Python API: objects, their members and protocols, pictures, explanations, help."""

import pickle

import pytest

import cutelayout as cute


def L(shape, stride=None):
    return cute.make_layout(shape, stride=stride) if stride is not None else cute.make_layout(shape)


def test_layout_members():
    a = L((4, 8), (8, 1))
    assert isinstance(a, cute.Layout) and isinstance(a, cute.Value)
    assert a.shape == (4, 8)
    assert a.stride == (8, 1)
    assert L((4, (2, 8))).shape == (4, (2, 8))
    assert repr(a) == str(a) == "(4,8):(8,1)"
    assert a.kind == "a layout"


def test_layout_call_and_index():
    a = L((4, 8), (8, 1))
    assert a(13) == 11
    assert a(1, 2) == 10
    assert a((1, 2)) == 10
    assert str(a[1]) == "8:1"
    assert str(a[None, 2]) == "(4):(8)"
    assert str(a(None, 2)) == "(4):(8)"
    assert str(L((4, (2, 8)))[1, 0]) == "2:4"


def test_equality_and_hash():
    a = L((4, 8), (8, 1))
    b = cute.make_layout((4, 8), stride=(8, 1))
    c = L((4, 8))
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert len({a, b, c}) == 2
    assert (a == (4, 8)) is False


def test_values_and_numpy():
    a = L((2, 3), (3, 1))
    assert a.values() == [0, 3, 1, 4, 2, 5]
    np = pytest.importorskip("numpy")
    arr = a.to_numpy()
    assert arr.shape == (2, 3)
    assert arr[1, 2] == a(1, 2)


def test_kwargs_of_the_dsl():
    a = L((4, (2, 8)))
    assert cute.size(a, mode=[1]) == 16
    assert str(cute.coalesce(L((2, (1, 6)), (1, (6, 2))), target_profile=(1, 1))) == "(2,6):(1,2)"
    assert str(cute.zipped_divide(L((8, 8)), tiler=(2, 4))) == "((2,4),(4,2)):((1,8),(2,32))"
    assert str(cute.make_ordered_layout((4, 8, 2), order=(2, 0, 1))) == "(4,8,2):(16,1,8)"


def test_every_function_of_the_table_is_reachable():
    for name, sig, summary, example, explained, params, arity in cute._native.functions():
        if name.isidentifier():
            f = getattr(cute, name)
            assert callable(f) and f.__name__ == name
            assert f.__doc__ and sig in f.__doc__


def test_aliases_are_reachable():
    assert str(cute.group_modes(L((2, 3, 4, 5)), 1, 3)) == "(2,(3,4),5):(1,(2,6),24)"
    assert cute.is_congruent((4, (2, 8)), (1, (2, 3))) is True
    with pytest.raises(AttributeError):
        cute.no_such_function_here


def test_swizzle_and_composed():
    s = cute.make_swizzle(3, 4, 3)
    assert isinstance(s, cute.Swizzle)
    assert str(s) == "Sw<3,4,3>"
    assert s(118) == cute.read("Sw<3,4,3>(118)")
    c = cute.make_composed_layout(s, 0, L((8, 8), (8, 1)))
    assert isinstance(c, cute.ComposedLayout)
    assert str(c) == "Sw<3,4,3> o 0 o (8,8):(8,1)"
    assert c.shape == (8, 8)
    assert c(9) == cute.read("(Sw<3,4,3> o 0 o (8,8):(8,1))(9)")


def test_tensors():
    t = cute.make_identity_tensor((4, 8))
    assert isinstance(t, cute.Tensor)
    assert t[1, 2] == (1, 2) or str(t[1, 2]) == "(1,2)"
    tile = cute.local_tile(t, (2, 4), (1, 1))
    assert isinstance(tile, cute.Tensor)
    assert str(tile.layout) == "(2,4):(1@0,1@1)"
    assert tile.shape == (2, 4)


def test_atoms_and_partitions():
    mma = cute.tiled_mma("SM80_16x8x16_F32BF16BF16F32_TN", (2, 2, 1))
    assert isinstance(mma, cute.TiledMma)
    thr = mma.get_slice(5)
    assert isinstance(thr, cute.ThrMma)
    part = thr.partition_C((32, 32))
    assert str(part) == cute.read(
        "tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (2,2,1)).thread(5).partition_C((32,32))"
    ).__str__()
    svg = mma._repr_svg_()
    assert "<svg" in svg and "T0" in svg
    copy = cute.make_tiled_copy_tv(cute.copy_atom("UniversalCopy<uint128_t>", "half_t"), L((16, 8), (8, 1)), L((1, 8)))
    assert isinstance(copy, cute.TiledCopy)
    s = copy.get_slice(3).partition_S((32, 128))
    assert isinstance(s, cute.Tensor)


def test_html_grid():
    # a tensor, a layout of rank 3, a large layout: the coloured grid in text
    for v in [
        cute.local_tile(L((8, 24), (1, 8)), (4, 8), (1, 2)),
        L((2, 2, 2), (1, 2, 4)),
        L((128, 64), (64, 1)),
    ]:
        html = v._repr_html_()
        assert html.startswith("<pre") and "background:rgb(" in html
        assert v._repr_svg_() is None


def test_svg_of_a_layout():
    # a layout of rank at most 2: print_latex's grid in SVG (the engine's SVG renderer)
    a = L((4, 8), (8, 1))
    svg = a._repr_svg_()
    assert svg.startswith("<!--  Layout: (4,8):(8,1)  -->\n<svg") and svg.count("<rect ") == 33
    assert ">31</text>" in svg
    assert a._repr_html_() is None
    assert L(6)._repr_svg_().startswith("<!--  Layout: (6,1):(1,0)  -->")
    sw = cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, L((8, 8), (8, 1)))
    assert "<svg" in sw._repr_svg_()


def test_explain_and_describe():
    text = cute.explain(cute.logical_divide, L(24), L(4, 2))
    assert text.startswith("explain logical_divide(24:1, 4:2)")
    assert "complement" in text
    assert "composition" in cute.describe("composition")
    assert "composition" in cute.describe(cute.composition)


def test_format_and_print_layout():
    a = L((2, 3), (3, 1))
    assert a.format("cpp") == "Layout<Shape<_2,_3>,Stride<_3,_1>>{}"
    assert "make_layout" in a.format("dsl")
    assert "+---" in a.print_layout()


def test_read_and_pickle():
    a = cute.read("(4,8):(8,1)")
    assert a == L((4, 8), (8, 1))
    for v in [a, cute.make_swizzle(3, 4, 3), cute.make_identity_tensor((4, 8))]:
        assert pickle.loads(pickle.dumps(v)) == v


def test_read_several_statements():
    # cut at each top-level `;`, as C++ and Python separate statements: the last one's value
    assert cute.read("a = cute.make_layout(4, stride=2); cute.complement(a, 24)") == L((2, 3), (1, 8))
    assert cute.read("x = cute.make_layout((4, 2)); cute.size(x)") == 8
    assert cute.read("x = 4:2;") is None


def test_python_ints_and_lists():
    assert cute.size([4, [2, 8]]) == 64
    assert cute.make_layout([4, 8], stride=[8, 1]) == L((4, 8), (8, 1))
    assert cute.size(cute.make_layout(True and 4)) == 4


def test_explain_with_keywords():
    text = cute.explain("coalesce", L((2, (1, 6)), (1, (6, 2))), target_profile=(1, 1))
    assert text.startswith("explain coalesce((2,(1,6)):(1,(6,2)), target_profile=(1,1))")


def test_threads_have_their_own_sessions():
    import threading

    results = {}

    def work(k):
        for _ in range(500):
            r = cute.composition(L((k, 8), (8, 1)), L(4, 2))
            s = cute.size(r, mode=[0])
        results[k] = (str(r), s)

    threads = [threading.Thread(target=work, args=(k,)) for k in (2, 4, 8, 16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, (r, s) in results.items():
        want = cute.composition(L((k, 8), (8, 1)), L(4, 2))
        assert r == str(want) and s == cute.size(want, mode=[0])
