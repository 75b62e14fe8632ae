#include "golden_exact_estimate.h"

#include <string>
#include <unordered_map>

#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/losses/exact_empirical.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt_estimator.h"
#include "uldp/mechanisms/uhr/uhr_estimator.h"
#include "uldp/mechanisms/uss/uss_estimator.h"

namespace uldp::api {
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

// The registry's first mechanisms: their natural form's estimator (dense: square eq. (3)).
std::vector<Rational> natural_form_estimate(const MechanismSpec& spec,
                                            const estimate::ReportData& data) {
  const ExactForm natural = exact_form(spec);
  if (const auto* bits = std::get_if<BitProductForm>(&natural)) {
    return exact_empirical_estimate(bits->q, data.bit_counts.ones, data.bit_counts.n);
  }
  if (const auto* dense = std::get_if<DenseForm>(&natural)) {
    return exact_empirical_estimate(dense->q, data.symbol_counts);
  }
  const ExactForm expanded = exact_form(spec, FormChoice::kDense);
  return exact_empirical_estimate(std::get<DenseForm>(expanded).q, data.symbol_counts);
}

}  // namespace

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec,
                                               const estimate::ReportData& data) {
  const IndexSet& xs = spec.sensitive;
  return std::visit(
      Overloaded{[&](const UhrSpec& p) {
                   return exact_empirical_estimate_uhr(xs, p.budget.exp_eps(), data.symbol_counts);
                 },
                 [&](const UbdSpec& p) {
                   return exact_empirical_estimate_ubd(
                       xs, ubd_estimator(xs.size(), p.block, p.budget.exp_eps()),
                       data.bit_counts.ones, data.bit_counts.n);
                 },
                 [&](const UssSpec& p) {
                   return exact_empirical_estimate_uss(xs, p.block, p.budget.exp_eps(),
                                                       data.bit_counts.ones, data.bit_counts.n);
                 },
                 [&](const UbdOptSpec& p) {
                   const UbdOptEstimator e = ubd_opt_estimator(
                       xs.universe(), xs.size(), p.budget.exp_eps(), p.weights, p.alpha);
                   return exact_empirical_estimate_ubd_opt(xs, e,
                                                           tally_reports(p, xs, data.bit_reports));
                 },
                 // The registry's first mechanisms: their natural form's estimator.
                 [&](const NoneSpec&) { return natural_form_estimate(spec, data); },
                 [&](const RrSpec&) { return natural_form_estimate(spec, data); },
                 [&](const UrrSpec&) { return natural_form_estimate(spec, data); },
                 [&](const RapporSpec&) { return natural_form_estimate(spec, data); },
                 [&](const OueSpec&) { return natural_form_estimate(spec, data); },
                 [&](const SueSpec&) { return natural_form_estimate(spec, data); },
                 [&](const UrapSpec&) { return natural_form_estimate(spec, data); },
                 [&](const MangatSpec&) { return natural_form_estimate(spec, data); },
                 [&](const UoueSpec&) { return natural_form_estimate(spec, data); }},
      spec.kind);
}

std::vector<Rational> exact_pum_estimate(const std::vector<Rational>& r,
                                         const IndexSet& common_sensitive, std::size_t kappa) {
  const std::size_t k = common_sensitive.universe();
  if (r.size() != k + kappa) {
    throw InvalidArgument("PUM: r has " + std::to_string(r.size()) + " entries, expected " +
                          std::to_string(k + kappa));
  }
  const IndexSet open = common_sensitive.complement();
  if (open.empty()) {
    throw InvalidArgument(
        "PUM: X_N is empty, so a bot without background knowledge has no "
        "fallback distribution");
  }
  Rational mass = 0, bots = 0;
  for (std::size_t x : open.indices()) mass += r[x] > 0 ? r[x] : Rational(0);
  for (std::size_t b = 0; b < kappa; ++b) bots += r[k + b];
  std::vector<Rational> p(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(k));
  for (std::size_t x : open.indices()) {
    const Rational pi = mass > 0 ? Rational((r[x] > 0 ? r[x] : Rational(0)) / mass)
                                 : Rational(1, static_cast<long>(open.size()));
    p[x] += bots * pi;
  }
  return p;
}

std::optional<std::vector<std::uint64_t>> dense_histogram(const MechanismSpec& spec,
                                                          const DenseMechanism& dense,
                                                          const estimate::ReportData& data) {
  if (!data.bit_vectors) {
    if (data.symbol_counts.size() != dense.num_outputs()) return std::nullopt;
    return data.symbol_counts;
  }
  if (!data.per_report) return std::nullopt;
  std::unordered_map<std::string, std::size_t> column;
  for (std::size_t y = 0; y < dense.num_outputs(); ++y) column[dense.output_labels()[y]] = y;
  std::vector<std::uint64_t> counts(dense.num_outputs(), 0);
  for (std::size_t i = 0; i < data.bit_reports.size(); ++i) {
    const std::string label =
        estimate::report_label(data.bit_reports.report(i).to_vector(), spec.sensitive);
    const auto found = column.find(label);
    if (found == column.end()) {
      throw InvalidArgument("report " + std::to_string(i + 1) + " (" + label +
                            ") is not an output of the mechanism");
    }
    ++counts[found->second];
  }
  return counts;
}

}  // namespace uldp::api
