#!/usr/bin/env python3
"""Session 34 (issue 37): a random differential sweep of pointer tensors against CuTe C++ 4.7.
A typed null-based pointer (`static_cast<T*>(nullptr)`, sometimes `+ k` before or after the
tag) of every element width CuTe has (1, 2, 4, 8, 16, 32, 64 and 128 bits: uint1b_t, bin1_t,
uint2b_t, int4b_t, uint4b_t, float_e4m3_t, int8_t, half_t, bfloat16_t, float, tfloat32_t,
double, complex<float>, complex<double>) behind make_gmem_ptr / make_smem_ptr / make_rmem_ptr,
over mixed static/dynamic shapes and strides, and the operations that move the pointer:
`&T(i,j)`, `&T(k)`, slicing with `_`, local_tile (with and without a projection step),
local_partition (any thread of the thread layout), logical/zipped/tiled/flat_divide,
composition with a layout and with a tiler, recast<U>(T), .data() (and `+ k`),
make_tensor_like / make_fragment_like, flatten / coalesce / group_modes. `T(i,j)` itself
reads the null pointer (CuTe crashes, the oracle does not record it) and print_tensor prints
the values, so neither is here.

CuTe's print is kept byte for byte, except that an owning tensor's stack address is `stack`
(it differs from run to run; a subbyte_iterator's `0x7ffd….0` too, as tests/integration/
element_values.rs writes it).

  cases.tsv          STATEMENT<TAB>CuTe's print   (the statement ends in `;`: C++ text)
  cute_refuses.txt   statements CuTe does not compile

Generated with: python3 tests/oracle/ptr/gen.py --seed 3434 --count 20 --jobs 2
The oracle's answers are cached in oracle_cache.json beside this script (reruns are cheap).
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import differential  # noqa: E402
import oracle  # noqa: E402

TYPES = ["uint1b_t", "bin1_t", "uint2b_t", "int4b_t", "uint4b_t", "float_e4m3_t", "int8_t",
         "half_t", "bfloat16_t", "float", "tfloat32_t", "double", "complex<float>",
         "complex<double>"]
TAGS = ["make_gmem_ptr", "make_smem_ptr", "make_rmem_ptr"]


def i(v):
    return f"Int<{v}>{{}}"


def num(g, v):
    """A static or a dynamic integer."""
    return i(v) if g.random() < 0.55 else str(v)


def pointer(g, t=None):
    t = t or g.choice(TYPES)
    tag = g.choice(TAGS)
    raw = f"static_cast<{t}*>(nullptr)"
    k = g.choice([0, 0, 0, 1, 3, 8, 64])
    if k and g.random() < 0.4:
        return f"{tag}({raw} + {k})", t
    p = f"{tag}({raw})"
    return (f"{p} + {k}" if k else p), t


def shape_and_layout(g, rank=None):
    """A tensor's layout argument(s): a shape (column-major), a shape with LayoutRight, or a
    shape and a stride; modes static or dynamic, one sometimes nested. Returns the text and
    the flat extents of each top mode."""
    rank = rank or g.choice([1, 2, 2, 2, 3])
    modes, texts = [], []
    for _ in range(rank):
        if g.random() < 0.15:
            a, b = g.choice([2, 4]), g.choice([2, 4])
            modes.append([a, b])
            texts.append(f"make_shape({num(g, a)},{num(g, b)})")
        else:
            e = g.choice([4, 8, 8, 16, 32])
            modes.append([e])
            texts.append(num(g, e))
    shape = f"make_shape({','.join(texts)})"
    kind = g.choice(["col", "col", "right", "stride"])
    if kind == "col":
        lay = g.choice([shape, f"make_layout({shape})"])
    elif kind == "right":
        lay = f"make_layout({shape}, LayoutRight{{}})"
    else:
        flat = [e for m in modes for e in m]
        order = list(range(len(flat)))
        g.shuffle(order)
        st, acc = [0] * len(flat), 1
        for k in order:
            st[k], acc = acc, acc * flat[k]
        it = iter(st)
        parts = []
        for m in modes:
            s = [next(it) for _ in m]
            ss = [num(g, x) for x in s]
            parts.append(ss[0] if len(m) == 1 else f"make_stride({','.join(ss)})")
        lay = f"make_layout({shape}, make_stride({','.join(parts)}))"
    return lay, modes


def tensor(g, rank=None, t=None):
    p, t = pointer(g, t)
    lay, modes = shape_and_layout(g, rank)
    return f"make_tensor({p}, {lay})", modes, t


def coord_in(g, modes):
    out = []
    for m in modes:
        if len(m) == 2 and g.random() < 0.5:
            out.append(f"make_coord({num(g, g.randrange(m[0]))},{num(g, g.randrange(m[1]))})")
        else:
            n = m[0] * (m[1] if len(m) == 2 else 1)
            out.append(num(g, g.randrange(n)))
    return out


def g_tensor(g):
    return tensor(g)[0]


def g_address(g):
    t, modes, _ = tensor(g)
    if g.random() < 0.3:
        n = 1
        for m in modes:
            for e in m:
                n *= e
        return f"&{t}({num(g, g.randrange(n))})"
    c = coord_in(g, modes)
    if g.random() < 0.3:
        return f"&{t}(make_coord({','.join(c)}))"
    return f"&{t}({','.join(c)})"


def g_slice(g):
    t, modes, _ = tensor(g, rank=g.choice([2, 2, 3]))
    c = coord_in(g, modes)
    k = g.randrange(len(c))
    c[k] = "_"
    if len(c) == 3 and g.random() < 0.4:
        c[(k + 1) % 3] = "_"
    s = f"{t}({','.join(c)})"
    return g.choice([s, s, f"{s}.data()", f"&{s}(0)"])


def tile_of(g, modes):
    return [g.choice([x for x in [1, 2, 4, 8] if x <= m[0] * (m[1] if len(m) == 2 else 1)])
            for m in modes]


def g_local_tile(g):
    rank = g.choice([2, 2, 3])
    t, modes, _ = tensor(g, rank=rank)
    tl = tile_of(g, modes)
    tiler = f"make_shape({','.join(num(g, x) if g.random() < 0.3 else i(x) for x in tl)})"
    coord = []
    for m, x in zip(modes, tl):
        n = m[0] * (m[1] if len(m) == 2 else 1)
        coord.append("_" if g.random() < 0.3 else num(g, g.randrange(max(1, n // x))))
    if rank == 3 and g.random() < 0.6:
        step = g.choice(["Step<_1,X,_1>{}", "Step<_1,_1,X>{}", "Step<X,_1,_1>{}"])
        return f"local_tile({t}, {tiler}, make_coord({','.join(coord)}), {step})"
    return f"local_tile({t}, {tiler}, make_coord({','.join(coord)}))"


def g_local_partition(g):
    t, modes, _ = tensor(g, rank=2)
    a = g.choice([x for x in [1, 2, 4] if x <= modes[0][0] * (modes[0][1] if len(modes[0]) == 2 else 1)])
    b = g.choice([x for x in [1, 2, 4] if x <= modes[1][0] * (modes[1][1] if len(modes[1]) == 2 else 1)])
    thr = g.choice([f"Layout<Shape<_{a},_{b}>>{{}}", f"Layout<Shape<_{a},_{b}>,Stride<_{b},_1>>{{}}"])
    # any thread, past the thread count and negative too (get_flat_coord wraps or extrapolates)
    k = g.randrange(-2 * a * b, 3 * a * b)
    return f"local_partition({t}, {thr}, {num(g, k)})"


def g_divide(g):
    t, modes, _ = tensor(g, rank=2)
    tl = tile_of(g, modes)
    op = g.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
    if g.random() < 0.6:
        tiler = f"make_shape({i(tl[0])},{i(tl[1])})"
    else:
        tiler = f"make_tile(Layout<_{tl[0]},_1>{{}}, Layout<_{tl[1]},_{g.choice([1, 2])}>{{}})"
    d = f"{op}({t}, {tiler})"
    return g.choice([d, d, f"{d}.data()", f"{d}(_,0)" if op != "logical_divide" else d])


def g_compose(g):
    t, modes, _ = tensor(g, rank=g.choice([1, 2]))
    if len(modes) == 1 or g.random() < 0.4:
        n = modes[0][0] * (modes[0][1] if len(modes[0]) == 2 else 1)
        a = g.choice([x for x in [2, 4] if x <= n])
        lay = g.choice([f"Layout<Shape<_{a},_{max(1, n // a // 2)}>>{{}}", f"make_layout({i(a)}, {i(2)})"])
        return f"composition({t}, {lay})"
    tl = tile_of(g, modes)
    tiler = g.choice([f"make_tile(Layout<_{tl[0]},_1>{{}}, Layout<_{tl[1]},_1>{{}})",
                      f"make_shape({i(tl[0])},{i(tl[1])})"])
    return g.choice([f"composition({t}, {tiler})", f"{t}.compose({tiler})"])


def g_recast(g):
    t, _, _ = tensor(g, rank=2)
    u = g.choice(TYPES + ["uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint128_t"])
    return f"recast<{u}>({t})"


def g_data(g):
    t, _, _ = tensor(g)
    return g.choice([f"{t}.data()", f"{t}.data() + {g.choice([1, 5, 16])}",
                     f"make_tensor({t}.data() + 2, make_shape({i(2)},{i(2)}))"])


def g_like(g):
    t, _, _ = tensor(g, rank=g.choice([1, 2, 3]))
    return g.choice([f"make_tensor_like({t})", f"make_fragment_like({t})",
                     f"make_tensor_like<float>({t})", f"make_fragment_like<half_t>({t})"])


def g_modes(g):
    t, modes, _ = tensor(g, rank=g.choice([2, 3, 3]))
    r = len(modes)
    return g.choice([f"flatten({t})", f"coalesce({t})", f"group_modes<0,{r}>({t})",
                     f"group_modes<0,2>({t})", f"group_modes<1,{r}>({t})", f"{t}.layout()",
                     f"size({t})", f"shape({t})", f"stride({t})", f"rank({t})"])


def static_tensor(g, rank=None):
    """A tensor of a static layout (what an owning tensor needs)."""
    p, t = pointer(g)
    rank = rank or g.choice([1, 2, 3])
    ext = [g.choice([2, 4, 8]) for _ in range(rank)]
    shape = f"Shape<{','.join(f'_{e}' for e in ext)}>"
    lay = g.choice([f"Layout<{shape}>{{}}", f"make_layout({shape}{{}}, LayoutRight{{}})",
                    f"Layout<Shape<_{ext[0]},Shape<_2,_2>>,Stride<_4,Stride<_1,_2>>>{{}}"])
    return f"make_tensor({p}, {lay})", t


def g_like_static(g):
    t, _ = static_tensor(g)
    u = g.choice(["float", "half_t", "int4b_t", "uint1b_t", "complex<double>"])
    return g.choice([f"make_tensor_like({t})", f"make_fragment_like({t})",
                     f"make_tensor_like<{u}>({t})", f"make_fragment_like<{u}>({t})"])


def g_nested(g):
    """Slices and addresses of a nested mode, chained operations."""
    t, modes, _ = tensor(g, rank=2)
    m = modes[1]
    inner = "make_coord(_,1)" if len(m) == 2 else "_"
    c0 = num(g, g.randrange(modes[0][0]))
    return g.choice([
        f"{t}({c0},{inner})", f"{t}(_,{inner})", f"{t}(_,_)(_,1)", f"{t}(_,1)(1)",
        f"&{t}(_,1)(1)", f"{t}(_,1).data() + 2", f"{t}(make_coord(_,1))",
        f"local_tile({t}, make_shape({i(2)},{i(2)}), make_coord(1,_))(_,_,1)",
        f"local_tile({t}, make_shape({i(2)},{i(2)}), make_coord(_,_))(_,_,1,0)",
        f"local_partition({t}, Layout<Shape<_2,_2>>{{}}, 3)(_,1)",
        f"&local_partition({t}, Layout<Shape<_2,_2>>{{}}, 3)(1,1)",
        f"zipped_divide({t}, make_shape({i(2)},{i(2)}))(make_coord(0,1),make_coord(1,_))",
    ])


def g_partition_step(g):
    """local_partition and local_tile of rank 3 with a projection, inner/outer_partition."""
    t, modes, _ = tensor(g, rank=3)
    step = g.choice(["Step<_1,X,_1>{}", "Step<_1,_1,X>{}", "Step<X,_1,_1>{}"])
    tile = f"make_shape({i(2)},{i(2)},{i(2)})"
    k = g.randrange(8)
    kt = g.randrange(-16, 24)  # any thread of the projected layout, outside its 8 too
    return g.choice([
        f"local_partition({t}, Layout<Shape<_2,_2,_2>>{{}}, {num(g, kt)}, {step})",
        f"local_tile({t}, {tile}, make_coord({num(g, k % 2)},_,{num(g, 1)}), {step})",
        f"inner_partition({t}, {tile}, make_coord({k % 2},1,0))",
        f"outer_partition({t}, {tile}, make_coord({k % 2},1,0))",
        f"outer_partition({t}, {tile}, {k})",
    ])


def g_pointer(g):
    """The pointer itself: arithmetic, recast_ptr, a tensor's data moved."""
    p, t = pointer(g)
    u = g.choice(TYPES + ["uint8_t", "uint32_t"])
    return g.choice([p, f"{p} + {g.choice([1, 7, 33])}", f"{p} + -2", f"recast_ptr<{u}>({p})",
                     f"recast_ptr<{u}>({p} + 8)", f"make_tensor({p}, 8).data() + 3",
                     f"({p} + 4) - 2", f"&make_tensor({p}, make_shape(4, 4))(2, 3)"])


