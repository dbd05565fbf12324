#!/usr/bin/env bash
# Compare `cute explain` (text with --verify --index 1, and JSON) of two binaries on every
# statement of the golden and oracle corpora: prints the statements whose output differs.
# Usage: bench/explain_compare.sh OLD_BINARY NEW_BINARY
set -u
old=$1 new=$2
# a line to leave out of the comparison (a sed expression), e.g. one changed on purpose
filter=${3:-}
n=0 diff=0
while IFS= read -r st; do
  [ -z "$st" ] && continue
  n=$((n+1))
  for args in "--verify --index 1" "--format json"; do
    a=$("$old" explain $args "$st" 2>&1 | sed "$filter"; echo "rc=${PIPESTATUS[0]}")
    b=$("$new" explain $args "$st" 2>&1 | sed "$filter"; echo "rc=${PIPESTATUS[0]}")
    if [ "$a" != "$b" ]; then diff=$((diff+1)); echo "DIFF ($args): $st"; fi
  done
done < <(cut -f1 tests/oracle/cases.tsv tests/golden/algebra.tsv tests/golden/docs.tsv tests/golden/swizzle.tsv | grep -v '^#' | sort -u)
echo "$n statements, $diff differences"
