// uBD's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"

namespace uldp {
namespace {

MechanismSpec make_ubd(const MechanismArguments& a) {
  ubd_constants(a.sensitive->size(), *a.values.get(kBlockParameter),
                a.budget->exp_eps());  // validates X_S and K
  return {a.k, *a.sensitive, UbdSpec{*a.budget, *a.values.get(kBlockParameter)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UbdSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired},
                                            {&kBlockParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "ubd",
      .title = "utility-optimized block design, one block size K (uBD)",
      .reference = "arXiv 2509.24173 (uBD with a single K)",
      .claim = Claim::kUldp,
      .protected_outputs = "Y_P = the K-subsets of X_S",
      .parameters = kTakes,
      .family_claim = "ubd_uldp",
      .example = "--k 5 --sensitive 0,1,3 --block 2 --exp-eps 3",
      .make = &make_ubd};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const UbdSpec& p, FormChoice choice) {
  return class_family_form(ubd_classes(spec.sensitive, p.block, p.budget), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UbdSpec& p,
                                      std::size_t max_entries) {
  const UbdConstants c = ubd_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
  return pool_block_family(spec.sensitive, {{p.block, Rational(1), c}},
                           {c.reports_self, std::nullopt, 0}, max_entries);
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const UbdSpec& p) {
  const UbdConstants c = ubd_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
  return {{"K", Rational(static_cast<long>(p.block))},
          {"blocks", Rational(c.blocks)},
          {"in_block", c.in_block},
          {"off_block", c.off_block},
          {"from_open", c.from_open},
          {"reports_self", c.reports_self}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const UbdSpec&) {
  throw InvalidArgument(
      "uBD: its empirical estimator is not coordinate-wise (a sensitive estimate also uses the "
      "count of X_N reports); its l2 loss is exact (l2_quadratic), its l1 loss is not "
      "implemented");
}

L2Quadratic l2_quadratic(const MechanismSpec& spec, const UbdSpec& p) {
  return ubd_l2_quadratic(spec.sensitive, p.block, p.budget);
}

}  // namespace uldp
