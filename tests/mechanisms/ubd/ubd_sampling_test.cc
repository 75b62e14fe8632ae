// uBD's structured sampler and estimators against the exact mechanism: report frequencies per
// input against the dense Q, and Monte Carlo mean / mean squared error of the empirical estimator
// against p and the exact l2 loss, within 5 standard errors (fixed seeds).
#include "uldp/mechanisms/ubd/ubd_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../block_report_frequencies.h"
#include "uldp/error.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"

namespace uldp::estimate {
namespace {

const IndexSet kSensitive = IndexSet::parse("0,1,3,4", 6, "xs");
const PrivacyBudget kBudget = PrivacyBudget::from_exp_eps(Rational(3));

TEST(BlockDesignSampler, ReportFrequenciesMatchTheExactMatrix) {
  for (std::size_t block = 1; block <= 4; ++block) {
    const DenseExpansion d = ubd_classes(kSensitive, block, kBudget).to_dense();
    const auto params = ubd_params(kSensitive, block, kBudget);
    testing::expect_report_frequencies(
        d, kSensitive, 11 + block, "K=" + std::to_string(block),
        [&](Xoshiro256& rng, const std::vector<std::uint32_t>& inputs) {
          return sample_reports(rng, params, inputs);
        });
  }
}

TEST(BlockDesignEstimator, UnbiasedWithTheExactL2) {
  const std::vector<Rational> p = {Rational(1, 10), Rational(3, 10), Rational(1, 20),
                                   Rational(0),     Rational(2, 5),  Rational(3, 20)};
  constexpr std::uint64_t kUsers = 40;
  constexpr std::size_t kReplications = 4000;
  for (std::size_t block : {1, 2, 3}) {
    const UbdParams params = ubd_params(kSensitive, block, kBudget);
    const L2Quadratic q = ubd_l2_quadratic(kSensitive, block, kBudget);
    const double exact = expected_l2_loss(q, p, kUsers).convert_to<double>();
    std::vector<std::uint32_t> inputs;
    const std::vector<std::uint64_t> per_input = {4, 12, 2, 0, 16, 6};  // n p exactly
    for (std::uint32_t x = 0; x < 6; ++x) inputs.insert(inputs.end(), per_input[x], x);
    Xoshiro256 rng(77 + block);
    std::vector<double> sum(6, 0.0), sum_sq(6, 0.0);
    double loss_sum = 0, loss_sq = 0;
    for (std::size_t r = 0; r < kReplications; ++r) {
      const std::vector<double> e =
          empirical_estimate_ubd(params, bit_counts(sample_reports(rng, params, inputs)));
      double loss = 0;
      for (std::size_t x = 0; x < 6; ++x) {
        const double err = e[x] - p[x].convert_to<double>();
        sum[x] += e[x];
        sum_sq[x] += e[x] * e[x];
        loss += err * err;
      }
      loss_sum += loss;
      loss_sq += loss * loss;
    }
    const double reps = kReplications;
    for (std::size_t x = 0; x < 6; ++x) {
      const double mean = sum[x] / reps;
      const double se = std::sqrt((sum_sq[x] / reps - mean * mean) / reps);
      EXPECT_NEAR(mean, p[x].convert_to<double>(), 5 * se) << "K=" << block << " x=" << x;
    }
    // Fixed inputs (n p(x) users with input x): p̂ is the mean of independent single-report
    // estimates with means e_x, so E[l2^2] = (1/n^2) sum_users (S(x_u) - 1); i.i.d. inputs
    // (the exact l2 of the loss layer) add (1 - sum p^2)/n.
    const double mean_loss = loss_sum / reps;
    const double se = std::sqrt((loss_sq / reps - mean_loss * mean_loss) / reps);
    double fixed_inputs = 0;
    for (std::size_t x = 0; x < 6; ++x)
      fixed_inputs += per_input[x] * (q.linear[x].convert_to<double>() - 1);
    fixed_inputs /= static_cast<double>(kUsers * kUsers);
    EXPECT_NEAR(mean_loss, fixed_inputs, 5 * se) << "K=" << block;
    double sum_p_squared = 0;
    for (const Rational& v : p) sum_p_squared += v.convert_to<double>() * v.convert_to<double>();
    EXPECT_NEAR(exact - fixed_inputs, (1 - sum_p_squared) / kUsers, 1e-12);
  }
}

// The golden vectors' exact estimate and the server's double one are the same estimator.
TEST(BlockDesignEstimator, ExactEstimateIsTheDoubleOne) {
  const UbdParams params = ubd_params(kSensitive, 2, kBudget);
  BitCounts counts{200, {60, 45, 30, 52, 71, 18}};
  const std::vector<Rational> exact = exact_empirical_estimate_ubd(
      kSensitive, ubd_estimator(4, 2, Rational(3)), counts.ones, counts.n);
  const std::vector<double> fast = empirical_estimate_ubd(params, counts);
  for (std::size_t x = 0; x < 6; ++x)
    EXPECT_NEAR(exact[x].convert_to<double>(), fast[x], 1e-12) << x;
  EXPECT_THROW(
      exact_empirical_estimate_ubd(kSensitive, ubd_estimator(4, 2, Rational(3)), counts.ones, 50),
      InvalidArgument);  // a count above n
}

}  // namespace
}  // namespace uldp::estimate
