// EXPECT_PRIVATE / ASSERT_PRIVATE: they pass on private matrices, and on a broken one they fail
// with the verdict on the first line and uldp's report after it (gtest-spi catches the failure).
#include "uldp/testing/gtest.h"

// The header alone brings no Boost, GMP or JSON into a test file, so that it costs a file
// little more than GoogleTest does (docs/testing-cpp.md, bench/consumer_compile_cost.sh).
#if defined(BOOST_CONFIG_HPP) || defined(__GMP_H__) || defined(NLOHMANN_JSON_VERSION_MAJOR)
#error "uldp/testing/gtest.h includes Boost, GMP or nlohmann-json"
#endif

#include <cmath>
#include <stdexcept>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::testing {
namespace {

// k-ary randomized response as C++ code computes it: e^eps / (e^eps + k - 1) on the diagonal.
std::vector<std::vector<double>> grr(std::size_t k, double epsilon) {
  const double t = std::exp(epsilon);
  std::vector<std::vector<double>> q(k, std::vector<double>(k, 1 / (t + double(k) - 1)));
  for (std::size_t x = 0; x < k; ++x) q[x][x] = t / (t + double(k) - 1);
  return q;
}

std::vector<std::vector<Rational>> exact_grr(std::size_t k, const Rational& t) {
  std::vector<std::vector<Rational>> q(k, std::vector<Rational>(k, 1 / (t + Rational(k) - 1)));
  for (std::size_t x = 0; x < k; ++x) q[x][x] = t / (t + Rational(k) - 1);
  return q;
}

TEST(ExpectPrivate, AnExactMechanismPassesAtItsBudget) {
  EXPECT_PRIVATE(exact_grr(4, Rational(3)), ldp_claim(exp_eps("3")));
  ASSERT_PRIVATE(exact_grr(4, Rational(3)), ldp_claim(exp_eps("3")));
}

TEST(ExpectPrivate, DoublesAreTheirExactValuesAndRoundingNeedsATolerance) {
  // Whether exp(1) / (exp(1) + 3) rounds above or below e, the rows miss 1 by rounding: exactly,
  // the matrix is not a mechanism; within 1e-12 it is, and eps-LDP holds.
  EXPECT_PRIVATE(grr(4, 1.0), ldp_claim(eps("1")).within("1e-12"));
}

TEST(ExpectPrivate, ABrokenMatrixFailsWithTheVerdictFirst) {
  // Declared at e^eps = 2, built at 3: the tight ratio is 3.
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(exact_grr(3, Rational(3)), ldp_claim(exp_eps("2"))),
                          "exact_grr(3, Rational(3)) is not eps-LDP at exp_eps = 2");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_PRIVATE(exact_grr(3, Rational(3)), ldp_claim(exp_eps("2"))),
      "exact_grr(3, Rational(3)) is not eps-LDP at exp_eps = 2: tight exp_eps = 3 (eps ~ "
      "1.0986123); ratio violated at x = 0, x' = 1, y = 0");
  // The report follows: uldp check's text.
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(exact_grr(3, Rational(3)), ldp_claim(exp_eps("2"))),
                          "eps-LDP                         [required]: FAILS");
  EXPECT_FATAL_FAILURE(ASSERT_PRIVATE(exact_grr(3, Rational(3)), ldp_claim(exp_eps("2"))),
                       "is not eps-LDP at exp_eps = 2: tight exp_eps = 3");
}

TEST(ExpectPrivate, UldpNamesTheInvertibilityWitness) {
  // Sensitive input 1 reaches the invertible output 2.
  const std::vector<std::vector<Rational>> leaky = {
      {Rational(1, 2), Rational(1, 2), 0, 0},
      {Rational(1, 4), Rational(1, 2), Rational(1, 4), 0},
      {Rational(1, 6), Rational(1, 6), Rational(2, 3), 0},
      {Rational(1, 8), Rational(1, 8), 0, Rational(3, 4)}};
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(leaky, uldp_claim({0, 1}, {0, 1}, exp_eps("3"))),
                          "leaky is not ULDP with X_S = {0-1}, Y_P = {0-1} at exp_eps = 3: tight "
                          "exp_eps = inf (eps ~ inf); invertibility violated at x = 1, x' = 2, "
                          "y = 2");
  // OSLDP bounds the sensitive rows against every row: input 1 gives output 2 probability 1/4,
  // input 0 none, so no budget covers it.
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(leaky, osldp_claim({0, 1}, exp_eps("3"))),
                          "leaky is not OSLDP with X_S = {0-1} at exp_eps = 3: tight exp_eps = inf "
                          "(eps ~ inf); ratio violated at x = 1, x' = 0, y = 2");
  // Without the leak (row 1 moved onto outputs 0 and 1), the ratio Q(0|0) / Q(0|3) = 4 remains.
  const std::vector<std::vector<Rational>> fixed = {
      {Rational(1, 2), Rational(1, 2), 0, 0},
      {Rational(1, 2), Rational(1, 2), 0, 0},
      {Rational(1, 6), Rational(1, 6), Rational(2, 3), 0},
      {Rational(1, 8), Rational(1, 8), 0, Rational(3, 4)}};
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(fixed, uldp_claim({0, 1}, {0, 1}, exp_eps("3"))),
                          "fixed is not ULDP with X_S = {0-1}, Y_P = {0-1} at exp_eps = 3: tight "
                          "exp_eps = 4");
  EXPECT_PRIVATE(fixed, uldp_claim({0, 1}, {0, 1}, exp_eps("4")));
}

