// The per-user bit-vector sampler behind sample_reports(UnaryParams): one report as a k-bit
// word array, 64 bits per step. Every bit with off > kSparseOff is drawn exactly for its double
// probability by comparing a lazily drawn uniform with the probability's binary expansion, all
// 64 lanes of a word at once; sparser bits jump from one set bit to the next by geometric gaps.
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate::internal {

/// Bits with 0 < off <= kSparseOff are drawn by geometric gaps, the others 64 lanes at a time.
inline constexpr double kSparseOff = 0.05;

/// Draws bit-vector reports of one UnaryParams (validated by the caller), one user at a time.
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

/// The binary digits of p in [0, 1) after the point, most significant first (exact: doubling
/// and subtracting 1 are exact in binary floating point; at most 1074 digits).
std::vector<bool> binary_digits(double p);

}  // namespace uldp::estimate::internal
