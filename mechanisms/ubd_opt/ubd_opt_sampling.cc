// The uBD mixture's sampler and estimators over |X|-bit reports (see the header).
#include "uldp/mechanisms/ubd_opt/ubd_opt_sampling.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "internal/em_drivers.h"
#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/internal/block_sampling.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt_estimator.h"

namespace uldp::estimate {
namespace {

// Index of the component of each block size (components.size() where none).
std::vector<std::size_t> component_of_size(const UbdOptParams& params) {
  std::vector<std::size_t> of(params.sensitive.size() + 1, params.components.size());
  for (std::size_t i = 0; i < params.components.size(); ++i)
    of[params.components[i].single.block] = i;
  return of;
}

bool is_open_report(const UbdOptParams& params, std::span<const std::uint32_t> bits) {
  return bits.size() == 1 && !params.sensitive.contains(bits[0]);
}

std::size_t component_of_report(const UbdOptParams& params, const std::vector<std::size_t>& of,
                                std::size_t i, std::span<const std::uint32_t> bits) {
  for (std::uint32_t b : bits) {
    if (b >= params.k || !params.sensitive.contains(b)) {
      throw InvalidArgument("ubd-opt: report " + std::to_string(i + 1) +
                            " is neither a block of X_S nor one symbol of X_N");
    }
  }
  const std::size_t c = bits.size() < of.size() ? of[bits.size()] : params.components.size();
  if (c == params.components.size()) {
    throw InvalidArgument("ubd-opt: report " + std::to_string(i + 1) + " is a block of size " +
                          std::to_string(bits.size()) + ", not a block size of the mixture");
  }
  return c;
}

// Per coordinate, the sums of p̂₁(y_i)(x) and of its square over the reports.
struct Moments {
  std::vector<double> sum, square;
};

Moments moments(const UbdOptParams& params, const BitReports& reports) {
  if (reports.k() != params.k || reports.size() == 0) {
    throw InvalidArgument("ubd-opt estimate: needs at least one report of k bits");
  }
  const std::vector<std::size_t> of = component_of_size(params);
  std::vector<double> in_sum(params.k, 0), in_square(params.k, 0), open_count(params.k, 0);
  std::vector<double> per_component(params.components.size(), 0);
  double open_reports = 0;
  std::vector<std::uint32_t> scratch;  // a packed report's set bits
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const std::span<const std::uint32_t> bits = reports.report(i).as_span(scratch);
    if (is_open_report(params, bits)) {
      open_count[bits[0]] += 1;
      open_reports += 1;
      continue;
    }
    const UbdOptComponent& c = params.components[component_of_report(params, of, i, bits)];
    per_component[static_cast<std::size_t>(&c - params.components.data())] += 1;
    for (std::uint32_t x : bits) {
      in_sum[x] += c.member - c.other_sensitive;
      in_square[x] += c.member * c.member - c.other_sensitive * c.other_sensitive;
    }
  }
  double base_s = open_reports * params.open_sensitive;
  double base_s2 = open_reports * params.open_sensitive * params.open_sensitive;
  double base_n = open_reports * params.open_other;
  double base_n2 = open_reports * params.open_other * params.open_other;
  for (std::size_t j = 0; j < params.components.size(); ++j) {
    const UbdOptComponent& c = params.components[j];
    base_s += per_component[j] * c.other_sensitive;
    base_s2 += per_component[j] * c.other_sensitive * c.other_sensitive;
    base_n += per_component[j] * c.open;
    base_n2 += per_component[j] * c.open * c.open;
  }
  Moments m{std::vector<double>(params.k), std::vector<double>(params.k)};
  const double self = params.open_self, other = params.open_other;
  for (std::size_t x = 0; x < params.k; ++x) {
    if (params.sensitive.contains(x)) {
      m.sum[x] = base_s + in_sum[x];
      m.square[x] = base_s2 + in_square[x];
    } else {
      m.sum[x] = base_n + open_count[x] * (self - other);
      m.square[x] = base_n2 + open_count[x] * (self * self - other * other);
    }
  }
  return m;
}

}  // namespace

UbdOptParams ubd_opt_params(const IndexSet& sensitive, const std::vector<BlockWeight>& weights,
                            const Rational& alpha, const PrivacyBudget& budget) {
  const UbdOptEstimator e =
      ubd_opt_estimator(sensitive.universe(), sensitive.size(), budget.exp_eps(), weights, alpha);
  UbdOptParams p;
  p.k = sensitive.universe();
  p.sensitive = sensitive;
  p.t = budget.exp_eps().convert_to<double>();
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const BlockReportEstimate& b = e.blocks[i];
    p.components.push_back({weights[i].weight.convert_to<double>(),
                            ubd_params(sensitive, weights[i].block, budget),
                            b.member.convert_to<double>(), b.other_sensitive.convert_to<double>(),
                            b.open.convert_to<double>()});
  }
  p.open_sensitive = e.open.sensitive.convert_to<double>();
  p.open_self = e.open.self.convert_to<double>();
  p.open_other = e.open.other_open.convert_to<double>();
  return p;
}

