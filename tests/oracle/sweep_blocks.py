#!/usr/bin/env python3
"""The sweep of whole pasted blocks (issue 37): every C++ code block of CUTLASS's CuTe docs
(media/docs/cpp/cute/*.md) and every TEST body of test/unit/cute/core/*.cpp, pasted whole into
`cute eval --format cute`, then compared with what CuTe prints for the same block compiled as
one C++ program (tests/oracle/cute_sessions.py's `cpp_of`, through /work/shared/tools/cute-oracle).

Each block is one of:
  as-CuTe   cute answers it (exit 0) and prints byte for byte what CuTe prints;
  refused   cute gives an error for some statement of it (exit 1): the first error is listed;
  differs   cute answers it and CuTe prints something else, or does not compile it.

Only the blocks cute answers are compiled (in one program, bisected when a block fails to
compile). Usage:

    python3 tests/oracle/sweep_blocks.py [--bin target/debug/cute] [--mirror DIR] [-v] [--no-helpers]
                                         [--source all|docs|statements|tests|tutorials|unit|headers|collectives]
                                         [--dump DIR]
                                         [--sessions] [--only REGEX]

`--sessions` pastes each doc's blocks in order into ONE session, as a reader pasting them one
after another into `cute repl` (standard input of `cute eval`, which answers each statement and
carries on after an error, as the REPL; so do `cute run FILE` and an argument of several
statements), so that a block uses the names the blocks before it declared (`cta_tiler`, `bM`,
`gA`). CuTe's side is the doc's blocks as one program in the same order (each block opens a
scope that stays open to the doc's end: it sees the names before it and may declare one again;
the functions the blocks define at file scope), and each block is one of:
  as-CuTe      cute prints for it byte for byte what CuTe prints for it in that program;
  refused      CuTe compiles it given the blocks before it, and cute gives an error;
  differs      CuTe compiles it and prints something else than cute;
  pseudo-code  CuTe does not compile it given the blocks before it (those left out): the
               compiler's first error points into it, it is left out and the rest compiled again
               (cute may refuse it or answer it: it is no C++).

Last `--sessions` run (2026-11-29, branch s28-37e merged with main at 0b1cf9b, debug build):

  | doc | blocks | as CuTe | refused | differs | pseudo-code |
  | --- | --- | --- | --- | --- | --- |
  | 00_quickstart.md | 1 | 0 | 0 | 0 | 1 |
  | 01_layout.md | 12 | 11 | 0 | 0 | 1 |
  | 02_layout_algebra.md | 13 | 7 | 0 | 0 | 6 |
  | 03_tensor.md | 14 | 2 | 0 | 0 | 12 |
  | 04_algorithms.md | 3 | 1 | 0 | 0 | 2 |
  | 0t_mma_atom.md | 25 | 19 | 0 | 0 | 6 |
  | 0x_gemm_tutorial.md | 34 | 7 | 0 | 0 | 27 |
  | 0y_predication.md | 10 | 0 | 0 | 0 | 10 |
  | 0z_tma_tensors.md | 4 | 1 | 0 | 0 | 3 |
  | all | 116 | 48 | 0 | 0 | 68 |

Pasted in order, the docs' fragments stay fragments: 0x_gemm_tutorial.md's and
0y_predication.md's blocks are a kernel's body whose names (`m`, `ldA`, `shape_MNK`, `A`, `mA`,
`mC`, `TA`, `ASmemLayout`, `mma`) are the kernel's parameters or template parameters, which no
block declares, so CuTe compiles none of those blocks either (32 of the 68 pseudo-code blocks
are cute's `undefined variable` / `unknown function`, each CuTe's "was not declared in this
scope" too). No block CuTe compiles is refused (0z_tma_tensors.md block 1's
`counting_iterator<int>(42)` answers since s28-37a). Four pseudo-code blocks
cute answers: 02_layout_algebra.md blocks 3 and 7 call `layout<0>(a)` after block 1 declared a
variable `layout` (in one C++ scope the variable hides CuTe's `layout<I>`), 03_tensor.md blocks
8 and 9 use `tiled_a` of block 7, which CuTe does not compile (`ptr`) and cute's session defines
all the same (its `A` of an earlier block). Before this branch's fixes: 39 as CuTe, 3 refused
(02_layout_algebra.md block 11: the doc's `logical_divide(Layout<…> const&, Layout<…> const&)`
of block 10 took the tile of block 11, which C++ leaves to CuTe's overload), 7 differs (the
marker after a block that leaves a statement open, now numbered).

Last run of all three sources (2026-11-29, main with every session-29 branch merged, release
build); the start of session 29 (cb21d69) in brackets:

  | source | tried | as CuTe | refused | differs |
  | --- | --- | --- | --- | --- |
  | media/docs/cpp/cute/*.md | 116 | 47 (47) | 68 (68) | 1 (1) |
  | test/unit/cute/core TEST bodies | 46 | 34 (30) | 12 (16) | 0 (0) |
  | examples/cute/tutorial/ host and kernel bodies | 37 (39) | 27 (22) | 9 (12) | 1 (5) |

Session 30 (branch s30-cpp, debug build), the TEST bodies' row: 46 tried, 37 as CuTe (34),
9 refused (12), 0 differ (0). As CuTe now: array_subbyte.cpp's three (the bodies compile with
NDEBUG, as CUTLASS's CMake builds its tests, where integer_subbyte keeps the low bits of
`int4b_t(8)`; cute answers so and warns of the assert; cute_sessions' EXPECT_EQ compares by
const reference, as googletest, not through a copy of a subbyte_reference). Refused: tuple.cpp's
PackedTuple* (5: their namespace `pt_test` is read now, its `Nonempty` struct's constructor is
not modelled), TupleFind (`namespace test`'s template template parameter), Bitfield
(bit_field), Inverse_left (a negative extent, SPEC §3), TensorLogicalReduce (its assert is a
warning now; the test then reduces onto make_tensor_like's registers never written, which CuTe
reads as whatever the memory holds).

The docs' refusals are fragments that name what they do not define (`undefined variable`,
`make_tensor: 'ptr' is neither a variable…`, `unknown function 'tAgA'`: about 45) and
pseudo-code, each refused by an error naming it: an elision `...` (7), a function's signature
without a body (7: `Layout coalesce(Layout const& layout)`), `Stride<_?, _?>` (2), a struct's
definition or a class template's specialization, a member `operator[]`, `composition(Tensor,
Tiler)`'s type names. The TEST bodies' need `integer_sequence`/`int_sequence` types,
`counting_iterator`, sub-byte arrays, bit fields, packed tuples.

A block written for a kernel reads CUDA's `threadIdx.x` (`blockIdx`, `blockDim`, `gridDim`),
which cute answers as thread 0 of block 0 of a launch of one thread; the program declares them
so, at file scope (run-time values). A TEST body's file's `#include <cute/…>` lines are
included too (`tensor_reduce.hpp`, which `cute/tensor.hpp` does not include).

The tutorials (`--source tutorials`: examples/cute/tutorial/*.cu, hopper/, blackwell/), run
2026-11-29 on branch s28-37d (its second round), debug build:

  | source | tried | as CuTe | refused | differs |
  | --- | --- | --- | --- | --- |
  | examples/cute/tutorial/ host and kernel bodies | 39 | 22 | 12 | 5 |

(before s28-37d's fixes: 0 as CuTe, all refused; after its first round 20, 14, 5.) A host
function's body is pasted after its parameters as declarations (the values the tutorial's main gives them, `int m = 5120;`, in a
scope outside the body's, else as declared, `TA const* A;`), its launch's setup (`dim3 …`,
`kernel_ptr`, `SharedStorage` sizes) left out; a kernel's body after the statements before its
launch and its parameters bound to the launch's arguments (`auto shape_MNK = prob_shape;`,
`using CtaTiler = decltype(cta_tiler);`), in a scope of its own, as thread 0 of block 0; a
main's CuTe (a thrust vector as a pointer to its elements). The host's runtime (thrust,
iostreams, the CUDA runtime, argv, the examples' checks) is left out. In the program a kernel's
pointers point at zeroed memory (its copies run). The 5 that differ are the blackwell mains'
prints of host tensors: CuTe prints the pointer's address, cute its name (the sweep says so).
A kernel's template parameters that no parameter deduces (`SmemLayoutA`) are the template
arguments its launch names (`&gemm_device<…, decltype(sA), …>`; a struct of the file's own, as
`SMEMStorage`, left out with its alias). The refusals: a kernel's
`*reinterpret_cast<SharedStorage*>(smem)` (5, blackwell) and `SharedStorage<…>` (3, wgmma_sm90,
wgmma_tma_sm90, sgemm_sm80), `cute::lazy::transform` (2, tiled_copy_if: a tensor over a
transform_iter, `trans_ArithTuple(_0,_0) o L`, its elements a lambda's values), and
sgemm_sm80's generic overloads (2) instantiated with main's half_t (the program calls its
half_t overloads; CuTe's static_assert rejects these too).
The docs' row on s28-37d: 116 tried, 45 as CuTe, 71 refused, 0 differ (03_tensor.md block 10
answered: template arguments over several lines, `threadIdx.x` as thread 0 in the program too);
the TEST bodies' row: 46 tried, 24 as CuTe, 21 refused, 1 differs. Its second round's docs
row: 116 tried, 47 as CuTe, 68 refused, 1 differs: 0x_gemm_tutorial.md block 33 (`dim3
dimBlock(size(tC));` now read) is a host function cute defines and never calls, where C++
rejects the doc's `ldB` (for `ldBk`) and the undeclared `gemm_device` at its definition.

On branch s29-struct (debug build), the tutorials' row: 37 tried, 27 as CuTe, 9 refused, 1
differs (at its start: 39, 22, 12, 5). The file's structs (`template <…> struct SharedStorage
{ … };`) are pasted before each of its blocks and defined at file scope in the program, with
their aliases (`using SMEMStorage = SharedStorage<…>;`, the kernel's `using SharedStorage =
SMEMStorage;`), and a kernel's `extern __shared__ char shared_memory[];` is an array of the
program's file scope: cute lays the struct out (`sizeof`, `smem.A.begin()`). sgemm_sm80.cu's
generic `gemm_nt`/`gemm_tn` (`TA const* A`) are not tried: main's types are half_t, for which
C++ takes the file's half_t overloads (`overload_taken_for`), so CuTe never instantiates the
generic ones (whose copy atoms fail CuTe's static_asserts for half_t, as cute said). A block
cute answers is as CuTe also where the printouts differ only in the addresses of pointers cute
names (`same_but_named_addresses`: a host vector's `A`, a kernel's `shared_memory+12288`, where
CuTe prints the address; each name one base address, the offsets agreeing): the 5 blackwell
mains (`gmem_ptr[16b](A)` for CuTe's `gmem_ptr[16b](0x7f…)`); `-v` marks them. The one that
differs, sgemm_sm80.cu's kernel, compiles and stops as it runs: its cp.async copies assert on
the host (CuTe's "Support for cp.async instructions has not been enabled"). The refusals: the 5
blackwell kernels at `cta_mma.make_fragment_A(tCsA)` (UMMA's smem descriptors), wgmma_sm90's
`as_position_independent_swizzle_tensor`, wgmma_tma_sm90's `tma_partition`, tiled_copy_if's
`lazy::transform` (2). Its second part (same row, 37/27/9/1): both hopper kernels now read on
to `thr_mma.make_fragment_A(tCsA)` (GMMA's smem descriptors, not modelled): the smem tensors
over GMMA atoms are CuTe's swizzle_ptr tensors, `as_position_independent_swizzle_tensor`,
`tma_partition`, `group_modes<0,2>`, `tensor<0>` and `sizeof(make_tensor_like(…))` answer as
CuTe; wgmma_tma_sm90's kernel then needs its pipeline (`PipelineState`, `ClusterBarrier`,
`elect_one_sync`, `cluster_sync`, `canonical_warp_idx_sync`).

On branch s30-gmma (debug build), the tutorials' row: 37 tried, 27 as CuTe, 8 refused, 2 differ
(at its start 37/27/9/1). make_fragment_A/B and partition_fragment_A/B of a GMMA or UMMA atom
reading shared memory give CuTe's descriptor tensors (`GMMA::DescriptorIterator o
(_1,_2,_4,(_1,_3)):(_0,_64,_256,(_0,_1024))`; the line "ERROR: cast_smem_ptr_to_uint not
supported but used." that CuTe's program prints on the host where make_gmma_desc and
as_position_independent_swizzle_tensor take a shared-memory address is left out of CuTe's
printout, `cute_sessions.without_host_lines`: a GPU prints none), UMMA atoms have their ValTypes, and the
warpgroup fences (`warpgroup_arrive()`, `warpgroup_wait<0>()`: statements in the program too)
and `elect_one_sync()` answer for thread 0. wgmma_sm90's kernel now runs to its end and
differs as sgemm_sm80's does: CuTe's program stops at its first cp.async copy. The 5 blackwell
kernels read on past their descriptors and TMEM accumulators and their prints up to
`TMEM::Allocator1Sm`/`Allocator2Sm`, refused naming tcgen05.alloc (CuTe's program stops at its
allocate: "Attempting to use TMEM allocation PTX without CUTE_ARCH_TCGEN05_TMEM_ENABLED");
wgmma_tma_sm90's at `cutlass::arch::ClusterTransactionBarrier`, refused naming the mbarriers
(CuTe's program stops at their init, CUTLASS_NOT_IMPLEMENTED).

The TEST bodies compile with NDEBUG, as CUTLASS builds its unit tests (CMake's Release, the
default of its CMakeLists.txt): an `assert` of CUTLASS's is left out there, as in the tests
(`ndebug_oracle`), where cute answers and warns of it (array_subbyte.cpp's `int4b_t(8)`).

Session 30, second part: a block cute stops on with an error naming "a GPU-only effect"
(tcgen05.alloc's TMEM allocator, a pipeline's mbarriers) is compiled alone, unbuffered, and
counts "as CuTe up to the GPU" where CuTe's program compiles, stops as it runs at the assert
cute's error names, and printed before it what cute printed before its error; else it stays
refused, saying why. A kernel CuTe stops in while cute runs on (cp.async) says whether CuTe's
printout before its stop is the start of cute's. Run 2026-11-29 (s30-gmma, debug): 37 tried,
27 as CuTe, 0 up to the GPU, 8 refused, 2 differ (the same as before the column): none of the
6 GPU-only stops compiles alone yet. The blackwell kernels' programs fail to compile at
statements the program prints though they return nothing (`tmem_allocator.allocate(…)`,
`cooperative_copy<128>(…)`, `tiled_mma.accumulate_ = …`, KERNEL_VOID lacks them) and at
`cutlass::arch::umma_arrive` (a header the program did not include). Those are now
statements and included (KERNEL_VOID, the member assignment, the two headers): checked on
01_mma_sm100.cu's kernel alone (tests/oracle run by hand), CuTe's program then stops at the
allocate cute's error names, having printed what cute prints before it (each
pointer cute names one of CuTe's addresses): "as CuTe up to the GPU". The whole sweep was not
run again before the deadline; wgmma_tma_sm90.cu's kernel still fails to compile (a void call
printed).

Session 31 (branch s31-gpu, debug build), the tutorials' row: 37 tried, 27 as CuTe, 8 as CuTe up
to the GPU, 2 refused, 0 differ (at its start 37/27/1/7/2). cute now stops where CuTe's host
program stops, with an error naming the GPU-only effect: tensor memory's allocators
(`TMEM::Allocator1Sm`/`2Sm`) and a pipeline's mbarriers (`cutlass::arch::ClusterBarrier`,
`ClusterTransactionBarrier`) are types and objects (eval/device.rs: a `using` binds one,
`TmemAllocator tmem_allocator{};` makes one, `Sm100TmemCapacityColumns` reads 512), and their
`allocate` / `init` stop (CUTE_INVALID_CONTROL_PATH's, CUTLASS_NOT_IMPLEMENTED's asserts); a
`copy` through a cp.async atom stops at the copy ("Support for cp.async instructions has not been
enabled"): the 5 blackwell kernels, wgmma_tma_sm90's, wgmma_sm90's and sgemm_sm80's. The
program includes cutlass/pipeline/sm90_pipeline.hpp (PipelineState; after CUDA's indices and the
kernel shims, which now stand at file scope), reads `++read_state;`, `x ^= 1;`,
`set_barrier_transaction_bytes`, `copy_aligned` and the TMA store fences as statements. A
declaration whose line lacks its `;` goes on where the next line starts with a binary operator
(`constexpr int tma_transaction_bytes = sizeof(…)` then `+ sizeof(…);`), and a line ending in a
binary operator goes on (`create_tma_multicast_mask<0,1>(…) |`): cute's splitter of a whole text
and cpp_of alike (before, both printed the second line's value). The 2 refused are
tiled_copy_if's `lazy::transform` (s31-lib's).

CUTLASS's other CuTe unit tests (`--source unit`: test/unit/cute/{layout, msvc_compilation,
ampere, hopper, turing, volta}/, 84 TEST bodies) build layouts, tiled MMAs, atoms and TMA shapes
on the host and hand them to a testbed (tma_load_testbed.hpp's `test_tma_load`,
cooperative_gemm_common.hpp's `test_cooperative_gemm`, a `kernel<<<…>>>` of the file) that
allocates device memory and launches a kernel: there CuTe's host program stops (without a GPU
it can go no further; with one, what it prints is the GPU's). Each body is pasted and compiled
up to its first statement that calls such a launcher (`launchers_of`: the testbeds' functions,
the file's kernels, and the file's functions that launch or call a launcher, which are not
pasted) or allocates device memory (`thrust::device_vector`, cudaMalloc): `cut_at_launch`, its
open braces closed; `-v` names the statement each stops at (77 of the 84; the 7 that run to
their end are layout_operator.cu's 4 and msvc_compilation/tuple.cpp's 3). The testbed's
`using namespace cutlass::test;` is left out of the program (no testbed declares it there).

Session 30 (branch s30-div, debug build), the unit row at the start of its third part:
84 tried, 11 as CuTe, 57 refused, 16 differ (the 16 tma bodies: the program named the
testbed's namespace; 37 of the refusals a declaration whose value starts on the line after its
`=`, `auto tiled_mma =` then `TiledMMA<…>{};`). At its end: 84 tried, 64 as CuTe, 19 refused,
1 differs. Fixed: such a declaration goes on past its `=` (cute's splitter, and cute_sessions'
cpp_of likewise), `cute::negate {}` (a functor qualified, as an object); then `LayoutLeft{}`
as a value (tiled_cp_async's 4: tests/cli/cpp_stride_tag_values.toml, not swept again). The
refusals left: a thrust::host_vector before the device copy (cp_sync, ldsm, stsm, movm: 4),
layout_operator.cu's CUTLASS 2 layouts (`cutlass::layout::ColumnMajor`
in a struct with a constructor: 4), msvc_compilation/tuple.cpp's own `IC<int,42>` and
`ConvertibleTo` (3), a tiled MMA's `AtomLayoutB_TV` type member, `SM75_16x8x8_F16F16F16F16_TN`
(unknown atom), a struct functor `increment_by_x<float>{1.111f}`, a composed stride (1 each).
The one that differs, hopper/cooperative_gemm.cu's CooperativeGemmTilingF16: CuTe does not
compile the body cut so (not looked into).

Session 31 (branch s31-tuple, debug build): the unit row 84 tried, 72 as CuTe (68), 11
refused (15), 1 differs (1): layout_operator.cu's 4 answer as CuTe. Its `Testbed` struct has a
constructor and a member function of statements (`bool run() { … }`), and the CUTLASS 2 layouts
it compares with CuTe's (`cutlass::layout::ColumnMajor`, `RowMajor`,
`RowMajorTensorOpMultiplicandCrosswise<16, 64>`, `ColumnMajorTensorOpMultiplicandCongruous<16,
64>`: `L::packed({m, n})`, `layout({m, n})`) are ported from CUTLASS 4.7's layout/ headers
(algebra/cutlass2.rs); the program includes the file's `cutlass/layout/…` headers (without
them CuTe's side did not compile). The core TEST bodies' row: 46 tried, 35 as CuTe, 11
refused: tuple.cpp's PackedTuple* (5) read past their structs now (constructors, friend
comparison templates, `Nonempty{7}`'s deduction) and stop at `pt_test`'s variadic function
template `test_packed_type_alias<…, class... Args>`; domain_distribute.cpp's and mixedbits.cpp's
bodies took longer than the 120 s limit on a machine of load 13 (main's binary takes as long,
65 s for Distribute alone): run alone, both answer as CuTe as before. msvc_compilation/
tuple.cpp's 3 stay refused: `IC<int, 42>` (an alias template of the test's own over
std::integral_constant), `ConvertibleTo<size_t>` as a tuple's element (a class with a
conversion operator `operator T() const`, not modelled) and `size_t` typed values.

Session 31 (branch s31-lib, debug build), the unit row: 83 tried, 74 as CuTe, 9 refused, 0
differ (at its start 84/68/15/1). A TEST the preprocessor leaves out is not tried
(hopper/cooperative_gemm.cu's CooperativeGemmTilingF16 is in the `#else` of `#if USE_FP8`
after `#define USE_FP8 1`: CUTLASS never compiles it, and it is no C++, `swizzle{}` of a
variable); the program includes a file's `<thrust/host_vector.h>`. As CuTe now: cp_sync, ldsm,
stsm, movm (`thrust::host_vector<T> h_in(count);` a host array of zeros, filled in a loop),
CooperativeGemmComposedStride (`tile_to_shape(atom, make_layout(shape, LayoutRight{}))`: a
target layout is its shape, as CuTe's `shape(trg_shape)`), CooperativeGemm4_Half_MMA
(`typename decltype(tiled_mma)::AtomLayoutB_TV{}`). Refused: layout_operator.cu (4) and
msvc_compilation/tuple.cpp (3) as before (s31-tuple's), CooperativeGemm2_Half_MMA's
`SM75_16x8x8_F16F16F16F16_TN`, which CUTLASS adds after 4.7.0 (#2851: the mirror's HEAD is
v4.7.0 and 6 commits), so CuTe 4.7 does not compile that body either (cute's error says so),
CooperativeGemm7_TransformCustomOp_FMA's test-local functor templates `increment_by_x<float>
{1.111f}` and `convert_to<float, double>{}` (structs with a member and a templated operator():
neither pasted by the sweep nor modelled). The TEST bodies' row: TensorLogicalReduce as CuTe
(an owning tensor's array is value-initialized in C++, `Tensor<ArrayEngine<T,N>,L>()`'s tuple
`ESO() : first_{}`: make_tensor_like's elements are zeros, which the reduction starts from;
cute_sessions' cpp_of reads `{ // comment` as a brace): 46 tried, 38 as CuTe, 8 refused, 0
differ (at its start 46/37/9/0). The tutorials' row on s31-lib: 37 tried, 27 as CuTe, 1 up to
the GPU, 7 refused, 2 differ (tiled_copy_if's 2 still at `cute::lazy::transform`, not
modelled: a tensor over a transform_iter needs an iterator that calls a lambda).

Session 31, s31-lib's second part (debug build at 514e6e9), the TEST bodies' row: 46 tried, 39
as CuTe, 7 refused, 0 differ (38/8/0 before): bitfield.cpp's Bitfield as CuTe (`bit_field<S, N[,
T]>` masks on assignment, eval/bit_field.rs; an `#if 0` inside a lambda's body skipped; `c ? a :
b` and EXPECT_EQ of typed integers). A file's struct (template) that a TEST body names is
pasted with it (volta/cooperative_gemm.cu's `increment_by_x`, `convert_to`: a templated
`operator()` is modelled, CooperativeGemm7_TransformCustomOp_FMA answers up to its launch).
The unit row: 83 tried, 78 as CuTe, 4 refused (msvc tuple.cpp's 3, `ConvertibleTo`'s `operator
T()`; CooperativeGemm2_Half_MMA's post-4.7 atom), 1 differs: CooperativeGemm7 "CuTe does not
compile it" in the sweep's program, though its helpers and body compile alone through
cute-oracle (to find: what of the sweep's program around it fails).

Session 32, s32-tuple (debug build): the unit row 83 tried, 81 as CuTe, 2 refused, 0 differ
(79/4/0 before): msvc_compilation/tuple.cpp's TupleAssignment and TupleGetSingleInteger as CuTe
(`std::integral_constant<T, v>` a class of its own, eval/constant.rs; `tuple<…>{…}`;
cute_sessions' cpp_of reads `assert(…)`, `[[maybe_unused]] T x;` and `t1 = t1a;` as statements).
TupleGetRecursive still refused: `decltype` of a run-time integer is `int` whatever its declared
type (`size_t`), and a tuple value is not compared with a tuple type of named elements. The
TEST bodies' row: 46 tried, 6 refused (7 before): tuple.cpp's TupleFind as CuTe (a template
template parameter, explicit template arguments, `find<X>(t)` of a type, tuples of floats; the
program's call `test::f<cute::tuple>()` of a void helper a statement); PackedTuple* (a
variadic template helper, `class... Args`, pasted with each) and Inverse_left (SPEC §3) stay
refused. (The whole row's one program took past the oracle's 900 s on the loaded machine.)

Session 32, s32-tuple's second part (debug build): the unit row 83 tried, 82 as CuTe, 1 refused
(CooperativeGemm2_Half_MMA's post-4.7 atom), 0 differ (81/2/0 before): msvc tuple.cpp's
TupleGetRecursive as CuTe (a `size_t` element keeps its type; a tuple type's named elements,
`IC<int, 43>`, `ConvertibleTo<size_t>`, read as types to is_same). Variadic function templates
(`template <class... Ts>`, `Ts const&... ts`, `sizeof...`, `ts...`, folds) are read; the TEST
bodies' PackedTuple* (5) are refused at `std::tuple<Args...> unpacked`, a pack pattern named
as not modelled (that row not run again: its counts unchanged).

Session 33, s33-packed (debug build), tuple.cpp's row (`--only 'core/tuple.cpp'`): 9 tried, 5 as
CuTe, 3 refused, 1 differs before the cpp_of fixes below, then 9 / 6 / 3 / 0: PackedTupleGet,
PackedTupleGetValueCategory and PackedTupleConvertingConstruction as CuTe (the three were
refused). The pt_test namespace reads whole (a variadic template's `std::tuple<Args...>
unpacked` parameter read, its call an error naming it; `struct { int i; double j; }
IntDouble;`; `is_standard_layout_v` of cute::tuple, libstdc++'s std::tuple and the program's
structs); a tuple alias of struct elements constructs them by their converting constructors;
EXPECT_EQ of struct objects calls their friend operator==; `tuple_element_t<I, T>`;
`get<I>(t) = v`; `T const x{…}`, `constexpr T x{}`; CuTe's get's value categories
(`decltype(get<I>(t))` is `T&`, `T const&`, `T&&` of `cute::move(t)`, an empty element by value;
`decltype(auto) x = get<I>(t)`). cute_sessions' cpp_of reads `T const x{…}`, `decltype(auto) x =
…` and `cute::get<0>(pt) = 43;` as statements. Refused: PackedTuple (the call of
test_packed_type_alias: a pack expanded inside a parameter's type, then std::tuple values,
std::get, cute::apply, for_each over an index_sequence, not modelled),
PackedTupleConstexprDefaultConstruction (`cute::eso::ESO_t`, CuTe's tuple storage, named),
IntegerSequenceTransformApply (refused on main as well: `CUTE_STL_NAMESPACE::integer_sequence`).
Then 9 / 7 / 2 / 0: IntegerSequenceTransformApply as CuTe (is_same reads the standard library's
`std::integer_sequence<T, I…>`, `index_sequence`, `make_integer_sequence`,
`make_index_sequence`, `CUTE_STL_NAMESPACE::` as `std::`: one type each, not CuTe's).
Every other core TEST body, docs block, unit body and tutorial block gives the same cute output
as main's binary (compared block by block, not compiled again). `--only REGEX` picks blocks.

Session 33 (branch s33-sweep, debug build): `--source statements`, each statement of the docs'
C++ code blocks pasted alone (a reader copying one line of media/docs/cpp/cute/*.md), its own
row: 322 tried, 79 as CuTe, 0 refused, 0 differs, and 243 fragments: refused, where CuTe does not
compile the statement alone either (206 name what an earlier statement declared, `print(s8)`:
cute's `undefined variable` / `unknown function` is C++'s "was not declared in this scope", not
compiled, each would cost a compile; the other 37 compiled and refused by CuTe too: a
function's signature without a body, `...`, `_?`, a class template's specialization, the docs'
`make_inttuple_iter` of several values). The one that differed, 0z_tma_tensors.md block 0's
`struct SM90_TMA_STORE_3D { CUTE_DEVICE static void copy(…) {} };`, which the program pasted in
a function's body (a local class), where g++ refuses it, is as CuTe since the program hoists a
block's class definitions to file scope (`hoisted`), as its function definitions.

Session 34 (branch s34-sweep, debug build), three new paste sources, each statement alone:

  | source | tried | as CuTe | refused | differs | fragments | at the start: as CuTe / refused / differs |
  | --- | --- | --- | --- | --- | --- | --- |
  | include/cute/**/*.hpp comments' examples and constant layouts (`--source headers`) | 354 | 297 | 4 | 0 | 53 | 288 / 13 / 1 |
  | include/cutlass/gemm/collective/*.hpp statements (`--source collectives`) | 345 | 24 | 1 | 1 | 319 | 0 / 345 / 0 (the context refused) |
  | examples/python/CuTeDSL/**/*.py host-side layout code (sweep_notebooks.py `--examples`) | 42 | 28 as DSL | 4 | 0 | 10 the DSL refuses (torch) | 18 / 10 / 4 |

`--source headers` (`header_statements`): CuTe 4.7.0's headers' `//` comments' worked examples (a
call with its printout after `->`, `=>` or `=`: layout.hpp's `make_ordered_layout(…)  ->
(_2,_2,_2,_2):(_1,_4,_8,_2)`, swizzle.hpp's `make_swizzle<0b1000, 0b0100>()`, math.hpp's
`bit_width( 0b0011 ) = 2`; `e.g. …`; a commented statement, tensor_impl.hpp's `Tensor thr_data =
local_partition(…);`) and the layout types of constants the headers define (an atom's `using
SM80_16x8_Row = Layout<…>;` under its `// (T32,V4) -> (M16,N8)`, pasted with `SM80_16x8_Row{}`;
GMMA's `Layout_K_SW128_Atom_Bits`), each text once. Each refused one is compiled (no `undefined`
shortcut: `popcount(0b00011101)` is CuTe's though cute says `unknown function`); many errors at
once (`many_errors_oracle`: every block an error points into left out in one round). Fixed: GMMA's
atoms over bits (`smem_ptr_flag` is `smem_ptr_flag_bits<1>`, 9), tensor_impl.hpp's `e.g.
group<2,4>(make_tensor<int>(…))`, which CuTe does not compile (its `group` is the tuple algorithm:
refused naming group_modes); beside the row, `GMMA::Layout_*_Atom<T>` of any element type CuTe
names (`<double>`, `<int4b_t>`, `<uint1b_t>`: the one element table) and an undefined index named
(`local_partition(…, thr_idx)`). Refused still: math.hpp's `popcount` (3: the bit functions of
numeric/math.hpp are not modelled; the others' examples are fragments, CuTe's static_assert wants
unsigned types), mma_traits_sm80.hpp's SM80_16x8x128_S32U1U1S32_TN_XORPOPC `ALayout`, whose
stride is not congruent with its shape (CuTe prints it; cute refuses such layouts by its law, the
atom too). The 53 fragments name what the comment leaves out (`data`, `vec`, `T<…>`) or need an
unsigned type (`bit_width(0b0011)`: CuTe's static_assert).

`--source collectives` (`collective_statements`): each statement of CUTLASS's GEMM collectives
that builds a layout, an atom, a tiled MMA or a copy (`using SmemLayoutA =
decltype(tile_to_shape(SmemLayoutAtomA{}, …, cute::conditional_t< ::cutlass::gemm::detail::
is_major<0,StrideA>(), Step<_2,_1,_3>, Step<_1,_2,_3>>{}));`), pasted after COLLECTIVE_CONTEXT
(the template parameters of an SM90 TMA half_t GEMM: `using StrideA = Stride<int64_t, _1,
int64_t>;`, `using GmemTiledCopyA = SM90_TMA_LOAD;`, `constexpr int Stages = 4;`, …), which the
program has once at file scope (with cutlass/gemm/gemm.h). Most are fragments: they name the
collective's own members (`mainloop_params`, `args`, `thr_layout_vmnk`, `SmemLayoutAtomSFA`, …).
Fixed (the context was refused): tuple types of run-time elements (`Stride<int64_t, _1,
int64_t>{}` is `(0,_1,0)`, CuTe's tuple value-initializes; `Shape<int,int,int,int>{m, n, k, l}`),
a TMA operation as a type alias, a declaration of several variables (`int M = 4096, N = 4096;`),
`cute::conditional_t<C, A, B>{}`, the global qualifier `::cutlass::…`, CUTLASS's
`gemm::detail::is_major<0,StrideA>()` / `is_mn_major<…>()` / `is_k_major<…>()` (5: the SM90 and
SM120 collectives' `SmemLayoutA`). Refused still: `conditional_t<size<1>(TileShape{}) < 128, …>`
(a `<` comparison inside template arguments). The
one that differs is a lambda whose body names what no statement declared (`tCrE`): C++ rejects it
at its definition, cute where it is called.

The DSL's examples (sweep_notebooks.py `--examples`, its docstring). Fixed: a 2-CTA TMA operation's
print (`  CTA group = 2`), `from cutlass.cutlass_dsl import (…)` over lines, `cute.size_in_bytes`
(2). Refused still: a class imported bare (`from cutlass.cute.nvgpu.tcgen05 import
OperandMajorMode`), `cute.SymInt`, `cute.core._pack_shape` (private), tcgen05's `Repetition`.

A TEST body is pasted after the functions its file defines above it (`template <class L> void
test_coalesce(L const& l) { … }`), as a user pasting the file has them; `--no-helpers` pastes
the body alone.
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import cute_sessions  # noqa: E402  (cpp_of: a block as C++ printing what cute prints)

MARK = "=====sweep-block====="


def git(mirror, *args):
    return subprocess.run(["git", "--git-dir", mirror, *args], capture_output=True, text=True,
                          check=True).stdout


def doc_blocks(mirror):
    """The C++ code blocks of the CuTe docs: (where, text)."""
    out = []
    for path in git(mirror, "ls-tree", "--name-only", "HEAD", "media/docs/cpp/cute/").split():
        if not path.endswith(".md"):
            continue
        text = git(mirror, "show", f"HEAD:{path}")
        for k, m in enumerate(re.finditer(r"```(?:c\+\+|cpp|cuda)\s*\n(.*?)```", text, re.S)):
            out.append((f"{path} block {k}", m.group(1), ""))
    return out


def doc_statements(mirror):
    """Each statement of the CuTe docs' C++ code blocks (`--source statements`), pasted alone, as
    a reader copies one line of a doc (`Layout s8 = make_layout(Int<8>{});`): (where, text). A
    block's function definitions are left out (`hoisted`), its class definitions kept, each one
    statement (CuTe's program has it at file scope); its statements are cut at each top-level
    `;` (cute_sessions.cut: a loop with its braced body is one)."""
    out = []
    for where, block, _ in doc_blocks(mirror):
        _, rest = hoisted(block, classes=False)
        try:
            statements = cute_sessions.cut(rest)
        except ValueError:
            continue  # an unterminated string: no C++
        for k, st in enumerate(s for s in statements if s.strip() and s.strip() != ";"):
            out.append((f"{where} statement {k}", st, ""))
    return out


# a function's definition at file scope: `[template <…>] RET NAME(PARAMS) [const] {`
DEFINITION = re.compile(
    r"^\s*(template\s*<[^{;]*>\s*)?(?!namespace\b|struct\b|class\b|TEST\b)"
    r"[\w:<>,&*\s]*?\b(?!(?:if|while|switch|for|return|else|constexpr)\b)\w+\s*\([^;{]*\)\s*(const\s*)?"
    r"(->[^{;]*)?\{", re.S)


def is_definition(chunk):
    """Whether a file-scope chunk defines a function (its comments aside)."""
    return bool(DEFINITION.match(re.sub(r"//[^\n]*|/\*.*?\*/", " ", chunk, flags=re.S)))


def file_scope_chunks(text, upto):
    """The file-scope declarations of `text` before `upto`, each whole (to its `;` or its
    closing brace), comments and preprocessor lines left out: (start, chunk)."""
    out, i, start, depth = [], 0, None, 0
    while i < upto:
        c = text[i]
        if text.startswith("//", i) or (c == "#" and (i == 0 or text[i - 1] == "\n")):
            i = text.find("\n", i) % (len(text) + 1) if "\n" in text[i:] else len(text)
            continue
        if text.startswith("/*", i):
            i = text.find("*/", i) + 2 if "*/" in text[i:] else len(text)
            continue
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if start is None and not c.isspace():
            start = i
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and start is not None:
                # a definition ends at its brace (a `;` after it is its own nothing)
                out.append((start, text[start:i + 1]))
                start = None
        elif c == ";" and depth == 0 and start is not None:
            out.append((start, text[start:i + 1]))
            start = None
        i += 1
    return out


def helpers_before(text, upto, body="", keep=lambda chunk: True):
    """The functions a TEST body may call: those defined at file scope above it (as a user
    pasting the file would have them), the file's own namespaces that the body names
    (`pt_test::Empty`: `namespace pt_test { … }` whole, its structs, functions and
    static_asserts), and `using namespace …;`."""
    def named(chunk):
        m = re.match(r"namespace\s+(\w+)\s*\{", chunk)
        return m is not None and re.search(rf"\b{m.group(1)}::", body) is not None

    def used_type(chunk):
        # a struct or class, or an alias template, at file scope that the body names
        # (msvc_compilation/tuple.cpp's `ConvertibleTo`, `IC`;
        # volta/cooperative_gemm.cu's functors, `increment_by_x<float>{1.111f}`)
        m = re.match(r"(?:template\s*<[^;{]*?>\s*)?(?:(?:struct|class)\s+(\w+)\s*[:{]"
                     r"|using\s+(\w+)\s*=)", chunk)
        return m is not None and re.search(rf"\b{m.group(1) or m.group(2)}\b", body) is not None
    # (a struct's chunk ends at its brace: its `;` written again)
    return "\n".join(chunk + (";" if chunk.endswith("}") and used_type(chunk) else "")
                      for _, chunk in file_scope_chunks(text, upto)
                      if (is_definition(chunk) or chunk.startswith("using namespace")
                          or named(chunk) or used_type(chunk)) and keep(chunk))


# a class's definition: `[template <…>] struct|class NAME [: BASES] {`
CLASS_DEFINITION = re.compile(r"^\s*(template\s*<[^{;]*>\s*)?(struct|class)\s+\w+[^;{]*\{", re.S)


def hoisted(block, classes=True):
    """A block's function and class definitions (`template <class S, class D> void
    print2D(…) { … }`, `struct SM90_TMA_STORE_3D { CUTE_DEVICE static void copy(…) {} };`, as
    the docs write them) apart from its statements: (definitions, the rest). C++ defines a
    function at file scope only, and a class with a template member (a local class may have
    none: g++ refuses CUTE_DEVICE's `static` member function there too), so the program puts
    the definitions there, as the helpers."""
    defs, rest, at = [], [], 0
    for start, chunk in file_scope_chunks(block, len(block)):
        bare = re.sub(r"//[^\n]*|/\*.*?\*/", " ", chunk, flags=re.S)
        if is_definition(chunk) or (classes and CLASS_DEFINITION.match(bare)
                                    and chunk.endswith("}")):
            # (a class's chunk ends at its brace: its `;` written again; the `;` left in the
            # statements is an empty one)
            defs.append(chunk + (";" if not is_definition(chunk) else ""))
            rest.append(block[at:start])
            at = start + len(chunk)
    rest.append(block[at:])
    return "\n".join(defs), "".join(rest)


def test_bodies(mirror):
    """The TEST bodies of CuTe's core unit tests: (where, text, helpers), the helpers the
    functions defined above the TEST in its file."""
    out = []
    for path in git(mirror, "ls-tree", "--name-only", "HEAD", "test/unit/cute/core/").split():
        if not path.endswith(".cpp"):
            continue
        text = git(mirror, "show", f"HEAD:{path}")
        for m in re.finditer(r"^TEST\((\w+),\s*(\w+)\)\s*\{", text, re.M):
            depth, i = 1, m.end()
            while i < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            helpers = helpers_before(text, m.start(), text[m.end():i]) if WITH_HELPERS else ""
            INCLUDES.update(re.findall(r"^#include\s*<cute/[^>]+>", text, re.M))
            out.append((f"{path} TEST({m.group(1)}, {m.group(2)})", text[m.end():i - 1],
                        helpers))
    return out


# ---- CuTe's headers' comments (`--source headers`) ----

# the headers a reader reads: CuTe 4.7.0's, as the oracle compiles them
CUTE_HEADERS = "/work/shared/cutlass-4.7/include/cute"

# a worked example of a comment: `e.g. make_tensor<float>(Int<12>{})`, `make_swizzle<…>()  ->
# Swizzle<1,2,1>`, `make_ordered_layout(…)` above a line `->  (_2,_2,_2,_2):(…)`, `bit_width(
# 0b0011 ) = 2`, a statement `Tensor thr_data = local_partition(…);  // ( _8, _4)`
COMMENT_CALL = re.compile(r"^(?:e\.g\.\s*)?((?!(?:static_)?assert\b)(?:cute::)?[a-z_]\w*(?:<[^;]*?>)?\(.*\)(?:\{\})?)"
                          r"\s*(?:(?:->|=>|=(?!=))\s*\S.*)?$")
# (a declaration of a value: commented-out code, `auto [s, d] = init;`, `using reference = …;`,
# `int p = lo;`, is no example)
COMMENT_STATEMENT = re.compile(r"^((?:auto|Tensor|Layout)\s+\w+\s*=(?!\s*typename)[^;]*;)\s*(?://.*)?$")
# an atom's or a traits' layout type of constants (`using SM80_16x8_Row = Layout<Shape
# <Shape<_4,_8>,_4>, …>;`, the layouts the comments `// (T32,V4) -> (M16,N8)` name): pasted with
# its value (`SM80_16x8_Row{}`)
TYPEDEF = re.compile(r"^[ \t]*using\s+(\w+)\s*=\s*((?:Layout|ComposedLayout|Shape|Stride|Swizzle|Tile)"
                     r"\b[^;]*);", re.M)
CONSTANT_NAMES = re.compile(r"^(?:Layout|Shape|Stride|ComposedLayout|Swizzle|Int|_\d+|Tile|Step"
                            r"|Underscore|X|smem_ptr_flag|smem_ptr_flag_bits|cute)$")


def header_statements(root=CUTE_HEADERS):
    """What a reader pastes from CuTe's headers (`--source headers`), each alone: the worked
    examples of their `//` comments (a call with its printout after `->`, `=>` or `=`, `e.g.
    …`, a commented statement) and the layout types of constants they define (an atom's
    `using SM80_16x8_Row = Layout<…>;`, then `SM80_16x8_Row{}`), each text once: (where,
    text, "")."""
    out, seen = [], set()
    for path in sorted(glob.glob(os.path.join(root, "**", "*.hpp"), recursive=True)):
        rel = os.path.relpath(path, os.path.dirname(root))
        text = open(path).read()
        for n, line in enumerate(text.split("\n"), 1):
            m = re.match(r"^\s*//+\s?(.*)$", line)
            if not m:
                continue
            said = m.group(1).strip()
            if "@a" in said or "..." in said or re.match(r"^(?:Tensor|auto)\s+\w+\s*=\s*\.\.\.", said):
                continue
            st = COMMENT_STATEMENT.match(said)
            call = COMMENT_CALL.match(said)
            if st:
                unit = st.group(1)
            elif call and not said.endswith(";"):
                unit = call.group(1).strip()
                # the call's own parentheses, balanced (`bit_width( 0b0011 )`)
                # (a table's columns, `back(NewLayout)  get<I>(OldLayout)`, or a comparison, are
                # no call)
                if unit.count("(") != unit.count(")") or re.search(r"\)\s{2,}\w| [<>] ", unit):
                    continue
            else:
                continue
            if unit not in seen:
                seen.add(unit)
                out.append((f"{rel}:{n} comment", unit, ""))
        for m in TYPEDEF.finditer(text):
            name, rhs = m.group(1), re.sub(r"\s+", " ", m.group(2))
            if not all(CONSTANT_NAMES.match(i) for i in re.findall(r"[A-Za-z_]\w*", rhs)):
                continue  # a template's parameters (`Shape<_1,Int<N>>`)
            if rhs in seen:
                continue
            seen.add(rhs)
            n = text.count("\n", 0, m.start()) + 1
            out.append((f"{rel}:{n} using {name}", f"using {name} = {rhs};\n{name}{{}}", ""))
    return out


# ---- CUTLASS's collectives (`--source collectives`) ----

# the template parameters of a collective as a kernel author instantiates them (an SM90 TMA
# warp-specialized half_t GEMM, CollectiveBuilder's choices): the `using`/`auto` context pasted
# before each of a collective's statements (in the program: at file scope)
COLLECTIVE_CONTEXT = """\
using ElementA = half_t;
using ElementB = half_t;
using ElementAccumulator = float;
using TileShape = Shape<_128,_128,_64>;
using ClusterShape = Shape<_2,_1,_1>;
using StrideA = Stride<int64_t, _1, int64_t>;
using StrideB = Stride<int64_t, _1, int64_t>;
constexpr int Stages = 4;
using SmemLayoutAtomA = GMMA::Layout_K_SW128_Atom<half_t>;
using SmemLayoutAtomB = GMMA::Layout_K_SW128_Atom<half_t>;
using TiledMma = decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}, Layout<Shape<_2,_1,_1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
using GmemTiledCopyA = SM90_TMA_LOAD;
using GmemTiledCopyB = SM90_TMA_LOAD_MULTICAST;
using CtaShape_MNK = TileShape;
int M = 4096;
int N = 4096;
int K = 4096;
int L = 1;"""

# where a collective's statement that builds a layout, an atom, a tiled MMA or a copy starts
COLLECTIVE_START = re.compile(
    r"^[ \t]*((?:static\s+)?(?:constexpr\s+)?(?:using\s+\w+\s*=|auto\s+\w+\s*=|Tensor\s+\w+\s*="
    r"|Layout\s+\w+\s*=))", re.M)
COLLECTIVE_BUILDERS = re.compile(
    r"tile_to_shape|make_tiled_mma|make_tiled_copy|make_layout|Layout<|composition|_divide|make_tile"
    r"|_product|ss_smem_selector|make_cotiled_copy|Copy_Atom<|MMA_Atom<|TiledMMA<|make_shape"
    r"|ComposedLayout<|Swizzle<|upcast|recast_layout|make_tma_copy")


def statement_from(text, i):
    """The statement of `text` that starts at `i`, to its top-level `;` (comments left out),
    or None where a closing bracket comes first (no statement)."""
    depth, j = 0, i
    while j < len(text):
        if text.startswith("//", j):
            j = text.find("\n", j)
            if j < 0:
                return None
            continue
        c = text[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif c == ";" and depth == 0:
            return re.sub(r"//[^\n]*", "", text[i:j + 1])
        j += 1
    return None


def collective_statements(mirror):
    """The statements of CUTLASS's GEMM collectives (include/cutlass/gemm/collective/*.hpp)
    that build a layout, an atom, a tiled MMA or a copy (`using SmemLayoutA =
    decltype(tile_to_shape(SmemLayoutAtomA{}, make_shape(…), …));`, `auto cluster_layout_vmnk =
    tiled_divide(…);`), each once (its text), each after COLLECTIVE_CONTEXT, its template
    parameters (CONTEXT): (where, text, ""). `DispatchPolicy::Stages` is the context's `Stages`."""
    out, seen = [], set()
    for path in git(mirror, "ls-tree", "--name-only", "HEAD", "include/cutlass/gemm/collective/").split():
        if not path.endswith(".hpp"):
            continue
        text = git(mirror, "show", f"HEAD:{path}")
        for m in COLLECTIVE_START.finditer(text):
            st = statement_from(text, m.start(1))
            if st is None or not COLLECTIVE_BUILDERS.search(st):
                continue
            st = st.replace("DispatchPolicy::Stages", "Stages").strip()
            key = re.sub(r"\s+", "", st)
            if key in seen:
                continue
            seen.add(key)
            n = text.count("\n", 0, m.start(1)) + 1
            out.append((f"{path.removeprefix('include/cutlass/gemm/collective/')}:{n}", st, ""))
    return out


# CUTLASS's other CuTe unit tests (`--source unit`): test/unit/cute/ outside core/
UNIT_DIRS = ("layout", "msvc_compilation", "ampere", "hopper", "turing", "volta")


def defined_names(text):
    """The names of the functions `text` defines (namespaces opened)."""
    return {name for name, _, _, _ in functions_of(text)}


def launchers_of(mirror, path, text):
    """The functions of a unit test's file (and of the testbeds it includes: tma_load_testbed.hpp,
    cooperative_gemm_common.hpp) that launch a kernel or call one that does: where CuTe's host
    program hands its work to the GPU (`kernel<<<…>>>`, device memory), and stops without one."""
    folder = os.path.dirname(path)
    headers = {}
    for inc in re.findall(r'^#include\s*"([^"]+)"', text, re.M):
        full = os.path.normpath(os.path.join(folder, inc))
        if full.startswith("test/unit/cute/"):
            try:
                headers[full] = git(mirror, "show", f"HEAD:{full}")
            except subprocess.CalledProcessError:
                pass
    launchers = set()
    for h in headers.values():
        # a testbed's functions run kernels (and the names its column-0 lines define:
        # `void test_cooperative_gemm(` after template parameters functions_of does not read)
        launchers |= defined_names(h) | set(re.findall(r"^(?:[\w:]+\s+)?(\w+)\s*\(", h, re.M))
    funcs = functions_of(text)
    launchers |= {name for name, _, _, _ in funcs if name in GLOBAL}
    changed = True
    while changed:
        changed = False
        for name, _, _, body in funcs:
            if name not in launchers and ("<<<" in body or any(
                    re.search(rf"\b{re.escape(n)}\s*(<[^;]*?>)?\s*\(", body) for n in launchers)):
                launchers.add(name)
                changed = True
    return launchers - {"TEST", "if", "for", "while", "switch", "return", "sizeof", "defined"}


def cut_at_launch(body, launchers):
    """A TEST body up to its first statement that calls a launcher or allocates device memory
    (its open braces closed, each on a line):
    what CuTe's host program runs before a kernel takes over. (body, the statement cut at or
    None)."""
    bare = re.sub(r"//[^\n]*|/\*.*?\*/", lambda m: " " * len(m.group(0)), body, flags=re.S)
    first = None
    for n in launchers:
        m = re.search(rf"(?<![\w.:>])(?:\w+::)*{re.escape(n)}\s*(<[^;]*?>)?\s*\(", bare)
        if m and (first is None or m.start() < first.start()):
            first = m
    # device memory (`thrust::device_vector<double> d_in(h_in);`, cudaMalloc) is where the
    # host program stops too: without a GPU it cannot allocate it
    device = re.search(r"\bthrust::device_vector\b|\bcuda(Malloc|Memcpy)\w*\s*\(", bare)
    if device and (first is None or device.start() < first.start()):
        first = device
    if first is None:
        return body, None
    start = max(bare.rfind(c, 0, first.start()) for c in ";{}") + 1
    end = bare.find(";", first.start())
    prefix = body[:start]
    opened = bare[:start].count("{") - bare[:start].count("}")
    return prefix + "\n}" * max(opened, 0), " ".join(bare[start:end + 1].split())


def unit_bodies(mirror):
    """The TEST bodies of CUTLASS's other CuTe unit tests, each cut at its first launch:
    (where, text, helpers), the helpers the file's functions above the TEST that launch
    nothing (its wrappers around a testbed are where the body stops)."""
    out = []
    paths = git(mirror, "ls-tree", "-r", "--name-only", "HEAD", "test/unit/cute/").split()
    for path in paths:
        if not re.match(rf"test/unit/cute/({'|'.join(UNIT_DIRS)})/\w+\.(cu|cpp)$", path):
            continue
        text = git(mirror, "show", f"HEAD:{path}")
        launchers = launchers_of(mirror, path, text)
        # the TESTs the compiler sees (hopper/cooperative_gemm.cu's CooperativeGemmTilingF16
        # is in the `#else` of `#if USE_FP8` after `#define USE_FP8 1`: never compiled, and
        # no C++ either, `swizzle{}` of a variable)
        live = preprocessed(text)
        for m in re.finditer(r"^(?:CUTE_)?TEST\((\w+),\s*(\w+)\)\s*\{", text, re.M):
            if m.group(0) not in live:
                continue
            depth, i = 1, m.end()
            while i < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            body, stop = cut_at_launch(text[m.end():i - 1], launchers)
            helpers = ""
            if WITH_HELPERS:
                helpers = helpers_before(
                    text, m.start(), body, lambda chunk: "__global__" not in chunk
                    and not defined_names(chunk) & launchers
                    # the testbed's namespace, which the program (no testbed) does not declare
                    and not chunk.startswith("using namespace cutlass::test"))
            INCLUDES.update(re.findall(r"^#include\s*<(?:cute/[^>]+|thrust/host_vector\.h)>",
                                       text, re.M))
            # CUTLASS 2's layouts that layout_operator.cu compares with CuTe's
            INCLUDES.update(f"#include <{h}>" for h in re.findall(
                r'^#include\s*["<](cutlass/(?:layout/[^">]+|matrix_coord\.h))[">]', text, re.M))
            where = f"{path} TEST({m.group(1)}, {m.group(2)})"
            if stop:
                where += f" (cut at the launch {stop[:70]!r})"
                UNIT_CUT[0] += 1
            out.append((where, body, helpers))
    return out


# how many unit TEST bodies stop at a launch (the rest run on the host to their end)
UNIT_CUT = [0]


# whether a TEST body is pasted with the functions defined above it (--no-helpers: without)
WITH_HELPERS = True

# the headers of CuTe's that the TEST bodies' files include (`<cute/algorithm/tensor_reduce.hpp>`,
# which cute/tensor.hpp does not), and thrust's host_vector.h (the unit bodies' host arrays,
# `thrust::host_vector<T> h_in(count);`, which cute reads): the program includes them too, at
# file scope
INCLUDES = set()


def run_cute(binary, block):
    try:
        r = subprocess.run([binary, "eval", "--format", "cute"], input=block,
                           capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        # a loop of many checks (inverse_left.cpp's 2^18 coordinates) in a debug build
        return 1, "", f"error: cute took longer than {TIMEOUT} s (the sweep's limit)\n"
    return r.returncode, r.stdout, r.stderr



def reason_key(error):
    """A refusal's first error with its quoted names left out: refusals of one kind count
    together."""
    return re.sub(r"'[^']*'", "'…'", error)[:110]


def print_details(details, reasons, what):
    """The `-v` listing: each unit's verdict, then the refusals' first errors, most first."""
    print("\n".join(details))
    print(f"\nfirst errors of refused {what}:")
    for r, n in reasons.most_common():
        print(f"{n:4}  {r}")


# the program's own definitions before each block's helpers (the tutorials': KERNEL_SHIMS)
SHIMS = ""

# the calls of a kernel's body that return nothing (a statement, not a value to print)
KERNEL_VOID = (r"__syncthreads|__syncwarp|cp_async_fence|cp_async_wait<[^>]*>|\w+\.\w*(?:arrive|wait)\w*"
               r"|warpgroup_\w+(?:<[^>]*>)?"
               # tensor memory's allocator, an UMMA kernel's barriers and cooperative copies
               r"|\w+\.(?:allocate|free|release_allocation_lock)|cooperative_copy<[^>]*>"
               r"|(?:[\w:]+::)?(?:init|initialize_barrier|wait_barrier|umma_arrive\w*"
               r"|set_barrier_transaction_bytes|arrive_and_expect_tx|arrive|wait"
               r"|cluster_sync|cluster_arrive\w*|cluster_wait)"
               # an epilogue's copies through shared memory and its TMA store's fences
               r"|copy_aligned|tma_store_(?:arrive|fence|wait<[^>]*>)")

# the headers of a kernel's machinery the program includes (its barriers, `cutlass::arch::umma_arrive`;
# tensor memory's allocator; a pipeline's `cutlass::PipelineState`)
KERNEL_INCLUDES = ["#include <cutlass/arch/barrier.h>", "#include <cute/arch/tmem_allocator_sm100.hpp>"]
# (after CUDA's indices: the pipeline's functions read `threadIdx`)
KERNEL_INCLUDES_AFTER_INDICES = ["#include <cutlass/pipeline/sm90_pipeline.hpp>"]

# how long one block may take in cute
TIMEOUT = 120


# the oracle the blocks compile with (the TEST bodies': `ndebug_oracle()`)
ORACLE = "/work/shared/tools/cute-oracle"


def ndebug_oracle():
    """cute-oracle compiling with NDEBUG, as CUTLASS builds its unit tests (its CMakeLists.txt
    sets CMAKE_BUILD_TYPE Release: `-DNDEBUG`), so that an `assert` of CUTLASS's
    (integer_subbyte's range, logical_reduce's `compatible`) is left out as in the tests the
    bodies come from: a copy of the script with `-DNDEBUG` on its compiler's line."""
    import tempfile
    script = open("/work/shared/tools/cute-oracle").read()
    assert "g++ -std=c++17 " in script
    os.environ.setdefault("CUTE_INCLUDE", "/work/shared/cutlass-4.7/include")
    fd, path = tempfile.mkstemp(prefix="cute-oracle-ndebug-")
    with os.fdopen(fd, "w") as f:
        f.write(script.replace("g++ -std=c++17 ", "g++ -std=c++17 -DNDEBUG ", 1))
    os.chmod(path, 0o755)
    import atexit
    atexit.register(os.remove, path)
    return path


def many_errors_oracle():
    """cute-oracle reporting every error of the program (`-fmax-errors=0`, each error's and
    each `required from here` line kept), so that compile_many leaves out at once every block an
    error points into: a source of many fragments (the collectives' statements, each after one
    context) compiles in a few rounds, not one round a fragment."""
    import tempfile
    script = open("/work/shared/tools/cute-oracle").read()
    assert "-fmax-errors=1 " in script and 'grep -m3 -E "error|required from here"' in script
    script = script.replace("-fmax-errors=1 ", "-fmax-errors=0 ", 1).replace(
        'grep -m3 -E "error|required from here"', 'grep -E "error|required from here"', 1)
    os.environ.setdefault("CUTE_INCLUDE", "/work/shared/cutlass-4.7/include")
    fd, path = tempfile.mkstemp(prefix="cute-oracle-many-")
    with os.fdopen(fd, "w") as f:
        f.write(script)
    os.chmod(path, 0o755)
    import atexit
    atexit.register(os.remove, path)
    return path


# the `using`/`auto` context every statement of a source is pasted after (the collectives'
# template parameters, COLLECTIVE_CONTEXT): cute reads it before each statement, the program
# has it once at file scope
CONTEXT = ""


# the lines cute-oracle writes before the program's first line (its #includes and `main`)
ORACLE_HEADER = 25


# the blocks whose program compiled and stopped as it ran (its lines: the assertion that failed)
STOPPED = {}
# and what such a program printed before it stopped (its lines: CuTe's printout, the host-only
# lines left out)
PRINTED_BEFORE_STOP = {}

# the words of cute's error for a statement only a GPU can run (tcgen05.alloc, an mbarrier):
# a block cute stops on so, where CuTe's program off the GPU stops at the same statement, is
# compared up to that stop
GPU_ONLY = "a GPU-only effect"


def compile_many(blocks):
    """What CuTe prints for each block (None where it does not compile), in one program; a
    block the compiler's first error points into is left out and the rest compiled again.
    A block is (helpers, lines): its helpers (functions) are defined at file scope, in a
    namespace of the block's own that the block uses (main, the oracle's, calls a function
    the blocks are in, so that the helpers can stand between them)."""
    if not blocks:
        return []
    head = cute_sessions.PRELUDE
    lines, starts = head.split("\n")[:-1], []
    lines.append("int sweep_blocks(); return sweep_blocks(); }")
    lines += sorted(INCLUDES)
    if SHIMS:
        # a kernel's barriers (`cutlass::arch::umma_arrive`) and tensor memory's allocator
        lines += KERNEL_INCLUDES
    # CUDA's built-in indices as cute answers them, at file scope too (the blocks are in a
    # function of their own)
    lines += cute_sessions.CUDA_INDICES.split("\n")[:-1]
    if CONTEXT:
        lines += ["using namespace cute;"] + CONTEXT.split("\n")
    if SHIMS:
        # the shims at file scope (the pipeline's header calls `__syncthreads()`), then the
        # headers that read them and CUDA's indices
        lines += SHIMS.split("\n") + KERNEL_INCLUDES_AFTER_INDICES
    # a kernel's dynamic shared memory, `extern __shared__ char shared_memory[];` in its body:
    # the program defines it at file scope (the launch's bytes; CuTe prints its address)
    for ty, name in sorted({m for _, b in blocks for m in re.findall(
            r"\bextern\s+__shared__\s+(?:alignas\(\d+\)\s+)?([\w:]+)\s+(\w+)\s*\[\s*\]",
            "\n".join(b))}):
        lines.append(f"alignas(1024) {ty} {name}[1 << 20];")
    for k, (helpers, _) in enumerate(blocks):
        lines += [f"namespace sweep_{k} {{ using namespace cute;"] + helpers.split("\n") + ["}"]
    lines.append("int sweep_blocks() {")
    # unbuffered, so that what a block printed before it stops (an assert) is not lost
    lines.append("setvbuf(stdout, nullptr, _IONBF, 0);")
    for k, (_, b) in enumerate(blocks):
        starts.append(len(lines) + 1)
        lines.append(f"{{ using namespace sweep_{k};")
        # a statement of several lines is one item: its lines counted one by one; a call of
        # a helper that returns nothing (`void test_coalesce(…)`) is a statement, not printed
        void = "|".join(re.findall(r"\bvoid\s+(\w+)\s*\(", blocks[k][0]))
        cpp = cute_sessions.cpp_of(b)
        if void:
            # (`test::test_tuple_find_all<cute::tuple>()` too: namespaced, with template
            # arguments)
            cpp = [re.sub(rf'^print\(((?:\w+::)*(?:{void})(?:<[^;]*?>)?\(.*\))\); printf\("\\n"\);$',
                          r"\1;", s) for s in cpp]
        if SHIMS:
            # a kernel's barrier or fence is a statement (it returns nothing)
            cpp = [re.sub(rf'^print\(((?:{KERNEL_VOID})\(.*\))\); printf\("\\n"\);$', r"\1;",
                          s) for s in cpp]
            # an assignment to a member (`tiled_mma.accumulate_ = UMMA::ScaleOut::Zero;`): a
            # statement
            cpp = [re.sub(r'^print\((\w+\.\w+_ = [^;]*)\); printf\("\\n"\);$', r"\1;", s)
                   for s in cpp]
            # an increment or a compound assignment (`++read_state;`, `phase_bit ^= 1;`): a
            # statement, as C++ and cute read it (a pipeline's `operator++` returns nothing)
            cpp = [re.sub(r'^print\(((?:\+\+|--)[\w.]+|[\w.]+(?:\+\+|--)'
                          r'|[\w.]+ (?:[-+*/%^|&]|<<|>>)= [^;]*)\); printf\("\\n"\);$', r"\1;", s)
                   for s in cpp]
            # `CUTE_NO_UNROLL` before a loop: the pragma, as written
            cpp = [re.sub(r'^print\((CUTE_(?:NO_)?UNROLL)\); printf\("\\n"\);$', r"\1", s)
                   for s in cpp]
            # a kernel's pointer parameter (`TA const* A;`) points, in the program, at zeroed
            # memory the kernel's copies of block 0 may read and write (cute models them
            # without memory; a garbage pointer would end the program)
            cpp = [re.sub(r"^((?:const\s+)?([\w:]+)(?:\s+const)?\s*\*\s*(?:__restrict__\s+)?\w+);$",
                          r"\1 = (\2*) calloc(1 << 28, 1);", s) for s in cpp]
        lines += ["  " + x for s in cpp for x in s.split("\n")]
        lines.append("}")
        lines.append(f'printf("{MARK}\\n");')
    lines.append("return 0;")
    r = subprocess.run([ORACLE, "\n".join(lines)], capture_output=True,
                       text=True, timeout=900)
    if r.returncode == 0:
        outs = cute_sessions.without_host_lines(r.stdout).split(MARK + "\n")
        if len(outs) == len(blocks) + 1:
            return outs[:-1]
    # every block an error points into (one with cute-oracle's first error; all of them with
    # many_errors_oracle's), left out at once
    bads = sorted({b for b in (max((i for i, s in enumerate(starts) if s <= at), default=None)
                               for at in (int(x) - ORACLE_HEADER
                                          for x in re.findall(r"q\.cpp:(\d+):", r.stderr)))
                   if b is not None})
    if bads:
        kept = [k for k in range(len(blocks)) if k not in bads]
        rest = iter(compile_many([blocks[k] for k in kept]))
        return [None if k in bads else next(rest) for k in range(len(blocks))]
    if len(blocks) == 1:
        # it compiled and stopped as it ran (a kernel's cp.async copy on the host: CuTe's
        # `CUTE_INVALID_CONTROL_PATH`, "Support for cp.async instructions has not been enabled")
        m = re.search(r"Assertion `(.*?)' failed", r.stderr)
        if r.returncode != 0 and m and not re.search(r"q\.cpp:\d+:", r.stderr):
            STOPPED["\n".join(blocks[0][1])] = m.group(1)
            PRINTED_BEFORE_STOP["\n".join(blocks[0][1])] = \
                cute_sessions.without_host_lines(r.stdout)
        return [None]
    half = len(blocks) // 2
    return compile_many(blocks[:half]) + compile_many(blocks[half:])



# ---- the tutorials (examples/cute/tutorial/, hopper/, blackwell/) ----

# what a host compiler lacks of a kernel's world, for the program only (cute models a kernel
# body as thread 0 of block 0): CUDA's builtin indices and the barrier
KERNEL_SHIMS = ("void __syncthreads() {}\n"
                "void __syncwarp() {}")

# a statement of a host program that is no CuTe: the host's runtime (thrust, iostreams, the CUDA
# runtime, reading argv, timing, checks); a user pasting the CuTe of a tutorial leaves these out
RUNTIME = re.compile(
    r"thrust::|std::|\bcuda[A-Z]\w*\s*\(|CUTE_CHECK|CUTLASS_CHECK|sscanf|\breturn\b|GPU_Clock|"
    r"\btimer\.|\bassert\s*\(|initialize_tensor|\bdevice_init\b|\brand\(\)|\bh_[A-Za-z]\w*\[|"
    r"\bprintf\s*\(\s*\"(?!\\n)|cudaDeviceProp|cudaError|cudaStream_t|\bgflops\b|"
    r"\bh_[A-Za-z]\w*\s*=|\w+\.size\(\)|\breference_gemm\b|\bprint_matrix_multiply\w*|"
    r"\brelative_error\b|\bverify\b")

# a thrust vector, pasted as a pointer to its elements (`float* d_A;`), its `.data()` as it
VECTOR = re.compile(r"^thrust::(?:host|device)_vector<([^;]*?)>\s+(\w+)\b[^;]*;$", re.S)
VECTOR_DATA = re.compile(r"thrust::raw_pointer_cast\(\s*(\w+)\.data\(\)\s*\)|\b(\w+)\.data\(\)(?:\.get\(\))?")

# where a host function starts launching its kernel: what comes after is the launch's setup
LAUNCH = re.compile(r"^\s*(dim3\b|auto\s*\*\s*kernel_ptr|cutlass::ClusterLaunchParams|"
                    r"int\s+smem_?[Bb]ytes|int\s+smem_?[Ss]ize|\w+(<[^;]*?>)?\s*<<<)", re.S)


def preprocessed(text):
    """`text` as the compiler sees it: `#if 0` parts left out, `#if 1` and `#if defined(…)`
    parts kept (their `#else` parts left out), other preprocessor lines dropped."""
    out, keep = [], []
    for line in text.split("\n"):
        t = line.strip()
        if t.startswith("#if"):
            keep.append(not re.match(r"#if\s+0\b", t))
            continue
        if t.startswith("#el"):
            if keep:
                keep[-1] = False if t.startswith("#else") or keep[-1] else keep[-1]
            continue
        if t.startswith("#endif"):
            if keep:
                keep.pop()
            continue
        if t.startswith("#"):
            continue
        if all(keep):
            out.append(line)
    return "\n".join(out)


def split_top(text, sep=","):
    """`text` cut at its top-level `sep`s (brackets and template arguments kept whole)."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == sep and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


FUNCTION = re.compile(
    r"^(?:template\s*<(?P<tparams>[^{;]*?)>\s*)?(?P<head>[\w:<>,&*\s()]*?)\b(?P<name>\w+)\s*"
    r"\((?P<params>[^;{]*)\)\s*(?:const\s*)?\{", re.S)


# the kernels (`__global__`) met: one no host function launches is pasted with none
GLOBAL = set()


def functions_of(text):
    """A file's function definitions at file scope (namespaces opened): (name, template
    parameters, parameters, body), each parameter (type, name or '', default or '')."""
    out = []
    text = preprocessed(text)
    for bare in statements_of(text):
        # `__launch_bounds__(…)` between the template and the name is no parameter list
        bare = without_call(bare, "__launch_bounds__")
        if re.match(r"namespace\b", bare):
            out += functions_of(bare[bare.index("{") + 1:bare.rindex("}")])
            continue
        m = FUNCTION.match(bare)
        if not m or re.match(r"(struct|class|union|enum)\b", bare) or m.group("name") in (
                "if", "for", "while", "switch", "return"):
            continue
        tparams = [re.sub(r"^(class|typename)\s+", "", t).split("=")[0].strip()
                   for t in split_top(m.group("tparams") or "")]
        params = []
        for p in split_top(re.sub(r"//[^\n]*", "", m.group("params"))):
            decl, _, default = p.partition("=")
            decl = decl.strip()
            named = re.match(r"^(.*?[\w*&>\s])\s*\b(\w+)$", decl)
            if named and named.group(1).strip() and not named.group(1).strip().endswith("::"):
                params.append((named.group(1).strip(), named.group(2), default.strip()))
            else:
                params.append((decl, "", default.strip()))
        if "__global__" in m.group("head"):
            GLOBAL.add(m.group("name"))
        out.append((m.group("name"), tparams, params, bare[m.end():bare.rindex("}")]))
    return out


def without_call(text, name):
    """`text` without the calls of `name` (`__launch_bounds__(decltype(size(…))::value)`)."""
    while True:
        at = text.find(name + "(")
        if at < 0:
            return text
        depth, i = 0, at + len(name)
        while i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
            if depth == 0:
                break
        text = text[:at] + " " + text[i:]


def statements_of(body):
    """The statements of a function's body, each whole (a loop or an `if` with its braces,
    `Int<1>{}` and `= {…}` inside their statement), comments left out."""
    body = re.sub(r"//[^\n]*|/\*.*?\*/", " ", body, flags=re.S)
    out, start, parens, braces, compound = [], 0, 0, 0, []
    for i, c in enumerate(body):
        if c == "(":
            parens += 1
        elif c == ")":
            parens -= 1
        elif c == "{":
            before = body[start:i].rstrip()
            compound.append(parens == 0 and (not before or before.endswith(")") or re.search(
                r"\b(else|do|const|namespace(\s+[\w:]+)?)$", before) is not None))
            braces += 1
        elif c == "}":
            braces -= 1
            was = compound.pop() if compound else False
            if braces == 0 and was and body[start:i + 1].strip():
                out.append(body[start:i + 1].strip())
                start = i + 1
        elif c == ";" and parens == 0 and braces == 0:
            out.append(body[start:i + 1].strip())
            start = i + 1
    return [s for s in out if s]


def pastable(body):
    """What a user pastes of a body: its statements, the host runtime's and each kernel
    launch's setup left out; and its launches, [(kernel, arguments, the statements before
    it)]."""
    out, launches, kernel = [], [], None
    for st in statements_of(body):
        if LAUNCH.match(st) or re.match(r"cutlass::Status\b", st) \
                or re.search(r"\bkernel_f?ptr\b", st):
            named = re.match(r"(\w+)\s*(?:<[^;]*?>)?\s*<<<", st) \
                or re.search(r"(?:&|kernel_fptr\s*=)\s*(\w+)\s*<", st)
            if named and named.group(1) == "kernel_fptr":
                named = None  # `kernel_fptr<<<…>>>`: the kernel its declaration named
            kernel = named.group(1) if named else kernel
            m = re.search(r"<<<.*?>>>\s*\((.*)\)\s*;", st, re.S)
            args = split_top(m.group(1)) if m else None
            m = re.search(r"launch_kernel_on_cluster\s*\((.*)\)\s*;", st, re.S)
            args = split_top(m.group(1))[2:] if m else args
            if args is not None and kernel:
                out.append((kernel, args))  # where the launch is
            continue
        vector = VECTOR.match(st)
        if vector:
            out.append(f"{vector.group(1)}* {vector.group(2)};")
            continue
        st = VECTOR_DATA.sub(lambda m: m.group(1) or m.group(2), st)
        if not RUNTIME.search(st) and not re.match(r"using\s+namespace\b", st) \
                and not re.match(rf"({'|'.join(HOST_CALLS) or '$^'})\s*\(", st):
            out.append(st)
    # a declaration without a value that only the left-out statements use (`int
    # current_device_id;` for cudaGetDevice) goes with them
    # (or a string only the host's reports print, `auto type_str_a = "half_t";`)
    # (a type of the program's own struct, `using SMEMStorage = SharedStorage<…>;`, stays: the
    # file's structs are pasted before the block, and the launch names it)
    texts = [st for st in out if isinstance(st, str)]
    out = [st for st in out if not isinstance(st, str) or not (m := re.match(
        r'^(?:\[\[\w+\]\]\s*)?[\w:]+\s+(\w+)\s*(?:=\s*"[^"]*"\s*)?;$', st)) or any(
        re.search(rf"\b{m.group(1)}\b", other) for other in texts if other is not st)]
    stmts = []
    for st in out:
        if isinstance(st, str):
            stmts.append(st)
        else:
            launches.append((st[0], st[1], list(stmts)))
    return stmts, launches


# what makes a body CuTe's (a main that only reads argv and times is none)
CUTE_CALL = re.compile(r"\b(make_\w+|Layout|Tensor|Int<|tile_to_shape|print\w*|local_\w+|"
                       r"partition_\w+|TiledCopy|TiledMMA|tiled_divide)\b")

# the functions of the file being pasted (a call of one from main is its launch: the function
# is a block of its own)
HOST_CALLS = []

def structs_of(text):
    """A file's struct definitions at file scope (`template <…> struct SharedStorage { … };`),
    each whole, one a line."""
    return "\n".join(st for st in statements_of(preprocessed(text))
                     if re.match(r"^(template\s*<[^{;]*>\s*)?struct\s+\w+\s*\{", st))


def values_of(main_body):
    """The values a tutorial's main gives its variables and types: {name: declaration}."""
    out = {}
    for st in statements_of(main_body):
        st = re.sub(r"//[^\n]*", "", st).strip()
        m = re.match(r"^using\s+(\w+)\s*=\s*([^;]+);$", st)
        if m:
            out.setdefault(m.group(1), st)
            continue
        m = re.match(r"^((?:const\s+)?[\w:]+)\s+(\w+\s*=[^;]+);$", st)
        if m and not RUNTIME.search(st):
            for decl in split_top(m.group(2)):
                name = decl.split("=")[0].strip()
                out.setdefault(name, f"{m.group(1)} {decl};")
    return out


