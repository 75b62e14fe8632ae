// The per-bit estimator, exactly: unbiased for every input distribution (its expectation over
// the exact output distribution is the input distribution), its l2 quadratic equal to the loss
// computed output by output, and its refusals.
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_estimator.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/bloom_filter_privacy_check.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

namespace uldp {
namespace {

// Three inputs over 4 bits and 2 cohorts, filters linearly independent.
BloomFilterMechanism small() {
  return BloomFilterMechanism(4, {{{0, 1}, {1, 2}, {3}}, {{2}, {0, 3}, {0, 1}}},
                              BitChannel{Rational(11, 16), Rational(9, 16)});
}

// Σ_y m(y) B(y, .) and Σ_y m(y) ||B(y, .)||^2 for m = π Q, over the dense outputs, B(y, x) being
// the estimate from one report y (its counts: 1 at y).
struct Moments {
  std::vector<Rational> mean;
  Rational second;
};
Moments moments(const BloomFilterMechanism& q, const std::vector<Rational>& pi) {
  const DenseMechanism dense = q.to_dense();
  Moments out{std::vector<Rational>(q.num_inputs(), Rational(0)), Rational(0)};
  for (std::size_t y = 0; y < dense.num_outputs(); ++y) {
    Rational m(0);
    for (std::size_t x = 0; x < q.num_inputs(); ++x) m += pi[x] * dense(x, y);
    std::vector<std::uint64_t> counts(dense.num_outputs(), 0);
    counts[y] = 1;
    const std::vector<Rational> b = per_bit_estimate(q, counts);
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      out.mean[x] += m * b[x];
      out.second += m * b[x] * b[x];
    }
  }
  return out;
}

TEST(RapporBloomEstimator, IsUnbiasedForEveryInputDistribution) {
  const BloomFilterMechanism q = small();
  for (const std::vector<Rational>& pi : {std::vector<Rational>{1, 0, 0},
                                          {Rational(1, 2), Rational(1, 3), Rational(1, 6)},
                                          {0, Rational(2, 5), Rational(3, 5)}}) {
    EXPECT_EQ(moments(q, pi).mean, pi);
  }
}

TEST(RapporBloomEstimator, ItsL2QuadraticIsTheLossOutputByOutput) {
  const BloomFilterMechanism q = small();
  const L2Quadratic quadratic = per_bit_l2_quadratic(q);
  EXPECT_EQ(quadratic.constant, 0);
  const std::vector<Rational> pi{Rational(1, 2), Rational(1, 3), Rational(1, 6)};
  Rational from_quadratic(0), squares(0);
  for (std::size_t x = 0; x < 3; ++x) {
    from_quadratic += quadratic.linear[x] * pi[x];
    squares += pi[x] * pi[x];
  }
  // n E[l2^2] for n = 1: E||π̂||^2 - ||π||^2 (π̂ unbiased).
  EXPECT_EQ(from_quadratic - squares, moments(q, pi).second - squares);
}

// An eps-LDP mechanism is (X_S, Y, eps)-ULDP for every X_S, so the limit of arXiv 2509.24173 at
// its tight e^eps bounds its worst case from below.
TEST(RapporBloomEstimator, ItsWorstCaseIsAtLeastTheFundamentalLimit) {
  std::vector<std::vector<BloomBits>> filters(2);
  for (std::uint32_t c = 0; c < 2; ++c) {
    for (std::size_t x = 0; x < 8; ++x) filters[c].push_back(bloom_bits_of(x, c, 16, 2));
  }
  const BloomFilterMechanism q(16, filters, BitChannel{Rational(11, 16), Rational(9, 16)});
  const ExtendedRational t = check_ldp(q, std::nullopt).tight_exp_eps;
  ASSERT_FALSE(t.is_infinite());
  const Rational worst = worst_case_l2_loss(per_bit_l2_quadratic(q), 1).value;
  for (std::size_t v : {2u, 5u, 7u}) {
    EXPECT_GE(worst, fundamental_limit(LimitSetting{8, v, t.value()}).value.lower) << v;
  }
}

TEST(RapporBloomEstimator, CountsAreReadPerCohortAndBit) {
  const BloomFilterMechanism q = small();
  // 16 outputs per cohort; every report "0:0000": z(0, j) = -p*/(q* - p*) for every bit.
  std::vector<std::uint64_t> counts(32, 0);
  counts[0] = 5;
  std::vector<std::uint64_t> one(32, 0);
  one[0] = 1;
  EXPECT_EQ(per_bit_estimate(q, counts), per_bit_estimate(q, one));  // frequencies, not counts
}

TEST(RapporBloomEstimator, RefusesWhatNoUnbiasedEstimatorSeparates) {
  auto refusal = [](const BloomFilterMechanism& q) {
    try {
      bloom_bit_weights(q);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const BitChannel channel{Rational(11, 16), Rational(9, 16)};
  EXPECT_EQ(refusal(BloomFilterMechanism(4, {{{0, 1}, {2}, {0, 1}}}, channel)),
            "rappor-bloom estimate: the inputs' Bloom filters are linearly dependent (inputs 0 "
            "and 2 set the same bits in every cohort), so no unbiased estimator separates them; "
            "more bits or cohorts do, or --method em");
  // {0}, {1}, {0,1}: the third is the sum of the first two.
  EXPECT_EQ(refusal(BloomFilterMechanism(2, {{{0}, {1}, {0, 1}}}, channel)),
            "rappor-bloom estimate: the inputs' Bloom filters are linearly dependent, so no "
            "unbiased estimator separates them; more bits or cohorts do, or --method em");
  EXPECT_EQ(
      refusal(BloomFilterMechanism(2, {{{0}, {1}}}, BitChannel{Rational(1, 2), Rational(1, 2)})),
      "rappor-bloom estimate: q* = p*, so no report carries information");
}

TEST(RapporBloomEstimator, RefusesAnEliminationBeyondItsLimitBeforeAllocatingIt) {
  // 128 inputs x (128 + 128 cohorts x 4096 bits): 67 million rationals, refused before any.
  std::vector<std::vector<BloomBits>> large(128, std::vector<BloomBits>(128));
  for (auto& cohort : large) {
    for (std::size_t x = 0; x < 128; ++x) cohort[x] = {static_cast<std::uint32_t>(x)};
  }
  try {
    bloom_bit_weights(
        BloomFilterMechanism(4096, large, BitChannel{Rational(11, 16), Rational(9, 16)}));
    ADD_FAILURE() << "accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "bloom_bits: rappor-bloom's exact per-bit estimator eliminates k (k + C m) = "
              "67125248 rationals, beyond 4194304 (fewer inputs, cohorts or bits fit)");
  }
}

}  // namespace
}  // namespace uldp
