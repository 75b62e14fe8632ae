// The sketch estimator, exactly: pure-LDP's CMSServer formula per report, its expectation over
// the exact output distribution (biased by the family's collisions, unbiased without them).
#include "uldp/mechanisms/cms/cms_estimator.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/mechanisms/cms/cms.h"

namespace uldp {
namespace {

// E[p̂] under π over the dense outputs of q.
std::vector<Rational> expected_estimate(const BloomFilterMechanism& q, const Rational& s,
                                        const std::vector<Rational>& pi) {
  const DenseMechanism dense = q.to_dense();
  std::vector<Rational> mean(q.num_inputs(), Rational(0));
  const std::size_t per_hash = std::size_t{1} << q.bits();
  for (std::size_t out = 0; out < dense.num_outputs(); ++out) {
    Rational m(0);
    for (std::size_t x = 0; x < q.num_inputs(); ++x) m += pi[x] * dense(x, out);
    for (std::size_t x = 0; x < q.num_inputs(); ++x)
      mean[x] += m * sketch_report_estimate(q, s, out / per_hash, out % per_hash, x);
  }
  return mean;
}

TEST(SketchEstimator, AssumesCollisionsAtRateOneOverM) {
  // Three inputs in three distinct buckets of m = 3 under both hashes: c(x, z) = 0, and the
  // estimator's m/(m-1) (. - 1/m) correction is exactly what removes the uniform 1/m.
  const Rational s(2);
  const BloomFilterMechanism q(3, {{{0}, {1}, {2}}, {{2}, {0}, {1}}},
                               BitChannel{s / (1 + s), 1 / (1 + s)});
  const std::vector<Rational> pi{Rational(1, 2), Rational(1, 3), Rational(1, 6)};
  // E[p̂(x)] = m/(m-1) (π(x) + Σ_{z != x} π(z) c(x, z) - 1/m) with c = 0: not π, since the
  // correction assumes collisions at rate 1/m.
  std::vector<Rational> expected;
  for (const Rational& p : pi) expected.push_back(Rational(3, 2) * (p - Rational(1, 3)));
  EXPECT_EQ(expected_estimate(q, s, pi), expected);
}

TEST(SketchEstimator, ItsMeanIsTheCollisionFormula) {
  // Inputs 0 and 1 share bucket 0 under hash 0 and not under hash 1: c(0, 1) = 1/2.
  const Rational s(3);
  const BloomFilterMechanism q(4, {{{0}, {0}, {2}}, {{1}, {3}, {2}}},
                               BitChannel{s / (1 + s), 1 / (1 + s)});
  const std::vector<Rational> pi{Rational(1, 5), Rational(3, 10), Rational(1, 2)};
  // c(x, z): 0-1: 1/2; 0-2: 0; 1-2: 0; m = 4: m/(m-1) = 4/3.
  const Rational r(4, 3), quarter(1, 4);
  const std::vector<Rational> expected{r * (pi[0] + pi[1] / 2 - quarter),
                                       r * (pi[1] + pi[0] / 2 - quarter), r * (pi[2] - quarter)};
  EXPECT_EQ(expected_estimate(q, s, pi), expected);
}

TEST(SketchEstimator, ReadsCountsAndRefusesWithoutInformation) {
  const Rational s(2);
  const BloomFilterMechanism q(2, {{{0}, {1}}}, BitChannel{s / (1 + s), 1 / (1 + s)});
  // One report (0, v = (+1, -1)): c = 3, p̂(0) = 2 (3/2 + 1/2 - 1/2) = 3, p̂(1) = 2 (-3/2 + 0) = -3.
  EXPECT_EQ(sketch_estimate(q, s, {0, 1, 0, 0}), (std::vector<Rational>{3, -3}));
  EXPECT_EQ(sketch_estimate(q, s, {0, 2, 0, 0}), sketch_estimate(q, s, {0, 1, 0, 0}));
  EXPECT_THROW(sketch_estimate(q, Rational(1), {0, 1, 0, 0}), InvalidArgument);
  EXPECT_THROW(sketch_estimate(q, s, {0, 0, 0, 0}), InvalidArgument);
  EXPECT_THROW(sketch_estimate(q, s, {0, 1, 0}), InvalidArgument);
}

}  // namespace
}  // namespace uldp