def bindings(tparams, params, args, known):
    """A function's parameters as declarations before its pasted body: a parameter takes the
    argument it is called with (`auto shape_MNK = prob_shape;`), else the value the tutorial's
    main gives a variable of its name (`int m = 5120;`), else its default, else it is declared
    as written (`TA const* A;`); a template parameter is the type main names (`using TA =
    float;`), else the type of the parameter declared with it (`using CtaTiler =
    decltype(cta_tiler);`)."""
    out, bound = [u for u in known.values() if u.startswith("using")], set()
    for t in tparams:
        if t in known and known[t].startswith("using"):
            bound.add(t)
    late = []
    for k, (ty, name, default) in enumerate(params):
        arg = args[k] if k < len(args) else None
        base = re.sub(r"\b(const|volatile)\b|[*&]", "", ty).strip()
        if RUNTIME.search(ty):
            continue  # `cudaStream_t stream = 0`: the host's runtime
        if not name:
            if base in tparams and base not in bound and arg:
                late.append(f"using {base} = decltype({arg});")
                bound.add(base)
            continue
        if arg is not None:
            if arg != name:
                out.append(f"auto {name} = {arg};")
        elif name in known:
            out.append(known[name])
        elif default:
            out.append(f"{ty} {name} = {default};")
        else:
            out.append(f"{ty} {name};")
        if base in tparams and base not in bound and base == ty.strip():
            late.append(f"using {base} = decltype({name});")
            bound.add(base)
    # the values main gives the names these declarations use (`int Gemm_M = 512;` before
    # `Layout layout_A = make_layout(make_shape(Gemm_M, Gemm_K), …)`), first
    used, todo = [], list(out)
    while todo:
        for word in re.findall(r"\b\w+\b", todo.pop()):
            if word in known and not known[word].startswith("using") \
                    and known[word] not in out and known[word] not in used:
                used.insert(0, known[word])
                todo.append(known[word])
    # (the caller's values stand outside the function's scope, where its body may declare a
    # name of theirs again: `auto Gemm_M = shape<0>(layout_A);`)
    if used:
        return [d for d in out if d.startswith("using")] + used + ["{"] \
            + [d for d in out if not d.startswith("using")] + late, "}"
    return [d for d in out if d.startswith("using")] \
        + [d for d in out if not d.startswith("using")] + late, ""


