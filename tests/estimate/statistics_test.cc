// The Clopper–Pearson interval against its closed forms (0 or n successes: (alpha/2)^(1/n)) and
// its definition (the bound is where the binomial tail equals alpha/2), across the sizes and
// levels the conformance tests use (alpha down to 1e-12, n up to 10^9).
#include <gtest/gtest.h>

#include <cmath>

#include "uldp/estimate/statistics.h"

namespace uldp::estimate {
namespace {

// The relative precision asked: lgamma(n) is about n log n, so the log-beta differences behind
// every tail lose about n * 1e-16 in absolute terms; 1e-9 on top.
double tolerance(std::uint64_t n) { return 1e-9 + 1e-15 * static_cast<double>(n); }

TEST(ClopperPearson, NoneOrAllSuccessesHaveTheirClosedForm) {
  for (const double alpha : {0.05, 1e-6, 1e-12}) {
    for (const std::uint64_t n : {1ull, 7ull, 64ull, 4436ull, 1000000ull, 1000000000ull}) {
      const double closed = std::pow(alpha / 2, 1 / static_cast<double>(n));
      const BinomialInterval none = clopper_pearson(0, n, alpha);
      EXPECT_EQ(none.lower, 0);
      EXPECT_NEAR(none.upper / (1 - closed), 1, tolerance(n)) << n << " " << alpha;
      const BinomialInterval all = clopper_pearson(n, n, alpha);
      EXPECT_EQ(all.upper, 1);
      EXPECT_NEAR(all.lower, closed, 1e-12) << n << " " << alpha;
    }
  }
}

// log P(X = i) for X ~ Binomial(n, p).
double log_pmf(std::uint64_t i, std::uint64_t n, double p) {
  const double id = static_cast<double>(i), nd = static_cast<double>(n);
  return std::lgamma(nd + 1) - std::lgamma(id + 1) - std::lgamma(nd - id + 1) + id * std::log(p) +
         (nd - id) * std::log1p(-p);
}

// P(X >= k) (or P(X <= k)) summed term by term from k outwards, where the terms only shrink
// (k beyond the mean): accurate however small, unlike 1 minus the other side.
double tail(std::uint64_t k, std::uint64_t n, double p, bool upper) {
  double sum = 0;
  for (std::uint64_t i = k;; upper ? ++i : --i) {
    const double term = std::exp(log_pmf(i, n, p));
    sum += term;
    if (term < 1e-20 * sum || (upper ? i == n : i == 0)) break;
  }
  return sum;
}

// The lower bound p of k successes in n solves P(X >= k | p) = alpha / 2, the upper bound
// P(X <= k | p) = alpha / 2: checked by summing the binomial terms, not through the beta function.
TEST(ClopperPearson, EachBoundIsWhereItsTailIsHalfAlpha) {
  for (const double alpha : {0.05, 1e-6, 1e-12}) {
    for (const auto& [k, n] : {std::pair<std::uint64_t, std::uint64_t>{1, 10},
                               {3, 64},
                               {500, 1000},
                               {1109, 4436},
                               {4000, 4436},
                               {12, 1000000}}) {
      const BinomialInterval i = clopper_pearson(k, n, alpha);
      const double share = static_cast<double>(k) / static_cast<double>(n);
      ASSERT_LT(i.lower, share);
      ASSERT_GT(i.upper, share);
      EXPECT_NEAR(tail(k, n, i.lower, true) / (alpha / 2), 1, tolerance(n))
          << k << "/" << n << " " << alpha;
      EXPECT_NEAR(tail(k, n, i.upper, false) / (alpha / 2), 1, tolerance(n))
          << k << "/" << n << " " << alpha;
    }
  }
}

}  // namespace
}  // namespace uldp::estimate
