#include "golden_exact_estimate.h"

#include <string>
#include <unordered_map>

#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"

namespace uldp::api {

std::vector<std::string> rational_texts(const std::vector<Rational>& values) {
  std::vector<std::string> out;
  out.reserve(values.size());
  for (const Rational& v : values) out.push_back(to_string(v));
  return out;
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
  // A unary encoding lists its outputs as k-character 0/1 strings, the block families as sets.
  const bool unary =
      std::holds_alternative<estimate::UnaryParams>(estimate::estimation_model(spec));
  for (std::size_t i = 0; i < data.bit_reports.size(); ++i) {
    const std::vector<std::uint32_t> set_bits = data.bit_reports.report(i).to_vector();
    std::string label;
    if (unary) {
      label.assign(spec.k, '0');
      for (const std::uint32_t j : set_bits) label[j] = '1';
    } else {
      label = estimate::report_label(set_bits, spec.sensitive);
    }
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
