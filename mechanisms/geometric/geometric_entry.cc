// The geometric mechanism's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/geometric/geometric.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

// The widest grid any command builds: k = W H <= 625, so that `check` can decide its claim on
// the per-pair losses (k^3 <= 2^28 comparisons, api/src/pair_loss.cc) as for a 25 x 25 grid.
constexpr std::size_t kMaxCells = 625;

MechanismSpec make_geometric(const MechanismArguments& a) {
  const auto [width, height] = *a.values.get(kGridParameter);
  const PrivacyBudget& per_unit =
      *a.values.get(kBudgetPerUnitParameter);  // within kMaxCells: make_mechanism checked it
  if (per_unit.exp_eps() <= 1) {
    throw InvalidArgument(
        std::string(per_unit.epsilon() ? "eps_per_unit" : "exp_eps_per_unit") +
        ": the geometric mechanism needs e^eps > 1 per unit (at 1 it reports every cell's row "
        "alike and nothing can be estimated)");
  }
  require_affordable_grid(width, height, per_unit.exp_eps(),
                          per_unit.epsilon() ? "eps_per_unit" : "exp_eps_per_unit");
  return {a.k, IndexSet::all(a.k), GeometricSpec{width, height, per_unit}};
}

// Σ_y G(y|x) s_y with s_y = Σ_x' G^{-1}(y, x')², on one axis: the empirical estimator's
// n E[l2²] is Σ_x p(x) Σ_y Q(y|x) s_y - Σ_x p(x)², and both factor over the axes.
std::vector<Rational> axis_linear(std::size_t n, const Rational& t) {
  const std::vector<Rational> g = truncated_geometric(n, t);
  const std::vector<Rational> inverse = truncated_geometric_inverse(n, t);
  std::vector<Rational> s(n, Rational(0)), linear(n, Rational(0));
  for (std::size_t y = 0; y < n; ++y) {
    for (std::size_t x = 0; x < n; ++x) s[y] += inverse[y * n + x] * inverse[y * n + x];
  }
  for (std::size_t x = 0; x < n; ++x) {
    for (std::size_t y = 0; y < n; ++y) linear[x] += g[x * n + y] * s[y];
  }
  return linear;
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<GeometricSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kGridParameter.declaration, kRequired},
                                            {&kBudgetPerUnitParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "geometric",
      .title = "truncated geometric mechanism on a W x H grid",
      .reference =
          "Ghosh et al., STOC 2009, on each axis; geo-indistinguishability, Andres et al., CCS "
          "2013",
      .claim = Claim::kMetricLdp,
      .protected_outputs = "every output; e^(eps d) per pair, d the Manhattan distance of the grid",
      .parameters = kTakes,
      .max_k = kMaxCells,
      .family_claim = "geometric_metric_ldp",
      .example = "--grid 3x2 --exp-eps-per-unit 2",
      .make = &make_geometric,
      .pair_claim = [](const MechanismSpec& spec) -> PairClaim {
        const GeometricSpec& g = std::get<GeometricSpec>(spec.kind);
        return MetricPairClaim{g.width, g.height, false, g.per_unit};
      },
      .budget_description =
          [](const MechanismSpec& spec) {
            return per_unit_budget_description(std::get<GeometricSpec>(spec.kind).per_unit,
                                               "Manhattan");
          },
      .pair_losses =
          [](const MechanismSpec& spec) {
            return grid_pair_losses(std::get<GeometricSpec>(spec.kind));
          },
      .pair_losses_form = kGridPairLossesForm};
  return entry;
}

ExactForm exact_form(const MechanismSpec&, const GeometricSpec& p, FormChoice) {
  DenseMechanism q = geometric_grid(p.width, p.height, p.per_unit.exp_eps());
  const std::size_t k = q.num_outputs();
  return DenseForm{std::move(q), IndexSet::all(k)};
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const GeometricSpec&, std::size_t) {
  return std::nullopt;  // its outputs are listed
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const GeometricSpec& p) {
  const Rational& t = p.per_unit.exp_eps();
  return {{"W", Rational(static_cast<long>(p.width))},
          {"H", Rational(static_cast<long>(p.height))},
          {"alpha", 1 / t},
          {"interior", (t - 1) / (t + 1)},
          {"edge", t / (t + 1)}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const GeometricSpec&) {
  throw InvalidArgument(
      "geometric: its empirical estimator is not coordinate-wise (it inverts the whole matrix); "
      "its l2 loss is exact (l2_quadratic), its l1 loss is not implemented");
}

L2Quadratic l2_quadratic(const MechanismSpec&, const GeometricSpec& p) {
  const Rational& t = p.per_unit.exp_eps();
  const std::vector<Rational> across = axis_linear(p.width, t);
  const std::vector<Rational> down = axis_linear(p.height, t);
  L2Quadratic quadratic{Rational(0), std::vector<Rational>(p.width * p.height)};
  for (std::size_t x = 0; x < quadratic.linear.size(); ++x) {
    quadratic.linear[x] = down[x / p.width] * across[x % p.width];
  }
  return quadratic;
}

}  // namespace uldp
