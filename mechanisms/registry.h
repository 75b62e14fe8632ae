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

#include "uldp/arithmetic/probability.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

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
  std::optional<IndexSet> sensitive;
  std::optional<PrivacyBudget> budget;
  std::optional<Probability> theta;
  std::optional<Probability> mangat_p;
  std::optional<std::size_t> block;  ///< uBD's block size K
  /// The grid of a mechanism on grid cells (width, height): k = width x height, cells row by row.
  std::optional<std::pair<std::size_t, std::size_t>> grid;
  /// The budget per unit of distance of a metric-LDP mechanism (t = e^ε per unit).
  std::optional<PrivacyBudget> budget_per_unit;
  /// One budget per input (IDUE's ε_x or e^ε_x, all given alike); it sets k.
  std::optional<std::vector<PrivacyBudget>> input_budgets;
  /// Per-input bit probabilities of a unary encoding: P(bit x = 1) under x and under another input.
  std::optional<std::vector<Rational>> one_if_on, one_if_off;
};

/// One registered mechanism.
struct MechanismEntry {
  std::string_view name;       ///< "urr": the name every command accepts
  std::string_view title;      ///< "utility-optimized randomized response (uRR)"
  std::string_view reference;  ///< where it is defined ("Definition 5, eq. (9)")
  Claim claim;
  std::string_view protected_outputs;  ///< the declared Y_P, in words
  Takes sensitive;                     ///< --sensitive (X_S)
  Takes budget;                        ///< --eps / --exp-eps
  Takes theta;                         ///< --theta (RAPPOR family)
  Takes mangat_p;                      ///< --mangat-p
  Takes block;                         ///< --block (uBD)
  Takes grid;                          ///< --grid WxH (it sets k)
  Takes budget_per_unit;               ///< --eps-per-unit / --exp-eps-per-unit
  Takes input_budgets;                 ///< --id-eps / --id-exp-eps (it sets k)
  Takes bit_probabilities;             ///< --one-if-off (and --one-if-on)
  std::optional<std::size_t> fixed_k;  ///< k when the mechanism fixes it (Mangat: 2)
  std::size_t max_k;                   ///< the largest k any command builds
  std::string_view family_claim;       ///< the `uldp prove` claim covering every parameter value
  std::string_view
      example;  ///< flags that build a small instance ("--k 5 --sensitive 1,3 --exp-eps 3")
  /// Builds the spec; throws InvalidArgument naming the flag on a bad combination.
  MechanismSpec (*make)(const MechanismArguments& arguments);
};

/// The folders' limits on k: symbol-valued mechanisms (estimators and samplers are O(k); exact
/// checks are class-structured) and bit-vector mechanisms (reports cost memory per bit).
inline constexpr std::size_t kMaxSymbols = 10'000'000;
inline constexpr std::size_t kMaxBits = 1'000'000;
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
