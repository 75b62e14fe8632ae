// EM in the paper's largest setting (Section 6.2: US Census with 9 attributes, |X| = 12800,
// |X_S| = 2432, n = 240000, ε = 6), where the paper reports 3121 s (RR), 1258 s (uRR),
// 5225 s (RAP) and 1073 s (uRAP). Synthetic Zipf(1) inputs stand in for the census data.
// Stopping rule: one EM update raises the log-likelihood by <= 1e-10 |L| (EmOptions default),
// or 10000 updates; start: the significance-thresholded estimate (α = 0.05).
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/sampler.h"

namespace uldp::bench {
using namespace uldp::estimate;  // the double-precision layer
namespace {

constexpr std::size_t kK = 12800, kSensitive = 2432;
constexpr std::uint64_t kN = 240000;

const std::vector<std::uint64_t>& input_counts() {
  static const std::vector<std::uint64_t> counts = [] {
    Xoshiro256 rng(2024);
    return sample_input_counts(rng, kN, zipf(kK, 1.0));
  }();
  return counts;
}

void report(benchmark::State& state, const EmResult& r) {
  state.counters["updates"] = static_cast<double>(r.iterations);
  state.counters["converged"] = r.converged ? 1 : 0;
  state.counters["logL"] = r.log_likelihood;
}

void em_symbols(benchmark::State& state, const UrrParams& params) {
  Xoshiro256 rng(1);
  const auto counts = sample_report_counts(rng, params, input_counts());
  for (auto _ : state) {
    const EmResult r = em_estimate_urr(params, counts);
    benchmark::DoNotOptimize(r.p.data());
    report(state, r);
  }
}

void em_bits(benchmark::State& state, const UnaryParams& params) {
  Xoshiro256 rng(1);
  const auto inputs = inputs_from_counts(rng, input_counts());
  const BitReports reports = sample_reports(rng, params, inputs);
  state.counters["set_bits"] = static_cast<double>(reports.total_set_bits());
  for (auto _ : state) {
    const EmResult r = em_estimate_unary(params, reports);
    benchmark::DoNotOptimize(r.p.data());
    report(state, r);
  }
}

void BM_EmRR(benchmark::State& state) { em_symbols(state, urr_params(rr_params(kK, budget("6")))); }
void BM_EmURR(benchmark::State& state) {
  em_symbols(state, urr_params(IndexSet::first(kSensitive, kK), budget("6")));
}
void BM_EmRAPPOR(benchmark::State& state) { em_bits(state, rappor_params(kK, budget("6"))); }
void BM_EmURAP(benchmark::State& state) {
  em_bits(state, urap_params(IndexSet::first(kSensitive, kK), budget("6")));
}

BENCHMARK(BM_EmRR)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_EmURR)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_EmRAPPOR)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_EmURAP)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace uldp::bench

BENCHMARK_MAIN();
