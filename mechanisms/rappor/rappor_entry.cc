// Generalized RAPPOR's registry entry and derivations (mechanisms/derivations.h); OUE and SUE are
// it at a fixed θ and share them.
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_rappor(const MechanismArguments& a) {
  return {a.k, sensitive_or_all(a), RapporSpec{*a.budget, theta_or_default(a)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<RapporSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kOptional},
                                            {&kBudgetParameter.declaration, kRequired},
                                            {&kThetaParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{
      .name = "rappor",
      .title = "generalized RAPPOR (basic one-time RAPPOR by default)",
      .reference = "Section 2.4",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = {0,1}^k (all outputs)",
      .parameters = kTakes,
      .max_k = kMaxBits,
      .family_claim = "rappor_ldp",
      .example = "--k 4 --exp-eps 4",
      .theta_family = "rappor",
      .make = &make_rappor,
      .theta_over_every_symbol = true};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const RapporSpec& p, FormChoice choice) {
  return bit_product_form(generalized_rappor(spec.k, p.theta, p.budget),
                          IndexSet::from_indices({}, spec.k, "zero bits"), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const RapporSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const RapporSpec& p) {
  const Rational& theta = p.theta.value();
  return {{"theta", theta}, {"psi", rappor_psi(theta, p.budget.exp_eps())}};
}

CoordinateModel coordinate_model(const MechanismSpec& spec, const RapporSpec& p) {
  return coordinate_model(generalized_rappor(spec.k, p.theta, p.budget), "RAPPOR");
}

}  // namespace uldp
