// The registry: one entry per mechanism. Each `make_*` turns validated arguments into a spec;
// the parameter checks that are not a matter of "given or not" live here, next to the entry.
#include "uldp/mechanisms/registry.h"

#include <array>
#include <string>
#include <type_traits>

#include "uldp/error.h"
#include "uldp/losses/optimal_theta.h"

namespace uldp {
namespace {

// Symbol-valued mechanisms: estimators and samplers are O(k) (exact checks are class-structured).
constexpr std::size_t kMaxSymbols = 10'000'000;
// Bit-vector mechanisms: reports cost memory per bit.
constexpr std::size_t kMaxBits = 1'000'000;

IndexSet sensitive_or_all(const MechanismArguments& a) {
  return a.sensitive ? *a.sensitive : IndexSet::all(a.k);
}

Probability theta_or_default(const MechanismArguments& a) {
  return a.theta ? *a.theta : Probability::from_rational(default_rappor_theta(*a.budget), "theta");
}

MechanismSpec make_non_private(const MechanismArguments& a) {
  return {a.k, a.sensitive ? *a.sensitive : IndexSet::from_indices({}, a.k, "sensitive"),
          NoneSpec{}};
}

MechanismSpec make_rr(const MechanismArguments& a) {
  return {a.k, sensitive_or_all(a), RrSpec{*a.budget}};
}

MechanismSpec make_urr(const MechanismArguments& a) {
  return {a.k, *a.sensitive, UrrSpec{*a.budget}};
}

MechanismSpec make_rappor(const MechanismArguments& a) {
  return {a.k, sensitive_or_all(a), RapporSpec{*a.budget, theta_or_default(a)}};
}

MechanismSpec make_oue(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), oue_spec(*a.budget)};
}

MechanismSpec make_sue(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), sue_spec(*a.budget)};
}

MechanismSpec make_urap(const MechanismArguments& a) {
  return {a.k, *a.sensitive, UrapSpec{*a.budget, theta_or_default(a)}};
}

MechanismSpec make_mangat(const MechanismArguments& a) {
  if (a.sensitive && a.sensitive->indices() != std::vector<std::size_t>{1}) {
    throw InvalidArgument("sensitive: Mangat's mechanism has X_S = {1}");
  }
  if (a.mangat_p && a.budget)
    throw InvalidArgument("mangat_p: give either mangat_p or a budget, not both");
  if (!a.mangat_p && !a.budget)
    throw InvalidArgument(
        "mangat_p: mechanism mangat needs mangat_p P or a budget (eps E or exp_eps T)");
  if (a.mangat_p && a.mangat_p->is_zero()) {
    throw InvalidArgument("mangat_p: 0 gives no finite budget (Mangat's p = 1/e^eps is in (0,1])");
  }
  const IndexSet xs = IndexSet::from_indices({1}, 2, "sensitive");
  if (a.mangat_p) {
    return {
        2, xs,
        MangatSpec{*a.mangat_p, PrivacyBudget::from_exp_eps(1 / a.mangat_p->value(), "mangat_p")}};
  }
  return {2, xs, MangatSpec{Probability::from_rational(mangat_p_for(*a.budget), "p"), *a.budget}};
}

MechanismSpec make_uoue(const MechanismArguments& a) {
  return {a.k, *a.sensitive, uoue_spec(*a.budget)};
}

MechanismSpec make_ubd(const MechanismArguments& a) {
  ubd_constants(a.sensitive->size(), *a.block, a.budget->exp_eps());  // validates X_S and K
  return {a.k, *a.sensitive, UbdSpec{*a.budget, *a.block}};
}

MechanismSpec make_ubd_opt(const MechanismArguments& a) {
  return {a.k, *a.sensitive, optimal_ubd_mixture(*a.sensitive, *a.budget)};
}

MechanismSpec make_uhr(const MechanismArguments& a) {
  uhr_constants(a.sensitive->size(), a.budget->exp_eps());  // validates X_S
  return {a.k, *a.sensitive, UhrSpec{*a.budget}};
}

