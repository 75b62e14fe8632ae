#include "uldp/estimate/likelihood_distance.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

// The smallest eigenvalue of the symmetric m x m matrix `a` (row-major), by cyclic Jacobi sweeps
// until the off-diagonal mass is negligible.
double smallest_eigenvalue(std::vector<double> a, std::size_t m) {
  const auto at = [&](std::size_t i, std::size_t j) -> double& { return a[i * m + j]; };
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0, diagonal = 0;
    for (std::size_t i = 0; i < m; ++i) {
      diagonal += at(i, i) * at(i, i);
      for (std::size_t j = i + 1; j < m; ++j) off += at(i, j) * at(i, j);
    }
    if (off <= 1e-30 * diagonal) break;
    for (std::size_t p = 0; p < m; ++p) {
      for (std::size_t r = p + 1; r < m; ++r) {
        if (at(p, r) == 0) continue;
        const double theta = (at(r, r) - at(p, p)) / (2 * at(p, r));
        const double t = std::copysign(1.0, theta) / (std::abs(theta) + std::hypot(theta, 1.0));
        const double c = 1 / std::hypot(t, 1.0), s = t * c;
        for (std::size_t i = 0; i < m; ++i) {  // columns p and r
          const double aip = at(i, p), air = at(i, r);
          at(i, p) = c * aip - s * air;
          at(i, r) = s * aip + c * air;
        }
        for (std::size_t i = 0; i < m; ++i) {  // rows p and r
          const double api = at(p, i), ari = at(r, i);
          at(p, i) = c * api - s * ari;
          at(r, i) = s * api + c * ari;
        }
      }
    }
  }
  double smallest = at(0, 0);
  for (std::size_t i = 1; i < m; ++i) smallest = std::min(smallest, at(i, i));
  return smallest;
}

// The bound for one split: `inactive[x]` puts x in I.
std::optional<double> bound_for_split(const std::vector<double>& a, std::size_t k,
                                      const std::vector<double>& g, const std::vector<double>& p,
                                      double gap, const std::vector<bool>& inactive,
                                      double gradient_error) {
  const double top = *std::max_element(g.begin(), g.end());
  std::vector<std::size_t> j_set;
  double d_inactive_squared = 0;  // ‖d_I‖² ≤ Σ_I (p_x + p*_x)², p*_x ≤ G / (top − g_x)
  std::vector<double> d_inactive(k, 0.0);
  for (std::size_t x = 0; x < k; ++x) {
    if (!inactive[x]) {
      j_set.push_back(x);
      continue;
    }
    d_inactive[x] = p[x] + gap / (top - g[x] - 2 * gradient_error);
    d_inactive_squared += d_inactive[x] * d_inactive[x];
  }
  if (j_set.empty()) return std::nullopt;
  const std::size_t m = j_set.size();
  std::vector<double> block(m * m);
  double trace = 0;
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t l = 0; l < m; ++l) block[i * m + l] = a[j_set[i] * k + j_set[l]];
    trace += block[i * m + i];
  }
  const double kappa = smallest_eigenvalue(block, m) - 1e-9 * trace;
  if (!(kappa > 0)) return std::nullopt;
  // b ≥ ‖A_JI d_I‖ (Frobenius norm of A_JI times ‖d_I‖).
  double cross = 0;
  for (std::size_t x : j_set) {
    for (std::size_t z = 0; z < k; ++z) {
      if (inactive[z]) cross += a[x * k + z] * a[x * k + z];
    }
  }
  const double b = std::sqrt(cross) * std::sqrt(d_inactive_squared);
  // With c the mean of g on J: r = ‖g_J − c‖ (plus its rounding), e = Σ_I |g_x − c| (p_x + p*_x).
  double mean = 0;
  for (std::size_t x : j_set) mean += g[x];
  mean /= static_cast<double>(m);
  double r_squared = 0, e = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (inactive[x]) {
      e += std::abs(g[x] - mean) * d_inactive[x];
    } else {
      r_squared += (g[x] - mean) * (g[x] - mean);
    }
  }
  const double r = std::sqrt(r_squared) + std::sqrt(static_cast<double>(m)) * gradient_error;
  // ½ κ u² − (b + r) u − e ≤ 0 for u = ‖d_J‖.
  const double u = ((b + r) + std::sqrt((b + r) * (b + r) + 2 * kappa * e)) / kappa;
  return std::sqrt(u * u + d_inactive_squared) * (1 + 1e-9);
}

}  // namespace

