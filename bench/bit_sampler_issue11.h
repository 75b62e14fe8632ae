// The per-user bit-vector sampler as it was before issue 21 (one scalar 64-lane draw per report
// word, the set bits written as 32-bit indices 8 at a time from a byte table), kept only so
// that census400_bench reports the packed sampler's speed-up as a ratio measured in one run.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <span>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::bench::issue11 {
using namespace uldp::estimate;

inline constexpr double kSparseOff = 0.05;

// Four 32-bit lanes (GCC/Clang vector extension: SSE2 on x86-64, NEON on ARM, scalar elsewhere).
using Lanes4 = std::uint32_t __attribute__((vector_size(16)));

// kByteBits[b] lists the positions of the set bits of the byte b, in increasing order, padded to 8.
struct ByteBitTable {
  alignas(32) std::uint32_t positions[256][8] = {};
  std::uint8_t counts[256] = {};  // a table, not __builtin_popcount: no popcnt in baseline x86-64
  constexpr ByteBitTable() {
    for (unsigned b = 0; b < 256; ++b) {
      unsigned n = 0;
      for (unsigned i = 0; i < 8; ++i) {
        if ((b >> i) & 1U) positions[b][n++] = i;
      }
      counts[b] = static_cast<std::uint8_t>(n);
    }
  }
};
inline constexpr ByteBitTable kByteBits;

// Writes the indices (base + position) of the set bits of `word` at `out` and returns the end.
// Each byte stores all 8 table entries and advances by its popcount: no branch per set bit
// (the loop over set bits mispredicted once per word and was half the sampler's time). Writes
// up to 8 entries past the returned end.
inline std::uint32_t* append_set_bits(std::uint64_t word, std::uint32_t base, std::uint32_t* out) {
  for (unsigned byte = 0; byte < 8; ++byte, base += 8) {
    const unsigned b = static_cast<unsigned>(word >> (8 * byte)) & 0xFFU;
    const Lanes4 offset = {base, base, base, base};
    Lanes4 low, high;
    std::memcpy(&low, &kByteBits.positions[b][0], sizeof low);
    std::memcpy(&high, &kByteBits.positions[b][4], sizeof high);
    low += offset;
    high += offset;
    std::memcpy(out, &low, sizeof low);
    std::memcpy(out + 4, &high, sizeof high);
    out += kByteBits.counts[b];
  }
  return out;
}

class BitVectorSampler {
 public:
  /// Precomputes the binary expansions of every off and on probability.
  explicit BitVectorSampler(const UnaryParams& params);
  /// Appends the report of a user with input x (< k) to `out`.
  void sample(Xoshiro256& rng, std::uint32_t x, BitReports& out);

 private:
  // The dense lanes of one 64-bit word of the report.
  struct Word {
    std::uint64_t lanes = 0;            // lanes drawn here (0 < off < 1, not sparse)
    std::uint64_t always = 0;           // lanes with off = 1
    std::vector<std::uint64_t> digits;  // digits[i]: lanes whose off has binary digit i+1 set
  };
  // Sparse bits sharing one off: the set bits are found by geometric gaps.
  struct SparseGroup {
    double log_stay = 0;  // log(1 - off)
    std::vector<std::uint32_t> bits;
  };

  std::uint64_t draw_word(Xoshiro256& rng, const Word& word) const;
  void draw_sparse(Xoshiro256& rng, const SparseGroup& group);
  bool draw_on(Xoshiro256& rng, std::uint32_t x) const;

  std::vector<Word> words_;
  std::vector<SparseGroup> sparse_;
  // on[x] as 64-bit chunks of its binary expansion: on_chunks_[on_begin_[x] .. on_begin_[x+1]).
  std::vector<std::uint64_t> on_chunks_;
  std::vector<std::size_t> on_begin_;
  std::vector<bool> on_is_one_;
  std::vector<std::uint64_t> report_;    // the report being drawn, bit j in word j / 64
  std::vector<std::uint32_t> set_bits_;  // its set bits, in increasing order
};
inline std::vector<bool> binary_digits(double p) {
  std::vector<bool> digits;
  while (p > 0.0) {
    p *= 2.0;
    digits.push_back(p >= 1.0);
    if (p >= 1.0) p -= 1.0;
  }
  return digits;
}

