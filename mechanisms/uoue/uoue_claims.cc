// Uoue's family claims: none of its own (uOUE is uRAP at theta = 1/2: urap_uldp covers it).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/uoue/uoue.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UoueSpec>) { return {}; }

}  // namespace uldp
