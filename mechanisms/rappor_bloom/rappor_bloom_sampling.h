// Bloom-filter RAPPOR in doubles: the per-bit estimator as the linear map the dense estimators
// apply (estimate::DenseParams::estimator), and report by report beyond the listing.
#pragma once

#include <vector>

#include "uldp/estimate/unlisted_bloom.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

namespace uldp {

/// B with π̂ = f B for the report frequencies f in the dense order (cohort, then Σ_j y_j 2^j):
/// row (c, y) is Σ_j (y_j - p*)/(q* - p*) M(c m + j, .), M = bloom_bit_weights(q), each entry the
/// double nearest its exact value. Throws InvalidArgument as bloom_bit_weights does.
std::vector<double> per_bit_estimator_rows(const BloomFilterMechanism& q);

/// The same estimator as an affine function of a report's bits (unlisted_bloom.h): offsets
/// -p*/(q* - p*) Σ_j M(c m + j, .), bit weights M(c m + j, .)/(q* - p*), each the double nearest
/// its exact value. Throws InvalidArgument as bloom_bit_weights does.
estimate::BloomLinearEstimator per_bit_linear_estimator(const BloomFilterMechanism& q);

/// rappor-bloom report by report at any C and m (what estimation_params gives beyond C 2^m >
/// 4096, and tests compare with the listed form below it).
estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const RapporBloomSpec& p);

}  // namespace uldp
