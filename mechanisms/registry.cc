// The registry: the folders' entries in MechanismKind's order, and the checks every entry shares
// (given or not, k within limits); what is particular to a mechanism is its folder's factory.
#include "uldp/mechanisms/registry.h"

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

std::string parameter_list(const MechanismEntry& e) {
  std::string s = e.fixed_k || e.grid != Takes::kNo || e.input_budgets != Takes::kNo ? "" : "k";
  auto add = [&](Takes t, const char* flag) {
    if (t != Takes::kNo) s += std::string(s.empty() ? "" : ", ") + flag;
  };
  add(e.sensitive, "sensitive");
  add(e.budget, "eps or exp_eps");
  add(e.theta, "theta");
  add(e.mangat_p, "mangat_p");
  add(e.block, "block");
  add(e.grid, "grid");
  add(e.budget_per_unit, "eps_per_unit or exp_eps_per_unit");
  add(e.input_budgets, "id_eps or id_exp_eps");
  add(e.bit_probabilities, "one_if_off and one_if_on");
  return s.empty() ? "none" : s;
}

void require(const MechanismEntry& e, Takes takes, bool given, const char* parameter,
             const char* usage) {
  if (takes == Takes::kRequired && !given) {
    throw InvalidArgument(std::string(parameter) + ": mechanism " + std::string(e.name) +
                          " needs " + usage);
  }
  if (takes == Takes::kNo && given) {
    throw InvalidArgument(std::string(parameter) + ": mechanism " + std::string(e.name) +
                          " does not take it (it takes " + parameter_list(e) + ")");
  }
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

IndexSet sensitive_or_all(const MechanismArguments& a) {
  return a.sensitive ? *a.sensitive : IndexSet::all(a.k);
}

Probability theta_or_default(const MechanismArguments& a) {
  return a.theta ? *a.theta : Probability::from_rational(default_rappor_theta(*a.budget), "theta");
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
  if (entry.sensitive != Takes::kNo && !entry.fixed_k) arguments.sensitive = sensitive;
  if (entry.budget != Takes::kNo) arguments.budget = budget;
  if (entry.theta != Takes::kNo) arguments.theta = theta;
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
  if (given.grid && entry.grid != Takes::kNo) {  // the grid sets k
    const auto [width, height] = *given.grid;
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
  if (given.input_budgets && entry.input_budgets != Takes::kNo) {  // one budget per input
    if (given.k != 0 && given.k != given.input_budgets->size()) {
      throw InvalidArgument("k: mechanism " + std::string(entry.name) +
                            " takes its k from its per-input budgets (one per input)");
    }
    arguments.k = given.input_budgets->size();
  }
  require(entry, entry.sensitive, arguments.sensitive.has_value(), "sensitive",
          "X_S (a list such as 0-14; an empty list is allowed)");
  require(entry, entry.budget, arguments.budget.has_value(), "eps",
          "a budget (eps E or exp_eps T)");
  require(entry, entry.theta, arguments.theta.has_value(), "theta", "theta");
  require(entry, entry.mangat_p, arguments.mangat_p.has_value(), "mangat_p", "mangat_p P");
  require(entry, entry.block, arguments.block.has_value(), "block",
          "a block size K (1 <= K <= |X_S|)");
  require(entry, entry.grid, given.grid.has_value(), "grid", "a grid WxH (e.g. 4x3)");
  require(entry, entry.budget_per_unit, given.budget_per_unit.has_value(),
          given.budget_per_unit && !given.budget_per_unit->epsilon() ? "exp_eps_per_unit"
                                                                     : "eps_per_unit",
          "a budget per unit of distance (eps_per_unit E or exp_eps_per_unit T)");
  const bool given_as_eps = given.input_budgets && !given.input_budgets->empty() &&
                            given.input_budgets->front().epsilon();
  require(entry, entry.input_budgets, given.input_budgets.has_value(),
          given_as_eps ? "id_eps" : "id_exp_eps",
          "one budget per input (id_exp_eps T0,T1,... or id_eps E0,E1,...)");
  // one_if_off is the required list; one_if_on defaults to 1/2 (the paper's OUE structure).
  const bool bits_given = given.one_if_off || given.one_if_on;
  require(entry, entry.bit_probabilities,
          entry.bit_probabilities == Takes::kNo ? bits_given : given.one_if_off.has_value(),
          entry.bit_probabilities != Takes::kNo || given.one_if_off ? "one_if_off" : "one_if_on",
          "P(bit x = 1) under another input, one per input x (one_if_off B0,B1,...; one_if_on "
          "A0,A1,..., under x itself, is 1/2 each when not given)");
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
  return std::visit(
      Overloaded{[](const NoneSpec&) -> std::optional<PrivacyBudget> { return std::nullopt; },
                 [](const GeometricSpec&) -> std::optional<PrivacyBudget> { return std::nullopt; },
                 [](const GeometricEuclideanSpec&) -> std::optional<PrivacyBudget> {
                   return std::nullopt;
                 },
                 [](const IdueSpec&) -> std::optional<PrivacyBudget> { return std::nullopt; },
                 [](const auto& params) -> std::optional<PrivacyBudget> { return params.budget; }},
      spec.kind);
}

std::string budget_description(const MechanismSpec& spec) {
  // The geometric mechanisms' budget per unit: "exp_eps = 2" -> "exp_eps_per_unit = 2",
  // "eps = 1 (...)" -> "eps_per_unit = 1 (...)".
  const auto per_unit = [](const PrivacyBudget& budget, const char* distance) {
    std::string text = budget.describe();
    text.insert(text.starts_with("exp_eps") ? 7
                : text.starts_with("eps")   ? 3
                                            : 0,
                text.starts_with("exp_eps") || text.starts_with("eps") ? "_per_unit" : "");
    return text + " (metric LDP, " + distance + " distance)";
  };
  if (const auto* euclidean = std::get_if<GeometricEuclideanSpec>(&spec.kind)) {
    // eps as asked; the mechanism is built from its step t' <= e^(eps/sqrt 2), not from e^eps.
    return "eps_per_unit = " + to_string(*euclidean->euclidean_per_unit.epsilon()) +
           " (metric LDP, Euclidean distance; built with t' = " +
           to_decimal(euclidean->per_unit.exp_eps(), 10) +
           "... <= e^(eps/sqrt 2) per unit of Manhattan distance)";
  }
  if (const auto* geometric = std::get_if<GeometricSpec>(&spec.kind))
    return per_unit(geometric->per_unit, "Manhattan");
  if (const auto* idue = std::get_if<IdueSpec>(&spec.kind)) return input_budgets_description(*idue);
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  return budget ? budget->describe() : "no privacy";
}

std::optional<Rational> theta_of(const MechanismSpec& spec) {
  // By base class, so the specs that derive from RAPPOR's or uRAP's (oue, sue, uoue) have their θ.
  return std::visit(
      [](const auto& p) -> std::optional<Rational> {
        using Kind = std::decay_t<decltype(p)>;
        if constexpr (std::is_base_of_v<RapporSpec, Kind> || std::is_base_of_v<UrapSpec, Kind>) {
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
  if (entry.theta == Takes::kNo) {
    throw InvalidArgument(what + ": mechanism " + std::string(entry.name) + " has no theta");
  }
  if (!arguments.budget) throw InvalidArgument(what + ": " + text + " needs a budget");
  const Rational& t = arguments.budget->exp_eps();
  if (t <= 1) throw InvalidArgument(what + ": " + text + " needs exp_eps > 1");
  // RAPPOR treats every bit alike whatever X_S is declared: it is uRAP with X_S = X.
  const bool every_bit_sensitive = entry.name == RapporSpec::kName || !arguments.sensitive;
  const std::size_t sensitive_count =
      every_bit_sensitive ? arguments.k : arguments.sensitive->size();
  const ThetaObjective objective = text == "optimal" ? ThetaObjective::kL2 : ThetaObjective::kL1;
  const OptimalTheta optimum = optimal_urap_theta(arguments.k, sensitive_count, t, objective);
  // The paper's θ can be the minimiser itself (|X_S| = 1 below the p_UN threshold): keep it then.
  const Rational paper = default_rappor_theta(*arguments.budget);
  return Probability::from_rational(optimum.bracket.contains(paper) ? paper : optimum.theta, what);
}

}  // namespace uldp
