// EM accelerated by damped projected Newton steps. Each pass over the reports at p gives L(p),
// the plain EM update F(p), the gradient g and a curvature model M = diag(D) + c c^T / T2 of -∇²L
// (see CurvaturePass). A Newton candidate maximises g·Δ - ½ Δ^T (M + μ diag(s/p)) Δ over
// Σ Δ = 0, with s = Σ_j p_j g_j: at μ = 1 and M = 0 it is the EM step, so μ interpolates
// between Newton (small μ) and EM (large μ), in the manner of Levenberg-Marquardt, and μ follows
// the ratio of the actual to the model's predicted gain, as in a trust region. The candidate is
// the model's exact maximiser with every coordinate kept at or above kNewtonShrink·p_j (never 0:
// an EM update cannot revive a zero). A candidate is accepted only if L does not drop, so L never
// decreases; one the model itself predicts no gain for is replaced by the plain update. When the
// model predicts that one plain EM update would gain at most tolerance·|L|, the driver first
// bounds that gain by concavity (∇L(p)·(F(p) - p), from the pass already made): if the bound
// meets the rule, the run stops at p, whose L is known. Otherwise it takes the update and checks
// the stopping rule on it, exactly as the plain driver does (on L alone, the gather half of a
// pass; the other half follows only if the rule fails).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "internal/em_drivers.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp::estimate::internal {
namespace {

constexpr double kInitialDamping = 1e-4;
constexpr double kMinDamping = 1e-8;
constexpr double kRelax = 1.0 / 3.0;  // μ factor when the model predicted the gain well
constexpr double kTighten = 4.0;      // μ factor when it did not
constexpr double kGoodRatio = 0.75, kPoorRatio = 0.25;
constexpr int kMaxFailures = 3;  // rejected candidates in a row before a plain update

// The candidate p + Δ: the exact maximiser of the model over {Σ Δ = 0, Δ_j >= lb_j =
// (kNewtonShrink - 1) p_j}. With h_j = D_j + μ s / p_j and the rank-one term written
// through its own multiplier τ, Δ_j(λ, τ) = max(lb_j, (g_j - λ - τ c_j) / h_j) and (λ, τ)
// minimise the dual ψ(λ, τ) = Σ_j q_j(g_j - λ - τ c_j) + T2 τ² / 2, q_j(z) = max_{Δ >= lb_j}
// zΔ - h_j Δ² / 2: convex, continuously differentiable and piecewise quadratic in two
// variables, so damped Newton on ψ finds them in a few O(k) rounds. (Holding the coordinates that
// go below their bound and re-solving, as an active-set step would, keeps them held when the
// multipliers move and can predict a loss; at small μ it took 7 passes where this takes 4.)
class BoundedStep {
 public:
  BoundedStep(const std::vector<double>& p, const CurvaturePass& at, double mu)
      : at_(at), low_rank_(at.weight > 0.0), h_(p.size(), 0.0), lower_(p.size(), 0.0) {
    for (std::size_t j = 0; j < p.size(); ++j) scale_ += p[j] * at.gradient[j];
    for (std::size_t j = 0; j < p.size(); ++j) {
      // h_j = 0 marks a coordinate that stays put: a zero, or one so small that μ s / p_j
      // overflows (its damping is infinite).
      if (!(p[j] > 0.0)) continue;
      const double h = at.diagonal[j] + mu * scale_ / p[j];
      if (std::isinf(h) && h > 0.0) continue;
      h_[j] = h;
      lower_[j] = (kNewtonShrink - 1.0) * p[j];
    }
    // What a free coordinate adds to ψ's Hessian does not depend on (λ, τ): computed once, so
    // that an evaluation of ψ divides once per coordinate instead of four times.
    inverse_h_.assign(p.size(), 0.0), mean_over_h_.assign(p.size(), 0.0);
    mean_squared_over_h_.assign(p.size(), 0.0);
    for (std::size_t j = 0; j < p.size(); ++j) {
      if (h_[j] == 0.0) continue;
      const double c = low_rank_ ? at_.mean[j] : 0.0;
      inverse_h_[j] = 1.0 / h_[j];
      mean_over_h_[j] = c / h_[j];
      mean_squared_over_h_[j] = c * c / h_[j];
    }
  }
  bool valid() const {
    if (!std::isfinite(scale_)) return false;
    for (double h : h_) {
      if (!(h >= 0.0)) return false;
    }
    return true;
  }
  // The largest λ at which some coordinate leaves its bound (at this τ); -inf if none can.
  double last_breakpoint(double tau) const {
    double largest = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < h_.size(); ++j) {
      if (h_[j] == 0.0) continue;
      const double c = low_rank_ ? at_.mean[j] : 0.0;
      largest = std::max(largest, at_.gradient[j] - tau * c - h_[j] * lower_[j]);
    }
    return largest;
  }
  // Σ Δ and c·Δ - T2 τ (the gradient of ψ, negated) against their scales Σ |Δ| and
  // Σ |c Δ| + T2 |τ|: whether (λ, τ) solve the dual to `tolerance`.
  bool solved(double lambda, double tau, double tolerance) const {
    double sum = 0, sum_scale = 0, along = 0, along_scale = 0;
    for (std::size_t j = 0; j < h_.size(); ++j) {
      const double d = delta(j, lambda, tau);
      const double c = low_rank_ ? at_.mean[j] : 0.0;
      sum += d, sum_scale += std::fabs(d);
      along += c * d, along_scale += std::fabs(c * d);
    }
    if (low_rank_) along -= at_.weight * tau, along_scale += at_.weight * std::fabs(tau);
    return std::fabs(sum) <= tolerance * sum_scale && std::fabs(along) <= tolerance * along_scale;
  }
  double delta(std::size_t j, double lambda, double tau) const {
    if (h_[j] == 0.0) return 0.0;
    const double c = low_rank_ ? at_.mean[j] : 0.0;
    return std::max(lower_[j], (at_.gradient[j] - lambda - tau * c) / h_[j]);
  }
  // ψ, its gradient and its generalised Hessian (over the coordinates above their bound).
  struct Dual {
    double value = 0, d_lambda = 0, d_tau = 0, h11 = 0, h12 = 0, h22 = 0;
  };
  Dual dual(double lambda, double tau) const {
    Dual out;
    for (std::size_t j = 0; j < h_.size(); ++j) {
      if (h_[j] == 0.0) continue;
      const double c = low_rank_ ? at_.mean[j] : 0.0;
      const double z = at_.gradient[j] - lambda - tau * c;
      const double free = z / h_[j];
      const double d = std::max(lower_[j], free);
      // Selected, not branched on: near the bound the branch would mispredict (adding 0 leaves
      // a sum as it was, so the result is that of the branch even if a term is infinite).
      const bool is_free = free > lower_[j];
      const double at_bound = z * d - 0.5 * h_[j] * d * d;
      out.value += is_free ? 0.5 * z * free : at_bound;
      out.d_lambda -= d;
      out.d_tau -= c * d;
      out.h11 += is_free ? inverse_h_[j] : 0.0;
      out.h12 += is_free ? mean_over_h_[j] : 0.0;
      out.h22 += is_free ? mean_squared_over_h_[j] : 0.0;
    }
    if (low_rank_) {
      out.value += 0.5 * at_.weight * tau * tau;
      out.d_tau += at_.weight * tau;
      out.h22 += at_.weight;
    }
    return out;
  }

