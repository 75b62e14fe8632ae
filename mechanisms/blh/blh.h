// Binary local hashing (BLH; Wang et al., USENIX Security 2017): local hashing with g = 2.
#pragma once

#include <string_view>

#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

/// BLH as a registered mechanism (`blh`). It derives from local hashing's spec, so every
/// layer's OlhSpec overload serves it; only its entry differs.
struct BlhSpec : OlhSpec {
  static constexpr std::string_view kName = "blh";
};

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// OlhSpec's.
const MechanismEntry& registry_entry(std::type_identity<BlhSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<BlhSpec>);

}  // namespace uldp