def tutorial_blocks(mirror):
    """The tutorials' pastable blocks: each host function's body (after its parameters as
    declarations), each kernel's body (after the host function that launches it, then its
    parameters bound to the launch's arguments, in a scope of its own), each main's CuTe."""
    out = []
    paths = [p for p in git(mirror, "ls-tree", "-r", "--name-only", "HEAD",
                            "examples/cute/tutorial/").split() if p.endswith(".cu")]
    for path in paths:
        text = git(mirror, "show", f"HEAD:{path}")
        funcs = functions_of(text)
        HOST_CALLS[:] = [re.escape(f[0]) for f in funcs if f[0] != "main"]
        # the file's structs (`SharedStorage`, a kernel's shared storage): pasted before each
        # of its blocks, as a user pasting the file has them (cute lays them out; the program
        # defines them at file scope, as the helpers)
        structs = structs_of(text)
        main = next((f for f in funcs if f[0] == "main"), None)
        known = values_of(main[3]) if main else {}
        by_name = {f[0]: f for f in funcs}
        launched = {}
        for name, tparams, params, body in funcs:
            if name == "main":
                stmts, launches = pastable(body)
                if CUTE_CALL.search("\n".join(stmts)):
                    out.append((f"{path} main", "\n".join(stmts), structs))
                for kernel, args, before in launches:
                    if kernel in by_name:
                        launched.setdefault(kernel, ("", "\n".join(before), args, "",
                                                     explicit_targs(body, kernel)))
                continue
            if name not in launched_by(funcs) and name not in GLOBAL \
                    and not overload_taken_for(name, tparams, params, funcs, known):
                stmts, launches = pastable(body)
                decls, close = bindings(tparams, params, [], known)
                host = "\n".join(decls + stmts + [close])
                # a dispatcher (`gemm(char transA, …)`) calls and returns: no CuTe
                if CUTE_CALL.search("\n".join(stmts)):
                    out.append((f"{path} {name}", host, structs))
                for kernel, args, before in launches:
                    if kernel in by_name:
                        launched.setdefault(kernel, (name, "\n".join(decls + before), args,
                                                     close, explicit_targs(body, kernel)))
        for name, tparams, params, body in funcs:
            if name in launched:
                host_name, host, args, close, targs = launched[name]
                # the template arguments the launch names (`&gemm_device<…, decltype(sA), …>`):
                # the kernel's template parameters a parameter does not deduce (SmemLayoutA)
                # (not a struct of the file's own, `SMEMStorage`: left out with its alias)
                named = {t: f"using {t} = {a};" for t, a in zip(tparams, targs) if a != t}
                decls, _ = bindings(tparams, params, args, named)
                stmts = [s for s in statements_of(body) if not re.match(r"using\s+namespace", s)]
                block = "\n".join([host, "{"] + decls + stmts + ["}", close])
                out.append((f"{path} {name} (launched by {host_name or 'main'})", block, structs))
    return out


