// Bloom-filter RAPPOR in doubles: the per-bit estimator as the linear map the dense estimators
// apply (estimate::DenseParams::estimator).
#pragma once

#include <vector>

#include "uldp/forms/bloom_filter_mechanism.h"

namespace uldp {

/// B with π̂ = f B for the report frequencies f in the dense order (cohort, then Σ_j y_j 2^j):
/// row (c, y) is Σ_j (y_j - p*)/(q* - p*) M(c m + j, .), M = bloom_bit_weights(q), each entry the
/// double nearest its exact value. Throws InvalidArgument as bloom_bit_weights does.
std::vector<double> per_bit_estimator_rows(const BloomFilterMechanism& q);

}  // namespace uldp
