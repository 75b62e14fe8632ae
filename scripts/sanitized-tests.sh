#!/usr/bin/env bash
# One instrumented clang build (ULDP_FUZZ=ON: AddressSanitizer + UndefinedBehaviorSanitizer on
# everything, plus the libFuzzer targets) serves two jobs: the parser and command-line tests run
# again under the sanitizers (any memory error, leak or undefined behaviour in the readers or the
# `uldp` command fails a test), then every fuzz target runs ULDP_FUZZ_SECONDS (default 10) from
# its seed corpus in fuzz/corpus/. Part of the README's test command and of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${ULDP_FUZZ_SECONDS:-10}"
# Warnings are not errors here (the build is not the one -Werror guards), but there are none.
# -O1 (with line tables, CMakeLists.txt): the sanitizers' usual level, and half of -O3's compile
# time, which dominated CI.
cmake -S . -B build-sanitize-clang -DCMAKE_CXX_COMPILER=clang++ -DULDP_FUZZ=ON \
  -DULDP_FUZZ_SECONDS="$seconds" -DULDP_BUILD_BENCH=OFF -DULDP_WERROR=OFF \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG"
# uldp_fuzzers: every fuzz target fuzz/CMakeLists.txt declares (a new one needs no line here).
cmake --build build-sanitize-clang -j2 --target uldp io_test arithmetic_test cli_test \
  registry_walk_test float_audit_test inputs_doc_test conform_cli_test conform_counts_cli_test \
  golden_cli_test pairs_cli_test construct_cli_test uldp_fuzzers
ctest --test-dir build-sanitize-clang --output-on-failure -j2 -E '^fuzz\.' \
  -R 'Cli|FloatAudit|InputsDoc|Conform|Golden|Registry|MatrixReader|Csv|Json|MechanismFile|Rational|IndexSet|Parse|CountsFile|EstimatesFile|DistanceMatrixFile|SafeRegionsFile|CheckPairs|ConstructUldpFromLdp'
ctest --test-dir build-sanitize-clang --output-on-failure -j2 -R '^fuzz\.'
