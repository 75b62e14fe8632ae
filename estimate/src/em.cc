// EM reconstruction for uRR/RR histograms, bit-vector reports and dense mechanisms: the models
// (one EM update each) and the public entry points. The drivers are in squarem_em.cc and
// newton_em.cc, the bit-vector model in unary_em_model.cc.
#include "uldp/estimate/em.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "internal/em_drivers.h"
#include "internal/unary_em_model.h"
#include "uldp/error.h"
#include "uldp/estimate/threshold.h"

namespace uldp::estimate {
namespace {

// Newton steps need the curvature of bit-vector likelihoods; histograms take SQUAREM.
const EmOptions& histogram_options(const EmOptions& options) {
  if (options.accelerator == EmAccelerator::kNewton) {
    throw InvalidArgument(
        "EM accelerator newton: only for bit-vector reports (use auto, squarem or none)");
  }
  return options;
}

using internal::run_squarem_em;

std::vector<double> prepare_start(std::span<const double> start, std::size_t k, double mixing) {
  if (start.size() != k) {
    throw InvalidArgument("EM: start has " + std::to_string(start.size()) + " entries, expected " +
                          std::to_string(k));
  }
  if (!(mixing > 0.0 && mixing < 1.0)) {
    throw InvalidArgument("EM: start_mixing must be in (0,1)");
  }
  double total = 0;
  for (double v : start) {
    if (!(v >= 0.0) || !std::isfinite(v)) {
      throw InvalidArgument("EM: start must be finite and >= 0");
    }
    total += v;
  }
  if (!(total > 0.0)) throw InvalidArgument("EM: start must not be all zero");
  std::vector<double> p(k);
  const double uniform = 1.0 / static_cast<double>(k);
  for (std::size_t x = 0; x < k; ++x) p[x] = (1.0 - mixing) * start[x] / total + mixing * uniform;
  return p;
}

// ---- uRR / RR on histograms: O(k) per update. ----
struct UrrModel {
  const UrrParams& params;
  std::span<const std::uint64_t> counts;
  double n;

  double operator()(const std::vector<double>& p, std::vector<double>& next) const {
    const double total = std::accumulate(p.begin(), p.end(), 0.0);
    const double gap = params.c1 - params.c2;
    double weight = 0;  // W = Σ_{y in X_S} c_y / m(y)
    double log_likelihood = 0;
    for (std::size_t y : params.sensitive.indices()) {
      const double m = params.c2 * total + gap * p[y];
      if (counts[y] == 0) continue;
      if (!(m > 0.0)) return -std::numeric_limits<double>::infinity();
      weight += static_cast<double>(counts[y]) / m;
      log_likelihood += static_cast<double>(counts[y]) * std::log(m);
    }
    next.resize(params.k);
    for (std::size_t x = 0; x < params.k; ++x) {
      const double c = static_cast<double>(counts[x]);
      if (params.sensitive.contains(x)) {
        const double m = params.c2 * total + gap * p[x];
        next[x] = p[x] * (params.c2 * weight + (c > 0 ? c * gap / m : 0.0)) / n;
      } else {
        if (c > 0) {
          const double m = params.c3 * p[x];
          if (!(m > 0.0)) return -std::numeric_limits<double>::infinity();
          log_likelihood += c * std::log(m);
        }
        next[x] = (p[x] * params.c2 * weight + c) / n;  // p(x) c3 c_x / m(x) = c_x
      }
    }
    return log_likelihood;
  }
};

std::uint64_t checked_total(std::span<const std::uint64_t> counts, std::size_t k,
                            const char* what) {
  if (counts.size() != k) {
    throw InvalidArgument(std::string(what) + ": " + std::to_string(counts.size()) +
                          " counts, expected " + std::to_string(k));
  }
  const std::uint64_t n = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  if (n == 0) throw InvalidArgument(std::string(what) + ": no reports (n = 0)");
  return n;
}

// ---- dense Q on histograms: O(k |Y|) per update. ----
struct DenseModel {
  const DenseParams& params;
  std::span<const std::uint64_t> counts;
  double n;