TEST(ExpectPrivate, ToleranceTooSmallStillFailsAndSaysByHowMuch) {
  // Rows of binary64 RR at eps = 1 sum to 1 + 1.66e-16: within 1e-16 they are not a mechanism.
  const std::vector<std::vector<double>> rr = {{0.731058578630005, 0.26894142136999516},
                                               {0.26894142136999516, 0.731058578630005}};
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(rr, ldp_claim(eps("1")).within("1e-16")),
                          "rr is not a mechanism: rr: row 0 sums to");
  EXPECT_PRIVATE(rr, ldp_claim(eps("1")).within("1e-15"));
}

TEST(ExpectPrivate, BadMatricesAndClaimsFailWithTheirReason) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_PRIVATE(std::vector<std::vector<double>>({{0.5, 0.5}, {1.5, -0.5}}),
                     ldp_claim(exp_eps("3"))),
      "Q[1][0] = 1.5 is outside [0,1]");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_PRIVATE(exact_grr(2, Rational(3)), uldp_claim({0, 7}, {0}, exp_eps("3"))),
      "sensitive: index 7 is out of range 0..1");
  EXPECT_THROW(ldp_claim(exp_eps("3")).within("1/2"), InvalidArgument);
}

// Exact entries given as text are read exactly: 3/4 against 1/4 is a ratio of exactly 3.
TEST(ExpectPrivate, ExactTextsAreTheirValues) {
  const std::vector<std::vector<std::string>> rr = {{"3/4", "1/4"}, {"0.25", "0.75"}};
  EXPECT_PRIVATE(rr, ldp_claim(exp_eps("3")));
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(rr, ldp_claim(exp_eps("299/100"))),
                          "rr is not eps-LDP at exp_eps = 299/100: tight exp_eps = 3");
  const std::vector<std::vector<std::string>> typo = {{"3/4", "1/4"}, {"1/4", "3/4x"}};
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(typo, ldp_claim(exp_eps("3"))),
                          "typo is not a matrix: Q[1][1]");
}

// matrix_of makes the same DenseMechanism from exact rationals and from their texts.
TEST(MatrixOf, RationalsAndTheirTextsAreTheSameMatrix) {
  const DenseMechanism from_rationals = matrix_of(exact_grr(3, Rational(3)));
  const DenseMechanism from_texts = matrix_of(std::vector<std::vector<std::string>>{
      {"3/5", "1/5", "1/5"}, {"0.2", "0.6", "0.2"}, {"1/5", "1/5", "3/5"}});
  EXPECT_EQ(from_rationals.entries(), from_texts.entries());
  EXPECT_EQ(from_rationals(0, 0), Rational(3, 5));
}

// A uldp::PrivacyBudget is a budget the claims and references take, and exp_eps() gives one.
TEST(ExpectPrivate, BudgetsConvertToAndFromPrivacyBudget) {
  const PrivacyBudget three = exp_eps("3");
  EXPECT_EQ(three.exp_eps(), Rational(3));
  EXPECT_PRIVATE(exact_grr(4, Rational(3)), ldp_claim(three));
  EXPECT_EQ(ldp_claim(PrivacyBudget::from_exp_eps(Rational(2))).describe(),
            "eps-LDP at exp_eps = 2");
}

std::vector<std::vector<double>> matrix_that_throws() { throw std::runtime_error("no matrix"); }