def g_swizzled(g):
    """A smem tensor of a swizzled layout, sliced, tiled and partitioned."""
    t = g.choice(["half_t", "float", "int8_t", "int4b_t", "double"])
    lay = g.choice(["composition(Swizzle<2,0,3>{}, Layout<Shape<_8,_8>,Stride<_8,_1>>{})",
                    "composition(Swizzle<1,1,2>{}, Int<0>{}, Layout<Shape<_4,_8>>{})",
                    "composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})"])
    x = f"make_tensor(make_smem_ptr(static_cast<{t}*>(nullptr)) + {g.choice([0, 8])}, {lay})"
    return g.choice([x, f"{x}(_,1)", f"{x}(2,_)", f"&{x}(1,3)",
                     f"local_tile({x}, make_shape(Int<4>{{}},Int<4>{{}}), make_coord(1,1))",
                     f"local_partition({x}, Layout<Shape<_2,_2>>{{}}, 3)", f"{x}.data()",
                     f"recast<uint32_t>({x})", f"flatten({x})", f"coalesce({x})"])


def g_misc(g):
    t, modes, _ = tensor(g, rank=g.choice([2, 3]))
    return g.choice([f"domain_offset(make_coord(1,{len(modes) - 1}), {t})"
                     if len(modes) == 2 else f"domain_offset(make_coord(1,1,1), {t})",
                     f"filter_zeros({t})", f"cosize({t})", f"{t}.size()",
                     f"make_tensor({t}.data(), make_layout(make_shape(4,4)))",
                     f"tensor<0>({t})", f"tensor<1>({t})", f"take<0,2>({t})",
                     f"select<1,0>({t})", f"{t}.tile(make_shape({i(2)},{i(2)}))"])


