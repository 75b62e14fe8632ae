// The per-user bit-vector sampler behind sample_reports(UnaryParams): reports drawn as packed
// words. Every bit with off > kSparseOff is drawn exactly for its double probability by the
// lane streams (internal/lane_streams.h: eight report words at a time, 64 bits each); sparser
// bits jump from one set bit to the next by geometric gaps, and bit x of a user with input x is
// drawn from its own "on" probability, both from the caller's generator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "internal/lane_streams.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate::internal {

/// The limit a SamplerThreadLimit sets on this thread (0: none).
extern thread_local unsigned sampler_thread_limit;

/// Bits with 0 < off <= kSparseOff are drawn by geometric gaps, the others by the lane streams.
inline constexpr double kSparseOff = 0.05;
/// Reports per block of a sampling call: each block draws from its own generators, seeded in
/// block order, so that blocks can run on any thread. A constant (a multiple of every lane
/// batch's 1, 2, 4 or 8 reports), never derived from the number of threads: part of what a
/// seed draws.
inline constexpr std::size_t kBlockReports = std::size_t{1} << 16;
/// At most this many threads draw the blocks of one call (a call of one block runs on the
/// calling thread alone, paying for no thread start-up).
inline constexpr unsigned kMaxSamplerThreads = 2;

/// Draws bit-vector reports of one UnaryParams (validated by the caller).
class BitVectorSampler {
 public:
  /// Precomputes the lane groups and the binary expansions of every off and on probability.
  explicit BitVectorSampler(const UnaryParams& params, LaneKernel kernel = LaneKernel::kFastest);
  /// Appends the reports of users with these inputs (each < k) to `out`, in its layout, in
  /// blocks of kBlockReports users. One block (n <= kBlockReports): eight lane streams are
  /// seeded from `rng`, then the sparse and "on" bits come from `rng`. More blocks: block 0's
  /// lane streams are seeded from `rng`, then each later block's in block order and after them
  /// the seed of its generator for the sparse and "on" bits; block 0 then draws those bits from
  /// `rng`. The blocks of a packed output are drawn on up to `threads` threads (0: as many as
  /// the machine has, at most kMaxSamplerThreads); the reports do not depend on it.
  void sample(Xoshiro256& rng, std::span<const std::uint32_t> inputs, BitReports& out,
              unsigned threads = 0);
  /// The expected number of set bits of a report (for choosing its layout).
  double expected_set_bits() const { return expected_set_bits_; }

 private:
  // Sparse bits sharing one off: the set bits are found by geometric gaps.
  struct SparseGroup {
    double log_stay = 0;  // log(1 - off)
    std::vector<std::uint32_t> bits;
  };

  // One block's reports: into `rows` (whole packed rows) when not null, else appended to `out`.
  void sample_block(LaneStreams& streams, Xoshiro256& rng, std::span<const std::uint32_t> inputs,
                    std::uint64_t* rows, BitReports& out) const;
  void finish_report(Xoshiro256& rng, std::uint32_t x, std::uint64_t* row) const;
  bool draw_on(Xoshiro256& rng, std::uint32_t x) const;

  LaneKernel kernel_;
  std::size_t words_;              // words per report
  std::size_t reports_per_batch_;  // reports whose words one pass over groups_ draws
  std::vector<LaneGroup> groups_;  // one batch: 8 |groups_| lanes
  std::vector<SparseGroup> sparse_;
  // on[x] as 64-bit chunks of its binary expansion: on_chunks_[on_begin_[x] .. on_begin_[x+1]).
  std::vector<std::uint64_t> on_chunks_;
  std::vector<std::size_t> on_begin_;
  std::vector<std::uint8_t> on_is_one_;
  double expected_set_bits_ = 0;
};

/// The binary digits of p in [0, 1) after the point, most significant first (exact: doubling
/// and subtracting 1 are exact in binary floating point; at most 1074 digits).
std::vector<bool> binary_digits(double p);

/// Appends the indices (base + position) of the set bits of `word` at `out` and returns the
/// end; writes up to 8 entries past it.
std::uint32_t* append_set_bits(std::uint64_t word, std::uint32_t base, std::uint32_t* out);

}  // namespace uldp::estimate::internal