// An argument that throws fails the assertion (naming it, the builder call and the bad value)
// instead of escaping as "C++ exception thrown in the test body".
TEST(ExpectPrivate, ArgumentsThatThrowFailTheAssertionNamingTheBuilderCall) {
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(exact_grr(2, Rational(3)), ldp_claim(eps("abc"))),
                          "EXPECT_PRIVATE(exact_grr(2, Rational(3)), ldp_claim(eps(\"abc\"))) "
                          "cannot run: eps(): 'abc' is not");
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(exact_grr(2, Rational(3)), ldp_claim(exp_eps("1/2"))),
                          "cannot run: exp_eps(): ");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_PRIVATE(exact_grr(2, Rational(3)), ldp_claim(exp_eps("3")).within("oops")),
      "cannot run: .within(): 'oops'");
  EXPECT_FATAL_FAILURE(ASSERT_PRIVATE(matrix_that_throws(), ldp_claim(exp_eps("3"))),
                       "ASSERT_PRIVATE(matrix_that_throws(), ldp_claim(exp_eps(\"3\"))) cannot "
                       "run: no matrix");
}

// The truncated geometric mechanism on a width x height grid as a C++ implementation would code
// it (t per unit of Manhattan distance, alpha = 1/t): on each axis of n cells G(y|x) =
// (1 - alpha)/(1 + alpha) alpha^|y - x| inside, the mass beyond an edge on the edge cell, and
// Q((r', c')|(r, c)) = G_H(r'|r) G_W(c'|c), cells numbered row by row.
template <class Number>
std::vector<std::vector<Number>> geometric(std::size_t width, std::size_t height, Number t) {
  const Number alpha = Number(1) / t;
  const auto power = [&](std::size_t d) {
    Number p(1);
    for (std::size_t i = 0; i < d; ++i) p = p * alpha;
    return p;
  };
  const auto axis = [&](std::size_t n, std::size_t x, std::size_t y) -> Number {
    if (n == 1) return Number(1);
    const std::size_t d = x > y ? x - y : y - x;
    if (y == 0 || y == n - 1) return power(d) / (1 + alpha);
    return (1 - alpha) / (1 + alpha) * power(d);
  };
  const std::size_t k = width * height;
  std::vector<std::vector<Number>> q(k, std::vector<Number>(k));
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = 0; y < k; ++y) {
      q[x][y] = axis(height, x / width, y / width) * axis(width, x % width, y % width);
    }
  }
  return q;
}

TEST(ExpectPrivate, AGeometricMatrixHoldsItsMetricClaimAndABrokenOneFails) {
  const std::vector<std::vector<Rational>> q = geometric(3, 2, Rational(2));
  EXPECT_PRIVATE(q, metric_ldp_claim(grid(3, 2), exp_eps("2")));
  // Its tight loss is t^d exactly: 3/2 per unit is too little.
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(q, metric_ldp_claim(grid(3, 2), exp_eps("3/2"))),
                          "q: metric LDP, manhattan on 3x2, t = 3/2 per unit: FAILS; first "
                          "violated by L(0, 1) = 2 at y = 0");
  // One entry moved by 1/100 within its row (the row still sums to 1): Q(0|0) / Q(0|1) exceeds 2.
  std::vector<std::vector<Rational>> broken = q;
  broken[0][0] += Rational(1, 100);
  broken[0][1] -= Rational(1, 100);
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(broken, metric_ldp_claim(grid(3, 2), exp_eps("2"))),
                          "FAILS; first violated by L(0, 1) = ");
  // The report follows: the check's text with the per-pair losses.
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(broken, metric_ldp_claim(grid(3, 2), exp_eps("2"))),
                          "per-pair loss L(x, x') = max_y Q(y|x) / Q(y|x') of broken");
  // The same mechanism in doubles: exactly its rows and ratios miss by rounding, within 1e-12
  // the claim holds.
  EXPECT_PRIVATE(geometric(3, 2, 2.0), metric_ldp_claim(grid(3, 2), exp_eps("2")).within("1e-12"));
}

// MinID-LDP: a pair's budget is the smaller of its inputs' budgets. L(0, 2) = (1/2)/(1/8) = 4.
TEST(ExpectPrivate, MinIdLdpBoundsEachPairByTheSmallerBudget) {
  const std::vector<std::vector<std::string>> q = {
      {"1/2", "1/4", "1/4"}, {"1/4", "1/2", "1/4"}, {"1/8", "1/8", "3/4"}};
  EXPECT_PRIVATE(q, min_id_ldp_claim({exp_eps("16"), exp_eps("8"), exp_eps("5")}));
  EXPECT_NONFATAL_FAILURE(
      EXPECT_PRIVATE(q, min_id_ldp_claim({exp_eps("4"), exp_eps("2"), exp_eps("3")})),
      "q: ID-LDP, r = min of the pair's budgets: FAILS; first violated by L(0, 2) = 4 at y = 0 "
      "against 3");
  EXPECT_NONFATAL_FAILURE(EXPECT_PRIVATE(q, min_id_ldp_claim({exp_eps("4"), exp_eps("2")})),
                          "min_id_ldp_claim(): 2 budgets for 3 inputs");
}

}  // namespace
}  // namespace uldp::testing