 private:
  const CurvaturePass& at_;
  bool low_rank_;
  double scale_ = 0;  // s = Σ_j p_j g_j
  std::vector<double> h_, lower_;
  std::vector<double> inverse_h_, mean_over_h_, mean_squared_over_h_;  // 1/h, c/h, c²/h
};

}  // namespace

bool newton_candidate(const std::vector<double>& p, const CurvaturePass& at, double mu,
                      std::vector<double>& out) {
  constexpr int kMaxRounds = 100;
  constexpr double kSolved = 1e-6;  // relative residual of the dual's gradient at the end
  const BoundedStep step(p, at, mu);
  if (!step.valid()) return false;
  double lambda = 0, tau = 0;
  BoundedStep::Dual current = step.dual(lambda, tau);
  for (int round = 0; round < kMaxRounds; ++round) {
    if (!(current.h11 > 0.0)) {
      // Every coordinate at its bound (Σ Δ < 0: λ is too large) and ψ linear in λ: move λ just
      // below the last breakpoint, where one coordinate comes free, instead of a blind step.
      const double breakpoint = step.last_breakpoint(tau);
      if (!std::isfinite(breakpoint) || !(breakpoint < lambda)) break;
      const double below = breakpoint - 1e-12 * std::fabs(breakpoint);
      lambda = below < breakpoint ? below : std::nextafter(breakpoint, -HUGE_VAL);
      current = step.dual(lambda, tau);
      continue;
    }
    const double h22 = current.h22 > 0.0 ? current.h22 : 1.0;
    const double det = current.h11 * h22 - current.h12 * current.h12;
    double d_lambda, d_tau;
    if (det > 1e-14 * current.h11 * h22) {
      d_lambda = -(h22 * current.d_lambda - current.h12 * current.d_tau) / det;
      d_tau = -(current.h11 * current.d_tau - current.h12 * current.d_lambda) / det;
    } else {
      d_lambda = -current.d_lambda / current.h11, d_tau = -current.d_tau / h22;
    }
    const double slope = current.d_lambda * d_lambda + current.d_tau * d_tau;
    if (!(slope < 0.0)) break;  // at the minimum, to rounding
    // Backtracking to sufficient decrease (Armijo): ψ is C¹, the direction one of descent.
    double t = 1.0;
    bool decreased = false;
    BoundedStep::Dual next;
    for (int halving = 0; halving < 60 && !decreased; ++halving) {
      next = step.dual(lambda + t * d_lambda, tau + t * d_tau);
      decreased = next.value <= current.value + 1e-4 * t * slope && next.value < current.value;
      if (!decreased) t *= 0.5;
    }
    if (!decreased) break;  // no further progress in double precision
    lambda += t * d_lambda, tau += t * d_tau;
    current = next;
  }
  if (!step.solved(lambda, tau, kSolved)) return false;  // the driver takes the plain update
  out.resize(p.size());
  double total = 0;
  for (std::size_t j = 0; j < p.size(); ++j) {
    out[j] = std::max(p[j] + step.delta(j, lambda, tau), kNewtonShrink * p[j]);
    total += out[j];
  }
  if (!(total > 0.0) || !std::isfinite(total)) return false;
  for (double& v : out) v /= total;
  return true;
}

