#!/usr/bin/env bash
# Issue 52's table in one run: the samples `conform client` needs to name `violates` for every
# bug of the zoo (bench/bug_zoo) and for every double 10 % over its claim (bench/
# targeted_conformance), each against the information bound and today's defaults against the old
# ones, and the false alarms of the correct doubles over 10,000 seeded runs (2000 per double).
# Run by hand: bench/issue52_table.sh [build dir, default build] (minutes on two cores). Prints
# Markdown: the zoo's table, then the doubles' two tables.
set -euo pipefail
build="${1:-build}"
for harness in bug_zoo targeted_conformance; do
  [[ -x "$build/bench/$harness" ]] || { echo "bench/issue52_table.sh: $build/bench/$harness: not built" >&2; exit 2; }
done
echo "# The bug zoo"
echo
"$build/bench/bug_zoo"
echo
echo "# Doubles 10 % over their claim, and correct doubles"
echo
"$build/bench/targeted_conformance" --runs 2000 --faulty-runs 200
