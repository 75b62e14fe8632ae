// FLH's registry entry; its derivations are local hashing's (mechanisms/derivations.h).
#include "uldp/mechanisms/flh/flh.h"
#include "uldp/mechanisms/olh/olh_arguments.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_flh(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), FlhSpec{local_hashing_spec(a, std::nullopt)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<FlhSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kBudgetParameter.declaration, kRequired},
                                            {&kHashRangeParameter.declaration, kOptional},
                                            {&kHashSeedsParameter.declaration, kRequired}};
  static const MechanismEntry entry = fixed_parameter_entry(
      registry_entry(std::type_identity<OlhSpec>{}),
      {.name = "flh",
       .title = "fast local hashing (FLH): local hashing over S hash functions fixed in advance",
       .reference = "Cormode, Maddock and Maple, VLDB 2021 (FLH)",
       .parameters = kTakes,
       .make = &make_flh});
  return entry;
}

}  // namespace uldp
