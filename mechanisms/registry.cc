// The registry: the folders' entries in MechanismKind's order, and the checks every entry shares
// (given or not, k within limits); what is particular to a mechanism is its folder's factory.
#include "uldp/mechanisms/registry.h"

#include <algorithm>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "uldp/error.h"
#include "uldp/losses/optimal_theta.h"

namespace uldp {
namespace {

// MechanismKind's alternatives' entries, in order.
template <std::size_t... I>
std::vector<MechanismEntry> registry_of(std::index_sequence<I...>) {
  return {registry_entry(std::type_identity<std::variant_alternative_t<I, MechanismKind>>{})...};
}

const std::vector<MechanismEntry>& registry() {
  static const std::vector<MechanismEntry> entries =
      registry_of(std::make_index_sequence<std::variant_size_v<MechanismKind>>{});
  return entries;
}

// The parameter that may be given in place of `p` by entry `e`, or nullptr.
const ParameterDeclaration* alternative_of(const MechanismEntry& e, const ParameterDeclaration& p) {
  for (const ParameterUse& use : e.parameters) {
    if (use.parameter->name == p.name) return use.or_instead;
  }
  return nullptr;
}

// "sensitive: mechanism urr needs X_S (...)" / "... does not take it (it takes ...)"; a parameter
// with an alternative needs one of the two, never both.
void require(const MechanismEntry& e, const ParameterDeclaration& p, bool given,
             std::string_view keyword_given, const ParameterValues& values) {
  const Takes takes = e.takes(p);
  const ParameterDeclaration* instead = alternative_of(e, p);
  if (instead && given && values.has(*instead)) {
    throw InvalidArgument(std::string(p.keywords[0]) + ": mechanism " + std::string(e.name) +
                          " takes " + keyword_list(p) + " or " + keyword_list(*instead) +
                          ", not both");
  }
  if (takes == Takes::kRequired && !given && !(instead && values.has(*instead))) {
    throw InvalidArgument(std::string(p.keywords[0]) + ": mechanism " + std::string(e.name) +
                          " needs " + std::string(p.needs) +
                          (instead ? ", or " + std::string(instead->needs) : std::string()));
  }
  if (takes == Takes::kNo && given) {
    throw InvalidArgument(std::string(keyword_given) + ": mechanism " + std::string(e.name) +
                          " does not take it (it takes " + parameter_list(e) + ")");
  }
}

// The keyword a budget was given by: its eps one or its exp_eps one.
std::string_view keyword_given(const ParameterDeclaration& p, const ParameterValues& values) {
  const ParameterValue* value = values.find(p);
  if (value == nullptr || p.keywords[1].empty()) return p.keywords[0];
  const PrivacyBudget* budget = std::get_if<PrivacyBudget>(value);
  const auto* budgets = std::get_if<std::vector<PrivacyBudget>>(value);
  const bool as_eps = budget ? budget->epsilon().has_value()
                             : budgets && !budgets->empty() && budgets->front().epsilon();
  return p.keywords[as_eps ? 0 : 1];
}

}  // namespace

std::string_view claim_name(Claim claim) {
  switch (claim) {
    case Claim::kNone:
      return "none";
    case Claim::kLdp:
      return "ldp";
    case Claim::kUldp:
      return "uldp";
    case Claim::kMetricLdp:
      return "metric_ldp";
    case Claim::kMinIdLdp:
      return "minid_ldp";
  }
  return "?";
}

Takes MechanismEntry::takes(const ParameterDeclaration& p) const {
  for (const ParameterUse& use : parameters) {
    if (use.parameter == &p || use.parameter->name == p.name) return use.takes;
    if (use.or_instead && use.or_instead->name == p.name) return Takes::kOptional;
  }
  return Takes::kNo;
}

bool MechanismEntry::takes_k() const {
  if (fixed_k) return false;
  for (const ParameterUse& use : parameters) {
    if (use.parameter->sets_k) return false;
  }
  return true;
}

std::vector<const ParameterDeclaration*> declared_parameters() {
  std::vector<const ParameterDeclaration*> all = shared_parameters();
  for (const MechanismEntry& e : registry()) {
    for (const ParameterUse& use : e.parameters) {
      for (const ParameterDeclaration* d : {use.parameter, use.or_instead}) {
        if (!d) continue;
        const bool known = std::any_of(all.begin(), all.end(), [&](const ParameterDeclaration* p) {
          return p->name == d->name;
        });
        if (!known) all.push_back(d);
      }
    }
  }
  return all;
}

const ParameterDeclaration* parameter_of_keyword(std::string_view keyword) {
  for (const ParameterDeclaration* p : declared_parameters()) {
    for (std::string_view k : keywords_of(*p)) {
      if (k == keyword) return p;
    }
  }
  return nullptr;
}

std::string parameter_list(const MechanismEntry& e, bool as_flags) {
  const auto spelled = [&](const ParameterDeclaration& p) {
    if (!as_flags) return keyword_list(p);
    std::string flags;
    for (std::string_view k : keywords_of(p)) {
      if (!flags.empty()) flags += '|';
      flags += flag_of(k);
    }
    if (p.grammar != ParameterGrammar::kIndexSet && p.grammar != ParameterGrammar::kBudget) {
      flags += ' ';
      flags += p.metavar;
    }
    return flags;
  };
  std::string s;
  if (as_flags) {
    const std::string limit = " <= " + std::to_string(e.max_k);
    s = e.fixed_k ? "k = " + std::to_string(*e.fixed_k) : "--k" + limit;
    for (const ParameterUse& use : e.parameters) {
      if (use.parameter->sets_k) s = "k from " + spelled(*use.parameter) + limit;
    }
  } else if (e.takes_k()) {
    s = "k";
  }
  for (const ParameterUse& use : e.parameters) {
    std::string keywords = spelled(*use.parameter);
    if (use.or_instead) keywords += (as_flags ? "|" : " or ") + spelled(*use.or_instead);
    s +=
        (s.empty() ? "" : ", ") + (use.takes == Takes::kOptional ? "[" + keywords + "]" : keywords);
  }
  return s.empty() ? "none" : s;
}

IndexSet sensitive_or_all(const MechanismArguments& a) {
  return a.sensitive ? *a.sensitive : IndexSet::all(a.k);
}

Probability theta_or_default(const MechanismArguments& a) {
  const Probability* theta = a.values.get(kThetaParameter);
  return theta ? *theta : Probability::from_rational(default_rappor_theta(*a.budget), "theta");
}

std::span<const MechanismEntry> mechanism_registry() { return registry(); }

std::string mechanism_names() {
  std::string names;
  for (const MechanismEntry& e : registry())
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

const MechanismEntry& find_mechanism(std::string_view name, std::string_view what) {
  for (const MechanismEntry& e : registry()) {
    if (e.name == name) return e;
  }
  throw InvalidArgument(std::string(what) + ": unknown mechanism '" + message_excerpt(name) +
                        "' (expected one of " + mechanism_names() + ")");
}

MechanismSpec make_mechanism(std::string_view name, const IndexSet& sensitive,
                             const PrivacyBudget& budget, const std::optional<Probability>& theta) {
  const MechanismEntry& entry = find_mechanism(name);
  MechanismArguments arguments;
  arguments.k = entry.fixed_k.value_or(sensitive.universe());
  if (entry.takes(kSensitiveParameter.declaration) != Takes::kNo && !entry.fixed_k)
    arguments.sensitive = sensitive;
  if (entry.takes(kBudgetParameter.declaration) != Takes::kNo) arguments.budget = budget;
  if (entry.takes(kThetaParameter.declaration) != Takes::kNo)
    arguments.values.set(kThetaParameter, theta);
  return make_mechanism(entry, arguments);
}

const MechanismEntry& entry_of(const MechanismSpec& spec) {
  return std::visit(
      [](const auto& params) -> const MechanismEntry& {
        return find_mechanism(std::decay_t<decltype(params)>::kName);
      },
      spec.kind);
}

MechanismSpec make_mechanism(const MechanismEntry& entry, const MechanismArguments& given) {
  MechanismArguments arguments = given;
  if (const GridShape* grid = given.values.get(kGridParameter);
      grid && entry.takes(kGridParameter.declaration) != Takes::kNo) {  // the grid sets k
    const auto [width, height] = *grid;
    if (width == 0 || height == 0) throw InvalidArgument("grid: each side needs at least one cell");
    if (width > entry.max_k / height) {
      throw InvalidArgument("grid: " + std::to_string(width) + "x" + std::to_string(height) +
                            " has more than " + std::to_string(entry.max_k) + " cells");
    }
    if (given.k != 0 && given.k != width * height) {
      throw InvalidArgument("k: mechanism " + std::string(entry.name) +
                            " takes its k from the grid (W x H cells)");
    }
    arguments.k = width * height;
  }
  if (const auto* budgets = given.values.get(kInputBudgetsParameter);
      budgets && entry.takes(kInputBudgetsParameter.declaration) != Takes::kNo) {
    if (given.k != 0 && given.k != budgets->size()) {  // one budget per input
      throw InvalidArgument("k: mechanism " + std::string(entry.name) +
                            " takes its k from its per-input budgets (one per input)");
    }
    arguments.k = budgets->size();
  }
  require(entry, kSensitiveParameter.declaration, arguments.sensitive.has_value(), "sensitive",
          arguments.values);
  require(entry, kBudgetParameter.declaration, arguments.budget.has_value(),
          arguments.budget && !arguments.budget->epsilon() ? "exp_eps" : "eps", arguments.values);
  for (const ParameterDeclaration* p : declared_parameters()) {
    if (p->name == kSensitiveParameter.declaration.name ||
        p->name == kBudgetParameter.declaration.name || p->name == kCountParameter.declaration.name)
      continue;
    require(entry, *p, arguments.values.has(*p), keyword_given(*p, arguments.values),
            arguments.values);
  }
  if (entry.fixed_k && arguments.k != *entry.fixed_k) {
    throw InvalidArgument("k: mechanism " + std::string(entry.name) +
                          " has k = " + std::to_string(*entry.fixed_k));
  }
  if (arguments.k == 0) throw InvalidArgument("k: must be given and at least 1");
  if (arguments.k > entry.max_k) {
    throw InvalidArgument("k: " + std::to_string(arguments.k) + " exceeds the limit " +
                          std::to_string(entry.max_k) + " for mechanism " +
                          std::string(entry.name));
  }
  if (arguments.sensitive && arguments.sensitive->universe() != arguments.k) {
    throw InvalidArgument("sensitive: the set is over " +
                          std::to_string(arguments.sensitive->universe()) +
                          " symbols, not k = " + std::to_string(arguments.k));
  }
  return entry.make(arguments);
}

std::optional<PrivacyBudget> budget_of(const MechanismSpec& spec) {
  // The kinds with one budget hold it as `budget`; the others (none, a budget per unit, one per
  // input) have none.
  return std::visit(
      [](const auto& params) -> std::optional<PrivacyBudget> {
        if constexpr (requires { params.budget; }) {
          return params.budget;
        } else {
          return std::nullopt;
        }
      },
      spec.kind);
}

std::string budget_description(const MechanismSpec& spec) {
  const MechanismEntry& entry = entry_of(spec);
  if (entry.budget_description) return entry.budget_description(spec);
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  return budget ? budget->describe() : "no privacy";
}

std::string per_unit_budget_description(const PrivacyBudget& budget, std::string_view distance) {
  // "exp_eps = 2" -> "exp_eps_per_unit = 2", "eps = 1 (...)" -> "eps_per_unit = 1 (...)".
  std::string text = budget.describe();
  text.insert(text.starts_with("exp_eps") ? 7
              : text.starts_with("eps")   ? 3
                                          : 0,
              text.starts_with("exp_eps") || text.starts_with("eps") ? "_per_unit" : "");
  return text + " (metric LDP, " + std::string(distance) + " distance)";
}

std::optional<Rational> theta_of(const MechanismSpec& spec) {
  // The kinds with a θ hold it as `theta` (RAPPOR's and uRAP's, and so oue, sue and uoue, which
  // derive from them).
  return std::visit(
      [](const auto& p) -> std::optional<Rational> {
        if constexpr (requires { p.theta.value(); }) {
          return p.theta.value();
        } else {
          return std::nullopt;
        }
      },
      spec.kind);
}

std::optional<Probability> resolve_theta(const std::string& text, const MechanismEntry& entry,
                                         const MechanismArguments& arguments,
                                         const std::string& what) {
  if (text == "paper") return std::nullopt;
  if (text != "optimal" && text != "optimal-l1") return Probability::parse(text, what);
  if (entry.takes(kThetaParameter.declaration) == Takes::kNo) {
    throw InvalidArgument(what + ": mechanism " + std::string(entry.name) + " has no theta");
  }
  if (!arguments.budget) throw InvalidArgument(what + ": " + text + " needs a budget");
  const Rational& t = arguments.budget->exp_eps();
  if (t <= 1) throw InvalidArgument(what + ": " + text + " needs exp_eps > 1");
  // RAPPOR treats every bit alike whatever X_S is declared: it is uRAP with X_S = X.
  const bool every_bit_sensitive = entry.theta_over_every_symbol || !arguments.sensitive;
  const std::size_t sensitive_count =
      every_bit_sensitive ? arguments.k : arguments.sensitive->size();
  const ThetaObjective objective = text == "optimal" ? ThetaObjective::kL2 : ThetaObjective::kL1;
  const OptimalTheta optimum = optimal_urap_theta(arguments.k, sensitive_count, t, objective);
  // The paper's θ can be the minimiser itself (|X_S| = 1 below the p_UN threshold): keep it then.
  const Rational paper = default_rappor_theta(*arguments.budget);
  return Probability::from_rational(optimum.bracket.contains(paper) ? paper : optimum.theta, what);
}

}  // namespace uldp