inline BitVectorSampler::BitVectorSampler(const UnaryParams& params)
    : words_((params.k + 63) / 64),
      report_((params.k + 63) / 64, 0),
      set_bits_(64 * ((params.k + 63) / 64) + 8) {  // append_set_bits writes up to 8 past
  std::map<double, std::vector<std::uint32_t>> sparse_by_off;
  for (std::uint32_t j = 0; j < params.k; ++j) {
    const double off = params.off[j];
    Word& word = words_[j / 64];
    const std::uint64_t lane = std::uint64_t{1} << (j % 64);
    if (off >= 1.0) {
      word.always |= lane;
    } else if (off > kSparseOff) {
      word.lanes |= lane;
      const std::vector<bool> digits = binary_digits(off);
      if (word.digits.size() < digits.size()) word.digits.resize(digits.size(), 0);
      for (std::size_t i = 0; i < digits.size(); ++i) {
        if (digits[i]) word.digits[i] |= lane;
      }
    } else if (off > 0.0) {
      sparse_by_off[off].push_back(j);
    }
  }
  for (auto& [off, bits] : sparse_by_off) sparse_.push_back({std::log1p(-off), std::move(bits)});

  on_begin_.push_back(0);
  for (std::uint32_t x = 0; x < params.k; ++x) {
    on_is_one_.push_back(params.on[x] >= 1.0);
    const std::vector<bool> digits =
        on_is_one_.back() ? std::vector<bool>{} : binary_digits(params.on[x]);
    for (std::size_t i = 0; i < digits.size(); i += 64) {
      std::uint64_t chunk = 0;  // digit i is the chunk's most significant bit
      for (std::size_t b = 0; b < 64; ++b) {
        const bool digit = i + b < digits.size() && digits[i + b];
        chunk |= std::uint64_t{digit} << (63 - b);
      }
      on_chunks_.push_back(chunk);
    }
    on_begin_.push_back(on_chunks_.size());
  }
}

// Lane j holds a uniform U_j in [0, 1) whose binary digit i is bit j of the i-th random word.
// U_j < off_j is decided at the first digit where U_j and off_j differ (each undecided lane
// is decided with probability 1/2 per word: ~7.3 words for 64 lanes); a lane still undecided
// when off_j's digits end has U_j >= off_j (U_j = off_j has probability 0), so no more words.
inline std::uint64_t BitVectorSampler::draw_word(Xoshiro256& rng, const Word& word) const {
  std::uint64_t undecided = word.lanes, ones = word.always;
  const std::size_t digits = word.digits.size();
  for (std::size_t i = 0; undecided != 0 && i < digits; ++i) {
    const std::uint64_t random = rng(), digit = word.digits[i];
    ones |= undecided & digit & ~random;  // U's digit 0 < off's digit 1: U < off
    undecided &= ~(random ^ digit);
  }
  return ones;
}

// Gaps between set bits of a Bernoulli(off) sequence are geometric: floor(log U / log(1-off)).
inline void BitVectorSampler::draw_sparse(Xoshiro256& rng, const SparseGroup& group) {
  const double size = static_cast<double>(group.bits.size());
  double position = -1.0;
  for (;;) {
    position += 1.0 + std::floor(std::log(uniform01_open_zero(rng)) / group.log_stay);
    if (position >= size) return;
    const std::uint32_t bit = group.bits[static_cast<std::size_t>(position)];
    report_[bit / 64] |= std::uint64_t{1} << (bit % 64);
  }
}

// U < on[x], exactly: compare 64 digits of U (one random word) with 64 digits of on[x] at a
// time; equal chunks (probability 2^-64) go on to the next 64 digits.
inline bool BitVectorSampler::draw_on(Xoshiro256& rng, std::uint32_t x) const {
  if (on_is_one_[x]) return true;
  for (std::size_t c = on_begin_[x]; c < on_begin_[x + 1]; ++c) {
    const std::uint64_t random = rng();
    if (random != on_chunks_[c]) return random < on_chunks_[c];
  }
  return false;  // U's digits equal all of on[x]'s: U >= on[x] with probability 1
}

inline void BitVectorSampler::sample(Xoshiro256& rng, std::uint32_t x, BitReports& out) {
  // A local copy of the generator stays in registers (through the reference, every draw stored
  // its state back to memory); the same draws, so the reports are unchanged.
  Xoshiro256 local = rng;
  for (std::size_t w = 0; w < words_.size(); ++w) report_[w] = draw_word(local, words_[w]);
  rng = local;
  for (const SparseGroup& group : sparse_) draw_sparse(rng, group);
  // Bit x follows the "on" channel instead: its off-draw is overwritten by an independent draw.
  const std::uint64_t lane = std::uint64_t{1} << (x % 64);
  report_[x / 64] = draw_on(rng, x) ? report_[x / 64] | lane : report_[x / 64] & ~lane;
  // Set bits go to a local buffer (8 table entries per byte, see append_set_bits), then to
  // `out` in one copy.
  std::uint32_t* next = set_bits_.data();
  for (std::size_t w = 0; w < report_.size(); ++w)
    next = append_set_bits(report_[w], static_cast<std::uint32_t>(w * 64), next);
  out.push_bits({set_bits_.data(), next});
  out.end_report();
}

// Appends the reports of `inputs` to `out` (set-bit layout), as sample_reports did.
inline void sample_reports_issue11(Xoshiro256& rng, const UnaryParams& params,
                                   std::span<const std::uint32_t> inputs, BitReports& out) {
  BitVectorSampler sampler(params);
  double expected_bits = 1.0;
  for (double off : params.off) expected_bits += off;
  out.reserve(out.size() + inputs.size(),
              out.total_set_bits() +
                  static_cast<std::size_t>(expected_bits * static_cast<double>(inputs.size())));
  for (std::uint32_t x : inputs) sampler.sample(rng, x, out);
}

}  // namespace uldp::bench::issue11
