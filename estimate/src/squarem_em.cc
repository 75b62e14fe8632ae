// Plain EM with an optional monotone SQUAREM acceleration (Varadhan & Roland 2008, scheme S3).
#include <algorithm>
#include <cmath>
#include <string>

#include "internal/em_drivers.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp::estimate::internal {
namespace {

// SQUAREM extrapolation p0 - 2αr + α²v, kept strictly positive where F(F(p0)) is, and
// renormalised. Returns false when it degenerates to the plain double step.
bool extrapolate(const std::vector<double>& p0, const std::vector<double>& p1,
                 const std::vector<double>& p2, std::vector<double>& out) {
  double rr = 0, vv = 0;
  const std::size_t k = p0.size();
  for (std::size_t i = 0; i < k; ++i) {
    const double r = p1[i] - p0[i];
    const double v = p2[i] - 2.0 * p1[i] + p0[i];
    rr += r * r;
    vv += v * v;
  }
  if (!(vv > 0.0) || !(rr > 0.0)) return false;
  const double alpha = -std::sqrt(rr / vv);
  if (alpha >= -1.0) return false;
  out.resize(k);
  double total = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const double r = p1[i] - p0[i];
    const double v = p2[i] - 2.0 * p1[i] + p0[i];
    out[i] = std::max(p0[i] - 2.0 * alpha * r + alpha * alpha * v, 1e-2 * p2[i]);
    total += out[i];
  }
  if (!(total > 0.0) || !std::isfinite(total)) return false;
  for (double& v : out) v /= total;
  return true;
}

// The Frank-Wolfe gap per report of L at p, read off one EM update p1 = p * (grad L) / n: the
// largest p1(x) / p(x) - 1 (p and p1 both sum to 1). A small gain alone can stall far from the
// maximum when EM grows a coordinate from near 0 by a factor close to 1 per update.
double first_order_gap(const std::vector<double>& p, const std::vector<double>& p1) {
  double gap = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] > 0) gap = std::max(gap, p1[i] / p[i] - 1);
  }
  return gap;
}

}  // namespace

EmResult run_squarem_em(const EmMap& step, std::vector<double> p, const EmOptions& options) {
  check_options(options);
  EmResult result;
  std::vector<double> p1, p2, candidate, f_candidate;
  double l0 = step(p, p1);
  if (!std::isfinite(l0)) {
    throw InvalidArgument("EM: a report has zero probability under the mechanism");
  }
  result.initial_log_likelihood = l0;
  if (options.record_trace) result.trace.push_back(l0);
  std::size_t updates = 1;
  for (;;) {
    check_cancelled();
    const double l1 = step(p1, p2);  // L(F(p)), and F(F(p)) into p2
    ++updates;
    // The stopping rule: one plain EM update gains little and is not still climbing.
    if (options.stop_on_small_gain && small_gain(l0, l1, options.stop) &&
        first_order_gap(p1, p2) <= std::sqrt(options.stop)) {
      result.p = std::move(p1);
      result.log_likelihood = l1;
      result.converged = true;
      if (options.record_trace) result.trace.push_back(l1);
      break;
    }
    if (updates >= options.max_iterations) {
      result.p = std::move(p1);
      result.log_likelihood = l1;
      if (options.record_trace) result.trace.push_back(l1);
      break;
    }
    if (options.accelerator != EmAccelerator::kNone && extrapolate(p, p1, p2, candidate)) {
      const double lc = step(candidate, f_candidate);
      ++updates;
      if (std::isfinite(lc) && lc >= l1) {  // accepted: never below the plain EM step
        p.swap(candidate);
        p1.swap(f_candidate);
        l0 = lc;
        if (options.record_trace) result.trace.push_back(lc);
        continue;
      }
    }
    // Plain step(s): move to p2 = F(F(p)) when accelerating (both are EM updates), else F(p).
    if (options.accelerator != EmAccelerator::kNone) {
      p.swap(p2);
      l0 = step(p, p1);
      ++updates;
    } else {
      p.swap(p1);
      p1.swap(p2);
      l0 = l1;
    }
    if (options.record_trace) result.trace.push_back(l0);
  }
  result.iterations = updates;
  return result;
}

void check_options(const EmOptions& options) {
  if (options.max_iterations < 1) throw InvalidArgument("EM: max_iterations must be >= 1");
  if (!(options.stop >= 0.0)) throw InvalidArgument("EM: stop must be >= 0");
}

}  // namespace uldp::estimate::internal