def chain_step(g, x):
    """One operation that moves or re-views a 2-D-ish tensor `x`."""
    k = g.randrange(4)
    u = g.choice(TYPES + ["uint8_t", "uint16_t", "uint32_t", "uint64_t"])
    return g.choice([
        f"local_tile({x}, make_shape({i(2)},{i(4)}), make_coord({num(g, k % 2)},_))",
        f"local_tile({x}, make_shape({i(4)},{i(2)}), make_coord({num(g, k)},{num(g, 1)}))",
        f"{x}(_,{num(g, k)})", f"{x}({num(g, k)},_)",
        f"zipped_divide({x}, make_shape({i(2)},{i(2)}))",
        f"logical_divide({x}, make_shape({i(2)},{i(4)}))",
        f"tiled_divide({x}, make_tile(Layout<_2,_1>{{}}, Layout<_2,_2>{{}}))",
        f"local_partition({x}, Layout<Shape<_2,_2>>{{}}, {num(g, k)})",
        f"local_partition({x}, Layout<Shape<_2,_2>,Stride<_2,_1>>{{}}, {num(g, k)})",
        f"recast<{u}>({x})", f"coalesce({x})", f"flatten({x})", f"group_modes<0,2>({x})",
        f"{x}.compose(make_tile(Layout<_2,_2>{{}}, Layout<_2,_1>{{}}))",
        f"domain_offset(make_coord({k},1), {x})", f"filter_zeros({x})",
    ])


