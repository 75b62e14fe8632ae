// Personalized LDP (PLDP; Chen, Li, Qin, Kasiviswanathan and Jin, ICDE 2016): every user has a
// safe region τ, a set of inputs, and a budget ε, and the mechanism must make any two inputs of the
// region ε-indistinguishable, Q(y|x) <= e^ε Q(y|x') for every output y and x, x' in τ. A matrix
// shared by several users (several regions) satisfies each of them: a pair is bounded by every
// region holding both its inputs and by none when no region holds both. Decided exactly on the
// per-pair loss matrix (pair_loss.h), each region's budget by PrivacyBudget::admits.
#pragma once

#include <string>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/pair_bounds.h"
#include "uldp/forms/pair_loss.h"

namespace uldp {

struct SafeRegion {
  /// The region's inputs as written ("0-3,7", IndexSet::parse), read against the mechanism's.
  std::string inputs;
  PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(1));
  /// How reports name the region: "regions.txt:3" (its line), "safe_regions[2]".
  std::string name;
  /// How errors about its inputs name them: "regions.txt:3:1" (line and column of the list),
  /// "safe_regions[2][0]"; empty: by `name`.
  std::string inputs_name = {};
};

/// Throws InvalidArgument "NAME: ..." for a region whose inputs do not read or are not inputs of
/// the mechanism, and for no regions. With a tolerance T, each failing pair is also tried against
/// its bound times 1 + T (check_pair_bounds).
PairBoundVerdict check_personalized(const PairLossMatrix& losses,
                                    const std::vector<SafeRegion>& regions,
                                    const std::optional<Rational>& tolerance = std::nullopt);

}  // namespace uldp
