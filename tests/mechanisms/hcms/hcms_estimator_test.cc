// The Hadamard sketch's estimator, exactly: its mean is the count-mean sketch's collision
// formula m/(m-1) (Σ_z π(z) c(x, z) - 1/m), by the orthogonality of Hadamard rows.
#include "uldp/mechanisms/hcms/hcms_estimator.h"

#include <gtest/gtest.h>

#include <vector>

#include "uldp/error.h"
#include "uldp/mechanisms/cms/cms.h"

namespace uldp {
namespace {

TEST(HadamardSketchEstimator, ItsMeanIsTheCollisionFormula) {
  const HcmsSpec spec{PrivacyBudget::from_exp_eps(Rational(3)), 3, 4, nullptr};
  const std::size_t k = 5;
  const DenseExpansion dense = hcms_classes(k, spec).to_dense();
  const std::vector<Rational> pi{Rational(1, 10), Rational(1, 5), Rational(3, 10), Rational(1, 4),
                                 Rational(3, 20)};
  const Rational m(4);
  for (std::size_t x = 0; x < k; ++x) {
    Rational mean(0);
    for (std::size_t y = 0; y < dense.matrix.num_outputs(); ++y) {
      Rational q(0);
      for (std::size_t z = 0; z < k; ++z) q += pi[z] * dense.matrix(z, y);
      mean += q * hadamard_report_estimate(spec, y, x);
    }
    Rational collisions(0);  // Σ_z π(z) c(x, z), c the share of the J hashes colliding
    for (std::size_t z = 0; z < k; ++z) {
      for (std::uint64_t j = 0; j < spec.hashes; ++j) {
        if (sketch_hash(z, j, spec.width) == sketch_hash(x, j, spec.width))
          collisions += pi[z] / Rational(Integer(spec.hashes));
      }
    }
    EXPECT_EQ(mean, m / (m - 1) * (collisions - 1 / m)) << x;
  }
}

TEST(HadamardSketchEstimator, ReadsCountsAndRefusesWithoutInformation) {
  const HcmsSpec spec{PrivacyBudget::from_exp_eps(Rational(3)), 1, 2, nullptr};
  // One report (0, 0, +1): c = 2, and H[0][.] = +1 for every bucket: p̂ = 2 (2 - 1/2) = 3.
  EXPECT_EQ(hadamard_sketch_estimate(2, spec, {0, 1, 0, 0}), (std::vector<Rational>{3, 3}));
  EXPECT_THROW(hadamard_sketch_estimate(2, spec, {0, 0, 0, 0}), InvalidArgument);
  EXPECT_THROW(hadamard_sketch_estimate(2, spec, {0, 1, 0}), InvalidArgument);
  const HcmsSpec flat{PrivacyBudget::from_exp_eps(Rational(1)), 1, 2, nullptr};
  EXPECT_THROW(hadamard_sketch_estimate(2, flat, {0, 1, 0, 0}), InvalidArgument);
}

}  // namespace
}  // namespace uldp
