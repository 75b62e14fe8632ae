#include "uldp/losses/direct_loss.h"

#include <string>
#include <utility>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"

namespace uldp {

std::vector<Rational> exact_inverse(const std::vector<Rational>& matrix, std::size_t k,
                                    const char* what) {
  if (matrix.size() != k * k) throw InvalidArgument(std::string(what) + ": not a square matrix");
  std::vector<Rational> a = matrix;
  std::vector<Rational> inv(k * k);
  for (std::size_t i = 0; i < k; ++i) inv[i * k + i] = 1;
  for (std::size_t col = 0; col < k; ++col) {
    std::size_t pivot = col;
    while (pivot < k && a[pivot * k + col] == 0) ++pivot;
    if (pivot == k) throw InvalidArgument(std::string(what) + ": the matrix is singular");
    if (pivot != col) {
      for (std::size_t j = 0; j < k; ++j) {
        std::swap(a[pivot * k + j], a[col * k + j]);
        std::swap(inv[pivot * k + j], inv[col * k + j]);
      }
    }
    const Rational scale = 1 / a[col * k + col];
    for (std::size_t j = 0; j < k; ++j) {
      a[col * k + j] *= scale;
      inv[col * k + j] *= scale;
    }
    for (std::size_t row = 0; row < k; ++row) {
      if (row == col || a[row * k + col] == 0) continue;
      const Rational factor = a[row * k + col];
      for (std::size_t j = 0; j < k; ++j) {
        a[row * k + j] -= factor * a[col * k + j];
        inv[row * k + j] -= factor * inv[col * k + j];
      }
    }
  }
  return inv;
}

Rational direct_l2_loss(const DenseMechanism& q, const std::vector<Rational>& p, std::uint64_t n) {
  const std::size_t k = q.num_inputs();
  if (q.num_outputs() != k)
    throw InvalidArgument("Q: the empirical estimator needs a square matrix");
  if (n == 0) throw InvalidArgument("n: must be at least 1");
  validate_distribution(p, k, "p");
  const std::vector<Rational> inv = exact_inverse(q.entries(), k, "Q");
  std::vector<Rational> m(k);
  for (std::size_t y = 0; y < k; ++y) {
    for (std::size_t x = 0; x < k; ++x) m[y] += p[x] * q(x, y);
  }
  // trace(Q^{-T} S Q^{-1}) = sum_x sum_{y,y'} Qinv[y][x] S[y][y'] Qinv[y'][x], S = n Cov(m̂).
  Rational trace = 0;
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < k; ++y) {
      if (inv[y * k + x] == 0) continue;
      for (std::size_t y2 = 0; y2 < k; ++y2) {
        const Rational covariance = (y == y2 ? m[y] : Rational(0)) - m[y] * m[y2];
        trace += inv[y * k + x] * covariance * inv[y2 * k + x];
      }
    }
  }
  return trace / Rational(Integer(n));
}

Rational direct_l2_loss(const BitProductMechanism& mechanism, const std::vector<Rational>& p,
                        std::uint64_t n) {
  const std::size_t k = mechanism.k();
  if (n == 0) throw InvalidArgument("n: must be at least 1");
  validate_distribution(p, k, "p");
  const DenseMechanism dense = mechanism.to_dense();
  // The distribution of the report vector, then E[y_j] and E[y_j y_l] by enumeration.
  std::vector<Rational> mean(k), second(k * k);
  for (std::size_t y = 0; y < dense.num_outputs(); ++y) {
    Rational probability = 0;
    for (std::size_t x = 0; x < k; ++x) probability += p[x] * dense(x, y);
    if (probability == 0) continue;
    const std::vector<bool> bits = bits_of_index(y, k);
    for (std::size_t j = 0; j < k; ++j) {
      if (!bits[j]) continue;
      mean[j] += probability;
      for (std::size_t l = 0; l < k; ++l) {
        if (bits[l]) second[j * k + l] += probability;
      }
    }
  }
  // p̂ = D^{-1}(ȳ - offset) with D = diag(gain): E[l2^2] = sum_j Var(y_j) / (n gain_j^2).
  Rational trace = 0;
  for (std::size_t j = 0; j < k; ++j) {
    const Rational gain = mechanism.bit(j).one_if_on - mechanism.bit(j).one_if_off;
    if (gain == 0)
      throw InvalidArgument("mechanism: bit " + std::to_string(j) + " carries no information");
    trace += (second[j * k + j] - mean[j] * mean[j]) / (gain * gain);
  }
  return trace / Rational(Integer(n));
}

}  // namespace uldp
