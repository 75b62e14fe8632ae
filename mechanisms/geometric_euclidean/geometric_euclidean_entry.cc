// The Euclidean geometric mechanism's registry entry; its derivations are GeometricSpec's
// (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/mechanisms/geometric_euclidean/geometric_euclidean.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

// As the Manhattan one's: check decides its claim on the pair losses (k^3 <= 2^28).
constexpr std::size_t kMaxCells = 625;

MechanismSpec make_geometric_euclidean(const MechanismArguments& a) {
  const auto [width, height] = *a.values.get(kGridParameter);
  const PrivacyBudget& per_unit =
      *a.values.get(kBudgetPerUnitParameter);  // within kMaxCells: make_mechanism checked it
  const std::optional<Rational>& epsilon = per_unit.epsilon();
  if (!epsilon) {
    throw InvalidArgument(
        "exp_eps_per_unit: the Euclidean geometric mechanism takes eps_per_unit (its bounds "
        "e^(eps d) at irrational distances are certified from eps)");
  }
  if (*epsilon <= 0) {
    throw InvalidArgument(
        "eps_per_unit: the Euclidean geometric mechanism needs eps > 0 per unit (at 0 it reports "
        "every cell's row alike and nothing can be estimated)");
  }
  PrivacyBudget step = euclidean_step(*epsilon);
  if (step.exp_eps() <= 1) {  // e^(eps/sqrt 2) rounded down to 64 bits is 1: nothing to estimate
    throw InvalidArgument("eps_per_unit: " + to_string(*epsilon) +
                          " is too small for the Euclidean geometric mechanism (its step rounds "
                          "to 1)");
  }
  require_affordable_grid(width, height, step.exp_eps(), "eps_per_unit");
  return {a.k, IndexSet::all(a.k),
          GeometricEuclideanSpec{{width, height, std::move(step)}, per_unit}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<GeometricEuclideanSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kGridParameter.declaration, kRequired},
                                            {&kBudgetPerUnitParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "geometric-euclidean",
      .title = "truncated geometric mechanism on a W x H grid for Euclidean distance",
      .reference =
          "Ghosh et al., STOC 2009, on each axis at e^(eps/sqrt 2); geo-indistinguishability, "
          "Andres "
          "et al., CCS 2013",
      .claim = Claim::kMetricLdp,
      .protected_outputs = "every output; e^(eps d) per pair, d the Euclidean distance of the grid",
      .parameters = kTakes,
      .max_k = kMaxCells,
      .family_claim = "geometric_euclidean_metric_ldp",
      .example = "--grid 3x2 --eps-per-unit 1",
      .make = &make_geometric_euclidean,
      .pair_claim = [](const MechanismSpec& spec) -> PairClaim {
        const GeometricEuclideanSpec& g = std::get<GeometricEuclideanSpec>(spec.kind);
        return MetricPairClaim{g.width, g.height, true, g.euclidean_per_unit};
      },
      .budget_description =
          [](const MechanismSpec& spec) {
            // eps as asked; the mechanism is built from its step t' <= e^(eps/sqrt 2), not e^eps.
            const GeometricEuclideanSpec& g = std::get<GeometricEuclideanSpec>(spec.kind);
            return "eps_per_unit = " + to_string(*g.euclidean_per_unit.epsilon()) +
                   " (metric LDP, Euclidean distance; built with t' = " +
                   to_decimal(g.per_unit.exp_eps(), 10) +
                   "... <= e^(eps/sqrt 2) per unit of Manhattan distance)";
          },
      .pair_losses =
          [](const MechanismSpec& spec) {
            return grid_pair_losses(std::get<GeometricEuclideanSpec>(spec.kind));
          },
      .pair_losses_form = kGridPairLossesForm};
  return entry;
}

}  // namespace uldp
