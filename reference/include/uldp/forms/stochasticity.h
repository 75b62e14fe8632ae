// Is a matrix a mechanism at all: every entry in [0,1], every row summing to exactly 1.
#pragma once

#include <optional>
#include <string>

#include "uldp/forms/dense_mechanism.h"

namespace uldp {

struct StochasticityReport {
  bool stochastic = true;
  /// The first problem found, e.g. "row 3 sums to 9/10, not 1" (0-based rows).
  std::optional<std::string> problem;
  std::optional<std::size_t> row;
};

StochasticityReport check_stochastic(const DenseMechanism& q);

/// The exact sum of row `x` (binary64 matrices: summed in fixed point, without a rational
/// addition per entry).
Rational row_sum(const DenseMechanism& q, std::size_t x);

}  // namespace uldp
