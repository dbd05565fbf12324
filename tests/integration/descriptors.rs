//! Issue 37 (the Hopper and Blackwell tutorials' kernels): GMMA's and UMMA's shared-memory
//! descriptor fragments (what CuTe prints for them: `tests/golden/cute_sessions_descriptors.txt`
//! from cute-oracle, run by pasted_cute.rs), UMMA's value types, the warpgroup fences and the
//! kernel's thread predicates as thread 0 sees them, and the GPU-only machinery named where a
//! kernel reaches it.

use crate::helpers::cute_format;

const GMMA_KERNEL: &str = "auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(Int<128>{},Int<64>{},Int<3>{}));\n\
Tensor smA = make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), sA);\n\
TiledMMA mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});\n\
ThrMMA thr_mma = mma.get_slice(0);\n\
Tensor tCsA = thr_mma.partition_A(smA);\n\
Tensor tCrA = thr_mma.make_fragment_A(tCsA);\n";

/// UMMA's traits give `ValTypeD = c_type`, `ValTypeA = a_type`, `ValTypeB = b_type`,
/// `ValTypeC = c_type` (mma_traits_sm100.hpp); their widths as CuTe answers them (cute-oracle:
/// 16, 32, 8, 32, 32).
#[test]
fn umma_value_types_are_its_template_arguments() {
    let (out, err, code) = cute_format(
        "using A16 = typename MMA_Traits<SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,128,256,UMMA::Major::K,UMMA::Major::MN>>::ValTypeA;\n\
         using C16 = typename MMA_Traits<SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,128,256,UMMA::Major::K,UMMA::Major::MN>>::ValTypeC;\n\
         using B8 = typename MMA_Traits<SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,256,UMMA::Major::K,UMMA::Major::K>>::ValTypeB;\n\
         using D8 = typename MMA_Traits<SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,256,UMMA::Major::K,UMMA::Major::K>>::ValTypeD;\n\
         using A32 = typename MMA_Traits<SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,256,128,UMMA::Major::K,UMMA::Major::K>>::ValTypeA;\n\
         sizeof_bits_v<A16>\nsizeof_bits_v<C16>\nsizeof_bits_v<B8>\nsizeof_bits_v<D8>\nsizeof_bits_v<A32>\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "16\n32\n8\n32\n32\n");
}

/// An element of a descriptor tensor is a descriptor whose start address is the operand's
/// shared-memory address, which cute does not model: an error naming it; a slice keeps the
/// iterator.
#[test]
fn a_descriptor_element_is_refused_naming_the_address() {
    let (out, err, code) = cute_format(&format!("{GMMA_KERNEL}print(tCrA(0));\n"));
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("an element of a tensor over GMMA::DescriptorIterator is a shared-memory matrix descriptor"),
        "{err}"
    );
    let (out, err, code) = cute_format(&format!("{GMMA_KERNEL}print(tCrA(_,1,_,2));\n"));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("GMMA::DescriptorIterator o (_1,_4):(_0,_256)"),
        "{out}"
    );
}

/// A descriptor fragment is made of a tensor over shared memory (CuTe's static_assert), not of
/// a layout or a global-memory tensor.
#[test]
fn a_descriptor_fragment_takes_a_shared_memory_tensor() {
    let (_, err, code) = cute_format(
        "TiledMMA mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});\n\
         half_t* A;\n\
         Tensor gA = make_tensor(make_gmem_ptr(A), make_shape(Int<64>{}, Int<16>{}));\n\
         mma.get_slice(0).partition_fragment_A(gA)\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("takes a tensor over shared memory"), "{err}");
}

/// wgmma_sm90.cu's mainloop: the warpgroup fences are statements that print nothing, the gemm
/// over descriptor slices runs, as thread 0 of the kernel (CuTe: `size` of the accumulator of a
/// 128x128 tile, `_128`).
#[test]
fn the_wgmma_mainloop_runs_as_thread_zero() {
    let (out, err, code) = cute_format(&format!(
        "{GMMA_KERNEL}Tensor tCrB = thr_mma.make_fragment_B(thr_mma.partition_B(smA));\n\
         half_t* C;\n\
         Tensor tCgC = thr_mma.partition_C(make_tensor(make_gmem_ptr(C), make_shape(Int<128>{{}}, Int<128>{{}})));\n\
         Tensor tCrC = thr_mma.make_fragment_C(tCgC);\n\
         clear(tCrC);\n\
         warpgroup_fence_operand(tCrC);\n\
         warpgroup_arrive();\n\
         cute::gemm(mma, tCrA(_,_,_,1), tCrB(_,_,_,1), tCrC);\n\
         warpgroup_commit_batch();\n\
         warpgroup_wait<0>();\n\
         warpgroup_fence_operand(tCrC);\n\
         print(size(tCrC));\n"
    ));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, ["_128"]);
}

