#include "uldp/constructions/matrix_composition.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_matrix.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using ::testing::HasSubstr;
using testing_support::fractions;
using testing_support::matrix;

TEST(Compose, HandWorkedTwoByTwo) {
  // [[1/2,1/2],[1/4,3/4]] then [[1,0],[1/3,2/3]]: row 0 = [1/2 + 1/6, 1/3], row 1 = [1/2, 1/2].
  const DenseMechanism q =
      compose(matrix({{"1/2", "1/2"}, {"1/4", "3/4"}}), matrix({{"1", "0"}, {"1/3", "2/3"}}));
  EXPECT_EQ(q.entries(), fractions({"2/3", "1/3", "1/2", "1/2"}));
}

TEST(Compose, KeepsTheSecondMechanismsLabels) {
  const DenseMechanism then(2, {"a", "b", "c"}, fractions({"1", "0", "0", "0", "1/2", "1/2"}));
  const DenseMechanism q = compose(matrix({{"1/2", "1/2"}}), then);
  EXPECT_EQ(q.output_labels(), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(q.entries(), fractions({"1/2", "1/4", "1/4"}));
}

TEST(Compose, RejectsShapeMismatchNamingTheArgument) {
  try {
    compose(matrix({{"1/2", "1/2"}}), matrix({{"1"}}), "q0", "q1");
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_THAT(e.what(), HasSubstr("q1"));
    EXPECT_THAT(e.what(), HasSubstr("2 outputs"));
  }
}

TEST(Compose, RejectsNonStochasticInputsNamingTheArgument) {
  EXPECT_THROW(compose(matrix({{"1/2", "1/3"}}), matrix({{"1"}, {"1"}})), InvalidArgument);
  try {
    compose(matrix({{"1/2", "1/2"}}), matrix({{"1"}, {"9/10"}}), "q0", "q1");
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_THAT(e.what(), HasSubstr("q1"));
  }
}

TEST(DeterministicMechanism, IsAZeroOneMatrix) {
  const DenseMechanism f = deterministic_mechanism({2, 0}, {"a", "b", "c"});
  EXPECT_EQ(f.entries(), fractions({"0", "0", "1", "1", "0", "0"}));
  EXPECT_THROW(deterministic_mechanism({3}, {"a", "b", "c"}), InvalidArgument);
}

TEST(EqualEntries, ComparesShapeAndValues) {
  EXPECT_TRUE(equal_entries(matrix({{"1/2", "1/2"}}), matrix({{"2/4", "1/2"}})));
  EXPECT_FALSE(equal_entries(matrix({{"1/2", "1/2"}}), matrix({{"1/2"}, {"1/2"}})));
  EXPECT_FALSE(equal_entries(matrix({{"1/2", "1/2"}}), matrix({{"1/3", "2/3"}})));
}

}  // namespace
}  // namespace uldp
