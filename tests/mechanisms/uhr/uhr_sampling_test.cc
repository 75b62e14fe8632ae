// uHR's structured sampler and estimators against the exact mechanism: report frequencies per
// input against the dense Q (5 binomial standard errors, fixed seeds), the fast-transform
// estimate against the estimator written out column by column, EM on the dense model where it
// is small and its one-line refusal where it is not.
#include "uldp/mechanisms/uhr/uhr_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/mechanisms/uhr/uhr.h"
#include "uldp/mechanisms/uhr/uhr_estimator.h"

namespace uldp::estimate {
namespace {

const IndexSet kSensitive = IndexSet::parse("1,2,4,6,7", 9, "xs");  // v = 5, V = 8
const PrivacyBudget kBudget = PrivacyBudget::from_exp_eps(Rational(3));

TEST(HadamardSampler, ReportFrequenciesMatchTheExactMatrix) {
  const DenseExpansion d = uhr_classes(kSensitive, kBudget).to_dense();
  const UhrParams params = uhr_params(kSensitive, kBudget);
  ASSERT_EQ(params.outputs(), d.matrix.num_outputs());
  Xoshiro256 rng(2025);
  constexpr std::size_t kDraws = 40000;
  for (std::uint32_t x = 0; x < 9; ++x) {
    const std::vector<std::uint32_t> inputs(kDraws, x);
    std::vector<double> seen(params.outputs(), 0.0);
    for (std::uint32_t y : sample_reports(rng, params, inputs)) {
      ASSERT_LT(y, params.outputs());
      seen[y] += 1;
    }
    for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
      const double q = d.matrix(x, y).convert_to<double>();
      EXPECT_NEAR(seen[y] / kDraws, q, 5 * std::sqrt(q * (1 - q) / kDraws) + 1e-12)
          << "x=" << x << " y=" << d.matrix.output_labels()[y];
    }
  }
}

TEST(HadamardEstimator, TransformEqualsTheColumnSum) {
  const UhrParams params = uhr_params(kSensitive, kBudget);
  const std::vector<std::uint64_t> counts = {5, 0, 3, 9, 1, 4, 4, 2, 7, 0, 6, 1};  // 8 + 4
  ASSERT_EQ(counts.size(), params.outputs());
  const std::vector<double> p = empirical_estimate_uhr(params, counts);
  const double n = 42, c = 2;  // c = (t+1)/(t-1) at t = 3
  const IndexSet open = kSensitive.complement();
  for (std::size_t r = 0; r < 5; ++r) {
    double sum = 0;
    for (std::size_t j = 0; j < 8; ++j)
      sum += (hadamard_plus(r + 1, j) ? 1.0 : -1.0) * static_cast<double>(counts[j]) / n;
    EXPECT_NEAR(p[kSensitive.indices()[r]], c * sum, 1e-15) << r;
  }
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_NEAR(p[open.indices()[i]], c * static_cast<double>(counts[8 + i]) / n, 1e-15);
  EXPECT_THROW(empirical_estimate_uhr(params, std::vector<std::uint64_t>(11, 1)), InvalidArgument);
  EXPECT_THROW(empirical_estimate_uhr(
                   uhr_params(kSensitive, PrivacyBudget::from_exp_eps(Rational(1))), counts),
               InvalidArgument);
}

TEST(HadamardEstimator, EmOnTheDenseModelAndItsLimit) {
  const UhrParams params = uhr_params(kSensitive, kBudget);
  Xoshiro256 rng(7);
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t x = 0; x < 9; ++x) inputs.insert(inputs.end(), 1000 * (x % 3 + 1), x);
  std::vector<std::uint64_t> counts(params.outputs(), 0);
  for (std::uint32_t y : sample_reports(rng, params, inputs)) ++counts[y];
  const EmResult em = em_estimate_uhr(params, counts, EmOptions{});
  double total = 0;
  for (std::size_t x = 0; x < 9; ++x) {
    EXPECT_GE(em.p[x], 0.0);
    total += em.p[x];
    EXPECT_NEAR(em.p[x], (x % 3 + 1) / 18.0, 0.05) << x;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  // 12800 x (4096 + 10368) entries: refused before anything is built.
  const UhrParams large = uhr_params(IndexSet::parse("0-2431", 12800, "xs"), kBudget);
  try {
    em_estimate_uhr(large, std::vector<std::uint64_t>(large.outputs(), 1), EmOptions{});
    FAIL() << "no refusal";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("uHR EM"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
  }
}

// The golden vectors' exact estimate and the server's double one are the same estimator.
TEST(HadamardEstimator, ExactEstimateIsTheDoubleOne) {
  const UhrParams params = uhr_params(kSensitive, kBudget);
  std::vector<std::uint64_t> counts(params.outputs());
  for (std::size_t y = 0; y < counts.size(); ++y) counts[y] = 17 + 29 * y % 13;
  const std::vector<Rational> exact = exact_empirical_estimate_uhr(kSensitive, Rational(3), counts);
  const std::vector<double> fast = empirical_estimate_uhr(params, counts);
  ASSERT_EQ(exact.size(), fast.size());
  for (std::size_t x = 0; x < exact.size(); ++x) {
    EXPECT_NEAR(exact[x].convert_to<double>(), fast[x], 1e-12) << x;
  }
  counts.pop_back();
  EXPECT_THROW(exact_empirical_estimate_uhr(kSensitive, Rational(3), counts), InvalidArgument);
}

// Report files name uHR's outputs as `uldp mechanism uhr --format csv` does, and read back what
// they wrote; a column index where a label belongs is refused, not read as another output.
TEST(HadamardReports, FilesUseTheMechanismsLabels) {
  const UhrParams params = uhr_params(kSensitive, kBudget);
  const std::vector<std::string> labels = report_labels(EstimationModel(params));
  EXPECT_EQ(labels, uhr_classes(kSensitive, kBudget).to_dense().matrix.output_labels());
  EXPECT_EQ(labels.front(), "h0");
  EXPECT_EQ(labels.back(), "8");
  Xoshiro256 rng(7);
  const std::vector<std::uint32_t> inputs = {0, 1, 2, 3, 4, 5, 6, 7, 8, 1, 1};
  const std::vector<std::uint32_t> reports = sample_reports(rng, params, inputs);
  std::stringstream file;
  write_symbol_reports(file, reports, labels);
  const ReportData read = read_reports(file, "r.txt", params.outputs(), false, labels);
  EXPECT_EQ(read.symbol_counts, histogram(reports, params.outputs()));
  std::istringstream index("h3\n1\n");  // 1 is in X_S: no output is named 1
  try {
    read_reports(index, "r.txt", params.outputs(), false, labels);
    FAIL() << "an index read as a label";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("r.txt:2:1: '1' is not an output label (h0, ..., 8"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace uldp::estimate
