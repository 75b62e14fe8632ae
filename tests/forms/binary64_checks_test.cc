// A matrix held as binary64 patterns (DenseMechanism::from_binary64, what --binary64 files
// become) is checked on its patterns; every verdict, witness, Y_P and row sum must be the one the
// same matrix held as rationals gets.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

#include "uldp/arithmetic/binary64.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

void expect_same(const std::optional<Witness>& a, const std::optional<Witness>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->x, b->x);
  EXPECT_EQ(a->x_prime, b->x_prime);
  EXPECT_EQ(a->y, b->y);
  EXPECT_EQ(a->y_label, b->y_label);
  EXPECT_EQ(a->q_x, b->q_x);
  EXPECT_EQ(a->q_x_prime, b->q_x_prime);
}

void expect_same(const Verdict& a, const Verdict& b) {
  EXPECT_EQ(a.holds, b.holds);
  EXPECT_EQ(a.tight_exp_eps, b.tight_exp_eps);
  EXPECT_EQ(a.violated, b.violated);
  expect_same(a.witness, b.witness);
  expect_same(a.tight_attained_by, b.tight_attained_by);
}

// Random k x k matrices of doubles with ties, zeros (whole zero columns too), subnormals and 1s.
std::vector<std::uint64_t> random_patterns(std::size_t k, std::mt19937_64& random) {
  const double pool[] = {0.0, 1.0, 0.5, 0.25, 0.1, 0.3, 1e-310, 0.7, 0.125, 1.0 / 3};
  std::vector<std::uint64_t> bits(k * k);
  const std::size_t zero_column = random() % (2 * k);  // >= k: none
  for (std::size_t i = 0; i < bits.size(); ++i) {
    double d = random() % 3 == 0 ? pool[random() % std::size(pool)]
                                 : std::uniform_real_distribution<double>(0, 1)(random);
    if (random() % 4 == 0) d = 0;
    if (i % k == zero_column) d = 0;
    bits[i] = std::bit_cast<std::uint64_t>(d);
  }
  return bits;
}

TEST(Binary64Checks, SameVerdictsAsTheRationalMatrix) {
  std::mt19937_64 random(11);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t k = 1 + random() % 7;
    const std::vector<std::uint64_t> bits = random_patterns(k, random);
    std::vector<Rational> values;
    for (std::uint64_t b : bits) values.push_back(binary64_value(b));
    const DenseMechanism compact =
        DenseMechanism::from_binary64(k, DenseMechanism::index_labels(k), bits);
    const DenseMechanism rational(k, DenseMechanism::index_labels(k), values);
    ASSERT_TRUE(compact.is_binary64());
    std::vector<std::size_t> chosen;
    for (std::size_t x = 0; x < k; ++x)
      if (random() % 2) chosen.push_back(x);
    const IndexSet sensitive = IndexSet::from_indices(chosen, k, "sensitive");
    const IndexSet minimal = minimal_protected_outputs(rational, sensitive);
    EXPECT_EQ(minimal_protected_outputs(compact, sensitive).indices(), minimal.indices());
    const IndexSet some = IndexSet::from_indices(chosen, k, "protected");
    for (const std::optional<PrivacyBudget>& b :
         {std::optional<PrivacyBudget>(), std::optional(budget(3)), std::optional(budget(100))}) {
      expect_same(check_ldp(compact, b), check_ldp(rational, b));
      expect_same(check_osldp(compact, sensitive, b), check_osldp(rational, sensitive, b));
      for (UldpReading reading : {UldpReading::kLiteral, UldpReading::kReachable}) {
        for (const IndexSet* p : {&minimal, &some}) {
          expect_same(check_uldp(compact, sensitive, *p, b, reading),
                      check_uldp(rational, sensitive, *p, b, reading));
        }
      }
    }
    for (std::size_t x = 0; x < k; ++x) EXPECT_EQ(row_sum(compact, x), row_sum(rational, x));
    const StochasticityReport a = check_stochastic(compact), r = check_stochastic(rational);
    EXPECT_EQ(a.stochastic, r.stochastic);
    EXPECT_EQ(a.problem, r.problem);
    // The rational entries made on demand are the values.
    EXPECT_EQ(compact.entries(), values);
    if (HasFailure()) return;
  }
}

TEST(Binary64Checks, EntryAboveOneIsReportedAsTheRationalMatrixReportsIt) {
  const std::vector<std::uint64_t> bits = {std::bit_cast<std::uint64_t>(0.5),
                                           std::bit_cast<std::uint64_t>(1.5)};
  const DenseMechanism q = DenseMechanism::from_binary64(1, DenseMechanism::index_labels(2), bits);
  EXPECT_EQ(check_stochastic(q).problem, "row 0 column 1 is 3/2, outside [0,1]");
  EXPECT_THROW(DenseMechanism::from_binary64(1, DenseMechanism::index_labels(1),
                                             {std::bit_cast<std::uint64_t>(-0.5)}),
               InvalidArgument);
}

}  // namespace
}  // namespace uldp

namespace uldp {
namespace {

// A matrix of doubles, as Python's check and EXPECT_PRIVATE hand it over: each entry its exact
// binary64 value, -0 read as 0, and a bad entry named by its place.
TEST(DenseFromDoubles, EntriesAreTheirExactValuesAndBadOnesAreNamed) {
  const std::vector<double> entries = {0.9, 0.1, -0.0, 1.0};
  const DenseMechanism q = DenseMechanism::from_doubles(2, 2, entries);
  EXPECT_TRUE(q.is_binary64());
  EXPECT_EQ(q(0, 1), from_double(0.1));
  EXPECT_NE(q(0, 1), Rational(1, 10));
  EXPECT_EQ(q(1, 0), Rational(0));
  EXPECT_EQ(q.output_labels(), DenseMechanism::index_labels(2));
  auto message = [](auto make) {
    try {
      make();
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::vector<double> nan = {0.5, std::nan(""), 0.5, 0.5};
  EXPECT_EQ(message([&] { DenseMechanism::from_doubles(2, 2, nan, "M"); }),
            "M[0][1]: nan is not a finite number");
  const std::vector<double> above = {0.5, 0.5, 1.5, -0.5};
  EXPECT_EQ(message([&] { DenseMechanism::from_doubles(2, 2, above); }),
            "Q[1][0] = 1.5 is outside [0,1]");
  EXPECT_EQ(message([&] { DenseMechanism::from_doubles(0, 2, {}); }), "Q: the matrix is empty");
  EXPECT_EQ(message([&] {
              DenseMechanism::from_probabilities(1, 2, {Rational(3, 2), Rational(-1, 2)});
            }),
            "Q[0][0] = 3/2 is outside [0,1]");
}

}  // namespace
}  // namespace uldp
