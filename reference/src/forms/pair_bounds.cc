#include "uldp/forms/pair_bounds.h"

#include <cmath>
#include <limits>

#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp {

PairBoundVerdict check_pair_bounds(const PairLossMatrix& losses, const PairBoundRule& bound) {
  PairBoundVerdict verdict;
  const std::size_t k = losses.inputs();
  for (std::size_t x = 0; x < k; ++x) {
    check_cancelled();
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      if (x == x_prime) continue;
      const PairLoss& loss = losses.at(x, x_prime);
      if (!loss.output) continue;  // x gives no output of the set: nothing to bound
      const PairBound b = bound(x, x_prime, loss.ratio);
      // An unbounded pair (inf) constrains nothing: share 0, whatever its loss.
      const double share = std::isinf(b.value)        ? 0
                           : loss.ratio.is_infinite() ? std::numeric_limits<double>::infinity()
                                                      : to_double(loss.ratio.value()) / b.value;
      const PairAgainstBudget pair{x, x_prime, loss, b.text, share};
      if (!b.admits && !verdict.violation) {
        verdict.holds = false;
        verdict.violation = pair;
      }
      if (!verdict.tightest || verdict.tightest->loss_share < share) verdict.tightest = pair;
    }
  }
  return verdict;
}

PairBoundVerdict check_context_aware(const PairLossMatrix& losses,
                                     const PairBudgetMatrix& budgets) {
  const std::size_t k = losses.inputs();
  bool square = budgets.size() == k;
  for (const auto& row : budgets) square = square && row.size() == k;
  if (!square) {
    throw InvalidArgument("pair budgets: a " + std::to_string(budgets.size()) + " x " +
                          std::to_string(budgets.empty() ? 0 : budgets.front().size()) +
                          " matrix for " + std::to_string(k) + " inputs (it must be k x k)");
  }
  return check_pair_bounds(losses,
                           [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
                             const std::optional<Rational>& b = budgets[x][x_prime];
                             PairBound bound;
                             if (!b) {
                               bound.admits = true;
                               bound.text = "inf";
                               bound.value = std::numeric_limits<double>::infinity();
                             } else {
                               bound.admits = !loss.is_infinite() && loss.value() <= *b;
                               bound.text = to_string(*b);
                               bound.value = to_double(*b);
                             }
                             return bound;
                           });
}

}  // namespace uldp
