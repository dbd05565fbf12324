#!/usr/bin/env bash
# Every GPU example of the README and of `cute gemm --help`, run on the device as written,
# plus the report formats on a GPU. Usage (on the GPU machine): bench/gpu_examples.sh CUTE OUTDIR
set -u
cute=${1:-target/release/cute}
out=${2:-gpu_examples}
mkdir -p "$out"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu --format=csv > "$out/gpu.txt" 2>&1
{
  # cute gemm --help
  "$cute" gemm --help | sed -n '/^Examples:/,$p' | grep '^  cute gemm' | sed 's/ *#.*//; s/^  cute //'
  # README (```sh blocks of the gemm section)
  sed -n '/^## `cute gemm`/,/^## Notation/p' README.md | grep '^\$ cute gemm' | sed 's/ *#.*//; s/^\$ cute //'
  echo "gemm --format json --reps 10"
  echo "gemm --format csv --reps 10 --persistent"
} | awk '!seen[$0]++' > "$out/commands.txt"
i=0
while IFS= read -r line; do
  i=$((i+1))
  echo "\$ cute $line" > "$out/$i.txt"
  eval "\"$cute\" $line" >> "$out/$i.txt" 2>&1
  echo "? $?" >> "$out/$i.txt"
  cat "$out/$i.txt"
done < "$out/commands.txt"
