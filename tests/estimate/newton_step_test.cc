// The Newton driver's candidate step (estimate/src/internal, white box): it is the exact
// maximiser of the damped quadratic model over the simplex with each coordinate kept at or above
// kNewtonShrink of its value, checked against feasible points around it and against the
// current point (Δ = 0), at small damping where many coordinates sit at their bound.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "internal/em_drivers.h"

namespace uldp::estimate::internal {
namespace {

struct Model {
  std::vector<double> p;
  CurvaturePass at;
};

// A random model at a random p: gradients spread over two orders of magnitude so that the
// undamped step pushes some coordinates far below zero.
Model random_model(std::mt19937_64& rng, std::size_t k, bool low_rank) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Model m;
  m.p.resize(k);
  double total = 0;
  for (double& v : m.p) total += (v = std::pow(10.0, -4.0 * unit(rng)));
  for (double& v : m.p) v /= total;
  m.at.gradient.resize(k), m.at.diagonal.resize(k), m.at.mean.resize(k);
  for (std::size_t j = 0; j < k; ++j) {
    m.at.gradient[j] = 100.0 * std::pow(10.0, 2.0 * unit(rng) - 1.0);
    m.at.diagonal[j] = 50.0 * unit(rng);
    m.at.mean[j] = low_rank ? 200.0 * unit(rng) : 0.0;
  }
  m.at.weight = low_rank ? 40.0 : 0.0;
  return m;
}

// The damped model at p + Δ (what newton_candidate maximises), from its definition.
double model_gain(const Model& m, double mu, const std::vector<double>& to) {
  double scale = 0;
  for (std::size_t j = 0; j < m.p.size(); ++j) scale += m.p[j] * m.at.gradient[j];
  double linear = 0, quadratic = 0, along_mean = 0;
  for (std::size_t j = 0; j < m.p.size(); ++j) {
    const double step = to[j] - m.p[j];
    linear += m.at.gradient[j] * step;
    quadratic += (m.at.diagonal[j] + mu * scale / m.p[j]) * step * step;
    along_mean += m.at.mean[j] * step;
  }
  if (m.at.weight > 0.0) quadratic += along_mean * along_mean / m.at.weight;
  return linear - 0.5 * quadratic;
}

// Sums to 1 and keeps each coordinate at or above its bound, up to the solve's relative residual
// (the step is renormalised, which scales the bound by 1 + Σ Δ).
bool feasible(const Model& m, const std::vector<double>& q) {
  double total = 0;
  for (std::size_t j = 0; j < q.size(); ++j) {
    if (q[j] < kNewtonShrink * m.p[j] * (1 - 1e-6)) {
      ADD_FAILURE() << "coordinate " << j << " at " << q[j] / m.p[j] << " of its value";
      return false;
    }
    total += q[j];
  }
  return std::fabs(total - 1.0) <= 1e-12;
}

TEST(NewtonStep, IsTheModelsMaximumOverTheBoundedSimplex) {
  std::mt19937_64 rng(31);
  for (bool low_rank : {false, true}) {
    for (double mu : {1e-8, 1e-4, 1e-2, 1.0}) {
      for (int trial = 0; trial < 20; ++trial) {
        const Model m = random_model(rng, 12, low_rank);
        std::vector<double> q;
        ASSERT_TRUE(newton_candidate(m.p, m.at, mu, q));
        ASSERT_TRUE(feasible(m, q));
        const double best = model_gain(m, mu, q);
        const double tolerance = 1e-9 * std::fabs(best) + 1e-12;
        EXPECT_GE(best, -tolerance) << "worse than staying at p";
        // The model is concave and the set convex: no feasible point nearby is better. Moves
        // between two coordinates (a basis of Σ Δ = 0), clipped at the bounds, both ways.
        for (std::size_t a = 0; a < q.size(); ++a) {
          for (std::size_t b = 0; b < q.size(); ++b) {
            if (a == b) continue;
            for (double size : {1e-3, 1e-6}) {
              std::vector<double> r = q;
              const double room = q[b] - kNewtonShrink * m.p[b];
              const double move = std::min(size, room);
              if (!(move > 0.0)) continue;
              r[a] += move, r[b] -= move;
              EXPECT_LE(model_gain(m, mu, r), best + tolerance)
                  << "mu " << mu << " low rank " << low_rank << " move " << a << " <- " << b;
            }
          }
        }
      }
    }
  }
}

TEST(NewtonStep, AtSmallDampingManyCoordinatesSitAtTheirBound) {
  // The case the step was built for: the undamped Newton step would empty most coordinates.
  std::mt19937_64 rng(32);
  const Model m = random_model(rng, 200, true);
  std::vector<double> q;
  ASSERT_TRUE(newton_candidate(m.p, m.at, 1e-8, q));
  ASSERT_TRUE(feasible(m, q));
  std::size_t at_bound = 0;
  for (std::size_t j = 0; j < q.size(); ++j) {
    at_bound += q[j] <= kNewtonShrink * m.p[j] * (1 + 1e-9) ? 1 : 0;
  }
  EXPECT_GT(at_bound, 10u);
  EXPECT_GT(model_gain(m, 1e-8, q), 0.0);
}

TEST(NewtonStep, AZeroCoordinateStaysZero) {
  std::mt19937_64 rng(33);
  Model m = random_model(rng, 8, true);
  m.p[3] = 0.0;
  double total = 0;
  for (double v : m.p) total += v;
  for (double& v : m.p) v /= total;
  std::vector<double> q;
  ASSERT_TRUE(newton_candidate(m.p, m.at, 1e-3, q));
  EXPECT_EQ(q[3], 0.0);
  double sum = 0;
  for (double v : q) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

TEST(NewtonStep, OneSymbolStaysPutAndNoUnforcedReportsNeedsNoRankOneTerm) {
  std::mt19937_64 rng(34);
  Model one = random_model(rng, 1, true);
  std::vector<double> q;
  ASSERT_TRUE(newton_candidate(one.p, one.at, 1e-4, q));
  EXPECT_EQ(q, std::vector<double>{1.0});
  // weight 0: every report forced (uRAP with only non-sensitive inputs); still the maximum.
  const Model forced = random_model(rng, 10, false);
  ASSERT_TRUE(newton_candidate(forced.p, forced.at, 1e-4, q));
  ASSERT_TRUE(feasible(forced, q));
  EXPECT_GE(model_gain(forced, 1e-4, q), 0.0);
}

TEST(NewtonStep, ACoordinateTooSmallToDampStaysPut) {
  // μ s / p_j overflows for a subnormal p_j: that coordinate is held, the others still move.
  std::mt19937_64 rng(36);
  Model m = random_model(rng, 8, true);
  m.p[5] = 1e-318;
  std::vector<double> q;
  ASSERT_TRUE(newton_candidate(m.p, m.at, 1.0, q));
  EXPECT_NEAR(q[5] / m.p[5], 1.0, 1e-2);  // a subnormal carries only a few digits
  EXPECT_NE(q, m.p);
}

TEST(NewtonStep, AtExtremeScalesItIsTheMaximumOrNoCandidate) {
  // Gradients, curvatures and weights over twelve orders of magnitude: a solve that does not
  // converge must say so (the driver then takes the plain update) rather than return a point
  // that is not the model's maximum.
  std::mt19937_64 rng(37);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto spread = [&] { return std::pow(10.0, 12.0 * unit(rng) - 6.0); };
  int accepted = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Model m = random_model(rng, 10, trial % 2 == 0);
    const double g = spread(), d = spread(), c = spread();
    for (std::size_t j = 0; j < m.p.size(); ++j) {
      m.at.gradient[j] *= g, m.at.diagonal[j] *= d, m.at.mean[j] *= c;
    }
    if (m.at.weight > 0.0) m.at.weight *= spread();
    for (double mu : {1e-8, 1.0}) {
      std::vector<double> q;
      if (!newton_candidate(m.p, m.at, mu, q)) continue;
      ++accepted;
      ASSERT_TRUE(feasible(m, q));
      const double best = model_gain(m, mu, q);
      const double tolerance = 1e-6 * std::fabs(best) + 1e-12;
      EXPECT_GE(best, -tolerance);
      for (std::size_t a = 0; a < q.size(); ++a) {
        for (std::size_t b = 0; b < q.size(); ++b) {
          const double move = std::min(1e-4, q[b] - kNewtonShrink * m.p[b]);
          if (a == b || !(move > 0.0)) continue;
          std::vector<double> r = q;
          r[a] += move, r[b] -= move;
          EXPECT_LE(model_gain(m, mu, r), best + tolerance) << "trial " << trial << " mu " << mu;
        }
      }
    }
  }
  EXPECT_GT(accepted, 600);  // of 800: refusing is for the rare unconverged solve
}

TEST(NewtonStep, ANonFiniteModelGivesNoCandidate) {
  std::mt19937_64 rng(35);
  Model m = random_model(rng, 6, true);
  m.at.gradient[2] = std::numeric_limits<double>::infinity();
  std::vector<double> q;
  EXPECT_FALSE(newton_candidate(m.p, m.at, 1e-4, q));
}

}  // namespace
}  // namespace uldp::estimate::internal
