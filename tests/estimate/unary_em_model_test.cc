// The bit-vector likelihood model of the EM (estimate/src/internal, white box): its gradient and
// the diagonal of its curvature model equal direct computations from the reports, and its
// curvature model is exact in the Newton driver's sense on a problem small enough to expand.
#include "internal/unary_em_model.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/arithmetic/index_set.h"
#include "uldp/error.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/sampler.h"
#include "uldp/testing/budgets.h"

namespace uldp::estimate::internal {
namespace {

struct Problem {
  UnaryParams params;
  BitReports reports{1};
};

// uRAP over 6 bits with X_S = {0, 2}: forced reports (a non-sensitive bit set) and unforced ones.
Problem urap_problem(std::uint64_t seed, std::uint64_t n) {
  Problem problem;
  problem.params = urap_params(IndexSet::from_indices({0, 2}, 6, "X_S"),
                               PrivacyBudget::from_exp_eps(Rational(5, 2)));
  Xoshiro256 rng(seed);
  const std::vector<double> weights = {0.3, 0.05, 0.25, 0.2, 0.15, 0.05};
  const auto inputs = inputs_from_counts(rng, sample_input_counts(rng, n, weights));
  problem.reports = sample_reports(rng, problem.params, inputs);
  return problem;
}

// Per report: its likelihood vector v(y)_x = Q(y | x) (up to the factor shared by all x).
std::vector<double> likelihood_vector(const UnaryParams& params, std::span<const std::uint32_t> y) {
  std::vector<double> v(params.k, 1.0);
  std::vector<bool> set(params.k, false);
  for (std::uint32_t j : y) set[j] = true;
  for (std::size_t x = 0; x < params.k; ++x) {
    for (std::size_t j = 0; j < params.k; ++j) {
      const double one = j == x ? params.on[j] : params.off[j];
      v[x] *= set[j] ? one : 1.0 - one;
    }
  }
  return v;
}

// Both forms of the unforced reports (set-bit lists, packed rows) give the same sums.
class UnaryEmModelForms : public ::testing::TestWithParam<EmRowForm> {};
INSTANTIATE_TEST_SUITE_P(Forms, UnaryEmModelForms,
                         ::testing::Values(EmRowForm::kSmaller, EmRowForm::kListed,
                                           EmRowForm::kPacked, EmRowForm::kGaps));

TEST_P(UnaryEmModelForms, GradientAndHessianDiagonalEqualTheDirectSums) {
  const Problem problem = urap_problem(3, 400);
  const UnaryEmModel model(problem.params, problem.reports, GetParam());
  const std::vector<double> p = {0.31, 0.07, 0.22, 0.18, 0.13, 0.09};
  CurvaturePass pass;
  model.curvature_pass(p, pass);
  ASSERT_TRUE(std::isfinite(pass.log_likelihood));
  // Direct: L = Σ_y log v(y)·p, ∇L = Σ v/(v·p), -∇²L = Σ v v^T / (v·p)^2.
  std::vector<double> gradient(6, 0.0);
  std::vector<std::vector<double>> hessian(6, std::vector<double>(6, 0.0));
  double log_likelihood = 0;
  for (std::size_t i = 0; i < problem.reports.size(); ++i) {
    const auto v = likelihood_vector(problem.params, problem.reports.report(i).to_vector());
    double d = 0;
    for (std::size_t x = 0; x < 6; ++x) d += v[x] * p[x];
    log_likelihood += std::log(d);
    for (std::size_t a = 0; a < 6; ++a) {
      gradient[a] += v[a] / d;
      for (std::size_t b = 0; b < 6; ++b) hessian[a][b] += v[a] * v[b] / (d * d);
    }
  }
  EXPECT_NEAR(pass.log_likelihood, log_likelihood, 1e-12 * std::fabs(log_likelihood));
  for (std::size_t j = 0; j < 6; ++j) {
    EXPECT_NEAR(pass.gradient[j], gradient[j], 1e-10 * gradient[j]) << j;
    // The model diag(D) + c c^T / T2 is exact on the diagonal.
    const double model_diagonal = pass.diagonal[j] + pass.mean[j] * pass.mean[j] / pass.weight;
    EXPECT_NEAR(model_diagonal, hessian[j][j], 1e-10 * hessian[j][j]) << j;
    // Σ_j p_j ∂L/∂p_j = n, and F(p) = p ∇L / n.
    EXPECT_NEAR(pass.next[j], p[j] * gradient[j] / static_cast<double>(problem.reports.size()),
                1e-12);
  }
  double scale = 0;
  for (std::size_t j = 0; j < 6; ++j) scale += p[j] * pass.gradient[j];
  EXPECT_NEAR(scale, static_cast<double>(problem.reports.size()), 1e-9);
}

TEST(UnaryEmModel, EmUpdateAndCurvaturePassAgree) {
  const Problem problem = urap_problem(4, 9000);  // above the two-thread threshold
  const UnaryEmModel model(problem.params, problem.reports);
  const std::vector<double> p = {0.1, 0.2, 0.3, 0.15, 0.15, 0.1};
  std::vector<double> next;
  const double plain = model.em_update(p, next);
  CurvaturePass pass;
  model.curvature_pass(p, pass);
  EXPECT_NEAR(plain, pass.log_likelihood, 1e-13 * std::fabs(plain));
  for (std::size_t j = 0; j < 6; ++j) EXPECT_NEAR(next[j], pass.next[j], 1e-14) << j;
}

// L alone (the gathers of a pass) is the L of a whole pass, to the bit: the same sums in the
// same order.
TEST_P(UnaryEmModelForms, TheLikelihoodAloneIsThePassesLikelihood) {
  const Problem problem = urap_problem(8, 9000);
  const UnaryEmModel model(problem.params, problem.reports, GetParam());
  const std::vector<double> p = {0.1, 0.2, 0.3, 0.15, 0.15, 0.1};
  std::vector<double> next;
  CurvaturePass pass;
  model.curvature_pass(p, pass);
  EXPECT_EQ(model.log_likelihood(p), model.em_update(p, next));
  EXPECT_EQ(model.log_likelihood(p), pass.log_likelihood);
}

TEST(UnaryEmModel, APointOfZeroLikelihoodIsMinusInfinityAlone) {
  const Problem problem = urap_problem(9, 400);
  const UnaryEmModel model(problem.params, problem.reports);
  const std::vector<double> p = {0.5, 0.0, 0.5, 0.0, 0.0, 0.0};  // forced reports need p_1..p_5
  EXPECT_EQ(model.log_likelihood(p), -std::numeric_limits<double>::infinity());
  std::vector<double> next;
  EXPECT_EQ(model.em_update(p, next), -std::numeric_limits<double>::infinity());
}

// When the model expects one plain update to meet the stopping rule, the Newton driver first
// bounds its gain by concavity, ∇L(p)·(F(p) - p); here the bound settles it, so the run ends at
// the last point it passed over, with no evaluation of the update (neither a pass nor L alone),
// and the rule does hold there: one exact EM update from the estimate gains at most
// tolerance · |L|.
TEST(UnaryEmModel, TheNewtonDriverStopsWhereConcavityCertifiesTheRule) {
  const Problem problem = urap_problem(10, 9000);
  const UnaryEmModel model(problem.params, problem.reports);
  std::size_t passes = 0, alone = 0;
  const CurvatureModel counted{[&](const std::vector<double>& p, CurvaturePass& out) {
                                 ++passes;
                                 model.curvature_pass(p, out);
                               },
                               [&](const std::vector<double>& p) {
                                 ++alone;
                                 return model.log_likelihood(p);
                               }};
  const EmOptions options;
  const EmResult result = run_newton_em(counted, {0.3, 0.05, 0.25, 0.2, 0.15, 0.05}, options);
  ASSERT_TRUE(result.converged);
  EXPECT_EQ(alone, 0U);
  EXPECT_EQ(passes, result.iterations);
  std::vector<double> next;
  EXPECT_EQ(model.em_update(result.p, next), result.log_likelihood);
  const double after = model.log_likelihood(next);
  EXPECT_GE(after, result.log_likelihood - 1e-13 * std::fabs(result.log_likelihood));
  EXPECT_LE(after - result.log_likelihood, options.stop * std::fabs(after));
  // Started where it stopped, the driver stops at once: one pass, the same point.
  EmOptions traced;
  traced.record_trace = true;
  const EmResult again = run_newton_em(counted, result.p, traced);
  EXPECT_TRUE(again.converged);
  EXPECT_EQ(again.iterations, 1U);
  EXPECT_EQ(again.p, result.p);
  EXPECT_EQ(again.trace, std::vector<double>{result.log_likelihood});
}

// rule_certified on a hand-made pass: k = 2, p = (1/2, 1/2), g = n (1 + e, 1 - e), F(p) = p g / n,
// so the bound ∇L·(F - p) is n e². It certifies when the bound is within half the allowance
// tolerance·(|L| - bound), whatever the bound's sign, and never when L + |bound| > 0 or the
// bound is not finite.
TEST(NewtonDriver, RuleCertifiedComparesTheConcavityBoundWithHalfTheAllowance) {
  const double n = 1000, tolerance = 1e-6, e = 1e-3;
  const std::vector<double> p = {0.5, 0.5};
  auto pass = [&](double log_likelihood) {
    CurvaturePass at;
    at.log_likelihood = log_likelihood;
    at.gradient = {n * (1 + e), n * (1 - e)};
    at.next = {0.5 * (1 + e), 0.5 * (1 - e)};
    return at;
  };
  const double bound = n * e * e;  // 1e-3
  // |L| such that the bound is 0.45 and 0.55 of half the allowance's scale |L| - bound.
  const double inside = bound / (0.5 * tolerance * 0.9) + bound;
  const double outside = bound / (0.5 * tolerance * 1.1) + bound;
  EXPECT_TRUE(rule_certified(p, pass(-inside), tolerance));
  EXPECT_FALSE(rule_certified(p, pass(-outside), tolerance));
  CurvaturePass negative = pass(-inside);  // the bound's sign flipped: judged on its size
  negative.next = {0.5 * (1 - e), 0.5 * (1 + e)};
  EXPECT_TRUE(rule_certified(p, negative, tolerance));
  negative.log_likelihood = -outside;
  EXPECT_FALSE(rule_certified(p, negative, tolerance));
  EXPECT_FALSE(rule_certified(p, pass(inside), tolerance));  // L + |bound| > 0: no certificate
  CurvaturePass nan = pass(-inside);
  nan.gradient[0] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(rule_certified(p, nan, tolerance));
}

// With a curvature model inflated a millionfold the driver expects every plain update to meet
// the rule; the concavity bound, from the true gradient, does not confirm it, so the driver
// checks each on L alone and, when the check fails, runs the whole pass at the same point: the
// run equals one whose "L alone" is the L of a whole pass.
TEST(UnaryEmModel, AFailedCheckOnTheLikelihoodAloneFallsBackToTheWholePass) {
  const Problem problem = urap_problem(11, 9000);
  const UnaryEmModel model(problem.params, problem.reports);
  auto inflated = [&](const std::vector<double>& p, CurvaturePass& out) {
    model.curvature_pass(p, out);
    for (double& d : out.diagonal) d *= 1e6;
  };
  std::size_t alone = 0;
  const CurvatureModel checked{inflated, [&](const std::vector<double>& p) {
                                 ++alone;
                                 return model.log_likelihood(p);
                               }};
  const CurvatureModel whole{inflated, [&](const std::vector<double>& p) {
                               CurvaturePass pass;
                               model.curvature_pass(p, pass);
                               return pass.log_likelihood;
                             }};
  EmOptions options;
  options.record_trace = true;
  const std::vector<double> start = {0.3, 0.05, 0.25, 0.2, 0.15, 0.05};
  const EmResult fast = run_newton_em(checked, start, options);
  const EmResult slow = run_newton_em(whole, start, options);
  EXPECT_GT(alone, 1U);  // at least one check failed
  EXPECT_EQ(fast.p, slow.p);
  EXPECT_EQ(fast.trace, slow.trace);
  EXPECT_EQ(fast.iterations, slow.iterations);
  EXPECT_EQ(model.log_likelihood(fast.p), fast.log_likelihood);
}

// Fixed-count runs (stop_on_small_gain = false, as `golden` uses) never check on L alone.
TEST(UnaryEmModel, AFixedCountRunNeverChecksOnTheLikelihoodAlone) {
  const Problem problem = urap_problem(12, 9000);
  const UnaryEmModel model(problem.params, problem.reports);
  std::size_t alone = 0;
  const CurvatureModel counted{
      [&](const std::vector<double>& p, CurvaturePass& out) { model.curvature_pass(p, out); },
      [&](const std::vector<double>& p) {
        ++alone;
        return model.log_likelihood(p);
      }};
  EmOptions options;
  options.stop_on_small_gain = false;
  options.max_iterations = 30;
  const EmResult result = run_newton_em(counted, {0.3, 0.05, 0.25, 0.2, 0.15, 0.05}, options);
  EXPECT_EQ(alone, 0U);
  EXPECT_EQ(result.iterations, 30U);
  EXPECT_FALSE(result.converged);
  EXPECT_EQ(model.log_likelihood(result.p), result.log_likelihood);
}

// A report of probability 0 at p (RAPPOR, no forcing bits: d(y) = 0 at p = 0) gives -infinity
// from L alone too, here and through log_likelihood_unary.
TEST(UnaryEmModel, AReportOfZeroProbabilityIsMinusInfinityAlone) {
  const UnaryParams params = rappor_params(4, uldp::testing::budget(1));
  BitReports reports(4);
  reports.add(std::vector<std::uint32_t>{1});
  reports.add(std::vector<std::uint32_t>{0, 2});
  const UnaryEmModel model(params, reports);
  const std::vector<double> zero(4, 0.0);
  EXPECT_EQ(model.log_likelihood(zero), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(uldp::estimate::log_likelihood_unary(params, reports, zero),
            -std::numeric_limits<double>::infinity());
}

TEST(UnaryEmModel, BitCountsEqualTheDirectCountOnBothHalves) {
  const Problem problem = urap_problem(5, 9000);  // two segments, forced and unforced reports
  const UnaryEmModel model(problem.params, problem.reports);
  const BitCounts direct = uldp::estimate::bit_counts(problem.reports);
  const BitCounts counted = model.bit_counts();
  EXPECT_EQ(counted.n, direct.n);
  EXPECT_EQ(counted.ones, direct.ones);
}

// In both layouts of the input and both forms of the model: the fast packed path finds forcing
// bits word-wise, the others bit by bit, and all name the same report and bits.
TEST_P(UnaryEmModelForms, AnImpossibleReportBuiltOnTheSecondThreadIsAnError) {
  for (BitLayout layout : {BitLayout::kPacked, BitLayout::kSetBits}) {
    Problem problem = urap_problem(6, 6000);
    problem.reports = problem.reports.in_layout(layout);
    const std::vector<std::uint32_t> two_plain_bits = {1, 3};  // X_N bits cannot both be 1
    problem.reports.add(two_plain_bits);                       // report 6000, in the second half
    try {
      const UnaryEmModel model(problem.params, problem.reports, GetParam());
      FAIL() << "accepted an impossible report";
    } catch (const InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find("report 6000 sets bits 1 and 3"), std::string::npos)
          << error.what();
    }
  }
}

// The packed path's counts, forced reports and sums equal the bit-by-bit path's.
TEST_P(UnaryEmModelForms, PackedAndListedInputsBuildTheSameModel) {
  const Problem problem = urap_problem(7, 3000);
  const UnaryEmModel packed(problem.params, problem.reports.in_layout(BitLayout::kPacked),
                            GetParam());
  const UnaryEmModel listed(problem.params, problem.reports.in_layout(BitLayout::kSetBits),
                            GetParam());
  EXPECT_EQ(packed.bit_counts().ones, listed.bit_counts().ones);
  const std::vector<double> p = {0.31, 0.07, 0.22, 0.18, 0.13, 0.09};
  std::vector<double> next_packed, next_listed;
  EXPECT_EQ(packed.em_update(p, next_packed), listed.em_update(p, next_listed));
  EXPECT_EQ(next_packed, next_listed);
}

// Wide reports (k = 300: five words, the last cut inside a byte; two segments): packed input,
// whose rows are decoded to 16-bit lists through a byte table, builds the same model as listed
// input, forced reports (uRAP's non-sensitive bits) included, in every form.
TEST_P(UnaryEmModelForms, WidePackedAndListedInputsBuildTheSameModel) {
  const std::size_t k = 300;
  const UnaryParams params = urap_params(IndexSet::first(200, k), uldp::testing::budget(3));
  Xoshiro256 rng(8);
  std::vector<double> weights(k);
  for (std::size_t x = 0; x < k; ++x) weights[x] = 1.0 / static_cast<double>(x + 1);
  const auto inputs = inputs_from_counts(rng, sample_input_counts(rng, 9000, weights));
  const BitReports reports = sample_reports(rng, params, inputs);
  const UnaryEmModel packed(params, reports.in_layout(BitLayout::kPacked), GetParam());
  const UnaryEmModel listed(params, reports.in_layout(BitLayout::kSetBits), GetParam());
  EXPECT_EQ(packed.bit_counts().ones, listed.bit_counts().ones);
  EXPECT_EQ(packed.bit_counts().ones, uldp::estimate::bit_counts(reports).ones);
  std::vector<double> p(k);
  for (std::size_t x = 0; x < k; ++x) p[x] = weights[(x * 7) % k];
  double total = 0;
  for (double v : p) total += v;
  for (double& v : p) v /= total;
  std::vector<double> next_packed, next_listed;
  EXPECT_EQ(packed.em_update(p, next_packed), listed.em_update(p, next_listed));
  EXPECT_EQ(next_packed, next_listed);
}

// A packed row is read only up to the word of the last non-forcing bit (an unforced report sets
// no forcing bit): wherever X_S lies — a prefix ending inside or at the edge of a word, a range
// in the middle, the last bits, scattered bits — packed input builds the model that listed input
// builds, with every bit counted and every forced report found.
TEST_P(UnaryEmModelForms, PackedRowsAreReadUpToTheLastNonForcingBitWhereverItLies) {
  const std::size_t k = 300;
  std::vector<std::vector<std::size_t>> sensitive_sets = {{0}, {}, {}, {}, {}, {}, {0, 150, 299}};
  for (std::size_t j = 0; j < 64; ++j) sensitive_sets[1].push_back(j);   // ends at a word edge
  for (std::size_t j = 0; j < 65; ++j) sensitive_sets[2].push_back(j);   // one bit into a word
  for (std::size_t j = 0; j < 128; ++j) sensitive_sets[3].push_back(j);  // two whole words
  for (std::size_t j = 130; j < 191; ++j) sensitive_sets[4].push_back(j);
  for (std::size_t j = 290; j < 300; ++j) sensitive_sets[5].push_back(j);
  for (const std::vector<std::size_t>& set : sensitive_sets) {
    const UnaryParams params =
        urap_params(IndexSet::from_indices(set, k, "X_S"), uldp::testing::budget(2));
    Xoshiro256 rng(10);
    std::vector<std::uint32_t> inputs(9000);  // two segments
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      // Half the users hold a sensitive input, half any input.
      inputs[i] = static_cast<std::uint32_t>(i % 2 == 0 ? set[i % set.size()] : (i * 7919) % k);
    }
    const BitReports reports = sample_reports(rng, params, inputs);
    const UnaryEmModel packed(params, reports.in_layout(BitLayout::kPacked), GetParam());
    const UnaryEmModel listed(params, reports.in_layout(BitLayout::kSetBits), GetParam());
    const std::string where =
        "X_S of " + std::to_string(set.size()) + " from " + std::to_string(set.front());
    EXPECT_EQ(packed.bit_counts().ones, uldp::estimate::bit_counts(reports).ones) << where;
    EXPECT_EQ(listed.bit_counts().ones, uldp::estimate::bit_counts(reports).ones) << where;
    std::vector<double> p(k);
    for (std::size_t x = 0; x < k; ++x) p[x] = static_cast<double>(1 + (x * 13) % 17);
    double total = 0;
    for (double v : p) total += v;
    for (double& v : p) v /= total;
    std::vector<double> next_packed, next_listed;
    const double at_packed = packed.em_update(p, next_packed);
    EXPECT_TRUE(std::isfinite(at_packed)) << where;
    EXPECT_EQ(at_packed, listed.em_update(p, next_listed)) << where;
    EXPECT_EQ(next_packed, next_listed) << where;
  }
}

// The form is chosen from the set bits in the content words, which both layouts count alike: a
// listed report's forcing bit past them (uRAP's non-sensitive bits) does not tip the choice. At
// k = 256 with X_S the first 128 bits, packed rows (16 bytes) win over 16-bit lists once reports
// average more than 4 bits; some of these settings have at most 4 content bits a report but more
// than 4 with the forcing bits.
TEST(UnaryEmModel, PackedAndListedInputsChooseTheSameForm) {
  const std::size_t k = 256, n = 3000;  // one segment
  std::vector<std::size_t> sensitive;
  for (std::size_t j = 0; j < 128; ++j) sensitive.push_back(j);
  std::size_t straddling = 0;
  for (long t : {900, 1000, 1100, 1225, 1400, 1600, 1800}) {
    const UnaryParams params =
        urap_params(IndexSet::from_indices(sensitive, k, "X_S"), uldp::testing::budget(t));
    Xoshiro256 rng(static_cast<std::uint64_t>(t));
    std::vector<std::uint32_t> inputs(n);
    for (std::size_t i = 0; i < n; ++i) {
      inputs[i] = static_cast<std::uint32_t>(i % 2 == 0 ? i % 128 : 128 + i % 128);
    }
    const BitReports reports = sample_reports(rng, params, inputs);
    std::size_t all_bits = 0, content_bits = 0;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::uint32_t j : reports.report(i)) {
        ++all_bits;
        content_bits += j < 128 ? 1 : 0;
      }
    }
    straddling += content_bits <= 4 * n && 4 * n < all_bits ? 1 : 0;
    const UnaryEmModel packed(params, reports.in_layout(BitLayout::kPacked));
    const UnaryEmModel listed(params, reports.in_layout(BitLayout::kSetBits));
    EXPECT_EQ(packed.segment_forms(), listed.segment_forms()) << "t = " << t;
    EXPECT_EQ(packed.segment_forms().front(),
              content_bits > 4 * n ? EmRowForm::kPacked : EmRowForm::kListed)
        << "t = " << t;
  }
  EXPECT_GT(straddling, 0U) << "no setting where the forcing bits would tip the choice";
}

}  // namespace
}  // namespace uldp::estimate::internal