def overload_taken_for(name, tparams, params, funcs, known):
    """Whether another overload of `name` is the one C++ calls with the types main binds (so
    this one is never instantiated): its parameters are this one's with the template parameters
    main names replaced by those types (sgemm_sm80.cu's `gemm_nt(…, cute::half_t const* A, …)`
    beside the generic `gemm_nt(…, TA const* A, …)`, with `using TA = cute::half_t;` in main:
    partial ordering takes the more specialized, and the generic one's static_asserts, which
    its copy atoms fail for half_t, are never met)."""
    def norm(t):
        return re.sub(r"\s+|\bcute::|\bcutlass::", "", t)

    def bound(t):
        m = re.match(r"using\s+\w+\s*=\s*(.+);$", known.get(t, ""))
        return m.group(1) if m else None

    for other, _, other_params, _ in funcs:
        if other != name or other_params is params or len(other_params) != len(params):
            continue
        fits, narrower = True, False
        for (ty, _, _), (other_ty, _, _) in zip(params, other_params):
            written = ty
            for t in tparams:
                if bound(t):
                    written = re.sub(rf"\b{t}\b", bound(t), written)
            fits &= norm(written) == norm(other_ty)
            narrower |= norm(ty) != norm(other_ty)
        if fits and narrower:
            return True
    return False


