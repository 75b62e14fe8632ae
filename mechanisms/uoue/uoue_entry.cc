// uOUE's registry entry; its derivations are uRAP's (mechanisms/derivations.h).
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_uoue(const MechanismArguments& a) {
  return {a.k, *a.sensitive, uoue_spec(*a.budget)};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UoueSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired}};
  static const MechanismEntry entry =
      fixed_parameter_entry(registry_entry(std::type_identity<UrapSpec>{}),
                            {.name = "uoue",
                             .title = "utility-optimized OUE (uOUE) = uRAP at theta = 1/2",
                             .reference = "arXiv 2509.24173; Definition 4 at theta = 1/2",
                             .parameters = kTakes,
                             .make = &make_uoue});
  return entry;
}

}  // namespace uldp
