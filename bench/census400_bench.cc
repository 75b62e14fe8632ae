// US Census with 4 attributes (Section 6.1: |X| = 400, |X_S| = 76, n = 1,229,143) at ε = 1:
// sampling and estimation against a popular Python LDP library on this machine (1.18 s to
// perturb with GRR, 21.7 s with RAPPOR/SUE, 0.11 s and 0.78 s to estimate, 3.6 s for its
// iterative Bayesian update on GRR). Synthetic Zipf(1) inputs stand in for the census data.
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "bit_sampler_before.h"
#include "bit_sampler_issue11.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/empirical.h"
#include "uldp/estimate/sampler.h"
#include "uldp/estimate/threshold.h"

namespace uldp::bench {
using namespace uldp::estimate;  // the double-precision layer
namespace {

constexpr std::size_t kK = 400, kSensitive = 76;
constexpr std::uint64_t kN = 1229143;

const std::vector<std::uint64_t>& input_counts() {
  static const std::vector<std::uint64_t> counts = [] {
    Xoshiro256 rng(400);
    return sample_input_counts(rng, kN, zipf(kK, 1.0));
  }();
  return counts;
}

const std::vector<std::uint32_t>& inputs() {
  static const std::vector<std::uint32_t> users = [] {
    Xoshiro256 rng(401);
    return inputs_from_counts(rng, input_counts());
  }();
  return users;
}

const UrrParams& rr() {
  static const UrrParams p = urr_params(rr_params(kK, budget("1")));
  return p;
}
const UrrParams& urr() {
  static const UrrParams p = urr_params(IndexSet::first(kSensitive, kK), budget("1"));
  return p;
}
const UnaryParams& rappor() {
  static const UnaryParams p = rappor_params(kK, budget("1"));
  return p;
}

// Per-user perturbation of all n users (what n clients do).
void BM_PerUserRR(benchmark::State& state) {
  Xoshiro256 rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(sample_reports(rng, rr(), inputs()).data());
}
void BM_PerUserURR(benchmark::State& state) {
  Xoshiro256 rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(sample_reports(rng, urr(), inputs()).data());
}
// ns_per_bit: CPU time per report bit (n k = 4.9e8 bits); bytes_per_report: the output's size.
benchmark::Counter ns_per_bit() {
  return benchmark::Counter(
      static_cast<double>(kN * kK),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
double bytes_per_report(const BitReports& reports) {
  return static_cast<double>(reports.memory_bytes()) / static_cast<double>(reports.size());
}
// A fresh output each call (packed: 56 bytes a report, 69 MB), page faults included.
void BM_PerUserRAPPOR(benchmark::State& state) {
  Xoshiro256 rng(1);
  for (auto _ : state) {
    const BitReports r = sample_reports(rng, rappor(), inputs());
    benchmark::DoNotOptimize(r.size());
    state.counters["bytes_per_report"] = bytes_per_report(r);
  }
  state.counters["ns_per_bit"] = ns_per_bit();
}
// The draws appended into one BitReports reused across iterations (cleared, its memory kept and
// already mapped by a warm-up draw): what a caller drawing many realizations does. `draw` is
// the sampler, `layout` the output's.
template <class Draw>
void per_user_reused(benchmark::State& state, BitLayout layout, Draw draw) {
  Xoshiro256 rng(1);
  BitReports reports(kK, layout);
  draw(rng, reports);  // warm-up: maps the pages once
  for (auto _ : state) {
    reports.clear();
    draw(rng, reports);
    benchmark::DoNotOptimize(reports.size());
  }
  state.counters["ns_per_bit"] = ns_per_bit();
  state.counters["bytes_per_report"] = bytes_per_report(reports);
}
// Its blocks of 65536 users on up to two threads: Time is the wall time, CPU both threads'.
void BM_PerUserRAPPORReused(benchmark::State& state) {
  per_user_reused(state, BitLayout::kPacked, [](Xoshiro256& rng, BitReports& out) {
    sample_reports(rng, rappor(), inputs(), out);
  });
}
// The same draws on one thread (the same reports).
void BM_PerUserRAPPORReusedOneThread(benchmark::State& state) {
  per_user_reused(state, BitLayout::kPacked, [](Xoshiro256& rng, BitReports& out) {
    sample_reports(rng, rappor(), inputs(), out, 1);
  });
}
// The same sampler writing the set-bit layout (32-bit indices of the set bits).
void BM_PerUserRAPPORReusedSetBits(benchmark::State& state) {
  per_user_reused(state, BitLayout::kSetBits, [](Xoshiro256& rng, BitReports& out) {
    sample_reports(rng, rappor(), inputs(), out);
  });
}
// The sampler before issue 21 (scalar 64-lane words, set-bit output), for the ratio.
void BM_PerUserRAPPORReusedIssue11(benchmark::State& state) {
  per_user_reused(state, BitLayout::kSetBits, [](Xoshiro256& rng, BitReports& out) {
    issue11::sample_reports_issue11(rng, rappor(), inputs(), out);
  });
}
// The sampler before issue 11 part 5.
void BM_PerUserRAPPORBefore(benchmark::State& state) {
  Xoshiro256 rng(1);
  for (auto _ : state) {
    const BitReports r = sample_reports_before(rng, rappor(), inputs());
    benchmark::DoNotOptimize(r.size());
  }
  state.counters["ns_per_bit"] = ns_per_bit();
}

// Aggregated: the exact distribution of the counts, without touching each user.
void BM_AggregatedRR(benchmark::State& state) {
  Xoshiro256 rng(2);
  for (auto _ : state) {
    benchmark::DoNotOptimize(sample_report_counts(rng, rr(), input_counts()).data());
  }
}
void BM_AggregatedRAPPOR(benchmark::State& state) {
  Xoshiro256 rng(2);
  for (auto _ : state) {
    benchmark::DoNotOptimize(sample_report_counts(rng, rappor(), input_counts()).ones.data());
  }
}

// Estimation from counts.
void BM_EmpiricalRR(benchmark::State& state) {
  Xoshiro256 rng(3);
  const auto counts = sample_report_counts(rng, rr(), input_counts());
  for (auto _ : state) benchmark::DoNotOptimize(empirical_estimate_urr(rr(), counts).data());
}
void BM_ThresholdRAPPOR(benchmark::State& state) {
  Xoshiro256 rng(3);
  const BitCounts counts = sample_report_counts(rng, rappor(), input_counts());
  for (auto _ : state) {
    benchmark::DoNotOptimize(threshold_estimate_unary(rappor(), counts).p.data());
  }
}
void em_histogram(benchmark::State& state, const UrrParams& params) {
  Xoshiro256 rng(4);
  const auto counts = sample_report_counts(rng, params, input_counts());
  for (auto _ : state) {
    const EmResult r = em_estimate_urr(params, counts);
    benchmark::DoNotOptimize(r.p.data());
    state.counters["updates"] = static_cast<double>(r.iterations);
    state.counters["converged"] = r.converged ? 1 : 0;
  }
}
void BM_EmRR(benchmark::State& state) { em_histogram(state, rr()); }
void BM_EmURR(benchmark::State& state) { em_histogram(state, urr()); }

BENCHMARK(BM_PerUserRR)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerUserURR)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerUserRAPPOR)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_PerUserRAPPORReused)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(10)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK(BM_PerUserRAPPORReusedOneThread)->Unit(benchmark::kMillisecond)->Iterations(10);
BENCHMARK(BM_PerUserRAPPORReusedSetBits)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_PerUserRAPPORReusedIssue11)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_PerUserRAPPORBefore)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_AggregatedRR)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AggregatedRAPPOR)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EmpiricalRR)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ThresholdRAPPOR)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EmRR)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EmURR)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace uldp::bench

BENCHMARK_MAIN();
