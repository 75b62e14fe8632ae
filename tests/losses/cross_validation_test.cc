// Cross-validation of the exact closed forms against the double-precision estimators of
// estimate/: the Monte Carlo mean l2 and l1 losses of the empirical estimator (users drawn
// i.i.d. from p, reports drawn by the aggregated samplers) match the exact E[l2^2] and the exact
// finite-n E[l1] for RR, RAPPOR, uRR, uRAP and the non-private mechanism (and the exact l2 of
// uBD, uHR and uSS), in the high-privacy
// regime (e^ε = 441/400, ε ≈ 0.098) and at ε = ln|X|, for two sizes.
//
// Bound: with R i.i.d. replications the sample mean deviates from its expectation by more than
// 5 standard errors with probability about 6e-7 (CLT; the losses are bounded for fixed n). The
// standard error is estimated from the same R samples (R = 20000: its relative error is ~1%,
// covered by the margin 5 vs the usual 3-4). Double rounding of the mechanism constants and of
// p (~1e-16 relative) is far below the tolerance. Seeds are fixed, so the test is deterministic;
// the tolerance is also required to be below 5% of the exact value, so that a wrong formula
// (e.g. the paper's (k-1)/k slip) would fail.
#include <gtest/gtest.h>

#include "test_support.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include "uldp/estimate/empirical.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/sampler.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

using namespace uldp::estimate;  // the double-precision layer under test

using testing::model_of;

constexpr int kReplications = 20000;
constexpr double kStandardErrors = 5;

struct Setting {
  std::string_view mechanism;
  std::size_t k, k_s;
  Rational t;
  std::uint64_t n;
};

struct MonteCarlo {
  double mean_l2 = 0, se_l2 = 0, mean_l1 = 0, se_l1 = 0;
};

// One empirical estimate from freshly sampled reports of n users drawn i.i.d. from p, through the
// estimation model every command uses.
std::vector<double> sampled_estimate(const Setting& s, const EstimationModel& model,
                                     Xoshiro256& rng, const std::vector<double>& p) {
  const std::vector<std::uint64_t> inputs = sample_input_counts(rng, s.n, p);
  return std::visit(
      Overloaded{[&](const UrrParams& m) {
                   return empirical_estimate_urr(m, sample_report_counts(rng, m, inputs));
                 },
                 [&](const UnaryParams& m) {
                   return empirical_estimate_unary(m, sample_report_counts(rng, m, inputs));
                 },
                 [&](const DenseParams& m) {
                   return empirical_estimate_dense(m, sample_report_counts(rng, m, inputs));
                 },
                 [&](const UbdParams& m) {  // per-user draws
                   return empirical_estimate_ubd(
                       m, bit_counts(sample_reports(rng, m, inputs_from_counts(rng, inputs))));
                 },
                 [&](const UbdOptParams& m) {  // per-user draws, per-report estimate
                   return empirical_estimate_ubd_opt(
                       m, sample_reports(rng, m, inputs_from_counts(rng, inputs)));
                 },
                 [&](const UhrParams& m) {  // per-user draws, counted
                   std::vector<std::uint64_t> counts(m.outputs(), 0);
                   for (std::uint32_t y : sample_reports(rng, m, inputs_from_counts(rng, inputs)))
                     ++counts[y];
                   return empirical_estimate_uhr(m, counts);
                 },
                 [&](const UssParams& m) {  // per-user draws, the bit decoder
                   return empirical_estimate_unary(
                       m.bits, bit_counts(sample_reports(rng, m, inputs_from_counts(rng, inputs))));
                 },
                 [&](const UnlistedParams& m) {  // per-user draws, each report's estimator row
                   return empirical_estimate_unlisted(
                       m, sample_reports(rng, m, inputs_from_counts(rng, inputs)));
                 }},
      model);
}

MonteCarlo run(const Setting& s, const EstimationModel& model, const std::vector<Rational>& p_exact,
               std::uint64_t seed) {
  std::vector<double> p(s.k);
  for (std::size_t x = 0; x < s.k; ++x) p[x] = to_double(p_exact[x]);
  Xoshiro256 rng(seed);
  double sum2 = 0, sumsq2 = 0, sum1 = 0, sumsq1 = 0;
  for (int r = 0; r < kReplications; ++r) {
    const std::vector<double> estimate = sampled_estimate(s, model, rng, p);
    double l2 = 0, l1 = 0;
    for (std::size_t x = 0; x < s.k; ++x) {
      const double e = estimate[x] - p[x];
      l2 += e * e;
      l1 += std::fabs(e);
    }
    sum2 += l2;
    sumsq2 += l2 * l2;
    sum1 += l1;
    sumsq1 += l1 * l1;
  }
  const double R = kReplications;
  MonteCarlo mc;
  mc.mean_l2 = sum2 / R;
  mc.mean_l1 = sum1 / R;
  mc.se_l2 = std::sqrt((sumsq2 / R - mc.mean_l2 * mc.mean_l2) * R / (R - 1) / R);
  mc.se_l1 = std::sqrt((sumsq1 / R - mc.mean_l1 * mc.mean_l1) * R / (R - 1) / R);
  return mc;
}

