// Empirical estimators: double closed forms and LU against the exact rational estimator
// (agreement to 1e-12 relative), and the exact estimator against a direct dense computation.
#include "uldp/estimate/empirical.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/estimate/random.h"
#include "uldp/losses/exact_empirical.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp::estimate {
namespace {

void expect_agree(const std::vector<double>& fast, const std::vector<Rational>& exact) {
  ASSERT_EQ(fast.size(), exact.size());
  for (std::size_t i = 0; i < fast.size(); ++i) {
    const double e = to_double(exact[i]);
    EXPECT_LE(std::fabs(fast[i] - e), 1e-12 * std::max(1.0, std::fabs(e)))
        << "entry " << i << ": " << fast[i] << " vs " << e;
  }
}

std::vector<std::uint64_t> random_counts(std::size_t k, std::uint64_t seed, std::uint64_t max) {
  Xoshiro256 rng(seed);
  std::vector<std::uint64_t> counts(k);
  for (auto& c : counts) c = uniform_below(rng, max);
  counts[0] += 1;  // n > 0
  return counts;
}

TEST(EmpiricalUrr, AgreesWithExactSolve) {
  for (const char* eps : {"0.1", "1", "6"}) {
    const PrivacyBudget budget = PrivacyBudget::from_epsilon(parse_rational(eps));
    const IndexSet sensitive = IndexSet::from_indices({0, 2, 5}, 7, "X_S");
    const auto counts = random_counts(7, 1, 1000);
    expect_agree(empirical_estimate_urr(urr_params(sensitive, budget), counts),
                 exact_empirical_estimate(utility_optimized_rr(sensitive, budget), counts));
  }
}

TEST(EmpiricalUrr, StructuredEqualsDenseLu) {
  const UrrParams params = urr_params(IndexSet::from_indices({1, 4}, 6, "X_S"),
                                      PrivacyBudget::from_exp_eps(Rational(5, 2)));
  const auto counts = random_counts(6, 2, 500);
  const auto closed = empirical_estimate_urr(params, counts);
  const auto lu = empirical_estimate_dense(dense_params(params), counts);
  for (std::size_t i = 0; i < closed.size(); ++i) EXPECT_NEAR(closed[i], lu[i], 1e-12);
}

TEST(EmpiricalRr, AgreesWithExactSolveAndSumsToOne) {
  const PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(3));
  const auto counts = random_counts(9, 3, 100);
  const auto fast = empirical_estimate_rr(rr_params(9, budget), counts);
  expect_agree(fast, exact_empirical_estimate(randomized_response(9, budget), counts));
  double sum = 0;
  for (double v : fast) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

TEST(EmpiricalDense, LuAgreesWithExactOnANonSymmetricMatrix) {
  // A random strictly positive stochastic 6 x 6 matrix with rational entries (invertible
  // with probability one; the exact solver would throw otherwise).
  Xoshiro256 rng(4);
  const std::size_t k = 6;
  std::vector<Rational> entries;
  for (std::size_t x = 0; x < k; ++x) {
    std::vector<long> w(k);
    long total = 0;
    for (auto& v : w) total += (v = 1 + static_cast<long>(uniform_below(rng, 20)));
    for (long v : w) entries.emplace_back(v, total);
  }
  const DenseMechanism q(k, DenseMechanism::index_labels(k), entries);
  const auto counts = random_counts(k, 5, 1000);
  expect_agree(empirical_estimate_dense(dense_params(q), counts),
               exact_empirical_estimate(q, counts));
}

TEST(EmpiricalDense, MangatAgreesWithExact) {
  const DenseMechanism q = mangat(Rational(1, 3));
  const std::vector<std::uint64_t> counts = {40, 60};
  expect_agree(empirical_estimate_dense(dense_params(q), counts),
               exact_empirical_estimate(q, counts));
}

TEST(EmpiricalDense, RejectsSingularAndNonSquare) {
  DenseParams singular;
  singular.inputs = singular.outputs = 2;
  singular.q = {0.5, 0.5, 0.5, 0.5};
  const std::vector<std::uint64_t> counts = {1, 1};
  EXPECT_THROW(empirical_estimate_dense(singular, counts), InvalidArgument);
  DenseParams wide;
  wide.inputs = 1, wide.outputs = 2;
  wide.q = {0.5, 0.5};
  EXPECT_THROW(empirical_estimate_dense(wide, counts), InvalidArgument);
  EXPECT_THROW(empirical_estimate_dense(dense_params(mangat(Rational(1, 2))),
                                        std::vector<std::uint64_t>{0, 0}),
               InvalidArgument);
}

TEST(EmpiricalUnary, RapporAndUrapAgreeWithExact) {
  for (const char* eps : {"0.1", "1", "6"}) {
    const PrivacyBudget budget = PrivacyBudget::from_epsilon(parse_rational(eps));
    const IndexSet sensitive = IndexSet::from_indices({0, 3}, 8, "X_S");
    BitCounts counts;
    counts.n = 1000;
    counts.ones = random_counts(8, 6, 1000);
    expect_agree(empirical_estimate_unary(rappor_params(8, budget), counts),
                 exact_empirical_estimate(basic_rappor(8, budget), counts.ones, counts.n));
    expect_agree(empirical_estimate_unary(urap_params(sensitive, budget), counts),
                 exact_empirical_estimate(utility_optimized_rappor(sensitive, budget), counts.ones,
                                          counts.n));
  }
}

TEST(ExactEmpirical, UnaryFormulaInvertsTheDenseBitMarginals) {
  // Independent check of the per-bit formula: expected bit frequencies computed from the dense
  // 2^k expansion, m_j = Σ_y p Q(y) [y_j = 1], must give p back exactly.
  const BitProductMechanism q = utility_optimized_rappor(IndexSet::from_indices({1, 2}, 4, "X_S"),
                                                         PrivacyBudget::from_exp_eps(Rational(4)));
  const DenseMechanism dense = q.to_dense();
  const std::vector<Rational> p = {Rational(1, 10), Rational(2, 10), Rational(3, 10),
                                   Rational(4, 10)};
  // Frequencies as counts over n = denominator-clearing total: use n = 1 with rational m by
  // scaling: choose n large enough that m_j n is an integer.
  std::vector<Rational> m(4, Rational(0));
  for (std::size_t y = 0; y < dense.num_outputs(); ++y) {
    Rational my = 0;
    for (std::size_t x = 0; x < 4; ++x) my += p[x] * dense(x, y);
    for (std::size_t j = 0; j < 4; ++j) {
      if ((y >> j) & 1) m[j] += my;
    }
  }
  Integer common = 1;
  for (const Rational& v : m) common = boost::multiprecision::lcm(common, denominator(v));
  ASSERT_LT(common, Integer(std::numeric_limits<std::uint64_t>::max()));
  std::vector<std::uint64_t> ones(4);
  for (std::size_t j = 0; j < 4; ++j) {
    ones[j] = static_cast<std::uint64_t>(numerator(m[j]) * (common / denominator(m[j])));
  }
  EXPECT_EQ(exact_empirical_estimate(q, ones, static_cast<std::uint64_t>(common)), p);
}

TEST(ExactEmpirical, DenseSolveRecoversPFromPQ) {
  const IndexSet sensitive = IndexSet::from_indices({0, 1}, 4, "X_S");
  const DenseMechanism q =
      utility_optimized_rr(sensitive, PrivacyBudget::from_exp_eps(Rational(7, 3)));
  const std::vector<Rational> p = {Rational(1, 7), Rational(2, 7), Rational(0), Rational(4, 7)};
  std::vector<Rational> m(4, Rational(0));
  for (std::size_t x = 0; x < 4; ++x) {
    for (std::size_t y = 0; y < 4; ++y) m[y] += p[x] * q(x, y);
  }
  EXPECT_EQ(exact_solve_left(q, m), p);
  EXPECT_THROW(exact_solve_left(q, std::vector<Rational>(3)), InvalidArgument);
}

}  // namespace
}  // namespace uldp::estimate