MechanismSpec make_uss(const MechanismArguments& a) {
  const std::size_t v = a.sensitive->size();
  if (v == 0) throw InvalidArgument("sensitive: uSS needs a non-empty X_S");
  const std::size_t block = a.block ? *a.block : uss_default_block(v, a.budget->exp_eps());
  uss_constants(v, block, a.budget->exp_eps());  // validates K
  return {a.k, *a.sensitive, UssSpec{*a.budget, block}};
}

using enum Takes;

constexpr std::array kRegistry{
    MechanismEntry{"none", "non-private mechanism (Q = I)", "the baseline of Section 6",
                   Claim::kNone, "Y_P = X_S (empty by default: no privacy)", kOptional, kNo, kNo,
                   kNo, kNo, std::nullopt, kMaxSymbols, "", "--k 5", &make_non_private},
    MechanismEntry{"rr", "randomized response (eps-RR)", "Section 2.4, eq. (2)", Claim::kLdp,
                   "Y_P = Y (all outputs)", kOptional, kRequired, kNo, kNo, kNo, std::nullopt,
                   kMaxSymbols, "rr_ldp", "--k 5 --exp-eps 3", &make_rr},
    MechanismEntry{"urr", "utility-optimized randomized response (uRR)", "Definition 3",
                   Claim::kUldp, "Y_P = X_S", kRequired, kRequired, kNo, kNo, kNo, std::nullopt,
                   kMaxSymbols, "urr_uldp", "--k 5 --sensitive 1,3 --exp-eps 3", &make_urr},
    MechanismEntry{"rappor", "generalized RAPPOR (basic one-time RAPPOR by default)", "Section 2.4",
                   Claim::kLdp, "Y_P = {0,1}^k (all outputs)", kOptional, kRequired, kOptional, kNo,
                   kNo, std::nullopt, kMaxBits, "rappor_ldp", "--k 4 --exp-eps 4", &make_rappor},
    MechanismEntry{"oue", "optimized unary encoding (OUE) = generalized RAPPOR at theta = 1/2",
                   "Wang et al., USENIX Security 2017 (OUE); Section 2.4 at theta = 1/2",
                   Claim::kLdp, "Y_P = {0,1}^k (all outputs)", kNo, kRequired, kNo, kNo, kNo,
                   std::nullopt, kMaxBits, "rappor_ldp", "--k 4 --exp-eps 4", &make_oue},
    MechanismEntry{"sue", "symmetric unary encoding (SUE) = basic one-time RAPPOR",
                   "Wang et al., USENIX Security 2017 (SUE); Section 2.4 at theta = s/(s+1)",
                   Claim::kLdp, "Y_P = {0,1}^k (all outputs)", kNo, kRequired, kNo, kNo, kNo,
                   std::nullopt, kMaxBits, "rappor_ldp", "--k 4 --exp-eps 4", &make_sue},
    MechanismEntry{"urap", "utility-optimized RAPPOR (uRAP)", "Definition 4", Claim::kUldp,
                   "Y_P = the vectors whose non-sensitive bits are all 0", kRequired, kRequired,
                   kOptional, kNo, kNo, std::nullopt, kMaxBits, "urap_uldp",
                   "--k 4 --sensitive 0,2 --exp-eps 4", &make_urap},
    MechanismEntry{"uoue", "utility-optimized OUE (uOUE) = uRAP at theta = 1/2",
                   "arXiv 2509.24173; Definition 4 at theta = 1/2", Claim::kUldp,
                   "Y_P = the vectors whose non-sensitive bits are all 0", kRequired, kRequired,
                   kNo, kNo, kNo, std::nullopt, kMaxBits, "urap_uldp",
                   "--k 4 --sensitive 0,2 --exp-eps 4", &make_uoue},
    MechanismEntry{"ubd", "utility-optimized block design, one block size K (uBD)",
                   "arXiv 2509.24173 (uBD with a single K)", Claim::kUldp,
                   "Y_P = the K-subsets of X_S", kRequired, kRequired, kNo, kNo, kRequired,
                   std::nullopt, kMaxSymbols, "ubd_uldp",
                   "--k 5 --sensitive 0,1,3 --block 2 --exp-eps 3", &make_ubd},
    MechanismEntry{"ubd-opt",
                   "the optimal uBD mixture: block size K drawn with the certified weights of the "
                   "fundamental limit",
                   "arXiv 2509.24173 (optimal mixture)", Claim::kUldp,
                   "Y_P = the K-subsets of X_S, for every K of the mixture", kRequired, kRequired,
                   kNo, kNo, kNo, std::nullopt, kMaxSymbols, "ubd_uldp",
                   "--k 8 --sensitive 0,2,3,5 --exp-eps 4", &make_ubd_opt},
    MechanismEntry{"uhr", "utility-optimized Hadamard response (uHR)",
                   "arXiv 2509.24173 (uHR; V = the smallest power of 2 > |X_S|)", Claim::kUldp,
                   "Y_P = the V columns of the Hadamard matrix", kRequired, kRequired, kNo, kNo,
                   kNo, std::nullopt, std::size_t{1} << 20, "uhr_uldp",
                   "--k 6 --sensitive 0,2,3 --exp-eps 3", &make_uhr},
    MechanismEntry{"uss", "utility-optimized subset selection, block size K (uSS)",
                   "arXiv 2509.24173 (uSS; K defaults to the reference code's find_opt_k)",
                   Claim::kUldp, "Y_P = the K-subsets of X_S", kRequired, kRequired, kNo, kNo,
                   kOptional, std::nullopt, std::size_t{1} << 20, "uss_uldp",
                   "--k 6 --sensitive 0,1,3,4 --block 2 --exp-eps 3", &make_uss},
    MechanismEntry{"mangat", "Mangat's randomized response", "Section 3.1 (example of ULDP)",
                   Claim::kUldp, "Y_P = X_S = {1}", kOptional, kOptional, kNo, kOptional, kNo,
                   std::size_t{2}, 2, "mangat_uldp", "--exp-eps 3", &make_mangat},
};

