#!/usr/bin/env bash
# Run on the device (see BENCHMARKS.md): the GPU tests, then configurations of `cute gemm` at 8192^3.
# Usage there: bash bench/gemm_device.sh [configs...]; each config is "TILE WARPS STAGES [extra flags]".
set -uo pipefail
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=${CUTE:-target/release/cute}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
if [ -n "${TESTBIN:-}" ]; then
  "$TESTBIN" --ignored --test-threads=1 gpu:: 2>&1 | tail -5
fi
for c in "$@"; do
  set -- $c
  $B gemm --tile "$1" --atom-layout "$2" --stages "$3" "${@:4}" 2>/dev/null | grep -E "^\| [0-9]"
done
