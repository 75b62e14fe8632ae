// Shared set-up of the benchmarks: synthetic input distributions and budgets.
#pragma once

#include <cmath>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"

namespace uldp::bench {

/// p(i) ∝ 1/(i+1)^s over k symbols (a heavy-tailed stand-in for the census categories).
inline std::vector<double> zipf(std::size_t k, double s) {
  std::vector<double> p(k);
  double total = 0;
  for (std::size_t i = 0; i < k; ++i) total += (p[i] = std::pow(i + 1.0, -s));
  for (double& v : p) v /= total;
  return p;
}

/// The budget for a decimal ε, as the CLI builds it (t rational <= e^ε).
inline PrivacyBudget budget(const char* eps) {
  return PrivacyBudget::from_epsilon(parse_rational(eps));
}

}  // namespace uldp::bench
