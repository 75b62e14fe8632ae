// Symmetric unary encoding (SUE; Wang et al., USENIX Security 2017), which is basic one-time
// RAPPOR (Erlingsson et al., CCS 2014): the input's own bit is 1 w.p. p = e^{ε/2}/(e^{ε/2} + 1),
// every other bit w.p. q = 1 - p. Generalized RAPPOR at θ = s/(s+1), s = e^{ε/2}, under the name
// the libraries use.
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/rappor/rappor.h"

namespace uldp {

/// SUE as a registered mechanism (`sue`): generalized RAPPOR's spec with θ =
/// default_rappor_theta, so every layer's RAPPOR overload serves it. Build it with sue_spec.
struct SueSpec : RapporSpec {
  static constexpr std::string_view kName = "sue";
};

/// SUE's spec: θ = s/(s+1) (exact when the budget knows s = e^{ε/2}, else from below; the ratio
/// is t for every θ).
SueSpec sue_spec(const PrivacyBudget& budget);

// Its registry entry and family claims (mechanisms/derivations.h); every other derivation is
// RapporSpec's, at its fixed theta.
const MechanismEntry& registry_entry(std::type_identity<SueSpec>);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<SueSpec>);

}  // namespace uldp