def explicit_targs(body, kernel):
    """The template arguments a host function names its kernel with (`&gemm_device<A, B>`,
    `gemm_device<A, B><<<…>>>`), top-level, in order; none where it names none."""
    m = re.search(rf"\b{re.escape(kernel)}\s*<(?!<<)", body)
    if not m:
        return []
    depth, start = 1, m.end()
    for i in range(start, len(body)):
        depth += {"<": 1, ">": -1}.get(body[i], 0)
        if depth == 0:
            return split_top(re.sub(r"\s+", " ", body[start:i]))
    return []


def launched_by(funcs):
    """The names of the kernels a file launches (`name<<<…>>>`, `&name<…>` for a cluster)."""
    names = set()
    for _, _, _, body in funcs:
        names |= set(re.findall(r"\b(\w+)\s*(?:<[^;]*?>)?\s*<<<", body))
        names |= set(re.findall(r"&\s*(\w+)\s*<", body))
    return names


# the line cute's error names its place by: `  ┌─ <stdin>:LINE:COLUMN`
ERROR_PLACE = re.compile(r"<stdin>:(\d+):\d+")


def run_session(binary, blocks):
    """A doc's blocks pasted one after another into one `cute eval --format cute` (standard
    input: as the REPL, it answers each statement and carries on after an error), a marker
    printed between them: what cute prints for each block, and its first error (None: none)."""
    text, starts = "", []
    for k, block in enumerate(blocks):
        if k:
            text += f'printf("{MARK}{k}\\n");\n'
        starts.append(text.count("\n") + 1)
        text += block.rstrip("\n") + "\n"
    code, out, err = run_cute(binary, text)
    # the markers are numbered: a block that leaves a statement open (a signature without its
    # body) swallows the marker after it, and its printout (and the next's) is unknown
    pieces = re.split(rf"{MARK}(\d+)\n", out)
    outs = [None] * len(blocks)
    outs[0] = pieces[0]
    for k, piece in zip(pieces[1::2], pieces[2::2]):
        outs[int(k)] = piece
    for k in range(1, len(blocks)):
        if str(k) not in pieces[1::2]:
            outs[k - 1] = None  # its printout runs on into the next block's
    errors = [None] * len(blocks)
    message = None
    for line in err.split("\n"):
        if line.startswith("error"):
            message = line
        m = ERROR_PLACE.search(line)
        if m and message:
            at = int(m.group(1))
            k = max(i for i, s in enumerate(starts) if s <= at) if at >= starts[0] else 0
            if errors[k] is None:
                errors[k] = message
            message = None
    if message and all(e is None for e in errors):
        errors[-1] = message  # an error without a place (cute's limit): the last block's
    return outs, errors


