// Mangat's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_mangat(const MechanismArguments& a) {
  const Probability* mangat_p = a.values.get(kMangatPParameter);
  if (a.sensitive && a.sensitive->indices() != std::vector<std::size_t>{1}) {
    throw InvalidArgument("sensitive: Mangat's mechanism has X_S = {1}");
  }
  if (mangat_p && a.budget)
    throw InvalidArgument("mangat_p: give either mangat_p or a budget, not both");
  if (!mangat_p && !a.budget)
    throw InvalidArgument(
        "mangat_p: mechanism mangat needs mangat_p P or a budget (eps E or exp_eps T)");
  if (mangat_p && mangat_p->is_zero()) {
    throw InvalidArgument("mangat_p: 0 gives no finite budget (Mangat's p = 1/e^eps is in (0,1])");
  }
  const IndexSet xs = IndexSet::from_indices({1}, 2, "sensitive");
  if (mangat_p) {
    return {2, xs,
            MangatSpec{*mangat_p, PrivacyBudget::from_exp_eps(1 / mangat_p->value(), "mangat_p")}};
  }
  return {2, xs, MangatSpec{Probability::from_rational(mangat_p_for(*a.budget), "p"), *a.budget}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<MangatSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kOptional},
                                            {&kBudgetParameter.declaration, kOptional},
                                            {&kMangatPParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{.name = "mangat",
                                        .title = "Mangat's randomized response",
                                        .reference = "Section 3.1 (example of ULDP)",
                                        .claim = Claim::kUldp,
                                        .protected_outputs = "Y_P = X_S = {1}",
                                        .parameters = kTakes,
                                        .fixed_k = std::size_t{2},
                                        .max_k = 2,
                                        .family_claim = "mangat_uldp",
                                        .example = "--exp-eps 3",
                                        .make = &make_mangat};
  return entry;
}

ExactForm exact_form(const MechanismSpec&, const MangatSpec& p, FormChoice) {
  return DenseForm{mangat(p.p), IndexSet::from_indices({1}, 2, "protected")};
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const MangatSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const MangatSpec& p) {
  return {{"p", p.p.value()}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const MangatSpec& p) {
  // m(0) = (1-p) p(0), m(1) = p + (1-p) p(1): each output is affine in one p(x).
  const Rational& q = p.p.value();
  return CoordinateModel({Rational(0), q}, {1 - q, 1 - q}, "Mangat");
}

}  // namespace uldp