// Zipf-like p(x) proportional to 1/(x+1), exact.
std::vector<Rational> zipf(std::size_t k) {
  std::vector<Rational> p(k);
  Rational total = 0;
  for (std::size_t x = 0; x < k; ++x) total += p[x] = Rational(1, static_cast<long>(x + 1));
  for (auto& v : p) v /= total;
  return p;
}

void expect_agreement(const Setting& s, const std::vector<Rational>& p, std::uint64_t seed) {
  const IndexSet xs = IndexSet::first(s.k_s, s.k);
  const CoordinateModel model = model_of(s.mechanism, xs, PrivacyBudget::from_exp_eps(s.t));
  const double exact_l2 = to_double(expected_l2_loss(model, p, s.n));
  const double exact_l1 = to_double(exact_l1_loss_bounds(model, p, s.n).lower);  // width < 1e-28
  const MonteCarlo mc =
      run(s, estimation_model(testing::spec_of(s.mechanism, xs, PrivacyBudget::from_exp_eps(s.t))),
          p, seed);
  const std::string what = std::string(s.mechanism) + " k=" + std::to_string(s.k) +
                           " t=" + to_string(s.t) + " n=" + std::to_string(s.n);
  EXPECT_LT(kStandardErrors * mc.se_l2, 0.05 * exact_l2) << what;
  EXPECT_LT(kStandardErrors * mc.se_l1, 0.05 * exact_l1) << what;
  EXPECT_NEAR(mc.mean_l2, exact_l2, kStandardErrors * mc.se_l2) << what;
  EXPECT_NEAR(mc.mean_l1, exact_l1, kStandardErrors * mc.se_l1) << what;
}

const std::string_view kAll[] = {"none", "rr", "rappor", "urr", "urap"};

TEST(CrossValidation, HighPrivacySmallDomain) {
  std::uint64_t seed = 1000;
  for (std::string_view m : kAll)
    expect_agreement({m, 16, 2, Rational(441, 400), 2000}, zipf(16), ++seed);
}

TEST(CrossValidation, LowPrivacyEpsEqualsLnXSmallDomain) {
  std::uint64_t seed = 2000;
  for (std::string_view m : kAll)
    expect_agreement({m, 16, 2, Rational(16), 2000}, zipf(16), ++seed);
}

TEST(CrossValidation, HighPrivacyLargerDomain) {
  std::uint64_t seed = 3000;
  for (std::string_view m : kAll)
    expect_agreement({m, 49, 5, Rational(441, 400), 20000}, zipf(49), ++seed);
}

TEST(CrossValidation, LowPrivacyEpsEqualsLnXLargerDomain) {
  std::uint64_t seed = 4000;
  for (std::string_view m : kAll)
    expect_agreement({m, 49, 5, Rational(49), 20000}, zipf(49), ++seed);
}

// uBD (arXiv 2509.24173, one block size K; X_S = {0, 3, 5, 8, 13}, not a prefix): the Monte
// Carlo l2 of its empirical estimator against the exact l2_quadratic, at p = zipf and at the
// exact worst case, per-user reports through the structured sampler. (No l1: uBD's estimator
// is not coordinate-wise.)
TEST(CrossValidation, BlockDesignL2) {
  std::uint64_t seed = 6000;
  const IndexSet xs = IndexSet::parse("0,3,5,8,13", 16, "xs");
  for (const Rational& t : {Rational(441, 400), Rational(16)}) {
    for (std::size_t block : {1, 2, 3}) {
      const PrivacyBudget budget = PrivacyBudget::from_exp_eps(t);
      const MechanismSpec spec{16, xs, UbdSpec{budget, block}};
      const Setting s{"ubd", 16, 5, t, 2000};
      const L2Quadratic q = l2_quadratic(spec);
      for (const std::vector<Rational>& p : {zipf(16), worst_case_l2_loss(q, s.n).argmax}) {
        const double exact = to_double(expected_l2_loss(q, p, s.n));
        const MonteCarlo mc = run(s, estimation_model(spec), p, ++seed);
        const std::string what = "ubd K=" + std::to_string(block) + " t=" + to_string(t);
        EXPECT_LT(kStandardErrors * mc.se_l2, 0.05 * exact) << what;
        EXPECT_NEAR(mc.mean_l2, exact, kStandardErrors * mc.se_l2) << what;
      }
    }
  }
}

