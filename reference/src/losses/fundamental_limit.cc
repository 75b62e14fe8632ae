// The certified fundamental limit M(w, v, t): exact objective and bounds over rationals, and a
// long-double saddle-point search that only proposes the witness (α̂, λ̂).
//
// f(α, λ) = P1/S1 + P2 (1-α)/B + P3 (1-α)/C with, over K = 1..v,
//   S1 = Σ λ_K K(v-K) / ((αK(t-1)+v)(Kt+v-K)),  B = Σ λ_K K/(Kt+v-K),  C = Σ λ_K K/(αK(t-1)+v),
//   P1 = (v-1)²/(v(t-1)²),  P2 = (w-v-1)/((w-v)(t-1)),  P3 = w/(v(w-v)(t-1)),
// which is compute_M_J.m's (v-1)/J1 + (w-v-1)/J2 + 1/J3 with the constants moved out.
#include "uldp/losses/fundamental_limit.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

// ---- exact side ----------------------------------------------------------------------------

struct ExactTerms {
  Rational p1, p2, p3;
  Rational s1, b, c;  // the three linear functionals of λ
  Rational ds1, dc;   // their α-derivatives
  Rational value;     // f(α, λ)
  Rational d_alpha;   // ∂f/∂α
};

Rational coeff_a(const LimitSetting& s, const Rational& alpha, std::size_t k) {
  const Rational kk(k);
  return kk * (s.v - kk) / ((alpha * kk * (s.t - 1) + s.v) * (kk * s.t + s.v - kk));
}
Rational coeff_b(const LimitSetting& s, std::size_t k) {
  const Rational kk(k);
  return kk / (kk * s.t + s.v - kk);
}
Rational coeff_c(const LimitSetting& s, const Rational& alpha, std::size_t k) {
  const Rational kk(k);
  return kk / (alpha * kk * (s.t - 1) + s.v);
}

void validate_point(const LimitSetting& s, const Rational& alpha,
                    const std::vector<BlockWeight>& weights) {
  if (alpha < 0 || alpha > 1) throw InvalidArgument("alpha: must lie in [0, 1]");
  Rational total(0);
  bool below_v = false;
  for (const BlockWeight& bw : weights) {
    if (bw.block < 1 || bw.block > s.v)
      throw InvalidArgument("block size " + std::to_string(bw.block) + ": must lie in [1, " +
                            std::to_string(s.v) + "]");
    if (bw.weight <= 0) throw InvalidArgument("block weights: must be positive");
    total += bw.weight;
    below_v = below_v || bw.block < s.v;
  }
  if (total != 1) throw InvalidArgument("block weights: must sum to exactly 1");
  if (!below_v) throw InvalidArgument("block weights: need some block size below |X_S|");
}

ExactTerms exact_terms(const LimitSetting& s, const Rational& alpha,
                       const std::vector<BlockWeight>& weights) {
  validate_limit_setting(s);
  validate_point(s, alpha, weights);
  ExactTerms e;
  const Rational v(s.v), w(s.w), tm1 = s.t - 1;
  e.p1 = (v - 1) * (v - 1) / (v * tm1 * tm1);
  e.p2 = (w - v - 1) / ((w - v) * tm1);
  e.p3 = w / (v * (w - v) * tm1);
  for (const BlockWeight& bw : weights) {
    const Rational kk(bw.block);
    const Rational denom = alpha * kk * tm1 + v;
    const Rational a = coeff_a(s, alpha, bw.block);
    const Rational c = coeff_c(s, alpha, bw.block);
    e.s1 += bw.weight * a;
    e.b += bw.weight * coeff_b(s, bw.block);
    e.c += bw.weight * c;
    e.ds1 -= bw.weight * a * kk * tm1 / denom;
    e.dc -= bw.weight * c * kk * tm1 / denom;
  }
  const Rational open = 1 - alpha;
  e.value = e.p1 / e.s1 + e.p2 * open / e.b + e.p3 * open / e.c;
  e.d_alpha =
      -e.p1 * e.ds1 / (e.s1 * e.s1) - e.p2 / e.b - e.p3 / e.c - e.p3 * open * e.dc / (e.c * e.c);
  return e;
}

// ---- numerical side (proposes the witness only) ---------------------------------------------

using Real = long double;

struct Coefficients {
  std::vector<Real> a, b, c;  // index K-1
  Real p1, q2, q3;            // q2 = P2 (1-α), q3 = P3 (1-α)
};

