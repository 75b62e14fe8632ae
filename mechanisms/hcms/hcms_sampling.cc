// The Hadamard count-mean sketch in doubles: its dense matrix over (j, l, w) outputs with the
// sketch estimator's rows while it is small enough to list, report by report beyond
// (mechanisms/derivations.h).
#include "uldp/mechanisms/hcms/hcms_sampling.h"

#include <cmath>
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/hcms/hcms_estimator.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const HcmsSpec& p) {
  const SketchFamily family = p.family();
  const std::uint64_t hashes = p.hashes, width = p.width;
  const Rational& t = p.budget.exp_eps();
  const double agree = to_double(t / (1 + t)), flip = to_double(1 / (1 + t));
  estimate::UnlistedParams u;
  u.inputs = spec.k;
  u.width = 3;  // j, l, [w = +1]
  u.form = std::string("j,l,w (j 0..") + std::to_string(hashes - 1) + ", l 0.." +
           std::to_string(width - 1) + ", w 1 or -1)";
  u.outputs = std::to_string(2 * hashes * width);
  u.draw = [=](estimate::Xoshiro256& rng, std::size_t x, std::span<std::uint64_t> report) {
    const std::uint64_t j = estimate::uniform_below(rng, hashes);
    const std::uint64_t l = estimate::uniform_below(rng, width);
    const bool plus = hadamard_plus(static_cast<std::uint32_t>(l), family(x, j));
    report[0] = j;
    report[1] = l;
    report[2] = estimate::bernoulli(rng, agree) == plus ? 1 : 0;
  };
  u.parse = [=](std::string_view text,
                std::span<std::uint64_t> report) -> std::optional<estimate::ReportSyntaxError> {
    const std::size_t first = text.find(','), second = text.find(',', first + 1);
    if (first == std::string_view::npos || second == std::string_view::npos) {
      return estimate::ReportSyntaxError{1, estimate::quoted_excerpt(text) + " is not j,l,w"};
    }
    if (auto e =
            estimate::read_report_field(text.substr(0, first), hashes, "hash index", 1, report[0]))
      return e;
    if (auto e = estimate::read_report_field(text.substr(first + 1, second - first - 1), width,
                                             "row", first + 2, report[1]))
      return e;
    const std::string_view w = text.substr(second + 1);
    if (w != "1" && w != "-1") {
      return estimate::ReportSyntaxError{second + 2,
                                         "sign " + estimate::quoted_excerpt(w) + " is not 1 or -1"};
    }
    report[2] = w == "1" ? 1 : 0;
    return std::nullopt;
  };
  u.write = [](std::span<const std::uint64_t> report, std::string& out) {
    out += hcms_label(report[0], report[1], report[2] == 1);
  };
  const double log_cell = std::log(static_cast<double>(hashes) * static_cast<double>(width));
  u.likelihood = [=](std::span<const std::uint64_t> report, std::span<double> likelihood) {
    const auto l = static_cast<std::uint32_t>(report[1]);
    for (std::size_t x = 0; x < likelihood.size(); ++x) {
      const bool plus = hadamard_plus(l, family(x, report[0]));
      likelihood[x] = plus == (report[2] == 1) ? agree : flip;
    }
    return -log_cell;
  };
  if (t == 1) {
    u.not_estimable = kHadamardNoInformation;
    return u;
  }
  // hadamard_report_estimate: m/(m-1) (c w H[l][h_j(x)] - 1/m), c = (t+1)/(t-1).
  const Rational m{Integer(width)};
  const double agreeing = to_double(m / (m - 1) * ((t + 1) / (t - 1) - 1 / m));
  const double disagreeing = to_double(m / (m - 1) * (-(t + 1) / (t - 1) - 1 / m));
  u.add_estimate = [=](std::span<const std::uint64_t> report, std::span<double> row) {
    const auto l = static_cast<std::uint32_t>(report[1]);
    for (std::size_t x = 0; x < row.size(); ++x) {
      const bool plus = hadamard_plus(l, family(x, report[0]));
      row[x] += plus == (report[2] == 1) ? agreeing : disagreeing;
    }
  };
  return u;
}

estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const HcmsSpec& p) {
  const std::uint64_t outputs = std::uint64_t{p.hashes} * p.width * 2;
  if (outputs > ClassStructuredMechanism::kMaxDenseSize ||
      spec.k > ClassStructuredMechanism::kMaxDenseSize) {
    return unlisted_params(spec, p);
  }
  const DenseExpansion dense = hcms_classes(spec.k, p).to_dense();
  estimate::DenseParams d = estimate::dense_params(dense.matrix);
  d.output_labels = dense.matrix.output_labels();
  if (p.budget.exp_eps() == 1) {
    d.not_estimable = kHadamardNoInformation;
  } else {
    d.estimator = hadamard_estimator_rows(spec.k, p);
  }
  return d;
}

std::vector<double> hadamard_estimator_rows(std::size_t k, const HcmsSpec& spec) {
  const std::size_t outputs = std::size_t{spec.hashes} * spec.width * 2;
  std::vector<double> rows;
  rows.reserve(outputs * k);
  for (std::size_t y = 0; y < outputs; ++y) {
    for (std::size_t x = 0; x < k; ++x)
      rows.push_back(to_double(hadamard_report_estimate(spec, y, x)));
  }
  return rows;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const HcmsSpec& p,
                                               const estimate::ReportData& data) {
  const estimate::UnlistedReports& reports = data.unlisted_reports;
  if (reports.size() == 0) return hadamard_sketch_estimate(spec.k, p, data.symbol_counts);
  // Beyond the listing: per input, the reports (j, l, w) whose w is its sign H[l][h_j(x)].
  const SketchFamily family = p.family();
  std::vector<std::uint64_t> agreeing(spec.k, 0);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto r = reports.report(i);
    for (std::size_t x = 0; x < spec.k; ++x)
      agreeing[x] +=
          hadamard_plus(static_cast<std::uint32_t>(r[1]), family(x, r[0])) == (r[2] == 1);
  }
  return hadamard_sketch_estimate(p, agreeing, reports.size());
}

}  // namespace uldp
