#include "builtin_mechanisms.h"

#include "uldp/error.h"
#include "uldp/mechanisms/generalized_rappor.h"
#include "uldp/mechanisms/mangat.h"
#include "uldp/mechanisms/randomized_response.h"
#include "uldp/mechanisms/utility_optimized_rappor.h"
#include "uldp/mechanisms/utility_optimized_rr.h"

namespace uldp::cli {
namespace {

PrivacyBudget require_budget(const MechanismFlags& flags) {
  auto budget = flags.budget.parse();
  if (!budget) throw InvalidArgument("mechanism " + flags.name + " needs --exp-eps T or --eps E");
  return *budget;
}

std::size_t require_k(const MechanismFlags& flags, std::size_t limit) {
  if (flags.k <= 0) throw InvalidArgument("--k: must be given and at least 1");
  check_size(static_cast<std::size_t>(flags.k), limit, "--k");
  return static_cast<std::size_t>(flags.k);
}

IndexSet require_sensitive(const MechanismFlags& flags, std::size_t k) {
  if (!flags.sensitive_given) {
    throw InvalidArgument("mechanism " + flags.name +
                          " needs --sensitive LIST (e.g. 0-14; an empty list \"\" is allowed)");
  }
  return parse_index_list(flags.sensitive, k, "--sensitive");
}

Rational parse_theta(const MechanismFlags& flags, const PrivacyBudget& budget) {
  if (flags.theta.empty()) return default_rappor_theta(budget);
  const Rational theta = parse_rational(flags.theta, "--theta");
  if (theta < 0 || theta > 1) throw InvalidArgument("--theta: " + flags.theta + " is outside [0,1]");
  return theta;
}

IndexSet all_outputs(std::size_t count) { return IndexSet::all(count); }

void finish_unary(BuiltMechanism& m, bool dense, const IndexSet& zero_bits) {
  m.protected_zero = ZeroMaskOutputs{zero_bits};
  if (dense) {
    m.dense = m.unary->to_dense();
    std::vector<std::size_t> outputs;
    for (std::size_t y = 0; y < m.dense->num_outputs(); ++y) {
      bool in = true;
      for (std::size_t j : zero_bits.indices()) in = in && !((y >> j) & 1u);
      if (in) outputs.push_back(y);
    }
    m.protected_outputs = IndexSet::from_indices(std::move(outputs), m.dense->num_outputs(), "protected");
  }
}

}  // namespace

void MechanismFlags::add_to(CLI::App& command) {
  command.add_option("--k", k, "number of input symbols |X|");
  command.add_option("--sensitive", sensitive, "sensitive inputs X_S: 0,3,7 or 0-14 (0-based)")
      ->each([this](const std::string&) { sensitive_given = true; });
  command.add_option("--theta", theta, "RAPPOR theta in [0,1] (default s/(s+1), s = e^{eps/2})");
  command.add_option("--p", p, "Mangat's p in (0,1] (default 1/e^eps)");
  budget.add_to(command, false);
}

const char* mechanism_names() { return "rr, rappor, mangat, urr, urap"; }

BuiltMechanism build_mechanism(const MechanismFlags& flags, bool dense) {
  BuiltMechanism m;
  m.name = flags.name;
  if (flags.name == "rr") {
    m.k = require_k(flags, kMaxDenseSymbols);
    m.budget = require_budget(flags);
    m.dense = randomized_response(m.k, *m.budget);
    m.sensitive = flags.sensitive_given ? require_sensitive(flags, m.k) : IndexSet::all(m.k);
    m.protected_outputs = all_outputs(m.k);
    m.claimed_property = "ldp";
  } else if (flags.name == "urr") {
    m.k = require_k(flags, kMaxDenseSymbols);
    m.budget = require_budget(flags);
    m.sensitive = require_sensitive(flags, m.k);
    m.dense = utility_optimized_rr(m.sensitive, *m.budget);
    m.protected_outputs = m.sensitive;  // Y_P = X_S
    m.claimed_property = "uldp";
  } else if (flags.name == "mangat") {
    if (flags.k != 0 && flags.k != 2) throw InvalidArgument("--k: Mangat's mechanism is binary (k = 2)");
    if (flags.sensitive_given && flags.sensitive != "1") {
      throw InvalidArgument("--sensitive: Mangat's mechanism has X_S = {1}");
    }
    m.k = 2;
    Rational p;
    if (!flags.p.empty()) {
      p = parse_rational(flags.p, "--p");
      if (flags.budget.parse()) throw InvalidArgument("--p: give either --p or a budget, not both");
    } else {
      m.budget = require_budget(flags);
      p = mangat_p_for(*m.budget);
    }
    m.dense = mangat(p);
    m.sensitive = IndexSet::from_indices({1}, 2, "--sensitive");
    m.protected_outputs = IndexSet::from_indices({1}, 2, "protected");
    m.claimed_property = "uldp";
    if (!m.budget) m.budget = PrivacyBudget::from_exp_eps(1 / p, "--p");
  } else if (flags.name == "rappor") {
    m.k = require_k(flags, kMaxSymbols);
    m.budget = require_budget(flags);
    m.theta = parse_theta(flags, *m.budget);
    m.unary = generalized_rappor(m.k, *m.theta, *m.budget);
    m.sensitive = flags.sensitive_given ? require_sensitive(flags, m.k) : IndexSet::all(m.k);
    finish_unary(m, dense, IndexSet::from_indices({}, m.k, "zero bits"));
    m.claimed_property = "ldp";
  } else if (flags.name == "urap") {
    m.k = require_k(flags, kMaxSymbols);
    m.budget = require_budget(flags);
    m.sensitive = require_sensitive(flags, m.k);
    m.theta = parse_theta(flags, *m.budget);
    m.unary = utility_optimized_rappor(m.sensitive, *m.theta, *m.budget);
    finish_unary(m, dense, m.sensitive.complement());  // eq. rRAP_YS: non-sensitive bits are 0
    m.claimed_property = "uldp";
  } else {
    throw InvalidArgument("mechanism: unknown name '" + flags.name + "' (expected one of " +
                          mechanism_names() + ")");
  }
  if (!flags.theta.empty() && !m.theta) {
    throw InvalidArgument("--theta: only rappor and urap take theta");
  }
  if (!flags.p.empty() && flags.name != "mangat") throw InvalidArgument("--p: only mangat takes p");
  return m;
}

}  // namespace uldp::cli
