// EM reconstruction (Section 2.5; Agrawal et al.): the maximum-likelihood
// p in the simplex, by p'(x) = (1/n) Σ_reports p(x) Q(y|x) / Σ_x' p(x') Q(y|x'). Initialised
// from the significance-thresholded estimate, as in the paper's experiments (Section 6.2).
//  - uRR / RR histograms: O(k) per iteration from uRR's structure (never a k x k loop).
//  - RAPPOR / uRAP reports: Q(y|x_i) = B(y) R_i(y) with R_i(y) = on_i/off_i or
//    (1-on_i)/(1-off_i); a report costs what its set bits cost.
//  - any dense Q (also non-symmetric ones): O(k |Y|) per iteration.
// Stopping rule: the log-likelihood L (full, natural log) rises by at most
// tolerance * |L| in one iteration, or max_iterations is reached. The Newton driver may instead
// show by concavity that one plain iteration from its current point would rise by at most half
// that, and stop there without taking it (the others take it and return the updated point). Each
// step is a plain EM step or, when `accelerate`, an accelerated step kept only if it does not lower
// L (SQUAREM on histograms; damped projected Newton on bit-vector reports); so L never decreases.
// Divisions are guarded: the start is made strictly positive (mixed with the uniform distribution
// at weight start_mixing) and a report with zero likelihood is an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate {

/// The steps EM takes between plain updates (every accepted step keeps L from decreasing).
enum class EmAccelerator {
  kAuto,     ///< Newton on bit-vector reports, SQUAREM on histograms
  kNewton,   ///< damped projected Newton on the curvature model (bit-vector reports only)
  kSquarem,  ///< SQUAREM extrapolation
  kNone,     ///< plain EM
};

struct EmOptions {
  std::size_t max_iterations = 10000;
  double stop = 1e-10;  ///< the EM stop: the relative log-likelihood gain that ends the iteration
  double significance = 0.05;  ///< significance level of the thresholded starting point
  double start_mixing = 1e-6;  ///< weight of the uniform distribution mixed into the start
  EmAccelerator accelerator = EmAccelerator::kAuto;
  bool record_trace = false;  ///< keep L after every accepted step in EmResult::trace
  /// false: ignore `stop` and run max_iterations updates (for callers that certify
  /// convergence themselves: below double resolution L shows no gain while p still moves).
  bool stop_on_small_gain = true;
};

struct EmResult {
  std::vector<double> p;              ///< the estimate, in the probability simplex
  std::size_t iterations = 0;         ///< EM updates performed
  double initial_log_likelihood = 0;  ///< L at the (mixed) starting point
  double log_likelihood = 0;          ///< L at p
  bool converged = false;             ///< stopped by the tolerance, not by max_iterations
  std::vector<double> trace;          ///< L at the start and after each accepted step (opt-in)
};

/// EM on uRR / RR report counts (RR through urr_params(rr)).
EmResult em_estimate_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                         const EmOptions& options = {});
/// As above from a given starting distribution (>= 0, summing to 1).
EmResult em_estimate_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                         std::span<const double> start, const EmOptions& options = {});
/// Log-likelihood Σ_y counts[y] log m(y), m = pQ, of the uRR / RR report counts.
double log_likelihood_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                          std::span<const double> p);

/// EM on bit-vector reports (RAPPOR, uRAP, any product of bits).
EmResult em_estimate_unary(const UnaryParams& params, const BitReports& reports,
                           const EmOptions& options = {});
EmResult em_estimate_unary(const UnaryParams& params, const BitReports& reports,
                           std::span<const double> start, const EmOptions& options = {});
/// Log-likelihood Σ_reports log Σ_x p(x) Q(y|x) of bit-vector reports.
double log_likelihood_unary(const UnaryParams& params, const BitReports& reports,
                            std::span<const double> p);

/// EM on report counts of any dense mechanism (start: thresholded estimate when Q is square
/// and invertible, else uniform).
EmResult em_estimate_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                           const EmOptions& options = {});
EmResult em_estimate_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                           std::span<const double> start, const EmOptions& options = {});
/// Log-likelihood of report counts under a dense mechanism.
double log_likelihood_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                            std::span<const double> p);

}  // namespace uldp::estimate
