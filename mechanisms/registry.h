// The registry of mechanisms: every mechanism uldp knows, once, with its name, its privacy
// claim, the parameters it takes, its limits, an example and its help text. Commands, tests and
// docs walk this list. Each entry lives in its mechanism's folder (registry_entry in
// NAME_entry.cc); the list is MechanismKind's alternatives in order.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp {

class PairLossMatrix;  // uldp/forms/pair_loss.h

/// What a mechanism promises.
enum class Claim {
  kNone,  ///< no privacy (the non-private baseline)
  kLdp,   ///< ε-LDP (Definition 1)
  kUldp,  ///< (X_S, Y_P, ε)-ULDP with its declared Y_P (Definition 2)
  /// Metric LDP on its grid (geo-indistinguishability): e^{ε d(x, x')} for every pair, with ε per
  /// unit of Manhattan distance (uldp/forms/metric_privacy.h)
  kMetricLdp,
  /// MinID-LDP at its per-input budgets (Gu et al., ICDE 2020): e^{min(ε_x, ε_x')} for every pair
  /// (uldp/forms/input_discriminative.h)
  kMinIdLdp,
};
/// "none", "ldp", "uldp", "metric_ldp", "minid_ldp".
std::string_view claim_name(Claim claim);

/// Whether a mechanism takes a parameter.
enum class Takes { kNo, kOptional, kRequired };

/// Parameters from any front end (command-line flags, a table row, a test), already parsed
/// and validated as values: k within the entry's limit, X_S over k symbols.
struct MechanismArguments {
  std::size_t k = 0;
  std::optional<IndexSet> sensitive;    ///< kSensitiveParameter
  std::optional<PrivacyBudget> budget;  ///< kBudgetParameter
  /// Every other parameter given (parameter_table.h): `values.get(kThetaParameter)`.
  ParameterValues values;
};

/// A parameter an entry takes, and how.
struct ParameterUse {
  const ParameterDeclaration* parameter;
  Takes takes;
  /// A parameter that may be given in its place, never both (a hash family file instead of a
  /// seed count): taken as optional, and a required `parameter` is satisfied by it.
  const ParameterDeclaration* or_instead = nullptr;
};

/// The folders' limits on k: symbol-valued mechanisms (estimators and samplers are O(k); exact
/// checks are class-structured) and bit-vector mechanisms (reports cost memory per bit).
inline constexpr std::size_t kMaxSymbols = 10'000'000;
inline constexpr std::size_t kMaxBits = 1'000'000;

/// A privacy bound a mechanism states besides its claim (rappor-bloom's long-run e^eps_inf),
/// decided exactly on the instance and set beside the published formula's value; check prints it.
struct StatedBound {
  std::string name;                  ///< "long run (the permanent response alone)"
  std::string basis;                 ///< "f = 19/64 (the java client's draw of f = 3/10)"
  ExtendedRational tight_exp_eps;    ///< the instance's tight e^eps
  ExtendedRational formula_exp_eps;  ///< the published formula's e^eps at the same f
  std::string formula;               ///< "2h ln((1 - f/2) / (f/2))"
};

/// One registered mechanism, written with designated initialisers naming only what it takes.
/// A mechanism's own per-pair claim: metric LDP at a budget per unit of distance on its grid
/// (Manhattan, or Euclidean), or MinID-LDP at one budget per input (a pair bounded by the smaller).
struct MetricPairClaim {
  std::size_t width = 0, height = 0;
  bool euclidean = false;
  PrivacyBudget per_unit;
};
struct MinIdPairClaim {
  std::vector<PrivacyBudget> per_input;
};
using PairClaim = std::variant<MetricPairClaim, MinIdPairClaim>;

struct MechanismEntry {
  std::string_view name = {};       ///< "urr": the name every command accepts
  std::string_view title = {};      ///< "utility-optimized randomized response (uRR)"
  std::string_view reference = {};  ///< where it is defined ("Definition 5, eq. (9)")
  Claim claim = Claim::kNone;
  std::string_view protected_outputs = {};  ///< the declared Y_P, in words
  /// The parameters it takes besides k; every other declared parameter is refused.
  std::span<const ParameterUse> parameters = {};
  std::optional<std::size_t> fixed_k = std::nullopt;  ///< k when the mechanism fixes it (Mangat: 2)
  std::size_t max_k = kMaxSymbols;                    ///< the largest k any command builds
  std::string_view family_claim = {};  ///< the `uldp prove` claim covering every parameter value
  std::string_view example = {};       ///< flags that build a small instance ("--k 5 --exp-eps 3")
  /// Whether its empirical estimator is unbiased for every input distribution, so that its l2
  /// loss is exact (l2_quadratic); local hashing's support count is biased over a finite family
  /// (olh_estimator.h), and its l2_quadratic says so.
  bool unbiased_estimator = true;
  /// The mechanism whose θ its family varies ("rappor" for rappor, oue and sue; "urap" for urap
  /// and uoue): the other θ readings `conform`'s diagnosis tries are that mechanism's. Empty: no
  /// θ family.
  std::string_view theta_family = {};
  /// The constants its server divides by, for `conform estimates` to name a wrong factor
  /// (uRR: c3, c1 - c2, c1, c2), on a spec it made (none: nullptr).
  std::vector<MechanismParameter> (*estimator_divisors)(const MechanismSpec& spec) = nullptr;
  /// Builds the spec; throws InvalidArgument naming the parameter on a bad combination.
  MechanismSpec (*make)(const MechanismArguments& arguments) = nullptr;
  /// The bounds it states besides its claim, decided on a spec it made (none: nullptr).
  std::vector<StatedBound> (*stated_bounds)(const MechanismSpec& spec) = nullptr;
  /// Its per-pair claim's parameters on a spec it made (claim kMetricLdp or kMinIdLdp; none:
  /// nullptr).
  PairClaim (*pair_claim)(const MechanismSpec& spec) = nullptr;
  /// Its budget for people, on a spec it made, when it is no single e^eps (a budget per unit of
  /// distance, one per input); nullptr: the budget's own description, or "no privacy".
  std::string (*budget_description)(const MechanismSpec& spec) = nullptr;
  /// Its pair losses over every output read its own way, where that beats the dense reading's k^3
  /// comparisons (the grids: axis by axis), on a spec it made; nullptr: read on its exact form.
  PairLossMatrix (*pair_losses)(const MechanismSpec& spec) = nullptr;
  /// How pair_losses reads it, for `check`'s form line ("dense, read axis by axis ...").
  std::string_view pair_losses_form = {};
  /// Whether its θ treats every symbol as sensitive whatever X_S is declared (RAPPOR: uRAP with
  /// X_S = X), so that the optimal θ is uRAP's at |X_S| = k.
  bool theta_over_every_symbol = false;

