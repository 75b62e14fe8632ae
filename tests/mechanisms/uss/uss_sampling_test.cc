// uSS's structured sampler against the exact mechanism (report frequencies per input against the
// dense Q, 5 binomial standard errors, fixed seeds) and its EM on a small sample.
#include "uldp/mechanisms/uss/uss_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "uldp/mechanisms/uss/uss.h"

namespace uldp::estimate {
namespace {

const IndexSet kSensitive = IndexSet::parse("0,1,3,4", 6, "xs");
const PrivacyBudget kBudget = PrivacyBudget::from_exp_eps(Rational(3));

// A report's dense label: "{0,3}", "2" ({x} alone) or "{0,2,3}".
std::string label(std::span<const std::uint32_t> bits) {
  if (bits.size() == 1 && !kSensitive.contains(bits[0])) return std::to_string(bits[0]);
  std::string s = "{";
  for (std::size_t i = 0; i < bits.size(); ++i) {
    if (i > 0) s += ',';
    s += std::to_string(bits[i]);
  }
  s += '}';
  return s;
}

TEST(SubsetSelectionSampler, ReportFrequenciesMatchTheExactMatrix) {
  for (std::size_t block = 1; block <= 4; ++block) {
    const DenseExpansion d = uss_classes(kSensitive, block, kBudget).to_dense();
    const UssParams params = uss_params(kSensitive, block, kBudget);
    Xoshiro256 rng(31 + block);
    constexpr std::size_t kDraws = 40000;
    for (std::uint32_t x = 0; x < 6; ++x) {
      const std::vector<std::uint32_t> inputs(kDraws, x);
      const BitReports reports = sample_reports(rng, params, inputs);
      std::map<std::string, double> seen;
      for (std::size_t i = 0; i < reports.size(); ++i) seen[label(reports.report(i))] += 1;
      double total = 0;
      for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
        const double q = d.matrix(x, y).convert_to<double>();
        const double f = seen[d.matrix.output_labels()[y]] / kDraws;
        total += f;
        EXPECT_NEAR(f, q, 5 * std::sqrt(q * (1 - q) / kDraws) + 1e-12)
            << "K=" << block << " x=" << x << " y=" << d.matrix.output_labels()[y];
      }
      EXPECT_NEAR(total, 1.0, 1e-12) << "a report outside the dense outputs";
    }
  }
}

TEST(SubsetSelectionEstimator, EmRecoversTheInputDistribution) {
  const UssParams params = uss_params(kSensitive, 2, kBudget);
  Xoshiro256 rng(5);
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t x = 0; x < 6; ++x) inputs.insert(inputs.end(), 3000 * (x % 2 + 1), x);
  const EmResult em = em_estimate_uss(params, sample_reports(rng, params, inputs), {});
  double total = 0;
  for (std::size_t x = 0; x < 6; ++x) {
    EXPECT_NEAR(em.p[x], (x % 2 + 1) / 9.0, 0.03) << x;
    total += em.p[x];
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_TRUE(em.converged);
}

}  // namespace
}  // namespace uldp::estimate
