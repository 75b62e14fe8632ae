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
  static constexpr MechanismEntry entry{
      "sue",
      "symmetric unary encoding (SUE) = basic one-time RAPPOR",
      "Wang et al., USENIX Security 2017 (SUE); Section 2.4 at theta = s/(s+1)",
      Claim::kLdp,
      "Y_P = {0,1}^k (all outputs)",
      kNo,
      kRequired,
      kNo,
      kNo,
      kNo,
      kNo,
      kNo,
      kNo,
      kNo,
      std::nullopt,
      kMaxBits,
      "rappor_ldp",
      "--k 4 --exp-eps 4",
      &make_sue};
  return entry;
}

}  // namespace uldp
