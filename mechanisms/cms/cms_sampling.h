// The count-mean sketch in doubles: the sketch estimator as the linear map the dense estimators
// apply (estimate::DenseParams::estimator).
#pragma once

#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bloom_filter_mechanism.h"

namespace uldp {

/// B with p̂ = f B for the report frequencies f in the dense order (j, then Σ_i y_i 2^i): row
/// (j, y) is sketch_report_estimate(q, s, j, y, .), each entry the double nearest its exact value.
/// Throws InvalidArgument at s = 1.
std::vector<double> sketch_estimator_rows(const BloomFilterMechanism& q, const Rational& s);

}  // namespace uldp
