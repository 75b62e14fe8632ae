#include "uldp/forms/stochasticity.h"

#include "uldp/arithmetic/probability.h"

namespace uldp {

StochasticityReport check_stochastic(const DenseMechanism& q) {
  StochasticityReport report;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    Rational sum(0);
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      const Rational& entry = q(x, y);
      if (!is_probability(entry)) {
        report.stochastic = false;
        report.row = x;
        report.problem = "row " + std::to_string(x) + " column " + std::to_string(y) + " is " +
                         to_string(entry) + ", outside [0,1]";
        return report;
      }
      sum += entry;
    }
    if (sum != 1) {
      report.stochastic = false;
      report.row = x;
      report.problem = "row " + std::to_string(x) + " sums to " + to_string(sum) + " (" +
                       to_decimal(sum, 20) + "), not 1";
      return report;
    }
  }
  return report;
}

}  // namespace uldp
