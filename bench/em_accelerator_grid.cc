// EM on bit-vector reports, the two drivers side by side: for RAPPOR and uRAP (|X_S| = k/5) over
// k = 8..2000, n = 300..60000 and ε = 0.5, 2, 6 (Zipf(1) inputs, fixed seeds), the passes over the
// reports each driver needs under the default stopping rule, and how far below the maximum it
// stops (the maximum: Newton steps at tolerance 1e-14). Prints one line per setting and a summary;
// the figures are quoted in docs/estimation.md and docs/architecture.md.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "bench_support.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/sampler.h"

namespace uldp::bench {
using namespace uldp::estimate;  // the double-precision layer
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int run() {
  std::printf("%-6s %5s %6s %4s | %-22s | %-22s | %s\n", "mech", "k", "n", "eps",
              "newton: passes gap s", "squarem: passes gap s", "maximum: passes");
  int newton_more = 0, settings = 0;
  double newton_worst_gap = 0, squarem_worst_gap = 0;
  for (std::size_t k : {8, 64, 400, 2000}) {
    for (std::uint64_t n : {300, 5000, 60000}) {
      for (const char* eps : {"0.5", "2", "6"}) {
        for (bool urap : {false, true}) {
          Xoshiro256 input_rng(k * 7 + n);
          const auto counts = sample_input_counts(input_rng, n, zipf(k, 1.0));
          const std::size_t sensitive = std::max<std::size_t>(1, k / 5);
          const UnaryParams params = urap ? urap_params(IndexSet::first(sensitive, k), budget(eps))
                                          : rappor_params(k, budget(eps));
          Xoshiro256 rng(1);
          const BitReports reports = sample_reports(rng, params, inputs_from_counts(rng, counts));
          EmOptions newton, squarem, tight;
          squarem.accelerator = EmAccelerator::kSquarem;
          tight.stop = 1e-14;
          tight.max_iterations = 100000;
          auto start = std::chrono::steady_clock::now();
          const EmResult a = em_estimate_unary(params, reports, newton);
          const double newton_seconds = seconds_since(start);
          start = std::chrono::steady_clock::now();
          const EmResult b = em_estimate_unary(params, reports, squarem);
          const double squarem_seconds = seconds_since(start);
          const EmResult best = em_estimate_unary(params, reports, tight);
          const double gap_a = best.log_likelihood - a.log_likelihood;
          const double gap_b = best.log_likelihood - b.log_likelihood;
          std::printf("%-6s %5zu %6llu %4s | %5zu %9.2e %6.3f | %5zu %9.2e %6.3f | %zu%s\n",
                      urap ? "urap" : "rappor", k, static_cast<unsigned long long>(n), eps,
                      a.iterations, gap_a, newton_seconds, b.iterations, gap_b, squarem_seconds,
                      best.iterations, best.converged ? "" : " (not converged)");
          ++settings;
          if (a.iterations > b.iterations) ++newton_more;
          newton_worst_gap = std::max(newton_worst_gap, gap_a);
          squarem_worst_gap = std::max(squarem_worst_gap, gap_b);
        }
      }
    }
  }
  std::printf(
      "%d settings; Newton needed more passes than SQUAREM in %d; largest gap to the "
      "maximum: Newton %.3g nats, SQUAREM %.3g nats\n",
      settings, newton_more, newton_worst_gap, squarem_worst_gap);
  return 0;
}

}  // namespace
}  // namespace uldp::bench

int main() { return uldp::bench::run(); }