Coefficients coefficients(const LimitSetting& s, Real t, Real alpha) {
  Coefficients co;
  const Real v = static_cast<Real>(s.v), w = static_cast<Real>(s.w);
  co.p1 = (v - 1) * (v - 1) / (v * (t - 1) * (t - 1));
  co.q2 = (w - v - 1) / ((w - v) * (t - 1)) * (1 - alpha);
  co.q3 = w / (v * (w - v) * (t - 1)) * (1 - alpha);
  for (std::size_t k = 1; k <= s.v; ++k) {
    const Real kk = static_cast<Real>(k);
    co.a.push_back(kk * (v - kk) / ((alpha * kk * (t - 1) + v) * (kk * t + v - kk)));
    co.b.push_back(kk / (kk * t + v - kk));
    co.c.push_back(kk / (alpha * kk * (t - 1) + v));
  }
  return co;
}

struct Point {
  std::vector<std::size_t> support;  // K - 1
  std::vector<Real> weight;
};

struct Sums {
  Real s1 = 0, b = 0, c = 0;
};

Sums sums(const Coefficients& co, const Point& p) {
  Sums r;
  for (std::size_t i = 0; i < p.support.size(); ++i) {
    r.s1 += p.weight[i] * co.a[p.support[i]];
    r.b += p.weight[i] * co.b[p.support[i]];
    r.c += p.weight[i] * co.c[p.support[i]];
  }
  return r;
}

Real value_of(const Coefficients& co, const Sums& r) {
  if (r.s1 <= 0) return INFINITY;
  return co.p1 / r.s1 + co.q2 / r.b + co.q3 / r.c;
}

Real partial(const Coefficients& co, const Sums& r, std::size_t k) {
  return -co.p1 * co.a[k] / (r.s1 * r.s1) - co.q2 * co.b[k] / (r.b * r.b) -
         co.q3 * co.c[k] / (r.c * r.c);
}

// Solves the (m+1)x(m+1) system by Gaussian elimination with partial pivoting.
std::vector<Real> solve(std::vector<std::vector<Real>> m, std::vector<Real> rhs) {
  const std::size_t n = rhs.size();
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r)
      if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) pivot = r;
    std::swap(m[col], m[pivot]);
    std::swap(rhs[col], rhs[pivot]);
    if (m[col][col] == 0) continue;
    for (std::size_t r = col + 1; r < n; ++r) {
      const Real f = m[r][col] / m[col][col];
      for (std::size_t c = col; c < n; ++c) m[r][c] -= f * m[col][c];
      rhs[r] -= f * rhs[col];
    }
  }
  std::vector<Real> x(n, 0);
  for (std::size_t i = n; i-- > 0;) {
    Real acc = rhs[i];
    for (std::size_t c = i + 1; c < n; ++c) acc -= m[i][c] * x[c];
    x[i] = m[i][i] == 0 ? 0 : acc / m[i][i];
  }
  return x;
}

// Newton steps on the face spanned by the support (Σ λ = 1 kept by the KKT system); a
// coordinate the step drives to 0 leaves the support.
void restricted_newton(const Coefficients& co, Point& p) {
  for (int iteration = 0; iteration < 200 && !p.support.empty(); ++iteration) {
    const std::size_t m = p.support.size();
    const Sums r = sums(co, p);
    const Real f0 = value_of(co, r);
    std::vector<std::vector<Real>> kkt(m + 1, std::vector<Real>(m + 1, 0));
    std::vector<Real> rhs(m + 1, 0);
    Real scale = 0;
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t ki = p.support[i];
      rhs[i] = -partial(co, r, ki);
      for (std::size_t j = 0; j < m; ++j) {
        const std::size_t kj = p.support[j];
        kkt[i][j] = 2 * co.p1 * co.a[ki] * co.a[kj] / (r.s1 * r.s1 * r.s1) +
                    2 * co.q2 * co.b[ki] * co.b[kj] / (r.b * r.b * r.b) +
                    2 * co.q3 * co.c[ki] * co.c[kj] / (r.c * r.c * r.c);
      }
      scale = std::max(scale, kkt[i][i]);
      kkt[i][m] = kkt[m][i] = 1;
    }
    for (std::size_t i = 0; i < m; ++i) kkt[i][i] += scale * 1e-15L;  // rank <= 3
    const std::vector<Real> d = solve(kkt, rhs);
    Real step = 1;
    std::size_t blocking = m;
    for (std::size_t i = 0; i < m; ++i)
      if (d[i] < 0 && -p.weight[i] / d[i] < step) {
        step = -p.weight[i] / d[i];
        blocking = i;
      }
    Point trial = p;
    Real f1 = f0;
    for (int halvings = 0; halvings < 60; ++halvings) {
      for (std::size_t i = 0; i < m; ++i) trial.weight[i] = p.weight[i] + step * d[i];
      f1 = value_of(co, sums(co, trial));
      if (f1 <= f0) break;
      step /= 2;
      blocking = m;
    }
    if (!(f1 <= f0)) return;
    Real moved = 0;
    for (std::size_t i = 0; i < m; ++i) moved = std::max(moved, std::fabs(step * d[i]));
    p = trial;
    if (blocking < m) p.weight[blocking] = 0;
    Point kept;
    Real total = 0;
    for (std::size_t i = 0; i < m; ++i)
      if (p.weight[i] > 0) {
        kept.support.push_back(p.support[i]);
        kept.weight.push_back(p.weight[i]);
        total += p.weight[i];
      }
    for (Real& x : kept.weight) x /= total;
    p = kept;
    if (moved < 1e-19L && blocking == m) return;
  }
}