namespace uldp::estimate::internal {
namespace {

// Gap bytes with escapes (first bits at 0, 254, 255, gaps of 255 and 256 and more, the last bit
// 65535) give the sums of 16-bit lists, from packed and listed input. Only the order of the
// additions differs: equal to 1e-12 relative.
TEST(UnaryEmModel, GapBytesWithEscapesGiveTheSumsOfSixteenBitLists) {
  const std::size_t k = 65536;
  const UnaryParams params = rappor_params(k, uldp::testing::budget(8));
  BitReports reports(k);
  Xoshiro256 rng(12);
  const std::vector<std::vector<std::uint32_t>> edges = {
      {0, 255, 511, 767, 65535}, {254, 509, 1000, 40000}, {255}, {1, 2, 3, 4, 5, 6, 300, 301}};
  for (int copy = 0; copy < 3000; ++copy) {
    if (copy % 3 == 0) {
      reports.add(edges[static_cast<std::size_t>(copy / 3) % edges.size()]);
      continue;
    }
    std::vector<std::uint32_t> bits;  // mean gap 200: escapes in most reports
    for (std::uint32_t j = 0; j < k; ++j) {
      if (uniform01(rng) < 1.0 / 200) bits.push_back(j);
    }
    reports.add(bits);
  }
  std::vector<double> p(k);
  for (std::size_t j = 0; j < k; ++j) p[j] = 1.0 + static_cast<double>(j % 7);
  double total = 0;
  for (double v : p) total += v;
  for (double& v : p) v /= total;
  for (BitLayout layout : {BitLayout::kPacked, BitLayout::kSetBits}) {
    const BitReports input = reports.in_layout(layout);
    const UnaryEmModel gaps(params, input, EmRowForm::kGaps);
    const UnaryEmModel lists(params, input, EmRowForm::kListed);
    CurvaturePass by_gaps, by_lists;
    gaps.curvature_pass(p, by_gaps);
    lists.curvature_pass(p, by_lists);
    ASSERT_TRUE(std::isfinite(by_lists.log_likelihood));
    EXPECT_NEAR(by_gaps.log_likelihood, by_lists.log_likelihood,
                1e-12 * std::fabs(by_lists.log_likelihood));
    EXPECT_EQ(gaps.log_likelihood(p), by_gaps.log_likelihood);
    for (std::size_t j = 0; j < k; ++j) {
      ASSERT_NEAR(by_gaps.gradient[j], by_lists.gradient[j], 1e-12 * by_lists.gradient[j]) << j;
      ASSERT_NEAR(by_gaps.diagonal[j], by_lists.diagonal[j], 1e-12 * by_lists.diagonal[j] + 1e-300)
          << j;
    }
  }
}

// Beyond 16-bit indices (k = 70000 > 65536): packed rows are decoded in 65536-bit chunks into
// 32-bit lists, and build the same model as listed input, in every form, with and without
// forcing bits.
TEST_P(UnaryEmModelForms, ReportsWiderThanSixteenBitIndicesBuildTheSameModel) {
  const std::size_t k = 70000;
  for (bool utility_optimized : {false, true}) {
    const UnaryParams params =
        utility_optimized ? urap_params(IndexSet::first(66000, k), uldp::testing::budget(8))
                          : rappor_params(k, uldp::testing::budget(8));
    Xoshiro256 rng(9);
    std::vector<std::uint32_t> inputs(300);
    for (std::size_t i = 0; i < inputs.size(); ++i)
      inputs[i] = static_cast<std::uint32_t>((i * 7919) % k);
    const BitReports reports = sample_reports(rng, params, inputs);
    const UnaryEmModel packed(params, reports.in_layout(BitLayout::kPacked), GetParam());
    const UnaryEmModel listed(params, reports.in_layout(BitLayout::kSetBits), GetParam());
    EXPECT_EQ(packed.bit_counts().ones, uldp::estimate::bit_counts(reports).ones);
    EXPECT_EQ(listed.bit_counts().ones, uldp::estimate::bit_counts(reports).ones);
    std::vector<double> p(k, 1.0 / static_cast<double>(k));
    std::vector<double> next_packed, next_listed;
    EXPECT_EQ(packed.em_update(p, next_packed), listed.em_update(p, next_listed));
    EXPECT_EQ(next_packed, next_listed);
  }
}

}  // namespace
}  // namespace uldp::estimate::internal
