// Empirical estimation with a Bonferroni significance threshold.
#include "uldp/estimate/threshold.h"

#include <cmath>
#include <numeric>
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/empirical.h"

namespace uldp::estimate {
namespace {

void check_alpha(double alpha) {
  if (!(alpha > 0.0 && alpha < 1.0)) {
    throw InvalidArgument("alpha = " + std::to_string(alpha) + " is not in (0,1)");
  }
}

double bonferroni_z(double alpha, std::size_t k) {
  // z_{1-α/k} = -Φ^{-1}(α/k): evaluated in the lower tail, where it is accurate.
  return -normal_quantile(alpha / static_cast<double>(k));
}

}  // namespace

double normal_quantile(double q) {
  if (!(q > 0.0 && q < 1.0)) {
    throw InvalidArgument("normal_quantile: q = " + std::to_string(q) + " is not in (0,1)");
  }
  // Acklam's rational approximation (relative error 1.15e-9) ...
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  const double low = 0.02425;
  double x;
  if (q < low) {
    const double r = std::sqrt(-2.0 * std::log(q));
    x = (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) /
        ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1.0);
  } else if (q <= 1.0 - low) {
    const double r0 = q - 0.5, r = r0 * r0;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * r0 /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  } else {
    const double r = std::sqrt(-2.0 * std::log1p(-q));
    x = -(((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) /
        ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1.0);
  }
  // ... refined by one Halley step on Φ(x) - q, Φ(x) = erfc(-x/√2)/2.
  const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - q;
  const double u = e * std::sqrt(2.0 * M_PI) * std::exp(x * x / 2.0);
  return x - u / (1.0 + x * u / 2.0);
}

ThresholdEstimate apply_significance_threshold(std::span<const double> empirical,
                                               std::span<const double> null_sd, double alpha) {
  check_alpha(alpha);
  const std::size_t k = empirical.size();
  if (k == 0 || null_sd.size() != k) {
    throw InvalidArgument("significance threshold: estimate and standard deviations differ");
  }
  ThresholdEstimate result;
  result.z = bonferroni_z(alpha, k);
  result.p.assign(k, 0.0);
  result.significant.assign(k, 0);
  double kept_mass = 0;
  std::size_t below = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (empirical[x] > result.z * null_sd[x]) {
      result.significant[x] = 1;
      result.p[x] = empirical[x];
      kept_mass += empirical[x];
    } else {
      ++below;
    }
  }
  const double remaining = 1.0 - kept_mass;
  if (below > 0 && remaining >= 0.0) {
    const double share = remaining / static_cast<double>(below);
    for (std::size_t x = 0; x < k; ++x) {
      if (!result.significant[x]) result.p[x] = share;
    }
  } else if (kept_mass > 0.0) {  // kept mass exceeds 1 (or nothing below): renormalise it
    for (double& v : result.p) v /= kept_mass;
  }
  return result;
}

ThresholdEstimate threshold_estimate_urr(const UrrParams& params,
                                         std::span<const std::uint64_t> counts, double alpha) {
  const std::vector<double> p = empirical_estimate_urr(params, counts);
  const double n =
      static_cast<double>(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}));
  const double sd_sensitive =
      std::sqrt(params.c2 * (1.0 - params.c2) / n) / (params.c1 - params.c2);
  std::vector<double> sd(params.k, 0.0);
  for (std::size_t x : params.sensitive.indices()) sd[x] = sd_sensitive;
  return apply_significance_threshold(p, sd, alpha);
}

ThresholdEstimate threshold_estimate_unary(const UnaryParams& params, const BitCounts& counts,
                                           double alpha) {
  const std::vector<double> p = empirical_estimate_unary(params, counts);
  const double n = static_cast<double>(counts.n);
  std::vector<double> sd(params.k);
  for (std::size_t j = 0; j < params.k; ++j) {
    sd[j] = std::sqrt(params.off[j] * (1.0 - params.off[j]) / n) /
            std::fabs(params.on[j] - params.off[j]);
  }
  return apply_significance_threshold(p, sd, alpha);
}

ThresholdEstimate threshold_estimate_dense(const DenseParams& params,
                                           std::span<const std::uint64_t> counts, double alpha) {
  const std::size_t k = params.inputs, outputs = params.outputs;
  const std::vector<double> p = empirical_estimate_dense(params, counts);  // validates counts
  const double n =
      static_cast<double>(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}));
  std::vector<double> m(outputs);
  for (std::size_t y = 0; y < outputs; ++y) m[y] = static_cast<double>(counts[y]) / n;
  // The estimator's rows A(y, .): given (p̂ = f A), or Q^{-1} (A(y, .) Q = e_y).
  std::vector<double> inverse = params.estimator;
  if (inverse.empty()) {
    const DenseSolver solver(params);
    inverse.resize(k * k);
    std::vector<double> unit(k, 0.0);
    for (std::size_t y = 0; y < k; ++y) {
      unit[y] = 1.0;
      const std::vector<double> row = solver.solve(unit);
      unit[y] = 0.0;
      std::copy(row.begin(), row.end(), inverse.begin() + static_cast<std::ptrdiff_t>(y * k));
    }
  }
  std::vector<double> sd(k);
  for (std::size_t x = 0; x < k; ++x) {
    // m0 = p0 Q for p0 = p̂ with p̂(x) set to 0 and renormalised (the null hypothesis with
    // the other proportions as estimated); Var0 p̂(x) = (1/n) Σ_y m0(y) A(y,x)², as
    // E_0[A(Y,x)] = p0(x) = 0 (for an unbiased A).
    double variance = 0, mass = 0;
    for (std::size_t y = 0; y < outputs; ++y) {
      const double m0 = std::max(0.0, m[y] - p[x] * params(x, y));
      variance += m0 * inverse[y * k + x] * inverse[y * k + x];
      mass += m0;
    }
    if (!(mass > 0.0)) {  // p̂ is (numerically) a point mass at x: use m̂ itself
      variance = 0, mass = 1;
      for (std::size_t y = 0; y < outputs; ++y)
        variance += m[y] * inverse[y * k + x] * inverse[y * k + x];
    }
    sd[x] = std::sqrt(variance / mass / n);
  }
  return apply_significance_threshold(p, sd, alpha);
}

}  // namespace uldp::estimate
