// uHR's estimator scale and its exact l2 quadratic (derivation in
// docs/mechanisms-after-the-paper.md).
#include "uldp/mechanisms/uhr/uhr_estimator.h"

#include <vector>

#include "uldp/error.h"

namespace uldp {

Rational uhr_estimator_scale(const Rational& t) {
  if (t <= 1) {
    throw InvalidArgument(
        "uHR: exp_eps = 1 makes every report independent of the input, so the estimator is "
        "undefined");
  }
  return (t + 1) / (t - 1);
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
