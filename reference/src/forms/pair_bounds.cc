#include "uldp/forms/pair_bounds.h"

#include <limits>

#include "uldp/cancellation.h"

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
      const double share = loss.ratio.is_infinite() ? std::numeric_limits<double>::infinity()
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

}  // namespace uldp
