// A registry mechanism built for a test from its name, X_S as text, k, the block (block families)
// and an integer t = e^ε.
#pragma once

#include <optional>
#include <string>

#include "uldp/mechanisms/registry.h"

namespace uldp::testing_support {

inline MechanismSpec small_spec(const std::string& name, const char* sensitive, std::size_t k,
                                std::optional<std::size_t> block, long exp_eps = 3) {
  MechanismArguments a;
  a.k = k;
  a.sensitive = IndexSet::parse(sensitive, k, "xs");
  a.budget = PrivacyBudget::from_exp_eps(Rational(exp_eps));
  a.values.set(kBlockParameter, std::optional<std::uint64_t>(block));
  return make_mechanism(find_mechanism(name), a);
}

}  // namespace uldp::testing_support