/// `elect_one_sync()` elects lane 0 (CuTe off the GPU answers true), `canonical_warp_idx_sync()`
/// is thread 0's warp: run-time values.
#[test]
fn thread_zero_is_elected_in_warp_zero() {
    let (out, err, code) = cute_format(
        "uint32_t e = cute::elect_one_sync();\nprint(e);\nprint(canonical_warp_idx_sync());\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "10");
}

/// What only a GPU does stops a kernel with an error naming it, at the call where CuTe's
/// program compiled for the host stops (its assert), not before: tensor memory's allocator is a
/// type and an object, its static constants read (cute-oracle: `printf("%d %d\n",
/// cute::TMEM::Allocator1Sm::Sm100TmemCapacityColumns,
/// cute::TMEM::Allocator2Sm::ColumnsPerAllocationSlice)` prints `512 32`), and its `allocate`
/// stops (cute-oracle: CUTE_INVALID_CONTROL_PATH's assert, "Attempting to use TMEM allocation
/// PTX without CUTE_ARCH_TCGEN05_TMEM_ENABLED", after printing what came before).
#[test]
fn tmem_allocation_stops_at_allocate() {
    let (out, err, code) = cute_format(
        "using TmemAllocator = cute::TMEM::Allocator1Sm;\n\
         TmemAllocator tmem_allocator{};\n\
         printf(\"%d %d\\n\", TmemAllocator::Sm100TmemCapacityColumns, cute::TMEM::Allocator2Sm::ColumnsPerAllocationSlice);\n\
         tmem_allocator.allocate(TmemAllocator::Sm100TmemCapacityColumns, nullptr);\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out.lines().next(), Some("512 32"), "{out}");
    assert!(out.contains("a GPU-only effect"), "{out}{err}");
    assert!(
        out.contains(
            "Attempting to use TMEM allocation PTX without CUTE_ARCH_TCGEN05_TMEM_ENABLED"
        ),
        "{out}"
    );
    assert!(err.contains("tmem_allocator.allocate"), "{err}");
}

/// A pipeline's mbarrier types are values (a `using` binds one); their static functions stop
/// where CuTe's host program stops, at CUTLASS_NOT_IMPLEMENTED's assert (the tutorials' sweep:
/// wgmma_tma_sm90.cu's program stops at `ClusterBarrier::init`, "Assertion `0 &&
/// __PRETTY_FUNCTION__' failed").
#[test]
fn mbarrier_stops_at_its_init() {
    let (out, err, code) = cute_format(
        "using ProducerBarType = cutlass::arch::ClusterTransactionBarrier;\n\
         print(1);\n\
         ProducerBarType::init(nullptr, 1);\n\
         cutlass::arch::ClusterBarrier::wait(nullptr, 0);\n",
    );
    assert_eq!(code, 1);
    assert!(
        out.starts_with("1error: ClusterTransactionBarrier::init"),
        "{out}"
    );
    assert!(out.contains("ClusterBarrier::wait"), "{out}");
    assert!(out.contains("CUTLASS_NOT_IMPLEMENTED"), "{out}");
    assert!(err.contains("ProducerBarType::init"), "{err}");
}

/// A copy through a cp.async atom stops where CuTe's host program stops (cute-oracle: `copy(
/// Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, a, b)` of two 8-element half_t
/// tensors prints what came before, then CUTE_INVALID_CONTROL_PATH's assert, "Support for
/// cp.async instructions has not been enabled"); the tiled copy is built and partitions as
/// before.
#[test]
fn cp_async_copy_stops_at_the_copy() {
    let (out, err, code) = cute_format(
        "half_t* g;\nhalf_t* s;\n\
         Tensor a = make_tensor(make_gmem_ptr(g), Layout<_8>{});\n\
         Tensor b = make_tensor(make_smem_ptr(s), Layout<_8>{});\n\
         print(1);\n\
         copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, a, b);\n\
         copy(a, b);\n",
    );
    assert_eq!(code, 1);
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("1error: copy: SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"),
        "{out}"
    );
    assert!(first.contains("a GPU-only effect"), "{out}");
    assert!(
        first.contains("Support for cp.async instructions has not been enabled"),
        "{out}"
    );
    // a plain copy runs on the host
    assert_eq!(out.matches("error").count(), 1, "{out}{err}");
}

/// make_gmma_desc's static_asserts: an operand tile in shared memory that is no canonical GMMA
/// layout of the atom's major is refused naming the condition. Each case's verdict is
/// cute-oracle's (compiles, printing the descriptor tensor, or fails make_gmma_desc's
/// static_assert) for `partition_fragment_A` of SM90_64x64x16_F16F16F16_SS<M,M> over a 64x16
/// half_t tile.
#[test]
fn a_non_canonical_gmma_operand_is_refused_as_make_gmma_desc_does() {
    let layouts = [
        "make_layout(make_shape(Int<64>{},Int<16>{}))",
        "make_layout(make_shape(Int<64>{},Int<16>{}), LayoutRight{})",
        "tile_to_shape(GMMA::Layout_K_INTER_Atom<half_t>{}, make_shape(Int<64>{},Int<16>{}))",
        "tile_to_shape(GMMA::Layout_MN_INTER_Atom<half_t>{}, make_shape(Int<64>{},Int<16>{}))",
        "tile_to_shape(GMMA::Layout_MN_SW32_Atom<half_t>{}, make_shape(Int<64>{},Int<16>{}))",
        "tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(Int<64>{},Int<16>{}))",
    ];
    // (major, which layouts CuTe compiles)
    let cases = [
        ("K", [false, false, true, false, false, true]),
        ("MN", [false, false, false, true, true, false]),
    ];
    for (major, compiles) in cases {
        for (layout, ok) in layouts.iter().zip(compiles) {
            let (out, err, code) = cute_format(&format!(
                "make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::{major},GMMA::Major::{major}>{{}}).get_slice(0).partition_fragment_A(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), {layout}))\n"
            ));
            if ok {
                assert_eq!(code, 0, "{major} {layout}: {err}");
                assert_eq!(
                    out, "GMMA::DescriptorIterator o (_1,_1,_1):(_0,_0,_0)\n",
                    "{major} {layout}"
                );
            } else {
                assert_eq!(code, 1, "{major} {layout}: {out}");
                assert!(
                    err.contains(&format!("Not a canonical GMMA_{major} Layout")),
                    "{major} {layout}: {err}"
                );
            }
        }
    }
}

/// make_umma_desc's static_asserts (arch/mma_sm100_desc.hpp): as make_gmma_desc's, without its
/// K-size check (a column-major 128x16 tile is a canonical UMMA_K INTERLEAVE layout, which
/// GMMA refuses). Each case's verdict and static_assert are cute-oracle's for
/// `partition_fragment_A` of SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,M,M> over a
/// 128x16 half_t tile.
#[test]
fn a_non_canonical_umma_operand_is_refused_as_make_umma_desc_does() {
    let layouts = [
        "make_layout(make_shape(Int<128>{},Int<16>{}))",
        "make_layout(make_shape(Int<128>{},Int<16>{}), LayoutRight{})",
        "tile_to_shape(UMMA::Layout_K_INTER_Atom<half_t>{}, make_shape(Int<128>{},Int<16>{}))",
        "tile_to_shape(UMMA::Layout_MN_INTER_Atom<half_t>{}, make_shape(Int<128>{},Int<16>{}))",
        "tile_to_shape(UMMA::Layout_MN_SW32_Atom<half_t>{}, make_shape(Int<128>{},Int<16>{}))",
        "tile_to_shape(UMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(Int<128>{},Int<16>{}))",
    ];
    // (major, CuTe's verdict for each layout: None compiles, else the static_assert's failure)
    let cases = [
        (
            "K",
            [
                None,
                Some("stride"),
                None,
                Some("profile"),
                Some("profile"),
                None,
            ],
        ),
        (
            "MN",
            [
                Some("stride"),
                None,
                Some("stride"),
                None,
                None,
                Some("stride"),
            ],
        ),
    ];
    for (major, verdicts) in cases {
        for (layout, verdict) in layouts.iter().zip(verdicts) {
            let (out, err, code) = cute_format(&format!(
                "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::{major},UMMA::Major::{major}>{{}}).get_slice(0).partition_fragment_A(make_tensor(make_smem_ptr(static_cast<half_t*>(nullptr)), {layout}))\n"
            ));
            match verdict {
                None => {
                    assert_eq!(code, 0, "{major} {layout}: {err}");
                    assert_eq!(
                        out, "UMMA::DescriptorIterator o (_1,_1,_1):(_0,_0,_0)\n",
                        "{major} {layout}"
                    );
                }
                Some(failure) => {
                    assert_eq!(code, 1, "{major} {layout}: {out}");
                    assert!(
                        err.contains(&format!(
                            "Not a canonical UMMA_{major} Layout: Expected {failure} failure"
                        )),
                        "{major} {layout}: {err}"
                    );
                }
            }
        }
    }
}
