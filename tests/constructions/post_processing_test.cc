#include "uldp/constructions/post_processing.h"

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
IndexSet set(std::vector<std::size_t> indices, std::size_t universe) {
  return IndexSet::from_indices(std::move(indices), universe, "test set");
}

TEST(PostProcessing, TypePreservingSplitKeepsUldp) {
  // Mangat p = 1/2 (Y_P = {1}); Q1 sends y=1 to z=2 (Z_P = {2}) and splits y=0 into z=0, z=1.
  const DenseMechanism q1 = matrix({{"1/3", "2/3", "0"}, {"0", "0", "1"}});
  const IndexSet y_p = set({1}, 2), z_p = set({2}, 3);
  EXPECT_TRUE(check_preserves_data_types(q1, y_p, z_p).preserves);
  const DenseMechanism q = post_process(mangat(Rational(1, 2)), q1);
  EXPECT_EQ(q.entries(), fractions({"1/6", "1/3", "1/2", "0", "0", "1"}));
  const Verdict v = check_uldp(q, set({1}, 2), z_p, exp_eps("2"), UldpReading::kLiteral);
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(2)));
}

TEST(PostProcessing, InvertibleToProtectedIsReportedWithItsEntry) {
  const DenseMechanism q1 = matrix({{"1/3", "1/3", "1/3"}, {"0", "0", "1"}});
  const TypePreservation r = check_preserves_data_types(q1, set({1}, 2), set({2}, 3));
  ASSERT_FALSE(r.preserves);
  ASSERT_TRUE(r.violation.has_value());
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleToProtected);
  EXPECT_EQ(r.violation->y, 0u);
  EXPECT_EQ(r.violation->z, 2u);
  EXPECT_EQ(r.violation->probability, Rational(1, 3));
  EXPECT_THAT(r.violation->describe(), HasSubstr("Q1(z=2|y=0) = 1/3"));
}

TEST(PostProcessing, EveryClauseOfTheDefinitionIsDetected) {
  const IndexSet y_p = set({1}, 3);  // Y = {0,1,2}, Y_I = {0,2}
  const IndexSet z_p = set({0}, 3);  // Z = {0,1,2}, Z_I = {1,2}
  // z=2 is produced by nobody.
  auto r = check_preserves_data_types(matrix({{"0", "1", "0"}, {"1", "0", "0"}, {"0", "1", "0"}}),
                                      y_p, z_p);
  ASSERT_TRUE(r.violation.has_value());
  // z=1 is produced by both y=0 and y=2 (checked before z=2).
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleShared);
  EXPECT_EQ(r.violation->z, 1u);
  EXPECT_EQ(r.violation->y, 2u);
  EXPECT_EQ(r.violation->y_other, std::optional<std::size_t>(0));
  r = check_preserves_data_types(matrix({{"0", "1", "0"}, {"1", "0", "0"}, {"0", "1/2", "1/2"}}),
                                 y_p, z_p);
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleShared);
  r = check_preserves_data_types(matrix({{"0", "1", "0"}, {"1", "0", "0"}, {"0", "0", "1"}}), y_p,
                                 set({0, 2}, 3));
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleToProtected);
  EXPECT_EQ(r.violation->y, 2u);
  r = check_preserves_data_types(matrix({{"0", "1", "0"}, {"1/2", "0", "1/2"}, {"0", "0", "1"}}),
                                 y_p, z_p);
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleFromProtected);
  EXPECT_EQ(r.violation->y, 1u);
  EXPECT_EQ(r.violation->z, 2u);
  r = check_preserves_data_types(matrix({{"0", "1", "0"}, {"1", "0", "0"}, {"0", "1", "0"}}), y_p,
                                 set({0, 2}, 3));
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleShared);
  r = check_preserves_data_types(matrix({{"1", "0", "0"}, {"1", "0", "0"}, {"1", "0", "0"}}),
                                 set({0, 1, 2}, 3), z_p);
  EXPECT_EQ(r.violation->rule, TypeRule::kInvertibleUnreached);
  EXPECT_EQ(r.violation->z, 1u);
}

TEST(PostProcessing, DroppingTheHypothesisBreaksUldp) {
  // X = {0,1,2}, X_S = {2}: Q0 reveals input 0 with y=0 half of the time. A post-processor
  // that relabels that invertible y=0 as protected z=0 creates a protected output only input
  // 0 produces: infinite ratio, condition 2 fails.
  const DenseMechanism q0 = matrix({{"1/2", "1/2"}, {"0", "1"}, {"0", "1"}});
  const IndexSet x_s = set({2}, 3), y_p = set({1}, 2), z_p = set({0, 1}, 2);
  ASSERT_TRUE(check_uldp(q0, x_s, y_p, exp_eps("2"), UldpReading::kLiteral).holds);
  const DenseMechanism relabel = matrix({{"1", "0"}, {"0", "1"}});
  EXPECT_EQ(check_preserves_data_types(relabel, y_p, z_p).violation->rule,
            TypeRule::kInvertibleToProtected);
  const Verdict v =
      check_uldp(post_process(q0, relabel), x_s, z_p, std::nullopt, UldpReading::kLiteral);
  EXPECT_FALSE(v.holds);
  EXPECT_TRUE(v.tight_exp_eps.is_infinite());
  // A non-preserving post-processor can still be harmless: the hypothesis is sufficient only.
  const DenseMechanism leak = matrix({{"2/3", "1/3"}, {"0", "1"}});
  EXPECT_FALSE(check_preserves_data_types(leak, y_p, y_p).preserves);
  EXPECT_TRUE(
      check_uldp(post_process(q0, leak), x_s, y_p, exp_eps("2"), UldpReading::kLiteral).holds);
}

TEST(PostProcessing, ValidatesArguments) {
  const DenseMechanism q1 = matrix({{"1", "0"}, {"0", "1"}});
  EXPECT_THROW(check_preserves_data_types(q1, set({1}, 3), set({1}, 2)), InvalidArgument);
  EXPECT_THROW(check_preserves_data_types(q1, set({1}, 2), set({1}, 3)), InvalidArgument);
  EXPECT_THROW(
      check_preserves_data_types(matrix({{"1", "1"}, {"0", "1"}}), set({1}, 2), set({1}, 2)),
      InvalidArgument);
  try {
    post_process(matrix({{"1/2", "1/2"}}), matrix({{"1"}}));
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_THAT(e.what(), HasSubstr("post_processor"));
  }
}

}  // namespace
}  // namespace uldp