// Minimises the convex f(α, ·) over the simplex: an active set grown by the most negative
// partial derivative (fully corrective Frank-Wolfe).
Point solve_inner(const Coefficients& co, std::size_t v) {
  std::size_t best = 0;
  Real best_value = INFINITY;
  for (std::size_t k = 0; k + 1 < v; ++k) {
    const Real f = co.p1 / co.a[k] + co.q2 / co.b[k] + co.q3 / co.c[k];
    if (f < best_value) {
      best_value = f;
      best = k;
    }
  }
  Point p{{best}, {1}};
  for (int round = 0; round < 100; ++round) {
    restricted_newton(co, p);
    const Sums r = sums(co, p);
    Real mean = 0;
    for (std::size_t i = 0; i < p.support.size(); ++i)
      mean += p.weight[i] * partial(co, r, p.support[i]);
    std::size_t entering = 0;
    Real lowest = INFINITY;
    for (std::size_t k = 0; k < v; ++k) {
      const Real g = partial(co, r, k);
      if (g < lowest) {
        lowest = g;
        entering = k;
      }
    }
    if (mean - lowest <= 1e-18L * value_of(co, r)) break;
    if (std::find(p.support.begin(), p.support.end(), entering) != p.support.end()) break;
    // A Frank-Wolfe line search gives the entering size a positive weight.
    Real lo = 0, hi = 1;
    for (int it = 0; it < 100; ++it) {
      const Real mid = (lo + hi) / 2;
      Point q = p;
      for (Real& x : q.weight) x *= 1 - mid;
      q.support.push_back(entering);
      q.weight.push_back(mid);
      const Sums rq = sums(co, q);
      Real slope = 0;
      for (std::size_t i = 0; i < p.support.size(); ++i)
        slope -= p.weight[i] * partial(co, rq, p.support[i]);
      slope += partial(co, rq, entering);
      (slope < 0 ? lo : hi) = mid;
    }
    for (Real& x : p.weight) x *= 1 - lo;
    p.support.push_back(entering);
    p.weight.push_back(lo);
  }
  return p;
}

// ∂f/∂α at λ = p (Danskin: the derivative of the concave g(α) = inf_λ f(α, λ)).
Real alpha_derivative(const LimitSetting& s, Real t, Real alpha, const Point& p) {
  const Coefficients co = coefficients(s, t, alpha);
  const Sums r = sums(co, p);
  const Real v = static_cast<Real>(s.v), w = static_cast<Real>(s.w);
  const Real p2 = (w - v - 1) / ((w - v) * (t - 1)), p3 = w / (v * (w - v) * (t - 1));
  Real ds1 = 0, dc = 0;
  for (std::size_t i = 0; i < p.support.size(); ++i) {
    const std::size_t k = p.support[i];
    const Real kk = static_cast<Real>(k + 1);
    const Real denom = alpha * kk * (t - 1) + v;
    ds1 -= p.weight[i] * co.a[k] * kk * (t - 1) / denom;
    dc -= p.weight[i] * co.c[k] * kk * (t - 1) / denom;
  }
  return -co.p1 * ds1 / (r.s1 * r.s1) - p2 / r.b - p3 / r.c - p3 * (1 - alpha) * dc / (r.c * r.c);
}

Rational decimal_rational(Real x, long long scale) {
  return Rational(static_cast<long long>(std::llround(x * static_cast<Real>(scale))), scale);
}

}  // namespace

/// 10^300: the largest e^eps whose double the optimiser can work with.
const Rational& max_limit_exp_eps() {
  static const Rational max(Integer(boost::multiprecision::pow(Integer(10), 300)));
  return max;
}

