// Fast local hashing (FLH; Cormode, Maddock and Maple, VLDB 2021, pure-LDP's FastLH): local
// hashing over a small family of S hash functions fixed in advance (the server precomputes each
// one's hashes), g = round(e^eps) + 1 unless given. uldp's local hashing is always over a finite
// family, so FLH is OLH with --hash-seeds required.
#pragma once

#include <string_view>

#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

/// flh as a registered mechanism (`flh`). It derives from local hashing's spec, so every
/// layer's OlhSpec overload serves it; only its entry differs.
struct FlhSpec : OlhSpec {
  static constexpr std::string_view kName = "flh";
};

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// OlhSpec's.
const MechanismEntry& registry_entry(std::type_identity<FlhSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<FlhSpec>);

}  // namespace uldp
