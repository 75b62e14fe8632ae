// The per-user bit-vector sampler as it was before issue 11 part 5 (one 64-lane draw per
// group of equal off, sorted set bits, the input's bit inserted or erased in a vector), kept
// only so that census400_bench reports the speed-up as a ratio measured in the same run.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::bench {
using namespace uldp::estimate;

// 64 independent Bernoulli(p) draws at once, exact for the double p: lane j compares a uniform
// U_j (its bits drawn lazily, one random word per binary digit for all lanes) with the binary
// expansion of p, and is decided at the first digit where they differ. About 8 words per 64
// lanes whatever p is.
struct WideBernoulli {
  std::vector<std::uint8_t> digits;  // binary digits of p after the point, most significant first

  explicit WideBernoulli(double p) {
    for (int i = 0; p > 0.0 && i < 1100; ++i) {  // exact: doubling and subtracting 1 are exact
      p *= 2.0;
      const bool bit = p >= 1.0;
      digits.push_back(bit ? 1 : 0);
      if (bit) p -= 1.0;
    }
  }

  std::uint64_t draw(Xoshiro256& rng) const {
    std::uint64_t undecided = ~std::uint64_t{0}, result = 0;
    for (std::size_t i = 0; undecided != 0; ++i) {
      const std::uint64_t r = rng();
      if (i < digits.size() && digits[i]) {
        result |= undecided & ~r;  // U's digit 0 < p's digit 1: U < p
        undecided &= r;
      } else {
        undecided &= ~r;  // U's digit 1 > p's digit 0: U > p (or p's digits have ended)
      }
    }
    return result;
  }
};

// The bits sharing one "off" probability, sampled together: geometric gaps when sparse,
// 64 lanes at a time otherwise.
struct BitGroup {
  double off = 0;
  std::vector<std::uint32_t> bits;
  bool dense = false;
  WideBernoulli wide{0.0};
  double log_stay = 0;  // sparse: log(1 - off)

  void sample(Xoshiro256& rng, std::vector<std::uint32_t>& out) const {
    const std::size_t size = bits.size();
    if (off >= 1.0) {
      out.insert(out.end(), bits.begin(), bits.end());
    } else if (dense) {
      for (std::size_t base = 0; base < size; base += 64) {
        std::uint64_t mask = wide.draw(rng);
        if (size - base < 64) mask &= (std::uint64_t{1} << (size - base)) - 1;
        while (mask != 0) {
          out.push_back(bits[base + static_cast<std::size_t>(__builtin_ctzll(mask))]);
          mask &= mask - 1;
        }
      }
    } else {
      double position = -1.0;
      for (;;) {
        position += 1.0 + std::floor(std::log(uniform01_open_zero(rng)) / log_stay);
        if (position >= static_cast<double>(size)) break;
        out.push_back(bits[static_cast<std::size_t>(position)]);
      }
    }
  }
};

std::vector<BitGroup> make_groups(const UnaryParams& params) {
  std::map<double, std::vector<std::uint32_t>> by_off;
  for (std::size_t j = 0; j < params.k; ++j) {
    if (params.off[j] > 0.0) by_off[params.off[j]].push_back(static_cast<std::uint32_t>(j));
  }
  std::vector<BitGroup> groups;
  for (auto& [off, bits] : by_off) {
    BitGroup group;
    group.off = off;
    group.bits = std::move(bits);
    group.dense = off > 0.05;
    if (group.dense) group.wide = WideBernoulli(off);
    group.log_stay = std::log1p(-off);
    groups.push_back(std::move(group));
  }
  return groups;
}

inline BitReports sample_reports_before(Xoshiro256& rng, const UnaryParams& params,
                                        std::span<const std::uint32_t> inputs) {
  const std::vector<BitGroup> groups = make_groups(params);
  double expected_bits = 1.0;
  for (double off : params.off) expected_bits += off;
  BitReports reports(params.k);
  reports.reserve(inputs.size(),
                  static_cast<std::size_t>(expected_bits * static_cast<double>(inputs.size())));
  std::vector<std::uint32_t> scratch;
  for (std::uint32_t x : inputs) {
    scratch.clear();
    for (const BitGroup& group : groups) group.sample(rng, scratch);
    if (groups.size() > 1) std::sort(scratch.begin(), scratch.end());
    // Bit x follows the "on" channel: drop its off-draw and draw it again (independent bits).
    auto it = std::lower_bound(scratch.begin(), scratch.end(), x);
    const bool present = it != scratch.end() && *it == x;
    const bool on = uniform01(rng) < params.on[x];
    if (present && !on) scratch.erase(it);
    if (!present && on) scratch.insert(it, x);
    for (std::uint32_t bit : scratch) reports.push_bit(bit);
    reports.end_report();
  }
  return reports;
}

}  // namespace uldp::bench