def g_chain(g):
    """Two or three operations in a row, then the tensor, its data or an address in it."""
    p, _ = pointer(g)
    a, b = g.choice([8, 16, 32]), g.choice([8, 16])
    lay = g.choice([f"make_shape({num(g, a)},{num(g, b)})",
                    f"make_layout(make_shape({num(g, a)},{num(g, b)}), LayoutRight{{}})",
                    f"make_layout(make_shape({num(g, a)},{num(g, b)}), make_stride({num(g, 1)},{num(g, a + 8)}))"])
    x = f"make_tensor({p}, {lay})"
    for _ in range(g.choice([2, 2, 3])):
        x = chain_step(g, x)
    return g.choice([x, x, f"{x}.data()", f"&{x}(1)", f"size({x})"])


def g_recast_moved(g):
    """recast of a moved tensor (a slice, a tile, an offset pointer), sub-byte ones included,
    and recast_ptr of a moved pointer."""
    t, _, _ = tensor(g, rank=2, t=g.choice(["uint8_t", "int8_t", "half_t", "float", "int4b_t",
                                            "uint1b_t", "uint2b_t", "double", "uint32_t"]))
    u = g.choice(["int4b_t", "uint1b_t", "uint2b_t", "int8_t", "half_t", "float", "double",
                  "uint16_t", "uint64_t", "complex<float>"])
    k = g.randrange(4)
    moved = g.choice([f"{t}(_,{num(g, k)})", f"{t}({num(g, k)},_)",
                      f"local_tile({t}, make_shape({i(4)},{i(4)}), make_coord({k % 2},1))", t])
    return g.choice([f"recast<{u}>({moved})", f"recast<{u}>({moved}).data()",
                     f"recast_ptr<{u}>({moved}.data())", f"&recast<{u}>({moved})(1)",
                     f"recast<{u}>({moved})(_,0)" if "(_," in moved or "local_tile" in moved or moved == t
                     else f"recast<{u}>({moved})"])


