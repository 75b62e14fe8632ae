// The certified distance of golden EM vectors to the maximum-likelihood estimate: it holds (an EM
// stopped early is no farther from a fully converged EM than the bound says), it is tight to first
// order in the interior (the bound shrinks with the distance, not with its square root), and it
// holds on the boundary, where the maximiser puts no mass on inputs no report points to.
#include "uldp/estimate/likelihood_distance.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "uldp/estimate/em.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/losses/likelihood_gap.h"

namespace uldp::estimate {
namespace {

double l2(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(s);
}

// The certified bound of `p` for these counts.
std::optional<double> bound_of(const DenseMechanism& q, const std::vector<std::uint64_t>& counts,
                               const std::vector<double>& p) {
  const std::optional<Rational> gap = likelihood_gap_bound(q, counts, p);
  if (!gap) return std::nullopt;
  return likelihood_distance_bound(dense_params(q), counts, p,
                                   gap->convert_to<double>() * (1 + 1e-12));
}

TEST(LikelihoodDistance, IdentityMechanismKnowsItsMaximiser) {
  // Q = I: the maximiser is the empirical frequency (3/8, 5/8).
  const DenseMechanism identity(2, {"0", "1"},
                                {Rational(1), Rational(0), Rational(0), Rational(1)});
  const std::vector<std::uint64_t> counts = {3, 5};
  const std::vector<double> off = {0.38, 0.62};
  const std::optional<double> bound = bound_of(identity, counts, off);
  ASSERT_TRUE(bound);
  const double distance = l2(off, {0.375, 0.625});
  EXPECT_GE(*bound, distance);
  EXPECT_LE(*bound, 10 * distance);  // first order, not sqrt
}

TEST(LikelihoodDistance, HoldsForAnEarlyStoppedEmAndShrinksWithIt) {
  // 5-ary randomized response at t = 2, counts of a skewed distribution.
  std::vector<Rational> entries;
  for (std::size_t x = 0; x < 5; ++x) {
    for (std::size_t y = 0; y < 5; ++y) entries.push_back(x == y ? Rational(2, 6) : Rational(1, 6));
  }
  const DenseMechanism q(5, {"0", "1", "2", "3", "4"}, entries);
  const std::vector<std::uint64_t> counts = {900, 700, 500, 300, 100};
  EmOptions tight;
  tight.stop_on_small_gain = false;  // past where L shows gains
  tight.max_iterations = 20000;
  const EmResult converged = em_estimate_dense(dense_params(q), counts, tight);
  for (const double stop : {1e-3, 1e-5}) {
    EmOptions loose;
    loose.stop = stop;
    loose.accelerator = EmAccelerator::kNone;
    const EmResult early = em_estimate_dense(dense_params(q), counts, loose);
    const double distance = l2(early.p, converged.p);
    const std::optional<double> bound = bound_of(q, counts, early.p);
    ASSERT_TRUE(bound) << stop;
    EXPECT_GT(distance, 1e-7) << stop;  // visibly off, so the test can fail
    EXPECT_GE(*bound, distance) << stop;
    EXPECT_LE(*bound, 100 * distance) << stop;
  }
  const std::optional<double> at_the_maximum = bound_of(q, counts, converged.p);
  ASSERT_TRUE(at_the_maximum);
  EXPECT_LT(*at_the_maximum, 1e-6);  // golden's default target
}

TEST(LikelihoodDistance, HoldsOnTheBoundary) {
  // uRR with X_S = {0, 1}, t = 3, k = 4: every report is 0 or 1, so the maximiser has no mass on
  // the non-sensitive inputs 2 and 3, whose direction the reports do not curve.
  const Rational c1(3, 4), c2(1, 4), c3(1, 2);
  const DenseMechanism q(4, {"0", "1", "2", "3"},
                         {c1, c2, 0, 0,     // x = 0
                          c2, c1, 0, 0,     // x = 1
                          c2, c2, c3, 0,    // x = 2
                          c2, c2, 0, c3});  // x = 3
  const std::vector<std::uint64_t> counts = {700, 300, 0, 0};
  EmOptions tight;
  tight.stop_on_small_gain = false;  // past where L shows gains
  tight.max_iterations = 20000;
  const EmResult converged = em_estimate_dense(dense_params(q), counts, tight);
  const std::vector<double> off = {0.79, 0.2, 0.006, 0.004};
  const std::optional<double> bound = bound_of(q, counts, off);
  ASSERT_TRUE(bound);
  EXPECT_GE(*bound, l2(off, converged.p));
  const std::optional<double> at_the_maximum = bound_of(q, counts, converged.p);
  ASSERT_TRUE(at_the_maximum);
  EXPECT_LT(*at_the_maximum, 1e-6);  // golden's default target
}

}  // namespace
}  // namespace uldp::estimate
