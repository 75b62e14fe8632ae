// uSS's sampler and EM over |X|-bit reports (see the header).
#include "uldp/mechanisms/uss/uss_sampling.h"

#include <cmath>

#include "internal/em_drivers.h"
#include "uldp/error.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/threshold.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/internal/block_sampling.h"
#include "uldp/mechanisms/uss/uss.h"
#include "uldp/mechanisms/uss/uss_estimator.h"

namespace uldp::estimate {
namespace {

double to_double(const Rational& r) { return r.convert_to<double>(); }

}  // namespace

UssParams uss_params(const IndexSet& sensitive, std::size_t block, const PrivacyBudget& budget) {
  const Rational& t = budget.exp_eps();
  const std::size_t v = sensitive.size();
  const UssConstants c = uss_constants(v, block, t);  // validates v and K
  const Rational d = t + Rational(v, block) - 1;
  UssParams p;
  p.k = sensitive.universe();
  p.sensitive = sensitive;
  p.block = block;
  p.keep_in_block = to_double(t / d);
  p.to_block = to_double(Rational(v, block) / d);
  p.to_alone = to_double(c.alone);
  p.in_block = to_double(c.blocks.in_block);
  p.off_block = to_double(c.blocks.off_block);
  p.from_open = to_double(c.blocks.from_open);
  p.with_block = to_double(c.with_block);
  p.bits.k = p.k;
  p.bits.on.resize(p.k);
  p.bits.off.resize(p.k);
  for (std::size_t x = 0; x < p.k; ++x) {
    const bool s = sensitive.contains(x);
    p.bits.on[x] = to_double(s ? c.own_sensitive_bit : c.own_open_bit);
    p.bits.off[x] = s ? to_double(c.other_sensitive_bit) : 0.0;
  }
  if (c.own_sensitive_bit == c.other_sensitive_bit || c.own_open_bit == 0) {
    p.not_estimable =
        "uSS: the reference decoder is undefined at K = |X_S| or exp_eps = 1 "
        "(a sensitive bit is 1 with the same probability p* = q* for every input)";
  }
  return p;
}

BitReports sample_reports(Xoshiro256& rng, const UssParams& params,
                          std::span<const std::uint32_t> inputs) {
  // A non-sensitive x reports a uniform block of X_S, {x} alone, or a block with x.
  return internal::sample_block_reports(
      rng, params.sensitive, params.block, params.keep_in_block, inputs, params.block + 1, "uSS",
      [&](Xoshiro256& r) {
        const double u = uniform01(r);
        if (u >= params.to_block && u < params.to_block + params.to_alone) {
          return internal::OpenReport::kAlone;
        }
        return u >= params.to_block ? internal::OpenReport::kBlockWithInput
                                    : internal::OpenReport::kBlock;
      });
}

EmResult em_estimate_uss(const UssParams& params, const BitReports& reports,
                         const EmOptions& options) {
  if (reports.k() != params.k || reports.size() == 0) {
    throw InvalidArgument("uSS EM: needs at least one report of k bits");
  }
  if (options.accelerator == EmAccelerator::kNewton) {
    throw InvalidArgument("EM accelerator newton: not for uSS reports (use auto, squarem or none)");
  }
  const std::size_t k = params.k;
  const double n = static_cast<double>(reports.size());
  const double lift = params.in_block - params.off_block;
  const internal::EmMap step = [&](const std::vector<double>& p, std::vector<double>& next) {
    next.assign(k, 0.0);
    std::vector<double> in_blocks(k, 0.0);
    double p_sensitive = 0;
    for (std::size_t x : params.sensitive.indices()) p_sensitive += p[x];
    double all_blocks = 0, log_likelihood = 0;
    for (std::size_t i = 0; i < reports.size(); ++i) {
      const auto bits = reports.report(i);
      std::optional<std::uint32_t> open;
      double mass = 0;
      for (std::uint32_t x : bits) {
        if (params.sensitive.contains(x)) {
          mass += p[x];
        } else {
          open = x;
        }
      }
      if (open) {  // {x} or S ∪ {x}: only x reports it
        next[*open] += 1;
        if (!(p[*open] > 0)) throw InvalidArgument("uSS EM: a report has zero likelihood");
        log_likelihood +=
            std::log((bits.size() == 1 ? params.to_alone : params.with_block) * p[*open]);
        continue;
      }
      const double likelihood =
          params.off_block * p_sensitive + params.from_open * (1 - p_sensitive) + lift * mass;
      if (!(likelihood > 0)) throw InvalidArgument("uSS EM: a report has zero likelihood");
      const double weight = 1 / likelihood;
      all_blocks += weight;
      for (std::uint32_t x : bits) in_blocks[x] += weight;
      log_likelihood += std::log(likelihood);
    }
    for (std::size_t x = 0; x < k; ++x) {
      const double share = params.sensitive.contains(x)
                               ? params.off_block * all_blocks + lift * in_blocks[x]
                               : params.from_open * all_blocks;
      next[x] = (next[x] + p[x] * share) / n;
    }
    return log_likelihood;
  };
  std::vector<double> start(k, 1.0 / static_cast<double>(k));
  if (!params.not_estimable)
    start = threshold_estimate_unary(params.bits, bit_counts(reports), options.significance).p;
  return internal::run_mixed_start_em(step, std::move(start), options);
}

}  // namespace uldp::estimate

namespace uldp {

estimate::UssParams estimation_params(const MechanismSpec& spec, const UssSpec& p) {
  return estimate::uss_params(spec.sensitive, p.block, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UssSpec& p,
                                               const estimate::ReportData& data) {
  return exact_empirical_estimate_uss(spec.sensitive, p.block, p.budget.exp_eps(),
                                      data.bit_counts.ones, data.bit_counts.n);
}

}  // namespace uldp
