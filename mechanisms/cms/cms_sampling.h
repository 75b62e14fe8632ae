// The count-mean sketch in doubles: the sketch estimator as the linear map the dense estimators
// apply (estimate::DenseParams::estimator), and report by report beyond the listing.
#pragma once

#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/estimate/unlisted.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

/// B with p̂ = f B for the report frequencies f in the dense order (j, then Σ_i y_i 2^i): row
/// (j, y) is sketch_report_estimate(q, s, j, y, .), each entry the double nearest its exact value.
/// Throws InvalidArgument at s = 1.
std::vector<double> sketch_estimator_rows(const BloomFilterMechanism& q, const Rational& s);

/// cms report by report at any J and m (what estimation_params gives beyond J 2^m > 4096): the
/// sketch estimator as an affine function of the bit at x's bucket.
estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const CmsSpec& p);

}  // namespace uldp
