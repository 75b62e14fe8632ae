// The lane kernel (estimate/src/internal/lane_streams.h): the vector and scalar kernels agree,
// and each output bit is U < off for U built from its own stream's words, checked against a
// per-lane re-derivation that knows nothing of the kernel's loop.
#include "internal/lane_streams.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace uldp::estimate::internal {
namespace {

// A group with random lane masks and per-lane random offs of `digits` binary digits.
LaneGroup random_group(Xoshiro256& rng, std::size_t digits) {
  LaneGroup group;
  group.digits.resize(digits);
  for (std::size_t l = 0; l < kLanes; ++l) {
    const std::uint64_t lanes = rng(), always = rng() & ~lanes;
    group.undecided.lane[l] = lanes;
    group.always.lane[l] = always;
    for (std::size_t i = 0; i < digits; ++i) group.digits[i].lane[l] = rng() & lanes;
  }
  return group;
}

std::vector<LaneGroup> some_groups() {
  Xoshiro256 rng(3);
  std::vector<LaneGroup> groups;
  for (std::size_t digits : {0, 1, 5, 12, 13, 53, 60}) groups.push_back(random_group(rng, digits));
  // Every lane with off = 1/2 (one digit) and with off = 0.3775406687981454's 53 digits.
  LaneGroup half;
  half.digits.resize(1);
  for (std::size_t l = 0; l < kLanes; ++l) {
    half.undecided.lane[l] = ~std::uint64_t{0};
    half.digits[0].lane[l] = ~std::uint64_t{0};
  }
  groups.push_back(half);
  return groups;
}

TEST(LaneStreams, VectorAndScalarKernelsDrawTheSameWords) {
  const std::vector<LaneGroup> groups = some_groups();
  Xoshiro256 a(11), b(11);
  LaneStreams fast(a), scalar(b);
  const std::size_t repetitions = 300;
  std::vector<std::uint64_t> out_fast(repetitions * groups.size() * kLanes);
  std::vector<std::uint64_t> out_scalar(out_fast.size());
  draw_lane_groups(fast, groups, repetitions, out_fast.data(), LaneKernel::kFastest);
  draw_lane_groups(scalar, groups, repetitions, out_scalar.data(), LaneKernel::kScalar);
  EXPECT_EQ(out_fast, out_scalar);
  for (std::size_t w = 0; w < 4; ++w) {
    for (std::size_t l = 0; l < kLanes; ++l) {
      EXPECT_EQ(fast.state[w].lane[l], scalar.state[w].lane[l]) << "state word " << w;
    }
  }
  if (!lane_kernel_is_vectorized()) GTEST_SKIP() << "no AVX-512 here: both ran the scalar kernel";
}

// Lane l of the streams is Xoshiro256 seeded with the l-th draw of the caller's generator.
std::vector<Xoshiro256> lane_generators(std::uint64_t seed) {
  Xoshiro256 rng(seed);
  std::vector<Xoshiro256> lanes;
  for (std::size_t l = 0; l < kLanes; ++l) lanes.emplace_back(rng());
  return lanes;
}

TEST(LaneStreams, EachBitIsItsUniformBelowItsOff) {
  const std::vector<LaneGroup> groups = some_groups();
  Xoshiro256 rng(12);
  LaneStreams streams(rng);
  std::vector<std::uint64_t> out(groups.size() * kLanes);
  draw_lane_groups(streams, groups, 1, out.data(), LaneKernel::kScalar);

  std::vector<Xoshiro256> lanes = lane_generators(12);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const LaneGroup& group = groups[g];
    const std::size_t digits = group.digits.size();
    // Each lane's random words for every digit (drawn ahead on copies of the lane's generator).
    std::vector<std::vector<std::uint64_t>> words(kLanes);
    for (std::size_t l = 0; l < kLanes; ++l) {
      Xoshiro256 copy = lanes[l];
      for (std::size_t i = 0; i < digits; ++i) words[l].push_back(copy());
    }
    // Bit j of lane l: U's digit i is bit j of word i; decided at the first i where it differs
    // from off's digit i. The group runs until every bit is decided (at least kFixedSteps).
    std::size_t steps = std::min(digits, kFixedSteps);
    for (std::size_t l = 0; l < kLanes; ++l) {
      std::uint64_t expected = group.always.lane[l];
      for (std::size_t j = 0; j < 64; ++j) {
        if (((group.undecided.lane[l] >> j) & 1U) == 0) continue;
        std::size_t i = 0;
        bool below = false;
        for (; i < digits; ++i) {
          const bool u = (words[l][i] >> j) & 1U, o = (group.digits[i].lane[l] >> j) & 1U;
          if (u != o) {
            below = o;  // U's digit 0 where off's is 1
            break;
          }
        }
        steps = std::max(steps, std::min(i + 1, digits));
        if (below) expected |= std::uint64_t{1} << j;
      }
      EXPECT_EQ(out[g * kLanes + l], expected) << "group " << g << " lane " << l;
    }
    for (Xoshiro256& lane : lanes) {
      for (std::size_t i = 0; i < steps; ++i) lane();
    }
  }
  // Every lane's stream advanced by exactly the steps its groups took.
  for (std::size_t l = 0; l < kLanes; ++l) {
    const auto s = lanes[l].state();
    for (std::size_t w = 0; w < 4; ++w) EXPECT_EQ(streams.state[w].lane[l], s[w]) << l;
  }
}

}  // namespace
}  // namespace uldp::estimate::internal