namespace {

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

// L is concave, so one plain update gains at most ∇L(p)·(F(p) - p). With L(p) + bound <= 0,
// L(F(p)) <= 0 and |L(F(p))| >= |L(p)| - bound, which is what the rule's relative tolerance is
// taken of; half of it covers the bound, the other half rounding.
bool rule_certified(const std::vector<double>& p, const CurvaturePass& at, double tolerance) {
  double bound = 0;
  for (std::size_t j = 0; j < p.size(); ++j) bound += at.gradient[j] * (at.next[j] - p[j]);
  const double least = std::fabs(at.log_likelihood) - std::fabs(bound);
  return std::isfinite(bound) && at.log_likelihood + std::fabs(bound) <= 0.0 &&
         std::fabs(bound) <= 0.5 * tolerance * least;
}

EmResult run_newton_em(const CurvatureModel& model, std::vector<double> p,
                       const EmOptions& options) {
  check_options(options);
  EmResult result;
  CurvaturePass at, trial;
  model.pass(p, at);
  if (!std::isfinite(at.log_likelihood)) {
    throw InvalidArgument("EM: a report has zero probability under the mechanism");
  }
  std::size_t updates = 1;
  result.initial_log_likelihood = at.log_likelihood;
  if (options.record_trace) result.trace.push_back(at.log_likelihood);
  double mu = kInitialDamping;
  int failures = 0;
  bool after_plain = false;  // the last pass was a plain update that did not pass the rule
  std::vector<double> candidate;
  for (;;) {
    check_cancelled();
    const double tolerance = options.stop * std::fabs(at.log_likelihood);
    // A prediction that failed once does not send the driver into plain EM: a Newton step first.
    const double predicted_em = predicted_gain(p, at, at.next);
    const bool predicted_small = !after_plain && predicted_em <= 0.5 * tolerance;
    const bool certified =
        predicted_small && options.stop_on_small_gain && rule_certified(p, at, options.stop);
    if (certified || updates >= options.max_iterations) {
      result.p = p;  // with `certified`, the rule holds here, and L(p) is known exactly
      result.log_likelihood = at.log_likelihood;
      result.converged = certified;
      break;
    }
    double predicted = 0;
    const bool plain = failures >= kMaxFailures || predicted_small ||
                       !newton_candidate(p, at, mu, candidate) ||
                       !((predicted = predicted_gain(p, at, candidate)) > 0.0);
    if (plain) candidate = at.next, predicted = predicted_em;
    // A plain update expected to meet the rule is checked on L alone (the gather half of a
    // pass); only if it fails does the whole pass follow, at the same point.
    const bool check_first = plain && predicted_small && options.stop_on_small_gain;
    double reached = check_first ? model.log_likelihood(candidate) : 0.0;
    // (-inf from L alone is no gain: small_gain would call it one.)
    if (!check_first || !std::isfinite(reached) ||
        !small_gain(at.log_likelihood, reached, options.stop)) {
      model.pass(candidate, trial);
      reached = trial.log_likelihood;
    }
    ++updates;
    if (plain) {
      if (options.stop_on_small_gain && std::isfinite(reached) &&
          small_gain(at.log_likelihood, reached, options.stop)) {
        result.p = std::move(candidate);  // the stopping rule, on one plain EM update
        result.log_likelihood = reached;
        result.converged = true;
        if (options.record_trace) result.trace.push_back(reached);
        break;
      }
      failures = 0;  // an EM update never lowers L: continue from it
      after_plain = true;
    } else {
      // Trust-region control of μ by the ratio of the actual to the predicted gain.
      const double gain = reached - at.log_likelihood;
      const double ratio = predicted > 0.0 ? gain / predicted : 0.0;
      if (ratio > kGoodRatio) mu = std::max(mu * kRelax, kMinDamping);
      if (ratio < kPoorRatio) mu *= kTighten;
      if (!std::isfinite(reached) || !(gain >= 0.0)) {
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
