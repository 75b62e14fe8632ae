#include "uldp/forms/dense_privacy_check.h"

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/testing/budgets.h"
#include "witness_checks.h"

namespace uldp {
namespace {

using testing::violates_invertibility;
using testing::violates_ratio;

using testing::budget;
ExtendedRational ratio(long num, long den = 1) { return ExtendedRational(Rational(num, den)); }

DenseMechanism matrix(std::size_t rows, std::size_t cols, std::vector<const char*> entries) {
  std::vector<Rational> values;
  for (const char* e : entries) values.push_back(parse_rational(e));
  return DenseMechanism(rows, DenseMechanism::index_labels(cols), std::move(values));
}

TEST(CheckLdp, RandomizedResponseIsTightAtT) {
  for (long t : {1L, 2L, 7L, 625L}) {
    const DenseMechanism q = randomized_response(5, budget(t));
    const Verdict v = check_ldp(q, budget(t));
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, ratio(t));
    EXPECT_FALSE(check_ldp(q, budget(t) /*same*/).violated.has_value());
  }
  // Below the tight value it fails, with a witness that really violates.
  const DenseMechanism q = randomized_response(5, budget(3));
  const Verdict v = check_ldp(q, budget(5, 2));
  EXPECT_FALSE(v.holds);
  EXPECT_EQ(v.violated, Condition::kRatio);
  ASSERT_TRUE(v.witness);
  EXPECT_TRUE(violates_ratio(q, *v.witness, ratio(5, 2)));
}

TEST(CheckLdp, FailsForUrrWheneverXnIsNonEmpty) {
  for (std::size_t k : {2u, 3u, 10u}) {
    for (std::size_t s = 1; s < k; ++s) {
      const DenseMechanism q = utility_optimized_rr(IndexSet::first(s, k), budget(2));
      const Verdict v = check_ldp(q, std::nullopt);
      EXPECT_FALSE(v.holds) << k << " " << s;
      EXPECT_TRUE(v.tight_exp_eps.is_infinite());
      ASSERT_TRUE(v.witness);
      EXPECT_TRUE(violates_ratio(q, *v.witness, ratio(1000000)));
    }
  }
}

TEST(CheckUldp, UrrIsUldpWithTightRatioT) {
  const IndexSet xs = IndexSet::parse("1,4", 6, "xs");
  for (long t : {2L, 3L, 625L}) {
    const DenseMechanism q = utility_optimized_rr(xs, budget(t));
    for (UldpReading reading : {UldpReading::kReachable, UldpReading::kLiteral}) {
      const Verdict v = check_uldp(q, xs, xs, budget(t), reading);
      EXPECT_TRUE(v.holds);
      EXPECT_EQ(v.tight_exp_eps, ratio(t));
      ASSERT_TRUE(v.tight_attained_by);
      EXPECT_EQ(q(v.tight_attained_by->x, v.tight_attained_by->y.value()) /
                    q(v.tight_attained_by->x_prime, v.tight_attained_by->y.value()),
                Rational(t));
    }
    const Verdict osldp = check_osldp(q, xs, budget(t));
    EXPECT_TRUE(osldp.holds);
    EXPECT_EQ(osldp.tight_exp_eps, ratio(t));
  }
}

TEST(CheckUldp, UrrAtEpsilonZeroSplitsTheReadings) {
  // t = 1: c3 = 0, so outputs in X_N are produced by no input. Literal Definition 2 fails.
  const IndexSet xs = IndexSet::parse("0", 3, "xs");
  const DenseMechanism q = utility_optimized_rr(xs, budget(1));
  EXPECT_TRUE(check_uldp(q, xs, xs, budget(1), UldpReading::kReachable).holds);
  const Verdict literal = check_uldp(q, xs, xs, budget(1), UldpReading::kLiteral);
  EXPECT_FALSE(literal.holds);
  EXPECT_EQ(literal.violated, Condition::kInvertibility);
  ASSERT_TRUE(literal.witness);
  EXPECT_TRUE(violates_invertibility(q, *literal.witness, xs, xs));
}

TEST(CheckUldp, MangatHasTightRatioOneOverPAndNoLdp) {
  const DenseMechanism q = mangat(Rational(1, 3));
  const IndexSet xs = IndexSet::parse("1", 2, "xs");
  const Verdict v = check_uldp(q, xs, xs, budget(3), UldpReading::kLiteral);
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ratio(3));
  EXPECT_FALSE(check_uldp(q, xs, xs, budget(29, 10), UldpReading::kReachable).holds);
  EXPECT_TRUE(check_ldp(q, std::nullopt).tight_exp_eps.is_infinite());
}

