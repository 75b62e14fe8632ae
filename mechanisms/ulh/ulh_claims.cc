// Ulh's family claims: none of its own (local_hashing_uldp covers it).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/ulh/ulh.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UlhSpec>) { return {}; }

}  // namespace uldp
