// Exact empirical estimation: Gaussian elimination over the rationals.
#include "uldp/losses/exact_empirical.h"

#include <string>
#include <utility>

#include "uldp/error.h"

namespace uldp {

std::vector<Rational> exact_solve_left(const DenseMechanism& q, const std::vector<Rational>& m) {
  const std::size_t n = q.num_inputs();
  if (q.num_outputs() != n) {
    throw InvalidArgument("exact estimate: Q is " + std::to_string(n) + " x " +
                          std::to_string(q.num_outputs()) + ", not square");
  }
  if (m.size() != n) {
    throw InvalidArgument("exact estimate: m has " + std::to_string(m.size()) +
                          " entries, expected " + std::to_string(n));
  }
  // p Q = m  <=>  Q^T p^T = m^T; augmented rows [Q^T | m].
  std::vector<std::vector<Rational>> a(n, std::vector<Rational>(n + 1));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) a[i][j] = q(j, i);
    a[i][n] = m[i];
  }
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    while (pivot < n && a[pivot][col] == 0) ++pivot;
    if (pivot == n) throw InvalidArgument("exact estimate: Q is singular");
    std::swap(a[col], a[pivot]);
    const Rational inverse = Rational(1) / a[col][col];
    for (std::size_t j = col; j <= n; ++j) a[col][j] *= inverse;
    for (std::size_t row = 0; row < n; ++row) {
      if (row == col || a[row][col] == 0) continue;
      const Rational factor = a[row][col];
      for (std::size_t j = col; j <= n; ++j) a[row][j] -= factor * a[col][j];
    }
  }
  std::vector<Rational> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = a[i][n];
  return p;
}

std::vector<Rational> exact_empirical_estimate(const DenseMechanism& q,
                                               const std::vector<std::uint64_t>& counts) {
  if (counts.size() != q.num_outputs()) {
    throw InvalidArgument("exact estimate: " + std::to_string(counts.size()) +
                          " counts, expected " + std::to_string(q.num_outputs()));
  }
  Integer total = 0;
  for (std::uint64_t c : counts) total += Integer(c);
  if (total == 0) throw InvalidArgument("exact estimate: no reports (n = 0)");
  std::vector<Rational> m(counts.size());
  for (std::size_t y = 0; y < counts.size(); ++y) m[y] = Rational(Integer(counts[y]), total);
  return exact_solve_left(q, m);
}

std::vector<Rational> exact_empirical_estimate(const BitProductMechanism& q,
                                               const std::vector<std::uint64_t>& ones,
                                               std::uint64_t n) {
  if (ones.size() != q.k()) {
    throw InvalidArgument("exact estimate: " + std::to_string(ones.size()) +
                          " bit counts, expected " + std::to_string(q.k()));
  }
  if (n == 0) throw InvalidArgument("exact estimate: no reports (n = 0)");
  std::vector<Rational> p(q.k());
  for (std::size_t j = 0; j < q.k(); ++j) {
    const BitChannel& bit = q.bit(j);
    if (bit.one_if_on == bit.one_if_off) {
      throw InvalidArgument("exact estimate: bit " + std::to_string(j) + " has on = off");
    }
    // m_j = p_j on_j + (1 - p_j) off_j  =>  p_j = (m_j - off_j) / (on_j - off_j).
    const Rational m{Integer(ones[j]), Integer(n)};
    p[j] = (m - bit.one_if_off) / (bit.one_if_on - bit.one_if_off);
  }
  return p;
}

}  // namespace uldp
