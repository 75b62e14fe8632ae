// Uniform blocks (K-subsets of X_S) for the samplers of uBD and uSS, as positions in X_S's sorted
// list: Floyd's algorithm draws K distinct positions with K random numbers, and a block for a
// sensitive input holds it or avoids it. Both samplers draw the same random numbers in the same
// order through this, so a seed gives the same reports as before it was shared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/estimate/random.h"

namespace uldp::estimate::internal {

class BlockSampler {
 public:
  /// Over the k symbols of `sensitive`'s universe.
  explicit BlockSampler(const IndexSet& sensitive)
      : position_(sensitive.universe(), sensitive.size()), marked_(sensitive.size(), 0) {
    for (std::size_t i = 0; i < sensitive.size(); ++i) position_[sensitive.indices()[i]] = i;
  }

  /// x's position in X_S, or |X_S| when x is not sensitive.
  std::size_t position(std::uint32_t x) const { return position_[x]; }

  /// `count` distinct positions from [0, range), uniformly (Floyd), appended to `chosen`.
  void choose(Xoshiro256& rng, std::size_t range, std::size_t count,
              std::vector<std::size_t>& chosen) {
    const std::size_t start = chosen.size();
    for (std::size_t j = range - count; j < range; ++j) {
      std::size_t pick = uniform_below(rng, j + 1);
      if (marked_[pick]) pick = j;
      marked_[pick] = 1;
      chosen.push_back(pick);
    }
    for (std::size_t i = start; i < chosen.size(); ++i) marked_[chosen[i]] = 0;
  }

  /// A uniform block of `block` positions that holds `own` (`include`) or avoids it.
  void choose_around(Xoshiro256& rng, std::size_t own, std::size_t block, bool include,
                     std::vector<std::size_t>& chosen) {
    // Positions of X_S \ {own} are 0..v-2, shifted by one from own's position on.
    const std::size_t start = chosen.size();
    choose(rng, marked_.size() - 1, include ? block - 1 : block, chosen);
    for (std::size_t i = start; i < chosen.size(); ++i) {
      if (chosen[i] >= own) ++chosen[i];
    }
    if (include) chosen.push_back(own);
  }

 private:
  std::vector<std::size_t> position_;
  std::vector<std::uint8_t> marked_;
};

}  // namespace uldp::estimate::internal
