// Shared by the dense and the structured checkers: the supremum of a likelihood ratio with the
// triple attaining it, and the verdict it gives at a budget.
#pragma once

#include <optional>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/verdict.h"

namespace uldp::internal {

struct RatioSup {
  ExtendedRational value{Rational(1)};  // e^0: the ratio of a row with itself
  std::optional<Witness> attained_by;
};

/// holds iff the budget admits the supremum (no budget: iff it is finite); the attaining
/// triple is the witness of a failure.
inline Verdict ratio_verdict(RatioSup sup, const std::optional<PrivacyBudget>& budget) {
  Verdict verdict;
  verdict.tight_exp_eps = sup.value;
  verdict.tight_attained_by = sup.attained_by;
  verdict.holds = budget ? budget->admits(sup.value) : !sup.value.is_infinite();
  if (!verdict.holds) {
    verdict.violated = Condition::kRatio;
    verdict.witness = std::move(sup.attained_by);
  }
  return verdict;
}

}  // namespace uldp::internal