// Every kind has exactly one entry (names are checked unique by the registry test).
static_assert(std::variant_size_v<MechanismKind> == kRegistry.size());

std::string parameter_list(const MechanismEntry& e) {
  std::string s = e.fixed_k ? "" : "k";
  auto add = [&](Takes t, const char* flag) {
    if (t != Takes::kNo) s += std::string(s.empty() ? "" : ", ") + flag;
  };
  add(e.sensitive, "sensitive");
  add(e.budget, "eps or exp_eps");
  add(e.theta, "theta");
  add(e.mangat_p, "mangat_p");
  add(e.block, "block");
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
  }
  return "?";
}

std::span<const MechanismEntry> mechanism_registry() { return kRegistry; }

std::string mechanism_names() {
  std::string names;
  for (const MechanismEntry& e : kRegistry)
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

const MechanismEntry& find_mechanism(std::string_view name, std::string_view what) {
  for (const MechanismEntry& e : kRegistry) {
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

MechanismSpec make_mechanism(const MechanismEntry& entry, const MechanismArguments& arguments) {
  require(entry, entry.sensitive, arguments.sensitive.has_value(), "sensitive",
          "X_S (a list such as 0-14; an empty list is allowed)");
  require(entry, entry.budget, arguments.budget.has_value(), "eps",
          "a budget (eps E or exp_eps T)");
  require(entry, entry.theta, arguments.theta.has_value(), "theta", "theta");
  require(entry, entry.mangat_p, arguments.mangat_p.has_value(), "mangat_p", "mangat_p P");
  require(entry, entry.block, arguments.block.has_value(), "block",
          "a block size K (1 <= K <= |X_S|)");
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
                 [](const auto& params) -> std::optional<PrivacyBudget> { return params.budget; }},
      spec.kind);
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
