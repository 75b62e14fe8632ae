// The class-structured checks at the paper's largest setting (|X| = 12800, |X_S| = 2432, ε = 6,
// Sec. "Experimental Results"): building uRR in class form, then LDP, ULDP (both readings) and
// OSLDP. The dense form would be a 12800 x 12800 matrix of rationals.
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp::bench {
namespace {

const IndexSet& sensitive() {
  static const IndexSet xs = IndexSet::first(2432, 12800);
  return xs;
}

void BM_UrrClassesBuild(benchmark::State& state) {
  const PrivacyBudget b = budget("6");
  for (auto _ : state) benchmark::DoNotOptimize(utility_optimized_rr_classes(sensitive(), b));
}
BENCHMARK(BM_UrrClassesBuild)->Unit(benchmark::kMillisecond);

// Build plus the four checks, as `uldp audit` would run them.
void BM_UrrClassesAudit(benchmark::State& state) {
  const PrivacyBudget b = budget("6");
  for (auto _ : state) {
    const ClassStructuredMechanism m = utility_optimized_rr_classes(sensitive(), b);
    benchmark::DoNotOptimize(check_ldp(m, b));
    benchmark::DoNotOptimize(check_uldp(m, sensitive(), b, UldpReading::kReachable));
    benchmark::DoNotOptimize(check_uldp(m, sensitive(), b, UldpReading::kLiteral));
    benchmark::DoNotOptimize(check_osldp(m, sensitive(), b));
  }
}
BENCHMARK(BM_UrrClassesAudit)->Unit(benchmark::kMillisecond);

// The four checks alone on a built mechanism.
void BM_UrrClassesChecks(benchmark::State& state) {
  const PrivacyBudget b = budget("6");
  const ClassStructuredMechanism m = utility_optimized_rr_classes(sensitive(), b);
  for (auto _ : state) {
    benchmark::DoNotOptimize(check_ldp(m, b));
    benchmark::DoNotOptimize(check_uldp(m, sensitive(), b, UldpReading::kReachable));
    benchmark::DoNotOptimize(check_uldp(m, sensitive(), b, UldpReading::kLiteral));
    benchmark::DoNotOptimize(check_osldp(m, sensitive(), b));
  }
}
BENCHMARK(BM_UrrClassesChecks)->Unit(benchmark::kMicrosecond);

// uBD with blocks of 300 at the same setting: C(2432, 300) outputs (393 digits), built in class
// form and checked under the literal ULDP reading (tests/mechanisms/ubd/ubd_test.cc checks the
// verdict).
void BM_UbdClassesBuildAndCheck(benchmark::State& state) {
  const PrivacyBudget b = budget("6");
  for (auto _ : state) {
    const ClassStructuredMechanism m = ubd_classes(sensitive(), 300, b);
    benchmark::DoNotOptimize(check_uldp(m, sensitive(), b, UldpReading::kLiteral));
  }
}
BENCHMARK(BM_UbdClassesBuildAndCheck)->Unit(benchmark::kMillisecond);

// uSS with K = 300, uHR (V = 4096) and the optimal uBD mixture (its certified fundamental limit
// included) at the same setting, each built through the registry and checked (literal reading);
// tests/mechanisms/{uss,uhr,ubd_opt}/ check their verdicts.
void BM_UssClassesBuildAndCheck(benchmark::State& state) {
  const PrivacyBudget b = budget("6");
  for (auto _ : state) {
    const ClassStructuredMechanism m = uss_classes(sensitive(), 300, b);
    benchmark::DoNotOptimize(check_uldp(m, sensitive(), b, UldpReading::kLiteral));
  }
}
BENCHMARK(BM_UssClassesBuildAndCheck)->Unit(benchmark::kMillisecond);

void registry_build_and_check(benchmark::State& state, const char* name) {
  const PrivacyBudget b = budget("6");
  for (auto _ : state) {
    const ClassForm form = std::get<ClassForm>(exact_form(make_mechanism(name, sensitive(), b)));
    benchmark::DoNotOptimize(check_uldp(form.q, sensitive(), b, UldpReading::kLiteral));
  }
}
BENCHMARK_CAPTURE(registry_build_and_check, uhr, "uhr")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(registry_build_and_check, ubd_opt, "ubd-opt")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace uldp::bench

BENCHMARK_MAIN();
