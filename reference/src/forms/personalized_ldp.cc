#include "uldp/forms/personalized_ldp.h"

#include <cmath>
#include <limits>

#include "uldp/arithmetic/index_set.h"
#include "uldp/error.h"

namespace uldp {

PairBoundVerdict check_personalized(const PairLossMatrix& losses,
                                    const std::vector<SafeRegion>& regions) {
  if (regions.empty()) throw InvalidArgument("safe regions: none given");
  const std::size_t k = losses.inputs();
  std::vector<IndexSet> members;
  std::vector<double> values;  // each region's e^ε in doubles, to name the tightest (display)
  for (const SafeRegion& region : regions) {
    members.push_back(IndexSet::parse(region.inputs, k, region.name));
    values.push_back(region.budget.epsilon() ? std::exp(to_double(*region.budget.epsilon()))
                                             : to_double(region.budget.exp_eps()));
  }
  return check_pair_bounds(
      losses, [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
        PairBound b;
        b.admits = true;
        b.text = "inf (no region holds both)";
        b.value = std::numeric_limits<double>::infinity();
        for (std::size_t r = 0; r < regions.size(); ++r) {
          if (!members[r].contains(x) || !members[r].contains(x_prime)) continue;
          b.admits = b.admits && regions[r].budget.admits(loss);  // every region, exactly
          if (values[r] < b.value) {
            b.value = values[r];
            const PrivacyBudget& budget = regions[r].budget;
            b.text = (budget.epsilon() ? "e^" + to_decimal(*budget.epsilon())
                                       : to_string(budget.exp_eps())) +
                     " (region " + regions[r].name + ")";
          }
        }
        return b;
      });
}

}  // namespace uldp
