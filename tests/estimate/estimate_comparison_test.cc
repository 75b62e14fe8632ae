// The mismatch diagnosis of `uldp conform estimates`: each recognised cause on a small vector,
// and no cause claimed where none fits.
#include "uldp/estimate/estimate_comparison.h"

#include <gtest/gtest.h>

#include <vector>

namespace uldp::estimate {
namespace {

const std::vector<double> kExpected = {0.1, 0.2, 0.3, 0.15, 0.25};

ComparisonContext two_sensitive() {
  ComparisonContext context;
  context.sensitive = {1, 1, 0, 0, 0};
  context.constants = {{"c3", 0.5}};
  context.n = 1000;
  return context;
}

TEST(EstimateComparison, FirstMismatchIsTheFirstItemBeyondTheTolerance) {
  EXPECT_FALSE(first_mismatch(kExpected, kExpected, 0));
  const std::vector<double> actual = {0.1, 0.2 + 1e-10, 0.3, 0.2, 0.25};
  EXPECT_EQ(first_mismatch(kExpected, actual, 1e-9), 3u);
  EXPECT_EQ(first_mismatch(kExpected, actual, 0), 1u);
}

TEST(EstimateComparison, FactorOnTheSensitiveClassIsNamedByTheConstant) {
  const std::vector<double> actual = {0.4, 0.8, 0.3, 0.15, 0.25};
  const std::string cause = likely_cause(kExpected, actual, 1e-12, two_sensitive());
  EXPECT_EQ(cause,
            "the sensitive items are 4 times the expected (= 1/c3^2: divided by c3 twice), the "
            "non-sensitive ones match: a constant factor on the sensitive items");
}

TEST(EstimateComparison, ShiftByOneIsNamed) {
  const std::vector<double> actual = {0.2, 0.3, 0.15, 0.25, 0.0};
  EXPECT_NE(likely_cause(kExpected, actual, 1e-12, two_sensitive()).find("shifted by one"),
            std::string::npos);
}

TEST(EstimateComparison, FrequenciesWhereCountsBelong) {
  std::vector<double> actual = kExpected;
  for (double& v : actual) v /= 1000;
  EXPECT_NE(likely_cause(kExpected, actual, 1e-12, two_sensitive()).find("--scale frequencies"),
            std::string::npos);
}

TEST(EstimateComparison, TheScaleHintNamesTheCallersOwnOption) {
  ComparisonContext context = two_sensitive();
  context.counts_scale_name = "scale=\"counts\"";
  std::vector<double> actual = kExpected;
  for (double& v : actual) v *= 1000;
  EXPECT_EQ(likely_cause(kExpected, actual, 1e-12, context),
            "every value is n = 1000 times the expected: counts where frequencies are expected "
            "(scale=\"counts\")");
}

TEST(EstimateComparison, NoCauseIsClaimedWhenNoneFits) {
  const std::vector<double> actual = {0.1, 0.25, 0.3, 0.1, 0.25};
  EXPECT_EQ(likely_cause(kExpected, actual, 1e-12, two_sensitive()), "");
  EXPECT_EQ(likely_cause(kExpected, kExpected, 1e-12, two_sensitive()), "");
}

}  // namespace
}  // namespace uldp::estimate
