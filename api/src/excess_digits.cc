// The excess digits of a check: how far a tight ratio lies above the claimed e^ε, shown from
// certified bounds with the digits that tell the two apart (display only; the verdict is decided
// exactly elsewhere). The digits themselves are render.h's: rounded, or cut and marked "...".
#include "uldp/api/check.h"
#include "uldp/api/render.h"
#include "uldp/arithmetic/certified_exp.h"

namespace uldp::api {
namespace {

// Bits of the certified bounds behind the display: about 77 decimal digits.
constexpr unsigned kDisplayBits = 256;

RealBracket claimed_exp_eps(const PrivacyBudget& budget) {
  if (!budget.epsilon()) return RealBracket::exact(budget.exp_eps());
  const ExpBounds b = exp_bounds(*budget.epsilon(), kDisplayBits);
  return {b.lower, b.upper};
}

RealBracket log_bracket(const Rational& value, unsigned bits) {
  if (value == 1) return RealBracket::exact(Rational(0));
  const LogBounds b = log_bounds(value, bits);
  return {b.lower, b.upper};
}

// The ε digits, from the coarsest bounds that round them certainly: a certain rounding is the
// same at any precision, and a logarithm at 64 bits costs a 25th of one at 256.
std::pair<std::string, std::string> eps_digits(const Rational& tight, const PrivacyBudget& budget) {
  for (const unsigned bits : {64u, 128u, kDisplayBits}) {
    const RealBracket claimed = budget.epsilon() ? RealBracket::exact(*budget.epsilon())
                                                 : log_bracket(budget.exp_eps(), bits);
    std::pair<std::string, std::string> digits =
        distinguishing_decimals(claimed, log_bracket(tight, bits));
    const bool cut = digits.first.ends_with("...") || digits.second.ends_with("...");
    if (bits == kDisplayBits || !cut) return digits;
  }
  return {};  // not reached: the last precision returns
}

}  // namespace

ExcessDigits excess_digits(const Rational& tight, const PrivacyBudget& budget) {
  ExcessDigits d;
  const RealBracket claimed = claimed_exp_eps(budget);
  std::tie(d.claimed_exp_eps, d.tight_exp_eps) =
      distinguishing_decimals(claimed, RealBracket::exact(tight));
  std::tie(d.claimed_eps, d.tight_eps) = eps_digits(tight, budget);
  // tight / e^ε - 1 lies between tight/upper - 1 and tight/lower - 1.
  d.relative_excess = scientific(RealBracket{tight / claimed.upper - 1, tight / claimed.lower - 1});
  if (!budget.epsilon()) d.exact_relative_excess = tight / budget.exp_eps() - 1;
  return d;
}

}  // namespace uldp::api
