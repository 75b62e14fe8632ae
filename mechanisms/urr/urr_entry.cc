// uRR's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_urr(const MechanismArguments& a) {
  return {a.k, *a.sensitive, UrrSpec{*a.budget}};
}

}  // namespace

namespace {

// What a uRR server divides by (eq. (10)): a wrong one is the likely cause of a mismatch.
std::vector<MechanismParameter> urr_estimator_divisors(const MechanismSpec& spec) {
  const UrrConstants c =
      urr_constants(spec.sensitive.size(), std::get<UrrSpec>(spec.kind).budget.exp_eps());
  return {{"c3", c.c3}, {"c1 - c2", c.c1 - c.c2}, {"c1", c.c1}, {"c2", c.c2}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UrrSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{.name = "urr",
                                        .title = "utility-optimized randomized response (uRR)",
                                        .reference = "Definition 3",
                                        .claim = Claim::kUldp,
                                        .protected_outputs = "Y_P = X_S",
                                        .parameters = kTakes,
                                        .family_claim = "urr_uldp",
                                        .example = "--k 5 --sensitive 1,3 --exp-eps 3",
                                        .estimator_divisors = &urr_estimator_divisors,
                                        .make = &make_urr};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const UrrSpec& p, FormChoice choice) {
  if (choice == FormChoice::kStructured) {
    return ClassForm{utility_optimized_rr_classes(spec.sensitive, p.budget), spec.sensitive};
  }
  require_dense_symbols(spec.k, p.budget);
  return DenseForm{utility_optimized_rr(spec.sensitive, p.budget), spec.sensitive};
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const UrrSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const UrrSpec& p) {
  const UrrConstants c = urr_constants(spec.sensitive.size(), p.budget.exp_eps());
  return {{"c1", c.c1}, {"c2", c.c2}, {"c3", c.c3}};
}

CoordinateModel coordinate_model(const MechanismSpec& spec, const UrrSpec& p) {
  // eq. (34): m(x) = c2 + (c1 - c2) p(x) on X_S, c3 p(x) on X_N.
  const UrrConstants c = urr_constants(spec.sensitive.size(), p.budget.exp_eps());
  std::vector<Rational> offset(spec.k), gain(spec.k);
  for (std::size_t x = 0; x < spec.k; ++x) {
    offset[x] = spec.sensitive.contains(x) ? c.c2 : Rational(0);
    gain[x] = spec.sensitive.contains(x) ? Rational(c.c1 - c.c2) : c.c3;
  }
  return CoordinateModel(std::move(offset), std::move(gain), "uRR");
}

}  // namespace uldp
