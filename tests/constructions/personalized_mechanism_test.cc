#include "uldp/constructions/personalized_mechanism.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_matrix.h"
#include "uldp/constructions/matrix_composition.h"
#include "uldp/constructions/output_ratios.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {
namespace {

using ::testing::HasSubstr;
using testing_support::fractions;

// X = {0,1,2,3}, X_S = {0}, κ = 1; user i tags input 2 ("home"), user j tags nothing.
// Z = {0,1,2,3,⊥1 = 4}, Z_S = {0,4}; Q_cmn = (Z_S, ln 2)-uRR: c1 = 2/3, c2 = c3 = 1/3.
class PumExample : public ::testing::Test {
 protected:
  IndexSet x_s = IndexSet::from_indices({0}, 4, "x_s");
  PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(2));
  PumPreprocessor user_i =
      PumPreprocessor::from_tags({std::nullopt, std::nullopt, 0, std::nullopt}, 1, x_s);
  PumPreprocessor user_j =
      PumPreprocessor::from_tags({std::nullopt, std::nullopt, std::nullopt, std::nullopt}, 1, x_s);
};

TEST_F(PumExample, HandWorkedMatrix) {
  EXPECT_EQ(user_i.intermediate(2), 4u);
  EXPECT_EQ(user_i.intermediate(3), 3u);
  EXPECT_EQ(user_i.user_sensitive().indices(), (std::vector<std::size_t>{2}));
  EXPECT_EQ(pum_intermediate_sensitive(x_s, 1).indices(), (std::vector<std::size_t>{0, 4}));
  const PersonalizedMechanism q = personalized_urr(user_i, budget);
  EXPECT_EQ(q.q.entries(), fractions({"2/3", "0",   "0", "0",   "1/3",  //
                                      "1/3", "1/3", "0", "0",   "1/3",  //
                                      "1/3", "0",   "0", "0",   "2/3",  // input 2 acts as ⊥1
                                      "1/3", "0",   "0", "1/3", "1/3"}));
  EXPECT_EQ(q.sensitive.indices(), (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(q.protected_outputs.indices(), (std::vector<std::size_t>{0, 4}));
  // The same as composing the pre-processor's 0/1 matrix with Q_cmn by hand.
  const DenseMechanism q_cmn = utility_optimized_rr(pum_intermediate_sensitive(x_s, 1), budget);
  EXPECT_TRUE(equal_entries(q.q, compose(user_i.as_mechanism(), q_cmn)));
}

TEST_F(PumExample, UldpUnderTheReachableReadingOnly) {
  // Erratum for Proposition 9: output 2 (Q_cmn's invertible answer for input 2) is now
  // produced by no input, so condition 1 fails in the literal reading of Definition 2.
  const PersonalizedMechanism q = personalized_urr(user_i, budget);
  const Verdict reachable =
      check_uldp(q.q, q.sensitive, q.protected_outputs, budget, UldpReading::kReachable);
  EXPECT_TRUE(reachable.holds);
  EXPECT_EQ(reachable.tight_exp_eps, ExtendedRational(Rational(2)));
  const Verdict literal =
      check_uldp(q.q, q.sensitive, q.protected_outputs, budget, UldpReading::kLiteral);
  EXPECT_FALSE(literal.holds);
  ASSERT_TRUE(literal.witness.has_value());
  EXPECT_EQ(literal.witness->y, std::optional<std::size_t>(2));
}

TEST_F(PumExample, CrossUserRatioIsAtMostT) {
  // Proposition 10: input 2 under user i reports ⊥1 w.p. 2/3, under user j 1/3.
  const PersonalizedMechanism qi = personalized_urr(user_i, budget);
  const PersonalizedMechanism qj = personalized_urr(user_j, budget);
  EXPECT_EQ(max_cross_ratio(qi.q, qj.q, qi.protected_outputs), ExtendedRational(Rational(2)));
  EXPECT_EQ(max_cross_ratio(qj.q, qi.q, qi.protected_outputs), ExtendedRational(Rational(1)));
  // Outside Y_P the outputs are not comparable at all (user j reveals input 2, user i never).
  EXPECT_TRUE(max_cross_ratio(qj.q, qi.q, IndexSet::all(5)).is_infinite());
}

TEST_F(PumExample, ValidatesThePreprocessor) {
  const auto message = [](auto&& call) {
    try {
      call();
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_THAT(message([&] {
                PumPreprocessor::from_tags({0, {}, {}, {}}, 1, x_s);
              }),
              HasSubstr("common X_S"));
  EXPECT_THAT(message([&] {
                PumPreprocessor::from_tags({{}, 1, {}, {}}, 1, x_s);
              }),
              HasSubstr("num_tags is 1"));
  EXPECT_THAT(message([&] {
                PumPreprocessor::from_tags({{}, {}, {}, {}}, 0, x_s);
              }),
              HasSubstr("num_tags"));
  EXPECT_THAT(message([&] {
                PumPreprocessor::from_tags({{}, {}}, 1, x_s);
              }),
              HasSubstr("common_sensitive"));
  const DenseMechanism wrong = utility_optimized_rr(x_s, budget);  // 4 inputs, not 5
  EXPECT_THAT(message([&] { personalized_mechanism(wrong, x_s, user_i); }), HasSubstr("q_cmn"));
}

}  // namespace
}  // namespace uldp
