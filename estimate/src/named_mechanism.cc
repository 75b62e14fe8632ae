// Named mechanisms for the command line.
#include "uldp/estimate/named_mechanism.h"

#include "uldp/error.h"
#include "uldp/mechanisms/mangat.h"

namespace uldp {

std::size_t NamedMechanism::k() const {
  switch (form) {
    case Form::kUrr: return urr.k;
    case Form::kUnary: return unary.k;
    case Form::kDense: return dense.inputs;
  }
  return 0;
}

NamedMechanism make_named_mechanism(const std::string& name, std::size_t k,
                                    const IndexSet& sensitive, const PrivacyBudget& budget) {
  NamedMechanism m;
  m.name = name;
  if (name == "rr") {
    m.urr = urr_params(rr_params(k, budget));
  } else if (name == "urr") {
    m.urr = urr_params(sensitive, budget);
  } else if (name == "rappor") {
    m.form = NamedMechanism::Form::kUnary;
    m.unary = rappor_params(k, budget);
  } else if (name == "urap") {
    m.form = NamedMechanism::Form::kUnary;
    m.unary = urap_params(sensitive, budget);
  } else if (name == "mangat") {
    if (k != 2) throw InvalidArgument("--mech mangat: needs --k 2 (X = {0,1}, X_S = {1})");
    m.form = NamedMechanism::Form::kDense;
    m.dense = dense_params(mangat(mangat_p_for(budget)));
  } else {
    throw InvalidArgument("--mech: unknown mechanism '" + name +
                          "' (expected rr, urr, rappor, urap or mangat)");
  }
  return m;
}

}  // namespace uldp
