// The empirical estimation method (Section 2.5, eq. (3)):
// solve p̂ Q = m̂. Closed forms for uRR / RR (eq. (35)) and the per-bit form for
// RAPPOR / uRAP (eq. (41)); LU with partial pivoting for any square Q.
// Estimates may be negative; they sum to 1 (symbol mechanisms) as the linear system implies.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate {

/// uRR / RR: p̂(x) = (m̂(x) - c2)/(c1 - c2) on X_S, m̂(x)/c3 on X_N. Needs t > 1 and n > 0.
std::vector<double> empirical_estimate_urr(const UrrParams& params,
                                           std::span<const std::uint64_t> counts);
/// RR through its uRR form.
std::vector<double> empirical_estimate_rr(const RrParams& params,
                                          std::span<const std::uint64_t> counts);
/// RAPPOR / uRAP / any product of bits: p̂(x_j) = (ones_j/n - off_j)/(on_j - off_j).
std::vector<double> empirical_estimate_unary(const UnaryParams& params, const BitCounts& counts);
/// Any square invertible Q: solves p̂ Q = m̂ by LU with partial pivoting. Throws
/// InvalidArgument when Q is not square or is singular (pivot below 1e-12 * max |Q|).
std::vector<double> empirical_estimate_dense(const DenseParams& params,
                                             std::span<const std::uint64_t> counts);

/// LU factorisation of Q^T with partial pivoting, reusable for many right-hand sides.
class DenseSolver {
 public:
  explicit DenseSolver(const DenseParams& params);
  /// The p with p Q = m.
  std::vector<double> solve(std::span<const double> m) const;
  std::size_t size() const { return n_; }

 private:
  std::size_t n_;
  std::vector<double> lu_;
  std::vector<std::size_t> pivot_;
};

}  // namespace uldp::estimate
