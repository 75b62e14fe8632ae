// The per-pair loss of the class-structured mechanisms (uldp/forms/pair_loss.h). At the paper's
// largest setting (|X| = 12800, |X_S| = 2432, ε = 6), class by class: uRR, uBD and uSS with
// blocks of 300 (C(2432, 300) outputs) and the optimal uBD mixture; a 12800 x 12800 matrix of
// pairs is never made. At the largest setting `uldp check --pairs` prints (|X| = 1024) and at the
// paper's Foursquare setting (|X| = 625, |X_S| = 15): the full matrix from the classes against
// the dense expansion's column-by-column scan (uRR only: the block families' dense forms exceed
// 4096 outputs there). Run by hand: build/bench/pair_loss_bench.
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp::bench {
namespace {

const IndexSet& largest() {
  static const IndexSet xs = IndexSet::first(2432, 12800);
  return xs;
}

void BM_ClassPairLossesUrrLargest(benchmark::State& state) {
  const ClassStructuredMechanism m = utility_optimized_rr_classes(largest(), budget("6"));
  for (auto _ : state) benchmark::DoNotOptimize(ClassPairLosses(m, false));
}
BENCHMARK(BM_ClassPairLossesUrrLargest)->Unit(benchmark::kMicrosecond);

void BM_ClassPairLossesUbdLargest(benchmark::State& state) {
  const ClassStructuredMechanism m = ubd_classes(largest(), 300, budget("6"));
  for (auto _ : state) benchmark::DoNotOptimize(ClassPairLosses(m, false));
}
BENCHMARK(BM_ClassPairLossesUbdLargest)->Unit(benchmark::kMicrosecond);

void BM_ClassPairLossesUssLargest(benchmark::State& state) {
  const ClassStructuredMechanism m = uss_classes(largest(), 300, budget("6"));
  for (auto _ : state) benchmark::DoNotOptimize(ClassPairLosses(m, false));
}
BENCHMARK(BM_ClassPairLossesUssLargest)->Unit(benchmark::kMicrosecond);

void BM_ClassPairLossesUbdOptLargest(benchmark::State& state) {
  const ClassForm form =
      std::get<ClassForm>(exact_form(make_mechanism("ubd-opt", largest(), budget("6"))));
  for (auto _ : state) benchmark::DoNotOptimize(ClassPairLosses(form.q, false));
}
BENCHMARK(BM_ClassPairLossesUbdOptLargest)->Unit(benchmark::kMicrosecond);

// The full k x k matrix of uRR from its classes, and from its dense expansion.
void BM_UrrPairMatrixFromClasses(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const ClassStructuredMechanism m =
      utility_optimized_rr_classes(IndexSet::first(15, k), budget("1"));
  for (auto _ : state) benchmark::DoNotOptimize(pair_losses(m, false));
}
BENCHMARK(BM_UrrPairMatrixFromClasses)->Arg(625)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_UrrPairMatrixFromDense(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const DenseMechanism q = utility_optimized_rr(IndexSet::first(15, k), budget("1"));
  for (auto _ : state) benchmark::DoNotOptimize(pair_losses(q, std::nullopt));
}
BENCHMARK(BM_UrrPairMatrixFromDense)->Arg(625)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace uldp::bench

BENCHMARK_MAIN();