BitReports sample_reports(Xoshiro256& rng, const UbdOptParams& params,
                          std::span<const std::uint32_t> inputs) {
  // Draw every user's K, sample each component's users at once, then restore the users' order.
  const std::size_t m = params.components.size();
  std::vector<std::size_t> drawn(inputs.size());
  std::vector<std::vector<std::uint32_t>> groups(m);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    double u = uniform01(rng);
    std::size_t c = 0;
    while (c + 1 < m && u >= params.components[c].weight) u -= params.components[c++].weight;
    drawn[i] = c;
    groups[c].push_back(inputs[i]);
  }
  std::vector<BitReports> parts;
  for (std::size_t c = 0; c < m; ++c)
    parts.push_back(sample_reports(rng, params.components[c].single, groups[c]));
  std::vector<std::size_t> next(m, 0);
  BitReports reports(params.k);
  reports.reserve(inputs.size(), inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    for (std::uint32_t bit : parts[drawn[i]].report(next[drawn[i]]++)) reports.push_bit(bit);
    reports.end_report();
  }
  return reports;
}

std::vector<double> empirical_estimate_ubd_opt(const UbdOptParams& params,
                                               const BitReports& reports) {
  Moments m = moments(params, reports);
  const double n = static_cast<double>(reports.size());
  for (double& s : m.sum) s /= n;
  return m.sum;
}

ThresholdEstimate threshold_estimate_ubd_opt(const UbdOptParams& params, const BitReports& reports,
                                             double alpha) {
  const Moments m = moments(params, reports);
  const double n = static_cast<double>(reports.size());
  std::vector<double> p(params.k), sd(params.k);
  for (std::size_t x = 0; x < params.k; ++x) {
    p[x] = m.sum[x] / n;
    const double variance = std::max(m.square[x] / n - p[x] * p[x], 0.0);
    sd[x] = std::sqrt(variance / n);
  }
  return apply_significance_threshold(p, sd, alpha);
}

EmResult em_estimate_ubd_opt(const UbdOptParams& params, const BitReports& reports,
                             const EmOptions& options) {
  if (reports.k() != params.k || reports.size() == 0) {
    throw InvalidArgument("ubd-opt EM: needs at least one report of k bits");
  }
  if (options.accelerator == EmAccelerator::kNewton) {
    throw InvalidArgument(
        "EM accelerator newton: not for ubd-opt reports (use auto, squarem or none)");
  }
  const std::vector<std::size_t> of = component_of_size(params);
  const double lift = params.t - 1;
  const double v = static_cast<double>(params.sensitive.size());
  // log(λ_K c_K), c_K = K / ((Kt + v - K) C(v-1, K-1)); log Σ λ_K (t-1)/D_K for X_N reports.
  std::vector<double> block_factor;
  double reports_self = 0;
  for (const UbdOptComponent& c : params.components) {
    const double kk = static_cast<double>(c.single.block);
    block_factor.push_back(std::log(c.weight) + std::log(kk / (kk * params.t + v - kk)) -
                           std::lgamma(v) + std::lgamma(kk) + std::lgamma(v - kk + 1));
    reports_self += c.weight * c.single.reports_self;
  }
  const double open_factor = std::log(reports_self);
  std::vector<std::uint32_t> scratch;  // a packed report's set bits
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const std::span<const std::uint32_t> bits = reports.report(i).as_span(scratch);
    if (!is_open_report(params, bits)) component_of_report(params, of, i, bits);  // validates
  }
  const internal::EmMap step = [&](const std::vector<double>& p, std::vector<double>& next) {
    return internal::block_em_pass(
        reports, p, next, lift, open_factor,
        [&](auto bits) { return is_open_report(params, bits); },
        [&](auto bits) { return block_factor[of[bits.size()]]; }, "ubd-opt");
  };
  return internal::run_mixed_start_em(
      step, threshold_estimate_ubd_opt(params, reports, options.significance).p, options);
}

}  // namespace uldp::estimate

namespace uldp {
namespace {

// ubd-opt's reports tallied by block size (a report inside X_S is a block; one bit outside it,
// an X_N report).
UbdOptReportTally tally_reports(const UbdOptSpec& p, const IndexSet& sensitive,
                                const estimate::BitReports& reports) {
  const std::size_t k = sensitive.universe();
  UbdOptReportTally tally;
  tally.blocks.assign(p.weights.size(), 0);
  tally.members.assign(p.weights.size(), std::vector<std::uint64_t>(k, 0));
  tally.open.assign(k, 0);
  std::vector<std::uint32_t> scratch;  // a packed report's set bits
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const std::span<const std::uint32_t> bits = reports.report(i).as_span(scratch);
    if (bits.size() == 1 && !sensitive.contains(bits[0])) {
      ++tally.open[bits[0]];
      continue;
    }
    std::size_t component = 0;
    while (component < p.weights.size() && p.weights[component].block != bits.size()) ++component;
    bool inside = component < p.weights.size();
    for (const std::uint32_t x : bits) inside = inside && sensitive.contains(x);
    if (!inside) {
      throw InvalidArgument("ubd-opt: report " + std::to_string(i + 1) + " (" +
                            estimate::report_label(bits, sensitive) +
                            ") is neither a block of the mixture nor one symbol of X_N");
    }
    ++tally.blocks[component];
    for (const std::uint32_t x : bits) ++tally.members[component][x];
  }
  return tally;
}

}  // namespace

estimate::UbdOptParams estimation_params(const MechanismSpec& spec, const UbdOptSpec& p) {
  return estimate::ubd_opt_params(spec.sensitive, p.weights, p.sensitive_mass, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UbdOptSpec& p,
                                               const estimate::ReportData& data) {
  const IndexSet& xs = spec.sensitive;
  const UbdOptEstimator e =
      ubd_opt_estimator(xs.universe(), xs.size(), p.budget.exp_eps(), p.weights, p.sensitive_mass);
  return exact_empirical_estimate_ubd_opt(xs, e, tally_reports(p, xs, data.bit_reports));
}

}  // namespace uldp
