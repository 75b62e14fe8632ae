#!/usr/bin/env bash
# The "add a mechanism" guide of DEVELOPERS.md, kept true: in a copy of the committed tree, adds a
# throwaway mechanism with a parameter of its own (its folder, and the three lines the guide
# names elsewhere), counts the lines it had to write outside the folder (at most 3), builds the
# command and the Python extension, and checks that the mechanism and its parameter reach
# `uldp mechanism --list`, `check`, `simulate`, `estimate`, the shell completion, Python's keyword
# and its generated `_keywords.py`. Nothing is written into this repository.
#
# usage: scripts/throwaway-mechanism.sh [--quick] [WORK_DIR]   (default: a fresh temporary dir)
# ULDP_BUILD_JOBS: parallel compile jobs (default 2). The copy is built at -O0 with tests off:
# about 7 minutes on two cores, since every source includes mechanism_spec.h.
# --quick (what CI runs, tests/scripts): the count, then the folder's sources and the registry's
# (mechanisms/*.cc, where every derivation a kind lacks is named) compiled against the copy's
# headers with the project's warnings as errors, syntax only: about a minute. It keeps the
# guide's code and its three lines true; the full run also shows every front end reached.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
quick=false
if [[ "${1:-}" == "--quick" ]]; then quick=true; shift; fi
work="${1:-$(mktemp -d)}"
tree="$work/tree"
jobs="${ULDP_BUILD_JOBS:-2}"
fail() { echo "throwaway-mechanism: $*" >&2; exit 1; }

rm -rf "$tree" && mkdir -p "$tree"
git -C "$src" archive HEAD | tar -x -C "$tree"
cd "$tree"
git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm base

# The folder: RR at t^n, n given by a parameter only this mechanism takes.
mkdir mechanisms/throwaway
cat > mechanisms/throwaway/throwaway.h <<'H'
// A throwaway mechanism: RR at t^n (scripts/throwaway-mechanism.sh).
#pragma once

#include <cstdint>
#include <string_view>

#include "uldp/mechanisms/parameter_table.h"
#include "uldp/mechanisms/rr/rr.h"

namespace uldp {

inline constexpr Parameter<std::uint64_t> kBudgetPowerParameter{
    {"budget_power", {"budget_power"}, ParameterGrammar::kCount, "N",
     "throwaway: RR at t^N, N >= 1", "a power N >= 1 of the budget"}};

struct ThrowawaySpec : RrSpec {
  static constexpr std::string_view kName = "throwaway";
};

const MechanismEntry& registry_entry(std::type_identity<ThrowawaySpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<ThrowawaySpec>);

}  // namespace uldp
H
cat > mechanisms/throwaway/throwaway_entry.cc <<'H'
#include "uldp/error.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_throwaway(const MechanismArguments& a) {
  const std::uint64_t n = *a.values.get(kBudgetPowerParameter);
  if (n == 0 || n > 64) throw InvalidArgument("budget_power: from 1 to 64");
  Rational t = 1;
  for (std::uint64_t i = 0; i < n; ++i) t *= a.budget->exp_eps();
  return {a.k, IndexSet::all(a.k), ThrowawaySpec{{PrivacyBudget::from_exp_eps(t)}}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<ThrowawaySpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kBudgetParameter.declaration, kRequired},
                                            {&kBudgetPowerParameter.declaration, kRequired}};
  static const MechanismEntry entry =
      fixed_parameter_entry(registry_entry(std::type_identity<RrSpec>{}),
                            {.name = "throwaway",
                             .title = "RR at t^n (a throwaway)",
                             .reference = "scripts/throwaway-mechanism.sh",
                             .parameters = kTakes,
                             .make = &make_throwaway});
  return entry;
}

}  // namespace uldp
H
cat > mechanisms/throwaway/throwaway_claims.cc <<'H'
#include "internal/claim_entry.h"
#include "uldp/mechanisms/throwaway/throwaway.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<ThrowawaySpec>) {
  return {};
}

}  // namespace uldp
H
printf '# throwaway\n\nRR at t^n, made by scripts/throwaway-mechanism.sh.\n' > mechanisms/throwaway/README.md

# Elsewhere, the guide's three lines: the include, the alternative, the page in the docs' list.
sed -i 's|#include "uldp/mechanisms/idue/idue.h"|&\n#include "uldp/mechanisms/throwaway/throwaway.h"|' \
  mechanisms/mechanism_spec.h
