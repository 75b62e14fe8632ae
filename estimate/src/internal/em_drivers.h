// The two EM drivers shared by the models in em.cc: plain EM with optional SQUAREM steps
// (any model that can map p to F(p)), and damped projected Newton steps (models that also
// report their curvature). Both keep the same stopping rule and never lower the likelihood.
#pragma once

#include <cmath>
#include <functional>
#include <vector>

#include "uldp/estimate/em.h"

namespace uldp::estimate::internal {

/// One EM update: writes F(p) into `next` and returns the log-likelihood L(p).
using EmMap = std::function<double(const std::vector<double>&, std::vector<double>&)>;

/// What one pass over the reports gives at p, for the Newton driver. The Hessian of L is
/// approximated by -(diag(diagonal) + mean mean^T / weight), which is exact in expectation
/// when the per-report likelihood vectors have independent coordinates.
/// The Newton driver stops on a bound that holds only if L is concave in p and `gradient` is the
/// exact gradient of the L that `log_likelihood` gives (see rule_certified).
struct CurvaturePass {
  double log_likelihood = 0;
  std::vector<double> next;      ///< F(p), the plain EM update
  std::vector<double> gradient;  ///< ∂L/∂p_j, of the same L as log_likelihood
  std::vector<double> diagonal;  ///< >= 0
  std::vector<double> mean;
  double weight = 0;  ///< > 0 unless there is no unforced report
};
using CurvatureMap = std::function<void(const std::vector<double>&, CurvaturePass&)>;
/// What the Newton driver needs of a model: a whole pass, and L alone (the gather half of a pass,
/// for the plain update that is expected to meet the stopping rule).
struct CurvatureModel {
  CurvatureMap pass;
  std::function<double(const std::vector<double>&)> log_likelihood;
};

/// The stopping rule: one plain EM update raised L by at most tolerance·|L|.
inline bool small_gain(double before, double after, double tolerance) {
  return after - before <= tolerance * std::fabs(after);
}

void check_options(const EmOptions& options);

/// Plain EM from p, with SQUAREM extrapolations unless options.accelerator is kNone.
EmResult run_squarem_em(const EmMap& step, std::vector<double> p, const EmOptions& options);

/// run_squarem_em from `start` mixed with the uniform distribution (options.start_mixing) and
/// renormalised, with kAuto meaning SQUAREM: the driver of the block mechanisms' EM (uBD, ubd-opt,
/// uSS), whose likelihoods have no curvature pass.
inline EmResult run_mixed_start_em(const EmMap& step, std::vector<double> start,
                                   const EmOptions& options) {
  double total = 0;
  for (double& s : start) {
    s = (1 - options.start_mixing) * s + options.start_mixing / static_cast<double>(start.size());
    total += s;
  }
  for (double& s : start) s /= total;
  EmOptions histogram = options;
  if (histogram.accelerator == EmAccelerator::kAuto)
    histogram.accelerator = EmAccelerator::kSquarem;
  return run_squarem_em(step, std::move(start), histogram);
}

/// A Newton step keeps at least this fraction of each coordinate (never 0: an EM update cannot
/// revive a zero).
inline constexpr double kNewtonShrink = 1e-4;

/// The Newton candidate at p with damping mu: the exact maximiser of the damped quadratic model
/// g·Δ - ½ Σ_j (D_j + μ s / p_j) Δ_j² - (c·Δ)² / (2 T2), s = Σ_j p_j g_j, over Σ Δ = 0 and
/// Δ_j >= (kNewtonShrink - 1) p_j, written to `out` as p + Δ (a zero p_j, or one so small that
/// its damping overflows, stays put); false if the model is not finite or the solve does not
/// converge (the driver then takes the plain update).
bool newton_candidate(const std::vector<double>& p, const CurvaturePass& at, double mu,
                      std::vector<double>& out);

/// Whether the stopping rule holds at the pass's point for certain: L is concave, so one plain
/// update gains at most ∇L(p)·(F(p) - p); true when half of tolerance·|L| covers that (the
/// other half for rounding), taking |L| after the update as at least |L(p)| - bound.
bool rule_certified(const std::vector<double>& p, const CurvaturePass& at, double tolerance);

/// EM accelerated by damped projected Newton steps on the model's curvature; stops where one
/// plain EM update gains at most tolerance·|L|: at a point where rule_certified shows it, or, as
/// the plain driver does, on such an update.
EmResult run_newton_em(const CurvatureModel& model, std::vector<double> p,
                       const EmOptions& options);

}  // namespace uldp::estimate::internal