  double operator()(const std::vector<double>& p, std::vector<double>& next) const {
    const std::size_t k = params.inputs, outputs = params.outputs;
    std::vector<double> m(outputs, 0.0);
    for (std::size_t x = 0; x < k; ++x) {
      const double* row = params.q.data() + x * outputs;
      for (std::size_t y = 0; y < outputs; ++y) m[y] += p[x] * row[y];
    }
    double log_likelihood = 0;
    for (std::size_t y = 0; y < outputs; ++y) {
      if (counts[y] == 0) {
        m[y] = 0.0;
        continue;
      }
      if (!(m[y] > 0.0)) return -std::numeric_limits<double>::infinity();
      log_likelihood += static_cast<double>(counts[y]) * std::log(m[y]);
      m[y] = static_cast<double>(counts[y]) / m[y];  // reused as c_y / m(y)
    }
    next.resize(k);
    for (std::size_t x = 0; x < k; ++x) {
      const double* row = params.q.data() + x * outputs;
      double sum = 0;
      for (std::size_t y = 0; y < outputs; ++y) sum += row[y] * m[y];
      next[x] = p[x] * sum / n;
    }
    return log_likelihood;
  }
};

}  // namespace

EmResult em_estimate_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                         std::span<const double> start, const EmOptions& options) {
  validate(params);
  const double n = static_cast<double>(checked_total(counts, params.k, "EM"));
  const UrrModel model{params, counts, n};
  return run_squarem_em(std::cref(model), prepare_start(start, params.k, options.start_mixing),
                        histogram_options(options));
}

EmResult em_estimate_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                         const EmOptions& options) {
  const ThresholdEstimate start = threshold_estimate_urr(params, counts, options.significance);
  return em_estimate_urr(params, counts, start.p, options);
}

double log_likelihood_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                          std::span<const double> p) {
  validate(params);
  const double n = static_cast<double>(checked_total(counts, params.k, "log-likelihood"));
  std::vector<double> next, copy(p.begin(), p.end());
  if (copy.size() != params.k) throw InvalidArgument("log-likelihood: p has the wrong size");
  return UrrModel{params, counts, n}(copy, next);
}

namespace {

EmResult run_unary(const internal::UnaryEmModel& model, std::vector<double> p,
                   const EmOptions& options) {
  if (options.accelerator == EmAccelerator::kAuto ||
      options.accelerator == EmAccelerator::kNewton) {
    const internal::CurvatureModel newton{
        [&model](const std::vector<double>& at, internal::CurvaturePass& out) {
          model.curvature_pass(at, out);
        },
        [&model](const std::vector<double>& at) { return model.log_likelihood(at); }};
    return internal::run_newton_em(newton, std::move(p), options);
  }
  return run_squarem_em([&model](const std::vector<double>& at,
                                 std::vector<double>& next) { return model.em_update(at, next); },
                        std::move(p), options);
}

}  // namespace

EmResult em_estimate_unary(const UnaryParams& params, const BitReports& reports,
                           std::span<const double> start, const EmOptions& options) {
  const internal::UnaryEmModel model(params, reports);
  return run_unary(model, prepare_start(start, params.k, options.start_mixing), options);
}

EmResult em_estimate_unary(const UnaryParams& params, const BitReports& reports,
                           const EmOptions& options) {
  const internal::UnaryEmModel model(params, reports);  // also counts the set bits
  const ThresholdEstimate start =
      threshold_estimate_unary(params, model.bit_counts(), options.significance);
  return run_unary(model, prepare_start(start.p, params.k, options.start_mixing), options);
}

double log_likelihood_unary(const UnaryParams& params, const BitReports& reports,
                            std::span<const double> p) {
  const internal::UnaryEmModel model(params, reports);
  if (p.size() != params.k) throw InvalidArgument("log-likelihood: p has the wrong size");
  return model.log_likelihood({p.begin(), p.end()});  // L alone: no per-bit sums
}

EmResult em_estimate_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                           std::span<const double> start, const EmOptions& options) {
  validate(params);
  const double n = static_cast<double>(checked_total(counts, params.outputs, "EM"));
  const DenseModel model{params, counts, n};
  return run_squarem_em(std::cref(model), prepare_start(start, params.inputs, options.start_mixing),
                        histogram_options(options));
}

EmResult em_estimate_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                           const EmOptions& options) {
  std::vector<double> start;
  if (params.inputs == params.outputs) {
    try {
      start = threshold_estimate_dense(params, counts, options.significance).p;
    } catch (const InvalidArgument&) {
      start.clear();  // singular Q: no empirical estimate, start from the uniform distribution
    }
  }
  if (start.empty()) start.assign(params.inputs, 1.0 / static_cast<double>(params.inputs));
  return em_estimate_dense(params, counts, start, options);
}

double log_likelihood_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                            std::span<const double> p) {
  validate(params);
  const double n = static_cast<double>(checked_total(counts, params.outputs, "log-likelihood"));
  std::vector<double> next, copy(p.begin(), p.end());
  if (copy.size() != params.inputs) throw InvalidArgument("log-likelihood: p has the wrong size");
  return DenseModel{params, counts, n}(copy, next);
}

}  // namespace uldp::estimate
