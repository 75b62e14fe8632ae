// EM: the structured updates equal the dense ones, the likelihood never decreases, the result
// is in the simplex and at least as likely as the start.
#include "uldp/estimate/em.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/estimate/sampler.h"
#include "uldp/mechanisms/urap/urap.h"

namespace uldp::estimate {
namespace {

std::vector<double> zipf(std::size_t k, double s) {
  std::vector<double> p(k);
  double total = 0;
  for (std::size_t i = 0; i < k; ++i) total += (p[i] = 1.0 / std::pow(i + 1.0, s));
  for (double& v : p) v /= total;
  return p;
}

void expect_valid_run(const EmResult& r) {
  double sum = 0;
  for (double v : r.p) {
    EXPECT_GE(v, 0.0);
    sum += v;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_GE(r.log_likelihood, r.initial_log_likelihood);
  ASSERT_GE(r.trace.size(), 2u);
  for (std::size_t i = 1; i < r.trace.size(); ++i) {
    // Monotone up to rounding of the sum of n logs (relative 1e-13).
    EXPECT_GE(r.trace[i], r.trace[i - 1] - 1e-13 * std::fabs(r.trace[i - 1])) << "step " << i;
  }
  EXPECT_EQ(r.trace.back(), r.log_likelihood);
}

struct UrrData {
  UrrParams params;
  std::vector<std::uint64_t> counts;
};

UrrData urr_data(std::size_t k, std::size_t sensitive, double t, std::uint64_t n,
                 std::uint64_t seed) {
  UrrData d;
  d.params = urr_params_from_t(IndexSet::first(sensitive, k), t);
  Xoshiro256 rng(seed);
  const auto inputs = sample_input_counts(rng, n, zipf(k, 1.1));
  d.counts = sample_report_counts(rng, d.params, inputs);
  return d;
}

TEST(EmUrr, MonotoneInTheSimplexAndConverged) {
  for (bool accelerate : {false, true}) {
    const UrrData d = urr_data(30, 8, std::exp(1.0), 3000, 1);
    EmOptions options;
    options.accelerator = accelerate ? EmAccelerator::kAuto : EmAccelerator::kNone;
    options.record_trace = true;
    const EmResult r = em_estimate_urr(d.params, d.counts, options);
    expect_valid_run(r);
    EXPECT_TRUE(r.converged);
  }
}

TEST(EmUrr, StructuredLikelihoodEqualsDense) {
  const UrrData d = urr_data(12, 5, 2.5, 2000, 2);
  const std::vector<double> p = zipf(12, 0.7);
  const double structured = log_likelihood_urr(d.params, d.counts, p);
  const double dense = log_likelihood_dense(dense_params(d.params), d.counts, p);
  EXPECT_NEAR(structured, dense, 1e-12 * std::fabs(dense));
}

TEST(EmUrr, StructuredEmEqualsDenseEm) {
  // Non-symmetric channel (uRR); both converge to the unique MLE.
  const UrrData d = urr_data(10, 4, 4.0, 5000, 3);
  EmOptions options;
  options.stop = 1e-15;
  options.max_iterations = 200000;
  const EmResult a = em_estimate_urr(d.params, d.counts, options);
  const EmResult b = em_estimate_dense(dense_params(d.params), d.counts, options);
  EXPECT_NEAR(a.log_likelihood, b.log_likelihood, 1e-10 * std::fabs(a.log_likelihood));
  for (std::size_t x = 0; x < 10; ++x) EXPECT_NEAR(a.p[x], b.p[x], 1e-4) << x;
}

TEST(EmUrr, AcceleratedAndPlainReachTheSameLikelihood) {
  const UrrData d = urr_data(40, 10, 1.5, 4000, 4);
  EmOptions plain, fast;
  plain.accelerator = EmAccelerator::kNone;
  plain.stop = fast.stop = 1e-14;
  plain.max_iterations = fast.max_iterations = 500000;
  const EmResult a = em_estimate_urr(d.params, d.counts, plain);
  const EmResult b = em_estimate_urr(d.params, d.counts, fast);
  EXPECT_NEAR(a.log_likelihood, b.log_likelihood, 1e-9 * std::fabs(a.log_likelihood));
  EXPECT_LE(b.iterations, a.iterations);
}

TEST(EmUrr, NoSensitiveSymbolsIsTheHistogram) {
  const UrrParams params = urr_params_from_t(IndexSet::first(0, 3), 2.0);
  const std::vector<std::uint64_t> counts = {1, 2, 7};
  const EmResult r = em_estimate_urr(params, counts);
  EXPECT_NEAR(r.p[2], 0.7, 1e-6);
}

// uRAP over k = 5 with X_S = {0, 3}: reports with one non-sensitive bit are "forced".
struct UnaryData {
  BitProductMechanism exact;
  UnaryParams params;
  BitReports reports;
};

UnaryData unary_data(std::uint64_t seed, std::uint64_t n) {
  const IndexSet sensitive = IndexSet::from_indices({0, 3}, 5, "X_S");
  UnaryData d{utility_optimized_rappor(sensitive, PrivacyBudget::from_exp_eps(Rational(3))),
              {},
              BitReports(5)};
  d.params = unary_params(d.exact);
  Xoshiro256 rng(seed);
  const auto inputs = inputs_from_counts(rng, sample_input_counts(rng, n, zipf(5, 1.0)));
  d.reports = sample_reports(rng, d.params, inputs);
  return d;
}

std::vector<std::uint64_t> dense_counts(const BitReports& reports) {
  std::vector<std::uint64_t> counts(std::size_t{1} << reports.k(), 0);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    std::size_t index = 0;
    for (std::uint32_t bit : reports.report(i)) index |= std::size_t{1} << bit;
    ++counts[index];
  }
  return counts;
}

TEST(EmUnary, ProductLikelihoodEqualsTheDenseExpansion) {
  const UnaryData d = unary_data(5, 3000);
  const DenseParams dense = dense_params(d.exact.to_dense());
  const auto counts = dense_counts(d.reports);
  for (const auto& p : {zipf(5, 0.5), zipf(5, 2.0)}) {
    const double product = log_likelihood_unary(d.params, d.reports, p);
    const double expanded = log_likelihood_dense(dense, counts, p);
    EXPECT_NEAR(product, expanded, 1e-11 * std::fabs(expanded));
  }
}

TEST(EmUnary, EmEqualsDenseEmAndIsMonotone) {
  const UnaryData d = unary_data(6, 10000);  // above kParallelReports: the two-thread path
  EmOptions options;
  options.stop = 1e-15;
  options.max_iterations = 200000;
  options.record_trace = true;
  const EmResult a = em_estimate_unary(d.params, d.reports, options);
  expect_valid_run(a);
  const EmResult b =
      em_estimate_dense(dense_params(d.exact.to_dense()), dense_counts(d.reports), options);
  EXPECT_NEAR(a.log_likelihood, b.log_likelihood, 1e-10 * std::fabs(a.log_likelihood));
  for (std::size_t x = 0; x < 5; ++x) EXPECT_NEAR(a.p[x], b.p[x], 1e-4) << x;
}

TEST(EmUnary, RapporRunIsMonotone) {
  const UnaryParams params = rappor_params(64, PrivacyBudget::from_exp_eps(Rational(4)));
  Xoshiro256 rng(7);
  const auto inputs = inputs_from_counts(rng, sample_input_counts(rng, 5000, zipf(64, 1.2)));
  const BitReports reports = sample_reports(rng, params, inputs);
  EmOptions options;
  options.record_trace = true;
  const EmResult r = em_estimate_unary(params, reports, options);
  expect_valid_run(r);
}

struct RapporData {
  UnaryParams params;
  BitReports reports{1};
};

RapporData rappor_data(std::size_t k, const Rational& t, std::uint64_t n, std::uint64_t seed,
                       bool utility_optimized) {
  RapporData d;
  const PrivacyBudget budget = PrivacyBudget::from_exp_eps(t);
  d.params =
      utility_optimized ? urap_params(IndexSet::first(k / 4, k), budget) : rappor_params(k, budget);
  Xoshiro256 rng(seed);
  const auto inputs = inputs_from_counts(rng, sample_input_counts(rng, n, zipf(k, 1.0)));
  d.reports = sample_reports(rng, d.params, inputs);
  return d;
}

// One plain EM update from p (no acceleration): its log-likelihood gain and L(p).
std::pair<double, double> plain_update_gain(const RapporData& d, const std::vector<double>& p) {
  EmOptions one;
  one.accelerator = EmAccelerator::kNone;
  one.max_iterations = 2;     // L(p) and L(F(p))
  one.start_mixing = 1e-300;  // start at p itself
  one.record_trace = true;
  const EmResult r = em_estimate_unary(d.params, d.reports, p, one);
  return {r.trace.back() - r.trace.front(), r.trace.front()};
}

TEST(EmUnary, NewtonAndSquaremReachTheSameMaximum) {
  // RAPPOR and uRAP, high privacy and eps = 6, with k > n and k < n: at a tight tolerance both
  // drivers end at the same maximum likelihood; Newton needs fewer passes over the reports.
  for (bool utility_optimized : {false, true}) {
    for (const Rational& t : {Rational(3, 2), Rational(403)}) {
      for (auto [k, n] : {std::pair<std::size_t, std::uint64_t>{200, 150}, {64, 6000}}) {
        const RapporData d = rappor_data(k, t, n, 21, utility_optimized);
        EmOptions newton, squarem;
        newton.stop = squarem.stop = 1e-14;
        newton.max_iterations = squarem.max_iterations = 100000;
        squarem.accelerator = EmAccelerator::kSquarem;
        newton.record_trace = true;
        const EmResult a = em_estimate_unary(d.params, d.reports, newton);
        const EmResult b = em_estimate_unary(d.params, d.reports, squarem);
        SCOPED_TRACE(::testing::Message() << "uRAP " << utility_optimized << " t " << to_string(t)
                                          << " k " << k << " n " << n);
        expect_valid_run(a);
        EXPECT_TRUE(a.converged);
        EXPECT_TRUE(b.converged);
        EXPECT_NEAR(a.log_likelihood, b.log_likelihood, 1e-9 * std::fabs(a.log_likelihood));
        EXPECT_LT(a.iterations, b.iterations);
      }
    }
  }
}

TEST(EmUnary, NewtonStopsWhereOnePlainUpdateGainsAtMostTheTolerance) {
  // The stopping rule, checked from outside: one more plain EM update from the result gains at
  // most tolerance·|L| (whether the driver took that update or certified it by concavity), and
  // the reported L is L(result).
  for (bool utility_optimized : {false, true}) {
    const RapporData d = rappor_data(300, Rational(20), 20000, 5, utility_optimized);
    const EmResult r = em_estimate_unary(d.params, d.reports);
    ASSERT_TRUE(r.converged);
    const auto [gain, at_result] = plain_update_gain(d, r.p);
    EXPECT_NEAR(at_result, r.log_likelihood, 1e-12 * std::fabs(r.log_likelihood));
    EXPECT_LE(gain, 1e-10 * std::fabs(r.log_likelihood));
    EXPECT_GE(gain, -1e-12 * std::fabs(r.log_likelihood));
    // And it is at least as likely as where SQUAREM stops under the same rule (SQUAREM's
    // stopping point is farther from the maximum: EM's own steps are short when noise is high).
    EmOptions squarem;
    squarem.accelerator = EmAccelerator::kSquarem;
    const EmResult s = em_estimate_unary(d.params, d.reports, squarem);
    EXPECT_GE(r.log_likelihood, s.log_likelihood - 1e-10 * std::fabs(s.log_likelihood));
  }
}

TEST(EmUnary, NewtonHonoursTheUpdateBudget) {
  const RapporData d = rappor_data(400, Rational(3, 2), 300, 8, false);
  EmOptions options;
  options.max_iterations = 3;
  options.record_trace = true;
  const EmResult r = em_estimate_unary(d.params, d.reports, options);
  EXPECT_FALSE(r.converged);
  EXPECT_LE(r.iterations, 3u);
  expect_valid_run(r);
  EXPECT_NEAR(log_likelihood_unary(d.params, d.reports, r.p), r.log_likelihood,
              1e-12 * std::fabs(r.log_likelihood));
}

TEST(EmUnary, WideBitVectorsUseThirtyTwoBitIndicesCorrectly) {
  // k above 65536 takes the 32-bit index path; its likelihood must equal a direct evaluation of
  // Σ_y log Σ_x p(x) Π_j P(y_j | x) (p on three symbols keeps the direct sum cheap).
  const std::size_t k = 70000;
  const UnaryParams params = rappor_params(k, PrivacyBudget::from_exp_eps(Rational(20)));
  Xoshiro256 rng(11);
  const std::vector<std::uint32_t> inputs = {5, 69999, 5, 123, 69999, 5, 123, 5};
  const BitReports reports = sample_reports(rng, params, inputs);
  std::vector<double> p(k, 0.0);
  p[5] = 0.5;
  p[123] = 0.2;
  p[69999] = 0.3;
  double direct = 0;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    std::vector<bool> y(k, false);
    for (std::uint32_t j : reports.report(i)) y[j] = true;
    std::vector<double> log_terms;  // log p(x) + log Q(y|x), combined by log-sum-exp
    for (std::size_t x : {std::size_t{5}, std::size_t{123}, std::size_t{69999}}) {
      double log_q = std::log(p[x]);
      for (std::size_t j = 0; j < k; ++j) {
        const double one = j == x ? params.on[j] : params.off[j];
        log_q += std::log(y[j] ? one : 1.0 - one);
      }
      log_terms.push_back(log_q);
    }
    const double top = *std::max_element(log_terms.begin(), log_terms.end());
    double scaled = 0;
    for (double term : log_terms) scaled += std::exp(term - top);
    direct += top + std::log(scaled);
  }
  ASSERT_TRUE(std::isfinite(direct));
  const double structured = log_likelihood_unary(params, reports, p);
  // Both sum ~8 x 70000 logs: rounding stays far below 1e-9 relative.
  EXPECT_NEAR(structured, direct, 1e-9 * std::fabs(direct));
}

TEST(EmUnary, ImpossibleReportIsAnError) {
  const UnaryData d = unary_data(8, 10);
  BitReports bad(5);
  const std::vector<std::uint32_t> two_plain_bits = {1, 2};  // X_N bits can't both be 1
  bad.add(two_plain_bits);
  EXPECT_THROW(em_estimate_unary(d.params, bad), InvalidArgument);
}

TEST(EmOptions, BadOptionsAndStartsAreRejected) {
  const UrrData d = urr_data(5, 2, 2.0, 100, 9);
  EmOptions options;
  options.max_iterations = 0;
  EXPECT_THROW(em_estimate_urr(d.params, d.counts, options), InvalidArgument);
  const std::vector<double> negative = {0.5, 0.5, 0.5, -0.5, 0.0};
  EXPECT_THROW(em_estimate_urr(d.params, d.counts, negative), InvalidArgument);
  const std::vector<double> short_start = {1.0};
  EXPECT_THROW(em_estimate_urr(d.params, d.counts, short_start), InvalidArgument);
}

// The EM reads packed and listed reports alike: the same run, to the last bit.
TEST(EmUnary, PackedAndListedReportsGiveTheSameRun) {
  const UnaryParams params =
      urap_params(IndexSet::first(20, 150), PrivacyBudget::from_exp_eps(Rational(3)));
  Xoshiro256 rng(8);
  const auto inputs = inputs_from_counts(rng, sample_input_counts(rng, 3000, zipf(150, 1.1)));
  const BitReports reports = sample_reports(rng, params, inputs);
  const BitReports other = reports.in_layout(
      reports.layout() == BitLayout::kPacked ? BitLayout::kSetBits : BitLayout::kPacked);
  const EmResult a = em_estimate_unary(params, reports), b = em_estimate_unary(params, other);
  EXPECT_EQ(a.p, b.p);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.log_likelihood, b.log_likelihood);
}

}  // namespace
}  // namespace uldp::estimate
