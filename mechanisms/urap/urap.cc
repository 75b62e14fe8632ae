#include "uldp/mechanisms/urap/urap.h"

#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"
#include "uldp/mechanisms/rappor/rappor.h"

namespace uldp {

UrapConstants urap_constants(const Rational& theta, const Rational& t) {
  const Rational spread = (1 - theta) * t + theta;
  return {theta / spread, spread / t};
}

BitProductMechanism utility_optimized_rappor(const IndexSet& sensitive, const Rational& theta,
                                             const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  if (k == 0) throw InvalidArgument("uRAP: k must be at least 1");
  Probability::from_rational(theta, "theta");
  const UrapConstants d = urap_constants(theta, budget.exp_eps());
  std::vector<BitChannel> bits(k);
  for (std::size_t j = 0; j < k; ++j) {
    bits[j] = sensitive.contains(j) ? BitChannel{theta, d.d1}             // eq. (9)
                                    : BitChannel{1 - d.d2, Rational(0)};  // eq. (10)
  }
  return BitProductMechanism(std::move(bits), "uRAP");
}

BitProductMechanism utility_optimized_rappor(const IndexSet& sensitive,
                                             const PrivacyBudget& budget) {
  return utility_optimized_rappor(sensitive, default_rappor_theta(budget), budget);
}

std::vector<std::size_t> urap_protected_dense_outputs(const IndexSet& sensitive) {
  const std::size_t k = sensitive.universe();
  if (k > BitProductMechanism::kMaxDenseBits) {
    throw InvalidArgument("uRAP protected outputs: k = " + std::to_string(k) +
                          " is too large to list");
  }
  std::size_t non_sensitive_mask = 0;
  for (std::size_t j = 0; j < k; ++j) {
    if (!sensitive.contains(j)) non_sensitive_mask |= std::size_t{1} << j;
  }
  std::vector<std::size_t> outputs;
  for (std::size_t y = 0; y < (std::size_t{1} << k); ++y) {
    if ((y & non_sensitive_mask) == 0) outputs.push_back(y);
  }
  return outputs;
}

}  // namespace uldp
