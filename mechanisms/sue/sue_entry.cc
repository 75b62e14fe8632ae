// SUE's registry entry; its derivations are generalized RAPPOR's (mechanisms/derivations.h).
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_sue(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), sue_spec(*a.budget)};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<SueSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kBudgetParameter.declaration, kRequired}};
  static const MechanismEntry entry = fixed_parameter_entry(
      registry_entry(std::type_identity<RapporSpec>{}),
      {.name = "sue",
       .title = "symmetric unary encoding (SUE) = basic one-time RAPPOR",
       .reference = "Wang et al., USENIX Security 2017 (SUE); Section 2.4 at theta = s/(s+1)",
       .parameters = kTakes,
       .make = &make_sue});
  return entry;
}

}  // namespace uldp