def compile_sessions(docs):
    """What CuTe prints for each block of each doc when the doc's blocks are one program, in
    order, each block seeing the names those before it declared (each block opens a scope that
    closes at the doc's end, so that a block may declare a name again), the functions the
    blocks define at file scope: for each doc, a list with None for each block that CuTe does
    not compile given the blocks before it (pseudo-code), left out and the rest compiled again.
    A block is (definitions, lines)."""
    dropped = [set() for _ in docs]
    while True:
        lines, places = cute_sessions.PRELUDE.split("\n")[:-1], []
        lines.append("int sweep_sessions(); return sweep_sessions(); }")
        lines += sorted(INCLUDES)
        if SHIMS:
            # a kernel's barriers (`cutlass::arch::umma_arrive`) and tensor memory's allocator
            lines += KERNEL_INCLUDES
        lines += cute_sessions.CUDA_INDICES.split("\n")[:-1]
        lines += KERNEL_SHIMS.split("\n")
        if SHIMS:
            lines += KERNEL_INCLUDES_AFTER_INDICES
        for d, blocks in enumerate(docs):
            lines.append(f"namespace session_{d} {{ using namespace cute;")
            for k, (defs, _) in enumerate(blocks):
                if k not in dropped[d] and defs:
                    places.append((len(lines) + 1, d, k))
                    lines += defs.split("\n")
            lines.append("}")
        lines.append("int sweep_sessions() {")
        for d, blocks in enumerate(docs):
            places.append((len(lines) + 1, d, None))
            lines.append(f"{{ using namespace session_{d};")
            kept = [k for k in range(len(blocks)) if k not in dropped[d]]
            for k in kept:
                places.append((len(lines) + 1, d, k))
                lines.append("{")
                lines += ["  " + x for s in cute_sessions.cpp_of(blocks[k][1]) for x in s.split("\n")]
                lines.append(f'printf("{MARK}\\n");')
            places.append((len(lines) + 1, d, None))
            lines.append("}" * (len(kept) + 1))
        lines.append("return 0;")
        r = subprocess.run([ORACLE, "\n".join(lines)],
                           capture_output=True, text=True, timeout=900)
        if r.returncode == 0:
            outs = r.stdout.split(MARK + "\n")
            result, at = [], 0
            for d, blocks in enumerate(docs):
                doc = []
                for k in range(len(blocks)):
                    doc.append(None if k in dropped[d] else outs[at])
                    at += k not in dropped[d]
                result.append(doc)
            return result
        m = re.search(r"q\.cpp:(\d+):", r.stderr)
        at = int(m.group(1)) - ORACLE_HEADER if m else None
        place = max((p for p in places if p[0] <= at), default=None) if at else None
        if place is None or place[2] is None:
            sys.exit(f"the sessions' program does not compile outside a block:\n{r.stderr}")
        if VERBOSE:
            print(f"  pseudo-code: doc {place[1]} block {place[2]}: {r.stderr.split(chr(10))[0][:160]}",
                  file=sys.stderr)
        dropped[place[1]].add(place[2])