TEST(CheckUldp, SensitiveInputReachingAnInvertibleOutputFails) {
  // Row 0 is sensitive but produces output 1, which is declared invertible.
  const DenseMechanism q = matrix(2, 2, {"1/2", "1/2", "0", "1"});
  const IndexSet xs = IndexSet::parse("0", 2, "xs");
  const IndexSet yp = IndexSet::parse("0", 2, "yp");
  const Verdict v = check_uldp(q, xs, yp, std::nullopt, UldpReading::kReachable);
  EXPECT_FALSE(v.holds);
  EXPECT_EQ(v.violated, Condition::kInvertibility);
  EXPECT_TRUE(v.tight_exp_eps.is_infinite());
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->y, std::optional<std::size_t>(1));
  EXPECT_TRUE(violates_invertibility(q, *v.witness, xs, yp));
}

TEST(CheckUldp, SharedInvertibleOutputFails) {
  // Two non-sensitive inputs both produce output 2, declared invertible.
  const DenseMechanism q = matrix(3, 3, {"1", "0", "0", "0", "1/2", "1/2", "0", "1/2", "1/2"});
  const IndexSet xs = IndexSet::parse("0", 3, "xs");
  const IndexSet yp = IndexSet::parse("0", 3, "yp");
  const Verdict v = check_uldp(q, xs, yp, std::nullopt, UldpReading::kReachable);
  EXPECT_FALSE(v.holds);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->x, 1u);
  EXPECT_EQ(v.witness->x_prime, 2u);
  EXPECT_TRUE(violates_invertibility(q, *v.witness, xs, yp));
}

TEST(CheckUldp, RatioViolationOnAProtectedOutput) {
  // x0 sensitive; output 0 protected with Q(0|x0) = 1/2, Q(0|x1) = 1/8: ratio 4 > 3.
  const DenseMechanism q = matrix(2, 3, {"1/2", "1/2", "0", "1/8", "0", "7/8"});
  const IndexSet xs = IndexSet::parse("0", 2, "xs");
  const IndexSet yp = IndexSet::parse("0,1", 3, "yp");
  const Verdict v = check_uldp(q, xs, yp, budget(3), UldpReading::kLiteral);
  EXPECT_FALSE(v.holds);
  EXPECT_EQ(v.violated, Condition::kRatio);
  ASSERT_TRUE(v.witness);
  EXPECT_TRUE(violates_ratio(q, *v.witness, ratio(3)));
  EXPECT_TRUE(v.tight_exp_eps.is_infinite());  // output 1: Q(1|x1) = 0 < Q(1|x0)
}

TEST(CheckOsldp, OnlySensitiveInputsAreConstrained) {
  // Non-sensitive x1 may dominate; OSLDP holds with ratio 2 while LDP is infinite.
  const DenseMechanism q = matrix(2, 2, {"1/2", "1/2", "1", "0"});
  const IndexSet xs = IndexSet::parse("0", 2, "xs");
  const Verdict v = check_osldp(q, xs, budget(2));
  EXPECT_FALSE(v.holds);  // Q(1|x0) = 1/2 > 2 * Q(1|x1) = 0
  const DenseMechanism q2 = matrix(2, 2, {"1/2", "1/2", "3/4", "1/4"});
  const Verdict v2 = check_osldp(q2, xs, budget(2));
  EXPECT_TRUE(v2.holds);
  EXPECT_EQ(v2.tight_exp_eps, ratio(2));
}

TEST(MinimalProtectedOutputs, KeepsOnlyOutputsThatCannotBeInvertible) {
  const DenseMechanism q = utility_optimized_rr(IndexSet::parse("2", 4, "xs"), budget(3));
  EXPECT_EQ(minimal_protected_outputs(q, IndexSet::parse("2", 4, "xs")).to_string(), "2");
  // With an unreachable column, the column joins Y_P (it constrains nothing there).
  const DenseMechanism z = matrix(2, 3, {"1", "0", "0", "0", "1", "0"});
  EXPECT_EQ(minimal_protected_outputs(z, IndexSet::parse("", 2, "xs")).to_string(), "2");
}

TEST(Checks, RejectSetsOfTheWrongSize) {
  const DenseMechanism q = randomized_response(3, budget(2));
  EXPECT_THROW(check_osldp(q, IndexSet::parse("0", 4, "xs"), std::nullopt), InvalidArgument);
  EXPECT_THROW(check_uldp(q, IndexSet::parse("0", 3, "xs"), IndexSet::parse("0", 2, "yp"),
                          std::nullopt, UldpReading::kLiteral),
               InvalidArgument);
}

TEST(Checks, EpsilonBudgetIsComparedWithTheRealExponential) {
  // A matrix whose ratio is 2.7182818284590452353 < e passes eps = 1 although it exceeds the
  // rounded-down t of the budget; 2.7182818284590452354 > e fails.
  const Rational below = parse_rational("2.7182818284590452353");
  const Rational above = parse_rational("2.7182818284590452354");
  for (const auto& [r, expected] : {std::pair{below, true}, std::pair{above, false}}) {
    const Rational a = r / (1 + r);
    const DenseMechanism q(2, {"0", "1"}, {a, 1 - a, 1 - a, a});
    EXPECT_EQ(check_ldp(q, PrivacyBudget::from_epsilon(Rational(1))).holds, expected);
  }
}

}  // namespace
}  // namespace uldp
