#include "validation.h"

#include "uldp/error.h"
#include "uldp/forms/stochasticity.h"

namespace uldp::internal {

void require_stochastic(const DenseMechanism& q, const std::string& what) {
  const StochasticityReport report = check_stochastic(q);
  if (!report.stochastic) {
    throw InvalidArgument(what + ": not a mechanism: " + report.problem.value_or("not stochastic"));
  }
}

void require_universe(const IndexSet& set, std::size_t universe, const std::string& what,
                      const std::string& of_what) {
  if (set.universe() != universe) {
    throw InvalidArgument(what + ": is a set over " + std::to_string(set.universe()) +
                          " elements, but " + of_what + " has " + std::to_string(universe));
  }
}

std::size_t checked_product(std::size_t a, std::size_t b, std::size_t limit,
                            const std::string& what) {
  if (a != 0 && b > limit / a) {
    throw InvalidArgument(what + ": " + std::to_string(a) + " x " + std::to_string(b) +
                          " exceeds the limit of " + std::to_string(limit) + " entries");
  }
  return a * b;
}

}  // namespace uldp::internal
