// The Hadamard sketch in doubles: estimator rows are the exact per-report estimates.
#include "uldp/mechanisms/hcms/hcms_sampling.h"

#include <gtest/gtest.h>

#include "uldp/mechanisms/hcms/hcms_estimator.h"

namespace uldp {
namespace {

TEST(HadamardSketchSampling, EstimatorRowsAreTheExactPerReportEstimates) {
  const HcmsSpec spec{PrivacyBudget::from_exp_eps(Rational(5, 2)), 2, 8, nullptr};
  const std::vector<double> rows = hadamard_estimator_rows(4, spec);
  ASSERT_EQ(rows.size(), 2u * 8u * 2u * 4u);
  for (std::size_t y = 0; y < 32; ++y) {
    for (std::size_t x = 0; x < 4; ++x)
      EXPECT_EQ(rows[y * 4 + x], to_double(hadamard_report_estimate(spec, y, x)));
  }
}

}  // namespace
}  // namespace uldp
