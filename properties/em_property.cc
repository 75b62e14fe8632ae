// EM on bit-vector reports under random product-of-bits mechanisms (per-bit on/off on a 1/64
// grid, some bits forcing: off = 0), random inputs and report counts: the Newton driver's result
// is in the simplex, its likelihood never decreased, it converged, and the stopping rule holds
// when checked from outside (one more plain EM update gains at most tolerance·|L|).
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/sampler.h"

namespace uldp::properties {
using namespace uldp::estimate;  // the double-precision layer
namespace {

struct Setting {
  UnaryParams params;
  BitReports reports{1};
};

Setting gen_setting() {
  Setting s;
  const auto k = static_cast<std::size_t>(*uniform(1, 11));
  s.params.k = k;
  for (std::size_t j = 0; j < k; ++j) {
    const int on = *uniform(1, 65);  // on = on/64 in (0, 1]
    const bool forcing = *uniform(0, 4) == 0;
    const int off = forcing ? 0 : *uniform(0, on);  // off < on: the bit carries signal
    s.params.on.push_back(on / 64.0);
    s.params.off.push_back(off / 64.0);
  }
  std::vector<double> weights(k);
  for (double& w : weights) w = *uniform(0, 100);
  if (*std::max_element(weights.begin(), weights.end()) == 0) weights[0] = 1;
  const auto n = static_cast<std::uint64_t>(*uniform(1, 400));
  Xoshiro256 rng(*uniform<std::uint64_t>(0, 1u << 30));
  s.reports =
      sample_reports(rng, s.params, inputs_from_counts(rng, sample_input_counts(rng, n, weights)));
  return s;
}

RC_GTEST_PROP(Em, NewtonDriverConvergesMonotonicallyAndPassesTheStoppingRule, ()) {
  const Setting s = gen_setting();
  EmOptions options;
  options.record_trace = true;
  const EmResult r = em_estimate_unary(s.params, s.reports, options);
  RC_ASSERT(r.converged);
  double sum = 0;
  for (double v : r.p) {
    RC_ASSERT(v >= 0.0);
    sum += v;
  }
  RC_ASSERT(std::fabs(sum - 1.0) <= 1e-12);
  // Rounding: of a sum of n logs (1e-13 |L|), and of Σp, which the EM map keeps at 1 only up to a
  // few ulps; L moves by n·δ when Σp moves by δ (Σ_j p_j ∂L/∂p_j = n), so allow n·1e-14.
  const double n = static_cast<double>(s.reports.size());
  const double slack = 1e-13 * std::fabs(r.log_likelihood) + 1e-14 * n;
  for (std::size_t i = 1; i < r.trace.size(); ++i) RC_ASSERT(r.trace[i] >= r.trace[i - 1] - slack);
  RC_ASSERT(r.log_likelihood >= r.initial_log_likelihood - slack);
  // One plain update from the result (a plain run limited to two passes, started at r.p).
  EmOptions one;
  one.accelerator = EmAccelerator::kNone;
  one.max_iterations = 2;
  one.start_mixing = 1e-300;
  one.record_trace = true;
  const EmResult next = em_estimate_unary(s.params, s.reports, r.p, one);
  RC_ASSERT(std::fabs(next.trace.front() - r.log_likelihood) <= slack);
  RC_ASSERT(next.trace.back() - next.trace.front() <=
            options.stop * std::fabs(next.trace.back()) + slack);
}

}  // namespace
}  // namespace uldp::properties
