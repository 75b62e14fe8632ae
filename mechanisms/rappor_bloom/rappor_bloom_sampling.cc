// Bloom-filter RAPPOR in doubles: its dense matrix over (cohort, bits) outputs, for the samplers,
// EM, conformance and the per-bit estimator's rows, while C 2^m is small enough to list, and
// report by report beyond (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/unlisted_bloom.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_estimator.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_sampling.h"

namespace uldp {

estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const RapporBloomSpec& p) {
  const BloomFilterMechanism q = one_report_mechanism(spec.k, p);
  // The estimator first: an argument list that moved the model before the estimator threw
  // would leave the fallback an empty model.
  std::optional<estimate::BloomLinearEstimator> estimator;
  std::string why;
  try {
    estimator = per_bit_linear_estimator(q);
  } catch (const InvalidArgument& e) {
    why = e.what();
  }
  return estimate::unlisted_bloom_params(estimate::bloom_bit_model(q, "cohort"),
                                         std::move(estimator), why);
}

estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const RapporBloomSpec& p) {
  const BloomFilterMechanism q = one_report_mechanism(spec.k, p);
  if (!q.listable()) return unlisted_params(spec, p);
  const DenseMechanism dense = q.to_dense();
  estimate::DenseParams d = estimate::dense_params(dense);
  d.output_labels = dense.output_labels();
  try {
    d.estimator = per_bit_estimator_rows(q);
  } catch (const InvalidArgument& e) {
    d.not_estimable = e.what();
  }
  return d;
}

estimate::BloomLinearEstimator per_bit_linear_estimator(const BloomFilterMechanism& q) {
  const std::vector<Rational> m = bloom_bit_weights(q);
  const std::size_t k = q.num_inputs(), bits = q.bits();
  const Rational& on = q.channel().one_if_on;
  const Rational& off = q.channel().one_if_off;
  // (y_j - p*)/(q* - p*) M_j summed over j: -p*/(q* - p*) Σ_j M_j, plus M_j/(q* - p*) per set bit.
  estimate::BloomLinearEstimator e;
  e.offsets.reserve(q.cohorts() * k);
  e.bit_weights.reserve(q.cohorts() * bits * k);
  for (std::size_t c = 0; c < q.cohorts(); ++c) {
    for (std::size_t x = 0; x < k; ++x) {
      Rational sum(0);
      for (std::size_t j = 0; j < bits; ++j) sum += m[(c * bits + j) * k + x];
      e.offsets.push_back(to_double(-off / (on - off) * sum));
    }
    for (std::size_t j = 0; j < bits; ++j) {
      for (std::size_t x = 0; x < k; ++x)
        e.bit_weights.push_back(to_double(m[(c * bits + j) * k + x] / (on - off)));
    }
  }
  return e;
}

std::vector<double> per_bit_estimator_rows(const BloomFilterMechanism& q) {
  const std::vector<Rational> m = bloom_bit_weights(q);
  const std::size_t k = q.num_inputs(), bits = q.bits(), per_cohort = std::size_t{1} << bits;
  const Rational& on = q.channel().one_if_on;
  const Rational& off = q.channel().one_if_off;
  const Rational weight[2] = {-off / (on - off), (1 - off) / (on - off)};  // by y_j
  std::vector<double> rows;
  rows.reserve(q.cohorts() * per_cohort * k);
  for (std::size_t c = 0; c < q.cohorts(); ++c) {
    for (std::size_t i = 0; i < per_cohort; ++i) {
      for (std::size_t x = 0; x < k; ++x) {
        Rational b(0);
        for (std::size_t j = 0; j < bits; ++j)
          b += weight[(i >> j) & 1u] * m[(c * bits + j) * k + x];
        rows.push_back(to_double(b));
      }
    }
  }
  return rows;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const RapporBloomSpec& p,
                                               const estimate::ReportData& data) {
  const BloomFilterMechanism q = one_report_mechanism(spec.k, p);
  const estimate::UnlistedReports& reports = data.unlisted_reports;
  if (reports.size() == 0) return per_bit_estimate(q, data.symbol_counts);
  // Beyond the listing: the reports "c:bits" tallied per cohort and bit.
  std::vector<std::uint64_t> in_cohort(q.cohorts(), 0), ones(q.cohorts() * q.bits(), 0);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto r = reports.report(i);
    ++in_cohort[r[0]];
    for (std::size_t j = 0; j < q.bits(); ++j)
      ones[r[0] * q.bits() + j] += (r[1 + j / 64] >> (j % 64)) & 1u;
  }
  return per_bit_estimate(q, in_cohort, ones);
}

}  // namespace uldp
