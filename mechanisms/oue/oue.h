// Optimized unary encoding (OUE; Wang et al., "Locally Differentially Private Protocols for
// Frequency Estimation", USENIX Security 2017): the input's own bit is 1 w.p. p = 1/2, every other
// bit w.p. q = 1/(e^ε + 1). That is generalized RAPPOR at θ = 1/2: ψ = (1/2)/((1/2)t + 1/2) =
// 1/(t+1). Its own registry name, so a library's OUE client is tested as OUE without `--theta`.
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/rappor/rappor.h"

namespace uldp {

/// OUE as a registered mechanism (`oue`). It derives from generalized RAPPOR's spec, so every
/// layer's RAPPOR overload serves it; only its kName differs. Build it with oue_spec (θ = 1/2).
struct OueSpec : RapporSpec {
  static constexpr std::string_view kName = "oue";
};

/// OUE's spec: generalized RAPPOR's with θ = 1/2.
OueSpec oue_spec(const PrivacyBudget& budget);

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// RapporSpec's, at its fixed theta.
const MechanismEntry& registry_entry(std::type_identity<OueSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<OueSpec>);

}  // namespace uldp
