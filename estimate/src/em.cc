// EM reconstruction for uRR/RR histograms, bit-vector reports and dense mechanisms, with an
// optional monotone SQUAREM acceleration (Varadhan & Roland 2008, scheme S3).
#include "uldp/estimate/em.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <thread>

#include "uldp/error.h"
#include "uldp/estimate/threshold.h"

namespace uldp {
namespace {

// One EM update: writes F(p) into `next` and returns the log-likelihood L(p).
using EmMap = std::function<double(const std::vector<double>&, std::vector<double>&)>;

std::vector<double> prepare_start(std::span<const double> start, std::size_t k,
                                  double mixing) {
  if (start.size() != k) {
    throw InvalidArgument("EM: start has " + std::to_string(start.size()) +
                          " entries, expected " + std::to_string(k));
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

void check_options(const EmOptions& options) {
  if (options.max_iterations < 1) throw InvalidArgument("EM: max_iterations must be >= 1");
  if (!(options.tolerance >= 0.0)) throw InvalidArgument("EM: tolerance must be >= 0");
}

bool small_gain(double before, double after, double tolerance) {
  return after - before <= tolerance * std::fabs(after);
}

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

EmResult run_em(const EmMap& step, std::vector<double> p, const EmOptions& options) {
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
    const double l1 = step(p1, p2);  // L(F(p)), and F(F(p)) into p2
    ++updates;
    if (small_gain(l0, l1, options.tolerance)) {  // the stopping rule: one plain EM update
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
    if (options.accelerate && extrapolate(p, p1, p2, candidate)) {
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
    if (options.accelerate) {
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
    for (std::size_t y : params.sensitive) {
      const double m = params.c2 * total + gap * p[y];
      if (counts[y] == 0) continue;
      if (!(m > 0.0)) return -std::numeric_limits<double>::infinity();
      weight += static_cast<double>(counts[y]) / m;
      log_likelihood += static_cast<double>(counts[y]) * std::log(m);
    }
    next.resize(params.k);
    for (std::size_t x = 0; x < params.k; ++x) {
      const double c = static_cast<double>(counts[x]);
      if (params.is_sensitive[x]) {
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

// ---- bit-vector reports: Q(y|x_i) = B(y) R_i(y). ----
struct UnaryModel {
  const UnaryParams& params;
  const BitReports& reports;
  std::vector<double> a, b, w;            // on/off, (1-on)/(1-off), a - b (0 on forcing bits)
  std::vector<std::uint32_t> forced_bit;  // per report: the forcing bit, or kNone
  std::vector<double> forced_count;       // per bit: reports forced to it
  double constant = 0;                    // Σ log B(y) + forced constants
  double n = 0;
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  UnaryModel(const UnaryParams& p, const BitReports& r) : params(p), reports(r) {
    validate(params);
    if (reports.k() != params.k) {
      throw InvalidArgument("EM: reports have " + std::to_string(reports.k()) +
                            " bits, the mechanism " + std::to_string(params.k));
    }
    if (reports.size() == 0) throw InvalidArgument("EM: no reports (n = 0)");
    n = static_cast<double>(reports.size());
    const std::size_t k = params.k;
    a.assign(k, 0.0), b.assign(k, 0.0), w.assign(k, 0.0);
    double log_all_zero = 0;  // Σ_j log P(y_j = 0 | off)
    for (std::size_t j = 0; j < k; ++j) {
      const double on = params.on[j], off = params.off[j];
      if (off >= 1.0) {
        throw InvalidArgument("EM: bit " + std::to_string(j) +
                              " is 1 whenever it is off (off = 1); not supported");
      }
      b[j] = (1.0 - on) / (1.0 - off);
      if (off > 0.0) {
        a[j] = on / off;
        w[j] = a[j] - b[j];
      }
      log_all_zero += std::log1p(-off);
    }
    forced_bit.assign(reports.size(), kNone);
    forced_count.assign(k, 0.0);
    for (std::size_t i = 0; i < reports.size(); ++i) {
      std::uint32_t forcing = kNone;
      double log_b = log_all_zero;
      for (std::uint32_t j : reports.report(i)) {
        if (params.off[j] == 0.0) {
          if (forcing != kNone) {
            throw InvalidArgument("EM: report " + std::to_string(i) + " sets bits " +
                                  std::to_string(forcing) + " and " + std::to_string(j) +
                                  ", impossible under the mechanism");
          }
          forcing = j;
        } else {
          log_b += std::log(params.off[j]) - std::log1p(-params.off[j]);
        }
      }
      if (forcing != kNone) {
        if (!(params.on[forcing] > 0.0)) {
          throw InvalidArgument("EM: report " + std::to_string(i) + " sets bit " +
                                std::to_string(forcing) + ", impossible under the mechanism");
        }
        forced_bit[i] = forcing;
        forced_count[forcing] += 1.0;
        constant += log_b + std::log(params.on[forcing]);  // log Q(y | x_forcing)
      } else {
        constant += log_b;
      }
    }
    // The unforced reports again, compactly: 16-bit bit indices when k allows (half the memory
    // traffic of the hot loop), forced reports left out (they cost nothing per update).
    active_offsets.push_back(0);
    for (std::size_t i = 0; i < reports.size(); ++i) {
      if (forced_bit[i] != kNone) continue;
      for (std::uint32_t j : reports.report(i)) {
        if (k <= kMaxShortBits) {
          short_bits.push_back(static_cast<std::uint16_t>(j));
        } else {
          long_bits.push_back(j);
        }
      }
      active_offsets.push_back(k <= kMaxShortBits ? short_bits.size() : long_bits.size());
    }
  }

  static constexpr std::size_t kMaxShortBits = 65536;
  std::vector<std::size_t> active_offsets;  // unforced report r has bits [offsets[r], offsets[r+1])
  std::vector<std::uint16_t> short_bits;    // used when k <= kMaxShortBits
  std::vector<std::uint32_t> long_bits;     // otherwise

  // Reports below this count are not worth a thread.
  static constexpr std::size_t kParallelReports = 4096;

  // Σ over unforced reports in [begin, end) of 1/d(y) and log d(y), and the per-bit sums of 1/d(y).
  struct Partial {
    std::vector<double> u;
    double total_inverse = 0;
    double log_likelihood = 0;
    bool impossible = false;
  };
  void accumulate(const std::vector<double>& g, double base, std::size_t first_report,
                  std::size_t end_report, Partial& part) const {
    if (long_bits.empty()) {
      accumulate_bits(short_bits.data(), g, base, first_report, end_report, part);
    } else {
      accumulate_bits(long_bits.data(), g, base, first_report, end_report, part);
    }
  }

  template <typename Index>
  void accumulate_bits(const Index* bits, const std::vector<double>& g, double base,
                       std::size_t first_report, std::size_t end_report, Partial& part) const {
    // Σ log d(y) as the log of a running product kept in range with frexp: one log per call
    // instead of one per report.
    double product = 1.0;
    long exponent = 0;
    for (std::size_t r = first_report; r < end_report; ++r) {
      const Index* begin = bits + active_offsets[r];
      const Index* end = bits + active_offsets[r + 1];
      // Four running sums: one would chain every addition on the previous one's latency.
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      const Index* it = begin;
      for (; end - it >= 4; it += 4) {
        s0 += g[it[0]];
        s1 += g[it[1]];
        s2 += g[it[2]];
        s3 += g[it[3]];
      }
      for (; it != end; ++it) s0 += g[*it];
      const double d = base + ((s0 + s1) + (s2 + s3));
      if (!(d > 0.0)) {
        part.impossible = true;
        return;
      }
      const double inverse = 1.0 / d;
      part.total_inverse += inverse;
      product *= d;
      if (product > 0x1p500 || product < 0x1p-500) {
        int e = 0;
        product = std::frexp(product, &e);
        exponent += e;
      }
      for (const Index* bit = begin; bit != end; ++bit) part.u[*bit] += inverse;
    }
    part.log_likelihood += std::log(product) + static_cast<double>(exponent) * std::log(2.0);
  }

  double operator()(const std::vector<double>& p, std::vector<double>& next) const {
    const std::size_t k = params.k;
    std::vector<double> g(k);
    double base = 0;  // Σ_l p_l b_l
    for (std::size_t l = 0; l < k; ++l) {
      g[l] = p[l] * w[l];
      base += p[l] * b[l];
    }
    // Two halves of the reports on two threads. The split depends on the report count only, so
    // the result is the same on every machine (one core just runs the halves in turn).
    const std::size_t count = active_offsets.size() - 1;  // unforced reports
    const std::size_t half = count >= kParallelReports ? count / 2 : count;
    Partial first, second;
    first.u.assign(k, 0.0);
    std::thread worker;
    if (half < count) {
      second.u.assign(k, 0.0);
      worker = std::thread([&] { accumulate(g, base, half, count, second); });
    }
    accumulate(g, base, 0, half, first);
    if (worker.joinable()) {
      worker.join();
      for (std::size_t l = 0; l < k; ++l) first.u[l] += second.u[l];
      first.total_inverse += second.total_inverse;
      first.log_likelihood += second.log_likelihood;
      first.impossible = first.impossible || second.impossible;
    }
    if (first.impossible) return -std::numeric_limits<double>::infinity();
    const std::vector<double>& u = first.u;
    const double total_inverse = first.total_inverse;
    double log_likelihood = constant + first.log_likelihood;
    next.resize(k);
    for (std::size_t l = 0; l < k; ++l) {
      if (forced_count[l] > 0.0) {
        if (!(p[l] > 0.0)) return -std::numeric_limits<double>::infinity();
        log_likelihood += forced_count[l] * std::log(p[l]);
      }
      next[l] = (p[l] * (b[l] * total_inverse + w[l] * u[l]) + forced_count[l]) / n;
    }
    return log_likelihood;
  }
};

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
  return run_em(std::cref(model), prepare_start(start, params.k, options.start_mixing), options);
}

EmResult em_estimate_urr(const UrrParams& params, std::span<const std::uint64_t> counts,
                         const EmOptions& options) {
  const ThresholdEstimate start = threshold_estimate_urr(params, counts, options.alpha);
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

EmResult em_estimate_unary(const UnaryParams& params, const BitReports& reports,
                           std::span<const double> start, const EmOptions& options) {
  const UnaryModel model(params, reports);
  return run_em(std::cref(model), prepare_start(start, params.k, options.start_mixing), options);
}

EmResult em_estimate_unary(const UnaryParams& params, const BitReports& reports,
                           const EmOptions& options) {
  const ThresholdEstimate start =
      threshold_estimate_unary(params, bit_counts(reports), options.alpha);
  return em_estimate_unary(params, reports, start.p, options);
}

double log_likelihood_unary(const UnaryParams& params, const BitReports& reports,
                            std::span<const double> p) {
  const UnaryModel model(params, reports);
  std::vector<double> next, copy(p.begin(), p.end());
  if (copy.size() != params.k) throw InvalidArgument("log-likelihood: p has the wrong size");
  return model(copy, next);
}

EmResult em_estimate_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                           std::span<const double> start, const EmOptions& options) {
  validate(params);
  const double n = static_cast<double>(checked_total(counts, params.outputs, "EM"));
  const DenseModel model{params, counts, n};
  return run_em(std::cref(model), prepare_start(start, params.inputs, options.start_mixing),
                options);
}

EmResult em_estimate_dense(const DenseParams& params, std::span<const std::uint64_t> counts,
                           const EmOptions& options) {
  std::vector<double> start;
  if (params.inputs == params.outputs) {
    try {
      start = threshold_estimate_dense(params, counts, options.alpha).p;
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

}  // namespace uldp
