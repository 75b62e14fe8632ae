// uSS's structured sampler against the exact mechanism (report frequencies per input against the
// dense Q, 5 binomial standard errors, fixed seeds) and its EM on a small sample.
#include "uldp/mechanisms/uss/uss_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../block_report_frequencies.h"
#include "uldp/error.h"
#include "uldp/estimate/empirical.h"
#include "uldp/mechanisms/uss/uss.h"
#include "uldp/mechanisms/uss/uss_estimator.h"

namespace uldp::estimate {
namespace {

const IndexSet kSensitive = IndexSet::parse("0,1,3,4", 6, "xs");
const PrivacyBudget kBudget = PrivacyBudget::from_exp_eps(Rational(3));

TEST(SubsetSelectionSampler, ReportFrequenciesMatchTheExactMatrix) {
  for (std::size_t block = 1; block <= 4; ++block) {
    const DenseExpansion d = uss_classes(kSensitive, block, kBudget).to_dense();
    const auto params = uss_params(kSensitive, block, kBudget);
    testing::expect_report_frequencies(
        d, kSensitive, 31 + block, "K=" + std::to_string(block),
        [&](Xoshiro256& rng, const std::vector<std::uint32_t>& inputs) {
          return sample_reports(rng, params, inputs);
        });
  }
}

TEST(SubsetSelectionEstimator, EmRecoversTheInputDistribution) {
  const UssParams params = uss_params(kSensitive, 2, kBudget);
  Xoshiro256 rng(5);
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t x = 0; x < 6; ++x) inputs.insert(inputs.end(), 3000 * (x % 2 + 1), x);
  const EmResult em = em_estimate_uss(params, sample_reports(rng, params, inputs), {});
  double total = 0;
  for (std::size_t x = 0; x < 6; ++x) {
    EXPECT_NEAR(em.p[x], (x % 2 + 1) / 9.0, 0.03) << x;
    total += em.p[x];
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_TRUE(em.converged);
}

// The golden vectors' exact estimate and the server's double one are the same estimator.
TEST(SubsetSelectionEstimator, ExactEstimateIsTheDoubleOne) {
  const UssParams params = uss_params(kSensitive, 2, kBudget);
  const BitCounts counts{300, {120, 95, 30, 88, 101, 40}};
  const std::vector<Rational> exact =
      exact_empirical_estimate_uss(kSensitive, 2, Rational(3), counts.ones, counts.n);
  const std::vector<double> fast = empirical_estimate_unary(params.bits, counts);
  for (std::size_t x = 0; x < 6; ++x)
    EXPECT_NEAR(exact[x].convert_to<double>(), fast[x], 1e-12) << x;
  // K = |X_S|: p* = q*, the decoder is undefined.
  EXPECT_THROW(exact_empirical_estimate_uss(kSensitive, 4, Rational(3), counts.ones, counts.n),
               InvalidArgument);
}

}  // namespace
}  // namespace uldp::estimate
