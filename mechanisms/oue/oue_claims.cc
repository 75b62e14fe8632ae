// Oue's family claims: none of its own (OUE is generalized RAPPOR at theta = 1/2: rappor_ldp covers
// it).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/oue/oue.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<OueSpec>) { return {}; }

}  // namespace uldp
