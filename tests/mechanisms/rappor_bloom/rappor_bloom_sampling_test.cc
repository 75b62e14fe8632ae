// Bloom-filter RAPPOR in doubles: the estimator rows are the exact per-bit estimate, rounded.
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "uldp/mechanisms/rappor_bloom/rappor_bloom_estimator.h"

namespace uldp {
namespace {

TEST(RapporBloomSampling, EstimatorRowsAreTheExactEstimateOfOneReport) {
  const BloomFilterMechanism q(3, {{{0, 1}, {1, 2}, {2}}, {{2}, {0}, {0, 1}}},
                               BitChannel{Rational(11, 16), Rational(9, 16)});
  const std::vector<double> rows = per_bit_estimator_rows(q);
  const std::size_t outputs = 16, k = 3;
  ASSERT_EQ(rows.size(), outputs * k);
  for (std::size_t y = 0; y < outputs; ++y) {
    std::vector<std::uint64_t> counts(outputs, 0);
    counts[y] = 1;
    const std::vector<Rational> exact = per_bit_estimate(q, counts);
    for (std::size_t x = 0; x < k; ++x) EXPECT_EQ(rows[y * k + x], to_double(exact[x]));
  }
}

}  // namespace
}  // namespace uldp
