// uHR's estimator scale and its exact l2 quadratic (derivation in
// docs/mechanisms-after-the-paper.md).
#include "uldp/mechanisms/uhr/uhr_estimator.h"

#include <bit>
#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/mechanisms/uhr/uhr.h"

namespace uldp {

Rational uhr_estimator_scale(const Rational& t) {
  if (t <= 1) {
    throw InvalidArgument(
        "uHR: exp_eps = 1 makes every report independent of the input, so the estimator is "
        "undefined");
  }
  return (t + 1) / (t - 1);
}

std::vector<Rational> exact_empirical_estimate_uhr(const IndexSet& sensitive, const Rational& t,
                                                   const std::vector<std::uint64_t>& counts) {
  const Rational c = uhr_estimator_scale(t);
  const std::size_t v = sensitive.size();
  const std::size_t columns = hadamard_columns(v);
  const std::size_t outputs = columns + (sensitive.universe() - v);
  if (counts.size() != outputs) {
    throw InvalidArgument("uHR estimate: " + std::to_string(counts.size()) +
                          " counts, the mechanism has " + std::to_string(outputs) + " outputs");
  }
  Integer n = 0;
  for (std::uint64_t count : counts) n += count;
  if (n == 0) throw InvalidArgument("uHR estimate: no reports");
  std::vector<Rational> p(sensitive.universe());
  std::size_t row = 0, open = 0;
  for (std::size_t x = 0; x < p.size(); ++x) {
    if (!sensitive.contains(x)) {
      p[x] = c * Rational(Integer(counts[columns + open++]), n);
      continue;
    }
    ++row;
    Integer signed_sum = 0;
    for (std::size_t j = 0; j < columns; ++j) {
      if (std::popcount(row & j) % 2 == 0) {
        signed_sum += counts[j];
      } else {
        signed_sum -= counts[j];
      }
    }
    p[x] = c * Rational(signed_sum, n);
  }
  return p;
}

L2Quadratic uhr_l2_quadratic(const IndexSet& sensitive, const PrivacyBudget& budget) {
  const Rational& t = budget.exp_eps();
  const Rational c = uhr_estimator_scale(t);
  const Rational column_norm = c * c * static_cast<long>(sensitive.size());
  const Rational open_norm = c * c;
  const Rational to_column = 2 / (t + 1);  // a non-sensitive input reports a column w.p. 2/(t+1)
  L2Quadratic q{Rational(0), std::vector<Rational>(sensitive.universe())};
  for (std::size_t x = 0; x < q.linear.size(); ++x) {
    q.linear[x] = sensitive.contains(x)
                      ? column_norm
                      : Rational(to_column * column_norm + (1 - to_column) * open_norm);
  }
  return q;
}

}  // namespace uldp
