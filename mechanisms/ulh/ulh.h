// Utility-optimized local hashing (uLH), uldp's construction: local hashing on X_S, and a
// non-sensitive x reports each (seed, value) w.p. q/S = 1/((t+g-1) S) and itself w.p.
// (t-1)/(t+g-1) (uRR's shape with g in place of |X_S|). (X_S, Y_P, eps)-ULDP with Y_P the (seed,
// value) pairs and Y_I = X_N. He et al. (USENIX Security 2025) announce a uLH; only their
// abstract is public, so this is not claimed to be theirs.
#pragma once

#include <string_view>

#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

/// ulh as a registered mechanism (`ulh`). It derives from local hashing's spec, so every
/// layer's OlhSpec overload serves it; only its entry differs.
struct UlhSpec : OlhSpec {
  static constexpr std::string_view kName = "ulh";
};

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// OlhSpec's.
const MechanismEntry& registry_entry(std::type_identity<UlhSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UlhSpec>);

}  // namespace uldp
