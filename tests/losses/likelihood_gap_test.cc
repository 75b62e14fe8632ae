// The certified likelihood gap of golden EM vectors: a known answer, a bound that is never below
// the true gap (random estimates, the maximiser known in closed form), and nearly zero at the
// maximiser.
#include "uldp/losses/likelihood_gap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "uldp/error.h"

namespace uldp {
namespace {

// RR over two symbols at t = 3: Q = [[3/4, 1/4], [1/4, 3/4]].
DenseMechanism rr2() {
  return DenseMechanism(2, {"0", "1"},
                        {Rational(3, 4), Rational(1, 4), Rational(1, 4), Rational(3, 4)});
}

TEST(LikelihoodGap, KnownAnswerAtTheUniformEstimate) {
  // Counts 60, 40 at p = (1/2, 1/2): partials 120·3/4 + 80·1/4 = 110 and 90, so G = 110 - 100.
  const std::vector<std::uint64_t> counts = {60, 40};
  EXPECT_EQ(likelihood_gap_bound(rr2(), counts, std::vector{0.5, 0.5}), Rational(10));
  // An unnormalised estimate is put on the simplex first: the same point, the same bound.
  EXPECT_EQ(likelihood_gap_bound(rr2(), counts, std::vector{2.0, 2.0}), Rational(10));
  // A report the estimate cannot produce: L = -inf.
  const DenseMechanism identity(2, {"0", "1"},
                                {Rational(1), Rational(0), Rational(0), Rational(1)});
  EXPECT_EQ(likelihood_gap_bound(identity, counts, std::vector{1.0, 0.0}), std::nullopt);
  EXPECT_THROW(likelihood_gap_bound(rr2(), counts, std::vector{-0.5, 1.5}), InvalidArgument);
  EXPECT_THROW(likelihood_gap_bound(rr2(), counts, std::vector{0.5}), InvalidArgument);
}

// The maximiser of 60, 40 under RR(3) is p* = (0.7, 0.3) (the empirical estimate, inside the
// simplex). At any p the bound is at least L(p*) - L(p) (computed in doubles; margin 1e-9), and
// at p* it is only the rounding of 0.7 to a double.
TEST(LikelihoodGap, BoundsTheTrueGapAndVanishesAtTheMaximiser) {
  const std::vector<std::uint64_t> counts = {60, 40};
  const auto log_likelihood = [](double p0) {
    const double q0 = 0.75 * p0 + 0.25 * (1 - p0);
    return 60 * std::log(q0) + 40 * std::log(1 - q0);
  };
  std::mt19937_64 rng(20261125);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (int i = 0; i < 200; ++i) {
    const double p0 = uniform(rng);
    const std::optional<Rational> gap =
        likelihood_gap_bound(rr2(), counts, std::vector{p0, 1 - p0});
    ASSERT_TRUE(gap);
    EXPECT_GE(to_double(*gap) + 1e-9, log_likelihood(0.7) - log_likelihood(p0)) << p0;
  }
  const std::optional<Rational> at_max = likelihood_gap_bound(rr2(), counts, std::vector{0.7, 0.3});
  ASSERT_TRUE(at_max);
  EXPECT_LT(to_double(*at_max), 1e-12);
}

}  // namespace
}  // namespace uldp
