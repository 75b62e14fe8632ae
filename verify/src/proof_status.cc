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
    case ProofStatus::kDisagreement:
      return "disagreement";
  }
  return "unknown";
}

ProofStatus combine_answers(const std::vector<SolverAnswer>& answers) {
  bool any_proved = false, any_refuted = false, all_proved = !answers.empty();
  for (const auto& a : answers) {
    any_proved = any_proved || a.status == ProofStatus::kProved;
    any_refuted = any_refuted || a.status == ProofStatus::kRefuted;
    all_proved = all_proved && a.status == ProofStatus::kProved;
  }
  if (any_proved && any_refuted) return ProofStatus::kDisagreement;
  if (all_proved) return ProofStatus::kProved;
  return any_refuted ? ProofStatus::kRefuted : ProofStatus::kUnknown;
}

}  // namespace uldp::verify
