// The PUM estimator, eq. (21), with the paper's fallback for unknown π̂_k.
#include "uldp/estimate/pum.h"

#include <cmath>
#include <string>

#include "uldp/error.h"

namespace uldp::estimate {

IndexSet pum_intermediate_sensitive(const IndexSet& common_sensitive, std::size_t kappa) {
  const std::size_t k = common_sensitive.universe();
  std::vector<std::size_t> indices = common_sensitive.indices();
  for (std::size_t i = 0; i < kappa; ++i) indices.push_back(k + i);
  return IndexSet::from_indices(std::move(indices), k + kappa, "PUM intermediate X_S");
}

std::vector<double> pum_fallback_pi(std::span<const double> r_hat,
                                    const IndexSet& common_sensitive) {
  const std::size_t k = common_sensitive.universe();
  if (r_hat.size() < k) {
    throw InvalidArgument("PUM: r_hat has " + std::to_string(r_hat.size()) +
                          " entries, fewer than k = " + std::to_string(k));
  }
  std::vector<double> pi(k, 0.0);
  double mass = 0;
  std::size_t plain = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (common_sensitive.contains(x)) continue;
    ++plain;
    pi[x] = std::max(r_hat[x], 0.0);
    mass += pi[x];
  }
  if (plain == 0) {
    throw InvalidArgument(
        "PUM: X_N is empty, so a bot without background knowledge has no "
        "fallback distribution");
  }
  for (std::size_t x = 0; x < k; ++x) {
    if (common_sensitive.contains(x)) continue;
    pi[x] = mass > 0.0 ? pi[x] / mass : 1.0 / static_cast<double>(plain);
  }
  return pi;
}

std::vector<double> pum_estimate(std::span<const double> r_hat,
                                 const std::vector<std::optional<std::vector<double>>>& pi_hat,
                                 const IndexSet& common_sensitive) {
  const std::size_t k = common_sensitive.universe();
  const std::size_t kappa = pi_hat.size();
  if (r_hat.size() != k + kappa) {
    throw InvalidArgument("PUM: r_hat has " + std::to_string(r_hat.size()) +
                          " entries, expected k + kappa = " + std::to_string(k + kappa));
  }
  std::vector<double> p(r_hat.begin(), r_hat.begin() + static_cast<std::ptrdiff_t>(k));
  std::vector<double> fallback;
  for (std::size_t bot = 0; bot < kappa; ++bot) {
    const double weight = r_hat[k + bot];
    const std::vector<double>* pi = nullptr;
    if (pi_hat[bot]) {
      pi = &*pi_hat[bot];
      if (pi->size() != k) {
        throw InvalidArgument("PUM: pi_hat[" + std::to_string(bot) + "] has " +
                              std::to_string(pi->size()) +
                              " entries, expected k = " + std::to_string(k));
      }
      for (double v : *pi) {
        if (!std::isfinite(v)) {
          throw InvalidArgument("PUM: pi_hat[" + std::to_string(bot) + "] is not finite");
        }
      }
    } else {
      if (fallback.empty()) fallback = pum_fallback_pi(r_hat, common_sensitive);
      pi = &fallback;
    }
    for (std::size_t x = 0; x < k; ++x) p[x] += weight * (*pi)[x];
  }
  return p;
}

}  // namespace uldp::estimate