def g_owning(g):
    """An owning tensor of every element type (make_tensor<T>(shape)) and what moves it."""
    t = g.choice(TYPES)
    a, b = g.choice([2, 4, 8]), g.choice([2, 4, 8])
    x = f"make_tensor<{t}>(Shape<_{a},_{b}>{{}})"
    return g.choice([x, f"{x}(_,1)", f"{x}(1,_)", f"{x}.data()", f"&{x}(1,1)",
                     f"local_tile({x}, Shape<_2,_2>{{}}, make_coord(0,1))", f"{x}.data() + 1",
                     f"make_tensor<{t}>(Layout<Shape<_{a},_{b}>,Stride<_{b},_1>>{{}})",
                     f"make_fragment_like<{t}>(Layout<Shape<_{a},_{b}>>{{}})",
                     f"recast<uint8_t>({x})"])


def g_three_arg(g):
    """make_tensor(ptr, shape, stride) and make_tensor(ptr, layout) of nested, dynamic modes,
    addressed and sliced."""
    p, _ = pointer(g)
    a, b = g.choice([2, 4]), g.choice([2, 4, 8])
    st = [num(g, 1), num(g, a * b), num(g, a)]
    x = (f"make_tensor({p}, make_shape(make_shape({num(g, a)},{num(g, b)}),{num(g, 4)}), "
         f"make_stride(make_stride({st[0]},{st[2]}),{st[1]}))")
    k = g.randrange(a * b)
    return g.choice([x, f"&{x}({k},{g.randrange(4)})", f"&{x}(make_coord({k % a},{k // a}),1)",
                     f"{x}(make_coord(_,{k // a}),_)", f"{x}(_,{num(g, 2)})",
                     f"{x}(make_coord({k % a},_),_)", f"coalesce({x})", f"flatten({x})",
                     f"local_partition({x}, Layout<Shape<_2,_2>>{{}}, {k % 4})"])


