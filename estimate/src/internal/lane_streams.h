// Eight xoshiro256** streams advanced in lockstep, and the word-parallel Bernoulli draw they
// feed: lane l of a group draws one 64-bit word of a report, each bit exactly for its double
// probability (see draw_lane_groups). With AVX-512 the eight lanes are one vector; elsewhere a
// scalar loop does the same arithmetic, so a seed gives the same words on every machine.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "uldp/estimate/random.h"

namespace uldp::estimate::internal {

inline constexpr std::size_t kLanes = 8;
/// Every group takes at least this many steps (or all of its digits) before checking whether a
/// lane is still undecided: after 12 steps a lane is undecided with probability 2^-12, and a
/// check per step cost more than the steps it saved. Part of what a seed draws.
inline constexpr std::size_t kFixedSteps = 12;

/// One 64-bit word per lane, kept on a 64-byte boundary (one AVX-512 vector).
struct alignas(64) LaneWords {
  std::uint64_t lane[kLanes] = {};
};

/// The state of the eight streams; lane l is seeded as Xoshiro256(seed_l) with seed_l = rng().
struct LaneStreams {
  explicit LaneStreams(Xoshiro256& rng);
  std::array<LaneWords, 4> state;  // state[w].lane[l]: state word w of lane l
};

/// Eight report words drawn together. A lane's bits are in `undecided` when drawn here (0 <
/// off < 1), in `always` when off = 1, and in neither when drawn elsewhere or 0.
struct LaneGroup {
  LaneWords undecided;
  LaneWords always;
  /// digits[i].lane[l]: the bits of lane l whose off has binary digit i + 1 set.
  std::vector<LaneWords> digits;
};

/// Which implementation draws; both give the same words (kScalar is for the tests).
enum class LaneKernel { kFastest, kScalar };

/// Draws the groups `repetitions` times in order: out[8 (r |groups| + g) + l] is lane l of
/// group g in repetition r. Lane j of a word is U_j < off_j with U_j uniform in [0, 1), whose
/// binary digit i is bit j of the lane's i-th random word; a lane is decided at the first digit
/// where U_j and off_j differ, and one still undecided when off_j's digits end has U_j > off_j.
void draw_lane_groups(LaneStreams& streams, std::span<const LaneGroup> groups,
                      std::size_t repetitions, std::uint64_t* out,
                      LaneKernel kernel = LaneKernel::kFastest);

/// Whether kFastest uses the AVX-512 kernel on this machine.
bool lane_kernel_is_vectorized();

}  // namespace uldp::estimate::internal