VERBOSE = False


def sessions(args):
    """`--sessions`: each doc's blocks pasted in order into one session (cute) and one program
    (CuTe), each block compared with CuTe's printout for the blocks up to it."""
    by_doc = collections.OrderedDict()
    for where, block, _ in doc_blocks(args.mirror):
        by_doc.setdefault(where.split(" block ")[0], []).append((where, block))
    docs = list(by_doc.values())
    cute_runs = [run_session(args.bin, [b for _, b in blocks]) for blocks in docs]
    want = compile_sessions([[(d, [l for l in b.split("\n") if l.strip()])
                              for d, b in (hoisted(b) for _, b in blocks)] for blocks in docs])
    print("| doc | blocks | as CuTe | refused | differs | pseudo-code |")
    print("| --- | --- | --- | --- | --- | --- |")
    total, details, reasons = collections.Counter(), [], collections.Counter()
    for blocks, (outs, errors), cute_outs in zip(docs, cute_runs, want):
        counts = collections.Counter()
        for (where, _), got, error, cute_out in zip(blocks, outs, errors, cute_outs):
            if cute_out is None:
                kind = "pseudo"
                why = f"cute: {error[:120]}" if error else "cute answers it"
            elif error:
                kind, why = "refused", error[:150]
                reasons[reason_key(error)] += 1
            elif got is not None and got.rstrip("\n") == cute_out.rstrip("\n"):
                kind, why = "as", ""
            else:
                kind, why = "differs", "the printout differs"
            counts[kind] += 1
            details.append(f"{kind:8} {where}" + (f": {why}" if why else ""))
        total.update(counts)
        total["blocks"] += len(blocks)
        name = blocks[0][0].split(" block ")[0].rsplit("/", 1)[-1]
        print(f"| {name} | {len(blocks)} | {counts['as']} | {counts['refused']} "
              f"| {counts['differs']} | {counts['pseudo']} |")
    print(f"| all | {total['blocks']} | {total['as']} | {total['refused']} | {total['differs']} "
          f"| {total['pseudo']} |")
    if args.v:
        print_details(details, reasons, "blocks")


