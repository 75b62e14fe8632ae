#include "uldp/verify/proof_status.h"

namespace uldp::verify {

const char* proof_status_name(ProofStatus status) {
  switch (status) {
    case ProofStatus::kProved:
      return "proved";
    case ProofStatus::kRefuted:
      return "refuted";
    case ProofStatus::kUnknown:
      return "unknown";
  }
  return "unknown";
}

}  // namespace uldp::verify
