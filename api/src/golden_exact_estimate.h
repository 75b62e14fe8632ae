// The exact side of a golden case: the mechanism's own empirical estimator in rationals, from the
// reports in the form its server takes them (a histogram, per-bit counts, or, for ubd-opt, one
// report per user), and the reports' histogram over the dense expansion's outputs for the
// likelihood of EM.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/estimate/report_file.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::api {

/// p̂ with p̂ = the mechanism's estimator applied to `data`, exactly: eq. (3) on square dense
/// forms, per-bit inversion on products of bits, and the later mechanisms' own estimators (uHR's
/// Hadamard transform, uBD's and uSS's per-bit forms, ubd-opt's mean of p̂₁). Throws
/// InvalidArgument when the data do not fit the mechanism.
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec,
                                               const estimate::ReportData& data);

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
