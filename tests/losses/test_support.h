// Shared helpers of the loss tests: seeded random rational distributions.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::testing {

/// A random distribution over k symbols with denominators <= k * 50; some entries may be 0.
inline std::vector<Rational> random_distribution(std::size_t k, std::mt19937_64& rng,
                                                 bool allow_zeros = true) {
  std::uniform_int_distribution<int> weight(allow_zeros ? 0 : 1, 50);
  std::vector<long> w(k);
  long total = 0;
  while (total == 0) {
    total = 0;
    for (auto& v : w) total += (v = weight(rng));
  }
  std::vector<Rational> p(k);
  for (std::size_t x = 0; x < k; ++x) p[x] = Rational(w[x], total);
  return p;
}

/// The uniform distribution over the members of `members` (others 0).
inline std::vector<Rational> uniform_on(const std::vector<std::size_t>& members, std::size_t k) {
  std::vector<Rational> p(k, Rational(0));
  for (std::size_t x : members) p[x] = Rational(1, static_cast<long>(members.size()));
  return p;
}

/// The registered mechanism `name` over sensitive.universe() symbols (X_S used where the
/// mechanism takes it), built through the registry as every command builds it.
inline MechanismSpec spec_of(std::string_view name, const IndexSet& sensitive,
                             const PrivacyBudget& budget,
                             const std::optional<Rational>& theta = std::nullopt) {
  if (!theta) return make_mechanism(name, sensitive, budget);
  return make_mechanism(name, sensitive, budget, Probability::from_rational(*theta, "theta"));
}

/// Its coordinate model (the loss of the empirical estimator).
inline CoordinateModel model_of(std::string_view name, const IndexSet& sensitive,
                                const PrivacyBudget& budget,
                                const std::optional<Rational>& theta = std::nullopt) {
  return coordinate_model(spec_of(name, sensitive, budget, theta));
}

}  // namespace uldp::testing
