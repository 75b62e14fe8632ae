// uRAP's registry entry and derivations (mechanisms/derivations.h); uOUE is it at θ = 1/2 and
// shares them.
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_urap(const MechanismArguments& a) {
  return {a.k, *a.sensitive, UrapSpec{*a.budget, theta_or_default(a)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UrapSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired},
                                            {&kThetaParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{
      .name = "urap",
      .title = "utility-optimized RAPPOR (uRAP)",
      .reference = "Definition 4",
      .claim = Claim::kUldp,
      .protected_outputs = "Y_P = the vectors whose non-sensitive bits are all 0",
      .parameters = kTakes,
      .max_k = kMaxBits,
      .family_claim = "urap_uldp",
      .example = "--k 4 --sensitive 0,2 --exp-eps 4",
      .theta_family = "urap",
      .make = &make_urap};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const UrapSpec& p, FormChoice choice) {
  // Definition 4: Y_P = the vectors whose non-sensitive bits are all 0.
  return bit_product_form(utility_optimized_rappor(spec.sensitive, p.theta, p.budget),
                          spec.sensitive.complement(), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const UrapSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const UrapSpec& p) {
  const Rational& theta = p.theta.value();
  const UrapConstants d = urap_constants(theta, p.budget.exp_eps());
  return {{"theta", theta}, {"d1", d.d1}, {"d2", d.d2}};
}

CoordinateModel coordinate_model(const MechanismSpec& spec, const UrapSpec& p) {
  return coordinate_model(utility_optimized_rappor(spec.sensitive, p.theta, p.budget), "uRAP");
}

}  // namespace uldp
