// uBD's estimator constants and its exact l2 quadratic (derivation in
// docs/mechanisms-after-the-paper.md).
#include "uldp/mechanisms/ubd/ubd_estimator.h"

#include <string>

#include "uldp/error.h"

namespace uldp {

UbdEstimator ubd_estimator(std::size_t v, std::size_t block, const Rational& t) {
  if (block < 1 || block >= v) {
    throw InvalidArgument("block: uBD's estimator needs 1 <= K < |X_S| = " + std::to_string(v) +
                          " (at K = |X_S| every sensitive input reports X_S itself)");
  }
  if (t <= 1) {
    throw InvalidArgument(
        "uBD: exp_eps = 1 makes every report independent of the input, so "
        "the estimator is undefined");
  }
  const Rational d = t + Rational(v, block) - 1;
  const Rational other = Rational(v - block);
  UbdEstimator e;
  e.sensitive_gain = (t - 1) * other / (d * (v - 1));
  e.sensitive_offset = (t * (block - 1) + other) / ((t - 1) * other);
  e.spill = Rational(block - 1, v - 1);
  e.open_gain = (t - 1) / d;
  return e;
}

std::vector<Rational> exact_empirical_estimate_ubd(const IndexSet& sensitive, const UbdEstimator& e,
                                                   const std::vector<std::uint64_t>& ones,
                                                   std::uint64_t n) {
  if (ones.size() != sensitive.universe() || n == 0) {
    throw InvalidArgument("uBD estimate: needs per-bit counts of k bits and n >= 1 reports");
  }
  Integer open_ones = 0;
  for (std::size_t x = 0; x < ones.size(); ++x) {
    if (ones[x] > n) throw InvalidArgument("uBD estimate: a bit count exceeds n");
    if (!sensitive.contains(x)) open_ones += ones[x];
  }
  const Rational open_total = Rational(open_ones) / Integer(n);
  std::vector<Rational> p(ones.size());
  for (std::size_t x = 0; x < ones.size(); ++x) {
    const Rational f = Rational(Integer(ones[x])) / Integer(n);
    p[x] = sensitive.contains(x)
               ? Rational((f + e.spill * open_total) / e.sensitive_gain - e.sensitive_offset)
               : Rational(f / e.open_gain);
  }
  return p;
}

L2Quadratic ubd_l2_quadratic(const IndexSet& sensitive, std::size_t block,
                             const PrivacyBudget& budget) {
  const std::size_t v = sensitive.size();
  const UbdEstimator e = ubd_estimator(v, block, budget.exp_eps());
  const Rational& g = e.sensitive_gain;
  const Rational& h = e.sensitive_offset;
  // One block B: p̂_1 = 1/g - h on the K members, -h on the other v - K, 0 on X_N.
  const Rational in = 1 / g - h;
  const Rational block_norm = block * in * in + (v - block) * h * h;
  // One X_N report o: p̂_1 = spill/g - h on every x in X_S, 1/open_gain at o, 0 elsewhere.
  const Rational shift = e.spill / g - h;
  const Rational open_norm = v * shift * shift + 1 / (e.open_gain * e.open_gain);
  const Rational r = e.open_gain;  // a non-sensitive input reports itself w.p. r
  L2Quadratic q{Rational(0), std::vector<Rational>(sensitive.universe())};
  for (std::size_t x = 0; x < q.linear.size(); ++x) {
    q.linear[x] =
        sensitive.contains(x) ? block_norm : Rational((1 - r) * block_norm + r * open_norm);
  }
  return q;
}

}  // namespace uldp