def g_recast_chain(g):
    """recast twice (through a misaligned address and back), then moved."""
    t = g.choice(["uint8_t", "half_t", "int8_t", "float"])
    p = f"make_{g.choice(['gmem', 'smem', 'rmem'])}_ptr(static_cast<{t}*>(nullptr)) + {g.choice([1, 2, 3, 5])}"
    x = f"make_tensor({p}, make_layout(make_shape({i(8)},{i(8)}), LayoutRight{{}}))"
    u, w = g.choice(["float", "double", "half_t", "uint32_t"]), g.choice(["uint8_t", "half_t", "float"])
    r = f"recast<{u}>({x})"
    return g.choice([r, f"recast<{w}>({r})", f"{r}(_,1)", f"&{r}(1,1)", f"{r}.data() + 1",
                     f"local_tile({r}, make_shape({i(2)},{i(2)}), make_coord(1,0))",
                     f"recast_ptr<{w}>({r}.data() + 1)"])


def g_negative(g):
    """Offsets that take a pointer below null: CuTe's addresses wrap as 64-bit integers."""
    p, _ = pointer(g)
    k = g.choice([1, 2, 8, 100])
    x = f"make_tensor({p} + -{k}, make_shape({num(g, 4)},{num(g, 4)}))"
    return g.choice([f"{p} + -{k}", x, f"&{x}(1,1)", f"{x}(_,1)", f"{x}.data() + -1"])


def g_thread_partition(g):
    """A tiled MMA's and a tiled copy's partitions of a pointer tensor at any thread index, inside
    the thread count, past it or negative."""
    t = g.choice(["half_t", "bfloat16_t", "float", "int8_t", "double"])
    p = f"make_{g.choice(['gmem', 'smem'])}_ptr(static_cast<{t}*>(nullptr)) + {g.choice([0, 8, 64])}"
    lay = g.choice(["make_shape(Int<64>{},Int<32>{})", "make_layout(make_shape(Int<64>{},Int<32>{}), LayoutRight{})",
                    "make_shape(64,32)", "make_layout(make_shape(64,Int<32>{}), make_stride(Int<1>{},64))"])
    x = f"make_tensor({p}, {lay})"
    mma = g.choice(["make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})",
                    "make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_8,_1>>{})",
                    "make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2,_2,_1>>{})"])
    copy = g.choice([f"make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, {t}>{{}}, Layout<Shape<_16,_8>>{{}}, Layout<Shape<_1,_1>>{{}})",
                     f"make_tiled_copy(Copy_Atom<DefaultCopy, {t}>{{}}, Layout<Shape<_8,_8>,Stride<_8,_1>>{{}}, Layout<Shape<_2,_1>>{{}})"])
    # any thread, past the thread count (CuTe's TV layouts extrapolate) and negative too
    k = g.randrange(-16, 320)
    kc = k
    ab = g.choice(["partition_A", "partition_B", "partition_C"])
    sd = g.choice(["partition_S", "partition_D"])
    return g.choice([f"{mma}.get_slice({num(g, k)}).{ab}({x})",
                     f"{mma}.get_slice({num(g, k)}).{ab}({x}).data()",
                     f"{copy}.get_slice({num(g, kc)}).{sd}({x})",
                     f"&{copy}.get_slice({num(g, kc)}).{sd}({x})(0,0,1)"])


def g_swizzled_more(g):
    """A tensor over memory of a swizzled layout `Sw o OFF o L` of any element type: sliced,
    addressed, tiled, divided, partitioned and recast."""
    t = g.choice(TYPES)
    b, m = g.choice([1, 2, 3]), g.choice([0, 1, 2, 3])
    sw = f"Swizzle<{b},{m},{g.choice([3, 4, 5])}>{{}}"
    off = g.choice(["", "", "Int<0>{}, ", "Int<8>{}, "])
    lay = g.choice(["Layout<Shape<_16,_16>,Stride<_16,_1>>{}", "Layout<Shape<_16,_16>>{}",
                    "Layout<Shape<_8,_32>,Stride<_32,_1>>{}"])
    p, _ = pointer(g, t)
    x = f"make_tensor({p}, composition({sw}, {off}{lay}))"
    k = g.randrange(8)
    return g.choice([x, f"{x}(_,{num(g, k)})", f"{x}({num(g, k)},_)", f"&{x}({k},{k + 1})",
                     f"local_tile({x}, make_shape(Int<4>{{}},Int<8>{{}}), make_coord({k % 2},0))",
                     f"local_partition({x}, Layout<Shape<_4,_2>>{{}}, {num(g, k)})",
                     f"zipped_divide({x}, make_shape(Int<2>{{}},Int<4>{{}}))",
                     f"recast<{g.choice(['uint32_t', 'half_t', 'uint8_t', 'uint64_t'])}>({x})",
                     f"{x}.data()", f"coalesce({x})"])


