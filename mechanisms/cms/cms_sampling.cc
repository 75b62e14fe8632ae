// The count-mean sketch in doubles: its dense matrix over (j, bits) outputs with the sketch
// estimator's rows while J 2^m is small enough to list, report by report beyond
// (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/unlisted_bloom.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/cms/cms_estimator.h"
#include "uldp/mechanisms/cms/cms_sampling.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const CmsSpec& p) {
  const BloomFilterMechanism q = count_mean_sketch(spec.k, p);
  estimate::BloomBitModel bits = estimate::bloom_bit_model(q, "hash index");
  const Rational s = sketch_half_budget(p.budget);
  if (s == 1)
    return estimate::unlisted_bloom_params(std::move(bits), std::nullopt, kSketchNoInformation);
  // sketch_report_estimate: m/(m-1) ((c/2) v + 1/2 - 1/m) at x's bucket, v = 2 y - 1.
  const Rational c = (s + 1) / (s - 1), m{Integer(q.bits())};
  const Rational scale = m / (m - 1);
  estimate::BloomLinearEstimator e;
  e.offsets.assign(q.cohorts() * spec.k, to_double(scale * (Rational(1, 2) - c / 2 - 1 / m)));
  e.in_filter = to_double(scale * c);
  return estimate::unlisted_bloom_params(std::move(bits), std::move(e));
}

estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const CmsSpec& p) {
  const BloomFilterMechanism q = count_mean_sketch(spec.k, p);
  if (!q.listable()) return unlisted_params(spec, p);
  const DenseMechanism dense = q.to_dense();
  estimate::DenseParams d = estimate::dense_params(dense);
  d.output_labels = dense.output_labels();
  const Rational s = sketch_half_budget(p.budget);
  if (s == 1) {
    d.not_estimable = kSketchNoInformation;
    return d;
  }
  d.estimator = sketch_estimator_rows(q, s);
  return d;
}

std::vector<double> sketch_estimator_rows(const BloomFilterMechanism& q, const Rational& s) {
  std::vector<double> rows;
  const std::size_t per_hash = std::size_t{1} << q.bits();
  rows.reserve(q.cohorts() * per_hash * q.num_inputs());
  for (std::size_t j = 0; j < q.cohorts(); ++j) {
    for (std::size_t y = 0; y < per_hash; ++y) {
      for (std::size_t x = 0; x < q.num_inputs(); ++x)
        rows.push_back(to_double(sketch_report_estimate(q, s, j, y, x)));
    }
  }
  return rows;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const CmsSpec& p,
                                               const estimate::ReportData& data) {
  const BloomFilterMechanism q = count_mean_sketch(spec.k, p);
  const estimate::UnlistedReports& reports = data.unlisted_reports;
  if (reports.size() == 0)
    return sketch_estimate(q, sketch_half_budget(p.budget), data.symbol_counts);
  // Beyond the listing: per input, the reports (j, v) with v = +1 at its bucket h_j(x).
  std::vector<std::uint64_t> at_bucket(spec.k, 0);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto r = reports.report(i);
    for (std::size_t x = 0; x < spec.k; ++x) {
      const std::uint32_t b = q.bloom_bits(r[0], x).front();
      at_bucket[x] += (r[1 + b / 64] >> (b % 64)) & 1u;
    }
  }
  return sketch_estimate(q.bits(), sketch_half_budget(p.budget), at_bucket, reports.size());
}

}  // namespace uldp
