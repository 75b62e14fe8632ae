// Utility-optimized optimized unary encoding (uOUE, arXiv 2509.24173): per bit, a sensitive bit
// other than the input's own is 1 w.p. 1/(t+1); the own bit is 1 w.p. 1/2 (sensitive input) or
// (t-1)/(2t) (non-sensitive input); other non-sensitive bits are 0. Bit for bit this is uRAP
// (Definition 4) at θ = 1/2: d1 = (1/2)/((1/2)t + 1/2) = 1/(t+1) and 1 - d2 = 1 - (t+1)/(2t) =
// (t-1)/(2t). So uOUE is not a second implementation: its parameters *are* uRAP's with θ = 1/2,
// under its own registry name (docs/mechanisms-after-the-paper.md).
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/urap/urap.h"

namespace uldp {

/// uOUE as a registered mechanism (`uoue`). It derives from uRAP's parameters, so every layer's
/// uRAP overload serves it (one implementation, two names); only its kName differs, which makes
/// entry_of() report "uoue". Build it with uoue_spec (θ = 1/2).
struct UoueSpec : UrapSpec {
  static constexpr std::string_view kName = "uoue";
};

/// uOUE's parameters: uRAP's with θ = 1/2.
UoueSpec uoue_spec(const PrivacyBudget& budget);

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// UrapSpec's, at its fixed theta.
const MechanismEntry& registry_entry(std::type_identity<UoueSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UoueSpec>);

}  // namespace uldp
