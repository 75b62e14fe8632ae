// The Hadamard count-mean sketch in doubles: the sketch estimator as the linear map the dense
// estimators apply (estimate::DenseParams::estimator).
#pragma once

#include <cstddef>
#include <vector>

#include "uldp/estimate/unlisted.h"
#include "uldp/mechanisms/hcms/hcms.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

/// B with p̂ = f B for the report frequencies f in the dense order over k inputs: row y is
/// hadamard_report_estimate(spec, y, .), each entry the double nearest its exact value. Throws
/// InvalidArgument at t = 1.
std::vector<double> hadamard_estimator_rows(std::size_t k, const HcmsSpec& spec);

/// hcms report by report at any J and m (what estimation_params gives beyond 2 J m outputs past
/// the dense limit): reports "j,l,w", each input's hash computed per report.
estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const HcmsSpec& p);

}  // namespace uldp