// The optimal uBD mixture (`ubd-opt`; K = 1 and 2 mixed with α̂ ≈ 0.23 at t = 10, K = 2 alone
// with α̂ = 1 at t = 2): the Monte Carlo l2 of its score-based estimator against the exact
// quadratic, at p = zipf, at the exact worst case and at the centre P_α̂.
TEST(CrossValidation, OptimalBlockMixtureL2) {
  std::uint64_t seed = 7000;
  const IndexSet xs = IndexSet::parse("0,3,5,8,13", 16, "xs");
  for (const Rational& t : {Rational(2), Rational(10)}) {
    const PrivacyBudget budget = PrivacyBudget::from_exp_eps(t);
    const MechanismSpec spec = make_mechanism("ubd-opt", xs, budget);
    const Rational& alpha = std::get<UbdOptSpec>(spec.kind).sensitive_mass;
    const Setting s{"ubd-opt", 16, 5, t, 2000};
    const L2Quadratic q = l2_quadratic(spec);
    std::vector<Rational> centre(16);
    for (std::size_t x = 0; x < 16; ++x)
      centre[x] = xs.contains(x) ? Rational(alpha / 5) : Rational((1 - alpha) / 11);
    for (const std::vector<Rational>& p : {zipf(16), worst_case_l2_loss(q, s.n).argmax, centre}) {
      const double exact = to_double(expected_l2_loss(q, p, s.n));
      const MonteCarlo mc = run(s, estimation_model(spec), p, ++seed);
      const std::string what = "ubd-opt t=" + to_string(t);
      EXPECT_LT(kStandardErrors * mc.se_l2, 0.05 * exact) << what;
      EXPECT_NEAR(mc.mean_l2, exact, kStandardErrors * mc.se_l2) << what;
    }
  }
}

// uHR (arXiv 2509.24173; X_S = {0, 3, 5, 8, 13}, not a prefix, V = 8): the Monte Carlo l2 of
// its empirical estimator against the exact l2_quadratic, at p = zipf and at the exact worst case,
// per-user reports through the structured sampler.
TEST(CrossValidation, HadamardResponseL2) {
  std::uint64_t seed = 7000;
  for (const char* xs_text : {"0,3,5,8,13", "2,7"}) {
    const IndexSet xs = IndexSet::parse(xs_text, 16, "xs");
    for (const Rational& t : {Rational(441, 400), Rational(16)}) {
      const PrivacyBudget budget = PrivacyBudget::from_exp_eps(t);
      const MechanismSpec spec{16, xs, UhrSpec{budget}};
      const Setting s{"uhr", 16, xs.size(), t, 2000};
      const L2Quadratic q = l2_quadratic(spec);
      for (const std::vector<Rational>& p : {zipf(16), worst_case_l2_loss(q, s.n).argmax}) {
        const double exact = to_double(expected_l2_loss(q, p, s.n));
        const MonteCarlo mc = run(s, estimation_model(spec), p, ++seed);
        const std::string what = std::string("uhr xs=") + xs_text + " t=" + to_string(t);
        EXPECT_LT(kStandardErrors * mc.se_l2, 0.05 * exact) << what;
        EXPECT_NEAR(mc.mean_l2, exact, kStandardErrors * mc.se_l2) << what;
      }
    }
  }
}

// uSS (arXiv 2509.24173; X_S = {0, 3, 5, 8, 13}): the Monte Carlo l2 of the reference
// decoder (coordinate-wise on the bits) against the exact l2 of its coordinate model, at p = zipf
// and at the exact worst case, per-user reports through the structured sampler.
TEST(CrossValidation, SubsetSelectionL2) {
  std::uint64_t seed = 8000;
  const IndexSet xs = IndexSet::parse("0,3,5,8,13", 16, "xs");
  for (const Rational& t : {Rational(441, 400), Rational(16)}) {
    for (std::size_t block : {1, 2, 4}) {
      const PrivacyBudget budget = PrivacyBudget::from_exp_eps(t);
      const MechanismSpec spec{16, xs, UssSpec{budget, block}};
      const Setting s{"uss", 16, 5, t, 2000};
      const L2Quadratic q = l2_quadratic(spec);
      for (const std::vector<Rational>& p : {zipf(16), worst_case_l2_loss(q, s.n).argmax}) {
        const double exact = to_double(expected_l2_loss(q, p, s.n));
        const MonteCarlo mc = run(s, estimation_model(spec), p, ++seed);
        const std::string what = "uss K=" + std::to_string(block) + " t=" + to_string(t);
        EXPECT_LT(kStandardErrors * mc.se_l2, 0.05 * exact) << what;
        EXPECT_NEAR(mc.mean_l2, exact, kStandardErrors * mc.se_l2) << what;
      }
    }
  }
}

TEST(CrossValidation, AtTheExactWorstCaseDistribution) {
  // The l2 maximiser (uniform on X_N below t = |X_N| + 1, the mixture p* above) is a boundary
  // case for the samplers: zero-probability symbols.
  std::uint64_t seed = 5000;
  for (const Rational& t : {Rational(441, 400), Rational(16)}) {
    for (std::string_view m : {"urr", "urap"}) {
      const Setting s{m, 16, 2, t, 2000};
      const auto model = model_of(m, IndexSet::first(2, 16), PrivacyBudget::from_exp_eps(t));
      expect_agreement(s, worst_case_l2_loss(model, s.n).argmax, ++seed);
    }
  }
}

}  // namespace
}  // namespace uldp
