// uHR's sampler and estimators over output indices (see the header).
#include "uldp/mechanisms/uhr/uhr_sampling.h"

#include <algorithm>
#include <cmath>

#include "uldp/error.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/uhr/uhr.h"
#include "uldp/mechanisms/uhr/uhr_estimator.h"

namespace uldp::estimate {
namespace {

void require_estimable(const UhrParams& params) {
  if (params.not_estimable) throw InvalidArgument(*params.not_estimable);
}

void require_counts(const UhrParams& params, std::span<const std::uint64_t> counts, double& n) {
  if (counts.size() != params.outputs()) {
    throw InvalidArgument("uHR estimate: needs " + std::to_string(params.outputs()) +
                          " report counts (V + |X_N|), got " + std::to_string(counts.size()));
  }
  n = 0;
  for (std::uint64_t c : counts) n += static_cast<double>(c);
  if (n == 0) throw InvalidArgument("uHR estimate: needs at least one report");
}

}  // namespace

UhrParams uhr_params(const IndexSet& sensitive, const PrivacyBudget& budget) {
  const Rational& t = budget.exp_eps();
  const UhrConstants c = uhr_constants(sensitive.size(), t);  // validates v
  UhrParams p;
  p.k = sensitive.universe();
  p.sensitive = sensitive;
  p.columns = c.columns;
  p.t = t.convert_to<double>();
  p.keep_plus = Rational(t / (t + 1)).convert_to<double>();
  p.reports_self = c.reports_self.convert_to<double>();
  try {
    p.scale = uhr_estimator_scale(t).convert_to<double>();
  } catch (const InvalidArgument& error) {
    p.not_estimable = error.what();
  }
  return p;
}

std::vector<std::uint32_t> sample_reports(Xoshiro256& rng, const UhrParams& params,
                                          std::span<const std::uint32_t> inputs) {
  const std::vector<std::size_t>& xs = params.sensitive.indices();
  const std::size_t v = xs.size();
  // row[x] = the Hadamard row of a sensitive x (rank + 1), 0 for x in X_N; open_rank[x] = rank
  // of x in X_N.
  std::vector<std::size_t> row(params.k, 0), open_rank(params.k, 0);
  for (std::size_t r = 0; r < v; ++r) row[xs[r]] = r + 1;
  std::size_t next_open = 0;
  for (std::size_t x = 0; x < params.k; ++x) {
    if (row[x] == 0) open_rank[x] = next_open++;
  }
  std::vector<std::uint32_t> reports(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::uint32_t x = inputs[i];
    if (x >= params.k) throw InvalidArgument("uHR sampler: input out of range");
    if (row[x] == 0) {  // non-sensitive: itself, or a uniform column
      reports[i] = bernoulli(rng, params.reports_self)
                       ? static_cast<std::uint32_t>(params.columns + open_rank[x])
                       : static_cast<std::uint32_t>(uniform_below(rng, params.columns));
      continue;
    }
    // A uniform column with the wanted sign: draw any column and, if its sign is wrong, flip the
    // lowest set bit of the row (a bijection between the row's -1 and +1 columns).
    const bool plus = bernoulli(rng, params.keep_plus);
    std::size_t j = uniform_below(rng, params.columns);
    if (hadamard_plus(row[x], j) != plus) j ^= row[x] & (~row[x] + 1);
    reports[i] = static_cast<std::uint32_t>(j);
  }
  return reports;
}

std::vector<double> empirical_estimate_uhr(const UhrParams& params,
                                           std::span<const std::uint64_t> counts) {
  require_estimable(params);
  double n = 0;
  require_counts(params, counts, n);
  // Walsh-Hadamard transform of the column frequencies: w[r] = sum_j H[r][j] f(j).
  std::vector<double> w(params.columns);
  for (std::size_t j = 0; j < params.columns; ++j) w[j] = static_cast<double>(counts[j]) / n;
  for (std::size_t h = 1; h < params.columns; h *= 2) {
    for (std::size_t i = 0; i < params.columns; i += 2 * h) {
      for (std::size_t j = i; j < i + h; ++j) {
        const double a = w[j], b = w[j + h];
        w[j] = a + b;
        w[j + h] = a - b;
      }
    }
  }
  std::vector<double> p(params.k);
  std::size_t r = 0, o = 0;
  for (std::size_t x = 0; x < params.k; ++x) {
    p[x] = params.sensitive.contains(x)
               ? params.scale * w[++r]
               : params.scale * static_cast<double>(counts[params.columns + o++]) / n;
  }
  return p;
}

ThresholdEstimate threshold_estimate_uhr(const UhrParams& params,
                                         std::span<const std::uint64_t> counts, double alpha) {
  const std::vector<double> p = empirical_estimate_uhr(params, counts);
  double n = 0;
  require_counts(params, counts, n);
  double column_reports = 0;
  for (std::size_t j = 0; j < params.columns; ++j) column_reports += static_cast<double>(counts[j]);
  const double sd_sensitive = params.scale * std::sqrt(column_reports / n / n);
  std::vector<double> sd(params.k);
  for (std::size_t x = 0; x < params.k; ++x)
    sd[x] = params.sensitive.contains(x) ? sd_sensitive : 0.0;
  return apply_significance_threshold(p, sd, alpha);
}

DenseParams dense_params(const UhrParams& params) {
  DenseParams d;
  d.inputs = params.k;
  d.outputs = params.outputs();
  d.q.assign(d.inputs * d.outputs, 0.0);
  const double columns = static_cast<double>(params.columns);
  const double plus = 2 * params.keep_plus / columns, minus = 2 * (1 - params.keep_plus) / columns;
  const double open_column = (1 - params.reports_self) / columns;
  std::size_t r = 0, o = 0;
  for (std::size_t x = 0; x < params.k; ++x) {
    double* row = &d.q[x * d.outputs];
    if (params.sensitive.contains(x)) {
      ++r;
      for (std::size_t j = 0; j < params.columns; ++j) row[j] = hadamard_plus(r, j) ? plus : minus;
    } else {
      for (std::size_t j = 0; j < params.columns; ++j) row[j] = open_column;
      row[params.columns + o++] = params.reports_self;
    }
  }
  return d;
}

EmResult em_estimate_uhr(const UhrParams& params, std::span<const std::uint64_t> counts,
                         const EmOptions& options) {
  double n = 0;
  require_counts(params, counts, n);
  if (params.k > kMaxHadamardEmEntries / params.outputs()) {
    throw InvalidArgument("uHR EM: runs on the dense k x (V + |X_N|) = " +
                          std::to_string(params.k) + " x " + std::to_string(params.outputs()) +
                          " matrix, limited to " + std::to_string(kMaxHadamardEmEntries) +
                          " entries (use the empirical or thresholded estimate)");
  }
  std::vector<double> start(params.k, 1.0 / static_cast<double>(params.k));
  if (!params.not_estimable) start = threshold_estimate_uhr(params, counts, options.significance).p;
  double total = 0;
  for (double& s : start) {
    s = (1 - options.start_mixing) * s + options.start_mixing / static_cast<double>(params.k);
    total += s;
  }
  for (double& s : start) s /= total;
  return em_estimate_dense(dense_params(params), counts, start, options);
}

}  // namespace uldp::estimate

namespace uldp {

estimate::UhrParams estimation_params(const MechanismSpec& spec, const UhrSpec& p) {
  return estimate::uhr_params(spec.sensitive, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UhrSpec& p,
                                               const estimate::ReportData& data) {
  return exact_empirical_estimate_uhr(spec.sensitive, p.budget.exp_eps(), data.symbol_counts);
}

}  // namespace uldp
