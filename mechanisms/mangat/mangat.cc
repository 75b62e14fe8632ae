#include "uldp/mechanisms/mangat/mangat.h"

#include "uldp/error.h"

namespace uldp {

DenseMechanism mangat(const Rational& p) {
  if (p <= 0 || p > 1) {
    throw InvalidArgument("p: " + message_excerpt(to_string(p)) +
                          " is outside (0,1] (Mangat's p = 1/e^eps)");
  }
  // Rows: input 0 (non-sensitive), input 1 (sensitive). Columns: outputs 0, 1.
  return DenseMechanism(2, {"0", "1"}, {1 - p, p, Rational(0), Rational(1)});
}

Rational mangat_p_for(const PrivacyBudget& budget) { return 1 / budget.exp_eps(); }

}  // namespace uldp
