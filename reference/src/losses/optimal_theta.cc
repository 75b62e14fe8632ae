// θ* of uRAP by bisection on the exact (l2) or certified (l1) sign of the derivative of the
// worst-case loss; the worst case over p is uniform on X_S and on X_N (concave, symmetric loss),
// with the mass w on X_S maximising, and Danskin's theorem gives the derivative at w*(θ).
#include "uldp/losses/optimal_theta.h"

#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

int sign_of(const Rational& r) { return r > 0 ? 1 : (r < 0 ? -1 : 0); }

// The two-class shape of uRAP at one θ (t > 1, |X_S| >= 1).
struct UrapShape {
  Rational k_s, k_n, t;

  // l2: n E[l2^2] = A/(θ(1-θ)) + B/θ - α w - w²/k_s - (1-w)²/k_n, α = c/(1-θ), c = 1/(t-1).
  Rational c() const { return 1 / (t - 1); }
  Rational a() const { return k_s * t * c() * c(); }
  Rational b() const { return t * c(); }
  // The maximising w (strictly concave in w; never above 1 since α > 0).
  Rational l2_mass(const Rational& theta) const {
    if (k_n == 0) return 1;
    const Rational alpha = c() / (1 - theta);
    if (alpha >= 2 / k_n) return 0;
    return (2 / k_n - alpha) * k_s * k_n / (2 * (k_s + k_n));
  }
  Rational l2_value(const Rational& theta) const {
    const Rational w = l2_mass(theta);
    const Rational alpha = c() / (1 - theta);
    Rational v = a() / (theta * (1 - theta)) + b() / theta - alpha * w - w * w / k_s;
    if (k_n > 0) v -= (1 - w) * (1 - w) / k_n;
    return v;
  }
  // θ²(1-θ)² W'(θ) = A(2θ-1) - B(1-θ)² - c w* θ²: strictly increasing on (0,1).
  int l2_derivative_sign(const Rational& theta) const {
    return sign_of(a() * (2 * theta - 1) - b() * (1 - theta) * (1 - theta) -
                   c() * l2_mass(theta) * theta * theta);
  }

  // l1: sum_x sqrt(m(1-m))/g with m_s = ψ + g_s w/k_s, m_n = g_n (1-w)/k_n.
  Rational psi(const Rational& theta) const { return theta / (t - theta * (t - 1)); }
  Rational gain_s(const Rational& theta) const { return theta - psi(theta); }
  Rational gain_n(const Rational& theta) const { return theta * (t - 1) / t; }
  // The maximising w: all report probabilities equal, or w = 0 when ψ already exceeds X_N's.
  Rational l1_mass(const Rational& theta) const {
    if (k_n == 0) return 1;
    const Rational psi_v = psi(theta), per_n = gain_n(theta) / k_n;
    if (psi_v >= per_n) return 0;
    return (per_n - psi_v) / (gain_s(theta) / k_s + per_n);
  }
  // Bounds on dL1/dθ at w*(θ) (Danskin), with square roots to `bits` bits.
  Interval l1_derivative(const Rational& theta, unsigned bits) const {
    const Rational w = l1_mass(theta);
    const Rational d = t - theta * (t - 1);
    const Rational psi_v = theta / d, dpsi = t / (d * d);
    const Rational gs = theta - psi_v, dgs = 1 - dpsi;
    const Rational gn = theta * (t - 1) / t, dgn = (t - 1) / t;
    auto term = [&](const Rational& size, const Rational& m, const Rational& dm, const Rational& g,
                    const Rational& dg) {
      // size * (φ'(m) dm / g - φ(m) dg / g²), φ = sqrt(m(1-m)), φ' = (1-2m)/(2φ).
      const Interval phi = sqrt_bounds(m * (1 - m), bits);
      const Interval slope = Interval::exact((1 - 2 * m) * dm / (2 * g)) / phi;
      return Interval::exact(size) * (slope - phi * Interval::exact(dg / (g * g)));
    };
    Interval total = term(k_s, psi_v + gs * w / k_s, dpsi + dgs * w / k_s, gs, dgs);
    if (k_n > 0) total = total + term(k_n, gn * (1 - w) / k_n, dgn * (1 - w) / k_n, gn, dgn);
    return total;
  }
  // The certified sign of dL1/dθ (0 only if no precision up to 4096 bits separates it from 0).
  int l1_derivative_sign(const Rational& theta) const {
    for (unsigned bits = 96; bits <= 4096; bits *= 2) {
      const Interval d = l1_derivative(theta, bits);
      if (d.lower > 0) return 1;
      if (d.upper < 0) return -1;
    }
    return 0;
  }
  int derivative_sign(const Rational& theta, ThetaObjective objective) const {
    return objective == ThetaObjective::kL2 ? l2_derivative_sign(theta) : l1_derivative_sign(theta);
  }
};

