#include "uldp/losses/pum_loss_bound.h"

#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

Rational abs_of(const Rational& r) { return r < 0 ? Rational(-r) : r; }

std::size_t symbols_of(const std::vector<Rational>& r_hat, std::size_t kappa) {
  if (r_hat.size() <= kappa) {
    throw InvalidArgument("r_hat: has " + std::to_string(r_hat.size()) +
                          " entries, needs |X| >= 1 plus " + std::to_string(kappa) + " bots");
  }
  return r_hat.size() - kappa;
}

}  // namespace

Rational l1_distance(const std::vector<Rational>& a, const std::vector<Rational>& b) {
  if (a.size() != b.size()) {
    throw InvalidArgument("l1 distance: sizes " + std::to_string(a.size()) + " and " +
                          std::to_string(b.size()) + " differ");
  }
  Rational sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += abs_of(a[i] - b[i]);
  return sum;
}

std::vector<Rational> pum_estimate(const std::vector<Rational>& r_hat,
                                   const std::vector<std::vector<Rational>>& pi_hat) {
  const std::size_t k = symbols_of(r_hat, pi_hat.size());
  std::vector<Rational> p(r_hat.begin(), r_hat.begin() + static_cast<long>(k));
  for (std::size_t b = 0; b < pi_hat.size(); ++b) {
    if (pi_hat[b].size() != k) {
      throw InvalidArgument("pi_hat[" + std::to_string(b) + "]: has " +
                            std::to_string(pi_hat[b].size()) +
                            " entries, expected |X| = " + std::to_string(k));
    }
    for (std::size_t x = 0; x < k; ++x) p[x] += r_hat[k + b] * pi_hat[b][x];
  }
  return p;
}

Rational pum_background_worst(const std::vector<Rational>& r_hat, std::size_t kappa) {
  const std::size_t k = symbols_of(r_hat, kappa);
  Rational sum = 0;
  for (std::size_t b = 0; b < kappa; ++b) sum += abs_of(r_hat[k + b]);
  return 2 * sum;
}

PumLossTerms pum_l1_bound(const std::vector<Rational>& r_hat, const std::vector<Rational>& r,
                          const std::vector<std::vector<Rational>>& pi_hat,
                          const std::vector<std::vector<Rational>>& pi) {
  if (pi_hat.size() != pi.size())
    throw InvalidArgument("pi_hat: needs one distribution per bot, as pi");
  const std::size_t k = symbols_of(r_hat, pi.size());
  PumLossTerms terms;
  terms.intermediate = l1_distance(r_hat, r);
  for (std::size_t b = 0; b < pi.size(); ++b) {
    terms.background += abs_of(r_hat[k + b]) * l1_distance(pi_hat[b], pi[b]);
  }
  terms.bound = terms.intermediate + terms.background;
  terms.background_worst = pum_background_worst(r_hat, pi.size());
  return terms;
}

}  // namespace uldp
