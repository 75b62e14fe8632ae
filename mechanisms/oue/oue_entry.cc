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
  static constexpr MechanismEntry entry{
      "oue",
      "optimized unary encoding (OUE) = generalized RAPPOR at theta = 1/2",
      "Wang et al., USENIX Security 2017 (OUE); Section 2.4 at theta = 1/2",
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
      &make_oue};
  return entry;
}

}  // namespace uldp