UrapShape shape_of(std::size_t k, std::size_t sensitive_count, const Rational& t) {
  if (k == 0) throw InvalidArgument("k: must be at least 1");
  if (sensitive_count > k)
    throw InvalidArgument("sensitive count: " + std::to_string(sensitive_count) + " exceeds k");
  if (t <= 1) throw InvalidArgument("exp_eps: optimal theta needs t > 1, got " + to_string(t));
  return {Rational(sensitive_count), Rational(k - sensitive_count), t};
}

}  // namespace

OptimalTheta optimal_urap_theta(std::size_t k, std::size_t sensitive_count, const Rational& t,
                                ThetaObjective objective) {
  const UrapShape shape = shape_of(k, sensitive_count, t);
  OptimalTheta out;
  if (sensitive_count == 0) {
    // Only non-sensitive bits: the loss falls as θ grows (their gain is θ(t-1)/t).
    out.bracket = Interval::exact(1);
    out.theta = 1;
    out.unique_proven = true;
    return out;
  }
  // The derivative is negative near 0 and positive near 1 (the loss grows without bound at both
  // ends): bisection keeps a sign change - to + inside [lo, hi].
  Rational lo(0), hi(1);
  const Rational width(1, Integer(1) << kOptimalThetaBits);
  while (hi - lo > width) {
    const Rational mid = (lo + hi) / 2;
    const int sign = shape.derivative_sign(mid, objective);
    if (sign == 0) {
      lo = hi = mid;
      break;
    }
    (sign < 0 ? lo : hi) = mid;
  }
  out.bracket = {lo, hi};
  out.theta = (lo + hi) / 2;
  if (objective == ThetaObjective::kL2) {
    out.unique_proven = true;
    out.closed_form = shape.l2_mass(lo) == 0;
    return out;
  }
  // l1: no proof of a single stationary point; a grid of certified signs must show one change.
  int changes = 0, previous = -1;
  for (int i = 1; i < 64; ++i) {
    const int sign = shape.l1_derivative_sign(Rational(i, 64));
    if (sign != 0 && sign != previous) ++changes;
    if (sign != 0) previous = sign;
  }
  if (changes > 1) {
    throw InvalidArgument(
        "optimal theta (l1): the worst-case loss has several stationary points "
        "for k = " +
        std::to_string(k) + ", |X_S| = " + std::to_string(sensitive_count) +
        ", t = " + to_string(t));
  }
  return out;
}

Rational urap_worst_case_l2_times_n(std::size_t k, std::size_t sensitive_count, const Rational& t,
                                    const Rational& theta) {
  const UrapShape shape = shape_of(k, sensitive_count, t);
  if (theta <= 0 || theta >= 1)
    throw InvalidArgument("theta: " + to_string(theta) + " is not in (0,1)");
  if (sensitive_count == 0) return shape.b() / theta - 1 / shape.k_n;
  return shape.l2_value(theta);
}

Interval urap_closed_form_theta(std::size_t sensitive_count, const Rational& t, unsigned bits) {
  if (t <= 1) throw InvalidArgument("exp_eps: needs t > 1, got " + to_string(t));
  const Rational r = Rational(sensitive_count) / (t - 1);
  const Interval root = sqrt_bounds(r * (r + 1), bits);
  return Interval::exact(1 + r) - root;
}

}  // namespace uldp
