// uLH's registry entry; its derivations are local hashing's, which read X_S
// (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/mechanisms/olh/olh_arguments.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ulh/ulh.h"

namespace uldp {
namespace {

MechanismSpec make_ulh(const MechanismArguments& a) {
  if (a.sensitive->size() == 0) throw InvalidArgument("sensitive: uLH needs a non-empty X_S");
  return {a.k, *a.sensitive, UlhSpec{local_hashing_spec(a, std::nullopt)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UlhSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kSensitiveParameter.declaration, kRequired},
      {&kBudgetParameter.declaration, kRequired},
      {&kHashRangeParameter.declaration, kOptional},
      {&kHashSeedsParameter.declaration, kOptional, &kHashFamilyParameter.declaration}};
  static constexpr MechanismEntry entry{
      .name = "ulh",
      .title = "utility-optimized local hashing (uLH; uldp's construction)",
      .reference =
          "uldp: OLH on X_S, uRR's shape on X_N (He et al., USENIX Security 2025, "
          "announce a uLH; their text is not public)",
      .claim = Claim::kUldp,
      .protected_outputs = "Y_P = every (seed, value); Y_I = X_N",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "local_hashing_uldp",
      .example = "--k 6 --sensitive 0,1,2 --exp-eps 3 --hash-seeds 4",
      .unbiased_estimator = false,
      .make = &make_ulh};
  return entry;
}

}  // namespace uldp
