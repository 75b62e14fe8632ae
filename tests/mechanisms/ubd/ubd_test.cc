// uBD (arXiv 2509.24173) checked against the description of the reference code, formula by
// formula, exactly.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"

namespace uldp {
namespace {

// uBD: the probabilities of the description, simplified by hand with D = t + v/K - 1:
// a block holding a sensitive x has probability t v / ((Kt + v - K) C(v, K)); every other
// entry of a block column is v / ((Kt + v - K) C(v, K)); a non-sensitive x keeps itself with
// K(t-1) / (Kt + v - K).
TEST(UtilityOptimizedBlockDesign, ConstantsMatchTheSimplifiedForms) {
  for (const Rational& t : {Rational(1), Rational(2), Rational(22, 7), Rational(1000)}) {
    for (std::size_t v = 1; v <= 9; ++v) {
      for (std::size_t block = 1; block <= v; ++block) {
        const UbdConstants c = ubd_constants(v, block, t);
        const Rational c_v = Rational(binomial(v, block));
        const Rational spread = block * t + v - block;
        EXPECT_EQ(c.blocks, binomial(v, block));
        EXPECT_EQ(c.in_block, t * v / (spread * c_v));
        if (block < v) {
          EXPECT_EQ(c.off_block, v / (spread * c_v));
        }
        EXPECT_EQ(c.from_open, v / (spread * c_v));
        EXPECT_EQ(c.reports_self, block * (t - 1) / spread);
      }
    }
  }
  EXPECT_EQ(binomial(2432, 0), 1);
  EXPECT_EQ(binomial(5, 2), 10);
  EXPECT_EQ(binomial(3, 4), 0);
}

// The estimator is unbiased (the mean single-report estimate from input x is e_x) and its
// l2 quadratic is E[||p̂_1||^2 | x], both recomputed from the dense matrix output by output.
TEST(UtilityOptimizedBlockDesign, EstimatorIsUnbiasedAndItsL2IsExact) {
  for (const Rational& t : {Rational(3, 2), Rational(5), Rational(81)}) {
    for (const char* xs_text : {"0,1", "1,2,4", "0-3", "0,2,3,5", "0-4"}) {
      const IndexSet xs = IndexSet::parse(xs_text, 6, "xs");
      for (std::size_t block = 1; block < xs.size(); ++block) {
        const PrivacyBudget b = PrivacyBudget::from_exp_eps(t);
        const DenseExpansion d = ubd_classes(xs, block, b).to_dense();
        const UbdEstimator e = ubd_estimator(xs.size(), block, t);
        const UbdConstants c = ubd_constants(xs.size(), block, t);
        const L2Quadratic quadratic = ubd_l2_quadratic(xs, block, b);
        const std::size_t blocks = c.blocks.convert_to<std::size_t>();
        const IndexSet open = xs.complement();
        for (std::size_t x = 0; x < 6; ++x) {
          std::vector<Rational> mean(6);
          Rational norm = 0;
          for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
            std::vector<Rational> single(6);
            for (std::size_t s : xs.indices()) {
              const bool in = y < blocks && d.matrix(s, y) == c.in_block;
              single[s] =
                  y < blocks
                      ? Rational((in ? 1 / e.sensitive_gain : Rational(0)) - e.sensitive_offset)
                      : Rational(e.spill / e.sensitive_gain - e.sensitive_offset);
            }
            if (y >= blocks) single[open.indices()[y - blocks]] = 1 / e.open_gain;
            for (std::size_t z = 0; z < 6; ++z) {
              mean[z] += d.matrix(x, y) * single[z];
              norm += d.matrix(x, y) * single[z] * single[z];
            }
          }
          for (std::size_t z = 0; z < 6; ++z) EXPECT_EQ(mean[z], z == x ? 1 : 0) << xs_text;
          EXPECT_EQ(quadratic.constant + quadratic.linear[x], norm) << xs_text << " x=" << x;
        }
      }
    }
  }
  EXPECT_THROW(ubd_estimator(3, 3, Rational(2)), InvalidArgument);  // K = |X_S|
  EXPECT_THROW(ubd_estimator(3, 1, Rational(1)), InvalidArgument);  // t = 1
}

// The paper's largest setting: C(2432, 300) outputs (393 digits), checked without listing them,
// tight at t (its time is bench/class_check_bench.cc's).
TEST(UtilityOptimizedBlockDesign, ChecksAtTheLargestSettingWithoutEnumerating) {
  const IndexSet xs = IndexSet::parse("0-2431", 12800, "xs");
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(403));
  const ClassStructuredMechanism m = ubd_classes(xs, 300, b);
  const Verdict v = check_uldp(m, xs, b, UldpReading::kLiteral);
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(403)));
  EXPECT_EQ(m.num_protected_outputs(), binomial(2432, 300));
  EXPECT_EQ(m.num_protected_outputs().str().size(), 393u);
}

}  // namespace
}  // namespace uldp