sed -i '/^using MechanismKind =/,/>;/ s/Spec>;/Spec, ThrowawaySpec>;/' mechanisms/mechanism_spec.h
sed -i '/^Mechanism pages: /s|)\.$|), [throwaway](../mechanisms/throwaway/README.md).|' \
  docs/architecture.md
# Each edit must have been made: a guide whose lines no longer apply fails here, named.
grep -q 'throwaway/throwaway.h' mechanisms/mechanism_spec.h || fail "no include line was added"
grep -q 'ThrowawaySpec>;' mechanisms/mechanism_spec.h || fail "MechanismKind was not extended"
grep -q 'throwaway/README.md)\.$' docs/architecture.md || fail "the page list was not extended"
git add -A
outside=$(git diff --cached --numstat -- . ':!mechanisms/throwaway' | awk '{n += $1} END {print n + 0}')
files=$(git diff --cached --name-only -- . ':!mechanisms/throwaway' | wc -l)
echo "outside the folder: $outside lines added in $files files"
git diff --cached --stat | cat
[ "$outside" -le 3 ] || fail "the mechanism needed $outside lines outside its folder (at most 3)"

if $quick; then
  mkdir -p quick_include/uldp && ln -s "$tree/mechanisms" quick_include/uldp/mechanisms
  compiler="${CXX:-c++}"
  start=$(date +%s)
  for source in mechanisms/throwaway/*.cc mechanisms/*.cc; do
    "$compiler" -std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -DBOOST_ALL_NO_LIB \
      -Ireference/include -Iquick_include -Imechanisms -Iverify/include -Iverify/src "$source" ||
      fail "$source does not compile with the throwaway mechanism"
  done
  echo "throwaway-mechanism --quick: the folder and $outside lines elsewhere compile" \
    "($(ls mechanisms/throwaway/*.cc mechanisms/*.cc | wc -l) sources, $(( $(date +%s) - start )) s)"
  exit 0
fi

# The command and the Python extension, nothing else, at -O0.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DULDP_BUILD_TESTS=OFF \
  -DULDP_BUILD_BENCH=OFF -DULDP_BUILD_COQ=OFF -DULDP_INSTALL=OFF -DULDP_BUILD_TESTING=OFF \
  -DPython3_EXECUTABLE=/usr/bin/python3 > build.log
start=$(date +%s)
cmake --build build -j"$jobs" --target uldp uldp_python_core >> build.log 2>&1 ||
  { tail -30 build.log; fail "the copy did not build"; }
echo "built uldp and uldp._core in $(( $(date +%s) - start )) s"

uldp=build/cli/uldp
expect() {  # expect PATTERN COMMAND...: the command's output (stdout and stderr) matches PATTERN
  local pattern="$1"; shift
  local out; out="$("$@" 2>&1)" || true
  grep -Eq -- "$pattern" <<< "$out" || fail "$* printed no '$pattern':
$out"
}
expect '\| throwaway \| RR at t\^n .*--budget-power N' $uldp mechanism --list
expect 'tight exp_eps = 4\b' $uldp check --mech throwaway --k 3 --exp-eps 2 --budget-power 2
expect '^--budget-power: mechanism throwaway needs a power N >= 1 of the budget' \
  sh -c "$uldp check --mech throwaway --k 3 --exp-eps 2 2>&1 | sed 's/^uldp: error: //'"
expect '^--budget-power: mechanism rr does not take it' \
  sh -c "$uldp check --mech rr --k 3 --exp-eps 2 --budget-power 2 2>&1 | sed 's/^uldp: error: //'"
$uldp simulate --mech throwaway --k 3 --exp-eps 2 --budget-power 2 --n 1000 --seed 1 > reports.csv
expect '^0 0\.' $uldp estimate --mech throwaway --k 3 --exp-eps 2 --budget-power 2 --reports reports.csv
expect -- '--budget-power' $uldp completion bash
export PYTHONPATH="$tree/build/python"
expect '^4$' /usr/bin/python3 -c \
  'import uldp; print(uldp.mechanism("throwaway", 3, exp_eps=2, budget_power=2).exp_eps)'
expect '^budget_power: mechanism rr does not take it' /usr/bin/python3 -c \
  'import uldp
try:
    uldp.mechanism("rr", 3, exp_eps=2, budget_power=2)
except ValueError as e:
    print(e)'
expect '^    budget_power: int$' cat build/python/uldp/_keywords.py
echo "throwaway-mechanism: the folder and $outside lines elsewhere reach every front end"
