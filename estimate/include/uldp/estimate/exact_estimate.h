// The exact side of a golden case: the mechanism's own empirical estimator in rationals, from the
// reports in the form its server takes them (a histogram, per-bit counts, or, for ubd-opt, one
// report per user). Each folder gives its estimator (exact_empirical_estimate in NAME_sampling.cc).
#pragma once

#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::estimate {

/// p̂ with p̂ = the mechanism's estimator applied to `data`, exactly: eq. (3) on square dense
/// forms, per-bit inversion on products of bits, and the later mechanisms' own estimators (uHR's
/// Hadamard transform, uBD's and uSS's per-bit forms, ubd-opt's mean of p̂₁). Throws
/// InvalidArgument when the data do not fit the mechanism.
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const ReportData& data);

/// For the folders of the paper's mechanisms: the estimator of the natural exact form (eq. (3) on
/// a square dense form, per-bit inversion on a product of bits; a class form's dense expansion).
std::vector<Rational> natural_form_estimate(const MechanismSpec& spec, const ReportData& data);

}  // namespace uldp::estimate
