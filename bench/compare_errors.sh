#!/usr/bin/env bash
# Compare two builds of cute byte for byte over the commands whose output goes through the
# error types of the configuration, flag, bank, format and value-limit stages (the `errors`
# branch turned their `Result<_, String>` into enums; the output must not change at all).
#
#   BASE_BIN=/tmp/errors_base_cute NEW_BIN=target/release/cute bench/compare_errors.sh
#   BASE_BIN=... NEW_BIN=... COMPARE_CASES=bench/compare_errors_device.txt bench/compare_errors.sh
#
# Each case is a shell command line in which `cute` is the binary under test (both binaries
# are linked as `cute` in a folder of their own, so clap's usage lines name the same program).
# It runs under both binaries; stdout, stderr and the exit code are compared byte for byte.
# The cases: `cute gemm --emit` and `cute gemm --compile-only` (without NVRTC the latter
# reports it missing) over good and bad values of every flag of `cute gemm --help`, on the
# mma.sync path and on the Hopper path (an SM90 atom, or a Hopper knob without --mma), with
# --sweep / --suite / --tune, --arch and --format; `cute bank` and `cute show --tv` with good
# and bad arguments (and --measure, which without a GPU still checks the pattern first);
# `--format` names on eval/show and `:format` in the REPL; `cute eval` lines whose results
# break the limits on values (check_value); `cute explain --verify`.
#
# Prints the number of cases and each difference (the first 40 with both outputs), then
# NO DIFFERENCES or N DIFFERENCES. Exit status: 0 when identical, 1 on any difference.
set -uo pipefail

