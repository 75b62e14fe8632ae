// Proof steps (internal/proof_steps.h) as claims of the catalog: their ClaimInfo and queries.
#pragma once

#include <vector>

#include "internal/proof_steps.h"
#include "uldp/verify/claims.h"

namespace uldp::verify::internal {

/// The catalog entry of a step: expected kRefuted when either query is expected refuted,
/// kUnknown for a step that is not encoded, kProved otherwise.
ClaimInfo step_claim_info(const StepSpec& spec);

/// The "at_step" and "at_top" queries of a step (none when it is not encoded); a refuted query
/// carries the exact evaluation that confirms its model, and is unknown when none does.
std::vector<QueryResult> step_queries(const StepSpec& spec, unsigned timeout_ms);

}  // namespace uldp::verify::internal
