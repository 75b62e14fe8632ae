// The count-mean sketch in doubles: the estimator rows are the exact per-report estimates.
#include "uldp/mechanisms/cms/cms_sampling.h"

#include <gtest/gtest.h>

#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/cms/cms_estimator.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

TEST(CountMeanSketchSampling, EstimatorRowsAreTheExactPerReportEstimates) {
  MechanismArguments a;
  a.k = 5;
  a.budget = PrivacyBudget::from_exp_eps(Rational(4));
  a.values.set(kSketchHashesParameter, std::uint64_t{3});
  a.values.set(kSketchWidthParameter, std::uint64_t{4});
  const MechanismSpec spec = make_mechanism(find_mechanism("cms"), a);
  const CmsSpec& p = std::get<CmsSpec>(spec.kind);
  const estimate::DenseParams d = std::get<estimate::DenseParams>(estimation_params(spec, p));
  const BloomFilterMechanism q = count_mean_sketch(spec.k, p);
  ASSERT_EQ(d.outputs, 3u * 16u);
  ASSERT_EQ(d.estimator.size(), d.outputs * spec.k);
  for (std::size_t out = 0; out < d.outputs; ++out) {
    for (std::size_t x = 0; x < spec.k; ++x) {
      EXPECT_EQ(d.estimator[out * spec.k + x],
                to_double(sketch_report_estimate(q, Rational(2), out / 16, out % 16, x)));
    }
  }
  EXPECT_EQ(d.output_labels[17], "1:1000");
  EXPECT_EQ(sketch_estimator_rows(q, Rational(2)), d.estimator);
}

}  // namespace
}  // namespace uldp