BASE_BIN=${BASE_BIN:?set BASE_BIN to the base binary}
NEW_BIN=${NEW_BIN:?set NEW_BIN to the binary to compare}
WORK=$(mktemp -d /tmp/compare_errors.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/base" "$WORK/new" "$WORK/out"
ln -s "$(readlink -f "$BASE_BIN")" "$WORK/base/cute"
ln -s "$(readlink -f "$NEW_BIN")" "$WORK/new/cute"

CASES=()
add() { CASES+=("$1"); }

# ---------------------------------------------------------------------------------------
# cute gemm
# ---------------------------------------------------------------------------------------
SM90='SM90_64x256x16_F32BF16BF16_SS<K,K>'
PATHS=(
  ""
  "--mma '$SM90'"
  "--mma SM90_64x128x16_F32F16F16_SS --dtype f16"
  "--persistent"
)
FLAGS=(
  "" "--m 0" "--n 0" "--k 0" "--m 1 --n 1 --k 1" "--m 1000 --n 1000 --k 1000"
  "--m 2147483648" "--m 2147483640 --n 8 --k 8" "--m 1073741824 --n 1073741824 --k 8"
  "--m 18446744073709551615 --n 18446744073709551615" "--m -1" "--m abc" "--k 100"
  "--m 512 --n 1500 --k 64" "--m 1001 --n 512 --k 512"
  "--dtype bf16" "--dtype f16" "--dtype fp16" "--dtype half" "--dtype bfloat16" "--dtype f32"
  "--dtype ''"
  "--mma SM80_16x8x16_F32BF16BF16F32_TN" "--mma SM80_16x8x16_F32F16F16F32_TN"
  "--mma SM80_16x8x8_F32BF16BF16F32_TN" "--mma foo"
  "--mma SM90_64x256x16_F32BF16BF16_SS" "--mma 'SM90_64x256x16_F32BF16BF16_SS<MN,K>'"
  "--mma 'SM90_64x256x16_F32BF16BF16_SS<K,MN>'" "--mma 'SM90_64x256x16_F32BF16BF16_SS<K,X>'"
  "--mma 'SM90_64x256x16_F32BF16BF16_SS<K,K'" "--mma 'SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>'"
  "--mma 'SM90_64x256x16_F32BF16BF16_SS<K>'" "--mma SM90_64x255x16_F32BF16BF16_SS"
  "--mma SM90_64x264x16_F32BF16BF16_SS" "--mma SM90_64x0x16_F32BF16BF16_SS"
  "--mma SM90_64x256x16_F32BF16BF16_RS" "--mma SM90_64x256x16_F32TF32TF32_SS"
  "--mma SM90_32x256x16_F32BF16BF16_SS" "--mma SM90_64x256x8_F32BF16BF16_SS"
  "--mma SM90_64xAx16_F32BF16BF16_SS" "--mma SM90_64x256x16_F32F16F16_SS"
  "--mma SM90_64x128x16_F32BF16BF16_SS" "--mma SM90_64x64x16_F32BF16BF16_SS"
  "--mma SM90_64x8x16_F32BF16BF16_SS" "--mma SM90_64x192x16_F32BF16BF16_SS"
  "--atom-layout '(2,2,1)'" "--atom-layout '(2,2,2)'" "--atom-layout '(4,4,1)'"
  "--atom-layout '(8,8,1)'" "--atom-layout '(2,2)'" "--atom-layout 7" "--atom-layout foo"
  "--atom-layout 'x = 1'" "--atom-layout '(0,1,1)'" "--atom-layout '(65537,1,1)'"
  "--atom-layout 'Sw<3,3,3>'" "--atom-layout '(1,2,1)'" "--atom-layout '(4,1,1)'"
  "--atom-layout '(2,(2,1),1)'" "--atom-layout '(8):(1)'" "--atom-layout '(2,2,1'"
  "--atom-layout 'print_layout((2,2))'"
  "--tile '(128,128,64)'" "--tile '(128,128,32)'" "--tile '(64,64,16)'" "--tile '(100,128,64)'"
  "--tile '(128,100,64)'" "--tile '(128,128,24)'" "--tile '(16,16,16)'" "--tile '(32,32,16)'"
  "--tile '(128,128)'" "--tile foo" "--tile '(256,256,64)'" "--tile '(128,256,64)'"
  "--tile '(192,256,64)'" "--tile '(128,256,32)'" "--tile '(64,256,64)'" "--tile '(128,192,64)'"
  "--tile '(128,128,128)'" "--tile '(0,128,64)'" "--tile '(128,128,64):(1,2,3)'"
  "--tile '(100000,128,64)'"
  "--smem-a '(8,64):(64,1)'" "--smem-a 'Sw<3,3,3> o (8,64):(64,1)'"
  "--smem-a 'Sw<2,3,3> o (8,32):(32,1)'" "--smem-a '(8,32):(1,8)'" "--smem-a '(8,64):(2,1)'"
  "--smem-a '(8,64):(0,1)'" "--smem-a '(8,64):(65,1)'" "--smem-a '(8,7):(7,1)'" "--smem-a '(8,64,2):(64,1,512)'"
  "--smem-a '(8,64)'" "--smem-a 'Sw<3,3,3>'" "--smem-a 'Sw<3,3,3> o 4 o (8,64):(64,1)'"
  "--smem-a foo" "--smem-a 'x = (8,64)'" "--smem-a '(16,64):(128,1)'" "--smem-a '(8,64):(-64,1)'"
  "--smem-a '(8,64):(64,2)'" "--smem-a '(8,(8,8)):(8,(1,64))'" "--smem-a 'Sw<3,3,3> o (64,8):(1,64)'"
  "--smem-a '(64,8):(1,64)'" "--smem-a 'gmma_atom(Layout_K_SW128_Atom, bf16)'"
  "--smem-a 'gmma_atom(Layout_MN_SW128_Atom, bf16)'" "--smem-a 'gmma_atom(Layout_K_SW64_Atom, bf16)'"
  "--smem-a 'gmma_atom(Layout_K_SW32_Atom, bf16)'" "--smem-a 'gmma_atom(Layout_K_INTER_Atom, bf16)'"
  "--smem-a 'gmma_atom(Layout_MN_INTER_Atom, bf16)'" "--smem-a 'gmma_atom(Layout_K_SW128_Atom, float)'"
  "--smem-a 'gmma_atom(Layout_K_SW128_Atom, uint8_t)'" "--smem-a 'Sw<3,3,3> o (8,32):(32,1)'"
  "--smem-a 'Sw<2,3,2> o (8,64):(64,1)'" "--smem-a 'Sw<3,4,3> o (8,64):(64,1)'"
  "--smem-a 'Sw<3,2,3> o smem_ptr[16b](unset) o (8,64):(64,1)'"
  "--smem-a 'Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)'"
  "--smem-a 'Sw<3,0,3> o smem_ptr[16b](unset) o (8,64):(64,1)'"
  "--smem-a 'Sw<3,4,3> o smem_ptr[8b](unset) o (8,64):(64,1)'"
  "--smem-a 'Sw<3,3,3> o (8,64):(1,8)'" "--smem-a '(8,64):(1,8)'" "--smem-a '(1,1):(0,0)'"
  "--smem-a '(8,64):(64,1)' --a-major M" "--smem-a '(64,8):(1,64)' --a-major M"
  "--smem-b '(8,64):(64,1)'" "--smem-b 'Sw<3,3,3> o (8,32):(32,1)'" "--smem-b '(8,32):(1,8)'"
  "--smem-b 'Sw<2,3,2> o (8,64):(64,1)'" "--smem-b 'Sw<3,3,3> o (8,64):(1,8)'"
  "--smem-b 'gmma_atom(Layout_MN_SW64_Atom, bf16)' --b-major N"
  "--smem-b 'gmma_atom(Layout_K_SW64_Atom, bf16)' --b-major N" "--smem-b 3"
  "--stages 1" "--stages 2" "--stages 3" "--stages 4" "--stages 6" "--stages 10" "--stages 64"
  "--stages 0" "--stages 65" "--stages abc"
  "--raster plain" "--raster grouped:8" "--raster grouped:0" "--raster grouped:x"
  "--raster grouped:" "--raster grouped:1000" "--raster '(4,4):(1,4)'" "--raster '(64,64):(1,64)'"
  "--raster '(64,64):(0,1)'" "--raster '(64,64):(1,65)'" "--raster foo" "--raster 'Sw<1,1,1>'"
  "--raster '(64,64)'" "--raster '(32,32):(1,32)'" "--raster '(64,(32,2)):(1,(64,2048))'"
  "--raster '(64,64):(64,1)'" "--raster 'x = 1'"
  "--consumers 0" "--consumers 1" "--consumers 2" "--consumers 3" "--consumers 4"
  "--cluster 1" "--cluster 2" "--cluster 0" "--cluster '(2,1)'" "--cluster '(1,2)'"
  "--cluster '(2,2)'" "--cluster '(4,4)'" "--cluster '(3,1)'" "--cluster foo" "--cluster '(1,2,3)'"
  "--cluster '(0,1)'" "--cluster '(8,1)'" "--cluster '(2)'" "--cluster ' 2 '" "--cluster '(16,1)'"
  "--cluster 2 --m 8192 --n 256 --k 512" "--cluster '(1,2)' --m 8192 --n 256 --k 512"
  "--cluster '(1,4)' --a-major M --mma SM90_64x256x16_F32BF16BF16_SS"
  "--cluster '(4,1)' --mma SM90_64x8x16_F32BF16BF16_SS"
  "--cluster '(1,3)' --consumers 1 --n 768" "--cluster '(3,1)' --consumers 1 --m 192"
  "--split-k 0" "--split-k 1" "--split-k 2" "--split-k 16" "--split-k 17" "--split-k 200 --k 128"
  "--split-k 4 --k 128" "--split-k 2 --tma-store" "--split-k 4 --m 16 --n 8192 --k 8192"
  "--tma-store" "--tma-store --n 1500" "--tma-store --m 512 --n 1500 --k 64"
  "--tma-store --mma SM90_64x192x16_F32BF16BF16_SS" "--tma-store --mma SM90_64x8x16_F32BF16BF16_SS"
  "--tma-store --stages 4" "--tma-store --stages 5" "--tma-store --consumers 3"
  "--persistent" "--persistent --cluster 2 --tma-store"
  "--a-major K" "--a-major M" "--a-major N" "--a-major MN" "--a-major m" "--a-major X"
  "--a-major ''" "--b-major N" "--b-major M" "--b-major k" "--b-major MN" "--b-major X"
  "--a-major M --b-major N" "--a-major M --b-major N --m 1001"
  "--a-major M --mma SM90_64x256x16_F32BF16BF16_SS --smem-a 'gmma_atom(Layout_K_SW128_Atom, bf16)'"
  "--a-major M --mma SM90_64x256x16_F32BF16BF16_SS --smem-a 'gmma_atom(Layout_MN_SW64_Atom, bf16)'"
  "--a-major M --mma SM90_64x256x16_F32BF16BF16_SS --smem-a 'gmma_atom(Layout_MN_SW32_Atom, bf16)' --cluster '(1,2)'"
  "--a-major M --mma SM90_64x256x16_F32BF16BF16_SS --smem-a 'gmma_atom(Layout_MN_INTER_Atom, bf16)'"
  "--b-major N --mma SM90_64x256x16_F32BF16BF16_SS --smem-b 'gmma_atom(Layout_MN_INTER_Atom, bf16)'"
  "--arch sm_80" "--arch 80" "--arch sm_90a" "--arch 90" "--arch sm_86" "--arch foo"
  "--arch sm_9" "--arch sm_90x" "--arch ''" "--arch sm_100f"
  "--format json" "--format csv" "--format grid" "--format table" "--format plain"
  "--reps 0" "--rounds 0" "--reps 100000" "--flush-l2"
)
MODES=("--emit" "--compile-only" "--emit --compile-only")
for p in "${PATHS[@]}"; do
  for f in "${FLAGS[@]}"; do
    for m in "${MODES[@]}"; do
      add "cute gemm $m $p $f"
    done
  done
done
# the sweeps, the suite and the tune, with their refusals
SWEEPS=("" "--mma '$SM90'" "--a-major M" "--b-major N" "--a-major M --b-major N --m 1001"
  "--m 100 --n 100 --k 100" "--m 0" "--dtype f16" "--dtype f32" "--tile '(64,64,64)'"
  "--smem-a foo" "--raster plain" "--raster foo" "--stages 1" "--cluster '(2,2)'"
  "--consumers 1" "--tma-store" "--m 1 --n 8 --k 8" "--m 2147483648"
  "--mma SM90_64x128x16_F32F16F16_SS --dtype f16" "--split-k 2" "--arch sm_80"
  "--format json" "--format csv")
for m in "--emit" "--compile-only"; do
  for f in "${SWEEPS[@]}"; do
    add "cute gemm $m --sweep $f"
    add "cute gemm $m --suite $f"
    add "cute gemm $m --tune $f"
    add "cute gemm $m --tune --m 1 --n 4096 --k 4096 $f"
  done
done
add "cute gemm --compile-only --suite --sweep"
add "cute gemm --compile-only --tune --sweep"
add "cute gemm --compile-only --tune --mma '$SM90'"
add "cute gemm --compile-only --tune --m 1 --n 1 --k 1"
add "cute gemm --compile-only --tune --m 16 --n 8192 --k 8192 --a-major M"
add "cute gemm --compile-only --tune --arch sm_80"
add "cute gemm --compile-only --suite --arch sm_80"
add "cute gemm --compile-only --suite --arch bogus"
add "cute gemm --compile-only --tune --m 7 --n 7 --k 7 --a-major M --b-major N"
# without --emit/--compile-only: the GPU is opened (missing here) after the configuration
add "cute gemm"
add "cute gemm --m 0"
add "cute gemm --dtype f32"
add "cute gemm --sweep"
add "cute gemm --suite"
add "cute gemm --tune"
add "cute gemm --mma '$SM90' --cluster '(3,1)'"
add "cute gemm --emit --help"
add "cute gemm --bogus"

# ---------------------------------------------------------------------------------------
# cute bank and cute show --tv
# ---------------------------------------------------------------------------------------
TILED_MMA="tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))"
COPY_A="make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, half_t), $TILED_MMA)"
COPY_CP="make_tiled_copy(copy_atom(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t), (32,4):(4,1), (1,8))"
BANK=(
  "'(8,64):(64,1)' --tv '(8,8):(1,8)'"
  "'Sw<3,3,3> o (8,64):(64,1)' --tv '(8,8):(1,8)'"
  "'Sw<3,3,3> o (32,64):(64,1)' --tv '$COPY_A'"
  "'(32,64):(64,1)' --tv '$COPY_A'"
  "'(32,64):(64,1)' --tv '$COPY_A' --operand S"
  "'(32,64):(64,1)' --tv '$COPY_A' --operand D"
  "'(32,64):(64,1)' --tv '$COPY_A' --operand A"
  "'(32,64):(64,1)' --tv '$COPY_CP'"
  "'(128,8):(8,1)' --tv '$COPY_CP'"
  "'(8,8):(8,1)' --tv '$COPY_CP'"
  "--tv '$COPY_A.thread(7).partition_S((32,64):(64,1))'"
  "--tv '$COPY_A.thread(7).partition_S(Sw<3,3,3> o (32,64):(64,1))'"
  "'(32,64):(64,1)' --tv '$COPY_A.thread(7).partition_S((32,64):(64,1))'"
  "'(32,64):(1,32)' --tv '$COPY_A.thread(7).partition_S((32,64):(64,1))'"
  "--tv '$COPY_A.thread(7).partition_S((32,64):(64,1))' --operand D"
  "--tv '$COPY_A.thread(7).partition_S(3)'"
  "--tv '$COPY_A.thread(7).partition_S(Sw<3,3,3>)'"
  "--tv '$COPY_A.thread(7).partition_D((32,64):(64,1))'"
  "--tv '$TILED_MMA.thread(3).partition_A((64,64):(64,1))'"
  "--tv '$TILED_MMA.thread(3).partition_C((64,64):(64,1))'"
  "--tv '$TILED_MMA.thread(3).partition_B((64,64):(64,1))' --access-bits 32"
  "--tv 'local_partition((4,8), (2,4), 5)'"
  "--tv '(8,8):(1,8)'"
  "--tv '$COPY_A.thread(7).foo((32,64):(64,1))'"
  "'(64,64):(64,1)' --tv '$TILED_MMA'"
  "'(64,64):(64,1)' --tv '$TILED_MMA' --operand A"
  "'(64,64):(64,1)' --tv '$TILED_MMA' --operand B"
  "'(64,64):(64,1)' --tv '$TILED_MMA' --operand C --access-bits 32"
  "'(64,64):(64,1)' --tv '$TILED_MMA' --operand S"
  "'(64,64):(64,1)' --tv '$TILED_MMA.thread(3)' --operand A"
  "'(8,8):(8,1)' --tv '$TILED_MMA' --operand A"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --operand A"
  "'(8,64):(64,1)' --tv 'Sw<3,3,3>'"
  "'(8,64):(64,1)' --tv 'copy_atom(SM75_U32x4_LDSM_N, half_t)'"
  "'(8,64):(64,1)' --tv '3'"
  "'(8,64):(64,1)' --tv '(8,8,2):(1,8,64)'"
  "'(8,64):(64,1)' --tv '(8,6):(1,8)'"
  "'(8,64):(64,1)' --tv '(8,8):(1,80)'"
  "'(8,64):(64,1)' --tv '(8,8):(1,-8)'"
  "'(8,64):(64,1)' --tv '(8):(1)'"
  "'(8,64):(64,1)' --tv '(4096,2048):(1,1)'"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 0"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 2000"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 1024 --access-bits 128"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 256"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 24 --access-bits 64"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 32 --access-bits 16"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --access-bits 24"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --access-bits 256"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --access-bits 64"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --access-bits 32"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --access-bits 8 --elem-bits 8"
  "'(8,64):(64,1)' --tv '(32,4):(4,1)' --access-bits 16"
  "'(8,64):(64,1)' --tv '(8,8):(8,1)'"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --elem-bits 4 --access-bits 32"
  "'(8,64)' --tv '(8,8):(1,8)'"
  "'Sw<3,3,3>' --tv '(8,8):(1,8)'"
  "'Sw<3,3,3> o 8 o (8,64):(64,1)' --tv '(8,8):(1,8)'"
  "'foo' --tv '(8,8):(1,8)'"
  "'(8,64):(64,1)' --tv 'foo'"
  "'x = 1' --tv '(8,8):(1,8)'"
  "'(8,64):(64,1)' --tv 'x = 1'"
  "'(9223372036854775807,2):(2,1)' --tv '(8,8):(1,8)'"
  "'(8,64):(4611686018427387904,1)' --tv '(8,8):(1,8)'"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --format json"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --format table"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --format csv"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --format bogus"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --measure"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --measure --elem-bits 4 --access-bits 32"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --measure --elem-bits 12 --access-bits 64"
  "'(8,64):(64,1)' --tv '(8,16):(1,8)' --measure --access-bits 16 --elem-bits 16"
  "'(8,64):(64,1)' --tv '(8,8):(8,1)' --measure"
  "'(8,64):(64,1)' --tv '(2048,8):(8,1)' --measure"
  "'(8,64):(64,1)' --tv '(8,264):(264,1)' --measure --access-bits 16"
  "'(8,64):(64,1)' --tv '(8,8):(1,8)' --measure --operand A"
  "'(4096,64):(64,1)' --tv '(8,8):(32768,8)' --measure"
  "'262144:1' --tv '(2048,8):(8,1)' --measure"
  "'(64,64):(64,1)' --tv '(8,512):(512,1)' --access-bits 16 --measure"
  "'(8,64):(65536,1)' --tv '(8,8):(1,8)' --measure"
  "'Sw<3,3,3> o 3:1' --tv '$COPY_A'"
  "'64:1' --tv '$COPY_A'"
  "'(8,64):(64,1)' --measure"
  "--tv '(8,8):(1,8)'"
)
for b in "${BANK[@]}"; do
  add "cute bank $b"
  add "cute --color never show --tv ${b#* --tv }"
done
for b in "${BANK[@]}"; do
  # `cute show SMEM --tv TV`: the same arguments where a layout is given first
  case "$b" in
    "'"*) add "cute --color never show $b" ; add "cute show --format json $b" ;;
  esac
