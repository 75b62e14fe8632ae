// Sue's family claims: none of its own (SUE is generalized RAPPOR at theta = s/(s+1): rappor_ldp
// covers it).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/sue/sue.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<SueSpec>) { return {}; }

}  // namespace uldp
