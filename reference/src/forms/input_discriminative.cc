#include "uldp/forms/input_discriminative.h"

#include <cmath>

#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp {
namespace {

PairBound pair_budget(const PrivacyBudget& a, const PrivacyBudget& b, IdCombine combine,
                      const ExtendedRational& loss) {
  PairBound p;
  if (a.epsilon()) {  // budgets as ε: the pair's ε is exact, e^ε is compared certified
    const Rational& ea = *a.epsilon();
    const Rational& eb = *b.epsilon();
    const Rational eps = combine == IdCombine::kMin   ? (ea < eb ? ea : eb)
                         : combine == IdCombine::kMax ? (ea < eb ? eb : ea)
                                                      : Rational((ea + eb) / 2);
    p.admits = PrivacyBudget::from_epsilon(eps).admits(loss);
    p.text = "e^" + to_decimal(eps);
    p.value = std::exp(to_double(eps));
    p.exp_of = eps;
    return p;
  }
  const Rational& ta = a.exp_eps();
  const Rational& tb = b.exp_eps();
  if (combine == IdCombine::kMean) {  // e^{(ε + ε')/2} = sqrt(t t'): L <= it iff L^2 <= t t'
    const Rational product = ta * tb;
    p.admits = !loss.is_infinite() && loss.value() * loss.value() <= product;
    p.text = "sqrt(" + to_string(ta) + " * " + to_string(tb) + ")";
    p.value = std::sqrt(to_double(product));
    return p;
  }
  const Rational& t = (combine == IdCombine::kMin) == (ta < tb) ? ta : tb;
  p.admits = !loss.is_infinite() && loss.value() <= t;
  p.text = to_string(t);
  p.value = to_double(t);
  p.exactly = t;
  return p;
}

}  // namespace

const char* id_combine_name(IdCombine combine) {
  switch (combine) {
    case IdCombine::kMin:
      return "min";
    case IdCombine::kMax:
      return "max";
    case IdCombine::kMean:
      return "mean";
  }
  return "?";
}

IdCombine parse_id_combine(const std::string& text, const std::string& name) {
  if (text == "min") return IdCombine::kMin;
  if (text == "max") return IdCombine::kMax;
  if (text == "mean") return IdCombine::kMean;
  throw InvalidArgument(name + ": '" + message_excerpt(text) + "' is not min, max or mean");
}

PairBoundVerdict check_input_discriminative(const PairLossMatrix& losses,
                                            const InputBudgets& budgets,
                                            const std::optional<Rational>& tolerance) {
  const std::size_t k = losses.inputs();
  if (budgets.per_input.size() != k) {
    throw InvalidArgument("id budgets: " + std::to_string(budgets.per_input.size()) +
                          " budgets for " + std::to_string(k) + " inputs");
  }
  for (const PrivacyBudget& b : budgets.per_input) {
    if (b.epsilon().has_value() != budgets.per_input.front().epsilon().has_value()) {
      throw InvalidArgument("id budgets: give every input's budget as e^eps or every one as eps");
    }
  }
  return check_pair_bounds(
      losses,
      [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
        return pair_budget(budgets.per_input[x], budgets.per_input[x_prime], budgets.combine, loss);
      },
      tolerance);
}

}  // namespace uldp
