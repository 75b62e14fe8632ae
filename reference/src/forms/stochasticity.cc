#include "uldp/forms/stochasticity.h"

#include "uldp/arithmetic/binary64.h"
#include "uldp/arithmetic/probability.h"

namespace uldp {

Rational row_sum(const DenseMechanism& q, std::size_t x) {
  if (q.is_binary64()) {
    const std::uint64_t* row = q.binary64_entries().data() + x * q.num_outputs();
    Binary64Sum sum;
    for (std::size_t y = 0; y < q.num_outputs(); ++y) sum.add(row[y]);
    return sum.value();
  }
  Rational sum(0);
  for (std::size_t y = 0; y < q.num_outputs(); ++y) sum += q(x, y);
  return sum;
}

StochasticityReport check_stochastic(const DenseMechanism& q) {
  StochasticityReport report;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    for (std::size_t y = 0; y < q.num_outputs(); ++y) {
      // A binary64 pattern is in [0,1] iff it is at most 1's (the patterns are ordered).
      const std::uint64_t* bits =
          q.is_binary64() ? &q.binary64_entries()[x * q.num_outputs() + y] : nullptr;
      if (bits ? *bits > kBinary64One : !is_probability(q(x, y))) {
        report.stochastic = false;
        report.row = x;
        report.problem = "row " + std::to_string(x) + " column " + std::to_string(y) + " is " +
                         to_string(bits ? binary64_value(*bits) : q(x, y)) + ", outside [0,1]";
        return report;
      }
    }
    const Rational sum = row_sum(q, x);
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