# a pointer as both print it: its prefix and width, and its address (`0x7f…`, `(nil)`) or, in
# cute, the name it counts from (`A`, `A+128`, `shared_memory+12288`, `stack`)
POINTER = re.compile(r"(\w*ptr\[(\d+)b\])\((\(nil\)|[^()]*)\)")


def same_but_named_addresses(got, want):
    """Whether cute's printout `got` is CuTe's `want` but for the addresses of the pointers
    cute names (a pointer of the host's memory, `half_t* A` of a thrust vector, a kernel's
    `extern __shared__` array: CuTe prints where it is, cute the name it counts from), each
    name standing for one address: the texts are the same with every pointer's address masked,
    a pointer cute prints as an address is CuTe's exactly, and for each name, CuTe's address
    of `NAME+K` less K elements of the pointer's width is one base address (so the offsets
    agree)."""
    if POINTER.sub(r"\1(ADDR)", got.rstrip("\n")) != POINTER.sub(r"\1(ADDR)", want.rstrip("\n")):
        return False
    bases = {}
    for g, w in zip(POINTER.finditer(got), POINTER.finditer(want)):
        if g.group(3) == w.group(3):
            # printed alike (`smem_ptr[16b](unset)` of a GMMA layout atom, `(nil)`)
            continue
        named = re.fullmatch(r"([A-Za-z_]\w*)(?:([+-])(\d+))?", g.group(3))
        if not named:
            if g.group(3) != w.group(3):
                return False
            continue
        if not w.group(3).startswith("0x"):
            return False
        offset = int(named.group(3) or 0) * (-1 if named.group(2) == "-" else 1)
        base = int(w.group(3), 16) - offset * max(int(g.group(2)) // 8, 1)
        if bases.setdefault(named.group(1), base) != base:
            return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "cute"))
    ap.add_argument("--mirror", default="/work/.mirror/NVIDIA+cutlass/repo")
    ap.add_argument("-v", action="store_true", help="list each block's result")
    ap.add_argument("--no-helpers", action="store_true",
                    help="paste each TEST body alone, without the functions defined above it")
    ap.add_argument("--source", choices=("all", "docs", "statements", "tests", "tutorials", "unit", "headers", "collectives"),
                    default="all",
                    help="which sources to sweep (all: each, a row each)")
    ap.add_argument("--dump", metavar="DIR",
                    help="write each tutorial block pasted (DIR/NN.txt) to read or replay")
    ap.add_argument("--sessions", action="store_true",
                    help="paste each doc's blocks in order into one session (names carry on)")
    ap.add_argument("--only", metavar="REGEX",
                    help="try only the blocks whose place (`path TEST(suite, name)`, `path block "
                         "k`) matches REGEX (re.search): one file's or one TEST's row")
    args = ap.parse_args()
    global WITH_HELPERS, VERBOSE
    WITH_HELPERS = not args.no_helpers
    VERBOSE = args.v
    if args.sessions:
        return sessions(args)
    ap_source = args.source
    sources = []
    if ap_source in ("all", "docs"):
        # (the docs' kernel fragments, `tv(threadIdx.x, _)`, as thread 0 too)
        sources.append(("media/docs/cpp/cute/*.md", doc_blocks(args.mirror), KERNEL_SHIMS))
    if ap_source in ("all", "statements"):
        sources.append(("media/docs/cpp/cute/*.md statements, each alone",
                        doc_statements(args.mirror), KERNEL_SHIMS))
    if ap_source in ("all", "headers"):
        sources.append(("include/cute/**/*.hpp comments' examples and constant layouts, each alone",
                        header_statements(), ""))
    if ap_source in ("all", "collectives"):
        sources.append(("include/cutlass/gemm/collective/*.hpp statements, each alone",
                        collective_statements(args.mirror), ""))
    if ap_source in ("all", "tests"):
        sources.append(("test/unit/cute/core TEST bodies", test_bodies(args.mirror), ""))
    if ap_source in ("all", "unit"):
        sources.append(("test/unit/cute/ (not core) TEST bodies, to a launch",
                        unit_bodies(args.mirror), ""))
    if ap_source in ("all", "tutorials"):
        sources.append(("examples/cute/tutorial/ host and kernel bodies",
                        [b for b in tutorial_blocks(args.mirror) if b[1].strip()], KERNEL_SHIMS))
    if args.only:
        sources = [(name, [b for b in blocks if re.search(args.only, b[0])], shims)
                   for name, blocks, shims in sources]
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
        for name, blocks, _ in sources:
            for k, (where, block, helpers) in enumerate(blocks):
                with open(os.path.join(args.dump, f"{len(os.listdir(args.dump)):02}.txt"), "w") as f:
                    f.write(f"// {where}\n{helpers}\n{block}\n")
    print("| source | tried | as CuTe | as CuTe up to the GPU | refused | differs |")
    print("| --- | --- | --- | --- | --- | --- |")
    details, reasons = [], collections.Counter()
    global SHIMS, ORACLE, CONTEXT
    plain_oracle = ORACLE
    for name, blocks, shims in sources:
        SHIMS = shims
        ORACLE = ndebug_oracle() if name.startswith("test/unit") else plain_oracle
        # (the headers' and the collectives' statements: many fragments, each error at once;
        # the collectives' after their context)
        if name.startswith("include/"):
            ORACLE = many_errors_oracle()
        CONTEXT = COLLECTIVE_CONTEXT if name.startswith("include/cutlass/") else ""
        if CONTEXT:
            # (the collectives' helpers of CUTLASS's own, `::cutlass::gemm::detail::is_major`)
            INCLUDES.add("#include <cutlass/gemm/gemm.h>")
        answered, gpu_stops, counts = [], [], collections.Counter()
        refused_alone = []  # (a statement alone) the ones cute refuses: does CuTe compile them?
        for where, block, helpers in blocks:
            code, out, err = run_cute(args.bin, "\n".join(x for x in (CONTEXT, helpers, block) if x))
            if code != 0:
                first = next((l for l in (out + err).split("\n") if l.startswith("error")), "error")
                if GPU_ONLY in first:
                    # what cute printed before it stopped (its stdout up to the first error)
                    cut = out.find("\nerror")
                    before = "" if out.startswith("error") else out if cut < 0 else out[:cut + 1]
                    gpu_stops.append((where, block, helpers, before, first))
                    continue
                counts["refused"] += 1
                reasons[reason_key(first)] += 1
                details.append(f"refused  {where}: {first[:150]}")
            else:
                answered.append((where, block, helpers, out))
            if code != 0 and name.endswith("each alone"):
                refused_alone.append((where, block, helpers, first))
        # a block cute stops on naming a GPU-only effect: CuTe's program for it alone must
        # compile and stop as it runs, at the assert cute's error names, having printed what
        # cute printed before its error
        for where, block, helpers, before, first in gpu_stops:
            d, b = hoisted(block)
            lines = [l for l in b.split("\n") if l.strip()]
            compile_many([("\n".join(x for x in (helpers, d) if x), lines)])
            key = "\n".join(lines)
            stop, printed = STOPPED.get(key), PRINTED_BEFORE_STOP.get(key)
            named = stop is not None and (
                stop.removeprefix("0 && ").strip('"') in first
                or (stop == "0 && __PRETTY_FUNCTION__" and "CUTLASS_NOT_IMPLEMENTED" in first))
            if named and (printed.rstrip("\n") == before.rstrip("\n")
                          or same_but_named_addresses(before, printed)):
                counts["gpu"] += 1
                details.append(f"as-CuTe up to the GPU  {where}: both stop at {stop!r}, "
                               f"having printed alike ({before.count(chr(10))} lines)")
            else:
                counts["refused"] += 1
                reasons[reason_key(first)] += 1
                why = ("CuTe's program does not stop where cute's error says" if not named
                       else "what each printed before the stop differs")
                details.append(f"refused  {where}: {first[:150]} ({why})")
        hoist = [hoisted(b) for _, b, _, _ in answered]
        want = compile_many([("\n".join(x for x in (h, d) if x),
                              [l for l in b.split("\n") if l.strip()])
                             for (_, _, h, _), (d, b) in zip(answered, hoist)])
        for (where, block, _, got), cute_out in zip(answered, want):
            if cute_out is not None and got.rstrip("\n") == cute_out.rstrip("\n"):
                counts["as"] += 1
                details.append(f"as-CuTe  {where}")
            elif cute_out is not None and same_but_named_addresses(got, cute_out):
                counts["as"] += 1
                details.append(f"as-CuTe  {where} (each pointer cute names stands for one of "
                               "CuTe's addresses)")
            else:
                counts["differs"] += 1
                why = "CuTe does not compile it" if cute_out is None else "the printout differs"
                stopped = STOPPED.get("\n".join(l for l in hoisted(block)[1].split("\n") if l.strip()))
                if cute_out is None and stopped:
                    why = f"CuTe's program compiles and stops as it runs, at {stopped!r}"
                    printed = PRINTED_BEFORE_STOP.get(
                        "\n".join(l for l in hoisted(block)[1].split("\n") if l.strip()), "")
                    if printed and got.startswith(printed):
                        why += (f", having printed what cute prints before it "
                                f"({printed.count(chr(10))} lines; cute runs on)")
                unaddressed = [re.sub(r"(ptr\[\d+b\])\([^)]*\)", r"\1(ADDR)", x.rstrip("\n"))
                               for x in (got, cute_out or "")]
                if cute_out is not None and unaddressed[0] == unaddressed[1]:
                    # a pointer of the host's memory: CuTe prints its address, cute its name
                    why = "only a pointer's address differs (CuTe prints it, cute the name)"
                details.append(f"differs  {where}: {why}")
        if refused_alone:
            # a statement alone that CuTe does not compile either (it names what the statements
            # before it declared, `print(s8)`): a fragment, cute's refusal right. One that
            # cute refuses naming a name no statement declared (`undefined variable 's8'`) is
            # C++'s "'s8' was not declared in this scope" too, not compiled (each would cost
            # the program a compile); the others are compiled
            undeclared = re.compile(r"undefined variable|unknown function|is neither a variable"
                                    r"|is a function: call it|unknown type")
            # (the headers' examples name nothing declared before them: each is compiled,
            # `popcount(0b00011101)` is CuTe's though cute says `unknown function`)
            to_compile = [u for u in refused_alone
                          if not name.startswith("media/") or not undeclared.search(u[3])]
            compiled = dict(zip((u[0] for u in to_compile), compile_many(
                [(h, [l for l in b.split("\n") if l.strip()]) for _, b, h, _ in to_compile])))
            for where, _, _, first in refused_alone:
                if compiled.get(where) is None:
                    counts["refused"] -= 1
                    counts["fragment"] += 1
                    reasons[reason_key(first)] -= 1
                    details[:] = [d for d in details if not d.startswith(f"refused  {where}:")]
                    details.append(f"fragment {where}: CuTe does not compile it alone either"
                                   + (" (a name undeclared)" if where not in compiled else "")
                                   + f"; cute: {first[:120]}")
        print(f"| {name} | {len(blocks)} | {counts['as']} | {counts['gpu']} | {counts['refused']} "
              f"| {counts['differs']} |" + (f" (and {counts['fragment']} fragments: refused, "
                                            "CuTe does not compile them alone either)"
                                            if counts['fragment'] else ""))
    if args.v:
        print_details(details, reasons, "blocks")


if __name__ == "__main__":
    main()
