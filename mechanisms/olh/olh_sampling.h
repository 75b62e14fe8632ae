// Local hashing in doubles: the support-count estimator of olh_estimator.h as the linear map the
// dense model carries (DenseParams::estimator), each coefficient the double nearest its rational.
#pragma once

#include <vector>

#include "uldp/estimate/unlisted.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

/// B, outputs x inputs (row-major), with p̂ = f B for the report frequencies f: a pair (s, y) adds
/// (1[h_s(z) = y] - 1/g) / (p - 1/g) to each sensitive z; the own output of x in X_N adds 1/c3 to
/// x and (-1/g + (1/g - q)/c3) / (p - 1/g) to each sensitive z (the constant -1/g spread over all
/// outputs, as the frequencies sum to 1). Throws InvalidArgument at t = 1 (kNoInformation of
/// olh_estimator.h).
std::vector<double> support_count_matrix(const MechanismSpec& spec, const OlhSpec& params);

/// Local hashing report by report at any family size (what estimation_params gives beyond
/// kMaxListedDoubles): reports "seed,value" (or an X_N symbol), each input hashed per report for
/// the likelihood and the support count.
estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const OlhSpec& params);

}  // namespace uldp
