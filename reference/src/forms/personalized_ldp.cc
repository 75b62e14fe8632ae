#include "uldp/forms/personalized_ldp.h"

#include <cmath>
#include <limits>

#include "uldp/arithmetic/index_set.h"
#include "uldp/error.h"

namespace uldp {

PairBoundVerdict check_personalized(const PairLossMatrix& losses,
                                    const std::vector<SafeRegion>& regions,
                                    const std::optional<Rational>& tolerance) {
  if (regions.empty()) throw InvalidArgument("safe regions: none given");
  const std::size_t k = losses.inputs();
  std::vector<IndexSet> members;
  std::vector<double> values;  // each region's e^ε in doubles, to name the tightest (display)
  for (const SafeRegion& region : regions) {
    members.push_back(IndexSet::parse(
        region.inputs, k, region.inputs_name.empty() ? region.name : region.inputs_name));
    values.push_back(region.budget.epsilon() ? std::exp(to_double(*region.budget.epsilon()))
                                             : to_double(region.budget.exp_eps()));
  }
  const auto text_of = [&](std::size_t r) {
    const PrivacyBudget& budget = regions[r].budget;
    return (budget.epsilon() ? "e^" + to_decimal(*budget.epsilon()) : to_string(budget.exp_eps())) +
           " (region " + regions[r].name + ")";
  };
  return check_pair_bounds(
      losses,
      [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
        PairBound b;
        b.admits = true;
        b.text = "inf (no region holds both)";
        b.value = std::numeric_limits<double>::infinity();
        std::optional<std::size_t> shown;  // the region the report names
        for (std::size_t r = 0; r < regions.size(); ++r) {
          if (!members[r].contains(x) || !members[r].contains(x_prime)) continue;
          const bool admits = regions[r].budget.admits(loss);  // every region, exactly
          if (!admits && b.admits) shown = r;                  // the first region that fails
          b.admits = b.admits && admits;
          // While none fails, the region with the smallest bound (in doubles: which one is
          // named, never whether the pair holds); an overflowing e^eps still names its region.
          if (b.admits && (!shown || values[r] < values[*shown])) shown = r;
        }
        if (shown) {
          b.text = text_of(*shown);
          b.value = values[*shown];
        }
        return b;
      },
      tolerance);
}

}  // namespace uldp
