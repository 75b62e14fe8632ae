// Seeded samplers of what users send. Per-user samplers obfuscate each input (what a client
// runs); aggregated samplers draw the exact distribution of the report counts from the input
// counts without touching each user (uRR/RR: kept ~ Binomial(n_x, c3) per x, the rest a uniform
// multinomial over X_S; bit vectors: count of bit j = Bin(n_j, on_j) + Bin(n - n_j, off_j),
// independent across j because every bit of every user is flipped independently).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate {

/// Input counts of n users drawn i.i.d. from p (multinomial); p >= 0, not all zero.
std::vector<std::uint64_t> sample_input_counts(Xoshiro256& rng, std::uint64_t n,
                                               std::span<const double> p);
/// The n inputs themselves (symbols), in a random order, with the given input counts.
std::vector<std::uint32_t> inputs_from_counts(Xoshiro256& rng,
                                              std::span<const std::uint64_t> input_counts);

/// Per user: the uRR (or RR through urr_params(rr)) report of each input.
std::vector<std::uint32_t> sample_reports(Xoshiro256& rng, const UrrParams& params,
                                          std::span<const std::uint32_t> inputs);
/// Per user: a dense mechanism's report of each input (alias tables; O(1) per user).
std::vector<std::uint32_t> sample_reports(Xoshiro256& rng, const DenseParams& params,
                                          std::span<const std::uint32_t> inputs);
/// Per user: the bit-vector report of each input, in the smaller layout for the mechanism's
/// expected set bits (smaller_layout). Dense bits are drawn 8 words at a time by eight streams
/// seeded from `rng` (internal/lane_streams.h), sparse bits by geometric skips.
BitReports sample_reports(Xoshiro256& rng, const UnaryParams& params,
                          std::span<const std::uint32_t> inputs);
/// The same draws appended to `out` in its layout (out.k() must be params.k; throws
/// InvalidArgument otherwise): a caller that samples many batches clears and reuses one
/// BitReports, whose memory is then already mapped. Users come in blocks of 65536 with their
/// own streams, seeded from `rng` in block order; a packed output's blocks are drawn on up to
/// `threads` threads (0: up to two, as the machine has), and the reports do not depend on it.
void sample_reports(Xoshiro256& rng, const UnaryParams& params,
                    std::span<const std::uint32_t> inputs, BitReports& out, unsigned threads = 0);

/// While alive, calls with threads = 0 on this thread draw on at most `max_threads` threads: a
/// caller that already runs one job per core (`experiment --jobs`) sets 1, so that its jobs do
/// not start a second sampler thread each. The reports do not depend on it.
class SamplerThreadLimit {
 public:
  explicit SamplerThreadLimit(unsigned max_threads);
  ~SamplerThreadLimit();
  SamplerThreadLimit(const SamplerThreadLimit&) = delete;
  SamplerThreadLimit& operator=(const SamplerThreadLimit&) = delete;

 private:
  unsigned previous_;
};

/// Aggregated: the histogram of the uRR / RR reports of users with these input counts.
std::vector<std::uint64_t> sample_report_counts(Xoshiro256& rng, const UrrParams& params,
                                                std::span<const std::uint64_t> input_counts);
/// Aggregated: the histogram of a dense mechanism's reports (one multinomial per input).
std::vector<std::uint64_t> sample_report_counts(Xoshiro256& rng, const DenseParams& params,
                                                std::span<const std::uint64_t> input_counts);
/// Aggregated: the per-bit counts of ones of the bit-vector reports.
BitCounts sample_report_counts(Xoshiro256& rng, const UnaryParams& params,
                               std::span<const std::uint64_t> input_counts);

}  // namespace uldp::estimate
