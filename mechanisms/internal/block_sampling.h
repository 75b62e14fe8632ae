// What the estimate-layer code of the block mechanisms (uBD, ubd-opt, uSS) shares: uniform blocks
// (K-subsets of X_S) as positions in X_S's sorted list, the report loop of the uBD and uSS
// samplers, and the EM pass over block reports of uBD and its mixture. Floyd's algorithm draws K
// distinct positions with K random numbers, and a block for a sensitive input holds it or avoids
// it. The samplers draw the same random numbers in the same order through this, so a seed gives
// the same reports as before it was shared.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/error.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

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

/// What a non-sensitive input reports in uBD ({x} or a block) and uSS (also a block with x).
enum class OpenReport { kAlone, kBlock, kBlockWithInput };

/// Reports of k = sensitive.universe() bits for `inputs`: a sensitive x reports a uniform block of
/// `block` members of X_S holding x with probability `keep_in_block`, one avoiding it otherwise;
/// a non-sensitive x reports what `open_choice(rng)` draws. `name` ("uBD") starts the errors.
template <class OpenChoice>
BitReports sample_block_reports(Xoshiro256& rng, const IndexSet& sensitive, std::size_t block,
                                double keep_in_block, std::span<const std::uint32_t> inputs,
                                std::size_t bits_per_report, const std::string& name,
                                OpenChoice open_choice) {
  const std::vector<std::size_t>& xs = sensitive.indices();
  const std::size_t v = xs.size();
  BlockSampler blocks(sensitive);
  std::vector<std::size_t> chosen;
  std::vector<std::uint32_t> report;
  BitReports reports(sensitive.universe());
  reports.reserve(inputs.size(), inputs.size() * bits_per_report);
  for (const std::uint32_t x : inputs) {
    if (x >= sensitive.universe()) throw InvalidArgument(name + " sampler: input out of range");
    chosen.clear();
    report.clear();
    const std::size_t own = blocks.position(x);
    if (own == v) {
      const OpenReport choice = open_choice(rng);
      if (choice == OpenReport::kAlone) {
        reports.push_bit(x);
        reports.end_report();
        continue;
      }
      blocks.choose(rng, v, block, chosen);
      if (choice == OpenReport::kBlockWithInput) report.push_back(x);
    } else {
      const bool include = bernoulli(rng, keep_in_block);
      if (!include && block == v) {
        throw InvalidArgument(name + " sampler: no block avoids x when K = v");
      }
      blocks.choose_around(rng, own, block, include, chosen);
    }
    for (std::size_t c : chosen) report.push_back(static_cast<std::uint32_t>(xs[c]));
    std::sort(report.begin(), report.end());
    for (std::uint32_t bit : report) reports.push_bit(bit);
    reports.end_report();
  }
  return reports;
}

/// One EM pass over uBD-style reports at p, writing the unnormalised update into `next` and
/// returning the log-likelihood: an X_N report {x} (`is_open(bits)`) is x's alone, with constant
/// log-factor `open_factor`; a block B has likelihood exp(block_factor(bits)) (1 + lift p(B)).
/// `name` ("uBD") starts the error on a report of zero likelihood.
template <class IsOpen, class BlockFactor>
double block_em_pass(const BitReports& reports, const std::vector<double>& p,
                     std::vector<double>& next, double lift, double open_factor, IsOpen is_open,
                     BlockFactor block_factor, const std::string& name) {
  const std::size_t k = p.size();
  next.assign(k, 0.0);
  std::vector<double> in_blocks(k, 0.0);
  double all_blocks = 0, log_likelihood = 0;
  std::vector<std::uint32_t> scratch;  // a packed report's set bits
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const std::span<const std::uint32_t> bits = reports.report(i).as_span(scratch);
    if (is_open(bits)) {
      next[bits[0]] += 1;
      if (!(p[bits[0]] > 0)) throw InvalidArgument(name + " EM: a report has zero likelihood");
      log_likelihood += open_factor + std::log(p[bits[0]]);
      continue;
    }
    double mass = 0;
    for (std::uint32_t x : bits) mass += p[x];
    const double weight = 1 / (1 + lift * mass);
    all_blocks += weight;
    for (std::uint32_t x : bits) in_blocks[x] += weight;
    log_likelihood += block_factor(bits) - std::log(weight);
  }
  // x in B: p(x) t w_B; x not in B: p(x) w_B (in_blocks is 0 on X_N).
  const double n = static_cast<double>(reports.size());
  for (std::size_t x = 0; x < k; ++x) {
    next[x] = (next[x] + p[x] * (all_blocks + lift * in_blocks[x])) / n;
  }
  return log_likelihood;
}

}  // namespace uldp::estimate::internal
