#!/bin/bash
# Writes tests/golden/variadic_templates.out: what CuTe C++ 4.7 prints for
# tests/golden/variadic_templates.cpp.txt, compiled as cute-oracle compiles (its headers and
# flags): the lines before '// main' at file scope, the lines after it main's body.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
IN=$ROOT/tests/golden/variadic_templates.cpp.txt
C=${CUTE_ORACLE_CACHE:-$HOME/.cache/cute-oracle}
INC=/work/shared/cutlass-4.7/include
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
{
  echo '#include <cute/tensor.hpp>'
  echo 'using namespace cute;'
  sed '/^\/\/ main$/,$d' "$IN"
  echo 'int main() {'
  sed '1,/^\/\/ main$/d' "$IN"
  echo '}'
} > "$W/q.cpp"
g++ -std=c++17 -O0 -w -fmax-errors=1 -I "$C/cuda/nvidia/cuda_nvcc/include" \
  -I "$C/cuda/nvidia/cuda_runtime/include" -I "$C/cuda/nvidia/cuda_cccl/include" -I "$INC" \
  "$W/q.cpp" -o "$W/q"
"$W/q" > "$ROOT/tests/golden/variadic_templates.out"
