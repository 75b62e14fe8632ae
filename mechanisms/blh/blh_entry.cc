// BLH's registry entry; its derivations are local hashing's (mechanisms/derivations.h).
#include "uldp/mechanisms/blh/blh.h"
#include "uldp/mechanisms/olh/olh_arguments.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_blh(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), BlhSpec{local_hashing_spec(a, 2)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<BlhSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBudgetParameter.declaration, kRequired},
      {&kHashSeedsParameter.declaration, kOptional, &kHashFamilyParameter.declaration}};
  static const MechanismEntry entry =
      fixed_parameter_entry(registry_entry(std::type_identity<OlhSpec>{}),
                            {.name = "blh",
                             .title = "binary local hashing (BLH) = local hashing at g = 2",
                             .reference = "Wang et al., USENIX Security 2017 (BLH)",
                             .parameters = kTakes,
                             .make = &make_blh});
  return entry;
}

}  // namespace uldp
