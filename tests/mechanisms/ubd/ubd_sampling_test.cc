// uBD's structured sampler and estimators against the exact mechanism: report frequencies per
// input against the dense Q, and Monte Carlo mean / mean squared error of the empirical estimator
// against p and the exact l2 loss, within 5 standard errors (fixed seeds).
#include "uldp/mechanisms/ubd/ubd_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"

namespace uldp::estimate {
namespace {

const IndexSet kSensitive = IndexSet::parse("0,1,3,4", 6, "xs");
const PrivacyBudget kBudget = PrivacyBudget::from_exp_eps(Rational(3));

// A report's dense label: "{0,3}" for a block, "2" for an X_N report.
std::string label(std::span<const std::uint32_t> bits) {
  if (bits.size() == 1 && !kSensitive.contains(bits[0])) return std::to_string(bits[0]);
  std::string s = "{";
  for (std::size_t i = 0; i < bits.size(); ++i) {
    if (i > 0) s += ',';
    s += std::to_string(bits[i]);
  }
  s += '}';
  return s;
}

TEST(BlockDesignSampler, ReportFrequenciesMatchTheExactMatrix) {
  for (std::size_t block = 1; block <= 4; ++block) {
    const DenseExpansion d = ubd_classes(kSensitive, block, kBudget).to_dense();
    const UbdParams params = ubd_params(kSensitive, block, kBudget);
    Xoshiro256 rng(11 + block);
    constexpr std::size_t kDraws = 40000;
    for (std::uint32_t x = 0; x < 6; ++x) {
      const std::vector<std::uint32_t> inputs(kDraws, x);
      const BitReports reports = sample_reports(rng, params, inputs);
      std::map<std::string, double> seen;
      for (std::size_t i = 0; i < reports.size(); ++i) seen[label(reports.report(i))] += 1;
      double total = 0;
      for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
        const double q = d.matrix(x, y).convert_to<double>();
        const double f = seen[d.matrix.output_labels()[y]] / kDraws;
        total += f;
        EXPECT_NEAR(f, q, 5 * std::sqrt(q * (1 - q) / kDraws) + 1e-12)
            << "K=" << block << " x=" << x << " y=" << d.matrix.output_labels()[y];
      }
      EXPECT_NEAR(total, 1.0, 1e-12) << "a report outside the dense outputs";
    }
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

}  // namespace
}  // namespace uldp::estimate
