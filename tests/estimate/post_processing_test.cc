// The post-processings of golden vectors: known answers, and Norm-Sub as the projection onto the
// simplex (checked by its optimality conditions on random vectors, fixed seed).
#include "uldp/estimate/post_processing.h"

#include <gtest/gtest.h>

#include <numeric>

#include "uldp/error.h"
#include "uldp/estimate/random.h"

namespace uldp::estimate {
namespace {

TEST(PostProcessing, KnownAnswers) {
  const std::vector<double> p = {0.6, 0.5, -0.1};
  // Norm-Sub: δ = (0.6 + 0.5 - 1) / 2 = 0.05 makes the two positive entries sum to 1.
  const std::vector<double> norm_sub = post_process(p, PostProcessing::kNormSub);
  EXPECT_NEAR(norm_sub[0], 0.55, 1e-15);
  EXPECT_NEAR(norm_sub[1], 0.45, 1e-15);
  EXPECT_EQ(norm_sub[2], 0.0);
  const std::vector<double> clipped = post_process(p, PostProcessing::kClipRenormalise);
  EXPECT_NEAR(clipped[0], 0.6 / 1.1, 1e-15);
  EXPECT_NEAR(clipped[1], 0.5 / 1.1, 1e-15);
  EXPECT_EQ(clipped[2], 0.0);
  const std::vector<double> renormalised =
      post_process(std::vector{0.5, 0.25, 0.5}, PostProcessing::kRenormalise);
  EXPECT_NEAR(renormalised[0], 0.4, 1e-15);
  EXPECT_NEAR(renormalised[1], 0.2, 1e-15);
  // Nothing positive: clip-renormalise is uniform; renormalise has nothing to scale.
  EXPECT_EQ(post_process(std::vector{-1.0, -2.0}, PostProcessing::kClipRenormalise),
            (std::vector{0.5, 0.5}));
  EXPECT_THROW(post_process(std::vector{-1.0, 1.0}, PostProcessing::kRenormalise), InvalidArgument);
  EXPECT_EQ(parse_post_processing("simplex", "--post"), PostProcessing::kNormSub);
  EXPECT_THROW(parse_post_processing("clip", "--post"), InvalidArgument);
}

// q = Norm-Sub(p) is the Euclidean projection of p onto the simplex exactly when q is on the
// simplex and p - q is a constant δ on q's support and at most δ off it (the KKT conditions).
TEST(PostProcessing, NormSubIsTheProjectionOntoTheSimplex) {
  Xoshiro256 rng(20261125);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<double> p(1 + trial % 9);
    for (double& v : p) v = 3 * uniform01(rng) - 1;
    const std::vector<double> q = post_process(p, PostProcessing::kNormSub);
    EXPECT_NEAR(std::accumulate(q.begin(), q.end(), 0.0), 1.0, 1e-12);
    double delta = 0;
    bool seen = false;
    for (std::size_t i = 0; i < p.size(); ++i) {
      ASSERT_GE(q[i], 0.0);
      if (q[i] > 0) {
        if (seen) {
          EXPECT_NEAR(p[i] - q[i], delta, 1e-12);
        }
        delta = p[i] - q[i];
        seen = true;
      }
    }
    ASSERT_TRUE(seen);
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (q[i] == 0) {
        EXPECT_LE(p[i], delta + 1e-12);
      }
    }
  }
}

}  // namespace
}  // namespace uldp::estimate
