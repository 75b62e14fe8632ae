// uBD's sampler and estimators over |X|-bit reports (see the header).
#include "uldp/mechanisms/ubd/ubd_sampling.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "internal/em_drivers.h"
#include "uldp/error.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/internal/block_sampling.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"

namespace uldp::estimate {
namespace {

void require_estimable(const UbdParams& params) {
  if (params.not_estimable) throw InvalidArgument(*params.not_estimable);
}

}  // namespace

UbdParams ubd_params(const IndexSet& sensitive, std::size_t block, const PrivacyBudget& budget) {
  const Rational& t = budget.exp_eps();
  const UbdConstants c = ubd_constants(sensitive.size(), block, t);  // validates v and K
  const Rational d = t + Rational(sensitive.size(), block) - 1;
  UbdParams p;
  p.k = sensitive.universe();
  p.sensitive = sensitive;
  p.block = block;
  p.t = t.convert_to<double>();
  p.keep_in_block = Rational(t / d).convert_to<double>();
  p.reports_self = c.reports_self.convert_to<double>();
  try {
    const UbdEstimator e = ubd_estimator(sensitive.size(), block, t);
    p.gain = e.sensitive_gain.convert_to<double>();
    p.offset = e.sensitive_offset.convert_to<double>();
    p.spill = e.spill.convert_to<double>();
    p.open_gain = e.open_gain.convert_to<double>();
  } catch (const InvalidArgument& error) {
    p.not_estimable = error.what();
  }
  return p;
}

BitReports sample_reports(Xoshiro256& rng, const UbdParams& params,
                          std::span<const std::uint32_t> inputs) {
  // A non-sensitive x reports itself, or a uniform block of X_S.
  return internal::sample_block_reports(rng, params.sensitive, params.block, params.keep_in_block,
                                        inputs, params.block, "uBD", [&](Xoshiro256& r) {
                                          return bernoulli(r, params.reports_self)
                                                     ? internal::OpenReport::kAlone
                                                     : internal::OpenReport::kBlock;
                                        });
}

std::vector<double> empirical_estimate_ubd(const UbdParams& params, const BitCounts& counts) {
  require_estimable(params);
  if (counts.ones.size() != params.k || counts.n == 0) {
    throw InvalidArgument("uBD estimate: needs per-bit counts of k bits and n >= 1 reports");
  }
  const double n = static_cast<double>(counts.n);
  double open_total = 0;
  for (std::size_t x = 0; x < params.k; ++x) {
    if (!params.sensitive.contains(x)) open_total += static_cast<double>(counts.ones[x]) / n;
  }
  std::vector<double> p(params.k);
  for (std::size_t x = 0; x < params.k; ++x) {
    const double f = static_cast<double>(counts.ones[x]) / n;
    p[x] = params.sensitive.contains(x)
               ? (f + params.spill * open_total) / params.gain - params.offset
               : f / params.open_gain;
  }
  return p;
}

ThresholdEstimate threshold_estimate_ubd(const UbdParams& params, const BitCounts& counts,
                                         double alpha) {
  const std::vector<double> p = empirical_estimate_ubd(params, counts);
  const double n = static_cast<double>(counts.n);
  const double v = static_cast<double>(params.sensitive.size());
  const double k = static_cast<double>(params.block);
  const double d = params.t + v / k - 1;
  double open_reports = 0;
  for (std::size_t x = 0; x < params.k; ++x) {
    if (!params.sensitive.contains(x)) open_reports += static_cast<double>(counts.ones[x]) / n;
  }
  // Null model for x in X_S: p(x) = 0, p(X_N) from the X_N reports, the rest on X_S \ {x}.
  const double p_open = std::clamp(open_reports / params.reports_self, 0.0, 1.0);
  const double in_block = (params.t * (k - 1) + v - k) / (d * (v - 1)) * (1 - p_open) + p_open / d;
  const double open = params.reports_self * p_open;
  const double mean = in_block + params.spill * open;
  const double second = in_block + params.spill * params.spill * open;
  const double sd_sensitive = std::sqrt(std::max(second - mean * mean, 0.0) / n) / params.gain;
  std::vector<double> sd(params.k);
  for (std::size_t x = 0; x < params.k; ++x)
    sd[x] = params.sensitive.contains(x) ? sd_sensitive : 0.0;
  return apply_significance_threshold(p, sd, alpha);
}

EmResult em_estimate_ubd(const UbdParams& params, const BitReports& reports,
                         const EmOptions& options) {
  if (reports.k() != params.k || reports.size() == 0) {
    throw InvalidArgument("uBD EM: needs at least one report of k bits");
  }
  const std::size_t k = params.k;
  const double lift = params.t - 1;
  // Per-report constant factors of the likelihood (they do not move the maximiser).
  const double v = static_cast<double>(params.sensitive.size());
  const double d = params.t + v / static_cast<double>(params.block) - 1;
  const double block_factor = std::log(v / (static_cast<double>(params.block) * d)) -
                              std::lgamma(v + 1) +
                              std::lgamma(static_cast<double>(params.block) + 1) +
                              std::lgamma(v - static_cast<double>(params.block) + 1);
  const double open_factor = std::log(params.reports_self);
  const internal::EmMap step = [&](const std::vector<double>& p, std::vector<double>& next) {
    return internal::block_em_pass(
        reports, p, next, lift, open_factor,
        [&](auto bits) { return bits.size() == 1 && !params.sensitive.contains(bits[0]); },
        [&](auto) { return block_factor; }, "uBD");
  };
  if (options.accelerator == EmAccelerator::kNewton) {
    throw InvalidArgument("EM accelerator newton: not for uBD reports (use auto, squarem or none)");
  }
  std::vector<double> start(k, 1.0 / static_cast<double>(k));
  if (!params.not_estimable)
    start = threshold_estimate_ubd(params, bit_counts(reports), options.significance).p;
  return internal::run_mixed_start_em(step, std::move(start), options);
}

}  // namespace uldp::estimate

namespace uldp {

estimate::UbdParams estimation_params(const MechanismSpec& spec, const UbdSpec& p) {
  return estimate::ubd_params(spec.sensitive, p.block, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UbdSpec& p,
                                               const estimate::ReportData& data) {
  const IndexSet& xs = spec.sensitive;
  return exact_empirical_estimate_ubd(xs, ubd_estimator(xs.size(), p.block, p.budget.exp_eps()),
                                      data.bit_counts.ones, data.bit_counts.n);
}

}  // namespace uldp
