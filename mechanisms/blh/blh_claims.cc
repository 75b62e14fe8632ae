// Blh's family claims: none of its own (local_hashing_ldp covers it).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/blh/blh.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<BlhSpec>) { return {}; }

}  // namespace uldp