void validate_limit_setting(const LimitSetting& s) {
  if (s.v < 2)
    throw InvalidArgument("sensitive: the limit needs |X_S| >= 2 (got " + std::to_string(s.v) +
                          ")");
  if (s.w <= s.v)
    throw InvalidArgument("sensitive: the limit needs a non-sensitive symbol (|X_S| = " +
                          std::to_string(s.v) + " = |X|)");
  if (s.t <= 1) throw InvalidArgument("exp_eps: the limit needs e^eps > 1");
  // The optimiser locates the limit in floating point (the result is then certified exactly).
  if (s.t > max_limit_exp_eps()) {
    throw InvalidArgument(
        "exp_eps: the fundamental limit is located in floating point and needs e^eps <= 1e300 "
        "(eps <= 690.7)");
  }
}

Rational limit_objective(const LimitSetting& setting, const Rational& alpha,
                         const std::vector<BlockWeight>& weights) {
  return exact_terms(setting, alpha, weights).value;
}

Rational limit_lower_bound(const LimitSetting& setting, const Rational& alpha,
                           const std::vector<BlockWeight>& weights) {
  const ExactTerms e = exact_terms(setting, alpha, weights);
  const Rational open = 1 - alpha;
  // ∂f/∂λ_K = -(P1 a_K / S1² + P2(1-α) b_K / B² + P3(1-α) c_K / C²) = -(x a + y b + z c).
  const Rational x = e.p1 / (e.s1 * e.s1), y = e.p2 * open / (e.b * e.b),
                 z = e.p3 * open / (e.c * e.c);
  auto gain = [&](std::size_t k) {
    return x * coeff_a(setting, alpha, k) + y * coeff_b(setting, k) +
           z * coeff_c(setting, alpha, k);
  };
  Rational largest(0);
  for (std::size_t k = 1; k <= setting.v; ++k) largest = std::max(largest, gain(k));
  Rational mean(0);
  for (const BlockWeight& bw : weights) mean += bw.weight * gain(bw.block);
  // f(λ) >= f(λ̂) + ∇f(λ̂)·(λ - λ̂) >= f(λ̂) + min_K ∂_K f - Σ λ̂_K ∂_K f.
  return e.value - (largest - mean);
}

Rational limit_upper_bound(const LimitSetting& setting, const Rational& alpha,
                           const std::vector<BlockWeight>& weights) {
  const ExactTerms e = exact_terms(setting, alpha, weights);
  // f(α, λ̂) <= f(α̂, λ̂) + f'(α̂)(α - α̂) on [0, 1]; a line is largest at an end.
  const Rational at_one = e.d_alpha * (1 - alpha);
  const Rational at_zero = -e.d_alpha * alpha;
  return e.value + std::max(at_one, at_zero);
}

FundamentalLimit fundamental_limit(const LimitSetting& setting) {
  validate_limit_setting(setting);
  const Real t = static_cast<Real>(to_double(setting.t)) +
                 static_cast<Real>(to_double(setting.t - from_double(to_double(setting.t))));
  auto inner_at = [&](Real alpha) {
    return solve_inner(coefficients(setting, t, alpha), setting.v);
  };
  auto slope_at = [&](Real alpha) { return alpha_derivative(setting, t, alpha, inner_at(alpha)); };
  // g(α) = inf_λ f(α, λ) is concave (an infimum of concave functions): bisect on its slope.
  Real alpha = 0;
  if (slope_at(0) > 0) {
    if (slope_at(1) >= 0) {
      alpha = 1;
    } else {
      Real lo = 0, hi = 1;
      for (int it = 0; it < 70; ++it) {
        const Real mid = (lo + hi) / 2;
        (slope_at(mid) > 0 ? lo : hi) = mid;
      }
      alpha = (lo + hi) / 2;
    }
  }
  const Point p = inner_at(alpha);

  constexpr long long kScale = 1000000000000000000LL;  // 18 decimals
  FundamentalLimit out;
  out.sensitive_mass = decimal_rational(alpha, kScale);
  std::vector<std::pair<std::size_t, Real>> sorted;
  for (std::size_t i = 0; i < p.support.size(); ++i)
    sorted.emplace_back(p.support[i] + 1, p.weight[i]);
  std::sort(sorted.begin(), sorted.end());
  Rational rest(1);
  for (std::size_t i = 0; i + 1 < sorted.size(); ++i) {
    const Rational weight = decimal_rational(sorted[i].second, kScale);
    if (weight <= 0 || weight >= rest) continue;
    out.weights.push_back({sorted[i].first, weight});
    rest -= weight;
  }
  out.weights.push_back({sorted.back().first, rest});
  std::sort(out.weights.begin(), out.weights.end(),
            [](const BlockWeight& l, const BlockWeight& r) { return l.block < r.block; });
  out.objective = limit_objective(setting, out.sensitive_mass, out.weights);
  out.value = {limit_lower_bound(setting, out.sensitive_mass, out.weights),
               limit_upper_bound(setting, out.sensitive_mass, out.weights)};
  return out;
}

}  // namespace uldp
