#!/usr/bin/env bash
# Regenerate dsl_expected.tsv: each case of dsl_cases.txt and what the CuTe DSL (4.8.1, through
# ../shared/tools/dsl-oracle) prints for it, tab-separated. Run from anywhere; commit the result.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
oracle="${DSL_ORACLE:-$here/../../../../../shared/tools/dsl-oracle}"
[ -x "$oracle" ] || oracle=/work/shared/tools/dsl-oracle
"$oracle" < "$here/dsl_cases.txt" > "$here/.answers"
paste "$here/dsl_cases.txt" "$here/.answers" > "$here/dsl_expected.tsv"
rm -f "$here/.answers"
