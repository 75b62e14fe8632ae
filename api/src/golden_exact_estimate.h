// The exact side of a golden case beside the mechanism's own estimator
// (uldp/estimate/exact_estimate.h): the PUM's eq. (21), and the reports' histogram over the dense
// expansion's outputs for the likelihood of EM; exact values as the case holds them (text).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/estimate/report_file.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::api {

/// The canonical exact texts of `values` (uldp::to_string), as GoldenCase::emp_exact holds them.
std::vector<std::string> rational_texts(const std::vector<Rational>& values);

/// eq. (21) in rationals with the paper's fallback for every tag: p(x) = r(x) + Σ_k r(⊥_k) π(x),
/// π ∝ max(r, 0) on X_N (uniform on X_N when that is 0), r over Z = X then κ bots. Throws
/// InvalidArgument when X_N is empty or r has not |X| + κ entries.
std::vector<Rational> exact_pum_estimate(const std::vector<Rational>& r,
                                         const IndexSet& common_sensitive, std::size_t kappa);

/// The counts of `data` over the columns of `dense` (the mechanism's dense expansion, in the order
/// `uldp mechanism --format csv` lists its outputs): the histogram itself for symbol reports, one
/// count per report's label for ubd-opt's reports; nullopt for per-bit counts, which do not
/// determine the likelihood.
std::optional<std::vector<std::uint64_t>> dense_histogram(const MechanismSpec& spec,
                                                          const DenseMechanism& dense,
                                                          const estimate::ReportData& data);

}  // namespace uldp::api
