// EM accelerated by damped projected Newton steps. Each pass over the reports at p gives L(p),
// the plain EM update F(p), the gradient g and a curvature model M = diag(D) + c c^T / T2 of -∇²L
// (see CurvaturePass). A Newton candidate maximises g·Δ - ½ Δ^T (M + μ diag(s/p)) Δ over
// Σ Δ = 0, with s = Σ_j p_j g_j: at μ = 1 and M = 0 it is the EM step, so μ interpolates
// between Newton (small μ) and EM (large μ), in the manner of Levenberg-Marquardt, and μ follows
// the ratio of the actual to the model's predicted gain, as in a trust region. Coordinates
// that the step would push below kShrink·p_j are held there (never 0: an EM update cannot revive
// a zero). A candidate is accepted only if L does not drop, so L never decreases. When the model
// predicts that one plain EM update would gain at most tolerance·|L|, the driver takes that
// update and checks the stopping rule on it, exactly as the plain driver does.
#include <algorithm>
#include <cmath>
#include <vector>

#include "internal/em_drivers.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp::estimate::internal {
namespace {

constexpr double kShrink = 1e-2;  // a held coordinate keeps this fraction of its mass
constexpr double kInitialDamping = 1e-2;
constexpr double kMinDamping = 1e-8;
constexpr double kRelax = 1.0 / 3.0;  // μ factor when the model predicted the gain well
constexpr double kTighten = 4.0;      // μ factor when it did not
constexpr double kGoodRatio = 0.75, kPoorRatio = 0.25;
constexpr int kMaxFailures = 3;  // rejected candidates in a row before a plain update
constexpr int kMaxHoldRounds = 32;

// The candidate p + Δ (see the file comment); false if it is not finite.
bool newton_candidate(const std::vector<double>& p, const CurvaturePass& at, double mu,
                      std::vector<double>& out) {
  const std::size_t k = p.size();
  double scale = 0;
  for (std::size_t j = 0; j < k; ++j) scale += p[j] * at.gradient[j];
  std::vector<double> inverse(k);  // 1 / (D_j + μ s / p_j)
  std::vector<char> held(k, 0);
  for (std::size_t j = 0; j < k; ++j) {
    if (!(p[j] > 0.0)) {
      held[j] = 1;
      continue;
    }
    inverse[j] = 1.0 / (at.diagonal[j] + mu * scale / p[j]);
  }
  const bool low_rank = at.weight > 0.0;
  std::vector<double> delta(k, 0.0);
  for (int round = 0; round < kMaxHoldRounds; ++round) {
    // Sherman-Morrison over the free coordinates: M⁻¹v = D⁻¹v - D⁻¹c (c·D⁻¹v) / (T2 + c·D⁻¹c).
    double c_c = 0, c_g = 0, c_1 = 0, sum_g = 0, sum_1 = 0, released = 0;
    for (std::size_t j = 0; j < k; ++j) {
      if (held[j]) {
        released += p[j] * (1.0 - kShrink);
        continue;
      }
      const double c = low_rank ? at.mean[j] : 0.0;
      c_c += c * c * inverse[j];
      c_g += c * at.gradient[j] * inverse[j];
      c_1 += c * inverse[j];
      sum_g += at.gradient[j] * inverse[j];
      sum_1 += inverse[j];
    }
    const double denominator = low_rank ? at.weight + c_c : 1.0;
    const double ones_m_g = sum_g - c_1 * c_g / denominator;  // 1·M⁻¹g
    const double ones_m_1 = sum_1 - c_1 * c_1 / denominator;  // 1·M⁻¹1 > 0
    if (!(ones_m_1 > 0.0)) return false;
    const double lambda = (ones_m_g - released) / ones_m_1;  // makes Σ_free Δ = released
    const double coupling = (c_g - lambda * c_1) / denominator;
    bool changed = false;
    for (std::size_t j = 0; j < k; ++j) {
      if (held[j]) continue;
      const double c = low_rank ? at.mean[j] : 0.0;
      delta[j] = inverse[j] * (at.gradient[j] - lambda - c * coupling);
      if (p[j] + delta[j] < kShrink * p[j]) {
        held[j] = 1;
        changed = true;
      }
    }
    if (!changed) break;
  }
  out.resize(k);
  double total = 0;
  for (std::size_t j = 0; j < k; ++j) {
    out[j] = held[j] ? kShrink * p[j] : std::max(p[j] + delta[j], kShrink * p[j]);
    total += out[j];
  }
  if (!(total > 0.0) || !std::isfinite(total)) return false;
  for (double& v : out) v /= total;
  return true;
}

// The quadratic model's prediction of L(to) - L(from).
double predicted_gain(const std::vector<double>& from, const CurvaturePass& at,
                      const std::vector<double>& to) {
  double linear = 0, quadratic = 0, along_mean = 0;
  for (std::size_t j = 0; j < from.size(); ++j) {
    const double step = to[j] - from[j];
    linear += at.gradient[j] * step;
    quadratic += at.diagonal[j] * step * step;
    along_mean += at.mean[j] * step;
  }
  if (at.weight > 0.0) quadratic += along_mean * along_mean / at.weight;
  return linear - 0.5 * quadratic;
}

}  // namespace

