// Flh's family claims: none of its own (local_hashing_ldp covers it).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/flh/flh.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<FlhSpec>) { return {}; }

}  // namespace uldp
