#include "uldp/forms/personalized_ldp.h"

#include <cmath>
#include <limits>

#include "uldp/arithmetic/index_set.h"
#include "uldp/error.h"

namespace uldp {
namespace {

// Whether a's bound e^eps is below b's, exactly: rationals compare as themselves, and a budget
// given as eps tells on which side of e^eps a rational t lies (admits: t <= e^eps; equality would
// need t = 1 at eps = 0, where both read 1).
bool smaller_bound(const PrivacyBudget& a, const PrivacyBudget& b) {
  const auto& ea = a.epsilon();
  const auto& eb = b.epsilon();
  if (ea && eb) return *ea < *eb;
  if (!ea && !eb) return a.exp_eps() < b.exp_eps();
  if (ea) return !a.admits(ExtendedRational(b.exp_eps()));  // e^eps_a < t_b
  return b.admits(ExtendedRational(a.exp_eps())) && !(a.exp_eps() == 1 && *eb == 0);
}

}  // namespace

PairBoundVerdict check_personalized(const PairLossMatrix& losses,
                                    const std::vector<SafeRegion>& regions,
                                    const std::optional<Rational>& tolerance) {
  if (regions.empty()) throw InvalidArgument("safe regions: none given");
  const std::size_t k = losses.inputs();
  std::vector<IndexSet> members;
  std::vector<double> values;  // each region's e^ε in doubles, for the pair's share (display)
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
          b.admits = b.admits && regions[r].budget.admits(loss);  // every region, exactly
          // The region of the smallest bound, compared exactly: it fails whenever any region
          // does, so the bound named, its value and the excess measured against it agree.
          if (!shown || smaller_bound(regions[r].budget, regions[*shown].budget)) shown = r;
        }
        if (shown) {
          b.text = text_of(*shown);
          b.value = values[*shown];
          const PrivacyBudget& budget = regions[*shown].budget;
          if (budget.epsilon()) {
            b.exp_of = *budget.epsilon();
          } else {
            b.exactly = budget.exp_eps();
          }
        }
        return b;
      },
      tolerance);
}

}  // namespace uldp
