// ε-RR's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_rr(const MechanismArguments& a) {
  return {a.k, sensitive_or_all(a), RrSpec{*a.budget}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<RrSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kOptional},
                                            {&kBudgetParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{.name = "rr",
                                        .title = "randomized response (eps-RR)",
                                        .reference = "Section 2.4, eq. (2)",
                                        .claim = Claim::kLdp,
                                        .protected_outputs = "Y_P = Y (all outputs)",
                                        .parameters = kTakes,
                                        .family_claim = "rr_ldp",
                                        .example = "--k 5 --exp-eps 3",
                                        .make = &make_rr};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const RrSpec& p, FormChoice choice) {
  // One input class: the class form serves X_S = X; another X_S is checked densely.
  if (choice == FormChoice::kStructured && spec.sensitive.size() == spec.k) {
    return ClassForm{randomized_response_classes(spec.k, p.budget), IndexSet::all(spec.k)};
  }
  require_dense_symbols(spec.k, p.budget);
  return DenseForm{randomized_response(spec.k, p.budget), IndexSet::all(spec.k)};
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const RrSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const RrSpec& p) {
  const Rational& t = p.budget.exp_eps();
  const Rational denominator = Rational(spec.k) + t - 1;
  return {{"keep", t / denominator}, {"other", 1 / denominator}};
}

CoordinateModel coordinate_model(const MechanismSpec& spec, const RrSpec& p) {
  // eq. (2): m(x) = (t p(x) + 1 - p(x)) / (k + t - 1).
  const Rational& t = p.budget.exp_eps();
  const Rational denominator = spec.k + t - 1;
  return CoordinateModel(std::vector<Rational>(spec.k, 1 / denominator),
                         std::vector<Rational>(spec.k, (t - 1) / denominator), "RR");
}

}  // namespace uldp
