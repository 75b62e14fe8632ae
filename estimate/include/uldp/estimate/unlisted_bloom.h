// Bloom-filter reports "c:bits" report by report (unlisted.h), for rappor-bloom's cohorts and the
// count-mean sketch's hash indices beyond their listing: drawn bit by bit, weighed by the bits of
// each input's filter, estimated by an affine function of the bits that the folder gives.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/unlisted.h"
#include "uldp/forms/bloom_filter_mechanism.h"

namespace uldp::estimate {

/// A Bloom mechanism's empirical estimator as an affine function of a report's bits: the report
/// (c, y) adds to input x
///   offsets[c k + x] + Σ_{j: y_j = 1} bit_weights[(c m + j) k + x] + in_filter |{j in B_c(x): y_j
///   = 1}|.
struct BloomLinearEstimator {
  std::vector<double> offsets;      ///< C x k
  std::vector<double> bit_weights;  ///< C m x k; empty: none
  double in_filter = 0;
};

/// The most mask words (C k ceil(m/64)) the model holds: 2^26, 512 MB.
inline constexpr std::size_t kMaxBloomMaskWords = std::size_t{1} << 26;

/// The exact mechanism's bits in doubles, `prefix` naming a report's c ("cohort", "hash index").
/// Throws InvalidArgument naming k beyond kMaxBloomMaskWords.
BloomBitModel bloom_bit_model(const BloomFilterMechanism& q, const std::string& prefix);

/// The mechanism report by report; `estimator` empty: no empirical estimator, for the reason
/// `not_estimable` gives.
UnlistedParams unlisted_bloom_params(BloomBitModel model,
                                     std::optional<BloomLinearEstimator> estimator,
                                     const std::string& not_estimable = "");

}  // namespace uldp::estimate
