// Small shared helpers of the property suites (independent re-computations, budgets).
#pragma once

#include <cstddef>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::properties {

/// Direct re-computation, independent of checks/stochasticity.h: entries in [0,1] and every
/// row summing to exactly 1.
inline bool rows_sum_to_one(const DenseMechanism& q) {
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    Rational sum = 0;
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      if (q(x, y) < 0 || q(x, y) > 1) return false;
      sum += q(x, y);
    }
    if (sum != 1) return false;
  }
  return true;
}

inline PrivacyBudget exp_eps(const Rational& t) { return PrivacyBudget::from_exp_eps(t, "t"); }

/// Y_P = {y in {0,1}^k : y_j = 0 for j in zero_bits} as dense indices of to_dense().
inline IndexSet dense_zero_mask_outputs(const IndexSet& zero_bits) {
  const std::size_t k = zero_bits.universe();
  std::vector<std::size_t> outputs;
  for (std::size_t index = 0; index < (std::size_t{1} << k); ++index) {
    bool ok = true;
    for (std::size_t j : zero_bits.indices()) ok = ok && ((index >> j) & 1) == 0;
    if (ok) outputs.push_back(index);
  }
  return IndexSet::from_indices(std::move(outputs), std::size_t{1} << k, "zero-mask outputs");
}

/// Whether column y of q is all zero (an output no input produces).
inline bool unreachable(const DenseMechanism& q, std::size_t y) {
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    if (q(x, y) != 0) return false;
  }
  return true;
}

}  // namespace uldp::properties
