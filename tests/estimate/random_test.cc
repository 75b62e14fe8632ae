// The RNG and the distributions: reproducibility and moments / goodness of fit with fixed seeds.
#include "uldp/estimate/random.h"

#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

TEST(Xoshiro256, SameSeedSameStreamDifferentSeedDifferentStream) {
  Xoshiro256 a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto va = a(), vb = b(), vc = c();
    EXPECT_EQ(va, vb);
    differs = differs || va != vc;
  }
  EXPECT_TRUE(differs);
}

TEST(Xoshiro256, JumpGivesAnotherStream) {
  Xoshiro256 a(7), b(7);
  b.jump();
  int equal = 0;
  for (int i = 0; i < 64; ++i) equal += a() == b() ? 1 : 0;
  EXPECT_EQ(equal, 0);
}

TEST(UniformBelow, CoversRangeUniformly) {
  Xoshiro256 rng(1);
  const std::uint64_t bound = 7;
  const int draws = 70000;
  std::vector<int> hits(bound, 0);
  for (int i = 0; i < draws; ++i) ++hits[uniform_below(rng, bound)];
  // Each cell ~ Bin(70000, 1/7): sd = sqrt(70000 * 1/7 * 6/7) = 92.6; allow 5 sd.
  for (int h : hits) EXPECT_NEAR(h, draws / 7.0, 5 * 92.6);
  EXPECT_THROW(uniform_below(rng, 0), InvalidArgument);
}

struct BinomialCase {
  std::uint64_t n;
  double p;
};

class BinomialMoments : public ::testing::TestWithParam<BinomialCase> {};

TEST_P(BinomialMoments, MeanAndVarianceMatch) {
  const auto [n, p] = GetParam();
  Xoshiro256 rng(12345);
  const int draws = 40000;
  double sum = 0, sum_sq = 0;
  for (int i = 0; i < draws; ++i) {
    const double x = static_cast<double>(binomial(rng, n, p));
    ASSERT_LE(x, static_cast<double>(n));
    sum += x;
    sum_sq += x * x;
  }
  const double mean = sum / draws;
  const double variance = sum_sq / draws - mean * mean;
  const double true_var = static_cast<double>(n) * p * (1 - p);
  // Sample mean has sd sqrt(var/draws); allow 5 of them.
  EXPECT_NEAR(mean, static_cast<double>(n) * p, 5 * std::sqrt(true_var / draws) + 1e-12);
  // Sample variance has relative sd ~ sqrt(2/draws) (plus excess kurtosis, small here);
  // allow 6 * sqrt(3/draws) relative = 5.2%.
  EXPECT_NEAR(variance, true_var, 6 * std::sqrt(3.0 / draws) * true_var + 1e-12);
}

INSTANTIATE_TEST_SUITE_P(InversionAndBtrs, BinomialMoments,
                         ::testing::Values(BinomialCase{1, 0.3}, BinomialCase{20, 0.3},
                                           BinomialCase{30, 0.9}, BinomialCase{1000, 0.005},
                                           BinomialCase{1000, 0.3}, BinomialCase{1229143, 0.377},
                                           BinomialCase{240000, 0.999},
                                           BinomialCase{5000000000ULL, 1e-6}));

TEST(Binomial, ChiSquareAgainstThePmf) {
  // Bin(40, 0.35) uses BTRS (n p = 14). Pearson chi-square over cells with expected >= 5.
  const std::uint64_t n = 40;
  const double p = 0.35;
  const int draws = 200000;
  Xoshiro256 rng(99);
  std::vector<double> observed(n + 1, 0.0);
  for (int i = 0; i < draws; ++i) observed[binomial(rng, n, p)] += 1;
  double chi2 = 0;
  int cells = 0;
  for (std::uint64_t x = 0; x <= n; ++x) {
    const double log_pmf = std::lgamma(n + 1.0) - std::lgamma(x + 1.0) - std::lgamma(n - x + 1.0) +
                           x * std::log(p) + (n - x) * std::log1p(-p);
    const double expected = draws * std::exp(log_pmf);
    if (expected < 5) continue;
    chi2 += (observed[x] - expected) * (observed[x] - expected) / expected;
    ++cells;
  }
  // About 22 cells: the 1e-6 upper quantile of chi-square with 21 dof is about 61.
  EXPECT_LT(chi2, 61.0) << cells << " cells";
}

TEST(Binomial, EdgesAndErrors) {
  Xoshiro256 rng(3);
  EXPECT_EQ(binomial(rng, 0, 0.5), 0u);
  EXPECT_EQ(binomial(rng, 10, 0.0), 0u);
  EXPECT_EQ(binomial(rng, 10, 1.0), 10u);
  EXPECT_THROW(binomial(rng, 10, 1.5), InvalidArgument);
  EXPECT_THROW(binomial(rng, 10, std::nan("")), InvalidArgument);
}

TEST(Multinomial, SumsToNAndMatchesMeans) {
  Xoshiro256 rng(5);
  const std::vector<double> w = {0.5, 0.0, 2.0, 1.5};  // normalised: 0.125, 0, 0.5, 0.375
  const int reps = 2000;
  const std::uint64_t n = 1000;
  std::vector<double> mean(w.size(), 0.0);
  for (int r = 0; r < reps; ++r) {
    const auto c = multinomial(rng, n, w);
    ASSERT_EQ(std::accumulate(c.begin(), c.end(), std::uint64_t{0}), n);
    EXPECT_EQ(c[1], 0u);
    for (std::size_t i = 0; i < w.size(); ++i) mean[i] += static_cast<double>(c[i]) / reps;
  }
  const double probability[] = {0.125, 0.0, 0.5, 0.375};
  for (std::size_t i = 0; i < w.size(); ++i) {
    const double sd = std::sqrt(n * probability[i] * (1 - probability[i]) / reps);
    EXPECT_NEAR(mean[i], n * probability[i], 5 * sd + 1e-12);
  }
  EXPECT_THROW(multinomial(rng, 5, std::vector<double>{0.0, 0.0}), InvalidArgument);
  EXPECT_THROW(multinomial(rng, 5, std::vector<double>{1.0, -1.0}), InvalidArgument);
}

}  // namespace
}  // namespace uldp::estimate
