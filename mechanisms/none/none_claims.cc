// None's family claims: none of its own (the non-private baseline claims nothing).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/none/none.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<NoneSpec>) { return {}; }

}  // namespace uldp
