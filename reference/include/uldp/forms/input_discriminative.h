// Input-discriminative LDP (ID-LDP; Gu, Li, Cao and Xiong, ICDE 2020): every input x has its own
// budget ε_x, and a pair of inputs is protected by a combination of theirs,
// Q(y|x) <= e^{r(ε_x, ε_x')} Q(y|x') for every output y, with r = min (MinID-LDP, the paper's
// main notion), max or the mean. Decided exactly on the per-pair loss matrix (pair_loss.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/pair_bounds.h"
#include "uldp/forms/pair_loss.h"

namespace uldp {

/// How a pair's budget combines its two inputs' budgets.
enum class IdCombine { kMin, kMax, kMean };
const char* id_combine_name(IdCombine combine);
/// "min", "max" or "mean"; throws InvalidArgument "<name>: ..." otherwise.
IdCombine parse_id_combine(const std::string& text, const std::string& name);

/// One budget per input, all given as t = e^ε or all as ε (exact rationals).
struct InputBudgets {
  std::vector<PrivacyBudget> per_input;
  IdCombine combine = IdCombine::kMin;
};

/// Decides ID-LDP with these budgets on the loss matrix (every output: give the losses over every
/// output). Throws InvalidArgument when the budgets are not one per input or mix t and ε. With a
/// tolerance T, each failing pair is also tried against its budget times 1 + T.
PairBoundVerdict check_input_discriminative(
    const PairLossMatrix& losses, const InputBudgets& budgets,
    const std::optional<Rational>& tolerance = std::nullopt);

}  // namespace uldp
