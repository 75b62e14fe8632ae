// Empirical estimators: closed forms and the LU solver.
#include "uldp/estimate/empirical.h"

#include <cmath>
#include <numeric>
#include <string>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

std::uint64_t total_reports(std::span<const std::uint64_t> counts, std::size_t expected,
                            const char* what) {
  if (counts.size() != expected) {
    throw InvalidArgument(std::string(what) + ": " + std::to_string(counts.size()) +
                          " counts, expected " + std::to_string(expected));
  }
  const std::uint64_t n = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  if (n == 0) throw InvalidArgument(std::string(what) + ": no reports (n = 0)");
  return n;
}

}  // namespace

std::vector<double> empirical_estimate_urr(const UrrParams& params,
                                           std::span<const std::uint64_t> counts) {
  validate(params);
  const double n = static_cast<double>(total_reports(counts, params.k, "uRR estimate"));
  const bool has_sensitive = !params.sensitive.empty();
  const bool has_plain = params.sensitive.size() < params.k;
  if ((has_sensitive && !(params.c1 > params.c2)) || (has_plain && !(params.c3 > 0))) {
    throw InvalidArgument("uRR estimate: t = 1 makes Q singular (no estimate exists)");
  }
  std::vector<double> p(params.k);
  for (std::size_t x = 0; x < params.k; ++x) {
    const double m = static_cast<double>(counts[x]) / n;
    p[x] = params.sensitive.contains(x) ? (m - params.c2) / (params.c1 - params.c2) : m / params.c3;
  }
  return p;
}

std::vector<double> empirical_estimate_rr(const RrParams& params,
                                          std::span<const std::uint64_t> counts) {
  return empirical_estimate_urr(urr_params(params), counts);
}

std::vector<double> empirical_estimate_unary(const UnaryParams& params, const BitCounts& counts) {
  validate(params);
  if (counts.ones.size() != params.k) {
    throw InvalidArgument("unary estimate: " + std::to_string(counts.ones.size()) +
                          " bit counts, expected " + std::to_string(params.k));
  }
  if (counts.n == 0) throw InvalidArgument("unary estimate: no reports (n = 0)");
  const double n = static_cast<double>(counts.n);
  std::vector<double> p(params.k);
  for (std::size_t j = 0; j < params.k; ++j) {
    if (counts.ones[j] > counts.n) {
      throw InvalidArgument("unary estimate: bit " + std::to_string(j) + " is set in " +
                            std::to_string(counts.ones[j]) + " of " + std::to_string(counts.n) +
                            " reports");
    }
    const double gap = params.on[j] - params.off[j];
    if (gap == 0.0) {
      throw InvalidArgument("unary estimate: bit " + std::to_string(j) +
                            " has on = off (it carries no information)");
    }
    p[j] = (static_cast<double>(counts.ones[j]) / n - params.off[j]) / gap;
  }
  return p;
}

DenseSolver::DenseSolver(const DenseParams& params) : n_(params.inputs) {
  validate(params);
  if (params.inputs != params.outputs) {
    throw InvalidArgument("dense estimate: Q is " + std::to_string(params.inputs) + " x " +
                          std::to_string(params.outputs) + ", not square");
  }
  // Factor A = Q^T (row-major), so that p Q = m becomes A p = m.
  lu_.resize(n_ * n_);
  double scale = 0;
  for (std::size_t i = 0; i < n_; ++i) {
    for (std::size_t j = 0; j < n_; ++j) {
      lu_[i * n_ + j] = params(j, i);
      scale = std::max(scale, std::fabs(params(j, i)));
    }
  }
  pivot_.resize(n_);
  for (std::size_t col = 0; col < n_; ++col) {
    std::size_t best = col;
    for (std::size_t row = col + 1; row < n_; ++row) {
      if (std::fabs(lu_[row * n_ + col]) > std::fabs(lu_[best * n_ + col])) best = row;
    }
    if (!(std::fabs(lu_[best * n_ + col]) > 1e-12 * scale)) {
      throw InvalidArgument("dense estimate: Q is singular (no unique empirical estimate)");
    }
    pivot_[col] = best;
    if (best != col) {
      for (std::size_t j = 0; j < n_; ++j) std::swap(lu_[col * n_ + j], lu_[best * n_ + j]);
    }
    const double diagonal = lu_[col * n_ + col];
    for (std::size_t row = col + 1; row < n_; ++row) {
      const double factor = lu_[row * n_ + col] / diagonal;
      lu_[row * n_ + col] = factor;
      if (factor == 0.0) continue;
      for (std::size_t j = col + 1; j < n_; ++j) lu_[row * n_ + j] -= factor * lu_[col * n_ + j];
    }
  }
}

std::vector<double> DenseSolver::solve(std::span<const double> m) const {
  if (m.size() != n_) {
    throw InvalidArgument("dense solve: right-hand side has " + std::to_string(m.size()) +
                          " entries, expected " + std::to_string(n_));
  }
  std::vector<double> x(m.begin(), m.end());
  for (std::size_t col = 0; col < n_; ++col) std::swap(x[col], x[pivot_[col]]);
  for (std::size_t i = 0; i < n_; ++i) {  // L y = P m (unit lower)
    double sum = x[i];
    for (std::size_t j = 0; j < i; ++j) sum -= lu_[i * n_ + j] * x[j];
    x[i] = sum;
  }
  for (std::size_t i = n_; i-- > 0;) {  // U x = y
    double sum = x[i];
    for (std::size_t j = i + 1; j < n_; ++j) sum -= lu_[i * n_ + j] * x[j];
    x[i] = sum / lu_[i * n_ + i];
  }
  return x;
}

std::vector<double> empirical_estimate_dense(const DenseParams& params,
                                             std::span<const std::uint64_t> counts) {
  if (params.not_estimable) throw InvalidArgument(*params.not_estimable);
  if (!params.estimator.empty()) {  // p̂ = f B
    validate(params);
    const double n = static_cast<double>(total_reports(counts, params.outputs, "dense estimate"));
    std::vector<double> p(params.inputs, 0.0);
    for (std::size_t y = 0; y < params.outputs; ++y) {
      if (counts[y] == 0) continue;
      const double f = static_cast<double>(counts[y]) / n;
      const double* row = params.estimator.data() + y * params.inputs;
      for (std::size_t x = 0; x < params.inputs; ++x) p[x] += f * row[x];
    }
    return p;
  }
  const DenseSolver solver(params);
  const double n = static_cast<double>(total_reports(counts, params.outputs, "dense estimate"));
  std::vector<double> m(counts.size());
  for (std::size_t y = 0; y < counts.size(); ++y) m[y] = static_cast<double>(counts[y]) / n;
  return solver.solve(m);
}

}  // namespace uldp::estimate