done
add "cute --color always show 'Sw<3,3,3> o (8,64):(64,1)' --tv '(8,8):(1,8)'"
add "cute show '(8,64)' --tv '$TILED_MMA' --operand A"
add "cute show '(8,8,8):(64,8,1)' --tv '(8,8):(1,8)'"
add "cute show '(16,16):(16,1)' --tv '$COPY_A'"
add "cute show '(16,16):(16,1)' --tv '(8,8):(1,8)'"

# ---------------------------------------------------------------------------------------
# --format names, :format in the REPL, render failures
# ---------------------------------------------------------------------------------------
for fmt in plain table grid json cpp dsl csv yaml C++ JSON '' bogus; do
  for expr in "'(4,8):(1,4)'" "'Sw<3,3,3> o (8,64):(64,1)'" "'(1,2)'" "'$TILED_MMA'" "'Sw<3,3,3>'"; do
    add "cute --format '$fmt' eval $expr"
    add "cute show --format '$fmt' $expr"
  done
done
for fmt in plain table grid json cpp dsl c++ C++ ' json ' yaml '' csv; do
  add "printf ':format $fmt\n(4,8):(1,4)\n' | cute repl"
done
add "printf ':format\n' | cute repl"

# ---------------------------------------------------------------------------------------
# the limits on values (check_value), and explain's checks (trace.rs)
# ---------------------------------------------------------------------------------------
python3 - "$WORK" <<'EOF'
import sys
w = sys.argv[1]
d = '(' * 250 + '1' + ')' * 250
with open(f"{w}/limits.txt", "w") as f:
    f.write('a = ' + d + '\n')
    f.write('b = make_tuple(make_tuple(make_tuple(make_tuple(make_tuple(a)))))\n')
    f.write('make_tuple(b, make_tuple(make_tuple(b)))\n')
    f.write('make_tuple(make_tuple(b))\n')
    f.write('c = (' + ','.join(['1'] * 600000) + ')\n')
    f.write('make_tuple(c, c)\n')
    f.write('append(c, c)\n')
    f.write('make_layout(c)\n')
    f.write('(c, c)\n')
    f.write('1\n')
