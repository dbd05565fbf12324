#!/bin/bash
# Writes tests/golden/NAME.out (NAME: the argument, variadic_templates where none): what CuTe
# C++ 4.7 prints for tests/golden/NAME.cpp.txt, compiled as cute-oracle compiles (its headers
# and flags): the lines before '// main' at file scope, the lines after it main's body.
# (tests/golden/packed_tuple.cpp.txt: `gen_variadic.sh packed_tuple`.)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NAME=${1:-variadic_templates}
IN=$ROOT/tests/golden/$NAME.cpp.txt
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
"$W/q" > "$ROOT/tests/golden/$NAME.out"
