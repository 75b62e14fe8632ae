#include "uldp/mechanisms/rr/rr.h"

#include "uldp/error.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {

DenseMechanism randomized_response(std::size_t k, const PrivacyBudget& budget) {
  if (k == 0) throw InvalidArgument("randomized response: k must be at least 1");
  const Rational& t = budget.exp_eps();
  const Rational keep = t / (k + t - 1);
  const Rational move = 1 / (k + t - 1);
  std::vector<Rational> entries(k * k, move);
  for (std::size_t x = 0; x < k; ++x) entries[x * k + x] = keep;
  return DenseMechanism(k, DenseMechanism::index_labels(k), std::move(entries));
}

ClassStructuredMechanism randomized_response_classes(std::size_t k, const PrivacyBudget& budget) {
  if (k == 0) throw InvalidArgument("randomized response: k must be at least 1");
  // c1 = t/(k+t-1) and c2 = 1/(k+t-1) with |X_S| = k are eq. (2)'s keep and move.
  return utility_optimized_rr_classes(IndexSet::all(k), budget);
}

}  // namespace uldp
