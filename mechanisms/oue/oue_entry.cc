// OUE's registry entry; its derivations are generalized RAPPOR's (mechanisms/derivations.h).
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_oue(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), oue_spec(*a.budget)};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<OueSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kBudgetParameter.declaration, kRequired}};
  static const MechanismEntry entry = fixed_parameter_entry(
      registry_entry(std::type_identity<RapporSpec>{}),
      {.name = "oue",
       .title = "optimized unary encoding (OUE) = generalized RAPPOR at theta = 1/2",
       .reference = "Wang et al., USENIX Security 2017 (OUE); Section 2.4 at theta = 1/2",
       .parameters = kTakes,
       .make = &make_oue});
  return entry;
}

}  // namespace uldp
