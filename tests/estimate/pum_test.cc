// The PUM estimator, eq. (21), and its fallback.
#include "uldp/estimate/pum.h"

#include <numeric>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

const IndexSet kSensitive = IndexSet::from_indices({0}, 4, "X_S");  // X = {0..3}, X_S = {0}

TEST(Pum, KnownBackgroundKnowledgeIsMixedIn) {
  // r̂ over Z = {0,1,2,3, ⊥1, ⊥2}.
  const std::vector<double> r = {0.1, 0.2, 0.1, 0.2, 0.3, 0.1};
  const std::vector<std::optional<std::vector<double>>> pi = {
      std::vector<double>{0.0, 0.5, 0.5, 0.0}, std::vector<double>{0.0, 0.0, 0.0, 1.0}};
  const auto p = pum_estimate(r, pi, kSensitive);
  const std::vector<double> expected = {0.1, 0.2 + 0.15, 0.1 + 0.15, 0.2 + 0.1};
  for (std::size_t x = 0; x < 4; ++x) EXPECT_NEAR(p[x], expected[x], 1e-15);
  EXPECT_NEAR(std::accumulate(p.begin(), p.end(), 0.0), 1.0, 1e-15);
}

TEST(Pum, UnknownBotsFollowRHatOnXN) {
  const std::vector<double> r = {0.1, 0.2, 0.1, 0.2, 0.3, 0.1};
  const std::vector<std::optional<std::vector<double>>> pi = {std::nullopt,
                                                              std::vector<double>{0, 0, 0, 1}};
  const auto p = pum_estimate(r, pi, kSensitive);
  // π̂_1 = r̂ on X_N normalised: (0, 0.4, 0.2, 0.4).
  const std::vector<double> expected = {0.1, 0.2 + 0.12, 0.1 + 0.06, 0.2 + 0.12 + 0.1};
  for (std::size_t x = 0; x < 4; ++x) EXPECT_NEAR(p[x], expected[x], 1e-15);
}

TEST(Pum, NoKnowledgeAtAllDropsTheBotsAndRenormalisesXN) {
  const std::vector<double> r = {0.1, 0.2, 0.1, 0.2, 0.3, 0.1};
  const std::vector<std::optional<std::vector<double>>> pi = {std::nullopt, std::nullopt};
  const auto p = pum_estimate(r, pi, kSensitive);
  // X_N gets (1 - r̂(X_S)) in proportion to r̂: 0.9 * (0.4, 0.2, 0.4).
  EXPECT_NEAR(p[0], 0.1, 1e-15);
  EXPECT_NEAR(p[1], 0.36, 1e-15);
  EXPECT_NEAR(p[2], 0.18, 1e-15);
  EXPECT_NEAR(p[3], 0.36, 1e-15);
}

TEST(Pum, ErrorsNameTheProblem) {
  const std::vector<double> r = {0.1, 0.2, 0.1, 0.2, 0.4};
  const std::vector<std::optional<std::vector<double>>> two = {std::nullopt, std::nullopt};
  EXPECT_THROW(pum_estimate(r, two, kSensitive), InvalidArgument);
  const std::vector<std::optional<std::vector<double>>> short_pi = {std::vector<double>{1.0}};
  EXPECT_THROW(pum_estimate(r, short_pi, kSensitive), InvalidArgument);
}

TEST(Pum, IntermediateSensitiveSetAddsTheBots) {
  const IndexSet z = pum_intermediate_sensitive(kSensitive, 2);
  EXPECT_EQ(z.universe(), 6u);
  EXPECT_EQ(z.indices(), (std::vector<std::size_t>{0, 4, 5}));
}

}  // namespace
}  // namespace uldp::estimate
