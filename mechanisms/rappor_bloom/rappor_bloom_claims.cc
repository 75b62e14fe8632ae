// Bloom-filter RAPPOR's family claims: none yet (its checks decide each instance exactly).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RapporBloomSpec>) {
  return {};
}

}  // namespace uldp