std::optional<double> likelihood_distance_bound(const DenseParams& q,
                                                std::span<const std::uint64_t> counts,
                                                std::span<const double> p_in, double gap) {
  const std::size_t k = q.inputs;
  if (counts.size() != q.outputs || p_in.size() != k) {
    throw InvalidArgument("likelihood distance: " + std::to_string(counts.size()) + " counts and " +
                          std::to_string(p_in.size()) + " values for a " + std::to_string(k) +
                          " x " + std::to_string(q.outputs) + " matrix");
  }
  const double total = std::accumulate(p_in.begin(), p_in.end(), 0.0);
  if (!(total > 0)) return std::nullopt;
  std::vector<double> p(k);
  for (std::size_t x = 0; x < k; ++x) p[x] = std::max(p_in[x], 0.0) / total;
  if (k == 1) return 0.0;  // the simplex is one point
  // g = ∇L(p), q_p(y), and each column's norm.
  std::vector<double> g(k, 0.0), mass(q.outputs, 0.0), cap(q.outputs, 0.0), norm(q.outputs, 0.0);
  double largest_term = 0;
  for (std::size_t y = 0; y < q.outputs; ++y) {
    if (counts[y] == 0) continue;
    for (std::size_t x = 0; x < k; ++x) {
      cap[y] = std::max(cap[y], q(x, y));  // M_y: q_p'(y) <= M_y on the whole simplex
      mass[y] += p[x] * q(x, y);
      norm[y] += q(x, y) * q(x, y);
    }
    if (!(mass[y] > 0)) return std::nullopt;  // L(p) = -inf
    norm[y] = std::sqrt(norm[y]);
    const double n_y = static_cast<double>(counts[y]);
    for (std::size_t x = 0; x < k; ++x) {
      g[x] += n_y * q(x, y) / mass[y];
      largest_term = std::max(largest_term, n_y * q(x, y) / mass[y]);
    }
  }
  // Each g_x sums at most |Y| terms, each with a relative rounding of a few ulps.
  const double gradient_error = 1e-14 * static_cast<double>(q.outputs) * largest_term;
  const double top = *std::max_element(g.begin(), g.end());
  // The bound for the curvature caps `cap`: A = Σ_y n_y Q_y Q_yᵀ / cap_y², the best split.
  const auto bound_for_caps = [&]() -> std::optional<double> {
    std::vector<double> a(k * k, 0.0);
    for (std::size_t y = 0; y < q.outputs; ++y) {
      if (counts[y] == 0) continue;
      const double weight = static_cast<double>(counts[y]) / (cap[y] * cap[y]);
      for (std::size_t i = 0; i < k; ++i) {
        const double wi = weight * q(i, y);
        if (wi == 0) continue;
        for (std::size_t j = 0; j < k; ++j) a[i * k + j] += wi * q(j, y);
      }
    }
    std::optional<double> best;
    // Splits: I = the inputs whose gradient is below the top by more than a fraction of it.
    for (const double fraction : {0.0, 1e-8, 1e-6, 1e-4, 1e-2, 1e-1}) {
      std::vector<bool> inactive(k, false);
      for (std::size_t x = 0; x < k; ++x) {
        inactive[x] = fraction > 0 && top - g[x] > fraction * top + 4 * gradient_error;
      }
      const std::optional<double> bound =
          bound_for_split(a, k, g, p, gap, inactive, gradient_error);
      if (bound && (!best || *bound < *best)) best = bound;
    }
    return best;
  };
  // Once p* is known to lie within D of p, every point between them has q(y) <= q_p(y) + D ‖Q_y‖
  // (Cauchy-Schwarz), a tighter cap where q_p(y) is far below max_x Q(y|x): refine a few times.
  std::optional<double> best = bound_for_caps();
  for (int round = 0; best && round < 8; ++round) {
    for (std::size_t y = 0; y < q.outputs; ++y) {
      if (counts[y] != 0) cap[y] = std::min(cap[y], (mass[y] + *best * norm[y]) * (1 + 1e-12));
    }
    const std::optional<double> refined = bound_for_caps();
    if (!refined || *refined >= *best) break;
    best = refined;
  }
  return best;
}

}  // namespace uldp::estimate