EmResult run_newton_em(const CurvatureMap& pass, std::vector<double> p, const EmOptions& options) {
  check_options(options);
  EmResult result;
  CurvaturePass at, trial;
  pass(p, at);
  std::size_t updates = 1;
  if (!std::isfinite(at.log_likelihood)) {
    throw InvalidArgument("EM: a report has zero probability under the mechanism");
  }
  result.initial_log_likelihood = at.log_likelihood;
  if (options.record_trace) result.trace.push_back(at.log_likelihood);
  double mu = kInitialDamping;
  int failures = 0;
  bool after_plain = false;  // the last pass was a plain update that did not pass the rule
  std::vector<double> candidate;
  for (;;) {
    check_cancelled();
    if (updates >= options.max_iterations) {
      result.p = p;
      result.log_likelihood = at.log_likelihood;
      break;
    }
    const double tolerance = options.tolerance * std::fabs(at.log_likelihood);
    // A prediction that failed once does not send the driver into plain EM: a Newton step first.
    const double predicted_em = predicted_gain(p, at, at.next);
    const bool predicted_small = !after_plain && predicted_em <= 0.5 * tolerance;
    const bool plain =
        failures >= kMaxFailures || predicted_small || !newton_candidate(p, at, mu, candidate);
    if (plain) candidate = at.next;
    const double predicted = plain ? predicted_em : predicted_gain(p, at, candidate);
    pass(candidate, trial);
    ++updates;
    if (plain) {
      if (options.stop_on_small_gain &&
          small_gain(at.log_likelihood, trial.log_likelihood, options.tolerance)) {
        result.p = std::move(candidate);  // the stopping rule, on one plain EM update
        result.log_likelihood = trial.log_likelihood;
        result.converged = true;
        if (options.record_trace) result.trace.push_back(trial.log_likelihood);
        break;
      }
      failures = 0;  // an EM update never lowers L: continue from it
      after_plain = true;
    } else {
      // Trust-region control of μ by the ratio of the actual to the predicted gain.
      const double gain = trial.log_likelihood - at.log_likelihood;
      const double ratio = predicted > 0.0 ? gain / predicted : 0.0;
      if (ratio > kGoodRatio) mu = std::max(mu * kRelax, kMinDamping);
      if (ratio < kPoorRatio) mu *= kTighten;
      if (!std::isfinite(trial.log_likelihood) || !(gain >= 0.0)) {
        ++failures;
        continue;
      }
      failures = 0;
      after_plain = false;
    }
    p.swap(candidate);
    std::swap(at, trial);
    if (options.record_trace) result.trace.push_back(at.log_likelihood);
  }
  result.iterations = updates;
  return result;
}

}  // namespace uldp::estimate::internal
