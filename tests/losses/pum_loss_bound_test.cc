// Theorem 1 checked on exact random instances, and the counterexample to
// the printed form (signed r̂(⊥_k)) when an empirical r̂(⊥_k) is negative.
#include "uldp/losses/pum_loss_bound.h"

#include <gtest/gtest.h>

#include <random>

#include "test_support.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using testing::random_distribution;

// A random instance: true r over X ∪ bots, π_k, and estimates r̂ (sums to 1, may be negative).
struct Instance {
  std::vector<Rational> r, r_hat;
  std::vector<std::vector<Rational>> pi, pi_hat;
};

Instance random_instance(std::size_t k, std::size_t kappa, std::mt19937_64& rng) {
  Instance in;
  in.r = random_distribution(k + kappa, rng, false);
  std::uniform_int_distribution<int> noise(-30, 30);
  in.r_hat = in.r;
  Rational drift = 0;
  for (std::size_t z = 1; z < in.r_hat.size(); ++z) {
    const Rational d(noise(rng), 100);
    in.r_hat[z] += d;
    drift += d;
  }
  in.r_hat[0] -= drift;  // still sums to 1, like an empirical estimate
  for (std::size_t b = 0; b < kappa; ++b) {
    in.pi.push_back(random_distribution(k, rng));
    in.pi_hat.push_back(random_distribution(k, rng));
  }
  return in;
}

std::vector<Rational> true_p(const Instance& in) { return pum_estimate(in.r, in.pi); }  // eq. (55)

TEST(PumLossBound, HoldsWithAbsoluteWeightsOnRandomInstances) {
  std::mt19937_64 rng(2718);
  int negative_bots = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t k = 2 + trial % 4, kappa = 1 + trial % 3;
    const Instance in = random_instance(k, kappa, rng);
    const PumLossTerms terms = pum_l1_bound(in.r_hat, in.r, in.pi_hat, in.pi);
    const Rational loss = l1_distance(pum_estimate(in.r_hat, in.pi_hat), true_p(in));
    EXPECT_LE(loss, terms.bound);
    EXPECT_LE(terms.background, terms.background_worst);
    for (std::size_t b = 0; b < kappa; ++b) negative_bots += in.r_hat[k + b] < 0;
  }
  EXPECT_GT(negative_bots, 100);  // the instances do exercise negative estimates
}

TEST(PumLossBound, PrintedSignedFormFailsForNegativeBotEstimate) {
  // docs/errata-utility.md: |X| = 3, one bot.
  const std::vector<Rational> r = {Rational(1, 11), Rational(3, 11), Rational(5, 11),
                                   Rational(2, 11)};
  const std::vector<Rational> r_hat = {Rational(131, 110), Rational(4, 55), Rational(3, 55),
                                       Rational(-7, 22)};
  const std::vector<std::vector<Rational>> pi = {{Rational(2, 9), Rational(1, 3), Rational(4, 9)}};
  const std::vector<std::vector<Rational>> pi_hat = {{Rational(0), Rational(0), Rational(1)}};
  const Rational loss = l1_distance(pum_estimate(r_hat, pi_hat), pum_estimate(r, pi));
  const Rational signed_bound = l1_distance(r_hat, r) + r_hat[3] * l1_distance(pi_hat[0], pi[0]);
  EXPECT_EQ(loss, Rational(1049, 495));
  EXPECT_EQ(signed_bound, Rational(914, 495));
  EXPECT_GT(loss, signed_bound);  // the printed inequality fails
  const PumLossTerms terms = pum_l1_bound(r_hat, r, pi_hat, pi);
  EXPECT_EQ(terms.bound, Rational(1264, 495));
  EXPECT_LE(loss, terms.bound);
}

TEST(PumLossBound, EqualsTheLossWhenBackgroundIsExact) {
  std::mt19937_64 rng(4);
  const Instance in = random_instance(4, 2, rng);
  const PumLossTerms terms = pum_l1_bound(in.r_hat, in.r, in.pi, in.pi);
  EXPECT_EQ(terms.background, 0);
  EXPECT_LE(l1_distance(pum_estimate(in.r_hat, in.pi), true_p(in)), terms.intermediate);
}

TEST(PumLossBound, RejectsMismatchedSizes) {
  const std::vector<Rational> r_hat = {Rational(1, 2), Rational(1, 2)};
  EXPECT_THROW(pum_estimate(r_hat, {{Rational(1), Rational(0)}}), InvalidArgument);  // |X| = 1 here
  EXPECT_THROW(pum_estimate(r_hat, {{Rational(1)}, {Rational(1)}}), InvalidArgument);
  EXPECT_THROW(l1_distance(r_hat, {Rational(1)}), InvalidArgument);
}

}  // namespace
}  // namespace uldp
