// Local hashing in doubles against the exact folder: the support-count matrix of the dense model
// gives the exact estimator's values (each coefficient the double nearest its rational, so within
// 1e-12), for olh and for uLH's X_N; and its refusal at e^eps = 1.
#include <gtest/gtest.h>

#include <cmath>

#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/olh/olh_estimator.h"
#include "uldp/mechanisms/olh/olh_sampling.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::estimate {
namespace {

TEST(LocalHashingDoubles, TheSupportCountMatrixIsTheExactEstimator) {
  for (const char* name : {"olh", "ulh"}) {
    MechanismArguments a;
    a.k = 7;
    a.sensitive = IndexSet::parse("0,2,3,5", 7, "xs");
    a.budget = PrivacyBudget::from_exp_eps(Rational(5, 2));
    a.values.set(kHashSeedsParameter, std::optional<std::uint64_t>(5));
    if (std::string(name) == "olh") a.sensitive.reset();
    const MechanismSpec spec = make_mechanism(find_mechanism(name), a);
    const EstimationModel model = estimation_model(spec);
    const auto& dense = std::get<DenseParams>(model);
    const OlhSpec& family = std::string(name) == "olh"
                                ? std::get<OlhSpec>(spec.kind)
                                : static_cast<const OlhSpec&>(std::get<UlhSpec>(spec.kind));
    EXPECT_EQ(dense.estimator, support_count_matrix(spec, family));
    ReportData data;
    for (std::size_t y = 0; y < dense.outputs; ++y) data.symbol_counts.push_back(3 + (7 * y) % 11);
    for (std::uint64_t c : data.symbol_counts) data.n += c;
    const std::vector<double> doubles = empirical_estimate(model, data);
    const std::vector<Rational> exact = exact_empirical_estimate(spec, data);
    ASSERT_EQ(doubles.size(), exact.size());
    for (std::size_t x = 0; x < exact.size(); ++x)
      EXPECT_NEAR(doubles[x], to_double(exact[x]), 1e-12) << name << " x=" << x;
  }
}

// At e^eps = 1 no report carries information: emp and thr refuse with the exact estimator's words
// (the sampler and EM still run).
TEST(LocalHashingDoubles, RefusesToEstimateAtEpsZero) {
  MechanismArguments a;
  a.k = 4;
  a.budget = PrivacyBudget::from_exp_eps(Rational(1));
  a.values.set(kHashSeedsParameter, std::optional<std::uint64_t>(2));
  const EstimationModel model = estimation_model(make_mechanism(find_mechanism("olh"), a));
  ReportData data;
  data.symbol_counts.assign(std::get<DenseParams>(model).outputs, 1);
  data.n = data.symbol_counts.size();
  try {
    empirical_estimate(model, data);
    ADD_FAILURE() << "estimated at e^eps = 1";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), kNoInformation);
  }
}

}  // namespace
}  // namespace uldp::estimate