with open(f"{w}/deep.txt", "w") as f:
    f.write('a = ' + d + '\n')
    f.write('make_tuple(make_tuple(make_tuple(make_tuple(make_tuple(make_tuple(make_tuple(a)))))))\n')
EOF
add "cute eval < '$WORK/limits.txt'"
add "cute --format json eval < '$WORK/limits.txt'"
add "cute eval < '$WORK/deep.txt'"
add "cute run '$WORK/limits.txt'"
add "cute explain --verify 'make_tuple(make_tuple(1))'"
for e in 'composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)' 'right_inverse((4,8):(8,1))' \
         'left_inverse((4,8):(8,1))' 'complement((4,8):(1,4), 64)' 'logical_divide((16,16):(16,1), (4,4))' \
         'coalesce((2,(1,4)):(1,(6,2)))' 'Sw<3,3,3>(17)' 'blocked_product((2,2):(1,2), (4,4):(1,4))' \
         'composition((4,8):(1,4), (4,4):(2,8))' 'right_inverse((4,4):(4611686018427387904,1))'; do
  add "cute explain --verify '$e'"
  add "cute explain --verify --format json '$e'"
done

# COMPARE_CASES=FILE: that file's lines (one command line each, `#` comments and blank lines
# skipped) instead of the cases above; bench/compare_errors_device.txt is the list for a machine
# with a GPU and NVRTC (compilation, --arch refusals, NVRTC's own errors, --measure refusals).
if [ -n "${COMPARE_CASES:-}" ]; then
  CASES=()
  while IFS= read -r line; do
    case "$line" in ''|'#'*) continue ;; esac
    CASES+=("$line")
  done <"$COMPARE_CASES"
