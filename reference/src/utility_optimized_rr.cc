#include "uldp/mechanisms/utility_optimized_rr.h"

#include "uldp/error.h"

namespace uldp {

UrrConstants urr_constants(std::size_t sensitive_count, const Rational& t) {
  if (sensitive_count == 0) return {Rational(0), Rational(0), Rational(1)};
  const Rational u = sensitive_count + t - 1;
  return {t / u, 1 / u, (t - 1) / u};
}

DenseMechanism utility_optimized_rr(const IndexSet& sensitive, const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  if (k == 0) throw InvalidArgument("uRR: k must be at least 1");
  const UrrConstants c = urr_constants(sensitive.size(), budget.exp_eps());
  std::vector<Rational> entries(k * k);
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < k; ++y) {
      Rational& q = entries[x * k + y];
      if (sensitive.contains(y)) {
        q = (x == y) ? c.c1 : c.c2;  // eq. (6) rows 1-3
      } else if (x == y) {
        q = c.c3;  // non-sensitive x reports itself
      }
    }
  }
  return DenseMechanism(k, DenseMechanism::index_labels(k), std::move(entries));
}

}  // namespace uldp
