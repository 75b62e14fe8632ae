#include "uldp/mechanisms/idue/idue.h"

#include <algorithm>
#include <string>

namespace uldp {

BitProductMechanism idue_mechanism(const IdueSpec& spec) {
  return BitProductMechanism(spec.bits, "IDUE");
}

std::optional<Rational> idue_pair_loss(const IdueSpec& spec, std::size_t x, std::size_t x_prime) {
  const BitChannel& own = spec.bits[x];
  const BitChannel& other = spec.bits[x_prime];
  if (own.one_if_off == 0 || other.one_if_on == 1) return std::nullopt;
  return (own.one_if_on / own.one_if_off) * ((1 - other.one_if_off) / (1 - other.one_if_on));
}

std::string input_budgets_description(const IdueSpec& spec) {
  const bool as_eps = spec.input_budgets.front().epsilon().has_value();
  const auto value = [&](const PrivacyBudget& b) {
    return to_string(as_eps ? *b.epsilon() : b.exp_eps());
  };
  std::string list;
  if (spec.input_budgets.size() <= 8) {
    for (const PrivacyBudget& b : spec.input_budgets) {
      if (!list.empty()) list += ",";
      list += value(b);
    }
    list = " = " + list;
  } else {  // a long list: its range
    auto [low, high] = std::minmax_element(
        spec.input_budgets.begin(), spec.input_budgets.end(),
        [](const PrivacyBudget& a, const PrivacyBudget& b) { return a.exp_eps() < b.exp_eps(); });
    list = " from " + value(*low) + " to " + value(*high) + " over " +
           std::to_string(spec.input_budgets.size()) + " inputs";
  }
  return std::string(as_eps ? "id_eps" : "id_exp_eps") + list + " (MinID-LDP)";
}

}  // namespace uldp
