#include "uldp/constructions/sequential_composition.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_matrix.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/mangat/mangat.h"

namespace uldp {
namespace {

using ::testing::HasSubstr;
using testing_support::fractions;
using testing_support::matrix;

PrivacyBudget exp_eps(const char* t) { return PrivacyBudget::from_exp_eps(parse_rational(t)); }

TEST(SequentialComposition, MangatTwiceHasBudgetFour) {
  // Mangat p = 1/2 (X_S = Y_P = {1}, t = 2) applied twice: input 0 spreads 1/4 over the four
  // pairs, input 1 always gives (1,1). (Y0 x Y1)_P = {(1,1)} = pair index 3, ratio 1 / (1/4).
  const DenseMechanism m = mangat(Rational(1, 2));
  const DenseMechanism q = sequential_composition(m, m);
  EXPECT_EQ(q.entries(), fractions({"1/4", "1/4", "1/4", "1/4", "0", "0", "0", "1"}));
  EXPECT_EQ(q.output_labels(), (std::vector<std::string>{"(0,0)", "(0,1)", "(1,0)", "(1,1)"}));
  const IndexSet x_s = IndexSet::from_indices({1}, 2, "x_s");
  const IndexSet y_p = composed_protected_outputs(x_s, x_s);
  EXPECT_EQ(y_p.indices(), (std::vector<std::size_t>{3}));
  const Verdict at_four = check_uldp(q, x_s, y_p, exp_eps("4"), UldpReading::kLiteral);
  EXPECT_TRUE(at_four.holds);
  EXPECT_EQ(at_four.tight_exp_eps, ExtendedRational(Rational(4)));
  EXPECT_FALSE(check_uldp(q, x_s, y_p, exp_eps("399/100"), UldpReading::kLiteral).holds);
}

TEST(SequentialComposition, AdaptiveSecondStageDependsOnFirstOutput) {
  // Q0 = [[1/2,1/2],[0,1]]; after y0 = 0 answer truthfully, after y0 = 1 answer a fair coin.
  const DenseMechanism q0 = matrix({{"1/2", "1/2"}, {"0", "1"}});
  const DenseMechanism truthful = matrix({{"1", "0"}, {"0", "1"}});
  const DenseMechanism coin = matrix({{"1/2", "1/2"}, {"1/2", "1/2"}});
  const DenseMechanism q = sequential_composition(q0, {truthful, coin});
  EXPECT_EQ(q.entries(), fractions({"1/2", "0", "1/4", "1/4", "0", "0", "1/2", "1/2"}));
}

TEST(SequentialComposition, LiteralReadingFailsOnUnreachableInvertiblePairs) {
  // Erratum for the proof of Proposition 1: X = {0,1,2}, X_S = {2}. Q0 reveals
  // input 0 with output 0, Q1 reveals input 1 with output 0; the pair (0,0) is produced by no
  // input, so condition 1 fails literally although both parts are (X_S, {1}, ln 2)-ULDP.
  const DenseMechanism q0 = matrix({{"1/2", "1/2"}, {"0", "1"}, {"0", "1"}});
  const DenseMechanism q1 = matrix({{"0", "1"}, {"1/2", "1/2"}, {"0", "1"}});
  const IndexSet x_s = IndexSet::from_indices({2}, 3, "x_s");
  const IndexSet y_p = IndexSet::from_indices({1}, 2, "y_p");
  ASSERT_TRUE(check_uldp(q0, x_s, y_p, exp_eps("2"), UldpReading::kLiteral).holds);
  ASSERT_TRUE(check_uldp(q1, x_s, y_p, exp_eps("2"), UldpReading::kLiteral).holds);
  const DenseMechanism q = sequential_composition(q0, q1);
  const IndexSet pairs_p = composed_protected_outputs(y_p, y_p);
  const Verdict literal = check_uldp(q, x_s, pairs_p, exp_eps("4"), UldpReading::kLiteral);
  EXPECT_FALSE(literal.holds);
  ASSERT_TRUE(literal.violated.has_value());
  EXPECT_EQ(*literal.violated, Condition::kInvertibility);
  ASSERT_TRUE(literal.witness.has_value());
  EXPECT_EQ(literal.witness->y, std::optional<std::size_t>(pair_index(0, 0, 2)));
  const Verdict reachable = check_uldp(q, x_s, pairs_p, exp_eps("4"), UldpReading::kReachable);
  EXPECT_TRUE(reachable.holds);
  EXPECT_EQ(reachable.tight_exp_eps, ExtendedRational(Rational(2)));
}

TEST(SequentialComposition, ValidatesEveryArgument) {
  const DenseMechanism q0 = matrix({{"1/2", "1/2"}, {"0", "1"}});
  const DenseMechanism ok = matrix({{"1"}, {"1"}});
  const auto message = [](auto&& call) {
    try {
      call();
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_THAT(message([&] { sequential_composition(q0, std::vector<DenseMechanism>{ok}); }),
              HasSubstr("second: needs one mechanism per output"));
  EXPECT_THAT(message([&] { sequential_composition(q0, matrix({{"1"}})); }), HasSubstr("inputs"));
  EXPECT_THAT(message([&] {
                sequential_composition(q0, {ok, matrix({{"1/2", "1/2"}, {"1", "0"}})});
              }),
              HasSubstr("second[1]"));
  EXPECT_THAT(message([&] {
                sequential_composition(q0, {ok, matrix({{"1/2"}, {"1"}})});
              }),
              HasSubstr("second[1]: not a mechanism"));
  EXPECT_THAT(message([&] {
                sequential_composition(matrix({{"1/2", "1/3"}}), ok);
              }),
              HasSubstr("first: not a mechanism"));
}

}  // namespace
}  // namespace uldp
