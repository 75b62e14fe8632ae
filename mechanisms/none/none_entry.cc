// The non-private mechanism's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_non_private(const MechanismArguments& a) {
  return {a.k, a.sensitive ? *a.sensitive : IndexSet::from_indices({}, a.k, "sensitive"),
          NoneSpec{}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<NoneSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{
      .name = "none",
      .title = "non-private mechanism (Q = I)",
      .reference = "the baseline of Section 6",
      .claim = Claim::kNone,
      .protected_outputs = "Y_P = X_S (empty by default: no privacy)",
      .parameters = kTakes,
      .family_claim = "",
      .example = "--k 5",
      .make = &make_non_private};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const NoneSpec&, FormChoice) {
  require_dense_symbols(spec.k);
  return DenseForm{non_private(spec.k),
                   spec.sensitive};  // Y_P = X_S: a sensitive x is never hidden
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const NoneSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const NoneSpec&) {
  return {};
}

CoordinateModel coordinate_model(const MechanismSpec& spec, const NoneSpec&) {
  return CoordinateModel(std::vector<Rational>(spec.k, Rational(0)),
                         std::vector<Rational>(spec.k, Rational(1)), "non-private");
}

}  // namespace uldp