fi

# ---------------------------------------------------------------------------------------
# run both binaries over every case
# ---------------------------------------------------------------------------------------
run_case() { # dir index command
  local dir=$1 i=$2 cmd=$3
  (cd "$WORK" && PATH="$WORK/$dir:$PATH" NO_COLOR= timeout 120 bash -c "$cmd" \
     >"$WORK/out/$dir.$i.out" 2>"$WORK/out/$dir.$i.err" </dev/null)
  echo $? >"$WORK/out/$dir.$i.rc"
}
n=${#CASES[@]}
echo "compare_errors: $n cases"
diffs=0
refused=0
: >"$WORK/messages"
for i in "${!CASES[@]}"; do
  c=${CASES[$i]}
  run_case base "$i" "$c"
  run_case new "$i" "$c"
  same=1
  for ext in out err rc; do
    cmp -s "$WORK/out/base.$i.$ext" "$WORK/out/new.$i.$ext" || same=0
  done
  if [ $same = 0 ]; then
    diffs=$((diffs + 1))
    if [ $diffs -le 40 ]; then
      echo "DIFF [$i] $c"
      for ext in rc err out; do
        if ! cmp -s "$WORK/out/base.$i.$ext" "$WORK/out/new.$i.$ext"; then
          diff <(head -c 4000 "$WORK/out/base.$i.$ext") <(head -c 4000 "$WORK/out/new.$i.$ext") | head -20 | sed "s/^/  $ext: /"
        fi
      done
    fi
  fi
  [ "$(cat "$WORK/out/base.$i.rc")" = 0 ] || refused=$((refused + 1))
  grep -a '^error' "$WORK/out/base.$i.err" | head -1 >>"$WORK/messages"
  rm -f "$WORK/out/base.$i."* "$WORK/out/new.$i."*
done
# how many cases the base binary refused (exit status not 0), and how many distinct first
# error lines they printed: how much of the error text the cases exercise
echo "refused: $refused of $n cases; distinct first error lines: $(sort -u "$WORK/messages" | wc -l)"
if [ $diffs = 0 ]; then
  echo "NO DIFFERENCES ($n cases, stdout, stderr and exit status each)"
  exit 0
fi
echo "$diffs DIFFERENCES (of $n cases)"
exit 1