  /// How it takes `p` (kNo when not listed).
  Takes takes(const ParameterDeclaration& p) const;
  /// Whether k is given (not fixed, not set by a parameter such as the grid).
  bool takes_k() const;
};

/// The entry of a mechanism that is another at a fixed parameter (OUE and SUE: RAPPOR at a θ;
/// uOUE: uRAP at 1/2): the base's claim, Y_P, limits, family claim and example, with `own`'s
/// name, title, reference, parameters and factory.
inline MechanismEntry fixed_parameter_entry(const MechanismEntry& base, MechanismEntry own) {
  own.claim = base.claim;
  own.protected_outputs = base.protected_outputs;
  own.fixed_k = base.fixed_k;
  own.max_k = base.max_k;
  own.family_claim = base.family_claim;
  own.example = base.example;
  own.unbiased_estimator = base.unbiased_estimator;
  own.theta_family = base.theta_family;
  return own;
}

/// Every parameter any entry takes and every shared one (parameter_table.h), each once, in the
/// table's order then the registry's.
std::vector<const ParameterDeclaration*> declared_parameters();
/// The declaration a keyword belongs to ("exp_eps_per_unit" -> budget_per_unit), or nullptr.
const ParameterDeclaration* parameter_of_keyword(std::string_view keyword);
/// What `entry` takes, optional ones in brackets: as keywords for messages ("k, sensitive, eps
/// or exp_eps, [theta]"; "none"), or as flags with k's limits for `uldp mechanism --list`
/// ("--k <= 10000000, --sensitive, --eps|--exp-eps, [--theta THETA]"; "k = 2, ...").
std::string parameter_list(const MechanismEntry& entry, bool as_flags = false);

/// For the folders' factories: X_S as given, or every symbol.
IndexSet sensitive_or_all(const MechanismArguments& arguments);
/// For the RAPPOR family's factories: θ as given, or the paper's default for the budget.
Probability theta_or_default(const MechanismArguments& arguments);

/// Every registered mechanism, in the order of MechanismKind's alternatives.
std::span<const MechanismEntry> mechanism_registry();
/// The entry named `name`; throws InvalidArgument "<what>: unknown mechanism 'x' (expected rr,
/// urr, ...)" otherwise.
const MechanismEntry& find_mechanism(std::string_view name, std::string_view what = "mechanism");
/// Checks the arguments against the entry (required ones given, no foreign ones, k within its
/// limits) and builds the spec; throws InvalidArgument naming the flag.
MechanismSpec make_mechanism(const MechanismEntry& entry, const MechanismArguments& arguments);

/// θ written as text for `entry` over `arguments` (k, X_S, budget already set): "paper" = the
/// mechanism's default θ = s/(s+1) (nullopt), "optimal" / "optimal-l1" = the certified θ* of the
/// worst-case l2 / asymptotic l1 loss (optimal_theta.h; RAPPOR is uRAP with X_S = X), or a
/// probability. Throws InvalidArgument naming `what`.
std::optional<Probability> resolve_theta(const std::string& text, const MechanismEntry& entry,
                                         const MechanismArguments& arguments,
                                         const std::string& what = "theta");
/// Builds the mechanism named `name` over sensitive.universe() symbols from a full set of values,
/// passing X_S, the budget and θ only where the entry takes them (tables, tests).
MechanismSpec make_mechanism(std::string_view name, const IndexSet& sensitive,
                             const PrivacyBudget& budget,
                             const std::optional<Probability>& theta = std::nullopt);
/// The entry of a spec's kind.
const MechanismEntry& entry_of(const MechanismSpec& spec);
/// "none, rr, urr, rappor, urap, mangat".
std::string mechanism_names();

}  // namespace uldp