def g_template_ptr(g):
    """make_gmem_ptr<T>(nullptr) and const element pointers."""
    t = g.choice(TYPES)
    tag = g.choice(TAGS)
    p = g.choice([f"{tag}<{t}>(nullptr)", f"{tag}(static_cast<{t} const*>(nullptr))"])
    k = g.choice([0, 2, 9])
    x = f"make_tensor({p} + {k}, make_shape({num(g, 4)},{num(g, 8)}))"
    return g.choice([f"{p} + {k}", x, f"&{x}(1,2)", f"{x}(_,3)",
                     f"recast<{g.choice(['uint8_t', 'uint32_t', 'int4b_t'])}>({x})"])


OPS = [
    ("tensor", g_tensor),
    ("address", g_address),
    ("address_more", g_address),
    ("slice", g_slice),
    ("slice_more", g_slice),
    ("local_tile", g_local_tile),
    ("local_tile_more", g_local_tile),
    ("local_partition", g_local_partition),
    ("local_partition_more", g_local_partition),
    ("divide", g_divide),
    ("divide_more", g_divide),
    ("compose", g_compose),
    ("recast", g_recast),
    ("recast_more", g_recast),
    ("data", g_data),
    ("like", g_like),
    ("modes", g_modes),
    ("like_static", g_like_static),
    ("nested", g_nested),
    ("nested_more", g_nested),
    ("partition_step", g_partition_step),
    ("partition_step_more", g_partition_step),
    ("pointer", g_pointer),
    ("pointer_more", g_pointer),
    ("swizzled", g_swizzled),
    ("misc", g_misc),
    ("misc_more", g_misc),
    ("chain", g_chain),
    ("chain_2", g_chain),
    ("chain_3", g_chain),
    ("chain_4", g_chain),
    ("chain_5", g_chain),
    ("chain_6", g_chain),
    ("recast_moved", g_recast_moved),
    ("recast_moved_2", g_recast_moved),
    ("recast_moved_3", g_recast_moved),
    ("owning", g_owning),
    ("owning_2", g_owning),
    ("three_arg", g_three_arg),
    ("three_arg_2", g_three_arg),
    ("recast_chain", g_recast_chain),
    ("recast_chain_2", g_recast_chain),
    ("negative", g_negative),
    ("thread_partition", g_thread_partition),
    ("thread_partition_2", g_thread_partition),
    ("swizzled_more", g_swizzled_more),
    ("swizzled_more_2", g_swizzled_more),
    ("swizzled_more_3", g_swizzled_more),
    ("template_ptr", g_template_ptr),
    ("template_ptr_2", g_template_ptr),
]

STACK = re.compile(r"0x7ff[0-9a-f]{9}(\.\d)?")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3434)
    ap.add_argument("--count", type=int, default=14, help="cases per operation")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="print the cases, ask nothing")
    a = ap.parse_args()
    cases = differential.draw(OPS, a.seed, a.count, lambda gen, g: gen(g))
    if a.list:
        print("\n".join(cases))
        return
    # the tiled MMAs and copies of g_thread_partition
    oracle.HEADER = oracle.HEADER[:2] + [
        "#include <cute/atom/mma_atom.hpp>", "#include <cute/atom/copy_atom.hpp>",
        "#include <cute/atom/mma_traits_sm80.hpp>", "#include <cute/atom/copy_traits_sm80.hpp>",
    ] + oracle.HEADER[2:]
    oracle.FIRST_LINE = len(oracle.HEADER) + 1
    oracle.CACHE_FILE = os.path.join(HERE, "oracle_cache.json")
    cache = oracle.load_cache()
    oracle.evaluate(cases, cache, batch=120, jobs=a.jobs)
    oracle.write_answers(HERE, [(c + ";", c) for c in cases], cache,
                         expected=lambda v: STACK.sub("stack", v))


if __name__ == "__main__":
    main()
