#!/usr/bin/env bash
# What uldp's GoogleTest header costs the test file of a project that uses it: one test file that
# includes only <gtest/gtest.h> and one that includes only "uldp/testing/gtest.h", each with one
# test of its kind (an EXPECT_EQ on a matrix of doubles; an EXPECT_PRIVATE on the same matrix),
# compiled to an object file with the compiler, flags, definitions and include directories the
# build uses for tests/testing. Prints each file's CPU time (user + sys) and peak memory (GNU
# time's maximum resident set size), the best of N runs, and the ratios uldp / gtest (issue 50:
# at most 2). Run by hand, on an idle machine, after the build is configured:
#   bench/consumer_compile_cost.sh [build dir, default build] [runs, default 3]
# Needs GNU time (/usr/bin/time, Debian's `time` package) and a Makefile-generator build dir.
set -euo pipefail
build=$(realpath "${1:-build}")
runs="${2:-3}"
flags="$build/tests/testing/CMakeFiles/gtest_assertions_test.dir/flags.make"
[[ -x /usr/bin/time ]] || { echo "bench/consumer_compile_cost.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[[ -f "$flags" ]] || { echo "bench/consumer_compile_cost.sh: $flags: no such file (configure $build with ULDP_BUILD_TESTING and ULDP_BUILD_TESTS, Makefile generator)" >&2; exit 2; }
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
read_flag() { sed -n "s/^$1 = //p" "$flags"; }
# Word splitting is wanted: each variable holds several flags.
read -r -a cxx_flags <<<"$(read_flag CXX_DEFINES) $(read_flag CXX_INCLUDES) $(read_flag CXX_FLAGS)"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/gtest_only.cc" <<'EOF'
#include <gtest/gtest.h>

#include <vector>

TEST(Consumer, MatrixRowsSumToOne) {
  const std::vector<std::vector<double>> q = {{0.75, 0.25}, {0.25, 0.75}};
  EXPECT_EQ(q[0][0] + q[0][1], 1.0);
}
EOF
cat >"$scratch/uldp_testing.cc" <<'EOF'
#include "uldp/testing/gtest.h"

#include <vector>

TEST(Consumer, MatrixIsLdp) {
  const std::vector<std::vector<double>> q = {{0.75, 0.25}, {0.25, 0.75}};
  EXPECT_PRIVATE(q, uldp::testing::ldp_claim(uldp::testing::exp_eps("3")));
}
EOF

# Prints "cpu_seconds peak_kb" of compiling $1, the best of $runs runs.
measure() {
  local best_cpu="" best_kb="" run
  for ((run = 0; run < runs; ++run)); do
    /usr/bin/time -v -o "$scratch/time.txt" "$compiler" "${cxx_flags[@]}" -c "$1" -o "$scratch/out.o"
    local cpu kb
    cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' "$scratch/time.txt")
    kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$scratch/time.txt")
    if [[ -z "$best_cpu" ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_cpu=$cpu
    fi
    if [[ -z "$best_kb" ]] || ((kb < best_kb)); then best_kb=$kb; fi
  done
  echo "$best_cpu $best_kb"
}

read -r gtest_cpu gtest_kb <<<"$(measure "$scratch/gtest_only.cc")"
read -r uldp_cpu uldp_kb <<<"$(measure "$scratch/uldp_testing.cc")"
printf '%-24s %8s %10s\n' "test file includes" "cpu s" "peak MB"
printf '%-24s %8s %10d\n' "gtest/gtest.h" "$gtest_cpu" $((gtest_kb / 1024))
printf '%-24s %8s %10d\n' "uldp/testing/gtest.h" "$uldp_cpu" $((uldp_kb / 1024))
awk -v a="$uldp_cpu" -v b="$gtest_cpu" -v c="$uldp_kb" -v d="$gtest_kb" \
  'BEGIN { printf "ratio uldp / gtest: time %.2fx, peak memory %.2fx (best of '"$runs"')\n", a / b, c / d }'
