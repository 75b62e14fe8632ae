// UbdOpt's family claims: none of its own (each component of the mixture is a uBD, which ubd_uldp
// covers, and a mixture of (X_S, Y_P, eps)-ULDP mechanisms with the same Y_P is one).
#include "internal/claim_entry.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt.h"

namespace uldp {

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UbdOptSpec>) {
  return {};
}

}  // namespace uldp
