#!/usr/bin/env bash
# The parser and command-line tests again, with everything built under AddressSanitizer and
# UndefinedBehaviorSanitizer (ULDP_SANITIZE=ON, its own build dir): any memory error, leak or
# undefined behaviour in the readers or the `uldp` command fails a test. Part of the README's
# test command and of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
# Warnings are not errors here: GCC 12's -Wmaybe-uninitialized misfires on sanitized std::function.
cmake -S . -B build-sanitize -DULDP_SANITIZE=ON -DULDP_BUILD_BENCH=OFF -DULDP_WERROR=OFF
cmake --build build-sanitize -j2 --target uldp io_test reference_test cli_test registry_walk_test \
  float_audit_test inputs_doc_test conform_cli_test golden_cli_test
ctest --test-dir build-sanitize --output-on-failure -j2 \
  -R 'Cli|FloatAudit|InputsDoc|Conform|Golden|Registry|MatrixReader|Csv|Json|MechanismFile|Rational|IndexSet|Parse'
