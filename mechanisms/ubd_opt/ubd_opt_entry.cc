// The optimal uBD mixture's registry entry and derivations (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt_estimator.h"

namespace uldp {
namespace {

MechanismSpec make_ubd_opt(const MechanismArguments& a) {
  return {a.k, *a.sensitive, optimal_ubd_mixture(*a.sensitive, *a.budget)};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UbdOptSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "ubd-opt",
      .title =
          "the optimal uBD mixture: block size K drawn with the certified weights of the "
          "fundamental limit",
      .reference = "arXiv 2509.24173 (optimal mixture)",
      .claim = Claim::kUldp,
      .protected_outputs = "Y_P = the K-subsets of X_S, for every K of the mixture",
      .parameters = kTakes,
      .family_claim = "ubd_uldp",
      .example = "--k 8 --sensitive 0,2,3,5 --exp-eps 4",
      .make = &make_ubd_opt};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const UbdOptSpec& p, FormChoice choice) {
  return class_family_form(ubd_opt_classes(spec.sensitive, p.weights, p.budget), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UbdOptSpec& p,
                                      std::size_t max_entries) {
  std::vector<PooledComponent> components;
  Rational alone = 0;
  for (const BlockWeight& w : p.weights) {
    components.push_back(
        {w.block, w.weight, ubd_constants(spec.sensitive.size(), w.block, p.budget.exp_eps())});
    alone += w.weight * components.back().c.reports_self;
  }
  return pool_block_family(spec.sensitive, components, {alone, std::nullopt, 0}, max_entries);
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const UbdOptSpec& p) {
  std::vector<MechanismParameter> out{{"sensitive_mass", p.sensitive_mass}};
  for (const BlockWeight& bw : p.weights)
    out.push_back({"weight_K" + std::to_string(bw.block), bw.weight});
  return out;
}

CoordinateModel coordinate_model(const MechanismSpec&, const UbdOptSpec&) {
  throw InvalidArgument(
      "ubd-opt: its estimator is not coordinate-wise (a report's estimate depends on its block "
      "size and on the X_N reports); its l2 loss is exact (l2_quadratic), its l1 loss is not "
      "implemented");
}

L2Quadratic l2_quadratic(const MechanismSpec& spec, const UbdOptSpec& p) {
  return ubd_opt_l2_quadratic(spec.sensitive, p.weights, p.sensitive_mass, p.budget);
}

}  // namespace uldp
