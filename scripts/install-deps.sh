#!/usr/bin/env bash
# Installs every build and test dependency of uldp from Debian 12 packages (run as root).
set -euo pipefail
packages=(
  g++ cmake make pkg-config git clang-format
  clang libclang-rt-14-dev  # scripts/sanitized-tests.sh: ASan + UBSan and libFuzzer
  libboost-dev libgmp-dev
  libxxhash-dev  # local hashing's h_s(x) = xxh32 (header-only use: XXH_INLINE_ALL)
  libssl-dev  # rappor-bloom's Bloom bits: MD5 as Google's clients hash (OpenSSL's libcrypto)
  default-jdk-headless librappor-aosp-java  # rappor-bloom: Google's Java RAPPOR client, driven by tests/java
  libz3-dev z3 cvc5
  librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
  python3 python3-dev pybind11-dev  # the Python package; conform client's test doubles
  python3-pytest python3-numpy python3-hypothesis  # the Python package's tests
  python3-xxhash  # the local-hashing test doubles (python/tests) and bench/local_hashing_conform.sh
  python3-pandas  # uldp.table's DataFrame (optional: records without it), tested both ways
  python3-setuptools python3-wheel python3-build python3-pip python3-venv  # the wheel (pyproject.toml) and its venv test
  python3-mypy  # python.mypy: mypy --strict on the package and examples/python
  gnuplot-nox  # the plots of uldp experiment (optional: without it the CSVs are still written)
  help2man  # the man page, generated from the commands' --help at build time
  parallel  # docs/experiments.md: sharding a --full run over the cores
  time  # bench/extremes.sh: wall time and peak memory at every documented limit
  sqlite3  # docs/cli.md: the GROUP BY that tallies reports for conform counts, run in a test
  coq  # verify/coq: the claims' Coq proofs (coqc, coqchk; the standard library alone: lra, nra, field)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
